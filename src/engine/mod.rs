//! The rules engine: a whole Armchair Cricket match as a state machine.
//!
//! It does no IO and knows nothing of the terminal. Chance (the deal, the toss, each new
//! pack) is an explicit event drawn from the match's own seeded generator, and every
//! decision is asked of the side to act through [`Player`], which sees only a [`View`].

pub mod delivery;
pub mod events;
pub mod options;
pub mod runner;
pub mod score;
pub mod state;
pub mod tables;
pub mod tape;

pub use delivery::Call;
pub use events::{BallRecord, DrawBy, Election, Event, NoRecord, Recorder};
pub use options::MatchOptions;
pub use runner::{play_match, player_rng, MatchError, Player};
pub use score::{
    judge, InningsClose, InningsEnd, InningsScore, Margin, MatchResult, Outcome, Side,
};
pub use state::{Chance, Choice, Decision, IllegalChoice, MatchState, PublicState, View};
pub use tables::Dismissal;
