//! Unit tests of the twilight procedures: every modifier and special rule.

use super::*;
use crate::charts::walk::answers::{c, die, n, no, yes};
use crate::charts::walk::{call_for_test, Answer, Kind, Step, WalkError};

fn call(id: &str, answers: &[(&str, Answer)]) -> Result<Outcome, WalkError> {
    call_for_test(procedures(), id, answers, |q| match q.kind {
        Kind::YesNo => Some(Answer::Bool(false)),
        Kind::Choice { .. } if q.id != "war" => Some(Answer::Choice("none".into())),
        _ => None,
    })
}

fn act(extra: &[(&str, Answer)]) -> Outcome {
    let mut a: Vec<(&str, Answer)> = vec![
        ("ops", n(3)),
        ("war", c("mid")),
        ("event-d6", die(1)),
        ("region-d20", die(1)),
    ];
    for (k, v) in extra {
        a.retain(|(x, _)| x != k);
        a.push((k, v.clone()));
    }
    call("action", &a).unwrap()
}
fn step(o: &Outcome) -> String {
    o.fields["step"].as_str().unwrap().to_string()
}

#[test]
fn regions_cover_1_to_20_once_in_both_periods() {
    for early in [true, false] {
        let spans = region_spans(early);
        for r in 1..=20 {
            assert_eq!(
                spans.iter().filter(|(_, s)| s.contains(r)).count(),
                1,
                "{early} {r}"
            );
        }
    }
    assert_eq!(region_for(true, 7), Some("Europe"));
    assert_eq!(region_for(true, 8), Some("Asia"));
    assert_eq!(region_for(true, 18), Some("South America"));
    assert_eq!(region_for(false, 5), Some("Europe"));
    assert_eq!(region_for(false, 6), Some("Asia"));
    assert_eq!(region_for(false, 19), Some("Central America"));
}

#[test]
fn nothing_applies_falls_to_step_9_with_the_d20() {
    let o = act(&[("region-d20", die(15))]);
    assert_eq!(step(&o), "9");
    assert!(o.fields["action"].as_str().unwrap().contains("Middle East"));
    let o = act(&[
        ("war", c("early")),
        ("region-d20", die(15)),
        ("adjacent", yes()),
    ]);
    assert_eq!(step(&o), "9A");
    assert!(o.fields["action"].as_str().unwrap().contains("Middle East"));
    let o = act(&[("region-d20", die(20)), ("uncontrolled", yes())]);
    assert_eq!(step(&o), "9B");
    // Realignment first, unless Iran-Contra.
    assert_eq!(step(&act(&[("realign-region", yes())])), "9");
    assert!(act(&[("realign-region", yes())]).fields["action"]
        .as_str()
        .unwrap()
        .starts_with("realign"));
    assert_eq!(
        step(&act(&[
            ("realign-region", yes()),
            ("iran-contra", yes()),
            ("uncontrolled", yes())
        ])),
        "9B"
    );
}

#[test]
fn steps_go_in_priority_order() {
    let all = [
        ("italy", yes()),
        ("europe-bg", yes()),
        ("europe-realign", yes()),
        ("lacks-rmo", yes()),
        ("coup-region", c("africa")),
        ("bg-region", c("asia")),
        ("nonbg-region", c("europe")),
        ("realign-controlled", yes()),
        ("step8-ok", yes()),
        ("event-d6", die(6)),
    ];
    let mut answers: Vec<(&str, Answer)> = all.to_vec();
    let expected = ["1", "2B", "3", "4", "5B", "6", "7", "8", "9"];
    for want in expected {
        let o = act(&answers);
        assert_eq!(step(&o), want, "{answers:?}");
        // Remove what made this step apply, and the next one must take over.
        match want {
            "1" => answers.retain(|(k, _)| *k != "italy"),
            "2B" => answers.retain(|(k, _)| *k != "europe-bg"),
            "3" => answers.retain(|(k, _)| *k != "europe-realign"),
            "4" => answers.retain(|(k, _)| *k != "coup-region"),
            "5B" => answers.retain(|(k, _)| *k != "bg-region"),
            "6" => answers.retain(|(k, _)| *k != "nonbg-region"),
            "7" => answers.retain(|(k, _)| *k != "realign-controlled"),
            "8" => answers.retain(|(k, _)| *k != "step8-ok"),
            _ => {}
        }
    }
}

#[test]
fn step_1_needs_three_ops() {
    assert_eq!(step(&act(&[("italy", yes())])), "1");
    assert_ne!(step(&act(&[("ops", n(2)), ("italy", yes())])), "1");
}

#[test]
fn gamma_uses_only_steps_1_4_6() {
    // Γ skips Δ and steps 2, 3, 5, 7, 8, 9.
    let o = act(&[
        ("final-round", yes()),
        ("event-wins", yes()),
        ("europe-bg", yes()),
        ("step8-ok", yes()),
        ("event-d6", die(6)),
    ]);
    assert_eq!(step(&o), "-");
    assert!(o.fields["action"].as_str().unwrap().contains("1, 4, 6"));
    // Short of military operations is implied: step 4 applies.
    assert_eq!(
        step(&act(&[
            ("final-round", yes()),
            ("coup-region", c("middle-east"))
        ])),
        "4"
    );
    // 1-2 Ops in the last round: level 1, then 2, then 3 non-battlegrounds.
    let o = act(&[
        ("final-round", yes()),
        ("ops", n(1)),
        ("nonbg-region-l3", c("africa")),
    ]);
    assert_eq!(step(&o), "6");
    assert!(o.fields["action"].as_str().unwrap().contains("level 3"));
}

#[test]
fn europe_lost_restricts_steps() {
    let o = act(&[
        ("europe-lost", yes()),
        ("lacks-rmo", yes()),
        ("coup-region", c("asia")),
    ]);
    assert_eq!(step(&o), "9", "step 4 is not in the Europe-lost set");
    assert!(
        o.fields["action"].as_str().unwrap().contains("Europe"),
        "no d20: Europe"
    );
    // Step 8 only for events in Europe.
    let base = [
        ("europe-lost", yes()),
        ("step8-ok", yes()),
        ("event-d6", die(6)),
    ];
    assert_eq!(step(&act(&base)), "9");
    let mut with = base.to_vec();
    with.push(("event-europe", yes()));
    assert_eq!(step(&act(&with)), "8");
    // Every qualifying European event is played: no d6, whatever it would have shown.
    with.retain(|(k, _)| *k != "event-d6");
    with.push(("event-d6", die(1)));
    let o = act(&with);
    assert_eq!(step(&o), "8");
    assert!(
        !o.path.iter().any(|s| matches!(s, Step::Roll { .. })),
        "no die is rolled at step 8 with Europe lost: {:?}",
        o.path
    );
}

#[test]
fn the_path_says_the_source_opens_at_gamma() {
    let o = act(&[]);
    assert!(o
        .path
        .iter()
        .any(|s| s.to_string().contains("opens at Γ: any Α and Β")));
}

#[test]
fn delta_events() {
    assert_eq!(step(&act(&[("event-wins", yes())])), "Δ");
    assert_eq!(step(&act(&[("ops", n(1)), ("step8-ok", yes())])), "Δ");
    // A 2-Ops card that passes step 8 waits for step 8 and its roll.
    assert_eq!(
        step(&act(&[
            ("ops", n(2)),
            ("step8-ok", yes()),
            ("event-d6", die(4))
        ])),
        "8"
    );
    assert_eq!(
        step(&act(&[("red-scare", yes()), ("step8-no-ops", yes())])),
        "Δ"
    );
    assert_ne!(step(&act(&[("red-scare", yes())])), "Δ");
}

#[test]
fn step_8_rolls() {
    let ev = |extra: &[(&str, Answer)]| step(&act(&[&[("step8-ok", yes())][..], extra].concat()));
    assert_eq!(ev(&[("event-d6", die(4))]), "8");
    assert_eq!(ev(&[("event-d6", die(3))]), "9");
    // Late war, VP for the AI: 3-6.
    assert_eq!(
        ev(&[
            ("war", c("late")),
            ("event-vp", yes()),
            ("event-d6", die(3))
        ]),
        "8"
    );
    assert_eq!(
        ev(&[
            ("war", c("late")),
            ("event-vp", yes()),
            ("event-d6", die(2))
        ]),
        "9"
    );
    // The VP rule is late war only.
    assert_eq!(
        ev(&[("war", c("mid")), ("event-vp", yes()), ("event-d6", die(3))]),
        "9"
    );
    // Containment on a 1-3 Ops card: no event unless it gives Ops.
    assert_eq!(ev(&[("containment", yes()), ("event-d6", die(6))]), "9");
    assert_eq!(
        ev(&[
            ("containment", yes()),
            ("event-gives-ops", yes()),
            ("event-d6", die(6))
        ]),
        "8"
    );
    assert_eq!(
        ev(&[("ops", n(4)), ("containment", yes()), ("event-d6", die(6))]),
        "8"
    );
}

#[test]
fn step_4_conditions_china_and_death_squads() {
    // Not short of military operations: no step 4.
    assert_ne!(step(&act(&[("coup-region", c("asia"))])), "4A");
    let o = act(&[("lacks-rmo", yes()), ("coup-region", c("asia"))]);
    assert_eq!(step(&o), "4A");
    assert!(o.fields["action"].as_str().unwrap().contains("level 2"));
    // 5 Ops (China card in Asia): level 3.
    let o = act(&[
        ("ops", n(5)),
        ("lacks-rmo", yes()),
        ("coup-region", c("asia")),
    ]);
    assert!(o.fields["action"].as_str().unwrap().contains("level 3"));
    // 2 Ops: Asia only; Africa is a valid answer that counts as no region, so the walk goes
    // on to step 9 and asks for its d20.
    let e = call(
        "action",
        &[
            ("ops", n(2)),
            ("war", c("mid")),
            ("lacks-rmo", yes()),
            ("coup-region", c("africa")),
        ],
    )
    .unwrap_err();
    assert_eq!(e.id, "region-d20");
    // China card roll: 5-6 uses it when a level 3 Asian battleground can be couped.
    let china = [
        ("lacks-rmo", yes()),
        ("china", yes()),
        ("china-d6", die(5)),
        ("asia-level3", yes()),
    ];
    let o = act(&china);
    assert_eq!(step(&o), "4A");
    assert!(o.fields["action"].as_str().unwrap().contains("China"));
    let mut low = china.to_vec();
    low[2] = ("china-d6", die(4));
    assert!(!act(&low).fields["action"]
        .as_str()
        .unwrap()
        .contains("China"));
    let mut formosan = china.to_vec();
    formosan.push(("us-formosan", yes()));
    assert!(!act(&formosan).fields["action"]
        .as_str()
        .unwrap()
        .contains("China"));
    // Death Squads 3-6: coup without the RMO condition, SA/CA only, +1 Op there.
    let o = act(&[
        ("ops", n(4)),
        ("death-squads", yes()),
        ("squads-both", yes()),
        ("death-squads-d6", die(3)),
        ("coup-region", c("south-america")),
    ]);
    assert_eq!(step(&o), "4");
    assert!(
        o.fields["action"].as_str().unwrap().contains("level 3"),
        "a 4 counts as 5 there"
    );
    let e = call(
        "action",
        &[
            ("ops", n(4)),
            ("war", c("mid")),
            ("death-squads", yes()),
            ("squads-both", yes()),
            ("death-squads-d6", die(3)),
            ("coup-region", c("asia")),
        ],
    )
    .unwrap_err();
    assert_eq!(e.id, "region-d20");
    let o = act(&[
        ("ops", n(4)),
        ("death-squads", yes()),
        ("squads-both", yes()),
        ("death-squads-d6", die(2)),
        ("coup-region", c("south-america")),
    ]);
    assert_ne!(step(&o), "4", "2: the usual condition (not short)");
    // In play for the AI but no coup possible in both regions: no d6, the usual condition;
    // the +1 still counts when it coups there.
    let o = act(&[
        ("ops", n(4)),
        ("death-squads", yes()),
        ("squads-both", no()),
        ("coup-region", c("south-america")),
    ]);
    assert_ne!(step(&o), "4", "not short of military operations");
    assert!(
        !format!("{:?}", o.path).contains("death-squads-d6"),
        "{:?}",
        o.path
    );
    let o = act(&[
        ("ops", n(4)),
        ("lacks-rmo", yes()),
        ("death-squads", yes()),
        ("squads-both", no()),
        ("coup-region", c("south-america")),
    ]);
    assert_eq!(step(&o), "4");
    assert!(
        o.fields["action"].as_str().unwrap().contains("level 3"),
        "{o:?}"
    );
}

#[test]
fn step_6_needs_rmo_and_yuri_needs_three_ops() {
    assert_ne!(step(&act(&[("nonbg-region", c("asia"))])), "6");
    let o = act(&[
        ("ops", n(2)),
        ("lacks-rmo", yes()),
        ("nonbg-region", c("asia")),
    ]);
    assert_eq!(step(&o), "6");
    assert!(o.fields["action"].as_str().unwrap().contains("level 1"));
    assert_ne!(
        step(&act(&[
            ("ops", n(2)),
            ("lacks-rmo", yes()),
            ("yuri", yes()),
            ("nonbg-region", c("asia"))
        ])),
        "6"
    );
    assert_eq!(
        step(&act(&[
            ("ops", n(3)),
            ("lacks-rmo", yes()),
            ("yuri", yes()),
            ("nonbg-region", c("asia"))
        ])),
        "6"
    );
}

/// The prompt of question `id` in an `action` walk with these answers (defaults as `act`).
fn prompt_of(extra: &[(&str, Answer)], id: &str) -> String {
    // The extra answers come first, so they win over the defaults.
    let mut a: Vec<(&str, Answer)> = extra.to_vec();
    a.extend([("ops", n(3)), ("war", c("mid"))]);
    let mut seen = None;
    let p = procedures().iter().find(|p| p.id == "action").unwrap();
    let _ = crate::charts::walk::drive_with(p, |q| -> Result<Answer, WalkError> {
        if q.id == id {
            seen = Some(q.prompt.clone());
        }
        Ok(a.iter()
            .find(|(k, _)| *k == q.id)
            .map(|(_, v)| v.clone())
            .unwrap_or(match q.kind {
                Kind::YesNo => Answer::Bool(false),
                Kind::Die { .. } => die(1),
                _ => c("none"),
            }))
    });
    seen.unwrap_or_else(|| panic!("{id} was not asked"))
}
fn action_text(o: &Outcome) -> String {
    o.fields["action"].as_str().unwrap().to_string()
}

#[test]
fn china_card_counts_5_only_in_asia() {
    let china = [("ops", n(5)), ("lacks-rmo", yes())];
    let with = |extra: &[(&str, Answer)]| act(&[&china[..], extra].concat());
    // Step 4: level 3 in Asia only, level 2 elsewhere.
    let o = with(&[("coup-region", c("asia"))]);
    assert_eq!(step(&o), "4A");
    assert!(action_text(&o).contains("level 3"), "{o:?}");
    let o = with(&[("coup-region", c("middle-east"))]);
    assert_eq!(step(&o), "4");
    assert!(action_text(&o).contains("level 2"), "{o:?}");
    let p = prompt_of(&china, "coup-region");
    assert!(
        p.contains("Asia (level 3)") && p.contains("Middle East (level 2)"),
        "{p}"
    );
    // Step 6: the same, and the prompt shows each region's level.
    let o = with(&[("nonbg-region", c("europe"))]);
    assert_eq!(step(&o), "6");
    assert!(action_text(&o).contains("level 2"), "{o:?}");
    let o = with(&[("nonbg-region", c("asia"))]);
    assert!(action_text(&o).contains("level 3"), "{o:?}");
    let p = prompt_of(&china, "nonbg-region");
    assert!(
        p.contains("Europe (level 2)") && p.contains("Asia (level 3)"),
        "{p}"
    );
    let p = prompt_of(&[("ops", n(2)), ("lacks-rmo", yes())], "nonbg-region");
    assert!(p.contains("Africa (level 1)"), "{p}");
    // Death Squads for the AI: the China card is a 4 there, +1 = 5: level 3.
    let o = with(&[
        ("death-squads", yes()),
        ("squads-both", yes()),
        ("death-squads-d6", die(3)),
        ("coup-region", c("south-america")),
    ]);
    assert!(action_text(&o).contains("level 3"), "{o:?}");
    assert_eq!(coup_ops(5, "Asia", true), 5);
    assert_eq!(coup_ops(5, "Europe", false), 4);
    assert_eq!(coup_ops(5, "Central America", true), 5);
    assert_eq!(coup_ops(3, "Central America", true), 4);
    // Step 1 with the China card: a 4 in Europe.
    let o = act(&[("ops", n(5)), ("italy", yes())]);
    assert!(action_text(&o).contains("4 Ops"), "{o:?}");
}

#[test]
fn death_squads_override_still_needs_three_ops() {
    let squads = |ops: i64| {
        act(&[
            ("ops", n(ops)),
            ("death-squads", yes()),
            ("squads-both", yes()),
            ("death-squads-d6", die(4)),
            ("coup-region", c("south-america")),
        ])
    };
    // A 1 becomes a 2 there: still short of 3, no step 4.
    assert_ne!(step(&squads(1)), "4");
    // A 2 becomes a 3 and qualifies (level 2).
    let o = squads(2);
    assert_eq!(step(&o), "4");
    assert!(action_text(&o).contains("level 2"), "{o:?}");
}

#[test]
fn red_scare_still_coups_when_short_of_military_operations() {
    let base = [("red-scare", yes()), ("step8-no-ops", yes())];
    let with = |extra: &[(&str, Answer)]| act(&[&base[..], extra].concat());
    assert_eq!(
        step(&with(&[("coup-region", c("asia"))])),
        "Δ",
        "not short: the event"
    );
    let o = with(&[("lacks-rmo", yes()), ("coup-region", c("asia"))]);
    assert_eq!(step(&o), "4A");
    assert_eq!(
        step(&with(&[
            ("lacks-rmo", yes()),
            ("nonbg-region", c("africa"))
        ])),
        "6"
    );
    assert_eq!(step(&with(&[("lacks-rmo", yes()), ("italy", yes())])), "1");
    // Short, but no coup possible: the event after all (not step 2's influence).
    let o = with(&[("lacks-rmo", yes()), ("europe-bg", yes())]);
    assert_eq!(step(&o), "Δ");
}

#[test]
fn death_squads_against_the_ai_lower_the_levels_there() {
    let against = |ops: i64, key: &'static str, region: &'static str| {
        action_text(&act(&[
            ("ops", n(ops)),
            ("lacks-rmo", yes()),
            ("death-squads-against", yes()),
            (key, c(region)),
        ]))
    };
    // A 3-Ops card would aim at a level 1 battleground in South America, which the board
    // does not have: the region is skipped, with a note.
    let o = act(&[
        ("ops", n(3)),
        ("lacks-rmo", yes()),
        ("death-squads-against", yes()),
        ("coup-region", c("south-america")),
    ]);
    assert_ne!(step(&o), "4");
    assert!(o.path.iter().any(|s| s
        .to_string()
        .contains("level 1 battleground in South America and Central America, and there is none")));
    let asked = prompt_of(
        &[
            ("ops", n(3)),
            ("lacks-rmo", yes()),
            ("death-squads-against", yes()),
        ],
        "coup-region",
    );
    assert!(!asked.contains("South America (level"), "{asked}");
    assert!(asked.contains("Middle East (level 2)"), "{asked}");
    assert!(against(4, "coup-region", "central-america").contains("level 2"));
    assert!(against(5, "coup-region", "central-america").contains("level 2"));
    assert!(
        against(3, "coup-region", "middle-east").contains("level 2"),
        "only SA and CA"
    );
    assert!(against(3, "nonbg-region", "south-america").contains("level 1"));
    assert!(against(3, "nonbg-region", "europe").contains("level 2"));
    assert!(against(4, "nonbg-region", "central-america").contains("level 2"));
}

#[test]
fn scoring_cards_are_played_at_once() {
    let o = call("action", &[("scoring", yes())]).unwrap();
    assert_eq!(o.fields["action"], "play the scoring card");
}

#[test]
fn timing_and_discard() {
    for (r, when) in [(1, "before"), (3, "before"), (4, "after"), (6, "after")] {
        let o = call("event-timing", &[("d6", die(r))]).unwrap();
        assert_eq!(o.fields["your_event"], when);
    }
    let o = call("discard", &[("helps-you", yes()), ("yours", yes())]).unwrap();
    assert_eq!(o.fields["priority"], "3");
    let o = call("discard", &[("doomsday", yes()), ("yours", yes())]).unwrap();
    assert_eq!(o.fields["priority"], "1");
}

#[test]
fn a_misnamed_step_or_an_uncovered_roll_is_refused_as_the_data_loads() {
    use crate::charts::data::load;
    assert!(load::<Data>(SOURCE).is_ok());
    let bad = SOURCE.replacen(
        r#"gamma = ["1", "4", "6"]"#,
        r#"gamma = ["1", "4", "66"]"#,
        1,
    );
    assert_ne!(bad, SOURCE);
    assert!(load::<Data>(&bad).unwrap_err().message.contains("66"));
    let bad = SOURCE.replacen(
        r#"{ label = "Africa", cells = ["19", "17-18"] }"#,
        r#"{ label = "Africa", cells = ["19", "17"] }"#,
        1,
    );
    assert_ne!(bad, SOURCE);
    let e = load::<Data>(&bad).unwrap_err();
    assert!(e.message.contains("a d20 of 18 is in 0 regions"), "{e}");
}

#[test]
fn the_region_flags_are_the_region_chart_rows() {
    let rows: Vec<String> = data()
        .chart("regions")
        .rows
        .iter()
        .map(|r| region_key(&r.label))
        .chain(["none".to_string()])
        .collect();
    assert_eq!(region_keys(), rows);
    assert_eq!(region_keys().len(), 7);
    assert_eq!(data().steps.order[0], StepId::Gamma);
    assert_eq!(names(&data().steps.gamma), "1, 4, 6");
}

#[test]
fn the_cia_note_adds_the_op_only_when_the_ai_is_the_us() {
    let cards = data().chart("cards");
    let cia = &cards
        .row("CIA / Lone Gunman")
        .expect("the card's note")
        .cells[0];
    assert!(cia.contains("when the AI is the US"), "{cia}");
    assert!(cia.contains("the card's own Ops do not change"), "{cia}");
}

#[test]
fn the_headline_is_redrawn_until_a_card_passes_step_8() {
    let no = || Answer::Bool(false);
    let o = call(
        "headline",
        &[("draw-1", no()), ("draw-2", no()), ("draw-3", yes())],
    )
    .unwrap();
    assert_eq!(o.fields["draws"], 3);
    let back = o
        .path
        .iter()
        .filter(|s| s.to_string().contains("back into the middle of the deck"))
        .count();
    assert_eq!(back, 2);
    // Ten failures: the procedure says to go on drawing.
    let o = call("headline", &[]).unwrap();
    assert_eq!(o.fields["draws"], serde_json::Value::Null);
}

#[test]
fn the_die_for_ties_shares_its_faces_and_rolls_leftovers_again() {
    let tie = |shares: &str, dice: &[i64]| {
        let mut a: Vec<(String, Answer)> = vec![("shares".into(), Answer::Text(shares.into()))];
        for (i, d) in dice.iter().enumerate() {
            let id = if i == 0 {
                "die".to_string()
            } else {
                format!("die#{}", i + 1)
            };
            a.push((id, die(*d)));
        }
        let refs: Vec<(&str, Answer)> = a.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        call("tie", &refs).map(|o| o.fields["choice"].as_i64().unwrap())
    };
    assert_eq!(tie("1, 1, 1", &[4]), Ok(2), "a d6, two faces each");
    assert_eq!(tie("2, 1", &[4]), Ok(1), "twice the faces: 1-4 and 5-6");
    assert_eq!(tie("2, 1", &[5]), Ok(2));
    assert_eq!(
        tie("1, 1, 1, 1", &[5, 3]),
        Ok(3),
        "5 and 6 are rolled again"
    );
    assert_eq!(
        tie("7, 6", &[13]),
        Ok(2),
        "13 shares: a d20, 14-20 rolled again"
    );
    for bad in ["1", "0, 1", "x, 1", "15, 6"] {
        assert!(tie(bad, &[1]).is_err(), "{bad}");
    }
}

#[test]
fn step_9b_rolls_once_an_op_with_twice_the_faces_for_partial_influence() {
    // P1 (partial: 1-2), E1 (3), E2 (4) on a d6; Op 1 rolls 3: E1, which then has
    // influence (P1 1-2, E1 3-4, E2 5); Op 2 rolls 4: E1 again.
    let o = call(
        "place-9b",
        &[
            ("partial", n(1)),
            ("empty", n(2)),
            ("ops", n(2)),
            ("op1-die", die(3)),
            ("op2-die", die(4)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E1", "E1"]));
    assert!(call("place-9b", &[("partial", n(0)), ("empty", n(0))]).is_err());
}

#[test]
fn the_flipped_card_the_exchanges_and_the_last_resorts() {
    let no = || Answer::Bool(false);
    let o = call("flip", &[("face-down-left", yes()), ("yours", no())]).unwrap();
    assert_eq!(o.fields["card"], "play");
    assert_eq!(o.next[0].procedure, "action");
    let o = call(
        "flip",
        &[
            ("face-down-left", yes()),
            ("yours", yes()),
            ("helps-you", yes()),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["card"], "face-up pile");
    // Only face-up cards: Eagle/Bear Has Landed swaps one at random (3 cards on a d6: 3-4 is
    // the second).
    let o = call(
        "flip",
        &[
            ("face-down-left", no()),
            ("face-up", n(3)),
            ("eagle-landed", yes()),
            ("eagle-landed-die", die(3)),
        ],
    )
    .unwrap();
    assert!(
        o.result
            .contains("face-up card 2 of 3 back into the middle"),
        "{}",
        o.result
    );
    // Exchanges made: the space race, then the China card (which passes), then at random.
    let o = call(
        "flip",
        &[
            ("face-down-left", no()),
            ("face-up", n(2)),
            ("exchanges-done", yes()),
            ("china", yes()),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["card"], "China");
    assert_eq!(o.updates, vec![("china".to_string(), Answer::Bool(false))]);
    let o = call(
        "flip",
        &[
            ("face-down-left", no()),
            ("face-up", n(2)),
            ("exchanges-done", yes()),
            ("random-die", die(6)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["choice"], 2);
}

#[test]
fn a_country_controlled_mid_way_leaves_the_9b_draw() {
    // P1 (1-2), E1 (3), E2 (4) on a d6. Op 1 rolls 3: E1, which the AI now controls, so it
    // leaves the draw: P1 (2 shares) and E2 (1) on a d6, 1-4 and 5-6. Op 2 rolls 5: E2, now
    // controlled too: only P1 is left, and Op 3 goes there without a roll.
    let o = call(
        "place-9b",
        &[
            ("partial", n(1)),
            ("empty", n(2)),
            ("ops", n(3)),
            ("op1-die", die(3)),
            ("op1-controlled", yes()),
            ("op2-die", die(5)),
            ("op2-controlled", yes()),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E1", "E2", "P1"]));
    assert_eq!(o.fields["controlled"], serde_json::json!(["E1", "E2"]));
    let text: Vec<String> = o.path.iter().map(|s| s.to_string()).collect();
    assert!(
        text.iter()
            .any(|l| l == "d6, 2 faces a share: P1: 1-4, E2: 5-6"),
        "{text:?}"
    );
    assert!(text.iter().any(|l| l.contains("only P1 is left")));
    // Not controlled: E1 stays in the draw with twice the faces (P1 1-2, E1 3-4, E2 5).
    let o = call(
        "place-9b",
        &[
            ("partial", n(1)),
            ("empty", n(2)),
            ("ops", n(2)),
            ("op1-die", die(3)),
            ("op1-controlled", Answer::Bool(false)),
            ("op2-die", die(4)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E1", "E1"]));
    assert_eq!(o.fields["controlled"], serde_json::json!([]));
}

#[test]
fn ops_left_when_the_whole_9b_draw_is_controlled_follow_the_named_choice() {
    let base = |choice: &str| {
        call(
            "place-9b",
            &[
                ("partial", n(0)),
                ("empty", n(1)),
                ("ops", n(3)),
                ("op1-controlled", yes()),
                ("all-controlled", c(choice)),
            ],
        )
        .unwrap()
    };
    let o = base("hierarchy");
    assert_eq!(o.fields["placed"], serde_json::json!(["E1"]));
    assert_eq!(o.fields["to_hierarchy"], 2);
    assert!(o
        .result
        .contains("then 2 Ops in the first available country"));
    let o = base("same-region");
    assert_eq!(o.fields["placed"], serde_json::json!(["E1", "E1", "E1"]));
    assert_eq!(o.fields["to_hierarchy"], 0);
    // The walk asks the choice only when it arises.
    let o = call(
        "place-9b",
        &[
            ("partial", n(0)),
            ("empty", n(1)),
            ("ops", n(2)),
            ("op1-controlled", Answer::Bool(false)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E1", "E1"]));
    let mut w =
        crate::charts::walk::Walk::new(procedures().iter().find(|p| p.id == "place-9b").unwrap());
    for (a, expect) in [
        ("0", "partial"),
        ("1", "empty"),
        ("2", "ops"),
        ("yes", "op1-controlled"),
    ] {
        assert_eq!(w.question().unwrap().id, expect);
        w.answer_text(a).unwrap();
    }
    assert_eq!(w.question().unwrap().id, "all-controlled");
}

#[test]
fn stacked_exchanges_take_from_a_pile_that_shrinks() {
    let no = || Answer::Bool(false);
    // Two face-up cards, both perks: Eagle/Bear rolls for one of 2 (a d6, 4-6: the second);
    // one is left for Space Station, which needs no roll.
    let o = call(
        "flip",
        &[
            ("face-down-left", no()),
            ("face-up", n(2)),
            ("exchanges-done", no()),
            ("eagle-landed", yes()),
            ("eagle-landed-die", die(4)),
            ("space-station", yes()),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["exchanges"], 2);
    assert!(o.result.contains("face-up card 2 of 2"), "{}", o.result);
    assert!(
        o.result.contains("Space Station: face-up card 1 of 1"),
        "{}",
        o.result
    );
    // One card and both perks: the second perk finds nothing to exchange.
    let o = call(
        "flip",
        &[
            ("face-down-left", no()),
            ("face-up", n(1)),
            ("eagle-landed", yes()),
            ("space-station", yes()),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["exchanges"], 1);
    assert!(o
        .path
        .iter()
        .any(|s| s.to_string().contains("no face-up card is left")));
}

#[test]
fn a_card_list_reads_and_bad_entries_are_refused() {
    use table_rules::{parse_cards, Side};
    let cards = parse_cards("Fidel: 2 ai; Blockade: 1 you harmless; 3 neutral").unwrap();
    assert_eq!(cards.len(), 3);
    assert_eq!(
        (cards[0].name.as_str(), cards[0].ops, cards[0].side),
        ("Fidel", 2, Side::Ai)
    );
    assert!(cards[1].harmless);
    assert_eq!(cards[2].name, "card 3");
    for bad in [
        "",
        "Fidel: ai",
        "Fidel: 2",
        "X: 5 ai",
        "X: 2 3 ai",
        "X: 2 ai you",
        ": 2 ai",
        "X: 2 ai big",
    ] {
        assert!(parse_cards(bad).is_err(), "{bad}");
    }
}

#[test]
fn cards_taken_by_events_are_picked_by_kind_value_and_the_die() {
    let no = || Answer::Bool(false);
    let take = |a: &[(&str, Answer)]| call("take-card", a).unwrap();
    let text = |t: &str| Answer::Text(t.into());
    let hand =
        "Fidel: 2 ai; Blockade: 1 you; Duck and Cover: 3 you; Arms Race: 3 you; Summit: 4 neutral";
    // From your hand: yours first, the highest (3 Ops, two of them: the die for ties, a d6
    // with 1-3 and 4-6).
    let o = take(&[
        ("from", c("your-hand")),
        ("cards", text(hand)),
        ("tie-die", die(2)),
    ]);
    assert_eq!(o.fields["card"], "Duck and Cover");
    let o = take(&[
        ("from", c("your-hand")),
        ("cards", text(hand)),
        ("tie-die", die(6)),
    ]);
    assert_eq!(o.fields["card"], "Arms Race");
    // No card of yours: unassociated before the AI's.
    let o = take(&[
        ("from", c("your-hand")),
        ("cards", text("Fidel: 2 ai; 1 neutral")),
    ]);
    assert_eq!(
        (o.fields["card"].clone(), o.fields["kind"].clone()),
        ("card 2".into(), "unassociated".into())
    );
    let o = take(&[
        ("from", c("your-hand")),
        ("cards", text("Fidel: 2 ai; Nasser: 1 ai")),
    ]);
    assert_eq!(o.fields["card"], "Fidel");
    // From the discards for the AI: the AI's cards first, then unassociated; yours never.
    let o = take(&[("from", c("discards")), ("cards", text(hand))]);
    assert_eq!(o.fields["card"], "Fidel");
    let o = take(&[
        ("from", c("discards")),
        ("cards", text("Blockade: 1 you; Summit: 4 neutral")),
    ]);
    assert_eq!(o.fields["card"], "Summit");
    // Only yours there: the AI plays the event card for Ops, unless you played the event.
    let yours = "Blockade: 1 you; Duck and Cover: 3 you harmless; Arms Race: 3 you";
    let o = take(&[
        ("from", c("discards")),
        ("cards", text(yours)),
        ("you-played-event", no()),
    ]);
    assert_eq!(o.fields["card"], serde_json::Value::Null);
    assert_eq!(o.next[0].procedure, "action");
    let o = take(&[
        ("from", c("discards")),
        ("cards", text(yours)),
        ("you-played-event", yes()),
    ]);
    assert_eq!(o.fields["card"], "Duck and Cover", "the harmless one first");
    let o = take(&[
        ("from", c("discards")),
        ("cards", text("Blockade: 1 you; Arms Race: 3 you")),
        ("you-played-event", yes()),
        ("tie-die", die(1)),
    ]);
    assert_eq!(
        o.fields["card"], "Blockade",
        "none harmless: at random, whatever the Ops"
    );
    assert!(call(
        "take-card",
        &[("from", c("discards")), ("cards", text("Fidel"))]
    )
    .is_err());
}

#[test]
fn events_lead_on_into_the_procedure_that_applies_them() {
    for (gives, next) in [
        ("coup", "event-coup"),
        ("realign", "event-realign"),
        ("influence", "event-influence"),
        ("remove", "event-influence"),
        ("ops", "action"),
    ] {
        let o = call("event-action", &[("gives", c(gives))]).unwrap();
        assert_eq!(o.next[0].procedure, next, "{gives}");
    }
    let o = call("event-action", &[("gives", c("remove"))]).unwrap();
    assert_eq!(o.next[0].given, vec![("what".to_string(), c("remove"))]);
}

#[test]
fn an_events_coup_puts_europe_first_at_step_4s_levels() {
    let coup = |a: &[(&str, Answer)]| call("event-coup", a).unwrap();
    let o = coup(&[("ops", n(3)), ("coup-region", c("europe"))]);
    assert_eq!(o.fields["step"], "4");
    assert!(
        o.result.contains("level 2 battleground in Europe"),
        "{}",
        o.result
    );
    // No battleground: step 6's non-battlegrounds at step 6's levels (a 3-Ops card: level 2).
    let o = coup(&[("ops", n(3)), ("nonbg-region", c("africa"))]);
    assert_eq!(o.fields["step"], "6");
    assert!(
        o.result.contains("level 2 non-battleground in Africa"),
        "{}",
        o.result
    );
    // A 1-Op coup: step 6's level 1, and South and Central America (no level 1
    // battleground) are left out of the battleground question.
    let o = coup(&[("ops", n(1)), ("coup-region", c("africa"))]);
    assert!(
        o.result.contains("level 1 battleground in Africa"),
        "{}",
        o.result
    );
    let o = coup(&[("ops", n(1)), ("coup-region", c("south-america"))]);
    assert_eq!(o.fields["step"], serde_json::Value::Null);
    // Death Squads for the AI: +1 in South America (a 2 becomes a 3: level 2).
    let o = coup(&[
        ("ops", n(2)),
        ("death-squads", yes()),
        ("coup-region", c("south-america")),
    ]);
    assert!(
        o.result.contains("level 2 battleground in South America"),
        "{}",
        o.result
    );
}

#[test]
fn an_events_realignment_and_influence_go_down_the_europe_first_order() {
    let o = call("event-realign", &[("iran-contra", yes())]).unwrap();
    assert_eq!(o.fields["step"], serde_json::Value::Null);
    let o = call("event-realign", &[("realign-controlled", yes())]).unwrap();
    assert_eq!(o.fields["step"], "7");
    let o = call("event-realign", &[("realign-in", c("asia"))]).unwrap();
    assert_eq!(
        (o.fields["step"].clone(), o.fields["region"].clone()),
        ("9".into(), "Asia".into())
    );
    let inf = |a: &[(&str, Answer)]| call("event-influence", a).unwrap();
    let o = inf(&[("what", c("place")), ("controlled-europe", yes())]);
    assert_eq!(o.fields["step"], "2");
    let o = inf(&[("what", c("place")), ("influence-region", c("middle-east"))]);
    assert_eq!(
        (o.fields["step"].clone(), o.fields["region"].clone()),
        ("5A".into(), "Middle East".into())
    );
    // Step 9 without a d20: the region is the first along the order; its random draw leads
    // on into place-9b.
    let o = inf(&[("what", c("place")), ("region-9", c("africa"))]);
    assert_eq!(o.fields["step"], "9B");
    assert_eq!(o.next[0].procedure, "place-9b");
    let o = inf(&[("what", c("remove")), ("europe-bg", yes())]);
    assert!(
        o.result.starts_with("step 2B: remove your influence from"),
        "{}",
        o.result
    );
    assert!(o
        .path
        .iter()
        .any(|s| s.to_string().contains("next to AI influence")));
}

#[test]
fn a_9b_draw_grown_past_a_d20_stops_and_says_so() {
    // 5 countries with influence (10 shares) and 10 without (10): a d20 exactly. Op 1 rolls
    // 19: E9, which now has influence - 21 shares, past the source's largest die: the second
    // Op is left to the player rather than refused (which left the walk stuck).
    let o = call(
        "place-9b",
        &[
            ("partial", n(5)),
            ("empty", n(10)),
            ("ops", n(2)),
            ("op1-die", die(19)),
            ("op1-controlled", Answer::Bool(false)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E9"]));
    assert_eq!(o.fields["unplaced"], 1);
    assert!(
        o.result.contains("1 Op left past a d20's reach"),
        "{}",
        o.result
    );
    // Controlled instead, E9 leaves the draw: 19 shares, and Op 2 is rolled as usual.
    let o = call(
        "place-9b",
        &[
            ("partial", n(5)),
            ("empty", n(10)),
            ("ops", n(2)),
            ("op1-die", die(19)),
            ("op1-controlled", yes()),
            ("op2-die", die(1)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E9", "P1"]));
    assert_eq!(o.fields["unplaced"], 0);
}

/// Whether the AI is short of military operations is asked only when a step that needs it is
/// reached: a round that ends at step 2A never asks it, one that comes to step 4 asks it
/// there, after steps 1-3: a question the round never reaches is one a person need not answer.
#[test]
fn short_of_military_operations_is_asked_only_at_a_step_that_needs_it() {
    let asked = |answers: &[(&str, Answer)]| -> Vec<String> {
        let mut ids = Vec::new();
        let p = procedures().iter().find(|p| p.id == "action").unwrap();
        let _ = crate::charts::walk::drive_with(p, |q| -> Result<Answer, WalkError> {
            ids.push(q.id.clone());
            answers
                .iter()
                .find(|(k, _)| *k == q.id)
                .map(|(_, a)| a.clone())
                .or(match q.kind {
                    Kind::YesNo => Some(no()),
                    Kind::Choice { .. } if q.id != "war" => Some(c("none")),
                    _ => None,
                })
                .ok_or(WalkError {
                    id: q.id.clone(),
                    message: "unanswered".into(),
                })
        });
        ids
    };
    let base = [("ops", n(3)), ("war", c("early")), ("region-d20", die(1))];
    let to_2a = [&base[..], &[("europe-bg-control", yes())]].concat();
    assert!(!asked(&to_2a).contains(&"lacks-rmo".to_string()));
    let o = act(&[("europe-bg-control", yes())]);
    assert_eq!(step(&o), "2A");
    let on = asked(&base);
    let at = on
        .iter()
        .position(|q| q == "lacks-rmo")
        .expect("asked at step 4");
    let realign = on.iter().position(|q| q == "europe-realign").unwrap();
    assert!(at > realign, "after step 3: {on:?}");
}

/// Step 9B's path says nothing untrue: twice the faces "from the next Op on" only while an Op
/// is still to come, and one face left over is named alone, not as "6-6" (a range of one
/// face reads as a misprint).
#[test]
fn step_9b_says_twice_the_faces_only_before_another_op_and_names_one_face_alone() {
    // P1 1-2, E1 3, E2 4 on a d6: Op 1 rolls 4, E2; then P1 1-2, E1 3, E2 4-5, 6 again: Op 2
    // rolls 3, E1, the last Op.
    let o = call(
        "place-9b",
        &[
            ("partial", n(1)),
            ("empty", n(2)),
            ("ops", n(2)),
            ("op1-die", die(4)),
            ("op2-die", die(3)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["placed"], serde_json::json!(["E2", "E1"]));
    let path: Vec<String> = o.path.iter().map(|s| s.to_string()).collect();
    let path = path.join("\n");
    assert!(
        path.contains("E2 has AI influence now: twice the faces from the next Op on"),
        "{path}"
    );
    assert!(!path.contains("E1 has AI influence now"), "{path}");
    assert!(path.contains("; 6 rolled again"), "{path}");
    assert!(!path.contains("6-6"), "{path}");
}
