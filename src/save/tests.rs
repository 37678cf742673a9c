//! Save files: round trips, and every kind of damage refused with the backup offered and
//! nothing lost.

use std::fs;
use std::path::Path;

use super::*;
use crate::engine::MatchOptions;
use crate::league::{Class, Settings};
use crate::play::Levels;

fn tiny(seed: u64) -> Competition {
    let options = MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    };
    Competition::create(
        "Saved-1",
        Settings {
            options,
            levels: Levels { bat: 3, bowl: 4 },
            user_county: Some(5),
            seed,
        },
    )
    .unwrap()
}

/// A competition `matches` matches into its first season.
fn played(seed: u64, matches: usize) -> Competition {
    let mut comp = tiny(seed);
    for _ in 0..matches {
        let f = [Class::Second, Class::First]
            .iter()
            .find_map(|&c| comp.next_fixture(c))
            .unwrap();
        comp.play_fixture_by_computer(f).unwrap();
    }
    comp
}

/// A competition one season and a few matches in.
fn a_season_and_more(seed: u64) -> Competition {
    played(seed, 112 + 3)
}

fn bad_file_message(path: &Path) -> String {
    match load(path) {
        Err(Error::BadFile(m)) => m,
        other => panic!("expected a bad-file error, got {other:?}"),
    }
}

#[test]
fn a_saved_competition_loads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    assert_eq!(path.file_name().unwrap(), "SAVED-1.acc");
    for comp in [tiny(1), a_season_and_more(1)] {
        comp.save(&path).unwrap();
        let back = Competition::load(&path).unwrap();
        assert_eq!(back, comp);
        assert_eq!(
            crate::league::export::export_json(&back),
            crate::league::export::export_json(&comp)
        );
    }
}

#[test]
fn a_copied_file_is_a_competition_of_its_own_name() {
    let dir = tempfile::tempdir().unwrap();
    let original = path_for(dir.path(), "saved-1").unwrap();
    tiny(3).save(&original).unwrap();
    let copy = path_for(dir.path(), "branch").unwrap();
    fs::copy(&original, &copy).unwrap();
    let comp = load(&copy).unwrap();
    assert_eq!(
        comp.name(),
        "BRANCH",
        "the name stored inside the copy is its original's"
    );
    // Everything else is the original's.
    let mut as_stored = comp.clone();
    as_stored.rename("SAVED-1".into());
    assert_eq!(as_stored, tiny(3));
    // A backup read in its file's place is that file's competition.
    fs::copy(&original, dir.path().join("OTHER.bak")).unwrap();
    assert_eq!(load(&dir.path().join("OTHER.bak")).unwrap().name(), "OTHER");
}

#[test]
fn each_save_keeps_the_previous_version_as_the_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    let (old, new) = (tiny(2), played(2, 10));
    old.save(&path).unwrap();
    assert!(
        !backup_path(&path).exists(),
        "nothing to back up the first time"
    );
    new.save(&path).unwrap();
    assert_eq!(load(&path).unwrap(), new);
    assert_eq!(load(&backup_path(&path)).unwrap(), old);
}

#[test]
fn damaged_files_are_refused_with_the_problem_and_the_backup_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    let (old, new) = (tiny(3), played(3, 10));
    old.save(&path).unwrap();
    new.save(&path).unwrap();
    let good = fs::read(&path).unwrap();
    let mut newer = good.clone();
    newer[8] = 9;
    let mut flipped = good.clone();
    let mid = good.len() / 2;
    flipped[mid] ^= 0x40;
    let garbage_inside = container::wrap(b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff not postcard");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "foreign",
            b"PK\x03\x04 some zip file contents".to_vec(),
            "not an ACCC save file",
        ),
        ("empty", Vec::new(), "cut short"),
        (
            "truncated",
            good[..good.len() * 2 / 3].to_vec(),
            "cut short",
        ),
        ("header only", good[..12].to_vec(), "cut short"),
        ("newer", newer, "newer version of ACCC (save format 9"),
        ("bad checksum", flipped, "checksum does not match"),
        ("undecodable", garbage_inside, "cannot be decoded"),
    ];
    for (what, bytes, expected) in cases {
        fs::write(&path, &bytes).unwrap();
        let m = bad_file_message(&path);
        assert!(m.contains(&path.display().to_string()), "{what}: {m}");
        assert!(m.contains(expected), "{what}: {m}");
        assert!(
            m.contains("a backup is at")
                && m.contains("SAVED-1.bak")
                && m.contains("copy it over SAVED-1.acc"),
            "{what}: {m}"
        );
        assert_eq!(
            fs::read(&path).unwrap(),
            bytes,
            "{what}: the damaged file is left as it was"
        );
        assert_eq!(
            load(&backup_path(&path)).unwrap(),
            old,
            "{what}: the backup is intact"
        );
    }
}

#[test]
fn without_a_backup_none_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "LONE").unwrap();
    fs::write(&path, b"hello").unwrap();
    let m = bad_file_message(&path);
    assert!(
        m.contains("not an ACCC save file") && !m.contains("backup"),
        "{m}"
    );
}

#[test]
fn a_missing_file_is_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "NOPE").unwrap();
    match load(&path) {
        Err(Error::NotFound(m)) => assert!(m.contains("NOPE.acc"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_save_killed_mid_write_leaves_the_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    let (first, second) = (tiny(4), played(4, 10));
    first.save(&path).unwrap();
    // The write of `second` died after writing half its temporary file.
    let half = encode(&second);
    fs::write(atomic::temp_path(&path), &half[..half.len() / 2]).unwrap();
    assert_eq!(load(&path).unwrap(), first);
    // The next save goes through and clears the stray file.
    second.save(&path).unwrap();
    assert_eq!(load(&path).unwrap(), second);
    assert_eq!(load(&backup_path(&path)).unwrap(), first);
    assert!(!atomic::temp_path(&path).exists());
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_missing_folder_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(&dir.path().join("a").join("b"), "saved-1").unwrap();
    tiny(5).save(&path).unwrap();
    assert_eq!(load(&path).unwrap(), tiny(5));
}

#[test]
fn names_are_checked_and_upper_cased() {
    let dir = Path::new("saves");
    assert_eq!(path_for(dir, "surrey11").unwrap(), dir.join("SURREY11.acc"));
    assert_eq!(
        path_for(dir, "1st_try.acc").unwrap(),
        dir.join("1ST_TRY.acc")
    );
    for bad in ["", "NINECHARS", "a/b", "..", "x y", "dé"] {
        assert!(
            matches!(path_for(dir, bad), Err(Error::Usage(_))),
            "{bad:?}"
        );
    }
}
