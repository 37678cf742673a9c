//! The matches' records ([`Tape`]s) as the competition holds them in memory: for each season
//! played or read since the competition was loaded, each class's matches' tapes in schedule
//! order, `None` for a match kept as its result only (played before records were kept, or
//! whose choices could not be written). Older seasons' tapes are in the archive beside the
//! save (`crate::history`), not here: the save holds the tapes of the seasons not yet in the
//! archive, and the archive the rest.

use crate::counties::Class;
use crate::engine::tape::Tape;

use super::{class_index, MATCHES_PER_CLASS};

/// One season's tapes, by class (first, second) and place in the class's schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeasonTapes {
    pub year: u16,
    pub classes: [Vec<Option<Tape>>; 2],
}

impl SeasonTapes {
    /// The tape of the `k`-th match of `class`'s schedule, if it is kept.
    pub fn get(&self, class: Class, k: usize) -> Option<&Tape> {
        self.classes[class_index(class)].get(k)?.as_ref()
    }

    /// Matches with a tape.
    pub fn count(&self) -> usize {
        self.classes
            .iter()
            .flatten()
            .filter(|t| t.is_some())
            .count()
    }

    /// Whether no class has more places than a season has matches.
    pub fn fits(&self) -> bool {
        self.classes.iter().all(|c| c.len() <= MATCHES_PER_CLASS)
    }
}

/// The tapes of the seasons the competition holds in memory, oldest first.
///
/// Which tapes are in memory depends on when the competition was read, not on what it is: two
/// competitions are equal whatever their shelves hold (the tapes are checked against the
/// results when a match is opened).
#[derive(Clone, Debug, Default)]
pub struct Shelf {
    seasons: Vec<SeasonTapes>,
}

impl PartialEq for Shelf {
    fn eq(&self, _: &Shelf) -> bool {
        true
    }
}

impl Eq for Shelf {}

impl Shelf {
    pub fn new(seasons: Vec<SeasonTapes>) -> Shelf {
        Shelf { seasons }
    }

    pub fn seasons(&self) -> &[SeasonTapes] {
        &self.seasons
    }

    /// The season `year`'s tapes, if the shelf has it.
    pub fn season(&self, year: u16) -> Option<&SeasonTapes> {
        self.seasons.iter().find(|s| s.year == year)
    }

    /// Puts `tape` at place `k` of `class` in `year` (the places before it that have none are
    /// kept as results only).
    pub fn put(&mut self, year: u16, class: Class, k: usize, tape: Option<Tape>) {
        if self.seasons.last().is_none_or(|s| s.year != year) {
            self.seasons.push(SeasonTapes {
                year,
                ..SeasonTapes::default()
            });
        }
        let season = self.seasons.last_mut().expect("pushed");
        let list = &mut season.classes[class_index(class)];
        list.resize(k, None);
        list.push(tape);
    }

    /// Takes off the shelf the seasons through `year` (kept elsewhere now: see
    /// [`super::Competition::sim_seasons_until`]).
    pub fn release_through(&mut self, year: u16) {
        self.seasons.retain(|s| s.year > year);
    }
}
