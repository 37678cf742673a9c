//! Bowling: the card bowled at each delivery, and the bowling side's opening discard (which
//! sets the first over's no-ball suit).
//!
//! Every level bowls with one counting bowler, weighted by its [`Attack`] (`profile.rs`).
//! From its hand and the cards it has seen (and, at a level that keeps one, the memory of
//! the other hand) it prices each card: a fair ball by the chance the batsman holds no safe
//! answer, times a wicket's worth, less the runs he could take from it (by the average hand;
//! the professional leaves them out and plays for wickets); a no-ball, wide or bye by the
//! extras it would give; every card less its worth kept for a better moment; and, on a ball
//! that ends the over, what the no-ball suit it sets would cost it in the next (with the
//! innings' last wicket to take, a suit the other side holds is favoured: the other side
//! bowls the next innings' first over). While it holds a fair card it bowls no no-ball. A
//! level below the professional strays among the cards as its mistakes say, never into a
//! no-ball it could avoid. Its opening discard is a card of the suit it holds least of.

use std::sync::LazyLock;

use rand::Rng;

use crate::cards::{Card, Suit, DEAL, PACK_SIZE, TOP_RANK};
use crate::engine::delivery::{byes, call_for, wides_for};
use crate::engine::tables::{weakest_defence, RUNS_BY_DIFFERENCE};
use crate::engine::{Call, Choice, View};

use super::batting::Cards;
use super::counting::{masks, none_of, Draws, OtherHand, Unseen};
use super::mistakes::Mistakes;
use super::situation::completes_over;

/// The bowling side's judgement, in runs: a wicket's worth, a run's worth (less than one
/// when runs no longer decide the match), how much of a card's future worth to keep, and
/// what each card of a suit held costs when that suit is the no-ball suit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attack {
    pub wicket: f32,
    pub run: f32,
    /// The share of the runs the batsman could take that he is expected to take.
    pub runs_taken: f32,
    pub keep: f32,
    pub no_ball_suit_card: f32,
    /// On a ball that may end the innings, favour a next no-ball suit the other side holds
    /// (it bowls the next innings' first over).
    pub parting_suit: bool,
    /// Never bowl a no-ball while a fair card (not a no-ball, wide or bye) is held: a no-ball
    /// does not count, so the fair ball must still be bowled after it.
    pub fair_before_no_ball: bool,
}

/// The chance a card of `rank` takes a wicket against six cards dealt at random from a full
/// double pack, against a top-order batsman (what a card is worth to a bowler in general).
#[expect(
    clippy::cast_possible_truncation,
    reason = "the double pack's size, 110 cards, fits a u16"
)]
pub fn general_wicket_chance(rank: u8) -> f32 {
    let same_suit = 22;
    let higher_elsewhere = 8 * (TOP_RANK + 1 - rank) as u16;
    none_of(PACK_SIZE as u16, same_suit + higher_elsewhere, 6)
}

/// The counting bowler's pick (with a level's `mistakes`, among the cards it priced).
///
/// Every card is priced as a fair ball and as the extra it may be, and the call picks the
/// price: the choice between them depends on the cards and is hard to predict, and the
/// work is small, so it is cheaper to do it all than to branch.
#[allow(clippy::too_many_arguments)]
pub fn counting_ball<G: Rng + ?Sized>(
    view: &View<'_>,
    cards: &Cards,
    unseen: &Unseen,
    batsman: OtherHand,
    attack: Attack,
    general: &[f32; 12],
    mistakes: Mistakes,
    rng: &mut G,
) -> Choice {
    let (mut values, best) = counting_prices(view, cards, unseen, batsman, attack, general);
    if mistakes.strays() && attack.fair_before_no_ball {
        // A mistake misjudges what a card is worth, never the level's own rule: a bowler
        // that bowls no no-ball while it holds a fair card does not stray into one either.
        let p = view.public;
        let (top, suit) = (p.top, p.no_ball_suit);
        if let (Some(top), Some(suit)) = (top, suit) {
            let calls = view
                .hand
                .iter()
                .map(|&c| call_for(&p.options, c, top, suit));
            if calls.clone().any(|c| c == Call::Normal) {
                for (v, call) in values.iter_mut().zip(calls) {
                    if call == Call::NoBall {
                        *v = f32::MIN;
                    }
                }
            }
        }
    }
    let i = mistakes.choose(&values[..cards.len()], best, rng);
    Choice::Card(view.hand[i])
}

/// The counting bowler's price of each card of the hand (in hand order) and the card it
/// judges best.
#[inline(always)]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a suit's index is below 5: it fits a byte"
)]
pub fn counting_prices(
    view: &View<'_>,
    cards: &Cards,
    unseen: &Unseen,
    batsman: OtherHand,
    attack: Attack,
    general: &[f32; 12],
) -> ([f32; DEAL], usize) {
    let p = view.public;
    let o = &p.options;
    let top = p.top.expect("the discard pile has a top card in play");
    let (top_rank, top_suit) = top.rank_and_suit_index();
    let no_ball_suit = p.no_ball_suit.expect("set by the opening discard").index() as u8;
    let draws = unseen.draws(batsman.unknown);
    let runs_per_card = attack.run * attack.runs_taken * batsman.unknown as f32;
    let safe = &SAFE_ANSWERS[weakest_defence(p.striker) as usize % 3];
    let over_ends = completes_over(p);
    let parting = attack.parting_suit && p.current().wickets + 1 == o.all_out();
    let extras = &EXTRA_PRICES[top_rank as usize];
    // The best card of all, and the best that is not a no-ball; whether a fair card is held.
    let (mut best, mut best_not_no_ball, mut any_fair) = ((f32::MIN, 0), (f32::MIN, 0), false);
    let mut values = [f32::MIN; DEAL];
    for (i, value) in values.iter_mut().enumerate().take(cards.len()) {
        let (r, s) = cards.get(i);
        let no_ball = o.no_balls & (s == no_ball_suit);
        let wide = !no_ball & o.wides & (r == top_rank);
        let bye = !no_ball & !wide & o.byes & (r == top_rank + 1);
        let s = s as usize;
        let fair = {
            let wicket = wicket_chance(unseen, &draws, &batsman, safe[s][r as usize]);
            attack.wicket * wicket - runs_per_card * RUNS_PER_CARD_HELD[r as usize]
        };
        let extra = if no_ball {
            NO_BALL_COST[r as usize]
        } else {
            extras.price(wide, s == top_suit as usize)
        };
        let mut v = if no_ball | wide | bye {
            -attack.run * extra
        } else {
            fair
        };
        v -= attack.keep * attack.wicket * general[r as usize];
        if over_ends & !no_ball & !wide {
            v -= attack.no_ball_suit_card * (cards.of_suit(s) - 1) as f32;
            if parting {
                v += attack.no_ball_suit_card * expected_of_suit(unseen, &batsman, s);
            }
        }
        *value = v;
        let better = v > best.0;
        best = if better { (v, i) } else { best };
        let better = !no_ball & (v > best_not_no_ball.0);
        best_not_no_ball = if better { (v, i) } else { best_not_no_ball };
        any_fair |= !(no_ball | wide | bye);
    }
    let pick = if attack.fair_before_no_ball & any_fair {
        best_not_no_ball
    } else {
        best
    };
    (values, pick.1)
}

/// The cards that answer a ball safely, by the batsman's weakest defence (0, 1, 2), the
/// ball's suit index and its rank (index 0 unused): its suit (bar the low cards the lower
/// order may not defend with) or any card as high. Looked up, where building the mask at
/// each card cost about a twentieth of a professional delivery.
static SAFE_ANSWERS: [[[u64; 12]; 5]; 3] = {
    let mut t = [[[0u64; 12]; 5]; 3];
    let mut weak = 0;
    while weak < 3 {
        let mut s = 0;
        while s < 5 {
            let mut r = 1;
            while r <= TOP_RANK as usize {
                let defends_from = if weak < r - 1 { weak } else { r - 1 } + 1;
                let suit = masks::suit(s);
                t[weak][s][r] = masks::at_least(defends_from) & suit | masks::at_least(r) & !suit;
                r += 1;
            }
            s += 1;
        }
        weak += 1;
    }
    t
};

/// The chance the batsman holds none of the `safe` cards.
fn wicket_chance(unseen: &Unseen, draws: &Draws, batsman: &OtherHand, safe: u64) -> f32 {
    let holds_a_safe_card = batsman.known_mask & safe != 0;
    draws.none_of(unseen.count(safe)) * !holds_a_safe_card as u8 as f32
}

/// The runs a batsman could take off a ball of rank `r` with each card he holds, by the
/// average hand: any one of his cards is a given higher card of the ball's suit with chance
/// 2 in 110, and each makes the runs its difference in rank makes. Counting the higher cards
/// he may really hold instead was no stronger (a 5 v 4 score of 0.858 against 0.856, 1,000
/// matches) and cost about 150 instructions a delivery.
const RUNS_PER_CARD_HELD: [f32; 12] = runs_per_card_held();

#[expect(
    clippy::cast_precision_loss,
    reason = "a sum of a few dozen small run values: exact as an f32"
)]
const fn runs_per_card_held() -> [f32; 12] {
    let mut t = [0.0f32; 12];
    let mut r = 1;
    while r < 11 {
        let (mut sum, mut k) = (0u32, r + 1);
        while k <= 11 {
            sum += RUNS_BY_DIFFERENCE[k - r] as u32;
            k += 1;
        }
        t[r] = sum as f32 / 55.0;
        r += 1;
    }
    t
}

/// What a no-ball of each rank costs: the run, what the batsman hits off it with a higher
/// card of any suit, and his free change of a card.
const NO_BALL_COST: [f32; 12] = no_ball_costs();

const fn no_ball_costs() -> [f32; 12] {
    let mut t = [0.0f32; 12];
    let mut r = 1;
    while r <= 11 {
        let hit = if r >= 9 {
            0.5
        } else {
            RUNS_BY_DIFFERENCE[9 - r] as f32
        };
        t[r] = 1.5 + hit;
        r += 1;
    }
    t
}

/// A wide the batsman may take (or turn down when a stroke pays better): the 4 wides of two
/// 11s stand, a single wide costs a little more than its run.
fn wide_cost(bowled: Card, top: Card) -> f32 {
    if wides_for(bowled, top) == 4 {
        4.0
    } else {
        1.2
    }
}

/// What a wide or a bye costs onto a top card of a given rank, by whether the ball is a
/// wide and whether it is of the top card's suit: looked up, where working it out card by
/// card took jumps the processor could not foresee.
struct ExtraPrices([[f32; 2]; 2]);

/// The extras' prices onto a top card of each rank (index 0 unused), from the engine's own
/// rules, worked out once rather than at every ball.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a rank index, 1 to 11: it fits a byte"
)]
static EXTRA_PRICES: LazyLock<[ExtraPrices; 12]> =
    LazyLock::new(|| std::array::from_fn(|r| ExtraPrices::onto(r.max(1) as u8)));

impl ExtraPrices {
    fn onto(top_rank: u8) -> ExtraPrices {
        // Any other suit stands for them all: only the same suit or not matters to the prices.
        let top = Card::new(top_rank, Suit::ALL[0]);
        let price = |wide: bool, same_suit: bool| {
            let suit = Suit::ALL[!same_suit as usize];
            if wide {
                wide_cost(Card::new(top_rank, suit), top)
            } else if top_rank < TOP_RANK {
                byes(Card::new(top_rank + 1, suit), top) as f32
            } else {
                0.0
            }
        };
        ExtraPrices([
            [price(false, false), price(false, true)],
            [price(true, false), price(true, true)],
        ])
    }

    fn price(&self, wide: bool, same_suit: bool) -> f32 {
        self.0[wide as usize][same_suit as usize]
    }
}

/// Cards of `suit` in `hand` other than the one at `except`.
fn held_of_suit(hand: &[Card], except: usize, suit: Suit) -> usize {
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i != except && c.suit() == suit)
        .count()
}

/// Cards of suit index `s` the other side is expected to hold.
#[expect(
    clippy::cast_precision_loss,
    reason = "a count of cards, at most the double pack's 110: exact as an f32"
)]
fn expected_of_suit(unseen: &Unseen, other: &OtherHand, s: usize) -> f32 {
    let suit = masks::suit(s);
    other.known.count_in(suit) as f32
        + other.unknown as f32 * unseen.count(suit) as f32 / unseen.total().max(1) as f32
}

/// The bowling side's opening discard: a card of the suit it holds least of, so that the
/// first over's no-ball suit costs it little; among those, the card least worth keeping.
#[expect(
    clippy::cast_precision_loss,
    reason = "a count of cards in a hand, at most 7: exact as an f32"
)]
pub fn opening_discard(hand: &[Card], general: &[f32; 12]) -> Choice {
    let cost = |i: usize, c: Card| {
        held_of_suit(hand, i, c.suit()) as f32 + 8.0 * general[c.rank() as usize]
    };
    let (i, _) = hand
        .iter()
        .enumerate()
        .map(|(i, &c)| (i, cost(i, c)))
        .fold((0, f32::MAX), |best, x| if x.1 < best.1 { x } else { best });
    Choice::Card(hand[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_prices_agree_with_the_card_by_card_prices() {
        for top_rank in 1..=TOP_RANK {
            let prices = ExtraPrices::onto(top_rank);
            for (top_s, s) in [(0, 0), (0, 3), (2, 2), (4, 1)] {
                let top = Card::new(top_rank, Suit::ALL[top_s]);
                let wide = wide_cost(Card::new(top_rank, Suit::ALL[s]), top);
                assert_eq!(prices.price(true, s == top_s), wide, "wide onto {top_rank}");
                if top_rank < TOP_RANK {
                    let bye = byes(Card::new(top_rank + 1, Suit::ALL[s]), top) as f32;
                    assert_eq!(prices.price(false, s == top_s), bye, "bye onto {top_rank}");
                }
            }
        }
    }

    #[test]
    #[expect(
        clippy::cast_precision_loss,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn runs_per_card_held_are_each_higher_card_of_the_suit_at_2_in_110() {
        for r in 1..TOP_RANK {
            let runs: u32 = (r + 1..=TOP_RANK)
                .map(|k| crate::engine::tables::runs_for(k - r) as u32)
                .sum();
            let expected = runs as f32 * 2.0 / 110.0;
            assert!(
                (RUNS_PER_CARD_HELD[r as usize] - expected).abs() < 1e-6,
                "rank {r}"
            );
        }
        assert_eq!(RUNS_PER_CARD_HELD[TOP_RANK as usize], 0.0);
    }

    #[test]
    fn safe_answers_are_the_cards_the_engine_does_not_give_out() {
        use crate::cards::DISTINCT;
        use crate::engine::delivery::stroke;
        for striker in [1, 5, 6, 8, 9, 11] {
            let safe = &SAFE_ANSWERS[weakest_defence(striker) as usize];
            for ball in (0..DISTINCT).map(Card::from_index) {
                let mask = safe[ball.suit().index()][ball.rank() as usize];
                for bat in (0..DISTINCT).map(Card::from_index) {
                    let not_out = stroke(ball, bat, striker).wicket.is_none();
                    assert_eq!(
                        mask & 1 << bat.index() != 0,
                        not_out,
                        "{bat} against {ball}, batsman {striker}"
                    );
                }
            }
        }
    }

    #[test]
    fn high_cards_take_more_wickets_in_general() {
        let g: Vec<f32> = (1..=11).map(general_wicket_chance).collect();
        assert!(g.windows(2).all(|w| w[0] <= w[1]));
        assert!(g[10] > 0.1 && g[10] < 0.2, "an 11: {}", g[10]);
    }
}
