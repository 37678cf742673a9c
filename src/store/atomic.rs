//! Writing a file so that a crash leaves either the old or the new version, never a mix: the
//! bytes go to a temporary file of this process's own in the same folder, which is flushed to
//! disk and renamed over the target; then the folder itself is flushed. The version replaced
//! can be kept as a backup.
//!
//! A target that is a symlink is written through: its real file is replaced and the link
//! stays, and the backup is a real copy of the old contents, never a second link.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use super::{Doing, Error};

/// Suffix of every temporary file this module makes.
const TEMP_SUFFIX: &str = ".tmp";

/// The temporary file a write of `path` goes through: `.NAME.PID-N.tmp` beside it, a name of
/// this process's own (and of this write's own within it), so two programs never share one.
pub fn temp_path(path: &Path) -> PathBuf {
    static WRITES: AtomicU32 = AtomicU32::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(
        "{}{}-{n}{TEMP_SUFFIX}",
        temp_prefix(path),
        std::process::id()
    ))
}

/// `.NAME.`: how every temporary file of `path` starts.
fn temp_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    format!(".{name}.")
}

/// Removes temporary files of `path` left by writes that were killed. Only safe while holding
/// the file's lock (no other write of it can be under way); errors are ignored: a stray
/// temporary file harms nothing.
pub fn remove_stray_temps(path: &Path) {
    let (Some(dir), prefix) = (path.parent(), temp_prefix(path)) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The file a write of `path` really replaces: `path`, or the file a symlink there points to.
fn real_target(path: &Path) -> PathBuf {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).unwrap_or(path.into()),
        _ => path.to_path_buf(),
    }
}

/// Writes `bytes` to `path` atomically; the file it replaces (if any) becomes `backup` when
/// one is given. Creates the folder when it is missing.
pub fn write(path: &Path, bytes: &[u8], backup: Option<&Path>) -> Result<(), Error> {
    let target = real_target(path);
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    // A symlink to nothing (or round in a loop) is refused before its folder is made: it is
    // not this writer's to replace (its target may be on a drive not attached).
    if let Some(kind) = super::read::broken_link(path) {
        return Err(Error::new(path, kind));
    }
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, Doing::MakingFolder, e))?;
    if let Some(kind) = super::read::not_regular(&target) {
        return Err(Error::new(path, kind));
    }
    let tmp = temp_path(&target);
    if let Err(e) = write_synced(&tmp, bytes) {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io(path, Doing::WritingTemporary, e));
    }
    if let Some(backup) = backup {
        if target.exists() {
            if let Err(e) = keep_backup(&target, backup) {
                let _ = fs::remove_file(&tmp);
                return Err(Error::io(path, Doing::KeepingBackup, e));
            }
        }
    }
    if let Err(e) = fs::rename(&tmp, &target) {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io(path, Doing::Replacing, e));
    }
    sync_dir(&dir).map_err(|e| Error::io(path, Doing::FlushingFolder, e))
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Makes `backup` a copy of the regular file `path`: a hard link where the file system allows,
/// else a copy (written through its own temporary file, so a crash never leaves half a backup).
/// A backup that is a symlink is replaced by a real file, not written through.
fn keep_backup(path: &Path, backup: &Path) -> std::io::Result<()> {
    match fs::remove_file(backup) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    if fs::hard_link(path, backup).is_ok() {
        return Ok(());
    }
    let tmp = temp_path(backup);
    let copied = fs::copy(path, &tmp)
        .and_then(|_| File::open(&tmp)?.sync_all())
        .and_then(|()| fs::rename(&tmp, backup));
    if copied.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    copied
}

thread_local! {
    /// Whether the folder flushes of this thread's writes are to fail ([`FailingFolderFlushes`]).
    static FLUSHES_FAIL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// While one is held, every folder flush of a write made by this thread fails, after the new
/// version was put in place, as on a disk that refuses to flush a folder: for tests of what a
/// program says when its file is written but may not be on the disk yet, a failure no test
/// can bring about otherwise. Other threads' writes, and this thread's once it is dropped,
/// flush as ever; nothing in the program makes one.
#[derive(Debug)]
pub struct FailingFolderFlushes(());

impl FailingFolderFlushes {
    pub fn begin() -> FailingFolderFlushes {
        FLUSHES_FAIL.with(|f| f.set(true));
        FailingFolderFlushes(())
    }
}

impl Drop for FailingFolderFlushes {
    fn drop(&mut self) {
        FLUSHES_FAIL.with(|f| f.set(false));
    }
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    if FLUSHES_FAIL.with(|f| f.get()) {
        return Err(std::io::Error::other("input/output error"));
    }
    sync_dir_now(dir)
}

#[cfg(unix)]
fn sync_dir_now(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir_now(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ErrorKind;

    #[test]
    fn a_write_replaces_the_file_and_keeps_the_old_one_as_backup() {
        let dir = tempfile::tempdir().unwrap();
        let (p, bak) = (dir.path().join("A.acc"), dir.path().join("A.bak"));
        write(&p, b"one", Some(&bak)).unwrap();
        assert!(!bak.exists(), "nothing to back up the first time");
        write(&p, b"two", Some(&bak)).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        assert_eq!(fs::read(&bak).unwrap(), b"one");
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 2, "no temporary file is left behind");
    }

    #[test]
    fn a_failing_folder_flush_is_told_after_the_new_version_is_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let (p, bak) = (dir.path().join("A.acc"), dir.path().join("A.bak"));
        write(&p, b"one", Some(&bak)).unwrap();
        {
            let _failing = FailingFolderFlushes::begin();
            let e = write(&p, b"two", Some(&bak)).unwrap_err();
            assert!(e.in_place_unflushed(), "{e}");
            assert_eq!(fs::read(&p).unwrap(), b"two");
            assert_eq!(fs::read(&bak).unwrap(), b"one");
            // Another thread's writes flush as ever.
            let q = dir.path().join("B.acc");
            std::thread::spawn(move || write(&q, b"b", None).unwrap())
                .join()
                .unwrap();
        }
        write(&p, b"three", Some(&bak)).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"three");
    }

    #[test]
    fn temporary_names_are_never_shared() {
        let p = Path::new("/x/A.acc");
        let (a, b) = (temp_path(p), temp_path(p));
        assert_ne!(a, b);
        let pid = std::process::id().to_string();
        assert!(a.to_string_lossy().contains(&pid));
        assert!(a
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(".A.acc."));
    }

    #[test]
    fn stray_temporaries_are_swept_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("A.acc");
        fs::write(dir.path().join(".A.acc.999-0.tmp"), b"x").unwrap();
        fs::write(dir.path().join(".B.acc.999-0.tmp"), b"x").unwrap();
        fs::write(&p, b"x").unwrap();
        remove_stray_temps(&p);
        let mut left: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(left, [".B.acc.999-0.tmp", "A.acc"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_file_is_written_through_and_backed_up_as_a_real_file() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.acc");
        let link = dir.path().join("L.acc");
        let bak = dir.path().join("L.bak");
        fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write(&link, b"new", Some(&bak)).unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
        let bak_meta = fs::symlink_metadata(&bak).unwrap();
        assert!(bak_meta.is_file(), "the backup is a real file");
        assert_eq!(fs::read(&bak).unwrap(), b"old");
        // Replacing the real file later leaves the backup as it was.
        write(&link, b"newer", Some(&bak)).unwrap();
        assert_eq!(fs::read(&bak).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_write_over_something_that_is_not_a_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("Z.acc");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        let e = write(&link, b"x", None).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::NotRegular("a device")), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_nothing_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("D.acc");
        let gone = dir.path().join("gone").join("D.acc");
        std::os::unix::fs::symlink(&gone, &link).unwrap();
        let e = write(&link, b"x", Some(&dir.path().join("D.bak"))).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::DanglingLink { .. }), "{e}");
        assert_eq!(fs::read_link(&link).unwrap(), gone, "the link stays");
        assert!(!gone.exists() && !dir.path().join("gone").exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("L.acc");
        std::os::unix::fs::symlink(&link, &link).unwrap();
        let e = write(&link, b"x", Some(&dir.path().join("L.bak"))).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::LinkLoop { .. }), "{e}");
        assert_eq!(fs::read_link(&link).unwrap(), link, "the link stays");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
