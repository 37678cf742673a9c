//! Innings records (`accc show NAME innings [--county C]`): individual innings by batting
//! position ("Surrey's no. 3, 187 v Kent, 1923"), read from the kept matches themselves
//! (each replayed from its record, [`crate::history`]): the highest innings of all time (or
//! of one county), each county's highest, its hundreds, the batsmen who carried the bat
//! through a completed innings, and the record partnership for each wicket, each naming its
//! match (year, class, round) so that `accc show NAME scorecard` opens it. Matches kept as
//! their result only (an older file's) cannot be read, and are counted as such.

use serde::Serialize;

use super::output::View;
use crate::counties::{self, CountyId};
use crate::error::{Error, Result};
use crate::history::{Library, MatchId, NotKept};
use crate::league::Competition;

/// How many innings the highest-innings list shows.
pub const TOP: usize = 10;

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
}

/// One record. `kind`: `highest` (the highest innings, `place` 1..), `county highest` (each
/// county's highest), `hundreds` (a county's number of hundreds in `runs`), `carried bat`, or
/// `partnership` (`wicket`, `runs`; `no` and `partner` the two batsmen).
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
    pub opponent: String,
    pub year: Option<u16>,
    pub class: String,
    pub round: Option<u8>,
}

/// One batsman's innings found in a kept match.
#[derive(Clone, Debug)]
struct Found {
    county: CountyId,
    opponent: CountyId,
    no: u8,
    runs: u16,
    balls: u16,
    not_out: bool,
    id: MatchId,
}

/// A partnership: runs, county, opponent, the two batsmen, the match.
type Pair = (u16, CountyId, CountyId, u8, u8, MatchId);

fn at(row: InningsRow, id: &MatchId) -> InningsRow {
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

/// The innings records of `comp` (of `county` alone, if given), read from every kept match.
pub fn innings_view(
    comp: &Competition,
    library: &Library,
    county: Option<CountyId>,
) -> Result<InningsView> {
    let mut found: Vec<Found> = Vec::new();
    let mut hundreds = vec![0u16; counties::all().len()];
    let mut carried: Vec<Found> = Vec::new();
    // The best partnership for each wicket: (runs, county, opponent, no, partner, id).
    let mut best: [Option<Pair>; 10] = [None; 10];
    let (mut read, mut result_only) = (0, 0);
    for year in comp.years() {
        for id in Library::season_ids(comp, year) {
            let kept = match library.kept(comp, id) {
                Ok(k) => k,
                Err(NotKept::ResultOnly(_)) => {
                    result_only += 1;
                    continue;
                }
                Err(e) => return Err(Error::BadFile(e.to_string())),
            };
            read += 1;
            let p = kept.state.public();
            let all_out = p.options.all_out();
            for inn in p.started() {
                let bat = kept.summary.county(inn.batting);
                let opp = kept.summary.county(inn.batting.other());
                if county.is_some_and(|c| c != bat) {
                    continue;
                }
                for (n, b) in inn
                    .batsmen
                    .iter()
                    .enumerate()
                    .take(p.options.batsmen as usize)
                {
                    if !b.batted {
                        continue;
                    }
                    let f = Found {
                        county: bat,
                        opponent: opp,
                        no: n as u8 + 1,
                        runs: b.runs,
                        balls: b.balls,
                        not_out: b.out.is_none(),
                        id,
                    };
                    if b.runs >= 100 {
                        hundreds[bat as usize] += 1;
                    }
                    if n < 2 && b.out.is_none() && inn.wickets == all_out {
                        carried.push(f.clone());
                    }
                    found.push(f);
                }
                // Partnerships: each wicket's, and the unbroken one at the end. The batsmen
                // together are the one out and the one who stayed (by the order they came in:
                // a wicket's pair is the out batsman and the other not yet out).
                let mut in_now: Vec<u8> = vec![1, 2];
                let mut next = 3u8;
                for (w, fall) in inn.falls().iter().enumerate() {
                    let partner = in_now.iter().copied().find(|&x| x != fall.batsman);
                    let slot = &mut best[w.min(9)];
                    if slot.is_none_or(|b| fall.partnership > b.0) {
                        *slot = Some((
                            fall.partnership,
                            bat,
                            opp,
                            fall.batsman,
                            partner.unwrap_or(0),
                            id,
                        ));
                    }
                    in_now.retain(|&x| x != fall.batsman);
                    if next <= p.options.batsmen {
                        in_now.push(next);
                        next += 1;
                    }
                }
                if inn.wickets < all_out && (inn.wickets as usize) < best.len() {
                    let runs = inn.partnership();
                    let slot = &mut best[inn.wickets as usize];
                    if slot.is_none_or(|b| runs > b.0) && in_now.len() == 2 {
                        *slot = Some((runs, bat, opp, in_now[0], in_now[1], id));
                    }
                }
            }
        }
    }
    // Highest first; ties by the earlier match.
    found.sort_by(|a, b| {
        (b.runs, !b.not_out)
            .cmp(&(a.runs, !a.not_out))
            .then((a.id.year, a.id.round).cmp(&(b.id.year, b.id.round)))
    });
    let innings_row = |kind: &str, place: Option<u8>, f: &Found| {
        at(
            InningsRow {
                kind: kind.into(),
                place,
                county: name(f.county),
                no: Some(f.no),
                runs: f.runs,
                balls: Some(f.balls),
                not_out: Some(f.not_out),
                opponent: name(f.opponent),
                ..InningsRow::default()
            },
            &f.id,
        )
    };
    let mut rows: Vec<InningsRow> = found
        .iter()
        .take(TOP)
        .enumerate()
        .map(|(i, f)| innings_row("highest", Some(i as u8 + 1), f))
        .collect();
    let counties_shown: Vec<CountyId> = match county {
        Some(c) => vec![c],
        None => (0..counties::all().len() as CountyId).collect(),
    };
    for &c in &counties_shown {
        if county.is_none() {
            if let Some(f) = found.iter().find(|f| f.county == c) {
                rows.push(innings_row("county highest", None, f));
            }
        }
        rows.push(InningsRow {
            kind: "hundreds".into(),
            county: name(c),
            runs: hundreds[c as usize],
            ..InningsRow::default()
        });
    }
    for f in &carried {
        rows.push(innings_row("carried bat", None, f));
    }
    for (w, b) in best.iter().enumerate() {
        if let Some((runs, bat, opp, no, partner, id)) = b {
            rows.push(at(
                InningsRow {
                    kind: "partnership".into(),
                    county: name(*bat),
                    no: Some(*no.min(partner)),
                    partner: Some(*no.max(partner)),
                    wicket: Some(w as u8 + 1),
                    runs: *runs,
                    opponent: name(*opp),
                    ..InningsRow::default()
                },
                id,
            ));
        }
    }
    Ok(InningsView {
        county: county.map(name),
        matches_read: read,
        result_only,
        rows,
    })
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
        let mut out = vec![match &self.county {
            Some(c) => format!("Innings records: {c}"),
            None => "Innings records".to_string(),
        }];
        out.push(format!(
            "{} matches read to their last ball{}",
            self.matches_read,
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
        for r in &self.rows {
            if r.kind != section {
                section = match r.kind.as_str() {
                    "highest" => "highest",
                    "county highest" => "county highest",
                    "hundreds" => "hundreds",
                    "carried bat" => "carried bat",
                    _ => "partnership",
                };
                out.push(String::new());
                out.push(
                    match section {
                        "highest" => "Highest innings",
                        "county highest" => "Each county's highest innings",
                        "hundreds" => "Hundreds",
                        "carried bat" => "Carried the bat (not out through a completed innings)",
                        _ => "Record partnerships",
                    }
                    .to_string(),
                );
            }
            out.push(match r.kind.as_str() {
                "hundreds" => format!("  {:<18}{:>4}", r.county, r.runs),
                "partnership" => format!(
                    "  {:>4} wkt {:>4}  {}'s nos. {} and {} v {}, {}",
                    ordinal(r.wicket.unwrap_or(0)),
                    r.runs,
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
        out
    }
}
