//! The envelope around a stored payload: an 8-byte tag naming the kind of file, the format
//! version, the payload's length and its CRC-32, then the payload.
//!
//! ```text
//! 0  tag          8 bytes, e.g. "ACCCSAVE"
//! 8  u16 LE       format version (1 or more)
//! 10 u16 LE       reserved, 0
//! 12 u32 LE       payload length
//! 16 u32 LE       CRC-32 of the payload
//! 20 ...          payload
//! ```

use super::crc32::crc32;

/// The header's length in bytes.
pub const HEADER_LEN: usize = 20;

/// A kind of file: its tag, the newest format version this program reads and writes, and the
/// largest such file it reads (a header declaring more is damaged, not a file cut short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub tag: &'static [u8; 8],
    pub version: u16,
    pub max_bytes: u64,
}

/// What is wrong with bytes that are not a usable file of the kind expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// It is empty.
    Empty,
    /// It does not start with the tag.
    Foreign,
    /// It ends early.
    Truncated { have: usize, want: usize },
    /// The payload length in its header cannot be right: more than any such file holds, or
    /// not the length of a payload whose checksum holds. (The header has no checksum of its
    /// own: a length that is merely wrong, with the payload damaged too, reads as
    /// `Truncated` or `Trailing`.)
    BadLength { declared: u64, have: usize },
    /// A newer program wrote it.
    Newer { version: u16, newest: u16 },
    /// Its version is 0, which no program writes.
    VersionZero,
    /// Bytes follow the payload's stated end.
    Trailing(usize),
    /// The checksum does not match: damaged or edited.
    Checksum,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Empty => f.write_str("is empty: it holds no data at all"),
            Problem::Foreign => {
                f.write_str("is not a file of this kind (its opening tag is wrong)")
            }
            Problem::Truncated { have, want } => {
                write!(f, "is cut short: only {have} of its {want} bytes are there")
            }
            Problem::BadLength { declared, have } => write!(
                f,
                "is corrupt: the length in its header is damaged (it gives {declared} bytes, \
                 where the file has {have})"
            ),
            Problem::Newer { version, newest } => write!(
                f,
                "was written by a newer version of ACCC (format {version}; this program reads \
                 format {newest} and older)"
            ),
            Problem::VersionZero => f.write_str("is corrupt: its format version is 0"),
            Problem::Trailing(n) => write!(f, "is corrupt: {n} stray bytes follow its end"),
            Problem::Checksum => {
                f.write_str("is corrupt: its checksum does not match its contents")
            }
        }
    }
}

impl std::error::Error for Problem {}

/// The envelope of `kind` (at its newest version) around `payload`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a save's payload is far below 4 GiB (the kinds' max_bytes): its length fits a u32"
)]
pub fn wrap(kind: Kind, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(kind.tag);
    out.extend_from_slice(&kind.version.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The format version and the payload, checked.
pub fn unwrap(kind: Kind, bytes: &[u8]) -> Result<(u16, &[u8]), Problem> {
    if bytes.is_empty() {
        return Err(Problem::Empty);
    }
    let tag_len = bytes.len().min(kind.tag.len());
    if bytes[..tag_len] != kind.tag[..tag_len] {
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
    if version > kind.version {
        return Err(Problem::Newer {
            version,
            newest: kind.version,
        });
    }
    if version == 0 {
        return Err(Problem::VersionZero);
    }
    let declared = HEADER_LEN as u64 + u64::from(u32_at(12));
    // The header has no checksum, but the payload's shows a length field damaged alone: the
    // bytes after the header are the whole payload, whatever length it gives.
    let whole = || crc32(&bytes[HEADER_LEN..]) == u32_at(16);
    if declared != bytes.len() as u64 && (declared > kind.max_bytes || whole()) {
        return Err(Problem::BadLength {
            declared,
            have: bytes.len(),
        });
    }
    let want = usize::try_from(declared).map_err(|_| Problem::BadLength {
        declared,
        have: bytes.len(),
    })?;
    if bytes.len() < want {
        return Err(Problem::Truncated {
            have: bytes.len(),
            want,
        });
    }
    if bytes.len() > want {
        return Err(Problem::Trailing(bytes.len() - want));
    }
    let payload = &bytes[HEADER_LEN..];
    if crc32(payload) != u32_at(16) {
        return Err(Problem::Checksum);
    }
    Ok((version, payload))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: Kind = Kind {
        tag: b"TESTFILE",
        version: 1,
        max_bytes: 1000,
    };

    #[test]
    fn wrap_then_unwrap_gives_the_payload_back() {
        let bytes = wrap(KIND, b"hello");
        assert_eq!(unwrap(KIND, &bytes), Ok((1, &b"hello"[..])));
    }

    #[test]
    fn each_kind_of_damage_is_told_apart() {
        let good = wrap(KIND, b"some payload bytes");
        assert_eq!(unwrap(KIND, b""), Err(Problem::Empty));
        assert_eq!(
            unwrap(KIND, b"PK\x03\x04 a zip file"),
            Err(Problem::Foreign)
        );
        let other = Kind {
            tag: b"OTHERTAG",
            ..KIND
        };
        assert_eq!(unwrap(other, &good), Err(Problem::Foreign));
        assert_eq!(
            unwrap(KIND, &good[..5]),
            Err(Problem::Truncated {
                have: 5,
                want: HEADER_LEN
            })
        );
        assert_eq!(
            unwrap(KIND, &good[..good.len() - 1]),
            Err(Problem::Truncated {
                have: good.len() - 1,
                want: good.len()
            })
        );
        let mut newer = good.clone();
        newer[8] = 2;
        assert_eq!(
            unwrap(KIND, &newer),
            Err(Problem::Newer {
                version: 2,
                newest: 1
            })
        );
        let mut zero = good.clone();
        zero[8] = 0;
        assert_eq!(unwrap(KIND, &zero), Err(Problem::VersionZero));
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x10;
        assert_eq!(unwrap(KIND, &flipped), Err(Problem::Checksum));
        let mut longer = good.clone();
        longer.push(0);
        assert_eq!(unwrap(KIND, &longer), Err(Problem::Trailing(1)));
    }

    #[test]
    fn a_damaged_length_is_told_from_a_file_cut_short() {
        let good = wrap(KIND, b"some payload bytes");
        let have = good.len();
        // A length no such file can have, whatever the payload.
        let mut huge = good.clone();
        huge[14..16].copy_from_slice(b"\xff\xff");
        huge[20] ^= 1;
        assert_eq!(
            unwrap(KIND, &huge),
            Err(Problem::BadLength {
                declared: 20 + 0xffff_0000 + 18,
                have
            })
        );
        // A length that could be, but the payload there is whole by its checksum: the length
        // is wrong, longer or shorter.
        for declared in [19u32, 30, 900] {
            let mut wrong = good.clone();
            wrong[12..16].copy_from_slice(&declared.to_le_bytes());
            assert_eq!(
                unwrap(KIND, &wrong),
                Err(Problem::BadLength {
                    declared: 20 + u64::from(declared),
                    have
                })
            );
            let told = unwrap(KIND, &wrong).unwrap_err().to_string();
            assert!(
                told.contains("damaged") && !told.contains("cut short"),
                "{told}"
            );
        }
        // A file really cut short, within the largest, is still told so.
        let cut = unwrap(KIND, &good[..have - 3]).unwrap_err();
        assert_eq!(
            cut,
            Problem::Truncated {
                have: have - 3,
                want: have
            }
        );
        assert!(cut.to_string().contains("cut short"));
    }
}
