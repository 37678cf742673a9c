//! Command-line behaviour shared by every command.

use std::process::Stdio;

use crate::helpers::{accc, ok_in, run_in};

#[test]
fn a_reader_that_stops_early_ends_output_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let small = [
        "--batsmen",
        "2",
        "--packs-per-session",
        "1",
        "--days",
        "1",
        "--seed",
        "1",
    ];
    let st = accc()
        .args(["sim", "PIPE", "--years", "3"])
        .args(small)
        .arg("--saves-dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let mut child = accc()
        .args(["export", "PIPE", "--saves-dir"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the output (over 64 KiB) is written
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {err}", out.status.code());
    assert!(err.is_empty(), "nothing on stderr: {err}");
}

#[test]
fn argument_errors_are_one_line_like_every_other_error() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sim", "X", "--years", "abc"],
            "--years takes a number of seasons from 0 to 100; 'abc' is not one",
        ),
        (
            &["export", "GOOD", "extra"],
            "unexpected argument 'extra' found (usage: accc export",
        ),
        (
            &["show"],
            "required arguments were not provided: <NAME> <VIEW> (usage: accc show <NAME> <VIEW>)",
        ),
        (
            &[
                "charts",
                "call",
                "paydirt-vii",
                "offense",
                "--behind",
                "--ahead",
            ],
            "'--behind' cannot be used with '--ahead'",
        ),
        (&["bogus"], "unrecognized subcommand 'bogus'"),
        (
            &["show", "X", "table", "--bogus"],
            "unexpected argument '--bogus' found",
        ),
        // An option after `--` is reminded that options go before it (README).
        (
            &["show", "--", "-OLD", "table", "--year", "1890"],
            "unexpected argument '--year' found; after '--' no word is an option: give the \
             options before '--' (usage: accc show",
        ),
        (
            &["sim", "--", "-OLD", "--years", "2"],
            "unexpected argument '--years' found; after '--' no word is an option",
        ),
    ];
    for (args, msg) in cases {
        let out = accc().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("accc: ") && err.contains(msg),
            "{args:?}: {err}"
        );
        assert_eq!(
            err.contains("after '--'"),
            args.contains(&"--"),
            "{args:?}: {err}"
        );
    }
    let help = accc().args(["show", "--help"]).output().unwrap();
    assert!(
        help.status.success() && String::from_utf8_lossy(&help.stdout).contains("Usage: accc show")
    );
    // A command that needs a subcommand shows its list of them (and fails).
    let bare = accc().arg("charts").output().unwrap();
    let err = String::from_utf8_lossy(&bare.stderr);
    assert_eq!(bare.status.code(), Some(2));
    assert!(err.contains("Commands:") && err.contains("call"), "{err}");
}

#[test]
fn the_match_scorecard_fits_78_columns() {
    for seed in [5, 6, 7] {
        let out = accc()
            .args([
                "match",
                "--home",
                "Kent",
                "--away",
                "Surrey",
                "--seed",
                &seed.to_string(),
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Fall of wickets"), "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 78, "seed {seed}: {line:?}");
            assert_eq!(
                line,
                line.trim_end(),
                "seed {seed}: trailing spaces in {line:?}"
            );
        }
    }
}

#[test]
fn a_blank_saves_variable_means_the_default_folder() {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        accc()
            .env("ACCC_SAVES", "")
            .env("HOME", home.path())
            .env_remove("XDG_DATA_HOME")
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["match", "--seed", "1", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&[
        "sim",
        "BLANK",
        "--years",
        "1",
        "--batsmen",
        "2",
        "--packs-per-session",
        "1",
        "--days",
        "1",
        "--seed",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The default folder: this system's data folder (see conventions.rs), not ./saves.
    assert!(
        !dir.path().join("saves").exists(),
        "nothing went into ./saves"
    );
    #[cfg(target_os = "linux")]
    assert!(
        home.path()
            .join(".local/share/accc/saves/BLANK.acc")
            .is_file(),
        "the file went into the data folder"
    );
}

/// The options of a small, quick competition or match.
const SMALL: [&str; 6] = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1"];

#[test]
fn with_the_log_on_standard_output_nothing_else_goes_there() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.jsonl");
    let made = accc()
        .args(["match", "--seed", "5", "--log"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(made.status.success());
    for json in [false, true] {
        let mut cmd = accc();
        cmd.args(["match", "--seed", "5", "--log", "-"]);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let log = String::from_utf8(out.stdout).unwrap();
        // Exactly the log: the same bytes as the file, and every line a JSON object with an
        // event, from "match" to "result" (docs: /work/shared/spec/ball-log.md).
        assert_eq!(log, std::fs::read_to_string(&file).unwrap(), "json {json}");
        let events: Vec<String> = log
            .lines()
            .map(|l| {
                let v: serde_json::Value =
                    serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"));
                v["event"]
                    .as_str()
                    .expect("every line has an event")
                    .to_string()
            })
            .collect();
        assert_eq!(events.first().map(String::as_str), Some("match"));
        assert_eq!(events.last().map(String::as_str), Some("result"));
        // What would have gone to standard output goes to standard error instead.
        let err = String::from_utf8(out.stderr).unwrap();
        if json {
            let v: serde_json::Value = serde_json::from_str(err.trim()).expect("the result");
            assert!(v["outcome"].is_string(), "{err}");
        } else {
            assert!(
                err.contains("Fall of wickets") && err.contains("(seed 5)"),
                "{err}"
            );
        }
    }
}

/// One argument of each kind of number, each given a value it does not take (negative, not a
/// number, too large for any type): the refusal names the argument and what it takes, in the
/// program's words, on one line, with exit 2.
#[test]
fn every_kind_of_numeric_argument_is_refused_in_the_programs_words() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sim", "X", "--years", "99999999999"],
            "--years takes a number of seasons from 0 to 100; '99999999999' is not one",
        ),
        (
            &["sim", "X", "--years", "-3"],
            "--years takes a number of seasons from 0 to 100; '-3' is not one",
        ),
        (
            &["show", "X", "table", "--year", "99999999999"],
            "--year takes a season's year, such as 1890; '99999999999' is not one",
        ),
        (
            &["match", "--seed", "18446744073709551616"],
            "--seed takes a whole number from 0 to 9007199254740991 (2^53 - 1); \
             '18446744073709551616' is not one",
        ),
        (
            &["play", "--seed", "-1"],
            "--seed takes a whole number from 0 to 9007199254740991 (2^53 - 1); '-1' is not one",
        ),
        (
            &["sim", "X", "--seed", "abc"],
            "--seed takes a whole number from 0 to 9007199254740991 (2^53 - 1); 'abc' is not one",
        ),
        (
            &["duel", "--matches", "-5"],
            "--matches takes a number of matches from 1 to 4294967295; '-5' is not one",
        ),
        (
            &["duel", "--matches", "4294967296"],
            "--matches takes a number of matches from 1 to 4294967295; '4294967296' is not one",
        ),
        (
            &["duel", "--a", "-5"],
            "--a takes a level from 1 (novice) to 5 (professional), \"frozen\" (the old \
             professional) or \"analyst\" (the search player); '-5' is not one",
        ),
        (
            &["duel", "--b-bowl", "x"],
            "--b-bowl takes a level from 1 (novice) to 5 (professional); 'x' is not one",
        ),
        (
            &["sim", "X", "--packs-per-session", "-1"],
            "--packs-per-session takes a number of packs per session from 1 to 9; '-1' is not one",
        ),
        (
            &["review", "--log", "x", "--most", "1e3"],
            "--most takes a number of decisions from 1 to 50; '1e3' is not one",
        ),
    ];
    for (args, msg) in cases {
        let out = accc().args(*args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(&format!("accc: {msg}")), "{args:?}: {err}");
    }
    // The charts' seeds are refused as sim's are: the same words, the same exit code.
    for bad in ["abc", "-1"] {
        let sim = accc().args(["sim", "X", "--seed", bad]).output().unwrap();
        for verb in ["call", "walk"] {
            let args = ["charts", verb, "twilight-struggle", "action", "--seed", bad];
            let out = accc().args(args).output().unwrap();
            assert_eq!(out.status.code(), sim.status.code(), "{args:?}");
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                String::from_utf8_lossy(&sim.stderr),
                "{args:?}"
            );
        }
    }
}

/// Every `--seed` takes 0 to 2^53 - 1, the largest whole number a JSON reader holding numbers
/// as doubles (jq, JavaScript) reads exactly: one more is refused in the same words by every
/// command (exit 2, nothing made), and the largest is written exactly where it is written.
/// The help of each says the range. (They took any 64-bit number, which a log or an export
/// then held as a number such readers round: 18446744073709551615 read as ...616.)
#[test]
fn every_seed_argument_stops_at_the_largest_a_json_reader_keeps_exact() {
    let dir = tempfile::tempdir().unwrap();
    // Saves go to the folder through ACCC_SAVES, which every command may be given.
    let run = |args: &[&str]| {
        accc()
            .args(args)
            .env("ACCC_SAVES", dir.path())
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let ok = |args: &[&str]| {
        let out = run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let largest = "9007199254740991";
    for too_big in ["9007199254740992", "18446744073709551615"] {
        for args in [
            &["match", "--seed", too_big][..],
            &["sim", "BIG", "--years", "0", "--seed", too_big],
            &[
                "duel",
                "--a",
                "1",
                "--b",
                "1",
                "--matches",
                "1",
                "--seed",
                too_big,
            ],
            &["play", "BIG", "--seed", too_big],
            &[
                "charts",
                "call",
                "twilight-struggle",
                "action",
                "--seed",
                too_big,
            ],
            &[
                "charts",
                "walk",
                "twilight-struggle",
                "action",
                "--seed",
                too_big,
            ],
        ] {
            let out = run(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(out.stdout.is_empty(), "{args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.starts_with(&format!(
                    "accc: --seed takes a whole number from 0 to 9007199254740991 (2^53 - 1); \
                     '{too_big}' is not one"
                )),
                "{args:?}: {err}"
            );
        }
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing made"
    );
    for command in [
        &["match"][..],
        &["sim"],
        &["duel"],
        &["play"],
        &["charts", "call", "twilight-struggle", "action"],
    ] {
        // The help's lines are wrapped: its words are looked at one space apart.
        let help = ok(&[command, &["--help"]].concat());
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains("--seed <") && help.contains(", 0 to 9007199254740991 (2^53 - 1);"),
            "{command:?}: {help}"
        );
    }
    // The largest is taken, and written exactly: in the log, and in the competition's export.
    let log = dir.path().join("m.jsonl");
    let small = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1"];
    ok(&[
        &["match", "--seed", largest, "--log", log.to_str().unwrap()][..],
        &small,
    ]
    .concat());
    let first = std::fs::read_to_string(&log).unwrap();
    let first: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(first["seed"].as_f64(), Some(9007199254740991.0));
    assert_eq!(first["seed"].as_u64(), Some(9007199254740991));
    ok(&[
        &["sim", "BIG", "--years", "0", "--seed", largest][..],
        &small,
    ]
    .concat());
    let export: serde_json::Value = serde_json::from_str(&ok(&["export", "BIG"])).unwrap();
    assert_eq!(export["seed"].as_u64(), Some(9007199254740991));
}

/// A save made when `--seed` took any 64-bit number keeps its seed: it is shown, exported
/// (the number as it is, the format unchanged) and simulated on exactly as a file made and
/// played on by the library alone; only the command line refuses that seed now, with its
/// range, if it is given again.
#[test]
fn a_save_made_with_a_seed_above_2_53_still_reads_exports_and_plays_on() {
    use accc::league::{Competition, Settings};
    let dir = tempfile::tempdir().unwrap();
    let (cli, lib) = (dir.path().join("cli"), dir.path().join("lib"));
    let settings = Settings {
        options: accc::engine::MatchOptions {
            batsmen: 2,
            packs_per_session: 1,
            days: 1,
            ..Default::default()
        },
        levels: accc::play::Levels { bat: 1, bowl: 1 },
        user_county: None,
        seed: u64::MAX,
    };
    let mut comp = Competition::create("OLD", settings).unwrap();
    comp.sim_seasons(1, |_| {});
    std::fs::create_dir_all(&cli).unwrap();
    std::fs::create_dir_all(&lib).unwrap();
    accc::save::store(&cli.join("OLD.acc"), &comp).unwrap();
    comp.sim_seasons(1, |_| {});
    accc::save::store(&lib.join("OLD.acc"), &comp).unwrap();
    let at = ok_in;
    assert!(at(&cli, &["export", "OLD"]).contains("\"seed\":18446744073709551615"));
    at(&cli, &["show", "OLD", "table"]);
    let refused = run_in(
        &cli,
        &[
            "sim",
            "OLD",
            "--years",
            "1",
            "--seed",
            "18446744073709551615",
        ],
    );
    assert_eq!(refused.status.code(), Some(2));
    at(&cli, &["sim", "OLD", "--years", "1"]);
    assert_eq!(at(&cli, &["export", "OLD"]), at(&lib, &["export", "OLD"]));
    assert_eq!(
        at(&cli, &["show", "OLD", "table"]),
        at(&lib, &["show", "OLD", "table"])
    );
}

#[test]
fn every_command_that_keeps_files_calls_a_saves_folder_that_is_a_file_a_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("afile"), "kept").unwrap();
    let cases: &[&[&str]] = &[
        &["sim", "X", "--years", "1"],
        &["show", "X", "table"],
        &["export", "X"],
        &["review", "X"],
        &["almanack", "X"],
        &["charts", "session", "list"],
        &["charts", "session", "new", "S", "paydirt-vii"],
        &["charts", "session", "show", "S"],
        &[
            "charts",
            "call",
            "twilight-struggle",
            "action",
            "--session",
            "S",
        ],
    ];
    // Every command the help says uses the saves folder is here; `play`, the terminal
    // program, says it on its screen (tests/it/tui/).
    let help = accc().arg("--help").output().unwrap();
    // Its lines joined: the help is wrapped to 80 columns.
    let help = String::from_utf8(help.stdout).unwrap();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let used_by = help
        .split("(used by ")
        .nth(1)
        .and_then(|s| s.split([')', ';']).next())
        .expect("the help names the commands that use the saves folder");
    let named: std::collections::BTreeSet<&str> = used_by
        .split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "and")
        .collect();
    let here: std::collections::BTreeSet<&str> =
        cases.iter().map(|c| c[0]).chain(["play"]).collect();
    assert_eq!(named, here, "{used_by}");
    for args in cases {
        let out = accc()
            .current_dir(dir.path())
            .env_remove("ACCC_SAVES")
            .args(["--saves-dir", "afile"])
            .args(*args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        // A file where the folder must be is a file that cannot be used (README: exit 4).
        assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(": afile is a file, not a folder"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("part of its path"), "{args:?}: {err}");
        if args[0] == "sim" {
            // A command that would make the folder says so.
            assert!(
                err.contains("the folder afile cannot be made: afile is a file, not a folder"),
                "{err}"
            );
        }
    }
    let out = accc()
        .current_dir(dir.path())
        .args(["show", "X", "table", "--saves-dir", "afile"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end(),
        format!(
            "accc: {} cannot be read: afile is a file, not a folder",
            std::path::Path::new("afile").join("X.acc").display()
        )
    );
    assert_eq!(std::fs::read(dir.path().join("afile")).unwrap(), b"kept");
}

/// Whether this process runs as root, whom permission bits do not bind: `/proc/self` belongs
/// to the process's own user.
#[cfg(unix)]
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

#[cfg(unix)]
#[test]
fn a_folder_that_cannot_be_written_to_is_said_before_anything_is_simulated() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    // Root may write anywhere: the second run is then made as `nobody`, who must be able to
    // reach the folder and read the file, as the person whose folder it is would.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let ro = dir.path().join("rodir");
    std::fs::create_dir(&ro).unwrap();
    let out = accc()
        .current_dir(dir.path())
        .args([
            "sim",
            "RO",
            "--years",
            "0",
            "--seed",
            "1",
            "--saves-dir",
            "rodir",
        ])
        .args(SMALL)
        .output()
        .unwrap();
    assert!(out.status.success());
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let before = std::fs::read(ro.join("RO.acc")).unwrap();
    let mut second = accc();
    second
        .current_dir(dir.path())
        .args(["sim", "ro", "--years", "3", "--saves-dir", "rodir"]);
    if running_as_root() {
        second.uid(65534).gid(65534);
    }
    let out = second.output().unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(5), "{err}");
    // The folder is named as given (not "Rodir"), as what it is; nothing was played to lose.
    assert!(
        err.starts_with(
            "accc: the folder rodir cannot be written to (permission denied), so RO.acc \
             cannot be saved there. No season was simulated"
        ),
        "{err}"
    );
    assert!(!err.contains("simulated here"), "{err}");
    assert_eq!(std::fs::read(ro.join("RO.acc")).unwrap(), before);
}

/// Every help fits the 80 columns of the program's screen, wrapped at spaces (a terminal
/// cuts the words of lines left long), whether printed to a terminal or a pipe: the
/// whole program's, each command's (read from the program's own list, so a new command is
/// held to it too), and the charts' subcommands and list of calls.
#[test]
fn every_help_fits_80_columns() {
    let run = |args: &[&str]| {
        let out = accc().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let commands = |help: &str| -> Vec<String> {
        help.lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .filter(|c| c != "help")
            .collect()
    };
    let top = run(&["--help"]);
    let mut helps = vec![(vec!["--help".to_string()], top.clone())];
    for c in commands(&top) {
        let help = run(&[c.as_str(), "--help"]);
        for sub in commands(&help) {
            let args = vec![c.clone(), sub, "--help".to_string()];
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            helps.push((args.clone(), run(&refs)));
        }
        helps.push((vec![c, "--help".to_string()], help));
    }
    assert!(helps.len() > 15, "{}", helps.len());
    assert!(helps
        .iter()
        .any(|(a, _)| a[..] == ["charts", "call", "--help"]));
    for (args, help) in &helps {
        for line in help.lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line}");
        }
    }
}

#[test]
fn help_says_what_the_program_does() {
    let help = |args: &[&str]| {
        let out = accc().args(args).arg("--help").output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // Every player --a takes is in its help, as in its refusal.
    let duel = help(&["duel"]);
    for who in ["novice", "professional", "frozen", "analyst"] {
        assert!(duel.contains(who), "{who}: {duel}");
    }
    // --saves-dir is listed only by the commands that keep files, yet taken by every one.
    for args in [&["match"][..], &["duel"], &["completions"]] {
        assert!(!help(args).contains("--saves-dir"), "{args:?}");
    }
    for args in [&["sim"][..], &["show"], &["review"], &["play"], &["export"]] {
        assert!(help(args).contains("--saves-dir"), "{args:?}");
    }
    let dir = tempfile::tempdir().unwrap();
    ok_in(dir.path(), &["match", "--seed", "1", "--json"]);
    let bash = String::from_utf8(
        accc()
            .args(["completions", "bash"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(
        bash.contains("--saves-dir"),
        "sim's completions still offer it"
    );
    // The --log to standard output is explained.
    assert!(help(&["match"]).contains("standard error"));
}

#[test]
fn review_says_both_ways_to_name_a_match_and_uses_the_right_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let bare = run_in(dir.path(), &["review"]);
    let err = String::from_utf8(bare.stderr).unwrap();
    assert_eq!(bare.status.code(), Some(2), "{err}");
    assert!(
        err.contains("accc review NAME") && err.contains("--log FILE"),
        "{err}"
    );
    // A save file that holds no match the person played: the file is there (not 3) and
    // sound (not 4); what was asked for is not in it (2).
    let mut args = vec!["sim", "BIG", "--years", "1", "--seed", "1"];
    args.extend(SMALL);
    ok_in(dir.path(), &args);
    let out = run_in(dir.path(), &["review", "BIG"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("BIG holds no match the person played to its end"),
        "{err}"
    );
    let none = run_in(dir.path(), &["review", "NONE"]);
    assert_eq!(none.status.code(), Some(3), "no such file is still 3");
}

#[test]
fn a_new_name_may_not_begin_with_a_hyphen_but_an_old_file_still_opens() {
    let dir = tempfile::tempdir().unwrap();
    // (--saves-dir before the command: after `--` it would be a name.)
    let after_dashes = |args: &[&str]| {
        accc()
            .arg("--saves-dir")
            .arg(dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = after_dashes(&["sim", "--years", "0", "--", "-x"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("\"-x\" is not a competition name: it begins with '-'"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing made"
    );
    // A file so named by an earlier version: opened after `--`.
    let mut args = vec!["sim", "OLD", "--years", "1", "--seed", "1"];
    args.extend(SMALL);
    ok_in(dir.path(), &args);
    std::fs::rename(dir.path().join("OLD.acc"), dir.path().join("-OLD.acc")).unwrap();
    let out = after_dashes(&["show", "--", "-old", "honours"]);
    let honours = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success() && honours.contains("1890"),
        "{honours}"
    );
}

/// Every error the program tells in its own words is one line of single spaces: none has a
/// run of spaces left by a message continued across source lines (a match in play told to
/// `sim` had 22). Many refusals, of every command, are looked at.
#[test]
fn error_messages_have_no_runs_of_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::copy(fixtures.join("FORMAT2.acc"), d.join("F2.acc")).unwrap();
    std::fs::create_dir(d.join("DIR.acc")).unwrap();
    std::fs::write(d.join("JUNK.acc"), "not a save").unwrap();
    std::fs::write(d.join("notes.txt"), "my notes").unwrap();
    std::fs::write(d.join("ONLY.bak"), "a backup").unwrap();
    let small = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1"];
    let mut s1 = vec!["sim", "S1", "--years", "1", "--seed", "1"];
    s1.extend(small);
    assert!(run_in(d, &s1).status.success());
    let notes = d.join("notes.txt");
    let notes = notes.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["sim", "F2", "--years", "1"],
        vec!["sim", "S1", "--years", "1", "--seed", "2"],
        vec!["sim", "S1", "--years", "1", "--batsmen", "5"],
        vec!["sim", "ONLY", "--years", "1"],
        vec!["sim", "a/b"],
        vec!["sim", "S1", "--county", "Z"],
        vec!["show", "NONE", "table"],
        vec!["show", "DIR", "table"],
        vec!["show", "JUNK", "table"],
        vec!["show", "S1", "nothing"],
        vec!["show", "S1", "table", "--year", "1700"],
        vec!["show", "S1", "table", "--format", "picture"],
        vec!["show", "S1", "results"],
        vec!["export", "JUNK"],
        vec!["almanack", "S1", "--out", notes],
        vec!["review", "S1"],
        vec!["review", "--log", notes],
        vec!["review", "--log", notes, "--side", "middle"],
        vec!["match", "--home", "Z"],
        vec!["match", "--home", "Surrey", "--away", "surrey"],
        vec!["match", "--seed", "1", "--log", notes],
        vec!["match", "--days", "9"],
        vec!["duel", "--a", "9"],
        vec!["duel", "--a", "frozen", "--a-bat", "2"],
        vec!["completions", "tcsh"],
        vec!["charts", "show", "nothing"],
        vec!["charts", "session", "show", "none"],
        vec!["charts", "call", "paydirt-vii", "offense", "--down", "2"],
    ];
    for args in cases {
        let out = run_in(d, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} was not refused");
        let said: Vec<&str> = err.lines().filter(|l| l.starts_with("accc: ")).collect();
        assert!(!said.is_empty(), "{args:?}: {err}");
        for line in said {
            assert!(!line.trim_end().contains("  "), "{args:?}: {line:?}");
        }
    }
}

/// Each county's letter is shown with its names wherever a county is asked for: the refusal
/// of an unknown one (in lines that fit 80 columns), the help of match, sim and show, and
/// the README: a letter the parser takes but no page lists is one nobody can know.
#[test]
fn every_county_letter_is_shown_where_a_county_is_asked_for() {
    let joined = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let entries: Vec<String> = accc::counties::all()
        .iter()
        .map(|c| {
            if c.short == c.name {
                format!("{} ({})", c.name, c.key)
            } else {
                format!("{} ({}, {})", c.name, c.short, c.key)
            }
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    ok_in(
        dir.path(),
        &[&["sim", "S1", "--years", "1", "--seed", "1"][..], &SMALL].concat(),
    );
    for args in [
        &["match", "--home", "Z"][..],
        &["match", "--away", "Durham"],
        &["sim", "NEW", "--county", "Q"],
        &["show", "S1", "results", "--county", "R"],
        &["show", "S1", "results"],
    ] {
        let out = run_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        for e in &entries {
            assert!(joined(&err).contains(e.as_str()), "{args:?}: {e}: {err}");
        }
        for line in err.lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line:?}");
        }
    }
    assert!(!dir.path().join("NEW.acc").exists());
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for cmd in ["match", "sim", "show"] {
        let out = accc().args([cmd, "--help"]).output().unwrap();
        let help = joined(&String::from_utf8(out.stdout).unwrap());
        for e in &entries {
            assert!(help.contains(e.as_str()), "{cmd}: {e}");
            assert!(joined(&readme).contains(e.as_str()), "README: {e}");
        }
    }
}

/// An empty --saves-dir is refused (exit 2, in words), for every command, and nothing is made
/// in ./saves; an empty ACCC_SAVES counts as unset (`a_blank_saves_variable_means_the_default_folder`).
/// With ACCC_SAVES set, the usage shown with an argument error names only what was typed, so
/// that it is a command the person can copy.
#[test]
fn an_empty_saves_folder_is_refused_and_the_variable_is_not_shown_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let sim = [&["sim", "E", "--years", "1", "--seed", "1"][..], &SMALL].concat();
    for args in [
        &["--saves-dir", "", "show", "Z1", "table"][..],
        &sim,
        &["export", "E"],
        &["match", "--seed", "1"],
        &["duel", "--a", "1", "--b", "2", "--matches", "1"],
        &["completions", "bash"],
        &["charts", "session", "list"],
    ] {
        let mut c = accc();
        c.current_dir(dir.path())
            .env_remove("ACCC_SAVES")
            .args(args);
        if args[0] != "--saves-dir" {
            c.args(["--saves-dir", ""]);
        }
        let out = c.output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("accc: --saves-dir takes a folder, and '' names none"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(
        !dir.path().join("saves").exists(),
        "nothing made in ./saves"
    );
    for (args, usage) in [
        (&["sim"][..], "(usage: accc sim <NAME>)"),
        (&["show", "K5"], "(usage: accc show <NAME> <VIEW>)"),
        (
            &["review", "K5", "--log", "x"],
            "(usage: accc review <NAME>",
        ),
    ] {
        let out = accc()
            .env("ACCC_SAVES", dir.path())
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(usage) && !err.contains("saves-dir"),
            "{args:?}: {err}"
        );
    }
}
