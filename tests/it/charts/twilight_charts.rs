//! Twilight Struggle: regions, steps, rolls and coup levels against the source, and the calls that hinge on the China card, Red Scare and the open points.

use super::*;

fn section<'a>(lines: &[&'a str], starts: &str) -> Vec<&'a str> {
    let i = lines
        .iter()
        .position(|l| l.starts_with(starts))
        .unwrap_or_else(|| panic!("no heading {starts}"));
    lines[i + 1..]
        .iter()
        .take_while(|l| !l.starts_with("##"))
        .copied()
        .collect()
}

#[test]
fn twilight_regions_steps_and_rolls_match_the_seed() {
    need_seeds!();
    let text = twilight_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = twilight::data();

    // The d20 region tables.
    let regions = d.chart("regions");
    for (col, head) in [(0, "**In Early War:**"), (1, "**In Mid/Late War:**")] {
        let line = lines.iter().find(|l| l.starts_with(head)).unwrap();
        let items: Vec<(&str, &str)> = line[head.len()..]
            .trim()
            .trim_end_matches('.')
            .split(", ")
            .map(|i| i.rsplit_once(' ').unwrap())
            .collect();
        assert_eq!(items.len(), regions.rows.len());
        for (row, (name, range)) in regions.rows.iter().zip(items) {
            assert_eq!(row.label, name);
            assert_eq!(row.cells[col], range, "{name}, {head}");
        }
    }

    // Step order from the headings.
    let steps: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| {
            l.trim_start_matches('#')
                .trim()
                .split_once('.')
                .map(|(a, _)| a.to_string())
        })
        .filter(|a| a == "Γ" || a == "Δ" || a.parse::<u8>().is_ok())
        .collect();
    assert_eq!(
        steps,
        d.steps.order.iter().map(|s| s.name()).collect::<Vec<_>>()
    );

    // Γ's steps, and the Europe-lost steps.
    let gamma: Vec<String> = section(&lines, "## Γ.")
        .iter()
        .filter_map(|l| {
            l.split_once(". ")
                .filter(|(n, _)| n.parse::<u8>().is_ok())
                .map(|(n, _)| n.to_string())
        })
        .collect();
    assert_eq!(
        gamma,
        d.steps.gamma.iter().map(|s| s.name()).collect::<Vec<_>>()
    );
    let europe = lines
        .iter()
        .find(|l| l.starts_with("If AI loses control of all battleground countries in Europe"))
        .unwrap();
    let mut listed = String::new();
    let mut depth = 0;
    for ch in europe.split_once("use steps").unwrap().1.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if depth == 0 => listed.push(c),
            _ => {}
        }
    }
    let numbers: Vec<String> = listed
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(
        numbers,
        d.steps
            .europe_lost
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
    );

    // Die rolls.
    let flat_text = flat(&text);
    let r = |x: [i64; 2]| format!("{}-{}", x[0], x[1]);
    for phrase in [
        format!("if {} AI uses *China* card", r(d.dice.china_coup)),
        format!(
            "roll a D6; If {} ignore \"only if lacking in RMO\"",
            r(d.dice.death_squads)
        ),
        format!("Roll a D6; If a {} play the event.", r(d.dice.event)),
        format!(
            "play the event on a {} instead of {}",
            r(d.dice.event_late_war_vp),
            r(d.dice.event)
        ),
        format!(
            "(ex. {} before, {} after)",
            r(d.dice.your_event_before),
            r(d.dice.your_event_after)
        ),
    ] {
        assert!(flat_text.contains(&phrase), "{phrase}");
    }

    // Coup levels.
    let s4 = d.coup_levels.step4;
    let s6 = d.coup_levels.step6;
    assert!(flat_text.contains(&format!("In a level {} country, unless with 5 Ops card(China card in Asia), then a level {} country.", s4.ops3to4, s4.ops5)));
    assert!(flat_text.contains(&format!("If a 5 Ops card(*China* card in Asia) then a level {} country. If a 3-4 Ops card, then a level {} country. If a 1-2 ops card, then a level {} country.", s6.ops5, s6.ops3to4, s6.ops2)));
    assert_eq!(s6.ops1, s6.ops2);
    let sa = d.coup_levels.squads_against;
    assert!(flat_text.contains(&format!(
        "then cards must be {}+ for a level {} country, while 1-{} cards will be for level {} countries",
        sa.min_ops_high,
        sa.high,
        sa.min_ops_high - 1,
        sa.low
    )));

    // Region orders of steps 4, 5 and 6.
    let orders = d.chart("region-orders");
    let strip = |l: &str| -> String {
        let l = l.trim().trim_start_matches("- ");
        l.split(" (").next().unwrap().trim().to_string()
    };
    for (col, head, prefix) in [
        (0, "### 4.", ["A. ", "B. ", "C. ", "D. ", "E. ", "F. "]),
        (2, "## 6.", ["A. ", "B. ", "C. ", "D. ", "E. ", "F. "]),
    ] {
        let listed: Vec<String> = section(&lines, head)
            .iter()
            .map(|l| strip(l))
            .filter(|l| prefix.iter().any(|p| l.starts_with(p)))
            .collect();
        let data: Vec<String> = orders
            .rows
            .iter()
            .map(|r| r.cells[col].clone())
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(listed, data, "{head}");
    }
    let five: Vec<String> = section(&lines, "## 5.")
        .iter()
        .map(|l| strip(l))
        .filter(|l| {
            ["i. ", "ii. ", "iii. ", "iv. ", "v. "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect();
    let data5: Vec<String> = orders
        .rows
        .iter()
        .map(|r| r.cells[1].clone())
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(five, data5);
    assert!(flat_text.contains("Europe-Central America"));

    // Starting influence.
    let start = d.chart("starting-influence");
    for side in ["US", "USSR"] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("{side}: ")))
            .unwrap();
        let items: Vec<(String, String)> = line[side.len() + 2..]
            .split(", ")
            .map(|i| {
                let (n, c) = i.split_once(" in ").unwrap();
                (c.trim().to_string(), n.trim().to_string())
            })
            .collect();
        let data: Vec<(String, String)> = start
            .rows
            .iter()
            .filter(|r| r.label == side)
            .map(|r| (r.cells[0].clone(), r.cells[1].clone()))
            .collect();
        assert_eq!(items, data, "{side}");
    }

    // Discard priorities, in order.
    let sentence = flat_text.to_lowercase();
    let mut from = 0;
    for row in &d.chart("discard").rows {
        let key = row.cells[0].to_lowercase();
        let key = key
            .trim_end_matches('s')
            .replace(" that give ", " that will give ");
        let pos = sentence[from..]
            .find(&key)
            .unwrap_or_else(|| panic!("discard '{key}' not found in order"));
        from += pos;
    }
    assert_eq!(twilight::DISCARD_IDS.len(), d.chart("discard").rows.len());

    // Every card with a note is named in the source.
    for row in &d.chart("cards").rows {
        for name in row.label.trim_matches('"').split(" / ") {
            let name = name.trim_end_matches("...");
            assert!(
                text.to_lowercase().contains(&name.to_lowercase()),
                "card {name}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Undaunted.

#[test]
fn twilight_china_star_wars_red_scare_and_open_points() {
    let sys = accc::charts::system("twilight-struggle").unwrap();
    let cards = sys.chart("cards").unwrap();
    let row = |label: &str| {
        cards
            .rows
            .iter()
            .find(|r| r.label == label)
            .unwrap_or_else(|| panic!("no card row {label}"))
            .cells[0]
            .clone()
    };
    let star = row("Star Wars / SALT Negotiations");
    assert!(
        star.contains("you played the event") && star.contains("random"),
        "{star}"
    );
    assert!(
        row("Red Scare/Purge").contains("coups"),
        "Red Scare: coups still made"
    );
    let unclear: Vec<&str> = sys.unclear.iter().map(|u| u.text.as_str()).collect();
    assert!(
        unclear.iter().any(|u| u.contains("4A") && u.contains("d6")),
        "the unnamed step 4A die"
    );
    // The China card outside Asia is a 4: level 2 in the Middle East, level 3 in Asia.
    let call = |extra: &[&str]| {
        let mut a = args(&["--ops", "5", "--war", "mid", "--lacks-rmo", "--json"]);
        a.extend(args(extra));
        call_json("twilight-struggle", "action", &a)["action"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(call(&["--coup-region", "middle-east"]).contains("level 2"));
    assert!(call(&["--coup-region", "asia"]).contains("level 3"));
    assert!(call(&[
        "--nonbg-region",
        "europe",
        "--coup-region",
        "none",
        "--bg-region",
        "none"
    ])
    .contains("level 2"));
    // Death Squads against the AI: a 3-Ops card goes for level 1 in South America.
    let mut a = args(&[
        "--ops",
        "3",
        "--war",
        "mid",
        "--lacks-rmo",
        "--death-squads-against",
    ]);
    a.extend(args(&[
        "--nonbg-region",
        "south-america",
        "--coup-region",
        "none",
        "--bg-region",
        "none",
        "--json",
    ]));
    let o = call_json("twilight-struggle", "action", &a);
    assert!(o["action"].as_str().unwrap().contains("level 1"), "{o}");
    // The two Death Squads flags exclude each other.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "twilight-struggle",
        "action",
        "--ops",
        "3",
        "--war",
        "mid",
        "--death-squads",
        "--death-squads-against",
    ]);
    assert_eq!(code, 2, "{err}");
}
