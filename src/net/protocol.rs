//! The messages of a match between two people, version [`PROTOCOL`]: the network's own wire
//! types (serde, written with postcard inside the channel's encrypted frames), apart from the
//! engine's types as the save files' are, with the conversions both ways.
//!
//! The host owns the truth: it runs the engine and both sides' turns pass through it. The
//! conversation mirrors the engine runner's with a [`Player`](crate::engine::Player):
//!
//! - guest -> host: [`GuestMsg::Hello`] first (the protocol and the build), then
//!   [`GuestMsg::Choose`] for each decision it was asked (naming the question's number, so
//!   a choice sent out of turn is refused, not taken for the next question), and [`GuestMsg::Leave`].
//! - host -> guest: [`HostMsg::Welcome`] (the counties, the rules, which side the guest
//!   plays; `resumed` on a rejoin), then on a rejoin one [`HostMsg::Catchup`] for each
//!   decision the guest's side has made so far (so that a computer player, or a screen,
//!   rebuilds its memory of the match), then in play [`HostMsg::Events`] (what has happened
//!   since: the public events for commentary), [`HostMsg::Ask`] when the guest's side must
//!   decide (like `Player::act`), [`HostMsg::Tell`] for a choice of the guest's side made by
//!   someone else (the host's computer while the guest was away: like `Player::observe`),
//!   [`HostMsg::Refused`] for a choice not allowed or out of turn (nothing changes; the
//!   question stands), [`HostMsg::Paused`] / [`HostMsg::Resumed`], [`HostMsg::Table`] (the
//!   public state and the guest's own hand, for its screen while the host's person
//!   thinks), [`HostMsg::Result`] at the end and [`HostMsg::Bye`] when the host ends the
//!   match early; on any welcome after public events were told, [`HostMsg::Story`] (those
//!   events again, for a rejoined guest's commentary) after the catch-up.
//!
//! A guest is sent only what its side may see: the [`WireView`] of its own decisions (its
//! hand and the [`PublicState`], which holds no other hand and no pickup order), and the
//! public events: the cards played once played, cards given up after a wicket (they go face
//! up), the new pack's number (not its order), and the cards drawn in an exchange only to
//! the side that drew them. The deal and the other hand are never sent. The match seed is
//! not sent either (it would tell the whole deal): the guest's computer player, if it has
//! one, is given a seed of its own ([`HostMsg::Welcome`]'s `bot_seed`, derived one way from
//! the match seed), which changes nothing at level 5, the professional, who never draws
//! from it.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardCounts, Suit, DISTINCT};
use crate::engine::delivery::Call;
use crate::engine::score::{BatsmanScore, FallOfWicket, MAX_BATSMEN};
use crate::engine::{
    BallRecord, Choice, Decision, Dismissal, DrawBy, Election, Event, InningsEnd, InningsScore,
    Margin, MatchOptions, MatchResult, Outcome, PublicState, Side, View,
};

/// The version of this protocol; a peer speaking another is refused at the hello.
pub const PROTOCOL: u16 = 3;

/// This build, as the hello names it: the program's version.
pub fn build() -> String {
    format!("accc {}", env!("CARGO_PKG_VERSION"))
}

/// What the guest sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GuestMsg {
    /// The first message: the protocol version and the build.
    Hello { protocol: u16, build: String },
    /// The answer to the decision asked with this number ([`HostMsg::Ask`]); any other
    /// number is out of turn and refused.
    Choose { number: u32, choice: WireChoice },
    /// The guest is going: the match is left (the host may let its computer finish it).
    Leave,
}

/// What the host sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostMsg {
    /// The answer to the hello: the match on offer.
    Welcome {
        protocol: u16,
        build: String,
        /// The counties' names, home first.
        home: String,
        away: String,
        /// The side the guest plays (away).
        you: WireSide,
        options: WireOptions,
        /// The seed of the guest's computer player, if it plays by one (not the match seed).
        bot_seed: u64,
        /// A rejoin: a match already under way.
        resumed: bool,
    },
    /// On a rejoin, one of the guest side's earlier decisions and the choice made there, in
    /// order, before play goes on.
    Catchup { view: WireView, choice: WireChoice },
    /// What has happened since the last message, for the guest's screen.
    Events(Vec<WireEvent>),
    /// The guest's side must decide this; the answer names the number. Numbers count up
    /// from 1 through the match (a rejoin goes on counting).
    Ask { number: u32, view: WireView },
    /// A choice of the guest's side made by someone else (the host's computer).
    Tell { view: WireView, choice: WireChoice },
    /// The last choice was not taken: why. Nothing changed; the question stands.
    Refused(String),
    /// Play is paused: `reason` in words (e.g. "waiting for Lancashire to come back").
    Paused { reason: String },
    /// Play goes on.
    Resumed,
    /// The match is over: the result, and the result as `accc match --json` prints it.
    Result { result: WireResult, json: String },
    /// The host ended the match: why.
    Bye(String),
    /// The table as it stands now, for the guest's screen while it waits (the host's
    /// person to play): the public state and the guest's own hand. Sent by a host whose
    /// home side a person plays, after each action of theirs.
    Table { public: WirePublic, hand: Vec<u8> },
    /// After the welcome (and any catch-up), the public events told before this
    /// connection, oldest first, in pieces of at most [`STORY_PIECE`] events: a guest that
    /// joins again (from a new program, or after a line that lost some) rebuilds its
    /// commentary from them; the first piece after a welcome starts it afresh. Play does
    /// not stop for anything in them.
    Story(Vec<WireEvent>),
}

/// The most events one [`HostMsg::Story`] holds: far under the 64 KiB frame (an event is
/// a few dozen bytes).
pub const STORY_PIECE: usize = 256;

/// A side on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireSide {
    Home,
    Away,
}

/// A message from the wire that cannot be a match's (a card out of range, a list of the
/// wrong length): the peer is not playing by this protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadWire(pub &'static str);

impl std::fmt::Display for BadWire {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a message from the other side made no sense ({})",
            self.0
        )
    }
}

impl std::error::Error for BadWire {}

type Wire<T> = Result<T, BadWire>;

impl From<Side> for WireSide {
    fn from(s: Side) -> WireSide {
        match s {
            Side::Home => WireSide::Home,
            Side::Away => WireSide::Away,
        }
    }
}

impl From<WireSide> for Side {
    fn from(s: WireSide) -> Side {
        match s {
            WireSide::Home => Side::Home,
            WireSide::Away => Side::Away,
        }
    }
}

/// A card on the wire: its index, 0 to 54.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a card's index is below DISTINCT (55): it fits a byte"
)]
pub fn card_to_wire(c: Card) -> u8 {
    c.index() as u8
}

/// A card from the wire, checked.
pub fn card_from_wire(i: u8) -> Wire<Card> {
    if (i as usize) < DISTINCT {
        Ok(Card::from_index(i as usize))
    } else {
        Err(BadWire("a card out of range"))
    }
}

/// A suit from the wire, checked.
pub fn suit_from_wire(i: u8) -> Wire<Suit> {
    Suit::ALL
        .get(i as usize)
        .copied()
        .ok_or(BadWire("a suit out of range"))
}

/// Cards from the wire, checked.
pub fn cards_from_wire(v: &[u8]) -> Wire<Vec<Card>> {
    v.iter().map(|&i| card_from_wire(i)).collect()
}

/// The rules of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireOptions {
    pub no_balls: bool,
    pub wides: bool,
    pub byes: bool,
    pub batsmen: u8,
    pub packs_per_session: u8,
    pub days: u8,
}

impl From<&MatchOptions> for WireOptions {
    fn from(o: &MatchOptions) -> WireOptions {
        WireOptions {
            no_balls: o.no_balls,
            wides: o.wides,
            byes: o.byes,
            batsmen: o.batsmen,
            packs_per_session: o.packs_per_session,
            days: o.days,
        }
    }
}

impl WireOptions {
    /// The options, checked against their ranges.
    pub fn options(&self) -> Wire<MatchOptions> {
        let o = MatchOptions {
            no_balls: self.no_balls,
            wides: self.wides,
            byes: self.byes,
            batsmen: self.batsmen,
            packs_per_session: self.packs_per_session,
            days: self.days,
        };
        o.validate().map_err(|_| BadWire("rules out of range"))?;
        Ok(o)
    }
}

/// A delivery's call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireCall {
    Normal,
    NoBall,
    Wide,
    WideRevoked,
    Bye,
}

impl From<Call> for WireCall {
    fn from(c: Call) -> WireCall {
        match c {
            Call::Normal => WireCall::Normal,
            Call::NoBall => WireCall::NoBall,
            Call::Wide => WireCall::Wide,
            Call::WideRevoked => WireCall::WideRevoked,
            Call::Bye => WireCall::Bye,
        }
    }
}

impl From<WireCall> for Call {
    fn from(c: WireCall) -> Call {
        match c {
            WireCall::Normal => Call::Normal,
            WireCall::NoBall => Call::NoBall,
            WireCall::Wide => Call::Wide,
            WireCall::WideRevoked => Call::WideRevoked,
            WireCall::Bye => Call::Bye,
        }
    }
}

/// A decision asked of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireDecision {
    Elect,
    OpeningDiscard,
    Declare,
    Bowl,
    Respond {
        bowled: u8,
        call: WireCall,
        top_before: u8,
    },
    Exchange,
}

impl From<Decision> for WireDecision {
    fn from(d: Decision) -> WireDecision {
        match d {
            Decision::Elect => WireDecision::Elect,
            Decision::OpeningDiscard => WireDecision::OpeningDiscard,
            Decision::Declare => WireDecision::Declare,
            Decision::Bowl => WireDecision::Bowl,
            Decision::Respond {
                bowled,
                call,
                top_before,
            } => WireDecision::Respond {
                bowled: card_to_wire(bowled),
                call: call.into(),
                top_before: card_to_wire(top_before),
            },
            Decision::Exchange => WireDecision::Exchange,
        }
    }
}

impl WireDecision {
    pub fn decision(&self) -> Wire<Decision> {
        Ok(match *self {
            WireDecision::Elect => Decision::Elect,
            WireDecision::OpeningDiscard => Decision::OpeningDiscard,
            WireDecision::Declare => Decision::Declare,
            WireDecision::Bowl => Decision::Bowl,
            WireDecision::Respond {
                bowled,
                call,
                top_before,
            } => Decision::Respond {
                bowled: card_from_wire(bowled)?,
                call: call.into(),
                top_before: card_from_wire(top_before)?,
            },
            WireDecision::Exchange => Decision::Exchange,
        })
    }
}

/// A side's answer to a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireChoice {
    Bat,
    Bowl,
    Card(u8),
    NoCard,
    Continue,
    Declare,
    Exchange([Option<u8>; 2]),
}

impl From<Choice> for WireChoice {
    fn from(c: Choice) -> WireChoice {
        match c {
            Choice::Elect(Election::Bat) => WireChoice::Bat,
            Choice::Elect(Election::Bowl) => WireChoice::Bowl,
            Choice::Card(c) => WireChoice::Card(card_to_wire(c)),
            Choice::NoCard => WireChoice::NoCard,
            Choice::Continue => WireChoice::Continue,
            Choice::Declare => WireChoice::Declare,
            Choice::Exchange(out) => WireChoice::Exchange(out.map(|c| c.map(card_to_wire))),
        }
    }
}

impl WireChoice {
    /// The engine's choice; a card out of range is refused.
    pub fn choice(&self) -> Wire<Choice> {
        Ok(match *self {
            WireChoice::Bat => Choice::Elect(Election::Bat),
            WireChoice::Bowl => Choice::Elect(Election::Bowl),
            WireChoice::Card(c) => Choice::Card(card_from_wire(c)?),
            WireChoice::NoCard => Choice::NoCard,
            WireChoice::Continue => Choice::Continue,
            WireChoice::Declare => Choice::Declare,
            WireChoice::Exchange([a, b]) => Choice::Exchange([
                a.map(card_from_wire).transpose()?,
                b.map(card_from_wire).transpose()?,
            ]),
        })
    }
}

/// How a batsman was out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireDismissal {
    Bowled,
    Caught,
    Lbw,
    Stumped,
    RunOut,
}

impl From<Dismissal> for WireDismissal {
    fn from(d: Dismissal) -> WireDismissal {
        match d {
            Dismissal::Bowled => WireDismissal::Bowled,
            Dismissal::Caught => WireDismissal::Caught,
            Dismissal::Lbw => WireDismissal::Lbw,
            Dismissal::Stumped => WireDismissal::Stumped,
            Dismissal::RunOut => WireDismissal::RunOut,
        }
    }
}

impl From<WireDismissal> for Dismissal {
    fn from(d: WireDismissal) -> Dismissal {
        match d {
            WireDismissal::Bowled => Dismissal::Bowled,
            WireDismissal::Caught => Dismissal::Caught,
            WireDismissal::Lbw => Dismissal::Lbw,
            WireDismissal::Stumped => Dismissal::Stumped,
            WireDismissal::RunOut => Dismissal::RunOut,
        }
    }
}

/// Why an innings ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireInningsEnd {
    AllOut,
    Declared,
    Target,
    Time,
    InningsDefeat,
}

impl From<InningsEnd> for WireInningsEnd {
    fn from(e: InningsEnd) -> WireInningsEnd {
        match e {
            InningsEnd::AllOut => WireInningsEnd::AllOut,
            InningsEnd::Declared => WireInningsEnd::Declared,
            InningsEnd::Target => WireInningsEnd::Target,
            InningsEnd::Time => WireInningsEnd::Time,
            InningsEnd::InningsDefeat => WireInningsEnd::InningsDefeat,
        }
    }
}

impl From<WireInningsEnd> for InningsEnd {
    fn from(e: WireInningsEnd) -> InningsEnd {
        match e {
            WireInningsEnd::AllOut => InningsEnd::AllOut,
            WireInningsEnd::Declared => InningsEnd::Declared,
            WireInningsEnd::Target => InningsEnd::Target,
            WireInningsEnd::Time => InningsEnd::Time,
            WireInningsEnd::InningsDefeat => InningsEnd::InningsDefeat,
        }
    }
}

/// A batsman's innings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireBatsman {
    pub runs: u16,
    pub balls: u16,
    pub batted: bool,
    pub out: Option<WireDismissal>,
}

/// The fall of a wicket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFall {
    pub score: u16,
    pub batsman: u8,
    pub partnership: u16,
    pub balls: u16,
}

/// One innings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireInnings {
    pub batting: WireSide,
    pub total: u16,
    pub wickets: u8,
    pub balls: u16,
    pub no_balls: u16,
    pub wides: u16,
    pub byes: u16,
    /// Exactly [`MAX_BATSMEN`].
    pub batsmen: Vec<WireBatsman>,
    /// Exactly [`MAX_BATSMEN`] - 1.
    pub fall: Vec<WireFall>,
    pub end: Option<WireInningsEnd>,
}

impl From<&InningsScore> for WireInnings {
    fn from(i: &InningsScore) -> WireInnings {
        WireInnings {
            batting: i.batting.into(),
            total: i.total,
            wickets: i.wickets,
            balls: i.balls,
            no_balls: i.no_balls,
            wides: i.wides,
            byes: i.byes,
            batsmen: i
                .batsmen
                .iter()
                .map(|b| WireBatsman {
                    runs: b.runs,
                    balls: b.balls,
                    batted: b.batted,
                    out: b.out.map(Into::into),
                })
                .collect(),
            fall: i
                .fall
                .iter()
                .map(|f| WireFall {
                    score: f.score,
                    batsman: f.batsman,
                    partnership: f.partnership,
                    balls: f.balls,
                })
                .collect(),
            end: i.end.map(Into::into),
        }
    }
}

impl WireInnings {
    pub fn innings(&self) -> Wire<InningsScore> {
        if self.batsmen.len() != MAX_BATSMEN || self.fall.len() != MAX_BATSMEN - 1 {
            return Err(BadWire("an innings of the wrong size"));
        }
        let mut i = InningsScore::new(self.batting.into());
        i.total = self.total;
        i.wickets = self.wickets;
        i.balls = self.balls;
        i.no_balls = self.no_balls;
        i.wides = self.wides;
        i.byes = self.byes;
        for (to, b) in i.batsmen.iter_mut().zip(&self.batsmen) {
            *to = BatsmanScore {
                runs: b.runs,
                balls: b.balls,
                batted: b.batted,
                out: b.out.map(Into::into),
            };
        }
        for (to, f) in i.fall.iter_mut().zip(&self.fall) {
            *to = FallOfWicket {
                score: f.score,
                batsman: f.batsman,
                partnership: f.partnership,
                balls: f.balls,
            };
        }
        i.end = self.end.map(Into::into);
        Ok(i)
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireOutcome {
    Win,
    Tie,
    Draw,
}

/// The size of a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireMargin {
    Innings(u16),
    Runs(u16),
    Wickets(u8),
}

/// A finished match's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireResult {
    pub outcome: WireOutcome,
    pub winner: Option<WireSide>,
    pub margin: Option<WireMargin>,
    pub points: [u8; 2],
}

impl From<&MatchResult> for WireResult {
    fn from(r: &MatchResult) -> WireResult {
        WireResult {
            outcome: match r.outcome {
                Outcome::Win => WireOutcome::Win,
                Outcome::Tie => WireOutcome::Tie,
                Outcome::Draw => WireOutcome::Draw,
            },
            winner: r.winner.map(Into::into),
            margin: r.margin.map(|m| match m {
                Margin::Innings(n) => WireMargin::Innings(n),
                Margin::Runs(n) => WireMargin::Runs(n),
                Margin::Wickets(n) => WireMargin::Wickets(n),
            }),
            points: r.points,
        }
    }
}

impl WireResult {
    pub fn result(&self) -> MatchResult {
        MatchResult {
            outcome: match self.outcome {
                WireOutcome::Win => Outcome::Win,
                WireOutcome::Tie => Outcome::Tie,
                WireOutcome::Draw => Outcome::Draw,
            },
            winner: self.winner.map(Into::into),
            margin: self.margin.map(|m| match m {
                WireMargin::Innings(n) => Margin::Innings(n),
                WireMargin::Runs(n) => Margin::Runs(n),
                WireMargin::Wickets(n) => Margin::Wickets(n),
            }),
            points: self.points,
        }
    }
}

/// A finished delivery: both cards are public once played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireBall {
    pub innings: u8,
    pub pack: u16,
    pub bowler_card: u8,
    pub top_before: u8,
    pub no_ball_suit: u8,
    pub call: WireCall,
    pub bat_card: Option<u8>,
    pub striker: u8,
    pub non_striker: u8,
    pub runs: u8,
    pub no_balls: u8,
    pub wides: u8,
    pub byes: u8,
    pub counts: bool,
    pub wicket: Option<(u8, WireDismissal)>,
    pub total: u16,
    pub wickets: u8,
    pub balls: u16,
}

impl From<&BallRecord> for WireBall {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a suit's index is below 5: it fits a byte"
    )]
    fn from(b: &BallRecord) -> WireBall {
        WireBall {
            innings: b.innings,
            pack: b.pack,
            bowler_card: card_to_wire(b.bowler_card),
            top_before: card_to_wire(b.top_before),
            no_ball_suit: b.no_ball_suit.index() as u8,
            call: b.call.into(),
            bat_card: b.bat_card.map(card_to_wire),
            striker: b.striker,
            non_striker: b.non_striker,
            runs: b.runs,
            no_balls: b.no_balls,
            wides: b.wides,
            byes: b.byes,
            counts: b.counts,
            wicket: b.wicket.map(|(n, d)| (n, d.into())),
            total: b.total,
            wickets: b.wickets,
            balls: b.balls,
        }
    }
}

impl WireBall {
    pub fn ball(&self) -> Wire<BallRecord> {
        Ok(BallRecord {
            innings: self.innings,
            pack: self.pack,
            bowler_card: card_from_wire(self.bowler_card)?,
            top_before: card_from_wire(self.top_before)?,
            no_ball_suit: suit_from_wire(self.no_ball_suit)?,
            call: self.call.into(),
            bat_card: self.bat_card.map(card_from_wire).transpose()?,
            striker: self.striker,
            non_striker: self.non_striker,
            runs: self.runs,
            no_balls: self.no_balls,
            wides: self.wides,
            byes: self.byes,
            counts: self.counts,
            wicket: self.wicket.map(|(n, d)| (n, d.into())),
            total: self.total,
            wickets: self.wickets,
            balls: self.balls,
        })
    }
}

/// Everything both sides can see ([`PublicState`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePublic {
    pub options: WireOptions,
    pub pack: u16,
    pub pickup_left: u16,
    pub exhausted: bool,
    pub top: Option<u8>,
    /// The face-up cards as two masks (cards held at least once, cards held twice).
    pub face_up: (u64, u64),
    pub toss_winner: Option<WireSide>,
    pub first_bat: WireSide,
    /// Exactly four.
    pub innings: Vec<WireInnings>,
    pub innings_started: u8,
    pub striker: u8,
    pub non_striker: u8,
    pub next_batsman: u8,
    pub balls_in_over: u8,
    pub deliveries_in_over: u8,
    pub no_ball_suit: Option<u8>,
    pub hand_sizes: [u8; 2],
    pub last_bowled: Option<u8>,
    pub last_ball: Option<WireBall>,
    pub result: Option<WireResult>,
}

impl From<&PublicState> for WirePublic {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a suit's index is below 5: it fits a byte"
    )]
    fn from(p: &PublicState) -> WirePublic {
        WirePublic {
            options: (&p.options).into(),
            pack: p.pack,
            pickup_left: p.pickup_left,
            exhausted: p.exhausted,
            top: p.top.map(card_to_wire),
            face_up: p.face_up.masks(),
            toss_winner: p.toss_winner.map(Into::into),
            first_bat: p.first_bat.into(),
            innings: p.innings.iter().map(Into::into).collect(),
            innings_started: p.innings_started,
            striker: p.striker,
            non_striker: p.non_striker,
            next_batsman: p.next_batsman,
            balls_in_over: p.balls_in_over,
            deliveries_in_over: p.deliveries_in_over,
            no_ball_suit: p.no_ball_suit.map(|s| s.index() as u8),
            hand_sizes: p.hand_sizes,
            last_bowled: p.last_bowled.map(card_to_wire),
            last_ball: p.last_ball.as_ref().map(Into::into),
            result: p.result.as_ref().map(Into::into),
        }
    }
}

impl WirePublic {
    pub fn public(&self) -> Wire<PublicState> {
        let full = (1u64 << DISTINCT) - 1;
        let (one, two) = self.face_up;
        if one & !full != 0 || two & !one != 0 {
            return Err(BadWire("face-up cards out of range"));
        }
        let innings: Vec<InningsScore> = self
            .innings
            .iter()
            .map(WireInnings::innings)
            .collect::<Wire<_>>()?;
        let innings: [InningsScore; 4] = innings
            .try_into()
            .map_err(|_| BadWire("not four innings"))?;
        if self.innings_started > 4 {
            return Err(BadWire("more than four innings"));
        }
        Ok(PublicState {
            options: self.options.options()?,
            pack: self.pack,
            pickup_left: self.pickup_left,
            exhausted: self.exhausted,
            top: self.top.map(card_from_wire).transpose()?,
            face_up: CardCounts::from_masks(one, two),
            toss_winner: self.toss_winner.map(Into::into),
            first_bat: self.first_bat.into(),
            innings,
            innings_started: self.innings_started,
            striker: self.striker,
            non_striker: self.non_striker,
            next_batsman: self.next_batsman,
            balls_in_over: self.balls_in_over,
            deliveries_in_over: self.deliveries_in_over,
            no_ball_suit: self.no_ball_suit.map(suit_from_wire).transpose()?,
            hand_sizes: self.hand_sizes,
            last_bowled: self.last_bowled.map(card_from_wire).transpose()?,
            last_ball: self.last_ball.as_ref().map(WireBall::ball).transpose()?,
            result: self.result.as_ref().map(WireResult::result),
        })
    }
}

/// A decision as its side sees it: the side, the decision, its own hand and the public state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireView {
    pub side: WireSide,
    pub decision: WireDecision,
    pub hand: Vec<u8>,
    pub public: WirePublic,
}

impl From<&View<'_>> for WireView {
    fn from(v: &View<'_>) -> WireView {
        WireView {
            side: v.side.into(),
            decision: v.decision.into(),
            hand: v.hand.iter().map(|&c| card_to_wire(c)).collect(),
            public: v.public.into(),
        }
    }
}

impl WireView {
    /// The view rebuilt, checked, owning its parts ([`OwnedView::view`] lends the engine's).
    pub fn owned(&self) -> Wire<OwnedView> {
        let hand = cards_from_wire(&self.hand)?;
        if hand.len() > crate::cards::DEAL + 2 {
            return Err(BadWire("a hand too big"));
        }
        Ok(OwnedView {
            side: self.side.into(),
            decision: self.decision.decision()?,
            hand,
            public: self.public.public()?,
        })
    }
}

/// A [`View`] that owns its hand and public state (rebuilt from the wire).
#[derive(Clone, Debug)]
pub struct OwnedView {
    pub side: Side,
    pub decision: Decision,
    pub hand: Vec<Card>,
    pub public: PublicState,
}

impl OwnedView {
    pub fn view(&self) -> View<'_> {
        View {
            side: self.side,
            decision: self.decision,
            hand: &self.hand,
            public: &self.public,
        }
    }
}

/// How a new pack came to be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireDrawBy {
    Bowler,
    Batsman,
    Exchange,
}

/// A public event of the match, for the guest's screen. The deal and the new packs' order
/// are never sent; drawn cards only to their own side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireEvent {
    /// The cards are dealt (which, the guest learns from its own view).
    Dealt,
    Toss {
        winner: WireSide,
        bat: bool,
    },
    Discard {
        side: WireSide,
        card: u8,
    },
    InningsStart {
        number: u8,
        batting: WireSide,
        no_ball_suit: u8,
    },
    Pack {
        number: u16,
        after: WireDrawBy,
    },
    Ball(WireBall),
    /// Cards changed after a wicket: those given up (face up), and those drawn for the
    /// guest's own side only (empty for the other side).
    Exchange {
        side: WireSide,
        out: Vec<u8>,
        drawn: Vec<u8>,
    },
    Declare {
        innings: u8,
        side: WireSide,
        total: u16,
        wickets: u8,
    },
    InningsEnd {
        number: u8,
        batting: WireSide,
        total: u16,
        wickets: u8,
        balls: u16,
        reason: WireInningsEnd,
    },
    Result(WireResult),
}

impl WireEvent {
    /// What `for_side` may be told of `event`: `None` for nothing of it.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a suit's index is below 5: it fits a byte"
    )]
    pub fn public(event: &Event<'_>, for_side: Side) -> Option<WireEvent> {
        Some(match *event {
            Event::Deal { .. } => WireEvent::Dealt,
            Event::Toss { winner, elected } => WireEvent::Toss {
                winner: winner.into(),
                bat: elected == Election::Bat,
            },
            Event::Discard { side, card } => WireEvent::Discard {
                side: side.into(),
                card: card_to_wire(card),
            },
            Event::InningsStart {
                number,
                batting,
                no_ball_suit,
            } => WireEvent::InningsStart {
                number,
                batting: batting.into(),
                no_ball_suit: no_ball_suit.index() as u8,
            },
            Event::Pack { number, after, .. } => WireEvent::Pack {
                number,
                after: match after {
                    DrawBy::Bowler => WireDrawBy::Bowler,
                    DrawBy::Batsman => WireDrawBy::Batsman,
                    DrawBy::Exchange => WireDrawBy::Exchange,
                },
            },
            Event::Ball(b) => WireEvent::Ball(b.into()),
            Event::Exchange { side, out, drawn } => WireEvent::Exchange {
                side: side.into(),
                out: out.iter().map(|&c| card_to_wire(c)).collect(),
                drawn: if side == for_side {
                    drawn.iter().map(|&c| card_to_wire(c)).collect()
                } else {
                    Vec::new()
                },
            },
            Event::Declare {
                innings,
                side,
                total,
                wickets,
            } => WireEvent::Declare {
                innings,
                side: side.into(),
                total,
                wickets,
            },
            Event::InningsEnd {
                number,
                batting,
                total,
                wickets,
                balls,
                reason,
            } => WireEvent::InningsEnd {
                number,
                batting: batting.into(),
                total,
                wickets,
                balls,
                reason: reason.into(),
            },
            Event::Result(r) => WireEvent::Result(r.into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{runner::chance_rng, MatchState, NoRecord};

    #[test]
    fn views_and_choices_cross_the_wire_unchanged() {
        let mut state = MatchState::new(MatchOptions::default());
        let mut rng = chance_rng(11);
        let mut seen = 0;
        while !state.is_over() && seen < 400 {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
                continue;
            }
            let view = state.view();
            let wire = WireView::from(&view);
            let bytes = postcard::to_stdvec(&wire).unwrap();
            let back: WireView = postcard::from_bytes(&bytes).unwrap();
            let owned = back.owned().unwrap();
            assert_eq!(owned.side, view.side);
            assert_eq!(owned.decision, view.decision);
            assert_eq!(owned.hand, view.hand);
            assert_eq!(format!("{:?}", owned.public), format!("{:?}", view.public));
            let choice = view.legal_choices()[0];
            assert_eq!(WireChoice::from(choice).choice(), Ok(choice));
            state.apply(choice, &mut NoRecord).unwrap();
            seen += 1;
        }
        assert!(seen > 100);
    }

    #[test]
    fn cards_out_of_range_are_bad_wire() {
        assert!(WireChoice::Card(55).choice().is_err());
        assert!(WireChoice::Exchange([Some(1), Some(200)]).choice().is_err());
        assert!(card_from_wire(54).is_ok());
    }
}
