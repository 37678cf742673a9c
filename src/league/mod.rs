//! The County Championship: seasons of two classes of eight counties, played round by round on
//! top of the match engine, with tables, promotion and relegation, prize money, records and the
//! whole history from 1890.
//!
//! The model follows ZenGM's: a county ([`crate::counties`]) is apart from its season rows; a
//! match is simulated purely (a [`crate::engine::MatchState`]) and only its compact
//! [`MatchSummary`] and record candidates are kept. Tables, averages and all-time figures are
//! added up from those summaries when asked for.
//!
//! - [`fixtures`]: the double round robin of a class.
//! - [`seeds`]: per-match seeds derived from the competition's seed.
//! - [`summary`]: what is kept of a played match.
//! - [`standings`]: figures, quotient, table order and prize money.
//! - [`kept`]: the matches' records (their choices) held in memory.
//! - [`records`]: each county's all-time record totals and partnerships.
//! - [`innings`]: each county's innings records (highest innings, hundreds, carried bats,
//!   record partnerships), each naming its match.
//! - [`season`]: one season of both classes and its end (champion, movement between classes).
//! - [`check`]: whether a competition read from a file could have been played.
//! - [`competition`]: the [`Competition`] that the commands and the terminal UI drive.
//! - [`history`]: rolls of honour, final positions and all-time results.
//! - [`export`]: the JSON export of `shared/spec/history-export.md`.

pub mod check;
pub mod competition;
pub mod export;
pub mod fixtures;
pub mod history;
pub mod innings;
pub mod kept;
pub mod name;
pub mod records;
pub mod season;
pub mod seeds;
pub mod settings;
pub mod standings;
pub mod summary;

#[cfg(test)]
pub(crate) mod tests;

pub use competition::{
    AfterSeason, Competition, Fixture, LeagueError, PersonMatch, Recorded, SimReport,
};
pub use records::{CountyRecords, PartnershipRecord, TotalRecord};
pub use season::{ClassSeason, Season, SeasonSummary};
pub use settings::Settings;
pub use standings::SeasonRow;
pub use summary::Figures;
pub use summary::{InningsSummary, MatchSummary};

pub use crate::counties::{Class, CountyId};

/// The first season.
pub const FIRST_YEAR: u16 = 1890;
/// Most seasons a competition runs.
pub const MAX_SEASONS: u16 = 100;
/// The last season (1989).
pub const LAST_YEAR: u16 = FIRST_YEAR + MAX_SEASONS - 1;
/// Counties in a class.
pub const CLASS_SIZE: usize = 8;
/// Rounds in a season: each county meets each other twice.
pub const ROUNDS: u8 = 14;
/// Matches in a round of one class.
pub const MATCHES_PER_ROUND: u8 = 4;
/// Matches of one class in a season.
pub const MATCHES_PER_CLASS: usize = ROUNDS as usize * MATCHES_PER_ROUND as usize;
/// Both classes, in the order they are stored and played.
pub const CLASSES: [Class; 2] = [Class::First, Class::Second];

/// 0 for the first class, 1 for the second.
pub fn class_index(class: Class) -> usize {
    match class {
        Class::First => 0,
        Class::Second => 1,
    }
}
