//! Computer players. Each plays one side from its [`View`] alone, through the engine's
//! [`Player`] trait; batting and bowling levels are set separately.
//!
//! Levels: 1 novice, 2 village, 3 club, 4 county, 5 professional, each a row of the one table
//! of profiles (`profile.rs`, see `docs/AI.md`): every level judges by the same counting
//! bowler and look-ahead batsman; below the professional a level forgets the other hand and
//! strays from its best choice as often and as far as its profile says (`mistakes.rs`), and
//! the lower captains are simpler. The analyst (`analyst.rs`) searches over the
//! professional; `review.rs` judges a side's decisions with it.

pub mod analyst;
mod batting;
mod bowling;
mod captain;
mod counting;
pub mod duel;
mod memory;
mod mistakes;
pub mod profile;
pub mod review;
pub(crate) mod situation;

use rand_chacha::ChaCha8Rng;

use crate::cards::{Card, CardCounts};
use crate::engine::delivery::Call;
use crate::engine::options::OutOfRange;
use crate::engine::{player_rng, Choice, Decision, Election, Player, Side, View};

use batting::{Cards, Lookahead, Stance};
use captain::Rates;
use counting::{OtherHand, Unseen};
use memory::Memory;
use profile::{Batting, Elect, Profile, StancePolicy, PROFILES};

/// A playing strength, 1 (novice) to 5 (professional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;
    pub const NOVICE: Level = Level(1);
    pub const VILLAGE: Level = Level(2);
    pub const CLUB: Level = Level(3);
    pub const COUNTY: Level = Level(4);
    pub const PROFESSIONAL: Level = Level(5);

    /// The level `n`, or an error naming the allowed range.
    pub fn new(n: u8) -> Result<Level, OutOfRange> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(Level(n))
        } else {
            Err(OutOfRange {
                what: "AI level",
                value: n,
                range: Self::MIN..=Self::MAX,
                meaning: "1 novice .. 5 professional",
            })
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The name the original program gives the level.
    pub fn name(self) -> &'static str {
        self.profile().name
    }

    /// How the level plays.
    pub fn profile(self) -> &'static Profile {
        &PROFILES[self.0 as usize - 1]
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::PROFESSIONAL
    }
}

/// A computer player with a batting and a bowling profile.
#[derive(Clone, Debug)]
pub struct Bot {
    bat: &'static Profile,
    bowl: &'static Profile,
    rng: ChaCha8Rng,
    /// What a card of each rank is worth to a bowler in general (index by rank).
    general: [f32; 12],
    /// Kept only when a role's profile remembers.
    memory: Option<Box<Memory>>,
    /// The side's hand as last decoded for the counting levels, updated at each decision.
    cards: Cards,
    /// The view it last decided and its choice, until it is told what was played there.
    pending: Option<(ViewKey, Choice)>,
}

/// Enough of a view to tell it from the side's next: the match moves on between two of a
/// side's decisions (a card is played, drawn or given up, or an innings begins). Built only
/// when a bot is asked and told apart (`decide`, then `observe`; `act` needs none), and
/// packed into four words: the
/// decision (its kind, and a response's ball, call and card below), the innings, the pack
/// and the cards left to draw in one word, the face-up cards, and the hand's first
/// [`DEAL`](crate::cards::DEAL) cards a byte each. Two views have equal keys exactly when
/// all of these are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ViewKey {
    head: u64,
    face_up: CardCounts,
    hand: u64,
}

impl ViewKey {
    fn of(view: &View<'_>) -> ViewKey {
        let p = view.public;
        let decision = match view.decision {
            Decision::Elect => 0,
            Decision::OpeningDiscard => 1,
            Decision::Declare => 2,
            Decision::Bowl => 3,
            Decision::Exchange => 4,
            // A card's index is below 64 and a call's below 8: six, three and six bits.
            Decision::Respond {
                bowled,
                call,
                top_before,
            } => {
                5 | (bowled.index() as u64) << 3
                    | (call as u64) << 9
                    | (top_before.index() as u64) << 12
            }
        };
        ViewKey {
            head: decision
                | u64::from(p.innings_started) << 24
                | u64::from(p.pack) << 32
                | u64::from(p.pickup_left) << 48,
            face_up: p.face_up,
            hand: batting::hand_key(&view.hand[..view.hand.len().min(crate::cards::DEAL)]),
        }
    }
}

impl Bot {
    /// The bot for `side` in the match with this seed (its own random stream).
    pub fn new(bat: Level, bowl: Level, seed: u64, side: Side) -> Bot {
        Bot::with_profiles(bat.profile(), bowl.profile(), seed, side)
    }

    /// A bot that bats by `bat` and bowls by `bowl`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a rank index, 1 to 11: it fits a byte"
    )]
    pub fn with_profiles(
        bat: &'static Profile,
        bowl: &'static Profile,
        seed: u64,
        side: Side,
    ) -> Bot {
        let remembers = bat.batting.remembers || bowl.bowling.remembers;
        Bot {
            bat,
            bowl,
            rng: player_rng(seed, side),
            general: std::array::from_fn(|r| {
                if r == 0 {
                    0.0
                } else {
                    bowling::general_wicket_chance(r as u8)
                }
            }),
            memory: remembers.then(Box::default),
            cards: Cards::new(&[]),
            pending: None,
        }
    }

    /// The cards it remembers the other side holding (none without a memory).
    pub(crate) fn known(&self) -> CardCounts {
        self.memory
            .as_ref()
            .map_or(CardCounts::EMPTY, |m| m.known())
    }

    fn knowledge(&self, view: &View<'_>, remembers: bool, hand: CardCounts) -> (Unseen, OtherHand) {
        knowledge(&self.memory, view, remembers, hand)
    }

    fn elect(&self) -> Choice {
        Choice::Elect(match self.bat.batting.elect {
            Elect::Bowl => Election::Bowl,
            Elect::Bat => Election::Bat,
        })
    }

    /// Bowling first: a card of the suit it holds least of (it sets the first no-ball suit).
    /// Batting first: the card whose loss leaves the first ball least dangerous.
    fn opening_discard(&mut self, view: &View<'_>) -> Choice {
        let bowling_first = view.public.first_bat != view.side;
        if bowling_first {
            return bowling::opening_discard(view.hand, &self.general);
        }
        let b = &self.bat.batting;
        let (unseen, bowler) = self.knowledge(view, b.remembers, CardCounts::from_cards(view.hand));
        let look = Lookahead::new(view.public, &unseen, bowler);
        captain::look_ahead_discard(view, &look, stance(b, view), &b.judgement)
    }

    fn declare(&self, view: &View<'_>) -> Choice {
        let b = &self.bat.batting;
        let rates = || Rates::read_by(b, view.public, view.side.other());
        captain::declare(view.public, b, rates)
    }

    fn bowl(&mut self, view: &View<'_>) -> Choice {
        let b = &self.bowl.bowling;
        self.cards.update(view.hand);
        let (unseen, batsman) = self.knowledge(view, b.remembers, self.cards.counts());
        bowling::counting_ball(
            view,
            &self.cards,
            &unseen,
            batsman,
            b.attack,
            &self.general,
            b.mistakes,
            &mut self.rng,
        )
    }

    fn respond(&mut self, view: &View<'_>, bowled: Card, call: Call, top_before: Card) -> Choice {
        let b = &self.bat.batting;
        self.cards.update(view.hand);
        let (memory, rng) = (&self.memory, &mut self.rng);
        let knowledge = |hand| knowledge(memory, view, b.remembers, hand);
        batting::look_ahead_answer(
            view,
            &self.cards,
            (bowled, call, top_before),
            knowledge,
            stance(b, view),
            &b.judgement,
            b.mistakes,
            rng,
        )
    }

    /// Its judgement of every ball or answer in `view` (a bowling or answering decision it has
    /// just decided), best first: the choice and its worth in runs. Empty for other decisions.
    pub(crate) fn ranked(&mut self, view: &View<'_>) -> Vec<(Choice, f32)> {
        let mut ranked: Vec<(Choice, f32)> = match view.decision {
            Decision::Bowl => {
                let b = &self.bowl.bowling;
                self.cards.update(view.hand);
                let (unseen, batsman) = self.knowledge(view, b.remembers, self.cards.counts());
                let (values, _) = bowling::counting_prices(
                    view,
                    &self.cards,
                    &unseen,
                    batsman,
                    b.attack,
                    &self.general,
                );
                distinct(view.hand.iter().map(|&c| Choice::Card(c)).zip(values))
            }
            Decision::Respond {
                bowled,
                call,
                top_before,
            } => {
                let b = &self.bat.batting;
                self.cards.update(view.hand);
                let memory = &self.memory;
                let (_, values, _) = batting::look_ahead(
                    view,
                    &self.cards,
                    (bowled, call, top_before),
                    |hand| knowledge(memory, view, b.remembers, hand),
                    stance(b, view),
                    &b.judgement,
                    batting::Weigh::All,
                );
                let answers = std::iter::once(Choice::NoCard)
                    .chain(view.hand.iter().map(|&c| Choice::Card(c)));
                distinct(answers.zip(values))
            }
            _ => Vec::new(),
        };
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    fn exchange(&mut self, view: &View<'_>) -> Choice {
        let b = &self.bat.batting;
        let (unseen, bowler) = self.knowledge(view, b.remembers, CardCounts::from_cards(view.hand));
        let look = Lookahead::new(view.public, &unseen, bowler);
        captain::look_ahead_exchange(view, &look, stance(b, view), &b.judgement)
    }

    /// Lets the memory see the view, and after the choice, this side's own cards played.
    #[inline(always)]
    fn remember(&mut self, view: &View<'_>, choice: Option<Choice>) {
        let Some(memory) = self.memory.as_deref_mut() else {
            return;
        };
        match choice {
            None if view.decision == Decision::Declare => memory.glance(view),
            None => memory.observe(view),
            Some(Choice::Card(c)) => memory.played(c),
            Some(Choice::Exchange(out)) => out.into_iter().flatten().for_each(|c| memory.played(c)),
            Some(_) => {}
        }
    }
}

/// The choices that are choices (worth more than `f32::MIN`), each once.
fn distinct(choices: impl Iterator<Item = (Choice, f32)>) -> Vec<(Choice, f32)> {
    let mut out: Vec<(Choice, f32)> = Vec::with_capacity(crate::cards::DEAL + 1);
    for (c, v) in choices {
        if v != f32::MIN && !out.iter().any(|&(o, _)| o == c) {
            out.push((c, v));
        }
    }
    out
}

/// The unseen cards and the other hand, with the memory's known cards when the role
/// `remembers`. `hand`: the view's hand as a bag.
fn knowledge(
    memory: &Option<Box<Memory>>,
    view: &View<'_>,
    remembers: bool,
    hand: CardCounts,
) -> (Unseen, OtherHand) {
    let known = match (memory, remembers) {
        (Some(m), true) => m.known(),
        _ => CardCounts::EMPTY,
    };
    (
        Unseen::less(view, hand, &known),
        OtherHand::in_view(view, known),
    )
}

/// The batting stance by the profile: its normal game, or read from the match situation.
fn stance(b: &Batting, view: &View<'_>) -> Stance {
    let w = b.judgement.wicket;
    match b.stance {
        StancePolicy::Normal => Stance {
            wicket: w,
            run: 1.0,
            tempo: 0.0,
            win: if b.sees_the_end {
                batting::WIN_RUNS
            } else {
                0.0
            },
        },
        StancePolicy::Situational { evidence } => {
            captain::stance(view.public, w, view.hand, b.sees_the_end, || {
                Rates::blended(view.public, view.side, evidence)
            })
        }
    }
}

impl Bot {
    /// Before a view: a choice it made at an earlier view and was never told about stood.
    #[inline(always)]
    fn settle(&mut self, view: &View<'_>) {
        if let Some((key, choice)) = self.pending.take() {
            if key != ViewKey::of(view) {
                self.remember(view, Some(choice));
            }
        }
    }

    /// Its choice at `view`, its memory already brought up to the view.
    ///
    /// Inlined into `act` and `decide`, as are `settle`, `remember`, the bowler's prices and
    /// the batsman's list of answers: calls at each step of a decision cost about 2% of a
    /// season's instructions (callgrind, 3 seasons on one thread: 1.460 G -> 1.435 G).
    #[inline(always)]
    fn choose(&mut self, view: &View<'_>) -> Choice {
        match view.decision {
            Decision::Elect => self.elect(),
            Decision::OpeningDiscard => self.opening_discard(view),
            Decision::Declare => self.declare(view),
            Decision::Bowl => self.bowl(view),
            Decision::Respond {
                bowled,
                call,
                top_before,
            } => self.respond(view, bowled, call, top_before),
            Decision::Exchange => self.exchange(view),
        }
    }
}

impl Player for Bot {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        self.settle(view);
        self.remember(view, None);
        let choice = self.choose(view);
        self.pending = Some((ViewKey::of(view), choice));
        choice
    }

    fn observe(&mut self, view: &View<'_>, choice: Choice) {
        let decided_here = self
            .pending
            .is_some_and(|(key, _)| key == ViewKey::of(view));
        if decided_here {
            self.pending = None;
        } else {
            self.settle(view);
            self.remember(view, None);
        }
        self.remember(view, Some(choice));
    }

    /// `decide` then `observe` without the view's key: `observe` would find the view just
    /// decided, and leave nothing pending.
    fn act(&mut self, view: &View<'_>) -> Choice {
        self.settle(view);
        self.remember(view, None);
        let choice = self.choose(view);
        self.remember(view, Some(choice));
        choice
    }
}

#[cfg(test)]
mod tests;
