//! Duels: many matches between two computer sides, paired so that each deal is played twice
//! with the sides swapped, summed into a [`Tally`]. The `duel` command, the strength
//! test and the benchmark all measure through here.
//!
//! Match `k` (0-based) plays the deal of pair `k / 2`; side A is at home when `k` is even and
//! away when it is odd, so the two matches of a pair deal the same cards to opposite sides.
//! An odd number of matches leaves the last pair with only its first match. Each pair's seed
//! is derived from the duel seed alone, and the per-match tallies are integers summed in any
//! order, so the report does not depend on how many threads played it.

use rayon::prelude::*;

use super::analyst::{Analyst, Search};
use super::profile::Profile;
use super::situation::{deliveries_left, wickets_to_win};
use super::{Bot, Level};
use crate::engine::runner::{chance_rng, play_on_seeing};
use crate::engine::{
    Choice, Event, MatchOptions, MatchState, Outcome, Player, PublicState, Recorder, Side, View,
};
use crate::seed::pair_seed;

/// One side of a duel: the profiles it bats and bowls by, or the analyst.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lineup {
    pub bat: &'static Profile,
    pub bowl: &'static Profile,
    /// The analyst plays the side (searching this hard) instead of the profiles.
    pub analyst: Option<Search>,
}

impl Lineup {
    /// Batting at one level and bowling at another.
    pub fn levels(bat: Level, bowl: Level) -> Lineup {
        Lineup {
            bat: bat.profile(),
            bowl: bowl.profile(),
            analyst: None,
        }
    }

    /// The same level for batting and bowling.
    pub fn both(level: Level) -> Lineup {
        Lineup::levels(level, level)
    }

    /// The frozen reference professional (`profile::FROZEN`) at both.
    pub fn frozen() -> Lineup {
        Lineup {
            bat: &super::profile::FROZEN,
            bowl: &super::profile::FROZEN,
            analyst: None,
        }
    }

    /// The analyst, searching `search` hard.
    pub fn analyst(search: Search) -> Lineup {
        Lineup {
            analyst: Some(search),
            ..Lineup::both(Level::PROFESSIONAL)
        }
    }

    fn player(self, seed: u64, side: Side) -> Contestant {
        match self.analyst {
            Some(search) => Contestant::Analyst(Box::new(Analyst::new(seed, side, search))),
            None => Contestant::Bot(Bot::with_profiles(self.bat, self.bowl, seed, side)),
        }
    }
}

/// A side's player in a duel (the bot is the common case, kept in place).
#[allow(clippy::large_enum_variant)]
enum Contestant {
    Bot(Bot),
    Analyst(Box<Analyst>),
}

impl Player for Contestant {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        match self {
            Contestant::Bot(b) => b.decide(view),
            Contestant::Analyst(a) => a.decide(view),
        }
    }

    fn observe(&mut self, view: &View<'_>, choice: Choice) {
        match self {
            Contestant::Bot(b) => b.observe(view, choice),
            Contestant::Analyst(a) => a.observe(view, choice),
        }
    }

    fn act(&mut self, view: &View<'_>) -> Choice {
        match self {
            Contestant::Bot(b) => b.act(view),
            Contestant::Analyst(a) => a.act(view),
        }
    }
}

/// What a duel plays.
#[derive(Clone, Copy, Debug)]
pub struct DuelConfig {
    pub a: Lineup,
    pub b: Lineup,
    pub matches: u32,
    pub seed: u64,
    pub options: MatchOptions,
}

/// The summed results of a duel, from side A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub matches: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub ties: u32,
    pub draws: u32,
    /// Every delivery bowled, extras included.
    pub deliveries: u64,
    /// Runs scored in all innings, extras included.
    pub runs: u64,
    pub wickets: u64,
    /// Deliveries that counted in the over.
    pub balls: u64,
    /// Matches that lasted past their first pack.
    pub past_first_pack: u32,
}

impl Tally {
    fn add(self, o: Tally) -> Tally {
        Tally {
            matches: self.matches + o.matches,
            a_wins: self.a_wins + o.a_wins,
            b_wins: self.b_wins + o.b_wins,
            ties: self.ties + o.ties,
            draws: self.draws + o.draws,
            deliveries: self.deliveries + o.deliveries,
            runs: self.runs + o.runs,
            wickets: self.wickets + o.wickets,
            balls: self.balls + o.balls,
            past_first_pack: self.past_first_pack + o.past_first_pack,
        }
    }

    /// A's share of the points: a win 1, a tie or a draw one half.
    pub fn a_score(&self) -> f64 {
        ratio(
            self.a_wins as f64 + 0.5 * (self.ties + self.draws) as f64,
            self.matches as f64,
        )
    }

    #[expect(
        clippy::cast_precision_loss,
        reason = "runs and wickets of a duel, far below 2^52: exact as an f64"
    )]
    pub fn runs_per_wicket(&self) -> f64 {
        ratio(self.runs as f64, self.wickets as f64)
    }

    #[expect(
        clippy::cast_precision_loss,
        reason = "runs and balls of a duel, far below 2^52: exact as an f64"
    )]
    pub fn runs_per_100_balls(&self) -> f64 {
        ratio(100.0 * self.runs as f64, self.balls as f64)
    }

    pub fn draw_share(&self) -> f64 {
        ratio(self.draws as f64, self.matches as f64)
    }
}

fn ratio(num: f64, den: f64) -> f64 {
    if den > 0.0 {
        num / den
    } else {
        0.0
    }
}

/// Plays the whole duel across rayon's threads.
pub fn run_duel(config: &DuelConfig) -> Tally {
    (0..config.matches as u64)
        .into_par_iter()
        .map(|k| play_one(config, k))
        .reduce(Tally::default, Tally::add)
}

/// Plays match `k` of the duel, telling `rec` what happens: the finished match, and the side
/// A played (at home when `k` is even).
pub fn play_numbered<R: Recorder + ?Sized>(
    config: &DuelConfig,
    k: u64,
    rec: &mut R,
) -> (MatchState, Side) {
    play_numbered_seeing(config, k, rec, |_, _| {})
}

/// [`play_numbered`], telling `seen` of every decision: the state it was made in and the
/// choice made.
pub fn play_numbered_seeing<R: Recorder + ?Sized>(
    config: &DuelConfig,
    k: u64,
    rec: &mut R,
    seen: impl FnMut(&MatchState, Choice),
) -> (MatchState, Side) {
    let seed = pair_seed(config.seed, k / 2);
    let a_side = if k.is_multiple_of(2) {
        Side::Home
    } else {
        Side::Away
    };
    let mut a = config.a.player(seed, a_side);
    let mut b = config.b.player(seed, a_side.other());
    let players: [&mut dyn Player; 2] = match a_side {
        Side::Home => [&mut a, &mut b],
        Side::Away => [&mut b, &mut a],
    };
    let state = play_on_seeing(
        MatchState::new(config.options),
        &mut chance_rng(seed),
        players,
        rec,
        seen,
    )
    .expect("computer players choose only legal cards");
    (state, a_side)
}

/// A wicket every this many deliveries: the generous pace [`declaration_can_only_lose`]
/// judges by. A typical all-out innings takes 31-37 deliveries a wicket at every level,
/// default or first-timer rules (the median); at this pace, a third of that, at most one
/// innings in a hundred is bowled out at the default rules and two or three in a hundred
/// with four batsmen a side (docs/AI.md, "Declarations").
pub const GENEROUS_DELIVERIES_PER_WICKET: f32 = 10.0;

/// Whether the batting side, by declaring in `p`, could only lose the match: no win is
/// possible at all (a fourth innings), or fewer deliveries are left in the match than taking
/// every wicket a win still needs would take at [`GENEROUS_DELIVERIES_PER_WICKET`]. The
/// deliveries left are the cards still to be drawn in the match (the pickup pile and the
/// packs not started: rules, "Drawing and packs"), at 1.97 cards a delivery, and the rest
/// of the over in play (`situation::deliveries_left`); the wickets are the other side's in
/// each innings it has still to bat (`situation::wickets_to_win`).
pub fn declaration_can_only_lose(p: &PublicState) -> bool {
    wickets_to_win(p)
        .is_none_or(|wickets| deliveries_left(p) < wickets as f32 * GENEROUS_DELIVERIES_PER_WICKET)
}

/// A wicket every this many deliveries: the slow pace [`declaration_not_needed`] judges by.
/// With four batsmen a side, 99 in 100 all-out innings took fewer deliveries a wicket (in
/// 600 first-timer matches of levels 3-5 against themselves: the median 35, the longest
/// 178; docs/AI.md, "Declarations").
pub const SLOW_DELIVERIES_PER_WICKET: f32 = 120.0;

/// Whether the batting side's declaration in `p` was not needed: batting on could not have
/// drawn the match, for even at [`SLOW_DELIVERIES_PER_WICKET`] there are deliveries enough
/// left for every wicket it has in hand to fall and then every wicket a win still needs
/// (`situation::wickets_to_win`). Such a declaration gains no time; it only gives the other
/// side a smaller target. (At the default rules, with 20 wickets or more to fall, never:
/// the whole match is some 1,330 deliveries.) After a fourth innings, never.
pub fn declaration_not_needed(p: &PublicState) -> bool {
    wickets_to_win(p).is_some_and(|wickets| {
        let in_hand = p.options.all_out().saturating_sub(p.current().wickets) as u16;
        deliveries_left(p) >= (in_hand + wickets) as f32 * SLOW_DELIVERIES_PER_WICKET
    })
}

/// Plays match `k` of the duel and tallies it.
pub fn play_one(config: &DuelConfig, k: u64) -> Tally {
    let mut counter = DeliveryCounter::default();
    let (state, a_side) = play_numbered(config, k, &mut counter);
    let public = state.public();
    let result = public.result.expect("a finished match has a result");
    let mut t = Tally {
        matches: 1,
        deliveries: counter.0,
        past_first_pack: (public.pack > 1) as u32,
        ..Tally::default()
    };
    match (result.outcome, result.winner) {
        (Outcome::Win, Some(w)) if w == a_side => t.a_wins = 1,
        (Outcome::Win, _) => t.b_wins = 1,
        (Outcome::Tie, _) => t.ties = 1,
        (Outcome::Draw, _) => t.draws = 1,
    }
    for inn in public.started() {
        t.runs += inn.total as u64;
        t.wickets += inn.wickets as u64;
        t.balls += inn.balls as u64;
    }
    t
}

/// Counts deliveries and nothing else.
#[derive(Default)]
struct DeliveryCounter(u64);

impl Recorder for DeliveryCounter {
    #[inline]
    fn record(&mut self, event: &Event<'_>) {
        if let Event::Ball(_) = event {
            self.0 += 1;
        }
    }
}
