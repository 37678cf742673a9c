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
    meeting_of(app)
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

/// A relay on a free loopback port, serving until the returned flag is set.
fn relay() -> (String, std::sync::Arc<std::sync::atomic::AtomicBool>) {
    use accc::net::relay::{self, RelayConfig, RelayStats};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let config = RelayConfig {
        wait: Duration::from_secs(60),
        ..RelayConfig::default()
    };
    {
        let stop = stop.clone();
        let stats = std::sync::Arc::new(RelayStats::default());
        std::thread::spawn(move || relay::serve(listener, config, &stop, &stats));
    }
    (addr, stop)
}

/// `[P]` on the season menu: `[Esc]` from its first question is the menu as it was; then a
/// friendly hosted through a relay on a free loopback port (the smallest match the setup
/// allows), the guest's program joining through the same relay, both people's sides played
/// by keys on their screens to the end within a time limit. Over, the menu again, saying the
/// friendly does not count: the championship and its files untouched.
#[test]
fn a_friendly_from_the_menu_through_a_relay_is_played_by_keys_and_does_not_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = small_file(dir.path(), Some(0));
    let fixtures = host.comp().unwrap().remaining_fixtures();
    let path = accc::tui::app::file_path(dir.path(), "TEST");
    let save = std::fs::read(&path).unwrap();
    press(&mut host, "P");
    assert!(
        matches!(host.screen(), Some(Screen::FriendlySetup(_))),
        "{}",
        shot(&host)
    );
    assert!(shot(&host).contains("[H] Host a match"), "{}", shot(&host));
    host.update(key(KeyCode::Esc));
    assert!(
        matches!(host.screen(), Some(Screen::Menu)),
        "{}",
        shot(&host)
    );
    assert!(host.friend().is_none(), "nothing begun");

    let (relay_addr, stop) = relay();
    press(&mut host, "PH");
    // Down to the batsmen and the days, each to its least; then the relay's line.
    for _ in 0..2 {
        host.update(key(KeyCode::Down));
    }
    for _ in 0..20 {
        host.update(key(KeyCode::Left));
    }
    host.update(key(KeyCode::Down));
    for _ in 0..20 {
        host.update(key(KeyCode::Left));
    }
    host.update(key(KeyCode::Down));
    host.update(key(KeyCode::Down));
    press(&mut host, &relay_addr);
    enter(&mut host);
    assert!(
        matches!(host.screen(), Some(Screen::Friendly(_))),
        "{}",
        shot(&host)
    );
    let h = host_of(&host);
    assert_eq!(
        h.join_line,
        format!("accc join --relay {relay_addr} --code {}", h.code)
    );
    let code = h.code;
    let mut friend = App::friendly(
        "/nonexistent".into(),
        Friendly::guest(
            seat::guest_seat(Joining {
                target: Target::Relay(relay_addr.clone()),
                code,
                limits: Limits::default(),
                wait: Duration::from_secs(30),
            }),
            code,
            format!("the relay {relay_addr}"),
        ),
    );
    let mut result = None;
    play(&mut host, &mut friend, |host, _| {
        if let Some(Friendly::Host(h)) = host.friend() {
            result = h.live.state.public().result;
        }
        !matches!(host.screen(), Some(Screen::Friendly(_)))
    });
    // The result reaches the friend's screen a moment after the host's.
    let deadline = Instant::now() + Duration::from_secs(20);
    while table_of(&friend).public.result.is_none() && Instant::now() < deadline {
        pump(&mut friend);
        std::thread::sleep(Duration::from_millis(5));
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(
        matches!(host.screen(), Some(Screen::Menu)),
        "{}",
        shot(&host)
    );
    assert!(
        host.status().is_some_and(|s| s.contains("does not count")),
        "{}",
        shot(&host)
    );
    assert!(result.is_some(), "the match ended");
    assert_eq!(table_of(&friend).public.result, result);
    // Nothing of the championship moved: the same fixtures to play, the file as it was,
    // no match in play and no journal.
    assert_eq!(host.comp().unwrap().remaining_fixtures(), fixtures);
    assert_eq!(std::fs::read(&path).unwrap(), save);
    assert!(host.open_file().unwrap().in_play.is_none());
    assert!(!dir.path().join("TEST.jnl").exists());
}

/// `[P]`, `[H]`, the port 0 (any free one) and `[Enter]`: a friendly hosted from the menu,
/// the port taken and the code shown.
fn host_friendly(app: &mut App) -> (u16, Code) {
    press(app, "PH");
    for _ in 0..4 {
        app.update(key(KeyCode::Down));
    }
    for _ in 0..5 {
        app.update(key(KeyCode::Backspace));
    }
    press(app, "0");
    enter(app);
    meeting_of(app)
}

/// The port and code the host's waiting screen shows.
fn meeting_of(app: &App) -> (u16, Code) {
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

/// The guest's match on its screen.
fn table_of(app: &App) -> &accc::live::guest::GuestMatch {
    match app.friend() {
        Some(Friendly::Guest(g)) => g.table.as_ref().expect("welcomed"),
        _ => panic!("not a guest's screen"),
    }
}

/// Both screens on (the host's `=` and `[Enter]`, the guest's `[Enter]` at its stops) until
/// the guest is asked a question, within a time limit.
fn until_guest_asked(host: &mut App, guest: &mut App) {
    use accc::live::table::Table;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "never asked:\n{}", shot(guest));
        pump(host);
        pump(guest);
        if let Some(Friendly::Guest(g)) = guest.friend() {
            if let Some(t) = &g.table {
                if t.human_to_act().is_some() {
                    return;
                }
                if t.paused.is_some() {
                    guest.update(key(KeyCode::Enter));
                }
            }
        }
        if let Some(Friendly::Host(h)) = host.friend() {
            if h.joined && (h.live.paused.is_some()) {
                host.update(key(KeyCode::Enter));
            } else if h.joined && h.live.human_to_act().is_some() {
                host.update(key(KeyCode::Char('=')));
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A guest whose program is gone joins again from a new one: the host tells it the match's
/// public events so far (its story), so that the new screen's commentary is the lost one's:
/// the runs of every over and the marks of the balls bowled before it joined, drawn on its
/// screen; no stop is raised again for what is past.
#[test]
fn a_guest_joining_again_from_a_new_program_is_told_the_commentary_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = small_file(dir.path(), Some(0));
    let (port, code) = host_friendly(&mut host);
    let mut friend = guest(port, code);
    play(&mut host, &mut friend, |_, keys| keys >= 30);
    until_guest_asked(&mut host, &mut friend);
    let old = table_of(&friend).commentary.clone();
    let marks = old.history(49, old.overs.len());
    assert!(
        old.overs.iter().map(Vec::len).sum::<usize>() >= 2 && !marks.is_empty(),
        "overs bowled before the guest went: {:?}",
        old.overs
    );
    // The guest's program goes while it is asked (its line closes); the host waits.
    drop(friend);
    let deadline = Instant::now() + Duration::from_secs(30);
    while host_of(&host).lost.is_none() {
        assert!(Instant::now() < deadline, "the host never saw the guest go");
        pump(&mut host);
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut friend = guest(port, code);
    until_guest_asked(&mut host, &mut friend);
    let new = &table_of(&friend).commentary;
    assert_eq!(new.overs, old.overs);
    assert_eq!(new.marks, old.marks);
    assert!(new.pauses.is_empty(), "{:?}", new.pauses);
    assert!(table_of(&friend).paused.is_none(), "no stop for the past");
    assert!(shot(&friend).contains(&marks), "{marks}\n{}", shot(&friend));
}

/// The host's person opens the help, or is asked whether to leave: the guest is told that
/// play is held and why (`Paused`), and that it goes on (`Resumed`) when they are back; a
/// guest that comes back meanwhile is told again. The guest's screen says whom it waits
/// for, and why.
#[test]
fn the_host_in_the_help_or_the_leave_question_holds_play_for_the_guest() {
    use accc::engine::{MatchOptions, Side};
    use accc::live::table::Table;
    use accc::net::protocol::HostMsg;
    use accc::net::seat::{HostCmd, Seat, SeatNote};
    let options = MatchOptions {
        batsmen: 4,
        days: 1,
        ..MatchOptions::default()
    };
    let names = [
        ("Lancashire".to_string(), "Lancs".to_string()),
        ("Kent".to_string(), "Kent".to_string()),
    ];
    let live = accc::live::LiveMatch::with_friend(options, 7, names.clone(), Side::Home);
    let (seat, commands, notes) = Seat::<HostCmd>::fake();
    let code = Code::new(7, [1, 2]).unwrap();
    let mut app = App::friendly(
        "/nonexistent".into(),
        Friendly::host(live, seat, code, "accc join".into(), 7),
    );
    notes.send(SeatNote::Joined(None)).unwrap();
    pump(&mut app);
    let holds = || {
        commands
            .try_iter()
            .filter_map(|c| match c {
                HostCmd::Hold(h) => Some(h),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let help = Some("Lancashire, in the help".to_string());
    let leave = Some("Lancashire, who is asked whether to leave the match".to_string());
    assert_eq!(holds(), vec![]);
    press(&mut app, "h");
    assert_eq!(holds(), vec![help.clone()]);
    app.update(key(KeyCode::Down));
    assert_eq!(holds(), vec![], "told once");
    app.update(key(KeyCode::Esc));
    assert_eq!(holds(), vec![None]);
    app.update(key(KeyCode::Esc));
    assert_eq!(holds(), vec![leave.clone()]);
    press(&mut app, "n");
    assert_eq!(holds(), vec![None]);
    assert!(app.friend().is_some(), "still playing");
    // In the help when the guest's line drops and it comes back: told again.
    press(&mut app, "h");
    assert_eq!(holds(), vec![help.clone()]);
    notes.send(SeatNote::Lost("closed".into())).unwrap();
    notes.send(SeatNote::Joined(None)).unwrap();
    pump(&mut app);
    assert_eq!(holds(), vec![help.clone()]);

    // The guest's screen: whom it waits for, and why; then play again.
    let mut g = accc::live::guest::GuestMatch::new(options, names, Side::Away, 1);
    g.receive(HostMsg::Paused {
        reason: help.clone().unwrap(),
    })
    .unwrap();
    assert_eq!(g.waiting_for(), help);
    g.receive(HostMsg::Resumed).unwrap();
    assert_eq!(g.waiting_for(), Some("Lancashire to play".to_string()));
}

/// The friend lost in a championship match from `[F]`: the host's screen offers the
/// computer at the championship's own level (the file's computer players', 2 here) with
/// `[Enter]`, says so, and `[Enter]` lets it finish the side at that level.
#[test]
fn a_lost_friend_in_a_championship_match_is_finished_at_the_championships_level() {
    use accc::ai::Level;
    let dir = tempfile::tempdir().unwrap();
    let mut host = small_file(dir.path(), Some(0));
    to_friend_setup(&mut host);
    let (port, code) = meet(&mut host);
    let mut friend = guest(port, code);
    play(&mut host, &mut friend, |_, keys| keys >= 3);
    until_guest_asked(&mut host, &mut friend);
    drop(friend);
    let deadline = Instant::now() + Duration::from_secs(30);
    while host_of(&host).lost.is_none() {
        assert!(Instant::now() < deadline, "the host never saw the guest go");
        pump(&mut host);
        std::thread::sleep(Duration::from_millis(5));
    }
    let text = shot(&host);
    assert!(
        text.contains("[Enter]: the computer finishes") && text.contains("at level 2"),
        "{text}"
    );
    assert!(text.contains("[Enter] the championship's level"), "{text}");
    assert!(
        text.contains("to come back..."),
        "the line over it still shows: {text}"
    );
    host.update(key(KeyCode::Enter));
    let h = host_of(&host);
    let two = Level::new(2).unwrap();
    assert_eq!(h.live.finished_by, Some((two, two)));
    assert!(
        h.live.friend.is_none() && h.lost.is_none(),
        "{}",
        shot(&host)
    );
}

/// The person's side of the screen is one [`Desk`](accc::live::table::Desk) that both kinds
/// of table keep: the same keys on the host's match and on the guest's leave the same marks
/// (the help and its scroll, the leave question), read through the one `desk()` the screen
/// draws from.
#[test]
fn the_same_keys_leave_the_same_desk_on_the_hosts_table_and_the_guests() {
    use accc::engine::{MatchOptions, Side};
    use accc::live::table::{Desk, Table};
    use accc::tui::match_screen;
    use crossterm::event::{KeyEvent, KeyModifiers};
    let options = MatchOptions::default();
    let names = [
        ("Lancashire".to_string(), "Lancs".to_string()),
        ("Kent".to_string(), "Kent".to_string()),
    ];
    let mut host = accc::live::LiveMatch::with_friend(options, 3, names.clone(), Side::Home);
    let mut guest = accc::live::guest::GuestMatch::new(options, names, Side::Away, 1);
    assert_eq!(host.desk(), &Desk::default());
    type Holds = fn(&Desk) -> bool;
    let steps: [(KeyCode, Holds); 5] = [
        (KeyCode::Char('h'), |d| d.help == Some(0)),
        // At the toss the help fits its window: [Down] scrolls nothing, the help stays.
        (KeyCode::Down, |d| d.help == Some(0)),
        (KeyCode::Esc, |d| d.help.is_none()),
        (KeyCode::Esc, |d| d.leaving),
        (KeyCode::Char('n'), |d| !d.leaving),
    ];
    for (code, holds) in steps {
        let k = KeyEvent::new(code, KeyModifiers::NONE);
        match_screen::key(&mut host, k);
        match_screen::key(&mut guest, k);
        assert!(holds(host.desk()), "{code:?}: {:?}", host.desk());
        assert_eq!(host.desk(), guest.desk(), "{code:?}");
        assert_eq!(
            host.desk, guest.desk,
            "the field is the desk the screen reads"
        );
    }
}
