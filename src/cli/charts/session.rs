//! `accc charts session ...`: the table sessions' verbs (new, list, show, undo, set, unset)
//! on the charts' [`TableSession`](crate::charts::session), and a session's errors in the
//! command line's words and exit codes.

use std::path::Path;

use crate::charts::session;
use crate::charts::walk::Answer;
use crate::charts::SystemDef;
use crate::error::{Error, Result};

use super::{find_system, SessionVerb};

/// The text of `accc charts session ...`, after doing what it says.
pub fn session_text(saves_dir: &Path, verb: SessionVerb) -> Result<String> {
    use session::OpenTable;
    Ok(match verb {
        SessionVerb::New { name, system } => {
            let sys = find_system(&system)?;
            let open = OpenTable::create(saves_dir, &name, &sys.meta.id).map_err(session_error)?;
            format!(
                "table session {} started for {} ({})\n",
                open.name,
                sys.meta.name,
                open.path.display()
            )
        }
        SessionVerb::List => list_sessions(saves_dir)?,
        SessionVerb::Show { name } => {
            // Only read: a session open in another program is shown as its file stands.
            let kept = session::load(saves_dir, &name).map_err(session_error)?;
            format!("table session {name}\n{}", kept.describe())
        }
        SessionVerb::Undo { name } => undo(saves_dir, &name)?,
        SessionVerb::Set { name, fact, value } => {
            let mut open = OpenTable::open(saves_dir, &name).map_err(session_error)?;
            let sys = find_system(&open.session.system)?;
            let answer = fact_value(sys, &fact, &value)?;
            let change = session::Change {
                id: fact.clone(),
                before: open.session.known(&fact).cloned(),
                after: answer.clone(),
            };
            match open.session.change_by_hand(&fact, Some(answer)) {
                Some(h) => {
                    open.save().map_err(session_error)?;
                    format!("{change}{}\n", in_turn(&h, &open.session))
                }
                None => format!("{fact}: {} already: no change\n", change.after),
            }
        }
        SessionVerb::Unset { name, fact } => {
            let mut open = OpenTable::open(saves_dir, &name).map_err(session_error)?;
            let sys = find_system(&open.session.system)?;
            // A fact the session holds may always be forgotten; another name must be one the
            // system keeps (a name mistyped is told, not "forgotten").
            let keeps = session::kept_params(sys).iter().any(|x| x.name == fact);
            if open.session.known(&fact).is_none() && !keeps {
                return Err(unknown_fact(sys, &fact));
            }
            match open.session.change_by_hand(&fact, None) {
                Some(h) => {
                    open.save().map_err(session_error)?;
                    format!(
                        "{fact}: forgotten, it will be asked{}\n",
                        in_turn(&h, &open.session)
                    )
                }
                None => format!("{fact}: not kept already: no change\n"),
            }
        }
    })
}

/// The table sessions in the saves folder, each with its system and number of calls.
fn list_sessions(saves_dir: &Path) -> Result<String> {
    let all = session::list(saves_dir).map_err(session_error)?;
    if all.is_empty() {
        return Ok("no table sessions yet: accc charts session new NAME SYSTEM\n".into());
    }
    let mut text: String = all
        .iter()
        .map(|l| match &l.system {
            Ok(sys) => format!(
                "{:<16} {sys:<18} {}\n",
                l.name,
                crate::text::plural(u32::try_from(l.calls).unwrap_or(u32::MAX), "call")
            ),
            Err(why) => format!("{:<16} (cannot be read: {why})\n", l.name),
        })
        .collect();
    // A session named by an earlier version with a leading '-' is reached after `--`.
    if let Some(l) = all.iter().find(|l| l.name.starts_with('-')) {
        text.push_str(&format!(
            "(a name beginning with '-' is given after --, every option before it: \
             accc charts session show -- {0}; a call takes --session={0})\n",
            l.name
        ));
    }
    Ok(text)
}

/// Takes back a session's last call or change by hand, and says which.
fn undo(saves_dir: &Path, name: &str) -> Result<String> {
    use session::OpenTable;
    let mut open = OpenTable::open(saves_dir, name).map_err(session_error)?;
    let undone = open.session.undo().ok_or_else(|| {
        Error::Usage(format!(
            "table session {name} has no call to take back, nor a fact changed by hand"
        ))
    })?;
    open.save().map_err(session_error)?;
    Ok(match undone {
        session::Undone::Call(entry) => format!(
            "took back call {} ({} => {}); the facts are as they were before it\n",
            open.session.log.len() + 1,
            entry.procedure,
            entry.result
        ),
        session::Undone::Hand(h) => format!(
            "took back the change by hand {}; the facts are as they were before it\n",
            h.said()
        ),
    })
}

/// The facts a change by hand changed in turn, as the end of the line that tells it
/// (`; in turn: behind: no (was yes), ahead: yes (was no)`), or nothing.
pub(super) fn in_turn(h: &session::HandChange, now: &session::TableSession) -> String {
    let also = h.in_turn(&now.facts);
    if also.is_empty() {
        String::new()
    } else {
        format!("; in turn: {}", also.join(", "))
    }
}

/// A name that is no fact a session of `sys` keeps, told with the names it does keep.
pub(super) fn unknown_fact(sys: &SystemDef, fact: &str) -> Error {
    let names: Vec<String> = session::kept_params(sys)
        .iter()
        .map(|x| format!("{} ({})", x.name, x.keep.as_str()))
        .collect();
    Error::Usage(format!(
        "'{fact}' is not a fact a session of {} keeps: expected one of {}",
        sys.meta.id,
        names.join(", ")
    ))
}

/// A kept fact's value from text, read and checked by the fact's one definition
/// ([`session::fact`]), refused in the walk's words.
pub(super) fn fact_value(sys: &SystemDef, fact: &str, value: &str) -> Result<Answer> {
    let def = session::fact(sys, fact).ok_or_else(|| unknown_fact(sys, fact))?;
    def.read(value)
        .map_err(|e| Error::Usage(format!("{fact}: {}", e.message)))
}

/// A session error as the command's error: a bad name or a wrong system is a usage error, a
/// file that is not there "not found", a damaged one a bad file, a locked or failing one a
/// file error, saying what to do (a locked one) or that no session was changed - except when
/// only flushing the folder failed, after the new version was put in place.
pub fn session_error(e: session::Error) -> Error {
    use crate::store::ErrorKind as F;
    let text = e.to_string();
    let written = e.written_unflushed();
    match e.kind {
        session::ErrorKind::BadName(_)
        | session::ErrorKind::LeadingHyphen(_)
        | session::ErrorKind::Exists(_)
        | session::ErrorKind::OtherSystem { .. } => Error::Usage(text),
        session::ErrorKind::File(f) if matches!(f.kind, F::NotFound) => {
            Error::NotFound(format!("no table session there: {text}"))
        }
        // A file that cannot be used (exit 4), as for a save: not a regular file (a folder, a
        // symlink to nothing), too large to be a session, or in a "folder" that is a file
        // (unless the session was written all the same, below).
        session::ErrorKind::File(f) if f.kind.cannot_be_used() && !written => {
            Error::BadFile(format!("{text}: no table session was changed"))
        }
        session::ErrorKind::File(f) => Error::File {
            what: match f.kind {
                F::Locked { .. } => {
                    "close the table session there, or let its call finish, and try again"
                }
                _ if written => session::WRITTEN_UNFLUSHED,
                _ => "no table session was changed",
            }
            .into(),
            error: f,
        },
        session::ErrorKind::Unusable { .. } => Error::BadFile(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Doing, ErrorKind as F};

    fn said(kind: F) -> String {
        let e = crate::store::Error::new(Path::new("s/charts/x.table"), kind);
        session_error(e.into()).to_string()
    }

    #[test]
    fn a_failed_write_says_no_session_was_changed_unless_it_was_in_place() {
        let io = |doing| F::Io {
            doing,
            source: std::io::Error::other("no"),
        };
        for doing in [
            Doing::Reading,
            Doing::MakingFolder,
            Doing::WritingTemporary,
            Doing::KeepingBackup,
            Doing::Replacing,
            Doing::Locking,
        ] {
            assert!(
                said(io(doing)).ends_with(": no table session was changed"),
                "{doing:?}: {}",
                said(io(doing))
            );
        }
        let flushed = said(io(Doing::FlushingFolder));
        assert!(
            flushed.ends_with(": the table session was written, but the disk may not have it yet"),
            "{flushed}"
        );
        assert!(said(F::Locked { pid: Some(7) }).ends_with("and try again"));
    }
}
