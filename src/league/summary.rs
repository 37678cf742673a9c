//! What the league keeps of a played match: a compact [`MatchSummary`] (counties, result,
//! points, each innings' total, wickets and balls, and the seed that replays it) and, while the
//! match is being added up, the best partnership of each wicket for each side. No ball-by-ball
//! data is kept.

use std::ops::{Add, AddAssign};

use crate::counties::CountyId;
use crate::engine::{InningsEnd, InningsScore, Margin, MatchState, Outcome, Side};

/// Runs (extras included), wickets and balls (deliveries that count), batted or bowled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub runs: u32,
    pub wickets: u32,
    pub balls: u32,
}

impl Figures {
    /// Runs per wicket (Avge); none without a wicket.
    pub fn average(&self) -> Option<f64> {
        (self.wickets > 0).then(|| self.runs as f64 / self.wickets as f64)
    }

    /// Runs per 100 balls (ScR); none without a ball.
    pub fn scoring_rate(&self) -> Option<f64> {
        (self.balls > 0).then(|| 100.0 * self.runs as f64 / self.balls as f64)
    }

    /// Balls per wicket (StR); none without a wicket.
    pub fn strike_rate(&self) -> Option<f64> {
        (self.wickets > 0).then(|| self.balls as f64 / self.wickets as f64)
    }
}

impl Add for Figures {
    type Output = Figures;
    fn add(self, o: Figures) -> Figures {
        Figures {
            runs: self.runs + o.runs,
            wickets: self.wickets + o.wickets,
            balls: self.balls + o.balls,
        }
    }
}

impl AddAssign for Figures {
    fn add_assign(&mut self, o: Figures) {
        *self = *self + o;
    }
}

/// One innings of a played match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InningsSummary {
    pub batting: Side,
    pub total: u16,
    pub wickets: u8,
    /// Deliveries that counted in the over.
    pub balls: u16,
    pub end: InningsEnd,
}

impl InningsSummary {
    fn of(inn: &InningsScore) -> InningsSummary {
        InningsSummary {
            batting: inn.batting,
            total: inn.total,
            wickets: inn.wickets,
            balls: inn.balls,
            end: inn.end.unwrap_or(InningsEnd::Time),
        }
    }

    /// The batting figures of this innings.
    pub fn figures(&self) -> Figures {
        Figures {
            runs: self.total as u32,
            wickets: self.wickets as u32,
            balls: self.balls as u32,
        }
    }

    /// As a scoreboard writes it: `237`, `120-5`, `301-7d`.
    pub fn score_text(&self, all_out: u8) -> String {
        crate::engine::score::score_text(self.total, self.wickets, Some(self.end), all_out)
    }
}

/// A county's result in one match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideResult {
    Won,
    Lost,
    Drawn,
    Tied,
}

impl SideResult {
    /// `W`, `L`, `D` or `T`.
    pub fn letter(self) -> char {
        match self {
            SideResult::Won => 'W',
            SideResult::Lost => 'L',
            SideResult::Drawn => 'D',
            SideResult::Tied => 'T',
        }
    }
}

/// Most innings in a match.
const MAX_INNINGS: usize = 4;

/// A match stored with more than four innings (how many).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyInnings(pub usize);

/// A played match, as the league keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// 1..=14.
    pub round: u8,
    pub home: CountyId,
    pub away: CountyId,
    pub outcome: Outcome,
    pub winner: Option<Side>,
    pub margin: Option<Margin>,
    /// Points by [`Side::index`], as the rules award them (one-run-short rule included).
    pub points: [u8; 2],
    innings: [InningsSummary; MAX_INNINGS],
    innings_played: u8,
    /// The seed that replays the match (`accc match --seed`).
    pub seed: u64,
}

/// The parts of a [`MatchSummary`], for building one from a save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchParts {
    pub round: u8,
    pub home: CountyId,
    pub away: CountyId,
    pub outcome: Outcome,
    pub winner: Option<Side>,
    pub margin: Option<Margin>,
    pub points: [u8; 2],
    pub innings: Vec<InningsSummary>,
    pub seed: u64,
}

impl MatchSummary {
    /// The summary of a finished match. Panics if the match is not over.
    pub fn of(
        state: &MatchState,
        round: u8,
        home: CountyId,
        away: CountyId,
        seed: u64,
    ) -> MatchSummary {
        let result = *state.result().expect("the match is over");
        let started = state.public().started();
        let innings: Vec<InningsSummary> = started.iter().map(InningsSummary::of).collect();
        MatchSummary::from_parts(MatchParts {
            round,
            home,
            away,
            outcome: result.outcome,
            winner: result.winner,
            margin: result.margin,
            points: result.points,
            innings,
            seed,
        })
        .expect("a match has at most four innings")
    }

    /// A summary from its parts, or an error naming the count when there are more than
    /// four innings.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a match has at most four innings: the count fits a byte"
    )]
    pub fn from_parts(p: MatchParts) -> Result<MatchSummary, TooManyInnings> {
        if p.innings.len() > MAX_INNINGS {
            return Err(TooManyInnings(p.innings.len()));
        }
        let blank = InningsSummary {
            batting: Side::Home,
            total: 0,
            wickets: 0,
            balls: 0,
            end: InningsEnd::Time,
        };
        let mut innings = [blank; MAX_INNINGS];
        innings[..p.innings.len()].copy_from_slice(&p.innings);
        Ok(MatchSummary {
            round: p.round,
            home: p.home,
            away: p.away,
            outcome: p.outcome,
            winner: p.winner,
            margin: p.margin,
            points: p.points,
            innings,
            innings_played: p.innings.len() as u8,
            seed: p.seed,
        })
    }

    /// The innings played, in order.
    pub fn innings(&self) -> &[InningsSummary] {
        &self.innings[..self.innings_played as usize]
    }

    /// The county on `side`.
    pub fn county(&self, side: Side) -> CountyId {
        match side {
            Side::Home => self.home,
            Side::Away => self.away,
        }
    }

    /// The side `county` played on, if it played.
    pub fn side_of(&self, county: CountyId) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.county(s) == county)
    }

    /// How the match went for `side`.
    pub fn result_for(&self, side: Side) -> SideResult {
        match (self.outcome, self.winner) {
            (Outcome::Win, Some(w)) if w == side => SideResult::Won,
            (Outcome::Win, _) => SideResult::Lost,
            (Outcome::Tie, _) => SideResult::Tied,
            (Outcome::Draw, _) => SideResult::Drawn,
        }
    }

    /// The batting figures of `side` over its innings.
    pub fn batting(&self, side: Side) -> Figures {
        self.innings()
            .iter()
            .filter(|i| i.batting == side)
            .fold(Figures::default(), |f, i| f + i.figures())
    }

    /// The innings `side` batted, in order.
    pub fn innings_of(&self, side: Side) -> impl Iterator<Item = &InningsSummary> {
        self.innings().iter().filter(move |i| i.batting == side)
    }
}

/// One batsman's figures in a match, as [`PlayedMatch`] carries them for the innings
/// records ([`super::innings`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatFigures {
    pub runs: u16,
    pub balls: u16,
    pub not_out: bool,
}

/// The batsmen who went in, in each innings of a match: (batting side, whether the innings
/// was completed (all out), each position's figures, `None` for one who did not bat).
pub type MatchBatting = [Option<(
    Side,
    bool,
    [Option<BatFigures>; crate::engine::score::MAX_BATSMEN],
)>; 4];

/// The batting of a finished match, for [`PlayedMatch`].
pub fn batting_of(state: &crate::engine::MatchState) -> MatchBatting {
    let p = state.public();
    let all_out = p.options.all_out();
    let mut out: MatchBatting = [None; 4];
    for (slot, inn) in out.iter_mut().zip(p.started()) {
        let mut figures = [None; crate::engine::score::MAX_BATSMEN];
        for (f, b) in figures
            .iter_mut()
            .zip(inn.batsmen.iter())
            .take(p.options.batsmen as usize)
        {
            if b.batted {
                *f = Some(BatFigures {
                    runs: b.runs,
                    balls: b.balls,
                    not_out: b.out.is_none(),
                });
            }
        }
        *slot = Some((inn.batting, inn.wickets >= all_out, figures));
    }
    out
}

/// A partnership in one innings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partnership {
    /// The wicket it was for, 1..=10.
    pub wicket: u8,
    pub runs: u16,
    /// The two batsmen's numbers, lower first.
    pub batsmen: [u8; 2],
    /// Not ended by a wicket: the innings closed with these two together.
    pub unbroken: bool,
}

/// Every partnership of an innings: one per wicket that fell, then the unbroken one (when the
/// innings closed short of all out with runs added since the last wicket).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a wicket, 1 to 10, and the batsman 2 to 11: they fit a byte"
)]
pub fn partnerships(inn: &InningsScore, all_out: u8) -> Vec<Partnership> {
    let mut out = Vec::with_capacity(inn.wickets as usize + 1);
    let mut dismissed: u16 = 0;
    for (w, fall) in inn.falls().iter().enumerate() {
        dismissed |= 1 << fall.batsman;
        let partner = (1..=w as u8 + 2)
            .find(|&b| dismissed & (1 << b) == 0)
            .unwrap_or(fall.batsman);
        let batsmen = [fall.batsman.min(partner), fall.batsman.max(partner)];
        out.push(Partnership {
            wicket: w as u8 + 1,
            runs: fall.partnership,
            batsmen,
            unbroken: false,
        });
    }
    if inn.wickets < all_out && inn.partnership() > 0 {
        let mut not_out = (1..=inn.wickets + 2).filter(|&b| dismissed & (1 << b) == 0);
        let (a, b) = (not_out.next().unwrap_or(0), not_out.next().unwrap_or(0));
        out.push(Partnership {
            wicket: inn.wickets + 1,
            runs: inn.partnership(),
            batsmen: [a, b],
            unbroken: true,
        });
    }
    out
}

/// Most wickets in an innings (11 batsmen).
pub const MAX_WICKETS: usize = 10;

/// The best partnership for each wicket that each side made in a match (index: wicket − 1).
pub type BestPartnerships = [[Option<Partnership>; MAX_WICKETS]; 2];

/// A match just played: its summary, the best partnerships of each side, and the deliveries
/// bowled (for throughput figures; not kept).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMatch {
    pub summary: MatchSummary,
    pub partnerships: BestPartnerships,
    pub deliveries: u64,
    /// Its choices, to reopen it (none: kept as its result only).
    pub tape: Option<crate::engine::tape::Tape>,
    /// Each innings' batsmen's figures, for the innings records.
    pub batting: MatchBatting,
}

impl PlayedMatch {
    /// The same match between `home` and `away`.
    pub fn between(mut self, home: CountyId, away: CountyId) -> PlayedMatch {
        (self.summary.home, self.summary.away) = (home, away);
        self
    }

    /// Sums up a finished match.
    pub fn of(
        state: &MatchState,
        round: u8,
        home: CountyId,
        away: CountyId,
        seed: u64,
    ) -> PlayedMatch {
        let all_out = state.options().all_out();
        let mut best: BestPartnerships = [[None; MAX_WICKETS]; 2];
        let mut deliveries = 0u64;
        for inn in state.public().started() {
            deliveries += inn.balls as u64 + inn.no_balls as u64 + inn.wides as u64;
            for p in partnerships(inn, all_out) {
                let slot = &mut best[inn.batting.index()][p.wicket as usize - 1];
                if slot.is_none_or(|b| p.runs > b.runs) {
                    *slot = Some(p);
                }
            }
        }
        PlayedMatch {
            summary: MatchSummary::of(state, round, home, away, seed),
            partnerships: best,
            deliveries,
            tape: None,
            batting: batting_of(state),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MatchOptions, NoRecord};
    use crate::play::{computer_match, Levels};

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn summary_keeps_totals_points_and_result_of_the_match() {
        for seed in 0..20 {
            let state = computer_match(
                MatchOptions::default(),
                [Levels::default(); 2],
                seed,
                &mut NoRecord,
            );
            let m = MatchSummary::of(&state, 3, 0, 5, seed);
            let p = state.public();
            assert_eq!(m.innings().len(), p.started().len());
            for (a, b) in m.innings().iter().zip(p.started()) {
                assert_eq!(
                    (a.batting, a.total, a.wickets, a.balls),
                    (b.batting, b.total, b.wickets, b.balls)
                );
            }
            assert_eq!(m.points, state.result().unwrap().points);
            let agg = |s| m.batting(s).runs as u16;
            assert_eq!(agg(Side::Home), p.aggregate(Side::Home));
            assert_eq!(agg(Side::Away), p.aggregate(Side::Away));
            let (h, a) = (m.result_for(Side::Home), m.result_for(Side::Away));
            match m.outcome {
                Outcome::Win => {
                    assert!(matches!(
                        (h, a),
                        (SideResult::Won, SideResult::Lost) | (SideResult::Lost, SideResult::Won)
                    ))
                }
                Outcome::Tie => assert_eq!((h, a), (SideResult::Tied, SideResult::Tied)),
                Outcome::Draw => assert_eq!((h, a), (SideResult::Drawn, SideResult::Drawn)),
            }
        }
    }

    #[test]
    fn a_third_innings_declared_behind_keeps_its_d() {
        let inn = |wickets, end| InningsSummary {
            batting: Side::Home,
            total: 0,
            wickets,
            balls: 0,
            end,
        };
        assert_eq!(inn(0, InningsEnd::InningsDefeat).score_text(10), "0-0d");
        assert_eq!(inn(10, InningsEnd::InningsDefeat).score_text(10), "0");
        assert_eq!(inn(4, InningsEnd::Declared).score_text(10), "0-4d");
    }

    #[test]
    fn partnerships_add_up_to_the_innings_total_and_name_the_batsmen_in() {
        let options = MatchOptions::default();
        for seed in 0..20 {
            let state = computer_match(options, [Levels::default(); 2], seed, &mut NoRecord);
            for inn in state.public().started() {
                let ps = partnerships(inn, options.all_out());
                let sum: u16 = ps.iter().map(|p| p.runs).sum();
                assert_eq!(sum, inn.total, "seed {seed}: {ps:?}");
                for (i, p) in ps.iter().enumerate() {
                    assert_eq!(p.wicket as usize, i + 1);
                    assert!(
                        p.batsmen[0] < p.batsmen[1] && p.batsmen[1] as usize <= i + 2,
                        "{p:?}"
                    );
                    assert!(
                        inn.batsmen[p.batsmen[0] as usize - 1].batted
                            && inn.batsmen[p.batsmen[1] as usize - 1].batted
                    );
                }
            }
        }
    }

    #[test]
    fn first_wicket_partnership_is_the_openers() {
        let mut inn = InningsScore::new(Side::Home);
        inn.total = 30;
        inn.wickets = 2;
        inn.fall[0] = crate::engine::score::FallOfWicket {
            score: 10,
            batsman: 2,
            partnership: 10,
            balls: 20,
        };
        inn.fall[1] = crate::engine::score::FallOfWicket {
            score: 25,
            batsman: 1,
            partnership: 15,
            balls: 40,
        };
        inn.end = Some(InningsEnd::Time);
        let ps = partnerships(&inn, 10);
        assert_eq!(ps[0].batsmen, [1, 2]);
        assert_eq!(ps[1].batsmen, [1, 3]);
        assert_eq!(
            ps[2],
            Partnership {
                wicket: 3,
                runs: 5,
                batsmen: [3, 4],
                unbroken: true
            }
        );
    }
}
