//! Save files: round trips, and every kind of damage refused with the backup offered and
//! nothing lost.

use std::fs;
use std::path::Path;

use super::*;
use crate::engine::MatchOptions;
use crate::league::Competition;
use crate::league::{Class, Settings};
use crate::play::Levels;
use crate::store::envelope;
use crate::store::{self, atomic};

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

/// `comp` under the name the helpers above give, to compare with them.
fn as_saved_1(mut comp: Competition) -> Competition {
    comp.rename("SAVED-1".into());
    comp
}

fn bad_file_message(path: &Path) -> String {
    match load(path) {
        Err(
            e @ Error {
                kind: ErrorKind::Unusable(_),
                ..
            },
        ) => e.to_string(),
        other => panic!("expected a bad-file error, got {other:?}"),
    }
}

#[test]
fn a_saved_competition_loads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    assert_eq!(path.file_name().unwrap(), "SAVED-1.acc");
    for comp in [tiny(1), a_season_and_more(1)] {
        store(&path, &comp).unwrap();
        let back = load(&path).unwrap();
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
    store(&original, &tiny(3)).unwrap();
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
    store(&path, &old).unwrap();
    assert!(
        !backup_path(&path).exists(),
        "nothing to back up the first time"
    );
    store(&path, &new).unwrap();
    assert_eq!(load(&path).unwrap(), new);
    assert_eq!(load(&backup_path(&path)).unwrap(), old);
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn damaged_files_are_refused_with_the_problem_and_the_backup_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    let (old, new) = (tiny(3), played(3, 10));
    store(&path, &old).unwrap();
    store(&path, &new).unwrap();
    let good = fs::read(&path).unwrap();
    let mut newer = good.clone();
    newer[8] = 9;
    let mut flipped = good.clone();
    let mid = good.len() / 2;
    flipped[mid] ^= 0x40;
    // The tester's damage: bytes 14-15 (the length's top half) overwritten.
    let mut long_length = good.clone();
    long_length[14..16].copy_from_slice(b"\xff\xff");
    // A length that could be, but is not this payload's (whose checksum holds).
    let mut short_length = good.clone();
    short_length[12..16].copy_from_slice(&((good.len() - 30) as u32).to_le_bytes());
    let garbage_inside = envelope::wrap(
        KIND,
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff not postcard",
    );
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "foreign",
            b"PK\x03\x04 some zip file contents".to_vec(),
            "not an ACCC save file",
        ),
        ("empty", Vec::new(), "is empty"),
        (
            "truncated",
            good[..good.len() * 2 / 3].to_vec(),
            "cut short",
        ),
        ("header only", good[..12].to_vec(), "cut short"),
        (
            "length beyond any save",
            long_length,
            "the length in its header is damaged",
        ),
        (
            "length not the payload's",
            short_length,
            "the length in its header is damaged",
        ),
        ("newer", newer, "newer version of ACCC (format 9"),
        ("bad checksum", flipped, "checksum does not match"),
        (
            "undecodable",
            garbage_inside,
            "cannot be read as a competition",
        ),
    ];
    for (what, bytes, expected) in cases {
        fs::write(&path, &bytes).unwrap();
        let m = bad_file_message(&path);
        assert!(m.contains(&path.display().to_string()), "{what}: {m}");
        assert!(m.contains(expected), "{what}: {m}");
        assert!(
            expected == "cut short" || !m.contains("cut short"),
            "{what}: {m}"
        );
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
        Err(
            e @ Error {
                kind: ErrorKind::File(store::ErrorKind::NotFound),
                ..
            },
        ) => assert!(e.to_string().contains("NOPE.acc"), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_save_killed_mid_write_leaves_the_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "saved-1").unwrap();
    let (first, second) = (tiny(4), played(4, 10));
    store(&path, &first).unwrap();
    // The write of `second` died after writing half its temporary file.
    let half = encode(&second);
    let stray = atomic::temp_path(&path);
    fs::write(&stray, &half[..half.len() / 2]).unwrap();
    assert_eq!(load(&path).unwrap(), first);
    // The next owner of the file sweeps the stray file away, and its save goes through.
    let mut keeper = Keeper::take(&path).unwrap();
    assert!(!stray.exists());
    assert_eq!(keeper.load().unwrap(), first);
    keeper.store(&second).unwrap();
    assert_eq!(load(&path).unwrap(), second);
    assert_eq!(load(&backup_path(&path)).unwrap(), first);
}

#[test]
fn a_keeper_never_overwrites_a_file_another_program_wrote_since() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "RACE").unwrap();
    let mut keeper = Keeper::take(&path).unwrap();
    keeper.store(&tiny(5)).expect("nobody else wrote it");
    keeper.store(&played(5, 3)).expect("still nobody else");
    // A program that takes no lock (an older accc, a copy by hand) writes the file.
    store(&path, &played(5, 7)).unwrap();
    let e = keeper.store(&played(5, 20)).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::ChangedOnDisk), "{e:?}");
    assert!(e.to_string().contains("changed by another program"), "{e}");
    assert_eq!(
        as_saved_1(load(&path).unwrap()),
        played(5, 7),
        "the other program's file stands"
    );
}

/// A save whose new version was put in place but whose folder could not be flushed is saved:
/// the error says only that (`written_unflushed`), the file holds the competition, and the
/// keeper knows the file as written, so its next save goes through (kept with the stamp of the
/// version before, it would take its own save for another program's change).
#[test]
fn a_save_in_place_whose_folder_was_not_flushed_is_the_keepers_own() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "FLUSH").unwrap();
    let mut keeper = Keeper::take(&path).unwrap();
    keeper.store(&tiny(5)).unwrap();
    let failing = atomic::FailingFolderFlushes::begin();
    let e = keeper.store(&played(5, 3)).unwrap_err();
    drop(failing);
    assert!(e.written_unflushed(), "{e:?}");
    assert!(e.to_string().contains("flushing its folder"), "{e}");
    assert_eq!(as_saved_1(load(&path).unwrap()), played(5, 3));
    assert_eq!(as_saved_1(load(&backup_path(&path)).unwrap()), tiny(5));
    keeper
        .store(&played(5, 4))
        .expect("its own save, not another program's");
    assert_eq!(as_saved_1(load(&path).unwrap()), played(5, 4));
    // Another program's write is still refused, and is no save in place.
    store(&path, &played(5, 7)).unwrap();
    let other = keeper.store(&played(5, 9)).unwrap_err();
    assert!(
        matches!(other.kind, ErrorKind::ChangedOnDisk) && !other.written_unflushed(),
        "{other:?}"
    );
}

/// The journal of a match in play written afresh with its folder not flushed is kept all the
/// same: the error says so, the journal is open, and later actions go on being added to it.
#[test]
fn a_journal_in_place_whose_folder_was_not_flushed_goes_on_keeping_actions() {
    let comp = tiny(3);
    let (_dir, path) = kept(&comp);
    let game = every_action_of(&comp);
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    {
        let _failing = atomic::FailingFolderFlushes::begin();
        let begun = record::MatchRecord {
            ops: game.ops[..1].to_vec(),
            ..game.clone()
        };
        assert!(k.begin_match(begun).unwrap_err().written_unflushed());
        k.note(&game.ops[1..3])
            .expect("appended to the open journal");
    }
    drop(k);
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(k.in_play().unwrap().ops, game.ops[..3]);
}

#[test]
fn a_file_appearing_after_the_keeper_looked_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "NEW").unwrap();
    let mut keeper = Keeper::take(&path).unwrap();
    store(&path, &played(6, 2)).unwrap();
    assert!(matches!(
        keeper.store(&tiny(6)).unwrap_err().kind,
        ErrorKind::ChangedOnDisk
    ));
}

#[test]
fn a_second_keeper_is_refused_naming_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "BUSY").unwrap();
    let first = Keeper::take(&path).unwrap();
    let e = Keeper::take(&path).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("BUSY.acc is open in another accc (process")
            && text.contains(&std::process::id().to_string()),
        "{text}"
    );
    drop(first);
    Keeper::take(&path).expect("free once the first lets go");
}

#[test]
fn reading_the_backup_sets_the_damaged_file_aside_and_the_next_save_restores_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_for(dir.path(), "MENDED").unwrap();
    store(&path, &tiny(7)).unwrap();
    store(&path, &played(7, 4)).unwrap();
    fs::write(&path, b"ACCCSAVE garbage").unwrap();
    let mut keeper = Keeper::take(&path).unwrap();
    assert!(keeper.load().is_err());
    let (comp, aside) = keeper.read_backup().unwrap();
    assert_eq!(comp.name(), "MENDED");
    assert_eq!(as_saved_1(comp.clone()), tiny(7));
    let aside = aside.unwrap().unwrap();
    assert_eq!(aside, path.with_extension("bad"));
    assert_eq!(fs::read(&aside).unwrap(), b"ACCCSAVE garbage");
    keeper.store(&comp).unwrap();
    assert_eq!(as_saved_1(load(&path).unwrap()), tiny(7));
    assert_eq!(as_saved_1(load(&backup_path(&path)).unwrap()), tiny(7));
}

#[cfg(unix)]
#[test]
fn odd_files_are_refused_by_kind_without_hanging_or_reading_forever() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = path_for(dir.path(), "F").unwrap();
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = load(&fifo).unwrap_err();
    assert!(e.to_string().contains("is a named pipe"), "{e}");
    let zero = path_for(dir.path(), "Z").unwrap();
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let e = load(&zero).unwrap_err();
    assert!(e.to_string().contains("is a device"), "{e}");
    let big = path_for(dir.path(), "BIG").unwrap();
    fs::File::create(&big)
        .unwrap()
        .set_len(MAX_BYTES + 1)
        .unwrap();
    let e = load(&big).unwrap_err();
    assert!(e.to_string().contains("larger than any such file"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_is_written_through_and_keeps_a_real_backup() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("elsewhere.acc");
    store(&real, &tiny(8)).unwrap();
    let link = path_for(dir.path(), "LINKED").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut keeper = Keeper::take(&link).unwrap();
    let comp = keeper.load().unwrap();
    assert_eq!(comp.name(), "LINKED");
    keeper.store(&played(8, 2)).unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let bak = fs::symlink_metadata(backup_path(&link)).unwrap();
    assert!(bak.is_file(), "the backup is a real file");
    assert_eq!(as_saved_1(load(&backup_path(&link)).unwrap()), tiny(8));
}

/// A format-1 file holding `file`, with a valid envelope and checksum.
fn file_bytes(file: &v1::FileV1) -> Vec<u8> {
    let v1 = envelope::Kind { version: 1, ..KIND };
    envelope::wrap(v1, &postcard::to_stdvec(file).unwrap())
}

#[test]
fn impossible_numbers_under_a_valid_checksum_are_refused_by_name() {
    // Matches long enough for wins by runs, wickets and innings.
    let options = MatchOptions {
        batsmen: 4,
        packs_per_session: 2,
        days: 2,
        ..MatchOptions::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 3, bowl: 4 },
        user_county: Some(5),
        seed: 11,
    };
    let mut comp = Competition::create("IMPOSS", settings).unwrap();
    comp.sim_seasons(1, |_| {});
    let good = v1::FileV1::from_competition(&comp);
    assert!(
        decode(&file_bytes(&good)).is_ok(),
        "the untouched file loads"
    );
    type Edit = fn(&mut v1::FileV1);
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "wickets of 255",
            |f| f.seasons[0].classes[0].matches[0].innings[0].wickets = 255,
            "255 wickets down in innings 1, where a side has 3",
        ),
        (
            "a total of 65,535",
            |f| f.seasons[0].classes[0].matches[0].innings[0].total = 65_535,
            "runs scored, more than its deliveries allow",
        ),
        (
            "points that do not follow",
            |f| {
                let m = &mut f.seasons[0].classes[1].matches[3];
                m.points = [m.points[0] + 1, m.points[1]];
            },
            "where its innings give",
        ),
        (
            "a result turned round",
            |f| {
                let m = f.seasons[0].classes[0]
                    .matches
                    .iter_mut()
                    .find(|m| m.winner.is_some())
                    .expect("a match won");
                m.winner = m.winner.map(|w| 1 - w);
                m.points = [m.points[1], m.points[0]];
            },
            "won by",
        ),
        (
            "a margin that does not follow",
            |f| {
                let m = f.seasons[0].classes[0]
                    .matches
                    .iter_mut()
                    .find(|m| m.margin.is_some())
                    .expect("a match won");
                m.margin = Some(match m.margin.unwrap() {
                    v1::MarginV1::Innings(r) => v1::MarginV1::Innings(r + 1),
                    v1::MarginV1::Runs(r) => v1::MarginV1::Runs(r + 1),
                    v1::MarginV1::Wickets(w) => v1::MarginV1::Wickets(w % 3 + 1),
                });
            },
            "where its innings give",
        ),
        (
            "innings batted out of turn",
            |f| {
                let m = f.seasons[0].classes[0]
                    .matches
                    .iter_mut()
                    .find(|m| m.innings.len() >= 2)
                    .unwrap();
                m.innings[1].batting = m.innings[0].batting;
            },
            "innings 2 batted by the wrong side",
        ),
        (
            "a match seed that is not its fixture's",
            |f| f.seasons[0].classes[1].matches[5].seed ^= 1,
            "has a seed that is not its fixture's",
        ),
        (
            "two counties' places swapped",
            |f| f.current.as_mut().unwrap().classes[1].slots.swap(0, 1),
            "classes or fixtures do not follow from the season before",
        ),
        (
            "a county that does not exist",
            |f| f.seasons[0].classes[0].matches[0].home = 99,
            "a county code 99, which stands for nothing",
        ),
        (
            "a record total its matches never made",
            |f| {
                let r = f
                    .records
                    .iter_mut()
                    .find(|r| r.highest_for.is_some())
                    .unwrap();
                r.highest_for.as_mut().unwrap().total += 1;
            },
            "total of",
        ),
        (
            "a record total credited to a season not played",
            |f| {
                let r = f
                    .records
                    .iter_mut()
                    .find(|r| r.highest_for.is_some())
                    .unwrap();
                r.highest_for.as_mut().unwrap().year = 1950;
            },
            "credit the highest for total to a match that has no such innings",
        ),
        (
            "a partnership by a batsman who did not bat",
            |f| {
                let p = f
                    .records
                    .iter_mut()
                    .find_map(|r| r.partnerships[0].as_mut())
                    .unwrap();
                p.batsmen = [1, 4];
            },
            "wicket-1 partnership to batsmen 1 and 4, who cannot have batted together then",
        ),
        (
            "a partnership larger than any innings",
            |f| {
                let p = f
                    .records
                    .iter_mut()
                    .find_map(|r| r.partnerships[0].as_mut())
                    .unwrap();
                p.runs = 5_000;
            },
            "wicket-1 partnership of 5000 that none of its innings could hold",
        ),
        (
            "a season missing",
            |f| {
                f.seasons.clear();
            },
            "its seasons do not run year by year from 1890",
        ),
        (
            "a user county that does not exist",
            |f| f.user_county = Some(40),
            "a county code 40",
        ),
        (
            "an option out of range",
            |f| f.options.batsmen = 12,
            "batsmen per side must be 2 to 11, not 12",
        ),
    ];
    for (what, edit, expected) in cases {
        let mut f = good.clone();
        edit(&mut f);
        let problem = decode(&file_bytes(&f)).expect_err(what);
        assert!(
            matches!(problem, Problem::Implausible(_)),
            "{what}: {problem:?}"
        );
        let text = problem.to_string();
        assert!(
            text.starts_with("is corrupt: ") && text.contains(expected),
            "{what}: {text}"
        );
        assert!(
            !text.contains("Serde") && !text.contains("varint"),
            "{what}: {text}"
        );
    }
}

#[test]
fn messages_name_counties_not_numbers() {
    let comp = a_season_and_more(12);
    let mut f = v1::FileV1::from_competition(&comp);
    f.seasons[0].classes[0].matches.swap(0, 1);
    let text = decode(&file_bytes(&f)).unwrap_err().to_string();
    let names = crate::counties::all();
    let named = names
        .iter()
        .filter(|c| text.contains(c.name.as_str()))
        .count();
    assert!(named >= 2 && text.contains("out of turn"), "{text}");
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn every_competition_played_passes_the_checks() {
    // Short matches of every shape, so that every way an innings and a match can end occurs.
    for (k, (batsmen, packs, days, extras)) in [
        (2, 1, 1, true),
        (11, 1, 1, false),
        (4, 2, 2, true),
        (6, 1, 2, false),
    ]
    .into_iter()
    .enumerate()
    {
        let options = MatchOptions {
            no_balls: extras,
            wides: extras,
            byes: extras,
            batsmen,
            packs_per_session: packs,
            days,
        };
        let settings = Settings {
            options,
            levels: Levels {
                bat: 1 + k as u8,
                bowl: 5 - k as u8,
            },
            user_county: None,
            seed: 100 + k as u64,
        };
        let mut comp = Competition::create("PLAYED", settings).unwrap();
        comp.sim_seasons(2, |_| {});
        let back = decode(&encode(&comp)).unwrap_or_else(|p| panic!("{options:?}: {p}"));
        assert_eq!(back, comp);
    }
}

// ----- format 2, the upgrade ladder, and the journal -----

/// The frozen format-1 file (see `tests/it/save_fixtures.rs`).
const FORMAT1: &[u8] = include_bytes!("../../tests/fixtures/FORMAT1.acc");

/// A match record with every kind of action.
fn every_action() -> record::MatchRecord {
    use crate::cards::{Card, Suit};
    use crate::engine::{Choice, Election};
    use record::{FixtureKey, Mode, Op};
    let c = Card::new(11, Suit::Gloves);
    let chosen = [
        Choice::Elect(Election::Bat),
        Choice::Elect(Election::Bowl),
        Choice::Card(c),
        Choice::NoCard,
        Choice::Exchange([Some(c), None]),
        Choice::Exchange([None, None]),
    ];
    let mut ops: Vec<Op> = chosen.iter().copied().map(Op::Choose).collect();
    ops.extend([
        Op::Declare(true),
        Op::Declare(false),
        Op::Resume,
        Op::Watch(10),
        Op::Quick,
    ]);
    ops.extend(chosen.iter().copied().map(Op::Computer));
    ops.extend([Choice::Declare, Choice::Continue].map(Op::Computer));
    record::MatchRecord {
        fixture: FixtureKey {
            year: 1892,
            class: Class::First,
            round: 1,
            index: 3,
            home: 0,
            away: 1,
            seed: 0x0123_4567_89ab_cdef,
        },
        mode: Mode::Play,
        ops,
    }
}

/// [`every_action`] as a match of `comp`'s still to play (its first fixture to come): a
/// journal of it alone, with no match in play in the save, is taken as the save's.
fn every_action_of(comp: &Competition) -> record::MatchRecord {
    let next = comp.remaining_fixtures()[0];
    record::MatchRecord {
        fixture: record::FixtureKey::of(&next),
        ..every_action()
    }
}

/// CRC-32 of each format's payload for a fixed sample: the frozen format-1 competition with
/// [`every_action`] in play and as the last match (format 2), and a match of the person's
/// (format 3), kept records (format 4) and a table of innings records (format 5). Any change
/// to a payload's
/// layout changes its figure: then the format's number must rise (a new rung on the
/// ladder), never the figure alone be edited.
const LAYOUTS: [(u16, u32); 4] = [
    (2, 0xfd7b_9622),
    (3, 0xb91a_d459),
    (4, 0xe51f_a80c),
    (5, 0x6a3b_1017),
];

fn sample_payload() -> Vec<u8> {
    let (version, payload) = envelope::unwrap(KIND, FORMAT1).unwrap();
    assert_eq!(version, 1);
    let v1: v1::FileV1 = postcard::from_bytes(payload).unwrap();
    let game = v2::MatchV2::of(&every_action());
    let mut file = v3::upgrade_2(v2::upgrade_1(v1));
    file.in_play = Some(game.clone());
    file.last_played = Some(game);
    file.by_person = vec![v3::PersonMatchV3 {
        year: 1892,
        home: 14,
        away: 15,
    }];
    file.unknown = file.by_person.clone();
    let file = v4::FileV4 {
        v3: file,
        kept: v4::KeptV4 {
            archived_through: Some(1891),
            seasons: vec![v4::SeasonTapesV4 {
                year: 1892,
                first: vec![Some(vec![1, 2, 3]), None],
                second: vec![Some(vec![255])],
            }],
        },
    };
    // Format 5: a table of innings records with one of each kind of entry.
    let at = crate::league::innings::MatchAt {
        year: 1891,
        class: crate::counties::Class::Second,
        round: 7,
        index: 2,
    };
    let mark = crate::league::innings::InningsMark {
        county: 3,
        opponent: 9,
        no: 2,
        runs: 187,
        balls: 301,
        not_out: true,
        at,
    };
    let mut table = crate::league::innings::InningsTable::default();
    let c = &mut table.counties[3];
    c.top.push(mark);
    c.best_at[1] = Some(mark);
    c.hundreds = 4;
    c.carried.push(mark);
    c.partnerships[5] = Some(crate::league::innings::PairMark {
        runs: 140,
        batsmen: [6, 8],
        unbroken: true,
        opponent: 9,
        at,
    });
    table.matches_read = 112;
    table.result_only = 3;
    let file = v5::FileV5 {
        v4: file,
        innings: Some(v5::InningsV5::of(&table)),
    };
    postcard::to_stdvec(&file).unwrap()
}

#[test]
fn the_payload_layout_changes_only_with_the_format_number() {
    // Format 1 is frozen: its frozen file reads and writes back byte for byte.
    let (_, payload) = envelope::unwrap(KIND, FORMAT1).unwrap();
    let v1: v1::FileV1 = postcard::from_bytes(payload).unwrap();
    assert_eq!(
        postcard::to_stdvec(&v1).unwrap(),
        payload,
        "format 1's layout"
    );
    let crc = crate::store::crc32::crc32(&sample_payload());
    let pinned = LAYOUTS
        .iter()
        .find(|(v, _)| *v == KIND.version)
        .map(|(_, c)| *c);
    assert_eq!(
        pinned,
        Some(crc),
        "the format-{} payload's layout has changed (CRC {crc:#010x}): raise the format number \
         and add a rung to the upgrade ladder (save::v2::upgrade_1 shows how)",
        KIND.version
    );
}

/// The same for the journal's frames.
const JOURNAL_LAYOUTS: [(u16, u32); 1] = [(1, 0xb661_9873)];

#[test]
fn the_journal_layout_changes_only_with_its_format_number() {
    let crc = crate::store::crc32::crc32(&journal::encode(&every_action(), 2));
    let pinned = JOURNAL_LAYOUTS
        .iter()
        .find(|(v, _)| *v == journal::VERSION)
        .map(|(_, c)| *c);
    assert_eq!(
        pinned,
        Some(crc),
        "the journal's layout has changed (CRC {crc:#010x}): raise journal::VERSION"
    );
}

#[test]
fn format_1_climbs_the_ladder_to_format_5_and_every_record_round_trips() {
    let all = decode_all(FORMAT1).unwrap();
    assert!(all.in_play.is_none() && all.last_played.is_none());
    let game = every_action();
    let bytes = encode_all(&all.comp, Some(&game), Some(&game));
    assert_eq!(&bytes[8..10], &5u16.to_le_bytes());
    let back = decode_all(&bytes).unwrap();
    assert_eq!(back.in_play.as_ref(), Some(&game));
    assert_eq!(back.last_played.as_ref(), Some(&game));
    assert_eq!(
        crate::league::export::export_json(&back.comp),
        crate::league::export::export_json(&all.comp)
    );
    // A format-1 program could not read it: it says a newer program wrote it.
    assert!(matches!(
        envelope::unwrap(Kind { version: 1, ..KIND }, &bytes),
        Err(envelope::Problem::Newer { version: 5, .. })
    ));
}

#[test]
fn the_person_matches_are_kept_and_worked_out_from_an_older_file() {
    let (comp, mine) = crate::league::tests::with_a_person_match();
    let back = decode(&encode(&comp)).unwrap();
    assert_eq!(back.person_matches().collect::<Vec<_>>(), [mine]);
    // A format-2 file did not keep them: the matches of the county whose seeds do not replay
    // are the person's or another build's computer's, and nobody can tell which.
    let v2 = v2::FileV2 {
        competition: v1::FileV1::from_competition(&comp),
        in_play: None,
        last_played: None,
    };
    let bytes = envelope::wrap(
        Kind { version: 2, ..KIND },
        &postcard::to_stdvec(&v2).unwrap(),
    );
    let old = decode(&bytes).unwrap();
    assert_eq!(old.person_matches().count(), 0);
    assert_eq!(old.unknown_matches().collect::<Vec<_>>(), [mine]);
    assert_eq!(old.played_by_person(mine.0, mine.1, mine.2), None);
    let again = decode(&encode(&old)).unwrap();
    assert_eq!(again.unknown_matches().collect::<Vec<_>>(), [mine]);
    // A match listed as the person's that their county did not play is refused.
    let mut file = v3::upgrade_2(v2);
    file.by_person = vec![v3::PersonMatchV3 {
        year: mine.0,
        home: 9,
        away: 10,
    }];
    let bytes = envelope::wrap(
        Kind { version: 3, ..KIND },
        &postcard::to_stdvec(&file).unwrap(),
    );
    assert!(decode(&bytes)
        .unwrap_err()
        .to_string()
        .contains("as the person's match"));
}

#[test]
fn a_match_record_naming_the_impossible_is_refused_as_corrupt() {
    let all = decode_all(FORMAT1).unwrap();
    let mut bad = v2::MatchV2::of(&every_action());
    bad.ops.push(v2::OpV2::Card(55));
    let file = v3::FileV3 {
        competition: v1::FileV1::from_competition(&all.comp),
        in_play: Some(bad),
        last_played: None,
        by_person: Vec::new(),
        unknown: Vec::new(),
    };
    let bytes = envelope::wrap(
        Kind { version: 3, ..KIND },
        &postcard::to_stdvec(&file).unwrap(),
    );
    let text = decode_all(&bytes).unwrap_err().to_string();
    assert_eq!(text, "is corrupt: its match in play names card 55");
}

/// A kept file with `comp` (no match in play) in a new folder.
fn kept(comp: &Competition) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("J.acc");
    store(&path, comp).unwrap();
    (dir, path)
}

#[test]
fn the_keeper_reads_the_journal_with_the_save_and_folds_it_in_on_the_next_store() {
    let comp = tiny(3);
    let (_dir, path) = kept(&comp);
    let game = every_action_of(&comp);
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    let begun = record::MatchRecord {
        ops: Vec::new(),
        ..game.clone()
    };
    k.begin_match(begun).unwrap();
    let jpath = journal::path_for(&path);
    assert!(jpath.exists(), "begun: the journal is there at once");
    let mut bytes = 0;
    for op in &game.ops[..6] {
        bytes += k.note(std::slice::from_ref(op)).unwrap();
    }
    assert!(
        bytes <= 6 * (journal::FRAME + 3),
        "{bytes} bytes for 6 actions"
    );
    drop(k);
    // Stopped without a store: the save holds no match, the journal all six actions.
    assert!(load_all(&path).unwrap().in_play.is_none());
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(k.in_play().unwrap().ops, game.ops[..6]);
    // Three more, then a store folds them all in and removes the journal.
    for op in &game.ops[6..9] {
        k.note(std::slice::from_ref(op)).unwrap();
    }
    k.store(&comp).unwrap();
    assert!(!jpath.exists());
    assert_eq!(load_all(&path).unwrap().in_play.unwrap().ops, game.ops[..9]);
    // After the fold, the journal begins where the save ends.
    k.note(&game.ops[9..10]).unwrap();
    drop(k);
    let j = journal::decode(&fs::read(&jpath).unwrap()).unwrap();
    assert_eq!((j.base, j.game.ops.len()), (9, 1));
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(k.in_play().unwrap().ops, game.ops[..10]);
    // The match ends: it becomes the last match played, and nothing is in play.
    k.end_match();
    k.store(&comp).unwrap();
    drop(k);
    let all = load_all(&path).unwrap();
    assert!(all.in_play.is_none());
    assert_eq!(all.last_played.unwrap().ops, game.ops[..10]);
}

/// A match the person watched ends without taking the place of the last one they played,
/// which the review is of; one they play to its end does take it.
#[test]
fn a_watched_match_ended_leaves_the_last_played_match_on_record() {
    let comp = tiny(3);
    let (_dir, path) = kept(&comp);
    let played = every_action();
    let watched = record::MatchRecord {
        mode: record::Mode::Watch,
        ops: played.ops[..4].to_vec(),
        ..played.clone()
    };
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    k.begin_match(played.clone()).unwrap();
    k.end_match();
    k.begin_match(watched.clone()).unwrap();
    k.end_match();
    assert!(k.in_play().is_none(), "the watched match is done with");
    assert_eq!(k.last_played(), Some(&played));
    k.store(&comp).unwrap();
    drop(k);
    let all = load_all(&path).unwrap();
    assert!(all.in_play.is_none());
    assert_eq!(all.last_played.as_ref(), Some(&played));
    // A file that already holds a watched match as its last (written before this rule) reads
    // as it did: the review says that match was watched.
    let old = encode_all(&comp, None, Some(&watched));
    assert_eq!(decode_all(&old).unwrap().last_played, Some(watched));
}

#[test]
fn a_journal_that_cannot_be_read_is_set_aside_and_said_so() {
    let comp = tiny(3);
    let (dir, path) = kept(&comp);
    let jpath = journal::path_for(&path);
    fs::write(&jpath, b"not a journal at all").unwrap();
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert!(k.in_play().is_none());
    let note = k.take_journal_note().unwrap().to_string();
    assert!(
        note.contains("is not an ACCC journal") && note.contains("J.jnl.bad"),
        "{note}"
    );
    assert!(!note.contains("  "), "one sentence, not a gap: {note}");
    assert!(!jpath.exists());
    assert_eq!(
        fs::read(dir.path().join("J.jnl.bad")).unwrap(),
        b"not a journal at all"
    );
    // Another one later: the first kept is not replaced.
    drop(k);
    fs::write(&jpath, b"nor is this").unwrap();
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert!(k.take_journal_note().is_some());
    assert_eq!(
        fs::read(dir.path().join("J.jnl.bad")).unwrap(),
        b"not a journal at all"
    );
    assert_eq!(
        fs::read(dir.path().join("J.jnl.bad.2")).unwrap(),
        b"nor is this"
    );
}

/// The person's actions in `ops` (the computer's choices aside).
fn persons(ops: &[record::Op]) -> usize {
    ops.iter()
        .filter(|op| !matches!(op, record::Op::Computer(_)))
        .count()
}

/// A kept file whose journal holds `ops` of [`every_action`]'s match, one by one, as a
/// program stopped (as by kill -9) after the last left it.
fn journalled(ops: &[record::Op]) -> (tempfile::TempDir, std::path::PathBuf) {
    let comp = tiny(3);
    let (dir, path) = kept(&comp);
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    k.begin_match(record::MatchRecord {
        ops: Vec::new(),
        ..every_action_of(&comp)
    })
    .unwrap();
    for op in ops {
        k.note(std::slice::from_ref(op)).unwrap();
    }
    (dir, path)
}

#[test]
fn a_journal_damaged_before_its_end_is_told_and_kept_before_anything_is_written() {
    let game = every_action();
    let (dir, path) = journalled(&game.ops);
    let jpath = journal::path_for(&path);
    let whole = fs::read(&jpath).unwrap();
    // The frame of the 8th action begins here: its checksum is broken, and whole frames
    // follow it.
    let frames: Vec<usize> = game
        .ops
        .iter()
        .map(|o| journal::op_frame(o).len())
        .collect();
    let at = whole.len() - frames[7..].iter().sum::<usize>();
    let mut damaged = whole.clone();
    damaged[at + 5] ^= 0x21;
    fs::write(&jpath, &damaged).unwrap();
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(
        k.in_play().unwrap().ops,
        game.ops[..7],
        "the actions before it"
    );
    let note = k.take_journal_note().expect("damage is told");
    match &note.kind {
        JournalNoteKind::Damaged {
            damage,
            actions,
            kept: Kept::At(to),
        } => {
            assert_eq!(damage.at, at);
            assert_eq!(damage.left_out, whole.len() - at);
            assert_eq!(*actions, persons(&game.ops[..7]));
            assert_eq!(to, &dir.path().join("J.jnl.bad"));
        }
        other => panic!("{other:?}"),
    }
    let said = note.to_string();
    assert!(
        said.contains(&format!("J.jnl is damaged {at} bytes in"))
            && said.contains(&format!(
                "after your first {} actions",
                persons(&game.ops[..7])
            ))
            && said.contains(&dir.path().join("J.jnl.bad").display().to_string()),
        "{said}"
    );
    // The screen's form names the files alone.
    let short = format!("{note:#}");
    assert!(short.starts_with("J.jnl is damaged") && short.contains("kept as J.jnl.bad"));
    assert!(
        !short.contains(&dir.path().display().to_string()),
        "{short}"
    );
    // The copy is the journal as it was, made before anything was written.
    assert_eq!(fs::read(dir.path().join("J.jnl.bad")).unwrap(), damaged);
    assert_eq!(fs::read(&jpath).unwrap(), damaged, "nothing written yet");
    // Stopped before anything is written, opened again: told again, the same copy named,
    // no second one made.
    drop(k);
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    let again = k.take_journal_note().unwrap().to_string();
    let kept_as = format!("kept as {}", dir.path().join("J.jnl.bad").display());
    assert!(again.ends_with(&kept_as), "{again}");
    assert!(!dir.path().join("J.jnl.bad.2").exists());
    // Play goes on: the journal is written afresh from the actions kept; the copy stays.
    k.note(&game.ops[7..8]).unwrap();
    drop(k);
    let j = journal::decode(&fs::read(&jpath).unwrap()).unwrap();
    assert_eq!((j.game.ops.as_slice(), j.damage), (&game.ops[..8], None));
    assert_eq!(fs::read(dir.path().join("J.jnl.bad")).unwrap(), damaged);
    // A read-only look (accc review) tells it too, and changes nothing.
    fs::write(&jpath, &damaged).unwrap();
    let note = check_journal(&path, &tiny(3), None, None)
        .unwrap()
        .to_string();
    assert!(
        note.contains("is damaged") && note.contains("opened to play"),
        "{note}"
    );
    assert_eq!(fs::read(&jpath).unwrap(), damaged);
    assert!(!dir.path().join("J.jnl.bad.2").exists());
}

#[test]
fn a_journal_torn_by_a_crash_is_cut_quietly() {
    let game = every_action();
    let (dir, path) = journalled(&game.ops[..5]);
    let jpath = journal::path_for(&path);
    let mut bytes = fs::read(&jpath).unwrap();
    bytes.pop();
    fs::write(&jpath, &bytes).unwrap();
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(k.in_play().unwrap().ops, game.ops[..4]);
    assert!(k.take_journal_note().is_none(), "a torn tail is not told");
    assert!(check_journal(&path, &tiny(3), None, None).is_none());
    assert!(!dir.path().join("J.jnl.bad").exists());
}
