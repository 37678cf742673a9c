//! Keeping and resuming a person's match: the time to write one action to the journal (and
//! flush it to disk), and the time to resume a match, from rebuilding it from its actions
//! alone to the whole of what the program does on opening a 100-season file with a match in
//! play (reading the save and the journal, and replaying). Run with `cargo bench --bench
//! resume`; the figures are in docs/PERFORMANCE.md. Also the review of a finished match
//! (`cargo bench --bench resume -- review`).

use accc::engine::{Choice, Decision, MatchOptions};
use accc::league::{Competition, Settings};
use accc::live::LiveMatch;
use accc::play::Levels;
use accc::save::record::{FixtureKey, MatchRecord, Mode, Op};
use accc::save::Keeper;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The person's county: Surrey.
const USER: u8 = 0;

/// A competition at the start of its last season (99 played), Surrey the person's county.
fn competition() -> Competition {
    let settings = Settings {
        options: MatchOptions::default(),
        levels: Levels::default(),
        user_county: Some(USER),
        seed: 21,
    };
    let mut comp = Competition::create("RESUME", settings).expect("valid settings");
    comp.sim_seasons(99, |_| {});
    comp
}

/// A whole match of Surrey's played by the person with the `=` key's advice, as its
/// record: every action, from the toss to the last ball.
fn whole_match(comp: &Competition) -> MatchRecord {
    played(comp, false)
}

/// [`whole_match`], or played `carelessly`: the first card of the hand at every ball and
/// answer (the advice elsewhere), a match with many choices for the review to weigh twice.
fn played(comp: &Competition, carelessly: bool) -> MatchRecord {
    let fixture = comp
        .remaining_fixtures()
        .into_iter()
        .find(|f| comp.fixture_involves_user(f))
        .expect("a match of Surrey's");
    let mut game = MatchRecord {
        fixture: FixtureKey::of(&fixture),
        mode: Mode::Play,
        ops: Vec::new(),
    };
    let mut s = LiveMatch::of_record(comp.settings(), &game).expect("a new match");
    game.ops.extend(s.take_computer());
    while !s.state.is_over() {
        let op = if s.paused.is_some() {
            Op::Resume
        } else if carelessly
            && matches!(
                s.human_to_act(),
                Some(Decision::Bowl | Decision::Respond { .. })
            )
        {
            Op::Choose(Choice::Card(s.state.view().hand[0]))
        } else {
            Op::Choose(s.advice().expect("the person to act"))
        };
        s.apply(op).expect("allowed");
        game.ops.push(op);
        game.ops.extend(s.take_computer());
    }
    game
}

/// The match's actions as the program notes them: each of the person's with the computer's
/// choices that followed it.
fn noted(game: &MatchRecord) -> Vec<&[Op]> {
    let ops = &game.ops;
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=ops.len() {
        if i == ops.len() || !matches!(ops[i], Op::Computer(_)) {
            out.push(&ops[start..i]);
            start = i;
        }
    }
    out
}

fn resume(c: &mut Criterion) {
    let comp = competition();
    let game = whole_match(&comp);
    eprintln!("a whole match: {} actions", game.ops.len());
    let mut group = c.benchmark_group("resume");
    group.sample_size(20);
    group.bench_function("replay a whole match", |b| {
        b.iter(|| LiveMatch::of_record(comp.settings(), &game).expect("replays"))
    });
    // The file as a kill leaves it: half the match folded into the save, half in the journal.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("RESUME.acc");
    {
        let half = game.ops.len() / 2;
        let mut k = Keeper::take(&path).expect("the lock");
        k.begin_match(MatchRecord {
            ops: game.ops[..half].to_vec(),
            ..game.clone()
        })
        .expect("begun");
        k.store(&comp).expect("saved");
        for ops in noted(&MatchRecord {
            ops: game.ops[half..].to_vec(),
            ..game.clone()
        }) {
            k.note(ops).expect("noted");
        }
    }
    eprintln!(
        "save {} bytes, journal {} bytes",
        std::fs::metadata(&path).expect("saved").len(),
        std::fs::metadata(dir.path().join("RESUME.jnl"))
            .expect("a journal")
            .len()
    );
    group.bench_function("open a 100-season file and replay its match", |b| {
        b.iter(|| {
            let mut k = Keeper::take(&path).expect("the lock");
            let comp = k.load().expect("loads");
            let game = k.in_play().expect("a match in play");
            LiveMatch::of_record(comp.settings(), game).expect("replays")
        })
    });
    group.finish();
}

#[expect(
    clippy::cast_precision_loss,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn journal(c: &mut Criterion) {
    let comp = competition();
    let game = whole_match(&comp);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("NOTE.acc");
    let mut k = Keeper::take(&path).expect("the lock");
    k.begin_match(MatchRecord {
        ops: Vec::new(),
        ..game.clone()
    })
    .expect("begun");
    let actions = noted(&game);
    let bytes: usize = game
        .ops
        .iter()
        .map(|op| accc::save::journal::op_frame(op).len())
        .sum();
    eprintln!(
        "{} actions of the person's and {} choices of the computer's, {bytes} bytes: {:.1} \
         bytes an action",
        actions.len(),
        game.ops.len() - actions.len(),
        bytes as f64 / actions.len() as f64
    );
    let mut group = c.benchmark_group("journal");
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function(
        "note one action and the computer's choices after it (written and flushed to disk)",
        |b| {
            b.iter(|| {
                i += 1;
                k.note(actions[i % actions.len()]).expect("noted")
            })
        },
    );
    group.finish();
}

/// What the person waits for after the scoreboard of a match they played: the person's
/// decisions taken from one replay of the record, and the whole review (those decisions
/// judged by the analyst), of a match played with the `=` key's advice and of one played
/// carelessly (where more choices are weighed on all the adviser's deals).
fn review(c: &mut Criterion) {
    let comp = competition();
    let game = whole_match(&comp);
    let settings = comp.settings();
    let (_, steps) = accc::live::review::steps(settings, &game)
        .expect("replays")
        .expect("the person's match");
    eprintln!(
        "{} actions, {} decisions of the person's",
        game.ops.len(),
        steps.len()
    );
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("the person's decisions, from the record", |b| {
        b.iter(|| accc::live::review::steps(settings, &game).expect("replays"))
    });
    group.bench_function("the whole review", |b| {
        b.iter(|| accc::live::review::lines(settings, &game, 78).expect("replays"))
    });
    let careless = played(&comp, true);
    let (_, steps) = accc::live::review::steps(settings, &careless)
        .expect("replays")
        .expect("the person's match");
    eprintln!(
        "played carelessly: {} decisions of the person's",
        steps.len()
    );
    group.bench_function("the whole review, played carelessly", |b| {
        b.iter(|| accc::live::review::lines(settings, &careless, 78).expect("replays"))
    });
    group.finish();
}

criterion_group!(benches, resume, journal, review);
criterion_main!(benches);
