//! The end of a season in words: both final tables, the champions, the prize money, and who
//! goes up and down.

use crate::counties::{self, CountyId};
use crate::league::season::SeasonSummary;
use crate::league::standings::SeasonRow;

fn table(
    title: &str,
    rows: &[SeasonRow],
    user: Option<CountyId>,
    prizes: &SeasonSummary,
    first: bool,
) -> Vec<String> {
    let prize_heading = if first { "  Prize" } else { "" };
    let mut out = vec![format!(
        "{title:<24} P  W  L  D  T  Pts  Quot{prize_heading}"
    )];
    for (i, r) in rows.iter().enumerate() {
        let mark = if Some(r.county) == user { "*" } else { " " };
        let q = r
            .quotient()
            .map(|q| format!("{:.3}", q.value()))
            .unwrap_or_else(|| "-".into());
        let prize = if first { prizes.prize_of(r.county) } else { 0 };
        let prize = if prize > 0 {
            format!(" {prize:>6}")
        } else {
            String::new()
        };
        let name = format!("{}. {}{mark}", i + 1, counties::get(r.county).name);
        out.push(format!(
            "{name:<22} {:>2} {:>2} {:>2} {:>2} {:>2} {:>4} {q:>5}{prize}",
            r.played, r.won, r.lost, r.drawn, r.tied, r.points
        ));
    }
    out
}

/// The season-end screen's lines.
pub fn lines(s: &SeasonSummary, user: Option<CountyId>) -> Vec<String> {
    let name = |c: CountyId| counties::get(c).name.clone();
    // After the last season nobody goes down or comes up: there is no next season.
    let (down, up) = if s.is_last() {
        (
            format!("{} finish bottom of the first class,", name(s.relegated)),
            format!("and {} top the second.", name(s.promoted)),
        )
    } else {
        // Two names of up to 16 letters: one line would run past the screen's edge.
        (
            format!("{} go down to the second class,", name(s.relegated)),
            format!("and {} come up to the first.", name(s.promoted)),
        )
    };
    let mut out = vec![
        format!("{} are the {} champions!", name(s.champion), s.year),
        down,
        up,
        format!("{} take the wooden spoon.", name(s.wooden_spoon)),
        String::new(),
    ];
    out.extend(table("First class", &s.tables[0], user, s, true));
    out.push(String::new());
    out.extend(table("Second class", &s.tables[1], user, s, false));
    out
}
