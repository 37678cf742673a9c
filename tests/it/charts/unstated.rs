//! Nothing taken as "none" unasked: a call that comes to a question of the situation the
//! command line does not answer is refused, naming the flag to give (the walk asks it);
//! a table session remembers what the player already typed (the hand given to `order`, the
//! AI's offence calls on its Spent Plays pile) and asks again what may have changed unseen
//! (Paydirt VII's ahead or behind from the first half); one flag or name under the names other
//! procedures use; and the charts from the terminal program's file prompt, before any file.

use super::*;
use accc::tui::app::{App, Msg, Start};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// `accc` with the saves folder `dir`: (exit code, stdout, stderr).
fn at(dir: &std::path::Path, list: &[&str]) -> (i32, String, String) {
    let out = accc().env("ACCC_SAVES", dir).args(list).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn ok(dir: &std::path::Path, list: &[&str]) -> (String, String) {
    let (code, out, err) = at(dir, list);
    assert_eq!(code, 0, "{list:?}: {err}");
    (out, err)
}

#[test]
fn a_call_missing_a_fact_of_the_situation_is_refused_naming_its_flag() {
    // (system and flags, the flag the refusal names)
    let cases: &[(&[&str], &str)] = &[
        // Twilight Struggle `action`: each region question of steps 4, 5A, 5B, 6.
        (
            &[
                "twilight-struggle",
                "action",
                "--ops",
                "3",
                "--war",
                "mid",
                "--lacks-rmo",
            ],
            "--coup-region",
        ),
        (
            &[
                "twilight-struggle",
                "action",
                "--ops",
                "3",
                "--war",
                "mid",
                "--influence-control",
            ],
            "--influence-region",
        ),
        (
            &["twilight-struggle", "action", "--ops", "3", "--war", "mid"],
            "--bg-region",
        ),
        (
            &[
                "twilight-struggle",
                "action",
                "--ops",
                "3",
                "--war",
                "mid",
                "--lacks-rmo",
                "--coup-region",
                "none",
                "--bg-region",
                "none",
            ],
            "--nonbg-region",
        ),
        // Undaunted `target`: the attacker's list, and the "2 lower" question.
        (
            &[
                "undaunted",
                "target",
                "--attacker",
                "mg",
                "--no-main-target",
            ],
            "--def-rifleman",
        ),
        (
            &[
                "undaunted",
                "target",
                "--attacker",
                "sniper",
                "--no-main-target",
                "--def-rifleman",
                "9",
            ],
            "--def-weakest",
        ),
        (
            &[
                "undaunted",
                "target",
                "--attacker",
                "sniper",
                "--no-main-target",
                "--def-rifleman",
                "9",
                "--def-weakest",
                "0",
            ],
            "--def-other",
        ),
        // Paydirt 3rd edition: Prevent is for a lead of 21 or more.
        (
            &[
                "paydirt-3e",
                "defense",
                "--yard-line",
                "40",
                "--down",
                "1",
                "--to-go",
                "10",
                "--roll",
                "3",
            ],
            "--lead",
        ),
        // Breakaway: the sheets and the spy tokens.
        (
            &[
                "breakaway",
                "defense",
                "--formation",
                "balanced",
                "--down",
                "1",
                "--distance",
                "10",
                "--strategy",
                "stunt",
                "--play",
                "run",
                "--value",
                "2",
                "--d6",
                "3",
            ],
            "--defense-sheet",
        ),
        (
            &[
                "breakaway",
                "defense",
                "--defense-sheet",
                "sample",
                "--formation",
                "balanced",
                "--down",
                "1",
                "--distance",
                "10",
                "--strategy",
                "stunt",
                "--play",
                "run",
                "--value",
                "2",
                "--d6",
                "3",
            ],
            "--run-tokens",
        ),
        (
            &[
                "breakaway",
                "offense",
                "--down",
                "1",
                "--distance",
                "4",
                "--formation",
                "shotgun",
                "--d6",
                "2",
            ],
            "--offense-sheet",
        ),
        (
            &[
                "breakaway",
                "defense",
                "--defense-sheet",
                "sample",
                "--formation",
                "balanced",
                "--down",
                "1",
                "--distance",
                "10",
                "--strategy",
                "stunt",
                "--play",
                "pass",
                "--value",
                "2",
                "--d6",
                "3",
            ],
            "--pass-tokens",
        ),
        // Breakaway: the sheet's fourth-down modifiers, and the Game Day card of a matchup,
        // which the walk asks: 0 is an answer, not a default.
        (
            &["breakaway", "fourth-down", "--target", "7", "--d6", "6"],
            "--modifier",
        ),
        (
            &[
                "breakaway",
                "matchup",
                "--offense-value",
                "6",
                "--defense-value",
                "5",
            ],
            "--game-day",
        ),
    ];
    // Every case is tried and every one that fails is told, so that one undone fix shows as
    // its own case.
    let mut failed = Vec::new();
    for (list, flag) in cases {
        let (code, out, err) = run(&[&["charts", "call"][..], list].concat());
        if code != 2 || !err.contains(&format!("missing {flag}: ")) || !out.is_empty() {
            failed.push(format!(
                "{list:?} (wanted missing {flag}): exit {code}: {out}{err}"
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_target_walk_asks_the_two_lower_question_of_an_attacker_named_in_german() {
    let (_, text) = walk_output(
        &["undaunted", "target"],
        "Scharfschütze\nno\n9\nquit\n".as_bytes(),
    );
    assert!(
        text.contains("[4] Lowest total defence of any unit it can target"),
        "{text}"
    );
}

#[test]
fn the_card_and_the_target_take_german_and_english_names() {
    let json = |list: &[&str]| -> Value {
        let (code, out, err) = run(&[&["charts", "call"][..], list, &["--json"]].concat());
        assert_eq!(code, 0, "{list:?}: {err}");
        serde_json::from_str(&out).unwrap()
    };
    let card = |name: &str| json(&["undaunted", "card", "--card", name, "--d10", "3"]);
    let scout = card("spaeher");
    // Any case, umlauts included (the source prints the cards in capitals), and a hyphen
    // where the name has a space, as the flags' own values have.
    for name in ["Späher", "SPÄHER", "scout", "Scout"] {
        assert_eq!(card(name), scout, "{name}");
    }
    assert_eq!(card("rifleman"), card("schuetze"));
    let leader = card("gruppenfuehrer");
    for name in [
        "GRUPPENFÜHRER",
        "squad leader",
        "squad-leader",
        "Squad_Leader",
    ] {
        assert_eq!(card(name), leader, "{name}");
    }
    assert_eq!(card("MACHINE-GUNNER"), card("mg-schuetze"));
    let target = |name: &str| {
        json(&[
            "undaunted",
            "target",
            "--attacker",
            name,
            "--no-main-target",
            "--def-rifleman",
            "9",
            "--def-weakest",
            "7",
        ])
    };
    let sniper = target("sniper");
    for name in ["Scharfschütze", "scharfschuetze", "SCHARFSCHÜTZE"] {
        assert_eq!(target(name), sniper, "{name}");
    }
    assert_eq!(target("machine-gunner"), target("mg"));
    // The walk likewise: the card by its English name, with a hyphen or in capitals.
    for typed in ["Sniper", "SCHARFSCHÜTZE"] {
        let (_, text) = walk_output(
            &["undaunted", "card"],
            format!("{typed}\nquit\n").as_bytes(),
        );
        assert!(
            text.contains("SCHARFSCHÜTZE") && !text.contains("is not allowed"),
            "{typed}: {text}"
        );
    }
    let (_, text) = walk_output(&["undaunted", "card"], b"squad-leader\nquit\n");
    assert!(
        text.contains("GRUPPENFÜHRER") && !text.contains("is not allowed"),
        "{text}"
    );
}

#[test]
fn a_fact_that_decides_nothing_is_not_asked() {
    // Paydirt 3rd edition: with 2 minutes or less to go the prevent table is read whatever
    // the lead, so the lead is not needed.
    let (code, out, err) = run(&[
        "charts",
        "call",
        "paydirt-3e",
        "defense",
        "--yard-line",
        "40",
        "--two-minutes",
        "--roll",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 minutes to go: prevent table"), "{out}");
    // Not in the last 2 minutes, the lead decides, and is asked.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-3e",
        "defense",
        "--yard-line",
        "40",
        "--no-two-minutes",
        "--roll",
        "3",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing --lead: "), "{err}");
}

#[test]
fn the_tie_takes_the_die_under_the_name_other_procedures_give_it() {
    let call = |die: &str| {
        let (code, out, err) = run(&[
            "charts",
            "call",
            "twilight-struggle",
            "tie",
            "--shares",
            "1, 1",
            die,
            "2",
            "--json",
        ]);
        assert_eq!(code, 0, "{die}: {err}");
        out
    };
    assert_eq!(call("--d6"), call("--die"));
    assert!(call("--d6").contains("\"value\":2"));
}

#[test]
fn the_hand_given_to_order_answers_the_cards_questions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "u", "undaunted"]);
    let scout = ["charts", "call", "undaunted", "card", "--card", "scout"];
    let tail = ["--no-scouted-enough", "--d10", "3", "--session", "u"];
    // Before the hand is known, the scout's question is asked.
    let (code, _, err) = at(d, &[&scout[..], &tail].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--fog-in-hand"), "{err}");
    let (_, err) = ok(
        d,
        &[
            "charts",
            "call",
            "undaunted",
            "order",
            "--hand",
            "Späher A, Unklare Lage, Gruppenführer A, Gruppenführer B",
            "--session",
            "u",
        ],
    );
    assert!(
        err.contains("fog-in-hand: yes (new)") && err.contains("two-in-hand: yes (new)"),
        "{err}"
    );
    let (out, _) = ok(d, &[&scout[..], &tail, &["--possible-erkunden"]].concat());
    assert!(out.contains("fog-in-hand: yes (from the session)"), "{out}");
    // The first of two squad leaders played, the second is alone.
    let (out, err) = ok(
        d,
        &[
            "charts",
            "call",
            "undaunted",
            "card",
            "--card",
            "gruppenfuehrer",
            "--session",
            "u",
        ],
    );
    assert!(out.contains("two-in-hand: yes (from the session)"), "{out}");
    assert!(err.contains("two-in-hand: no (was yes)"), "{err}");
    // A new round's initiative: a new hand, so the last one's answers are asked again.
    ok(
        d,
        &[
            "charts",
            "call",
            "undaunted",
            "initiative",
            "--d10",
            "4",
            "--session",
            "u",
        ],
    );
    let (code, _, err) = at(d, &[&scout[..], &tail].concat());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--fog-in-hand"), "{err}");
}

#[test]
fn breakaway_counts_the_ai_offence_calls_into_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "b", "breakaway"]);
    for (fact, value) in [
        ("offense-sheet", "fire"),
        ("cards-left", "10"),
        ("quarter", "1"),
    ] {
        ok(d, &["charts", "session", "set", "b", fact, value]);
    }
    let offense = [
        "charts",
        "call",
        "breakaway",
        "offense",
        "--down",
        "1",
        "--distance",
        "10",
        "--formation",
        "shotgun",
        "--strategy",
        "blue-80",
        "--others-no",
        "--d6",
        "2",
        "--session",
        "b",
    ];
    let (_, err) = ok(d, &offense);
    assert!(err.contains("spent: 1 (new)"), "{err}");
    ok(d, &offense);
    let (_, err) = ok(d, &offense);
    assert!(err.contains("spent: 3 (was 2)"), "{err}");
    // The clock takes the three plays from the session, and the pile goes back.
    let (out, err) = ok(
        d,
        &["charts", "call", "breakaway", "clock", "--session", "b"],
    );
    assert!(out.contains("spent: 3 (from the session)"), "{out}");
    assert!(
        out.contains("=> discard 3; 7 cards left in quarter 1"),
        "{out}"
    );
    assert!(err.contains("spent: 0 (was 3)"), "{err}");
}

#[test]
fn paydirt_ahead_or_behind_from_the_first_half_is_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "p", "paydirt-vii"]);
    let status = |time: &str, margin: &str| {
        ok(
            d,
            &[
                "charts",
                "call",
                "paydirt-vii",
                "status",
                "--time",
                time,
                "--margin",
                margin,
                "--session",
                "p",
            ],
        )
    };
    let offense = [
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "60",
        "--d10",
        "3",
        "--d20",
        "5",
        "--session",
        "p",
    ];
    status("first-half", "-10");
    // Half time may have come since: the session's "no" is named, not taken.
    let (code, _, err) = at(d, &offense);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--behind or --no-behind")
            && err.contains("its last answer was no (--no-behind)"),
        "{err}"
    );
    // Given, the call goes on; worked out for the second half, it is taken.
    ok(d, &[&offense[..], &["--no-behind", "--no-ahead"]].concat());
    status("4th-late", "-10");
    let (out, _) = ok(d, &offense);
    assert!(out.contains("behind: yes (from the session)"), "{out}");
}

#[test]
fn the_charts_open_from_the_file_prompt_before_any_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    let key = |code| Msg::Key(KeyEvent::new(code, KeyModifiers::NONE));
    app.update(key(KeyCode::Tab));
    assert!(matches!(app.start(), Some(Start::Charts(_))));
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 25)).unwrap();
    t.draw(|f| accc::tui::draw::draw(f, &app)).unwrap();
    let shot = crate::helpers::buffer_text(t.backend().buffer());
    assert!(
        shot.contains("Press a number to read a system's charts."),
        "{shot}"
    );
    // A system's charts, and back out to the prompt: no file was made.
    app.update(key(KeyCode::Char('1')));
    app.update(key(KeyCode::Esc));
    app.update(key(KeyCode::Esc));
    assert!(matches!(app.start(), Some(Start::FileName { .. })));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file made"
    );
}
