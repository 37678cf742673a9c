//! The save file's envelope: an 8-byte magic tag, the format version, the payload's length and
//! CRC-32, then the payload (postcard bytes of a [`super::v1::FileV1`]).
//!
//! ```text
//! 0  "ACCCSAVE"   magic tag
//! 8  u16 LE       format version (1)
//! 10 u16 LE       reserved, 0
//! 12 u32 LE       payload length
//! 16 u32 LE       CRC-32 of the payload
//! 20 ...          payload
//! ```

use super::crc32::crc32;

pub const MAGIC: &[u8; 8] = b"ACCCSAVE";
/// The newest format this program reads and the one it writes.
pub const VERSION: u16 = 1;
pub const HEADER_LEN: usize = 20;

/// What is wrong with a file that is not a usable save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// It does not start with the magic tag.
    Foreign,
    /// It ends early.
    Truncated { have: usize, want: usize },
    /// A newer program wrote it.
    Newer(u16),
    /// It was tampered with or damaged.
    Corrupt(String),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Foreign => f.write_str("is not an ACCC save file (it lacks the ACCCSAVE tag)"),
            Problem::Truncated { have, want } => write!(f, "is cut short: {have} of its {want} bytes are there"),
            Problem::Newer(v) => write!(
                f,
                "was written by a newer version of ACCC (save format {v}; this program reads format {VERSION} and older)"
            ),
            Problem::Corrupt(why) => write!(f, "is corrupt: {why}"),
        }
    }
}

/// The envelope around `payload`.
pub fn wrap(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The format version and the payload, checked.
pub fn unwrap(bytes: &[u8]) -> Result<(u16, &[u8]), Problem> {
    let tag_len = bytes.len().min(MAGIC.len());
    if bytes[..tag_len] != MAGIC[..tag_len] {
        return Err(Problem::Foreign);
    }
    if bytes.len() < HEADER_LEN {
        return Err(Problem::Truncated {
            have: bytes.len(),
            want: HEADER_LEN,
        });
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let version = u16_at(8);
    if version > VERSION {
        return Err(Problem::Newer(version));
    }
    if version == 0 {
        return Err(Problem::Corrupt("its format version is 0".into()));
    }
    let want = HEADER_LEN + u32_at(12) as usize;
    if bytes.len() < want {
        return Err(Problem::Truncated {
            have: bytes.len(),
            want,
        });
    }
    if bytes.len() > want {
        return Err(Problem::Corrupt(format!(
            "{} bytes follow its end",
            bytes.len() - want
        )));
    }
    let payload = &bytes[HEADER_LEN..];
    if crc32(payload) != u32_at(16) {
        return Err(Problem::Corrupt(
            "its checksum does not match its contents".into(),
        ));
    }
    Ok((version, payload))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_then_unwrap_gives_the_payload_back() {
        let bytes = wrap(b"hello");
        assert_eq!(unwrap(&bytes), Ok((VERSION, &b"hello"[..])));
    }

    #[test]
    fn each_kind_of_damage_is_told_apart() {
        let good = wrap(b"some payload bytes");
        assert_eq!(unwrap(b"PK\x03\x04 a zip file"), Err(Problem::Foreign));
        assert_eq!(
            unwrap(b""),
            Err(Problem::Truncated {
                have: 0,
                want: HEADER_LEN
            })
        );
        assert_eq!(
            unwrap(&good[..5]),
            Err(Problem::Truncated {
                have: 5,
                want: HEADER_LEN
            })
        );
        assert_eq!(
            unwrap(&good[..good.len() - 1]),
            Err(Problem::Truncated {
                have: good.len() - 1,
                want: good.len()
            })
        );
        let mut newer = good.clone();
        newer[8] = 2;
        assert_eq!(unwrap(&newer), Err(Problem::Newer(2)));
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x10;
        assert!(matches!(unwrap(&flipped), Err(Problem::Corrupt(m)) if m.contains("checksum")));
        let mut longer = good.clone();
        longer.push(0);
        assert!(matches!(unwrap(&longer), Err(Problem::Corrupt(_))));
    }
}
