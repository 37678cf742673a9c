//! The century as a library: every match of a competition reopened from its record (the
//! save's shelf or the archive beside it), agreeing with the history export's totals, its
//! ball log passing the program's own log check and the independent one; `accc show NAME
//! scorecard|log`; the frozen format-4 fixture; what an old file's matches say.
//!
//! The same check over 100 seasons is a documented command (docs/LEAGUE.md):
//! `cargo test --release --test it a_hundred_seasons_reopen -- --ignored --nocapture`.

use std::path::{Path, PathBuf};

use accc::counties::Class;
use accc::history::{Library, MatchId, NotKept};
use serde_json::Value;

use super::helpers::{ok_in, replay, run_in};
use super::log_check::check_log;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// `accc sim NAME --years N --seed S` in `dir`; the save's path.
fn simulated(dir: &Path, name: &str, years: u32, seed: u64) -> PathBuf {
    ok_in(
        dir,
        &[
            "sim",
            name,
            "--years",
            &years.to_string(),
            "--seed",
            &seed.to_string(),
            "--json",
        ],
    );
    dir.join(format!("{name}.acc"))
}

/// Reopens `count` matches of the save at `path`, picked by a fixed walk over all of them
/// (every match when `count` is at least their number): each agrees with the history
/// export's figures, and its ball log passes both log checks. Returns how many were opened.
fn reopen_and_check(path: &Path, count: usize) -> usize {
    let (comp, library) = Library::open(path).expect("the save opens");
    let export: Value =
        serde_json::from_str(&accc::league::export::export_json(&comp)).expect("export JSON");
    let ids: Vec<MatchId> = comp
        .years()
        .flat_map(|y| Library::season_ids(&comp, y))
        .collect();
    let step = (ids.len() / count.max(1)).max(1);
    let mut opened = 0;
    // An odd stride from a fixed start visits classes, rounds and seasons alike.
    for id in ids.iter().skip(step / 3).step_by(step).take(count) {
        let kept = library
            .kept(&comp, *id)
            .unwrap_or_else(|e| panic!("{id:?}: {e}"));
        let season = match export["seasons"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["year"] == id.year)
        {
            Some(s) => s,
            None => &export["current"],
        };
        let class = match id.class {
            Class::First => "first_class",
            Class::Second => "second_class",
        };
        let m = &season[class]["matches"][id.k()];
        let [home, away] = kept.names();
        assert_eq!(
            (m["home"].as_str(), m["away"].as_str()),
            (Some(home), Some(away))
        );
        assert_eq!(m["seed"], kept.fixture.seed);
        assert_eq!(m["round"], id.round);
        let p = kept.state.public();
        let innings = m["innings"].as_array().unwrap();
        assert_eq!(innings.len(), p.started().len(), "{id:?}");
        for (e, inn) in innings.iter().zip(p.started()) {
            let side = if inn.batting == accc::engine::Side::Home {
                "home"
            } else {
                "away"
            };
            assert_eq!(e["batting"], side, "{id:?}");
            assert_eq!(e["total"], inn.total, "{id:?}");
            assert_eq!(e["wickets"], inn.wickets, "{id:?}");
            assert_eq!(e["balls"], inn.balls, "{id:?}");
            // The scorecard adds up: batsmen's runs and extras make the total.
            let batted: u16 = inn.batsmen.iter().map(|b| b.runs).sum();
            assert_eq!(batted + inn.extras(), inn.total, "{id:?}");
        }
        let r = p.result.as_ref().expect("a kept match is over");
        assert_eq!(m["points"]["home"], r.points[0]);
        assert_eq!(m["points"]["away"], r.points[1]);
        let log = kept.ball_log().text();
        check_log(&log);
        assert_eq!(replay(&log), log, "{id:?}: the log replays to itself");
        opened += 1;
    }
    opened
}

#[test]
fn matches_reopened_from_a_few_seasons_agree_with_the_export_and_their_logs_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "LIB", 3, 36);
    // Three seasons simulated in one run: the archive beside the save holds them all, and
    // the save names the last.
    let archive = dir.path().join("LIB.acx");
    assert!(archive.is_file());
    let all = accc::save::load_all(&path).unwrap();
    assert_eq!(all.archived_through, Some(1892));
    assert!(all.comp.shelf().seasons().is_empty());
    assert_eq!(reopen_and_check(&path, 30), 30);
    // Every match of the three seasons opens (each is checked against its result).
    let (comp, library) = Library::open(&path).unwrap();
    for y in comp.years() {
        for id in Library::season_ids(&comp, y) {
            library.kept(&comp, id).unwrap();
        }
    }
}

#[test]
fn a_season_under_way_keeps_its_matches_in_the_save_and_later_ones_in_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "PART", 1, 7);
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let mut comp = keeper.load().unwrap();
    // Half a season by computer, saved: its matches' records are in the save.
    for _ in 0..50 {
        let f = comp
            .next_fixture(Class::First)
            .or_else(|| comp.next_fixture(Class::Second))
            .unwrap();
        comp.play_fixture_by_computer(f).unwrap();
    }
    keeper.store(&comp).unwrap();
    drop(keeper);
    let all = accc::save::load_all(&path).unwrap();
    assert_eq!(all.archived_through, Some(1890));
    assert_eq!(all.comp.shelf().seasons().len(), 1);
    assert_eq!(all.comp.shelf().seasons()[0].count(), 50);
    assert_eq!(reopen_and_check(&path, 200), 112 + 50);
    // A match not yet played says so.
    let (comp, library) = Library::open(&path).unwrap();
    let id = MatchId {
        year: 1891,
        class: Class::Second,
        round: 14,
        index: 3,
    };
    assert!(matches!(
        library.kept(&comp, id),
        Err(NotKept::NotPlayed(_))
    ));
}

#[test]
fn a_save_whose_archive_is_gone_or_damaged_says_so_and_a_later_save_sets_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "GONE", 2, 9);
    let archive = dir.path().join("GONE.acx");
    let id = MatchId {
        year: 1890,
        class: Class::First,
        round: 2,
        index: 1,
    };
    let bytes = std::fs::read(&archive).unwrap();
    std::fs::remove_file(&archive).unwrap();
    let (comp, library) = Library::open(&path).unwrap();
    let e = library.kept(&comp, id).unwrap_err();
    assert!(e.to_string().contains("GONE.acx"), "{e}");
    // The season's envelope damaged: the checksum says so, in words. A season of the archive
    // is read and checked alone, so damage in another one does not stop its matches opening.
    let second = 20 + u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let mut later = bytes.clone();
    later[second + 40] ^= 0x40;
    std::fs::write(&archive, &later).unwrap();
    let (comp, library) = Library::open(&path).unwrap();
    library.kept(&comp, id).expect("1890's envelope is sound");
    let e = library
        .kept(&comp, MatchId { year: 1891, ..id })
        .unwrap_err()
        .to_string();
    assert!(e.contains("checksum"), "{e}");
    let mut bad = bytes.clone();
    bad[40] ^= 0x40;
    std::fs::write(&archive, &bad).unwrap();
    let (comp, library) = Library::open(&path).unwrap();
    let e = library.kept(&comp, id).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    // A library reads a season once, what is wrong with it included (an almanack of a
    // damaged archive does not read the archive again for each of its matches): put right
    // behind its back, it still says so; a library opened anew reads it again.
    std::fs::write(&archive, &bytes).unwrap();
    let again = library
        .kept(&comp, MatchId { round: 3, ..id })
        .unwrap_err()
        .to_string();
    assert!(again.contains("checksum"), "{again}");
    let (comp2, library2) = Library::open(&path).unwrap();
    library2.kept(&comp2, id).expect("read anew");
    std::fs::write(&archive, &bad).unwrap();
    // The command line refuses it as a damaged file, changing nothing.
    let out = run_in(
        dir.path(),
        &[
            "show",
            "GONE",
            "scorecard",
            "--year",
            "1890",
            "--county",
            "surrey",
            "--round",
            "2",
        ],
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum"));
    assert_eq!(std::fs::read(&archive).unwrap(), bad);
    // The next season simulated moves the damaged archive aside, never writing over it.
    ok_in(dir.path(), &["sim", "GONE", "--years", "1"]);
    assert_eq!(std::fs::read(dir.path().join("GONE.acx.bad")).unwrap(), bad);
    let (comp, library) = Library::open(&path).unwrap();
    library
        .kept(&comp, MatchId { year: 1892, ..id })
        .expect("the new season is kept");
}

#[test]
fn matches_of_an_earlier_format_say_result_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixture("FORMAT1.acc"), dir.path().join("OLD.acc")).unwrap();
    let (comp, library) = Library::open(&dir.path().join("OLD.acc")).unwrap();
    let id = MatchId {
        year: 1890,
        class: Class::First,
        round: 1,
        index: 0,
    };
    assert!(matches!(
        library.kept(&comp, id),
        Err(NotKept::ResultOnly(_))
    ));
    let out = run_in(
        dir.path(),
        &[
            "show",
            "OLD",
            "scorecard",
            "--year",
            "1890",
            "--county",
            "surrey",
            "--round",
            "1",
        ],
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("result only"), "{err}");
}

#[test]
fn show_prints_a_kept_match_as_scorecard_json_csv_and_a_log_that_review_accepts() {
    let dir = tempfile::tempdir().unwrap();
    simulated(dir.path(), "SHOW", 1, 11);
    let args = |view: &'static str, more: &[&'static str]| {
        let mut a = vec![
            "show", "SHOW", view, "--year", "1890", "--county", "kent", "--round", "5",
        ];
        a.extend_from_slice(more);
        a
    };
    let text = ok_in(dir.path(), &args("scorecard", &[]));
    assert!(text.starts_with("1890 "), "{text}");
    assert!(text.contains("Kent"), "{text}");
    assert!(
        text.contains("Fall of wickets") && text.contains("Points:"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 78), "{text}");
    let json: Value = serde_json::from_str(&ok_in(
        dir.path(),
        &args("scorecard", &["--format", "json"]),
    ))
    .unwrap();
    assert_eq!(json["year"], 1890);
    assert_eq!(json["round"], 5);
    assert!(json["home"] == "Kent" || json["away"] == "Kent");
    let rows = json["rows"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["kind"] == "batsman"));
    assert!(rows.iter().any(|r| r["kind"] == "fall"));
    // Each innings' batsmen and extras add up to its total.
    for total in rows.iter().filter(|r| r["kind"] == "total") {
        let inn = &total["innings"];
        let runs: u64 = rows
            .iter()
            .filter(|r| &r["innings"] == inn && (r["kind"] == "batsman" || r["kind"] == "extras"))
            .filter_map(|r| r["runs"].as_u64())
            .sum();
        assert_eq!(Some(runs), total["runs"].as_u64());
    }
    let csv = ok_in(dir.path(), &args("scorecard", &["--format", "csv"]));
    assert!(
        csv.starts_with("innings,batting,kind,no,how_out,runs,balls"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), rows.len() + 1);
    // The log: the ball-log format, which the checks and `accc review --log` take.
    let log = ok_in(dir.path(), &args("log", &[]));
    check_log(&log);
    assert_eq!(replay(&log), log);
    std::fs::write(dir.path().join("m.jsonl"), &log).unwrap();
    let review = ok_in(dir.path(), &["review", "--log", "m.jsonl"]);
    assert!(!review.is_empty());
    // Clear refusals, in the program's words.
    for (more, says) in [
        (vec!["--round", "15"], "round"),
        (vec!["--class", "second"], "class"),
    ] {
        let mut a = vec![
            "show",
            "SHOW",
            "scorecard",
            "--year",
            "1890",
            "--county",
            "kent",
        ];
        if more[0] != "--round" {
            a.extend(["--round", "5"]);
        }
        a.extend(more);
        let out = run_in(dir.path(), &a);
        assert!(!out.status.success(), "{a:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
    let out = run_in(
        dir.path(),
        &[
            "show",
            "SHOW",
            "scorecard",
            "--year",
            "1890",
            "--county",
            "kent",
        ],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--round") && !said.contains("  "), "{said}");
    let out = run_in(
        dir.path(),
        &[
            "show",
            "SHOW",
            "scorecard",
            "--year",
            "1950",
            "--county",
            "kent",
            "--round",
            "1",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("1950"));
    let out = run_in(dir.path(), &args("log", &["--format", "csv"]));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("JSON Lines") && !said.contains("  "),
        "{said}"
    );
    let out = run_in(dir.path(), &["show", "SHOW", "table", "--round", "3"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--round"));
}

/// The frozen format-4 fixture (`tests/fixtures/FORMAT4.acc` and its archive
/// `FORMAT4.acx`): two seasons simulated from seed 3636 by the build that made format 4
/// (`accc sim FORMAT4 --years 2 --seed 3636`), then eight matches of 1892 by computer one at
/// a time so that the save keeps the season under way itself. Every later build must open
/// its matches to the same scorecards.
#[test]
fn the_format_4_fixture_opens_to_the_same_scorecards() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["FORMAT4.acc", "FORMAT4.acx"] {
        std::fs::copy(fixture(f), dir.path().join(f)).unwrap();
    }
    let path = dir.path().join("FORMAT4.acc");
    let (comp, library) = Library::open(&path).unwrap();
    let mut cards = String::new();
    for (year, class, k) in [
        (1890, Class::First, 0),
        (1890, Class::Second, 55),
        (1891, Class::First, 29),
        (1892, Class::First, 3),
        (1892, Class::Second, 3),
    ] {
        let kept = library.kept(&comp, MatchId::at(year, class, k)).unwrap();
        cards.push_str(&accc::views::scorecard_view(&kept).text().join("\n"));
        cards.push_str("\n\n");
    }
    insta::assert_snapshot!("format4_scorecards", cards);
    // Every match played opens, and agrees with the export.
    let played: usize = comp
        .years()
        .map(|y| Library::season_ids(&comp, y).len())
        .sum();
    assert_eq!(played, 2 * 112 + 8);
    assert_eq!(reopen_and_check(&path, played), played);
}

/// The frozen format-5 fixture (`tests/fixtures/FORMAT5.acc`, save format 5 with its
/// innings records, and `FORMAT5.acx`, archive format 2: a season an envelope), made by
/// `make_the_format_5_fixture` (`tests/it/tui/history.rs`): a match the person played on the
/// match screen, two seasons and eight matches of a third. Every later build must read it to
/// the same scorecards, the same person's choices, the same innings records, and every match
/// must reopen and agree with the export.
#[test]
fn the_format_5_fixture_opens_to_the_same_scorecards_choices_and_records() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["FORMAT5.acc", "FORMAT5.acx"] {
        std::fs::copy(fixture(f), dir.path().join(f)).unwrap();
    }
    let path = dir.path().join("FORMAT5.acc");
    // The formats it pins: the save's envelope says 5, the archive's 2.
    let version = |f: &str| {
        let bytes = std::fs::read(dir.path().join(f)).unwrap();
        u16::from_le_bytes([bytes[8], bytes[9]])
    };
    assert_eq!((version("FORMAT5.acc"), version("FORMAT5.acx")), (5, 2));
    let (comp, library) = Library::open(&path).unwrap();
    let user = comp.settings().user_county.expect("a person's county");
    let persons: Vec<_> = Library::season_ids(&comp, 1890)
        .into_iter()
        .filter_map(|id| library.kept(&comp, id).ok())
        .filter(|m| m.by_person == Some(true))
        .collect();
    assert_eq!(persons.len(), 1, "one match played by the person");
    let person = &persons[0];
    let side = person.summary.side_of(user).unwrap();
    let mut text = String::new();
    text.push_str(&accc::views::scorecard_view(person).text().join("\n"));
    text.push_str("\n\nThe person's choices:\n");
    for (_, choice) in person.decisions(side).unwrap() {
        text.push_str(&format!("{choice:?}\n"));
    }
    for (year, class, k) in [
        (1890, Class::First, 0),
        (1891, Class::Second, 40),
        (1892, Class::First, 3),
    ] {
        let kept = library.kept(&comp, MatchId::at(year, class, k)).unwrap();
        text.push('\n');
        text.push_str(&accc::views::scorecard_view(&kept).text().join("\n"));
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&ok_in(dir.path(), &["show", "FORMAT5", "innings"]));
    insta::assert_snapshot!("format5_scorecards_choices_records", text);
    let played: usize = comp
        .years()
        .map(|y| Library::season_ids(&comp, y).len())
        .sum();
    assert_eq!(played, 2 * 112 + 8);
    assert_eq!(reopen_and_check(&path, played), played);
}

use accc::views::Forms;

/// The 100-season check: `cargo test --release --test it a_hundred_seasons_reopen --
/// --ignored --nocapture` (docs/LEAGUE.md). 500 matches picked across the century.
#[test]
#[ignore]
fn a_hundred_seasons_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "CENTURY", 100, 1);
    let t = std::time::Instant::now();
    let n = reopen_and_check(&path, 500);
    let size = |f: &str| std::fs::metadata(dir.path().join(f)).map_or(0, |m| m.len());
    println!(
        "{n} matches reopened and checked in {:.2} s; CENTURY.acc {} bytes, CENTURY.acx {} \
         bytes, CENTURY.bak {} bytes",
        t.elapsed().as_secs_f64(),
        size("CENTURY.acc"),
        size("CENTURY.acx"),
        size("CENTURY.bak"),
    );
    assert_eq!(n, 500);
}

/// How `FORMAT4.acc` and `FORMAT4.acx` were made (once; never regenerated):
/// `ACCC_FIXTURE_DIR=D cargo test --release --test it make_the_format_4_fixture -- --ignored`.
#[test]
#[ignore]
fn make_the_format_4_fixture() {
    let Some(dir) = std::env::var_os("ACCC_FIXTURE_DIR") else {
        return;
    };
    let dir = PathBuf::from(dir);
    let path = simulated(&dir, "FORMAT4", 2, 3636);
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let mut comp = keeper.load().unwrap();
    for _ in 0..8 {
        let f = comp
            .next_fixture(Class::First)
            .or_else(|| comp.next_fixture(Class::Second))
            .unwrap();
        comp.play_fixture_by_computer(f).unwrap();
    }
    keeper.store(&comp).unwrap();
}

#[test]
fn innings_records_name_their_matches_and_agree_with_the_scorecards() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "INN", 2, 21);
    let (comp, library) = Library::open(&path).unwrap();
    // The highest innings, found independently from every kept match.
    let mut best = 0u16;
    for y in comp.years() {
        for id in Library::season_ids(&comp, y) {
            let kept = library.kept(&comp, id).unwrap();
            for inn in kept.state.public().started() {
                best = best.max(inn.batsmen.iter().map(|b| b.runs).max().unwrap_or(0));
            }
        }
    }
    let json: Value = serde_json::from_str(&ok_in(
        dir.path(),
        &["show", "INN", "innings", "--format", "json"],
    ))
    .unwrap();
    assert_eq!(json["matches_read"], 224);
    let rows = json["rows"].as_array().unwrap();
    let top = &rows[0];
    assert_eq!(top["kind"], "highest");
    assert_eq!(top["runs"], best);
    // The scorecard (JSON) of the match a record row names.
    let card_of = |r: &Value| -> Value {
        serde_json::from_str(&ok_in(
            dir.path(),
            &[
                "show",
                "INN",
                "scorecard",
                "--year",
                &r["year"].to_string(),
                "--county",
                r["county"].as_str().unwrap(),
                "--round",
                &r["round"].to_string(),
                "--format",
                "json",
            ],
        ))
        .unwrap()
    };
    // Each record's match opens, and its scorecard shows that batsman's score.
    for r in rows.iter().filter(|r| r["kind"] == "highest").take(3) {
        let county = r["county"].as_str().unwrap();
        let card = card_of(r);
        assert!(card["rows"].as_array().unwrap().iter().any(|b| {
            b["kind"] == "batsman"
                && b["batting"] == county
                && b["no"] == r["no"]
                && b["runs"] == r["runs"]
        }));
    }
    let hundreds: u64 = rows
        .iter()
        .filter(|r| r["kind"] == "hundreds")
        .map(|r| r["runs"].as_u64().unwrap())
        .sum();
    let counted = rows
        .iter()
        .filter(|r| r["kind"] == "highest" && r["runs"].as_u64().unwrap() >= 100)
        .count() as u64;
    assert!(hundreds >= counted);
    let partnerships: Vec<&Value> = rows.iter().filter(|r| r["kind"] == "partnership").collect();
    assert!(!partnerships.is_empty());
    // Each record partnership is on its match's card, unbroken there if it says so, and the
    // text marks the unbroken ones.
    for r in &partnerships {
        let county = r["county"].as_str().unwrap();
        let card = card_of(r);
        let kind = if r["unbroken"] == true {
            "unbroken"
        } else {
            "fall"
        };
        assert!(
            card["rows"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["kind"] == kind
                    && b["batting"] == county
                    && b["wicket"] == r["wicket"]
                    && b["partnership"] == r["runs"]),
            "{r}"
        );
    }
    let unbroken = partnerships
        .iter()
        .filter(|r| r["unbroken"] == true)
        .count();
    let text = ok_in(dir.path(), &["show", "INN", "innings"]);
    let marked = text
        .lines()
        .skip_while(|l| !l.starts_with("Record partnerships (* unbroken)"))
        .filter(|l| {
            l.contains(" wkt ")
                && l.split_whitespace()
                    .nth(2)
                    .is_some_and(|r| r.ends_with('*'))
        })
        .count();
    assert_eq!(marked, unbroken, "{text}");
    // Each section once, in order.
    let all = ok_in(dir.path(), &["show", "INN", "innings"]);
    for head in [
        "Highest innings",
        "Each county's highest innings",
        "Hundreds",
    ] {
        assert_eq!(all.lines().filter(|l| *l == head).count(), 1, "{all}");
    }
    let text = ok_in(
        dir.path(),
        &["show", "INN", "innings", "--county", "surrey"],
    );
    assert!(text.starts_with("Innings records: Surrey"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 78), "{text}");
    // An old file's matches cannot be read, and the view says so.
    std::fs::copy(fixture("FORMAT1.acc"), dir.path().join("OLD.acc")).unwrap();
    let old = ok_in(dir.path(), &["show", "OLD", "innings"]);
    assert!(old.contains("kept as results only"), "{old}");
}

#[test]
fn a_kill_between_the_archive_and_the_save_leaves_every_match_of_the_save_openable() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "KILL", 1, 5);
    // The next season played and put in the archive, and the program killed before its save
    // (the Keeper writes the archive first): the archive is a season ahead of the save.
    let mut comp = accc::save::load(&path).unwrap();
    comp.sim_seasons(1, |_| {});
    let ahead: Vec<&accc::league::kept::SeasonTapes> = comp.shelf().seasons().iter().collect();
    accc::save::archive::append(
        &dir.path().join("KILL.acx"),
        comp.settings().seed,
        Some(1890),
        &ahead,
    )
    .unwrap();
    assert_eq!(reopen_and_check(&path, 500), 112);
    // The season played again and saved: the archive's copy is replaced, and all opens.
    ok_in(dir.path(), &["sim", "KILL", "--years", "1"]);
    assert_eq!(
        accc::save::load_all(&path).unwrap().archived_through,
        Some(1891)
    );
    assert_eq!(reopen_and_check(&path, 500), 224);
}

/// Each county's innings records worked out afresh from every kept match of `comp`: (the
/// runs of its ten highest innings, the highest at each place, its hundreds, its carried bats,
/// its best partnership for each wicket).
type Brute = (Vec<u16>, Vec<u16>, u32, usize, Vec<u16>);

fn brute_innings(comp: &accc::league::Competition, library: &Library) -> Vec<Brute> {
    let n = accc::counties::all().len();
    let mut all: Vec<Vec<u16>> = vec![Vec::new(); n];
    let mut at: Vec<Vec<u16>> = vec![vec![0; 11]; n];
    let mut hundreds = vec![0u32; n];
    let mut carried = vec![0usize; n];
    let mut pairs: Vec<Vec<u16>> = vec![vec![0; 10]; n];
    for y in comp.years() {
        for id in Library::season_ids(comp, y) {
            let Ok(kept) = library.kept(comp, id) else {
                continue;
            };
            let p = kept.state.public();
            let all_out = p.options.all_out();
            for inn in p.started() {
                let c = kept.summary.county(inn.batting) as usize;
                for (no, b) in inn
                    .batsmen
                    .iter()
                    .enumerate()
                    .take(p.options.batsmen as usize)
                {
                    if !b.batted {
                        continue;
                    }
                    all[c].push(b.runs);
                    at[c][no] = at[c][no].max(b.runs);
                    hundreds[c] += u32::from(b.runs >= 100);
                    carried[c] += usize::from(no < 2 && b.out.is_none() && inn.wickets == all_out);
                }
                for (w, f) in inn.falls().iter().enumerate() {
                    pairs[c][w] = pairs[c][w].max(f.partnership);
                }
                if inn.wickets < all_out {
                    let w = inn.wickets as usize;
                    pairs[c][w] = pairs[c][w].max(inn.partnership());
                }
            }
        }
    }
    (0..n)
        .map(|c| {
            let mut top = all[c].clone();
            top.sort_unstable_by(|a, b| b.cmp(a));
            top.truncate(10);
            (
                top,
                at[c].clone(),
                hundreds[c],
                carried[c],
                pairs[c].clone(),
            )
        })
        .collect()
}

/// The same figures as the competition's kept table has them.
fn kept_innings(comp: &accc::league::Competition) -> Vec<Brute> {
    comp.innings()
        .counties
        .iter()
        .map(|c| {
            (
                c.top.iter().map(|i| i.runs).collect(),
                c.best_at.iter().map(|b| b.map_or(0, |b| b.runs)).collect(),
                c.hundreds,
                c.carried.len(),
                c.partnerships
                    .iter()
                    .map(|p| p.map_or(0, |p| p.runs))
                    .collect(),
            )
        })
        .collect()
}

/// The innings records the league keeps as it adds each match agree with the records found
/// afresh by replaying every kept match; so does the table a format-4 file (which has none)
/// has built for it by replay when it is opened, and the table survives a save and a load
/// (format 5).
#[test]
fn the_kept_innings_records_agree_with_the_replayed_matches() {
    let dir = tempfile::tempdir().unwrap();
    let path = simulated(dir.path(), "INNK", 2, 77);
    let (comp, library) = Library::open(&path).unwrap();
    assert_eq!(comp.innings().matches_read, 224);
    assert_eq!(comp.innings().result_only, 0);
    let kept = kept_innings(&comp);
    assert_eq!(kept, brute_innings(&comp, &library));
    assert!(kept.iter().any(|c| c.2 > 0), "some hundreds in two seasons");
    // Every record names a match in which that batsman made that score.
    for c in &comp.innings().counties {
        for i in c.top.iter().take(2) {
            let id = MatchId {
                year: i.at.year,
                class: i.at.class,
                round: i.at.round,
                index: i.at.index,
            };
            let m = library.kept(&comp, id).unwrap();
            let p = m.state.public();
            assert!(p.started().iter().any(|inn| {
                m.summary.county(inn.batting) == i.county
                    && inn.batsmen[i.no as usize - 1].runs == i.runs
            }));
        }
    }
    // The format-4 fixture: its table is built by replay on opening, the archive read too.
    let fdir = tempfile::tempdir().unwrap();
    for f in ["FORMAT4.acc", "FORMAT4.acx"] {
        std::fs::copy(fixture(f), fdir.path().join(f)).unwrap();
    }
    let fpath = fdir.path().join("FORMAT4.acc");
    let (old, library) = Library::open(&fpath).unwrap();
    assert_eq!(old.innings().matches_read, 2 * 112 + 8);
    assert_eq!(kept_innings(&old), brute_innings(&old, &library));
    // Written again (format 5), it keeps the table, and its matches open as before.
    let mut keeper = accc::save::Keeper::take(&fpath).unwrap();
    let comp = keeper.load().unwrap();
    keeper.store(&comp).unwrap();
    drop(keeper);
    let bytes = std::fs::read(&fpath).unwrap();
    let (version, _) = accc::store::envelope::unwrap(accc::save::KIND, &bytes).unwrap();
    assert_eq!(version, 5);
    let (again, library) = Library::open(&fpath).unwrap();
    assert_eq!(again.innings(), old.innings());
    let m = library
        .kept(&again, MatchId::at(1890, Class::First, 0))
        .unwrap();
    assert_eq!(
        m.summary,
        again.season(1890).unwrap().class(Class::First).matches()[0]
    );
}
