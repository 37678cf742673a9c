//! The procedure engine: a procedure is a pure function from the answers given so far to
//! either the next question or a finished outcome (the result plus the path that led to it).
//!
//! [`Walk`] wraps a procedure as a state machine for any front end: `question()` shows what
//! is asked, `answer(..)` checks and records an answer, `back()` undoes the last one and
//! `restart()` clears them all. Nothing is stored but the list of answers: every state is
//! recomputed by replaying the procedure from the start, so going back is always exact.
//! Dice are questions too - a front end may answer them with the player's own roll or with
//! [`Walk::roll`], which draws from a seeded generator.

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

/// What a procedure sees while it runs: the answers so far, and the path it is writing.
pub struct Ctx<'a> {
    answers: &'a [(String, Answer)],
    path: Vec<Step>,
    updates: Vec<(String, Answer)>,
    next: Vec<Next>,
    step: Option<String>,
    /// Why the next die is rolled again ([`Ctx::roll_again`]), for its question.
    again: Option<String>,
}

impl<'a> Ctx<'a> {
    fn new(answers: &'a [(String, Answer)]) -> Self {
        Ctx {
            answers,
            path: Vec::new(),
            updates: Vec::new(),
            next: Vec::new(),
            step: None,
            again: None,
        }
    }

    /// Names the step of the procedure the questions from here on belong to.
    pub fn at(&mut self, step: impl Into<String>) {
        self.step = Some(step.into());
    }

    /// Says that the source leads on from this result to `procedure`, which takes `given`.
    pub fn lead_to(
        &mut self,
        procedure: &'static str,
        given: Vec<(String, Answer)>,
        why: impl Into<String>,
    ) {
        let why = why.into();
        self.note(format!("next: {procedure} ({why})"));
        self.next.push(Next {
            procedure,
            given,
            why,
        });
    }

    fn get(&self, id: &str) -> Option<&'a Answer> {
        self.answers.iter().find(|(q, _)| q == id).map(|(_, a)| a)
    }

    fn ask<T>(&self, mut question: Question, take: impl Fn(&Answer) -> Option<T>) -> Flow<T> {
        question.step = self.step.clone();
        match self.get(&question.id) {
            Some(a) => take(a).ok_or_else(|| Stop::Invalid {
                id: question.id.clone(),
                message: format!("expected {}", question.allowed()),
            }),
            None => Err(Stop::Ask(Box::new(question))),
        }
    }

    /// Asks a yes/no question.
    pub fn yes_no(&mut self, id: &str, prompt: impl Into<String>) -> Flow<bool> {
        let q = Question {
            id: id.into(),
            prompt: prompt.into(),
            kind: Kind::YesNo,
            step: None,
            names: Vec::new(),
        };
        self.ask(q, |a| match a {
            Answer::Bool(b) => Some(*b),
            _ => None,
        })
    }

    /// Asks for a whole number within bounds.
    pub fn number(&mut self, id: &str, prompt: impl Into<String>, min: i64, max: i64) -> Flow<i64> {
        let q = Question {
            id: id.into(),
            prompt: prompt.into(),
            kind: Kind::Number { min, max },
            step: None,
            names: Vec::new(),
        };
        self.ask(q, |a| match a {
            Answer::Number(n) if (min..=max).contains(n) => Some(*n),
            _ => None,
        })
    }

    /// Asks for one of the options (key, description); returns the key.
    pub fn choice(
        &mut self,
        id: &str,
        prompt: impl Into<String>,
        options: &[(&str, &str)],
    ) -> Flow<String> {
        self.choice_beyond(id, prompt, options, &[])
    }

    /// Asks for one of `options`, as [`Ctx::choice`] does, and takes a key of `beyond` too,
    /// which the question does not offer: an answer that means nothing at this point of the
    /// procedure, which only a command-line flag, given before the call knows its path, can
    /// bring (Twilight's region flags take every region; one a step cannot use for this card
    /// counts as none there). A walk refuses it; [`Walk::answer_given`] puts it to the
    /// procedure.
    pub fn choice_beyond(
        &mut self,
        id: &str,
        prompt: impl Into<String>,
        options: &[(&str, &str)],
        beyond: &[&str],
    ) -> Flow<String> {
        self.choice_full(id, prompt, options, beyond, &[])
    }

    /// Asks for one of `options`, as [`Ctx::choice`] does, taking each option under the other
    /// names `names` gives it too, (name, option key): Undaunted's units by their German and
    /// English names alike.
    pub fn choice_named(
        &mut self,
        id: &str,
        prompt: impl Into<String>,
        options: &[(&str, &str)],
        names: &[(&str, &str)],
    ) -> Flow<String> {
        self.choice_full(id, prompt, options, &[], names)
    }

    fn choice_full(
        &mut self,
        id: &str,
        prompt: impl Into<String>,
        options: &[(&str, &str)],
        beyond: &[&str],
        names: &[(&str, &str)],
    ) -> Flow<String> {
        let opts: Vec<(String, String)> = options
            .iter()
            .map(|(k, d)| (k.to_string(), d.to_string()))
            .collect();
        let q = Question {
            id: id.into(),
            prompt: prompt.into(),
            kind: Kind::Choice { options: opts },
            step: None,
            names: names
                .iter()
                .map(|(n, k)| (n.to_string(), k.to_string()))
                .collect(),
        };
        self.ask(q, |a| match a {
            Answer::Choice(c)
                if options.iter().any(|(k, _)| k == c) || beyond.contains(&c.as_str()) =>
            {
                Some(c.clone())
            }
            _ => None,
        })
    }

    /// Says why a die is rolled again: a note in the path, and the opening words of the next
    /// die's question, so that the person knows why before rolling it.
    pub fn roll_again(&mut self, why: impl Into<String>) {
        let why = why.into();
        self.note(why.clone());
        self.again = Some(why);
    }

    /// Asks for a die roll from `min` to `max`; records it in the path. A die rolled again
    /// after [`Ctx::roll_again`] says why first.
    pub fn die(&mut self, id: &str, label: &str, min: i64, max: i64) -> Flow<i64> {
        let why = match self.again.take() {
            Some(why) => format!("{why}. "),
            None => String::new(),
        };
        let q = Question {
            id: id.into(),
            prompt: format!("{why}Roll the {label} ({min}-{max})."),
            kind: Kind::Die {
                label: label.into(),
                min,
                max,
            },
            step: None,
            names: Vec::new(),
        };
        let (value, rolled) = self.ask(q, |a| match a {
            Answer::Die { value, rolled } if (min..=max).contains(value) => Some((*value, *rolled)),
            _ => None,
        })?;
        self.path.push(Step::Roll {
            die: label.into(),
            value,
            rolled,
        });
        Ok(value)
    }

    /// Asks for free text; the procedure parses it and may reject it with [`Ctx::invalid`].
    pub fn text(&mut self, id: &str, prompt: impl Into<String>, hint: &str) -> Flow<String> {
        let q = Question {
            id: id.into(),
            prompt: prompt.into(),
            kind: Kind::Text { hint: hint.into() },
            step: None,
            names: Vec::new(),
        };
        self.ask(q, |a| match a {
            Answer::Text(t) => Some(t.clone()),
            _ => None,
        })
    }

    /// Whether the die question `id` was answered by the program's own roll.
    pub fn was_rolled(&self, id: &str) -> bool {
        matches!(self.get(id), Some(Answer::Die { rolled: true, .. }))
    }

    /// Rejects the answer to `id`.
    pub fn invalid(&self, id: &str, message: impl Into<String>) -> Stop {
        Stop::Invalid {
            id: id.into(),
            message: message.into(),
        }
    }

    /// Adds a step to the path.
    pub fn step(&mut self, step: Step) {
        self.path.push(step);
    }

    /// Adds a fact to the path.
    pub fn fact(&mut self, label: impl Into<String>, value: impl Into<String>) {
        self.path.push(Step::Fact {
            label: label.into(),
            value: value.into(),
        });
    }

    /// Adds a note to the path.
    pub fn note(&mut self, text: impl Into<String>) {
        self.path.push(Step::Note(text.into()));
    }

    /// Adds a chart lookup to the path.
    pub fn lookup(
        &mut self,
        chart: &str,
        row: impl Into<String>,
        column: Option<&str>,
        value: impl Into<String>,
    ) {
        self.path.push(Step::Lookup {
            chart: chart.into(),
            row: row.into(),
            column: column.map(str::to_string),
            value: value.into(),
        });
    }

    /// Adds a modifier to the path.
    pub fn modifier(&mut self, roll: &str, amount: i64, reason: impl Into<String>, total: i64) {
        self.path.push(Step::Modifier {
            roll: roll.into(),
            amount,
            reason: reason.into(),
            total,
        });
    }

    /// The step every chart roll shares: rolls die `id` (`min`-`max`), adds each modifier
    /// (amount, reason) with the running total in the path, and, when the chart's rows run
    /// `rows.0`-`rows.1`, reads a total off the chart on the nearest row with a note saying so.
    pub fn roll_modified(
        &mut self,
        id: &str,
        label: &str,
        (min, max): (i64, i64),
        mods: &[(i64, &str)],
        rows: Option<(i64, i64)>,
    ) -> Flow<Rolled> {
        let roll = self.die(id, label, min, max)?;
        let mut total = roll;
        for &(amount, why) in mods.iter().filter(|(a, _)| *a != 0) {
            total += amount;
            self.modifier(label_of(label), amount, why, total);
        }
        let row = rows.map_or(total, |(lo, hi)| total.clamp(lo, hi));
        if row != total {
            self.note(format!("{total} is off the chart: read row {row}"));
        }
        Ok(Rolled { roll, total, row })
    }

    /// Reads the cell at `row`, `column` of `chart` into the path, following a "same as N"
    /// cell to the row it names.
    pub fn read<'c>(&mut self, chart: &'c super::data::Chart, row: &str, column: &str) -> &'c str {
        let mut cell = chart.expect_cell(row, column);
        self.lookup(&chart.title, row, Some(column), cell);
        if let Some(target) = cell.strip_prefix("same as ") {
            cell = chart.expect_cell(target, column);
            self.lookup(&chart.title, target, Some(column), cell);
        }
        cell
    }

    /// Says that the call changes the standing fact `id` (the answer to that question from
    /// now on), with a note in the path.
    pub fn set_fact(&mut self, id: &str, answer: Answer, why: impl Into<String>) {
        self.note(format!("from now on {id}: {answer} ({})", why.into()));
        self.result_fact(id, answer);
    }

    /// Says that the call's result is the answer to question `id` from now on (Paydirt's
    /// `status` gives `behind`); the result already says so, so the path gets no note.
    pub fn result_fact(&mut self, id: &str, answer: Answer) {
        self.updates.push((id.into(), answer));
    }

    /// Finishes with a result and its fields.
    pub fn done(&mut self, result: impl Into<String>, fields: Map<String, Value>) -> Flow<Outcome> {
        Ok(Outcome {
            result: result.into(),
            fields,
            path: std::mem::take(&mut self.path),
            updates: std::mem::take(&mut self.updates),
            next: std::mem::take(&mut self.next),
        })
    }
}

/// A roll read on a chart: the die as rolled, with every modifier, and the row it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rolled {
    pub roll: i64,
    pub total: i64,
    pub row: i64,
}

/// The short name of a die for a modifier line: "d10" of "d10 (play)".
fn label_of(label: &str) -> &str {
    label.split(" (").next().unwrap_or(label)
}

/// How a command-line flag answers a question family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// `--flag` means yes and `--no-flag` no; one of them must be given when the call comes
    /// to the question (or `--others-no`, which answers no to every yes/no not given).
    Flag,
    /// `--name N`, with an optional default.
    Number { default: Option<i64> },
    /// `--name KEY` from a fixed list, with an optional default.
    Choice {
        options: &'static [&'static str],
        default: Option<&'static str>,
    },
    /// `--name N` gives a die; repeated for re-rolls; left out, the program rolls.
    Die,
    /// `--name TEXT`, may be repeated (values are joined with ";").
    Text,
}

/// A command-line flag of a procedure; its name is a question family.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
    pub help: &'static str,
    /// Flags that cannot be given together with this one.
    pub conflicts: &'static [&'static str],
    /// For a die: the flag whose answer is read off a chart at this roll. When `call` gets that
    /// flag but not the die, the die decides nothing and is not rolled.
    pub reads: Option<&'static str>,
    /// Whether a table session keeps the answer as a fact of the game, and which kind.
    pub keep: Keep,
    /// For a number a session keeps: the values it may take (`session set` checks them).
    pub range: Option<(i64, i64)>,
    /// For a choice a session keeps: each option with what it means, as the question that
    /// asks it offers them, for a list of facts to show beside the key.
    pub meanings: &'static [(&'static str, &'static str)],
    /// A kept fact that changes between any two calls of its procedure (Paydirt's time and
    /// score, which `status` exists to turn into ahead or behind): a session keeps it, but
    /// never answers it unasked - the terminal offers the kept value for `[Enter]` to confirm,
    /// the command line needs the flag and names the kept value when it is missing.
    pub each_call: bool,
    /// For a choice: other names each option is taken under, (name, option key), as the
    /// question takes them too (Undaunted's units by their German and English names).
    pub names: &'static [(&'static str, &'static str)],
    /// Other flag names taken for this one (not shown in the help).
    pub aliases: &'static [&'static str],
}

/// Whether a table session keeps the answer to a question between calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Asked each call (the down, a die, what the board shows this round).
    No,
    /// A standing fact: true for the whole game or most of it (a rating, a card in effect,
    /// which sheet the AI plays from).
    Standing,
    /// The game's situation: true for several calls in a row, then it changes (ahead or
    /// behind, the quarter, the cards left). Kept from the last answer given or the last
    /// result that gave it, and always shown as taken from the session when used.
    Situation,
}

impl Keep {
    /// The kind in words, for lists of facts.
    pub fn as_str(self) -> &'static str {
        match self {
            Keep::No => "asked each call",
            Keep::Standing => "standing",
            Keep::Situation => "situation",
        }
    }
}

impl Param {
    /// The one constructor the others share: flag `name` of `kind`, asked each call, with no
    /// other flag excluded, no die reading, no range, meanings or other names.
    pub const fn new(name: &'static str, kind: ParamKind, help: &'static str) -> Self {
        Param {
            name,
            kind,
            help,
            conflicts: &[],
            reads: None,
            keep: Keep::No,
            range: None,
            meanings: &[],
            each_call: false,
            names: &[],
            aliases: &[],
        }
    }
    /// A yes/no flag.
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Flag, help)
    }
    /// A yes/no flag that excludes others.
    pub const fn flag_excl(
        name: &'static str,
        help: &'static str,
        conflicts: &'static [&'static str],
    ) -> Self {
        Param {
            conflicts,
            ..Param::flag(name, help)
        }
    }
    /// A required number.
    pub const fn number(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Number { default: None }, help)
    }
    /// A number with a default.
    pub const fn number_or(name: &'static str, default: i64, help: &'static str) -> Self {
        Param::new(
            name,
            ParamKind::Number {
                default: Some(default),
            },
            help,
        )
    }
    /// A required choice.
    pub const fn choice(
        name: &'static str,
        options: &'static [&'static str],
        help: &'static str,
    ) -> Self {
        Param::new(
            name,
            ParamKind::Choice {
                options,
                default: None,
            },
            help,
        )
    }
    /// A choice with a default.
    pub const fn choice_or(
        name: &'static str,
        options: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> Self {
        Param::new(
            name,
            ParamKind::Choice {
                options,
                default: Some(default),
            },
            help,
        )
    }
    /// A die the program rolls unless given.
    pub const fn die(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Die, help)
    }
    /// A die the program rolls unless given, used to read the answer to flag `reads` off a
    /// chart (so it is not needed when that answer is given).
    pub const fn die_reading(name: &'static str, help: &'static str, reads: &'static str) -> Self {
        Param {
            reads: Some(reads),
            ..Param::die(name, help)
        }
    }
    /// Free text, repeatable.
    pub const fn text(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Text, help)
    }
    /// The same flag, marked as a standing fact of the game.
    pub const fn standing(self) -> Self {
        Param {
            keep: Keep::Standing,
            ..self
        }
    }
    /// The same flag, marked as a fact of the game's situation.
    pub const fn situation(self) -> Self {
        Param {
            keep: Keep::Situation,
            ..self
        }
    }
    /// The same kept flag, asked on every call all the same (see [`Param::each_call`]).
    pub const fn asked_each_call(self) -> Self {
        Param {
            each_call: true,
            ..self
        }
    }
    /// The same number flag, with the values a session may keep for it.
    pub const fn within(self, min: i64, max: i64) -> Self {
        Param {
            range: Some((min, max)),
            ..self
        }
    }
    /// The same choice flag, with what each option means (the options the question offers).
    pub const fn meaning(self, meanings: &'static [(&'static str, &'static str)]) -> Self {
        Param { meanings, ..self }
    }
    /// The same choice flag, taking other names for its options: (name, option key).
    pub const fn named(self, names: &'static [(&'static str, &'static str)]) -> Self {
        Param { names, ..self }
    }
    /// The same flag, also taken under other names (not shown in the help): `tie --die`
    /// takes `--d6`, `--d12` and `--d20`, the names other procedures give their dice.
    pub const fn alias(self, aliases: &'static [&'static str]) -> Self {
        Param { aliases, ..self }
    }
    /// Whether a table session keeps the answer (standing or situation).
    pub fn kept(&self) -> bool {
        self.keep != Keep::No
    }
}

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
        (Kind::Choice { options }, Answer::Choice(c)) => options
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(c.trim()))
            .map(|(k, _)| k.as_str())
            .or_else(|| {
                let said = c.trim().to_lowercase();
                q.names
                    .iter()
                    .find(|(n, _)| n.to_lowercase() == said)
                    .map(|(_, k)| k.as_str())
            })
            .map(|k| Answer::Choice(k.to_string()))
            .ok_or_else(|| WalkError {
                id: q.id.clone(),
                message: format!("'{c}' is not allowed: expected {}", q.allowed()),
            }),
        (Kind::Die { min, max, .. }, Answer::Die { value, rolled }) => {
            die_in(q, *min, *max, value, rolled)
        }
        (Kind::Die { min, max, .. }, Answer::Number(value)) => die_in(q, *min, *max, value, false),
        (Kind::Text { .. }, a @ Answer::Text(_)) => Ok(a),
        _ => Err(bad()),
    }
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
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn an_empty_answer_is_asked_for_and_a_wrong_one_quoted() {
        let q = Question {
            id: "behind".into(),
            prompt: "Is the AI behind?".into(),
            kind: Kind::YesNo,
            step: None,
            names: Vec::new(),
        };
        let said = |input: &str| parse_answer(&q, input).unwrap_err().message;
        assert_eq!(said(""), "An answer is needed: yes or no");
        assert_eq!(said("  "), "An answer is needed: yes or no");
        assert_eq!(said("nono"), "'nono' is not yes or no");
        assert_eq!(parse_answer(&q, " No "), Ok(Answer::Bool(false)));
    }

    fn sample(ctx: &mut Ctx) -> Flow<Outcome> {
        let n = ctx.number("n", "How many?", 1, 5)?;
        if n == 4 {
            return Err(ctx.invalid("n", "four is not allowed here"));
        }
        let big = if n > 2 {
            ctx.yes_no("big", "Big?")?
        } else {
            false
        };
        let c = ctx.choice("colour", "Colour?", &[("red", "Red"), ("blue", "Blue")])?;
        let d = ctx.die("d6", "d6", 1, 6)?;
        ctx.note("done");
        ctx.done(format!("{n} {big} {c} {d}"), serde_json::Map::new())
    }

    static SAMPLE: Procedure = Procedure {
        id: "sample",
        title: "Sample",
        about: "",
        params: &[],
        run: sample,
    };

    #[test]
    fn walks_forward_back_and_restarts() {
        let mut w = Walk::new(&SAMPLE);
        assert_eq!(w.question().unwrap().id, "n");
        w.answer(Answer::Number(3)).unwrap();
        assert_eq!(w.question().unwrap().id, "big");
        w.answer_text("yes").unwrap();
        assert_eq!(w.question().unwrap().id, "colour");
        assert!(w.back());
        assert_eq!(w.question().unwrap().id, "big");
        w.answer(Answer::Bool(false)).unwrap();
        w.answer_text("2").unwrap(); // option number 2 = blue
        w.answer_text("6").unwrap();
        let o = w.outcome().unwrap();
        assert_eq!(o.result, "3 false blue 6");
        assert_eq!(
            o.path[0],
            Step::Roll {
                die: "d6".into(),
                value: 6,
                rolled: false
            }
        );
        assert!(
            w.answer(Answer::Number(1)).is_err(),
            "a finished walk takes no answers"
        );
        w.restart();
        assert_eq!(w.question().unwrap().id, "n");
        assert!(w.answers().is_empty());
        assert!(!Walk::new(&SAMPLE).back());
    }

    #[test]
    fn refuses_bad_answers_without_changing_state() {
        let mut w = Walk::new(&SAMPLE);
        assert!(w.answer(Answer::Number(9)).is_err());
        assert!(w.answer(Answer::Bool(true)).is_err());
        let e = w.answer(Answer::Number(4)).unwrap_err();
        assert_eq!(e.message, "four is not allowed here");
        assert!(w.answers().is_empty());
        w.answer(Answer::Number(1)).unwrap();
        assert!(w.answer(Answer::Choice("green".into())).is_err());
        w.answer(Answer::Choice("RED".into())).unwrap();
        assert_eq!(w.answers()[1].1, Answer::Choice("red".into()));
        assert!(w.answer_text("7").is_err());
        assert!(w.answer_text("x").is_err());
    }

    #[test]
    fn seeded_rolls_repeat() {
        let run = |seed| {
            let mut w = Walk::new(&SAMPLE);
            w.answer(Answer::Number(1)).unwrap();
            w.answer(Answer::Choice("red".into())).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let v = w.roll(&mut rng).unwrap();
            assert!((1..=6).contains(&v));
            assert!(w.roll(&mut rng).is_err(), "nothing left to roll");
            w.outcome().unwrap().path[0].clone()
        };
        assert_eq!(run(7), run(7));
        let rolled: std::collections::BTreeSet<String> =
            (0..40).map(|s| run(s).to_string()).collect();
        assert!(rolled.len() > 1, "different seeds give different rolls");
    }

    #[test]
    fn drive_with_stops_at_the_first_error() {
        let r: Result<Outcome, WalkError> = drive_with(&SAMPLE, |q| match q.id.as_str() {
            "n" => Ok(Answer::Number(2)),
            "colour" => Ok(Answer::Choice("blue".into())),
            other => Err(WalkError {
                id: other.into(),
                message: "missing".into(),
            }),
        });
        assert_eq!(r.unwrap_err().id, "d6");
    }

    fn rolled_on(
        value: i64,
        mods: &[(i64, &str)],
        rows: Option<(i64, i64)>,
    ) -> (Rolled, Vec<Step>) {
        let answers = [(
            "d10".to_string(),
            Answer::Die {
                value,
                rolled: false,
            },
        )];
        let mut ctx = Ctx::new(&answers);
        let r = ctx
            .roll_modified("d10", "d10 (play)", (1, 10), mods, rows)
            .unwrap();
        (r, ctx.path)
    }

    #[test]
    fn a_modified_roll_records_each_modifier_and_reads_off_chart_totals_on_the_edge() {
        let (r, path) = rolled_on(
            9,
            &[(1, "behind"), (0, "nothing"), (2, "L2")],
            Some((1, 10)),
        );
        assert_eq!(
            r,
            Rolled {
                roll: 9,
                total: 12,
                row: 10
            }
        );
        let lines: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            lines,
            [
                "d10 (play) = 9 (your roll)",
                "d10 +1 (behind) -> 10",
                "d10 +2 (L2) -> 12",
                "12 is off the chart: read row 10"
            ]
        );
        let (r, path) = rolled_on(1, &[(-3, "DRM")], None);
        assert_eq!((r.total, r.row, path.len()), (-2, -2, 2));
        let (r, _) = rolled_on(1, &[(-3, "DRM")], Some((1, 10)));
        assert_eq!(r.row, 1);
    }
}
