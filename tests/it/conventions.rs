//! The command line against the conventions of good command-line tools: clap's tips kept, help without colour where colour is not wanted (in a
//! pseudo-terminal), `match --json` saying which match it was, save names in capitals said,
//! save names completed, engine errors in words, the licence, and the saves folder in the
//! platform's data folder with an earlier version's `./saves` told of; and CI's steps.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, CommandBuilder, PtySize};

use crate::helpers::{accc, ok_in, run_in};

/// The options of a small, quick competition.
const SMALL: [&str; 6] = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1"];

#[test]
fn a_mistyped_word_keeps_clap_s_tip_in_the_one_line_error() {
    for (args, tip) in [
        (
            &["sim", "X", "--yeras", "3"][..],
            "unexpected argument '--yeras' found; a similar argument exists: '--years' (usage: \
             accc sim",
        ),
        (
            &["shwo"],
            "unrecognized subcommand 'shwo'; a similar subcommand exists: 'show' (usage: accc",
        ),
    ] {
        let out = accc().args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(tip), "{args:?}: {err}");
    }
}

/// Everything `accc ARGS` writes to a pseudo-terminal (80x25) with `env` set and `NO_COLOR`
/// and `TERM` as `env` says (unset when not named), until it ends.
fn in_a_terminal(args: &[&str], env: &[(&str, &str)]) -> Vec<u8> {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 25,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_accc"));
    cmd.args(args);
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("TERM");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut out = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        while let Ok(b) = rx.recv_timeout(Duration::from_millis(20)) {
            out.extend(b);
        }
        if child.try_wait().unwrap().is_some() {
            // What is still on its way.
            while let Ok(b) = rx.recv_timeout(Duration::from_millis(200)) {
                out.extend(b);
            }
            break;
        }
        assert!(Instant::now() < deadline, "accc {args:?} did not end");
    }
    drop(pair.master);
    out
}

/// `--help` on a terminal is bold and underlined, as clap makes it; not with `NO_COLOR` set
/// (no-color.org) nor on a terminal that says it cannot (`TERM=dumb`); and never into a pipe.
#[test]
fn help_has_no_bold_or_underline_under_no_color_or_a_dumb_terminal() {
    let escape = |bytes: &[u8]| bytes.windows(2).any(|w| w == b"\x1b[");
    let coloured = in_a_terminal(&["--help"], &[("TERM", "xterm-256color")]);
    let text = String::from_utf8_lossy(&coloured);
    assert!(text.contains("Usage:") && escape(&coloured), "{text:?}");
    for env in [
        &[("TERM", "xterm-256color"), ("NO_COLOR", "1")][..],
        &[("TERM", "dumb")],
    ] {
        for args in [&["--help"][..], &["show", "--help"]] {
            let plain = in_a_terminal(args, env);
            let text = String::from_utf8_lossy(&plain);
            assert!(text.contains("Usage:"), "{env:?} {args:?}: {text:?}");
            assert!(!escape(&plain), "{env:?} {args:?}: {text:?}");
        }
    }
    // An empty NO_COLOR counts as unset, as no-color.org says.
    let empty = in_a_terminal(&["--help"], &[("TERM", "xterm-256color"), ("NO_COLOR", "")]);
    assert!(escape(&empty));
    // Not a terminal: plain, as before.
    let piped = accc().arg("--help").output().unwrap();
    assert!(piped.status.success() && !escape(&piped.stdout));
}

/// `match --json` says which match it was (its seed) and names the counties; the log's
/// result fields are all there, as the log has them.
#[test]
fn match_json_has_the_seed_and_the_counties_names() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("m.jsonl");
    let args = [
        "match", "--home", "kent", "--away", "Y", "--seed", "7", "--json",
    ];
    let out = accc().args(args).arg("--log").arg(&log).output().unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["seed"], 7);
    assert_eq!(json["home"], "Kent");
    assert_eq!(json["away"], "Yorkshire");
    let text = std::fs::read_to_string(&log).unwrap();
    let result: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    for (k, v) in result.as_object().unwrap() {
        assert_eq!(&json[k], v, "{k}");
    }
    let winner = match result["winner"].as_str() {
        Some("home") => serde_json::json!("Kent"),
        Some("away") => serde_json::json!("Yorkshire"),
        _ => serde_json::Value::Null,
    };
    assert_eq!(json["winner_county"], winner);
    assert_eq!(
        json.as_object().unwrap().len(),
        result.as_object().unwrap().len() + 4
    );
}

/// A save name is the same in any letters, and its file is named in capitals: a name typed in
/// small letters that finds no file is told so, and a file of the name in small letters (made
/// by hand) is named, as the program does not read it.
#[test]
fn a_name_in_small_letters_is_told_it_is_taken_in_capitals() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["show", "junk.acc", "table"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("JUNK.acc. A competition's name is in capitals, however it is typed: junk.acc is JUNK, in the file JUNK.acc"),
        "{err}"
    );
    // Typed in capitals: nothing more to say.
    let out = run_in(dir.path(), &["export", "JUNK"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.ends_with("JUNK.acc\n") && !err.contains("capitals"),
        "{err}"
    );
    // A file in small letters beside it.
    std::fs::write(dir.path().join("junk.acc"), b"whatever").unwrap();
    if !dir.path().join("JUNK.acc").exists() {
        let out = run_in(dir.path(), &["almanack", "junk"]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("junk.acc is there, but not read under that name: rename it JUNK.acc"),
            "{err}"
        );
    }
    // A new competition is made, and named, in capitals.
    let made = ok_in(
        dir.path(),
        &[&["sim", "new", "--years", "0"][..], &SMALL].concat(),
    );
    assert!(made.starts_with("NEW is ready"), "{made}");
    assert!(dir.path().join("NEW.acc").is_file());
}

/// The completion scripts complete save names where a command takes one, from the saves
/// folder the line names (`--saves-dir`), else the one in use; `accc __save-names` is what
/// they ask, reading the words as the parser does.
#[test]
fn save_names_are_completed_from_the_saves_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (here, there) = (dir.path().join("here"), dir.path().join("there"));
    for (d, name) in [(&here, "ALPHA"), (&here, "ABLE"), (&there, "OTHER")] {
        let args = [&["sim", name, "--years", "0", "--saves-dir"][..]].concat();
        let out = accc().args(args).arg(d).args(SMALL).output().unwrap();
        assert!(out.status.success());
    }
    // Not saves: a backup, a note, a file in small letters.
    std::fs::write(here.join("ALPHA.bak"), b"x").unwrap();
    std::fs::write(here.join("notes.txt"), b"x").unwrap();
    std::fs::write(here.join("low.acc"), b"x").unwrap();
    let names = |words: &[&str]| {
        let out = accc()
            .env("ACCC_SAVES", &here)
            .arg("__save-names")
            .arg("--")
            .args(words)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(names(&["show", ""]), "ABLE\nALPHA\n");
    assert_eq!(names(&["show", "al"]), "ALPHA\n");
    assert_eq!(names(&["sim", "--years", "3", ""]), "ABLE\nALPHA\n");
    assert_eq!(names(&["review", ""]), "ABLE\nALPHA\n");
    let there_words = ["--saves-dir", there.to_str().unwrap(), "export", ""];
    assert_eq!(names(&there_words), "OTHER\n");
    let there_after = ["almanack", "--saves-dir", there.to_str().unwrap(), ""];
    assert_eq!(names(&there_after), "OTHER\n");
    // bash splits `--saves-dir=D` at the '='.
    assert_eq!(
        names(&["play", "--saves-dir", "=", there.to_str().unwrap(), ""]),
        "OTHER\n"
    );
    // Not where a name goes: an option's value, the view, another command.
    for words in [
        &["show", "--year", ""][..],
        &["show", "ALPHA", ""],
        &["match", "--home", ""],
        &["show", "-"],
        &[""],
    ] {
        assert_eq!(names(words), "", "{words:?}");
    }
    // Each script asks it, and offers it nowhere: it is no command of a person's (nor is
    // it in the help).
    for shell in ["bash", "zsh", "fish"] {
        let script = ok_in(dir.path(), &["completions", shell]);
        assert!(script.contains("__save-names --"), "{shell}");
        assert_eq!(script.matches("__save-names").count(), 1, "{shell}");
    }
    for help in [&["--help"][..], &["help"]] {
        let out = accc().args(help).output().unwrap();
        assert!(out.status.success(), "{help:?}");
        assert!(!String::from_utf8(out.stdout)
            .unwrap()
            .contains("save-names"));
    }
    // Where bash is, Tab in bash offers them.
    let script = ok_in(dir.path(), &["completions", "bash"]);
    let probe = format!(
        "source /dev/stdin\n\
         t() {{ COMP_WORDS=({bin} \"$@\"); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); COMPREPLY=();\n\
         _accc_with_saves \"${{COMP_WORDS[0]}}\" \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"; echo \"${{COMPREPLY[*]}}\"; }}\n\
         t show ''\nt show A\nt --saves-dir {there} show ''\nt show ALPHA ''\nt ''\n",
        bin = env!("CARGO_BIN_EXE_accc"),
        there = there.display()
    );
    let bash = std::process::Command::new("bash")
        .arg("-c")
        .arg(&probe)
        .env("ACCC_SAVES", &here)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        });
    match bash {
        Ok(out) => {
            let offered = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<&str> = offered.lines().collect();
            assert_eq!(lines.len(), 5, "{offered}");
            assert_eq!(lines[0], "ABLE ALPHA");
            assert_eq!(lines[1], "ABLE ALPHA");
            assert_eq!(lines[2], "OTHER");
            assert!(
                lines[3].contains("table") && !lines[3].contains("ALPHA"),
                "{offered}"
            );
            // The commands, and not the scripts' own question.
            assert!(
                lines[4].contains("show") && !lines[4].contains("save-names"),
                "{offered}"
            );
        }
        Err(_) => eprintln!("skipped: bash is not installed, so Tab was not asked"),
    }
}

/// An engine's refusal reaches a person in words: "the 4 of pads is not in that hand", not
/// `NotInHand(4 pads)`.
#[test]
fn engine_errors_are_said_in_words() {
    use accc::cards::Card;
    use accc::engine::{Choice, Decision, IllegalChoice};
    let four = Card::parse("4 pads").unwrap();
    let said = accc::live::ReplayError::Illegal(IllegalChoice::NotInHand(four)).to_string();
    assert_eq!(
        said,
        "a choice it holds is not allowed: the 4 of pads is not in that hand"
    );
    let not_now = IllegalChoice::NotExpected {
        expected: Some(Decision::Bowl),
        got: Choice::NoCard,
    };
    assert_eq!(
        not_now.to_string(),
        "the match asks for a card to bowl, not no card"
    );
    let op = accc::save::record::Op::Computer(Choice::Card(four));
    assert_eq!(
        accc::live::ReplayError::NotNow(op).to_string(),
        "it holds the computer's choice of the 4 of pads where that cannot be done"
    );
    // Through the command line: a ball log whose first discard is not in the hand.
    let dir = tempfile::tempdir().unwrap();
    let out = accc()
        .args(["match", "--seed", "3", "--log", "-"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let deal = lines.iter().find(|l| l["event"] == "deal").unwrap().clone();
    let at = lines.iter().position(|l| l["event"] == "discard").unwrap();
    let side = lines[at]["side"].as_str().unwrap().to_string();
    let hand: Vec<&str> = deal["hands"][&side]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let absent = (1..=11)
        .flat_map(|r| ["pads", "bats", "balls", "stumps", "gloves"].map(|s| format!("{r} {s}")))
        .find(|c| !hand.contains(&c.as_str()))
        .unwrap();
    lines[at]["card"] = serde_json::json!(absent);
    let doctored: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let log = dir.path().join("bad.jsonl");
    std::fs::write(&log, doctored).unwrap();
    let out = accc().args(["review", "--log"]).arg(&log).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(4), "{err}");
    let (rank, suit) = absent.split_once(' ').unwrap();
    assert!(
        err.contains(&format!("the {rank} of {suit} is not in that hand")),
        "{err}"
    );
    assert!(
        !err.contains("NotInHand") && !err.contains("NotExpected"),
        "{err}"
    );
}

#[test]
fn the_licence_is_there_as_cargo_toml_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"MIT\""));
    let licence = std::fs::read_to_string(root.join("LICENSE")).unwrap();
    assert!(licence.starts_with("MIT License\n"), "{licence}");
    assert!(licence.contains("Copyright (c) 2026 the ACCC authors"));
    assert!(licence.contains("Permission is hereby granted, free of charge"));
}

/// The README says how to install the program and that building it takes minutes.
#[test]
fn the_readme_says_how_to_install_and_how_long_it_takes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let setup = readme
        .split("## Set-up")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the README has a Set-up section");
    assert!(
        setup.contains("\ncargo install --path . --locked\n"),
        "{setup}"
    );
    assert!(setup.contains("The first build takes minutes"), "{setup}");
    assert!(
        setup.contains("~/.local/share/accc/saves") && setup.contains("--saves-dir saves"),
        "{setup}"
    );
}

/// CI (`.ci/run`) runs the command the README gives for the tests, and builds the API
/// documentation with rustdoc's warnings as errors, so that a doc comment with a broken link
/// (a key name such as `[Enter]` outside backticks reads as one) fails there.
#[test]
fn ci_runs_the_readme_s_test_command_and_the_doc_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    let ci_lines: Vec<&str> = ci.lines().map(str::trim).collect();
    let test_command = readme
        .lines()
        .find_map(|l| l.strip_suffix("# run the tests"))
        .map(str::trim)
        .expect("the README gives the command that runs the tests");
    assert!(
        ci_lines.contains(&test_command),
        "{test_command:?} not in .ci/run"
    );
    assert!(
        ci_lines.contains(&"RUSTDOCFLAGS=\"-D warnings\" cargo doc --no-deps --locked"),
        ".ci/run does not build the documentation with warnings as errors"
    );
}

/// `accc` with no saves folder given (no `--saves-dir`, no `ACCC_SAVES`: not the one
/// `.cargo/config.toml` gives `cargo run`), in `work`, its home `home`, and `XDG_DATA_HOME`
/// as `xdg` says.
#[cfg(target_os = "linux")]
fn as_installed(
    work: &Path,
    home: &Path,
    xdg: Option<&Path>,
    args: &[&str],
) -> std::process::Output {
    let mut c = accc();
    c.current_dir(work)
        .env_remove("ACCC_SAVES")
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME");
    if let Some(x) = xdg {
        c.env("XDG_DATA_HOME", x);
    }
    c.args(args).output().unwrap()
}

/// Saves go to the platform's data folder (`~/.local/share/accc/saves`, or
/// `$XDG_DATA_HOME/accc/saves`), wherever `accc` is started; `--help` says where.
#[cfg(target_os = "linux")]
#[test]
fn saves_go_to_the_data_folder_wherever_accc_is_started() {
    let dir = tempfile::tempdir().unwrap();
    let (work, home, xdg) = (
        dir.path().join("w"),
        dir.path().join("h"),
        dir.path().join("x"),
    );
    for d in [&work, &home] {
        std::fs::create_dir_all(d).unwrap();
    }
    let sim = [&["sim", "T", "--years", "1", "--seed", "1"][..], &SMALL].concat();
    let out = as_installed(&work, &home, None, &sim);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let kept = home.join(".local/share/accc/saves/T.acc");
    assert!(kept.is_file(), "the file is in the data folder");
    assert!(!work.join("saves").exists(), "nothing in ./saves");
    // Found from any folder.
    let out = as_installed(&home, &home, None, &["show", "T", "table"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = as_installed(&work, &home, Some(&xdg), &sim);
    assert!(out.status.success());
    assert!(xdg.join("accc/saves/T.acc").is_file());
    // The help says where, from the home folder.
    let help = as_installed(&work, &home, None, &["--help"]);
    let help = String::from_utf8(help.stdout).unwrap();
    let joined = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains("else ~/.local/share/accc/saves (this system's data folder for accc)"),
        "{help}"
    );
    // The variable and the option still win.
    let out = as_installed(
        &work,
        &home,
        None,
        &[
            &["sim", "V", "--years", "0", "--saves-dir", "mine"][..],
            &SMALL,
        ]
        .concat(),
    );
    assert!(out.status.success());
    assert!(work.join("mine/V.acc").is_file());
}

/// Files an earlier version left in `./saves` are told of, where a name finds no file and
/// where `sim` would make a new one of their name (it does not); they are never moved, and
/// `--saves-dir saves` opens them where they are.
#[cfg(target_os = "linux")]
#[test]
fn files_left_in_dot_saves_by_an_earlier_version_are_told_of_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (work, home) = (dir.path().join("w"), dir.path().join("h"));
    std::fs::create_dir_all(&home).unwrap();
    let old = [
        &[
            "sim",
            "OLD",
            "--years",
            "1",
            "--seed",
            "1",
            "--saves-dir",
            "saves",
        ][..],
        &SMALL,
    ]
    .concat();
    std::fs::create_dir_all(&work).unwrap();
    assert!(as_installed(&work, &home, None, &old).status.success());
    let file = work.join("saves/OLD.acc");
    let bytes = std::fs::read(&file).unwrap();
    let told = "an earlier version left a file in ./saves (OLD); it is kept there: give \
                --saves-dir saves to use it there, or move it (with its .bak and .jnl files) \
                to ~/.local/share/accc/saves";
    let out = as_installed(&work, &home, None, &["show", "old", "table"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains(&format!("An {}", &told[3..])), "{err}");
    let out = as_installed(
        &work,
        &home,
        None,
        &[&["sim", "OLD", "--years", "1"][..], &SMALL].concat(),
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("and no new OLD was made") && err.contains(told),
        "{err}"
    );
    assert!(!home.join(".local/share/accc/saves/OLD.acc").exists());
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "left as it was");
    let out = as_installed(
        &work,
        &home,
        None,
        &["show", "OLD", "table", "--saves-dir", "saves"],
    );
    assert!(out.status.success());
    // Another name is made as usual; with the folder named by the variable nothing is said.
    let out = as_installed(
        &work,
        &home,
        None,
        &[&["sim", "NEW", "--years", "0"][..], &SMALL].concat(),
    );
    assert!(out.status.success());
    let out = as_installed(&work, &home, None, &["show", "MISSING", "table"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("earlier version"), "{err}");
    let out = accc()
        .current_dir(&work)
        .env("ACCC_SAVES", home.join("elsewhere"))
        .args(["show", "OLD", "table"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("earlier version"), "{err}");
}
