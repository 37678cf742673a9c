//! The decisions the engine asks of a side ([`Decision`]), the answers it takes ([`Choice`]),
//! and why it refuses one ([`IllegalChoice`]).

use super::delivery::Call;
use super::events::Election;
use crate::cards::Card;

/// A decision a side is asked to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The toss winner, seeing its seven cards, bats or bowls.
    Elect,
    /// Throw away one of the seven cards (bowling side first).
    OpeningDiscard,
    /// Before a delivery the batting side may declare.
    Declare,
    /// The bowling side plays a card.
    Bowl,
    /// The batting side answers the card bowled; `call` is `Normal`, `NoBall` or `Wide`, and
    /// `top_before` the card it was bowled onto (the view's top is now the bowled card).
    Respond {
        bowled: Card,
        call: Call,
        top_before: Card,
    },
    /// After a wicket the batting side may change up to two cards.
    Exchange,
}

/// A side's answer to a [`Decision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Elect(Election),
    /// A card to discard, bowl or play.
    Card(Card),
    /// No card, where a no-ball or a wide allows it.
    NoCard,
    Continue,
    Declare,
    /// Cards given up after a wicket: none, one or two.
    Exchange([Option<Card>; 2]),
}

/// Why a choice was refused. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalChoice {
    /// The match is waiting for something else (a chance event, another decision, or nothing).
    NotExpected {
        expected: Option<Decision>,
        got: Choice,
    },
    /// The card is not in the hand (or not twice, for two copies).
    NotInHand(Card),
    /// A normal delivery must be answered with a card.
    CardRequired,
}

impl std::fmt::Display for IllegalChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IllegalChoice::NotExpected {
                expected: Some(d),
                got,
            } => {
                write!(f, "{got:?} does not answer {d:?}")
            }
            IllegalChoice::NotExpected {
                expected: None,
                got,
            } => {
                write!(f, "{got:?} given when no decision is due")
            }
            IllegalChoice::NotInHand(c) => write!(f, "{c} is not in the hand"),
            IllegalChoice::CardRequired => {
                f.write_str("a normal delivery must be answered with a card")
            }
        }
    }
}

impl std::error::Error for IllegalChoice {}
