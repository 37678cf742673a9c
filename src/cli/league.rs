//! `accc sim`, `accc export`: the headless league commands. `sim` creates a competition file
//! if it does not exist and plays seasons of it by computer; `export` prints its history as
//! JSON. (`accc show` is in `show.rs`.)

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

use clap::Args;

use super::common::{print_err, print_out, LevelArgs, RuleArgs};
use super::values;
use crate::counties::{self, CountyId};
use crate::engine::MatchOptions;
use crate::error::{Error, Result};
use crate::league::{export, AfterSeason, Competition, Settings, SimReport, LAST_YEAR};
use crate::play::Levels;
use crate::save;
use crate::seed::clock_seed;
use crate::views;

/// Arguments of `accc sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The competition (and save file) name: 1-8 letters, digits, '_' or '-' (not first; an
    /// old file whose name begins with '-' is named after --).
    pub name: String,
    /// Seasons to play (default: to the end of the competition, 1989; on a competition that
    /// is over the default shows its roll of honour, and a number is an error; 0 makes or
    /// checks the file without playing; at most 100, the whole competition).
    #[arg(long, allow_negative_numbers = true, value_parser = values::number(
        "--years",
        "a number of seasons from 0 to 100",
        0..=crate::league::MAX_SEASONS as u32,
    ))]
    pub years: Option<u32>,
    /// The competition's seed, 0 to 9007199254740991 (2^53 - 1); every match seed is derived
    /// from it (new files only; default: from the clock).
    #[arg(long, allow_negative_numbers = true, value_parser = values::seed("--seed"))]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub new_file: NewFileArgs,
    /// Print one JSON object (years, matches, deliveries, seconds, ...) instead of the roll of
    /// honour.
    #[arg(long)]
    pub json: bool,
}

/// The options fixed when a competition file is made. Each is optional so that one given for
/// an existing file can be told apart from a default, and refused if it differs.
#[derive(Debug, Clone, Args)]
pub struct NewFileArgs {
    /// Batsmen per side, 2-11 (new files only; default 11).
    #[arg(long, allow_negative_numbers = true, value_parser = values::batsmen)]
    pub batsmen: Option<u8>,
    /// Packs per session, 1-9 (new files only; default 3).
    #[arg(long, allow_negative_numbers = true, value_parser = values::packs_per_session)]
    pub packs_per_session: Option<u8>,
    /// Days per match, 1-5 (new files only; default 3).
    #[arg(long, allow_negative_numbers = true, value_parser = values::days)]
    pub days: Option<u8>,
    /// Play without the no-ball rule (new files only).
    #[arg(long)]
    pub no_noballs: bool,
    /// Play without the wide rule (new files only).
    #[arg(long)]
    pub no_wides: bool,
    /// Play without the bye rule (new files only).
    #[arg(long)]
    pub no_byes: bool,
    /// Batting AI level, 1-5 (new files only; default 5).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--bat-level"))]
    pub bat_level: Option<u8>,
    /// Bowling AI level, 1-5 (new files only; default 5).
    #[arg(long, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--bowl-level"))]
    pub bowl_level: Option<u8>,
    /// The user's county (a name, short name or letter, listed below), or "none" (new files
    /// only; default none).
    #[arg(long, hide_possible_values = true,
          value_parser = values::county_arg(&[("none", "the user has no county")]))]
    pub county: Option<String>,
}

impl NewFileArgs {
    fn rule_args(&self) -> RuleArgs {
        let d = MatchOptions::default();
        RuleArgs {
            batsmen: self.batsmen.unwrap_or(d.batsmen),
            packs_per_session: self.packs_per_session.unwrap_or(d.packs_per_session),
            days: self.days.unwrap_or(d.days),
            no_noballs: self.no_noballs,
            no_wides: self.no_wides,
            no_byes: self.no_byes,
        }
    }

    fn level_args(&self) -> LevelArgs {
        let d = Levels::default();
        LevelArgs {
            bat_level: self.bat_level.unwrap_or(d.bat),
            bowl_level: self.bowl_level.unwrap_or(d.bowl),
        }
    }

    fn user_county(&self) -> Result<Option<CountyId>> {
        match self.county.as_deref() {
            None => Ok(None),
            Some(c) if c.eq_ignore_ascii_case("none") => Ok(None),
            Some(c) => counties::find(c)
                .map(Some)
                .map_err(|e| Error::Usage(e.message(", or \"none\" for no county of yours"))),
        }
    }

    /// The settings of a new file.
    fn settings(&self, seed: u64) -> Result<Settings> {
        Ok(Settings {
            options: self.rule_args().options()?,
            levels: self.level_args().levels()?,
            user_county: self.user_county()?,
            seed,
        })
    }

    /// Each option given that differs from the file's settings, as "--flag given (the file has
    /// value)".
    fn conflicts(&self, file: &Settings, seed: Option<u64>) -> Result<Vec<String>> {
        let (o, l) = (file.options, file.levels);
        let differs = |flag: &str, given: Option<String>, have: String| {
            given
                .filter(|g| *g != have)
                .map(|g| format!("{flag} {g} (the file has {have})"))
        };
        let number = |v: Option<u8>| v.map(|v| v.to_string());
        let county_name = |c: Option<CountyId>| {
            c.map_or_else(|| "none".to_string(), |c| counties::get(c).name.clone())
        };
        let given_county = self
            .county
            .as_ref()
            .map(|_| self.user_county().map(county_name))
            .transpose()?;
        let mut out: Vec<String> = [
            differs("--batsmen", number(self.batsmen), o.batsmen.to_string()),
            differs(
                "--packs-per-session",
                number(self.packs_per_session),
                o.packs_per_session.to_string(),
            ),
            differs("--days", number(self.days), o.days.to_string()),
            differs("--bat-level", number(self.bat_level), l.bat.to_string()),
            differs("--bowl-level", number(self.bowl_level), l.bowl.to_string()),
            differs("--county", given_county, county_name(file.user_county)),
            differs("--seed", seed.map(|s| s.to_string()), file.seed.to_string()),
        ]
        .into_iter()
        .flatten()
        .collect();
        for (flag, off, on_in_file, rule) in [
            ("--no-noballs", self.no_noballs, o.no_balls, "no-ball"),
            ("--no-wides", self.no_wides, o.wides, "wide"),
            ("--no-byes", self.no_byes, o.byes, "bye"),
        ] {
            if off && on_in_file {
                out.push(format!("{flag} (the file has the {rule} rule on)"));
            }
        }
        Ok(out)
    }
}

/// How often `sim` saves during a long run (and always at the end): it looks at the clock as
/// each season ends, so a run stopped by any means loses at most this and a season's play
/// (a few hundredths of a second alone, more on a busy machine) and the save under way.
/// See `docs/LEAGUE.md`.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Runs `accc sim`. The file's lock is held from loading it to the last save, so a second
/// program working on it is refused, told which process has it.
pub fn run_sim(args: SimArgs, saves: &Path) -> Result<()> {
    let path = save::path_for(saves, &args.name)?;
    let mut keeper = save::Keeper::take(&path)?;
    let mut comp = open_or_create(&args, &mut keeper)?;
    if let Some(note) = keeper.take_journal_note() {
        print_err(&note.to_string());
    }
    // The person's match in play is theirs to finish; a watched one the computer plays to the
    // same end (the same seed and players), so it is simply played with the rest.
    if args.years != Some(0) {
        match keeper.in_play().map(|g| g.mode) {
            Some(save::record::Mode::Play) => {
                return Err(Error::Usage(format!(
                    "{} has your match in play: resume it with `accc play {}` ([2]) and play it \
                     to its end before simulating",
                    comp.name(),
                    comp.name()
                )))
            }
            Some(save::record::Mode::Watch) => keeper.drop_match(),
            None => {}
        }
    }
    let left = comp
        .current()
        .map_or(0, |s| (LAST_YEAR - s.year + 1) as u32);
    if left == 0 && args.years.is_some_and(|n| n > 0) {
        return Err(Error::Usage(format!(
            "{} is over: all its seasons up to {LAST_YEAR} have been played, so there are none \
             to simulate",
            comp.name()
        )));
    }
    let years = args.years.unwrap_or(left).min(left);
    if years > 0 {
        // A folder that cannot be written to is said now, not after the seasons are played.
        keeper.ready_to_write().map_err(|error| Error::Save {
            error,
            note: Some("No season was simulated".into()),
        })?;
    }
    let first = comp.current().map(|s| s.year);
    let started = Instant::now();
    let (report, save_time) = simulate(&mut comp, years, &mut keeper)?;
    let seconds = started.elapsed().as_secs_f64();
    drop(keeper);
    if args.years.is_some_and(|n| n > left) {
        print_err(&format!(
            "only {} left to play, up to {LAST_YEAR}; {} played and {} is over",
            match left {
                1 => "1 season was".to_string(),
                n => format!("{n} seasons were"),
            },
            if left == 1 { "it is" } else { "they are" },
            comp.name()
        ));
    }
    // The seasons are saved: output that cannot be written must not read as nothing done.
    let done = |e: Error| match (years, first, last_played(&comp)) {
        (1.., Some(first), Some(last)) => e.noting_done(|| {
            let seasons = if last > first {
                format!("the seasons {first}-{last} were")
            } else {
                format!("the {last} season was")
            };
            format!("{seasons} simulated and saved in {}", path.display())
        }),
        _ => e,
    };
    report_sim(&args, &comp, &path, years, report, seconds, save_time).map_err(done)
}

/// What `sim` did, on stdout: the JSON report, or the roll of honour (or what is next).
fn report_sim(
    args: &SimArgs,
    comp: &Competition,
    path: &Path,
    years: u32,
    report: SimReport,
    seconds: f64,
    save_time: Duration,
) -> Result<()> {
    if args.json {
        print_sim_json(comp, path, report, seconds, save_time)?;
    } else {
        if comp.is_finished() && years == 0 {
            print_lines(&views::honours(comp)?)?;
            print_err(&format!(
                "{} is over: all its seasons up to {LAST_YEAR} have been played, so there are \
                 none to simulate; its roll of honour is above",
                comp.name()
            ));
        } else if years == 0 {
            // `--years 0` makes (or checks) the file without playing: say so, not an empty roll.
            let next = comp.current().map_or(LAST_YEAR, |s| s.year);
            print_out(&format!(
                "{} is ready: no seasons played now; the {next} season is next.\n",
                comp.name()
            ))?;
        } else {
            print_lines(&views::honours(comp)?)?;
        }
    }
    Ok(())
}

/// Loads the kept file, or makes it when there is none (and no backup that it would bury).
/// Options given for an existing file must match it.
fn open_or_create(args: &SimArgs, keeper: &mut save::Keeper) -> Result<Competition> {
    let path = keeper.path().to_path_buf();
    // Anything there, a symlink to nothing included, is read (and refused if it is no save):
    // only where nothing is at all is a new competition made.
    if crate::store::read::is_there(&path) {
        let comp = keeper.load()?;
        let conflicts = args.new_file.conflicts(comp.settings(), args.seed)?;
        if !conflicts.is_empty() {
            return Err(Error::Usage(format!(
                "{} already exists, and its options were fixed when it was made: {}. Leave those \
                 options out to go on with it, or give another name to start a new competition",
                path.display(),
                conflicts.join("; ")
            )));
        }
        return Ok(comp);
    }
    // A journal with no save beside it is the only copy of a match in play (its save moved
    // away, say): a new competition of that name would bury it.
    let journal = save::journal::path_for(&path);
    if crate::store::read::is_there(&journal) {
        return Err(Error::NotFound(format!(
            "there is no save file {} but there is the journal of a match in play beside where \
             it was, {}; put the save back beside it to resume that match, or move the journal \
             away to start a new competition with this name (nothing was made or removed)",
            path.display(),
            journal.display()
        )));
    }
    let backup = save::backup_path(&path);
    if backup.exists() {
        return Err(Error::NotFound(format!(
            "there is no save file {} but there is a backup {}; copy it over {} to go back to \
             it, or delete it to start a new competition with this name",
            path.display(),
            backup.display(),
            path.file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default()
        )));
    }
    let settings = args
        .new_file
        .settings(args.seed.unwrap_or_else(clock_seed))?;
    let comp = Competition::create(&args.name, settings).map_err(Error::usage)?;
    keeper.store(&comp).map_err(|error| {
        let note = if error.written_unflushed() {
            format!(
                "{} was made, but the disk may not have it yet; no season was simulated",
                comp.name()
            )
        } else {
            format!("{} was not made", comp.name())
        };
        Error::Save {
            error,
            note: Some(note),
        }
    })?;
    Ok(comp)
}

/// The last season played to its end, if any.
fn last_played(comp: &Competition) -> Option<u16> {
    comp.seasons().last().map(|s| s.year)
}

/// What a failed save means for a run: what the file still holds, and what was not saved.
/// `saved`: the last season played that the file holds.
fn unsaved_note(comp: &Competition, saved: Option<u16>, other_program: bool) -> String {
    let name = comp.name();
    let played = last_played(comp);
    let first_unsaved = saved.map_or(crate::league::FIRST_YEAR, |y| y + 1);
    let lost = match played {
        Some(last) if Some(last) != saved && last > first_unsaved => {
            format!("the seasons {first_unsaved}-{last} simulated here were not saved")
        }
        Some(last) if Some(last) != saved => {
            format!("the {last} season simulated here was not saved")
        }
        _ => "the matches simulated here were not saved".to_string(),
    };
    if other_program {
        return format!("The other program's version stands; {lost}");
    }
    let kept = match saved {
        Some(y) => format!("{name}.acc still holds the competition as last saved, through {y}"),
        None => format!("{name}.acc still holds the competition as last saved, before any season"),
    };
    format!("{kept}; {lost}")
}

/// What a save in place whose folder could not be flushed means for a run: every season
/// simulated is in the file, which the disk may not have yet; `left` seasons asked for were
/// not played (the run stops there, as at any failed save).
fn unflushed_note(comp: &Competition, left: u32) -> String {
    let name = comp.name();
    let through = match last_played(comp) {
        Some(y) => format!("through {y}"),
        None => "before any season".to_string(),
    };
    let rest = match left {
        0 => String::new(),
        1 => "; 1 of the seasons asked for was not simulated".to_string(),
        n => format!("; {n} of the seasons asked for were not simulated"),
    };
    format!(
        "{name}.acc is saved with every season simulated here, {through}, but the disk may not \
         have it yet{rest}"
    )
}

/// Plays `years` seasons, saving when a season ends [`CHECKPOINT_EVERY`] or more after the
/// last save, and at the end; returns what was played and the time spent saving. A save that
/// fails ends the run, saying what the file still holds.
fn simulate(
    comp: &mut Competition,
    years: u32,
    keeper: &mut save::Keeper,
) -> Result<(SimReport, Duration)> {
    simulate_saving_every(comp, years, keeper, CHECKPOINT_EVERY)
}

/// [`simulate`], saving when a season ends `every` or more after the last save.
fn simulate_saving_every(
    comp: &mut Competition,
    years: u32,
    keeper: &mut save::Keeper,
    every: Duration,
) -> Result<(SimReport, Duration)> {
    let bar = progress_bar(years);
    let mut save_time = Duration::ZERO;
    let mut last_save = Instant::now();
    let mut saved = last_played(comp);
    let mut done = 0;
    let mut failed = None;
    let report = comp.sim_seasons_until(years, |comp, _| {
        bar.inc(1);
        done += 1;
        let go_on = |archived_through| AfterSeason::GoOn { archived_through };
        if done < years && last_save.elapsed() < every {
            return go_on(None);
        }
        let t = Instant::now();
        if let Err(error) = keeper.store(comp) {
            let note = if error.written_unflushed() {
                unflushed_note(comp, years - done)
            } else {
                let other = matches!(error.kind, save::ErrorKind::ChangedOnDisk);
                unsaved_note(comp, saved, other)
            };
            failed = Some(Error::Save {
                error,
                note: Some(note),
            });
            return AfterSeason::Stop;
        }
        saved = last_played(comp);
        save_time += t.elapsed();
        last_save = Instant::now();
        // The seasons the archive now holds leave memory: a century's records would
        // otherwise all be held to the end (about 30 MB).
        go_on(keeper.archived_through())
    });
    bar.finish_and_clear();
    match failed {
        Some(e) => Err(e),
        None => Ok((report, save_time)),
    }
}

fn progress_bar(years: u32) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(years as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} seasons, {elapsed} (eta {eta})",
    ) {
        bar.set_style(style);
    }
    bar
}

fn print_sim_json(
    comp: &Competition,
    path: &Path,
    r: SimReport,
    seconds: f64,
    save_time: Duration,
) -> Result<()> {
    let last_year = comp.seasons().last().map(|s| s.year);
    let v = serde_json::json!({
        "name": comp.name(),
        "file": path.display().to_string(),
        "years": r.seasons,
        "matches": r.matches,
        "deliveries": r.deliveries,
        "seconds": seconds,
        "save_seconds": save_time.as_secs_f64(),
        "last_year": last_year,
        "finished": comp.is_finished(),
        "seed": comp.settings().seed,
    });
    print_out(&format!("{v}\n"))
}

/// Arguments of `accc export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The competition's name.
    pub name: String,
}

/// Runs `accc export`.
pub fn run_export(args: ExportArgs, saves: &Path) -> Result<()> {
    let comp = save::load(&save::path_for(saves, &args.name)?)?;
    print_out(&format!("{}\n", export::export_json(&comp)))
}

fn print_lines(lines: &[String]) -> Result<()> {
    let mut text = lines.join("\n");
    text.push('\n');
    print_out(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small competition kept in a new folder as `S`.
    fn kept() -> (tempfile::TempDir, save::Keeper, Competition) {
        let dir = tempfile::tempdir().unwrap();
        let options = MatchOptions {
            batsmen: 2,
            packs_per_session: 1,
            days: 1,
            ..MatchOptions::default()
        };
        let settings = Settings {
            options,
            levels: Levels::default(),
            user_county: None,
            seed: 9,
        };
        let comp = Competition::create("S", settings).unwrap();
        let mut keeper = save::Keeper::take(&dir.path().join("S.acc")).unwrap();
        keeper.store(&comp).unwrap();
        (dir, keeper, comp)
    }

    /// `sim` saves by time as each season ends, not between batches of seasons: with a save
    /// due at every season's end, the backup (the save before the last) holds all the
    /// seasons but the last, however many seasons the run plays at once.
    #[test]
    fn sim_saves_as_a_season_ends_once_the_time_is_up() {
        for years in [3, 12] {
            let (dir, mut keeper, mut comp) = kept();
            let (report, _) =
                simulate_saving_every(&mut comp, years, &mut keeper, Duration::ZERO).unwrap();
            assert_eq!(report.seasons, years);
            drop(keeper);
            let saved = save::load(&dir.path().join("S.acc")).unwrap();
            assert_eq!(saved.seasons().len(), years as usize);
            let before = save::load(&dir.path().join("S.bak")).unwrap();
            assert_eq!(
                before.seasons().len(),
                years as usize - 1,
                "{years} seasons: the save before the last held all but one"
            );
        }
        // Not yet due: one save, at the end.
        let (dir, mut keeper, mut comp) = kept();
        simulate_saving_every(&mut comp, 3, &mut keeper, Duration::from_secs(3600)).unwrap();
        drop(keeper);
        assert_eq!(
            save::load(&dir.path().join("S.bak"))
                .unwrap()
                .seasons()
                .len(),
            0
        );
    }
}
