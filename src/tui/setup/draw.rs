//! The start screens drawn: the options menu's lines, a menu of `[key] text` lines with its
//! cursor, and the county list; pure functions of the state the keys leave.

use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::{level_name, NewFile};
use crate::counties::{self, Class, CountyId};
use crate::tui::match_screen::put;
use crate::tui::style;

/// The options menu's lines, as in the guide.
pub fn options_lines(nf: &NewFile) -> Vec<(String, String)> {
    let o = &nf.options;
    let rule = |on: bool, what: &str| {
        format!(
            "{what} rule {}",
            if on { "in effect" } else { "not in effect" }
        )
    };
    let level = level_name;
    vec![
        ("1".into(), rule(o.no_balls, "No-ball")),
        ("2".into(), rule(o.wides, "Wide")),
        ("3".into(), rule(o.byes, "Bye")),
        ("4".into(), format!("Batsmen per side {}", o.batsmen)),
        (
            "5".into(),
            format!("Packs per session {}", o.packs_per_session),
        ),
        ("6".into(), format!("Days per match {}", o.days)),
        (
            "7".into(),
            format!(
                "Batting AI level {} ({})",
                nf.levels.bat,
                level(nf.levels.bat)
            ),
        ),
        (
            "8".into(),
            format!(
                "Bowling AI level {} ({})",
                nf.levels.bowl,
                level(nf.levels.bowl)
            ),
        ),
        ("9".into(), "Revert to default settings".into()),
        ("0".into(), "Finished: create the file".into()),
    ]
}

/// Draws a menu of `[key] text` lines under a heading.
pub fn draw_menu(f: &mut Frame, area: Rect, y: u16, items: &[(String, String)]) {
    draw_menu_at(f, area, y, items, None);
}

/// Draws a menu with the line `cursor` marked (`>` before it, and brighter).
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub fn draw_menu_at(
    f: &mut Frame,
    area: Rect,
    y: u16,
    items: &[(String, String)],
    cursor: Option<usize>,
) {
    for (i, (k, text)) in items.iter().enumerate() {
        let here = cursor == Some(i);
        let (mark, st) = if here {
            (">", style::bright())
        } else {
            (" ", style::text())
        };
        put(
            f,
            area,
            2,
            y + i as u16,
            vec![
                Span::styled(format!("{mark} "), style::key()),
                Span::styled(format!("[{k}] "), style::key()),
                Span::styled(text.clone(), st),
            ],
        );
    }
}

/// The county list for the choice of county, in two columns by 1890 class; the person's
/// county (`user`) is marked `*` as on every other screen.
pub fn county_lines(user: Option<CountyId>) -> Vec<(String, String)> {
    let of_class = |class| {
        counties::ids()
            .filter(move |&c| counties::get(c).class == class)
            .collect::<Vec<_>>()
    };
    let name = |c| crate::views::format::marked(user, c);
    of_class(Class::First)
        .into_iter()
        .zip(of_class(Class::Second))
        .map(|(a, b)| {
            (
                counties::get(a).key.to_string(),
                format!("{:<22} [{}] {}", name(a), counties::get(b).key, name(b)),
            )
        })
        .collect()
}
