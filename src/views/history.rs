//! The all-time views: county records, rolls of honour, final positions by year, and all-time
//! results and averages of each class.

use crate::counties::{self, Class, CountyId};
use crate::error::{Error, Result};
use crate::league::history::{self, AllTimeRow, Placing};
use crate::league::{Competition, PartnershipRecord, TotalRecord};

use super::class_label;
use super::format::{marked, name, name_star, number, star, star_note};
use super::season::averages_blocks;

/// "1890-1895", "1890" or "no completed season yet".
fn span(comp: &Competition) -> String {
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

fn check_county(county: CountyId) -> Result<()> {
    if (county as usize) < counties::all().len() {
        Ok(())
    } else {
        Err(Error::Usage(format!("there is no county {county}")))
    }
}

/// A county's record totals (highest and lowest, for and against) and record partnership for
/// each wicket, over every match played so far.
pub fn records(comp: &Competition, county: CountyId) -> Result<Vec<String>> {
    check_county(county)?;
    let r = comp.records(county);
    let all_out = comp.settings().options.all_out();
    let total = |label: &str, t: &Option<TotalRecord>| match t {
        Some(t) => format!(
            "{label:<22}{:>7}  v {:<15}  {}",
            t.score_text(all_out),
            name(t.opponent),
            t.year
        ),
        None => format!("{label:<22}{:>7}", "-"),
    };
    let mut out = vec![
        format!(
            "{}: county records, {}",
            marked(comp, county),
            to_date(comp)
        ),
        String::new(),
        total("Highest total for", &r.highest_for),
        total("Lowest total for", &r.lowest_for),
        total("Highest total against", &r.highest_against),
        total("Lowest total against", &r.lowest_against),
        String::new(),
        "Record partnerships".into(),
        "Wkt   Runs  Batsmen   Opponent         Year".into(),
    ];
    for (i, p) in r.partnerships.iter().enumerate().take(all_out as usize) {
        out.push(partnership_line(i + 1, p));
    }
    out.push(String::new());
    out.push("Lowest totals count completed (all out) innings only. * unbroken.".into());
    Ok(out)
}

fn partnership_line(wicket: usize, p: &Option<PartnershipRecord>) -> String {
    match p {
        Some(p) => {
            let runs = format!("{}{}", p.runs, if p.unbroken { "*" } else { " " });
            let pair = format!("{} & {}", p.batsmen[0], p.batsmen[1]);
            format!(
                "{wicket:>3}  {runs:>6}  {pair:<8}  {:<15}  {}",
                name(p.opponent),
                p.year
            )
        }
        None => format!("{wicket:>3}  {:>5}", "-"),
    }
}

/// The first class's top three and the promoted county, year by year.
pub fn honours(comp: &Competition) -> Result<Vec<String>> {
    let mut out = vec![format!("Rolls of honour, {}", span(comp)), String::new()];
    out.push(format!(
        "Year  {:<17}{:<17}{:<17}{}",
        "Champions", "Runners-up", "Third", "Promoted"
    ));
    // Names follow one another here: the asterisk goes against its own name, not in a
    // column of its own where it would read as the next name's.
    let cell = |c| format!("{:<16}", marked(comp, c));
    for h in history::honours(comp) {
        let [a, b, c] = h.top_three;
        out.push(
            format!(
                "{}  {} {} {} {}",
                h.year,
                cell(a),
                cell(b),
                cell(c),
                h.promoted.map_or_else(|| "-".to_string(), cell)
            )
            .trim_end()
            .to_string(),
        );
    }
    out.extend(star_note(comp));
    Ok(out)
}

/// Column labels for the final positions: the first three letters of each name.
fn abbreviation(c: CountyId) -> String {
    name(c).chars().take(3).collect()
}

/// Every county's final position, year by year; second-class places in parentheses.
pub fn positions(comp: &Competition) -> Result<Vec<String>> {
    let ids = 0..counties::all().len() as CountyId;
    let header: String = ids
        .clone()
        .map(|c| {
            format!(
                "{:>4}",
                format!("{}{}", star(comp, c), abbreviation(c)).trim()
            )
        })
        .collect();
    let mut out = vec![
        format!("Final positions, {}", span(comp)),
        String::new(),
        format!("Year {header}").trim_end().to_string(),
    ];
    for p in history::final_positions(comp) {
        let cells: String = p
            .placings
            .iter()
            .map(|&pl| format!("{:>4}", placing(pl)))
            .collect();
        out.push(format!("{} {cells}", p.year));
    }
    out.push(String::new());
    out.push("First-class places plain, second-class places in parentheses.".into());
    out.extend(star_note(comp));
    Ok(out)
}

fn placing(p: Placing) -> String {
    match p.class {
        Class::First => format!("{} ", p.place),
        Class::Second => format!("({})", p.place),
    }
}

/// All-time results of `class`: the first class ranked by prize money with championships and
/// times relegated; the second by times promoted, with wooden spoons.
pub fn alltime(comp: &Competition, class: Class) -> Result<Vec<String>> {
    let rows = history::alltime(comp, class);
    let tail = match class {
        Class::First => " Champ  Rel  Prize",
        Class::Second => "  Prom Spoon",
    };
    let mut out = vec![
        format!("All-time {} results, {}", class_label(class), span(comp)),
        String::new(),
        format!("Pos County           Ssn     P    W    L    D   T  Quotient{tail}"),
    ];
    for (i, a) in rows.iter().enumerate() {
        out.push(format!(
            "{:>3} {} {}",
            i + 1,
            name_star(comp, a.row.county),
            alltime_cells(class, a)
        ));
    }
    out.push(String::new());
    out.push(match class {
        Class::First => "Ranked by prize money, then championships, points and name.".into(),
        Class::Second => {
            "Ranked by times promoted, then fewest wooden spoons, points and name.".into()
        }
    });
    out.extend(star_note(comp));
    Ok(out)
}

fn alltime_cells(class: Class, a: &AllTimeRow) -> String {
    let r = &a.row;
    let common = format!(
        "{:>3} {:>5} {:>4} {:>4} {:>4} {:>3} {:>9}",
        a.seasons,
        r.played,
        r.won,
        r.lost,
        r.drawn,
        r.tied,
        number(r.quotient().map(|q| q.value()), 3)
    );
    match class {
        Class::First => format!(
            "{common} {:>5} {:>4} {:>6}",
            a.championships, a.relegated, a.prize
        ),
        Class::Second => format!("{common} {:>5} {:>5}", a.promoted, a.wooden_spoons),
    }
}

/// All-time batting and bowling averages of `class`.
pub fn alltime_averages(comp: &Competition, class: Class) -> Result<Vec<String>> {
    let rows: Vec<_> = history::alltime(comp, class)
        .into_iter()
        .map(|a| a.row)
        .collect();
    let mut out = vec![
        format!("All-time {} averages, {}", class_label(class), span(comp)),
        String::new(),
    ];
    out.extend(averages_blocks(comp, &rows));
    out.extend(star_note(comp));
    Ok(out)
}
