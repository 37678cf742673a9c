//! Save files: `DIR/NAME.acc`, one competition each. A file is an envelope ([`container`]:
//! magic tag, format version, CRC-32) around postcard bytes of the format-1 types ([`v1`]).
//! Files are written atomically ([`atomic`]) and the previous version is kept as `NAME.bak`.
//! Every unusable file gives a clear error that names the file and the problem and, when there
//! is one, points to the backup.

pub mod atomic;
pub mod container;
pub mod crc32;
pub mod v1;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::league::competition::normalise_name;
use crate::league::Competition;

use container::Problem;

/// The save file's extension.
pub const EXTENSION: &str = "acc";
/// The backup's extension.
pub const BACKUP_EXTENSION: &str = "bak";

/// The path of competition `name`'s file in `dir` (the name checked and upper-cased).
pub fn path_for(dir: &Path, name: &str) -> Result<PathBuf> {
    let name = normalise_name(name).map_err(Error::Usage)?;
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

/// "; a backup is at DIR/X.bak; copy it over X.acc to go back to it", when there is one.
pub fn backup_hint(path: &Path) -> String {
    let bak = backup_path(path);
    if bak.is_file() && bak != path {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        format!(
            "; a backup is at {}; copy it over {file} to go back to it",
            bak.display()
        )
    } else {
        String::new()
    }
}

/// What a save file looked like on disk when last read or written: enough to notice that
/// another program (a second window, `accc sim`) has written it since.
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

/// Reads the competition saved at `path`.
pub fn load(path: &Path) -> Result<Competition> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::NotFound(format!(
                "there is no save file {}{}",
                path.display(),
                backup_hint(path)
            )));
        }
        Err(e) => return Err(Error::io(format!("cannot read {}", path.display()), e)),
    };
    let mut comp = decode(&bytes).map_err(|problem| {
        Error::BadFile(format!("{} {problem}{}", path.display(), backup_hint(path)))
    })?;
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
pub fn decode(bytes: &[u8]) -> std::result::Result<Competition, Problem> {
    let (_version, payload) = container::unwrap(bytes)?;
    let file: v1::FileV1 = postcard::from_bytes(payload)
        .map_err(|e| Problem::Corrupt(format!("it cannot be decoded ({e})")))?;
    file.into_competition()
        .map_err(|e| Problem::Corrupt(format!("its contents do not hold together ({e})")))
}

/// A save file's bytes for `comp`.
pub fn encode(comp: &Competition) -> Vec<u8> {
    let payload =
        postcard::to_stdvec(&v1::FileV1::from_competition(comp)).expect("save types serialise");
    container::wrap(&payload)
}

/// Writes `comp` to `path` atomically, keeping the file it replaces as `NAME.bak`.
pub fn store(path: &Path, comp: &Competition) -> Result<()> {
    atomic::write_with_backup(path, &encode(comp), &backup_path(path))
}

/// Stores `comp` at `path` unless another program has written the file since this one last
/// read or wrote it (`stamp`, brought up to date by a store). `Ok(false)`: nothing written,
/// the other program's file stands.
pub fn store_unless_changed(
    path: &Path,
    comp: &Competition,
    stamp: &mut Option<FileStamp>,
) -> Result<bool> {
    if self::stamp(path) != *stamp {
        return Ok(false);
    }
    store(path, comp)?;
    *stamp = self::stamp(path);
    Ok(true)
}

#[cfg(test)]
mod tests;
