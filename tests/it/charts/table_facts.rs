//! The facts a table session keeps between calls, as a board gamer at the table uses them:
//! for each system a situation fact given (or worked out) once is used by the calls after it,
//! and each such use says it came from the session; a flag on the command line replaces it,
//! and `undo` puts the facts back exactly. Also: `--others-no` and defaults never become facts,
//! the log holds only dice rolled or given, a session in use exits 6, `session set` of a
//! negative value, and a damaged session pointing at its backup. And: every kept fact has
//! one definition that checks a value as the walk does, a chained call is logged once, a
//! change by hand is undone like a call, and an older session file still loads.

use super::*;
use accc::charts::session::{self, Fact};

/// `accc` with the saves folder `dir`: (exit code, stdout, stderr).
fn at(dir: &std::path::Path, list: &[&str]) -> (i32, String, String) {
    let out = accc().env("ACCC_SAVES", dir).args(list).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A call that must succeed: (stdout, stderr).
fn ok(dir: &std::path::Path, list: &[&str]) -> (String, String) {
    let (code, out, err) = at(dir, list);
    assert_eq!(code, 0, "{list:?}: {err}");
    (out, err)
}

/// `accc charts call SYSTEM ARGS... --session NAME`: (stdout, stderr).
fn call(dir: &std::path::Path, system: &str, session: &str, args: &[&str]) -> (String, String) {
    let mut list = vec!["charts", "call", system];
    list.extend_from_slice(args);
    list.extend_from_slice(&["--session", session]);
    ok(dir, &list)
}

fn show(dir: &std::path::Path, name: &str) -> String {
    ok(dir, &["charts", "session", "show", name]).0
}

fn undo(dir: &std::path::Path, name: &str) {
    ok(dir, &["charts", "session", "undo", name]);
}

#[test]
fn paydirt_vii_status_becomes_the_ahead_behind_fact_of_later_calls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    let (out, err) = call(
        d,
        "paydirt-vii",
        "pd",
        &["status", "--time", "4th-early", "--margin", "-8"],
    );
    assert!(out.contains("=> the AI is behind"), "{out}");
    assert!(
        err.contains("facts kept: ahead: no (new), behind: yes (new), margin: -8 (new)"),
        "{err}"
    );
    let after_status = show(d, "pd");
    // The next plays need no --behind: the status is taken from the session, and says so.
    let defense = [
        "defense",
        "--down",
        "3",
        "--to-go",
        "4",
        "--yard-line",
        "69",
        "--d20",
        "12",
        "--json",
    ];
    let (out, _) = call(d, "paydirt-vii", "pd", &defense);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["from_session"], json!({"behind": true}), "{v}");
    assert_eq!(
        v["modified_d20"], 10,
        "behind: -2 on the defensive d20: {v}"
    );
    let offense = |extra: &[&'static str]| {
        let mut list = "offense --down 1 --to-go 10 --yard-line 50 --d10 3 --d20 5"
            .split(' ')
            .collect::<Vec<_>>();
        list.extend_from_slice(extra);
        call(d, "paydirt-vii", "pd", &list)
    };
    let (out, _) = offense(&[]);
    assert!(
        out.contains("  - behind: yes (from the session)\n"),
        "{out}"
    );
    assert!(out.contains("d20 +2 (AI behind) -> 7"), "{out}");
    // A flag on the command line replaces the fact, and is kept from then on.
    let (out, err) = offense(&["--ahead"]);
    assert!(!out.contains("from the session"), "{out}");
    assert!(out.contains("d20 -2 (AI ahead) -> 3"), "{out}");
    assert!(
        err.contains("ahead: yes (was no), behind: no (was yes)"),
        "{err}"
    );
    // Undo puts the facts back exactly: first to the status's, then to none.
    undo(d, "pd");
    undo(d, "pd");
    undo(d, "pd");
    assert_eq!(show(d, "pd"), after_status);
    undo(d, "pd");
    assert!(show(d, "pd").contains("facts:\n  (none yet)\n"));
}

#[test]
fn paydirt_3e_two_minutes_and_the_lead_are_given_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "p3", "paydirt-3e"]);
    let base = ["defense", "--yard-line", "50", "--roll", "2"];
    let mut first = base.to_vec();
    first.extend_from_slice(&["--two-minutes", "--lead", "-3"]);
    let (_, err) = call(d, "paydirt-3e", "p3", &first);
    assert!(
        err.contains("facts kept: lead: -3 (new), two-minutes: yes (new)"),
        "{err}"
    );
    let kept = show(d, "p3");
    let (out, _) = call(d, "paydirt-3e", "p3", &base);
    assert!(
        out.contains("  - two-minutes: yes (from the session)\n"),
        "{out}"
    );
    // With 2 minutes to go the lead decides nothing: it is not used, and stays kept.
    assert!(!out.contains("lead:"), "{out}");
    assert!(out.contains("=> defense: E"), "{out}");
    let (out, _) = call(
        d,
        "paydirt-3e",
        "p3",
        &[
            &base[..],
            &["--no-two-minutes", "--down", "1", "--to-go", "10"],
        ]
        .concat(),
    );
    assert!(out.contains("  - lead: -3 (from the session)\n"), "{out}");
    undo(d, "p3");
    taken_back(d, "p3", &kept);
}

#[test]
fn breakaway_clock_and_time_outs_feed_the_facts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bk", "breakaway"]);
    let (out, err) = call(
        d,
        "breakaway",
        "bk",
        &[
            "clock",
            "--spent",
            "2",
            "--cards-left",
            "15",
            "--quarter",
            "2",
        ],
    );
    assert!(out.contains("13 cards left in quarter 2"), "{out}");
    assert!(err.contains("cards-left: 13 (new)"), "{err}");
    assert!(err.contains("quarter: 2 (new)"), "{err}");
    // The next drive: only the spent plays are new; the clock comes from the session.
    let (out, err) = call(d, "breakaway", "bk", &["clock", "--spent", "9"]);
    assert!(
        out.contains("  - cards-left: 13 (from the session)\n"),
        "{out}"
    );
    assert!(out.contains("  - quarter: 2 (from the session)\n"), "{out}");
    assert!(out.contains("4 cards left in quarter 2"), "{out}");
    assert!(
        err.contains("cards-left: 4 (was 13), final-cards: yes (was no)"),
        "{err}"
    );
    let before_outs = show(d, "bk");
    assert!(before_outs.contains("  final-cards: yes (situation)\n"));
    // The sheet is kept once given; within the last 5 cards the end of half comes from the
    // clock; no --strategy-d6 is logged when --strategy is given.
    let (out, err) = call(
        d,
        "breakaway",
        "bk",
        &[
            "offense",
            "--offense-sheet",
            "own",
            "--down",
            "1",
            "--distance",
            "10",
            "--formation",
            "shotgun",
            "--strategy",
            "blue-80",
            "--d6",
            "2",
        ],
    );
    assert!(
        out.contains("  - final-cards: yes (from the session)\n"),
        "{out}"
    );
    assert!(err.contains("offense-sheet: own (new)"), "{err}");
    // Time-outs played out lower the fact to 0.
    let (out, err) = call(
        d,
        "breakaway",
        "bk",
        &["time-outs", "--cards-left", "2", "--time-outs", "3"],
    );
    assert!(out.contains("from now on time-outs: 0"), "{out}");
    assert!(err.contains("time-outs: 0 (new)"), "{err}");
    let (out, _) = call(d, "breakaway", "bk", &["time-outs", "--cards-left", "2"]);
    assert!(
        out.contains("  - time-outs: 0 (from the session)\n"),
        "{out}"
    );
    undo(d, "bk");
    undo(d, "bk");
    undo(d, "bk");
    assert_eq!(show(d, "bk"), before_outs);
}

#[test]
fn twilight_europe_lost_is_kept_for_the_next_action_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "tw", "twilight-struggle"]);
    for (fact, value) in [("war", "mid"), ("china", "no"), ("red-scare", "no")] {
        ok(d, &["charts", "session", "set", "tw", fact, value]);
    }
    let set = show(d, "tw");
    let round = [
        "action",
        "--ops",
        "2",
        "--no-scoring",
        "--no-final-round",
        "--no-event-wins",
        "--others-no",
        "--seed",
        "3",
        "--json",
    ];
    let mut first = round.to_vec();
    first.push("--europe-lost");
    let (out, err) = call(d, "twilight-struggle", "tw", &first);
    assert!(err.contains("europe-lost: yes (new)"), "{err}");
    let v1: Value = serde_json::from_str(&out).unwrap();
    let kept = show(d, "tw");
    let (out, _) = call(d, "twilight-struggle", "tw", &round);
    let v2: Value = serde_json::from_str(&out).unwrap();
    // The session's yes wins over --others-no, which answers only what nobody gave.
    assert_eq!(v2["from_session"]["europe-lost"], true, "{v2}");
    let mut v2 = v2;
    v2["from_session"]
        .as_object_mut()
        .unwrap()
        .remove("europe-lost");
    assert_eq!(v1, v2, "the same round as with --europe-lost");
    undo(d, "tw");
    assert_eq!(show(d, "tw"), kept);
    undo(d, "tw");
    assert_eq!(show(d, "tw"), set);
}

#[test]
fn undaunted_scouted_enough_is_kept_for_the_next_inspire_order() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "ud", "undaunted"]);
    let (_, err) = call(d, "undaunted", "ud", &["inspire-order", "--scouted-enough"]);
    assert!(err.contains("scouted-enough: yes (new)"), "{err}");
    let kept = show(d, "ud");
    let (out, _) = call(d, "undaunted", "ud", &["inspire-order"]);
    assert!(
        out.contains("  - scouted-enough: yes (from the session)\n"),
        "{out}"
    );
    assert!(out.contains("Scharfschütze, MG-Schütze"), "{out}");
    taken_back(d, "ud", &kept);
}

/// The scout's "has the AI scouted enough objective tiles to win?" (either case) is the fact
/// ANSPORNEN's order asks: the session answers it and keeps the scout's answer.
#[test]
fn undaunted_scout_and_inspire_order_share_scouted_enough() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "ud", "undaunted"]);
    call(
        d,
        "undaunted",
        "ud",
        &["inspire-order", "--no-scouted-enough"],
    );
    let scout = [
        "card",
        "--card",
        "spaeher",
        "--fog-in-hand",
        "--d10",
        "8",
        "--json",
    ];
    let (out, _) = call(d, "undaunted", "ud", &scout);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["from_session"], json!({"scouted-enough": false}), "{v}");
    assert_eq!(v["drm"], -3, "case A, not enough scouted: {v}");
    assert_eq!(v["action"], "ANGRIFF", "{v}");
    // Case B, answered on the command line: kept, and ANSPORNEN's next order takes it.
    let (_, err) = call(
        d,
        "undaunted",
        "ud",
        &[
            "card",
            "--card",
            "spaeher",
            "--no-fog-in-hand",
            "--scouted-enough",
            "--no-on-targeted",
            "--possible-verschleiern",
            "--d10",
            "1",
        ],
    );
    assert!(err.contains("scouted-enough: yes (was no)"), "{err}");
    let (out, _) = call(d, "undaunted", "ud", &["inspire-order"]);
    assert!(
        out.contains("  - scouted-enough: yes (from the session)\n"),
        "{out}"
    );
    assert!(out.contains("Scharfschütze, MG-Schütze"), "{out}");
}

#[test]
fn others_no_never_keeps_a_fact_and_a_kept_flag_given_is_kept_unasked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    let play = |d20: &'static str| {
        vec![
            "defense",
            "--down",
            "3",
            "--to-go",
            "4",
            "--yard-line",
            "69",
            "--d20",
            d20,
        ]
    };
    // d20 1 reads B#: --others-no answers the blitz rating no for this call only.
    let mut args = play("1");
    args.push("--others-no");
    let (out, err) = call(d, "paydirt-vii", "pd", &args);
    assert!(out.contains("the blitz rating is NO"), "{out}");
    assert!(!err.contains("facts kept"), "{err}");
    assert!(show(d, "pd").contains("(none yet)"), "{}", show(d, "pd"));
    // --blitz on a call whose roll has no mark is kept all the same, and said so.
    let mut args = play("12");
    args.extend_from_slice(&["--blitz", "--no-behind", "--no-ahead"]);
    let (_, err) = call(d, "paydirt-vii", "pd", &args);
    assert!(
        err.contains("facts kept: ahead: no (new), behind: no (new), blitz: yes (new)"),
        "{err}"
    );
    assert!(!err.contains("warning"), "{err}");
    let (out, _) = call(d, "paydirt-vii", "pd", &play("1"));
    assert!(out.contains("  - blitz: yes (from the session)\n"), "{out}");
    assert!(out.contains("=> defense: blitz"), "{out}");
}

#[test]
fn the_log_holds_only_dice_rolled_or_given() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bk", "breakaway"]);
    let (out, _) = call(
        d,
        "breakaway",
        "bk",
        &[
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
            "--no-red-zone",
            "--d6",
            "3",
            "--defense-sheet",
            "sample",
            "--run-tokens",
            "4",
            "--json",
        ],
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["rolls"],
        json!([{"die": "d6 (play)", "value": 3, "rolled": false}])
    );
    let log = show(d, "bk");
    assert!(log.contains("[d6 3]"), "{log}");
    assert!(!log.contains("strategy-d6"), "{log}");
}

#[test]
fn a_session_open_in_another_program_exits_6() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "busy", "paydirt-vii"]);
    ok(d, &["charts", "session", "set", "busy", "blitz", "yes"]);
    let alone = show(d, "busy");
    let open = accc::charts::session::OpenTable::open(d, "busy").unwrap();
    // `show` only reads: it is not refused, and shows the file as it stands.
    assert_eq!(show(d, "busy"), alone);
    // A call would write: refused, saying what to do.
    let (code, _, err) = at(d, &[FIRST_HALF_STATUS, &["--session", "busy"]].concat());
    assert_eq!(code, 6, "{err}");
    let path = session::path_of(d, "busy").unwrap();
    assert_eq!(
        err,
        format!(
            "accc: {} is open in another accc (process {}): close the table session there, or \
             let its call finish, and try again\n",
            path.display(),
            std::process::id()
        )
    );
    for verb in [
        &["undo", "busy"][..],
        &["set", "busy", "blitz", "no"],
        &["unset", "busy", "blitz"],
    ] {
        let (code, _, err) = at(d, &[&["charts", "session"][..], verb].concat());
        assert_eq!(code, 6, "{verb:?}: {err}");
        assert!(err.contains("and try again"), "{err}");
    }
    drop(open);
    assert_eq!(show(d, "busy"), alone, "nothing written while it was open");
}

#[test]
fn session_set_takes_negative_values_and_names_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bk", "breakaway"]);
    let (code, _, err) = at(d, &["charts", "session", "set", "bk", "pass-tokens", "-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("pass-tokens: -1 is out of range: expected a whole number from 0 to 40"),
        "{err}"
    );
    let (code, _, err) = at(d, &["charts", "session", "set", "bk", "time-outs", "x"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a whole number from 0 to 3"), "{err}");
    assert!(show(d, "bk").contains("(none yet)"));
    // A value a question takes may be negative.
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    let (out, _) = ok(d, &["charts", "session", "set", "pd", "margin", "-8"]);
    assert_eq!(out, "margin: -8 (new)\n");
    // Breakaway's sheets: the defence's is `sample` or `own`, the offence's `fire` or `own`.
    ok(
        d,
        &["charts", "session", "set", "bk", "offense-sheet", "fire"],
    );
    let (code, _, err) = at(
        d,
        &["charts", "session", "set", "bk", "defense-sheet", "fire"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("expected one of: sample, own"), "{err}");
    let (out, _) = ok(
        d,
        &["charts", "session", "set", "bk", "offense-sheet", "own"],
    );
    assert_eq!(out, "offense-sheet: own (was fire)\n");
    // Unset: a name mistyped is told, with the names kept; a fact kept is forgotten.
    let before = show(d, "bk");
    let (code, _, err) = at(d, &["charts", "session", "unset", "bk", "shete"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("'shete' is not a fact a session of breakaway keeps"),
        "{err}"
    );
    assert_eq!(show(d, "bk"), before);
    let (out, _) = ok(d, &["charts", "session", "unset", "bk", "offense-sheet"]);
    assert_eq!(out, "offense-sheet: forgotten, it will be asked\n");
    let facts = show(d, "bk");
    let (facts, log) = facts.split_once("calls:").unwrap();
    assert!(!facts.contains("sheet"), "{facts}");
    // The log shows the change by hand that `undo` would take back.
    assert!(
        log.contains("by hand: offense-sheet: forgotten (was own)"),
        "{log}"
    );
}

#[test]
fn a_damaged_session_names_its_backup() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "u2", "undaunted"]);
    ok(
        d,
        &["charts", "session", "set", "u2", "scouted-enough", "yes"],
    );
    let path = d.join("charts/u2.table");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 2] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let (code, _, err) = at(d, &["charts", "session", "show", "u2"]);
    assert_eq!(code, 4, "{err}");
    let bak = d.join("charts/u2.table.bak");
    assert!(
        err.contains(&format!("a backup is at {}", bak.display()))
            && err.contains(&format!("copy it over {}", path.display())),
        "{err}"
    );
    std::fs::copy(&bak, &path).unwrap();
    assert!(
        show(d, "u2").contains("(none yet)"),
        "the backup is the version before"
    );
}

/// A chain in a session is two calls written by one save: stderr names both, and the
/// damaged-file message says what the backup holds, as the terminal does, so that the
/// person knows what opening the backup would lose.
#[test]
fn a_chain_names_both_calls_and_a_damaged_file_says_what_its_backup_holds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "pd", "paydirt-vii"]);
    ok(d, &["charts", "session", "set", "pd", "blitz", "no"]);
    let status = ["status", "--time", "4th-late", "--margin", "-3"];
    call(d, "paydirt-vii", "pd", &status);
    let mut chained = vec!["charts", "call", "paydirt-vii"];
    chained.extend(status);
    chained.extend(["--session", "pd", "--then", "defense", "--down", "1"]);
    chained.extend(["--to-go", "10", "--yard-line", "60", "--d20", "10"]);
    let (_, err) = ok(d, &chained);
    assert!(
        err.contains("accc: recorded as calls 2 and 3 of table session pd"),
        "{err}"
    );
    let path = d.join("charts/pd.table");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..500]).unwrap();
    let (code, _, err) = at(d, &["charts", "session", "show", "pd"]);
    assert_eq!(code, 4, "{err}");
    assert!(
        words(&err).contains(
            "(the version before the last save, with 1 call and 1 change by hand: what that \
             save added is not in it)"
        ),
        "{err}"
    );
    assert!(!err.contains("lacks the last call or change"), "{err}");
    // A backup damaged too is said to be.
    let bak = d.join("charts/pd.table.bak");
    std::fs::write(&bak, b"not a session").unwrap();
    let (code, _, err) = at(d, &["charts", "session", "show", "pd"]);
    assert_eq!(code, 4, "{err}");
    assert!(
        err.contains(&format!(
            "its backup {} cannot be used either: it ",
            bak.display()
        )),
        "{err}"
    );
}

/// Undo takes the last call back to the facts `kept` before it, and the first call back to
/// none.
fn taken_back(d: &std::path::Path, name: &str, kept: &str) {
    undo(d, name);
    assert_eq!(show(d, name), kept);
    undo(d, name);
    assert!(show(d, name).contains("(none yet)"));
}

/// Every fact a session keeps, of every system, has one definition (`session::fact`) that
/// the command line and the terminal both use: found for every kept flag of every procedure,
/// taking each value a procedure's flag takes and refusing others; and at every question a
/// walk asks for it, it takes and refuses what the walk does, in the walk's words.
#[test]
fn every_kept_fact_is_defined_once_and_checked_as_the_walk_checks_it() {
    let err = |f: &Fact, text: &str| f.read(text).unwrap_err().message;
    let mut kept: BTreeSet<(String, &str)> = BTreeSet::new();
    for sys in systems() {
        let all = session::facts(sys);
        for p in sys.procedures {
            for x in p.params.iter().filter(|x| x.kept()) {
                let at = format!("{} {} {}", sys.meta.id, p.id, x.name);
                kept.insert((sys.meta.id.clone(), x.name));
                let f = session::fact(sys, x.name).unwrap_or_else(|| panic!("{at}: no fact"));
                assert_eq!((f.id, f.keep), (x.name, x.keep), "{at}");
                assert!(all.contains(&f), "{at}: not among the facts listed");
                match x.kind {
                    ParamKind::Flag => {
                        assert_eq!(f.question.kind, Kind::YesNo, "{at}");
                        assert_eq!(f.read("yes"), Ok(Answer::Bool(true)), "{at}");
                        assert_eq!(f.read("No"), Ok(Answer::Bool(false)), "{at}");
                        assert_eq!(err(&f, "maybe"), "'maybe' is not yes or no", "{at}");
                        assert_eq!(err(&f, " "), "An answer is needed: yes or no", "{at}");
                    }
                    ParamKind::Number { .. } => {
                        let (lo, hi) = x.range.unwrap_or_else(|| panic!("{at}: no range"));
                        assert_eq!(f.question.kind, Kind::Number { min: lo, max: hi }, "{at}");
                        for n in [lo, hi] {
                            assert_eq!(f.read(&n.to_string()), Ok(Answer::Number(n)), "{at}");
                        }
                        for n in [lo - 1, hi + 1] {
                            assert_eq!(
                                err(&f, &n.to_string()),
                                format!("{n} is out of range: expected a whole number from {lo} to {hi}"),
                                "{at}"
                            );
                        }
                        assert_eq!(
                            err(&f, "x"),
                            format!("'x' is not a whole number from {lo} to {hi}"),
                            "{at}"
                        );
                    }
                    ParamKind::Choice { options, .. } => {
                        // Each option means what the question that asks it says.
                        let keys: Vec<&str> = x.meanings.iter().map(|m| m.0).collect();
                        assert_eq!(keys, options, "{at}: a meaning for each option");
                        for (key, meaning) in x.meanings {
                            let a = Answer::Choice(key.to_string());
                            assert_eq!(f.read(&key.to_uppercase()), Ok(a.clone()), "{at}");
                            assert_eq!(f.shown(&a), format!("{key} ({meaning})"), "{at}");
                        }
                        assert!(
                            err(&f, "nonsense")
                                .starts_with("'nonsense' is not allowed: expected one of: "),
                            "{at}"
                        );
                    }
                    ParamKind::Die | ParamKind::Text => panic!("{at}: a session keeps no dice"),
                }
            }
        }
        assert_eq!(
            all.len(),
            kept.iter().filter(|k| k.0 == sys.meta.id).count()
        );
    }
    // At the questions themselves, as walks ask them.
    let mut asked: BTreeSet<(String, &str)> = BTreeSet::new();
    super::cli_runs::walk_every_question(|sys, p, w, param| {
        if !param.kept() {
            return;
        }
        let at = format!("{} {} {}", sys.meta.id, p.id, param.name);
        asked.insert((sys.meta.id.clone(), param.name));
        let q = w.question().expect("a question");
        let f = session::fact(sys, param.name).expect("a fact");
        let (good, bad): (Vec<String>, Vec<String>) = match &q.kind {
            Kind::YesNo => (
                vec!["yes".into(), "no".into()],
                vec!["maybe".into(), "".into()],
            ),
            Kind::Number { min, max } => (
                vec![min.to_string(), max.to_string()],
                vec![(min - 1).to_string(), (max + 1).to_string(), "x".into()],
            ),
            Kind::Choice { options } => {
                for (k, meaning) in options {
                    let a = Answer::Choice(k.clone());
                    assert_eq!(f.shown(&a), format!("{k} ({meaning})"), "{at}");
                }
                let same = matches!(&f.question.kind, Kind::Choice { options: o } if o == options);
                let bad = if same {
                    vec!["nonsense".to_string()]
                } else {
                    Vec::new()
                };
                (options.iter().map(|o| o.0.clone()).collect(), bad)
            }
            other => panic!("{at}: a kept question is {other:?}"),
        };
        for text in good {
            // A procedure may refuse a fitting answer for what came before it (Breakaway's
            // clock: quarter 1 after more plays than a quarter holds); a fact is checked
            // against its question alone, as it holds across calls.
            let mut walk = w.clone();
            match walk.answer_text(&text) {
                Ok(()) => {
                    let by_walk = walk.answers().last().unwrap().1.clone();
                    assert_eq!(f.read(&text), Ok(by_walk), "{at}: {text}");
                }
                Err(_) => assert!(f.read(&text).is_ok(), "{at}: {text}"),
            }
        }
        for text in bad {
            let by_walk = w.clone().answer_text(&text).unwrap_err().message;
            assert_eq!(err(&f, &text), by_walk, "{at}: {text}");
        }
    });
    assert_eq!(asked, kept, "every kept fact is asked by some walk");
}

/// `call ... --then` records its first call once, before the chained call, which sees the
/// facts as the first leaves them: the log holds each call once, and `undo` takes back the
/// chained call alone, then the first, then the fact set by hand before them.
#[test]
fn a_chained_call_is_logged_once_and_undone_call_by_call() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let status = ["status", "--time", "4th-late", "--margin", "-3"];
    let then = [
        "--then",
        "defense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "60",
        "--d20",
        "10",
    ];
    for name in ["chain", "alone"] {
        ok(d, &["charts", "session", "new", name, "paydirt-vii"]);
        ok(d, &["charts", "session", "set", name, "blitz", "no"]);
    }
    let mut chained = vec!["charts", "call", "paydirt-vii"];
    chained.extend(status);
    chained.extend(["--session", "chain"]);
    chained.extend(then);
    let (_, err) = ok(d, &chained);
    assert!(
        err.contains("recorded as calls 1 and 2 of table session chain"),
        "{err}"
    );
    call(d, "paydirt-vii", "alone", &status);
    let read = |name: &str| session::read(&session::path_of(d, name).unwrap()).unwrap();
    let (chain, alone) = (read("chain"), read("alone"));
    let procedures: Vec<&str> = chain.log.iter().map(|e| e.procedure.as_str()).collect();
    assert_eq!(procedures, ["status", "defense"]);
    assert_eq!(chain.log[0], alone.log[0], "the first call, as made alone");
    assert_eq!(
        chain.log[1].facts_before, alone.facts,
        "the second saw the first's facts"
    );
    let (out, _) = ok(d, &["charts", "session", "undo", "chain"]);
    assert!(out.starts_with("took back call 2 (defense => "), "{out}");
    assert_eq!(read("chain").facts, alone.facts);
    assert_eq!(read("chain").log, alone.log);
    let (out, _) = ok(d, &["charts", "session", "undo", "chain"]);
    assert!(out.starts_with("took back call 1 (status => "), "{out}");
    assert_eq!(
        read("chain").facts,
        BTreeMap::from([("blitz".to_string(), Answer::Bool(false))])
    );
    let (out, _) = ok(d, &["charts", "session", "undo", "chain"]);
    assert!(
        out.starts_with("took back the change by hand blitz: no (new)"),
        "{out}"
    );
    assert!(read("chain").facts.is_empty());
}

/// `session set` and `unset` are undone by `undo`, in order with the calls, each restoring
/// the facts exactly; a set that changes nothing is not logged.
#[test]
fn session_set_and_unset_are_taken_back_by_undo() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bk", "breakaway"]);
    let none = show(d, "bk");
    ok(d, &["charts", "session", "set", "bk", "pass-tokens", "3"]);
    let three = show(d, "bk");
    assert!(three.contains("by hand: pass-tokens: 3 (new)"), "{three}");
    let (_, err) = call(
        d,
        "breakaway",
        "bk",
        &["time-outs", "--cards-left", "2", "--time-outs", "3"],
    );
    assert!(err.contains("recorded as call 1"), "{err}");
    let called = show(d, "bk");
    ok(d, &["charts", "session", "set", "bk", "pass-tokens", "7"]);
    // The same value again changes nothing and logs nothing.
    ok(d, &["charts", "session", "set", "bk", "pass-tokens", "7"]);
    let seven = show(d, "bk");
    assert!(seven.contains("changes by hand: 2"), "{seven}");
    ok(d, &["charts", "session", "unset", "bk", "time-outs"]);
    assert!(!show(d, "bk").contains("time-outs: 0 (standing)"));
    let (out, _) = ok(d, &["charts", "session", "undo", "bk"]);
    assert_eq!(
        out,
        "took back the change by hand time-outs: forgotten (was 0); the facts are as they \
         were before it\n"
    );
    assert_eq!(show(d, "bk"), seven);
    undo(d, "bk");
    assert_eq!(show(d, "bk"), called);
    let (out, _) = ok(d, &["charts", "session", "undo", "bk"]);
    assert!(out.starts_with("took back call 1 (time-outs => "), "{out}");
    assert_eq!(show(d, "bk"), three);
    undo(d, "bk");
    assert_eq!(show(d, "bk"), none);
    let (code, _, err) = at(d, &["charts", "session", "undo", "bk"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no call to take back, nor a fact changed by hand"),
        "{err}"
    );
}

/// Writes session file `name` in saves folder `d` as `payload` says, as an earlier accc
/// would have written it.
fn write_session(d: &std::path::Path, name: &str, payload: &Value) {
    std::fs::create_dir_all(session::folder(d)).unwrap();
    let bytes = accc::store::envelope::wrap(session::KIND, payload.to_string().as_bytes());
    std::fs::write(session::path_of(d, name).unwrap(), bytes).unwrap();
}

/// A session file written before changes by hand were logged (no `hand` in it) still
/// loads, and a change by hand made in it is then undone like any other.
#[test]
fn a_session_file_without_changes_by_hand_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // As an older accc wrote it: facts and a log of calls, nothing more.
    let payload = json!({
        "system": "paydirt-vii",
        "facts": {"blitz": {"bool": true}, "margin": {"number": -3}},
        "log": [{
            "procedure": "status",
            "answers": [["time", {"choice": "4th-late"}], ["margin", {"number": -3}]],
            "result": "the AI is behind",
            "fields": {},
            "facts_before": {"blitz": {"bool": true}}
        }]
    });
    write_session(d, "old", &payload);
    let before = show(d, "old");
    assert!(
        before.contains("calls: 1\n") && before.contains("margin: -3"),
        "{before}"
    );
    ok(d, &["charts", "session", "set", "old", "blitz", "no"]);
    let (out, _) = ok(d, &["charts", "session", "undo", "old"]);
    assert!(
        out.starts_with("took back the change by hand blitz: no (was yes)"),
        "{out}"
    );
    assert_eq!(show(d, "old"), before);
    let (out, _) = ok(d, &["charts", "session", "undo", "old"]);
    assert!(out.starts_with("took back call 1 (status => "), "{out}");
    assert!(!show(d, "old").contains("margin"));
}

/// Breakaway's defence and offence read different sheets, kept as two facts: calls that
/// alternate, as at the table, ask each once.
#[test]
fn breakaway_keeps_the_defence_and_the_offence_sheet_apart() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["charts", "session", "new", "bk", "breakaway"]);
    let defense = [
        "defense",
        "--formation",
        "pass-heavy",
        "--down",
        "1",
        "--distance",
        "10",
        "--strategy",
        "stunt",
        "--play",
        "pass",
        "--value",
        "3",
        "--others-no",
        "--d6",
        "3",
        "--pass-tokens",
        "4",
    ];
    let offense = [
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
    ];
    let (_, err) = call(
        d,
        "breakaway",
        "bk",
        &[&defense[..], &["--defense-sheet", "own"]].concat(),
    );
    assert!(err.contains("defense-sheet: own (new)"), "{err}");
    let (_, err) = call(
        d,
        "breakaway",
        "bk",
        &[&offense[..], &["--offense-sheet", "own"]].concat(),
    );
    assert!(err.contains("offense-sheet: own (new)"), "{err}");
    assert!(
        !err.contains("defense-sheet"),
        "the defence's is left as it was: {err}"
    );
    // Back and forth: each takes its own from the session.
    for _ in 0..2 {
        let (out, _) = call(d, "breakaway", "bk", &defense);
        assert!(
            out.contains("  - defense-sheet: own (from the session)\n"),
            "{out}"
        );
        let (out, _) = call(d, "breakaway", "bk", &offense);
        assert!(
            out.contains("  - offense-sheet: own (from the session)\n"),
            "{out}"
        );
    }
}

/// A Breakaway session written when one fact `sheet` served both sheets: its value goes to
/// the fact it belongs to (`own`, which both take, to the side of the last call that answered
/// it, or nowhere), in the facts and in the facts `undo` restores; the file loads, no error.
#[test]
fn an_old_breakaway_sheet_fact_goes_to_the_sheet_its_value_belongs_to() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let write = |name: &str, payload: Value| write_session(d, name, &payload);
    let entry = |procedure: &str, sheet: &str, before: Value| {
        json!({
            "procedure": procedure,
            "answers": [["sheet", {"choice": sheet}], ["down", {"number": 1}]],
            "result": "a call",
            "fields": {},
            "facts_before": before
        })
    };
    // sample, then fire: the last value given is the offence's; the defence's was before it.
    write(
        "old",
        json!({
            "system": "breakaway",
            "facts": {"sheet": {"choice": "fire"}, "pass-tokens": {"number": 3}},
            "log": [
                entry("defense", "sample", json!({})),
                entry("offense", "fire", json!({"sheet": {"choice": "sample"}})),
            ],
            "hand": [{
                "fact": "sheet",
                "after": {"choice": "fire"},
                "facts_before": {"sheet": {"choice": "sample"}},
                "calls": 2
            }]
        }),
    );
    let shown = show(d, "old");
    assert!(
        shown.contains("  offense-sheet: fire (standing)\n"),
        "{shown}"
    );
    assert!(!shown.contains("  sheet:"), "{shown}");
    assert!(shown.contains("by hand: offense-sheet: fire"), "{shown}");
    assert!(!shown.contains("defense-sheet"), "{shown}");
    let t = session::OpenTable::open(d, "old").unwrap();
    assert_eq!(
        t.session.hand[0].facts_before.get("defense-sheet"),
        Some(&Answer::Choice("sample".into()))
    );
    drop(t);
    // Undo the change by hand, then the offence call: the facts before each, brought up to date.
    undo(d, "old");
    undo(d, "old");
    let shown = show(d, "old");
    assert!(
        shown.contains("  defense-sheet: sample (standing)\n"),
        "{shown}"
    );
    assert!(!shown.contains("offense-sheet"), "{shown}");
    // `own` goes to the side of the last call that answered the old question.
    let own = |name: &str, log: Value| {
        write(
            name,
            json!({"system": "breakaway", "facts": {"sheet": {"choice": "own"}}, "log": log}),
        );
        show(d, name)
    };
    let shown = own("own-d", json!([entry("defense", "own", json!({}))]));
    assert!(
        shown.contains("  defense-sheet: own (standing)\n"),
        "{shown}"
    );
    let shown = own(
        "own-o",
        json!([
            entry("defense", "own", json!({})),
            entry("offense", "own", json!({}))
        ]),
    );
    assert!(
        shown.contains("  offense-sheet: own (standing)\n"),
        "{shown}"
    );
    // With no call to say whose it was, it is dropped: asked again, no error.
    let shown = own("own-none", json!([]));
    assert!(shown.contains("(none yet)"), "{shown}");
}

/// The words of `text`, whitespace normalised.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
