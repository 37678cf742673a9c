//! The computer players' cost: whole default matches per delivery at level 1 (close to the
//! engine's own cost) and level 5, plus an engine floor (a player that plays its first card).
//! The target: level 5 costs at most three times level 1 per delivery.
//!
//! A match played again soon after is partly learnt by the processor's branch predictor and
//! runs faster, and short level-1 matches are learnt the most, which flatters the level the
//! target divides by. Two replays hide in a naive measurement:
//! - every iteration replays the same deals: twenty level-1 matches (4,000 deliveries)
//!   measured 69 ns a delivery, against 90 ns over a hundred and more;
//! - `accc duel` plays each deal twice, sides swapped, one after the other, and between two
//!   equal computer sides the second match is the first again (the same cards, and each
//!   side's choices come from its seat's random stream): level 1 measured 94 ns a delivery
//!   over paired deals against 106 ns over one match a deal (level 5: 338 against 344 ns).
//!
//! So each level is measured on the first match of each pair only (distinct deals), over at
//! least about 20,000 deliveries an iteration: more matches for the short ones.
//!
//! `analyst/*` measures the `=` key's adviser (the analyst searching `Search::ADVICE` hard):
//! one answer at each of 40 positions spread over a whole default match (the time is per
//! answer), and the slowest of them alone. The target: within 100 ms an answer on this 2-core
//! machine. Run with `cargo bench --bench ai -- analyst`.

#![allow(
    clippy::unwrap_used,
    reason = "a developer's tool: a failure stops it with its error, as a test does"
)]

use accc::ai::analyst::{Analyst, Search};
use accc::ai::duel::{play_one, DuelConfig, Lineup};
use accc::ai::Bot;
use accc::ai::Level;
use accc::engine::delivery::stroke;
use accc::engine::runner::{chance_rng, play_on_seeing};
use accc::engine::{
    play_match, Choice, Decision, Election, MatchOptions, MatchState, NoRecord, Player, Side, View,
};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Matches (distinct deals) per measured iteration at level 3 and 5, about 22,000 deliveries.
const MATCHES: u64 = 20;

/// Level-1 matches are about a fifth as long (about 210 deliveries): as many deliveries need
/// ten times the matches (see the module's note on replays).
fn matches_at(level: u8) -> u64 {
    if level == 1 {
        10 * MATCHES
    } else {
        MATCHES
    }
}

/// Matches per iteration for the engine floors: the first-card player's matches are about
/// 130 deliveries long, the first-safe player's about 630.
const FLOOR_MATCHES: u64 = 160;
const LONG_FLOOR_MATCHES: u64 = 40;

#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn config(level: u8) -> DuelConfig {
    let side = Lineup::both(Level::new(level).expect("a level"));
    DuelConfig {
        a: side,
        b: side,
        matches: 2 * matches_at(level) as u32,
        seed: 7,
        options: MatchOptions::default(),
    }
}

/// The duel's match numbers of the first match of each pair: one match a deal.
fn distinct_deals(level: u8) -> impl Iterator<Item = u64> {
    (0..matches_at(level)).map(|pair| 2 * pair)
}

/// Plays the first card it holds; never declares or exchanges: the engine's own cost.
struct FirstCard;

impl Player for FirstCard {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        match view.decision {
            Decision::Elect => Choice::Elect(Election::Bat),
            Decision::Declare => Choice::Continue,
            Decision::Exchange => Choice::Exchange([None, None]),
            _ => Choice::Card(view.hand[0]),
        }
    }
}

/// Answers with the first card that is not out (else the first card), bowls its first card,
/// never declares or exchanges: the engine's own cost over whole-length matches.
struct FirstSafe;

impl Player for FirstSafe {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        match view.decision {
            Decision::Respond { bowled, .. } => {
                let striker = view.public.striker;
                let safe = view
                    .hand
                    .iter()
                    .find(|&&c| stroke(bowled, c, striker).wicket.is_none());
                Choice::Card(*safe.unwrap_or(&view.hand[0]))
            }
            _ => FirstCard.decide(view),
        }
    }
}

fn floor_deliveries<P: Player>(matches: u64, mut player: impl FnMut() -> P) -> u64 {
    (0..matches)
        .map(|seed| {
            let s = play_match(
                MatchOptions::default(),
                seed,
                [&mut player(), &mut player()],
                &mut NoRecord,
            )
            .unwrap();
            s.public()
                .started()
                .iter()
                .map(|i| (i.balls + i.no_balls + i.wides) as u64)
                .sum::<u64>()
        })
        .sum()
}

fn per_delivery(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai_match");
    group.throughput(Throughput::Elements(floor_deliveries(
        FLOOR_MATCHES,
        || FirstCard,
    )));
    group.bench_function("engine_floor", |b| {
        b.iter(|| {
            for seed in 0..FLOOR_MATCHES {
                let s = play_match(
                    MatchOptions::default(),
                    seed,
                    [&mut FirstCard, &mut FirstCard],
                    &mut NoRecord,
                );
                black_box(s.unwrap());
            }
        })
    });
    group.throughput(Throughput::Elements(floor_deliveries(
        LONG_FLOOR_MATCHES,
        || FirstSafe,
    )));
    group.bench_function("engine_long_matches", |b| {
        b.iter(|| {
            for seed in 0..LONG_FLOOR_MATCHES {
                let s = play_match(
                    MatchOptions::default(),
                    seed,
                    [&mut FirstSafe, &mut FirstSafe],
                    &mut NoRecord,
                );
                black_box(s.unwrap());
            }
        })
    });
    for level in [1u8, 3, 5] {
        let cfg = config(level);
        let deliveries: u64 = distinct_deals(level)
            .map(|k| play_one(&cfg, k).deliveries)
            .sum();
        group.throughput(Throughput::Elements(deliveries));
        group.bench_with_input(BenchmarkId::new("level", level), &cfg, |b, cfg| {
            b.iter(|| {
                for k in distinct_deals(level) {
                    black_box(play_one(cfg, k));
                }
            })
        });
    }
    group.finish();
}

/// Level 5 against level 1 measured in turns: a block of level-1 matches, then a block of
/// level-5 matches, fifty times over, every block on deals of its own. Criterion measures one
/// level after the other, and this machine's speed drifts by a tenth and more between them;
/// in turns, both levels meet the same drift and the ratio holds still. Printed, as criterion
/// has no report for a ratio. Run with `cargo bench --bench ai -- interleaved`.
#[expect(
    clippy::cast_precision_loss,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn interleaved_ratio() {
    const ROUNDS: u64 = 50;
    const LEVEL_1_BLOCK: u64 = 100;
    const LEVEL_5_BLOCK: u64 = 10;
    let (one, five) = (config(1), config(5));
    let time = |cfg: &DuelConfig, matches: std::ops::Range<u64>| {
        let start = Instant::now();
        let deliveries: u64 = matches
            .map(|m| black_box(play_one(cfg, 2 * m)).deliveries)
            .sum();
        (start.elapsed(), deliveries)
    };
    let (mut t1, mut d1, mut t5, mut d5) = (Duration::ZERO, 0, Duration::ZERO, 0);
    for round in 0..ROUNDS {
        let (t, d) = time(&one, round * LEVEL_1_BLOCK..(round + 1) * LEVEL_1_BLOCK);
        (t1, d1) = (t1 + t, d1 + d);
        let (t, d) = time(&five, round * LEVEL_5_BLOCK..(round + 1) * LEVEL_5_BLOCK);
        (t5, d5) = (t5 + t, d5 + d);
    }
    let ns = |t: Duration, d: u64| t.as_nanos() as f64 / d as f64;
    let (one, five) = (ns(t1, d1), ns(t5, d5));
    println!("ai_match/interleaved: level 1 {one:.1} ns, level 5 {five:.1} ns a delivery ({d1} and {d5} deliveries): {:.2} times", five / one);
}

/// Positions the adviser is asked at: `count` of the home side's balls and answers, spread
/// evenly over a whole match between professionals, each with an adviser that has been told
/// every view of the side before it.
fn advice_positions(count: usize) -> Vec<(MatchState, Analyst)> {
    let pro = Level::PROFESSIONAL;
    let seed = 11;
    let [mut home, mut away] = [Side::Home, Side::Away].map(|s| Bot::new(pro, pro, seed, s));
    let mut adviser = Analyst::new(seed ^ 0xad, Side::Home, Search::ADVICE);
    let mut all = Vec::new();
    play_on_seeing(
        MatchState::new(MatchOptions::default()),
        &mut chance_rng(seed),
        [&mut home, &mut away],
        &mut NoRecord,
        |state, choice| {
            let view = state.view();
            if view.side == Side::Home {
                if matches!(view.decision, Decision::Bowl | Decision::Respond { .. }) {
                    all.push((state.clone(), adviser.clone()));
                }
                adviser.observe(&view, choice);
            }
        },
    )
    .expect("legal");
    let step = all.len().div_ceil(count).max(1);
    all.into_iter().step_by(step).collect()
}

fn advice(c: &mut Criterion) {
    let positions = advice_positions(40);
    let answer = |(state, adviser): &(MatchState, Analyst)| {
        let mut a = adviser.clone();
        black_box(a.decide(&state.view()))
    };
    let slowest = positions
        .iter()
        .max_by_key(|p| {
            let start = Instant::now();
            answer(p);
            start.elapsed()
        })
        .expect("positions")
        .clone();
    let mut group = c.benchmark_group("analyst");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("advice", |b| {
        b.iter(|| {
            for p in &positions {
                answer(p);
            }
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("advice_slowest", |b| b.iter(|| answer(&slowest)));
    group.finish();
}

criterion_group!(benches, per_delivery, advice);

fn main() {
    // The filter, if any, is the first argument that is not an option.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter
        .as_deref()
        .is_none_or(|f| "ai_match/interleaved".contains(f))
    {
        interleaved_ratio();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
