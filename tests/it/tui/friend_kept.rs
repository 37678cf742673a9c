//! A friendly kept to resume later (`[F2]` at the file prompt, no championship file): kept
//! in the saves folder action by action as it is played, left kept with `[K]` when the line
//! drops, offered again on the `[F2]` screen (`[R]` takes it up on the same ball with a new
//! code, `[X]` twice drops it), removed once it is over; a damaged one named and moved aside.

use std::time::{Duration, Instant};

use accc::live::LiveMatch;
use accc::play::Levels;
use accc::save::friendly::{self, FriendlyFile, FriendlySetup};
use accc::tui::app::App;
use accc::tui::friend::Friendly;
use crossterm::event::KeyCode;

use super::friend_match::{guest, host_of, play, pump};
use super::{enter, key, press, shot};

/// From the file prompt, `[F2]` `[H]`: the first two counties, 4 batsmen, 1 day, any
/// free port; `[Enter]` offers the match.
fn host_new(app: &mut App) {
    app.update(key(KeyCode::F(2)));
    press(app, "h");
    app.update(key(KeyCode::Down));
    app.update(key(KeyCode::Down));
    for _ in 0..7 {
        app.update(key(KeyCode::Left));
    }
    app.update(key(KeyCode::Down));
    for _ in 0..2 {
        app.update(key(KeyCode::Left));
    }
    app.update(key(KeyCode::Down));
    for _ in 0..4 {
        app.update(key(KeyCode::Backspace));
    }
    press(app, "0");
    enter(app);
}

/// The host's port and code, from the line the guest types.
fn port_and_code(app: &App) -> (u16, accc::net::Code) {
    let h = host_of(app);
    let port = h
        .join_line
        .split("THIS-MACHINE:")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {:?}", h.join_line));
    (port, h.code)
}

/// The match the kept files hold, rebuilt from them alone.
fn kept_match(dir: &std::path::Path) -> LiveMatch {
    let kept = friendly::look(dir).unwrap().expect("a friendly is kept");
    let s = kept.setup;
    let names = [s.home, s.away].map(|id| {
        let c = accc::counties::get(id);
        (c.name.clone(), c.short.clone())
    });
    LiveMatch::replay_with_friend(
        s.options,
        Levels { bat: 5, bowl: 5 },
        s.seed,
        names,
        s.host,
        &s.record(kept.ops),
    )
    .unwrap()
}

fn public(live: &LiveMatch) -> String {
    format!("{:?}", live.state.public())
}

#[test]
fn a_friendly_is_kept_as_played_k_keeps_it_and_r_takes_it_up_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("friendly-match.acf");
    let mut host = App::new(dir.path().to_path_buf(), None);
    host_new(&mut host);
    assert!(file.exists(), "kept from the start:\n{}", shot(&host));
    let (port, code) = port_and_code(&host);
    let mut friend = guest(port, code);
    play(&mut host, &mut friend, |_, guest_keys| guest_keys >= 20);
    // Every action is on disk as it is made: the files alone give the match as it stands.
    let before = public(&host_of(&host).live);
    assert_eq!(public(&kept_match(dir.path())), before);

    // The line drops: the host's screen offers [K] beside [1]-[5] and [Esc].
    drop(friend);
    let deadline = Instant::now() + Duration::from_secs(30);
    while host_of(&host).lost.is_none() {
        assert!(Instant::now() < deadline, "no pause:\n{}", shot(&host));
        pump(&mut host);
        std::thread::sleep(Duration::from_millis(10));
    }
    let s = shot(&host);
    assert!(s.contains("[K] keep it for later"), "{s}");
    // (The friend's last answers may have come meanwhile: the match as it stands now.)
    let before = public(&host_of(&host).live);
    press(&mut host, "k");
    assert!(host.start().is_some(), "back at the file prompt");
    assert!(file.exists(), "kept");
    assert_eq!(public(&kept_match(dir.path())), before);

    // [F2] offers it; a new match would lose it, so [H] is refused in words.
    host.update(key(KeyCode::F(2)));
    let s = shot(&host);
    assert!(s.contains("[R] Resume the match kept: "), "{s}");
    insta::assert_snapshot!("friend_setup_kept", s);
    press(&mut host, "h");
    assert!(shot(&host).contains("A match is kept to resume later"));
    // [R]: where to meet, then the same ball with a new code.
    press(&mut host, "r");
    for _ in 0..4 {
        host.update(key(KeyCode::Backspace));
    }
    press(&mut host, "0");
    enter(&mut host);
    let h = host_of(&host);
    assert!(h.resumed && h.kept.is_some());
    assert_eq!(public(&h.live), before, "the same ball");
    let (port, code) = port_and_code(&host);
    let mut friend = guest(port, code);
    play(&mut host, &mut friend, |h, _| match h.friend() {
        Some(Friendly::Host(h)) => h.live.state.is_over(),
        _ => true,
    });
    // Over: its files are gone.
    pump(&mut host);
    assert!(!file.exists(), "a finished friendly is not kept");
    assert!(!dir.path().join("friendly-match.jnl").exists());
}

#[test]
fn x_twice_drops_the_kept_friendly_and_a_damaged_one_is_named_and_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let setup = FriendlySetup {
        options: accc::engine::MatchOptions::default(),
        host: accc::engine::Side::Home,
        home: 0,
        away: 1,
        seed: 5,
    };
    drop(FriendlyFile::begin(dir.path(), setup).unwrap());
    let mut app = App::new(dir.path().to_path_buf(), None);
    app.update(key(KeyCode::F(2)));
    press(&mut app, "x");
    assert!(shot(&app).contains("[X] again drops"), "{}", shot(&app));
    // Any other key keeps it.
    press(&mut app, "q");
    press(&mut app, "x");
    assert!(friendly::look(dir.path()).unwrap().is_some());
    press(&mut app, "x");
    assert!(shot(&app).contains("was dropped"), "{}", shot(&app));
    assert!(friendly::look(dir.path()).unwrap().is_none());
    assert!(!shot(&app).contains("[R] Resume"));

    // A damaged one: named and explained on the screen, left as it is; a new match moves
    // it aside and says where.
    let file = dir.path().join("friendly-match.acf");
    std::fs::write(&file, b"ACCCFRND garbage").unwrap();
    app.update(key(KeyCode::Esc));
    app.update(key(KeyCode::F(2)));
    let s = shot(&app);
    assert!(
        s.contains("friendly-match.acf") && s.contains("left as it is"),
        "{s}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"ACCCFRND garbage");
    press(&mut app, "h");
    for _ in 0..4 {
        app.update(key(KeyCode::Down));
    }
    for _ in 0..4 {
        app.update(key(KeyCode::Backspace));
    }
    press(&mut app, "0");
    enter(&mut app);
    let h = host_of(&app);
    assert!(
        h.said
            .as_deref()
            .is_some_and(|s| s.contains("friendly-match.bad")),
        "{:?}",
        h.said
    );
    assert_eq!(
        std::fs::read(dir.path().join("friendly-match.bad")).unwrap(),
        b"ACCCFRND garbage"
    );
    // [Esc] before the friend comes takes back a new offer: nothing kept.
    app.update(key(KeyCode::Esc));
    assert!(!file.exists());
}

/// `accc host` and a kept friendly, refused in words, each changing nothing: `--resume`
/// with none kept (exit 3) or with its options (exit 2), a new match while one is kept
/// (exit 2, saying how to take it up), one held by another program (exit 6, naming it), a
/// damaged one (exit 4, named and left as it is).
#[test]
fn accc_host_refuses_in_words_what_a_kept_friendly_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    let err = |out: &std::process::Output| String::from_utf8_lossy(&out.stderr).into_owned();
    let out = crate::helpers::run_in(dir.path(), &["host", "--resume"]);
    assert_eq!(out.status.code(), Some(3), "{}", err(&out));
    assert!(err(&out).contains("no friendly is kept"), "{}", err(&out));
    let out = crate::helpers::run_in(dir.path(), &["host", "--resume", "--home", "Kent"]);
    assert_eq!(out.status.code(), Some(2), "{}", err(&out));

    let setup = FriendlySetup {
        options: accc::engine::MatchOptions::default(),
        host: accc::engine::Side::Home,
        home: 0,
        away: 1,
        seed: 5,
    };
    let (held, _) = FriendlyFile::begin(dir.path(), setup).unwrap();
    let file = dir.path().join("friendly-match.acf");
    let bytes = std::fs::read(&file).unwrap();
    let out = crate::helpers::run_in(dir.path(), &["host", "--resume"]);
    assert_eq!(out.status.code(), Some(6), "{}", err(&out));
    assert!(
        err(&out).contains(&std::process::id().to_string()),
        "{}",
        err(&out)
    );
    drop(held);
    let out = crate::helpers::run_in(dir.path(), &["host", "--home", "Kent", "--away", "Essex"]);
    assert_eq!(out.status.code(), Some(2), "{}", err(&out));
    assert!(
        err(&out).contains("a friendly is kept") && err(&out).contains("--resume"),
        "{}",
        err(&out)
    );
    assert_eq!(std::fs::read(&file).unwrap(), bytes);

    std::fs::write(&file, b"ACCCFRND garbage").unwrap();
    let out = crate::helpers::run_in(dir.path(), &["host", "--resume"]);
    assert_eq!(out.status.code(), Some(4), "{}", err(&out));
    assert!(
        err(&out).contains("friendly-match.acf") && err(&out).contains("left as it is"),
        "{}",
        err(&out)
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"ACCCFRND garbage");
}
