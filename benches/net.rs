//! A ball's round trip between host and guest over loopback, encrypted: the host sends the
//! ball's public events and the guest's next question (a mid-match view), the guest opens
//! them, rebuilds its view and answers, and the host opens the answer and checks it is
//! allowed. Also a whole match between two professionals over loopback, host and guest in
//! two threads. Run with `cargo bench --bench net`; the bytes of a ball are printed first.
//! The figures are in docs/NETWORK.md.

#![allow(
    clippy::unwrap_used,
    reason = "a developer's tool: a failure stops it with its error, as a test does"
)]

use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use accc::ai::{Bot, Level};
use accc::ball_log::BallLog;
use accc::engine::runner::chance_rng;
use accc::engine::{Decision, Event, MatchOptions, MatchState, Player, Recorder, Side};
use accc::net::guest::{self, Target};
use accc::net::host::{self, Door, HostLink, Offer};
use accc::net::protocol::{GuestMsg, HostMsg, WireChoice, WireEvent, WireView};
use accc::net::{Channel, Code, Limits};
use criterion::{criterion_group, criterion_main, Criterion};

/// The state at the away side's answer to the 100th ball of a match between professionals,
/// and that ball's public events.
fn mid_match() -> (MatchState, Vec<WireEvent>) {
    struct Last(Vec<WireEvent>);
    impl Recorder for Last {
        fn record(&mut self, e: &Event<'_>) {
            if let Event::Ball(_) = e {
                self.0.clear();
            }
            if let Some(w) = WireEvent::public(e, Side::Away) {
                self.0.push(w);
            }
        }
    }
    let mut state = MatchState::new(MatchOptions::default());
    let mut rng = chance_rng(1);
    let mut bots = [
        Bot::new(Level::PROFESSIONAL, Level::PROFESSIONAL, 1, Side::Home),
        Bot::new(Level::PROFESSIONAL, Level::PROFESSIONAL, 1, Side::Away),
    ];
    let mut rec = Last(Vec::new());
    let mut balls = 0;
    loop {
        if state.chance().is_some() {
            state.sample_chance(&mut rng, &mut rec);
            continue;
        }
        let (side, decision) = state.to_act().expect("the match lasts 100 balls");
        if side == Side::Away && matches!(decision, Decision::Respond { .. }) {
            balls += 1;
            if balls == 100 {
                return (state, rec.0);
            }
        }
        let c = bots[side.index()].act(&state.view());
        state.apply(c, &mut rec).unwrap();
    }
}

/// A host's and a guest's channel over loopback.
fn pair() -> (Channel, Channel) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let code = Code::parse("7-crimson-wicket").unwrap();
    let host = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        Channel::host(s, &code, Limits::default()).unwrap()
    });
    let guest =
        Channel::guest(TcpStream::connect(addr).unwrap(), &code, Limits::default()).unwrap();
    (host.join().unwrap(), guest)
}

fn one_ball(host: &mut Channel, guest: &mut Channel, state: &MatchState, events: &[WireEvent]) {
    let view = state.view();
    host.send(&HostMsg::Events(events.to_vec())).unwrap();
    host.send(&HostMsg::Ask {
        number: 1,
        view: WireView::from(&view),
    })
    .unwrap();
    let _events: HostMsg = guest.recv().unwrap();
    let HostMsg::Ask { number, view: wire } = guest.recv().unwrap() else {
        panic!("not a question")
    };
    let owned = wire.owned().unwrap();
    let choice = owned.view().legal_choices()[0];
    guest
        .send(&GuestMsg::Choose {
            number,
            choice: choice.into(),
        })
        .unwrap();
    let GuestMsg::Choose { choice, .. } = host.recv().unwrap() else {
        panic!("not an answer")
    };
    let choice = WireChoice::choice(&choice).unwrap();
    assert!(view.allows(choice));
}

fn whole_match(seed: u64) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let mut door = Door::listen(listener).unwrap();
    let addr = door.local_addr().unwrap();
    let code = Code::parse("9-oak-ashes").unwrap();
    let options = MatchOptions::default();
    let host = std::thread::spawn(move || {
        let mut link = HostLink::new(Offer {
            code,
            limits: Limits::default(),
            names: ["Home".into(), "Away".into()],
            options,
            bot_seed: host::guest_bot_seed(seed),
            wait: Duration::from_secs(30),
            guest: Side::Away,
        });
        let pro = Level::PROFESSIONAL;
        let mut home = Bot::new(pro, pro, seed, Side::Home);
        let mut log = BallLog::new("Home", "Away", seed, &options);
        host::host_match(
            &mut link,
            &mut door,
            seed,
            &mut home,
            None,
            &mut log,
            |_| String::new(),
        )
        .unwrap();
    });
    guest::play_bot(
        &guest::Joining {
            target: Target::Direct(addr.to_string()),
            code,
            limits: Limits::default(),
            wait: Duration::from_secs(30),
        },
        (Level::PROFESSIONAL, Level::PROFESSIONAL),
        None,
        &mut |_| {},
        &mut |_| {},
    )
    .unwrap();
    host.join().unwrap();
}

fn bench(c: &mut Criterion) {
    let (state, events) = mid_match();
    let (mut host, mut guest) = pair();
    let before = (host.bytes_out, guest.bytes_out);
    one_ball(&mut host, &mut guest, &state, &events);
    eprintln!(
        "a ball's round trip: {} bytes host to guest, {} guest to host (frames, tags and \
         length prefixes included)",
        host.bytes_out - before.0,
        guest.bytes_out - before.1
    );
    c.bench_function("net/ball round trip", |b| {
        b.iter(|| one_ball(&mut host, &mut guest, &state, &events))
    });
    let mut g = c.benchmark_group("net");
    g.sample_size(10);
    let mut seed = 0;
    g.bench_function("whole match over loopback", |b| {
        b.iter(|| {
            seed += 1;
            whole_match(seed)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
