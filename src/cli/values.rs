//! The command line's numbers: the parser of each numeric argument, which refuses a value in
//! the program's own words, naming the argument and what it takes ("--years takes a number of
//! seasons from 0 to 100; '-3' is not one"), never in the wording of Rust's number parsing
//! ("invalid digit found in string"). Each such argument lets a negative number through to
//! its parser (`allow_negative_numbers`), so that "-3" is told the same way, not taken for an
//! unknown option. `parse_error_line` (in `cli`) shows a [`ValueError`] as it is.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A value an argument does not take, said in full (the argument, what it takes, the value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError(pub String);

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ValueError {}

/// The refusal of `given` for `flag`, which takes `takes`.
pub fn refused(flag: &str, takes: &str, given: &str) -> ValueError {
    ValueError(format!("{flag} takes {takes}; '{given}' is not one"))
}

/// The parser of `flag`, a whole number in `range`; `takes` says what it is, with the range
/// ("a number of seasons from 0 to 100").
pub fn number<T>(
    flag: &'static str,
    takes: &'static str,
    range: RangeInclusive<T>,
) -> impl Fn(&str) -> Result<T, ValueError> + Clone + Send + Sync + 'static
where
    T: FromStr + PartialOrd + Clone + Send + Sync + 'static,
{
    move |s: &str| {
        s.parse::<T>()
            .ok()
            .filter(|v| range.contains(v))
            .ok_or_else(|| refused(flag, takes, s))
    }
}

/// What a level argument takes.
pub const LEVEL: &str = "a level from 1 (novice) to 5 (professional)";

/// The parser of a computer level (1-5).
pub fn level(
    flag: &'static str,
) -> impl Fn(&str) -> Result<u8, ValueError> + Clone + Send + Sync + 'static {
    number(flag, LEVEL, crate::ai::Level::MIN..=crate::ai::Level::MAX)
}

/// What a seed argument takes.
pub const SEED: &str = "a whole number from 0 to 9007199254740991 (2^53 - 1)";

/// The parser of a seed: a whole number from 0 to [`crate::seed::MAX_SEED`], so that every
/// JSON reader reads back the seed written into a log, an export or a `--json` line.
pub fn seed(
    flag: &'static str,
) -> impl Fn(&str) -> Result<u64, ValueError> + Clone + Send + Sync + 'static {
    number(flag, SEED, 0..=crate::seed::MAX_SEED)
}

/// The parser of `--batsmen` (2-11).
pub fn batsmen(s: &str) -> Result<u8, ValueError> {
    number(
        "--batsmen",
        "a number of batsmen per side from 2 to 11",
        2..=11,
    )(s)
}

/// The parser of `--packs-per-session` (1-9).
pub fn packs_per_session(s: &str) -> Result<u8, ValueError> {
    number(
        "--packs-per-session",
        "a number of packs per session from 1 to 9",
        1..=9,
    )(s)
}

/// The parser of `--days` (1-5).
pub fn days(s: &str) -> Result<u8, ValueError> {
    number("--days", "a number of days per match from 1 to 5", 1..=5)(s)
}

/// A value parser that checks as `inner` does (so what is taken, and the words that refuse
/// the rest, are unchanged) and names `names` as the values a shell's completion offers.
/// Clap shows such values in the help as well; each argument given one hides them there
/// (`hide_possible_values`), its help saying them in words already.
#[derive(Clone)]
pub struct Offering<P> {
    names: Offered,
    inner: P,
}

/// The values an [`Offering`] names.
#[derive(Clone, Copy)]
enum Offered {
    /// These words.
    Names(&'static [&'static str]),
    /// Every county by each of its names (full, short, letter), then these words, each with
    /// what it means.
    Counties(&'static [(&'static str, &'static str)]),
}

/// [`Offering`] `names` for completion, parsed by `inner`.
pub fn offering<P>(names: &'static [&'static str], inner: P) -> Offering<P> {
    Offering {
        names: Offered::Names(names),
        inner,
    }
}

/// The parser of a county argument: any text, found among the counties when the command
/// runs (which refuses an unknown one, listing them); completion offers every county by its
/// full name, its short name where that differs and its letter, each told with the full name
/// (zsh and fish show such words, and put a county's on one line), then `more`, each a word
/// and what it means (sim's `none`).
pub fn county_arg(
    more: &'static [(&'static str, &'static str)],
) -> Offering<clap::builder::StringValueParser> {
    Offering {
        names: Offered::Counties(more),
        inner: clap::builder::StringValueParser::new(),
    }
}

/// A county's letter as a word that lasts (clap names a value by a `&'static str`): the
/// letters are A to Z (tested with the counties).
fn letter(key: char) -> &'static str {
    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let i = LETTERS.find(key).expect("a county's letter is A to Z");
    &LETTERS[i..=i]
}

/// The values completion offers for a county (see [`county_arg`]).
fn county_values(
    more: &'static [(&'static str, &'static str)],
) -> impl Iterator<Item = clap::builder::PossibleValue> {
    use clap::builder::PossibleValue;
    let counties = crate::counties::all().iter().flat_map(|c| {
        let mut v = vec![c.name.as_str()];
        if c.short != c.name {
            v.push(c.short.as_str());
        }
        v.push(letter(c.key));
        v.into_iter()
            .map(|word| PossibleValue::new(word).help(c.name.as_str()))
    });
    counties.chain(
        more.iter()
            .map(|&(word, means)| PossibleValue::new(word).help(means)),
    )
}

/// The levels, as completion offers them.
pub const LEVELS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// The parser of a level argument: [`level`], the levels offered for completion.
pub fn level_arg(flag: &'static str) -> Offering<impl Fn(&str) -> Result<u8, ValueError> + Clone> {
    offering(&LEVELS, level(flag))
}

impl<P> clap::builder::TypedValueParser for Offering<P>
where
    P: clap::builder::TypedValueParser,
{
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.inner.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        match self.names {
            Offered::Names(names) => Some(Box::new(
                names.iter().map(|n| clap::builder::PossibleValue::new(*n)),
            )),
            Offered::Counties(more) => Some(Box::new(county_values(more))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_precision_loss,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn every_kind_of_bad_number_is_told_in_the_same_words() {
        let years = number("--years", "a number of seasons from 0 to 100", 0..=100u32);
        assert_eq!(years("7"), Ok(7));
        assert_eq!(years("0"), Ok(0));
        for bad in ["-3", "abc", "101", "99999999999", "", " 7", "7.5"] {
            assert_eq!(
                years(bad),
                Err(ValueError(format!(
                    "--years takes a number of seasons from 0 to 100; '{bad}' is not one"
                )))
            );
        }
        assert_eq!(
            seed("--seed")("9007199254740991"),
            Ok(crate::seed::MAX_SEED)
        );
        #[allow(
            clippy::cast_sign_loss,
            reason = "the round trip through a double is the point"
        )]
        let back = crate::seed::MAX_SEED as f64 as u64;
        assert_eq!(back, crate::seed::MAX_SEED);
        for bad in [
            "9007199254740992",
            "18446744073709551615",
            "18446744073709551616",
        ] {
            assert_eq!(
                seed("--seed")(bad),
                Err(ValueError(format!(
                    "--seed takes a whole number from 0 to 9007199254740991 (2^53 - 1); \
                     '{bad}' is not one"
                )))
            );
        }
        assert_eq!(level("--bat-level")("5"), Ok(5));
        assert!(level("--bat-level")("6").is_err() && level("--bat-level")("0").is_err());
        assert!(batsmen("1").is_err() && batsmen("12").is_err() && batsmen("2") == Ok(2));
        assert!(days("6").is_err() && packs_per_session("10").is_err());
    }
}
