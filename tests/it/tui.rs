//! The terminal program without a terminal: the App driven by key messages, every screen
//! drawn on a `TestBackend` and compared with its snapshot.

use accc::counties::Class;
use accc::engine::{Call, Decision};
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::tui::app::{file_path, App, Msg, Screen, Start};
use accc::tui::draw;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.update(key(KeyCode::Char(c)));
    }
}

fn enter(app: &mut App) {
    app.update(key(KeyCode::Enter));
}

fn esc(app: &mut App) {
    app.update(key(KeyCode::Esc));
}

/// The screen as text, one line per row, trailing spaces trimmed.
fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw::draw(f, app)).unwrap();
    crate::helpers::buffer_text(t.backend().buffer())
}

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

fn shot(app: &App) -> String {
    screen(app, 80, 25)
}

/// A small, fast competition with a fixed seed, saved in `dir` as TEST.
fn small_file(dir: &std::path::Path, user: Option<u8>) -> App {
    file_of_packs(dir, user, 1)
}

/// The same with `packs` a session (of one day).
fn file_of_packs(dir: &std::path::Path, user: Option<u8>, packs: u8) -> App {
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: packs,
        days: 1,
        ..Default::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 2, bowl: 2 },
        user_county: user,
        seed: 42,
    };
    let comp = Competition::create("TEST", settings).unwrap();
    std::fs::create_dir_all(dir).unwrap();
    accc::save::store(&file_path(dir, "TEST"), &comp).unwrap();
    App::new(dir.to_path_buf(), Some("TEST".into()))
}

/// The program open on a TEST file in `dir` (the person's county `user`) with `seasons`
/// played.
fn after_seasons(dir: &std::path::Path, user: Option<u8>, seasons: u32) -> App {
    drop(small_file(dir, user));
    sim_on_disk(dir, seasons);
    App::new(dir.to_path_buf(), Some("TEST".into()))
}

/// Plays `seasons` of the TEST file in `dir` and saves it, as another program (`accc sim`)
/// would, behind the back of any App that has it open.
fn sim_on_disk(dir: &std::path::Path, seasons: u32) {
    let path = file_path(dir, "TEST");
    let mut comp = accc::save::load(&path).unwrap();
    comp.sim_seasons(seasons, |_| {});
    accc::save::store(&path, &comp).unwrap();
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
fn every_view_draws() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    // Play a season and a few matches so every view has something to show.
    press(&mut app, "sr");
    assert!(matches!(app.screen(), Some(Screen::SeasonEnd { .. })));
    insta::assert_snapshot!("season_end", shot(&app));
    enter(&mut app);
    let views: &[(&str, &str)] = &[
        ("table", "3"),
        ("averages", "4"),
        ("results", "5s"),
        ("records", "6s"),
        ("review_previous", "7"),
    ];
    for (name, keys) in views {
        press(&mut app, keys);
        assert!(matches!(app.screen(), Some(Screen::Text { .. })), "{name}");
        insta::assert_snapshot!(format!("view_{name}"), shot(&app));
        esc(&mut app);
        assert!(matches!(app.screen(), Some(Screen::Menu)));
    }
    press(&mut app, "8");
    insta::assert_snapshot!("alltime_menu", shot(&app));
    for (i, name) in [
        "honours",
        "positions_grid",
        "alltime_first",
        "alltime_first_averages",
        "alltime_second",
        "alltime_second_averages",
    ]
    .iter()
    .enumerate()
    {
        press(&mut app, &(i + 1).to_string());
        insta::assert_snapshot!(format!("alltime_{name}"), shot(&app));
        esc(&mut app);
        assert!(
            matches!(app.screen(), Some(Screen::AllTime)),
            "Esc from {name} goes back to the [8] menu"
        );
    }
    esc(&mut app);
    press(&mut app, "h");
    insta::assert_snapshot!("help", shot(&app));
}

#[test]
fn a_bigger_window_shows_the_screen_in_its_middle() {
    let dir = tempfile::tempdir().unwrap();
    let app = small_file(dir.path(), None);
    let big = screen(&app, 100, 31);
    let lines: Vec<&str> = big.split('\n').collect();
    // 80x25 in 100x31: ten columns and three rows on each side.
    let small = shot(&app);
    assert_eq!(lines.len(), 31, "{big}");
    assert!(
        lines[..3].iter().chain(&lines[28..]).all(|l| l.is_empty()),
        "{big}"
    );
    for (row, line) in small.split('\n').enumerate() {
        let shifted = if line.is_empty() {
            String::new()
        } else {
            format!("{:10}{line}", "")
        };
        assert_eq!(lines[3 + row], shifted, "row {row}\n{big}");
    }
}

#[test]
fn a_small_window_asks_to_grow() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(dir.path().to_path_buf(), None);
    let text = screen(&app, 60, 20);
    assert!(
        text.contains("Please make the window at least 80x25 (it is 60x20)."),
        "{text}"
    );
    // While the screen cannot be seen, keys do nothing (Esc here would quit).
    let mut app = app;
    app.update(Msg::Resize(60, 20));
    esc(&mut app);
    press(&mut app, "x");
    assert!(
        !app.quit && matches!(app.start(), Some(Start::FileName { input, .. }) if input.is_empty())
    );
    app.update(Msg::Resize(80, 25));
    esc(&mut app);
    assert!(app.quit);
}

#[test]
fn scrolling_stops_at_the_last_screenful_so_up_always_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "h");
    assert!(
        accc::tui::help::lines().len() > accc::tui::draw::TEXT_ROWS,
        "the help is longer than a screen"
    );
    for _ in 0..10 {
        app.update(key(KeyCode::PageDown));
    }
    let bottom = shot(&app);
    app.update(key(KeyCode::PageDown));
    assert_eq!(shot(&app), bottom, "already at the end");
    app.update(key(KeyCode::Up));
    assert_ne!(shot(&app), bottom, "one key up moves the view");
}

#[test]
fn bad_keys_change_nothing_on_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let before = shot(&app);
    press(&mut app, "xz#");
    app.update(key(KeyCode::F(5)));
    assert_eq!(shot(&app), before);
}

/// Opens the user's own match with [2] (playing others' matches quickly until it comes up).
fn to_own_match(app: &mut App) {
    for _ in 0..200 {
        press(app, "1");
        match app.screen() {
            Some(Screen::Scorecard { .. }) => enter(app),
            Some(Screen::SeasonEnd { .. }) => enter(app),
            Some(Screen::MatchReview { .. }) => enter(app),
            Some(Screen::Reviewing { .. }) => app.update(Msg::Tick),
            Some(Screen::Menu) if app.status().is_some_and(|s| s.contains("press [2]")) => {
                press(app, "2");
                return;
            }
            _ => {}
        }
    }
    panic!("the user's match never came up");
}

/// Plays the match on screen to its end with `=` and [Enter] at every stop.
fn play_out(app: &mut App) {
    play_out_pressing(app, |_| "=");
}

/// Plays the match on screen to its end: [Enter] at every stop, and at each of the person's
/// decisions the key `key` gives.
fn play_out_pressing(app: &mut App, mut key: impl FnMut(&accc::live::LiveMatch) -> &'static str) {
    for _ in 0..5000 {
        let s = live(app);
        if s.state.is_over() {
            return;
        }
        if s.paused.is_some() {
            enter(app);
        } else {
            let k = key(s);
            press(app, k);
        }
    }
    panic!("the match never ended");
}

fn live(app: &App) -> &accc::live::LiveMatch {
    match app.screen() {
        Some(Screen::Match { live, .. }) => live,
        _ => panic!("not on the match screen"),
    }
}

#[test]
fn playing_a_whole_match_of_ones_own_with_the_equals_key() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    let played_before = app.comp().unwrap().current().unwrap().matches_played();
    to_own_match(&mut app);
    insta::assert_snapshot!("match_start", shot(&app));
    let mut extras_shot = false;
    let mut checked_at_end = false;
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() && checked_at_end {
            break;
        }
        // A pause a step raised between balls is shown before the human's next choice.
        if s.human_to_act()
            .is_some_and(|d| !matches!(d, Decision::Respond { .. }))
        {
            assert!(
                s.commentary.pauses.is_empty(),
                "a pause waits behind the prompt: {:?}",
                s.commentary.pauses
            );
        }
        if s.state.is_over() && !checked_at_end {
            // Saved the moment it ended, before its last pauses and scoreboard are seen: no
            // key and no closed window can lose the result now, and there is nothing to leave.
            let reloaded = accc::save::load(&file_path(dir.path(), "TEST")).unwrap();
            assert_eq!(
                reloaded.current().unwrap().matches_played(),
                played_before + 1,
                "the result is on disk, once"
            );
            esc(&mut app);
            assert!(!shot(&app).contains("Leave this match?") && !shot(&app).contains("[Esc]"));
            assert!(matches!(app.screen(), Some(Screen::Match { .. })));
            checked_at_end = true;
            continue;
        }
        let extras = s
            .state
            .public()
            .last_ball
            .is_some_and(|b| b.call != Call::Normal);
        if extras
            && !extras_shot
            && s.human_to_act()
                .is_some_and(|d| matches!(d, Decision::Bowl | Decision::Respond { .. }))
        {
            insta::assert_snapshot!("match_mid_with_extras", shot(&app));
            extras_shot = true;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(extras_shot, "the match showed an extra");
    assert!(checked_at_end);
    assert!(live(&app).state.is_over());
    // The wicket or close that ended it, the close of the innings and the end of the match
    // are one stop, and its one [Enter] goes to the scorecard.
    let text = shot(&app);
    assert!(
        text.contains("The match is over: ") && text.contains("Press [Enter] for the scorecard"),
        "{text}"
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    insta::assert_snapshot!("final_scoreboard", shot(&app));
    enter(&mut app);
    let comp = app.comp().unwrap();
    assert_eq!(
        comp.current().unwrap().matches_played(),
        played_before + 1,
        "added once"
    );
    // The match was saved with everything else.
    let reloaded = accc::save::load(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(
        reloaded.current().unwrap().matches_played(),
        comp.current().unwrap().matches_played()
    );
}

/// Plays the home side of short matches as the user would, with the professional's advice,
/// checking that no pause ever cuts a ball in two. `at_prompt` sees each of the user's
/// prompts first, and may make the choice itself (it returns true). Returns the prompts.
fn play_as_user(
    seeds: std::ops::Range<u64>,
    mut at_prompt: impl FnMut(&mut accc::live::LiveMatch, u64) -> bool,
) -> u32 {
    use accc::live::{LiveMatch, Mode};
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 2,
        ..Default::default()
    };
    let names = || {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    };
    let mut prompts = 0;
    for seed in seeds {
        let mut s = LiveMatch::new(
            options,
            Levels { bat: 3, bowl: 3 },
            seed,
            names(),
            Some(accc::engine::Side::Home),
            Mode::Fully,
        );
        s.advance(false);
        while !s.state.is_over() {
            if s.paused.is_some() {
                assert!(
                    !matches!(s.state.to_act(), Some((_, Decision::Respond { .. }))),
                    "seed {seed}: {:?} within a ball",
                    s.paused
                );
                s.resume();
                s.advance(false);
                continue;
            }
            prompts += 1;
            if !at_prompt(&mut s, seed) {
                let choice = s.advice().expect("the user is to act");
                s.choose(choice).unwrap();
            }
        }
    }
    prompts
}

/// The `=` key asks the analyst (`Search::ADVICE`), which is told every view of the
/// person's side: its answer is a search's, not the professional's (it overrules it here and
/// there), the same when asked twice at a ball, and the same in the same match played again.
/// A twin analyst, told every view of the person's side as the engine replays the match from
/// its record, gives the same answer at every prompt.
#[test]
fn the_equals_key_asks_the_analyst_and_answers_alike_each_time() {
    use accc::ai::analyst::Analyst;
    use accc::ai::{Bot, Level};
    use accc::engine::runner::chance_rng;
    use accc::engine::{Choice, MatchState, NoRecord, Player, Side};
    use accc::save::record::Op;
    use std::collections::HashMap;
    let pro = Level::PROFESSIONAL;
    // Per seed: the person's decisions and the computer's choices, as the record keeps them.
    type History = (Vec<(Decision, Choice)>, Vec<Choice>);
    let play = || {
        let mut answers = Vec::new();
        let mut overruled = 0;
        let mut at = u64::MAX;
        let mut professional = Bot::new(pro, pro, 0, Side::Home);
        let mut history: HashMap<u64, History> = HashMap::new();
        play_as_user(0..2, |s, seed| {
            if seed != at {
                at = seed;
                professional = Bot::new(pro, pro, seed, Side::Home);
            }
            let answer = s.advice().expect("the person is to act");
            assert_eq!(s.advice(), Some(answer), "asked again at the same ball");
            let view = s.state.view();
            if professional.decide(&view) != answer {
                overruled += 1;
            }
            professional.observe(&view, answer);
            answers.push(answer);
            s.choose(answer).unwrap();
            let (person, computer) = history.entry(seed).or_default();
            *person = s.moves.clone();
            computer.extend(s.take_computer().into_iter().map(|op| match op {
                Op::Computer(c) => c,
                op => panic!("{op:?} is not the computer's"),
            }));
            true
        });
        (answers, overruled, history)
    };
    let (answers, overruled, history) = play();
    assert!(answers.len() > 100, "{}", answers.len());
    assert!(
        overruled > 0,
        "the analyst never overruled the professional"
    );
    assert_eq!(play().0, answers, "the same match, the same advice");
    // The twin, on the engine alone.
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 2,
        ..Default::default()
    };
    let mut checked = 0;
    for (seed, (person, computer)) in history {
        let mut twin = Analyst::adviser(seed, Side::Home);
        let mut person = person.into_iter();
        let mut computer = computer.into_iter();
        let mut state = MatchState::new(options);
        let mut rng = chance_rng(seed);
        while !state.is_over() {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
                continue;
            }
            let (side, decision) = state.to_act().unwrap();
            let choice = if side == Side::Home {
                let Some((asked, choice)) = person.next() else {
                    break;
                };
                assert_eq!(asked, decision, "seed {seed}");
                let view = state.view();
                if decision != Decision::Declare {
                    assert_eq!(
                        twin.decide(&view),
                        choice,
                        "seed {seed}: the analyst's answer"
                    );
                    checked += 1;
                }
                twin.observe(&view, choice);
                choice
            } else {
                computer.next().expect("the computer's choice")
            };
            state.apply(choice, &mut NoRecord).unwrap();
        }
    }
    assert_eq!(checked, answers.len());
}

/// A match the person played to its end is reviewed on a screen after its scoreboard: the
/// balls and answers that cost most by the analyst's estimate (here the person plays the
/// first card at every ball, as a careless player would), dearest first; [Enter] goes on.
/// `accc review NAME` prints the same review from the save's last match.
#[test]
fn the_persons_match_is_reviewed_after_its_scoreboard_and_by_accc_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    to_own_match(&mut app);
    play_out_pressing(&mut app, |s| match s.human_to_act() {
        Some(Decision::Bowl | Decision::Respond { .. }) => "1",
        _ => "=",
    });
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    enter(&mut app);
    // The review takes a moment, and says so before it is worked out (at the next tick); a
    // key meanwhile changes nothing.
    assert!(
        shot(&app).contains("The analyst is weighing each of your decisions"),
        "{}",
        shot(&app)
    );
    enter(&mut app);
    assert!(app.busy() && matches!(app.screen(), Some(Screen::Reviewing { .. })));
    app.update(Msg::Tick);
    let text = shot(&app);
    let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
        panic!("{text}")
    };
    let lines = lines.clone();
    assert!(
        text.contains("Your match reviewed by the analyst"),
        "{text}"
    );
    assert!(
        lines[0].starts_with("Review of ")
            && lines[0].contains(" balls Surrey bowled and answered"),
        "{text}"
    );
    let first = lines
        .iter()
        .position(|l| l.starts_with(" 1. "))
        .expect(&text);
    assert!(lines[first].contains(" innings, ") && lines[first].contains(" overs: you "));
    assert!(lines.iter().all(|l| l.chars().count() <= 78));
    // The same review from the save, by the command line.
    let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
    let joined = |ls: &[String]| {
        ls.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let printed_lines: Vec<String> = printed.lines().map(str::to_string).collect();
    assert_eq!(joined(&printed_lines), joined(&lines));
    assert_eq!(printed_lines, lines, "wrapped to the same 78 columns");
    enter(&mut app);
    assert!(matches!(
        app.screen(),
        Some(Screen::Menu | Screen::SeasonEnd { .. })
    ));
    // A watched match has no review: its scoreboard goes on to the menu.
    press(&mut app, "2");
    if matches!(app.screen(), Some(Screen::Match { .. })) {
        press(&mut app, "q");
        if live(&app).paused.is_some() {
            press(&mut app, "q");
        }
        enter(&mut app);
        assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
        enter(&mut app);
        assert!(!matches!(app.screen(), Some(Screen::MatchReview { .. })));
    }
}

/// A match watched with [2] after one the person played does not take its place: `accc
/// review` still reviews the played match, as its screen did (the watched one had replaced
/// it, and the review said the last match was watched). A file that holds a watched match as
/// its last, as such files were written before, still says so.
#[test]
fn watching_a_match_keeps_the_review_of_the_match_played_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    play_out(&mut app);
    enter(&mut app);
    enter(&mut app);
    app.update(Msg::Tick);
    let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
        panic!("{}", shot(&app))
    };
    let reviewed = lines.clone();
    enter(&mut app);
    if matches!(app.screen(), Some(Screen::SeasonEnd { .. })) {
        enter(&mut app);
    }
    // The next match of two computer counties, watched to its end.
    for _ in 0..3 {
        press(&mut app, "2");
        if matches!(app.screen(), Some(Screen::Match { .. })) {
            break;
        }
    }
    assert!(live(&app).human.is_none(), "{}", shot(&app));
    press(&mut app, "q");
    if live(&app).paused.is_some() {
        press(&mut app, "q");
    }
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    enter(&mut app);
    let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
    assert_eq!(printed.lines().collect::<Vec<_>>(), reviewed);
    drop(app);
    // An older file whose last match is a watched one.
    let path = file_path(dir.path(), "TEST");
    let all = accc::save::load_all(&path).unwrap();
    let mut watched = all.last_played.unwrap();
    watched.mode = accc::save::record::Mode::Watch;
    watched.ops.clear();
    watched.fixture.home = 9;
    watched.fixture.away = 10;
    let bytes = accc::save::encode_all(&all.comp, None, Some(&watched));
    std::fs::write(&path, bytes).unwrap();
    let out = crate::helpers::run_in(dir.path(), &["review", "TEST"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "accc: TEST's last match was watched, not played, so there is nothing to review\n"
    );
}

/// The review and the `=` key agree (they are the same analyst, told the same views): a
/// match played with `=` at every decision is blamed for nothing, on the screen and by
/// `accc review`; in the next, where the person plays the first card at every seventh ball
/// or answer and `=` at the rest, only those balls and answers of the person's own may be
/// blamed.
#[test]
fn the_review_never_blames_a_choice_the_equals_key_advised() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    // How the review's line of a ball or answer begins, after where it came: what was
    // answered or bowled.
    let label = |s: &accc::live::LiveMatch| {
        let at = "overs: you ";
        match s.human_to_act() {
            Some(Decision::Respond { bowled, call, .. }) => {
                let called = match call {
                    accc::engine::delivery::Call::NoBall => "the no-ball ",
                    accc::engine::delivery::Call::Wide => "the wide ",
                    _ => "",
                };
                format!("{at}answered {called}{}", bowled.on_screen())
            }
            _ => format!("{at}bowled "),
        }
    };
    let listed = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| {
                let (n, rest) = l.trim_start().split_once(". ")?;
                n.parse::<u32>().ok()?;
                Some(rest.to_string())
            })
            .collect()
    };
    // Where it came: the innings, named as the scorecard names it (the batting side's 1st or
    // 2nd, not the match's 2nd for the side batting second), and the overs the scoreboard
    // showed once its ball was done (a no-ball shares its overs with the ball before it, as
    // on the board).
    let at = |s: &accc::live::LiveMatch, ball: Option<accc::engine::BallRecord>| {
        let ball = ball.expect("a ball was bowled");
        let p = s.state.public();
        let card = accc::scorecard::scorecard(
            p,
            &accc::scorecard::Names {
                home: &s.names[0],
                away: &s.names[1],
            },
        );
        let innings: Vec<&str> = card.lines().filter(|l| l.ends_with(" innings")).collect();
        let overs = accc::engine::score::overs_text(ball.balls);
        format!("{}, at {overs} ", innings[ball.innings as usize - 1])
    };
    for every in [0, 7] {
        to_own_match(&mut app);
        let (mut asked, mut own) = (0, std::collections::HashSet::new());
        // The person's own choice whose ball is still to be seen, and the last ball then.
        let mut waiting: Option<(String, Option<accc::engine::BallRecord>)> = None;
        play_out_pressing(&mut app, |s| {
            let last = s.state.public().last_ball;
            if let Some((what, _)) = waiting.take_if(|(_, before)| *before != last) {
                own.insert(format!("{}{what}", at(s, last)));
            }
            let ball_or_answer = matches!(
                s.human_to_act(),
                Some(Decision::Bowl | Decision::Respond { .. })
            );
            asked += ball_or_answer as u32;
            if ball_or_answer && every > 0 && asked % every == 0 {
                waiting = Some((label(s), last));
                "1"
            } else {
                "="
            }
        });
        if let Some((what, _)) = waiting {
            let s = live(&app);
            own.insert(format!("{}{what}", at(s, s.state.public().last_ball)));
        }
        assert!(asked > 100, "{asked}");
        enter(&mut app);
        enter(&mut app);
        app.update(Msg::Tick);
        let text = shot(&app);
        let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
            panic!("{text}")
        };
        let lines = lines.clone();
        let blamed = listed(&lines);
        if every == 0 {
            assert_eq!(blamed, Vec::<String>::new(), "{text}");
            assert!(
                text.contains("The analyst found no ball or answer it was sure cost runs"),
                "{text}"
            );
            let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
            assert!(printed.contains("nothing to review"), "{printed}");
        } else {
            assert!(!blamed.is_empty(), "{text}");
            // What the figure is: a cost.
            let words = lines
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(
                words.matches("(cost about ").count(),
                blamed.len(),
                "{text}"
            );
            for line in &blamed {
                assert!(
                    own.iter().any(|at| line.starts_with(at.as_str())),
                    "{line} was played on the advice of ="
                );
            }
        }
        enter(&mut app);
    }
}

#[test]
fn a_pause_is_shown_before_the_humans_next_choice() {
    let prompts = play_as_user(0..12, |s, seed| {
        // An interval or a wicket a computer's step raised is shown before the user's next
        // card, unless it arose within the ball the user is to answer (a pack formed by the
        // bowler's draw): that waits for the ball's end.
        let mid_ball = matches!(s.human_to_act(), Some(Decision::Respond { .. }));
        assert!(
            mid_ball || s.commentary.pauses.is_empty(),
            "seed {seed}: {:?} waits behind the prompt",
            s.commentary.pauses
        );
        false
    });
    assert!(prompts > 1000, "{prompts} prompts");
}

#[test]
fn a_declaration_armed_at_the_ball_that_closes_the_innings_is_forgotten() {
    use accc::engine::delivery::stroke;
    let mut closed = 0;
    play_as_user(0..40, |s, seed| {
        // The last pair in, and every card the user holds is out: this ball closes the
        // innings (or the match) whatever is played.
        let p = s.state.public();
        let Some(Decision::Respond {
            bowled,
            call: Call::Normal,
            ..
        }) = s.human_to_act()
        else {
            return false;
        };
        let last_pair = p.current().wickets + 1 == p.options.all_out();
        let hand = s.state.hand(accc::engine::Side::Home);
        if !(last_pair
            && hand
                .iter()
                .all(|&c| stroke(bowled, c, p.striker).wicket.is_some()))
        {
            return false;
        }
        s.declare_next = true;
        let choice = s.advice().unwrap();
        s.choose(choice).unwrap();
        assert!(
            !s.declare_next,
            "seed {seed}: the armed declaration outlived its innings"
        );
        closed += 1;
        true
    });
    assert!(
        closed >= 3,
        "innings closed with a declaration armed: {closed}"
    );
}

#[test]
fn a_result_that_could_not_be_saved_says_so_on_the_match_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    // Another program writes the file while the match is played: this one must not save over it.
    sim_on_disk(dir.path(), 1);
    play_out(&mut app);
    assert!(live(&app).state.is_over());
    let text = shot(&app);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .starts_with(" Not saved: TEST.acc was changed by another program"),
        "{text}"
    );
}

#[test]
fn esc_at_the_toss_asks_on_screen_and_the_next_key_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert!(
        live(&app).human_to_act() == Some(Decision::Elect),
        "the toss is the user's"
    );
    esc(&mut app);
    assert!(
        shot(&app).contains("Leave this match? It is kept as it stands"),
        "{}",
        shot(&app)
    );
    press(&mut app, "n");
    assert!(shot(&app).contains("Press [B] to bat first"));
    press(&mut app, "b");
    assert!(live(&app).human_to_act() == Some(Decision::OpeningDiscard));
}

/// [Q], the menu's quit key, asks to leave the person's own match as [Esc] does (the match
/// kept): at the toss, at a ball and at a stop; any key but [Y] plays on.
#[test]
fn q_in_ones_own_match_asks_to_leave_it_as_esc_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    let asked = "Leave this match? It is kept as it stands: [2] on the menu resumes it.";
    let toss = shot(&app);
    press(&mut app, "q");
    assert!(shot(&app).contains(asked), "{}", shot(&app));
    press(&mut app, "n");
    assert_eq!(shot(&app), toss);
    // At a ball, and at a stop.
    press(&mut app, "b");
    let mut at_ball = false;
    let mut at_stop = false;
    for _ in 0..5000 {
        let s = live(&app);
        if at_ball && at_stop {
            break;
        }
        let here = if s.paused.is_some() {
            &mut at_stop
        } else {
            &mut at_ball
        };
        if !*here && s.deliveries > 0 {
            let before = shot(&app);
            press(&mut app, "Q");
            assert!(shot(&app).contains(asked), "{}", shot(&app));
            press(&mut app, "x");
            assert_eq!(shot(&app), before, "any other key plays on");
            *here = true;
        }
        if live(&app).paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(at_ball && at_stop);
    let deliveries = live(&app).deliveries;
    press(&mut app, "q");
    press(&mut app, "y");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.status().unwrap().contains("kept"), "{:?}", app.status());
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
}

#[test]
fn an_armed_declaration_is_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    for _ in 0..5000 {
        let s = live(&app);
        if matches!(s.human_to_act(), Some(Decision::Respond { .. })) {
            break;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(!shot(&app).contains("will declare"));
    press(&mut app, "d");
    let text = shot(&app);
    assert!(text.contains("will declare before the next ball"), "{text}");
    press(&mut app, "d");
    assert!(!shot(&app).contains("will declare"));
}

#[test]
fn leaving_a_match_keeps_it_and_two_resumes_it_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    let played = app.comp().unwrap().current().unwrap().matches_played();
    for _ in 0..20 {
        press(&mut app, "=");
    }
    // Esc only asks; any key but [Y] plays on with nothing changed.
    let before = live(&app).deliveries;
    let (p, names) = (live(&app).state.public(), &live(&app).names);
    let at = format!(
        "Yorkshire v Surrey: {} batting, innings {} of 4, pack {}/",
        names[p.batting().index()],
        p.innings_started,
        p.pack
    );
    let screen_before = shot(&app);
    esc(&mut app);
    assert!(shot(&app).contains("Leave this match? It is kept as it stands"));
    press(&mut app, "n");
    assert_eq!(live(&app).deliveries, before);
    assert_eq!(shot(&app), screen_before);
    esc(&mut app);
    press(&mut app, "y");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.status().unwrap().contains("kept"), "{:?}", app.status());
    let menu = shot(&app);
    let line = menu
        .lines()
        .find(|l| l.contains("[2] Resume "))
        .expect(&menu);
    assert!(line.contains(&at), "{line}\n{at}");
    assert_eq!(
        app.comp().unwrap().current().unwrap().matches_played(),
        played,
        "not recorded: it is still to be finished"
    );
    // The save holds it (folded in), and no journal is left beside it.
    let all = accc::save::load_all(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(all.comp.current().unwrap().matches_played(), played);
    assert!(all.in_play.is_some());
    assert!(!dir.path().join("TEST.jnl").exists());
    // [2] brings back the very screen it was left on; so does a new program on the file.
    press(&mut app, "2");
    assert_eq!(shot(&app), as_resumed(&screen_before));
    esc(&mut app);
    press(&mut app, "y");
    drop(app);
    let mut again = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(shot(&again).contains(line), "{}", shot(&again));
    // [1] cannot play it and [S] cannot simulate it away; each says [2] resumes it.
    press(&mut again, "1");
    assert!(
        matches!(again.screen(), Some(Screen::Menu))
            && again
                .status()
                .unwrap()
                .contains("Your match is in play: press [2] to resume it"),
        "{}",
        shot(&again)
    );
    assert_eq!(
        again.comp().unwrap().current().unwrap().matches_played(),
        played
    );
    press(&mut again, "s");
    assert!(
        matches!(again.screen(), Some(Screen::Menu))
            && again.status().unwrap().contains("Your match is in play"),
        "{}",
        shot(&again)
    );
    // A season's results say the match is in play, on the screen and from `accc show`; it
    // is not an empty row like a fixture still to come.
    press(&mut again, "5");
    enter(&mut again);
    let results = shot(&again);
    let row = |text: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with("1 Yorks"))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{text}"))
    };
    assert!(row(&results).ends_with("in play"), "{results}");
    let shown = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results"]);
    assert!(row(&shown).ends_with("in play"), "{shown}");
    assert_eq!(shown.matches("in play").count(), 1, "{shown}");
    esc(&mut again);
    press(&mut again, "2");
    assert_eq!(shot(&again), as_resumed(&screen_before));
}

/// The screen `text` as a match resumed shows it: what [=] played last is said until the
/// person's next action and not kept with the match.
fn as_resumed(text: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(row, l)| {
            if row == 17 && l.starts_with(" [=] ") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The menu's "[2] Resume" line, trimmed.
fn resume_line(app: &App) -> String {
    let text = shot(app);
    text.lines()
        .find(|l| l.contains("[2] Resume "))
        .unwrap_or_else(|| panic!("no resume line:\n{text}"))
        .trim()
        .to_string()
}

/// While the toss winner has still to choose to bat or field, the menu names no side to
/// bat: left there with [Esc] [Y], or the program stopped there (as by kill -9) and opened
/// again. Once chosen, it names the side to bat.
#[test]
fn the_resume_line_waits_at_the_toss_until_its_winner_has_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    let at_toss = "[2] Resume Yorkshire v Surrey: at the toss, won by Surrey";
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(resume_line(&app), at_toss);
    press(&mut app, "2");
    assert!(
        shot(&app).contains("Surrey won the toss."),
        "{}",
        shot(&app)
    );
    drop(app);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert_eq!(resume_line(&app), at_toss);
    // Surrey field: Yorkshire bat, and the opening discards are to come.
    press(&mut app, "2");
    press(&mut app, "f");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        "[2] Resume Yorkshire v Surrey: Yorkshire to bat, the opening discards"
    );
}

/// Left at the stop that closes an innings, the menu says the next side is to bat (the
/// engine has begun its innings, no ball of it bowled); a declaration armed is said.
#[test]
fn the_resume_line_says_an_innings_to_begin_and_a_declaration_armed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    // On to the stop that closes the first innings.
    assert!(play_on_until(&mut app, |s| s
        .paused
        .as_ref()
        .is_some_and(|p| p.innings_end().is_some())));
    let (p, names) = (live(&app).state.public(), live(&app).names.clone());
    assert_eq!(p.innings_started, 2, "{}", shot(&app));
    let second = names[p.batting().index()].clone();
    let pack = p.pack;
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        format!("[2] Resume Yorkshire v Surrey: {second} to bat, innings 2 of 4, pack {pack}/3")
    );
    // Into the innings, Surrey batting, a declaration armed.
    press(&mut app, "2");
    assert!(play_on_until(&mut app, |s| {
        let surrey_bat = s.state.public().batting() == s.human.unwrap();
        surrey_bat && matches!(s.human_to_act(), Some(Decision::Respond { .. }))
    }));
    let p = live(&app).state.public();
    let (innings, pack) = (p.innings_started, p.pack);
    press(&mut app, "d");
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        format!("[2] Resume Yorkshire v Surrey: Surrey declaring, innings {innings} of 4, pack {pack}/3")
    );
    press(&mut app, "2");
    assert!(shot(&app).contains("Surrey will declare before the next ball"));
}

/// Into the person's own match, [=] playing for them and [Enter] passing each stop, until
/// `deliveries` balls have been bowled.
fn into_own_match(app: &mut App, deliveries: u32) {
    to_own_match(app);
    let mut keys = 0;
    while live(app).deliveries < deliveries {
        if live(app).paused.is_some() {
            enter(app);
        } else {
            press(app, "=");
        }
        keys += 1;
        assert!(keys < 2000);
    }
}

#[test]
fn a_program_stopped_mid_match_resumes_it_from_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    // Past a stop or two, and some way into the match.
    into_own_match(&mut app, 30);
    // A [D] armed is an action too.
    if matches!(live(&app).human_to_act(), Some(Decision::Respond { .. })) {
        press(&mut app, "d");
    }
    let screen_before = shot(&app);
    let deliveries = live(&app).deliveries;
    let journal = dir.path().join("TEST.jnl");
    assert!(journal.exists(), "each action is in the journal");
    let state_before = format!("{:?}", live(&app).state.public());
    // The program is stopped without a word (as by kill -9): nothing is folded in.
    drop(app);
    assert!(journal.exists());
    // The file and its journal hold the computer's choices too: a later program whose
    // computer players would choose otherwise (here: other levels) rebuilds the same match.
    let mut keeper = accc::save::Keeper::take(&file_path(dir.path(), "TEST")).unwrap();
    let comp = keeper.load().unwrap();
    let game = keeper.in_play().expect("the match in play").clone();
    drop(keeper);
    assert!(game
        .ops
        .iter()
        .any(|op| matches!(op, accc::save::record::Op::Computer(_))));
    let mut other = *comp.settings();
    other.levels = Levels { bat: 1, bowl: 1 };
    let rebuilt = accc::live::LiveMatch::of_record(&other, &game).unwrap();
    assert_eq!(rebuilt.deliveries, deliveries);
    assert_eq!(format!("{:?}", rebuilt.state.public()), state_before);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(shot(&app).contains("[2] Resume "), "{}", shot(&app));
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
    assert_eq!(shot(&app), as_resumed(&screen_before));
    // And it plays on to its end, recorded once.
    let played = app.comp().unwrap().current().unwrap().matches_played();
    play_out(&mut app);
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    let all = accc::save::load_all(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(all.comp.current().unwrap().matches_played(), played + 1);
    assert!(all.in_play.is_none() && !journal.exists());
    let last = all
        .last_played
        .expect("the person's last match is kept for review");
    assert!(last.choices().count() > 20);
}

/// A match begun and not yet left is kept in the journal alone (the save does not hold it
/// yet): `accc show NAME results` says it is in play as the terminal's results do, in text,
/// JSON and CSV.
#[test]
fn accc_show_says_a_match_kept_only_in_the_journal_is_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    into_own_match(&mut app, 10);
    let path = file_path(dir.path(), "TEST");
    assert!(accc::save::load_all(&path).unwrap().in_play.is_none());
    assert!(dir.path().join("TEST.jnl").exists());
    let row = |text: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with("1 Yorks"))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{text}"))
    };
    // The terminal's results, from another program on the file once this one is stopped.
    drop(app);
    let shown = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results"]);
    assert!(row(&shown).ends_with("in play"), "{shown}");
    assert_eq!(shown.matches("in play").count(), 1, "{shown}");
    let mut again = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut again, "5");
    enter(&mut again);
    assert_eq!(row(&shot(&again)).trim(), row(&shown).trim());
    drop(again);
    // JSON and CSV say it too, in a field of their own.
    let json = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let in_play: Vec<_> = rows.iter().filter(|r| r["in_play"] == true).collect();
    assert_eq!(in_play.len(), 1, "{json}");
    assert_eq!(in_play[0]["opponent"], "Yorkshire");
    assert!(in_play[0]["result"].is_null());
    assert!(rows.iter().all(|r| r["in_play"].is_boolean()), "{json}");
    let csv = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results", "--format", "csv"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "in_play").expect(&csv);
    assert_eq!(at, header.len() - 1, "added at the end: {csv}");
    let marked: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(at) == Some("true"))
        .collect();
    assert_eq!(marked.len(), 1, "{csv}");
    assert!(marked[0].contains("Yorkshire"), "{csv}");
}

#[test]
fn a_journal_damaged_mid_match_is_said_kept_aside_and_the_match_resumes_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    into_own_match(&mut app, 40);
    let deliveries = live(&app).deliveries;
    // Stopped as by kill -9. Then the tester's damage: six bytes overwritten half way in.
    drop(app);
    let journal = dir.path().join("TEST.jnl");
    let mut bytes = std::fs::read(&journal).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid..mid + 6].copy_from_slice(b"QQQQQQ");
    std::fs::write(&journal, &bytes).unwrap();
    let bad = dir.path().join("TEST.jnl.bad");

    // The command line says it before its own work, and changes nothing.
    let out = crate::helpers::accc()
        .args(["review", "TEST", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("TEST.jnl is damaged") && err.contains("resumes after your first"),
        "{err}"
    );
    assert_eq!(std::fs::read(&journal).unwrap(), bytes);
    assert!(!bad.exists());
    // `accc sim`, which owns the file, keeps the copy too (and refuses: the match is the
    // person's to finish).
    let out = crate::helpers::accc()
        .args(["sim", "TEST", "--years", "1", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("TEST.jnl is damaged")
            && err.contains(&format!("kept as {}", bad.display()))
            && err.contains("has your match in play"),
        "{err}"
    );
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);

    // The terminal program says it on the menu, naming the copy it has kept before anything
    // is written, and again on the command line when it ends.
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    let status = app.status().unwrap().to_string();
    assert!(
        status.starts_with("TEST.jnl is damaged") && status.contains("kept as TEST.jnl.bad"),
        "{status}"
    );
    insta::assert_snapshot!("menu_journal_damaged", shot(&app));
    assert_eq!(app.farewell.len(), 1);
    assert!(
        app.farewell[0].contains(&bad.display().to_string()),
        "{:?}",
        app.farewell
    );
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);
    assert!(
        !dir.path().join("TEST.jnl.bad.2").exists(),
        "the same copy, not another"
    );
    // [2] resumes before the damage; play goes on, and the copy stays as it was.
    press(&mut app, "2");
    let resumed = live(&app).deliveries;
    assert!(
        0 < resumed && resumed < deliveries,
        "{resumed} of {deliveries}"
    );
    press(&mut app, "=");
    enter(&mut app);
    drop(app);
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);
    let mut keeper = accc::save::Keeper::take(&file_path(dir.path(), "TEST")).unwrap();
    keeper.load().unwrap();
    assert!(
        keeper.take_journal_note().is_none(),
        "the journal is whole again"
    );
}

#[test]
fn a_watched_match_left_comes_back_held_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    for _ in 0..25 {
        app.update(Msg::Tick);
        if live(&app).paused.is_some() {
            enter(&mut app);
        }
    }
    let deliveries = live(&app).deliveries;
    let board = shot(&app).lines().take(12).collect::<Vec<_>>().join("\n");
    drop(app);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
    assert_eq!(
        shot(&app).lines().take(12).collect::<Vec<_>>().join("\n"),
        board
    );
    assert!(shot(&app).contains("Paused: [Space] to go on"));
    for _ in 0..5 {
        app.update(Msg::Tick);
    }
    assert_eq!(live(&app).deliveries, deliveries, "held until [Space]");
    press(&mut app, " ");
    app.update(Msg::Tick);
    assert!(live(&app).deliveries > deliveries);
}

#[test]
fn watching_two_computer_sides_pauses_and_can_finish_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    for _ in 0..40 {
        app.update(Msg::Tick);
    }
    let s = live(&app);
    assert!(s.deliveries > 0, "ticks bowl balls");
    insta::assert_snapshot!("watching", shot(&app));
    // Too small a window hides the match: it waits.
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    assert!(accc::tui::match_screen::wants_ticks(live(&app)));
    let before = live(&app).deliveries;
    app.update(Msg::Resize(60, 20));
    for _ in 0..10 {
        app.update(Msg::Tick);
    }
    assert_eq!(live(&app).deliveries, before, "no ball is bowled unseen");
    app.update(Msg::Resize(80, 25));
    press(&mut app, "q");
    if live(&app).paused.is_some() {
        press(&mut app, "q");
    }
    assert!(live(&app).state.is_over());
    // [Q] does not skip the closing lines: the match's end is one stop, as when it is watched
    // to its end, saying the result in a sentence.
    let text = shot(&app);
    assert!(
        live(&app).paused.as_ref().is_some_and(|s| s.match_end()),
        "{text}"
    );
    assert!(text.contains("The match is over: "), "{text}");
    assert!(!text.contains("over: Match"), "{text}");
    // Finishing quickly tells of the last ball alone, not of every ball since the last look,
    // and leaves no pause behind.
    assert!(
        !live(&app).commentary.last.contains("Then:"),
        "{}",
        live(&app).commentary.last
    );
    assert!(live(&app).commentary.pauses.is_empty());
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
}

/// The end of a drawn or tied match is said in a sentence ("The match is over: a draw."),
/// not with the heading's "Match drawn" in the middle of it; a win names the winner.
#[test]
fn the_end_of_a_watched_match_is_said_in_a_sentence() {
    let mut seen = std::collections::BTreeSet::new();
    // One pack a session draws most matches; three are won more often.
    for packs in [1, 3] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = file_of_packs(dir.path(), None, packs);
        for _ in 0..300 {
            if seen.len() == 2 {
                break;
            }
            match app.screen() {
                Some(Screen::Menu) => press(&mut app, "2"),
                Some(Screen::Match { .. }) => {
                    press(&mut app, "q");
                    let text = shot(&app);
                    let result = live(&app).state.public().result.expect("the match is over");
                    let said = match result.outcome {
                        accc::engine::score::Outcome::Draw => "The match is over: a draw.",
                        accc::engine::score::Outcome::Tie => "The match is over: a tie.",
                        accc::engine::score::Outcome::Win => "won ",
                    };
                    assert!(text.contains(said), "{text}");
                    assert!(!text.contains("over: Match"), "{text}");
                    seen.insert(result.outcome == accc::engine::score::Outcome::Win);
                    enter(&mut app);
                }
                _ => enter(&mut app),
            }
        }
    }
    assert_eq!(seen.len(), 2, "a drawn match and a won one were seen");
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

/// In a watched match [Space] holds play and sets it going, and nothing else: at a stop (a
/// press meant to hold play arriving as a wicket comes up) it passes no stop and says that
/// [Enter] goes on, and at the match's last stop it does not pass to the scoreboard.
#[test]
fn space_in_a_watched_match_passes_no_stop_and_not_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    let mut stops = 0;
    for _ in 0..5000 {
        if live(&app).paused.is_some() {
            let (deliveries, over) = (live(&app).deliveries, live(&app).state.is_over());
            let stop = shot(&app);
            press(&mut app, " ");
            assert!(matches!(app.screen(), Some(Screen::Match { .. })));
            let s = live(&app);
            assert!(s.paused.is_some(), "the stop stays: {}", shot(&app));
            assert_eq!(s.deliveries, deliveries);
            assert!(!s.watching.held, "nor is play held behind it");
            let word = if over {
                "The match is over: [Enter] shows the scorecard."
            } else {
                "Play has stopped: [Enter] goes on ([Space] holds the match while it plays)."
            };
            assert!(shot(&app).contains(word), "{}", shot(&app));
            let without: Vec<String> = shot(&app)
                .replace(word, "")
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            assert_eq!(without.join("\n"), stop, "the word alone is new");
            stops += 1;
            enter(&mut app);
            if over {
                break;
            }
        } else {
            app.update(Msg::Tick);
        }
    }
    assert!(stops > 2, "{stops} stops");
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    // While play runs, [Space] holds it and sets it going again.
    press(&mut app, " ");
    press(&mut app, "2");
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    press(&mut app, " ");
    assert!(live(&app).watching.held);
    press(&mut app, " ");
    assert!(!live(&app).watching.held);
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
fn the_pause_at_an_innings_end_names_and_shows_the_innings_that_ended() {
    use accc::live::commentary::Pause;
    let dir = tempfile::tempdir().unwrap();
    // Three packs a session: long enough for several innings to end at level 2.
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let (mut seen, mut wickets_seen) = (0, 0);
    for _ in 0..20_000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let p = s.state.public();
        let board = |n: u8| {
            let inn = &p.started()[n as usize - 1];
            format!(
                "TOTAL  │{:>4} │  FOR   │ {:>2} │ WKTS",
                inn.total, inn.wickets
            )
        };
        if let Some(n) = s.paused.as_ref().and_then(|stop| stop.innings_end()) {
            let inn = &p.started()[n as usize - 1];
            let name = &s.commentary.names[inn.batting.index()];
            let line = format!("End of innings: {name} ");
            let text = shot(&app);
            assert!(
                text.contains(&line)
                    && text.contains(&format!(" {}.", inn.score_text(p.options.all_out()))),
                "innings {n}:\n{text}"
            );
            // The scoreboard shows the innings that ended, not the next at 0 for 0.
            assert!(text.contains(&board(n)), "innings {n}:\n{text}");
            seen += 1;
            // The wicket that ended it is the same stop, told first: one key for both.
            let stop = &s.paused.as_ref().unwrap().0;
            if stop.first() == Some(&Pause::Wicket) {
                assert!(text.contains("Wicket!"), "{text}");
                wickets_seen += 1;
            }
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            app.update(Msg::Tick);
        }
    }
    assert!(
        seen >= 2 && wickets_seen >= 1,
        "innings ends seen: {seen}, closing wickets: {wickets_seen}"
    );
}

#[test]
fn the_no_ball_suit_is_not_shown_when_the_rule_is_off() {
    use accc::live::{LiveMatch, Mode};
    let names = || (String::from("Home County"), String::from("Home"));
    for no_balls in [true, false] {
        let options = accc::engine::MatchOptions {
            no_balls,
            ..Default::default()
        };
        let mut s = LiveMatch::new(
            options,
            Levels { bat: 2, bowl: 2 },
            9,
            [names(), names()],
            None,
            Mode::Fully,
        );
        while s.state.public().innings_started == 0 || s.deliveries == 0 {
            s.advance(true);
        }
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| accc::tui::match_screen::draw(f, f.area(), &s))
            .unwrap();
        let row: String = (0..12)
            .map(|x| t.backend().buffer()[(x, 10)].symbol().to_string())
            .collect();
        let suit = s.state.public().no_ball_suit.unwrap().marked();
        assert_eq!(row.contains(suit), no_balls, "no-balls {no_balls}: {row:?}");
        assert_eq!(
            row.contains("off"),
            !no_balls,
            "no-balls {no_balls}: {row:?}"
        );
    }
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
fn the_user_may_declare_after_a_wicket_and_before_an_innings_first_ball() {
    use accc::engine::InningsEnd;
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    let (mut after_wicket, mut before_first_ball, mut at_discard) = (false, false, false);
    for _ in 0..8 {
        if after_wicket && before_first_ball && at_discard {
            break;
        }
        to_own_match(&mut app);
        for _ in 0..5000 {
            let s = live(&app);
            if s.state.is_over() {
                enter(&mut app);
                enter(&mut app);
                break;
            }
            let number = s.state.public().innings_started;
            if s.human_to_act() == Some(Decision::Elect) {
                press(&mut app, "b");
                continue;
            }
            if s.human_to_act() == Some(Decision::OpeningDiscard) {
                // Only the side batting first may declare here (its discard is the last
                // thing before the first ball); the bowling side's [D] does nothing.
                let bats = s.bats_next();
                assert_eq!(shot(&app).contains("[D]eclare"), bats);
                if bats && !at_discard {
                    press(&mut app, "d");
                    assert!(shot(&app).contains("[D] bat on"));
                    press(&mut app, "=");
                    let inn = &live(&app).state.public().started()[0];
                    assert_eq!(
                        (inn.end, inn.balls),
                        (Some(InningsEnd::Declared), 0),
                        "declared before the match's first ball"
                    );
                    at_discard = true;
                    continue;
                }
                if !bats {
                    press(&mut app, "d");
                    assert!(
                        !live(&app).declare_next,
                        "the bowling side's [D] arms nothing"
                    );
                }
                press(&mut app, "=");
                continue;
            }
            if !after_wicket && s.human_to_act() == Some(Decision::Exchange) {
                press(&mut app, "d");
                assert!(shot(&app).contains("[D] bat on"));
                press(&mut app, "0");
                let inn = &live(&app).state.public().started()[number as usize - 1];
                assert_eq!(
                    inn.end,
                    Some(InningsEnd::Declared),
                    "declared before the next ball"
                );
                after_wicket = true;
            } else if !before_first_ball && s.may_declare_at_pause() {
                assert!(shot(&app).contains("[D] declare before the first ball"));
                press(&mut app, "d");
                enter(&mut app);
                let inn = &live(&app).state.public().started()[number as usize - 1];
                // A third innings declared still behind is recorded as the innings defeat it is.
                let declared = matches!(inn.end, Some(InningsEnd::Declared))
                    || (number == 3 && inn.end == Some(InningsEnd::InningsDefeat));
                assert!(
                    declared && (inn.balls, inn.total) == (0, 0),
                    "declared before a ball: {inn:?}"
                );
                before_first_ball = true;
            } else if s.paused.is_some() {
                enter(&mut app);
            } else {
                press(&mut app, "=");
            }
        }
    }
    assert!(after_wicket && before_first_ball && at_discard, "after a wicket: {after_wicket}; before a first ball: {before_first_ball}; at the discard: {at_discard}");
}

#[test]
fn the_match_screen_says_how_the_match_is_shaping() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let mut shown = 0;
    for _ in 0..8 {
        for _ in 0..10 {
            press(&mut app, "2");
            if matches!(app.screen(), Some(Screen::Match { .. })) {
                break;
            }
            enter(&mut app);
        }
        for _ in 0..20_000 {
            let s = live(&app);
            if s.state.is_over() {
                break;
            }
            if let Some(line) = accc::tui::match_screen::prospects_line(
                s.state.public(),
                &s.names,
                &s.commentary.names,
            ) {
                assert!(line.chars().count() <= 78, "{line}");
                assert!(shot(&app).contains(&line), "the screen shows {line:?}");
                shown += 1;
            }
            if s.paused.is_some() {
                enter(&mut app);
            } else {
                app.update(Msg::Tick);
            }
        }
        enter(&mut app);
        enter(&mut app);
        if shown > 0 {
            break;
        }
    }
    assert!(shown > 0, "a prospects line came up");
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
/// through (the program had shown it as not saved, asked before quitting, and then refused its
/// own next save as a change by another program).
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

/// A match in play whose fixture was played meanwhile (here by the library, keeping the match
/// in play in the file) is dropped when the file is opened, and the file saved without it: the
/// menu says so, and the save's own word (here: saved, but its folder not flushed) is said
/// with it, where the drop's message had replaced it.
#[test]
fn a_match_in_play_whose_fixture_was_played_meanwhile_is_dropped_and_the_save_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    esc(&mut app);
    press(&mut app, "y");
    assert!(resume_line(&app).starts_with("[2] Resume Yorkshire v Surrey"));
    drop(app);
    let path = file_path(dir.path(), "TEST");
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let mut comp = keeper.load().unwrap();
    assert!(keeper.in_play().is_some());
    comp.sim_rest_of_season().unwrap();
    keeper.store(&comp).unwrap();
    drop(keeper);

    let failing = accc::store::atomic::FailingFolderFlushes::begin();
    let app = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    drop(failing);
    let words = shot(&app).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "The match that was in play was dropped: its fixture has been played meanwhile."
        ) && words.contains("TEST.acc is saved, but the disk may not have it yet"),
        "{words}"
    );
    assert!(!words.contains("[2] Resume"), "{words}");
    drop(app);
    let keeper = accc::save::Keeper::take(&path).unwrap();
    assert!(
        keeper.in_play().is_none(),
        "the file no longer holds the match"
    );
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
fn the_season_end_screen_scrolls_to_its_last_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(3));
    press(&mut app, "s1");
    enter(&mut app);
    while matches!(app.screen(), Some(Screen::Simulating { .. })) {
        app.update(Msg::Tick);
    }
    let Some(Screen::SeasonEnd { summary, .. }) = app.screen() else {
        panic!("{:?}", shot(&app))
    };
    let last = format!(
        "8. {}",
        accc::counties::get(summary.tables[1][7].county).name
    );
    assert!(
        !shot(&app).contains(&last),
        "the screen is longer than the window"
    );
    for _ in 0..5 {
        app.update(key(KeyCode::Down));
    }
    let text = shot(&app);
    assert!(text.contains(&last), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80));
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
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
fn the_final_positions_grid_pages_to_a_full_last_page() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    sim_on_disk(dir.path(), 20);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "82");
    for _ in 0..3 {
        app.update(key(KeyCode::Right));
    }
    assert!(
        matches!(
            app.screen(),
            Some(Screen::Grid {
                first_year: 1894,
                ..
            })
        ),
        "1890-1909 played: the last page is 1894-1909"
    );
    let text = shot(&app);
    assert!(text.contains(" '00"), "1900 is '00: {text}");
    assert!(
        text.lines().nth(2).unwrap().trim_end().ends_with("'09"),
        "{text}"
    );
}

/// [Left]/[Right] at the grid's first or last years say so and which key moves (they had
/// done nothing without a word); the next key clears it. With every season on one page, or
/// none, they say that.
#[test]
fn the_final_positions_grid_says_when_it_is_at_the_first_or_last_years() {
    let grid_at = |app: &App| match app.screen() {
        Some(Screen::Grid { first_year, note }) => (*first_year, note.clone()),
        _ => panic!("{}", shot(app)),
    };
    let said = |app: &App, want: &str| {
        assert_eq!(grid_at(app).1.as_deref(), Some(want));
        let text = shot(app);
        assert_eq!(
            text.lines().nth(23),
            Some(format!(" {want}").as_str()),
            "{text}"
        );
    };
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    sim_on_disk(dir.path(), 20);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "82");
    let first = shot(&app);
    app.update(key(KeyCode::Left));
    said(&app, "1890 is the first season: [Right] goes ten years on.");
    assert_eq!(grid_at(&app).0, 1890);
    app.update(key(KeyCode::PageUp));
    assert_eq!(grid_at(&app).0, 1890);
    app.update(key(KeyCode::Right));
    assert_eq!(grid_at(&app), (1894, None), "moved: nothing said");
    app.update(key(KeyCode::PageDown));
    said(
        &app,
        "1909 is the last season completed: [Left] goes ten years back.",
    );
    assert_eq!(grid_at(&app).0, 1894);
    app.update(key(KeyCode::Left));
    assert_eq!(grid_at(&app), (1890, None));
    assert_eq!(shot(&app), first);
    // Every season on one page.
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), None, 3);
    press(&mut app, "82");
    for k in [KeyCode::Left, KeyCode::Right] {
        app.update(key(k));
        said(&app, "Every season completed is shown: [Esc] goes back.");
    }
    // None yet.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "82");
    app.update(key(KeyCode::Right));
    said(&app, "No season has been completed yet: [Esc] goes back.");
}

#[test]
fn the_match_state_line_counts_in_good_english() {
    use accc::ai::{Bot, Level};
    use accc::engine::{runner::chance_rng, MatchOptions, MatchState, NoRecord, Player, Side};
    use accc::tui::match_screen::state_line;
    let short = ["Surrey".to_string(), "Notts".to_string()];
    let (mut singular, mut level) = (0, 0);
    for seed in 0..40u64 {
        let options = MatchOptions {
            batsmen: 4,
            packs_per_session: 1,
            days: 1,
            ..MatchOptions::default()
        };
        let mut state = MatchState::new(options);
        let mut rng = chance_rng(seed);
        let mut bots =
            [Side::Home, Side::Away].map(|s| Bot::new(Level::NOVICE, Level::NOVICE, seed, s));
        loop {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
            } else if let Some((side, _)) = state.to_act() {
                let choice = bots[side.index()].decide(&state.view());
                state.apply(choice, &mut NoRecord).unwrap();
            } else {
                break;
            }
            if state.public().innings_started == 0 {
                continue;
            }
            let line = state_line(state.public(), &short);
            for wrong in [" 1 runs", " 1 wickets", "by 0 run"] {
                assert!(!line.contains(wrong), "{line}");
            }
            singular += (line.contains(" 1 run ")
                || line.ends_with(" 1 run")
                || line.contains(" 1 wicket ")
                || line.ends_with(" 1 wicket left")) as u32;
            level += (line == "The scores are level") as u32;
        }
    }
    assert!(
        singular > 0 && level > 0,
        "singular {singular}, level {level}"
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
fn the_commentary_says_when_a_side_changes_cards() {
    use accc::cards::{Card, Suit};
    use accc::engine::{Event, Recorder, Side};
    use accc::live::commentary::Commentary;
    let mut c = Commentary::new("Kent", "Surrey", 3);
    let (a, b) = (Card::new(2, Suit::Bats), Card::new(3, Suit::Pads));
    c.record(&Event::Exchange {
        side: Side::Home,
        out: &[a, b],
        drawn: &[b, a],
    });
    assert_eq!(c.last, "Kent change 2 cards.");
    c.last = "OUT! Bowled.".into();
    c.record(&Event::Exchange {
        side: Side::Away,
        out: &[a],
        drawn: &[b],
    });
    assert_eq!(c.last, "OUT! Bowled. Surrey change 1 card.");
    c.last = "x".repeat(70);
    c.record(&Event::Exchange {
        side: Side::Away,
        out: &[a],
        drawn: &[b],
    });
    assert_eq!(
        c.last, "Surrey change 1 card.",
        "alone when both would not fit"
    );
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
fn reviewing_a_past_season_keeps_its_class_to_itself() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), Some(0)));
    sim_on_disk(dir.path(), 2);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    let class = app.open_file().unwrap().class;
    press(&mut app, "7");
    let first = shot(&app);
    press(&mut app, "9");
    let other = shot(&app);
    assert_ne!(first, other, "[9] shows the other class's table");
    let label = accc::views::class_label(class.other());
    assert!(other.contains(&format!("{label} table")), "{other}");
    press(&mut app, "3");
    assert_eq!(shot(&app), other, "[3] stays in the class under review");
    esc(&mut app);
    assert_eq!(
        app.open_file().unwrap().class,
        class,
        "the menu's class is as it was"
    );
    // A county's results are of no class: [9] there changes nothing.
    press(&mut app, "75s");
    let results = shot(&app);
    assert!(!results.contains("[9] class"), "{results}");
    press(&mut app, "9");
    assert_eq!(shot(&app), results);
    esc(&mut app);
    assert_eq!(app.open_file().unwrap().class, class);
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
    press(&mut app, "s");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(
        shot(&app).contains("no seasons left to simulate"),
        "{}",
        shot(&app)
    );
}

#[test]
fn the_final_scoreboard_opens_on_the_result_and_goes_home_and_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "1");
    let Some(Screen::Scorecard { card, .. }) = app.screen() else {
        panic!("{}", shot(&app))
    };
    let last = card.lines.last().unwrap().clone();
    let top = shot(&app);
    let body: Vec<&str> = top.lines().skip(2).take(4).collect();
    assert!(
        body[1].contains(" won by ") || body[1].contains("drawn") || body[1].contains("tied"),
        "{top}"
    );
    assert!(body[2].starts_with(" Points: "), "{top}");
    assert!(!top.contains(&last), "the card is longer than a screen");
    app.update(key(KeyCode::End));
    assert!(shot(&app).contains(&last), "{}", shot(&app));
    app.update(key(KeyCode::Home));
    assert_eq!(shot(&app), top);
}

/// The runs-per-over panels of the final scoreboard say what a bar is wherever some panel's
/// innings has more overs than its 18 bars: every panel then, the first too, even one whose
/// bar is one over, so that no panel is read at another's scale.
#[test]
fn every_runs_per_over_panel_says_how_many_overs_a_bar_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    let (mut mixed, mut binned) = (0, 0);
    for _ in 0..80 {
        if mixed > 0 && binned > 0 {
            break;
        }
        match app.screen() {
            Some(Screen::Scorecard { card, .. }) => {
                let text = shot(&app);
                let rows: Vec<&str> = text.lines().collect();
                let pers: Vec<usize> = card
                    .innings
                    .iter()
                    .take(4)
                    .map(|(_, overs)| overs.len().div_ceil(18).max(1))
                    .collect();
                let labelled = pers.iter().any(|&p| p > 1);
                for (i, &per) in pers.iter().enumerate() {
                    let label: String = rows[23].chars().skip(1 + i * 20).take(19).collect();
                    let said = match per {
                        1 => "(a bar is 1 over)".to_string(),
                        n => format!("(a bar is {n} overs)"),
                    };
                    if labelled {
                        assert!(label.starts_with(&said), "panel {}: {said}\n{text}", i + 1);
                    } else {
                        assert_eq!(label.trim(), "", "panel {}\n{text}", i + 1);
                    }
                }
                binned += labelled as u32;
                mixed += (labelled && pers[0] == 1) as u32;
                enter(&mut app);
            }
            Some(Screen::Menu) => press(&mut app, "1"),
            _ => enter(&mut app),
        }
    }
    assert!(binned > 0 && mixed > 0, "{binned} cards with a panel of bars of overs, {mixed} with a first panel of one over a bar beside one");
}

/// A match of the user's (home or away) brought to its first ball, with the keys pressed.
fn to_first_ball(app: &mut App) {
    to_own_match(app);
    for _ in 0..10 {
        let s = live(app);
        if s.state.public().innings_started > 0 {
            return;
        }
        press(app, "=");
    }
    panic!("the match never began");
}

#[test]
fn the_match_opens_as_the_guide_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_first_ball(&mut app);
    let s = live(&app);
    let p = s.state.public();
    let (bat, bowl) = (p.batting().index(), p.bowling().index());
    let text = shot(&app);
    let lines: Vec<&str> = text.lines().collect();
    // "Surrey to bowl to Nottinghamshire", then the toss where the state of the match goes.
    assert!(
        lines[1].starts_with(&format!(" {} to bowl to {}.", s.names[bowl], s.names[bat])),
        "{text}"
    );
    assert!(text.contains(" the toss and "), "{text}");
    // The fielding side is named under the score, though it has not batted.
    assert!(
        lines[7].trim_end().ends_with(&s.commentary.names[bowl]),
        "{text}"
    );
    // The opening discards are told, the bowler's with the no-ball suit it sets.
    assert!(lines[1].contains(" discard the "), "{text}");
}

#[test]
fn the_computers_opening_discard_and_the_no_ball_suit_it_sets_are_told() {
    use accc::live::{LiveMatch, Mode};
    let names = || {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    };
    let mut told = 0;
    for seed in 0..12 {
        let mut s = LiveMatch::new(
            accc::engine::MatchOptions::default(),
            Levels { bat: 2, bowl: 2 },
            seed,
            names(),
            Some(accc::engine::Side::Home),
            Mode::Fully,
        );
        s.advance(false);
        if s.human_to_act() == Some(Decision::Elect) {
            s.choose(accc::engine::Choice::Elect(accc::engine::Election::Bat))
                .unwrap();
        }
        // The user bats: the computer has bowled its discard first.
        if s.human_to_act() == Some(Decision::OpeningDiscard) && s.bats_next() {
            let suit = s.state.public().top.unwrap().suit().marked();
            assert!(
                s.commentary.last.contains("Surrey discard the ")
                    && s.commentary
                        .last
                        .contains(&format!("{suit} are the first over's no-balls")),
                "{}",
                s.commentary.last
            );
            told += 1;
        }
    }
    assert!(told > 0);
}

#[test]
fn an_innings_begun_is_announced_not_the_last_wicket_of_the_one_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let mut checked = 0;
    for _ in 0..20_000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let ended = s.paused.as_ref().and_then(|st| st.innings_end());
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            app.update(Msg::Tick);
        }
        if ended.is_some() {
            let s = live(&app);
            let p = s.state.public();
            if p.result.is_none() && p.current().balls == 0 {
                let line = shot(&app).lines().nth(1).unwrap().to_string();
                assert!(
                    line.contains(&format!(
                        "{} to bowl to {}.",
                        s.names[p.bowling().index()],
                        s.names[p.batting().index()]
                    )),
                    "{line}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 1, "an innings began after a stop: {checked}");
}

/// Plays the user's matches in `app` with `=` until the user may change cards after a wicket.
fn to_users_exchange(app: &mut App) {
    for _ in 0..6 {
        to_own_match(app);
        for _ in 0..5000 {
            let s = live(app);
            if s.state.is_over() {
                break;
            }
            if s.human_to_act() == Some(Decision::Exchange) {
                return;
            }
            if s.paused.is_some() {
                enter(app);
            } else {
                press(app, "=");
            }
        }
        enter(app);
        enter(app);
    }
    panic!("the user never changed cards");
}

#[test]
fn exchange_picks_say_so_and_a_third_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_users_exchange(&mut app);
    press(&mut app, "1");
    assert!(shot(&app).contains("[1] change"), "{}", shot(&app));
    press(&mut app, "23");
    let text = shot(&app);
    let refused = " At most two cards may be changed: press a picked card's number to unpick it.";
    // Said just above the prompt, where the eye is.
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[22], refused, "{text}");
    assert!(!text.contains("[3] change"), "{text}");
    press(&mut app, "1");
    assert!(!shot(&app).contains("[1] change"));
    assert!(!shot(&app).contains("At most two cards"));
    // A digit with no card under it is said too, and picks nothing.
    let held = live(&app).state.hand(live(&app).human.unwrap()).len();
    assert_eq!(held, 6);
    press(&mut app, "7");
    let text = shot(&app);
    assert!(
        text.contains("No card has the key [7]: the hand holds 6 cards, [1] to [6]."),
        "{text}"
    );
    assert_eq!(live(&app).exchange_pick, vec![1]);
    // [Space] changes nothing and says which keys do.
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] changes nothing: [Enter] changes the cards picked, [0] keeps the hand.")
    );
    assert_eq!(live(&app).exchange_pick, vec![1]);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Exchange));
    press(&mut app, "x");
    assert!(
        !shot(&app).contains("No card has the key"),
        "another key clears it"
    );
}

/// At the opening discard (seven cards) and at a ball (six), a digit with no card under it
/// says so and plays nothing.
#[test]
fn a_digit_with_no_card_under_it_is_said_and_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    press(&mut app, "b");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    press(&mut app, "9");
    assert!(
        shot(&app).contains("No card has the key [9]: the hand holds 7 cards, [1] to [7]."),
        "{}",
        shot(&app)
    );
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    press(&mut app, "=");
    assert!(live(&app).human_to_act().is_some());
    let before = live(&app).deliveries;
    press(&mut app, "8");
    assert!(
        shot(&app).contains("No card has the key [8]: the hand holds 6 cards, [1] to [6]."),
        "{}",
        shot(&app)
    );
    assert_eq!(live(&app).deliveries, before);
}

/// The word the match screen says on the last key, if any (the note row's text, trimmed).
fn match_word(app: &App) -> Option<String> {
    let note = live(app).note.clone()?;
    let text = shot(app);
    assert!(
        text.lines().any(|l| l.trim() == note),
        "the word is on screen, whole: {note}\n{text}"
    );
    Some(note)
}

/// At the toss the person won, a key that chooses nothing (a digit: the cards are only
/// shown; [Enter], a letter) says which keys choose; at the opening discard [Enter],
/// [Space] and [0] throw nothing away and say what does.
#[test]
fn keys_that_do_nothing_at_the_toss_and_the_opening_discard_say_which_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    press(&mut app, "1");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The cards are only to look at: [B] bats first, [F] fields, [=] the computer.")
    );
    let said = "[B] bats first, [F] fields first, [=] lets the computer choose.";
    enter(&mut app);
    assert_eq!(match_word(&app).as_deref(), Some(said));
    press(&mut app, "x");
    assert_eq!(match_word(&app).as_deref(), Some(said));
    let text = shot(&app);
    assert_eq!(text.lines().nth(22), Some(format!(" {said}").as_str()));
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    press(&mut app, "b");
    assert_eq!(match_word(&app), None, "the next key clears it");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    let side = live(&app).human.unwrap();
    let hand = live(&app).state.hand(side).to_vec();
    for (k, word) in [
        (
            KeyCode::Enter,
            "[Enter] throws nothing away: press a card's number, or [=] for the computer.",
        ),
        (
            KeyCode::Char(' '),
            "[Space] throws nothing away: press a card's number, or [=] for the computer.",
        ),
        (
            KeyCode::Char('0'),
            "No card has the key [0]: the hand holds 7 cards, [1] to [7].",
        ),
    ] {
        app.update(key(k));
        assert_eq!(match_word(&app).as_deref(), Some(word));
        assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
        assert_eq!(live(&app).state.hand(side), hand, "nothing thrown away");
    }
}

/// At a ball [Space] plays nothing and says which keys play, as [Enter] does; [0] at the
/// person's ball to bowl says no card has that key, and [D] that the bowlers may not
/// declare.
#[test]
fn space_and_nought_at_the_persons_ball_to_bowl_play_nothing_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert!(play_on_until(&mut app, |s| s.human_to_act() == Some(Decision::Bowl)));
    let deliveries = live(&app).deliveries;
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] plays nothing: press the number under a card, or [=] for the computer.")
    );
    press(&mut app, "0");
    let held = live(&app).state.hand(live(&app).human.unwrap()).len();
    assert_eq!(
        match_word(&app),
        Some(format!(
            "No card has the key [0]: the hand holds {held} cards, [1] to [{held}]."
        ))
    );
    press(&mut app, "d");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("Only the batting side may declare: you are bowling.")
    );
    assert!(!live(&app).declare_next);
    assert_eq!(live(&app).deliveries, deliveries, "nothing bowled");
    assert!(to_users_answer(&mut app, Call::Normal));
    let deliveries = live(&app).deliveries;
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] plays nothing: press the number under a card, or [=] for the computer.")
    );
    assert_eq!(live(&app).deliveries, deliveries, "nothing played");
}

/// A digit at a stop plays nothing: it says [Enter] goes on, above the stop's lines; at
/// the match's end, that [Enter] shows the scorecard.
#[test]
fn a_digit_at_a_stop_says_enter_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    press(&mut app, "=");
    assert!(play_on_until(&mut app, |s| s.paused.is_some()));
    let stop = live(&app).paused.clone();
    press(&mut app, "3");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("Play has stopped: [Enter] goes on.")
    );
    assert_eq!(
        shot(&app).lines().nth(18),
        Some(" Play has stopped: [Enter] goes on.")
    );
    let deliveries = live(&app).deliveries;
    assert_eq!(live(&app).paused, stop, "still stopped");
    enter(&mut app);
    assert!(live(&app).paused != stop || live(&app).deliveries > deliveries);
    assert!(play_on_until(&mut app, |s| s.paused.is_some() && s.state.is_over()));
    press(&mut app, "1");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is over: [Enter] shows the scorecard.")
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
}

/// Watching two computer sides, [Enter] or a digit says which keys there are, held or not.
#[test]
fn enter_while_watching_says_which_keys_there_are() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    press(&mut app, " ");
    assert!(live(&app).watching.held);
    enter(&mut app);
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is held: [Space] sets it going, [Q] finishes it now.")
    );
    assert!(live(&app).watching.held, "still held");
    press(&mut app, " 5");
    assert!(!live(&app).watching.held);
    let going = "The computer plays both sides: [Space] holds the match, [Q] finishes it now.";
    assert_eq!(match_word(&app).as_deref(), Some(going));
    // A letter too.
    press(&mut app, "z");
    assert_eq!(match_word(&app).as_deref(), Some(going));
}

/// Plays on with [=] (and [Enter] at stops) until `there` holds of the match on screen;
/// false if the match ends first.
fn play_on_until(app: &mut App, there: impl Fn(&accc::live::LiveMatch) -> bool) -> bool {
    for _ in 0..5000 {
        let s = live(app);
        if there(s) {
            return true;
        }
        if s.state.is_over() {
            return false;
        }
        if s.paused.is_some() {
            enter(app);
        } else {
            press(app, "=");
        }
    }
    false
}

/// Plays on until the person is to answer a ball called `call`; false if the match ends
/// first.
fn to_users_answer(app: &mut App, call: Call) -> bool {
    play_on_until(
        app,
        |s| matches!(s.human_to_act(), Some(Decision::Respond { call: c, .. }) if c == call),
    )
}

/// [Enter] at a ball plays nothing (no default is offered, and an [Enter] meant for a stop
/// must not take a wide or play a card): it says which keys play, by the ball's call.
#[test]
fn enter_at_a_ball_plays_nothing_and_says_which_keys_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    let mut seen = Vec::new();
    for (call, hint) in [
        (
            Call::Wide,
            "[Enter] plays nothing: [0] takes the wide, or a card's number plays the ball.",
        ),
        (
            Call::NoBall,
            "[Enter] plays nothing: [0] plays no card, or a card's number plays that card.",
        ),
        (
            Call::Normal,
            "[Enter] plays nothing: press the number under a card, or [=] for the computer.",
        ),
    ] {
        if !to_users_answer(&mut app, call) {
            continue;
        }
        let (before, deliveries) = (shot(&app), live(&app).deliveries);
        enter(&mut app);
        let text = shot(&app);
        assert_eq!(
            text.lines().nth(22),
            Some(format!(" {hint}").as_str()),
            "{text}"
        );
        assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        if call == Call::Normal {
            press(&mut app, "0");
            assert!(
                shot(&app).contains(
                    "[0] plays no card only at a no-ball or a wide: this ball needs a card."
                ),
                "{}",
                shot(&app)
            );
            assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        }
        // A letter plays nothing either, and says the same keys.
        press(&mut app, "x");
        let said = hint.replace("[Enter]", "[X]");
        assert_eq!(match_word(&app).as_deref(), Some(said.as_str()));
        assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        app.update(key(KeyCode::Char('h')));
        esc(&mut app);
        assert_eq!(shot(&app), before, "the next key clears it");
        seen.push(call);
    }
    assert_eq!(seen, [Call::Wide, Call::NoBall, Call::Normal]);
}

/// When [=] plays for the person, the screen says what it played, above the hand: the card
/// bowled or played (the commentary says only what came of it), at a wide whether it took
/// the wide or played the ball, the cards changed, the choice at the toss.
#[test]
fn the_equals_key_says_which_card_it_played() {
    use accc::engine::{Choice, Election};
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..3000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        if s.paused.is_some() {
            // [Enter] at a stop is the person's next action: what [=] did is no longer said.
            enter(&mut app);
            let text = shot(&app);
            let row = text.lines().nth(17).unwrap_or("");
            assert!(!row.starts_with(" [=] "), "{text}");
            continue;
        }
        let moves = s.moves.len();
        press(&mut app, "=");
        let s = live(&app);
        let (decision, choice) = s.moves[moves];
        let text = shot(&app);
        let row = text.lines().nth(17).unwrap_or("").trim().to_string();
        let said = |c: accc::cards::Card| format!("the {}", c.on_screen());
        let (kind, want) = match (decision, choice) {
            (_, Choice::Elect(Election::Bat)) => ("toss", "[=] chose to bat first.".into()),
            (_, Choice::Elect(Election::Bowl)) => ("toss", "[=] chose to field first.".into()),
            (Decision::OpeningDiscard, Choice::Card(c)) => {
                ("discard", format!("[=] threw away {}.", said(c)))
            }
            (Decision::Bowl, Choice::Card(c)) => ("bowl", format!("[=] bowled {}.", said(c))),
            (
                Decision::Respond {
                    call: Call::Wide, ..
                },
                Choice::NoCard,
            ) => ("wide taken", "[=] played no card, taking the wide.".into()),
            (
                Decision::Respond {
                    call: Call::Wide, ..
                },
                Choice::Card(c),
            ) => (
                "wide called off",
                format!("[=] played {}, so the wide was called off.", said(c)),
            ),
            (Decision::Respond { .. }, Choice::NoCard) => ("no card", "[=] played no card.".into()),
            (Decision::Respond { .. }, Choice::Card(c)) => {
                ("bat", format!("[=] played {}.", said(c)))
            }
            (_, Choice::Exchange([None, None])) => {
                ("kept", "[=] kept the hand: no card changed.".into())
            }
            (_, Choice::Exchange([Some(a), None])) => {
                ("changed", format!("[=] changed {}.", said(a)))
            }
            (_, Choice::Exchange([Some(a), Some(b)])) => (
                "changed",
                format!("[=] changed {} and {}.", said(a), said(b)),
            ),
            other => panic!("[=] made {other:?}"),
        };
        // Said above the hand, or above a stop that came of it.
        assert_eq!(row, want, "{text}");
        seen.insert(kind);
        // A key that does nothing, help and the question to leave do not take it away.
        if !s.state.is_over() {
            press(&mut app, "x");
            app.update(key(KeyCode::Char('h')));
            esc(&mut app);
            esc(&mut app);
            press(&mut app, "n");
            assert_eq!(shot(&app), text);
        }
    }
    for kind in ["toss", "discard", "bowl", "bat", "wide taken"] {
        assert!(seen.contains(kind), "{kind} not seen: {seen:?}");
    }
}

#[test]
fn a_watched_match_can_be_held_slowed_and_sped_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let balls = |app: &App| live(app).deliveries;
    let clear = |app: &mut App| {
        while live(app).paused.is_some() {
            enter(app);
        }
    };
    clear(&mut app);
    // Held: ticks bowl nothing, and the screen says how to go on.
    press(&mut app, " ");
    let held = balls(&app);
    for _ in 0..20 {
        app.update(Msg::Tick);
    }
    assert_eq!(balls(&app), held);
    assert!(
        shot(&app).contains("Paused: [Space] to go on"),
        "{}",
        shot(&app)
    );
    press(&mut app, " ");
    // Slowest: a ball every 8 ticks.
    press(&mut app, "---");
    assert!(shot(&app).contains("speed (slowest)"), "{}", shot(&app));
    clear(&mut app);
    let before = balls(&app);
    for _ in 0..7 {
        app.update(Msg::Tick);
    }
    clear(&mut app);
    assert!(
        balls(&app) - before <= 1,
        "at most one ball in 7 slow ticks"
    );
    // Fastest: ten balls a tick, unless a stop comes first.
    press(&mut app, "++++++");
    assert!(shot(&app).contains("speed (fastest)"), "{}", shot(&app));
    clear(&mut app);
    let mut most = 0;
    for _ in 0..20 {
        let before = balls(&app);
        app.update(Msg::Tick);
        most = most.max(balls(&app) - before);
        clear(&mut app);
        if live(&app).state.is_over() {
            break;
        }
    }
    assert!(most > 1, "several balls a tick at the fastest: {most}");
}

#[test]
fn help_inside_a_match_tells_the_ball_in_play_and_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    for _ in 0..5000 {
        let s = live(&app);
        if matches!(s.human_to_act(), Some(Decision::Respond { .. }))
            && s.state.public().striker >= 3
        {
            break;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    let before = shot(&app);
    for open in [
        key(KeyCode::Char('h')),
        key(KeyCode::Char('?')),
        key(KeyCode::F(1)),
    ] {
        app.update(open);
        let text = shot(&app);
        assert!(text.contains("Help: this match"), "{text}");
        assert!(
            text.contains("THE BALL IN PLAY") && text.contains("Bowled "),
            "{text}"
        );
        assert!(text.contains("[1] "), "each card's outcome: {text}");
        assert!(
            text.contains("THE STRIKER") && text.contains(" on strike"),
            "{text}"
        );
        for _ in 0..3 {
            app.update(key(KeyCode::PageDown));
        }
        assert!(shot(&app).contains("KEYS ON THE MATCH SCREEN") || shot(&app).contains("[Esc]"));
        esc(&mut app);
        assert_eq!(shot(&app), before, "Esc goes back to the match as it was");
    }
}

/// Every foreground and background pair on `text`'s screen, as drawn.
fn colour_pairs(app: &App) -> Vec<(ratatui::style::Color, ratatui::style::Color, String)> {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| draw::draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut out = Vec::new();
    for y in 0..25 {
        for x in 0..80 {
            let c = &buf[(x, y)];
            if !c.symbol().trim().is_empty() {
                out.push((c.fg, c.bg, c.symbol().to_string()));
            }
        }
    }
    out
}

#[test]
fn every_colour_pair_on_screen_reads_at_four_and_a_half_to_one() {
    use accc::tui::style::{contrast, MIN_CONTRAST};
    let dir = tempfile::tempdir().unwrap();
    let mut seen = std::collections::BTreeMap::new();
    let mut look = |app: &App, what: &str| {
        for (fg, bg, sym) in colour_pairs(app) {
            seen.entry(format!("{fg:?} on {bg:?}"))
                .or_insert_with(|| (fg, bg, format!("{what}: {sym:?}")));
        }
    };
    let mut app = App::new(dir.path().to_path_buf(), None);
    look(&app, "file name");
    press(&mut app, "a!");
    look(&app, "bad name");
    drop(app);
    let mut app = small_file(dir.path(), Some(0));
    look(&app, "menu");
    press(&mut app, "s1");
    enter(&mut app);
    while matches!(app.screen(), Some(Screen::Simulating { .. })) {
        app.update(Msg::Tick);
    }
    look(&app, "season end");
    enter(&mut app);
    press(&mut app, "82");
    look(&app, "grid");
    esc(&mut app);
    esc(&mut app);
    to_own_match(&mut app);
    look(&app, "toss");
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let (exchange, paused) = (
            s.human_to_act() == Some(Decision::Exchange),
            s.paused.is_some(),
        );
        if exchange {
            press(&mut app, "123");
            look(&app, "exchange");
            press(&mut app, "h");
            look(&app, "help");
            esc(&mut app);
        }
        look(&app, "match");
        if paused {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    enter(&mut app);
    look(&app, "final scoreboard");
    assert!(seen.len() >= 8, "{:?}", seen.keys());
    for (pair, (fg, bg, at)) in &seen {
        let ratio = contrast(*fg, *bg).unwrap_or_else(|| panic!("{pair} ({at}) is a theme's"));
        assert!(ratio >= MIN_CONTRAST, "{pair} ({at}): {ratio:.2}");
    }
}

#[test]
fn the_actions_alone_rebuild_the_match_whatever_the_adviser_was_asked() {
    use accc::live::LiveMatch;
    use accc::save::record::{FixtureKey, MatchRecord, Mode, Op};
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 2,
        ..Default::default()
    };
    let levels = Levels { bat: 5, bowl: 5 };
    let names = || {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    };
    for seed in 0..4u64 {
        let human = Some(accc::engine::Side::Away);
        let mut s = LiveMatch::begin(options, levels, seed, names(), human);
        let mut ops = Vec::new();
        let mut asked = 0;
        while !s.state.is_over() {
            let op = if s.paused.is_some() {
                Op::Resume
            } else {
                // The adviser is asked a varying number of times before each choice.
                for _ in 0..(ops.len() % 3) {
                    s.advice();
                    asked += 1;
                }
                Op::Choose(s.advice().unwrap())
            };
            s.apply(op).unwrap();
            ops.push(op);
        }
        assert!(asked > 10);
        let game = MatchRecord {
            fixture: FixtureKey {
                year: 1890,
                class: Class::First,
                round: 1,
                index: 0,
                home: 1,
                away: 0,
                seed,
            },
            mode: Mode::Play,
            ops,
        };
        let again = LiveMatch::replay(options, levels, seed, names(), human, &game).unwrap();
        assert_eq!(
            format!("{:?}", again.state.public()),
            format!("{:?}", s.state.public()),
            "seed {seed}"
        );
        assert_eq!(again.moves, s.moves);
        assert_eq!(again.commentary.last, s.commentary.last);
        // Every prefix replays too: resuming at any action gives the match as it was then.
        let half = MatchRecord {
            ops: game.ops[..game.ops.len() / 2].to_vec(),
            ..game.clone()
        };
        assert!(LiveMatch::replay(options, levels, seed, names(), human, &half).is_ok());
    }
}

/// Whether every key shown in `line` (`[X]`) has its word after it: a key is followed by a
/// word, or by `/` and another key, never by the line's end or another key.
fn every_key_has_its_word(line: &str) -> bool {
    let line = line.trim_end();
    line.match_indices(']').all(|(i, _)| {
        let rest = &line[i + 1..];
        rest.starts_with("/[")
            || rest
                .strip_prefix(' ')
                .and_then(|r| r.chars().next())
                .is_some_and(|c| c != ' ' && c != '[')
    })
}

/// Every line of every text view, as `accc show` prints it, in a competition of 100 seasons
/// and one not begun: at most 78 columns.
fn show_text_fits(comp: &Competition) {
    use accc::views::{self, View};
    let mut all: Vec<Vec<String>> = vec![];
    let years: Vec<Option<u16>> = match (comp.seasons().first(), comp.seasons().last()) {
        (Some(a), Some(b)) => vec![None, Some(a.year), Some(b.year)],
        _ => vec![None],
    };
    for &year in &years {
        for class in [Class::First, Class::Second] {
            all.push(views::table(comp, year, class).unwrap());
            all.push(views::averages(comp, year, class).unwrap());
            all.push(views::race_view(comp, year, class).unwrap().lines());
        }
        for c in 0..16 {
            all.push(views::results(comp, year, c).unwrap());
        }
    }
    for c in 0..16 {
        all.push(views::records(comp, c).unwrap());
        all.push(views::story_view(comp, c).unwrap().lines());
    }
    for class in [Class::First, Class::Second] {
        all.push(views::alltime(comp, class).unwrap());
        all.push(views::alltime_averages(comp, class).unwrap());
    }
    all.push(views::honours(comp).unwrap());
    all.push(views::positions(comp).unwrap());
    all.push(views::eras_view(comp).unwrap().lines());
    for line in all.iter().flatten() {
        assert!(line.chars().count() <= 78, "{line:?}");
    }
}

/// The season views and the history's, on the 80x25 screen and as `accc show` prints them,
/// after the last season (whose verdict says nobody moves) and before the first: nothing
/// reaches the screen's edge, the verdict is broken between its phrases, and every key shown
/// has its word.
#[test]
fn every_season_view_fits_the_screen_and_every_key_has_its_word() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 100);
    show_text_fits(app.comp().unwrap());
    // The rolls of honour key the "-" under Promoted in the last season.
    let honours = accc::views::honours(app.comp().unwrap()).unwrap();
    assert!(honours
        .iter()
        .any(|l| l.starts_with("1989 ") && l.ends_with(" -")));
    let key = "- under Promoted: nobody comes up after the last season (1989).";
    assert!(honours.iter().any(|l| l == key), "{honours:?}");
    let fresh = tempfile::tempdir().unwrap();
    let mut new = small_file(fresh.path(), Some(0));
    show_text_fits(new.comp().unwrap());

    // Each screen, and whether it is of text: a picture (unless turned to text with [T]) and
    // the final-positions grid fill the width by design.
    let mut shots: Vec<(String, String, bool)> = vec![];
    let mut look = |app: &App, what: &str| {
        let text = match app.screen() {
            Some(Screen::Picture(p)) => p.text,
            Some(Screen::Grid { .. }) => false,
            _ => true,
        };
        shots.push((what.to_string(), shot(app), text));
    };
    for class in ["first", "second"] {
        press(&mut app, "3");
        look(&app, &format!("table {class}"));
        let table = shot(&app);
        esc(&mut app);
        press(&mut app, "4");
        look(&app, "averages");
        esc(&mut app);
        press(&mut app, "5");
        look(&app, "choose a county");
        enter(&mut app);
        look(&app, "results");
        press(&mut app, "p");
        look(&app, "race");
        esc(&mut app);
        esc(&mut app);
        press(&mut app, "7");
        look(&app, "review");
        assert_eq!(
            table.lines().skip(1).take(20).collect::<Vec<_>>(),
            shot(&app).lines().skip(1).take(20).collect::<Vec<_>>(),
            "[7] opens on the table of the last season, as [3] shows it"
        );
        // The verdict of the last season: its phrases whole, a line each.
        let comp = app.comp().unwrap();
        let cl = app.open_file().unwrap().class;
        let view = accc::views::table(comp, Some(1989), cl).unwrap();
        let at = view
            .iter()
            .position(|l| l.starts_with("Champions:") || l.starts_with("Top:"))
            .unwrap();
        assert!(view[at..at + 2].join(" ").contains("the last season"));
        for line in &view[at..at + 2] {
            assert!(
                shot(&app).lines().any(|l| l.trim() == line.as_str()),
                "{line}\n{}",
                shot(&app)
            );
        }
        for (keys, what) in [
            ("4", "review averages"),
            ("5", "review choose"),
            ("\n", "review results"),
            ("p", "review race"),
        ] {
            match keys {
                "\n" => enter(&mut app),
                k => press(&mut app, k),
            }
            look(&app, what);
        }
        esc(&mut app);
        press(&mut app, "3g19");
        look(&app, "typing a year");
        enter(&mut app);
        press(&mut app, "8");
        look(&app, "the last season said");
        press(&mut app, "g1890");
        enter(&mut app);
        press(&mut app, "7");
        look(&app, "the first season said");
        press(&mut app, "g2000");
        enter(&mut app);
        look(&app, "no such year said");
        esc(&mut app);
        esc(&mut app);
        press(&mut app, "9");
    }
    // The all-time menu's views and pictures, after the last season and before the first.
    for (app, when) in [(&mut app, "1989"), (&mut new, "no season complete")] {
        press(app, "8");
        for n in 1..=8 {
            press(app, &n.to_string());
            if n == 7 {
                enter(app);
            }
            look(app, &format!("{when}: all-time [{n}]"));
            if n >= 7 {
                press(app, "t");
                look(app, &format!("{when}: all-time [{n}] as text"));
            }
            esc(app);
        }
    }
    for (what, text, of_text) in &shots {
        for line in text.lines().filter(|_| *of_text) {
            assert!(
                line.chars().count() < 80,
                "{what}: reaches the edge:\n{text}"
            );
        }
        for line in text.lines().skip(23) {
            assert!(every_key_has_its_word(line), "{what}: {line:?}\n{text}");
        }
    }
    assert!(!every_key_has_its_word("[3] table  [9] class  [Esc]"));
    assert!(every_key_has_its_word("[7]/[8] year  [Esc] back"));
}

/// A past season under review goes to any year typed after [G]; [7] at the first season and
/// [8] at the last say so on screen instead of doing nothing.
#[test]
fn the_review_goes_to_a_year_typed_and_says_when_it_is_at_either_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 3);
    // The screen's title and the line over its keys (row 23) begin so.
    let at = |app: &App, title: &str, bar: &str| {
        let text = shot(app);
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].trim().starts_with(title), "{title}\n{text}");
        assert!(rows[23].trim().starts_with(bar), "{bar}\n{text}");
    };
    let keys = "[7] year before  [8] year after  [G] go to a year  [P] points race";
    press(&mut app, "7");
    at(&app, "Points table, 1892", keys);
    // [8] at the last season completed (the next is under way, not complete).
    press(&mut app, "8");
    let last = "1892 is the last season completed: [7] goes back, [G] to a year.";
    at(&app, "Points table, 1892", last);
    insta::assert_snapshot!("review_at_the_last_season", shot(&app));
    // Any other key (here [4]) acts, and the keys come back.
    press(&mut app, "4");
    at(&app, "Averages, 1892", keys);
    // [G]: the year typed, digits only, [Backspace] mends it; the view stays the averages.
    press(&mut app, "g18x9");
    app.update(key(KeyCode::Backspace));
    press(&mut app, "90");
    at(&app, "Averages, 1892", "Go to the year (1890-1892): 1890_");
    insta::assert_snapshot!("review_typing_a_year", shot(&app));
    enter(&mut app);
    at(&app, "Averages, 1890", keys);
    press(&mut app, "7");
    let first = "1890 is the first season: [8] goes on, [G] to a year.";
    at(&app, "Averages, 1890", first);
    // A year with no completed season is said, and nothing moves; [Esc] stops typing.
    press(&mut app, "g1893");
    enter(&mut app);
    let none = "There is no completed season 1893: the seasons completed are 1890-1892.";
    at(&app, "Averages, 1890", none);
    press(&mut app, "g18");
    esc(&mut app);
    at(&app, "Averages, 1890", keys);
    press(&mut app, "8");
    at(&app, "Averages, 1891", keys);
    // [Esc] from a season's averages goes back to its table, the season still under review;
    // from the table, to the menu.
    esc(&mut app);
    at(&app, "Points table, 1891", keys);
    esc(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    // Once the competition is over, the last season is the last.
    drop(app);
    sim_on_disk(dir.path(), 97);
    let mut app = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    press(&mut app, "78");
    let last = "1989 is the last season: [7] goes back, [G] to a year.";
    at(&app, "Points table, 1989", last);
}

/// The county choosers ([5], [6], the all-time [7], and [5] in a review) mark the person's
/// county as every other screen does, and [Enter] picks it, as `accc show` defaults to it.
#[test]
fn county_choosers_mark_the_persons_county_and_enter_picks_it() {
    use accc::tui::views::{PickFor, ViewKind};
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(2), 1);
    // The text view showing: its kind, and whether it is of a past season under review.
    let view = |app: &App| match app.screen() {
        Some(Screen::Text { kind, review, .. }) => Some((*kind, review.is_some())),
        _ => None,
    };
    press(&mut app, "5");
    let chooser = shot(&app);
    assert!(chooser.contains("[K] Kent*"), "{chooser}");
    assert!(chooser.contains("* your county (Kent)"), "{chooser}");
    assert!(chooser.contains("[Enter] Kent, yours"), "{chooser}");
    insta::assert_snapshot!("choose_a_county_of_ones_own", chooser);
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Results(2), false)));
    esc(&mut app);
    press(&mut app, "6");
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Records(2), false)));
    esc(&mut app);
    press(&mut app, "87");
    assert!(shot(&app).contains("[Enter] Kent, yours"));
    enter(&mut app);
    assert!(
        shot(&app).contains("Kent*: final place each year"),
        "{}",
        shot(&app)
    );
    esc(&mut app);
    esc(&mut app);
    press(&mut app, "75");
    assert!(matches!(
        app.screen(),
        Some(Screen::PickCounty {
            purpose: PickFor::Results { review: Some(_) }
        })
    ));
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Results(2), true)));
    // A spectator's chooser marks nothing, and [Enter] picks nothing.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "5");
    let chooser = shot(&app);
    assert!(
        !chooser.contains('*') && !chooser.contains("[Enter]"),
        "{chooser}"
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::PickCounty { .. })));
}

#[test]
fn the_keys_line_of_the_match_screen_is_never_cut() {
    // Watching, at every speed: the line ends with its last key.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    press(&mut app, "---");
    for _ in 0..6 {
        while live(&app).paused.is_some() {
            enter(&mut app);
        }
        let text = shot(&app);
        assert!(text.contains("Watching..."), "{text}");
        assert!(text.trim_end().ends_with("[Esc] leave"), "{text}");
        press(&mut app, "+");
    }
    // The user's card exchange with a declaration armed.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_users_exchange(&mut app);
    press(&mut app, "d");
    let text = shot(&app);
    assert!(text.contains("will declare"), "{text}");
    assert!(text.trim_end().ends_with("[H] help"), "{text}");
}

/// A person who takes the adviser's choices with [=] is told when the adviser would declare
/// (a declaration is the person's own, made with [D]); a card chosen by hand ends the word.
#[test]
fn the_adviser_says_when_it_would_declare_to_a_person_taking_its_advice() {
    use accc::engine::{Decision, Side};
    use accc::live::LiveMatch;
    use accc::tui::match_screen::{self, MatchKey};
    let names = || {
        [
            ("Surrey".to_string(), "Surrey".to_string()),
            ("Yorkshire".to_string(), "Yorkshire".to_string()),
        ]
    };
    let screen = |s: &LiveMatch| {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| match_screen::draw(f, f.area(), s)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..25)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let said = "[=] would have declared before this ball: [D] declares before the next.";
    let press =
        |s: &mut LiveMatch, c: KeyCode| match_screen::key(s, KeyEvent::new(c, KeyModifiers::NONE));
    let mut told = 0;
    // Seed 5: the first of these matches in which the adviser would declare (in 0-4 it
    // never would, and nothing is said).
    for seed in [5u64] {
        let mut s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels { bat: 5, bowl: 5 },
            seed,
            names(),
            Some(Side::Home),
        );
        while !s.state.is_over() {
            if s.paused.is_some() {
                press(&mut s, KeyCode::Enter);
                continue;
            }
            let shown = screen(&s).contains(said);
            assert_eq!(shown, s.declare_advised, "seed {seed}\n{}", screen(&s));
            if shown {
                told += 1;
                assert_eq!(s.state.public().batting(), Side::Home);
                // [D] arms the declaration; the armed line replaces the adviser's word.
                assert_eq!(
                    press(&mut s, KeyCode::Char('d')),
                    MatchKey::Played(accc::save::record::Op::Declare(true))
                );
                assert!(!screen(&s).contains(said) && screen(&s).contains("will declare"));
                press(&mut s, KeyCode::Char('d'));
                // A card chosen by hand: the person is not taking advice now.
                if let Some(Decision::Respond { .. }) = s.human_to_act() {
                    let before = s.state.public().innings_started;
                    let mut k = b'1';
                    while press(&mut s, KeyCode::Char(k as char)) == MatchKey::Ignored {
                        k += 1;
                    }
                    if s.paused.is_none() && s.state.public().innings_started == before {
                        assert!(!s.declare_advised && !screen(&s).contains(said));
                    }
                }
                break;
            }
            assert_ne!(press(&mut s, KeyCode::Char('=')), MatchKey::Ignored);
        }
    }
    assert!(told > 0, "the adviser would declare in this match");
}

/// Put in to bat by the computer, the person discards after the bowlers' discard took the
/// top line: the toss is still told on the discard screen.
#[test]
fn the_toss_is_told_at_the_opening_discard_when_the_computer_put_the_person_in() {
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::tui::match_screen;
    let names = || {
        [
            ("Surrey".to_string(), "Surrey".to_string()),
            ("Yorkshire".to_string(), "Yorks".to_string()),
        ]
    };
    let mut seen = [false; 2];
    // The professional puts the other side in; the village captain bats first.
    for (seed, level) in (0..40u64).flat_map(|seed| [(seed, 5), (seed, 2)]) {
        let s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels {
                bat: level,
                bowl: level,
            },
            seed,
            names(),
            Some(Side::Home),
        );
        let p = s.state.public();
        if p.toss_winner != Some(Side::Away) || s.human_to_act().is_none() {
            continue;
        }
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| match_screen::draw(f, f.area(), &s)).unwrap();
        let buf = t.backend().buffer().clone();
        let row = |y: u16| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>();
        let screen = (0..25).map(row).collect::<Vec<_>>().join("\n");
        if p.first_bat == Side::Home {
            assert!(row(1).contains("Yorks discard"), "{screen}");
            assert!(
                screen.contains("Surrey lost the toss and were put in to bat."),
                "{screen}"
            );
            assert!(screen.contains("You are batting first."), "{screen}");
            seen[0] = true;
        } else {
            // Bowling first, the person discards first: the top line still tells the toss,
            // once.
            assert_eq!(screen.matches("won the toss").count(), 1, "{screen}");
            seen[1] = true;
        }
        if seen == [true, true] {
            break;
        }
    }
    assert_eq!(seen, [true, true]);
}

/// A person who takes [=]'s word that it would have declared, with [D] as soon as it is shown
/// (it comes with the ball after the one it was about), is not told in the review that they
/// batted on; one who declares some balls later is told how much later, and at what score.
#[test]
fn a_declaration_made_on_the_advisers_word_is_told_as_it_was() {
    use accc::engine::score::InningsEnd;
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::save::record::Op;
    let county = |id: u8| {
        let c = accc::counties::get(id);
        (c.name.clone(), c.short.clone())
    };
    // Seed 5: the adviser would declare in it (see the test below).
    for wait in [0, 6] {
        let mut s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels { bat: 5, bowl: 5 },
            5,
            [county(0), county(1)],
            Some(Side::Home),
        );
        // The person's choices since [=]'s word was first shown.
        let (mut armed, mut after_word) = (None, None::<u32>);
        while !s.state.is_over() {
            if armed.is_none() && s.paused.is_none() && s.declare_advised {
                after_word.get_or_insert(0);
            }
            let op = if s.paused.is_some() {
                Op::Resume
            } else if armed.is_none() && after_word.is_some_and(|n| n >= wait) {
                armed = Some(s.state.public().innings_started);
                Op::Declare(true)
            } else {
                if let Some(n) = after_word.as_mut() {
                    *n += 1;
                }
                s.advised = true;
                Op::Choose(s.advice().unwrap())
            };
            s.apply(op).unwrap();
        }
        let innings = armed.expect("[=] said it would have declared");
        let p = s.state.public();
        assert_eq!(
            p.innings[innings as usize - 1].end,
            Some(InningsEnd::Declared),
            "wait {wait}"
        );
        let told: Vec<_> = s
            .batted_on
            .iter()
            .filter(|b| b.innings == innings)
            .collect();
        if wait == 0 {
            assert_eq!(told, [] as [&accc::live::BattedOn; 0]);
        } else {
            let [b] = told[..] else { panic!("{told:?}") };
            let declared = b.declared.expect("declared later in the innings");
            assert!(declared.balls > b.advised.balls, "{b:?}");
            let line = b.line();
            assert!(
                line.contains(&format!(
                    "; you declared {} balls later, at {}-{}",
                    declared.balls - b.advised.balls,
                    declared.total,
                    declared.wickets
                )),
                "{line}"
            );
            assert!(!line.contains("batted on"), "{line}");
        }
    }
}

/// The review tells where the person's side batted on though [=] would have declared: a
/// person who pressed [=] for every ball and answer of a match the adviser would have
/// declared in, and never declared.
#[test]
fn the_review_tells_where_the_side_batted_on_past_the_advisers_declaration() {
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::save::record::{FixtureKey, MatchRecord, Mode, Op};
    let (home, away) = (0u8, 1u8);
    let county = |id: u8| {
        let c = accc::counties::get(id);
        (c.name.clone(), c.short.clone())
    };
    let options = accc::engine::MatchOptions::default();
    let levels = Levels { bat: 5, bowl: 5 };
    // Seed 5: the adviser would declare in it (see the test of the match screen's word).
    let seed = 5;
    let mut s = LiveMatch::begin(
        options,
        levels,
        seed,
        [county(home), county(away)],
        Some(Side::Home),
    );
    let mut ops = Vec::new();
    while !s.state.is_over() {
        let op = if s.paused.is_some() {
            Op::Resume
        } else {
            s.advised = true;
            Op::Choose(s.advice().unwrap())
        };
        s.apply(op).unwrap();
        ops.push(op);
    }
    let first = *s
        .batted_on
        .first()
        .expect("batted on past the adviser's declaration");
    let game = MatchRecord {
        fixture: FixtureKey {
            year: 1890,
            class: Class::First,
            round: 1,
            index: 0,
            home,
            away,
            seed,
        },
        mode: Mode::Play,
        ops,
    };
    let settings = Settings {
        options,
        levels,
        user_county: Some(home),
        seed: 1,
    };
    let lines = accc::live::review::lines(&settings, &game, 78)
        .unwrap()
        .unwrap();
    let text = lines.join("\n");
    assert!(text.contains("Declarations"), "{text}");
    assert!(!text.contains("nothing to review"), "{text}");
    assert!(text.contains(&first.line()), "{text}");
    assert!(first.line().contains("would have declared at"), "{text}");
    assert_eq!(
        lines.iter().filter(|l| l.contains("you batted on")).count(),
        s.batted_on.len(),
        "{text}"
    );
}

/// A declaration armed with [D] is made straight after the ball the person plays next,
/// with [=] or by a card's number: the top line still tells what came of that ball, then
/// the declaration (it had told only the declaration), and the stop says the innings closed.
#[test]
fn the_ball_before_an_armed_declaration_is_still_told() {
    for way in ["=", "1"] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = file_of_packs(dir.path(), Some(0), 3);
        to_own_match(&mut app);
        assert!(play_on_until(&mut app, |s| {
            matches!(s.human_to_act(), Some(Decision::Respond { .. }))
                && s.state.public().current().total > 30
        }));
        press(&mut app, "d");
        press(&mut app, way);
        let s = live(&app);
        let p = s.state.public();
        let ball = p.last_ball.expect("the ball just played");
        let side = s.human.unwrap();
        let short = &s.commentary.names[side.index()];
        let told = accc::live::commentary::describe(&ball, short);
        let text = shot(&app);
        let top = text.lines().nth(1).unwrap().trim();
        let declared = p.started()[ball.innings as usize - 1].total;
        assert!(top.starts_with(&told), "[{way}]: {told}\n{text}");
        // The declaration after it where both fit; else the stop alone says it.
        let both = format!(
            "{told} Then: {short} declare at {declared}-{}.",
            ball.wickets
        );
        let want = if both.chars().count() <= 78 {
            &both
        } else {
            &told
        };
        assert_eq!(top, want, "[{way}]: {text}");
        assert!(
            text.contains(&format!("End of innings: {short} declared at {declared}-")),
            "{text}"
        );
    }
}

/// Letters that play nothing say which keys do: at the opening discard, at the ball to
/// bowl, at a ball to answer ([N] too, where no card may not be played) and while changing
/// cards; [D] at a stop says why no declaration can be armed there and when it can, and
/// another letter at a stop says [Enter] goes on. Nothing is played.
#[test]
fn letters_at_a_ball_and_d_at_a_stop_say_which_keys_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    press(&mut app, "f");
    let mut seen = std::collections::BTreeSet::new();
    let step = |s: &accc::live::LiveMatch| (s.deliveries, s.moves.len(), s.paused.clone());
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let before = step(s);
        let bats = s.state.public().batting() == s.human.unwrap();
        let (kind, letter, want) = match (&s.paused, s.human_to_act()) {
            (Some(_), _) if s.may_declare_at_pause() => ("", "", String::new()),
            (Some(_), _) if bats => (
                "stop, batting",
                "d",
                "Play has stopped: [Enter] goes on, and then [D] may declare.".to_string(),
            ),
            (Some(_), _) => (
                "stop, bowling",
                "D",
                "Only the batting side may declare: play has stopped, [Enter] goes on.".to_string(),
            ),
            (None, Some(Decision::OpeningDiscard)) => (
                "discard",
                "x",
                "[X] throws nothing away: press a card's number, or [=] for the computer."
                    .to_string(),
            ),
            (None, Some(Decision::Bowl)) => (
                "bowl",
                "k",
                "[K] plays nothing: press the number under a card, or [=] for the computer."
                    .to_string(),
            ),
            (
                None,
                Some(Decision::Respond {
                    call: Call::Normal, ..
                }),
            ) => (
                "answer",
                "n",
                "[N] plays no card only at a no-ball or a wide: this ball needs a card."
                    .to_string(),
            ),
            (None, Some(Decision::Exchange)) => (
                "exchange",
                "z",
                "[Z] changes nothing: [Enter] changes the cards picked, [0] keeps the hand."
                    .to_string(),
            ),
            _ => ("", "", String::new()),
        };
        if !kind.is_empty() && !seen.contains(kind) {
            press(&mut app, letter);
            assert_eq!(match_word(&app).as_deref(), Some(want.as_str()), "{kind}");
            assert_eq!(step(live(&app)), before, "{kind}: nothing played");
            seen.insert(kind);
            if kind.starts_with("stop") {
                press(&mut app, "w");
                assert_eq!(
                    match_word(&app).as_deref(),
                    Some("Play has stopped: [Enter] goes on.")
                );
                assert_eq!(step(live(&app)), before);
            }
        }
        if live(&app).paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    let all = [
        "stop, batting",
        "stop, bowling",
        "discard",
        "bowl",
        "answer",
        "exchange",
    ];
    for kind in all {
        assert!(seen.contains(kind), "{kind} not seen: {seen:?}");
    }
    // The match over, a letter says [Enter] shows the scorecard.
    press(&mut app, "x");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is over: [Enter] shows the scorecard.")
    );
}

/// [Space] goes on from the final scoreboard and from the review after it as [Enter] does
/// (as it does at the stop that ends the match and at the season's end): at the card's end
/// it had done nothing.
#[test]
fn space_goes_on_from_the_scoreboard_and_the_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    to_own_match(&mut app);
    play_out(&mut app);
    press(&mut app, " ");
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    app.update(key(KeyCode::End));
    press(&mut app, " ");
    assert!(
        matches!(app.screen(), Some(Screen::Reviewing { .. })),
        "{}",
        shot(&app)
    );
    app.update(Msg::Tick);
    assert!(matches!(app.screen(), Some(Screen::MatchReview { .. })));
    app.update(key(KeyCode::End));
    press(&mut app, " ");
    assert!(
        matches!(app.screen(), Some(Screen::Menu | Screen::SeasonEnd { .. })),
        "{}",
        shot(&app)
    );
}
