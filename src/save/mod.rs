//! Save files: `DIR/NAME.acc`, one competition each. This module owns reading and writing
//! them; the league knows nothing of files. A file is an envelope ([`crate::store::envelope`],
//! tag `ACCCSAVE`) around postcard bytes of the format-1 types ([`v1`]).
//!
//! - Reading ([`load`]) takes only a regular file of bounded size, checks the envelope, decodes
//!   the payload and checks that the competition could have been played
//!   ([`crate::league::check`]). Every unusable file gives an [`Error`] that names the file and
//!   the problem in words and, when there is one, points to the backup.
//! - Writing goes through a [`Keeper`]: it holds the file's lock ([`crate::store::lock`]) from
//!   loading to the last write, so a second program is told who has the file instead of both
//!   writing it; each write is atomic and keeps the version it replaces as `NAME.bak`; and
//!   nothing overwrites a file that another program (one that takes no lock) has written since
//!   it was read.

pub mod v1;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::league::check::Implausible;
use crate::league::competition::{normalise_name, NameError};
use crate::league::Competition;
use crate::store::envelope::{self, Kind};
use crate::store::{self, atomic, lock::Lock};

/// The save file's extension.
pub const EXTENSION: &str = "acc";
/// The backup's extension.
pub const BACKUP_EXTENSION: &str = "bak";
/// The save file's tag and the format this program writes.
pub const KIND: Kind = Kind {
    tag: b"ACCCSAVE",
    version: 1,
};
/// The largest save file read: a whole 100-season competition is about 520 KB.
pub const MAX_BYTES: u64 = 32 << 20;

/// The path of competition `name`'s file in `dir` (the name checked and upper-cased).
pub fn path_for(dir: &Path, name: &str) -> Result<PathBuf, NameError> {
    let name = normalise_name(name)?;
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
    let bad = path.with_extension("bad");
    let free = (2..100).map(|n| path.with_extension(format!("bad.{n}")));
    let to = std::iter::once(bad)
        .chain(free)
        .find(|p| !p.exists())
        .ok_or_else(|| std::io::Error::other("too many damaged copies"))?;
    std::fs::rename(path, &to)?;
    Ok(to)
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
        }
    }
}

impl std::error::Error for Problem {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Problem::Envelope(p) => Some(p),
            Problem::Undecodable(e) => Some(e),
            Problem::Implausible(i) => Some(i),
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
    let bytes = store::read::read_regular(path, MAX_BYTES).map_err(Error::from_store)?;
    let mut comp = decode(&bytes).map_err(|p| Error::new(path, ErrorKind::Unusable(p)))?;
    // The file's name, not the one stored inside, says which competition this is (and where
    // it is saved): a copy, or a backup opened in its file's place, must not save over the
    // file it came from.
    if let Some(name) = path
        .file_stem()
        .and_then(|s| normalise_name(&s.to_string_lossy()).ok())
    {
        comp.rename(name);
    }
    Ok(comp)
}

/// The competition in a save file's bytes.
pub fn decode(bytes: &[u8]) -> Result<Competition, Problem> {
    let (_version, payload) = envelope::unwrap(KIND, bytes).map_err(Problem::Envelope)?;
    let file: v1::FileV1 = postcard::from_bytes(payload).map_err(Problem::Undecodable)?;
    file.into_competition().map_err(Problem::Implausible)
}

/// A save file's bytes for `comp`.
pub fn encode(comp: &Competition) -> Vec<u8> {
    let payload =
        postcard::to_stdvec(&v1::FileV1::from_competition(comp)).expect("save types serialise");
    envelope::wrap(KIND, &payload)
}

/// Writes `comp` to `path` atomically, keeping the file it replaces as `NAME.bak`, without
/// taking the file's lock: for tools and tests that stand in for another program. A program
/// that owns the file writes through its [`Keeper`].
pub fn store(path: &Path, comp: &Competition) -> Result<(), Error> {
    atomic::write(path, &encode(comp), Some(&backup_path(path))).map_err(Error::from_store)
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
        Ok(Keeper {
            path: path.to_path_buf(),
            lock,
            stamp: stamp(path),
        })
    }

    /// The save file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file (see [`load`]), and remembers it as read.
    pub fn load(&mut self) -> Result<Competition, Error> {
        let before = stamp(self.path());
        let comp = load(self.path())?;
        self.stamp = before;
        Ok(comp)
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
        let comp = load(&backup_path(&path))?;
        let aside = path.exists().then(|| set_aside(&path));
        // What is at the path now is known: nothing, or the damaged file that could not be
        // moved and is to be replaced.
        self.stamp = stamp(&path);
        Ok((comp, aside))
    }

    /// Writes `comp` to the file atomically, keeping the version it replaces as `NAME.bak`;
    /// refuses (and writes nothing) if another program has written the file since this one
    /// last read or wrote it.
    pub fn store(&mut self, comp: &Competition) -> Result<(), Error> {
        let path = self.path().to_path_buf();
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&path).map_err(Error::from_store)?);
        }
        if stamp(&path) != self.stamp {
            return Err(Error::new(&path, ErrorKind::ChangedOnDisk));
        }
        store(&path, comp)?;
        self.stamp = stamp(&path);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
