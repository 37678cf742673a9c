//! The advisory lock that makes one program at a time the owner of a file: `.NAME.lock`
//! beside it, locked with the operating system's file lock (`File::try_lock`) for as long as
//! the [`Lock`] lives, and holding the owner's process id so that the next program can say who
//! has it. The operating system drops the lock when its owner ends, however it ends.
//!
//! The owner removes the lock file when it lets go, so the folder holds no trace of it. That
//! is safe because a taker checks, once it holds the lock, that the name still leads to the
//! file it locked; if the owner removed it meanwhile, the taker starts again.
//!
//! Readers that only look (`accc show`, `accc export`) take no lock: a file is only ever
//! replaced whole (see [`super::atomic`]), so they always read one complete version.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::{Doing, Error, ErrorKind};

/// The lock on one file, held until dropped.
#[derive(Debug)]
pub struct Lock {
    file: File,
    path: PathBuf,
}

/// The lock file of `path`: `.NAME.lock` beside it.
pub fn lock_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.lock"))
}

impl Lock {
    /// Takes the lock of the file at `path` (which need not exist yet), or says who holds it.
    /// Creates the folder when it is missing.
    pub fn take(path: &Path) -> Result<Lock, Error> {
        let lock = lock_path(path);
        if let Some(dir) = lock.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, Doing::MakingFolder, e))?;
        }
        loop {
            // Only a regular file is a lock: a named pipe, a folder or a link in its place is
            // no lock file of this program's, and is left as it is.
            if let Some(what) = not_a_lock(&lock) {
                return Err(Error::new(path, ErrorKind::LockNotAFile { lock, what }));
            }
            let mut file = open_lock(&lock).map_err(|e| Error::io(path, Doing::Locking, e))?;
            if let Some(what) = file
                .metadata()
                .ok()
                .filter(|m| !m.is_file())
                .map(|m| super::read::kind_name(&m))
            {
                return Err(Error::new(path, ErrorKind::LockNotAFile { lock, what }));
            }
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let pid = owner(&mut file);
                    return Err(Error::new(path, ErrorKind::Locked { pid }));
                }
                Err(TryLockError::Error(e)) => return Err(Error::io(path, Doing::Locking, e)),
            }
            if !still_named(&file, &lock) {
                // The owner let go and removed it between our opening and locking it.
                continue;
            }
            // Who holds it, for the message another program gives; the lock stands without it.
            let _ = file
                .set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| write!(file, "{}", std::process::id()));
            return Ok(Lock {
                file,
                path: path.to_path_buf(),
            });
        }
    }

    /// The file this lock is for.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What is at `lock` when it is there and is not a regular file (a link, even to one, is
/// not followed).
fn not_a_lock(lock: &Path) -> Option<&'static str> {
    let meta = std::fs::symlink_metadata(lock).ok()?;
    match meta.file_type() {
        t if t.is_file() => None,
        t if t.is_symlink() => Some("a link"),
        _ => Some(super::read::kind_name(&meta)),
    }
}

/// Opens (or makes) the lock file, never through a link nor waiting on a pipe.
fn open_lock(lock: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(lock)
}

/// The process id the owner wrote in the lock file. An owner that has only just taken the
/// lock may not have written it yet: it is looked for a few times over a tenth of a second.
fn owner(file: &mut File) -> Option<u32> {
    for _ in 0..5 {
        let mut text = String::new();
        if file.rewind().is_ok() && file.read_to_string(&mut text).is_ok() {
            if let Ok(pid) = text.trim().parse() {
                return Some(pid);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    None
}

/// Whether `name` still leads to the open `file`.
#[cfg(unix)]
fn still_named(file: &File, name: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(name)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_named(_file: &File, _name: &Path) -> bool {
    true
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held (see the module's note); where files cannot be removed
        // while open, it is emptied and left.
        if cfg!(unix) {
            let _ = std::fs::remove_file(lock_path(&self.path));
        } else {
            let _ = self.file.set_len(0);
        }
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;

    #[test]
    fn a_second_taker_is_refused_with_the_owner_named_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub").join("A.acc");
        let first = Lock::take(&p).unwrap();
        let e = Lock::take(&p).unwrap_err();
        let pid = std::process::id();
        assert!(
            matches!(e.kind, ErrorKind::Locked { pid: Some(p) } if p == pid),
            "{e:?}"
        );
        assert!(e.to_string().contains("open in another accc"));
        drop(first);
        let again = Lock::take(&p).unwrap();
        assert_eq!(again.path(), p);
        assert!(!p.exists(), "taking the lock does not make the file");
        drop(again);
        assert_eq!(
            std::fs::read_dir(p.parent().unwrap()).unwrap().count(),
            0,
            "no lock file is left behind"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_not_a_regular_file_is_refused_and_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("A.acc");
        let name = lock_path(&p);
        let c = std::ffi::CString::new(name.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = Lock::take(&p).unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::LockNotAFile { what: "a named pipe", lock } if *lock == name),
            "{e:?}"
        );
        assert!(e.kind.cannot_be_used());
        assert!(
            e.to_string().contains(&format!(
                "its lock file {} is a named pipe, not a file this program can use",
                name.display()
            )),
            "{e}"
        );
        assert!(std::fs::symlink_metadata(&name)
            .unwrap()
            .file_type()
            .is_fifo());
        // A link in its place, even to nothing (opening it would make its target), or a folder.
        std::fs::remove_file(&name).unwrap();
        let target = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&target, &name).unwrap();
        let e = Lock::take(&p).unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::LockNotAFile { what: "a link", .. }),
            "{e:?}"
        );
        assert!(!target.exists(), "nothing made through the link");
        std::fs::remove_file(&name).unwrap();
        std::fs::create_dir(&name).unwrap();
        let e = Lock::take(&p).unwrap_err();
        assert!(
            matches!(
                &e.kind,
                ErrorKind::LockNotAFile {
                    what: "a folder",
                    ..
                }
            ),
            "{e:?}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_removed_under_a_taker_is_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("A.acc");
        let name = lock_path(&p);
        let stale = File::create(&name).unwrap();
        std::fs::remove_file(&name).unwrap();
        assert!(!still_named(&stale, &name));
        let fresh = File::create(&name).unwrap();
        assert!(still_named(&fresh, &name));
        assert!(
            !still_named(&stale, &name),
            "a new file under the old name is another"
        );
    }
}
