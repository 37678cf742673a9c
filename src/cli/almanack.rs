//! `accc almanack NAME [--out FILE]`: writes the competition's almanack ([`crate::almanack`]),
//! by default to `NAME.html` in the current folder; `--out -` prints it.

use std::path::{Path, PathBuf};

use clap::Args;

use super::common::print_out;
use crate::error::Result;
use crate::save;

/// Arguments of `accc almanack`.
#[derive(Debug, Args)]
pub struct AlmanackArgs {
    /// The competition's name.
    pub name: String,
    /// The file to write (default: NAME.html in the current folder; "-" prints the page). An
    /// existing file is replaced only if it is an earlier almanack.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `accc almanack`.
pub fn run(args: AlmanackArgs, saves: &Path) -> Result<()> {
    let comp = save::load(&save::path_for(saves, &args.name)?)?;
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("{}.html", comp.name())));
    if out.as_os_str() == "-" {
        return print_out(&crate::almanack::html(&comp)?);
    }
    let bytes = crate::almanack::write(&comp, &out)?;
    print_out(&format!(
        "Wrote the almanack of {} to {} ({} KB).\n",
        comp.name(),
        out.display(),
        bytes.div_ceil(1024)
    ))
}
