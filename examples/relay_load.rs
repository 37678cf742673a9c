//! The relay under load: N matches at once (default 200) between professionals, every
//! host and guest meeting at one relay on loopback, each match checked against the same
//! match played locally (a frame lost, repeated or out of order fails its check and ends the
//! match, so a match that ends equal had every frame delivered in order). Prints the pairs,
//! the most forwarding at once, the time and the bytes.
//!
//! `cargo run --release --example relay_load -- 200` (the figures are in docs/NETWORK.md).

#![allow(
    clippy::unwrap_used,
    reason = "a developer's tool: a failure stops it with its error, as a test does"
)]

use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use accc::ai::{Bot, Level};
use accc::ball_log::BallLog;
use accc::engine::{MatchOptions, Side};
use accc::net::guest::{self, Target};
use accc::net::host::{self, Door, HostLink, Offer};
use accc::net::relay::{self, RelayConfig, RelayStats};
use accc::net::{Code, Limits};
use accc::play::{computer_match, Levels};

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn main() {
    let pairs: u16 = std::env::args()
        .nth(1)
        .map_or(200, |a| a.parse().expect("a number of matches"));
    assert!((1..=999).contains(&pairs), "1 to 999 matches (a slot each)");
    let options = MatchOptions::default();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let relay_addr = listener.local_addr().unwrap().to_string();
    let stop = Arc::new(AtomicBool::new(false));
    let stats = Arc::new(RelayStats::default());
    let server = {
        let (stop, stats) = (stop.clone(), stats.clone());
        std::thread::spawn(move || {
            relay::serve(listener, RelayConfig::default(), &stop, &stats).unwrap()
        })
    };
    let limits = Limits {
        idle: Duration::from_secs(120),
        ..Limits::default()
    };
    let started = Instant::now();
    let pro = Level::PROFESSIONAL;
    let mut hosts = Vec::new();
    for i in 0..pairs {
        let seed = 1000 + u64::from(i);
        let code = Code::new(1 + i, [i as u8, (i >> 8) as u8]).unwrap();
        let addr = relay_addr.clone();
        hosts.push((
            seed,
            code,
            std::thread::spawn(move || {
                let mut door = Door::relay(&addr, code.slot());
                let mut link = HostLink::new(Offer {
                    code,
                    limits,
                    names: ["Home".into(), "Away".into()],
                    options,
                    bot_seed: host::guest_bot_seed(seed),
                    wait: Duration::from_secs(300),
                    guest: Side::Away,
                });
                let mut home = Bot::new(pro, pro, seed, Side::Home);
                let mut log = BallLog::new("Home", "Away", seed, &options);
                host::host_match(&mut link, &mut door, seed, &mut home, None, &mut log, |l| {
                    l.result().unwrap().to_string()
                })
                .unwrap();
                link.drop_guest();
                (log.result().unwrap().to_string(), link.bytes)
            }),
        ));
    }
    let guests: Vec<_> = hosts
        .iter()
        .map(|&(_, code, _)| {
            let target = Target::Relay(relay_addr.clone());
            std::thread::spawn(move || {
                guest::play_bot(
                    &guest::Joining {
                        target,
                        code,
                        limits,
                        wait: Duration::from_secs(300),
                    },
                    (pro, pro),
                    None,
                    &mut |_| {},
                    &mut |_| {},
                )
                .unwrap()
                .unwrap()
            })
        })
        .collect();
    let mut bytes = 0;
    let mut answered = 0u64;
    for ((seed, _, h), g) in hosts.into_iter().zip(guests) {
        let finished = g.join().unwrap();
        let (json, b) = h.join().unwrap();
        let mut log = BallLog::new("Home", "Away", seed, &options);
        computer_match(options, [Levels::default(); 2], seed, &mut log);
        let local = log.result().unwrap().to_string();
        assert_eq!(
            json, local,
            "seed {seed}: the host's match is not the local one"
        );
        assert_eq!(finished.json, local, "seed {seed}: the guest's result");
        bytes += b.0 + b.1;
        answered += u64::from(finished.answered);
    }
    let took = started.elapsed();
    stop.store(true, Ordering::SeqCst);
    server.join().unwrap();
    println!(
        "{pairs} matches through one relay: all equal to the local matches; {} pairs made, {} \
         forwarding at once at most; {:.1} s in all; {answered} questions answered; {:.1} MB \
         between hosts and guests ({} bytes a question)",
        stats.paired.load(Ordering::SeqCst),
        stats.peak.load(Ordering::SeqCst),
        took.as_secs_f64(),
        bytes as f64 / 1e6,
        bytes / answered.max(1)
    );
}
