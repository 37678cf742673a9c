//! A match's record as the history keeps it: every choice made in it, each written as its
//! place among the choices the rules allowed at that point, in as few bits as that number of
//! choices needs (none where there was one, one for a declaration, three for a card of seven
//! distinct ones, ...). The deal, the toss and every new pack flow from the match's seed, so
//! the seed and its [`Tape`] give back the match ball for ball ([`replay`]), whatever a later
//! build's computer players would choose there (OpenSpiel's "the history determines the
//! state").
//!
//! The places are counted in the order the rules list the choices ([`View::legal_choices`]):
//! at the toss bat then bowl; at a declaration go on then declare; a card by the first place
//! in the hand that holds it, counting each distinct card once; an answer to a no-ball or a
//! wide that allows none, "no card" first; after a wicket "change none", then for each
//! distinct card in hand order that card alone, that card twice (when held twice), and that
//! card with each other distinct card (in that order: the order the cards go under the pile).
//! Writing a choice allocates nothing (a tape's bytes grow by doubling from a first 1 KB,
//! enough for most matches), so a recorded match keeps the engine's hot loop free of
//! allocation per delivery.

use super::choice::{Choice, Decision};
use super::events::Recorder;
use super::options::MatchOptions;
use super::public::View;
use super::runner::chance_rng;
use super::state::MatchState;
use crate::cards::{Card, Hand};

/// A whole match's choices, bit-packed (least significant bit first within each byte).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tape {
    bytes: Vec<u8>,
}

impl Tape {
    /// The tape whose packed bytes are these (as a file keeps them).
    pub fn from_bytes(bytes: Vec<u8>) -> Tape {
        Tape { bytes }
    }

    /// The packed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// A choice the rules did not allow where it was made, so it has no place to be written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAllowed(pub Choice);

impl std::fmt::Display for NotAllowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not one of the choices allowed there", self.0)
    }
}

impl std::error::Error for NotAllowed {}

/// Why a tape does not give a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeError {
    /// It ends before the match does.
    Short,
    /// A place it holds is past the choices allowed there.
    NoSuchChoice,
    /// Bits are left over after the match's end (beyond the last byte's padding).
    LeftOver,
}

impl std::fmt::Display for TapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TapeError::Short => "the record ends before the match does",
            TapeError::NoSuchChoice => "the record holds a choice the rules did not allow there",
            TapeError::LeftOver => "the record goes on after the match's end",
        })
    }
}

impl std::error::Error for TapeError {}

/// Writes a match's choices as they are made.
#[derive(Clone, Debug)]
pub struct TapeWriter {
    bytes: Vec<u8>,
    acc: u64,
    bits: u32,
}

impl Default for TapeWriter {
    fn default() -> Self {
        TapeWriter::new()
    }
}

/// Bits needed to write one of `n` places.
#[inline]
fn width(n: u32) -> u32 {
    if n <= 1 {
        0
    } else {
        32 - (n - 1).leading_zeros()
    }
}

impl TapeWriter {
    pub fn new() -> TapeWriter {
        TapeWriter {
            bytes: Vec::with_capacity(1024),
            acc: 0,
            bits: 0,
        }
    }

    /// Writes `choice`, made for the decision due in `state` (before it is applied).
    ///
    /// The commonest answers (go on, a card bowled or played in answer) are placed here
    /// without building the view: this runs at every decision of every match the league
    /// simulates, three times a delivery.
    #[inline(always)]
    pub fn push(&mut self, state: &MatchState, choice: Choice) -> Result<(), NotAllowed> {
        match (state.to_act(), choice) {
            (Some((_, Decision::Declare)), Choice::Continue) => {
                self.write(0, 1);
                Ok(())
            }
            (Some((side, Decision::Bowl)), Choice::Card(c)) => {
                let (place, n) = card_place(state.hand(side), Some(c));
                let place = place.ok_or(NotAllowed(choice))?;
                self.write(place, width(n));
                Ok(())
            }
            (Some((side, Decision::Respond { call, .. })), Choice::Card(c)) => {
                let (place, n) = card_place(state.hand(side), Some(c));
                let none = u32::from(call.allows_no_card());
                let place = place.ok_or(NotAllowed(choice))?;
                self.write(none + place, width(n + none));
                Ok(())
            }
            _ => self.push_rare(state, choice),
        }
    }

    /// [`TapeWriter::push`] for the rarer decisions (the toss, a declaration, the opening
    /// discard, no card, an exchange), kept out of line so that the common path stays small.
    #[inline(never)]
    fn push_rare(&mut self, state: &MatchState, choice: Choice) -> Result<(), NotAllowed> {
        let (place, count) = place_of(&state.view(), choice).ok_or(NotAllowed(choice))?;
        self.write(place, width(count));
        Ok(())
    }

    #[inline]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the accumulator's low byte, taken on purpose"
    )]
    fn write(&mut self, value: u32, width: u32) {
        self.acc |= u64::from(value) << self.bits;
        self.bits += width;
        while self.bits >= 8 {
            self.bytes.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
    }

    /// The tape, its last byte padded with zeros.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the accumulator's low byte, taken on purpose"
    )]
    pub fn finish(mut self) -> Tape {
        if self.bits > 0 {
            self.bytes.push(self.acc as u8);
        }
        Tape { bytes: self.bytes }
    }
}

/// Reads places back off a tape.
struct TapeReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl TapeReader<'_> {
    /// The next `width` bits (at most 32), or `None` past the tape's end.
    fn read(&mut self, width: u32) -> Option<u32> {
        if width == 0 {
            return Some(0);
        }
        let (start, end) = (self.at, self.at + width as usize);
        let bytes = self.bytes.get(start / 8..end.div_ceil(8))?;
        let v = bytes
            .iter()
            .rev()
            .fold(0u64, |v, &b| (v << 8) | u64::from(b));
        self.at = end;
        u32::try_from((v >> (start % 8)) & ((1u64 << width) - 1)).ok()
    }
}

/// `view`'s hand, and its distinct cards in hand order (as a hand of their own) and how many.
fn distinct(view: &View<'_>) -> (Hand, Hand, usize) {
    let hand = Hand::from_cards(view.hand);
    let mut out = Hand::new();
    for c in hand.distinct() {
        out.push(c);
    }
    let n = out.len();
    (hand, out, n)
}

/// The distinct cards of `hand` (in hand order) before the first copy of `card`, if held,
/// and how many distinct cards it holds: one pass, no allocation.
#[inline]
fn card_place(hand: &[Card], card: Option<Card>) -> (Option<u32>, u32) {
    let mut seen = 0u64;
    let mut n = 0u32;
    let mut place = None;
    for &c in hand {
        let bit = 1u64 << c.index();
        if seen & bit == 0 {
            if Some(c) == card {
                place = Some(n);
            }
            seen |= bit;
            n += 1;
        }
    }
    (place, n)
}

/// The `p`th distinct card of `hand`, counting each card where it is first held (as
/// [`card_place`] numbers them): a replay reads a card this way at nearly every ball, so it
/// builds no hand of distinct cards.
fn nth_distinct(hand: &[Card], p: u32) -> Option<Card> {
    let mut seen = 0u64;
    let mut n = 0u32;
    for &c in hand {
        let bit = 1u64 << c.index();
        if seen & bit == 0 {
            if n == p {
                return Some(c);
            }
            seen |= bit;
            n += 1;
        }
    }
    None
}

/// The number of choices the rules allow at `view`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of choices from a hand of at most 7 cards: it fits a u32"
)]
fn count_of(view: &View<'_>) -> u32 {
    match view.decision {
        Decision::Elect | Decision::Declare => 2,
        Decision::OpeningDiscard | Decision::Bowl => card_place(view.hand, None).1,
        Decision::Respond { call, .. } => {
            card_place(view.hand, None).1 + u32::from(call.allows_no_card())
        }
        Decision::Exchange => {
            let (hand, cards, n) = distinct(view);
            let twice = cards.cards()[..n]
                .iter()
                .filter(|&&c| hand.count(c) > 1)
                .count();
            (1 + n + twice + n * n.saturating_sub(1)) as u32
        }
    }
}

/// `choice`'s place among the choices allowed at `view`, and their number.
#[inline]
fn place_of(view: &View<'_>, choice: Choice) -> Option<(u32, u32)> {
    match (view.decision, choice) {
        (Decision::Elect, Choice::Elect(e)) => Some((u32::from(e != super::Election::Bat), 2)),
        (Decision::Declare, Choice::Continue) => Some((0, 2)),
        (Decision::Declare, Choice::Declare) => Some((1, 2)),
        (Decision::OpeningDiscard | Decision::Bowl, Choice::Card(c)) => {
            let (place, n) = card_place(view.hand, Some(c));
            Some((place?, n))
        }
        (Decision::Respond { call, .. }, Choice::NoCard) if call.allows_no_card() => {
            Some((0, card_place(view.hand, None).1 + 1))
        }
        (Decision::Respond { call, .. }, Choice::Card(c)) => {
            let (place, n) = card_place(view.hand, Some(c));
            let none = u32::from(call.allows_no_card());
            Some((none + place?, n + none))
        }
        (Decision::Exchange, Choice::Exchange(out)) => exchange_place(view, out),
        _ => None,
    }
}

/// The place of the cards `out` changed after a wicket, and the number of choices.
fn exchange_place(view: &View<'_>, out: [Option<Card>; 2]) -> Option<(u32, u32)> {
    let (hand, cards, n) = distinct(view);
    let cards = &cards.cards()[..n];
    let count = count_of(view);
    let mut given = out.iter().flatten().copied();
    let (first, second) = (given.next(), given.next());
    let mut place = 0u32;
    if first.is_none() {
        return Some((0, count));
    }
    for &a in cards {
        place += 1;
        if first == Some(a) && second.is_none() {
            return Some((place, count));
        }
        if hand.count(a) > 1 {
            place += 1;
            if first == Some(a) && second == Some(a) {
                return Some((place, count));
            }
        }
        for &b in cards.iter().filter(|&&b| b != a) {
            place += 1;
            if first == Some(a) && second == Some(b) {
                return Some((place, count));
            }
        }
    }
    None
}

/// The choice at `place` among those allowed at `view`.
fn choice_at(view: &View<'_>, place: u32) -> Option<Choice> {
    let card = |p: u32| nth_distinct(view.hand, p).map(Choice::Card);
    match view.decision {
        Decision::Elect => Some(Choice::Elect(if place == 0 {
            super::Election::Bat
        } else {
            super::Election::Bowl
        })),
        Decision::Declare => Some(if place == 0 {
            Choice::Continue
        } else {
            Choice::Declare
        }),
        Decision::OpeningDiscard | Decision::Bowl => card(place),
        Decision::Respond { call, .. } if call.allows_no_card() => match place {
            0 => Some(Choice::NoCard),
            p => card(p - 1),
        },
        Decision::Respond { .. } => card(place),
        Decision::Exchange => {
            if place == 0 {
                return Some(Choice::Exchange([None, None]));
            }
            let (hand, cards, n) = distinct(view);
            let cards = &cards.cards()[..n];
            let mut at = 0u32;
            for &a in cards {
                at += 1;
                if at == place {
                    return Some(Choice::Exchange([Some(a), None]));
                }
                if hand.count(a) > 1 {
                    at += 1;
                    if at == place {
                        return Some(Choice::Exchange([Some(a), Some(a)]));
                    }
                }
                for &b in cards.iter().filter(|&&b| b != a) {
                    at += 1;
                    if at == place {
                        return Some(Choice::Exchange([Some(a), Some(b)]));
                    }
                }
            }
            None
        }
    }
}

/// The match played from `seed` under `options` with the choices on `tape`, every event told
/// to `rec`: the match as it was played, to its end.
pub fn replay<R: Recorder + ?Sized>(
    options: MatchOptions,
    seed: u64,
    tape: &Tape,
    rec: &mut R,
) -> Result<MatchState, TapeError> {
    let mut rng = chance_rng(seed);
    let mut state = MatchState::new(options);
    let mut reader = TapeReader {
        bytes: &tape.bytes,
        at: 0,
    };
    loop {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, rec);
        } else if state.to_act().is_some() {
            let view = state.view();
            let place = reader
                .read(width(count_of(&view)))
                .ok_or(TapeError::Short)?;
            let choice = choice_at(&view, place).ok_or(TapeError::NoSuchChoice)?;
            state
                .apply(choice, rec)
                .map_err(|_| TapeError::NoSuchChoice)?;
        } else {
            break;
        }
    }
    let used_bytes = reader.at.div_ceil(8);
    let padding_clear = match reader.at % 8 {
        0 => true,
        r => tape.bytes[reader.at / 8] >> r == 0,
    };
    if used_bytes != tape.bytes.len() || !padding_clear {
        return Err(TapeError::LeftOver);
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::runner::play_on_seeing;
    use crate::engine::{NoRecord, Side};

    /// A match of the strongest computer players, and the tape written as it was played.
    fn taped(seed: u64, options: MatchOptions) -> (MatchState, Tape) {
        let bot = |side| {
            crate::ai::Bot::new(
                crate::ai::Level::new(5).unwrap(),
                crate::ai::Level::new(5).unwrap(),
                seed,
                side,
            )
        };
        let (mut home, mut away) = (bot(Side::Home), bot(Side::Away));
        let mut w = TapeWriter::new();
        let state = play_on_seeing(
            MatchState::new(options),
            &mut chance_rng(seed),
            [&mut home, &mut away],
            &mut NoRecord,
            |s, c| w.push(s, c).expect("a bot's choice is allowed"),
        )
        .unwrap();
        (state, w.finish())
    }

    #[test]
    fn a_tape_gives_back_the_match_it_was_written_from() {
        for seed in 0..12 {
            let (played, tape) = taped(seed, MatchOptions::default());
            let again = replay(MatchOptions::default(), seed, &tape, &mut NoRecord).unwrap();
            assert_eq!(
                format!("{:?}", again.public()),
                format!("{:?}", played.public()),
                "seed {seed}"
            );
            assert!(tape.bytes().len() < 1500, "{} bytes", tape.bytes().len());
        }
    }

    #[test]
    fn a_tape_of_another_match_or_cut_short_is_refused() {
        let (_, tape) = taped(3, MatchOptions::default());
        let cut = Tape::from_bytes(tape.bytes()[..tape.bytes().len() / 2].to_vec());
        assert_eq!(
            replay(MatchOptions::default(), 3, &cut, &mut NoRecord).err(),
            Some(TapeError::Short)
        );
        let mut long = tape.bytes().to_vec();
        long.push(0xFF);
        assert_eq!(
            replay(
                MatchOptions::default(),
                3,
                &Tape::from_bytes(long),
                &mut NoRecord
            )
            .err(),
            Some(TapeError::LeftOver)
        );
        // Another seed's deal: the places may run out early, run on, or name no choice, but
        // the same match never comes of it.
        let (other, _) = taped(4, MatchOptions::default());
        if let Ok(s) = replay(MatchOptions::default(), 4, &tape, &mut NoRecord) {
            assert_ne!(format!("{:?}", s.public()), format!("{:?}", other.public()));
        }
    }

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn every_allowed_choice_has_its_own_place_and_back() {
        // Walk many positions of real matches and check each legal choice's round trip.
        for seed in 20..24 {
            let bot = |side| {
                crate::ai::Bot::new(
                    crate::ai::Level::new(3).unwrap(),
                    crate::ai::Level::new(3).unwrap(),
                    seed,
                    side,
                )
            };
            let (mut home, mut away) = (bot(Side::Home), bot(Side::Away));
            let mut checked = 0;
            play_on_seeing(
                MatchState::new(MatchOptions::default()),
                &mut chance_rng(seed),
                [&mut home, &mut away],
                &mut NoRecord,
                |s, _| {
                    let view = s.view();
                    let legal = view.legal_choices();
                    let n = count_of(&view);
                    let mut places: Vec<u32> = Vec::new();
                    for c in &legal {
                        let (p, count) = place_of(&view, *c).expect("a legal choice has a place");
                        assert_eq!(count, n);
                        assert!(p < n);
                        assert_eq!(choice_at(&view, p), Some(*c));
                        // The writer's own quick path writes the same bits.
                        let mut quick = TapeWriter::new();
                        quick.push(s, *c).unwrap();
                        let mut slow = TapeWriter::new();
                        slow.write(p, width(count));
                        assert_eq!(quick.finish(), slow.finish(), "{c:?} at {view:?}");
                        places.push(p);
                    }
                    // A card not in the hand has no place.
                    if let Some(missing) = (0..crate::cards::DISTINCT)
                        .map(crate::cards::Card::from_index)
                        .find(|c| !view.hand.contains(c))
                    {
                        let c = Choice::Card(missing);
                        assert_eq!(TapeWriter::new().push(s, c), Err(NotAllowed(c)));
                        // Said in words ("the 4 of pads ..."), not as debug text.
                        assert_eq!(
                            NotAllowed(c).to_string(),
                            format!("{c} is not one of the choices allowed there")
                        );
                        assert!(NotAllowed(c).to_string().starts_with("the "));
                    }
                    if let Decision::Exchange = view.decision {
                        // Legal lists give each pair once; the tape keeps both orders.
                        assert!(legal.len() as u32 <= n);
                    } else {
                        assert_eq!(legal.len() as u32, n);
                    }
                    places.sort_unstable();
                    places.dedup();
                    assert_eq!(places.len(), legal.len());
                    checked += 1;
                },
            )
            .unwrap();
            assert!(checked > 100);
        }
    }
}
