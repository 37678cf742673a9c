//! Save format 3: format 2's file, unchanged, followed by the list of the matches the person
//! played (not watched, not left to the computer), so that the export can say which seeds
//! replay their matches and which only their chance events.
//!
//! [`upgrade_2`] turns a format-2 file into a format-3 one. Format 2 did not keep which
//! matches the person played, so the rung leaves the lists empty and reading then works out
//! what can be known: a match of the person's county whose seed replays it was the
//! computer's; one whose seed does not ([`crate::league::Competition::unreplayed_matches`])
//! was the person's or another build's computer's, and is kept as `unknown`.

use serde::{Deserialize, Serialize};

use super::v1::FileV1;
use super::v2::{FileV2, MatchV2};
use crate::league::PersonMatch;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct FileV3 {
    /// The competition, as format 1 stores it.
    pub competition: FileV1,
    /// The person's match in play, folded in when they left it.
    pub in_play: Option<MatchV2>,
    /// The last match the person played to its end.
    pub last_played: Option<MatchV2>,
    /// The matches the person played, in order of year.
    pub by_person: Vec<PersonMatchV3>,
    /// The matches of the person's county, from a file of format 2 or before, that may or may
    /// not be the person's (see the module's comment).
    pub unknown: Vec<PersonMatchV3>,
}

/// A match the person played: its year and its counties' ids, home first (an ordered pair
/// meets once a season).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersonMatchV3 {
    pub year: u16,
    pub home: u8,
    pub away: u8,
}

impl PersonMatchV3 {
    pub fn of((year, home, away): PersonMatch) -> PersonMatchV3 {
        PersonMatchV3 { year, home, away }
    }

    pub fn key(self) -> PersonMatch {
        (self.year, self.home, self.away)
    }
}

/// A format-2 file as format 3: its list of the person's matches is left to be worked out.
pub fn upgrade_2(v2: FileV2) -> FileV3 {
    FileV3 {
        competition: v2.competition,
        in_play: v2.in_play,
        last_played: v2.last_played,
        by_person: Vec::new(),
        unknown: Vec::new(),
    }
}
