//! The novice: legal, often careless. It bowls any card, answers with any card half the
//! time (otherwise it plays like the village batsman), never declares and never changes a
//! card. It allocates nothing, so its cost is close to the engine's own.

use rand::Rng;

use crate::cards::Card;
use crate::engine::delivery::Call;
use crate::engine::{Choice, Election, View};

use super::batting::village_answer;

/// Any card of the hand.
pub fn any_card<G: Rng + ?Sized>(hand: &[Card], rng: &mut G) -> Choice {
    Choice::Card(hand[rng.random_range(0..hand.len() as u32) as usize])
}

/// Bat or bowl, at random.
pub fn elect<G: Rng + ?Sized>(rng: &mut G) -> Choice {
    Choice::Elect(if rng.random_bool(0.5) {
        Election::Bat
    } else {
        Election::Bowl
    })
}

/// In `share` of the balls any legal answer (no card where allowed), else the village answer.
pub fn answer<G: Rng + ?Sized>(
    view: &View<'_>,
    (bowled, call, top_before): (Card, Call, Card),
    share: f64,
    rng: &mut G,
) -> Choice {
    if !rng.random_bool(share) {
        return village_answer(view, bowled, call, top_before);
    }
    let extra = call.allows_no_card() as u32;
    let pick = rng.random_range(0..view.hand.len() as u32 + extra) as usize;
    view.hand
        .get(pick)
        .map_or(Choice::NoCard, |&c| Choice::Card(c))
}
