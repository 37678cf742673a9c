//! The procedure engine: a procedure is a pure function from the answers given so far to
//! either the next question or a finished outcome (the result plus the path that led to it).
//!
//! [`Walk`] wraps a procedure as a state machine for any front end: `question()` shows what
//! is asked, `answer(..)` checks and records an answer, `back()` undoes the last one and
//! `restart()` clears them all. Nothing is stored but the list of answers: every state is
//! recomputed by replaying the procedure from the start, so going back is always exact.
//! Dice are questions too - a front end may answer them with the player's own roll or with
//! [`Walk::roll`], which draws from a seeded generator.

//!
//! Here the questions, answers and outcomes and the walk itself; `ctx` what a procedure sees
//! while it runs; `param` the command-line flags a procedure declares.

mod ctx;
mod param;

pub use ctx::{Ctx, Rolled};
pub use param::{Keep, Param, ParamKind};
use rand::Rng;
use serde_json::{Map, Value};
use std::fmt;

/// What kind of answer a question takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Yes or no.
    YesNo,
    /// A whole number within bounds.
    Number { min: i64, max: i64 },
    /// One of a fixed set of options: (key, description).
    Choice { options: Vec<(String, String)> },
    /// A die roll: `label` names the die ("d20", "red + green").
    Die { label: String, min: i64, max: i64 },
    /// Free text in a format the prompt describes.
    Text { hint: String },
}

/// A question a procedure asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Stable identifier; also the command-line flag (`--id`). Re-rolls of the same die are
    /// numbered `d10#2`, `d10#3`, ...
    pub id: String,
    /// What is asked, in words.
    pub prompt: String,
    /// The kind of answer.
    pub kind: Kind,
    /// The step of the procedure the question belongs to ("step 4", "question 2"), where the
    /// procedure names its steps.
    pub step: Option<String>,
    /// For a choice: other names its options are taken under, (name, option key).
    pub names: Vec<(String, String)>,
}

impl Question {
    /// The flag family: the id without a re-roll number.
    pub fn family(&self) -> &str {
        family(&self.id)
    }

    /// The allowed answers, in words, for prompts and error messages.
    pub fn allowed(&self) -> String {
        match &self.kind {
            Kind::YesNo => "yes or no".into(),
            Kind::Number { min, max } => format!("a whole number from {min} to {max}"),
            Kind::Choice { options } => {
                let keys: Vec<&str> = options.iter().map(|(k, _)| k.as_str()).collect();
                format!("one of: {}", keys.join(", "))
            }
            Kind::Die { label, min, max } => format!("the {label} roll, {min} to {max}"),
            Kind::Text { hint } => hint.clone(),
        }
    }
}

/// The flag family of a question id: the id without its re-roll number.
pub fn family(id: &str) -> &str {
    id.split('#').next().unwrap_or(id)
}

/// An answer to a question.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    Bool(bool),
    Number(i64),
    Choice(String),
    /// A die result; `rolled` is true when the program rolled it, false when the player did.
    Die {
        value: i64,
        rolled: bool,
    },
    Text(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Bool(true) => f.write_str("yes"),
            Answer::Bool(false) => f.write_str("no"),
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Choice(c) | Answer::Text(c) => f.write_str(c),
            Answer::Die {
                value,
                rolled: true,
            } => write!(f, "{value} (rolled)"),
            Answer::Die {
                value,
                rolled: false,
            } => write!(f, "{value}"),
        }
    }
}

/// One line of the path from situation to result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A fact about the situation ("situation: B").
    Fact { label: String, value: String },
    /// A die roll.
    Roll {
        die: String,
        value: i64,
        rolled: bool,
    },
    /// A modifier applied to a roll.
    Modifier {
        roll: String,
        amount: i64,
        reason: String,
        total: i64,
    },
    /// A chart lookup.
    Lookup {
        chart: String,
        row: String,
        column: Option<String>,
        value: String,
    },
    /// A rule applied or a remark.
    Note(String),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Fact { label, value } => write!(f, "{label}: {value}"),
            Step::Roll { die, value, rolled } => {
                write!(
                    f,
                    "{die} = {value}{}",
                    if *rolled { " (rolled)" } else { " (your roll)" }
                )
            }
            Step::Modifier {
                roll,
                amount,
                reason,
                total,
            } => {
                write!(f, "{roll} {amount:+} ({reason}) -> {total}")
            }
            Step::Lookup {
                chart,
                row,
                column: Some(c),
                value,
            } => {
                write!(f, "{chart}: row {row}, column {c} -> {value}")
            }
            Step::Lookup {
                chart,
                row,
                column: None,
                value,
            } => {
                write!(f, "{chart}: row {row} -> {value}")
            }
            Step::Note(n) => f.write_str(n),
        }
    }
}

/// The finished call: a one-line result, machine-readable fields and the path.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub result: String,
    pub fields: Map<String, Value>,
    pub path: Vec<Step>,
    /// Standing facts the call changes (a token spent, a card passed on), for a table
    /// session to keep: (question id, its new answer).
    pub updates: Vec<(String, Answer)>,
    /// The calls the source leads on to from this result, each with the answers it carries.
    pub next: Vec<Next>,
}

/// A call the source chains to a result (Undaunted's ANGRIFF into `target`, Paydirt's
/// `status` into `offense` / `defense`), with the answers this result gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Next {
    /// The procedure id of the same system.
    pub procedure: &'static str,
    /// Answers it takes from this call, by question id.
    pub given: Vec<(String, Answer)>,
    /// Why it follows, in words.
    pub why: String,
}

impl Next {
    /// The given answers as JSON (`{"attacker": "mg"}`).
    pub fn given_json(&self) -> Value {
        answers_json(&self.given)
    }
}

/// Answers as one JSON object, by question id (`{"attacker": "mg", "behind": true}`).
pub fn answers_json(answers: &[(String, Answer)]) -> Value {
    Value::Object(
        answers
            .iter()
            .map(|(k, a)| {
                let v = match a {
                    Answer::Bool(b) => Value::from(*b),
                    Answer::Number(n) | Answer::Die { value: n, .. } => Value::from(*n),
                    Answer::Choice(c) | Answer::Text(c) => Value::from(c.as_str()),
                };
                (k.clone(), v)
            })
            .collect(),
    )
}

/// Why a procedure stopped before finishing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// It needs this question answered (boxed: a procedure's every step returns a `Flow`).
    Ask(Box<Question>),
    /// The answer to question `id` cannot be used, for this reason.
    Invalid { id: String, message: String },
}

/// A procedure's return type: a value, or the reason it stopped.
pub type Flow<T> = Result<T, Stop>;

/// A procedure of a system: what it is called, its flags, and the function that runs it.
pub struct Procedure {
    pub id: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub params: &'static [Param],
    pub run: fn(&mut Ctx) -> Flow<Outcome>,
}

impl fmt::Debug for Procedure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Procedure").field("id", &self.id).finish()
    }
}

/// Where a walk stands.
#[derive(Debug, Clone, PartialEq)]
pub enum State {
    /// Waiting for an answer.
    Ask(Question),
    /// Finished.
    Done(Outcome),
}

/// An answer that was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkError {
    /// The question it was meant for.
    pub id: String,
    pub message: String,
}

impl fmt::Display for WalkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.id, self.message)
    }
}

impl std::error::Error for WalkError {}

/// A procedure being walked: the answers given so far.
#[derive(Debug, Clone)]
pub struct Walk {
    procedure: &'static Procedure,
    answers: Vec<(String, Answer)>,
}

impl Walk {
    /// Starts a walk with no answers.
    pub fn new(procedure: &'static Procedure) -> Self {
        Walk {
            procedure,
            answers: Vec::new(),
        }
    }

    /// The procedure being walked.
    pub fn procedure(&self) -> &'static Procedure {
        self.procedure
    }

    /// The answers given so far, in order.
    pub fn answers(&self) -> &[(String, Answer)] {
        &self.answers
    }

    fn replay(&self) -> Result<State, WalkError> {
        let mut ctx = Ctx::new(&self.answers);
        match (self.procedure.run)(&mut ctx) {
            Ok(outcome) => Ok(State::Done(outcome)),
            Err(Stop::Ask(q)) => Ok(State::Ask(*q)),
            Err(Stop::Invalid { id, message }) => Err(WalkError { id, message }),
        }
    }

    /// The current state. Answers are checked as they are given, so replaying them always
    /// succeeds.
    pub fn state(&self) -> State {
        self.replay()
            .expect("a walk only holds answers that were accepted")
    }

    /// The question waiting for an answer, or `None` when finished.
    pub fn question(&self) -> Option<Question> {
        match self.state() {
            State::Ask(q) => Some(q),
            State::Done(_) => None,
        }
    }

    /// The outcome, once finished.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.state() {
            State::Done(o) => Some(o),
            State::Ask(_) => None,
        }
    }

    /// Answers the current question. The answer must fit the question; the procedure may still
    /// refuse it (say, a distance it has no table for), and then nothing changes.
    pub fn answer(&mut self, answer: Answer) -> Result<(), WalkError> {
        let q = self.question().ok_or_else(|| WalkError {
            id: String::new(),
            message: "the walk is finished; go back or restart".into(),
        })?;
        let answer = check(&q, answer)?;
        self.answers.push((q.id.clone(), answer));
        if let Err(e) = self.replay() {
            self.answers.pop();
            return Err(e);
        }
        Ok(())
    }

    /// Answers the current question as [`Walk::answer`] does, with one more chance for a
    /// choice the question does not offer: the procedure itself may take it (a command-line
    /// flag's value that means nothing at this point, see [`Ctx::choice_beyond`]). Refused,
    /// the error is the question's own.
    pub fn answer_given(&mut self, answer: Answer) -> Result<(), WalkError> {
        let refused = match self.answer(answer.clone()) {
            Err(e) if matches!(answer, Answer::Choice(_)) => e,
            done => return done,
        };
        let Some(q) = self.question() else {
            return Err(refused);
        };
        self.answers.push((q.id, answer));
        if self.replay().is_err() {
            self.answers.pop();
            return Err(refused);
        }
        Ok(())
    }

    /// Answers the current question from typed text: yes/no, a number, an option key (or its
    /// 1-based number), a die value, or text.
    pub fn answer_text(&mut self, input: &str) -> Result<(), WalkError> {
        let q = self.question().ok_or_else(|| WalkError {
            id: String::new(),
            message: "the walk is finished; go back or restart".into(),
        })?;
        let answer = parse_answer(&q, input)?;
        self.answer(answer)
    }

    /// Answers the current die question with a roll of the generator.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<i64, WalkError> {
        match self.question().map(|q| q.kind) {
            Some(Kind::Die { min, max, .. }) => {
                let value = rng.random_range(min..=max);
                self.answer(Answer::Die {
                    value,
                    rolled: true,
                })?;
                Ok(value)
            }
            _ => Err(WalkError {
                id: String::new(),
                message: "the current question is not a die roll".into(),
            }),
        }
    }

    /// Each answer so far with the question it answered, in order (the questions recomputed
    /// by replaying the answers before each).
    pub fn asked(&self) -> Vec<(Question, Answer)> {
        (0..self.answers.len())
            .filter_map(|i| {
                let earlier = Walk {
                    procedure: self.procedure,
                    answers: self.answers[..i].to_vec(),
                };
                let q = earlier.question()?;
                Some((q, self.answers[i].1.clone()))
            })
            .collect()
    }

    /// Answers each question in a row that `known` can answer (a table session's facts, the
    /// answers a chained call carries), stopping at the first it cannot.
    pub fn fill(&mut self, known: impl Fn(&str) -> Option<Answer>) {
        while let Some(q) = self.question() {
            match known(&q.id) {
                Some(a) if self.answer(a.clone()).is_ok() => {}
                _ => break,
            }
        }
    }

    /// Takes back the last answer; false if there was none.
    pub fn back(&mut self) -> bool {
        self.answers.pop().is_some()
    }

    /// Clears every answer.
    pub fn restart(&mut self) {
        self.answers.clear();
    }
}

/// Checks that an answer fits a question, normalising choices and accepting a number for a die.
pub fn check(q: &Question, answer: Answer) -> Result<Answer, WalkError> {
    let bad = || WalkError {
        id: q.id.clone(),
        message: format!("expected {}", q.allowed()),
    };
    match (&q.kind, answer) {
        (Kind::YesNo, a @ Answer::Bool(_)) => Ok(a),
        (Kind::Number { min, max }, Answer::Number(n)) => {
            if (*min..=*max).contains(&n) {
                Ok(Answer::Number(n))
            } else {
                Err(WalkError {
                    id: q.id.clone(),
                    message: format!("{n} is out of range: expected {}", q.allowed()),
                })
            }
        }
        (Kind::Choice { options }, Answer::Choice(c)) => {
            option_named(options.iter().map(|(k, _)| k.as_str()), &q.names, &c)
                .map(|k| Answer::Choice(k.to_string()))
                .ok_or_else(|| WalkError {
                    id: q.id.clone(),
                    message: format!("'{c}' is not allowed: expected {}", q.allowed()),
                })
        }
        (Kind::Die { min, max, .. }, Answer::Die { value, rolled }) => {
            die_in(q, *min, *max, value, rolled)
        }
        (Kind::Die { min, max, .. }, Answer::Number(value)) => die_in(q, *min, *max, value, false),
        (Kind::Text { .. }, a @ Answer::Text(_)) => Ok(a),
        _ => Err(bad()),
    }
}

/// The option `said` names: an option's key or one of its other `names` (name, key), in any
/// case (umlauts too: the source prints cards in capitals, `GRUPPENFÜHRER`) and with a hyphen,
/// an underscore or a space alike (`squad-leader`, `squad leader`). The walk, a table
/// session and the command line all take a choice through it.
pub fn option_named<'o, K: AsRef<str> + ?Sized + 'o>(
    options: impl IntoIterator<Item = &'o K>,
    names: &'o [(impl AsRef<str>, impl AsRef<str>)],
    said: &str,
) -> Option<&'o str> {
    let said = name_form(said);
    let options: Vec<&str> = options.into_iter().map(AsRef::as_ref).collect();
    options
        .iter()
        .copied()
        .find(|k| name_form(k) == said)
        .or_else(|| {
            names
                .iter()
                .find(|(n, _)| name_form(n.as_ref()) == said)
                .and_then(|(_, k)| options.iter().copied().find(|o| *o == k.as_ref()))
        })
}

/// A name as [`option_named`] compares it: lower case, its words joined by single spaces.
fn name_form(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn die_in(q: &Question, min: i64, max: i64, value: i64, rolled: bool) -> Result<Answer, WalkError> {
    if (min..=max).contains(&value) {
        Ok(Answer::Die { value, rolled })
    } else {
        Err(WalkError {
            id: q.id.clone(),
            message: format!("{value} is out of range: expected {}", q.allowed()),
        })
    }
}

/// Reads typed text as an answer to a question.
pub fn parse_answer(q: &Question, input: &str) -> Result<Answer, WalkError> {
    let t = input.trim();
    let bad = |what: &str| WalkError {
        id: q.id.clone(),
        message: if what.is_empty() {
            format!("An answer is needed: {}", q.allowed())
        } else {
            format!("'{what}' is not {}", q.allowed())
        },
    };
    match &q.kind {
        Kind::YesNo => match t.to_ascii_lowercase().as_str() {
            "y" | "yes" | "j" | "ja" | "true" => Ok(Answer::Bool(true)),
            "n" | "no" | "nein" | "false" => Ok(Answer::Bool(false)),
            _ => Err(bad(t)),
        },
        Kind::Number { .. } => t.parse::<i64>().map(Answer::Number).map_err(|_| bad(t)),
        Kind::Die { .. } => t
            .parse::<i64>()
            .map(|value| Answer::Die {
                value,
                rolled: false,
            })
            .map_err(|_| bad(t)),
        Kind::Choice { options } => {
            if let Ok(i) = t.parse::<usize>() {
                if (1..=options.len()).contains(&i) {
                    return Ok(Answer::Choice(options[i - 1].0.clone()));
                }
            }
            Ok(Answer::Choice(t.to_string()))
        }
        Kind::Text { .. } => Ok(Answer::Text(t.to_string())),
    }
}

/// For the systems' unit tests: runs procedure `id` of `procedures` with the given answers,
/// falling back to `default` for questions the test leaves out.
#[cfg(test)]
pub fn call_for_test(
    procedures: &'static [Procedure],
    id: &str,
    answers: &[(&str, Answer)],
    default: impl Fn(&Question) -> Option<Answer>,
) -> Result<Outcome, WalkError> {
    let p = procedures
        .iter()
        .find(|p| p.id == id)
        .expect("a known procedure");
    drive_with(p, |q| {
        answers
            .iter()
            .find(|(k, _)| *k == q.id)
            .map(|(_, a)| a.clone())
            .or_else(|| default(q))
            .ok_or_else(|| WalkError {
                id: q.id.clone(),
                message: "unanswered".into(),
            })
    })
}

/// For the systems' unit tests: short ways to write answers.
#[cfg(test)]
pub mod answers {
    use super::Answer;

    pub fn n(v: i64) -> Answer {
        Answer::Number(v)
    }
    /// A die the user rolled and read out.
    pub fn die(v: i64) -> Answer {
        Answer::Die {
            value: v,
            rolled: false,
        }
    }
    pub fn c(s: &str) -> Answer {
        Answer::Choice(s.into())
    }
    pub fn yes() -> Answer {
        Answer::Bool(true)
    }
    pub fn no() -> Answer {
        Answer::Bool(false)
    }
}

/// Runs a procedure to the end, answering each question through `answer_for` (which may look
/// the answer up, roll a die, or fail), as [`Walk::answer_given`] takes them. Refused answers
/// come back as errors.
pub fn drive_with<E: From<WalkError>>(
    procedure: &'static Procedure,
    mut answer_for: impl FnMut(&Question) -> Result<Answer, E>,
) -> Result<Outcome, E> {
    let mut walk = Walk::new(procedure);
    // Every answer moves the walk on by one question, and procedures ask finitely many
    // (re-rolls are capped by the procedures), so this loop ends.
    loop {
        match walk.state() {
            State::Done(outcome) => return Ok(outcome),
            State::Ask(q) => {
                let a = answer_for(&q)?;
                walk.answer_given(a)?;
            }
        }
    }
}

#[cfg(test)]
mod tests;
