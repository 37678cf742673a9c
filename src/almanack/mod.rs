//! `accc almanack`: a competition's whole history as one self-contained HTML page — a bump
//! chart of every county's place in every season, the champions' timeline, the eras by
//! decade, every text view as a table, and a page for each county (its story, records and
//! all-time lines). The pictures are SVG drawn by `plotters` ([`charts`]); the page is built
//! with `maud` ([`page`]). Nothing is loaded from anywhere else: no scripts at all, no fonts or
//! images from outside, and a content security policy that forbids them.
//!
//! Every picture's `<figure>` carries its axes (`data-x`, `data-y`: two values and the pixels
//! they fall on) and, for the county lines, the colour of each county (`data-colours`), so
//! that the numbers can be read back from the SVG and checked against `accc export`.

pub mod charts;
pub mod page;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::league::Competition;

/// Written into every almanack's head; a file is replaced only if it has it (or is empty).
pub const GENERATOR: &str = "accc almanack";

/// Why an almanack could not be made or written.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// The kinds of [`Error`].
#[derive(Debug)]
pub enum ErrorKind {
    /// A picture could not be drawn.
    Chart(String),
    /// A view could not be made.
    View(crate::error::Error),
    /// The file to write exists and is not an almanack: it was left alone.
    NotAnAlmanack(PathBuf),
    /// What is at the file's place is not a file this program can use: a folder, a pipe, a
    /// symlink to nothing or round in a loop.
    NotAFile(crate::store::Error),
    /// The folder to write into does not exist: it is not made (a mistyped path would
    /// quietly make a tree of folders).
    NoFolder(PathBuf),
    /// Writing failed.
    Write(crate::store::Error),
}

impl Error {
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Chart(why) => write!(f, "a picture of the almanack could not be drawn: {why}"),
            ErrorKind::View(e) => write!(f, "{e}"),
            ErrorKind::NotAnAlmanack(p) => write!(
                f,
                "{} exists and is not an almanack: it was left alone (give the almanack another name with --out)",
                p.display()
            ),
            ErrorKind::NotAFile(e) => write!(
                f,
                "the almanack {e}: give --out a file name (or - to print the page)"
            ),
            ErrorKind::NoFolder(p) => write!(
                f,
                "there is no folder {}: the almanack was not written (make the folder first, or give --out a file in a folder that exists)",
                p.display()
            ),
            ErrorKind::Write(e) => write!(f, "the almanack {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::error::Error> for Error {
    fn from(e: crate::error::Error) -> Error {
        Error::new(ErrorKind::View(e))
    }
}

impl From<Error> for crate::error::Error {
    fn from(e: Error) -> crate::error::Error {
        let text = e.to_string();
        match e.kind {
            ErrorKind::View(e) => e,
            // A file that cannot be used (README: exit 4): as the page's place, one that is
            // not an earlier almanack, or not a regular file at all.
            ErrorKind::NotAnAlmanack(_) | ErrorKind::NotAFile(_) => {
                crate::error::Error::BadFile(text)
            }
            // As a save file that is not there: nothing named is there to write into.
            ErrorKind::NoFolder(_) => crate::error::Error::NotFound(text),
            // In place, only its folder not flushed: the page is there, and that is said.
            ErrorKind::Write(e) if e.in_place_unflushed() => crate::error::Error::File {
                what: "the almanack is written, but the disk may not have it yet".into(),
                error: e,
            },
            ErrorKind::Write(e) => match e.kind {
                crate::store::ErrorKind::Io { source, .. } => crate::error::Error::io(
                    format!("cannot write the almanack {}", e.path.display()),
                    source,
                ),
                ref k if k.cannot_be_used() => crate::error::Error::File {
                    what: "the almanack was not written".into(),
                    error: e,
                },
                _ => crate::error::Error::Usage(text),
            },
            ErrorKind::Chart(_) => {
                crate::error::Error::io(text, std::io::Error::other("drawing failed"))
            }
        }
    }
}

/// The almanack of `comp` as HTML text.
pub fn html(comp: &Competition) -> Result<String, Error> {
    page::page(comp)
}

/// Writes the almanack of `comp` to `path`, replacing only an earlier almanack (or an empty
/// file), atomically (`store::atomic`: a crash leaves the old file or the new one). Returns
/// the page's size in bytes.
pub fn write(comp: &Competition, path: &Path) -> Result<usize, Error> {
    refuse_to_bury(path)?;
    let text = html(comp)?;
    crate::store::atomic::write(path, text.as_bytes(), None)
        .map_err(|e| Error::new(ErrorKind::Write(e)))?;
    Ok(text.len())
}

/// Whether the file at `path` may be written: in a folder that exists, and missing, empty, or
/// an almanack. Only a regular
/// file is read (a named pipe would wait for ever); anything else is left for the writer to
/// refuse.
fn refuse_to_bury(path: &Path) -> Result<(), Error> {
    if let Some(kind) = crate::store::read::not_regular(path) {
        return Err(Error::new(ErrorKind::NotAFile(crate::store::Error::new(
            path, kind,
        ))));
    }
    // A folder that is missing is not made (the store's writer would make it).
    if let Some(dir) = crate::store::read::missing_folder(path) {
        return Err(Error::new(ErrorKind::NoFolder(dir.to_path_buf())));
    }
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    let Ok(f) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = Vec::new();
    let _ = f.take(4096).read_to_end(&mut head);
    let head = String::from_utf8_lossy(&head);
    let mark = format!("<meta name=\"generator\" content=\"{GENERATOR}\">");
    if head.is_empty() || head.contains(&mark) {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::NotAnAlmanack(path.to_path_buf())))
    }
}
