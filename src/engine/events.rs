//! What happens in a match, as events handed to a [`Recorder`] as they happen.
//!
//! Events borrow from the match state, so a recorder that ignores them (bulk simulation)
//! costs nothing; the ball log and the commentary of a watched match are recorders.

use super::delivery::Call;
use super::score::{InningsEnd, MatchResult, Side};
use super::tables::Dismissal;
use crate::cards::{Card, Suit};

/// Whose draw emptied the pickup pile and so formed a new pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawBy {
    Bowler,
    Batsman,
    Exchange,
}

impl DrawBy {
    pub fn name(self) -> &'static str {
        match self {
            DrawBy::Bowler => "bowler",
            DrawBy::Batsman => "batsman",
            DrawBy::Exchange => "exchange",
        }
    }
}

/// The toss winner's election.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Election {
    Bat,
    Bowl,
}

impl Election {
    pub fn name(self) -> &'static str {
        match self {
            Election::Bat => "bat",
            Election::Bowl => "bowl",
        }
    }
}

/// A finished delivery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BallRecord {
    pub innings: u8,
    /// The pack in use when the bowler played.
    pub pack: u16,
    pub bowler_card: Card,
    pub top_before: Card,
    pub no_ball_suit: Suit,
    pub call: Call,
    pub bat_card: Option<Card>,
    pub striker: u8,
    pub non_striker: u8,
    pub runs: u8,
    pub no_balls: u8,
    pub wides: u8,
    pub byes: u8,
    pub counts: bool,
    /// The batsman out and how.
    pub wicket: Option<(u8, Dismissal)>,
    /// The batting side's innings score after the delivery.
    pub total: u16,
    pub wickets: u8,
    pub balls: u16,
}

impl BallRecord {
    pub fn extras(&self) -> u8 {
        self.no_balls + self.wides + self.byes
    }
}

/// Something that happened. Piles are given top card **last** (as the engine stores them);
/// writers that need top-first order reverse them.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    Deal {
        home: &'a [Card],
        away: &'a [Card],
        pickup: &'a [Card],
    },
    Toss {
        winner: Side,
        elected: Election,
    },
    Discard {
        side: Side,
        card: Card,
    },
    InningsStart {
        number: u8,
        batting: Side,
        no_ball_suit: Suit,
    },
    Pack {
        number: u16,
        after: DrawBy,
        pickup: &'a [Card],
    },
    Ball(&'a BallRecord),
    Exchange {
        side: Side,
        out: &'a [Card],
        drawn: &'a [Card],
    },
    Declare {
        innings: u8,
        side: Side,
        total: u16,
        wickets: u8,
    },
    InningsEnd {
        number: u8,
        batting: Side,
        total: u16,
        wickets: u8,
        balls: u16,
        reason: InningsEnd,
    },
    Result(&'a MatchResult),
}

/// Receives the events of a match.
pub trait Recorder {
    fn record(&mut self, event: &Event<'_>);
}

/// A recorder that keeps nothing: bulk simulation.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRecord;

impl Recorder for NoRecord {
    #[inline]
    fn record(&mut self, _event: &Event<'_>) {}
}

impl<R: Recorder + ?Sized> Recorder for &mut R {
    fn record(&mut self, event: &Event<'_>) {
        (**self).record(event)
    }
}
