//! What is fixed when a competition is made ([`Settings`]: the match options, the computer's
//! levels, the person's county and the seed), and why settings can be refused.

use crate::counties::{self, CountyId};
use crate::engine::options::OutOfRange;
use crate::engine::MatchOptions;
use crate::play::Levels;

/// What is fixed when a competition is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub options: MatchOptions,
    pub levels: Levels,
    /// The user's county, if any (marked in tables; played by a human in the terminal UI).
    pub user_county: Option<CountyId>,
    /// The competition's seed: every match seed is derived from it.
    pub seed: u64,
}

impl Settings {
    /// Checks the options, levels and county.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.options.validate().map_err(SettingsError::OutOfRange)?;
        self.levels.checked().map_err(SettingsError::OutOfRange)?;
        match self.user_county {
            Some(c) if c as usize >= counties::all().len() => Err(SettingsError::NoCounty(c)),
            _ => Ok(()),
        }
    }
}

/// Settings that no competition can have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// An option or a level outside its range.
    OutOfRange(OutOfRange),
    /// The user's county is not one of the sixteen.
    NoCounty(CountyId),
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingsError::OutOfRange(e) => e.fmt(f),
            SettingsError::NoCounty(c) => {
                write!(f, "the user's county is number {c}, which no county has")
            }
        }
    }
}

impl std::error::Error for SettingsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SettingsError::OutOfRange(e) => Some(e),
            SettingsError::NoCounty(_) => None,
        }
    }
}
