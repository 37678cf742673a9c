//! `accc review`: the decisions of one side of a finished match that cost most by the
//! analyst's estimate, from a ball log (`accc match --log`) or from a save's last match the
//! person played (`live::review`).

use std::path::{Path, PathBuf};

use clap::Args;

use super::common::{print_err, print_out};
use crate::ai::review::{judged_kind, review};
use crate::ball_log::read;
use crate::engine::{NoRecord, Side};
use crate::error::{Error, Result};
use crate::save;
use crate::store;

/// The largest ball log read: a whole match of the longest options is a few megabytes.
const MAX_LOG: u64 = 64 << 20;

/// Arguments of `accc review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The save file whose last match the person played to its end is reviewed (or give
    /// --log FILE instead).
    #[arg(conflicts_with = "log")]
    pub name: Option<String>,
    /// Review a ball log (written by `accc match --log`) instead; `-` reads it from standard
    /// input.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// The side of the log reviewed: home or away.
    #[arg(long, default_value = "home", requires = "log", hide_possible_values = true,
          value_parser = super::values::offering(&["home", "away"],
                                                 clap::builder::StringValueParser::new()))]
    pub side: String,
    /// How many of the dearest decisions to list (1-50).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true,
          value_parser = super::values::number("--most", "a number of decisions from 1 to 50", 1..=50usize))]
    pub most: usize,
}

pub fn run(args: ReviewArgs, saves: &Path) -> Result<()> {
    if !(1..=50).contains(&args.most) {
        return Err(Error::Usage(format!(
            "--most is 1 to 50 decisions, not {}",
            args.most
        )));
    }
    let lines =
        match (&args.log, &args.name) {
            (Some(path), _) => of_log(path, &args.side, args.most)?,
            (None, Some(name)) => of_save(&save::path_for(saves, name)?, name, args.most)?,
            (None, None) => return Err(Error::Usage(
                "review needs a save file's name or a ball log: accc review NAME, or accc review \
                 --log FILE [--side home|away]"
                    .into(),
            )),
        };
    print_out(&(lines.join("\n") + "\n"))
}

fn of_log(path: &Path, side: &str, most: usize) -> Result<Vec<String>> {
    let side = match side {
        "home" => Side::Home,
        "away" => Side::Away,
        _ => {
            return Err(Error::Usage(format!(
                "--side is home or away, not {side:?}"
            )))
        }
    };
    let bytes = if path == Path::new("-") {
        read_stdin(MAX_LOG)?
    } else {
        store::read::read_regular(path, MAX_LOG).map_err(|e| match e.kind {
            store::ErrorKind::NotFound => {
                Error::NotFound(format!("{}: no such file", path.display()))
            }
            _ => Error::BadFile(e.to_string()),
        })?
    };
    let path = if path == Path::new("-") {
        Path::new("the log on standard input")
    } else {
        path
    };
    let bad =
        |e: read::LogError| Error::BadFile(format!("{} cannot be reviewed: {e}", path.display()));
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::BadFile(format!("{} is not a ball log (not text)", path.display())))?;
    let m = read::header(&text).map_err(bad)?;
    let mut steps = Vec::new();
    let (_, end) = read::replay(&text, &mut NoRecord, |state, choice| {
        if state.to_act().is_some_and(|(s, _)| s == side) {
            steps.push((state.clone(), choice));
        }
    })
    .map_err(bad)?;
    if !end.is_over() {
        return Err(bad(read::LogError {
            line: 0,
            kind: read::LogErrorKind::Unfinished,
        }));
    }
    let name = if side == Side::Home { &m.home } else { &m.away };
    let costly = review(m.seed, side, name, &steps, &end, most);
    let judged = steps
        .iter()
        .filter(|(s, _)| s.to_act().is_some_and(|(_, d)| judged_kind(d)))
        .count();
    Ok(crate::live::review::told(
        [&m.home, &m.away],
        name,
        judged,
        &costly,
        crate::views::WIDTH,
        false,
    ))
}

/// The ball log on standard input (`--log -`, as `accc match --log -` writes it), refused
/// past `limit` bytes as a file would be.
fn read_stdin(limit: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("reading the log from standard input", e))?;
    if bytes.len() as u64 > limit {
        return Err(Error::BadFile(format!(
            "the log on standard input is longer than any ball log can be ({limit} bytes at \
             most)"
        )));
    }
    Ok(bytes)
}

fn of_save(path: &Path, name: &str, most: usize) -> Result<Vec<String>> {
    let all = save::load_all(path)?;
    // The match reviewed is the last one finished, but the one in play is told of if its
    // journal is damaged: this is where the person may look first.
    if let Some(note) = save::check_journal(
        path,
        &all.comp,
        all.in_play.as_ref(),
        all.last_played.as_ref(),
    ) {
        print_err(&note.to_string());
    }
    let Some(game) = all.last_played else {
        // The file is there and sound: what is missing is the thing asked for (exit 2, as
        // for seasons to simulate in a competition that is over), not a file (3).
        return Err(Error::Usage(format!(
            "{name} holds no match the person played to its end, so there is nothing to review"
        )));
    };
    let lines =
        crate::live::review::lines_of_most(all.comp.settings(), &game, most, crate::views::WIDTH)
            .map_err(|e| Error::BadFile(format!("{name}'s last match cannot be rebuilt: {e}")))?;
    lines.ok_or_else(|| {
        Error::Usage(format!(
            "{name}'s last match was watched, not played, so there is nothing to review"
        ))
    })
}
