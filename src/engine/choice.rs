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
            } => write!(f, "the match asks for {d}, not {got}"),
            IllegalChoice::NotExpected {
                expected: None,
                got,
            } => write!(f, "{got} was given when the match asks for nothing"),
            IllegalChoice::NotInHand(c) => write!(f, "{} is not in that hand", card_words(*c)),
            IllegalChoice::CardRequired => {
                f.write_str("a normal delivery must be answered with a card")
            }
        }
    }
}

/// A card in words, for messages: "the 4 of pads".
fn card_words(c: Card) -> String {
    format!("the {} of {}", c.rank(), c.suit().name())
}

impl std::fmt::Display for Choice {
    /// The choice in words, for messages: "the 4 of pads", "no card", "batting first".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Elect(Election::Bat) => f.write_str("batting first"),
            Choice::Elect(Election::Bowl) => f.write_str("bowling first"),
            Choice::Card(c) => f.write_str(&card_words(*c)),
            Choice::NoCard => f.write_str("no card"),
            Choice::Continue => f.write_str("playing on"),
            Choice::Declare => f.write_str("a declaration"),
            Choice::Exchange([None, None]) => f.write_str("changing no card"),
            Choice::Exchange([Some(c), None] | [None, Some(c)]) => {
                write!(f, "changing {}", card_words(*c))
            }
            Choice::Exchange([Some(a), Some(b)]) => {
                write!(f, "changing {} and {}", card_words(*a), card_words(*b))
            }
        }
    }
}

impl std::fmt::Display for Decision {
    /// What the decision asks for, in words: "a card to bowl".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Decision::Elect => f.write_str("the toss winner's choice to bat or bowl"),
            Decision::OpeningDiscard => f.write_str("an opening discard"),
            Decision::Declare => f.write_str("whether to declare"),
            Decision::Bowl => f.write_str("a card to bowl"),
            Decision::Respond { bowled, .. } => {
                write!(f, "an answer to {} bowled", card_words(*bowled))
            }
            Decision::Exchange => f.write_str("the cards to change after a wicket"),
        }
    }
}

impl std::error::Error for IllegalChoice {}
