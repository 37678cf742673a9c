//! A match against a friend on the terminal program's match screen: the host's and the
//! guest's screens driven through `App::update` (keys and the network's words as messages),
//! with fake seats (channels the test plays) and with real seats over loopback; their
//! screens as snapshots; and two real `accc` processes in pseudo-terminals.

use std::net::TcpListener;
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use accc::engine::{Choice, MatchOptions, Side};
use accc::live::table::Table;
use accc::live::LiveMatch;
use accc::net::guest::{Joining, Target, Welcome};
use accc::net::host::{Door, HostLink, Offer};
use accc::net::protocol::{HostMsg, WireView};
use accc::net::seat::{self, GuestCmd, HostCmd, Seat, SeatNote};
use accc::net::{Code, Limits};
use accc::tui::app::{App, Msg};
use accc::tui::friend::{Friendly, GuestTable, HostTable};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn key(c: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

fn short() -> MatchOptions {
    MatchOptions {
        batsmen: 4,
        days: 1,
        ..MatchOptions::default()
    }
}

fn names() -> [(String, String); 2] {
    [
        ("Lancashire".to_string(), "Lancs".to_string()),
        ("Kent".to_string(), "Kent".to_string()),
    ]
}

fn code() -> Code {
    Code::parse("7-crimson-wicket").unwrap()
}

fn host_of(app: &App) -> &HostTable {
    match app.friend() {
        Some(Friendly::Host(h)) => h,
        _ => panic!("not the host's friendly"),
    }
}

fn guest_of(app: &App) -> &GuestTable {
    match app.friend() {
        Some(Friendly::Guest(g)) => g,
        _ => panic!("not the guest's friendly"),
    }
}

/// The host's program on a fake seat: the commands it sends, and a way to speak for the
/// seat's thread.
fn fake_host(seed: u64) -> (App, Receiver<HostCmd>, Sender<SeatNote>) {
    let (seat, commands, notes) = Seat::fake();
    let live = LiveMatch::with_friend(short(), seed, names(), Side::Home);
    let friendly = Friendly::host(
        live,
        seat,
        code(),
        "accc join THIS-MACHINE:4717 --code 7-crimson-wicket".into(),
        seed,
    );
    (
        App::friendly("/nonexistent".into(), friendly),
        commands,
        notes,
    )
}

fn fake_guest() -> (App, Receiver<GuestCmd>, Sender<SeatNote>) {
    let (seat, commands, notes) = Seat::fake();
    let friendly = Friendly::guest(seat, code(), "192.168.1.20:4717".into());
    (
        App::friendly("/nonexistent".into(), friendly),
        commands,
        notes,
    )
}

fn welcome() -> Welcome {
    Welcome {
        build: "accc test".into(),
        names: ["Lancashire".into(), "Kent".into()],
        side: Side::Away,
        options: short(),
        bot_seed: 9,
        resumed: false,
    }
}

/// Hands the program every note its seat has for it.
fn pump(app: &mut App) {
    while let Some(n) = app.next_note() {
        app.update(Msg::Net(n));
    }
}

fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| accc::tui::draw::draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..25)
        .map(|y| {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

// ----- the host's screen, its seat faked -----

/// Until the guest comes the host's screen shows the code and how the friend joins, and
/// takes no key but [Esc]; the guest come, play goes on and each question of the friend's
/// side is sent to the seat once, with the events before it; the friend's choice, arrived,
/// is played and the match goes on to the host's person.
#[test]
fn the_host_waits_with_the_code_then_asks_the_friend_and_plays_its_choice() {
    let (mut app, commands, notes) = fake_host(3);
    pump(&mut app);
    let s = screen(&app);
    assert!(s.contains("7-crimson-wicket"), "{s}");
    assert!(s.contains("Waiting for Kent to join"), "{s}");
    assert!(s.contains("accc join THIS-MACHINE:4717"), "{s}");
    insta::assert_snapshot!("friend_host_waiting", s);
    app.update(key(KeyCode::Char('=')));
    assert!(
        !app.quit && !host_of(&app).joined,
        "a key plays nothing before the guest"
    );
    notes.send(SeatNote::Joined(None)).unwrap();
    pump(&mut app);
    assert!(host_of(&app).joined);
    // Play the host's side with [=] and answer every question the seat is asked with the
    // first allowed choice, until the match is over.
    let mut asked = 0;
    let mut events = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while host_of(&app).card.is_none() {
        assert!(Instant::now() < deadline, "the match did not end");
        let mut ask = None;
        for cmd in commands.try_iter() {
            match cmd {
                HostCmd::Ask(state) => {
                    assert!(ask.is_none(), "one question at a time");
                    ask = Some(state);
                }
                HostCmd::Events(e) => events += e.len(),
                HostCmd::Finish { state, json } => {
                    assert!(state.is_over());
                    assert!(json.contains("\"home\":\"Lancashire\""), "{json}");
                }
                HostCmd::Table { .. } | HostCmd::Hold(_) => {}
                HostCmd::Leave(why) => panic!("left: {why}"),
            }
        }
        if let Some(state) = ask {
            asked += 1;
            let view = state.view();
            assert_eq!(view.side, Side::Away);
            // A choice not allowed, said as the seat would not: the live match refuses it.
            notes
                .send(SeatNote::Chose(view.legal_choices()[0]))
                .unwrap();
            pump(&mut app);
            continue;
        }
        let h = host_of(&app);
        let k = if h.live.paused.is_some() || h.live.state.is_over() {
            KeyCode::Enter
        } else if h.live.human_to_act().is_some() {
            KeyCode::Char('=')
        } else {
            panic!("nothing to do: neither side asked\n{}", screen(&app));
        };
        app.update(key(k));
    }
    assert!(asked > 50, "{asked}");
    assert!(events > 50, "{events}");
    // The friend's choices are in the match's record with the person's: the record replays
    // the same match.
    let h = host_of(&app);
    let tape = h.live.tape().expect("a tape");
    let again = accc::engine::tape::replay(short(), 3, &tape, &mut accc::engine::NoRecord);
    assert_eq!(
        format!("{:?}", again.map(|s| s.public().clone()).ok()),
        format!("{:?}", Some(h.live.state.public().clone()))
    );
    app.update(key(KeyCode::Enter));
    assert!(app.quit, "the friendly ends with the match");
}

/// A friend's choice that comes when its side is not asked, or is not allowed, changes
/// nothing; the question not answered is asked again.
#[test]
fn a_friends_choice_out_of_turn_or_not_allowed_changes_nothing() {
    let (mut app, commands, notes) = fake_host(5);
    notes.send(SeatNote::Joined(None)).unwrap();
    pump(&mut app);
    let shown = |app: &App| format!("{:?}", host_of(app).live.state.public());
    let mut asks = 0;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline);
        asks += commands
            .try_iter()
            .filter(|c| matches!(c, HostCmd::Ask(_)))
            .count();
        if asks > 0 {
            break;
        }
        // The host's person to act: a choice from the friend now is out of turn.
        let before = shown(&app);
        notes.send(SeatNote::Chose(Choice::Continue)).unwrap();
        pump(&mut app);
        assert_eq!(shown(&app), before);
        app.update(key(KeyCode::Char('=')));
    }
    let before = shown(&app);
    // No card is ever allowed at every decision: the last of the double pack twice over
    // the hand is not in it.
    let h = host_of(&app);
    let view = h.live.state.view();
    let not_allowed = (0..55)
        .map(|i| Choice::Card(accc::cards::Card::from_index(i)))
        .find(|c| !view.allows(*c))
        .expect("some card not allowed");
    notes.send(SeatNote::Chose(not_allowed)).unwrap();
    pump(&mut app);
    assert_eq!(shown(&app), before, "nothing changed");
    assert_eq!(
        commands
            .try_iter()
            .filter(|c| matches!(c, HostCmd::Ask(_)))
            .count(),
        1,
        "asked again"
    );
}

/// A lost connection stops the host's match with the reason and the keys; [1]-[5] lets
/// the computer finish the friend's side at that level, and the match plays on to its end
/// without the seat.
#[test]
fn a_lost_guest_pauses_the_host_and_the_computer_may_finish_the_side() {
    let (mut app, commands, notes) = fake_host(4);
    notes.send(SeatNote::Joined(None)).unwrap();
    pump(&mut app);
    // On to a question of the friend's once the first innings is under way (the friend
    // answering the earlier ones with its first allowed choice).
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline);
        let asked = commands.try_iter().find_map(|c| match c {
            HostCmd::Ask(state) => Some(state),
            _ => None,
        });
        match asked {
            Some(state) if state.public().current().balls > 3 => break,
            Some(state) => {
                let c = state.view().legal_choices()[0];
                notes.send(SeatNote::Chose(c)).unwrap();
                pump(&mut app);
            }
            None if host_of(&app).live.paused.is_some() => app.update(key(KeyCode::Enter)),
            None => app.update(key(KeyCode::Char('='))),
        }
    }
    notes
        .send(SeatNote::Lost(
            "the other side closed the connection".into(),
        ))
        .unwrap();
    pump(&mut app);
    let s = screen(&app);
    assert!(s.contains("The connection to Kent was lost"), "{s}");
    assert!(s.contains("Waiting for Kent to come back"), "{s}");
    assert!(s.contains("[1]-[5] the computer finishes"), "{s}");
    insta::assert_snapshot!("friend_host_lost", s);
    // A card's key is not taken for a level's: said.
    app.update(key(KeyCode::Char('x')));
    assert!(screen(&app).contains("[1]-[5] lets the computer finish"));
    app.update(key(KeyCode::Char('3')));
    let h = host_of(&app);
    assert!(h.live.friend.is_none() && h.seat.is_none());
    let mut keys = 0;
    while host_of(&app).card.is_none() {
        app.update(key(KeyCode::Char('=')));
        app.update(key(KeyCode::Enter));
        keys += 1;
        assert!(keys < 20_000, "the match did not end");
    }
}

// ----- the guest's screen, its seat faked -----

/// The guest's screen is built from what the host sends: the welcome, the events, the
/// question with its view; [=] answers with the adviser's choice, sent to the seat with the
/// question's number; a declaration question is answered at once; a refusal restores the
/// question with the host's words; a lost line says whom it waits for.
#[test]
fn the_guest_plays_from_what_the_host_sends() {
    let (mut app, commands, notes) = fake_guest();
    let s = screen(&app);
    assert!(s.contains("Joining the match at 192.168.1.20:4717"), "{s}");
    notes.send(SeatNote::Joined(Some(welcome()))).unwrap();
    pump(&mut app);
    // A real match's views of the away side, played to its third question of the guest's.
    let mut state = accc::engine::MatchState::new(short());
    let mut rng = accc::engine::runner::chance_rng(11);
    let mut rec = Vec::new();
    let mut number = 0;
    let mut shown = false;
    let mut last_declare = false;
    // On to the 40th question, and to one the person answers (not a declaration's, which
    // the screen answers by itself).
    while (number < 40 || last_declare) && !state.is_over() {
        if state.chance().is_some() {
            let mut r = Events(&mut rec);
            state.sample_chance(&mut rng, &mut r);
            continue;
        }
        let (side, _) = state.to_act().unwrap();
        let choice = if side == Side::Home {
            state.view().legal_choices()[0]
        } else {
            number += 1;
            last_declare = state.view().decision == accc::engine::Decision::Declare;
            notes
                .send(SeatNote::Host(HostMsg::Events(std::mem::take(&mut rec))))
                .unwrap();
            notes
                .send(SeatNote::Host(HostMsg::Ask {
                    number,
                    view: WireView::from(&state.view()),
                }))
                .unwrap();
            pump(&mut app);
            let g = guest_of(&app);
            let t = g.table.as_ref().unwrap();
            assert_eq!(t.hand(), state.hand(Side::Away), "its own hand, as sent");
            // Stops shown on the way are passed.
            while guest_of(&app).table.as_ref().unwrap().paused.is_some() {
                app.update(key(KeyCode::Enter));
            }
            let t = guest_of(&app).table.as_ref().unwrap();
            if t.human_to_act().is_some() {
                if !shown && state.public().innings_started > 0 {
                    shown = true;
                    insta::assert_snapshot!("friend_guest_asked", screen(&app));
                }
                app.update(key(KeyCode::Char('=')));
            }
            let sent: Vec<GuestCmd> = commands.try_iter().collect();
            assert_eq!(sent.len(), 1, "one answer to question {number}: {sent:?}");
            let GuestCmd::Choose(n, c) = sent[0] else {
                panic!("{sent:?}")
            };
            assert_eq!(n, number);
            assert!(state.view().allows(c));
            c
        };
        let mut r = Events(&mut rec);
        state.apply(choice, &mut r).unwrap();
    }
    assert!(shown);
    // Waiting for the host's person: said, with the hand to look at.
    let s = screen(&app);
    assert!(s.contains("Waiting for Lancashire to play"), "{s}");
    // A refusal: the question stands again, with the host's words.
    notes
        .send(SeatNote::Host(HostMsg::Refused("not allowed: test".into())))
        .unwrap();
    pump(&mut app);
    let t = guest_of(&app).table.as_ref().unwrap();
    assert!(t.human_to_act().is_some());
    assert!(screen(&app).contains("The host refused that: not allowed: test"));
    // The line drops: the screen waits for the host to come back.
    notes
        .send(SeatNote::Lost(
            "the other side closed the connection".into(),
        ))
        .unwrap();
    pump(&mut app);
    let s = screen(&app);
    assert!(s.contains("Waiting for Lancashire to come back"), "{s}");
    insta::assert_snapshot!("friend_guest_lost", s);
    notes.send(SeatNote::Joined(Some(welcome()))).unwrap();
    pump(&mut app);
    assert!(!screen(&app).contains("come back"));
}

/// Gathers the public events for the away side, as the host's link does.
struct Events<'a>(&'a mut Vec<accc::net::protocol::WireEvent>);

impl accc::engine::Recorder for Events<'_> {
    fn record(&mut self, event: &accc::engine::Event<'_>) {
        self.0
            .extend(accc::net::protocol::WireEvent::public(event, Side::Away));
    }
}

// ----- both screens, real seats over loopback -----

/// A host's program and a guest's, each with a real seat, over loopback: each person
/// presses [=] when asked and [Enter] at a stop; the match ends on both screens with the
/// same result and the same scoreboard, the guest having held only its own side's view.
/// Then a guest whose line drops (its seat let go mid-match) is replaced by a new one
/// with the same code, which finds the same ball and finishes the match.
#[test]
fn two_screens_over_loopback_play_a_whole_match_and_a_new_guest_rejoins() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let door = Door::listen(listener).unwrap();
    let seed = 21;
    let link = HostLink::new(Offer {
        code: code(),
        limits: Limits::default(),
        names: ["Lancashire".into(), "Kent".into()],
        options: short(),
        bot_seed: accc::net::host::guest_bot_seed(seed),
        wait: Duration::from_secs(30),
        guest: Side::Away,
    });
    let live = LiveMatch::with_friend(short(), seed, names(), Side::Home);
    let mut host = App::friendly(
        "/nonexistent".into(),
        Friendly::host(
            live,
            seat::host_seat(link, door),
            code(),
            String::new(),
            seed,
        ),
    );
    let join = || {
        App::friendly(
            "/nonexistent".into(),
            Friendly::guest(
                seat::guest_seat(Joining {
                    target: Target::Direct(addr.to_string()),
                    code: code(),
                    limits: Limits::default(),
                    wait: Duration::from_secs(30),
                }),
                code(),
                addr.to_string(),
            ),
        )
    };
    let mut guest = join();
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut guest_keys = 0;
    let mut dropped = false;
    loop {
        assert!(
            Instant::now() < deadline,
            "the match did not end; host:\n{}\nguest:\n{}",
            screen(&host),
            screen(&guest)
        );
        pump(&mut host);
        pump(&mut guest);
        let h = host_of(&host);
        let g = guest_of(&guest);
        if h.card.is_some() && g.card.is_some() {
            break;
        }
        if let Some(f) = &h.failed {
            panic!("the host failed: {f}");
        }
        if let Some(f) = &g.failed {
            panic!("the guest failed: {f}");
        }
        let mut moved = false;
        if h.joined && h.card.is_none() && h.live.friend.is_some() {
            if h.live.paused.is_some() || h.live.state.is_over() {
                host.update(key(KeyCode::Enter));
                moved = true;
            } else if h.live.human_to_act().is_some() {
                host.update(key(KeyCode::Char('=')));
                moved = true;
            }
        }
        if let Some(t) = &g.table {
            if g.card.is_none() {
                if t.paused.is_some() {
                    guest.update(key(KeyCode::Enter));
                    moved = true;
                } else if t.human_to_act().is_some() {
                    guest.update(key(KeyCode::Char('=')));
                    guest_keys += 1;
                    moved = true;
                }
            }
        }
        // Mid-match the guest's program goes away without a word; a new one joins.
        if guest_keys == 30 && !dropped {
            dropped = true;
            drop(guest);
            guest = join();
            continue;
        }
        if !moved {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    assert!(dropped);
    let h = host_of(&host);
    let g = guest_of(&guest);
    let t = g.table.as_ref().unwrap();
    assert_eq!(
        format!("{:?}", t.public.result),
        format!("{:?}", h.live.state.public().result)
    );
    assert_eq!(
        format!("{:?}", t.public.innings),
        format!("{:?}", h.live.state.public().innings)
    );
    assert_eq!(
        h.card.as_ref().unwrap().0.lines,
        g.card.as_ref().unwrap().0.lines
    );
}

// ----- two real programs in pseudo-terminals -----

mod two_programs {
    use std::io::{Read, Write};
    use std::sync::mpsc::{channel, Receiver};
    use std::time::{Duration, Instant};

    use portable_pty::{native_pty_system, Child, CommandBuilder, PtySize};

    /// A program in an 80x25 pseudo-terminal, read through a vt100 parser.
    struct Pty {
        parser: vt100::Parser,
        bytes: Receiver<Vec<u8>>,
        writer: Box<dyn Write + Send>,
        child: Box<dyn Child + Send + Sync>,
        /// The program's own saves folder: a host keeps its friendly there, never in the
        /// user's folder (nor in one another test's program reads).
        _saves: tempfile::TempDir,
    }

    impl Pty {
        fn start(args: &[&str]) -> Pty {
            let pair = native_pty_system()
                .openpty(PtySize {
                    rows: 25,
                    cols: 80,
                    pixel_width: 0,
                    pixel_height: 0,
                })
                .unwrap();
            let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_accc"));
            cmd.args(args);
            cmd.env("TERM", "xterm-256color");
            let saves = tempfile::tempdir().unwrap();
            cmd.env("ACCC_SAVES", saves.path());
            let child = pair.slave.spawn_command(cmd).unwrap();
            drop(pair.slave);
            let mut reader = pair.master.try_clone_reader().unwrap();
            let (tx, rx) = channel();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = reader.read(&mut buf) {
                    if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            });
            Pty {
                parser: vt100::Parser::new(25, 80, 0),
                bytes: rx,
                writer: pair.master.take_writer().unwrap(),
                child,
                _saves: saves,
            }
        }

        /// Takes in what the program has drawn, waiting at most `wait` for the first bytes.
        fn pump(&mut self, wait: Duration) {
            if let Ok(b) = self.bytes.recv_timeout(wait) {
                self.parser.process(&b);
                while let Ok(b) = self.bytes.recv_timeout(Duration::from_millis(10)) {
                    self.parser.process(&b);
                }
            }
        }

        fn text(&self) -> String {
            self.parser.screen().contents()
        }

        fn wait_for(&mut self, what: &str) {
            let deadline = Instant::now() + Duration::from_secs(60);
            while !self.text().contains(what) {
                assert!(
                    Instant::now() < deadline,
                    "timed out waiting for {what:?}; the screen:\n{}",
                    self.text()
                );
                self.pump(Duration::from_millis(50));
            }
        }

        /// Types `keys` and waits a moment for the screen to answer.
        fn send(&mut self, keys: &str) {
            let before = self.text();
            self.writer.write_all(keys.as_bytes()).unwrap();
            self.writer.flush().unwrap();
            let deadline = Instant::now() + Duration::from_secs(2);
            while self.text() == before && Instant::now() < deadline {
                self.pump(Duration::from_millis(20));
            }
        }

        fn kill9(&mut self) {
            let pid = self.child.process_id().expect("a process id");
            let killed = std::process::Command::new("sh")
                .args(["-c", &format!("kill -KILL {pid}")])
                .status()
                .unwrap();
            assert!(killed.success());
            self.child.wait().unwrap();
        }
    }

    /// What each screen asks of its person: `=` answers a question, [Enter] passes a stop
    /// and, on the final scoreboard, ends the program.
    fn answer(p: &mut Pty) -> Option<&'static str> {
        let text = p.text();
        let asks = [
            "Enter bowler's play",
            "Enter batsman's play",
            "Pick up to two cards",
            "to bat first",
            "Choose a card to discard",
        ];
        if asks.iter().any(|a| text.contains(a)) {
            Some("=")
        } else if text.contains("Press [Enter]") || text.contains("Final scoreboard") {
            Some("\r")
        } else {
            None
        }
    }

    /// Two programs over loopback, each a person's: the host's (`accc host`, no --bot)
    /// shows the code and waits; the guest's (`accc join`) joins; both play the short match
    /// by keys. Mid-match the guest's program is killed with SIGKILL: the host's screen says
    /// it waits for Kent to come back; a new `accc join` with the same code finds the same
    /// ball, and the match is played to its end on both screens, whose final scoreboards
    /// agree.
    #[test]
    fn two_people_play_a_match_and_a_killed_guest_rejoins_and_finishes_it() {
        let mut host = Pty::start(&[
            "host",
            "--home",
            "Lancashire",
            "--away",
            "Kent",
            "--batsmen",
            "4",
            "--days",
            "1",
            "--seed",
            "77",
            "--listen",
            "127.0.0.1",
            "--port",
            "0",
            "--code",
            "7-crimson-wicket",
        ]);
        host.wait_for("Waiting for Kent to join");
        let text = host.text();
        let port: u16 = text
            .split("THIS-MACHINE:")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port on the screen:\n{text}"));
        let addr = format!("127.0.0.1:{port}");
        let join = |addr: &str| Pty::start(&["join", addr, "--code", "7-crimson-wicket"]);
        let mut guest = join(&addr);
        guest.wait_for("Lancashire v Kent");
        let deadline = Instant::now() + Duration::from_secs(600);
        let mut guest_keys = 0;
        let mut killed = false;
        let (mut host_done, mut guest_done) = (false, false);
        let mut cards: [Option<String>; 2] = [None, None];
        while !(host_done && guest_done) {
            assert!(
                Instant::now() < deadline,
                "the match did not end; host:\n{}\nguest:\n{}",
                host.text(),
                guest.text()
            );
            host.pump(Duration::from_millis(20));
            guest.pump(Duration::from_millis(20));
            for (i, p) in [&mut host, &mut guest].into_iter().enumerate() {
                if [host_done, guest_done][i] {
                    continue;
                }
                if let Some(keys) = answer(p) {
                    if p.text().contains("Final scoreboard") {
                        cards[i] = Some(p.text());
                    }
                    p.send(keys);
                    if i == 1 && keys == "=" {
                        guest_keys += 1;
                    }
                }
                if cards[i].is_some() && p.child.try_wait().unwrap().is_some() {
                    if i == 0 {
                        host_done = true;
                    } else {
                        guest_done = true;
                    }
                }
            }
            if guest_keys == 25 && !killed {
                killed = true;
                guest.kill9();
                // The host's screen stops for Kent (the host's person may be asked
                // something meanwhile: answered).
                let until = Instant::now() + Duration::from_secs(120);
                while !host.text().contains("Waiting for Kent to come back") {
                    assert!(Instant::now() < until, "no pause:\n{}", host.text());
                    if let Some(keys) = answer(&mut host) {
                        host.send(keys);
                    }
                    host.pump(Duration::from_millis(20));
                }
                guest = join(&addr);
                guest.wait_for("Lancashire v Kent");
            }
        }
        assert!(killed);
        let scores = |card: &str| {
            card.lines()
                .filter(|l| l.contains(" won ") || l.contains("drawn") || l.contains("tied"))
                .map(|l| l.trim().to_string())
                .collect::<Vec<_>>()
        };
        let (h, g) = (cards[0].clone().unwrap(), cards[1].clone().unwrap());
        assert!(!scores(&h).is_empty(), "{h}");
        assert_eq!(scores(&h), scores(&g), "host:\n{h}\nguest:\n{g}");
    }
}

// ----- setting up from the terminal program -----

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(key(KeyCode::Char(c)));
    }
}

/// [F2] at the file prompt sets up a match against a friend, no file needed: [H] hosts
/// (the counties and rules changed with the arrows, the port typed), [Enter] listens and
/// shows the code; [Esc] takes the offer back to the file prompt. [J] joins: a code that is
/// not one is refused in words; a good one starts joining.
#[test]
fn play_a_friend_is_set_up_from_the_file_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = App::new(dir.path().to_path_buf(), None);
    assert!(screen(&app).contains("[F2] play a friend"));
    app.update(key(KeyCode::F(2)));
    assert!(
        screen(&app).contains("[H] Host a match"),
        "{}",
        screen(&app)
    );
    app.update(key(KeyCode::Char('h')));
    // Home: the second county; away: the third; 10 batsmen; 2 days; port 0 (any free one).
    app.update(key(KeyCode::Right));
    app.update(key(KeyCode::Down));
    app.update(key(KeyCode::Right));
    app.update(key(KeyCode::Down));
    app.update(key(KeyCode::Left));
    app.update(key(KeyCode::Down));
    app.update(key(KeyCode::Left));
    app.update(key(KeyCode::Down));
    for _ in 0..4 {
        app.update(key(KeyCode::Backspace));
    }
    typed(&mut app, "0");
    // A letter where a number is typed is taken, and refused at [Enter] in words.
    typed(&mut app, "x");
    app.update(key(KeyCode::Enter));
    let s = screen(&app);
    assert!(s.contains("The port is a number"), "{s}");
    app.update(key(KeyCode::Backspace));
    insta::assert_snapshot!("friend_setup_host", screen(&app));
    app.update(key(KeyCode::Enter));
    let all = accc::counties::all();
    let h = host_of(&app);
    assert_eq!(h.live.names, [all[1].name.clone(), all[2].name.clone()]);
    assert_eq!(h.live.state.public().options.batsmen, 10);
    assert_eq!(h.live.state.public().options.days, 2);
    let s = screen(&app);
    assert!(s.contains(&h.code.to_string()), "{s}");
    let port: u16 = h
        .join_line
        .split("THIS-MACHINE:")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|p| p.parse().ok())
        .expect("a port");
    assert!(port > 0);
    std::net::TcpStream::connect(("127.0.0.1", port)).expect("listening");
    app.update(key(KeyCode::Esc));
    assert!(
        app.start().is_some() && !app.quit,
        "back at the file prompt"
    );
    // Joining.
    app.update(key(KeyCode::F(2)));
    app.update(key(KeyCode::Char('j')));
    typed(&mut app, "127.0.0.1:9");
    app.update(key(KeyCode::Down));
    app.update(key(KeyCode::Down));
    typed(&mut app, "7-crimsen-wicket");
    app.update(key(KeyCode::Enter));
    let s = screen(&app);
    assert!(s.contains("The code:") && s.contains("crimsen"), "{s}");
    for _ in 0.."7-crimsen-wicket".len() {
        app.update(key(KeyCode::Backspace));
    }
    typed(&mut app, "7-crimson-wicket");
    app.update(key(KeyCode::Enter));
    let g = guest_of(&app);
    assert_eq!(g.target, "127.0.0.1:9");
    assert!(screen(&app).contains("Joining the match at 127.0.0.1:9"));
    app.update(key(KeyCode::Esc));
    assert!(app.start().is_some());
}

/// A host's seat with nothing to ask notices a guest whose line closes within a moment
/// (not only when it next asks), says so, and takes the guest back with the same code.
#[test]
fn an_idle_host_seat_notices_a_closed_line_and_takes_the_guest_back() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let door = Door::listen(listener).unwrap();
    let link = HostLink::new(Offer {
        code: code(),
        limits: Limits::default(),
        names: ["Lancashire".into(), "Kent".into()],
        options: short(),
        bot_seed: 1,
        wait: Duration::from_secs(30),
        guest: Side::Away,
    });
    let host = seat::host_seat(link, door);
    let note = |wanted: &dyn Fn(&SeatNote) -> bool| {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match host.notes.recv_timeout(left) {
                Ok(n) if wanted(&n) => return n,
                Ok(_) => {}
                Err(e) => panic!("no such note: {e}"),
            }
        }
    };
    let connect = || {
        accc::net::guest::connect(
            &Target::Direct(addr.to_string()),
            &code(),
            Limits::default(),
            Duration::from_secs(20),
            &mut |_| {},
        )
        .unwrap()
    };
    let guest = connect();
    note(&|n| matches!(n, SeatNote::Joined(_)));
    let closed = Instant::now();
    guest.drop_line();
    let lost = note(&|n| matches!(n, SeatNote::Lost(_)));
    assert!(closed.elapsed() < Duration::from_secs(5), "{lost:?}");
    let again = connect();
    assert_eq!(again.welcome.names[1], "Kent");
    note(&|n| matches!(n, SeatNote::Joined(_)));
    drop(host);
}
