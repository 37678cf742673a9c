//! The main menu: its keys, the classes, simulating seasons, the charts' door, and saving
//! (a failed save, a file changed by another program, a copied file).

use super::*;

#[test]
fn bad_keys_change_nothing_on_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let before = shot(&app);
    press(&mut app, "xz#");
    app.update(key(KeyCode::F(5)));
    assert_eq!(shot(&app), before);
}

/// A file with no county of the person's (all played by the computer, as `accc sim` makes
/// them) does not offer [F], their county's match with a friend, and the key does nothing;
/// a file with one offers it.
#[test]
fn f_is_offered_only_where_the_person_has_a_county() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let before = shot(&app);
    assert!(!before.contains("[F]"), "{before}");
    assert!(before.contains("[P] Play a friend"), "{before}");
    press(&mut app, "f");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert_eq!(shot(&app), before, "[F] does nothing, says nothing");
    let other = tempfile::tempdir().unwrap();
    let app = small_file(other.path(), Some(0));
    assert!(
        shot(&app).contains("[F] Play your county's match with a friend"),
        "{}",
        shot(&app)
    );
}

/// When the person's county plays next, [1] is not offered (as the guide has it): dimmed, its
/// key not lit, and said in words; pressed, it says [2] plays the match, and once the match is
/// begun and left, that [2] resumes it.
#[test]
fn one_is_shown_not_offered_when_the_persons_county_plays_next() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    let own = |app: &App| {
        let comp = app.comp().unwrap();
        let class = app.open_file().unwrap().class;
        comp.next_fixture(class)
            .is_some_and(|f| comp.fixture_involves_user(&f))
    };
    let row = |app: &App| {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| draw::draw(f, app)).unwrap();
        let buf = t.backend().buffer();
        (buf[(6, 3)].style(), buf[(10, 3)].style())
    };
    // The other class's match: offered.
    press(&mut app, "9");
    assert!(!own(&app));
    assert_eq!(row(&app).0.fg, accc::tui::style::key().fg);
    assert!(shot(&app).contains("[1] Play next match quickly\n"));
    press(&mut app, "9");
    while !own(&app) {
        assert!(shot(&app).contains("[1] Play next match quickly\n"));
        press(&mut app, "1");
        enter(&mut app);
    }
    let menu = shot(&app);
    assert!(
        menu.contains("[1] Play next match quickly (not your county's: [2] plays it)\n"),
        "{menu}"
    );
    let (key, words) = row(&app);
    assert_eq!(
        (key.fg, words.fg),
        (accc::tui::style::dim().fg, accc::tui::style::dim().fg)
    );
    press(&mut app, "1");
    assert_eq!(
        app.status(),
        Some("Your county is playing: press [2] to play the match.")
    );
    press(&mut app, "2");
    esc(&mut app);
    press(&mut app, "y");
    assert!(
        shot(&app).contains("[1] Play next match quickly (not your county's: [2] resumes it)"),
        "{}",
        shot(&app)
    );
    press(&mut app, "1");
    assert_eq!(
        app.status(),
        Some("Your match is in play: press [2] to resume it.")
    );
}

#[test]
fn one_and_two_switch_class_when_the_round_is_done() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    for _ in 0..4 {
        press(&mut app, "1");
        enter(&mut app);
    }
    assert_eq!(app.open_file().unwrap().class, Class::First);
    press(&mut app, "1");
    assert_eq!(
        app.open_file().unwrap().class,
        Class::Second,
        "the first class has played its round"
    );
    assert!(app.status().unwrap().contains("switched"));
    // The first class, its round 1 played, waits for the second's: its menu says so, with
    // no next match, and each class's menu says it as long as it waits.
    press(&mut app, "9");
    let menu = shot(&app);
    assert!(!menu.contains("Next match"), "{menu}");
    assert!(
        menu.contains("Round 1 is played: the second class must finish its round 1 first."),
        "{menu}"
    );
    press(&mut app, "9");
    for _ in 0..8 {
        assert!(shot(&app).contains("Next match: "), "{}", shot(&app));
        press(&mut app, "1");
        enter(&mut app);
    }
    // The second class has played rounds 1 and 2; the first is in its round 2.
    let menu = shot(&app);
    assert!(
        menu.contains("Second-class competition, 1890 season, round 2"),
        "{menu}"
    );
    assert!(
        menu.contains("Round 2 is played: the first class must finish its round 2 first."),
        "{menu}"
    );
    press(&mut app, "9");
    assert!(shot(&app).contains("Next match: "), "{}", shot(&app));
}

/// [1] pressed on and on from a new file plays the person's class's round, switches to the
/// other class as the guide says, and goes on into that class's next round while the
/// person's match waits in theirs: the switch says where that match is, and the menu of the
/// other class points to it as long as it waits there.
#[test]
fn a_switch_of_class_says_where_the_persons_next_match_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    play_out(&mut app);
    for _ in 0..3 {
        enter(&mut app);
        app.update(Msg::Tick);
    }
    assert!(matches!(app.screen(), Some(Screen::Menu)), "{}", shot(&app));
    let mut switched = None;
    for _ in 0..20 {
        press(&mut app, "1");
        if app.status().is_some_and(|s| s.contains("switched")) {
            switched = app.status().map(str::to_string);
            break;
        }
        enter(&mut app);
    }
    let switched = switched.expect("the first class's round ends");
    assert_eq!(app.open_file().unwrap().class, Class::Second);
    let mine = app.open_file().unwrap().own_next().unwrap();
    assert_eq!((mine.class, mine.round), (Class::First, 2));
    let short = |id| accc::counties::get(id).short.clone();
    assert_eq!(
        switched,
        format!(
            "This class has finished its round: switched to the other class. Your county's \
             next match ({} v {}) is in the first class's round 2: [9] switches to it.",
            short(mine.home),
            short(mine.away)
        )
    );
    let menu = shot(&app);
    assert!(
        menu.contains("    [9] switches to it."),
        "the message is shown whole: {menu}"
    );
    let pointer = "Your county: Surrey (next match: first class, [9])";
    assert!(menu.contains(pointer), "{menu}");
    // The second class plays its round 1 and goes on into its round 2: the pointer stays.
    for _ in 0..5 {
        press(&mut app, "1");
        enter(&mut app);
    }
    let menu = shot(&app);
    assert!(
        menu.contains("Second-class competition, 1890 season, round 2"),
        "{menu}"
    );
    assert!(menu.contains(pointer), "{menu}");
    // In its own class the county is only named.
    press(&mut app, "9");
    let menu = shot(&app);
    assert!(menu.contains("Your county: Surrey\n"), "{menu}");
}

#[test]
fn simulating_seasons_shows_progress_and_saves() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(3));
    press(&mut app, "s");
    insta::assert_snapshot!("simulate_prompt", shot(&app));
    // A file without a county of the person's says nothing of one.
    let other = tempfile::tempdir().unwrap();
    let mut none = small_file(other.path(), None);
    press(&mut none, "s");
    assert!(
        shot(&none).contains("The computer plays every match."),
        "{}",
        shot(&none)
    );
    assert!(!shot(&none).contains("your county"), "{}", shot(&none));
    // A key that is no digit is left out, and said to be: "-3" is 3, told.
    press(&mut app, "-");
    assert!(
        shot(&app).contains("'-' was left out: type the number of seasons in digits."),
        "{}",
        shot(&app)
    );
    assert!(matches!(app.screen(), Some(Screen::Simulate { input, .. }) if input.is_empty()));
    press(&mut app, "3");
    assert!(shot(&app).contains("'-' was left out"), "{}", shot(&app));
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Simulating { .. })));
    app.update(Msg::Tick);
    insta::assert_snapshot!("simulating", shot(&app));
    app.update(Msg::Tick);
    app.update(Msg::Tick);
    assert!(matches!(app.screen(), Some(Screen::SeasonEnd { .. })));
    let comp = accc::save::load(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(comp.seasons().len(), 3);
    enter(&mut app);
    press(&mut app, "s0");
    enter(&mut app);
    assert!(
        matches!(app.screen(), Some(Screen::Simulate { error: Some(_), .. })),
        "0 seasons is refused"
    );
}

#[test]
fn c_opens_the_charts_and_esc_comes_back() {
    // The charts screens themselves are tested in `charts::tui`.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "c");
    assert!(matches!(app.screen(), Some(Screen::Charts(_))));
    assert!(shot(&app).contains("Solo charts of other games"));
    esc(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
}

#[test]
fn a_failed_save_stays_shown_and_quitting_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    // The saves folder is a file: every save fails.
    let not_a_folder = dir.path().join("plain-file");
    std::fs::write(&not_a_folder, "x").unwrap();
    let mut app = App::new(not_a_folder.clone(), None);
    press(&mut app, "fresh");
    enter(&mut app);
    press(&mut app, "y0");
    press(&mut app, "0");
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.open_file().unwrap().unsaved.is_some());
    press(&mut app, "x"); // clears the one-line message, not the warning
    let text = shot(&app);
    assert!(
        text.contains("Not saved: The folder ")
            && text.contains("is a file, not a folder")
            && text.contains("[Q] Quit (NOT SAVED: see below)"),
        "{text}"
    );
    press(&mut app, "q");
    assert!(!app.quit && shot(&app).contains("[Q] again quits WITHOUT SAVING"));
    press(&mut app, "3");
    esc(&mut app);
    press(&mut app, "q");
    assert!(!app.quit, "another key in between asks again");
    press(&mut app, "q");
    assert!(app.quit);
    assert_eq!(
        std::fs::read_to_string(&not_a_folder).unwrap(),
        "x",
        "nothing was written over"
    );
}

#[test]
fn a_file_changed_by_another_program_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let path = file_path(dir.path(), "TEST");
    // Another program (as `accc sim` would) plays a season and saves it.
    sim_on_disk(dir.path(), 1);
    // This one plays a match: its save must not undo the other's season.
    press(&mut app, "1");
    assert!(
        app.open_file()
            .unwrap()
            .unsaved
            .as_deref()
            .is_some_and(|why| why.contains("TEST.acc was changed by another program")),
        "{:?}",
        app.open_file().unwrap().unsaved
    );
    assert_eq!(
        accc::save::load(&path).unwrap().seasons().len(),
        1,
        "the other program's season is still there"
    );
    enter(&mut app);
    assert!(shot(&app).contains("TEST.acc was changed by another program"));
    press(&mut app, "x");
    assert!(shot(&app).contains("Not saved: TEST.acc was changed by another program"));
    press(&mut app, "q");
    assert!(!app.quit, "quitting asks first");
}

/// A save in place whose folder could not be flushed is saved: the menu says so, and that the
/// disk may not have it yet, nothing is "not saved", [Q] quits at once, and the next save goes
/// through: the save is on disk, and calling it not saved would have the person save again
/// into a refusal of the program's own save as another program's change.
#[test]
fn a_save_whose_folder_flush_failed_is_said_to_be_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let path = file_path(dir.path(), "TEST");
    let failing = accc::store::atomic::FailingFolderFlushes::begin();
    press(&mut app, "1");
    drop(failing);
    assert_eq!(app.open_file().unwrap().unsaved, None);
    let results = |path: &std::path::Path| {
        accc::save::load(path)
            .unwrap()
            .current()
            .map_or(0, |s| s.matches_played())
    };
    assert_eq!(results(&path), 1, "the match is in the file");
    enter(&mut app);
    let text = shot(&app);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("TEST.acc is saved, but the disk may not have it yet (")
            && words.contains("flushing its folder to disk")
            && text.contains("[Q] Quit (everything is saved)")
            && !text.contains("Not saved"),
        "{text}"
    );
    press(&mut app, "1");
    assert_eq!(app.open_file().unwrap().unsaved, None);
    assert_eq!(results(&path), 2, "the next save is the program's own");
    enter(&mut app);
    press(&mut app, "q");
    assert!(app.quit);
}

#[test]
fn a_copied_file_saves_under_its_own_name_not_its_originals() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    let original = file_path(dir.path(), "TEST");
    let before = std::fs::read(&original).unwrap();
    std::fs::copy(&original, file_path(dir.path(), "BRANCH")).unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("branch".into()));
    assert!(shot(&app).contains("BRANCH:"), "{}", shot(&app));
    press(&mut app, "1");
    assert_eq!(app.open_file().unwrap().unsaved, None);
    assert_eq!(
        std::fs::read(&original).unwrap(),
        before,
        "the original is untouched"
    );
    assert_ne!(
        std::fs::read(file_path(dir.path(), "BRANCH")).unwrap(),
        before,
        "the match is saved in the copy"
    );
    // A damaged file whose backup came from elsewhere: the backup is saved as this file.
    let corrupt = file_path(dir.path(), "CORR");
    std::fs::write(&corrupt, b"junk").unwrap();
    std::fs::copy(&original, dir.path().join("CORR.bak")).unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("corr".into()));
    // The screen offers the backup by a key, and so does not say to copy it by hand; the
    // command line, which has no key to press, does.
    let text = shot(&app);
    assert!(
        text.contains("[B] open the backup") && !text.contains("copy it over"),
        "{text}"
    );
    let said = accc::save::load(&corrupt).unwrap_err().to_string();
    assert!(said.contains("copy it over CORR.acc"), "{said}");
    press(&mut app, "b");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(
        app.status().unwrap().contains("CORR.bad"),
        "{:?}",
        app.status()
    );
    press(&mut app, "1");
    assert_eq!(
        std::fs::read(&original).unwrap(),
        before,
        "the original is untouched"
    );
    assert_eq!(accc::save::load(&corrupt).unwrap().name(), "CORR");
    // The damaged file is kept aside, and the good backup's competition stays the backup
    // (saved as CORR the moment it was opened, then kept as the match was saved).
    assert_eq!(std::fs::read(dir.path().join("CORR.bad")).unwrap(), b"junk");
    let backup = accc::save::load(&dir.path().join("CORR.bak")).unwrap();
    assert_eq!(
        accc::league::export::export_json(&backup),
        accc::league::export::export_json(&accc::save::load(&original).unwrap())
            .replace("\"TEST\"", "\"CORR\""),
    );
    // Damaged again: an earlier damaged copy is not replaced.
    std::fs::write(&corrupt, b"junk again").unwrap();
    drop(app); // let go of the file, as quitting does
    let mut app = App::new(dir.path().to_path_buf(), Some("corr".into()));
    press(&mut app, "b");
    assert_eq!(std::fs::read(dir.path().join("CORR.bad")).unwrap(), b"junk");
    assert_eq!(
        std::fs::read(dir.path().join("CORR.bad.2")).unwrap(),
        b"junk again"
    );
}

#[test]
fn near_the_end_only_the_seasons_left_can_be_simulated_and_the_last_promises_no_next() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), Some(3)));
    sim_on_disk(dir.path(), 97);
    let mut app = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    press(&mut app, "s");
    assert!(
        shot(&app).contains("type a number of seasons (1-3)"),
        "{}",
        shot(&app)
    );
    press(&mut app, "4");
    enter(&mut app);
    assert!(
        shot(&app).contains("from 1 to 3 (the seasons left)"),
        "{}",
        shot(&app)
    );
    press(&mut app, "3");
    // The number counts the season under way as the first of them.
    assert!(
        shot(&app).contains("The 1987 season counts as the first of them: 3 ends with 1989."),
        "{}",
        shot(&app)
    );
    enter(&mut app);
    assert!(matches!(
        app.screen(),
        Some(Screen::Simulating { total: 3, .. })
    ));
    while matches!(app.screen(), Some(Screen::Simulating { .. })) {
        app.update(Msg::Tick);
    }
    let text = shot(&app);
    assert!(
        text.contains("1989 champions") && text.contains("finish bottom of the first class"),
        "{text}"
    );
    assert!(
        text.contains("[Enter] to continue")
            && !text.contains("new season")
            && !text.contains("go down"),
        "{text}"
    );
}

#[test]
fn a_long_message_on_the_menu_is_wrapped_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let long = format!(
        "Saving failed: cannot write {}/TEST.acc: permission denied (os error 13)",
        "/a/rather/long/folder".repeat(3)
    );
    app.open_file_mut().unwrap().status = Some(long.clone());
    let text = shot(&app);
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let tail: Vec<String> = text.lines().skip(21).take(3).flat_map(&words).collect();
    assert!(
        tail.ends_with(&words("permission denied (os error 13)")),
        "{text}"
    );
    assert!(text.contains("Press a key in brackets"));
}

#[test]
fn simulate_on_a_finished_competition_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    sim_on_disk(dir.path(), 100);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    // The menu of a competition that is over offers no match and no simulation: [1], [2]
    // and [S] are not there, and it says why.
    let menu = shot(&app);
    for gone in ["[1]", "[2]", "[S]"] {
        assert!(!menu.contains(gone), "{gone}\n{menu}");
    }
    assert!(
        menu.contains("The competition is over: all its seasons, 1890-1989, have been played."),
        "{menu}"
    );
    insta::assert_snapshot!("menu_of_a_finished_competition", menu);
    press(&mut app, "s");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(
        shot(&app).contains("no seasons left to simulate"),
        "{}",
        shot(&app)
    );
}
