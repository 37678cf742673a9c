//! `accc match`: one headless match between two counties, with a scorecard, an optional ball
//! log and an optional JSON result.

use clap::Args;

use super::common::{print_aside, print_out, LevelArgs, NoSaves, RuleArgs};
use crate::ball_log::BallLog;
use crate::counties;
use crate::error::{Error, Result};
use crate::play::computer_match;
use crate::scorecard::{scorecard, Names};
use crate::seed::clock_seed;
use crate::store;

/// The counties and the seed of a match (`accc match`, `accc host`).
#[derive(Debug, Args)]
pub struct TeamsArgs {
    /// The home county: a name, short name or letter (the counties are listed below).
    #[arg(long, default_value = "Surrey", hide_possible_values = true,
          value_parser = super::values::county_arg(&[]))]
    pub home: String,
    /// The away county, named as --home is.
    #[arg(long, default_value = "Nottinghamshire", hide_possible_values = true,
          value_parser = super::values::county_arg(&[]))]
    pub away: String,
    /// The match seed, 0 to 9007199254740991 (2^53 - 1); default: from the clock (it is
    /// printed).
    #[arg(long, allow_negative_numbers = true, value_parser = super::values::seed("--seed"))]
    pub seed: Option<u64>,
}

impl TeamsArgs {
    /// The two counties' indices, checked: a county cannot play itself.
    pub fn counties(&self) -> Result<(u8, u8)> {
        let home = counties::find(&self.home).map_err(Error::usage)?;
        let away = counties::find(&self.away).map_err(Error::usage)?;
        if home == away {
            return Err(Error::Usage(format!(
                "a county cannot play itself ({})",
                counties::get(home).name
            )));
        }
        Ok((home, away))
    }
}

/// Arguments of `accc match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    #[command(flatten)]
    pub teams: TeamsArgs,
    #[command(flatten)]
    pub levels: LevelArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Write the ball-by-ball log (JSON Lines) to FILE; "-" writes it to standard output,
    /// alone: the scorecard (or the --json result) then goes to standard error.
    #[arg(long, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,
    /// Print only the result, as one JSON object (to standard error with --log -): the ball
    /// log's result line with the seed and the counties' names added.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub no_saves: NoSaves,
}

/// Runs `accc match`.
pub fn run(args: MatchArgs) -> Result<()> {
    let (home, away) = args.teams.counties()?;
    let options = args.rules.options()?;
    let levels = args.levels.levels()?;
    let seed = args.teams.seed.unwrap_or_else(clock_seed);
    let (h, a) = (counties::get(home), counties::get(away));
    let mut log = BallLog::new(&h.name, &a.name, seed, &options);
    let state = computer_match(options, [levels; 2], seed, &mut log);
    report(
        args.log.as_deref(),
        args.json,
        &log,
        &state,
        [&h.name, &a.name],
        seed,
    )
}

/// Writes a finished match's log where `log_to` says (a file, or "-" for standard output)
/// and prints its scorecard, or with `json` its result as one JSON object: `accc match`'s
/// output, shared with `accc host`.
pub fn report(
    log_to: Option<&std::path::Path>,
    json: bool,
    log: &BallLog,
    state: &crate::engine::MatchState,
    names: [&str; 2],
    seed: u64,
) -> Result<()> {
    // With the log on standard output (`--log -`), nothing else may go there: the scorecard
    // (or the --json result) goes to standard error, so `accc match --log - | jq` reads a
    // log and the person still sees how the match went.
    let log_to_stdout = log_to == Some(std::path::Path::new("-"));
    // A log in place whose folder could not be flushed: the scorecard is printed, then that
    // is said.
    let mut unflushed = None;
    match log_to {
        Some(_) if log_to_stdout => print_out(&log.text())?,
        Some(path) => {
            refuse_to_bury(path)?;
            let earlier = store::read::is_there(path);
            // Atomically: a failed write (a full disk) leaves the earlier log as it was.
            match store::atomic::write(path, log.text().as_bytes(), None) {
                Ok(()) => {}
                Err(error) if error.in_place_unflushed() => unflushed = Some(error),
                Err(error) => {
                    return Err(Error::File {
                        what: format!(
                            "the ball log of the match (seed {seed}) could not be written; {}",
                            if earlier {
                                "the earlier file there is left as it was"
                            } else {
                                "no file was made"
                            }
                        ),
                        error,
                    })
                }
            }
        }
        None => {}
    }
    let told = if json {
        format!("{}\n", json_result(log, seed, names[0], names[1]))
    } else {
        let names = Names {
            home: names[0],
            away: names[1],
        };
        format!(
            "{}\n(seed {seed})\n",
            scorecard(state.public(), &names).trim_end()
        )
    };
    match log_to {
        Some(_) if log_to_stdout => {
            print_aside(&told);
            Ok(())
        }
        // The log is written: a scorecard that cannot be printed says so.
        Some(path) => {
            print_out(&told).map_err(|e| {
                e.noting_done(|| format!("the ball log was written to {}", path.display()))
            })?;
            match unflushed {
                None => Ok(()),
                Some(error) => Err(Error::File {
                    what: format!(
                        "the ball log of the match (seed {seed}) is written, but the disk may not have it yet"
                    ),
                    error,
                }),
            }
        }
        None => print_out(&told),
    }
}

/// What `--json` prints: the ball log's `result` line (its fields as the log has them), with
/// the match's `seed` and its counties' names (`home`, `away`, and `winner_county`, null
/// when no side won) added, so that the object says which match it was and who won.
pub(crate) fn json_result(log: &BallLog, seed: u64, home: &str, away: &str) -> serde_json::Value {
    let mut result = log.result().expect("a finished match has a result").clone();
    let winner = match result["winner"].as_str() {
        Some("home") => Some(home),
        Some("away") => Some(away),
        _ => None,
    };
    if let Some(object) = result.as_object_mut() {
        object.insert("seed".into(), seed.into());
        object.insert("home".into(), home.into());
        object.insert("away".into(), away.into());
        object.insert("winner_county".into(), winner.into());
    }
    result
}

/// A log replaces only an earlier ball log (or an empty file): any other file at `path` (a
/// save file, a scorecard, anything mistyped) is left alone, refused as a file that cannot be
/// used (exit 4, as a file that is not a save is), and a log is not written into a folder that
/// does not exist (exit 3). Only a regular file is written as a log: anything else (a folder,
/// a pipe, a device) is refused, and `--log -` writes the log to standard output instead.
fn refuse_to_bury(path: &std::path::Path) -> Result<()> {
    // A folder that is missing is not made (the store's writer would make it).
    if let Some(dir) = store::read::missing_folder(path) {
        return Err(Error::NotFound(format!(
            "there is no folder {}: the ball log was not written (make the folder first, or \
             give --log a file in a folder that exists)",
            dir.display()
        )));
    }
    // Not a file this program can use (README: exit 4), named with the reason.
    if let Some(kind) = store::read::not_regular(path) {
        return Err(Error::BadFile(format!(
            "{} {kind}: give the log a file name (or --log - for standard output)",
            path.display()
        )));
    }
    let head = match store::read::head(path, 64 * 1024) {
        Ok(bytes) => bytes,
        Err(store::Error {
            kind: store::ErrorKind::NotFound,
            ..
        }) => return Ok(()),
        // Unreadable (exit 5), or found not to be a regular file after all (exit 4).
        Err(error) => {
            return Err(Error::File {
                what: "the ball log was not written".into(),
                error,
            })
        }
    };
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let is_log =
        serde_json::from_slice::<serde_json::Value>(first).is_ok_and(|v| v["event"] == "match");
    if head.is_empty() || is_log {
        Ok(())
    } else {
        Err(Error::BadFile(format!(
            "{} exists and is not a ball log: it was left alone (give the log another name)",
            path.display()
        )))
    }
}
