//! What the match screen draws from and plays through: a [`Table`] is a match as one
//! person sees it (the public state, their own hand, the commentary, the stop showing, the
//! question asked of them) and the few things the screen keeps beside it (a word on the
//! last key, the help, the cards picked to change). Two kinds of match are tables: a
//! [`LiveMatch`](super::LiveMatch), which holds the whole engine state (solo play, and the
//! host of a match against a friend), and a [`GuestMatch`](super::guest::GuestMatch), which
//! holds only what the host sent its side. The screen's drawing and keys are written once
//! against this trait.

use crate::cards::Card;
use crate::engine::{Choice, Decision, PublicState, Side};
use crate::save::record::Op;

use super::commentary::Commentary;
use super::{ReplayError, Stop, Watching};

/// The screen's own marks beside a match, to change.
pub struct Desk<'a> {
    pub note: &'a mut Option<String>,
    pub help: &'a mut Option<usize>,
    pub leaving: &'a mut bool,
    pub exchange_pick: &'a mut Vec<usize>,
    pub advice_played: &'a mut Option<String>,
    pub advised: &'a mut bool,
    pub declare_advised: &'a mut bool,
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
    fn note(&self) -> Option<&str>;
    fn help(&self) -> Option<usize>;
    fn leaving(&self) -> bool;
    fn exchange_pick(&self) -> &[usize];
    fn advice_played(&self) -> Option<&str>;
    fn declare_next(&self) -> bool;
    fn declare_advised(&self) -> bool;
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
    /// The screen's marks, to change.
    fn desk(&mut self) -> Desk<'_>;
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
    fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }
    fn help(&self) -> Option<usize> {
        self.help
    }
    fn leaving(&self) -> bool {
        self.leaving
    }
    fn exchange_pick(&self) -> &[usize] {
        &self.exchange_pick
    }
    fn advice_played(&self) -> Option<&str> {
        self.advice_played.as_deref()
    }
    fn declare_next(&self) -> bool {
        self.declare_next
    }
    fn declare_advised(&self) -> bool {
        self.declare_advised
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
    fn desk(&mut self) -> Desk<'_> {
        Desk {
            note: &mut self.note,
            help: &mut self.help,
            leaving: &mut self.leaving,
            exchange_pick: &mut self.exchange_pick,
            advice_played: &mut self.advice_played,
            advised: &mut self.advised,
            declare_advised: &mut self.declare_advised,
        }
    }
    fn apply(&mut self, op: Op) -> Result<(), ReplayError> {
        super::LiveMatch::apply(self, op)
    }
    fn advice(&mut self) -> Option<Choice> {
        super::LiveMatch::advice(self)
    }
}
