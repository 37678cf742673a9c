//! Table sessions in the terminal, under the charts' `[C]`: starting one (a name, then its
//! game), the facts a session keeps, listed in words and changed or forgotten by hand (each
//! change logged, so `[U]` takes it back), its last calls, and a session that cannot be
//! opened (damaged, or open in another program) told in full, with its backup offered when
//! one reads. The routing between these screens and the rest of the charts is in
//! `charts_screen`; the sessions themselves (the file, the facts, the log) are
//! `crate::charts::session`'s - each fact's question and the check of a value included -
//! used here as the command line uses them.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::draw::{capitalised, fit, TEXT_ROWS, TEXT_WIDTH as WIDTH};
use super::match_screen::put;
use super::style;
use crate::charts::session::{self, Fact, OpenTable};
use crate::charts::walk::{Answer, Keep};
use crate::text::plural;

/// The letters that open the listed sessions on the charts' first screen: every letter but
/// the screen's own keys (`[B]` backup, `[H]` help, `[N]` new).
pub const SESSION_LETTERS: &str = "acdefgijklmopqrstuvwxyz";

/// The letters that pick a fact on the facts screen (not `[H]`, its help).
pub const FACT_LETTERS: &str = "abcdefgijklmnopqrstuvwxyz";

/// The facts a session of system `system` (by its place in the list) keeps, in the order its
/// procedures name them: each with the question that asks it and the check of a value, as
/// `crate::charts::session::fact` defines them for the command line too.
pub fn facts(system: usize) -> &'static [Fact] {
    static ALL: OnceLock<Vec<Vec<Fact>>> = OnceLock::new();
    &ALL.get_or_init(|| {
        crate::charts::systems()
            .iter()
            .map(session::facts)
            .collect()
    })[system]
}

/// What a fact is, in words, for a list of facts: its flag's help as a sentence (the words
/// a walk asks it in often name a moment, "B# carries the blitz mark. Is the team's blitz
/// rating YES?", which a list of facts has not).
pub fn about(fact: &Fact) -> String {
    capitalised(fact.help)
}

/// The words a question shows in the terminal: a procedure named by its id in the charts
/// (the `status` procedure) is named as the procedures menu shows it, by its key and title.
pub fn terminal_words(system: usize, text: &str) -> String {
    let sys = &crate::charts::systems()[system];
    let mut out = text.to_string();
    for (i, p) in sys.procedures.iter().enumerate() {
        let name = format!(
            "the procedure \"{}\" ([{}] on the menu)",
            p.title.trim_end_matches(['?', '.']),
            super::charts_screen::procedure_char(i)
        );
        out = out
            .replace(&format!("the `{}` procedure", p.id), &name)
            .replace(&format!("`{}`", p.id), &name);
    }
    out
}

/// Starting a table session: its name typed, then its game picked.
pub struct NewSession {
    /// The name typed so far.
    pub name: String,
    /// The name is taken: the game is being picked.
    pub picking: bool,
    /// Why the last try was refused.
    pub error: Option<String>,
}

/// What a key on the new-session screens leads to.
pub enum NewKey {
    Stay(NewSession),
    /// Esc before a name: back to the charts' list.
    Leave,
    /// Created and open: system and table.
    Open(usize, Box<OpenTable>),
}

/// Handles a key while a session is being started.
pub fn new_key(mut n: NewSession, k: KeyEvent, saves_dir: &Path) -> NewKey {
    n.error = None;
    let plain = !k
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    if n.picking {
        let count = crate::charts::systems().len();
        match k.code {
            KeyCode::Esc => n.picking = false,
            KeyCode::Char(c)
                if c.to_digit(10)
                    .is_some_and(|d| (1..=count).contains(&(d as usize))) =>
            {
                let i = c.to_digit(10).expect("a digit") as usize - 1;
                let id = &crate::charts::systems()[i].meta.id;
                // The command line's `session new` does the same.
                match OpenTable::create(saves_dir, n.name.trim(), id) {
                    Ok(t) => return NewKey::Open(i, Box::new(t)),
                    Err(e) => {
                        n.error = Some(format!("Not started: {e}."));
                        if !matches!(e.kind, session::ErrorKind::File(_)) {
                            n.picking = false;
                        }
                    }
                }
            }
            _ => {}
        }
        return NewKey::Stay(n);
    }
    match k.code {
        KeyCode::Esc => return NewKey::Leave,
        KeyCode::Enter => {
            let name = n.name.trim().to_string();
            match session::new_path_of(saves_dir, &name) {
                Err(e) => n.error = Some(format!("{}.", capitalised(&e.to_string()))),
                Ok(p) if p.exists() => {
                    n.error = Some(format!(
                        "A table session named {name} exists already: its letter on the list \
                         opens it."
                    ))
                }
                Ok(_) => n.picking = true,
            }
        }
        KeyCode::Backspace => {
            n.name.pop();
        }
        KeyCode::Char(c) if plain && n.name.chars().count() < 16 => n.name.push(c),
        _ => {}
    }
    NewKey::Stay(n)
}

/// Draws the new-session screens.
pub fn draw_new(f: &mut Frame, area: Rect, n: &NewSession) {
    let mut lines = vec![
        "A table session keeps one game at the table: the facts that hold from call to".to_string(),
        "call and every call made in it, so that no call asks them again.".into(),
        String::new(),
    ];
    let hint = if n.picking {
        lines.push(format!("Name: {}", n.name.trim()));
        lines.push(String::new());
        lines.push("Which game is it? Press its number:".into());
        lines.push(String::new());
        for (i, sys) in crate::charts::systems().iter().enumerate() {
            lines.extend(fit(&format!("[{}] {}", i + 1, sys.meta.name), WIDTH, 4));
        }
        "Press a number  [Esc] back to the name"
    } else {
        lines.extend(fit(
            "Its name: 1-16 letters, digits, _ or -, not beginning with - (the file is \
             NAME.table).",
            WIDTH,
            0,
        ));
        lines.push(String::new());
        lines.push(format!("Name: {}_", n.name));
        "[Enter] go on to its game  [Backspace] rub out  [Esc] back"
    };
    let error: Vec<String> = n.error.iter().flat_map(|e| fit(e, WIDTH, 0)).collect();
    super::draw::text_rows(
        f,
        area,
        "Solo charts: a new table session",
        &lines,
        0,
        hint,
        TEXT_ROWS - error.len().min(4) - usize::from(!error.is_empty()),
    );
    notice(f, area, &error, style::error());
}

/// Draws `lines` on the rows just above the keys, the last of them on row 22.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub fn notice(f: &mut Frame, area: Rect, lines: &[String], look: ratatui::style::Style) {
    let shown = &lines[lines.len().saturating_sub(4)..];
    for (y, line) in (23 - shown.len() as u16..).zip(shown) {
        put(f, area, 1, y, vec![Span::styled(line.clone(), look)]);
    }
}

/// A session's facts and its last calls, and a fact being changed.
pub struct FactsScreen {
    pub system: usize,
    pub table: Box<OpenTable>,
    /// The fact being changed (its place in [`facts`]) and the answer typed so far.
    pub edit: Option<(usize, String)>,
    /// What the last key did, or why it was refused.
    pub status: Option<String>,
    pub error: bool,
}

/// What a key on the facts screen leads to.
pub enum FactsKey {
    Stay(FactsScreen),
    /// Back to the session's procedures.
    Leave(Box<OpenTable>),
}

/// Handles a key on a session's facts screen.
pub fn facts_key(mut s: FactsScreen, k: KeyEvent) -> FactsKey {
    let all = facts(s.system);
    let plain = !k
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    if let Some((i, mut input)) = s.edit.take() {
        s.status = None;
        s.error = false;
        match k.code {
            KeyCode::Esc => {}
            KeyCode::Enter => {
                let fact = &all[i];
                let value = match input.trim() {
                    "" => Ok(None),
                    t => fact.read(t).map(Some).map_err(|e| e.message),
                };
                match value {
                    Ok(v) => set_fact(&mut s, i, v),
                    Err(why) => {
                        // The refused text is named in the message and cleared, so the next
                        // answer is typed afresh.
                        s.status = Some(if why.contains(input.trim()) {
                            why
                        } else {
                            format!("'{}': {why}", input.trim())
                        });
                        s.error = true;
                        s.edit = Some((i, String::new()));
                    }
                }
            }
            KeyCode::Backspace => {
                input.pop();
                s.edit = Some((i, input));
            }
            KeyCode::Char(c) if plain && input.chars().count() < 30 => {
                input.push(c);
                s.edit = Some((i, input));
            }
            _ => s.edit = Some((i, input)),
        }
        return FactsKey::Stay(s);
    }
    match k.code {
        KeyCode::Esc => return FactsKey::Leave(s.table),
        KeyCode::Char(c) if plain => {
            let c = c.to_ascii_lowercase();
            if let Some(i) = FACT_LETTERS.find(c).filter(|&i| i < all.len()) {
                s.status = None;
                s.error = false;
                s.edit = Some((i, String::new()));
            }
        }
        _ => {}
    }
    FactsKey::Stay(s)
}

/// Sets (or, with `None`, forgets) fact `i` by hand and saves the session whole, as the
/// command line's `session set` and `unset` do: the change is logged, so that `[U]` on the
/// session's screen takes it back; a save that fails leaves the session as it was.
fn set_fact(s: &mut FactsScreen, i: usize, value: Option<Answer>) {
    let fact = &facts(s.system)[i];
    let kept = s.table.session.clone();
    let before = kept.known(fact.id).cloned();
    let change = s.table.session.change_by_hand(fact.id, value.clone());
    let changed = change.is_some();
    // Facts worked out again from this one (Paydirt VII's ahead and behind from a new time
    // or margin), said after it.
    let in_turn = match change.map(|h| h.in_turn(&s.table.session.facts)) {
        Some(also) if !also.is_empty() => format!(" In turn: {}.", also.join(", ")),
        _ => String::new(),
    };
    // A save that failed only at flushing the folder left the change in the file: it stands.
    let mut unflushed = None;
    if changed {
        match s.table.save() {
            Ok(()) => {}
            Err(e) if e.written_unflushed() => unflushed = Some(e),
            Err(e) => {
                s.table.session = kept;
                s.status = Some(format!("Not changed: {e}."));
                s.error = true;
                return;
            }
        }
    }
    let was = match &before {
        Some(a) => format!("it was {}", fact.shown(a)),
        None => "it was not kept".into(),
    };
    let undo = if changed {
        " [U] on the session's screen takes this change back."
    } else {
        " Nothing changed."
    };
    let done = match value {
        Some(a) => format!(
            "Kept: {}: {} ({was}).{in_turn}{undo}",
            fact.id,
            fact.shown(&a)
        ),
        None => format!(
            "Forgotten: {} ({was}); each call asks it again.{in_turn}{undo}",
            fact.id
        ),
    };
    s.error = unflushed.is_some();
    s.status = Some(match unflushed {
        Some(e) => done_unflushed(&done, &e),
        None => done,
    });
}

/// What a change to a table session did (`done`), when its save failed only at flushing the
/// folder (`e`): the change stands, as the file has it, but the disk may not have it yet.
pub fn done_unflushed(done: &str, e: &session::Error) -> String {
    format!(
        "{} ({e}: {}).",
        done.trim_end_matches('.'),
        session::WRITTEN_UNFLUSHED
    )
}

/// Draws a session's facts and last calls, or the fact being changed.
pub fn draw_facts(f: &mut Frame, area: Rect, s: &FactsScreen) {
    let sys = &crate::charts::systems()[s.system];
    let title = facts_title(&sys.meta.name, &sys.meta.id, &s.table.name);
    let status: Vec<String> = s.status.iter().flat_map(|m| fit(m, WIDTH, 0)).collect();
    let look = if s.error {
        style::error()
    } else {
        style::key()
    };
    let rows = TEXT_ROWS - status.len().min(4) - usize::from(!status.is_empty());
    let (lines, hint) = match &s.edit {
        Some((i, input)) => (
            edit_lines(s, &facts(s.system)[*i], input),
            "[Enter] keep this answer  [Backspace] rub out  [Esc] back, nothing changed",
        ),
        None => {
            let mut lines = facts_lines(s, &sys.meta.name);
            last_calls(&mut lines, &s.table.session.log, rows);
            (
                lines,
                "Press a fact's letter to change or forget it  [Esc] back to the session",
            )
        }
    };
    super::draw::text_rows(f, area, &title, &lines, 0, hint, rows);
    notice(f, area, &status, look);
}

/// The fact being changed: what it is, the answers it takes, what the session keeps, and the
/// answer typed so far.
fn edit_lines(s: &FactsScreen, fact: &Fact, input: &str) -> Vec<String> {
    let q = &fact.question;
    let mut lines = fit(&format!("{} ({}).", about(fact), fact.id), WIDTH, 0);
    lines.extend(fit(&format!("Answer {}:", q.allowed()), WIDTH, 2));
    // A choice's options with what each means, where the procedure says.
    if let crate::charts::walk::Kind::Choice { options } = &q.kind {
        for (key, meaning) in options.iter().filter(|(_, m)| !m.is_empty()) {
            lines.extend(fit(&format!("  {key}: {meaning}"), WIDTH, 4));
        }
    }
    lines.push(String::new());
    let now = match s.table.session.known(fact.id) {
        Some(a) => format!("The session keeps: {}.", fact.shown(a)),
        None => "The session does not keep it: each call asks it.".into(),
    };
    lines.extend(fit(&now, WIDTH, 0));
    if s.table.session.known(fact.id).is_some() {
        lines.extend(fit(
            "[Enter] on an empty line forgets it, so that each call asks it again.",
            WIDTH,
            0,
        ));
    }
    lines.push(String::new());
    lines.push(format!("   {input}_"));
    lines
}

/// The system's facts, each with its letter, what the session keeps and whether it is of the
/// situation or standing.
fn facts_lines(s: &FactsScreen, system_name: &str) -> Vec<String> {
    let all = facts(s.system);
    let mut lines = vec![
        "Each call takes these facts instead of asking them, and keeps them up to date.".into(),
        String::new(),
    ];
    if all.is_empty() {
        lines.push(format!(
            "{system_name} keeps no standing facts: every call asks all it needs."
        ));
    }
    for (l, fact) in FACT_LETTERS.chars().zip(all) {
        let value: String = match s.table.session.known(fact.id) {
            Some(a) => a.to_string().chars().take(11).collect(),
            None => "(asked)".into(),
        };
        let kind = match fact.keep {
            Keep::Situation => "situation",
            _ => "standing",
        };
        lines.extend(wrapped_row(
            &format!("[{l}] "),
            &about(fact),
            &format!("{value:<12}{kind:<9}"),
        ));
    }
    lines
}

/// The last calls of the session's log, in the rows of `rows` the lines above leave.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
fn last_calls(lines: &mut Vec<String>, log: &[session::Entry], rows: usize) {
    let room = rows.saturating_sub(lines.len() + 2);
    if log.is_empty() && room > 0 {
        lines.push(String::new());
        lines.push("No calls yet.".into());
    } else if room > 0 {
        lines.push(String::new());
        let first = log.len().saturating_sub(room);
        lines.push(if first == 0 {
            format!("Its {}:", plural(log.len() as u32, "call"))
        } else {
            format!("The last {} of its {} calls:", log.len() - first, log.len())
        });
        for (n, e) in log.iter().enumerate().skip(first) {
            lines.push(row(
                &format!("{:>3}. ", n + 1),
                &format!("{} => {}", e.procedure, e.result),
                "",
            ));
        }
    }
}

/// `text` in at most `room` characters: cut at a word and marked "..." when longer.
pub fn cut_words(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_string();
    }
    let cut: String = text.chars().take(room.saturating_sub(3)).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > 0 => &cut[..i],
        _ => &cut,
    };
    format!("{}...", cut.trim_end_matches([' ', ',', ':', ';']))
}

/// The title of a session's facts screen: the game's name when the whole title fits the
/// row, else its id.
fn facts_title(name: &str, id: &str, session: &str) -> String {
    let title = format!("{name}: table session {session}, its facts");
    if title.chars().count() < 80 {
        return title;
    }
    format!("{}: table session {session}, its facts", capitalised(id))
}

/// A fact on the list: its key, its text beside its value at the right, the words that do
/// not fit there wrapped onto the rows below it (under the text), never cut.
fn wrapped_row(key: &str, text: &str, value: &str) -> Vec<String> {
    let indent = key.chars().count();
    let room = WIDTH.saturating_sub(indent + value.chars().count() + 1);
    let mut first = fit(text, room, 0);
    let rest = first.split_off(1).join(" ");
    let pad = WIDTH.saturating_sub(indent + value.chars().count());
    let mut out = vec![format!("{key}{:<pad$}{value}", first[0])
        .trim_end()
        .to_string()];
    if !rest.is_empty() {
        out.extend(
            fit(&rest, WIDTH - indent, 0)
                .into_iter()
                .map(|l| format!("{:indent$}{l}", "")),
        );
    }
    out
}

/// One line of a list: its key, its text cut to leave room for its value at the right.
fn row(key: &str, text: &str, value: &str) -> String {
    let room = WIDTH.saturating_sub(key.chars().count() + value.chars().count() + 1);
    let text = cut_words(text, room);
    let pad = WIDTH.saturating_sub(key.chars().count() + value.chars().count());
    format!("{key}{text:<pad$}{value}").trim_end().to_string()
}

/// The backup of session file `path`: `NAME.table.bak`.
pub fn backup_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

/// Why session `name` could not be opened, in full: the file, what is wrong, and for a
/// damaged file its backup, when there is one, and whether it reads. Returns the message
/// and whether `[B]` may open the backup.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
pub fn refusal(saves_dir: &Path, name: &str, e: &session::Error) -> (String, bool) {
    // The file and what is wrong; what to do about a backup is this screen's to say.
    let what = match &e.kind {
        session::ErrorKind::Unusable { path, why, .. } => format!("{} {why}", path.display()),
        _ => e.to_string(),
    };
    let said = format!("Table session {name} cannot be opened: {what}.");
    let damaged = matches!(e.kind, session::ErrorKind::Unusable { .. })
        || matches!(&e.kind, session::ErrorKind::File(f) if matches!(f.kind, crate::store::ErrorKind::TooLarge { .. }));
    let Ok(path) = session::path_of(saves_dir, name) else {
        return (said, false);
    };
    if !damaged {
        let more = match &e.kind {
            session::ErrorKind::File(f)
                if matches!(f.kind, crate::store::ErrorKind::Locked { .. }) =>
            {
                " Close it there to play on in it here."
            }
            _ => "",
        };
        return (format!("{said}{more}"), false);
    }
    let bak = backup_of(&path);
    let bak_name = bak
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    if !bak.exists() {
        return (
            format!("{said} It has no backup ({bak_name} is not there)."),
            false,
        );
    }
    match session::read(&bak) {
        Ok(kept) => (
            format!(
                "{said} Its backup {bak_name}, the version before its last save ({}), \
                 reads well: [B] opens it, and the damaged file is kept as {name}.table.bad.",
                plural(kept.log.len() as u32, "call")
            ),
            true,
        ),
        Err(why) => (
            format!("{said} Its backup cannot be used either: {why}."),
            false,
        ),
    }
}

/// Opens session `name` from its backup: the damaged file is moved aside as
/// `NAME.table.bad` (or `.bad.2`, ...: an earlier damaged copy is not replaced), the backup's
/// bytes are written in its place, and the session is opened. Returns it and where the
/// damaged file went.
pub fn open_backup(saves_dir: &Path, name: &str) -> Result<(OpenTable, Option<PathBuf>), String> {
    let path = session::path_of(saves_dir, name).map_err(|e| e.to_string())?;
    let bak = backup_of(&path);
    let moved = {
        let _lock = crate::store::lock::Lock::take(&path).map_err(|e| e.to_string())?;
        if session::read(&path).is_ok() {
            // Mended meanwhile: nothing to put aside.
            None
        } else {
            session::read(&bak).map_err(|e| format!("its backup cannot be used: {e}"))?;
            let bytes = std::fs::read(&bak)
                .map_err(|e| format!("{}: {}", bak.display(), crate::store::plain_io(&e)))?;
            let to = (1..100)
                .map(|n| {
                    let mut s = path.as_os_str().to_owned();
                    s.push(if n == 1 {
                        ".bad".to_string()
                    } else {
                        format!(".bad.{n}")
                    });
                    PathBuf::from(s)
                })
                .find(|p| !p.exists())
                .ok_or("too many damaged copies are kept beside it")?;
            std::fs::rename(&path, &to).map_err(|e| {
                format!(
                    "{} could not be moved aside: {}",
                    path.display(),
                    crate::store::plain_io(&e)
                )
            })?;
            crate::store::atomic::write(&path, &bytes, None).map_err(|e| e.to_string())?;
            Some(to)
        }
    };
    let table = OpenTable::open(saves_dir, name).map_err(|e| e.to_string())?;
    Ok((table, moved))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn system_of(id: &str) -> usize {
        crate::charts::systems()
            .iter()
            .position(|s| s.meta.id == id)
            .expect("a system")
    }

    #[test]
    fn the_facts_screen_lists_the_facts_the_command_line_keeps() {
        for (s, sys) in crate::charts::systems().iter().enumerate() {
            assert_eq!(facts(s), session::facts(sys).as_slice(), "{}", sys.meta.id);
        }
        let pd = system_of("paydirt-vii");
        let blitz = facts(pd).iter().find(|f| f.id == "blitz").unwrap();
        assert_eq!(blitz.read("yes"), Ok(Answer::Bool(true)));
        assert!(blitz.read("nono").unwrap_err().message.contains("'nono'"));
        let ts = system_of("twilight-struggle");
        let war = facts(ts).iter().find(|f| f.id == "war").unwrap();
        assert_eq!(war.shown(&Answer::Choice("mid".into())), "mid (mid war)");
    }

    #[test]
    fn a_fact_is_checked_as_the_walk_checks_it() {
        let ba = system_of("breakaway");
        let tokens = facts(ba).iter().find(|f| f.id == "pass-tokens").unwrap();
        assert_eq!(tokens.read("2"), Ok(Answer::Number(2)));
        let e = tokens.read("-1").unwrap_err().message;
        assert!(e.contains("out of range"), "{e}");
    }

    #[test]
    fn the_status_procedure_is_named_as_the_menu_shows_it() {
        let pd = system_of("paydirt-vii");
        let said = terminal_words(
            pd,
            "(Second half only; the `status` procedure works it out.)",
        );
        assert!(!said.contains('`'), "{said}");
        assert!(said.contains("\"Is the AI ahead or behind\""), "{said}");
    }
}
