//! Cards of the Armchair Cricket double pack: suits, ranks, hands and how cards are written.
//!
//! The pack is two identical packs of 55 (five suits, ranks 1..=11), so every card exists
//! twice. Copies are indistinguishable, so a [`Card`] is just its rank and suit.

use std::fmt;

/// Distinct cards in one pack (5 suits x 11 ranks).
pub const DISTINCT: usize = 55;
/// Cards in the double pack.
pub const PACK_SIZE: usize = 2 * DISTINCT;
/// The highest rank.
pub const TOP_RANK: u8 = 11;
/// Cards dealt to each side.
pub const DEAL: usize = 7;
/// Cards a side holds once the two opening discards are made.
pub const HAND: usize = 6;

/// A suit, in display and sorting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Pads,
    Bats,
    Balls,
    Stumps,
    Gloves,
}

impl Suit {
    /// The five suits in order.
    pub const ALL: [Suit; 5] = [
        Suit::Pads,
        Suit::Bats,
        Suit::Balls,
        Suit::Stumps,
        Suit::Gloves,
    ];

    /// 0..5 in suit order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit with this index.
    pub fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The machine-readable name, e.g. `"pads"`.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Pads => "pads",
            Suit::Bats => "bats",
            Suit::Balls => "balls",
            Suit::Stumps => "stumps",
            Suit::Gloves => "gloves",
        }
    }

    /// The name between its marker characters, as on the original screens: `$pads$`.
    pub fn marked(self) -> &'static str {
        match self {
            Suit::Pads => "$pads$",
            Suit::Bats => "!bats!",
            Suit::Balls => "*balls*",
            Suit::Stumps => "#stumps#",
            Suit::Gloves => "@gloves@",
        }
    }

    /// Parses a machine-readable suit name.
    pub fn parse(s: &str) -> Option<Suit> {
        Suit::ALL.into_iter().find(|suit| suit.name() == s)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One card: a rank 1..=11 of a suit. Stored as `suit * 11 + rank - 1`, so cards order by
/// suit, then rank.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank (1..=11) and suit. Panics on a rank out of range: ranks come
    /// from the code's own tables, never from the user (see [`Card::parse`] for that).
    pub fn new(rank: u8, suit: Suit) -> Card {
        assert!((1..=TOP_RANK).contains(&rank), "rank {rank} out of 1..=11");
        Card(suit as u8 * TOP_RANK + rank - 1)
    }

    /// The card with this index 0..55.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a card's index is below DISTINCT (55, asserted just before): it fits a byte"
    )]
    pub fn from_index(i: usize) -> Card {
        assert!(i < DISTINCT);
        Card(i as u8)
    }

    /// 0..55, unique to each distinct card.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn rank(self) -> u8 {
        RANK_AND_SUIT[self.index()].0
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[RANK_AND_SUIT[self.index()].1 as usize]
    }

    /// The rank and the suit's index together, from a table: the engine and the computer
    /// players ask for them at every card they look at.
    pub fn rank_and_suit_index(self) -> (u8, u8) {
        RANK_AND_SUIT[self.index()]
    }

    /// Parses the machine-readable form `"8 bats"`.
    pub fn parse(s: &str) -> Option<Card> {
        let (rank, suit) = s.split_once(' ')?;
        let rank: u8 = rank.parse().ok()?;
        if !(1..=TOP_RANK).contains(&rank) {
            return None;
        }
        Some(Card::new(rank, Suit::parse(suit)?))
    }

    /// The on-screen form, e.g. `8 of !bats!`.
    pub fn on_screen(self) -> String {
        format!("{} of {}", self.rank(), self.suit().marked())
    }
}

impl fmt::Display for Card {
    /// The machine-readable form, e.g. `8 bats`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rank(), self.suit().name())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Card::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("not a card: {s:?}")))
    }
}

/// Each card's rank and suit index, by card index.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a rank (1 to 11) and a suit (0 to 4) fit a byte"
)]
static RANK_AND_SUIT: [(u8, u8); DISTINCT] = {
    let mut t = [(0u8, 0u8); DISTINCT];
    let mut i = 0;
    while i < DISTINCT {
        t[i] = (
            (i % TOP_RANK as usize) as u8 + 1,
            (i / TOP_RANK as usize) as u8,
        );
        i += 1;
    }
    t
};

/// The 110 cards in a fixed order (every distinct card twice), before shuffling.
pub fn double_pack() -> [Card; PACK_SIZE] {
    std::array::from_fn(|i| Card::from_index(i % DISTINCT))
}

/// A side's hand: at most seven cards, kept in the order they sit in the hand. A card played
/// is replaced in the same place by the card drawn for it, as a player holding cards would.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Hand {
    cards: [Card; DEAL],
    len: u8,
}

impl Hand {
    pub fn new() -> Hand {
        Hand {
            cards: [Card(0); DEAL],
            len: 0,
        }
    }

    /// A hand holding these cards (at most seven).
    pub fn from_cards(cards: &[Card]) -> Hand {
        let mut hand = Hand::new();
        for &c in cards {
            hand.push(c);
        }
        hand
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, card: Card) {
        assert!(
            (self.len as usize) < DEAL,
            "a hand holds at most {DEAL} cards"
        );
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    /// Where the first copy of `card` sits, if the hand holds it.
    pub fn position(&self, card: Card) -> Option<usize> {
        self.cards().iter().position(|&c| c == card)
    }

    pub fn contains(&self, card: Card) -> bool {
        self.position(card).is_some()
    }

    /// How many copies of `card` the hand holds.
    pub fn count(&self, card: Card) -> usize {
        self.cards().iter().filter(|&&c| c == card).count()
    }

    /// Puts `card` in place `slot` (the slot of a card just played).
    pub fn set(&mut self, slot: usize, card: Card) {
        assert!(slot < self.len());
        self.cards[slot] = card;
    }

    /// Removes the card at `slot`, closing the gap (used when no card can be drawn).
    pub fn remove_at(&mut self, slot: usize) -> Card {
        let card = self.cards[slot];
        self.cards.copy_within(slot + 1..self.len as usize, slot);
        self.len -= 1;
        card
    }

    /// The distinct cards held, each once, in hand order.
    pub fn distinct(&self) -> impl Iterator<Item = Card> + '_ {
        let cards = self.cards();
        cards
            .iter()
            .enumerate()
            .filter(move |(i, c)| !cards[..*i].contains(c))
            .map(|(_, &c)| c)
    }
}

impl Default for Hand {
    fn default() -> Self {
        Hand::new()
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

/// A bag of cards from the double pack, so at most two copies of each: the face-up discard
/// pile, the cards a side has not seen, or cards it remembers. Two masks over card indices
/// (cards with at least one copy, cards with both), so adding, taking away and counting
/// the cards of a suit or above a rank are a few bit operations — the computer asks such
/// questions before nearly every decision.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardCounts {
    one: u64,
    two: u64,
}

impl CardCounts {
    /// No cards.
    pub const EMPTY: CardCounts = CardCounts { one: 0, two: 0 };
    /// The whole double pack.
    pub const FULL: CardCounts = CardCounts {
        one: (1 << DISTINCT) - 1,
        two: (1 << DISTINCT) - 1,
    };

    /// The bag of these cards (a third copy of a card is not kept).
    pub fn from_cards(cards: &[Card]) -> CardCounts {
        let mut bag = CardCounts::EMPTY;
        for &c in cards {
            bag.add(c);
        }
        bag
    }

    /// The bag whose cards with at least one copy are the mask `one`, and with both `two`
    /// (a subset of `one`).
    pub fn from_masks(one: u64, two: u64) -> CardCounts {
        debug_assert_eq!(two & !one, 0, "a card held twice is held");
        CardCounts { one, two }
    }

    /// Adds a copy of `card` (none beyond the second).
    pub fn add(&mut self, card: Card) {
        let bit = 1u64 << card.index();
        self.two |= self.one & bit;
        self.one |= bit;
    }

    /// Takes away a copy of `card`, if the bag holds one.
    pub fn take(&mut self, card: Card) {
        let bit = 1u64 << card.index();
        let from_two = self.two & bit;
        self.two ^= from_two;
        self.one &= !(bit ^ from_two);
    }

    /// The bag less the copies in `other`, never below none of a card.
    pub fn minus(self, other: CardCounts) -> CardCounts {
        CardCounts {
            one: self.one & !other.one | self.two & !other.two,
            two: self.two & !other.one,
        }
    }

    /// Copies of `card` held: 0, 1 or 2.
    pub fn count(&self, card: Card) -> u8 {
        (self.one >> card.index() & 1) as u8 + (self.two >> card.index() & 1) as u8
    }

    /// Copies held of the cards in `mask` (bit `i`: the card with index `i`).
    pub fn count_in(&self, mask: u64) -> u32 {
        (self.one & mask).count_ones() + (self.two & mask).count_ones()
    }

    /// Copies held in all.
    pub fn len(&self) -> u32 {
        self.one.count_ones() + self.two.count_ones()
    }

    pub fn is_empty(&self) -> bool {
        self.one == 0
    }

    /// The cards with at least one copy held, as a mask.
    pub fn mask(&self) -> u64 {
        self.one
    }

    /// Both masks, `(one, two)` as [`CardCounts::from_masks`] takes them (for the network
    /// protocol's public view).
    pub fn masks(&self) -> (u64, u64) {
        (self.one, self.two)
    }

    /// Every copy held, in card order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        (0..DISTINCT).flat_map(move |i| {
            let c = Card::from_index(i);
            std::iter::repeat_n(c, self.count(c) as usize)
        })
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_index_and_text() {
        for i in 0..DISTINCT {
            let c = Card::from_index(i);
            assert_eq!(Card::new(c.rank(), c.suit()), c);
            assert_eq!(Card::parse(&c.to_string()), Some(c));
        }
        assert_eq!(Card::new(8, Suit::Bats).to_string(), "8 bats");
        assert_eq!(Card::new(11, Suit::Gloves).to_string(), "11 gloves");
        assert_eq!(Card::new(6, Suit::Gloves).on_screen(), "6 of @gloves@");
    }

    #[test]
    fn bad_card_text_is_rejected() {
        for s in ["0 bats", "12 pads", "8 clubs", "8bats", "", "x pads"] {
            assert_eq!(Card::parse(s), None, "{s}");
        }
    }

    #[test]
    fn suit_markers_match_the_original_screens() {
        let marked: Vec<_> = Suit::ALL.iter().map(|s| s.marked()).collect();
        assert_eq!(
            marked,
            ["$pads$", "!bats!", "*balls*", "#stumps#", "@gloves@"]
        );
    }

    #[test]
    fn the_double_pack_holds_each_card_twice() {
        let mut counts = [0; DISTINCT];
        for c in double_pack() {
            counts[c.index()] += 1;
        }
        assert!(counts.iter().all(|&n| n == 2));
    }

    #[test]
    fn hand_keeps_slots_and_counts_copies() {
        let a = Card::new(3, Suit::Pads);
        let b = Card::new(9, Suit::Balls);
        let mut h = Hand::from_cards(&[a, b, a]);
        assert_eq!(h.count(a), 2);
        assert_eq!(h.distinct().collect::<Vec<_>>(), vec![a, b]);
        h.set(1, a);
        assert_eq!(h.cards(), &[a, a, a]);
        assert_eq!(h.remove_at(0), a);
        assert_eq!(h.len(), 2);
    }

    #[test]
    fn card_counts_add_take_and_subtract_as_bags_of_at_most_two() {
        let (a, b, c) = (
            Card::new(3, Suit::Bats),
            Card::new(11, Suit::Gloves),
            Card::new(1, Suit::Pads),
        );
        let mut bag = CardCounts::from_cards(&[a, a, a, b]);
        assert_eq!(
            (bag.count(a), bag.count(b), bag.count(c), bag.len()),
            (2, 1, 0, 3)
        );
        bag.take(c);
        bag.take(a);
        assert_eq!((bag.count(a), bag.len()), (1, 2));
        assert_eq!(bag.cards().collect::<Vec<_>>(), vec![a, b]);
        for x in 0..3u8 {
            for y in 0..3u8 {
                let bag = |n: u8| CardCounts::from_cards(&vec![a; n as usize]);
                assert_eq!(
                    bag(x).minus(bag(y)).count(a),
                    x.saturating_sub(y),
                    "{x} less {y}"
                );
            }
        }
        assert_eq!(CardCounts::FULL.len(), 110);
        assert_eq!(CardCounts::FULL.count_in(1 << b.index()), 2);
        assert_eq!(CardCounts::FULL.minus(CardCounts::FULL), CardCounts::EMPTY);
    }
}
