//! Batting: the answer to each delivery, including whether to take a wide and how to use a
//! no-ball.
//!
//! The village and club levels follow rules of thumb. The county and professional levels
//! count the unseen cards and look ahead: with the cards an answer would leave, how likely
//! is the bowler to hold a card they cannot meet safely — next ball (behind the shield of
//! the card just played: its rank and the next would be a wide and a bye, not a wicket),
//! on a later ball, and once the best cards are spent? Those chances price keeping high
//! cards, keeping every suit covered and keeping depth behind them.
//!
//! The look-ahead runs before most deliveries, so it works on a hand decoded once into
//! small numbers and never allocates.

use crate::cards::{Card, Suit, TOP_RANK};
use crate::engine::delivery::{stroke, Call};
use crate::engine::tables::{runs_for, weakest_defence};
use crate::engine::{Choice, PublicState, View};

use super::counting::{Draws, OtherHand, Unseen};
use super::situation::{next_no_ball_suit, next_striker};

/// Of the bowler's killing cards, the share a fresh draw is expected to answer (a card of a
/// missing suit, or a higher card).
const DRAW_RELIEF: f32 = 0.4;

/// What the batting side plays for: the runs one wicket is worth, the worth of a run, and
/// the worth of using up a card (positive when playing for a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stance {
    pub wicket: f32,
    pub run: f32,
    pub tempo: f32,
}

/// The next ball as the batsmen will face it.
#[derive(Clone, Copy, Debug)]
pub struct NextBall {
    pub striker: u8,
    /// The rank on top of the discard pile: that rank is a wide, the next a bye.
    pub top_rank: u8,
    pub no_ball: Option<Suit>,
    /// The answer drew a fresh card.
    pub drew: bool,
}

/// A hand decoded once: each card's rank and suit index, and cards held of each suit.
#[derive(Clone, Copy, Debug)]
pub struct Cards {
    rank: [u8; 7],
    suit: [u8; 7],
    len: usize,
    per_suit: [u8; 5],
}

impl Cards {
    pub fn new(hand: &[Card]) -> Cards {
        let mut cards = Cards { rank: [0; 7], suit: [0; 7], len: hand.len(), per_suit: [0; 5] };
        for (i, c) in hand.iter().enumerate() {
            cards.rank[i] = c.rank();
            cards.suit[i] = c.suit().index() as u8;
            cards.per_suit[c.suit().index()] += 1;
        }
        cards
    }

    /// Whether card `i` is the only one of its suit.
    fn alone(&self, i: usize) -> bool {
        self.per_suit[self.suit[i] as usize] == 1
    }
}

/// No card is spent.
pub const NONE_SPENT: usize = usize::MAX;

/// How far the cards left (all but `spent`) meet each suit. A ball of a suit with a
/// defending card (same suit, a rank the batsman may defend with) is always met; otherwise
/// only by a card as high. `first(s)` is the highest rank of suit `s` met; `second(s)` the
/// same once the card meeting it best is spent (the depth behind it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cover {
    top: u8,
    next_top: u8,
    defenders: [u8; 5],
    best_defender: [u8; 5],
}

impl Cover {
    pub fn of(cards: &Cards, spent: usize, striker: u8) -> Cover {
        let weak = weakest_defence(striker);
        let mut c = Cover { top: 0, next_top: 0, defenders: [0; 5], best_defender: [0; 5] };
        for i in 0..cards.len {
            if i == spent {
                continue;
            }
            let (r, s) = (cards.rank[i], cards.suit[i] as usize);
            if r > c.top {
                c.next_top = c.top;
                c.top = r;
            } else if r > c.next_top {
                c.next_top = r;
            }
            if r > weak {
                c.defenders[s] += 1;
                c.best_defender[s] = c.best_defender[s].max(r);
            }
        }
        c
    }

    pub fn first(&self, s: usize) -> u8 {
        if self.defenders[s] > 0 {
            TOP_RANK
        } else {
            self.top
        }
    }

    pub fn second(&self, s: usize) -> u8 {
        match self.defenders[s] {
            0 => self.next_top,
            1 if self.best_defender[s] == self.top => self.next_top,
            1 => self.top,
            _ => TOP_RANK,
        }
    }
}

/// How exposed a set of cards leaves the batsmen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Danger {
    /// The chance of a wicket next ball.
    pub next: f32,
    /// The chance on a later ball, with no shield: the lasting worth of the cards.
    pub later: f32,
    /// The same once the cards that cover each suit best are spent: the depth of the cards.
    pub deep: f32,
}

impl Danger {
    /// The wickets it stands for, by the judgement's weights.
    pub fn weighted(self, j: &Judgement) -> f32 {
        j.next * self.next + j.later * self.later + j.deep * self.deep
    }
}

/// The look-ahead of the county and professional levels.
pub struct Lookahead<'v> {
    public: &'v PublicState,
    unseen: &'v Unseen,
    bowler: OtherHand,
    /// The bowler's unknown cards, as draws from the unseen ones.
    draws: Draws,
}

impl<'v> Lookahead<'v> {
    pub fn new(public: &'v PublicState, unseen: &'v Unseen, bowler: OtherHand) -> Lookahead<'v> {
        Lookahead { public, unseen, bowler, draws: unseen.draws(bowler.unknown) }
    }

    /// Whether a ball of `rank` next would be a wide or a bye, not a wicket.
    fn shielded(&self, rank: u8, next: NextBall) -> bool {
        let o = &self.public.options;
        (o.wides && rank == next.top_rank) || (o.byes && rank == next.top_rank + 1)
    }

    /// Unseen cards of suit `s` above `met` that are shielded next ball.
    fn shielded_count(&self, s: Suit, met: u8, next: NextBall) -> u16 {
        let mut n = 0;
        for r in [next.top_rank, next.top_rank + 1] {
            if r > met && self.shielded(r, next) {
                n += self.unseen.count_at(s, r) as u16;
            }
        }
        n
    }

    /// How exposed the cards left leave the batsmen: the chance that the bowler holds a
    /// card they cannot meet next ball, on a later ball, and once the best are spent.
    pub fn danger(&self, cards: &Cards, spent: usize, next: NextBall) -> Danger {
        let cover = Cover::of(cards, spent, next.striker);
        let (mut now, mut later, mut deep) = (0u16, 0u16, 0u16);
        for suit in Suit::ALL {
            let s = suit.index();
            let first = cover.first(s);
            if first < TOP_RANK {
                let k = self.unseen.suit_at_least(suit, first + 1) as u16;
                later += k;
                if Some(suit) != next.no_ball {
                    now += k - self.shielded_count(suit, first, next);
                }
            }
            let second = cover.second(s);
            if second < TOP_RANK {
                deep += self.unseen.suit_at_least(suit, second + 1) as u16;
            }
        }
        let relief = if next.drew { 1.0 - DRAW_RELIEF } else { 1.0 };
        let chance = |killers: u16| 1.0 - self.draws.none_of(killers as f32 * relief);
        let mut d = Danger { next: chance(now), later: chance(later), deep: chance(deep) };
        for k in self.bowler.known.cards() {
            let s = k.suit().index();
            let beats = k.rank() > cover.first(s);
            if beats && Some(k.suit()) != next.no_ball && !self.shielded(k.rank(), next) {
                d.next = 1.0;
            }
            if beats {
                d.later = 1.0;
            }
            if k.rank() > cover.second(s) {
                d.deep = 1.0;
            }
        }
        d
    }
}

/// How a look-ahead batsman weighs what it sees.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// Weights of the three dangers: next ball, later balls, once the best cards are spent.
    pub next: f32,
    pub later: f32,
    pub deep: f32,
    /// A card's worth kept, by rule of thumb: per rank, and for being its suit's only card.
    pub per_rank: f32,
    pub alone: f32,
    /// What a fresh card is worth (answers that draw one against those that do not).
    pub fresh: f32,
    /// The look-ahead follows the strike: who faces the next ball (the lower order?).
    pub who_faces: bool,
}

impl Judgement {
    /// What card `i` of `cards` is worth kept, by rule of thumb.
    pub fn keep(&self, cards: &Cards, i: usize) -> f32 {
        self.per_rank * cards.rank[i] as f32 + if cards.alone(i) { self.alone } else { 0.0 }
    }
}

/// The county and professional answer: the best of every answer by runs, less the wicket's
/// worth times the chance of losing one now and the weighted dangers after, less the worth
/// of the card spent. `top_before` is the top card before the bowler's, if remembered.
pub fn look_ahead_answer(
    view: &View<'_>,
    (bowled, call, top_before): (Card, Call, Option<Card>),
    look: &Lookahead<'_>,
    stance: Stance,
    judge: &Judgement,
) -> Choice {
    let p = view.public;
    let hand = view.hand;
    let cards = Cards::new(hand);
    let mut best = (f32::MIN, Choice::NoCard);
    if call.allows_no_card() {
        let extras = if call == Call::Wide { wides_if_taken(bowled, top_before) } else { 0 };
        let next = NextBall { striker: p.striker, top_rank: bowled.rank(), no_ball: p.no_ball_suit, drew: false };
        let lost = look.danger(&cards, NONE_SPENT, next).weighted(judge);
        best = (stance.run * extras as f32 - stance.wicket * lost, Choice::NoCard);
    }
    let fresh = if p.exhausted { 0.0 } else { judge.fresh };
    for (i, &c) in hand.iter().enumerate() {
        if hand[..i].contains(&c) {
            continue;
        }
        let (runs, wicket, counts) = card_outcome(call, bowled, c, p.striker);
        let striker = if judge.who_faces { next_striker(p, runs, wicket, counts) } else { p.striker };
        let next = NextBall { striker, top_rank: c.rank(), no_ball: next_no_ball_suit(p, bowled, counts), drew: !p.exhausted };
        let lost = wicket as u8 as f32 + look.danger(&cards, i, next).weighted(judge);
        let v = stance.run * runs as f32 - stance.wicket * lost + stance.tempo - judge.keep(&cards, i) + fresh;
        if v > best.0 {
            best = (v, Choice::Card(c));
        }
    }
    best.1
}

/// Runs, wicket, and whether the delivery counts, when `card` answers `bowled`.
fn card_outcome(call: Call, bowled: Card, card: Card, striker: u8) -> (u8, bool, bool) {
    if call == Call::NoBall {
        (no_ball_hit(bowled, card), false, false)
    } else {
        let o = stroke(bowled, card, striker);
        (o.runs, o.wicket.is_some(), true)
    }
}

/// Runs off the bat when `card` hits the no-ball `bowled` (any suit, higher rank).
fn no_ball_hit(bowled: Card, card: Card) -> u8 {
    if card.rank() > bowled.rank() {
        runs_for(card.rank() - bowled.rank())
    } else {
        0
    }
}

/// Wides that stand if the batsman plays no card to the wide `bowled`: 4 off two 11s of
/// different suits. `top_before` is the card the bowler bowled onto, if remembered (the
/// view shows only the bowler's card on top); without it two 11s count as 4.
pub fn wides_if_taken(bowled: Card, top_before: Option<Card>) -> u8 {
    let same_suit = top_before.is_some_and(|t| t.suit() == bowled.suit());
    if bowled.rank() == TOP_RANK && !same_suit {
        4
    } else {
        1
    }
}

/// The village answer: the most runs a safe card makes, else any safe card, else the first
/// card; a wide is taken and a no-ball hit only for runs.
pub fn village_answer(view: &View<'_>, bowled: Card, call: Call) -> Choice {
    let striker = view.public.striker;
    let safe_runs = |c: Card| {
        let (runs, wicket, _) = card_outcome(call, bowled, c, striker);
        (!wicket).then_some(runs)
    };
    let best = view.hand.iter().filter_map(|&c| safe_runs(c).map(|r| (r, c))).max_by_key(|&(r, _)| r);
    match (call, best) {
        (Call::NoBall | Call::Wide, Some((0, _)) | None) => Choice::NoCard,
        (_, Some((_, c))) => Choice::Card(c),
        (_, None) => Choice::Card(view.hand[0]),
    }
}

/// What a fresh card is worth by the club's rule of thumb (an average card).
const CLUB_DRAW: f32 = 2.6;

/// What a card is worth kept, by rule of thumb: high cards pass anything, and the only card
/// of a suit covers that suit.
fn club_keep(hand: &[Card], card: Card) -> f32 {
    let alone = hand.iter().filter(|c| c.suit() == card.suit()).count() == 1;
    0.4 * card.rank() as f32 + if alone { 2.0 } else { 0.0 }
}

/// The club answer: never out when a safe card exists; runs against the worth of the card
/// spent; a no-ball hit for runs or used to throw away a low card; a wide taken unless a
/// clearly better stroke is on.
pub fn club_answer(view: &View<'_>, bowled: Card, call: Call, top_before: Option<Card>) -> Choice {
    let striker = view.public.striker;
    let value = |c: Card| {
        let (runs, wicket, _) = card_outcome(call, bowled, c, striker);
        runs as f32 - if wicket { 100.0 } else { 0.0 } - club_keep(view.hand, c) + CLUB_DRAW
    };
    let (v, card) = view
        .hand
        .iter()
        .map(|&c| (value(c), c))
        .fold((f32::MIN, view.hand[0]), |best, x| if x.0 > best.0 { x } else { best });
    let no_card = match call {
        Call::Wide => wides_if_taken(bowled, top_before) as f32,
        Call::NoBall => 0.0,
        _ => return Choice::Card(card),
    };
    if v > no_card {
        Choice::Card(card)
    } else {
        Choice::NoCard
    }
}
