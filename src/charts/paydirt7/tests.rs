//! Unit tests of the paydirt7 procedures: every modifier and special rule.

use super::*;
use crate::charts::walk::answers::{die, n, yes};
use crate::charts::walk::{call_for_test, Answer, Kind};

fn call(proc_id: &str, answers: &[(&str, Answer)]) -> Outcome {
    call_for_test(PROCEDURES, proc_id, answers, |q| {
        matches!(q.kind, Kind::YesNo).then_some(Answer::Bool(false))
    })
    .unwrap()
}

fn off(down: i64, to_go: i64, yl: i64, extra: &[(&str, Answer)], d10: i64, d20: i64) -> Outcome {
    let mut a = vec![
        ("down", n(down)),
        ("to-go", n(to_go)),
        ("yard-line", n(yl)),
        ("d10", die(d10)),
        ("d20", die(d20)),
    ];
    a.extend(extra.iter().cloned());
    call("offense", &a)
}

fn def(down: i64, to_go: i64, yl: i64, extra: &[(&str, Answer)], d20: i64) -> Outcome {
    let mut a = vec![
        ("down", n(down)),
        ("to-go", n(to_go)),
        ("yard-line", n(yl)),
        ("d20", die(d20)),
    ];
    a.extend(extra.iter().cloned());
    call("defense", &a)
}

fn f<'a>(o: &'a Outcome, k: &str) -> &'a serde_json::Value {
    &o.fields[k]
}

#[test]
fn situations_cover_every_down_and_distance_once() {
    for down in 1..=4 {
        for to_go in 1..=99 {
            let c = data().chart("down-yardage");
            let col = c.column_index(&down.to_string()).unwrap();
            let hits = c
                .rows
                .iter()
                .filter(|r| parse_span(&r.cells[col]).is_some_and(|s| s.contains(to_go)))
                .count();
            assert_eq!(hits, 1, "down {down}, {to_go} to go");
        }
    }
    assert_eq!(situation(1, 25), Some("AA"));
    assert_eq!(situation(1, 24), Some("A"));
    assert_eq!(situation(3, 3), Some("C"));
    assert_eq!(situation(4, 8), Some("A"));
    assert_eq!(situation(2, 8), Some("B"));
}

#[test]
fn l2_adds_two_to_the_d20() {
    // 1st and 30: AA; d10 5 -> L2; d20 20 + 2 = 22 -> razzle-dazzle.
    let o = off(1, 30, 60, &[], 5, 20);
    assert_eq!(f(&o, "situation"), "AA");
    assert_eq!(f(&o, "play_type"), "long");
    assert_eq!(f(&o, "modified_d20"), 22);
    assert_eq!(f(&o, "play"), "razzle-dazzle");
    // d20 19 + 2 = 21: same as 20 -> long pass.
    assert_eq!(f(&off(1, 30, 60, &[], 5, 19), "play"), "long pass");
    // Plain L (d10 4): no bonus, 20 -> long pass.
    let o = off(1, 30, 60, &[], 4, 20);
    assert_eq!(f(&o, "modified_d20"), 20);
}

#[test]
fn behind_caps_the_bonus_at_two() {
    let o = off(1, 30, 60, &[("behind", yes())], 5, 20);
    assert_eq!(f(&o, "modified_d20"), 22);
    let o = off(1, 30, 60, &[("behind", yes())], 5, 10);
    assert_eq!(f(&o, "modified_d20"), 12);
    assert_eq!(f(&o, "play"), "medium pass");
}

#[test]
fn ahead_takes_two_and_cancels_l2() {
    let o = off(1, 30, 60, &[("ahead", yes())], 5, 10);
    assert_eq!(f(&o, "modified_d20"), 10);
    let o = off(2, 5, 60, &[("ahead", yes())], 1, 1);
    assert_eq!(f(&o, "play_type"), "short");
    assert_eq!(f(&o, "modified_d20"), -1);
    assert_eq!(f(&o, "play"), "line plunge");
}

#[test]
fn behind_adds_one_to_the_d10() {
    // Situation A, d10 3 -> S; behind reads row 4 -> L.
    assert_eq!(f(&off(1, 15, 60, &[], 3, 1), "play_type"), "short");
    let o = off(1, 15, 60, &[("behind", yes())], 3, 1);
    assert_eq!(f(&o, "play_type"), "long");
    assert_eq!(f(&o, "d10"), 3);
    // d10 10 + 1 reads row 10; C column: L; behind +2 -> 3 -> draw.
    let o = off(4, 1, 60, &[("behind", yes())], 10, 1);
    assert_eq!(f(&o, "situation"), "C");
    assert_eq!(f(&o, "play_type"), "long");
    assert_eq!(f(&o, "play"), "draw");
}

#[test]
fn inside_the_20_uses_the_alternate_long_column() {
    // Situation B (1st and 10), d10 10 -> L; d20 15 -> (LO) outside, (MO) inside.
    assert_eq!(f(&off(1, 10, 21, &[], 10, 15), "play"), "LO");
    assert_eq!(f(&off(1, 10, 20, &[], 10, 15), "play"), "MO");
    assert_eq!(f(&off(1, 10, 20, &[], 10, 18), "play"), "medium pass");
    assert_eq!(f(&off(1, 10, 20, &[], 10, 20), "play"), "sideline pass");
    // Rows below 15 do not change.
    assert_eq!(f(&off(1, 10, 5, &[], 10, 14), "play"), "sideline pass");
    assert_eq!(f(&off(1, 10, 5, &[], 10, 11), "play"), "medium pass");
    // Short plays never use it.
    assert_eq!(f(&off(1, 10, 5, &[], 1, 15), "play"), "SO");
    // Behind: 19 + 2 = 21 inside -> sideline pass; 20 + 2 = 22 -> razzle-dazzle.
    assert_eq!(
        f(&off(1, 10, 10, &[("behind", yes())], 10, 19), "play"),
        "sideline pass"
    );
    assert_eq!(
        f(&off(1, 10, 10, &[("behind", yes())], 10, 20), "play"),
        "razzle-dazzle"
    );
}

#[test]
fn razzle_dazzle_only_on_22() {
    let mut seen = false;
    for d10 in 1..=10 {
        for d20 in 1..=20 {
            for extra in [vec![], vec![("behind", yes())], vec![("ahead", yes())]] {
                let o = off(1, 30, 50, &extra, d10, d20);
                let is_rd = f(&o, "play") == "razzle-dazzle";
                assert_eq!(is_rd, f(&o, "modified_d20") == 22);
                seen |= is_rd;
            }
        }
    }
    assert!(seen);
}

#[test]
fn defense_reads_situation_column() {
    let o = def(1, 10, 50, &[], 3);
    assert_eq!(f(&o, "situation"), "B");
    assert_eq!(f(&o, "column"), "B");
    assert_eq!(f(&o, "defense"), "SD");
    let o = def(1, 30, 50, &[], 13);
    assert_eq!(f(&o, "defense"), "LD");
}

#[test]
fn crunch_within_the_11() {
    let o = def(1, 10, 11, &[], 1);
    assert_eq!(f(&o, "column"), "crunch");
    assert_eq!(f(&o, "situation"), "B");
    assert_eq!(f(&o, "defense"), "F");
    let o = def(1, 10, 12, &[], 1);
    assert_eq!(f(&o, "column"), "B");
    assert_eq!(f(&o, "defense"), "B");
}

#[test]
fn blitz_marks_need_a_yes_rating() {
    // AA row 3: C#.
    assert_eq!(f(&def(1, 30, 50, &[], 3), "defense"), "C");
    assert_eq!(
        f(&def(1, 30, 50, &[("blitz", yes())], 3), "defense"),
        "blitz"
    );
    // Unmarked cells ignore the rating.
    assert_eq!(f(&def(1, 30, 50, &[("blitz", yes())], 4), "defense"), "C");
    // Crunch row 8: B#.
    assert_eq!(f(&def(1, 5, 8, &[("blitz", yes())], 8), "defense"), "blitz");
}

#[test]
fn e_becomes_d_inside_the_20() {
    assert_eq!(f(&def(1, 30, 21, &[], 18), "defense"), "E");
    assert_eq!(f(&def(1, 30, 20, &[], 18), "defense"), "D");
    // E# with a YES rating stays a blitz inside the 20.
    assert_eq!(
        f(&def(1, 30, 20, &[("blitz", yes())], 17), "defense"),
        "blitz"
    );
    assert_eq!(f(&def(1, 30, 20, &[], 17), "defense"), "D");
}

#[test]
fn defense_modifiers_and_overflow() {
    // Ahead: +2; 20 + 2 = 22 reads 21+ = same as 20.
    let o = def(3, 2, 50, &[("ahead", yes())], 20);
    assert_eq!(f(&o, "modified_d20"), 22);
    assert_eq!(f(&o, "defense"), "A");
    // Behind: -2; 1 - 2 = -1 reads row 1.
    let o = def(3, 2, 50, &[("behind", yes())], 1);
    assert_eq!(f(&o, "modified_d20"), -1);
    assert_eq!(f(&o, "defense"), "F");
    let o = def(1, 30, 50, &[("behind", yes())], 12);
    assert_eq!(f(&o, "defense"), "D");
}

#[test]
fn status_applies_the_margins() {
    let st = |time: &str, margin: i64| {
        let o = call(
            "status",
            &[("time", Answer::Choice(time.into())), ("margin", n(margin))],
        );
        o.fields["status"].as_str().unwrap().to_string()
    };
    assert_eq!(st("first-half", -30), "neither");
    assert_eq!(st("3rd-early", -30), "neither");
    assert_eq!(st("3rd-late", -15), "behind");
    assert_eq!(st("3rd-late", -14), "neither");
    assert_eq!(st("3rd-late", 15), "ahead");
    assert_eq!(st("4th-early", -8), "behind");
    assert_eq!(st("4th-early", 7), "neither");
    assert_eq!(st("4th-late", -1), "behind");
    assert_eq!(st("4th-late", 1), "ahead");
    assert_eq!(st("4th-late", 0), "neither");
}

#[test]
fn every_printed_play_has_a_reported_name() {
    let allowed = [
        "line plunge",
        "off tackle",
        "end run",
        "screen",
        "SO",
        "short pass",
        "draw",
        "MO",
        "medium pass",
        "sideline pass",
        "LO",
        "long pass",
        "razzle-dazzle",
    ];
    for row in &data().chart("off-play").rows {
        for cell in &row.cells {
            if cell.is_empty() || cell.starts_with("same as") {
                continue;
            }
            let name = data()
                .play_names
                .get(cell)
                .unwrap_or_else(|| panic!("{cell}"));
            assert!(allowed.contains(&name.as_str()), "{name}");
        }
    }
}
