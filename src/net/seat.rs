//! A person's seat at a networked match: the connection's blocking work done on a thread of
//! its own, which talks to a screen through two channels (commands in, [`SeatNote`]s out),
//! so that the screen's event loop never waits on the network.
//!
//! - [`host_seat`]: the host's thread. It owns the [`HostLink`] and the [`Door`]; it waits
//!   for the guest (for as long as the seat is kept), asks it what the screen asks
//!   ([`HostCmd::Ask`]), passes on the public events and the table as it stands, and when
//!   the line drops (noticed when asking, or within half a second while idle) it says so and
//!   waits for the guest to come back, then asks again.
//! - [`guest_seat`]: the guest's thread. It connects, passes on every host message, sends
//!   the person's answers, and when the line drops it says so and rejoins with the same
//!   code, for as long as the seat is kept.
//!
//! Dropping a [`Seat`] ends its thread at its next chance (a wait ends within seconds; a
//! question the other side is thinking over is waited out).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

use crate::engine::{Choice, MatchState};

use super::guest::{connect, GuestLink, Joining, Welcome};
use super::host::{Door, HostError, HostLink};
use super::protocol::{HostMsg, WireEvent, WirePublic};
use super::NetError;

/// What the host's screen asks of its thread.
#[derive(Debug)]
pub enum HostCmd {
    /// Public events for the guest, sent with what comes next.
    Events(Vec<WireEvent>),
    /// The table as it stands, for the guest's screen while the host's person plays.
    Table { public: WirePublic, hand: Vec<u8> },
    /// Ask the guest the decision due in this state.
    Ask(Box<MatchState>),
    /// The match is over: the last events and the result.
    Finish {
        state: Box<MatchState>,
        json: String,
    },
    /// The host's person has left the table for a moment (why, in words for the guest's
    /// "Waiting for ..." line: "Lancashire, in the help") or is back (`None`): the guest is
    /// told [`HostMsg::Paused`] or [`HostMsg::Resumed`].
    Hold(Option<String>),
    /// The host's person leaves the match: the guest is told why.
    Leave(String),
}

/// What the guest's screen asks of its thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestCmd {
    /// The answer to question `number`.
    Choose(u32, Choice),
    /// The person leaves the match.
    Leave,
}

/// What a seat's thread tells its screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatNote {
    /// The other side is here (the host's guest came; the guest was welcomed, again after
    /// a lost connection).
    Joined(Option<Welcome>),
    /// The guest's answer to the question asked.
    Chose(Choice),
    /// A message from the host (the guest's seat).
    Host(HostMsg),
    /// The connection was lost (why): waiting for it to be made again.
    Lost(String),
    /// The guest left the match.
    Left,
    /// The seat cannot go on (why): a wrong code, the other side ended the match.
    Failed(String),
    /// A word on the way ("a connection that was not the guest was dropped").
    Said(String),
}

/// A seat's channels: commands to its thread, notes from it.
pub struct Seat<C> {
    pub commands: Sender<C>,
    pub notes: Receiver<SeatNote>,
    stop: Arc<AtomicBool>,
}

impl<C> Seat<C> {
    /// A seat whose thread is played by the caller (tests): the other ends of its
    /// channels.
    pub fn fake() -> (Seat<C>, Receiver<C>, Sender<SeatNote>) {
        let (commands, cmd_rx) = channel();
        let (note_tx, notes) = channel();
        (
            Seat {
                commands,
                notes,
                stop: Arc::new(AtomicBool::new(false)),
            },
            cmd_rx,
            note_tx,
        )
    }

    /// Sends a command; a thread that has ended takes nothing, which its last note says.
    pub fn send(&self, cmd: C) {
        let _ = self.commands.send(cmd);
    }

    /// The next note, if one has come.
    pub fn try_note(&self) -> Option<SeatNote> {
        self.notes.try_recv().ok()
    }
}

impl<C> Drop for Seat<C> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// How often an idle host's thread looks whether its guest's line has dropped.
const LOOK: Duration = Duration::from_millis(500);

/// How long one wait at the door lasts before the thread looks whether it is still wanted.
fn wait_slice(door: &Door) -> Duration {
    match door {
        Door::Direct { .. } => Duration::from_secs(1),
        // A relay is reached anew for each wait: not too often.
        Door::Relay { .. } => Duration::from_secs(30),
    }
}

/// Starts the host's thread over `link` and `door`.
pub fn host_seat(mut link: HostLink, door: Door) -> Seat<HostCmd> {
    let (commands, cmd_rx) = channel();
    let (note_tx, notes) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let said = note_tx.clone();
        link.say = Box::new(move |line: &str| {
            let _ = said.send(SeatNote::Said(line.to_string()));
        });
        link.set_wait(wait_slice(&door));
        std::thread::spawn(move || host_thread(link, door, &cmd_rx, &note_tx, &stop));
    }
    Seat {
        commands,
        notes,
        stop,
    }
}

/// Waits for the guest until it comes or the seat is let go; a wrong code ends the offer.
fn wait_for_guest(
    link: &mut HostLink,
    door: &mut Door,
    notes: &Sender<SeatNote>,
    stop: &AtomicBool,
) -> bool {
    loop {
        if stop.load(Ordering::SeqCst) {
            return false;
        }
        match link.wait_for_guest(door) {
            Ok(()) => return true,
            Err(HostError::NoGuest { .. }) => {}
            Err(e) => {
                let _ = notes.send(SeatNote::Failed(e.to_string()));
                return false;
            }
        }
    }
}

fn host_thread(
    mut link: HostLink,
    mut door: Door,
    commands: &Receiver<HostCmd>,
    notes: &Sender<SeatNote>,
    stop: &AtomicBool,
) {
    if !wait_for_guest(&mut link, &mut door, notes, stop) {
        return;
    }
    if notes.send(SeatNote::Joined(None)).is_err() {
        return;
    }
    loop {
        let cmd = match commands.recv_timeout(LOOK) {
            Ok(cmd) => cmd,
            Err(RecvTimeoutError::Timeout) => {
                // Nothing to send: a guest whose line dropped is noticed now, not only when
                // next asked, and waited for.
                if link.guest_gone() {
                    link.drop_guest();
                    let _ = notes.send(SeatNote::Lost(NetError::Closed.to_string()));
                    if !wait_for_guest(&mut link, &mut door, notes, stop) {
                        return;
                    }
                    let _ = notes.send(SeatNote::Joined(None));
                }
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        };
        match cmd {
            HostCmd::Events(events) => link.push_events(events),
            HostCmd::Table { public, hand } => {
                if link.connected() && link.flush().is_ok() {
                    let _ = link.send(&HostMsg::Table { public, hand });
                }
            }
            HostCmd::Ask(state) => loop {
                match link.ask(&state) {
                    Ok(c) => {
                        let _ = notes.send(SeatNote::Chose(c));
                        break;
                    }
                    Err(NetError::Ended(_)) => {
                        let _ = notes.send(SeatNote::Left);
                        return;
                    }
                    Err(e) => {
                        let _ = notes.send(SeatNote::Lost(e.to_string()));
                        if !wait_for_guest(&mut link, &mut door, notes, stop) {
                            return;
                        }
                        let _ = notes.send(SeatNote::Joined(None));
                    }
                }
            },
            HostCmd::Hold(why) => {
                if link.connected() && link.flush().is_ok() {
                    let _ = link.send(&match why {
                        Some(reason) => HostMsg::Paused { reason },
                        None => HostMsg::Resumed,
                    });
                }
            }
            HostCmd::Finish { state, json } => {
                link.finish(&state, json);
                return;
            }
            HostCmd::Leave(why) => {
                let _ = link.send(&HostMsg::Bye(why));
                link.drop_guest();
                return;
            }
        }
    }
    // The screen let the seat go.
    link.drop_guest();
}

/// Starts the guest's thread, joining as `joining` says.
pub fn guest_seat(joining: Joining) -> Seat<GuestCmd> {
    let (commands, cmd_rx) = channel();
    let (note_tx, notes) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        std::thread::spawn(move || guest_thread(&joining, &cmd_rx, &note_tx, &stop));
    }
    Seat {
        commands,
        notes,
        stop,
    }
}

/// Connects (again), trying until the seat is let go while the host is not there; a wrong
/// code or a refusal ends it.
fn join(joining: &Joining, notes: &Sender<SeatNote>, stop: &AtomicBool) -> Option<GuestLink> {
    loop {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let mut say = |line: &str| {
            let _ = notes.send(SeatNote::Said(line.to_string()));
        };
        match connect(
            &joining.target,
            &joining.code,
            joining.limits,
            joining.wait,
            &mut say,
        ) {
            Ok(link) => {
                let _ = notes.send(SeatNote::Joined(Some(link.welcome.clone())));
                return Some(link);
            }
            Err(e) if e.is_lost() || matches!(e, NetError::Busy | NetError::Idle) => {
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(e) => {
                let _ = notes.send(SeatNote::Failed(e.to_string()));
                return None;
            }
        }
    }
}

/// The host's next message, looking every [`LOOK`] whether the seat has been let go (`None`
/// then): a guest waiting on a silent host would otherwise hold its line open after its
/// screen is gone. The channel's idle limit still holds over the whole wait.
fn next_from_host(link: &mut GuestLink, stop: &AtomicBool) -> Option<Result<HostMsg, NetError>> {
    let idle = link.limits().idle;
    let mut waited = Duration::ZERO;
    loop {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        let slice = LOOK
            .min(idle.saturating_sub(waited))
            .max(Duration::from_millis(1));
        match link.receive_within(slice) {
            Err(NetError::Idle) if waited + slice < idle => waited += slice,
            other => return Some(other),
        }
    }
}

fn guest_thread(
    joining: &Joining,
    commands: &Receiver<GuestCmd>,
    notes: &Sender<SeatNote>,
    stop: &AtomicBool,
) {
    let Some(mut link) = join(joining, notes, stop) else {
        return;
    };
    loop {
        let Some(received) = next_from_host(&mut link, stop) else {
            // The screen let the seat go while the host was silent: the line drops, as a
            // closed program's would.
            link.drop_line();
            return;
        };
        let msg = match received {
            Ok(m) => m,
            Err(e) if e.is_lost() => {
                let _ = notes.send(SeatNote::Lost(e.to_string()));
                match join(joining, notes, stop) {
                    Some(l) => link = l,
                    None => return,
                }
                continue;
            }
            Err(e) => {
                let _ = notes.send(SeatNote::Failed(e.to_string()));
                return;
            }
        };
        let answer = matches!(msg, HostMsg::Ask { .. } | HostMsg::Refused(_));
        let over = matches!(msg, HostMsg::Result { .. } | HostMsg::Bye(_));
        if notes.send(SeatNote::Host(msg)).is_err() {
            // The screen is gone without a word: the line drops, as a closed program's.
            link.drop_line();
            return;
        }
        if over {
            link.leave();
            return;
        }
        if !answer {
            continue;
        }
        match commands.recv() {
            Ok(GuestCmd::Choose(number, choice)) => {
                if let Err(e) = link.choose(number, choice) {
                    // The question is asked again once the connection is made again.
                    let _ = notes.send(SeatNote::Lost(e.to_string()));
                    match join(joining, notes, stop) {
                        Some(l) => link = l,
                        None => return,
                    }
                }
            }
            Ok(GuestCmd::Leave) => {
                link.leave();
                return;
            }
            Err(_) => {
                link.drop_line();
                return;
            }
        }
    }
}
