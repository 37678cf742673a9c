//! Table sessions through the command line, as a player at the table uses them: a whole
//! Twilight Struggle action round and an Undaunted turn made in a session, the session read
//! back, calls and changes by hand taken back, and the facts as they were.

use super::*;

/// `accc` with the saves folder `dir`.
fn at(dir: &std::path::Path, list: &[&str]) -> (i32, String, String) {
    let out = accc().env("ACCC_SAVES", dir).args(list).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn ok(dir: &std::path::Path, list: &[&str]) -> String {
    let (code, out, err) = at(dir, list);
    assert_eq!(code, 0, "{list:?}: {err}");
    out
}

fn show(dir: &std::path::Path, name: &str) -> String {
    ok(dir, &["charts", "session", "show", name])
}

#[test]
fn a_twilight_action_round_in_a_session_remembers_undoes_and_reloads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "ts", "twilight-struggle"]);
    // The standing facts of the game, given once.
    for (fact, value) in [
        ("war", "mid"),
        ("china", "yes"),
        ("iran-contra", "no"),
        ("red-scare", "no"),
        ("death-squads", "no"),
        ("death-squads-against", "no"),
        ("yuri", "no"),
        ("containment", "no"),
        ("us-formosan", "no"),
    ] {
        ok(d, &["charts", "session", "set", "ts", fact, value]);
    }
    let before = show(d, "ts");
    // The headline card, then the action rounds: each call names only the card and what the
    // board shows now; the session answers the rest.
    let call = |extra: &[&str]| -> Value {
        let mut list = vec![
            "charts",
            "call",
            "twilight-struggle",
            "action",
            "--session",
            "ts",
            "--json",
        ];
        list.extend_from_slice(extra);
        serde_json::from_str(&ok(d, &list)).unwrap()
    };
    let r1 = call(&[
        "--ops",
        "3",
        "--no-scoring",
        "--no-final-round",
        "--no-europe-lost",
        "--no-event-wins",
        "--lacks-rmo",
        "--no-italy",
        "--no-europe-bg-control",
        "--no-europe-bg",
        "--no-europe-realign",
        "--china-d6",
        "5",
        "--asia-level3",
    ]);
    assert_eq!(r1["step"], "4A", "{r1}");
    let after_one = show(d, "ts");
    assert!(
        after_one.contains("china: no"),
        "the China card passed: {after_one}"
    );
    // The next round: the China card is not asked again (the session knows it is gone), and
    // the coup step looks past Asia.
    let r2 = call(&[
        "--ops",
        "3",
        "--no-scoring",
        "--no-final-round",
        "--no-europe-lost",
        "--no-event-wins",
        "--lacks-rmo",
        "--no-italy",
        "--no-europe-bg-control",
        "--no-europe-bg",
        "--no-europe-realign",
        "--coup-region",
        "middle-east",
    ]);
    assert_eq!(r2["step"], "4", "{r2}");
    let r3 = call(&[
        "--ops",
        "2",
        "--no-scoring",
        "--no-final-round",
        "--no-europe-lost",
        "--no-event-wins",
        "--no-step8-ok",
        "--no-lacks-rmo",
        "--no-europe-bg-control",
        "--no-europe-bg",
        "--no-europe-realign",
        "--no-influence-control",
        "--bg-region",
        "none",
        "--no-realign-controlled",
        "--region-d20",
        "12",
        "--no-realign-region",
        "--adjacent",
    ]);
    assert_eq!(
        (r3["step"].clone(), r3["region"].clone()),
        (json!("9A"), json!("Middle East"))
    );
    let log = show(d, "ts");
    insta::assert_snapshot!("twilight_round_session", log);
    // Read back by another program: the same.
    assert_eq!(show(d, "ts"), log);
    // Undo the last two calls: the facts are those after the first.
    ok(d, &["charts", "session", "undo", "ts"]);
    ok(d, &["charts", "session", "undo", "ts"]);
    assert_eq!(show(d, "ts"), after_one);
    ok(d, &["charts", "session", "undo", "ts"]);
    assert_eq!(
        show(d, "ts"),
        before,
        "every call taken back: the facts as set"
    );
    // Then the facts set by hand, the last first, each exactly.
    let out = ok(d, &["charts", "session", "undo", "ts"]);
    assert_eq!(
        out,
        "took back the change by hand us-formosan: no (new); the facts are as they were \
         before it\n"
    );
    assert!(!show(d, "ts").contains("us-formosan: no (standing)"));
    for _ in 0..8 {
        ok(d, &["charts", "session", "undo", "ts"]);
    }
    assert!(show(d, "ts").contains("(none yet)"), "{}", show(d, "ts"));
    let (code, _, err) = at(d, &["charts", "session", "undo", "ts"]);
    assert_eq!(code, 2);
    assert!(err.contains("no call to take back"), "{err}");
}

#[test]
fn an_undaunted_turn_in_a_session_keeps_its_log_and_dice() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "un", "undaunted"]);
    let call = |proc_: &str, extra: &[&str]| -> Value {
        let mut list = vec![
            "charts",
            "call",
            "undaunted",
            proc_,
            "--session",
            "un",
            "--json",
        ];
        list.extend_from_slice(extra);
        serde_json::from_str(&ok(d, &list)).unwrap()
    };
    let order = call("order", &["--hand", "Späher B, Schütze A, Feldwebel"]);
    assert!(order["order"].is_array(), "{order}");
    let i = call("initiative", &["--d10", "7"]);
    assert!(i.is_object());
    let c1 = call(
        "card",
        &[
            "--card",
            "granatwerfer",
            "--others-no",
            "--d10",
            "5",
            "--d10",
            "1",
        ],
    );
    assert_eq!(c1["rolls"].as_array().unwrap().len(), 2);
    let t = call(
        "target-tile",
        &["--tiles", "1A: sniper; 2B: mg, rifleman; 1A: mg"],
    );
    assert_eq!(t["tile"], "1A");
    let log = show(d, "un");
    assert!(log.contains("calls: 4"), "{log}");
    assert!(
        log.contains("d10 5, d10#2 1"),
        "the re-roll is in the log: {log}"
    );
    ok(d, &["charts", "session", "undo", "un"]);
    let after = show(d, "un");
    assert!(
        after.contains("calls: 3") && !after.contains("target-tile"),
        "{after}"
    );
    // A call of another game is refused and changes nothing.
    let (code, _, err) = at(
        d,
        &[
            "charts",
            "call",
            "breakaway",
            "clock",
            "--session",
            "un",
            "--spent",
            "1",
            "--cards-left",
            "5",
            "--quarter",
            "1",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("a game of undaunted"), "{err}");
    assert_eq!(show(d, "un"), after);
    let list = ok(d, &["charts", "session", "list"]);
    assert!(
        list.contains("un") && list.contains("undaunted") && list.contains("3 calls"),
        "{list}"
    );
}

#[test]
fn session_errors_are_clear_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (code, _, err) = at(d, &["charts", "session", "show", "nope"]);
    assert_eq!(code, 3, "{err}");
    let (code, _, err) = at(d, &["charts", "session", "new", "a/b", "undaunted"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a session name"), "{err}");
    ok(d, &["charts", "session", "new", "p7", "paydirt-vii"]);
    let (code, _, err) = at(d, &["charts", "session", "set", "p7", "blitz", "maybe"]);
    assert_eq!(code, 2);
    assert!(err.contains("yes or no"), "{err}");
    let (code, _, err) = at(d, &["charts", "session", "set", "p7", "down", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a fact a session of paydirt-vii keeps")
            && err.contains("blitz (standing)")
            && err.contains("behind (situation)"),
        "{err}"
    );
    // A save that fails (its backup cannot be kept: a folder stands in its place) changes
    // nothing and says so, for a change by hand and a call alike.
    let bak = d.join("charts/p7.table.bak");
    std::fs::create_dir_all(bak.join("in-the-way")).unwrap();
    let before = show(d, "p7");
    let (code, _, err) = at(d, &["charts", "session", "set", "p7", "blitz", "yes"]);
    assert_eq!(code, 5, "{err}");
    assert!(
        err.contains("keeping its backup") && err.ends_with(": no table session was changed\n"),
        "{err}"
    );
    let (code, _, err) = at(d, &[FIRST_HALF_STATUS, &["--session", "p7"]].concat());
    assert_eq!(code, 5, "{err}");
    assert!(err.ends_with(": no table session was changed\n"), "{err}");
    assert_eq!(show(d, "p7"), before);
    std::fs::remove_dir_all(&bak).unwrap();
    ok(d, &["charts", "session", "set", "p7", "blitz", "yes"]);
    // The blitz rating is known: a defence call need not repeat it.
    let (code, out, err) = at(
        d,
        &[
            "charts",
            "call",
            "paydirt-vii",
            "defense",
            "--session",
            "p7",
            "--down",
            "1",
            "--to-go",
            "10",
            "--yard-line",
            "9",
            "--no-behind",
            "--no-ahead",
            "--d20",
            "8",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("=> defense: blitz"), "{out}");
    assert!(err.contains("recorded as call 1"), "{err}");
}

#[test]
fn twilight_event_procedures_read_the_sessions_facts_and_keep_its_choice() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "ev", "twilight-struggle"]);
    // Without the session a yes/no fact is refused, never taken as no.
    let (code, _, err) = at(
        d,
        &[
            "charts",
            "call",
            "twilight-struggle",
            "event-realign",
            "--realign-controlled",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("--iran-contra or --no-iran-contra"), "{err}");
    for (fact, value) in [
        ("iran-contra", "yes"),
        ("death-squads", "yes"),
        ("death-squads-against", "no"),
        ("all-controlled", "same-region"),
    ] {
        ok(d, &["charts", "session", "set", "ev", fact, value]);
    }
    let call = |list: &[&str]| -> Value {
        let mut all = vec!["charts", "call", "twilight-struggle"];
        all.extend_from_slice(list);
        all.extend_from_slice(&["--session", "ev", "--json"]);
        serde_json::from_str(&ok(d, &all)).unwrap()
    };
    // Iran-Contra, known to the session: no realignment, nothing asked.
    let v = call(&["event-realign"]);
    assert_eq!(v["step"], Value::Null, "{v}");
    // Death Squads for the AI: a 2-Ops coup counts 3 in South America (level 2).
    let v = call(&["event-coup", "--ops", "2", "--coup-region", "south-america"]);
    assert!(
        v["action"]
            .as_str()
            .unwrap()
            .contains("level 2 battleground in South America"),
        "{v}"
    );
    // The session's named choice: the Ops left stay in the region.
    let v = call(&[
        "place-9b",
        "--partial",
        "0",
        "--empty",
        "1",
        "--ops",
        "2",
        "--op1-controlled",
    ]);
    assert_eq!(v["placed"], json!(["E1", "E1"]), "{v}");
    let log = show(d, "ev");
    assert!(log.contains("calls: 3"), "{log}");
    ok(d, &["charts", "session", "undo", "ev"]);
    assert!(show(d, "ev").contains("calls: 2"));
}

/// The list counts each session's calls in words: "1 call", "2 calls".
#[test]
fn the_list_counts_calls_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &["charts", "session", "new", "none", "twilight-struggle"],
    );
    ok(d, &["charts", "session", "new", "one", "twilight-struggle"]);
    ok(
        d,
        &[
            "charts",
            "call",
            "twilight-struggle",
            "action",
            "--session",
            "one",
            "--others-no",
            "--ops",
            "3",
            "--war",
            "mid",
            "--bg-region",
            "none",
            "--seed",
            "1",
        ],
    );
    let list = ok(d, &["charts", "session", "list"]);
    assert!(
        list.lines()
            .any(|l| l.starts_with("none") && l.ends_with(" 0 calls")),
        "{list}"
    );
    assert!(
        list.lines()
            .any(|l| l.starts_with("one") && l.ends_with(" 1 call")),
        "{list}"
    );
}

/// Paydirt VII's `status` turns a new time and score into ahead or behind: in a session it
/// asks both on every call (the session names its last answers when a flag is missing), and
/// a time or margin changed by hand works ahead and behind out again, or forgets them when
/// either is forgotten: ahead or behind kept from an old score would be answered wrongly.
#[test]
fn paydirt_status_asks_the_time_and_score_each_call_and_a_hand_change_restates_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    let status = |extra: &[&str]| {
        let mut list = vec!["charts", "call", "paydirt-vii", "status", "--session", "pd"];
        list.extend_from_slice(extra);
        at(d, &list)
    };
    let (code, out, err) = status(&["--time", "3rd-late", "--margin", "-15"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the AI is behind"), "{out}");
    // The next call does not take the old time and score unasked.
    let (code, _, err) = status(&["--time", "4th-early"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("missing --margin") && err.contains("its last answer was -15 (--margin -15)"),
        "{err}"
    );
    let (code, _, err) = status(&[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing --time"), "{err}");
    assert!(show(d, "pd").contains("calls: 1"), "{}", show(d, "pd"));
    // A margin changed by hand works behind and ahead out again: 3 in the late 3rd is
    // neither.
    let out = ok(d, &["charts", "session", "set", "pd", "margin", "3"]);
    assert_eq!(
        out, "margin: 3 (was -15); in turn: behind: no (was yes)\n",
        "{out}"
    );
    // A time changed by hand too: 4th-late, any margin counts.
    let out = ok(d, &["charts", "session", "set", "pd", "time", "4th-late"]);
    assert_eq!(
        out, "time: 4th-late (was 3rd-late); in turn: ahead: yes (was no)\n",
        "{out}"
    );
    // Forgotten, ahead and behind are forgotten with it, to be asked.
    let out = ok(d, &["charts", "session", "unset", "pd", "margin"]);
    assert!(
        out.contains("ahead: forgotten (was yes)") && out.contains("behind: forgotten (was no)"),
        "{out}"
    );
    let shown = show(d, "pd");
    assert!(
        !shown.contains("behind:") && !shown.contains("ahead:"),
        "{shown}"
    );
    // Each change by hand is taken back whole.
    ok(d, &["charts", "session", "undo", "pd"]);
    let shown = show(d, "pd");
    assert!(
        shown.contains("ahead: yes") && shown.contains("margin: 3"),
        "{shown}"
    );
}

/// Breakaway: each AI defence call is one of your plays, one card of your offence deck: a
/// session counts it off `cards-left`, `last-cards` follows from the count late in the half
/// (so Spy Pass is active on the last two cards), and `undo` gives the card back: the deck
/// is the person's, and the session keeps its count so the person need not.
#[test]
fn breakaway_counts_your_plays_off_the_cards_left() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bw", "breakaway"]);
    ok(d, &["charts", "session", "set", "bw", "cards-left", "15"]);
    ok(d, &["charts", "session", "set", "bw", "quarter", "1"]);
    for (fact, value) in [
        ("defense-sheet", "sample"),
        ("run-tokens", "4"),
        ("pass-tokens", "4"),
    ] {
        ok(d, &["charts", "session", "set", "bw", fact, value]);
    }
    let defense = |play: &str| {
        let mut list = vec![
            "charts",
            "call",
            "breakaway",
            "defense",
            "--session",
            "bw",
            "--formation",
            "balanced",
            "--down",
            "1",
            "--distance",
            "10",
            "--strategy",
            "stunt",
            "--play",
            play,
            "--value",
            "2",
            "--no-red-zone",
            "--no-spy-breakaway",
            "--d6",
            "1",
        ];
        list.push("--json");
        let (code, out, err) = at(d, &list);
        assert_eq!(code, 0, "{err}");
        (serde_json::from_str::<Value>(&out).unwrap(), err)
    };
    let (_, err) = defense("run");
    assert!(err.contains("cards-left: 14 (was 15)"), "{err}");
    defense("run");
    let out = ok(
        d,
        &[
            "charts",
            "call",
            "breakaway",
            "clock",
            "--session",
            "bw",
            "--spent",
            "6",
        ],
    );
    assert!(
        out.contains("=> discard 6; 7 cards left in quarter 1"),
        "{out}"
    );
    // Late in the half: 3 cards left in the 2nd quarter; your next play leaves the last two.
    ok(d, &["charts", "session", "set", "bw", "quarter", "2"]);
    ok(d, &["charts", "session", "set", "bw", "cards-left", "3"]);
    ok(d, &["charts", "session", "set", "bw", "last-cards", "no"]);
    let (_, err) = defense("run");
    assert!(
        err.contains("cards-left: 2 (was 3)") && err.contains("last-cards: yes (was no)"),
        "{err}"
    );
    let (pass, _) = defense("pass");
    assert_eq!(pass["from_session"]["last-cards"], true, "{pass}");
    assert_eq!(pass["spy"], "pass", "{pass}");
    assert_eq!(pass["spy_call"], "Press", "{pass}");
    // Taken back, the card is given back.
    ok(d, &["charts", "session", "undo", "bw"]);
    assert!(
        show(d, "bw").contains("cards-left: 2 (situation)"),
        "{}",
        show(d, "bw")
    );
}

/// A session's name may not begin with '-' (the command line takes it for an option); one so
/// named by an earlier version is listed with how to name it, and opened after `--`, so no
/// session kept becomes one that cannot be reached.
#[test]
fn a_session_name_beginning_with_a_hyphen_is_refused_and_an_old_one_reached() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (code, _, err) = at(d, &["charts", "session", "new", "--", "-x", "paydirt-vii"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("'-x' cannot name a new session: it begins with '-'"),
        "{err}"
    );
    assert!(!d.join("charts/-x.table").exists());
    // A file an earlier version made under such a name.
    ok(d, &["charts", "session", "new", "old", "paydirt-vii"]);
    std::fs::rename(d.join("charts/old.table"), d.join("charts/-x.table")).unwrap();
    let list = ok(d, &["charts", "session", "list"]);
    assert!(
        list.contains("-x ")
            && list.contains("accc charts session show -- -x")
            && list.contains("--session=-x"),
        "{list}"
    );
    assert!(ok(d, &["charts", "session", "show", "--", "-x"]).contains("system: paydirt-vii"));
    let (code, _, err) = at(
        d,
        &[
            "charts",
            "call",
            "paydirt-vii",
            "status",
            "--session=-x",
            "--time",
            "first-half",
            "--margin",
            "0",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("recorded as call 1 of table session -x"),
        "{err}"
    );
}

/// A `set` to the value kept and an `unset` of a fact not kept change nothing, log nothing,
/// and say so, so that a person is not left to wonder whether it was kept.
#[test]
fn a_set_or_unset_that_changes_nothing_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    assert_eq!(
        ok(d, &["charts", "session", "set", "pd", "blitz", "yes"]),
        "blitz: yes (new)\n"
    );
    let before = show(d, "pd");
    assert_eq!(
        ok(d, &["charts", "session", "set", "pd", "blitz", "yes"]),
        "blitz: yes already: no change\n"
    );
    assert_eq!(
        ok(d, &["charts", "session", "unset", "pd", "ahead"]),
        "ahead: not kept already: no change\n"
    );
    assert_eq!(show(d, "pd"), before, "nothing logged");
}
