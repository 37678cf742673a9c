//! What a side may see of a match: the [`PublicState`] (everything both sides can see, by
//! construction nothing more: no hand, no pickup order) and a deciding side's [`View`] (its own
//! hand and the public state), with the legal answers to the decision it is asked.

use super::choice::{Choice, Decision};
use super::events::{BallRecord, Election};
use super::options::MatchOptions;
use super::score::{InningsScore, MatchResult, Side};
use crate::cards::{Card, CardCounts, Hand, Suit};

/// Everything both sides can see.
#[derive(Clone, Debug)]
pub struct PublicState {
    pub options: MatchOptions,
    /// The pack in use, 1-based.
    pub pack: u16,
    /// Cards left in the pickup pile.
    pub pickup_left: u16,
    /// The last pack has been used up: nothing more will be drawn.
    pub exhausted: bool,
    /// The top card of the discard pile.
    pub top: Option<Card>,
    /// The cards in the discard pile (face up since the last pack).
    pub face_up: CardCounts,
    pub toss_winner: Option<Side>,
    /// The side that bats first (valid once the toss winner has elected).
    pub first_bat: Side,
    pub innings: [InningsScore; 4],
    /// Innings started so far (0..=4).
    pub innings_started: u8,
    pub striker: u8,
    pub non_striker: u8,
    pub next_batsman: u8,
    /// Counting deliveries bowled in the current over.
    pub balls_in_over: u8,
    /// All deliveries bowled in the current over, extras included.
    pub deliveries_in_over: u8,
    pub no_ball_suit: Option<Suit>,
    pub hand_sizes: [u8; 2],
    /// The last card bowled in the match.
    pub last_bowled: Option<Card>,
    /// The last delivery, for display.
    pub last_ball: Option<BallRecord>,
    pub result: Option<MatchResult>,
}

impl PublicState {
    /// The innings in play (or the last one played).
    pub fn current(&self) -> &InningsScore {
        &self.innings[self.innings_started.max(1) as usize - 1]
    }

    /// 1..=4, or 0 before the first.
    pub fn innings_number(&self) -> u8 {
        self.innings_started
    }

    pub fn batting(&self) -> Side {
        self.current().batting
    }

    pub fn bowling(&self) -> Side {
        self.batting().other()
    }

    /// The side's runs over all its innings so far.
    pub fn aggregate(&self, side: Side) -> u16 {
        self.started()
            .iter()
            .filter(|i| i.batting == side)
            .map(|i| i.total)
            .sum()
    }

    /// The innings started so far.
    pub fn started(&self) -> &[InningsScore] {
        &self.innings[..self.innings_started as usize]
    }

    /// Runs the side batting fourth still needs to win (during the fourth innings).
    pub fn runs_to_win(&self) -> Option<u16> {
        (self.innings_started == 4).then(|| {
            let bat = self.batting();
            (self.aggregate(bat.other()) + 1).saturating_sub(self.aggregate(bat))
        })
    }

    /// Packs not yet started.
    pub fn packs_left(&self) -> u16 {
        self.options.max_packs() - self.pack
    }
}

/// What a deciding side may see: its own hand and the public state.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub side: Side,
    pub decision: Decision,
    pub hand: &'a [Card],
    pub public: &'a PublicState,
}

impl View<'_> {
    /// Every legal answer to this decision.
    pub fn legal_choices(&self) -> Vec<Choice> {
        let hand = Hand::from_cards(self.hand);
        let cards = || hand.distinct().map(Choice::Card);
        match self.decision {
            Decision::Elect => vec![Choice::Elect(Election::Bat), Choice::Elect(Election::Bowl)],
            Decision::Declare => vec![Choice::Continue, Choice::Declare],
            Decision::OpeningDiscard | Decision::Bowl => cards().collect(),
            Decision::Respond { call, .. } => {
                let none = call.allows_no_card().then_some(Choice::NoCard);
                none.into_iter().chain(cards()).collect()
            }
            Decision::Exchange => exchange_choices(&hand),
        }
    }

    /// Whether `choice` answers this decision as [`MatchState::apply`] would take it: one of
    /// the legal choices, two cards changed after a wicket in either order.
    ///
    /// [`MatchState::apply`]: super::MatchState::apply
    pub fn allows(&self, choice: Choice) -> bool {
        let legal = self.legal_choices();
        match choice {
            Choice::Exchange([a, b]) => {
                legal.contains(&choice) || legal.contains(&Choice::Exchange([b, a]))
            }
            _ => legal.contains(&choice),
        }
    }
}

/// Every way to give up none, one or two cards of `hand`.
fn exchange_choices(hand: &Hand) -> Vec<Choice> {
    let distinct: Vec<Card> = hand.distinct().collect();
    let mut choices = vec![Choice::Exchange([None, None])];
    for (i, &a) in distinct.iter().enumerate() {
        choices.push(Choice::Exchange([Some(a), None]));
        if hand.count(a) > 1 {
            choices.push(Choice::Exchange([Some(a), Some(a)]));
        }
        for &b in &distinct[i + 1..] {
            choices.push(Choice::Exchange([Some(a), Some(b)]));
        }
    }
    choices
}
