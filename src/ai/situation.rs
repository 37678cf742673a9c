//! The match situation as the computer reads it: time left in cards and deliveries, who
//! faces the next ball and under which no-ball suit, and what a wicket is worth in runs.

use crate::cards::{Card, Suit, HAND, PACK_SIZE};
use crate::engine::state::BALLS_PER_OVER;
use crate::engine::PublicState;

/// Cards in a new pack: the 110 less both hands and the discard pile's top card.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a pack's cards, under 110, fit a u16"
)]
pub const CARDS_PER_PACK: u16 = (PACK_SIZE - 2 * HAND - 1) as u16;
/// Cards a delivery uses up on average (bowler and batsman each draw; byes, wides taken and
/// no-balls left alone take one).
pub const CARDS_PER_DELIVERY: f32 = 1.97;
/// Runs a wicket is worth by default: about the runs a wicket costs in first-class cricket.
pub const WICKET_RUNS: f32 = 20.0;

/// Cards still to be drawn in the match.
pub fn cards_left(p: &PublicState) -> u32 {
    if p.exhausted {
        0
    } else {
        p.pickup_left as u32 + p.packs_left() as u32 * CARDS_PER_PACK as u32
    }
}

/// Deliveries the match has left, about.
#[expect(
    clippy::cast_precision_loss,
    reason = "counts of cards and balls, far below 2^24: exact as an f32"
)]
pub fn deliveries_left(p: &PublicState) -> f32 {
    cards_left(p) as f32 / CARDS_PER_DELIVERY + BALLS_PER_OVER as f32 - p.balls_in_over as f32
}

/// Wickets the batting side must still take to win if it declares now: every wicket of each
/// innings the other side has still to bat (two after a first-innings declaration, one after
/// a second or a third), for a side that is neither all out nor declares cannot lose. After
/// a fourth-innings declaration it cannot win at all: `None`.
pub fn wickets_to_win(p: &PublicState) -> Option<u16> {
    let all_out = p.options.all_out() as u16;
    match p.innings_number() {
        1 => Some(2 * all_out),
        2 | 3 => Some(all_out),
        _ => None,
    }
}

/// The batting side's lead over the other side (negative when behind), all innings so far.
pub fn lead(p: &PublicState) -> i32 {
    let bat = p.batting();
    p.aggregate(bat) as i32 - p.aggregate(bat.other()) as i32
}

/// Whether the delivery about to be answered completes the over if it counts.
pub fn completes_over(p: &PublicState) -> bool {
    p.balls_in_over + 1 == BALLS_PER_OVER
}

/// The no-ball suit of the next delivery, after one bowled with `bowled` that counts or not.
/// `None` when the no-ball rule is off.
pub fn next_no_ball_suit(p: &PublicState, bowled: Card, counts: bool) -> Option<Suit> {
    if !p.options.no_balls {
        None
    } else if counts && completes_over(p) {
        Some(bowled.suit())
    } else {
        p.no_ball_suit
    }
}

/// The batsman on strike for the next delivery, after this one scores `ran` runs (off the
/// bat or byes), takes a wicket or not, and counts in the over or not.
pub fn next_striker(p: &PublicState, ran: u8, wicket: bool, counts: bool) -> u8 {
    let striker = if wicket { p.next_batsman } else { p.striker };
    let (mut on, mut off) = (striker, p.non_striker);
    if ran % 2 == 1 {
        std::mem::swap(&mut on, &mut off);
    }
    if counts && completes_over(p) {
        std::mem::swap(&mut on, &mut off);
    }
    on
}
