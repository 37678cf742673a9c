//! The views of one season: the points table, the averages and a county's results, each as
//! typed rows ([`TableView`], [`AveragesView`], [`ResultsView`]) with their text made from them.

use serde::Serialize;

use crate::counties::{Class, CountyId};
use crate::engine::Side;
use crate::error::{Error, Result};
use crate::league::standings::{prize, SeasonRow};
use crate::league::summary::MatchSummary;
use crate::league::Figures;
use crate::league::{ClassSeason, Competition, MATCHES_PER_ROUND, ROUNDS};

use super::format::{
    marked, name, name_star, number, ordinal, short, short_draw_mark, star_note_among,
    SHORT_DRAW_MATCH_KEY, SHORT_DRAW_TABLE_KEY,
};
use super::output::View;
use super::{class_label, season_for};

/// "after 20 of 56 matches", "final" or "not started".
pub(super) fn progress(cs: &ClassSeason) -> String {
    match cs.matches().len() {
        0 => "not started".into(),
        _ if cs.is_complete() => "final".into(),
        n => format!(
            "after {n} of {} matches",
            ROUNDS as usize * MATCHES_PER_ROUND as usize
        ),
    }
}

/// The competition's user's county, by name, for the JSON of a view.
fn user_name(comp: &Competition) -> Option<&'static str> {
    comp.settings().user_county.map(name)
}

/// The points table of a class in a season.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    pub view: &'static str,
    pub year: u16,
    pub class: Class,
    /// "final", "not started" or "after N of 56 matches".
    pub progress: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<TableRow>,
    /// Once the class's season is complete: the first class's champion and relegated county,
    /// or the second class's promoted county and wooden spoon.
    pub verdict: Option<String>,
    /// The verdict as the text prints it: broken between its phrases so that each line fits.
    #[serde(skip)]
    verdict_lines: Vec<String>,
    #[serde(skip)]
    user: Option<CountyId>,
}

/// A line of a points table.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TableRow {
    pub pos: usize,
    pub county: &'static str,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    pub tied: u32,
    pub points: u32,
    pub quotient: Option<f64>,
    /// Prize money: the first class, once its season is complete.
    pub prize: Option<u32>,
    #[serde(skip)]
    pub id: CountyId,
}

/// The points table of `class` in `year` (default: the season under way).
pub fn table_view(comp: &Competition, year: Option<u16>, class: Class) -> Result<TableView> {
    let season = season_for(comp, year)?;
    let cs = season.class(class);
    let show_prize = class == Class::First && cs.is_complete();
    let verdict_lines = if cs.is_complete() {
        let s = season.summary();
        let (top, bottom) = match class {
            Class::First => (s.champion, s.relegated),
            Class::Second => (s.promoted, s.wooden_spoon),
        };
        verdict(class, s.is_last(), top, bottom)
    } else {
        vec![]
    };
    let rows = cs
        .table()
        .iter()
        .enumerate()
        .map(|(i, r)| TableRow {
            pos: i + 1,
            county: name(r.county),
            played: r.played,
            won: r.won,
            lost: r.lost,
            drawn: r.drawn,
            tied: r.tied,
            points: r.points,
            quotient: r.quotient().map(|q| q.value()),
            prize: show_prize.then(|| prize(class, i + 1)),
            id: r.county,
        })
        .collect();
    Ok(TableView {
        view: "table",
        year: season.year,
        class,
        progress: progress(cs),
        user_county: user_name(comp),
        rows,
        verdict: (!verdict_lines.is_empty()).then(|| verdict_lines.join(" ")),
        verdict_lines,
        user: comp.settings().user_county,
    })
}

impl View for TableView {
    type Row = TableRow;

    fn rows(&self) -> &[TableRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let show_prize = self.rows.iter().any(|r| r.prize.is_some());
        let mut out = vec![
            format!(
                "{} {} table ({})",
                self.year,
                class_label(self.class),
                self.progress
            ),
            String::new(),
        ];
        let prize_head = if show_prize { "  Prize" } else { "" };
        out.push(format!(
            "Pos County             P   W   L   D   T  Pts  Quotient{prize_head}"
        ));
        let mut short_draws = false;
        for r in &self.rows {
            let prize_col = r.prize.map_or(String::new(), |p| format!("  {p:>5}"));
            let mark = short_draw_mark(r.points, r.won, r.drawn, r.tied);
            short_draws |= mark != ' ';
            out.push(format!(
                "{:>3} {} {:>3} {:>3} {:>3} {:>3} {:>3} {:>4}{mark}{:>9}{prize_col}",
                r.pos,
                name_star(self.user, r.id),
                r.played,
                r.won,
                r.lost,
                r.drawn,
                r.tied,
                r.points,
                number(r.quotient, 3),
            ));
        }
        if !self.verdict_lines.is_empty() {
            out.push(String::new());
            out.extend(self.verdict_lines.iter().cloned());
        }
        if short_draws {
            out.push(SHORT_DRAW_TABLE_KEY.into());
        }
        out.extend(star_note_among(self.user, self.rows.iter().map(|r| r.id)));
        out
    }
}

/// The verdict under a complete class's table: the first class's champion (`top`) and
/// relegated county (`bottom`), or the second class's promoted county and wooden spoon, in
/// lines of at most [`super::WIDTH`] columns, broken between phrases. After the `last`
/// season no season follows: nobody goes down or comes up.
fn verdict(class: Class, last: bool, top: CountyId, bottom: CountyId) -> Vec<String> {
    let (top, bottom) = (name(top), name(bottom));
    match (class, last) {
        (Class::First, false) => vec![format!("Champions: {top}. Relegated: {bottom}.")],
        (Class::Second, false) => vec![format!("Promoted: {top}. Wooden spoon: {bottom}.")],
        (Class::First, true) => vec![
            format!("Champions: {top}. Bottom: {bottom}"),
            "(the last season: nobody goes down).".into(),
        ],
        (Class::Second, true) => vec![
            format!("Top: {top} (the last season: nobody comes up)."),
            format!("Wooden spoon: {bottom}."),
        ],
    }
}

/// One county's batting or bowling figures, a line of an averages block.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FiguresRow {
    /// "batting" or "bowling".
    pub block: &'static str,
    pub county: &'static str,
    pub runs: u32,
    pub wickets: u32,
    pub balls: u32,
    /// Runs per wicket.
    pub average: Option<f64>,
    /// Runs per 100 balls.
    pub scoring_rate: Option<f64>,
    /// Balls per wicket.
    pub strike_rate: Option<f64>,
    #[serde(skip)]
    pub id: CountyId,
}

impl FiguresRow {
    fn of(block: &'static str, county: CountyId, f: &Figures) -> FiguresRow {
        FiguresRow {
            block,
            county: name(county),
            runs: f.runs,
            wickets: f.wickets,
            balls: f.balls,
            average: f.average(),
            scoring_rate: f.scoring_rate(),
            strike_rate: f.strike_rate(),
            id: county,
        }
    }
}

/// The heading of an averages block.
fn figures_heading(what: &str) -> String {
    format!("{what:<16}    Runs   Wkts    Balls    Avge    ScR    StR")
}

/// One county's line of an averages block.
fn figures_line(label: &str, f: &FiguresRow) -> String {
    format!(
        "{label:<16}{:>8}{:>7}{:>9}{:>8}{:>7}{:>7}",
        f.runs,
        f.wickets,
        f.balls,
        number(f.average, 2),
        number(f.scoring_rate, 1),
        number(f.strike_rate, 1)
    )
}

/// Batting (best average first) then bowling (best, i.e. lowest, average first) of `rows`;
/// undefined averages last.
pub(super) fn figures_rows(rows: &[SeasonRow]) -> Vec<FiguresRow> {
    let key = |f: &Figures| f.average().unwrap_or(f64::INFINITY);
    let mut bat: Vec<&SeasonRow> = rows.iter().collect();
    bat.sort_by(|a, b| {
        let (x, y) = (
            a.bat.average().unwrap_or(f64::NEG_INFINITY),
            b.bat.average().unwrap_or(f64::NEG_INFINITY),
        );
        y.total_cmp(&x).then_with(|| a.name().cmp(b.name()))
    });
    let mut bowl: Vec<&SeasonRow> = rows.iter().collect();
    bowl.sort_by(|a, b| {
        key(&a.bowl)
            .total_cmp(&key(&b.bowl))
            .then_with(|| a.name().cmp(b.name()))
    });
    let mut out: Vec<FiguresRow> = bat
        .iter()
        .map(|r| FiguresRow::of("batting", r.county, &r.bat))
        .collect();
    out.extend(
        bowl.iter()
            .map(|r| FiguresRow::of("bowling", r.county, &r.bowl)),
    );
    out
}

/// The batting block, a blank line and the bowling block.
pub(super) fn averages_blocks(user: Option<CountyId>, rows: &[FiguresRow]) -> Vec<String> {
    let mut out = vec![figures_heading("Batting")];
    let line = |r: &FiguresRow| figures_line(&name_star(user, r.id), r);
    out.extend(rows.iter().filter(|r| r.block == "batting").map(line));
    out.push(String::new());
    out.push(figures_heading("Bowling"));
    out.extend(rows.iter().filter(|r| r.block == "bowling").map(line));
    out
}

/// The batting and bowling averages of a class in a season.
#[derive(Clone, Debug, Serialize)]
pub struct AveragesView {
    pub view: &'static str,
    pub year: u16,
    pub class: Class,
    pub progress: String,
    pub user_county: Option<&'static str>,
    /// Batting (best average first), then bowling (best first).
    pub rows: Vec<FiguresRow>,
    #[serde(skip)]
    user: Option<CountyId>,
}

/// The batting and bowling averages of `class` in `year`.
pub fn averages_view(comp: &Competition, year: Option<u16>, class: Class) -> Result<AveragesView> {
    let season = season_for(comp, year)?;
    let cs = season.class(class);
    Ok(AveragesView {
        view: "averages",
        year: season.year,
        class,
        progress: progress(cs),
        user_county: user_name(comp),
        rows: figures_rows(&cs.table()),
        user: comp.settings().user_county,
    })
}

impl View for AveragesView {
    type Row = FiguresRow;

    fn rows(&self) -> &[FiguresRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "{} {} averages ({})",
                self.year,
                class_label(self.class),
                self.progress
            ),
            String::new(),
        ];
        out.extend(averages_blocks(self.user, &self.rows));
        out.push(String::new());
        out.push(
            "Runs include extras; balls are deliveries that count. Avge runs per wicket,".into(),
        );
        out.push("ScR runs per 100 balls, StR balls per wicket.".into());
        out.extend(star_note_among(self.user, self.rows.iter().map(|r| r.id)));
        out
    }
}

/// A county's season, fixture by fixture.
#[derive(Clone, Debug, Serialize)]
pub struct ResultsView {
    pub view: &'static str,
    pub year: u16,
    pub county: &'static str,
    pub class: Class,
    pub progress: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<ResultRow>,
    #[serde(skip)]
    user: Option<CountyId>,
    #[serde(skip)]
    id: CountyId,
}

/// A fixture of a county's season; the result fields are empty until it is played.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ResultRow {
    pub round: u8,
    pub opponent: &'static str,
    /// "h" home, "a" away.
    pub venue: &'static str,
    /// W, L, D or T.
    pub result: Option<char>,
    /// The county's innings, as a scoreboard writes them ("237 & 120-5").
    #[serde(rename = "for")]
    pub scores_for: Option<String>,
    pub against: Option<String>,
    pub points: Option<u8>,
    /// Points so far.
    pub total: Option<u32>,
    /// Place in the table after the round.
    pub position: Option<usize>,
    /// Points behind the leader (when not first).
    pub behind: Option<u32>,
    /// Points ahead of the second (when first).
    pub lead: Option<u32>,
    #[serde(skip)]
    pub opponent_id: CountyId,
    /// Begun and left part-played (the person's match in play, or one they were watching):
    /// its result fields are empty until it ends. Last, so that every other field keeps its
    /// place in the JSON and CSV, for readers that take them by position.
    pub in_play: bool,
}

/// A county's season: every fixture with the result once played, its points, its total, its
/// place after the round and the points behind the leader (or, when first, its lead).
pub fn results_view(
    comp: &Competition,
    year: Option<u16>,
    county: CountyId,
) -> Result<ResultsView> {
    let season = season_for(comp, year)?;
    if county as usize >= crate::counties::all().len() {
        return Err(Error::Usage(format!("there is no county {county}")));
    }
    let class = season.class_of(county);
    let cs = season.class(class);
    let all_out = comp.settings().options.all_out();
    let mut rows = vec![];
    let mut total = 0u32;
    for k in 0..crate::league::MATCHES_PER_CLASS {
        let s = cs.scheduled(k);
        let Some(side) = [(s.home, Side::Home), (s.away, Side::Away)]
            .iter()
            .find(|x| x.0 == county)
            .map(|x| x.1)
        else {
            continue;
        };
        let opponent = if side == Side::Home { s.away } else { s.home };
        let mut row = ResultRow {
            round: s.round,
            opponent: name(opponent),
            venue: if side == Side::Home { "h" } else { "a" },
            opponent_id: opponent,
            ..ResultRow::default()
        };
        if let Some(m) = cs.matches().get(k) {
            total += m.points[side.index()] as u32;
            played(&mut row, cs, m, side, total, all_out);
        }
        rows.push(row);
    }
    Ok(ResultsView {
        view: "results",
        year: season.year,
        county: name(county),
        class,
        progress: progress(cs),
        user_county: user_name(comp),
        rows,
        user: comp.settings().user_county,
        id: county,
    })
}

fn played(
    row: &mut ResultRow,
    cs: &ClassSeason,
    m: &MatchSummary,
    side: Side,
    total: u32,
    all_out: u8,
) {
    let scores = |s: Side| {
        m.innings_of(s)
            .map(|i| i.score_text(all_out))
            .collect::<Vec<_>>()
            .join(" & ")
    };
    let table = cs.table_after_round(m.round);
    let place = table
        .iter()
        .position(|r| r.county == m.county(side))
        .expect("in the class");
    row.result = Some(m.result_for(side).letter());
    row.scores_for = Some(scores(side));
    row.against = Some(scores(side.other()));
    row.points = Some(m.points[side.index()]);
    row.total = Some(total);
    row.position = Some(place + 1);
    if place == 0 {
        row.lead = Some(table[0].points - table[1].points);
    } else {
        row.behind = Some(table[0].points - table[place].points);
    }
}

impl ResultsView {
    /// Marks the fixture of `year` between `home` and `away` as in play (begun, not ended), if
    /// it is one of this county's in this season.
    pub fn mark_in_play(&mut self, year: u16, home: CountyId, away: CountyId) {
        if year != self.year {
            return;
        }
        let (opponent, venue) = match self.id {
            id if id == home => (away, "h"),
            id if id == away => (home, "a"),
            _ => return,
        };
        for r in &mut self.rows {
            if r.opponent_id == opponent && r.venue == venue && r.result.is_none() {
                r.in_play = true;
            }
        }
    }
}

/// How wide a results line's "For" and "Against" columns are: two innings of up to three
/// figures, each declared ("322-3d & 120-4d", 15), with a space to spare.
const SCORES: usize = 16;

/// A "For" or "Against" cell in at most two pieces that each fit its column: the whole cell,
/// or, when it is wider (two four- or five-figure innings: at most "65535-9d & 65535-9d",
/// 19), its first innings with the `&` and then its second, for the line below.
fn score_cell(scores: Option<&str>) -> (&str, &str) {
    let scores = scores.unwrap_or_default();
    if scores.chars().count() <= SCORES {
        return (scores, "");
    }
    match scores.find(" & ") {
        Some(at) => (&scores[..at + 2], &scores[at + 3..]),
        None => (scores, ""),
    }
}

impl View for ResultsView {
    type Row = ResultRow;

    fn rows(&self) -> &[ResultRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "{} {}: {} season ({})",
                marked(self.user, self.id),
                self.year,
                class_label(self.class),
                self.progress
            ),
            String::new(),
            format!(
                "Rd {:<8} H/A R {:<16} {:<16} {:>3} {:>3} {:<4} {:>6} {:>5}",
                "Opponent", "For", "Against", "Pts", "Tot", "Pos", "Behind", "Lead"
            ),
        ];
        let mut short_draws = false;
        for r in &self.rows {
            let fixture = format!("{:>2} {:<8} {:^3}", r.round, short(r.opponent_id), r.venue);
            match (r.result, r.position) {
                (Some(result), Some(place)) => {
                    let points = r.points.unwrap_or_default();
                    let n = |letter| u32::from(result == letter);
                    let mark = short_draw_mark(points.into(), n('W'), n('D'), n('T'));
                    short_draws |= mark != ' ';
                    let (for_now, for_next) = score_cell(r.scores_for.as_deref());
                    let (against_now, against_next) = score_cell(r.against.as_deref());
                    let line = format!(
                        "{fixture} {result} {for_now:<SCORES$} {against_now:<SCORES$} \
                         {:>3}{mark}{:>3} {:<4} {:>6} {:>5}",
                        points,
                        r.total.unwrap_or_default(),
                        ordinal(place),
                        // Level on points with the leader (or the second): said so, not
                        // "0" behind or "+0" ahead.
                        r.behind.map_or(String::new(), |b| match b {
                            0 => "level".to_string(),
                            b => b.to_string(),
                        }),
                        r.lead.map_or(String::new(), |l| match l {
                            0 => "level".to_string(),
                            l => format!("+{l}"),
                        }),
                    );
                    out.push(line.trim_end().to_string());
                    // A cell too wide for its column goes on under itself.
                    if !(for_next.is_empty() && against_next.is_empty()) {
                        let under = format!(
                            "{:w$}{for_next:<SCORES$} {against_next}",
                            "",
                            w = fixture.len() + 3
                        );
                        out.push(under.trim_end().to_string());
                    }
                }
                // Under "For": the match has begun and has no result yet.
                _ if r.in_play => out.push(format!("{fixture}   in play")),
                _ => out.push(fixture.trim_end().to_string()),
            }
        }
        out.push(String::new());
        out.push(
            "H/A: h home, a away. R: W won, L lost, D drawn, T tied. Tot: points so far.".into(),
        );
        if short_draws {
            out.push(SHORT_DRAW_MATCH_KEY.into());
        }
        out
    }
}

/// The points table of `class` in `year`, as text.
pub fn table(comp: &Competition, year: Option<u16>, class: Class) -> Result<Vec<String>> {
    Ok(table_view(comp, year, class)?.lines())
}

/// The batting and bowling averages of `class` in `year`, as text.
pub fn averages(comp: &Competition, year: Option<u16>, class: Class) -> Result<Vec<String>> {
    Ok(averages_view(comp, year, class)?.lines())
}

/// A county's season, as text.
pub fn results(comp: &Competition, year: Option<u16>, county: CountyId) -> Result<Vec<String>> {
    Ok(results_view(comp, year, county)?.lines())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pos: usize, id: CountyId, won: u32, drawn: u32, points: u32) -> TableRow {
        TableRow {
            pos,
            county: name(id),
            played: 14,
            won,
            lost: 14 - won - drawn,
            drawn,
            points,
            quotient: Some(1.0),
            id,
            ..TableRow::default()
        }
    }

    /// County `id`'s first-class results of `year`, `rows` its fixtures.
    fn results_of(year: u16, id: CountyId, progress: &str, rows: Vec<ResultRow>) -> ResultsView {
        ResultsView {
            view: "results",
            year,
            county: name(id),
            class: Class::First,
            progress: progress.into(),
            user_county: None,
            rows,
            user: None,
            id,
        }
    }

    #[test]
    fn points_holding_a_draw_one_run_short_are_marked_and_keyed() {
        let mut view = TableView {
            view: "table",
            year: 1918,
            class: Class::First,
            progress: "final".into(),
            user_county: None,
            rows: vec![row(1, 0, 6, 4, 29), row(2, 1, 6, 4, 28)],
            verdict: None,
            verdict_lines: vec![],
            user: None,
        };
        let lines = view.lines();
        let line = |c: CountyId| lines.iter().find(|l| l.contains(name(c))).unwrap().clone();
        assert!(line(0).contains("  29+ "), "{lines:?}");
        assert!(line(1).contains("  28  "), "{lines:?}");
        assert_eq!(lines.last().unwrap(), SHORT_DRAW_TABLE_KEY);
        // No such draw on the screen: no mark, no key.
        view.rows[0].points = 28;
        let lines = view.lines();
        assert!(lines.iter().all(|l| !l.contains('+')), "{lines:?}");

        let result = |result: char, points: u8| ResultRow {
            round: 3,
            opponent: name(2),
            venue: "h",
            result: Some(result),
            scores_for: Some("363 & 91-3".into()),
            against: Some("212 & 242".into()),
            points: Some(points),
            total: Some(7),
            position: Some(3),
            behind: Some(5),
            opponent_id: 2,
            ..ResultRow::default()
        };
        let mut results = results_of(
            1918,
            1,
            "final",
            vec![
                result('D', 2),
                result('D', 1),
                result('W', 4),
                result('T', 2),
            ],
        );
        let lines = results.lines();
        let marked: Vec<&String> = lines.iter().filter(|l| l.contains("2+  7")).collect();
        assert_eq!(marked.len(), 1, "{lines:?}");
        assert!(marked[0].contains(" D "));
        assert_eq!(lines.last().unwrap(), SHORT_DRAW_MATCH_KEY);
        results.rows.remove(0);
        assert!(results.lines().iter().all(|l| !l.contains('+')));
    }

    #[test]
    fn level_on_points_with_the_leader_is_said_so() {
        let result = |position: usize, lead: Option<u32>, behind: Option<u32>| ResultRow {
            round: 3,
            opponent: name(2),
            venue: "h",
            result: Some('W'),
            scores_for: Some("363".into()),
            against: Some("212".into()),
            points: Some(4),
            total: Some(7),
            position: Some(position),
            lead,
            behind,
            opponent_id: 2,
            ..ResultRow::default()
        };
        let view = results_of(
            1918,
            1,
            "final",
            vec![
                result(1, Some(0), None),
                result(2, None, Some(0)),
                result(1, Some(3), None),
                result(4, None, Some(5)),
            ],
        );
        let lines = view.lines();
        let rows: Vec<&String> = lines.iter().filter(|l| l.starts_with(" 3 Kent")).collect();
        assert_eq!(rows.len(), 4, "{lines:?}");
        assert!(
            rows[0].ends_with("level") && rows[1].contains(" level"),
            "{lines:?}"
        );
        assert!(
            rows[2].ends_with("+3") && rows[3].ends_with(" 5"),
            "{lines:?}"
        );
        assert!(lines.iter().all(|l| !l.contains("+0")), "{lines:?}");
    }

    #[test]
    fn every_verdict_fits_the_width_and_reads_as_one_in_json() {
        let ids = crate::counties::ids();
        for class in [Class::First, Class::Second] {
            for last in [false, true] {
                for a in ids.clone() {
                    for b in ids.clone().filter(|&b| b != a) {
                        let lines = verdict(class, last, a, b);
                        for l in &lines {
                            assert!(l.chars().count() <= crate::views::WIDTH, "{l}");
                        }
                        let whole = lines.join(" ");
                        assert!(whole.contains(name(a)) && whole.contains(name(b)));
                        assert_eq!(whole.contains("the last season"), last, "{whole}");
                    }
                }
            }
        }
        // However the text breaks it, the JSON's verdict is one string, word for word, for
        // the readers that rely on it.
        assert_eq!(
            verdict(Class::First, true, 5, 10).join(" "),
            "Champions: Gloucestershire. Bottom: Leicestershire (the last season: nobody goes \
             down)."
        );
    }

    /// The widest a "For" or "Against" cell can be: two innings of the most runs an innings
    /// can hold, each declared at nine down ("65535-9d & 65535-9d", 19 characters; the
    /// plausibility check allows up to 7 runs a delivery over some 13,000 deliveries, so no
    /// smaller bound holds). Such a cell, and one of two four-figure innings (17), stays in
    /// its column: its second innings goes on the line below, under the first, and every line
    /// fits the width with the points under their heading.
    #[test]
    fn the_widest_scores_stay_in_their_columns_within_the_width() {
        use crate::engine::score::{score_text, InningsEnd};
        let innings = |total: u16| score_text(total, 9, Some(InningsEnd::Declared), 10);
        let widest = format!("{} & {}", innings(u16::MAX), innings(u16::MAX));
        assert_eq!(widest, "65535-9d & 65535-9d");
        let four_figures = format!("{} & {}", innings(1234), innings(4567));
        let fits = format!("{} & {}", innings(999), innings(999));
        let result = |round: u8, scores_for: &str, against: &str| ResultRow {
            round,
            opponent: name(2),
            venue: "h",
            result: Some('W'),
            scores_for: Some(scores_for.into()),
            against: Some(against.into()),
            points: Some(4),
            total: Some(56),
            position: Some(8),
            behind: Some(56),
            opponent_id: 2,
            ..ResultRow::default()
        };
        let cases: [(&str, &str); 4] = [
            (&widest, &widest),
            (&four_figures, "37"),
            ("37", &four_figures),
            (&fits, &fits),
        ];
        let rows = (1..)
            .zip(cases)
            .map(|(k, (f, a))| result(k, f, a))
            .collect();
        let lines = results_of(1890, 0, "final", rows).lines();
        let header = &lines[2];
        let col = |h: &str| header.find(h).unwrap();
        let (for_at, against_at, pts_end) = (col("For"), col("Against"), col("Pts") + 3);
        for l in &lines {
            assert!(l.chars().count() <= crate::views::WIDTH, "{l}");
        }
        let body: Vec<&String> = lines[3..].iter().take_while(|l| !l.is_empty()).collect();
        let cell = |l: &str, from: usize, to: usize| {
            l.get(from..to.min(l.len()))
                .unwrap_or("")
                .trim()
                .to_string()
        };
        let mut fixtures = 0;
        for (i, l) in body.iter().enumerate() {
            if l.starts_with("  ") {
                continue;
            }
            // A fixture's line: the points end under their heading, and each cell read
            // down its column (onto the line below when it goes on there) is the score.
            assert_eq!(&l[pts_end - 2..pts_end], " 4", "{l}\n{header}");
            let next = body.get(i + 1).filter(|n| n.starts_with("  "));
            let whole = |from: usize, to: usize| {
                let first = cell(l, from, to);
                match next {
                    Some(n) if first.ends_with(" &") => format!("{first} {}", cell(n, from, to)),
                    _ => first,
                }
            };
            let (f, a) = cases[fixtures];
            assert_eq!(whole(for_at, against_at - 1), f, "{lines:#?}");
            assert_eq!(whole(against_at, pts_end - 3), a, "{lines:#?}");
            fixtures += 1;
        }
        assert_eq!(fixtures, 4);
        // The ordinary cell keeps its one line.
        assert_eq!(body.len(), 4 + 3, "{lines:#?}");
    }

    #[test]
    fn a_fixture_in_play_says_so_and_the_venue_has_a_heading() {
        let fixture = |round: u8, opponent: CountyId, venue: &'static str| ResultRow {
            round,
            opponent: name(opponent),
            venue,
            opponent_id: opponent,
            ..ResultRow::default()
        };
        let rows = vec![fixture(1, 13, "a"), fixture(2, 13, "h"), fixture(3, 2, "a")];
        let mut view = results_of(1899, 0, "after 4 of 56 matches", rows);
        let before = view.lines();
        assert!(before.iter().all(|l| !l.contains("in play")));
        assert!(before[2].starts_with("Rd Opponent H/A R "), "{before:?}");
        // Another year's, or another county's, match changes nothing.
        view.mark_in_play(1898, 13, 0);
        view.mark_in_play(1899, 2, 13);
        assert_eq!(view.lines(), before);
        // Essex (13) at home to this county: round 1's fixture, not round 2's.
        view.mark_in_play(1899, 13, 0);
        let lines = view.lines();
        let playing: Vec<&String> = lines.iter().filter(|l| l.contains("in play")).collect();
        assert_eq!(playing.len(), 1, "{lines:?}");
        assert!(playing[0].starts_with(" 1 Essex     a "), "{lines:?}");
        let header = &lines[2];
        assert_eq!(playing[0].find("in play"), header.find("For"));
    }
}
