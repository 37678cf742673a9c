//! A friendly kept to resume later: a match between two people with no championship file
//! (`accc host`, `[F2]` at the file prompt), kept in the saves folder while it is played so
//! that a host whose program is killed, or who keeps it when the line drops, takes it up again
//! on the same ball (`accc host --resume`, `[R]` on the `[F2]` screen).
//!
//! Two files, one friendly at a time in a folder, under a name no competition can take (a
//! competition's name is at most 8 letters):
//!
//! - `friendly-match.acf`: what is fixed when the match begins (the rules, the counties, the
//!   side the host's person plays, the seed), postcard bytes in the store's envelope (tag
//!   `ACCCFRND`), written atomically once;
//! - `friendly-match.jnl`: every action since, the host's person's and the friend's (kept
//!   as the computer's choices are), in the journal format of a person's championship match
//!   ([`super::journal`], from action 0), each flushed to disk before play goes on.
//!
//! The host holds the first file's lock ([`crate::store::lock`]) while it plays, so a second
//! program is told who has it. A finished friendly's files are removed; a damaged one is
//! named and explained, and moved aside (`.bad`), never deleted.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::journal::{self, Journal};
use super::record::{FixtureKey, MatchRecord, Mode, Op};
use super::v1::OptionsV1;
use crate::counties::{Class, CountyId};
use crate::engine::{MatchOptions, Side};
use crate::store::envelope::{self, Kind};
use crate::store::{self, atomic, lock::Lock, read};

/// The kept friendly's file's name in the saves folder (its journal is `friendly-match.jnl`).
pub const FILE_NAME: &str = "friendly-match.acf";
/// The kept friendly's tag and format.
pub const KIND: Kind = Kind {
    tag: b"ACCCFRND",
    version: 1,
    max_bytes: 4096,
};

/// What is fixed when a friendly begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FriendlySetup {
    pub options: MatchOptions,
    /// The side the host's person plays; the friend plays the other.
    pub host: Side,
    pub home: CountyId,
    pub away: CountyId,
    pub seed: u64,
}

/// The stored form of a [`FriendlySetup`] (format 1).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
struct FriendlyV1 {
    options: OptionsV1,
    /// 0 home, 1 away.
    host: u8,
    home: u8,
    away: u8,
    seed: u64,
}

/// A friendly as kept on disk: its setup, every action so far, and a word on anything that
/// was wrong with its journal (the actions before the damage stand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptFriendly {
    pub setup: FriendlySetup,
    pub ops: Vec<Op>,
    pub note: Option<String>,
}

/// Why a kept friendly cannot be begun, taken up or dropped.
#[derive(Debug)]
pub enum FriendlyError {
    /// None is kept in the folder (`--resume` with nothing to resume).
    NoneKept(PathBuf),
    /// One is kept, and a new one would lose it.
    AlreadyKept(FriendlySetup),
    /// The file cannot be read or written (held by another program, not a regular file,
    /// the disk refused).
    Store(store::Error),
    /// The file is there but damaged: `why`, in words; it is left where it is.
    Damaged { path: PathBuf, why: String },
}

impl std::fmt::Display for FriendlyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FriendlyError::NoneKept(dir) => {
                write!(f, "no friendly is kept in {} to resume", dir.display())
            }
            FriendlyError::AlreadyKept(s) => write!(
                f,
                "a friendly is kept to resume later ({} v {})",
                crate::counties::get(s.home).name,
                crate::counties::get(s.away).name
            ),
            FriendlyError::Store(e) => write!(f, "{e}"),
            FriendlyError::Damaged { path, why } => write!(
                f,
                "the kept friendly {} {why}; it is left as it is",
                path.display()
            ),
        }
    }
}

impl std::error::Error for FriendlyError {}

/// The kept friendly's file in the saves folder `dir`.
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

impl FriendlySetup {
    /// The match as a record of `ops`: a fixture of no competition (year 0), as the
    /// journal's header names it.
    pub fn record(&self, ops: Vec<Op>) -> MatchRecord {
        MatchRecord {
            fixture: FixtureKey {
                year: 0,
                class: Class::First,
                round: 0,
                index: 0,
                home: self.home,
                away: self.away,
                seed: self.seed,
            },
            mode: Mode::Play,
            ops,
        }
    }

    fn stored(&self) -> FriendlyV1 {
        FriendlyV1 {
            options: OptionsV1::from(self.options),
            host: u8::from(self.host == Side::Away),
            home: self.home,
            away: self.away,
            seed: self.seed,
        }
    }
}

impl FriendlyV1 {
    /// The setup stored here, checked: rules in range, two counties this build knows.
    fn setup(self) -> Result<FriendlySetup, String> {
        let options = MatchOptions::from(self.options);
        options
            .validate()
            .map_err(|e| format!("holds rules no match has ({e})"))?;
        let n = crate::counties::all().len();
        if usize::from(self.home) >= n || usize::from(self.away) >= n || self.home == self.away {
            return Err("names counties this program does not know".into());
        }
        let host = match self.host {
            0 => Side::Home,
            1 => Side::Away,
            h => return Err(format!("names side {h} as the host's")),
        };
        Ok(FriendlySetup {
            options,
            host,
            home: self.home,
            away: self.away,
            seed: self.seed,
        })
    }
}

/// The setup's file's bytes.
fn encode(setup: &FriendlySetup) -> Vec<u8> {
    envelope::wrap(
        KIND,
        &postcard::to_stdvec(&setup.stored()).expect("a setup serialises"),
    )
}

/// The setup read from the file's bytes, or why not, in words.
fn decode(bytes: &[u8]) -> Result<FriendlySetup, String> {
    let (_, payload) = envelope::unwrap(KIND, bytes).map_err(|p| p.to_string())?;
    let stored: FriendlyV1 = postcard::from_bytes(payload)
        .map_err(|_| "is corrupt: its contents are not a friendly's".to_string())?;
    stored
        .setup()
        .map_err(|why| format!("is corrupt: it {why}"))
}

/// The friendly kept in `dir`, if one is, read without taking its lock (to offer it, or to
/// say why a new one would lose it). A journal damaged before its end gives the actions
/// before the damage, with a note (and a copy of the damaged journal kept beside it).
pub fn look(dir: &Path) -> Result<Option<KeptFriendly>, FriendlyError> {
    let path = path_in(dir);
    let bytes = match read::read_regular(&path, KIND.max_bytes) {
        Ok(b) => b,
        Err(e) if matches!(e.kind, store::ErrorKind::NotFound) => return Ok(None),
        Err(e) => return Err(FriendlyError::Store(e)),
    };
    let damaged = |why: String| FriendlyError::Damaged {
        path: path.clone(),
        why,
    };
    let setup = decode(&bytes).map_err(damaged)?;
    let jnl = journal::path_for(&path);
    let jbytes = match read::read_regular(&jnl, journal::MAX_BYTES) {
        Ok(b) => b,
        // Begun, but no action was kept: the match is at its start.
        Err(e) if matches!(e.kind, store::ErrorKind::NotFound) => {
            return Ok(Some(KeptFriendly {
                setup,
                ops: Vec::new(),
                note: None,
            }))
        }
        Err(e) => return Err(FriendlyError::Store(e)),
    };
    let journal_damaged = |why: String| FriendlyError::Damaged {
        path: jnl.clone(),
        why,
    };
    let j: Journal = journal::decode(&jbytes).map_err(|p| journal_damaged(p.to_string()))?;
    if j.base != 0 || j.game.fixture != setup.record(Vec::new()).fixture {
        return Err(journal_damaged(
            "is not the journal of the friendly beside it".into(),
        ));
    }
    let note = match j.damage {
        None => None,
        Some(d) => {
            let copy = super::aside::keep_copy(&jnl, &jbytes)
                .map(|p| format!("a copy is kept as {}", p.display()))
                .unwrap_or_else(|e| format!("no copy could be kept: {e}"));
            Some(format!(
                "{} is damaged {} bytes in: the match resumes at the last action before that \
                 ({copy})",
                jnl.display(),
                d.at
            ))
        }
    };
    Ok(Some(KeptFriendly {
        setup,
        ops: j.game.ops,
        note,
    }))
}

/// A friendly being played and kept: its file's lock and its journal.
#[derive(Debug)]
pub struct FriendlyFile {
    path: PathBuf,
    _lock: Lock,
    journal: journal::Writer,
}

fn store_error(e: store::Error) -> FriendlyError {
    FriendlyError::Store(e)
}

impl FriendlyFile {
    /// Begins keeping a new friendly in `dir`. Refused when one is kept there already (it
    /// would be lost: resume it or drop it first) or its file is held by another program. A
    /// damaged friendly in the way is moved aside (`.bad`), and where it went is returned.
    pub fn begin(
        dir: &Path,
        setup: FriendlySetup,
    ) -> Result<(FriendlyFile, Option<String>), FriendlyError> {
        let path = path_in(dir);
        let lock = Lock::take(&path).map_err(store_error)?;
        let said = match look(dir) {
            Ok(None) => None,
            Ok(Some(kept)) => return Err(FriendlyError::AlreadyKept(kept.setup)),
            Err(FriendlyError::Damaged { path: bad, why }) => Some(set_aside(&path, &bad, &why)?),
            Err(e) => return Err(e),
        };
        let jnl = journal::path_for(&path);
        // The journal first: a setup on disk always has its journal.
        let (journal, _) =
            journal::Writer::begin(&jnl, &setup.record(Vec::new()), 0).map_err(store_error)?;
        write_setup(&path, &setup)?;
        Ok((
            FriendlyFile {
                path,
                _lock: lock,
                journal,
            },
            said,
        ))
    }

    /// Takes up the friendly kept in `dir`: its setup and actions, its file held until the
    /// match is done or kept again. Refused, changing nothing, when none is kept, it is
    /// damaged, or another program holds it.
    pub fn resume(dir: &Path) -> Result<(FriendlyFile, KeptFriendly), FriendlyError> {
        let path = path_in(dir);
        let lock = Lock::take(&path).map_err(store_error)?;
        let kept = look(dir)?.ok_or_else(|| FriendlyError::NoneKept(dir.to_path_buf()))?;
        // Written again whole (atomically), so that what follows a damaged stretch is not
        // appended after it.
        let (journal, _) = journal::Writer::begin(
            &journal::path_for(&path),
            &kept.setup.record(kept.ops.clone()),
            0,
        )
        .map_err(store_error)?;
        Ok((
            FriendlyFile {
                path,
                _lock: lock,
                journal,
            },
            kept,
        ))
    }

    /// Notes `ops` (the host's person's actions and the friend's choices, in order) on
    /// disk before play goes on.
    pub fn note(&mut self, ops: &[Op]) -> Result<(), store::Error> {
        if ops.is_empty() {
            return Ok(());
        }
        self.journal.append(ops).map(|_| ())
    }

    /// The match is over (or dropped): its files are removed, the setup first, so that a
    /// program stopped between the two finds no friendly kept.
    pub fn finish(self) -> Result<(), store::Error> {
        remove(&self.path)?;
        remove(&journal::path_for(&self.path))
    }
}

fn remove(path: &Path) -> Result<(), store::Error> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(store::Error::io(path, store::Doing::Removing, e)),
    }
}

fn write_setup(path: &Path, setup: &FriendlySetup) -> Result<(), FriendlyError> {
    match atomic::write(path, &encode(setup), None) {
        Ok(()) => Ok(()),
        Err(e) if e.in_place_unflushed() => Ok(()),
        Err(e) => Err(store_error(e)),
    }
}

/// Moves a damaged friendly's files aside (`.bad`), and says so.
fn set_aside(path: &Path, bad: &Path, why: &str) -> Result<String, FriendlyError> {
    let mut moved = Vec::new();
    for p in [path.to_path_buf(), journal::path_for(path)] {
        if read::is_there(&p) {
            let to = super::aside::set_aside(&p)
                .map_err(|e| store_error(store::Error::io(&p, store::Doing::Replacing, e)))?;
            moved.push(to.display().to_string());
        }
    }
    Ok(format!(
        "the kept friendly {} {why}: moved aside as {}",
        bad.display(),
        moved.join(" and ")
    ))
}

/// Drops the friendly kept in `dir` (its files removed), and says which it was. Refused when
/// none is kept or another program holds it; a damaged one is moved aside, not removed.
pub fn drop_kept(dir: &Path) -> Result<String, FriendlyError> {
    let path = path_in(dir);
    let _lock = Lock::take(&path).map_err(store_error)?;
    match look(dir) {
        Ok(None) => Err(FriendlyError::NoneKept(dir.to_path_buf())),
        Ok(Some(kept)) => {
            remove(&path).map_err(store_error)?;
            remove(&journal::path_for(&path)).map_err(store_error)?;
            let s = kept.setup;
            Ok(format!(
                "the kept friendly {} v {} was dropped",
                crate::counties::get(s.home).name,
                crate::counties::get(s.away).name
            ))
        }
        Err(FriendlyError::Damaged { path: bad, why }) => set_aside(&path, &bad, &why),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Choice;

    fn setup() -> FriendlySetup {
        FriendlySetup {
            options: MatchOptions {
                batsmen: 4,
                days: 1,
                ..MatchOptions::default()
            },
            host: Side::Home,
            home: 3,
            away: 7,
            seed: 99,
        }
    }

    #[test]
    fn a_friendly_is_kept_action_by_action_and_taken_up_again_whole() {
        let dir = tempfile::tempdir().unwrap();
        assert!(look(dir.path()).unwrap().is_none());
        let (mut file, said) = FriendlyFile::begin(dir.path(), setup()).unwrap();
        assert!(said.is_none());
        let ops = [Op::Resume, Op::Computer(Choice::NoCard), Op::Declare(true)];
        file.note(&ops[..2]).unwrap();
        file.note(&ops[2..]).unwrap();
        // Held: a second program is told, and nothing changes.
        match FriendlyFile::resume(dir.path()) {
            Err(FriendlyError::Store(e)) => {
                assert!(matches!(e.kind, store::ErrorKind::Locked { .. }), "{e}")
            }
            other => panic!("{other:?}"),
        }
        drop(file);
        // A new friendly would lose it: refused.
        assert!(matches!(
            FriendlyFile::begin(dir.path(), setup()),
            Err(FriendlyError::AlreadyKept(s)) if s == setup()
        ));
        let (mut file, kept) = FriendlyFile::resume(dir.path()).unwrap();
        assert_eq!(kept.setup, setup());
        assert_eq!(kept.ops, ops);
        file.note(&[Op::Resume]).unwrap();
        drop(file);
        assert_eq!(look(dir.path()).unwrap().unwrap().ops.len(), 4);
        let (file, _) = FriendlyFile::resume(dir.path()).unwrap();
        file.finish().unwrap();
        assert!(look(dir.path()).unwrap().is_none());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(matches!(
            FriendlyFile::resume(dir.path()),
            Err(FriendlyError::NoneKept(_))
        ));
    }

    #[test]
    fn a_damaged_friendly_is_named_and_moved_aside_never_removed() {
        let dir = tempfile::tempdir().unwrap();
        let (file, _) = FriendlyFile::begin(dir.path(), setup()).unwrap();
        drop(file);
        let path = path_in(dir.path());
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        std::fs::write(&path, &bytes).unwrap();
        let err = FriendlyFile::resume(dir.path()).unwrap_err();
        let words = err.to_string();
        assert!(words.contains("friendly-match.acf"), "{words}");
        assert!(words.contains("checksum"), "{words}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "left as it is");
        // A new friendly moves it aside, and says where.
        let (_file, said) = FriendlyFile::begin(dir.path(), setup()).unwrap();
        let said = said.unwrap();
        assert!(said.contains("friendly-match.bad"), "{said}");
        assert_eq!(
            std::fs::read(dir.path().join("friendly-match.bad")).unwrap(),
            bytes
        );
    }

    #[test]
    fn a_journal_damaged_midway_resumes_before_the_damage_and_keeps_a_copy() {
        let dir = tempfile::tempdir().unwrap();
        let (mut file, _) = FriendlyFile::begin(dir.path(), setup()).unwrap();
        for _ in 0..5 {
            file.note(&[Op::Resume]).unwrap();
        }
        drop(file);
        let jnl = journal::path_for(&path_in(dir.path()));
        let mut bytes = std::fs::read(&jnl).unwrap();
        // The third action's bytes spoiled: two stand.
        let third = bytes.len() - 3 * (journal::FRAME + 1);
        bytes[third + journal::FRAME] ^= 0x55;
        std::fs::write(&jnl, &bytes).unwrap();
        let kept = look(dir.path()).unwrap().unwrap();
        assert_eq!(kept.ops, [Op::Resume, Op::Resume]);
        let note = kept.note.unwrap();
        assert!(note.contains("friendly-match.jnl.bad"), "{note}");
        assert_eq!(
            std::fs::read(dir.path().join("friendly-match.jnl.bad")).unwrap(),
            bytes
        );
        // Taken up, the journal is written again whole from the actions that stand.
        let (_file, kept) = FriendlyFile::resume(dir.path()).unwrap();
        assert_eq!(kept.ops.len(), 2);
        assert!(journal::decode(&std::fs::read(&jnl).unwrap())
            .unwrap()
            .damage
            .is_none());
    }

    #[test]
    fn dropping_a_kept_friendly_removes_it_and_says_which() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            drop_kept(dir.path()),
            Err(FriendlyError::NoneKept(_))
        ));
        drop(FriendlyFile::begin(dir.path(), setup()).unwrap());
        let said = drop_kept(dir.path()).unwrap();
        assert!(said.contains(" v "), "{said}");
        assert!(look(dir.path()).unwrap().is_none());
    }
}
