//! The start of the program: the file name prompt, the confirmation of a new file, the
//! options menu `[1]`-`[9]` and `[0]`, and the choice of the user's county. The keys
//! (`keys`) and the drawing (`draw`) are apart, as `app`'s `update` and `draw` are; here is
//! what both read: the options of a new file and how each option is named and stepped.

use crate::ai::Level;
use crate::engine::MatchOptions;
use crate::play::Levels;

mod draw;
mod keys;
#[cfg(test)]
mod tests;

pub use draw::{county_lines, draw_menu, draw_menu_at, options_lines};
pub use keys::{county_key, edit_line, left_out, options_key, OptionsKey, OptionsNote};

/// The options of a new file, as the menu edits them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewFile {
    pub options: MatchOptions,
    pub levels: Levels,
}

/// The options that step: `[1]`-`[8]`.
pub const OPTION_ROWS: usize = 8;

/// The options' names, `[1]` first.
const OPTION_NAMES: [&str; OPTION_ROWS] = [
    "The no-ball rule",
    "The wide rule",
    "The bye rule",
    "Batsmen per side",
    "Packs per session",
    "Days per match",
    "Batting AI level",
    "Bowling AI level",
];

/// Option `row`'s value and the range of values it steps through, lowest first (a rule:
/// 0 out of effect, 1 in effect).
fn option_value(nf: &mut NewFile, row: usize) -> (&mut u8, std::ops::RangeInclusive<u8>) {
    let o = &mut nf.options;
    match row {
        3 => (&mut o.batsmen, crate::engine::options::BATSMEN),
        4 => (
            &mut o.packs_per_session,
            crate::engine::options::PACKS_PER_SESSION,
        ),
        5 => (&mut o.days, crate::engine::options::DAYS),
        6 => (&mut nf.levels.bat, Level::MIN..=Level::MAX),
        _ => (&mut nf.levels.bowl, Level::MIN..=Level::MAX),
    }
}

/// The rule of option `row` (0 to 2), if it is one.
fn rule(nf: &mut NewFile, row: usize) -> Option<&mut bool> {
    let o = &mut nf.options;
    match row {
        0 => Some(&mut o.no_balls),
        1 => Some(&mut o.wides),
        2 => Some(&mut o.byes),
        _ => None,
    }
}

/// A level's name: "novice" for 1.
fn level_name(l: u8) -> &'static str {
    Level::new(l).map(|l| l.name()).unwrap_or("?")
}
