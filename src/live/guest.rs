//! A match against a friend as the guest sees it: built only from what the host sends its
//! side (its views, the public events, the table as it stands), never from the engine's
//! whole state. It holds the public state and the guest's own hand, the commentary built
//! from the events as they are told, the question asked and not yet answered, the `=`
//! adviser (told every view of its side), and the answers waiting to be sent. The match
//! screen draws it and plays it through [`Table`] as it does a [`LiveMatch`](super::LiveMatch).
//!
//! It does no IO: the terminal program hands it each host message ([`GuestMatch::receive`])
//! and takes the answers to send ([`GuestMatch::take_answers`]).

use crate::ai::analyst::Analyst;
use crate::cards::Card;
use crate::engine::{
    Choice, Decision, DrawBy, Election, Event, MatchOptions, MatchResult, MatchState, Player,
    PublicState, Recorder, Side,
};
use crate::net::protocol::{
    card_from_wire, cards_from_wire, suit_from_wire, BadWire, HostMsg, OwnedView, WireDrawBy,
    WireEvent,
};
use crate::save::record::Op;

use super::commentary::{Commentary, Pause};
use super::table::{Desk, Table};
use super::{ReplayError, Stop, Watching};

/// The guest's match.
pub struct GuestMatch {
    /// Full names, home first.
    pub names: [String; 2],
    /// The side the guest plays.
    pub side: Side,
    pub public: PublicState,
    pub hand: Vec<Card>,
    pub commentary: Commentary,
    /// The commentary of a match not yet begun, to start again from for a story.
    blank: Commentary,
    /// A story has begun since the last welcome (its first piece starts the commentary
    /// afresh; the rest add to it).
    storied: bool,
    /// The question asked and not yet answered: its number and the view.
    asked: Option<(u32, OwnedView)>,
    /// The last question answered, until the host takes the answer (a refusal restores it).
    answered: Option<(u32, OwnedView)>,
    adviser: Analyst,
    /// Decisions of the side so far (answered here or told), which a rejoin's catch-up
    /// repeats from the start.
    decisions: usize,
    /// Catch-up messages seen since the last welcome.
    caught_up: usize,
    /// Answers to send: the question's number and the choice.
    outbox: Vec<(u32, Choice)>,
    pub paused: Option<Stop>,
    /// The person's side of the screen.
    pub desk: Desk,
    /// Play is held, and why ("waiting for Lancashire to come back"), as the host or the
    /// connection says.
    pub held: Option<String>,
    /// The host ended the match before its end: why.
    pub ended: Option<String>,
}

impl GuestMatch {
    /// A match about to begin: `names` are (full, scoreboard) names, home first; `side` the
    /// guest's; `seed` the adviser's (the welcome's `bot_seed`, which tells nothing of the
    /// deal).
    pub fn new(
        options: MatchOptions,
        names: [(String, String); 2],
        side: Side,
        seed: u64,
    ) -> GuestMatch {
        let mut commentary = Commentary::new(&names[0].1, &names[1].1, options.packs_per_session);
        commentary.full_names = [names[0].0.clone(), names[1].0.clone()];
        commentary.no_ball_rule = options.no_balls;
        GuestMatch {
            names: [names[0].0.clone(), names[1].0.clone()],
            side,
            // A match not yet dealt: nothing of anyone's cards in it.
            public: MatchState::new(options).public().clone(),
            hand: Vec::new(),
            blank: commentary.clone(),
            commentary,
            storied: false,
            asked: None,
            answered: None,
            adviser: Analyst::adviser(seed, side),
            decisions: 0,
            caught_up: 0,
            outbox: Vec::new(),
            paused: None,
            desk: Desk::default(),
            held: None,
            ended: None,
        }
    }

    /// The connection is back (a new welcome): the host's catch-up follows from the
    /// first decision again, and the question asked before will be asked anew.
    pub fn rejoined(&mut self) {
        self.caught_up = 0;
        self.storied = false;
        self.asked = None;
        self.answered = None;
        self.outbox.clear();
        self.held = None;
    }

    /// Takes a message from the host. A message that makes no sense is refused, changing
    /// nothing.
    pub fn receive(&mut self, msg: HostMsg) -> Result<(), BadWire> {
        match msg {
            HostMsg::Welcome { .. } => self.rejoined(),
            HostMsg::Catchup { view, choice } => {
                let (owned, choice) = (view.owned()?, choice.choice()?);
                self.caught_up += 1;
                if self.caught_up > self.decisions {
                    self.adviser.observe(&owned.view(), choice);
                    self.decisions += 1;
                    self.public = owned.public;
                    self.hand = owned.hand;
                }
            }
            HostMsg::Events(events) => {
                for e in &events {
                    record_wire(&mut self.commentary, e)?;
                }
                self.stop();
            }
            HostMsg::Story(events) => {
                // Told again, not news: the commentary is rebuilt and nothing stops play.
                let mut told = if self.storied {
                    self.commentary.clone()
                } else {
                    self.blank.clone()
                };
                for e in &events {
                    record_wire(&mut told, e)?;
                }
                told.pauses.clear();
                self.commentary = told;
                self.storied = true;
            }
            HostMsg::Ask { number, view } => {
                let owned = view.owned()?;
                if owned.side != self.side {
                    return Err(BadWire("a question for the other side"));
                }
                self.answered = None;
                self.public = owned.public.clone();
                self.hand = owned.hand.clone();
                if owned.decision == Decision::Declare {
                    // Armed ahead with [D]: the question before each ball never waits.
                    let choice = if self.desk.declare_next {
                        Choice::Declare
                    } else {
                        Choice::Continue
                    };
                    self.adviser.observe(&owned.view(), choice);
                    self.decisions += 1;
                    self.outbox.push((number, choice));
                    if choice == Choice::Declare {
                        self.desk.declare_next = false;
                    }
                    return Ok(());
                }
                if owned.decision == Decision::Exchange {
                    // The prompt to change cards says "Wicket!": no stop of its own.
                    if let Some(stop) = &mut self.paused {
                        stop.0.retain(|p| *p != Pause::Wicket);
                        if stop.0.is_empty() {
                            self.paused = None;
                        }
                    }
                }
                self.desk.exchange_pick.clear();
                self.asked = Some((number, owned));
            }
            HostMsg::Tell { view, choice } => {
                let (owned, choice) = (view.owned()?, choice.choice()?);
                self.adviser.observe(&owned.view(), choice);
                self.decisions += 1;
            }
            HostMsg::Refused(why) => {
                if let Some(answered) = self.answered.take() {
                    self.decisions = self.decisions.saturating_sub(1);
                    self.asked = Some(answered);
                }
                self.desk.note = Some(format!("The host refused that: {why}"));
            }
            HostMsg::Paused { reason } => self.held = Some(reason),
            HostMsg::Resumed => self.held = None,
            HostMsg::Table { public, hand } => {
                if self.asked.is_none() {
                    self.public = public.public()?;
                    self.hand = cards_from_wire(&hand)?;
                }
            }
            HostMsg::Result { result, .. } => {
                self.public.result = Some(result.result());
                self.asked = None;
                self.held = None;
            }
            HostMsg::Bye(why) => {
                self.asked = None;
                self.ended = Some(why);
            }
        }
        Ok(())
    }

    /// Stops play on what the events just told raised (a wicket, an interval, an innings'
    /// close, the match's end): one stop for what happened at one moment.
    fn stop(&mut self) {
        let pauses = std::mem::take(&mut self.commentary.pauses);
        if pauses.is_empty() {
            return;
        }
        match &mut self.paused {
            Some(stop) => stop.0.extend(pauses),
            None => self.paused = Some(Stop(pauses)),
        }
    }

    /// The answers to send since last taken: the question's number and the choice.
    pub fn take_answers(&mut self) -> Vec<(u32, Choice)> {
        std::mem::take(&mut self.outbox)
    }

    /// The match's result, once the host has said it.
    pub fn result(&self) -> Option<&MatchResult> {
        self.public.result.as_ref()
    }

    /// The question asked, if one is (stopped or not).
    pub fn asked(&self) -> Option<Decision> {
        self.asked.as_ref().map(|(_, v)| v.decision)
    }
}

/// Gives `c` the event the host told, as the engine would have given it.
fn record_wire(c: &mut Commentary, e: &WireEvent) -> Result<(), BadWire> {
    match e {
        WireEvent::Dealt => c.record(&Event::Deal {
            home: &[],
            away: &[],
            pickup: &[],
        }),
        WireEvent::Toss { winner, bat } => c.record(&Event::Toss {
            winner: (*winner).into(),
            elected: if *bat { Election::Bat } else { Election::Bowl },
        }),
        WireEvent::Discard { side, card } => c.record(&Event::Discard {
            side: (*side).into(),
            card: card_from_wire(*card)?,
        }),
        WireEvent::InningsStart {
            number,
            batting,
            no_ball_suit,
        } => c.record(&Event::InningsStart {
            number: *number,
            batting: (*batting).into(),
            no_ball_suit: suit_from_wire(*no_ball_suit)?,
        }),
        WireEvent::Pack { number, after } => c.record(&Event::Pack {
            number: *number,
            after: match after {
                WireDrawBy::Bowler => DrawBy::Bowler,
                WireDrawBy::Batsman => DrawBy::Batsman,
                WireDrawBy::Exchange => DrawBy::Exchange,
            },
            pickup: &[],
        }),
        WireEvent::Ball(b) => c.record(&Event::Ball(&b.ball()?)),
        WireEvent::Exchange { side, out, drawn } => c.record(&Event::Exchange {
            side: (*side).into(),
            out: &cards_from_wire(out)?,
            drawn: &cards_from_wire(drawn)?,
        }),
        WireEvent::Declare {
            innings,
            side,
            total,
            wickets,
        } => c.record(&Event::Declare {
            innings: *innings,
            side: (*side).into(),
            total: *total,
            wickets: *wickets,
        }),
        WireEvent::InningsEnd {
            number,
            batting,
            total,
            wickets,
            balls,
            reason,
        } => c.record(&Event::InningsEnd {
            number: *number,
            batting: (*batting).into(),
            total: *total,
            wickets: *wickets,
            balls: *balls,
            reason: (*reason).into(),
        }),
        WireEvent::Result(r) => c.record(&Event::Result(&r.result())),
    }
    Ok(())
}

impl Table for GuestMatch {
    fn public(&self) -> &PublicState {
        &self.public
    }
    fn hand(&self) -> &[Card] {
        &self.hand
    }
    fn human(&self) -> Option<Side> {
        Some(self.side)
    }
    fn human_to_act(&self) -> Option<Decision> {
        if self.paused.is_some() || self.ended.is_some() {
            return None;
        }
        self.asked()
    }
    fn is_over(&self) -> bool {
        self.public.result.is_some()
    }
    fn may_declare_at_pause(&self) -> bool {
        // Between innings, the next one begun with the guest's side batting.
        self.paused
            .as_ref()
            .is_some_and(|s| s.innings_end().is_some())
            && !self.is_over()
            && self.public.innings_started > 0
            && self.public.batting() == self.side
            && self.public.current().balls == 0
    }
    fn bats_next(&self) -> bool {
        self.public.first_bat == self.side
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
        None
    }
    fn watching_mut(&mut self) -> Option<&mut Watching> {
        None
    }
    fn waiting_for(&self) -> Option<String> {
        if self.is_over() || self.paused.is_some() {
            return None;
        }
        if let Some(why) = &self.ended {
            return Some(format!("nobody: the host ended the match ({why})"));
        }
        if let Some(held) = &self.held {
            return Some(held.clone());
        }
        match self.asked {
            Some(_) => None,
            None => Some(format!("{} to play", self.names[self.side.other().index()])),
        }
    }
    fn against_friend(&self) -> bool {
        true
    }
    fn apply(&mut self, op: Op) -> Result<(), ReplayError> {
        match op {
            Op::Choose(choice) => {
                if self.human_to_act().is_none() {
                    return Err(ReplayError::NotNow(op));
                }
                let (number, view) = self.asked.take().ok_or(ReplayError::NotNow(op))?;
                if !view.view().allows(choice) {
                    self.asked = Some((number, view));
                    return Err(ReplayError::NotNow(op));
                }
                self.adviser.observe(&view.view(), choice);
                self.decisions += 1;
                self.outbox.push((number, choice));
                // The card played leaves the hand at once; the host's next word has the rest.
                if let Choice::Card(c) = choice {
                    if let Some(i) = self.hand.iter().position(|&h| h == c) {
                        self.hand.remove(i);
                    }
                }
                self.desk.exchange_pick.clear();
                self.commentary.new_turn();
                self.answered = Some((number, view));
                Ok(())
            }
            Op::Declare(on) => {
                self.desk.declare_next = on;
                Ok(())
            }
            Op::Resume => {
                if self.paused.is_none() {
                    return Err(ReplayError::NotNow(op));
                }
                self.paused = None;
                self.commentary.new_turn();
                Ok(())
            }
            Op::Watch(_) | Op::Quick | Op::Computer(_) => Err(ReplayError::NotNow(op)),
        }
    }
    fn advice(&mut self) -> Option<Choice> {
        self.human_to_act()?;
        let (_, view) = self.asked.as_ref()?;
        Some(self.adviser.decide(&view.view()))
    }
}
