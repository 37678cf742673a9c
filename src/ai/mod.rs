//! Computer players. Each plays one side from its [`View`] alone, through the engine's
//! [`Player`] trait; batting and bowling levels are set separately.
//!
//! Levels: 1 novice, 2 village, 3 club, 4 county, 5 professional (see `docs/AI.md`).

mod heuristic;

use rand_chacha::ChaCha8Rng;

use crate::engine::{player_rng, Choice, Decision, Player, Side, View};

/// A playing strength, 1 (novice) to 5 (professional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;
    pub const PROFESSIONAL: Level = Level(5);

    /// The level `n`, or an error naming the allowed range.
    pub fn new(n: u8) -> Result<Level, String> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(Level(n))
        } else {
            Err(format!("AI level must be 1 to 5 (1 novice .. 5 professional), not {n}"))
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
}

impl Bot {
    /// The bot for `side` in the match with this seed (its own random stream).
    pub fn new(bat: Level, bowl: Level, seed: u64, side: Side) -> Bot {
        Bot { bat, bowl, rng: player_rng(seed, side) }
    }

    /// The level that makes this decision.
    fn level_for(&self, decision: Decision) -> Level {
        match decision {
            Decision::Bowl => self.bowl,
            Decision::OpeningDiscard | Decision::Elect => self.bat.max(self.bowl),
            _ => self.bat,
        }
    }
}

impl Player for Bot {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        let level = self.level_for(view.decision);
        heuristic::decide(level, view, &mut self.rng)
    }
}
