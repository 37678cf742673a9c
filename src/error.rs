//! Typed errors shared by the command-line front ends, and the exit code each maps to.
//!
//! Library modules keep their own error types; anything that reaches `main` is turned into
//! an [`Error`] here so that `main.rs` stays a thin mapping from error to exit code.

use std::fmt;

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
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            Error::NotFound(_) => 3,
            Error::BadFile(_) => 4,
            Error::Io { .. } => 5,
        }
    }

    /// Whether this is a write to a pipe whose reader has gone (not a failure of ours).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// Wraps an I/O error with what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) | Error::NotFound(m) | Error::BadFile(m) => f.write_str(m),
            Error::Io { context, source } => write!(f, "{context}: {source}"),
        }
    }
}

impl std::error::Error for Error {}

/// Shorthand for results that end in an [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
