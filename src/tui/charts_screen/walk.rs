//! Walking a procedure step by step ([`WalkScreen`]): the answers typed, back and restart,
//! a table session's facts filled in and the finished call recorded in it.

use super::*;

/// A walk through one procedure.
pub struct WalkScreen {
    pub system: usize,
    pub walk: Walk,
    pub input: String,
    pub error: Option<String>,
    pub(super) rng: ChaCha8Rng,
    /// The dice the program rolled in this call, by question: going back (or Ctrl-R) and
    /// rolling again gives the same value, so no result can be fished for. A new call
    /// rolls its own.
    pub(super) rolled: std::collections::BTreeMap<String, i64>,
    /// Esc was pressed once on a walk with answers: a second Esc leaves.
    pub(super) leaving: bool,
    /// The table session the walk plays in, if any: it answers what it knows, and the call
    /// is recorded in it when made.
    pub table: Option<Box<OpenTable>>,
    /// Whether the finished call is recorded, and where.
    pub recorded: Option<String>,
    /// The number of the call in the session's log, once recorded there.
    pub(super) recorded_call: Option<usize>,
    /// What the last key did, when it is not an error.
    pub(super) note: Option<String>,
    /// What the call before carried over into this one (a chained call).
    pub(super) given: Vec<(String, Answer)>,
    /// Where each answer taken without typing came from, by its place in the answers.
    pub(super) filled: std::collections::BTreeMap<usize, Filled>,
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
    /// keeps but asks on every call (Paydirt's time and score): `[Enter]` with nothing typed
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
    pub(super) fn chain(&mut self, i: usize) -> bool {
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
    pub(super) fn start_again(&mut self) {
        self.walk.restart();
        self.input.clear();
        self.filled.clear();
        self.recorded = None;
        self.fill_known();
    }

    /// Answers what the table session knows, then records the call once it is made.
    pub(super) fn fill_known(&mut self) {
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
    pub(super) fn saved_call(
        &mut self,
        changed: &[session::Change],
        saved: Result<(), session::Error>,
    ) {
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

/// The characters of a typed answer a row shows (indent 4, room for the cursor).
pub const TEXT_ROW: usize = WIDTH - 6;

/// Longest answer typed to a question: a list (tiles, piles, a discard pile's cards, shares)
/// runs on over four rows; a number, a yes/no or a key needs far less.
pub const TEXT_INPUT: usize = 4 * TEXT_ROW;

pub(super) fn input_limit(w: &WalkScreen) -> usize {
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

#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
pub(super) fn walk_key_inner(w: &mut WalkScreen, k: KeyEvent) -> bool {
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
pub(super) fn walk_unflushed(done: &str, e: &session::Error) -> String {
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
pub(super) fn walk_failed(what: &str, e: &session::Error) -> String {
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

pub(super) fn take_back(w: &mut WalkScreen) {
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

pub(super) fn submit(w: &mut WalkScreen) {
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
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
pub(super) fn outcome_lines(result: &str, path: &[Step]) -> (Vec<String>, Vec<String>) {
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
