//! The almanack's pictures, drawn by `plotters` into SVG text: the bump chart of every county's
//! final place, the champions' timeline, a county's story and the eras' bars. Each picture
//! comes with its axes' mapping from values to the SVG's pixels ([`Axis`]), which the page
//! writes beside it so that a reader (or a test) can turn any point back into its numbers.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Error, ErrorKind};
use crate::counties::{self, CountyId};
use crate::views::trends::{EraRow, StoryRow};
use crate::views::PositionRow;

/// Sixteen colours that can be told apart on white, one per county (by id).
pub const COUNTY_COLOURS: [&str; 16] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#ad494a", "#637939", "#8c6d31", "#7b4173", "#e7298a",
];

/// The colour of the eras' bars.
pub const BAR_COLOUR: &str = "#4e79a7";

/// The markers of a county's story.
pub const CHAMPION_COLOUR: &str = "#d4a017";
pub const PROMOTED_COLOUR: &str = "#1a9850";
pub const RELEGATED_COLOUR: &str = "#d73027";
pub const SPOON_COLOUR: &str = "#555555";

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
}

fn rgb(hex: &str) -> RGBColor {
    let n = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    RGBColor((n >> 16) as u8, (n >> 8) as u8, n as u8)
}

fn chart_error<E: std::fmt::Display>(e: E) -> Error {
    Error::new(ErrorKind::Chart(e.to_string()))
}

/// The value plotted for a final place: 16 for the top of the first class down to 1 for the
/// foot of the second, so that the first class is drawn above the second.
fn height(overall: u8) -> f64 {
    17.0 - overall as f64
}

/// "1st" .. "8th" for the first class, "(1st)" .. "(8th)" for the second.
fn place_label(v: f64) -> String {
    let overall = (17.0 - v).round() as i64;
    if !(1..=16).contains(&overall) || (17.0 - v - overall as f64).abs() > 0.01 {
        return String::new();
    }
    let place = crate::views::format::ordinal(((overall - 1) % 8 + 1) as usize);
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

fn years_of(rows: &[PositionRow]) -> (u16, u16) {
    let first = rows.first().map_or(crate::league::FIRST_YEAR, |r| r.year);
    let last = rows.last().map_or(first, |r| r.year);
    (first, last)
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A line of a places chart: its colour, its label, and its (year, overall place) points.
type Series = (RGBColor, String, Vec<(u16, u8)>);

/// Draws a places chart (first class above, second below, a rule between) with `series`: each
/// a colour, a label (written at the line's end when `right_labels`) and (year, overall place)
/// points. Returns the axes.
fn places_chart(
    root: &Area,
    years: (u16, u16),
    series: &[Series],
    right_labels: bool,
) -> Result<(Axis, Axis), Error> {
    root.fill(&WHITE).map_err(chart_error)?;
    let range = year_range(years.0, years.1);
    let mut chart = ChartBuilder::on(root)
        .margin(10)
        .margin_right(if right_labels { 120 } else { 20 })
        .x_label_area_size(28)
        .y_label_area_size(48)
        .build_cartesian_2d(range.clone(), 0.5f64..16.5f64)
        .map_err(chart_error)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(12)
        .y_labels(16)
        .x_label_formatter(&|v| year_label(*v))
        .y_label_formatter(&|v| place_label(*v))
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .draw()
        .map_err(chart_error)?;
    // The rule between the classes.
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(range.start, 8.47), (range.end, 8.53)],
            RGBColor(60, 60, 60).filled(),
        )))
        .map_err(chart_error)?;
    for (colour, label, points) in series {
        let xy: Vec<(f64, f64)> = points.iter().map(|&(y, o)| (y as f64, height(o))).collect();
        chart
            .draw_series(LineSeries::new(xy.clone(), colour.stroke_width(2)))
            .map_err(chart_error)?;
        if xy.len() <= 30 {
            chart
                .draw_series(xy.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(chart_error)?;
        }
        if let (true, Some(&(_, y))) = (right_labels, xy.last()) {
            chart
                .draw_series(std::iter::once(Text::new(
                    label.clone(),
                    (range.end, y),
                    ("sans-serif", 12).into_font().color(colour),
                )))
                .map_err(chart_error)?;
        }
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

/// Every county's final place in every season (`rows`: the positions view's).
pub fn bump(rows: &[PositionRow]) -> Result<Svg, Error> {
    let years = years_of(rows);
    let series: Vec<_> = counties::all()
        .iter()
        .enumerate()
        .map(|(c, county)| {
            let points = rows
                .iter()
                .filter(|r| r.county == county.name)
                .map(|r| (r.year, r.overall()))
                .collect();
            (rgb(COUNTY_COLOURS[c]), county.short.clone(), points)
        })
        .collect();
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (1000, 520)).into_drawing_area();
        let axes = places_chart(&root, years, &series, true)?;
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// One county's final place each season, its championships, promotions, relegations and
/// wooden spoons marked.
pub fn story(county: CountyId, rows: &[StoryRow]) -> Result<Svg, Error> {
    let first = rows.first().map_or(crate::league::FIRST_YEAR, |r| r.year);
    let years = (first, rows.last().map_or(first, |r| r.year));
    let colour = rgb(COUNTY_COLOURS[county as usize % 16]);
    let points = rows.iter().map(|r| (r.year, r.overall)).collect();
    let series = [(colour, String::new(), points)];
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (1000, 300)).into_drawing_area();
        let axes = places_chart(&root, years, &series, false)?;
        // The events, as rings over the line: drawn in pixels from the axes just made.
        let px = |year: u16| {
            let (v, p) = (axes.0.values, axes.0.pixels);
            p[0] + ((year as f64 - v[0]) / (v[1] - v[0]) * (p[1] - p[0]) as f64).round() as i32
        };
        let py = |overall: u8| {
            let (v, p) = (axes.1.values, axes.1.pixels);
            p[0] + ((overall as f64 - v[0]) / (v[1] - v[0]) * (p[1] - p[0]) as f64).round() as i32
        };
        for r in rows {
            let hex = match r.event {
                "champions" => CHAMPION_COLOUR,
                "promoted" => PROMOTED_COLOUR,
                "relegated" => RELEGATED_COLOUR,
                "wooden spoon" => SPOON_COLOUR,
                _ => continue,
            };
            root.draw(&Circle::new(
                (px(r.year), py(r.overall)),
                6,
                rgb(hex).stroke_width(3),
            ))
            .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// The champions year by year: a band of the champion's colour for each season.
pub fn champions(years: &[(u16, CountyId)]) -> Result<Svg, Error> {
    let first = years.first().map_or(crate::league::FIRST_YEAR, |y| y.0);
    let range = year_range(first, years.last().map_or(first, |y| y.0));
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (1000, 110)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(120)
            .x_label_area_size(28)
            .y_label_area_size(48)
            .build_cartesian_2d(range.clone(), 0f64..1f64)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .disable_y_axis()
            .x_labels(12)
            .x_label_formatter(&|v| year_label(*v))
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(years.iter().map(|&(year, c)| {
                let y = year as f64;
                Rectangle::new(
                    [(y - 0.5, 0.0), (y + 0.5, 1.0)],
                    rgb(COUNTY_COLOURS[c as usize % 16]).filled(),
                )
            }))
            .map_err(chart_error)?;
        let axes = (
            Axis {
                values: [range.start, range.end],
                pixels: [
                    chart.backend_coord(&(range.start, 0.0)).0,
                    chart.backend_coord(&(range.end, 0.0)).0,
                ],
            },
            Axis {
                values: [0.0, 1.0],
                pixels: [
                    chart.backend_coord(&(range.start, 0.0)).1,
                    chart.backend_coord(&(range.start, 1.0)).1,
                ],
            },
        );
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}

/// One measure of the eras as bars, a decade each: `value` picks it from a decade's row.
pub fn era_bars(
    rows: &[EraRow],
    title: &str,
    value: fn(&EraRow) -> Option<f64>,
) -> Result<Svg, Error> {
    let n = rows.len().max(1);
    let top = rows
        .iter()
        .filter_map(value)
        .fold(0.0f64, f64::max)
        .max(1.0)
        * 1.15;
    let labels: Vec<String> = rows.iter().map(|r| format!("{}s", r.decade)).collect();
    let label = |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 0.01 && i >= 0.0 {
            labels.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    let mut svg = String::new();
    let (x, y) = {
        let root = SVGBackend::with_string(&mut svg, (330, 240)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 15))
            .margin(8)
            .x_label_area_size(24)
            .y_label_area_size(40)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..top)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .y_labels(5)
            .x_label_formatter(&label)
            .light_line_style(TRANSPARENT)
            .bold_line_style(RGBColor(225, 225, 225))
            .label_style(("sans-serif", 10))
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let v = value(r)?;
                let x = i as f64;
                Some(Rectangle::new(
                    [(x - 0.35, 0.0), (x + 0.35, v)],
                    rgb(BAR_COLOUR).filled(),
                ))
            }))
            .map_err(chart_error)?;
        let (left, right) = (-0.5, n as f64 - 0.5);
        let axes = (
            Axis {
                values: [left, right],
                pixels: [
                    chart.backend_coord(&(left, 0.0)).0,
                    chart.backend_coord(&(right, 0.0)).0,
                ],
            },
            Axis {
                values: [0.0, top],
                pixels: [
                    chart.backend_coord(&(0.0, 0.0)).1,
                    chart.backend_coord(&(0.0, top)).1,
                ],
            },
        );
        root.present().map_err(chart_error)?;
        axes
    };
    Ok(Svg { svg, x, y })
}
