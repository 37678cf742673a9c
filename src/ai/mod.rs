//! Computer players. Each plays one side from its [`View`] alone, through the engine's
//! [`Player`] trait; batting and bowling levels are set separately.
//!
//! Levels: 1 novice, 2 village, 3 club, 4 county, 5 professional. Each adds skill to the one
//! below (see `docs/AI.md`): the village player never gets out when it need not; the club
//! player avoids extras and keeps its high cards; the county player counts cards; the
//! professional also looks ahead at the cards it keeps, remembers the other hand across new
//! packs, protects the lower order and reads the match situation.

mod batting;
mod bowling;
mod captain;
mod counting;
pub mod duel;
mod memory;
mod novice;
mod select;
pub(crate) mod situation;

use rand_chacha::ChaCha8Rng;

use crate::cards::{Card, CardCounts};
use crate::engine::delivery::Call;
use crate::engine::options::OutOfRange;
use crate::engine::{player_rng, Choice, Decision, Election, Player, Side, View};

use batting::{Cards, Judgement, Lookahead, Stance};
use bowling::Attack;
use captain::Rates;
use counting::{OtherHand, Unseen};
use memory::Memory;

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
        ["novice", "village", "club", "county", "professional"][self.0 as usize - 1]
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::PROFESSIONAL
    }
}

/// A computer player with a batting and a bowling level.
#[derive(Clone, Debug)]
pub struct Bot {
    pub bat: Level,
    pub bowl: Level,
    rng: ChaCha8Rng,
    /// What a card of each rank is worth to a bowler in general (index by rank).
    general: [f32; 12],
    /// Kept only when a role is played at the professional level.
    memory: Option<Box<Memory>>,
    /// How the batting look-ahead and the counting bowler weigh what they see.
    judgement: Judgement,
    attack: Attack,
    /// The side's hand as last decoded for the counting levels, updated at each decision.
    cards: Cards,
}

impl Bot {
    /// The bot for `side` in the match with this seed (its own random stream).
    pub fn new(bat: Level, bowl: Level, seed: u64, side: Side) -> Bot {
        let professional = bat == Level::PROFESSIONAL || bowl == Level::PROFESSIONAL;
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
            memory: professional.then(Box::default),
            judgement: judgement(bat.get()),
            attack: attack(bowl.get()),
            cards: Cards::new(&[]),
        }
    }

    /// The unseen cards and the other hand, with the memory's known cards at the
    /// professional level (`remembers`). `hand`: the view's hand as a bag.
    fn knowledge(&self, view: &View<'_>, remembers: bool, hand: CardCounts) -> (Unseen, OtherHand) {
        let known = match (&self.memory, remembers) {
            (Some(m), true) => m.known(),
            _ => CardCounts::EMPTY,
        };
        (
            Unseen::less(view, hand, &known),
            OtherHand::in_view(view, known),
        )
    }

    /// The novice calls at random; the village, club and county captains bat first, as most
    /// captains would; the professional puts the other side in, which duels show is worth
    /// more (the side batting second bats last, knowing its target, and its captain can
    /// time the third-innings declaration).
    fn elect(&mut self) -> Choice {
        match self.bat.get() {
            1 => novice::elect(&mut self.rng),
            5 => Choice::Elect(Election::Bowl),
            _ => Choice::Elect(Election::Bat),
        }
    }

    fn opening_discard(&mut self, view: &View<'_>) -> Choice {
        let bowling_first = view.public.first_bat != view.side;
        if bowling_first {
            return match self.bowl.get() {
                1 => novice::any_card(view.hand, &mut self.rng),
                2 => captain::lowest_card(view.hand),
                _ => bowling::opening_discard(view.hand, &self.general),
            };
        }
        match self.bat.get() {
            1 => novice::any_card(view.hand, &mut self.rng),
            2 | 3 => captain::lowest_card(view.hand),
            level => {
                let (unseen, bowler) =
                    self.knowledge(view, level == 5, CardCounts::from_cards(view.hand));
                let look = Lookahead::new(view.public, &unseen, bowler);
                captain::look_ahead_discard(
                    view,
                    &look,
                    stance(level, view, &self.judgement),
                    &self.judgement,
                )
            }
        }
    }

    fn declare(&self, view: &View<'_>) -> Choice {
        match self.bat.get() {
            1 | 2 => Choice::Continue,
            3 => captain::club_declare(view.public),
            4 => captain::declare_by_time(view.public, Rates::prior, 1.0, true),
            // A little more than the other side is expected to make, judged mostly on the
            // prior: with 0.9 of it, judged on the rates of its one innings so far, a side
            // declaring its third innings lost more matches than it won (docs/AI.md).
            _ => captain::declare_by_time(
                view.public,
                || Rates::for_declaring(view.public, view.side.other()),
                1.05,
                true,
            ),
        }
    }

    fn bowl(&mut self, view: &View<'_>) -> Choice {
        match self.bowl.get() {
            1 => novice::any_card(view.hand, &mut self.rng),
            2 => bowling::village_ball(view),
            3 => bowling::club_ball(view),
            level => {
                self.cards.update(view.hand);
                let (unseen, batsman) = self.knowledge(view, level == 5, self.cards.counts());
                bowling::counting_ball(
                    view,
                    &self.cards,
                    &unseen,
                    batsman,
                    self.attack,
                    &self.general,
                )
            }
        }
    }

    fn respond(&mut self, view: &View<'_>, bowled: Card, call: Call, top_before: Card) -> Choice {
        let top_before = Some(top_before);
        match self.bat.get() {
            1 => novice::answer(view, bowled, call, &mut self.rng),
            2 => batting::village_answer(view, bowled, call),
            3 => batting::club_answer(view, bowled, call, top_before),
            level => {
                self.cards.update(view.hand);
                let knowledge = |hand| self.knowledge(view, level == 5, hand);
                let stance = stance(level, view, &self.judgement);
                batting::look_ahead_answer(
                    view,
                    &self.cards,
                    (bowled, call, top_before),
                    knowledge,
                    stance,
                    &self.judgement,
                )
            }
        }
    }

    fn exchange(&mut self, view: &View<'_>) -> Choice {
        match self.bat.get() {
            1 => Choice::Exchange([None, None]),
            2 => captain::village_exchange(view),
            3 => captain::club_exchange(view),
            level => {
                let (unseen, bowler) =
                    self.knowledge(view, level == 5, CardCounts::from_cards(view.hand));
                let look = Lookahead::new(view.public, &unseen, bowler);
                captain::look_ahead_exchange(
                    view,
                    &look,
                    stance(level, view, &self.judgement),
                    &self.judgement,
                )
            }
        }
    }

    /// Lets the memory see the view, and after the choice, this side's own cards played.
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

/// The batting stance at `level` (4 county: fixed; 5 professional: for the situation).
fn stance(level: u8, view: &View<'_>, judge: &Judgement) -> Stance {
    if level == 5 {
        captain::stance(view.public, judge.wicket, || {
            Rates::observed(view.public, view.side)
        })
    } else {
        Stance {
            wicket: judge.wicket,
            run: 1.0,
            tempo: 0.0,
        }
    }
}

/// How the look-ahead batsman at `level` weighs what it sees. The county batsman prices the
/// next ball only, with rules of thumb for the cards it keeps; the professional also
/// prices the lasting cover and depth of those cards, and follows the strike. Weights found
/// by duels (see `docs/AI.md`).
fn judgement(level: u8) -> Judgement {
    if level == 5 {
        Judgement {
            next: 0.3,
            later: 0.375,
            deep: 0.125,
            per_rank: 0.3,
            alone: 0.6,
            fresh: 2.4,
            who_faces: true,
            wicket: 9.5,
        }
    } else {
        Judgement {
            next: 0.5,
            later: 0.0,
            deep: 0.0,
            per_rank: 0.4,
            alone: 2.0,
            fresh: 2.6,
            who_faces: false,
            wicket: 10.0,
        }
    }
}

/// The counting bowler's judgement at `level` (4 county, 5 professional): a wicket is worth
/// 20 runs, the batsman takes a fifth of the runs a card could give him, and a card is kept
/// for later at one and a half times its general worth. The professional also minds the
/// no-ball suit it sets.
fn attack(level: u8) -> Attack {
    let professional = level == 5;
    Attack {
        wicket: situation::WICKET_RUNS,
        run: 1.0,
        runs_taken: 0.2,
        keep: 1.5,
        no_ball_suit_card: if professional { 0.8 } else { 0.0 },
        parting_suit: professional,
        fair_before_no_ball: professional,
    }
}

impl Player for Bot {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        self.remember(view, None);
        let choice = match view.decision {
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
        };
        self.remember(view, Some(choice));
        choice
    }
}

#[cfg(test)]
mod tests;
