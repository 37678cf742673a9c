//! Undaunted: Normandy: every card's flow, modifiers and ranges, and the lists and unit values, against the source.

use super::*;

fn card_sections(text: &str) -> BTreeMap<String, Vec<String>> {
    let d = undaunted::data();
    let lines: Vec<&str> = text.lines().collect();
    let headers: Vec<String> = d
        .cards
        .iter()
        .map(|c| format!("{} ({}):", c.de, c.en))
        .collect();
    let mut out = BTreeMap::new();
    for (card, header) in d.cards.iter().zip(&headers) {
        let start = line_index(&lines, header);
        let body: Vec<String> = lines[start + 1..]
            .iter()
            .take_while(|l| {
                !headers.contains(&l.trim().to_string())
                    && !l.starts_with("KI – ALLGEMEINES VERHALTEN")
            })
            .map(|l| l.to_string())
            .collect();
        out.insert(card.id.clone(), body);
    }
    out
}

fn modifiers_in(line: &str) -> Option<i64> {
    if line.contains("wenn W10 +") {
        return None;
    }
    let at = line.find("DRM =").or_else(|| line.find("WWM ="))?;
    let rest = line[at + 5..].trim_start();
    let end = rest
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || (*i == 0 && (*c == '+' || *c == '-'))))
        .map(|(i, _)| i)
        .unwrap_or(rest.len());
    Some(rest[..end].trim_start_matches('+').parse().unwrap())
}

#[test]
fn undaunted_cards_match_the_seed() {
    need_seeds!();
    let text = undaunted_seed();
    let sections = card_sections(&text);
    let d = undaunted::data();
    assert_eq!(d.cards.len(), 8);
    for card in &d.cards {
        let body = &sections[&card.id];
        // Die-roll modifiers, in the order they are printed.
        let printed: Vec<i64> = body.iter().filter_map(|l| modifiers_in(l)).collect();
        let data: Vec<i64> = card
            .steps
            .iter()
            .flat_map(|s| [s.yes.drm, s.no.drm])
            .flatten()
            .collect();
        assert_eq!(data, printed, "{} modifiers", card.de);
        // Results: action, case, range.
        let results: Vec<(String, String, [i64; 2])> = body
            .iter()
            .filter(|l| l.contains("wenn W10 +"))
            .map(|l| {
                let f: Vec<&str> = l
                    .split('\t')
                    .map(str::trim)
                    .filter(|f| !f.is_empty())
                    .collect();
                let action = f[0].trim_end_matches('*').to_string();
                let case = f
                    .iter()
                    .find_map(|x| x.strip_prefix("FALL "))
                    .unwrap_or("")
                    .to_string();
                let range = f
                    .last()
                    .unwrap()
                    .split("= ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                let (a, b) = range.split_once('-').unwrap();
                (action, case, [a.parse().unwrap(), b.parse().unwrap()])
            })
            .collect();
        let data: Vec<(String, String, [i64; 2])> = card
            .results
            .iter()
            .map(|r| (r.action.clone(), r.case.clone(), r.range))
            .collect();
        assert_eq!(data, results, "{} results", card.de);
        // Re-roll and fallback rules.
        let joined = body.join("\n");
        assert_eq!(
            card.out_of_range_stated,
            joined.contains("Würfel erneut, wenn Ergebnis auf nichts zutreffen"),
            "{}",
            card.de
        );
        let standalone_reroll = body
            .iter()
            .any(|l| l.trim() == "(erneut würfeln, wenn nicht ausführbar)");
        for r in &card.results {
            let line = body
                .iter()
                .find(|l| l.starts_with(&r.action) && l.contains("wenn W10 +"))
                .unwrap();
            let fallback = body.iter().find(|l| {
                l.split_once(" nicht möglich ist, dann")
                    .is_some_and(|(before, _)| before.contains(&r.action))
            });
            match r.if_impossible.as_deref() {
                Some("reroll") => assert!(
                    standalone_reroll || line.contains("erneut würfeln, wenn nicht ausführbar"),
                    "{} {}",
                    card.de,
                    r.action
                ),
                Some(other) => assert!(
                    fallback.is_some_and(|l| l.contains(&format!("dann {other}"))),
                    "{} {}",
                    card.de,
                    r.action
                ),
                None => {
                    assert!(
                        !standalone_reroll
                            && !line.contains("erneut würfeln")
                            && fallback.is_none(),
                        "{} {} has a rule",
                        card.de,
                        r.action
                    )
                }
            }
        }
        // Fixed actions named in the flow are terms of the source.
        for s in &card.steps {
            for e in [&s.yes, &s.no] {
                if let undaunted::Then::Do { action: a } = &e.then {
                    assert!(text.contains(a.as_str()), "{a}");
                }
            }
        }
    }
}

#[test]
fn undaunted_lists_and_values_match_the_seed() {
    need_seeds!();
    let text = undaunted_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = undaunted::data();

    // Unit target values.
    let start = line_index(&lines, "EINHEITEN ZIELWERT:");
    let printed: Vec<(String, String)> = lines[start + 1..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let (n, v) = l.split_once('=').unwrap();
            (n.trim().to_string(), v.trim().to_string())
        })
        .collect();
    let data: Vec<(String, String)> = d
        .chart("target-values")
        .rows
        .iter()
        .map(|r| {
            (
                r.label.split(" (").next().unwrap().to_string(),
                r.cells[0].clone(),
            )
        })
        .collect();
    assert_eq!(data, printed);

    // Card order.
    let order_line = lines[line_index(&lines, "Reihenfolge der KI-Karten beim Ausspielen:") + 1];
    let listed: Vec<&str> = order_line.split(". ").next().unwrap().split(", ").collect();
    let data: Vec<&str> = d
        .chart("card-order")
        .rows
        .iter()
        .map(|r| r.cells[0].as_str())
        .collect();
    assert_eq!(data, listed);
    assert!(order_line.contains(
        "Spiele zuerst die Karten TEAM A, dann die Karten TEAM B und zuletzt die Karten TEAM C."
    ));

    // Target table.
    let start = line_index(&lines, "ANGRIFF/NIEDERHALTEN - ZIELAUSWAHL*");
    let split = |l: &str| -> Vec<String> {
        l.split('\t')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    };
    let targets = d.chart("targets");
    assert_eq!(targets.columns, split(lines[start + 1]));
    for (i, row) in targets.rows.iter().enumerate() {
        let mut cells = split(lines[start + 2 + i]);
        cells.resize(targets.columns.len(), String::new());
        assert_eq!(row.cells, cells, "target row {}", i + 1);
    }
    assert!(lines[start + 2 + targets.rows.len()].trim().is_empty());
    for cell in targets
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .filter(|c| !c.is_empty() && !c.starts_with("siehe"))
    {
        assert!(
            undaunted::TARGET_KINDS.iter().any(|(de, _, _)| de == cell),
            "{cell}"
        );
    }

    // Orders and priorities quoted in the charts.
    for row in &d.chart("anspornen").rows {
        assert!(
            text.contains(&row.cells[0].replace(" / ", "/")),
            "{}",
            row.cells[0]
        );
    }
    let reinforce = &d.chart("reinforce").rows[0].cells[0];
    assert!(text.contains(
        reinforce
            .split(": ")
            .nth(1)
            .unwrap()
            .replace(" / ", "/")
            .as_str()
    ));
    let leiten_start = lines
        .iter()
        .position(|l| l.starts_with("Wenn das Ergebnis LEITEN ist"))
        .unwrap();
    let moves = lines[leiten_start + 1..]
        .iter()
        .take_while(|l| l.starts_with("- "))
        .count();
    assert_eq!(moves, d.chart("leiten").rows.len());

    // Terms and abbreviations are the source's.
    for row in &d.chart("terms").rows {
        for term in row.label.split(" / ") {
            let term = term.split(" (").next().unwrap();
            assert!(text.contains(term), "term {term}");
        }
    }
    for row in &d.chart("abbreviations").rows {
        assert!(
            text.contains(row.label.split(' ').next().unwrap()),
            "{}",
            row.label
        );
    }
    let flat_text = flat(&text);
    let i = &d.initiative;
    assert!(flat_text.contains(&format!("{} Karten an die KI und an sich selbst ausgeteilt. Dann würfelt man einen W{} für die KI-Initiative", i.cards, i.die)));
    assert!(flat_text.contains(&format!(
        "mit {} Karten pro Runde spielen, der Spieler mit {} Karten",
        i.ai_plays, i.player_plays
    )));
}

// ---------------------------------------------------------------------------------------------
// Prose: our own words, never the source's sentences.
