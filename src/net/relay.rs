//! The relay (`accc relay`): a small rendezvous that a host and a guest behind home routers
//! both connect out to. It pairs them by the code's first part (the slot number) and then
//! forwards bytes both ways, bytes it cannot read: the code's words never reach it, and
//! the channel's keys come from the PAKE between the two ends.
//!
//! A peer opens with [`RELAY_MAGIC`], the slot (2 bytes, big-endian) and its role (`H` or
//! `G`), within [`RelayConfig::hello`]: a peer that never speaks loses its place. The first
//! of a pair waits (at most [`RelayConfig::wait`]); when the other comes both are sent
//! [`PAIRED`] and the relay forwards from then on, until either side closes or nothing
//! passes for [`RelayConfig::idle`]. A second peer of the same role for a slot is told
//! [`TAKEN`]. One thread a connection (small stacks); at most [`RelayConfig::max_peers`]
//! connections at once, the rest closed at once.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::channel::read_by;
use super::NetError;

/// What a peer of the relay says first.
pub const RELAY_MAGIC: [u8; 8] = *b"ACCCrly1";
/// The relay's word to both peers of a pair.
pub const PAIRED: [u8; 8] = *b"ACCCpair";
/// The relay's word to a peer whose slot already has one of its role waiting.
pub const TAKEN: [u8; 8] = *b"ACCCtakn";

/// Which end a peer of the relay is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Guest,
}

impl Role {
    fn byte(self) -> u8 {
        match self {
            Role::Host => b'H',
            Role::Guest => b'G',
        }
    }
}

/// Connects to the relay at `addr` in `slot` as `role` and waits to be paired by
/// `deadline`: the stream returned then leads to the other end.
pub fn connect(
    addr: &str,
    slot: u16,
    role: Role,
    deadline: Instant,
) -> Result<TcpStream, NetError> {
    let mut stream = connect_by(addr, deadline)?;
    let mut hello = RELAY_MAGIC.to_vec();
    hello.extend_from_slice(&slot.to_be_bytes());
    hello.push(role.byte());
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| NetError::from_io("setting a time limit", e))?;
    stream
        .write_all(&hello)
        .map_err(|e| NetError::from_io("greeting the relay", e))?;
    let mut word = [0u8; 8];
    match read_by(&mut stream, &mut word, deadline) {
        Ok(()) => {}
        Err(NetError::Slow) => return Err(NetError::Idle),
        Err(e) => return Err(e),
    }
    match word {
        PAIRED => Ok(stream),
        TAKEN => Err(NetError::Relay(format!(
            "slot {slot} is taken: someone else waits there with a code of the same number"
        ))),
        _ => Err(NetError::Relay("it is not an accc relay".into())),
    }
}

/// A TCP connection to `addr` (a host name or address and a port) by `deadline`.
pub fn connect_by(addr: &str, deadline: Instant) -> Result<TcpStream, NetError> {
    let addrs: Vec<_> = addr
        .to_socket_addrs()
        .map_err(|e| NetError::from_io("finding the address", e))?
        .collect();
    let mut last = None;
    for a in addrs {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        match TcpStream::connect_timeout(&a, left) {
            Ok(s) => {
                let _ = s.set_nodelay(true);
                return Ok(s);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(match last {
        Some(e) => NetError::from_io("connecting", e),
        None => NetError::Idle,
    })
}

/// The relay's limits.
#[derive(Clone, Copy, Debug)]
pub struct RelayConfig {
    /// How long a new peer has to say its slot.
    pub hello: Duration,
    /// How long the first of a pair waits for the other.
    pub wait: Duration,
    /// How long a pair may pass nothing before both are closed.
    pub idle: Duration,
    /// Connections at once.
    pub max_peers: usize,
}

impl Default for RelayConfig {
    fn default() -> RelayConfig {
        RelayConfig {
            hello: Duration::from_secs(10),
            wait: Duration::from_secs(10 * 60),
            idle: Duration::from_secs(30 * 60),
            max_peers: 4096,
        }
    }
}

/// A peer waiting in a slot.
struct Waiting {
    stream: TcpStream,
    role: Role,
    since: Instant,
}

/// What a relay has done so far.
#[derive(Debug, Default)]
pub struct RelayStats {
    /// Pairs made.
    pub paired: AtomicUsize,
    /// Peers dropped for not speaking in time, or for waiting too long.
    pub timed_out: AtomicUsize,
    /// Connections being greeted or forwarded now (a peer waiting in its slot is not
    /// counted).
    pub open: AtomicUsize,
    /// Pairs forwarding now, and the most at once.
    pub forwarding: AtomicUsize,
    pub peak: AtomicUsize,
}

/// Runs a relay on `listener` until `stop` is set.
pub fn serve(
    listener: TcpListener,
    config: RelayConfig,
    stop: &AtomicBool,
    stats: &Arc<RelayStats>,
) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let slots: Arc<Mutex<HashMap<u16, Waiting>>> = Arc::default();
    let mut last_sweep = Instant::now();
    while !stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => {
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_nodelay(true);
                if stats.open.load(Ordering::SeqCst) >= config.max_peers {
                    let _ = stream.shutdown(Shutdown::Both);
                    continue;
                }
                stats.open.fetch_add(1, Ordering::SeqCst);
                let (slots, mine) = (slots.clone(), stats.clone());
                let spawned = std::thread::Builder::new()
                    .stack_size(64 * 1024)
                    .spawn(move || {
                        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            greet(stream, config, &slots, &mine)
                        }));
                        mine.open.fetch_sub(1, Ordering::SeqCst);
                    });
                if spawned.is_err() {
                    stats.open.fetch_sub(1, Ordering::SeqCst);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(2)),
        }
        if last_sweep.elapsed() >= Duration::from_millis(250) {
            last_sweep = Instant::now();
            let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
            slots.retain(|_, w| {
                let keep = w.since.elapsed() < config.wait;
                if !keep {
                    let _ = w.stream.shutdown(Shutdown::Both);
                    stats.timed_out.fetch_add(1, Ordering::SeqCst);
                }
                keep
            });
        }
    }
    Ok(())
}

/// A new peer: its slot and role, then waiting or pairing. Runs on the peer's own thread,
/// which becomes a forwarding thread if it makes a pair.
fn greet(
    mut stream: TcpStream,
    config: RelayConfig,
    slots: &Mutex<HashMap<u16, Waiting>>,
    stats: &RelayStats,
) {
    let mut hello = [0u8; 11];
    if read_by(&mut stream, &mut hello, Instant::now() + config.hello).is_err()
        || hello[..8] != RELAY_MAGIC
    {
        stats.timed_out.fetch_add(1, Ordering::SeqCst);
        let _ = stream.shutdown(Shutdown::Both);
        return;
    }
    let slot = u16::from_be_bytes([hello[8], hello[9]]);
    let role = match hello[10] {
        b'H' => Role::Host,
        b'G' => Role::Guest,
        _ => {
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
    };
    let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
    let other = {
        let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
        match slots.remove(&slot) {
            Some(w) if w.role != role => Some(w.stream),
            Some(w) => {
                slots.insert(slot, w);
                let _ = stream.write_all(&TAKEN);
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
            None => None,
        }
    };
    let Some(mut other) = other else {
        // The first of the pair: it waits in the slot (the sweep closes it after the wait);
        // the other's thread will forward for both.
        wait_in(slots, slot, stream, role);
        return;
    };
    if other.write_all(&PAIRED).is_err() {
        // The one waiting had gone: this one waits instead.
        let _ = other.shutdown(Shutdown::Both);
        wait_in(slots, slot, stream, role);
        return;
    }
    if stream.write_all(&PAIRED).is_err() {
        let _ = other.shutdown(Shutdown::Both);
        return;
    }
    stats.paired.fetch_add(1, Ordering::SeqCst);
    let now = stats.forwarding.fetch_add(1, Ordering::SeqCst) + 1;
    stats.peak.fetch_max(now, Ordering::SeqCst);
    forward_pair(stream, other, config.idle);
    stats.forwarding.fetch_sub(1, Ordering::SeqCst);
}

/// Puts a peer in its slot to wait for the other of its pair.
fn wait_in(slots: &Mutex<HashMap<u16, Waiting>>, slot: u16, stream: TcpStream, role: Role) {
    slots.lock().unwrap_or_else(|p| p.into_inner()).insert(
        slot,
        Waiting {
            stream,
            role,
            since: Instant::now(),
        },
    );
}

/// Copies bytes both ways until either side closes or `idle` passes with nothing.
fn forward_pair(a: TcpStream, b: TcpStream, idle: Duration) {
    let (Ok(a2), Ok(b2)) = (a.try_clone(), b.try_clone()) else {
        let _ = a.shutdown(Shutdown::Both);
        let _ = b.shutdown(Shutdown::Both);
        return;
    };
    let back = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || pump(b2, a2, idle));
    pump(a, b, idle);
    if let Ok(t) = back {
        let _ = t.join();
    }
}

/// Copies `from` to `to` until one ends; then closes both.
fn pump(mut from: TcpStream, mut to: TcpStream, idle: Duration) {
    let _ = from.set_read_timeout(Some(idle));
    let _ = to.set_write_timeout(Some(Duration::from_secs(30)));
    let mut buf = [0u8; 8192];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if to.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
        }
    }
    let _ = from.shutdown(Shutdown::Both);
    let _ = to.shutdown(Shutdown::Both);
}
