//! The start of the program: the file name prompt, the confirmation of a new file, the
//! options menu [1]-[9] and [0], and the choice of the user's county.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::match_screen::put;
use super::style;
use crate::ai::Level;
use crate::counties::{self, Class, CountyId};
use crate::engine::MatchOptions;
use crate::play::Levels;

/// The options of a new file, as the menu edits them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewFile {
    pub options: MatchOptions,
    pub levels: Levels,
}

/// A typed character a prompt left out, named to open the line that says so: "A space" or
/// "'!'".
pub fn left_out(c: char) -> String {
    if c == ' ' {
        "A space".to_string()
    } else {
        format!("'{c}'")
    }
}

/// Edits the typed name; returns true when Enter was pressed.
pub fn edit_line(input: &mut String, k: KeyEvent, max: usize) -> bool {
    match k.code {
        KeyCode::Enter => return true,
        KeyCode::Backspace => {
            input.pop();
        }
        KeyCode::Char(c) if input.chars().count() < max && !c.is_control() => input.push(c),
        _ => {}
    }
    false
}

/// What a key does on the options menu.
pub enum OptionsKey {
    Changed,
    Done,
    Ignored,
}

/// Applies an options-menu key: [1]-[3] toggle the extras rules, [4]-[6] step the numbers,
/// [7]-[8] step the levels (each also moves the cursor, `row`, to its line); [Up]/[Down]
/// move the cursor; [-]/[Left] step the option under it back and [+]/[Right] forward;
/// [9] reverts to defaults, [0] is done.
pub fn options_key(nf: &mut NewFile, row: &mut usize, k: KeyEvent) -> OptionsKey {
    let option = match k.code {
        KeyCode::Char(c @ '1'..='8') => {
            *row = c as usize - '1' as usize;
            step_option(nf, *row, true);
            return OptionsKey::Changed;
        }
        KeyCode::Up => {
            *row = row.checked_sub(1).unwrap_or(OPTION_ROWS - 1);
            return OptionsKey::Changed;
        }
        KeyCode::Down => {
            *row = (*row + 1) % OPTION_ROWS;
            return OptionsKey::Changed;
        }
        KeyCode::Char('+') | KeyCode::Right => true,
        KeyCode::Char('-') | KeyCode::Left => false,
        KeyCode::Char('9') => {
            *nf = NewFile::default();
            return OptionsKey::Changed;
        }
        KeyCode::Char('0') => return OptionsKey::Done,
        _ => return OptionsKey::Ignored,
    };
    step_option(nf, *row, option);
    OptionsKey::Changed
}

/// The options that step: [1]-[8].
pub const OPTION_ROWS: usize = 8;

/// Steps option `row` (0 for [1]) forward or back, round from one end to the other.
fn step_option(nf: &mut NewFile, row: usize, forward: bool) {
    let o = &mut nf.options;
    let step = |v: u8, range: std::ops::RangeInclusive<u8>| match (forward, v) {
        (true, v) if v >= *range.end() => *range.start(),
        (true, v) => v + 1,
        (false, v) if v <= *range.start() => *range.end(),
        (false, v) => v - 1,
    };
    match row {
        0 => o.no_balls = !o.no_balls,
        1 => o.wides = !o.wides,
        2 => o.byes = !o.byes,
        3 => o.batsmen = step(o.batsmen, crate::engine::options::BATSMEN),
        4 => {
            o.packs_per_session = step(
                o.packs_per_session,
                crate::engine::options::PACKS_PER_SESSION,
            )
        }
        5 => o.days = step(o.days, crate::engine::options::DAYS),
        6 => nf.levels.bat = step(nf.levels.bat, Level::MIN..=Level::MAX),
        _ => nf.levels.bowl = step(nf.levels.bowl, Level::MIN..=Level::MAX),
    }
}

/// The options menu's lines, as in the guide.
pub fn options_lines(nf: &NewFile) -> Vec<(String, String)> {
    let o = &nf.options;
    let rule = |on: bool, what: &str| {
        format!(
            "{what} rule {}",
            if on { "in effect" } else { "not in effect" }
        )
    };
    let level = |l: u8| Level::new(l).map(|l| l.name()).unwrap_or("?");
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

/// The county chosen by a key: a county's letter, or `None` for [0] (spectator).
pub fn county_key(k: KeyEvent) -> Option<Option<u8>> {
    match k.code {
        KeyCode::Char('0') => Some(None),
        KeyCode::Char(c) => counties::all()
            .iter()
            .position(|x| x.key.eq_ignore_ascii_case(&c))
            .map(|i| Some(i as u8)),
        _ => None,
    }
}

/// Draws a menu of `[key] text` lines under a heading.
pub fn draw_menu(f: &mut Frame, area: Rect, y: u16, items: &[(String, String)]) {
    draw_menu_at(f, area, y, items, None);
}

/// Draws a menu with the line `cursor` marked (`>` before it, and brighter).
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
        (0..counties::all().len() as CountyId)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn the_options_menu_edits_and_reverts() {
        let mut nf = NewFile::default();
        let mut row = 0;
        for c in ['1', '2', '3'] {
            options_key(&mut nf, &mut row, key(c));
        }
        assert!(!nf.options.no_balls && !nf.options.wides && !nf.options.byes);
        options_key(&mut nf, &mut row, key('4'));
        assert_eq!(nf.options.batsmen, 2, "11 wraps round to 2");
        options_key(&mut nf, &mut row, key('7'));
        assert_eq!(nf.levels.bat, 1, "5 wraps round to 1");
        assert!(matches!(
            options_key(&mut nf, &mut row, key('x')),
            OptionsKey::Ignored
        ));
        options_key(&mut nf, &mut row, key('9'));
        assert_eq!(nf, NewFile::default());
        assert!(matches!(
            options_key(&mut nf, &mut row, key('0')),
            OptionsKey::Done
        ));
        assert_eq!(options_lines(&nf)[6].1, "Batting AI level 5 (professional)");
    }

    #[test]
    fn options_step_back_as_well_as_forward() {
        let mut nf = NewFile::default();
        let mut row = 0;
        // 11 batsmen down to 4: seven steps back, where forward takes six round the end.
        options_key(&mut nf, &mut row, key('4'));
        assert_eq!(
            (nf.options.batsmen, row),
            (2, 3),
            "[4] steps forward and picks the line"
        );
        options_key(&mut nf, &mut row, key('-'));
        assert_eq!(nf.options.batsmen, 11, "back from 2 wraps round to 11");
        for _ in 0..7 {
            options_key(
                &mut nf,
                &mut row,
                KeyEvent::new(KeyCode::Left, KeyModifiers::NONE),
            );
        }
        assert_eq!(nf.options.batsmen, 4);
        options_key(&mut nf, &mut row, key('+'));
        assert_eq!(nf.options.batsmen, 5);
        // The cursor moves to the levels and steps them back.
        for _ in 0..3 {
            options_key(
                &mut nf,
                &mut row,
                KeyEvent::new(KeyCode::Down, KeyModifiers::NONE),
            );
        }
        assert_eq!(row, 6);
        options_key(&mut nf, &mut row, key('-'));
        assert_eq!(nf.levels.bat, 4, "the batting level one back from 5");
        options_key(
            &mut nf,
            &mut row,
            KeyEvent::new(KeyCode::Up, KeyModifiers::NONE),
        );
        options_key(&mut nf, &mut row, key('-'));
        assert_eq!(nf.options.days, 2, "three days one back");
    }

    #[test]
    fn counties_are_chosen_by_letter_or_none() {
        assert_eq!(county_key(key('s')), Some(Some(0)));
        assert_eq!(county_key(key('0')), Some(None));
        assert_eq!(county_key(key('!')), None);
    }
}
