//! `accc duel`: matches between two computer levels, to measure the strength ladder.
//!
//! Each pair of matches deals the same cards twice with the sides swapped (see
//! [`crate::ai::duel`]); an odd `--matches` plays the last deal once, with A at home.

use std::time::Instant;

use clap::Args;

use super::common::{print_out, RuleArgs};
use crate::ai::duel::{run_duel, DuelConfig, SideLevels, Tally};
use crate::ai::Level;
use crate::error::{Error, Result};

/// Arguments of `accc duel`.
#[derive(Debug, Args)]
pub struct DuelArgs {
    /// Side A's level (batting and bowling), 1 (novice) to 5 (professional).
    #[arg(long, default_value_t = 5)]
    pub a: u8,
    /// Side B's level (batting and bowling).
    #[arg(long, default_value_t = 5)]
    pub b: u8,
    /// Side A's batting level (overrides --a for batting).
    #[arg(long)]
    pub a_bat: Option<u8>,
    /// Side A's bowling level (overrides --a for bowling).
    #[arg(long)]
    pub a_bowl: Option<u8>,
    /// Side B's batting level (overrides --b for batting).
    #[arg(long)]
    pub b_bat: Option<u8>,
    /// Side B's bowling level (overrides --b for bowling).
    #[arg(long)]
    pub b_bowl: Option<u8>,
    /// Matches to play: pairs of the same deal with the sides swapped (an odd number plays
    /// the last deal once, A at home).
    #[arg(long, default_value_t = 1000)]
    pub matches: u32,
    /// The duel seed; every match's seed is derived from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print only the result, as one JSON object.
    #[arg(long)]
    pub json: bool,
}

impl DuelArgs {
    fn side(overall: u8, bat: Option<u8>, bowl: Option<u8>) -> Result<SideLevels> {
        let level = |n: u8| Level::new(n).map_err(Error::usage);
        Ok(SideLevels {
            bat: level(bat.unwrap_or(overall))?,
            bowl: level(bowl.unwrap_or(overall))?,
        })
    }

    fn config(&self) -> Result<DuelConfig> {
        if self.matches == 0 {
            return Err(Error::Usage("--matches must be at least 1".into()));
        }
        Ok(DuelConfig {
            a: Self::side(self.a, self.a_bat, self.a_bowl)?,
            b: Self::side(self.b, self.b_bat, self.b_bowl)?,
            matches: self.matches,
            seed: self.seed,
            options: self.rules.options()?,
        })
    }
}

/// Runs `accc duel`.
pub fn run(args: DuelArgs) -> Result<()> {
    let config = args.config()?;
    let start = Instant::now();
    let tally = run_duel(&config);
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        print_out(&format!("{}\n", json(&config, &tally, seconds)))
    } else {
        print_out(&text(&config, &tally, seconds))
    }
}

fn level_text(l: SideLevels) -> String {
    if l.bat == l.bowl {
        format!("{} ({})", l.bat.get(), l.bat.name())
    } else {
        format!("bat {} / bowl {}", l.bat.get(), l.bowl.get())
    }
}

/// The one JSON object of `--json`. `a_level` and `b_level` are the batting levels (the
/// bowling levels follow as `a_bowl` and `b_bowl`).
fn json(c: &DuelConfig, t: &Tally, seconds: f64) -> serde_json::Value {
    serde_json::json!({
        "a_level": c.a.bat.get(),
        "b_level": c.b.bat.get(),
        "a_bat": c.a.bat.get(),
        "a_bowl": c.a.bowl.get(),
        "b_bat": c.b.bat.get(),
        "b_bowl": c.b.bowl.get(),
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
    })
}

fn text(c: &DuelConfig, t: &Tally, seconds: f64) -> String {
    format!(
        "A {} v B {}: {} matches (seed {})\n\
         A won {}, B won {}, tied {}, drawn {}\n\
         A's score {:.3}\n\
         {:.1} runs per wicket, {:.1} runs per 100 balls, {:.1}% drawn\n\
         {} deliveries in {:.2} s\n",
        level_text(c.a),
        level_text(c.b),
        t.matches,
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
