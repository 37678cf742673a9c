//! `accc show NAME VIEW`: one view of a competition ([`crate::views`]) as text, JSON or CSV,
//! or, for the three views behind the pictures (story, eras, race), as the terminal picture.

use std::path::Path;

use clap::builder::StringValueParser;
use clap::Args;

use super::common::print_out;
use super::values;
use crate::counties::{self, Class, CountyId};
use crate::error::{Error, Result};
use crate::league::Competition;
use crate::save::{self, record::FixtureKey};
use crate::views::{self, Format, Forms};

/// Arguments of `accc show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The competition's name.
    pub name: String,
    /// table, averages, results, records, honours, positions, alltime, alltime-averages, story,
    /// eras or race; or one match (--year, --county, --round): scorecard, or log (its ball
    /// log, as `accc match --log` writes it); or innings (innings records, --county).
    #[arg(hide_possible_values = true,
          value_parser = values::offering(&SHOW_NAMES, StringValueParser::new()))]
    pub view: String,
    /// The season (default: the one under way, or the last one played if the next has not begun).
    #[arg(long, allow_negative_numbers = true,
          value_parser = values::number("--year", "a season's year, such as 1890", 0..=u16::MAX))]
    pub year: Option<u16>,
    /// The county, for results, records and story (a name, short name or letter, listed
    /// below; default: the user's county).
    #[arg(long, hide_possible_values = true, value_parser = values::county_arg(&[]))]
    pub county: Option<String>,
    /// first or second (default: the user's county's class, else first).
    #[arg(long, hide_possible_values = true,
          value_parser = values::offering(&["first", "second"], StringValueParser::new()))]
    pub class: Option<String>,
    /// The round (1 to 14), for scorecard and log: the match the county played in it.
    #[arg(long, allow_negative_numbers = true,
          value_parser = values::number("--round", "a round, 1 to 14", 0..=u8::MAX))]
    pub round: Option<u8>,
    /// text, json or csv; or picture (story, eras and race only: the terminal chart, in colour
    /// when printed to a terminal).
    #[arg(long, default_value = "text", hide_possible_values = true,
          value_parser = values::offering(&FORMATS, StringValueParser::new()))]
    pub format: String,
}

/// The views of one match, which `show` takes besides [`views::VIEW_NAMES`].
pub const MATCH_VIEWS: [&str; 2] = ["scorecard", "log"];

/// The view of a county's innings records across the century.
pub const INNINGS_VIEW: &str = "innings";

/// Every view `show` takes: the season views, the match views and the innings view, in that
/// order, made from those lists so that a view added to one is offered here too.
pub const SHOW_NAMES: [&str; views::VIEW_NAMES.len() + MATCH_VIEWS.len() + 1] = {
    let mut names = [INNINGS_VIEW; views::VIEW_NAMES.len() + MATCH_VIEWS.len() + 1];
    let mut i = 0;
    while i < views::VIEW_NAMES.len() {
        names[i] = views::VIEW_NAMES[i];
        i += 1;
    }
    let mut j = 0;
    while j < MATCH_VIEWS.len() {
        names[i + j] = MATCH_VIEWS[j];
        j += 1;
    }
    names
};

/// What `--format` takes, as completion offers it (any case is taken).
const FORMATS: [&str; 4] = ["text", "json", "csv", "picture"];

/// What `--format` asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Data(Format),
    Picture,
}

fn form_name(f: &str) -> Result<Form> {
    if f.eq_ignore_ascii_case("picture") {
        return Ok(Form::Picture);
    }
    Format::named(f).map(Form::Data).map_err(|_| {
        Error::Usage(format!(
            "unknown format {f:?}; the formats are: {}, picture",
            Format::NAMES.join(", ")
        ))
    })
}

/// Runs `accc show`.
pub fn run_show(args: ShowArgs, saves: &Path) -> Result<()> {
    if let Some(&which) = MATCH_VIEWS
        .iter()
        .find(|v| v.eq_ignore_ascii_case(&args.view))
    {
        return run_match_view(which, &args, saves);
    }
    if args.view.eq_ignore_ascii_case(INNINGS_VIEW) {
        return run_innings_view(&args, saves);
    }
    if args.round.is_some() {
        return Err(Error::Usage(format!(
            "--round does not apply to the {} view (only to scorecard and log)",
            args.view.to_ascii_lowercase()
        )));
    }
    let view = view_name(&args.view)?;
    let form = form_name(&args.format)?;
    let class = args.class.as_deref().map(class_name).transpose()?;
    let county = args
        .county
        .as_deref()
        .map(|c| counties::find(c).map_err(Error::usage))
        .transpose()?;
    if form == Form::Picture && !PICTURED.contains(&view) {
        return Err(Error::Usage(format!(
            "the {view} view has no picture; the views with one are: {}",
            PICTURED.join(", ")
        )));
    }
    let path = save::path_for(saves, &args.name)?;
    let all = save::load_all(&path)?;
    let comp = all.comp;
    let request = Request::new(&comp, view, args.year, county, class)?;
    // The match in play as the terminal program sees it: one begun and not yet left is in
    // the journal alone.
    let in_play = save::in_play_with_journal(&path, &comp, all.in_play, all.last_played.as_ref())
        .map(|g| g.fixture);
    match form {
        Form::Data(format) => print_out(&request.view(&comp, in_play.as_ref())?.written(format)?),
        Form::Picture => {
            let colour = super::common::colour_on_stdout();
            let picture = request.picture(&comp)?;
            print_out(&crate::tui::pictures::printed(&picture, colour))
        }
    }
}

/// `accc show NAME scorecard|log --year Y --county C --round R [--class first|second]`: one
/// kept match, reopened from its record ([`crate::history`]).
fn run_match_view(which: &str, args: &ShowArgs, saves: &Path) -> Result<()> {
    let format = match (which, form_name(&args.format)?) {
        (_, Form::Picture) => {
            return Err(Error::Usage(format!(
                "the {which} view has no picture; the views with one are: {}",
                PICTURED.join(", ")
            )))
        }
        ("log", Form::Data(Format::Csv)) => return Err(Error::Usage(
            "the log is JSON Lines (shared/spec/ball-log.md): give --format text or json, or none"
                .into(),
        )),
        (_, Form::Data(f)) => f,
    };
    let class = args.class.as_deref().map(class_name).transpose()?;
    let county = args
        .county
        .as_deref()
        .map(|c| counties::find(c).map_err(Error::usage))
        .transpose()?;
    let path = save::path_for(saves, &args.name)?;
    let (comp, library) = crate::history::Library::open(&path)?;
    let Some(round) = args.round else {
        return Err(Error::Usage(format!(
            "{which} needs --round R (1 to {}), with --year Y and --county C: the match that county played in that round",
            crate::league::ROUNDS
        )));
    };
    let county = county.or(comp.settings().user_county).ok_or_else(|| {
        let list = counties::names_and_letters_lines(78, "  ", "");
        Error::Usage(format!(
            "{which} needs --county C ({} has no user's county), one of:\n{}",
            comp.name(),
            list.join("\n")
        ))
    })?;
    let year = match args.year.or_else(|| default_year(&comp)) {
        Some(y) => y,
        None => {
            return Err(Error::NotFound(format!(
                "{} has played no match yet",
                comp.name()
            )))
        }
    };
    views::season_for(&comp, Some(year))?;
    let id = crate::history::MatchId::of_county(&comp, year, county, round)
        .map_err(|e| Error::Usage(e.to_string()))?;
    if let Some(c) = class.filter(|&c| c != id.class) {
        return Err(Error::Usage(format!(
            "{} played in the {} class in {year}, not the {}",
            counties::get(county).name,
            id.class.name(),
            c.name()
        )));
    }
    let kept = library.kept(&comp, id).map_err(|e| match e {
        crate::history::NotKept::NotPlayed(_) | crate::history::NotKept::ResultOnly(_) => {
            Error::NotFound(e.to_string())
        }
        crate::history::NotKept::NoSeason(_) | crate::history::NotKept::NoRound(_) => {
            Error::Usage(e.to_string())
        }
        _ => Error::BadFile(e.to_string()),
    })?;
    match which {
        "log" => print_out(&kept.ball_log().text()),
        _ => print_out(&crate::views::scorecard_view(&kept).written(format)?),
    }
}

/// `accc show NAME innings [--county C]`: the innings records the league keeps.
fn run_innings_view(args: &ShowArgs, saves: &Path) -> Result<()> {
    let format = match form_name(&args.format)? {
        Form::Data(f) => f,
        Form::Picture => {
            return Err(Error::Usage(format!(
                "the innings view has no picture; the views with one are: {}",
                PICTURED.join(", ")
            )))
        }
    };
    for (given, opt) in [
        (args.year.is_some(), "--year"),
        (args.class.is_some(), "--class"),
        (args.round.is_some(), "--round"),
    ] {
        if given {
            return Err(Error::Usage(format!(
                "{opt} does not apply to the innings view (it takes --county)"
            )));
        }
    }
    let county = args
        .county
        .as_deref()
        .map(|c| counties::find(c).map_err(Error::usage))
        .transpose()?;
    let path = save::path_for(saves, &args.name)?;
    let comp = save::load(&path)?;
    print_out(&views::innings_view(&comp, county)?.written(format)?)
}

/// The views that have a picture.
pub const PICTURED: [&str; 3] = ["story", "eras", "race"];

fn view_name(v: &str) -> Result<&'static str> {
    let wanted = v.to_ascii_lowercase().replace('_', "-");
    views::VIEW_NAMES
        .iter()
        .find(|&&n| n == wanted)
        .copied()
        .ok_or_else(|| {
            Error::Usage(format!(
                "unknown view {v:?}; the views are: {}",
                views::VIEW_NAMES.join(", ")
            ))
        })
}

fn class_name(c: &str) -> Result<Class> {
    match c.to_ascii_lowercase().as_str() {
        "first" | "1" | "1st" => Ok(Class::First),
        "second" | "2" | "2nd" => Ok(Class::Second),
        _ => Err(Error::Usage(format!(
            "unknown class {c:?}; the classes are: first, second"
        ))),
    }
}

/// The options each view takes; one given to a view that does not use it is an error, not
/// silently dropped (`show X records --year 1700` would otherwise print the records).
fn refuse_options_the_view_ignores(view: &str, given: [(bool, &str); 3]) -> Result<()> {
    let takes: &[&str] = match view {
        "table" | "averages" | "race" => &["--year", "--class"],
        "results" => &["--year", "--county"],
        "records" | "story" => &["--county"],
        "alltime" | "alltime-averages" => &["--class"],
        _ => &[],
    };
    match given.iter().find(|(on, opt)| *on && !takes.contains(opt)) {
        Some((_, opt)) if takes.is_empty() => Err(Error::Usage(format!(
            "{opt} does not apply to the {view} view, which takes no options"
        ))),
        Some((_, opt)) => Err(Error::Usage(format!(
            "{opt} does not apply to the {view} view (it takes {})",
            takes.join(" and ")
        ))),
        None => Ok(()),
    }
}

/// The season a view shows when no `--year` is given: the one under way once it has begun,
/// else the last one played (after `sim --years 1`, the season just simulated rather than
/// an empty table of the next); `None` when neither (the first season, not begun).
fn default_year(comp: &Competition) -> Option<u16> {
    match (comp.current(), comp.seasons().last()) {
        (Some(s), Some(last)) if s.matches_played() == 0 => Some(last.year),
        (Some(s), _) => Some(s.year),
        (None, last) => last.map(|s| s.year),
    }
}

/// A view asked for, with the defaults filled in: the user's county, and its class that year.
struct Request {
    view: &'static str,
    year: Option<u16>,
    class: Class,
    county: std::result::Result<CountyId, String>,
}

impl Request {
    fn new(
        comp: &Competition,
        view: &'static str,
        year: Option<u16>,
        county: Option<CountyId>,
        class: Option<Class>,
    ) -> Result<Request> {
        refuse_options_the_view_ignores(
            view,
            [
                (year.is_some(), "--year"),
                (county.is_some(), "--county"),
                (class.is_some(), "--class"),
            ],
        )?;
        let year = year.or_else(|| default_year(comp));
        let season = views::season_for(comp, year);
        let user = comp.settings().user_county;
        let default_class = || {
            user.zip(season.as_ref().ok())
                .map_or(Class::First, |(u, s)| s.class_of(u))
        };
        let county = county.or(user).ok_or_else(|| {
            let list = counties::names_and_letters_lines(78, "  ", "");
            format!(
                "{view} needs --county C ({} has no user's county), one of:\n{}",
                comp.name(),
                list.join("\n")
            )
        });
        Ok(Request {
            view,
            year,
            class: class.unwrap_or_else(default_class),
            county,
        })
    }

    fn county(&self) -> Result<CountyId> {
        self.county.clone().map_err(Error::Usage)
    }

    /// The view, in whichever form it is to be written; `in_play`, the match the save and its
    /// journal hold as begun and not ended, is said to be in a county's results.
    fn view(&self, comp: &Competition, in_play: Option<&FixtureKey>) -> Result<Box<dyn Forms>> {
        let (year, class) = (self.year, self.class);
        Ok(match self.view {
            "table" => Box::new(views::table_view(comp, year, class)?),
            "averages" => Box::new(views::averages_view(comp, year, class)?),
            "results" => {
                let mut v = views::results_view(comp, year, self.county()?)?;
                if let Some(f) = in_play {
                    v.mark_in_play(f.year, f.home, f.away);
                }
                Box::new(v)
            }
            "records" => Box::new(views::records_view(comp, self.county()?)?),
            "honours" => Box::new(views::honours_view(comp)?),
            "positions" => Box::new(views::positions_view(comp)?),
            "alltime" => Box::new(views::alltime_view(comp, class)?),
            "alltime-averages" => Box::new(views::alltime_averages_view(comp, class)?),
            "story" => Box::new(views::story_view(comp, self.county()?)?),
            "eras" => Box::new(views::eras_view(comp)?),
            "race" => Box::new(views::race_view(comp, year, class)?),
            _ => unreachable!("view names are checked"),
        })
    }

    /// The picture of a view that has one.
    fn picture(&self, comp: &Competition) -> Result<crate::tui::pictures::Picture> {
        use crate::tui::pictures::Picture;
        Ok(match self.view {
            "story" => Picture::Story(views::story_view(comp, self.county()?)?),
            "eras" => Picture::Eras(views::eras_view(comp)?),
            _ => Picture::Race(views::race_view(comp, self.year, self.class)?),
        })
    }
}

#[cfg(test)]
mod completion_tests {
    use super::*;

    /// What completion offers for --format is what form_name takes.
    #[test]
    fn the_formats_offered_are_the_formats_taken() {
        let mut taken: Vec<&str> = Format::NAMES.to_vec();
        taken.push("picture");
        assert_eq!(FORMATS.to_vec(), taken);
        for f in FORMATS {
            assert!(form_name(f).is_ok(), "{f}");
        }
    }
}
