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

use super::draw::{fit, TEXT_ROWS, TEXT_WIDTH as WIDTH};
use super::match_screen::put;
use super::style;
use crate::charts::walk::{Kind, Step, Walk};
use crate::engine::score::plural;

/// Where the charts stand on screen.
pub enum ChartsScreen {
    /// The list of systems.
    Systems { lines: Vec<String>, scroll: usize },
    /// One system's summary and charts.
    System {
        system: usize,
        lines: Vec<String>,
        scroll: usize,
    },
    /// A system's procedures, to pick one to walk.
    Procedures { system: usize },
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

/// The charts as [C] opens them: the list of systems.
pub fn open() -> ChartsScreen {
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
    ChartsScreen::Systems { lines, scroll: 0 }
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
                .flat_map(|l| fit(l, WIDTH, 4)),
        );
    }
    lines
}

fn system_screen(system: usize) -> ChartsScreen {
    ChartsScreen::System {
        system,
        lines: system_lines(system),
        scroll: 0,
    }
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

/// Handles a key on the charts screens; `None` when the user leaves them for the main menu.
pub fn key(screen: ChartsScreen, k: KeyEvent, env: &Env) -> Option<ChartsScreen> {
    let count = crate::charts::systems().len();
    let digit = match k.code {
        KeyCode::Char(c) => c.to_digit(10).map(|d| d as usize),
        _ => None,
    };
    Some(match screen {
        ChartsScreen::Systems { .. } if digit.is_some_and(|d| (1..=count).contains(&d)) => {
            system_screen(digit.expect("a digit") - 1)
        }
        ChartsScreen::Systems { .. } if matches!(k.code, KeyCode::Esc | KeyCode::Enter) => {
            return None
        }
        ChartsScreen::Systems { lines, scroll } => ChartsScreen::Systems {
            scroll: scrolled(scroll, k.code, lines.len(), TEXT_ROWS),
            lines,
        },
        ChartsScreen::System { system, .. } if matches!(k.code, KeyCode::Char('w' | 'W')) => {
            ChartsScreen::Procedures { system }
        }
        ChartsScreen::System { .. } if k.code == KeyCode::Esc => open(),
        ChartsScreen::System {
            system,
            lines,
            scroll,
        } => ChartsScreen::System {
            system,
            scroll: scrolled(scroll, k.code, lines.len(), TEXT_ROWS),
            lines,
        },
        ChartsScreen::Procedures { system } => match (procedure_key(system, k), k.code) {
            (Some(p), _) => {
                let seed = env.seed.unwrap_or_else(crate::seed::clock_seed);
                ChartsScreen::Walk(Box::new(WalkScreen::new(system, p, seed)))
            }
            (None, KeyCode::Esc) => system_screen(system),
            _ => ChartsScreen::Procedures { system },
        },
        ChartsScreen::Walk(mut w) => match walk_key(&mut w, k) {
            true => ChartsScreen::Walk(w),
            false => ChartsScreen::Procedures { system: w.system },
        },
    })
}

/// Draws whichever charts screen is showing.
pub fn draw_screen(f: &mut Frame, area: Rect, screen: &ChartsScreen) {
    match screen {
        ChartsScreen::Systems { lines, scroll } => text(
            f,
            area,
            "Solo charts of other games",
            lines,
            *scroll,
            "[Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
        ),
        ChartsScreen::System {
            system,
            lines,
            scroll,
        } => text(
            f,
            area,
            &crate::charts::systems()[*system].meta.name,
            lines,
            *scroll,
            "[Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
        ),
        ChartsScreen::Procedures { system } => text(
            f,
            area,
            &format!(
                "{}: procedures",
                crate::charts::systems()[*system].meta.name
            ),
            &procedure_lines(*system),
            0,
            "Press a number  [Esc] back",
        ),
        ChartsScreen::Walk(w) => draw(f, area, w),
    }
}

/// A page of text under a title, scrolled, with the keys (and where the page is) below.
fn text(f: &mut Frame, area: Rect, title: &str, lines: &[String], scroll: usize, hint: &str) {
    let rows = TEXT_ROWS;
    put(
        f,
        area,
        0,
        0,
        vec![Span::styled(format!(" {title:<79}"), style::title())],
    );
    let scroll = scroll.min(lines.len().saturating_sub(rows));
    for (i, line) in lines.iter().skip(scroll).take(rows).enumerate() {
        put(
            f,
            area,
            1,
            2 + i as u16,
            vec![Span::styled(line.clone(), style::text())],
        );
    }
    let more = if lines.len() > rows {
        format!(
            "  ({}-{} of {})",
            scroll + 1,
            (scroll + rows).min(lines.len()),
            lines.len()
        )
    } else {
        String::new()
    };
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(format!("{hint}{more}"), style::key())],
    );
}

/// A walk through one procedure.
pub struct WalkScreen {
    pub system: usize,
    pub walk: Walk,
    pub input: String,
    pub error: Option<String>,
    rng: ChaCha8Rng,
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
        }
    }
}

/// The numbered list of a system's procedures.
pub fn procedure_lines(system: usize) -> Vec<String> {
    let sys = &crate::charts::systems()[system];
    let mut lines = vec![
        "Press a number to walk a procedure:".to_string(),
        String::new(),
    ];
    for (i, p) in sys.procedures.iter().enumerate() {
        let number = format!("[{}] ", i + 1);
        lines.extend(fit(
            &format!("{number}{} - {}", p.title, p.about),
            WIDTH,
            number.len(),
        ));
    }
    lines
}

/// The procedure under a number key, if there is one.
pub fn procedure_key(system: usize, k: KeyEvent) -> Option<usize> {
    let n = crate::charts::systems()[system].procedures.len();
    match k.code {
        KeyCode::Char(c) => c
            .to_digit(10)
            .map(|d| d as usize)
            .filter(|d| (1..=n).contains(d))
            .map(|d| d - 1),
        _ => None,
    }
}

/// Handles a key; returns false when the user leaves the walk.
pub fn walk_key(w: &mut WalkScreen, k: KeyEvent) -> bool {
    w.error = None;
    let done = w.walk.question().is_none();
    match k.code {
        KeyCode::Esc => return false,
        KeyCode::Char('r') if k.modifiers.contains(KeyModifiers::CONTROL) => {
            w.walk.restart();
            w.input.clear();
        }
        KeyCode::Enter if done => w.walk.restart(),
        KeyCode::Enter => submit(w),
        KeyCode::Backspace if w.input.is_empty() => {
            w.walk.back();
        }
        KeyCode::Backspace => {
            w.input.pop();
        }
        KeyCode::Char(c)
            if !done
                && w.input.len() < 30
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

fn submit(w: &mut WalkScreen) {
    let is_die = matches!(w.walk.question().map(|q| q.kind), Some(Kind::Die { .. }));
    let result = if w.input.trim().is_empty() && is_die {
        w.walk.roll(&mut w.rng).map(|_| ())
    } else {
        w.walk.answer_text(&w.input)
    };
    match result {
        Ok(()) => w.input.clear(),
        Err(e) => w.error = Some(e.message),
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
    let title = format!(" {}: {}", sys.meta.name, w.walk.procedure().title);
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
                let mut block: Vec<_> = fit(&q.prompt, WIDTH, 0)
                    .into_iter()
                    .map(|l| (2, l, style::bright()))
                    .collect();
                block.extend(
                    fit(&format!("Answer {}{roll}:", q.allowed()), WIDTH, 2)
                        .into_iter()
                        .map(|l| (2, l, style::text())),
                );
                block.push((2, String::new(), style::text()));
                block.push((4, format!("{}_", w.input), style::bright()));
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
    let answers = w.walk.answers();
    let shown = answers
        .len()
        .min(usize::from(start.saturating_sub(TOP + 1)))
        .min(8);
    for (y, (id, answer)) in (TOP..).zip(&answers[answers.len() - shown..]) {
        put(
            f,
            area,
            2,
            y,
            vec![Span::styled(format!("{id}: {answer}"), style::text())],
        );
    }
    for (y, (x, line, look)) in (start..=BOTTOM).zip(block) {
        put(f, area, x, y, vec![Span::styled(line, look)]);
    }
    if let Some(e) = &w.error {
        put(
            f,
            area,
            2,
            22,
            vec![Span::styled(e.clone(), style::error())],
        );
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "[Enter] answer  [Backspace] back a step  [Ctrl-R] restart  [Esc] leave",
            style::key(),
        )],
    );
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
        assert!(rows[24].contains("[Ctrl-R] restart"));
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
                    text.contains(&words(&format!("[{}] {} - {}", i + 1, p.title, p.about))),
                    "{}:\n{text}",
                    p.about
                );
            }
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
