//! Text in lines of a given width: the program's one word wrap, for the terminal's screens,
//! the printed commands and the solo charts' tables and cards; and a count in words
//! ([`plural`]). It knows nothing of cricket or of the charts, so both may use it though
//! neither depends on the other.
//!
//! Words are what the text holds between whitespace (spaces, tabs, line ends): a text is one
//! paragraph, its words set out again with one space between them. A caller that keeps its
//! blank lines wraps the text a line at a time (a text with no words is one blank line).
//! Widths count characters, as the charts' tables do: the program's text holds no
//! double-width characters.

/// `n` things in words: "1 run", "2 runs" (`one`: the singular, made plural with an s).
pub fn plural(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// How to wrap: the width of the lines, what begins them, and what becomes of a word longer
/// than a line's room.
#[derive(Debug, Clone, Copy)]
pub struct Wrap<'a> {
    width: usize,
    first: &'a str,
    rest: &'a str,
    break_long: bool,
}

impl<'a> Wrap<'a> {
    /// Lines at most `width` characters wide, begun with nothing; a word longer than the
    /// width is broken, a piece as long as the width on each line, so nothing goes past the
    /// width: a screen would cut it at its edge, and a table's column would lose its line.
    pub fn new(width: usize) -> Self {
        Wrap {
            width,
            first: "",
            rest: "",
            break_long: true,
        }
    }

    /// The first line begun with `first` and each later one with `rest` (a list item's
    /// number, and the indent under it), within the width.
    pub fn begun(self, first: &'a str, rest: &'a str) -> Self {
        Wrap {
            first,
            rest,
            ..self
        }
    }

    /// A word longer than the width is kept whole, alone on a line that is longer: for text
    /// printed to a terminal, which shows all of it (wrapping it itself), and where a name or
    /// an address is read and copied whole.
    pub fn long_words_whole(self) -> Self {
        Wrap {
            break_long: false,
            ..self
        }
    }

    /// `text`'s words in lines, as many on each as fit, in their order. A text with no words
    /// is one line, the first line's beginning without its trailing spaces.
    pub fn lines(&self, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = Line::begun(self.first);
        for mut word in text.split_whitespace() {
            let mut count = word.chars().count();
            if !line.bare && line.used + 1 + count > self.width {
                lines.push(line.text);
                line = Line::begun(self.rest);
            }
            if self.break_long && line.bare {
                // The room of an empty line (one character at the least, so a beginning as
                // wide as the width cannot hold the word back for ever).
                loop {
                    let room = self.width.saturating_sub(line.used).max(1);
                    if count <= room {
                        break;
                    }
                    let at = word.char_indices().nth(room).map_or(word.len(), |(i, _)| i);
                    line.push(&word[..at], room);
                    lines.push(line.text);
                    line = Line::begun(self.rest);
                    word = &word[at..];
                    count -= room;
                }
            }
            line.push(word, count);
        }
        lines.push(line.finished());
        lines
    }
}

/// `text` in lines at most `width` characters wide, a word longer than that broken across
/// lines: [`Wrap`] for beginnings and words kept whole.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    Wrap::new(width).lines(text)
}

/// A line being filled.
struct Line {
    text: String,
    /// Its length in characters.
    used: usize,
    /// No word on it yet, only its beginning.
    bare: bool,
}

impl Line {
    fn begun(beginning: &str) -> Line {
        Line {
            text: beginning.to_string(),
            used: beginning.chars().count(),
            bare: true,
        }
    }

    /// Adds `word`, `count` characters long, after a space unless it is the line's first.
    fn push(&mut self, word: &str, count: usize) {
        if !self.bare {
            self.text.push(' ');
            self.used += 1;
        }
        self.text.push_str(word);
        self.used += count;
        self.bare = false;
    }

    fn finished(mut self) -> String {
        if self.bare {
            self.text.truncate(self.text.trim_end().len());
        }
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::{wrap, Wrap};
    use proptest::prelude::*;

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn words_fill_each_line_and_the_width_counts_characters() {
        assert_eq!(
            wrap("one two three four", 9),
            vec!["one two", "three", "four"]
        );
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        // "ähnlich über" is 12 characters (14 bytes): it fits in 12.
        assert_eq!(wrap("ähnlich über", 12), vec!["ähnlich über"]);
        assert_eq!(wrap("ähnlich über", 11), vec!["ähnlich", "über"]);
    }

    #[test]
    fn spacing_and_line_ends_become_single_spaces() {
        assert_eq!(
            wrap("  a\tlong   line\nof  words  ", 80),
            vec!["a long line of words"]
        );
    }

    #[test]
    fn a_text_with_no_words_is_one_blank_line() {
        assert_eq!(wrap("", 10), vec![""]);
        assert_eq!(wrap("   \n ", 10), vec![""]);
        assert_eq!(Wrap::new(10).begun("  - ", "    ").lines(""), vec!["  -"]);
    }

    #[test]
    fn beginnings_are_within_the_width() {
        let lines = Wrap::new(12)
            .begun(" 1. ", "    ")
            .lines("the cards kept and the runs");
        assert_eq!(
            lines,
            vec![" 1. the", "    cards", "    kept and", "    the runs"]
        );
    }

    #[test]
    fn a_word_longer_than_the_width_is_broken_unless_kept_whole() {
        assert_eq!(
            wrap("ab abcdefghijkl cd e", 5),
            vec!["ab", "abcde", "fghij", "kl cd", "e"]
        );
        assert_eq!(
            Wrap::new(5)
                .long_words_whole()
                .lines("ab abcdefghijkl cd e"),
            vec!["ab", "abcdefghijkl", "cd e"]
        );
        // Broken by characters, not bytes; with a beginning, within what is left.
        assert_eq!(
            Wrap::new(6).begun("- ", "  ").lines("ÄÖÜäöüß"),
            vec!["- ÄÖÜä", "  öüß"]
        );
    }

    #[test]
    fn a_beginning_as_wide_as_the_width_still_takes_a_character_a_line() {
        assert_eq!(
            Wrap::new(2).begun("--", "  ").lines("abc"),
            vec!["--a", "  b", "  c"]
        );
        assert_eq!(wrap("abc", 0), vec!["a", "b", "c"]);
    }

    /// Words of 1 to 12 letters (some not ASCII), with runs of spaces, tabs and line ends.
    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(("[a-zäöü]{1,12}", "[ \t\n]{1,3}"), 0..30)
            .prop_map(|ws| ws.into_iter().map(|(w, s)| w + &s).collect())
    }

    proptest! {
        #[test]
        fn whole_words_no_line_too_long_none_lost_and_each_line_full(
            text in text(),
            width in 1usize..30,
            first in "[ -]{0,4}",
            rest in " {0,4}",
        ) {
            let lines = Wrap::new(width).begun(&first, &rest).long_words_whole().lines(&text);
            let mut said = Vec::new();
            for (i, line) in lines.iter().enumerate() {
                let beginning = if i == 0 { &first } else { &rest };
                let on = if line.len() < beginning.len() {
                    // A line with no word: the beginning without its trailing spaces.
                    prop_assert_eq!(line.as_str(), beginning.trim_end());
                    prop_assert_eq!(lines.len(), 1);
                    ""
                } else {
                    prop_assert!(line.starts_with(beginning.as_str()), "{:?}", lines);
                    &line[beginning.len()..]
                };
                // Words joined by single spaces, none before or after them.
                prop_assert_eq!(on, words(on).join(" "));
                let n = line.chars().count();
                // A line with no word is its beginning alone, as asserted above, however wide.
                prop_assert!(
                    on.is_empty() || n <= width || words(on).len() == 1,
                    "{:?} at {}",
                    lines,
                    width
                );
                // Greedy: the next line's first word would not have fitted on this one.
                if let Some(next) = lines.get(i + 1) {
                    let next_word = words(next)[0];
                    prop_assert!(n + 1 + next_word.chars().count() > width, "{:?}", lines);
                }
                said.extend(words(on));
            }
            prop_assert_eq!(said, words(&text));
        }

        #[test]
        fn broken_words_keep_every_line_within_the_width_and_lose_nothing(
            text in text(),
            width in 1usize..30,
            first in "[ -]{0,4}",
            rest in " {0,4}",
        ) {
            let width = width + first.len().max(rest.len());
            let lines = Wrap::new(width).begun(&first, &rest).lines(&text);
            for line in &lines {
                prop_assert!(line.chars().count() <= width, "{:?} at {}", lines, width);
            }
            let letters = |s: &str| s.chars().filter(|c| c.is_alphabetic()).collect::<String>();
            prop_assert_eq!(letters(&lines.concat()), letters(&text));
            // Where every word fits in a line, none is broken: the same as kept whole.
            let whole = Wrap::new(width).begun(&first, &rest).long_words_whole().lines(&text);
            if words(&text).iter().all(|w| w.chars().count() + first.len().max(rest.len()) <= width) {
                prop_assert_eq!(&lines, &whole);
            }
        }
    }
}
