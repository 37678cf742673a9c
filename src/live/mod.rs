//! A match in play, headless: the engine's state, the computer's players, the person's side
//! (if any), the `=` adviser, the commentary and the match's record. It moves the match on
//! until a person must choose, a "fully" match pauses, or the match ends, and rebuilds a kept
//! match from its record (`replay`). The terminal program (`tui`) draws it and feeds it keys;
//! the command line's review and the benchmarks drive it without a terminal.
//!
//! - `commentary`: the recorder that builds the words, ball marks and runs per over;
//! - `review`: the person's costliest decisions in a finished match, by the adviser;
//! - `prospects`: the state-of-match line's claims and the calibration that checks them;
//! - `table`: what the match screen draws from and plays through ([`table::Table`]), for a
//!   match held here and a guest's alike;
//! - `guest`: a match against a friend as the guest sees it, built from what the host sends
//!   ([`guest::GuestMatch`]).
//!
//! A match against a friend, on the host: the other side is the friend's ([`LiveMatch::friend`]);
//! play stops when that side must decide until its choice arrives
//! ([`LiveMatch::friend_chose`]), the public events its side may be told are gathered for it
//! ([`LiveMatch::take_friend_events`]), and its choices are kept in the match's record as the
//! computer's are, so that the record replays the same match.

pub mod commentary;
pub mod guest;
pub mod prospects;
pub mod review;
pub mod table;

use std::collections::VecDeque;

use rand_chacha::ChaCha8Rng;

use crate::ai::analyst::Analyst;
use crate::ai::{Bot, Level};
use crate::engine::tape::{Tape, TapeWriter};
use crate::engine::{
    runner::chance_rng, Choice, Decision, Event, IllegalChoice, MatchOptions, MatchState, Player,
    Recorder, Side,
};
use crate::net::protocol::{WireEvent, WireView};
use crate::play::Levels;
use crate::save::record::{MatchRecord, Op};
use commentary::{Commentary, Pause};

/// How a match is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Played straight through; only the final scoreboard is shown.
    Quick,
    /// Every ball shown, pausing at wickets, intervals and innings ends.
    Fully,
}

/// A match in play.
pub struct LiveMatch {
    pub state: MatchState,
    rng: ChaCha8Rng,
    bots: [Bot; 2],
    /// The analyst that answers for the human on `[=]` (searching
    /// [`Search::ADVICE`](crate::ai::analyst::Search::ADVICE) hard).
    adviser: Analyst,
    pub human: Option<Side>,
    pub mode: Mode,
    pub commentary: Commentary,
    /// Full names, home first.
    pub names: [String; 2],
    /// Each innings in which the person's side batted on where the adviser would have
    /// declared, at the first ball it would have: what the review tells of declarations.
    pub batted_on: Vec<BattedOn>,
    /// Play has stopped for the user to look: everything that happened at that moment.
    pub paused: Option<Stop>,
    /// Deliveries bowled so far.
    pub deliveries: u32,
    /// The person's side of the screen: a word on the last key, the help, the leave
    /// question, the cards picked to change, the adviser's marks, a declaration armed.
    pub desk: table::Desk,
    /// How a computer-only match is watched: its speed, and whether the user holds it.
    pub watching: Watching,
    /// Every decision the engine asked of the person, with their answer, in order (a
    /// declaration's "continue" included): what a review of the match goes through.
    pub moves: Vec<(Decision, Choice)>,
    /// The computer's choices made since they were last taken ([`LiveMatch::take_computer`])
    /// and not yet in the match's record, to be kept there.
    computer_made: Vec<Choice>,
    /// A replay's recorded computer choices still to be played, in order: the computer
    /// players are asked as ever (so that their memories and streams run on as they did),
    /// but the recorded choice is the one played.
    script: VecDeque<Choice>,
    /// A recorded computer choice this engine does not allow where it came: the record is
    /// not of this match.
    off_script: Option<Choice>,
    /// Every choice made in the match, the person's and the computer's, as the history keeps
    /// them ([`crate::engine::tape`]); none once a choice could not be written.
    tape: Option<TapeWriter>,
    /// The side a friend plays over the network (the host's match), if any.
    pub friend: Option<Side>,
    /// The friend's choice for the decision its side is asked, arrived and not yet played.
    friend_choice: Option<Choice>,
    /// The computer's levels (batting, bowling) that took over the friend's side, if one did.
    pub finished_by: Option<(Level, Level)>,
    /// Every decision of the friend's side so far and the choice made there: what a
    /// computer taking the side over is caught up on.
    friend_history: Vec<(WireView, Choice)>,
    /// The public events the friend's side may be told, not yet taken.
    friend_events: Vec<WireEvent>,
    /// The match's seed (a computer taking over the friend's side is seeded from it).
    seed: u64,
}

/// The side the person's county (`user`) plays in a match of `home` against `away`, if any.
pub fn side_of(
    user: Option<crate::counties::CountyId>,
    home: crate::counties::CountyId,
    away: crate::counties::CountyId,
) -> Option<Side> {
    match user? {
        u if u == home => Some(Side::Home),
        u if u == away => Some(Side::Away),
        _ => None,
    }
}

/// Why a match could not be rebuilt from its actions: the record is not of this match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The engine refused a choice.
    Illegal(IllegalChoice),
    /// The action cannot be done at this point of the match.
    NotNow(Op),
    /// A computer choice it holds is not allowed where it comes.
    ComputerIllegal(Choice),
    /// It holds computer choices past the point its actions reach.
    ComputerLeftOver(usize),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Illegal(e) => write!(f, "a choice it holds is not allowed: {e}"),
            ReplayError::NotNow(op) => write!(f, "it holds {op} where that cannot be done"),
            ReplayError::ComputerIllegal(c) => {
                write!(f, "a computer choice it holds is not allowed: {c}")
            }
            ReplayError::ComputerLeftOver(n) => {
                write!(f, "it holds {n} computer choices past its last action")
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Play stopped for the user to look: the wicket, interval, close of an innings and end of
/// the match that came at one moment, in order, shown together and passed with one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop(pub Vec<Pause>);

impl Stop {
    /// The innings whose close this stop shows, if it shows one.
    pub fn innings_end(&self) -> Option<u8> {
        self.0.iter().find_map(|p| match p {
            Pause::InningsEnd(n) => Some(*n),
            _ => None,
        })
    }

    /// Whether the stop shows the end of the match.
    pub fn match_end(&self) -> bool {
        self.0.contains(&Pause::MatchEnd)
    }
}

/// Watching speeds: (ticks between balls, balls a tick). A tick is the event loop's, 120 ms.
pub const SPEEDS: [(u8, u8); 6] = [(8, 1), (4, 1), (2, 1), (1, 1), (1, 3), (1, 10)];
/// The speed a watched match starts at: a ball a tick, as before speeds could be chosen.
pub const NORMAL_SPEED: usize = 3;
/// The speeds' names, as the hint line gives them.
pub const SPEED_NAMES: [&str; 6] = ["slowest", "slower", "slow", "normal", "fast", "fastest"];

/// How a computer-only match is watched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watching {
    /// An index into [`SPEEDS`].
    pub speed: usize,
    /// The user has stopped the play (`[Space]` or `[P]`).
    pub held: bool,
    /// Ticks since the last ball.
    waited: u8,
}

impl Default for Watching {
    fn default() -> Watching {
        Watching {
            speed: NORMAL_SPEED,
            held: false,
            waited: 0,
        }
    }
}

impl Watching {
    /// A tick passed: how many balls to bowl now.
    pub fn tick(&mut self) -> u8 {
        let (every, balls) = SPEEDS[self.speed];
        self.waited += 1;
        if self.waited >= every {
            self.waited = 0;
            balls
        } else {
            0
        }
    }

    /// One speed faster (`up`) or slower, within the range.
    pub fn step(&mut self, up: bool) {
        self.speed = if up {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
        self.waited = 0;
    }
}

/// Forwards events to the commentary (and, in a match against a friend, what the friend's
/// side may be told of them to its list) and counts deliveries.
struct Watch<'a> {
    commentary: &'a mut Commentary,
    balls: u32,
    friend: Option<(Side, &'a mut Vec<WireEvent>)>,
}

impl Recorder for Watch<'_> {
    fn record(&mut self, event: &Event<'_>) {
        if matches!(event, Event::Ball(_)) {
            self.balls += 1;
        }
        self.commentary.record(event);
        if let Some((side, out)) = &mut self.friend {
            out.extend(WireEvent::public(event, *side));
        }
    }
}

impl LiveMatch {
    /// A new match: `names` are (full, scoreboard) names, home first.
    pub fn new(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Option<Side>,
        mode: Mode,
    ) -> LiveMatch {
        let (bat, bowl) = levels
            .checked()
            .expect("levels are checked when the file is made");
        let bots = [
            Bot::new(bat, bowl, seed, Side::Home),
            Bot::new(bat, bowl, seed, Side::Away),
        ];
        let adviser = Analyst::adviser(seed, human.unwrap_or(Side::Home));
        let mut commentary = Commentary::new(&names[0].1, &names[1].1, options.packs_per_session);
        commentary.full_names = [names[0].0.clone(), names[1].0.clone()];
        commentary.no_ball_rule = options.no_balls;
        LiveMatch {
            state: MatchState::new(options),
            rng: chance_rng(seed),
            bots,
            adviser,
            human,
            mode,
            commentary,
            names: [names[0].0.clone(), names[1].0.clone()],
            batted_on: Vec::new(),
            paused: None,
            deliveries: 0,
            desk: table::Desk::default(),
            watching: Watching::default(),
            moves: Vec::new(),
            computer_made: Vec::new(),
            script: VecDeque::new(),
            off_script: None,
            tape: Some(TapeWriter::new()),
            friend: None,
            friend_choice: None,
            finished_by: None,
            friend_history: Vec::new(),
            friend_events: Vec::new(),
            seed,
        }
    }

    /// A match against a friend, on the host: the person plays `human`, the friend the
    /// other side, shown ball by ball and moved on to the first decision of either.
    pub fn with_friend(
        options: MatchOptions,
        seed: u64,
        names: [(String, String); 2],
        human: Side,
    ) -> LiveMatch {
        let levels = Levels { bat: 5, bowl: 5 };
        LiveMatch::begin_with_friend(options, levels, seed, names, human)
    }

    /// A match against a friend with the computer levels of a competition (`levels`: its
    /// adviser's and, if the friend goes, the computer's that may finish): a championship
    /// match of the person's county, the friend taking the other county.
    pub fn begin_with_friend(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Side,
    ) -> LiveMatch {
        let mut s = LiveMatch::new(options, levels, seed, names, Some(human), Mode::Fully);
        s.friend = Some(human.other());
        s.advance(false);
        s
    }

    /// A match against a friend rebuilt from its record (`game`: the person's actions and
    /// the other side's choices, the friend's kept as the computer's are), exactly as it
    /// stood after the last of them, the friend's side waiting for the friend: how a host
    /// killed mid-match, or a championship match kept in play, is taken up again with a
    /// friend.
    pub fn replay_with_friend(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Side,
        game: &MatchRecord,
    ) -> Result<LiveMatch, ReplayError> {
        let mut s = LiveMatch::new(options, levels, seed, names, Some(human), Mode::Fully);
        s.friend = Some(human.other());
        s.script = game
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::Computer(c) => Some(*c),
                _ => None,
            })
            .collect();
        s.advance(false);
        for &op in &game.ops {
            s.apply(op)?;
        }
        if !s.script.is_empty() {
            return Err(ReplayError::ComputerLeftOver(s.script.len()));
        }
        Ok(s)
    }

    /// The friend's side, when it must decide now (and play is not stopped): the question
    /// to send it.
    pub fn friend_to_act(&self) -> Option<Side> {
        match self.state.to_act() {
            Some((side, _))
                if Some(side) == self.friend
                    && self.paused.is_none()
                    && self.friend_choice.is_none()
                    // In a replay the record answers for the friend.
                    && self.script.is_empty() =>
            {
                Some(side)
            }
            _ => None,
        }
    }

    /// The friend's choice for the decision its side is asked: played, and the match moved
    /// on. Refused, changing nothing, when its side is not asked or the choice is not
    /// allowed.
    pub fn friend_chose(&mut self, choice: Choice) -> Result<(), ReplayError> {
        if self.friend_to_act().is_none() {
            return Err(ReplayError::NotNow(Op::Computer(choice)));
        }
        if !self.state.view().allows(choice) {
            return Err(ReplayError::ComputerIllegal(choice));
        }
        self.friend_choice = Some(choice);
        self.advance(false);
        Ok(())
    }

    /// Every decision of the friend's side so far and the choice made there (a rejoining
    /// guest is caught up on them).
    pub fn friend_history(&self) -> &[(WireView, Choice)] {
        &self.friend_history
    }

    /// The public events for the friend's side since last taken.
    pub fn take_friend_events(&mut self) -> Vec<WireEvent> {
        std::mem::take(&mut self.friend_events)
    }

    /// A computer of levels `bat` and `bowl` takes over the friend's side (the friend is
    /// gone), caught up on every decision the side has made, and the match moves on.
    pub fn let_computer_finish(&mut self, bat: Level, bowl: Level) {
        let Some(side) = self.friend.take() else {
            return;
        };
        self.finished_by = Some((bat, bowl));
        let mut bot = Bot::new(bat, bowl, crate::net::host::guest_bot_seed(self.seed), side);
        for (view, choice) in &self.friend_history {
            let Ok(v) = view.owned() else { continue };
            let view = v.view();
            bot.decide(&view);
            bot.observe(&view, *choice);
        }
        self.bots[side.index()] = bot;
        self.friend_choice = None;
        self.advance(false);
    }

    /// The decision the human must make now, if any. (The human's choice to declare is
    /// made ahead with `[D]`, so the engine's question before each ball never waits.)
    pub fn human_to_act(&self) -> Option<Decision> {
        match self.state.to_act() {
            Some((side, d))
                if Some(side) == self.human && self.paused.is_none() && d != Decision::Declare =>
            {
                Some(d)
            }
            _ => None,
        }
    }

    /// Whether the human's side may declare now, before the first ball of its innings: play
    /// has paused at the end of the last innings and the engine asks the human's side.
    pub fn may_declare_at_pause(&self) -> bool {
        let asks_human = matches!(self.state.to_act(), Some((side, Decision::Declare)) if Some(side) == self.human);
        self.paused
            .as_ref()
            .is_some_and(|s| s.innings_end().is_some())
            && asks_human
    }

    /// Whether the human's side bats in the innings about to start: it makes the second
    /// opening discard, and a declaration made now comes before the match's first ball.
    pub fn bats_next(&self) -> bool {
        self.human
            .is_some_and(|h| h == self.state.public().first_bat)
    }

    /// Moves the match on until the human must choose, play pauses, or the match ends; with
    /// `one_ball`, stops after a single delivery (for watching ball by ball).
    pub fn advance(&mut self, one_ball: bool) {
        let start = self.deliveries;
        if one_ball {
            self.commentary.new_turn();
        }
        loop {
            if self.mode == Mode::Quick {
                self.commentary.pauses.clear();
            } else if self.paused.is_none()
                && !self.commentary.pauses.is_empty()
                && self.between_balls()
            {
                self.stop();
            }
            // A pause comes between balls, before the human's next choice there (checked
            // first); one raised within a ball (a pack formed by the bowler's draw) waits for
            // the ball's end, as the ball belongs to the pack it was bowled from.
            if self.paused.is_some()
                || self.state.is_over()
                || (one_ball && self.deliveries > start)
            {
                return;
            }
            if self.human_to_act().is_some() || self.friend_to_act().is_some() {
                return;
            }
            self.step();
        }
    }

    /// Stops play on everything queued: one stop for what happened at one moment. A wicket
    /// the human answers at once by changing cards needs no stop of its own: the prompt to
    /// change says "Wicket!".
    fn stop(&mut self) {
        let mut pauses = std::mem::take(&mut self.commentary.pauses);
        let exchange_next = matches!(self.state.to_act(), Some((side, Decision::Exchange)) if Some(side) == self.human);
        if exchange_next {
            pauses.retain(|p| *p != Pause::Wicket);
        }
        if !pauses.is_empty() {
            self.paused = Some(Stop(pauses));
        }
    }

    /// Whether play stands between two balls: no card drawn or answer awaited within one.
    fn between_balls(&self) -> bool {
        self.state.chance().is_none()
            && !matches!(self.state.to_act(), Some((_, Decision::Respond { .. })))
    }

    /// One chance event or one computer decision (the human's pending declaration included).
    fn step(&mut self) {
        let innings = self.state.public().innings_started;
        let mut watch = Watch {
            commentary: &mut self.commentary,
            balls: 0,
            friend: self.friend.map(|side| (side, &mut self.friend_events)),
        };
        if self.state.chance().is_some() {
            self.state.sample_chance(&mut self.rng, &mut watch);
            self.deliveries += watch.balls;
        } else if let Some((side, decision)) = self.state.to_act() {
            let choice = if Some(side) == self.human {
                let choice = match decision {
                    Decision::Declare if self.desk.declare_next => Choice::Declare,
                    Decision::Declare => Choice::Continue,
                    _ => return,
                };
                // The adviser's captain is asked (its own judgement, no search: cheap), and
                // only told about, never played.
                let would = choice == Choice::Continue
                    && self.adviser.decide(&self.state.view()) == Choice::Declare;
                self.desk.declare_advised = would && self.desk.advised;
                let p = self.state.public();
                let position = Position::of(p, side);
                let this_innings = self
                    .batted_on
                    .last()
                    .filter(|b| b.innings == p.innings_started);
                match (this_innings.map(|b| (b.deliveries, b.declared)), choice) {
                    (None, _) if would => self.batted_on.push(BattedOn {
                        innings: p.innings_started,
                        deliveries: self.deliveries,
                        advised: position,
                        declared: None,
                    }),
                    // The adviser's word comes after the ball it would have declared before
                    // (the question before each ball never waits for the person): declaring
                    // before the next delivery is taking it at once.
                    (Some((at, None)), Choice::Declare) if self.deliveries <= at + 1 => {
                        self.batted_on.pop();
                    }
                    (Some((_, None)), Choice::Declare) => {
                        if let Some(b) = self.batted_on.last_mut() {
                            b.declared = Some(position);
                        }
                    }
                    _ => {}
                }
                self.adviser.observe(&self.state.view(), choice);
                choice
            } else if Some(side) == self.friend {
                // The friend's answer, or in a replay the one the record kept.
                let (choice, fresh) = match self.friend_choice.take() {
                    Some(c) => (c, true),
                    None => match self.script.front() {
                        Some(&kept) if self.state.view().allows(kept) => {
                            self.script.pop_front();
                            (kept, false)
                        }
                        _ => return,
                    },
                };
                self.friend_history
                    .push((WireView::from(&self.state.view()), choice));
                if fresh {
                    self.computer_made.push(choice);
                }
                choice
            } else {
                self.computer_choice(side)
            };
            if decision == Decision::Declare {
                self.desk.declare_next = false;
                if Some(side) == self.human {
                    self.moves.push((decision, choice));
                }
            }
            self.write_tape(choice);
            let mut watch = Watch {
                commentary: &mut self.commentary,
                balls: 0,
                friend: self.friend.map(|side| (side, &mut self.friend_events)),
            };
            self.state
                .apply(choice, &mut watch)
                .expect("computer players choose legally");
            self.deliveries += watch.balls;
        }
        self.forget_declaration_if_closed(innings);
    }

    /// The computer's choice for `side`: its player is asked and told what is played, which
    /// is its own choice, or in a replay the recorded one (the same, unless the computer
    /// players have changed since the match was recorded). Kept for the match's record.
    fn computer_choice(&mut self, side: Side) -> Choice {
        let view = self.state.view();
        let bot = &mut self.bots[side.index()];
        let own = bot.decide(&view);
        let choice = match self.script.pop_front() {
            // Already in the record.
            Some(kept) if view.allows(kept) => kept,
            Some(kept) => {
                // Not this match's: play on with the computer's own, and say so.
                self.script.clear();
                self.off_script.get_or_insert(kept);
                self.computer_made.push(own);
                own
            }
            None => {
                self.computer_made.push(own);
                own
            }
        };
        bot.observe(&view, choice);
        choice
    }

    /// Writes `choice`, about to be applied, on the match's tape (which is dropped if it
    /// cannot be written: the match is then kept as its result only).
    fn write_tape(&mut self, choice: Choice) {
        if let Some(t) = &mut self.tape {
            if t.push(&self.state, choice).is_err() {
                self.tape = None;
            }
        }
    }

    /// The match's choices so far, as the history keeps them (none if one could not be
    /// written): what [`crate::league::Competition::record_result`] keeps of a match played
    /// to its end.
    pub fn tape(&self) -> Option<Tape> {
        self.tape.clone().map(TapeWriter::finish)
    }

    /// The computer's choices made since last asked, as the match's record keeps them.
    pub fn take_computer(&mut self) -> Vec<Op> {
        self.computer_made.drain(..).map(Op::Computer).collect()
    }

    /// A declaration armed for an innings that has since closed (the ball it was armed at
    /// ended it, or the match) has nothing left to close. (The first innings beginning
    /// closes none: a declaration armed at the opening discard is for it.)
    fn forget_declaration_if_closed(&mut self, innings_before: u8) {
        let closed = innings_before > 0 && self.state.public().innings_started != innings_before;
        if closed || self.state.is_over() {
            self.desk.declare_next = false;
            self.desk.declare_advised = false;
        }
    }

    /// Applies the human's choice (refused, with nothing changed, if illegal), then plays on.
    pub fn choose(&mut self, choice: Choice) -> Result<(), IllegalChoice> {
        let asked = self.state.to_act().map(|(_, d)| d);
        // Written only when the engine will take it (a refused choice changes nothing).
        let allowed = asked.is_some() && self.state.view().allows(choice);
        let tape_before = allowed.then(|| self.tape.clone());
        if allowed {
            self.write_tape(choice);
        }
        self.commentary.new_turn();
        let mut watch = Watch {
            commentary: &mut self.commentary,
            balls: 0,
            friend: self.friend.map(|side| (side, &mut self.friend_events)),
        };
        let innings = self.state.public().innings_started;
        if allowed {
            // The adviser keeps its memory of the person's side from every view of it.
            self.adviser.observe(&self.state.view(), choice);
        }
        if let Err(e) = self.state.apply(choice, &mut watch) {
            if let Some(before) = tape_before {
                self.tape = before;
            }
            return Err(e);
        }
        if let Some(decision) = asked {
            self.moves.push((decision, choice));
        }
        self.deliveries += watch.balls;
        self.forget_declaration_if_closed(innings);
        self.desk.exchange_pick.clear();
        self.advance(false);
        Ok(())
    }

    /// The analyst that answers `=`, told every view of the person's side so far: the
    /// review's judge of the person's choices (`ai::review::judge`).
    pub fn adviser(&self) -> &Analyst {
        &self.adviser
    }

    /// What the analyst would choose for the human (the `=` key): the same at the same
    /// position of the same match, however often it is asked.
    pub fn advice(&mut self) -> Option<Choice> {
        self.human_to_act()?;
        Some(self.adviser.decide(&self.state.view()))
    }

    /// Continues after a pause.
    pub fn resume(&mut self) {
        self.paused = None;
        self.commentary.new_turn();
    }

    /// A tick of a watched match: bowls as many balls as the speed asks (stopping at a
    /// pause). Returns how many were asked for and bowled one by one.
    pub fn watch_tick(&mut self) -> u8 {
        let balls = self.watching.tick();
        let mut done = 0;
        while done < balls && self.paused.is_none() && !self.state.is_over() {
            self.advance(true);
            done += 1;
        }
        done
    }

    /// A new match shown ball by ball (`Mode::Fully`), moved on to the person's first
    /// decision (or, watched, its first ball): how `[2]` begins a match, and how a replay does.
    pub fn begin(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Option<Side>,
    ) -> LiveMatch {
        let mut s = LiveMatch::new(options, levels, seed, names, human, Mode::Fully);
        s.advance(human.is_none());
        s
    }

    /// Does what the person did (`op`), as the match screen does it. Refused, with an
    /// error, when `op` cannot be done now (a choice not allowed, play not stopped).
    pub fn apply(&mut self, op: Op) -> Result<(), ReplayError> {
        match op {
            Op::Choose(choice) => {
                if self.paused.is_some() || self.human_to_act().is_none() {
                    return Err(ReplayError::NotNow(op));
                }
                self.choose(choice).map_err(ReplayError::Illegal)?;
            }
            Op::Declare(on) => self.desk.declare_next = on,
            Op::Resume => {
                if self.paused.is_none() {
                    return Err(ReplayError::NotNow(op));
                }
                self.resume();
                // A watched match goes on at the next tick, so that the opening of an
                // innings is seen before its first ball.
                if self.human.is_some() {
                    self.advance(false);
                }
            }
            Op::Watch(balls) => {
                for _ in 0..balls {
                    if self.paused.is_some() || self.state.is_over() || self.human.is_some() {
                        return Err(ReplayError::NotNow(op));
                    }
                    self.advance(true);
                }
            }
            Op::Quick => {
                // A friend's side is the friend's to play.
                if self.state.is_over() || self.friend.is_some() {
                    return Err(ReplayError::NotNow(op));
                }
                self.finish_quickly();
            }
            // Played where it came: see `replay`.
            Op::Computer(_) => {}
        }
        match self.off_script {
            Some(c) => Err(ReplayError::ComputerIllegal(c)),
            None => Ok(()),
        }
    }

    /// The match rebuilt from its seed, the person's actions and the computer's choices
    /// (`game`), exactly as it stood after the last of them: the same ball, hand, scoreboard,
    /// ball-by-ball history and stop. Nothing else the screen does (the adviser's `=` has its
    /// own stream) touches the match's. A record without the computer's choices (or with only
    /// the first of them) replays too, the computer players choosing the rest as they would.
    pub fn replay(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Option<Side>,
        game: &MatchRecord,
    ) -> Result<LiveMatch, ReplayError> {
        LiveMatch::replay_seeing(options, levels, seed, names, human, game, |_, _| {})
    }

    /// [`LiveMatch::replay`], showing `seen` the session as it stands before each action of
    /// the record, with the action (a review looks at the person's decisions in one pass).
    pub fn replay_seeing(
        options: MatchOptions,
        levels: Levels,
        seed: u64,
        names: [(String, String); 2],
        human: Option<Side>,
        game: &MatchRecord,
        mut seen: impl FnMut(&LiveMatch, Op),
    ) -> Result<LiveMatch, ReplayError> {
        let mut s = LiveMatch::new(options, levels, seed, names, human, Mode::Fully);
        s.script = game
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::Computer(c) => Some(*c),
                _ => None,
            })
            .collect();
        s.advance(human.is_none());
        for &op in &game.ops {
            seen(&s, op);
            s.apply(op)?;
        }
        if !s.script.is_empty() {
            return Err(ReplayError::ComputerLeftOver(s.script.len()));
        }
        Ok(s)
    }

    /// A person's match rebuilt from its record alone and the competition's `settings`
    /// (its options, levels and the person's county): for a look back at the last match
    /// the person played (`save::Keeper::last_played`), or at the one in play.
    pub fn of_record(
        settings: &crate::league::Settings,
        game: &MatchRecord,
    ) -> Result<LiveMatch, ReplayError> {
        LiveMatch::of_record_seeing(settings, game, |_, _| {})
    }

    /// [`LiveMatch::of_record`], showing `seen` the session before each action of the record
    /// (see [`LiveMatch::replay_seeing`]).
    pub fn of_record_seeing(
        settings: &crate::league::Settings,
        game: &MatchRecord,
        seen: impl FnMut(&LiveMatch, Op),
    ) -> Result<LiveMatch, ReplayError> {
        let f = &game.fixture;
        let human = side_of(settings.user_county, f.home, f.away);
        let names = [f.home, f.away].map(|id| {
            let c = crate::counties::get(id);
            (c.name.clone(), c.short.clone())
        });
        LiveMatch::replay_seeing(
            settings.options,
            settings.levels,
            f.seed,
            names,
            human,
            game,
            seen,
        )
    }

    /// Plays the rest of the match without pauses, but for its closing one: the match over,
    /// the close of its last innings and the end of the match are shown as one stop, as when
    /// it is watched to its end (`[Enter]` there goes on to the scorecard).
    pub fn finish_quickly(&mut self) {
        self.mode = Mode::Quick;
        self.paused = None;
        while !self.state.is_over() && self.human_to_act().is_none() {
            self.commentary.new_turn();
            self.step();
        }
        let pauses = std::mem::take(&mut self.commentary.pauses);
        if self.state.is_over() && pauses.contains(&Pause::MatchEnd) {
            let last_innings = self.state.public().innings_number();
            let last = pauses
                .iter()
                .find(|p| **p == Pause::InningsEnd(last_innings))
                .cloned();
            self.paused = Some(Stop(last.into_iter().chain([Pause::MatchEnd]).collect()));
        }
    }
}

/// Where the person's side batted on in an innings though the adviser would have declared:
/// the innings of the match (1-4), the deliveries bowled in the match when the adviser first
/// would have, the standing then, and the standing when the person declared later in that
/// innings, if they did. (A declaration before the very next delivery is not kept: the
/// adviser's word came only after the ball it was about.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattedOn {
    pub innings: u8,
    pub deliveries: u32,
    pub advised: Position,
    pub declared: Option<Position>,
}

/// A batting side's score in an innings and its lead over the match (negative: behind),
/// with the counting balls of the innings bowled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub total: u16,
    pub wickets: u8,
    pub balls: u16,
    pub lead: i32,
}

impl Position {
    /// `side`'s standing, batting in the innings under way.
    fn of(p: &crate::engine::PublicState, side: Side) -> Position {
        Position {
            total: p.current().total,
            wickets: p.current().wickets,
            balls: p.current().balls,
            lead: p.aggregate(side) as i32 - p.aggregate(side.other()) as i32,
        }
    }

    /// "280-4, 349 ahead" (the lead left out in the first innings, `first`).
    fn told(&self, first: bool) -> String {
        let standing = match self.lead {
            _ if first => String::new(),
            0 => ", the scores level".to_string(),
            l if l > 0 => format!(", {l} ahead"),
            l => format!(", {} behind", -l),
        };
        format!("{}-{}{standing}", self.total, self.wickets)
    }
}

impl BattedOn {
    /// Said in the review: "2nd innings: `[=]` would have declared at 280-4, 349 ahead; you
    /// batted on." or "...; you declared 12 balls later, at 301-5, 370 ahead."
    pub fn line(&self) -> String {
        let nth = ["1st", "2nd", "3rd", "4th"][self.innings.clamp(1, 4) as usize - 1];
        let first = self.innings == 1;
        let then = match self.declared {
            None => "you batted on".to_string(),
            Some(d) => format!(
                "you declared {} later, at {}",
                crate::engine::score::plural(
                    d.balls.saturating_sub(self.advised.balls).into(),
                    "ball"
                ),
                d.told(first)
            ),
        };
        format!(
            "{nth} innings: [=] would have declared at {}; {then}.",
            self.advised.told(first)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoRecord;

    #[test]
    fn batting_on_is_told_with_the_score_and_the_match_standing() {
        let standing = |total, lead| Position {
            total,
            wickets: 4,
            balls: 240,
            lead,
        };
        let b = |innings, lead| BattedOn {
            innings,
            deliveries: 900,
            advised: standing(280, lead),
            declared: None,
        };
        let said = "innings: [=] would have declared at 280-4";
        assert_eq!(b(1, 280).line(), format!("1st {said}; you batted on."));
        assert_eq!(
            b(2, -23).line(),
            format!("2nd {said}, 23 behind; you batted on.")
        );
        assert_eq!(
            b(2, 0).line(),
            format!("2nd {said}, the scores level; you batted on.")
        );
        assert_eq!(
            b(3, 349).line(),
            format!("3rd {said}, 349 ahead; you batted on.")
        );
        let later = |innings, lead, balls| BattedOn {
            declared: Some(Position {
                balls,
                ..standing(301, lead + 21)
            }),
            ..b(innings, lead)
        };
        assert_eq!(
            later(3, 349, 252).line(),
            format!("3rd {said}, 349 ahead; you declared 12 balls later, at 301-4, 370 ahead.")
        );
        assert_eq!(
            later(1, 280, 241).line(),
            format!("1st {said}; you declared 1 ball later, at 301-4.")
        );
    }

    fn names() -> [(String, String); 2] {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    }

    /// A person's match played to its end with the adviser's choices (asked now and then
    /// more than once), its record taken as the program keeps it.
    fn played(seed: u64, human: Side, levels: Levels) -> (LiveMatch, Vec<Op>) {
        let options = MatchOptions::default();
        let mut s = LiveMatch::begin(options, levels, seed, names(), Some(human));
        let mut ops = s.take_computer();
        while !s.state.is_over() {
            let op = if s.paused.is_some() {
                Op::Resume
            } else {
                if ops.len().is_multiple_of(7) {
                    s.advice();
                }
                Op::Choose(s.advice().expect("the person to act"))
            };
            s.apply(op).expect("allowed");
            ops.push(op);
            ops.extend(s.take_computer());
        }
        (s, ops)
    }

    /// A first-class fixture of 1890 dealt from `seed`, kept as these actions.
    fn kept(seed: u64, ops: Vec<Op>) -> MatchRecord {
        MatchRecord {
            fixture: crate::save::record::FixtureKey {
                year: 1890,
                class: crate::counties::Class::First,
                round: 1,
                index: 0,
                home: 1,
                away: 0,
                seed,
            },
            mode: crate::save::record::Mode::Play,
            ops,
        }
    }

    /// The record is the whole history: the engine alone, given the deal's seed, the
    /// person's choices and the computer's, plays the same match; and a professional told
    /// every view of the person's side with the choice made there remembers what the
    /// adviser does, so the adviser was fed every view.
    #[test]
    fn the_record_is_the_whole_history_and_the_adviser_saw_every_view_of_its_side() {
        for (seed, human) in [(3, Side::Home), (4, Side::Away)] {
            let (s, ops) = played(seed, human, Levels { bat: 5, bowl: 5 });
            let mut person = s.moves.iter().map(|(_, c)| *c);
            let mut computer = ops.iter().filter_map(|op| match op {
                Op::Computer(c) => Some(*c),
                _ => None,
            });
            let pro = crate::ai::Level::PROFESSIONAL;
            let mut told = Bot::new(pro, pro, 0, human);
            let mut state = MatchState::new(MatchOptions::default());
            let mut rng = chance_rng(seed);
            let mut views = 0;
            while !state.is_over() {
                if state.chance().is_some() {
                    state.sample_chance(&mut rng, &mut NoRecord);
                    continue;
                }
                let (side, _) = state.to_act().expect("a decision");
                let choice = if side == human {
                    let c = person.next().expect("a choice of the person's");
                    told.observe(&state.view(), c);
                    views += 1;
                    c
                } else {
                    computer.next().expect("a choice of the computer's")
                };
                state.apply(choice, &mut NoRecord).expect("legal");
            }
            assert!(person.next().is_none() && computer.next().is_none());
            assert_eq!(
                format!("{:?}", state.public()),
                format!("{:?}", s.state.public())
            );
            assert!(views > 500, "{views}");
            assert_eq!(told.known(), s.adviser.known(), "seed {seed}");
        }
    }

    /// A match kept by one version of the program resumes the same under another whose
    /// computer players choose differently (here: other levels): the computer's choices are
    /// replayed from the record, not worked out again. Without them it would not be the same
    /// match, so the test has teeth.
    #[test]
    fn a_kept_match_replays_the_same_whatever_the_computer_players_would_choose_now() {
        let options = MatchOptions::default();
        let kept_with = Levels { bat: 5, bowl: 5 };
        let now = Levels { bat: 1, bowl: 2 };
        let (s, ops) = played(5, Side::Home, kept_with);
        let game = kept(5, ops);
        let same = |a: &LiveMatch, b: &LiveMatch| {
            format!("{:?}", a.state.public()) == format!("{:?}", b.state.public())
                && a.state.hand(Side::Home) == b.state.hand(Side::Home)
                && a.commentary.last == b.commentary.last
        };
        let again = LiveMatch::replay(options, now, 5, names(), Some(Side::Home), &game)
            .expect("replays under other computer players");
        assert!(same(&again, &s));
        // Every prefix too: a match left at any action resumes as it stood then.
        for cut in [1, game.ops.len() / 3, game.ops.len() / 2] {
            let part = MatchRecord {
                ops: game.ops[..cut].to_vec(),
                ..game.clone()
            };
            let a = LiveMatch::replay(options, now, 5, names(), Some(Side::Home), &part);
            let b = LiveMatch::replay(options, kept_with, 5, names(), Some(Side::Home), &part);
            assert!(
                same(&a.expect("replays"), &b.expect("replays")),
                "cut {cut}"
            );
        }
        // The person's actions alone, under the other players: not the same match (or not
        // a match these actions fit at all).
        let alone = MatchRecord {
            ops: game
                .ops
                .iter()
                .filter(|op| !matches!(op, Op::Computer(_)))
                .copied()
                .collect(),
            ..game.clone()
        };
        let without = LiveMatch::replay(options, now, 5, names(), Some(Side::Home), &alone);
        assert!(without.is_err() || !same(&without.unwrap(), &s));
    }

    /// One replay that shows each action with the session before it sees what a replay of
    /// the record cut just before that action gives, at every action of a whole match (a
    /// review takes the person's decisions from it in one pass).
    #[test]
    fn a_replay_seeing_shows_each_action_where_a_replay_cut_there_stands() {
        let options = MatchOptions::default();
        let levels = Levels { bat: 5, bowl: 5 };
        let (end, ops) = played(7, Side::Away, levels);
        let game = kept(7, ops);
        let shown = |s: &LiveMatch| {
            format!(
                "{:?} {:?} {:?} {:?} {:?}",
                s.state.public(),
                s.state.hand(Side::Away),
                s.paused,
                s.human_to_act(),
                s.commentary.last
            )
        };
        let mut seen = Vec::new();
        let whole = LiveMatch::replay_seeing(
            options,
            levels,
            7,
            names(),
            Some(Side::Away),
            &game,
            |s, op| seen.push((shown(s), op)),
        )
        .expect("replays");
        assert_eq!(shown(&whole), shown(&end));
        assert_eq!(seen.len(), game.ops.len());
        // Every 37th action and the last: a replay cut there stands as the one pass saw.
        for i in (0..game.ops.len()).step_by(37).chain([game.ops.len() - 1]) {
            let part = MatchRecord {
                ops: game.ops[..i].to_vec(),
                ..game.clone()
            };
            let cut = LiveMatch::replay(options, levels, 7, names(), Some(Side::Away), &part)
                .expect("a prefix replays");
            assert_eq!(seen[i], (shown(&cut), game.ops[i]), "action {i}");
        }
    }

    /// A recorded computer choice the engine does not allow where it comes, or one past the
    /// record's last action, is refused: the record is not of this match.
    #[test]
    fn a_record_whose_computer_choices_do_not_fit_is_refused() {
        let options = MatchOptions::default();
        let levels = Levels { bat: 5, bowl: 5 };
        let (_, ops) = played(6, Side::Away, levels);
        let key = crate::save::record::FixtureKey {
            year: 1890,
            class: crate::counties::Class::First,
            round: 1,
            index: 0,
            home: 0,
            away: 1,
            seed: 6,
        };
        let record = |ops: Vec<Op>| MatchRecord {
            fixture: key,
            mode: crate::save::record::Mode::Play,
            ops,
        };
        let first = ops
            .iter()
            .position(|op| matches!(op, Op::Computer(Choice::Card(_))))
            .expect("a card of the computer's");
        let mut wrong = ops.clone();
        wrong[first] = Op::Computer(Choice::Elect(crate::engine::Election::Bat));
        let replayed = |ops| {
            LiveMatch::replay(options, levels, 6, names(), Some(Side::Away), &record(ops)).err()
        };
        let r = replayed(wrong);
        assert!(matches!(r, Some(ReplayError::ComputerIllegal(_))), "{r:?}");
        // The person's first two actions, and the computer's choices of the whole match.
        let person: Vec<usize> = (0..ops.len())
            .filter(|&i| !matches!(ops[i], Op::Computer(_)))
            .collect();
        let mut early: Vec<Op> = ops[..person[2]].to_vec();
        early.extend(
            ops[person[2]..]
                .iter()
                .filter(|op| matches!(op, Op::Computer(_))),
        );
        let r = replayed(early);
        assert!(matches!(r, Some(ReplayError::ComputerLeftOver(_))), "{r:?}");
    }
}
