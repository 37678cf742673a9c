//! The archive beside a save: `DIR/NAME.acx`, the records (tapes) of the matches of the
//! seasons closed, for reopening any match of the history ball by ball (`crate::history`).
//! Written only by the program that holds the save's lock ([`super::Keeper`]), always before
//! the save that names it (see [`super::v4`]), and read no further than that save names.
//!
//! Format 2, written now, is a run of envelopes ([`crate::store::envelope`], tag `ACCCARCH`,
//! version 2), one a season, each checksummed on its own. A season is added at its end by
//! appending its envelope and flushing the file: the seasons before it are neither read back
//! into memory nor written again, so a checkpoint of `accc sim` costs the new seasons alone.
//! A crash mid-append leaves a torn last envelope, of a season no save names yet: readers
//! stop before it, and the next append cuts it off (as it cuts off any season a lost save
//! left ahead). Damage anywhere else is reported, and an archive that cannot be used is moved
//! aside as `NAME.acx.bad` before a new one is written, never written over.
//!
//! Format 1 (one envelope holding every season, rewritten whole at each checkpoint) is read
//! as ever; the first append to one writes it again, atomically, as format 2.

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::engine::tape::Tape;
use crate::league::kept::SeasonTapes;
use crate::store::envelope::{self, Kind, HEADER_LEN};
use crate::store::{self, atomic, Doing};

/// The archive's extension.
pub const EXTENSION: &str = "acx";
/// The largest archive read: a hundred seasons are about 12 MB.
pub const MAX_BYTES: u64 = 64 << 20;
/// The archive's tag and the format this program writes (each season's envelope).
pub const KIND: Kind = Kind {
    tag: b"ACCCARCH",
    version: 2,
    max_bytes: MAX_BYTES,
};
/// Format 1's one envelope round every season, read (and written again as format 2 by the
/// first append).
const KIND_V1: Kind = Kind { version: 1, ..KIND };

/// One season's stored form (the payload of each envelope of format 2), laid out by hand (a
/// tape is bytes, copied whole), all integers little-endian:
///
/// ```text
/// u64  the seed of the competition whose matches these are (an archive left by another
///      competition of the same name is not taken for this one's)
/// u16  year
/// for the first class, then the second:
///   u8   matches, then for each in schedule order: u16 its tape's length + 1 (0: none,
///        the match is kept as its result only)
///   the tapes' bytes, one after another
/// ```
///
/// Format 1's payload is the seed, a u16 count of seasons, then each season as above from
/// its year on.
#[expect(
    clippy::cast_possible_truncation,
    reason = "format 1 gives a class's season (56 matches) a byte and a tape (a few hundred bytes) a u16"
)]
fn encode_season(out: &mut Vec<u8>, s: &SeasonTapes) {
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

/// A season read from `r` (from its year on), or `None` if the bytes are not one.
fn decode_season(r: &mut Reader<'_>) -> Option<SeasonTapes> {
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
    s.fits().then_some(s)
}

/// The envelope of one season of format 2.
pub fn encode_chunk(seed: u64, s: &SeasonTapes) -> Vec<u8> {
    let size: usize = s
        .classes
        .iter()
        .flatten()
        .map(|t| 2 + t.as_ref().map_or(0, |t| t.bytes().len()))
        .sum();
    let mut payload = Vec::with_capacity(16 + size);
    payload.extend_from_slice(&seed.to_le_bytes());
    encode_season(&mut payload, s);
    envelope::wrap(KIND, &payload)
}

/// An archive's bytes, in format 2.
pub fn encode(seed: u64, seasons: &[&SeasonTapes]) -> Vec<u8> {
    seasons.iter().flat_map(|s| encode_chunk(seed, s)).collect()
}

/// Format 1's payload (for tests of the files earlier builds left).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of seasons, at most MAX_SEASONS (100): it fits a u16"
)]
pub fn encode_v1_payload(seed: u64, seasons: &[&SeasonTapes]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&seed.to_le_bytes());
    out.extend_from_slice(&(seasons.len() as u16).to_le_bytes());
    for s in seasons {
        encode_season(&mut out, s);
    }
    out
}

/// The seasons of format 1's payload, or `None` if the bytes are not one.
fn decode_v1(bytes: &[u8]) -> Option<(u64, Vec<SeasonTapes>)> {
    let mut r = Reader { bytes, at: 0 };
    let seed = r.u64()?;
    let n = r.u16()?;
    let seasons = (0..n)
        .map(|_| decode_season(&mut r))
        .collect::<Option<Vec<_>>>()?;
    (r.at == bytes.len()).then_some((seed, seasons))
}

/// A season's envelope payload of format 2: its competition's seed and the season.
fn decode_chunk(payload: &[u8]) -> Option<(u64, SeasonTapes)> {
    let mut r = Reader {
        bytes: payload,
        at: 0,
    };
    let seed = r.u64()?;
    let s = decode_season(&mut r)?;
    (r.at == payload.len()).then_some((seed, s))
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

    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
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
    /// An envelope is wrong.
    Envelope(envelope::Problem),
    /// The envelope after the season `after` (the last that reads) is wrong: the message
    /// says where the damage is.
    After {
        after: u16,
        problem: envelope::Problem,
    },
    /// The envelope of the season `year`, read alone, is wrong.
    InSeason {
        year: u16,
        problem: envelope::Problem,
    },
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
            Problem::After { after, problem } => {
                write!(
                    f,
                    "is damaged after its season {after}: the next season's part "
                )?;
                problem.fmt(f)
            }
            Problem::InSeason { year, problem } => {
                write!(f, "is damaged in its season {year}: that season's part ")?;
                problem.fmt(f)
            }
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

/// One envelope of a format-2 archive, walked in order.
enum Chunk {
    /// A season of the competition, and where its envelope lies in the file.
    Season(SeasonTapes, Range<usize>),
    /// An envelope that cannot be used, starting at this offset.
    Bad { at: usize, problem: Problem },
}

/// The envelopes of a format-2 archive's bytes, in order, up to and including the first bad.
fn chunks(bytes: &[u8], seed: u64) -> impl Iterator<Item = Chunk> + '_ {
    let mut at = 0usize;
    let mut done = false;
    // The last season read, which names where a later envelope's damage lies.
    let mut last = None;
    std::iter::from_fn(move || {
        if done || at >= bytes.len() {
            return None;
        }
        let rest = &bytes[at..];
        let declared = rest
            .get(12..16)
            .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")) as usize);
        let end = declared.and_then(|n| at.checked_add(HEADER_LEN + n));
        let bad = |problem| Chunk::Bad { at, problem };
        let envelope_bad = |problem| {
            bad(match last {
                Some(after) => Problem::After { after, problem },
                None => Problem::Envelope(problem),
            })
        };
        let chunk = match end {
            Some(end) if end <= bytes.len() => match envelope::unwrap(KIND, &bytes[at..end]) {
                Ok((_, payload)) => match decode_chunk(payload) {
                    Some((s, _)) if s != seed => bad(Problem::OtherCompetition),
                    Some((_, season)) => Chunk::Season(season, at..end),
                    None => bad(Problem::Undecodable),
                },
                Err(p) => envelope_bad(p),
            },
            // It runs past the end of the file: cut short.
            _ => envelope_bad(envelope::Problem::Truncated {
                have: rest.len(),
                want: declared.map_or(HEADER_LEN, |n| HEADER_LEN + n),
            }),
        };
        match &chunk {
            Chunk::Season(s, r) => {
                at = r.end;
                last = Some(s.year);
            }
            Chunk::Bad { .. } => done = true,
        }
        Some(chunk)
    })
}

/// Whether `bytes` are a format-1 archive (one envelope of version 1).
fn is_v1(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER_LEN
        && &bytes[..8] == KIND.tag
        && u16::from_le_bytes([bytes[8], bytes[9]]) == 1
}

/// The seasons of the archive at `path` for the competition with `seed`, through `through`
/// (the last season the save names): an archive that lacks one of those, or is damaged
/// before their end, is refused with what is wrong; what follows them is not read.
pub fn read(path: &Path, seed: u64, through: u16) -> Result<Vec<SeasonTapes>, Problem> {
    let bytes = store::read::read_regular(path, MAX_BYTES).map_err(Problem::File)?;
    decode(&bytes, seed, through)
}

/// The season `year` of the archive at `path` (see [`read`]), if the archive holds it among
/// the seasons through `through`. Only the envelopes' headers are read on the way to it, and
/// only its own envelope is read whole and checked, so a match is opened without reading a
/// century. Where the way is not plain (an archive of format 1, a header that does not lead
/// to the season), the whole archive is read as [`read`] reads it, so that what is wrong is
/// told as it would be.
pub fn read_season(
    path: &Path,
    seed: u64,
    through: u16,
    year: u16,
) -> Result<Option<SeasonTapes>, Problem> {
    let whole = || read(path, seed, through).map(|all| all.into_iter().find(|s| s.year == year));
    let (mut file, len) = store::read::open_regular(path).map_err(Problem::File)?;
    if len > MAX_BYTES {
        return whole();
    }
    let io = |e| Problem::File(store::Error::io(path, Doing::Reading, e));
    // An envelope's header, and its payload's seed and year.
    let mut head = [0u8; HEADER_LEN + 10];
    let mut at = 0u64;
    while at + head.len() as u64 <= len {
        file.seek(SeekFrom::Start(at)).map_err(io)?;
        file.read_exact(&mut head).map_err(io)?;
        if head[..8] != KIND.tag[..] || u16::from_le_bytes([head[8], head[9]]) != KIND.version {
            break;
        }
        let payload = u64::from(u32::from_le_bytes([head[12], head[13], head[14], head[15]]));
        let end = at + HEADER_LEN as u64 + payload;
        let this = u16::from_le_bytes([head[HEADER_LEN + 8], head[HEADER_LEN + 9]]);
        if this == year && end <= len {
            let mut bytes = vec![0u8; usize::try_from(end - at).map_err(|_| Problem::Undecodable)?];
            file.seek(SeekFrom::Start(at)).map_err(io)?;
            file.read_exact(&mut bytes).map_err(io)?;
            let (_, payload) = envelope::unwrap(KIND, &bytes)
                .map_err(|problem| Problem::InSeason { year, problem })?;
            return match decode_chunk(payload) {
                Some((s, _)) if s != seed => Err(Problem::OtherCompetition),
                Some((_, season)) if season.year == year => Ok(Some(season)),
                _ => Err(Problem::Undecodable),
            };
        }
        if this >= year || this >= through {
            break;
        }
        at = end;
    }
    whole()
}

/// The seasons of an archive's bytes through `through` (see [`read`]).
pub fn decode(bytes: &[u8], seed: u64, through: u16) -> Result<Vec<SeasonTapes>, Problem> {
    if is_v1(bytes) {
        let (_, payload) = envelope::unwrap(KIND_V1, bytes).map_err(Problem::Envelope)?;
        let (s, seasons) = decode_v1(payload).ok_or(Problem::Undecodable)?;
        if s != seed {
            return Err(Problem::OtherCompetition);
        }
        return Ok(seasons);
    }
    if bytes.is_empty() {
        return Err(Problem::Envelope(envelope::Problem::Empty));
    }
    let mut seasons: Vec<SeasonTapes> = Vec::new();
    for chunk in chunks(bytes, seed) {
        match chunk {
            Chunk::Season(s, _) => {
                let done = s.year >= through;
                seasons.push(s);
                if done {
                    break;
                }
            }
            Chunk::Bad { problem, .. } => return Err(problem),
        }
    }
    Ok(seasons)
}

/// Where an append of this program left an archive: holding the seasons through `through`,
/// and ending at byte `len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub through: u16,
    pub len: u64,
}

/// Adds `new` (seasons, oldest first) to the archive at `path` for the competition with
/// `seed`, whose save names the seasons through `through`: what the archive holds from the
/// first of `new` on, or after `through` from a damaged season on (left by a write whose
/// save was then lost, or cut short by a crash), is cut off, and `new` appended and flushed.
/// The seasons before are checked (every envelope's checksum), not written again. An
/// archive that cannot be used (damaged among the seasons the save names, another
/// competition's, not an archive) is moved aside as `NAME.acx.bad` (or `.bad.2`, ...)
/// first, and a new one holds `new` alone; one of format 1 is written again as format 2,
/// atomically. Returns where an unusable archive went, if one did.
pub fn append(
    path: &Path,
    seed: u64,
    through: Option<u16>,
    new: &[&SeasonTapes],
) -> Result<Option<PathBuf>, store::Error> {
    append_marked(path, seed, through, new, None).map(|(aside, _)| aside)
}

/// [`append`], told where this program's last append left the archive (`mark`): when the
/// save still names the seasons it then held and the file still ends where it was left,
/// those seasons were checked then and the new are added after them without reading them
/// again (a long simulation appends a season at a time, and reading the whole archive each
/// time would cost time and memory that grow with it). Returns the mark it leaves, or none
/// for nothing written.
pub fn append_marked(
    path: &Path,
    seed: u64,
    through: Option<u16>,
    new: &[&SeasonTapes],
    mark: Option<Mark>,
) -> Result<(Option<PathBuf>, Option<Mark>), store::Error> {
    let Some(first) = new.first().map(|s| s.year) else {
        return Ok((None, mark));
    };
    let last = new.last().map_or(first, |s| s.year);
    let fresh = encode(seed, new);
    let left = |len: u64| Some(Mark { through: last, len });
    let still = mark.filter(|m| {
        through == Some(m.through)
            && first > m.through
            && std::fs::symlink_metadata(path).is_ok_and(|md| md.is_file() && md.len() == m.len)
    });
    if let Some(m) = still {
        append_at(path, m.len, &fresh)?;
        return Ok((None, left(m.len + fresh.len() as u64)));
    }
    let old = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        _ => Some(store::read::read_regular(path, MAX_BYTES)),
    };
    let keep = match &old {
        None => {
            atomic::write(path, &fresh, None)?;
            return Ok((None, left(fresh.len() as u64)));
        }
        Some(Ok(bytes)) => kept_end(bytes, seed, first, through),
        Some(Err(_)) => Keep::Unusable,
    };
    drop(old);
    match keep {
        Keep::Upto(end) => {
            append_at(path, end as u64, &fresh)?;
            Ok((None, left((end + fresh.len()) as u64)))
        }
        Keep::Rewrite(before) => {
            let mut all = encode(seed, &before.iter().collect::<Vec<_>>());
            all.extend_from_slice(&fresh);
            atomic::write(path, &all, None)?;
            Ok((None, left(all.len() as u64)))
        }
        Keep::Unusable => {
            let aside = set_aside(path);
            atomic::write(path, &fresh, None)?;
            Ok((aside, left(fresh.len() as u64)))
        }
    }
}

/// What an append keeps of the archive there.
enum Keep {
    /// Its bytes up to here (format 2).
    Upto(usize),
    /// These seasons, written again (format 1).
    Rewrite(Vec<SeasonTapes>),
    /// Nothing: it is set aside.
    Unusable,
}

/// How much of an archive's `bytes` an append of seasons from `first` on keeps, for a save
/// that names the seasons through `through`.
fn kept_end(bytes: &[u8], seed: u64, first: u16, through: Option<u16>) -> Keep {
    if is_v1(bytes) {
        return match envelope::unwrap(KIND_V1, bytes)
            .ok()
            .and_then(|(_, p)| decode_v1(p))
        {
            Some((s, seasons)) if s == seed => {
                Keep::Rewrite(seasons.into_iter().filter(|s| s.year < first).collect())
            }
            _ => Keep::Unusable,
        };
    }
    let mut end = 0;
    let mut last = None;
    for chunk in chunks(bytes, seed) {
        match chunk {
            Chunk::Season(s, r) if s.year >= first => return Keep::Upto(r.start),
            Chunk::Season(s, r) => {
                end = r.end;
                last = Some(s.year);
            }
            // Past every season the save names: an append cut short, or a season no save
            // names; cut off.
            Chunk::Bad { at, .. } if at > 0 && last >= through => return Keep::Upto(at),
            Chunk::Bad { .. } => return Keep::Unusable,
        }
    }
    if end == 0 {
        // Empty: nothing of this competition's.
        return Keep::Unusable;
    }
    Keep::Upto(end)
}

/// Cuts the archive at `path` to `len` bytes and appends `bytes`, flushed to the disk.
fn append_at(path: &Path, len: u64, bytes: &[u8]) -> Result<(), store::Error> {
    let io = |e| store::Error::io(path, Doing::Appending, e);
    let mut f = OpenOptions::new().write(true).open(path).map_err(io)?;
    f.set_len(len).map_err(io)?;
    f.seek(SeekFrom::Start(len)).map_err(io)?;
    f.write_all(bytes).map_err(io)?;
    f.sync_all().map_err(io)
}

/// Moves an unusable archive aside under the first free name `NAME.acx.bad`, `.bad.2`, ...
fn set_aside(path: &Path) -> Option<PathBuf> {
    let to = (1..100)
        .map(|n| match n {
            1 => path.with_extension(format!("{EXTENSION}.bad")),
            n => path.with_extension(format!("{EXTENSION}.bad.{n}")),
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())?;
    std::fs::rename(path, &to).ok()?;
    Some(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
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
        append(&path, 7, None, &[&a]).unwrap();
        let one = std::fs::read(&path).unwrap();
        append(&path, 7, Some(1890), &[&b, &c]).unwrap();
        // Appended: the first season's bytes are as they were.
        assert!(std::fs::read(&path).unwrap().starts_with(&one));
        assert_eq!(
            read(&path, 7, 1892).unwrap(),
            vec![a.clone(), b.clone(), c.clone()]
        );
        // Read no further than asked.
        assert_eq!(read(&path, 7, 1890).unwrap(), vec![a.clone()]);
        // 1891 again (its save was lost to a crash, and the season played anew).
        let b2 = season(1891, 5);
        append(&path, 7, Some(1890), &[&b2]).unwrap();
        assert_eq!(read(&path, 7, 1891).unwrap(), vec![a.clone(), b2]);
        assert_eq!(
            std::fs::read(&path).unwrap().len(),
            encode(7, &[&a, &season(1891, 5)]).len()
        );
        // Another competition's archive is not this one's.
        assert!(matches!(
            read(&path, 8, 1891),
            Err(Problem::OtherCompetition)
        ));
        // Bytes that are not an archive are refused, not misread.
        assert!(decode(&[1, 2, 3], 7, 1890).is_err());
        let mut bytes = encode(7, &[&a]);
        bytes.push(0);
        assert!(decode(&bytes, 7, 1891).is_err());
    }

    /// An append told where this program left the archive adds after it without reading
    /// the seasons before again (here, damage planted among them is not seen); once the file
    /// no longer ends where the mark says, the whole archive is checked as by [`append`].
    #[test]
    fn an_append_from_its_mark_reads_nothing_before_it_unless_the_file_has_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("K.acx");
        let (a, b, c) = (season(1890, 6), season(1891, 3), season(1892, 4));
        let (_, m1) = append_marked(&path, 7, None, &[&a], None).unwrap();
        let m1 = m1.unwrap();
        assert_eq!((m1.through, m1.len), (1890, encode(7, &[&a]).len() as u64));
        // A byte of 1890's tapes changed behind the program's back, the length kept.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[30] ^= 0x55;
        std::fs::write(&path, &bytes).unwrap();
        let (aside, m2) = append_marked(&path, 7, Some(1890), &[&b], Some(m1)).unwrap();
        let m2 = m2.unwrap();
        assert_eq!(aside, None, "nothing before the mark was read");
        assert_eq!(m2.through, 1891);
        assert_eq!(m2.len, std::fs::metadata(&path).unwrap().len());
        assert!(std::fs::read(&path).unwrap().starts_with(&bytes));
        // A mark the file no longer agrees with (cut short): the archive is read whole, and
        // the damage among the seasons the save names sets it aside.
        let f = OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(m2.len - 1).unwrap();
        drop(f);
        let (aside, m3) = append_marked(&path, 7, Some(1891), &[&c], Some(m2)).unwrap();
        assert!(aside.is_some(), "the damaged archive was set aside");
        assert_eq!(std::fs::read(&path).unwrap(), encode(7, &[&c]));
        assert_eq!(m3.unwrap().len, encode(7, &[&c]).len() as u64);
        // Without a mark, the first append of a program checks everything.
        let path = dir.path().join("L.acx");
        append(&path, 7, None, &[&a]).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[30] ^= 0x55;
        std::fs::write(&path, &bytes).unwrap();
        assert!(append(&path, 7, Some(1890), &[&b]).unwrap().is_some());
    }

    #[test]
    fn an_append_cut_short_is_not_read_and_is_cut_off_by_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("T.acx");
        let (a, b) = (season(1890, 56), season(1891, 56));
        append(&path, 7, None, &[&a]).unwrap();
        let whole = encode(7, &[&a, &b]);
        let a_len = encode(7, &[&a]).len();
        for cut in [a_len + 3, a_len + HEADER_LEN + 10, whole.len() - 1] {
            std::fs::write(&path, &whole[..cut]).unwrap();
            // The save names 1890 only (the crash came before the save naming 1891).
            assert_eq!(read(&path, 7, 1890).unwrap(), vec![a.clone()], "{cut}");
            // A save that named 1891 would find it damaged, and be told so.
            assert!(read(&path, 7, 1891).is_err());
            append(&path, 7, Some(1890), &[&b]).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), whole, "{cut}");
        }
        // A season whose length holds but whose bytes were never written (zeros): cut off.
        let mut zeroed = whole.clone();
        zeroed[a_len + HEADER_LEN..].fill(0);
        std::fs::write(&path, &zeroed).unwrap();
        assert_eq!(read(&path, 7, 1890).unwrap(), vec![a.clone()]);
        append(&path, 7, Some(1890), &[&b]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), whole);
    }

    #[test]
    fn one_season_is_read_alone_and_checked_and_the_rest_told_as_a_whole_read_tells_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("S.acx");
        let seasons = [season(1890, 56), season(1891, 3), season(1892, 0)];
        append(&path, 7, None, &[&seasons[0], &seasons[1], &seasons[2]]).unwrap();
        for s in &seasons {
            assert_eq!(
                read_season(&path, 7, 1892, s.year).unwrap().as_ref(),
                Some(s)
            );
        }
        // Not held, or past the seasons the save names.
        assert_eq!(read_season(&path, 7, 1892, 1893).unwrap(), None);
        assert_eq!(read_season(&path, 7, 1891, 1892).unwrap(), None);
        assert!(matches!(
            read_season(&path, 8, 1892, 1891),
            Err(Problem::OtherCompetition)
        ));
        // Damage in one season's envelope is told for it, and stops no other.
        let good = std::fs::read(&path).unwrap();
        let second = encode(7, &[&seasons[0]]).len();
        let mut bad = good.clone();
        bad[second + HEADER_LEN + 12] ^= 0x40;
        std::fs::write(&path, &bad).unwrap();
        let e = read_season(&path, 7, 1892, 1891).unwrap_err().to_string();
        assert!(
            e.contains("in its season 1891: that season's part is corrupt: its checksum"),
            "{e}"
        );
        // Read whole, the damage is placed after the last season that reads; the file cut
        // short in its last season says whose bytes are missing.
        let e = read(&path, 7, 1892).unwrap_err().to_string();
        assert!(
            e.contains("after its season 1890: the next season's part is corrupt"),
            "{e}"
        );
        std::fs::write(&path, &good[..good.len() - 3]).unwrap();
        let e = read(&path, 7, 1892).unwrap_err().to_string();
        assert!(
            e.starts_with("is damaged after its season 1891: the next season's part is cut short"),
            "{e}"
        );
        std::fs::write(&path, &bad).unwrap();
        assert_eq!(
            read_season(&path, 7, 1892, 1890).unwrap().as_ref(),
            Some(&seasons[0])
        );
        assert_eq!(
            read_season(&path, 7, 1892, 1892).unwrap().as_ref(),
            Some(&seasons[2])
        );
        // A header that does not lead on (its length damaged): the whole read tells what is
        // wrong, as it would have.
        let mut bad = good.clone();
        bad[12] ^= 0x01;
        std::fs::write(&path, &bad).unwrap();
        assert_eq!(
            read_season(&path, 7, 1892, 1892).unwrap_err().to_string(),
            read(&path, 7, 1892).unwrap_err().to_string()
        );
        // Format 1: read whole.
        std::fs::write(
            &path,
            envelope::wrap(KIND_V1, &encode_v1_payload(7, &[&seasons[0], &seasons[1]])),
        )
        .unwrap();
        assert_eq!(
            read_season(&path, 7, 1891, 1891).unwrap().as_ref(),
            Some(&seasons[1])
        );
    }

    #[test]
    fn damage_before_the_last_season_is_told_and_the_archive_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("D.acx");
        let (a, b, c) = (season(1890, 56), season(1891, 56), season(1892, 1));
        append(&path, 7, None, &[&a, &b]).unwrap();
        let good = std::fs::read(&path).unwrap();
        // Damage in the first season, and in the last one the save names (the file's last
        // envelope, which a torn append would also be): each told, and set aside.
        for at in [HEADER_LEN + 40, good.len() - 5] {
            let mut bad = good.clone();
            bad[at] ^= 0x40;
            std::fs::write(&path, &bad).unwrap();
            let e = read(&path, 7, 1891).unwrap_err().to_string();
            assert!(e.contains("checksum"), "{e}");
            let aside = append(&path, 7, Some(1891), &[&c]).unwrap().unwrap();
            assert_eq!(std::fs::read(&aside).unwrap(), bad);
            assert_eq!(read(&path, 7, 1892).unwrap(), vec![c.clone()]);
            std::fs::remove_file(aside).unwrap();
        }
    }

    #[test]
    fn a_format_1_archive_is_read_and_written_again_as_format_2() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("O.acx");
        let (a, b, c) = (season(1890, 56), season(1891, 4), season(1892, 9));
        std::fs::write(
            &path,
            envelope::wrap(KIND_V1, &encode_v1_payload(7, &[&a, &b])),
        )
        .unwrap();
        assert_eq!(read(&path, 7, 1891).unwrap(), vec![a.clone(), b.clone()]);
        assert!(matches!(
            read(&path, 8, 1891),
            Err(Problem::OtherCompetition)
        ));
        // 1891 played again after a lost save, then 1892.
        append(&path, 7, Some(1890), &[&b, &c]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), encode(7, &[&a, &b, &c]));
    }

    #[test]
    fn an_archive_of_another_competition_is_set_aside_not_added_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("A.acx");
        append(&path, 1, None, &[&season(1890, 4)]).unwrap();
        let theirs = std::fs::read(&path).unwrap();
        let aside = append(&path, 2, None, &[&season(1890, 2)])
            .unwrap()
            .unwrap();
        assert_eq!(std::fs::read(aside).unwrap(), theirs);
        assert_eq!(read(&path, 2, 1890).unwrap(), vec![season(1890, 2)]);
    }
}
