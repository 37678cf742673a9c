//! Reading a ball log back: the match it records rebuilt card by card from its deal, its packs
//! and the choices it records, with each decision handed to the caller with the state it was
//! made in (for a review of one side's play, or to check that the log replays exactly).

use std::collections::VecDeque;
use std::fmt;

use serde_json::Value;

use super::{match_json, BallLog};
use crate::cards::{Card, CardCounts};
use crate::engine::{
    Chance, Choice, Decision, Election, Event, IllegalChoice, MatchOptions, MatchState, Recorder,
    Side,
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
    /// A figure the log records is not the one its cards make: `what` it is, the words for
    /// what made it (`by`, "that ball makes"), and the two values as told.
    Disagrees {
        what: &'static str,
        by: &'static str,
        logged: String,
        made: String,
    },
    /// The log has one thing (`logged`, in words) where the match its cards make has
    /// another.
    OutOfPlace {
        logged: &'static str,
        made: &'static str,
    },
    /// The log goes on, with this, after the match is over.
    AfterTheEnd(&'static str),
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
            LogErrorKind::Disagrees {
                what,
                by,
                logged,
                made,
            } => write!(f, "the log says {logged} for {what}, but {by} {made}"),
            LogErrorKind::OutOfPlace { logged, made } => {
                write!(f, "the log has {logged} here, where its cards make {made}")
            }
            LogErrorKind::AfterTheEnd(what) => {
                write!(f, "the log has {what} after the match is over")
            }
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
            .and_then(|n| u8::try_from(n).ok())
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

/// An event of the format: its name, what it is in words, the words for what makes its
/// figures, the fields `shared/spec/ball-log.md` lists for it (JSON pointers into its
/// object), each with what it holds, and the fields this program writes there beyond the
/// spec's (`own`, each named in its words by its JSON name too, as the spec does not tell of
/// it). A line must agree with the replay on every listed field, and on each of the
/// program's own that it has: a log by another writer may lack them. Any other field is its
/// writer's own and is not compared.
struct Kind {
    event: &'static str,
    told: &'static str,
    by: &'static str,
    fields: &'static [(&'static str, &'static str)],
    own: &'static [(&'static str, &'static str)],
}

const KINDS: &[Kind] = &[
    Kind {
        event: "match",
        told: "a match's opening",
        by: "its options make",
        fields: &[
            ("/home", "the home county"),
            ("/away", "the away county"),
            ("/seed", "the seed"),
            ("/options/no_balls", "whether no-balls are called"),
            ("/options/wides", "whether wides are called"),
            ("/options/byes", "whether byes are run"),
            ("/options/batsmen", "the batsmen a side"),
            ("/options/packs_per_session", "the packs a session"),
            ("/options/days", "the days"),
            ("/options/max_packs", "the most packs the match may use"),
        ],
        own: &[],
    },
    Kind {
        event: "deal",
        told: "the deal",
        by: "the cards dealt make",
        fields: &[
            ("/hands/home", "the home side's hand"),
            ("/hands/away", "the away side's hand"),
            ("/pickup", "the pickup pile"),
        ],
        own: &[],
    },
    Kind {
        event: "toss",
        told: "the toss",
        by: "the toss makes",
        fields: &[("/winner", "the toss's winner"), ("/elected", "its choice")],
        own: &[],
    },
    Kind {
        event: "discard",
        told: "an opening discard",
        by: "the match makes",
        fields: &[("/side", "the side discarding"), ("/card", "the card")],
        own: &[],
    },
    Kind {
        event: "innings",
        told: "the start of an innings",
        by: "that innings makes",
        fields: &[
            ("/number", "the innings' number"),
            ("/batting", "the side batting"),
            ("/no_ball_suit", "the no-ball suit"),
        ],
        own: &[],
    },
    Kind {
        event: "pack",
        told: "a new pack",
        by: "the match makes",
        fields: &[
            ("/number", "the pack's number"),
            ("/after", "whose draw used up the old pack"),
            ("/pickup", "the new pack"),
        ],
        own: &[],
    },
    Kind {
        event: "ball",
        told: "a ball",
        by: "that ball makes",
        fields: &[
            ("/innings", "the innings"),
            ("/pack", "the pack in use"),
            ("/bowler_card", "the bowler's card"),
            ("/top_before", "the top of the discard pile"),
            ("/no_ball_suit", "the no-ball suit"),
            ("/call", "the call"),
            ("/bat_card", "the batsman's card"),
            ("/striker", "the striker"),
            ("/non_striker", "the non-striker"),
            ("/runs", "the runs off the bat"),
            ("/extras", "the extras"),
            ("/counts", "whether it is one of the over's six"),
            ("/wicket", "the wicket"),
            ("/total", "the total"),
            ("/wickets", "the wickets down"),
            ("/balls", "the balls that counted"),
        ],
        own: &[
            ("/no_balls", "the no-ball extras (\"no_balls\")"),
            ("/wides", "the wide extras (\"wides\")"),
            ("/byes", "the byes (\"byes\")"),
        ],
    },
    Kind {
        event: "exchange",
        told: "an exchange of cards",
        by: "that exchange makes",
        fields: &[
            ("/side", "the side changing cards"),
            ("/out", "the cards put out"),
            ("/in", "the cards drawn"),
        ],
        own: &[],
    },
    Kind {
        event: "declare",
        told: "a declaration",
        by: "the match makes",
        fields: &[
            ("/innings", "the innings"),
            ("/side", "the side declaring"),
            ("/total", "the total"),
            ("/wickets", "the wickets down"),
        ],
        own: &[],
    },
    Kind {
        event: "innings_end",
        told: "the end of an innings",
        by: "that innings makes",
        fields: &[
            ("/number", "the innings' number"),
            ("/batting", "the side batting"),
            ("/total", "the total"),
            ("/wickets", "the wickets down"),
            ("/balls", "the balls that counted"),
            ("/reason", "why it ended"),
        ],
        own: &[],
    },
    Kind {
        event: "result",
        told: "the result",
        by: "the match makes",
        fields: &[
            ("/outcome", "the outcome"),
            ("/winner", "the winner"),
            ("/margin", "the margin"),
            ("/totals/home", "the home side's innings totals"),
            ("/totals/away", "the away side's innings totals"),
            ("/points/home", "the home side's points"),
            ("/points/away", "the away side's points"),
            ("/packs_used", "the packs used"),
        ],
        own: &[],
    },
];

/// The event named `name`, if the format has it.
fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.event == name)
}

/// Whether a value the log records is the one the replay makes: numbers by value, objects on
/// the replay's own fields only (a writer may add its own), anything else exactly.
fn same(logged: &Value, made: &Value) -> bool {
    match (logged, made) {
        (Value::Number(a), Value::Number(b)) => match (a.as_u64(), b.as_u64()) {
            (Some(a), Some(b)) => a == b,
            _ => a.as_f64() == b.as_f64(),
        },
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            b.iter().all(|(k, b)| a.get(k).is_some_and(|a| same(a, b)))
        }
        _ => logged == made,
    }
}

/// A value as a message tells it; `like` is the value it is told beside, and a value of
/// another type than that is shown as its JSON, so that `"4"` is not told as 4.
fn told(v: &Value, like: &Value) -> String {
    let same_type = std::mem::discriminant(v) == std::mem::discriminant(like) || like.is_null();
    match v {
        _ if !same_type && !v.is_null() => v.to_string(),
        Value::Null => "none".into(),
        Value::Bool(b) => (if *b { "yes" } else { "no" }).into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.len() > 8 => format!("{} cards", a.len()),
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(|x| told(x, x)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(o) => match (o.get("batsman"), o.get("how").and_then(Value::as_str)) {
            // "batsman 3 out caught", but "batsman 3 run out".
            (Some(b), Some("run out")) => format!("batsman {b} run out"),
            (Some(b), Some(how)) => format!("batsman {b} out {how}"),
            _ => v.to_string(),
        },
    }
}

/// Checks the line `l` against the object `made` the replay writes there, on every field the
/// format lists for its event (each must be there) and on each of this program's own fields
/// that the line has.
fn agree(l: &Line, made: &Value) -> Result<(), LogError> {
    let Some(k) = kind(event(l)) else {
        return Ok(());
    };
    let listed = k.fields.iter().map(|f| (f, true));
    for (&(pointer, what), required) in listed.chain(k.own.iter().map(|f| (f, false))) {
        let Some(m) = made.pointer(pointer) else {
            continue;
        };
        let name = &pointer[pointer.rfind('/').map_or(0, |i| i + 1)..];
        let logged = match l.1.pointer(pointer) {
            Some(logged) => logged,
            None if required => return Err(err(l.0, LogErrorKind::Field(name))),
            None => continue,
        };
        if !same(logged, m) {
            return Err(err(
                l.0,
                LogErrorKind::Disagrees {
                    what,
                    by: k.by,
                    logged: told(logged, m),
                    made: told(m, m),
                },
            ));
        }
    }
    Ok(())
}

/// The recorder a replay writes to: it hands every event on to the caller's recorder, and
/// checks it against the log's next line of an event the format has (lines of events it does
/// not know are a writer's own, and skipped). The first disagreement is kept in `fault`.
struct Checked<'a, R: ?Sized> {
    rec: &'a mut R,
    made: BallLog,
    lines: VecDeque<&'a Line>,
    end: usize,
    fault: Option<LogError>,
}

impl<R: Recorder + ?Sized> Checked<'_, R> {
    fn against(&mut self, made: &Value) -> Result<(), LogError> {
        let made_kind = made
            .get("event")
            .and_then(Value::as_str)
            .and_then(kind)
            .expect("the log's writer writes only the format's events");
        let l = self
            .lines
            .pop_front()
            .ok_or(err(self.end, LogErrorKind::Unfinished))?;
        let logged = kind(event(l)).expect("only lines of known events are kept");
        if logged.event != made_kind.event {
            return Err(err(
                l.0,
                LogErrorKind::OutOfPlace {
                    logged: logged.told,
                    made: made_kind.told,
                },
            ));
        }
        agree(l, made)
    }
}

impl<R: Recorder + ?Sized> Recorder for Checked<'_, R> {
    fn record(&mut self, e: &Event<'_>) {
        self.rec.record(e);
        if self.fault.is_none() {
            let made = self.made.event_json(e);
            self.fault = self.against(&made).err();
        }
    }
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
/// The cards of the deal line in the engine's order: the home hand, the away hand, then the
/// pickup pile; refused unless they are the double pack.
fn dealt(deal: &Line) -> Result<Vec<Card>, LogError> {
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
    Ok(order)
}

/// The choice the log records for `decision`, taken from the front of `actions` (the toss,
/// discards, balls, exchanges and declarations still to play); a ball line is kept in `ball`
/// for the batsman's answer to the card bowled from it.
fn logged_choice<'a>(
    decision: Decision,
    actions: &mut VecDeque<&'a Line>,
    ball: &mut Option<&'a Line>,
    at: usize,
    end: usize,
) -> Result<Choice, LogError> {
    Ok(match decision {
        Decision::Elect => {
            let t = take(actions, end)?;
            match text_field(t, "elected")? {
                "bat" => Choice::Elect(Election::Bat),
                "bowl" => Choice::Elect(Election::Bowl),
                _ => return Err(err(t.0, LogErrorKind::Field("elected"))),
            }
        }
        Decision::OpeningDiscard => {
            let d = take(actions, end)?;
            Choice::Card(card_of(field(d, "card")?, d.0, "card")?)
        }
        Decision::Declare if next(actions) == "declare" => {
            take(actions, end)?;
            Choice::Declare
        }
        Decision::Declare => Choice::Continue,
        Decision::Bowl => {
            let b = take(actions, end)?;
            *ball = Some(b);
            Choice::Card(card_of(field(b, "bowler_card")?, b.0, "bowler_card")?)
        }
        Decision::Respond { .. } => {
            let b = (*ball).ok_or(err(at, LogErrorKind::Field("bat_card")))?;
            match field(b, "bat_card")? {
                Value::Null => Choice::NoCard,
                c => Choice::Card(card_of(c, b.0, "bat_card")?),
            }
        }
        Decision::Exchange if next(actions) == "exchange" => {
            let x = take(actions, end)?;
            let out = cards_of(field(x, "out")?, x.0, "out")?;
            Choice::Exchange([out.first().copied(), out.get(1).copied()])
        }
        Decision::Exchange => Choice::Exchange([None, None]),
    })
}

/// Replays the ball log `text`: every event of the match rebuilt is written to `rec`, and
/// `each` is told of every decision with the state it was made in and the choice made.
/// Returns the match the log names and its final state.
///
/// The replay plays the log's cards (its deal, its packs and the choices it records) and
/// makes every other figure itself, so a log is refused unless each line, in its order,
/// records what the replay makes there: a score, a call or a result edited is found, on the
/// line it is in.
pub fn replay<R: Recorder + ?Sized>(
    text: &str,
    rec: &mut R,
    mut each: impl FnMut(&MatchState, Choice),
) -> Result<(LoggedMatch, MatchState), LogError> {
    let lines = parse(text)?;
    let logged = logged_match(lines.first())?;
    agree(
        &lines[0],
        &match_json(&logged.home, &logged.away, logged.seed, &logged.options),
    )?;
    for l in &lines {
        if l.1.get("event").and_then(Value::as_str).is_none() {
            return Err(err(l.0, LogErrorKind::Field("event")));
        }
    }
    let of = |kinds: &[&str]| -> VecDeque<&Line> {
        lines.iter().filter(|l| kinds.contains(&event(l))).collect()
    };
    let mut packs = of(&["pack"]);
    let mut actions = of(&["toss", "discard", "ball", "exchange", "declare"]);
    let order = dealt(
        *of(&["deal"])
            .front()
            .ok_or(err(0, LogErrorKind::Field("deal")))?,
    )?;
    let mut state = MatchState::new(logged.options);
    let mut ball: Option<&Line> = None;
    let end = lines.last().map_or(0, |l| l.0);
    let mut rec = Checked {
        rec,
        made: BallLog::new(&logged.home, &logged.away, logged.seed, &logged.options),
        lines: lines[1..]
            .iter()
            .filter(|l| kind(event(l)).is_some())
            .collect(),
        end,
        fault: None,
    };
    let rec = &mut rec;
    loop {
        if let Some(fault) = rec.fault.take() {
            return Err(fault);
        }
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
                let choice = logged_choice(decision, &mut actions, &mut ball, at, end)?;
                each(&state, choice);
                state
                    .apply(choice, rec)
                    .map_err(|e| err(at, LogErrorKind::Illegal(e)))?;
            }
        }
    }
    if let Some(fault) = rec.fault.take() {
        return Err(fault);
    }
    if let Some(l) = rec.lines.front() {
        let k = kind(event(l)).expect("only lines of known events are kept");
        return Err(err(l.0, LogErrorKind::AfterTheEnd(k.told)));
    }
    Ok((logged, state))
}

#[cfg(test)]
mod tests {
    use super::told;
    use serde_json::json;

    /// A wicket in a message is told as the commentary tells it: "out caught", but "run out",
    /// whose own words say out (not "batsman 3 out run out").
    #[test]
    fn a_wicket_is_told_out_caught_but_run_out() {
        let w = |how: &str| json!({"batsman": 3, "how": how});
        assert_eq!(told(&w("caught"), &w("lbw")), "batsman 3 out caught");
        assert_eq!(told(&w("run out"), &w("lbw")), "batsman 3 run out");
    }
}
