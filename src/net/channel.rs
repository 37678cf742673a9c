//! The encrypted channel between host and guest, over one TCP stream (direct, or through a
//! relay that forwards bytes it cannot read).
//!
//! **Handshake.** The guest opens with [`MAGIC`] (8 bytes) and a frame holding its SPAKE2
//! message (RustCrypto's `spake2`, Ed25519 group, the guest as side B, the host as A, the
//! whole short code as the password); the host answers with [`MAGIC`] and its own message,
//! or with [`BUSY`] and closes (a match is on). Both derive the shared key; from it HKDF-SHA256
//! derives one ChaCha20-Poly1305 key for each direction. Key confirmation comes at once: the
//! guest sends the first encrypted frame (a fixed text), and the host checks it before it
//! sends anything encrypted of its own. A guest with the wrong code fails there, and the host
//! then ends the whole offer ([`NetError::WrongCode`]): a stranger gets one guess, and its
//! chances are one in 65,536.
//!
//! **Frames.** Each frame is a 4-byte big-endian length, then that many bytes, at most
//! [`MAX_FRAME`] (64 KiB; a longer length is refused before anything is read of it). After
//! the handshake a frame's bytes are ChaCha20-Poly1305's ciphertext and tag; the nonce is the
//! frame's number in its direction (0, 1, 2 ...), counted by both ends and never sent, so a
//! frame that is altered, replayed, dropped or reordered fails to open and ends the channel.
//! The messages inside are postcard ([`super::protocol`]).
//!
//! **Time.** Every read has a limit ([`Limits`]): the handshake as a whole, the wait for a
//! frame to begin (`idle`: a person thinking), and the time from a frame's first byte to its
//! last (`frame`): a peer that trickles a frame byte by byte loses. Writes have the `frame`
//! limit too.
//!
//! The randomness of the PAKE comes from the operating system (`getrandom`), the one place
//! in the program where randomness does not flow from a match seed: a key must not be
//! guessable.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use hkdf::Hkdf;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};

use super::code::Code;
use super::NetError;

/// The first 8 bytes each side sends: this program's network protocol.
pub const MAGIC: [u8; 8] = *b"ACCCnet1";
/// What a host busy with a match sends instead of [`MAGIC`], before it closes.
pub const BUSY: [u8; 8] = *b"ACCCbusy";
/// What a host sends, as a plain frame in place of its confirmation, to a peer whose code
/// was wrong, before it closes: so that the guest can tell a wrong code from a connection
/// that failed for another reason (a handshake too slow on a loaded machine), which it may
/// try again. It tells a stranger nothing that the closing would not.
pub const WRONG: [u8; 8] = *b"ACCCnope";
/// The most bytes a frame may hold (its length prefix not counted).
pub const MAX_FRAME: usize = 64 * 1024;
/// The bytes AEAD adds to each frame (Poly1305's tag).
pub const TAG: usize = 16;
/// The length of a SPAKE2 message in the Ed25519 group.
const PAKE_LEN: usize = 33;

const CONFIRM_GUEST: &[u8] = b"accc net 1 guest confirms";
const CONFIRM_HOST: &[u8] = b"accc net 1 host confirms";

/// The time limits of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The whole handshake, from the first byte to the key confirmation.
    pub handshake: Duration,
    /// How long a frame may take to begin.
    pub idle: Duration,
    /// How long a frame may take from its first byte to its last, and a write to go out.
    pub frame: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(15 * 60),
            frame: Duration::from_secs(10),
        }
    }
}

/// An open channel: the stream, a key and a frame count for each direction.
pub struct Channel {
    stream: TcpStream,
    seal: ChaCha20Poly1305,
    open: ChaCha20Poly1305,
    sent: u64,
    received: u64,
    limits: Limits,
    /// Bytes written and read on the stream (length prefixes included), for the figures.
    pub bytes_out: u64,
    pub bytes_in: u64,
}

impl std::fmt::Debug for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Channel")
            .field("sent", &self.sent)
            .field("received", &self.received)
            .finish_non_exhaustive()
    }
}

fn nonce(n: u64) -> Nonce {
    let mut b = [0u8; 12];
    b[..8].copy_from_slice(&n.to_le_bytes());
    Nonce::from(b)
}

/// The two directions' ciphers from the PAKE's key: (host to guest, guest to host).
fn keys(shared: &[u8]) -> (ChaCha20Poly1305, ChaCha20Poly1305) {
    let hk = Hkdf::<Sha256>::new(Some(b"accc net 1"), shared);
    let mut h2g = [0u8; 32];
    let mut g2h = [0u8; 32];
    hk.expand(b"host to guest", &mut h2g)
        .expect("32 bytes is a valid length for HKDF-SHA256");
    hk.expand(b"guest to host", &mut g2h)
        .expect("32 bytes is a valid length for HKDF-SHA256");
    (
        ChaCha20Poly1305::new(Key::from_slice(&h2g)),
        ChaCha20Poly1305::new(Key::from_slice(&g2h)),
    )
}

fn io(doing: &'static str) -> impl Fn(std::io::Error) -> NetError {
    move |e| NetError::from_io(doing, e)
}

/// Writes one frame: its length, then `body`, within `limit`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the body is at most MAX_FRAME bytes (checked above): its length fits a u32"
)]
pub fn write_frame(
    stream: &mut TcpStream,
    body: &[u8],
    limit: Duration,
) -> Result<usize, NetError> {
    if body.len() > MAX_FRAME {
        return Err(NetError::TooLarge(body.len()));
    }
    stream
        .set_write_timeout(Some(limit))
        .map_err(io("setting a time limit"))?;
    let mut out = Vec::with_capacity(4 + body.len());
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(body);
    stream.write_all(&out).map_err(io("sending"))?;
    Ok(out.len())
}

/// Reads exactly `buf.len()` bytes by `deadline`: a peer too slow loses.
pub(crate) fn read_by(
    stream: &mut TcpStream,
    buf: &mut [u8],
    deadline: Instant,
) -> Result<(), NetError> {
    let mut filled = 0;
    while filled < buf.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(NetError::Slow);
        }
        stream
            .set_read_timeout(Some(left))
            .map_err(io("setting a time limit"))?;
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Err(NetError::Closed),
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(NetError::Slow)
            }
            Err(e) => return Err(NetError::from_io("receiving", e)),
        }
    }
    Ok(())
}

/// Reads one frame: it must begin within `idle` and be whole within `frame` of its first
/// byte, and hold at most [`MAX_FRAME`] bytes.
pub fn read_frame(
    stream: &mut TcpStream,
    idle: Duration,
    frame: Duration,
) -> Result<Vec<u8>, NetError> {
    let mut head = [0u8; 4];
    match read_by(stream, &mut head[..1], Instant::now() + idle) {
        Err(NetError::Slow) => return Err(NetError::Idle),
        other => other?,
    }
    let deadline = Instant::now() + frame;
    read_by(stream, &mut head[1..], deadline)?;
    let len = u32::from_be_bytes(head) as usize;
    if len > MAX_FRAME {
        return Err(NetError::TooLarge(len));
    }
    let mut body = vec![0u8; len];
    read_by(stream, &mut body, deadline)?;
    Ok(body)
}

/// Reads the 8-byte greeting by `deadline`.
fn read_magic(stream: &mut TcpStream, deadline: Instant) -> Result<[u8; 8], NetError> {
    let mut m = [0u8; 8];
    read_by(stream, &mut m, deadline)?;
    Ok(m)
}

fn remaining(deadline: Instant) -> Duration {
    deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

impl Channel {
    /// The host's side of the handshake on a new connection. [`NetError::WrongCode`] means a
    /// peer tried a code and it was wrong: the offer must end. Any other error means the
    /// peer was not a guest of this program (or went quiet) and learnt nothing.
    pub fn host(mut stream: TcpStream, code: &Code, limits: Limits) -> Result<Channel, NetError> {
        let _ = stream.set_nodelay(true);
        let deadline = Instant::now() + limits.handshake;
        if read_magic(&mut stream, deadline)? != MAGIC {
            return Err(NetError::NotAccc);
        }
        let theirs = read_frame(&mut stream, remaining(deadline), remaining(deadline))?;
        if theirs.len() != PAKE_LEN {
            return Err(NetError::NotAccc);
        }
        let (pake, ours) = Spake2::<Ed25519Group>::start_a(
            &Password::new(code.password()),
            &Identity::new(b"accc host"),
            &Identity::new(b"accc guest"),
        );
        stream
            .set_write_timeout(Some(limits.frame))
            .map_err(io("setting a time limit"))?;
        stream.write_all(&MAGIC).map_err(io("sending"))?;
        let mut bytes_out = 8 + write_frame(&mut stream, &ours, limits.frame)? as u64;
        let wrong = |stream: &mut TcpStream| {
            let _ = write_frame(stream, &WRONG, limits.frame);
            NetError::WrongCode
        };
        // A message that is not a point of the group: a wrong guess as much as any.
        let Ok(shared) = pake.finish(&theirs) else {
            return Err(wrong(&mut stream));
        };
        let (h2g, g2h) = keys(&shared);
        // A peer that goes quiet or away before confirming learnt nothing it could check.
        let confirm = read_frame(&mut stream, remaining(deadline), remaining(deadline))?;
        match g2h.decrypt(&nonce(0), confirm.as_slice()) {
            Ok(text) if text == CONFIRM_GUEST => {}
            _ => return Err(wrong(&mut stream)),
        }
        let sealed = h2g
            .encrypt(&nonce(0), CONFIRM_HOST)
            .map_err(|_| NetError::TooLarge(CONFIRM_HOST.len()))?;
        bytes_out += write_frame(&mut stream, &sealed, limits.frame)? as u64;
        Ok(Channel {
            stream,
            seal: h2g,
            open: g2h,
            sent: 1,
            received: 1,
            limits,
            bytes_out,
            bytes_in: (8 + 4 + PAKE_LEN + 4 + confirm.len()) as u64,
        })
    }

    /// The guest's side of the handshake. [`NetError::Busy`]: the host has a match on;
    /// [`NetError::WrongCode`]: the code was not the host's (and that offer is now over).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a PAKE message of a few dozen bytes: its length fits a u32"
    )]
    pub fn guest(mut stream: TcpStream, code: &Code, limits: Limits) -> Result<Channel, NetError> {
        let _ = stream.set_nodelay(true);
        let deadline = Instant::now() + limits.handshake;
        let (pake, ours) = Spake2::<Ed25519Group>::start_b(
            &Password::new(code.password()),
            &Identity::new(b"accc host"),
            &Identity::new(b"accc guest"),
        );
        stream
            .set_write_timeout(Some(limits.frame))
            .map_err(io("setting a time limit"))?;
        // A busy host may close before reading this: its answer is read all the same.
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(ours.len() as u32).to_be_bytes());
        out.extend_from_slice(&ours);
        let sent = stream.write_all(&out);
        let magic = match read_magic(&mut stream, deadline) {
            Ok(m) => m,
            Err(e) => {
                sent.map_err(io("sending"))?;
                return Err(e);
            }
        };
        if magic == BUSY {
            return Err(NetError::Busy);
        }
        if magic != MAGIC {
            return Err(NetError::NotAccc);
        }
        sent.map_err(io("sending"))?;
        let theirs = read_frame(&mut stream, remaining(deadline), remaining(deadline))?;
        if theirs.len() != PAKE_LEN {
            return Err(NetError::NotAccc);
        }
        let shared = pake.finish(&theirs).map_err(|_| NetError::WrongCode)?;
        let (h2g, g2h) = keys(&shared);
        let sealed = g2h
            .encrypt(&nonce(0), CONFIRM_GUEST)
            .map_err(|_| NetError::TooLarge(CONFIRM_GUEST.len()))?;
        let mut bytes_out = out.len() as u64;
        bytes_out += write_frame(&mut stream, &sealed, limits.frame)? as u64;
        // A host that closes without a word may have run out of time: that is tried again,
        // not taken for a wrong code.
        let confirm = read_frame(&mut stream, remaining(deadline), remaining(deadline))?;
        if confirm == WRONG {
            return Err(NetError::WrongCode);
        }
        match h2g.decrypt(&nonce(0), confirm.as_slice()) {
            Ok(text) if text == CONFIRM_HOST => {}
            _ => return Err(NetError::WrongCode),
        }
        Ok(Channel {
            stream,
            seal: g2h,
            open: h2g,
            sent: 1,
            received: 1,
            limits,
            bytes_out,
            bytes_in: (8 + 4 + PAKE_LEN + 4 + confirm.len()) as u64,
        })
    }

    /// The time limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Sets the time limits from now on.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Seals and sends one message.
    pub fn send<T: Serialize>(&mut self, msg: &T) -> Result<(), NetError> {
        let plain = postcard::to_stdvec(msg).map_err(|e| NetError::BadMessage(e.to_string()))?;
        if plain.len() + TAG > MAX_FRAME {
            return Err(NetError::TooLarge(plain.len() + TAG));
        }
        let sealed = self
            .seal
            .encrypt(&nonce(self.sent), plain.as_slice())
            .map_err(|_| NetError::TooLarge(plain.len()))?;
        self.sent += 1;
        self.bytes_out += write_frame(&mut self.stream, &sealed, self.limits.frame)? as u64;
        Ok(())
    }

    /// Receives and opens one message, waiting at most the `idle` limit for it to begin.
    pub fn recv<T: DeserializeOwned>(&mut self) -> Result<T, NetError> {
        self.recv_within(self.limits.idle)
    }

    /// [`Channel::recv`], waiting at most `idle` for the frame to begin.
    pub fn recv_within<T: DeserializeOwned>(&mut self, idle: Duration) -> Result<T, NetError> {
        let body = read_frame(&mut self.stream, idle, self.limits.frame)?;
        self.bytes_in += 4 + body.len() as u64;
        let plain = self
            .open
            .decrypt(&nonce(self.received), body.as_slice())
            .map_err(|_| NetError::Garbled)?;
        self.received += 1;
        postcard::from_bytes(&plain).map_err(|e| NetError::BadMessage(e.to_string()))
    }

    /// Closes both directions of the stream.
    pub fn close(&self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }

    /// Whether the other side has closed the connection (or it broke), looked at without
    /// reading or waiting: a peer that has sent nothing is still there.
    pub fn closed_by_peer(&self) -> bool {
        if self.stream.set_nonblocking(true).is_err() {
            return true;
        }
        let mut byte = [0u8; 1];
        let gone = match self.stream.peek(&mut byte) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
        };
        gone || self.stream.set_nonblocking(false).is_err()
    }

    /// The stream, to close it from another thread.
    pub fn try_clone_stream(&self) -> std::io::Result<TcpStream> {
        self.stream.try_clone()
    }
}
