//! `accc almanack`: a competition's whole history as HTML — one self-contained page
//! ([`page`]), or a folder of pages to browse ([`site`]: the index, a page a season, a county
//! and a match, and the records) — with every county's place in every season as a small
//! picture a county, the championships each county won, the eras by decade, every text view as
//! a table, each county's story, records and head-to-head. The pictures are SVG drawn by
//! `plotters` ([`charts`]); the pages are built with `maud`. Nothing is loaded from anywhere
//! else: no scripts at all, no fonts or images from outside, and a content security policy
//! that forbids them.
//!
//! Every picture's `<figure>` carries its axes (`data-x`, `data-y`: two values and the pixels
//! they fall on) and, for the county lines, the colour of each county (`data-colours`), so
//! that the numbers can be read back from the SVG and checked against `accc export`.

pub mod charts;
pub mod folder;
pub mod page;
pub mod site;

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
    /// The folder to write holds something the almanack did not write (named): it was left
    /// alone.
    NotAnAlmanackFolder(PathBuf, String),
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
            ErrorKind::NotAnAlmanackFolder(p, what) => write!(
                f,
                "the folder {} holds {what}, which is not part of an almanack: the folder was left alone (give --out an empty folder, a new one, or an earlier almanack's)",
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
            ErrorKind::NotAnAlmanack(_)
            | ErrorKind::NotAnAlmanackFolder(..)
            | ErrorKind::NotAFile(_) => crate::error::Error::BadFile(text),
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

/// Whether `--out` names a folder of pages: one that exists, or a path ending in `/`.
pub fn names_a_folder(path: &Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir()
}

/// What the site's writing made: its pages (the style sheet counted) and bytes, and how many
/// pages were written (all of them, unless an earlier almanack's folder was brought up to
/// date: [`folder`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiteSize {
    pub files: usize,
    pub bytes: u64,
    pub written: usize,
}

/// Writes the almanack of `comp` as a folder of pages ([`site`]) at `dir` (each match's
/// scorecard, where it is kept, from a library `library` opens: [`site::pages`]), replacing only an
/// earlier almanack's folder (or an empty one). The pages are written into a new folder
/// beside it, flushed to disk, and put in its place by renaming: a crash leaves the old folder
/// or the new one (a half-written one only under a hidden name beside it,
/// `.NAME.almanack-PID.tmp`, which the next write of that folder removes). An earlier
/// almanack's folder with its list of pages is brought up to date page by page instead,
/// where at most half its pages changed ([`folder::update`]).
pub fn write_site(
    comp: &Competition,
    library: &(dyn Fn() -> crate::history::Library + Sync),
    dir: &Path,
) -> Result<SiteSize, Error> {
    let dir = trimmed(dir);
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !parent.is_dir() {
        return Err(Error::new(ErrorKind::NoFolder(parent)));
    }
    refuse_to_bury_folder(&dir)?;
    let pages = site::pages(comp, library)?;
    if let Some(size) = folder::update(&dir, &pages)? {
        return Ok(size);
    }
    let name = dir
        .file_name()
        .map_or_else(|| "almanack".into(), |n| n.to_string_lossy().into_owned());
    let temp = parent.join(format!(".{name}.almanack-{}.tmp", std::process::id()));
    let old = parent.join(format!(".{name}.almanack-{}.old", std::process::id()));
    remove_stray(&parent, &name);
    let write_error = |path: &Path, doing, e| {
        Error::new(ErrorKind::Write(crate::store::Error::io(path, doing, e)))
    };
    use crate::store::Doing;
    let written = (|| -> Result<SiteSize, Error> {
        let mut size = SiteSize {
            files: 0,
            bytes: 0,
            written: 0,
        };
        std::fs::create_dir(&temp).map_err(|e| write_error(&dir, Doing::MakingFolder, e))?;
        let mut folders = std::collections::BTreeSet::new();
        for p in &pages {
            let path = temp.join(&p.path);
            if let Some(folder) = path.parent() {
                if folders.insert(folder.to_path_buf()) {
                    std::fs::create_dir_all(folder)
                        .map_err(|e| write_error(&dir, Doing::MakingFolder, e))?;
                }
            }
            std::fs::write(&path, &p.text)
                .map_err(|e| write_error(&dir, Doing::WritingTemporary, e))?;
            size.files += 1;
            size.bytes += p.text.len() as u64;
        }
        size.written = size.files;
        let list = temp.join(folder::LIST);
        std::fs::write(&list, folder::list_text(&pages))
            .map_err(|e| write_error(&dir, Doing::WritingTemporary, e))?;
        flush_all(&temp).map_err(|e| write_error(&dir, Doing::WritingTemporary, e))?;
        Ok(size)
    })();
    let size = match written {
        Ok(size) => size,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&temp);
            return Err(e);
        }
    };
    let there = std::fs::symlink_metadata(&dir).is_ok();
    if there {
        if let Err(e) = std::fs::rename(&dir, &old) {
            let _ = std::fs::remove_dir_all(&temp);
            return Err(write_error(&dir, Doing::Replacing, e));
        }
    }
    if let Err(e) = std::fs::rename(&temp, &dir) {
        // The earlier almanack goes back.
        if there {
            let _ = std::fs::rename(&old, &dir);
        }
        let _ = std::fs::remove_dir_all(&temp);
        return Err(write_error(&dir, Doing::Replacing, e));
    }
    if there {
        let _ = std::fs::remove_dir_all(&old);
    }
    #[cfg(unix)]
    std::fs::File::open(&parent)
        .and_then(|f| f.sync_all())
        .map_err(|e| write_error(&dir, Doing::FlushingFolder, e))?;
    Ok(size)
}

/// `path` without a trailing `/`.
fn trimmed(path: &Path) -> PathBuf {
    let text = path.as_os_str().to_string_lossy();
    let t = text.trim_end_matches(['/', std::path::MAIN_SEPARATOR]);
    if t.is_empty() {
        PathBuf::from("/")
    } else {
        PathBuf::from(t)
    }
}

/// Removes the folders of earlier writes of `name` that were killed.
fn remove_stray(parent: &Path, name: &str) {
    let prefix = format!(".{name}.almanack-");
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let n = e.file_name().to_string_lossy().into_owned();
        if n.starts_with(&prefix) && (n.ends_with(".tmp") || n.ends_with(".old")) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Flushes every file under `dir` to disk, and the folders: one call for the whole file
/// system where there is one (`syncfs`), else file by file.
pub(crate) fn flush_all(dir: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let f = std::fs::File::open(dir)?;
        // SAFETY: syncfs only reads the descriptor, which `f` keeps open for the call.
        if unsafe { libc::syncfs(f.as_raw_fd()) } == 0 {
            return Ok(());
        }
        Err(std::io::Error::last_os_error())
    }
    #[cfg(not(target_os = "linux"))]
    {
        fn each(dir: &Path) -> std::io::Result<()> {
            for e in std::fs::read_dir(dir)? {
                let e = e?;
                if e.file_type()?.is_dir() {
                    each(&e.path())?;
                } else {
                    std::fs::File::open(e.path())?.sync_all()?;
                }
            }
            #[cfg(unix)]
            std::fs::File::open(dir)?.sync_all()?;
            Ok(())
        }
        each(dir)
    }
}

/// Whether the folder at `dir` may be replaced: missing, empty, or an earlier almanack's —
/// its index written by this program and nothing in it but the pages it writes.
fn refuse_to_bury_folder(dir: &Path) -> Result<(), Error> {
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return Ok(());
    };
    let other = |what: String| Err(Error::new(ErrorKind::NotAnAlmanackFolder(dir.into(), what)));
    if meta.file_type().is_symlink() {
        return other("nothing: it is a link to a folder".into());
    }
    if !meta.is_dir() {
        return Err(Error::new(ErrorKind::NotAnAlmanack(dir.to_path_buf())));
    }
    let entries: Vec<std::fs::DirEntry> = match std::fs::read_dir(dir) {
        Ok(e) => e.flatten().collect(),
        Err(e) => {
            return Err(Error::new(ErrorKind::Write(crate::store::Error::io(
                dir,
                crate::store::Doing::Reading,
                e,
            ))))
        }
    };
    if entries.is_empty() {
        return Ok(());
    }
    let index = dir.join("index.html");
    let mark = format!("<meta name=\"generator\" content=\"{GENERATOR}\">");
    let head = crate::store::read::head(&index, 4096).unwrap_or_default();
    if !String::from_utf8_lossy(&head).contains(&mark) {
        return other("files and no almanack's index.html".into());
    }
    for e in &entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let Ok(kind) = e.file_type() else {
            return other(name);
        };
        let ours = |n: &str| site::is_ours(n, false);
        let kept = site::is_ours(&name, kind.is_dir())
            || (kind.is_file() && (folder::is_list(&name) || folder::is_temporary(&name, ours)));
        if kind.is_symlink() || !kept {
            return other(name);
        }
        if kind.is_dir() {
            let Ok(inner) = std::fs::read_dir(e.path()) else {
                return other(name);
            };
            for f in inner.flatten() {
                let inner_name = f.file_name().to_string_lossy().into_owned();
                let page = site::is_our_match(&inner_name)
                    || folder::is_temporary(&inner_name, site::is_our_match);
                if !f.file_type().is_ok_and(|t| t.is_file()) || !page {
                    return other(format!("{name}/{inner_name}"));
                }
            }
        }
    }
    Ok(())
}
