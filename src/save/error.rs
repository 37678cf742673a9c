//! The errors of save files: which file, what went wrong, and the backup to go back to.

use std::fmt;
use std::path::{Path, PathBuf};

use super::{backup_path, v2};
use crate::league::check::Implausible;
use crate::store::{self, envelope};

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
    pub(super) fn new(path: &Path, kind: ErrorKind) -> Error {
        let bak = backup_path(path);
        Error {
            path: path.to_path_buf(),
            kind,
            backup: (bak.is_file() && bak != path).then_some(bak),
        }
    }

    pub(super) fn from_store(e: store::Error) -> Error {
        Error::new(&e.path, ErrorKind::File(e.kind))
    }

    /// Whether the disk (or the user's quota) is full.
    pub fn is_disk_full(&self) -> bool {
        matches!(&self.kind, ErrorKind::File(store::ErrorKind::Io { source, .. })
            if store::is_disk_full(source))
    }

    /// Whether the file was written and only flushing its folder failed, after the new
    /// version was put in place: the file holds what was saved (and the [`Keeper`](super::Keeper) knows it
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
