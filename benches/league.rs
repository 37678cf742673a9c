//! The league's speed: one whole season (112 matches, played in parallel and added up) and one
//! match as the league plays it (engine plus summary), at the default options and levels 5/5.

use accc::engine::{MatchOptions, NoRecord};
use accc::league::summary::PlayedMatch;
use accc::league::{Competition, Settings};
use accc::play::{computer_match, Levels};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn settings(seed: u64) -> Settings {
    Settings { options: MatchOptions::default(), levels: Levels::default(), user_county: None, seed }
}

fn one_season(c: &mut Criterion) {
    let mut group = c.benchmark_group("league");
    group.sample_size(20);
    group.throughput(Throughput::Elements(112));
    group.bench_function("season", |b| {
        b.iter_batched(
            || Competition::create("BENCH", settings(7)).expect("valid settings"),
            |mut comp| comp.sim_rest_of_season().expect("a season to play"),
            criterion::BatchSize::LargeInput,
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
    group.finish();
}

criterion_group!(benches, one_season, one_match);
criterion_main!(benches);
