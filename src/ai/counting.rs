//! Card counting: the cards a side cannot see (the pickup pile and the other side's hand),
//! worked out from the two copies of every card, its own hand and the face-up discard pile,
//! less any cards it remembers the other side holding.
//!
//! The unseen cards are a [`CardCounts`]: two 64-bit masks over the 55 distinct cards (bit
//! `i` is the card with index `i`), cards with at least one unseen copy and cards with both.
//! Any question "how many unseen cards are in this set" is then two population counts, and
//! the sets the computer asks about (a suit, ranks above a rank) are constant masks. The
//! chances of drawing none of some cards come from tables of falling factorials. Everything
//! here is fixed-size and allocation-free: it runs before most decisions of every level.

#[cfg(test)]
use crate::cards::{Card, DISTINCT};
use crate::cards::{CardCounts, DEAL, PACK_SIZE};
use crate::engine::View;

/// Masks of sets of cards, by card index (`suit * 11 + rank - 1`).
pub mod masks {
    use crate::cards::TOP_RANK;

    const R: usize = TOP_RANK as usize;

    /// Every card.
    #[cfg(test)]
    pub const ALL: u64 = (1u64 << crate::cards::DISTINCT) - 1;

    /// The cards of suit index `s` (0..5).
    pub const fn suit(s: usize) -> u64 {
        ((1u64 << R) - 1) << (s * R)
    }

    const fn build_at_least() -> [u64; R + 3] {
        let mut t = [0u64; R + 3];
        let mut rank = 1;
        while rank <= R {
            let mut s = 0;
            while s < 5 {
                let mut r = rank;
                while r <= R {
                    t[rank] |= 1u64 << (s * R + r - 1);
                    r += 1;
                }
                s += 1;
            }
            rank += 1;
        }
        t[0] = t[1];
        t
    }

    const AT_LEAST: [u64; R + 3] = build_at_least();

    /// The cards of every suit ranked `rank` or higher (`rank` 0..=13; above 11, none).
    pub const fn at_least(rank: usize) -> u64 {
        AT_LEAST[rank]
    }

    /// The cards of every suit of exactly `rank` (1..=11; none otherwise).
    pub const fn rank(rank: usize) -> u64 {
        if rank >= 1 && rank <= R {
            AT_LEAST[rank] & !AT_LEAST[rank + 1]
        } else {
            0
        }
    }
}

/// The cards a side has not seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unseen(CardCounts);

impl Unseen {
    /// The cards this side cannot see: two of each, less its hand (`hand`, the view's hand
    /// as a bag, counted once by the caller), the discard pile and `known` (cards it knows
    /// the other side holds).
    pub fn less(view: &View<'_>, hand: CardCounts, known: &CardCounts) -> Unseen {
        Unseen(
            CardCounts::FULL
                .minus(view.public.face_up)
                .minus(hand)
                .minus(*known),
        )
    }

    /// The unseen cards given directly, copies per card index.
    #[cfg(test)]
    pub fn from_counts(count: &[u8; DISTINCT]) -> Unseen {
        let mut bag = CardCounts::EMPTY;
        for (i, &n) in count.iter().enumerate() {
            (0..n).for_each(|_| bag.add(Card::from_index(i)));
        }
        Unseen(bag)
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of cards, at most the double pack's 110: it fits a u16"
    )]
    pub fn total(&self) -> u16 {
        self.0.len() as u16
    }

    /// Unseen cards (copies) in the set `mask`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of cards, at most the double pack's 110: it fits a u16"
    )]
    pub fn count(&self, mask: u64) -> u16 {
        self.0.count_in(mask) as u16
    }

    /// Chances for `draws` cards taken at random from the unseen cards.
    pub fn draws(&self, draws: u8) -> Draws {
        Draws::new(self.total(), draws)
    }
}

/// Falling factorials `n × (n − 1) × …` of `k` factors (`FALLING[k][n]`; zero once a
/// factor is), for every `n` up to a whole double pack and `k` up to a dealt hand: the ways to
/// draw `k` cards in order from `n`. A chance of drawing none of some cards is then a ratio
/// of two entries, with no loop.
static FALLING: [[f32; PACK_SIZE + 1]; DEAL + 1] = falling_factorials();

/// One over each entry of [`FALLING`] (one over one for a zero entry): worked out once, as a
/// division costs a decision more than all its table reads.
static INV_FALLING: [[f32; PACK_SIZE + 1]; DEAL + 1] = {
    let mut t = [[0.0f32; PACK_SIZE + 1]; DEAL + 1];
    let mut k = 0;
    while k <= DEAL {
        let mut n = 0;
        while n <= PACK_SIZE {
            t[k][n] = 1.0 / FALLING[k][n].max(1.0);
            n += 1;
        }
        k += 1;
    }
    t
};
/// One over each count of cards (one over one for none), for the same reason.
#[expect(
    clippy::cast_precision_loss,
    reason = "counts of cards up to the double pack's 110: exact as an f32"
)]
static INV_COUNT: [f32; PACK_SIZE + 1] = {
    let mut t = [0.0f32; PACK_SIZE + 1];
    let mut n = 0;
    while n <= PACK_SIZE {
        t[n] = 1.0 / (if n == 0 { 1 } else { n }) as f32;
        n += 1;
    }
    t
};

#[expect(
    clippy::cast_precision_loss,
    reason = "counts of cards up to the double pack's 110: exact as an f32"
)]
const fn falling_factorials() -> [[f32; PACK_SIZE + 1]; DEAL + 1] {
    let mut t = [[0.0f32; PACK_SIZE + 1]; DEAL + 1];
    let mut n = 0;
    while n <= PACK_SIZE {
        t[0][n] = 1.0;
        let mut k = 1;
        while k <= DEAL {
            t[k][n] = if n >= k {
                t[k - 1][n] * (n + 1 - k) as f32
            } else {
                0.0
            };
            k += 1;
        }
        n += 1;
    }
    t
}

/// Chances for `draws` cards taken at random from `total`, with the denominators worked out
/// once for the many questions a decision asks.
#[derive(Clone, Copy, Debug)]
pub struct Draws {
    total: u16,
    inv_total: f32,
    /// One over the ways to draw the cards in order.
    inv_all_ways: f32,
    draws: u8,
}

impl Draws {
    /// `draws` cards (at most a dealt hand) from `total` (at most the double pack).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the double pack's 110 cards fit a u16 and a dealt hand's 7 a byte"
    )]
    pub fn new(total: u16, draws: u8) -> Draws {
        let total = total.min(PACK_SIZE as u16);
        let draws = draws.min(DEAL as u8);
        Draws {
            total,
            inv_total: INV_COUNT[total as usize],
            inv_all_ways: INV_FALLING[draws as usize][total as usize],
            draws,
        }
    }

    /// About the chance that the cards drawn include none of `good` particular ones, as if
    /// drawn with replacement (a fractional `good` stands for an expected number).
    pub fn about_none_of(&self, good: f32) -> f32 {
        let q = (1.0 - good * self.inv_total).max(0.0);
        let q2 = q * q;
        match self.draws {
            0 => 1.0,
            1 => q,
            2 => q2,
            3 => q2 * q,
            4 => q2 * q2,
            5 => q2 * q2 * q,
            6 => q2 * q2 * q2,
            n => q.powi(n as i32),
        }
    }

    /// The chance that the cards drawn include none of `good` particular ones.
    pub fn none_of(&self, good: u16) -> f32 {
        let bad = self.total.saturating_sub(good);
        (FALLING[self.draws as usize][bad as usize] * self.inv_all_ways).min(1.0)
    }
}

/// The chance that `draws` cards taken at random from `total` include none of `good`.
pub fn none_of(total: u16, good: u16, draws: u8) -> f32 {
    Draws::new(total, draws).none_of(good)
}

/// What a side knows of the other side's hand: some cards for certain (remembered), and how
/// many more it holds that could be any unseen cards.
#[derive(Clone, Copy, Debug)]
pub struct OtherHand {
    pub known: CardCounts,
    /// The known cards as a mask.
    pub known_mask: u64,
    pub unknown: u8,
}

impl OtherHand {
    /// The other side's hand in `view`, of which the cards `known` are certain.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of known cards in a hand, at most 7: it fits a byte"
    )]
    pub fn in_view(view: &View<'_>, known: CardCounts) -> OtherHand {
        let size = view.public.hand_sizes[view.side.other().index()];
        OtherHand {
            known,
            known_mask: known.mask(),
            unknown: size.saturating_sub(known.len() as u8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn none_of_is_the_hypergeometric_chance() {
        assert_eq!(none_of(10, 0, 3), 1.0);
        assert_eq!(none_of(10, 8, 3), 0.0);
        let p = none_of(10, 2, 2);
        assert!((p - (8.0 / 10.0) * (7.0 / 9.0)).abs() < 1e-6);
        for (total, draws) in [(30u32, 6u8), (7, 6), (6, 6), (12, 1)] {
            for good in 0..=total {
                let exact: f64 = (0..draws as u32)
                    .map(|i| (total - good).saturating_sub(i) as f64 / (total - i) as f64)
                    .product();
                let p = none_of(total as u16, good as u16, draws) as f64;
                assert!(
                    (p - exact).abs() < 1e-5,
                    "{good} good of {total}, {draws} drawn: {p} against {exact}"
                );
            }
        }
        let about = Draws::new(100, 6).about_none_of(10.0);
        assert!((about - 0.9f32.powi(6)).abs() < 1e-6);
    }

    #[test]
    fn counts_by_suit_and_rank() {
        let mut count = [0u8; DISTINCT];
        count[Card::new(11, Suit::Bats).index()] = 2;
        count[Card::new(3, Suit::Bats).index()] = 1;
        count[Card::new(9, Suit::Pads).index()] = 1;
        let u = Unseen::from_counts(&count);
        let bats = Suit::Bats.index();
        assert_eq!(u.total(), 4);
        assert_eq!(u.count(masks::at_least(4) & masks::suit(bats)), 2);
        assert_eq!(u.count(masks::at_least(1) & masks::suit(bats)), 3);
        assert_eq!(u.count(masks::at_least(12) & masks::suit(bats)), 0);
        assert_eq!(u.count(masks::at_least(9)), 3);
        assert_eq!(u.count(masks::rank(11)), 2);
        assert_eq!(u.count(masks::rank(12)), 0);
        assert_eq!(u.count(1 << Card::new(3, Suit::Bats).index()), 1);
    }

    #[test]
    fn masks_cover_what_they_say() {
        assert_eq!(masks::suit(4).count_ones(), 11);
        assert_eq!(masks::at_least(1), masks::ALL);
        assert_eq!(masks::at_least(11).count_ones(), 5);
        assert_eq!(masks::at_least(12), 0);
        assert_eq!(masks::at_least(13), 0);
        assert_eq!(masks::rank(5).count_ones(), 5);
    }
}
