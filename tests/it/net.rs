//! Two people, one match (`src/net`): the whole match between two real `accc` processes and
//! its equivalence with `accc match`; a guest killed mid-match that rejoins; a hostile-peer
//! suite against the host (wrong codes, garbage, truncated, oversized, replayed, reordered
//! and altered frames, cards not in hand, choices out of turn, a flood of connections, a
//! slow sender), each refused with the host's match unchanged; the bytes on the wire
//! holding no card; the relay pairing 20 matches at once. Loopback only, every port picked
//! free (port 0) and closed, every wait bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use accc::ai::{Bot, Level};
use accc::ball_log::BallLog;
use accc::engine::runner::{chance_rng, play_on_seeing};
use accc::engine::{Choice, Decision, MatchOptions, MatchState, NoRecord, Player, Side};
use accc::net::channel::{BUSY, MAGIC};
use accc::net::guest::{self, GuestLink, Target};
use accc::net::host::{self, Door, Finisher, HostError, HostLink, Offer};
use accc::net::protocol::{GuestMsg, HostMsg, WireChoice, WireEvent, WireSide};
use accc::net::relay::{self, RelayConfig, RelayStats};
use accc::net::{Code, Limits, NetError};
use accc::play::{computer_match, Levels};

use super::helpers::accc;

const PRO: Level = Level::PROFESSIONAL;

/// A short match, for the in-process tests.
fn short() -> MatchOptions {
    MatchOptions {
        batsmen: 4,
        days: 1,
        packs_per_session: 2,
        ..MatchOptions::default()
    }
}

/// Limits short enough for tests, long enough for a loaded machine.
fn limits() -> Limits {
    Limits {
        handshake: Duration::from_secs(1),
        idle: Duration::from_secs(20),
        frame: Duration::from_secs(2),
    }
}

/// Limits for the relay's load test: twenty debug-build handshakes at once on a loaded
/// 2-core machine take seconds, and that test is about pairing, not time limits.
fn relaxed() -> Limits {
    Limits {
        handshake: Duration::from_secs(15),
        idle: Duration::from_secs(60),
        frame: Duration::from_secs(15),
    }
}

/// The result line of the local match between two professionals (what `accc match --json`
/// prints).
fn local_json(options: MatchOptions, seed: u64) -> String {
    let mut log = BallLog::new("Home", "Away", seed, &options);
    computer_match(options, [Levels::default(); 2], seed, &mut log);
    log.result().expect("a result").to_string()
}

/// What a hosted match ends with: the result line, and the bytes sent and received.
type HostEnd = Result<(String, (u64, u64)), HostError>;

struct Hosted {
    addr: SocketAddr,
    said: Arc<Mutex<Vec<String>>>,
    thread: JoinHandle<HostEnd>,
}

/// A host in a thread on 127.0.0.1, port 0, with a professional at home.
fn start_host(options: MatchOptions, seed: u64, code: Code, wait: Duration) -> Hosted {
    start_host_with(options, seed, code, wait, None)
}

fn start_host_with(
    options: MatchOptions,
    seed: u64,
    code: Code,
    wait: Duration,
    finish: Option<Level>,
) -> Hosted {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let door = Door::listen(listener).unwrap();
    start_at(door, options, seed, code, wait, finish, limits())
}

fn start_at(
    mut door: Door,
    options: MatchOptions,
    seed: u64,
    code: Code,
    wait: Duration,
    finish: Option<Level>,
    limits: Limits,
) -> Hosted {
    let addr = door
        .local_addr()
        .unwrap_or_else(|| "127.0.0.1:1".parse().unwrap());
    let said = Arc::new(Mutex::new(Vec::new()));
    let said2 = said.clone();
    let thread = std::thread::spawn(move || {
        let mut link = HostLink::new(Offer {
            code,
            limits,
            names: ["Home".into(), "Away".into()],
            options,
            bot_seed: host::guest_bot_seed(seed),
            wait,
            guest: Side::Away,
        });
        link.say = Box::new(move |l| said2.lock().unwrap().push(l.to_string()));
        let mut home = Bot::new(PRO, PRO, seed, Side::Home);
        let finisher = finish.map(|l| Finisher {
            player: Box::new(Bot::new(l, l, host::guest_bot_seed(seed), Side::Away)),
        });
        let mut log = BallLog::new("Home", "Away", seed, &options);
        let state = host::host_match(
            &mut link,
            &mut door,
            seed,
            &mut home,
            finisher,
            &mut log,
            |l: &BallLog| l.result().unwrap().to_string(),
        )?;
        assert!(state.is_over());
        link.drop_guest();
        Ok((log.result().unwrap().to_string(), link.bytes))
    });
    Hosted { addr, said, thread }
}

fn code(s: &str) -> Code {
    Code::parse(s).unwrap()
}

/// A professional guest through `target` to the end.
fn bot_guest(target: &Target, code: &Code) -> Result<guest::Finished, NetError> {
    bot_guest_within(target, code, limits())
}

/// [`bot_guest`] with the channel's `limits`.
fn bot_guest_within(
    target: &Target,
    code: &Code,
    limits: Limits,
) -> Result<guest::Finished, NetError> {
    guest::play_bot(
        &guest::Joining {
            target: target.clone(),
            code: *code,
            limits,
            wait: Duration::from_secs(20),
        },
        (PRO, PRO),
        None,
        &mut |_| {},
        &mut |_| {},
    )
    .map(|f| f.expect("played to the end"))
}

fn direct(addr: SocketAddr) -> Target {
    Target::Direct(addr.to_string())
}

// ----- two processes -----

/// Reads the host's standard error until it says where it listens; the rest is read by a
/// thread, which returns it all.
fn listening_port(child: &mut Child) -> (u16, JoinHandle<String>) {
    let err = child.stderr.take().unwrap();
    let mut lines = BufReader::new(err).lines();
    let mut port = None;
    let mut kept = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        kept.push_str(&line);
        kept.push('\n');
        if let Some(rest) = line.strip_prefix("accc: listening on 127.0.0.1:") {
            port = Some(rest.trim().parse().unwrap());
            break;
        }
    }
    let rest = std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            kept.push_str(&line);
            kept.push('\n');
        }
        kept
    });
    (port.expect("the host says its port"), rest)
}

fn host_process(seed: u64, code: &str, extra: &[&str]) -> Child {
    accc()
        .args(["host", "--listen", "127.0.0.1", "--port", "0", "--bot", "5"])
        .args([
            "--home",
            "Lancashire",
            "--away",
            "Kent",
            "--json",
            "--wait",
            "60",
        ])
        .args(["--seed", &seed.to_string(), "--code", code])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn join_process(port: u16, code: &str) -> std::process::Command {
    let mut c = accc();
    c.args(["join", &format!("127.0.0.1:{port}"), "--code", code])
        .args(["--bot", "5", "--json", "--wait", "30"]);
    c
}

fn local_process(seed: u64, extra: &[&str]) -> String {
    let out = accc()
        .args(["match", "--home", "Lancashire", "--away", "Kent", "--json"])
        .args([
            "--bat-level",
            "5",
            "--bowl-level",
            "5",
            "--seed",
            &seed.to_string(),
        ])
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn finish_host(host: Child) -> String {
    let out = host.wait_with_output().unwrap();
    assert!(out.status.success(), "the host failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn two_processes_play_the_same_match_as_accc_match_card_for_card() {
    let dir = tempfile::tempdir().unwrap();
    for (seed, code) in [(20_260, "11-amber-wicket"), (7, "999-yorker-zephyr")] {
        let host_log = dir.path().join(format!("host{seed}.jsonl"));
        let local_log = dir.path().join(format!("local{seed}.jsonl"));
        let mut host = host_process(seed, code, &["--log", host_log.to_str().unwrap()]);
        let (port, _) = listening_port(&mut host);
        let guest = join_process(port, code).output().unwrap();
        assert!(
            guest.status.success(),
            "{}",
            String::from_utf8_lossy(&guest.stderr)
        );
        let host_out = finish_host(host);
        let local = local_process(seed, &["--log", local_log.to_str().unwrap()]);
        assert_eq!(host_out, local, "seed {seed}: the host's result");
        assert_eq!(
            String::from_utf8(guest.stdout).unwrap(),
            local,
            "seed {seed}: the guest's result"
        );
        // Card for card: the ball logs are the same, line for line.
        let (h, l) = (
            std::fs::read_to_string(&host_log).unwrap(),
            std::fs::read_to_string(&local_log).unwrap(),
        );
        assert!(h.lines().count() > 100);
        assert_eq!(h, l, "seed {seed}: the ball log");
    }
}

#[test]
fn a_guest_killed_mid_match_rejoins_with_the_same_code_and_the_match_ends_the_same() {
    let (seed, code) = (4242, "5-umpire-crocus");
    let mut host = host_process(seed, code, &[]);
    let (port, said) = listening_port(&mut host);
    let mut first = join_process(port, code)
        .env("ACCC_NET_TRACE", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = first.stderr.take().unwrap();
    let mut answered = 0;
    for line in BufReader::new(err).lines().map_while(Result::ok) {
        if line.contains("answered question") {
            answered += 1;
            if answered == 40 {
                break;
            }
        }
    }
    assert_eq!(answered, 40, "the guest played 40 questions");
    first.kill().unwrap();
    first.wait().unwrap();
    let second = join_process(port, code).output().unwrap();
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let host_out = finish_host(host);
    let local = local_process(seed, &[]);
    assert_eq!(host_out, local);
    assert_eq!(String::from_utf8(second.stdout).unwrap(), local);
    let said = said.join().unwrap();
    assert!(
        said.contains("waiting for Kent to come back") && said.contains("Kent is back"),
        "{said}"
    );
}

#[test]
fn host_and_join_without_a_computer_say_where_a_person_plays() {
    for args in [
        vec!["host", "--listen", "127.0.0.1", "--port", "0"],
        vec!["join", "127.0.0.1:9", "--code", "7-crimson-wicket"],
    ] {
        // A folder of its own: whatever the user's folder keeps plays no part.
        let saves = tempfile::tempdir().unwrap();
        let out = accc()
            .args(&args)
            .env("ACCC_SAVES", saves.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("terminal program") && err.contains("--bot"),
            "{err}"
        );
    }
    let out = accc()
        .args([
            "join",
            "127.0.0.1:9",
            "--code",
            "7-crimsen-wicket",
            "--bot",
            "5",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'crimsen' is not one of the code words"));
}

// ----- in process: equivalence, wrong codes, hostile peers -----

#[test]
fn in_process_match_equals_the_local_one_and_counts_its_bytes() {
    let (options, seed) = (MatchOptions::default(), 99);
    let c = code("3-tea-toast");
    let h = start_host(options, seed, c, Duration::from_secs(20));
    let finished = bot_guest(&direct(h.addr), &c).unwrap();
    let (json, bytes) = h.thread.join().unwrap().unwrap();
    let local = local_json(options, seed);
    assert_eq!(json, local);
    assert_eq!(finished.json, local);
    assert!(finished.answered > 100);
    assert!(bytes.0 > 0 && bytes.1 > 0);
}

#[test]
fn a_wrong_code_ends_the_offer() {
    let h = start_host(short(), 1, code("8-oak-ashes"), Duration::from_secs(20));
    let e = bot_guest(&direct(h.addr), &code("8-oak-elm")).unwrap_err();
    assert!(matches!(e, NetError::WrongCode), "{e}");
    let host = h.thread.join().unwrap().unwrap_err();
    assert!(matches!(host, HostError::WrongCode), "{host}");
    assert!(host.to_string().contains("new code"));
    // The offer is over: nobody listens there any more.
    let again = guest::connect(
        &direct(h.addr),
        &code("8-oak-ashes"),
        limits(),
        Duration::from_millis(300),
        &mut |_| {},
    );
    assert!(again.is_err());
}

/// Whether the host closes `s` (reads end) within a bounded time.
fn closed_by_host(s: &mut TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut buf = [0u8; 256];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                )
            }
        }
    }
}

#[test]
fn garbage_truncated_oversized_and_slow_connections_are_dropped_and_the_match_goes_on() {
    let (options, seed) = (short(), 31);
    let c = code("12-river-rook");
    let h = start_host(options, seed, c, Duration::from_secs(30));
    // Garbage.
    let mut s = TcpStream::connect(h.addr).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    assert!(closed_by_host(&mut s));
    // Oversized: a frame that says it is 4 GiB long.
    let mut s = TcpStream::connect(h.addr).unwrap();
    s.write_all(&MAGIC).unwrap();
    s.write_all(&[0xff; 4]).unwrap();
    assert!(closed_by_host(&mut s));
    // Truncated: a PAKE frame cut short.
    let mut s = TcpStream::connect(h.addr).unwrap();
    s.write_all(&MAGIC).unwrap();
    s.write_all(&33u32.to_be_bytes()).unwrap();
    s.write_all(&[7; 10]).unwrap();
    s.shutdown(Shutdown::Write).unwrap();
    assert!(closed_by_host(&mut s));
    // A PAKE message of the wrong size.
    let mut s = TcpStream::connect(h.addr).unwrap();
    s.write_all(&MAGIC).unwrap();
    s.write_all(&3u32.to_be_bytes()).unwrap();
    s.write_all(&[1, 2, 3]).unwrap();
    assert!(closed_by_host(&mut s));
    // Slow: the greeting and a frame, a byte every 300 ms (the handshake allows 1 s).
    let mut s = TcpStream::connect(h.addr).unwrap();
    let slow_closed = {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&33u32.to_be_bytes());
        bytes.extend_from_slice(&[9; 33]);
        let mut closed = false;
        for b in bytes {
            if s.write_all(&[b]).is_err() {
                closed = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        closed || closed_by_host(&mut s)
    };
    assert!(slow_closed, "the slow sender was not dropped");
    // A silent connection: it never speaks.
    let mut s = TcpStream::connect(h.addr).unwrap();
    assert!(closed_by_host(&mut s));
    // None of them ended the offer: the guest comes with the code, and the match is the one
    // it would have been.
    let finished = bot_guest(&direct(h.addr), &c).unwrap();
    let (json, _) = h.thread.join().unwrap().unwrap();
    assert_eq!(json, local_json(options, seed));
    assert_eq!(finished.json, json);
    let said = h.said.lock().unwrap().join("\n");
    assert!(said.contains("not the guest was dropped"), "{said}");
}

/// Plays the guest with a professional, calling `hook` at each question before the answer
/// (it may send anything); returns the result line.
fn drive(
    link: &mut GuestLink,
    mut hook: impl FnMut(u32, &accc::net::protocol::OwnedView, &mut GuestLink),
    mut seen: impl FnMut(&HostMsg),
) -> Result<String, NetError> {
    let mut bot = Bot::new(PRO, PRO, link.welcome.bot_seed, Side::Away);
    loop {
        let msg = link.receive()?;
        seen(&msg);
        match msg {
            HostMsg::Ask { number, view } => {
                let owned = view.owned().unwrap();
                let choice = bot.act(&owned.view());
                hook(number, &owned, link);
                link.choose(number, choice)?;
            }
            HostMsg::Catchup { view, choice } => {
                let owned = view.owned().unwrap();
                let v = owned.view();
                bot.decide(&v);
                bot.observe(&v, choice.choice().unwrap());
            }
            HostMsg::Result { json, .. } => return Ok(json),
            HostMsg::Refused(why) => panic!("refused: {why}"),
            _ => {}
        }
    }
}

fn expect_refused(link: &mut GuestLink, words: &str) {
    match link.receive().unwrap() {
        HostMsg::Refused(why) => assert!(why.contains(words), "{why}"),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn cards_not_in_hand_choices_out_of_turn_and_a_flood_are_refused_and_change_nothing() {
    let (options, seed) = (short(), 5);
    let c = code("40-stump-gully");
    let h = start_host(options, seed, c, Duration::from_secs(20));
    let mut link = guest::connect(
        &direct(h.addr),
        &c,
        limits(),
        Duration::from_secs(10),
        &mut |_| {},
    )
    .unwrap();
    let addr = h.addr;
    let mut tried = [false; 3];
    let json = drive(
        &mut link,
        |number, view, link| {
            let card_decision = matches!(
                view.decision,
                Decision::Bowl | Decision::Respond { .. } | Decision::OpeningDiscard
            );
            if card_decision && !tried[0] {
                tried[0] = true;
                let missing = (0..55u8)
                    .find(|&i| view.hand.iter().all(|c| c.index() != i as usize))
                    .unwrap();
                link.send_raw(&GuestMsg::Choose {
                    number,
                    choice: WireChoice::Card(missing),
                })
                .unwrap();
                expect_refused(link, "not in that hand");
                link.send_raw(&GuestMsg::Choose {
                    number,
                    choice: WireChoice::Card(200),
                })
                .unwrap();
                expect_refused(link, "not allowed");
                link.send_raw(&GuestMsg::Choose {
                    number,
                    choice: WireChoice::Bat,
                })
                .unwrap();
                expect_refused(link, "not allowed");
            }
            if number == 3 && !tried[1] {
                tried[1] = true;
                for n in [number + 1, number - 1, 0, u32::MAX] {
                    link.send_raw(&GuestMsg::Choose {
                        number: n,
                        choice: WireChoice::Continue,
                    })
                    .unwrap();
                    expect_refused(link, "out of turn");
                }
                link.send_raw(&GuestMsg::Hello {
                    protocol: 1,
                    build: "x".into(),
                })
                .unwrap();
                expect_refused(link, "out of turn");
            }
            if number == 5 && !tried[2] {
                tried[2] = true;
                // A flood while the match is on: every one told the host is busy.
                for _ in 0..60 {
                    let mut s = TcpStream::connect(addr).unwrap();
                    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                    let mut word = [0u8; 8];
                    s.read_exact(&mut word).unwrap();
                    assert_eq!(word, BUSY);
                }
                // And a real guest with the right code is refused as busy too.
                let e = guest::connect(
                    &direct(addr),
                    &code("40-stump-gully"),
                    limits(),
                    Duration::ZERO,
                    &mut |_| {},
                )
                .unwrap_err();
                assert!(matches!(e, NetError::Busy), "{e}");
            }
        },
        |_| {},
    )
    .unwrap();
    assert_eq!(tried, [true; 3]);
    let (host_json, _) = h.thread.join().unwrap().unwrap();
    let local = local_json(options, seed);
    assert_eq!(host_json, local);
    assert_eq!(json, local);
}

/// How a proxy tampers with the guest's frames, once, on the first connection to carry the
/// frame named.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tamper {
    Nothing,
    /// Frame k is sent twice.
    Replay(usize),
    /// Frames k and k+1 change places.
    Swap(usize),
    /// A bit of frame k's last byte is flipped.
    Flip(usize),
}

/// A forwarding proxy on loopback between a guest and the host: it records every byte both
/// ways and tampers with the guest's frames as its [`Tamper`] says.
struct Proxy {
    addr: SocketAddr,
    wire: Arc<Mutex<Vec<u8>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn read_exactly(s: &mut TcpStream, n: usize) -> Option<Vec<u8>> {
    let mut b = vec![0; n];
    s.read_exact(&mut b).ok()?;
    Some(b)
}

fn proxy(target: SocketAddr, tamper: Tamper) -> Proxy {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let wire = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let (wire2, stop2) = (wire.clone(), stop.clone());
    let thread = std::thread::spawn(move || {
        // The tamper is done once, on the first connection to carry the frame it names: a
        // connection turned away before then (the host not yet waiting, a slow handshake on a
        // loaded machine) leaves it for the next.
        let pending = Arc::new(AtomicBool::new(true));
        let mut pumps = Vec::new();
        while !stop2.load(Ordering::SeqCst) {
            let Ok((mut guest, _)) = listener.accept() else {
                std::thread::sleep(Duration::from_millis(5));
                continue;
            };
            guest.set_nonblocking(false).unwrap();
            let mut host = TcpStream::connect(target).unwrap();
            // Without these, Nagle's algorithm holds small frames back.
            guest.set_nodelay(true).unwrap();
            host.set_nodelay(true).unwrap();
            let (mut g2, mut h2) = (guest.try_clone().unwrap(), host.try_clone().unwrap());
            let w = wire2.clone();
            pumps.push(std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = h2.read(&mut buf) {
                    if n == 0 || g2.write_all(&buf[..n]).is_err() {
                        break;
                    }
                    w.lock().unwrap().extend_from_slice(&buf[..n]);
                }
                let _ = g2.shutdown(Shutdown::Both);
            }));
            let w = wire2.clone();
            let pending = pending.clone();
            pumps.push(std::thread::spawn(move || {
                let send = |host: &mut TcpStream, bytes: &[u8]| {
                    w.lock().unwrap().extend_from_slice(bytes);
                    host.write_all(bytes).is_ok()
                };
                let Some(magic) = read_exactly(&mut guest, 8) else {
                    return;
                };
                send(&mut host, &magic);
                let mut held: Option<Vec<u8>> = None;
                // Whether this connection took the tamper.
                let mut mine = false;
                for k in 0.. {
                    let Some(head) = read_exactly(&mut guest, 4) else {
                        break;
                    };
                    let len = u32::from_be_bytes(head[..4].try_into().unwrap()) as usize;
                    let Some(body) = read_exactly(&mut guest, len) else {
                        break;
                    };
                    let mut frame = head;
                    frame.extend_from_slice(&body);
                    let at = match tamper {
                        Tamper::Replay(at) | Tamper::Swap(at) | Tamper::Flip(at) => at,
                        Tamper::Nothing => usize::MAX,
                    };
                    if k == at && pending.swap(false, Ordering::SeqCst) {
                        mine = true;
                    }
                    let ok = match tamper {
                        _ if !mine => send(&mut host, &frame),
                        Tamper::Replay(at) if k == at => {
                            send(&mut host, &frame) && send(&mut host, &frame)
                        }
                        Tamper::Swap(at) if k == at => {
                            held = Some(frame);
                            true
                        }
                        Tamper::Swap(at) if k == at + 1 => {
                            send(&mut host, &frame) && send(&mut host, &held.take().unwrap())
                        }
                        Tamper::Flip(at) if k == at => {
                            *frame.last_mut().unwrap() ^= 1;
                            send(&mut host, &frame)
                        }
                        _ => send(&mut host, &frame),
                    };
                    if !ok {
                        break;
                    }
                }
                let _ = host.shutdown(Shutdown::Both);
                let _ = guest.shutdown(Shutdown::Both);
            }));
        }
        for p in pumps {
            let _ = p.join();
        }
    });
    Proxy {
        addr,
        wire,
        stop,
        thread: Some(thread),
    }
}

#[test]
fn replayed_and_altered_frames_are_refused_and_the_guest_rejoins_to_the_same_match() {
    for (i, tamper) in [Tamper::Replay(5), Tamper::Flip(6)].into_iter().enumerate() {
        let (options, seed) = (short(), 60 + i as u64);
        let c = code("21-lark-hedge");
        let h = start_host(options, seed, c, Duration::from_secs(20));
        let p = proxy(h.addr, tamper);
        let finished = bot_guest(&direct(p.addr), &c).unwrap();
        let (json, _) = h.thread.join().unwrap().unwrap();
        let local = local_json(options, seed);
        assert_eq!(json, local, "{tamper:?}");
        assert_eq!(finished.json, local, "{tamper:?}");
        let said = h.said.lock().unwrap().join("\n");
        assert!(
            said.contains("failed its check") && said.contains("Away is back"),
            "{tamper:?}: {said}"
        );
    }
}

#[test]
fn reordered_frames_are_refused_and_the_guest_rejoins_to_the_same_match() {
    let (options, seed) = (short(), 77);
    let c = code("33-owl-moss");
    let h = start_host(options, seed, c, Duration::from_secs(20));
    let p = proxy(h.addr, Tamper::Swap(3));
    let mut link = guest::connect(
        &direct(p.addr),
        &c,
        limits(),
        Duration::from_secs(10),
        &mut |_| {},
    )
    .unwrap();
    // Frames 0-2 were the PAKE, the confirmation and the hello; at the first question the
    // guest sends two answers back to back (frames 3 and 4), which the proxy swaps.
    let first = drive(
        &mut link,
        |number, _, link| {
            link.send_raw(&GuestMsg::Choose {
                number: number + 7,
                choice: WireChoice::Continue,
            })
            .unwrap();
        },
        |_| {},
    );
    assert!(first.is_err(), "the swapped frames were taken");
    let finished = bot_guest(&direct(p.addr), &c).unwrap();
    let (json, _) = h.thread.join().unwrap().unwrap();
    assert_eq!(json, local_json(options, seed));
    assert_eq!(finished.json, json);
    assert!(h
        .said
        .lock()
        .unwrap()
        .join("\n")
        .contains("failed its check"));
}

#[test]
fn the_wire_holds_no_card_and_the_guest_sees_only_its_own_hand() {
    let (options, seed) = (MatchOptions::default(), 2024);
    let c = code("64-sloe-cider");
    let h = start_host(options, seed, c, Duration::from_secs(20));
    let p = proxy(h.addr, Tamper::Nothing);
    let mut link = guest::connect(
        &direct(p.addr),
        &c,
        limits(),
        Duration::from_secs(10),
        &mut |_| {},
    )
    .unwrap();
    let mut messages = Vec::new();
    let json = drive(&mut link, |_, _, _| {}, |m| messages.push(m.clone())).unwrap();
    h.thread.join().unwrap().unwrap();
    assert_eq!(json, local_json(options, seed));

    // The truth, from the same match played locally: at each of the away side's decisions,
    // its hand and the home hand.
    let mut home = Bot::new(PRO, PRO, seed, Side::Home);
    let mut away = Bot::new(PRO, PRO, host::guest_bot_seed(seed), Side::Away);
    let mut truth = Vec::new();
    play_on_seeing(
        MatchState::new(options),
        &mut chance_rng(seed),
        [&mut home, &mut away],
        &mut NoRecord,
        |s: &MatchState, _: Choice| {
            if s.to_act().map(|(side, _)| side) == Some(Side::Away) {
                truth.push((s.hand(Side::Away).to_vec(), s.hand(Side::Home).to_vec()));
            }
        },
    )
    .unwrap();
    let asks: Vec<_> = messages
        .iter()
        .filter_map(|m| match m {
            HostMsg::Ask { view, .. } => Some(view.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(asks.len(), truth.len());
    for (view, (mine, _)) in asks.iter().zip(&truth) {
        assert_eq!(view.side, WireSide::Away);
        let hand: Vec<usize> = view.hand.iter().map(|&c| c as usize).collect();
        let want: Vec<usize> = mine.iter().map(|c| c.index()).collect();
        assert_eq!(hand, want, "the guest is sent its own hand, exactly");
    }
    // No event tells the home side's drawn cards, nor the deal.
    for m in &messages {
        if let HostMsg::Events(events) = m {
            for e in events {
                if let WireEvent::Exchange {
                    side: WireSide::Home,
                    drawn,
                    ..
                } = e
                {
                    assert!(drawn.is_empty(), "the home side's drawn cards were sent");
                }
            }
        }
    }

    // The bytes on the wire: no card's name, and none of the hands as they would be encoded
    // in the clear.
    let wire = p.wire.lock().unwrap().clone();
    assert!(wire.len() > 10_000);
    // Every window of the wire of each length looked for, in a set.
    let windows = |n: usize| -> std::collections::HashSet<&[u8]> { wire.windows(n).collect() };
    let mut by_len = std::collections::HashMap::new();
    let mut on_wire = |bytes: &[u8]| -> bool {
        by_len
            .entry(bytes.len())
            .or_insert_with(|| windows(bytes.len()))
            .contains(bytes)
    };
    for i in 0..55 {
        let card = accc::cards::Card::from_index(i);
        for form in [card.to_string(), card.on_screen()] {
            assert!(!on_wire(form.as_bytes()), "'{form}' on the wire");
        }
    }
    for view in &asks {
        let clear = postcard::to_stdvec(&view.hand).unwrap();
        assert!(clear.len() >= 6);
        assert!(!on_wire(&clear), "a hand in the clear on the wire");
        let public = postcard::to_stdvec(&view.public).unwrap();
        assert!(
            !on_wire(&public[..24]),
            "a public view in the clear on the wire"
        );
    }
    // The code itself never crosses the wire.
    assert!(!wire.windows(13).any(|w| w == b"64-sloe-cider"));
}

#[test]
fn a_guest_that_leaves_is_finished_by_the_computer_when_asked() {
    let (options, seed) = (short(), 12);
    let c = code("2-moss-fern");
    let h = start_host_with(options, seed, c, Duration::from_secs(1), Some(PRO));
    let finished = guest::play_bot(
        &guest::Joining {
            target: direct(h.addr),
            code: c,
            limits: limits(),
            wait: Duration::from_secs(10),
        },
        (PRO, PRO),
        Some(10),
        &mut |_| {},
        &mut |_| {},
    )
    .unwrap();
    assert!(finished.is_none());
    let (json, _) = h.thread.join().unwrap().unwrap();
    // The finisher, a professional caught up on the side's decisions, plays as the guest's
    // professional would have.
    assert_eq!(json, local_json(options, seed));
    let said = h.said.lock().unwrap().join("\n");
    assert!(said.contains("the computer finishes the side"), "{said}");
}

// ----- the relay -----

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn the_relay_pairs_twenty_matches_at_once_and_drops_the_silent() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let relay_addr = listener.local_addr().unwrap().to_string();
    let stop = Arc::new(AtomicBool::new(false));
    let stats = Arc::new(RelayStats::default());
    let config = RelayConfig {
        hello: Duration::from_millis(500),
        wait: Duration::from_secs(30),
        idle: Duration::from_secs(30),
        max_peers: 1024,
    };
    let server = {
        let (stop, stats) = (stop.clone(), stats.clone());
        std::thread::spawn(move || relay::serve(listener, config, &stop, &stats).unwrap())
    };
    // A peer that never speaks loses its place.
    let mut silent = TcpStream::connect(&relay_addr).unwrap();
    assert!(closed_by_host(&mut silent));

    let pairs: u16 = 20;
    let mut games = Vec::new();
    for i in 0..pairs {
        let seed = 500 + u64::from(i);
        let c = Code::new(100 + i, [i as u8, 7]).unwrap();
        let h = start_at(
            Door::relay(&relay_addr, c.slot()),
            short(),
            seed,
            c,
            Duration::from_secs(60),
            None,
            relaxed(),
        );
        let target = Target::Relay(relay_addr.clone());
        let g = std::thread::spawn(move || bot_guest_within(&target, &c, relaxed()));
        games.push((seed, h, g));
    }
    for (seed, h, g) in games {
        let finished = g.join().unwrap().unwrap();
        let (json, _) = h.thread.join().unwrap().unwrap();
        let local = local_json(short(), seed);
        assert_eq!(json, local);
        assert_eq!(finished.json, local);
    }
    assert!(stats.paired.load(Ordering::SeqCst) >= pairs as usize);
    assert!(stats.timed_out.load(Ordering::SeqCst) >= 1);
    // A second host in a slot already waited in is told it is taken.
    let c = Code::new(900, [1, 2]).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let waiting = std::thread::spawn({
        let a = relay_addr.clone();
        move || {
            relay::connect(
                &a,
                900,
                relay::Role::Host,
                std::time::Instant::now() + Duration::from_millis(1500),
            )
        }
    });
    std::thread::sleep(Duration::from_millis(300));
    let taken = relay::connect(&relay_addr, c.slot(), relay::Role::Host, deadline);
    assert!(
        matches!(taken, Err(NetError::Relay(ref w)) if w.contains("taken")),
        "{taken:?}"
    );
    assert!(
        waiting.join().unwrap().is_err(),
        "no guest came for the first host"
    );
    stop.store(true, Ordering::SeqCst);
    server.join().unwrap();
}

// ----- fuzz-ish: any bytes -----

mod any_bytes {
    use super::*;
    use accc::net::protocol::WireView;
    use proptest::prelude::*;

    /// A connected pair of sockets on loopback.
    fn sockets() -> (TcpStream, TcpStream) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
        let (b, _) = l.accept().unwrap();
        (a, b)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever a peer sends, the host's handshake ends in an error, never a panic or a
        /// channel (the bytes may begin with the right greeting).
        #[test]
        fn the_handshake_refuses_any_bytes(
            greet in any::<bool>(),
            bytes in proptest::collection::vec(any::<u8>(), 0..120),
        ) {
            let (mut peer, host_side) = sockets();
            if greet {
                peer.write_all(&MAGIC).unwrap();
            }
            peer.write_all(&bytes).unwrap();
            peer.shutdown(Shutdown::Write).unwrap();
            let short = Limits {
                handshake: Duration::from_millis(500),
                idle: Duration::from_millis(500),
                frame: Duration::from_millis(500),
            };
            let got = accc::net::Channel::host(host_side, &code("1-oak-ashes"), short);
            prop_assert!(got.is_err());
        }

        /// Any bytes read as a guest's message or a host's view: an error or a message,
        /// and a message's cards checked without a panic.
        #[test]
        fn any_message_bytes_decode_or_fail_cleanly(
            bytes in proptest::collection::vec(any::<u8>(), 0..400),
        ) {
            if let Ok(GuestMsg::Choose { choice, .. }) = postcard::from_bytes::<GuestMsg>(&bytes) {
                let _ = choice.choice();
            }
            if let Ok(HostMsg::Ask { view, .. }) = postcard::from_bytes::<HostMsg>(&bytes) {
                let _ = view.owned();
            }
            if let Ok(view) = postcard::from_bytes::<WireView>(&bytes) {
                let _ = view.owned();
            }
        }
    }
}
