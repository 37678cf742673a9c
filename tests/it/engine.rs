//! The card engine as a whole: random simulation with invariants after every delivery,
//! replay from the log, determinism, illegal choices, rare corners of the rules reached by
//! scripted players, and the `accc match` command checked by the independent log checker.

use accc::ai::{Bot, Level};
use accc::ball_log::BallLog;
use accc::cards::Card;
use accc::engine::{
    play_match, player_rng, Choice, Decision, Event, InningsEnd, MatchOptions, MatchState,
    NoRecord, Outcome, Player, Recorder, Side, View,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::helpers::{accc, all_option_sets, replay};
use crate::log_check::check_log;

/// Picks uniformly among legal choices, declaring only now and then.
struct RandomPlayer(ChaCha8Rng);

impl Player for RandomPlayer {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        if view.decision == Decision::Declare {
            return if self.0.random_bool(0.002) {
                Choice::Declare
            } else {
                Choice::Continue
            };
        }
        let choices = view.legal_choices();
        choices[self.0.random_range(0..choices.len())]
    }
}

/// Keeps the log and adds up each innings' deliveries.
struct Summing {
    log: BallLog,
    sums: [u32; 4],
}

impl Recorder for Summing {
    fn record(&mut self, event: &Event<'_>) {
        if let Event::Ball(b) = event {
            self.sums[b.innings as usize - 1] += b.runs as u32 + b.extras() as u32;
        }
        self.log.record(event);
    }
}

/// Checks the invariants after every step of a match it drives itself.
fn play_checked(
    options: MatchOptions,
    seed: u64,
    players: [&mut dyn Player; 2],
) -> (MatchState, BallLog) {
    let mut state = MatchState::new(options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rec = Summing {
        log: BallLog::new("Home", "Away", seed, &options),
        sums: [0; 4],
    };
    let mut steps = 0;
    loop {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, &mut rec);
        } else if let Some((side, _)) = state.to_act() {
            let choice = players[side.index()].decide(&state.view());
            state
                .apply(choice, &mut rec)
                .expect("legal choices are accepted");
        } else {
            break;
        }
        check_invariants(&state, &rec.sums);
        steps += 1;
        assert!(steps < 100_000, "a match always ends");
    }
    (state, rec.log)
}

fn check_invariants(state: &MatchState, sums: &[u32; 4]) {
    let p = state.public();
    let held = state.hand(Side::Home).len() + state.hand(Side::Away).len();
    assert_eq!(
        held + state.pickup().len() + state.discard().len(),
        110,
        "every card accounted for"
    );
    let mut counts = [0u8; 55];
    for c in state
        .hand(Side::Home)
        .iter()
        .chain(state.hand(Side::Away))
        .chain(state.pickup())
        .chain(state.discard())
    {
        counts[c.index()] += 1;
    }
    assert!(counts.iter().all(|&n| n == 2), "two copies of every card");
    if p.innings_started > 0 {
        assert!(
            held <= 12 && state.hand(Side::Home).len() <= 6 && state.hand(Side::Away).len() <= 6,
            "hands hold at most 6 in play"
        );
        for (i, inn) in p.started().iter().enumerate() {
            assert_eq!(
                inn.total as u32, sums[i],
                "the score is the sum of its deliveries"
            );
            let bat_runs: u16 = inn.batsmen.iter().map(|b| b.runs).sum();
            assert_eq!(
                bat_runs + inn.extras(),
                inn.total,
                "batsmen's runs plus extras make the total"
            );
        }
        assert!(p.balls_in_over < 6, "an over holds six counting deliveries");
        assert_eq!(
            p.current().balls % 6,
            p.balls_in_over as u16,
            "overs are complete sixes"
        );
    }
    if state.is_over() {
        assert!(p.result.is_some(), "a finished match has a result");
    }
    // Cards are changed only before the last pack is used up, so every card played has been
    // replaced: the hand is whole (the terminal's keys line offers [1]-[6] to pick).
    if let Some((side, Decision::Exchange)) = state.to_act() {
        assert_eq!(state.hand(side).len(), 6, "a side changing cards holds six");
    }
    let new_over = p.innings_started > 0 && p.deliveries_in_over == 0;
    if let Some((_, Decision::Declare | Decision::Bowl)) = state.to_act().filter(|_| new_over) {
        assert!(!p.exhausted, "no over starts once the last pack is used up");
    }
}

#[test]
fn thousands_of_random_matches_keep_every_invariant() {
    let sets = all_option_sets();
    let mut played = 0;
    for (i, options) in sets.iter().enumerate() {
        for k in 0..12u64 {
            let seed = (i as u64) << 16 | k;
            let mut a = RandomPlayer(player_rng(seed, Side::Home));
            let mut b = RandomPlayer(player_rng(seed, Side::Away));
            let (state, log) = play_checked(*options, seed, [&mut a, &mut b]);
            assert!(state.is_over());
            check_log(&log.text());
            played += 1;
        }
    }
    assert!(played >= 1000, "{played}");
}

#[test]
fn computer_players_at_every_level_play_valid_matches() {
    for (i, options) in all_option_sets().iter().enumerate().step_by(3) {
        for level in 1..=5 {
            let seed = 1000 + i as u64 * 10 + level as u64;
            let l = Level::new(level).unwrap();
            let mut a = Bot::new(l, l, seed, Side::Home);
            let mut b = Bot::new(l, l, seed, Side::Away);
            let (_, log) = play_checked(*options, seed, [&mut a, &mut b]);
            check_log(&log.text());
        }
    }
}

#[test]
fn a_log_replays_card_for_card_from_its_deal_and_packs() {
    for (i, options) in all_option_sets().iter().enumerate().step_by(5) {
        let seed = 77 + i as u64;
        let mut a = RandomPlayer(player_rng(seed, Side::Home));
        let mut b = Bot::new(
            Level::new(5).unwrap(),
            Level::new(3).unwrap(),
            seed,
            Side::Away,
        );
        let mut log = BallLog::new("Home", "Away", seed, options);
        play_match(*options, seed, [&mut a, &mut b], &mut log).unwrap();
        let replayed = replay(&log.text());
        assert_eq!(replayed, log.text(), "replay of seed {seed} differs");
    }
}

/// What a writer may add to a log is no disagreement: a field neither the spec nor this
/// program writes, and a line of an event it does not know; nor is a log without this
/// program's own fields of a ball (`no_balls`, `wides`, `byes`: another writer's). A listed
/// figure edited, a score made a string, one of the program's own fields edited where it is
/// there, or a line with no event is refused on its line.
#[test]
fn a_replay_checks_the_listed_figures_and_its_own_and_leaves_a_writers_own_alone() {
    use accc::ball_log::read;
    let options = MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    };
    let seed = 31;
    let mut a = RandomPlayer(player_rng(seed, Side::Home));
    let mut b = RandomPlayer(player_rng(seed, Side::Away));
    let mut log = BallLog::new("Home", "Away", seed, &options);
    play_match(options, seed, [&mut a, &mut b], &mut log).unwrap();
    let lines: Vec<serde_json::Value> = log
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ball = lines.iter().position(|v| v["event"] == "ball").unwrap();
    let text = |lines: &[serde_json::Value]| {
        lines
            .iter()
            .map(|v| v.to_string() + "\n")
            .collect::<String>()
    };
    let replayed = |lines: &[serde_json::Value]| {
        read::replay(&text(lines), &mut NoRecord, |_, _| {}).map(|(_, end)| end.is_over())
    };
    let mut added = lines.clone();
    added[ball]["note"] = serde_json::json!("a writer's own");
    added.insert(3, serde_json::json!({"event": "comment", "text": "tea"}));
    assert!(replayed(&added).unwrap());
    // Another writer's log: its balls have only the spec's fields.
    let mut others = lines.clone();
    for l in others.iter_mut().filter(|v| v["event"] == "ball") {
        for own in ["no_balls", "wides", "byes"] {
            l.as_object_mut().unwrap().remove(own).unwrap();
        }
    }
    assert!(replayed(&others).unwrap());
    let refused = |edit: &dyn Fn(&mut Vec<serde_json::Value>)| {
        let mut edited = lines.clone();
        edit(&mut edited);
        replayed(&edited).unwrap_err().to_string()
    };
    let runs = lines[ball]["runs"].as_u64().unwrap();
    assert_eq!(
        refused(&|l| l[ball]["runs"] = serde_json::json!(runs + 1)),
        format!(
            "line {}: the log says {} for the runs off the bat, but that ball makes {runs}",
            ball + 1,
            runs + 1
        )
    );
    assert_eq!(
        refused(&|l| l[ball]["runs"] = serde_json::json!(runs.to_string())),
        format!(
            "line {}: the log says \"{runs}\" for the runs off the bat, but that ball makes \
             {runs}",
            ball + 1
        )
    );
    assert_eq!(
        refused(&|l| {
            l[ball].as_object_mut().unwrap().remove("extras");
        }),
        format!(
            "line {}: the field \"extras\" is missing or wrong",
            ball + 1
        )
    );
    // The program's own fields, where they are there, are held to the replay as the spec's
    // are: one run of extras moved from one kind to another leaves `extras` and the total
    // as they were, and is still found.
    let (extra, kind) = lines
        .iter()
        .enumerate()
        .find_map(|(i, v)| {
            ["no_balls", "wides", "byes"]
                .into_iter()
                .find(|k| v["event"] == "ball" && v[k].as_u64() > Some(0))
                .map(|k| (i, k))
        })
        .expect("a ball with extras");
    let other = if kind == "byes" { "wides" } else { "byes" };
    let (was, other_was) = (
        lines[extra][kind].as_u64().unwrap(),
        lines[extra][other].as_u64().unwrap(),
    );
    let said = refused(&|l| {
        l[extra][kind] = serde_json::json!(was - 1);
        l[extra][other] = serde_json::json!(other_was + 1);
    });
    let words = match kind {
        "no_balls" => "the no-ball extras (\"no_balls\")",
        "wides" => "the wide extras (\"wides\")",
        _ => "the byes (\"byes\")",
    };
    assert_eq!(
        said,
        format!(
            "line {}: the log says {} for {words}, but that ball makes {was}",
            extra + 1,
            was - 1
        )
    );
    assert_eq!(
        refused(&|l| l[extra]["byes"] = serde_json::json!(null)),
        format!(
            "line {}: the log says none for the byes (\"byes\"), but that ball makes {}",
            extra + 1,
            lines[extra]["byes"]
        )
    );
    assert_eq!(
        refused(&|l| l.insert(2, serde_json::json!({"note": "no event"}))),
        "line 3: the field \"event\" is missing or wrong"
    );
}

#[test]
fn the_same_seed_gives_the_same_match() {
    let options = MatchOptions::default();
    let run = || {
        let mut a = Bot::new(
            Level::new(5).unwrap(),
            Level::new(5).unwrap(),
            9,
            Side::Home,
        );
        let mut b = Bot::new(
            Level::new(5).unwrap(),
            Level::new(5).unwrap(),
            9,
            Side::Away,
        );
        let mut log = BallLog::new("Surrey", "Kent", 9, &options);
        play_match(options, 9, [&mut a, &mut b], &mut log).unwrap();
        log.text()
    };
    assert_eq!(run(), run());
}

/// Counts the events it is given.
struct Count(usize);
impl Recorder for Count {
    fn record(&mut self, _: &Event<'_>) {
        self.0 += 1;
    }
}

#[test]
fn an_illegal_choice_is_refused_and_changes_nothing() {
    let mut state = MatchState::new(MatchOptions::default());
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut rec = Count(0);
    // Nothing is due before the deal: a choice is refused.
    assert!(state.apply(Choice::Continue, &mut rec).is_err());
    while state.to_act().map(|(_, d)| d) != Some(Decision::Bowl) {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, &mut rec);
        } else {
            let first = state.legal_choices()[0];
            state.apply(first, &mut rec).unwrap();
        }
    }
    let (side, _) = state.to_act().unwrap();
    let absent = (0..55)
        .map(Card::from_index)
        .find(|c| !state.hand(side).contains(c))
        .unwrap();
    let before = format!("{:?}", state);
    let events = rec.0;
    for bad in [
        Choice::Card(absent),
        Choice::NoCard,
        Choice::Declare,
        Choice::Exchange([None, None]),
    ] {
        assert!(
            state.apply(bad, &mut rec).is_err(),
            "{bad:?} must be refused"
        );
    }
    assert_eq!(
        format!("{:?}", state),
        before,
        "a refused choice changes nothing"
    );
    assert_eq!(rec.0, events, "a refused choice records nothing");
    // A normal delivery must be answered with a card.
    let mut no_record = NoRecord;
    loop {
        match state.to_act() {
            Some((
                _,
                Decision::Respond {
                    call: accc::engine::Call::Normal,
                    ..
                },
            )) => break,
            Some(_) => {
                let first = *state.legal_choices().last().unwrap();
                state.apply(first, &mut no_record).unwrap();
            }
            None => state.sample_chance(&mut rng, &mut no_record),
        }
    }
    assert!(state.apply(Choice::NoCard, &mut no_record).is_err());
    assert!(!state.legal_choices().contains(&Choice::NoCard));
}

#[test]
fn accc_match_logs_pass_the_independent_check() {
    let dir = tempfile::tempdir().unwrap();
    let flag_sets: &[&[&str]] = &[
        &[],
        &["--no-noballs"],
        &["--no-wides", "--no-byes"],
        &["--no-noballs", "--no-wides", "--no-byes", "--batsmen", "4"],
        &["--batsmen", "2", "--packs-per-session", "1", "--days", "1"],
        &["--bat-level", "1", "--bowl-level", "1", "--days", "2"],
        &["--bat-level", "3", "--bowl-level", "5", "--batsmen", "7"],
    ];
    for (i, flags) in flag_sets.iter().enumerate() {
        for k in 0..4 {
            let seed = (i * 10 + k).to_string();
            let log = dir.path().join(format!("m{i}-{k}.jsonl"));
            let out = accc()
                .args(["match", "--seed", &seed, "--log"])
                .arg(&log)
                .args(*flags)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = std::fs::read_to_string(&log).unwrap();
            check_log(&text);
            // --json prints the log's result line, its fields as they are, with the seed and
            // the counties' names added
            let json = accc()
                .args(["match", "--seed", &seed, "--json"])
                .args(*flags)
                .output()
                .unwrap();
            let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
            let result: serde_json::Value =
                serde_json::from_str(text.lines().last().unwrap()).unwrap();
            for (k, v) in result.as_object().unwrap() {
                assert_eq!(&json[k], v, "{k}");
            }
            assert_eq!(
                json["seed"].as_u64().map(|s| s.to_string()),
                Some(seed.clone())
            );
        }
    }
}

#[test]
fn accc_match_is_byte_identical_for_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for p in [&a, &b] {
        let st = accc()
            .args([
                "match", "--home", "kent", "--away", "Yorks", "--seed", "123", "--log",
            ])
            .arg(p)
            .status()
            .unwrap();
        assert!(st.success());
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn accc_match_prints_a_scorecard() {
    let out = accc()
        .args([
            "match", "--home", "Surrey", "--away", "notts", "--seed", "3",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Surrey v Nottinghamshire"), "{text}");
    for part in [
        "1st innings",
        "Extras",
        "Total",
        "Fall of wickets",
        "Points:",
    ] {
        assert!(text.contains(part), "missing {part}: {text}");
    }
    assert!(["won by", "Match tied", "Match drawn"]
        .iter()
        .any(|r| text.contains(r)));
}

#[test]
fn accc_match_log_replaces_only_an_earlier_log() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("GOOD.acc");
    std::fs::write(&keep, b"ACCCSAVE precious bytes").unwrap();
    let out = accc()
        .args(["match", "--seed", "1", "--log"])
        .arg(&keep)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "a file that cannot be used");
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("exists and is not a ball log: it was left alone"));
    assert_eq!(std::fs::read(&keep).unwrap(), b"ACCCSAVE precious bytes");
    let out = accc()
        .args(["match", "--seed", "1", "--log"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(4),
        "a folder is refused, a file that cannot be used"
    );
    // A folder that is missing is named and not made.
    let missing = dir.path().join("no-such-folder");
    let out = accc()
        .args(["match", "--seed", "1", "--log"])
        .arg(missing.join("m.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("there is no folder {}", missing.display())),
        "{said}"
    );
    assert!(!missing.exists(), "the missing folder was made");
    // An earlier log is replaced.
    let log = dir.path().join("m.jsonl");
    for seed in ["1", "2"] {
        let out = accc()
            .args(["match", "--seed", seed, "--log"])
            .arg(&log)
            .output()
            .unwrap();
        assert!(out.status.success());
    }
    assert!(std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .contains("\"seed\":2"));
}

/// A log goes to a pipe with `--log -`, written at once; a pipe named as a file is refused at
/// once (a log is only written as a regular file, replaced whole), never read first (reading
/// a pipe waits for input that never comes, and the command would hang).
#[cfg(unix)]
#[test]
fn accc_match_log_to_a_pipe_is_written_at_once() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let out = accc()
        .args(["match", "--seed", "1", "--json", "--log", "/dev/stdout"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "a file that cannot be used");
    assert!(String::from_utf8_lossy(&out.stderr).contains("(or --log - for standard output)"));
    let mut child = accc()
        .args(["match", "--seed", "1", "--json", "--log", "-"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut out, &mut text).unwrap();
        text
    });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("accc match --log - hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let text = reader.join().unwrap();
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains("\"event\":\"match\"")),
        "{text}"
    );
    assert!(
        text.lines()
            .filter(|l| l.contains("\"event\":\"result\""))
            .count()
            >= 1,
        "{text}"
    );
}

#[test]
fn accc_match_rejects_bad_input_with_clear_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["--home", "Durham"], "unknown county \"Durham\""),
        (
            &["--home", "Surrey", "--away", "surrey"],
            "cannot play itself",
        ),
        (
            &["--batsmen", "12"],
            "--batsmen takes a number of batsmen per side from 2 to 11; '12' is not one",
        ),
        (
            &["--bat-level", "6"],
            "--bat-level takes a level from 1 (novice) to 5 (professional); '6' is not one",
        ),
        (
            &["--days", "0"],
            "--days takes a number of days per match from 1 to 5",
        ),
    ];
    for (args, msg) in cases {
        let out = accc().arg("match").args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(msg), "{args:?}: {err}");
    }
    let out = accc().args(["match", "--away", "Durham"]).output().unwrap();
    assert!(
        String::from_utf8(out.stderr).unwrap().contains("Cheshire"),
        "the error lists the valid counties"
    );
}

/// Edits the first line of `kind` in a log for which `pick` holds.
fn mutate(
    text: &str,
    pick: impl Fn(&serde_json::Value) -> bool,
    edit: impl Fn(&mut serde_json::Value),
) -> String {
    let mut done = false;
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if !done && pick(&v) {
                edit(&mut v);
                done = true;
            }
            v.to_string()
        })
        .collect();
    assert!(done, "nothing to mutate");
    lines.join("\n")
}

#[test]
fn the_log_checker_rejects_corrupted_logs() {
    let options = MatchOptions::default();
    let mut a = Bot::new(
        Level::new(5).unwrap(),
        Level::new(5).unwrap(),
        4,
        Side::Home,
    );
    let mut b = Bot::new(
        Level::new(2).unwrap(),
        Level::new(2).unwrap(),
        4,
        Side::Away,
    );
    let mut log = BallLog::new("Home", "Away", 4, &options);
    play_match(options, 4, [&mut a, &mut b], &mut log).unwrap();
    let text = log.text();
    check_log(&text);
    let is = |e: &'static str| move |v: &serde_json::Value| v["event"] == e;
    let scoring = |v: &serde_json::Value| v["event"] == "ball" && v["runs"].as_u64() > Some(0);
    let corrupted: Vec<(&str, String)> = vec![
        (
            "runs",
            mutate(&text, scoring, |v| {
                v["runs"] = (v["runs"].as_u64().unwrap() + 1).into()
            }),
        ),
        (
            "total",
            mutate(&text, is("ball"), |v| v["total"] = 999.into()),
        ),
        (
            "call",
            mutate(&text, is("ball"), |v| v["call"] = "bye".into()),
        ),
        (
            "striker",
            mutate(&text, is("ball"), |v| v["striker"] = 3.into()),
        ),
        (
            "top",
            mutate(&text, is("ball"), |v| v["top_before"] = "11 gloves".into()),
        ),
        (
            "pack order",
            mutate(&text, is("pack"), |v| {
                v["pickup"].as_array_mut().unwrap().swap(0, 1)
            }),
        ),
        (
            "deal",
            mutate(&text, is("deal"), |v| {
                v["hands"]["home"][0] = v["hands"]["away"][0].clone()
            }),
        ),
        (
            "result",
            mutate(&text, is("result"), |v| v["packs_used"] = 3.into()),
        ),
        (
            "reason",
            mutate(&text, is("innings_end"), |v| {
                v["reason"] = "declared".into()
            }),
        ),
        (
            "wicket",
            mutate(
                &text,
                |v| v["event"] == "ball" && !v["wicket"].is_null(),
                |v| v["wicket"]["how"] = "hit wicket".into(),
            ),
        ),
    ];
    for (what, bad) in corrupted {
        let caught = std::panic::catch_unwind(|| check_log(&bad)).is_err();
        assert!(caught, "the checker missed a corrupted {what}");
    }
}

/// Random legal play, but for what it is told: declare at the first chance of innings
/// `declare_in` (before its first delivery), never otherwise; and change two cards after
/// every wicket (so that exchanges often use up the last pack).
struct Scripted {
    rng: ChaCha8Rng,
    declare_in: u8,
    exchange_two: bool,
}

impl Player for Scripted {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        let p = view.public;
        match view.decision {
            Decision::Declare => {
                // No delivery of the innings yet, counting or not.
                let none_bowled = p.last_ball.is_none_or(|b| b.innings != self.declare_in);
                if p.innings_number() == self.declare_in && none_bowled {
                    Choice::Declare
                } else {
                    Choice::Continue
                }
            }
            Decision::Exchange if self.exchange_two && view.hand.len() >= 2 => {
                Choice::Exchange([Some(view.hand[0]), Some(view.hand[1])])
            }
            _ => {
                let choices = view.legal_choices();
                choices[self.rng.random_range(0..choices.len())]
            }
        }
    }
}

fn scripted(seed: u64, declare_in: u8, exchange_two: bool) -> [Scripted; 2] {
    [Side::Home, Side::Away].map(|side| Scripted {
        rng: player_rng(seed, side),
        declare_in,
        exchange_two,
    })
}

/// A short match: one day of one pack a session (three packs).
fn short_match() -> MatchOptions {
    MatchOptions {
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    }
}

#[test]
fn a_side_may_declare_before_the_first_delivery_of_its_innings() {
    for declare_in in 1..=4u8 {
        let [mut a, mut b] = scripted(40 + declare_in as u64, declare_in, false);
        let (state, log) = play_checked(
            MatchOptions::default(),
            40 + declare_in as u64,
            [&mut a, &mut b],
        );
        check_log(&log.text());
        let p = state.public();
        assert!(
            p.innings_started >= declare_in,
            "innings {declare_in} was reached"
        );
        let inn = &p.started()[declare_in as usize - 1];
        // A third innings closed still behind is an innings defeat, recorded as such.
        let behind = declare_in == 3 && p.started()[0].total < p.started()[1].total;
        let end = if behind {
            InningsEnd::InningsDefeat
        } else {
            InningsEnd::Declared
        };
        assert_eq!(
            (inn.end, inn.total, inn.balls, inn.wickets),
            (Some(end), 0, 0, 0),
            "innings {declare_in}"
        );
        if declare_in < 3 {
            assert!(
                p.innings_started > declare_in,
                "the match went on to the next innings"
            );
        }
        if declare_in == 4 {
            // A fourth-innings declaration closes the innings like all out: the side loses.
            let r = p.result.expect("the match is over");
            assert_eq!(
                (r.outcome, r.winner),
                (Outcome::Win, Some(inn.batting.other()))
            );
        }
    }
}

/// Whether an exchange after a wicket was the match's last action (it used up the last pack
/// at the end of an over, and no ball followed).
#[derive(Default)]
struct LastExchange {
    exchange_then: Option<bool>,
}

impl Recorder for LastExchange {
    fn record(&mut self, event: &Event<'_>) {
        self.exchange_then = match (event, self.exchange_then) {
            (Event::Exchange { .. }, _) => Some(false),
            (
                Event::InningsEnd {
                    reason: InningsEnd::Time,
                    ..
                },
                Some(false),
            ) => Some(true),
            (Event::Result(_), done) => done.filter(|&d| d),
            (_, Some(true)) => Some(true),
            _ => None,
        };
    }
}

#[test]
fn an_exchange_that_uses_up_the_last_pack_at_an_overs_end_ends_the_match() {
    let mut found = 0;
    for seed in 0..600u64 {
        let [mut a, mut b] = scripted(seed, 0, true);
        let (state, log) = play_checked(short_match(), seed, [&mut a, &mut b]);
        let mut last = LastExchange::default();
        let [mut a, mut b] = scripted(seed, 0, true);
        play_match(short_match(), seed, [&mut a, &mut b], &mut last).unwrap();
        if last.exchange_then == Some(true) {
            found += 1;
            check_log(&log.text());
            assert_eq!(
                state.public().result.map(|r| r.outcome),
                Some(Outcome::Draw),
                "seed {seed}"
            );
        }
    }
    assert!(found >= 2, "the case came up {found} times");
}

#[test]
fn one_run_short_points_go_only_to_the_side_batting_fourth() {
    let (mut third, mut fourth) = (0, 0);
    for seed in 0..5000u64 {
        let [mut a, mut b] = scripted(seed, 0, false);
        let state = play_match(short_match(), seed, [&mut a, &mut b], &mut NoRecord).unwrap();
        let p = state.public();
        let r = p.result.expect("the match is over");
        let bat = p.batting();
        if r.outcome != Outcome::Draw || p.aggregate(bat) != p.aggregate(bat.other()) {
            continue;
        }
        let mut points = [1, 1];
        if p.innings_started == 4 {
            points[bat.index()] = 2;
            fourth += 1;
        } else {
            third += 1;
        }
        assert_eq!(
            r.points, points,
            "seed {seed}: a level draw in innings {}",
            p.innings_started
        );
    }
    assert!(
        third >= 1 && fourth >= 1,
        "level draws: {third} in the third innings, {fourth} in the fourth"
    );
}

/// One step of a match, in order: a question put to a side, or an event recorded.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    /// A question, and whether the last pack was used up when it was put.
    Asked(Question, bool),
    Ball {
        wicket: bool,
    },
    Pack,
    Exchange,
    Declare,
    InningsEnd,
    Other,
}

/// A decision without its details.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Question {
    Declare,
    Bowl,
    Respond,
    Exchange,
    Other,
}

#[derive(Default)]
struct Steps(Vec<Step>);

impl Recorder for Steps {
    fn record(&mut self, event: &Event<'_>) {
        self.0.push(match event {
            Event::Ball(b) => Step::Ball {
                wicket: b.wicket.is_some(),
            },
            Event::Pack { .. } => Step::Pack,
            Event::Exchange { .. } => Step::Exchange,
            Event::Declare { .. } => Step::Declare,
            Event::InningsEnd { .. } => Step::InningsEnd,
            _ => Step::Other,
        });
    }
}

/// Plays a match, noting every question and event in order.
fn steps_of(options: MatchOptions, seed: u64, players: [&mut dyn Player; 2]) -> Vec<Step> {
    let mut state = MatchState::new(options);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = Steps::default();
    loop {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, &mut steps);
        } else if let Some((side, decision)) = state.to_act() {
            let question = match decision {
                Decision::Declare => Question::Declare,
                Decision::Bowl => Question::Bowl,
                Decision::Respond { .. } => Question::Respond,
                Decision::Exchange => Question::Exchange,
                _ => Question::Other,
            };
            steps
                .0
                .push(Step::Asked(question, state.public().exhausted));
            let choice = players[side.index()].decide(&state.view());
            state
                .apply(choice, &mut steps)
                .expect("legal choices are accepted");
        } else {
            return steps.0;
        }
    }
}

#[test]
fn the_batting_side_is_asked_to_declare_before_every_delivery_and_to_change_cards_after_every_wicket(
) {
    let (mut wickets_then_change, mut declare_questions) = (0, 0);
    for (n, options) in all_option_sets().into_iter().enumerate() {
        for seed in [n as u64, 500 + n as u64] {
            let (mut a, mut b) = (
                RandomPlayer(player_rng(seed, Side::Home)),
                Bot::new(Level::PROFESSIONAL, Level::PROFESSIONAL, seed, Side::Away),
            );
            let steps = steps_of(options, seed, [&mut a, &mut b]);
            for (i, step) in steps.iter().enumerate() {
                let before = i.checked_sub(1).map(|j| steps[j]);
                // Every delivery is bowled straight after the batting side was asked.
                if let Step::Asked(Question::Bowl, _) = step {
                    assert!(matches!(before, Some(Step::Asked(Question::Declare, _))), "seed {seed}, {options:?}: a ball with no declare question before it (step {i})");
                    declare_questions += 1;
                }
                // After a wicket (and any new pack it formed), the innings ends or the side is
                // offered a change of cards, unless the last pack is used up.
                if let Step::Ball { wicket: true } = step {
                    let next = steps[i + 1..]
                        .iter()
                        .find(|s| **s != Step::Pack)
                        .expect("a match ends with its result");
                    match next {
                        Step::InningsEnd | Step::Asked(_, true) => {}
                        Step::Asked(Question::Exchange, false) => wickets_then_change += 1,
                        other => panic!(
                            "seed {seed}, {options:?}: after a wicket came {other:?} (step {i})"
                        ),
                    }
                }
                if let Step::Asked(Question::Exchange, _) = step {
                    let last_ball = steps[..i]
                        .iter()
                        .rev()
                        .find(|s| matches!(s, Step::Ball { .. }));
                    assert_eq!(
                        last_ball,
                        Some(&Step::Ball { wicket: true }),
                        "seed {seed}: a change of cards offered with no wicket"
                    );
                }
            }
        }
    }
    assert!(
        wickets_then_change > 500 && declare_questions > 10_000,
        "{wickets_then_change} changes offered, {declare_questions} declare questions"
    );
}

/// Plays at random, but declares the fourth innings as soon as the scores are level.
struct DeclaresLevel(ChaCha8Rng);

impl Player for DeclaresLevel {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        match view.decision {
            Decision::Declare if view.public.runs_to_win() == Some(1) => Choice::Declare,
            Decision::Declare => Choice::Continue,
            _ => {
                let choices = view.legal_choices();
                choices[self.0.random_range(0..choices.len())]
            }
        }
    }
}

#[test]
fn a_fourth_innings_declared_with_the_scores_level_is_a_tie() {
    let mut ties = 0;
    for seed in 0..300u64 {
        let [mut a, mut b] =
            [Side::Home, Side::Away].map(|side| DeclaresLevel(player_rng(seed, side)));
        let (state, log) = play_checked(short_match(), seed, [&mut a, &mut b]);
        let p = state.public();
        if p.started()
            .get(3)
            .is_some_and(|inn| inn.end == Some(InningsEnd::Declared))
        {
            check_log(&log.text());
            let r = p.result.expect("the match is over");
            assert_eq!((r.outcome, r.winner), (Outcome::Tie, None), "seed {seed}");
            ties += 1;
        }
    }
    assert!(ties >= 20, "{ties} fourth innings declared level");
}

/// `View::allows` takes what `apply` takes: every legal choice, two cards changed after a
/// wicket in either order, and nothing of another decision or a card not held.
#[test]
fn a_view_allows_what_apply_takes() {
    use accc::engine::runner::{chance_rng, play_on_seeing};
    let pro = Level::PROFESSIONAL;
    let mut exchanges = 0;
    for seed in 0..6 {
        let [mut home, mut away] = [Side::Home, Side::Away].map(|s| Bot::new(pro, pro, seed, s));
        let seen = |state: &MatchState, _: Choice| {
            let view = state.view();
            for c in view.legal_choices() {
                assert!(view.allows(c), "{c:?}");
                if let Choice::Exchange([a, b]) = c {
                    assert!(view.allows(Choice::Exchange([b, a])), "{c:?} reversed");
                }
            }
            let held = view.hand.to_vec();
            let stranger = (0..accc::cards::DISTINCT)
                .map(Card::from_index)
                .find(|c| !held.contains(c));
            if view.decision == Decision::Exchange {
                exchanges += 1;
                assert!(!view.allows(Choice::Exchange([stranger, None])));
                assert!(!view.allows(Choice::NoCard));
            } else if let Some(c) = stranger.filter(|_| view.decision == Decision::Bowl) {
                assert!(!view.allows(Choice::Card(c)));
                assert!(!view.allows(Choice::Continue));
            }
        };
        play_on_seeing(
            MatchState::new(MatchOptions::default()),
            &mut chance_rng(seed),
            [&mut home, &mut away],
            &mut NoRecord,
            seen,
        )
        .unwrap();
    }
    assert!(exchanges > 10, "{exchanges}");
}
