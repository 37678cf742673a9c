//! Playing one match between two computer sides from a seed: the single entry point that the
//! `match` command, the league and the benchmarks share, so a seed replays alike everywhere.

use crate::ai::{Bot, Level};
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

/// Plays a whole match between two computer sides at the given levels (home first).
pub fn computer_match<R: Recorder + ?Sized>(
    options: MatchOptions,
    levels: [Levels; 2],
    seed: u64,
    rec: &mut R,
) -> MatchState {
    let bot = |side: Side| {
        let (bat, bowl) = levels[side.index()]
            .checked()
            .expect("levels are checked on input");
        Bot::new(bat, bowl, seed, side)
    };
    let (mut home, mut away) = (bot(Side::Home), bot(Side::Away));
    play_match(options, seed, [&mut home, &mut away], rec)
        .expect("computer players choose only legal cards")
}
