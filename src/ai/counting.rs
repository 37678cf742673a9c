//! Card counting: the cards a side cannot see (the pickup pile and the other side's hand),
//! worked out from the two copies of every card, its own hand and the face-up discard pile,
//! less any cards it remembers the other side holding.
//!
//! Everything here is fixed-size and allocation-free: it runs before most decisions of the
//! county and professional levels.

use crate::cards::{Card, Hand, Suit, DISTINCT, TOP_RANK};
use crate::engine::View;

/// Ranks run 1..=11; rank-indexed tables have a spare slot at 12 (always zero).
const RANK_SLOTS: usize = TOP_RANK as usize + 2;

/// The cards a side has not seen, counted by suit and rank.
#[derive(Clone, Debug)]
pub struct Unseen {
    count: [u8; DISTINCT],
    /// `at_least[suit][rank]`: unseen cards of the suit with at least that rank.
    at_least: [[u8; RANK_SLOTS]; 5],
    total: u16,
}

impl Unseen {
    /// The cards this side cannot see: two of each, less its hand, the discard pile and
    /// `known` (cards it knows the other side holds).
    pub fn from_view(view: &View<'_>, known: &Hand) -> Unseen {
        let mut count = [2u8; DISTINCT];
        for (left, seen) in count.iter_mut().zip(view.public.discard_counts) {
            *left = left.saturating_sub(seen);
        }
        for c in view.hand.iter().chain(known.cards()) {
            count[c.index()] = count[c.index()].saturating_sub(1);
        }
        Unseen::from_counts(count)
    }

    /// The unseen cards given directly, copies per card index.
    pub fn from_counts(count: [u8; DISTINCT]) -> Unseen {
        let mut at_least = [[0u8; RANK_SLOTS]; 5];
        let mut total = 0u16;
        for (s, row) in at_least.iter_mut().enumerate() {
            for rank in (1..=TOP_RANK as usize).rev() {
                row[rank] = row[rank + 1] + count[s * TOP_RANK as usize + rank - 1];
            }
            total += row[1] as u16;
        }
        Unseen { count, at_least, total }
    }

    pub fn total(&self) -> u16 {
        self.total
    }

    /// Unseen copies of `card`.
    pub fn count(&self, card: Card) -> u8 {
        self.count[card.index()]
    }

    /// Unseen copies of the card of this suit and rank (0 for a rank outside 1..=11).
    pub fn count_at(&self, suit: Suit, rank: u8) -> u8 {
        if (1..=TOP_RANK).contains(&rank) {
            self.count[suit.index() * TOP_RANK as usize + rank as usize - 1]
        } else {
            0
        }
    }

    /// Unseen cards of `suit` ranked `rank` or higher (`rank` 1..=12).
    pub fn suit_at_least(&self, suit: Suit, rank: u8) -> u8 {
        self.at_least[suit.index()][rank.min(TOP_RANK + 1) as usize]
    }

    /// Unseen cards of any suit ranked `rank` or higher.
    pub fn any_at_least(&self, rank: u8) -> u16 {
        let r = rank.min(TOP_RANK + 1) as usize;
        self.at_least.iter().map(|row| row[r] as u16).sum()
    }

    /// Chances for `draws` cards taken at random from the unseen cards.
    pub fn draws(&self, draws: u8) -> Draws {
        Draws::new(self.total as f32, draws)
    }
}

/// Chances for `draws` cards taken at random from `total`, with the denominator worked out
/// once for the many questions a decision asks.
#[derive(Clone, Copy, Debug)]
pub struct Draws {
    total: f32,
    draws: u8,
    inv_ways: f32,
}

impl Draws {
    pub fn new(total: f32, draws: u8) -> Draws {
        let ways: f32 = (0..draws).map(|i| (total - i as f32).max(1.0)).product();
        Draws { total, draws, inv_ways: 1.0 / ways }
    }

    /// The chance that the cards drawn include none of `good` particular ones (a fractional
    /// `good` stands for an expected number).
    pub fn none_of(&self, good: f32) -> f32 {
        let bad = self.total - good;
        let mut ways = 1.0f32;
        for i in 0..self.draws {
            let left = bad - i as f32;
            if left <= 0.0 {
                return 0.0;
            }
            ways *= left;
        }
        (ways * self.inv_ways).min(1.0)
    }
}

/// The chance that `draws` cards taken at random from `total` include none of `good`.
pub fn none_of(total: f32, good: f32, draws: u8) -> f32 {
    Draws::new(total, draws).none_of(good)
}

/// What a side knows of the other side's hand: some cards for certain (remembered), and how
/// many more it holds that could be any unseen cards.
#[derive(Clone, Copy, Debug)]
pub struct OtherHand {
    pub known: Hand,
    pub unknown: u8,
}

impl OtherHand {
    /// The other side's hand in `view`, of which the cards `known` are certain.
    pub fn in_view(view: &View<'_>, known: Hand) -> OtherHand {
        let size = view.public.hand_sizes[view.side.other().index()];
        OtherHand { known, unknown: size.saturating_sub(known.len() as u8) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_of_is_the_hypergeometric_chance() {
        assert_eq!(none_of(10.0, 0.0, 3), 1.0);
        assert_eq!(none_of(10.0, 8.0, 3), 0.0);
        let p = none_of(10.0, 2.0, 2);
        assert!((p - (8.0 / 10.0) * (7.0 / 9.0)).abs() < 1e-6);
    }

    #[test]
    fn counts_by_suit_and_rank() {
        let mut count = [0u8; DISTINCT];
        count[Card::new(11, Suit::Bats).index()] = 2;
        count[Card::new(3, Suit::Bats).index()] = 1;
        count[Card::new(9, Suit::Pads).index()] = 1;
        let u = Unseen::from_counts(count);
        assert_eq!(u.total(), 4);
        assert_eq!(u.suit_at_least(Suit::Bats, 4), 2);
        assert_eq!(u.suit_at_least(Suit::Bats, 1), 3);
        assert_eq!(u.suit_at_least(Suit::Bats, 12), 0);
        assert_eq!(u.any_at_least(9), 3);
        assert_eq!(u.count_at(Suit::Bats, 11), 2);
        assert_eq!(u.count_at(Suit::Bats, 12), 0);
    }
}
