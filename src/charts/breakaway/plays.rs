//! Breakaway's end-of-half time-outs and the arithmetic of a play's matchup (prevent defence
//! halving a pass, the minimum gain of 1), as the solo rules and FAQ describe them.

use serde_json::json;

use super::super::fields;
use super::super::walk::{Answer, Ctx, Flow, Outcome};

/// The AI's last plays of a half with time-outs left: each time-out is one more, untimed
/// play, so the plays left are the cards left plus the time-outs.
pub(super) fn time_outs(ctx: &mut Ctx) -> Flow<Outcome> {
    let cards = ctx.number(
        "cards-left",
        "Cards (plays) left in the half on your clock?",
        1,
        15,
    )?;
    let outs = ctx.number("time-outs", "Time-outs the AI has left?", 0, 3)?;
    let total = cards + outs;
    ctx.fact(
        "plays left",
        format!("{cards} on the clock + {outs} time-outs = {total}"),
    );
    let mut plays = Vec::new();
    let mut left = outs;
    for play in 1..=total {
        let what = if play < cards {
            "a timed play: its card goes to the AI's Spent Plays".to_string()
        } else if play < total {
            left -= 1;
            format!("a time-out, untimed: its card goes to the burn pile; time-outs left: {left}")
        } else {
            "the last card of the half: an offence play or a field goal".to_string()
        };
        ctx.note(format!("play {play}: {what}"));
        plays.push(what);
    }
    if outs > 0 {
        ctx.set_fact(
            "time-outs",
            Answer::Number(0),
            "all played out in these plays",
        );
    }
    ctx.done(
        format!("{total} plays left in the half ({cards} cards + {outs} time-outs)"),
        fields([
            ("cards_left", json!(cards)),
            ("time_outs", json!(outs)),
            ("plays", json!(total)),
            ("timed", json!(cards)),
            ("untimed", json!(outs)),
        ]),
    )
}

/// A play's matchup before the Game Day card: the offence value less the defence value; a
/// pass against prevent defence is worth half its value instead (rounded up); a play with the
/// "minimum gain = 1" mark gains at least 1. The Game Day card's number is added last.
pub(super) fn matchup(ctx: &mut Ctx) -> Flow<Outcome> {
    let offence = ctx.number(
        "offense-value",
        "Your play's offence value on its card?",
        -10,
        30,
    )?;
    let pass = ctx.yes_no("pass", "Is it a pass play?")?;
    let prevent = ctx.yes_no("prevent", "Is the defence call Prevent?")?;
    let base = if prevent && pass {
        let half = (offence + 1).div_euclid(2);
        ctx.note(format!(
            "a pass against prevent: half of {offence}, rounded up = {half}"
        ));
        half
    } else {
        if prevent {
            ctx.note("prevent halves passes only: this play meets the defence value as usual");
        }
        let defence = ctx.number(
            "defense-value",
            "The defence's value against this play?",
            -10,
            30,
        )?;
        let gain = offence - defence;
        ctx.note(format!("{offence} - {defence} = {gain}"));
        gain
    };
    let min_gain = ctx.yes_no(
        "min-gain",
        "Does the play carry the 'minimum gain = 1' mark?",
    )?;
    let base = if min_gain && base < 1 {
        ctx.note(format!("minimum gain: {base} becomes 1"));
        1
    } else {
        base
    };
    let card = ctx.number(
        "game-day",
        "What does the Game Day card add to this play (0 if nothing)?",
        -30,
        30,
    )?;
    let total = base + card;
    if card != 0 {
        ctx.note(format!("Game Day card {card:+}: {base} -> {total}"));
    }
    ctx.done(
        format!("gain of {total} (matchup {base}, Game Day card {card:+})"),
        fields([
            ("matchup", json!(base)),
            ("game_day", json!(card)),
            ("gain", json!(total)),
        ]),
    )
}
