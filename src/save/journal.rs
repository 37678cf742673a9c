//! The journal of a match in play: `NAME.jnl` beside the save, the person's actions appended
//! one by one as they are made, each flushed to disk before the program goes on, so that a
//! crash, a `kill -9` or a power cut loses at most the action being made. Rewriting the whole
//! save at every ball would cost its full size (about 520 KB for a 100-season file) a ball;
//! an action costs a few bytes here. The journal is folded into the save ([`super::v2`]) when
//! the person leaves the match or it ends, and then removed.
//!
//! ```text
//! 0   "ACCCJRNL"   tag
//! 8   u16 LE       journal format (1)
//! 10  frames: u32 LE length, u32 LE CRC-32 of the bytes, the bytes (postcard)
//!     the first frame is the header (the match and `base`), each other one an action
//! ```
//!
//! `base` is how many of the match's actions the save held when the journal was begun: the
//! journal holds the actions from there on, so that save and journal together always hold
//! every action, whichever was written last.
//!
//! A frame that is cut short or fails its checksum ends the journal; what comes before it
//! stands. When it is the last thing in the file and no longer than an action can be, it is
//! the write a crash interrupted ([`Journal::torn`]), and is left out quietly. Anything else
//! (a bad frame with more after it, or a length no action has) is damage before the end
//! ([`Journal::damage`]): the actions after it cannot be replayed without the ones lost, so
//! the match resumes before it, but the reader says so and keeps the damaged journal.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::record::{MatchRecord, Op};
use super::v2::{MatchV2, OpV2, RecordProblem};
use crate::store::crc32::crc32;

/// The journal's tag.
pub const TAG: &[u8; 8] = b"ACCCJRNL";
/// The journal format this program reads and writes.
pub const VERSION: u16 = 1;
/// The journal's extension.
pub const EXTENSION: &str = "jnl";
/// Bytes a frame adds to its contents: its length and checksum.
pub const FRAME: usize = 8;
/// The largest journal read: a match is some thousands of actions of a few bytes each.
pub const MAX_BYTES: u64 = 4 << 20;
/// The most bytes an action's frame holds (4 today: a computer's change of two cards), with
/// room to spare. A torn last frame is never longer than a frame of this.
pub const MAX_ACTION: usize = 8;

/// The journal kept beside the save at `save`: `NAME.jnl`.
pub fn path_for(save: &Path) -> PathBuf {
    save.with_extension(EXTENSION)
}

/// The journal's first frame: which match, and where in it the journal starts.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct HeaderV1 {
    /// The match, its actions left out.
    game: MatchV2,
    base: u32,
}

/// A journal as read: the match with the actions it holds, and `base`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journal {
    /// The match; its `ops` are the journal's, which follow the save's first `base`.
    pub game: MatchRecord,
    pub base: usize,
    /// Bytes at the end that were not a whole frame (a write cut short), left out.
    pub torn: usize,
    /// Where the journal is damaged before its end, if it is: the actions from there on are
    /// left out.
    pub damage: Option<Damage>,
}

/// Damage to a journal before its end: not a write a crash cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Where the first frame that cannot be read begins, in bytes from the file's start.
    pub at: usize,
    /// The bytes from there to the end, left out.
    pub left_out: usize,
}

/// Why a journal cannot be read.
#[derive(Debug)]
pub enum JournalProblem {
    /// It is not a journal of this program's, or of a newer one.
    Foreign,
    Newer(u16),
    /// Its header frame is missing or damaged.
    NoHeader,
    /// A frame's bytes are not an action or a header.
    Undecodable(postcard::Error),
    Record(RecordProblem),
}

impl std::fmt::Display for JournalProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JournalProblem::Foreign => f.write_str("is not an ACCC journal"),
            JournalProblem::Newer(v) => write!(
                f,
                "was written by a newer version of ACCC (journal format {v}; this program reads \
                 format {VERSION})"
            ),
            JournalProblem::NoHeader => f.write_str("has lost its header"),
            JournalProblem::Undecodable(_) => {
                f.write_str("holds an entry that is not an action, though its checksum holds")
            }
            JournalProblem::Record(r) => write!(f, "is corrupt: {r}"),
        }
    }
}

impl std::error::Error for JournalProblem {}

#[expect(
    clippy::cast_possible_truncation,
    reason = "one action's bytes, a few dozen: the length fits a u32"
)]
fn frame(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(FRAME + bytes.len());
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32(bytes).to_le_bytes());
    out.extend_from_slice(bytes);
    out
}

/// The bytes of one action's frame.
pub fn op_frame(op: &Op) -> Vec<u8> {
    frame(&postcard::to_stdvec(&OpV2::of(op)).expect("actions serialise"))
}

/// A whole journal's bytes: the header for `game` and `base`, then `game`'s actions from
/// `base` on.
#[expect(
    clippy::cast_possible_truncation,
    reason = "an action's index in one match, far below 2^32"
)]
pub fn encode(game: &MatchRecord, base: usize) -> Vec<u8> {
    let mut head = MatchV2::of(game);
    head.ops.clear();
    let header = HeaderV1 {
        game: head,
        base: base as u32,
    };
    let mut out = TAG.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend(frame(
        &postcard::to_stdvec(&header).expect("headers serialise"),
    ));
    for op in &game.ops[base..] {
        out.extend(op_frame(op));
    }
    out
}

/// Reads a journal's bytes.
pub fn decode(bytes: &[u8]) -> Result<Journal, JournalProblem> {
    if bytes.len() < TAG.len() + 2 || &bytes[..TAG.len()] != TAG {
        return Err(JournalProblem::Foreign);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version > VERSION {
        return Err(JournalProblem::Newer(version));
    }
    if version == 0 {
        return Err(JournalProblem::Foreign);
    }
    let mut frames = Vec::new();
    let mut at = TAG.len() + 2;
    while let Some(head) = bytes.get(at..at + FRAME) {
        let len = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as usize;
        let crc = u32::from_le_bytes(head[4..].try_into().expect("4 bytes"));
        // No frame is empty; eight zeros (the empty frame's checksum is zero too) are a
        // power cut's leftovers, not a frame.
        let Some(body) = bytes.get(at + FRAME..at + FRAME + len).filter(|_| len > 0) else {
            break;
        };
        if crc32(body) != crc {
            break;
        }
        frames.push((at, body));
        at += FRAME + len;
    }
    let left = bytes.len() - at;
    // The tail a crash leaves: a frame's start, or one frame (whole but for its checksum, or
    // cut short) of no more than an action's length, with nothing after it but zeros. A power
    // cut can leave zeros where a write's bytes never reached the disk (the file grew, its
    // data did not); no frame has a length of zero, so zeros at the end are no frame's.
    let end = at
        + bytes[at..]
            .iter()
            .rposition(|&b| b != 0)
            .map_or(0, |i| i + 1);
    let torn_tail = end - at < FRAME || {
        let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        (1..=MAX_ACTION).contains(&len) && at + FRAME + len >= end
    };
    let (mut torn, mut damage) = match left {
        0 => (0, None),
        _ if torn_tail => (left, None),
        _ => (0, Some(Damage { at, left_out: left })),
    };
    let (&(_, first), rest) = frames.split_first().ok_or(JournalProblem::NoHeader)?;
    let header: HeaderV1 = postcard::from_bytes(first).map_err(JournalProblem::Undecodable)?;
    let mut game = header.game;
    let mut ops = Vec::with_capacity(rest.len());
    for &(at, body) in rest {
        // A frame whose checksum holds but which is no action (or names a card there is
        // not) is damage like any other: the actions before it stand.
        match postcard::from_bytes::<OpV2>(body)
            .ok()
            .and_then(|op| op.op().ok())
        {
            Some(op) => ops.push(op),
            None => {
                torn = 0;
                damage = Some(Damage {
                    at,
                    left_out: bytes.len() - at,
                });
                break;
            }
        }
    }
    game.ops.clear();
    let mut game = game.record().map_err(JournalProblem::Record)?;
    game.ops = ops;
    Ok(Journal {
        game,
        base: header.base as usize,
        torn,
        damage,
    })
}

/// The actions of `saved` (the save's record of the match in play, if it has one) and
/// `journal` together, or `None` when the journal does not follow on from the save (it begins
/// past the save's actions, or differs from them where both hold them): it is then stale, and
/// the save stands. A journal of another match from its first action is the newer: a save is
/// written before its journal is removed, so a journal is only ever older than the save when
/// it is of the save's own match (or of one since ended, which is no longer to be played).
pub fn merge(saved: Option<&MatchRecord>, journal: &Journal) -> Option<MatchRecord> {
    let empty = Vec::new();
    let saved_ops = match saved {
        Some(s) if s.fixture == journal.game.fixture && s.mode == journal.game.mode => &s.ops,
        _ => &empty,
    };
    if journal.base > saved_ops.len() {
        return None;
    }
    let overlap = (saved_ops.len() - journal.base).min(journal.game.ops.len());
    if saved_ops[journal.base..journal.base + overlap] != journal.game.ops[..overlap] {
        return None;
    }
    let mut ops = saved_ops[..journal.base].to_vec();
    ops.extend_from_slice(&journal.game.ops);
    if ops.len() < saved_ops.len() {
        ops = saved_ops.clone();
    }
    Some(MatchRecord {
        ops,
        ..journal.game.clone()
    })
}

/// A journal being written.
#[derive(Debug)]
pub struct Writer {
    file: File,
    path: PathBuf,
}

impl Writer {
    /// Writes the journal for `game` from action `base` on (atomically: the old journal, if
    /// any, stands until the new one is whole on disk), and opens it to append to. A write
    /// that failed only at flushing the folder, the journal in place, opens it all the same,
    /// and that error comes with the writer, to be told.
    pub fn begin(
        path: &Path,
        game: &MatchRecord,
        base: usize,
    ) -> Result<(Writer, Option<crate::store::Error>), crate::store::Error> {
        let unflushed = match crate::store::atomic::write(path, &encode(game, base), None) {
            Ok(()) => None,
            Err(e) if e.in_place_unflushed() => Some(e),
            Err(e) => return Err(e),
        };
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| crate::store::Error::io(path, crate::store::Doing::WritingTemporary, e))?;
        Ok((
            Writer {
                file,
                path: path.to_path_buf(),
            },
            unflushed,
        ))
    }

    /// Appends `ops`, a frame each, in one write, and flushes them to disk; returns the
    /// bytes written.
    pub fn append(&mut self, ops: &[Op]) -> Result<usize, crate::store::Error> {
        let bytes: Vec<u8> = ops.iter().flat_map(op_frame).collect();
        self.file
            .write_all(&bytes)
            .and_then(|()| self.file.sync_data())
            .map_err(|e| {
                crate::store::Error::io(&self.path, crate::store::Doing::WritingTemporary, e)
            })?;
        Ok(bytes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Suit};
    use crate::counties::Class;
    use crate::engine::{Choice, Election};
    use crate::save::record::{FixtureKey, Mode};

    fn game(ops: Vec<Op>) -> MatchRecord {
        MatchRecord {
            fixture: FixtureKey {
                year: 1890,
                class: Class::Second,
                round: 3,
                index: 2,
                home: 9,
                away: 12,
                seed: 99,
            },
            mode: Mode::Play,
            ops,
        }
    }

    fn ops() -> Vec<Op> {
        let c = Card::new(7, Suit::Pads);
        vec![
            Op::Choose(Choice::Elect(Election::Bowl)),
            Op::Choose(Choice::Card(c)),
            Op::Declare(true),
            Op::Choose(Choice::NoCard),
            Op::Choose(Choice::Exchange([Some(c), None])),
            Op::Resume,
            Op::Watch(3),
            Op::Quick,
            Op::Computer(Choice::Card(c)),
            Op::Computer(Choice::Continue),
        ]
    }

    #[test]
    fn a_journal_reads_back_what_was_written() {
        let g = game(ops());
        for base in [0, 3, 8] {
            let j = decode(&encode(&g, base)).unwrap();
            assert_eq!((j.base, j.torn, j.damage), (base, 0, None));
            assert_eq!(j.game.ops, g.ops[base..]);
            assert_eq!(j.game.fixture, g.fixture);
        }
    }

    #[test]
    fn a_write_cut_short_or_damaged_ends_the_journal_there() {
        let g = game(ops());
        let bytes = encode(&g, 0);
        let all_but_last = &g.ops[..g.ops.len() - 1];
        for cut in 1..8 {
            let j = decode(&bytes[..bytes.len() - cut]).unwrap();
            assert_eq!(j.game.ops, all_but_last, "cut {cut}");
            assert!(j.torn > 0);
            assert_eq!(j.damage, None, "cut {cut}: a torn tail is not damage");
        }
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() ^= 1;
        let j = decode(&bad).unwrap();
        assert_eq!((j.game.ops.as_slice(), j.damage), (all_but_last, None));
        // A crash in a write of several frames: the whole ones stand, the torn one is quiet.
        let two = [op_frame(&Op::Resume), op_frame(&Op::Quick)].concat();
        for cut in 1..two.len() {
            let mut torn = encode(&g, 0);
            torn.extend_from_slice(&two[..cut]);
            let j = decode(&torn).unwrap();
            assert_eq!(j.damage, None, "cut {cut}");
            assert_eq!(
                j.game.ops.len(),
                g.ops.len() + usize::from(cut >= two.len() / 2)
            );
        }
        assert!(matches!(
            decode(&bytes[..12]),
            Err(JournalProblem::NoHeader)
        ));
        assert!(matches!(
            decode(b"ACCCSAVE\x01\x00"),
            Err(JournalProblem::Foreign)
        ));
        let mut newer = bytes.clone();
        newer[8] = 9;
        assert!(matches!(decode(&newer), Err(JournalProblem::Newer(9))));
    }

    #[test]
    fn zeros_a_power_cut_left_at_the_end_are_a_torn_write_not_damage() {
        let g = game(ops());
        let bytes = encode(&g, 0);
        let two = [op_frame(&Op::Resume), op_frame(&Op::Quick)].concat();
        for zeros in [1, 7, 8, 16, 100, 4096] {
            // The last write's bytes never reached the disk, only the file's new length.
            let mut lost = bytes.clone();
            lost.resize(bytes.len() + zeros, 0);
            let j = decode(&lost).unwrap();
            assert_eq!((j.torn, j.damage), (zeros, None), "{zeros} zeros");
            assert_eq!(j.game.ops, g.ops, "{zeros} zeros");
            // Part of a write of two frames reached the disk, the rest is zeros.
            for cut in 1..two.len() {
                let mut part = bytes.clone();
                part.extend_from_slice(&two[..cut]);
                part.resize(part.len() + zeros, 0);
                let j = decode(&part).unwrap();
                assert_eq!(j.damage, None, "{zeros} zeros after {cut} bytes");
                assert_eq!(
                    j.game.ops.len(),
                    g.ops.len() + usize::from(cut >= two.len() / 2),
                    "{zeros} zeros after {cut} bytes"
                );
            }
        }
        // Zeros after bytes no write leaves are still damage.
        let mut junk = bytes.clone();
        junk.extend_from_slice(&[0xee; 40]);
        junk.resize(junk.len() + 16, 0);
        assert_eq!(
            decode(&junk).unwrap().damage.map(|d| d.at),
            Some(bytes.len())
        );
    }

    #[test]
    fn damage_before_the_end_is_told_with_where_it_begins() {
        let g = game(ops());
        let bytes = encode(&g, 0);
        let frames: Vec<usize> = g.ops.iter().map(|op| op_frame(op).len()).collect();
        let first_op = bytes.len() - frames.iter().sum::<usize>();
        // The fourth action's frame begins here.
        let fourth = first_op + frames[..3].iter().sum::<usize>();
        // Its checksum broken, with whole frames after it: the first three actions stand.
        let mut bad = bytes.clone();
        bad[fourth + 4] ^= 0x55;
        let j = decode(&bad).unwrap();
        assert_eq!(j.game.ops, g.ops[..3]);
        assert_eq!(
            (j.torn, j.damage),
            (
                0,
                Some(Damage {
                    at: fourth,
                    left_out: bytes.len() - fourth
                })
            )
        );
        // Its length overwritten (the tester's QQQQ): no action is that long.
        let mut long = bytes.clone();
        long[fourth..fourth + 4].copy_from_slice(b"QQQQ");
        assert_eq!(decode(&long).unwrap().damage.map(|d| d.at), Some(fourth));
        // The last frame whole but failing its checksum, with bytes after it that no torn
        // write leaves.
        let mut extra = bytes.clone();
        *extra.last_mut().unwrap() ^= 1;
        extra.extend_from_slice(&op_frame(&Op::Resume));
        let last = bytes.len() - frames[frames.len() - 1];
        assert_eq!(decode(&extra).unwrap().damage.map(|d| d.at), Some(last));
        // More left over than one action could be, all of it unreadable.
        let mut junk = bytes.clone();
        junk.extend_from_slice(&[0xee; 40]);
        assert_eq!(
            decode(&junk).unwrap().damage,
            Some(Damage {
                at: bytes.len(),
                left_out: 40
            })
        );
    }

    #[test]
    fn save_and_journal_together_hold_every_action() {
        let all = ops();
        let saved = game(all[..5].to_vec());
        // The journal begun after the save's 5 actions.
        let j = decode(&encode(&game(all.clone()), 5)).unwrap();
        assert_eq!(merge(Some(&saved), &j).unwrap().ops, all);
        // A journal begun before the save was folded (the fold won the race): both hold
        // actions 2-4, and they agree.
        let j = decode(&encode(&game(all.clone()), 2)).unwrap();
        assert_eq!(merge(Some(&saved), &j).unwrap().ops, all);
        // The save holds more than a stale journal: the save stands.
        let j = decode(&encode(&game(all[..3].to_vec()), 0)).unwrap();
        assert_eq!(merge(Some(&saved), &j).unwrap().ops, saved.ops);
        // No save record: a journal from the start is the match.
        let j = decode(&encode(&game(all.clone()), 0)).unwrap();
        assert_eq!(merge(None, &j).unwrap().ops, all);
        // Another match's journal from its first action is a match begun since.
        let mut other = game(all.clone());
        other.fixture.seed = 1;
        let j = decode(&encode(&other, 0)).unwrap();
        assert_eq!(merge(Some(&saved), &j), Some(other.clone()));
        // A journal past the save, or one that disagrees with it: stale.
        assert_eq!(
            merge(Some(&saved), &decode(&encode(&other, 1)).unwrap()),
            None
        );
        assert_eq!(
            merge(None, &decode(&encode(&game(all.clone()), 2)).unwrap()),
            None
        );
        let mut differ = all.clone();
        differ[3] = Op::Resume;
        assert_eq!(
            merge(Some(&saved), &decode(&encode(&game(differ), 0)).unwrap()),
            None
        );
    }

    #[test]
    fn an_action_costs_a_few_bytes() {
        for op in ops() {
            let n = op_frame(&op).len();
            assert!((FRAME + 1..=FRAME + 3).contains(&n), "{op:?}: {n} bytes");
        }
        // The longest action there is fits the longest a torn frame is taken to be.
        let c = Card::new(7, Suit::Pads);
        let longest = Op::Computer(Choice::Exchange([Some(c), Some(c)]));
        assert!(op_frame(&longest).len() <= FRAME + MAX_ACTION);
    }

    #[test]
    fn appended_actions_are_on_disk_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("T.jnl");
        let all = ops();
        let (mut w, _) = Writer::begin(&path, &game(all[..2].to_vec()), 1).unwrap();
        let mut bytes = 0;
        for op in &all[2..] {
            bytes += w.append(std::slice::from_ref(op)).unwrap();
        }
        assert_eq!(
            bytes,
            all[2..].iter().map(|o| op_frame(o).len()).sum::<usize>()
        );
        let j = decode(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!((j.base, j.game.ops.as_slice()), (1, &all[1..]));
    }
}
