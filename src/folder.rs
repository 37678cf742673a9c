//! Where the save files are: the folder given (`--saves-dir`, `ACCC_SAVES`) or the
//! platform's data folder (`~/.local/share/accc/saves` on Linux), the files an earlier
//! version left in `./saves`, and what is said of a name that finds no file.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::league::name::normalise_file_name;
use crate::save;

/// The folder earlier versions kept their files in, from the folder `accc` started in.
pub const EARLIER: &str = "saves";

/// The saves folder when none is given: `saves` in the platform's data folder for `accc`
/// (`$XDG_DATA_HOME/accc/saves` or `~/.local/share/accc/saves` on Linux,
/// `~/Library/Application Support/accc/saves` on macOS, `%APPDATA%\accc\data\saves` on
/// Windows), or `./saves`, as before, where the platform has none (no home folder).
pub fn default_folder() -> PathBuf {
    directories::ProjectDirs::from("", "", "accc")
        .map_or_else(|| PathBuf::from(EARLIER), |d| d.data_dir().join("saves"))
}

/// Where the saves folder came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `--saves-dir DIR`.
    Option,
    /// `ACCC_SAVES`.
    Variable,
    /// Neither: [`default_folder`].
    Default,
}

/// Save files that an earlier version left in `./saves`, where the folder in use is the
/// default one and not that: their folder, and their names (sorted). They are never moved;
/// they are told of, so that the person can open them there or move them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Earlier {
    pub folder: PathBuf,
    pub names: Vec<String>,
}

impl Earlier {
    /// The files in `./saves` (relative to the folder the program started in), when the
    /// saves folder `saves` came from `source` and is not that folder; none otherwise.
    pub fn find(saves: &Path, source: Source) -> Option<Earlier> {
        let folder = PathBuf::from(EARLIER);
        if source != Source::Default || same_folder(saves, &folder) {
            return None;
        }
        let names = names_in(&folder);
        (!names.is_empty()).then_some(Earlier { folder, names })
    }

    /// One sentence on them, for the command line and the file prompt: where they are and
    /// the two ways to reach them.
    pub fn said(&self, saves: &Path) -> String {
        const LISTED: usize = 6;
        let mut names = self.names[..self.names.len().min(LISTED)].join(", ");
        if self.names.len() > LISTED {
            names.push_str(&format!(" and {} more", self.names.len() - LISTED));
        }
        let one = self.names.len() == 1;
        format!(
            "an earlier version left {} in ./{} ({names}); {} kept there: give --saves-dir {} \
             to use {them} there, or move {them} (with {} .bak and .jnl files) to {}",
            if one { "a file" } else { "files" },
            self.folder.display(),
            if one { "it is" } else { "they are" },
            self.folder.display(),
            if one { "its" } else { "their" },
            shown(saves),
            them = if one { "it" } else { "them" },
        )
    }

    /// Whether the competition `name` (in capitals) is one of them.
    pub fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

/// The refusal of `accc sim NAME` to make a new competition in the saves folder when an
/// earlier version left one of that name in `./saves`: the two would be confused.
pub fn refuse_new_beside_earlier(
    saves: &Path,
    name: &str,
    earlier: Option<&Earlier>,
) -> Option<Error> {
    let name = normalise_file_name(name).ok()?;
    let earlier = earlier.filter(|e| e.has(&name))?;
    let path = save::path_for(saves, &name).ok()?;
    if crate::store::read::is_there(&path) {
        return None;
    }
    Some(Error::NotFound(format!(
        "there is no save file {}, and no new {name} was made: {}",
        path.display(),
        earlier.said(saves)
    )))
}

/// Whether `a` and `b` are one folder (both there and the same on disk, or the same path).
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The competitions saved in `folder` (their files' names without `.acc`), sorted: the files
/// named as this program names them (in capitals). Nothing when the folder cannot be read.
pub fn names_in(folder: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| {
            let path = e.ok()?.path();
            let stem = path.file_stem()?.to_str()?;
            let ext = path.extension()?.to_str()?;
            (ext == save::EXTENSION)
                .then(|| normalise_file_name(stem).ok().filter(|n| n == stem))
                .flatten()
        })
        .collect();
    names.sort();
    names
}

/// `path` as a person reads it: under the home folder, from `~`.
pub fn shown(path: &Path) -> String {
    if let Some(home) = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf()) {
        if let Ok(rest) = path.strip_prefix(&home) {
            if !rest.as_os_str().is_empty() {
                return format!("~/{}", rest.display());
            }
        }
    }
    path.display().to_string()
}

/// The error a command ends with when it loaded the competition the user named `typed` in
/// `saves` and found none: said in capitals when that is what the user did not type (names
/// are not told apart by case, and the file has its name in capitals), naming a file of the
/// name in other letters that the program does not read, and the earlier version's files.
pub fn not_found(
    error: save::Error,
    typed: &str,
    saves: &Path,
    earlier: Option<&Earlier>,
) -> Error {
    if !matches!(
        error.kind,
        save::ErrorKind::File(crate::store::ErrorKind::NotFound)
    ) {
        return error.into();
    }
    let Ok(name) = normalise_file_name(typed) else {
        return error.into();
    };
    let mut notes = Vec::new();
    let bare = typed
        .strip_suffix(".acc")
        .or_else(|| typed.strip_suffix(".ACC"))
        .unwrap_or(typed);
    if bare != name {
        notes.push(format!(
            "A competition's name is in capitals, however it is typed: {typed} is {name}, in \
             the file {name}.{}",
            save::EXTENSION
        ));
        let other = saves.join(format!("{bare}.{}", save::EXTENSION));
        if other.is_file() && !same_file(&other, &error.path) {
            notes.push(format!(
                "{} is there, but not read under that name: rename it {name}.{}",
                other.display(),
                save::EXTENSION
            ));
        }
    }
    if let Some(earlier) = earlier.filter(|e| e.has(&name)) {
        notes.push(capitalised(&earlier.said(saves)));
    }
    if notes.is_empty() {
        error.into()
    } else {
        Error::Save {
            error,
            note: Some(notes.join(". ")),
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    same_folder(a, b)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}
