//! Save files: `DIR/NAME.acc`, one competition each. This module owns reading and writing
//! them; the league knows nothing of files. A file is an envelope ([`crate::store::envelope`],
//! tag `ACCCSAVE`) around postcard bytes of the format-5 types ([`v5`]: format 4's file
//! ([`v4`]: format 3's file ([`v3`]: format 1's competition ([`v1`]), the person's match in
//! play and last match ([`record`], stored as [`v2`] has them) and the matches the person
//! played), then the records (tapes) of the matches not yet in the archive beside it), then
//! the innings records the league keeps). Older formats are upgraded on reading, a rung at a
//! time ([`v2::upgrade_1`], [`v3::upgrade_2`], [`v4::upgrade_3`], [`v5::upgrade_4`]), and
//! written as format 5; the matches of formats 1 to 3 are kept as results only, and a file
//! without innings records has them built by replaying its matches.
//!
//! - The archive beside the save ([`archive`], `NAME.acx`) holds the records of the seasons
//!   closed; the [`Keeper`] adds each closed season to it before it writes the save that
//!   names it.
//!
//! - While the person plays a match, each of their actions is appended to the journal beside
//!   the save ([`journal`], `NAME.jnl`) and flushed to disk; the [`Keeper`] reads it back with
//!   the save, and folds it into the save when it next writes it.
//! - A friendly (a match between two people with no championship file) is kept while it is
//!   played in a file of its own beside the saves, journaled as a person's match is
//!   ([`friendly`]).
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
mod aside;
mod codec;
mod error;
pub mod friendly;
pub mod journal;
mod journal_note;
mod keeper;
pub mod record;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;
pub mod v5;

use std::path::{Path, PathBuf};

use crate::league::name::{normalise_file_name, NameError};
use crate::store::envelope::Kind;

pub use self::aside::set_aside;
pub use self::codec::{
    decode, decode_all, decode_file, encode, encode_all, encode_kept, load, load_all, store,
    Contents,
};
pub use self::error::{Error, ErrorKind, Problem};
pub use self::journal_note::{
    check_journal, in_play_with_journal, JournalNote, JournalNoteKind, Kept,
};
pub use self::keeper::{stamp, FileStamp, Keeper};

/// The save file's extension.
pub const EXTENSION: &str = "acc";
/// The backup's extension.
pub const BACKUP_EXTENSION: &str = "bak";
/// The save file's tag and the format this program writes.
pub const KIND: Kind = Kind {
    tag: b"ACCCSAVE",
    version: 5,
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

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;
