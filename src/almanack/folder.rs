//! Bringing an earlier almanack's folder up to date page by page: what [`super::write_site`]
//! does when the folder holds a list of its pages ([`LIST`]) from the write that made it.
//!
//! A century's site is some 11,000 pages, and one more season changes a few hundred of them
//! (its own pages, the index, the counties', the records). Writing the whole folder again and
//! removing the old one costs more in disk work than making the pages; here only the pages
//! whose text differs from the list's are written. Each is written beside its place under a
//! hidden name, the disk flushed, and then put in place by renaming, in an order that keeps
//! every link resolving at each moment: the match pages first (they link only to pages that
//! are there already), then the seasons', counties' and the records, the index last; pages no
//! longer in the site are removed after that, and the list is written last of all. A crash
//! leaves pages of the old site and of the new one, every link leading somewhere; the next
//! write finishes the job (a page the list does not vouch for is written again, and hidden
//! leftovers are removed).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::Path;

use super::site::Page;
use super::{Error, ErrorKind, SiteSize};
use crate::store::{crc32::crc32, Doing};

/// The list of the site's pages in its folder: a line a page, `CRC LENGTH PATH`, the CRC-32
/// and the length of the page's text in bytes (CRC in hexadecimal).
pub const LIST: &str = ".accc-pages";

/// Whether `name` (in the folder's top) is the list, or its lock or a temporary file of it that
/// a stopped write left (`..accc-pages.…`).
pub fn is_list(name: &str) -> bool {
    name == LIST || name.starts_with(&format!(".{LIST}."))
}

/// The hidden name a page is written under before it is put in place (`.NAME.tmp` beside it).
fn temporary_name(name: &str) -> String {
    format!(".{name}.tmp")
}

/// Whether `name` is a page's hidden temporary name (a write that was stopped left it).
pub fn is_temporary(name: &str, ours: impl Fn(&str) -> bool) -> bool {
    name.strip_prefix('.')
        .and_then(|n| n.strip_suffix(".tmp"))
        .is_some_and(ours)
}

/// The list's text for `pages`.
pub fn list_text(pages: &[Page]) -> String {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(pages.len() * 40);
    for p in pages {
        let _ = writeln!(
            text,
            "{:08x} {} {}",
            crc32(p.text.as_bytes()),
            p.text.len(),
            p.path
        );
    }
    text
}

/// The list in the folder `dir`, by path: `None` if there is none or it cannot be read as one.
fn read_list(dir: &Path) -> Option<BTreeMap<String, (u32, usize)>> {
    let text = fs::read_to_string(dir.join(LIST)).ok()?;
    let mut list = BTreeMap::new();
    for line in text.lines() {
        let mut parts = line.splitn(3, ' ');
        let crc = u32::from_str_radix(parts.next()?, 16).ok()?;
        let len = parts.next()?.parse().ok()?;
        let path = parts.next()?;
        if path.is_empty() || path.contains("..") || path.starts_with('/') {
            return None;
        }
        list.insert(path.to_string(), (crc, len));
    }
    Some(list)
}

/// Where a page goes in the order of putting pages in place: its match pages first, the index
/// last (see the module's comment).
fn rank(path: &str) -> u8 {
    if path == super::site::STYLE_FILE {
        0
    } else if path.contains('/') {
        1
    } else if path == "index.html" {
        3
    } else {
        2
    }
}

/// Brings the earlier almanack in `dir` up to `pages`, page by page, if its list is there and
/// at most half the pages changed (else `None`: the folder is better written whole). The
/// folder has been checked to hold only the almanack's own files.
pub fn update(dir: &Path, pages: &[Page]) -> Result<Option<SiteSize>, Error> {
    if !dir.join(LIST).is_file() {
        return Ok(None);
    }
    // One program at a time brings a folder up to date.
    let _lock = crate::store::lock::Lock::take(&dir.join(LIST))
        .map_err(|e| Error::new(ErrorKind::Write(e)))?;
    let Some(list) = read_list(dir) else {
        return Ok(None);
    };
    let error = |path: &Path, doing, e| {
        Error::new(ErrorKind::Write(crate::store::Error::io(path, doing, e)))
    };
    remove_leftovers(dir);
    let mut changed: Vec<&Page> = pages
        .iter()
        .filter(|p| {
            let vouched = list.get(&p.path) == Some(&(crc32(p.text.as_bytes()), p.text.len()));
            // A page changed or removed by hand since is written again.
            !vouched
                || !fs::symlink_metadata(dir.join(&p.path))
                    .is_ok_and(|m| m.is_file() && usize::try_from(m.len()) == Ok(p.text.len()))
        })
        .collect();
    if changed.len() * 2 > pages.len() {
        return Ok(None);
    }
    changed.sort_by_key(|p| rank(&p.path));
    // The new pages, each under its hidden name beside its place.
    let mut folders = BTreeSet::new();
    let mut placed = Vec::with_capacity(changed.len());
    for p in &changed {
        let path = dir.join(&p.path);
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            continue;
        };
        if folders.insert(folder.to_path_buf()) {
            fs::create_dir_all(folder).map_err(|e| error(dir, Doing::MakingFolder, e))?;
        }
        let temp = folder.join(temporary_name(&name.to_string_lossy()));
        let written = fs::File::create(&temp).and_then(|mut f| f.write_all(p.text.as_bytes()));
        if let Err(e) = written {
            for (t, _) in &placed {
                let _ = fs::remove_file(t);
            }
            let _ = fs::remove_file(&temp);
            return Err(error(dir, Doing::WritingTemporary, e));
        }
        placed.push((temp, path));
    }
    super::flush_all(dir).map_err(|e| error(dir, Doing::WritingTemporary, e))?;
    for (temp, path) in &placed {
        fs::rename(temp, path).map_err(|e| error(dir, Doing::Replacing, e))?;
    }
    // Pages of the old site that the new one has not.
    let now: BTreeSet<&str> = pages.iter().map(|p| p.path.as_str()).collect();
    let mut emptied = BTreeSet::new();
    for gone in list.keys().filter(|p| !now.contains(p.as_str())) {
        let path = dir.join(gone);
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            fs::remove_file(&path).map_err(|e| error(dir, Doing::Replacing, e))?;
        }
        if let Some(folder) = path.parent().filter(|f| *f != dir) {
            emptied.insert(folder.to_path_buf());
        }
    }
    for folder in emptied {
        // Only an emptied folder goes; one that still has pages stays (the error says so).
        let _ = fs::remove_dir(folder);
    }
    crate::store::atomic::write(&dir.join(LIST), list_text(pages).as_bytes(), None)
        .map_err(|e| Error::new(ErrorKind::Write(e)))?;
    super::flush_all(dir).map_err(|e| error(dir, Doing::FlushingFolder, e))?;
    Ok(Some(SiteSize {
        files: pages.len(),
        bytes: pages.iter().map(|p| p.text.len() as u64).sum(),
        written: changed.len(),
    }))
}

/// Removes the hidden pages a stopped write left in `dir` and its years' folders.
fn remove_leftovers(dir: &Path) {
    crate::store::atomic::remove_stray_temps(&dir.join(LIST));
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            let Ok(inner) = fs::read_dir(e.path()) else {
                continue;
            };
            for f in inner.flatten() {
                let n = f.file_name().to_string_lossy().into_owned();
                if is_temporary(&n, super::site::is_our_match) {
                    let _ = fs::remove_file(f.path());
                }
            }
        } else if is_temporary(&name, |n| super::site::is_ours(n, false)) {
            let _ = fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str, text: &str) -> Page {
        Page {
            path: path.into(),
            text: text.into(),
        }
    }

    #[test]
    fn the_list_reads_back_what_it_wrote_and_refuses_paths_outside_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let pages = [page("index.html", "i"), page("1890/first-01.html", "match")];
        fs::write(dir.path().join(LIST), list_text(&pages)).unwrap();
        let list = read_list(dir.path()).unwrap();
        assert_eq!(list.get("1890/first-01.html"), Some(&(crc32(b"match"), 5)));
        assert_eq!(list.len(), 2);
        for bad in [
            "0 1 ../x.html\n",
            "zz 1 a.html\n",
            "0 x a.html\n",
            "0 1\n",
            "0 1 /etc/x\n",
        ] {
            fs::write(dir.path().join(LIST), bad).unwrap();
            assert!(read_list(dir.path()).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn pages_are_put_in_place_matches_first_and_the_index_last() {
        let mut paths = [
            "index.html",
            "season-1890.html",
            "1890/first-01.html",
            "style.css",
        ];
        paths.sort_by_key(|p| rank(p));
        assert_eq!(
            paths,
            [
                "style.css",
                "1890/first-01.html",
                "season-1890.html",
                "index.html"
            ]
        );
    }

    #[test]
    fn the_lists_own_files_are_known_and_no_others() {
        assert!(is_list(LIST));
        assert!(is_list("..accc-pages.lock"));
        assert!(is_list("..accc-pages.1234-0.tmp"));
        assert!(!is_list(".accc-pagesx"));
        assert!(!is_list("accc-pages"));
    }

    #[test]
    fn a_temporary_name_is_known_only_for_a_page_of_ours() {
        assert!(is_temporary(
            &temporary_name("first-07.html"),
            super::super::site::is_our_match
        ));
        assert!(!is_temporary(
            ".notes.txt.tmp",
            super::super::site::is_our_match
        ));
        assert!(!is_temporary(
            "first-07.html",
            super::super::site::is_our_match
        ));
    }
}
