//! The host: it owns the truth. It runs the engine from the match seed, plays the home side
//! (a computer player, or a person's screen on top of [`HostLink`]), and asks the guest, over
//! the channel, only for the away side's decisions, refusing any choice that is not allowed
//! or out of turn (nothing changes; the question stands).
//!
//! - [`Door`]: where guests come in. Directly, a thread owns the listening socket and hands
//!   the host one connection at a time, only while it waits for its guest; any other
//!   connection (a second guest while a match is on, a flood) is answered [`BUSY`] and closed
//!   at once. Through a relay, the host connects out and waits to be paired.
//! - [`HostLink`]: the guest's connection and what it has been told: the handshake, the hello
//!   and welcome, the questions, the public events, a rejoin (the guest is sent every decision
//!   its side has made so far, [`HostMsg::Catchup`], so it finds the same ball, and the
//!   public events told so far, [`HostMsg::Story`], so its commentary is the match's), the
//!   result.
//! - [`host_match`]: a whole headless match: the home side a [`Player`], the away side the
//!   guest; when the guest is lost the match pauses ("waiting for Lancashire to come back")
//!   until it rejoins with the same code, or, if asked, a computer player finishes the away
//!   side once the wait is over.
//!
//! A wrong code ends the offer ([`NetError::WrongCode`]): the host stops and says so.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::runner::chance_rng;
use crate::engine::{Choice, Event, MatchOptions, MatchState, NoRecord, Player, Recorder, Side};

use super::channel::{Channel, Limits, BUSY};
use super::code::Code;
use super::protocol::{
    build, GuestMsg, HostMsg, WireChoice, WireEvent, WireOptions, WireResult, WireView, PROTOCOL,
    STORY_PIECE,
};
use super::relay;
use super::NetError;

/// How many refused answers to one question before the guest is taken for hostile and its
/// connection dropped (it may rejoin).
pub const MAX_REFUSALS: u32 = 64;

/// Where guests come in.
pub enum Door {
    /// A listening socket, its thread handing over one connection at a time.
    Direct {
        local: SocketAddr,
        wanted: Arc<AtomicBool>,
        stop: Arc<AtomicBool>,
        incoming: Receiver<TcpStream>,
        thread: Option<std::thread::JoinHandle<()>>,
    },
    /// A relay, reached anew for each guest.
    Relay { addr: String, slot: u16 },
}

impl Door {
    /// Listens on `listener`: connections are handed to the host only while it waits for its
    /// guest; the rest are told [`BUSY`] and closed. The first is wanted from the start, so
    /// that a guest who comes before the host has begun to wait is not turned away.
    pub fn listen(listener: TcpListener) -> std::io::Result<Door> {
        let local = listener.local_addr()?;
        listener.set_nonblocking(true)?;
        let wanted = Arc::new(AtomicBool::new(true));
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, incoming) = std::sync::mpsc::sync_channel(1);
        let thread = {
            let (wanted, stop) = (wanted.clone(), stop.clone());
            std::thread::spawn(move || accept_loop(listener, &wanted, &stop, &tx))
        };
        Ok(Door::Direct {
            local,
            wanted,
            stop,
            incoming,
            thread: Some(thread),
        })
    }

    /// A relay at `addr`, the host waiting in `slot`.
    pub fn relay(addr: &str, slot: u16) -> Door {
        Door::Relay {
            addr: addr.to_string(),
            slot,
        }
    }

    /// The address listened on (direct only).
    pub fn local_addr(&self) -> Option<SocketAddr> {
        match self {
            Door::Direct { local, .. } => Some(*local),
            Door::Relay { .. } => None,
        }
    }

    /// The next connection that may be the guest, by `deadline`.
    pub fn next(&mut self, deadline: Instant) -> Result<TcpStream, NetError> {
        match self {
            Door::Direct {
                wanted, incoming, ..
            } => {
                wanted.store(true, Ordering::SeqCst);
                let left = deadline.saturating_duration_since(Instant::now());
                let got = incoming.recv_timeout(left);
                wanted.store(false, Ordering::SeqCst);
                match got {
                    Ok(s) => Ok(s),
                    // One handed over as the wait ended is taken all the same.
                    Err(RecvTimeoutError::Timeout) => {
                        incoming.try_recv().map_err(|_| NetError::Idle)
                    }
                    Err(RecvTimeoutError::Disconnected) => Err(NetError::Closed),
                }
            }
            Door::Relay { addr, slot } => relay::connect(addr, *slot, relay::Role::Host, deadline),
        }
    }
}

impl Drop for Door {
    fn drop(&mut self) {
        if let Door::Direct { stop, thread, .. } = self {
            stop.store(true, Ordering::SeqCst);
            if let Some(t) = thread.take() {
                let _ = t.join();
            }
        }
    }
}

/// The listening thread: polls the socket (so that it can be stopped), hands a connection
/// over when one is wanted, and refuses the rest at once.
fn accept_loop(
    listener: TcpListener,
    wanted: &AtomicBool,
    stop: &AtomicBool,
    tx: &SyncSender<TcpStream>,
) {
    while !stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => {
                let _ = stream.set_nonblocking(false);
                if wanted.swap(false, Ordering::SeqCst) {
                    if tx.try_send(stream).is_err() {
                        // The host stopped waiting: nobody is there to take it.
                    }
                } else {
                    refuse_busy(stream);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// Tells a connection that a match is on, and closes it.
fn refuse_busy(mut stream: TcpStream) {
    use std::io::Write;
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    let _ = stream.write_all(&BUSY);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// Why a hosted match stopped.
#[derive(Debug)]
pub enum HostError {
    /// Someone tried a wrong code: the offer is over.
    WrongCode,
    /// The guest did not come (or come back) within the wait.
    NoGuest { resumed: bool },
    /// The guest left the match.
    Left,
    /// The connection failed in a way a rejoin cannot mend.
    Net(NetError),
}

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::WrongCode => f.write_str(
                "someone tried a wrong code, so this offer is over (a mistyped code, or a \
                 stranger guessing): start again for a new code",
            ),
            HostError::NoGuest { resumed: false } => {
                f.write_str("no guest came with the code in the time allowed")
            }
            HostError::NoGuest { resumed: true } => {
                f.write_str("the guest did not come back in the time allowed")
            }
            HostError::Left => f.write_str("the guest left the match"),
            HostError::Net(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for HostError {}

/// What the host offers and how long it waits.
#[derive(Clone, Debug)]
pub struct Offer {
    pub code: Code,
    pub limits: Limits,
    /// The counties' names, home first.
    pub names: [String; 2],
    pub options: MatchOptions,
    /// The seed of the guest's computer player ([`guest_bot_seed`]).
    pub bot_seed: u64,
    /// How long to wait for the guest to come, or to come back.
    pub wait: Duration,
    /// The side the guest plays (the away side, but in a championship match of the host's
    /// county played away from home).
    pub guest: Side,
}

/// The seed a guest's computer player is given: derived one way (HKDF-SHA256) from the match
/// seed, so it tells nothing of the deal, and kept below 2^53 as seeds are. The professional
/// (level 5) never draws from it.
pub fn guest_bot_seed(seed: u64) -> u64 {
    let hk = hkdf::Hkdf::<sha2::Sha256>::new(Some(b"accc guest bot"), &seed.to_le_bytes());
    let mut b = [0u8; 8];
    hk.expand(b"seed", &mut b)
        .expect("8 bytes is a valid length for HKDF-SHA256");
    u64::from_le_bytes(b) & ((1 << 53) - 1)
}

/// A match seed from the operating system's randomness, below 2^53: a networked match given
/// no seed must not have one a friend could guess from the clock (it would tell the deal).
pub fn random_seed() -> Result<u64, getrandom::Error> {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b)?;
    Ok(u64::from_le_bytes(b) & ((1 << 53) - 1))
}

/// The guest's connection and what it has been told.
pub struct HostLink {
    offer: Offer,
    channel: Option<Channel>,
    /// Every decision of the guest's side so far, with the choice made there, in order.
    history: Vec<(WireView, WireChoice)>,
    /// Public events not yet sent.
    outbox: Vec<WireEvent>,
    /// Public events sent (or being sent when a line dropped), oldest first: told again
    /// to a guest that joins again ([`HostMsg::Story`]).
    story: Vec<WireEvent>,
    /// The number of the last question asked.
    asked: u32,
    /// Bytes sent and received over all connections so far.
    pub bytes: (u64, u64),
    /// Said to the person (or standard error) as the host goes: waiting, a connection
    /// dropped, the guest back.
    pub say: Box<dyn FnMut(&str) + Send>,
}

impl HostLink {
    /// A link to no one yet.
    pub fn new(offer: Offer) -> HostLink {
        HostLink {
            offer,
            channel: None,
            history: Vec::new(),
            outbox: Vec::new(),
            story: Vec::new(),
            asked: 0,
            bytes: (0, 0),
            say: Box::new(|_| {}),
        }
    }

    pub fn offer(&self) -> &Offer {
        &self.offer
    }

    /// Whether a guest is connected.
    pub fn connected(&self) -> bool {
        self.channel.is_some()
    }

    /// Whether the guest's connection is there but closed from its side (looked at
    /// without reading): a lost guest noticed while nothing is asked of it.
    pub fn guest_gone(&self) -> bool {
        self.channel.as_ref().is_some_and(Channel::closed_by_peer)
    }

    /// Takes the guest side's decisions made before this link (a match taken up again from
    /// its record): a guest that joins is caught up on them, as on a rejoin.
    pub fn remember(&mut self, history: Vec<(WireView, WireChoice)>) {
        self.history = history;
    }

    /// Takes the public events of a match taken up again from its record, told before this
    /// link: a guest that joins is told them as its story, not as news.
    pub fn remember_story(&mut self, events: Vec<WireEvent>) {
        self.story = events;
    }

    /// The guest side's decisions so far and the choices made there.
    pub fn history(&self) -> &[(WireView, WireChoice)] {
        &self.history
    }

    /// Waits at `door` for the guest, within the offer's wait: each connection is tried
    /// with the code; one that is not the guest is dropped and the wait goes on; a wrong
    /// code ends the offer. On a rejoin (`history` not empty) the guest is caught up.
    pub fn wait_for_guest(&mut self, door: &mut Door) -> Result<(), HostError> {
        self.drop_guest();
        let resumed = !self.history.is_empty() || self.asked > 0;
        let deadline = Instant::now() + self.offer.wait;
        loop {
            let stream = match door.next(deadline) {
                Ok(s) => s,
                Err(NetError::Idle) => return Err(HostError::NoGuest { resumed }),
                Err(NetError::Relay(why)) => return Err(HostError::Net(NetError::Relay(why))),
                Err(e) if Instant::now() < deadline => {
                    (self.say)(&format!("a connection failed ({e}); still waiting"));
                    std::thread::sleep(Duration::from_millis(100));
                    continue;
                }
                Err(_) => return Err(HostError::NoGuest { resumed }),
            };
            match self.greet(stream, resumed) {
                Ok(channel) => {
                    self.channel = Some(channel);
                    return Ok(());
                }
                Err(NetError::WrongCode) => return Err(HostError::WrongCode),
                Err(e) => {
                    (self.say)(&format!(
                        "a connection that was not the guest was dropped ({e})"
                    ));
                }
            }
        }
    }

    /// The handshake, the hello and the welcome, and on a rejoin the catch-up.
    fn greet(&mut self, stream: TcpStream, resumed: bool) -> Result<Channel, NetError> {
        let limits = self.offer.limits;
        let mut ch = Channel::host(stream, &self.offer.code, limits)?;
        let hello = ch.recv_within::<GuestMsg>(limits.handshake);
        match hello {
            Ok(GuestMsg::Hello { protocol, .. }) if protocol == PROTOCOL => {}
            Ok(GuestMsg::Hello { protocol, .. }) => {
                let e = NetError::Version {
                    ours: PROTOCOL,
                    theirs: protocol,
                };
                let _ = ch.send(&HostMsg::Bye(e.to_string()));
                return Err(e);
            }
            Ok(_) => return Err(NetError::Protocol("it did not begin with a hello".into())),
            Err(e) => return Err(e),
        }
        ch.send(&HostMsg::Welcome {
            protocol: PROTOCOL,
            build: build(),
            home: self.offer.names[0].clone(),
            away: self.offer.names[1].clone(),
            you: self.offer.guest.into(),
            options: WireOptions::from(&self.offer.options),
            bot_seed: self.offer.bot_seed,
            resumed,
        })?;
        for (view, choice) in &self.history {
            ch.send(&HostMsg::Catchup {
                view: view.clone(),
                choice: *choice,
            })?;
        }
        for piece in self.story.chunks(STORY_PIECE) {
            ch.send(&HostMsg::Story(piece.to_vec()))?;
        }
        Ok(ch)
    }

    /// Closes the guest's connection, if any.
    pub fn drop_guest(&mut self) {
        if let Some(ch) = self.channel.take() {
            self.bytes.0 += ch.bytes_out;
            self.bytes.1 += ch.bytes_in;
            ch.close();
        }
    }

    /// Sends `msg` to the guest; a failure drops the connection.
    pub fn send(&mut self, msg: &HostMsg) -> Result<(), NetError> {
        let ch = self.channel.as_mut().ok_or(NetError::Closed)?;
        let sent = ch.send(msg);
        if sent.is_err() {
            self.drop_guest();
        }
        sent
    }

    /// Sends the public events gathered since the last.
    pub fn flush(&mut self) -> Result<(), NetError> {
        if self.outbox.is_empty() {
            return Ok(());
        }
        let events = std::mem::take(&mut self.outbox);
        self.story.extend(events.iter().cloned());
        self.send(&HostMsg::Events(events))
    }

    /// Takes public events for the guest already put in the network's words (a match
    /// played on a screen gathers them as it goes), sent with the next question or by
    /// [`HostLink::flush`].
    pub fn push_events(&mut self, events: Vec<WireEvent>) {
        self.outbox.extend(events);
    }

    /// How long each wait for the guest lasts (a seat waits in slices, to see whether it
    /// is still wanted between them).
    pub fn set_wait(&mut self, wait: Duration) {
        self.offer.wait = wait;
    }

    /// Takes a public event for the guest (sent with the next question, or by
    /// [`HostLink::flush`]).
    pub fn note(&mut self, event: &Event<'_>) {
        if let Some(e) = WireEvent::public(event, self.offer.guest) {
            self.outbox.push(e);
        }
    }

    /// Asks the guest the decision due in `state` (its side's) and waits for an allowed
    /// answer, refusing the rest with a message. An error means the guest is lost (or left:
    /// [`NetError::Ended`]); the question may be asked again after a rejoin.
    pub fn ask(&mut self, state: &MatchState) -> Result<Choice, NetError> {
        let view = state.view();
        let wire = WireView::from(&view);
        self.flush()?;
        self.asked += 1;
        let number = self.asked;
        self.send(&HostMsg::Ask {
            number,
            view: wire.clone(),
        })?;
        let mut refused = 0;
        loop {
            let ch = self.channel.as_mut().ok_or(NetError::Closed)?;
            let msg = match ch.recv::<GuestMsg>() {
                Ok(m) => m,
                Err(e) => {
                    self.drop_guest();
                    return Err(e);
                }
            };
            let why = match msg {
                GuestMsg::Choose { number: n, choice } if n == number => match choice.choice() {
                    Ok(c) if view.allows(c) => {
                        self.history.push((wire, c.into()));
                        return Ok(c);
                    }
                    Ok(c) => {
                        let mut probe = state.clone();
                        match probe.apply(c, &mut NoRecord) {
                            Err(e) => format!("not allowed: {e}"),
                            Ok(()) => format!("not allowed: {c:?}"),
                        }
                    }
                    Err(e) => format!("not allowed: {e}"),
                },
                GuestMsg::Choose { number: n, .. } => format!(
                    "out of turn: that answers question {n}, and question {number} is the one asked"
                ),
                GuestMsg::Hello { .. } => "out of turn: hello was said already".into(),
                GuestMsg::Leave => {
                    self.drop_guest();
                    return Err(NetError::Ended("the guest left".into()));
                }
            };
            refused += 1;
            if refused > MAX_REFUSALS {
                self.drop_guest();
                return Err(NetError::Protocol(format!(
                    "{MAX_REFUSALS} answers refused in a row"
                )));
            }
            self.send(&HostMsg::Refused(why))?;
        }
    }

    /// Tells the guest that a choice of its side was made by someone else (the host's
    /// computer finishing for it), and keeps it for a rejoin.
    pub fn told(&mut self, view: WireView, choice: Choice) {
        self.history.push((view.clone(), choice.into()));
        if self.connected() {
            let _ = self.send(&HostMsg::Tell {
                view,
                choice: choice.into(),
            });
        }
    }

    /// Sends the last events and the result, then waits a moment for the guest's leave.
    pub fn finish(&mut self, state: &MatchState, json: String) {
        if !self.connected() {
            return;
        }
        let _ = self.flush();
        let result = state
            .result()
            .map(WireResult::from)
            .expect("a finished match has a result");
        if self.send(&HostMsg::Result { result, json }).is_ok() {
            if let Some(ch) = self.channel.as_mut() {
                let _ = ch.recv_within::<GuestMsg>(Duration::from_secs(2));
            }
        }
        self.drop_guest();
    }
}

/// A recorder that gives each event to the caller's recorder and to the guest's outbox.
struct Tee<'a, R: Recorder + ?Sized> {
    rec: &'a mut R,
    link: &'a mut HostLink,
}

impl<R: Recorder + ?Sized> Recorder for Tee<'_, R> {
    fn record(&mut self, event: &Event<'_>) {
        self.rec.record(event);
        self.link.note(event);
    }
}

/// A computer player to finish the away side if the guest is lost and does not come back.
pub struct Finisher {
    pub player: Box<dyn Player + Send>,
}

/// Plays a whole match from `seed` with the home side `home` and the away side the guest
/// (found at `door` first). `result_json` makes the result line sent to the guest from the
/// finished state (as `accc match --json` prints it). If the guest is lost the match
/// pauses for the offer's wait; then `finisher`, if given, plays the away side on.
pub fn host_match<R: Recorder + ?Sized>(
    link: &mut HostLink,
    door: &mut Door,
    seed: u64,
    home: &mut dyn Player,
    mut finisher: Option<Finisher>,
    rec: &mut R,
    result_json: impl FnOnce(&R) -> String,
) -> Result<MatchState, HostError> {
    let mut state = MatchState::new(link.offer.options);
    let mut rng = chance_rng(seed);
    link.wait_for_guest(door)?;
    let away_name = link.offer.names[1].clone();
    // Set once the away side is the finisher's.
    let mut finishing = false;
    loop {
        if state.chance().is_some() {
            state.sample_chance(
                &mut rng,
                &mut Tee {
                    rec: &mut *rec,
                    link: &mut *link,
                },
            );
            continue;
        }
        let Some((side, _)) = state.to_act() else {
            break;
        };
        let choice = if side == Side::Home {
            home.act(&state.view())
        } else if finishing {
            let f = finisher.as_mut().expect("finishing has a finisher");
            let view = state.view();
            let c = f.player.act(&view);
            link.told(WireView::from(&view), c);
            c
        } else {
            loop {
                match link.ask(&state) {
                    Ok(c) => break Some(c),
                    Err(NetError::Ended(_)) if finisher.is_none() => return Err(HostError::Left),
                    Err(NetError::Ended(_)) => break None,
                    Err(e) => {
                        (link.say)(&format!(
                            "the connection to {away_name} was lost ({e}): waiting for \
                             {away_name} to come back"
                        ));
                    }
                }
                match link.wait_for_guest(door) {
                    Ok(()) => (link.say)(&format!("{away_name} is back")),
                    Err(HostError::NoGuest { .. }) if finisher.is_some() => break None,
                    Err(e) => return Err(e),
                }
            }
            .unwrap_or_else(|| {
                (link.say)(&format!(
                    "{away_name} did not come back: the computer finishes the side"
                ));
                finishing = true;
                let f = finisher.as_mut().expect("checked above");
                for (view, choice) in link.history() {
                    let (Ok(v), Ok(c)) = (view.owned(), choice.choice()) else {
                        continue;
                    };
                    let view = v.view();
                    f.player.decide(&view);
                    f.player.observe(&view, c);
                }
                let view = state.view();
                let c = f.player.act(&view);
                link.told(WireView::from(&view), c);
                c
            })
        };
        state
            .apply(
                choice,
                &mut Tee {
                    rec: &mut *rec,
                    link: &mut *link,
                },
            )
            .map_err(|e| HostError::Net(NetError::Protocol(e.to_string())))?;
    }
    let json = result_json(rec);
    link.finish(&state, json);
    Ok(state)
}
