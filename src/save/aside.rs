//! Keeping a damaged file aside, never over another: `NAME.bad` for a save, `NAME.jnl.bad`
//! for a journal, then `.bad.2`, `.bad.3`, ...

use std::path::{Path, PathBuf};

use super::journal;
use crate::store::{self, atomic};

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
pub(super) fn keep_copy(path: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
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
