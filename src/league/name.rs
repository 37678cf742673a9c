//! A competition's name, which is also its file's: what a name may be, and its one spelling.

/// Longest competition name (a DOS file name).
pub const MAX_NAME: usize = 8;

/// A name that cannot be a competition's (or a file's): what was given, and why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError {
    pub name: String,
    pub why: NameProblem,
}

/// Why a name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    TooLong,
    BadCharacter,
    /// It begins with '-', which a command line takes for an option (new names only).
    LeadingHyphen,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.why {
            NameProblem::Empty => "it is empty",
            NameProblem::TooLong => "it is longer than 8 characters",
            NameProblem::BadCharacter => "use only letters, digits, '_' and '-'",
            NameProblem::LeadingHyphen => {
                "it begins with '-', which a command line would take for an option"
            }
        };
        write!(
            f,
            "{:?} is not a competition name: {why} (a name is 1 to {MAX_NAME} characters, like \
             SURREY11 or 1ST_TRY)",
            self.name
        )
    }
}

impl std::error::Error for NameError {}

/// The name of a new competition (and file) in its one spelling: 1–8 letters, digits, `_` or
/// `-` but not beginning with `-` (`accc show -X` would read it as an option), upper-cased. A
/// trailing `.acc` is dropped.
pub fn normalise_name(name: &str) -> Result<String, NameError> {
    let bare = normalise_file_name(name)?;
    if bare.starts_with('-') {
        return Err(NameError {
            name: name.to_string(),
            why: NameProblem::LeadingHyphen,
        });
    }
    Ok(bare)
}

/// The name of a file that may have been made before names beginning with `-` were refused:
/// [`normalise_name`] without that rule, so that such a file can still be opened (from the
/// command line after `--`: `accc show -- -X table`).
pub fn normalise_file_name(name: &str) -> Result<String, NameError> {
    let bare = name
        .strip_suffix(".acc")
        .or_else(|| name.strip_suffix(".ACC"))
        .unwrap_or(name);
    let why = if bare.is_empty() {
        NameProblem::Empty
    } else if bare.len() > MAX_NAME {
        NameProblem::TooLong
    } else if !bare
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        NameProblem::BadCharacter
    } else {
        return Ok(bare.to_ascii_uppercase());
    };
    Err(NameError {
        name: name.to_string(),
        why,
    })
}

#[cfg(test)]
mod tests {
    use super::normalise_name;

    #[test]
    fn names_follow_the_dos_rule_and_say_what_is_wrong() {
        assert_eq!(normalise_name("surrey11"), Ok("SURREY11".into()));
        assert_eq!(normalise_name("1st_try"), Ok("1ST_TRY".into()));
        assert_eq!(normalise_name("a-b.acc"), Ok("A-B".into()));
        assert!(normalise_name("")
            .unwrap_err()
            .to_string()
            .contains("empty"));
        assert!(normalise_name("toolongname")
            .unwrap_err()
            .to_string()
            .contains("longer than 8"));
        assert!(normalise_name("a.b")
            .unwrap_err()
            .to_string()
            .contains("letters, digits"));
        assert!(normalise_name("ab cd")
            .unwrap_err()
            .to_string()
            .contains("letters, digits"));
    }
}
