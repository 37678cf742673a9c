//! Save format 5: format 4's file, unchanged, followed by the innings records the league keeps
//! up as matches are added ([`crate::league::innings`]): each county's highest innings, its
//! hundreds, its carried bats and its record partnership for each wicket, each naming its
//! match.
//!
//! [`upgrade_4`] turns a format-4 file into a format-5 one without the table: reading it
//! then builds the table once by replaying every match kept (the save's and the archive's),
//! and the next write keeps it.

use serde::{Deserialize, Serialize};

use super::v4::FileV4;
use crate::counties::{self, Class};
use crate::league::check::Implausible;
use crate::league::innings::{
    CountyInnings, InningsMark, InningsTable, MatchAt, PairMark, MAX_BATSMEN, TOP,
};
use crate::league::summary::MAX_WICKETS;
use crate::league::MATCHES_PER_ROUND;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct FileV5 {
    /// Everything format 4 keeps.
    pub v4: FileV4,
    /// The innings records (none: a file upgraded from format 4, to be built).
    pub innings: Option<InningsV5>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct InningsV5 {
    /// By county id.
    pub counties: Vec<CountyInningsV5>,
    pub matches_read: u32,
    pub result_only: u32,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct CountyInningsV5 {
    pub top: Vec<InningsMarkV5>,
    /// By place in the order − 1.
    pub best_at: Vec<Option<InningsMarkV5>>,
    pub hundreds: u32,
    pub carried: Vec<InningsMarkV5>,
    /// By wicket − 1.
    pub partnerships: Vec<Option<PairMarkV5>>,
}

/// A match's place: `class` 0 for the first, 1 for the second.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchAtV5 {
    pub year: u16,
    pub class: u8,
    pub round: u8,
    pub index: u8,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct InningsMarkV5 {
    pub county: u8,
    pub opponent: u8,
    pub no: u8,
    pub runs: u16,
    pub balls: u16,
    pub not_out: bool,
    pub at: MatchAtV5,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairMarkV5 {
    pub runs: u16,
    pub batsmen: [u8; 2],
    pub unbroken: bool,
    pub opponent: u8,
    pub at: MatchAtV5,
}

impl MatchAtV5 {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a class's index, 0 or 1: it fits a byte"
    )]
    fn of(at: &MatchAt) -> MatchAtV5 {
        MatchAtV5 {
            year: at.year,
            class: crate::league::class_index(at.class) as u8,
            round: at.round,
            index: at.index,
        }
    }

    fn at(self) -> Result<MatchAt, Implausible> {
        let class = match self.class {
            0 => Class::First,
            1 => Class::Second,
            code => return Err(bad("class", code)),
        };
        if !(1..=crate::league::ROUNDS).contains(&self.round) {
            return Err(bad("round", self.round));
        }
        if self.index >= MATCHES_PER_ROUND {
            return Err(bad("place in a round", self.index));
        }
        Ok(MatchAt {
            year: self.year,
            class,
            round: self.round,
            index: self.index,
        })
    }
}

fn bad(what: &'static str, code: u8) -> Implausible {
    Implausible::UnknownCode { what, code }
}

/// A list's length as the code a refusal names: one too long for a byte is named as 255.
fn length(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn county(code: u8) -> Result<u8, Implausible> {
    if (code as usize) < counties::all().len() {
        Ok(code)
    } else {
        Err(bad("county", code))
    }
}

impl InningsMarkV5 {
    fn of(m: &InningsMark) -> InningsMarkV5 {
        InningsMarkV5 {
            county: m.county,
            opponent: m.opponent,
            no: m.no,
            runs: m.runs,
            balls: m.balls,
            not_out: m.not_out,
            at: MatchAtV5::of(&m.at),
        }
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "MAX_BATSMEN is 11: it fits a byte"
    )]
    fn mark(self) -> Result<InningsMark, Implausible> {
        if !(1..=MAX_BATSMEN as u8).contains(&self.no) {
            return Err(bad("batting position", self.no));
        }
        Ok(InningsMark {
            county: county(self.county)?,
            opponent: county(self.opponent)?,
            no: self.no,
            runs: self.runs,
            balls: self.balls,
            not_out: self.not_out,
            at: self.at.at()?,
        })
    }
}

impl InningsV5 {
    pub fn of(t: &InningsTable) -> InningsV5 {
        InningsV5 {
            counties: t
                .counties
                .iter()
                .map(|c| CountyInningsV5 {
                    top: c.top.iter().map(InningsMarkV5::of).collect(),
                    best_at: c
                        .best_at
                        .iter()
                        .map(|b| b.as_ref().map(InningsMarkV5::of))
                        .collect(),
                    hundreds: c.hundreds,
                    carried: c.carried.iter().map(InningsMarkV5::of).collect(),
                    partnerships: c
                        .partnerships
                        .iter()
                        .map(|p| {
                            p.map(|p| PairMarkV5 {
                                runs: p.runs,
                                batsmen: p.batsmen,
                                unbroken: p.unbroken,
                                opponent: p.opponent,
                                at: MatchAtV5::of(&p.at),
                            })
                        })
                        .collect(),
                })
                .collect(),
            matches_read: t.matches_read,
            result_only: t.result_only,
        }
    }

    /// The table, checked for codes that stand for nothing and lists longer than kept.
    pub fn table(self) -> Result<InningsTable, Implausible> {
        if self.counties.len() != counties::all().len() {
            return Err(Implausible::RecordsCount(self.counties.len()));
        }
        let counties = self
            .counties
            .into_iter()
            .map(|c| {
                if c.top.len() > TOP {
                    return Err(bad("list of highest innings", length(c.top.len())));
                }
                if c.partnerships.len() != MAX_WICKETS {
                    return Err(bad("list of partnerships", length(c.partnerships.len())));
                }
                if c.best_at.len() != MAX_BATSMEN {
                    return Err(bad("list of places in the order", length(c.best_at.len())));
                }
                let mut best_at = [None; MAX_BATSMEN];
                for (slot, b) in best_at.iter_mut().zip(c.best_at) {
                    *slot = b.map(InningsMarkV5::mark).transpose()?;
                }
                let mut partnerships = [None; MAX_WICKETS];
                for (slot, p) in partnerships.iter_mut().zip(c.partnerships) {
                    *slot = p
                        .map(|p| {
                            Ok::<_, Implausible>(PairMark {
                                runs: p.runs,
                                batsmen: p.batsmen,
                                unbroken: p.unbroken,
                                opponent: county(p.opponent)?,
                                at: p.at.at()?,
                            })
                        })
                        .transpose()?;
                }
                Ok(CountyInnings {
                    top: c
                        .top
                        .into_iter()
                        .map(InningsMarkV5::mark)
                        .collect::<Result<_, _>>()?,
                    best_at,
                    hundreds: c.hundreds,
                    carried: c
                        .carried
                        .into_iter()
                        .map(InningsMarkV5::mark)
                        .collect::<Result<_, _>>()?,
                    partnerships,
                })
            })
            .collect::<Result<Vec<_>, Implausible>>()?;
        Ok(InningsTable {
            counties,
            matches_read: self.matches_read,
            result_only: self.result_only,
        })
    }
}

/// A format-4 file as format 5: its innings records are to be built by replay.
pub fn upgrade_4(v4: FileV4) -> FileV5 {
    FileV5 { v4, innings: None }
}
