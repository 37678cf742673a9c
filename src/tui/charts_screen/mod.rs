//! The solo charts in the terminal, everything under the main menu's `[C]`: the list of
//! systems, a system's charts, its procedures, and walking one step by step — each question
//! answered by typing (or, for a die, by pressing Enter to let the program roll), with
//! Backspace on an empty line to go back and Ctrl-R to start again — ending in the call and
//! the path that led to it. The program's `App` holds one [`ChartsScreen`] and hands it every
//! key ([`key`]) and every frame ([`draw_screen`]); the routing between these screens is
//! here ([`key`]), each screen's pages and keys in its own module: `systems` (the list, a
//! system, a card), `procedures`, `walk` and `walk_draw`; the table sessions' screens are
//! `charts_session`'s.

mod drawing;
mod procedures;
mod systems;
mod walk;
mod walk_draw;

#[cfg(test)]
mod tests;

pub use drawing::{draw_screen, help_lines};
pub use procedures::{procedure_char, procedure_key, procedure_lines, MOST_PROCEDURES};
pub use systems::open;
pub use walk::{walk_key, Filled, WalkScreen, TEXT_INPUT, TEXT_ROW};
pub use walk_draw::draw;

use procedures::*;
use systems::*;
use walk::*;
use walk_draw::*;

use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::Frame;

use super::app::scrolled;
use super::charts_session::{self as sessions, FactsKey, FactsScreen, NewKey, NewSession};
use super::draw::{fit, text, TEXT_ROWS, TEXT_WIDTH as WIDTH};
use super::match_screen::put;
use super::style;
use crate::charts::session::{self, OpenTable};
use crate::charts::walk::{Answer, Kind, Step, Walk};
use crate::text::plural;

/// Where the charts stand on screen.
pub enum ChartsScreen {
    /// The list of systems and table sessions; `status` says why the last session could not
    /// be opened, and `backup` names a damaged session whose backup `[B]` opens.
    Systems {
        lines: Vec<String>,
        scroll: usize,
        status: Option<String>,
        backup: Option<String>,
    },
    /// Starting a table session.
    NewSession(NewSession),
    /// A session's facts and last calls.
    Facts(Box<FactsScreen>),
    /// The charts' help, over the screen it was asked on.
    Help {
        scroll: usize,
        back: Box<ChartsScreen>,
    },
    /// One system's summary and charts; `find` is the name being typed after `[/]`, `status`
    /// what the last search found.
    System {
        system: usize,
        lines: Vec<String>,
        scroll: usize,
        find: Option<String>,
        status: Option<String>,
    },
    /// A card looked up on a system's screen.
    Card {
        system: usize,
        lines: Vec<String>,
        scroll: usize,
    },
    /// A system's procedures, to pick one to walk; in a table session when `table` is set.
    /// The session's summary, its last calls and `status` stay in sight below the list, which
    /// scrolls by `scroll` when it does not fit above them.
    Procedures {
        system: usize,
        table: Option<Box<OpenTable>>,
        /// What the last key did (a call taken back, a refusal).
        status: Option<String>,
        scroll: usize,
    },
    /// Walking a procedure step by step.
    Walk(Box<WalkScreen>),
}

/// What the charts screens take from the program around them.
pub struct Env<'a> {
    /// The folder of the program's save files.
    pub saves_dir: &'a Path,
    /// The seed for dice rolled now (none: from the clock).
    pub seed: Option<u64>,
}

/// Handles a key on the charts screens; `None` when the user leaves them (for the main menu,
/// or the file prompt they were opened from). Each screen's keys are its own module's.
pub fn key(screen: ChartsScreen, k: KeyEvent, env: &Env) -> Option<ChartsScreen> {
    Some(match screen {
        screen @ (ChartsScreen::Systems { .. } | ChartsScreen::Procedures { .. })
            if matches!(letter_of(k), Some('h' | '?')) =>
        {
            ChartsScreen::Help {
                scroll: 0,
                back: Box::new(screen),
            }
        }
        ChartsScreen::Systems {
            lines,
            scroll,
            status,
            backup,
        } => return systems_key(lines, scroll, status, backup, k, env),
        ChartsScreen::NewSession(n) => match sessions::new_key(n, k, env.saves_dir) {
            NewKey::Stay(n) => ChartsScreen::NewSession(n),
            NewKey::Leave => open(env.saves_dir),
            NewKey::Open(system, table) => {
                let status = format!(
                    "Table session {} started for {}.",
                    table.name,
                    crate::charts::systems()[system].meta.name
                );
                procedures(system, Some(table), Some(status))
            }
        },
        ChartsScreen::Facts(f) => match sessions::facts_key(*f, k) {
            FactsKey::Stay(f) => ChartsScreen::Facts(Box::new(f)),
            FactsKey::Leave(table) => session_screen(env.saves_dir, *table, None),
        },
        ChartsScreen::Help { back, .. } if matches!(k.code, KeyCode::Esc | KeyCode::Enter) => *back,
        ChartsScreen::Help { scroll, back } => ChartsScreen::Help {
            scroll: scrolled(scroll, k.code, help_lines().len(), TEXT_ROWS),
            back,
        },
        ChartsScreen::System {
            system,
            lines,
            scroll,
            find,
            ..
        } => system_key(system, lines, scroll, find, k, env),
        ChartsScreen::Card {
            system,
            lines,
            scroll,
        } => card_key(system, lines, scroll, k),
        ChartsScreen::Procedures {
            system,
            table,
            status,
            scroll,
        } => procedures_key(system, table, status, scroll, k, env),
        ChartsScreen::Walk(mut w) => match walk_key(&mut w, k) {
            true => ChartsScreen::Walk(w),
            false => procedures(w.system, w.table.take(), w.recorded.take()),
        },
    })
}

/// A plain key's letter, in lower case (none with Ctrl or Alt held).
fn letter_of(k: KeyEvent) -> Option<char> {
    let plain = !k
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    match k.code {
        KeyCode::Char(c) if plain => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// The procedures of the `i`th session listed, the session open (and locked); or why it
/// cannot be opened, in full, with the name of a damaged session whose backup may be opened.
fn open_session(
    saves_dir: &Path,
    i: usize,
) -> Result<Option<ChartsScreen>, (String, Option<String>)> {
    let Some(listed) = session::list(saves_dir)
        .unwrap_or_default()
        .into_iter()
        .nth(i)
    else {
        return Ok(None);
    };
    let table = OpenTable::open(saves_dir, &listed.name).map_err(|e| {
        let (why, offer) = sessions::refusal(saves_dir, &listed.name, &e);
        (why, offer.then(|| listed.name.clone()))
    })?;
    Ok(Some(session_screen(saves_dir, table, None)))
}

/// The procedures of an open session, with a message; the list of sessions, saying why, for
/// a session of a game this program has no charts for.
fn session_screen(saves_dir: &Path, table: OpenTable, status: Option<String>) -> ChartsScreen {
    let Some(system) = crate::charts::systems()
        .iter()
        .position(|s| s.meta.id == table.session.system)
    else {
        let mut screen = open(saves_dir);
        if let ChartsScreen::Systems { status, .. } = &mut screen {
            *status = Some(format!(
                "Table session {} is a game of {}, which this program has no charts for.",
                table.name, table.session.system
            ));
        }
        return screen;
    };
    procedures(system, Some(Box::new(table)), status)
}

/// A system's procedures, in a table session when `table` is set, with a message, scrolled to
/// the top.
fn procedures(
    system: usize,
    table: Option<Box<OpenTable>>,
    status: Option<String>,
) -> ChartsScreen {
    ChartsScreen::Procedures {
        system,
        table,
        status,
        scroll: 0,
    }
}
