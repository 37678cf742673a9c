//! The command line: parses arguments with clap and dispatches to each command's module.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::error::Result;

pub mod almanack;
pub mod charts;
pub mod common;
pub mod completions;
pub mod duel;
pub mod league;
pub mod match_cmd;
pub mod net;
pub mod review;
use crate::folder;
pub mod show;
pub mod values;

/// Armchair Cricket County Championship.
#[derive(Debug, Parser)]
#[command(name = "accc", version, about, long_about = None, max_term_width = 80)]
pub struct Cli {
    // The folder that holds the save files; its help names the default folder of this
    // machine.
    #[arg(long, global = true, value_name = "DIR", value_parser = saves_dir,
          help = saves_dir_help())]
    pub saves_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The help of `--saves-dir`: where the files are when it is not given, on this machine.
fn saves_dir_help() -> String {
    format!(
        "The folder that holds the save files (used by play, review, sim, export, show, \
         almanack and charts; the others ignore it). Default: ACCC_SAVES if it is set and not \
         empty, else {} (this system's data folder for accc)",
        folder::shown(&folder::default_folder())
    )
}

/// The saves folder given with `--saves-dir`; an empty one is refused. An empty path would
/// be taken as the current folder by some calls and refused by others: a script whose
/// variable is unset (`--saves-dir "$DIR"`) is told, rather than having its files put
/// somewhere it did not mean.
pub fn saves_dir(s: &str) -> std::result::Result<PathBuf, values::ValueError> {
    if s.is_empty() {
        Err(values::ValueError(
            "--saves-dir takes a folder, and '' names none: leave the option out for \
             ACCC_SAVES or the default folder"
                .into(),
        ))
    } else {
        Ok(PathBuf::from(s))
    }
}

impl Cli {
    /// What the completion scripts ask (`accc __save-names -- WORD...`), answered before the
    /// line is parsed, as no command of the parser's: `None` for any other line.
    pub fn answer_completion(args: &[std::ffi::OsString]) -> Option<Result<()>> {
        let unset = Cli {
            saves_dir: None,
            command: None,
        };
        completions::names_asked(args, &unset.saves())
    }

    /// The saves folder: `--saves-dir`, else `ACCC_SAVES`, else the platform's data folder
    /// ([`folder::default_folder`]).
    pub fn saves(&self) -> PathBuf {
        self.saves_and_source().0
    }

    /// The saves folder and where it came from. An empty `ACCC_SAVES` counts as unset, as
    /// the XDG folders' variables do: a variable left set but blank (`export ACCC_SAVES=`) is
    /// the usual way to clear it for one shell. It is read here, not by the parser, so that
    /// the usage shown with an argument error names only what was typed (the parser counts a
    /// variable's value as given).
    pub fn saves_and_source(&self) -> (PathBuf, folder::Source) {
        if let Some(dir) = &self.saves_dir {
            return (dir.clone(), folder::Source::Option);
        }
        match std::env::var_os("ACCC_SAVES").filter(|v| !v.is_empty()) {
            Some(dir) => (PathBuf::from(dir), folder::Source::Variable),
            None => (folder::default_folder(), folder::Source::Default),
        }
    }
}

/// The subcommands of `accc`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the terminal program (the default), optionally on save file NAME.
    Play {
        /// The save file to open (1-8 letters, digits, _ or -, not beginning with -).
        name: Option<String>,
        /// The seed of a competition created now, 0 to 9007199254740991 (2^53 - 1); default:
        /// from the clock.
        #[arg(long, allow_negative_numbers = true, value_parser = values::seed("--seed"))]
        seed: Option<u64>,
    },
    /// Play one match between two computer counties and print the scorecard.
    #[command(after_help = counties_help())]
    Match(match_cmd::MatchArgs),
    /// Play many matches between two computer levels and report who is stronger.
    Duel(duel::DuelArgs),
    /// List the decisions of a finished match that cost most by the analyst's estimate: the
    /// last match played in save file NAME, or one side of a ball log (--log FILE).
    Review(review::ReviewArgs),
    /// Create a competition (if new) and simulate seasons of it.
    #[command(after_help = counties_help())]
    Sim(league::SimArgs),
    /// Print a competition's whole history as JSON.
    Export(league::ExportArgs),
    /// Show a view of a competition (a table, averages, results, records, all-time views, a
    /// county's story, the eras, a points race) as text, JSON, CSV or a picture.
    #[command(after_help = counties_help())]
    Show(show::ShowArgs),
    /// Write a competition's almanack: its history in pictures and tables, as one HTML page or a folder of pages.
    Almanack(almanack::AlmanackArgs),
    /// Print the completion script of a shell (bash, zsh or fish) for accc.
    Completions(completions::CompletionsArgs),
    /// Consult the solo charts of other board games.
    Charts(charts::ChartsArgs),
    /// Offer a match to a friend over the network: play the home county; the guest, who
    /// types the code shown, plays the away county.
    #[command(after_help = counties_help(), mut_arg("seed", |a| a.help(
        "The match seed, 0 to 9007199254740991 (2^53 - 1); default: drawn at random (it is \
         printed at the end; a seed the guest could guess would tell it the cards)"
    )))]
    Host(net::HostArgs),
    /// Join a friend's match over the network with the code the host was shown, and play
    /// the away county.
    Join(net::JoinArgs),
    /// Run a relay: a meeting point that pairs a host and a guest behind home routers by
    /// their code's number and forwards bytes it cannot read.
    Relay(net::RelayArgs),
}

/// The end of the help of the commands that take a county: every county with its letter.
fn counties_help() -> String {
    // Broken into lines here, a county never parted from its letter; clap keeps lines that fit.
    let list = crate::counties::names_and_letters_lines(78, "  ", ".");
    format!(
        "Counties are named in full, by short name or by letter, in any case:\n{}",
        list.join("\n")
    )
}

/// An argument error from the parser as one line, like every other error: its message (the
/// lines before clap's blank line, joined) and the usage it names, e.g. `"the following
/// required arguments were not provided: <NAME> <VIEW> (usage: accc show <NAME> <VIEW>)"`.
/// A value refused by one of our own parsers ([`values::ValueError`]) is said in its words
/// alone, without clap's "invalid value ... for ..." before it.
pub fn parse_error_line(e: &clap::Error) -> String {
    parse_error_line_of(e, &[])
}

/// [`parse_error_line`] for the command line `args` (the program's name first): an argument
/// refused after `--` is told that options go before it, as the README says (`accc show --
/// -OLD table --year 1890` takes `--year` for a word, not an option).
pub fn parse_error_line_of(e: &clap::Error, args: &[std::ffi::OsString]) -> String {
    let text = e.render().to_string();
    let ours = std::error::Error::source(e)
        .and_then(|s| s.downcast_ref::<values::ValueError>())
        .map(ToString::to_string);
    let mut message = ours.unwrap_or_else(|| {
        let message: Vec<&str> = text
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect();
        let message = message.join(" ");
        message
            .strip_prefix("error: ")
            .map_or(message.clone(), str::to_string)
    });
    if refused_after_dashes(e, args) {
        message.push_str("; after '--' no word is an option: give the options before '--'");
    } else {
        // clap's tips ("a similar subcommand exists: 'show'"), kept: they are the help a
        // mistyped word most needs. (After '--' its tip would say to use '--', already used.)
        for tip in text.lines().filter_map(|l| l.trim().strip_prefix("tip: ")) {
            message.push_str("; ");
            message.push_str(tip);
        }
    }
    match text.lines().find_map(|l| l.trim().strip_prefix("Usage: ")) {
        Some(usage) => format!("{message} (usage: {usage})"),
        None => format!("{message} (see --help)"),
    }
}

/// Whether `e` refuses a word that stands after a `--` in `args`.
fn refused_after_dashes(e: &clap::Error, args: &[std::ffi::OsString]) -> bool {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return false;
    }
    let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidArg) else {
        return false;
    };
    args.iter()
        .skip(1)
        .skip_while(|a| *a != "--")
        .skip(1)
        .any(|a| a == word.as_str())
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let (saves, source) = cli.saves_and_source();
    let earlier = folder::Earlier::find(&saves, source);
    let typed = match &cli.command {
        Some(Command::Play { name, .. }) => name.clone(),
        Some(Command::Review(args)) => args.name.clone(),
        Some(Command::Sim(args)) => Some(args.name.clone()),
        Some(Command::Export(args)) => Some(args.name.clone()),
        Some(Command::Show(args)) => Some(args.name.clone()),
        Some(Command::Almanack(args)) => Some(args.name.clone()),
        _ => None,
    };
    // `sim` makes a file that is not there: not one beside an earlier version's of its name.
    if matches!(cli.command, Some(Command::Sim(_))) {
        let refusal = typed
            .as_deref()
            .and_then(|t| folder::refuse_new_beside_earlier(&saves, t, earlier.as_ref()));
        if let Some(refusal) = refusal {
            return Err(refusal);
        }
    }
    let done = match cli.command {
        Some(Command::Play { name, seed }) => {
            crate::tui::run(saves.clone(), name, seed, earlier.clone())
        }
        Some(Command::Match(args)) => match_cmd::run(args),
        Some(Command::Duel(args)) => duel::run(args),
        Some(Command::Review(args)) => review::run(args, &saves),
        Some(Command::Sim(args)) => league::run_sim(args, &saves),
        Some(Command::Export(args)) => league::run_export(args, &saves),
        Some(Command::Show(args)) => show::run_show(args, &saves),
        Some(Command::Almanack(args)) => almanack::run(args, &saves),
        Some(Command::Completions(args)) => completions::run(args),
        Some(Command::Host(args)) => net::run_host(args, saves.clone()),
        Some(Command::Join(args)) => net::run_join(args, saves.clone()),
        Some(Command::Relay(args)) => net::run_relay(args),
        Some(Command::Charts(args)) => charts::run(args, &saves),
        None => crate::tui::run(saves.clone(), None, None, earlier.clone()),
    };
    // A named file not found is told what a person may have meant: the name in capitals,
    // the earlier version's folder.
    done.map_err(|e| match (e, typed) {
        (crate::error::Error::Save { error, note: None }, Some(typed))
            if crate::save::path_for(&saves, &typed).is_ok_and(|p| p == error.path) =>
        {
            folder::not_found(error, &typed, &saves, earlier.as_ref())
        }
        (e, _) => e,
    })
}
