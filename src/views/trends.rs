//! The views behind the pictures: a county's story (its final place every year), the
//! championship's eras (runs a wicket, runs per 100 balls and the share of draws, by decade)
//! and a season's points race (each county's points after every round). The terminal draws
//! them as charts (`crate::tui::pictures`) and the almanack as SVG; their text is the fallback a
//! screen reader can use, and their rows are the numbers both pictures are drawn from.

use serde::Serialize;

use crate::counties::{Class, CountyId};
use crate::error::Result;
use crate::league::{Competition, CLASS_SIZE};

use super::class_label;
use super::format::{marked, name, ordinal, short, star, star_note};
use super::history::{check_county, span};
use super::output::View;
use super::season::progress;
use super::season_for;

/// A county's final place every completed season.
#[derive(Clone, Debug, Serialize)]
pub struct StoryView {
    pub view: &'static str,
    pub county: &'static str,
    pub span: String,
    pub user_county: Option<&'static str>,
    pub rows: Vec<StoryRow>,
    pub championships: u32,
    pub promotions: u32,
    pub relegations: u32,
    pub wooden_spoons: u32,
    #[serde(skip)]
    pub id: CountyId,
    #[serde(skip)]
    pub user: Option<CountyId>,
}

/// Where the county finished one year, and what that meant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoryRow {
    pub year: u16,
    pub class: Class,
    /// 1..=8 in its class.
    pub place: u8,
    /// 1..=16: the second class's places follow the first's.
    pub overall: u8,
    pub points: u32,
    /// "champions", "relegated", "promoted", "wooden spoon" or empty. No one goes up or down
    /// after the last season.
    pub event: &'static str,
}

impl Default for StoryRow {
    fn default() -> StoryRow {
        StoryRow {
            year: 0,
            class: Class::First,
            place: 0,
            overall: 0,
            points: 0,
            event: "",
        }
    }
}

/// The story of `county`: its final place in every completed season.
#[expect(
    clippy::cast_possible_truncation,
    reason = "places in a class of 8 fit a byte; counts of a county's events, at most 100 seasons, a u32"
)]
pub fn story_view(comp: &Competition, county: CountyId) -> Result<StoryView> {
    check_county(county)?;
    let mut rows = vec![];
    for season in comp.seasons() {
        let s = season.summary();
        for (class, table) in [(Class::First, &s.tables[0]), (Class::Second, &s.tables[1])] {
            let Some(i) = table.iter().position(|r| r.county == county) else {
                continue;
            };
            let place = i as u8 + 1;
            let moves = !s.is_last();
            let event = match (class, place) {
                (Class::First, 1) => "champions",
                (Class::First, 8) if moves => "relegated",
                (Class::Second, 1) if moves => "promoted",
                (Class::Second, 8) => "wooden spoon",
                _ => "",
            };
            rows.push(StoryRow {
                year: s.year,
                class,
                place,
                overall: overall(class, place),
                points: table[i].points,
                event,
            });
        }
    }
    let count = |e: &str| rows.iter().filter(|r| r.event == e).count() as u32;
    Ok(StoryView {
        view: "story",
        county: name(county),
        span: span(comp),
        user_county: comp.settings().user_county.map(name),
        championships: count("champions"),
        promotions: count("promoted"),
        relegations: count("relegated"),
        wooden_spoons: count("wooden spoon"),
        rows,
        id: county,
        user: comp.settings().user_county,
    })
}

/// 1..=16 over both classes.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a place in the second class, at most 16: it fits a byte"
)]
pub fn overall(class: Class, place: u8) -> u8 {
    match class {
        Class::First => place,
        Class::Second => place + CLASS_SIZE as u8,
    }
}

impl StoryView {
    /// "Championships 2, promotions 1, relegations 1, wooden spoons 0."
    pub fn tally(&self) -> String {
        format!(
            "Championships {}, promotions {}, relegations {}, wooden spoons {}.",
            self.championships, self.promotions, self.relegations, self.wooden_spoons
        )
    }
}

impl View for StoryView {
    type Row = StoryRow;

    fn rows(&self) -> &[StoryRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "{}: final place each year, {}",
                marked(self.user, self.id),
                self.span
            ),
            String::new(),
            "Year  Class   Place  Pts".to_string(),
        ];
        for r in &self.rows {
            out.push(
                format!(
                    "{}  {:<6}  {:>5} {:>4}  {}",
                    r.year,
                    r.class.name(),
                    ordinal(r.place as usize),
                    r.points,
                    r.event
                )
                .trim_end()
                .to_string(),
            );
        }
        out.push(String::new());
        out.push(self.tally());
        out
    }
}

/// The championship by decade.
#[derive(Clone, Debug, Serialize)]
pub struct ErasView {
    pub view: &'static str,
    pub span: String,
    pub rows: Vec<EraRow>,
}

/// One decade's figures, over every match of both classes in its completed seasons.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EraRow {
    /// The decade's first year (1890 for the 1890s).
    pub decade: u16,
    pub seasons: u32,
    pub matches: u32,
    /// Innings totals, extras included.
    pub runs: u64,
    pub wickets: u64,
    /// Deliveries that count.
    pub balls: u64,
    pub draws: u32,
    pub runs_per_wicket: Option<f64>,
    pub runs_per_100_balls: Option<f64>,
    /// Drawn matches per 100.
    pub draw_percent: Option<f64>,
}

/// The championship's eras: by decade, runs a wicket, runs per 100 balls and the share of
/// matches drawn, over the completed seasons.
#[expect(
    clippy::cast_precision_loss,
    reason = "runs, wickets and balls of at most 100 seasons, far below 2^52: exact as an f64"
)]
pub fn eras_view(comp: &Competition) -> Result<ErasView> {
    let mut rows: Vec<EraRow> = vec![];
    for season in comp.seasons() {
        let decade = season.year / 10 * 10;
        if rows.last().is_none_or(|r| r.decade != decade) {
            rows.push(EraRow {
                decade,
                ..EraRow::default()
            });
        }
        let row = rows.last_mut().expect("pushed above");
        row.seasons += 1;
        for cs in &season.classes {
            for m in cs.matches() {
                row.matches += 1;
                row.draws += (m.outcome == crate::engine::Outcome::Draw) as u32;
                for i in m.innings() {
                    row.runs += i.total as u64;
                    row.wickets += i.wickets as u64;
                    row.balls += i.balls as u64;
                }
            }
        }
    }
    for r in &mut rows {
        let per = |a: f64, b: u64| (b > 0).then(|| a / b as f64);
        r.runs_per_wicket = per(r.runs as f64, r.wickets);
        r.runs_per_100_balls = per(100.0 * r.runs as f64, r.balls);
        r.draw_percent = per(100.0 * r.draws as f64, r.matches as u64);
    }
    Ok(ErasView {
        view: "eras",
        span: span(comp),
        rows,
    })
}

impl View for ErasView {
    type Row = EraRow;

    fn rows(&self) -> &[EraRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let n = super::format::number;
        // Before any season is complete the span is a phrase, and the title says only that.
        let title = if self.rows.is_empty() {
            format!("The championship by decade: {}", self.span)
        } else {
            format!(
                "The championship by decade, {}: both classes, completed seasons",
                self.span
            )
        };
        let mut out = vec![
            title,
            String::new(),
            "Decade  Seasons  Matches  Runs/wkt  Runs/100 balls  Drawn".to_string(),
        ];
        for r in &self.rows {
            out.push(format!(
                "{}s  {:>7}  {:>7}  {:>8}  {:>14}  {:>5}",
                r.decade,
                r.seasons,
                r.matches,
                n(r.runs_per_wicket, 2),
                n(r.runs_per_100_balls, 1),
                r.draw_percent
                    .map_or_else(|| "-".into(), |p| format!("{p:.1}%"))
            ));
        }
        out.push(String::new());
        out.push("Runs are innings totals (extras included); balls are deliveries that".into());
        out.push("count. Drawn: the share of matches drawn.".into());
        out
    }
}

/// A season's points race in one class.
#[derive(Clone, Debug, Serialize)]
pub struct RaceView {
    pub view: &'static str,
    pub year: u16,
    pub class: Class,
    pub progress: String,
    pub user_county: Option<&'static str>,
    /// The counties in the order of the table now.
    pub counties: Vec<&'static str>,
    /// Rounds with a match played.
    pub rounds: u8,
    /// Matches played (the last round may be under way: fewer than its four).
    #[serde(skip)]
    pub matches: usize,
    /// Round by round, each round's counties in the order of `counties`.
    pub rows: Vec<RaceRow>,
    #[serde(skip)]
    pub ids: Vec<CountyId>,
    #[serde(skip)]
    pub user: Option<CountyId>,
}

/// A county's points and place after a round.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RaceRow {
    pub round: u8,
    pub county: &'static str,
    pub points: u32,
    pub place: u8,
}

/// The points race of `class` in `year` (default: the season under way).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a place in a class of 8: it fits a byte"
)]
pub fn race_view(comp: &Competition, year: Option<u16>, class: Class) -> Result<RaceView> {
    let season = season_for(comp, year)?;
    let cs = season.class(class);
    let ids: Vec<CountyId> = cs.table().iter().map(|r| r.county).collect();
    let rounds = cs.matches().iter().map(|m| m.round).max().unwrap_or(0);
    let mut rows = vec![];
    for round in 1..=rounds {
        let table = cs.table_after_round(round);
        for &c in &ids {
            let place = table
                .iter()
                .position(|r| r.county == c)
                .expect("in the class");
            rows.push(RaceRow {
                round,
                county: name(c),
                points: table[place].points,
                place: place as u8 + 1,
            });
        }
    }
    Ok(RaceView {
        view: "race",
        year: season.year,
        class,
        progress: progress(cs),
        user_county: comp.settings().user_county.map(name),
        counties: ids.iter().map(|&c| name(c)).collect(),
        rounds,
        matches: cs.matches().len(),
        rows,
        ids,
        user: comp.settings().user_county,
    })
}

impl RaceView {
    /// Each county's points after every round (0 before the first), in the order of
    /// `counties`.
    pub fn series(&self) -> Vec<Vec<u32>> {
        let n = self.ids.len();
        (0..n)
            .map(|i| {
                std::iter::once(0)
                    .chain(self.rows.iter().skip(i).step_by(n.max(1)).map(|r| r.points))
                    .collect()
            })
            .collect()
    }
}

impl View for RaceView {
    type Row = RaceRow;

    fn rows(&self) -> &[RaceRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        let header: String = self
            .ids
            .iter()
            .map(|&c| {
                format!(
                    "{:>8}",
                    format!("{}{}", short(c), star(self.user, c)).trim()
                )
            })
            .collect();
        let mut out = vec![
            format!(
                "{} {} points race ({})",
                self.year,
                class_label(self.class),
                self.progress
            ),
            String::new(),
            format!("Round{header}"),
        ];
        for round in self.rows.chunks(self.ids.len().max(1)) {
            let cells: String = round.iter().map(|r| format!("{:>8}", r.points)).collect();
            out.push(format!("{:>5}{cells}", round[0].round));
        }
        if self.rows.is_empty() {
            out.push("No round has been played yet.".into());
        }
        out.push(String::new());
        out.push("Points after each round; counties in the order of the table now.".into());
        out.extend(star_note(self.user));
        out
    }
}
