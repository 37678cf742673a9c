//! The almanack's HTML, built with `maud`: the parts every page shares (the head, the style,
//! a picture in its figure, a view as a table made from the same rows as its CSV —
//! `crate::views::Forms::records` — with its counties and years as links) and the single page
//! that holds the whole history at once (`accc almanack NAME`). The site of many pages is
//! [`super::site`].

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::charts::{self, Svg, COUNTY_COLOURS};
use super::{Error, GENERATOR};
use crate::counties::{self, Class, CountyId};
use crate::league::innings::MatchAt;
use crate::league::{Competition, CLASSES};
use crate::views::{self, trends, Forms};

/// The style of every page: text of 12 px or more, colours of 4.5:1 or better against their
/// background, wide tables scrolling inside their own box on a narrow screen; a picture wider
/// than the screen is scaled down to fit it (only a county's story can be, and its text is
/// drawn large enough for that: [`charts::story`]); the scorecards and a season's results
/// fit a phone's screen, their long cells wrapping.
pub const STYLE: &str = "
body{font-family:sans-serif;font-size:16px;line-height:1.4;margin:0 auto;max-width:1040px;padding:0 12px;color:#222;background:#fff}
h1{font-size:1.6em;margin:.6em 0 .2em}h2{border-bottom:2px solid #1f3f7f;color:#1f3f7f;margin-top:1.6em}
h3{font-size:1.05em;margin:.4em 0 .2em}
a{color:#1a4fa0}a:visited{color:#5a2d82}
nav a{margin-right:.8em;display:inline-block}figure{margin:.5em 0}figcaption{font-size:.9em;color:#444;max-width:60em}
.box{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.85em;margin:.4em 0 1em}
th,td{border:1px solid #bbb;padding:1px 6px;text-align:right;white-space:nowrap}
th{background:#e8edf6}td.t,th.t{text-align:left}caption{text-align:left;font-weight:bold;padding:.3em 0}
.key span{display:inline-block;margin:0 .8em .3em 0;white-space:nowrap}
.swatch{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
.many{display:flex;flex-wrap:wrap;gap:8px 16px}.many figure{margin:0}
svg{display:block;max-width:100%;height:auto}details{margin:.3em 0}summary{cursor:pointer}
section.county{border-top:1px solid #bbb;margin-top:1.5em}
.yours{font-weight:bold}tfoot td{border:none;font-size:.9em;color:#444;white-space:normal}
table.card td:nth-child(2),table.card th:nth-child(2){text-align:left}td.wrap{white-space:normal}.scores{white-space:nowrap}
.note{border-left:4px solid #9a7400;padding:.2em .6em;background:#fdf8e8}
";

/// The style with a class a county for its swatch (`c0` .. `c15`): pages have no style
/// attributes, which a policy of `style-src 'self'` would refuse.
pub fn style() -> String {
    let mut css = STYLE.trim_start().to_string();
    for (c, colour) in COUNTY_COLOURS.iter().enumerate() {
        css.push_str(&format!(".c{c}{{background:{colour}}}"));
    }
    css.push('\n');
    css
}

/// The content security policy of the single page: nothing may be loaded, only the page's
/// own style applied.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// Something a page may link to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    County(CountyId),
    Season(u16),
    /// A match: its year, class and number in the class's fixtures (0-based).
    Match(u16, Class, usize),
}

/// Where a page's links go: the address of a target, or none where this page has no link for
/// it.
pub type Links<'a> = &'a dyn Fn(Target) -> Option<String>;

/// An anchor for a county's section.
pub fn county_anchor(c: CountyId) -> String {
    format!("county-{}", counties::get(c).name.to_ascii_lowercase())
}

/// The `<head>` of a page: `style` is the page's own style, or the address of the site's
/// style sheet.
pub fn head(title: &str, style: Result<&str, &str>) -> Markup {
    let policy = match style {
        Ok(_) => POLICY,
        Err(_) => "default-src 'none'; style-src 'self'",
    };
    html! {
        head {
            meta charset="utf-8";
            meta name="generator" content=(GENERATOR);
            meta http-equiv="Content-Security-Policy" content=(policy);
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            @match style {
                Ok(css) => style { (PreEscaped(css)) },
                Err(href) => link rel="stylesheet" href=(href);,
            }
        }
    }
}

/// The whole history as one page.
pub fn page(comp: &Competition) -> Result<String, Error> {
    let honours = views::honours_view(comp)?;
    let title = format!("{}: an almanack of the County Championship", comp.name());
    let user = comp.settings().user_county;
    let marked = |c: CountyId| views::format::marked(user, c);
    let ids = counties::ids();
    let links = |t: Target| match t {
        Target::County(c) => Some(format!("#{}", county_anchor(c))),
        Target::Season(y) => Some(format!("#season-{y}")),
        Target::Match(..) => None,
    };
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            (head(&title, Ok(&style())))
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
                (places_section(comp, &links)?)
                (champions_section(comp, &honours, &links)?)
                (eras_section(comp, &links)?)
                section id="alltime" {
                    h2 { "All time" }
                    (alltime_tables(comp, &links)?)
                }
                section id="seasons" {
                    h2 { "Season by season" }
                    @if comp.seasons().is_empty() { p { "No season has been completed yet." } }
                    @for (s, h) in comp.seasons().iter().zip(&honours.rows) {
                        details id=(format!("season-{}", s.year)) {
                            summary {
                                (s.year) ": champions " (marked(h.ids[0]))
                                @if let Some(p) = h.promoted_id { ", promoted " (marked(p)) }
                            }
                            @for class in CLASSES {
                                (table(user, &views::table_view(comp, Some(s.year), class)?, &format!("{} {} table", s.year, views::class_label(class)), None, &links)?)
                            }
                            @for class in CLASSES {
                                (table(user, &views::averages_view(comp, Some(s.year), class)?, &format!("{} {} averages", s.year, views::class_label(class)), None, &links)?)
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
                    section class="county" id=(county_anchor(c)) {
                        (county_body(comp, c, &links)?)
                        @if let Some(year) = comp.seasons().last().map(|s| s.year) {
                            (table(user, &views::results_view(comp, Some(year), c)?, &format!("{}: the {year} season", counties::get(c).name), None, &links)?)
                        }
                    }
                }
            }
        }
    };
    Ok(markup.into_string())
}

/// The competition in a sentence: its seasons, its options and the user's county.
pub fn summary(comp: &Competition) -> String {
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
pub struct Marks<'a> {
    /// "County:#colour;..." for pictures with a line or bar a county.
    pub colours: Option<&'a str>,
    /// The county of a story.
    pub county: Option<&'a str>,
    /// The measure of an era's picture, and the century's figure.
    pub measure: Option<&'a str>,
    pub century: Option<f64>,
}

/// A picture in its figure, with its axes written on it; one wider than the screen is scaled
/// down to its width by the page's style.
pub fn figure(kind: &str, svg: &Svg, marks: Marks, caption: &str) -> Markup {
    html! {
        figure class="picture" data-picture=(kind) data-x=(svg.x.attribute()) data-y=(svg.y.attribute())
            data-colours=[marks.colours] data-county=[marks.county] data-measure=[marks.measure]
            data-century=[marks.century] {
            (PreEscaped(&svg.svg))
            figcaption { (caption) }
        }
    }
}

/// "County:#colour;..." for the counties `ids`.
pub fn colours(ids: impl Iterator<Item = CountyId>) -> String {
    ids.map(|c| format!("{}:{}", counties::get(c).name, charts::colour_of(c)))
        .collect::<Vec<_>>()
        .join(";")
}

/// Every county's place season by season: a small picture each, its name a link.
pub fn places_section(comp: &Competition, links: Links) -> Result<Markup, Error> {
    let story: Vec<_> = counties::ids()
        .map(|c| views::story_view(comp, c).map(|s| (c, s)))
        .collect::<Result<_, _>>()?;
    let user = comp.settings().user_county;
    Ok(html! {
        section id="places" {
            h2 { "Every county's place, season by season" }
            p { "A picture a county, all on the same scale: its final place each season, the first class above the rule \
                 and the second below it (places in the second class in parentheses)." }
            div class="many" {
                @for (c, s) in &story {
                    @let points: Vec<(u16, u8)> = s.rows.iter().map(|r| (r.year, r.overall)).collect();
                    @let svg = charts::places(*c, &points)?;
                    @let name = counties::get(*c).name.as_str();
                    @let colour = colours(std::iter::once(*c));
                    div {
                        h3 {
                            span class=(format!("swatch c{c}")) {}
                            (link(links, Target::County(*c), &views::format::marked(user, *c)))
                        }
                        (figure("places", &svg, Marks { colours: Some(&colour), county: Some(name), ..Marks::default() },
                            &format!("{name}: {}", s.tally())))
                    }
                }
            }
            @if let Some(note) = views::format::star_note(user) { p { (note) } }
        }
    })
}

/// The champions: each county's championships as a bar, and the rolls of honour.
pub fn champions_section(
    comp: &Competition,
    honours: &views::HonoursView,
    links: Links,
) -> Result<Markup, Error> {
    let user = comp.settings().user_county;
    let mut counts: Vec<(CountyId, u32)> = counties::ids().map(|c| (c, 0)).collect();
    for h in &honours.rows {
        counts[h.ids[0] as usize].1 += 1;
    }
    counts.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(counties::get(a.0).name.cmp(&counties::get(b.0).name))
    });
    let svg = charts::titles(&counts)?;
    let colours = colours(counts.iter().map(|c| c.0));
    Ok(html! {
        section id="champions" {
            h2 { "Champions" }
            (figure("titles", &svg, Marks { colours: Some(&colours), ..Marks::default() },
                "The championships each county has won, most first: a bar a county, named at its left."))
            (table(user, honours, "Rolls of honour", None, links)?)
        }
    })
}

/// The eras: three pictures of what changes decade by decade, and the table.
#[expect(
    clippy::cast_precision_loss,
    reason = "runs, wickets and balls of at most 100 seasons, far below 2^52: exact as an f64"
)]
pub fn eras_section(comp: &Competition, links: Links) -> Result<Markup, Error> {
    let user = comp.settings().user_county;
    let eras = views::eras_view(comp)?;
    let sum = |f: fn(&trends::EraRow) -> f64| eras.rows.iter().map(f).sum::<f64>();
    let ratio = |a: f64, b: f64, k: f64| (b > 0.0).then(|| k * a / b);
    let runs = sum(|r| r.runs as f64);
    let century = [
        ratio(runs, sum(|r| r.wickets as f64), 1.0),
        ratio(runs, sum(|r| r.balls as f64), 100.0),
        ratio(sum(|r| r.draws as f64), sum(|r| r.matches as f64), 100.0),
    ];
    type Measure = (
        &'static str,
        &'static str,
        fn(&trends::EraRow) -> Option<f64>,
    );
    let measures: [Measure; 3] = [
        ("runs_per_wicket", "Runs a wicket", |r| r.runs_per_wicket),
        ("runs_per_100_balls", "Runs per 100 balls", |r| {
            r.runs_per_100_balls
        }),
        ("draw_percent", "Matches drawn (%)", |r| r.draw_percent),
    ];
    Ok(html! {
        section id="eras" {
            h2 { "The eras, by decade" }
            p { "How the game changed: each decade's figure is a dot, on a line from the figure over all the years \
                 (the upright rule). The scale spans the decades' figures, so that small changes show." }
            div class="many" {
                @for ((measure, title, value), century) in measures.into_iter().zip(century) {
                    @let svg = charts::eras(&eras.rows, century, value)?;
                    div {
                        h3 { (title) }
                        (figure("era", &svg, Marks { measure: Some(measure), century, ..Marks::default() },
                            &format!("{title}, a row a decade; over all the years {}.", views::format::number(century, 2))))
                    }
                }
            }
            (table(user, &eras, "The championship by decade (both classes)", None, links)?)
        }
    })
}

/// The all-time results and averages of both classes.
pub fn alltime_tables(comp: &Competition, links: Links) -> Result<Markup, Error> {
    let user = comp.settings().user_county;
    Ok(html! {
        @for class in CLASSES {
            (table(user, &views::alltime_view(comp, class)?, &format!("All-time {} results", views::class_label(class)), None, links)?)
        }
        @for class in CLASSES {
            (table(user, &views::alltime_averages_view(comp, class)?, &format!("All-time {} averages", views::class_label(class)), None, links)?)
        }
    })
}

/// `text` as a link to `target` where the page has one for it, else as text.
pub fn link(links: Links, target: Target, text: &str) -> Markup {
    html! {
        @match links(target) {
            Some(href) => a href=(href) { (text) },
            None => (text),
        }
    }
}

/// A figure as the page shows it: numbers to two places (the quotient to three), true and
/// false as yes and no.
fn cell(column: &str, value: &str) -> String {
    if value.is_empty() {
        return "-".into();
    }
    match value {
        "true" => return "yes".into(),
        "false" => return "no".into(),
        _ => {}
    }
    // Prize money runs into thousands, which set apart do not read as a year.
    if column == "prize" {
        if let Ok(n) = value.parse::<u64>() {
            return thousands(n);
        }
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
    if column == "prize" {
        return "Prize money".into();
    }
    let spaced = column.replace('_', " ");
    let mut c = spaced.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The columns whose values name a county, and the one that names a year.
const COUNTY_COLUMNS: [&str; 6] = [
    "county",
    "opponent",
    "champions",
    "runners_up",
    "third",
    "promoted",
];

/// A view's rows as a table, the same records as its CSV; `only` keeps the rows whose
/// (column, value) matches. Counties and years are links where `links` has them.
pub fn table(
    user: Option<CountyId>,
    view: &dyn Forms,
    caption: &str,
    only: Option<(&str, &str)>,
    links: Links,
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
    let target = |column: &str, value: &str| -> Option<String> {
        if COUNTY_COLUMNS.contains(&column) {
            let c = counties::all().iter().position(|c| c.name == value)?;
            links(Target::County(counties::id_at(c)))
        } else if column == "year" {
            links(Target::Season(value.parse().ok()?))
        } else {
            None
        }
    };
    let kept: Vec<&Vec<String>> = rows.iter().filter(|r| keep(r)).collect();
    let marked = kept.iter().any(|r| r.iter().any(|v| mine(v)));
    Ok(html! {
        div class="box" {
            table {
                caption { (caption) }
                thead { tr { @for (i, h) in header.iter().enumerate() { th class=[aligns[i]] { (heading(h)) } } } }
                tbody {
                    @for row in &kept {
                        tr {
                            @for (i, v) in row.iter().enumerate() {
                                @let text = if mine(v) { format!("{v}*") } else { cell(&header[i], v) };
                                @let class = if mine(v) { Some(aligns[i].map_or("yours".into(), |a| format!("{a} yours"))) } else { aligns[i].map(String::from) };
                                td class=[class] {
                                    @match target(&header[i], v) {
                                        Some(href) => a href=(href) { (text) },
                                        None => (text),
                                    }
                                }
                            }
                        }
                    }
                }
                @if marked { (your_county_key(user, header.len())) }
            }
        }
    })
}

/// A table's last row, the key to its mark: "* your county (Kent)"; nothing for a spectator's
/// competition.
pub fn your_county_key(user: Option<CountyId>, columns: usize) -> Markup {
    html! {
        @if let Some(note) = views::format::star_note(user) {
            tfoot { tr { td class="t" colspan=(columns) { (note) } } }
        }
    }
}

/// The mark after an unbroken partnership's runs (the cricket mark, as a not-out batsman's
/// runs have it, and as the terminal program writes it).
pub const UNBROKEN: &str = "*";

/// The key to [`UNBROKEN`] under a table of partnerships.
pub const UNBROKEN_KEY: &str =
    "* after the runs: unbroken, the innings closed with the two together.";

/// A partnership's runs, marked where it was unbroken.
pub fn partnership_runs(runs: u32, unbroken: bool) -> String {
    format!("{runs}{}", if unbroken { UNBROKEN } else { "" })
}

/// `n` with its thousands set apart: `1,894`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The page of the match at `at`, where the almanack has one: a completed season's (the
/// season under way has none yet).
pub fn match_at(comp: &Competition, at: &MatchAt) -> Option<Target> {
    if comp.seasons().iter().any(|s| s.year == at.year) {
        match_target(at)
    } else {
        None
    }
}

/// The match at `at` as a target (its number in its class's fixtures from its round and its
/// place in the round), whether or not a page has it.
pub fn match_target(at: &MatchAt) -> Option<Target> {
    let k = (at.round as usize).checked_sub(1)? * crate::league::MATCHES_PER_ROUND as usize
        + at.index as usize;
    Some(Target::Match(at.year, at.class, k))
}

/// The match a county's record partnership (a row of its records view) was made in: the
/// innings records the league keeps name it, where their record for that wicket is the one
/// the row shows (a record of a match kept as its result only, from an earlier file, is not
/// among them).
pub fn partnership_match(
    comp: &Competition,
    county: CountyId,
    row: &views::RecordRow,
) -> Option<Target> {
    let wicket = row.wicket?;
    let mark = comp
        .innings()
        .counties
        .get(county as usize)?
        .partnerships
        .get(wicket.checked_sub(1)?)
        .copied()
        .flatten()?;
    let same = row.runs == Some(u32::from(mark.runs))
        && row.year == Some(mark.at.year)
        && row.opponent == Some(counties::get(mark.opponent).name.as_str())
        && row.unbroken == Some(mark.unbroken)
        && row.batsmen.as_deref()
            == Some(format!("{} & {}", mark.batsmen[0], mark.batsmen[1]).as_str());
    if same {
        match_at(comp, &mark.at)
    } else {
        None
    }
}

/// A county's story, its picture and its records: the heart of its section or page. A record
/// links to its season (and, through `links`, to its match where one is found).
#[expect(
    clippy::cast_possible_truncation,
    reason = "an innings' runs, far below 65,536: it fits a u16"
)]
pub fn county_body(comp: &Competition, c: CountyId, links: Links) -> Result<Markup, Error> {
    let user = comp.settings().user_county;
    let story = views::story_view(comp, c)?;
    let svg = charts::story(c, &story.rows)?;
    let name = counties::get(c).name.as_str();
    let records = views::records_view(comp, c)?;
    let colour = colours(std::iter::once(c));
    let (totals, partnerships): (Vec<_>, Vec<_>) =
        records.rows.iter().partition(|r| r.wicket.is_none());
    let all_out = comp.settings().options.all_out();
    let yours = user.map(|u| counties::get(u).name.as_str());
    let against_yours = |rows: &[&views::RecordRow]| {
        rows.iter()
            .any(|r| r.opponent.is_some() && r.opponent == yours)
    };
    Ok(html! {
        h2 { (name) @if user == Some(c) { " (your county)" } }
        p { (story.tally()) }
        (figure("story", &svg, Marks { county: Some(name), colours: Some(&colour), ..Marks::default() },
            "Its final place each season, the first class above the rule. Rings: champions \
             (gold), promoted (green), relegated (red), wooden spoon (grey)."))
        details {
            summary { "Its places, year by year" }
            (table(user, &story, &format!("{name}: final place each year"), None, links)?)
        }
        div class="box" {
            table class="records" {
                caption { (format!("{name}: county records, {}", records.span)) }
                thead { tr { th class="t" { "Record" } th { "Score" } th class="t" { "Opponent" } th { "Year" } } }
                tbody {
                    @for r in &totals {
                        tr {
                            td class="t" { (r.record) }
                            @match (&r.score, r.opponent, r.year) {
                                (Some(score), Some(opponent), Some(year)) => {
                                    @let against = r.record.ends_with("against");
                                    @let total = r.runs.unwrap_or(0) as u16;
                                    @let m = find_match(comp, c, opponent, year, total, against);
                                    td { (match m.and_then(links) { Some(href) => html! { a href=(href) { (score) } }, None => html! { (score) } }) }
                                    (opponent_cell(user, links, opponent))
                                    td { (link(links, Target::Season(year), &year.to_string())) }
                                }
                                _ => { td { "-" } td class="t" { "-" } td { "-" } }
                            }
                        }
                    }
                }
                @if against_yours(&totals) { (your_county_key(user, 4)) }
            }
        }
        div class="box" {
            table class="records" {
                caption { (format!("{name}: record partnerships")) }
                thead { tr { th { "Wicket" } th { "Runs" } th class="t" { "Batsmen" } th class="t" { "Opponent" } th { "Year" } } }
                tbody {
                    @for r in &partnerships {
                        tr {
                            td { (r.wicket.unwrap_or(0)) }
                            @match (r.runs, &r.batsmen, r.opponent, r.year) {
                                (Some(runs), Some(pair), Some(opponent), Some(year)) => {
                                    @let runs = partnership_runs(runs, r.unbroken == Some(true));
                                    td { @match partnership_match(comp, c, r) { Some(t) => { (link(links, t, &runs)) } None => { (runs) } } }
                                    td class="t" { (pair) }
                                    (opponent_cell(user, links, opponent))
                                    td { (link(links, Target::Season(year), &year.to_string())) }
                                }
                                _ => { td { "-" } td class="t" { "-" } td class="t" { "-" } td { "-" } }
                            }
                        }
                    }
                }
                @if against_yours(&partnerships) { (your_county_key(user, 5)) }
            }
        }
        p {
            (UNBROKEN_KEY) " Batsmen by their place in the order. "
            "Lowest totals count completed (all out) innings only"
            @if all_out < 10 { " (" (all_out) " wickets)" } "."
        }
        @for class in CLASSES {
            (table(user, &views::alltime_view(comp, class)?, &format!("{name}: all-time {} line", views::class_label(class)), Some(("county", name)), links)?)
        }
    })
}

/// A record's opponent: a link to it, marked where it is the person's county.
fn opponent_cell(user: Option<CountyId>, links: Links, opponent: &str) -> Markup {
    let o = county_id(opponent);
    html! {
        td class=(if user == Some(o) { "t yours" } else { "t" }) {
            (link(links, Target::County(o), &views::format::marked(user, o)))
        }
    }
}

/// A county by its full name (the first county for a name that is none).
pub fn county_id(name: &str) -> CountyId {
    counties::all()
        .iter()
        .position(|c| c.name == name)
        .map_or(0, counties::id_at)
}

/// The match of a record total: `county` against `opponent` in `year`, an innings of `total`
/// by `county` (or by the opponent when `against`).
pub fn find_match(
    comp: &Competition,
    county: CountyId,
    opponent: &str,
    year: u16,
    total: u16,
    against: bool,
) -> Option<Target> {
    let opponent = county_id(opponent);
    let season = comp.seasons().iter().find(|s| s.year == year)?;
    for class in CLASSES {
        for (k, m) in season.class(class).matches().iter().enumerate() {
            let (Some(side), Some(_)) = (m.side_of(county), m.side_of(opponent)) else {
                continue;
            };
            let batting = if against { side.other() } else { side };
            if m.innings_of(batting).any(|i| i.total == total) {
                return Some(Target::Match(year, class, k));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_set_apart_and_unbroken_partnerships_marked() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(360), "360");
        assert_eq!(thousands(1894), "1,894");
        assert_eq!(thousands(11200), "11,200");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(cell("prize", "1893"), "1,893");
        assert_eq!(heading("prize"), "Prize money");
        // Other figures are left as they are: a year is not a number to set apart.
        assert_eq!(cell("year", "1893"), "1893");
        assert_eq!(partnership_runs(265, true), "265*");
        assert_eq!(partnership_runs(265, false), "265");
    }
}
