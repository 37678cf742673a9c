//! The text views of a competition — points table, averages, a county's results, county
//! records, rolls of honour, final positions, all-time results and all-time averages — as pure
//! functions from a [`Competition`] to lines of text, each at most [`WIDTH`] columns. `accc show`
//! prints them; the terminal UI draws the same lines.
//!
//! A bad year is an [`Error::Usage`] that names the years there are.

mod format;
mod history;
mod season;

pub use history::{alltime, alltime_averages, honours, positions, records};
pub use season::{averages, results, table};

use crate::counties::Class;
use crate::error::{Error, Result};
use crate::league::{Competition, Season};

/// The widest a line may be.
pub const WIDTH: usize = 78;

/// The names `accc show` knows the views by.
pub const VIEW_NAMES: [&str; 8] = [
    "table",
    "averages",
    "results",
    "records",
    "honours",
    "positions",
    "alltime",
    "alltime-averages",
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
