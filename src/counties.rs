//! The 16 counties: names, scoreboard names, selection keys and 1890 classes, read from the
//! embedded `data/counties.toml`.

use serde::Deserialize;
use std::sync::OnceLock;

/// First or second class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    First,
    Second,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::First => "first",
            Class::Second => "second",
        }
    }

    pub fn other(self) -> Class {
        match self {
            Class::First => Class::Second,
            Class::Second => Class::First,
        }
    }
}

/// One county.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct County {
    /// Full name, e.g. "Nottinghamshire".
    pub name: String,
    /// Scoreboard name, e.g. "Notts".
    pub short: String,
    /// The letter that selects it.
    pub key: char,
    /// Its class in 1890.
    pub class: Class,
}

/// A county's position in [`all`], 0..16: the stable id used everywhere else.
pub type CountyId = u8;

#[derive(Deserialize)]
struct File {
    county: Vec<County>,
}

/// The embedded county list.
pub const COUNTIES_TOML: &str = include_str!("../data/counties.toml");

/// All 16 counties, in file order (first class in 1890 order, then second class).
pub fn all() -> &'static [County] {
    static COUNTIES: OnceLock<Vec<County>> = OnceLock::new();
    COUNTIES.get_or_init(|| {
        let file: File =
            toml::from_str(COUNTIES_TOML).expect("data/counties.toml is valid (tested)");
        file.county
    })
}

/// Every county's id, in [`all`]'s order.
pub fn ids() -> std::ops::Range<CountyId> {
    0..id_at(all().len())
}

/// The id of the county at this position in [`all`] (or of the end of the list).
#[expect(
    clippy::cast_possible_truncation,
    reason = "the embedded list has 16 counties (a test holds it to that): every position fits a u8"
)]
pub fn id_at(i: usize) -> CountyId {
    i as CountyId
}

/// The county with this id.
pub fn get(id: CountyId) -> &'static County {
    &all()[id as usize]
}

/// Every county as a person may name it: its full name, then its short name (where that
/// differs) and its letter: "Surrey (S)", "Lancashire (Lancs, L)", ...
fn entries() -> Vec<String> {
    all()
        .iter()
        .map(|c| {
            if c.short == c.name {
                format!("{} ({})", c.name, c.key)
            } else {
                format!("{} ({}, {})", c.name, c.short, c.key)
            }
        })
        .collect()
}

/// Every county as a person may name it ("Surrey (S), Lancashire (Lancs, L), ..."), then
/// `more`, in lines of at most `width` characters after `indent` (the program's one wrap,
/// [`crate::text::Wrap`]), a county never parted from its letter. For the help of the commands
/// that take a county, and the message that refuses an unknown one.
pub fn names_and_letters_lines(width: usize, indent: &str, more: &str) -> Vec<String> {
    // Within an entry the spaces are a character that is not whitespace, so the wrap keeps
    // the entry on one line; they are spaces again once it has.
    const JOIN: char = '\u{1f}';
    let text = entries()
        .iter()
        .map(|e| e.replace(' ', &JOIN.to_string()))
        .collect::<Vec<_>>()
        .join(", ");
    crate::text::Wrap::new(width)
        .begun(indent, indent)
        .long_words_whole()
        .lines(&format!("{text}{more}"))
        .into_iter()
        .map(|l| l.replace(JOIN, " "))
        .collect()
}

/// A county name that matches no county.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCounty(pub String);

impl UnknownCounty {
    /// The message, with `more` (another answer the option takes, such as `or "none"`) after
    /// the counties: its first line says what was not found, then the counties follow,
    /// wrapped within 78 columns and indented.
    pub fn message(&self, more: &str) -> String {
        let list = names_and_letters_lines(78, "  ", more);
        format!(
            "unknown county {:?}; give a name, short name or letter, in any case:\n{}",
            self.0,
            list.join("\n")
        )
    }
}

impl std::fmt::Display for UnknownCounty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(""))
    }
}

impl std::error::Error for UnknownCounty {}

/// Finds a county by full name, short name or key letter, in any case.
pub fn find(name: &str) -> Result<CountyId, UnknownCounty> {
    let wanted = name.trim().to_lowercase();
    all()
        .iter()
        .position(|c| {
            c.name.to_lowercase() == wanted
                || c.short.to_lowercase() == wanted
                || (wanted.chars().count() == 1 && c.key.to_ascii_lowercase().to_string() == wanted)
        })
        .map(id_at)
        .ok_or_else(|| UnknownCounty(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_counties_eight_in_each_class_with_unique_names_and_keys() {
        let all = all();
        assert_eq!(all.len(), 16);
        let first: Vec<_> = all
            .iter()
            .filter(|c| c.class == Class::First)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(
            first,
            [
                "Surrey",
                "Lancashire",
                "Kent",
                "Yorkshire",
                "Nottinghamshire",
                "Gloucestershire",
                "Middlesex",
                "Sussex"
            ]
        );
        let second: Vec<_> = all
            .iter()
            .filter(|c| c.class == Class::Second)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(
            second,
            [
                "Somerset",
                "Warwickshire",
                "Leicestershire",
                "Derbyshire",
                "Hampshire",
                "Essex",
                "Staffordshire",
                "Cheshire"
            ]
        );
        let mut keys: Vec<char> = all.iter().map(|c| c.key).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 16);
        assert!(all.iter().all(|c| c.key.is_ascii_uppercase()));
    }

    #[test]
    fn scoreboard_names_are_the_guides() {
        let shorts: Vec<_> = all().iter().map(|c| c.short.as_str()).collect();
        for s in [
            "Notts", "Lancs", "Yorks", "Glos", "Middx", "Warks", "Leics", "Derbys", "Hants",
            "Staffs", "Som", "Ches", "Surrey", "Kent", "Sussex", "Essex",
        ] {
            assert!(shorts.contains(&s), "{s}");
        }
    }

    #[test]
    fn find_accepts_full_short_and_key_in_any_case() {
        let notts = find("Nottinghamshire").unwrap();
        assert_eq!(find("notts").unwrap(), notts);
        assert_eq!(find("NOTTS").unwrap(), notts);
        assert_eq!(find("n").unwrap(), notts);
        assert_eq!(get(notts).short, "Notts");
        let err = find("Durham").unwrap_err().to_string();
        assert!(
            err.starts_with("unknown county \"Durham\"; give a name, short name or letter")
                && err.contains("Surrey (S), Lancashire (Lancs, L),")
                && err.ends_with("Cheshire (Ches, C)"),
            "{err}"
        );
    }

    /// Every letter `find` takes is in the list a person is shown, with its county, and the
    /// message's lines fit an 80-column terminal after "accc: ".
    #[test]
    fn the_unknown_county_message_lists_every_letter_within_80_columns() {
        let list = entries().join(", ");
        for c in all() {
            let entry = if c.short == c.name {
                format!("{} ({})", c.name, c.key)
            } else {
                format!("{} ({}, {})", c.name, c.short, c.key)
            };
            assert!(list.contains(&entry), "{entry}: {list}");
            assert_eq!(find(&c.key.to_string()).map(get), Ok(c));
        }
        let err = find("Z").unwrap_err();
        let said = format!("accc: {}", err.message(", or \"none\""));
        assert!(said.ends_with("Cheshire (Ches, C), or \"none\""), "{said}");
        for line in said.lines() {
            assert!(line.chars().count() <= 78, "{line:?}");
        }
        assert_eq!(said.lines().count(), 6, "{said}");
        assert!(said.contains("\n  Leicestershire (Leics, I),"), "{said}");
    }
}
