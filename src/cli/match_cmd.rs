//! `accc match`: one headless match between two counties, with a scorecard, an optional ball
//! log and an optional JSON result.

use clap::Args;

use super::common::{print_out, LevelArgs, RuleArgs};
use crate::ball_log::BallLog;
use crate::counties;
use crate::error::{Error, Result};
use crate::play::computer_match;
use crate::scorecard::{scorecard, Names};
use crate::seed::clock_seed;

/// Arguments of `accc match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The home county (full or short name, or its letter).
    #[arg(long, default_value = "Surrey")]
    pub home: String,
    /// The away county.
    #[arg(long, default_value = "Nottinghamshire")]
    pub away: String,
    /// The match seed (default: from the clock; it is printed).
    #[arg(long)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub levels: LevelArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Write the ball-by-ball log (JSON Lines) to FILE.
    #[arg(long, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,
    /// Print only the result, as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `accc match`.
pub fn run(args: MatchArgs) -> Result<()> {
    let home = counties::find(&args.home).map_err(Error::usage)?;
    let away = counties::find(&args.away).map_err(Error::usage)?;
    if home == away {
        return Err(Error::Usage(format!(
            "a county cannot play itself ({})",
            counties::get(home).name
        )));
    }
    let options = args.rules.options()?;
    let levels = args.levels.levels()?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (h, a) = (counties::get(home), counties::get(away));
    let mut log = BallLog::new(&h.name, &a.name, seed, &options);
    let state = computer_match(options, [levels; 2], seed, &mut log);
    if let Some(path) = &args.log {
        refuse_to_bury(path)?;
        std::fs::write(path, log.text())
            .map_err(|e| Error::io(format!("cannot write the log {}", path.display()), e))?;
    }
    if args.json {
        print_out(&format!(
            "{}\n",
            log.result().expect("a finished match has a result")
        ))
    } else {
        let names = Names {
            home: &h.name,
            away: &a.name,
        };
        print_out(&format!(
            "{}\n(seed {seed})\n",
            scorecard(state.public(), &names).trim_end()
        ))
    }
}

/// A log replaces only an earlier ball log (or an empty file): any other file at `path` (a
/// save file, a scorecard, anything mistyped) is left alone with an error. What is not a
/// file (a pipe, `/dev/stdout`, a terminal) is written to as it is, unread: reading it
/// first would wait for input that never comes.
fn refuse_to_bury(path: &std::path::Path) -> Result<()> {
    use std::io::Read;
    if path.is_dir() {
        return Err(Error::Usage(format!(
            "{} is a folder: give the log a file name",
            path.display()
        )));
    }
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    let Ok(file) = std::fs::File::open(path) else {
        return Ok(());
    };
    let mut head = Vec::new();
    file.take(64 * 1024)
        .read_to_end(&mut head)
        .map_err(|e| Error::io(format!("cannot read {}", path.display()), e))?;
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let is_log =
        serde_json::from_slice::<serde_json::Value>(first).is_ok_and(|v| v["event"] == "match");
    if head.is_empty() || is_log {
        Ok(())
    } else {
        Err(Error::Usage(format!(
            "{} exists and is not a ball log: it was left alone (give the log another name)",
            path.display()
        )))
    }
}
