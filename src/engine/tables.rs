//! The game's fixed tables: runs off the bat, byes, modes of dismissal and the lower-order
//! restriction on defensive strokes.

use crate::cards::Suit;

/// Runs off the bat by how much higher the batsman's card of the bowler's suit is (index 0:
/// not higher, no runs). The computer players read it directly on decoded ranks.
pub const RUNS_BY_DIFFERENCE: [u8; 11] = [0, 1, 1, 1, 2, 2, 3, 4, 4, 4, 6];

/// Runs off the bat when the batsman's card beats the bowler's by `diff` (1..=10).
pub fn runs_for(diff: u8) -> u8 {
    debug_assert!((1..=10).contains(&diff), "a card higher by {diff}");
    RUNS_BY_DIFFERENCE[diff as usize]
}

/// Byes when the bowler's card of rank `rank` (2..=11) is one above the discard pile's top.
pub fn byes_for(rank: u8) -> u8 {
    const BYES: [u8; 10] = [1, 1, 2, 2, 3, 4, 4, 4, 4, 4];
    BYES[rank as usize - 2]
}

/// How a batsman is out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dismissal {
    Bowled,
    Caught,
    Lbw,
    Stumped,
    RunOut,
}

impl Dismissal {
    /// The machine-readable form used in the ball log.
    pub fn name(self) -> &'static str {
        match self {
            Dismissal::Bowled => "bowled",
            Dismissal::Caught => "caught",
            Dismissal::Lbw => "lbw",
            Dismissal::Stumped => "stumped",
            Dismissal::RunOut => "run out",
        }
    }

    pub fn parse(s: &str) -> Option<Dismissal> {
        use Dismissal::*;
        [Bowled, Caught, Lbw, Stumped, RunOut]
            .into_iter()
            .find(|d| d.name() == s)
    }
}

/// The mode of dismissal for a wicket: rows are the bowler's suit, columns the batsman's.
/// A same-suit wicket (only the lower-order rule makes one) is bowled.
pub fn dismissal(bowler: Suit, batsman: Suit) -> Dismissal {
    use Dismissal::*;
    const TABLE: [[Dismissal; 5]; 5] = [
        // pads     bats    balls   stumps   gloves      (batsman's suit)
        [Bowled, Caught, Caught, Bowled, Caught], // pads
        [Lbw, Bowled, Caught, RunOut, Caught],    // bats
        [Lbw, Caught, Bowled, Bowled, Caught],    // balls
        [Lbw, Caught, Bowled, Bowled, Stumped],   // stumps
        [Caught, Caught, Bowled, Caught, Bowled], // gloves
    ];
    TABLE[bowler.index()][batsman.index()]
}

/// The highest card batsman number `batsman` may not defend with against a higher card of
/// the same suit: 1 for numbers 6-8, 2 for numbers 9-11, none (0) above them.
pub fn weakest_defence(batsman: u8) -> u8 {
    match batsman {
        6..=8 => 1,
        9..=11 => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Dismissal::*;
    use Suit::*;

    #[test]
    fn runs_table_matches_the_rules() {
        let got: Vec<u8> = (1..=10).map(runs_for).collect();
        assert_eq!(got, [1, 1, 1, 2, 2, 3, 4, 4, 4, 6]);
    }

    #[test]
    fn bye_table_matches_the_rules() {
        let got: Vec<u8> = (2..=11).map(byes_for).collect();
        assert_eq!(got, [1, 1, 2, 2, 3, 4, 4, 4, 4, 4]);
    }

    #[test]
    fn dismissal_table_matches_the_spec_cell_by_cell() {
        let rows = [
            (Pads, [Bowled, Caught, Caught, Bowled, Caught]),
            (Bats, [Lbw, Bowled, Caught, RunOut, Caught]),
            (Balls, [Lbw, Caught, Bowled, Bowled, Caught]),
            (Stumps, [Lbw, Caught, Bowled, Bowled, Stumped]),
            (Gloves, [Caught, Caught, Bowled, Caught, Bowled]),
        ];
        for (bowler, cells) in rows {
            for (batsman, want) in Suit::ALL.into_iter().zip(cells) {
                assert_eq!(dismissal(bowler, batsman), want, "{bowler} v {batsman}");
            }
        }
    }

    #[test]
    fn off_diagonal_modes_have_the_documented_frequencies() {
        let mut counts = std::collections::HashMap::new();
        for b in Suit::ALL {
            for t in Suit::ALL.into_iter().filter(|&t| t != b) {
                *counts.entry(dismissal(b, t)).or_insert(0) += 1;
            }
        }
        assert_eq!(counts[&Caught], 11);
        assert_eq!(counts[&Bowled], 4);
        assert_eq!(counts[&Lbw], 3);
        assert_eq!(counts[&RunOut], 1);
        assert_eq!(counts[&Stumped], 1);
    }

    #[test]
    fn lower_order_restrictions() {
        let want = [(1, 0), (5, 0), (6, 1), (8, 1), (9, 2), (11, 2)];
        for (n, w) in want {
            assert_eq!(weakest_defence(n), w, "batsman {n}");
        }
    }

    #[test]
    fn dismissal_names_round_trip() {
        for d in [Bowled, Caught, Lbw, Stumped, RunOut] {
            assert_eq!(Dismissal::parse(d.name()), Some(d));
        }
    }
}
