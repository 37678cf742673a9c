//! The command-line flags a procedure declares ([`Param`]): how each answers a question
//! family, and whether a table session keeps it ([`Keep`]).

/// How a command-line flag answers a question family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// `--flag` means yes and `--no-flag` no; one of them must be given when the call comes
    /// to the question (or `--others-no`, which answers no to every yes/no not given).
    Flag,
    /// `--name N`, with an optional default.
    Number { default: Option<i64> },
    /// `--name KEY` from a fixed list, with an optional default.
    Choice {
        options: &'static [&'static str],
        default: Option<&'static str>,
    },
    /// `--name N` gives a die; repeated for re-rolls; left out, the program rolls.
    Die,
    /// `--name TEXT`, may be repeated (values are joined with ";").
    Text,
}

/// A command-line flag of a procedure; its name is a question family.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
    pub help: &'static str,
    /// Flags that cannot be given together with this one.
    pub conflicts: &'static [&'static str],
    /// For a die: the flag whose answer is read off a chart at this roll. When `call` gets that
    /// flag but not the die, the die decides nothing and is not rolled.
    pub reads: Option<&'static str>,
    /// Whether a table session keeps the answer as a fact of the game, and which kind.
    pub keep: Keep,
    /// For a number a session keeps: the values it may take (`session set` checks them).
    pub range: Option<(i64, i64)>,
    /// For a choice a session keeps: each option with what it means, as the question that
    /// asks it offers them, for a list of facts to show beside the key.
    pub meanings: &'static [(&'static str, &'static str)],
    /// A kept fact that changes between any two calls of its procedure (Paydirt's time and
    /// score, which `status` exists to turn into ahead or behind): a session keeps it, but
    /// never answers it unasked - the terminal offers the kept value for `[Enter]` to confirm,
    /// the command line needs the flag and names the kept value when it is missing.
    pub each_call: bool,
    /// For a choice: other names each option is taken under, (name, option key), as the
    /// question takes them too (Undaunted's units by their German and English names).
    pub names: &'static [(&'static str, &'static str)],
    /// Other flag names taken for this one (not shown in the help).
    pub aliases: &'static [&'static str],
}

/// Whether a table session keeps the answer to a question between calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Asked each call (the down, a die, what the board shows this round).
    No,
    /// A standing fact: true for the whole game or most of it (a rating, a card in effect,
    /// which sheet the AI plays from).
    Standing,
    /// The game's situation: true for several calls in a row, then it changes (ahead or
    /// behind, the quarter, the cards left). Kept from the last answer given or the last
    /// result that gave it, and always shown as taken from the session when used.
    Situation,
}

impl Keep {
    /// The kind in words, for lists of facts.
    pub fn as_str(self) -> &'static str {
        match self {
            Keep::No => "asked each call",
            Keep::Standing => "standing",
            Keep::Situation => "situation",
        }
    }
}

impl Param {
    /// The one constructor the others share: flag `name` of `kind`, asked each call, with no
    /// other flag excluded, no die reading, no range, meanings or other names.
    pub const fn new(name: &'static str, kind: ParamKind, help: &'static str) -> Self {
        Param {
            name,
            kind,
            help,
            conflicts: &[],
            reads: None,
            keep: Keep::No,
            range: None,
            meanings: &[],
            each_call: false,
            names: &[],
            aliases: &[],
        }
    }
    /// A yes/no flag.
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Flag, help)
    }
    /// A yes/no flag that excludes others.
    pub const fn flag_excl(
        name: &'static str,
        help: &'static str,
        conflicts: &'static [&'static str],
    ) -> Self {
        Param {
            conflicts,
            ..Param::flag(name, help)
        }
    }
    /// A required number.
    pub const fn number(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Number { default: None }, help)
    }
    /// A required choice.
    pub const fn choice(
        name: &'static str,
        options: &'static [&'static str],
        help: &'static str,
    ) -> Self {
        Param::new(
            name,
            ParamKind::Choice {
                options,
                default: None,
            },
            help,
        )
    }
    /// A choice with a default.
    pub const fn choice_or(
        name: &'static str,
        options: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> Self {
        Param::new(
            name,
            ParamKind::Choice {
                options,
                default: Some(default),
            },
            help,
        )
    }
    /// A die the program rolls unless given.
    pub const fn die(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Die, help)
    }
    /// A die the program rolls unless given, used to read the answer to flag `reads` off a
    /// chart (so it is not needed when that answer is given).
    pub const fn die_reading(name: &'static str, help: &'static str, reads: &'static str) -> Self {
        Param {
            reads: Some(reads),
            ..Param::die(name, help)
        }
    }
    /// Free text, repeatable.
    pub const fn text(name: &'static str, help: &'static str) -> Self {
        Param::new(name, ParamKind::Text, help)
    }
    /// The same flag, marked as a standing fact of the game.
    pub const fn standing(self) -> Self {
        Param {
            keep: Keep::Standing,
            ..self
        }
    }
    /// The same flag, marked as a fact of the game's situation.
    pub const fn situation(self) -> Self {
        Param {
            keep: Keep::Situation,
            ..self
        }
    }
    /// The same kept flag, asked on every call all the same (see [`Param::each_call`]).
    pub const fn asked_each_call(self) -> Self {
        Param {
            each_call: true,
            ..self
        }
    }
    /// The same number flag, with the values a session may keep for it.
    pub const fn within(self, min: i64, max: i64) -> Self {
        Param {
            range: Some((min, max)),
            ..self
        }
    }
    /// The same choice flag, with what each option means (the options the question offers).
    pub const fn meaning(self, meanings: &'static [(&'static str, &'static str)]) -> Self {
        Param { meanings, ..self }
    }
    /// The same choice flag, taking other names for its options: (name, option key).
    pub const fn named(self, names: &'static [(&'static str, &'static str)]) -> Self {
        Param { names, ..self }
    }
    /// The same flag, also taken under other names (not shown in the help): `tie --die`
    /// takes `--d6`, `--d12` and `--d20`, the names other procedures give their dice.
    pub const fn alias(self, aliases: &'static [&'static str]) -> Self {
        Param { aliases, ..self }
    }
    /// Whether a table session keeps the answer (standing or situation).
    pub fn kept(&self) -> bool {
        self.keep != Keep::No
    }
}
