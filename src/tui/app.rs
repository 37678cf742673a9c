//! The terminal program's state and its routing: [`App`] is either at the start screens with
//! no file open ([`Phase::Start`]) or has a file open ([`Phase::Open`], an [`Open`] holding
//! the competition and the screen over it), and [`App::update`] changes it only in answer to
//! a [`Msg`], handing each key to the screen showing. Drawing is in `draw.rs`; no terminal IO
//! happens here, so tests drive the whole program with key messages.
//!
//! The seams: the file's life cycle (the start screens, opening, saving, quitting) is in
//! `file.rs`, the main menu and simulation in `menu.rs`, the text views and their titles in
//! `views.rs`, playing and watching matches in `playing.rs`, a match against a friend over
//! the network in `friend.rs` ([`Phase::Friend`], its network words as [`Msg::Net`]).

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::charts_screen::{self, ChartsScreen};
use super::draw::TEXT_ROWS;
use super::playing::{Entry, FinalCard};
use super::views::{PickFor, Review, ViewKind, YearBar};
use crate::league::competition::Competition;
use crate::league::season::SeasonSummary;
use crate::live::LiveMatch;
use crate::save::record::MatchRecord;

pub use super::file::{file_path, Backup, Open, Start};

/// A message to the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    /// Time passed (a watched match moves on a ball).
    Tick,
    /// The window changed size.
    Resize(u16, u16),
    /// A word from the network seat of a match against a friend.
    Net(crate::net::seat::SeatNote),
}

/// The screens over an open file.
pub enum Screen {
    Menu,
    /// A text view; `review` is set when reviewing a past season (`[7]`/`[8]` move it).
    Text {
        title: String,
        lines: Vec<String>,
        scroll: usize,
        review: Option<Review>,
        kind: ViewKind,
        /// The line over the keys of a past season under review.
        bar: YearBar,
    },
    PickCounty {
        purpose: PickFor,
    },
    AllTime,
    /// A picture of the history (`picture_screen`).
    Picture(Box<super::picture_screen::PictureScreen>),
    /// Final positions as a coloured grid; `first_year` is the leftmost column shown, and
    /// `note` what the last key said (at the first or last years).
    Grid {
        first_year: u16,
        note: Option<String>,
    },
    Match {
        live: Box<LiveMatch>,
        entry: Entry,
    },
    /// `[F]`: where to meet the friend for the person's match (`friend_match`).
    FriendSetup {
        setup: Box<super::friend_setup::FriendSetup>,
        fixture: crate::league::competition::Fixture,
    },
    /// The person's match with a friend taking the other county (`friend_match`).
    Friend {
        friendly: Box<super::friend::Friendly>,
        entry: Entry,
    },
    /// `[P]`: a friendly's setup (host or join, as `[F2]` at the file prompt); the
    /// friendly does not count in the championship.
    FriendlySetup(Box<super::friend_setup::FriendSetup>),
    /// A friendly played from the menu (`friend_match`): the menu again when it is done.
    Friendly(Box<super::friend::Friendly>),
    /// The final scoreboard of a match, then (if the person played it) its review, then
    /// (if it ended one) the season's summary.
    Scorecard {
        card: Box<FinalCard>,
        scroll: usize,
        season_end: Option<SeasonSummary>,
        /// The person's match just played, to be reviewed after the scoreboard.
        review: Option<Box<MatchRecord>>,
    },
    /// The person's match being reviewed (a second or so): shown before the work is done,
    /// which the next tick does.
    Reviewing {
        game: Box<MatchRecord>,
        season_end: Option<SeasonSummary>,
    },
    /// The review of the person's match (`live::review`): the decisions that cost most.
    MatchReview {
        lines: Vec<String>,
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
    /// The solo charts, all their screens (`charts_screen`).
    Charts(Box<ChartsScreen>),
    /// Played matches to open one of (`kept.rs`), over the screen they were picked from.
    Matches(Box<super::kept::MatchList>),
    /// A match of the history reopened (`kept.rs`): its scorecard, ball by ball, runs per
    /// over and the person's review, over the screen it was opened from.
    Kept(Box<super::kept::KeptScreen>),
}

/// Where the program stands with its file.
pub enum Phase {
    /// No file is open: naming, creating or recovering one.
    Start(Start),
    /// A file is open, with a screen over it.
    Open(Box<Open>),
    /// A match against a friend over the network, no file needed (`friend`).
    Friend(Box<super::friend::Friendly>),
}

/// The whole program state.
pub struct App {
    pub phase: Phase,
    pub saves_dir: PathBuf,
    pub size: (u16, u16),
    pub quit: bool,
    /// The seed for a competition created now (none: from the clock).
    pub new_seed: Option<u64>,
    /// The file being opened on the start screens (created, or recovered from its backup):
    /// its lock is held from the moment it is named, and moves to the [`Open`] file.
    pub(super) opening: Option<crate::save::Keeper>,
    /// What is said on the command line once the terminal is given back (a damaged journal
    /// found on opening a file), a line each.
    pub farewell: Vec<String>,
    /// Save files an earlier version left in `./saves` (the saves folder being the default
    /// one elsewhere): the file prompt and the new-file question tell of them.
    pub earlier: Option<crate::folder::Earlier>,
    /// The program was started for a match against a friend (`accc host`, `accc join`):
    /// it ends with the match.
    pub friend_only: bool,
}

impl App {
    /// The program at its first screen; `name` skips the prompt.
    pub fn new(saves_dir: PathBuf, name: Option<String>) -> App {
        let mut app = App {
            phase: Phase::Start(Start::FileName {
                input: String::new(),
                error: None,
            }),
            saves_dir,
            size: (80, 25),
            quit: false,
            new_seed: None,
            opening: None,
            farewell: Vec::new(),
            earlier: None,
            friend_only: false,
        };
        if let Some(n) = name {
            app.open(&n);
        }
        app
    }

    /// The program at a match against a friend, and nothing else: it ends with the match.
    pub fn friendly(saves_dir: PathBuf, friendly: super::friend::Friendly) -> App {
        let mut app = App::new(saves_dir, None);
        app.phase = Phase::Friend(Box::new(friendly));
        app.friend_only = true;
        app
    }

    /// The open file, if one is.
    pub fn open_file(&self) -> Option<&Open> {
        match &self.phase {
            Phase::Open(o) => Some(o),
            Phase::Start(_) | Phase::Friend(_) => None,
        }
    }

    /// The open file, to change (tests set a message with it).
    pub fn open_file_mut(&mut self) -> Option<&mut Open> {
        match &mut self.phase {
            Phase::Open(o) => Some(o),
            Phase::Start(_) | Phase::Friend(_) => None,
        }
    }

    /// The match against a friend showing, if one is (a friendly, or the person's
    /// championship match with a friend).
    pub fn friend(&self) -> Option<&super::friend::Friendly> {
        match &self.phase {
            Phase::Friend(f) => Some(f),
            Phase::Open(o) => match &o.screen {
                Screen::Friend { friendly, .. } | Screen::Friendly(friendly) => Some(friendly),
                _ => None,
            },
            Phase::Start(_) => None,
        }
    }

    /// The next word from a friendly's network seat, if one has come (the event loop hands
    /// it to `update` as [`Msg::Net`]).
    pub fn next_note(&self) -> Option<crate::net::seat::SeatNote> {
        self.friend()?.try_note()
    }

    /// The open competition, if a file is open.
    pub fn comp(&self) -> Option<&Competition> {
        self.open_file().map(|o| &o.comp)
    }

    /// The screen over the open file, if one is open.
    pub fn screen(&self) -> Option<&Screen> {
        self.open_file().map(|o| &o.screen)
    }

    /// The start screen showing, if no file is open.
    pub fn start(&self) -> Option<&Start> {
        match &self.phase {
            Phase::Start(s) => Some(s),
            Phase::Open(_) | Phase::Friend(_) => None,
        }
    }

    /// The one-line message under the menu, if any.
    pub fn status(&self) -> Option<&str> {
        self.open_file().and_then(|o| o.status.as_deref())
    }

    /// The one place the state changes.
    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Resize(w, h) => self.size = (w, h),
            Msg::Net(note) => match &mut self.phase {
                Phase::Friend(f) => f.note(note),
                Phase::Open(open) => open.friend_match_note(note),
                Phase::Start(_) => {}
            },
            Msg::Tick => {
                // A watched match waits while the window is too small to show it.
                let hidden = self.too_small();
                if let Phase::Open(open) = &mut self.phase {
                    open.tick(hidden);
                }
            }
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

    /// Whether the window is too small to show the screen (it asks to be made larger).
    pub fn too_small(&self) -> bool {
        self.size.0 < super::draw::WIDTH || self.size.1 < super::draw::HEIGHT
    }

    /// Whether the program has work to do without waiting for a key.
    pub fn busy(&self) -> bool {
        match self.screen() {
            Some(Screen::Simulating { .. } | Screen::Reviewing { .. }) => true,
            Some(Screen::Kept(s)) => s.review_due(),
            _ => false,
        }
    }

    fn key(&mut self, k: KeyEvent) {
        let open = match &mut self.phase {
            Phase::Start(start) => {
                let start = std::mem::replace(
                    start,
                    Start::FileName {
                        input: String::new(),
                        error: None,
                    },
                );
                self.start_key(start, k);
                // Back at the prompt: the file that was being opened is let go.
                if matches!(self.phase, Phase::Start(Start::FileName { .. })) {
                    self.opening = None;
                }
                return;
            }
            Phase::Friend(f) => {
                if f.key(k) {
                    if self.friend_only {
                        self.quit = true;
                    } else {
                        self.phase = Phase::Start(Start::FileName {
                            input: String::new(),
                            error: None,
                        });
                    }
                }
                return;
            }
            Phase::Open(open) => open,
        };
        let env = charts_screen::Env {
            saves_dir: &self.saves_dir,
            seed: self.new_seed,
        };
        let screen = std::mem::replace(&mut open.screen, Screen::Menu);
        open.screen = open.screen_key(screen, k, &env);
        if open.quit {
            self.quit = true;
        }
    }
}

impl Open {
    /// Routes a key to the screen showing over the open file; the screen it leads to.
    fn screen_key(&mut self, screen: Screen, k: KeyEvent, env: &charts_screen::Env) -> Screen {
        match screen {
            Screen::Menu => self.menu_key(k),
            Screen::Text {
                title,
                lines,
                scroll,
                review,
                kind,
                bar,
            } => self.text_key(title, lines, scroll, review, kind, bar, k),
            Screen::PickCounty { purpose } => self.pick_county_key(purpose, k),
            Screen::AllTime => self.alltime_key(k),
            Screen::Picture(mut p) => {
                use super::picture_screen::{key, Back};
                match key(&mut p, k) {
                    None => Screen::Picture(p),
                    Some(Back::AllTime) => Screen::AllTime,
                    Some(Back::View(kind, Some(r))) => self.review(kind, r),
                    Some(Back::View(kind, None)) => self.view(kind),
                }
            }
            Screen::Grid { first_year, .. } => self.grid_key(first_year, k),
            Screen::Match { live, entry } => self.match_key(live, entry, k),
            Screen::FriendSetup { setup, fixture } => self.friend_setup_key(*setup, fixture, k),
            Screen::Friend { friendly, entry } => self.friend_match_key(friendly, entry, k),
            Screen::FriendlySetup(setup) => self.friendly_setup_key(*setup, k, env.seed),
            Screen::Friendly(friendly) => self.friendly_key(friendly, k),
            Screen::Scorecard {
                card,
                scroll,
                season_end,
                review,
            } => scorecard_key(card, scroll, season_end, review, k),
            // The review is worked out at the next tick; a key meanwhile does nothing.
            reviewing @ Screen::Reviewing { .. } => reviewing,
            Screen::MatchReview {
                lines,
                scroll,
                season_end,
            } => match_review_key(lines, scroll, season_end, k),
            Screen::SeasonEnd { summary, scroll } => self.season_end_key(summary, scroll, k),
            Screen::Simulate { input, error } => self.simulate_key(input, error, k),
            Screen::Simulating {
                left,
                done,
                total,
                last,
            } => Screen::Simulating {
                // [Esc] stops after the season in hand.
                left: if k.code == KeyCode::Esc {
                    left.min(1)
                } else {
                    left
                },
                done,
                total,
                last,
            },
            Screen::Help { scroll } => match k.code {
                KeyCode::Esc | KeyCode::Enter => Screen::Menu,
                code => Screen::Help {
                    scroll: scrolled(scroll, code, super::help::lines().len(), TEXT_ROWS),
                },
            },
            Screen::Matches(list) => self.list_key(list, k),
            Screen::Kept(s) => self.kept_key(s, k),
            Screen::Charts(c) => {
                charts_screen::key(*c, k, env).map_or(Screen::Menu, |c| Screen::Charts(Box::new(c)))
            }
        }
    }

    fn season_end_key(&mut self, summary: SeasonSummary, scroll: usize, k: KeyEvent) -> Screen {
        match k.code {
            KeyCode::Char('m' | 'M') => {
                let year = summary.year;
                self.season_matches(year, Screen::SeasonEnd { summary, scroll })
            }
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
        }
    }
}

/// A key on a match's final scoreboard.
fn scorecard_key(
    card: Box<FinalCard>,
    scroll: usize,
    season_end: Option<SeasonSummary>,
    review: Option<Box<MatchRecord>>,
    k: KeyEvent,
) -> Screen {
    match k.code {
        // [Space] goes on as [Enter] does, as it does at the stop that ends the match and on
        // the season's end after it (it had paged down, and at the card's end did nothing).
        KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') => match review {
            Some(game) => Screen::Reviewing { game, season_end },
            None => after_review(None, season_end),
        },
        code => {
            let scroll = scrolled(scroll, code, card.lines.len(), super::draw::SCORECARD_ROWS);
            Screen::Scorecard {
                card,
                scroll,
                season_end,
                review,
            }
        }
    }
}

/// A key on the review of the person's match.
fn match_review_key(
    lines: Vec<String>,
    scroll: usize,
    season_end: Option<SeasonSummary>,
    k: KeyEvent,
) -> Screen {
    match (k.code, season_end) {
        // [Space] too, as on the scoreboard before it.
        (KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' '), Some(summary)) => {
            Screen::SeasonEnd { summary, scroll: 0 }
        }
        (KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' '), None) => Screen::Menu,
        (code, season_end) => Screen::MatchReview {
            scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
            lines,
            season_end,
        },
    }
}

/// Scrolls a text view of `len` lines, `rows` at a time, by a key; never past the last
/// screenful, so that a key back up always moves it.
pub(super) fn scrolled(scroll: usize, code: KeyCode, len: usize, rows: usize) -> usize {
    let moved = match code {
        KeyCode::Down => scroll + 1,
        KeyCode::Up => scroll.saturating_sub(1),
        KeyCode::PageDown | KeyCode::Char(' ') => scroll + 15,
        KeyCode::PageUp => scroll.saturating_sub(15),
        KeyCode::Home => 0,
        KeyCode::End => usize::MAX,
        _ => scroll,
    };
    moved.min(len.saturating_sub(rows))
}

/// The key as an upper-case character, if it is one.
pub(super) fn upper(k: KeyEvent) -> Option<char> {
    match k.code {
        KeyCode::Char(c) => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// After the scoreboard of a match the person played: its review when there is one, then the
/// season's summary if the match ended the season, else the menu.
pub(super) fn after_review(
    reviewed: Option<Vec<String>>,
    season_end: Option<SeasonSummary>,
) -> Screen {
    match (reviewed, season_end) {
        (Some(lines), season_end) => Screen::MatchReview {
            lines,
            scroll: 0,
            season_end,
        },
        (None, Some(summary)) => Screen::SeasonEnd { summary, scroll: 0 },
        (None, None) => Screen::Menu,
    }
}
