//! The [`Competition`]: its fixed [`Settings`], the completed seasons, the season under way and
//! the counties' records; and the API that the commands and the terminal UI drive — the next
//! fixture of each class, playing it by computer or recording a match a human played, the end
//! of each season, and bulk simulation (matches of a season in parallel, results added in
//! schedule order, so the thread count never changes a result).

use std::collections::BTreeSet;

use rayon::prelude::*;

use crate::counties::{self, Class, CountyId};
use crate::engine::tape::Tape;
use crate::engine::{MatchOptions, MatchState, NoRecord};
use crate::play::{computer_match_taped, Levels};

use super::check::Implausible;
use super::fixtures::position;
use super::innings::InningsTable;
use super::kept::{SeasonTapes, Shelf};
use super::name::{normalise_file_name, normalise_name, NameError};
use super::records::CountyRecords;
use super::season::{Season, SeasonSummary, Slots};
use super::seeds::match_seed;
use super::settings::{Settings, SettingsError};
use super::summary::{MatchSummary, PlayedMatch};
use super::{CLASSES, FIRST_YEAR, LAST_YEAR, ROUNDS};

/// A match to play: where it stands in the competition, its counties and its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fixture {
    pub year: u16,
    pub class: Class,
    /// 1..=14.
    pub round: u8,
    /// 0..4 within the round.
    pub index: u8,
    pub home: CountyId,
    pub away: CountyId,
    /// The match seed: `accc match --home H --away A --seed S` replays a computer match.
    pub seed: u64,
}

/// Why the competition refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueError {
    /// All seasons have been played.
    Finished,
    /// Only the next fixture of a class may be played (`expected` is none when that class
    /// waits for the other to finish the round).
    NotNext {
        expected: Option<Fixture>,
        got: Fixture,
    },
    /// The match handed in is not over.
    MatchNotOver,
    /// The match handed in was played under other options.
    WrongOptions,
    /// The name is not allowed.
    Name(NameError),
    /// A setting is not allowed.
    Settings(SettingsError),
}

impl std::fmt::Display for LeagueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeagueError::Finished => {
                write!(
                    f,
                    "the competition is over: all {} seasons have been played",
                    super::MAX_SEASONS
                )
            }
            LeagueError::NotNext {
                expected: Some(e),
                got,
            } => {
                write!(
                    f,
                    "{} is not the next match; the next is {}",
                    describe(got),
                    describe(e)
                )
            }
            LeagueError::NotNext {
                expected: None,
                got,
            } => {
                write!(
                    f,
                    "{} cannot be played yet: the other class must finish the round first",
                    describe(got)
                )
            }
            LeagueError::MatchNotOver => f.write_str("the match is not over"),
            LeagueError::WrongOptions => {
                f.write_str("the match was played under other options than the competition's")
            }
            LeagueError::Name(e) => e.fmt(f),
            LeagueError::Settings(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LeagueError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LeagueError::Name(e) => Some(e),
            LeagueError::Settings(e) => Some(e),
            _ => None,
        }
    }
}

fn describe(f: &Fixture) -> String {
    format!(
        "{} {}-class round {}: {} v {}",
        f.year,
        f.class.name(),
        f.round,
        counties::get(f.home).name,
        counties::get(f.away).name
    )
}

/// A match added to the competition, and the season's summary if it was the season's last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub summary: MatchSummary,
    pub season_end: Option<SeasonSummary>,
}

/// What a bulk simulation did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimReport {
    pub seasons: u32,
    pub matches: u64,
    /// Deliveries bowled: counting balls + no-balls + wide runs (as `benches/engine.rs`).
    pub deliveries: u64,
}

impl SimReport {
    pub fn absorb(&mut self, o: SimReport) {
        self.seasons += o.seasons;
        self.matches += o.matches;
        self.deliveries += o.deliveries;
    }
}

/// The match of round `round` with `seed`, played by computer under `options` and `levels`,
/// its counties not yet named.
fn play_pure(options: MatchOptions, levels: Levels, round: u8, seed: u64) -> PlayedMatch {
    let (state, tape) = computer_match_taped(options, [levels; 2], seed, &mut NoRecord);
    let mut played = PlayedMatch::of(&state, round, 0, 0, seed);
    played.tape = Some(tape);
    played
}

/// Matches played ahead, in numbered batches of consecutive matches, as they come in from the
/// threads (in nearly that order): each match is given out in its turn.
struct InOrder {
    rx: std::sync::mpsc::Receiver<(usize, Vec<PlayedMatch>)>,
    /// The next batch in turn, and what is left of the batch being given.
    next: usize,
    given: std::vec::IntoIter<PlayedMatch>,
    waiting: std::collections::BTreeMap<usize, Vec<PlayedMatch>>,
}

impl Iterator for InOrder {
    type Item = PlayedMatch;

    /// The next match in turn, waiting for its batch; `None` once every match played ahead
    /// is given.
    fn next(&mut self) -> Option<PlayedMatch> {
        loop {
            if let Some(p) = self.given.next() {
                return Some(p);
            }
            if let Some(batch) = self.waiting.remove(&self.next) {
                self.next += 1;
                self.given = batch.into_iter();
                continue;
            }
            let (i, batch) = self.rx.recv().ok()?;
            self.waiting.insert(i, batch);
        }
    }
}

/// How many matches a thread plays before handing them over: the adding-up thread wakes
/// once a batch, not once a match (a wake-up a match, 11,200 in a century, cost the
/// players' threads a tenth of their time in switches on a 2-core machine), while a batch
/// stays a small part of a season's 112 matches, so a season ends soon after its matches
/// are played.
const BATCH: usize = 8;

/// How many batches may wait, played, for the adding up: some four seasons' matches, enough
/// to keep the threads busy through a save.
const AHEAD: usize = 64;

/// What the caller of [`Competition::sim_seasons_until`] says as a season ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterSeason {
    /// Play on. `archived_through`: the last season whose match records are now kept
    /// elsewhere (the archive beside the save), which may leave memory.
    GoOn { archived_through: Option<u16> },
    /// Stop here.
    Stop,
}

/// A whole competition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Competition {
    name: String,
    settings: Settings,
    seasons: Vec<Season>,
    current: Option<Season>,
    records: Vec<CountyRecords>,
    /// The matches the person played (not watched, not left to the computer), each by its
    /// year and counties (home, away): an ordered pair meets once a season. Their seeds do
    /// not replay them, for the person's choices are not the computer's.
    by_person: BTreeSet<PersonMatch>,
    /// Matches of the person's county, in a file written before the program kept which
    /// matches the person played, whose seeds do not replay them now: the person's, or played
    /// by another build's computer players. Nobody can tell which.
    unknown: BTreeSet<PersonMatch>,
    /// The records (tapes) of the matches played or read since the competition was loaded.
    shelf: Shelf,
    /// Each county's innings records (see [`super::innings`]).
    innings: InningsTable,
}

/// A match the person played: its year, home and away county.
pub type PersonMatch = (u16, CountyId, CountyId);

/// The 1890 classes, in the order of `data/counties.toml`.
fn members_of_1890() -> [Slots; 2] {
    CLASSES.map(|class| {
        let ids: Vec<CountyId> = counties::ids()
            .filter(|&c| counties::get(c).class == class)
            .collect();
        ids.try_into()
            .expect("eight counties in each class (tested in counties)")
    })
}

impl Competition {
    /// A new competition, its first season (1890) about to start.
    pub fn create(name: &str, settings: Settings) -> Result<Competition, LeagueError> {
        let name = normalise_name(name).map_err(LeagueError::Name)?;
        settings.validate().map_err(LeagueError::Settings)?;
        let first = Season::new(FIRST_YEAR, members_of_1890(), settings.seed);
        Ok(Competition {
            name,
            settings,
            seasons: Vec::new(),
            current: Some(first),
            records: vec![CountyRecords::default(); counties::all().len()],
            by_person: BTreeSet::new(),
            unknown: BTreeSet::new(),
            shelf: Shelf::default(),
            innings: InningsTable::default(),
        })
    }

    /// A competition from its stored parts (a save file), checked: its name and settings,
    /// and that it could have been played (see [`super::check`]).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a season's index, at most MAX_SEASONS (100): it fits a u16"
    )]
    pub fn from_parts(
        name: &str,
        settings: Settings,
        seasons: Vec<Season>,
        current: Option<Season>,
        records: Vec<CountyRecords>,
    ) -> Result<Competition, Implausible> {
        let name = normalise_file_name(name).map_err(Implausible::Name)?;
        settings.validate().map_err(Implausible::Settings)?;
        if records.len() != counties::all().len() {
            return Err(Implausible::RecordsCount(records.len()));
        }
        let years: Vec<u16> = seasons
            .iter()
            .chain(current.as_ref())
            .map(|s| s.year)
            .collect();
        if years
            .iter()
            .enumerate()
            .any(|(i, &y)| y != FIRST_YEAR + i as u16)
            || years.last().is_some_and(|&y| y > LAST_YEAR)
        {
            return Err(Implausible::Years);
        }
        if seasons.iter().any(|s| !s.is_complete())
            || current.as_ref().is_some_and(Season::is_complete)
        {
            return Err(Implausible::Unfinished);
        }
        if current.is_none() && seasons.len() != super::MAX_SEASONS as usize {
            return Err(Implausible::StopsEarly);
        }
        let all: Vec<&Season> = seasons.iter().chain(current.as_ref()).collect();
        super::check::check_history(
            settings.seed,
            &settings.options,
            &all,
            members_of_1890(),
            &records,
        )?;
        Ok(Competition {
            name,
            settings,
            seasons,
            current,
            records,
            by_person: BTreeSet::new(),
            unknown: BTreeSet::new(),
            shelf: Shelf::default(),
            innings: InningsTable::default(),
        })
    }

    /// The tapes the competition holds in memory (see [`super::kept`]).
    pub fn shelf(&self) -> &Shelf {
        &self.shelf
    }

    /// Each county's innings records, kept up as matches are added.
    pub fn innings(&self) -> &InningsTable {
        &self.innings
    }

    /// Sets the innings records a save file holds (or that were built for it by replay).
    pub fn set_innings(&mut self, table: InningsTable) {
        self.innings = table;
    }

    /// Puts the tapes a save file holds on the shelf: each season's must be one the
    /// competition has, with no more places than matches played in each class.
    pub fn set_tapes(&mut self, seasons: Vec<SeasonTapes>) -> Result<(), Implausible> {
        for s in &seasons {
            let played = self
                .season(s.year)
                .map(|season| CLASSES.map(|c| season.class(c).matches().len()));
            let fits =
                played.is_some_and(|p| s.classes.iter().zip(p).all(|(tapes, n)| tapes.len() <= n));
            if !fits {
                return Err(Implausible::Tapes(s.year));
            }
        }
        if seasons.windows(2).any(|w| w[0].year >= w[1].year) {
            return Err(Implausible::Tapes(seasons[0].year));
        }
        self.shelf = Shelf::new(seasons);
        Ok(())
    }

    /// Whether the person played the match of `year` between `home` and `away` (its seed then
    /// replays only its chance events, with the computer in the person's place); `None` when
    /// nobody can tell (see [`Competition::unknown_matches`]).
    pub fn played_by_person(&self, year: u16, home: CountyId, away: CountyId) -> Option<bool> {
        let m = (year, home, away);
        if self.unknown.contains(&m) {
            None
        } else {
            Some(self.by_person.contains(&m))
        }
    }

    /// The matches the person played, in order of year.
    pub fn person_matches(&self) -> impl Iterator<Item = PersonMatch> + '_ {
        self.by_person.iter().copied()
    }

    /// The matches of the person's county that may or may not be the person's: in a file
    /// written before the program kept which matches the person played, those whose seeds do
    /// not replay them now (the person's, or played by another build's computer players).
    pub fn unknown_matches(&self) -> impl Iterator<Item = PersonMatch> + '_ {
        self.unknown.iter().copied()
    }

    /// Marks the matches the person played and those nobody can tell, as a save file lists
    /// them: each must be a match played in the competition by the person's county.
    pub fn set_person_matches(
        &mut self,
        by_person: impl IntoIterator<Item = PersonMatch>,
        unknown: impl IntoIterator<Item = PersonMatch>,
    ) -> Result<(), Implausible> {
        let mut sets = [BTreeSet::new(), BTreeSet::new()];
        for (set, matches) in sets.iter_mut().zip([
            by_person.into_iter().collect::<Vec<_>>(),
            unknown.into_iter().collect(),
        ]) {
            for m @ (year, home, away) in matches {
                let mine = self
                    .settings
                    .user_county
                    .is_some_and(|c| c == home || c == away);
                if !mine || self.summary_of(year, home, away).is_none() {
                    return Err(Implausible::PersonMatch { year, home, away });
                }
                set.insert(m);
            }
        }
        [self.by_person, self.unknown] = sets;
        Ok(())
    }

    /// The matches of the person's county whose seeds, played by the computer on both sides,
    /// do not give the match kept. A watched match, or one left to the computer by this
    /// build, replays; so for a file written before the program kept which matches the person
    /// played, these are the person's or another build's computer's (see
    /// [`Competition::unknown_matches`]).
    pub fn unreplayed_matches(&self) -> Vec<PersonMatch> {
        let Some(user) = self.settings.user_county else {
            return Vec::new();
        };
        let theirs: Vec<(u16, &MatchSummary)> = self
            .seasons
            .iter()
            .chain(self.current.as_ref())
            .flat_map(|s| {
                s.classes
                    .iter()
                    .flat_map(|c| c.matches())
                    .filter(|m| m.home == user || m.away == user)
                    .map(move |m| (s.year, m))
            })
            .collect();
        theirs
            .into_par_iter()
            .filter(|(_, m)| {
                self.play_pure(m.round, m.seed)
                    .between(m.home, m.away)
                    .summary
                    != **m
            })
            .map(|(year, m)| (year, m.home, m.away))
            .collect()
    }

    /// The summary of the match of `year` between `home` and `away`, if it has been played.
    fn summary_of(&self, year: u16, home: CountyId, away: CountyId) -> Option<&MatchSummary> {
        self.season(year)?
            .classes
            .iter()
            .flat_map(|c| c.matches())
            .find(|m| m.home == home && m.away == away)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Gives the competition the name of the file it was read from: a copied file is a
    /// competition of its own, saved under its own name, never over the one it was copied
    /// from. `name` must already be a name a file may have (see [`normalise_file_name`]: an
    /// earlier version's file may begin with a hyphen, which a new name may not).
    pub fn rename(&mut self, name: String) {
        debug_assert_eq!(normalise_file_name(&name).as_deref(), Ok(name.as_str()));
        self.name = name;
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The completed seasons, oldest first.
    pub fn seasons(&self) -> &[Season] {
        &self.seasons
    }

    /// The season under way (none once the competition is over).
    pub fn current(&self) -> Option<&Season> {
        self.current.as_ref()
    }

    /// A completed season or the current one.
    pub fn season(&self, year: u16) -> Option<&Season> {
        self.seasons
            .iter()
            .chain(self.current.as_ref())
            .find(|s| s.year == year)
    }

    /// The years that can be shown: every completed season and the current one.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of seasons, at most MAX_SEASONS (100): it fits a u16"
    )]
    pub fn years(&self) -> std::ops::RangeInclusive<u16> {
        let last = self
            .current
            .as_ref()
            .map_or(FIRST_YEAR + self.seasons.len() as u16 - 1, |s| s.year);
        FIRST_YEAR..=last
    }

    /// A county's all-time records.
    pub fn records(&self, county: CountyId) -> &CountyRecords {
        &self.records[county as usize]
    }

    pub fn all_records(&self) -> &[CountyRecords] {
        &self.records
    }

    pub fn is_finished(&self) -> bool {
        self.current.is_none()
    }

    /// Seasons still to play, the one under way included.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a count of seasons, at most MAX_SEASONS (100): it fits a u16"
    )]
    pub fn seasons_left(&self) -> u16 {
        super::MAX_SEASONS - self.seasons.len() as u16
    }

    /// The next match of `class`: the next unplayed one of the current round, or none when the
    /// class has played its round and waits for the other class (or the competition is over).
    pub fn next_fixture(&self, class: Class) -> Option<Fixture> {
        let season = self.current.as_ref()?;
        let next = season.class(class).next_scheduled()?;
        (Some(next.round) == season.current_round()).then(|| Fixture {
            year: season.year,
            class,
            round: next.round,
            index: next.index,
            home: next.home,
            away: next.away,
            seed: match_seed(
                self.settings.seed,
                season.year,
                class,
                next.round,
                next.index,
            ),
        })
    }

    /// Whether the user's county plays in `fixture`.
    pub fn fixture_involves_user(&self, fixture: &Fixture) -> bool {
        self.settings
            .user_county
            .is_some_and(|c| c == fixture.home || c == fixture.away)
    }

    /// Plays the next fixture of its class with the computer on both sides and adds it.
    pub fn play_fixture_by_computer(&mut self, fixture: Fixture) -> Result<Recorded, LeagueError> {
        self.check_next(&fixture)?;
        let played = self.play(&fixture);
        self.add_played(&fixture, played)
    }

    /// Adds a match the terminal UI played (with a human on one side) for `fixture`; it must
    /// be the next fixture of its class, and the match must be over and played under the
    /// competition's options from the fixture's seed. `tape`: its choices, to be kept (none:
    /// it is kept as its result only).
    /// `by_person`: the person played one side (not a match they only watched).
    pub fn record_result(
        &mut self,
        fixture: Fixture,
        state: &MatchState,
        by_person: bool,
        tape: Option<Tape>,
    ) -> Result<Recorded, LeagueError> {
        self.check_next(&fixture)?;
        if !state.is_over() {
            return Err(LeagueError::MatchNotOver);
        }
        if *state.options() != self.settings.options {
            return Err(LeagueError::WrongOptions);
        }
        let mut played = PlayedMatch::of(
            state,
            fixture.round,
            fixture.home,
            fixture.away,
            fixture.seed,
        );
        played.tape = tape;
        let recorded = self.add_played(&fixture, played)?;
        if by_person {
            self.by_person
                .insert((fixture.year, fixture.home, fixture.away));
        }
        Ok(recorded)
    }

    /// Plays the rest of the current season by computer and returns its summary (none if the
    /// competition is over). The season's matches are played in parallel and added in order.
    pub fn sim_rest_of_season(&mut self) -> Option<SeasonSummary> {
        let mut ahead = self.play_ahead(1).into_iter();
        self.sim_season(&mut ahead).map(|(summary, _)| summary)
    }

    /// Plays up to `n` seasons (the current one from where it stands), calling `progress`
    /// after each (see [`Competition::sim_seasons_until`]).
    pub fn sim_seasons(&mut self, n: u32, mut progress: impl FnMut(&SeasonSummary)) -> SimReport {
        self.sim_seasons_until(n, |_, summary| {
            progress(summary);
            AfterSeason::GoOn {
                archived_through: None,
            }
        })
    }

    /// Plays up to `n` seasons (the current one from where it stands), calling `after` with
    /// the competition as each season ends (to save it, say); stops early when `after` says
    /// [`AfterSeason::Stop`]. When `after` says the records of the seasons through a year are
    /// kept elsewhere now (the archive beside the save), they leave the shelf, so that a long
    /// simulation holds in memory only the seasons not yet archived (a library made before
    /// finds them only if it was told the archive holds them: make it again).
    ///
    /// The matches are played across rayon's threads while this thread adds them up, season
    /// by season, as they come in. A computer match depends only on the options, the levels
    /// and its seed, and neither the seeds nor the schedule's shape depend on who plays whom,
    /// so later seasons' matches can be played before the counties in each class are known
    /// (ZenGM's pure match). The threads take the matches in order, a small batch
    /// (`BATCH`) as each is free, so none waits at a season's end for its last match, and
    /// the adding up (and `after`) holds none idle; and a season ends, and is seen by
    /// `after`, as soon as its matches are in.
    pub fn sim_seasons_until(
        &mut self,
        n: u32,
        mut after: impl FnMut(&Competition, &SeasonSummary) -> AfterSeason,
    ) -> SimReport {
        let planned = self.planned(n);
        let (options, levels) = (self.settings.options, self.settings.levels);
        // Bounded, so that the threads wait rather than pile up played matches while this
        // thread is busy (a save, say): memory stays flat however long the run.
        let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
        // A caller inside a pool (one installed to choose the number of threads, or one of a
        // pool's own threads, which must not wait on its own pool) has the matches played on
        // a pool of as many threads of their own; any other, on rayon's global pool.
        let threads = rayon::current_num_threads();
        let in_pool = rayon::current_thread_index().is_some();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                // Ends early (its sends refused) once the adding up has stopped.
                let play = move || {
                    let _ = planned.chunks(BATCH).enumerate().par_bridge().try_for_each(
                        |(i, batch)| {
                            let played = batch
                                .iter()
                                .map(|&(round, seed)| play_pure(options, levels, round, seed))
                                .collect();
                            tx.send((i, played)).map_err(|_| ())
                        },
                    );
                };
                let pool = in_pool
                    .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
                    .and_then(Result::ok);
                match pool {
                    Some(pool) => pool.install(play),
                    None => play(),
                }
            });
            let mut ahead = InOrder {
                rx,
                next: 0,
                given: Vec::new().into_iter(),
                waiting: std::collections::BTreeMap::new(),
            };
            let mut report = SimReport::default();
            for _ in 0..n {
                let Some((summary, r)) = self.sim_season(&mut ahead) else {
                    break;
                };
                report.absorb(r);
                match after(self, &summary) {
                    AfterSeason::Stop => break,
                    AfterSeason::GoOn {
                        archived_through: Some(year),
                    } => self.shelf.release_through(year),
                    AfterSeason::GoOn { .. } => {}
                }
            }
            report
        })
    }

    /// The fixtures of the current season still to play, in the order they are added: round
    /// by round, the first class before the second.
    pub fn remaining_fixtures(&self) -> Vec<Fixture> {
        let Some(season) = &self.current else {
            return Vec::new();
        };
        let played = CLASSES.map(|class| season.class(class).matches().len());
        schedule_order(played)
            .map(|(class, k)| {
                let s = season.class(class).scheduled(k);
                Fixture {
                    year: season.year,
                    class,
                    round: s.round,
                    index: s.index,
                    home: s.home,
                    away: s.away,
                    seed: match_seed(self.settings.seed, season.year, class, s.round, s.index),
                }
            })
            .collect()
    }

    /// The round and seed of every match of the next `n` seasons still to play, in the order
    /// they are added: the current season's remaining fixtures, then each later season's
    /// whole schedule (the same shape every year), up to the last season.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "at most the years from FIRST_YEAR to LAST_YEAR (the min just before): it fits a u16"
    )]
    pub(super) fn planned(&self, n: u32) -> Vec<(u8, u64)> {
        let Some(season) = self.current.as_ref().filter(|_| n > 0) else {
            return Vec::new();
        };
        let mut out: Vec<(u8, u64)> = (self.remaining_fixtures().iter())
            .map(|f| (f.round, f.seed))
            .collect();
        let later = (n - 1).min(u32::from(LAST_YEAR - FIRST_YEAR)) as u16;
        let last = LAST_YEAR.min(season.year + later);
        for year in season.year + 1..=last {
            out.extend(schedule_order([0, 0]).map(|(class, k)| {
                let (round, index) = position(k);
                (
                    round,
                    match_seed(self.settings.seed, year, class, round, index),
                )
            }));
        }
        out
    }

    /// Plays the matches of the next `n` seasons by computer, touching nothing: in the
    /// order [`Competition::planned`] gives, with their counties still to be named.
    fn play_ahead(&self, n: u32) -> Vec<PlayedMatch> {
        let planned = self.planned(n);
        planned
            .par_iter()
            .map(|&(round, seed)| self.play_pure(round, seed))
            .collect()
    }

    /// Adds the current season's remaining matches, taking each from `ahead` (played for
    /// it by [`Competition::play_ahead`]), or playing it here if `ahead` holds no match of
    /// its seed.
    fn sim_season(
        &mut self,
        ahead: &mut impl Iterator<Item = PlayedMatch>,
    ) -> Option<(SeasonSummary, SimReport)> {
        let fixtures = self.remaining_fixtures();
        self.current.as_ref()?;
        let mut report = SimReport {
            seasons: 1,
            ..SimReport::default()
        };
        let mut end = None;
        for f in &fixtures {
            let p = match ahead.next() {
                Some(p) if p.summary.seed == f.seed && p.summary.round == f.round => {
                    p.between(f.home, f.away)
                }
                _ => self.play(f),
            };
            report.matches += 1;
            report.deliveries += p.deliveries;
            end = self
                .add_played(f, p)
                .expect("remaining fixtures are added in schedule order")
                .season_end;
        }
        Some((end.expect("the last match ends the season"), report))
    }

    /// Plays a fixture by computer, touching nothing.
    fn play(&self, f: &Fixture) -> PlayedMatch {
        self.play_pure(f.round, f.seed).between(f.home, f.away)
    }

    /// Plays the match of round `round` with `seed` by computer, its counties not yet named.
    fn play_pure(&self, round: u8, seed: u64) -> PlayedMatch {
        play_pure(self.settings.options, self.settings.levels, round, seed)
    }

    fn check_next(&self, fixture: &Fixture) -> Result<(), LeagueError> {
        if self.current.is_none() {
            return Err(LeagueError::Finished);
        }
        let expected = self.next_fixture(fixture.class);
        if expected != Some(*fixture) {
            return Err(LeagueError::NotNext {
                expected,
                got: *fixture,
            });
        }
        Ok(())
    }

    /// Adds a played match of the next fixture; closes the season after its last match.
    pub(super) fn add_played(
        &mut self,
        f: &Fixture,
        played: PlayedMatch,
    ) -> Result<Recorded, LeagueError> {
        let season = self.current.as_mut().ok_or(LeagueError::Finished)?;
        let year = season.year;
        let k = season.class(f.class).matches().len();
        season
            .class_mut(f.class)
            .add(played.summary)
            .expect("check_next made sure it is the next match");
        let at = super::innings::MatchAt {
            year,
            class: f.class,
            round: f.round,
            index: f.index,
        };
        self.innings.add(at, &played);
        self.shelf.put(year, f.class, k, played.tape);
        let all_out = self.settings.options.all_out();
        for side in crate::engine::Side::BOTH {
            let county = played.summary.county(side);
            self.records[county as usize].add_match(
                &played.summary,
                side,
                &played.partnerships,
                year,
                all_out,
            );
        }
        let season_end = season.is_complete().then(|| self.close_season());
        Ok(Recorded {
            summary: played.summary,
            season_end,
        })
    }

    /// Ends the current (complete) season and starts the next, if there is one.
    fn close_season(&mut self) -> SeasonSummary {
        let season = self.current.take().expect("a season under way");
        let summary = season.summary();
        if season.year < LAST_YEAR {
            self.current = Some(Season::new(
                season.year + 1,
                summary.next_members(),
                self.settings.seed,
            ));
        }
        self.seasons.push(season);
        summary
    }

    /// The class `county` played in during `year` (a completed or the current season).
    pub fn class_of(&self, county: CountyId, year: u16) -> Option<Class> {
        self.season(year).map(|s| s.class_of(county))
    }
}

/// The matches of a season still to play, as (class, place in the class's schedule), in the
/// order they are added: round by round, the first class before the second, each class from
/// its `played` matches on.
fn schedule_order(played: [usize; 2]) -> impl Iterator<Item = (Class, usize)> {
    (1..=ROUNDS).flat_map(move |round| {
        CLASSES.into_iter().flat_map(move |class| {
            (played[super::class_index(class)]..super::MATCHES_PER_CLASS)
                .filter(move |&k| position(k).0 == round)
                .map(move |k| (class, k))
        })
    })
}
