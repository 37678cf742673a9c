//! Helpers shared by the integration tests.

use std::process::Command;

/// A `Command` for the built `accc` binary.
#[allow(dead_code)]
pub fn accc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_accc"))
}
