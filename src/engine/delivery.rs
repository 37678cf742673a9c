//! One delivery, as a pure function: the umpire's call on the bowler's card, and what the
//! batsman's answer makes of it (runs, extras, whether it counts, a wicket).

use super::options::MatchOptions;
use super::tables::{byes_for, dismissal, runs_for, weakest_defence, Dismissal};
use crate::cards::{Card, Suit, TOP_RANK};

/// The umpire's call on a delivery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    Normal,
    NoBall,
    /// A wide that stood: the batsman played no card.
    Wide,
    /// A wide called off because the batsman played a card; played as a normal delivery.
    WideRevoked,
    Bye,
}

impl Call {
    /// The machine-readable form used in the ball log.
    pub fn name(self) -> &'static str {
        match self {
            Call::Normal => "normal",
            Call::NoBall => "no_ball",
            Call::Wide => "wide",
            Call::WideRevoked => "wide_revoked",
            Call::Bye => "bye",
        }
    }

    pub fn parse(s: &str) -> Option<Call> {
        use Call::*;
        [Normal, NoBall, Wide, WideRevoked, Bye]
            .into_iter()
            .find(|c| c.name() == s)
    }

    /// Whether the batsman has a choice to make (the bye is scored with no card played).
    pub fn asks_batsman(self) -> bool {
        !matches!(self, Call::Bye)
    }

    /// Whether the batsman may answer with no card.
    pub fn allows_no_card(self) -> bool {
        matches!(self, Call::NoBall | Call::Wide)
    }
}

/// The call on bowling `bowled` onto `top` in an over whose no-ball suit is `no_ball_suit`.
/// No-ball is checked first, then wide, then bye; a rule switched off never applies.
pub fn call_for(opts: &MatchOptions, bowled: Card, top: Card, no_ball_suit: Suit) -> Call {
    if opts.no_balls && bowled.suit() == no_ball_suit {
        Call::NoBall
    } else if opts.wides && bowled.rank() == top.rank() {
        Call::Wide
    } else if opts.byes && bowled.rank() == top.rank() + 1 {
        Call::Bye
    } else {
        Call::Normal
    }
}

/// What a delivery produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub runs: u8,
    pub no_balls: u8,
    pub wides: u8,
    pub byes: u8,
    /// One of the over's six.
    pub counts: bool,
    pub wicket: Option<Dismissal>,
}

impl Outcome {
    pub fn extras(&self) -> u8 {
        self.no_balls + self.wides + self.byes
    }

    /// Runs that make the batsmen cross: runs off the bat and byes.
    pub fn ran(&self) -> u8 {
        self.runs + self.byes
    }
}

/// Resolves a delivery. `call` is the call before the batsman answered (`Wide`, never
/// `WideRevoked`); `bat` is his card or `None`; `striker` his number (for the lower-order
/// rule). Returns the final call with the outcome. The caller has checked the answer is
/// legal (a card on a normal delivery, no card on a bye).
pub fn resolve(
    call: Call,
    bowled: Card,
    top: Card,
    bat: Option<Card>,
    striker: u8,
) -> (Call, Outcome) {
    match (call, bat) {
        (Call::NoBall, bat) => (call, no_ball(bowled, bat)),
        (Call::Wide, None) => (
            call,
            Outcome {
                wides: wides_for(bowled, top),
                ..Outcome::default()
            },
        ),
        (Call::Wide, Some(c)) => (Call::WideRevoked, stroke(bowled, c, striker)),
        (Call::Bye, _) => (
            call,
            Outcome {
                byes: byes(bowled, top),
                counts: true,
                ..Outcome::default()
            },
        ),
        (_, Some(c)) => (call, stroke(bowled, c, striker)),
        (_, None) => unreachable!("a normal delivery always has the batsman's card"),
    }
}

fn no_ball(bowled: Card, bat: Option<Card>) -> Outcome {
    let runs = match bat {
        Some(c) if c.rank() > bowled.rank() => runs_for(c.rank() - bowled.rank()),
        _ => 0,
    };
    Outcome {
        runs,
        no_balls: 1,
        ..Outcome::default()
    }
}

/// Wides that stand: 1, or 4 off two 11s, but 1 again when those 11s share a suit (the
/// keeper's superb stop).
pub(crate) fn wides_for(bowled: Card, top: Card) -> u8 {
    let two_elevens = bowled.rank() == TOP_RANK && top.rank() == TOP_RANK;
    if two_elevens && bowled.suit() != top.suit() {
        4
    } else {
        1
    }
}

/// Byes by the table, but none when an 11 follows a 10 of its own suit (superb stop).
pub(crate) fn byes(bowled: Card, top: Card) -> u8 {
    if bowled.rank() == TOP_RANK && bowled.suit() == top.suit() {
        0
    } else {
        byes_for(bowled.rank())
    }
}

/// A normal delivery (or a revoked wide) met by the batsman's card.
pub fn stroke(bowled: Card, bat: Card, striker: u8) -> Outcome {
    let base = Outcome {
        counts: true,
        ..Outcome::default()
    };
    let (b, c) = (bowled.rank(), bat.rank());
    if bat.suit() == bowled.suit() {
        if c > b {
            Outcome {
                runs: runs_for(c - b),
                ..base
            }
        } else if c < b && c <= weakest_defence(striker) {
            Outcome {
                wicket: Some(Dismissal::Bowled),
                ..base
            }
        } else {
            base
        }
    } else if c >= b {
        base
    } else {
        Outcome {
            wicket: Some(dismissal(bowled.suit(), bat.suit())),
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit::*;

    fn c(rank: u8, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    #[test]
    fn calls_in_order_of_precedence() {
        let all = MatchOptions::default();
        // (bowled, top, no-ball suit, expected)
        let cases = [
            (c(5, Bats), c(5, Pads), Bats, Call::NoBall), // no-ball beats wide
            (c(6, Bats), c(5, Pads), Bats, Call::NoBall), // no-ball beats bye
            (c(5, Bats), c(5, Pads), Pads, Call::Wide),
            (c(5, Pads), c(5, Pads), Bats, Call::Wide),
            (c(6, Bats), c(5, Pads), Pads, Call::Bye),
            (c(7, Bats), c(5, Pads), Pads, Call::Normal),
            (c(4, Bats), c(5, Pads), Pads, Call::Normal),
        ];
        for (b, t, n, want) in cases {
            assert_eq!(call_for(&all, b, t, n), want, "{b} on {t}, no-balls {n}");
        }
    }

    #[test]
    fn switched_off_rules_never_apply() {
        let none = MatchOptions {
            no_balls: false,
            wides: false,
            byes: false,
            ..Default::default()
        };
        for (b, t) in [(c(5, Bats), c(5, Pads)), (c(6, Bats), c(5, Pads))] {
            assert_eq!(call_for(&none, b, t, Bats), Call::Normal);
        }
        let no_nb = MatchOptions {
            no_balls: false,
            ..Default::default()
        };
        assert_eq!(call_for(&no_nb, c(5, Bats), c(5, Pads), Bats), Call::Wide);
        let no_wide = MatchOptions {
            wides: false,
            ..Default::default()
        };
        assert_eq!(
            call_for(&no_wide, c(5, Bats), c(5, Pads), Pads),
            Call::Normal
        );
        assert_eq!(call_for(&no_wide, c(6, Bats), c(5, Pads), Pads), Call::Bye);
    }

    #[test]
    fn normal_strokes() {
        // (bowled, bat, striker, runs, wicket)
        let cases = [
            (c(5, Bats), c(8, Bats), 1, 1, None),
            (c(1, Bats), c(11, Bats), 1, 6, None),
            (c(2, Bats), c(11, Bats), 1, 4, None),
            (c(3, Bats), c(8, Bats), 1, 2, None),
            (c(5, Bats), c(5, Bats), 1, 0, None), // defensive, equal
            (c(5, Bats), c(2, Bats), 1, 0, None), // defensive, lower
            (c(5, Bats), c(5, Pads), 1, 0, None), // passes the bat
            (c(10, Bats), c(11, Pads), 1, 0, None), // beaten the bat
            (c(5, Bats), c(4, Pads), 1, 0, Some(Dismissal::Lbw)),
            (c(5, Pads), c(4, Bats), 1, 0, Some(Dismissal::Caught)),
            (c(5, Bats), c(4, Stumps), 1, 0, Some(Dismissal::RunOut)),
            (c(5, Stumps), c(4, Gloves), 1, 0, Some(Dismissal::Stumped)),
        ];
        for (b, bat, s, runs, wicket) in cases {
            let o = stroke(b, bat, s);
            assert_eq!(
                (o.runs, o.wicket, o.counts),
                (runs, wicket, true),
                "{bat} to {b}"
            );
        }
    }

    #[test]
    fn lower_order_cannot_defend_with_low_cards() {
        // (bowled, bat, striker, out?)
        let cases = [
            (c(5, Bats), c(1, Bats), 5, false),
            (c(5, Bats), c(1, Bats), 6, true),
            (c(5, Bats), c(1, Bats), 8, true),
            (c(5, Bats), c(2, Bats), 8, false),
            (c(5, Bats), c(2, Bats), 9, true),
            (c(5, Bats), c(1, Bats), 11, true),
            (c(5, Bats), c(3, Bats), 11, false),
            (c(1, Bats), c(1, Bats), 11, false), // equal, not a higher card
            (c(2, Bats), c(2, Bats), 9, false),
        ];
        for (b, bat, s, out) in cases {
            let o = stroke(b, bat, s);
            assert_eq!(o.wicket.is_some(), out, "batsman {s}: {bat} to {b}");
            if out {
                assert_eq!(o.wicket, Some(Dismissal::Bowled));
            }
        }
    }

    #[test]
    fn no_ball_answers() {
        let b = c(4, Bats);
        let t = c(9, Pads);
        let (call, o) = resolve(Call::NoBall, b, t, None, 1);
        assert_eq!(
            (call, o.no_balls, o.runs, o.counts),
            (Call::NoBall, 1, 0, false)
        );
        // any suit, higher: runs by the table
        let (_, o) = resolve(Call::NoBall, b, t, Some(c(10, Gloves)), 1);
        assert_eq!((o.no_balls, o.runs), (1, 3));
        // lower card of another suit: thrown away, never a wicket
        let (_, o) = resolve(Call::NoBall, b, t, Some(c(1, Gloves)), 11);
        assert_eq!((o.runs, o.wicket), (0, None));
        // equal rank: thrown away
        let (_, o) = resolve(Call::NoBall, b, t, Some(c(4, Pads)), 1);
        assert_eq!(o.runs, 0);
    }

    #[test]
    fn wides_and_the_superb_stop() {
        let cases = [
            (c(5, Bats), c(5, Pads), 1),
            (c(11, Bats), c(11, Pads), 4),
            (c(11, Pads), c(11, Pads), 1), // superb stop
            (c(1, Gloves), c(1, Gloves), 1),
        ];
        for (b, t, wides) in cases {
            let (call, o) = resolve(Call::Wide, b, t, None, 1);
            assert_eq!(
                (call, o.wides, o.counts, o.extras()),
                (Call::Wide, wides, false, wides),
                "{b} on {t}"
            );
        }
    }

    #[test]
    fn a_revoked_wide_is_a_normal_delivery() {
        let (call, o) = resolve(Call::Wide, c(5, Bats), c(5, Pads), Some(c(9, Bats)), 1);
        assert_eq!(
            (call, o.runs, o.wides, o.counts),
            (Call::WideRevoked, 2, 0, true)
        );
        let (_, o) = resolve(Call::Wide, c(5, Bats), c(5, Pads), Some(c(3, Pads)), 1);
        assert_eq!(o.wicket, Some(Dismissal::Lbw));
    }

    #[test]
    fn byes_by_table_and_superb_stop() {
        for rank in 2..=11u8 {
            let b = c(rank, Bats);
            let t = c(rank - 1, Pads);
            let (_, o) = resolve(Call::Bye, b, t, None, 1);
            assert_eq!(
                (o.byes, o.counts, o.runs),
                (byes_for(rank), true, 0),
                "{b} on {t}"
            );
        }
        let (_, o) = resolve(Call::Bye, c(11, Gloves), c(10, Gloves), None, 1);
        assert_eq!(o.byes, 0, "superb stop");
        let (_, o) = resolve(Call::Bye, c(11, Gloves), c(10, Pads), None, 1);
        assert_eq!(o.byes, 4);
    }

    #[test]
    fn call_names_round_trip() {
        for call in [
            Call::Normal,
            Call::NoBall,
            Call::Wide,
            Call::WideRevoked,
            Call::Bye,
        ] {
            assert_eq!(Call::parse(call.name()), Some(call));
        }
    }
}
