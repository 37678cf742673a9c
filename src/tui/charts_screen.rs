//! The solo charts in the terminal, everything under the main menu's [C]: the list of
//! systems, a system's charts, its procedures, and walking one step by step — each question
//! answered by typing (or, for a die, by pressing Enter to let the program roll), with
//! Backspace on an empty line to go back and Ctrl-R to start again — ending in the call and
//! the path that led to it. The program's `App` holds one [`ChartsScreen`] and hands it every
//! key ([`key`]) and every frame ([`draw_screen`]); all the routing between these screens is
//! here.

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
    /// be opened, and `backup` names a damaged session whose backup [B] opens.
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
    /// One system's summary and charts; `find` is the name being typed after [/], `status`
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

/// The charts as [C] opens them: the list of systems, and the table sessions in `saves_dir`.
pub fn open(saves_dir: &Path) -> ChartsScreen {
    let mut lines = vec![
        "Press a number to read a system's charts.".to_string(),
        String::new(),
    ];
    for (i, sys) in crate::charts::systems().iter().enumerate() {
        lines.extend(fit(
            &format!("[{}] {} ({})", i + 1, sys.meta.name, sys.meta.game),
            WIDTH,
            4,
        ));
    }
    lines.push(String::new());
    lines.push("In a system, [W] walks a procedure step by step and makes the call.".into());
    let listed = session::list(saves_dir).unwrap_or_default();
    lines.push(String::new());
    if listed.is_empty() {
        lines.push("No table sessions yet: [N] starts one, a game at the table that keeps".into());
        lines.push("its facts from call to call.".into());
    } else {
        lines
            .push("Table sessions (press the letter to play on in one, [N] for a new one):".into());
        for (l, s) in sessions::SESSION_LETTERS.chars().zip(&listed) {
            lines.push(match &s.system {
                Ok(sys) => format!(
                    "[{l}] {:<16} {sys:<18} {}",
                    s.name,
                    plural(s.calls as u32, "call")
                ),
                Err(_) => format!("[{l}] {:<16} (cannot be read)", s.name),
            });
        }
        let more = listed.len().saturating_sub(sessions::SESSION_LETTERS.len());
        if more > 0 {
            lines.push(format!(
                "({} more: accc charts session list)",
                plural(more as u32, "session")
            ));
        }
    }
    ChartsScreen::Systems {
        lines,
        scroll: 0,
        status: None,
        backup: None,
    }
}

/// One system's summary and every chart, as the charts module renders them.
fn system_lines(i: usize) -> Vec<String> {
    system_page(i).0
}

/// [`system_lines`], with the line each chart starts on.
fn system_page(i: usize) -> (Vec<String>, Vec<usize>) {
    let mut starts = Vec::new();
    let sys = &crate::charts::systems()[i];
    let mut lines: Vec<String> = crate::text::wrap(&sys.meta.summary, 78);
    if !sys.procedures.is_empty() {
        lines.push(String::new());
        lines.push("Press [W] to walk one of this system's procedures and make its call.".into());
    }
    for chart in &sys.charts {
        lines.push(String::new());
        starts.push(lines.len());
        // Tables come within the width (cells wrapped, wide ones in parts); only the notes
        // under them, which are prose, are wrapped here.
        lines.extend(
            crate::charts::table::render_within(chart, WIDTH)
                .lines()
                .flat_map(|l| fit(l, WIDTH, 4)),
        );
    }
    (lines, starts)
}

fn system_screen(system: usize) -> ChartsScreen {
    ChartsScreen::System {
        system,
        lines: system_lines(system),
        scroll: 0,
        find: None,
        status: None,
    }
}

/// What a name typed on a system's screen finds: a chart (its title or id, whole first, then
/// a part) is scrolled to; else a card of the system is shown; else the screen says why.
fn find_on_system(system: usize, query: &str, scroll: usize) -> ChartsScreen {
    use crate::charts::cards::{self, folded};
    let sys = &crate::charts::systems()[system];
    let (lines, starts) = system_page(system);
    let q = folded(query);
    let names = |c: &crate::charts::data::Chart| [folded(&c.id), folded(&c.title)];
    let whole = sys.charts.iter().position(|c| names(c).contains(&q));
    let part = || {
        sys.charts
            .iter()
            .position(|c| names(c).iter().any(|n| n.contains(&q)))
    };
    let chart = if q.is_empty() {
        None
    } else {
        whole.or_else(part)
    };
    if let Some(i) = chart {
        let at = starts[i].min(lines.len().saturating_sub(TEXT_ROWS));
        return ChartsScreen::System {
            system,
            scroll: at,
            status: Some(format!("Chart: {}", sys.charts[i].title)),
            lines,
            find: None,
        };
    }
    match cards::find(sys, query) {
        Ok(card) => ChartsScreen::Card {
            system,
            lines: card.text(WIDTH).lines().map(str::to_string).collect(),
            scroll: 0,
        },
        Err(e) => {
            let why = match e.kind {
                cards::ErrorKind::NoName { .. } | cards::ErrorKind::NoCards { .. } => {
                    format!("No chart or card is called '{}'.", query.trim())
                }
                _ => e.to_string(),
            };
            ChartsScreen::System {
                system,
                lines,
                scroll,
                find: None,
                status: Some(why),
            }
        }
    }
}

/// Handles a key on the charts screens; `None` when the user leaves them for the main menu.
pub fn key(screen: ChartsScreen, k: KeyEvent, env: &Env) -> Option<ChartsScreen> {
    let count = crate::charts::systems().len();
    let digit = match k.code {
        KeyCode::Char(c) => c.to_digit(10).map(|d| d as usize),
        _ => None,
    };
    let plain = !k
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let letter = match k.code {
        KeyCode::Char(c) if plain => Some(c.to_ascii_lowercase()),
        _ => None,
    };
    Some(match screen {
        ChartsScreen::Systems { .. } if digit.is_some_and(|d| (1..=count).contains(&d)) => {
            system_screen(digit.expect("a digit") - 1)
        }
        ChartsScreen::Systems { .. } if matches!(k.code, KeyCode::Esc | KeyCode::Enter) => {
            return None
        }
        screen @ (ChartsScreen::Systems { .. } | ChartsScreen::Procedures { .. })
            if matches!(letter, Some('h' | '?')) =>
        {
            ChartsScreen::Help {
                scroll: 0,
                back: Box::new(screen),
            }
        }
        ChartsScreen::Systems { .. } if letter == Some('n') => {
            ChartsScreen::NewSession(NewSession {
                name: String::new(),
                picking: false,
                error: None,
            })
        }
        ChartsScreen::Systems {
            backup: Some(name), ..
        } if letter == Some('b') => match sessions::open_backup(env.saves_dir, &name) {
            Ok((table, moved)) => {
                let kept = moved.map_or_else(String::new, |to| {
                    format!("; the damaged file is kept as {}", to.display())
                });
                session_screen(
                    env.saves_dir,
                    table,
                    Some(format!("Opened the backup of {name}{kept}.")),
                )
            }
            Err(why) => {
                let mut screen = open(env.saves_dir);
                if let ChartsScreen::Systems { status, .. } = &mut screen {
                    *status = Some(format!("The backup of {name} was not opened: {why}."));
                }
                screen
            }
        },
        ChartsScreen::Systems {
            lines,
            scroll,
            status,
            backup,
        } => match letter.and_then(|c| sessions::SESSION_LETTERS.find(c)) {
            Some(i) => match open_session(env.saves_dir, i) {
                Ok(Some(screen)) => screen,
                Ok(None) => ChartsScreen::Systems {
                    lines,
                    scroll,
                    status,
                    backup,
                },
                Err((why, offer)) => ChartsScreen::Systems {
                    // The list's end, with the session named, stays in sight above the message.
                    scroll: lines.len().saturating_sub(systems_rows(&why)),
                    lines,
                    status: Some(why),
                    backup: offer,
                },
            },
            None => ChartsScreen::Systems {
                // The rows the list has: fewer while a message is shown under it.
                scroll: scrolled(
                    scroll,
                    k.code,
                    lines.len(),
                    status.as_deref().map_or(TEXT_ROWS, systems_rows),
                ),
                lines,
                status,
                backup,
            },
        },
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
            find: Some(mut input),
            ..
        } => match k.code {
            KeyCode::Enter => find_on_system(system, &input, scroll),
            KeyCode::Esc => ChartsScreen::System {
                system,
                lines,
                scroll,
                find: None,
                status: None,
            },
            code => {
                match code {
                    KeyCode::Backspace => {
                        input.pop();
                    }
                    KeyCode::Char(c)
                        if input.chars().count() < 30
                            && !k
                                .modifiers
                                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
                    {
                        input.push(c)
                    }
                    _ => {}
                }
                ChartsScreen::System {
                    system,
                    lines,
                    scroll,
                    find: Some(input),
                    status: None,
                }
            }
        },
        ChartsScreen::System {
            system,
            lines,
            scroll,
            ..
        } if k.code == KeyCode::Char('/') => ChartsScreen::System {
            system,
            lines,
            scroll,
            find: Some(String::new()),
            status: None,
        },
        ChartsScreen::System { system, .. } if matches!(k.code, KeyCode::Char('w' | 'W')) => {
            procedures(system, None, None)
        }
        ChartsScreen::System { .. } if k.code == KeyCode::Esc => open(env.saves_dir),
        ChartsScreen::System {
            system,
            lines,
            scroll,
            ..
        } => ChartsScreen::System {
            system,
            scroll: scrolled(scroll, k.code, lines.len(), TEXT_ROWS),
            lines,
            find: None,
            status: None,
        },
        ChartsScreen::Card { system, .. } if k.code == KeyCode::Esc => system_screen(system),
        ChartsScreen::Card {
            system,
            lines,
            scroll,
        } => ChartsScreen::Card {
            system,
            scroll: scrolled(scroll, k.code, lines.len(), TEXT_ROWS),
            lines,
        },
        ChartsScreen::Procedures {
            system,
            table,
            status,
            scroll,
        } => match (procedure_key(system, k), k.code) {
            (Some(p), _) => {
                let seed = env.seed.unwrap_or_else(crate::seed::clock_seed);
                let mut w = WalkScreen::new(system, p, seed);
                w.table = table;
                w.fill_known();
                ChartsScreen::Walk(Box::new(w))
            }
            (None, KeyCode::Char('u' | 'U')) if table.is_some() => {
                let mut table = table.expect("a table");
                let kept = table.session.clone();
                let status = match table.session.undo() {
                    None => "Nothing to take back.".to_string(),
                    Some(undone) => {
                        let done = match undone {
                            session::Undone::Call(e) => {
                                format!("Took back {}: {}", e.procedure, e.result)
                            }
                            session::Undone::Hand(h) => format!(
                                "Took back the change by hand {}: the facts are as before it.",
                                h.said()
                            ),
                        };
                        match table.save() {
                            Ok(()) => done,
                            // Only the folder's flush failed: the file has it taken back.
                            Err(err) if err.written_unflushed() => {
                                sessions::done_unflushed(&done, &err)
                            }
                            Err(err) => {
                                table.session = kept;
                                format!("Not taken back: {err}")
                            }
                        }
                    }
                };
                procedures(system, Some(table), Some(status))
            }
            (None, KeyCode::Char('f' | 'F')) if table.is_some() => {
                ChartsScreen::Facts(Box::new(FactsScreen {
                    system,
                    table: table.expect("a table"),
                    edit: None,
                    status: None,
                    error: false,
                }))
            }
            (None, KeyCode::Esc) if table.is_some() => open(env.saves_dir),
            (None, KeyCode::Esc) => system_screen(system),
            (None, code) => {
                let page = procedures_page(system, table.as_deref(), status.as_deref());
                ChartsScreen::Procedures {
                    scroll: scrolled(scroll, code, page.list.len(), page.rows()),
                    system,
                    table,
                    status,
                }
            }
        },
        ChartsScreen::Walk(mut w) => match walk_key(&mut w, k) {
            true => ChartsScreen::Walk(w),
            false => procedures(w.system, w.table.take(), w.recorded.take()),
        },
    })
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

/// The charts' help: what the charts and the table sessions are, and their keys.
pub fn help_lines() -> Vec<String> {
    super::help::charts_lines()
}

/// The rows of the list of systems and sessions left above message `said`, wrapped.
fn systems_rows(said: &str) -> usize {
    TEXT_ROWS - fit(said, WIDTH, 0).len().min(4) - 1
}

/// Draws whichever charts screen is showing.
pub fn draw_screen(f: &mut Frame, area: Rect, screen: &ChartsScreen) {
    match screen {
        ChartsScreen::Systems {
            lines,
            scroll,
            status,
            backup,
        } => {
            // Why a session could not be opened stays in sight, whole, above the keys.
            let said: Vec<String> = status.iter().flat_map(|m| fit(m, WIDTH, 0)).collect();
            let rows = status.as_deref().map_or(TEXT_ROWS, systems_rows);
            // The key line with the list's place, "(3-21 of 23)", when it scrolls, in the
            // shorter words where the whole would not fit in the screen's width.
            let counter = if lines.len() > rows {
                format!("  ({0}-{0} of {0})", lines.len()).chars().count()
            } else {
                0
            };
            let hints: &[&str] = if backup.is_some() {
                &["[B] open the backup  [N] new session  [H] help  [Esc] back"]
            } else {
                &[
                    "[N] new session  [H] help  [Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
                    "[N] new session  [H] help  [Up]/[Down] scroll  [Esc] back",
                ]
            };
            let hint = hints
                .iter()
                .find(|h| h.chars().count() + counter < WIDTH + 2)
                .or(hints.last())
                .copied()
                .unwrap_or_default();
            super::draw::text_rows(
                f,
                area,
                "Solo charts of other games",
                lines,
                *scroll,
                hint,
                rows,
            );
            sessions::notice(f, area, &said, style::error());
        }
        ChartsScreen::NewSession(n) => sessions::draw_new(f, area, n),
        ChartsScreen::Facts(s) => sessions::draw_facts(f, area, s),
        ChartsScreen::Help { scroll, .. } => text(
            f,
            area,
            "Solo charts: help",
            &help_lines(),
            *scroll,
            "[Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
        ),
        ChartsScreen::System {
            system,
            lines,
            scroll,
            find,
            status,
        } => {
            let hint = match (find, status) {
                (Some(input), _) => format!("Find a chart or card (name or number): {input}_"),
                (None, Some(st)) => fit(st, WIDTH - 2, 0).into_iter().next().unwrap_or_default(),
                (None, None) => "[Up]/[Down]/[PgUp]/[PgDn] scroll  [/] find  [Esc] back".into(),
            };
            text(
                f,
                area,
                &crate::charts::systems()[*system].meta.name,
                lines,
                *scroll,
                &hint,
            )
        }
        ChartsScreen::Card {
            system,
            lines,
            scroll,
        } => text(
            f,
            area,
            &format!("{}: card", crate::charts::systems()[*system].meta.name),
            lines,
            *scroll,
            "[Up]/[Down] scroll  [Esc] back to the charts",
        ),
        ChartsScreen::Procedures {
            system,
            table,
            status,
            scroll,
        } => {
            let name = &crate::charts::systems()[*system].meta.name;
            let page = procedures_page(*system, table.as_deref(), status.as_deref());
            let rows = page.rows();
            let more = page.list.len() > rows;
            // The key line, with room for the list's "(1-12 of 15)" when it scrolls.
            let len = page.list.len();
            let at = (*scroll).min(len.saturating_sub(rows));
            let shown = format!("  ({}-{} of {len})", at + 1, (at + rows).min(len));
            let room = (WIDTH + 1).saturating_sub(if more { shown.chars().count() } else { 0 });
            let keys = procedure_keys(*system);
            let scroll_keys = "[Up]/[Down] scroll";
            let (title, hints) = match table {
                Some(t) => (
                    format!("{name}: table session {}", t.name),
                    vec![
                        format!("{keys} walk  [F] facts  [U] take back  [H] help  [Esc] back"),
                        format!("{keys} walk  [F] facts  [U] take back  {scroll_keys}  [Esc] back"),
                        format!("{keys} walk  [F] facts  {scroll_keys}  [Esc] back"),
                        format!("{keys} walk  {scroll_keys}  [Esc] back"),
                    ],
                ),
                None => (
                    format!("{name}: procedures"),
                    vec![
                        format!(
                            "Press {}  [H] help  [Esc] back",
                            procedure_keys_words(*system)
                        ),
                        format!("Press {keys}  {scroll_keys}  [H] help  [Esc] back"),
                        format!("{keys} walk  {scroll_keys}  [Esc] back"),
                    ],
                ),
            };
            let hint = hints
                .iter()
                .skip(usize::from(more))
                .find(|h| h.chars().count() <= room)
                .or(hints.last())
                .cloned()
                .unwrap_or_default();
            super::draw::text_rows(f, area, &title, &page.list, *scroll, &hint, rows);
            // Right under the list, which leaves them room.
            let top = 2 + page.list.len().min(rows) as u16;
            for (y, line) in (top..).zip(&page.bottom) {
                put(
                    f,
                    area,
                    1,
                    y,
                    vec![Span::styled(line.clone(), style::text())],
                );
            }
        }
        ChartsScreen::Walk(w) => draw(f, area, w),
    }
}

/// A walk through one procedure.
pub struct WalkScreen {
    pub system: usize,
    pub walk: Walk,
    pub input: String,
    pub error: Option<String>,
    rng: ChaCha8Rng,
    /// The dice the program rolled in this call, by question: going back (or Ctrl-R) and
    /// rolling again gives the same value, so no result can be fished for. A new call
    /// rolls its own.
    rolled: std::collections::BTreeMap<String, i64>,
    /// Esc was pressed once on a walk with answers: a second Esc leaves.
    leaving: bool,
    /// The table session the walk plays in, if any: it answers what it knows, and the call
    /// is recorded in it when made.
    pub table: Option<Box<OpenTable>>,
    /// Whether the finished call is recorded, and where.
    pub recorded: Option<String>,
    /// The number of the call in the session's log, once recorded there.
    recorded_call: Option<usize>,
    /// What the last key did, when it is not an error.
    note: Option<String>,
    /// What the call before carried over into this one (a chained call).
    given: Vec<(String, Answer)>,
    /// Where each answer taken without typing came from, by its place in the answers.
    filled: std::collections::BTreeMap<usize, Filled>,
}

/// Where an answer the person did not type came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filled {
    /// The table session's facts.
    Session,
    /// The call before, leading into this one.
    CallBefore,
}

impl WalkScreen {
    /// Starts procedure `p` of system `system`, rolling dice from `seed`.
    pub fn new(system: usize, p: usize, seed: u64) -> WalkScreen {
        let procedure = &crate::charts::systems()[system].procedures[p];
        WalkScreen {
            system,
            walk: Walk::new(procedure),
            input: String::new(),
            error: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            rolled: Default::default(),
            leaving: false,
            table: None,
            recorded: None,
            recorded_call: None,
            note: None,
            given: Vec::new(),
            filled: Default::default(),
        }
    }

    /// Where answer `i` came from, when the person did not type it.
    pub fn filled(&self, i: usize) -> Option<Filled> {
        self.filled.get(&i).copied()
    }

    /// The table session's last answer to the question asked, when it is one the session
    /// keeps but asks on every call (Paydirt's time and score): [Enter] with nothing typed
    /// gives it.
    pub fn offered(&self) -> Option<Answer> {
        let table = self.table.as_ref()?;
        let q = self.walk.question()?;
        table
            .session
            .offered_for(self.walk.procedure(), &q.id)
            .cloned()
    }

    /// Goes on into the call the source leads to from this result (the `i`th of them), with
    /// what this call carries over; false when there is none.
    fn chain(&mut self, i: usize) -> bool {
        let Some(next) = self.walk.outcome().and_then(|o| o.next.get(i).cloned()) else {
            return false;
        };
        let sys = &crate::charts::systems()[self.system];
        let Some(p) = sys.procedure(next.procedure) else {
            return false;
        };
        self.walk = Walk::new(p);
        self.given = next.given;
        self.filled.clear();
        self.input.clear();
        self.rolled.clear();
        self.recorded = None;
        self.fill_known();
        true
    }

    /// Starts the call again from its first question, answered as when it was opened: what
    /// the call before carried (kept in `given`), then the session's facts.
    fn start_again(&mut self) {
        self.walk.restart();
        self.input.clear();
        self.filled.clear();
        self.recorded = None;
        self.fill_known();
    }

    /// Answers what the table session knows, then records the call once it is made.
    fn fill_known(&mut self) {
        let given = &self.given;
        let from = self.walk.answers().len();
        self.walk
            .fill(|id| given.iter().find(|(k, _)| k == id).map(|(_, a)| a.clone()));
        let upto = self.walk.answers().len();
        self.filled
            .extend((from..upto).map(|i| (i, Filled::CallBefore)));
        let Some(table) = self.table.as_mut() else {
            return;
        };
        session::fill_known(&mut self.walk, &table.session);
        let from = upto;
        let upto = self.walk.answers().len();
        self.filled
            .extend((from..upto).map(|i| (i, Filled::Session)));
        if self.recorded.is_some() {
            return;
        }
        if let Some(outcome) = self.walk.outcome() {
            let changed =
                table
                    .session
                    .record(self.walk.procedure(), self.walk.answers(), &outcome);
            let saved = table.save();
            self.saved_call(&changed, saved);
        }
    }

    /// Says how the call just recorded in the table session was saved (`saved`), and takes
    /// it back from the session if the file does not have it. A save that failed only at
    /// flushing the folder left the new version in place: the call stands, as in the file.
    fn saved_call(&mut self, changed: &[session::Change], saved: Result<(), session::Error>) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let n = table.session.log.len();
        self.recorded = Some(match saved {
            Ok(()) => {
                self.recorded_call = Some(n);
                let kept: Vec<String> = changed.iter().map(|c| c.to_string()).collect();
                let kept = match kept.is_empty() {
                    true => String::new(),
                    false => format!(" It keeps {}.", kept.join(", ")),
                };
                let said = format!(
                    "Recorded as call {n} of table session {}.{kept}",
                    table.name
                );
                // Two rows at most under the call.
                sessions::cut_words(&said, 2 * (WIDTH - 4))
            }
            Err(e) if e.written_unflushed() => {
                self.recorded_call = Some(n);
                let done = format!("Recorded as call {n} of table session {}.", table.name);
                walk_unflushed(&done, &e)
            }
            Err(e) => {
                table.session.undo_call();
                walk_failed("Not recorded", &e)
            }
        });
    }
}

/// A session's calls and the facts it keeps, by their ids, in a line or two: a list of facts
/// too long for them is cut, so that the pointer to [F] stays in sight.
fn session_summary(system: usize, t: &OpenTable) -> Vec<String> {
    let kept: Vec<String> = sessions::facts(system)
        .iter()
        .filter_map(|f| t.session.known(f.id).map(|a| format!("{} {a}", f.id)))
        .collect();
    let kept = if sessions::facts(system).is_empty() {
        "this game has no standing facts to keep".to_string()
    } else if kept.is_empty() {
        "no facts kept yet".to_string()
    } else {
        format!("kept: {}", kept.join(", "))
    };
    let head = format!(
        "Table session {}, {}; ",
        t.name,
        plural(t.session.log.len() as u32, "call")
    );
    let said = |kept: &str| {
        let tail = match kept.ends_with("...") {
            true => " [F] shows them in full.",
            false => ". [F] shows them in full.",
        };
        fit(&format!("{head}{kept}{tail}"), WIDTH, 2)
    };
    let mut room = kept.chars().count();
    while said(&sessions::cut_words(&kept, room)).len() > 2 && room > 0 {
        room -= 1;
    }
    said(&sessions::cut_words(&kept, room))
}

/// A procedures screen laid out: the list of procedures, and the lines kept in sight below it
/// whatever the list's length (a table session's summary and last calls, the last message).
struct ProceduresPage {
    list: Vec<String>,
    bottom: Vec<String>,
}

impl ProceduresPage {
    /// The rows the list has above the lines kept in sight.
    fn rows(&self) -> usize {
        TEXT_ROWS.saturating_sub(self.bottom.len())
    }
}

/// Most rows a message takes under the procedures.
const MESSAGE_ROWS: usize = 4;

/// The procedures screen of `system`, in session `table` if any, with message `status`: the
/// list whole where it fits above the lines kept in sight, else one row a procedure (its key,
/// its title and as much of its summary as fits), which scrolls if even that does not fit.
fn procedures_page(
    system: usize,
    table: Option<&OpenTable>,
    status: Option<&str>,
) -> ProceduresPage {
    let full = procedure_lines(system);
    let mut said: Vec<String> = status.iter().flat_map(|m| fit(m, WIDTH, 0)).collect();
    if said.len() > MESSAGE_ROWS {
        said.truncate(MESSAGE_ROWS);
        let last = said.pop().unwrap_or_default();
        said.push(sessions::cut_words(&format!("{last} ..."), WIDTH));
    }
    let mut bottom = Vec::new();
    if let Some(t) = table {
        bottom.push(String::new());
        bottom.extend(session_summary(system, t));
        // The last calls: the last always, the two before it where the whole list still fits.
        let below = bottom.len() + said.len() + usize::from(!said.is_empty());
        let room = TEXT_ROWS.saturating_sub(full.len() + below);
        let log = &t.session.log;
        let first = log.len().saturating_sub(room.clamp(1, 3));
        for (n, e) in log.iter().enumerate().skip(first) {
            let line = if n + 1 == log.len() {
                format!("Last call: {}", e.result)
            } else {
                format!("Call {}: {}", n + 1, e.result)
            };
            bottom.push(sessions::cut_words(&line, WIDTH));
        }
    }
    if !said.is_empty() {
        bottom.push(String::new());
        bottom.extend(said);
    }
    let rows = TEXT_ROWS.saturating_sub(bottom.len());
    let list = if full.len() <= rows {
        full
    } else {
        let sys = &crate::charts::systems()[system];
        let mut rows_of: Vec<String> = sys
            .procedures
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let line = format!("[{}] {} - {}", procedure_char(i), p.title, p.about);
                sessions::cut_words(&line, WIDTH)
            })
            .collect();
        if rows_of.len() + 2 <= rows {
            rows_of.splice(0..0, full.into_iter().take(2));
        }
        rows_of
    };
    ProceduresPage { list, bottom }
}

/// The numbered list of a system's procedures.
pub fn procedure_lines(system: usize) -> Vec<String> {
    let sys = &crate::charts::systems()[system];
    let mut lines = vec![
        format!(
            "Press {} to walk a procedure:",
            procedure_keys_words(system)
        ),
        String::new(),
    ];
    for (i, p) in sys.procedures.iter().enumerate() {
        let number = format!("[{}] ", procedure_char(i));
        lines.extend(fit(
            &format!("{number}{} - {}", p.title, p.about),
            WIDTH,
            number.len(),
        ));
    }
    lines
}

/// The letters of procedures past the tenth: all but the session's keys (F its facts, H
/// help, U taking a call back).
const PROCEDURE_LETTERS: &str = "ABCDEGIJKLMNOPQRST";

/// Most procedures a system's menu can give keys (1-9, 0, then the letters).
pub const MOST_PROCEDURES: usize = 10 + PROCEDURE_LETTERS.len();

/// The key of the `i`th procedure: 1-9, 0 for the tenth, then the letters A, B, ...
pub fn procedure_char(i: usize) -> char {
    match i {
        0..=8 => char::from(b'1' + i as u8),
        9 => '0',
        _ => PROCEDURE_LETTERS.as_bytes()[i - 10].into(),
    }
}

/// The keys of a system's procedures, as the key line names them: "[1]-[4]", "[1]-[0]
/// [A]-[C]".
fn procedure_keys(system: usize) -> String {
    let n = crate::charts::systems()[system].procedures.len();
    let last = procedure_char(n.saturating_sub(1));
    match n {
        0..=1 => "[1]".into(),
        2..=10 => format!("[1]-[{last}]"),
        11 => "[1]-[0] [A]".into(),
        _ => format!("[1]-[0] [A]-[{last}]"),
    }
}

/// The words for the menu's keys: "a number", or "a number or letter" past ten procedures.
fn procedure_keys_words(system: usize) -> &'static str {
    if crate::charts::systems()[system].procedures.len() > 10 {
        "a number or letter"
    } else {
        "a number"
    }
}

/// The procedure under a key, if there is one (0 is the tenth, A the eleventh; either case).
pub fn procedure_key(system: usize, k: KeyEvent) -> Option<usize> {
    let n = crate::charts::systems()[system].procedures.len();
    let KeyCode::Char(c) = k.code else {
        return None;
    };
    let i = match c.to_ascii_uppercase() {
        '0' => 9,
        d @ '1'..='9' => d as usize - '1' as usize,
        l => 10 + PROCEDURE_LETTERS.find(l)?,
    };
    (i < n).then_some(i)
}

/// The characters of a typed answer a row shows (indent 4, room for the cursor).
pub const TEXT_ROW: usize = WIDTH - 6;

/// Longest answer typed to a question: a list (tiles, piles, a discard pile's cards, shares)
/// runs on over four rows; a number, a yes/no or a key needs far less.
pub const TEXT_INPUT: usize = 4 * TEXT_ROW;

fn input_limit(w: &WalkScreen) -> usize {
    match w.walk.question().map(|q| q.kind) {
        Some(crate::charts::walk::Kind::Text { .. }) => TEXT_INPUT,
        _ => 30,
    }
}

/// Handles a key; returns false when the user leaves the walk.
pub fn walk_key(w: &mut WalkScreen, k: KeyEvent) -> bool {
    let stay = walk_key_inner(w, k);
    // An answer taken back is no longer marked: one typed in its place is the person's.
    let n = w.walk.answers().len();
    w.filled.retain(|&i, _| i < n);
    stay
}

fn walk_key_inner(w: &mut WalkScreen, k: KeyEvent) -> bool {
    w.error = None;
    w.note = None;
    let done = w.walk.question().is_none();
    let leaving = std::mem::take(&mut w.leaving);
    // The answers the person gave: not those the session or the call before filled in.
    let typed = w.walk.answers().len() - w.filled.len();
    match k.code {
        KeyCode::Esc if done || leaving || typed == 0 => return false,
        KeyCode::Esc => {
            w.leaving = true;
            w.error = Some(format!(
                "Press Esc again to leave; the {} you gave so far will be lost.",
                plural(typed as u32, "answer")
            ));
        }
        KeyCode::Char('r') if k.modifiers.contains(KeyModifiers::CONTROL) => {
            // The same call from its start, answered as when it was opened: what the call
            // before carried into it, then the session's facts (a call already recorded
            // stays in the session; the new one is recorded once made).
            w.start_again();
        }
        KeyCode::Char(c @ '1'..='9') if done && w.chain(c as usize - '1' as usize) => {}
        KeyCode::Enter if done => {
            // A new call starts afresh: nothing carried from the call that led to this one
            // (in a session, the facts it kept answer as the session's), and its dice are
            // its own (Ctrl-R, the same call again, keeps the dice it rolled).
            w.given.clear();
            w.rolled.clear();
            w.start_again();
        }
        KeyCode::Enter => submit(w),
        KeyCode::Backspace if w.input.is_empty() && w.recorded.is_none() => {
            w.walk.back();
        }
        KeyCode::Backspace if w.input.is_empty() => take_back(w),
        KeyCode::Backspace => {
            w.input.pop();
        }
        KeyCode::Char(c)
            if !done
                && w.input.chars().count() < input_limit(w)
                && !k
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            w.input.push(c)
        }
        _ => {}
    }
    true
}

/// Backspace on a call just made: takes it back from the session (the facts as they were
/// before it) and goes back a step, so that an answer, one the session gave among them, can
/// be given otherwise.
/// What a change to the walk's table session did (`done`) when its save failed only at
/// flushing the folder (`e`), in the two rows under the call: without the file's name and
/// the cause when they would not fit there.
fn walk_unflushed(done: &str, e: &session::Error) -> String {
    let said = sessions::done_unflushed(done, e);
    if fit(&said, WIDTH, 2).len() <= 2 {
        said
    } else {
        let done = done.trim_end_matches('.');
        format!("{done} ({}).", session::WRITTEN_UNFLUSHED)
    }
}

/// What the walk says of a change to its table session whose save failed (`e`): `what` was
/// not done ("Not recorded"), and why, in the two rows under the call. A session's path too
/// long for them is shown as its folder and name (`.../charts/NAME.table`, the folder being
/// the saves folder's); words that still would not fit are cut at the end.
fn walk_failed(what: &str, e: &session::Error) -> String {
    let fits = |said: &str| fit(said, WIDTH, 2).len() <= 2;
    let said = format!("{what}: {e}");
    if fits(&said) {
        return said;
    }
    let said = match e.path() {
        Some(path) => {
            let short: std::path::PathBuf = path
                .iter()
                .rev()
                .take(2)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            said.replace(
                &path.display().to_string(),
                &format!(".../{}", short.display()),
            )
        }
        None => said,
    };
    let mut room = said.chars().count();
    let mut cut = said.clone();
    while !fits(&cut) && room > WIDTH {
        room -= 4;
        cut = sessions::cut_words(&said, room);
    }
    cut
}

fn take_back(w: &mut WalkScreen) {
    if let (Some(n), Some(table)) = (w.recorded_call, w.table.as_mut()) {
        let after = table.session.facts.clone();
        if let Some(entry) = (table.session.log.len() == n)
            .then(|| table.session.undo_call())
            .flatten()
        {
            let done = format!(
                "Call {n} taken back from table session {}: answer again.",
                table.name
            );
            match table.save() {
                Ok(()) => w.note = Some(done),
                // Only the folder's flush failed: the file has it taken back.
                Err(e) if e.written_unflushed() => w.error = Some(walk_unflushed(&done, &e)),
                Err(e) => {
                    table.session.log.push(entry);
                    table.session.facts = after;
                    w.error = Some(walk_failed("Not taken back", &e));
                    return;
                }
            }
        }
    }
    w.recorded = None;
    w.recorded_call = None;
    w.walk.back();
}

fn submit(w: &mut WalkScreen) {
    let Some(q) = w.walk.question() else { return };
    let is_die = matches!(q.kind, Kind::Die { .. });
    let offered = w.offered().filter(|_| w.input.trim().is_empty());
    let result = if let Some(a) = offered {
        w.walk.answer(a)
    } else if w.input.trim().is_empty() && is_die {
        // A die rolled before for this question keeps its value.
        match w.rolled.get(&q.id) {
            Some(&value) => w.walk.answer(Answer::Die {
                value,
                rolled: true,
            }),
            None => w.walk.roll(&mut w.rng).map(|value| {
                w.rolled.insert(q.id.clone(), value);
            }),
        }
    } else {
        w.walk.answer_text(&w.input)
    };
    // The typed text goes either way: a refused answer is named in the message, and the
    // next one is typed afresh, not added to it.
    let typed = std::mem::take(&mut w.input);
    match result {
        Ok(()) => w.fill_known(),
        Err(e) if e.message.contains(typed.trim()) => w.error = Some(e.message),
        Err(e) => w.error = Some(format!("'{}': {}", typed.trim(), e.message)),
    }
}

/// The call, wrapped to the width, and the path that led to it, each step wrapped, in no
/// more rows between them than the screen has: a path too long keeps its last steps, which
/// decide the call, under a line saying how many earlier ones are not shown.
fn outcome_lines(result: &str, path: &[Step]) -> (Vec<String>, Vec<String>) {
    let room = usize::from(BOTTOM - TOP + 1);
    let call = fit(&format!("Call: {result}"), WIDTH, 6);
    let steps: Vec<Vec<String>> = path
        .iter()
        .map(|step| fit(&step.to_string(), WIDTH, 4))
        .collect();
    let lines = steps.concat();
    if call.len() + lines.len() <= room {
        return (call, lines);
    }
    let free = room.saturating_sub(call.len() + 1);
    let mut used = 0;
    let kept = steps.iter().rev().take_while(|lines| {
        used += lines.len();
        used <= free
    });
    let kept = kept.count().max(1);
    let hidden = steps.len().saturating_sub(kept);
    let note = format!("({} not shown)", plural(hidden as u32, "earlier step"));
    let lines = steps[hidden..].concat();
    // Were the last step alone too long for the room, its end, which holds the call.
    let lines = std::iter::once(note)
        .chain(lines[lines.len().saturating_sub(free)..].iter().cloned())
        .collect();
    (call, lines)
}

/// The first and last rows for the answers and the question (or the call and its path); the
/// error is on the row below, the keys at the bottom.
const TOP: u16 = 2;
const BOTTOM: u16 = 21;

/// Draws the walk: answers so far, then the question (or the call and its path). The
/// question and the call are drawn in full, wrapped to the width; earlier answers give way
/// to them, and a path too long for the screen keeps its last steps, which make the call.
pub fn draw(f: &mut Frame, area: Rect, w: &WalkScreen) {
    let sys = &crate::charts::systems()[w.system];
    let n = w.walk.answers().len() + 1;
    let (step, tail) = match w.walk.question() {
        Some(q) => (q.step, format!("question {n}")),
        None => (None, "the call".into()),
    };
    let title = walk_title(
        &sys.meta.name,
        w.walk.procedure().title,
        step.as_deref(),
        &tail,
    );
    put(
        f,
        area,
        0,
        0,
        vec![Span::styled(format!("{title:<80}"), style::title())],
    );
    // The lines below the answers, each with its column and style, and the row they start
    // on when the answers leave room.
    let (block, preferred): (Vec<(u16, String, Style)>, u16) =
        match (w.walk.question(), w.walk.outcome()) {
            (Some(q), _) => {
                let roll = if matches!(q.kind, Kind::Die { .. }) {
                    " (or [Enter] to roll)"
                } else {
                    ""
                };
                let mut block: Vec<_> =
                    fit(&sessions::terminal_words(w.system, &q.prompt), WIDTH, 0)
                        .into_iter()
                        .map(|l| (2, l, style::bright()))
                        .collect();
                block.extend(
                    fit(&format!("Answer {}{roll}:", q.allowed()), WIDTH, 2)
                        .into_iter()
                        .map(|l| (2, l, style::text())),
                );
                if let Some(a) = w.offered() {
                    let offer = format!(
                        "[Enter] on nothing typed keeps the session's last answer, {a}; it is \
                         asked on every call, as it changes between calls."
                    );
                    block.extend(
                        fit(&offer, WIDTH, 2)
                            .into_iter()
                            .map(|l| (2, l, style::key())),
                    );
                }
                block.push((2, String::new(), style::text()));
                // A long list runs on over the rows below, the cursor after its last character.
                let typed: Vec<char> = format!("{}_", w.input).chars().collect();
                block.extend(
                    typed
                        .chunks(TEXT_ROW + 1)
                        .map(|row| (4, row.iter().collect(), style::bright())),
                );
                (block, 12)
            }
            (None, Some(outcome)) => {
                let (call, path) = outcome_lines(&outcome.result, &outcome.path);
                let call = call.into_iter().map(|l| (2, l, style::key()));
                let block = call
                    .chain(path.into_iter().map(|l| (2, l, style::text())))
                    .collect();
                (block, 11)
            }
            _ => (Vec::new(), 12),
        };
    // The block starts where it always has when it fits there, else higher; the answers
    // fill the rows above it, the latest ones when not all fit, with a blank row between.
    let start = preferred
        .min((BOTTOM + 1).saturating_sub(block.len() as u16))
        .max(TOP);
    let answers = w.walk.asked();
    let shown = answers
        .len()
        .min(usize::from(start.saturating_sub(TOP + 1)))
        .min(8);
    let first = answers.len() - shown;
    for (y, (i, (q, answer))) in (TOP..).zip(answers.iter().enumerate().skip(first)) {
        let prompt = sessions::terminal_words(w.system, &q.prompt);
        let (line, look) = match w.filled(i) {
            Some(Filled::Session) => (
                history_line(&prompt, answer, "  (kept in the session)"),
                style::key(),
            ),
            Some(Filled::CallBefore) => (
                history_line(&prompt, answer, "  (from the call before)"),
                style::key(),
            ),
            None => (history_line(&prompt, answer, ""), style::text()),
        };
        put(f, area, 2, y, vec![Span::styled(line, look)]);
    }
    for (y, (x, line, look)) in (start..=BOTTOM).zip(block) {
        put(f, area, x, y, vec![Span::styled(line, look)]);
    }
    // While answers the session gave are in sight, how to answer one otherwise.
    let from_session = (first..answers.len()).any(|i| w.filled(i) == Some(Filled::Session));
    let how = (from_session && w.walk.question().is_some()).then(|| {
        "Answers marked (kept in the session) are its facts: [Backspace] goes back to one to \
         answer it yourself, and the session keeps your answer."
            .to_string()
    });
    let message = w
        .error
        .as_ref()
        .map(|e| (e, style::error()))
        .or(w.recorded.as_ref().map(|r| (r, style::key())))
        .or(w.note.as_ref().map(|r| (r, style::key())))
        .or(how.as_ref().map(|h| (h, style::text())));
    if let Some((m, look)) = message {
        for (y, line) in (22..24).zip(fit(m, WIDTH, 2)) {
            put(f, area, 2, y, vec![Span::styled(line, look)]);
        }
    }
    let keys = walk_keys(w);
    put(f, area, 1, 24, vec![Span::styled(keys, style::key())]);
}

/// The walk's key line: while asking, the keys of an answer; once the call is made, the calls
/// it leads to, a new call, and going back (taking the call back from the session when it
/// is recorded there), in shorter words where the whole line would not fit.
fn walk_keys(w: &WalkScreen) -> String {
    if w.walk.question().is_some() {
        return "[Enter] answer  [Backspace] back a step  [Ctrl-R] restart  [Esc] leave".into();
    }
    let next = w.walk.outcome().map(|o| o.next).unwrap_or_default();
    let chained = |then: &str| -> String {
        (1..)
            .zip(&next)
            .map(|(i, n)| format!("[{i}] {then}{}  ", n.procedure))
            .collect()
    };
    let back = match (w.recorded_call, next.is_empty()) {
        (Some(_), _) => "take back",
        (None, true) => "back a step",
        (None, false) => "back",
    };
    [
        format!(
            "{}[Enter] a new call  [Backspace] {back}  [Esc] leave",
            chained("then ")
        ),
        format!(
            "{}[Enter] a new call  [Backspace] {back}  [Esc] leave",
            chained("")
        ),
        format!(
            "{}[Enter] new call  [Bksp] {back}  [Esc] leave",
            chained("")
        ),
    ]
    .into_iter()
    .find(|k| k.chars().count() <= WIDTH + 1)
    .unwrap_or_else(|| format!("{}[Enter] new call  [Esc] leave", chained("")))
}

/// The walk's title: the procedure, the step and the question (or "the call"). The
/// question always shows; the system's name gives way first, then the end of the step's
/// words, at a word, marked "...", while at least a few of its words show; only then the end
/// of the procedure's title.
fn walk_title(system: &str, procedure: &str, step: Option<&str>, tail: &str) -> String {
    let at = |step: Option<&str>| match step {
        Some(step) => format!("  ({step}, {tail})"),
        None => format!("  ({tail})"),
    };
    let fits = |t: &String| t.chars().count() <= 80;
    let whole = format!(" {system}: {procedure}{}", at(step));
    if fits(&whole) {
        return whole;
    }
    let bare = format!(" {procedure}{}", at(step));
    if fits(&bare) {
        return bare;
    }
    if let Some(step) = step {
        let room = 80usize.saturating_sub(bare.chars().count() - step.chars().count());
        if room >= 12 {
            return format!(" {procedure}{}", at(Some(&sessions::cut_words(step, room))));
        }
    }
    let at = at(step);
    let room = 80usize.saturating_sub(at.chars().count() + 1);
    format!(" {}{at}", sessions::cut_words(procedure, room))
}

/// A line of the walk's history: the question, cut to fit, its answer and a mark saying where
/// an answer not typed came from.
fn history_line(prompt: &str, answer: &Answer, mark: &str) -> String {
    // A long answer (a list of cards) leaves the question its first words at least, and is
    // cut itself, so that the line never shows a question cut to "The...".
    let answer = answer.to_string();
    let most = WIDTH.saturating_sub(HISTORY_QUESTION + 4 + mark.chars().count());
    let answer = format!("{}{mark}", sessions::cut_words(&answer, most));
    let room = WIDTH.saturating_sub(answer.chars().count() + 4);
    format!("{} {answer}", short_question(prompt, room))
}

/// The least room a question keeps on a line of the walk's history.
const HISTORY_QUESTION: usize = 34;

/// A question's words in at most `room` characters: whole when they fit, else the sentence
/// that asks (or, with none, the last: what to do), the words around it marked "...", else
/// cut at a word.
fn short_question(prompt: &str, room: usize) -> String {
    if prompt.chars().count() <= room {
        return prompt.to_string();
    }
    // The sentences, each with its stop.
    let mut sentences = Vec::new();
    let mut start = 0;
    for (i, c) in prompt.char_indices() {
        if matches!(c, '.' | '?' | '!') && prompt[i + 1..].starts_with(' ') {
            sentences.push(prompt[start..=i].trim());
            start = i + 1;
        }
    }
    sentences.push(prompt[start..].trim());
    // The sentence that asks; with none (a die rolled again, after why), the last, which
    // says what to do.
    let asks = sentences
        .iter()
        .rposition(|s| s.ends_with('?'))
        .or(sentences.len().checked_sub(1));
    if let Some(i) = asks.filter(|_| sentences.len() > 1) {
        let before = if i > 0 { "... " } else { "" };
        let after = if i + 1 < sentences.len() { " ..." } else { "" };
        let shown = format!("{before}{}{after}", sentences[i]);
        if shown.chars().count() <= room {
            return shown;
        }
    }
    sessions::cut_words(prompt, room)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// The walk drawn on an 80x25 screen, one string per row, trailing spaces trimmed.
    fn rows(w: &WalkScreen) -> Vec<String> {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| draw(f, f.area(), w)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..25)
            .map(|y| {
                (0..80)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    /// The Twilight Struggle action round walked as in the user's walkthrough.
    fn twilight() -> WalkScreen {
        let system = crate::charts::systems()
            .iter()
            .position(|s| s.meta.name.contains("Twilight"))
            .expect("Twilight Struggle");
        let p = crate::charts::systems()[system]
            .procedures
            .iter()
            .position(|p| p.id == "action")
            .expect("action round");
        let mut w = WalkScreen::new(system, p, 1);
        for a in ["n", "3", "mid"] {
            w.walk.answer_text(a).unwrap();
        }
        while let Some(q) = w.walk.question() {
            let a = match q.kind {
                Kind::YesNo => "no",
                Kind::Choice { .. } => "none",
                _ => "9",
            };
            w.walk.answer_text(a).unwrap();
        }
        w
    }

    /// A call recorded in a table session whose save failed only at flushing the folder,
    /// after the new version was in place: the file has the call, so it stands and the walk
    /// says it was written though the disk may not have it yet, in the CLI's words (it had
    /// said "Not recorded" and taken the call back, the file keeping it). Any other failure
    /// still takes it back.
    #[test]
    fn a_call_saved_but_for_the_folders_flush_stands_and_says_so() {
        use crate::store::{Doing, Error as FileError, ErrorKind as F};
        let dir = tempfile::tempdir().unwrap();
        let system = system_of("undaunted");
        let p = crate::charts::systems()[system]
            .procedures
            .iter()
            .position(|p| p.id == "card")
            .expect("card");
        let failed = |doing| session::Error {
            kind: session::ErrorKind::File(FileError::new(
                &dir.path().join("T.table"),
                F::Io {
                    doing,
                    source: std::io::Error::other("Input/output error"),
                },
            )),
        };
        for (doing, stands) in [(Doing::FlushingFolder, true), (Doing::Replacing, false)] {
            let name = if stands { "T" } else { "U" };
            let table = OpenTable::create(dir.path(), name, "undaunted").unwrap();
            let mut w = WalkScreen::new(system, p, 1);
            for a in ["mg-schuetze", "n", "n", "n", "4"] {
                w.walk.answer_text(a).unwrap();
            }
            let outcome = w.walk.outcome().expect("the call");
            w.table = Some(Box::new(table));
            let t = w.table.as_mut().unwrap();
            let changed = t
                .session
                .record(w.walk.procedure(), w.walk.answers(), &outcome);
            if stands {
                // The new version was put in place before the flush failed.
                t.save().unwrap();
            }
            w.saved_call(&changed, Err(failed(doing)));
            let kept = w.table.as_ref().unwrap().session.log.len();
            let on_disk = session::load(dir.path(), name).unwrap().log.len();
            let said = w.recorded.clone().unwrap();
            if stands {
                assert_eq!((kept, on_disk, w.recorded_call), (1, 1, Some(1)));
                assert!(
                    said.starts_with("Recorded as call 1 of table session T (")
                        && said.ends_with(&format!("{}).", session::WRITTEN_UNFLUSHED)),
                    "{said}"
                );
                // Whole, in the two rows under the call.
                let shown = rows(&w)[22..24].join(" ");
                let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
                assert_eq!(words(&shown), words(&said), "{:#?}", rows(&w));
            } else {
                assert_eq!((kept, on_disk, w.recorded_call), (0, 0, None));
                assert!(said.starts_with("Not recorded: "), "{said}");
            }
        }
    }

    /// A failure told under the call takes two rows at most: a path too long is shortened to
    /// its folder and name, and a cause too long even then is cut at a word, marked "...".
    #[test]
    fn a_failure_under_the_call_keeps_to_two_rows() {
        use crate::store::{Doing, Error as FileError, ErrorKind as F};
        let long = format!("/{}/charts/T.table", "far/down".repeat(30));
        let failed = |cause: &str| session::Error {
            kind: session::ErrorKind::File(FileError::new(
                Path::new(&long),
                F::Io {
                    doing: Doing::Replacing,
                    source: std::io::Error::other(cause.to_string()),
                },
            )),
        };
        let short = walk_failed("Not recorded", &failed("Input/output error"));
        assert!(
            short.starts_with("Not recorded: .../charts/T.table ")
                && short.ends_with(": Input/output error"),
            "{short}"
        );
        let cut = walk_failed(
            "Not recorded",
            &failed(&"a cause told at length ".repeat(9)),
        );
        assert!(
            cut.ends_with("...") && fit(&cut, WIDTH, 2).len() == 2,
            "{cut}"
        );
        assert!(
            cut.starts_with("Not recorded: .../charts/T.table "),
            "{cut}"
        );
    }

    #[test]
    fn a_finished_call_goes_on_into_the_call_it_leads_to() {
        let system = crate::charts::systems()
            .iter()
            .position(|s| s.meta.id == "undaunted")
            .expect("Undaunted");
        let p = crate::charts::systems()[system]
            .procedures
            .iter()
            .position(|p| p.id == "card")
            .expect("card");
        let mut w = WalkScreen::new(system, p, 1);
        for a in ["mg-schuetze", "n", "n", "n", "4"] {
            w.walk.answer_text(a).unwrap();
        }
        assert_eq!(w.walk.outcome().unwrap().result, "ANGRIFF (attack)");
        assert!(
            rows(&w)[24].contains("[1] then target"),
            "{:?}",
            rows(&w)[24]
        );
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        assert!(
            walk_key(&mut w, key('2')),
            "no second call: nothing happens"
        );
        assert_eq!(w.walk.procedure().id, "card");
        assert!(walk_key(&mut w, key('1')));
        assert_eq!(w.walk.procedure().id, "target");
        assert_eq!(
            w.walk.answers()[0],
            ("attacker".to_string(), Answer::Choice("mg".into())),
            "the attacker is carried over"
        );
        assert_eq!(w.walk.question().unwrap().id, "main-target");
        // Ctrl-R starts the chained call again, the attacker carried over as before.
        w.walk.answer_text("no").unwrap();
        assert!(walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL)
        ));
        assert_eq!(
            w.walk.answers(),
            &[("attacker".to_string(), Answer::Choice("mg".into()))]
        );
        assert_eq!(w.filled(0), Some(Filled::CallBefore));
        assert_eq!(w.walk.question().unwrap().id, "main-target");
    }

    fn system_of(id: &str) -> usize {
        crate::charts::systems()
            .iter()
            .position(|s| s.meta.id == id)
            .expect("a system")
    }

    /// Types `keys` on a screen and returns where it ends.
    fn typed(mut screen: ChartsScreen, keys: &str) -> ChartsScreen {
        let dir = std::env::temp_dir();
        let env = Env {
            saves_dir: &dir,
            seed: Some(1),
        };
        for c in keys.chars() {
            let code = match c {
                '\n' => KeyCode::Enter,
                '\x1b' => KeyCode::Esc,
                c => KeyCode::Char(c),
            };
            screen = key(screen, KeyEvent::new(code, KeyModifiers::NONE), &env).expect("stays");
        }
        screen
    }

    #[test]
    fn a_chart_is_jumped_to_by_name_and_a_card_looked_up() {
        let ts = system_of("twilight-struggle");
        let (lines, starts) = system_page(ts);
        let cards_chart = crate::charts::systems()[ts]
            .charts
            .iter()
            .position(|c| c.id == "cards")
            .unwrap();
        // "/", a part of the chart's title, Enter: the screen scrolls to it.
        match typed(system_screen(ts), "/card notes\n") {
            ChartsScreen::System { scroll, status, .. } => {
                assert_eq!(
                    scroll,
                    starts[cards_chart].min(lines.len() - TEXT_ROWS),
                    "{status:?}"
                );
                assert_eq!(status.as_deref(), Some("Chart: Card notes"));
            }
            _ => panic!("still the system's screen"),
        }
        match typed(system_screen(ts), "/regions\n") {
            ChartsScreen::System { scroll, .. } => assert!(scroll > 0),
            _ => panic!("still the system's screen"),
        }
        // A card's name (not a chart's) shows the card; Esc goes back.
        let screen = typed(system_screen(ts), "/lone gunman\n");
        match &screen {
            ChartsScreen::Card { lines, .. } => {
                assert!(lines[0].contains("CIA / Lone Gunman"), "{lines:?}")
            }
            _ => panic!("a card"),
        }
        assert!(matches!(
            typed(screen, "\x1b"),
            ChartsScreen::System { find: None, .. }
        ));
        // Undaunted's cards by number, in the source's playing order.
        match typed(system_screen(system_of("undaunted")), "/2\n") {
            ChartsScreen::Card { lines, .. } => {
                assert!(lines[0].starts_with("2. FELDWEBEL"), "{lines:?}")
            }
            _ => panic!("a card"),
        }
        // Nothing of that name: the screen says so and stays where it was.
        match typed(system_screen(ts), "/zzz\n") {
            ChartsScreen::System { scroll, status, .. } => {
                assert_eq!(scroll, 0);
                assert_eq!(status.as_deref(), Some("No chart or card is called 'zzz'."));
            }
            _ => panic!("still the system's screen"),
        }
        // Esc while typing leaves the search, not the screen.
        assert!(matches!(
            typed(system_screen(ts), "/ci\x1b"),
            ChartsScreen::System { find: None, .. }
        ));
    }

    #[test]
    fn the_title_names_the_step_a_question_belongs_to() {
        let ts = system_of("twilight-struggle");
        let p = crate::charts::systems()[ts]
            .procedures
            .iter()
            .position(|p| p.id == "action")
            .unwrap();
        let mut w = WalkScreen::new(ts, p, 1);
        for a in ["n", "3", "mid"] {
            w.walk.answer_text(a).unwrap();
        }
        assert!(
            rows(&w)[0].ends_with("(Γ, question 4)"),
            "{:?}",
            rows(&w)[0]
        );
        for a in ["n", "n"] {
            w.walk.answer_text(a).unwrap();
        }
        assert!(
            rows(&w)[0].ends_with("(Δ, question 6)"),
            "{:?}",
            rows(&w)[0]
        );
        // On down to step 8: no event wins, not Red Scare, not short, nothing in Italy,
        // Europe or elsewhere.
        while w.walk.question().is_some_and(|q| q.id != "step8-ok") {
            let q = w.walk.question().unwrap();
            let a = if matches!(q.kind, Kind::Choice { .. }) {
                "none"
            } else {
                "n"
            };
            w.walk.answer_text(a).unwrap();
        }
        assert!(
            rows(&w)[0].contains("(step 8, question"),
            "{:?}",
            rows(&w)[0]
        );
        // A procedure without named steps keeps the question's number alone.
        let un = system_of("undaunted");
        let order = crate::charts::systems()[un]
            .procedures
            .iter()
            .position(|p| p.id == "order")
            .unwrap();
        assert!(rows(&WalkScreen::new(un, order, 1))[0].ends_with("(question 1)"));
    }

    /// A long answer (Undaunted's hand of cards) leaves the question its first words: the
    /// line read "The... Schuetze B, ..." (playtest 9, finding 11).
    #[test]
    fn a_long_answer_leaves_its_question_some_words() {
        let hand = Answer::Text(
            "Schuetze B, Spaeher A, Feldwebel, Gruppenfuehrer C, Unklare Lage, Zugtruppfuehrer"
                .into(),
        );
        let line = history_line(
            "Which cards does the AI hold? For example: Schütze A, Späher B, Feldwebel.",
            &hand,
            "",
        );
        assert!(line.chars().count() <= WIDTH, "{line}");
        assert!(
            line.starts_with("Which cards does the AI hold? ..."),
            "{line}"
        );
        assert!(line.contains(" Schuetze B, Spaeher A, "), "{line}");
        let short = history_line("Down (1-4)?", &Answer::Number(3), "");
        assert_eq!(short, "Down (1-4)? 3");
    }

    #[test]
    fn a_long_walk_title_is_shortened_at_a_word() {
        let t = walk_title(
            "Breakaway Football - solo mode",
            "AI defence: strategy, spy, play call",
            Some("the defence (d20)"),
            "question 10",
        );
        assert_eq!(
            t,
            " AI defence: strategy, spy, play call  (the defence (d20), question 10)"
        );
        // The step's words give way before the procedure's (playtest 9, finding 11: the title
        // read "AI defence: strategy, spy...").
        let t = walk_title(
            "Breakaway Football - solo mode",
            "AI defence: strategy, spy, play call",
            Some("your play and the spy tokens"),
            "question 10",
        );
        assert!(t.chars().count() <= 80, "{t}");
        assert!(
            t.starts_with(" AI defence: strategy, spy, play call  (your play and the"),
            "{t}"
        );
        assert!(t.ends_with("..., question 10)"), "{t}");
        let step = "step 4, the China card and something long";
        for sys in crate::charts::systems() {
            for p in sys.procedures {
                let t = walk_title(&sys.meta.name, p.title, Some(step), "question 12");
                assert!(t.chars().count() <= 80, "{t}");
                assert!(t.ends_with(", question 12)"), "{t}");
                let shown = t.trim_start();
                let shown = shown
                    .strip_prefix(&format!("{}: ", sys.meta.name))
                    .unwrap_or(shown);
                let (title, at) = shown.split_once("  (").expect("the step");
                let at = at.strip_suffix(", question 12)").unwrap();
                // Either the title whole and the step whole or cut at a word, or the step
                // whole and the title cut at a word.
                let (whole, cut, all) = if title == p.title {
                    (title, at, step)
                } else {
                    (at, title, p.title)
                };
                assert!(whole == step || whole == p.title, "{t}");
                match cut.strip_suffix("...") {
                    None => assert_eq!(cut, all, "{t}"),
                    Some(part) => {
                        assert!(all.starts_with(part), "{t}");
                        let next = all[part.len()..].chars().next();
                        assert!(
                            matches!(next, Some(' ' | ',' | ':' | ';')),
                            "cut mid-word: {t}"
                        );
                    }
                }
            }
        }
    }

    /// The words of `text`, whitespace normalised.
    fn words(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_whole_call_and_the_last_steps_are_shown() {
        let w = twilight();
        let outcome = w.walk.outcome().expect("a call was made");
        let call = format!("Call: {}", outcome.result);
        assert!(call.len() > 80, "the case is a long call: {call}");
        assert!(
            outcome.path.len() > 10,
            "the case is a long path: {:?}",
            outcome.path
        );
        let rows = rows(&w);
        let text = rows.join("\n");
        // The call is drawn whole, wrapped over rows rather than cut.
        assert!(words(&text).contains(&words(&call)), "{text}");
        // Every step is there, the last one (which decides the call) among them.
        for step in &outcome.path {
            assert!(
                words(&text).contains(&words(&step.to_string())),
                "{step}:\n{text}"
            );
        }
        // Nothing on the error row or below but the keys.
        assert!(rows[22].is_empty() && rows[23].is_empty(), "{text}");
        assert!(rows[24].contains("[Enter] a new call"), "{}", rows[24]);
    }

    #[test]
    fn a_path_longer_than_the_screen_keeps_its_last_steps() {
        let outcome = twilight().walk.outcome().unwrap();
        let mut path = outcome.path.clone();
        while path.len() < 30 {
            path.insert(0, Step::Note(format!("an early step {}", path.len())));
        }
        let (call, lines) = outcome_lines(&outcome.result, &path);
        let block = [call, lines].concat();
        assert!(block.len() <= usize::from(BOTTOM - TOP + 1), "{block:#?}");
        let text = block.join("\n");
        assert!(words(&text).contains(&words(&outcome.result)), "{text}");
        assert!(
            words(&text).contains(&words(&path.last().unwrap().to_string())),
            "{text}"
        );
        let shown = path
            .iter()
            .filter(|s| words(&text).contains(&words(&s.to_string())))
            .count();
        let note = format!("({} earlier steps not shown)", path.len() - shown);
        assert!(text.contains(&note), "{note}:\n{text}");
        // The steps shown are the last ones, in order.
        assert!(
            path[path.len() - shown..]
                .iter()
                .all(|s| words(&text).contains(&words(&s.to_string()))),
            "{text}"
        );
    }

    #[test]
    fn a_long_question_is_wrapped_not_cut() {
        let system = crate::charts::systems()
            .iter()
            .position(|s| s.meta.name.contains("Twilight"))
            .unwrap();
        let p = crate::charts::systems()[system]
            .procedures
            .iter()
            .position(|p| p.id == "action")
            .unwrap();
        let mut w = WalkScreen::new(system, p, 1);
        w.walk.answer_text("n").unwrap();
        let q = w.walk.question().unwrap();
        assert!(
            q.prompt.len() > 78,
            "the case is a long prompt: {}",
            q.prompt
        );
        let text = rows(&w).join("\n");
        assert!(words(&text).contains(&words(&q.prompt)), "{text}");
        assert!(text.contains("Answer a whole number from"), "{text}");
    }

    #[test]
    fn every_procedure_is_listed_in_full() {
        for (s, sys) in crate::charts::systems().iter().enumerate() {
            let lines = procedure_lines(s);
            assert!(
                lines.len() <= super::super::draw::TEXT_ROWS,
                "{} procedures fit the screen: {lines:#?}",
                sys.meta.name
            );
            assert!(
                lines.iter().all(|l| l.chars().count() <= WIDTH),
                "{lines:#?}"
            );
            let text = words(&lines.join(" "));
            for (i, p) in sys.procedures.iter().enumerate() {
                assert!(
                    text.contains(&words(&format!(
                        "[{}] {} - {}",
                        procedure_char(i),
                        p.title,
                        p.about
                    ))),
                    "{}:\n{text}",
                    p.about
                );
            }
            // Every procedure has its key, and the key opens it.
            assert!(
                sys.procedures.len() <= MOST_PROCEDURES,
                "{} has more procedures than keys",
                sys.meta.name
            );
            for i in 0..sys.procedures.len() {
                let k = KeyEvent::new(KeyCode::Char(procedure_char(i)), KeyModifiers::NONE);
                assert_eq!(procedure_key(s, k), Some(i));
                let lower = procedure_char(i).to_ascii_lowercase();
                let k = KeyEvent::new(KeyCode::Char(lower), KeyModifiers::NONE);
                assert_eq!(procedure_key(s, k), Some(i), "either case");
            }
            // U stays the key that takes a call back.
            let u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE);
            assert_eq!(procedure_key(s, u), None);
            // Continuation lines are indented under the title.
            for pair in lines.windows(2) {
                if !pair[1].is_empty() && !pair[1].starts_with('[') {
                    assert!(
                        pair[1].starts_with("    ") && !pair[0].is_empty(),
                        "{pair:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_list_answer_runs_on_over_four_rows_and_no_more() {
        let sys = crate::charts::systems()
            .iter()
            .position(|s| s.meta.id == "twilight-struggle")
            .unwrap();
        let p = crate::charts::systems()[sys]
            .procedures
            .iter()
            .position(|p| p.id == "take-card")
            .unwrap();
        let mut w = WalkScreen::new(sys, p, 1);
        let typed = |w: &mut WalkScreen, text: &str| {
            for c in text.chars() {
                walk_key(w, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            }
            walk_key(w, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        };
        typed(&mut w, "your-hand");
        // 62 characters: past the 30 a number or a yes/no gets.
        let list = "Fidel: 2 ai; Duck and Cover: 3 you; Summit: 1 you; Nasser: 1";
        typed(&mut w, &format!("{list} ai"));
        let o = w.walk.outcome().expect("the whole list was taken");
        assert_eq!(o.fields["card"], "Duck and Cover");
        // The row's limit: the cursor still fits at 80 columns.
        let mut w = WalkScreen::new(sys, p, 1);
        typed(&mut w, "your-hand");
        for _ in 0..100 {
            walk_key(
                &mut w,
                KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE),
            );
        }
        assert_eq!(w.input.chars().count(), 100);
        // A discard pile's worth runs on over four rows, all of it shown, none past column 80.
        for _ in 0..300 {
            walk_key(
                &mut w,
                KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE),
            );
        }
        assert_eq!(w.input.chars().count(), TEXT_INPUT);
        let shown = rows(&w);
        assert!(shown.iter().all(|r| r.chars().count() <= 80));
        let typed: String = shown
            .iter()
            .map(|r| r.trim())
            .filter(|r| r.chars().all(|c| c == 'x' || c == '_') && !r.is_empty())
            .collect();
        assert_eq!(typed, format!("{}_", "x".repeat(TEXT_INPUT)), "{shown:#?}");
    }

    #[test]
    fn control_and_alt_letters_are_not_typed() {
        let mut w = WalkScreen::new(0, 0, 1);
        assert!(w.walk.question().is_some());
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL),
        );
        walk_key(&mut w, KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
        assert_eq!(w.input, "");
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE),
        );
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('Y'), KeyModifiers::SHIFT),
        );
        assert_eq!(w.input, "uY");
        // Ctrl-R still starts again.
        w.input = "2".into();
        walk_key(&mut w, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        assert!(!w.walk.answers().is_empty(), "{:?}", w.error);
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
        );
        assert!(w.walk.answers().is_empty() && w.input.is_empty());
    }
}
