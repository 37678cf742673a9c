//! Data out in every form: every view's CSV parses back (with a CSV reader) to the same
//! records, number for number, as its JSON's rows; `accc show --format` prints the three
//! forms, the text form being the default's; and `accc completions` prints each shell's script.

use std::path::Path;
use std::process::Output;

use accc::counties::{self, Class};
use accc::engine::MatchOptions;
use accc::league::CLASSES;
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::views::{self, Forms};
use serde_json::Value;

use crate::helpers::accc;

fn comp(seed: u64, user: Option<u8>, seasons: u32, extra: usize) -> Competition {
    let options = MatchOptions {
        batsmen: 5,
        packs_per_session: 1,
        days: 1,
        ..Default::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 2, bowl: 3 },
        user_county: user,
        seed,
    };
    let mut c = Competition::create("FORMS", settings).unwrap();
    c.sim_seasons(seasons, |_| {});
    for _ in 0..extra {
        let f = CLASSES.iter().find_map(|&cl| c.next_fixture(cl)).unwrap();
        c.play_fixture_by_computer(f).unwrap();
    }
    c
}

/// Every view of `c`, in every variant worth having.
fn every_view(c: &Competition) -> Vec<(String, Box<dyn Forms>)> {
    let mut out: Vec<(String, Box<dyn Forms>)> = vec![];
    let years: Vec<Option<u16>> = std::iter::once(None)
        .chain(c.seasons().iter().map(|s| Some(s.year)))
        .collect();
    for &year in &years {
        for class in [Class::First, Class::Second] {
            if let Ok(v) = views::table_view(c, year, class) {
                out.push((format!("table {year:?} {class:?}"), Box::new(v)));
            }
            if let Ok(v) = views::averages_view(c, year, class) {
                out.push((format!("averages {year:?} {class:?}"), Box::new(v)));
            }
            if let Ok(v) = views::race_view(c, year, class) {
                out.push((format!("race {year:?} {class:?}"), Box::new(v)));
            }
        }
    }
    for k in counties::ids() {
        if let Ok(v) = views::results_view(c, None, k) {
            out.push((format!("results {k}"), Box::new(v)));
        }
        out.push((
            format!("records {k}"),
            Box::new(views::records_view(c, k).unwrap()),
        ));
        out.push((
            format!("story {k}"),
            Box::new(views::story_view(c, k).unwrap()),
        ));
    }
    out.push(("honours".into(), Box::new(views::honours_view(c).unwrap())));
    out.push((
        "positions".into(),
        Box::new(views::positions_view(c).unwrap()),
    ));
    out.push(("eras".into(), Box::new(views::eras_view(c).unwrap())));
    for class in [Class::First, Class::Second] {
        out.push((
            format!("alltime {class:?}"),
            Box::new(views::alltime_view(c, class).unwrap()),
        ));
        out.push((
            format!("alltime-averages {class:?}"),
            Box::new(views::alltime_averages_view(c, class).unwrap()),
        ));
    }
    out
}

/// The CSV field `field` holds the JSON value `v`: the same number, text, truth, or nothing.
fn same(field: &str, v: &Value) -> bool {
    match v {
        Value::Null => field.is_empty(),
        Value::Bool(b) => field == b.to_string(),
        Value::Number(n) => field.parse::<f64>().ok() == n.as_f64(),
        Value::String(s) => field == s,
        _ => false,
    }
}

/// `csv` (text) and `json` (text) hold the same rows.
pub fn check_csv_against_json(label: &str, csv_text: &str, json_text: &str) {
    let json: Value = serde_json::from_str(json_text).unwrap();
    let rows = json["rows"].as_array().expect("rows");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert!(!header.is_empty(), "{label}: a header row");
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(records.len(), rows.len(), "{label}: one record a row");
    assert_eq!(
        csv_text.lines().count(),
        rows.len() + 1,
        "{label}: one record a line"
    );
    for (i, (rec, row)) in records.iter().zip(rows).enumerate() {
        let obj = row.as_object().expect("a row is an object");
        assert_eq!(obj.len(), header.len(), "{label} row {i}: the same fields");
        for (h, field) in header.iter().zip(rec.iter()) {
            let v = obj
                .get(h)
                .unwrap_or_else(|| panic!("{label} row {i}: no {h} in the JSON"));
            assert!(
                same(field, v),
                "{label} row {i} {h}: CSV {field:?}, JSON {v}"
            );
        }
    }
}

#[test]
fn every_views_csv_reads_back_as_its_json() {
    let kent = counties::find("Kent").unwrap();
    for c in [
        comp(3, None, 0, 0),
        comp(4, None, 1, 0),
        comp(5, Some(kent), 3, 41),
    ] {
        let all = every_view(&c);
        assert!(all.len() > 40);
        for (label, v) in all {
            check_csv_against_json(&label, &v.csv().unwrap(), &v.json());
        }
    }
}

#[test]
fn all_time_counts_of_the_other_class_are_empty_not_zero() {
    let c = comp(4, None, 2, 0);
    for (class, theirs, others) in [
        (
            Class::First,
            ["championships", "relegated", "prize"],
            ["promoted", "wooden_spoons"],
        ),
        (
            Class::Second,
            ["promoted", "wooden_spoons", "seasons"],
            ["championships", "relegated"],
        ),
    ] {
        let v = views::alltime_view(&c, class).unwrap();
        let json: Value = serde_json::from_str(&v.json()).unwrap();
        let csv = v.csv().unwrap();
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
        for (row, line) in json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .zip(csv.lines().skip(1))
        {
            let fields: Vec<&str> = line.split(',').collect();
            for name in theirs {
                assert!(row[name].is_u64(), "{class:?} {name} {row}");
                assert!(
                    fields[col(name)].parse::<u32>().is_ok(),
                    "{class:?} {name} {line}"
                );
            }
            for name in others {
                assert!(row[name].is_null(), "{class:?} {name} {row}");
                assert_eq!(fields[col(name)], "", "{class:?} {name} {line}");
            }
        }
    }
}

#[test]
fn a_view_with_no_rows_still_has_its_header() {
    let c = comp(3, None, 0, 0);
    let honours = views::honours_view(&c).unwrap();
    assert_eq!(
        honours.csv().unwrap(),
        "year,champions,runners_up,third,promoted\n"
    );
    let json: Value = serde_json::from_str(&honours.json()).unwrap();
    assert_eq!(json["rows"], Value::Array(vec![]));
}

fn run(dir: &Path, args: &[&str]) -> Output {
    crate::helpers::run_in(dir, args)
}

fn ok(dir: &Path, args: &[&str]) -> String {
    crate::helpers::ok_in(dir, args)
}

#[test]
fn show_writes_every_view_in_every_form() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "sim",
            "FMT",
            "--years",
            "2",
            "--batsmen",
            "3",
            "--packs-per-session",
            "1",
            "--days",
            "1",
            "--seed",
            "9",
            "--county",
            "Essex",
        ],
    );
    for view in views::VIEW_NAMES {
        let text = ok(d, &["show", "FMT", view]);
        assert_eq!(text, ok(d, &["show", "FMT", view, "--format", "text"]));
        assert!(text.lines().all(|l| l.chars().count() <= 78), "{view}");
        let json = ok(d, &["show", "FMT", view, "--format", "json"]);
        let csv = ok(d, &["show", "FMT", view, "--format", "CSV"]);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["view"], view);
        check_csv_against_json(view, &csv, &json);
    }
    for view in ["story", "eras", "race"] {
        let picture = ok(d, &["show", "FMT", view, "--format", "picture"]);
        assert_eq!(picture.lines().count(), 24, "{view}:\n{picture}");
        assert!(!picture.contains('\x1b'), "no colours into a pipe");
    }
    for (args, says) in [
        (
            vec!["show", "FMT", "table", "--format", "xml"],
            "the formats are: text, json, csv, picture",
        ),
        (
            vec!["show", "FMT", "table", "--format", "picture"],
            "the table view has no picture; the views with one are: story, eras, race",
        ),
        (
            vec!["show", "FMT", "eras", "--year", "1890"],
            "--year does not apply to the eras view, which takes no options",
        ),
        (
            vec!["show", "FMT", "story", "--class", "first"],
            "--class does not apply to the story view (it takes --county)",
        ),
    ] {
        let out = run(d, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn completions_for_each_shell() {
    for (shell, mark) in [
        ("bash", "complete -F _accc"),
        ("zsh", "#compdef accc"),
        ("fish", "complete -c accc"),
    ] {
        let out = accc().args(["completions", shell]).output().unwrap();
        assert!(out.status.success());
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains(mark), "{shell}: {script}");
        for command in ["almanack", "show", "sim", "completions"] {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
    }
    // Where bash is, the script is valid bash and registers the completion.
    let script = accc()
        .args(["completions", "bash"])
        .output()
        .unwrap()
        .stdout;
    if let Ok(out) = std::process::Command::new("bash")
        .arg("-c")
        .arg("source /dev/stdin && complete -p accc")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&script)?;
            child.wait_with_output()
        })
    {
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("_accc"));
    } else {
        crate::helpers::cannot_check("loading the bash script in bash", "bash is not installed");
    }
    let out = accc().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Completion offers the values an argument takes: the views for `show`, `--format`,
/// `--class`, the levels, duel's players, review's sides and the counties of `--home`,
/// `--away` and `--county` (each by full name, short name and letter, sim's `none` too), in
/// every shell's script, asked as a person's Tab asks in bash and, where fish is, in fish
/// (`complete -C`); the help keeps the values said there in words, not listed again. fish's script as clap_complete makes it completes only
/// options: the view and the shell, positional arguments, are added by `accc` itself.
#[test]
fn completion_offers_the_values_an_argument_takes() {
    let script = |shell: &str| {
        let out = accc().args(["completions", shell]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let county_options = 6; // match's and host's --home and --away, sim's and show's --county
    let zsh = script("zsh");
    for value in ["alltime-averages", "picture", "second", "analyst", "away"] {
        assert!(zsh.contains(value), "zsh lacks {value}");
    }
    // A county is offered by each of its names, told with its full name.
    for (value, times) in [
        ("Notts\\:\"Nottinghamshire\"", county_options),
        ("N\\:\"Nottinghamshire\"", county_options),
        ("Nottinghamshire\\:\"Nottinghamshire\"", county_options),
        ("none\\:\"the user has no county\"", 1),
    ] {
        assert_eq!(zsh.matches(value).count(), times, "zsh: {value}");
    }
    let fish = script("fish");
    for value in ["picture", "second", "analyst", "away"] {
        assert!(fish.contains(value), "fish lacks {value}");
    }
    for (value, times) in [
        ("Notts\\t'Nottinghamshire'", county_options),
        ("\nN\\t'Nottinghamshire'", county_options),
        ("none\\t'the user has no county'", 1),
    ] {
        assert_eq!(fish.matches(value).count(), times, "fish: {value}");
    }
    // The view is offered as `show`'s second argument, the options before it read as the
    // subcommand takes them.
    let view = fish
        .lines()
        .find(|l| l.contains("__fish_accc_at_argument show 2 "))
        .expect("fish completes show's view");
    assert!(view.contains(" year= ") && view.contains(" format= ") && view.contains("saves-dir="));
    assert!(fish.contains("table\\t''") && fish.contains("alltime-averages\\t''"));
    assert!(fish.contains("__fish_accc_at_argument completions 1 "));
    let bash = script("bash");
    let cases: [(&str, &[&str]); 12] = [
        ("show K5 ''", &["table", "alltime-averages", "race"]),
        (
            "show K5 table --format ''",
            &["text", "json", "csv", "picture"],
        ),
        ("show K5 table --class ''", &["first", "second"]),
        ("match --bat-level ''", &["1", "2", "3", "4", "5"]),
        ("sim X --bowl-level ''", &["1", "2", "3", "4", "5"]),
        ("duel --a ''", &["1", "5", "frozen", "analyst"]),
        ("review --log x --side ''", &["home", "away"]),
        (
            "match --home ''",
            &["Surrey", "S", "Nottinghamshire", "Notts", "N", "Cheshire"],
        ),
        ("match --away Y", &["Yorkshire", "Yorks", "Y"]),
        ("host --home ''", &["Kent", "K", "Lancs"]),
        ("sim X --county ''", &["none", "Kent", "K", "Middx"]),
        ("show K5 results --county ''", &["Sussex", "X", "Leics"]),
    ];
    let mut probe = String::from(
        "source /dev/stdin\n\
         t() { COMP_WORDS=(accc \"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=();\n\
         _accc accc \"${COMP_WORDS[-1]}\" \"${COMP_WORDS[-2]}\"; echo \"${COMPREPLY[*]}\"; }\n",
    );
    for (words, _) in &cases {
        probe.push_str(&format!("t {words}\n"));
    }
    match ask("bash", &["-c", &probe], &bash) {
        Some(offered) => {
            let offered: Vec<&str> = offered.lines().collect();
            assert_eq!(offered.len(), cases.len(), "{offered:?}");
            for ((words, values), got) in cases.iter().zip(&offered) {
                let got: Vec<&str> = got.split_whitespace().collect();
                for v in *values {
                    assert!(got.contains(v), "accc {words}<Tab> offers {got:?}, not {v}");
                }
            }
            // "Y" offers the county whose letter it is and those beginning with it, no other.
            let yorks = cases.iter().position(|(w, _)| w.ends_with(" Y")).unwrap();
            let mut got: Vec<&str> = offered[yorks].split_whitespace().collect();
            got.sort_unstable();
            assert_eq!(got, ["Y", "Yorks", "Yorkshire"]);
        }
        None => {
            crate::helpers::cannot_check("asking bash for completions", "bash is not installed")
        }
    }
    // fish, where it is, asked as Tab asks it: what it offers, one word a line (before a tab
    // and its description).
    let fish_cases: [(&str, &[&str]); 6] = [
        (
            "accc show K5 ",
            &[
                "alltime",
                "alltime-averages",
                "averages",
                "eras",
                "honours",
                "innings",
                "log",
                "positions",
                "race",
                "records",
                "results",
                "scorecard",
                "story",
                "table",
            ],
        ),
        (
            "accc --saves-dir d show --year 1890 --format csv K5 a",
            &["alltime", "alltime-averages", "averages"],
        ),
        ("accc completions ", &["bash", "fish", "zsh"]),
        ("accc match --away Y", &["Y", "Yorks", "Yorkshire"]),
        (
            "accc sim X --county n",
            &["N", "Nottinghamshire", "Notts", "none"],
        ),
        ("accc show --county K K5 re", &["records", "results"]),
    ];
    let dir = tempfile::tempdir().unwrap();
    let script_at = dir.path().join("accc.fish");
    std::fs::write(&script_at, &fish).unwrap();
    let mut probe = format!("source '{}'\n", script_at.display());
    for (line, _) in &fish_cases {
        probe.push_str(&format!(
            "complete -C '{line}' | string replace -r '\\t.*' '' | string join ' '\n"
        ));
    }
    let script_path = dir.path().join("probe.fish");
    std::fs::write(&script_path, &probe).unwrap();
    match ask("fish", &["--no-config", script_path.to_str().unwrap()], "") {
        Some(offered) => {
            let offered: Vec<&str> = offered.lines().collect();
            assert_eq!(offered.len(), fish_cases.len(), "{offered:?}");
            for ((line, values), got) in fish_cases.iter().zip(offered) {
                let got: Vec<&str> = got.split_whitespace().collect();
                assert_eq!(got, *values, "{line}<Tab>");
            }
        }
        None => crate::helpers::cannot_check(
            "asking fish for completions (its script was read, not asked)",
            "fish is not installed",
        ),
    }
    for args in [&["show"][..], &["match"], &["sim"], &["duel"], &["review"]] {
        let out = accc().args(args).arg("--help").output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(!help.contains("possible values"), "{args:?}: {help}");
    }
}

/// The standard output of `program ARGS` given `input` on standard input, which must succeed;
/// None if the program is not installed.
fn ask(program: &str, args: &[&str], input: &str) -> Option<String> {
    let out = std::process::Command::new(program)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .ok()?;
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).unwrap())
}
