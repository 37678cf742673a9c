//! Innings records, kept up as matches are added: for each county its highest individual
//! innings by batting position ("Surrey's no. 3, 187 v Kent, 1923"), its number of hundreds,
//! the batsmen who carried the bat through a completed innings, and its record partnership
//! for each wicket, each naming the match it came in (year, class, round and place in the
//! round) so that the match can be reopened. The league adds every match's figures here as it
//! adds its result ([`InningsTable::add`], from [`PlayedMatch`]); a competition read from an
//! older file has its table built once by replaying its kept matches ([`InningsTable::replayed`]).
//! `accc show NAME innings`, the terminal program and the almanack all read this one table.
//!
//! Orders are total, so that a table does not depend on the order matches were added in: an
//! innings ranks by its runs, a not-out one above an out one of the same runs, then the
//! earlier match (by year, round, class and place), then the lower batting position; on equal
//! partnerships the earlier match's stands.

use crate::counties::{self, Class, CountyId};
use crate::engine::tape::{self, Tape};
use crate::engine::{MatchOptions, NoRecord, Side};

use super::kept::SeasonTapes;
use super::season::Season;
use super::summary::{PlayedMatch, MAX_WICKETS};
use super::{class_index, CLASSES};

/// How many of a county's highest innings are kept (and of the all-time list shown).
pub const TOP: usize = 10;

/// Where a match stands in the competition: its year, class, round (1..=14) and place in the
/// round (0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchAt {
    pub year: u16,
    pub class: Class,
    pub round: u8,
    pub index: u8,
}

impl MatchAt {
    /// The key that orders matches: the earlier first.
    fn key(&self) -> (u16, u8, usize, u8) {
        (self.year, self.round, class_index(self.class), self.index)
    }
}

/// One batsman's innings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InningsMark {
    pub county: CountyId,
    pub opponent: CountyId,
    /// Batting position, 1..=11.
    pub no: u8,
    pub runs: u16,
    pub balls: u16,
    pub not_out: bool,
    pub at: MatchAt,
}

impl InningsMark {
    /// The order of a list of highest innings: the first ranks highest.
    pub fn rank(a: &InningsMark, b: &InningsMark) -> std::cmp::Ordering {
        (b.runs, b.not_out)
            .cmp(&(a.runs, a.not_out))
            .then(a.at.key().cmp(&b.at.key()))
            .then(a.no.cmp(&b.no))
            .then(a.county.cmp(&b.county))
    }
}

/// A record partnership.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairMark {
    pub runs: u16,
    /// The batsmen's positions, lower first.
    pub batsmen: [u8; 2],
    pub unbroken: bool,
    pub opponent: CountyId,
    pub at: MatchAt,
}

/// One county's innings records.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountyInnings {
    /// Its highest innings, highest first, at most [`TOP`].
    pub top: Vec<InningsMark>,
    /// Its highest innings at each place in the batting order (index: place − 1).
    pub best_at: [Option<InningsMark>; MAX_BATSMEN],
    pub hundreds: u32,
    /// Every time one of its openers carried the bat, in the order of the matches.
    pub carried: Vec<InningsMark>,
    /// The record partnership for each wicket (index: wicket − 1).
    pub partnerships: [Option<PairMark>; MAX_WICKETS],
}

/// Every county's innings records, and how many matches they were read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InningsTable {
    pub counties: Vec<CountyInnings>,
    /// Matches whose batsmen's figures are in the table.
    pub matches_read: u32,
    /// Matches kept as their result only (an older file's), whose figures are not.
    pub result_only: u32,
}

impl Default for InningsTable {
    fn default() -> InningsTable {
        InningsTable {
            counties: vec![CountyInnings::default(); counties::all().len()],
            matches_read: 0,
            result_only: 0,
        }
    }
}

/// Positions in a batting order.
pub const MAX_BATSMEN: usize = crate::engine::score::MAX_BATSMEN;

impl InningsTable {
    /// Adds the figures of match `played` at `at`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a place in the order, 1 to 11: it fits a byte"
    )]
    pub fn add(&mut self, at: MatchAt, played: &PlayedMatch) {
        self.matches_read += 1;
        let m = &played.summary;
        for (side, complete, figures) in played.batting.iter().flatten() {
            let county = m.county(*side);
            let opponent = m.county(side.other());
            let c = &mut self.counties[county as usize];
            for (n, f) in figures.iter().enumerate() {
                let Some(f) = f else { continue };
                let mark = InningsMark {
                    county,
                    opponent,
                    no: n as u8 + 1,
                    runs: f.runs,
                    balls: f.balls,
                    not_out: f.not_out,
                    at,
                };
                if f.runs >= 100 {
                    c.hundreds += 1;
                }
                if n < 2 && f.not_out && *complete {
                    let i = c
                        .carried
                        .partition_point(|x| (x.at.key(), x.no) < (at.key(), mark.no));
                    c.carried.insert(i, mark);
                }
                let best = &mut c.best_at[n];
                if best.is_none_or(|b| InningsMark::rank(&mark, &b).is_lt()) {
                    *best = Some(mark);
                }
                let i = c
                    .top
                    .partition_point(|x| InningsMark::rank(x, &mark).is_lt());
                if i < TOP {
                    c.top.insert(i, mark);
                    c.top.truncate(TOP);
                }
            }
        }
        for side in Side::BOTH {
            let county = m.county(side);
            let opponent = m.county(side.other());
            let c = &mut self.counties[county as usize];
            for (slot, p) in c
                .partnerships
                .iter_mut()
                .zip(played.partnerships[side.index()].iter())
            {
                let Some(p) = p else { continue };
                let better = slot.is_none_or(|old| {
                    p.runs > old.runs || (p.runs == old.runs && at.key() < old.at.key())
                });
                if better {
                    *slot = Some(PairMark {
                        runs: p.runs,
                        batsmen: p.batsmen,
                        unbroken: p.unbroken,
                        opponent,
                        at,
                    });
                }
            }
        }
    }

    /// The highest innings of all, highest first, at most [`TOP`] (of `county` alone, if
    /// given).
    pub fn highest(&self, county: Option<CountyId>) -> Vec<InningsMark> {
        let mut all: Vec<InningsMark> = self
            .counties
            .iter()
            .enumerate()
            .filter(|(c, _)| county.is_none_or(|x| x as usize == *c))
            .flat_map(|(_, c)| c.top.iter().copied())
            .collect();
        all.sort_by(InningsMark::rank);
        all.truncate(TOP);
        all
    }

    /// The table of the competition whose seasons (completed and under way, in order) are
    /// `seasons`, built by replaying every match it keeps a record of, `tapes` giving each
    /// year's records (the competition's shelf, or the archive beside its file); a match whose
    /// record is nowhere, or does not give its result back, is counted as kept as its result
    /// only.
    pub fn replayed<'a>(
        seasons: &[&Season],
        options: MatchOptions,
        tapes: impl Fn(u16) -> Option<&'a SeasonTapes>,
    ) -> InningsTable {
        let mut table = InningsTable::default();
        for season in seasons {
            let year = season.year;
            let kept = tapes(year);
            for class in CLASSES {
                for (k, m) in season.class(class).matches().iter().enumerate() {
                    let (round, index) = super::fixtures::position(k);
                    let at = MatchAt {
                        year,
                        class,
                        round,
                        index,
                    };
                    let tape = kept.and_then(|t| t.get(class, k));
                    match tape.and_then(|t| played_again(options, m, t)) {
                        Some(p) => table.add(at, &p),
                        None => table.result_only += 1,
                    }
                }
            }
        }
        table
    }
}

/// The match `m` played again from its record, if the record gives its result back.
fn played_again(options: MatchOptions, m: &super::MatchSummary, t: &Tape) -> Option<PlayedMatch> {
    let state = tape::replay(options, m.seed, t, &mut NoRecord).ok()?;
    let p = PlayedMatch::of(&state, m.round, m.home, m.away, m.seed);
    (p.summary == *m).then_some(p)
}
