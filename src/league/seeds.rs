//! Seeds derived from the competition's seed with SplitMix64, so that each match (and each
//! season's draw) has its own seed that depends only on where it stands in the competition —
//! never on the order or the thread in which matches are played.

use crate::counties::Class;

/// Match seeds are kept below 2^53 so that JSON readers that hold numbers as doubles read the
/// exported seed exactly.
pub const SEED_MASK: u64 = crate::seed::MAX_SEED;

/// One SplitMix64 step: a well-mixed 64-bit value from `x`.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Folds `parts` into `seed`, one SplitMix64 step each.
fn mix(seed: u64, parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(splitmix64(seed), |h, &p| splitmix64(h ^ p))
}

fn class_code(class: Class) -> u64 {
    match class {
        Class::First => 1,
        Class::Second => 2,
    }
}

/// The seed of match `index` (0..4) of round `round` (1..=14) of `class` in `year`.
pub fn match_seed(seed: u64, year: u16, class: Class, round: u8, index: u8) -> u64 {
    mix(
        seed,
        &[year as u64, class_code(class), round as u64, index as u64],
    ) & SEED_MASK
}

/// The seed that draws the order of a class's counties in the fixture list of `year`.
pub fn draw_seed(seed: u64, year: u16, class: Class) -> u64 {
    mix(seed, &[year as u64, class_code(class), 0xD4A3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // The first outputs of the reference SplitMix64 generator seeded with 0.
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn every_position_gets_its_own_seed() {
        let mut seen = std::collections::HashSet::new();
        for year in 1890..1900 {
            for class in [Class::First, Class::Second] {
                for round in 1..=14 {
                    for index in 0..4 {
                        let s = match_seed(7, year, class, round, index);
                        assert!(s <= SEED_MASK);
                        assert!(seen.insert(s), "{year} {class:?} {round} {index}");
                    }
                }
            }
        }
        assert_ne!(
            match_seed(7, 1890, Class::First, 1, 0),
            match_seed(8, 1890, Class::First, 1, 0)
        );
    }
}
