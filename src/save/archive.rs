//! The archive beside a save: `DIR/NAME.acx`, the records (tapes) of the matches of the
//! seasons closed, for reopening any match of the history ball by ball (`crate::history`).
//! It has the save's guarantees: an envelope ([`crate::store::envelope`], tag `ACCCARCH`,
//! versioned and checksummed) around postcard bytes ([`ArchiveV1`]), written atomically
//! through [`crate::store::atomic`] by the program that holds the save's lock
//! ([`super::Keeper`]), before the save that names it (see [`super::v4`]).
//!
//! Seasons are added at their end: the file is written again whole with the new seasons after
//! the old (a hundred seasons are a few megabytes; it is written once a season in the terminal
//! program, at each save of `accc sim`). No backup is kept: each version holds all of the
//! one before, and a write replaces the file whole or not at all.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::v4::SeasonTapesV4;
use crate::league::kept::SeasonTapes;
use crate::store::envelope::{self, Kind};
use crate::store::{self, atomic};

/// The archive's extension.
pub const EXTENSION: &str = "acx";
/// The largest archive read: a hundred seasons are about 8 MB.
pub const MAX_BYTES: u64 = 64 << 20;
/// The archive's tag and the format this program writes.
pub const KIND: Kind = Kind {
    tag: b"ACCCARCH",
    version: 1,
    max_bytes: MAX_BYTES,
};

/// The archive's stored form.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ArchiveV1 {
    /// The seed of the competition whose matches these are (an archive left by another
    /// competition of the same name is not taken for this one's).
    pub seed: u64,
    /// The seasons, oldest first.
    pub seasons: Vec<SeasonTapesV1>,
}

/// A season's records, as the save keeps them.
pub type SeasonTapesV1 = SeasonTapesV4;

/// The archive beside the save at `save`.
pub fn path_for(save: &Path) -> PathBuf {
    save.with_extension(EXTENSION)
}

/// Why an archive cannot be used.
#[derive(Debug)]
pub enum Problem {
    /// It could not be read (missing, not a regular file, too big, ...).
    File(store::Error),
    /// Its envelope is wrong.
    Envelope(envelope::Problem),
    /// Its checksum holds but its contents are not an archive.
    Undecodable,
    /// It is another competition's.
    OtherCompetition,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::File(e) => e.fmt(f),
            Problem::Envelope(envelope::Problem::Foreign) => {
                f.write_str("is not an ACCC archive (it lacks the ACCCARCH tag)")
            }
            Problem::Envelope(p) => p.fmt(f),
            Problem::Undecodable => f.write_str(
                "is corrupt: its contents cannot be read as an archive, though its checksum holds",
            ),
            Problem::OtherCompetition => {
                f.write_str("belongs to another competition (its seed is not this one's)")
            }
        }
    }
}

impl std::error::Error for Problem {}

/// The seasons of the archive at `path`, checked to be the competition's with `seed`.
pub fn read(path: &Path, seed: u64) -> Result<Vec<SeasonTapes>, Problem> {
    let bytes = store::read::read_regular(path, MAX_BYTES).map_err(Problem::File)?;
    decode(&bytes, seed)
}

/// The seasons of an archive's bytes.
pub fn decode(bytes: &[u8], seed: u64) -> Result<Vec<SeasonTapes>, Problem> {
    let (_, payload) = envelope::unwrap(KIND, bytes).map_err(Problem::Envelope)?;
    let a: ArchiveV1 = postcard::from_bytes(payload).map_err(|_| Problem::Undecodable)?;
    if a.seed != seed {
        return Err(Problem::OtherCompetition);
    }
    Ok(a.seasons.into_iter().map(SeasonTapesV4::tapes).collect())
}

/// An archive's bytes.
pub fn encode(seed: u64, seasons: &[SeasonTapesV1]) -> Vec<u8> {
    let a = ArchiveV1 {
        seed,
        seasons: seasons.to_vec(),
    };
    envelope::wrap(
        KIND,
        &postcard::to_stdvec(&a).expect("archive types serialise"),
    )
}

/// Adds `new` (seasons, oldest first) to the archive at `path` for the competition with
/// `seed`, atomically: the seasons it holds from the first of `new` on (left by a write
/// whose save was then lost) are replaced. An archive that cannot be used is moved aside as
/// `NAME.acx.bad` (or `.bad.2`, ...) first, and the new one holds `new` alone. Returns where
/// an unusable archive went, if one did.
pub fn append(
    path: &Path,
    seed: u64,
    new: &[&SeasonTapes],
) -> Result<Option<PathBuf>, store::Error> {
    let Some(first) = new.first().map(|s| s.year) else {
        return Ok(None);
    };
    let mut aside = None;
    let mut seasons: Vec<SeasonTapesV1> = Vec::new();
    if path.exists() {
        let old = store::read::read_regular(path, MAX_BYTES)
            .ok()
            .and_then(|bytes| {
                let (_, payload) = envelope::unwrap(KIND, &bytes).ok()?;
                let a: ArchiveV1 = postcard::from_bytes(payload).ok()?;
                (a.seed == seed).then_some(a)
            });
        match old {
            Some(a) => seasons = a.seasons.into_iter().filter(|s| s.year < first).collect(),
            None => aside = set_aside(path),
        }
    }
    seasons.extend(new.iter().map(|s| SeasonTapesV4::of(s)));
    atomic::write(path, &encode(seed, &seasons), None)?;
    Ok(aside)
}

/// Moves an unusable archive aside under the first free name `NAME.acx.bad`, `.bad.2`, ...
fn set_aside(path: &Path) -> Option<PathBuf> {
    let to = (1..100)
        .map(|n| match n {
            1 => path.with_extension(format!("{EXTENSION}.bad")),
            n => path.with_extension(format!("{EXTENSION}.bad.{n}")),
        })
        .find(|p| !p.exists())?;
    std::fs::rename(path, &to).ok()?;
    Some(to)
}
