//! The ball-by-ball log: a [`Recorder`] that writes a match as JSON Lines, one object per
//! event, exactly as `shared/spec/ball-log.md` lays down (described in the project's own
//! words, with the fields this program adds, in `docs/FORMATS.md`). Piles are written top
//! card first.

pub mod read;

use serde_json::{json, Value};

use crate::cards::Card;
use crate::engine::{BallRecord, Event, MatchOptions, Recorder, Side};

/// Builds the log of one match in memory.
#[derive(Debug, Clone)]
pub struct BallLog {
    lines: Vec<String>,
    totals: [Vec<u16>; 2],
    pack: u16,
    result: Option<Value>,
}

/// Cards top first, from a pile stored top last.
fn top_first(pile: &[Card]) -> Vec<String> {
    pile.iter().rev().map(Card::to_string).collect()
}

fn cards(cs: &[Card]) -> Vec<String> {
    cs.iter().map(Card::to_string).collect()
}

impl BallLog {
    /// A log opened with its `match` line.
    pub fn new(home: &str, away: &str, seed: u64, options: &MatchOptions) -> BallLog {
        BallLog {
            lines: vec![match_json(home, away, seed, options).to_string()],
            totals: [Vec::new(), Vec::new()],
            pack: 1,
            result: None,
        }
    }

    /// The log's lines, each one JSON object.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The whole log as JSON Lines text.
    pub fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }

    /// The `result` object, once the match is over.
    pub fn result(&self) -> Option<&Value> {
        self.result.as_ref()
    }

    fn push(&mut self, v: Value) {
        self.lines.push(v.to_string());
    }
}

/// The `match` object that opens a log.
pub fn match_json(home: &str, away: &str, seed: u64, options: &MatchOptions) -> Value {
    let o = options;
    json!({
        "event": "match", "home": home, "away": away, "seed": seed,
        "options": {
            "no_balls": o.no_balls, "wides": o.wides, "byes": o.byes, "batsmen": o.batsmen,
            "packs_per_session": o.packs_per_session, "days": o.days, "max_packs": o.max_packs(),
        }
    })
}

/// The `ball` object of a delivery.
pub fn ball_json(b: &BallRecord) -> Value {
    let wicket = b
        .wicket
        .map(|(batsman, how)| json!({"batsman": batsman, "how": how.name()}));
    json!({
        "event": "ball", "innings": b.innings, "pack": b.pack,
        "bowler_card": b.bowler_card.to_string(), "top_before": b.top_before.to_string(),
        "no_ball_suit": b.no_ball_suit.name(), "call": b.call.name(),
        "bat_card": b.bat_card.map(|c| c.to_string()),
        "striker": b.striker, "non_striker": b.non_striker,
        "runs": b.runs, "extras": b.extras(), "counts": b.counts, "wicket": wicket,
        "total": b.total, "wickets": b.wickets, "balls": b.balls,
        "no_balls": b.no_balls, "wides": b.wides, "byes": b.byes,
    })
}

impl Recorder for BallLog {
    fn record(&mut self, event: &Event<'_>) {
        let v = self.event_json(event);
        self.push(v);
    }
}

impl BallLog {
    /// The object `event` is written as, the log's running figures (the pack in use, the
    /// innings totals) brought up to date but the line not kept: `record` keeps it, and the
    /// reading of a log compares it with the line the log has there.
    pub fn event_json(&mut self, event: &Event<'_>) -> Value {
        match *event {
            Event::Deal { home, away, pickup } => json!({
                "event": "deal", "hands": {"home": cards(home), "away": cards(away)}, "pickup": top_first(pickup),
            }),
            Event::Toss { winner, elected } => {
                json!({"event": "toss", "winner": winner.name(), "elected": elected.name()})
            }
            Event::Discard { side, card } => {
                json!({"event": "discard", "side": side.name(), "card": card.to_string()})
            }
            Event::InningsStart {
                number,
                batting,
                no_ball_suit,
            } => json!({
                "event": "innings", "number": number, "batting": batting.name(), "no_ball_suit": no_ball_suit.name(),
            }),
            Event::Pack {
                number,
                after,
                pickup,
            } => {
                self.pack = number;
                json!({"event": "pack", "number": number, "after": after.name(), "pickup": top_first(pickup)})
            }
            Event::Ball(b) => ball_json(b),
            Event::Exchange { side, out, drawn } => {
                json!({"event": "exchange", "side": side.name(), "out": cards(out), "in": cards(drawn)})
            }
            Event::Declare {
                innings,
                side,
                total,
                wickets,
            } => json!({
                "event": "declare", "innings": innings, "side": side.name(), "total": total, "wickets": wickets,
            }),
            Event::InningsEnd {
                number,
                batting,
                total,
                wickets,
                balls,
                reason,
            } => {
                self.totals[batting.index()].push(total);
                json!({
                    "event": "innings_end", "number": number, "batting": batting.name(), "total": total,
                    "wickets": wickets, "balls": balls, "reason": reason.name(),
                })
            }
            Event::Result(r) => {
                let v = json!({
                    "event": "result", "outcome": r.outcome.name(), "winner": r.winner.map(Side::name),
                    "margin": r.margin.map(|m| m.text()),
                    "totals": {"home": self.totals[0], "away": self.totals[1]},
                    "points": {"home": r.points[0], "away": r.points[1]},
                    "packs_used": self.pack,
                });
                self.result = Some(v.clone());
                v
            }
        }
    }
}
