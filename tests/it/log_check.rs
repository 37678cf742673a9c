//! An independent check of the ball log: it re-reads `shared/spec/ball-log.md` and
//! `shared/spec/rules.md` from scratch, using none of the engine's code, and follows every
//! card from the deal to the result. It is run on logs written by `accc match --log` for
//! many seeds and option sets.

use serde_json::Value;
use std::collections::VecDeque;

const SUITS: [&str; 5] = ["pads", "bats", "balls", "stumps", "gloves"];
const RUNS: [u32; 10] = [1, 1, 1, 2, 2, 3, 4, 4, 4, 6];
const BYES: [u32; 10] = [1, 1, 2, 2, 3, 4, 4, 4, 4, 4];
const MODES: [[&str; 5]; 5] = [
    ["bowled", "caught", "caught", "bowled", "caught"],
    ["lbw", "bowled", "caught", "run out", "caught"],
    ["lbw", "caught", "bowled", "bowled", "caught"],
    ["lbw", "caught", "bowled", "bowled", "stumped"],
    ["caught", "caught", "bowled", "caught", "bowled"],
];

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
struct C {
    rank: u32,
    suit: usize,
}

fn card(v: &Value) -> C {
    let s = v
        .as_str()
        .unwrap_or_else(|| panic!("card is not a string: {v}"));
    let (r, su) = s
        .split_once(' ')
        .unwrap_or_else(|| panic!("bad card {s:?}"));
    let rank: u32 = r.parse().unwrap();
    assert!((1..=11).contains(&rank), "bad rank in {s:?}");
    let suit = SUITS
        .iter()
        .position(|&x| x == su)
        .unwrap_or_else(|| panic!("bad suit in {s:?}"));
    C { rank, suit }
}

fn cards(v: &Value) -> Vec<C> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(card)
        .collect()
}

fn side_ix(v: &Value) -> usize {
    match v.as_str() {
        Some("home") => 0,
        Some("away") => 1,
        _ => panic!("bad side {v}"),
    }
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn u(v: &Value, key: &str) -> u32 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} missing or not a number in {v}")) as u32
}

fn sorted(mut v: Vec<C>) -> Vec<C> {
    v.sort();
    v
}

/// The result an ended innings implies: outcome, winning side, margin, points of each side.
type ExpectedResult = (String, Option<usize>, Option<String>, [u32; 2]);

/// The checker's own model of a match.
struct Model {
    batsmen: u32,
    max_packs: u32,
    nb_on: bool,
    wide_on: bool,
    bye_on: bool,
    hands: [Vec<C>; 2],
    pickup: VecDeque<C>, // front = top
    discard: Vec<C>,     // last = top
    pack: u32,
    exhausted: bool,
    pending_packs: VecDeque<Value>,
    first_bat: usize,
    nb_suit: usize,
    innings: u32,
    batting: usize,
    totals: [Vec<u32>; 2],
    total: u32,
    wickets: u32,
    balls: u32,
    over_balls: u32,
    over_deliveries: u32,
    striker: u32,
    non_striker: u32,
    next_in: u32,
    last_bowled: Option<C>,
    wicket_last_ball: bool,
    match_over: bool,
    /// The innings must end before anything else happens: all out, the target passed, or
    /// time up (the last pack used up at an over's end, or a hand empty).
    must_end: bool,
    /// An innings ended, and what that implies for the result.
    expected_result: Option<ExpectedResult>,
}

impl Model {
    fn draw(&mut self, side: usize, by: &str) {
        if self.exhausted {
            return;
        }
        let c = self
            .pickup
            .pop_front()
            .expect("the pickup pile is never empty before exhaustion");
        self.hands[side].push(c);
        if self.pickup.is_empty() {
            if self.pack < self.max_packs {
                let p = self
                    .pending_packs
                    .pop_front()
                    .unwrap_or_else(|| panic!("pack {} ran out but no pack line", self.pack));
                assert_eq!(u(&p, "number"), self.pack + 1, "pack number");
                assert_eq!(
                    p["after"].as_str(),
                    Some(by),
                    "pack formed after whose draw"
                );
                let new = cards(&p["pickup"]);
                let rest = self.discard[..self.discard.len() - 1].to_vec();
                assert_eq!(
                    sorted(new.clone()),
                    sorted(rest),
                    "new pack must be the discard pile but its top"
                );
                let top = *self.discard.last().unwrap();
                self.discard = vec![top];
                self.pickup = new.into();
                self.pack += 1;
            } else {
                self.exhausted = true;
            }
        }
    }

    fn take(&mut self, side: usize, c: C) {
        let i = self.hands[side]
            .iter()
            .position(|&x| x == c)
            .unwrap_or_else(|| panic!("{c:?} is not in side {side}'s hand"));
        self.hands[side].remove(i);
    }

    fn count_cards(&self) {
        let n = self.hands[0].len() + self.hands[1].len() + self.pickup.len() + self.discard.len();
        assert_eq!(n, 110, "all 110 cards accounted for");
        assert!(
            self.hands.iter().all(|h| h.len() <= 6),
            "hands hold at most 6 in play"
        );
    }

    /// Notes whether the innings must end now.
    fn check_end(&mut self) {
        let mine: u32 = self.totals[self.batting].iter().sum::<u32>() + self.total;
        let theirs: u32 = self.totals[1 - self.batting].iter().sum();
        let all_out = self.wickets == self.batsmen - 1;
        let target_passed = self.innings == 4 && mine > theirs;
        let time_up = (self.exhausted && self.over_deliveries == 0)
            || self.hands.iter().any(|h| h.is_empty());
        self.must_end = all_out || target_passed || time_up;
    }

    fn ball(&mut self, b: &Value) {
        assert!(!self.match_over, "no ball after the match is over");
        assert!(!self.must_end, "the innings should have ended before {b}");
        assert!(
            !(self.exhausted && self.over_deliveries == 0),
            "no new over once the last pack is used up"
        );
        let bowling = 1 - self.batting;
        assert_eq!(u(b, "innings"), self.innings);
        assert_eq!(
            u(b, "pack"),
            self.pack,
            "pack in use when the bowler played"
        );
        let bc = card(&b["bowler_card"]);
        let top = *self.discard.last().unwrap();
        assert_eq!(card(&b["top_before"]), top, "top_before");
        assert_eq!(
            b["no_ball_suit"].as_str(),
            Some(SUITS[self.nb_suit]),
            "no-ball suit"
        );
        assert_eq!(
            (u(b, "striker"), u(b, "non_striker")),
            (self.striker, self.non_striker),
            "batsmen"
        );
        let bat = if b["bat_card"].is_null() {
            None
        } else {
            Some(card(&b["bat_card"]))
        };
        // the call
        let called = if self.nb_on && bc.suit == self.nb_suit {
            "no_ball"
        } else if self.wide_on && bc.rank == top.rank {
            if bat.is_some() {
                "wide_revoked"
            } else {
                "wide"
            }
        } else if self.bye_on && bc.rank == top.rank + 1 {
            "bye"
        } else {
            "normal"
        };
        assert_eq!(
            b["call"].as_str(),
            Some(called),
            "call for {bc:?} on {top:?}"
        );
        if matches!(called, "normal" | "wide_revoked") {
            assert!(bat.is_some(), "a normal delivery needs the batsman's card");
        }
        if called == "bye" {
            assert!(bat.is_none(), "no card is played on a bye");
        }
        // play and draw: bowler first, then batsman
        self.take(bowling, bc);
        self.discard.push(bc);
        self.draw(bowling, "bowler");
        if let Some(c) = bat {
            self.take(self.batting, c);
            self.discard.push(c);
            self.draw(self.batting, "batsman");
        }
        assert!(
            self.pending_packs.is_empty(),
            "a pack line with no pack formed"
        );
        self.last_bowled = Some(bc);
        // the score
        let (mut runs, mut extras, mut counts, mut out) = (0, 0, true, None::<String>);
        match called {
            "no_ball" => {
                extras = 1;
                counts = false;
                if let Some(c) = bat {
                    if c.rank > bc.rank {
                        runs = RUNS[(c.rank - bc.rank - 1) as usize];
                    }
                }
            }
            "wide" => {
                counts = false;
                extras = if bc.rank == 11 && top.rank == 11 && bc.suit != top.suit {
                    4
                } else {
                    1
                };
            }
            "bye" => {
                extras = if bc.rank == 11 && top.suit == bc.suit {
                    0
                } else {
                    BYES[(bc.rank - 2) as usize]
                }
            }
            _ => {
                let c = bat.unwrap();
                if c.suit == bc.suit {
                    let weakest = match self.striker {
                        6..=8 => 1,
                        9..=11 => 2,
                        _ => 0,
                    };
                    if c.rank > bc.rank {
                        runs = RUNS[(c.rank - bc.rank - 1) as usize];
                    } else if c.rank < bc.rank && c.rank <= weakest {
                        out = Some("bowled".into());
                    }
                } else if c.rank < bc.rank {
                    out = Some(MODES[bc.suit][c.suit].into());
                }
            }
        }
        assert_eq!(u(b, "runs"), runs, "runs off the bat: {b}");
        assert_eq!(u(b, "extras"), extras, "extras: {b}");
        assert_eq!(b["counts"].as_bool(), Some(counts), "counts: {b}");
        match (&out, &b["wicket"]) {
            (None, w) => assert!(w.is_null(), "no wicket expected: {b}"),
            (Some(how), w) => {
                assert_eq!(
                    w["how"].as_str(),
                    Some(how.as_str()),
                    "mode of dismissal: {b}"
                );
                assert_eq!(u(w, "batsman"), self.striker, "the striker is out");
            }
        }
        self.total += runs + extras;
        if counts {
            self.balls += 1;
            self.over_balls += 1;
        }
        self.over_deliveries += 1;
        let crossed = runs + if called == "bye" { extras } else { 0 };
        if crossed % 2 == 1 {
            std::mem::swap(&mut self.striker, &mut self.non_striker);
        }
        self.wicket_last_ball = out.is_some();
        if out.is_some() {
            self.wickets += 1;
            if self.wickets < self.batsmen - 1 {
                self.striker = self.next_in;
                self.next_in += 1;
            }
        }
        if self.over_balls == 6 {
            self.over_balls = 0;
            self.over_deliveries = 0;
            self.nb_suit = bc.suit;
            std::mem::swap(&mut self.striker, &mut self.non_striker);
        }
        assert_eq!(
            (u(b, "total"), u(b, "wickets"), u(b, "balls")),
            (self.total, self.wickets, self.balls),
            "score after {b}"
        );
        self.count_cards();
        self.check_end();
    }

    fn exchange(&mut self, e: &Value) {
        assert!(!self.must_end, "the innings should have ended before {e}");
        assert!(self.wicket_last_ball, "an exchange only follows a wicket");
        assert!(
            !self.exhausted,
            "no exchanges once the last pack is used up"
        );
        assert_eq!(side_ix(&e["side"]), self.batting);
        let out = cards(&e["out"]);
        let drawn = cards(&e["in"]);
        assert!(
            (1..=2).contains(&out.len()) && out.len() == drawn.len(),
            "exchange sizes: {e}"
        );
        for (c, d) in out.iter().zip(&drawn) {
            assert!(
                !self.exhausted,
                "no exchange after the last pack is used up"
            );
            self.take(self.batting, *c);
            let under = self.discard.len() - 1;
            self.discard.insert(under, *c);
            let want = *self.pickup.front().unwrap();
            assert_eq!(want, *d, "the card drawn in exchange is the pickup's top");
            self.draw(self.batting, "exchange");
        }
        assert!(
            self.pending_packs.is_empty(),
            "a pack line with no pack formed"
        );
        self.wicket_last_ball = false;
        self.count_cards();
        self.check_end();
    }

    fn start_innings(&mut self, v: &Value) {
        self.innings += 1;
        assert_eq!(u(v, "number"), self.innings, "innings number");
        let batting = if self.innings % 2 == 1 {
            self.first_bat
        } else {
            1 - self.first_bat
        };
        assert_eq!(side_ix(&v["batting"]), batting, "batting order A, B, A, B");
        if let Some(c) = self.last_bowled {
            self.nb_suit = c.suit;
        }
        assert_eq!(
            v["no_ball_suit"].as_str(),
            Some(SUITS[self.nb_suit]),
            "no-ball suit at the start of the innings"
        );
        self.batting = batting;
        (
            self.total,
            self.wickets,
            self.balls,
            self.over_balls,
            self.over_deliveries,
        ) = (0, 0, 0, 0, 0);
        (self.striker, self.non_striker, self.next_in) = (1, 2, 3);
        self.wicket_last_ball = false;
    }

    fn end_innings(&mut self, v: &Value) {
        self.must_end = false;
        assert_eq!(u(v, "number"), self.innings);
        assert_eq!(side_ix(&v["batting"]), self.batting);
        assert_eq!(
            (u(v, "total"), u(v, "wickets"), u(v, "balls")),
            (self.total, self.wickets, self.balls)
        );
        self.totals[self.batting].push(self.total);
        let mine: u32 = self.totals[self.batting].iter().sum();
        let theirs: u32 = self.totals[1 - self.batting].iter().sum();
        let reason = v["reason"].as_str().unwrap();
        let all_out = self.wickets == self.batsmen - 1;
        let out_of_cards = self.hands.iter().any(|h| h.is_empty());
        let time_up = (self.exhausted && self.over_deliveries == 0) || out_of_cards;
        let bat = self.batting;
        let (who, r) = (Some(bat), &mut self.expected_result);
        match reason {
            "all_out" => assert!(
                all_out && !(self.innings == 3 && mine < theirs),
                "all_out: {v}"
            ),
            "declared" => assert!(!all_out, "declared with wickets left"),
            "target" => {
                assert!(
                    self.innings == 4 && mine > theirs,
                    "target passed in the fourth innings"
                );
                let left = self.batsmen - 1 - self.wickets;
                *r = Some((
                    "win".into(),
                    who,
                    Some(plural(left, "wicket")),
                    points(bat, 4, 0),
                ));
            }
            "innings_defeat" => {
                assert!(
                    self.innings == 3 && mine < theirs,
                    "innings defeat: third innings still behind"
                );
                let m = format!("an innings and {}", plural(theirs - mine, "run"));
                *r = Some(("win".into(), Some(1 - bat), Some(m), points(bat, 0, 4)));
            }
            "time" => assert!(
                time_up,
                "time: the last pack's over must be complete, or a hand empty"
            ),
            _ => panic!("bad reason {reason}"),
        }
        if r.is_none() && self.innings == 4 && matches!(reason, "all_out" | "declared") {
            *r = Some(if mine == theirs {
                ("tie".into(), None, None, [2, 2])
            } else {
                (
                    "win".into(),
                    Some(1 - bat),
                    Some(plural(theirs - mine, "run")),
                    points(bat, 0, 4),
                )
            });
        }
        if r.is_none() && (reason == "time" || self.exhausted || self.innings == 4) {
            let one_short = self.innings == 4 && mine == theirs;
            *r = Some((
                "draw".into(),
                None,
                None,
                if one_short { points(bat, 2, 1) } else { [1, 1] },
            ));
        }
        self.match_over = r.is_some();
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn result(&self, v: &Value) {
        let (outcome, winner, margin, pts) = self.expected_result.clone().expect("the match ended");
        assert_eq!(v["outcome"].as_str(), Some(outcome.as_str()), "outcome");
        let w = v["winner"]
            .as_str()
            .map(|s| side_ix(&Value::String(s.into())));
        assert_eq!(w, winner, "winner");
        assert_eq!(
            v["margin"].as_str().map(str::to_string),
            margin.map(|m| format!("by {m}")),
            "margin"
        );
        assert_eq!(
            [u(&v["points"], "home"), u(&v["points"], "away")],
            pts,
            "points"
        );
        for (i, side) in ["home", "away"].iter().enumerate() {
            let t: Vec<u32> = v["totals"][side]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(t, self.totals[i], "{side} totals");
        }
        assert_eq!(u(v, "packs_used"), self.pack, "packs used");
    }
}

fn points(bat: usize, to_bat: u32, to_bowl: u32) -> [u32; 2] {
    let mut p = [0; 2];
    p[bat] = to_bat;
    p[1 - bat] = to_bowl;
    p
}

fn plural(n: u32, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Checks a whole log; panics with the first fault found.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
pub fn check_log(text: &str) {
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(lines[0]["event"], "match", "first line");
    assert_eq!(lines.last().unwrap()["event"], "result", "last line");
    let o = &lines[0]["options"];
    let (ppd, days) = (u(o, "packs_per_session"), u(o, "days"));
    assert_eq!(u(o, "max_packs"), 3 * ppd * days);
    let mut m = Model {
        batsmen: u(o, "batsmen"),
        max_packs: u(o, "max_packs"),
        nb_on: o["no_balls"].as_bool().unwrap(),
        wide_on: o["wides"].as_bool().unwrap(),
        bye_on: o["byes"].as_bool().unwrap(),
        hands: [vec![], vec![]],
        pickup: VecDeque::new(),
        discard: vec![],
        pack: 1,
        exhausted: false,
        pending_packs: VecDeque::new(),
        first_bat: 0,
        nb_suit: 0,
        innings: 0,
        batting: 0,
        totals: [vec![], vec![]],
        total: 0,
        wickets: 0,
        balls: 0,
        over_balls: 0,
        over_deliveries: 0,
        striker: 1,
        non_striker: 2,
        next_in: 3,
        last_bowled: None,
        wicket_last_ball: false,
        match_over: false,
        must_end: false,
        expected_result: None,
    };
    let mut discards = 0;
    for v in &lines[1..] {
        match v["event"].as_str().unwrap() {
            "deal" => {
                m.hands = [cards(&v["hands"]["home"]), cards(&v["hands"]["away"])];
                assert!(m.hands.iter().all(|h| h.len() == 7), "seven cards each");
                m.pickup = cards(&v["pickup"]).into();
                assert_eq!(m.pickup.len(), 96);
                let mut all: Vec<C> = m.hands.concat();
                all.extend(m.pickup.iter());
                let mut want: Vec<C> = (0..110)
                    .map(|i| C {
                        rank: (i % 11) as u32 + 1,
                        suit: (i % 55) / 11,
                    })
                    .collect();
                want.sort();
                assert_eq!(sorted(all), want, "the deal uses every card twice");
            }
            "toss" => {
                let w = side_ix(&v["winner"]);
                m.first_bat = if v["elected"] == "bat" {
                    w
                } else {
                    assert_eq!(v["elected"], "bowl");
                    1 - w
                };
            }
            "discard" => {
                let side = side_ix(&v["side"]);
                let expect = if discards == 0 {
                    1 - m.first_bat
                } else {
                    m.first_bat
                };
                assert_eq!(side, expect, "the bowling side discards first");
                let c = card(&v["card"]);
                m.take(side, c);
                m.discard.push(c);
                if discards == 0 {
                    m.nb_suit = c.suit;
                }
                discards += 1;
            }
            "innings" => {
                assert_eq!(discards, 2, "both discards before play");
                m.start_innings(v)
            }
            "pack" => m.pending_packs.push_back(v.clone()),
            "ball" => m.ball(v),
            "exchange" => m.exchange(v),
            "declare" => {
                assert!(!m.must_end, "the innings should have ended before {v}");
                assert_eq!(
                    (u(v, "innings"), side_ix(&v["side"])),
                    (m.innings, m.batting)
                );
                assert_eq!((u(v, "total"), u(v, "wickets")), (m.total, m.wickets));
            }
            "innings_end" => m.end_innings(v),
            "result" => m.result(v),
            other => panic!("unknown event {other}"),
        }
    }
    assert!(m.match_over, "the log ends with the match decided");
}
