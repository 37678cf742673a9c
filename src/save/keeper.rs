//! The [`Keeper`]: the owner of one save file while a program works on it, holding its lock
//! from loading to the last write, reading the journal with the save and writing it as the
//! person plays, and refusing to overwrite what another program wrote meanwhile.

use std::path::{Path, PathBuf};

use super::aside::{keep_copy, set_aside};
use super::codec::{archive_closed, encode_kept, load_all, write_bytes, Contents};
use super::journal_note::{persons_actions, read_journal, JournalNote, JournalNoteKind, Kept};
use super::record::{self, MatchRecord, Op};
use super::{archive, backup_path, journal, Error, ErrorKind};
use crate::league::Competition;
use crate::store::{self, atomic, lock::Lock};

/// What a save file looked like on disk when last read or written: enough to notice that
/// another program has written it since.
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

/// The owner of one save file while a program works on it: it holds the file's lock, and
/// knows the file as this program last read or wrote it.
#[derive(Debug)]
pub struct Keeper {
    path: PathBuf,
    /// `None` only when the lock could not be taken for a reason other than another owner
    /// (its folder cannot be made, say): it is taken again before each write.
    lock: Option<Lock>,
    /// `None`: the file was not there when last looked at.
    stamp: Option<FileStamp>,
    /// The person's match in play, with every action so far (the save's and the journal's).
    in_play: Option<MatchRecord>,
    /// The last match the person played to its end.
    last_played: Option<MatchRecord>,
    /// The actions of the match in play that the save on disk holds (0: none of this match).
    saved_ops: usize,
    /// The journal being written, once an action has been made since the save was written.
    journal: Option<journal::Writer>,
    /// What became of a journal that could not be used, to be told.
    journal_note: Option<JournalNote>,
    /// Whether the journal beside the file is this program's to remove at the next save: one
    /// it wrote, or read as the save's own. Any other is not removed: a regular file is kept
    /// aside as `NAME.jnl.bad`, anything else (a pipe, a link to nothing) left as it is.
    journal_ours: bool,
    /// The last season whose records the archive beside the file holds for it.
    archived_through: Option<u16>,
    /// Where this program's last append left that archive (see [`archive::append_marked`]).
    archive_mark: Option<archive::Mark>,
}

impl Keeper {
    /// After a save that holds every action: removes the journal when it is this program's;
    /// keeps any other regular file there aside as `NAME.jnl.bad` (said in
    /// [`Keeper::take_journal_note`]); leaves anything else (a pipe, a link to nothing) as it
    /// is.
    fn put_journal_away(&mut self) {
        let jpath = self.journal_path();
        let regular = std::fs::symlink_metadata(&jpath).is_ok_and(|m| m.is_file());
        if regular && self.journal_ours {
            let _ = std::fs::remove_file(&jpath);
        } else if regular {
            let kind = match std::fs::read(&jpath)
                .ok()
                .and_then(|b| journal::decode(&b).ok())
            {
                Some(j) => JournalNoteKind::OtherMatch {
                    game: j.game.fixture,
                    save_in_play: self.in_play.is_some(),
                    kept: match set_aside(&jpath) {
                        Ok(to) => Kept::At(to),
                        Err(e) => Kept::Failed(e),
                    },
                },
                None => JournalNoteKind::Refused {
                    problem: journal::JournalProblem::Foreign,
                    kept: match set_aside(&jpath) {
                        Ok(to) => Kept::At(to),
                        Err(e) => Kept::Failed(e),
                    },
                },
            };
            self.journal_note
                .get_or_insert(JournalNote { path: jpath, kind });
        }
        self.journal_ours = false;
    }

    /// Takes the lock of the save file at `path` (which need not exist yet), or says which
    /// program has it. Temporary files left by a killed write of it are swept away.
    /// A lock that cannot be made at all (the folder cannot be made, say) does not stop the
    /// program from reading or playing: writing, which needs it, then says why it cannot.
    pub fn take(path: &Path) -> Result<Keeper, Error> {
        let lock = match Lock::take(path) {
            Ok(lock) => Some(lock),
            Err(e)
                if matches!(
                    e.kind,
                    store::ErrorKind::Locked { .. } | store::ErrorKind::LockNotAFile { .. }
                ) =>
            {
                return Err(Error::from_store(e))
            }
            Err(_) => None,
        };
        if lock.is_some() {
            atomic::remove_stray_temps(path);
        }
        if lock.is_some() {
            atomic::remove_stray_temps(&journal::path_for(path));
            atomic::remove_stray_temps(&archive::path_for(path));
        }
        Ok(Keeper {
            path: path.to_path_buf(),
            lock,
            stamp: stamp(path),
            in_play: None,
            last_played: None,
            saved_ops: 0,
            journal: None,
            journal_note: None,
            journal_ours: false,
            archived_through: None,
            archive_mark: None,
        })
    }

    /// Takes the lock now if [`Keeper::take`] could not (the folder cannot be made, or
    /// cannot be written to), or says why it cannot: for work that will have to be saved, so
    /// that it is refused at once rather than lost at its end.
    pub fn ready_to_write(&mut self) -> Result<(), Error> {
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&self.path).map_err(Error::from_store)?);
        }
        Ok(())
    }

    /// The journal beside the file.
    pub fn journal_path(&self) -> PathBuf {
        journal::path_for(&self.path)
    }

    /// Takes what a save file held, and the journal beside it: the match in play is the
    /// save's with the journal's actions after it. A journal of this file's match that the
    /// save has overtaken (left by a crash after its match was folded in) is left to be
    /// removed by the next save; one of another match (not this file's match in play, nor a
    /// fixture of its competition still to play) and one that cannot be read are moved aside
    /// as `NAME.jnl.bad`; one
    /// damaged before its end (not merely torn by a crash) gives the actions before the
    /// damage, and a copy of it is kept as `NAME.jnl.bad` before anything writes over it.
    /// Either is said in [`Keeper::take_journal_note`].
    fn take_contents(&mut self, all: Contents) -> Competition {
        self.saved_ops = all.in_play.as_ref().map_or(0, |m| m.ops.len());
        self.last_played = all.last_played;
        self.archived_through = all.archived_through;
        self.journal = None;
        let jpath = self.journal_path();
        let read = read_journal(&jpath, &all.comp, all.in_play, self.last_played.as_ref());
        self.in_play = read.in_play;
        self.journal_ours = read.ours;
        let moved = || match set_aside(&jpath) {
            Ok(to) => Kept::At(to),
            Err(e) => Kept::Failed(e),
        };
        self.journal_note = read.trouble.map(|(kind, bytes)| {
            let kind = match kind {
                JournalNoteKind::Refused { problem, .. } => JournalNoteKind::Refused {
                    problem,
                    kept: moved(),
                },
                JournalNoteKind::OtherMatch {
                    game, save_in_play, ..
                } => JournalNoteKind::OtherMatch {
                    game,
                    save_in_play,
                    kept: moved(),
                },
                JournalNoteKind::Damaged {
                    damage, actions, ..
                } => JournalNoteKind::Damaged {
                    damage,
                    actions,
                    kept: match keep_copy(&jpath, &bytes) {
                        Ok(to) => Kept::At(to),
                        Err(e) => Kept::Failed(e),
                    },
                },
                other => other,
            };
            JournalNote {
                path: jpath.clone(),
                kind,
            }
        });
        all.comp
    }

    /// The person's match in play: every action so far.
    pub fn in_play(&self) -> Option<&MatchRecord> {
        self.in_play.as_ref()
    }

    /// The last match the person played to its end, with their actions in it (for a review
    /// of it: see [`MatchRecord::choices`]).
    pub fn last_played(&self) -> Option<&MatchRecord> {
        self.last_played.as_ref()
    }

    /// The last season whose records the archive beside the file holds, as the file was
    /// last read or written (see [`super::v4`]).
    pub fn archived_through(&self) -> Option<u16> {
        self.archived_through
    }

    /// What became of a journal that could not be used whole, if anything (said once).
    pub fn take_journal_note(&mut self) -> Option<JournalNote> {
        self.journal_note.take()
    }

    /// The match in play replays only as far as its first `ops` actions and choices (one after
    /// them cannot come where it does: an action doubled, or one past the match's end, though
    /// its checksum held): it is cut there, to resume before the damage. A copy of the journal
    /// as it was is kept as `NAME.jnl.bad` first, and said in [`Keeper::take_journal_note`].
    /// Store at once, so that the save holds the match as it resumes.
    pub fn cut_in_play(&mut self, ops: usize) {
        let Some(game) = self.in_play.as_mut().filter(|g| ops < g.ops.len()) else {
            return;
        };
        game.ops.truncate(ops);
        let actions = persons_actions(Some(game));
        let jpath = self.journal_path();
        let kept = match std::fs::symlink_metadata(&jpath) {
            Ok(m) if m.is_file() => match std::fs::read(&jpath).and_then(|b| keep_copy(&jpath, &b))
            {
                Ok(to) => Kept::At(to),
                Err(e) => Kept::Failed(e),
            },
            _ => Kept::NoJournal,
        };
        // The journal is written afresh from the save's actions that still stand.
        self.saved_ops = self.saved_ops.min(ops);
        self.journal = None;
        self.journal_note = Some(JournalNote {
            path: jpath,
            kind: JournalNoteKind::Unreplayable { actions, kept },
        });
    }

    /// The person begins `game` (its actions those made so far, usually none): its journal
    /// is written at once, so that it is resumed if the program is stopped now.
    pub fn begin_match(&mut self, game: MatchRecord) -> Result<(), Error> {
        if self
            .in_play
            .as_ref()
            .is_some_and(|m| m.fixture != game.fixture)
        {
            self.saved_ops = 0;
        }
        self.in_play = Some(game);
        self.journal = None;
        self.open_journal()
    }

    /// Writes the whole journal of the match in play afresh (everything since the save), and
    /// keeps it open to append to.
    fn open_journal(&mut self) -> Result<(), Error> {
        let Some(game) = &self.in_play else {
            return Ok(());
        };
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&self.path).map_err(Error::from_store)?);
        }
        let (w, unflushed) = journal::Writer::begin(&self.journal_path(), game, self.saved_ops)
            .map_err(Error::from_store)?;
        self.journal = Some(w);
        self.journal_ours = true;
        // The journal is written and open, only its folder not flushed: said, as for a save.
        unflushed.map_or(Ok(()), |e| Err(Error::from_store(e)))
    }

    /// The person did something in the match in play: `ops` are their action and the
    /// computer's choices that followed it. They are kept, and on disk (one write, one flush)
    /// before this returns. Returns the bytes written for them. An error for which
    /// [`Error::written_unflushed`] holds (the journal written afresh, its folder not flushed)
    /// comes with them kept, as does one from [`Keeper::begin_match`].
    pub fn note(&mut self, ops: &[Op]) -> Result<usize, Error> {
        let Some(game) = &mut self.in_play else {
            return Ok(0);
        };
        game.ops.extend_from_slice(ops);
        if self.journal.is_none() {
            // The journal is written whole, these actions included.
            self.open_journal()?;
            return Ok(ops.iter().map(|op| journal::op_frame(op).len()).sum());
        }
        let w = self.journal.as_mut().expect("open");
        w.append(ops).map_err(Error::from_store)
    }

    /// The match in play has ended: one the person played becomes the last match played
    /// (for its review); one they watched is done with, and the last match they played stays
    /// on record. Store to keep it.
    pub fn end_match(&mut self) {
        if let Some(game) = self.in_play.take() {
            if game.mode == record::Mode::Play {
                self.last_played = Some(game);
            }
        }
    }

    /// The match in play is given up (its fixture was played meanwhile, or it cannot be
    /// replayed). Store to forget it on disk too.
    pub fn drop_match(&mut self) {
        self.in_play = None;
    }

    /// The save file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file (see [`load`](super::load)) and the journal beside it, and remembers them as read.
    pub fn load(&mut self) -> Result<Competition, Error> {
        let before = stamp(self.path());
        let all = load_all(self.path())?;
        self.stamp = before;
        Ok(self.take_contents(all))
    }

    /// Reads the file's backup in its place (the file's name is the competition's), and
    /// moves the file aside as `NAME.bad` when it is there (it is damaged: see
    /// [`set_aside`]), so that the next save neither overwrites it nor makes it the backup.
    /// Returns the competition and where the damaged file went (an error: it could not be
    /// moved, and the next save replaces it). Save at once, so the file is whole again.
    #[allow(clippy::type_complexity)]
    pub fn read_backup(
        &mut self,
    ) -> Result<(Competition, Option<std::io::Result<PathBuf>>), Error> {
        let path = self.path().to_path_buf();
        // Named by its file's stem, which is the file's.
        let all = load_all(&backup_path(&path))?;
        let aside = path.exists().then(|| set_aside(&path));
        // What is at the path now is known: nothing, or the damaged file that could not be
        // moved and is to be replaced.
        self.stamp = stamp(&path);
        Ok((self.take_contents(all), aside))
    }

    /// Writes `comp` to the file atomically, keeping the version it replaces as `NAME.bak`;
    /// refuses (and writes nothing) if another program has written the file since this one
    /// last read or wrote it.
    ///
    /// An error for which [`Error::written_unflushed`] holds comes after the save is in
    /// place: the file is this program's as written (its next save is no "change by another
    /// program"), and the caller is to say it was saved, only perhaps not yet on the disk.
    pub fn store(&mut self, comp: &Competition) -> Result<(), Error> {
        let path = self.path().to_path_buf();
        if self.lock.is_none() {
            self.lock = Some(Lock::take(&path).map_err(Error::from_store)?);
        }
        if stamp(&path) != self.stamp {
            return Err(Error::new(&path, ErrorKind::ChangedOnDisk));
        }
        // The archive first: the save then never names a season the archive lacks.
        let (through, archive_unflushed) =
            archive_closed(&path, comp, self.archived_through, &mut self.archive_mark)?;
        self.archived_through = through;
        let written = write_bytes(
            &path,
            &encode_kept(
                comp,
                self.in_play.as_ref(),
                self.last_played.as_ref(),
                self.archived_through,
            ),
        );
        if let Err(e) = &written {
            if !e.written_unflushed() {
                return written;
            }
        }
        self.stamp = stamp(&path);
        // The save now holds every action: the journal has nothing more to tell. (Kept after a
        // save whose folder was not flushed, it would be read as newer than the save, bringing
        // back a match since ended.)
        self.saved_ops = self.in_play.as_ref().map_or(0, |m| m.ops.len());
        self.journal = None;
        self.put_journal_away();
        match (written, archive_unflushed) {
            (Ok(()), Some(e)) => Err(e),
            (written, _) => written,
        }
    }
}
