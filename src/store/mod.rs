//! Keeping a file safe, for any kind of file the program writes (the championship's saves, the
//! charts' table sessions, ball logs); this module knows nothing of what the bytes mean.
//!
//! - [`read`]: reads a file only if it is a regular file of bounded size, so a named pipe, a
//!   device or a folder given as a file is refused at once instead of hanging or filling memory.
//! - [`atomic`]: writes a file so that a crash leaves the old version or the new, never a mix,
//!   through a temporary file of this process's own, keeping the old version as a backup.
//! - [`lock`]: an advisory lock beside a file, held from reading it to the last write, so that
//!   two programs never both believe they own it.
//! - [`envelope`]: a tag, a format version and a CRC-32 around a payload.
//!
//! Errors are an [`Error`]: the path, and an [`ErrorKind`] saying what went wrong, decided when
//! the step fails (a folder that is a file is looked at then, not when the message is shown).

pub mod atomic;
pub mod crc32;
pub mod envelope;
pub mod lock;
pub mod read;

use std::fmt;
use std::path::{Path, PathBuf};

/// What went wrong with a file, and which file.
#[derive(Debug)]
pub struct Error {
    pub path: PathBuf,
    pub kind: ErrorKind,
}

/// What went wrong.
#[derive(Debug)]
pub enum ErrorKind {
    /// There is no such file.
    NotFound,
    /// It is not a regular file: a folder, a named pipe, a device, a socket.
    NotRegular(&'static str),
    /// It is a symlink to `target`, which is not there (on a drive not attached, say): not a
    /// regular file either, so it is neither read as missing nor replaced by a new file.
    DanglingLink { target: PathBuf },
    /// It is a symlink (to `target`) that leads round in a loop, or through more links than
    /// the system follows: it leads to no file, so it is not a regular file either.
    LinkLoop { target: PathBuf },
    /// It is larger than any file of its kind can be.
    TooLarge { len: u64, limit: u64 },
    /// Another program holds its lock (`pid`: the process, when it said).
    Locked { pid: Option<u32> },
    /// Its lock file (`lock`) is there but is `what` (a named pipe, a folder, a link), not a
    /// regular file: no program of this one's made it, so it is neither taken as the lock
    /// nor removed.
    LockNotAFile { lock: PathBuf, what: &'static str },
    /// A step failed because something that had to be a folder is not one: `folder`, a file
    /// (`file`) or something else (a named pipe, a device). Looked at when the step failed,
    /// so the message says what was there then, whatever is there when it is shown.
    NotAFolder {
        doing: Doing,
        folder: PathBuf,
        file: bool,
    },
    /// The operating system refused a step.
    Io {
        doing: Doing,
        source: std::io::Error,
    },
}

impl ErrorKind {
    /// Whether only flushing the folder failed, after the new version was put in place
    /// ([`Error::in_place_unflushed`]).
    pub fn in_place_unflushed(&self) -> bool {
        matches!(
            self,
            ErrorKind::Io {
                doing: Doing::FlushingFolder,
                ..
            } | ErrorKind::NotAFolder {
                doing: Doing::FlushingFolder,
                ..
            }
        )
    }

    /// Whether what is at the file's place (or on the way to it) is no file this program can
    /// use, as opposed to a step the system refused: not a regular file (a folder, a pipe, a
    /// symlink to nothing or round in a loop), too large to be one, or a file where a folder
    /// must be. The README's exit 4, where a refused read or write is 5.
    pub fn cannot_be_used(&self) -> bool {
        matches!(
            self,
            ErrorKind::NotRegular(_)
                | ErrorKind::DanglingLink { .. }
                | ErrorKind::LinkLoop { .. }
                | ErrorKind::TooLarge { .. }
                | ErrorKind::NotAFolder { .. }
                | ErrorKind::LockNotAFile { .. }
        )
    }
}

/// The step that failed, for the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    Reading,
    MakingFolder,
    WritingTemporary,
    KeepingBackup,
    Replacing,
    FlushingFolder,
    Locking,
    Appending,
    Removing,
}

impl Doing {
    fn text(self) -> &'static str {
        match self {
            Doing::Reading => "reading it",
            Doing::MakingFolder => "making its folder",
            Doing::WritingTemporary => "writing its new version",
            Doing::KeepingBackup => "keeping its backup",
            Doing::Replacing => "putting its new version in place",
            Doing::FlushingFolder => "flushing its folder to disk",
            Doing::Locking => "taking its lock",
            Doing::Appending => "adding to it",
            Doing::Removing => "removing it",
        }
    }
}

impl Error {
    pub fn new(path: &Path, kind: ErrorKind) -> Error {
        Error {
            path: path.to_path_buf(),
            kind,
        }
    }

    /// The operating system refused `doing` on `path` with `source`; what it means is
    /// decided now, looking at the file system as it is when the step failed.
    pub(crate) fn io(path: &Path, doing: Doing, source: std::io::Error) -> Error {
        if source.kind() == std::io::ErrorKind::NotFound && doing == Doing::Reading {
            if let Some(kind @ ErrorKind::DanglingLink { .. }) = read::broken_link(path) {
                return Error::new(path, kind);
            }
            return Error::new(path, ErrorKind::NotFound);
        }
        if read::is_loop(&source) {
            if let Some(kind @ ErrorKind::LinkLoop { .. }) = read::broken_link(path) {
                return Error::new(path, kind);
            }
        }
        if let Some((folder, file)) = not_a_folder(path, doing, &source) {
            return Error::new(
                path,
                ErrorKind::NotAFolder {
                    doing,
                    folder,
                    file,
                },
            );
        }
        Error::new(path, ErrorKind::Io { doing, source })
    }

    /// Whether only flushing the folder failed, after the new version was put in place: the
    /// file holds what was written, though the disk may not have it yet.
    pub fn in_place_unflushed(&self) -> bool {
        self.kind.in_place_unflushed()
    }

    /// Whether the disk (or the user's quota) is full.
    pub fn is_disk_full(&self) -> bool {
        matches!(&self.kind, ErrorKind::Io { source, .. } if is_disk_full(source))
    }
}

/// When a step on `path` failed because something that had to be a folder is not one (the
/// folder being made, or a folder on the way to `path`): that thing, and whether it is a file.
/// The nearest thing there is on the way is the one that stopped it.
fn not_a_folder(path: &Path, doing: Doing, source: &std::io::Error) -> Option<(PathBuf, bool)> {
    let mut on_the_way = path.ancestors().filter(|a| !a.as_os_str().is_empty());
    if doing != Doing::MakingFolder {
        if source.kind() != std::io::ErrorKind::NotADirectory {
            return None;
        }
        on_the_way.next();
    }
    let (there, meta) = on_the_way.find_map(|a| Some((a, std::fs::metadata(a).ok()?)))?;
    (!meta.is_dir()).then(|| (there.to_path_buf(), meta.is_file()))
}

/// Whether `e` says the disk or the quota is full.
pub fn is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    )
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::NotFound => f.write_str("is not there"),
            ErrorKind::NotRegular(what) => {
                write!(f, "is {what}, not a file this program can use")
            }
            ErrorKind::DanglingLink { target } => write!(
                f,
                "is a link to {}, which is not there, so it is not a file this program can use \
                 (the link was left as it is)",
                target.display()
            ),
            ErrorKind::LinkLoop { target } => write!(
                f,
                "is a link to {}, which leads round in a loop of links to no file, so it is not \
                 a file this program can use (the link was left as it is)",
                target.display()
            ),
            ErrorKind::TooLarge { len, limit } => write!(
                f,
                "is {len} bytes long, larger than any such file can be ({limit} bytes at most)"
            ),
            ErrorKind::Locked { pid: Some(pid) } => {
                write!(f, "is open in another accc (process {pid})")
            }
            ErrorKind::Locked { pid: None } => f.write_str("is open in another accc"),
            ErrorKind::LockNotAFile { lock, what } => write!(
                f,
                "cannot be locked: its lock file {} is {what}, not a file this program can use \
                 (it was left as it is; remove it, as no accc made it, and try again)",
                lock.display()
            ),
            ErrorKind::Io { doing, source } if is_disk_full(source) => {
                write!(f, "could not be saved: the disk is full ({})", doing.text())
            }
            ErrorKind::Io { doing, source } => {
                write!(f, "failed while {}: {}", doing.text(), plain_io(source))
            }
            ErrorKind::NotAFolder {
                doing,
                folder,
                file,
            } => {
                let what = if *file {
                    "is a file, not a folder"
                } else {
                    "is there but is not a folder"
                };
                let done = match doing {
                    Doing::MakingFolder => "made",
                    Doing::Reading => "read",
                    _ => "written",
                };
                write!(f, "cannot be {done}: {} {what}", folder.display())
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        describe(f, &self.path, &self.kind)
    }
}

/// Writes what went wrong with the file at `path`, as a sentence that starts with it; or, when
/// what failed is its folder (one that is a file, or cannot be written to), with the folder.
/// Only formats: what went wrong was decided when it happened (see [`ErrorKind`]).
pub fn describe(f: &mut fmt::Formatter<'_>, path: &Path, kind: &ErrorKind) -> fmt::Result {
    use std::io::ErrorKind as K;
    match kind {
        ErrorKind::NotAFolder {
            doing: Doing::MakingFolder,
            ..
        } => write!(f, "the folder {} {kind}", path.display()),
        ErrorKind::Io {
            doing: Doing::Locking,
            source,
        } if matches!(source.kind(), K::PermissionDenied | K::ReadOnlyFilesystem) => {
            let folder = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
                Some(dir) => format!("the folder {}", dir.display()),
                None => "the current folder".to_string(),
            };
            write!(
                f,
                "{folder} cannot be written to ({}), so {} cannot be saved there",
                plain_io(source),
                path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned()
                )
            )
        }
        ErrorKind::Io {
            doing: Doing::MakingFolder,
            source,
        } => write!(
            f,
            "cannot make the folder {}: {}",
            path.display(),
            plain_io(source)
        ),
        kind => write!(f, "{} {kind}", path.display()),
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// An I/O error in plain words, without the "(os error N)" tail.
pub fn plain_io(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::PermissionDenied => "permission denied".into(),
        K::NotFound => "no such file or folder".into(),
        K::ReadOnlyFilesystem => "the disk is read-only".into(),
        K::StorageFull | K::QuotaExceeded => "the disk is full".into(),
        K::IsADirectory => "it is a folder".into(),
        K::NotADirectory => "part of its path is not a folder".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_that_is_a_file_is_said_as_it_was_when_the_step_failed() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("afile");
        std::fs::write(&folder, "").unwrap();
        let said = format!(
            "the folder {0} cannot be made: {0} is a file, not a folder",
            folder.display()
        );
        let locking = lock::Lock::take(&folder.join("X.acc")).unwrap_err();
        let writing = atomic::write(&folder.join("X.acc"), b"x", None).unwrap_err();
        for e in [&locking, &writing] {
            assert!(
                matches!(&e.kind, ErrorKind::NotAFolder { file: true, folder: f, .. } if *f == folder),
                "{e:?}"
            );
            assert_eq!(e.to_string(), said);
        }
        // The folder is mended before the messages are shown: they still say what happened.
        std::fs::remove_file(&folder).unwrap();
        std::fs::create_dir(&folder).unwrap();
        for e in [&locking, &writing] {
            assert_eq!(e.to_string(), said);
        }
    }

    #[test]
    fn a_file_on_the_way_to_a_file_is_named_as_what_stopped_the_step() {
        let dir = tempfile::tempdir().unwrap();
        let afile = dir.path().join("afile");
        std::fs::write(&afile, "").unwrap();
        let deep = afile.join("a").join("X.acc");
        let reading = read::read_regular(&afile.join("X.acc"), 100).unwrap_err();
        let reading_deep = read::read_regular(&deep, 100).unwrap_err();
        let making = lock::Lock::take(&deep).unwrap_err();
        let said = [
            format!(
                "{} cannot be read: {} is a file, not a folder",
                afile.join("X.acc").display(),
                afile.display()
            ),
            format!(
                "{} cannot be read: {} is a file, not a folder",
                deep.display(),
                afile.display()
            ),
            format!(
                "the folder {} cannot be made: {} is a file, not a folder",
                afile.join("a").display(),
                afile.display()
            ),
        ];
        let errors = [&reading, &reading_deep, &making];
        for (e, said) in errors.iter().zip(&said) {
            assert_eq!(&e.to_string(), said);
        }
        std::fs::remove_file(&afile).unwrap();
        std::fs::create_dir_all(afile.join("a")).unwrap();
        for (e, said) in errors.iter().zip(&said) {
            assert_eq!(&e.to_string(), said, "the same once the folder is mended");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_that_is_a_device_is_said_to_be_no_folder() {
        let e = lock::Lock::take(Path::new("/dev/null/X.acc")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the folder /dev/null cannot be made: /dev/null is there but is not a folder"
        );
    }

    #[test]
    fn a_folder_that_cannot_be_written_to_is_said_from_the_error_alone() {
        // No such folder exists: the message comes from what the step was told, not the disk.
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let e = Error::io(Path::new("nowhere/rodir/RO.acc"), Doing::Locking, denied);
        assert_eq!(
            e.to_string(),
            "the folder nowhere/rodir cannot be written to (permission denied), so RO.acc cannot \
             be saved there"
        );
        let read_only = std::io::Error::from(std::io::ErrorKind::ReadOnlyFilesystem);
        let e = Error::io(Path::new("RO.acc"), Doing::Locking, read_only);
        assert_eq!(
            e.to_string(),
            "the current folder cannot be written to (the disk is read-only), so RO.acc cannot \
             be saved there"
        );
    }
}
