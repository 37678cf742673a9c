//! `[F]` on the season menu: the person's championship match with a friend taking the other
//! county, over loopback with real seats; kept in the file's journal as it goes, taken up
//! again after the host's program is gone, and counted in the championship.

use std::time::{Duration, Instant};

use accc::net::guest::{Joining, Target};
use accc::net::seat;
use accc::net::{Code, Limits};
use accc::tui::app::{App, Msg, Screen};
use accc::tui::friend::{Friendly, HostTable};
use crossterm::event::KeyCode;

use super::{enter, key, press, shot, small_file};

pub(super) fn host_of(app: &App) -> &HostTable {
    match app.friend() {
        Some(Friendly::Host(h)) => h,
        _ => panic!("not on the match with a friend:\n{}", shot(app)),
    }
}

pub(super) fn pump(app: &mut App) {
    while let Some(n) = app.next_note() {
        app.update(Msg::Net(n));
    }
}

/// Plays other counties' matches quickly until the person's county is next, then `[F]`.
fn to_friend_setup(app: &mut App) {
    for _ in 0..200 {
        press(app, "1");
        match app.screen() {
            Some(
                Screen::Scorecard { .. } | Screen::SeasonEnd { .. } | Screen::MatchReview { .. },
            ) => enter(app),
            Some(Screen::Reviewing { .. }) => app.update(Msg::Tick),
            Some(Screen::Menu) if app.status().is_some_and(|s| s.contains("press [2]")) => {
                press(app, "F");
                return;
            }
            _ => {}
        }
    }
    panic!("the user's match never came up");
}

/// On the setup of `[F]`: any free port on this machine, and `[Enter]`; the port taken and
/// the code shown.
fn meet(app: &mut App) -> (u16, Code) {
    assert!(
        matches!(app.screen(), Some(Screen::FriendSetup { .. })),
        "{}",
        shot(app)
    );
    for _ in 0..4 {
        app.update(key(KeyCode::Backspace));
    }
    press(app, "0");
    enter(app);
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

pub(super) fn guest(port: u16, code: Code) -> App {
    App::friendly(
        "/nonexistent".into(),
        Friendly::guest(
            seat::guest_seat(Joining {
                target: Target::Direct(format!("127.0.0.1:{port}")),
                code,
                limits: Limits::default(),
                wait: Duration::from_secs(30),
            }),
            code,
            format!("127.0.0.1:{port}"),
        ),
    )
}

/// Plays both screens (`=` and `[Enter]`) until `stop` says so, within a time limit.
pub(super) fn play(host: &mut App, guest: &mut App, mut stop: impl FnMut(&App, usize) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut guest_keys = 0;
    loop {
        assert!(Instant::now() < deadline, "stuck:\n{}", shot(host));
        pump(host);
        pump(guest);
        if stop(host, guest_keys) {
            return;
        }
        let mut moved = false;
        if let Some(Friendly::Host(h)) = host.friend() {
            assert!(h.failed.is_none(), "the host failed: {:?}", h.failed);
            if h.card.is_some() {
                host.update(key(KeyCode::Enter));
                moved = true;
            } else if h.joined {
                if h.live.paused.is_some() || h.live.state.is_over() {
                    host.update(key(KeyCode::Enter));
                    moved = true;
                } else if h.live.human_to_act().is_some() {
                    host.update(key(KeyCode::Char('=')));
                    moved = true;
                }
            }
        }
        if let Some(Friendly::Guest(g)) = guest.friend() {
            if let (Some(t), None) = (&g.table, &g.card) {
                if t.paused.is_some() {
                    guest.update(key(KeyCode::Enter));
                    moved = true;
                } else if accc::live::table::Table::human_to_act(t).is_some() {
                    guest.update(key(KeyCode::Char('=')));
                    guest_keys += 1;
                    moved = true;
                }
            }
        }
        if !moved {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The person's match played with a friend from `[F]`: begun in the file's journal, both
/// people's choices noted as they come; the host's program gone mid-match (dropped without
/// a save, as a killed one would be), the file opened again, `[F]` takes the same match up
/// on the same ball with a new friend's program (caught up on its side's decisions), and
/// played to the end it counts in the championship.
#[test]
fn the_persons_match_with_a_friend_is_journaled_resumed_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = small_file(dir.path(), Some(0));
    to_friend_setup(&mut host);
    // [Esc] on the setup goes back to the menu, nothing begun.
    host.update(key(KeyCode::Esc));
    assert!(matches!(host.screen(), Some(Screen::Menu)));
    press(&mut host, "F");
    let (port, code) = meet(&mut host);
    assert!(shot(&host).contains(&code.to_string()), "{}", shot(&host));
    let fixture = match host.screen() {
        Some(Screen::Friend {
            entry: accc::tui::playing::Entry::Due(f),
            ..
        }) => *f,
        _ => panic!("no match due"),
    };
    let mut friend = guest(port, code);
    // Half a match or so: the friend has answered 25 questions.
    play(&mut host, &mut friend, |_, keys| keys >= 25);
    let before = format!("{:?}", host_of(&host).live.state.public());
    let hand = format!(
        "{:?}",
        host_of(&host)
            .live
            .state
            .hand(host_of(&host).live.human.unwrap())
    );
    let friend_turns = host_of(&host).live.friend_history().len();
    assert!(friend_turns >= 25, "{friend_turns}");
    // Both programs go, the host's without a word or a save (the journal has the match).
    drop(friend);
    drop(host);

    let mut host = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    assert!(
        shot(&host).contains("[F] Resume it with a friend"),
        "{}",
        shot(&host)
    );
    press(&mut host, "F");
    let (port, code) = meet(&mut host);
    let h = host_of(&host);
    assert_eq!(format!("{:?}", h.live.state.public()), before);
    assert_eq!(
        format!("{:?}", h.live.state.hand(h.live.human.unwrap())),
        hand
    );
    assert_eq!(h.live.friend_history().len(), friend_turns);
    let mut friend = guest(port, code);
    play(&mut host, &mut friend, |host, _| {
        !matches!(host.screen(), Some(Screen::Friend { .. }))
    });
    // The match over and its scoreboard passed: back at the menu (or the season's end),
    // the fixture played, nothing in play.
    let comp = host.comp().unwrap();
    assert!(!comp.remaining_fixtures().contains(&fixture));
    assert!(host.open_file().unwrap().in_play.is_none());
    let friend_table = match friend.friend() {
        Some(Friendly::Guest(g)) => g.table.as_ref().unwrap(),
        _ => panic!("the friend's screen is gone"),
    };
    assert!(friend_table.public.result.is_some());
}

/// `[F]` opens the setup of a match with a friend that asks only where to meet (the match
/// is the person's next), and `[Esc]` goes back to the menu with nothing begun.
#[test]
fn the_friend_setup_asks_where_to_meet_and_esc_begins_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_friend_setup(&mut app);
    assert!(
        matches!(app.screen(), Some(Screen::FriendSetup { .. })),
        "{}",
        shot(&app)
    );
    insta::assert_snapshot!("friend_match_setup", shot(&app));
    app.update(key(KeyCode::Esc));
    assert!(matches!(app.screen(), Some(Screen::Menu)), "{}", shot(&app));
    assert!(app.friend().is_none(), "nothing begun");
    let journal = dir.path().join("TEST.jnl");
    assert!(!journal.exists(), "no match begun in the journal");
}
