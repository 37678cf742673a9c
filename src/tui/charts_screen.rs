//! The solo charts in the terminal: a system's procedures, and walking one step by step —
//! each question answered by typing (or, for a die, by pressing Enter to let the program
//! roll), with Backspace on an empty line to go back and Ctrl-R to start again — ending in
//! the call and the path that led to it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::match_screen::put;
use super::style;
use crate::charts::walk::{Kind, Walk};

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
        WalkScreen { system, walk: Walk::new(procedure), input: String::new(), error: None, rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

/// The numbered list of a system's procedures.
pub fn procedure_lines(system: usize) -> Vec<String> {
    let sys = &crate::charts::systems()[system];
    let mut lines = vec!["Press a number to walk a procedure:".to_string(), String::new()];
    for (i, p) in sys.procedures.iter().enumerate() {
        lines.push(format!("[{}] {} - {}", i + 1, p.title, p.about));
    }
    lines
}

/// The procedure under a number key, if there is one.
pub fn procedure_key(system: usize, k: KeyEvent) -> Option<usize> {
    let n = crate::charts::systems()[system].procedures.len();
    match k.code {
        KeyCode::Char(c) => c.to_digit(10).map(|d| d as usize).filter(|d| (1..=n).contains(d)).map(|d| d - 1),
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
        KeyCode::Char(c) if !done && w.input.len() < 30 => w.input.push(c),
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

/// Draws the walk: answers so far, then the question (or the call and its path).
pub fn draw(f: &mut Frame, area: Rect, w: &WalkScreen) {
    let sys = &crate::charts::systems()[w.system];
    let title = format!(" {}: {}", sys.meta.name, w.walk.procedure().title);
    put(f, area, 0, 0, vec![Span::styled(format!("{title:<80}"), style::title())]);
    for (y, (id, answer)) in (2..).zip(w.walk.answers().iter().rev().take(8).rev()) {
        put(f, area, 2, y, vec![Span::styled(format!("{id}: {answer}"), style::text())]);
    }
    match (w.walk.question(), w.walk.outcome()) {
        (Some(q), _) => {
            put(f, area, 2, 12, vec![Span::styled(q.prompt.clone(), style::bright())]);
            let roll = if matches!(q.kind, Kind::Die { .. }) { " (or [Enter] to roll)" } else { "" };
            put(f, area, 2, 13, vec![Span::styled(format!("Answer {}{roll}:", q.allowed()), style::text())]);
            put(f, area, 4, 15, vec![Span::styled(format!("{}_", w.input), style::bright())]);
        }
        (None, Some(outcome)) => {
            put(f, area, 2, 11, vec![Span::styled(format!("Call: {}", outcome.result), style::key())]);
            for (i, step) in outcome.path.iter().take(10).enumerate() {
                put(f, area, 2, 12 + i as u16, vec![Span::styled(format!("{step}"), style::text())]);
            }
        }
        _ => {}
    }
    if let Some(e) = &w.error {
        put(f, area, 2, 22, vec![Span::styled(e.clone(), style::error())]);
    }
    put(f, area, 1, 24, vec![Span::styled("[Enter] answer  [Backspace] back a step  [Ctrl-R] restart  [Esc] leave", style::key())]);
}
