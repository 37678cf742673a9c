//! Calls chained where the source chains them: Undaunted's ANGRIFF / NIEDERHALTEN into
//! `target`, ANVISIEREN into `target-tile`, Paydirt VII's `status` into `offense` / `defense`
//! - with `call ... --then PROCEDURE`, in the terminal walk (`next`) and in a table session.

use super::*;

/// A chained call's JSON, pretty-printed for a snapshot.
fn chained(system: &str, list: &[&str]) -> String {
    let (code, out, err) = run_exact(&[&["charts", "call", system][..], list].concat());
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"));
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn an_attack_leads_into_its_target() {
    let json = chained(
        "undaunted",
        &[
            "card",
            "--card",
            "mg-schuetze",
            "--others-no",
            "--d10",
            "4",
            "--json",
            "--then",
            "target",
            "--no-main-target",
            "--def-rifleman",
            "9",
            "--def-other",
            "7",
            "--def-weakest",
            "0",
        ],
    );
    // The card said which unit attacks: the target call is not asked it.
    insta::assert_snapshot!("chain_angriff_target", json);
}

#[test]
fn targeting_leads_into_the_tile_as_in_the_sources_example() {
    // The source's example: a sniper on 1A (7), a machine gun on 10B (6) and two riflemen on
    // 3A (8): the marker goes on 3A.
    let json = chained(
        "undaunted",
        &[
            "card",
            "--card",
            "granatwerfer",
            "--others-no",
            "--possible-anvisieren",
            "--d10",
            "5",
            "--json",
            "--then",
            "target-tile",
            "--tiles",
            "1A: sniper; 10B: mg; 3A: rifleman, rifleman",
        ],
    );
    insta::assert_snapshot!("chain_anvisieren_target_tile", json);
}

#[test]
fn status_feeds_offense_and_defense() {
    // The flags as one line of words: STATUS | the chained call's own.
    let chain = |status: &str, then: &str| {
        let list: Vec<&str> = status
            .split_whitespace()
            .chain(["--json", "--then"])
            .chain(then.split_whitespace())
            .collect();
        chained("paydirt-vii", &list)
    };
    let down = "--down 1 --to-go 10 --yard-line 60";
    // Behind by 3 from midway through the 4th: the offence d20 gets +2 (10 -> 12).
    let json = chain(
        "status --time 4th-late --margin -3",
        &format!("offense {down} --d10 5 --d20 10"),
    );
    insta::assert_snapshot!("chain_status_offense", json);
    // Ahead: the defence d20 gets +2.
    let v: Value = serde_json::from_str(&chain(
        "status --time 4th-late --margin 3",
        &format!("defense {down} --d20 10 --no-blitz"),
    ))
    .unwrap();
    assert_eq!(v["then"]["modified_d20"], 12, "{v}");
    // A flag given after --then wins over what the first call found.
    let v: Value = serde_json::from_str(&chain(
        "status --time 4th-late --margin -3",
        &format!("offense {down} --no-behind --d10 5 --d20 10"),
    ))
    .unwrap();
    assert_eq!(v["status"], "behind");
    assert_eq!(
        v["then"]["modified_d20"], 10,
        "--no-behind given: no shift: {v}"
    );
}

#[test]
fn a_result_that_leads_nowhere_says_so_and_a_misplaced_flag_is_refused() {
    // BEWEGEN needs no target: the first call stands, and a warning says --then was not used.
    let (code, out, err) = run_exact(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "schuetze",
        "--others-no",
        "--possible-bewegen",
        "--d10",
        "1",
        "--then",
        "target",
        "--def-rifleman",
        "9",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("=> BEWEGEN") && !out.contains("then "),
        "{out}"
    );
    assert!(err.contains("does not lead to target"), "{err}");
    // Without --then the readable call names the next call and its flags.
    let (_, out, _) = run(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "mg-schuetze",
        "--d10",
        "4",
    ]);
    assert!(
        out.contains("next: accc charts call undaunted target --attacker mg"),
        "{out}"
    );
    // --json (like --seed and --session) is for the whole chain: before --then; --then needs
    // a procedure of the system.
    let status = [FIRST_HALF_STATUS, &["--then"]].concat();
    for (tail, says) in [
        (&["offense", "--json"][..], "--json goes before --then"),
        (&[][..], "--then: name the procedure"),
        (&["kickoff"][..], "unknown procedure 'kickoff'"),
    ] {
        let (code, _, err) = run_exact(&[&status[..], tail].concat());
        assert_eq!(code, 2, "{tail:?}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn the_walk_goes_on_into_the_next_call() {
    // MG card, three no's, d10 4: ANGRIFF; `next` goes into target with the attacker given
    // (the rifleman at 9 is the weakest unit it can target).
    let (ok, text) = walk_output(
        &["undaunted", "card", "--seed", "1"],
        b"mg-schuetze\nn\nn\nn\n4\nnext\nn\n9\n9\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("(next (into target), back"), "{text}");
    assert!(text.contains("carried over: the mg's target"), "{text}");
    assert!(
        !text.contains("Which AI unit attacks"),
        "the attacker is carried: {text}"
    );
    assert!(
        text.contains("=> Schütze (rifleman) with total defence 9"),
        "{text}"
    );
}

#[test]
fn a_chained_call_is_two_calls_of_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let at = |list: &[&str]| {
        let out = accc().env("ACCC_SAVES", d).args(list).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    at(&["charts", "session", "new", "pd", "paydirt-vii"]);
    at(&[
        "charts",
        "call",
        "paydirt-vii",
        "status",
        "--session",
        "pd",
        "--time",
        "4th-late",
        "--margin",
        "-3",
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
        "--no-blitz",
    ]);
    let log = at(&["charts", "session", "show", "pd"]);
    assert!(log.contains("calls: 2"), "{log}");
    assert!(
        log.contains("1. status => the AI is behind") && log.contains("2. defense => "),
        "{log}"
    );
    at(&["charts", "session", "undo", "pd"]);
    assert!(at(&["charts", "session", "show", "pd"]).contains("calls: 1"));
}

#[test]
fn an_events_coup_leads_into_event_coup() {
    // A 3-Ops coup from an AI event: Europe heads step 4's regions (level 2 there).
    let json = chained(
        "twilight-struggle",
        &[
            "event-action",
            "--gives",
            "coup",
            "--json",
            "--then",
            "event-coup",
            "--ops",
            "3",
            "--no-death-squads",
            "--no-death-squads-against",
            "--coup-region",
            "europe",
        ],
    );
    insta::assert_snapshot!("chain_event_coup", json);
}

#[test]
fn removing_your_influence_carries_remove_into_event_influence() {
    let json = chained(
        "twilight-struggle",
        &[
            "event-action",
            "--gives",
            "remove",
            "--json",
            "--then",
            "event-influence",
            "--others-no",
            "--bg-region",
            "asia",
            "--controlled-bg-region",
            "none",
            "--influence-region",
            "none",
        ],
    );
    insta::assert_snapshot!("chain_event_remove_influence", json);
}

#[test]
fn an_events_influence_at_step_9b_leads_into_the_random_draw() {
    // Step 9 along the Europe-first order: Africa, nothing controlled or next to your
    // superpower: 9B, into place-9b - two countries, one with AI influence (P1 1-4, E1 5-6 on
    // a d6); Op 1 rolls 5: E1, now controlled, so Op 2 goes to P1 without a roll.
    let json = chained(
        "twilight-struggle",
        &[
            "event-influence",
            "--what",
            "place",
            "--others-no",
            "--region-9",
            "africa",
            "--controlled-bg-region",
            "none",
            "--influence-region",
            "none",
            "--bg-region",
            "none",
            "--json",
            "--then",
            "place-9b",
            "--partial",
            "1",
            "--empty",
            "1",
            "--ops",
            "2",
            "--op1-die",
            "5",
            "--op1-controlled",
        ],
    );
    insta::assert_snapshot!("chain_event_influence_place_9b", json);
}

#[test]
fn twilight_step_9b_leads_into_the_draw_with_the_cards_ops() {
    // Mid war, d20 6: Asia. The China card counts 5 there; the draw takes them.
    let action = |d20: &str| {
        let json = chained(
            "twilight-struggle",
            &[
                "action",
                "--ops",
                "5",
                "--war",
                "mid",
                "--others-no",
                "--uncontrolled",
                "--bg-region",
                "none",
                "--region-d20",
                d20,
                "--seed",
                "1",
                "--json",
                "--then",
                "place-9b",
                "--partial",
                "1",
                "--empty",
                "2",
                "--others-no",
            ],
        );
        serde_json::from_str::<Value>(&json).unwrap()
    };
    let v = action("6");
    assert_eq!(v["step"], "9B", "{v}");
    assert_eq!(v["region"], "Asia", "{v}");
    assert_eq!(
        v["next"],
        json!([{"procedure": "place-9b", "given": {"ops": 5}}]),
        "{v}"
    );
    let placed = v["then"]["placed"].as_array().unwrap().len() as i64;
    let unplaced = v["then"]["unplaced"].as_i64().unwrap_or(0);
    let onwards = v["then"]["to_hierarchy"].as_i64().unwrap_or(0);
    assert_eq!(placed + unplaced + onwards, 5, "{v}");
    // Elsewhere it counts 4 (Middle East: 10-13 in mid war).
    let v = action("11");
    assert_eq!(v["region"], "Middle East", "{v}");
    assert_eq!(v["next"][0]["given"]["ops"], 4, "{v}");
}

/// Twilight `flip`: the China card played from the face-up stage leads on into `action` with
/// its 5 Ops given, as its result says, so the chain does not ask the Ops again.
#[test]
fn the_china_card_flipped_leads_into_action_with_five_ops() {
    let (code, out, err) = run_exact(&[
        "charts",
        "call",
        "twilight-struggle",
        "flip",
        "--no-face-down-left",
        "--face-up",
        "3",
        "--exchanges-done",
        "--no-space-race",
        "--china",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["card"], "China", "{v}");
    assert_eq!(
        v["next"],
        json!([{"procedure": "action", "given": {"ops": 5}}]),
        "{v}"
    );
    // Chained, the action call is not asked the Ops: the China card's 5 are carried.
    let (code, out, err) = run_exact(&[
        "charts",
        "call",
        "twilight-struggle",
        "flip",
        "--no-face-down-left",
        "--face-up",
        "3",
        "--exchanges-done",
        "--no-space-race",
        "--china",
        "--json",
        "--then",
        "action",
        "--no-scoring",
        "--war",
        "early",
        "--no-final-round",
        "--no-europe-lost",
        "--no-event-wins",
        "--no-red-scare",
        "--lacks-rmo",
        "--no-italy",
        "--others-no",
        "--region-d20",
        "1",
        "--coup-region",
        "none",
        "--bg-region",
        "none",
        "--nonbg-region",
        "none",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["then"]["step"].is_string(), "{v}");
    assert!(!err.contains("missing --ops"), "{err}");
}
