//! `accc charts ...`: the command line of the solo charts (`list`, `show`, `card`, `call`,
//! `walk`, `session`), on the charts' library API (`crate::charts`): the arguments and the
//! routing here; the texts of `list`, `show` and `card` in `text`; a call made from flags
//! in `call` (a procedure's flags are built from its declared parameters at run time, so
//! every system's `call` takes its own situation flags through one parser); the table
//! sessions' verbs in `session`; the interactive walk in `walk`.

mod call;
mod session;
mod text;
mod walk;

use std::io::Write;
use std::path::Path;

use clap::{Args, Subcommand};

use crate::charts::walk::{family, Procedure, WalkError};
use crate::charts::{system, system_ids, SystemDef};
use crate::cli::values;
use crate::error::{Error, Result};
use crate::seed::clock_seed;

pub use call::{call_output, call_output_in, call_text, describe, rolls_json};
pub use session::{session_error, session_text};
pub use text::{card_text, list_text, show_text};
pub use walk::interactive;

/// Arguments of `accc charts`.
#[derive(Debug, Args)]
pub struct ChartsArgs {
    #[command(subcommand)]
    pub command: ChartsCommand,
}

/// The verbs of `accc charts`.
#[derive(Debug, Subcommand)]
pub enum ChartsCommand {
    /// List the systems with their charts and procedures.
    List,
    /// Show a system (all charts, rules, open points) or one chart; CHART may also be `rules` or `unclear`.
    Show {
        /// System id (see `accc charts list`).
        system: String,
        /// Chart id, `rules` or `unclear`.
        chart: Option<String>,
    },
    /// Look a card up by name (or a part of it) or number; without one, list the cards.
    Card {
        /// System id.
        system: String,
        /// The card's name, a part of it, or its number in the list.
        card: Option<String>,
    },
    /// Make the AI's call: `accc charts call SYSTEM PROCEDURE [FLAGS] [--json] [--seed N]`.
    /// `accc charts call SYSTEM PROCEDURE --help` lists a procedure's flags.
    #[command(disable_help_flag = true)]
    Call {
        /// System id.
        #[arg(allow_hyphen_values = true)]
        system: Option<String>,
        /// Procedure id.
        #[arg(allow_hyphen_values = true)]
        procedure: Option<String>,
        /// The procedure's flags.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Keep a game at the table: `session new NAME SYSTEM`, `list`, `show NAME`, `undo NAME`,
    /// `set NAME FACT VALUE`, `unset NAME FACT`; calls join it with `call ... --session NAME`.
    Session {
        #[command(subcommand)]
        verb: SessionVerb,
    },
    /// Walk a procedure question by question (answer, or: back, restart, roll, quit).
    Walk {
        /// System id.
        system: String,
        /// Procedure id.
        procedure: String,
        /// Seed for the dice the program rolls, 0 to 9007199254740991 (2^53 - 1); default: from
        /// the clock.
        #[arg(long, allow_negative_numbers = true, value_parser = values::seed("--seed"))]
        seed: Option<u64>,
    },
}

/// The verbs of `accc charts session`.
#[derive(Debug, Subcommand)]
pub enum SessionVerb {
    /// Start a table session for a game of SYSTEM.
    New { name: String, system: String },
    /// List the table sessions.
    List,
    /// Show a session's kept facts (standing and situation) and its log of calls.
    Show { name: String },
    /// Take back the last call or fact changed by hand, putting the facts back as they were.
    Undo { name: String },
    /// Set a kept fact (a question id, as its flag is named) to a value; `undo` takes it back.
    Set {
        name: String,
        fact: String,
        /// The value; may start with '-' (a negative number).
        #[arg(allow_hyphen_values = true)]
        value: String,
    },
    /// Forget a kept fact (it is asked again); `undo` takes it back.
    Unset { name: String, fact: String },
}

impl From<WalkError> for Error {
    fn from(e: WalkError) -> Self {
        if e.id.is_empty() {
            Error::Usage(e.message)
        } else {
            Error::Usage(format!("--{}: {}", family(&e.id), e.message))
        }
    }
}

/// Runs `accc charts ...`; table sessions live in `saves_dir`.
pub fn run(args: ChartsArgs, saves_dir: &Path) -> Result<()> {
    let mut out = crate::cli::common::stdout();
    match args.command {
        ChartsCommand::List => emit(&mut out, &list_text()),
        ChartsCommand::Show { system, chart } => {
            emit(&mut out, &show_text(&system, chart.as_deref())?)
        }
        ChartsCommand::Call {
            system,
            procedure,
            args,
        } => {
            let (text, warnings) = call_output_in(
                Some(saves_dir),
                system.as_deref(),
                procedure.as_deref(),
                &args,
            )?;
            for w in warnings {
                let kind = if w.starts_with("recorded as call") {
                    ""
                } else {
                    "warning: "
                };
                // A warning that cannot be shown (stderr closed or full) is dropped, not a panic.
                let _ = writeln!(std::io::stderr().lock(), "accc: {kind}{w}");
            }
            emit(&mut out, &text)
        }
        ChartsCommand::Card { system, card } => {
            emit(&mut out, &card_text(&system, card.as_deref())?)
        }
        ChartsCommand::Session { verb } => emit(&mut out, &session_text(saves_dir, verb)?),
        ChartsCommand::Walk {
            system,
            procedure,
            seed,
        } => {
            let sys = find_system(&system)?;
            let p = find_procedure(sys, &procedure)?;
            let stdin = std::io::stdin();
            let seed = seed.unwrap_or_else(clock_seed);
            interactive(sys, p, &mut stdin.lock(), &mut out, seed)
        }
    }
}

pub(super) fn emit(out: &mut impl Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .map_err(|e| Error::io("writing to stdout", e))
}

pub(super) fn find_system(id: &str) -> Result<&'static SystemDef> {
    system(id).ok_or_else(|| {
        Error::Usage(format!(
            "unknown system '{id}': expected one of {}",
            system_ids().join(", ")
        ))
    })
}

pub(super) fn find_procedure(sys: &'static SystemDef, id: &str) -> Result<&'static Procedure> {
    sys.procedure(id).ok_or_else(|| {
        let ids: Vec<&str> = sys.procedures.iter().map(|p| p.id).collect();
        Error::Usage(format!(
            "unknown procedure '{id}' for {}: expected one of {}",
            sys.meta.id,
            ids.join(", ")
        ))
    })
}
