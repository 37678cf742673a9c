//! The almanack's pictures, drawn by `plotters` into SVG text: a county's places season by
//! season (small, one a county, and large on its own page), the championships won by each
//! county, the eras decade by decade against the century's average, and a season's points
//! race. Each picture comes with its axes' mapping from values to the SVG's pixels ([`Axis`]),
//! which the page writes beside it so that a reader (or a test) can turn any point back into
//! its numbers.
//!
//! Every picture's text is [`TEXT_PX`] or more as shown: the small pictures are drawn at the
//! size they are shown, and a county's story, which may be wider than a phone's screen and is
//! then scaled down to fit it, has its text drawn larger by as much ([`story`]). Its county
//! colours are 3:1 or better against white; a county is also told apart without its colour,
//! by a label beside its line or bar.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Error, ErrorKind};
use crate::counties::{self, CountyId};
use crate::views::trends::{EraRow, RaceView, StoryRow};

/// Sixteen colours, one per county (by id), each at 3:1 or better against white (tested).
pub const COUNTY_COLOURS: [&str; 16] = [
    "#1f65a8", "#c24e00", "#2a7d2a", "#c62828", "#7b4fa8", "#8c564b", "#b0358a", "#5f6368",
    "#6f7300", "#00788a", "#393b79", "#a33f40", "#4f6b1f", "#855f1a", "#6b2f63", "#c2185b",
];

/// The colour of the eras' dots and of the lines to them.
pub const BAR_COLOUR: &str = "#1f3f7f";

/// The markers of a county's story.
pub const CHAMPION_COLOUR: &str = "#9a7400";
pub const PROMOTED_COLOUR: &str = "#1a7f45";
pub const RELEGATED_COLOUR: &str = "#b3261e";
pub const SPOON_COLOUR: &str = "#555555";

/// The rendered size of the pictures' text in pixels, and the size `plotters` is given for it
/// (its SVG writes a font's size divided by 1.24).
pub const TEXT_PX: f64 = 12.9;
const FONT: f64 = 16.0;

/// The width of the small pictures: they fit a phone's screen (375 px) with the page's margins.
pub const SMALL_WIDTH: u32 = 340;

/// The narrowest a picture is shown: a phone's screen (375 px) less the page's margins (12 px
/// each side). A county's story, wider than this, is scaled down to fit it there, its text
/// drawn that much larger so that it is still [`TEXT_PX`] as shown.
pub const NARROWEST: u32 = 351;

/// The widest a county's story is drawn. Shown on the narrowest screen it is scaled to
/// `NARROWEST / STORY_WIDEST` of its size: its text is drawn at `STORY_WIDEST / NARROWEST`
/// times [`TEXT_PX`] (17.6 px), which is as large as it may be where it is shown whole.
pub const STORY_WIDEST: u32 = 480;

/// The colour of the rule between the classes in a picture of places.
pub const RULE_COLOUR: &str = "#3c3c3c";

/// A picture: the SVG and where two values of each axis fall in it.
#[derive(Clone, Debug)]
pub struct Svg {
    pub svg: String,
    pub x: Axis,
    pub y: Axis,
}

/// Two values of an axis and the pixel each falls on: enough to map any value (the axes are
/// linear).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Axis {
    pub values: [f64; 2],
    pub pixels: [i32; 2],
}

impl Axis {
    /// As the page writes it: "value pixel value pixel".
    pub fn attribute(&self) -> String {
        format!(
            "{} {} {} {}",
            self.values[0], self.pixels[0], self.values[1], self.pixels[1]
        )
    }

    /// The pixel of `value`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a pixel inside a chart of at most a few thousand pixels: it fits an i32"
    )]
    fn pixel(&self, value: f64) -> i32 {
        let (v, p) = (self.values, self.pixels);
        p[0] + ((value - v[0]) / (v[1] - v[0]) * (p[1] - p[0]) as f64).round() as i32
    }
}

/// The contrast of two colours ("#rrggbb") as the web's guidelines work it out: 1 to 21.
pub fn contrast(a: &str, b: &str) -> f64 {
    let luminance = |hex: &str| {
        let c = rgb(hex);
        let lin = |v: u8| {
            let s = v as f64 / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "the three bytes of a 24-bit colour, each taken on purpose"
)]
fn rgb(hex: &str) -> RGBColor {
    let n = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    RGBColor((n >> 16) as u8, (n >> 8) as u8, n as u8)
}

/// A county's colour.
pub fn colour_of(c: CountyId) -> &'static str {
    COUNTY_COLOURS[c as usize % COUNTY_COLOURS.len()]
}

fn chart_error<E: std::fmt::Display>(e: E) -> Error {
    Error::new(ErrorKind::Chart(e.to_string()))
}

fn font() -> TextStyle<'static> {
    sized_font(1.0)
}

/// The pictures' font, `scale` times its size.
fn sized_font(scale: f64) -> TextStyle<'static> {
    ("sans-serif", FONT * scale).into_font().color(&BLACK)
}

const GRID: RGBColor = RGBColor(225, 225, 225);

/// The value plotted for a final place: 16 for the top of the first class down to 1 for the
/// foot of the second, so that the first class is drawn above the second.
fn height(overall: u8) -> f64 {
    17.0 - overall as f64
}

/// "1st" for the top of the first class, "(1st)" to "(8th)" for the second; `all` writes
/// every place, else only the top and the foot, "1st" and "(8th)" (a small picture labels the
/// rule between the classes itself).
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "a place rounded and checked to be 1 to 16 just below"
)]
fn place_label(v: f64, all: bool) -> String {
    let overall = (17.0 - v).round() as i64;
    if !(1..=16).contains(&overall) || (17.0 - v - overall as f64).abs() > 0.01 {
        return String::new();
    }
    if !all && ![1, 16].contains(&overall) {
        return String::new();
    }
    let place = crate::views::format::ordinal(((overall - 1) % 8 + 1).unsigned_abs() as usize);
    if overall <= 8 {
        place
    } else {
        format!("({place})")
    }
}

fn year_label(v: f64) -> String {
    if (v - v.round()).abs() < 0.01 {
        format!("{:.0}", v)
    } else {
        String::new()
    }
}

/// The x range of `first..=last`, half a year wider each side.
fn year_range(first: u16, last: u16) -> std::ops::Range<f64> {
    first as f64 - 0.5..last as f64 + 0.5
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A size in pixels, `scale` times `px`.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a margin, a width or a radius of a few pixels scaled by at most 2: small and positive"
)]
fn scaled(px: u32, scale: f64) -> u32 {
    (px as f64 * scale).round() as u32
}

/// Draws a places chart (first class above, second below, a rule between) with one county's
/// (year, overall place) points in `colour`, everything `scale` times its usual size. Returns
/// the axes.
fn places_chart(
    root: &Area,
    years: (u16, u16),
    colour: RGBColor,
    points: &[(u16, u8)],
    small: bool,
    scale: f64,
) -> Result<(Axis, Axis), Error> {
    root.fill(&WHITE).map_err(chart_error)?;
    let range = year_range(years.0, years.1);
    let px = |n: u32| scaled(n, scale);
    let mut chart = ChartBuilder::on(root)
        .margin(px(8))
        .margin_right(px(16))
        .x_label_area_size(px(26))
        .y_label_area_size(px(if small { 44 } else { 52 }))
        .build_cartesian_2d(range.clone(), 0.5f64..16.5f64)
        .map_err(chart_error)?;
    let span = (years.1 - years.0) as usize + 1;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(if small { span.min(4) } else { span.min(10) })
        .y_labels(16)
        .x_label_formatter(&|v| year_label(*v))
        .y_label_formatter(&|v| place_label(*v, !small))
        .label_style(sized_font(scale))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .draw()
        .map_err(chart_error)?;
    // The rule between the classes, dark and twice a grid line's width.
    let rule = rgb(RULE_COLOUR);
    chart
        .draw_series(LineSeries::new(
            [(range.start, 8.5), (range.end, 8.5)],
            rule.stroke_width(px(2)),
        ))
        .map_err(chart_error)?;
    if small {
        // Labelled on each side where the small picture has no room to label every place:
        // the foot of the first class above it, the top of the second below.
        let (left, at) = chart.backend_coord(&(range.start, 8.5));
        let x = left - 10;
        root.draw(&Text::new(
            "8th",
            (x, at - 2),
            font().pos(Pos::new(HPos::Right, VPos::Bottom)),
        ))
        .map_err(chart_error)?;
        root.draw(&Text::new(
            "(1st)",
            (x, at + 3),
            font().pos(Pos::new(HPos::Right, VPos::Top)),
        ))
        .map_err(chart_error)?;
    }
    let xy: Vec<(f64, f64)> = points.iter().map(|&(y, o)| (y as f64, height(o))).collect();
    chart
        .draw_series(LineSeries::new(xy.clone(), colour.stroke_width(px(2))))
        .map_err(chart_error)?;
    if xy.len() <= 30 {
        chart
            .draw_series(xy.iter().map(|&p| Circle::new(p, px(3), colour.filled())))
            .map_err(chart_error)?;
    }
    let x = Axis {
        values: [range.start, range.end],
        pixels: [
            chart.backend_coord(&(range.start, 1.0)).0,
            chart.backend_coord(&(range.end, 1.0)).0,
        ],
    };
    let y = Axis {
        values: [1.0, 16.0],
        pixels: [
            chart.backend_coord(&(range.start, height(1))).1,
            chart.backend_coord(&(range.start, height(16))).1,
        ],
    };
    Ok((x, y))
}

fn years_of(points: &[(u16, u8)]) -> (u16, u16) {
    let first = points.first().map_or(crate::league::FIRST_YEAR, |r| r.0);
    (first, points.last().map_or(first, |r| r.0))
}

/// One county's final place each season, small: one of sixteen pictures side by side, each
/// named in its page's heading (the small multiples that replace a chart of sixteen lines).
pub fn places(county: CountyId, points: &[(u16, u8)]) -> Result<Svg, Error> {
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (SMALL_WIDTH, 150)).into_drawing_area();
        let axes = places_chart(
            &root,
            years_of(points),
            rgb(colour_of(county)),
            points,
            true,
            1.0,
        )?;
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// One county's final place each season, its championships, promotions, relegations and
/// wooden spoons ringed. As wide as its seasons need, up to [`STORY_WIDEST`]; one wider than
/// [`NARROWEST`] has everything in it drawn larger by as much, its text included, so that
/// scaled down to fit a phone's screen (as the page's style does) its text is still
/// [`TEXT_PX`].
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of seasons (at most 100): the width fits a u32"
)]
pub fn story(county: CountyId, rows: &[StoryRow]) -> Result<Svg, Error> {
    let points: Vec<(u16, u8)> = rows.iter().map(|r| (r.year, r.overall)).collect();
    let width = (120 + 9 * points.len() as u32).clamp(SMALL_WIDTH, STORY_WIDEST);
    let scale = (f64::from(width) / f64::from(NARROWEST)).max(1.0);
    let px = |n: u32| scaled(n, scale);
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (width, px(320))).into_drawing_area();
        let axes = places_chart(
            &root,
            years_of(&points),
            rgb(colour_of(county)),
            &points,
            false,
            scale,
        )?;
        for r in rows {
            let hex = match r.event {
                "champions" => CHAMPION_COLOUR,
                "promoted" => PROMOTED_COLOUR,
                "relegated" => RELEGATED_COLOUR,
                "wooden spoon" => SPOON_COLOUR,
                _ => continue,
            };
            root.draw(&Circle::new(
                (axes.0.pixel(r.year as f64), axes.1.pixel(r.overall as f64)),
                px(6),
                rgb(hex).stroke_width(px(3)),
            ))
            .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// The championships of each county as bars, most first, each named at its left and its
/// number written at its end. `rows`: (county, championships) in the order drawn, top first.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "a count of counties (16): it fits a u32 and is exact as an f64"
)]
pub fn titles(rows: &[(CountyId, u32)]) -> Result<Svg, Error> {
    let n = rows.len().max(1);
    let most = rows.iter().map(|r| r.1).max().unwrap_or(0).max(1) as f64;
    let top = most * 1.15 + 1.0;
    let names: Vec<&str> = rows
        .iter()
        .map(|r| counties::get(r.0).name.as_str())
        .collect();
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (SMALL_WIDTH, 40 + 22 * n as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .margin_right(16)
            .x_label_area_size(26)
            .y_label_area_size(118)
            .build_cartesian_2d(0f64..top, -0.5f64..n as f64 - 0.5)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_labels(5)
            .x_label_formatter(&|v| year_label(*v))
            .label_style(font())
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .draw()
            .map_err(chart_error)?;
        let left = chart.backend_coord(&(0.0, 0.0)).0 - 8;
        for (i, &(c, count)) in rows.iter().enumerate() {
            let row = (n - 1 - i) as f64;
            let py = chart.backend_coord(&(0.0, row)).1;
            root.draw(&Text::new(
                names[i].to_string(),
                (left, py),
                font().pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(chart_error)?;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(0.0, row - 0.35), (count as f64, row + 0.35)],
                    rgb(colour_of(c)).filled(),
                )))
                .map_err(chart_error)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    count.to_string(),
                    (count as f64 + top * 0.02, row + 0.3),
                    font(),
                )))
                .map_err(chart_error)?;
        }
        let axes = (
            Axis {
                values: [0.0, top],
                pixels: [
                    chart.backend_coord(&(0.0, 0.0)).0,
                    chart.backend_coord(&(top, 0.0)).0,
                ],
            },
            Axis {
                values: [0.0, n as f64 - 1.0],
                pixels: [
                    chart.backend_coord(&(0.0, 0.0)).1,
                    chart.backend_coord(&(0.0, n as f64 - 1.0)).1,
                ],
            },
        );
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// One measure of the eras, a row a decade: a dot at the decade's figure on a line from the
/// century's figure (the upright rule), so that what changes from decade to decade shows
/// (the scale spans the decades' figures, not nought to the most). Each figure is written at
/// the row's end. `century`: the figure over every decade.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "a count of eras (at most 100 seasons): it fits a u32 and is exact as an f64"
)]
pub fn eras(
    rows: &[EraRow],
    century: Option<f64>,
    value: fn(&EraRow) -> Option<f64>,
) -> Result<Svg, Error> {
    let n = rows.len().max(1);
    let values: Vec<f64> = rows.iter().filter_map(value).chain(century).collect();
    let low = values.iter().copied().fold(f64::INFINITY, f64::min);
    let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if low.is_finite() {
        (low, high)
    } else {
        (0.0, 1.0)
    };
    let pad = ((high - low) * 0.12).max(0.01);
    let range = (low - pad)..(high + pad);
    let labels: Vec<String> = rows.iter().map(|r| format!("{}s", r.decade)).collect();
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (SMALL_WIDTH, 46 + 24 * n as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .margin_right(62)
            .x_label_area_size(26)
            .y_label_area_size(58)
            .build_cartesian_2d(range.clone(), -0.5f64..n as f64 - 0.5)
            .map_err(chart_error)?;
        let decimals = if high - low < 2.0 { 2 } else { 1 };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .x_labels(3)
            .x_label_formatter(&|v| format!("{v:.decimals$}"))
            .label_style(font())
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .draw()
            .map_err(chart_error)?;
        let ink = rgb(BAR_COLOUR);
        if let Some(c) = century {
            chart
                .draw_series(LineSeries::new(
                    [(c, -0.5), (c, n as f64 - 0.5)],
                    RGBColor(85, 85, 85).stroke_width(2),
                ))
                .map_err(chart_error)?;
        }
        let right = i32::try_from(root.dim_in_pixel().0).unwrap_or(i32::MAX) - 56;
        let left = chart.backend_coord(&(range.start, 0.0)).0 - 8;
        for (i, r) in rows.iter().enumerate() {
            let row = (n - 1 - i) as f64;
            root.draw(&Text::new(
                labels[i].clone(),
                (left, chart.backend_coord(&(range.start, row)).1),
                font().pos(Pos::new(HPos::Right, VPos::Center)),
            ))
            .map_err(chart_error)?;
            let Some(v) = value(r) else { continue };
            if let Some(c) = century {
                chart
                    .draw_series(LineSeries::new([(c, row), (v, row)], ink.stroke_width(3)))
                    .map_err(chart_error)?;
            }
            chart
                .draw_series(std::iter::once(Circle::new((v, row), 5, ink.filled())))
                .map_err(chart_error)?;
            let py = chart.backend_coord(&(v, row)).1;
            root.draw(&Text::new(
                format!("{v:.decimals$}"),
                (right, py - 8),
                font(),
            ))
            .map_err(chart_error)?;
        }
        let axes = (
            Axis {
                values: [range.start, range.end],
                pixels: [
                    chart.backend_coord(&(range.start, 0.0)).0,
                    chart.backend_coord(&(range.end, 0.0)).0,
                ],
            },
            Axis {
                values: [0.0, n as f64 - 1.0],
                pixels: [
                    chart.backend_coord(&(range.start, 0.0)).1,
                    chart.backend_coord(&(range.start, n as f64 - 1.0)).1,
                ],
            },
        );
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// A class's points race: each county's points after every round, a line each in its colour
/// with its short name at the line's end (names moved apart where lines end close together).
#[expect(
    clippy::cast_precision_loss,
    reason = "counts of rounds and points in a season, far below 2^52: exact as an f64"
)]
pub fn race(view: &RaceView) -> Result<Svg, Error> {
    let series = view.series();
    let rounds = series
        .first()
        .map_or(0, |s| s.len().saturating_sub(1))
        .max(1);
    let most = series
        .iter()
        .flat_map(|s| s.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (SMALL_WIDTH, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .margin_right(64)
            .x_label_area_size(26)
            .y_label_area_size(36)
            .build_cartesian_2d(0f64..rounds as f64, 0f64..most * 1.05)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(rounds.min(7) + 1)
            .y_labels(5)
            .x_label_formatter(&|v| year_label(*v))
            .y_label_formatter(&|v| year_label(*v))
            .label_style(font())
            .light_line_style(TRANSPARENT)
            .bold_line_style(GRID)
            .draw()
            .map_err(chart_error)?;
        let mut ends = vec![];
        for (s, &c) in series.iter().zip(&view.ids) {
            let colour = rgb(colour_of(c));
            let xy: Vec<(f64, f64)> = s
                .iter()
                .enumerate()
                .map(|(r, &p)| (r as f64, p as f64))
                .collect();
            chart
                .draw_series(LineSeries::new(xy.clone(), colour.stroke_width(2)))
                .map_err(chart_error)?;
            if let Some(&last) = xy.last() {
                ends.push((chart.backend_coord(&last), c));
            }
        }
        // The names at the lines' ends, top down, at least a line of text apart.
        ends.sort_by_key(|e| e.0 .1);
        let mut next = i32::MIN;
        for ((px, py), c) in ends {
            let at = py.max(next);
            next = at + 15;
            root.draw(&Text::new(
                counties::get(c).short.clone(),
                (px + 6, at - 8),
                ("sans-serif", FONT).into_font().color(&rgb(colour_of(c))),
            ))
            .map_err(chart_error)?;
        }
        let axes = (
            Axis {
                values: [0.0, rounds as f64],
                pixels: [
                    chart.backend_coord(&(0.0, 0.0)).0,
                    chart.backend_coord(&(rounds as f64, 0.0)).0,
                ],
            },
            Axis {
                values: [0.0, most],
                pixels: [
                    chart.backend_coord(&(0.0, 0.0)).1,
                    chart.backend_coord(&(0.0, most)).1,
                ],
            },
        );
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_county_colour_and_marker_stands_out_from_white_and_fonts_are_big_enough() {
        for c in COUNTY_COLOURS
            .iter()
            .chain(&[
                BAR_COLOUR,
                CHAMPION_COLOUR,
                PROMOTED_COLOUR,
                RELEGATED_COLOUR,
            ])
            .chain(&[SPOON_COLOUR, RULE_COLOUR])
        {
            assert!(
                contrast(c, "#ffffff") >= 3.0,
                "{c}: {}",
                contrast(c, "#ffffff")
            );
        }
        let distinct: std::collections::BTreeSet<_> = COUNTY_COLOURS.iter().collect();
        assert_eq!(distinct.len(), 16);
        assert!(FONT / 1.24 >= 12.0 && (FONT / 1.24 - TEXT_PX).abs() < 0.05);
        // The measure itself: black on white is 21, white on white 1.
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        assert!((contrast("#ffffff", "#ffffff") - 1.0).abs() < 1e-9);
    }
}
