//! The start: the file prompt, a new file's options and county, and files damaged,
//! missing with a backup, or opened with a seed.

use super::*;

/// The columns of row `y` drawn reversed (a cursor's block) on the 80x25 screen.
fn reversed_cells(app: &App, y: u16) -> Vec<u16> {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| draw::draw(f, app)).unwrap();
    let buf = t.backend().buffer();
    (0..80u16)
        .filter(|&x| {
            buf[(x, y)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        })
        .collect()
}

/// A new name may not begin with '-' (`accc show -X` would take it for an option): the file
/// prompt says why in a sentence that fits the screen, and nothing is made.
#[test]
fn a_name_beginning_with_a_hyphen_is_refused_at_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    press(&mut app, "-x");
    enter(&mut app);
    let text = shot(&app);
    let said: String = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("it begins with '-', which a command line would take for an option"),
        "{text}"
    );
    assert!(
        matches!(app.start(), Some(Start::FileName { .. })),
        "{text}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file made"
    );
}

/// Files an earlier version left in `./saves` are told of on the file prompt and when a new
/// file of one's name is asked for; they are not moved.
#[test]
fn the_file_prompt_tells_of_files_left_in_dot_saves_by_an_earlier_version() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    let said = "An earlier version left files in ./saves (OLD, OTHER); they are kept there: \
                give --saves-dir saves to use them there, or move them (with their .bak and \
                .jnl files) to";
    let joined = |app: &App| shot(app).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!joined(&app).contains("An earlier version"));
    app.earlier = Some(accc::folder::Earlier {
        folder: "saves".into(),
        names: vec!["OLD".into(), "OTHER".into()],
    });
    assert!(joined(&app).contains(said), "{}", shot(&app));
    press(&mut app, "old");
    enter(&mut app);
    assert!(shot(&app).contains("There is no ACCC file called OLD."));
    assert!(joined(&app).contains(said), "{}", shot(&app));
    press(&mut app, "n");
    press(&mut app, "new");
    enter(&mut app);
    assert!(shot(&app).contains("There is no ACCC file called NEW."));
    assert!(
        !joined(&app).contains("An earlier version"),
        "{}",
        shot(&app)
    );
}

#[test]
fn start_screens_new_file_options_and_county() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    app.new_seed = Some(1);
    // The prompt says where the files are (the folder, which changes from run to run, put in
    // words for the snapshot).
    let folder = dir.path().display().to_string();
    let at_folder = |app: &App| shot(app).replace(&folder, "<the saves folder>");
    assert!(shot(&app).contains(&format!("Files are kept in {folder}")));
    insta::assert_snapshot!("file_prompt", at_folder(&app));
    // A name's rules are told as it is typed: eight characters at most, and only letters,
    // digits, '_' and '-'.
    press(&mut app, "far_too_long");
    insta::assert_snapshot!("file_prompt_bad_name", at_folder(&app));
    assert!(matches!(app.start(), Some(Start::FileName { input, .. }) if input == "far_too_"));
    // A full name has no cursor: "far_too_" is all there is.
    assert_eq!(reversed_cells(&app, 11), Vec::<u16>::new());
    for _ in 0..8 {
        app.update(key(KeyCode::Backspace));
    }
    // A key left out is told, and stays told as the name is typed on: "my try!" is MYTRY.
    let left_out = "was left out: a file name holds only letters, digits, '_' and '-'.";
    press(&mut app, "my t");
    assert!(
        shot(&app).contains(&format!("A space {left_out}")),
        "{}",
        shot(&app)
    );
    press(&mut app, "ry!");
    assert!(shot(&app).contains("│  mytry  "), "{}", shot(&app));
    // The cursor is a block after the name, not an underscore a name may hold.
    assert_eq!(reversed_cells(&app, 11), [13 + 5]);
    assert!(
        shot(&app).contains(&format!("'!' {left_out}")),
        "{}",
        shot(&app)
    );
    press(&mut app, "a");
    assert!(
        shot(&app).contains(&format!("'!' {left_out}")),
        "{}",
        shot(&app)
    );
    app.update(key(KeyCode::Backspace));
    assert!(!shot(&app).contains(left_out), "a key taken off clears it");
    for _ in 0..5 {
        app.update(key(KeyCode::Backspace));
    }
    press(&mut app, "a");
    assert!(
        shot(&app).contains("Letters, digits, _ and - only: other keys are left out."),
        "the rule is on the prompt before any key is refused"
    );
    app.update(key(KeyCode::Backspace));
    enter(&mut app);
    assert!(shot(&app).contains("it is empty"), "{}", shot(&app));
    press(&mut app, "surrey11");
    enter(&mut app);
    insta::assert_snapshot!("confirm_new_file", at_folder(&app));
    press(&mut app, "x"); // ignored
    press(&mut app, "y");
    insta::assert_snapshot!("options_defaults", shot(&app));
    // [H] tells what the option under the cursor does, whole, above the footer.
    app.update(key(KeyCode::Down));
    press(&mut app, "h");
    insta::assert_snapshot!("options_help", shot(&app));
    app.update(key(KeyCode::Up));
    press(&mut app, "123444785");
    insta::assert_snapshot!("options_first_timer", shot(&app));
    // The word on the last key goes with the next key ([Up] and [Down] say nothing).
    app.update(key(KeyCode::Up));
    app.update(key(KeyCode::Down));
    let options_first_timer = shot(&app);
    assert!(!options_first_timer.contains("Packs per session: 4."));
    press(&mut app, "0");
    insta::assert_snapshot!("county_choice", shot(&app));
    // A key that picks nothing says what does; [Enter] with nothing picked makes nothing.
    for k in ["!", "5"] {
        press(&mut app, k);
        assert!(
            shot(&app).contains("Press a county's letter"),
            "{}",
            shot(&app)
        );
    }
    enter(&mut app);
    assert!(matches!(
        app.start(),
        Some(Start::County { picked: None, .. })
    ));
    // A letter picks a county and waits for [Enter]: the file keeps it for good, so [H]
    // (Hampshire here, help elsewhere) makes nothing by itself, and another letter changes it.
    press(&mut app, "h");
    let picked = shot(&app);
    assert!(
        picked.contains("Your county: Hampshire. [Enter] makes the file"),
        "{picked}"
    );
    assert!(!dir.path().join("SURREY11.acc").exists());
    press(&mut app, "?");
    assert!(
        shot(&app).contains("a letter picks another county"),
        "{}",
        shot(&app)
    );
    press(&mut app, "0");
    assert!(
        shot(&app).contains("No county: you watch."),
        "{}",
        shot(&app)
    );
    // Esc steps back a screen, keeping the options chosen; nothing is made yet.
    esc(&mut app);
    assert_eq!(shot(&app), options_first_timer);
    press(&mut app, "0");
    press(&mut app, "s");
    assert!(matches!(app.start(), Some(Start::County { .. })));
    assert!(!dir.path().join("SURREY11.acc").exists());
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(
        dir.path().join("SURREY11.acc").exists(),
        "the new file is saved at once"
    );
    let comp = app.comp().unwrap();
    assert_eq!(comp.settings().options.batsmen, 4);
    assert!(
        !comp.settings().options.no_balls
            && !comp.settings().options.wides
            && !comp.settings().options.byes
    );
    assert_eq!(comp.settings().levels, Levels { bat: 1, bowl: 1 });
    insta::assert_snapshot!("menu_first_class", shot(&app));
    press(&mut app, "9");
    insta::assert_snapshot!("menu_second_class", shot(&app));
}

/// The new file's options on the options screen, and the word under its menu (row 20).
fn options_and_word(app: &App) -> (accc::tui::setup::NewFile, String) {
    let Some(Start::Options { new, .. }) = app.start() else {
        panic!("not on the options screen:\n{}", shot(app));
    };
    let text = shot(app);
    let word = text.lines().nth(20).unwrap_or("").trim().to_string();
    (*new, word)
}

/// On the options screen a digit changes its option as the guide says, going round from
/// the highest to the lowest, and says what the option now is; [-] and [+] (and [Left] and
/// [Right]) stop at the ends, saying why nothing changed.
#[test]
fn the_options_say_what_a_digit_did_and_minus_and_plus_stop_at_the_ends() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    press(&mut app, "opts");
    enter(&mut app);
    press(&mut app, "y");
    press(&mut app, "5");
    let (new, word) = options_and_word(&app);
    assert_eq!(new.options.packs_per_session, 4);
    assert_eq!(word, "Packs per session: 4.");
    press(&mut app, "55555");
    assert_eq!(options_and_word(&app).1, "Packs per session: 9.");
    // Round from 9 to 1, said.
    press(&mut app, "5");
    let (new, word) = options_and_word(&app);
    assert_eq!(new.options.packs_per_session, 1);
    assert_eq!(word, "Packs per session: 1 (after 9 comes 1).");
    assert!(
        shot(&app).contains("> [5] Packs per session 1"),
        "{}",
        shot(&app)
    );
    // [+] steps on, with no word: the line under the cursor shows it.
    press(&mut app, "+");
    assert_eq!(options_and_word(&app).0.options.packs_per_session, 2);
    assert_eq!(options_and_word(&app).1, "");
    // At each end [-]/[Left] and [+]/[Right] change nothing and say why: no going round.
    for (step, arrow, end, said) in [
        (
            "-",
            KeyCode::Left,
            1,
            "Packs per session: 1 is the lowest there is; [+] steps on.",
        ),
        (
            "+",
            KeyCode::Right,
            9,
            "Packs per session: 9 is the highest there is; [-] steps back.",
        ),
    ] {
        press(&mut app, &step.repeat(9));
        let (new, word) = options_and_word(&app);
        assert_eq!(
            new.options.packs_per_session, end,
            "[{step}] does not go round"
        );
        assert_eq!(word, said);
        app.update(key(arrow));
        assert_eq!(options_and_word(&app), (new, word));
    }
    press(&mut app, "-");
    assert_eq!(options_and_word(&app).0.options.packs_per_session, 8);
    // A rule: [1] takes it out of effect and puts it back, saying so; [+] stops in effect.
    press(&mut app, "1");
    let (new, word) = options_and_word(&app);
    assert!(!new.options.no_balls);
    assert_eq!(
        word,
        "The no-ball rule is now not in effect ([1] again changes it back)."
    );
    press(&mut app, "-");
    assert_eq!(
        options_and_word(&app).1,
        "The no-ball rule is out of effect already: [+] puts it in effect."
    );
    press(&mut app, "+");
    assert!(options_and_word(&app).0.options.no_balls);
    press(&mut app, "+");
    assert_eq!(
        options_and_word(&app).1,
        "The no-ball rule is in effect already: [-] takes it out of effect."
    );
    // [Enter] makes nothing: it says which keys do.
    enter(&mut app);
    assert_eq!(
        options_and_word(&app).1,
        "[1]-[8] change an option, [9] restores defaults, [0] finishes, [H] explains."
    );
    assert!(matches!(app.start(), Some(Start::Options { .. })));
}

#[test]
fn esc_on_the_new_file_screens_steps_back_and_makes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    press(&mut app, "fresh");
    enter(&mut app);
    assert!(matches!(app.start(), Some(Start::Confirm { .. })));
    esc(&mut app);
    assert!(matches!(app.start(), Some(Start::FileName { .. })) && !app.quit);
    press(&mut app, "fresh");
    enter(&mut app);
    press(&mut app, "y");
    assert!(matches!(app.start(), Some(Start::Options { .. })));
    esc(&mut app);
    assert!(matches!(app.start(), Some(Start::FileName { .. })) && !app.quit);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file was made"
    );
}

#[test]
fn a_damaged_file_is_explained_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_path(dir.path(), "BROKEN");
    std::fs::write(&path, b"this is not an ACCC file").unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("broken".into()));
    assert!(matches!(app.start(), Some(Start::Damaged { .. })));
    let text = shot(&app);
    assert!(text.contains("BROKEN"), "{text}");
    press(&mut app, "q");
    enter(&mut app);
    assert!(matches!(app.start(), Some(Start::FileName { .. })));
    assert_eq!(std::fs::read(&path).unwrap(), b"this is not an ACCC file");
}

#[test]
fn a_missing_file_with_a_backup_offers_the_backup() {
    let dir = tempfile::tempdir().unwrap();
    let app = small_file(dir.path(), None);
    drop(app);
    let acc = file_path(dir.path(), "TEST");
    std::fs::rename(&acc, dir.path().join("TEST.bak")).unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(
        matches!(app.start(), Some(Start::Damaged { .. })),
        "not offered to make a new file over the backup"
    );
    press(&mut app, "b");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.status().unwrap().contains("backup"));
}

#[test]
fn a_path_wider_than_the_screen_is_shown_whole_across_lines() {
    // A word longer than a line (here the saves folder's name, in the file's path) is broken
    // across lines, not cut off at the screen's edge.
    let dir = tempfile::tempdir().unwrap();
    let saves = dir
        .path()
        .join("a_folder_whose_name_alone_is_wider_than_the_screen_".repeat(2));
    std::fs::create_dir(&saves).unwrap();
    std::fs::write(saves.join("LOST.bak"), b"not a save").unwrap();
    let app = App::new(saves.clone(), Some("lost".into()));
    assert!(matches!(app.start(), Some(Start::Damaged { .. })));
    let text = shot(&app);
    let joined: String = text.lines().map(str::trim).collect();
    let path = file_path(&saves, "LOST").display().to_string();
    assert!(path.chars().count() > 80);
    assert!(joined.contains(&path), "{text}");
}

#[test]
fn the_damaged_file_screen_offers_a_backup_only_when_there_is_one_and_says_so_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_path(dir.path(), "JUNK");
    std::fs::write(&path, b"junk").unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("junk".into()));
    let text = shot(&app);
    assert!(!text.contains("[B]"), "no backup, none offered: {text}");
    press(&mut app, "b");
    assert!(matches!(app.start(), Some(Start::Damaged { .. })));
    // A backup that is junk too: read before it is offered, so it is not offered, and why
    // is said once.
    std::fs::write(dir.path().join("JUNK.bak"), b"more junk").unwrap();
    drop(app); // let go of the file, as quitting does
    let mut app = App::new(dir.path().to_path_buf(), Some("junk".into()));
    press(&mut app, "bbb");
    let text = shot(&app);
    assert_eq!(
        text.matches("The backup cannot be used either").count(),
        1,
        "{text}"
    );
    assert!(text.contains("JUNK.bak is not an ACCC"), "{text}");
    assert!(
        !text.contains("[B]") && !text.contains("copy it over"),
        "{text}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"junk");
    assert_eq!(
        std::fs::read(dir.path().join("JUNK.bak")).unwrap(),
        b"more junk"
    );
}

#[test]
fn the_backup_offered_says_what_it_holds_before_it_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    let path = file_path(dir.path(), "TEST");
    // The backup: the competition as made. The file: three seasons on, then damaged.
    std::fs::copy(&path, dir.path().join("LONGNAME.bak")).unwrap();
    sim_on_disk(dir.path(), 3);
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(file_path(dir.path(), "LONGNAME"), &bytes).unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("longname".into()));
    let text = shot(&app);
    assert!(
        text.contains("[B] open the backup (LONGNAME.bak: 1890 season, round 1)"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 80));
    // The rows of keys (those above name the temporary folder, which varies).
    let keys: Vec<&str> = text.lines().skip(22).collect();
    insta::assert_snapshot!("damaged_backup_offered", keys.join("\n"));
    press(&mut app, "b");
    assert!(app
        .comp()
        .is_some_and(|c| draw::standing(c) == "1890 season, round 1"));
}

#[test]
fn a_seed_given_for_a_file_that_exists_is_not_ignored_silently() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    app.set_new_seed(Some(5));
    assert!(
        shot(&app).contains("--seed is only for a new file: TEST keeps its own (42)."),
        "{}",
        shot(&app)
    );
    let mut fresh = App::new(dir.path().to_path_buf(), None);
    fresh.set_new_seed(Some(5));
    assert_eq!(fresh.status(), None, "a seed for a file still to be made");
}

#[test]
fn a_backup_opened_is_saved_at_once_so_quitting_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    let acc = file_path(dir.path(), "TEST");
    std::fs::copy(&acc, dir.path().join("TEST.bak")).unwrap();
    std::fs::write(&acc, b"damaged").unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "b");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(shot(&app).contains("Quit (everything is saved)"));
    press(&mut app, "q");
    assert!(app.quit);
    drop(app); // the program ends, letting go of the file
               // The next start finds the file, not only its backup.
    let again = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(
        matches!(again.screen(), Some(Screen::Menu)),
        "{}",
        shot(&again)
    );
    assert_eq!(accc::save::load(&acc).unwrap().name(), "TEST");
}
