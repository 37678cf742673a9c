//! Small formatting helpers shared by the views: numbers that may be undefined, ordinals and
//! county names with the user's asterisk.

use crate::counties::{self, CountyId};

/// `value` to `decimals` places, or `-` when undefined.
pub fn number(value: Option<f64>, decimals: usize) -> String {
    value.map_or_else(|| "-".to_string(), |v| format!("{v:.decimals$}"))
}

/// 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A county's full name.
pub fn name(c: CountyId) -> &'static str {
    &counties::get(c).name
}

/// A county's scoreboard name.
pub fn short(c: CountyId) -> &'static str {
    &counties::get(c).short
}

/// `*` for the user's county, else a space.
pub fn star(user: Option<CountyId>, c: CountyId) -> char {
    if user == Some(c) {
        '*'
    } else {
        ' '
    }
}

/// The full name, with `*` after it for the user's county.
pub fn marked(user: Option<CountyId>, c: CountyId) -> String {
    format!("{}{}", name(c), star(user, c))
        .trim_end()
        .to_string()
}

/// The full name padded to 15 columns followed by the user's asterisk (16 columns).
pub fn name_star(user: Option<CountyId>, c: CountyId) -> String {
    format!("{:<15}{}", name(c), star(user, c))
}

/// The footnote explaining the asterisk, when the competition has a user's county.
pub fn star_note(user: Option<CountyId>) -> Option<String> {
    user.map(|c| format!("* your county ({})", name(c)))
}

/// The footnote for a view listing only the counties `shown`: none when the user's county
/// is not among them (there is no asterisk to explain).
pub fn star_note_among(
    user: Option<CountyId>,
    mut shown: impl Iterator<Item = CountyId>,
) -> Option<String> {
    let u = user?;
    shown.any(|c| c == u).then(|| star_note(user))?
}

/// The mark beside points that hold a draw one run short of victory, which earns the side
/// batting last a tie's 2 points where a draw earns 1 (the rules' one-run-short rule).
pub const SHORT_DRAW_MARK: char = '+';

/// The key to [`SHORT_DRAW_MARK`] beside a table's points.
pub const SHORT_DRAW_TABLE_KEY: &str =
    "+ includes a draw one run short of victory: 2 points to the side batting last.";

/// The key to [`SHORT_DRAW_MARK`] beside a match's points.
pub const SHORT_DRAW_MATCH_KEY: &str =
    "+ drawn one run short of victory: 2 points to the side batting last.";

/// [`SHORT_DRAW_MARK`] when `points` is more than its wins, ties and draws earn at 4, 2 and 1
/// (a draw one run short of victory among them), else a space.
pub fn short_draw_mark(points: u32, won: u32, drawn: u32, tied: u32) -> char {
    if points > 4 * won + 2 * tied + drawn {
        SHORT_DRAW_MARK
    } else {
        ' '
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 8, 11, 12, 13, 21, 22, 101]
            .iter()
            .map(|&n| ordinal(n))
            .collect();
        assert_eq!(
            got,
            ["1st", "2nd", "3rd", "4th", "8th", "11th", "12th", "13th", "21st", "22nd", "101st"]
        );
    }

    #[test]
    fn undefined_numbers_are_dashes() {
        assert_eq!(number(None, 3), "-");
        assert_eq!(number(Some(1.23456), 3), "1.235");
    }
}
