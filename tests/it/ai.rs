//! `accc duel`: the JSON it prints, pairing and thread-independence, and the level ladder in
//! miniature (level 5 beats level 1 decisively).

use serde_json::Value;

use crate::helpers::accc;

/// Runs `accc duel` with `args` and `--json`, returning the one object printed.
fn duel(args: &[&str], threads: &str) -> Value {
    let out = accc()
        .arg("duel")
        .args(args)
        .arg("--json")
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON line: {text}"
    );
    serde_json::from_str(text.trim()).expect("one JSON object")
}

/// A short match: four batsmen, one pack a session, one day.
const SHORT: [&str; 6] = ["--batsmen", "4", "--packs-per-session", "1", "--days", "1"];

#[test]
fn duel_json_has_every_field_and_they_add_up() {
    let mut args = vec!["--a", "5", "--b", "1", "--matches", "12", "--seed", "3"];
    args.extend(SHORT);
    let d = duel(&args, "2");
    for key in [
        "a_level",
        "b_level",
        "matches",
        "a_wins",
        "b_wins",
        "ties",
        "draws",
        "a_score",
        "deliveries",
        "seconds",
        "runs_per_wicket",
        "runs_per_100_balls",
        "draw_share",
    ] {
        assert!(d.get(key).is_some(), "missing {key}: {d}");
    }
    let n = |k: &str| d[k].as_f64().unwrap();
    assert_eq!((n("a_level"), n("b_level"), n("matches")), (5.0, 1.0, 12.0));
    assert_eq!(n("a_wins") + n("b_wins") + n("ties") + n("draws"), 12.0);
    let score = (n("a_wins") + 0.5 * (n("ties") + n("draws"))) / 12.0;
    assert!((n("a_score") - score).abs() < 1e-9);
    assert!((n("draw_share") - n("draws") / 12.0).abs() < 1e-9);
    assert!(n("deliveries") > 0.0 && n("seconds") >= 0.0);
    assert!(n("runs_per_wicket") > 0.0 && n("runs_per_100_balls") > 0.0);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let mut args = vec!["--a", "4", "--b", "3", "--matches", "9", "--seed", "77"];
    args.extend(SHORT);
    let (one, two) = (duel(&args, "1"), duel(&args, "2"));
    for key in [
        "a_wins",
        "b_wins",
        "ties",
        "draws",
        "deliveries",
        "runs_per_wicket",
        "matches",
    ] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert_eq!(
        one["matches"], 9,
        "an odd number of matches is played exactly"
    );
}

#[test]
fn mixed_levels_are_reported() {
    let mut args = vec![
        "--a",
        "3",
        "--a-bowl",
        "5",
        "--b",
        "2",
        "--b-bat",
        "4",
        "--matches",
        "2",
    ];
    args.extend(SHORT);
    let d = duel(&args, "2");
    assert_eq!(
        (d["a_bat"].as_u64(), d["a_bowl"].as_u64()),
        (Some(3), Some(5))
    );
    assert_eq!(
        (d["b_bat"].as_u64(), d["b_bowl"].as_u64()),
        (Some(4), Some(2))
    );
}

#[test]
fn bad_levels_and_zero_matches_are_usage_errors() {
    for args in [
        &["--a", "6"][..],
        &["--b-bowl", "0"],
        &["--matches", "0"],
        &["--a", "pro"],
        &["--a", "frozen", "--a-bat", "3"],
    ] {
        let out = accc().arg("duel").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn the_text_report_names_both_sides() {
    let mut args = vec!["duel", "--a", "2", "--b", "1", "--matches", "2"];
    args.extend(SHORT);
    let out = accc().args(&args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("A 2 (village) v B 1 (novice)"), "{text}");
    assert!(text.contains("A's score"), "{text}");
    assert!(text.contains(": 2 matches (seed"), "{text}");
    let mut args = vec!["duel", "--a", "2", "--b", "1", "--matches", "1"];
    args.extend(SHORT);
    let out = accc().args(&args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(": 1 match (seed"),
        "one match, not 1 matches: {text}"
    );
}

#[test]
fn the_frozen_professional_can_be_a_side() {
    let mut args = vec!["--a", "5", "--b", "frozen", "--matches", "2"];
    args.extend(SHORT);
    let d = duel(&args, "2");
    assert_eq!(
        (d["a_player"].as_str(), d["b_player"].as_str()),
        (Some("level"), Some("frozen"))
    );
    assert_eq!(d["b_level"].as_u64(), Some(5));
    assert!(d["past_first_pack"].as_u64().is_some_and(|n| n <= 2), "{d}");
    let out = accc()
        .args(["duel", "--a", "frozen", "--b", "1", "--matches", "2"])
        .args(SHORT)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("A 5 (frozen professional) v B 1 (novice)"),
        "{text}"
    );
}

/// Small seeded duels, one line a match, so that any change to how a level plays shows in
/// review: every level against itself and against the next, and the professional against
/// the frozen one. (Statistics are measured with `accc duel`; these pin the play itself.)
mod pinned {
    use accc::ai::duel::{play_numbered, DuelConfig, Lineup};
    use accc::ai::Level;
    use accc::engine::{MatchOptions, NoRecord, Side};

    /// Four default matches (two deals, each played with the sides swapped), one line each:
    /// A's side, every innings (batting side and score), the result and the deliveries.
    fn pinned(a: Lineup, b: Lineup) -> String {
        let config = DuelConfig {
            a,
            b,
            matches: 4,
            seed: 17,
            options: MatchOptions::default(),
        };
        (0..config.matches as u64)
            .map(|k| {
                let (state, a_side) = play_numbered(&config, k, &mut NoRecord);
                let p = state.public();
                let name = |s: Side| if s == a_side { "A" } else { "B" }.to_string();
                let innings: Vec<String> = p
                    .started()
                    .iter()
                    .map(|i| format!("{} {}", name(i.batting), i.score_text(p.options.all_out())))
                    .collect();
                let balls: u32 = p.started().iter().map(|i| i.balls as u32).sum();
                format!(
                    "{k}: A {}; {}; {}; {balls} balls\n",
                    a_side.name(),
                    innings.join(", "),
                    p.result.expect("finished").describe(name),
                )
            })
            .collect()
    }

    fn level(n: u8) -> Lineup {
        Lineup::both(Level::new(n).unwrap())
    }

    #[test]
    fn each_level_against_itself_and_the_next() {
        for n in 1..=5u8 {
            insta::assert_snapshot!(format!("duel_{n}_v_{n}"), pinned(level(n), level(n)));
            if n < 5 {
                let up = n + 1;
                insta::assert_snapshot!(format!("duel_{up}_v_{n}"), pinned(level(up), level(n)));
            }
        }
        insta::assert_snapshot!("duel_5_v_frozen", pinned(level(5), Lineup::frozen()));
    }
}

/// `accc review --log` goes through one side of a logged match with the analyst: the
/// costliest decisions, numbered, dearest first; either side may be asked for. Bad input is
/// refused in words with the usual exit codes, and nothing is written.
#[test]
fn accc_review_reads_a_ball_log_and_refuses_what_is_not_one() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("m.jsonl");
    let small = ["--batsmen", "4", "--packs-per-session", "2", "--days", "1"];
    let made = accc()
        .args([
            "match",
            "--seed",
            "5",
            "--bat-level",
            "1",
            "--bowl-level",
            "1",
        ])
        .args(small)
        .arg("--log")
        .arg(&log)
        .output()
        .unwrap();
    assert!(made.status.success());
    let review = |side: &str| {
        accc()
            .args(["review", "--log"])
            .arg(&log)
            .args(["--side", side, "--most", "5"])
            .output()
            .unwrap()
    };
    let out = review("away");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The balls it counts are the decisions a review judges: Nottinghamshire's balls bowled
    // and its answers (a bye asks the batsman nothing), read from the log.
    let (mut batting, mut judged) = (String::new(), 0);
    for line in std::fs::read_to_string(&log).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        match v["event"].as_str() {
            Some("innings") => batting = v["batting"].as_str().unwrap().to_string(),
            Some("ball") => judged += (batting == "home" || v["call"] != "bye") as usize,
            _ => {}
        }
    }
    assert!(
        text.starts_with(&format!(
            "Review of Surrey v Nottinghamshire: the {judged} balls Nottinghamshire bowled and\n\
             answered\n\n"
        )),
        "{text}"
    );
    // `--log -` reads the same log from standard input.
    let mut child = accc()
        .args(["review", "--log", "-", "--side", "away", "--most", "5"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&std::fs::read(&log).unwrap()).unwrap();
    }
    let piped = child.wait_with_output().unwrap();
    assert!(piped.status.success());
    assert_eq!(String::from_utf8(piped.stdout).unwrap(), text);
    let junk = accc()
        .args(["review", "--log", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(junk.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&junk.stderr)
        .contains("the log on standard input cannot be reviewed"));
    // Wrapped as every view is, to fit the terminal's 80 columns.
    for l in text.lines() {
        assert!(l.chars().count() <= 78, "{l:?}");
    }
    // Each decision told, its wrapped lines joined.
    let mut items: Vec<String> = Vec::new();
    for l in text.lines() {
        match (
            l.get(..4).is_some_and(|h| h.trim_end().ends_with('.')),
            items.last_mut(),
        ) {
            (true, _) => items.push(l.to_string()),
            (false, Some(item)) if l.starts_with("    ") => item.push_str(&l[3..]),
            _ => {}
        }
    }
    let costs: Vec<f32> = items
        .iter()
        .map(|l| {
            assert!(l.contains(" overs: Nottinghamshire "), "{l}");
            let about = l.rsplit("(cost about ").next().unwrap();
            about.trim_end_matches(" runs)").parse().unwrap()
        })
        .collect();
    assert!(!costs.is_empty() && costs.len() <= 5, "{text}");
    assert!(costs.windows(2).all(|w| w[0] >= w[1]), "{text}");
    assert!(String::from_utf8(review("home").stdout)
        .unwrap()
        .contains(" balls Surrey bowled and answered"));
    // Refusals.
    let refused = |args: &[&str], code: i32, says: &str| {
        let out = accc()
            .arg("review")
            .args(args)
            .arg("--saves-dir")
            .arg(dir.path())
            .output();
        let out = out.unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    };
    let path = log.to_str().unwrap();
    refused(
        &["--log", path, "--side", "left"],
        2,
        "--side is home or away",
    );
    refused(
        &["--log", path, "--most", "0"],
        2,
        "--most takes a number of decisions from 1 to 50; '0' is not one",
    );
    refused(&["--log", "nowhere.jsonl"], 3, "no such file");
    let text = std::fs::read_to_string(&log).unwrap();
    let cut = dir.path().join("cut.jsonl");
    let half: Vec<&str> = text.lines().take(text.lines().count() / 2).collect();
    std::fs::write(&cut, half.join("\n")).unwrap();
    refused(
        &["--log", cut.to_str().unwrap()],
        4,
        "ends before the match does",
    );
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"event\":\"deal\"}\n").unwrap();
    refused(&["--log", bad.to_str().unwrap()], 4, "not a ball log");
    refused(&["NOSUCH"], 3, "");
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        text,
        "the log is untouched"
    );
}

/// A log whose recorded figures were edited is refused (exit 4), the file, the line and the
/// figure named, and nothing is reviewed: the review plays the log's cards and checks what
/// each line records against what those cards make (it had gone by the cards alone and let an
/// edited score pass), the program's own fields of a ball (`byes`) as well as the spec's. Each
/// edit below is one a person might make by hand.
#[test]
fn accc_review_refuses_a_log_whose_figures_disagree_with_its_cards() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("m.jsonl");
    let made = accc()
        .args(["match", "--seed", "12", "--log"])
        .arg(&log)
        .args(SHORT)
        .output()
        .unwrap();
    assert!(made.status.success());
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The line (1-based) of the `nth` line of `event`, and of the last one.
    let at = |event: &str, nth: usize| {
        lines
            .iter()
            .enumerate()
            .filter(|(_, v)| v["event"] == event)
            .nth(nth)
            .map(|(i, _)| i)
            .unwrap()
    };
    let last = |event: &str| lines.iter().rposition(|v| v["event"] == event).unwrap();
    let first_ball = at("ball", 0);
    let runs = lines[first_ball]["runs"].as_u64().unwrap();
    let byes = lines[first_ball]["byes"].as_u64().unwrap();
    let end = last("innings_end");
    let total = lines[end]["total"].as_u64().unwrap();
    let result = last("result");
    let points = lines[result]["points"]["away"].as_u64().unwrap();
    let max_packs = lines[0]["options"]["max_packs"].as_u64().unwrap();
    let wicket = at("ball", 3);
    let edits: Vec<(usize, &str, Value, String)> = vec![
        (
            first_ball,
            "runs",
            Value::from(runs + 2),
            format!(
                "the log says {} for the runs off the bat, but that ball makes {runs}",
                runs + 2
            ),
        ),
        (
            end,
            "total",
            Value::from(total + 10),
            format!(
                "the log says {} for the total, but that innings makes {total}",
                total + 10
            ),
        ),
        (
            result,
            "points",
            serde_json::json!({"home": lines[result]["points"]["home"], "away": points + 8}),
            format!(
                "the log says {} for the away side's points, but the match makes {points}",
                points + 8
            ),
        ),
        (
            0,
            "options",
            {
                let mut o = lines[0]["options"].clone();
                o["max_packs"] = Value::from(max_packs + 1);
                o
            },
            format!(
                "the log says {} for the most packs the match may use, but its options make \
                 {max_packs}",
                max_packs + 1
            ),
        ),
        (
            wicket,
            "wicket",
            serde_json::json!({"batsman": 1, "how": "stumped"}),
            "the log says batsman 1 out stumped for the wicket".to_string(),
        ),
        // A field of the program's own, not the spec's, where the log has it.
        (
            first_ball,
            "byes",
            Value::from(byes + 1),
            format!(
                "the log says {} for the byes (\"byes\"), but that ball makes {byes}",
                byes + 1
            ),
        ),
        (
            first_ball,
            "counts",
            Value::from(!lines[first_ball]["counts"].as_bool().unwrap()),
            "for whether it is one of the over's six, but that ball makes".to_string(),
        ),
    ];
    // `accc review` of the log `edited`: its exit code, standard error and output.
    let path = dir.path().join("edited.jsonl");
    let review = |edited: &str| {
        std::fs::write(&path, edited).unwrap();
        let out = accc()
            .args(["review", "--log"])
            .arg(&path)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), err, out.stdout)
    };
    for (line, field, value, words) in edits {
        let mut edited = lines.clone();
        edited[line][field] = value;
        let body: Vec<String> = edited.iter().map(Value::to_string).collect();
        let (code, err, stdout) = review(&(body.join("\n") + "\n"));
        assert_eq!(code, Some(4), "{field} on line {}: {err}", line + 1);
        assert!(stdout.is_empty());
        assert!(
            err.contains(&format!(
                "{} cannot be reviewed: line {}: ",
                path.display(),
                line + 1
            )) && err.contains(&words),
            "{err}"
        );
    }
    // A line the match does not have: a ball repeated after the result, an innings' end
    // left out.
    for (edited, words) in [
        (
            [&text[..], text.lines().nth(first_ball).unwrap(), "\n"].concat(),
            format!(
                "line {}: the log has a ball after the match is over",
                lines.len() + 1
            ),
        ),
        (
            text.lines()
                .enumerate()
                .filter(|&(i, _)| i != at("innings_end", 0))
                .map(|(_, l)| format!("{l}\n"))
                .collect(),
            format!(
                "line {}: the log has the start of an innings here, where its cards make the \
                 end of an innings",
                at("innings_end", 0) + 1
            ),
        ),
    ] {
        let (code, err, _) = review(&edited);
        assert_eq!(code, Some(4), "{err}");
        assert!(err.contains(&words), "{err}");
    }
}
