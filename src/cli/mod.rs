//! The command line: parses arguments with clap and dispatches to each command's module.

use clap::{Parser, Subcommand};

use crate::error::Result;

/// Armchair Cricket County Championship.
#[derive(Debug, Parser)]
#[command(name = "accc", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands of `accc`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Consult the solo charts of other board games.
    Charts(crate::charts::cli::ChartsArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Charts(args)) => crate::charts::cli::run(args),
        None => Ok(()),
    }
}
