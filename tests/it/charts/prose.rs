//! The help text is our own: no run of words is copied from the sources.

use super::*;

fn windows(text: &str, n: usize) -> BTreeSet<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(n).map(|w| w.join(" ")).collect()
}

#[test]
fn prose_is_not_copied_from_the_sources() {
    need_seeds!();
    let seeds = [
        ("paydirt-vii", paydirt_seed()),
        ("paydirt-3e", paydirt_seed()),
        ("breakaway", breakaway_seed()),
        ("twilight-struggle", twilight_seed()),
        ("undaunted", undaunted_seed()),
    ];
    for (id, text) in &seeds {
        let source = windows(text, 8);
        let sys = accc::charts::system(id).unwrap();
        let mut prose: Vec<String> = sys.rules.iter().map(|r| r.text.clone()).collect();
        prose.extend(sys.unclear.iter().map(|u| u.text.clone()));
        prose.extend(sys.charts.iter().flat_map(|c| c.notes.clone()));
        prose.push(sys.meta.summary.clone());
        for p in prose {
            let copied: Vec<String> = windows(&p, 8).intersection(&source).cloned().collect();
            assert!(copied.is_empty(), "{id}: copied wording {copied:?} in: {p}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Procedures: every question can be answered by a declared flag of the right kind, and random
// walks always finish.
