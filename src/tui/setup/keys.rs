//! The keys of the start screens: a typed line edited, the options menu's keys (each option
//! stepped, said in words, explained), and the key that chooses a county. Nothing is drawn
//! here; `draw` shows the state these keys leave.

use crossterm::event::{KeyCode, KeyEvent};

use super::{level_name, option_value, rule, NewFile, OPTION_NAMES, OPTION_ROWS};
use crate::counties;

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

/// The county chosen by a key: a county's letter, or `None` for `[0]` (spectator).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a county's position in the list of 16: it fits a byte"
)]
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
