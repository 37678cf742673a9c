//! `accc almanack NAME [--out FILE|DIR/]`: writes the competition's almanack
//! ([`crate::almanack`]): by default one page, `NAME.html` in the current folder; `--out -`
//! prints it; `--out DIR/` (a path ending in `/`, or a folder that exists) writes the folder of
//! pages to browse.

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
    /// Where to write it. A file (default: NAME.html in the current folder; "-" prints the
    /// page) holds the whole almanack on one page. A folder - one that exists, or a path ending
    /// in "/" - gets a page a season, a county and a match, the records and an index.html to
    /// start from. An existing file or folder is replaced only if it is an earlier almanack (or
    /// empty).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `accc almanack`.
pub fn run(args: AlmanackArgs, saves: &Path) -> Result<()> {
    let path = save::path_for(saves, &args.name)?;
    // As `history::Library::open` reads it: the competition, and how far its archive goes.
    let all = save::load_all(&path)?;
    let (comp, through) = (all.comp, all.archived_through);
    let out = args
        .out
        .unwrap_or_else(|| PathBuf::from(format!("{}.html", comp.name())));
    if out.as_os_str() == "-" {
        return print_out(&crate::almanack::html(&comp)?);
    }
    if crate::almanack::names_a_folder(&out) {
        // A library a thread, each noting where the save's archive is.
        let size = crate::almanack::write_site(
            &comp,
            &|| crate::history::Library::beside(&path, through),
            &out,
        )?;
        let folder = out.to_string_lossy();
        let folder = folder.trim_end_matches(['/', std::path::MAIN_SEPARATOR]);
        let how = if size.written == size.files {
            String::new()
        } else {
            format!(
                ", {} of them written again, the others as they were",
                size.written
            )
        };
        return print_out(&format!(
            "Wrote the almanack of {} to the folder {folder} ({} files, {} KB{how}); start from {}.\n",
            comp.name(),
            size.files,
            size.bytes.div_ceil(1024),
            Path::new(folder).join("index.html").display()
        ));
    }
    let bytes = crate::almanack::write(&comp, &out)?;
    print_out(&format!(
        "Wrote the almanack of {} to {} ({} KB).\n",
        comp.name(),
        out.display(),
        bytes.div_ceil(1024)
    ))
}
