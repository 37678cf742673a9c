//! `accc charts ...`: the command-line front end of the charts module.

use clap::Args;

/// Arguments of `accc charts`.
#[derive(Debug, Args)]
pub struct ChartsArgs {
    /// What to do: list, show or call.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

/// Runs `accc charts ...`.
pub fn run(_args: ChartsArgs) -> crate::error::Result<()> {
    Err(crate::error::Error::Usage("charts: not built yet".into()))
}
