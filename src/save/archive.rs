//! The archive beside a save: `DIR/NAME.acx`, the records (tapes) of the matches of the
//! seasons closed, for reopening any match of the history ball by ball (`crate::history`).
//! It has the save's guarantees: an envelope ([`crate::store::envelope`], tag `ACCCARCH`,
//! versioned and checksummed) around the bytes of [`ArchiveV1`], written atomically
//! through [`crate::store::atomic`] by the program that holds the save's lock
//! ([`super::Keeper`]), before the save that names it (see [`super::v4`]).
//!
//! Seasons are added at their end: the file is written again whole with the new seasons after
//! the old (a hundred seasons are a few megabytes; it is written once a season in the terminal
//! program, at each save of `accc sim`). No backup is kept: each version holds all of the
//! one before, and a write replaces the file whole or not at all.

use std::path::{Path, PathBuf};

use crate::engine::tape::Tape;
use crate::league::kept::SeasonTapes;
use crate::store::envelope::{self, Kind};
use crate::store::{self, atomic};

/// The archive's extension.
pub const EXTENSION: &str = "acx";
/// The largest archive read: a hundred seasons are about 12 MB.
pub const MAX_BYTES: u64 = 64 << 20;
/// The archive's tag and the format this program writes.
pub const KIND: Kind = Kind {
    tag: b"ACCCARCH",
    version: 1,
    max_bytes: MAX_BYTES,
};

/// The archive's stored form, format 1, laid out by hand (a tape is bytes, copied whole),
/// all integers little-endian:
///
/// ```text
/// u64  the seed of the competition whose matches these are (an archive left by another
///      competition of the same name is not taken for this one's)
/// u16  seasons, then for each, oldest first:
///   u16  year
///   for the first class, then the second:
///     u8   matches, then for each in schedule order: u16 its tape's length + 1 (0: none,
///          the match is kept as its result only)
///     the tapes' bytes, one after another
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ArchiveV1 {
    pub seed: u64,
    pub seasons: Vec<SeasonTapes>,
}

impl ArchiveV1 {
    /// The payload's bytes.
    pub fn encode(seed: u64, seasons: &[&SeasonTapes]) -> Vec<u8> {
        let size: usize = seasons
            .iter()
            .flat_map(|s| s.classes.iter().flatten())
            .map(|t| 2 + t.as_ref().map_or(0, |t| t.bytes().len()))
            .sum();
        let mut out = Vec::with_capacity(16 + size + 8 * seasons.len());
        out.extend_from_slice(&seed.to_le_bytes());
        out.extend_from_slice(&(seasons.len() as u16).to_le_bytes());
        for s in seasons {
            out.extend_from_slice(&s.year.to_le_bytes());
            for class in &s.classes {
                out.push(class.len() as u8);
                for t in class {
                    let len = t.as_ref().map_or(0, |t| t.bytes().len() as u16 + 1);
                    out.extend_from_slice(&len.to_le_bytes());
                }
                for t in class.iter().flatten() {
                    out.extend_from_slice(t.bytes());
                }
            }
        }
        out
    }

    /// The seed of a payload, its seasons before `year`, and where they end in it (without
    /// reading their tapes), or `None` if the bytes are not an archive.
    fn before(bytes: &[u8], year: u16) -> Option<(u64, u16, usize)> {
        let mut r = Reader { bytes, at: 0 };
        let seed = u64::from_le_bytes(r.take(8)?.try_into().ok()?);
        let n = r.u16()?;
        let mut kept = 0;
        let mut end = r.at;
        for _ in 0..n {
            if r.u16()? >= year {
                break;
            }
            for _ in 0..2 {
                let count = r.take(1)?[0] as usize;
                let mut len = 0usize;
                for _ in 0..count {
                    len += r.u16()?.saturating_sub(1) as usize;
                }
                r.take(len)?;
            }
            kept += 1;
            end = r.at;
        }
        Some((seed, kept, end))
    }

    /// The archive in a payload's bytes, or `None` if they are not one.
    pub fn decode(bytes: &[u8]) -> Option<ArchiveV1> {
        let mut r = Reader { bytes, at: 0 };
        let seed = u64::from_le_bytes(r.take(8)?.try_into().ok()?);
        let n = r.u16()?;
        let mut seasons = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let year = r.u16()?;
            let mut s = SeasonTapes {
                year,
                ..SeasonTapes::default()
            };
            for class in &mut s.classes {
                let count = r.take(1)?[0] as usize;
                let lens: Vec<u16> = (0..count).map(|_| r.u16()).collect::<Option<_>>()?;
                for len in lens {
                    class.push(match len {
                        0 => None,
                        n => Some(Tape::from_bytes(r.take(n as usize - 1)?.to_vec())),
                    });
                }
            }
            if !s.fits() {
                return None;
            }
            seasons.push(s);
        }
        (r.at == bytes.len()).then_some(ArchiveV1 { seed, seasons })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }
}

/// The archive beside the save at `path`.
pub fn path_for(path: &Path) -> PathBuf {
    path.with_extension(EXTENSION)
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
    let a = ArchiveV1::decode(payload).ok_or(Problem::Undecodable)?;
    if a.seed != seed {
        return Err(Problem::OtherCompetition);
    }
    Ok(a.seasons)
}

/// An archive's bytes.
pub fn encode(seed: u64, seasons: &[&SeasonTapes]) -> Vec<u8> {
    envelope::wrap(KIND, &ArchiveV1::encode(seed, seasons))
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
    // The seasons before the new ones are copied as they are, not read tape by tape.
    let mut payload = Vec::new();
    let mut count = 0u16;
    if path.exists() {
        let old = store::read::read_regular(path, MAX_BYTES).ok();
        let kept = old.as_deref().and_then(|bytes| {
            let (_, p) = envelope::unwrap(KIND, bytes).ok()?;
            let (s, n, end) = ArchiveV1::before(p, first)?;
            (s == seed).then(|| (n, p[10..end].to_vec()))
        });
        match kept {
            Some((n, bytes)) => {
                count = n;
                payload = bytes;
            }
            None => aside = set_aside(path),
        }
    }
    let fresh = ArchiveV1::encode(seed, new);
    let mut all = Vec::with_capacity(fresh.len() + payload.len());
    all.extend_from_slice(&seed.to_le_bytes());
    all.extend_from_slice(&(count + new.len() as u16).to_le_bytes());
    all.extend_from_slice(&payload);
    all.extend_from_slice(&fresh[10..]);
    atomic::write(path, &envelope::wrap(KIND, &all), None)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn season(year: u16, n: u8) -> SeasonTapes {
        SeasonTapes {
            year,
            classes: [
                (0..n)
                    .map(|i| (i % 3 != 1).then(|| Tape::from_bytes(vec![i; i as usize + 1])))
                    .collect(),
                vec![Some(Tape::from_bytes(vec![year as u8; 300])), None],
            ],
        }
    }

    #[test]
    fn seasons_added_are_read_back_and_a_season_written_again_replaces_the_old() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("A.acx");
        let (a, b, c) = (season(1890, 56), season(1891, 3), season(1892, 0));
        append(&path, 7, &[&a]).unwrap();
        append(&path, 7, &[&b, &c]).unwrap();
        assert_eq!(
            read(&path, 7).unwrap(),
            vec![a.clone(), b.clone(), c.clone()]
        );
        // 1891 again (its save was lost to a crash, and the season played anew).
        let b2 = season(1891, 5);
        append(&path, 7, &[&b2]).unwrap();
        assert_eq!(read(&path, 7).unwrap(), vec![a.clone(), b2]);
        // Another competition's archive is not this one's.
        assert!(matches!(read(&path, 8), Err(Problem::OtherCompetition)));
        // Bytes that are not an archive are refused, not misread.
        assert!(ArchiveV1::decode(&[1, 2, 3]).is_none());
        let mut bytes = ArchiveV1::encode(7, &[&a]);
        bytes.push(0);
        assert!(ArchiveV1::decode(&bytes).is_none());
    }

    #[test]
    fn an_archive_of_another_competition_is_set_aside_not_added_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("A.acx");
        append(&path, 1, &[&season(1890, 4)]).unwrap();
        let theirs = std::fs::read(&path).unwrap();
        let aside = append(&path, 2, &[&season(1890, 2)]).unwrap().unwrap();
        assert_eq!(std::fs::read(aside).unwrap(), theirs);
        assert_eq!(read(&path, 2).unwrap(), vec![season(1890, 2)]);
    }
}
