//! `accc sim`, `accc export` and `accc show` end to end, through the real binary: a short
//! competition is simulated, exported and checked (tables, points, order, prize money,
//! movement between classes), sample matches are replayed with `accc match --seed`, and bad
//! files, options and names are refused.

use std::collections::HashSet;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

use crate::helpers::accc;

fn run(dir: &Path, args: &[&str]) -> Output {
    accc()
        .args(args)
        .arg("--saves-dir")
        .arg(dir)
        .env_remove("ACCC_SAVES")
        .output()
        .expect("the binary runs")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The exit code and standard error of a command that must fail.
fn fails(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = run(dir, args);
    assert!(!out.status.success(), "{args:?} should have failed");
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

fn counties(class: &Value) -> HashSet<String> {
    class["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["county"].as_str().unwrap().to_string())
        .collect()
}

fn check_table(class: &Value, first: bool) {
    let table = class["table"].as_array().unwrap();
    let matches = class["matches"].as_array().unwrap();
    assert_eq!((table.len(), matches.len()), (8, 56));
    for (place, row) in table.iter().enumerate() {
        let county = &row["county"];
        assert_eq!(n(&row["played"]), 14);
        assert_eq!(
            n(&row["won"]) + n(&row["lost"]) + n(&row["drawn"]) + n(&row["tied"]),
            14
        );
        let points: u64 = matches
            .iter()
            .map(|m| {
                if &m["home"] == county {
                    n(&m["points"]["home"])
                } else if &m["away"] == county {
                    n(&m["points"]["away"])
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(n(&row["points"]), points, "{county}");
        let prize = if first {
            [360, 150, 80, 45, 24, 10, 0, 0][place]
        } else {
            0
        };
        assert_eq!(n(&row["prize"]), prize);
    }
    for pair in table.windows(2) {
        assert!(n(&pair[0]["points"]) >= n(&pair[1]["points"]));
    }
    for round in 1..=14 {
        assert_eq!(
            matches.iter().filter(|m| n(&m["round"]) == round).count(),
            4
        );
    }
}

/// Replays `m` with `accc match` and the file's options, and compares the result.
fn replay(dir: &Path, m: &Value) {
    let seed = n(&m["seed"]).to_string();
    let (home, away) = (m["home"].as_str().unwrap(), m["away"].as_str().unwrap());
    let out = ok(
        dir,
        &[
            "match",
            "--home",
            home,
            "--away",
            away,
            "--seed",
            &seed,
            "--batsmen",
            "4",
            "--json",
        ],
    );
    let result: Value = serde_json::from_str(out.trim()).unwrap();
    for side in ["home", "away"] {
        let exported: Vec<u64> = m["innings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|i| i["batting"] == side)
            .map(|i| n(&i["total"]))
            .collect();
        let replayed: Vec<u64> = result["totals"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(n)
            .collect();
        assert_eq!(
            exported, replayed,
            "{side} totals of {home} v {away}, seed {seed}"
        );
        assert_eq!(result["points"][side], m["points"][side]);
    }
    assert_eq!(result["outcome"], m["outcome"]);
}

#[test]
fn the_users_county_is_starred_against_its_own_name_in_the_honours() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let honours = ok(
        d,
        &["sim", "a", "--years", "1", "--batsmen", "4", "--seed", "7"],
    );
    let line = honours.lines().find(|l| l.starts_with("1890")).unwrap();
    // The champions' name, then the same competition with them as the user's county.
    let champions = line[6..].split("  ").next().unwrap().trim().to_string();
    let honours = ok(
        d,
        &[
            "sim",
            "b",
            "--years",
            "1",
            "--batsmen",
            "4",
            "--seed",
            "7",
            "--county",
            &champions,
        ],
    );
    let line = honours.lines().find(|l| l.starts_with("1890")).unwrap();
    assert!(line[6..].starts_with(&format!("{champions}*")), "{line}");
    assert!(
        !line.contains(" *"),
        "a star standing apart reads as the next county's: {line}"
    );
}

#[test]
fn sim_then_export_adds_up_and_every_seed_replays() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let honours = ok(
        d,
        &["sim", "x", "--years", "2", "--batsmen", "4", "--seed", "7"],
    );
    assert!(
        honours.contains("Rolls of honour") && honours.contains("1890") && honours.contains("1891"),
        "{honours}"
    );
    assert!(d.join("X.acc").is_file());
    let v: Value = serde_json::from_str(&ok(d, &["export", "X"])).unwrap();
    assert_eq!(
        (
            n(&v["format"]),
            v["name"].as_str().unwrap(),
            n(&v["first_year"])
        ),
        (1, "X", 1890)
    );
    assert_eq!(n(&v["options"]["batsmen"]), 4);
    assert_eq!(v["options"]["packs_per_session"], 3);
    assert!(v["user_county"].is_null() && v["current"].is_null());
    let seasons = v["seasons"].as_array().unwrap();
    assert_eq!(
        seasons.iter().map(|s| n(&s["year"])).collect::<Vec<_>>(),
        [1890, 1891]
    );
    for s in seasons {
        check_table(&s["first_class"], true);
        check_table(&s["second_class"], false);
        assert_eq!(s["champion"], s["first_class"]["table"][0]["county"]);
        assert_eq!(s["relegated"], s["first_class"]["table"][7]["county"]);
        assert_eq!(s["promoted"], s["second_class"]["table"][0]["county"]);
        assert_eq!(s["wooden_spoon"], s["second_class"]["table"][7]["county"]);
    }
    let (y1, y2) = (&seasons[0], &seasons[1]);
    let mut expected = counties(&y1["first_class"]);
    assert!(expected.remove(y1["relegated"].as_str().unwrap()));
    expected.insert(y1["promoted"].as_str().unwrap().to_string());
    assert_eq!(
        counties(&y2["first_class"]),
        expected,
        "the promoted county went up, the relegated one down"
    );
    assert!(counties(&y2["second_class"]).contains(y1["relegated"].as_str().unwrap()));
    let first_1890: Vec<&str> = y1["first_class"]["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["county"].as_str().unwrap())
        .collect();
    assert!(
        first_1890.contains(&"Surrey")
            && first_1890.contains(&"Sussex")
            && !first_1890.contains(&"Somerset")
    );
    for (s, class, i) in [(y1, "first_class", 0), (y2, "second_class", 37)] {
        replay(d, &s[class]["matches"][i]);
    }
}

#[test]
fn sim_goes_on_from_where_the_file_stands() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tiny = [
        "--batsmen",
        "3",
        "--packs-per-session",
        "1",
        "--days",
        "1",
        "--seed",
        "11",
        "--county",
        "kent",
    ];
    let first = ok(
        d,
        &[&["sim", "ON", "--years", "1", "--json"][..], &tiny[..]].concat(),
    );
    let report: Value = serde_json::from_str(first.trim()).unwrap();
    assert_eq!((n(&report["years"]), n(&report["matches"])), (1, 112));
    assert!(n(&report["deliveries"]) > 0 && report["seconds"].as_f64().is_some());
    let again: Value = serde_json::from_str(
        ok(
            d,
            &["sim", "on", "--years", "1", "--batsmen", "3", "--json"],
        )
        .trim(),
    )
    .unwrap();
    assert_eq!(again["last_year"], 1891);
    let v: Value = serde_json::from_str(&ok(d, &["export", "On"])).unwrap();
    assert_eq!(v["seasons"].as_array().unwrap().len(), 2);
    assert_eq!(v["user_county"], "Kent");
    // Two seasons in two runs are the same as two in one.
    let both = ok(
        d,
        &[&["sim", "BOTH", "--years", "2"][..], &tiny[..]].concat(),
    );
    let w: Value = serde_json::from_str(&ok(d, &["export", "BOTH"])).unwrap();
    assert_eq!(v["seasons"], w["seasons"]);
    assert!(both.contains("* your county (Kent)"));
}

#[test]
fn options_of_an_existing_file_cannot_be_changed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "sim",
            "FIXED",
            "--years",
            "0",
            "--batsmen",
            "4",
            "--no-byes",
            "--seed",
            "5",
        ],
    );
    let before = std::fs::read(d.join("FIXED.acc")).unwrap();
    for (args, named) in [
        (vec!["--batsmen", "5"], "--batsmen 5"),
        (vec!["--bat-level", "2"], "--bat-level 2"),
        (vec!["--no-wides"], "--no-wides"),
        (vec!["--county", "Surrey"], "--county Surrey"),
        (vec!["--seed", "6"], "--seed 6"),
    ] {
        let (code, err) = fails(
            d,
            &[&["sim", "FIXED", "--years", "1"][..], &args[..]].concat(),
        );
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(named) && err.contains("fixed when it was made"),
            "{err}"
        );
    }
    assert_eq!(
        std::fs::read(d.join("FIXED.acc")).unwrap(),
        before,
        "nothing was played or written"
    );
    ok(
        d,
        &[
            "sim",
            "FIXED",
            "--years",
            "0",
            "--batsmen",
            "4",
            "--no-byes",
            "--seed",
            "5",
            "--county",
            "none",
        ],
    );
}

#[test]
fn a_damaged_file_is_never_replaced_by_a_new_competition() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("HURT.acc"), b"not a save file at all").unwrap();
    let (code, err) = fails(d, &["sim", "HURT", "--years", "1"]);
    assert_eq!(code, 4);
    assert!(
        err.contains("HURT.acc") && err.contains("not an ACCC save file"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(d.join("HURT.acc")).unwrap(),
        b"not a save file at all"
    );
    let (code, _) = fails(d, &["export", "HURT"]);
    assert_eq!(code, 4);
    let (code, err) = fails(d, &["export", "NONE"]);
    assert_eq!(code, 3, "{err}");
    // A backup without its file is not buried under a new competition either.
    std::fs::write(d.join("LOST.bak"), b"an old backup").unwrap();
    let (code, err) = fails(d, &["sim", "LOST", "--years", "0"]);
    assert_eq!(code, 3);
    assert!(err.contains("LOST.bak"), "{err}");
    let (code, err) = fails(d, &["sim", "much-too-long", "--years", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("1 to 8"), "{err}");
    let made = ok(d, &["sim", "NOUGHT", "--years", "0", "--seed", "1"]);
    assert_eq!(
        made.trim(),
        "NOUGHT is ready: no seasons played now; the 1890 season is next."
    );
}

#[test]
fn show_prints_every_view_within_78_columns_and_names_the_valid_values() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "sim",
            "SHOW",
            "--years",
            "2",
            "--batsmen",
            "3",
            "--packs-per-session",
            "1",
            "--days",
            "1",
            "--seed",
            "3",
            "--county",
            "Y",
        ],
    );
    let views = [
        "table",
        "averages",
        "results",
        "records",
        "honours",
        "positions",
        "alltime",
        "alltime-averages",
    ];
    for view in views {
        // Every option the view takes (any other is refused: below).
        let takes: &[&str] = match view {
            "table" | "averages" => &["--class", "second", "--year", "1890"],
            "results" => &["--year", "1890", "--county", "Essex"],
            "records" => &["--county", "Essex"],
            "alltime" | "alltime-averages" => &["--class", "second"],
            _ => &[],
        };
        for extra in [&[][..], takes] {
            let text = ok(d, &[&["show", "SHOW", view][..], extra].concat());
            assert!(text.lines().count() > 3, "{view}: {text}");
            for line in text.lines() {
                assert!(line.chars().count() <= 78, "{view}: {line:?}");
            }
        }
    }
    // The all-time results list every county, as the guide says, played in the class or not.
    for class in ["first", "second"] {
        let text = ok(d, &["show", "SHOW", "alltime", "--class", class]);
        for c in accc::counties::all() {
            assert!(
                text.contains(&c.name),
                "{class}: {} missing:\n{text}",
                c.name
            );
        }
    }
    let table = ok(d, &["show", "SHOW", "table", "--year", "1891"]);
    assert!(
        table.contains("Yorkshire") && table.contains('*'),
        "{table}"
    );
    // With 1892 not begun, a season's view shows 1891, the one just played.
    assert_eq!(ok(d, &["show", "SHOW", "table"]), table);
    assert_eq!(
        ok(d, &["show", "SHOW", "averages"]),
        ok(d, &["show", "SHOW", "averages", "--year", "1891"])
    );
    for (args, listed) in [
        (vec!["show", "SHOW", "tables"], "table, averages, results"),
        (
            vec!["show", "SHOW", "table", "--class", "third"],
            "first, second",
        ),
        (
            vec!["show", "SHOW", "table", "--year", "1850"],
            "1890 to 1892",
        ),
        (
            vec!["show", "SHOW", "results", "--county", "Durham"],
            "Cheshire",
        ),
        (
            vec!["show", "SHOW", "records", "--year", "1700"],
            "--year does not apply to the records view (it takes --county)",
        ),
        (
            vec!["show", "SHOW", "results", "--class", "second"],
            "--class does not apply to the results view",
        ),
        (
            vec!["show", "SHOW", "table", "--county", "Kent"],
            "--county does not apply to the table view",
        ),
        (
            vec!["show", "SHOW", "honours", "--year", "1890"],
            "does not apply to the honours view, which takes no options",
        ),
    ] {
        let (code, err) = fails(d, &args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(listed), "{args:?}: {err}");
    }
}

#[test]
fn the_saves_folder_can_come_from_the_environment_and_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("deep").join("saves");
    let out = accc()
        .args(["sim", "ENV", "--years", "0", "--seed", "1"])
        .env("ACCC_SAVES", &nested)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(nested.join("ENV.acc").is_file());
}

#[test]
fn sim_says_when_fewer_seasons_are_left_than_asked_and_refuses_a_finished_competition() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tiny = [
        "--batsmen",
        "2",
        "--packs-per-session",
        "1",
        "--days",
        "1",
        "--seed",
        "1",
    ];
    ok(d, &[&["sim", "FIN", "--years", "99"][..], &tiny].concat());
    let out = run(d, &["sim", "FIN", "--years", "5"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("only 1 season was left to play, up to 1989; it is played and FIN is over"));
    let path = d.join("FIN.acc");
    let before = std::fs::read(&path).unwrap();
    let (code, err) = fails(d, &["sim", "FIN", "--years", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("FIN is over") && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file is untouched"
    );
    // Without a number of seasons, a finished competition shows its roll of honour and says
    // it is over in the same words.
    let out = run(d, &["sim", "FIN"]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("FIN is over: all its seasons up to 1989 have been played")
            && said.contains("roll of honour is above"),
        "{said}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1989"));
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn match_results_keep_their_columns_for_the_longest_scores() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["sim", "COLS", "--years", "2", "--seed", "7"]);
    let mut long_scores = 0;
    for c in accc::counties::all() {
        for year in ["1890", "1891"] {
            let text = ok(
                d,
                &[
                    "show", "COLS", "results", "--county", &c.name, "--year", year,
                ],
            );
            let header = text
                .lines()
                .find(|l| l.starts_with("Rd "))
                .expect("a header");
            let pts_end = header.find("Pts").unwrap() + 3;
            let result_col = header.find(" R ").unwrap() + 1;
            let played =
                |l: &&str| l.len() > pts_end && b"WLDT".contains(&l.as_bytes()[result_col]);
            for line in text.lines().filter(played) {
                let bytes = line.as_bytes();
                assert!(
                    bytes[pts_end - 1].is_ascii_digit() && bytes[pts_end] == b' ',
                    "points column out of line:\n{header}\n{line}"
                );
                long_scores += line.contains("d & ") as usize;
            }
        }
    }
    assert!(
        long_scores > 0,
        "some scores had a declaration and a second innings"
    );
}
