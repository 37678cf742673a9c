//! The options menu's keys and lines, and the choice of county, without a terminal.

use super::*;
use crossterm::event::KeyModifiers;
use crossterm::event::{KeyCode, KeyEvent};

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
        let OptionsKey::Stay(Some(OptionsNote::Unchanged(t))) = options_key(&mut nf, &mut row, k)
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
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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
