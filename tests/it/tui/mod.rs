//! The terminal program without a terminal: the App driven by key messages, every screen
//! drawn on a `TestBackend` and compared with its snapshot. One file a screen (or a part of
//! the match screen); the helpers they share are here.

use accc::counties::Class;
use accc::engine::{Call, Decision};
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::tui::app::{file_path, App, Msg, Screen, Start};
use accc::tui::draw;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

mod adviser;
mod friend_kept;
mod friend_match;
mod history;
mod match_keys;
mod match_screen;
mod menu;
mod resume;
mod review;
mod start;
mod views;
mod watching;
mod window;

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

/// Plays `seasons` of the TEST file in `dir` and saves it, as another program (`accc sim`)
/// would, behind the back of any App that has it open.
fn sim_on_disk(dir: &std::path::Path, seasons: u32) {
    let path = file_path(dir, "TEST");
    let mut comp = accc::save::load(&path).unwrap();
    comp.sim_seasons(seasons, |_| {});
    accc::save::store(&path, &comp).unwrap();
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

/// The word the match screen says on the last key, if any (the note row's text, trimmed).
fn match_word(app: &App) -> Option<String> {
    let note = live(app).desk.note.clone()?;
    let text = shot(app);
    assert!(
        text.lines().any(|l| l.trim() == note),
        "the word is on screen, whole: {note}\n{text}"
    );
    Some(note)
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
