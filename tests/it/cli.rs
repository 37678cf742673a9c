//! Command-line behaviour shared by every command.

use std::process::Stdio;

use crate::helpers::accc;

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
            "invalid value 'abc' for '--years <YEARS>'",
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
    let run = |args: &[&str]| {
        accc()
            .env("ACCC_SAVES", "")
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
    assert!(
        dir.path().join("saves").join("BLANK.acc").is_file(),
        "the file went into ./saves"
    );
}
