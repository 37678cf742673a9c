//! The history as pictures in the terminal, drawn with ratatui's own `Chart`, `BarChart` and
//! `Sparkline` from the rows of the views behind them ([`crate::views::trends`]): a county's
//! story (its final place each year, first class above the rule, with championships,
//! promotions and relegations marked), the eras (runs a wicket, runs per 100 balls and the
//! share of draws, by decade) and a season's points race. Each is a pure function of its view
//! onto a buffer of at least 80x24, in the program's palette; [`Picture::text`] is the same
//! view's text, the fallback a screen reader can use.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{
    Axis, Bar, BarChart, BarGroup, Chart, Dataset, GraphType, Sparkline, Widget,
};

use super::style;
use crate::views::format::{ordinal, short};
use crate::views::trends::{EraRow, ErasView, RaceView, StoryView};
use crate::views::View;

/// A picture and the view it is drawn from.
#[derive(Clone, Debug)]
pub enum Picture {
    Story(StoryView),
    Eras(ErasView),
    Race(RaceView),
}

/// The size a picture is laid out for: the screen less its bottom line (the keys).
pub const WIDTH: u16 = 80;
pub const HEIGHT: u16 = 24;

impl Picture {
    /// The title row's text.
    pub fn title(&self) -> String {
        let lines = self.text();
        lines.first().cloned().unwrap_or_default()
    }

    /// The same view as text: what a screen reader reads instead of the picture.
    pub fn text(&self) -> Vec<String> {
        match self {
            Picture::Story(v) => v.lines(),
            Picture::Eras(v) => v.lines(),
            Picture::Race(v) => v.lines(),
        }
    }

    /// The text under its title (the title row shows that): [`Picture::text`] less its first
    /// line and the blank line after it.
    pub fn body(&self) -> Vec<String> {
        let mut lines = self.text().into_iter().skip(1).peekable();
        if lines.peek().is_some_and(|l| l.is_empty()) {
            lines.next();
        }
        lines.collect()
    }
}

/// Draws `picture` into `area` (at least [`WIDTH`] x [`HEIGHT`]; a smaller one is left blank):
/// the title on the top row, the picture below.
pub fn draw(buf: &mut Buffer, area: Rect, picture: &Picture) {
    if area.width < WIDTH || area.height < HEIGHT {
        return;
    }
    let area = Rect::new(area.x, area.y, WIDTH, HEIGHT);
    buf.set_style(area, style::text());
    let title = format!(" {:<79}", fit(&picture.title(), 78));
    buf.set_string(area.x, area.y, title, style::title());
    let body = Rect::new(area.x, area.y + 1, WIDTH, HEIGHT - 1);
    match picture {
        Picture::Story(v) => story(buf, body, v),
        Picture::Eras(v) => eras(buf, body, v),
        Picture::Race(v) => race(buf, body, v),
    }
}

/// `text` cut to `width` characters.
fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

fn say(buf: &mut Buffer, area: Rect, row: u16, text: &str, style: Style) {
    buf.set_string(area.x + 1, area.y + row, fit(text, 78), style);
}

/// What a picture of completed seasons says when there are none.
fn nothing_yet(buf: &mut Buffer, area: Rect) {
    say(
        buf,
        area,
        1,
        "No season has been completed yet.",
        style::text(),
    );
}

/// A line through `data` in braille dots, in `style`.
fn braille_line<'a>(style: Style, data: &'a [(f64, f64)]) -> Dataset<'a> {
    Dataset::default()
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(style)
        .data(data)
}

/// An axis over `bounds` with `labels`, in the text's colours.
fn axis<'a, L: Into<Line<'a>>>(bounds: [f64; 2], labels: impl IntoIterator<Item = L>) -> Axis<'a> {
    Axis::default()
        .bounds(bounds)
        .labels(labels)
        .style(style::text())
}

/// Where ratatui's `Chart` puts its graph in `area`, given its y labels' width and its first
/// x label's width (labels on both axes, labels left-aligned, no legend or titles): the
/// column after the y axis to the right edge, from the top to the row above the x axis.
fn graph_area(area: Rect, y_label_width: u16, first_x_label_width: u16) -> Rect {
    let left = y_label_width
        .max(first_x_label_width.saturating_sub(1))
        .min(area.width / 3);
    let x = area.x + left + 1;
    Rect::new(x, area.y, area.right() - x, area.height - 2)
}

/// The cell of a braille chart's point (x, y) in `graph`, for `x_bounds` and `y_bounds`.
#[allow(
    clippy::cast_sign_loss,
    reason = "a point left of or below the bounds saturates at 0, the chart's edge"
)]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a dot inside the graph, whose size is a screen's: it fits a u16 (a float cast saturates)"
)]
fn braille_cell(graph: Rect, xb: [f64; 2], yb: [f64; 2], x: f64, y: f64) -> (u16, u16) {
    let dots_x = (x - xb[0]) * (graph.width as f64 * 2.0 - 1.0) / (xb[1] - xb[0]);
    let dots_y = (yb[1] - y) * (graph.height as f64 * 4.0 - 1.0) / (yb[1] - yb[0]);
    (
        graph.x + (dots_x.round() as u16) / 2,
        graph.y + (dots_y.round() as u16) / 4,
    )
}

// ----- a county's story -----

/// Rows of the story's graph: the first class's eight places, the rule, the second's eight.
const STORY_ROWS: u16 = 17;

/// The graph row (from the top) of an overall place 1..=16: the rule takes row 8.
fn story_row(overall: u8) -> u16 {
    if overall <= 8 {
        overall as u16 - 1
    } else {
        overall as u16
    }
}

/// The y value plotted for graph row `r`, with the bounds that put each value in its own row.
fn story_y(r: u16) -> f64 {
    (STORY_ROWS - 1 - r) as f64
}
const STORY_Y_BOUNDS: [f64; 2] = [-0.375, STORY_ROWS as f64 - 1.0 + 0.375];

fn story_label(r: u16) -> String {
    match r {
        0..=7 => format!("{:>5}", ordinal(r as usize + 1)),
        8 => "-----".into(),
        _ => format!("({})", ordinal(r as usize - 8)),
    }
}

/// Years shown: half a year wider each side, and never a range of none.
fn year_bounds(first: u16, last: u16) -> [f64; 2] {
    [first as f64 - 0.5, last as f64 + 0.5]
}

/// A county's story: its place each year as a line, first class above the rule, with the
/// years under their points, its championships, promotions, relegations and wooden spoons
/// marked on the line, its points as bars under the years, and the key.
fn story(buf: &mut Buffer, area: Rect, v: &StoryView) {
    let (Some(first), Some(last)) = (v.rows.first(), v.rows.last()) else {
        nothing_yet(buf, area);
        return;
    };
    let xb = year_bounds(first.year, last.year);
    let chart_area = Rect::new(area.x, area.y, area.width, STORY_ROWS + 2);
    story_chart(buf, chart_area, v, xb);
    let graph = graph_area(chart_area, 5, 0);
    let col = |year: u16| braille_cell(graph, xb, STORY_Y_BOUNDS, f64::from(year), 0.0).0;
    let cells_per_year = (f64::from(graph.width) * 2.0 - 1.0) / (xb[1] - xb[0]) / 2.0;
    let labels: Vec<(u16, String)> = labelled_years(first.year, last.year, cells_per_year)
        .into_iter()
        .map(|y| (col(y), y.to_string()))
        .collect();
    axis_labels(buf, area, graph.bottom() + 1, &labels);
    let shared = story_events(buf, graph, xb, v);
    let row = area.y + STORY_ROWS + 2;
    let cols: Vec<u16> = v.rows.iter().map(|r| col(r.year)).collect();
    story_points(buf, area, Rect::new(graph.x, row, graph.width, 1), v, &cols);
    story_key(buf, area.x + 1, row + 1, shared);
    say(
        buf,
        area,
        STORY_ROWS + 4,
        &format!("{} Pts: points.", v.tally()),
        style::text(),
    );
}

/// The story's line and the rule between the classes, on axes with the places down the
/// side and room left under the x axis for the years.
fn story_chart(buf: &mut Buffer, chart_area: Rect, v: &StoryView, xb: [f64; 2]) {
    let points: Vec<(f64, f64)> = v
        .rows
        .iter()
        .map(|r| (f64::from(r.year), story_y(story_row(r.overall))))
        .collect();
    let rule = [(xb[0], story_y(8)), (xb[1], story_y(8))];
    // The x axis keeps its row for labels, but the years are written below by hand, each
    // under its own point: ratatui's spreads its labels evenly across the axis, which puts
    // them away from the points when the years are few.
    let places = (0..STORY_ROWS).rev().map(story_label);
    Chart::new(vec![
        braille_line(style::text(), &rule),
        braille_line(style::chart(), &points),
    ])
    .style(style::text())
    .x_axis(axis(xb, ["", ""]))
    .y_axis(axis(STORY_Y_BOUNDS, places))
    .render(chart_area, buf);
}

/// The events, as letters on the story's line in `graph`. A cell is one place in one
/// column, and a place has one event (first of the first class: champions; eighth:
/// relegated; and so on), so the seasons sharing a cell share their event: more than one is
/// written as their number. True when some cell is shared.
fn story_events(buf: &mut Buffer, graph: Rect, xb: [f64; 2], v: &StoryView) -> bool {
    let mut cells: Vec<((u16, u16), &str, u8)> = Vec::new();
    for r in v.rows.iter().filter(|r| !r.event.is_empty()) {
        let y = story_y(story_row(r.overall));
        let at = braille_cell(graph, xb, STORY_Y_BOUNDS, f64::from(r.year), y);
        match cells.iter_mut().find(|c| c.0 == at) {
            Some(c) => c.2 = c.2.saturating_add(1),
            None => cells.push((at, r.event, 1)),
        }
    }
    let mut shared = false;
    for &((x, y), event, n) in &cells {
        let (mark, colour) = event_mark(event);
        let text = if n > 1 {
            shared = true;
            n.min(9).to_string()
        } else {
            mark.to_string()
        };
        buf.set_string(x, y, text, bold(colour));
    }
    shared
}

/// Points each season, as a sparkline in `bars` (a row under the graph, labelled in `area`'s
/// margin): each year's bar under its point (its column in `cols`), as wide as a year's
/// label where the years leave room.
fn story_points(buf: &mut Buffer, area: Rect, bars_area: Rect, v: &StoryView, cols: &[u16]) {
    buf.set_string(area.x + 1, bars_area.y, "Pts", style::text());
    let bars: Vec<u64> = (bars_area.x..bars_area.right())
        .map(|x| {
            let nearest = (0..cols.len()).min_by_key(|&i| (x as i32 - cols[i] as i32).abs());
            nearest
                .filter(|&i| (-1..=2).contains(&(x as i32 - cols[i] as i32)))
                .map_or(0, |i| v.rows[i].points as u64)
        })
        .collect();
    Sparkline::default()
        .data(&bars)
        .max(bars.iter().copied().max().unwrap_or(1).max(1))
        .style(style::chart())
        .render(bars_area, buf);
}

/// The story's key on row `y` from column `x`: each mark in its colour, and a shared
/// column's number when one is `shared`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn story_key(buf: &mut Buffer, mut x: u16, y: u16, shared: bool) {
    for (text, colour) in [
        ("C", style::YELLOW),
        (" champions  ", style::GREY),
        ("^", style::LIGHT_GREEN),
        (" promoted  ", style::GREY),
        ("v", SALMON),
        (" relegated  ", style::GREY),
        ("s", style::WHITE),
        (" wooden spoon", style::GREY),
        (if shared { "  2" } else { "" }, style::WHITE),
        (if shared { " two in one column" } else { "" }, style::GREY),
    ] {
        buf.set_string(x, y, text, bold(colour));
        x += text.chars().count() as u16;
    }
}

fn event_mark(event: &str) -> (&'static str, Color) {
    match event {
        "champions" => ("C", style::YELLOW),
        "promoted" => ("^", style::LIGHT_GREEN),
        "relegated" => ("v", SALMON),
        _ => ("s", style::WHITE),
    }
}

fn bold(colour: Color) -> Style {
    Style::default()
        .fg(colour)
        .bg(style::BG)
        .add_modifier(Modifier::BOLD)
}

/// The years labelled under the story: every `step`th year (a round number of years), the
/// step the least that leaves room between labels at `cells_per_year` columns a year.
fn labelled_years(first: u16, last: u16, cells_per_year: f64) -> Vec<u16> {
    let step = [1, 2, 5, 10, 20, 25, 50, 100]
        .into_iter()
        .find(|&s| s as f64 * cells_per_year >= 6.0)
        .unwrap_or(100);
    let years: Vec<u16> = (first..=last).filter(|y| y % step == 0).collect();
    if years.is_empty() {
        vec![first]
    } else {
        years
    }
}

/// Writes each `(column, text)` on `row` of `area`, the text centred on its column (its
/// middle character there, the left of the two middle ones for an even length), moved left
/// at the right edge so that it still covers the column.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn axis_labels(buf: &mut Buffer, area: Rect, row: u16, labels: &[(u16, String)]) {
    for (col, text) in labels {
        let width = text.chars().count() as u16;
        let x = col
            .saturating_sub(width.saturating_sub(1) / 2)
            .max(area.x)
            .min(area.right().saturating_sub(width));
        buf.set_string(x, row, text, style::text());
    }
}

// ----- the eras -----

/// The three measures: label, the figure on the bar, and its value.
type Measure = (&'static str, fn(&EraRow) -> Option<f64>, fn(f64) -> String);

const MEASURES: [Measure; 3] = [
    (
        "Runs a wicket",
        |r| r.runs_per_wicket,
        |v| format!("{v:.1}"),
    ),
    (
        "Runs per 100 balls",
        |r| r.runs_per_100_balls,
        |v| format!("{v:.1}"),
    ),
    // To a tenth, as the text view has it.
    ("Matches drawn", |r| r.draw_percent, |v| format!("{v:.1}%")),
];

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen fit a u16; a figure's hundredths are far below 2^64"
)]
fn eras(buf: &mut Buffer, area: Rect, v: &ErasView) {
    if v.rows.is_empty() {
        nothing_yet(buf, area);
        return;
    }
    // Ten decades at most (1890-1989): seven columns each.
    for (i, (label, value, text)) in MEASURES.iter().enumerate() {
        let top = area.y + i as u16 * 7;
        say(buf, area, i as u16 * 7, label, style::bright());
        let bars: Vec<Bar> = v
            .rows
            .iter()
            .map(|r| {
                let x = value(r);
                #[allow(clippy::cast_sign_loss, reason = "a bar below 0 is drawn empty")]
                let hundredths = x.map_or(0, |x| (x * 100.0).round() as u64);
                Bar::default()
                    .value(hundredths)
                    .text_value(x.map_or_else(|| "-".into(), text))
                    .label(Line::from(format!("{}s", r.decade)))
            })
            .collect();
        BarChart::default()
            .data(BarGroup::default().bars(&bars))
            .bar_width(6)
            .bar_gap(1)
            .bar_style(style::chart())
            .value_style(Style::default().fg(style::BLACK).bg(style::LIGHT_CYAN))
            .label_style(style::text())
            .style(style::text())
            .render(Rect::new(area.x + 1, top + 1, area.width - 2, 6), buf);
        // A bar of nought (or of no figure) has no bar to carry its figure, and the chart
        // writes none: written where the bar's foot would be.
        for (j, r) in v.rows.iter().enumerate() {
            let x = value(r);
            if x.is_some_and(|x| (x * 100.0).round() > 0.0) {
                continue;
            }
            let figure = x.map_or_else(|| "-".into(), text);
            let left = area.x + 1 + j as u16 * 7 + (6 - figure.len() as u16) / 2;
            if left + figure.len() as u16 <= area.right() {
                buf.set_string(left, top + 5, figure, style::text());
            }
        }
    }
    say(
        buf,
        area,
        21,
        "Both classes, completed seasons; each bar from nought, its figure on it.",
        style::text(),
    );
}

// ----- a season's points race -----

/// Salmon (255,135,135): the relegated, where the palette's red would not read on blue.
const SALMON: Color = Color::Indexed(210);

/// The colour of the county in place `i` (0-based) of the race: yellow, white, light cyan,
/// light green, pink (255,135,255), orange (255,175,95), salmon and grey, all fixed entries
/// of the 256-colour palette that read on the blue at 4.5:1 or better.
const RACE_COLOURS: [Color; 8] = [
    style::YELLOW,
    style::WHITE,
    style::LIGHT_CYAN,
    style::LIGHT_GREEN,
    Color::Indexed(213),
    Color::Indexed(215),
    SALMON,
    style::GREY,
];

/// A season's points race: a line a county, its points round by round, the places beside
/// the lines' ends, and the key (place, county, points; how far the season is).
fn race(buf: &mut Buffer, area: Rect, v: &RaceView) {
    let series = v.series();
    let max = series.iter().flatten().copied().max().unwrap_or(0).max(4);
    let top = max.div_ceil(4) * 4;
    let xb = [0.0, f64::from(crate::league::ROUNDS)];
    let yb = [0.0, f64::from(top)];
    // Two columns right of the graph for the places at the lines' ends.
    let chart_area = Rect::new(area.x, area.y, 54, 20);
    let graph = race_chart(buf, chart_area, &series, [xb, yb], top);
    // The rounds under their points, every other one, and the word after the last.
    let col = |round: u8| braille_cell(graph, xb, yb, f64::from(round), 0.0).0;
    let labels: Vec<(u16, String)> = (0..=crate::league::ROUNDS)
        .step_by(2)
        .map(|r| (col(r), r.to_string()))
        .collect();
    axis_labels(buf, area, graph.bottom() + 1, &labels);
    buf.set_string(
        col(crate::league::ROUNDS) + 3,
        graph.bottom() + 1,
        "rounds",
        style::text(),
    );
    if v.rounds > 0 {
        race_places(buf, graph, [xb, yb], &series);
    }
    race_key(buf, area.x + 58, area.y, v, &series);
    say(
        buf,
        area,
        21,
        "A line a county: its points round by round, its place beside the line's end.",
        style::text(),
    );
}

/// The race's lines (the leader's drawn last, on top) on axes `bounds` (rounds, then points
/// up to `top`) in `chart_area`; gives the graph's area inside it.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "a label's width fits a u16; rounds and points are exact as an f64"
)]
fn race_chart(
    buf: &mut Buffer,
    chart_area: Rect,
    series: &[Vec<u32>],
    [xb, yb]: [[f64; 2]; 2],
    top: u32,
) -> Rect {
    let data: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|s| {
            s.iter()
                .enumerate()
                .map(|(r, &p)| (r as f64, p as f64))
                .collect()
        })
        .collect();
    let datasets: Vec<Dataset> = data
        .iter()
        .enumerate()
        .rev()
        .map(|(i, d)| braille_line(Style::default().fg(RACE_COLOURS[i % 8]).bg(style::BG), d))
        .collect();
    let y_labels: Vec<String> = [0, top / 2, top].iter().map(|n| n.to_string()).collect();
    let y_width = y_labels.iter().map(|l| l.len()).max().unwrap_or(1) as u16;
    Chart::new(datasets)
        .style(style::text())
        .x_axis(axis(xb, ["", ""]))
        .y_axis(axis(yb, y_labels))
        .render(chart_area, buf);
    graph_area(chart_area, y_width, 0)
}

/// Each line's place just after its end in `graph`, in place order from the top: a place
/// whose line ends in the same row as the one before it goes in the next free row.
#[expect(
    clippy::cast_precision_loss,
    reason = "rounds and points are exact as an f64"
)]
fn race_places(buf: &mut Buffer, graph: Rect, [xb, yb]: [[f64; 2]; 2], series: &[Vec<u32>]) {
    let ends: Vec<(u16, u16)> = series
        .iter()
        .map(|s| {
            let p = s.last().copied().unwrap_or(0);
            braille_cell(graph, xb, yb, (s.len().max(1) - 1) as f64, p as f64)
        })
        .collect();
    for (i, (x, y)) in end_labels(&ends, graph).into_iter().enumerate() {
        buf.set_string(x, y, (i + 1).to_string(), bold(RACE_COLOURS[i % 8]));
    }
}

/// The race's key from column `kx`, under row `top`: place, county and points in each
/// line's colour, and how far the season is.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a row of the key is a place (16 at most): it fits a u16"
)]
fn race_key(buf: &mut Buffer, kx: u16, top: u16, v: &RaceView, series: &[Vec<u32>]) {
    buf.set_string(kx, top + 1, "   County       Pts", style::bright());
    for (i, &c) in v.ids.iter().enumerate() {
        let pts = series[i].last().copied().unwrap_or(0);
        let mark = if v.user == Some(c) { '*' } else { ' ' };
        let line = format!("{:>2} {:<12}{mark}{pts:>3}", i + 1, short(c));
        buf.set_string(kx, top + 2 + i as u16, line, bold(RACE_COLOURS[i % 8]));
    }
    // As the title counts matches ("after 6 of 56 matches"): a round with only some of its
    // matches played is under way, not done.
    let rounds = crate::league::ROUNDS;
    let per_round = crate::league::MATCHES_PER_ROUND as usize;
    let when = if v.rows.is_empty() {
        "No round played yet.".to_string()
    } else if v.matches < v.rounds as usize * per_round {
        format!("In round {} of {rounds}.", v.rounds)
    } else {
        format!("After {} of {rounds} rounds.", v.rounds)
    };
    buf.set_string(kx, top + 11, fit(&when, 21), style::text());
    if v.user.is_some_and(|u| v.ids.contains(&u)) {
        buf.set_string(kx, top + 12, "* your county", style::text());
    }
}

/// Where the places go for lines ending at the cells `ends` (in place order) of `graph`: the
/// column after each end, the end's row unless an earlier place has it, then the next free
/// row down, all kept within the graph's rows (pushed up from the bottom when need be).
fn end_labels(ends: &[(u16, u16)], graph: Rect) -> Vec<(u16, u16)> {
    let bottom = graph.bottom().saturating_sub(1);
    let mut rows: Vec<u16> = Vec::with_capacity(ends.len());
    for &(_, y) in ends {
        let y = rows.last().map_or(y, |&above| y.max(above + 1));
        rows.push(y);
    }
    let mut below = bottom + 1;
    for r in rows.iter_mut().rev() {
        *r = (*r).min(below.saturating_sub(1)).max(graph.y);
        below = *r;
    }
    ends.iter()
        .zip(rows)
        .map(|(&(x, _), y)| (x + 1, y))
        .collect()
}

// ----- printed (accc show --format picture) -----

/// The picture as lines of text, with ANSI colours when `colour`.
pub fn printed(picture: &Picture, colour: bool) -> String {
    let area = Rect::new(0, 0, WIDTH, HEIGHT);
    let mut buf = Buffer::empty(area);
    draw(&mut buf, area, picture);
    let mut out = String::new();
    for y in 0..HEIGHT {
        let mut line = String::new();
        let mut last: Option<Style> = None;
        for x in 0..WIDTH {
            let cell = &buf[(x, y)];
            if colour {
                let s = cell.style();
                if last != Some(s) {
                    line.push_str(&sgr(s));
                    last = Some(s);
                }
            }
            line.push_str(cell.symbol());
        }
        if colour {
            line.push_str("\x1b[0m");
        } else {
            line = line.trim_end().to_string();
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The ANSI escape that sets `s` (from a reset).
fn sgr(s: Style) -> String {
    let mut codes = vec!["0".to_string()];
    if s.add_modifier.contains(Modifier::BOLD) {
        codes.push("1".into());
    }
    if let Some(c) = s.fg.and_then(|c| ansi(c, false)) {
        codes.push(c);
    }
    if let Some(c) = s.bg.and_then(|c| ansi(c, true)) {
        codes.push(c);
    }
    format!("\x1b[{}m", codes.join(";"))
}

fn ansi(c: Color, bg: bool) -> Option<String> {
    match c {
        Color::Indexed(n) => Some(format!("{};5;{n}", if bg { 48 } else { 38 })),
        Color::Rgb(r, g, b) => Some(format!("{};2;{r};{g};{b}", if bg { 48 } else { 38 })),
        _ => None,
    }
}
