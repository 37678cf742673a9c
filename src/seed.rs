//! Seeds: for runs given no `--seed`, taken from the clock (shared by the cricket commands and
//! the charts, which otherwise know nothing of each other); and [`pair_seed`], one seed made
//! from two, by which a duel seeds its pairs and the analyst its look-ahead deals.

/// The largest seed the command line takes, 2^53 - 1: the largest whole number that a reader of
/// JSON holding numbers as doubles (JavaScript, jq) reads exactly, and every seed is written
/// into some JSON (a log, an export, a `--json` line). Files made when larger seeds were taken
/// still hold theirs, and are read and played on as ever.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A seed from the clock, at most [`MAX_SEED`].
#[expect(
    clippy::cast_possible_truncation,
    reason = "the clock's low 64 bits are as good a seed as any (the result is reduced to MAX_SEED)"
)]
pub fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos & MAX_SEED
}

/// The seed of pair `pair` in a run seeded `seed` (SplitMix64 of the two).
pub fn pair_seed(seed: u64, pair: u64) -> u64 {
    let mut z = seed ^ pair.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_precision_loss,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn a_clock_seed_is_a_whole_number_a_double_holds_exactly() {
        let seed = super::clock_seed();
        #[allow(
            clippy::cast_sign_loss,
            reason = "the round trip through a double is the point"
        )]
        let back = seed as f64 as u64;
        assert!(seed <= super::MAX_SEED && back == seed, "{seed}");
    }
}
