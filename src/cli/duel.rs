//! `accc duel`: matches between two computer levels, to measure the strength ladder.

use clap::Args;

/// Arguments of `accc duel`.
#[derive(Debug, Args)]
pub struct DuelArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

/// Runs `accc duel`.
pub fn run(_args: DuelArgs) -> crate::error::Result<()> {
    Err(crate::error::Error::Usage("duel: not built yet".into()))
}
