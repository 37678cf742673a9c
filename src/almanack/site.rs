//! The almanack as a folder of pages to browse (`accc almanack NAME --out DIR/`): the index,
//! a page a season, a page a county, a page a match and the records, linked both ways, with one
//! style sheet beside them. No page has a script or loads anything from elsewhere.
//!
//! The names of the pages, from the folder: `index.html`, `style.css`, `records.html`,
//! `season-1890.html`, `county-kent.html` and `1890/first-07.html` (the 7th match of the first
//! class's fixtures in 1890). [`is_ours`] tells these names from any other.

use maud::{html, Markup, DOCTYPE};

use super::charts;
use super::page::{self, link, table, Links, Target};
use super::Error;
use crate::counties::{self, Class, CountyId};
use crate::engine::{InningsEnd, Outcome, Side};
use crate::history::{Library, MatchId, NotKept};
use crate::league::innings::{CountyInnings, InningsMark, InningsTable, MatchAt};
use crate::league::{Competition, MatchSummary, Season, CLASSES};
use crate::views::{self, format::marked};

/// The site's style sheet, beside its pages.
pub const STYLE_FILE: &str = "style.css";

/// A page of the site: its path inside the folder and its text.
pub struct Page {
    pub path: String,
    pub text: String,
}

/// The page of a season.
pub fn season_file(year: u16) -> String {
    format!("season-{year}.html")
}

/// The page of a county.
pub fn county_file(c: CountyId) -> String {
    format!("county-{}.html", counties::get(c).name.to_ascii_lowercase())
}

/// The page of a match, from the folder.
pub fn match_file(year: u16, class: Class, k: usize) -> String {
    format!("{year}/{}-{:02}.html", class_word(class), k + 1)
}

fn class_word(class: Class) -> &'static str {
    match class {
        Class::First => "first",
        Class::Second => "second",
    }
}

/// The class as a noun, "first class" ("first-class" is the adjective: a first-class table).
fn class_noun(class: Class) -> String {
    format!("{} class", class_word(class))
}

/// "First class", to head a page's part.
fn class_heading(class: Class) -> String {
    let noun = class_noun(class);
    let mut c = noun.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Whether `name` (a file or folder at the top of the folder) is one the site writes.
pub fn is_ours(name: &str, is_dir: bool) -> bool {
    if is_dir {
        return name.len() == 4 && name.bytes().all(|b| b.is_ascii_digit());
    }
    let page = |prefix: &str| {
        name.strip_prefix(prefix)
            .and_then(|n| n.strip_suffix(".html"))
            .is_some_and(|n| !n.is_empty())
    };
    matches!(name, "index.html" | "records.html" | STYLE_FILE) || page("season-") || page("county-")
}

/// Whether `name` (a file in a year's folder) is a match page the site writes.
pub fn is_our_match(name: &str) -> bool {
    ["first-", "second-"].iter().any(|p| {
        name.strip_prefix(p)
            .and_then(|n| n.strip_suffix(".html"))
            .is_some_and(|n| n.len() == 2 && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Links from a page `depth` folders down.
fn links_from(depth: usize) -> impl Fn(Target) -> Option<String> {
    let up = "../".repeat(depth);
    move |t| {
        Some(match t {
            Target::County(c) => format!("{up}{}", county_file(c)),
            Target::Season(y) => format!("{up}{}", season_file(y)),
            Target::Match(y, class, k) => format!("{up}{}", match_file(y, class, k)),
        })
    }
}

/// A page with the site's head and its bar of links at the top.
fn shell(title: &str, depth: usize, body: Markup) -> String {
    let up = "../".repeat(depth);
    html! {
        (DOCTYPE)
        html lang="en" {
            (page::head(title, Err(&format!("{up}{STYLE_FILE}"))))
            body {
                nav class="top" {
                    a href=(format!("{up}index.html")) { "The almanack" }
                    a href=(format!("{up}index.html#seasons")) { "Seasons" }
                    a href=(format!("{up}index.html#counties")) { "Counties" }
                    a href=(format!("{up}records.html")) { "Records" }
                }
                (body)
            }
        }
    }
    .into_string()
}

/// Every page of the site; each match's scorecard where it is kept, from a library that
/// `library` opens. The matches are reopened on every thread (rayon), a run of seasons each,
/// with a library of its own (one is not shared between threads: it reads the archive once,
/// the first time it is asked for a match in it); the pages do not depend on the threads.
pub fn pages(
    comp: &Competition,
    library: &(dyn Fn() -> Library + Sync),
) -> Result<Vec<Page>, Error> {
    use rayon::prelude::*;
    let mut out = vec![Page {
        path: STYLE_FILE.into(),
        text: page::style(),
    }];
    out.push(Page {
        path: "index.html".into(),
        text: index(comp)?,
    });
    let seasons = comp.seasons();
    for (i, s) in seasons.iter().enumerate() {
        let around = (
            i.checked_sub(1).map(|p| seasons[p].year),
            seasons.get(i + 1).map(|n| n.year),
        );
        out.push(Page {
            path: season_file(s.year),
            text: season(comp, s, around)?,
        });
    }
    let ids: Vec<(&Season, Class, usize)> = seasons
        .iter()
        .flat_map(|s| {
            CLASSES.into_iter().flat_map(move |class| {
                (0..s.class(class).matches().len()).map(move |k| (s, class, k))
            })
        })
        .collect();
    let share = ids
        .len()
        .div_ceil(rayon::current_num_threads().max(1))
        .max(1);
    let done: Vec<Vec<Page>> = ids
        .par_chunks(share)
        .map(|ids| {
            let library = library();
            let mut pages = Vec::with_capacity(ids.len());
            for &(s, class, k) in ids {
                let card = library
                    .kept(comp, MatchId::at(s.year, class, k))
                    .map(|m| crate::views::scorecard_view(&m));
                pages.push(Page {
                    path: match_file(s.year, class, k),
                    text: match_page(comp, s, class, k, card),
                });
            }
            pages
        })
        .collect();
    for pages in done {
        out.extend(pages);
    }
    let innings = Innings::of(comp);
    out.push(Page {
        path: "records.html".into(),
        text: records(comp, &innings)?,
    });
    for c in counties::ids() {
        out.push(Page {
            path: county_file(c),
            text: county(comp, c, &innings)?,
        });
    }
    Ok(out)
}

fn index(comp: &Competition) -> Result<String, Error> {
    let links = links_from(0);
    let links: Links = &links;
    let honours = views::honours_view(comp)?;
    let user = comp.settings().user_county;
    let title = format!("{}: an almanack of the County Championship", comp.name());
    let body = html! {
        h1 { (title) }
        p { (page::summary(comp)) }
        nav {
            a href="#places" { "Places" }
            a href="#champions" { "Champions" }
            a href="#eras" { "Eras" }
            a href="#alltime" { "All time" }
            a href="#seasons" { "Seasons" }
            a href="#counties" { "Counties" }
            a href="records.html" { "Records" }
        }
        (page::places_section(comp, links)?)
        (page::champions_section(comp, &honours, links)?)
        (page::eras_section(comp, links)?)
        section id="alltime" {
            h2 { "All time" }
            (page::alltime_tables(comp, links)?)
        }
        section id="seasons" {
            h2 { "Season by season" }
            @if comp.seasons().is_empty() { p { "No season has been completed yet." } }
            ul {
                @for h in &honours.rows {
                    li {
                        a href=(season_file(h.year)) { (h.year) }
                        ": champions " (link(links, Target::County(h.ids[0]), &marked(user, h.ids[0])))
                        @if let Some(p) = h.promoted_id { ", promoted " (link(links, Target::County(p), &marked(user, p))) }
                    }
                }
            }
            @if comp.current().is_some_and(|c| c.matches_played() > 0) {
                p { "The season under way is not in the almanack until it is completed." }
            }
        }
        section id="counties" {
            h2 { "The counties" }
            ul {
                @for c in counties::ids() {
                    li { (link(links, Target::County(c), &marked(user, c))) }
                }
            }
            @if let Some(note) = views::format::star_note(user) { p { (note) } }
        }
    };
    Ok(shell(&title, 0, body))
}

/// The result of a match in words: "Kent won by 5 wickets", "Match drawn".
pub fn result_text(m: &MatchSummary) -> String {
    match (m.outcome, m.winner, m.margin) {
        (Outcome::Win, Some(w), Some(margin)) => {
            format!("{} won {}", counties::get(m.county(w)).name, margin.text())
        }
        (Outcome::Win, Some(w), None) => format!("{} won", counties::get(m.county(w)).name),
        (Outcome::Tie, ..) => "Match tied".into(),
        _ => "Match drawn".into(),
    }
}

/// A side's innings as a scoreboard writes them: `237 & 120-5`, never broken across lines.
fn scores(m: &MatchSummary, side: Side, all_out: u8) -> Markup {
    let s: Vec<String> = m.innings_of(side).map(|i| i.score_text(all_out)).collect();
    let text = if s.is_empty() {
        "did not bat".into()
    } else {
        s.join(" & ")
    };
    html! { span class="scores" { (text) } }
}

fn season(
    comp: &Competition,
    s: &Season,
    around: (Option<u16>, Option<u16>),
) -> Result<String, Error> {
    let links = links_from(0);
    let links: Links = &links;
    let user = comp.settings().user_county;
    let all_out = comp.settings().options.all_out();
    let sum = s.summary();
    let title = format!("{}: the {} season", comp.name(), s.year);
    let county = |c: CountyId| link(links, Target::County(c), &marked(user, c));
    let body = html! {
        h1 { "The " (s.year) " season" }
        nav {
            @if let Some(y) = around.0 { a href=(season_file(y)) { "\u{2190} " (y) } }
            @if let Some(y) = around.1 { a href=(season_file(y)) { (y) " \u{2192}" } }
            @for class in CLASSES {
                a href=(format!("#{}", class_word(class))) { (class_heading(class)) }
            }
            a href="#averages" { "Averages" }
        }
        p {
            "Champions " (county(sum.champion))
            @if !sum.is_last() {
                "; relegated " (county(sum.relegated)) "; promoted " (county(sum.promoted))
            }
            "; wooden spoon " (county(sum.wooden_spoon)) "."
        }
        @for class in CLASSES {
            @let label = views::class_label(class);
            @let race = views::race_view(comp, Some(s.year), class)?;
            @let svg = charts::race(&race)?;
            @let colours = page::colours(race.ids.iter().copied());
            section id=(class_word(class)) {
                h2 { (class_heading(class)) }
                (table(user, &views::table_view(comp, Some(s.year), class)?, &format!("{} {label} table", s.year), None, links)?)
                h3 { "The points race" }
                (page::figure("race", &svg, page::Marks { colours: Some(&colours), ..page::Marks::default() },
                    "Each county's points after every round, a line each, named at its end."))
                details {
                    summary { "The points race as a table" }
                    (table(user, &race, &format!("{} {label} points race", s.year), None, links)?)
                }
                h3 { "Results" }
                // The match (home side first) and its result in two cells that wrap, so that
                // the table fits a phone's screen.
                div class="box" {
                    table class="results" {
                        caption { (format!("{} {label} results", s.year)) }
                        thead { tr { th { "Round" } th class="t" { "Match (home first)" } th class="t" { "Result" } } }
                        tbody {
                            @for (k, m) in s.class(class).matches().iter().enumerate() {
                                tr {
                                    td { (m.round) }
                                    td class="t wrap" {
                                        (county(m.home)) " " (scores(m, Side::Home, all_out))
                                        " v " (county(m.away)) " " (scores(m, Side::Away, all_out))
                                    }
                                    td class="t wrap" { a href=(match_file(s.year, class, k)) { (result_text(m)) } }
                                }
                            }
                        }
                        (page::your_county_key(user, 3))
                    }
                }
            }
        }
        section id="averages" {
            h2 { "Averages" }
            @for class in CLASSES {
                (table(user, &views::averages_view(comp, Some(s.year), class)?, &format!("{} {} averages", s.year, views::class_label(class)), None, links)?)
            }
        }
    };
    Ok(shell(&title, 0, body))
}

fn match_page(
    comp: &Competition,
    s: &Season,
    class: Class,
    k: usize,
    card: Result<views::ScorecardView, NotKept>,
) -> String {
    let links = links_from(1);
    let links: Links = &links;
    let user = comp.settings().user_county;
    let all_out = comp.settings().options.all_out();
    let matches = s.class(class).matches();
    let m = &matches[k];
    let name = |c: CountyId| marked(user, c);
    let county = |c: CountyId| link(links, Target::County(c), &name(c));
    let title = format!(
        "{} v {}, {} {}, round {}",
        name(m.home),
        name(m.away),
        s.year,
        class_noun(class),
        m.round
    );
    let step = |j: usize| links(Target::Match(s.year, class, j)).unwrap_or_default();
    let body = html! {
        h1 { (county(m.home)) " v " (county(m.away)) }
        p {
            (link(links, Target::Season(s.year), &format!("The {} season", s.year)))
            ", the " (class_noun(class)) ", round " (m.round) " (match " (k + 1) " of " (matches.len()) ")."
        }
        nav {
            @if k > 0 { a href=(step(k - 1)) { "\u{2190} the match before" } }
            @if k + 1 < matches.len() { a href=(step(k + 1)) { "the match after \u{2192}" } }
        }
        p { strong { (result_text(m)) } "." }
        @match &card {
            Ok(card) => { (scorecard(card, user)) }
            Err(why) => { (innings_table(m, user, all_out)) (not_kept(why)) }
        }
        p { "Points: " (name(m.home)) " " (m.points[0]) ", " (name(m.away)) " " (m.points[1]) "." }
        @if let Some(note) = views::format::star_note(user) {
            @if user == Some(m.home) || user == Some(m.away) { p { (note) } }
        }
    };
    shell(&title, 1, body)
}

/// Why a match's page has no scorecard.
fn not_kept(why: &NotKept) -> Markup {
    html! {
        p class="note" {
            @match why {
                NotKept::ResultOnly(_) => {
                    "The scorecard was not kept: this match was played by a version of ACCC that kept \
                     each match's result and the totals of its innings only."
                }
                other => { "The scorecard could not be read: " (other) "." }
            }
        }
    }
}

/// The innings totals of a match whose scorecard is not kept.
fn innings_table(m: &MatchSummary, user: Option<CountyId>, all_out: u8) -> Markup {
    let name = |c: CountyId| marked(user, c);
    html! {
        div class="box" {
            table {
                caption { "The innings" }
                thead { tr { th { "Innings" } th class="t" { "Batting" } th { "Score" } th { "Overs" } th class="t" { "Closed" } } }
                tbody {
                    @for (i, inn) in m.innings().iter().enumerate() {
                        tr {
                            td { (i + 1) }
                            td class="t" { (name(m.county(inn.batting))) }
                            td { (inn.score_text(all_out)) }
                            td { (crate::engine::score::overs_text(inn.balls)) }
                            td class="t" { (closed(inn.end)) }
                        }
                    }
                }
            }
        }
    }
}

fn closed(end: InningsEnd) -> &'static str {
    match end {
        InningsEnd::AllOut => "all out",
        InningsEnd::Declared => "declared",
        InningsEnd::Target => "target reached",
        InningsEnd::Time => "time",
        InningsEnd::InningsDefeat => "behind: an innings defeat",
    }
}

/// A county's meetings with one other county.
#[derive(Default, Clone, Copy)]
struct Meetings {
    played: u32,
    won: u32,
    lost: u32,
    drawn: u32,
    tied: u32,
    last: Option<Target>,
}

fn county(comp: &Competition, c: CountyId, innings: &Innings) -> Result<String, Error> {
    let links = links_from(0);
    let links: Links = &links;
    let user = comp.settings().user_county;
    let n = counties::all().len();
    let mut against = vec![Meetings::default(); n];
    for s in comp.seasons() {
        for class in CLASSES {
            for (k, m) in s.class(class).matches().iter().enumerate() {
                let Some(side) = m.side_of(c) else { continue };
                let o = &mut against[m.county(side.other()) as usize];
                o.played += 1;
                match m.result_for(side) {
                    crate::league::summary::SideResult::Won => o.won += 1,
                    crate::league::summary::SideResult::Lost => o.lost += 1,
                    crate::league::summary::SideResult::Drawn => o.drawn += 1,
                    crate::league::summary::SideResult::Tied => o.tied += 1,
                }
                o.last = Some(Target::Match(s.year, class, k));
            }
        }
    }
    let name = counties::get(c).name.as_str();
    let story = views::story_view(comp, c)?;
    let body = html! {
        nav {
            @if c > 0 { a href=(county_file(c - 1)) { "\u{2190} " (counties::get(c - 1).name) } }
            @if (c as usize) + 1 < n { a href=(county_file(c + 1)) { (counties::get(c + 1).name) " \u{2192}" } }
            a href="#innings" { "Innings" }
            a href="#head-to-head" { "Head to head" }
            a href="#seasons" { "Season by season" }
        }
        (page::county_body(comp, c, links)?)
        (innings_records(innings, Some(c), user, links))
        section id="head-to-head" {
            h2 { "Head to head" }
            div class="box" {
                table {
                    caption { (format!("{name} against every other county")) }
                    thead { tr { th class="t" { "Opponent" } th { "Played" } th { "Won" } th { "Lost" } th { "Drawn" } th { "Tied" } th class="t" { "Last met" } } }
                    tbody {
                        @for (o, m) in against.iter().enumerate() {
                            @if o != c as usize {
                                tr {
                                    td class="t" { (link(links, Target::County(counties::id_at(o)), &marked(user, counties::id_at(o)))) }
                                    td { (m.played) } td { (m.won) } td { (m.lost) } td { (m.drawn) } td { (m.tied) }
                                    td class="t" {
                                        @match m.last {
                                            Some(t @ Target::Match(year, _, _)) => { (link(links, t, &year.to_string())) }
                                            _ => { "never" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if user.is_some_and(|u| u != c) { (page::your_county_key(user, 7)) }
                }
            }
        }
        section id="seasons" {
            h2 { "Season by season" }
            p { "Each match is a link to its page: W won, L lost, D drawn, T tied, then the opponent (h at home, a away)." }
            div class="box" {
                table {
                    caption { (format!("{name}: every season's matches")) }
                    thead { tr { th { "Year" } th class="t" { "Class" } th { "Place" } th { "Points" } th class="t" { "Matches" } } }
                    tbody {
                        @for (s, r) in comp.seasons().iter().zip(&story.rows) {
                            @let class = s.class_of(c);
                            tr {
                                td { (link(links, Target::Season(s.year), &s.year.to_string())) }
                                td class="t" { (views::class_label(class)) }
                                td { (r.place) }
                                td { (r.points) }
                                td class="t" {
                                    @for (k, m) in s.class(class).matches().iter().enumerate() {
                                        @if let Some(side) = m.side_of(c) {
                                            (link(links, Target::Match(s.year, class, k), &format!("{} {} {}",
                                                m.result_for(side).letter(), counties::get(m.county(side.other())).short,
                                                if side == Side::Home { "h" } else { "a" })))
                                            " "
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    };
    Ok(shell(&format!("{}: {name}", comp.name()), 0, body))
}

/// A total of the history, for the records page.
struct Total {
    total: u16,
    score: String,
    batting: CountyId,
    bowling: CountyId,
    complete: bool,
    year: u16,
    at: Target,
}

/// Every innings total of the matches in `comp.seasons()`.
fn all_totals(comp: &Competition) -> Vec<Total> {
    let all_out = comp.settings().options.all_out();
    let mut all = vec![];
    for s in comp.seasons() {
        for class in CLASSES {
            for (k, m) in s.class(class).matches().iter().enumerate() {
                for inn in m.innings() {
                    all.push(Total {
                        total: inn.total,
                        score: inn.score_text(all_out),
                        batting: m.county(inn.batting),
                        bowling: m.county(inn.batting.other()),
                        complete: inn.wickets >= all_out,
                        year: s.year,
                        at: Target::Match(s.year, class, k),
                    });
                }
            }
        }
    }
    all
}

/// The record partnership of each wicket over every county's (`None` for a wicket without one).
fn best_partnerships(
    comp: &Competition,
) -> Result<Vec<Option<(CountyId, views::RecordRow)>>, Error> {
    let all_out = comp.settings().options.all_out();
    let mut best: Vec<Option<(CountyId, views::RecordRow)>> = vec![None; all_out as usize];
    for c in counties::ids() {
        for r in views::records_view(comp, c)?.rows {
            let (Some(w), Some(runs)) = (r.wicket, r.runs) else {
                continue;
            };
            let slot = &mut best[w - 1];
            if slot
                .as_ref()
                .is_none_or(|(_, b)| b.runs.unwrap_or(0) < runs)
            {
                *slot = Some((c, r));
            }
        }
    }
    Ok(best)
}

fn records(comp: &Competition, innings: &Innings) -> Result<String, Error> {
    let links = links_from(0);
    let links: Links = &links;
    let user = comp.settings().user_county;
    let all_out = comp.settings().options.all_out();
    let all = all_totals(comp);
    // Highest first (the earlier first among equals), and the lowest completed innings.
    let mut highest: Vec<&Total> = all.iter().collect();
    highest.sort_by_key(|t| std::cmp::Reverse(t.total));
    let mut lowest: Vec<&Total> = all.iter().filter(|i| i.complete).collect();
    lowest.sort_by_key(|i| i.total);
    let county = |c: CountyId| link(links, Target::County(c), &marked(user, c));
    let list = |caption: &str, rows: &[&Total]| {
        html! {
            div class="box" {
                table {
                    caption { (caption) }
                    thead { tr { th { "Score" } th class="t" { "Batting" } th class="t" { "Against" } th { "Year" } } }
                    tbody {
                        @for i in rows.iter().take(10) {
                            tr {
                                td { (link(links, i.at, &i.score)) }
                                td class="t" { (county(i.batting)) }
                                td class="t" { (county(i.bowling)) }
                                td { (link(links, Target::Season(i.year), &i.year.to_string())) }
                            }
                        }
                    }
                    (page::your_county_key(user, 4))
                }
            }
        }
    };
    let best = best_partnerships(comp)?;
    let title = format!("{}: records", comp.name());
    let body = html! {
        h1 { "Records" }
        p { "The record innings totals, batsmen's innings and partnerships of every match in the almanack; each county's own are on its page." }
        nav { a href="#totals" { "Totals" } a href="#innings" { "Innings" } a href="#partnerships" { "Partnerships" } }
        h2 id="totals" { "Totals" }
        (list("The highest innings totals", &highest))
        (list(&format!("The lowest completed innings totals (all out, {all_out} wickets)"), &lowest))
        (innings_records(innings, None, user, links))
        h2 id="partnerships" { "Partnerships" }
        div class="box" {
            table {
                caption { "The record partnership for each wicket" }
                thead { tr { th { "Wicket" } th { "Runs" } th class="t" { "Batsmen" } th class="t" { "For" } th class="t" { "Against" } th { "Year" } } }
                tbody {
                    @for (w, b) in best.iter().enumerate() {
                        tr {
                            td { (w + 1) }
                            @match b {
                                Some((c, r)) => {
                                    @let runs = page::partnership_runs(r.runs.unwrap_or(0), r.unbroken == Some(true));
                                    td { @match page::partnership_match(comp, *c, r) { Some(t) => { (link(links, t, &runs)) } None => { (runs) } } }
                                    td class="t" { (r.batsmen.clone().unwrap_or_default()) }
                                    td class="t" { (county(*c)) }
                                    td class="t" { @match r.opponent { Some(o) => { (county(page::county_id(o))) } None => { "-" } } }
                                    td { @if let Some(y) = r.year { (link(links, Target::Season(y), &y.to_string())) } }
                                }
                                None => { td { "-" } td class="t" { "-" } td class="t" { "-" } td class="t" { "-" } td { "-" } }
                            }
                        }
                    }
                }
                tfoot { tr { td class="t" colspan="6" {
                    (page::UNBROKEN_KEY) " Batsmen by their place in the order."
                    @if let Some(note) = views::format::star_note(user) { " " (note) }
                } } }
            }
        }
        h2 { "Each county's records" }
        ul {
            @for c in counties::ids() {
                li { (county(c)) }
            }
        }
    };
    Ok(shell(&title, 0, body))
}

/// A kept match's scorecard on its page: each innings' batsmen (runs, balls, how out), its
/// extras and total, and its fall of wickets with the partnership for each wicket.
fn scorecard(card: &views::ScorecardView, user: Option<CountyId>) -> Markup {
    let innings: Vec<u8> = {
        let mut v: Vec<u8> = card.rows.iter().map(|r| r.innings).collect();
        v.dedup();
        v
    };
    let yours = user.map(|u| counties::get(u).name.as_str());
    let star = |name: &str| {
        if Some(name) == yours {
            format!("{name}*")
        } else {
            name.to_string()
        }
    };
    // Each side's innings counted as the printed scorecard counts them: "Kent 2nd innings".
    let batting_of = |i: u8| {
        card.rows
            .iter()
            .find(|r| r.innings == i)
            .map(|r| r.batting.as_str())
            .unwrap_or_default()
    };
    let nth = |i: u8| {
        let batting = batting_of(i);
        let before = innings
            .iter()
            .filter(|&&j| j < i && batting_of(j) == batting)
            .count();
        views::format::ordinal(before + 1)
    };
    html! {
        @if !card.toss.is_empty() { p { "Toss: " (card.toss) "." } }
        @for &i in &innings {
            @let rows: Vec<&views::ScorecardRow> = card.rows.iter().filter(|r| r.innings == i).collect();
            @let batting = batting_of(i);
            div class="box" {
                table class="card" {
                    caption { (star(batting)) " " (nth(i)) " innings" }
                    thead { tr { th { "No." } th { "How out" } th { "Runs" } th { "Balls" } } }
                    tbody {
                        @for r in rows.iter().filter(|r| r.kind == "batsman") {
                            tr {
                                td { (r.no.unwrap_or(0)) }
                                td { (r.how_out) }
                                td { @match r.runs { Some(n) => { (n) } None => { "-" } } }
                                td { @match r.balls { Some(n) => { (n) } None => { "-" } } }
                            }
                        }
                        @for r in rows.iter().filter(|r| r.kind == "extras") {
                            // The kinds of extras wrap on a narrow screen rather than
                            // widen the column of how each batsman was out.
                            tr { td {} td class="wrap" { "Extras" @if !r.detail.is_empty() { " (" (unbroken_kinds(&r.detail)) ")" } } td { (r.runs.unwrap_or(0)) } td {} }
                        }
                        @for r in rows.iter().filter(|r| r.kind == "total") {
                            tr class="total" {
                                td {}
                                td { "Total" @if !r.detail.is_empty() { " (" (r.detail) ")" } }
                                td { (r.runs.unwrap_or(0)) @if r.detail != "all out" { "-" (r.wickets.unwrap_or(0)) } }
                                td { (crate::engine::score::overs_text(r.balls.unwrap_or(0))) " ov" }
                            }
                        }
                    }
                }
            }
            @let falls: Vec<&&views::ScorecardRow> = rows.iter().filter(|r| r.kind == "fall" || r.kind == "unbroken").collect();
            @if !falls.is_empty() {
                div class="box" {
                    table class="falls" {
                        caption { "Fall of wickets and partnerships" }
                        thead { tr { th { "Wicket" } th { "Score" } th { "Out" } th { "Partnership" } } }
                        tbody {
                            @for f in &falls {
                                tr {
                                    td { (f.wicket.unwrap_or(0)) }
                                    td { (f.score.unwrap_or(0)) }
                                    td { @if f.kind == "fall" { "no. " (f.no.unwrap_or(0)) } @else { "unbroken" } }
                                    td { (f.partnership.unwrap_or(0)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The kinds of extras ("no-balls 2, wides 3") with each kind's name and number kept
/// together on a line.
fn unbroken_kinds(detail: &str) -> String {
    detail
        .split(", ")
        .map(|k| k.replace(' ', "\u{a0}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The innings records the league keeps ([`crate::league::innings`]), and which seasons have
/// pages to link a record's match to (the completed ones).
pub struct Innings<'a> {
    table: &'a InningsTable,
    completed: Vec<u16>,
    /// Whether the season under way has matches played (its innings are in the table, but
    /// it has no pages to link to).
    under_way: bool,
}

impl<'a> Innings<'a> {
    fn of(comp: &'a Competition) -> Innings<'a> {
        Innings {
            table: comp.innings(),
            completed: comp.seasons().iter().map(|s| s.year).collect(),
            under_way: comp.current().is_some_and(|c| c.matches_played() > 0),
        }
    }

    /// The counties shown: `county`, or all.
    fn shown(&self, county: Option<CountyId>) -> Vec<&CountyInnings> {
        self.table
            .counties
            .iter()
            .enumerate()
            .filter(|(c, _)| county.is_none_or(|x| x as usize == *c))
            .map(|(_, c)| c)
            .collect()
    }

    /// The page of the match `at`, if the almanack has one (a completed season's).
    fn target(&self, at: &MatchAt) -> Option<Target> {
        self.completed
            .contains(&at.year)
            .then(|| page::match_target(at))
            .flatten()
    }
}

/// The innings records of `county` (of every county when none).
fn innings_records(
    innings: &Innings,
    county: Option<CountyId>,
    user: Option<CountyId>,
    links: Links,
) -> Markup {
    let table = innings.table;
    let shown = innings.shown(county);
    let best_at: Vec<Option<InningsMark>> = (0..crate::league::innings::MAX_BATSMEN)
        .map(|no| {
            shown
                .iter()
                .filter_map(|c| c.best_at[no])
                .min_by(InningsMark::rank)
        })
        .collect();
    let places = best_at
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |p| p + 1);
    let hundreds: u32 = shown.iter().map(|c| c.hundreds).sum();
    let mut carried: Vec<&InningsMark> = shown.iter().flat_map(|c| c.carried.iter()).collect();
    carried.sort_by_key(|i| (i.at.year, i.at.round, i.at.class.name(), i.at.index, i.no));
    // A county's own page leaves out the county that batted: it is the page's on every row.
    let own = county.is_some();
    let row = |i: &InningsMark| mark_row(innings, i, own, user, links);
    let columns = if own { 5 } else { 6 };
    let head = html! {
        thead { tr { th { "Runs" } th { "Balls" } th { "No." } @if !own { th class="t" { "For" } } th class="t" { "Against" } th { "Year" } } }
    };
    // The keys under a table of innings: not out, and the person's county where it is named.
    let key = html! {
        tfoot { tr { td class="t" colspan=(columns) {
            (NOT_OUT_KEY)
            @if let Some(note) = views::format::star_note(user).filter(|_| user != county) { " " (note) }
        } } }
    };
    let whose = county.map_or("", |c| counties::get(c).name.as_str());
    let read = table.matches_read;
    let played = table.matches_read + table.result_only;
    let read_text = page::thousands(u64::from(read));
    let played_text = page::thousands(u64::from(played));
    html! {
        h2 id="innings" { "Innings" }
        @if read == 0 {
            p { "No match of this competition keeps its scorecard (its matches were played by a version of ACCC \
                 that kept their results only), so there are no records of batsmen's innings." }
        } @else {
            p {
                @if read == played {
                    "From the scorecards of all " (played_text) " matches played"
                } @else {
                    "From the scorecards of " (read_text) " of the " (played_text) " matches played"
                }
                @if innings.under_way { ", the season under way's included" }
                @if read < played { "; the others were played by a version of ACCC that kept their results only" }
                ". Batsmen are known by their place in the order (No.); each score is a link to its match"
                @if innings.under_way { ", except those of the season under way, which has no pages until it is completed" }
                "."
            }
            p {
                (page::thousands(u64::from(hundreds))) " " (if hundreds == 1 { "hundred" } else { "hundreds" })
                "; the bat carried through a completed innings (an opener not out at its end) "
                (times(carried.len())) "."
            }
            div class="box" {
                table {
                    caption { @if whose.is_empty() { "The highest innings" } @else { (whose) ": the highest innings" } }
                    (head)
                    tbody { @for i in table.highest(county) { tr { (row(&i)) } } }
                    (key)
                }
            }
            div class="box" {
                table {
                    caption { "The highest innings at each place in the order" }
                    (head)
                    tbody {
                        @for (no, best) in best_at.iter().take(places).enumerate() {
                            tr {
                                @match best {
                                    Some(i) => { (row(i)) }
                                    None => { td { "-" } td {} td { (no + 1) } @if !own { td class="t" {} } td class="t" {} td {} }
                                }
                            }
                        }
                    }
                    (key)
                }
            }
            @if !carried.is_empty() {
                div class="box" {
                    table {
                        caption { "Carrying the bat" }
                        (head)
                        tbody { @for i in carried.iter().take(10) { tr { (row(i)) } } }
                        (key)
                    }
                }
            }
            @if county.is_none() {
                (hundreds_by_county(innings, user, links))
            }
        }
    }
}

/// The key to a not-out batsman's runs.
const NOT_OUT_KEY: &str = "* after the runs: not out.";

/// "once", "twice", "83 times".
fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{} times", page::thousands(n as u64)),
    }
}

/// An innings' score, `187*` when not out, a link to its match where the almanack has a page
/// for it.
fn mark_runs(innings: &Innings, i: &InningsMark, links: Links) -> Markup {
    let runs = format!("{}{}", i.runs, if i.not_out { "*" } else { "" });
    match innings.target(&i.at) {
        Some(t) => link(links, t, &runs),
        None => html! { (runs) },
    }
}

/// An innings' cells in the records' tables: runs (marked when not out), balls, place, the
/// county that batted (unless `own`, on that county's page), its opponent and the year.
fn mark_row(
    innings: &Innings,
    i: &InningsMark,
    own: bool,
    user: Option<CountyId>,
    links: Links,
) -> Markup {
    html! {
        td { (mark_runs(innings, i, links)) }
        td { (i.balls) }
        td { (i.no) }
        @if !own { td class="t" { (link(links, Target::County(i.county), &marked(user, i.county))) } }
        td class="t" { (link(links, Target::County(i.opponent), &marked(user, i.opponent))) }
        td { @if innings.completed.contains(&i.at.year) { (link(links, Target::Season(i.at.year), &i.at.year.to_string())) } @else { (i.at.year) " (under way)" } }
    }
}

/// Each county's hundreds and highest innings, for the records of every county.
fn hundreds_by_county(innings: &Innings, user: Option<CountyId>, links: Links) -> Markup {
    html! {
        div class="box" {
            table {
                caption { "Hundreds by county" }
                thead { tr { th class="t" { "County" } th { "Hundreds" } th { "Highest" } } }
                tbody {
                    @for (c, ci) in innings.table.counties.iter().enumerate() {
                        tr {
                            td class="t" { (link(links, Target::County(counties::id_at(c)), &marked(user, counties::id_at(c)))) }
                            td { (ci.hundreds) }
                            td { @match ci.top.first() { Some(i) => { (mark_runs(innings, i, links)) } None => { "-" } } }
                        }
                    }
                }
                tfoot { tr { td class="t" colspan="3" {
                    (NOT_OUT_KEY)
                    @if let Some(note) = views::format::star_note(user) { " " (note) }
                } } }
            }
        }
    }
}
