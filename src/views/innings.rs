//! Innings records (`accc show NAME innings [--county C]`, the terminal program's `[6]` and
//! all-time menu): individual innings by batting position ("Surrey's no. 3, 187 v Kent,
//! 1923"), read from the table the league keeps up as it adds each match
//! ([`crate::league::innings`]): the highest innings of all time (or of one county), the
//! highest at each place in the order, each county's highest, its hundreds, the batsmen who
//! carried the bat through a completed innings, and the record partnership for each wicket,
//! each naming its match (year, class, round) so that `accc show NAME scorecard` opens it.
//! Matches kept as their result only (an older file's) have no figures, and are counted as
//! such.

use serde::Serialize;

use super::output::View;
use crate::counties::{self, CountyId};
use crate::error::{Error, Result};
use crate::league::innings::{InningsMark, InningsTable, MatchAt};
use crate::league::Competition;

/// The innings records.
#[derive(Clone, Debug, Serialize)]
pub struct InningsView {
    /// The county asked for, if any.
    pub county: Option<String>,
    /// Matches read (kept to their last ball).
    pub matches_read: usize,
    /// Matches kept as their result only, which could not be read.
    pub result_only: usize,
    pub rows: Vec<InningsRow>,
    /// The match of each row (none for a count of hundreds).
    #[serde(skip)]
    matches: Vec<Option<MatchAt>>,
}

/// One record. `kind`: `highest` (the highest innings, `place` 1..), `county highest` (each
/// county's highest), `hundreds` (a county's number of hundreds in `runs`), `carried bat`, or
/// `partnership` (`wicket`, `runs`, `unbroken`; `no` and `partner` the two batsmen).
#[derive(Clone, Debug, Default, Serialize)]
pub struct InningsRow {
    pub kind: String,
    pub place: Option<u8>,
    pub county: String,
    /// Batting position.
    pub no: Option<u8>,
    pub partner: Option<u8>,
    pub wicket: Option<u8>,
    pub runs: u16,
    pub balls: Option<u16>,
    pub not_out: Option<bool>,
    /// A partnership's: whether the innings ended with the two together.
    pub unbroken: Option<bool>,
    pub opponent: String,
    pub year: Option<u16>,
    pub class: String,
    pub round: Option<u8>,
}

fn at(row: InningsRow, id: &MatchAt) -> InningsRow {
    InningsRow {
        year: Some(id.year),
        class: id.class.name().to_string(),
        round: Some(id.round),
        ..row
    }
}

fn name(c: CountyId) -> String {
    counties::get(c).name.clone()
}

/// The innings records of `comp` (of `county` alone, if given), as the league keeps them.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a place among the highest innings, at most TOP (10): it fits a byte"
)]
pub fn innings_view(comp: &Competition, county: Option<CountyId>) -> Result<InningsView> {
    if county.is_some_and(|c| c as usize >= counties::all().len()) {
        return Err(Error::Usage("there is no such county".into()));
    }
    let table = comp.innings();
    let mut rows = Vec::new();
    let mut ats = Vec::new();
    let mut push = |row: InningsRow, m: &MatchAt| {
        rows.push(at(row, m));
        ats.push(*m);
    };
    let innings_row = |kind: &str, place: Option<u8>, f: &InningsMark| InningsRow {
        kind: kind.into(),
        place,
        county: name(f.county),
        no: Some(f.no),
        runs: f.runs,
        balls: Some(f.balls),
        not_out: Some(f.not_out),
        opponent: name(f.opponent),
        ..InningsRow::default()
    };
    for (i, f) in table.highest(county).iter().enumerate() {
        push(innings_row("highest", Some(i as u8 + 1), f), &f.at);
    }
    let shown: Vec<CountyId> = match county {
        Some(c) => vec![c],
        None => counties::ids().collect(),
    };
    // The highest innings at each place in the order.
    for no in 0..crate::league::innings::MAX_BATSMEN {
        let best = shown
            .iter()
            .filter_map(|&c| table.counties[c as usize].best_at[no])
            .min_by(InningsMark::rank);
        if let Some(f) = best {
            push(innings_row("place", None, &f), &f.at);
        }
    }
    if county.is_none() {
        for &c in &shown {
            if let Some(f) = table.counties[c as usize].top.first() {
                push(innings_row("county highest", None, f), &f.at);
            }
        }
    }
    let hundreds = hundreds_rows(table, &shown);
    let mut carried: Vec<&InningsMark> = shown
        .iter()
        .flat_map(|&c| table.counties[c as usize].carried.iter())
        .collect();
    carried.sort_by_key(|f| (f.at.year, f.at.round, f.at.class.name(), f.at.index, f.no));
    for f in carried {
        push(innings_row("carried bat", None, f), &f.at);
    }
    for (row, m) in best_partnerships(table, &shown) {
        push(row, &m);
    }
    // The hundreds go after the places, where the text has them.
    let place_end = rows
        .iter()
        .rposition(|r| r.kind == "county highest" || r.kind == "place" || r.kind == "highest")
        .map_or(0, |i| i + 1);
    let n = hundreds.len();
    rows.splice(place_end..place_end, hundreds);
    let mut matches: Vec<Option<MatchAt>> = ats.into_iter().map(Some).collect();
    matches.splice(place_end..place_end, std::iter::repeat_n(None, n));
    Ok(InningsView {
        county: county.map(name),
        matches_read: table.matches_read as usize,
        result_only: table.result_only as usize,
        rows,
        matches,
    })
}

/// Each county's count of hundreds, for the counties shown.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a county's hundreds in at most 100 seasons, far below 65,536: they fit a u16"
)]
fn hundreds_rows(table: &InningsTable, shown: &[CountyId]) -> Vec<InningsRow> {
    shown
        .iter()
        .map(|&c| InningsRow {
            kind: "hundreds".into(),
            county: name(c),
            runs: table.counties[c as usize].hundreds as u16,
            ..InningsRow::default()
        })
        .collect()
}

/// The record partnership for each wicket among the counties shown, with its match.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a wicket, 1 to 10: it fits a byte"
)]
fn best_partnerships(table: &InningsTable, shown: &[CountyId]) -> Vec<(InningsRow, MatchAt)> {
    let mut out = Vec::new();
    for w in 0..crate::league::summary::MAX_WICKETS {
        let best = shown
            .iter()
            .filter_map(|&c| table.counties[c as usize].partnerships[w].map(|p| (c, p)))
            .max_by(|(_, a), (_, b)| {
                a.runs
                    .cmp(&b.runs)
                    .then((b.at.year, b.at.round).cmp(&(a.at.year, a.at.round)))
            });
        if let Some((c, p)) = best {
            out.push((
                InningsRow {
                    kind: "partnership".into(),
                    county: name(c),
                    no: Some(p.batsmen[0]),
                    partner: Some(p.batsmen[1]),
                    wicket: Some(w as u8 + 1),
                    runs: p.runs,
                    unbroken: Some(p.unbroken),
                    opponent: name(p.opponent),
                    ..InningsRow::default()
                },
                p.at,
            ));
        }
    }
    out
}

fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl View for InningsView {
    type Row = InningsRow;

    fn rows(&self) -> &[InningsRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        self.entries().into_iter().map(|(l, _)| l).collect()
    }
}

impl InningsView {
    /// The lines of the text, each with the match its record came in (none for a heading, a
    /// count, or a blank line), so that a screen can open it.
    pub fn entries(&self) -> Vec<(String, Option<MatchAt>)> {
        let mut out = vec![match &self.county {
            Some(c) => format!("Innings records: {c}"),
            None => "Innings records".to_string(),
        }];
        out.push(format!(
            "{} matches {}read to their last ball{}",
            self.matches_read,
            // A county's records come from every match of the league, not its own alone.
            if self.county.is_some() {
                "of the league "
            } else {
                ""
            },
            match self.result_only {
                0 => String::new(),
                n => format!("; {n} kept as results only are not in these records"),
            }
        ));
        let when = |r: &InningsRow| {
            format!(
                "{} {} class rd {}",
                r.year.unwrap_or(0),
                r.class,
                r.round.unwrap_or(0)
            )
        };
        // Scoreboard names keep a line within the 78 columns.
        let short = |full: &str| {
            counties::all()
                .iter()
                .find(|c| c.name == full)
                .map_or_else(|| full.to_string(), |c| c.short.clone())
        };
        let star = |r: &InningsRow| if r.not_out == Some(true) { "*" } else { "" };
        let mut section = "";
        let mut ats = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            if r.kind != section {
                section = match r.kind.as_str() {
                    "highest" => "highest",
                    "county highest" => "county highest",
                    "place" => "place",
                    "hundreds" => "hundreds",
                    "carried bat" => "carried bat",
                    _ => "partnership",
                };
                out.push(String::new());
                ats.push(None);
                out.push(
                    match section {
                        "highest" => "Highest innings",
                        "county highest" => "Each county's highest innings",
                        "place" => "The highest innings at each place in the order",
                        "hundreds" => "Hundreds",
                        "carried bat" => "Carried the bat (not out through a completed innings)",
                        _ => "Record partnerships (* unbroken)",
                    }
                    .to_string(),
                );
                ats.push(None);
            }
            ats.push(self.matches.get(i).copied().flatten());
            out.push(match r.kind.as_str() {
                "hundreds" => format!("  {:<18}{:>4}", r.county, r.runs),
                "partnership" => format!(
                    "  {:>4} wkt {:>4}{:<1} {}'s nos. {} and {} v {}, {}",
                    ordinal(r.wicket.unwrap_or(0)),
                    r.runs,
                    if r.unbroken == Some(true) { "*" } else { " " },
                    short(&r.county),
                    r.no.unwrap_or(0),
                    r.partner.unwrap_or(0),
                    short(&r.opponent),
                    when(r)
                ),
                _ => format!(
                    "  {:>4}{:<1} ({} balls)  {}'s no. {} v {}, {}",
                    r.runs,
                    star(r),
                    r.balls.unwrap_or(0),
                    short(&r.county),
                    r.no.unwrap_or(0),
                    short(&r.opponent),
                    when(r)
                ),
            });
        }
        let heads = out.len() - ats.len();
        out.into_iter()
            .zip(std::iter::repeat_n(None, heads).chain(ats))
            .collect()
    }
}
