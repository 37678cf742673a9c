//! Unit tests of the breakaway procedures: every modifier and special rule.

use super::*;
use crate::charts::walk::answers::{c, die, n, yes};
use crate::charts::walk::{call_for_test, Answer, Kind, WalkError};

fn call(id: &str, answers: &[(&str, Answer)]) -> Result<Outcome, WalkError> {
    call_for_test(PROCEDURES, id, answers, |q| match q.kind {
        Kind::YesNo => Some(Answer::Bool(false)),
        _ => None,
    })
}

fn defence(extra: &[(&str, Answer)]) -> Outcome {
    let mut a: Vec<(&str, Answer)> = vec![
        ("defense-sheet", c("sample")),
        ("formation", c("pass-heavy")),
        ("down", n(1)),
        ("distance", n(10)),
        ("strategy-d6", die(5)),
        ("strategy", c("stunt")),
        ("play", c("pass")),
        ("value", n(5)),
        ("pass-tokens", n(4)),
        ("run-tokens", n(4)),
        ("d6", die(3)),
    ];
    for (k, v) in extra {
        a.retain(|(x, _)| x != k);
        a.push((k, v.clone()));
    }
    call("defense", &a).unwrap()
}

#[test]
fn high_value_thresholds() {
    assert!(!is_high_value(false, 3));
    assert!(is_high_value(false, 4));
    assert!(!is_high_value(true, 6));
    assert!(is_high_value(true, 7));
}

#[test]
fn no_spy_reads_the_play_chart() {
    let o = defence(&[]);
    assert_eq!(o.fields["spy"], serde_json::Value::Null);
    assert_eq!(o.fields["token_spent"], false);
    assert_eq!(o.fields["play_call"], "Dime — Press (0/5)");
    assert_eq!(o.fields["game_state"], 11);
}

#[test]
fn tokens_are_spent_and_exhaustion_turns_the_spy_on() {
    let o = defence(&[("value", n(7)), ("pass-tokens", n(2))]);
    assert_eq!(o.fields["token_spent"], true);
    assert_eq!(o.fields["tokens_left"], 1);
    assert_eq!(o.fields["spy"], serde_json::Value::Null);
    // Spending the last token: the spy is on for this very play (spend before the roll).
    let o = defence(&[("value", n(9)), ("pass-tokens", n(1))]);
    assert_eq!(o.fields["tokens_left"], 0);
    assert_eq!(o.fields["spy"], "pass");
    // Out of pass tokens: every pass is spied on, even a low one.
    let o = defence(&[("value", n(2)), ("pass-tokens", n(0))]);
    assert_eq!(o.fields["spy"], "pass");
    // Run tokens do not matter for a pass.
    let o = defence(&[("run-tokens", n(0))]);
    assert_eq!(o.fields["spy"], serde_json::Value::Null);
    // And a run with no run tokens left is spied on.
    let o = defence(&[("play", c("run")), ("value", n(1)), ("run-tokens", n(0))]);
    assert_eq!(o.fields["spy"], "run");
}

#[test]
fn red_zone_and_last_cards() {
    let o = defence(&[("red-zone", yes())]);
    assert_eq!(o.fields["spy"], "pass");
    let o = defence(&[("last-cards", yes())]);
    assert_eq!(o.fields["spy"], "pass");
    // The last two cards only activate Spy Pass, never Spy Run.
    let o = defence(&[("play", c("run")), ("value", n(1)), ("last-cards", yes())]);
    assert_eq!(o.fields["spy"], serde_json::Value::Null);
    let o = defence(&[("play", c("run")), ("value", n(1)), ("red-zone", yes())]);
    assert_eq!(o.fields["spy"], "run");
}

#[test]
fn spy_call_breakaway_or_ignored() {
    // Stunt / Spy Pass at d6 3: Blitz.
    let o = defence(&[("red-zone", yes()), ("spy-breakaway", yes())]);
    assert_eq!(o.fields["spy_call"], "Blitz");
    assert_eq!(o.fields["breakaway"], true);
    assert_eq!(o.fields["play_call"], serde_json::Value::Null);
    let o = defence(&[("red-zone", yes())]);
    assert_eq!(o.fields["breakaway"], false);
    assert_eq!(o.fields["play_call"], "Dime — Press (0/5)");
    // Stunt / Spy Pass at d6 4: '-' - no call, no breakaway question.
    let o = defence(&[
        ("red-zone", yes()),
        ("d6", die(4)),
        ("spy-breakaway", yes()),
    ]);
    assert_eq!(o.fields["spy_call"], serde_json::Value::Null);
    assert_eq!(o.fields["breakaway"], false);
    assert_eq!(o.fields["play_call"], "Dime — Blitz (0/5)");
    // Twist / Spy Run at d6 2: Goal Line.
    let o = defence(&[
        ("strategy", c("twist")),
        ("play", c("run")),
        ("value", n(1)),
        ("red-zone", yes()),
        ("d6", die(2)),
    ]);
    assert_eq!(o.fields["spy_call"], "Goal Line");
    assert_eq!(
        o.fields["play_call"],
        serde_json::Value::Null,
        "no sample play chart for Twist"
    );
}

#[test]
fn fire_offence_strategy_and_codes() {
    let run = |extra: &[(&str, Answer)]| {
        let mut a: Vec<(&str, Answer)> = vec![
            ("offense-sheet", c("fire")),
            ("down", n(1)),
            ("distance", n(4)),
            ("formation-d6", die(6)),
            ("formation", c("shotgun")),
            ("d6", die(2)),
        ];
        a.extend(extra.iter().cloned());
        call("offense", &a)
    };
    // The rules' worked example: 1st and 4, game state 5, Blue 80, roll 2: Jet Dragon.
    let o = run(&[]).unwrap();
    assert_eq!(o.fields["strategy"], "Blue 80");
    assert_eq!(o.fields["play_code"], "Jet Dragon");
    assert_eq!(o.result, "Shotgun Jet Dragon");
    // Game state 3: Green 18; 7+: Red 98.
    let o = call(
        "offense",
        &[
            ("offense-sheet", c("fire")),
            ("down", n(1)),
            ("distance", n(2)),
            ("formation-d6", die(1)),
            ("formation", c("i-form")),
            ("d6", die(1)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["strategy"], "Green 18");
    assert_eq!(o.fields["play_code"], "Mike Joker");
    let o = call(
        "offense",
        &[
            ("offense-sheet", c("fire")),
            ("down", n(3)),
            ("distance", n(4)),
            ("formation-d6", die(1)),
            ("formation", c("pro-set")),
            ("d6", die(6)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["strategy"], "Red 98");
    assert_eq!(o.fields["play_code"], "Jet Joker");
    // Game state 4 is unreadable: the strategy must come from the user.
    let e = call(
        "offense",
        &[
            ("offense-sheet", c("fire")),
            ("down", n(2)),
            ("distance", n(2)),
            ("formation-d6", die(1)),
            ("formation", c("pro-set")),
            ("d6", die(5)),
        ],
    )
    .unwrap_err();
    assert_eq!(e.id, "strategy");
    let o = call(
        "offense",
        &[
            ("offense-sheet", c("fire")),
            ("down", n(2)),
            ("distance", n(2)),
            ("formation-d6", die(1)),
            ("formation", c("pro-set")),
            ("strategy", c("blue-80")),
            ("d6", die(5)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["play_code"], "Gold Joker");
    assert_eq!(o.fields["gold_joker"], true);
}

#[test]
fn end_of_half_strategy() {
    let base = |score: &str, extra: Option<(&'static str, Answer)>| {
        let mut a: Vec<(&str, Answer)> = vec![
            ("offense-sheet", c("fire")),
            ("down", n(3)),
            ("distance", n(9)),
            ("formation-d6", die(1)),
            ("formation", c("shotgun")),
            ("final-cards", yes()),
            ("score", c(score)),
            ("d6", die(4)),
        ];
        a.extend(extra);
        call("offense", &a)
    };
    // Winning in the last 5 cards: Green 18 whatever the game state (12 would be Red 98).
    let o = base("winning", None).unwrap();
    assert_eq!(o.fields["strategy"], "Green 18");
    assert_eq!(o.fields["play_code"], "Gold Dragon");
    // Losing: unreadable, so asked.
    assert_eq!(base("losing", None).unwrap_err().id, "strategy");
    let o = base("tied", Some(("strategy", c("blue-80")))).unwrap();
    assert_eq!(o.fields["play_code"], "Jet Razor");
    assert_eq!(fire_strategy(12), Some("Red 98"));
    assert_eq!(fire_strategy(4), None);
    assert_eq!(fire_strategy(2), Some("Green 18"));
    assert_eq!(fire_strategy(6), Some("Blue 80"));
}

#[test]
fn fourth_down_decisions() {
    let go = call(
        "fourth-down",
        &[("target", n(5)), ("modifier", n(1)), ("d6", die(4))],
    )
    .unwrap();
    assert_eq!(go.fields["decision"], "go for it");
    let never = call(
        "fourth-down",
        &[("target", n(7)), ("modifier", n(0)), ("d6", die(6))],
    )
    .unwrap();
    assert_ne!(never.fields["decision"], "go for it", "7+ needs modifiers");
    let pushed = call(
        "fourth-down",
        &[("target", n(7)), ("modifier", n(2)), ("d6", die(5))],
    )
    .unwrap();
    assert_eq!(pushed.fields["decision"], "go for it");
    let punt = call(
        "fourth-down",
        &[
            ("target", n(7)),
            ("modifier", n(0)),
            ("d6", die(1)),
            ("long-field-goal", yes()),
        ],
    )
    .unwrap();
    assert_eq!(punt.fields["decision"], "punt");
    let fg = call(
        "fourth-down",
        &[
            ("target", n(7)),
            ("modifier", n(0)),
            ("d6", die(1)),
            ("long-field-goal", yes()),
            ("field-goal-good", yes()),
        ],
    )
    .unwrap();
    assert_eq!(fg.fields["decision"], "field goal");
    let line = call(
        "fourth-down",
        &[
            ("target", n(7)),
            ("modifier", n(0)),
            ("d6", die(1)),
            ("long-field-goal", yes()),
            ("game-on-the-line", yes()),
        ],
    )
    .unwrap();
    assert_eq!(line.fields["decision"], "field goal");
}

#[test]
fn clock_examples_from_the_rules() {
    // Four spent plays with five cards left in the quarter: discard four.
    let o = call(
        "clock",
        &[("spent", n(4)), ("cards-left", n(9)), ("quarter", n(1))],
    )
    .unwrap();
    assert_eq!(o.fields["discard"], 4);
    assert_eq!(o.fields["cards_left"], 5);
    // FAQ: 3 cards left in the 1st quarter, the AI used 5: discard 3, quarter 2, discard 2, 13 left.
    let o = call(
        "clock",
        &[("spent", n(5)), ("cards-left", n(3)), ("quarter", n(1))],
    )
    .unwrap();
    assert_eq!(o.fields["discard"], 3);
    assert_eq!(o.fields["discard_next_quarter"], 2);
    assert_eq!(o.fields["quarter"], 2);
    assert_eq!(o.fields["cards_left"], 13);
    assert!(call(
        "clock",
        &[("spent", n(40)), ("cards-left", n(3)), ("quarter", n(1))]
    )
    .is_err());
}

fn notes(o: &Outcome) -> String {
    o.path
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn clock_reshuffles_the_spent_plays_when_a_drive_crosses_a_quarter() {
    for quarter in [1, 3] {
        let o = call(
            "clock",
            &[
                ("spent", n(5)),
                ("cards-left", n(3)),
                ("quarter", n(quarter)),
            ],
        )
        .unwrap();
        assert!(
            notes(&o).contains("Spent Plays so far are shuffled back into its Draw Pile"),
            "{o:?}"
        );
    }
    // A drive that ends inside the quarter: nothing about a quarter change.
    let o = call(
        "clock",
        &[("spent", n(2)), ("cards-left", n(3)), ("quarter", n(1))],
    )
    .unwrap();
    assert!(!notes(&o).contains("change to quarter"), "{o:?}");
}

#[test]
fn clock_stops_the_drive_at_half_time() {
    let o = call(
        "clock",
        &[("spent", n(5)), ("cards-left", n(3)), ("quarter", n(2))],
    )
    .unwrap();
    assert_eq!(o.fields["discard"], 3);
    assert_eq!(
        o.fields["discard_next_quarter"], 0,
        "nothing carries into the 3rd quarter"
    );
    assert_eq!(o.fields["quarter"], 3);
    assert_eq!(o.fields["cards_left"], 15);
    assert!(notes(&o).contains("half ends on its last card"), "{o:?}");
}

#[test]
fn time_outs_add_untimed_plays_as_in_the_faq() {
    // The FAQ: two plays left and three time-outs make five plays.
    let o = call(
        "time-outs",
        &[
            ("cards-left", Answer::Number(2)),
            ("time-outs", Answer::Number(3)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["plays"], 5);
    let lines: Vec<String> = o.path.iter().map(|s| s.to_string()).collect();
    assert!(lines[1].starts_with("play 1: a timed play"), "{lines:?}");
    assert!(lines[2].contains("time-outs left: 2"), "{lines:?}");
    assert!(lines[4].contains("time-outs left: 0"), "{lines:?}");
    assert!(lines[5].starts_with("play 5: the last card"), "{lines:?}");
    let o = call(
        "time-outs",
        &[
            ("cards-left", Answer::Number(1)),
            ("time-outs", Answer::Number(0)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["plays"], 1);
}

#[test]
fn prevent_halves_passes_and_the_minimum_gain_is_one_as_in_the_faq() {
    let gain = |answers: &[(&str, Answer)]| {
        let o = call("matchup", answers).unwrap();
        (
            o.fields["matchup"].as_i64().unwrap(),
            o.fields["gain"].as_i64().unwrap(),
        )
    };
    let n = Answer::Number;
    let (yes, no) = (Answer::Bool(true), Answer::Bool(false));
    // A medium pass of 6 against prevent: 3; a screen pass of 5: 3 (rounded up).
    let prevent = |v| {
        vec![
            ("offense-value", n(v)),
            ("pass", yes.clone()),
            ("prevent", yes.clone()),
            ("min-gain", no.clone()),
            ("game-day", n(0)),
        ]
    };
    assert_eq!(gain(&prevent(6)).0, 3);
    assert_eq!(gain(&prevent(5)).0, 3);
    // A short pass of 2 against a zone of 5 with the minimum-gain mark: 1, not -3; a +1 Game
    // Day card makes 2. A short pass of 3 against a goal line of 0: 3.
    let short = |off, def, card| {
        vec![
            ("offense-value", n(off)),
            ("pass", yes.clone()),
            ("prevent", no.clone()),
            ("defense-value", n(def)),
            ("min-gain", yes.clone()),
            ("game-day", n(card)),
        ]
    };
    assert_eq!(gain(&short(2, 5, 0)), (1, 1));
    assert_eq!(gain(&short(2, 5, 1)), (1, 2));
    assert_eq!(gain(&short(3, 0, 0)), (3, 3));
    // Without the mark a matchup can lose yards.
    let mut plain = short(2, 5, 0);
    plain[4] = ("min-gain", no.clone());
    assert_eq!(gain(&plain), (-3, -3));
}

#[test]
fn the_ai_offence_burns_a_card_each_down() {
    let p = PROCEDURES.iter().find(|p| p.id == "offense").unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let o = crate::charts::walk::drive_with(p, |q| -> Result<Answer, WalkError> {
        Ok(match &q.kind {
            Kind::YesNo => Answer::Bool(false),
            Kind::Number { min, .. } => Answer::Number((*min).max(1)),
            Kind::Choice { options } => Answer::Choice(options[0].0.clone()),
            Kind::Die { min, max, .. } => Answer::Die {
                value: rand::Rng::random_range(&mut rng, *min..=*max),
                rolled: true,
            },
            Kind::Text { .. } => Answer::Text(String::new()),
        })
    })
    .unwrap();
    assert!(o
        .path
        .iter()
        .any(|s| s.to_string().contains("burn the top card")));
}

#[test]
fn a_play_counts_one_card_and_the_quarters_last_card_starts_the_next() {
    use std::collections::BTreeMap;
    let facts = |pairs: &[(&str, i64)]| -> BTreeMap<String, Answer> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Answer::Number(*v)))
            .collect()
    };
    let counted = |pairs: &[(&str, i64)]| {
        let mut f = facts(pairs);
        count_play(&mut f);
        f
    };
    let f = counted(&[("cards-left", 1), ("quarter", 1)]);
    assert_eq!(f["quarter"], n(2));
    assert_eq!(f["cards-left"], n(15));
    assert_eq!(f["last-cards"], Answer::Bool(false));
    let f = counted(&[("cards-left", 6), ("quarter", 2)]);
    assert_eq!(f["cards-left"], n(5));
    assert_eq!(f["final-cards"], yes());
    assert_eq!(f["last-cards"], Answer::Bool(false));
    let f = counted(&[("cards-left", 1), ("quarter", 2)]);
    assert_eq!(
        (f["quarter"].clone(), f["cards-left"].clone()),
        (n(3), n(15))
    );
    let f = counted(&[("cards-left", 1), ("quarter", 4)]);
    assert_eq!(
        (f["quarter"].clone(), f["cards-left"].clone()),
        (n(4), n(0))
    );
    // The quarter not kept: only the count; none kept: nothing at all.
    assert_eq!(counted(&[("cards-left", 9)]), facts(&[("cards-left", 8)]));
    assert_eq!(counted(&[("quarter", 2)]), facts(&[("quarter", 2)]));
}
