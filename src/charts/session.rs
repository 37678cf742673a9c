//! Table sessions: one game at the table, kept between calls in a file of its own. A session
//! holds the game's standing facts (ratings, tokens, cards in effect, who holds the China
//! card, the war period: the answers to the questions its procedures mark as standing) and a
//! log of every call with its answers and dice. A call made in a session takes the facts it
//! needs from it instead of asking again, and leaves the facts as the procedure says (a token
//! spent, a card passed on); `undo` takes the last call back, facts and all.
//!
//! The file is kept by [`crate::store`]: written whole or not at all with the last version
//! as `NAME.table.bak`, in a checksummed, versioned envelope, and locked against a second
//! program from reading to writing. This module owns what the bytes mean.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::walk::{Answer, Outcome, Procedure, Walk};
use crate::store::{self, envelope, lock::Lock};

/// The envelope of a table session file.
pub const KIND: envelope::Kind = envelope::Kind {
    tag: b"ACCCTABL",
    version: 1,
    max_bytes: LIMIT,
};

/// The largest session file read (a long game's log is well under this).
const LIMIT: u64 = 16 << 20;

/// One call in a session's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The procedure's id.
    pub procedure: String,
    /// Every answer the call took, dice included, in order.
    pub answers: Vec<(String, Answer)>,
    /// The call.
    pub result: String,
    /// Its fields, as `call --json` prints them.
    pub fields: Map<String, Value>,
    /// The facts as they stood before the call, for `undo`.
    pub facts_before: BTreeMap<String, Answer>,
}

/// A game at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// The system's id.
    pub system: String,
    /// The standing facts: question id to answer.
    pub facts: BTreeMap<String, Answer>,
    /// Every call, oldest first.
    pub log: Vec<Entry>,
}

impl Session {
    /// A new session of `system`, with no facts and no calls.
    pub fn new(system: &str) -> Session {
        Session {
            system: system.to_string(),
            facts: BTreeMap::new(),
            log: Vec::new(),
        }
    }

    /// The standing fact that answers question `id`, if the session knows it.
    pub fn known(&self, id: &str) -> Option<&Answer> {
        self.facts.get(id)
    }

    /// Records a finished call: the answers it took (standing ones become facts), then the
    /// facts the procedure itself changes.
    pub fn record(&mut self, p: &Procedure, answers: &[(String, Answer)], outcome: &Outcome) {
        let before = self.facts.clone();
        for (id, a) in answers {
            if p.params.iter().any(|x| x.standing && x.name == id.as_str()) {
                self.facts.insert(id.clone(), a.clone());
            }
        }
        for (id, a) in &outcome.updates {
            self.facts.insert(id.clone(), a.clone());
        }
        self.log.push(Entry {
            procedure: p.id.to_string(),
            answers: answers.to_vec(),
            result: outcome.result.clone(),
            fields: outcome.fields.clone(),
            facts_before: before,
        });
    }

    /// Takes back the last call, restoring the facts as they stood before it.
    pub fn undo(&mut self) -> Option<Entry> {
        let e = self.log.pop()?;
        self.facts = e.facts_before.clone();
        Some(e)
    }

    /// Sets or clears a standing fact by hand.
    pub fn set(&mut self, id: &str, answer: Option<Answer>) {
        match answer {
            Some(a) => self.facts.insert(id.to_string(), a),
            None => self.facts.remove(id),
        };
    }

    /// The facts and the log as text.
    pub fn describe(&self) -> String {
        let mut s = format!("system: {}\nfacts:\n", self.system);
        if self.facts.is_empty() {
            s.push_str("  (none yet)\n");
        }
        for (k, v) in &self.facts {
            s.push_str(&format!("  {k}: {v}\n"));
        }
        s.push_str(&format!("calls: {}\n", self.log.len()));
        for (i, e) in self.log.iter().enumerate() {
            let dice: Vec<String> = e
                .answers
                .iter()
                .filter_map(|(id, a)| match a {
                    Answer::Die { value, .. } => Some(format!("{id} {value}")),
                    _ => None,
                })
                .collect();
            s.push_str(&format!("  {}. {} => {}", i + 1, e.procedure, e.result));
            if !dice.is_empty() {
                s.push_str(&format!(" [{}]", dice.join(", ")));
            }
            s.push('\n');
        }
        s
    }
}

/// Answers every question of `walk` that the session knows, as long as the next question is
/// one of them; stops at the first it does not know (or whose known answer the procedure
/// refuses, which is then asked).
pub fn fill_known(walk: &mut Walk, session: &Session) {
    walk.fill(|id| session.known(id).cloned());
}

/// What went wrong with a session.
#[derive(Debug)]
pub struct Error {
    pub kind: ErrorKind,
}

/// The kinds of session error.
#[derive(Debug)]
pub enum ErrorKind {
    /// The name is not 1-16 letters, digits, `_` or `-`.
    BadName(String),
    /// A session of that name exists already.
    Exists(String),
    /// Reading, locking or writing the file failed.
    File(store::Error),
    /// The file is not a usable session (damaged, foreign, too new).
    Unusable { path: PathBuf, why: String },
    /// The session is of another system than the call.
    OtherSystem { session: String, call: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::BadName(n) => write!(
                f,
                "'{n}' is not a session name: use 1-16 letters, digits, _ or -"
            ),
            ErrorKind::Exists(n) => write!(f, "a table session named {n} exists already"),
            ErrorKind::File(e) => write!(f, "{e}"),
            ErrorKind::Unusable { path, why } => write!(f, "{} {why}", path.display()),
            ErrorKind::OtherSystem { session, call } => {
                write!(f, "the session is a game of {session}, not {call}")
            }
        }
    }
}

impl std::error::Error for Error {}

impl From<store::Error> for Error {
    fn from(e: store::Error) -> Self {
        Error {
            kind: ErrorKind::File(e),
        }
    }
}

fn err(kind: ErrorKind) -> Error {
    Error { kind }
}

/// The folder of the table sessions in a saves folder.
pub fn folder(saves_dir: &Path) -> PathBuf {
    saves_dir.join("charts")
}

/// The file of session `name`, after checking the name.
pub fn path_of(saves_dir: &Path, name: &str) -> Result<PathBuf, Error> {
    let ok = (1..=16).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !ok {
        return Err(err(ErrorKind::BadName(name.to_string())));
    }
    Ok(folder(saves_dir).join(format!("{name}.table")))
}

fn backup_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

/// Reads a session file.
pub fn read(path: &Path) -> Result<Session, Error> {
    let bytes = store::read::read_regular(path, LIMIT)?;
    let unusable = |why: String| {
        err(ErrorKind::Unusable {
            path: path.to_path_buf(),
            why,
        })
    };
    let (_, payload) = envelope::unwrap(KIND, &bytes).map_err(|p| unusable(p.to_string()))?;
    serde_json::from_slice(payload)
        .map_err(|e| unusable(format!("is damaged: its contents do not read ({e})")))
}

/// An open session: the file locked against a second program until dropped.
#[derive(Debug)]
pub struct Table {
    pub name: String,
    pub path: PathBuf,
    pub session: Session,
    _lock: Lock,
}

impl Table {
    /// Opens session `name`, locking its file.
    pub fn open(saves_dir: &Path, name: &str) -> Result<Table, Error> {
        let path = path_of(saves_dir, name)?;
        let lock = Lock::take(&path)?;
        let session = read(&path)?;
        Ok(Table {
            name: name.to_string(),
            path,
            session,
            _lock: lock,
        })
    }

    /// Starts session `name` of `system` and writes it.
    pub fn create(saves_dir: &Path, name: &str, system: &str) -> Result<Table, Error> {
        let path = path_of(saves_dir, name)?;
        let lock = Lock::take(&path)?;
        if path.exists() {
            return Err(err(ErrorKind::Exists(name.to_string())));
        }
        let open = Table {
            name: name.to_string(),
            path,
            session: Session::new(system),
            _lock: lock,
        };
        open.save()?;
        Ok(open)
    }

    /// Writes the session whole (the last version kept as `.bak`).
    pub fn save(&self) -> Result<(), Error> {
        let payload = serde_json::to_vec(&self.session).expect("a session is plain data");
        let bytes = envelope::wrap(KIND, &payload);
        store::atomic::write(&self.path, &bytes, Some(&backup_of(&self.path)))?;
        Ok(())
    }

    /// Refuses a call of another system.
    pub fn check_system(&self, system: &str) -> Result<(), Error> {
        if self.session.system.eq_ignore_ascii_case(system) {
            Ok(())
        } else {
            Err(err(ErrorKind::OtherSystem {
                session: self.session.system.clone(),
                call: system.to_string(),
            }))
        }
    }
}

/// One line of the list of sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub name: String,
    /// The system, or why the file cannot be read.
    pub system: Result<String, String>,
    pub calls: usize,
}

/// The table sessions in a saves folder, by name.
pub fn list(saves_dir: &Path) -> Vec<Listed> {
    let Ok(dir) = std::fs::read_dir(folder(saves_dir)) else {
        return Vec::new();
    };
    let mut out: Vec<Listed> = dir
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let name = name.strip_suffix(".table")?.to_string();
            path_of(saves_dir, &name).ok()?;
            Some(match read(&e.path()) {
                Ok(s) => Listed {
                    name,
                    system: Ok(s.system),
                    calls: s.log.len(),
                },
                Err(e) => Listed {
                    name,
                    system: Err(e.to_string()),
                    calls: 0,
                },
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_survives_writing_and_reading_and_refuses_damage() {
        let dir = tempfile::tempdir().unwrap();
        let mut open = Table::create(dir.path(), "game1", "twilight-struggle").unwrap();
        open.session.set("war", Some(Answer::Choice("mid".into())));
        open.save().unwrap();
        let path = open.path.clone();
        drop(open);
        let back = Table::open(dir.path(), "game1").unwrap();
        assert_eq!(
            back.session.known("war"),
            Some(&Answer::Choice("mid".into()))
        );
        // A second program cannot open it while it is open.
        let e = Table::open(dir.path(), "game1").unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::File(f) if matches!(f.kind, store::ErrorKind::Locked { .. })),
            "{e}"
        );
        drop(back);
        assert!(backup_of(&path).exists(), "the last version is kept");
        let mut bytes = std::fs::read(&path).unwrap();
        let n = bytes.len();
        bytes[n - 2] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = Table::open(dir.path(), "game1").unwrap_err();
        assert!(e.to_string().contains("checksum"), "{e}");
        assert!(matches!(
            Table::create(dir.path(), "game1", "undaunted")
                .unwrap_err()
                .kind,
            ErrorKind::Exists(_)
        ));
        assert!(matches!(
            Table::create(dir.path(), "../x", "undaunted")
                .unwrap_err()
                .kind,
            ErrorKind::BadName(_)
        ));
        let listed = list(dir.path());
        assert_eq!(listed.len(), 1);
        assert!(listed[0].system.is_err(), "{listed:?}");
    }
}
