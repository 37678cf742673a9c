//! Helpers shared by the integration tests: the binary, option sets, and the replayer.

use std::process::Command;

use accc::ball_log::BallLog;
use accc::engine::MatchOptions;

/// A `Command` for the built `accc` binary.
pub fn accc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_accc"))
}

/// Runs `accc ARGS --saves-dir DIR` in `dir` (the environment's saves folder ignored).
pub fn run_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    accc()
        .args(args)
        .arg("--saves-dir")
        .arg(dir)
        .env_remove("ACCC_SAVES")
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// The standard output of `accc ARGS` run in `dir`, which must succeed.
pub fn ok_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = run_in(dir, args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Every combination of the extras rules with a spread of batsmen, packs and days.
pub fn all_option_sets() -> Vec<MatchOptions> {
    let mut sets = Vec::new();
    for rules in 0..8u8 {
        for batsmen in [2, 4, 11] {
            for (packs_per_session, days) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
                sets.push(MatchOptions {
                    no_balls: rules & 1 != 0,
                    wides: rules & 2 != 0,
                    byes: rules & 4 != 0,
                    batsmen,
                    packs_per_session,
                    days,
                });
            }
        }
    }
    sets
}

/// Replays a ball log from its deal, its packs and the choices it records
/// (`ball_log::read::replay`), and returns the log the replay writes: it must equal the
/// original, byte for byte.
pub fn replay(text: &str) -> String {
    let m = accc::ball_log::read::header(text).expect("a ball log");
    let mut log = BallLog::new(&m.home, &m.away, m.seed, &m.options);
    accc::ball_log::read::replay(text, &mut log, |_, _| {}).expect("the log replays");
    log.text()
}

/// A drawn screen as text, one line per row, trailing spaces trimmed.
pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A check that cannot run on this machine (a program or the source documents missing): said
/// on the test output itself, past the harness's capture, so a passing run names what it did
/// not check. Under CI (`CI=true`), where `.ci/run` installs every program the checks use and
/// the source documents lie beside the clone, it fails instead: there, a check that does not
/// run is a fault.
pub fn cannot_check(what: &str, why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{what} must run under CI, but {why}");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {what}: {why}");
}
