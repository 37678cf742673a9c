//! The computer's judgement: one-ply evaluation of every legal choice, with a noise that
//! shrinks as the level rises, and card counting from the public discard pile at the top
//! levels.

use rand::Rng;

use super::Level;
use crate::cards::{Card, Suit, DISTINCT, TOP_RANK};
use crate::engine::delivery::{call_for, stroke, Call};
use crate::engine::tables::{byes_for, runs_for, weakest_defence};
use crate::engine::{Choice, Decision, Election, View};

/// What losing a wicket is worth in runs.
const WICKET: f32 = 30.0;
/// What a card of rank `r` is worth kept in the hand, relative to an average draw.
fn keep(card: Card) -> f32 {
    0.35 * (card.rank() as f32 - 6.0)
}

/// Chooses for the side to act.
pub fn decide<G: Rng + ?Sized>(level: Level, view: &View<'_>, rng: &mut G) -> Choice {
    if level.get() == 1 && !matches!(view.decision, Decision::Respond { .. }) {
        return novice(view, rng);
    }
    match view.decision {
        Decision::Elect => Choice::Elect(Election::Bat),
        Decision::OpeningDiscard => opening_discard(view),
        Decision::Declare => declare(level, view),
        Decision::Bowl => best(level, view, rng, |c| bowl_value(level, view, c)),
        Decision::Respond { bowled, call } => respond(level, view, bowled, call, rng),
        Decision::Exchange => exchange(view),
    }
}

/// A novice picks any legal choice, but never declares.
fn novice<G: Rng + ?Sized>(view: &View<'_>, rng: &mut G) -> Choice {
    if view.decision == Decision::Declare {
        return Choice::Continue;
    }
    let choices = view.legal_choices();
    choices[rng.random_range(0..choices.len() as u32) as usize]
}

/// The card with the best value (plus the level's noise).
fn best<G: Rng + ?Sized>(level: Level, view: &View<'_>, rng: &mut G, value: impl Fn(Card) -> f32) -> Choice {
    let noise = noise(level);
    let mut best = (f32::MIN, view.hand[0]);
    for &c in view.hand {
        let v = value(c) + if noise > 0.0 { rng.random_range(-noise..noise) } else { 0.0 };
        if v > best.0 {
            best = (v, c);
        }
    }
    Choice::Card(best.1)
}

fn noise(level: Level) -> f32 {
    [6.0, 3.0, 1.5, 0.5, 0.0][level.get() as usize - 1]
}

/// Copies of each card the side has not seen: two of each, less its hand and the discard
/// pile.
fn unseen(view: &View<'_>) -> [u8; DISTINCT] {
    let mut left = [2u8; DISTINCT];
    for (i, n) in view.public.discard_counts.iter().enumerate() {
        left[i] = left[i].saturating_sub(*n);
    }
    for c in view.hand {
        left[c.index()] = left[c.index()].saturating_sub(1);
    }
    left
}

/// The bowler's value of bowling `card` now.
fn bowl_value(level: Level, view: &View<'_>, card: Card) -> f32 {
    let p = view.public;
    let (top, nbs) = (p.top.expect("top card"), p.no_ball_suit.expect("no-ball suit"));
    let base = match call_for(&p.options, card, top, nbs) {
        Call::NoBall => -8.0 - card.rank() as f32 * 0.3,
        Call::Wide => -2.0,
        Call::Bye => -(byes_for(card.rank()) as f32) - 0.5,
        _ if level.get() >= 4 => normal_value(view, card),
        _ => card.rank() as f32 * 0.8,
    };
    base + last_ball_bonus(view, card)
}

/// Counting the unseen cards: the chance the batsman has no safe answer (a wicket) against
/// the runs he could take.
fn normal_value(view: &View<'_>, card: Card) -> f32 {
    let left = unseen(view);
    let total: u32 = left.iter().map(|&n| n as u32).sum();
    let striker = view.public.striker;
    let (mut safe, mut runs) = (0u32, 0.0f32);
    for (i, &n) in left.iter().enumerate() {
        let c = Card::from_index(i);
        let o = stroke(card, c, striker);
        if o.wicket.is_none() {
            safe += n as u32;
        }
        runs += n as f32 * o.runs as f32;
    }
    let hold = view.public.hand_sizes[view.side.other().index()].max(1) as u32;
    let p_out = none_of(total, safe, hold);
    WICKET * p_out - 0.3 * runs / total.max(1) as f32
}

/// The chance that `hold` cards drawn from `total` include none of `good`.
fn none_of(total: u32, good: u32, hold: u32) -> f32 {
    let mut p = 1.0f32;
    for i in 0..hold {
        if total <= i {
            break;
        }
        p *= (total.saturating_sub(good + i)) as f32 / (total - i) as f32;
    }
    p
}

/// On the over's last counting ball the card's suit becomes the next no-ball suit: better a
/// suit the bowler holds little of.
fn last_ball_bonus(view: &View<'_>, card: Card) -> f32 {
    if view.public.balls_in_over != 5 {
        return 0.0;
    }
    let held = view.hand.iter().filter(|c| c.suit() == card.suit()).count() as f32;
    -(held - 1.0) * 0.6
}

fn respond<G: Rng + ?Sized>(level: Level, view: &View<'_>, bowled: Card, call: Call, rng: &mut G) -> Choice {
    if level.get() == 1 && rng.random_bool(0.5) {
        return novice(view, rng);
    }
    let striker = view.public.striker;
    let value = |c: Card| match call {
        Call::NoBall if c.rank() > bowled.rank() => runs_for(c.rank() - bowled.rank()) as f32 - keep(c),
        Call::NoBall => -keep(c),
        _ => {
            let o = stroke(bowled, c, striker);
            let lost = if o.wicket.is_some() { WICKET } else { 0.0 };
            o.runs as f32 - lost - keep(c)
        }
    };
    let Choice::Card(card) = best(level, view, rng, value) else { unreachable!() };
    let no_card = match (call, view.public.top) {
        (Call::NoBall, _) => Some(0.0),
        (Call::Wide, Some(top)) => Some(wides_if_taken(bowled, top)),
        _ => None,
    };
    match no_card {
        Some(v) if v >= value(card) => Choice::NoCard,
        _ => Choice::Card(card),
    }
}

/// What taking the wide is worth (the top card is still the one before the bowler's).
fn wides_if_taken(bowled: Card, _top_after: Card) -> f32 {
    if bowled.rank() == TOP_RANK {
        2.5
    } else {
        1.0
    }
}

/// The bowling side throws away a card of the suit it holds least of (it becomes the first
/// no-ball suit); the batting side throws away its lowest card.
fn opening_discard(view: &View<'_>) -> Choice {
    let bowling = view.public.first_bat != view.side;
    let held = |s: Suit| view.hand.iter().filter(|c| c.suit() == s).count();
    let key = |c: &&Card| if bowling { (held(c.suit()), c.rank()) } else { (0, c.rank()) };
    Choice::Card(*view.hand.iter().min_by_key(key).expect("seven cards"))
}

/// Give up the lowest cards, worst first, when they are weak (the lower order cannot even
/// defend with them).
fn exchange(view: &View<'_>) -> Choice {
    let weak = 3.max(weakest_defence(view.public.striker) + 1);
    let mut low: Vec<Card> = view.hand.iter().copied().filter(|c| c.rank() <= weak).collect();
    low.sort_by_key(|c| c.rank());
    Choice::Exchange([low.first().copied(), low.get(1).copied()])
}

/// Declares in the third innings with a lead the side can defend in the time left.
fn declare(level: Level, view: &View<'_>) -> Choice {
    let p = view.public;
    if level.get() < 3 || p.innings_number() != 3 {
        return Choice::Continue;
    }
    let me = p.batting();
    let lead = p.aggregate(me) as i32 - p.aggregate(me.other()) as i32;
    let packs_left = p.packs_left() as i32;
    if lead >= 250 || (lead >= 120 && packs_left <= 8) {
        Choice::Declare
    } else {
        Choice::Continue
    }
}
