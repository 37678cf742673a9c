//! The views of one season: the points table, the averages and a county's results.

use crate::counties::{Class, CountyId};
use crate::engine::Side;
use crate::error::{Error, Result};
use crate::league::standings::{prize, Figures, SeasonRow};
use crate::league::summary::MatchSummary;
use crate::league::{ClassSeason, Competition, Season, MATCHES_PER_ROUND, ROUNDS};

use super::format::{marked, name, name_star, number, ordinal, short, star_note_among};
use super::{class_label, season_for};

/// "after round 7 of 14", "final" or "not started".
fn progress(cs: &ClassSeason) -> String {
    match cs.matches().len() {
        0 => "not started".into(),
        _ if cs.is_complete() => "final".into(),
        n => format!(
            "after {n} of {} matches",
            ROUNDS as usize * MATCHES_PER_ROUND as usize
        ),
    }
}

/// The points table of `class` in `year` (default: the season under way).
pub fn table(comp: &Competition, year: Option<u16>, class: Class) -> Result<Vec<String>> {
    let season = season_for(comp, year)?;
    let cs = season.class(class);
    let show_prize = class == Class::First && cs.is_complete();
    let mut out = vec![
        format!(
            "{} {} table ({})",
            season.year,
            class_label(class),
            progress(cs)
        ),
        String::new(),
    ];
    let prize_head = if show_prize { "  Prize" } else { "" };
    out.push(format!(
        "Pos County             P   W   L   D   T  Pts  Quotient{prize_head}"
    ));
    for (i, r) in cs.table().iter().enumerate() {
        let prize_col = if show_prize {
            format!("  {:>5}", prize(class, i + 1))
        } else {
            String::new()
        };
        out.push(format!(
            "{:>3} {} {:>3} {:>3} {:>3} {:>3} {:>3} {:>4} {:>9}{prize_col}",
            i + 1,
            name_star(comp, r.county),
            r.played,
            r.won,
            r.lost,
            r.drawn,
            r.tied,
            r.points,
            number(r.quotient().map(|q| q.value()), 3),
        ));
    }
    if cs.is_complete() {
        out.push(String::new());
        out.push(season_verdict(season, class));
    }
    out.extend(star_note_among(comp, cs.table().iter().map(|r| r.county)));
    Ok(out)
}

fn season_verdict(season: &Season, class: Class) -> String {
    let s = season.summary();
    // After the last season no season follows: nobody goes down or comes up.
    if s.is_last() {
        return match class {
            Class::First => format!(
                "Champions: {}. Bottom: {} (the last season: nobody goes down).",
                name(s.champion),
                name(s.relegated)
            ),
            Class::Second => format!(
                "Top: {} (the last season: nobody comes up). Wooden spoon: {}.",
                name(s.promoted),
                name(s.wooden_spoon)
            ),
        };
    }
    match class {
        Class::First => format!(
            "Champions: {}. Relegated: {}.",
            name(s.champion),
            name(s.relegated)
        ),
        Class::Second => format!(
            "Promoted: {}. Wooden spoon: {}.",
            name(s.promoted),
            name(s.wooden_spoon)
        ),
    }
}

/// The heading of an averages block.
pub(super) fn figures_heading(what: &str) -> String {
    format!("{what:<16}    Runs   Wkts    Balls    Avge    ScR    StR")
}

/// One county's line of an averages block.
pub(super) fn figures_line(label: &str, f: &Figures) -> String {
    format!(
        "{label:<16}{:>8}{:>7}{:>9}{:>8}{:>7}{:>7}",
        f.runs,
        f.wickets,
        f.balls,
        number(f.average(), 2),
        number(f.scoring_rate(), 1),
        number(f.strike_rate(), 1)
    )
}

/// Batting (best average first) then bowling (best, i.e. lowest, average first) of `rows`;
/// undefined averages last.
pub(super) fn averages_blocks(comp: &Competition, rows: &[SeasonRow]) -> Vec<String> {
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
    let mut out = vec![figures_heading("Batting")];
    out.extend(
        bat.iter()
            .map(|r| figures_line(&name_star(comp, r.county), &r.bat)),
    );
    out.push(String::new());
    out.push(figures_heading("Bowling"));
    out.extend(
        bowl.iter()
            .map(|r| figures_line(&name_star(comp, r.county), &r.bowl)),
    );
    out
}

/// The batting and bowling averages of `class` in `year`.
pub fn averages(comp: &Competition, year: Option<u16>, class: Class) -> Result<Vec<String>> {
    let season = season_for(comp, year)?;
    let cs = season.class(class);
    let mut out = vec![
        format!(
            "{} {} averages ({})",
            season.year,
            class_label(class),
            progress(cs)
        ),
        String::new(),
    ];
    out.extend(averages_blocks(comp, &cs.table()));
    out.push(String::new());
    out.push("Runs include extras; balls are deliveries that count. Avge runs per wicket,".into());
    out.push("ScR runs per 100 balls, StR balls per wicket.".into());
    out.extend(star_note_among(comp, cs.table().iter().map(|r| r.county)));
    Ok(out)
}

/// A county's season: every fixture with the result once played, its points, its total, its
/// place after the round and the points behind the leader (or, when first, its lead).
pub fn results(comp: &Competition, year: Option<u16>, county: CountyId) -> Result<Vec<String>> {
    let season = season_for(comp, year)?;
    if county as usize >= crate::counties::all().len() {
        return Err(Error::Usage(format!("there is no county {county}")));
    }
    let class = season.class_of(county);
    let cs = season.class(class);
    let all_out = comp.settings().options.all_out();
    let mut out = vec![
        format!(
            "{} {}: {} season ({})",
            marked(comp, county),
            season.year,
            class_label(class),
            progress(cs)
        ),
        String::new(),
        format!(
            "Rd {:<8} R {:<16} {:<16} {:>3} {:>3} {:<4} {:>6} {:>5}",
            "Opponent", "For", "Against", "Pts", "Tot", "Pos", "Behind", "Lead"
        ),
    ];
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
        let venue = if side == Side::Home { 'h' } else { 'a' };
        let fixture = format!("{:>2} {:<6} {venue}", s.round, short(opponent));
        match cs.matches().get(k) {
            Some(m) => {
                total += m.points[side.index()] as u32;
                out.push(
                    format!("{fixture} {}", played_line(cs, m, side, total, all_out))
                        .trim_end()
                        .to_string(),
                );
            }
            None => out.push(fixture),
        }
    }
    out.push(String::new());
    out.push("R: W won, L lost, D drawn, T tied. h home, a away. Tot: points so far.".into());
    Ok(out)
}

fn played_line(cs: &ClassSeason, m: &MatchSummary, side: Side, total: u32, all_out: u8) -> String {
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
    let (behind, lead) = if place == 0 {
        (
            String::new(),
            format!("+{}", table[0].points - table[1].points),
        )
    } else {
        (
            format!("{}", table[0].points - table[place].points),
            String::new(),
        )
    };
    format!(
        "{} {:<16} {:<16} {:>3} {:>3} {:<4} {:>6} {:>5}",
        result_letter(m, side),
        scores(side),
        scores(side.other()),
        m.points[side.index()],
        total,
        ordinal(place + 1),
        behind,
        lead
    )
}

fn result_letter(m: &MatchSummary, side: Side) -> char {
    m.result_for(side).letter()
}
