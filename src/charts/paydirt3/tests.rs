//! Unit tests of the paydirt3 procedures: every modifier and special rule.

use super::*;
use crate::charts::walk::answers::{die, n};
use crate::charts::walk::{call_for_test, Answer, Kind, WalkError};

fn call(id: &str, answers: &[(&str, Answer)]) -> Result<Outcome, WalkError> {
    call_for_test(PROCEDURES, id, answers, |q| match q.kind {
        Kind::YesNo => Some(Answer::Bool(false)),
        _ if q.id == "table" => Some(Answer::Choice("auto".into())),
        _ if q.id == "lead" => Some(Answer::Number(0)),
        _ => None,
    })
}

fn table_of(a: &[(&str, Answer)]) -> String {
    call("defense", a).unwrap().fields["table"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn defence_table_precedence() {
    // Goal line beats prevent; prevent beats down and distance.
    let gl = [
        ("yard-line", n(5)),
        ("two-minutes", Answer::Bool(true)),
        ("roll", die(1)),
    ];
    assert_eq!(table_of(&gl), "goal-line");
    let pv = [
        ("yard-line", n(6)),
        ("two-minutes", Answer::Bool(true)),
        ("roll", die(1)),
    ];
    assert_eq!(table_of(&pv), "prevent");
    let lead = [("yard-line", n(40)), ("lead", n(21)), ("roll", die(1))];
    assert_eq!(table_of(&lead), "prevent");
    let lead20 = [
        ("yard-line", n(40)),
        ("lead", n(20)),
        ("down", n(1)),
        ("to-go", n(10)),
        ("roll", die(1)),
    ];
    assert_eq!(table_of(&lead20), "1st-10");
    for (down, to_go, t) in [
        (2, 4, "2nd-1-4"),
        (2, 5, "2nd-5-10"),
        (3, 3, "3rd-1-3"),
        (3, 10, "3rd-4-10"),
    ] {
        let a = [
            ("yard-line", n(40)),
            ("down", n(down)),
            ("to-go", n(to_go)),
            ("roll", die(2)),
        ];
        assert_eq!(table_of(&a), t);
    }
}

#[test]
fn uncovered_situations_are_refused_with_the_list() {
    let a = [
        ("yard-line", n(40)),
        ("down", n(4)),
        ("to-go", n(2)),
        ("roll", die(1)),
    ];
    let e = call("defense", &a).unwrap_err();
    assert_eq!(e.id, "to-go");
    assert!(e.message.contains("2nd and 1-4 yards"), "{}", e.message);
    assert!(call(
        "defense",
        &[
            ("yard-line", n(40)),
            ("down", n(1)),
            ("to-go", n(9)),
            ("roll", die(1))
        ]
    )
    .is_err());
    // An explicit table always works.
    let o = call(
        "defense",
        &[
            ("table", Answer::Choice("3rd-4-10".into())),
            ("roll", die(4)),
        ],
    )
    .unwrap();
    assert_eq!(o.fields["defense"], "E");
}

#[test]
fn defence_reads_the_roll() {
    let o = call("defense", &[("yard-line", n(3)), ("roll", die(5))]).unwrap();
    assert_eq!(o.fields["defense"], "D");
    assert!(
        call("defense", &[("yard-line", n(3)), ("roll", die(6))]).is_err(),
        "rolls run 1-5"
    );
}

#[test]
fn offence_rows_cover_every_down_and_distance_once() {
    let rows = offense_rows();
    assert_eq!(rows.len(), 12);
    for down in 1..=4 {
        for to_go in 1..=99 {
            let hits = rows
                .iter()
                .filter(|(d, s, _)| *d == down && s.contains(to_go))
                .count();
            assert_eq!(hits, 1, "down {down}, {to_go}");
        }
    }
    let o = call(
        "offense",
        &[("down", n(3)), ("to-go", n(9)), ("d20", die(6))],
    )
    .unwrap();
    assert_eq!(o.fields["result"], "C");
    assert_eq!(o.fields["row"], "down 3, > 8");
    let o = call(
        "offense",
        &[("down", n(1)), ("to-go", n(6)), ("d20", die(2))],
    )
    .unwrap();
    assert_eq!(o.fields["result"], "B");
    let o = call(
        "offense",
        &[("down", n(1)), ("to-go", n(7)), ("d20", die(2))],
    )
    .unwrap();
    assert_eq!(o.fields["result"], "A");
}
