//! A county's season figures ([`SeasonRow`]): played, won, lost, drawn, tied, points, batting
//! and bowling [`Figures`]; the quotient; the table order (points, quotient, wins, name); and
//! prize money.

use std::cmp::Ordering;

use crate::counties::{self, Class, CountyId};
use crate::engine::Side;

use super::summary::{Figures, MatchSummary, SideResult};

/// Batting average ÷ bowling average as an exact fraction, so that equal quotients compare
/// equal. Undefined when either average is (no wickets), or when the bowling average is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quotient {
    numerator: u64,
    denominator: u64,
}

impl Quotient {
    pub fn of(bat: Figures, bowl: Figures) -> Option<Quotient> {
        // (bat.runs / bat.wickets) / (bowl.runs / bowl.wickets)
        let numerator = bat.runs as u64 * bowl.wickets as u64;
        let denominator = bat.wickets as u64 * bowl.runs as u64;
        (bat.wickets > 0 && bowl.wickets > 0 && bowl.runs > 0).then_some(Quotient {
            numerator,
            denominator,
        })
    }

    #[expect(
        clippy::cast_precision_loss,
        reason = "points and matches of a season, far below 2^52: exact as an f64"
    )]
    pub fn value(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl Ord for Quotient {
    fn cmp(&self, o: &Quotient) -> Ordering {
        (self.numerator as u128 * o.denominator as u128)
            .cmp(&(o.numerator as u128 * self.denominator as u128))
    }
}

impl PartialOrd for Quotient {
    fn partial_cmp(&self, o: &Quotient) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Better quotient first; a defined quotient before an undefined one.
pub fn compare_quotients(a: Option<Quotient>, b: Option<Quotient>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => b.cmp(&a),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// A county's figures over some matches (a season, or all time in a class).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonRow {
    pub county: CountyId,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    /// Every drawn match, one-run-short draws included.
    pub drawn: u32,
    pub tied: u32,
    pub points: u32,
    pub bat: Figures,
    pub bowl: Figures,
}

impl SeasonRow {
    pub fn new(county: CountyId) -> SeasonRow {
        SeasonRow {
            county,
            played: 0,
            won: 0,
            lost: 0,
            drawn: 0,
            tied: 0,
            points: 0,
            bat: Figures::default(),
            bowl: Figures::default(),
        }
    }

    /// Adds the match `m`, in which this county played on `side`.
    pub fn add_match(&mut self, m: &MatchSummary, side: Side) {
        self.played += 1;
        match m.result_for(side) {
            SideResult::Won => self.won += 1,
            SideResult::Lost => self.lost += 1,
            SideResult::Drawn => self.drawn += 1,
            SideResult::Tied => self.tied += 1,
        }
        self.points += m.points[side.index()] as u32;
        self.bat += m.batting(side);
        self.bowl += m.batting(side.other());
    }

    /// Adds another row of the same county (for all-time sums).
    pub fn absorb(&mut self, o: &SeasonRow) {
        self.played += o.played;
        self.won += o.won;
        self.lost += o.lost;
        self.drawn += o.drawn;
        self.tied += o.tied;
        self.points += o.points;
        self.bat += o.bat;
        self.bowl += o.bowl;
    }

    pub fn quotient(&self) -> Option<Quotient> {
        Quotient::of(self.bat, self.bowl)
    }

    pub fn name(&self) -> &'static str {
        &counties::get(self.county).name
    }
}

/// Table order: points, then quotient, then wins (all higher first), then name.
pub fn table_order(a: &SeasonRow, b: &SeasonRow) -> Ordering {
    b.points
        .cmp(&a.points)
        .then_with(|| compare_quotients(a.quotient(), b.quotient()))
        .then_with(|| b.won.cmp(&a.won))
        .then_with(|| a.name().cmp(b.name()))
}

/// Sorts rows into table order.
pub fn rank(rows: &mut [SeasonRow]) {
    rows.sort_by(table_order);
}

/// First-class prize money by final place: 1st to 6th.
pub const PRIZES: [u32; 6] = [360, 150, 80, 45, 24, 10];

/// The prize for finishing in `place` (1-based) of `class`: none in the second class or below
/// sixth.
pub fn prize(class: Class, place: usize) -> u32 {
    match class {
        Class::First => place
            .checked_sub(1)
            .and_then(|i| PRIZES.get(i))
            .copied()
            .unwrap_or(0),
        Class::Second => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(runs: u32, wickets: u32) -> Figures {
        Figures {
            runs,
            wickets,
            balls: runs * 2,
        }
    }

    fn row(
        county: CountyId,
        points: u32,
        won: u32,
        bat: (u32, u32),
        bowl: (u32, u32),
    ) -> SeasonRow {
        SeasonRow {
            points,
            won,
            bat: figures(bat.0, bat.1),
            bowl: figures(bowl.0, bowl.1),
            ..SeasonRow::new(county)
        }
    }

    #[test]
    fn averages_and_rates() {
        let f = Figures {
            runs: 250,
            wickets: 10,
            balls: 500,
        };
        assert_eq!(f.average(), Some(25.0));
        assert_eq!(f.scoring_rate(), Some(50.0));
        assert_eq!(f.strike_rate(), Some(50.0));
        let none = Figures {
            runs: 12,
            wickets: 0,
            balls: 0,
        };
        assert_eq!(
            (none.average(), none.scoring_rate(), none.strike_rate()),
            (None, None, None)
        );
    }

    #[test]
    fn quotient_is_batting_over_bowling_average_and_undefined_without_wickets() {
        let q = Quotient::of(figures(300, 10), figures(200, 10)).unwrap();
        assert!((q.value() - 1.5).abs() < 1e-12);
        assert_eq!(Quotient::of(figures(300, 0), figures(200, 10)), None);
        assert_eq!(Quotient::of(figures(300, 10), figures(200, 0)), None);
        // Equal fractions written differently compare equal.
        let a = Quotient::of(figures(30, 1), figures(20, 1)).unwrap();
        assert_eq!(a.cmp(&q), Ordering::Equal);
    }

    #[test]
    fn undefined_quotient_ranks_below_every_defined_one() {
        let tiny = Quotient::of(figures(1, 10), figures(1000, 1));
        assert_eq!(compare_quotients(tiny, None), Ordering::Less);
        assert_eq!(compare_quotients(None, tiny), Ordering::Greater);
        assert_eq!(compare_quotients(None, None), Ordering::Equal);
    }

    #[test]
    fn table_orders_by_points_then_quotient_then_wins_then_name() {
        // ids: 0 Surrey, 1 Lancashire, 2 Kent, 3 Yorkshire, 4 Notts, 5 Glos.
        let mut rows = vec![
            row(0, 20, 4, (100, 10), (100, 10)), // q 1.0
            row(1, 30, 5, (100, 10), (200, 10)), // most points despite q 0.5
            row(2, 20, 4, (150, 10), (100, 10)), // q 1.5
            row(3, 20, 5, (100, 10), (100, 10)), // q 1.0, more wins than Surrey
            row(4, 20, 9, (100, 0), (100, 10)),  // q undefined: below every defined one
            row(5, 20, 4, (200, 20), (200, 20)), // q 1.0 like Surrey, same wins: by name
        ];
        rank(&mut rows);
        let order: Vec<&str> = rows.iter().map(|r| r.name()).collect();
        assert_eq!(
            order,
            [
                "Lancashire",
                "Kent",
                "Yorkshire",
                "Gloucestershire",
                "Surrey",
                "Nottinghamshire"
            ]
        );
    }

    #[test]
    fn points_and_results_of_each_outcome_including_the_one_run_short_draw() {
        use crate::engine::{InningsEnd, Margin, MatchResult, Outcome};
        use crate::league::summary::{InningsSummary, MatchParts};
        let inn = |batting, total, wickets| InningsSummary {
            batting,
            total,
            wickets,
            balls: 100,
            end: InningsEnd::AllOut,
        };
        let game = |r: MatchResult| {
            MatchSummary::from_parts(MatchParts {
                round: 1,
                home: 0,
                away: 1,
                outcome: r.outcome,
                winner: r.winner,
                margin: r.margin,
                points: r.points,
                innings: vec![
                    inn(Side::Home, 200, 10),
                    inn(Side::Away, 150, 10),
                    inn(Side::Home, 100, 10),
                    inn(Side::Away, 149, 6),
                ],
                seed: 0,
            })
            .unwrap()
        };
        let results = [
            MatchResult::win(Side::Home, Margin::Runs(1)),
            MatchResult::tie(),
            MatchResult::draw(None),
            // The away side, batting fourth, ended one run short: a tie's points for it.
            MatchResult::draw(Some(Side::Away)),
        ];
        let (mut home, mut away) = (SeasonRow::new(0), SeasonRow::new(1));
        for r in results {
            home.add_match(&game(r), Side::Home);
            away.add_match(&game(r), Side::Away);
        }
        assert_eq!(
            (
                home.played,
                home.won,
                home.lost,
                home.drawn,
                home.tied,
                home.points
            ),
            (4, 1, 0, 2, 1, 4 + 2 + 1 + 1)
        );
        assert_eq!(
            (
                away.played,
                away.won,
                away.lost,
                away.drawn,
                away.tied,
                away.points
            ),
            (4, 0, 1, 2, 1, 2 + 1 + 2)
        );
        assert_eq!(
            home.bat,
            Figures {
                runs: 4 * 300,
                wickets: 4 * 20,
                balls: 4 * 200
            }
        );
        assert_eq!(home.bowl, away.bat);
        assert_eq!(game(MatchResult::draw(None)).outcome, Outcome::Draw);
    }

    #[test]
    fn prize_money_for_the_first_six_of_the_first_class_only() {
        let first: Vec<u32> = (1..=8).map(|p| prize(Class::First, p)).collect();
        assert_eq!(first, [360, 150, 80, 45, 24, 10, 0, 0]);
        assert!((1..=8).all(|p| prize(Class::Second, p) == 0));
        assert_eq!(prize(Class::First, 0), 0);
    }
}
