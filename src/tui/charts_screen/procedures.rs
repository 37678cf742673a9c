//! A system's procedures, to pick one to walk, alone or in a table session (its summary,
//! last calls and message kept in sight under the list): the page, the keys that pick a
//! procedure, and the screen's keys.

use super::*;

/// A session's calls and the facts it keeps, by their ids, in a line or two: a list of facts
/// too long for them is cut, so that the pointer to `[F]` stays in sight.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
pub(super) fn session_summary(system: usize, t: &OpenTable) -> Vec<String> {
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
pub(super) struct ProceduresPage {
    pub(super) list: Vec<String>,
    pub(super) bottom: Vec<String>,
}

impl ProceduresPage {
    /// The rows the list has above the lines kept in sight.
    pub(super) fn rows(&self) -> usize {
        TEXT_ROWS.saturating_sub(self.bottom.len())
    }
}

/// Most rows a message takes under the procedures.
pub(super) const MESSAGE_ROWS: usize = 4;

/// The procedures screen of `system`, in session `table` if any, with message `status`: the
/// list whole where it fits above the lines kept in sight, else one row a procedure (its key,
/// its title and as much of its summary as fits), which scrolls if even that does not fit.
pub(super) fn procedures_page(
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
pub(super) const PROCEDURE_LETTERS: &str = "ABCDEGIJKLMNOPQRST";

/// Most procedures a system's menu can give keys (1-9, 0, then the letters).
pub const MOST_PROCEDURES: usize = 10 + PROCEDURE_LETTERS.len();

/// The key of the `i`th procedure: 1-9, 0 for the tenth, then the letters A, B, ...
#[expect(
    clippy::cast_possible_truncation,
    reason = "i is at most 8 in this arm: b'1' + i fits a byte"
)]
pub fn procedure_char(i: usize) -> char {
    match i {
        0..=8 => char::from(b'1' + i as u8),
        9 => '0',
        _ => PROCEDURE_LETTERS.as_bytes()[i - 10].into(),
    }
}

/// The keys of a system's procedures, as the key line names them: `"[1]-[4]"`,
/// `"[1]-[0] [A]-[C]"`.
pub(super) fn procedure_keys(system: usize) -> String {
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
pub(super) fn procedure_keys_words(system: usize) -> &'static str {
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

/// A key on a system's procedures: its key walks one; in a table session `[U]` takes the last
/// call or change back and `[F]` shows the facts; `[Esc]` back; other keys scroll.
pub(super) fn procedures_key(
    system: usize,
    table: Option<Box<OpenTable>>,
    status: Option<String>,
    scroll: usize,
    k: KeyEvent,
    env: &Env,
) -> ChartsScreen {
    match (procedure_key(system, k), k.code) {
        (Some(p), _) => {
            let seed = env.seed.unwrap_or_else(crate::seed::clock_seed);
            let mut w = WalkScreen::new(system, p, seed);
            w.table = table;
            w.fill_known();
            ChartsScreen::Walk(Box::new(w))
        }
        (None, KeyCode::Char('u' | 'U')) if table.is_some() => {
            let table = table.expect("a table");
            take_back_call(system, table)
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
    }
}

/// `[U]` in a table session: the last call or change by hand taken back and saved, said in
/// the message (or why not, the session as it was).
fn take_back_call(system: usize, mut table: Box<OpenTable>) -> ChartsScreen {
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
                Err(err) if err.written_unflushed() => sessions::done_unflushed(&done, &err),
                Err(err) => {
                    table.session = kept;
                    format!("Not taken back: {err}")
                }
            }
        }
    };
    procedures(system, Some(table), Some(status))
}
