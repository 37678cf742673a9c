//! The analyst: a search player stronger than the professional, used as the ceiling the
//! levels are measured against, as the `=` key's adviser and to review a person's match.
//!
//! At a ball or an answer it takes the professional's shortlist of choices and weighs each
//! by determinization: it deals the cards it cannot see (the other hand, less what its
//! memory knows, and the pickup pile) at random, consistently with everything its side has
//! seen, plays the choice, and lets two professionals play the match out. Every choice is
//! played out on the same deals with the same new packs (common random numbers), so the
//! comparison sees the choices' difference, not the deals'. The choice that scores best on
//! average is made; equal scores go to the professional's own choice. Elsewhere (the toss,
//! the discards, declarations, exchanges) it decides as the professional does.
//!
//! The deals are searched on rayon's threads and added up in a fixed order, and they are
//! seeded by the analyst's seed and the position weighed (not by how often it was asked), so
//! the analyst chooses alike on any number of threads, and asked twice at a position (as the
//! `=` key may be) it answers alike.
//!
//! Its work is bounded by its [`Search`]: deals × shortlist play-outs of at most `horizon`
//! deliveries each. [`Search::ADVICE`] is sized to answer within 100 ms on a 2-core machine
//! (`cargo bench --bench ai -- analyst`).

use std::ops::Range;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::batting::Cards;
use super::bowling::general_wicket_chance;
use super::profile::PROFILES;
use super::{Bot, Level};
use crate::cards::{Card, CardCounts};
use crate::engine::runner::chance_rng;
use crate::engine::state::shuffle;
use crate::engine::{
    Choice, Decision, Event, MatchState, Outcome, Player, PublicState, Recorder, Side, View,
};
use crate::seed::pair_seed;

/// How hard the analyst looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// Deals of the unseen cards each choice is played out on.
    pub deals: u32,
    /// The professional's best choices weighed (the rest are not).
    pub shortlist: usize,
    /// Deliveries each play-out runs to (it stops sooner at the end of the innings); 0
    /// plays the match out.
    pub horizon: u32,
    /// Runs a wicket is worth at the horizon.
    pub wicket: f32,
    /// Runs the match's result is worth, if it comes within the horizon.
    pub result: f32,
    /// How much the cards left in the hands count at the horizon (by the professional's own
    /// worth of a card kept).
    pub hands: f32,
    /// How sure it must be to overrule the professional: a choice is made instead of the
    /// professional's only if it does better on average by this many standard errors of the
    /// difference (over the same deals).
    pub confidence: f32,
}

impl Search {
    /// The analyst as measured against the levels (docs/AI.md).
    pub const STANDARD: Search = Search {
        deals: 16,
        shortlist: 3,
        horizon: 12,
        wicket: 20.0,
        result: 200.0,
        hands: 1.0,
        confidence: 2.0,
    };

    /// The `=` key's adviser and the review's judge: the standard search on four times the
    /// deals, so that its estimates are steadier, still well within 100 ms a decision
    /// (`cargo bench --bench ai -- analyst`).
    pub const ADVICE: Search = Search {
        deals: 64,
        ..Search::STANDARD
    };
}

/// Mixed into a match's seed for the `=` key's adviser (and so the review's judge, which is
/// the same analyst): its deals are its own, apart from the match's and the players'.
pub(crate) const ADVISER: u64 = 0x5eed_ad71_5e11;

/// The analyst for one side.
#[derive(Clone, Debug)]
pub struct Analyst {
    /// The professional it consults: its memory of the other hand and its shortlist.
    pro: Bot,
    search: Search,
    /// Seeds the deals and the new packs of its play-outs, with the position weighed.
    seed: u64,
}

impl Analyst {
    /// The analyst for `side` in the match with this seed.
    pub fn new(seed: u64, side: Side, search: Search) -> Analyst {
        Analyst {
            pro: Bot::new(Level::PROFESSIONAL, Level::PROFESSIONAL, seed, side),
            search,
            seed: pair_seed(seed, 3 + side.index() as u64),
        }
    }

    /// The `=` key's adviser for `side` in the match with this seed (searching
    /// [`Search::ADVICE`] hard); told every view of the side, it is also the review's judge
    /// ([`Analyst::fault`]).
    pub fn adviser(seed: u64, side: Side) -> Analyst {
        Analyst::new(seed ^ ADVISER, side, Search::ADVICE)
    }

    /// How hard it looks.
    pub fn search(&self) -> Search {
        self.search
    }

    /// What its memory knows of the other hand (the professional's it consults).
    #[cfg(test)]
    pub(crate) fn known(&self) -> super::CardCounts {
        self.pro.known()
    }

    /// Each deal's worth of each choice, for the deals numbered `deals`: `[deal][choice]`.
    /// `pro`: the professional it consults, its memory brought up to `view`. A deal is
    /// seeded by its number and the position alone, so the first deals of a longer search
    /// are a shorter one's.
    fn play_outs(
        &self,
        pro: &Bot,
        view: &View<'_>,
        choices: &[Choice],
        deals: Range<u32>,
    ) -> Vec<Vec<f32>> {
        let base = pair_seed(self.seed, position(view));
        let known = pro.known();
        let search = self.search;
        let scores: Vec<Vec<f32>> = (deals.start as u64..deals.end as u64)
            .into_par_iter()
            .map(|d| {
                let seed = pair_seed(base, d);
                let mut deal_rng = ChaCha8Rng::seed_from_u64(seed);
                let (other, pickup) = deal_unseen(view, known, &mut deal_rng);
                let start = MatchState::from_view(view, &other, &pickup);
                choices
                    .iter()
                    .map(|&c| play_out(&start, view, c, pro, seed, &search))
                    .collect()
            })
            .collect();
        scores
    }
}

/// A ball or an answer that cost runs, as the analyst judges it: its advice at the view was
/// another choice, which does better than the one made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judged {
    /// The choice made and its average worth in runs.
    pub chosen: (Choice, f32),
    /// The analyst's advice there (what the `=` key answers) and its average worth.
    pub advised: (Choice, f32),
}

impl Judged {
    /// Runs the choice made cost, by the analyst's estimate.
    pub fn cost(&self) -> f32 {
        self.advised.1 - self.chosen.1
    }
}

impl Analyst {
    /// Judges `chosen`, made in `view` (a view it is yet to be told of, as when the `=` key
    /// asks it), without changing what it remembers: `Some` when it cost runs, that is when
    /// the analyst's advice there ([`Player::decide`], on all its search's deals) is another
    /// choice that does better than `chosen` by the search's confidence. So a choice the
    /// analyst advises is never judged to have cost runs, and the better choice named is
    /// its advice.
    ///
    /// A choice is first weighed on the first `screen` deals (a shorter search on the same
    /// deals): only where some choice does better than it there by the search's confidence
    /// are the rest of the deals played out and the advice worked out. `None` at other
    /// decisions, or where there was nothing else to choose.
    #[expect(
        clippy::cast_precision_loss,
        reason = "a count of play-outs, far below 2^24: exact as an f32"
    )]
    pub fn fault(&self, view: &View<'_>, chosen: Choice, screen: u32) -> Option<Judged> {
        if !matches!(view.decision, Decision::Bowl | Decision::Respond { .. }) {
            return None;
        }
        // The professional as `decide` consults it: its memory brought up to the view.
        let mut pro = self.pro.clone();
        let own = pro.decide(view);
        let mut choices = shortlist(&mut pro, view, own, self.search.shortlist)?;
        // The advice is one of these; the choice made may be another.
        let advisable = choices.len();
        let own_at = choices.iter().position(|&c| c == own).unwrap_or(0);
        let at = choices
            .iter()
            .position(|&c| c == chosen)
            .unwrap_or_else(|| {
                choices.push(chosen);
                advisable
            });
        let deals = self.search.deals;
        let screen = screen.clamp(deals.min(2), deals);
        let confidence = self.search.confidence;
        let mut scores = self.play_outs(&pro, view, &choices, 0..screen);
        let beaten = |scores: &[Vec<f32>]| {
            (0..choices.len()).any(|i| i != at && gain(scores, i, at, confidence).1)
        };
        if screen < deals && !beaten(&scores) {
            return None;
        }
        scores.extend(self.play_outs(&pro, view, &choices, screen..deals));
        let advised = advice(&scores, advisable, own_at, confidence);
        let sure = advised != at && gain(&scores, advised, at, confidence).1;
        sure.then(|| {
            let worth = |i: usize| scores.iter().map(|s| s[i]).sum::<f32>() / scores.len() as f32;
            Judged {
                chosen: (chosen, worth(at)),
                advised: (choices[advised], worth(advised)),
            }
        })
    }
}

/// The choices weighed at a ball or an answer: the professional's `shortlist` best, and its
/// own choice `own` if not among them. `None` where there are fewer than two.
fn shortlist(pro: &mut Bot, view: &View<'_>, own: Choice, shortlist: usize) -> Option<Vec<Choice>> {
    let mut choices: Vec<Choice> = pro.ranked(view).iter().map(|&(c, _)| c).collect();
    choices.truncate(shortlist);
    if choices.len() < 2 {
        return None;
    }
    if !choices.contains(&own) {
        choices.push(own);
    }
    Some(choices)
}

/// How much choice `a` does better than choice `b` on average over the deals of `scores`
/// (`[deal][choice]`), and whether by `confidence` standard errors of the difference.
#[expect(
    clippy::cast_precision_loss,
    reason = "a count of play-outs, far below 2^24: exact as an f32"
)]
fn gain(scores: &[Vec<f32>], a: usize, b: usize, confidence: f32) -> (f32, bool) {
    let n = scores.len() as f32;
    let diffs: Vec<f32> = scores.iter().map(|s| s[a] - s[b]).collect();
    let mean = diffs.iter().sum::<f32>() / n;
    let var = diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f32>() / (n - 1.0).max(1.0);
    (mean, mean > confidence * (var / n).sqrt())
}

/// The analyst's advice among the first `advisable` choices of `scores`: the professional's
/// own (at `own`), unless another does better by `confidence`; of those that do, the one
/// that does most (the first of equals).
fn advice(scores: &[Vec<f32>], advisable: usize, own: usize, confidence: f32) -> usize {
    let mut best = (0.0f32, own);
    for i in (0..advisable).filter(|&i| i != own) {
        let (by, sure) = gain(scores, i, own, confidence);
        if sure && by > best.0 {
            best = (by, i);
        }
    }
    best.1
}

/// A number for the position in `view` (what is public, the hand and the decision), so that
/// the deals weighed at a position do not depend on what was weighed before it: FNV-1a over
/// their printed form.
fn position(view: &View<'_>) -> u64 {
    let text = format!("{:?}|{:?}|{:?}", view.public, view.hand, view.decision);
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Deals the cards the side in `view` cannot see: the other hand (the cards `known` to be
/// in it, and the rest at random) and the pickup pile (top card last).
fn deal_unseen(view: &View<'_>, known: CardCounts, rng: &mut ChaCha8Rng) -> (Vec<Card>, Vec<Card>) {
    let p = view.public;
    let size = p.hand_sizes[view.side.other().index()] as usize;
    let mut unseen: Vec<Card> = CardCounts::FULL
        .minus(p.face_up)
        .minus(CardCounts::from_cards(view.hand))
        .minus(known)
        .cards()
        .collect();
    shuffle(&mut unseen, rng);
    let mut other: Vec<Card> = known.cards().collect();
    let wanted = size.saturating_sub(other.len());
    other.extend(unseen.drain(..wanted.min(unseen.len())));
    (other, unseen)
}

/// Plays `choice` in the dealt match `start` and plays on between two professionals (the
/// side's own with its memory, the new packs from `seed`) to the search's horizon, the end
/// of the innings or of the match: what it came to for the side, in runs (see [`worth`]).
fn play_out(
    start: &MatchState,
    view: &View<'_>,
    choice: Choice,
    pro: &Bot,
    seed: u64,
    search: &Search,
) -> f32 {
    let side = view.side;
    let mut state = start.clone();
    let mut balls = Balls(0);
    if state.apply(choice, &mut balls).is_err() {
        return f32::MIN;
    }
    let mut mine = pro.clone();
    mine.observe(view, choice);
    let level = Level::PROFESSIONAL;
    let mut theirs = Bot::new(level, level, seed, side.other());
    let mut rng = chance_rng(seed);
    let innings = start.public().innings_started;
    let open = |state: &MatchState, balls: u32| {
        !state.is_over()
            && (search.horizon == 0
                || (balls < search.horizon && state.public().innings_started == innings))
    };
    while open(&state, balls.0) {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, &mut balls);
            continue;
        }
        let Some((to_act, _)) = state.to_act() else {
            break;
        };
        let player: &mut dyn Player = if to_act == side {
            &mut mine
        } else {
            &mut theirs
        };
        let view = state.view();
        let c = player.act(&view);
        state
            .apply(c, &mut balls)
            .expect("professionals choose legally");
    }
    worth(start, &state, side, search)
}

/// What the play from `start` to `end` came to for `side`, in runs: its runs less the
/// other side's, less a wicket's worth for each wicket it lost more than it took, the
/// result's worth if the match ended, and the cards left in the two hands as the
/// professional values a card kept (the batting side's by its look-ahead's rule of thumb,
/// the bowling side's by the general chance of a wicket a card holds).
fn worth(start: &MatchState, end: &MatchState, side: Side, search: &Search) -> f32 {
    let (p0, p1) = (start.public(), end.public());
    let wickets = |p: &PublicState, s: Side| -> f32 {
        p.started()
            .iter()
            .filter(|i| i.batting == s)
            .map(|i| i.wickets as f32)
            .sum()
    };
    let gained = |s: Side| {
        let runs = p1.aggregate(s) as f32 - p0.aggregate(s) as f32;
        runs - search.wicket * (wickets(p1, s) - wickets(p0, s))
    };
    let mut v = gained(side) - gained(side.other());
    if let Some(r) = p1.result {
        v += search.result
            * match (r.outcome, r.winner) {
                (Outcome::Win, Some(w)) if w == side => 1.0,
                (Outcome::Win, _) => -1.0,
                _ => 0.0,
            };
    }
    if search.hands != 0.0 && !end.is_over() {
        let bat = p1.batting();
        let held = |s: Side| hand_worth(end.hand(s), s == bat);
        v += search.hands * (held(side) - held(side.other()));
    }
    v
}

/// What the professional reckons a hand worth kept, in runs: batting, each card's worth by
/// the look-ahead's rule of thumb; bowling, each card's general chance of a wicket as its
/// bowler prices keeping it.
fn hand_worth(hand: &[Card], batting: bool) -> f32 {
    let pro = &PROFILES[Level::MAX as usize - 1];
    if batting {
        let cards = Cards::new(hand);
        (0..cards.len())
            .map(|i| pro.batting.judgement.keep(&cards, i))
            .sum()
    } else {
        let a = &pro.bowling.attack;
        hand.iter()
            .map(|c| a.keep * a.wicket * general_wicket_chance(c.rank()))
            .sum()
    }
}

/// Counts the deliveries of a play-out.
struct Balls(u32);

impl Recorder for Balls {
    fn record(&mut self, event: &Event<'_>) {
        if let Event::Ball(_) = event {
            self.0 += 1;
        }
    }
}

impl Player for Analyst {
    /// The professional's choice, unless another on its shortlist does better over the same
    /// deals by the search's confidence.
    fn decide(&mut self, view: &View<'_>) -> Choice {
        let own = self.pro.decide(view);
        if !matches!(view.decision, Decision::Bowl | Decision::Respond { .. }) {
            return own;
        }
        let Some(choices) = shortlist(&mut self.pro, view, own, self.search.shortlist) else {
            return own;
        };
        let own_at = choices.iter().position(|&c| c == own).unwrap_or(0);
        let scores = self.play_outs(&self.pro, view, &choices, 0..self.search.deals);
        let confidence = self.search.confidence;
        choices[advice(&scores, choices.len(), own_at, confidence)]
    }

    fn observe(&mut self, view: &View<'_>, choice: Choice) {
        self.pro.observe(view, choice);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MatchOptions, NoRecord};

    /// A determinization dealt the real hidden cards is the real match: at every decision of
    /// whole matches, the match rebuilt from the view and the other hand and pickup pile
    /// moves on to the same public state and hands as the real one.
    #[test]
    fn a_match_rebuilt_from_a_view_and_the_hidden_cards_plays_on_alike() {
        let pro = Level::PROFESSIONAL;
        for seed in 0..3 {
            let mut state = MatchState::new(MatchOptions::default());
            let mut rng = chance_rng(seed);
            let mut bots = [Side::Home, Side::Away].map(|s| Bot::new(pro, pro, seed, s));
            while !state.is_over() {
                if state.chance().is_some() {
                    state.sample_chance(&mut rng, &mut NoRecord);
                    continue;
                }
                let (side, _) = state.to_act().unwrap();
                let view = state.view();
                let choice = bots[side.index()].decide(&view);
                let mut pickup = state.pickup().to_vec();
                let mut rebuilt = MatchState::from_view(&view, state.hand(side.other()), &pickup);
                pickup.clear();
                rebuilt.apply(choice, &mut NoRecord).unwrap();
                state.apply(choice, &mut NoRecord).unwrap();
                assert_eq!(
                    format!("{:?}", rebuilt.public()),
                    format!("{:?}", state.public()),
                    "seed {seed}"
                );
                for s in [Side::Home, Side::Away] {
                    assert_eq!(rebuilt.hand(s), state.hand(s), "seed {seed}");
                }
                assert_eq!(rebuilt.pickup(), state.pickup());
                assert_eq!(rebuilt.chance(), state.chance());
                assert_eq!(rebuilt.to_act(), state.to_act());
            }
        }
    }
}
