//! The all-time views: county records, rolls of honour, final positions by year, and all-time
//! results and averages of each class, each as typed rows with its text made from them.

use serde::Serialize;

use crate::counties::{self, Class, CountyId};
use crate::error::{Error, Result};
use crate::league::history::{self, AllTimeRow};
use crate::league::{Competition, PartnershipRecord, TotalRecord};

use super::class_label;
use super::format::{marked, name, name_star, number, star_note};
use super::output::View;
use super::season::{averages_blocks, figures_rows, FiguresRow};

/// The completed seasons: "1890-1895", "1890" or "no season completed yet".
pub fn span(comp: &Competition) -> String {
    match comp.seasons() {
        [] => "no season completed yet".into(),
        [only] => only.year.to_string(),
        [first, .., last] => format!("{}-{}", first.year, last.year),
    }
}

/// The years the records cover: "1890-1892", "1890-1893 (to date)" while a season is under
/// way, or "no match played yet".
fn to_date(comp: &Competition) -> String {
    let under_way = comp.current().filter(|s| s.matches_played() > 0);
    match (comp.seasons().last(), under_way) {
        (_, Some(now)) => format!("{} (to date)", years(now.year)),
        (Some(last), None) => years(last.year),
        (None, None) => "no match played yet".into(),
    }
}

/// "1890" or "1890-1895": from the first season to `last`.
fn years(last: u16) -> String {
    if last == crate::league::FIRST_YEAR {
        last.to_string()
    } else {
        format!("{}-{last}", crate::league::FIRST_YEAR)
    }
}

pub(super) fn check_county(county: CountyId) -> Result<()> {
    if (county as usize) < counties::all().len() {
        Ok(())
    } else {
        Err(Error::Usage(format!("there is no county {county}")))
    }
}

fn user_name(comp: &Competition) -> Option<&'static str> {
    comp.settings().user_county.map(name)
}

/// A county's record totals and record partnerships.
#[derive(Clone, Debug, Serialize)]
pub struct RecordsView {
    pub view: &'static str,
    pub county: &'static str,
    /// The years the records cover.
    pub span: String,
    pub user_county: Option<&'static str>,
    /// The four record totals, then a partnership for each wicket.
    pub rows: Vec<RecordRow>,
    #[serde(skip)]
    user: Option<CountyId>,
    #[serde(skip)]
    id: CountyId,
}

/// A record total ("Highest total for", ...) or partnership; empty while there is none.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RecordRow {
    /// "Highest total for", "Lowest total for", "Highest total against", "Lowest total
    /// against" or "Partnership".
    pub record: &'static str,
    /// The wicket, for a partnership.
    pub wicket: Option<usize>,
    pub runs: Option<u32>,
    /// A total as a scoreboard writes it (`237`, `120-5`, `301-7d`).
    pub score: Option<String>,
    /// The partners, by number ("3 & 4").
    pub batsmen: Option<String>,
    /// A partnership still together when the innings closed.
    pub unbroken: Option<bool>,
    pub opponent: Option<&'static str>,
    pub year: Option<u16>,
}

/// A county's record totals (highest and lowest, for and against) and record partnership for
/// each wicket, over every match played so far.
pub fn records_view(comp: &Competition, county: CountyId) -> Result<RecordsView> {
    check_county(county)?;
    let r = comp.records(county);
    let all_out = comp.settings().options.all_out();
    let total = |record: &'static str, t: &Option<TotalRecord>| match t {
        Some(t) => RecordRow {
            record,
            runs: Some(t.total as u32),
            score: Some(t.score_text(all_out)),
            opponent: Some(name(t.opponent)),
            year: Some(t.year),
            ..RecordRow::default()
        },
        None => RecordRow {
            record,
            ..RecordRow::default()
        },
    };
    let mut rows = vec![
        total("Highest total for", &r.highest_for),
        total("Lowest total for", &r.lowest_for),
        total("Highest total against", &r.highest_against),
        total("Lowest total against", &r.lowest_against),
    ];
    for (i, p) in r.partnerships.iter().enumerate().take(all_out as usize) {
        rows.push(partnership(i + 1, p));
    }
    Ok(RecordsView {
        view: "records",
        county: name(county),
        span: to_date(comp),
        user_county: user_name(comp),
        rows,
        user: comp.settings().user_county,
        id: county,
    })
}

fn partnership(wicket: usize, p: &Option<PartnershipRecord>) -> RecordRow {
    let blank = RecordRow {
        record: "Partnership",
        wicket: Some(wicket),
        ..RecordRow::default()
    };
    match p {
        Some(p) => RecordRow {
            runs: Some(p.runs as u32),
            batsmen: Some(format!("{} & {}", p.batsmen[0], p.batsmen[1])),
            unbroken: Some(p.unbroken),
            opponent: Some(name(p.opponent)),
            year: Some(p.year),
            ..blank
        },
        None => blank,
    }
}

impl View for RecordsView {
    type Row = RecordRow;

    fn rows(&self) -> &[RecordRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let total = |r: &RecordRow| match (&r.score, r.opponent, r.year) {
            (Some(score), Some(opponent), Some(year)) => {
                format!("{:<22}{score:>7}  v {opponent:<15}  {year}", r.record)
            }
            _ => format!("{:<22}{:>7}", r.record, "-"),
        };
        let mut out = vec![
            format!(
                "{}: county records, {}",
                marked(self.user, self.id),
                self.span
            ),
            String::new(),
        ];
        let (totals, partnerships): (Vec<&RecordRow>, Vec<&RecordRow>) =
            self.rows.iter().partition(|r| r.wicket.is_none());
        out.extend(totals.iter().map(|r| total(r)));
        out.push(String::new());
        out.push("Record partnerships".into());
        out.push("Wkt   Runs  Batsmen   Opponent         Year".into());
        out.extend(partnerships.iter().map(|r| partnership_line(r)));
        out.push(String::new());
        out.push("Lowest totals count completed (all out) innings only. * unbroken.".into());
        out
    }
}

fn partnership_line(r: &RecordRow) -> String {
    let wicket = r.wicket.unwrap_or_default();
    match (r.runs, &r.batsmen, r.opponent, r.year) {
        (Some(runs), Some(pair), Some(opponent), Some(year)) => {
            let runs = format!("{runs}{}", if r.unbroken == Some(true) { "*" } else { " " });
            format!("{wicket:>3}  {runs:>6}  {pair:<8}  {opponent:<15}  {year}")
        }
        _ => format!("{wicket:>3}  {:>5}", "-"),
    }
}

/// The rolls of honour.
#[derive(Clone, Debug, Serialize)]
pub struct HonoursView {
    pub view: &'static str,
    pub span: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<HonoursRow>,
    #[serde(skip)]
    user: Option<CountyId>,
}

/// A year's roll of honour.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct HonoursRow {
    pub year: u16,
    pub champions: &'static str,
    pub runners_up: &'static str,
    pub third: &'static str,
    /// None after the last season: nobody comes up.
    pub promoted: Option<&'static str>,
    /// Champions, runners-up, third.
    #[serde(skip)]
    pub ids: [CountyId; 3],
    #[serde(skip)]
    pub promoted_id: Option<CountyId>,
}

/// The first class's top three and the promoted county, year by year.
pub fn honours_view(comp: &Competition) -> Result<HonoursView> {
    let rows = history::honours(comp)
        .iter()
        .map(|h| {
            let [a, b, c] = h.top_three;
            HonoursRow {
                year: h.year,
                champions: name(a),
                runners_up: name(b),
                third: name(c),
                promoted: h.promoted.map(name),
                ids: [a, b, c],
                promoted_id: h.promoted,
            }
        })
        .collect();
    Ok(HonoursView {
        view: "honours",
        span: span(comp),
        user_county: user_name(comp),
        rows,
        user: comp.settings().user_county,
    })
}

impl View for HonoursView {
    type Row = HonoursRow;

    fn rows(&self) -> &[HonoursRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("Rolls of honour, {}", self.span), String::new()];
        out.push(format!(
            "Year  {:<17}{:<17}{:<17}{}",
            "Champions", "Runners-up", "Third", "Promoted"
        ));
        // Names follow one another here: the asterisk goes against its own name, not in a
        // column of its own where it would read as the next name's.
        let cell = |c| format!("{:<16}", marked(self.user, c));
        for h in &self.rows {
            let [a, b, c] = h.ids;
            let d = h.promoted_id.map_or_else(|| "-".to_string(), cell);
            out.push(
                format!("{}  {} {} {} {d}", h.year, cell(a), cell(b), cell(c))
                    .trim_end()
                    .to_string(),
            );
        }
        if self.rows.iter().any(|h| h.promoted_id.is_none()) {
            out.push(String::new());
            out.push(format!(
                "- under Promoted: nobody comes up after the last season ({}).",
                crate::league::LAST_YEAR
            ));
        }
        out.extend(star_note(self.user));
        out
    }
}

/// Column labels for the final positions: the first three letters of each name.
fn abbreviation(c: CountyId) -> String {
    name(c).chars().take(3).collect()
}

/// Every county's final position, year by year.
#[derive(Clone, Debug, Serialize)]
pub struct PositionsView {
    pub view: &'static str,
    pub span: String,
    pub user_county: Option<&'static str>,
    /// Year by year, each year's counties in the order of the county list.
    pub rows: Vec<PositionRow>,
    #[serde(skip)]
    user: Option<CountyId>,
}

/// Where a county finished one year.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionRow {
    pub year: u16,
    pub county: &'static str,
    pub class: Class,
    /// 1..=8 in its class.
    pub place: u8,
}

impl Default for PositionRow {
    fn default() -> PositionRow {
        PositionRow {
            year: 0,
            county: "",
            class: Class::First,
            place: 0,
        }
    }
}

impl PositionRow {
    /// 1..=16 over both classes: the second class's places follow the first's.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a place in the second class, at most 16: it fits a byte"
    )]
    pub fn overall(&self) -> u8 {
        match self.class {
            Class::First => self.place,
            Class::Second => self.place + crate::league::CLASS_SIZE as u8,
        }
    }
}

/// Every county's final position, year by year.
pub fn positions_view(comp: &Competition) -> Result<PositionsView> {
    let rows = history::final_positions(comp)
        .iter()
        .flat_map(|p| {
            p.placings
                .iter()
                .enumerate()
                .map(|(c, pl)| PositionRow {
                    year: p.year,
                    county: name(counties::id_at(c)),
                    class: pl.class,
                    place: pl.place,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    Ok(PositionsView {
        view: "positions",
        span: span(comp),
        user_county: user_name(comp),
        rows,
        user: comp.settings().user_county,
    })
}

impl View for PositionsView {
    type Row = PositionRow;

    fn rows(&self) -> &[PositionRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        // The person's county is headed in capitals: a star would take the space between
        // two columns' labels and read as the neighbour's ("Lan*Ken").
        let header: String = counties::ids()
            .map(|c| {
                let label = abbreviation(c);
                if self.user == Some(c) {
                    format!("{:>4}", label.to_uppercase())
                } else {
                    format!("{label:>4}")
                }
            })
            .collect();
        let mut out = vec![
            format!("Final positions, {}", self.span),
            String::new(),
            format!("Year {header}").trim_end().to_string(),
        ];
        for year in self.rows.chunks(counties::all().len()) {
            let cells: String = year.iter().map(|p| format!("{:>4}", placing(p))).collect();
            out.push(format!("{} {cells}", year[0].year));
        }
        out.push(String::new());
        out.push("First-class places plain, second-class places in parentheses.".into());
        out.extend(self.user.map(|c| {
            format!(
                "{}: your county ({})",
                abbreviation(c).to_uppercase(),
                name(c)
            )
        }));
        out
    }
}

fn placing(p: &PositionRow) -> String {
    match p.class {
        Class::First => format!("{} ", p.place),
        Class::Second => format!("({})", p.place),
    }
}

/// All-time results of a class.
#[derive(Clone, Debug, Serialize)]
pub struct AllTimeView {
    pub view: &'static str,
    pub class: Class,
    pub span: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<AllTimeLine>,
    #[serde(skip)]
    user: Option<CountyId>,
    /// Whether a season is complete: before one is, nothing is ranked (the rows are in the
    /// order of their names) and the text shows no positions.
    #[serde(skip)]
    ranked: bool,
}

/// A county's all-time line in a class.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AllTimeLine {
    pub pos: usize,
    pub county: &'static str,
    pub seasons: u32,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    pub tied: u32,
    pub points: u32,
    pub quotient: Option<f64>,
    /// The first class's counts: none (null, an empty field) in the second class's view,
    /// where they do not apply.
    pub championships: Option<u32>,
    pub relegated: Option<u32>,
    pub prize: Option<u32>,
    /// The second class's counts: none in the first class's view.
    pub promoted: Option<u32>,
    pub wooden_spoons: Option<u32>,
    #[serde(skip)]
    pub id: CountyId,
}

impl AllTimeLine {
    fn of(pos: usize, class: Class, a: &AllTimeRow) -> AllTimeLine {
        let r = &a.row;
        let first = |n: u32| (class == Class::First).then_some(n);
        let second = |n: u32| (class == Class::Second).then_some(n);
        AllTimeLine {
            pos,
            county: name(r.county),
            seasons: a.seasons,
            played: r.played,
            won: r.won,
            lost: r.lost,
            drawn: r.drawn,
            tied: r.tied,
            points: r.points,
            quotient: r.quotient().map(|q| q.value()),
            championships: first(a.championships),
            relegated: first(a.relegated),
            prize: first(a.prize),
            promoted: second(a.promoted),
            wooden_spoons: second(a.wooden_spoons),
            id: r.county,
        }
    }
}

/// All-time results of `class`: the first class ranked by prize money with championships and
/// times relegated; the second by times promoted, with wooden spoons.
pub fn alltime_view(comp: &Competition, class: Class) -> Result<AllTimeView> {
    let rows = history::alltime(comp, class)
        .iter()
        .enumerate()
        .map(|(i, a)| AllTimeLine::of(i + 1, class, a))
        .collect();
    Ok(AllTimeView {
        view: "alltime",
        class,
        span: span(comp),
        user_county: user_name(comp),
        rows,
        user: comp.settings().user_county,
        ranked: !comp.seasons().is_empty(),
    })
}

impl View for AllTimeView {
    type Row = AllTimeLine;

    fn rows(&self) -> &[AllTimeLine] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let class = self.class;
        let tail = match class {
            Class::First => " Champ  Rel  Prize",
            Class::Second => "  Prom Spoon",
        };
        let mut out = vec![
            format!("All-time {} results, {}", class_label(class), self.span),
            String::new(),
            format!("Pos County           Ssn     P    W    L    D   T  Quotient{tail}"),
        ];
        for a in &self.rows {
            let pos = if self.ranked {
                a.pos.to_string()
            } else {
                "-".into()
            };
            out.push(format!(
                "{pos:>3} {} {}",
                name_star(self.user, a.id),
                alltime_cells(class, a)
            ));
        }
        out.push(String::new());
        out.push(match class {
            _ if !self.ranked => NOTHING_RANKED.into(),
            Class::First => "Ranked by prize money, then championships, points and name.".into(),
            Class::Second => {
                "Ranked by times promoted, then fewest wooden spoons, points and name.".into()
            }
        });
        out.extend(star_note(self.user));
        out
    }
}

/// Under the all-time views before any season is complete.
const NOTHING_RANKED: &str =
    "No season is complete yet: nothing is ranked (counties in A-Z order).";

fn alltime_cells(class: Class, a: &AllTimeLine) -> String {
    // A class's view holds its own counts.
    let n = |count: Option<u32>| count.unwrap_or_default();
    let common = format!(
        "{:>3} {:>5} {:>4} {:>4} {:>4} {:>3} {:>9}",
        a.seasons,
        a.played,
        a.won,
        a.lost,
        a.drawn,
        a.tied,
        number(a.quotient, 3)
    );
    match class {
        Class::First => format!(
            "{common} {:>5} {:>4} {:>6}",
            n(a.championships),
            n(a.relegated),
            n(a.prize)
        ),
        Class::Second => format!("{common} {:>5} {:>5}", n(a.promoted), n(a.wooden_spoons)),
    }
}

/// All-time batting and bowling averages of a class.
#[derive(Clone, Debug, Serialize)]
pub struct AllTimeAveragesView {
    pub view: &'static str,
    pub class: Class,
    pub span: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<FiguresRow>,
    #[serde(skip)]
    user: Option<CountyId>,
    /// Whether a season is complete (before one is, nothing is ranked).
    #[serde(skip)]
    ranked: bool,
}

/// All-time batting and bowling averages of `class`.
pub fn alltime_averages_view(comp: &Competition, class: Class) -> Result<AllTimeAveragesView> {
    let rows: Vec<_> = history::alltime(comp, class)
        .into_iter()
        .map(|a| a.row)
        .collect();
    Ok(AllTimeAveragesView {
        view: "alltime-averages",
        class,
        span: span(comp),
        user_county: user_name(comp),
        rows: figures_rows(&rows),
        user: comp.settings().user_county,
        ranked: !comp.seasons().is_empty(),
    })
}

impl View for AllTimeAveragesView {
    type Row = FiguresRow;

    fn rows(&self) -> &[FiguresRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "All-time {} averages, {}",
                class_label(self.class),
                self.span
            ),
            String::new(),
        ];
        out.extend(averages_blocks(self.user, &self.rows));
        if !self.ranked {
            out.push(String::new());
            out.push(NOTHING_RANKED.into());
        }
        out.extend(star_note(self.user));
        out
    }
}

/// A county's records, as text.
pub fn records(comp: &Competition, county: CountyId) -> Result<Vec<String>> {
    Ok(records_view(comp, county)?.lines())
}

/// The rolls of honour, as text.
pub fn honours(comp: &Competition) -> Result<Vec<String>> {
    Ok(honours_view(comp)?.lines())
}

/// The final positions, as text.
pub fn positions(comp: &Competition) -> Result<Vec<String>> {
    Ok(positions_view(comp)?.lines())
}

/// All-time results of `class`, as text.
pub fn alltime(comp: &Competition, class: Class) -> Result<Vec<String>> {
    Ok(alltime_view(comp, class)?.lines())
}

/// All-time averages of `class`, as text.
pub fn alltime_averages(comp: &Competition, class: Class) -> Result<Vec<String>> {
    Ok(alltime_averages_view(comp, class)?.lines())
}
