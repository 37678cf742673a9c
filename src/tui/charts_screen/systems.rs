//! The list of systems and table sessions, a system's screen (its charts, and finding one)
//! and a card looked up there: their pages and their keys.

use super::*;

/// The charts as `[C]` opens them: the list of systems, and the table sessions in `saves_dir`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
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
pub(super) fn system_lines(i: usize) -> Vec<String> {
    system_page(i).0
}

/// [`system_lines`], with the line each chart starts on.
pub(super) fn system_page(i: usize) -> (Vec<String>, Vec<usize>) {
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

pub(super) fn system_screen(system: usize) -> ChartsScreen {
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
pub(super) fn find_on_system(system: usize, query: &str, scroll: usize) -> ChartsScreen {
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

/// The rows of the list of systems and sessions left above message `said`, wrapped.
pub(super) fn systems_rows(said: &str) -> usize {
    TEXT_ROWS - fit(said, WIDTH, 0).len().min(4) - 1
}

/// A key on the list of systems and sessions: a digit opens a system, a session's letter the
/// session, `[N]` starts one, `[B]` opens a damaged session's backup; `None` on `[Esc]` or
/// `[Enter]`.
pub(super) fn systems_key(
    lines: Vec<String>,
    scroll: usize,
    status: Option<String>,
    backup: Option<String>,
    k: KeyEvent,
    env: &Env,
) -> Option<ChartsScreen> {
    let count = crate::charts::systems().len();
    let digit = match k.code {
        KeyCode::Char(c) => c.to_digit(10).map(|d| d as usize),
        _ => None,
    };
    let letter = letter_of(k);
    if let Some(d) = digit.filter(|d| (1..=count).contains(d)) {
        return Some(system_screen(d - 1));
    }
    if matches!(k.code, KeyCode::Esc | KeyCode::Enter) {
        return None;
    }
    if letter == Some('n') {
        return Some(ChartsScreen::NewSession(NewSession {
            name: String::new(),
            picking: false,
            error: None,
        }));
    }
    if let (Some(name), Some('b')) = (&backup, letter) {
        return Some(match sessions::open_backup(env.saves_dir, name) {
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
        });
    }
    Some(
        match letter.and_then(|c| sessions::SESSION_LETTERS.find(c)) {
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
    )
}

/// A key on a system's screen: `[/]` finds a chart or card (the name typed, then `[Enter]`), `[W]`
/// its procedures, `[Esc]` back to the list; other keys scroll.
pub(super) fn system_key(
    system: usize,
    lines: Vec<String>,
    scroll: usize,
    find: Option<String>,
    k: KeyEvent,
    env: &Env,
) -> ChartsScreen {
    if let Some(mut input) = find {
        return match k.code {
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
        };
    }
    match k.code {
        KeyCode::Char('/') => ChartsScreen::System {
            system,
            lines,
            scroll,
            find: Some(String::new()),
            status: None,
        },
        KeyCode::Char('w' | 'W') => procedures(system, None, None),
        KeyCode::Esc => open(env.saves_dir),
        code => ChartsScreen::System {
            system,
            scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
            lines,
            find: None,
            status: None,
        },
    }
}

/// A key on a card looked up: `[Esc]` back to its system; other keys scroll.
pub(super) fn card_key(
    system: usize,
    lines: Vec<String>,
    scroll: usize,
    k: KeyEvent,
) -> ChartsScreen {
    match k.code {
        KeyCode::Esc => system_screen(system),
        code => ChartsScreen::Card {
            system,
            scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
            lines,
        },
    }
}
