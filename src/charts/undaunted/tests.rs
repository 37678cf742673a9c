//! Unit tests of the undaunted procedures: every modifier and special rule.

use super::*;
use crate::charts::walk::answers::{die, no, yes};
use crate::charts::walk::{call_for_test, Answer, Kind, WalkError};

fn call(id: &str, answers: &[(&str, Answer)]) -> Result<Outcome, WalkError> {
    call_for_test(PROCEDURES, id, answers, |q| match q.kind {
        Kind::YesNo if q.id.starts_with("possible-") => Some(Answer::Bool(true)),
        Kind::YesNo => Some(Answer::Bool(false)),
        Kind::Number { .. } if q.id.starts_with("def-") => Some(Answer::Number(0)),
        _ => None,
    })
}
fn card_call(card: &str, extra: &[(&str, Answer)]) -> Outcome {
    let mut a = vec![("card", Answer::Choice(card.into()))];
    a.extend(extra.iter().cloned());
    call("card", &a).unwrap()
}
fn action(o: &Outcome) -> &str {
    o.fields["action"].as_str().unwrap()
}

#[test]
fn platoon_sergeant_and_guide() {
    // No cards left: BEFEHLIGEN / LEITEN without a roll.
    let o = card_call("zugtruppfuehrer", &[]);
    assert_eq!(action(&o), "BEFEHLIGEN");
    assert_eq!(o.fields["d10"], serde_json::Value::Null);
    assert_eq!(action(&card_call("feldwebel", &[])), "LEITEN");
    // DRM -2: 8 - 2 = 6 reinforces; without it 8 commands.
    let o = card_call(
        "zugtruppfuehrer",
        &[
            ("cards-left", yes()),
            ("reinforce-useful", yes()),
            ("d10", die(8)),
        ],
    );
    assert_eq!(o.fields["total"], 6);
    assert_eq!(action(&o), "VERSTÄRKEN");
    assert_eq!(
        action(&card_call(
            "zugtruppfuehrer",
            &[("cards-left", yes()), ("d10", die(8))]
        )),
        "BEFEHLIGEN"
    );
    assert_eq!(
        action(&card_call(
            "feldwebel",
            &[("cards-left", yes()), ("d10", die(7))]
        )),
        "LEITEN"
    );
}

#[test]
fn totals_outside_every_range_are_rolled_again() {
    // -2 on a 1 gives -1. Every card chosen: roll again; the second roll 3 - 2 = 1 reinforces.
    let o = card_call(
        "zugtruppfuehrer",
        &[
            ("cards-left", yes()),
            ("reinforce-useful", yes()),
            ("d10", die(1)),
            ("out-of-range", Answer::Choice("every-card".into())),
            ("d10#2", die(3)),
        ],
    );
    assert_eq!(o.fields["d10"], 3);
    assert_eq!(action(&o), "VERSTÄRKEN");
    // The source's reading (re-roll on the rifleman only): -1 reads the nearest range, no
    // second roll.
    let o = card_call(
        "granatwerfer",
        &[
            ("on-targeted", yes()),
            ("d10", die(2)),
            ("out-of-range", Answer::Choice("rifleman".into())),
            ("d10#2", die(9)),
        ],
    );
    assert_eq!(
        (o.fields["d10"].clone(), o.fields["total"].clone()),
        (2.into(), (-3).into())
    );
    assert_eq!(action(&o), "BEWEGEN");
    assert!(o
        .path
        .iter()
        .any(|s| s.to_string().contains("read as 1, the nearest")));
    // The rifleman's card re-rolls without asking.
    // Rifleman +6 (can secure): 5 + 6 = 11 fits nothing; 3 + 6 = 9 secures.
    let o = card_call(
        "schuetze",
        &[("can-secure", yes()), ("d10", die(5)), ("d10#2", die(3))],
    );
    assert_eq!(o.fields["total"], 9);
    assert_eq!(action(&o), "SICHERN");
}

#[test]
fn rifleman_questions_in_order() {
    assert_eq!(
        action(&card_call("schuetze", &[("win-by-securing", yes())])),
        "SICHERN"
    );
    // On a targeted tile: -4, and the later questions are not asked.
    let o = card_call(
        "schuetze",
        &[
            ("on-targeted", yes()),
            ("can-secure", yes()),
            ("d10", die(9)),
        ],
    );
    assert_eq!(o.fields["drm"], -4);
    assert_eq!(action(&o), "ANGRIFF");
    let o = card_call(
        "schuetze",
        &[("can-reach-objective", yes()), ("d10", die(7))],
    );
    assert_eq!(o.fields["drm"], -3);
    assert_eq!(action(&o), "BEWEGEN");
    // Move not possible: attack instead.
    let o = card_call(
        "schuetze",
        &[
            ("can-reach-objective", yes()),
            ("d10", die(7)),
            ("possible-bewegen", no()),
        ],
    );
    assert_eq!(action(&o), "ANGRIFF");
    // DEF 5- target: +1 and SICHERN is played as ANGRIFF.
    let o = card_call("schuetze", &[("weak-target", yes()), ("d10", die(9))]);
    assert_eq!(o.fields["total"], 10);
    assert_eq!(action(&o), "ANGRIFF");
    let o = card_call("schuetze", &[("d10", die(9))]);
    assert_eq!(action(&o), "SICHERN");
}

#[test]
fn scout_cases_and_substitutions() {
    // Case A (fog of war card in hand), enough scouted: +4; 6 + 4 = 10: AUFKLÄREN.
    let o = card_call(
        "spaeher",
        &[
            ("fog-in-hand", yes()),
            ("scouted-enough", yes()),
            ("d10", die(6)),
        ],
    );
    assert_eq!(o.fields["case"], "A");
    assert_eq!(action(&o), "AUFKLÄREN");
    // Case A, not enough: -3; 8 - 3 = 5: ANGRIFF.
    assert_eq!(
        action(&card_call(
            "spaeher",
            &[("fog-in-hand", yes()), ("d10", die(8))]
        )),
        "ANGRIFF"
    );
    // Case B, enough: +2 and ERKUNDEN becomes VERSCHLEIERN; 1 + 2 = 3.
    let o = card_call("spaeher", &[("scouted-enough", yes()), ("d10", die(1))]);
    assert_eq!(o.fields["case"], "B");
    assert_eq!(action(&o), "VERSCHLEIERN");
    // Same, on a targeted tile: -3 instead of +2; 7 - 3 = 4 -> ERKUNDEN -> VERSCHLEIERN.
    let o = card_call(
        "spaeher",
        &[
            ("scouted-enough", yes()),
            ("on-targeted", yes()),
            ("d10", die(7)),
        ],
    );
    assert_eq!(o.fields["drm"], -3);
    assert_eq!(action(&o), "VERSCHLEIERN");
    // Case B, not enough scouted: -3; 4 - 3 = 1: ERKUNDEN (no swap); 10 - 3 = 7: ANGRIFF.
    let o = card_call("spaeher", &[("d10", die(4))]);
    assert_eq!(o.fields["drm"], -3);
    assert_eq!(action(&o), "ERKUNDEN");
    assert_eq!(
        action(&card_call("spaeher", &[("d10", die(10))])),
        "ANGRIFF"
    );
    // Case B, 9-10 is VERSCHLEIERN; not possible: ANGRIFF.
    let o = card_call(
        "spaeher",
        &[
            ("scouted-enough", yes()),
            ("d10", die(8)),
            ("possible-verschleiern", no()),
        ],
    );
    assert_eq!(action(&o), "ANGRIFF");
}

#[test]
fn machine_gun_targets_and_rerolls() {
    let o = card_call(
        "mg-schuetze",
        &[("rifleman-on-objective", yes()), ("d10", die(3))],
    );
    assert_eq!(o.fields["drm"], 3);
    assert_eq!(action(&o), "NIEDERHALTEN");
    assert_eq!(o.fields["target"], "Schütze (that rifleman)");
    // NIEDERHALTEN not possible: roll again (2 -> BEWEGEN).
    let o = card_call(
        "mg-schuetze",
        &[
            ("d10", die(7)),
            ("possible-niederhalten", no()),
            ("d10#2", die(2)),
        ],
    );
    assert_eq!(action(&o), "BEWEGEN");
    // BEWEGEN not possible: ANGRIFF.
    let o = card_call(
        "mg-schuetze",
        &[("d10", die(1)), ("possible-bewegen", no())],
    );
    assert_eq!(action(&o), "ANGRIFF");
    let o = card_call("mg-schuetze", &[("on-targeted", yes()), ("d10", die(6))]);
    assert_eq!(o.fields["total"], 2);
    assert_eq!(action(&o), "BEWEGEN");
}

#[test]
fn mortar_cases_and_lying_low() {
    let o = card_call("granatwerfer", &[("marker-placed", yes()), ("d10", die(3))]);
    assert_eq!(action(&o), "SPRENGEN");
    let o = card_call("granatwerfer", &[("d10", die(3))]);
    assert_eq!(action(&o), "ANVISIEREN");
    // -5 on a targeted tile, and the case is still asked.
    let o = card_call(
        "granatwerfer",
        &[
            ("on-targeted", yes()),
            ("marker-placed", yes()),
            ("d10", die(7)),
        ],
    );
    assert_eq!(o.fields["total"], 2);
    assert_eq!(action(&o), "BEWEGEN");
    // Nothing possible: roll again until every action is ruled out, then lie low.
    let o = card_call(
        "granatwerfer",
        &[
            ("d10", die(1)),
            ("possible-bewegen", no()),
            ("d10#2", die(5)),
            ("possible-anvisieren", no()),
        ],
    );
    assert_eq!(action(&o), "SICH VERSTECKT HALTEN");
}

#[test]
fn squad_leader_branches() {
    assert_eq!(
        action(&card_call("gruppenfuehrer", &[("two-in-hand", yes())])),
        "VERSTÄRKEN"
    );
    assert_eq!(
        action(&card_call("gruppenfuehrer", &[("inspire-or-hide", yes())])),
        "ANSPORNEN"
    );
    assert_eq!(
        action(&card_call("gruppenfuehrer", &[])),
        "SICH VERSTECKT HALTEN"
    );
    assert_eq!(
        action(&card_call("gruppenfuehrer", &[("cards-left", yes())])),
        "VERSTÄRKEN"
    );
    let base = [("cards-left", yes()), ("inspire-useful", yes())];
    let o = card_call(
        "gruppenfuehrer",
        &[&base[..], &[("can-add-counter", yes()), ("d10", die(9))]].concat(),
    );
    assert_eq!(o.fields["total"], 6);
    assert_eq!(action(&o), "VERSTÄRKEN");
    let o = card_call(
        "gruppenfuehrer",
        &[&base[..], &[("can-reactivate", yes()), ("d10", die(4))]].concat(),
    );
    assert_eq!(o.fields["total"], 7);
    assert_eq!(action(&o), "ANSPORNEN");
}

#[test]
fn sniper_modifiers() {
    let o = card_call("scharfschuetze", &[("on-targeted", yes()), ("d10", die(8))]);
    assert_eq!(action(&o), "ANPIRSCHEN");
    let o = card_call("scharfschuetze", &[("weak-target", yes()), ("d10", die(3))]);
    assert_eq!(action(&o), "ANGRIFF");
    let o = card_call("scharfschuetze", &[("can-stalk", yes()), ("d10", die(7))]);
    assert_eq!(action(&o), "ANPIRSCHEN");
    assert_eq!(
        action(&card_call("scharfschuetze", &[("d10", die(7))])),
        "ANGRIFF"
    );
}

#[test]
fn targets_follow_the_list_and_the_two_lower_rule() {
    let t = |a: &[(&str, Answer)]| call("target", a).unwrap();
    let n = Answer::Number;
    let a = Answer::Choice;
    // Source example: a sniper facing riflemen at 9 and 10 shoots the 9...
    let o = t(&[
        ("attacker", a("sniper".into())),
        ("def-rifleman", n(9)),
        ("def-other", n(8)),
    ]);
    assert_eq!(o.fields["target"], "Schütze");
    assert_eq!(o.fields["defense"], 9);
    // ...unless another unit with 7 or less can be hit.
    let o = t(&[
        ("attacker", a("sniper".into())),
        ("def-rifleman", n(9)),
        ("def-other", n(7)),
    ]);
    assert_eq!(o.fields["target"], "other");
    // No rifleman: the next kind on the list.
    let o = t(&[("attacker", a("mg".into())), ("def-sniper", n(8))]);
    assert_eq!(o.fields["target"], "Scharfschütze");
    let o = t(&[("attacker", a("scout".into())), ("def-weakest", n(6))]);
    assert_eq!(o.fields["target"], "Schwächste EH");
    let o = t(&[("attacker", a("rifleman".into())), ("main-target", yes())]);
    assert_eq!(o.fields["target"], "Schütze");
    let o = t(&[("attacker", a("mortar".into()))]);
    assert_eq!(o.fields["target"], serde_json::Value::Null);
}

#[test]
fn target_tile_example_from_the_source() {
    let o = call(
        "target-tile",
        &[(
            "tiles",
            Answer::Text("1A: sniper; 10B: mg; 3A: rifleman, rifleman".into()),
        )],
    )
    .unwrap();
    assert_eq!(o.fields["tile"], "3A");
    assert_eq!(o.fields["value"], 8);
    // Tie on value: more units wins (rifleman + scout = 7 vs sniper = 7).
    let o = call(
        "target-tile",
        &[(
            "tiles",
            Answer::Text("1A: sniper; 2B: rifleman, scout".into()),
        )],
    )
    .unwrap();
    assert_eq!(o.fields["tile"], "2B");
    // Full tie: the d10, re-rolled when unassigned.
    let o = call(
        "target-tile",
        &[
            ("tiles", Answer::Text("1A: sniper; 2B: sniper".into())),
            ("d10", die(7)),
            ("d10#2", die(2)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["tile"], "2B");
    assert!(call("target-tile", &[("tiles", Answer::Text("1A: tank".into()))]).is_err());
}

#[test]
fn unit_values_and_play_order() {
    assert_eq!(unit_value("Scharfschütze"), Some(7));
    assert_eq!(unit_value("mg"), Some(6));
    assert_eq!(unit_value("mortar"), Some(5));
    assert_eq!(unit_value("Schütze"), Some(4));
    assert_eq!(unit_value("scout"), Some(3));
    let o = play_order(
        "Schütze B, Gruppenführer A, Späher B, Schütze A, Feldwebel, Unklare Lage, Zugtruppführer",
    )
    .unwrap();
    assert_eq!(
        o,
        [
            "Zugtruppführer",
            "Feldwebel",
            "Späher B",
            "Schütze A",
            "Schütze B",
            "Gruppenführer A",
            "Unklare Lage"
        ]
    );
    assert!(play_order("Panzer A").is_err());
}

#[test]
fn a_misspelt_then_or_a_goto_to_nowhere_is_refused_as_the_data_loads() {
    use crate::charts::data::load;
    assert!(load::<Data>(SOURCE).is_ok());
    let bad = SOURCE.replacen(r#"then = "roll""#, r#"then = "rol""#, 1);
    assert_ne!(bad, SOURCE);
    let e = load::<Data>(&bad).unwrap_err();
    assert!(e.message.contains("rol"), "{e}");
    let bad = SOURCE.replacen(r#"goto = "won-a""#, r#"goto = "won-c""#, 1);
    assert_ne!(bad, SOURCE);
    let e = load::<Data>(&bad).unwrap_err();
    assert!(
        e.message.contains("goto won-c names no later question"),
        "{e}"
    );
    let bad = SOURCE.replacen(r#"action = "LEITEN" }"#, r#"action = "LEITN" }"#, 1);
    assert_ne!(bad, SOURCE);
    let e = load::<Data>(&bad).unwrap_err();
    assert!(e.message.contains("unknown action LEITN"), "{e}");
    // A goto back up the card would loop.
    let bad = SOURCE.replacen(
        r#"yes = { drm = 4, then = "roll" }"#,
        r#"yes = { drm = 4, then = "goto", goto = "fog-in-hand" }"#,
        1,
    );
    assert_ne!(bad, SOURCE);
    assert!(load::<Data>(&bad).is_err());
}

#[test]
fn reinforcing_takes_the_sources_example_pile() {
    // The source's example: riflemen A (5, counter), riflemen B (5, counter), sniper (3,
    // counter); VERSTÄRKEN 3 takes three cards of riflemen A.
    let text = |t: &str| Answer::Text(t.into());
    let o = call(
        "reinforce",
        &[
            (
                "piles",
                text("rifleman A: 5 counter; Schütze B: 5 counter; Scharfschütze: 3 counter"),
            ),
            ("count", Answer::Number(3)),
        ],
    )
    .unwrap();
    assert_eq!(o.result, "take 3 from Schütze A");
    // A counter beats a bigger pile; a pile that has them all is taken whole before a
    // split; team A before B on a tie.
    let take = |piles: &str, n: i64| {
        call(
            "reinforce",
            &[("piles", text(piles)), ("count", Answer::Number(n))],
        )
        .unwrap()
        .result
    };
    assert_eq!(
        take("scout: 9; sniper B: 2 counter", 2),
        "take 2 from Scharfschütze B"
    );
    assert_eq!(
        take("scout: 9; sniper B: 2 counter", 3),
        "take 3 from Späher",
        "all from one pile where one has them all"
    );
    assert_eq!(
        take("scout A: 1; sniper B: 2 counter", 4),
        "take 2 from Scharfschütze B, then 1 from Späher A"
    );
    assert_eq!(
        take("mortar B: 4; mortar A: 4", 1),
        "take 1 from Granatwerfer A"
    );
    assert_eq!(take("mortar: 0", 1), "the supply is empty: nothing to take");
    for bad in [
        "tank: 3",
        "rifleman: x",
        "rifleman A: 3; rifleman A: 2",
        "rifleman: 3 flag",
        "",
    ] {
        assert!(
            call(
                "reinforce",
                &[("piles", text(bad)), ("count", Answer::Number(1))]
            )
            .is_err(),
            "{bad}"
        );
    }
}

#[test]
fn inspiring_order_two_leaders_leading_and_the_move_tie() {
    let o = call("inspire-order", &[("scouted-enough", no())]).unwrap();
    assert_eq!(o.fields["order"][0], "Späher");
    let o = call("inspire-order", &[("scouted-enough", yes())]).unwrap();
    assert_eq!(o.fields["order"][0], "Scharfschütze");
    // Two squad leaders: the team with more supply first; a tie goes to the earlier team.
    let leaders = |pair: &str, a: i64, b: i64| {
        let teams: Vec<&str> = pair.split('-').collect();
        call(
            "two-leaders",
            &[
                ("leaders", Answer::Choice(pair.into())),
                (&*format!("supply-{}", teams[0]), Answer::Number(a)),
                (&*format!("supply-{}", teams[1]), Answer::Number(b)),
            ],
        )
        .unwrap()
        .fields["first"]
            .clone()
    };
    assert_eq!(leaders("a-c", 2, 5), "C");
    assert_eq!(leaders("b-c", 4, 4), "B");
    // Three tied tiles share faces 1-9; a 10 is rolled again.
    let o = call(
        "move-tie",
        &[
            ("tied", Answer::Number(3)),
            ("d10", die(10)),
            ("d10#2", die(5)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["tile"], 2);
    // LEITEN: the first kind that fits; one unit needs no roll.
    let o = call(
        "lead",
        &[
            ("rifleman-objective", no()),
            ("on-targeted", yes()),
            ("units", Answer::Number(1)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["kind"], "on-targeted");
    let o = call("lead", &[("units", Answer::Number(4)), ("d10", die(8))]).unwrap();
    assert_eq!(
        (o.fields["kind"].clone(), o.fields["unit"].clone()),
        ("any".into(), 4.into())
    );
}

/// A weakest unit found on the attacker's own list is the lowest of all the units it can
/// target: the other units' lowest is not asked, and an answer to it cannot move the target
/// (the rules take the attacker's own list first).
#[test]
fn a_weakest_unit_found_is_not_undercut_by_another() {
    let n = Answer::Number;
    let o = call(
        "target",
        &[
            ("attacker", Answer::Choice("scout".into())),
            ("def-rifleman", n(0)),
            ("def-weakest", n(8)),
            ("def-other", n(5)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["target"], "Schwächste EH");
    assert_eq!(o.fields["defense"], 8);
    let p = PROCEDURES.iter().find(|p| p.id == "target").unwrap();
    let mut w = crate::charts::walk::Walk::new(p);
    for a in [Answer::Choice("scout".into()), no(), n(0), n(8)] {
        w.answer(a).unwrap();
    }
    assert!(w.outcome().is_some(), "{:?}", w.question());
}
