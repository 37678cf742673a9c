//! The `call` defects found by playing at the table, each pinned: a yes/no left out is
//! refused (never taken as no), standing facts given where a call does not need them are not
//! warned about, JSON keeps every roll, Twilight's step 9 names its region and d20, a tile
//! named twice is one tile, a half ending on a long drive is not refused, negative dice are
//! refused as out of range, and region flags mean the same whatever the card.

use super::*;

#[test]
fn a_yes_no_left_out_is_refused_with_the_flags_to_give() {
    let (code, out, err) = run_exact(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "granatwerfer",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("--on-targeted or --no-on-targeted") && err.contains("--others-no"),
        "{err}"
    );
    // Given, each way, it is used.
    let (code, out, _) = run_exact(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "granatwerfer",
        "--no-on-targeted",
        "--others-no",
        "--d10",
        "5",
        "--d10",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("no"), "{out}");
    // A flag and its --no- form exclude each other.
    let (code, _, err) = run_exact(&[
        "charts",
        "call",
        "paydirt-vii",
        "defense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--blitz",
        "--no-blitz",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--no-blitz"), "{err}");
    // --behind answers "ahead?" too (they exclude each other); even needs both --no- forms.
    let (code, _, err) = run_exact(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--behind",
        "--d10",
        "1",
        "--d20",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run_exact(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--d10",
        "1",
        "--d20",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--no-behind"), "{err}");
}

#[test]
fn a_standing_fact_the_call_does_not_reach_is_not_warned_about() {
    let (code, out, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "defense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--blitz",
        "--d20",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("(SD)"), "{out}");
    assert!(err.is_empty(), "{err}");
    // A situation flag the call did not reach is still reported.
    let (_, _, err) = run(&[
        "charts",
        "call",
        "twilight-struggle",
        "action",
        "--scoring",
        "--italy",
    ]);
    assert!(err.contains("--italy was not used"), "{err}");
}

#[test]
fn json_keeps_every_roll_and_re_roll() {
    let v = call_json(
        "undaunted",
        "card",
        &args(&[
            "--card",
            "granatwerfer",
            "--d10",
            "5",
            "--d10",
            "1",
            "--json",
        ]),
    );
    assert_eq!(v["d10"], 1);
    assert_eq!(
        v["rolls"],
        json!([
            {"die": "W10 (d10)", "value": 5, "rolled": false},
            {"die": "W10 (d10)", "value": 1, "rolled": false}
        ])
    );
}

#[test]
fn twilight_action_json_names_the_region_and_its_d20() {
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&[
            "--ops",
            "3",
            "--war",
            "mid",
            "--region-d20",
            "7",
            "--adjacent",
            "--bg-region",
            "none",
            "--json",
        ]),
    );
    assert_eq!(v["step"], "9A");
    assert_eq!(v["region"], "Asia");
    assert_eq!(v["d20"], 7);
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&["--ops", "3", "--war", "mid", "--italy", "--json"]),
    );
    assert_eq!(v["step"], "1");
    assert_eq!(v["region"], Value::Null);
    assert_eq!(v["d20"], Value::Null);
}

#[test]
fn a_tile_named_twice_is_one_tile() {
    let v = call_json(
        "undaunted",
        "target-tile",
        &args(&["--tiles", "1A: sniper; 1A: mg", "--json"]),
    );
    assert_eq!(
        (v["tile"].clone(), v["value"].clone()),
        (json!("1A"), json!(13))
    );
    assert_eq!(v["units"], 2);
}

#[test]
fn a_long_drive_at_half_time_is_not_refused() {
    let v = call_json(
        "breakaway",
        "clock",
        &args(&[
            "--spent",
            "16",
            "--cards-left",
            "0",
            "--quarter",
            "2",
            "--json",
        ]),
    );
    assert_eq!(v["quarter"], 3, "{v}");
    // Into the 2nd quarter a drive that long still cannot go on.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "breakaway",
        "clock",
        "--spent",
        "16",
        "--cards-left",
        "0",
        "--quarter",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("past a whole further quarter"), "{err}");
}

#[test]
fn a_negative_die_is_out_of_range_not_an_unknown_argument() {
    let (code, _, err) = run(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "granatwerfer",
        "--d10",
        "-1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("-1 is out of range"), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
}

#[test]
fn a_region_flag_means_the_same_whatever_the_card() {
    // A 2-Ops card coups in Asia only (4A): the Middle East is a valid answer that does not
    // count, not an error.
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&[
            "--ops",
            "2",
            "--war",
            "mid",
            "--lacks-rmo",
            "--coup-region",
            "middle-east",
            "--region-d20",
            "3",
            "--bg-region",
            "none",
            "--nonbg-region",
            "none",
            "--json",
        ]),
    );
    assert_ne!(v["step"], "4");
    assert_ne!(v["step"], "4A");
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&[
            "--ops",
            "3",
            "--war",
            "mid",
            "--lacks-rmo",
            "--coup-region",
            "middle-east",
            "--json",
        ]),
    );
    assert_eq!(v["step"], "4", "{v}");
}

#[test]
fn an_out_of_range_total_follows_the_named_reading() {
    // A platoon sergeant's -2 on a 1 gives -1, outside every range. The default is the
    // source's reading (the re-roll is the rifleman's alone): the nearest range, VERSTÄRKEN.
    let base = [
        "--card",
        "zugtruppfuehrer",
        "--cards-left",
        "--reinforce-useful",
        "--d10",
        "1",
        "--d10",
        "9",
        "--json",
    ];
    let v = call_json("undaunted", "card", &args(&base));
    assert_eq!(
        (v["action"].clone(), v["total"].clone()),
        (json!("VERSTÄRKEN"), json!(-1))
    );
    assert_eq!(v["rolls"].as_array().unwrap().len(), 1);
    // Re-rolling on every card is the other named choice: 9 - 2 = 7 commands.
    let every = [&base[..], &["--out-of-range", "every-card"]].concat();
    let v = call_json("undaunted", "card", &args(&every));
    assert_eq!(
        (v["action"].clone(), v["d10"].clone()),
        (json!("BEFEHLIGEN"), json!(9))
    );
    assert_eq!(v["rolls"].as_array().unwrap().len(), 2);
    // The rifleman's card re-rolls whatever the choice: 5 + 6 = 11, then 3 + 6 = 9.
    let v = call_json(
        "undaunted",
        "card",
        &args(&[
            "--card",
            "schuetze",
            "--can-secure",
            "--d10",
            "5",
            "--d10",
            "3",
            "--json",
        ]),
    );
    assert_eq!(
        (v["action"].clone(), v["total"].clone()),
        (json!("SICHERN"), json!(9))
    );
}

#[test]
fn undaunted_target_reads_the_weakest_unit_for_the_two_lower_rule() {
    let target = |extra: &[&str]| -> (i32, String, String) {
        let mut list = vec![
            "charts",
            "call",
            "undaunted",
            "target",
            "--no-main-target",
            "--json",
        ];
        list.extend_from_slice(extra);
        run_exact(&list)
    };
    let json_of = |extra: &[&str]| -> Value {
        let (code, out, err) = target(extra);
        assert_eq!(code, 0, "{extra:?}: {err}");
        assert!(err.is_empty(), "no flag left unused: {err}");
        serde_json::from_str(&out).unwrap()
    };
    // The source's example: a sniper attacks; your rifleman at 9 is the target unless another
    // unit at 7 or less can be attacked.
    let v = json_of(&[
        "--attacker",
        "sniper",
        "--def-rifleman",
        "9",
        "--def-weakest",
        "7",
    ]);
    assert_eq!(v, json!({"target": "other", "defense": 7, "rolls": []}));
    let v = json_of(&[
        "--attacker",
        "sniper",
        "--def-rifleman",
        "9",
        "--def-weakest",
        "8",
    ]);
    assert_eq!(v, json!({"target": "Schütze", "defense": 9, "rolls": []}));
    // The play-through's call: the MG's sniper at 6, a unit at 4 given as the weakest.
    let v = json_of(&[
        "--attacker",
        "mg",
        "--def-rifleman",
        "0",
        "--def-sniper",
        "6",
        "--def-weakest",
        "4",
    ]);
    assert_eq!(v, json!({"target": "other", "defense": 4, "rolls": []}));
    // Without it, the other units' lowest is asked as before.
    let v = json_of(&[
        "--attacker",
        "sniper",
        "--def-rifleman",
        "9",
        "--def-weakest",
        "0",
        "--def-other",
        "7",
    ]);
    assert_eq!(v["target"], "other", "{v}");
    // A weakest unit stronger than the target found is refused.
    let (code, _, err) = target(&[
        "--attacker",
        "mg",
        "--def-rifleman",
        "5",
        "--def-weakest",
        "8",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot be stronger than the rifleman"),
        "{err}"
    );
}

#[test]
fn a_region_flag_no_step_can_use_counts_as_none_on_the_command_line() {
    // Step 5 is about non-European battlegrounds: the walk does not offer Europe, but the flag
    // takes every region, and Europe there counts as none.
    let base = [
        "--ops",
        "3",
        "--war",
        "mid",
        "--influence-control",
        "--region-d20",
        "3",
        "--bg-region",
        "none",
        "--json",
    ];
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&[&base[..], &["--influence-region", "europe"]].concat()),
    );
    assert_ne!(v["step"], "5A", "{v}");
    let v = call_json(
        "twilight-struggle",
        "action",
        &args(&[&base[..], &["--influence-region", "asia"]].concat()),
    );
    assert_eq!(v["step"], "5A", "{v}");
    // A value the flag does not take at all is still refused.
    let bad = args(
        &[
            &base[..],
            &["--influence-region", "atlantis", "--others-no"],
        ]
        .concat(),
    );
    assert!(cli::call_text(Some("twilight-struggle"), Some("action"), &bad).is_err());
}
