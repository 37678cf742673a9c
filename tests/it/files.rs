//! Files and streams under stress, through the real binary: two programs writing one save,
//! output to a closed pipe or a full device for every command that prints, odd files given
//! as saves or logs, writes that fail part-way, and save files with impossible numbers under
//! a valid checksum.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::helpers::accc;

/// The smallest competition options: a season takes a few milliseconds.
const SMALL: [&str; 6] = ["--batsmen", "2", "--packs-per-session", "1", "--days", "1"];

fn sim(dir: &Path, name: &str, years: u32) -> Command {
    let mut c = accc();
    c.args([
        "sim",
        name,
        "--years",
        &years.to_string(),
        "--seed",
        "7",
        "--json",
    ])
    .args(SMALL)
    .arg("--saves-dir")
    .arg(dir);
    c
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The last season saved in `dir/NAME.acc`, by `accc export`.
fn last_year(dir: &Path, name: &str) -> Option<u64> {
    let out = accc()
        .args(["export", name, "--saves-dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["seasons"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["complete"].as_bool().unwrap_or(true))
        .filter_map(|s| s["year"].as_u64())
        .max()
}

#[test]
fn two_writers_on_one_file_never_lose_an_update_and_the_loser_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let out = sim(dir.path(), "R", 0).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let mut expected = 1889u64;
    let (mut refused, mut both) = (0, 0);
    for round in 0..12 {
        let (a, b) = (2, 1);
        let first = sim(dir.path(), "R", a)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if round % 3 == 1 {
            std::thread::sleep(std::time::Duration::from_millis(5 * round as u64));
        }
        let second = sim(dir.path(), "R", b).output().unwrap();
        let first = first.wait_with_output().unwrap();
        let mut ok = 0;
        for (out, years) in [(&first, a), (&second, b)] {
            let (stdout, stderr) = text(out);
            if out.status.success() {
                ok += 1;
                expected += years as u64;
                let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
                assert_eq!(v["years"], years, "{stdout}");
            } else {
                refused += 1;
                assert_eq!(out.status.code(), Some(6), "{stderr}");
                assert!(
                    stderr.contains("R.acc is open in another accc (process"),
                    "{stderr}"
                );
            }
        }
        both += (ok == 2) as u32;
        assert!(ok >= 1, "one of the two always gets the file");
        assert_eq!(
            last_year(dir.path(), "R"),
            Some(expected),
            "round {round}: every season a program said it saved is in the file"
        );
    }
    // The rounds should have met in both ways; the count is printed to see how they went.
    eprintln!("{refused} refusals, {both} rounds where both ran in turn");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(
        leftovers.is_empty(),
        "no temporary or lock file is left: {leftovers:?}"
    );
}

/// Every command that prints, with a small file to print from.
fn printing_commands(dir: &Path) -> Vec<Vec<String>> {
    let out = sim(dir, "P", 2).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let d = dir.to_str().unwrap();
    let mut cmds: Vec<Vec<&str>> = vec![
        vec!["match", "--seed", "1"],
        vec!["match", "--seed", "1", "--json"],
        vec![
            "duel",
            "--a",
            "1",
            "--b",
            "2",
            "--matches",
            "2",
            "--seed",
            "1",
        ],
        vec![
            "duel",
            "--a",
            "1",
            "--b",
            "2",
            "--matches",
            "2",
            "--seed",
            "1",
            "--json",
        ],
        vec!["sim", "Q", "--years", "0", "--seed", "1", "--saves-dir", d],
        vec!["sim", "P", "--years", "1", "--saves-dir", d],
        vec!["export", "P", "--saves-dir", d],
        vec!["match", "--seed", "1", "--log", "-"],
        vec!["almanack", "P", "--out", "-", "--saves-dir", d],
        vec!["completions", "bash"],
        vec!["charts", "session", "list", "--saves-dir", d],
        vec!["charts", "list"],
        vec!["charts", "show", "paydirt-vii"],
        vec!["help"],
        vec!["--version"],
    ];
    for view in [
        "table",
        "averages",
        "results",
        "records",
        "honours",
        "positions",
        "alltime",
        "alltime-averages",
    ] {
        let mut c = vec!["show", "P", view, "--saves-dir", d];
        if matches!(view, "results" | "records") {
            c.extend(["--county", "Surrey"]);
        }
        cmds.push(c);
    }
    cmds.into_iter()
        .map(|c| c.into_iter().map(String::from).collect())
        .collect()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let mut child = accc()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = text(&out).1;
        assert!(
            out.status.success() && err.is_empty(),
            "{args:?}: exit {:?}: {err}",
            out.status.code()
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_output_device_is_a_clear_message_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = accc().args(&args).stdout(full).output().unwrap();
        let err = text(&out).1;
        assert_eq!(out.status.code(), Some(5), "{args:?}: {err}");
        assert!(
            err.starts_with("accc: writing to stdout: the disk is full") && !err.contains("panic"),
            "{args:?}: {err}"
        );
    }
}

/// The shell's command line with its stdout closed (`accc ARGS >&-`).
fn with_stdout_closed(args: &[String]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(r#""$0" "$@" >&-"#)
        .arg(env!("CARGO_BIN_EXE_accc"))
        .args(args);
    c
}

/// A stdout closed before the program began (`>&-`) is a write that failed, exit 5 and said,
/// as a full disk is; the Rust runtime puts `/dev/null` in its place, which would make every
/// command end in success with nothing written.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdout_is_a_failure_to_write_not_a_success() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let out = with_stdout_closed(&args).output().unwrap();
        let err = text(&out).1;
        assert_eq!(out.status.code(), Some(5), "{args:?}: {err}");
        assert!(
            err.starts_with("accc: writing to stdout: it was closed when the program began")
                && !err.contains("panic"),
            "{args:?}: {err}"
        );
    }
    // What was done all the same is said: the seasons saved, the ball log written.
    let out = with_stdout_closed(
        &sim(dir.path(), "P", 1)
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>(),
    )
    .output()
    .unwrap();
    assert_eq!(
        text(&out).1,
        format!(
            "accc: writing to stdout: it was closed when the program began; the 1893 season \
             was simulated and saved in {}\n",
            dir.path().join("P.acc").display()
        )
    );
    assert_eq!(last_year(dir.path(), "P"), Some(1893), "saved indeed");
    let log = dir.path().join("m.jsonl");
    let args = ["match", "--seed", "1", "--log", log.to_str().unwrap()].map(String::from);
    let out = with_stdout_closed(&args).output().unwrap();
    assert_eq!(
        text(&out).1,
        format!(
            "accc: writing to stdout: it was closed when the program began; the ball log was \
             written to {}\n",
            log.display()
        )
    );
    assert!(std::fs::read_to_string(&log).unwrap().ends_with("\n"));
    // A stdout open on nothing is still written to without complaint.
    let out = accc()
        .args(["export", "P", "--saves-dir"])
        .arg(dir.path())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
}

/// `sim` whose report cannot be written has still played and saved its seasons: the message
/// says so (the README: on a full disk "the message says what was saved").
#[test]
fn a_sim_whose_report_cannot_be_written_says_what_it_saved() {
    let dir = tempfile::tempdir().unwrap();
    let out = sim(dir.path(), "P", 2).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let path = dir.path().join("P.acc");
    for (years, json, said, last) in [
        ("1", false, "the 1892 season was", 1892),
        ("3", true, "the seasons 1893-1895 were", 1895),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut c = accc();
        c.args(["sim", "P", "--years", years, "--saves-dir"])
            .arg(dir.path());
        if json {
            c.arg("--json");
        }
        let out = c.stdout(full).output().unwrap();
        let err = text(&out).1;
        assert_eq!(out.status.code(), Some(5), "{err}");
        assert_eq!(
            err,
            format!(
                "accc: writing to stdout: the disk is full; {said} simulated and saved in {}\n",
                path.display()
            )
        );
        assert_eq!(last_year(dir.path(), "P"), Some(last), "saved indeed");
    }
}

#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_given_as_a_save_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("F.acc");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("Z.acc")).unwrap();
    for (name, what) in [("F", "a named pipe"), ("Z", "a device")] {
        for args in [
            vec!["show", name, "table"],
            vec!["export", name],
            vec!["sim", name, "--years", "1"],
        ] {
            let mut child = accc()
                .args(&args)
                .arg("--saves-dir")
                .arg(dir.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // A hang would be a failure: give it ten seconds at most.
            let start = std::time::Instant::now();
            while child.try_wait().unwrap().is_none() {
                if start.elapsed().as_secs() > 10 {
                    child.kill().unwrap();
                    panic!("{args:?} hung on {what}");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let out = child.wait_with_output().unwrap();
            let err = text(&out).1;
            assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "{name}.acc is {what}, not a file this program can use"
                )),
                "{args:?}: {err}"
            );
        }
    }
}

/// Runs `accc ARGS` with writes limited to `blocks` of 512 bytes, as a full disk would stop
/// them (the signal such a write raises is ignored, so the write fails instead).
#[cfg(unix)]
fn with_small_disk(blocks: u32, args: &[&str]) -> Output {
    let mut script = format!(
        "trap '' XFSZ; ulimit -f {blocks}; exec \"{}\"",
        env!("CARGO_BIN_EXE_accc")
    );
    for a in args {
        script.push_str(&format!(" '{a}'"));
    }
    Command::new("sh").args(["-c", &script]).output().unwrap()
}

#[cfg(unix)]
#[test]
fn a_log_that_cannot_be_written_leaves_the_earlier_log_whole() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("game.jsonl");
    let log_s = log.to_str().unwrap();
    let out = accc()
        .args(["match", "--seed", "3", "--log", log_s])
        .output()
        .unwrap();
    assert!(out.status.success());
    let before = std::fs::read(&log).unwrap();
    let out = with_small_disk(2, &["match", "--seed", "4", "--log", log_s]);
    let err = text(&out).1;
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains(
            "the ball log of the match (seed 4) could not be written; the earlier file there is \
             left as it was"
        ),
        "{err}"
    );
    // Where there was none, none is spoken of.
    let new = dir.path().join("new.jsonl");
    let out = with_small_disk(2, &["match", "--seed", "4", "--log", new.to_str().unwrap()]);
    let err = text(&out).1;
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        err.contains("the ball log of the match (seed 4) could not be written; no file was made")
            && !err.contains("earlier"),
        "{err}"
    );
    assert!(!new.exists());
    assert_eq!(
        std::fs::read(&log).unwrap(),
        before,
        "the earlier log is whole"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left");
    // Only a regular file is written as a log.
    let out = accc()
        .args(["match", "--seed", "4", "--log"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "a file that cannot be used");
    assert!(text(&out).1.contains(
        "is a folder, not a file this program can use: give the log a file name (or --log -"
    ));
    let out = accc()
        .args(["match", "--seed", "4", "--json", "--log", "-"])
        .output()
        .unwrap();
    let first: serde_json::Value =
        serde_json::from_str(text(&out).0.lines().next().unwrap()).unwrap();
    assert_eq!(first["event"], "match", "the log goes to stdout");
}

#[cfg(unix)]
#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn a_save_that_fails_part_way_says_what_the_file_still_holds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let small: Vec<&str> = SMALL.to_vec();
    let mut args = vec![
        "sim",
        "FULL",
        "--years",
        "0",
        "--seed",
        "2",
        "--saves-dir",
        d,
    ];
    args.extend(&small);
    let out = accc().args(&args).output().unwrap();
    assert!(out.status.success());
    let size = std::fs::metadata(dir.path().join("FULL.acc"))
        .unwrap()
        .len();
    // Room for the file as it is and a little more: a few seasons on, a save no longer fits.
    let blocks = (size / 512 + 40) as u32;
    let out = with_small_disk(blocks, &["sim", "FULL", "--years", "30", "--saves-dir", d]);
    let err = text(&out).1;
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(
        !err.contains("is over") && !err.contains(".FULL.acc."),
        "no word of the competition being over, nor of a temporary file: {err}"
    );
    assert!(
        err.contains("FULL.acc still holds the competition as last saved")
            && err.contains("were not saved"),
        "{err}"
    );
    // What it says it holds, it holds.
    let held = last_year(dir.path(), "FULL");
    match held {
        Some(y) => assert!(err.contains(&format!("through {y}")), "{err}"),
        None => assert!(err.contains("before any season"), "{err}"),
    }
}

/// `accc sim` (run in this process, so that its folder flushes can be made to fail) whose
/// save is in place but whose folder could not be flushed says the truth: the file is made,
/// or holds every season simulated, only the disk may not have it yet (exit 5, as for any
/// write the system refused), not that the file was not made or that the seasons simulated
/// were not saved, which would send the person to simulate them again.
#[test]
fn a_sim_whose_folder_flush_fails_says_the_file_is_saved() {
    use accc::store::atomic::FailingFolderFlushes;
    use clap::Parser;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let sim_here = |args: &[&str]| {
        let cli = accc::cli::Cli::try_parse_from(
            [&["accc", "sim"][..], args, &["--saves-dir", d], &SMALL[..]].concat(),
        )
        .unwrap();
        let saves = cli.saves();
        let Some(accc::cli::Command::Sim(args)) = cli.command else {
            panic!("sim");
        };
        let failing = FailingFolderFlushes::begin();
        let e = accc::cli::league::run_sim(args, &saves).unwrap_err();
        drop(failing);
        (e.to_string(), e.exit_code())
    };
    let (made, code) = sim_here(&["NEW", "--years", "3", "--seed", "7"]);
    assert_eq!(code, 5, "{made}");
    assert!(
        made.contains("flushing its folder")
            && made.ends_with(
                "NEW was made, but the disk may not have it yet; no season was simulated"
            ),
        "{made}"
    );
    assert_eq!(last_year(dir.path(), "NEW"), None, "made, with no season");
    let (played, code) = sim_here(&["NEW", "--years", "2"]);
    assert_eq!(code, 5, "{played}");
    let held = last_year(dir.path(), "NEW").expect("the seasons are in the file");
    assert!(
        played.contains(&format!(
            "NEW.acc is saved with every season simulated here, through {held}, but the disk \
             may not have it yet"
        )) && !played.contains("not saved")
            && !played.contains("still holds"),
        "{played}"
    );
    // The file is whole and goes on as ever.
    let out = sim(dir.path(), "NEW", 1).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(last_year(dir.path(), "NEW"), Some(held + 1));
}

/// `accc match --log FILE` and `accc almanack --out FILE` (run in this process, their folder
/// flushes made to fail) whose file is in place but whose folder could not be flushed say the
/// file is written, only the disk may not have it yet (exit 5); the log is whole. They had
/// said the file could not be written.
#[test]
fn a_log_or_almanack_whose_folder_flush_fails_says_the_file_is_written() {
    use accc::store::atomic::FailingFolderFlushes;
    use clap::Parser;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let log = dir.path().join("m.jsonl");
    let cli = accc::cli::Cli::try_parse_from(
        [
            &[
                "accc",
                "match",
                "--seed",
                "3",
                "--log",
                log.to_str().unwrap(),
            ][..],
            &SMALL[..],
        ]
        .concat(),
    )
    .unwrap();
    let Some(accc::cli::Command::Match(args)) = cli.command else {
        panic!("match");
    };
    let failing = FailingFolderFlushes::begin();
    let e = accc::cli::match_cmd::run(args).unwrap_err();
    drop(failing);
    let told = e.to_string();
    assert_eq!(e.exit_code(), 5, "{told}");
    assert!(
        told.contains("flushing its folder")
            && told.ends_with(
                "the ball log of the match (seed 3) is written, but the disk may not have it yet"
            )
            && !told.contains("could not be written"),
        "{told}"
    );
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.ends_with('\n') && written.contains("\"event\":\"result\""));

    let out = sim(dir.path(), "ALM", 1).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let page = dir.path().join("alm.html");
    let cli = accc::cli::Cli::try_parse_from([
        "accc",
        "almanack",
        "ALM",
        "--out",
        page.to_str().unwrap(),
        "--saves-dir",
        d,
    ])
    .unwrap();
    let saves = cli.saves();
    let Some(accc::cli::Command::Almanack(args)) = cli.command else {
        panic!("almanack");
    };
    let failing = FailingFolderFlushes::begin();
    let e = accc::cli::almanack::run(args, &saves).unwrap_err();
    drop(failing);
    let told = e.to_string();
    assert_eq!(e.exit_code(), 5, "{told}");
    assert!(
        told.ends_with("the almanack is written, but the disk may not have it yet"),
        "{told}"
    );
    assert!(std::fs::read_to_string(&page).unwrap().contains("</html>"));
}

#[test]
fn the_terminal_program_holds_its_file_and_is_refused_one_held_elsewhere() {
    use accc::tui::app::{App, Phase, Start};
    let dir = tempfile::tempdir().unwrap();
    let out = sim(dir.path(), "HELD", 0).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let first = App::new(dir.path().to_path_buf(), Some("held".into()));
    assert!(first.open_file().is_some());
    // While it is open, sim is refused and told who has it ...
    let out = sim(dir.path(), "HELD", 1).output().unwrap();
    assert_eq!(out.status.code(), Some(6));
    assert!(text(&out)
        .1
        .contains("HELD.acc is open in another accc (process"));
    // ... and so is a second terminal program, at the name prompt.
    let second = App::new(dir.path().to_path_buf(), Some("held".into()));
    match &second.phase {
        Phase::Start(Start::FileName { error: Some(e), .. }) => {
            assert!(e.contains("HELD.acc is open in another accc"), "{e}")
        }
        _ => panic!("the second program should be back at the name prompt"),
    }
    drop(first);
    let out = sim(dir.path(), "HELD", 1).output().unwrap();
    assert!(out.status.success(), "free once the program has quit");
}

#[test]
fn a_damaged_length_is_called_damaged_and_a_short_file_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["LEN", "CUT"] {
        let out = sim(dir.path(), name, 2).output().unwrap();
        assert!(out.status.success(), "{}", text(&out).1);
    }
    // The length's top two bytes overwritten: a length no save has.
    let len = dir.path().join("LEN.acc");
    let mut bytes = std::fs::read(&len).unwrap();
    bytes[14..16].copy_from_slice(b"\xff\xff");
    std::fs::write(&len, &bytes).unwrap();
    // A file really cut short.
    let cut = dir.path().join("CUT.acc");
    let whole = std::fs::read(&cut).unwrap();
    std::fs::write(&cut, &whole[..whole.len() - 100]).unwrap();
    let said = |name: &str| {
        let out = accc()
            .args(["show", name, "table", "--saves-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(!out.status.success());
        text(&out).1
    };
    let err = said("LEN");
    assert!(
        err.contains("LEN.acc is corrupt: the length in its header is damaged")
            && !err.contains("cut short"),
        "{err}"
    );
    let err = said("CUT");
    assert!(
        err.contains(&format!(
            "CUT.acc is cut short: only {} of its {} bytes are there",
            whole.len() - 100,
            whole.len()
        )),
        "{err}"
    );
    assert_eq!(std::fs::read(&len).unwrap(), bytes, "nothing is changed");
}

#[test]
fn the_terminal_program_without_a_terminal_says_so_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for args in [&["play", "NOPE"][..], &[][..]] {
        let out = accc()
            .args(args)
            .arg("--saves-dir")
            .arg(dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "a usage error: {stderr}");
        assert!(stdout.is_empty(), "no escape codes written: {stdout:?}");
        assert!(
            stderr.contains("needs a terminal of at least 80x25")
                && stderr.contains("accc sim")
                && stderr.lines().count() == 1,
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A save (or table session) that is a symlink to nothing - its drive not attached, say - is
/// not a regular file: every command refuses it as one (exit 4), naming where it points, and
/// none takes it for a missing file and makes a new one in its place.
#[cfg(unix)]
#[test]
fn a_symlink_to_nothing_is_refused_by_every_command_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("unmounted").join("SURREY.acc");
    let link = dir.path().join("DANG.acc");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let charts = dir.path().join("charts");
    std::fs::create_dir(&charts).unwrap();
    let table_target = dir.path().join("unmounted").join("dd.table");
    let table = charts.join("dd.table");
    std::os::unix::fs::symlink(&table_target, &table).unwrap();
    let said = format!("is a link to {}, which is not there", target.display());
    let table_said = format!(
        "is a link to {}, which is not there",
        table_target.display()
    );
    refused_by_every_command(dir.path(), ("DANG", &said), ("dd", &table_said));
    refused_as_unusable(
        dir.path(),
        &["charts", "session", "undo", "dd"],
        &table_said,
    );
    for (l, t) in [(&link, &target), (&table, &table_target)] {
        assert_eq!(&std::fs::read_link(l).unwrap(), t, "the link is kept");
    }
    assert!(
        !dir.path().join("unmounted").exists(),
        "nothing made for it"
    );
    assert!(!dir.path().join("DANG.bak").exists());
}

/// A folder in a file's place is a file that cannot be used (exit 4), a save's place or a
/// table session's alike: the same fault, so the same exit code.
#[test]
fn a_folder_in_a_files_place_is_exit_4_for_saves_and_sessions_alike() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("DIR.acc")).unwrap();
    std::fs::create_dir_all(dir.path().join("charts").join("dd.table")).unwrap();
    for args in [
        vec!["show", "DIR", "table"],
        vec!["sim", "DIR", "--years", "1"],
        vec!["charts", "session", "show", "dd"],
        vec!["charts", "session", "set", "dd", "down", "2"],
        vec!["charts", "session", "undo", "dd"],
    ] {
        refused_as_unusable(
            dir.path(),
            &args,
            "is a folder, not a file this program can use",
        );
    }
}

/// A symlink that leads round in a loop, at a save's or a table session's place, is a file
/// that cannot be used (exit 4, README), named with where it points, and left as it is; not a
/// failed read (exit 5), since no read of it can succeed.
#[cfg(unix)]
#[test]
fn a_symlink_loop_is_refused_by_every_command_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("LOOP.acc");
    std::os::unix::fs::symlink(&link, &link).unwrap();
    let charts = dir.path().join("charts");
    std::fs::create_dir(&charts).unwrap();
    let table = charts.join("ll.table");
    std::os::unix::fs::symlink(&table, &table).unwrap();
    let said = format!(
        "LOOP.acc is a link to {}, which leads round in a loop",
        link.display()
    );
    let table_said = format!(
        "ll.table is a link to {}, which leads round in a loop",
        table.display()
    );
    refused_by_every_command(dir.path(), ("LOOP", &said), ("ll", &table_said));
    for l in [&link, &table] {
        assert_eq!(&std::fs::read_link(l).unwrap(), l, "the link is kept");
    }
    assert!(!dir.path().join("LOOP.bak").exists());
}

/// What `almanack --out` (a folder aside: its pages go there) or `match --log` names that is
/// not a regular file (a folder, a
/// symlink to nothing or round in a loop, a named pipe) is a file that cannot be used: exit 4
/// (not 2: nothing in the command line is wrong), the file named with what it is, and left
/// as it is (never replaced by the pages or the log).
#[cfg(unix)]
#[test]
fn an_out_or_log_that_is_not_a_regular_file_is_exit_4_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = sim(d, "P", 1).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let folder = d.join("folder");
    std::fs::create_dir(&folder).unwrap();
    let dangling = d.join("dangling");
    std::os::unix::fs::symlink(d.join("gone").join("x"), &dangling).unwrap();
    let looped = d.join("looped");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let fifo = d.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for (path, what) in [
        (
            &folder,
            "is a folder, not a file this program can use".to_string(),
        ),
        (
            &dangling,
            format!(
                "is a link to {}, which is not there",
                d.join("gone").join("x").display()
            ),
        ),
        (
            &looped,
            format!(
                "is a link to {}, which leads round in a loop",
                looped.display()
            ),
        ),
        (
            &fifo,
            "is a named pipe, not a file this program can use".to_string(),
        ),
    ] {
        let p = path.to_str().unwrap();
        // A folder is where the almanack's pages go (tests/it/almanack.rs: one holding other
        // files is refused, exit 4).
        if path != &folder {
            refused_as_unusable(
                d,
                &["almanack", "P", "--out", p],
                &format!("the almanack {p} {what}"),
            );
        }
        refused_as_unusable(
            d,
            &["match", "--seed", "1", "--log", p],
            &format!("{p} {what}"),
        );
    }
    assert!(folder.is_dir() && std::fs::read_dir(&folder).unwrap().count() == 0);
    assert_eq!(
        std::fs::read_link(&looped).unwrap(),
        looped,
        "the loop is kept"
    );
    assert!(std::fs::read_link(&dangling).is_ok() && !d.join("gone").exists());
}

/// A regular file that a command would write over and that is not its own kind (notes where
/// `match --log` or `almanack --out` points, or at the almanack's own `NAME.html`) is a file
/// that cannot be used, as a folder there is: exit 4 (not 2, a usage error: nothing in the
/// command line is wrong), the file named, nothing printed, and the file untouched.
/// Every command that takes a path to write agrees.
#[test]
fn an_out_or_log_that_is_another_kind_of_file_is_exit_4_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = sim(d, "P", 1).output().unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    let notes = d.join("notes.txt");
    let page = d.join("P.html");
    for f in [&notes, &page] {
        std::fs::write(f, "my own notes\n").unwrap();
    }
    let names = || {
        let mut names: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let before = names();
    let n = notes.to_str().unwrap();
    for (args, said) in [
        (
            vec!["match", "--seed", "1", "--log", n],
            format!("{n} exists and is not a ball log: it was left alone"),
        ),
        (
            vec!["almanack", "P", "--out", n],
            format!("{n} exists and is not an almanack: it was left alone"),
        ),
        (
            vec!["almanack", "P"],
            "P.html exists and is not an almanack: it was left alone".to_string(),
        ),
    ] {
        let out = accc()
            .env("ACCC_SAVES", d)
            .current_dir(d)
            .args(&args)
            .output()
            .unwrap();
        let err = text(&out).1;
        assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
        assert!(err.contains(&said), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    for f in [&notes, &page] {
        assert_eq!(std::fs::read_to_string(f).unwrap(), "my own notes\n");
    }
    assert_eq!(names(), before, "nothing else was made");
}

/// Every command that reads or writes the save `save.0` (show, export, almanack, review, sim
/// of a season and of none) or the table session `session.0` (show, new, set) refuses it as
/// a file that cannot be used, saying `save.1` or `session.1`.
fn refused_by_every_command(
    saves: &std::path::Path,
    (save, said): (&str, &str),
    (session, session_said): (&str, &str),
) {
    for (args, said) in [
        (vec!["show", save, "table"], said),
        (vec!["export", save], said),
        (vec!["almanack", save, "--out", "-"], said),
        (vec!["review", save], said),
        (vec!["sim", save, "--years", "1", "--seed", "3"], said),
        (vec!["sim", save, "--years", "0"], said),
        (vec!["charts", "session", "show", session], session_said),
        (
            vec!["charts", "session", "new", session, "paydirt-vii"],
            session_said,
        ),
        (
            vec!["charts", "session", "set", session, "down", "2"],
            session_said,
        ),
    ] {
        refused_as_unusable(saves, &args, said);
    }
}

/// `args`, run with the saves in `saves`, are refused as a file that cannot be used (exit 4),
/// with `said` in the message and nothing on standard output.
fn refused_as_unusable(saves: &std::path::Path, args: &[&str], said: &str) {
    let out = accc().env("ACCC_SAVES", saves).args(args).output().unwrap();
    let err = text(&out).1;
    assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
    assert!(err.contains(said), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}
