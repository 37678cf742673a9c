//! `accc completions bash|zsh|fish`: prints the shell's completion script for `accc`, made by
//! `clap_complete` from the same command definitions the parser uses.

use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;

use super::common::print_out;
use crate::error::Result;

/// Arguments of `accc completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish.
    #[arg(value_enum)]
    pub shell: ShellName,
    #[command(flatten)]
    pub no_saves: super::common::NoSaves,
}

/// The shells a script is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShellName {
    Bash,
    Zsh,
    Fish,
}

/// The completion script for `shell`.
pub fn script(shell: ShellName) -> String {
    let shell = match shell {
        ShellName::Bash => Shell::Bash,
        ShellName::Zsh => Shell::Zsh,
        ShellName::Fish => Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut super::Cli::command(), "accc", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `accc completions`.
pub fn run(args: CompletionsArgs) -> Result<()> {
    print_out(&script(args.shell))
}
