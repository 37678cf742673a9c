//! The fixtures of one class in a season: a double round robin of eight counties by the circle
//! method, 7 rounds in which every pair meets once, then the same 7 rounds with home and away
//! swapped. Counties are named here by their slot (0..8) in the class's season order.

use super::{CLASS_SIZE, MATCHES_PER_ROUND, ROUNDS};

/// One match of the schedule, by slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub home: u8,
    pub away: u8,
}

/// Rounds in each half of the season.
const HALF: u8 = ROUNDS / 2;

/// The `index`-th match (0..4) of round `round` (1..=14).
pub fn pairing(round: u8, index: u8) -> Pairing {
    assert!(
        (1..=ROUNDS).contains(&round) && index < MATCHES_PER_ROUND,
        "round {round} match {index}"
    );
    let first_half = first_half_pairing((round - 1) % HALF, index);
    if round <= HALF {
        first_half
    } else {
        Pairing {
            home: first_half.away,
            away: first_half.home,
        }
    }
}

/// The circle method: slot 7 stays put, the others turn one place a round. Home and away
/// alternate so that no county is at home (or away) more than twice running in a half.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a class's size, 8 counties: it fits a byte"
)]
fn first_half_pairing(r: u8, index: u8) -> Pairing {
    let n = CLASS_SIZE as u8 - 1;
    let (a, b, a_home) = if index == 0 {
        (r, n, r.is_multiple_of(2))
    } else {
        ((r + index) % n, (r + n - index) % n, index % 2 == 1)
    };
    if a_home {
        Pairing { home: a, away: b }
    } else {
        Pairing { home: b, away: a }
    }
}

/// The round (1..=14) and match index (0..4) of the `k`-th match of the class's season.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a round and a match within it, both below 20: they fit a byte"
)]
pub fn position(k: usize) -> (u8, u8) {
    (
        (k / MATCHES_PER_ROUND as usize) as u8 + 1,
        (k % MATCHES_PER_ROUND as usize) as u8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn all_pairings() -> Vec<(u8, Pairing)> {
        (1..=ROUNDS)
            .flat_map(|r| (0..MATCHES_PER_ROUND).map(move |i| (r, pairing(r, i))))
            .collect()
    }

    #[test]
    fn every_ordered_pair_meets_exactly_once() {
        let mut seen: HashMap<(u8, u8), u32> = HashMap::new();
        for (_, p) in all_pairings() {
            assert_ne!(p.home, p.away);
            assert!(p.home < 8 && p.away < 8);
            *seen.entry((p.home, p.away)).or_default() += 1;
        }
        assert_eq!(seen.len(), 56, "8 x 7 ordered pairs");
        assert!(seen.values().all(|&n| n == 1));
    }

    #[test]
    fn each_round_has_four_matches_with_every_county_once() {
        for r in 1..=ROUNDS {
            let mut slots: Vec<u8> = (0..MATCHES_PER_ROUND)
                .flat_map(|i| [pairing(r, i).home, pairing(r, i).away])
                .collect();
            slots.sort();
            assert_eq!(slots, (0..8).collect::<Vec<u8>>(), "round {r}");
        }
    }

    #[test]
    fn second_half_swaps_home_and_away_of_the_first() {
        for r in 1..=HALF {
            for i in 0..MATCHES_PER_ROUND {
                let (a, b) = (pairing(r, i), pairing(r + HALF, i));
                assert_eq!((a.home, a.away), (b.away, b.home));
            }
        }
    }

    #[test]
    fn each_county_plays_seven_at_home_and_no_long_home_runs() {
        for slot in 0..8u8 {
            let venues: Vec<bool> = (1..=ROUNDS)
                .map(|r| {
                    (0..MATCHES_PER_ROUND)
                        .map(|i| pairing(r, i))
                        .find(|p| p.home == slot || p.away == slot)
                        .unwrap()
                        .home
                        == slot
                })
                .collect();
            assert_eq!(venues.iter().filter(|&&h| h).count(), 7, "slot {slot}");
            let longest = venues
                .chunk_by(|a, b| a == b)
                .map(|c| c.len())
                .max()
                .unwrap();
            assert!(longest <= 3, "slot {slot}: {venues:?}");
        }
    }

    #[test]
    fn positions_run_round_by_round() {
        assert_eq!(position(0), (1, 0));
        assert_eq!(position(3), (1, 3));
        assert_eq!(position(4), (2, 0));
        assert_eq!(position(55), (14, 3));
    }
}
