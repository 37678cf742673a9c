//! Save format 4: format 3's file, unchanged, followed by the matches' records kept in the
//! save ([`KeptV4`]): each match's choices as its tape ([`crate::engine::tape`]), for the
//! seasons not yet in the archive beside the save ([`super::archive`]: the season under way,
//! and any closed since the archive was last written), and the last season the archive holds
//! for this save. The archive is always written before the save that names it, so a save
//! never names a season the archive lacks (a crash between the two leaves an archive a
//! season ahead of its save, which the next write puts right).
//!
//! [`upgrade_3`] turns a format-3 file into a format-4 one: no match of it has a record, so
//! every match played before it was upgraded is kept as its result only.

use serde::{Deserialize, Serialize};

use super::v3::FileV3;
use crate::engine::tape::Tape;
use crate::league::kept::SeasonTapes;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct FileV4 {
    /// Everything format 3 keeps.
    pub v3: FileV3,
    /// The matches' records kept in the save.
    pub kept: KeptV4,
}

/// The records the save keeps, and how far the archive beside it goes.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct KeptV4 {
    /// The last season the archive holds for this save (none: it holds none).
    pub archived_through: Option<u16>,
    /// The seasons after it that have records, oldest first.
    pub seasons: Vec<SeasonTapesV4>,
}

/// One season's records: each class's matches in schedule order, each its tape's bytes or
/// none (its result only).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SeasonTapesV4 {
    pub year: u16,
    pub first: Vec<Option<Vec<u8>>>,
    pub second: Vec<Option<Vec<u8>>>,
}

impl SeasonTapesV4 {
    pub fn of(s: &SeasonTapes) -> SeasonTapesV4 {
        let list = |c: &Vec<Option<Tape>>| {
            c.iter()
                .map(|t| t.as_ref().map(|t| t.bytes().to_vec()))
                .collect()
        };
        SeasonTapesV4 {
            year: s.year,
            first: list(&s.classes[0]),
            second: list(&s.classes[1]),
        }
    }

    pub fn tapes(self) -> SeasonTapes {
        let list =
            |c: Vec<Option<Vec<u8>>>| c.into_iter().map(|t| t.map(Tape::from_bytes)).collect();
        SeasonTapes {
            year: self.year,
            classes: [list(self.first), list(self.second)],
        }
    }
}

/// A format-3 file as format 4: no match has a record.
pub fn upgrade_3(v3: FileV3) -> FileV4 {
    FileV4 {
        v3,
        kept: KeptV4::default(),
    }
}
