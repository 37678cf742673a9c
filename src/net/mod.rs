//! Two people, one match, over a network: the short code ([`code`]), the encrypted channel
//! that only the holder of the code can open ([`channel`]: SPAKE2, then HKDF-SHA256 and
//! ChaCha20-Poly1305 frames), the messages of a match ([`protocol`]), the host that owns the
//! truth and runs the engine ([`host`]), the guest that sends only its choices ([`guest`]),
//! the relay that pairs two peers behind home routers and forwards bytes it cannot read
//! ([`relay`]), and the threads that do a screen's network work while it draws ([`seat`]).
//! Headless: the terminal program draws on top of these. See
//! `docs/NETWORK.md` for the protocol and the threat model.
//!
//! Randomness: the short code, the PAKE's secrets and the seed of a networked match given
//! no `--seed` come from the operating system (`getrandom`), the one place in the program
//! where randomness does not flow from a match seed (a key or a seed a friend could guess
//! would tell the cards). The match itself flows from its seed as every match does.

pub mod channel;
pub mod code;
pub mod guest;
pub mod host;
pub mod protocol;
pub mod relay;
pub mod seat;

pub use channel::{Channel, Limits, MAX_FRAME};
pub use code::{Code, CodeError};

/// Why a network exchange failed. Each says in words what happened.
#[derive(Debug)]
pub enum NetError {
    /// Reading or writing the connection failed.
    Io {
        doing: &'static str,
        error: std::io::Error,
    },
    /// The other side closed the connection.
    Closed,
    /// Nothing came within the time allowed.
    Idle,
    /// A frame began but did not end within the time allowed.
    Slow,
    /// A frame longer than [`MAX_FRAME`].
    TooLarge(usize),
    /// The other side does not speak this program's protocol.
    NotAccc,
    /// The host has a match on and refuses a second connection.
    Busy,
    /// The code was wrong: the offer is over.
    WrongCode,
    /// A frame failed to open: altered, replayed, reordered or not ours.
    Garbled,
    /// A frame opened but held no message of this protocol.
    BadMessage(String),
    /// The other side speaks another version of the protocol.
    Version { ours: u16, theirs: u16 },
    /// The other side broke the protocol (a message out of place).
    Protocol(String),
    /// The other side ended the match (a host's Bye, a guest's Leave).
    Ended(String),
    /// The relay refused (its slot is taken, or it is not a relay).
    Relay(String),
}

impl NetError {
    pub fn from_io(doing: &'static str, error: std::io::Error) -> NetError {
        match error.kind() {
            std::io::ErrorKind::UnexpectedEof
            | std::io::ErrorKind::ConnectionReset
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::BrokenPipe => NetError::Closed,
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => NetError::Slow,
            _ => NetError::Io { doing, error },
        }
    }

    /// Whether the connection was lost (closed, silent or broken) rather than refused: a
    /// guest may come back.
    pub fn is_lost(&self) -> bool {
        matches!(
            self,
            NetError::Io { .. }
                | NetError::Closed
                | NetError::Idle
                | NetError::Slow
                | NetError::TooLarge(_)
                | NetError::Garbled
                | NetError::BadMessage(_)
        )
    }
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::Io { doing, error } => write!(f, "{doing} failed: {error}"),
            NetError::Closed => f.write_str("the other side closed the connection"),
            NetError::Idle => f.write_str("nothing came from the other side in the time allowed"),
            NetError::Slow => {
                f.write_str("the other side began a message and did not finish it in time")
            }
            NetError::TooLarge(n) => write!(
                f,
                "a message of {n} bytes came, and at most {MAX_FRAME} are taken"
            ),
            NetError::NotAccc => f.write_str("the other side does not speak accc's protocol"),
            NetError::Busy => f.write_str("the host has a match on with someone else"),
            NetError::WrongCode => f.write_str(
                "the code was wrong, so this offer is over: the host must start again for a \
                 new code",
            ),
            NetError::Garbled => f.write_str(
                "a message failed its check (altered, repeated, out of order, or not from the \
                 holder of the code)",
            ),
            NetError::BadMessage(e) => write!(f, "a message could not be read ({e})"),
            NetError::Version { ours, theirs } => write!(
                f,
                "the other side speaks version {theirs} of the protocol and this program {ours}: \
                 use the same version of accc on both sides"
            ),
            NetError::Protocol(what) => write!(f, "the other side broke the protocol: {what}"),
            NetError::Ended(why) => write!(f, "the match was ended: {why}"),
            NetError::Relay(why) => write!(f, "the relay refused: {why}"),
        }
    }
}

impl std::error::Error for NetError {}
