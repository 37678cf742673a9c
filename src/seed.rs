//! Seeds for runs given no `--seed`: taken from the clock. Shared by the cricket commands and
//! the charts (which otherwise know nothing of each other).

/// A seed from the clock. Kept below 2^53, so that a reader of the JSON it is written into
/// that holds numbers as doubles (JavaScript) reads it exactly.
pub fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos & ((1 << 53) - 1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_clock_seed_is_a_whole_number_a_double_holds_exactly() {
        let seed = super::clock_seed();
        assert!(seed < 1 << 53 && seed as f64 as u64 == seed, "{seed}");
    }
}
