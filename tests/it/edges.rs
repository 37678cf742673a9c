//! Every edge a user meets with files: journals that are not the save's or are damaged under
//! a valid checksum (fixture files in `tests/fixtures/journals/`), impossible innings under a
//! valid checksum (a corpus built here), files of the wrong kind where a save, its lock or
//! its journal should be, and `sim` saving by time.
//!
//! The journal fixtures are made from `FORMAT2.acc` (its match in play, Surrey v Yorkshire,
//! holds `N` actions and choices) by `write_journal_fixtures` below, run once by hand
//! (`cargo test --test it write_journal_fixtures -- --ignored`) and then frozen:
//! - `CUT.acc`: `FORMAT2.acc` with its match in play cut to its first `N - 10` actions.
//! - `WHOLE.jnl`: the journal of that match from its first action, all `N` of them: a match
//!   begun and stopped (as by kill -9) before any save held it.
//! - `OTHER.jnl`: the journal of another match (Kent v Sussex), from its first action.
//! - `BADCARD.jnl`: beside `CUT.acc`, the last 10 actions, but in the middle (after the 4th)
//!   a frame whose checksum holds that names card 55, which there is not.
//! - `TRAILING.jnl`: beside `CUT.acc`, the last 10 actions and after them a watched tick,
//!   which no match the person plays can take: its checksum holds, it cannot be replayed.

use std::path::{Path, PathBuf};
use std::process::Output;

use accc::save::journal;
use accc::save::record::{MatchRecord, Op};
use accc::save::{JournalNoteKind, Keeper, Kept};

use crate::helpers::accc;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn journal_fixture(name: &str) -> PathBuf {
    fixture("journals").join(name)
}

/// The match in play of `FORMAT2.acc`.
fn format2_game() -> MatchRecord {
    accc::save::load_all(&fixture("FORMAT2.acc"))
        .unwrap()
        .in_play
        .expect("a match in play")
}

/// A frame whose checksum holds around `bytes`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn frame(bytes: &[u8]) -> Vec<u8> {
    let mut out = (bytes.len() as u32).to_le_bytes().to_vec();
    out.extend_from_slice(&accc::store::crc32::crc32(bytes).to_le_bytes());
    out.extend_from_slice(bytes);
    out
}

/// Writes the journal fixtures (see the module's note). Run by hand, once.
#[test]
#[ignore = "writes the frozen fixtures; run by hand only to make them"]
fn write_journal_fixtures() {
    let dir = fixture("journals");
    std::fs::create_dir_all(&dir).unwrap();
    let all = accc::save::load_all(&fixture("FORMAT2.acc")).unwrap();
    let game = all.in_play.clone().unwrap();
    let n = game.ops.len();
    let cut = MatchRecord {
        ops: game.ops[..n - 10].to_vec(),
        ..game.clone()
    };
    std::fs::write(
        dir.join("CUT.acc"),
        accc::save::encode_all(&all.comp, Some(&cut), None),
    )
    .unwrap();
    std::fs::write(dir.join("WHOLE.jnl"), journal::encode(&game, 0)).unwrap();
    let mut other = game.clone();
    other.fixture.home = 2;
    other.fixture.away = 7;
    other.fixture.index = 2;
    other.fixture.seed ^= 0x5555;
    other.ops.truncate(12);
    std::fs::write(dir.join("OTHER.jnl"), journal::encode(&other, 0)).unwrap();
    let four = MatchRecord {
        ops: game.ops[..n - 6].to_vec(),
        ..game.clone()
    };
    let mut bad = journal::encode(&four, n - 10);
    bad.extend(frame(&[0, 55])); // OpV2::Card(55): the first variant, card 55
    for op in &game.ops[n - 6..] {
        bad.extend(journal::op_frame(op));
    }
    std::fs::write(dir.join("BADCARD.jnl"), bad).unwrap();
    let mut trailing = journal::encode(&game, n - 10);
    trailing.extend(journal::op_frame(&Op::Watch(5)));
    std::fs::write(dir.join("TRAILING.jnl"), trailing).unwrap();
}

/// `dir/J.acc` from the save fixture `save`, with the journal fixture `jnl` beside it as
/// `J.jnl` (when given).
fn beside(dir: &Path, save: &Path, jnl: Option<&str>) -> PathBuf {
    let path = dir.join("J.acc");
    std::fs::copy(save, &path).unwrap();
    if let Some(jnl) = jnl {
        std::fs::copy(journal_fixture(jnl), dir.join("J.jnl")).unwrap();
    }
    path
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_journal_fixtures_are_what_they_say() {
    let game = format2_game();
    let n = game.ops.len();
    let read = |name: &str| journal::decode(&std::fs::read(journal_fixture(name)).unwrap());
    let whole = read("WHOLE.jnl").unwrap();
    assert_eq!((whole.base, &whole.game), (0, &game));
    let other = read("OTHER.jnl").unwrap();
    assert_ne!(other.game.fixture, game.fixture);
    let trailing = read("TRAILING.jnl").unwrap();
    assert_eq!(trailing.base, n - 10);
    assert_eq!(trailing.game.ops[..10], game.ops[n - 10..]);
    assert_eq!(trailing.game.ops[10..], [Op::Watch(5)]);
    let cut = accc::save::load_all(&journal_fixture("CUT.acc")).unwrap();
    assert_eq!(cut.in_play.unwrap().ops, game.ops[..n - 10]);
}

/// A journal of another match beside a save (a save moved or restored)
/// is kept as `J.jnl.bad`, said, and the save's own match in play stands.
#[test]
fn a_journal_of_another_match_is_kept_aside_and_the_saves_match_stands() {
    let dir = tempfile::tempdir().unwrap();
    let path = beside(dir.path(), &fixture("FORMAT2.acc"), Some("OTHER.jnl"));
    let mut k = Keeper::take(&path).unwrap();
    let comp = k.load().unwrap();
    assert_eq!(
        k.in_play(),
        Some(&format2_game()),
        "the save's match stands"
    );
    let note = k.take_journal_note().expect("said");
    assert!(
        matches!(&note.kind, JournalNoteKind::OtherMatch { save_in_play: true, kept: Kept::At(to), .. }
            if *to == dir.path().join("J.jnl.bad")),
        "{note:?}"
    );
    let said = format!("{note:#}");
    assert!(
        said.starts_with("J.jnl is the journal of another match (1892 Kent v Sussex)")
            && said.contains("kept as J.jnl.bad")
            && said.contains("the match in play resumes as the save holds it"),
        "{said}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("J.jnl.bad")).unwrap(),
        std::fs::read(journal_fixture("OTHER.jnl")).unwrap()
    );
    // The next save holds the save's own match, and the kept journal stays.
    k.store(&comp).unwrap();
    drop(k);
    let saved = accc::save::load_all(&path).unwrap();
    assert_eq!(saved.in_play, Some(format2_game()));
    assert!(dir.path().join("J.jnl.bad").exists());
}

/// A journal of another file's match from its first action (the only copy of
/// that file's match in play, copied or restored here) beside a save with no match in play:
/// not taken as this save's, so neither dropped nor removed by the program that opens the
/// file, but kept as `X.jnl.bad` and said; `sim` goes on with the save as it is, and the
/// terminal program opens the file with no match in play.
#[test]
fn a_journal_of_another_files_match_beside_a_save_with_none_in_play_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    made(dir.path(), "X");
    let jnl = dir.path().join("X.jnl");
    let bad = dir.path().join("X.jnl.bad");
    let whole = std::fs::read(journal_fixture("WHOLE.jnl")).unwrap();
    // The terminal program opening the file.
    std::fs::write(&jnl, &whole).unwrap();
    let app = accc::tui::app::App::new(dir.path().to_path_buf(), Some("X".into()));
    let status = app.status().unwrap_or_default().to_string();
    assert!(
        status.contains("X.jnl is the journal of another match (1892 Surrey v Yorkshire)")
            && status.contains("kept as X.jnl.bad")
            && !status.contains("dropped"),
        "{status}"
    );
    drop(app);
    assert_eq!(std::fs::read(&bad).unwrap(), whole, "kept aside");
    assert!(!jnl.exists());
    assert!(accc::save::load_all(&dir.path().join("X.acc"))
        .unwrap()
        .in_play
        .is_none());
    // `show` does not take it as the match in play, and `sim` plays on, saying it.
    std::fs::remove_file(&bad).unwrap();
    std::fs::write(&jnl, &whole).unwrap();
    let show = accc()
        .args(["show", "X", "table", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(show.status.success(), "{}", stderr(&show));
    let out = accc()
        .args(["sim", "X", "--years", "1", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("is the journal of another match (1892 Surrey v Yorkshire)")
            && err.contains("X.jnl.bad"),
        "{err}"
    );
    assert_eq!(std::fs::read(&bad).unwrap(), whole);
    assert!(!jnl.exists());
}

/// `sim` of a name whose save is gone but whose journal is there (the only
/// copy of a match in play, after a kill -9 and the save moved away) makes nothing and
/// removes nothing; a save written where none was keeps such a journal aside.
#[test]
fn a_journal_without_its_save_is_never_removed() {
    let dir = tempfile::tempdir().unwrap();
    let jnl = dir.path().join("R.jnl");
    std::fs::copy(journal_fixture("WHOLE.jnl"), &jnl).unwrap();
    let out = accc()
        .args(["sim", "R", "--years", "0", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("there is the journal of a match in play") && err.contains("R.jnl"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&jnl).unwrap(),
        std::fs::read(journal_fixture("WHOLE.jnl")).unwrap()
    );
    assert!(!dir.path().join("R.acc").exists(), "nothing made");
    // A program that makes the file anyway (the terminal program's new file) keeps it.
    let path = dir.path().join("R.acc");
    let mut k = Keeper::take(&path).unwrap();
    let comp = accc::league::Competition::create(
        "R",
        accc::league::Settings {
            options: accc::engine::MatchOptions::default(),
            levels: accc::play::Levels::default(),
            user_county: None,
            seed: 1,
        },
    )
    .unwrap();
    k.store(&comp).unwrap();
    let note = k.take_journal_note().expect("said");
    assert!(
        format!("{note:#}").contains("kept as R.jnl.bad"),
        "{note:#}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("R.jnl.bad")).unwrap(),
        std::fs::read(journal_fixture("WHOLE.jnl")).unwrap()
    );
}

/// A frame whose checksum holds but which names a card there is not, in
/// the middle of the journal: the match resumes before it, the journal kept as `J.jnl.bad`.
#[test]
fn an_impossible_card_in_the_middle_of_a_journal_resumes_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = beside(dir.path(), &journal_fixture("CUT.acc"), Some("BADCARD.jnl"));
    let game = format2_game();
    let n = game.ops.len();
    let mut k = Keeper::take(&path).unwrap();
    k.load().unwrap();
    assert_eq!(
        k.in_play().unwrap().ops,
        game.ops[..n - 6],
        "the save's actions and the journal's four before the damage"
    );
    let note = k.take_journal_note().expect("said");
    assert!(
        matches!(&note.kind, JournalNoteKind::Damaged { kept: Kept::At(to), .. }
            if *to == dir.path().join("J.jnl.bad")),
        "{note:?}"
    );
    assert!(format!("{note:#}").contains("is damaged"), "{note:#}");
    assert_eq!(
        std::fs::read(dir.path().join("J.jnl.bad")).unwrap(),
        std::fs::read(journal_fixture("BADCARD.jnl")).unwrap()
    );
    // The terminal program resumes it there, and says so.
    drop(k);
    let app = accc::tui::app::App::new(dir.path().to_path_buf(), Some("J".into()));
    let status = app.status().unwrap_or_default().to_string();
    assert!(
        status.contains("J.jnl is damaged") && !status.contains("dropped"),
        "{status}"
    );
}

/// A frame whose checksum holds but which cannot be replayed where it comes
/// (after the match's last action, a watched tick in a match the person plays): the match
/// resumes before it, is saved so, and the journal is kept as `J.jnl.bad`.
#[test]
fn an_action_that_cannot_be_replayed_keeps_what_replays_and_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = beside(
        dir.path(),
        &journal_fixture("CUT.acc"),
        Some("TRAILING.jnl"),
    );
    let game = format2_game();
    let app = accc::tui::app::App::new(dir.path().to_path_buf(), Some("J".into()));
    let status = app.status().unwrap_or_default().to_string();
    assert!(
        status.contains("cannot be replayed past your first")
            && status.contains("kept as J.jnl.bad"),
        "{status}"
    );
    assert_eq!(
        std::fs::read(dir.path().join("J.jnl.bad")).unwrap(),
        std::fs::read(journal_fixture("TRAILING.jnl")).unwrap()
    );
    drop(app);
    let saved = accc::save::load_all(&path).unwrap();
    assert_eq!(
        saved.in_play,
        Some(game),
        "every action that replays, saved; the match not dropped"
    );
    assert!(!dir.path().join("J.jnl").exists(), "folded into the save");
}

/// A frame written twice (its checksum holding both times) in the middle of
/// the journal: the match resumes before the second copy, is saved so, and the journal is
/// kept as `J.jnl.bad`.
#[test]
fn a_doubled_action_keeps_what_replays_before_it_and_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let path = beside(dir.path(), &journal_fixture("CUT.acc"), None);
    let game = format2_game();
    let n = game.ops.len();
    // The save's actions, then the journal's first four, the fourth again, and the rest.
    let mut doubled = MatchRecord {
        ops: game.ops[..n - 6].to_vec(),
        ..game.clone()
    };
    let mut bytes = journal::encode(&doubled, n - 10);
    bytes.extend(journal::op_frame(&game.ops[n - 7]));
    for op in &game.ops[n - 6..] {
        bytes.extend(journal::op_frame(op));
    }
    std::fs::write(dir.path().join("J.jnl"), &bytes).unwrap();
    doubled.ops.push(game.ops[n - 7]);
    doubled.ops.extend_from_slice(&game.ops[n - 6..]);
    assert_eq!(
        journal::decode(&bytes).unwrap().game.ops,
        doubled.ops[n - 10..],
        "every frame reads"
    );
    let app = accc::tui::app::App::new(dir.path().to_path_buf(), Some("J".into()));
    let status = app.status().unwrap_or_default().to_string();
    assert!(
        status.contains("cannot be replayed past your first")
            && status.contains("kept as J.jnl.bad")
            && !status.contains("dropped"),
        "{status}"
    );
    drop(app);
    assert_eq!(std::fs::read(dir.path().join("J.jnl.bad")).unwrap(), bytes);
    let saved = accc::save::load_all(&path)
        .unwrap()
        .in_play
        .expect("not dropped");
    assert!(
        saved.ops.len() >= n - 6 && saved.ops.len() < doubled.ops.len(),
        "{} actions saved",
        saved.ops.len()
    );
    assert_eq!(
        saved.ops,
        doubled.ops[..saved.ops.len()],
        "what replays, saved"
    );
    assert!(!dir.path().join("J.jnl").exists(), "folded into the save");
}

/// A default competition one season in, and its file's competition part to edit.
fn one_season() -> accc::save::v1::FileV1 {
    let mut comp = accc::league::Competition::create(
        "M",
        accc::league::Settings {
            options: accc::engine::MatchOptions::default(),
            levels: accc::play::Levels::default(),
            user_county: None,
            seed: 5,
        },
    )
    .unwrap();
    comp.sim_seasons(1, |_| {});
    accc::save::v1::FileV1::from_competition(&comp)
}

/// A save file (format 1, its checksum right) holding `file`.
fn file_bytes(file: &accc::save::v1::FileV1) -> Vec<u8> {
    let v1 = accc::store::envelope::Kind {
        version: 1,
        ..accc::save::KIND
    };
    accc::store::envelope::wrap(v1, &postcard::to_stdvec(file).unwrap())
}

/// Impossible innings under a valid checksum are refused as corrupt by
/// every command (exit 4), named in words, and `sim` carries none forward.
#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn impossible_innings_are_refused_as_corrupt() {
    let good = one_season();
    let most = accc::league::check::most_deliveries(&accc::engine::MatchOptions::default());
    // 27 packs (3 a session, 3 sessions a day, 3 days): the 96 cards of the first pile not
    // dealt, 97 of each later pack (the 110 but the two hands and the top card left), and
    // the two hands' last 12. A looser bound (every pack whole, 27 × 110 + 14 = 2,984) let
    // an innings of 1,990 balls pass.
    assert_eq!(most, 96 + 26 * 97 + 12);
    type Edit = fn(&mut accc::save::v1::FileV1, u32);
    let corpus: Vec<(&str, Edit, &str)> = vec![
        (
            "an innings all out in no balls",
            |f, _| {
                let inn = f.seasons[0].classes[0]
                    .matches
                    .iter_mut()
                    .flat_map(|m| m.innings.iter_mut())
                    .find(|i| i.end == 0)
                    .expect("an innings all out");
                inn.balls = 0;
            },
            "wickets down in innings",
        ),
        (
            "an innings of 147 all out in no balls",
            |f, _| {
                let m = f.seasons[0].classes[1]
                    .matches
                    .iter_mut()
                    .find(|m| m.innings.len() == 4 && m.innings[1].end == 0)
                    .expect("a match of four innings, the second all out");
                m.innings[1].balls = 0;
                m.innings[1].total = 147;
            },
            "in 0 balls, where a wicket falls only on a ball that counts",
        ),
        (
            "1,990 balls in one innings",
            |f, most| {
                // A match whose other innings bowled enough that 1,990 more are more than
                // the cards allow, though not more than every pack whole.
                let m = (f.seasons[0].classes.iter_mut())
                    .flat_map(|c| c.matches.iter_mut())
                    .find(|m| {
                        let rest: u32 = m.innings[1..].iter().map(|i| i.balls as u32).sum();
                        rest + 1990 > most && rest + 1990 <= 27 * 110 + 14
                    })
                    .expect("a long match");
                m.innings[0].balls = 1990;
            },
            "balls bowled, more than its cards allow",
        ),
        (
            "more balls in one innings than the match's cards allow",
            |f, most| f.seasons[0].classes[1].matches[0].innings[0].balls = most as u16 + 1,
            "balls bowled, more than its cards allow",
        ),
    ];
    for (what, edit, said) in corpus {
        let dir = tempfile::tempdir().unwrap();
        let mut f = good.clone();
        edit(&mut f, most);
        let path = dir.path().join("M.acc");
        let bytes = file_bytes(&f);
        std::fs::write(&path, &bytes).unwrap();
        for args in [
            vec!["show", "M", "table"],
            vec!["export", "M"],
            vec!["sim", "M", "--years", "1"],
        ] {
            let out = accc()
                .args(&args)
                .arg("--saves-dir")
                .arg(dir.path())
                .output()
                .unwrap();
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(4), "{what}: {args:?}: {err}");
            assert!(
                err.contains("M.acc is corrupt: ") && err.contains(said),
                "{what}: {args:?}: {err}"
            );
            assert!(out.stdout.is_empty(), "{what}: {args:?}");
        }
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{what}: untouched");
    }
    // The untouched file is a good one.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("M.acc"), file_bytes(&good)).unwrap();
    let out = accc()
        .args(["show", "M", "table", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

/// The save (format 5, its checksum right) of `comp` with its table of innings records
/// edited by `edit`.
fn with_innings(
    comp: &accc::league::Competition,
    edit: impl FnOnce(&mut accc::league::innings::InningsTable),
) -> Vec<u8> {
    let bytes = accc::save::encode(comp);
    let (_, payload) = accc::store::envelope::unwrap(accc::save::KIND, &bytes).unwrap();
    let mut file: accc::save::v5::FileV5 = postcard::from_bytes(payload).unwrap();
    let mut table = file.innings.take().unwrap().table().unwrap();
    edit(&mut table);
    file.innings = Some(accc::save::v5::InningsV5::of(&table));
    accc::store::envelope::wrap(accc::save::KIND, &postcard::to_stdvec(&file).unwrap())
}

/// A table of innings records (save format 5) that its matches cannot hold, under a valid
/// checksum, is refused as corrupt by every command (exit 4), named in words; the table as
/// the league built it loads.
#[test]
fn impossible_innings_records_are_refused_as_corrupt() {
    let mut comp = accc::league::Competition::create(
        "M",
        accc::league::Settings {
            options: accc::engine::MatchOptions::default(),
            levels: accc::play::Levels::default(),
            user_county: None,
            seed: 5,
        },
    )
    .unwrap();
    comp.sim_seasons(2, |_| {});
    // The county with the most hundreds, and one whose opener carried the bat.
    let counties = &comp.innings().counties;
    let (c, _) = (counties.iter().enumerate())
        .max_by_key(|(_, c)| c.hundreds)
        .unwrap();
    let carried = counties.iter().position(|c| !c.carried.is_empty()).unwrap();
    assert!(counties[c].hundreds > 0);
    type Edit = Box<dyn Fn(&mut accc::league::innings::CountyInnings)>;
    let corpus: Vec<(&str, Edit, &str)> = vec![
        (
            "a highest innings of more runs than its innings' total",
            Box::new(|t| t.top[0].runs = 999),
            "innings records give a highest innings of 999 by its no.",
        ),
        (
            "a highest innings in a year not played",
            Box::new(|t| t.top[0].at.year = 1950),
            "in 1950 that none of its innings could hold",
        ),
        (
            "a highest innings against a county it did not play there",
            Box::new(|t| {
                let m = &mut t.top[0];
                m.opponent = (0..16).find(|&o| o != m.opponent && o != m.county).unwrap();
            }),
            "innings records give a highest innings of",
        ),
        (
            "a carried bat by a no. 5",
            Box::new(|t| t.carried[0].no = 5),
            "give a carried bat of",
        ),
        (
            "a highest innings at no. 3 listed as no. 4's",
            Box::new(|t| t.best_at[3] = t.best_at[2]),
            "give a highest innings at a place in the order of",
        ),
        (
            "a first-wicket partnership of 999",
            Box::new(|t| t.partnerships[0].as_mut().unwrap().runs = 999),
            "give a wicket-1 partnership of 999",
        ),
        (
            "a first-wicket partnership of no. 1 and no. 3",
            Box::new(|t| t.partnerships[0].as_mut().unwrap().batsmen = [1, 3]),
            "give a wicket-1 partnership of",
        ),
        (
            "ten thousand hundreds",
            Box::new(|t| t.hundreds = 10_000),
            "count 10000 hundreds, where its innings' totals leave room for",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("M.acc");
    let check = |bytes: &[u8], what: &str, said: Option<&str>| {
        std::fs::write(&path, bytes).unwrap();
        for args in [
            vec!["show", "M", "innings"],
            vec!["export", "M"],
            vec!["sim", "M", "--years", "1"],
        ] {
            let out = accc()
                .args(&args)
                .arg("--saves-dir")
                .arg(dir.path())
                .output()
                .unwrap();
            let err = stderr(&out);
            match said {
                Some(said) => {
                    assert_eq!(out.status.code(), Some(4), "{what}: {args:?}: {err}");
                    assert!(
                        err.contains("M.acc is corrupt: ") && err.contains(said),
                        "{what}: {args:?}: {err}"
                    );
                    assert_eq!(std::fs::read(&path).unwrap(), bytes, "{what}: untouched");
                }
                None => {
                    assert!(out.status.success(), "{what}: {args:?}: {err}");
                    std::fs::write(&path, bytes).unwrap();
                }
            }
            let _ = std::fs::remove_file(dir.path().join("M.bak"));
            let _ = std::fs::remove_file(dir.path().join("M.acx"));
        }
    };
    check(&with_innings(&comp, |_| {}), "the table as built", None);
    for (what, edit, said) in corpus {
        let c = if what.contains("carried") { carried } else { c };
        check(
            &with_innings(&comp, |t| edit(&mut t.counties[c])),
            what,
            Some(said),
        );
    }
    check(
        &with_innings(&comp, |t| t.matches_read += 1),
        "one match more read than played",
        Some("its innings records are read from 225 matches, where it has played 224"),
    );
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// A small competition `NAME` made in `dir` by `sim --years 0`.
fn made(dir: &Path, name: &str) {
    let out = accc()
        .args(["sim", name, "--years", "0", "--seed", "3", "--batsmen", "2"])
        .args(["--packs-per-session", "1", "--days", "1", "--saves-dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A socket where a save should be is a file that cannot be used (exit 4),
/// not a failure to read one (exit 5, "No such device or address").
#[cfg(unix)]
#[test]
fn a_socket_as_a_save_is_exit_4() {
    let dir = tempfile::tempdir().unwrap();
    let _listener = std::os::unix::net::UnixListener::bind(dir.path().join("S.acc")).unwrap();
    for args in [
        vec!["show", "S", "table"],
        vec!["export", "S"],
        vec!["sim", "S", "--years", "1"],
    ] {
        let out = accc()
            .args(&args)
            .arg("--saves-dir")
            .arg(dir.path())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
        assert!(
            err.contains("S.acc is a socket, not a file this program can use"),
            "{args:?}: {err}"
        );
    }
}

/// A lock file that is a named pipe is not taken as the lock: refused in
/// words (exit 4), and left as it is.
#[cfg(unix)]
#[test]
fn a_lock_file_that_is_a_pipe_is_refused_and_left() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    made(dir.path(), "L");
    let lock = dir.path().join(".L.acc.lock");
    mkfifo(&lock);
    let before = std::fs::read(dir.path().join("L.acc")).unwrap();
    let out = accc()
        .args(["sim", "L", "--years", "1", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert!(
        err.contains("its lock file") && err.contains("is a named pipe"),
        "{err}"
    );
    assert!(std::fs::symlink_metadata(&lock)
        .unwrap()
        .file_type()
        .is_fifo());
    assert_eq!(std::fs::read(dir.path().join("L.acc")).unwrap(), before);
}

/// A journal that is a named pipe, or a link to nothing, is said and left
/// as it is by the next save, not removed.
#[cfg(unix)]
#[test]
fn a_journal_that_is_a_pipe_or_a_dangling_link_is_said_and_left() {
    let dir = tempfile::tempdir().unwrap();
    made(dir.path(), "P");
    made(dir.path(), "D");
    let pipe = dir.path().join("P.jnl");
    mkfifo(&pipe);
    let link = dir.path().join("D.jnl");
    std::os::unix::fs::symlink(dir.path().join("nowhere.jnl"), &link).unwrap();
    for (name, jnl, said) in [
        (
            "P",
            &pipe,
            "P.jnl is a named pipe, not a file this program can use",
        ),
        ("D", &link, "which is not there"),
    ] {
        let out = accc()
            .args(["sim", name, "--years", "1", "--saves-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(out.status.success(), "{name}: {err}");
        assert!(err.contains(said), "{name}: {err}");
        assert!(
            std::fs::symlink_metadata(jnl).is_ok(),
            "{name}: the journal is left where it is"
        );
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&pipe)
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
}
