//! Card lookup: the cards a system's source describes, found by name or by number.
//!
//! A system's cards come from its data: each row of a chart `cards` is a card with its note
//! (Twilight Struggle's card notes), and each chart `card-ID` is a card with its whole
//! procedure (Undaunted's AI cards). The sources give no card numbers of the games, so a
//! card's number is its place in this list (for Undaunted, the source's playing order).

use std::fmt;

use super::data::Chart;
use super::{table, SystemDef};
use crate::text::Wrap;

/// One card of a system.
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    /// Its place in the system's list, from 1.
    pub number: usize,
    /// Its name as the data gives it.
    pub name: &'a str,
    /// Where its text is.
    what: What<'a>,
}

#[derive(Debug, Clone, Copy)]
enum What<'a> {
    /// A row of the card-notes chart: the note.
    Note(&'a str),
    /// A chart of its own.
    Chart(&'a Chart),
}

impl Card<'_> {
    /// The card as text no wider than `width`: its name, then its note or its chart.
    pub fn text(&self, width: usize) -> String {
        match self.what {
            What::Note(note) => {
                let mut s = format!("{}. {}\n", self.number, self.name);
                for line in Wrap::new(width).begun("  ", "  ").lines(note) {
                    s.push_str(&line);
                    s.push('\n');
                }
                s
            }
            What::Chart(chart) => format!(
                "{}. {}\n{}",
                self.number,
                self.name,
                table::render_within(chart, width)
            ),
        }
    }
}

/// The cards the system's data describes, numbered from 1 (none for systems without cards).
pub fn cards(sys: &SystemDef) -> Vec<Card<'_>> {
    let mut out = Vec::new();
    for chart in &sys.charts {
        if chart.id == "cards" {
            for row in &chart.rows {
                out.push((row.label.as_str(), What::Note(row.cells[0].as_str())));
            }
        } else if chart.id.starts_with("card-") {
            out.push((chart.title.as_str(), What::Chart(chart)));
        }
    }
    out.into_iter()
        .enumerate()
        .map(|(i, (name, what))| Card {
            number: i + 1,
            name,
            what,
        })
        .collect()
}

/// Why a card was not found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
}

/// The kinds of lookup failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The system's sources describe no cards.
    NoCards { system: String },
    /// A number outside the list.
    NoNumber { number: usize, count: usize },
    /// No card's name fits; the names, for the message.
    NoName { query: String, names: Vec<String> },
    /// More than one card's name fits.
    Ambiguous { query: String, names: Vec<String> },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::NoCards { system } => {
                write!(f, "the {system} charts describe no cards")
            }
            ErrorKind::NoNumber { number, count } => {
                write!(
                    f,
                    "there is no card {number}: the cards are numbered 1 to {count}"
                )
            }
            ErrorKind::NoName { query, names } => write!(
                f,
                "no card is called '{query}': the cards are {}",
                names.join(", ")
            ),
            ErrorKind::Ambiguous { query, names } => write!(
                f,
                "'{query}' fits more than one card: {}; say more of the name",
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The card `query` names: its number, its whole name, or a part of the name that only one
/// card has (case, accents, umlauts written out and punctuation do not matter).
pub fn find<'a>(sys: &'a SystemDef, query: &str) -> Result<Card<'a>, Error> {
    let all = cards(sys);
    let fail = |kind| Err(Error { kind });
    if all.is_empty() {
        return fail(ErrorKind::NoCards {
            system: sys.meta.name.clone(),
        });
    }
    let query = query.trim();
    if let Ok(n) = query.parse::<usize>() {
        return match all.get(n.wrapping_sub(1)) {
            Some(card) => Ok(*card),
            None => fail(ErrorKind::NoNumber {
                number: n,
                count: all.len(),
            }),
        };
    }
    let q = folded(query);
    let names = || all.iter().map(|c| c.name.to_string()).collect::<Vec<_>>();
    if q.is_empty() {
        return fail(ErrorKind::NoName {
            query: query.into(),
            names: names(),
        });
    }
    // A whole name (or a whole part of "A / B") first, then a part of a name.
    let whole: Vec<&Card> = all
        .iter()
        .filter(|c| folded(c.name) == q || c.name.split(['/', '(']).any(|part| folded(part) == q))
        .collect();
    let found: Vec<&Card> = if whole.is_empty() {
        all.iter().filter(|c| folded(c.name).contains(&q)).collect()
    } else {
        whole
    };
    match found.as_slice() {
        [one] => Ok(**one),
        [] => fail(ErrorKind::NoName {
            query: query.into(),
            names: names(),
        }),
        more => fail(ErrorKind::Ambiguous {
            query: query.into(),
            names: more.iter().map(|c| c.name.to_string()).collect(),
        }),
    }
}

/// A name for matching: lower case, umlauts written out, letters and digits only.
pub fn folded(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            c if c.is_alphanumeric() => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sys(id: &str) -> &'static SystemDef {
        crate::charts::system(id).unwrap()
    }

    #[test]
    fn cards_are_found_by_name_part_or_number() {
        let ts = sys("twilight-struggle");
        assert_eq!(find(ts, "cia").unwrap().name, "CIA / Lone Gunman");
        assert_eq!(find(ts, "Lone Gunman").unwrap().name, "CIA / Lone Gunman");
        assert_eq!(find(ts, "ask not").unwrap().name, "\"Ask Not...\"");
        let first = find(ts, "1").unwrap();
        assert_eq!((first.number, first.name), (1, "\"Ask Not...\""));
        assert!(find(ts, "cia").unwrap().text(78).contains("1 Op more"));
        let un = sys("undaunted");
        let card = find(un, "zugtruppfuehrer").unwrap();
        assert_eq!(card.number, 1, "the source's playing order");
        assert!(card.text(78).contains("VERSTÄRKEN"), "{}", card.text(78));
        assert_eq!(find(un, "Zugtruppführer").unwrap().number, 1);
        assert_eq!(find(un, "platoon guide").unwrap().number, 2);
        // "Schütze" is a whole name of its own, though machine gunners and snipers have it too.
        assert!(find(un, "schütze").unwrap().name.starts_with("SCHÜTZE"));
        assert!(find(un, "8").unwrap().name.starts_with("GRUPPENFÜHRER"));
    }

    #[test]
    fn a_card_not_found_says_why() {
        let ts = sys("twilight-struggle");
        let e = find(ts, "99").unwrap_err();
        assert!(
            matches!(e.kind, ErrorKind::NoNumber { number: 99, .. }),
            "{e}"
        );
        let e = find(ts, "0").unwrap_err();
        assert!(
            matches!(e.kind, ErrorKind::NoNumber { number: 0, .. }),
            "{e}"
        );
        let e = find(ts, "zzz").unwrap_err();
        assert!(e.to_string().contains("Wargames"), "lists the cards: {e}");
        let e = find(ts, "war").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::Ambiguous { .. }), "{e}");
        let e = find(ts, "  ").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::NoName { .. }), "{e}");
        let e = find(sys("paydirt-vii"), "1").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::NoCards { .. }), "{e}");
    }
}
