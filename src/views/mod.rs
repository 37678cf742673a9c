//! The views of a competition — points table, averages, a county's results, county records,
//! rolls of honour, final positions, all-time results and all-time averages, and the three
//! behind the pictures (a county's story, the eras, a season's points race) — as pure
//! functions from a [`Competition`] to typed rows ([`output::View`]), from which come their
//! text (lines of at most [`WIDTH`] columns), JSON and CSV. `accc show` prints them in any of
//! the three; the terminal UI draws the same lines; the almanack tabulates the same rows.
//!
//! A bad year is an [`Error::Usage`] that names the years there are.

pub mod format;
mod history;
mod innings;
pub mod output;
mod scorecard;
mod season;
pub mod trends;

pub use history::{
    alltime, alltime_averages, alltime_averages_view, alltime_view, honours, honours_view,
    positions, positions_view, records, records_view, span, AllTimeAveragesView, AllTimeLine,
    AllTimeView, HonoursRow, HonoursView, PositionRow, PositionsView, RecordRow, RecordsView,
};
pub use innings::{innings_view, InningsRow, InningsView};
pub use output::{Format, Forms, View};
pub use scorecard::{scorecard_view, ScorecardRow, ScorecardView};
pub use season::{
    averages, averages_view, results, results_view, table, table_view, AveragesView, FiguresRow,
    ResultRow, ResultsView, TableRow, TableView,
};
pub use trends::{eras_view, race_view, story_view, ErasView, RaceView, StoryView};

use crate::counties::Class;
use crate::error::{Error, Result};
use crate::league::{Competition, Season};

/// The widest a line may be.
pub const WIDTH: usize = 78;

/// The names `accc show` knows the views by.
pub const VIEW_NAMES: [&str; 11] = [
    "table",
    "averages",
    "results",
    "records",
    "honours",
    "positions",
    "alltime",
    "alltime-averages",
    "story",
    "eras",
    "race",
];

/// The season of `year`, or by default the one under way (the last completed once the
/// competition is over).
pub fn season_for(comp: &Competition, year: Option<u16>) -> Result<&Season> {
    let found = match year {
        Some(y) => comp.season(y),
        None => comp.current().or_else(|| comp.seasons().last()),
    };
    found.ok_or_else(|| {
        let years = comp.years();
        Error::Usage(format!(
            "there is no season {} in {}: the seasons so far are {} to {}",
            year.map_or_else(|| "at all".into(), |y| y.to_string()),
            comp.name(),
            years.start(),
            years.end()
        ))
    })
}

/// "first-class" or "second-class".
pub fn class_label(class: Class) -> &'static str {
    match class {
        Class::First => "first-class",
        Class::Second => "second-class",
    }
}
