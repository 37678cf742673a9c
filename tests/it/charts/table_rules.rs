//! The procedures the sources gave only as text, called from the command line and checked
//! against the sources' own examples.

use super::*;

#[test]
fn breakaway_time_outs_and_matchups_as_in_the_faq() {
    let v = call_json(
        "breakaway",
        "time-outs",
        &args(&["--cards-left", "2", "--time-outs", "3", "--json"]),
    );
    assert_eq!(
        (v["plays"].clone(), v["untimed"].clone()),
        (json!(5), json!(3))
    );
    let v = call_json(
        "breakaway",
        "matchup",
        &args(&[
            "--offense-value",
            "6",
            "--pass",
            "--prevent",
            "--game-day",
            "0",
            "--json",
        ]),
    );
    assert_eq!(v["gain"], 3);
    let v = call_json(
        "breakaway",
        "matchup",
        &args(&[
            "--offense-value",
            "2",
            "--pass",
            "--defense-value",
            "5",
            "--min-gain",
            "--game-day",
            "1",
            "--json",
        ]),
    );
    assert_eq!(
        (v["matchup"].clone(), v["gain"].clone()),
        (json!(1), json!(2))
    );
}

#[test]
fn undaunted_reinforcing_as_in_the_sources_example() {
    let v = call_json(
        "undaunted",
        "reinforce",
        &args(&[
            "--piles",
            "rifleman A: 5 counter; rifleman B: 5 counter; sniper: 3 counter",
            "--count",
            "3",
            "--json",
        ]),
    );
    assert_eq!(v["taken"], json!([{"pile": "Schütze A", "cards": 3}]));
    let (code, _, err) = run(&[
        "charts",
        "call",
        "undaunted",
        "reinforce",
        "--piles",
        "tank: 3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown unit 'tank'"), "{err}");
    // The W10 for tied tiles, seeded: the same seed, the same tile.
    let a = call_json(
        "undaunted",
        "move-tie",
        &args(&["--tied", "3", "--seed", "9", "--json"]),
    );
    let b = call_json(
        "undaunted",
        "move-tie",
        &args(&["--tied", "3", "--seed", "9", "--json"]),
    );
    assert_eq!(a, b);
    assert!((1..=3).contains(&a["tile"].as_i64().unwrap()), "{a}");
}

#[test]
fn twilight_headline_and_tie_from_the_command_line() {
    let v = call_json(
        "twilight-struggle",
        "headline",
        &args(&["--no-draw-1", "--draw-2", "--json"]),
    );
    assert_eq!(v["draws"], 2);
    let v = call_json(
        "twilight-struggle",
        "tie",
        &args(&[
            "--shares",
            "1, 1, 1, 1",
            "--die",
            "6",
            "--die",
            "2",
            "--json",
        ]),
    );
    assert_eq!(v["choice"], 2);
    assert_eq!(v["rolls"].as_array().unwrap().len(), 2, "{v}");
}
