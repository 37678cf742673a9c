//! The journal beside a save as it is read with the save: what of it follows on from the
//! save's match in play, and what was wrong with it ([`JournalNote`]), to be told.

use std::fmt;
use std::path::{Path, PathBuf};

use super::journal;
use super::record::{MatchRecord, Op};
use crate::store;

/// What was wrong with the journal beside a save when it was read, to be told: the match in
/// play resumes as the save (and what of the journal could be used) holds it.
#[derive(Debug)]
pub struct JournalNote {
    /// The journal.
    pub path: PathBuf,
    pub kind: JournalNoteKind,
}

/// What was wrong with a journal, and what became of it.
#[derive(Debug)]
pub enum JournalNoteKind {
    /// It could not be read at all.
    Unreadable(store::Error),
    /// It is not a journal this program can use: the save's record of the match stands.
    Refused {
        problem: journal::JournalProblem,
        kept: Kept,
    },
    /// It is damaged before its end: the actions before the damage are used.
    Damaged {
        damage: journal::Damage,
        /// The person's actions in the match as it resumes (the computer's choices aside).
        actions: usize,
        kept: Kept,
    },
}

/// What became of a journal that could not be used whole.
#[derive(Debug)]
pub enum Kept {
    /// It is kept here (moved there when none of it could be used, else copied).
    At(PathBuf),
    /// It could not be kept aside.
    Failed(std::io::Error),
    /// Nothing was done to it: the reader writes nothing (`accc review`).
    Untouched,
}

impl fmt::Display for JournalNote {
    /// `{:#}`: files by their names alone, for a screen (they are in the open file's folder).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let short = f.alternate();
        let name = |p: &Path| match (short, p.file_name()) {
            (true, Some(n)) => n.to_string_lossy().into_owned(),
            _ => p.display().to_string(),
        };
        let jnl = name(&self.path);
        match &self.kind {
            JournalNoteKind::Unreadable(e) if short => {
                write!(f, "{jnl} cannot be read: {}", e.kind)
            }
            JournalNoteKind::Unreadable(e) => write!(f, "{e}"),
            JournalNoteKind::Refused { problem, kept } => match kept {
                Kept::At(to) => write!(
                    f,
                    "{jnl} {problem}: it is kept as {}, and the match resumes as the save \
                     holds it",
                    name(to)
                ),
                Kept::Failed(e) => write!(
                    f,
                    "{jnl} {problem}, and could not be moved aside ({}); the match resumes as \
                     the save holds it",
                    store::plain_io(e)
                ),
                Kept::Untouched => write!(
                    f,
                    "{jnl} {problem}: opened to play, the match in play resumes as the save \
                     holds it"
                ),
            },
            JournalNoteKind::Damaged {
                damage,
                actions,
                kept,
            } => {
                let at = damage.at;
                match kept {
                    Kept::At(to) => write!(
                        f,
                        "{jnl} is damaged {at} bytes in: the match resumes after your first \
                         {actions} actions; the damaged journal is kept as {}",
                        name(to)
                    ),
                    Kept::Failed(e) => write!(
                        f,
                        "{jnl} is damaged {at} bytes in: the match resumes after your first \
                         {actions} actions; the damaged journal could not be copied aside ({})",
                        store::plain_io(e)
                    ),
                    Kept::Untouched => write!(
                        f,
                        "{jnl} is damaged {at} bytes in ({} bytes from there cannot be read): \
                         opened to play, the match in play resumes after your first {actions} \
                         actions, and a copy of the damaged journal is kept",
                        damage.left_out
                    ),
                }
            }
        }
    }
}

/// Reads the journal at `jpath` and adds its actions to `in_play` (the save's record of the
/// match in play) when they follow on from it. Writes nothing: what is wrong with the journal
/// comes back with its bytes, for the caller to keep aside ([`Kept::Untouched`] until then).
pub(super) fn read_journal(
    jpath: &Path,
    in_play: Option<MatchRecord>,
) -> (Option<MatchRecord>, Option<(JournalNoteKind, Vec<u8>)>) {
    if !jpath.exists() {
        return (in_play, None);
    }
    let bytes = match store::read::read_regular(jpath, journal::MAX_BYTES) {
        Ok(b) => b,
        Err(e) => return (in_play, Some((JournalNoteKind::Unreadable(e), Vec::new()))),
    };
    let j = match journal::decode(&bytes) {
        Ok(j) => j,
        Err(problem) => {
            let kind = JournalNoteKind::Refused {
                problem,
                kept: Kept::Untouched,
            };
            return (in_play, Some((kind, bytes)));
        }
    };
    let in_play = journal::merge(in_play.as_ref(), &j).or(in_play);
    let note = j.damage.map(|damage| {
        let actions = in_play.as_ref().map_or(0, |m| {
            m.ops
                .iter()
                .filter(|op| !matches!(op, Op::Computer(_)))
                .count()
        });
        let kind = JournalNoteKind::Damaged {
            damage,
            actions,
            kept: Kept::Untouched,
        };
        (kind, bytes)
    });
    (in_play, note)
}

/// The person's match in play at `path` as a program that only looks (`accc show`) sees it:
/// the save's record of it (`saved`) with the actions of the journal beside it after them,
/// as the terminal program opening the file takes them (a match begun and not yet left is in
/// the journal alone). Reads only: a journal that cannot be used leaves what of it can be,
/// or the save's record, and is left where it is for the program that opens the file to play.
pub fn in_play_with_journal(path: &Path, saved: Option<MatchRecord>) -> Option<MatchRecord> {
    read_journal(&journal::path_for(path), saved).0
}

/// What is wrong with the journal beside the save at `path`, if anything, given the save's
/// record of the match in play; reads only, changes nothing (for `accc review`, which says
/// so before its own work).
pub fn check_journal(path: &Path, in_play: Option<&MatchRecord>) -> Option<JournalNote> {
    let jpath = journal::path_for(path);
    let (_, note) = read_journal(&jpath, in_play.cloned());
    note.map(|(kind, _)| JournalNote { path: jpath, kind })
}
