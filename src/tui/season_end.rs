//! The end of a season in words: both final tables, the champions, the prize money, and who
//! goes up and down.

use crate::counties::{self, CountyId};
use crate::league::season::SeasonSummary;
use crate::league::standings::SeasonRow;
use crate::views::format::{short_draw_mark, SHORT_DRAW_TABLE_KEY};

fn table(
    title: &str,
    rows: &[SeasonRow],
    user: Option<CountyId>,
    prizes: &SeasonSummary,
    first: bool,
) -> Vec<String> {
    let prize_heading = if first { "  Prize" } else { "" };
    let mut out = vec![format!(
        "{title:<24} P  W  L  D  T  Pts   Quot{prize_heading}"
    )];
    for (i, r) in rows.iter().enumerate() {
        let mark = if Some(r.county) == user { "*" } else { " " };
        let q = r
            .quotient()
            .map(|q| format!("{:.3}", q.value()))
            .unwrap_or_else(|| "-".into());
        // Every first-class row has its prize, 0 below sixth, as the points table ([3]) has.
        let prize = if first {
            format!(" {:>6}", prizes.prize_of(r.county))
        } else {
            String::new()
        };
        let name = format!("{}. {}{mark}", i + 1, counties::get(r.county).name);
        let short = short_draw_mark(r.points, r.won, r.drawn, r.tied);
        out.push(format!(
            "{name:<22} {:>2} {:>2} {:>2} {:>2} {:>2} {:>4}{short} {q:>5}{prize}",
            r.played, r.won, r.lost, r.drawn, r.tied, r.points
        ));
    }
    out
}

/// Whether a row of `rows` holds a draw one run short of victory among its points.
fn has_short_draw(rows: &[SeasonRow]) -> bool {
    rows.iter()
        .any(|r| short_draw_mark(r.points, r.won, r.drawn, r.tied) != ' ')
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
    // The keys to the marks, as every other table has them.
    let short = s.tables.iter().any(|t| has_short_draw(t));
    if short || user.is_some() {
        out.push(String::new());
    }
    if let Some(user) = user {
        out.push(format!("* your county ({})", name(user)));
    }
    if short {
        out.push(SHORT_DRAW_TABLE_KEY.into());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_one_run_short_is_marked_and_keyed_at_the_season_end() {
        let mut comp = crate::league::tests::tiny(5, None);
        let mut s = comp.sim_rest_of_season().unwrap();
        let plain = lines(&s, None);
        assert!(plain.iter().all(|l| !l.contains('+')), "{plain:?}");
        // The rules' points for a draw one run short: 2 to the side batting last.
        let r = &mut s.tables[0][3];
        r.points = 4 * r.won + 2 * r.tied + r.drawn + 1;
        let county = counties::get(r.county).name.clone();
        let out = lines(&s, None);
        let line = out.iter().find(|l| l.contains(&county)).unwrap();
        // The mark stands apart from the quotient after it ("21+ 0.923", not "21+0.923").
        let points = s.tables[0][3].points;
        assert!(line.contains(&format!("{points}+ ")), "{out:?}");
        assert_eq!(out.last().unwrap(), SHORT_DRAW_TABLE_KEY);
        // The person's county is marked and keyed, as in every other table.
        let user = s.tables[0][0].county;
        let mine = lines(&s, Some(user));
        let name = &counties::get(user).name;
        assert!(
            mine.iter().any(|l| l.contains(&format!("{name}*"))),
            "{mine:?}"
        );
        let key = format!("* your county ({name})");
        assert_eq!(mine[mine.len() - 2], key, "{mine:?}");
        assert!(!out.contains(&key));
    }
}
