//! Commentary for the one match being watched: the words for the last delivery, the
//! ball-by-ball marks of the last few overs, runs per over for the Manhattan chart, and the
//! moments at which a "fully" played match pauses. Built only for a watched match; bulk
//! simulation never records any of it.

use crate::engine::score::plural;
use crate::engine::{BallRecord, Call, Dismissal, Event, Recorder, Side};

/// The widest line of commentary: the match screen's text width, inside its frame.
pub const TEXT_WIDTH: usize = 78;

/// Why play stopped for the user to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pause {
    Wicket,
    Interval(String),
    /// The innings with this number (1..=4) has just ended.
    InningsEnd(u8),
    MatchEnd,
}

/// The running commentary of a watched match.
#[derive(Clone, Debug)]
pub struct Commentary {
    /// Scoreboard names, home first.
    pub names: [String; 2],
    pub packs_per_session: u8,
    /// What happened last, in words.
    pub last: String,
    /// Marks of the recent deliveries of the innings in play; `|` between overs.
    pub marks: Vec<String>,
    /// The same for the innings before it, shown while play pauses on its close.
    ended_marks: Vec<String>,
    /// Whether `last` already tells of a delivery since the user last looked: the next is
    /// added to it (a bye bowled straight after the user's stroke must not hide the stroke).
    told: bool,
    /// Runs per over, for each innings started.
    pub overs: Vec<Vec<u16>>,
    /// Runs in the over in progress.
    over_runs: u16,
    /// Whether a delivery has been bowled in the over in progress.
    over_begun: bool,
    /// Moments to pause at, oldest first; the screen takes them.
    pub pauses: Vec<Pause>,
    /// The side batting in the innings in play.
    pub batting: Side,
    /// Full names, home first (the scoreboard names unless set).
    pub full_names: [String; 2],
    /// Whether the no-ball rule is in effect (the bowler's opening discard then sets the
    /// first over's no-ball suit, and is announced as doing so).
    pub no_ball_rule: bool,
    /// The line that opens the innings just begun ("Surrey to bowl to Kent."), told at the
    /// next turn: the close of the innings before it is shown first.
    opening: Option<String>,
    /// Opening discards seen (the bowling side's is the first).
    discards: u8,
}

const SESSIONS: [&str; 3] = ["morning", "afternoon", "evening"];
const DAYS: [&str; 5] = ["first", "second", "third", "fourth", "fifth"];

/// "first day, morning session" for a session index counted from 0.
pub fn session_name(session: u16) -> String {
    let day = DAYS.get(session as usize / 3).copied().unwrap_or("last");
    format!("{day} day, {} session", SESSIONS[session as usize % 3])
}

impl Commentary {
    pub fn new(home: &str, away: &str, packs_per_session: u8) -> Commentary {
        Commentary {
            names: [home.to_string(), away.to_string()],
            packs_per_session,
            last: String::new(),
            marks: Vec::new(),
            ended_marks: Vec::new(),
            told: false,
            overs: Vec::new(),
            over_runs: 0,
            over_begun: false,
            pauses: Vec::new(),
            batting: Side::Home,
            full_names: [home.to_string(), away.to_string()],
            no_ball_rule: true,
            opening: None,
            discards: 0,
        }
    }

    fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    /// Queues `pause` before any interval the same delivery began (its pack was drawn
    /// before the ball was played out): the wicket and the close come first.
    fn pause_before_intervals(&mut self, pause: Pause) {
        let at = self
            .pauses
            .iter()
            .rposition(|p| !matches!(p, Pause::Interval(_)))
            .map_or(0, |i| i + 1);
        self.pauses.insert(at, pause);
    }

    /// Starts a new turn: the next delivery's words replace what `last` says, and an innings
    /// begun since the last turn is announced.
    pub fn new_turn(&mut self) {
        self.told = false;
        if let Some(line) = self.opening.take() {
            self.last = line;
        }
    }

    /// Adds `said` to what `last` already tells this turn (after `then`) when both fit, else
    /// replaces it.
    fn tell(&mut self, then: &str, said: String) {
        let both = format!("{} {then}{said}", self.last);
        self.last = if self.told && !self.last.is_empty() && both.chars().count() <= TEXT_WIDTH {
            both
        } else {
            said
        };
        self.told = true;
    }

    /// Runs per over of innings number `innings` (from 1): one bar an over, the over in
    /// progress (if begun) last with its runs so far.
    pub fn runs_per_over(&self, innings: usize) -> Option<Vec<u16>> {
        let mut overs = self.overs.get(innings.checked_sub(1)?)?.clone();
        if innings == self.overs.len() && self.over_begun {
            overs.push(self.over_runs);
        }
        Some(overs)
    }

    /// The ball-by-ball line of innings number `innings` (the one in play, or the one
    /// before it): the last `width` characters' worth of marks.
    pub fn history(&self, width: usize, innings: usize) -> String {
        let marks = if innings < self.overs.len() {
            &self.ended_marks
        } else {
            &self.marks
        };
        let mut line = String::new();
        for m in marks.iter().rev() {
            if line.len() + m.len() + 1 > width {
                break;
            }
            line.insert_str(0, &format!("{m} "));
        }
        line.trim_end().to_string()
    }

    fn ball(&mut self, b: &BallRecord) {
        let batting = self.name(self.batting).to_string();
        self.marks.push(mark(b));
        let runs = (b.runs + b.extras()) as u16;
        self.over_runs += runs;
        self.over_begun = true;
        self.tell("Then: ", describe(b, &batting));
        if b.counts && b.balls.is_multiple_of(6) {
            if let Some(overs) = self.overs.last_mut() {
                overs.push(self.over_runs);
            }
            self.over_runs = 0;
            self.over_begun = false;
            self.marks.push("|".into());
        }
        if b.wicket.is_some() {
            self.pause_before_intervals(Pause::Wicket);
        }
        if self.marks.len() > 60 {
            self.marks.drain(..20);
        }
    }

    fn toss(&mut self, winner: Side, elected: crate::engine::Election) {
        let w = self.name(winner).to_string();
        self.last = match elected {
            crate::engine::Election::Bat => format!("{w} won the toss and chose to bat"),
            crate::engine::Election::Bowl => {
                format!(
                    "{} lost the toss and were put in to bat",
                    self.name(winner.other())
                )
            }
        };
    }

    fn discard(&mut self, side: Side, card: crate::cards::Card) {
        // The bowling side discards first; its card sets the first over's no-ball suit.
        self.discards += 1;
        let said = if self.no_ball_rule && self.discards == 1 {
            format!(
                "{} discard the {}: {} are the first over's no-balls.",
                self.name(side),
                card.on_screen(),
                card.suit().marked()
            )
        } else {
            format!("{} discard the {}.", self.name(side), card.on_screen())
        };
        self.tell("", said);
    }

    fn innings_start(&mut self, number: u8, batting: Side) {
        let line = format!(
            "{} to bowl to {}.",
            self.full_names[batting.other().index()],
            self.full_names[batting.index()]
        );
        if number == 1 {
            // Straight after the discards, which stay told after it when they fit.
            let both = format!("{line} {}", self.last);
            self.last = if both.chars().count() <= TEXT_WIDTH {
                both
            } else {
                line
            };
        } else {
            self.opening = Some(line);
        }
        self.batting = batting;
        self.overs.push(Vec::new());
        self.over_runs = 0;
        self.over_begun = false;
        self.ended_marks = std::mem::take(&mut self.marks);
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of cards in a hand, at most 7: it fits a u32"
    )]
    fn exchange(&mut self, side: Side, cards: usize) {
        // After the wicket's own line when both fit: the change is news to the other side.
        let change = format!(
            "{} change {}.",
            self.name(side),
            plural(cards as u32, "card")
        );
        let both = format!("{} {change}", self.last);
        self.last = if self.last.is_empty() || both.chars().count() > TEXT_WIDTH {
            change
        } else {
            both
        };
    }

    fn declare(&mut self, side: Side, total: u16, wickets: u8) {
        // Made straight after a ball told this turn (the person's, with a declaration
        // armed), the ball's line stays: the declaration follows it when both fit, else the
        // stop that closes the innings says it.
        let said = format!("{} declare at {total}-{wickets}.", self.name(side));
        let both = format!("{} Then: {said}", self.last);
        if !self.told || self.last.is_empty() {
            self.last = said;
        } else if both.chars().count() <= TEXT_WIDTH {
            self.last = both;
        }
    }
}

/// The mark for a delivery in the ball-by-ball history.
pub fn mark(b: &BallRecord) -> String {
    match (b.call, b.wicket) {
        (_, Some(_)) => "W".into(),
        (Call::NoBall, _) if b.runs > 0 => format!("{}nb", b.runs),
        (Call::NoBall, _) => "nb".into(),
        (Call::Wide, _) => format!("{}w", b.wides),
        (Call::Bye, _) => format!("{}b", b.byes),
        _ if b.runs == 0 => ".".into(),
        _ => b.runs.to_string(),
    }
}

/// The delivery in words. A wide the batsman played a card to is called off and played as a
/// ball of the over (rules.md, a delivery, step 2): said before what came of it.
pub fn describe(b: &BallRecord, batting: &str) -> String {
    let said = what_came(b, batting);
    if b.call == Call::WideRevoked {
        format!("Wide called off, played as a ball. {said}")
    } else {
        said
    }
}

/// How a batsman's wicket is said: "is out caught", as the guide's screen has it, but "is
/// run out" (not "is out run out").
fn is_out(how: Dismissal) -> String {
    match how {
        Dismissal::RunOut => "is run out".to_string(),
        how => format!("is out {}", how.name()),
    }
}

/// What came of the delivery: a wicket, extras, runs off the bat or none.
fn what_came(b: &BallRecord, batting: &str) -> String {
    if let Some((n, how)) = b.wicket {
        return format!("{batting} batsman no. {n} {}.", is_out(how));
    }
    match b.call {
        Call::NoBall if b.runs > 0 => {
            format!("No-ball, and {} off the bat.", plural(b.runs.into(), "run"))
        }
        Call::NoBall => "No-ball called.".into(),
        Call::Wide if b.wides == 1 && b.bowler_card.rank() == 11 => {
            "Wide - but a superb stop by the keeper: 1 wide.".into()
        }
        Call::Wide => format!("Wide called: {}.", plural(b.wides.into(), "wide")),
        Call::Bye if b.byes == 0 => "Bye - but a superb stop by the keeper: no byes.".into(),
        Call::Bye => format!("{}.", capitalise(&plural(b.byes.into(), "bye"))),
        _ if b.runs > 0 => format!("{} off the bat.", capitalise(&plural(b.runs.into(), "run"))),
        _ => match b.bat_card {
            Some(c) if c.suit() == b.bowler_card.suit() => "A defensive stroke.".into(),
            Some(c) if c.rank() >= 10 => "Beaten the bat!".into(),
            _ => "Through to the keeper.".into(),
        },
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

impl Recorder for Commentary {
    fn record(&mut self, event: &Event<'_>) {
        match *event {
            Event::Toss { winner, elected } => self.toss(winner, elected),
            Event::Discard { side, card } => self.discard(side, card),
            Event::InningsStart {
                number, batting, ..
            } => self.innings_start(number, batting),
            Event::Pack { number, .. } => {
                let pps = self.packs_per_session as u16;
                if (number - 1) % pps == 0 {
                    self.pauses
                        .push(Pause::Interval(session_name((number - 1) / pps)));
                }
            }
            Event::Ball(b) => self.ball(b),
            Event::Exchange { side, out, .. } => self.exchange(side, out.len()),
            Event::Declare {
                side,
                total,
                wickets,
                ..
            } => self.declare(side, total, wickets),
            Event::InningsEnd { number, .. } => {
                // The over left unfinished has its bar, runs or none.
                if self.over_begun {
                    if let Some(overs) = self.overs.last_mut() {
                        overs.push(self.over_runs);
                    }
                    self.over_runs = 0;
                    self.over_begun = false;
                }
                self.pause_before_intervals(Pause::InningsEnd(number));
            }
            Event::Result(_) => {
                // No session begins once the match is over.
                self.pauses.retain(|p| !matches!(p, Pause::Interval(_)));
                self.pauses.push(Pause::MatchEnd);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Suit};

    fn ball(call: Call, runs: u8, byes: u8, wicket: bool) -> BallRecord {
        let card = Card::new(5, Suit::Bats);
        BallRecord {
            innings: 1,
            pack: 1,
            bowler_card: card,
            top_before: card,
            no_ball_suit: Suit::Pads,
            call,
            bat_card: Some(card),
            striker: 1,
            non_striker: 2,
            runs,
            no_balls: 0,
            wides: 0,
            byes,
            counts: true,
            wicket: wicket.then_some((1, crate::engine::tables::Dismissal::Bowled)),
            total: 0,
            wickets: 0,
            balls: 1,
        }
    }

    #[test]
    fn a_bye_bowled_straight_after_a_stroke_does_not_hide_it() {
        let mut c = Commentary::new("Kent", "Surrey", 3);
        c.new_turn();
        c.record(&Event::Ball(&ball(Call::Normal, 2, 0, false)));
        c.record(&Event::Ball(&ball(Call::Bye, 0, 1, false)));
        assert_eq!(c.last, "2 runs off the bat. Then: 1 bye.");
        c.new_turn();
        c.record(&Event::Ball(&ball(Call::Bye, 0, 2, false)));
        assert_eq!(c.last, "2 byes.", "a new turn starts afresh");
    }

    /// A wide the batsman plays to is called off and played as a ball of the over: the line
    /// says so before what came of it ("Through to the keeper." alone would hide that the
    /// wide was taken back).
    #[test]
    fn a_wide_called_off_is_said_to_be_played_as_a_ball() {
        let mut b = ball(Call::WideRevoked, 0, 0, false);
        b.bat_card = Some(Card::new(7, Suit::Pads));
        assert_eq!(
            describe(&b, "Kent"),
            "Wide called off, played as a ball. Through to the keeper."
        );
        b.bat_card = Some(Card::new(9, Suit::Bats));
        b.runs = 2;
        assert_eq!(
            describe(&b, "Kent"),
            "Wide called off, played as a ball. 2 runs off the bat."
        );
        let mut out = ball(Call::WideRevoked, 0, 0, true);
        out.wicket = Some((10, crate::engine::tables::Dismissal::Stumped));
        let said = describe(&out, "Derbys");
        assert_eq!(
            said,
            "Wide called off, played as a ball. Derbys batsman no. 10 is out stumped."
        );
        assert!(said.chars().count() <= TEXT_WIDTH);
        // A wide that stands is not called off.
        let mut wide = ball(Call::Wide, 0, 0, false);
        (wide.bat_card, wide.wides) = (None, 1);
        assert_eq!(describe(&wide, "Kent"), "Wide called: 1 wide.");
    }

    /// A wicket is said "is out caught", as on the guide's screen, but "is run out", since
    /// "is out run out" is not English.
    #[test]
    fn a_run_out_is_said_is_run_out_and_the_other_modes_as_the_guide_has_them() {
        let mut b = ball(Call::Normal, 0, 0, true);
        for (how, said) in [
            (Dismissal::RunOut, "Yorks batsman no. 3 is run out."),
            (Dismissal::Caught, "Yorks batsman no. 3 is out caught."),
            (Dismissal::Bowled, "Yorks batsman no. 3 is out bowled."),
            (Dismissal::Lbw, "Yorks batsman no. 3 is out lbw."),
            (Dismissal::Stumped, "Yorks batsman no. 3 is out stumped."),
        ] {
            b.wicket = Some((3, how));
            assert_eq!(describe(&b, "Yorks"), said);
        }
    }

    #[test]
    fn a_wicket_pauses_before_the_interval_its_delivery_began() {
        let mut c = Commentary::new("Kent", "Surrey", 1);
        c.record(&Event::Pack {
            number: 2,
            after: crate::engine::DrawBy::Bowler,
            pickup: &[],
        });
        c.record(&Event::Ball(&ball(Call::Normal, 0, 0, true)));
        assert_eq!(
            c.pauses,
            vec![Pause::Wicket, Pause::Interval(session_name(1))]
        );
        let inn = |c: &mut Commentary| {
            c.record(&Event::InningsEnd {
                number: 1,
                batting: Side::Home,
                total: 0,
                wickets: 10,
                balls: 1,
                reason: crate::engine::InningsEnd::AllOut,
            })
        };
        inn(&mut c);
        assert_eq!(
            c.pauses,
            vec![
                Pause::Wicket,
                Pause::InningsEnd(1),
                Pause::Interval(session_name(1))
            ],
            "the close, then the interval"
        );
        c.record(&Event::Result(&crate::engine::MatchResult::draw(None)));
        assert_eq!(
            c.pauses,
            vec![Pause::Wicket, Pause::InningsEnd(1), Pause::MatchEnd],
            "no interval after the match"
        );
    }

    #[test]
    fn an_unfinished_over_has_its_bar_in_play_and_after_the_innings() {
        let mut c = Commentary::new("Kent", "Surrey", 3);
        c.record(&Event::InningsStart {
            number: 1,
            batting: Side::Home,
            no_ball_suit: Suit::Pads,
        });
        // Seven balls: an over of 1s, then a dot ball.
        for n in 1..=7u16 {
            let mut b = ball(Call::Normal, (n <= 6) as u8, 0, false);
            b.balls = n;
            c.record(&Event::Ball(&b));
        }
        assert_eq!(c.runs_per_over(1), Some(vec![6, 0]), "the over in progress");
        assert_eq!(c.runs_per_over(2), None);
        c.record(&Event::InningsEnd {
            number: 1,
            batting: Side::Home,
            total: 6,
            wickets: 10,
            balls: 7,
            reason: crate::engine::InningsEnd::AllOut,
        });
        assert_eq!(
            c.overs,
            vec![vec![6, 0]],
            "a maiden part-over still has its bar"
        );
        assert_eq!(c.runs_per_over(1), Some(vec![6, 0]));
    }
}
