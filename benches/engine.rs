//! Whole matches between computer players, headless: the engine's speed in deliveries per
//! second, at the novice level (close to the engine's own cost) and at the professional level.

use accc::engine::{MatchOptions, NoRecord};
use accc::play::{computer_match, Levels};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// Deliveries bowled in the matches of seeds `0..n` (the throughput unit).
fn deliveries(options: MatchOptions, levels: Levels, n: u64) -> u64 {
    (0..n)
        .map(|seed| {
            let state = computer_match(options, [levels; 2], seed, &mut NoRecord);
            state
                .public()
                .started()
                .iter()
                .map(|i| i.balls as u64 + i.no_balls as u64 + i.wides as u64)
                .sum::<u64>()
        })
        .sum()
}

fn whole_matches(c: &mut Criterion) {
    let options = MatchOptions::default();
    let mut group = c.benchmark_group("match");
    // About 20,000 deliveries an iteration at either level: level-1 matches are a fifth as
    // long, and a few short matches replayed are learnt by the branch predictor (see
    // `benches/ai.rs`).
    for (level, seeds) in [(1u8, 200u64), (5, 20)] {
        let levels = Levels {
            bat: level,
            bowl: level,
        };
        group.throughput(Throughput::Elements(deliveries(options, levels, seeds)));
        group.bench_with_input(BenchmarkId::new("levels", level), &levels, |b, &levels| {
            b.iter(|| {
                for seed in 0..seeds {
                    std::hint::black_box(computer_match(options, [levels; 2], seed, &mut NoRecord));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_matches);
criterion_main!(benches);
