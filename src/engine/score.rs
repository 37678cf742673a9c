//! The score: innings totals, batsmen, fall of wickets, and the match result with its margin
//! and points.

use super::tables::Dismissal;
use serde::{Deserialize, Serialize};

/// One of the two sides; the first-named county is home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Home,
    Away,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Home, Side::Away];

    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }

    /// 0 for home, 1 for away.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"home"` or `"away"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Home => "home",
            Side::Away => "away",
        }
    }
}

/// Why an innings ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InningsEnd {
    AllOut,
    Declared,
    /// The side batting fourth passed its target.
    Target,
    /// The last pack ran out (or a side had no card left to play).
    Time,
    /// The third innings closed (all out or declared) still behind: the match is lost by an
    /// innings.
    InningsDefeat,
}

impl InningsEnd {
    /// The machine-readable form used in the ball log.
    pub fn name(self) -> &'static str {
        match self {
            InningsEnd::AllOut => "all_out",
            InningsEnd::Declared => "declared",
            InningsEnd::Target => "target",
            InningsEnd::Time => "time",
            InningsEnd::InningsDefeat => "innings_defeat",
        }
    }

    /// Whether the batting side closed the innings itself, with `wickets` down of `all_out`:
    /// a declaration, or a third innings declared still behind, which ends the match and is
    /// recorded as an innings defeat (only a declaration leaves such an innings short of all
    /// out).
    pub fn by_declaration(self, wickets: u8, all_out: u8) -> bool {
        match self {
            InningsEnd::Declared => true,
            InningsEnd::InningsDefeat => wickets < all_out,
            _ => false,
        }
    }
}

/// A batsman's innings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatsmanScore {
    pub runs: u16,
    /// Deliveries faced (every delivery but a wide that stood).
    pub balls: u16,
    /// Whether he went in.
    pub batted: bool,
    pub out: Option<Dismissal>,
}

/// The fall of one wicket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FallOfWicket {
    /// The innings total when the wicket fell.
    pub score: u16,
    /// Which batsman was out.
    pub batsman: u8,
    /// Runs added for this wicket.
    pub partnership: u16,
    /// Deliveries that counted so far in the innings.
    pub balls: u16,
}

/// Most batsmen a side can have; fixed arrays keep the hot loop free of allocation.
pub const MAX_BATSMEN: usize = 11;

/// One innings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InningsScore {
    pub batting: Side,
    pub total: u16,
    pub wickets: u8,
    /// Deliveries that counted in the over.
    pub balls: u16,
    pub no_balls: u16,
    pub wides: u16,
    pub byes: u16,
    pub batsmen: [BatsmanScore; MAX_BATSMEN],
    pub fall: [FallOfWicket; MAX_BATSMEN - 1],
    pub end: Option<InningsEnd>,
}

impl InningsScore {
    pub fn new(batting: Side) -> InningsScore {
        InningsScore {
            batting,
            total: 0,
            wickets: 0,
            balls: 0,
            no_balls: 0,
            wides: 0,
            byes: 0,
            batsmen: [BatsmanScore::default(); MAX_BATSMEN],
            fall: [FallOfWicket::default(); MAX_BATSMEN - 1],
            end: None,
        }
    }

    pub fn extras(&self) -> u16 {
        self.no_balls + self.wides + self.byes
    }

    /// Overs as cricket writes them: `14.3` is 14 overs and 3 balls.
    pub fn overs(&self) -> String {
        overs_text(self.balls)
    }

    /// The wickets that have fallen, in order.
    pub fn falls(&self) -> &[FallOfWicket] {
        &self.fall[..self.wickets as usize]
    }

    /// The innings total at the fall of the latest wicket (0 before any).
    pub fn last_wicket_score(&self) -> Option<u16> {
        self.falls().last().map(|f| f.score)
    }

    /// Runs added since the last wicket (the current, or unbroken, partnership).
    pub fn partnership(&self) -> u16 {
        self.total - self.last_wicket_score().unwrap_or(0)
    }

    /// The score as the scoreboard writes it: `99` all out, `237-6d` declared, `37-5`
    /// otherwise (batting, or ended by time or a won chase).
    pub fn score_text(&self, all_out: u8) -> String {
        score_text(self.total, self.wickets, self.end, all_out)
    }
}

/// An innings as a scoreboard writes it: `237` all out, `301-7d` declared, else `120-5`
/// (`end` is `None` while the innings is in play). One rule for the match, its summary and
/// the records.
pub fn score_text(total: u16, wickets: u8, end: Option<InningsEnd>, all_out: u8) -> String {
    match end {
        Some(_) if wickets >= all_out => total.to_string(),
        Some(end) if end.by_declaration(wickets, all_out) => format!("{total}-{wickets}d"),
        _ => format!("{total}-{wickets}"),
    }
}

/// `balls` as overs: `14.3`.
pub fn overs_text(balls: u16) -> String {
    format!("{}.{}", balls / 6, balls % 6)
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Win,
    Tie,
    Draw,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Tie => "tie",
            Outcome::Draw => "draw",
        }
    }
}

/// The size of a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Margin {
    /// Won by an innings and this many runs.
    Innings(u16),
    /// The side batting fourth was bowled out this many runs short.
    Runs(u16),
    /// The side batting fourth passed its target with this many wickets left.
    Wickets(u8),
}

pub use crate::text::plural;

impl Margin {
    /// The margin as it follows "won": `by an innings and 12 runs`, `by 5 wickets`.
    pub fn text(self) -> String {
        match self {
            Margin::Innings(r) => format!("by an innings and {}", plural(r.into(), "run")),
            Margin::Runs(r) => format!("by {}", plural(r.into(), "run")),
            Margin::Wickets(w) => format!("by {}", plural(w.into(), "wicket")),
        }
    }
}

/// The result of a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchResult {
    pub outcome: Outcome,
    pub winner: Option<Side>,
    pub margin: Option<Margin>,
    /// Championship points, indexed by [`Side::index`].
    pub points: [u8; 2],
}

impl MatchResult {
    pub fn win(winner: Side, margin: Margin) -> MatchResult {
        let mut points = [0; 2];
        points[winner.index()] = 4;
        MatchResult {
            outcome: Outcome::Win,
            winner: Some(winner),
            margin: Some(margin),
            points,
        }
    }

    pub fn tie() -> MatchResult {
        MatchResult {
            outcome: Outcome::Tie,
            winner: None,
            margin: None,
            points: [2, 2],
        }
    }

    /// A draw; `one_short` names the side batting fourth when it finished exactly one run
    /// short of victory, which earns it a tie's points.
    pub fn draw(one_short: Option<Side>) -> MatchResult {
        let mut points = [1, 1];
        if let Some(side) = one_short {
            points[side.index()] = 2;
        }
        MatchResult {
            outcome: Outcome::Draw,
            winner: None,
            margin: None,
            points,
        }
    }

    /// The result in words, naming the sides with `name`: "Surrey won by 5 wickets".
    pub fn describe(&self, name: impl Fn(Side) -> String) -> String {
        match (self.outcome, self.winner, self.margin) {
            (Outcome::Win, Some(w), Some(m)) => format!("{} won {}", name(w), m.text()),
            (Outcome::Tie, ..) => "Match tied".to_string(),
            _ => "Match drawn".to_string(),
        }
    }
}

/// An innings as it closes, with what the result depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InningsClose {
    /// 1..=4.
    pub number: u8,
    /// Why it closed (before [`judge`] turns a closed third innings into a defeat).
    pub reason: InningsEnd,
    pub batting: Side,
    /// The batting side's runs over its innings so far, this one included.
    pub mine: u16,
    /// The other side's.
    pub theirs: u16,
    /// Wickets the batting side had left.
    pub wickets_left: u8,
}

/// The result (if any) that an innings closing decides, and the reason to record for it (a
/// third innings closed behind is an innings defeat). No result: the match goes on, unless
/// time or the cards ran out, which makes it a draw.
pub fn judge(c: InningsClose) -> (Option<MatchResult>, InningsEnd) {
    let (bat, mine, theirs, reason) = (c.batting, c.mine, c.theirs, c.reason);
    let closed = matches!(reason, InningsEnd::AllOut | InningsEnd::Declared);
    match c.number {
        4 if reason == InningsEnd::Target => (
            Some(MatchResult::win(bat, Margin::Wickets(c.wickets_left))),
            reason,
        ),
        4 if closed && mine == theirs => (Some(MatchResult::tie()), reason),
        4 if closed && mine < theirs => (
            Some(MatchResult::win(bat.other(), Margin::Runs(theirs - mine))),
            reason,
        ),
        4 => {
            let one_short = (mine == theirs).then_some(bat);
            (Some(MatchResult::draw(one_short)), reason)
        }
        3 if closed && mine < theirs => (
            Some(MatchResult::win(
                bat.other(),
                Margin::Innings(theirs - mine),
            )),
            InningsEnd::InningsDefeat,
        ),
        _ => (None, reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_read_as_english() {
        assert_eq!(Margin::Innings(12).text(), "by an innings and 12 runs");
        assert_eq!(Margin::Innings(1).text(), "by an innings and 1 run");
        assert_eq!(Margin::Runs(40).text(), "by 40 runs");
        assert_eq!(Margin::Wickets(5).text(), "by 5 wickets");
        assert_eq!(Margin::Wickets(1).text(), "by 1 wicket");
    }

    #[test]
    fn points_for_each_result() {
        assert_eq!(MatchResult::win(Side::Away, Margin::Runs(3)).points, [0, 4]);
        assert_eq!(MatchResult::tie().points, [2, 2]);
        assert_eq!(MatchResult::draw(None).points, [1, 1]);
        assert_eq!(MatchResult::draw(Some(Side::Home)).points, [2, 1]);
    }

    #[test]
    fn a_third_innings_declared_behind_still_reads_as_declared() {
        let mut inn = InningsScore::new(Side::Home);
        (inn.total, inn.wickets, inn.end) = (0, 0, Some(InningsEnd::InningsDefeat));
        assert_eq!(
            inn.score_text(10),
            "0-0d",
            "declared at 0-0, still behind: lost by an innings"
        );
        (inn.total, inn.wickets) = (57, 10);
        assert_eq!(inn.score_text(10), "57", "all out, still behind");
        (inn.wickets, inn.end) = (3, Some(InningsEnd::Time));
        assert_eq!(inn.score_text(10), "57-3");
        assert!(
            InningsEnd::Declared.by_declaration(10, 10)
                && !InningsEnd::Target.by_declaration(3, 10)
        );
    }

    #[test]
    fn overs_are_written_as_cricket_does() {
        assert_eq!(overs_text(0), "0.0");
        assert_eq!(overs_text(87), "14.3");
    }
}
