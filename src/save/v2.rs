//! Save format 2: format 1's competition, unchanged, with the match the person has in play and
//! the last one the person played (each a [`MatchV2`]: its fixture and the person's actions).
//!
//! Files of older formats are read by climbing a ladder of upgrades, one format at a time
//! (ZenGM's `connectLeague` style): [`upgrade_1`] turns a format-1 file into a format-2 one,
//! which is what the program then works with and writes. A new format adds a rung; no rung is
//! ever changed. The layout of every format is pinned by tests (`save::tests`), which fail if
//! a payload's layout changes while its number stays.

use serde::{Deserialize, Serialize};

use super::record::{FixtureKey, MatchRecord, Mode, Op};
use super::v1::FileV1;
use crate::cards::{Card, DISTINCT};
use crate::counties::Class;
use crate::engine::{Choice, Election};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct FileV2 {
    /// The competition, as format 1 stores it.
    pub competition: FileV1,
    /// The person's match in play, folded in when they left it.
    pub in_play: Option<MatchV2>,
    /// The last match the person played to its end.
    pub last_played: Option<MatchV2>,
}

/// A person's match: its fixture, how it is shown and their actions.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct MatchV2 {
    pub year: u16,
    /// 0 first class, 1 second.
    pub class: u8,
    pub round: u8,
    pub index: u8,
    /// County ids.
    pub home: u8,
    pub away: u8,
    pub seed: u64,
    /// 0 the person plays, 1 watched.
    pub mode: u8,
    pub ops: Vec<OpV2>,
}

/// One action (see [`Op`]).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpV2 {
    /// A card (discarded, bowled or played) by its index, 0..55.
    Card(u8),
    NoCard,
    /// 0 bat, 1 bowl.
    Elect(u8),
    /// The cards given up after a wicket, each its index + 1 (0: none).
    Exchange(u8, u8),
    Declare(bool),
    Resume,
    Watch(u8),
    Quick,
    /// A computer player's choice.
    Computer(ChoiceV2),
}

/// A computer player's choice (see [`Choice`]): cards by index as in [`OpV2`].
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceV2 {
    Card(u8),
    NoCard,
    /// 0 bat, 1 bowl.
    Elect(u8),
    /// Each its index + 1 (0: none).
    Exchange(u8, u8),
    Declare,
    Continue,
}

/// Format 1 to format 2: the competition as it was, no match in play, none on record.
pub fn upgrade_1(v1: FileV1) -> FileV2 {
    FileV2 {
        competition: v1,
        in_play: None,
        last_played: None,
    }
}

/// Why a stored match record cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    Class(u8),
    /// No such county, or a county playing itself.
    County(u8),
    Mode(u8),
    Card(u8),
    Elect(u8),
    /// A watched tick of no balls.
    EmptyWatch,
}

impl std::fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordProblem::Class(c) => write!(f, "its match in play is in class {c}"),
            RecordProblem::County(c) => write!(f, "its match in play names county {c}"),
            RecordProblem::Mode(m) => write!(f, "its match in play has mode {m}"),
            RecordProblem::Card(c) => write!(f, "its match in play names card {c}"),
            RecordProblem::Elect(e) => write!(f, "its match in play elects {e}"),
            RecordProblem::EmptyWatch => f.write_str("its match in play moves on no balls"),
        }
    }
}

impl std::error::Error for RecordProblem {}

#[expect(
    clippy::cast_possible_truncation,
    reason = "a card's index is below DISTINCT (55): it fits a byte"
)]
fn card_index(c: Card) -> u8 {
    c.index() as u8
}

fn given_index(c: Option<Card>) -> u8 {
    c.map_or(0, |c| card_index(c) + 1)
}

fn card_of(i: u8) -> Result<Card, RecordProblem> {
    ((i as usize) < DISTINCT)
        .then(|| Card::from_index(i as usize))
        .ok_or(RecordProblem::Card(i))
}

fn given_of(i: u8) -> Result<Option<Card>, RecordProblem> {
    match i {
        0 => Ok(None),
        i => card_of(i - 1).map(Some),
    }
}

fn election_of(e: u8) -> Result<Election, RecordProblem> {
    match e {
        0 => Ok(Election::Bat),
        1 => Ok(Election::Bowl),
        e => Err(RecordProblem::Elect(e)),
    }
}

impl ChoiceV2 {
    pub fn of(c: Choice) -> ChoiceV2 {
        match c {
            Choice::Card(c) => ChoiceV2::Card(card_index(c)),
            Choice::NoCard => ChoiceV2::NoCard,
            Choice::Elect(e) => ChoiceV2::Elect((e == Election::Bowl) as u8),
            Choice::Exchange([a, b]) => ChoiceV2::Exchange(given_index(a), given_index(b)),
            Choice::Declare => ChoiceV2::Declare,
            Choice::Continue => ChoiceV2::Continue,
        }
    }

    pub fn choice(self) -> Result<Choice, RecordProblem> {
        Ok(match self {
            ChoiceV2::Card(i) => Choice::Card(card_of(i)?),
            ChoiceV2::NoCard => Choice::NoCard,
            ChoiceV2::Elect(e) => Choice::Elect(election_of(e)?),
            ChoiceV2::Exchange(a, b) => Choice::Exchange([given_of(a)?, given_of(b)?]),
            ChoiceV2::Declare => Choice::Declare,
            ChoiceV2::Continue => Choice::Continue,
        })
    }
}

impl OpV2 {
    pub fn of(op: &Op) -> OpV2 {
        match *op {
            Op::Choose(Choice::Card(c)) => OpV2::Card(card_index(c)),
            Op::Choose(Choice::NoCard) => OpV2::NoCard,
            Op::Choose(Choice::Elect(e)) => OpV2::Elect((e == Election::Bowl) as u8),
            Op::Choose(Choice::Exchange([a, b])) => OpV2::Exchange(given_index(a), given_index(b)),
            // Declarations reach the engine through [D] (`Op::Declare`), never chosen.
            Op::Choose(Choice::Declare) => OpV2::Declare(true),
            Op::Choose(Choice::Continue) => OpV2::Declare(false),
            Op::Declare(on) => OpV2::Declare(on),
            Op::Resume => OpV2::Resume,
            Op::Watch(n) => OpV2::Watch(n),
            Op::Quick => OpV2::Quick,
            Op::Computer(c) => OpV2::Computer(ChoiceV2::of(c)),
        }
    }

    pub fn op(self) -> Result<Op, RecordProblem> {
        Ok(match self {
            OpV2::Card(i) => Op::Choose(Choice::Card(card_of(i)?)),
            OpV2::NoCard => Op::Choose(Choice::NoCard),
            OpV2::Elect(e) => Op::Choose(Choice::Elect(election_of(e)?)),
            OpV2::Exchange(a, b) => Op::Choose(Choice::Exchange([given_of(a)?, given_of(b)?])),
            OpV2::Declare(on) => Op::Declare(on),
            OpV2::Resume => Op::Resume,
            OpV2::Watch(0) => return Err(RecordProblem::EmptyWatch),
            OpV2::Watch(n) => Op::Watch(n),
            OpV2::Quick => Op::Quick,
            OpV2::Computer(c) => Op::Computer(c.choice()?),
        })
    }
}

impl MatchV2 {
    pub fn of(m: &MatchRecord) -> MatchV2 {
        let k = &m.fixture;
        MatchV2 {
            year: k.year,
            class: (k.class == Class::Second) as u8,
            round: k.round,
            index: k.index,
            home: k.home,
            away: k.away,
            seed: k.seed,
            mode: (m.mode == Mode::Watch) as u8,
            ops: m.ops.iter().map(OpV2::of).collect(),
        }
    }

    pub fn record(&self) -> Result<MatchRecord, RecordProblem> {
        let class = match self.class {
            0 => Class::First,
            1 => Class::Second,
            c => return Err(RecordProblem::Class(c)),
        };
        let mode = match self.mode {
            0 => Mode::Play,
            1 => Mode::Watch,
            m => return Err(RecordProblem::Mode(m)),
        };
        let county = |c: u8| {
            ((c as usize) < crate::counties::all().len())
                .then_some(c)
                .ok_or(RecordProblem::County(c))
        };
        if self.home == self.away {
            return Err(RecordProblem::County(self.away));
        }
        Ok(MatchRecord {
            fixture: FixtureKey {
                year: self.year,
                class,
                round: self.round,
                index: self.index,
                home: county(self.home)?,
                away: county(self.away)?,
                seed: self.seed,
            },
            mode,
            ops: self
                .ops
                .iter()
                .map(|op| op.op())
                .collect::<Result<_, _>>()?,
        })
    }
}
