//! Save format 1: the stored types, kept apart from the league's and the engine's so that
//! either can change without silently changing the file. Each converts to and from the
//! league's types; reading checks what it can and names what is wrong.
//!
//! Only what cannot be rebuilt is stored: the settings, each season's fixture order and match
//! summaries, and the counties' records. Season rows are added up again on loading.

use serde::{Deserialize, Serialize};

use crate::counties::{self, Class, CountyId};
use crate::engine::{InningsEnd, Margin, MatchOptions, Outcome, Side};
use crate::league::check::{Implausible, MatchAt, MatchProblem, RecordProblem};
use crate::league::records::{CountyRecords, PartnershipRecord, TotalRecord};
use crate::league::season::{ClassSeason, Season, Slots};
use crate::league::summary::{InningsSummary, MatchParts, MatchSummary, MAX_WICKETS};
use crate::league::{Competition, Settings};
use crate::play::Levels;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct FileV1 {
    pub name: String,
    pub seed: u64,
    pub options: OptionsV1,
    pub bat_level: u8,
    pub bowl_level: u8,
    pub user_county: Option<u8>,
    /// Completed seasons, oldest first.
    pub seasons: Vec<SeasonV1>,
    pub current: Option<SeasonV1>,
    /// By county id.
    pub records: Vec<RecordsV1>,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct OptionsV1 {
    pub no_balls: bool,
    pub wides: bool,
    pub byes: bool,
    pub batsmen: u8,
    pub packs_per_session: u8,
    pub days: u8,
}

impl From<MatchOptions> for OptionsV1 {
    fn from(o: MatchOptions) -> OptionsV1 {
        OptionsV1 {
            no_balls: o.no_balls,
            wides: o.wides,
            byes: o.byes,
            batsmen: o.batsmen,
            packs_per_session: o.packs_per_session,
            days: o.days,
        }
    }
}

impl From<OptionsV1> for MatchOptions {
    /// The rules as stored, unchecked (`MatchOptions::validate` says whether a match has them).
    fn from(o: OptionsV1) -> MatchOptions {
        MatchOptions {
            no_balls: o.no_balls,
            wides: o.wides,
            byes: o.byes,
            batsmen: o.batsmen,
            packs_per_session: o.packs_per_session,
            days: o.days,
        }
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SeasonV1 {
    pub year: u16,
    /// First class, then second.
    pub classes: Vec<ClassV1>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ClassV1 {
    /// County ids in fixture-slot order.
    pub slots: Vec<u8>,
    pub matches: Vec<MatchV1>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct MatchV1 {
    pub round: u8,
    pub home: u8,
    pub away: u8,
    /// 0 win, 1 tie, 2 draw.
    pub outcome: u8,
    /// 0 home, 1 away.
    pub winner: Option<u8>,
    pub margin: Option<MarginV1>,
    pub points: [u8; 2],
    pub innings: Vec<InningsV1>,
    pub seed: u64,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub enum MarginV1 {
    Innings(u16),
    Runs(u16),
    Wickets(u8),
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct InningsV1 {
    /// 0 home, 1 away.
    pub batting: u8,
    pub total: u16,
    pub wickets: u8,
    pub balls: u16,
    /// 0 all out, 1 declared, 2 target, 3 time, 4 innings defeat.
    pub end: u8,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct RecordsV1 {
    pub highest_for: Option<TotalV1>,
    pub lowest_for: Option<TotalV1>,
    pub highest_against: Option<TotalV1>,
    pub lowest_against: Option<TotalV1>,
    /// Wicket 1 first; up to 10.
    pub partnerships: Vec<Option<PartnershipV1>>,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct TotalV1 {
    pub total: u16,
    pub wickets: u8,
    pub end: u8,
    pub opponent: u8,
    pub year: u16,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct PartnershipV1 {
    pub runs: u16,
    pub batsmen: [u8; 2],
    pub unbroken: bool,
    pub opponent: u8,
    pub year: u16,
}

// ----- codes -----

const ENDS: [InningsEnd; 5] = [
    InningsEnd::AllOut,
    InningsEnd::Declared,
    InningsEnd::Target,
    InningsEnd::Time,
    InningsEnd::InningsDefeat,
];
const OUTCOMES: [Outcome; 3] = [Outcome::Win, Outcome::Tie, Outcome::Draw];

#[expect(
    clippy::cast_possible_truncation,
    reason = "an index into ENDS, a table of a few entries: it fits a byte"
)]
fn end_code(e: InningsEnd) -> u8 {
    ENDS.iter()
        .position(|&x| x == e)
        .expect("every end has a code") as u8
}

fn unknown(what: &'static str, code: u8) -> Implausible {
    Implausible::UnknownCode { what, code }
}

fn end_of(code: u8) -> Result<InningsEnd, Implausible> {
    ENDS.get(code as usize)
        .copied()
        .ok_or(unknown("an innings end", code))
}

fn side_of(code: u8) -> Result<Side, Implausible> {
    Side::BOTH
        .get(code as usize)
        .copied()
        .ok_or(unknown("a side", code))
}

fn county_of(id: u8) -> Result<CountyId, Implausible> {
    if (id as usize) < counties::all().len() {
        Ok(id)
    } else {
        Err(unknown("a county", id))
    }
}

// ----- to the file -----

impl FileV1 {
    /// The stored form of `comp`.
    pub fn from_competition(comp: &Competition) -> FileV1 {
        let s = comp.settings();
        FileV1 {
            name: comp.name().to_string(),
            seed: s.seed,
            options: OptionsV1::from(s.options),
            bat_level: s.levels.bat,
            bowl_level: s.levels.bowl,
            user_county: s.user_county,
            seasons: comp.seasons().iter().map(season_v1).collect(),
            current: comp.current().map(season_v1),
            records: comp.all_records().iter().map(records_v1).collect(),
        }
    }

    /// The competition stored here, checked.
    pub fn into_competition(self) -> Result<Competition, Implausible> {
        let options = MatchOptions::from(self.options);
        let user_county = self.user_county.map(county_of).transpose()?;
        let settings = Settings {
            options,
            levels: Levels {
                bat: self.bat_level,
                bowl: self.bowl_level,
            },
            user_county,
            seed: self.seed,
        };
        let seasons = self
            .seasons
            .into_iter()
            .map(season_of)
            .collect::<Result<Vec<_>, _>>()?;
        let current = self.current.map(season_of).transpose()?;
        let records = self
            .records
            .into_iter()
            .enumerate()
            .map(records_of)
            .collect::<Result<Vec<_>, _>>()?;
        Competition::from_parts(&self.name, settings, seasons, current, records)
    }
}

fn season_v1(s: &Season) -> SeasonV1 {
    SeasonV1 {
        year: s.year,
        classes: s.classes.iter().map(class_v1).collect(),
    }
}

fn class_v1(c: &ClassSeason) -> ClassV1 {
    ClassV1 {
        slots: c.slots().to_vec(),
        matches: c.matches().iter().map(match_v1).collect(),
    }
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "indexes into small tables (outcomes, sides): they fit a byte"
)]
fn match_v1(m: &MatchSummary) -> MatchV1 {
    MatchV1 {
        round: m.round,
        home: m.home,
        away: m.away,
        outcome: OUTCOMES
            .iter()
            .position(|&o| o == m.outcome)
            .expect("every outcome has a code") as u8,
        winner: m.winner.map(|w| w.index() as u8),
        margin: m.margin.map(|x| match x {
            Margin::Innings(r) => MarginV1::Innings(r),
            Margin::Runs(r) => MarginV1::Runs(r),
            Margin::Wickets(w) => MarginV1::Wickets(w),
        }),
        points: m.points,
        innings: m
            .innings()
            .iter()
            .map(|i| InningsV1 {
                batting: i.batting.index() as u8,
                total: i.total,
                wickets: i.wickets,
                balls: i.balls,
                end: end_code(i.end),
            })
            .collect(),
        seed: m.seed,
    }
}

fn total_v1(t: &TotalRecord) -> TotalV1 {
    TotalV1 {
        total: t.total,
        wickets: t.wickets,
        end: end_code(t.end),
        opponent: t.opponent,
        year: t.year,
    }
}

fn records_v1(r: &CountyRecords) -> RecordsV1 {
    RecordsV1 {
        highest_for: r.highest_for.as_ref().map(total_v1),
        lowest_for: r.lowest_for.as_ref().map(total_v1),
        highest_against: r.highest_against.as_ref().map(total_v1),
        lowest_against: r.lowest_against.as_ref().map(total_v1),
        partnerships: r
            .partnerships
            .iter()
            .map(|p| {
                p.map(|p| PartnershipV1 {
                    runs: p.runs,
                    batsmen: p.batsmen,
                    unbroken: p.unbroken,
                    opponent: p.opponent,
                    year: p.year,
                })
            })
            .collect(),
    }
}

// ----- from the file -----

fn season_of(s: SeasonV1) -> Result<Season, Implausible> {
    let year = s.year;
    let classes: [ClassV1; 2] = s
        .classes
        .try_into()
        .map_err(|_| Implausible::ClassShape { year })?;
    let [first, second] = classes;
    // Which counties are in which class, and in what order, is checked against the season
    // before (`league::check`).
    Ok(Season {
        year,
        classes: [
            class_of(year, Class::First, first)?,
            class_of(year, Class::Second, second)?,
        ],
    })
}

fn class_of(year: u16, class: Class, c: ClassV1) -> Result<ClassSeason, Implausible> {
    let slots: Slots = c
        .slots
        .try_into()
        .map_err(|_| Implausible::ClassShape { year })?;
    for &id in &slots {
        county_of(id)?;
    }
    let matches = c
        .matches
        .into_iter()
        .map(|m| match_of(year, class, m))
        .collect::<Result<Vec<_>, _>>()?;
    ClassSeason::from_matches(class, slots, matches).map_err(|e| Implausible::Match {
        at: MatchAt {
            year,
            class,
            round: e.got.round,
            home: e.got.home,
            away: e.got.away,
        },
        problem: MatchProblem::NotScheduled {
            expected: e.expected.map(|n| (n.round, n.home, n.away)),
        },
    })
}

fn match_of(year: u16, class: Class, m: MatchV1) -> Result<MatchSummary, Implausible> {
    let outcome = *OUTCOMES
        .get(m.outcome as usize)
        .ok_or(unknown("a result", m.outcome))?;
    let innings = m
        .innings
        .iter()
        .map(|i| {
            Ok(InningsSummary {
                batting: side_of(i.batting)?,
                total: i.total,
                wickets: i.wickets,
                balls: i.balls,
                end: end_of(i.end)?,
            })
        })
        .collect::<Result<Vec<_>, Implausible>>()?;
    let (round, home, away) = (m.round, county_of(m.home)?, county_of(m.away)?);
    MatchSummary::from_parts(MatchParts {
        round,
        home,
        away,
        outcome,
        winner: m.winner.map(side_of).transpose()?,
        margin: m.margin.map(|x| match x {
            MarginV1::Innings(r) => Margin::Innings(r),
            MarginV1::Runs(r) => Margin::Runs(r),
            MarginV1::Wickets(w) => Margin::Wickets(w),
        }),
        points: m.points,
        innings,
        seed: m.seed,
    })
    .map_err(|e| Implausible::Match {
        at: MatchAt {
            year,
            class,
            round,
            home,
            away,
        },
        problem: MatchProblem::InningsCount(e.0),
    })
}

fn total_of(t: TotalV1) -> Result<TotalRecord, Implausible> {
    Ok(TotalRecord {
        total: t.total,
        wickets: t.wickets,
        end: end_of(t.end)?,
        opponent: county_of(t.opponent)?,
        year: t.year,
    })
}

fn records_of((county, r): (usize, RecordsV1)) -> Result<CountyRecords, Implausible> {
    // More records than a county id can number: the file is refused.
    let county = CountyId::try_from(county).map_err(|_| Implausible::RecordsCount(county + 1))?;
    if r.partnerships.len() > MAX_WICKETS {
        return Err(Implausible::Record {
            county,
            problem: RecordProblem::PartnershipCount(r.partnerships.len()),
        });
    }
    let mut partnerships = [None; MAX_WICKETS];
    for (slot, p) in partnerships.iter_mut().zip(r.partnerships) {
        *slot = p
            .map(|p| {
                Ok::<_, Implausible>(PartnershipRecord {
                    runs: p.runs,
                    batsmen: p.batsmen,
                    unbroken: p.unbroken,
                    opponent: county_of(p.opponent)?,
                    year: p.year,
                })
            })
            .transpose()?;
    }
    Ok(CountyRecords {
        highest_for: r.highest_for.map(total_of).transpose()?,
        lowest_for: r.lowest_for.map(total_of).transpose()?,
        highest_against: r.highest_against.map(total_of).transpose()?,
        lowest_against: r.lowest_against.map(total_of).transpose()?,
        partnerships,
    })
}
