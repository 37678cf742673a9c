//! What a procedure sees while it runs ([`Ctx`]): the answers so far, asked for one by one
//! (yes/no, numbers, choices, dice, text), and the path, facts and result it writes.

use serde_json::{Map, Value};

use super::*;

/// What a procedure sees while it runs: the answers so far, and the path it is writing.
pub struct Ctx<'a> {
    answers: &'a [(String, Answer)],
    pub(super) path: Vec<Step>,
    updates: Vec<(String, Answer)>,
    next: Vec<Next>,
    step: Option<String>,
    /// Why the next die is rolled again ([`Ctx::roll_again`]), for its question.
    again: Option<String>,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(answers: &'a [(String, Answer)]) -> Self {
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
    pub fn read<'c>(
        &mut self,
        chart: &'c super::super::data::Chart,
        row: &str,
        column: &str,
    ) -> &'c str {
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
