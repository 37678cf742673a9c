//! The league's speed: one whole season (112 matches, played in parallel and added up), one
//! match as the league plays it (engine plus summary), the league's own share (summarising a
//! finished match), saving and loading a finished 100-season competition, and reopening one
//! of its matches from the save and the archive beside it.

use accc::engine::{MatchOptions, NoRecord};
use accc::league::summary::PlayedMatch;
use accc::league::{Competition, Settings};
use accc::play::{computer_match, Levels};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn settings(options: MatchOptions, seed: u64) -> Settings {
    Settings {
        options,
        levels: Levels::default(),
        user_county: None,
        seed,
    }
}

fn one_season(c: &mut Criterion) {
    let mut group = c.benchmark_group("league");
    group.sample_size(20);
    group.throughput(Throughput::Elements(112));
    group.bench_function("season", |b| {
        b.iter_batched(
            || {
                Competition::create("BENCH", settings(MatchOptions::default(), 7))
                    .expect("valid settings")
            },
            |mut comp| comp.sim_rest_of_season().expect("a season to play"),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn one_match(c: &mut Criterion) {
    let mut group = c.benchmark_group("league");
    let options = MatchOptions::default();
    let mut seed = 0u64;
    group.throughput(Throughput::Elements(1));
    group.bench_function("match", |b| {
        b.iter(|| {
            seed += 1;
            let state = computer_match(options, [Levels::default(); 2], seed, &mut NoRecord);
            PlayedMatch::of(&state, 1, 0, 1, seed)
        })
    });
    let states: Vec<_> = (0..50)
        .map(|seed| {
            (
                seed,
                computer_match(options, [Levels::default(); 2], seed, &mut NoRecord),
            )
        })
        .collect();
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("summarise", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|(seed, s)| PlayedMatch::of(s, 1, 0, 1, *seed).deliveries)
                .sum::<u64>()
        })
    });
    group.finish();
}

/// A finished competition of 11,200 matches (small matches, so that it is quick to make).
fn finished() -> Competition {
    let options = MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    };
    let mut comp = Competition::create("BENCH", settings(options, 1)).expect("valid settings");
    comp.sim_seasons(100, |_| {});
    comp
}

fn save_and_load(c: &mut Criterion) {
    let comp = finished();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("BENCH.acc");
    accc::save::store(&path, &comp).expect("saved");
    let mut group = c.benchmark_group("league/100 seasons");
    group.sample_size(20);
    group.bench_function("save", |b| {
        b.iter(|| accc::save::store(&path, &comp).expect("saved"))
    });
    group.bench_function("load", |b| {
        b.iter(|| accc::save::load(&path).expect("loads"))
    });
    group.finish();
}

/// The almanack of 100 seasons: the page built (views, SVG pictures, HTML), and written; the
/// folder's pages built.
fn almanack(c: &mut Criterion) {
    let comp = finished();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("BENCH.html");
    let mut group = c.benchmark_group("league/100 seasons");
    group.sample_size(10);
    group.bench_function("almanack page", |b| {
        b.iter(|| accc::almanack::html(&comp).expect("made").len())
    });
    group.bench_function("almanack written", |b| {
        b.iter(|| accc::almanack::write(&comp, &path).expect("written"))
    });
    group.bench_function("almanack folder built", |b| {
        b.iter(|| {
            accc::almanack::site::pages(&comp, &accc::history::Library::in_memory)
                .expect("made")
                .len()
        })
    });
    group.finish();
}

/// Reopening one match of a 100-season competition (default options, seed 1) from its files:
/// the save read and checked, the archive read and checked, the match replayed from its
/// record and checked against its result; and the replay alone, the library open.
fn open_one_match(c: &mut Criterion) {
    use accc::history::{Library, MatchId};
    let mut comp =
        Competition::create("BENCH", settings(MatchOptions::default(), 1)).expect("valid");
    comp.sim_seasons(100, |_| {});
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("BENCH.acc");
    accc::save::store(&path, &comp).expect("saved");
    let id = MatchId {
        year: 1923,
        class: accc::league::Class::First,
        round: 7,
        index: 2,
    };
    let mut group = c.benchmark_group("league/100 seasons");
    group.sample_size(20);
    group.bench_function("open one match", |b| {
        b.iter(|| {
            let (comp, library) = Library::open(&path).expect("opens");
            library.kept(&comp, id).expect("kept").summary
        })
    });
    let (comp, library) = Library::open(&path).expect("opens");
    library.kept(&comp, id).expect("kept");
    group.bench_function("replay one match", |b| {
        b.iter(|| library.kept(&comp, id).expect("kept").summary)
    });
    group.finish();
}

criterion_group!(
    benches,
    one_season,
    one_match,
    save_and_load,
    almanack,
    open_one_match
);
criterion_main!(benches);
