//! End to end: the real binary in a pseudo-terminal, read through a vt100 screen parser, as a
//! new user would meet it: create a file (4 batsmen, extras off, levels 1/1), pick a county,
//! play one whole match of its own with `=`, look at the table, quit, and find the terminal
//! restored; the terminal restored when the program is killed; and a match killed with
//! SIGKILL mid-innings found again, on the same screen, when the program is started again.

use std::io::{Read, Write};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, CommandBuilder, PtySize};

mod friend;

struct Screen {
    parser: vt100::Parser,
    bytes: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
}

impl Screen {
    fn pump(&mut self, wait: Duration) {
        if let Ok(b) = self.bytes.recv_timeout(wait) {
            self.parser.process(&b);
            while let Ok(b) = self.bytes.try_recv() {
                self.parser.process(&b);
            }
        }
    }

    fn text(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen shows `what`.
    fn wait_for(&mut self, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.text().contains(what) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what:?}; the screen:\n{}",
                self.text()
            );
            self.pump(Duration::from_millis(50));
        }
    }

    /// Waits until any of `options` shows; returns its index.
    fn wait_any(&mut self, options: &[&str]) -> usize {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = self.text();
            if let Some(i) = options.iter().position(|o| text.contains(o)) {
                return i;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {options:?}; the screen:\n{text}"
            );
            self.pump(Duration::from_millis(50));
        }
    }

    /// Types `keys`, then waits for the program to answer: until its screen changes (at most
    /// two seconds: a key may be ignored) and the new frame has finished arriving. Reading the
    /// screen sooner could find the one the keys answered, still showing, and answer it twice:
    /// on a busy machine the redraw can take longer than any fixed pause.
    fn send(&mut self, keys: &str) {
        let before = self.text();
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        let deadline = Instant::now() + Duration::from_secs(2);
        while self.text() == before && Instant::now() < deadline {
            self.pump(Duration::from_millis(20));
        }
        self.settle();
    }

    /// Takes in output until none has come for a moment (a frame can arrive in pieces).
    fn settle(&mut self) {
        while let Ok(b) = self.bytes.recv_timeout(Duration::from_millis(15)) {
            self.parser.process(&b);
        }
    }
}

/// The program in an 80x25 pseudo-terminal on the saves folder `dir`.
fn start(dir: &std::path::Path) -> (Screen, Box<dyn portable_pty::Child + Send + Sync>) {
    let mut args: Vec<std::ffi::OsString> = ["play", "--seed", "2024", "--saves-dir"]
        .map(Into::into)
        .to_vec();
    args.push(dir.into());
    start_with(&args)
}

/// The program with `args`, in an 80x25 pseudo-terminal.
fn start_with(args: &[std::ffi::OsString]) -> (Screen, Box<dyn portable_pty::Child + Send + Sync>) {
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
    cmd.env("TERM", "xterm-256color");
    let child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    (
        Screen {
            parser: vt100::Parser::new(25, 80, 0),
            bytes: rx,
            writer: pair.master.take_writer().unwrap(),
        },
        child,
    )
}

/// The terminal as the program left it: back on the main screen with the cursor shown.
fn assert_restored(s: &mut Screen) {
    // The program's last bytes may still be on their way through the reader thread (slow
    // under a loaded test run): wait for them, up to a deadline.
    let deadline = Instant::now() + Duration::from_secs(10);
    let restored =
        |s: &Screen| !s.parser.screen().alternate_screen() && !s.parser.screen().hide_cursor();
    while !restored(s) && Instant::now() < deadline {
        s.pump(Duration::from_millis(50));
    }
    assert!(
        !s.parser.screen().alternate_screen(),
        "the alternate screen was left"
    );
    assert!(
        !s.parser.screen().hide_cursor(),
        "the cursor is shown again"
    );
}

/// Makes file `name` as a new user would (4 batsmen, extras off, levels 1/1, Surrey), plays
/// other counties' matches quickly until Surrey's comes up, and begins it with [2].
fn new_file_to_surreys_match(s: &mut Screen, name: &str) {
    new_file_to_surreys_turn(s, name);
    s.send("2");
}

/// Makes file `name` as [`new_file_to_surreys_match`] does, and stops at the menu when
/// Surrey's match is next.
fn new_file_to_surreys_turn(s: &mut Screen, name: &str) {
    s.wait_for("Enter a file name");
    s.send(&format!("{name}\r"));
    s.wait_for("Create a new competition");
    s.send("y");
    s.wait_for("Batsmen per side 11");
    s.send("123444");
    s.wait_for("Batsmen per side 4");
    s.send("78");
    s.wait_for("Bowling AI level 1 (novice)");
    s.wait_for("No-ball rule not in effect");
    s.send("0");
    s.wait_for("Press the letter of the county");
    // A letter picks the county; [Enter] makes the file with it.
    s.send("s");
    s.wait_for("[Enter] makes the file");
    s.send("\r");
    s.wait_for("Next match");
    s.wait_for("Your county: Surrey");

    // Other counties' matches quickly, until Surrey's comes up.
    for _ in 0..100 {
        s.send("1");
        match s.wait_any(&[
            "Final scoreboard",
            "press [2] to play",
            "switched to the other class",
            "End of the",
        ]) {
            0 | 3 => s.send("\r"),
            1 => break,
            _ => {}
        }
    }
}

/// What the match screen asks of the person, and its stops; `=` answers each of the first
/// five, [Enter] the sixth.
const PROMPTS: [&str; 7] = [
    "Enter bowler's play",
    "Enter batsman's play",
    "Pick up to two cards",
    "to bat first",
    "Choose a card to discard",
    "Press [Enter] to continue",
    "for the scorecard",
];

/// Plays the match on screen with `=` and [Enter] until `done` says so of the prompt showing
/// (its index in [`PROMPTS`]) and the screen; returns the keys pressed.
fn play_until(s: &mut Screen, done: impl Fn(usize, &str) -> bool) -> u32 {
    let mut keys = 0;
    loop {
        let i = s.wait_any(&PROMPTS);
        if done(i, &s.text()) {
            return keys;
        }
        s.send(if i == 5 { "\r" } else { "=" });
        keys += 1;
        assert!(keys < 5000, "the match never got there");
    }
}

#[test]
fn a_new_user_creates_a_file_plays_a_match_and_quits() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, mut child) = start(dir.path());
    new_file_to_surreys_match(&mut s, "E2E");
    // Play the whole match with '=' (and Enter at every pause).
    let keys = play_until(&mut s, |i, _| i == 6);
    assert!(keys > 20, "a whole match takes more than {keys} keys");
    s.send("\r");
    s.wait_for("Final scoreboard");
    s.wait_for("Surrey");
    s.send("\r");
    // The person's match is reviewed after its scoreboard.
    s.wait_for("Your match reviewed by the analyst");
    s.wait_for("Review of ");
    s.send("\r");
    if s.wait_any(&["Play next match quickly", "End of the"]) == 1 {
        s.send("\r");
    }
    s.wait_for("Play next match quickly");
    s.send("3");
    s.wait_for("Points table");
    s.wait_for("your county (Surrey)");
    s.send("\x1b");
    s.wait_for("Play next match quickly");
    s.send("q");
    let status = child.wait().unwrap();
    assert!(status.success());
    assert_restored(&mut s);
    assert!(dir.path().join("E2E.acc").exists());
}

#[test]
fn killing_the_program_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, mut child) = start(dir.path());
    s.wait_for("Enter a file name");
    assert!(
        s.parser.screen().alternate_screen(),
        "the program draws on the alternate screen"
    );
    let pid = child.process_id().expect("a running child");
    let killed = std::process::Command::new("sh")
        .args(["-c", &format!("kill -TERM {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait().unwrap();
    assert_restored(&mut s);
}

/// The screen with the program's own version of a row: trailing blanks trimmed.
fn rows(s: &Screen) -> Vec<String> {
    s.text().lines().map(|l| l.trim_end().to_string()).collect()
}

#[test]
fn a_match_killed_mid_innings_resumes_on_the_same_ball_and_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, mut child) = start(dir.path());
    new_file_to_surreys_match(&mut s, "KILLED");
    // Into an innings, well past its first ball, at one of the person's prompts.
    play_until(&mut s, |i, text| {
        let overs = text
            .lines()
            .find(|l| l.contains("OVERS"))
            .and_then(|l| l.split('│').nth(3))
            .and_then(|o| o.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        overs >= 3.0 && i <= 2
    });
    let before = rows(&s);
    assert!(before.iter().any(|l| l.contains("TOTAL")), "{before:?}");
    assert!(before.iter().any(|l| l.contains("hand:")), "{before:?}");
    // Killed without a chance to do anything: SIGKILL.
    let pid = child.process_id().expect("a running child");
    let killed = std::process::Command::new("sh")
        .args(["-c", &format!("kill -KILL {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait().unwrap();
    assert!(
        dir.path().join("KILLED.jnl").exists(),
        "the journal is on disk"
    );

    // Started again on the same folder: the menu offers the match, and [2] brings back the
    // very screen: the same ball count, score, history and hand.
    let (mut s, mut child) = start(dir.path());
    s.wait_for("Enter a file name");
    s.send("KILLED\r");
    s.wait_for("[2] Resume ");
    assert!(
        s.text().contains(" batting, innings 1 of 4, pack "),
        "{}",
        s.text()
    );
    s.send("2");
    s.wait_for("TOTAL");
    s.settle();
    // What [=] played last is said until the person's next action, not kept with the match.
    let before: Vec<String> = before
        .into_iter()
        .enumerate()
        .map(|(row, l)| {
            if row == 17 && l.starts_with(" [=] ") {
                String::new()
            } else {
                l
            }
        })
        .collect();
    assert_eq!(
        rows(&s),
        before,
        "the screen after the kill and the restart"
    );

    // Then the match is played to its end and recorded.
    play_until(&mut s, |i, _| i == 6);
    s.send("\r");
    s.wait_for("Final scoreboard");
    s.send("\r");
    s.wait_for("Your match reviewed by the analyst");
    s.send("\r");
    if s.wait_any(&["Play next match quickly", "End of the"]) == 1 {
        s.send("\r");
    }
    s.wait_for("Play next match fully");
    assert!(!s.text().contains("Resume"), "{}", s.text());
    s.send("q");
    assert!(child.wait().unwrap().success());
    assert!(
        !dir.path().join("KILLED.jnl").exists(),
        "folded into the save"
    );
    let all = accc::save::load_all(&dir.path().join("KILLED.acc")).unwrap();
    assert!(all.in_play.is_none() && all.last_played.is_some());
}
