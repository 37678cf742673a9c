//! The competition's history, added up from the completed seasons: rolls of honour, each
//! county's final position by year, and all-time results of each class (ranked by prize money
//! in the first class, by promotions in the second).

use std::cmp::Ordering;

use crate::counties::{self, Class, CountyId};

use super::competition::Competition;
use super::season::SeasonSummary;
use super::standings::SeasonRow;
use super::{class_index, CLASS_SIZE};

/// A year's roll of honour: the first class's top three and the promoted county.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Honours {
    pub year: u16,
    pub top_three: [CountyId; 3],
    /// `None` after the last season: no season follows for anyone to go up to.
    pub promoted: Option<CountyId>,
}

/// Where a county finished: its class and place (1..=8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placing {
    pub class: Class,
    pub place: u8,
}

/// Every county's final placing in one year, indexed by county id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    pub year: u16,
    pub placings: Vec<Placing>,
}

/// A county's all-time results in one class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllTimeRow {
    /// Every match in the class, added up.
    pub row: SeasonRow,
    /// Seasons spent in the class.
    pub seasons: u32,
    pub prize: u32,
    pub championships: u32,
    pub relegated: u32,
    pub promoted: u32,
    pub wooden_spoons: u32,
}

/// The summaries of the completed seasons, oldest first.
pub fn summaries(comp: &Competition) -> Vec<SeasonSummary> {
    comp.seasons().iter().map(|s| s.summary()).collect()
}

/// The rolls of honour, oldest first.
pub fn honours(comp: &Competition) -> Vec<Honours> {
    summaries(comp)
        .iter()
        .map(|s| Honours {
            year: s.year,
            top_three: [0, 1, 2].map(|i| s.tables[0][i].county),
            promoted: (!s.is_last()).then_some(s.promoted),
        })
        .collect()
}

/// Final positions of every county, oldest first.
pub fn final_positions(comp: &Competition) -> Vec<Positions> {
    summaries(comp).iter().map(positions_of).collect()
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "a place in a class of 8: it fits a byte"
)]
fn positions_of(s: &SeasonSummary) -> Positions {
    let mut placings = vec![
        Placing {
            class: Class::Second,
            place: 0
        };
        counties::all().len()
    ];
    for (class, table) in [(Class::First, &s.tables[0]), (Class::Second, &s.tables[1])] {
        for (i, row) in table.iter().enumerate() {
            placings[row.county as usize] = Placing {
                class,
                place: i as u8 + 1,
            };
        }
    }
    Positions {
        year: s.year,
        placings,
    }
}

/// All-time results of `class` for every county (as the original lists them: one that has
/// never played in the class shows no seasons, at the foot), ranked: the first class by prize
/// money, then championships, points and name; the second class by times promoted, then
/// fewest wooden spoons, points and name.
pub fn alltime(comp: &Competition, class: Class) -> Vec<AllTimeRow> {
    let mut rows: Vec<AllTimeRow> = counties::ids().map(blank).collect();
    for s in summaries(comp) {
        for (place, r) in s.tables[class_index(class)].iter().enumerate() {
            let a = &mut rows[r.county as usize];
            a.row.absorb(r);
            a.seasons += 1;
            a.prize += s.prize_of(r.county);
            a.championships += (class == Class::First && place == 0) as u32;
            // After the last season nobody goes down or up: there is no next season.
            let moves = !s.is_last();
            a.relegated += (moves && class == Class::First && place == CLASS_SIZE - 1) as u32;
            a.promoted += (moves && class == Class::Second && place == 0) as u32;
            a.wooden_spoons += (class == Class::Second && place == CLASS_SIZE - 1) as u32;
        }
    }
    rows.sort_by(|a, b| alltime_order(class, a, b));
    rows
}

fn blank(county: CountyId) -> AllTimeRow {
    AllTimeRow {
        row: SeasonRow::new(county),
        seasons: 0,
        prize: 0,
        championships: 0,
        relegated: 0,
        promoted: 0,
        wooden_spoons: 0,
    }
}

fn alltime_order(class: Class, a: &AllTimeRow, b: &AllTimeRow) -> Ordering {
    let first = match class {
        Class::First => b
            .prize
            .cmp(&a.prize)
            .then(b.championships.cmp(&a.championships)),
        Class::Second => b
            .promoted
            .cmp(&a.promoted)
            .then(a.wooden_spoons.cmp(&b.wooden_spoons)),
    };
    // Counties that never played in the class go last, whatever else ties.
    let played = (b.seasons > 0).cmp(&(a.seasons > 0));
    played
        .then(first)
        .then(b.row.points.cmp(&a.row.points))
        .then_with(|| a.row.name().cmp(b.row.name()))
}
