//! Reading a ball log back: the match it records rebuilt card by card from its deal, its packs
//! and the choices it records, with each decision handed to the caller with the state it was
//! made in (for a review of one side's play, or to check that the log replays exactly).

use std::collections::VecDeque;
use std::fmt;

use serde_json::Value;

use crate::cards::{Card, CardCounts};
use crate::engine::{
    Chance, Choice, Decision, Election, IllegalChoice, MatchOptions, MatchState, Recorder, Side,
};

/// Why a ball log could not be read back.
#[derive(Debug)]
pub struct LogError {
    /// The line (1-based) it was found at; 0 when it is the log as a whole.
    pub line: usize,
    pub kind: LogErrorKind,
}

/// What was wrong with a ball log.
#[derive(Debug)]
pub enum LogErrorKind {
    /// A line is not a JSON object.
    NotJson,
    /// The log does not open with its `match` line.
    NotALog,
    /// A field the format requires is missing or malformed.
    Field(&'static str),
    /// The deal is not the double pack, or a new pack not the old discard pile.
    Cards(&'static str),
    /// A recorded choice cannot be made at that point of the match.
    Illegal(IllegalChoice),
    /// The log ends before the match does.
    Unfinished,
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            LogErrorKind::NotJson => write!(f, "not a JSON object"),
            LogErrorKind::NotALog => write!(f, "not a ball log (it does not open with a match)"),
            LogErrorKind::Field(name) => write!(f, "the field \"{name}\" is missing or wrong"),
            LogErrorKind::Cards(what) => write!(f, "{what}"),
            LogErrorKind::Illegal(e) => write!(f, "a choice the match does not allow ({e})"),
            LogErrorKind::Unfinished => write!(f, "the log ends before the match does"),
        }
    }
}

impl std::error::Error for LogError {}

/// The match a log records: who played, its seed and its rules.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedMatch {
    pub home: String,
    pub away: String,
    pub seed: u64,
    pub options: MatchOptions,
}

fn err(line: usize, kind: LogErrorKind) -> LogError {
    LogError { line, kind }
}

/// One line, numbered.
type Line = (usize, Value);

/// The line's event ("" if it names none).
fn event(l: &Line) -> &str {
    l.1.get("event").and_then(Value::as_str).unwrap_or("")
}

/// The event of the next line of `actions`.
fn next<'a>(actions: &VecDeque<&'a Line>) -> &'a str {
    actions.front().map_or("", |l| event(l))
}

/// The next line of `actions`, which must be there.
fn take<'a>(actions: &mut VecDeque<&'a Line>, end: usize) -> Result<&'a Line, LogError> {
    actions
        .pop_front()
        .ok_or(err(end, LogErrorKind::Unfinished))
}

fn field<'a>(l: &'a Line, name: &'static str) -> Result<&'a Value, LogError> {
    l.1.get(name)
        .filter(|v| !v.is_null() || name == "bat_card")
        .ok_or(err(l.0, LogErrorKind::Field(name)))
}

fn text_field<'a>(l: &'a Line, name: &'static str) -> Result<&'a str, LogError> {
    field(l, name)?
        .as_str()
        .ok_or(err(l.0, LogErrorKind::Field(name)))
}

fn card_of(v: &Value, line: usize, name: &'static str) -> Result<Card, LogError> {
    v.as_str()
        .and_then(Card::parse)
        .ok_or(err(line, LogErrorKind::Field(name)))
}

fn cards_of(v: &Value, line: usize, name: &'static str) -> Result<Vec<Card>, LogError> {
    v.as_array()
        .ok_or(err(line, LogErrorKind::Field(name)))?
        .iter()
        .map(|c| card_of(c, line, name))
        .collect()
}

fn side_of(l: &Line, name: &'static str) -> Result<Side, LogError> {
    match text_field(l, name)? {
        "home" => Ok(Side::Home),
        "away" => Ok(Side::Away),
        _ => Err(err(l.0, LogErrorKind::Field(name))),
    }
}

fn options_of(l: &Line) -> Result<MatchOptions, LogError> {
    let o = field(l, "options")?;
    let flag = |name: &'static str| {
        o.get(name)
            .and_then(Value::as_bool)
            .ok_or(err(l.0, LogErrorKind::Field(name)))
    };
    let small = |name: &'static str, range: std::ops::RangeInclusive<u64>| {
        o.get(name)
            .and_then(Value::as_u64)
            .filter(|n| range.contains(n))
            .map(|n| n as u8)
            .ok_or(err(l.0, LogErrorKind::Field(name)))
    };
    Ok(MatchOptions {
        no_balls: flag("no_balls")?,
        wides: flag("wides")?,
        byes: flag("byes")?,
        batsmen: small("batsmen", 2..=11)?,
        packs_per_session: small("packs_per_session", 1..=9)?,
        days: small("days", 1..=5)?,
    })
}

/// The log's lines, numbered, each a JSON object (blank lines skipped).
fn parse(text: &str) -> Result<Vec<Line>, LogError> {
    let mut lines: Vec<Line> = Vec::new();
    for (i, l) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(l).map_err(|_| err(i + 1, LogErrorKind::NotJson))?;
        if !v.is_object() {
            return Err(err(i + 1, LogErrorKind::NotJson));
        }
        lines.push((i + 1, v));
    }
    Ok(lines)
}

/// The match its opening line names.
fn logged_match(first: Option<&Line>) -> Result<LoggedMatch, LogError> {
    let first = first.ok_or(err(0, LogErrorKind::NotALog))?;
    if first.1.get("event").and_then(Value::as_str) != Some("match") {
        return Err(err(first.0, LogErrorKind::NotALog));
    }
    Ok(LoggedMatch {
        home: text_field(first, "home")?.to_string(),
        away: text_field(first, "away")?.to_string(),
        seed: field(first, "seed")?
            .as_u64()
            .ok_or(err(first.0, LogErrorKind::Field("seed")))?,
        options: options_of(first)?,
    })
}

/// The match the log `text` records (its first line), without replaying it.
pub fn header(text: &str) -> Result<LoggedMatch, LogError> {
    let first = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty());
    let first = match first {
        Some((i, l)) => Some((
            i + 1,
            serde_json::from_str::<Value>(l).map_err(|_| err(i + 1, LogErrorKind::NotJson))?,
        )),
        None => None,
    };
    logged_match(first.as_ref())
}

/// Replays the ball log `text`: every event of the match rebuilt is written to `rec`, and
/// `each` is told of every decision with the state it was made in and the choice made.
/// Returns the match the log names and its final state.
pub fn replay<R: Recorder + ?Sized>(
    text: &str,
    rec: &mut R,
    mut each: impl FnMut(&MatchState, Choice),
) -> Result<(LoggedMatch, MatchState), LogError> {
    let lines = parse(text)?;
    let logged = logged_match(lines.first())?;
    let of = |kinds: &[&str]| -> VecDeque<&Line> {
        lines.iter().filter(|l| kinds.contains(&event(l))).collect()
    };
    let mut packs = of(&["pack"]);
    let mut actions = of(&["toss", "discard", "ball", "exchange", "declare"]);
    let deal = *of(&["deal"])
        .front()
        .ok_or(err(0, LogErrorKind::Field("deal")))?;
    let hands = field(deal, "hands")?;
    let mut order = cards_of(&hands["home"], deal.0, "hands")?;
    order.extend(cards_of(&hands["away"], deal.0, "hands")?);
    order.extend(cards_of(field(deal, "pickup")?, deal.0, "pickup")?);
    if order.len() != 110 || CardCounts::from_cards(&order) != CardCounts::FULL {
        return Err(err(
            deal.0,
            LogErrorKind::Cards("the deal is not the double pack"),
        ));
    }
    let mut state = MatchState::new(logged.options);
    let mut ball: Option<&Line> = None;
    let end = lines.last().map_or(0, |l| l.0);
    loop {
        match state.chance() {
            Some(Chance::Deal) => state.deal(&order, rec),
            Some(Chance::Toss) => {
                let toss = actions.front().ok_or(err(end, LogErrorKind::Unfinished))?;
                state.toss(side_of(toss, "winner")?, rec);
            }
            Some(Chance::Reshuffle) => {
                let pack = packs
                    .pop_front()
                    .ok_or(err(end, LogErrorKind::Unfinished))?;
                let pile = cards_of(field(pack, "pickup")?, pack.0, "pickup")?;
                state.reshuffle(&pile, rec).map_err(|_| {
                    err(
                        pack.0,
                        LogErrorKind::Cards("the new pack is not the discard pile"),
                    )
                })?;
            }
            None => {
                let Some((_, decision)) = state.to_act() else {
                    break;
                };
                let at = actions.front().map_or(end, |l| l.0);
                let choice = match decision {
                    Decision::Elect => {
                        let t = take(&mut actions, end)?;
                        match text_field(t, "elected")? {
                            "bat" => Choice::Elect(Election::Bat),
                            "bowl" => Choice::Elect(Election::Bowl),
                            _ => return Err(err(t.0, LogErrorKind::Field("elected"))),
                        }
                    }
                    Decision::OpeningDiscard => {
                        let d = take(&mut actions, end)?;
                        Choice::Card(card_of(field(d, "card")?, d.0, "card")?)
                    }
                    Decision::Declare if next(&actions) == "declare" => {
                        take(&mut actions, end)?;
                        Choice::Declare
                    }
                    Decision::Declare => Choice::Continue,
                    Decision::Bowl => {
                        let b = take(&mut actions, end)?;
                        ball = Some(b);
                        Choice::Card(card_of(field(b, "bowler_card")?, b.0, "bowler_card")?)
                    }
                    Decision::Respond { .. } => {
                        let b = ball.ok_or(err(at, LogErrorKind::Field("bat_card")))?;
                        match field(b, "bat_card")? {
                            Value::Null => Choice::NoCard,
                            c => Choice::Card(card_of(c, b.0, "bat_card")?),
                        }
                    }
                    Decision::Exchange if next(&actions) == "exchange" => {
                        let x = take(&mut actions, end)?;
                        let out = cards_of(field(x, "out")?, x.0, "out")?;
                        Choice::Exchange([out.first().copied(), out.get(1).copied()])
                    }
                    Decision::Exchange => Choice::Exchange([None, None]),
                };
                each(&state, choice);
                state
                    .apply(choice, rec)
                    .map_err(|e| err(at, LogErrorKind::Illegal(e)))?;
            }
        }
    }
    Ok((logged, state))
}
