//! Each county's all-time records, kept up as matches are added: highest and lowest innings
//! totals for and against (with the opponent and the year), and the record partnership for
//! each wicket.
//!
//! Readings (see `docs/LEAGUE.md`): a highest total may be any innings (declared, unfinished or
//! all out); a lowest total counts only completed innings, i.e. all out. Partnerships include
//! unbroken ones (marked as such). On equal figures the earlier record stands.

use crate::counties::CountyId;
use crate::engine::{InningsEnd, Side};

use super::summary::{BestPartnerships, MatchSummary, MAX_WICKETS};

/// A record innings total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TotalRecord {
    pub total: u16,
    pub wickets: u8,
    pub end: InningsEnd,
    pub opponent: CountyId,
    pub year: u16,
}

impl TotalRecord {
    /// As a scoreboard writes it: `237`, `120-5`, `301-7d`.
    pub fn score_text(&self, all_out: u8) -> String {
        crate::engine::score::score_text(self.total, self.wickets, Some(self.end), all_out)
    }
}

/// A record partnership for one wicket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartnershipRecord {
    pub runs: u16,
    /// The batsmen's numbers, lower first.
    pub batsmen: [u8; 2],
    pub unbroken: bool,
    pub opponent: CountyId,
    pub year: u16,
}

/// One county's records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountyRecords {
    pub highest_for: Option<TotalRecord>,
    pub lowest_for: Option<TotalRecord>,
    pub highest_against: Option<TotalRecord>,
    pub lowest_against: Option<TotalRecord>,
    /// Index: wicket − 1.
    pub partnerships: [Option<PartnershipRecord>; MAX_WICKETS],
}

fn keep_if(slot: &mut Option<TotalRecord>, new: TotalRecord, better: impl Fn(u16, u16) -> bool) {
    if slot.is_none_or(|old| better(new.total, old.total)) {
        *slot = Some(new);
    }
}

impl CountyRecords {
    /// Adds the match `m` of `year`, in which this county played on `side`; `best` are the
    /// match's best partnerships; `all_out` the wickets that make an innings complete.
    pub fn add_match(
        &mut self,
        m: &MatchSummary,
        side: Side,
        best: &BestPartnerships,
        year: u16,
        all_out: u8,
    ) {
        let opponent = m.county(side.other());
        for inn in m.innings() {
            let record = TotalRecord {
                total: inn.total,
                wickets: inn.wickets,
                end: inn.end,
                opponent,
                year,
            };
            let complete = inn.wickets >= all_out;
            let (highest, lowest) = if inn.batting == side {
                (&mut self.highest_for, &mut self.lowest_for)
            } else {
                (&mut self.highest_against, &mut self.lowest_against)
            };
            keep_if(highest, record, |new, old| new > old);
            if complete {
                keep_if(lowest, record, |new, old| new < old);
            }
        }
        for (slot, p) in self.partnerships.iter_mut().zip(best[side.index()].iter()) {
            if let Some(p) = p {
                if slot.is_none_or(|old| p.runs > old.runs) {
                    *slot = Some(PartnershipRecord {
                        runs: p.runs,
                        batsmen: p.batsmen,
                        unbroken: p.unbroken,
                        opponent,
                        year,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Outcome, Side};
    use crate::league::summary::{InningsSummary, MatchParts, Partnership};

    fn inn(batting: Side, total: u16, wickets: u8, end: InningsEnd) -> InningsSummary {
        InningsSummary {
            batting,
            total,
            wickets,
            balls: total * 2,
            end,
        }
    }

    fn game(innings: Vec<InningsSummary>) -> MatchSummary {
        MatchSummary::from_parts(MatchParts {
            round: 1,
            home: 0,
            away: 2,
            outcome: Outcome::Draw,
            winner: None,
            margin: None,
            points: [1, 1],
            innings,
            seed: 0,
        })
        .unwrap()
    }

    #[test]
    fn lowest_totals_count_only_completed_innings_highest_any() {
        let m = game(vec![
            inn(Side::Home, 40, 3, InningsEnd::Declared),
            inn(Side::Away, 80, 10, InningsEnd::AllOut),
            inn(Side::Home, 300, 4, InningsEnd::Time),
            inn(Side::Away, 20, 2, InningsEnd::Time),
        ]);
        let none = [[None; MAX_WICKETS]; 2];
        let mut surrey = CountyRecords::default();
        surrey.add_match(&m, Side::Home, &none, 1890, 10);
        assert_eq!(surrey.highest_for.unwrap().total, 300);
        assert_eq!(surrey.lowest_for, None, "no completed innings");
        assert_eq!(surrey.highest_against.unwrap().total, 80);
        assert_eq!(surrey.lowest_against.unwrap().total, 80);
        assert_eq!(surrey.lowest_against.unwrap().opponent, 2);
        let mut kent = CountyRecords::default();
        kent.add_match(&m, Side::Away, &none, 1891, 10);
        assert_eq!(
            (
                kent.lowest_for.unwrap().total,
                kent.lowest_for.unwrap().year
            ),
            (80, 1891)
        );
        assert_eq!(kent.highest_against.unwrap().score_text(10), "300-4");
    }

    #[test]
    fn a_record_stands_until_beaten_not_equalled() {
        let none = [[None; MAX_WICKETS]; 2];
        let mut r = CountyRecords::default();
        r.add_match(
            &game(vec![inn(Side::Home, 200, 10, InningsEnd::AllOut)]),
            Side::Home,
            &none,
            1890,
            10,
        );
        r.add_match(
            &game(vec![inn(Side::Home, 200, 10, InningsEnd::AllOut)]),
            Side::Home,
            &none,
            1895,
            10,
        );
        assert_eq!(r.highest_for.unwrap().year, 1890);
        r.add_match(
            &game(vec![inn(Side::Home, 201, 10, InningsEnd::AllOut)]),
            Side::Home,
            &none,
            1896,
            10,
        );
        assert_eq!(r.highest_for.unwrap().year, 1896);
        assert_eq!(r.lowest_for.unwrap().year, 1890);
    }

    #[test]
    fn partnership_records_per_wicket_for_the_batting_side() {
        let mut best = [[None; MAX_WICKETS]; 2];
        best[0][0] = Some(Partnership {
            wicket: 1,
            runs: 50,
            batsmen: [1, 2],
            unbroken: false,
        });
        best[1][2] = Some(Partnership {
            wicket: 3,
            runs: 70,
            batsmen: [3, 4],
            unbroken: true,
        });
        let m = game(vec![inn(Side::Home, 200, 10, InningsEnd::AllOut)]);
        let mut home = CountyRecords::default();
        home.add_match(&m, Side::Home, &best, 1900, 10);
        assert_eq!(home.partnerships[0].unwrap().runs, 50);
        assert_eq!(home.partnerships[2], None);
        let mut away = CountyRecords::default();
        away.add_match(&m, Side::Away, &best, 1900, 10);
        let third = away.partnerships[2].unwrap();
        assert_eq!((third.runs, third.unbroken, third.opponent), (70, true, 0));
    }
}
