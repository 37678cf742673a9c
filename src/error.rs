//! The error a command ends with, the exit code each maps to, and the one way a line reaches
//! standard error ([`print_err`]).
//!
//! Library modules keep their own typed errors (`save::Error`, `league::LeagueError`, ...);
//! anything that reaches `main` is turned into an [`Error`] here so that `main.rs` stays a
//! thin mapping from error to exit code.

use std::fmt;

use crate::save;
use crate::store;

/// An error that ends a command, with the exit code it maps to.
#[derive(Debug)]
pub enum Error {
    /// The user asked for something malformed or unknown (exit 2).
    Usage(String),
    /// A named file or thing does not exist (exit 3).
    NotFound(String),
    /// A file exists but cannot be used: foreign, truncated, corrupt or too new (exit 4).
    BadFile(String),
    /// Reading or writing failed (exit 5).
    Io {
        context: String,
        source: std::io::Error,
    },
    /// Writing the output of work already done and saved failed (exit 5): `note` says what
    /// was done and saved, so that the failure is not read as "nothing was done".
    Output {
        source: std::io::Error,
        note: String,
    },
    /// A file other than a save could not be read or written (exit 5), or is open in another
    /// program (exit 6); `what` says what that means.
    File { what: String, error: store::Error },
    /// A match over the network could not be played on (exit 7): the connection, the code,
    /// the other side; the sentence says which.
    Network(String),
    /// A save file could not be read, owned or written; `note` says what that means for the
    /// work under way (what was saved and what was not).
    Save {
        error: save::Error,
        note: Option<String>,
    },
}

/// Exit code: a networked match could not be played on (exit 7).
pub const EXIT_NETWORK: i32 = 7;

/// Exit code: another program has the file (exit 6).
pub const EXIT_BUSY: i32 = 6;

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            Error::Network(_) => EXIT_NETWORK,
            Error::NotFound(_) => 3,
            Error::BadFile(_) => 4,
            Error::File { error, .. } if matches!(error.kind, store::ErrorKind::Locked { .. }) => {
                EXIT_BUSY
            }
            Error::File { error, .. } if error.kind.cannot_be_used() => 4,
            Error::Io { .. } | Error::Output { .. } | Error::File { .. } => 5,
            Error::Save { error, .. } => match &error.kind {
                save::ErrorKind::File(store::ErrorKind::NotFound) => 3,
                // What `store::ErrorKind::cannot_be_used` says, listed so that a new kind
                // must be placed here.
                save::ErrorKind::File(
                    store::ErrorKind::NotRegular(_)
                    | store::ErrorKind::DanglingLink { .. }
                    | store::ErrorKind::LinkLoop { .. }
                    | store::ErrorKind::TooLarge { .. }
                    | store::ErrorKind::NotAFolder { .. }
                    | store::ErrorKind::LockNotAFile { .. },
                )
                | save::ErrorKind::Unusable(_) => 4,
                save::ErrorKind::File(store::ErrorKind::Io { .. }) => 5,
                save::ErrorKind::File(store::ErrorKind::Locked { .. })
                | save::ErrorKind::ChangedOnDisk => EXIT_BUSY,
            },
        }
    }

    /// Whether this is a write to a pipe whose reader has gone (not a failure of ours).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } | Error::Output { source, .. }
            if source.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// This error, when it is a failure to write the output, with `note` (what was done and
    /// saved all the same) added; any other error as it is.
    pub fn noting_done(self, note: impl FnOnce() -> String) -> Self {
        match self {
            Error::Io { source, .. } => Error::Output {
                source,
                note: note(),
            },
            e => e,
        }
    }

    /// Wraps an I/O error with what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }

    /// A usage error from anything that explains itself.
    pub fn usage(e: impl fmt::Display) -> Self {
        Error::Usage(e.to_string())
    }
}

impl From<crate::league::name::NameError> for Error {
    fn from(e: crate::league::name::NameError) -> Self {
        Error::usage(e)
    }
}

impl From<save::Error> for Error {
    fn from(error: save::Error) -> Self {
        Error::Save { error, note: None }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) | Error::NotFound(m) | Error::BadFile(m) | Error::Network(m) => {
                f.write_str(m)
            }
            Error::Io { context, source } => write!(f, "{context}: {}", store::plain_io(source)),
            Error::Output { source, note } => {
                write!(f, "writing to stdout: {}; {note}", store::plain_io(source))
            }
            Error::File { what, error } => write!(f, "{error}: {what}"),
            Error::Save { error, note } => {
                write!(f, "{error}")?;
                if let Some(note) = note {
                    write!(f, ". {note}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } | Error::Output { source, .. } => Some(source),
            Error::File { error, .. } => Some(error),
            Error::Save { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Shorthand for results that end in an [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Writes `accc: LINE` to stderr. `eprintln!` would panic if stderr cannot be written (closed,
/// or a full disk behind `2> file`); a message that cannot be shown is dropped instead.
pub fn print_err(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "accc: {line}");
}
