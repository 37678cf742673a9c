//! The file's life cycle: the start screens ([`Start`]: the name, a new file's options and
//! county, a damaged file and its backup), opening or creating a competition into an
//! [`Open`] file, saving it after each change, and quitting.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{upper, App, Phase, Screen};
use super::draw::capitalised;
use super::setup::{self, NewFile, OptionsKey, OptionsNote};
use crate::counties::{Class, CountyId};
use crate::league::name::normalise_name;
use crate::league::{Competition, Settings};
use crate::save::Keeper;

/// The screens before a file is open.
pub enum Start {
    FileName {
        input: String,
        error: Option<String>,
    },
    Confirm {
        name: String,
    },
    /// `backup`: whether `NAME.bak` is there to offer, and why it could not be used once tried.
    Damaged {
        name: String,
        problem: String,
        backup: Backup,
    },
    /// A new file's options; `row` is the line the cursor is on, `note` a word on the last
    /// key (the option a digit changed, as it now stands; why a key changed nothing).
    Options {
        name: String,
        new: NewFile,
        row: usize,
        note: Option<OptionsNote>,
    },
    /// A new file's county; `row` is the options' cursor, kept for a step back. `picked` is
    /// the choice a key made, waiting for `[Enter]` (`Some(None)`: no county, to watch), as the
    /// file, once made, keeps it for good; `note` a word on a key that picked nothing.
    County {
        name: String,
        new: NewFile,
        row: usize,
        picked: Option<Option<CountyId>>,
        note: Option<&'static str>,
    },
    /// The solo charts, opened with `[Tab]` at the file prompt: they need no cricket file.
    /// `[Esc]` from their first screen comes back to the prompt.
    Charts(Box<super::charts_screen::ChartsScreen>),
    /// A match against a friend being set up, opened with `[F2]` at the file prompt: it
    /// needs no cricket file.
    Friend(Box<super::friend_setup::FriendSetup>),
}

impl Start {
    pub(super) fn ask_name() -> Start {
        Start::FileName {
            input: String::new(),
            error: None,
        }
    }
}

/// A damaged file's backup, as the damaged-file screen offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backup {
    None,
    /// Readable, and offered with `[B]`: what it holds (its season and round), to be said
    /// before `[B]` is pressed.
    Offered(String),
    /// Tried, and it cannot be read either: why.
    Unusable(String),
}

impl Backup {
    /// What the backup of the file at `path` can offer: it is read now, so that the screen
    /// says what it holds, or that it cannot be used, before the person chooses it.
    fn of(path: &Path) -> Backup {
        let bak = crate::save::backup_path(path);
        if !bak.exists() {
            return Backup::None;
        }
        match crate::save::load(&bak) {
            Ok(comp) => Backup::Offered(super::draw::standing(&comp)),
            Err(e) => Backup::Unusable(format!("{e:#}")),
        }
    }
}

/// The longest file name (the guide's eight characters).
pub(crate) const NAME_LEN: usize = 8;

/// What the file-name prompt says of a key it left out (after the key).
const LEFT_OUT: &str = "was left out: a file name holds only letters, digits, '_' and '-'.";

/// Where the competition `name` (already a valid name) lives.
pub fn file_path(dir: &Path, name: &str) -> PathBuf {
    crate::save::path_for(dir, name).expect("names are checked before they reach a path")
}

/// An open file: the competition, the screen over it, and how it stands with the disk.
pub struct Open {
    pub comp: Competition,
    pub screen: Screen,
    /// The folder the file is in (named when it cannot be made).
    pub(super) saves_dir: PathBuf,
    /// The menu's class (toggled by `[9]`).
    pub class: Class,
    /// A one-line message under the menu (what a refused key meant, an error while saving).
    pub status: Option<String>,
    /// Why the last save failed, until a save succeeds: shown on the menu, and quitting
    /// asks first.
    pub unsaved: Option<String>,
    /// `[Q]` was pressed once with the competition unsaved.
    pub(super) quit_asked: bool,
    /// The file's lock, held while it is open, the file as this program last read or wrote
    /// it, and the match in play with its journal.
    pub(super) keeper: Keeper,
    /// The person's match in play, as the menu offers it (`[2]` resumes it).
    pub in_play: Option<super::playing::InPlay>,
    /// The user has quit.
    pub(super) quit: bool,
    /// The file's matches to reopen (`kept.rs`), kept while the archive beside the file
    /// holds the same seasons, so that it is read once.
    pub(super) library: Option<crate::history::Library>,
}

impl Open {
    /// `comp` open on the menu, its file kept by `keeper`.
    fn new(comp: Competition, saves_dir: PathBuf, keeper: Keeper, status: Option<String>) -> Open {
        let mut open = Open {
            comp,
            screen: Screen::Menu,
            saves_dir,
            class: Class::First,
            status,
            unsaved: None,
            quit_asked: false,
            keeper,
            in_play: None,
            quit: false,
            library: None,
        };
        open.class = open.home_class();
        open.check_in_play();
        open
    }

    /// The file's path.
    pub fn path(&self) -> PathBuf {
        file_path(&self.saves_dir, self.comp.name())
    }

    /// The class the menu opens on: the user's county's this season, else the first.
    pub(super) fn home_class(&self) -> Class {
        let comp = &self.comp;
        comp.settings()
            .user_county
            .and_then(|c| comp.current().map(|s| s.class_of(c)))
            .unwrap_or(Class::First)
    }

    /// The user's county in the open competition, if any.
    pub fn user_county(&self) -> Option<CountyId> {
        self.comp.settings().user_county
    }

    /// Saves the competition; a failure is shown, and stays shown until a save succeeds. A
    /// save in place whose folder could not be flushed is no failure: it is said once, and
    /// nothing is unsaved.
    pub(super) fn save(&mut self) {
        let failure = match self.keeper.store(&self.comp) {
            Ok(()) => None,
            Err(e) if e.written_unflushed() => {
                self.status = Some(format!(
                    "{}.acc is saved, but the disk may not have it yet ({e}).",
                    self.comp.name()
                ));
                None
            }
            // Another program wrote the file since this one read it: its work stands.
            Err(e) if matches!(e.kind, crate::save::ErrorKind::ChangedOnDisk) => Some(format!(
                "{}.acc was changed by another program: quit and open it again",
                self.comp.name()
            )),
            Err(e) => Some(capitalised(&e.to_string())),
        };
        self.status = failure.clone().or(self.status.take());
        self.unsaved = failure;
    }

    /// `[Q]`: quits, but with the competition unsaved (after one more try) only when asked twice.
    pub(super) fn quit_key(&mut self, asked_before: bool) -> Screen {
        if self.unsaved.is_some() {
            self.save();
        }
        match &self.unsaved {
            Some(why) if !asked_before => {
                self.quit_asked = true;
                let text = format!("[Q] again quits WITHOUT SAVING; any other key stays. ({why})");
                self.say(&text)
            }
            _ => {
                self.quit = true;
                Screen::Menu
            }
        }
    }

    /// Back to the menu with a one-line message.
    pub(super) fn say(&mut self, text: &str) -> Screen {
        self.status = Some(text.to_string());
        Screen::Menu
    }
}

impl App {
    /// The seed for a new file (`accc play NAME --seed N`). A file already open keeps the seed
    /// it was made with, and the menu says so rather than ignore the option silently.
    pub fn set_new_seed(&mut self, seed: Option<u64>) {
        self.new_seed = seed;
        if let (Some(_), Phase::Open(open)) = (seed, &mut self.phase) {
            open.status = Some(format!(
                "--seed is only for a new file: {} keeps its own ({}).",
                open.comp.name(),
                open.comp.settings().seed
            ));
        }
    }

    /// A key on a start screen.
    pub(super) fn start_key(&mut self, start: Start, k: KeyEvent) {
        let next = match start {
            Start::FileName { input, error } => return self.file_name_key(input, error, k),
            Start::Friend(setup) => match (*setup).key(k, self.new_seed) {
                super::friend_setup::SetupKey::Stay(s) => Start::Friend(Box::new(s)),
                // A championship match's setup is not made here.
                super::friend_setup::SetupKey::Back
                | super::friend_setup::SetupKey::Meet { .. } => Start::ask_name(),
                super::friend_setup::SetupKey::Start(friendly) => {
                    self.phase = Phase::Friend(friendly);
                    return;
                }
            },
            Start::Charts(c) => {
                let env = super::charts_screen::Env {
                    saves_dir: &self.saves_dir,
                    seed: self.new_seed,
                };
                match super::charts_screen::key(*c, k, &env) {
                    Some(c) => Start::Charts(Box::new(c)),
                    None => Start::ask_name(),
                }
            }
            Start::Confirm { name } => match upper(k) {
                Some('Y') => Start::Options {
                    name,
                    new: NewFile::default(),
                    row: 0,
                    note: None,
                },
                Some('N') => Start::ask_name(),
                _ if k.code == KeyCode::Esc => Start::ask_name(),
                _ => Start::Confirm { name },
            },
            Start::Damaged {
                name,
                problem,
                backup,
            } => return self.damaged_key(name, problem, backup, k),
            // Nothing is made until a county is chosen: Esc steps back.
            Start::Options { .. } if k.code == KeyCode::Esc => Start::ask_name(),
            Start::Options {
                name,
                mut new,
                mut row,
                ..
            } => match setup::options_key(&mut new, &mut row, k) {
                OptionsKey::Done => Start::County {
                    name,
                    new,
                    row,
                    picked: None,
                    note: None,
                },
                OptionsKey::Stay(note) => Start::Options {
                    name,
                    new,
                    row,
                    note,
                },
            },
            Start::County { name, new, row, .. } if k.code == KeyCode::Esc => Start::Options {
                name,
                new,
                row,
                note: None,
            },
            Start::County {
                name,
                new,
                row,
                picked,
                ..
            } => match (setup::county_key(k), picked) {
                (Some(county), _) => Start::County {
                    name,
                    new,
                    row,
                    picked: Some(county),
                    note: None,
                },
                (None, Some(county)) if k.code == KeyCode::Enter => {
                    return self.create(&name, new, county)
                }
                (None, picked) => Start::County {
                    name,
                    new,
                    row,
                    picked,
                    note: Some(if picked.is_some() {
                        "[Enter] makes the file; a letter picks another county, [0] none."
                    } else {
                        "Press a county's letter (here H is Hampshire), or [0] to watch; \
                         then [Enter]."
                    }),
                },
            },
        };
        self.phase = Phase::Start(next);
    }

    fn file_name_key(&mut self, mut input: String, error: Option<String>, k: KeyEvent) {
        if k.code == KeyCode::Esc {
            self.quit = true;
            self.phase = Phase::Start(Start::FileName { input, error });
            return;
        }
        if k.code == KeyCode::F(2) {
            let setup = super::friend_setup::FriendSetup::in_folder(&self.saves_dir);
            self.phase = Phase::Start(Start::Friend(Box::new(setup)));
            return;
        }
        if k.code == KeyCode::Tab {
            let charts = super::charts_screen::open(&self.saves_dir);
            self.phase = Phase::Start(Start::Charts(Box::new(charts)));
            return;
        }
        // A name's rules are told as it is typed, not only on [Enter].
        if let KeyCode::Char(c) = k.code {
            let refused = if !(c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                Some(format!("{} {LEFT_OUT}", setup::left_out(c)))
            } else if input.chars().count() >= NAME_LEN {
                Some(format!("A file name has at most {NAME_LEN} characters."))
            } else {
                None
            };
            if refused.is_some() {
                self.phase = Phase::Start(Start::FileName {
                    input,
                    error: refused,
                });
                return;
            }
        }
        if !setup::edit_line(&mut input, k, NAME_LEN) {
            // A key taken clears the last complaint; one that did nothing leaves it. A key
            // left out stays told while the name is typed on, until [Backspace] mends it.
            let taken = match k.code {
                KeyCode::Char(_) => !error.as_deref().is_some_and(|e| e.ends_with(LEFT_OUT)),
                KeyCode::Backspace => true,
                _ => false,
            };
            let error = error.filter(|_| !taken);
            self.phase = Phase::Start(Start::FileName { input, error });
            return;
        }
        match normalise_name(input.trim()) {
            Ok(name) => self.open(&name),
            Err(e) => {
                self.phase = Phase::Start(Start::FileName {
                    input: String::new(),
                    error: Some(e.to_string()),
                })
            }
        }
    }

    /// Opens file `name`: loads it, asks to create it, or explains why it cannot be read.
    pub(super) fn open(&mut self, name: &str) {
        let name = match normalise_name(name) {
            Ok(n) => n,
            Err(e) => {
                self.phase = Phase::Start(Start::FileName {
                    input: String::new(),
                    error: Some(e.to_string()),
                });
                return;
            }
        };
        let path = file_path(&self.saves_dir, &name);
        // The file is this program's from now until it quits or goes back to the prompt; a
        // file another accc has open is refused, naming it.
        let keeper = match Keeper::take(&path) {
            Ok(k) => self.opening.insert(k),
            Err(e) => {
                self.phase = Phase::Start(Start::FileName {
                    input: String::new(),
                    error: Some(e.to_string()),
                });
                return;
            }
        };
        let bak = crate::save::backup_path(&path);
        self.phase = if !crate::store::read::is_there(&path) && bak.exists() {
            let problem = format!(
                "{} is missing, but its backup {} is there.",
                path.display(),
                bak.display()
            );
            Phase::Start(Start::Damaged {
                name,
                problem,
                backup: Backup::of(&path),
            })
        } else if !crate::store::read::is_there(&path) {
            Phase::Start(Start::Confirm { name })
        } else {
            match keeper.load() {
                Ok(comp) => self.opened(comp, None),
                // The screen offers the backup with [B], or says it cannot be used: either
                // way, no need to say copy it by hand.
                Err(e) => Phase::Start(Start::Damaged {
                    name,
                    problem: format!("{e:#}"),
                    backup: Backup::of(&path),
                }),
            }
        };
    }

    /// The file being opened, kept from now on (its lock is taken now if naming it did not).
    fn keeper(&mut self, name: &str) -> Result<Keeper, crate::save::Error> {
        match self.opening.take() {
            Some(k) => Ok(k),
            None => Keeper::take(&file_path(&self.saves_dir, name)),
        }
    }

    /// `comp`, just read from its file, open on the menu.
    /// A journal found damaged is said on the menu, and again on the command line when the
    /// program ends (with its full path), where it is not gone at the next key.
    fn opened(&mut self, comp: Competition, status: Option<String>) -> Phase {
        match self.keeper(comp.name()) {
            Ok(mut keeper) => {
                let status = match keeper.take_journal_note() {
                    Some(note) => {
                        self.farewell.push(note.to_string());
                        Some(format!("{note:#}."))
                    }
                    None => status,
                };
                Phase::Open(Box::new(Open::new(
                    comp,
                    self.saves_dir.clone(),
                    keeper,
                    status,
                )))
            }
            Err(e) => Phase::Start(Start::FileName {
                input: String::new(),
                error: Some(e.to_string()),
            }),
        }
    }

    fn damaged_key(&mut self, name: String, problem: String, backup: Backup, k: KeyEvent) {
        self.phase = match upper(k) {
            // [B] is offered only while there is a backup not yet found unusable.
            Some('B') if matches!(backup, Backup::Offered(_)) => {
                let read = match self.opening.as_mut() {
                    Some(keeper) => keeper.read_backup(),
                    None => Keeper::take(&file_path(&self.saves_dir, &name))
                        .and_then(|k| self.opening.insert(k).read_backup()),
                };
                match read {
                    Ok((comp, aside)) => {
                        let status = Some(match aside {
                            None => format!("Opened the backup and saved it as {name}.acc."),
                            Some(Ok(to)) => format!("Opened the backup and saved it as {name}.acc; the damaged file is kept as {}.", to.display()),
                            Some(Err(e)) => format!("Opened the backup and saved it as {name}.acc (the damaged file could not be moved aside: {e})."),
                        });
                        // Saved at once: "everything is saved" must be true from the first
                        // screen, and the next start must find the file, not only its backup.
                        let mut phase = self.opened(comp, status);
                        if let Phase::Open(open) = &mut phase {
                            open.save();
                        }
                        phase
                    }
                    Err(e) => Phase::Start(Start::Damaged {
                        name,
                        problem,
                        backup: Backup::Unusable(e.to_string()),
                    }),
                }
            }
            _ if k.code == KeyCode::Enter || k.code == KeyCode::Esc => {
                Phase::Start(Start::ask_name())
            }
            _ => Phase::Start(Start::Damaged {
                name,
                problem,
                backup,
            }),
        };
    }

    fn create(&mut self, name: &str, new: NewFile, county: Option<CountyId>) {
        let seed = self.new_seed.unwrap_or_else(crate::seed::clock_seed);
        let settings = Settings {
            options: new.options,
            levels: new.levels,
            user_county: county,
            seed,
        };
        self.phase = match Competition::create(name, settings) {
            Ok(comp) => {
                // Not on disk yet, as the keeper knows: a file that turns up meanwhile is not
                // overwritten.
                let mut phase = self.opened(comp, None);
                if let Phase::Open(open) = &mut phase {
                    open.save();
                }
                phase
            }
            Err(e) => Phase::Start(Start::FileName {
                input: String::new(),
                error: Some(e.to_string()),
            }),
        };
    }
}
