//! Table sessions: one game at the table, kept between calls in a file of its own. A session
//! holds the game's kept facts - standing ones (ratings, tokens, cards in effect, who holds the
//! China card, the war period) and the situation (ahead or behind, the quarter, the cards
//! left): the answers to the questions its procedures mark as kept - and a log of every call
//! with its answers and the dice rolled or given. A call made in a session takes the facts it
//! needs from it instead of asking again (the front end shows that it did), keeps the answers
//! the person gave, and leaves the facts as the procedure says (a token spent, a card passed
//! on, the status worked out); a fact changed by hand (`session set` / `unset`, the terminal's
//! facts screen) is logged too, and `undo` takes back the last call or change, facts and all.
//! [`fact`] is the one definition of a fact a session keeps: what it is, the question that
//! asks it and the check of a value, for the command line and the terminal alike.
//!
//! The file is kept by [`crate::store`]: written whole or not at all with the last version
//! as `NAME.table.bak`, in a checksummed, versioned envelope, and locked against a second
//! program from reading to writing. This module owns what the bytes mean.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::walk::{
    check, parse_answer, Answer, Keep, Kind, Outcome, Param, ParamKind, Procedure, Question, Walk,
    WalkError,
};
use super::SystemDef;
use crate::store::{self, envelope, lock::Lock};

/// The envelope of a table session file.
pub const KIND: envelope::Kind = envelope::Kind {
    tag: b"ACCCTABL",
    version: 1,
    max_bytes: LIMIT,
};

/// The largest session file read (a long game's log is well under this).
const LIMIT: u64 = 16 << 20;

/// One call in a session's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The procedure's id.
    pub procedure: String,
    /// Every answer the call took, dice included, in order.
    pub answers: Vec<(String, Answer)>,
    /// The call.
    pub result: String,
    /// Its fields, as `call --json` prints them.
    pub fields: Map<String, Value>,
    /// The facts as they stood before the call, for `undo`.
    pub facts_before: BTreeMap<String, Answer>,
}

/// A fact changed by hand, in a session's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandChange {
    /// The fact's id.
    pub fact: String,
    /// Its new value; none: forgotten.
    pub after: Option<Answer>,
    /// The facts as they stood before the change, for `undo`.
    pub facts_before: BTreeMap<String, Answer>,
    /// The number of calls in the log when it was made: it comes after those calls and
    /// before the next.
    pub calls: usize,
}

impl HandChange {
    /// The other facts the change changed in turn, in words (Paydirt VII's `behind` and
    /// `ahead`, worked out again from a new time or margin, or forgotten to be asked), against
    /// the facts `now`: `behind: no (was yes)`, `ahead: forgotten (was no)`.
    pub fn in_turn(&self, now: &BTreeMap<String, Answer>) -> Vec<String> {
        let before = &self.facts_before;
        let keys: std::collections::BTreeSet<&String> = before.keys().chain(now.keys()).collect();
        keys.into_iter()
            .filter(|k| **k != self.fact && before.get(*k) != now.get(*k))
            .map(|k| {
                let was = match before.get(k) {
                    Some(a) => format!("was {a}"),
                    None => "new".into(),
                };
                match now.get(k) {
                    Some(a) => format!("{k}: {a} ({was})"),
                    None => format!("{k}: forgotten ({was})"),
                }
            })
            .collect()
    }

    /// The change in words: `war: mid (was early)`, `war: forgotten (was mid)`.
    pub fn said(&self) -> String {
        let was = match self.facts_before.get(&self.fact) {
            Some(a) => format!("was {a}"),
            None => "new".into(),
        };
        match &self.after {
            Some(a) => format!("{}: {a} ({was})", self.fact),
            None => format!("{}: forgotten ({was})", self.fact),
        }
    }
}

/// What `undo` took back: a call, or a fact changed by hand.
#[derive(Debug, Clone, PartialEq)]
pub enum Undone {
    Call(Entry),
    Hand(HandChange),
}

/// A game at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableSession {
    /// The system's id.
    pub system: String,
    /// The standing facts: question id to answer.
    pub facts: BTreeMap<String, Answer>,
    /// Every call, oldest first.
    pub log: Vec<Entry>,
    /// Every fact changed by hand, oldest first, each placed among the calls by its `calls`
    /// (a file written before hand changes were logged has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<HandChange>,
}

impl TableSession {
    /// A new session of `system`, with no facts and no calls.
    pub fn new(system: &str) -> TableSession {
        TableSession {
            system: system.to_string(),
            facts: BTreeMap::new(),
            log: Vec::new(),
            hand: Vec::new(),
        }
    }

    /// The kept fact that answers question `id`, if the session knows it.
    pub fn known(&self, id: &str) -> Option<&Answer> {
        self.facts.get(id)
    }

    /// The kept fact that answers question `id` of procedure `p`: only a question `p` marks
    /// as kept (standing or situation) is answered from the session, and not one it asks on
    /// every call all the same, nor one the game's rules ask again for now (see
    /// [`TableSession::offered_for`]).
    pub fn known_for(&self, p: &Procedure, id: &str) -> Option<&Answer> {
        let kept = p
            .params
            .iter()
            .any(|x| x.kept() && !x.each_call && x.name == id);
        (kept && !self.asked_again(id))
            .then(|| self.facts.get(id))
            .flatten()
    }

    /// The kept fact a question `id` of procedure `p` asks on every call is offered as: the
    /// session's last answer, for the person to confirm or replace (Paydirt's time and score,
    /// which change between two `status` calls).
    pub fn offered_for(&self, p: &Procedure, id: &str) -> Option<&Answer> {
        let offered = p
            .params
            .iter()
            .any(|x| x.kept() && (x.each_call || self.asked_again(x.name)) && x.name == id);
        offered.then(|| self.facts.get(id)).flatten()
    }

    /// Whether the kept fact `id` is asked again for now, as the game's rules say, though
    /// the session holds it (Paydirt VII's ahead or behind worked out in the first half: see
    /// [`super::paydirt7::asked_again`]).
    fn asked_again(&self, id: &str) -> bool {
        self.system == super::paydirt7::SYSTEM_ID && super::paydirt7::asked_again(id, &self.facts)
    }

    /// Records a finished call whose every answer was given by the person or the session (a
    /// walk on the terminal): the kept answers become facts, then the facts the procedure
    /// itself changes. Returns the facts that changed.
    pub fn record(
        &mut self,
        p: &Procedure,
        answers: &[(String, Answer)],
        outcome: &Outcome,
    ) -> Vec<Change> {
        self.record_kept(p, answers, answers, outcome)
    }

    /// Records a finished call: `log` is what the log keeps (every answer the call took, and
    /// only the dice really rolled or given), `given` the answers the person gave (on the
    /// command line, or carried from the call before): those the procedure keeps become facts,
    /// and a yes to a flag that excludes others makes those no. Answers nobody gave (a
    /// default, `--others-no`) never become facts. Then the facts the procedure itself changes.
    /// Returns the facts that changed.
    pub fn record_kept(
        &mut self,
        p: &Procedure,
        log: &[(String, Answer)],
        given: &[(String, Answer)],
        outcome: &Outcome,
    ) -> Vec<Change> {
        let before = self.facts.clone();
        for (id, a) in given {
            let Some(param) = p.params.iter().find(|x| x.kept() && x.name == id.as_str()) else {
                continue;
            };
            self.facts.insert(id.clone(), a.clone());
            if *a == Answer::Bool(true) {
                for other in param.conflicts {
                    if p.params.iter().any(|x| x.kept() && x.name == *other) {
                        self.facts.insert(other.to_string(), Answer::Bool(false));
                    }
                }
            }
        }
        for (id, a) in &outcome.updates {
            self.facts.insert(id.clone(), a.clone());
        }
        // Breakaway: each AI defence call is one of your plays, one card off your clock.
        if self.system == super::breakaway::SYSTEM_ID && p.id == "defense" {
            super::breakaway::count_play(&mut self.facts);
        }
        // Undaunted: a new round deals a new hand (its initiative is rolled from round 2), so
        // what the last hand answered is asked again, or given by `order` of the new hand.
        if self.system == super::undaunted::SYSTEM_ID && p.id == "initiative" {
            for fact in super::undaunted::HAND_FACTS {
                self.facts.remove(fact);
            }
        }
        // Breakaway: each AI offence call is one play on its Spent Plays pile, for `clock`.
        if self.system == super::breakaway::SYSTEM_ID && p.id == "offense" {
            super::breakaway::count_spent(&mut self.facts);
        }
        let changes = changes(&before, &self.facts);
        self.log.push(Entry {
            procedure: p.id.to_string(),
            answers: log.to_vec(),
            result: outcome.result.clone(),
            fields: outcome.fields.clone(),
            facts_before: before,
        });
        changes
    }

    /// Takes back the last call or change by hand, whichever came last, restoring the facts
    /// exactly as they stood before it.
    pub fn undo(&mut self) -> Option<Undone> {
        if self.hand.last().is_some_and(|h| h.calls >= self.log.len()) {
            let h = self.hand.pop().expect("a change by hand");
            self.facts = h.facts_before.clone();
            return Some(Undone::Hand(h));
        }
        self.undo_call().map(Undone::Call)
    }

    /// Takes back the last call, when nothing was changed by hand after it (a call just
    /// recorded whose save failed, or that the person takes back at once).
    pub fn undo_call(&mut self) -> Option<Entry> {
        if self.hand.last().is_some_and(|h| h.calls >= self.log.len()) {
            return None;
        }
        let e = self.log.pop()?;
        self.facts = e.facts_before.clone();
        Some(e)
    }

    /// Sets or clears a kept fact without logging it (building a session, or a test).
    pub fn set(&mut self, id: &str, answer: Option<Answer>) {
        match answer {
            Some(a) => self.facts.insert(id.to_string(), a),
            None => self.facts.remove(id),
        };
    }

    /// Sets or forgets a kept fact by hand, logged for `undo`. Returns the change, or `None`
    /// when the fact already stood so (nothing changes, nothing is logged).
    pub fn change_by_hand(&mut self, id: &str, answer: Option<Answer>) -> Option<HandChange> {
        if self.facts.get(id) == answer.as_ref() {
            return None;
        }
        let h = HandChange {
            fact: id.to_string(),
            after: answer.clone(),
            facts_before: self.facts.clone(),
            calls: self.log.len(),
        };
        self.set(id, answer);
        if self.system == super::paydirt7::SYSTEM_ID {
            super::paydirt7::restate(id, &mut self.facts);
        }
        self.hand.push(h.clone());
        Some(h)
    }

    /// The facts and the log as text: each fact with its kind (standing or situation).
    pub fn describe(&self) -> String {
        let sys = super::system(&self.system);
        let mut s = format!("system: {}\nfacts:\n", self.system);
        if self.facts.is_empty() {
            s.push_str("  (none yet)\n");
        }
        for (k, v) in &self.facts {
            let kind = sys
                .and_then(|sys| kept_params(sys).into_iter().find(|x| x.name == k.as_str()))
                .map_or("", |x| x.keep.as_str());
            s.push_str(&format!("  {k}: {v}"));
            if !kind.is_empty() {
                s.push_str(&format!(" ({kind})"));
            }
            s.push('\n');
        }
        s.push_str(&format!("calls: {}", self.log.len()));
        if !self.hand.is_empty() {
            s.push_str(&format!("; changes by hand: {}", self.hand.len()));
        }
        s.push('\n');
        let by_hand = |s: &mut String, after: usize| {
            for h in self.hand.iter().filter(|h| h.calls == after) {
                s.push_str(&format!("     by hand: {}\n", h.said()));
            }
        };
        by_hand(&mut s, 0);
        for (i, e) in self.log.iter().enumerate() {
            let dice: Vec<String> = e
                .answers
                .iter()
                .filter_map(|(id, a)| match a {
                    Answer::Die { value, .. } => Some(format!("{id} {value}")),
                    _ => None,
                })
                .collect();
            s.push_str(&format!("  {}. {} => {}", i + 1, e.procedure, e.result));
            if !dice.is_empty() {
                s.push_str(&format!(" [{}]", dice.join(", ")));
            }
            s.push('\n');
            by_hand(&mut s, i + 1);
        }
        s
    }
}

/// A fact a call changed: its question id, the answer before (none: not kept) and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub id: String,
    pub before: Option<Answer>,
    pub after: Answer,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.before {
            None => write!(f, "{}: {} (new)", self.id, self.after),
            Some(b) => write!(f, "{}: {} (was {b})", self.id, self.after),
        }
    }
}

fn changes(before: &BTreeMap<String, Answer>, after: &BTreeMap<String, Answer>) -> Vec<Change> {
    after
        .iter()
        .filter(|(k, v)| before.get(*k) != Some(*v))
        .map(|(k, v)| Change {
            id: k.clone(),
            before: before.get(k).cloned(),
            after: v.clone(),
        })
        .collect()
}

/// The facts a session of `sys` can keep: the kept parameters of its procedures, one per
/// name (the first procedure's wording), in the order the procedures declare them. `help` is
/// the fact's meaning, `keep` its kind, `kind` the values it takes.
pub fn kept_params(sys: &SystemDef) -> Vec<&'static Param> {
    let mut out: Vec<&'static Param> = Vec::new();
    for p in sys.procedures {
        for x in p.params.iter().filter(|x| x.kept()) {
            if !out.iter().any(|o| o.name == x.name) {
                out.push(x);
            }
        }
    }
    out
}

/// A fact a session of a game can keep, as every front end sees it: its id, its kind
/// (standing or situation), its meaning, and the question that asks it - yes/no, a number
/// within the range its procedures allow, or one of the options any of its procedures offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    /// The question's id, the flag's name on the command line.
    pub id: &'static str,
    /// Standing (true for the game) or the situation (true for a few calls).
    pub keep: Keep,
    /// What the fact is, in words (its flag's help).
    pub help: &'static str,
    /// The question that asks it: the kind of answer, its bounds, its options.
    pub question: Question,
}

impl Fact {
    /// Reads `input` as this fact's value, checked as a walk checks an answer to its
    /// question (and refused in the walk's words).
    pub fn read(&self, input: &str) -> Result<Answer, WalkError> {
        parse_answer(&self.question, input).and_then(|a| self.check(a))
    }

    /// Checks a value for this fact as a walk checks an answer to its question.
    pub fn check(&self, answer: Answer) -> Result<Answer, WalkError> {
        check(&self.question, answer)
    }

    /// A value in words: a choice's meaning beside its key.
    pub fn shown(&self, a: &Answer) -> String {
        if let (Kind::Choice { options }, Answer::Choice(c)) = (&self.question.kind, a) {
            if let Some((_, about)) = options.iter().find(|(k, _)| k == c) {
                if !about.is_empty() && !about.eq_ignore_ascii_case(c) {
                    return format!("{c} ({about})");
                }
            }
        }
        a.to_string()
    }
}

/// The fact `id` a session of `sys` keeps, or `None` when its procedures keep no such fact
/// (or keep it as a die or free text, which no session holds).
pub fn fact(sys: &SystemDef, id: &str) -> Option<Fact> {
    let params: Vec<&'static Param> = sys
        .procedures
        .iter()
        .flat_map(|p| p.params.iter())
        .filter(|x| x.kept() && x.name == id)
        .collect();
    let first = *params.first()?;
    let kind = match first.kind {
        ParamKind::Flag => Kind::YesNo,
        ParamKind::Number { .. } => {
            let (min, max) = first.range.unwrap_or((i64::MIN, i64::MAX));
            Kind::Number { min, max }
        }
        ParamKind::Choice { .. } => {
            let mut options: Vec<(String, String)> = Vec::new();
            for x in &params {
                let ParamKind::Choice { options: keys, .. } = x.kind else {
                    continue;
                };
                for key in keys {
                    if options.iter().any(|(k, _)| k == key) {
                        continue;
                    }
                    let about = x.meanings.iter().find(|(k, _)| k == key);
                    options.push((key.to_string(), about.map_or("", |a| a.1).to_string()));
                }
            }
            Kind::Choice { options }
        }
        ParamKind::Die | ParamKind::Text => return None,
    };
    Some(Fact {
        id: first.name,
        keep: first.keep,
        help: first.help,
        question: Question {
            id: first.name.to_string(),
            prompt: first.help.to_string(),
            kind,
            step: None,
            names: first
                .names
                .iter()
                .map(|(n, k)| (n.to_string(), k.to_string()))
                .collect(),
        },
    })
}

/// Every fact a session of `sys` can keep, in the order its procedures declare them.
pub fn facts(sys: &SystemDef) -> Vec<Fact> {
    kept_params(sys)
        .iter()
        .filter_map(|x| fact(sys, x.name))
        .collect()
}

/// Answers every question of `walk` that the session knows and the procedure keeps, as long
/// as the next question is one of them; stops at the first it does not know (or whose known
/// answer the procedure refuses, which is then asked). Returns the ids answered this way, for
/// the front end to show as taken from the session.
pub fn fill_known(walk: &mut Walk, session: &TableSession) -> Vec<String> {
    let p = walk.procedure();
    let from = walk.answers().len();
    walk.fill(|id| session.known_for(p, id).cloned());
    walk.answers()[from..]
        .iter()
        .map(|(id, _)| id.clone())
        .collect()
}

/// What went wrong with a session.
#[derive(Debug)]
pub struct Error {
    pub kind: ErrorKind,
}

/// The kinds of session error.
#[derive(Debug)]
pub enum ErrorKind {
    /// The name is not 1-16 letters, digits, `_` or `-`.
    BadName(String),
    /// A new session's name begins with `-`, which a command line would take for an option
    /// (a file so named by an earlier version is still opened).
    LeadingHyphen(String),
    /// A session of that name exists already.
    Exists(String),
    /// Reading, locking or writing the file failed.
    File(store::Error),
    /// The file is not a usable session (damaged, foreign, too new); `backup` is the last
    /// version before it, when one is there to go back to, with what it holds: its calls and
    /// changes by hand, or why it cannot be used either.
    Unusable {
        path: PathBuf,
        why: String,
        backup: Option<PathBuf>,
        backup_holds: Option<Result<(usize, usize), String>>,
    },
    /// The session is of another system than the call.
    OtherSystem { session: String, call: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::BadName(n) => write!(
                f,
                "'{n}' is not a session name: use 1-16 letters, digits, _ or -, not beginning \
                 with -"
            ),
            ErrorKind::LeadingHyphen(n) => write!(
                f,
                "'{n}' cannot name a new session: it begins with '-', which a command line \
                 would take for an option"
            ),
            ErrorKind::Exists(n) => write!(f, "a table session named {n} exists already"),
            ErrorKind::File(e) => write!(f, "{e}"),
            ErrorKind::Unusable {
                path,
                why,
                backup,
                backup_holds,
            } => {
                write!(f, "{} {why}", path.display())?;
                let Some(bak) = backup else {
                    return Ok(());
                };
                match backup_holds {
                    Some(Err(why)) => {
                        write!(
                            f,
                            "; its backup {} cannot be used either: {why}",
                            bak.display()
                        )
                    }
                    holds => {
                        write!(
                            f,
                            "; a backup is at {}; copy it over {} to go back to it",
                            bak.display(),
                            path.display()
                        )?;
                        if let Some(Ok((calls, hand))) = holds {
                            let hand = match hand {
                                0 => String::new(),
                                1 => " and 1 change by hand".into(),
                                n => format!(" and {n} changes by hand"),
                            };
                            let calls = match calls {
                                1 => "1 call".to_string(),
                                n => format!("{n} calls"),
                            };
                            write!(
                                f,
                                " (the version before the last save, with {calls}{hand}: what \
                                 that save added is not in it)"
                            )?;
                        }
                        Ok(())
                    }
                }
            }
            ErrorKind::OtherSystem { session, call } => {
                write!(f, "the session is a game of {session}, not {call}")
            }
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The session's file the error is about, when it names one.
    pub fn path(&self) -> Option<&Path> {
        match &self.kind {
            ErrorKind::File(e) => Some(&e.path),
            ErrorKind::Unusable { path, .. } => Some(path),
            _ => None,
        }
    }
}

impl From<store::Error> for Error {
    fn from(e: store::Error) -> Self {
        Error {
            kind: ErrorKind::File(e),
        }
    }
}

fn err(kind: ErrorKind) -> Error {
    Error { kind }
}

/// What a save of a table session that failed only at flushing its folder means: the new
/// version is in place ([`Error::written_unflushed`]).
pub const WRITTEN_UNFLUSHED: &str =
    "the table session was written, but the disk may not have it yet";

impl Error {
    /// Whether the session was written and only flushing its folder failed after the new
    /// version was in place: the file holds the change, which is not to be taken back.
    pub fn written_unflushed(&self) -> bool {
        matches!(&self.kind, ErrorKind::File(f) if f.in_place_unflushed())
    }
}

/// The folder of the table sessions in a saves folder.
pub fn folder(saves_dir: &Path) -> PathBuf {
    saves_dir.join("charts")
}

/// The file of session `name`, after checking the name.
pub fn path_of(saves_dir: &Path, name: &str) -> Result<PathBuf, Error> {
    let ok = (1..=16).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !ok {
        return Err(err(ErrorKind::BadName(name.to_string())));
    }
    Ok(folder(saves_dir).join(format!("{name}.table")))
}

/// The file of a new session `name`: [`path_of`]'s check, and no name beginning with `-`
/// (`accc charts session show -x` would read it as an option). A file so named by an earlier
/// version is still opened by [`path_of`], and named after `--` on the command line.
pub fn new_path_of(saves_dir: &Path, name: &str) -> Result<PathBuf, Error> {
    let path = path_of(saves_dir, name)?;
    if name.starts_with('-') {
        return Err(err(ErrorKind::LeadingHyphen(name.to_string())));
    }
    Ok(path)
}

fn backup_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".bak");
    PathBuf::from(s)
}

/// Reads a session file; one that cannot be used is told with its backup, if there is one,
/// and what the backup holds.
pub fn read(path: &Path) -> Result<TableSession, Error> {
    read_as(path, true)
}

fn read_as(path: &Path, with_backup: bool) -> Result<TableSession, Error> {
    let bytes = store::read::read_regular(path, LIMIT)?;
    let unusable = |why: String| {
        let bak = backup_of(path);
        let backup = (with_backup && bak.is_file()).then_some(bak);
        let backup_holds = backup.as_ref().map(|bak| {
            read_as(bak, false)
                .map(|s| (s.log.len(), s.hand.len()))
                .map_err(|e| match e.kind {
                    ErrorKind::Unusable { why, .. } => format!("it {why}"),
                    _ => e.to_string(),
                })
        });
        err(ErrorKind::Unusable {
            path: path.to_path_buf(),
            why,
            backup,
            backup_holds,
        })
    };
    let (_, payload) = envelope::unwrap(KIND, &bytes).map_err(|p| unusable(p.to_string()))?;
    let mut session: TableSession = serde_json::from_slice(payload)
        .map_err(|e| unusable(format!("is damaged: its contents do not read ({e})")))?;
    upgrade(&mut session);
    Ok(session)
}

/// The fact Breakaway kept for two questions until they were kept apart: the charts the AI's
/// defence reads (sample or own) and the sheet its offence reads (fire or own).
const OLD_SHEET: &str = "sheet";

/// Brings a session written by an earlier version up to date: Breakaway's one `sheet` fact
/// goes to the fact its value belongs to (`sample` the defence's, `fire` the offence's), and
/// `own`, which both take, to the side of the last call that answered the old question - or
/// nowhere when no call did (then it is asked again). The facts before each call and each
/// change by hand are brought up to date the same way, so that `undo` restores facts this
/// version knows.
fn upgrade(session: &mut TableSession) {
    use super::breakaway::{DEFENSE_SHEET, OFFENSE_SHEET};
    if session.system != "breakaway" {
        return;
    }
    let last_side = session.log.iter().rev().find_map(|e| {
        e.answers
            .iter()
            .any(|(id, _)| id == OLD_SHEET)
            .then_some(e.procedure.as_str())
    });
    let own = match last_side {
        Some("defense") => Some(DEFENSE_SHEET),
        Some("offense") => Some(OFFENSE_SHEET),
        _ => None,
    };
    let fact_of = |a: &Answer| match a {
        Answer::Choice(c) if c == "sample" => Some(DEFENSE_SHEET),
        Answer::Choice(c) if c == "fire" => Some(OFFENSE_SHEET),
        Answer::Choice(c) if c == "own" => own,
        _ => None,
    };
    let mend = |facts: &mut BTreeMap<String, Answer>| {
        if let Some(a) = facts.remove(OLD_SHEET) {
            if let Some(id) = fact_of(&a) {
                facts.insert(id.to_string(), a);
            }
        }
    };
    mend(&mut session.facts);
    for e in &mut session.log {
        mend(&mut e.facts_before);
    }
    for h in &mut session.hand {
        let was = h.facts_before.get(OLD_SHEET).cloned();
        mend(&mut h.facts_before);
        if h.fact == OLD_SHEET {
            let to = h.after.as_ref().or(was.as_ref()).and_then(fact_of);
            h.fact = to.unwrap_or(OLD_SHEET).to_string();
        }
    }
}

/// Reads session `name` without taking its lock, for a program that only reads it (`session
/// show`): a session file is only ever replaced whole, so a reader sees the whole of one
/// version even while another program has the session open.
pub fn load(saves_dir: &Path, name: &str) -> Result<TableSession, Error> {
    read(&path_of(saves_dir, name)?)
}

/// An open session: the file locked against a second program until dropped.
#[derive(Debug)]
pub struct OpenTable {
    pub name: String,
    pub path: PathBuf,
    pub session: TableSession,
    _lock: Lock,
}

impl OpenTable {
    /// Opens session `name`, locking its file.
    pub fn open(saves_dir: &Path, name: &str) -> Result<OpenTable, Error> {
        let path = path_of(saves_dir, name)?;
        let lock = Lock::take(&path)?;
        let session = read(&path)?;
        Ok(OpenTable {
            name: name.to_string(),
            path,
            session,
            _lock: lock,
        })
    }

    /// Starts session `name` of `system` and writes it.
    pub fn create(saves_dir: &Path, name: &str, system: &str) -> Result<OpenTable, Error> {
        let path = new_path_of(saves_dir, name)?;
        let lock = Lock::take(&path)?;
        if path.exists() {
            return Err(err(ErrorKind::Exists(name.to_string())));
        }
        let open = OpenTable {
            name: name.to_string(),
            path,
            session: TableSession::new(system),
            _lock: lock,
        };
        open.save()?;
        Ok(open)
    }

    /// Writes the session whole (the last version kept as `.bak`).
    pub fn save(&self) -> Result<(), Error> {
        let payload = serde_json::to_vec(&self.session).expect("a session is plain data");
        let bytes = envelope::wrap(KIND, &payload);
        store::atomic::write(&self.path, &bytes, Some(&backup_of(&self.path)))?;
        Ok(())
    }

    /// Refuses a call of another system.
    pub fn check_system(&self, system: &str) -> Result<(), Error> {
        if self.session.system.eq_ignore_ascii_case(system) {
            Ok(())
        } else {
            Err(err(ErrorKind::OtherSystem {
                session: self.session.system.clone(),
                call: system.to_string(),
            }))
        }
    }
}

/// One line of the list of sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub name: String,
    /// The system, or why the file cannot be read.
    pub system: Result<String, String>,
    pub calls: usize,
}

/// The table sessions in a saves folder, by name (none when it has no sessions' folder yet), or
/// why its sessions' folder cannot be read (a saves folder that is a file, say).
pub fn list(saves_dir: &Path) -> Result<Vec<Listed>, Error> {
    let dir = match std::fs::read_dir(folder(saves_dir)) {
        Ok(dir) => dir,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(store::Error::io(&folder(saves_dir), store::Doing::Reading, e).into())
        }
    };
    let mut out: Vec<Listed> = dir
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let name = name.strip_suffix(".table")?.to_string();
            path_of(saves_dir, &name).ok()?;
            Some(match read(&e.path()) {
                Ok(s) => Listed {
                    name,
                    system: Ok(s.system),
                    calls: s.log.len(),
                },
                Err(e) => Listed {
                    name,
                    system: Err(e.to_string()),
                    calls: 0,
                },
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_survives_writing_and_reading_and_refuses_damage() {
        let dir = tempfile::tempdir().unwrap();
        let mut open = OpenTable::create(dir.path(), "game1", "twilight-struggle").unwrap();
        open.session.set("war", Some(Answer::Choice("mid".into())));
        open.save().unwrap();
        let path = open.path.clone();
        drop(open);
        let back = OpenTable::open(dir.path(), "game1").unwrap();
        assert_eq!(
            back.session.known("war"),
            Some(&Answer::Choice("mid".into()))
        );
        // A second program cannot open it while it is open.
        let e = OpenTable::open(dir.path(), "game1").unwrap_err();
        assert!(
            matches!(&e.kind, ErrorKind::File(f) if matches!(f.kind, store::ErrorKind::Locked { .. })),
            "{e}"
        );
        drop(back);
        assert!(backup_of(&path).exists(), "the last version is kept");
        let mut bytes = std::fs::read(&path).unwrap();
        let n = bytes.len();
        bytes[n - 2] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = OpenTable::open(dir.path(), "game1").unwrap_err();
        assert!(e.to_string().contains("checksum"), "{e}");
        assert!(matches!(
            OpenTable::create(dir.path(), "game1", "undaunted")
                .unwrap_err()
                .kind,
            ErrorKind::Exists(_)
        ));
        assert!(matches!(
            OpenTable::create(dir.path(), "../x", "undaunted")
                .unwrap_err()
                .kind,
            ErrorKind::BadName(_)
        ));
        let listed = list(dir.path()).unwrap();
        assert_eq!(listed.len(), 1);
        assert!(listed[0].system.is_err(), "{listed:?}");
    }
}
