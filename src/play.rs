//! Playing one match between two computer sides from a seed: the single entry point that the
//! `match` command, the league and the benchmarks share, so a seed replays alike everywhere.

use crate::ai::{Bot, Level};
use crate::engine::runner::{chance_rng, play_on_seeing};
use crate::engine::tape::{Tape, TapeWriter};
use crate::engine::{play_match, MatchOptions, MatchState, Recorder, Side};

/// The computer's batting and bowling levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Levels {
    pub bat: u8,
    pub bowl: u8,
}

impl Default for Levels {
    fn default() -> Self {
        Levels {
            bat: Level::MAX,
            bowl: Level::MAX,
        }
    }
}

impl Levels {
    /// Both levels checked, or an error naming the allowed range.
    pub fn checked(self) -> Result<(Level, Level), crate::engine::options::OutOfRange> {
        Ok((Level::new(self.bat)?, Level::new(self.bowl)?))
    }
}

/// The computer players of a match at these levels (home, away).
fn bots(levels: [Levels; 2], seed: u64) -> (Bot, Bot) {
    let bot = |side: Side| {
        let (bat, bowl) = levels[side.index()]
            .checked()
            .expect("levels are checked on input");
        Bot::new(bat, bowl, seed, side)
    };
    (bot(Side::Home), bot(Side::Away))
}

/// Plays a whole match between two computer sides at the given levels (home first).
pub fn computer_match<R: Recorder + ?Sized>(
    options: MatchOptions,
    levels: [Levels; 2],
    seed: u64,
    rec: &mut R,
) -> MatchState {
    let (mut home, mut away) = bots(levels, seed);
    play_match(options, seed, [&mut home, &mut away], rec)
        .expect("computer players choose only legal cards")
}

/// [`computer_match`], writing every choice on the match's [`Tape`] as it is made: the
/// record the history keeps, which gives the match back whatever later computer players
/// would choose (see [`crate::engine::tape`]).
pub fn computer_match_taped<R: Recorder + ?Sized>(
    options: MatchOptions,
    levels: [Levels; 2],
    seed: u64,
    rec: &mut R,
) -> (MatchState, Tape) {
    let (mut home, mut away) = bots(levels, seed);
    let mut tape = TapeWriter::new();
    let state = play_on_seeing(
        MatchState::new(options),
        &mut chance_rng(seed),
        [&mut home, &mut away],
        rec,
        |s, c| {
            tape.push(s, c)
                .expect("computer players choose only allowed choices")
        },
    )
    .expect("computer players choose only legal cards");
    (state, tape.finish())
}
