//! `accc sim`, `accc export`, `accc show`: the headless league commands.

use clap::Args;
use std::path::Path;

/// Arguments of `accc sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

/// Arguments of `accc export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    pub name: String,
}

/// Arguments of `accc show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub rest: Vec<String>,
}

pub fn run_sim(_args: SimArgs, _saves: &Path) -> crate::error::Result<()> {
    Err(crate::error::Error::Usage("sim: not built yet".into()))
}

pub fn run_export(_args: ExportArgs, _saves: &Path) -> crate::error::Result<()> {
    Err(crate::error::Error::Usage("export: not built yet".into()))
}

pub fn run_show(_args: ShowArgs, _saves: &Path) -> crate::error::Result<()> {
    Err(crate::error::Error::Usage("show: not built yet".into()))
}
