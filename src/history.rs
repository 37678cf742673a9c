//! The century as a library: any match of a competition reopened to its last ball from its
//! record (its choices, [`crate::engine::tape`]), wherever the record is kept (the
//! competition's shelf, which the save holds, or the archive beside the save,
//! [`crate::save::archive`]).
//!
//! # Reading API (stable: the almanack's match pages and `accc show` use it)
//!
//! ```no_run
//! # use accc::history::{Library, MatchId};
//! # use accc::counties::Class;
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let path = std::path::Path::new("saves/SURREY.acc");
//! let (comp, library) = Library::open(path)?;
//! // A match by its place (year, class, round 1..=14, index 0..4 in the round) ...
//! let id = MatchId { year: 1923, class: Class::First, round: 3, index: 1 };
//! // ... or by a county's round: MatchId::of_county(&comp, 1923, county, 3)?
//! let m = library.kept(&comp, id)?; // Err(NotKept::ResultOnly) for an old file's match
//! let card: String = m.scorecard_text(); // the printed scorecard
//! let rows = accc::views::scorecard_view(&m); // the same as typed rows (views::ScorecardView)
//! let log: Vec<String> = m.ball_log().lines().to_vec(); // the ball log, JSON Lines
//! let public = m.state.public(); // every innings: batsmen, extras, falls of wicket
//! # let _ = (card, rows, log, public); Ok(()) }
//! ```
//!
//! - [`Library::open`] reads a save (as [`crate::save::load_all`] does, without its lock)
//!   and notes where its archive is; a season of the archive is read once, the first time a
//!   match of it is asked for, and only that season's part of the archive is read and checked
//!   ([`Library::kept`] may be called for every match of the history at the cost of one replay
//!   each: no computer player is asked).
//! - [`Library::of_keeper`] is the same for a program that holds the save (the terminal).
//! - A [`KeptMatch`] is checked against the result the competition kept: a record that does
//!   not give that result back is refused ([`NotKept::Disagrees`]), never shown.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use crate::ball_log::BallLog;
use crate::counties::{self, Class, CountyId};
use crate::engine::tape::{self, Tape, TapeError};
use crate::engine::{Choice, MatchOptions, MatchState, NoRecord, Recorder, Side};
use crate::league::fixtures::position;
use crate::league::kept::SeasonTapes;
use crate::league::summary::MatchSummary;
use crate::league::{class_index, Competition, Fixture, MATCHES_PER_ROUND, ROUNDS};
use crate::save::{self, archive};

/// A match's place in the competition: its season, class, round (1..=14) and place in the
/// round (0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    pub year: u16,
    pub class: Class,
    pub round: u8,
    pub index: u8,
}

impl MatchId {
    /// Its place in its class's schedule (0..56).
    pub fn k(&self) -> usize {
        (self.round as usize - 1) * MATCHES_PER_ROUND as usize + self.index as usize
    }

    /// The `k`-th match of `class`'s schedule in `year`.
    pub fn at(year: u16, class: Class, k: usize) -> MatchId {
        let (round, index) = position(k);
        MatchId {
            year,
            class,
            round,
            index,
        }
    }

    /// The match `county` played (or is to play) in round `round` of `year`.
    pub fn of_county(
        comp: &Competition,
        year: u16,
        county: CountyId,
        round: u8,
    ) -> Result<MatchId, NotKept> {
        let season = comp.season(year).ok_or(NotKept::NoSeason(year))?;
        if !(1..=ROUNDS).contains(&round) {
            return Err(NotKept::NoRound(round));
        }
        let class = season.class_of(county);
        let cs = season.class(class);
        (0..MATCHES_PER_ROUND)
            .map(|index| MatchId {
                year,
                class,
                round,
                index,
            })
            .find(|id| {
                let s = cs.scheduled(id.k());
                s.home == county || s.away == county
            })
            .ok_or(NotKept::NoRound(round))
    }
}

/// Why a match cannot be reopened.
#[derive(Debug)]
pub enum NotKept {
    /// The competition has no such season.
    NoSeason(u16),
    /// No round of that number (1 to 14), or the county plays none in it.
    NoRound(u8),
    /// The match is not played yet.
    NotPlayed(MatchId),
    /// It is kept as its result only: played by a build that kept no records (a file of an
    /// earlier format), or its choices could not be written.
    ResultOnly(MatchId),
    /// Its record is in the archive beside the save, which cannot be used.
    Archive {
        path: PathBuf,
        problem: std::rc::Rc<archive::Problem>,
    },
    /// The save names seasons in the archive that the archive lacks.
    NotInArchive { path: PathBuf, id: MatchId },
    /// Its record does not give back the result the competition kept.
    Disagrees(MatchId, Option<TapeError>),
}

fn describe(comp: Option<&Competition>, id: &MatchId) -> String {
    let teams = comp
        .and_then(|c| c.season(id.year))
        .map(|s| {
            let m = s.class(id.class).scheduled(id.k());
            format!(
                ": {} v {}",
                counties::get(m.home).name,
                counties::get(m.away).name
            )
        })
        .unwrap_or_default();
    format!(
        "the {} {}-class match of round {}{teams}",
        id.year,
        id.class.name(),
        id.round
    )
}

impl std::fmt::Display for NotKept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotKept::NoSeason(y) => write!(f, "there is no {y} season in this competition"),
            NotKept::NoRound(r) if !(1..=ROUNDS).contains(r) => {
                write!(
                    f,
                    "there is no round {r}: a season has rounds 1 to {ROUNDS}"
                )
            }
            NotKept::NoRound(r) => write!(f, "that county plays no match in round {r}"),
            NotKept::NotPlayed(id) => {
                write!(f, "{} has not been played yet", describe(None, id))
            }
            NotKept::ResultOnly(id) => write!(
                f,
                "{} is kept as its result only: it was played by a version of ACCC that kept \
                 no ball-by-ball records (or its record could not be written)",
                describe(None, id)
            ),
            NotKept::Archive { path, problem } => write!(
                f,
                "the match's record is in the archive {}, which {problem}",
                path.display()
            ),
            NotKept::NotInArchive { path, id } => write!(
                f,
                "{} should be in the archive {}, which lacks its season (it was replaced or \
                 restored from elsewhere)",
                describe(None, id),
                path.display()
            ),
            NotKept::Disagrees(id, _) => write!(
                f,
                "the record of {} does not give back its result: it is not this match's",
                describe(None, id)
            ),
        }
    }
}

impl std::error::Error for NotKept {}

/// A season as the archive gave it (see [`Library`]'s `archive`).
type SeasonRead = Result<Option<std::rc::Rc<SeasonTapes>>, std::rc::Rc<archive::Problem>>;

/// Where a competition's match records are: its shelf and the archive beside its save.
#[derive(Debug)]
pub struct Library {
    /// The archive beside the save (none: no save, the shelf only).
    archive_path: Option<PathBuf>,
    /// The last season the save says the archive holds.
    archived_through: Option<u16>,
    /// The archive's seasons asked for so far, each read the first time a match of it is
    /// asked for: the season, none (the archive lacks it), or what is wrong (said again for
    /// every match of it without reading the archive again).
    archive: RefCell<Vec<(u16, SeasonRead)>>,
}

impl Library {
    /// Reads the save at `path` (without its lock) and the library of its matches.
    pub fn open(path: &Path) -> Result<(Competition, Library), save::Error> {
        let all = save::load_all(path)?;
        let lib = Library::beside(path, all.archived_through);
        Ok((all.comp, lib))
    }

    /// The library of the save at `path`, whose archive holds the seasons through
    /// `archived_through` (as the save says: [`save::Contents::archived_through`]).
    pub fn beside(path: &Path, archived_through: Option<u16>) -> Library {
        Library {
            archive_path: Some(archive::path_for(path)),
            archived_through,
            archive: RefCell::default(),
        }
    }

    /// The library of the file a [`save::Keeper`] holds, as last read or written.
    pub fn of_keeper(keeper: &save::Keeper) -> Library {
        Library::beside(keeper.path(), keeper.archived_through())
    }

    /// The library of a competition held in memory alone (its shelf only).
    pub fn in_memory() -> Library {
        Library {
            archive_path: None,
            archived_through: None,
            archive: RefCell::default(),
        }
    }

    /// The last season the archive beside the save holds, as this library was told (a
    /// program that holds the save makes a new library once the save says more).
    pub fn archived_through(&self) -> Option<u16> {
        self.archived_through
    }

    /// The tape of match `id` of `comp`, wherever it is kept.
    pub fn tape(&self, comp: &Competition, id: MatchId) -> Result<Tape, NotKept> {
        let season = comp.season(id.year).ok_or(NotKept::NoSeason(id.year))?;
        if !(1..=ROUNDS).contains(&id.round) || id.index >= MATCHES_PER_ROUND {
            return Err(NotKept::NoRound(id.round));
        }
        if season.class(id.class).matches().len() <= id.k() {
            return Err(NotKept::NotPlayed(id));
        }
        if let Some(s) = comp.shelf().season(id.year) {
            return s
                .get(id.class, id.k())
                .cloned()
                .ok_or(NotKept::ResultOnly(id));
        }
        let Some(through) = self.archived_through.filter(|&t| id.year <= t) else {
            return Err(NotKept::ResultOnly(id));
        };
        let path = self.archive_path.clone().ok_or(NotKept::ResultOnly(id))?;
        let known = self
            .archive
            .borrow()
            .iter()
            .find(|(year, _)| *year == id.year)
            .map(|(_, read)| read.clone());
        let read = known.unwrap_or_else(|| {
            let read = archive::read_season(&path, comp.settings().seed, through, id.year)
                .map(|s| s.map(std::rc::Rc::new))
                .map_err(std::rc::Rc::new);
            self.archive.borrow_mut().push((id.year, read.clone()));
            read
        });
        let s = read
            .map_err(|problem| NotKept::Archive {
                path: path.clone(),
                problem,
            })?
            .ok_or(NotKept::NotInArchive { path, id })?;
        s.get(id.class, id.k())
            .cloned()
            .ok_or(NotKept::ResultOnly(id))
    }

    /// Match `id` of `comp` reopened: replayed from its seed and record, and checked against
    /// the result the competition kept.
    pub fn kept(&self, comp: &Competition, id: MatchId) -> Result<KeptMatch, NotKept> {
        let tape = self.tape(comp, id)?;
        let season = comp.season(id.year).ok_or(NotKept::NoSeason(id.year))?;
        let summary = season.class(id.class).matches()[id.k()];
        let options = comp.settings().options;
        let state = tape::replay(options, summary.seed, &tape, &mut NoRecord)
            .map_err(|e| NotKept::Disagrees(id, Some(e)))?;
        let again = MatchSummary::of(
            &state,
            summary.round,
            summary.home,
            summary.away,
            summary.seed,
        );
        if again != summary {
            return Err(NotKept::Disagrees(id, None));
        }
        Ok(KeptMatch {
            id,
            fixture: Fixture {
                year: id.year,
                class: id.class,
                round: id.round,
                index: id.index,
                home: summary.home,
                away: summary.away,
                seed: summary.seed,
            },
            summary,
            options,
            state,
            tape,
            by_person: comp.played_by_person(id.year, summary.home, summary.away),
        })
    }

    /// Every match of `year` in `comp` with whether it can be reopened, in schedule order
    /// (first class, then second).
    pub fn season_ids(comp: &Competition, year: u16) -> Vec<MatchId> {
        comp.season(year)
            .map(|s| {
                crate::league::CLASSES
                    .iter()
                    .flat_map(|&c| {
                        (0..s.class(c).matches().len()).map(move |k| MatchId::at(year, c, k))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A match reopened: where it stands, its result as kept, and the match itself as played.
#[derive(Clone, Debug)]
pub struct KeptMatch {
    pub id: MatchId,
    pub fixture: Fixture,
    pub summary: MatchSummary,
    pub options: MatchOptions,
    /// The match at its end: every innings, batsman, extra and fall of wicket.
    pub state: MatchState,
    /// Its record.
    pub tape: Tape,
    /// Whether the person played it (`None`: nobody can tell, in an old file).
    pub by_person: Option<bool>,
}

impl KeptMatch {
    /// The counties' names, home first.
    pub fn names(&self) -> [&'static str; 2] {
        [
            &counties::get(self.fixture.home).name,
            &counties::get(self.fixture.away).name,
        ]
    }

    /// The printed scorecard ([`crate::scorecard`]).
    pub fn scorecard_text(&self) -> String {
        let [home, away] = self.names();
        crate::scorecard::scorecard(self.state.public(), &crate::scorecard::Names { home, away })
    }

    /// The match played again with every event told to `rec` (for the ball log, the
    /// commentary, the runs per over).
    pub fn replay_into<R: Recorder + ?Sized>(&self, rec: &mut R) {
        tape::replay(self.options, self.fixture.seed, &self.tape, rec)
            .expect("the record was replayed when the match was opened");
    }

    /// The ball log of the match (`shared/spec/ball-log.md`), as `accc match --log` writes it
    /// and `accc review --log` reads it.
    pub fn ball_log(&self) -> BallLog {
        let [home, away] = self.names();
        let mut log = BallLog::new(home, away, self.fixture.seed, &self.options);
        self.replay_into(&mut log);
        log
    }

    /// Every decision `side` made in the match, each with the match as it stood when it was
    /// made (for a review of that side: [`crate::ai::review::review`]), read back from the
    /// match's ball log as `accc review --log` reads one.
    pub fn decisions(
        &self,
        side: Side,
    ) -> Result<Vec<(MatchState, Choice)>, crate::ball_log::read::LogError> {
        let text = self.ball_log().text();
        let mut steps = Vec::new();
        crate::ball_log::read::replay(&text, &mut NoRecord, |state, choice| {
            if state.to_act().is_some_and(|(s, _)| s == side) {
                steps.push((state.clone(), choice));
            }
        })?;
        Ok(steps)
    }

    /// The index of the class among [`crate::league::CLASSES`].
    pub fn class_index(&self) -> usize {
        class_index(self.id.class)
    }
}
