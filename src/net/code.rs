//! The short code a host shows and a guest types, e.g. `7-crimson-wicket`: a number (the
//! relay's pairing slot, 1 to 999) and two words from the project's own fixed list of 256
//! (cricket, the country, colours). The whole code is the PAKE's password
//! ([`super::channel`]); the relay sees only the number.
//!
//! A code drawn by [`Code::random`] holds 16 bits in its words (the number is not secret: a
//! relay reads it): a stranger who guesses has one chance in 65,536, and one guess only, for
//! a wrong one ends the offer. A code typed by a person is checked by [`Code::parse`], which
//! says what is wrong in words.

use std::fmt;

/// The words of a code, 256 of them (8 bits each). Fixed: changing one changes codes.
pub const WORDS: [&str; 256] = [
    "amber",
    "apple",
    "arrow",
    "ashes",
    "autumn",
    "badger",
    "bails",
    "balmy",
    "barley",
    "batsman",
    "beacon",
    "beech",
    "bell",
    "birch",
    "blossom",
    "bluebell",
    "boundary",
    "bramble",
    "breeze",
    "bridge",
    "brook",
    "bumper",
    "buttercup",
    "cabbage",
    "canal",
    "candle",
    "captain",
    "carrot",
    "castle",
    "cedar",
    "century",
    "chalk",
    "cherry",
    "chestnut",
    "cider",
    "clover",
    "cobalt",
    "copper",
    "cornfield",
    "cottage",
    "cover",
    "crimson",
    "crocus",
    "daisy",
    "dawn",
    "dew",
    "dover",
    "drizzle",
    "duck",
    "elm",
    "ember",
    "fairway",
    "falcon",
    "fern",
    "field",
    "finch",
    "flannel",
    "flint",
    "fox",
    "frost",
    "gable",
    "garden",
    "gentle",
    "gilded",
    "ginger",
    "glade",
    "glove",
    "golden",
    "googly",
    "gooseberry",
    "granite",
    "grass",
    "green",
    "gully",
    "hamlet",
    "harbour",
    "hare",
    "harvest",
    "hawthorn",
    "hazel",
    "heath",
    "heather",
    "hedge",
    "heron",
    "hill",
    "holly",
    "honey",
    "hook",
    "ivory",
    "ivy",
    "jasmine",
    "juniper",
    "kestrel",
    "kettle",
    "lantern",
    "lark",
    "laurel",
    "lavender",
    "lawn",
    "leather",
    "lemon",
    "lilac",
    "linden",
    "long",
    "maiden",
    "mallow",
    "maple",
    "marigold",
    "marsh",
    "meadow",
    "mellow",
    "midwicket",
    "mint",
    "mist",
    "moor",
    "moss",
    "mulberry",
    "nettle",
    "nightjar",
    "oak",
    "oat",
    "olive",
    "orchard",
    "otter",
    "over",
    "owl",
    "paddock",
    "pavilion",
    "pear",
    "pebble",
    "pepper",
    "pine",
    "plum",
    "pony",
    "poppy",
    "primrose",
    "pull",
    "quail",
    "quince",
    "rain",
    "raven",
    "reed",
    "ridge",
    "river",
    "robin",
    "roller",
    "rook",
    "rose",
    "rowan",
    "russet",
    "saffron",
    "sage",
    "scarlet",
    "scone",
    "seam",
    "season",
    "shadow",
    "shire",
    "silly",
    "silver",
    "sixer",
    "skylark",
    "slip",
    "sloe",
    "snowdrop",
    "sorrel",
    "sparrow",
    "spin",
    "spinney",
    "square",
    "squire",
    "stag",
    "starling",
    "stone",
    "straw",
    "stream",
    "stump",
    "summer",
    "sunny",
    "swallow",
    "swan",
    "sweep",
    "sycamore",
    "tawny",
    "tea",
    "teasel",
    "thatch",
    "thistle",
    "thrush",
    "timber",
    "toast",
    "trent",
    "tulip",
    "turf",
    "twilight",
    "umber",
    "umpire",
    "valley",
    "velvet",
    "village",
    "violet",
    "walnut",
    "warbler",
    "water",
    "weald",
    "wheat",
    "whisper",
    "willow",
    "wicket",
    "wind",
    "wren",
    "yeoman",
    "yew",
    "yorker",
    "zephyr",
    "abbey",
    "acorn",
    "aspen",
    "baker",
    "bay",
    "blackbird",
    "bluebird",
    "boater",
    "bowler",
    "brass",
    "breakfast",
    "brindle",
    "bronze",
    "buzzard",
    "catch",
    "chaffinch",
    "chalice",
    "charm",
    "clay",
    "cliff",
    "cloud",
    "coral",
    "cream",
    "cricket",
    "cuckoo",
    "dale",
    "dove",
    "dune",
    "fable",
    "feather",
    "fell",
    "fennel",
    "fiddle",
    "gold",
    "grove",
    "gull",
    "hop",
    "inn",
    "jay",
    "jubilee",
    "kingfisher",
];

/// The highest slot number.
pub const MAX_SLOT: u16 = 999;

/// A short code: a slot number and two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    slot: u16,
    words: [u8; 2],
}

/// Why a typed code was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not three parts joined by `-`.
    Shape,
    /// The first part is not a number 1 to 999.
    Slot(String),
    /// A word is not on the list.
    Word(String),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Shape => f.write_str(
                "a code is a number and two words joined by '-', such as 7-crimson-wicket",
            ),
            CodeError::Slot(s) => write!(
                f,
                "a code begins with a number from 1 to {MAX_SLOT}, and '{s}' is not one"
            ),
            CodeError::Word(w) => write!(
                f,
                "'{w}' is not one of the code words (check the spelling the host was shown)"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

impl Code {
    /// The code with this slot and words, by their places in [`WORDS`].
    pub fn new(slot: u16, words: [u8; 2]) -> Result<Code, CodeError> {
        if !(1..=MAX_SLOT).contains(&slot) {
            return Err(CodeError::Slot(slot.to_string()));
        }
        Ok(Code { slot, words })
    }

    /// A new code from the operating system's randomness (never from a match seed: a code
    /// must not be guessable from anything the guest sees).
    pub fn random() -> Result<Code, getrandom::Error> {
        let mut b = [0u8; 4];
        getrandom::getrandom(&mut b)?;
        let slot = 1 + u16::from_le_bytes([b[0], b[1]]) % MAX_SLOT;
        Ok(Code {
            slot,
            words: [b[2], b[3]],
        })
    }

    /// Reads a typed code: spaces around it and the case of its letters do not matter, and
    /// words may be parted by spaces as well as `-`.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "an index into WORDS, a list of 256 words: it fits a byte"
    )]
    pub fn parse(s: &str) -> Result<Code, CodeError> {
        let lower = s.trim().to_ascii_lowercase();
        let parts: Vec<&str> = lower
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let [slot, a, b] = parts[..] else {
            return Err(CodeError::Shape);
        };
        let slot = match slot.parse::<u16>() {
            Ok(n) if (1..=MAX_SLOT).contains(&n) => n,
            _ => return Err(CodeError::Slot(slot.to_string())),
        };
        let word = |w: &str| {
            WORDS
                .iter()
                .position(|x| *x == w)
                .map(|i| i as u8)
                .ok_or_else(|| CodeError::Word(w.to_string()))
        };
        Ok(Code {
            slot,
            words: [word(a)?, word(b)?],
        })
    }

    /// The relay's pairing slot (the code's first part, not secret).
    pub fn slot(&self) -> u16 {
        self.slot
    }

    /// The PAKE's password: the whole code as written.
    pub fn password(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}-{}",
            self.slot, WORDS[self.words[0] as usize], WORDS[self.words[1] as usize]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_distinct_plain_and_lower_case() {
        let mut sorted = WORDS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
        assert!(WORDS
            .iter()
            .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn a_code_reads_back_as_written() {
        for _ in 0..50 {
            let c = Code::random().unwrap();
            assert_eq!(Code::parse(&c.to_string()), Ok(c));
        }
        let c = Code::parse("  7 Crimson-WICKET ").unwrap();
        assert_eq!(c.to_string(), "7-crimson-wicket");
        assert_eq!(c.slot(), 7);
    }

    #[test]
    fn bad_codes_are_told_what_is_wrong() {
        assert_eq!(Code::parse(""), Err(CodeError::Shape));
        assert_eq!(Code::parse("7-crimson"), Err(CodeError::Shape));
        assert_eq!(Code::parse("7-a-b-c"), Err(CodeError::Shape));
        assert_eq!(
            Code::parse("0-crimson-wicket"),
            Err(CodeError::Slot("0".into()))
        );
        assert_eq!(
            Code::parse("1000-crimson-wicket"),
            Err(CodeError::Slot("1000".into()))
        );
        assert_eq!(
            Code::parse("x-crimson-wicket"),
            Err(CodeError::Slot("x".into()))
        );
        assert_eq!(
            Code::parse("7-crimsen-wicket"),
            Err(CodeError::Word("crimsen".into()))
        );
        assert!(CodeError::Word("crimsen".into())
            .to_string()
            .contains("crimsen"));
        assert!(Code::new(0, [0, 0]).is_err());
    }
}
