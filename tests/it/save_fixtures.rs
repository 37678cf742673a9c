//! Frozen save files under `tests/fixtures/`, made by the program itself and never
//! regenerated: each must load, for ever, to the competition recorded beside it.
//!
//! - `FORMAT1.acc`: a format-1 file written by the program before format 2 existed (2 seasons
//!   simulated from seed 2121 with Surrey as the person's county, then two matches of 1892
//!   played from the terminal program's menu). `FORMAT1.export.json` is what `accc export`
//!   printed for it on the same day. The export may grow fields, so every field recorded
//!   there must still be present with the same value.
//! - `FORMAT2.acc`: a format-2 file written by the program with format 2: `FORMAT1.acc` opened
//!   (and so upgraded), Surrey's match against Yorkshire begun with [2], Surrey fielding,
//!   played with [=] and [Enter] to 55-3 after 14 overs, then left with [Esc] [Y] (folded
//!   into the save) and [Q]. It holds the same competition as `FORMAT1.acc`; its match in
//!   play holds the person's actions and the computer's choices, and must resume to the
//!   screen in `snapshots/it__save_fixtures__format2_in_play.snap` whatever the computer
//!   players of a later build would choose.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Every field of `old`, at every depth, is in `new` with the same value (arrays element by
/// element, of the same length). Returns the first path where they part.
fn contained(old: &Value, new: &Value, path: &str) -> Result<(), String> {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                let at = format!("{path}.{k}");
                let w = b.get(k).ok_or_else(|| format!("{at} is missing"))?;
                contained(v, w, &at)?;
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Err(format!("{path} has {} items, not {}", b.len(), a.len()));
            }
            for (i, (v, w)) in a.iter().zip(b).enumerate() {
                contained(v, w, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if old == new => Ok(()),
        _ => Err(format!("{path} is {new}, not {old}")),
    }
}

#[test]
fn the_format_1_fixture_loads_to_the_competition_recorded_beside_it() {
    let comp = accc::save::load(&fixture("FORMAT1.acc")).expect("the format-1 fixture loads");
    let now: Value = serde_json::from_str(&accc::league::export::export_json(&comp)).unwrap();
    let then: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("FORMAT1.export.json")).unwrap())
            .unwrap();
    if let Err(at) = contained(&then, &now, "export") {
        panic!("the format-1 fixture no longer loads to the same competition: {at}");
    }
    // Format 1 did not keep which matches the person played: a match of the person's county
    // (Surrey) whose seed no longer replays it may be theirs or an earlier build's computer's,
    // and says so with null; every other match is the computer's.
    let mut unknown = 0;
    for season in now["seasons"]
        .as_array()
        .unwrap()
        .iter()
        .chain([&now["current"]])
    {
        for class in ["first_class", "second_class"] {
            for m in season[class]["matches"].as_array().unwrap() {
                let surrey = m["home"] == "Surrey" || m["away"] == "Surrey";
                match &m["user_played"] {
                    Value::Null if surrey => unknown += 1,
                    Value::Bool(false) => {}
                    other => panic!("user_played {other} in {m}"),
                }
            }
        }
    }
    assert_eq!(
        unknown, 28,
        "Surrey's matches of 1890 and 1891, an earlier build's computer's"
    );
}

/// The export of the fixture `name`, as JSON.
fn export_of(path: &Path) -> Value {
    let comp = accc::save::load(path).expect("the fixture loads");
    serde_json::from_str(&accc::league::export::export_json(&comp)).unwrap()
}

fn format1_export() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture("FORMAT1.export.json")).unwrap()).unwrap()
}

#[test]
fn the_format_2_fixture_holds_the_format_1_competition_and_its_match_in_play() {
    let mut then = format1_export();
    then["name"] = "FORMAT2".into();
    if let Err(at) = contained(&then, &export_of(&fixture("FORMAT2.acc")), "export") {
        panic!("the format-2 fixture no longer loads to the same competition: {at}");
    }
    let bytes = std::fs::read(fixture("FORMAT2.acc")).unwrap();
    assert_eq!(&bytes[8..10], &[2, 0], "written as format 2");
    let all = accc::save::load_all(&fixture("FORMAT2.acc")).unwrap();
    let game = all.in_play.expect("a match in play");
    assert_eq!(all.last_played, None);
    let f = &game.fixture;
    let names = |id| accc::counties::get(id).name.as_str();
    assert_eq!(
        (f.year, f.round, names(f.home), names(f.away)),
        (1892, 1, "Surrey", "Yorkshire")
    );
    assert_eq!(game.mode, accc::save::record::Mode::Play);
    assert!(game
        .ops
        .iter()
        .any(|op| matches!(op, accc::save::record::Op::Computer(_))));
    // It resumes to the very screen it was left on, and to the same screen under computer
    // players that would choose otherwise (here: other levels), as a later build's may.
    let screen_of = |settings: &accc::league::Settings| {
        let s = accc::live::LiveMatch::of_record(settings, &game).unwrap();
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 25)).unwrap();
        t.draw(|frame| accc::tui::match_screen::draw(frame, frame.area(), &s))
            .unwrap();
        crate::helpers::buffer_text(t.backend().buffer())
    };
    let screen = screen_of(all.comp.settings());
    let mut other = *all.comp.settings();
    other.levels = accc::play::Levels { bat: 1, bowl: 2 };
    assert_eq!(screen_of(&other), screen);
    insta::assert_snapshot!("format2_in_play", screen);
}

#[test]
fn a_format_1_file_is_upgraded_on_its_next_save_and_holds_the_same_competition() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("FORMAT1.acc");
    std::fs::copy(fixture("FORMAT1.acc"), &path).unwrap();
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let comp = keeper.load().unwrap();
    assert!(keeper.in_play().is_none() && keeper.last_played().is_none());
    keeper.store(&comp).unwrap();
    drop(keeper);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[..10], b"ACCCSAVE\x05\x00", "format 5 now");
    if let Err(at) = contained(&format1_export(), &export_of(&path), "export") {
        panic!("the upgraded file holds another competition: {at}");
    }
    // What could not be known of the person's matches stays unknown once written as format 3.
    let upgraded = accc::save::load(&path).unwrap();
    assert_eq!(upgraded.unknown_matches().count(), 28);
    // The format-1 original is the backup.
    assert_eq!(
        std::fs::read(dir.path().join("FORMAT1.bak")).unwrap(),
        std::fs::read(fixture("FORMAT1.acc")).unwrap()
    );
}

#[test]
fn the_subset_check_notices_a_changed_figure() {
    let then: Value = serde_json::json!({"a": [1, {"b": 2}], "c": "x"});
    let grown: Value = serde_json::json!({"a": [1, {"b": 2, "new": 9}], "c": "x", "d": 0});
    assert_eq!(contained(&then, &grown, "e"), Ok(()));
    let changed: Value = serde_json::json!({"a": [1, {"b": 3}], "c": "x"});
    assert!(contained(&then, &changed, "e")
        .unwrap_err()
        .contains("e.a[1].b"));
    let shorter: Value = serde_json::json!({"a": [1], "c": "x"});
    assert!(contained(&then, &shorter, "e").is_err());
}

#[test]
fn sim_refuses_a_file_with_the_persons_match_in_play_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("FORMAT2.acc");
    std::fs::copy(fixture("FORMAT2.acc"), &path).unwrap();
    let out = crate::helpers::accc()
        .args(["sim", "FORMAT2", "--years", "1", "--saves-dir"])
        .arg(dir.path())
        .env_remove("ACCC_SAVES")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has your match in play"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(fixture("FORMAT2.acc")).unwrap()
    );
}
