//! Writing a file so that a crash leaves either the old or the new version, never a mix: the
//! bytes go to a temporary file in the same folder, which is flushed to disk and renamed over
//! the target; then the folder itself is flushed. The version replaced is kept as a backup.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The temporary file a write of `path` goes through: `.NAME.acc.tmp` beside it. A stray one
/// (from a write that was killed) is simply overwritten by the next write.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp"))
}

/// Writes `bytes` to `path` atomically; the file it replaces (if any) becomes `backup`.
/// Creates the folder when it is missing.
pub fn write_with_backup(path: &Path, bytes: &[u8], backup: &Path) -> Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)
        .map_err(|e| Error::io(format!("cannot create the folder {}", dir.display()), e))?;
    let tmp = temp_path(path);
    write_synced(&tmp, bytes)
        .map_err(|e| Error::io(format!("cannot write {}", tmp.display()), e))?;
    if path.exists() {
        keep_backup(path, backup)
            .map_err(|e| Error::io(format!("cannot keep the backup {}", backup.display()), e))?;
    }
    fs::rename(&tmp, path)
        .map_err(|e| Error::io(format!("cannot replace {}", path.display()), e))?;
    sync_dir(dir).map_err(|e| Error::io(format!("cannot flush the folder {}", dir.display()), e))
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Makes `backup` a copy of `path`: a hard link where the file system allows, else a copy
/// (written through its own temporary file, so a crash never leaves half a backup).
fn keep_backup(path: &Path, backup: &Path) -> std::io::Result<()> {
    match fs::remove_file(backup) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    if fs::hard_link(path, backup).is_ok() {
        return Ok(());
    }
    let tmp = temp_path(backup);
    fs::copy(path, &tmp)?;
    File::open(&tmp)?.sync_all()?;
    fs::rename(&tmp, backup)
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}
