//! The almanack's HTML, built with `maud`: the sections, the pictures in their figures, and
//! every view as a table made from the same rows as its CSV (`crate::views::Forms::records`).

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::charts::{self, Svg, COUNTY_COLOURS};
use super::{Error, GENERATOR};
use crate::counties::{self, Class, CountyId};
use crate::league::{Competition, CLASSES};
use crate::views::{self, trends, Forms};

const STYLE: &str = "
body{font-family:sans-serif;margin:0 auto;max-width:1040px;padding:0 12px;color:#222;background:#fff}
h1{font-size:1.6em;margin:.6em 0 .2em}h2{border-bottom:2px solid #1f3f7f;color:#1f3f7f;margin-top:1.6em}
nav a{margin-right:.8em}figure{margin:.5em 0}figcaption{font-size:.9em;color:#444}
table{border-collapse:collapse;font-size:.85em;margin:.4em 0 1em}
th,td{border:1px solid #ccc;padding:1px 6px;text-align:right}
th{background:#e8edf6}td.t,th.t{text-align:left}caption{text-align:left;font-weight:bold;padding:.3em 0}
.key span{display:inline-block;margin:0 .8em .3em 0;white-space:nowrap}
.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
.eras{display:flex;flex-wrap:wrap;gap:8px}details{margin:.3em 0}summary{cursor:pointer}
section.county{border-top:1px solid #ccc;margin-top:1.5em}
svg polyline:hover{stroke-width:5}
.yours{font-weight:bold}tfoot td{border:none;font-size:.9em;color:#444}
";

/// The content security policy: nothing may be loaded, only the page's own style applied.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// An anchor for a county's section.
pub fn county_anchor(c: CountyId) -> String {
    format!("county-{}", counties::get(c).name.to_ascii_lowercase())
}

/// The whole page.
pub fn page(comp: &Competition) -> Result<String, Error> {
    let positions = views::positions_view(comp)?;
    let honours = views::honours_view(comp)?;
    let eras = views::eras_view(comp)?;
    let bump = charts::bump(&positions.rows)?;
    let champion_years: Vec<(u16, CountyId)> =
        honours.rows.iter().map(|h| (h.year, h.ids[0])).collect();
    let timeline = charts::champions(&champion_years)?;
    let title = format!("{}: an almanack of the County Championship", comp.name());
    let user = comp.settings().user_county;
    let marked = |c: CountyId| views::format::marked(user, c);
    let ids = 0..counties::all().len() as CountyId;
    let colours: String = ids
        .clone()
        .map(|c| format!("{}:{}", counties::get(c).name, COUNTY_COLOURS[c as usize]))
        .collect::<Vec<_>>()
        .join(";");
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="generator" content=(GENERATOR);
                meta http-equiv="Content-Security-Policy" content=(POLICY);
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                h1 { (title) }
                p { (summary(comp)) }
                nav {
                    a href="#places" { "Places" }
                    a href="#champions" { "Champions" }
                    a href="#eras" { "Eras" }
                    a href="#alltime" { "All time" }
                    a href="#seasons" { "Seasons" }
                    a href="#counties" { "Counties" }
                }
                section id="places" {
                    h2 { "Every county's place, season by season" }
                    (figure("bump", &bump, Marks { colours: Some(&colours), ..Marks::default() },
                        "A line for each county: its final place each season, the first class \
                         above the rule and the second below it (places in parentheses)."))
                    (key(comp))
                    details {
                        summary { "The final positions as a table" }
                        (positions_grid(&positions, user))
                    }
                }
                section id="champions" {
                    h2 { "Champions" }
                    (figure("champions", &timeline, Marks { colours: Some(&colours), ..Marks::default() },
                        "Each season's band is in the colour of its champions (see the key above)."))
                    (table(user, &honours, "Rolls of honour", None)?)
                }
                section id="eras" {
                    h2 { "The eras, by decade" }
                    div class="eras" {
                        (era_figure(&eras.rows, "runs_per_wicket", "Runs a wicket", |r| r.runs_per_wicket)?)
                        (era_figure(&eras.rows, "runs_per_100_balls", "Runs per 100 balls", |r| r.runs_per_100_balls)?)
                        (era_figure(&eras.rows, "draw_percent", "Matches drawn (%)", |r| r.draw_percent)?)
                    }
                    (table(user, &eras, "The championship by decade (both classes)", None)?)
                }
                section id="alltime" {
                    h2 { "All time" }
                    @for class in CLASSES {
                        (table(user, &views::alltime_view(comp, class)?, &format!("All-time {} results", views::class_label(class)), None)?)
                    }
                    @for class in CLASSES {
                        (table(user, &views::alltime_averages_view(comp, class)?, &format!("All-time {} averages", views::class_label(class)), None)?)
                    }
                }
                section id="seasons" {
                    h2 { "Season by season" }
                    @if comp.seasons().is_empty() { p { "No season has been completed yet." } }
                    @for (s, h) in comp.seasons().iter().zip(&honours.rows) {
                        details {
                            summary {
                                (s.year) ": champions " (marked(h.ids[0]))
                                @if let Some(p) = h.promoted_id { ", promoted " (marked(p)) }
                            }
                            @for class in CLASSES {
                                (table(user, &views::table_view(comp, Some(s.year), class)?, &format!("{} {} table", s.year, views::class_label(class)), None)?)
                            }
                            @for class in CLASSES {
                                (table(user, &views::averages_view(comp, Some(s.year), class)?, &format!("{} {} averages", s.year, views::class_label(class)), None)?)
                            }
                        }
                    }
                }
                section id="counties" {
                    h2 { "The counties" }
                    p {
                        @for c in ids.clone() {
                            a href=(format!("#{}", county_anchor(c))) { (marked(c)) } " "
                        }
                    }
                    @if let Some(note) = views::format::star_note(user) { p { (note) } }
                }
                @for c in ids.clone() {
                    (county(comp, c)?)
                }
            }
        }
    };
    Ok(markup.into_string())
}

/// The competition in a sentence: its seasons, its options and the user's county.
fn summary(comp: &Competition) -> String {
    let s = comp.settings();
    let o = s.options;
    let seasons = comp.seasons();
    let played = match (seasons.first(), seasons.last()) {
        (Some(a), Some(b)) if a.year != b.year => {
            format!("{} seasons completed, {}-{}", seasons.len(), a.year, b.year)
        }
        (Some(a), _) => format!("one season completed, {}", a.year),
        _ => "no season completed yet".into(),
    };
    let now = comp
        .current()
        .filter(|c| c.matches_played() > 0)
        .map(|c| {
            format!(
                "; the {} season is under way ({} matches played)",
                c.year,
                c.matches_played()
            )
        })
        .unwrap_or_default();
    // The page is written for the person whose competition it is.
    let user = s.user_county.map_or_else(
        || "no county of your own (you watch)".to_string(),
        |c| format!("your county {}", counties::get(c).name),
    );
    format!(
        "{played}{now}. {} batsmen a side, {} packs a session, {} days; computer levels {} (batting) and {} (bowling); {user}; seed {}.",
        o.batsmen, o.packs_per_session, o.days, s.levels.bat, s.levels.bowl, s.seed
    )
}

/// What a figure says about its picture beyond the axes.
#[derive(Default)]
struct Marks<'a> {
    /// "County:#colour;..." for pictures with a line or band a county.
    colours: Option<&'a str>,
    /// The county of a story.
    county: Option<&'a str>,
    /// The measure of an era's bars.
    measure: Option<&'a str>,
}

/// A picture in its figure, with its axes written on it.
fn figure(kind: &str, svg: &Svg, marks: Marks, caption: &str) -> Markup {
    html! {
        figure class="picture" data-picture=(kind) data-x=(svg.x.attribute()) data-y=(svg.y.attribute())
            data-colours=[marks.colours] data-county=[marks.county] data-measure=[marks.measure] {
            (PreEscaped(&svg.svg))
            figcaption { (caption) }
        }
    }
}

fn era_figure(
    rows: &[trends::EraRow],
    measure: &str,
    title: &str,
    value: fn(&trends::EraRow) -> Option<f64>,
) -> Result<Markup, Error> {
    let svg = charts::era_bars(rows, title, value)?;
    Ok(figure(
        "era",
        &svg,
        Marks {
            measure: Some(measure),
            ..Marks::default()
        },
        &format!("{title}, a bar a decade."),
    ))
}

/// The key to the counties' colours, each name a link to its section.
fn key(comp: &Competition) -> Markup {
    let user = comp.settings().user_county;
    html! {
        p class="key" {
            @for (c, county) in counties::all().iter().enumerate() {
                span {
                    span class="swatch" style=(format!("background:{}", COUNTY_COLOURS[c])) {}
                    a href=(format!("#{}", county_anchor(c as CountyId))) { (county.name) }
                    @if user == Some(c as CountyId) { "*" }
                }
            }
            @if let Some(note) = views::format::star_note(user) { span { (note) } }
        }
    }
}

/// A figure as the page shows it: numbers to two places (the quotient to three).
fn cell(column: &str, value: &str) -> String {
    if value.is_empty() {
        return "-".into();
    }
    match value.parse::<f64>() {
        Ok(v) if value.contains('.') => {
            let places = if column == "quotient" { 3 } else { 2 };
            format!("{v:.places$}")
        }
        _ => value.to_string(),
    }
}

fn heading(column: &str) -> String {
    let spaced = column.replace('_', " ");
    let mut c = spaced.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A view's rows as a table, the same records as its CSV; `only` keeps the rows whose
/// (column, value) matches.
fn table(
    user: Option<CountyId>,
    view: &dyn Forms,
    caption: &str,
    only: Option<(&str, &str)>,
) -> Result<Markup, Error> {
    let (mut header, mut rows) = view.records()?;
    // A county's results mark a match in play; the page shows completed seasons only, where
    // none is, so that column would say `false` on every row.
    if let Some(i) = header.iter().position(|h| h == "in_play") {
        header.remove(i);
        rows.iter_mut().for_each(|r| _ = r.remove(i));
    }
    // The person's county is marked wherever it is named, as `accc show` marks it.
    let yours = user.map(|c| counties::get(c).name.as_str());
    let mine = |v: &str| yours == Some(v);
    let keep = |row: &Vec<String>| match only {
        None => true,
        Some((col, want)) => header
            .iter()
            .position(|h| h == col)
            .is_some_and(|i| row[i] == want),
    };
    let numeric = |i: usize| {
        rows.iter()
            .all(|r| r[i].is_empty() || r[i].parse::<f64>().is_ok())
    };
    // Text to the left (class "t"); numbers, the default, to the right.
    let aligns: Vec<Option<&str>> = (0..header.len())
        .map(|i| (!numeric(i)).then_some("t"))
        .collect();
    let kept: Vec<&Vec<String>> = rows.iter().filter(|r| keep(r)).collect();
    let marked = kept.iter().any(|r| r.iter().any(|v| mine(v)));
    Ok(html! {
        table {
            caption { (caption) }
            thead { tr { @for (i, h) in header.iter().enumerate() { th class=[aligns[i]] { (heading(h)) } } } }
            tbody {
                @for row in &kept {
                    tr {
                        @for (i, v) in row.iter().enumerate() {
                            @if mine(v) {
                                td class=(aligns[i].map_or("yours".into(), |a| format!("{a} yours"))) { (v) "*" }
                            } @else {
                                td class=[aligns[i]] { (cell(&header[i], v)) }
                            }
                        }
                    }
                }
            }
            @if marked { (your_county_key(user, header.len())) }
        }
    })
}

/// The final positions as a grid: a row a year, a column a county.
fn positions_grid(p: &views::PositionsView, user: Option<CountyId>) -> Markup {
    let n = counties::all().len();
    let yours = |c: usize| user == Some(c as CountyId);
    html! {
        table {
            caption { "Final positions (second-class places in parentheses)" }
            thead {
                tr {
                    th { "Year" }
                    @for (i, c) in counties::all().iter().enumerate() {
                        @if yours(i) { th class="yours" { (c.short) "*" } } @else { th { (c.short) } }
                    }
                }
            }
            tbody {
                @for year in p.rows.chunks(n) {
                    tr {
                        td { (year[0].year) }
                        @for (i, r) in year.iter().enumerate() {
                            td class=[yours(i).then_some("yours")] {
                                @if r.class == Class::First { (r.place) } @else { "(" (r.place) ")" }
                            }
                        }
                    }
                }
            }
            (your_county_key(user, n + 1))
        }
    }
}

/// A table's last row, the key to its mark: "* your county (Kent)"; nothing for a spectator's
/// competition.
fn your_county_key(user: Option<CountyId>, columns: usize) -> Markup {
    html! {
        @if let Some(note) = views::format::star_note(user) {
            tfoot { tr { td class="t" colspan=(columns) { (note) } } }
        }
    }
}

/// A county's own section: its story, records, all-time lines and its last season.
fn county(comp: &Competition, c: CountyId) -> Result<Markup, Error> {
    let user = comp.settings().user_county;
    let story = views::story_view(comp, c)?;
    let svg = charts::story(c, &story.rows)?;
    let name = counties::get(c).name.as_str();
    let records = views::records_view(comp, c)?;
    let last = comp.seasons().last().map(|s| s.year);
    Ok(html! {
        section class="county" id=(county_anchor(c)) {
            h2 { (name) @if user == Some(c) { " (your county)" } }
            p { (story.tally()) }
            (figure("story", &svg, Marks { county: Some(name), ..Marks::default() },
                "Its final place each season, the first class above the rule. Rings: champions \
                 (gold), promoted (green), relegated (red), wooden spoon (grey)."))
            details {
                summary { "Its places, year by year" }
                (table(user, &story, &format!("{name}: final place each year"), None)?)
            }
            (table(user, &records, &format!("{name}: county records"), None)?)
            @for class in CLASSES {
                (table(user, &views::alltime_view(comp, class)?, &format!("{name}: all-time {} line", views::class_label(class)), Some(("county", name)))?)
            }
            @if let Some(year) = last {
                (table(user, &views::results_view(comp, Some(year), c)?, &format!("{name}: the {year} season"), None)?)
            }
        }
    })
}
