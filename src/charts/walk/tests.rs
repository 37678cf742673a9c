//! The walk driven by hand: answers checked, taken back, rolled, and kept as facts.

use super::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn an_empty_answer_is_asked_for_and_a_wrong_one_quoted() {
    let q = Question {
        id: "behind".into(),
        prompt: "Is the AI behind?".into(),
        kind: Kind::YesNo,
        step: None,
        names: Vec::new(),
    };
    let said = |input: &str| parse_answer(&q, input).unwrap_err().message;
    assert_eq!(said(""), "An answer is needed: yes or no");
    assert_eq!(said("  "), "An answer is needed: yes or no");
    assert_eq!(said("nono"), "'nono' is not yes or no");
    assert_eq!(parse_answer(&q, " No "), Ok(Answer::Bool(false)));
}

fn sample(ctx: &mut Ctx) -> Flow<Outcome> {
    let n = ctx.number("n", "How many?", 1, 5)?;
    if n == 4 {
        return Err(ctx.invalid("n", "four is not allowed here"));
    }
    let big = if n > 2 {
        ctx.yes_no("big", "Big?")?
    } else {
        false
    };
    let c = ctx.choice("colour", "Colour?", &[("red", "Red"), ("blue", "Blue")])?;
    let d = ctx.die("d6", "d6", 1, 6)?;
    ctx.note("done");
    ctx.done(format!("{n} {big} {c} {d}"), serde_json::Map::new())
}

static SAMPLE: Procedure = Procedure {
    id: "sample",
    title: "Sample",
    about: "",
    params: &[],
    run: sample,
};

#[test]
fn walks_forward_back_and_restarts() {
    let mut w = Walk::new(&SAMPLE);
    assert_eq!(w.question().unwrap().id, "n");
    w.answer(Answer::Number(3)).unwrap();
    assert_eq!(w.question().unwrap().id, "big");
    w.answer_text("yes").unwrap();
    assert_eq!(w.question().unwrap().id, "colour");
    assert!(w.back());
    assert_eq!(w.question().unwrap().id, "big");
    w.answer(Answer::Bool(false)).unwrap();
    w.answer_text("2").unwrap(); // option number 2 = blue
    w.answer_text("6").unwrap();
    let o = w.outcome().unwrap();
    assert_eq!(o.result, "3 false blue 6");
    assert_eq!(
        o.path[0],
        Step::Roll {
            die: "d6".into(),
            value: 6,
            rolled: false
        }
    );
    assert!(
        w.answer(Answer::Number(1)).is_err(),
        "a finished walk takes no answers"
    );
    w.restart();
    assert_eq!(w.question().unwrap().id, "n");
    assert!(w.answers().is_empty());
    assert!(!Walk::new(&SAMPLE).back());
}

#[test]
fn refuses_bad_answers_without_changing_state() {
    let mut w = Walk::new(&SAMPLE);
    assert!(w.answer(Answer::Number(9)).is_err());
    assert!(w.answer(Answer::Bool(true)).is_err());
    let e = w.answer(Answer::Number(4)).unwrap_err();
    assert_eq!(e.message, "four is not allowed here");
    assert!(w.answers().is_empty());
    w.answer(Answer::Number(1)).unwrap();
    assert!(w.answer(Answer::Choice("green".into())).is_err());
    w.answer(Answer::Choice("RED".into())).unwrap();
    assert_eq!(w.answers()[1].1, Answer::Choice("red".into()));
    assert!(w.answer_text("7").is_err());
    assert!(w.answer_text("x").is_err());
}

#[test]
fn seeded_rolls_repeat() {
    let run = |seed| {
        let mut w = Walk::new(&SAMPLE);
        w.answer(Answer::Number(1)).unwrap();
        w.answer(Answer::Choice("red".into())).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let v = w.roll(&mut rng).unwrap();
        assert!((1..=6).contains(&v));
        assert!(w.roll(&mut rng).is_err(), "nothing left to roll");
        w.outcome().unwrap().path[0].clone()
    };
    assert_eq!(run(7), run(7));
    let rolled: std::collections::BTreeSet<String> = (0..40).map(|s| run(s).to_string()).collect();
    assert!(rolled.len() > 1, "different seeds give different rolls");
}

#[test]
fn drive_with_stops_at_the_first_error() {
    let r: Result<Outcome, WalkError> = drive_with(&SAMPLE, |q| match q.id.as_str() {
        "n" => Ok(Answer::Number(2)),
        "colour" => Ok(Answer::Choice("blue".into())),
        other => Err(WalkError {
            id: other.into(),
            message: "missing".into(),
        }),
    });
    assert_eq!(r.unwrap_err().id, "d6");
}

fn rolled_on(value: i64, mods: &[(i64, &str)], rows: Option<(i64, i64)>) -> (Rolled, Vec<Step>) {
    let answers = [(
        "d10".to_string(),
        Answer::Die {
            value,
            rolled: false,
        },
    )];
    let mut ctx = Ctx::new(&answers);
    let r = ctx
        .roll_modified("d10", "d10 (play)", (1, 10), mods, rows)
        .unwrap();
    (r, ctx.path)
}

#[test]
fn a_modified_roll_records_each_modifier_and_reads_off_chart_totals_on_the_edge() {
    let (r, path) = rolled_on(
        9,
        &[(1, "behind"), (0, "nothing"), (2, "L2")],
        Some((1, 10)),
    );
    assert_eq!(
        r,
        Rolled {
            roll: 9,
            total: 12,
            row: 10
        }
    );
    let lines: Vec<String> = path.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        lines,
        [
            "d10 (play) = 9 (your roll)",
            "d10 +1 (behind) -> 10",
            "d10 +2 (L2) -> 12",
            "12 is off the chart: read row 10"
        ]
    );
    let (r, path) = rolled_on(1, &[(-3, "DRM")], None);
    assert_eq!((r.total, r.row, path.len()), (-2, -2, 2));
    let (r, _) = rolled_on(1, &[(-3, "DRM")], Some((1, 10)));
    assert_eq!(r.row, 1);
}
