//! `accc duel`: matches between two computer levels, to measure the strength ladder.
//!
//! Each pair of matches deals the same cards twice with the sides swapped (see
//! [`crate::ai::duel`]); an odd `--matches` plays the last deal once, with A at home.

use std::time::Instant;

use clap::Args;

use super::common::{print_out, NoSaves, RuleArgs};
use super::values::{self, ValueError};
use crate::ai::analyst::Search;
use crate::ai::duel::{run_duel, DuelConfig, Lineup, Tally};
use crate::ai::Level;
use crate::error::{Error, Result};

/// A side's player: a level, the frozen reference professional, or the analyst.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Level(u8),
    /// The frozen professional (`ai::profile::FROZEN`): level 5 as first calibrated, kept as a
    /// fixed yardstick the levels are measured against.
    Frozen,
    /// The search player (`ai::analyst`), the ceiling the levels are measured against.
    Analyst,
}

/// What `--a` and `--b` take.
const WHO: &str = "a level from 1 (novice) to 5 (professional), \"frozen\" (the old professional) \
                   or \"analyst\" (the search player)";

/// What `--a` and `--b` take, as completion offers it.
const WHO_NAMES: [&str; 7] = ["1", "2", "3", "4", "5", "frozen", "analyst"];

/// The parser of a side's player (`--a`, `--b`).
fn who(
    flag: &'static str,
) -> impl Fn(&str) -> std::result::Result<Who, ValueError> + Clone + Send + Sync + 'static {
    move |s: &str| match s {
        "frozen" => Ok(Who::Frozen),
        "analyst" => Ok(Who::Analyst),
        _ => values::level(flag)(s)
            .map(Who::Level)
            .map_err(|_| values::refused(flag, WHO, s)),
    }
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Level(_) => "level",
            Who::Frozen => "frozen",
            Who::Analyst => "analyst",
        }
    }
}

/// What --matches takes: its whole range, the count being a u32 (a test holds the words to it).
const MATCHES: &str = "a number of matches from 1 to 4294967295";

/// Arguments of `accc duel`.
#[derive(Debug, Args)]
pub struct DuelArgs {
    /// Side A's player: a level (batting and bowling), 1 (novice) to 5 (professional);
    /// "frozen", an earlier, weaker professional kept as a reference to measure against;
    /// or "analyst", the search player the levels are measured against.
    #[arg(long, default_value = "5", allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::offering(&WHO_NAMES, who("--a")))]
    pub a: Who,
    /// Side B's player (as --a).
    #[arg(long, default_value = "5", allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::offering(&WHO_NAMES, who("--b")))]
    pub b: Who,
    /// Side A's batting level (overrides --a for batting).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--a-bat"))]
    pub a_bat: Option<u8>,
    /// Side A's bowling level (overrides --a for bowling).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--a-bowl"))]
    pub a_bowl: Option<u8>,
    /// Side B's batting level (overrides --b for batting).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--b-bat"))]
    pub b_bat: Option<u8>,
    /// Side B's bowling level (overrides --b for bowling).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--b-bowl"))]
    pub b_bowl: Option<u8>,
    /// Matches to play, 1 to 4294967295: pairs of the same deal with the sides swapped (an
    /// odd number plays the last deal once, A at home).
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true,
          value_parser = values::number("--matches", MATCHES, 1..=u32::MAX))]
    pub matches: u32,
    /// The duel seed, 0 to 9007199254740991 (2^53 - 1); every match's seed is derived from it.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = values::seed("--seed"))]
    pub seed: u64,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print only the result, as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub no_saves: NoSaves,
}

impl DuelArgs {
    fn side(who: Who, bat: Option<u8>, bowl: Option<u8>) -> Result<Side> {
        let level = |n: u8| Level::new(n).map_err(Error::usage);
        let overall = match who {
            Who::Level(n) => n,
            Who::Frozen | Who::Analyst if bat.is_some() || bowl.is_some() => {
                return Err(Error::Usage(
                    "the frozen professional and the analyst bat and bowl as one: give no \
                     --a-bat, --a-bowl, --b-bat or --b-bowl with them"
                        .into(),
                ))
            }
            Who::Frozen | Who::Analyst => Level::MAX,
        };
        let (bat, bowl) = (
            level(bat.unwrap_or(overall))?,
            level(bowl.unwrap_or(overall))?,
        );
        let lineup = match who {
            Who::Frozen => Lineup::frozen(),
            Who::Analyst => Lineup::analyst(Search::STANDARD),
            Who::Level(_) => Lineup::levels(bat, bowl),
        };
        Ok(Side {
            who,
            bat,
            bowl,
            lineup,
        })
    }

    fn config(&self) -> Result<(DuelConfig, [Side; 2])> {
        if self.matches == 0 {
            return Err(Error::Usage("--matches must be at least 1".into()));
        }
        let a = Self::side(self.a, self.a_bat, self.a_bowl)?;
        let b = Self::side(self.b, self.b_bat, self.b_bowl)?;
        let config = DuelConfig {
            a: a.lineup,
            b: b.lineup,
            matches: self.matches,
            seed: self.seed,
            options: self.rules.options()?,
        };
        Ok((config, [a, b]))
    }
}

/// A side as asked for: who plays it, its levels, and the players' profiles.
#[derive(Clone, Copy, Debug)]
struct Side {
    who: Who,
    bat: Level,
    bowl: Level,
    lineup: Lineup,
}

/// Runs `accc duel`.
pub fn run(args: DuelArgs) -> Result<()> {
    let (config, sides) = args.config()?;
    let start = Instant::now();
    let tally = run_duel(&config);
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        print_out(&format!("{}\n", json(&config, sides, &tally, seconds)))
    } else {
        print_out(&text(&config, sides, &tally, seconds))
    }
}

fn level_text(l: Side) -> String {
    if l.who == Who::Frozen {
        "5 (frozen professional)".into()
    } else if l.who == Who::Analyst {
        "the analyst".into()
    } else if l.bat == l.bowl {
        format!("{} ({})", l.bat.get(), l.bat.name())
    } else {
        format!("bat {} / bowl {}", l.bat.get(), l.bowl.get())
    }
}

/// The one JSON object of `--json`. `a_level` and `b_level` are the batting levels (the
/// bowling levels follow as `a_bowl` and `b_bowl`).
fn json(c: &DuelConfig, [a, b]: [Side; 2], t: &Tally, seconds: f64) -> serde_json::Value {
    serde_json::json!({
        "a_level": a.bat.get(),
        "b_level": b.bat.get(),
        "a_bat": a.bat.get(),
        "a_bowl": a.bowl.get(),
        "b_bat": b.bat.get(),
        "b_bowl": b.bowl.get(),
        "a_player": a.who.name(),
        "b_player": b.who.name(),
        "seed": c.seed,
        "matches": t.matches,
        "a_wins": t.a_wins,
        "b_wins": t.b_wins,
        "ties": t.ties,
        "draws": t.draws,
        "a_score": t.a_score(),
        "deliveries": t.deliveries,
        "seconds": seconds,
        "runs": t.runs,
        "wickets": t.wickets,
        "balls": t.balls,
        "runs_per_wicket": t.runs_per_wicket(),
        "runs_per_100_balls": t.runs_per_100_balls(),
        "draw_share": t.draw_share(),
        "past_first_pack": t.past_first_pack,
    })
}

fn text(c: &DuelConfig, [a, b]: [Side; 2], t: &Tally, seconds: f64) -> String {
    format!(
        "A {} v B {}: {} (seed {})\n\
         A won {}, B won {}, tied {}, drawn {}\n\
         A's score {:.3}\n\
         {:.1} runs per wicket, {:.1} runs per 100 balls, {:.1}% drawn\n\
         {} deliveries in {:.2} s\n",
        level_text(a),
        level_text(b),
        match t.matches {
            1 => "1 match".to_string(),
            n => format!("{n} matches"),
        },
        c.seed,
        t.a_wins,
        t.b_wins,
        t.ties,
        t.draws,
        t.a_score(),
        t.runs_per_wicket(),
        t.runs_per_100_balls(),
        100.0 * t.draw_share(),
        t.deliveries,
        seconds,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of --matches give the range the parser takes, top and bottom.
    #[test]
    fn the_matches_message_states_the_range_taken() {
        let parse = values::number("--matches", MATCHES, 1..=u32::MAX);
        assert!(MATCHES.ends_with(&format!("from 1 to {}", u32::MAX)));
        assert_eq!(parse(&u32::MAX.to_string()), Ok(u32::MAX));
        assert_eq!(parse("1"), Ok(1));
        for bad in ["0", "4294967296"] {
            assert_eq!(
                parse(bad).unwrap_err().to_string(),
                format!("--matches takes {MATCHES}; '{bad}' is not one")
            );
        }
    }
}
