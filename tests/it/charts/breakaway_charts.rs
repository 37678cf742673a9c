//! Breakaway Football: the scan's rows and stated numbers against the source, and the clock across quarters and halves.

use super::*;

fn letters(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[test]
fn edit_distance_works() {
    assert_eq!(edit_distance("smoke", "srnoke"), 2);
    assert_eq!(edit_distance("abc", "abc"), 0);
    assert_eq!(edit_distance("", "ab"), 2);
}

#[test]
fn breakaway_rows_match_the_scan() {
    need_seeds!();
    let text = breakaway_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = breakaway::data();
    let mut with_lines = 0;
    for c in &d.common.charts {
        let mut last: Option<usize> = None;
        for row in &c.rows {
            let Some(line) = &row.line else { continue };
            with_lines += 1;
            let at = lines
                .iter()
                .position(|l| l == line)
                .unwrap_or_else(|| panic!("{}: line {line:?} is not in the seed", c.id));
            if let Some(p) = last {
                assert!(at == p || at == p + 1, "{}: rows out of order", c.id);
            }
            last = Some(at);
            if let Some(lp) = &row.label_printed {
                assert!(line.contains(lp.as_str()), "{}: label {lp:?}", c.id);
            }
            match &row.printed {
                Some(printed) => {
                    assert_eq!(printed.len(), row.cells.len(), "{}", c.id);
                    let mut from = 0;
                    for (cell, p) in row.cells.iter().zip(printed) {
                        if !p.is_empty() {
                            let pos = line[from..].find(p.as_str()).unwrap_or_else(|| {
                                panic!("{}: {p:?} not in order in {line:?}", c.id)
                            });
                            from += pos + p.len();
                        }
                        if cell == "[illegible]" || cell.is_empty() {
                            continue;
                        }
                        if let Some(shown) = cell
                            .strip_prefix("[partly illegible: '")
                            .and_then(|x| x.strip_suffix("']"))
                        {
                            assert_eq!(shown, p, "{}", c.id);
                            continue;
                        }
                        let dist = edit_distance(&letters(cell), &letters(p));
                        assert!(
                            dist <= 2,
                            "{}: reading {cell:?} is too far from the printed {p:?}",
                            c.id
                        );
                    }
                }
                None => {
                    for cell in &row.cells {
                        if cell.starts_with("[illegible") || cell.is_empty() {
                            continue;
                        }
                        assert!(
                            line.split('\t').any(|f| f.ends_with(cell.as_str())),
                            "{}: {cell:?} not in {line:?}",
                            c.id
                        );
                    }
                }
            }
        }
    }
    assert!(with_lines >= 30);

    // The spy chart: every cell is a tab field of its line, in order, and the headings match.
    let spy = d.chart("spy");
    for row in &spy.rows {
        let fields: Vec<&str> = row.line.as_deref().unwrap().split('\t').collect();
        assert_eq!(
            fields[1..],
            row.cells.iter().map(String::as_str).collect::<Vec<_>>()[..]
        );
    }
    let h1: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("106\tEAGLE"))
        .unwrap()
        .split('\t')
        .filter(|f| !f.is_empty())
        .skip(1)
        .collect();
    let strategies = [
        h1[0].to_string(),
        format!("{}{}", h1[1], h1[2]),
        h1[3].to_string(),
    ];
    let h2: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("106\tSPY RUN"))
        .unwrap()
        .split('\t')
        .skip(1)
        .collect();
    for (i, col) in spy.columns.iter().enumerate() {
        // The scan split STUNT as "STU" + "JNT"; allow one damaged letter.
        let expected = format!("{}: {}", strategies[i / 2], h2[i]);
        assert!(
            edit_distance(&letters(col), &letters(&expected)) <= 1,
            "{col} vs {expected}"
        );
    }
    // The Fire's play-code headings and the example.
    let flat_text = flat(&text);
    assert!(flat_text.contains("strategy \"Green 18,\" \"Blue 80,\" or \"Red 98.\""));
    assert_eq!(
        d.chart("fire-play-codes").columns,
        ["Green 18", "Blue 80", "Red 98"]
    );
    assert!(flat_text.contains("The Game State is 5 (1+4) making the strategy \"Blue 80.\" A second roll yields a \"2\" making the call Jet Dragon."));
    assert_eq!(
        d.chart("fire-play-codes").expect_cell("2", "Blue 80"),
        "Jet Dragon"
    );
    assert!(flat_text.contains("The roll is a \"3\" resulting in a Dime Press (0/5) call."));
    assert_eq!(
        d.chart("fire-defense-play").rows[2].cells[0],
        "Dime — Press (0/5)"
    );
    // The Fire's strategy bands as printed.
    let band_line = d.chart("fire-strategy").rows[0].line.clone().unwrap();
    assert!(band_line.contains(&format!("\t-{}\t", d.fire.green_max)));
    assert!(band_line.contains(&format!(" {} {} ", d.fire.blue[0], d.fire.blue[1])));
    assert!(band_line.contains(&format!("\t{}+\t", d.fire.red_min)));
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn breakaway_stated_numbers_match_the_seed() {
    need_seeds!();
    let text = flat(&breakaway_seed());
    let d = breakaway::data();
    let words = ["zero", "one", "two", "three", "four", "five", "six"];
    assert!(text.contains(&format!(
        "{} ({}) orange \"Run\" tokens and {} ({}) blue \"Pass\" tokens",
        words[d.spy.tokens as usize], d.spy.tokens, words[d.spy.tokens as usize], d.spy.tokens
    )));
    assert!(text.contains(&format!(
        "(Run = {} or higher; Pass = {} or higher)",
        d.spy.run_high_value, d.spy.pass_high_value
    )));
    assert!(text.contains(&format!("If your Offense play is a run of {}+, spend a orange token. For passes of {}+, spend a blue token.", d.spy.run_high_value, d.spy.pass_high_value)));
    let zones: Vec<String> = d.spy.red_zone.iter().map(i64::to_string).collect();
    assert!(text.contains(&format!(
        "(either {}, {}, and {} yard lines)",
        zones[0], zones[1], zones[2]
    )));
    assert!(text.contains(&format!(
        "\"Spy Pass\" is active in the final {} cards of the half",
        words[d.spy.last_cards as usize]
    )));
    assert!(text.contains(&format!(
        "final {} minutes (cards) of a half",
        d.offense.end_of_half_cards
    )));
    assert!(
        text.contains(&format!("\"Spy\" tokens above {}", d.spy.tokens))
            && text.contains(&format!("\"Spy\" tokens below {}", d.spy.tokens))
    );
    let tokens = d.chart("spy-tokens");
    assert_eq!(
        tokens.rows[0].cells[1],
        format!("a run of {} or more", d.spy.run_high_value)
    );
    assert_eq!(
        tokens.rows[1].cells[1],
        format!("a pass of {} or more", d.spy.pass_high_value)
    );
    assert!(tokens
        .rows
        .iter()
        .all(|r| r.cells[2] == d.spy.tokens.to_string()));
    assert!(text.contains("will always use \"Green 18\" when winning with 5 or fewer cards"));
    assert_eq!(d.chart("fire-end-of-half").rows[0].cells[0], "Green 18");
}

// ---------------------------------------------------------------------------------------------
// Twilight Struggle.

#[test]
fn breakaway_quarter_change_half_time_and_spent_plays() {
    need_seeds!();
    let text = flat(&breakaway_seed());
    assert!(text.contains("When the AI drive continues into the next Quarter, shuffle the Spent Plays back into the Draw Pile"));
    assert!(text.contains("use the final card of the half"));
    assert!(text.contains("simply add any card from the Draw Pile into the Spent Plays pile"));
    let sys = accc::charts::system("breakaway").unwrap();
    let rules: String = sys
        .rules
        .iter()
        .map(|r| format!("{} {}\n", r.title, r.text))
        .collect();
    let rules = flat(&rules);
    assert!(
        rules.contains("goes on into the next quarter also gets its Spent Plays shuffled back"),
        "{rules}"
    );
    assert!(
        rules.contains("already spent") && rules.contains("take the called card"),
        "{rules}"
    );
    // A drive crossing the end of the 1st quarter: the reshuffle is noted.
    let (code, out, err) = run(&[
        "charts",
        "call",
        "breakaway",
        "clock",
        "--spent",
        "5",
        "--cards-left",
        "3",
        "--quarter",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Spent Plays so far are shuffled back into its Draw Pile"),
        "{out}"
    );
    assert!(
        out.contains("=> discard 3 then 2; 13 cards left in quarter 2"),
        "{out}"
    );
    // At half time the drive stops: nothing carries into the 3rd quarter.
    let o = call_json(
        "breakaway",
        "clock",
        &args(&[
            "--spent",
            "5",
            "--cards-left",
            "3",
            "--quarter",
            "2",
            "--json",
        ]),
    );
    assert_eq!(
        o,
        json!({"discard": 3, "discard_next_quarter": 0, "quarter": 3, "cards_left": 15, "rolls": []})
    );
}
