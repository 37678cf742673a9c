//! The walk drawn: its title and step, the answers so far, the question or the call and its
//! path, and the keys.

use super::*;
use crate::charts::walk::Question;

/// The first and last rows for the answers and the question (or the call and its path); the
/// error is on the row below, the keys at the bottom.
pub(super) const TOP: u16 = 2;
pub(super) const BOTTOM: u16 = 21;

/// Lines drawn below the answers, each with its column and style.
type Block = Vec<(u16, String, Style)>;

/// Draws the walk: answers so far, then the question (or the call and its path). The
/// question and the call are drawn in full, wrapped to the width; earlier answers give way
/// to them, and a path too long for the screen keeps its last steps, which make the call.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub fn draw(f: &mut Frame, area: Rect, w: &WalkScreen) {
    draw_title(f, area, w);
    // The lines below the answers, and the row they start on when the answers leave room.
    let (block, preferred): (Block, u16) = match (w.walk.question(), w.walk.outcome()) {
        (Some(q), _) => (question_block(w, &q), 12),
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
    let from_session = draw_answers(f, area, w, start);
    for (y, (x, line, look)) in (start..=BOTTOM).zip(block) {
        put(f, area, x, y, vec![Span::styled(line, look)]);
    }
    draw_message(f, area, w, from_session);
    let keys = walk_keys(w);
    put(f, area, 1, 24, vec![Span::styled(keys, style::key())]);
}

/// The title row: the system, the procedure, its step and the question's number.
fn draw_title(f: &mut Frame, area: Rect, w: &WalkScreen) {
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
}

/// The question asked: its prompt, the answers it takes, the session's answer offered, and
/// what is typed so far.
fn question_block(w: &WalkScreen, q: &Question) -> Block {
    let roll = if matches!(q.kind, Kind::Die { .. }) {
        " (or [Enter] to roll)"
    } else {
        ""
    };
    let mut block: Block = fit(&sessions::terminal_words(w.system, &q.prompt), WIDTH, 0)
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
    block
}

/// The answers so far, the latest that fit above row `start` (at most 8), each marked where
/// the session or the call before gave it: whether any the session gave is in sight.
fn draw_answers(f: &mut Frame, area: Rect, w: &WalkScreen, start: u16) -> bool {
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
    (first..answers.len()).any(|i| w.filled(i) == Some(Filled::Session))
}

/// The message rows: the error, what was recorded, a note, or - while answers the session gave
/// are in sight - how to answer one otherwise.
fn draw_message(f: &mut Frame, area: Rect, w: &WalkScreen, from_session: bool) {
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
}

/// The walk's key line: while asking, the keys of an answer; once the call is made, the calls
/// it leads to, a new call, and going back (taking the call back from the session when it
/// is recorded there), in shorter words where the whole line would not fit.
pub(super) fn walk_keys(w: &WalkScreen) -> String {
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
pub(super) fn walk_title(system: &str, procedure: &str, step: Option<&str>, tail: &str) -> String {
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
pub(super) fn history_line(prompt: &str, answer: &Answer, mark: &str) -> String {
    // A long answer (a list of cards) leaves the question its first words at least, and is
    // cut itself, so that the line never shows a question cut to "The...".
    let answer = answer.to_string();
    let most = WIDTH.saturating_sub(HISTORY_QUESTION + 4 + mark.chars().count());
    let answer = format!("{}{mark}", sessions::cut_words(&answer, most));
    let room = WIDTH.saturating_sub(answer.chars().count() + 4);
    format!("{} {answer}", short_question(prompt, room))
}

/// The least room a question keeps on a line of the walk's history.
pub(super) const HISTORY_QUESTION: usize = 34;

/// A question's words in at most `room` characters: whole when they fit, else the sentence
/// that asks (or, with none, the last: what to do), the words around it marked "...", else
/// cut at a word.
pub(super) fn short_question(prompt: &str, room: usize) -> String {
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
