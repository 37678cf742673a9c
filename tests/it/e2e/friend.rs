//! A host killed with SIGKILL mid-innings and started again on the same files: a friendly
//! (`accc host`, then `accc host --resume`) and a championship match with a friend (`[F]`,
//! then `accc` on the same file and `[F]` again). Each time a new `accc join --bot 5` joins
//! with the new code, over loopback, and the host's screen shows the same ball and scores;
//! the friendly then ends as the same match played without the kill.

use std::ffi::OsString;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use accc::ai::{Bot, Level};
use accc::engine::{MatchOptions, Player, Side};
use accc::live::LiveMatch;
use accc::save::record::Op;

use super::{play_until, rows, start_with, Screen};

fn args(list: &[&str], dir: &std::path::Path) -> Vec<OsString> {
    let mut a: Vec<OsString> = list.iter().map(Into::into).collect();
    a.push("--saves-dir".into());
    a.push(dir.into());
    a
}

/// The port and code a waiting host's screen gives the guest.
fn meeting(s: &Screen) -> (u16, String) {
    let text = s.text();
    let rest = text
        .split("THIS-MACHINE:")
        .nth(1)
        .unwrap_or_else(|| panic!("no port on the screen:\n{text}"));
    let mut words = rest.split_whitespace();
    let port = words.next().and_then(|p| p.parse().ok()).expect("a port");
    assert_eq!(words.next(), Some("--code"));
    (port, words.next().expect("a code").to_string())
}

/// A computer friend (level 5) joining over loopback, printing the result as JSON.
fn join_bot(port: u16, code: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_accc"))
        .args([
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            code,
            "--bot",
            "5",
            "--json",
            "--wait",
            "20",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn kill9(child: &mut Box<dyn portable_pty::Child + Send + Sync>) {
    let pid = child.process_id().expect("a running child");
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -KILL {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait().unwrap();
}

/// Plays on with `=` and [Enter] until the person is asked something in the third over or
/// later of an innings (well past its first ball).
fn into_the_innings(s: &mut Screen) {
    play_until(s, |i, text| {
        let overs = text
            .lines()
            .find(|l| l.contains("OVERS"))
            .and_then(|l| l.split('│').nth(3))
            .and_then(|o| o.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        overs >= 3.0 && i <= 2
    });
}

/// The scoreboard's rows and the person's hand, as the screen shows them.
fn scores(s: &Screen) -> Vec<String> {
    let all = rows(s);
    let kept: Vec<String> = all
        .iter()
        .filter(|l| l.contains("TOTAL") || l.contains("OVERS") || l.contains("hand:"))
        .cloned()
        .collect();
    assert!(kept.len() >= 3, "{all:?}");
    kept
}

/// Waits until the friend has joined and the match screen shows the person's question.
fn rejoined(s: &mut Screen) {
    s.wait_for("TOTAL");
    let deadline = Instant::now() + Duration::from_secs(60);
    while ![
        "Enter bowler's play",
        "Enter batsman's play",
        "Pick up to two cards",
    ]
    .iter()
    .any(|p| s.text().contains(p))
    {
        assert!(Instant::now() < deadline, "{}", s.text());
        s.pump(Duration::from_millis(50));
    }
    s.settle();
}

/// The result of the same friendly played through without a kill: the host's person
/// answering every question with `=` and passing every stop, a level-5 computer (seeded
/// as the guest's is) playing the friend's side.
fn uninterrupted(options: MatchOptions, seed: u64) -> String {
    let names = ["Lancashire", "Kent"].map(|n| {
        let c = accc::counties::get(accc::counties::find(n).unwrap());
        (c.name.clone(), c.short.clone())
    });
    let mut live = LiveMatch::with_friend(options, seed, names, Side::Home);
    let five = Level::new(5).unwrap();
    let mut friend = Bot::new(
        five,
        five,
        accc::net::host::guest_bot_seed(seed),
        Side::Away,
    );
    for _ in 0..100_000 {
        if live.state.is_over() {
            break;
        }
        if live.paused.is_some() {
            live.apply(Op::Resume).unwrap();
        } else if live.human_to_act().is_some() {
            let c = live.advice().unwrap();
            live.desk.advised = true;
            live.apply(Op::Choose(c)).unwrap();
        } else if live.friend_to_act().is_some() {
            let c = friend.act(&live.state.view());
            live.friend_chose(c).unwrap();
        } else {
            panic!("nobody to act");
        }
    }
    let names = live.names.clone();
    live.state
        .public()
        .result
        .as_ref()
        .expect("over")
        .describe(|s| names[s.index()].clone())
}

#[test]
fn a_friendly_host_killed_mid_innings_resumes_on_the_same_ball_and_ends_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let host_args = |extra: &[&str]| {
        let mut a = vec!["host", "--listen", "127.0.0.1", "--port", "0"];
        a.extend_from_slice(extra);
        args(&a, dir.path())
    };
    let (mut s, mut host) = start_with(&host_args(&[
        "--home",
        "Lancashire",
        "--away",
        "Kent",
        "--batsmen",
        "4",
        "--days",
        "1",
        "--seed",
        "77",
    ]));
    s.wait_for("Waiting for Kent to join");
    let (port, code) = meeting(&s);
    let before = kill_mid_innings(&mut s, &mut host, port, &code);
    assert!(dir.path().join("friendly-match.acf").exists());
    assert!(dir.path().join("friendly-match.jnl").exists());

    // Started again: the same ball, with a new code (none given: a new one drawn).
    let (mut s, mut host) = start_with(&host_args(&["--resume"]));
    s.wait_for("Waiting for Kent to join");
    let (port, new_code) = meeting(&s);
    assert_ne!(new_code, code);
    let friend = join_bot(port, &new_code);
    rejoined(&mut s);
    assert_eq!(scores(&s), before, "the same ball after the kill");

    // Played to its end: the same result as the match played through, and nothing kept.
    play_until(&mut s, |i, _| i == 6);
    let out = friend.wait_with_output().unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let options = MatchOptions {
        batsmen: 4,
        days: 1,
        ..MatchOptions::default()
    };
    assert_eq!(
        json["result"],
        uninterrupted(options, 77).as_str(),
        "{json}"
    );
    s.send("\r");
    s.wait_for("Final scoreboard");
    s.send("\r");
    assert!(host.wait().unwrap().success());
    assert!(!dir.path().join("friendly-match.acf").exists());
    assert!(!dir.path().join("friendly-match.jnl").exists());
}

#[test]
fn a_championship_match_with_a_friend_killed_mid_innings_resumes_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, mut host) = super::start(dir.path());
    super::new_file_to_surreys_turn(&mut s, "FKILLED");
    // [F]: any free port.
    let meet = |s: &mut Screen| {
        s.send("f");
        s.wait_for("Port to listen on");
        s.send("\x7f\x7f\x7f\x7f0\r");
        s.wait_for("to join...");
        meeting(s)
    };
    let (port, code) = meet(&mut s);
    let before = kill_mid_innings(&mut s, &mut host, port, &code);
    assert!(dir.path().join("FKILLED.jnl").exists());

    // The same file again: [F] takes the match up on the same ball with a new code.
    let (mut s, mut host) = super::start(dir.path());
    s.wait_for("Enter a file name");
    s.send("FKILLED\r");
    s.wait_for("Resume it with a friend");
    let (port, new_code) = meet(&mut s);
    assert_ne!(new_code, code);
    let mut friend = join_bot(port, &new_code);
    rejoined(&mut s);
    assert_eq!(scores(&s), before, "the same ball after the kill");
    let _ = friend.kill();
    friend.wait().unwrap();
    let _ = host.kill();
    host.wait().unwrap();
}

/// A friend (a computer, `--bot`) joins on `port` with `code`, play goes into the innings,
/// and the host and then the friend are killed: the scores as they stood.
fn kill_mid_innings(
    s: &mut Screen,
    host: &mut Box<dyn portable_pty::Child + Send + Sync>,
    port: u16,
    code: &str,
) -> Vec<String> {
    let mut friend = join_bot(port, code);
    into_the_innings(s);
    let before = scores(s);
    kill9(host);
    let _ = friend.kill();
    friend.wait().unwrap();
    before
}
