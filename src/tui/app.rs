//! The terminal program's state: which screen is showing, the open competition, and an
//! [`App::update`] that changes it only in answer to a [`Msg`]. Drawing is in `draw.rs`; no
//! terminal IO happens here, so tests drive the whole program with key messages.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::charts_screen::{procedure_key, walk_key, WalkScreen};
use super::draw::{fit, TEXT_ROWS, TEXT_WIDTH};
use super::match_screen::{self, MatchKey};
use super::picture_screen::{self, Back, PictureScreen};
use super::pictures::Picture;
use super::session::{Mode, Session};
use super::setup::{self, NewFile, OptionsKey};
use crate::counties::{self, Class, CountyId};
use crate::engine::Side;
use crate::league::competition::{normalise_name, Competition, Fixture, Settings};
use crate::league::season::SeasonSummary;

/// A message to the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    /// Time passed (a watched match moves on a ball).
    Tick,
    /// The window changed size.
    Resize(u16, u16),
}

/// A text view that can be shown on its own screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    Table,
    Averages,
    Results(CountyId),
    Records(CountyId),
    Honours,
    Positions,
    AllTime(Class),
    AllTimeAverages(Class),
}

impl ViewKind {
    /// Whether the view is of one season (its points race is a key away).
    pub fn is_season(self) -> bool {
        matches!(
            self,
            ViewKind::Table | ViewKind::Averages | ViewKind::Results(_)
        )
    }

    /// Whether the view is one of the [8] menu's.
    pub fn is_all_time(self) -> bool {
        matches!(
            self,
            ViewKind::Honours | ViewKind::AllTime(_) | ViewKind::AllTimeAverages(_)
        )
    }
}

/// What a county is being picked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    Results { year: Option<u16> },
    Records,
    Story,
}

/// The screens.
pub enum Screen {
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
    Options {
        name: String,
        new: NewFile,
    },
    County {
        name: String,
        new: NewFile,
    },
    Menu,
    /// A text view; `year` is set when reviewing a past season ([7]/[8] move it).
    Text {
        title: String,
        lines: Vec<String>,
        scroll: usize,
        review: Option<(u16, ViewKind)>,
        kind: ViewKind,
    },
    PickCounty {
        purpose: PickFor,
    },
    AllTime,
    /// A picture of the history (`picture_screen`).
    Picture(Box<PictureScreen>),
    /// Final positions as a coloured grid; `first_year` is the leftmost column shown.
    Grid {
        first_year: u16,
    },
    Match {
        session: Box<Session>,
        entry: Entry,
    },
    /// The final scoreboard of a match, then (if it ended one) the season's summary.
    Scorecard {
        card: Box<FinalCard>,
        scroll: usize,
        season_end: Option<SeasonSummary>,
    },
    SeasonEnd {
        summary: SeasonSummary,
        scroll: usize,
    },
    Simulate {
        input: String,
        error: Option<String>,
    },
    /// Seasons being simulated, one per tick, with progress shown; any key stops after the
    /// season in hand.
    Simulating {
        left: u32,
        done: u32,
        total: u32,
        last: Option<SeasonSummary>,
    },
    Help {
        scroll: usize,
    },
    /// The solo charts: the list of systems, or one system's charts (`system` set).
    Charts {
        system: Option<usize>,
        lines: Vec<String>,
        scroll: usize,
    },
    /// A system's procedures, to pick one to walk.
    Procedures {
        system: usize,
    },
    /// Walking a procedure step by step.
    Walk(Box<WalkScreen>),
}

/// Where a match on screen stands with the competition.
#[derive(Debug)]
pub enum Entry {
    /// To be added when it ends.
    Due(Fixture),
    /// Added and saved the moment it ended, so that no key (Esc, Ctrl-C) and no closed
    /// window can lose a result that stands; the season's summary if it ended the season.
    Recorded(Option<SeasonSummary>),
}

/// The whole program state.
pub struct App {
    pub screen: Screen,
    pub saves_dir: PathBuf,
    pub comp: Option<Competition>,
    /// The menu's class (toggled by [9]).
    pub class: Class,
    /// A one-line message under the menu (what a refused key meant, an error while saving).
    pub status: Option<String>,
    pub size: (u16, u16),
    pub quit: bool,
    /// Why the last save failed, until a save succeeds: shown on the menu, and quitting
    /// asks first.
    pub unsaved: Option<String>,
    /// [Q] was pressed once with the competition unsaved.
    quit_asked: bool,
    /// The file being opened or open: its lock, held until the program quits or goes back
    /// to the file-name prompt, and the file as this program last read or wrote it.
    keeper: Option<crate::save::Keeper>,
    /// The seed for a competition created now (none: from the clock).
    pub new_seed: Option<u64>,
}

/// A damaged file's backup, as the damaged-file screen offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backup {
    None,
    Offered,
    /// Tried, and it cannot be read either: why.
    Unusable(String),
}

impl Backup {
    /// What the backup of the file at `path` can offer.
    fn of(path: &Path) -> Backup {
        if crate::save::backup_path(path).exists() {
            Backup::Offered
        } else {
            Backup::None
        }
    }
}

/// Where the competition `name` (already a valid name) lives.
pub fn file_path(dir: &Path, name: &str) -> PathBuf {
    crate::save::path_for(dir, name).expect("names are checked before they reach a path")
}

impl App {
    /// The program at its first screen; `name` skips the prompt.
    pub fn new(saves_dir: PathBuf, name: Option<String>) -> App {
        let mut app = App {
            screen: Screen::FileName {
                input: String::new(),
                error: None,
            },
            saves_dir,
            comp: None,
            class: Class::First,
            status: None,
            size: (80, 25),
            quit: false,
            unsaved: None,
            quit_asked: false,
            keeper: None,
            new_seed: None,
        };
        if let Some(n) = name {
            app.open(&n);
        }
        app
    }

    /// The one place the state changes.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Tick => self.tick(),
            Msg::Key(k)
                if k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL) =>
            {
                self.quit = true
            }
            // The screen cannot be seen until the window grows: no key may act unseen.
            Msg::Key(_) if self.too_small() => {}
            Msg::Key(k) => self.key(k),
        }
    }

    fn tick(&mut self) {
        // A watched match waits while the window is too small to show it.
        let hidden = self.too_small();
        match &mut self.screen {
            Screen::Match { .. } if hidden => {}
            Screen::Match { session, .. } if match_screen::wants_ticks(session) => {
                session.advance(true);
                if let Screen::Match { session, entry } =
                    std::mem::replace(&mut self.screen, Screen::Menu)
                {
                    self.screen = self.record_when_over(session, entry);
                }
            }
            Screen::Simulating { .. } => self.simulate_one(),
            _ => {}
        }
    }

    /// Whether the window is too small to show the screen (it asks to be made larger).
    pub fn too_small(&self) -> bool {
        self.size.0 < super::draw::WIDTH || self.size.1 < super::draw::HEIGHT
    }

    /// Whether the program has work to do without waiting for a key.
    pub fn busy(&self) -> bool {
        matches!(self.screen, Screen::Simulating { .. })
    }

    /// Plays one season of a simulation and saves.
    fn simulate_one(&mut self) {
        let Screen::Simulating {
            left,
            done,
            total,
            last,
        } = std::mem::replace(&mut self.screen, Screen::Menu)
        else {
            return;
        };
        let comp = self.comp.as_mut().expect("open");
        let mut summary = last;
        comp.sim_seasons(1, |s| summary = Some(s.clone()));
        self.save();
        let finished = self.comp().is_finished();
        self.screen = if left <= 1 || finished {
            match summary {
                Some(summary) => Screen::SeasonEnd { summary, scroll: 0 },
                None => Screen::Menu,
            }
        } else {
            Screen::Simulating {
                left: left - 1,
                done: done + 1,
                total,
                last: summary,
            }
        };
    }

    fn key(&mut self, k: KeyEvent) {
        self.route(k);
        // Back at the prompt with no file open: the file being opened is let go.
        if self.comp.is_none() && matches!(self.screen, Screen::FileName { .. }) {
            self.keeper = None;
        }
    }

    fn route(&mut self, k: KeyEvent) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu);
        self.screen = match screen {
            Screen::FileName { input, error } => self.file_name_key(input, error, k),
            Screen::Confirm { name } => match upper(k) {
                Some('Y') => Screen::Options {
                    name,
                    new: NewFile::default(),
                },
                Some('N') => Screen::FileName {
                    input: String::new(),
                    error: None,
                },
                _ if k.code == KeyCode::Esc => Screen::FileName {
                    input: String::new(),
                    error: None,
                },
                _ => Screen::Confirm { name },
            },
            Screen::Damaged {
                name,
                problem,
                backup,
            } => self.damaged_key(name, problem, backup, k),
            // Nothing is made until a county is chosen: Esc steps back.
            Screen::Options { .. } if k.code == KeyCode::Esc => Screen::FileName {
                input: String::new(),
                error: None,
            },
            Screen::Options { name, mut new } => match setup::options_key(&mut new, k) {
                OptionsKey::Done => Screen::County { name, new },
                _ => Screen::Options { name, new },
            },
            Screen::County { name, new } if k.code == KeyCode::Esc => Screen::Options { name, new },
            Screen::County { name, new } => match setup::county_key(k) {
                Some(county) => self.create(&name, new, county),
                None => Screen::County { name, new },
            },
            Screen::Menu => self.menu_key(k),
            Screen::Text {
                title,
                lines,
                scroll,
                review,
                kind,
            } => self.text_key(title, lines, scroll, review, kind, k),
            Screen::PickCounty { purpose } => self.pick_county_key(purpose, k),
            Screen::AllTime => self.alltime_key(k),
            Screen::Picture(mut p) => match picture_screen::key(&mut p, k) {
                None => Screen::Picture(p),
                Some(Back::AllTime) => Screen::AllTime,
                Some(Back::View(kind, year)) => self.view(kind, year),
            },
            Screen::Grid { first_year } => self.grid_key(first_year, k),
            Screen::Match { session, entry } => self.match_key(session, entry, k),
            Screen::Scorecard {
                card,
                scroll,
                season_end,
            } => match (k.code, season_end) {
                (KeyCode::Enter | KeyCode::Esc, Some(summary)) => {
                    Screen::SeasonEnd { summary, scroll: 0 }
                }
                (KeyCode::Enter | KeyCode::Esc, None) => Screen::Menu,
                (code, season_end) => {
                    let scroll =
                        scrolled(scroll, code, card.lines.len(), super::draw::SCORECARD_ROWS);
                    Screen::Scorecard {
                        card,
                        scroll,
                        season_end,
                    }
                }
            },
            Screen::SeasonEnd { summary, scroll } => match k.code {
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') => {
                    // A new season opens on the user's county's class (it may have moved).
                    self.class = self.home_class();
                    Screen::Menu
                }
                code => {
                    let len = super::season_end::lines(&summary, self.user_county()).len();
                    Screen::SeasonEnd {
                        scroll: scrolled(scroll, code, len, TEXT_ROWS),
                        summary,
                    }
                }
            },
            Screen::Simulate { input, error } => self.simulate_key(input, error, k),
            Screen::Simulating {
                left,
                done,
                total,
                last,
            } => match k.code {
                KeyCode::Esc => Screen::Simulating {
                    left: left.min(1),
                    done,
                    total,
                    last,
                },
                _ => Screen::Simulating {
                    left,
                    done,
                    total,
                    last,
                },
            },
            Screen::Help { scroll } => match k.code {
                KeyCode::Esc | KeyCode::Enter => Screen::Menu,
                code => Screen::Help {
                    scroll: scrolled(scroll, code, super::help::lines().len(), TEXT_ROWS),
                },
            },
            Screen::Charts {
                system: Some(i), ..
            } if upper(k) == Some('W') => Screen::Procedures { system: i },
            Screen::Charts {
                system,
                lines,
                scroll,
            } => charts_key(system, lines, scroll, k),
            Screen::Procedures { system } => match (procedure_key(system, k), k.code) {
                (Some(p), _) => {
                    let seed = self.new_seed.unwrap_or_else(crate::seed::clock_seed);
                    Screen::Walk(Box::new(WalkScreen::new(system, p, seed)))
                }
                (None, KeyCode::Esc) => Screen::Charts {
                    system: Some(system),
                    lines: system_lines(system),
                    scroll: 0,
                },
                _ => Screen::Procedures { system },
            },
            Screen::Walk(mut w) => match walk_key(&mut w, k) {
                true => Screen::Walk(w),
                false => Screen::Procedures { system: w.system },
            },
        };
    }

    // ----- start -----

    fn file_name_key(&mut self, mut input: String, error: Option<String>, k: KeyEvent) -> Screen {
        if k.code == KeyCode::Esc {
            self.quit = true;
            return Screen::FileName { input, error };
        }
        if !setup::edit_line(&mut input, k, 12) {
            return Screen::FileName { input, error };
        }
        match normalise_name(input.trim()) {
            Ok(name) => {
                self.open(&name);
                std::mem::replace(&mut self.screen, Screen::Menu)
            }
            Err(e) => Screen::FileName {
                input: String::new(),
                error: Some(e.to_string()),
            },
        }
    }

    /// Opens file `name`: loads it, asks to create it, or explains why it cannot be read.
    fn open(&mut self, name: &str) {
        let name = match normalise_name(name) {
            Ok(n) => n,
            Err(e) => {
                self.screen = Screen::FileName {
                    input: String::new(),
                    error: Some(e.to_string()),
                };
                return;
            }
        };
        let path = file_path(&self.saves_dir, &name);
        // The file is this program's from now until it quits or goes back to the prompt; a
        // file another accc has open is refused, naming it.
        let keeper = match crate::save::Keeper::take(&path) {
            Ok(k) => self.keeper.insert(k),
            Err(e) => {
                self.screen = Screen::FileName {
                    input: String::new(),
                    error: Some(e.to_string()),
                };
                return;
            }
        };
        let bak = crate::save::backup_path(&path);
        self.screen = if !path.exists() && bak.exists() {
            let problem = format!(
                "{} is missing, but its backup {} is there.",
                path.display(),
                bak.display()
            );
            Screen::Damaged {
                name,
                problem,
                backup: Backup::Offered,
            }
        } else if !path.exists() {
            Screen::Confirm { name }
        } else {
            match keeper.load() {
                Ok(comp) => self.opened(comp),
                Err(e) => Screen::Damaged {
                    name,
                    problem: e.to_string(),
                    backup: Backup::of(&path),
                },
            }
        };
    }

    /// The seed for a new file (`accc play NAME --seed N`). A file already open keeps the seed
    /// it was made with, and the menu says so rather than ignore the option silently.
    pub fn set_new_seed(&mut self, seed: Option<u64>) {
        self.new_seed = seed;
        if let (Some(_), Some(comp)) = (seed, &self.comp) {
            self.status = Some(format!(
                "--seed is only for a new file: {} keeps its own ({}).",
                comp.name(),
                comp.settings().seed
            ));
        }
    }

    fn opened(&mut self, comp: Competition) -> Screen {
        self.comp = Some(comp);
        self.class = self.home_class();
        Screen::Menu
    }

    /// The class the menu opens on: the user's county's this season, else the first.
    fn home_class(&self) -> Class {
        let comp = self.comp();
        comp.settings()
            .user_county
            .and_then(|c| comp.current().map(|s| s.class_of(c)))
            .unwrap_or(Class::First)
    }

    fn damaged_key(
        &mut self,
        name: String,
        problem: String,
        backup: Backup,
        k: KeyEvent,
    ) -> Screen {
        match upper(k) {
            // [B] is offered only while there is a backup not yet found unusable.
            Some('B') if backup == Backup::Offered => {
                let Some(keeper) = self.keeper.as_mut() else {
                    return Screen::FileName {
                        input: String::new(),
                        error: None,
                    };
                };
                match keeper.read_backup() {
                    Ok((comp, aside)) => {
                        self.status = Some(match aside {
                            None => format!("Opened the backup, saved as {name}.acc."),
                            Some(Ok(to)) => format!(
                                "Opened the backup, saved as {name}.acc; the damaged file is kept as {}.",
                                to.display()
                            ),
                            Some(Err(e)) => format!(
                                "Opened the backup, saved over the damaged {name}.acc (it could not be moved aside: {e})."
                            ),
                        });
                        let screen = self.opened(comp);
                        // The file is whole again at once, whatever happens next.
                        self.save();
                        screen
                    }
                    Err(e) => Screen::Damaged {
                        name,
                        problem,
                        backup: Backup::Unusable(e.to_string()),
                    },
                }
            }
            _ if k.code == KeyCode::Enter || k.code == KeyCode::Esc => Screen::FileName {
                input: String::new(),
                error: None,
            },
            _ => Screen::Damaged {
                name,
                problem,
                backup,
            },
        }
    }

    fn create(&mut self, name: &str, new: NewFile, county: Option<CountyId>) -> Screen {
        let seed = self.new_seed.unwrap_or_else(crate::seed::clock_seed);
        let settings = Settings {
            options: new.options,
            levels: new.levels,
            user_county: county,
            seed,
        };
        match Competition::create(name, settings) {
            Ok(comp) => {
                self.comp = Some(comp);
                // Not on disk yet: a file that turns up meanwhile is not overwritten (the
                // keeper knows the file as absent).
                self.save();
                let comp = self.comp.take().expect("just made");
                self.opened(comp)
            }
            Err(e) => Screen::FileName {
                input: String::new(),
                error: Some(e.to_string()),
            },
        }
    }

    /// Saves the competition; a failure is shown, and stays shown until a save succeeds.
    fn save(&mut self) {
        let (Some(comp), Some(keeper)) = (&self.comp, self.keeper.as_mut()) else {
            return;
        };
        let failure = match keeper.store(comp) {
            Ok(()) => None,
            // Another program wrote the file since this one read it: its work stands.
            Err(e) if matches!(e.kind, crate::save::ErrorKind::ChangedOnDisk) => Some(format!(
                "{}.acc was changed by another program: quit and open it again",
                comp.name()
            )),
            Err(e) => Some(capitalised(&e.to_string())),
        };
        self.status = failure.clone().or(self.status.take());
        self.unsaved = failure;
    }

    /// [Q]: quits, but with the competition unsaved (after one more try) only when asked twice.
    fn quit_key(&mut self, asked_before: bool) -> Screen {
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

    // ----- the main menu -----

    fn comp(&self) -> &Competition {
        self.comp
            .as_ref()
            .expect("a competition is open on the menu")
    }

    /// The user's county in the open competition, if any.
    pub fn user_county(&self) -> Option<CountyId> {
        self.comp.as_ref().and_then(|c| c.settings().user_county)
    }

    /// Whether [1] / [2] can play in the menu's class now.
    pub fn menu_choices(&self) -> (bool, bool) {
        match self.comp().next_fixture(self.class) {
            Some(f) => (!self.comp().fixture_involves_user(&f), true),
            None => (false, false),
        }
    }

    fn menu_key(&mut self, k: KeyEvent) -> Screen {
        self.status = None;
        let asked_before = std::mem::take(&mut self.quit_asked);
        let finished = self.comp().is_finished();
        match upper(k) {
            Some('1' | '2') if finished => {
                self.say("The competition is over: all its seasons have been played.")
            }
            Some(c @ ('1' | '2')) => self.play_key(c == '2'),
            Some('3') => self.view(ViewKind::Table, None),
            Some('4') => self.view(ViewKind::Averages, None),
            Some('5') => Screen::PickCounty {
                purpose: PickFor::Results { year: None },
            },
            Some('6') => Screen::PickCounty {
                purpose: PickFor::Records,
            },
            Some('7') => self.review_previous(),
            Some('8') => Screen::AllTime,
            Some('9') => {
                self.class = self.class.other();
                Screen::Menu
            }
            Some('S') if !finished => Screen::Simulate {
                input: String::new(),
                error: None,
            },
            Some('C') => charts_menu(),
            Some('H') => Screen::Help { scroll: 0 },
            Some('Q') => self.quit_key(asked_before),
            _ => Screen::Menu,
        }
    }

    fn say(&mut self, text: &str) -> Screen {
        self.status = Some(text.to_string());
        Screen::Menu
    }

    /// [1] quickly or [2] fully, with the guide's rules for when each is open.
    fn play_key(&mut self, fully: bool) -> Screen {
        let (quick_ok, full_ok) = self.menu_choices();
        if !full_ok {
            self.class = self.class.other();
            return self.say("This class has finished its round: switched to the other class.");
        }
        if !fully && !quick_ok {
            return self.say("Your county is playing: press [2] to play the match.");
        }
        let fixture = self.comp().next_fixture(self.class).expect("checked above");
        if !fully {
            return self.play_quickly(fixture);
        }
        let comp = self.comp();
        let human = comp.settings().user_county.and_then(|u| {
            if u == fixture.home {
                Some(Side::Home)
            } else if u == fixture.away {
                Some(Side::Away)
            } else {
                None
            }
        });
        let names = [names_of(fixture.home), names_of(fixture.away)];
        let s = comp.settings();
        let mut session =
            Session::new(s.options, s.levels, fixture.seed, names, human, Mode::Fully);
        session.advance(human.is_none());
        Screen::Match {
            session: Box::new(session),
            entry: Entry::Due(fixture),
        }
    }

    fn play_quickly(&mut self, fixture: Fixture) -> Screen {
        let s = *self.comp().settings();
        let names = [names_of(fixture.home), names_of(fixture.away)];
        let mut session = Session::new(s.options, s.levels, fixture.seed, names, None, Mode::Quick);
        session.finish_quickly();
        self.finish_match(&session, fixture)
    }

    /// Adds a finished match to the competition, saves, and shows the scoreboard.
    fn finish_match(&mut self, session: &Session, fixture: Fixture) -> Screen {
        match self.add_result(fixture, session) {
            Ok(season_end) => Screen::Scorecard {
                card: Box::new(FinalCard::of(session)),
                scroll: 0,
                season_end,
            },
            Err(menu) => menu,
        }
    }

    /// Adds a finished match to the competition and saves: the season's summary if it ended
    /// one, or, if the match cannot be added, the menu saying why.
    fn add_result(
        &mut self,
        fixture: Fixture,
        session: &Session,
    ) -> Result<Option<SeasonSummary>, Screen> {
        let comp = self.comp.as_mut().expect("open");
        match comp.record_result(fixture, &session.state) {
            Ok(recorded) => {
                self.save();
                Ok(recorded.season_end)
            }
            Err(e) => Err(self.say(&format!("The match could not be added: {e}"))),
        }
    }

    fn match_key(&mut self, mut session: Box<Session>, entry: Entry, k: KeyEvent) -> Screen {
        if session.state.is_over()
            && session.paused.is_none()
            && matches!(k.code, KeyCode::Enter | KeyCode::Char(' '))
        {
            return match entry {
                Entry::Due(f) => self.finish_match(&session, f),
                Entry::Recorded(season_end) => Screen::Scorecard {
                    card: Box::new(FinalCard::of(&session)),
                    scroll: 0,
                    season_end,
                },
            };
        }
        match match_screen::key(&mut session, k) {
            MatchKey::Leave => {
                self.say("Match abandoned: it was not recorded, and nothing else was lost.")
            }
            _ => self.record_when_over(session, entry),
        }
    }

    /// Adds the match to the competition and saves the moment it ends (its pauses and
    /// scoreboard still to be shown).
    fn record_when_over(&mut self, session: Box<Session>, entry: Entry) -> Screen {
        let Entry::Due(fixture) = entry else {
            return Screen::Match { session, entry };
        };
        if !session.state.is_over() {
            return Screen::Match {
                session,
                entry: Entry::Due(fixture),
            };
        }
        match self.add_result(fixture, &session) {
            Ok(season_end) => Screen::Match {
                session,
                entry: Entry::Recorded(season_end),
            },
            Err(menu) => menu,
        }
    }

    // ----- views -----

    fn view(&mut self, kind: ViewKind, year: Option<u16>) -> Screen {
        let lines = render_view(self.comp(), kind, year, self.class);
        let title = view_title(kind, year, self.class);
        Screen::Text {
            title,
            lines,
            scroll: 0,
            review: year.map(|y| (y, kind)),
            kind,
        }
    }

    fn review_previous(&mut self) -> Screen {
        match self.comp().seasons().last().map(|s| s.year) {
            Some(year) => self.view(ViewKind::Table, Some(year)),
            None => self.say("There is no previous season yet."),
        }
    }

    fn text_key(
        &mut self,
        title: String,
        lines: Vec<String>,
        scroll: usize,
        review: Option<(u16, ViewKind)>,
        kind: ViewKind,
        k: KeyEvent,
    ) -> Screen {
        if let Some((year, kind)) = review {
            let years: Vec<u16> = self.comp().seasons().iter().map(|s| s.year).collect();
            let i = years.iter().position(|&y| y == year).unwrap_or(0);
            match upper(k) {
                Some('7') if i > 0 => return self.view(kind, Some(years[i - 1])),
                Some('8') if i + 1 < years.len() => return self.view(kind, Some(years[i + 1])),
                Some('3') => return self.view(ViewKind::Table, Some(year)),
                Some('4') => return self.view(ViewKind::Averages, Some(year)),
                Some('5') => {
                    return Screen::PickCounty {
                        purpose: PickFor::Results { year: Some(year) },
                    }
                }
                Some('9') => {
                    self.class = self.class.other();
                    return self.view(kind, Some(year));
                }
                _ => {}
            }
        }
        if kind.is_season() && upper(k) == Some('P') {
            let year = review.map(|r| r.0);
            // A county's results: the race of its class that season.
            let class = match kind {
                ViewKind::Results(c) => crate::views::season_for(self.comp(), year)
                    .map_or(self.class, |s| s.class_of(c)),
                _ => self.class,
            };
            return match crate::views::race_view(self.comp(), year, class) {
                Ok(v) => picture(Picture::Race(v), Back::View(kind, year)),
                Err(e) => self.say(&e.to_string()),
            };
        }
        match k.code {
            // The all-time views were picked from the [8] menu: back to it.
            KeyCode::Esc | KeyCode::Enter if kind.is_all_time() => Screen::AllTime,
            KeyCode::Esc | KeyCode::Enter => Screen::Menu,
            code => Screen::Text {
                scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
                title,
                lines,
                review,
                kind,
            },
        }
    }

    fn pick_county_key(&mut self, purpose: PickFor, k: KeyEvent) -> Screen {
        if k.code == KeyCode::Esc {
            return match purpose {
                PickFor::Story => Screen::AllTime,
                _ => Screen::Menu,
            };
        }
        match (setup::county_key(k), purpose) {
            (Some(Some(c)), PickFor::Results { year }) => self.view(ViewKind::Results(c), year),
            (Some(Some(c)), PickFor::Records) => self.view(ViewKind::Records(c), None),
            (Some(Some(c)), PickFor::Story) => match crate::views::story_view(self.comp(), c) {
                Ok(v) => picture(Picture::Story(v), Back::AllTime),
                Err(e) => self.say(&e.to_string()),
            },
            _ => Screen::PickCounty { purpose },
        }
    }

    fn alltime_key(&mut self, k: KeyEvent) -> Screen {
        match upper(k) {
            Some('1') => self.view(ViewKind::Honours, None),
            Some('2') => Screen::Grid {
                first_year: crate::league::FIRST_YEAR,
            },
            Some('3') => self.view(ViewKind::AllTime(Class::First), None),
            Some('4') => self.view(ViewKind::AllTimeAverages(Class::First), None),
            Some('5') => self.view(ViewKind::AllTime(Class::Second), None),
            Some('6') => self.view(ViewKind::AllTimeAverages(Class::Second), None),
            Some('7') => Screen::PickCounty {
                purpose: PickFor::Story,
            },
            Some('8') => match crate::views::eras_view(self.comp()) {
                Ok(v) => picture(Picture::Eras(v), Back::AllTime),
                Err(e) => self.say(&e.to_string()),
            },
            _ if k.code == KeyCode::Esc => Screen::Menu,
            _ => Screen::AllTime,
        }
    }

    fn grid_key(&mut self, first_year: u16, k: KeyEvent) -> Screen {
        let last = self
            .comp()
            .seasons()
            .last()
            .map(|s| s.year)
            .unwrap_or(first_year);
        match k.code {
            // The last page is a full one, ending with the last season.
            KeyCode::Right | KeyCode::PageDown => {
                let last_page = last
                    .saturating_sub(super::draw::GRID_YEARS - 1)
                    .max(crate::league::FIRST_YEAR);
                Screen::Grid {
                    first_year: (first_year + 10).min(last_page.max(first_year)),
                }
            }
            KeyCode::Left | KeyCode::PageUp => Screen::Grid {
                first_year: first_year.saturating_sub(10).max(crate::league::FIRST_YEAR),
            },
            KeyCode::Esc | KeyCode::Enter => Screen::AllTime,
            _ => Screen::Grid { first_year },
        }
    }

    // ----- simulation -----

    fn simulate_key(&mut self, mut input: String, error: Option<String>, k: KeyEvent) -> Screen {
        if k.code == KeyCode::Esc {
            return Screen::Menu;
        }
        if matches!(upper(k), Some('R')) && input.is_empty() {
            let comp = self.comp.as_mut().expect("open");
            let summary = comp.sim_rest_of_season();
            self.save();
            return match summary {
                Some(summary) => Screen::SeasonEnd { summary, scroll: 0 },
                None => Screen::Menu,
            };
        }
        if !k.code.as_char().is_some_and(|c| c.is_ascii_digit())
            && k.code != KeyCode::Enter
            && k.code != KeyCode::Backspace
        {
            return Screen::Simulate { input, error };
        }
        if !setup::edit_line(&mut input, k, 3) {
            return Screen::Simulate { input, error };
        }
        let most = self.comp.as_ref().map_or(0, |c| c.seasons_left() as u32);
        match input.parse::<u32>() {
            Ok(n) if (1..=most).contains(&n) => Screen::Simulating {
                left: n,
                done: 0,
                total: n,
                last: None,
            },
            _ => Screen::Simulate {
                input: String::new(),
                error: Some(format!(
                    "Type a number of seasons from 1 to {most} (the seasons left)."
                )),
            },
        }
    }
}

/// The picture screen of `p`, going back to `back`.
fn picture(p: Picture, back: Back) -> Screen {
    Screen::Picture(Box::new(PictureScreen::new(p, back)))
}

/// Scrolls a text view of `len` lines, `rows` at a time, by a key; never past the last
/// screenful, so that a key back up always moves it.
fn scrolled(scroll: usize, code: KeyCode, len: usize, rows: usize) -> usize {
    let moved = match code {
        KeyCode::Down => scroll + 1,
        KeyCode::Up => scroll.saturating_sub(1),
        KeyCode::PageDown | KeyCode::Char(' ') => scroll + 15,
        KeyCode::PageUp => scroll.saturating_sub(15),
        KeyCode::Home => 0,
        _ => scroll,
    };
    moved.min(len.saturating_sub(rows))
}

/// The key as an upper-case character, if it is one.
fn upper(k: KeyEvent) -> Option<char> {
    match k.code {
        KeyCode::Char(c) => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

fn names_of(id: CountyId) -> (String, String) {
    let c = counties::get(id);
    (c.name.clone(), c.short.clone())
}

/// What the final scoreboard shows: the scorecard, and each innings' runs per over.
#[derive(Clone, Debug)]
pub struct FinalCard {
    pub lines: Vec<String>,
    /// (label, runs per over) for each innings.
    pub innings: Vec<(String, Vec<u16>)>,
}

impl FinalCard {
    pub fn of(s: &Session) -> FinalCard {
        let names = crate::scorecard::Names {
            home: &s.names[0],
            away: &s.names[1],
        };
        let text = crate::scorecard::scorecard(s.state.public(), &names);
        let lines = text.lines().flat_map(|l| wrap_indented(l, 78)).collect();
        let p = s.state.public();
        let short = &s.commentary.names;
        let innings = p
            .started()
            .iter()
            .zip(&s.commentary.overs)
            .map(|(inn, overs)| {
                (
                    format!(
                        "{} {}",
                        short[inn.batting.index()],
                        inn.score_text(p.options.all_out())
                    ),
                    overs.clone(),
                )
            })
            .collect();
        FinalCard { lines, innings }
    }
}

/// Wraps a long line, keeping its indentation on the lines that follow.
fn wrap_indented(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let pad = " ".repeat(indent + 2);
    let mut out = super::draw::wrap(line.trim_start(), width - indent - 2);
    for (i, l) in out.iter_mut().enumerate() {
        *l = if i == 0 {
            format!("{}{l}", &pad[..indent])
        } else {
            format!("{pad}{l}")
        };
    }
    out
}

/// The lines of a view, drawn by the same code as `accc show`.
pub fn render_view(
    comp: &Competition,
    kind: ViewKind,
    year: Option<u16>,
    class: Class,
) -> Vec<String> {
    use crate::views;
    let r = match kind {
        ViewKind::Table => views::table(comp, year, class),
        ViewKind::Averages => views::averages(comp, year, class),
        ViewKind::Results(c) => views::results(comp, year, c),
        ViewKind::Records(c) => views::records(comp, c),
        ViewKind::Honours => views::honours(comp),
        ViewKind::Positions => views::positions(comp),
        ViewKind::AllTime(cl) => views::alltime(comp, cl),
        ViewKind::AllTimeAverages(cl) => views::alltime_averages(comp, cl),
    };
    r.unwrap_or_else(|e| vec![e.to_string()])
}

fn view_title(kind: ViewKind, year: Option<u16>, class: Class) -> String {
    let when = year.map(|y| format!(" {y}")).unwrap_or_default();
    let cls = if class == Class::First {
        "first-class"
    } else {
        "second-class"
    };
    match kind {
        ViewKind::Table => format!("Points table,{when} {cls}"),
        ViewKind::Averages => format!("Averages,{when} {cls}"),
        ViewKind::Results(c) => format!("Match results{when}: {}", counties::get(c).name),
        ViewKind::Records(c) => format!("County records: {}", counties::get(c).name),
        ViewKind::Honours => "Rolls of honour".into(),
        ViewKind::Positions => "Final positions".into(),
        ViewKind::AllTime(Class::First) => "All-time first-class results".into(),
        ViewKind::AllTime(Class::Second) => "All-time second-class results".into(),
        ViewKind::AllTimeAverages(Class::First) => "All-time first-class averages".into(),
        ViewKind::AllTimeAverages(Class::Second) => "All-time second-class averages".into(),
    }
}

/// The list of chart systems, each under a number key.
fn charts_menu() -> Screen {
    let mut lines = vec![
        "Press a number to read a system's charts.".to_string(),
        String::new(),
    ];
    for (i, sys) in crate::charts::systems().iter().enumerate() {
        lines.extend(fit(
            &format!("[{}] {} ({})", i + 1, sys.meta.name, sys.meta.game),
            TEXT_WIDTH,
            4,
        ));
    }
    lines.push(String::new());
    lines.push("In a system, [W] walks a procedure step by step and makes the call.".into());
    Screen::Charts {
        system: None,
        lines,
        scroll: 0,
    }
}

/// One system's summary and every chart, as the charts module renders them.
fn system_lines(i: usize) -> Vec<String> {
    let sys = &crate::charts::systems()[i];
    let mut lines: Vec<String> = super::draw::wrap(&sys.meta.summary, 78);
    if !sys.procedures.is_empty() {
        lines.push(String::new());
        lines.push("Press [W] to walk one of this system's procedures and make its call.".into());
    }
    for chart in &sys.charts {
        lines.push(String::new());
        lines.extend(
            crate::charts::table::render(chart)
                .lines()
                .flat_map(|l| fit(l, TEXT_WIDTH, 4)),
        );
    }
    lines
}

fn charts_key(system: Option<usize>, lines: Vec<String>, scroll: usize, k: KeyEvent) -> Screen {
    let count = crate::charts::systems().len();
    match (system, k.code) {
        (None, KeyCode::Char(c))
            if c.to_digit(10)
                .is_some_and(|d| (1..=count as u32).contains(&d)) =>
        {
            let i = c.to_digit(10).expect("a digit") as usize - 1;
            Screen::Charts {
                system: Some(i),
                lines: system_lines(i),
                scroll: 0,
            }
        }
        (None, KeyCode::Esc | KeyCode::Enter) => Screen::Menu,
        (Some(_), KeyCode::Esc) => charts_menu(),
        (system, code) => Screen::Charts {
            system,
            scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
            lines,
        },
    }
}

/// `text` with its first letter a capital, to open a line.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
