//! What the match screen draws from and plays through: a [`Table`] is a match as one
//! person sees it (the public state, their own hand, the commentary, the stop showing, the
//! question asked of them) and the person's side of the screen beside it, one [`Desk`] (a
//! word on the last key, the help, the cards picked to change, the adviser's marks). Two kinds of match are tables: a
//! [`LiveMatch`](super::LiveMatch), which holds the whole engine state (solo play, and the
//! host of a match against a friend), and a [`GuestMatch`](super::guest::GuestMatch), which
//! holds only what the host sent its side. The screen's drawing and keys are written once
//! against this trait.

use crate::cards::Card;
use crate::engine::{Choice, Decision, PublicState, Side};
use crate::save::record::Op;

use super::commentary::Commentary;
use super::{ReplayError, Stop, Watching};

/// The person's side of the screen beside a match, kept the same way by every kind of
/// table: what the person's keys mark there, apart from the match itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Desk {
    /// A word on the last key, shown until the next (a refused third pick, a digit with
    /// no card under it).
    pub note: Option<String>,
    /// The help is showing, scrolled this far.
    pub help: Option<usize>,
    /// The person pressed `[Esc]` and is asked whether to leave the match.
    pub leaving: bool,
    /// Hand slots picked for an exchange after a wicket.
    pub exchange_pick: Vec<usize>,
    /// What `[=]` did for the person (`"[=] bowled the 7 of @gloves@."`), shown until the
    /// person's next action: the commentary says what came of it, not which card was played.
    /// (Not kept with the match: a match resumed shows none.)
    pub advice_played: Option<String>,
    /// The person's last choice was the `=` adviser's: the adviser then also says whether it
    /// would declare (the person declares with `[D]`; the engine's question before each ball
    /// never waits for them).
    pub advised: bool,
    /// The adviser, asked before the last ball, would have declared there, and the person
    /// was taking its advice: the screen says so until the person chooses by hand, the
    /// innings closes, or it would bat on.
    pub declare_advised: bool,
    /// The person has asked to declare before the next ball.
    pub declare_next: bool,
}

/// A match as one person at the table sees and plays it.
pub trait Table {
    /// Everything both sides can see.
    fn public(&self) -> &PublicState;
    /// The person's own hand (empty when no person plays).
    fn hand(&self) -> &[Card];
    /// The side the person plays, if one does.
    fn human(&self) -> Option<Side>;
    /// The decision the person must make now, if any (never a declaration: that is armed
    /// ahead with `[D]`).
    fn human_to_act(&self) -> Option<Decision>;
    /// Whether the match is over.
    fn is_over(&self) -> bool;
    /// Whether the person's side may arm a declaration at the stop showing.
    fn may_declare_at_pause(&self) -> bool;
    /// Whether the person's side bats in the innings about to start.
    fn bats_next(&self) -> bool;
    /// Full names, home first.
    fn names(&self) -> &[String; 2];
    fn commentary(&self) -> &Commentary;
    /// Play stopped for the person to look.
    fn paused(&self) -> Option<&Stop>;
    /// The person's side of the screen.
    fn desk(&self) -> &Desk;
    fn desk_mut(&mut self) -> &mut Desk;
    /// How a computer-only match is watched; `None` when a person plays.
    fn watching(&self) -> Option<&Watching>;
    fn watching_mut(&mut self) -> Option<&mut Watching>;
    /// Whom the person waits for, in words ("Kent to play"), when the other side is a
    /// friend's and nothing is asked of the person.
    fn waiting_for(&self) -> Option<String> {
        None
    }
    /// Whether the other side is a friend's over the network (leaving ends the match for
    /// both).
    fn against_friend(&self) -> bool;
    /// Does what the person did; refused, changing nothing, when it cannot be done now.
    fn apply(&mut self, op: Op) -> Result<(), ReplayError>;
    /// The adviser's choice for the person now (the `=` key).
    fn advice(&mut self) -> Option<Choice>;
}

impl Table for super::LiveMatch {
    fn public(&self) -> &PublicState {
        self.state.public()
    }
    fn hand(&self) -> &[Card] {
        match self.human {
            Some(side) => self.state.hand(side),
            None => &[],
        }
    }
    fn human(&self) -> Option<Side> {
        self.human
    }
    fn human_to_act(&self) -> Option<Decision> {
        super::LiveMatch::human_to_act(self)
    }
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    fn may_declare_at_pause(&self) -> bool {
        super::LiveMatch::may_declare_at_pause(self)
    }
    fn bats_next(&self) -> bool {
        super::LiveMatch::bats_next(self)
    }
    fn names(&self) -> &[String; 2] {
        &self.names
    }
    fn commentary(&self) -> &Commentary {
        &self.commentary
    }
    fn paused(&self) -> Option<&Stop> {
        self.paused.as_ref()
    }
    fn desk(&self) -> &Desk {
        &self.desk
    }
    fn desk_mut(&mut self) -> &mut Desk {
        &mut self.desk
    }
    fn watching(&self) -> Option<&Watching> {
        self.human.is_none().then_some(&self.watching)
    }
    fn watching_mut(&mut self) -> Option<&mut Watching> {
        self.human.is_none().then_some(&mut self.watching)
    }
    fn waiting_for(&self) -> Option<String> {
        self.friend_to_act()
            .map(|side| format!("{} to play", self.names[side.index()]))
    }
    fn against_friend(&self) -> bool {
        self.friend.is_some()
    }
    fn apply(&mut self, op: Op) -> Result<(), ReplayError> {
        super::LiveMatch::apply(self, op)
    }
    fn advice(&mut self) -> Option<Choice> {
        super::LiveMatch::advice(self)
    }
}
