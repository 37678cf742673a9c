//! The start of the program: the file name prompt, the confirmation of a new file, the
//! options menu `[1]`-`[9]` and `[0]`, and the choice of the user's county.

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
#[derive(Debug, PartialEq, Eq)]
pub enum OptionsKey {
    /// The menu stays, with a word on the key if it has one.
    Stay(Option<OptionsNote>),
    /// `[0]`: the options are finished.
    Done,
}

/// A word under the options menu on the last key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsNote {
    /// What the key changed: the option as it now stands.
    Changed(String),
    /// Why the key changed nothing.
    Unchanged(String),
    /// `[H]`: what the option under the cursor does.
    Help(String),
}

impl OptionsNote {
    pub fn text(&self) -> &str {
        match self {
            OptionsNote::Changed(t) | OptionsNote::Unchanged(t) | OptionsNote::Help(t) => t,
        }
    }
}

/// Applies an options-menu key. As the guide has it, `[1]`-`[8]` change their option (and move
/// the cursor, `row`, to its line): a rule into or out of effect, a number one on, round
/// from its highest to its lowest, said in words ("Packs per session: 1 (after 9 comes
/// 1)."). `[Up]`/`[Down]` move the cursor, stopping at the first and last lines; `[-]`/`[Left]`
/// step the option under it back and `[+]`/`[Right]` on, stopping at its ends (a rule is out of
/// effect at one end, in effect at the other) and saying why nothing changed there. `[9]`
/// reverts to defaults, `[0]` is done; `[H]` (or `[?]`, `[F1]`) tells what the option under the
/// cursor does; any other key says which keys there are.
pub fn options_key(nf: &mut NewFile, row: &mut usize, k: KeyEvent) -> OptionsKey {
    let changed = |t: String| OptionsKey::Stay(Some(OptionsNote::Changed(t)));
    let forward = match k.code {
        KeyCode::Char(c @ '1'..='8') => {
            *row = c as usize - '1' as usize;
            let wrapped = !step_option(nf, *row, true);
            if wrapped {
                wrap_option(nf, *row);
            }
            return changed(said(nf, *row, wrapped));
        }
        // The cursor stops at the first and last lines: going round, a few [Up]s too many
        // would put it on the last line, and [-] then change an option not looked at.
        KeyCode::Up => {
            *row = row.saturating_sub(1);
            return OptionsKey::Stay(None);
        }
        KeyCode::Down => {
            *row = (*row + 1).min(OPTION_ROWS - 1);
            return OptionsKey::Stay(None);
        }
        KeyCode::Char('+') | KeyCode::Right => true,
        KeyCode::Char('-') | KeyCode::Left => false,
        KeyCode::Char('9') => {
            *nf = NewFile::default();
            return changed("Back to the default settings.".to_string());
        }
        KeyCode::Char('0') => return OptionsKey::Done,
        KeyCode::Char('h' | 'H' | '?') | KeyCode::F(1) => {
            return OptionsKey::Stay(Some(OptionsNote::Help(about(*row).to_string())))
        }
        KeyCode::Char(_) | KeyCode::Enter => {
            return OptionsKey::Stay(Some(OptionsNote::Unchanged(
                // One line of the screen's 76 columns.
                "[1]-[8] change an option, [9] restores defaults, [0] finishes, [H] explains."
                    .to_string(),
            )));
        }
        _ => return OptionsKey::Stay(None),
    };
    if step_option(nf, *row, forward) {
        OptionsKey::Stay(None)
    } else {
        OptionsKey::Stay(Some(OptionsNote::Unchanged(at_end(nf, *row, forward))))
    }
}

/// The options that step: `[1]`-`[8]`.
pub const OPTION_ROWS: usize = 8;

/// What option `row` (0 for `[1]`) does, for `[H]`: the rules as `rules.md` reads them, each
/// within four lines of the screen.
fn about(row: usize) -> &'static str {
    match row {
        0 => "[1] The no-ball rule: in each over the suit of the last ball of the over before \
              is barred. A ball of it is a no-ball: one run to the batting side, an extra ball \
              in the over, and the batsman may leave it, hit it with any higher card, or throw \
              away any card without being out.",
        1 => "[2] The wide rule: a ball of the same number as the top card of the discard pile \
              is a wide. Playing no card takes 1 wide (4 when both are 11s, only 1 when they \
              are of one suit); playing a card as usual takes the call back. A wide is not one of the over's six.",
        2 => "[3] The bye rule: a ball one higher than the top card of the discard pile is a \
              bye. The batsman plays no card and scores byes by the ball's number: 1 for a 2 \
              or 3, 2 for a 4 or 5, 3 for a 6, 4 for 7 to 11 (none for an 11 on a 10 of its own \
              suit).",
        3 => "[4] Batsmen per side, 2 to 11: an innings ends when all but one are out, so fewer \
              batsmen make shorter innings and quicker matches. Batsmen 6-8 may not defend \
              with a 1, batsmen 9-11 with a 1 or 2. About 4 suits a first match.",
        4 => "[5] Packs per session, 1 to 9: a pack lasts until the pickup pile is used up. \
              Each day has three sessions, so a match has 3 x days x packs packs (27 by \
              default); a match unfinished when they are used up is drawn.",
        5 => "[6] Days per match, 1 to 5: three sessions a day of the packs in [5]. Fewer days \
              leave less time to bowl a side out twice, and so more draws.",
        6 => "[7] Batting AI level, 1 novice, 2 village, 3 club, 4 county, 5 professional: how \
              well the computer bats, and its captaincy (the toss, declarations, cards \
              changed after a wicket). 1 or 2 suit a first match; 5 is the hardest.",
        _ => "[8] Bowling AI level, 1 novice, 2 village, 3 club, 4 county, 5 professional: how \
              well the computer bowls, and its first discard when it bowls first (which sets \
              the first no-ball suit). 1 or 2 suit a first match; 5 is the hardest.",
    }
}

/// The options' names, `[1]` first.
const OPTION_NAMES: [&str; OPTION_ROWS] = [
    "The no-ball rule",
    "The wide rule",
    "The bye rule",
    "Batsmen per side",
    "Packs per session",
    "Days per match",
    "Batting AI level",
    "Bowling AI level",
];

/// Option `row`'s value and the range of values it steps through, lowest first (a rule:
/// 0 out of effect, 1 in effect).
fn option_value(nf: &mut NewFile, row: usize) -> (&mut u8, std::ops::RangeInclusive<u8>) {
    let o = &mut nf.options;
    match row {
        3 => (&mut o.batsmen, crate::engine::options::BATSMEN),
        4 => (
            &mut o.packs_per_session,
            crate::engine::options::PACKS_PER_SESSION,
        ),
        5 => (&mut o.days, crate::engine::options::DAYS),
        6 => (&mut nf.levels.bat, Level::MIN..=Level::MAX),
        _ => (&mut nf.levels.bowl, Level::MIN..=Level::MAX),
    }
}

/// The rule of option `row` (0 to 2), if it is one.
fn rule(nf: &mut NewFile, row: usize) -> Option<&mut bool> {
    let o = &mut nf.options;
    match row {
        0 => Some(&mut o.no_balls),
        1 => Some(&mut o.wides),
        2 => Some(&mut o.byes),
        _ => None,
    }
}

/// Steps option `row` (0 for `[1]`) forward or back: a number one on or back within its
/// range, a rule into effect (forward) or out of it. False, and nothing changed, if it is
/// already at that end.
fn step_option(nf: &mut NewFile, row: usize, forward: bool) -> bool {
    if let Some(on) = rule(nf, row) {
        return std::mem::replace(on, forward) != forward;
    }
    let (v, range) = option_value(nf, row);
    let next = if forward {
        v.saturating_add(1)
    } else {
        v.saturating_sub(1)
    };
    let moved = range.contains(&next);
    if moved {
        *v = next;
    }
    moved
}

/// Option `row`, at its highest, round to its lowest (a rule in effect: out of it).
fn wrap_option(nf: &mut NewFile, row: usize) {
    if let Some(on) = rule(nf, row) {
        *on = false;
        return;
    }
    let (v, range) = option_value(nf, row);
    *v = *range.start();
}

/// Option `row` as it now stands, in words, after a digit stepped it: "Packs per session:
/// 4.", and when it went `round` from the highest: "Packs per session: 1 (after 9 comes
/// 1)."
fn said(nf: &mut NewFile, row: usize, round: bool) -> String {
    let name = OPTION_NAMES[row.min(OPTION_ROWS - 1)];
    if let Some(&mut on) = rule(nf, row) {
        let now = if on { "in effect" } else { "not in effect" };
        return format!("{name} is now {now} ([{}] again changes it back).", row + 1);
    }
    let (&mut v, range) = option_value(nf, row);
    let value = match row {
        6 | 7 => format!("{v}, {}", level_name(v)),
        _ => v.to_string(),
    };
    if round {
        format!(
            "{name}: {value} (after {} comes {}).",
            range.end(),
            range.start()
        )
    } else {
        format!("{name}: {value}.")
    }
}

/// Why option `row` did not step `forward`: it is at that end, and the other key steps it.
fn at_end(nf: &mut NewFile, row: usize, forward: bool) -> String {
    let name = OPTION_NAMES[row.min(OPTION_ROWS - 1)];
    if rule(nf, row).is_some() {
        return if forward {
            format!("{name} is in effect already: [-] takes it out of effect.")
        } else {
            format!("{name} is out of effect already: [+] puts it in effect.")
        };
    }
    let (&mut v, _) = option_value(nf, row);
    if forward {
        format!("{name}: {v} is the highest there is; [-] steps back.")
    } else {
        format!("{name}: {v} is the lowest there is; [+] steps on.")
    }
}

/// A level's name: "novice" for 1.
fn level_name(l: u8) -> &'static str {
    Level::new(l).map(|l| l.name()).unwrap_or("?")
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

/// The county chosen by a key: a county's letter, or `None` for `[0]` (spectator).
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

    fn arrow(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn changed(t: &str) -> OptionsKey {
        OptionsKey::Stay(Some(OptionsNote::Changed(t.into())))
    }

    fn unchanged(t: &str) -> OptionsKey {
        OptionsKey::Stay(Some(OptionsNote::Unchanged(t.into())))
    }

    /// As the guide has it, a digit changes its option, going round at the end, and says
    /// the value it now has.
    #[test]
    fn the_options_menu_edits_and_reverts() {
        let mut nf = NewFile::default();
        let mut row = 0;
        assert_eq!(
            options_key(&mut nf, &mut row, key('1')),
            changed("The no-ball rule is now not in effect ([1] again changes it back).")
        );
        for c in ['2', '3'] {
            options_key(&mut nf, &mut row, key(c));
        }
        assert!(!nf.options.no_balls && !nf.options.wides && !nf.options.byes);
        assert_eq!(
            options_key(&mut nf, &mut row, key('4')),
            changed("Batsmen per side: 2 (after 11 comes 2).")
        );
        assert_eq!((nf.options.batsmen, row), (2, 3));
        assert_eq!(
            options_key(&mut nf, &mut row, key('4')),
            changed("Batsmen per side: 3.")
        );
        assert_eq!(
            options_key(&mut nf, &mut row, key('7')),
            changed("Batting AI level: 1, novice (after 5 comes 1).")
        );
        assert_eq!(nf.levels.bat, 1);
        assert_eq!(
            options_key(&mut nf, &mut row, key('1')),
            changed("The no-ball rule is now in effect ([1] again changes it back).")
        );
        assert!(matches!(
            options_key(&mut nf, &mut row, key('x')),
            OptionsKey::Stay(Some(OptionsNote::Unchanged(_)))
        ));
        assert!(matches!(
            options_key(&mut nf, &mut row, arrow(KeyCode::Enter)),
            OptionsKey::Stay(Some(OptionsNote::Unchanged(_)))
        ));
        assert_eq!(
            options_key(&mut nf, &mut row, key('9')),
            changed("Back to the default settings.")
        );
        assert_eq!(nf, NewFile::default());
        assert_eq!(options_key(&mut nf, &mut row, key('0')), OptionsKey::Done);
        assert_eq!(options_lines(&nf)[6].1, "Batting AI level 5 (professional)");
    }

    /// `[H]` (or `[?]`, `[F1]`) tells what the option under the cursor does, in at most four lines
    /// of the screen, and changes nothing; a key that does nothing says which keys do.
    #[test]
    fn help_tells_the_option_under_the_cursor_and_other_keys_say_which_keys_there_are() {
        let mut nf = NewFile::default();
        let mut row = 0;
        let mut seen = Vec::new();
        for r in 0..OPTION_ROWS {
            for k in [key('h'), key('H'), key('?'), arrow(KeyCode::F(1))] {
                let Some(OptionsNote::Help(text)) = (match options_key(&mut nf, &mut row, k) {
                    OptionsKey::Stay(note) => note,
                    OptionsKey::Done => None,
                }) else {
                    panic!("no help on row {r}")
                };
                assert!(text.starts_with(&format!("[{}] ", r + 1)), "{text}");
                assert!(crate::text::wrap(&text, 76).len() <= 4, "{text}");
                seen.push(text);
            }
            options_key(&mut nf, &mut row, arrow(KeyCode::Down));
        }
        seen.dedup();
        assert_eq!(seen.len(), OPTION_ROWS, "each option has its own help");
        assert_eq!(nf, NewFile::default(), "help changes nothing");
        for k in [key('x'), key('Q'), arrow(KeyCode::Enter), key(' ')] {
            let OptionsKey::Stay(Some(OptionsNote::Unchanged(t))) =
                options_key(&mut nf, &mut row, k)
            else {
                panic!("{k:?} said nothing")
            };
            assert!(
                t.ends_with("[H] explains.") && t.chars().count() <= 76,
                "{t}"
            );
        }
        assert_eq!(nf, NewFile::default());
    }

    /// `[Up]` and `[Down]` stop at the first and last lines rather than going round.
    #[test]
    fn the_options_cursor_stops_at_the_first_and_last_lines() {
        let mut nf = NewFile::default();
        let mut row = 0;
        options_key(&mut nf, &mut row, arrow(KeyCode::Up));
        assert_eq!(row, 0);
        for _ in 0..OPTION_ROWS + 3 {
            options_key(&mut nf, &mut row, arrow(KeyCode::Down));
        }
        assert_eq!(row, OPTION_ROWS - 1);
        options_key(&mut nf, &mut row, arrow(KeyCode::Up));
        assert_eq!(row, OPTION_ROWS - 2);
        assert_eq!(nf, NewFile::default(), "moving the cursor changes nothing");
    }

    /// `[-]` and `[+]` (and `[Left]` and `[Right]`) change the option under the cursor and stop at
    /// its ends, saying why nothing changed.
    #[test]
    fn options_step_back_as_well_as_forward_and_stop_at_the_ends() {
        let mut nf = NewFile::default();
        let mut row = 0;
        for _ in 0..3 {
            options_key(&mut nf, &mut row, arrow(KeyCode::Down));
        }
        assert_eq!(row, 3);
        for _ in 0..7 {
            assert_eq!(
                options_key(&mut nf, &mut row, arrow(KeyCode::Left)),
                OptionsKey::Stay(None)
            );
        }
        assert_eq!(nf.options.batsmen, 4);
        options_key(&mut nf, &mut row, key('+'));
        assert_eq!(nf.options.batsmen, 5);
        options_key(&mut nf, &mut row, arrow(KeyCode::Down));
        options_key(&mut nf, &mut row, key('-'));
        options_key(&mut nf, &mut row, key('-'));
        assert_eq!(nf.options.packs_per_session, 1);
        assert_eq!(
            options_key(&mut nf, &mut row, key('-')),
            unchanged("Packs per session: 1 is the lowest there is; [+] steps on.")
        );
        assert_eq!(nf.options.packs_per_session, 1, "no wrap round to 9");
        options_key(&mut nf, &mut row, arrow(KeyCode::Up));
        options_key(&mut nf, &mut row, arrow(KeyCode::Up));
        assert_eq!(row, 2);
        assert_eq!(
            options_key(&mut nf, &mut row, arrow(KeyCode::Right)),
            unchanged("The bye rule is in effect already: [-] takes it out of effect.")
        );
        options_key(&mut nf, &mut row, key('-'));
        assert!(!nf.options.byes);
        assert_eq!(
            options_key(&mut nf, &mut row, key('-')),
            unchanged("The bye rule is out of effect already: [+] puts it in effect.")
        );
        // Every option, both ends: [-]/[+] within its range, never round; a digit round.
        for line in 0..OPTION_ROWS {
            for forward in [false, true] {
                let mut nf = NewFile::default();
                let mut row = line;
                let pm = key(if forward { '+' } else { '-' });
                for _ in 0..20 {
                    options_key(&mut nf, &mut row, pm);
                }
                let end = nf;
                assert!(matches!(
                    options_key(&mut nf, &mut row, pm),
                    OptionsKey::Stay(Some(OptionsNote::Unchanged(_)))
                ));
                assert_eq!(nf, end, "line {line}: nothing changed at the end");
                if forward {
                    let mut lowest = NewFile::default();
                    let mut r = line;
                    for _ in 0..20 {
                        options_key(&mut lowest, &mut r, key('-'));
                    }
                    options_key(&mut nf, &mut r, key(char::from(b'1' + line as u8)));
                    assert_eq!(nf, lowest, "line {line}: a digit at the top goes round");
                }
            }
        }
    }

    #[test]
    fn counties_are_chosen_by_letter_or_none() {
        assert_eq!(county_key(key('s')), Some(Some(0)));
        assert_eq!(county_key(key('0')), Some(None));
        assert_eq!(county_key(key('!')), None);
    }
}
