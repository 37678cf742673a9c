//! The texts of `accc charts list`, `show` and `card`: the systems with their charts and
//! procedures, a system's charts, rules and open points, a card or the list of cards.

use crate::charts::{cards, systems, table, SystemDef};
use crate::error::{Error, Result};
use crate::text::Wrap;

use super::find_system;

/// The text of `accc charts card SYSTEM [CARD]`: the card, or the numbered list.
pub fn card_text(system_id: &str, card: Option<&str>) -> Result<String> {
    let sys = find_system(system_id)?;
    match card {
        Some(query) => cards::find(sys, query)
            .map(|c| c.text(78))
            .map_err(|e| Error::Usage(format!("charts card {}: {e}", sys.meta.id))),
        None => {
            let all = cards::cards(sys);
            if all.is_empty() {
                return Err(Error::Usage(format!(
                    "charts card {}: the {} charts describe no cards",
                    sys.meta.id, sys.meta.name
                )));
            }
            Ok(all
                .iter()
                .map(|c| format!("{:>3}. {}\n", c.number, c.name))
                .collect())
        }
    }
}

/// The text of `accc charts list`.
pub fn list_text() -> String {
    let mut s = String::new();
    for sys in systems() {
        s.push_str(&format!("{}  -  {}\n", sys.meta.id, sys.meta.name));
        let charts: Vec<&str> = sys.charts.iter().map(|c| c.id.as_str()).collect();
        push_under(&mut s, "  charts: ", &charts.join(", "));
        for p in sys.procedures {
            push_under(&mut s, &format!("  call {:<14} ", p.id), p.title);
        }
    }
    s
}

/// Adds `text` to `s` after `heading`, wrapped at spaces to 80 columns (the help's own width)
/// with its further lines under the text's first.
pub(super) fn push_under(s: &mut String, heading: &str, text: &str) {
    let indent = " ".repeat(heading.chars().count());
    for line in prose(80).begun(heading, &indent).lines(text) {
        s.push_str(&line);
        s.push('\n');
    }
}

/// Prose printed in lines of `width`, a word longer than that kept whole: the terminal shows
/// all of it, and a name in it can be copied as it is.
pub(super) fn prose(width: usize) -> Wrap<'static> {
    Wrap::new(width).long_words_whole()
}

/// The text of `accc charts show SYSTEM [CHART]`.
pub fn show_text(system_id: &str, chart: Option<&str>) -> Result<String> {
    let sys = find_system(system_id)?;
    let mut s = String::new();
    match chart {
        None => {
            s.push_str(&format!(
                "{}\n{}\nSource: {}\n\n{}\n\n",
                sys.meta.name,
                sys.meta.game,
                sys.meta.source,
                sys.meta.summary.trim()
            ));
            for c in &sys.charts {
                s.push_str(&table::render(c));
                s.push('\n');
            }
            s.push_str(&rules_text(sys));
            s.push('\n');
            s.push_str(&unclear_text(sys));
        }
        Some("rules") => s.push_str(&rules_text(sys)),
        Some("unclear") => s.push_str(&unclear_text(sys)),
        Some(id) => {
            let c = sys.chart(id).ok_or_else(|| {
                let ids: Vec<&str> = sys.charts.iter().map(|c| c.id.as_str()).collect();
                Error::Usage(format!(
                    "unknown chart '{id}' for {}: expected one of {}, rules, unclear",
                    sys.meta.id,
                    ids.join(", ")
                ))
            })?;
            s.push_str(&table::render(c));
        }
    }
    Ok(s)
}

pub(super) fn rules_text(sys: &SystemDef) -> String {
    let mut s = String::from("Rules (in our words)\n");
    for r in &sys.rules {
        s.push_str(&format!(
            "\n{}\n{}\n",
            r.title,
            prose(78).lines(&r.text).join("\n")
        ));
    }
    s
}

pub(super) fn unclear_text(sys: &SystemDef) -> String {
    let mut s = String::from("What the source leaves unclear, and how this program reads it\n");
    for u in &sys.unclear {
        s.push('\n');
        for line in prose(78).begun("  - ", "    ").lines(&u.text) {
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}
