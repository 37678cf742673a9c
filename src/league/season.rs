//! One season: the two classes ([`ClassSeason`]), each with its eight counties in fixture
//! order, the matches played so far and the running rows; and the season's end
//! ([`SeasonSummary`]): final tables, champion, prize money, promotion, relegation and the
//! wooden spoon, and the classes of the next season.

use crate::counties::{Class, CountyId};

use super::fixtures::{pairing, position};
use super::seeds::{draw_seed, splitmix64};
use super::standings::{prize, rank, SeasonRow};
use super::summary::MatchSummary;
use super::{class_index, CLASSES, CLASS_SIZE, MATCHES_PER_CLASS, MATCHES_PER_ROUND, ROUNDS};

/// The eight counties of a class, in fixture-slot order.
pub type Slots = [CountyId; CLASS_SIZE];

/// A class's season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSeason {
    pub class: Class,
    slots: Slots,
    matches: Vec<MatchSummary>,
    /// Running figures, by slot.
    rows: [SeasonRow; CLASS_SIZE],
}

/// A match that is not the next of its class's schedule (`expected`: the next, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotScheduled {
    pub expected: Option<Scheduled>,
    pub got: MatchSummary,
}

/// A match of the schedule: round (1..=14), index in the round (0..4), home and away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scheduled {
    pub round: u8,
    pub index: u8,
    pub home: CountyId,
    pub away: CountyId,
}

impl ClassSeason {
    /// A class's season about to start, its counties in `slots` order.
    pub fn new(class: Class, slots: Slots) -> ClassSeason {
        ClassSeason {
            class,
            slots,
            matches: Vec::with_capacity(MATCHES_PER_CLASS),
            rows: slots.map(SeasonRow::new),
        }
    }

    /// A class's season rebuilt from the matches played (read from a save file), checked
    /// against the schedule.
    pub fn from_matches(
        class: Class,
        slots: Slots,
        matches: Vec<MatchSummary>,
    ) -> Result<ClassSeason, NotScheduled> {
        let mut season = ClassSeason::new(class, slots);
        for m in matches {
            season.add(m)?;
        }
        Ok(season)
    }

    /// The counties in fixture-slot order.
    pub fn slots(&self) -> &Slots {
        &self.slots
    }

    pub fn contains(&self, county: CountyId) -> bool {
        self.slots.contains(&county)
    }

    /// The matches played, in schedule order.
    pub fn matches(&self) -> &[MatchSummary] {
        &self.matches
    }

    pub fn is_complete(&self) -> bool {
        self.matches.len() == MATCHES_PER_CLASS
    }

    /// Rounds whose four matches have all been played.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a season's rounds, below 20: they fit a byte"
    )]
    pub fn rounds_complete(&self) -> u8 {
        (self.matches.len() / MATCHES_PER_ROUND as usize) as u8
    }

    /// The `k`-th match of the schedule (0..56).
    pub fn scheduled(&self, k: usize) -> Scheduled {
        let (round, index) = position(k);
        let p = pairing(round, index);
        Scheduled {
            round,
            index,
            home: self.slots[p.home as usize],
            away: self.slots[p.away as usize],
        }
    }

    /// The next match to play, if any.
    pub fn next_scheduled(&self) -> Option<Scheduled> {
        (!self.is_complete()).then(|| self.scheduled(self.matches.len()))
    }

    /// Adds the next match of the schedule; refuses any other.
    pub fn add(&mut self, m: MatchSummary) -> Result<(), NotScheduled> {
        let next = self.next_scheduled();
        if next.is_none_or(|n| (m.round, m.home, m.away) != (n.round, n.home, n.away)) {
            return Err(NotScheduled {
                expected: next,
                got: m,
            });
        }
        for (county, side) in [
            (m.home, crate::engine::Side::Home),
            (m.away, crate::engine::Side::Away),
        ] {
            let i = self
                .slots
                .iter()
                .position(|&c| c == county)
                .expect("scheduled counties are in the class");
            self.rows[i].add_match(&m, side);
        }
        self.matches.push(m);
        Ok(())
    }

    /// The table now, in order.
    pub fn table(&self) -> Vec<SeasonRow> {
        let mut rows = self.rows.to_vec();
        rank(&mut rows);
        rows
    }

    /// The table after `round` (0 = before the first), in order.
    pub fn table_after_round(&self, round: u8) -> Vec<SeasonRow> {
        let mut rows = self.slots.map(SeasonRow::new);
        for m in self.matches.iter().take_while(|m| m.round <= round) {
            for side in crate::engine::Side::BOTH {
                let i = self
                    .slots
                    .iter()
                    .position(|&c| c == m.county(side))
                    .expect("in the class");
                rows[i].add_match(m, side);
            }
        }
        let mut rows = rows.to_vec();
        rank(&mut rows);
        rows
    }

    /// A county's running row.
    pub fn row(&self, county: CountyId) -> Option<&SeasonRow> {
        self.slots
            .iter()
            .position(|&c| c == county)
            .map(|i| &self.rows[i])
    }
}

/// One season of both classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    pub year: u16,
    /// First class, then second.
    pub classes: [ClassSeason; 2],
}

impl Season {
    /// The season of `year` with these members, each class's fixture order drawn from `seed`.
    pub fn new(year: u16, members: [Slots; 2], seed: u64) -> Season {
        let [first, second] = members;
        let draw = |class, mut slots: Slots| {
            shuffle(&mut slots, draw_seed(seed, year, class));
            ClassSeason::new(class, slots)
        };
        Season {
            year,
            classes: [draw(Class::First, first), draw(Class::Second, second)],
        }
    }

    pub fn class(&self, class: Class) -> &ClassSeason {
        &self.classes[class_index(class)]
    }

    pub fn class_mut(&mut self, class: Class) -> &mut ClassSeason {
        &mut self.classes[class_index(class)]
    }

    /// The class `county` plays in this season.
    pub fn class_of(&self, county: CountyId) -> Class {
        if self.classes[0].contains(county) {
            Class::First
        } else {
            Class::Second
        }
    }

    pub fn is_complete(&self) -> bool {
        self.classes.iter().all(ClassSeason::is_complete)
    }

    pub fn matches_played(&self) -> usize {
        self.classes.iter().map(|c| c.matches().len()).sum()
    }

    /// The round `class` has finished while the other class has not: both classes advance
    /// together, so `class` has no match to play (`Competition::next_fixture` is `None`)
    /// until the other finishes that round too.
    pub fn waiting_round(&self, class: Class) -> Option<u8> {
        let done = self.class(class).rounds_complete();
        (done > self.class(class.other()).rounds_complete()).then_some(done)
    }

    /// The round being played (both classes advance together), or none once complete.
    pub fn current_round(&self) -> Option<u8> {
        let done = self
            .classes
            .iter()
            .map(ClassSeason::rounds_complete)
            .min()
            .unwrap_or(ROUNDS);
        (done < ROUNDS).then_some(done + 1)
    }

    /// The season's summary: final tables (or the tables so far), prizes and movement.
    pub fn summary(&self) -> SeasonSummary {
        let tables = CLASSES.map(|c| self.class(c).table());
        let prizes = tables[0]
            .iter()
            .enumerate()
            .map(|(i, r)| (r.county, prize(Class::First, i + 1)))
            .filter(|p| p.1 > 0)
            .collect();
        let last = CLASS_SIZE - 1;
        SeasonSummary {
            year: self.year,
            champion: tables[0][0].county,
            relegated: tables[0][last].county,
            promoted: tables[1][0].county,
            wooden_spoon: tables[1][last].county,
            prizes,
            tables,
        }
    }
}

/// What a completed season decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonSummary {
    pub year: u16,
    /// Final tables, first class then second, in order.
    pub tables: [Vec<SeasonRow>; 2],
    pub champion: CountyId,
    /// Prize money won, in order of the first-class table.
    pub prizes: Vec<(CountyId, u32)>,
    /// Eighth of the first class: second class next season.
    pub relegated: CountyId,
    /// First of the second class: first class next season.
    pub promoted: CountyId,
    /// Last of the second class.
    pub wooden_spoon: CountyId,
}

impl SeasonSummary {
    /// The members of each class next season, in this season's table order (the promoted
    /// county last of the first class, the relegated one first of the second).
    pub fn next_members(&self) -> [Slots; 2] {
        let mut first = [0; CLASS_SIZE];
        let mut second = [0; CLASS_SIZE];
        for i in 0..CLASS_SIZE - 1 {
            first[i] = self.tables[0][i].county;
            second[i + 1] = self.tables[1][i + 1].county;
        }
        first[CLASS_SIZE - 1] = self.promoted;
        second[0] = self.relegated;
        [first, second]
    }

    /// Whether this was the competition's last season: no promotion, relegation or next
    /// season follow it.
    pub fn is_last(&self) -> bool {
        self.year == super::LAST_YEAR
    }

    /// The prize `county` won (0 if none).
    pub fn prize_of(&self, county: CountyId) -> u32 {
        self.prizes
            .iter()
            .find(|p| p.0 == county)
            .map_or(0, |p| p.1)
    }
}

/// Fisher-Yates driven by SplitMix64: the same order on every platform and rand version.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the remainder is at most i, a slot's index: it fits a usize"
)]
fn shuffle(slots: &mut Slots, seed: u64) {
    let mut h = seed;
    for i in (1..slots.len()).rev() {
        h = splitmix64(h);
        let j = (h % (i as u64 + 1)) as usize;
        slots.swap(i, j);
    }
}
