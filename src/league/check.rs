//! Whether a competition read back from its parts (a save file) could have been played: each
//! match's figures within what the cards allow, its innings in the rules' order, its result,
//! margin and points following from its innings by the engine's own rule
//! ([`crate::engine::judge`]) and its seed the one its fixture is given; each season's classes
//! and fixture order following from the season before; and each county's records following
//! from the matches. A file with a valid checksum can still hold impossible numbers (edited, or
//! written by a faulty program); this is where they are caught, each named in words.

use std::fmt;

use crate::cards::{DEAL, PACK_SIZE};
use crate::counties::{self, Class, CountyId};
use crate::engine::{judge, InningsClose, InningsEnd, MatchOptions, MatchResult, Side};

use super::innings::{CountyInnings, InningsTable, MatchAt as InningsAt};
use super::name::NameError;
use super::records::CountyRecords;
use super::season::Season;
use super::seeds::match_seed;
use super::settings::SettingsError;
use super::summary::{InningsSummary, MatchSummary, MAX_WICKETS};
use super::MATCHES_PER_ROUND;

/// Why a competition's parts cannot be a competition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Implausible {
    Name(NameError),
    Settings(SettingsError),
    /// A stored code that stands for nothing (an innings end, a side, a county, a result).
    UnknownCode {
        what: &'static str,
        code: u8,
    },
    /// Records kept for another number of counties than sixteen.
    RecordsCount(usize),
    /// The seasons do not run year by year from 1890 (or go past 1989).
    Years,
    /// A season before the last is unfinished, or the one under way is finished.
    Unfinished,
    /// The competition stops before its last season.
    StopsEarly,
    /// A season stored with other than two classes of eight.
    ClassShape {
        year: u16,
    },
    /// A season's classes or fixture order do not follow from the season before.
    Classes {
        year: u16,
    },
    /// A match that cannot have been played as stored.
    Match {
        at: MatchAt,
        problem: MatchProblem,
    },
    /// A match listed as the person's that is not a played match of their county.
    PersonMatch {
        year: u16,
        home: CountyId,
        away: CountyId,
    },
    /// A county's records that do not follow from its matches.
    Record {
        county: CountyId,
        problem: RecordProblem,
    },
    /// Match records (tapes) kept for a season it does not have, or for more matches than
    /// it has played.
    Tapes(u16),
    /// A county's innings records (highest innings, hundreds, carried bats, partnerships)
    /// that its matches cannot hold.
    InningsRecord {
        county: CountyId,
        problem: InningsProblem,
    },
    /// Innings records read from another number of matches than the competition has played.
    InningsMatches {
        read: u32,
        played: u32,
    },
}

/// What is wrong with one county's innings records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InningsProblem {
    /// An innings (`what`: "highest innings", "carried bat", ...) of `runs` by batsman `no`
    /// credited to a match (`year`) that no innings of the county holds: not one of its
    /// matches against that opponent, no innings of it with that many runs (or not all out,
    /// for a carried bat), or a place in the order that cannot hold it.
    Mark {
        what: &'static str,
        no: u8,
        runs: u16,
        year: u16,
    },
    /// A partnership for `wicket` credited to a match that no innings of the county holds.
    Partnership { wicket: u8, runs: u16, year: u16 },
    /// More hundreds than its innings' totals leave room for.
    Hundreds { stored: u32, most: u32 },
}

/// Where a match stands in the competition, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchAt {
    pub year: u16,
    pub class: Class,
    pub round: u8,
    pub home: CountyId,
    pub away: CountyId,
}

/// What is wrong with one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchProblem {
    /// Not the next match of the schedule (`expected`: the one that is, if any is left).
    NotScheduled {
        expected: Option<(u8, CountyId, CountyId)>,
    },
    /// Its seed is not its fixture's.
    Seed,
    /// Other than one to four innings.
    InningsCount(usize),
    /// An innings batted by the wrong side (the order is A, B, A, B).
    BattingOrder { innings: u8 },
    /// More wickets than a side has.
    Wickets { innings: u8, wickets: u8, most: u8 },
    /// An innings said to end in a way it cannot have ended.
    End { innings: u8, end: InningsEnd },
    /// The match goes on after an innings that ended it.
    GoesOn { innings: u8 },
    /// More balls than the cards allow.
    Balls { balls: u32, most: u32 },
    /// More wickets in an innings than balls bowled in it: a wicket falls only on a ball
    /// that counts in the over.
    WicketsBeforeBalls {
        innings: u8,
        wickets: u8,
        balls: u16,
    },
    /// More runs than the balls allow.
    Runs { runs: u32, most: u32 },
    /// The result, margin or points stored are not what the innings give.
    Result {
        stored: MatchResult,
        expected: MatchResult,
    },
}

/// What is wrong with one county's records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// Partnership records for more wickets than an innings has.
    PartnershipCount(usize),
    /// A record total that is not the one its matches give (`which`: "highest for", ...).
    Total {
        which: &'static str,
        stored: Option<u16>,
        expected: Option<u16>,
    },
    /// A record total credited to a match that has no such innings.
    TotalNotPlayed { which: &'static str },
    /// A partnership by batsmen who cannot have batted together for that wicket.
    PartnershipBatsmen { wicket: u8, batsmen: [u8; 2] },
    /// A partnership no innings of the county against that opponent that year could hold.
    PartnershipNotPlayed { wicket: u8, runs: u16 },
}

impl fmt::Display for MatchAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the {} {}-class match of round {}, {} v {}",
            self.year,
            self.class.name(),
            self.round,
            name(self.home),
            name(self.away)
        )
    }
}

fn name(id: CountyId) -> &'static str {
    counties::all()
        .get(id as usize)
        .map_or("an unknown county", |c| c.name.as_str())
}

fn result_text(r: &MatchResult, at: &MatchAt) -> String {
    let side = |s: Side| {
        name(match s {
            Side::Home => at.home,
            Side::Away => at.away,
        })
        .to_string()
    };
    format!(
        "{}, points {}-{}",
        r.describe(side),
        r.points[0],
        r.points[1]
    )
}

impl fmt::Display for Implausible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Implausible::Name(e) => write!(f, "its name is wrong: {e}"),
            Implausible::Settings(e) => write!(f, "its settings are impossible: {e}"),
            Implausible::UnknownCode { what, code } => {
                write!(f, "it holds {what} code {code}, which stands for nothing")
            }
            Implausible::RecordsCount(n) => {
                write!(f, "it keeps records for {n} counties, not sixteen")
            }
            Implausible::Years => f.write_str("its seasons do not run year by year from 1890"),
            Implausible::Unfinished => {
                f.write_str("a season is marked finished but is not, or the reverse")
            }
            Implausible::StopsEarly => {
                f.write_str("the competition ends before its last season, 1989")
            }
            Implausible::ClassShape { year } => {
                write!(f, "its {year} season is not two classes of eight counties")
            }
            Implausible::Classes { year } => write!(
                f,
                "its {year} classes or fixtures do not follow from the season before"
            ),
            Implausible::InningsRecord { county, problem } => {
                write!(f, "{}'s innings records {problem}", name(*county))
            }
            Implausible::InningsMatches { read, played } => write!(
                f,
                "its innings records are read from {read} matches, where it has played {played}"
            ),
            Implausible::Tapes(year) => write!(
                f,
                "it keeps records of {year} matches that the season does not have"
            ),
            Implausible::PersonMatch { year, home, away } => write!(
                f,
                "it lists {year} {} v {} as the person's match, which their county did not play",
                name(*home),
                name(*away)
            ),
            Implausible::Match { at, problem } => {
                write!(f, "{at} ")?;
                match_problem(f, at, problem)
            }
            Implausible::Record { county, problem } => {
                write!(f, "{}'s records ", name(*county))?;
                record_problem(f, problem)
            }
        }
    }
}

impl std::error::Error for Implausible {}

impl fmt::Display for InningsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InningsProblem::Mark {
                what,
                no,
                runs,
                year,
            } => write!(
                f,
                "give a {what} of {runs} by its no. {no} in {year} that none of its innings \
                 could hold"
            ),
            InningsProblem::Partnership { wicket, runs, year } => write!(
                f,
                "give a wicket-{wicket} partnership of {runs} in {year} that none of its \
                 innings could hold"
            ),
            InningsProblem::Hundreds { stored, most } => write!(
                f,
                "count {stored} hundreds, where its innings' totals leave room for {most}"
            ),
        }
    }
}

/// What is wrong with a match, after the words naming it.
fn match_problem(f: &mut fmt::Formatter<'_>, at: &MatchAt, problem: &MatchProblem) -> fmt::Result {
    match problem {
        MatchProblem::NotScheduled {
            expected: Some((round, home, away)),
        } => write!(
            f,
            "is out of turn: the schedule's next match is round {round}, {} v {}",
            name(*home),
            name(*away)
        ),
        MatchProblem::NotScheduled { expected: None } => {
            f.write_str("is one more than the class's season holds")
        }
        MatchProblem::Seed => f.write_str("has a seed that is not its fixture's"),
        MatchProblem::InningsCount(n) => write!(f, "has {n} innings"),
        MatchProblem::BattingOrder { innings } => {
            write!(f, "has innings {innings} batted by the wrong side")
        }
        MatchProblem::Wickets {
            innings,
            wickets,
            most,
        } => write!(
            f,
            "has {wickets} wickets down in innings {innings}, where a side has {most}"
        ),
        MatchProblem::End { innings, end } => write!(
            f,
            "says innings {innings} ended {}, which it cannot have",
            end.name()
        ),
        MatchProblem::GoesOn { innings } => {
            write!(f, "goes on after innings {innings}, which ended the match")
        }
        MatchProblem::Balls { balls, most } => write!(
            f,
            "has {balls} balls bowled, more than its cards allow ({most})"
        ),
        MatchProblem::WicketsBeforeBalls {
            innings,
            wickets,
            balls,
        } => write!(
            f,
            "has {wickets} wickets down in innings {innings} in {balls} balls, where \
             a wicket falls only on a ball that counts"
        ),
        MatchProblem::Runs { runs, most } => write!(
            f,
            "has {runs} runs scored, more than its deliveries allow ({most})"
        ),
        MatchProblem::Result { stored, expected } => write!(
            f,
            "says \"{}\" where its innings give \"{}\"",
            result_text(stored, at),
            result_text(expected, at)
        ),
    }
}

/// What is wrong with a county's records, after the words naming them.
fn record_problem(f: &mut fmt::Formatter<'_>, problem: &RecordProblem) -> fmt::Result {
    match problem {
        RecordProblem::PartnershipCount(n) => {
            write!(
                f,
                "hold partnerships for {n} wickets, where an innings has ten"
            )
        }
        RecordProblem::Total {
            which,
            stored,
            expected,
        } => {
            let t = |v: &Option<u16>| v.map_or("none".to_string(), |v| v.to_string());
            write!(
                f,
                "give a {which} total of {} where its matches give {}",
                t(stored),
                t(expected)
            )
        }
        RecordProblem::TotalNotPlayed { which } => write!(
            f,
            "credit the {which} total to a match that has no such innings"
        ),
        RecordProblem::PartnershipBatsmen { wicket, batsmen } => write!(
            f,
            "give the wicket-{wicket} partnership to batsmen {} and {}, who cannot \
             have batted together then",
            batsmen[0], batsmen[1]
        ),
        RecordProblem::PartnershipNotPlayed { wicket, runs } => write!(
            f,
            "give a wicket-{wicket} partnership of {runs} that none of its innings \
             could hold"
        ),
    }
}

/// Whether innings `i` could hold a partnership of `runs` for wicket `wicket`: the wicket was
/// reached (and no further, for one left unbroken at the end) and the total holds the runs.
fn holds_partnership(i: &InningsSummary, wicket: u8, unbroken: bool, runs: u16) -> bool {
    let reached = if unbroken {
        i.wickets + 1 == wicket
    } else {
        i.wickets >= wicket
    };
    reached && i.total >= runs
}

/// Most deliveries a match's cards allow: every delivery plays at least the bowler's card,
/// and a card is played only from a hand of six, refilled from the pickup pile. The first
/// pile holds the 96 cards not dealt; each later pack is the discard pile but its top card
/// (the 110 cards but the two hands of six and that one); once the last pack is used up,
/// only the two hands are left to play.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the pack's 110 cards and a hand's 7 fit a u32"
)]
pub fn most_deliveries(options: &MatchOptions) -> u32 {
    let hands = 2 * (DEAL as u32 - 1);
    let first = PACK_SIZE as u32 - 2 * DEAL as u32;
    let later = PACK_SIZE as u32 - hands - 1;
    first + later * (options.max_packs() as u32).saturating_sub(1) + hands
}

/// Most runs off one delivery that counts in the over (6 off the bat; byes give at most 4).
const MOST_RUNS_COUNTING: u32 = 6;
/// Most runs off one that does not (a no-ball's penalty and 6 off the bat; wides give 4).
const MOST_RUNS_EXTRA: u32 = 7;

/// Checks one match's figures and result against the rules.
#[expect(
    clippy::cast_possible_truncation,
    reason = "an innings' number, at most four (checked above): it fits a byte"
)]
pub fn check_match(m: &MatchSummary, options: &MatchOptions) -> Result<(), MatchProblem> {
    let innings = m.innings();
    if innings.is_empty() || innings.len() > 4 {
        return Err(MatchProblem::InningsCount(innings.len()));
    }
    let all_out = options.all_out();
    let most = most_deliveries(options);
    let balls: u32 = innings.iter().map(|i| i.balls as u32).sum();
    if balls > most {
        return Err(MatchProblem::Balls { balls, most });
    }
    let runs: u32 = innings.iter().map(|i| i.total as u32).sum();
    let most_runs = MOST_RUNS_COUNTING * balls + MOST_RUNS_EXTRA * (most - balls);
    if runs > most_runs {
        return Err(MatchProblem::Runs {
            runs,
            most: most_runs,
        });
    }
    let first = innings[0].batting;
    let mut aggregate = [0u16; 2];
    // The result, once an innings has decided one (or time has run out).
    let mut decided: Option<(u8, MatchResult)> = None;
    for (k, inn) in innings.iter().enumerate() {
        let number = k as u8 + 1;
        if let Some((innings, _)) = decided {
            return Err(MatchProblem::GoesOn { innings });
        }
        let batting = if k % 2 == 0 { first } else { first.other() };
        if inn.batting != batting {
            return Err(MatchProblem::BattingOrder { innings: number });
        }
        if inn.wickets > all_out {
            return Err(MatchProblem::Wickets {
                innings: number,
                wickets: inn.wickets,
                most: all_out,
            });
        }
        if u16::from(inn.wickets) > inn.balls {
            return Err(MatchProblem::WicketsBeforeBalls {
                innings: number,
                wickets: inn.wickets,
                balls: inn.balls,
            });
        }
        let bad_end = Err(MatchProblem::End {
            innings: number,
            end: inn.end,
        });
        // All out exactly when every wicket fell; an innings defeat is the third innings
        // closing (all out or declared) behind.
        let all_out_now = inn.wickets == all_out;
        let reason = match inn.end {
            InningsEnd::InningsDefeat if all_out_now => InningsEnd::AllOut,
            InningsEnd::InningsDefeat => InningsEnd::Declared,
            end if all_out_now != (end == InningsEnd::AllOut) => return bad_end,
            end => end,
        };
        let i = batting.index();
        aggregate[i] = aggregate[i].saturating_add(inn.total);
        let (mine, theirs) = (aggregate[i], aggregate[1 - i]);
        // The side batting fourth stops the moment it passes the other's runs, and no one
        // delivery gives more than seven.
        let passed = number == 4 && mine > theirs;
        if (inn.end == InningsEnd::Target) != passed || (passed && mine - theirs > 7) {
            return bad_end;
        }
        let (result, recorded) = judge(InningsClose {
            number,
            reason,
            batting,
            mine,
            theirs,
            wickets_left: all_out - inn.wickets,
        });
        if recorded != inn.end {
            return bad_end;
        }
        decided = match result {
            Some(r) => Some((number, r)),
            // Time running out ends the match drawn.
            None if inn.end == InningsEnd::Time => Some((number, MatchResult::draw(None))),
            None => None,
        };
    }
    // No innings decided it: the last pack ran out just as the last innings closed.
    compare(m, decided.map_or(MatchResult::draw(None), |(_, r)| r))
}

fn compare(m: &MatchSummary, expected: MatchResult) -> Result<(), MatchProblem> {
    let stored = MatchResult {
        outcome: m.outcome,
        winner: m.winner,
        margin: m.margin,
        points: m.points,
    };
    if stored == expected {
        Ok(())
    } else {
        Err(MatchProblem::Result { stored, expected })
    }
}

/// Checks what the league's types cannot hold by construction, once the competition's parts
/// are each well formed: classes, fixtures and seeds season by season, every match, and the
/// records. `seasons` are the completed ones then the one under way.
pub fn check_history(
    seed: u64,
    options: &MatchOptions,
    seasons: &[&Season],
    first_members: [super::season::Slots; 2],
    records: &[CountyRecords],
) -> Result<(), Implausible> {
    let mut members = first_members;
    for (k, season) in seasons.iter().enumerate() {
        if k > 0 {
            members = seasons[k - 1].summary().next_members();
        }
        let fresh = Season::new(season.year, members, seed);
        for class in &season.classes {
            if fresh.class(class.class).slots() != class.slots() {
                return Err(Implausible::Classes { year: season.year });
            }
            for (j, m) in class.matches().iter().enumerate() {
                let at = MatchAt {
                    year: season.year,
                    class: class.class,
                    round: m.round,
                    home: m.home,
                    away: m.away,
                };
                let s = class.scheduled(j);
                if m.seed != match_seed(seed, season.year, class.class, s.round, s.index) {
                    return Err(Implausible::Match {
                        at,
                        problem: MatchProblem::Seed,
                    });
                }
                check_match(m, options).map_err(|problem| Implausible::Match { at, problem })?;
            }
        }
    }
    check_records(options, seasons, records)
}

/// Every match of the history, with its year.
fn all_innings<'a>(
    seasons: &'a [&'a Season],
) -> impl Iterator<Item = (u16, &'a MatchSummary)> + 'a {
    seasons.iter().flat_map(|s| {
        s.classes
            .iter()
            .flat_map(|c| c.matches().iter().map(|m| (s.year, m)))
    })
}

/// The matches `county` played against `opponent` in `year`, each with the side it was.
fn matches_against<'a>(
    seasons: &'a [&'a Season],
    county: CountyId,
    year: u16,
    opponent: CountyId,
) -> impl Iterator<Item = (Side, &'a MatchSummary)> + 'a {
    all_innings(seasons).filter_map(move |(y, m)| {
        let side = m.side_of(county)?;
        (y == year && m.county(side.other()) == opponent).then_some((side, m))
    })
}

/// Whether batsmen `[a, b]` (their numbers in the order, `a` the earlier) could be batting
/// together when wicket `wicket` falls in a side of `batsmen`: by then no batsman later than
/// no. `wicket + 1` has come in.
fn pair_may_bat(wicket: u8, batsmen: u8, [a, b]: [u8; 2]) -> bool {
    let last = (wicket + 1).min(batsmen);
    1 <= a && a < b && b <= last
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "a wicket, 1 to 10: it fits a byte"
)]
fn check_records(
    options: &MatchOptions,
    seasons: &[&Season],
    records: &[CountyRecords],
) -> Result<(), Implausible> {
    let all_out = options.all_out();
    let mut rebuilt = vec![CountyRecords::default(); records.len()];
    let none = [[None; MAX_WICKETS]; 2];
    for (year, m) in all_innings(seasons) {
        for side in Side::BOTH {
            rebuilt[m.county(side) as usize].add_match(m, side, &none, year, all_out);
        }
    }
    for (county, (stored, fresh)) in records.iter().zip(&rebuilt).enumerate() {
        let Ok(county) = CountyId::try_from(county) else {
            return Err(Implausible::RecordsCount(records.len()));
        };
        let fail = |problem| Err(Implausible::Record { county, problem });
        let totals = [
            ("highest for", stored.highest_for, fresh.highest_for, true),
            ("lowest for", stored.lowest_for, fresh.lowest_for, true),
            (
                "highest against",
                stored.highest_against,
                fresh.highest_against,
                false,
            ),
            (
                "lowest against",
                stored.lowest_against,
                fresh.lowest_against,
                false,
            ),
        ];
        for (which, s, e, batting) in totals {
            if s.map(|r| r.total) != e.map(|r| r.total) {
                return fail(RecordProblem::Total {
                    which,
                    stored: s.map(|r| r.total),
                    expected: e.map(|r| r.total),
                });
            }
            let Some(r) = s else { continue };
            let played = matches_against(seasons, county, r.year, r.opponent).any(|(side, m)| {
                m.innings().iter().any(|i| {
                    (i.batting == side) == batting
                        && (i.total, i.wickets, i.end) == (r.total, r.wickets, r.end)
                })
            });
            if !played {
                return fail(RecordProblem::TotalNotPlayed { which });
            }
        }
        for (w, p) in stored.partnerships.iter().enumerate() {
            let Some(p) = p else { continue };
            let wicket = w as u8 + 1;
            if !pair_may_bat(wicket, options.batsmen, p.batsmen) {
                return fail(RecordProblem::PartnershipBatsmen {
                    wicket,
                    batsmen: p.batsmen,
                });
            }
            let possible = matches_against(seasons, county, p.year, p.opponent).any(|(side, m)| {
                m.innings_of(side)
                    .any(|i| holds_partnership(i, wicket, p.unbroken, p.runs))
            });
            if !possible {
                return fail(RecordProblem::PartnershipNotPlayed {
                    wicket,
                    runs: p.runs,
                });
            }
        }
    }
    Ok(())
}

/// Checks a saved table of innings records against the matches it names, as far as their
/// summaries allow (they keep each innings' total, wickets and balls, not each batsman's
/// figures): every mark must name a match of its county against its opponent with an
/// innings of that county that could hold it, the hundreds fit in the county's innings
/// totals, and the table be read from as many matches as were played. A table built here
/// from the matches always passes; one edited or written by a faulty program is caught
/// before it is shown. `seasons`: the completed ones then the one under way.
pub fn check_innings(
    table: &InningsTable,
    options: &MatchOptions,
    seasons: &[&Season],
) -> Result<(), Implausible> {
    let played: u32 = all_innings(seasons).map(|_| 1).sum();
    let read = table.matches_read + table.result_only;
    if read != played {
        return Err(Implausible::InningsMatches { read, played });
    }
    let most_hundreds = hundreds_room(seasons, table.counties.len());
    for (c, records) in table.counties.iter().enumerate() {
        let county = crate::counties::id_at(c);
        let most = most_hundreds.get(c).copied().unwrap_or(0);
        check_county_innings(county, records, most, options, seasons)
            .map_err(|problem| Implausible::InningsRecord { county, problem })?;
    }
    Ok(())
}

/// The most hundreds each of `counties` counties could have made: a hundred for every 100
/// runs of each of its innings' totals.
fn hundreds_room(seasons: &[&Season], counties: usize) -> Vec<u32> {
    let mut most = vec![0u32; counties];
    for (_, m) in all_innings(seasons) {
        for i in m.innings() {
            if let Some(h) = most.get_mut(m.county(i.batting) as usize) {
                *h += u32::from(i.total / 100);
            }
        }
    }
    most
}

/// The innings of `county` against `opponent` in the match at `at`, if it played there.
fn innings_at<'a>(
    seasons: &[&'a Season],
    county: CountyId,
    opponent: CountyId,
    at: &InningsAt,
) -> impl Iterator<Item = &'a InningsSummary> {
    let season = seasons.iter().find(|s| s.year == at.year);
    let k = at
        .round
        .checked_sub(1)
        .map(|r| usize::from(r) * usize::from(MATCHES_PER_ROUND) + usize::from(at.index));
    let m = season
        .zip(k)
        .and_then(|(s, k)| s.class(at.class).matches().get(k))
        .filter(|m| m.side_of(opponent).is_some());
    let side = m
        .and_then(|m| m.side_of(county))
        .filter(|_| county != opponent);
    m.zip(side)
        .into_iter()
        .flat_map(|(m, side)| m.innings_of(side))
}

/// Checks one county's innings records (`records`) against the matches they name: its
/// highest innings, those at each place in the order and its carried bats, its record
/// partnerships, and its hundreds (`most` at most).
fn check_county_innings(
    county: CountyId,
    records: &CountyInnings,
    most: u32,
    options: &MatchOptions,
    seasons: &[&Season],
) -> Result<(), InningsProblem> {
    let all_out = options.all_out();
    let batsmen = options.batsmen;
    let marks = (records.top.iter().map(|m| ("highest innings", m, false)))
        .chain(
            records
                .best_at
                .iter()
                .flatten()
                .map(|m| ("highest innings", m, false)),
        )
        .chain(records.carried.iter().map(|m| ("carried bat", m, true)));
    for (what, mark, carried) in marks {
        let place =
            (1..=batsmen).contains(&mark.no) && (!carried || (mark.no <= 2 && mark.not_out));
        let held = mark.county == county
            && place
            && innings_at(seasons, county, mark.opponent, &mark.at)
                .any(|i| i.total >= mark.runs && (!carried || i.wickets >= all_out));
        if !held {
            return Err(InningsProblem::Mark {
                what,
                no: mark.no,
                runs: mark.runs,
                year: mark.at.year,
            });
        }
    }
    for (n, best) in records.best_at.iter().enumerate() {
        if let Some(mark) = best.filter(|m| usize::from(m.no) != n + 1) {
            return Err(InningsProblem::Mark {
                what: "highest innings at a place in the order",
                no: mark.no,
                runs: mark.runs,
                year: mark.at.year,
            });
        }
    }
    for (w, p) in records.partnerships.iter().enumerate() {
        let Some(p) = p else { continue };
        let wicket = u8::try_from(w + 1).unwrap_or(u8::MAX);
        let held = pair_may_bat(wicket, batsmen, p.batsmen)
            && innings_at(seasons, county, p.opponent, &p.at)
                .any(|i| holds_partnership(i, wicket, p.unbroken, p.runs));
        if !held {
            return Err(InningsProblem::Partnership {
                wicket,
                runs: p.runs,
                year: p.at.year,
            });
        }
    }
    if records.hundreds > most {
        return Err(InningsProblem::Hundreds {
            stored: records.hundreds,
            most,
        });
    }
    Ok(())
}
