//! The guest: it plays the away side and sends only its choices. It connects to the host
//! directly or through a relay, proves the code ([`Channel::guest`]), says hello, and then
//! answers the questions the host asks; everything else it is sent is for its screen.
//!
//! - [`connect`]: a connection to the host, trying again for a while when the host is busy
//!   or not yet listening, and the welcome.
//! - [`GuestLink`]: the messages, one at a time ([`GuestLink::receive`]), and the answers
//!   ([`GuestLink::choose`]): what the terminal program's guest screen is built on.
//! - [`play_bot`]: a whole headless match with a computer player on the guest's side, built
//!   as the local match builds the away side's ([`crate::ai::Bot::new`], the host's
//!   `bot_seed`) and asked and told exactly as the engine's runner would ask and tell it.
//!   A lost connection is mended by rejoining with the same code: the host then sends every
//!   decision of the side so far and a new player is brought up to the same ball.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::ai::{Bot, Level};
use crate::engine::{Choice, MatchOptions, MatchResult, Player, Side};

use super::channel::{Channel, Limits};
use super::code::Code;
use super::protocol::{build, BadWire, GuestMsg, HostMsg, WireChoice, PROTOCOL};
use super::relay;
use super::NetError;

impl From<BadWire> for NetError {
    fn from(e: BadWire) -> NetError {
        NetError::Protocol(e.to_string())
    }
}

/// Where the host is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Its address and port.
    Direct(String),
    /// A relay's address and port; the slot is the code's number.
    Relay(String),
}

/// The match on offer, as the host's welcome says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welcome {
    pub build: String,
    /// The counties' names, home first.
    pub names: [String; 2],
    pub side: Side,
    pub options: MatchOptions,
    pub bot_seed: u64,
    pub resumed: bool,
}

/// An open connection to the host, welcomed.
pub struct GuestLink {
    channel: Channel,
    pub welcome: Welcome,
}

impl std::fmt::Debug for GuestLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GuestLink")
            .field("welcome", &self.welcome)
            .finish_non_exhaustive()
    }
}

/// Connects to the host at `target` with `code`, trying again until `wait` has passed while
/// the host is busy or not listening; a wrong code, another protocol or another program end
/// it at once.
pub fn connect(
    target: &Target,
    code: &Code,
    limits: Limits,
    wait: Duration,
    say: &mut dyn FnMut(&str),
) -> Result<GuestLink, NetError> {
    let deadline = Instant::now() + wait;
    let mut told_busy = false;
    // The last failure that said something, for when time runs out on a retry.
    let mut last: Option<NetError> = None;
    loop {
        let stream: Result<TcpStream, NetError> = match target {
            Target::Direct(addr) => relay::connect_by(addr, Instant::now() + limits.handshake),
            Target::Relay(addr) => relay::connect(addr, code.slot(), relay::Role::Guest, deadline),
        };
        let tried = stream.and_then(|s| Channel::guest(s, code, limits));
        let e = match tried {
            Ok(channel) => return welcome(channel, limits),
            Err(e) => e,
        };
        match e {
            NetError::Busy
            | NetError::Closed
            | NetError::Io { .. }
            | NetError::Slow
            | NetError::Idle
                if Instant::now() < deadline =>
            {
                if matches!(e, NetError::Busy) && !told_busy {
                    say("the host is busy with another connection; trying again");
                    told_busy = true;
                }
                std::thread::sleep(Duration::from_millis(200));
                if !matches!(e, NetError::Idle) {
                    last = Some(e);
                }
            }
            NetError::Idle => return Err(last.unwrap_or(NetError::Idle)),
            e => return Err(e),
        }
    }
}

/// The hello, and the host's welcome.
fn welcome(mut channel: Channel, limits: Limits) -> Result<GuestLink, NetError> {
    channel.send(&GuestMsg::Hello {
        protocol: PROTOCOL,
        build: build(),
    })?;
    match channel.recv_within::<HostMsg>(limits.handshake)? {
        HostMsg::Welcome {
            protocol,
            build,
            home,
            away,
            you,
            options,
            bot_seed,
            resumed,
        } => {
            if protocol != PROTOCOL {
                return Err(NetError::Version {
                    ours: PROTOCOL,
                    theirs: protocol,
                });
            }
            Ok(GuestLink {
                channel,
                welcome: Welcome {
                    build,
                    names: [home, away],
                    side: you.into(),
                    options: options.options()?,
                    bot_seed,
                    resumed,
                },
            })
        }
        HostMsg::Bye(why) => Err(NetError::Ended(why)),
        _ => Err(NetError::Protocol("it did not begin with a welcome".into())),
    }
}

impl GuestLink {
    /// The next message from the host, waiting at most the channel's idle limit.
    pub fn receive(&mut self) -> Result<HostMsg, NetError> {
        self.channel.recv()
    }

    /// [`GuestLink::receive`], waiting at most `idle` for the message to begin
    /// ([`NetError::Idle`] if none has, with nothing read).
    pub fn receive_within(&mut self, idle: Duration) -> Result<HostMsg, NetError> {
        self.channel.recv_within(idle)
    }

    /// The channel's limits.
    pub fn limits(&self) -> Limits {
        self.channel.limits()
    }

    /// Answers question `number` with `choice`.
    pub fn choose(&mut self, number: u32, choice: Choice) -> Result<(), NetError> {
        self.channel.send(&GuestMsg::Choose {
            number,
            choice: WireChoice::from(choice),
        })
    }

    /// Sends any message (for tests of a host's refusals).
    pub fn send_raw(&mut self, msg: &GuestMsg) -> Result<(), NetError> {
        self.channel.send(msg)
    }

    /// Leaves the match and closes the connection.
    pub fn leave(mut self) {
        let _ = self.channel.send(&GuestMsg::Leave);
        self.channel.close();
    }

    /// Closes the connection without a word (a line dropping).
    pub fn drop_line(self) {
        self.channel.close();
    }

    /// Bytes sent and received on this connection.
    pub fn bytes(&self) -> (u64, u64) {
        (self.channel.bytes_out, self.channel.bytes_in)
    }
}

/// Where and how a guest joins: the host (or relay), the code, the channel's limits, and how
/// long to keep trying (and to come back after a lost connection).
#[derive(Clone, Debug)]
pub struct Joining {
    pub target: Target,
    pub code: Code,
    pub limits: Limits,
    pub wait: Duration,
}

/// A finished match, as the guest saw it end.
#[derive(Clone, Debug)]
pub struct Finished {
    pub result: MatchResult,
    /// The result as `accc match --json` prints it.
    pub json: String,
    pub welcome: Welcome,
    /// Questions answered (over all connections).
    pub answered: u32,
}

/// Plays the guest's side with a computer player at `levels` (batting, bowling) to the end.
/// `stop_after`: for tests, the guest stops (returns `Ok(None)`, the line dropped) after
/// answering that many questions. `on_answer` is told the count of questions answered after
/// each answer.
pub fn play_bot(
    to: &Joining,
    levels: (Level, Level),
    stop_after: Option<u32>,
    on_answer: &mut dyn FnMut(u32),
    say: &mut dyn FnMut(&str),
) -> Result<Option<Finished>, NetError> {
    let Joining {
        target,
        code,
        limits,
        wait,
    } = to;
    let (limits, wait) = (*limits, *wait);
    let mut link = connect(target, code, limits, wait, say)?;
    if link.welcome.build != build() {
        say(&format!(
            "the host runs {} and this is {}: the same protocol, and the host's engine plays \
             the match",
            link.welcome.build,
            build()
        ));
    }
    let mut answered = 0;
    'connection: loop {
        let mut bot = Bot::new(levels.0, levels.1, link.welcome.bot_seed, link.welcome.side);
        loop {
            let msg = match link.receive() {
                Ok(m) => m,
                Err(e) if e.is_lost() => {
                    say(&format!("the connection was lost ({e}); rejoining"));
                    link = connect(target, code, limits, wait, say)?;
                    continue 'connection;
                }
                Err(e) => return Err(e),
            };
            match msg {
                HostMsg::Catchup { view, choice } => {
                    let owned = view.owned()?;
                    let view = owned.view();
                    let _ = bot.decide(&view);
                    bot.observe(&view, choice.choice()?);
                }
                HostMsg::Ask { number, view } => {
                    let owned = view.owned()?;
                    let choice = bot.act(&owned.view());
                    if stop_after == Some(answered) {
                        link.drop_line();
                        return Ok(None);
                    }
                    match link.choose(number, choice) {
                        Ok(()) => {
                            answered += 1;
                            on_answer(answered);
                        }
                        Err(e) if e.is_lost() => {
                            say(&format!("the connection was lost ({e}); rejoining"));
                            link = connect(target, code, limits, wait, say)?;
                            continue 'connection;
                        }
                        Err(e) => return Err(e),
                    }
                }
                HostMsg::Tell { view, choice } => {
                    let owned = view.owned()?;
                    bot.observe(&owned.view(), choice.choice()?);
                }
                HostMsg::Refused(why) => {
                    return Err(NetError::Protocol(format!(
                        "the host refused the computer's choice: {why}"
                    )))
                }
                HostMsg::Result { result, json } => {
                    let welcome = link.welcome.clone();
                    link.leave();
                    return Ok(Some(Finished {
                        result: result.result(),
                        json,
                        welcome,
                        answered,
                    }));
                }
                HostMsg::Bye(why) => return Err(NetError::Ended(why)),
                HostMsg::Welcome { .. } => {
                    return Err(NetError::Protocol("a second welcome".into()))
                }
                HostMsg::Events(_)
                | HostMsg::Story(_)
                | HostMsg::Paused { .. }
                | HostMsg::Resumed
                | HostMsg::Table { .. } => {}
            }
        }
    }
}
