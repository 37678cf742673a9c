//! Match options: the extras rules, batsmen per side, packs per session and days per match.

use serde::{Deserialize, Serialize};

/// Allowed batsmen per side.
pub const BATSMEN: std::ops::RangeInclusive<u8> = 2..=11;
/// Allowed packs per session.
pub const PACKS_PER_SESSION: std::ops::RangeInclusive<u8> = 1..=9;
/// Allowed days per match.
pub const DAYS: std::ops::RangeInclusive<u8> = 1..=5;
/// Sessions in a day: morning, afternoon, evening.
pub const SESSIONS_PER_DAY: u8 = 3;

/// The rules a match is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchOptions {
    pub no_balls: bool,
    pub wides: bool,
    pub byes: bool,
    pub batsmen: u8,
    pub packs_per_session: u8,
    pub days: u8,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            no_balls: true,
            wides: true,
            byes: true,
            batsmen: 11,
            packs_per_session: 3,
            days: 3,
        }
    }
}

impl MatchOptions {
    /// The guide's settings for a first-timer: no no-balls, wides or byes, four batsmen a
    /// side, the rest as the defaults.
    pub fn first_timer() -> MatchOptions {
        MatchOptions {
            batsmen: 4,
            no_balls: false,
            wides: false,
            byes: false,
            ..MatchOptions::default()
        }
    }

    /// Packs in the whole match: 3 sessions a day.
    pub fn max_packs(&self) -> u16 {
        SESSIONS_PER_DAY as u16 * self.packs_per_session as u16 * self.days as u16
    }

    /// Wickets that end an innings (all out).
    pub fn all_out(&self) -> u8 {
        self.batsmen - 1
    }

    /// Checks every number against its allowed range, naming the range when one is off.
    pub fn validate(&self) -> Result<(), OutOfRange> {
        check("batsmen per side", self.batsmen, BATSMEN)?;
        check(
            "packs per session",
            self.packs_per_session,
            PACKS_PER_SESSION,
        )?;
        check("days per match", self.days, DAYS)
    }

    /// The day (1-based) and session (0 morning, 1 afternoon, 2 evening) of pack `pack`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a session of the day, below SESSIONS_PER_DAY: it fits a byte"
    )]
    pub fn day_and_session(&self, pack: u16) -> (u16, u8) {
        let session = (pack.max(1) - 1) / self.packs_per_session as u16;
        (
            session / SESSIONS_PER_DAY as u16 + 1,
            (session % SESSIONS_PER_DAY as u16) as u8,
        )
    }
}

/// A number outside the range allowed for it: an option, or a computer level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfRange {
    /// What the number is, e.g. "batsmen per side".
    pub what: &'static str,
    pub value: u8,
    pub range: std::ops::RangeInclusive<u8>,
    /// What the numbers mean, shown after the range (empty: nothing to add).
    pub meaning: &'static str,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} must be {} to {}",
            self.what,
            self.range.start(),
            self.range.end()
        )?;
        if !self.meaning.is_empty() {
            write!(f, " ({})", self.meaning)?;
        }
        write!(f, ", not {}", self.value)
    }
}

impl std::error::Error for OutOfRange {}

/// `v` if it lies in `range`, else an [`OutOfRange`] naming `what`.
pub fn check(
    what: &'static str,
    v: u8,
    range: std::ops::RangeInclusive<u8>,
) -> Result<(), OutOfRange> {
    if range.contains(&v) {
        Ok(())
    } else {
        Err(OutOfRange {
            what,
            value: v,
            range,
            meaning: "",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_give_27_packs() {
        let o = MatchOptions::default();
        assert_eq!(o.max_packs(), 27);
        assert_eq!(o.all_out(), 10);
        assert!(o.validate().is_ok());
    }

    #[test]
    fn sessions_follow_packs() {
        let o = MatchOptions::default();
        let got: Vec<_> = [1, 3, 4, 7, 9, 10, 21, 27]
            .iter()
            .map(|&p| o.day_and_session(p))
            .collect();
        assert_eq!(
            got,
            [
                (1, 0),
                (1, 0),
                (1, 1),
                (1, 2),
                (1, 2),
                (2, 0),
                (3, 0),
                (3, 2)
            ]
        );
    }

    #[test]
    fn out_of_range_options_are_named() {
        let o = MatchOptions {
            batsmen: 12,
            ..Default::default()
        };
        assert_eq!(
            o.validate().unwrap_err().to_string(),
            "batsmen per side must be 2 to 11, not 12"
        );
        let o = MatchOptions {
            packs_per_session: 0,
            ..Default::default()
        };
        assert!(o
            .validate()
            .unwrap_err()
            .to_string()
            .contains("packs per session"));
        let o = MatchOptions {
            days: 6,
            ..Default::default()
        };
        assert!(o
            .validate()
            .unwrap_err()
            .to_string()
            .contains("days per match"));
    }
}
