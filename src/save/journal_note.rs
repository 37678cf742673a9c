//! The journal beside a save as it is read with the save: what of it follows on from the
//! save's match in play, and what was wrong with it ([`JournalNote`]), to be told.

use std::fmt;
use std::path::{Path, PathBuf};

use super::journal;
use super::record::{FixtureKey, MatchRecord, Op};
use crate::league::Competition;
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
    /// It is the journal of another match than the save's (a save moved or restored, or a
    /// journal put beside it): the save stands as it is, and the journal is kept aside.
    OtherMatch {
        /// The journal's match.
        game: FixtureKey,
        /// Whether the save has a match in play of its own (which stands).
        save_in_play: bool,
        kept: Kept,
    },
    /// The match in play does not replay past its first `ops` actions and choices (a doubled
    /// or trailing action, though its checksum holds): it resumes there, the journal kept.
    Unreplayable {
        /// The person's actions in the match as it resumes (the computer's choices aside).
        actions: usize,
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
    /// There was none to keep (the actions were the save's own).
    NoJournal,
}

/// `1892 Surrey v Kent`, for a message.
fn match_name(k: &FixtureKey) -> String {
    let name = |id: u8| {
        crate::counties::all()
            .get(id as usize)
            .map_or_else(|| format!("county {id}"), |c| c.name.clone())
    };
    format!("{} {} v {}", k.year, name(k.home), name(k.away))
}

/// The person's actions in `game` (the computer's choices aside).
pub(super) fn persons_actions(game: Option<&MatchRecord>) -> usize {
    game.map_or(0, |m| {
        m.ops
            .iter()
            .filter(|op| !matches!(op, Op::Computer(_)))
            .count()
    })
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
            JournalNoteKind::Unreadable(e) => match e.kind {
                store::ErrorKind::NotRegular(_) => write!(f, "{e} (it was left as it is)"),
                _ => write!(f, "{e}"),
            },
            JournalNoteKind::OtherMatch {
                game,
                save_in_play,
                kept,
            } => other_match(f, &jnl, &name, game, *save_in_play, kept),
            JournalNoteKind::Unreplayable { actions, kept } => {
                let resumes = format!(
                    "the match in play cannot be replayed past your first {actions} actions \
                     (it holds an action that cannot come where it does), so it resumes there"
                );
                match kept {
                    Kept::At(to) => write!(
                        f,
                        "{resumes}; the journal as it was is kept as {}",
                        name(to)
                    ),
                    Kept::Failed(e) => write!(
                        f,
                        "{resumes}; the journal could not be copied aside ({})",
                        store::plain_io(e)
                    ),
                    Kept::Untouched | Kept::NoJournal => f.write_str(&resumes),
                }
            }
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
                Kept::Untouched | Kept::NoJournal => write!(
                    f,
                    "{jnl} {problem}: opened to play, the match in play resumes as the save \
                     holds it"
                ),
            },
            JournalNoteKind::Damaged {
                damage,
                actions,
                kept,
            } => damaged(f, &jnl, &name, damage, *actions, kept),
        }
    }
}

/// A journal as read beside its save.
pub(super) struct Read {
    /// The match in play: the save's, with the journal's actions after it when they follow
    /// on from it.
    pub in_play: Option<MatchRecord>,
    /// What was wrong with the journal, with its bytes, for the caller to keep aside
    /// ([`Kept::Untouched`] until then).
    pub trouble: Option<(JournalNoteKind, Vec<u8>)>,
    /// Whether the journal is this save's own (used, or older than the save), for the next
    /// save to remove.
    pub ours: bool,
}

/// Reads the journal at `jpath` and adds its actions to `in_play` (the save's record of the
/// match in play) when they follow on from it. `last_played`: the save's last match played.
/// Writes nothing.
///
/// A journal of the save's match that the save has overtaken (left by a crash after its
/// match was folded in, or ended) is the save's own, and quietly ignored. A journal of any
/// other match is not the save's when the save has a match in play of its own (a save
/// begins no match while another stands in it unsaved), nor when it begins past actions the
/// save does not hold, nor when its match is none of `comp`'s fixtures still to play (the
/// journal of another file's match, or of one the save has since played without it): the
/// save stands, and the journal is told, to be kept aside.
pub(super) fn read_journal(
    jpath: &Path,
    comp: &Competition,
    in_play: Option<MatchRecord>,
    last_played: Option<&MatchRecord>,
) -> Read {
    let done = |in_play, trouble, ours| Read {
        in_play,
        trouble,
        ours,
    };
    // A link to nothing is there too, to be said (and left as it is).
    if !store::read::is_there(jpath) {
        return done(in_play, None, false);
    }
    let bytes = match store::read::read_regular(jpath, journal::MAX_BYTES) {
        Ok(b) => b,
        Err(e) => {
            return done(
                in_play,
                Some((JournalNoteKind::Unreadable(e), Vec::new())),
                false,
            )
        }
    };
    let j = match journal::decode(&bytes) {
        Ok(j) => j,
        Err(problem) => {
            let kind = JournalNoteKind::Refused {
                problem,
                kept: Kept::Untouched,
            };
            return done(in_play, Some((kind, bytes)), false);
        }
    };
    let same = |m: &MatchRecord| m.fixture == j.game.fixture && m.mode == j.game.mode;
    let saved_same = in_play.as_ref().map(same);
    // With no match in play in the save, nothing but the competition vouches for the
    // journal's match: it must be a fixture still to play, with this competition's seed.
    let to_play = || (comp.remaining_fixtures().iter()).any(|f| j.game.fixture.is(f));
    let merged = match saved_same {
        Some(false) => None,
        None if !to_play() => None,
        _ => journal::merge(in_play.as_ref(), &j),
    };
    let Some(merged) = merged else {
        if saved_same == Some(true) || last_played.is_some_and(same) {
            // Older than the save: nothing to tell.
            return done(in_play, None, true);
        }
        let kind = JournalNoteKind::OtherMatch {
            game: j.game.fixture,
            save_in_play: in_play.is_some(),
            kept: Kept::Untouched,
        };
        return done(in_play, Some((kind, bytes)), false);
    };
    let in_play = Some(merged);
    let note = j.damage.map(|damage| {
        let kind = JournalNoteKind::Damaged {
            damage,
            actions: persons_actions(in_play.as_ref()),
            kept: Kept::Untouched,
        };
        (kind, bytes)
    });
    done(in_play, note, true)
}

/// The person's match in play at `path` as a program that only looks (`accc show`) sees it:
/// the save's record of it (`saved`) with the actions of the journal beside it after them,
/// as the terminal program opening the file takes them (a match begun and not yet left is in
/// the journal alone). `last_played`: the save's last match played. Reads only: a journal
/// that cannot be used leaves what of it can be, or the save's record, and is left where it
/// is for the program that opens the file to play.
pub fn in_play_with_journal(
    path: &Path,
    comp: &Competition,
    saved: Option<MatchRecord>,
    last_played: Option<&MatchRecord>,
) -> Option<MatchRecord> {
    read_journal(&journal::path_for(path), comp, saved, last_played).in_play
}

/// What is wrong with the journal beside the save at `path`, if anything, given the save's
/// record of the match in play and its last match played; reads only, changes nothing (for
/// `accc review`, which says so before its own work).
pub fn check_journal(
    path: &Path,
    comp: &Competition,
    in_play: Option<&MatchRecord>,
    last_played: Option<&MatchRecord>,
) -> Option<JournalNote> {
    let jpath = journal::path_for(path);
    let read = read_journal(&jpath, comp, in_play.cloned(), last_played);
    read.trouble
        .map(|(kind, _)| JournalNote { path: jpath, kind })
}

/// The note for a journal of another match than the save's.
fn other_match(
    f: &mut fmt::Formatter<'_>,
    jnl: &str,
    name: &dyn Fn(&Path) -> String,
    game: &FixtureKey,
    save_in_play: bool,
    kept: &Kept,
) -> fmt::Result {
    let stands = if save_in_play {
        "the match in play resumes as the save holds it"
    } else {
        "the save is used as it is"
    };
    let of = match_name(game);
    match kept {
        Kept::At(to) => write!(
            f,
            "{jnl} is the journal of another match ({of}) than this save's: it is \
             kept as {}, and {stands}",
            name(to)
        ),
        Kept::Failed(e) => write!(
            f,
            "{jnl} is the journal of another match ({of}) than this save's, and \
             could not be moved aside ({}); {stands}",
            store::plain_io(e)
        ),
        Kept::Untouched | Kept::NoJournal => write!(
            f,
            "{jnl} is the journal of another match ({of}) than this save's: opened \
             to play, {stands}, and the journal is kept aside"
        ),
    }
}

/// The note for a journal damaged part way.
fn damaged(
    f: &mut fmt::Formatter<'_>,
    jnl: &str,
    name: &dyn Fn(&Path) -> String,
    damage: &journal::Damage,
    actions: usize,
    kept: &Kept,
) -> fmt::Result {
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
        Kept::Untouched | Kept::NoJournal => write!(
            f,
            "{jnl} is damaged {at} bytes in ({} bytes from there cannot be read): \
             opened to play, the match in play resumes after your first {actions} \
             actions, and a copy of the damaged journal is kept",
            damage.left_out
        ),
    }
}
