//! A person's match as the save keeps it: which fixture, how it is shown, every action the
//! person took in it and every choice the computer made, in order. The deal and the packs
//! flow from the match's seed, so these choices are all it takes to rebuild it exactly, ball
//! for ball (OpenSpiel's "the history determines the state"); the terminal program replays
//! them (`crate::live::LiveMatch::replay`). The computer's choices are kept, not
//! worked out again, so that a match left in play by one version of the program resumes the
//! same under a later one whose computer players choose differently.
//!
//! These are the in-memory types; the stored ones are in [`super::v2`] (the save) and
//! [`super::journal`] (the actions written one by one while the match is played).

use crate::counties::{Class, CountyId};
use crate::engine::Choice;
use crate::league::competition::Fixture;

/// The fixture a match record belongs to: where it stands in the competition, and its seed
/// (checked, so a record is never replayed on another match's deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixtureKey {
    pub year: u16,
    pub class: Class,
    pub round: u8,
    pub index: u8,
    pub home: CountyId,
    pub away: CountyId,
    pub seed: u64,
}

impl FixtureKey {
    pub fn of(f: &Fixture) -> FixtureKey {
        FixtureKey {
            year: f.year,
            class: f.class,
            round: f.round,
            index: f.index,
            home: f.home,
            away: f.away,
            seed: f.seed,
        }
    }

    /// Whether `f` is this fixture.
    pub fn is(&self, f: &Fixture) -> bool {
        *self == FixtureKey::of(f)
    }

    /// The fixture itself.
    pub fn fixture(&self) -> Fixture {
        Fixture {
            year: self.year,
            class: self.class,
            round: self.round,
            index: self.index,
            home: self.home,
            away: self.away,
            seed: self.seed,
        }
    }
}

/// How the match is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The person plays one side, ball by ball.
    Play,
    /// Two computer sides, watched ball by ball.
    Watch,
}

/// One thing the person did to a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A choice the engine asked the person for (the toss, a discard, a card, no card, the
    /// cards changed after a wicket).
    Choose(Choice),
    /// `[D]`: a declaration armed (`true`) or taken back (`false`), made before the next ball.
    Declare(bool),
    /// `[Enter]` at a stop: play goes on.
    Resume,
    /// A watched match moved on this many balls (one tick).
    Watch(u8),
    /// `[Q]`: a watched match finished at once.
    Quick,
    /// A choice a computer player made (the side is the one the engine asked).
    Computer(Choice),
}

impl std::fmt::Display for Op {
    /// The action in words, for messages: "the 4 of pads", "a declaration taken back".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Op::Choose(c) => write!(f, "{c}"),
            Op::Declare(true) => f.write_str("a declaration"),
            Op::Declare(false) => f.write_str("a declaration taken back"),
            Op::Resume => f.write_str("play going on after a stop"),
            Op::Watch(1) => f.write_str("a watched match moving on a ball"),
            Op::Watch(n) => write!(f, "a watched match moving on {n} balls"),
            Op::Quick => f.write_str("a watched match finished at once"),
            Op::Computer(c) => write!(f, "the computer's choice of {c}"),
        }
    }
}

/// A match in play, or the last one the person played: its fixture, its mode, and the
/// person's actions and the computer's choices in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    pub fixture: FixtureKey,
    pub mode: Mode,
    pub ops: Vec<Op>,
}

impl MatchRecord {
    /// The engine choices the person made, in order (the toss, discards, cards, changes of
    /// cards), without the declarations armed or the pauses passed.
    pub fn choices(&self) -> impl Iterator<Item = Choice> + '_ {
        self.ops.iter().filter_map(|op| match op {
            Op::Choose(c) => Some(*c),
            _ => None,
        })
    }
}
