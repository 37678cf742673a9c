//! Save files: `DIR/NAME.acc`, one competition each. This module owns reading and writing
//! them; the league knows nothing of files. A file is an envelope ([`crate::store::envelope`],
//! tag `ACCCSAVE`) around postcard bytes of the format-4 types ([`v4`]: format 3's file
//! ([`v3`]: format 1's competition ([`v1`]), the person's match in play and last match
//! ([`record`], stored as [`v2`] has them) and the matches the person played), then the
//! records (tapes) of the matches not yet in the archive beside it). Older formats are
//! upgraded on reading, a rung at a time ([`v2::upgrade_1`], [`v3::upgrade_2`],
//! [`v4::upgrade_3`]), and written as format 4; their matches are kept as results only.
//!
//! - The archive beside the save ([`archive`], `NAME.acx`) holds the records of the seasons
//!   closed; the [`Keeper`] adds each closed season to it before it writes the save that
//!   names it.
//!
//! - While the person plays a match, each of their actions is appended to the journal beside
//!   the save ([`journal`], `NAME.jnl`) and flushed to disk; the [`Keeper`] reads it back with
//!   the save, and folds it into the save when it next writes it.
//! - Reading ([`load`]) takes only a regular file of bounded size, checks the envelope, decodes
//!   the payload and checks that the competition could have been played
//!   ([`crate::league::check`]). Every unusable file gives an [`Error`] that names the file and
//!   the problem in words and, when there is one, points to the backup.
//! - Writing goes through a [`Keeper`]: it holds the file's lock ([`crate::store::lock`]) from
//!   loading to the last write, so a second program is told who has the file instead of both
//!   writing it; each write is atomic and keeps the version it replaces as `NAME.bak`; and
//!   nothing overwrites a file that another program (one that takes no lock) has written since
//!   it was read.

pub mod archive;
pub mod journal;
pub mod record;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;

use std::fmt;
use std::path::{Path, PathBuf};

use self::record::{MatchRecord, Op};
use crate::league::check::Implausible;
use crate::league::competition::{normalise_file_name, NameError};
use crate::league::{self, Competition};
use crate::store::envelope::{self, Kind};
use crate::store::{self, atomic, lock::Lock};

/// The save file's extension.
pub const EXTENSION: &str = "acc";
/// The backup's extension.
pub const BACKUP_EXTENSION: &str = "bak";
/// The save file's tag and the format this program writes.
pub const KIND: Kind = Kind {
    tag: b"ACCCSAVE",
    version: 4,
    max_bytes: MAX_BYTES,
};
/// The largest save file read: a whole 100-season competition is about 520 KB.
pub const MAX_BYTES: u64 = 32 << 20;

/// The path of competition `name`'s file in `dir` (the name checked and upper-cased).
pub fn path_for(dir: &Path, name: &str) -> Result<PathBuf, NameError> {
    let name = normalise_file_name(name)?;
    Ok(dir.join(format!("{name}.{EXTENSION}")))
}

/// The backup kept beside `path`: `NAME.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    path.with_extension(BACKUP_EXTENSION)
}

/// Moves the damaged file at `path` aside, to `NAME.bad` (or `NAME.bad.2`, `.3`, ... when
/// that is taken: an earlier damaged file is not replaced), so that the next save neither
/// overwrites it nor turns it into the backup. Returns where it went.
pub fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let to = aside_names(path)
        .find(|p| !p.exists())
        .ok_or_else(|| std::io::Error::other("too many damaged copies"))?;
    std::fs::rename(path, &to)?;
    Ok(to)
}

/// The names a damaged copy of `path` may take, in order: `NAME.EXT.bad` for a journal,
/// `NAME.bad` for a save, then `.bad.2`, `.bad.3`, ...
fn aside_names(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    let ext = match path.extension().and_then(|e| e.to_str()) {
        Some(journal::EXTENSION) => format!("{}.", journal::EXTENSION),
        _ => String::new(),
    };
    (1..100).map(move |n| match n {
        1 => path.with_extension(format!("{ext}bad")),
        n => path.with_extension(format!("{ext}bad.{n}")),
    })
}

/// Keeps a copy of the damaged journal `bytes` (read from `path`) beside it, atomically, under
/// the first free name of [`aside_names`], or names the copy already kept of these same bytes
/// (a program that stopped before writing the journal again finds it damaged again).
fn keep_copy(path: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    for to in aside_names(path) {
        match std::fs::read(&to) {
            Ok(kept) if kept == bytes => return Ok(to),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                atomic::write(&to, bytes, None).map_err(|e| match e.kind {
                    store::ErrorKind::Io { source, .. } => source,
                    other => std::io::Error::other(other.to_string()),
                })?;
                return Ok(to);
            }
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many damaged copies"))
}

/// What was wrong with the journal beside a save when it was read, to be told: the match in
/// play resumes as the save (and what of the journal could be used) holds it.
#[derive(Debug)]
pub struct JournalNote {
    /// The journal.
    pub path: PathBuf,
    pub kind: JournalNoteKind,
}

/// What was wrong with a journal, and what became of it.
#[derive(Debug)]
pub enum JournalNoteKind {
    /// It could not be read at all.
    Unreadable(store::Error),
    /// It is not a journal this program can use: the save's record of the match stands.
    Refused {
        problem: journal::JournalProblem,
        kept: Kept,
    },
    /// It is damaged before its end: the actions before the damage are used.
    Damaged {
        damage: journal::Damage,
        /// The person's actions in the match as it resumes (the computer's choices aside).
        actions: usize,
        kept: Kept,
    },
}

/// What became of a journal that could not be used whole.
#[derive(Debug)]
pub enum Kept {
    /// It is kept here (moved there when none of it could be used, else copied).
    At(PathBuf),
    /// It could not be kept aside.
    Failed(std::io::Error),
    /// Nothing was done to it: the reader writes nothing (`accc review`).
    Untouched,
}

impl fmt::Display for JournalNote {
    /// `{:#}`: files by their names alone, for a screen (they are in the open file's folder).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = f.alternate();
        let name = |p: &Path| match (short, p.file_name()) {
            (true, Some(n)) => n.to_string_lossy().into_owned(),
            _ => p.display().to_string(),
        };
        let jnl = name(&self.path);
        match &self.kind {
            JournalNoteKind::Unreadable(e) if short => {
                write!(f, "{jnl} cannot be read: {}", e.kind)
            }
            JournalNoteKind::Unreadable(e) => write!(f, "{e}"),
            JournalNoteKind::Refused { problem, kept } => match kept {
                Kept::At(to) => write!(
                    f,
                    "{jnl} {problem}: it is kept as {}, and the match resumes as the save \
                     holds it",
                    name(to)
                ),
                Kept::Failed(e) => write!(
                    f,
                    "{jnl} {problem}, and could not be moved aside ({}); the match resumes as \
                     the save holds it",
                    store::plain_io(e)
                ),
                Kept::Untouched => write!(
                    f,
                    "{jnl} {problem}: opened to play, the match in play resumes as the save \
                     holds it"
                ),
            },
            JournalNoteKind::Damaged {
                damage,
                actions,
                kept,
            } => {
                let at = damage.at;
                match kept {
                    Kept::At(to) => write!(
                        f,
                        "{jnl} is damaged {at} bytes in: the match resumes after your first \
                         {actions} actions; the damaged journal is kept as {}",
                        name(to)
                    ),
                    Kept::Failed(e) => write!(
                        f,
                        "{jnl} is damaged {at} bytes in: the match resumes after your first \
                         {actions} actions; the damaged journal could not be copied aside ({})",
                        store::plain_io(e)
                    ),
                    Kept::Untouched => write!(
                        f,
                        "{jnl} is damaged {at} bytes in ({} bytes from there cannot be read): \
                         opened to play, the match in play resumes after your first {actions} \
                         actions, and a copy of the damaged journal is kept",
                        damage.left_out
                    ),
                }
            }
        }
    }
}

/// Reads the journal at `jpath` and adds its actions to `in_play` (the save's record of the
/// match in play) when they follow on from it. Writes nothing: what is wrong with the journal
/// comes back with its bytes, for the caller to keep aside ([`Kept::Untouched`] until then).
fn read_journal(
    jpath: &Path,
    in_play: Option<MatchRecord>,
) -> (Option<MatchRecord>, Option<(JournalNoteKind, Vec<u8>)>) {
    if !jpath.exists() {
        return (in_play, None);
    }
    let bytes = match store::read::read_regular(jpath, journal::MAX_BYTES) {
        Ok(b) => b,
        Err(e) => return (in_play, Some((JournalNoteKind::Unreadable(e), Vec::new()))),
    };
    let j = match journal::decode(&bytes) {
        Ok(j) => j,
        Err(problem) => {
            let kind = JournalNoteKind::Refused {
                problem,
                kept: Kept::Untouched,
            };
            return (in_play, Some((kind, bytes)));
        }
    };
    let in_play = journal::merge(in_play.as_ref(), &j).or(in_play);
    let note = j.damage.map(|damage| {
        let actions = in_play.as_ref().map_or(0, |m| {
            m.ops
                .iter()
                .filter(|op| !matches!(op, Op::Computer(_)))
                .count()
        });
        let kind = JournalNoteKind::Damaged {
            damage,
            actions,
            kept: Kept::Untouched,
        };
        (kind, bytes)
    });
    (in_play, note)
}

/// The person's match in play at `path` as a program that only looks (`accc show`) sees it:
/// the save's record of it (`saved`) with the actions of the journal beside it after them,
/// as the terminal program opening the file takes them (a match begun and not yet left is in
/// the journal alone). Reads only: a journal that cannot be used leaves what of it can be,
/// or the save's record, and is left where it is for the program that opens the file to play.
pub fn in_play_with_journal(path: &Path, saved: Option<MatchRecord>) -> Option<MatchRecord> {
    read_journal(&journal::path_for(path), saved).0
}

/// What is wrong with the journal beside the save at `path`, if anything, given the save's
/// record of the match in play; reads only, changes nothing (for `accc review`, which says
/// so before its own work).
pub fn check_journal(path: &Path, in_play: Option<&MatchRecord>) -> Option<JournalNote> {
    let jpath = journal::path_for(path);
    let (_, note) = read_journal(&jpath, in_play.cloned());
    note.map(|(kind, _)| JournalNote { path: jpath, kind })
}

/// A save file that cannot be read, written or owned: which, why, and its backup if any.
#[derive(Debug)]
pub struct Error {
    pub path: PathBuf,
    pub kind: ErrorKind,
    /// The backup beside the file, when there is one to go back to.
    pub backup: Option<PathBuf>,
}

/// What went wrong with a save file.
#[derive(Debug)]
pub enum ErrorKind {
    /// Finding, reading, locking or writing the file failed.
    File(store::ErrorKind),
    /// The file is there but is not a usable save.
    Unusable(Problem),
    /// Another program wrote the file since this one read it: its version stands.
    ChangedOnDisk,
}

/// Why a file is not a usable save.
#[derive(Debug)]
pub enum Problem {
    /// The envelope is wrong: foreign, empty, cut short, newer, or damaged.
    Envelope(envelope::Problem),
    /// The checksum holds but the payload is not a competition.
    Undecodable(postcard::Error),
    /// It decodes, but holds a competition that cannot have been played.
    Implausible(Implausible),
    /// Its match in play (or last match) names what cannot be.
    Record(v2::RecordProblem),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Envelope(envelope::Problem::Foreign) => {
                f.write_str("is not an ACCC save file (it lacks the ACCCSAVE tag)")
            }
            Problem::Envelope(p) => p.fmt(f),
            Problem::Undecodable(_) => f.write_str(
                "is corrupt: its contents cannot be read as a competition, though its checksum \
                 holds (written by a faulty program, or edited)",
            ),
            Problem::Implausible(i) => write!(f, "is corrupt: {i}"),
            Problem::Record(r) => write!(f, "is corrupt: {r}"),
        }
    }
}

impl std::error::Error for Problem {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Problem::Envelope(p) => Some(p),
            Problem::Undecodable(e) => Some(e),
            Problem::Implausible(i) => Some(i),
            Problem::Record(r) => Some(r),
        }
    }
}

impl Error {
    fn new(path: &Path, kind: ErrorKind) -> Error {
        let bak = backup_path(path);
        Error {
            path: path.to_path_buf(),
            kind,
            backup: (bak.is_file() && bak != path).then_some(bak),
        }
    }

    fn from_store(e: store::Error) -> Error {
        Error::new(&e.path, ErrorKind::File(e.kind))
    }

    /// Whether the disk (or the user's quota) is full.
    pub fn is_disk_full(&self) -> bool {
        matches!(&self.kind, ErrorKind::File(store::ErrorKind::Io { source, .. })
            if store::is_disk_full(source))
    }

    /// Whether the file was written and only flushing its folder failed, after the new
    /// version was put in place: the file holds what was saved (and the [`Keeper`] knows it
    /// as written), but the disk may not have it yet, so a power cut could still take it.
    pub fn written_unflushed(&self) -> bool {
        matches!(&self.kind, ErrorKind::File(k) if k.in_place_unflushed())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            ErrorKind::File(store::ErrorKind::NotFound) => {
                write!(f, "there is no save file {path}")?
            }
            ErrorKind::File(k @ store::ErrorKind::Locked { .. }) => write!(
                f,
                "{path} {k}: close it there, or let it finish, and try again"
            )?,
            ErrorKind::File(k) => store::describe(f, &self.path, k)?,
            ErrorKind::Unusable(p) => write!(f, "{path} {p}")?,
            ErrorKind::ChangedOnDisk => write!(
                f,
                "{path} was changed by another program since this one read it, so it was not \
                 overwritten"
            )?,
        }
        if let (Some(bak), ErrorKind::File(store::ErrorKind::NotFound) | ErrorKind::Unusable(_)) =
            (&self.backup, &self.kind)
        {
            if f.alternate() {
                // `{:#}`: the problem alone, for a screen that offers the backup itself.
                return Ok(());
            }
            let file = self.path.file_name().map_or_else(
                || self.path.display().to_string(),
                |f| f.to_string_lossy().into_owned(),
            );
            write!(
                f,
                "; a backup is at {}; copy it over {file} to go back to it",
                bak.display()
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::File(store::ErrorKind::Io { source, .. }) => Some(source),
            ErrorKind::Unusable(p) => Some(p),
            _ => None,
        }
    }
}

/// What a save file looked like on disk when last read or written: enough to notice that
/// another program has written it since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStamp {
    modified: std::time::SystemTime,
    len: u64,
}

/// The file at `path` as it is now (`None`: there is none, or it cannot be looked at).
pub fn stamp(path: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(FileStamp {
        modified: meta.modified().ok()?,
        len: meta.len(),
    })
}

/// Reads the competition saved at `path`, without taking its lock: for programs that only
/// look (`accc show`, `accc export`). A file is only ever replaced whole, so this always reads
/// one complete version.
pub fn load(path: &Path) -> Result<Competition, Error> {
    Ok(load_all(path)?.comp)
}

/// Everything a save file holds.
#[derive(Clone, Debug)]
pub struct Contents {
    pub comp: Competition,
    /// The person's match in play, as the file holds it (the journal beside it may hold more:
    /// see [`Keeper::load`]).
    pub in_play: Option<MatchRecord>,
    /// The last match the person played to its end.
    pub last_played: Option<MatchRecord>,
    /// The last season whose records the archive beside the file holds (see [`v4`]); the
    /// records of the seasons after it are on the competition's shelf.
    pub archived_through: Option<u16>,
}

/// Reads everything saved at `path`, without taking its lock (nor reading the journal).
pub fn load_all(path: &Path) -> Result<Contents, Error> {
    let bytes = store::read::read_regular(path, MAX_BYTES).map_err(Error::from_store)?;
    let mut all = decode_all(&bytes).map_err(|p| Error::new(path, ErrorKind::Unusable(p)))?;
    // The file's name, not the one stored inside, says which competition this is (and where
    // it is saved): a copy, or a backup opened in its file's place, must not save over the
    // file it came from.
    if let Some(name) = path
        .file_stem()
        .and_then(|s| normalise_file_name(&s.to_string_lossy()).ok())
    {
        all.comp.rename(name);
    }
    Ok(all)
}

/// The competition in a save file's bytes.
pub fn decode(bytes: &[u8]) -> Result<Competition, Problem> {
    Ok(decode_all(bytes)?.comp)
}

/// The format-4 payload of a save file's bytes, of any format: older ones are upgraded, a
/// rung at a time. Also whether the file kept which matches the person played (format 3 on).
pub fn decode_file(bytes: &[u8]) -> Result<(v4::FileV4, bool), Problem> {
    let (version, payload) = envelope::unwrap(KIND, bytes).map_err(Problem::Envelope)?;
    let undecodable = Problem::Undecodable;
    Ok(match version {
        1 => (
            v4::upgrade_3(v3::upgrade_2(v2::upgrade_1(
                postcard::from_bytes(payload).map_err(undecodable)?,
            ))),
            false,
        ),
        2 => (
            v4::upgrade_3(v3::upgrade_2(
                postcard::from_bytes(payload).map_err(undecodable)?,
            )),
            false,
        ),
        3 => (
            v4::upgrade_3(postcard::from_bytes(payload).map_err(undecodable)?),
            true,
        ),
        _ => (postcard::from_bytes(payload).map_err(undecodable)?, true),
    })
}

/// Everything in a save file's bytes.
pub fn decode_all(bytes: &[u8]) -> Result<Contents, Problem> {
    let (
        v4::FileV4 {
            v3: file,
            kept: tapes,
        },
        kept,
    ) = decode_file(bytes)?;
    let record = |m: Option<v2::MatchV2>| m.map(|m| m.record()).transpose();
    let mut comp = file
        .competition
        .into_competition()
        .map_err(Problem::Implausible)?;
    let keys = |list: Vec<v3::PersonMatchV3>| list.into_iter().map(|m| m.key()).collect();
    let (by_person, unknown): (Vec<_>, Vec<_>) = if kept {
        (keys(file.by_person), keys(file.unknown))
    } else {
        (Vec::new(), comp.unreplayed_matches())
    };
    comp.set_person_matches(by_person, unknown)
        .map_err(Problem::Implausible)?;
    comp.set_tapes(
        tapes
            .seasons
            .into_iter()
            .map(v4::SeasonTapesV4::tapes)
            .collect(),
    )
    .map_err(Problem::Implausible)?;
    Ok(Contents {
        in_play: record(file.in_play).map_err(Problem::Record)?,
        last_played: record(file.last_played).map_err(Problem::Record)?,
        comp,
        archived_through: tapes.archived_through,
    })
}

/// A save file's bytes for `comp`, with no match in play or on record.
pub fn encode(comp: &Competition) -> Vec<u8> {
    encode_all(comp, None, None)
}

/// A save file's bytes for `comp`, the person's match in play and their last match, with
/// every match record on the competition's shelf (no archive beside it).
pub fn encode_all(
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
) -> Vec<u8> {
    encode_kept(comp, in_play, last_played, None)
}

/// [`encode_all`] for a save whose archive holds the records of the seasons through
/// `archived_through`: the save keeps those of the seasons after it.
pub fn encode_kept(
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
    archived_through: Option<u16>,
) -> Vec<u8> {
    let file = v4::FileV4 {
        v3: v3::FileV3 {
            competition: v1::FileV1::from_competition(comp),
            in_play: in_play.map(v2::MatchV2::of),
            last_played: last_played.map(v2::MatchV2::of),
            by_person: comp.person_matches().map(v3::PersonMatchV3::of).collect(),
            unknown: comp.unknown_matches().map(v3::PersonMatchV3::of).collect(),
        },
        kept: v4::KeptV4 {
            archived_through,
            seasons: (comp.shelf().seasons().iter())
                .filter(|s| Some(s.year) > archived_through)
                .map(v4::SeasonTapesV4::of)
                .collect(),
        },
    };
    envelope::wrap(
        KIND,
        &postcard::to_stdvec(&file).expect("save types serialise"),
    )
}

/// Adds to the archive beside the save at `path` the records of the closed seasons on
/// `comp`'s shelf after `archived_through`; returns the last season the archive then holds,
/// and the error of an archive written in place whose folder could not be flushed (the save
/// that names it is still to be written, and that error told after it). (An unusable archive
/// is moved aside: see [`archive::append`].)
fn archive_closed(
    path: &Path,
    comp: &Competition,
    archived_through: Option<u16>,
) -> Result<(Option<u16>, Option<Error>), Error> {
    let closed: Vec<&league::kept::SeasonTapes> = (comp.shelf().seasons().iter())
        .filter(|s| Some(s.year) > archived_through)
        .filter(|s| comp.seasons().iter().any(|c| c.year == s.year))
        .collect();
    let Some(last) = closed.last().map(|s| s.year) else {
        return Ok((archived_through, None));
    };
    match archive::append(&archive::path_for(path), comp.settings().seed, &closed) {
        Ok(_) => Ok((Some(last), None)),
        Err(e) if e.in_place_unflushed() => Ok((Some(last), Some(Error::from_store(e)))),
        Err(e) => Err(Error::from_store(e)),
    }
}

/// Writes `comp` to `path` atomically, keeping the file it replaces as `NAME.bak`, without
/// taking the file's lock: for tools and tests that stand in for another program. A program
/// that owns the file writes through its [`Keeper`]. The records of the closed seasons on
/// its shelf go to the archive beside it first.
pub fn store(path: &Path, comp: &Competition) -> Result<(), Error> {
    let (through, unflushed) = archive_closed(path, comp, None)?;
    write_bytes(path, &encode_kept(comp, None, None, through))?;
    unflushed.map_or(Ok(()), Err)
}

fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    atomic::write(path, bytes, Some(&backup_path(path))).map_err(Error::from_store)
}

/// The owner of one save file while a program works on it: it holds the file's lock, and
/// knows the file as this program last read or wrote it.
#[derive(Debug)]
pub struct Keeper {
    path: PathBuf,
    /// `None` only when the lock could not be taken for a reason other than another owner
    /// (its folder cannot be made, say): it is taken again before each write.
    lock: Option<Lock>,
    /// `None`: the file was not there when last looked at.
    stamp: Option<FileStamp>,
    /// The person's match in play, with every action so far (the save's and the journal's).
    in_play: Option<MatchRecord>,
    /// The last match the person played to its end.
    last_played: Option<MatchRecord>,
    /// The actions of the match in play that the save on disk holds (0: none of this match).
    saved_ops: usize,
    /// The journal being written, once an action has been made since the save was written.
    journal: Option<journal::Writer>,
    /// What became of a journal that could not be used, to be told.
    journal_note: Option<JournalNote>,
    /// The last season whose records the archive beside the file holds for it.
    archived_through: Option<u16>,
}

impl Keeper {
    /// Takes the lock of the save file at `path` (which need not exist yet), or says which
    /// program has it. Temporary files left by a killed write of it are swept away.
    /// A lock that cannot be made at all (the folder cannot be made, say) does not stop the
    /// program from reading or playing: writing, which needs it, then says why it cannot.
    pub fn take(path: &Path) -> Result<Keeper, Error> {
        let lock = match Lock::take(path) {
            Ok(lock) => Some(lock),
            Err(e) if matches!(e.kind, store::ErrorKind::Locked { .. }) => {
                return Err(Error::from_store(e))
            }
            Err(_) => None,
        };
        if lock.is_some() {
            atomic::remove_stray_temps(path);
        }
        if lock.is_some() {
            atomic::remove_stray_temps(&journal::path_for(path));
            atomic::remove_stray_temps(&archive::path_for(path));
        }
        Ok(Keeper {
            path: path.to_path_buf(),
            lock,
            stamp: stamp(path),
            in_play: None,
            last_played: None,
            saved_ops: 0,
            journal: None,
            journal_note: None,
            archived_through: None,
        })
    }

    /// Takes the lock now if [`Keeper::take`] could not (the folder cannot be made, or
    /// cannot be written to), or says why it cannot: for work that will have to be saved, so
    /// that it is refused at once rather than lost at its end.
    pub fn ready_to_write(&mut self) -> Result<(), Error> {
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&self.path).map_err(Error::from_store)?);
        }
        Ok(())
    }

    /// The journal beside the file.
    pub fn journal_path(&self) -> PathBuf {
        journal::path_for(&self.path)
    }

    /// Takes what a save file held, and the journal beside it: the match in play is the
    /// save's with the journal's actions after it. A journal that is not this file's match
    /// (an older one, left by a crash after its match was folded in) is left to be removed
    /// by the next save. One that cannot be read is moved aside as `NAME.jnl.bad`; one
    /// damaged before its end (not merely torn by a crash) gives the actions before the
    /// damage, and a copy of it is kept as `NAME.jnl.bad` before anything writes over it.
    /// Either is said in [`Keeper::take_journal_note`].
    fn take_contents(&mut self, all: Contents) -> Competition {
        self.saved_ops = all.in_play.as_ref().map_or(0, |m| m.ops.len());
        self.last_played = all.last_played;
        self.archived_through = all.archived_through;
        self.journal = None;
        let jpath = self.journal_path();
        let (in_play, trouble) = read_journal(&jpath, all.in_play);
        self.in_play = in_play;
        self.journal_note = trouble.map(|(kind, bytes)| {
            let kind = match kind {
                JournalNoteKind::Refused { problem, .. } => JournalNoteKind::Refused {
                    problem,
                    kept: match set_aside(&jpath) {
                        Ok(to) => Kept::At(to),
                        Err(e) => Kept::Failed(e),
                    },
                },
                JournalNoteKind::Damaged {
                    damage, actions, ..
                } => JournalNoteKind::Damaged {
                    damage,
                    actions,
                    kept: match keep_copy(&jpath, &bytes) {
                        Ok(to) => Kept::At(to),
                        Err(e) => Kept::Failed(e),
                    },
                },
                other => other,
            };
            JournalNote { path: jpath, kind }
        });
        all.comp
    }

    /// The person's match in play: every action so far.
    pub fn in_play(&self) -> Option<&MatchRecord> {
        self.in_play.as_ref()
    }

    /// The last match the person played to its end, with their actions in it (for a review
    /// of it: see [`MatchRecord::choices`]).
    pub fn last_played(&self) -> Option<&MatchRecord> {
        self.last_played.as_ref()
    }

    /// The last season whose records the archive beside the file holds, as the file was
    /// last read or written (see [`v4`]).
    pub fn archived_through(&self) -> Option<u16> {
        self.archived_through
    }

    /// What became of a journal that could not be used whole, if anything (said once).
    pub fn take_journal_note(&mut self) -> Option<JournalNote> {
        self.journal_note.take()
    }

    /// The person begins `game` (its actions those made so far, usually none): its journal
    /// is written at once, so that it is resumed if the program is stopped now.
    pub fn begin_match(&mut self, game: MatchRecord) -> Result<(), Error> {
        if self
            .in_play
            .as_ref()
            .is_some_and(|m| m.fixture != game.fixture)
        {
            self.saved_ops = 0;
        }
        self.in_play = Some(game);
        self.journal = None;
        self.open_journal()
    }

    /// Writes the whole journal of the match in play afresh (everything since the save), and
    /// keeps it open to append to.
    fn open_journal(&mut self) -> Result<(), Error> {
        let Some(game) = &self.in_play else {
            return Ok(());
        };
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&self.path).map_err(Error::from_store)?);
        }
        let (w, unflushed) = journal::Writer::begin(&self.journal_path(), game, self.saved_ops)
            .map_err(Error::from_store)?;
        self.journal = Some(w);
        // The journal is written and open, only its folder not flushed: said, as for a save.
        unflushed.map_or(Ok(()), |e| Err(Error::from_store(e)))
    }

    /// The person did something in the match in play: `ops` are their action and the
    /// computer's choices that followed it. They are kept, and on disk (one write, one flush)
    /// before this returns. Returns the bytes written for them. An error for which
    /// [`Error::written_unflushed`] holds (the journal written afresh, its folder not flushed)
    /// comes with them kept, as does one from [`Keeper::begin_match`].
    pub fn note(&mut self, ops: &[Op]) -> Result<usize, Error> {
        let Some(game) = &mut self.in_play else {
            return Ok(0);
        };
        game.ops.extend_from_slice(ops);
        if self.journal.is_none() {
            // The journal is written whole, these actions included.
            self.open_journal()?;
            return Ok(ops.iter().map(|op| journal::op_frame(op).len()).sum());
        }
        let w = self.journal.as_mut().expect("open");
        w.append(ops).map_err(Error::from_store)
    }

    /// The match in play has ended: one the person played becomes the last match played
    /// (for its review); one they watched is done with, and the last match they played stays
    /// on record. Store to keep it.
    pub fn end_match(&mut self) {
        if let Some(game) = self.in_play.take() {
            if game.mode == record::Mode::Play {
                self.last_played = Some(game);
            }
        }
    }

    /// The match in play is given up (its fixture was played meanwhile, or it cannot be
    /// replayed). Store to forget it on disk too.
    pub fn drop_match(&mut self) {
        self.in_play = None;
    }

    /// The save file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file (see [`load`]) and the journal beside it, and remembers them as read.
    pub fn load(&mut self) -> Result<Competition, Error> {
        let before = stamp(self.path());
        let all = load_all(self.path())?;
        self.stamp = before;
        Ok(self.take_contents(all))
    }

    /// Reads the file's backup in its place (the file's name is the competition's), and
    /// moves the file aside as `NAME.bad` when it is there (it is damaged: see
    /// [`set_aside`]), so that the next save neither overwrites it nor makes it the backup.
    /// Returns the competition and where the damaged file went (an error: it could not be
    /// moved, and the next save replaces it). Save at once, so the file is whole again.
    #[allow(clippy::type_complexity)]
    pub fn read_backup(
        &mut self,
    ) -> Result<(Competition, Option<std::io::Result<PathBuf>>), Error> {
        let path = self.path().to_path_buf();
        // Named by its file's stem, which is the file's.
        let all = load_all(&backup_path(&path))?;
        let aside = path.exists().then(|| set_aside(&path));
        // What is at the path now is known: nothing, or the damaged file that could not be
        // moved and is to be replaced.
        self.stamp = stamp(&path);
        Ok((self.take_contents(all), aside))
    }

    /// Writes `comp` to the file atomically, keeping the version it replaces as `NAME.bak`;
    /// refuses (and writes nothing) if another program has written the file since this one
    /// last read or wrote it.
    ///
    /// An error for which [`Error::written_unflushed`] holds comes after the save is in
    /// place: the file is this program's as written (its next save is no "change by another
    /// program"), and the caller is to say it was saved, only perhaps not yet on the disk.
    pub fn store(&mut self, comp: &Competition) -> Result<(), Error> {
        let path = self.path().to_path_buf();
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&path).map_err(Error::from_store)?);
        }
        if stamp(&path) != self.stamp {
            return Err(Error::new(&path, ErrorKind::ChangedOnDisk));
        }
        // The archive first: the save then never names a season the archive lacks.
        let (through, archive_unflushed) = archive_closed(&path, comp, self.archived_through)?;
        self.archived_through = through;
        let written = write_bytes(
            &path,
            &encode_kept(
                comp,
                self.in_play.as_ref(),
                self.last_played.as_ref(),
                self.archived_through,
            ),
        );
        if let Err(e) = &written {
            if !e.written_unflushed() {
                return written;
            }
        }
        self.stamp = stamp(&path);
        // The save now holds every action: the journal has nothing more to tell. (Kept after a
        // save whose folder was not flushed, it would be read as newer than the save, bringing
        // back a match since ended.)
        self.saved_ops = self.in_play.as_ref().map_or(0, |m| m.ops.len());
        self.journal = None;
        let _ = std::fs::remove_file(self.journal_path());
        match (written, archive_unflushed) {
            (Ok(()), Some(e)) => Err(e),
            (written, _) => written,
        }
    }
}

#[cfg(test)]
mod tests;
