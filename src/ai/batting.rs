//! Batting: the answer to each delivery (which card to play, or none: taking a wide, letting
//! a no-ball go), by one look-ahead that every level shares.
//!
//! The batsman counts the cards he has not seen (and, at a level that keeps one, uses the
//! memory of the other hand) and prices each answer: its runs, or in the fourth innings a
//! win when it brings the runs needed ([`WIN_RUNS`]), less a wicket's worth times the
//! chance of losing one with the cards the answer leaves: next ball (behind the shield of
//! the card just played: its rank and the next would be a wide and a bye, not a wicket), on
//! a later ball, and once each suit's best card is spent; and less the worth of the card
//! spent. Those chances price keeping high cards, keeping every suit covered and keeping
//! depth behind them. The weights are the level's [`Judgement`] (`profile.rs`); what the
//! side plays for (its normal game, a chase, a block for the draw) is the captain's
//! [`Stance`] (`captain.rs`), which also uses this look-ahead for the cards changed after a
//! wicket and the opening discard when batting first. A level below the professional
//! weighs every answer and strays among them as its mistakes say, never into an answer
//! that is out while its best is safe.
//!
//! The look-ahead runs before most deliveries, so it works on a hand decoded once into
//! small numbers and never allocates.

use std::hint::select_unpredictable;

use crate::cards::{Card, CardCounts, Suit, DEAL, TOP_RANK};
use crate::engine::delivery::{wides_for, Call};
use crate::engine::tables::{weakest_defence, RUNS_BY_DIFFERENCE};
use crate::engine::{Choice, PublicState, View};

use rand::Rng;

use super::counting::{masks, Draws, OtherHand, Unseen};
use super::mistakes::Mistakes;
use super::situation::{next_no_ball_suit, next_striker};

/// Of the bowler's killing cards, the share a fresh draw is expected to answer (a card of a
/// missing suit, or a higher card).
const DRAW_RELIEF: f32 = 0.4;

/// What an answer that wins the match is worth beyond its runs: more than any card kept or
/// any danger after (the match is over), and far more than any level's mistakes stray.
pub const WIN_RUNS: f32 = 200.0;

/// What the batting side plays for: the runs one wicket is worth, the worth of a run, and
/// the worth of using up a card (positive when playing for a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stance {
    pub wicket: f32,
    pub run: f32,
    pub tempo: f32,
    /// What an answer that wins the match (the fourth innings' runs needed) is worth beyond
    /// its runs: [`WIN_RUNS`], or nothing for the frozen reference, which does not look for
    /// it.
    pub win: f32,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cards {
    /// The hand's card indexes, a byte each in hand order, the bytes past its end all ones
    /// (no card's index): equal keys, equal hands.
    key: u64,
    rank: [u8; 7],
    suit: [u8; 7],
    /// Each card's bit by card index, for the masks the look-ahead builds.
    bit: [u64; 7],
    /// The cards held, and those held twice, by card index.
    held: u64,
    doubled: u64,
    len: usize,
    per_suit: [u8; 5],
}

impl Cards {
    pub fn new(hand: &[Card]) -> Cards {
        let hand = &hand[..hand.len().min(DEAL)];
        let mut cards = Cards {
            key: hand_key(hand),
            rank: [0; 7],
            suit: [0; 7],
            bit: [0; 7],
            held: 0,
            doubled: 0,
            len: hand.len(),
            per_suit: [0; 5],
        };
        // Counted a byte a suit in one register: adding to the same byte in memory card after
        // card would make each addition wait for the last.
        let (mut per_suit, mut held, mut doubled) = (0u64, 0u64, 0u64);
        for (i, c) in hand.iter().enumerate() {
            let (r, s) = c.rank_and_suit_index();
            let bit = 1 << c.index();
            cards.rank[i] = r;
            cards.suit[i] = s;
            cards.bit[i] = bit;
            doubled |= held & bit;
            held |= bit;
            per_suit += 1 << (8 * s);
        }
        cards.held = held;
        cards.doubled = doubled;
        let bytes = per_suit.to_le_bytes();
        cards.per_suit = [bytes[0], bytes[1], bytes[2], bytes[3], bytes[4]];
        cards
    }

    /// Decodes `hand` in place of the hand decoded here. A delivery puts the card drawn in
    /// the place of the card played, so a side's hand at its next decision usually differs
    /// from the last in that one place, and changing one card costs about a third of
    /// decoding the hand again. Inlined into each decision: the call itself cost about 12 of
    /// its 77 instructions (1.437 -> 1.428 G instructions, 3 seasons under callgrind).
    #[inline(always)]
    pub fn update(&mut self, hand: &[Card]) {
        let key = hand_key(&hand[..hand.len().min(DEAL)]);
        let diff = key ^ self.key;
        if diff == 0 {
            return;
        }
        let slot = (diff.trailing_zeros() / 8) as usize;
        // One place differs, and the hand is as long: no other byte differs, and the byte
        // that does is a card in both keys (not one past the end of either).
        let one_place = diff >> (8 * slot) >> 8 == 0 && slot < self.len && slot < hand.len();
        if !one_place {
            *self = Cards::new(hand);
            return;
        }
        let (old, new) = (self.bit[slot], 1u64 << hand[slot].index());
        // A card held twice is still held once; the new card may make a pair.
        self.held &= !old | self.doubled;
        self.doubled &= !old;
        self.doubled |= self.held & new;
        self.held |= new;
        let (r, s) = hand[slot].rank_and_suit_index();
        self.per_suit[self.suit[slot] as usize] -= 1;
        self.per_suit[s as usize] += 1;
        (self.rank[slot], self.suit[slot], self.bit[slot]) = (r, s, new);
        self.key = key;
    }

    /// The cards held: at most [`DEAL`], which the compiler is told so that the loops over a
    /// hand's cards index its arrays without checks.
    pub fn len(&self) -> usize {
        self.len.min(DEAL)
    }

    /// The hand as a bag (for the counting, without decoding the hand again).
    pub fn counts(&self) -> CardCounts {
        CardCounts::from_masks(self.held, self.doubled)
    }

    /// Card `i`'s rank and suit index.
    pub fn get(&self, i: usize) -> (u8, u8) {
        (self.rank[i], self.suit[i])
    }

    /// Cards held of suit index `s`.
    pub fn of_suit(&self, s: usize) -> u8 {
        self.per_suit[s]
    }

    /// The slots holding a card held in an earlier slot too (a bit by slot).
    fn repeats(&self) -> u16 {
        if self.doubled == 0 {
            return 0;
        }
        let (mut seen, mut repeats) = (0u64, 0u16);
        for (i, &bit) in self.bit[..self.len].iter().enumerate() {
            repeats |= ((seen & bit != 0) as u16) << i;
            seen |= bit;
        }
        repeats
    }

    /// Whether card `i` is the only one of its suit.
    fn alone(&self, i: usize) -> bool {
        self.per_suit[self.suit[i] as usize] == 1
    }
}

/// The key of a hand of at most [`DEAL`] cards (see [`Cards`]).
///
/// Put together from the hand's bytes: filling an array of bytes card by card became a call
/// to `memcpy`, and a loop over the cards cost more than that. In play a hand holds six
/// cards (seven before the opening discard).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a card's index is below DISTINCT (55): it fits a byte"
)]
pub(super) fn hand_key(hand: &[Card]) -> u64 {
    let k = |c: Card| c.index() as u8;
    match *hand {
        [a, b, c, d, e, f] => u64::from_le_bytes([k(a), k(b), k(c), k(d), k(e), k(f), 255, 255]),
        [a, b, c, d, e, f, g] => {
            u64::from_le_bytes([k(a), k(b), k(c), k(d), k(e), k(f), k(g), 255])
        }
        _ => {
            let mut bytes = [u8::MAX; 8];
            for (b, c) in bytes.iter_mut().zip(hand) {
                *b = k(*c);
            }
            u64::from_le_bytes(bytes)
        }
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
    /// Defending cards of each suit, counted in the suit's 11 bits of a card mask (at most
    /// a hand, so the count never reaches the next suit's bits).
    defenders: u64,
    /// The defending cards, by card index (a card held twice is one bit).
    defending: u64,
}

/// The lowest bit of each suit's 11 bits in a card mask.
const SUIT_BASES: u64 = 1 | 1 << 11 | 1 << 22 | 1 << 33 | 1 << 44;

/// The whole of each suit whose lowest bit is set in `bases` (no carries: the suits'
/// 11-bit spans do not overlap).
fn whole_suits(bases: u64) -> u64 {
    bases * 0x7ff
}

impl Cover {
    /// The cover of `cards` less card `spent`, card by card: the reference for [`Covers`].
    #[cfg(test)]
    pub fn of(cards: &Cards, spent: usize, striker: u8) -> Cover {
        let weak = weakest_defence(striker);
        let mut c = Cover {
            top: 0,
            next_top: 0,
            defenders: 0,
            defending: 0,
        };
        for i in 0..cards.len() {
            let live = (i != spent) as u8;
            let r = cards.rank[i] * live;
            c.next_top = c.next_top.max(r.min(c.top));
            c.top = c.top.max(r);
            let defends = 0u64.wrapping_sub((r > weak) as u64);
            c.defenders += (1u64 << (cards.suit[i] as u32 * TOP_RANK as u32)) & defends;
            c.defending |= cards.bit[i] & defends;
        }
        c
    }

    /// Defending cards of suit index `s`.
    #[cfg(test)]
    fn defenders(&self, s: usize) -> u64 {
        (self.defenders >> (TOP_RANK as usize * s)) & 0x7ff
    }

    /// Whether a defender of suit index `s` holds the top rank (read when it is the only one).
    #[cfg(test)]
    fn defender_on_top(&self, s: usize) -> bool {
        self.defending & masks::suit(s) & masks::rank(self.top as usize) != 0
    }

    /// The cards (of any copy) that would beat these cards: as they are, and once the card
    /// meeting each suit best is spent.
    fn beaten_by(&self) -> (u64, u64) {
        // Each suit joins one group: no defender, a lone defender holding the top rank (the
        // next highest meets it once spent), another lone defender (the top meets it), or
        // two and more (always met). Worked out for all five suits at once on the counts
        // in each suit's lowest bits (a count is at most 6: three bits).
        let d = self.defenders;
        let any = (d | d >> 1 | d >> 2) & SUIT_BASES;
        let lone = any & !(d >> 1 | d >> 2);
        let top_defends = (self.defending >> (self.top.max(1) - 1)) & SUIT_BASES;
        let undefended = whole_suits(SUIT_BASES & !any);
        let behind_next = whole_suits(lone & top_defends);
        let behind_top = whole_suits(lone & !top_defends);
        let above = |r: u8| masks::at_least(r as usize + 1);
        let later = above(self.top) & undefended;
        let deep = above(self.next_top) & (undefended | behind_next) | above(self.top) & behind_top;
        (later, deep)
    }

    /// The highest rank of suit `s` met.
    #[cfg(test)]
    pub fn first(&self, s: usize) -> u8 {
        if self.defenders(s) > 0 {
            TOP_RANK
        } else {
            self.top
        }
    }

    /// The highest rank of suit `s` met once the card meeting it best is spent.
    #[cfg(test)]
    pub fn second(&self, s: usize) -> u8 {
        let d = self.defenders(s);
        let behind_lone_defender = if self.defender_on_top(s) {
            self.next_top
        } else {
            self.top
        };
        if d >= 2 {
            TOP_RANK
        } else if d == 1 {
            behind_lone_defender
        } else {
            self.next_top
        }
    }
}

/// The covers of one hand less any one card (or none), for each weakest defence of the
/// striker. The whole hand's cover is worked out once, in registers (per-suit counts kept
/// in an array on the stack, read back straight after being written, made the processor
/// wait); leaving out a card is then a few operations, where working each answer's cover
/// out afresh went through the whole hand again.
pub struct Covers<'c> {
    cards: &'c Cards,
    /// The whole hand's cover and its third-highest rank, by weakest defence (0, 1, 2).
    whole: [Option<(Cover, u8)>; 3],
}

impl<'c> Covers<'c> {
    pub fn new(cards: &'c Cards) -> Covers<'c> {
        Covers {
            cards,
            whole: [None; 3],
        }
    }

    /// The cover of the hand less card `spent` (or `NONE_SPENT`) when `striker` faces.
    /// Inlined, with [`Lookahead::danger`], into the look-ahead (see there).
    #[inline(always)]
    pub fn less(&mut self, spent: usize, striker: u8) -> Cover {
        let weak = weakest_defence(striker);
        let cards = self.cards;
        // `% 3`: the weakest defence is 0, 1 or 2, and the index then needs no check.
        let (whole, third) =
            *self.whole[weak as usize % 3].get_or_insert_with(|| Self::whole(cards, weak));
        if spent == NONE_SPENT {
            return whole;
        }
        let r = cards.rank[spent];
        let (top, next_top) = if r == whole.top {
            (whole.next_top, third)
        } else if r == whole.next_top {
            (whole.top, third)
        } else {
            (whole.top, whole.next_top)
        };
        let defends = 0u64.wrapping_sub((r > weak) as u64);
        let defenders =
            whole.defenders - ((1u64 << (cards.suit[spent] as u32 * TOP_RANK as u32)) & defends);
        // A card held twice still defends with its other copy.
        let defending = whole.defending & !(cards.bit[spent] & !cards.doubled & defends);
        Cover {
            top,
            next_top,
            defenders,
            defending,
        }
    }

    fn whole(cards: &Cards, weak: u8) -> (Cover, u8) {
        let mut c = Cover {
            top: 0,
            next_top: 0,
            defenders: 0,
            defending: 0,
        };
        let mut third = 0;
        for i in 0..cards.len() {
            let r = cards.rank[i];
            third = third.max(r.min(c.next_top));
            c.next_top = c.next_top.max(r.min(c.top));
            c.top = c.top.max(r);
            let defends = 0u64.wrapping_sub((r > weak) as u64);
            c.defenders += (1u64 << (cards.suit[i] as u32 * TOP_RANK as u32)) & defends;
            c.defending |= cards.bit[i] & defends;
        }
        (c, third)
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
        Lookahead {
            public,
            unseen,
            bowler,
            draws: unseen.draws(bowler.unknown),
        }
    }

    /// How exposed the cards left leave the batsmen: the chance that the bowler holds a
    /// card they cannot meet next ball, on a later ball, and once the best are spent.
    ///
    /// Inlined, with [`Covers::less`], into the look-ahead: the two calls an answer made
    /// (saving and restoring registers, the cover passed through memory) cost a twentieth of
    /// the look-ahead (its instructions 540 -> 510 M, 3 seasons under callgrind).
    #[inline(always)]
    pub fn danger(&self, covers: &mut Covers<'_>, spent: usize, next: NextBall) -> Danger {
        let cover = covers.less(spent, next.striker);
        let (later, deep) = cover.beaten_by();
        let now = later & self.open_next_ball(next);
        let chance = |killers| self.chance(killers, next.drew);
        Danger {
            next: chance(now),
            later: chance(later),
            deep: chance(deep),
        }
    }

    /// A floor under the danger of every answer to a delivery: the lasting and deep dangers
    /// of the whole hand, with `striker` the strongest batsman who may face next and a fresh
    /// card's relief if the answers that play a card draw one (`drew`). An answer leaves out a
    /// card, and may leave a weaker batsman facing, so it is beaten by these cards and
    /// more; no card drawn means no relief; and the next ball's danger is never below
    /// nothing.
    pub fn floor(&self, covers: &mut Covers<'_>, striker: u8, drew: bool) -> Danger {
        let (later, deep) = covers.less(NONE_SPENT, striker).beaten_by();
        Danger {
            next: 0.0,
            later: self.chance(later, drew),
            deep: self.chance(deep, drew),
        }
    }

    /// The chance the bowler holds one of the `killers`, less the share a fresh card would
    /// answer if the batsman `drew` one.
    fn chance(&self, killers: u64, drew: bool) -> f32 {
        let relief = if drew { 1.0 - DRAW_RELIEF } else { 1.0 };
        if killers & self.bowler.known_mask != 0 {
            1.0
        } else {
            1.0 - self
                .draws
                .about_none_of(self.unseen.count(killers) as f32 * relief)
        }
    }

    /// The cards that could take a wicket next ball at all: not of the no-ball suit, and
    /// not of the top card's rank (a wide) or the next (a bye).
    fn open_next_ball(&self, next: NextBall) -> u64 {
        let o = &self.public.options;
        let no_ball = next.no_ball.map_or(0, |s| masks::suit(s.index()));
        let wide = if o.wides {
            masks::rank(next.top_rank as usize)
        } else {
            0
        };
        let bye = if o.byes {
            masks::rank(next.top_rank as usize + 1)
        } else {
            0
        };
        !(no_ball | wide | bye)
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
    /// The runs a wicket is worth in the batsman's normal game.
    pub wicket: f32,
}

impl Judgement {
    /// What card `i` of `cards` is worth kept, by rule of thumb.
    pub fn keep(&self, cards: &Cards, i: usize) -> f32 {
        let alone = if cards.alone(i) { self.alone } else { 0.0 };
        self.per_rank * cards.rank[i] as f32 + alone
    }
}

/// The answer to a delivery at every level, with `cards` the hand decoded: the best
/// of every answer by runs, less the wicket's worth times the chance of losing one now and
/// the weighted dangers after, less the worth of the card spent. `top_before` is the top
/// card the bowler bowled onto.
///
/// Dangers only lower an answer's worth, so answers are weighed best-first by their worth
/// before danger, and the look-ahead stops once no answer left could beat the best found:
/// first by that worth alone, then less a floor under every answer's danger (worked out
/// only when a second answer is worth weighing; it spared about a quarter of the danger
/// calls, 3,808 -> 3,668 instructions a 5 v 5 delivery).
///
/// A delivery with one safe answer, or none, needs no look-ahead: the counting
/// (`knowledge`, given the hand's cards) is done only when there is a choice to weigh.
///
/// A level that makes mistakes weighs every answer, and `mistakes` picks among them.
#[allow(clippy::too_many_arguments)]
pub fn look_ahead_answer<G: Rng + ?Sized>(
    view: &View<'_>,
    cards: &Cards,
    ball: (Card, Call, Card),
    knowledge: impl FnOnce(CardCounts) -> (Unseen, OtherHand),
    stance: Stance,
    judge: &Judgement,
    mistakes: Mistakes,
    rng: &mut G,
) -> Choice {
    let lane = if mistakes.strays() {
        let (best, mut values, out) =
            look_ahead(view, cards, ball, knowledge, stance, judge, Weigh::All);
        // A mistake misjudges what a card is worth, never the rules: while the best answer is
        // safe, an answer that is out is no choice (a person does not give a wicket away).
        if out >> best & 1 == 0 {
            for (lane, v) in values.iter_mut().enumerate() {
                if out >> lane & 1 != 0 {
                    *v = f32::MIN;
                }
            }
        }
        mistakes.choose(&values, best, rng)
    } else {
        look_ahead(
            view,
            cards,
            ball,
            knowledge,
            stance,
            judge,
            Weigh::BestFirst,
        )
        .0
    };
    answer_in_lane(view, lane)
}

/// The answer in `lane`.
fn answer_in_lane(view: &View<'_>, lane: usize) -> Choice {
    if lane == NO_CARD {
        Choice::NoCard
    } else {
        Choice::Card(view.hand[lane - 1])
    }
}

/// How many answers the look-ahead weighs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Weigh {
    /// Until no answer left could beat the best found.
    BestFirst,
    /// Every answer, even where only one is safe: for a level that makes mistakes, and the
    /// reference the tests hold the best-first weighing to.
    All,
}

/// The lane of the look-ahead's answer, (weighing all) every answer's worth by lane,
/// `f32::MIN` for a lane that is no answer or was not weighed, and the lanes of the answers
/// that are out (a bit by lane).
pub(super) fn look_ahead(
    view: &View<'_>,
    cards: &Cards,
    (bowled, call, top_before): (Card, Call, Card),
    knowledge: impl FnOnce(CardCounts) -> (Unseen, OtherHand),
    stance: Stance,
    judge: &Judgement,
    weigh: Weigh,
) -> (usize, [f32; LANES], u16) {
    let p = view.public;
    let mut answers = Answers::list(view, (bowled, call, top_before), cards, stance, judge);
    let mut values = [f32::MIN; LANES];
    let forced = answers.no_choice();
    if let (Some(only), Weigh::BestFirst) = (forced, weigh) {
        return (only, values, answers.out);
    }
    let (unseen, bowler) = knowledge(cards.counts());
    let look = Lookahead::new(p, &unseen, bowler);
    let mut covers = Covers::new(cards);
    let mut floor = None;
    let mut best = (f32::MIN, NO_CARD);
    loop {
        let (lane, bound) = answers.take_best();
        if bound == f32::MIN || (weigh == Weigh::BestFirst && bound <= best.0) {
            break;
        }
        if weigh == Weigh::BestFirst && best.0 != f32::MIN {
            let floor = *floor.get_or_insert_with(|| {
                let strongest = if judge.who_faces {
                    strongest_to_face(p)
                } else {
                    p.striker
                };
                stance.wicket
                    * look
                        .floor(&mut covers, strongest, !p.exhausted)
                        .weighted(judge)
            });
            if bound - floor <= best.0 {
                break;
            }
        }
        let (spent, next) = if lane == NO_CARD {
            (
                NONE_SPENT,
                NextBall {
                    striker: p.striker,
                    top_rank: bowled.rank(),
                    no_ball: p.no_ball_suit,
                    drew: false,
                },
            )
        } else {
            let (runs, wicket, counts) = (
                answers.runs[lane],
                answers.out >> lane & 1 != 0,
                answers.counts,
            );
            let striker = if judge.who_faces {
                next_striker(p, runs, wicket, counts)
            } else {
                p.striker
            };
            let slot = lane - 1;
            (
                slot,
                NextBall {
                    striker,
                    top_rank: cards.rank[slot],
                    no_ball: next_no_ball_suit(p, bowled, counts),
                    drew: !p.exhausted,
                },
            )
        };
        let v = bound - stance.wicket * look.danger(&mut covers, spent, next).weighted(judge);
        values[lane] = v;
        let better = v > best.0;
        best = if better { (v, lane) } else { best };
    }
    (forced.unwrap_or(best.1), values, answers.out)
}

/// Of the batsmen who may face the next ball (the striker, the non-striker, the next man
/// in), the one who defends with the most cards.
fn strongest_to_face(p: &PublicState) -> u8 {
    [p.striker, p.non_striker, p.next_batsman]
        .into_iter()
        .min_by_key(|&b| weakest_defence(b))
        .unwrap_or(p.striker)
}

/// The answers' lanes: no card, then the hand's cards in order.
pub(super) const LANES: usize = 1 + DEAL;
/// The lane of the answer that plays no card; card `i` of the hand is lane `1 + i`.
const NO_CARD: usize = 0;

/// Every distinct answer to a delivery, by lane, and its worth before the look-ahead's
/// dangers. A lane that is no answer (no card when the call does not allow it, a card held
/// in an earlier slot too, past the hand) is worth `f32::MIN` and is never taken. Kept as
/// arrays indexed by lane, with bit masks for the lanes out and the lanes that are answers:
/// a list of answer records, pushed and swapped out, cost about 6% of a professional
/// delivery more.
#[derive(Clone)]
struct Answers {
    bound: [f32; LANES],
    runs: [u8; LANES],
    /// The answers that are out, and all the answers (a bit by lane).
    out: u16,
    live: u16,
    /// Whether a card answer counts in the over (it does unless the ball is a no-ball).
    counts: bool,
}

impl Answers {
    #[inline(always)]
    fn list(
        view: &View<'_>,
        (bowled, call, top_before): (Card, Call, Card),
        cards: &Cards,
        stance: Stance,
        judge: &Judgement,
    ) -> Answers {
        let p = view.public;
        let mut answers = Answers {
            bound: [f32::MIN; LANES],
            runs: [0; LANES],
            out: 0,
            live: 0,
            counts: call != Call::NoBall,
        };
        // In the fourth innings an answer that brings the runs needed wins the match, whatever
        // the stance: it is worth a win more than any other answer (a no-ball's extra run and
        // a wide's extras count; byes come whatever the batsman plays).
        let need = p.runs_to_win().filter(|_| call != Call::Bye);
        let no_ball_extra = (call == Call::NoBall) as u8;
        if call.allows_no_card() {
            let extras = if call == Call::Wide {
                wides_for(bowled, top_before)
            } else {
                0
            };
            answers.bound[NO_CARD] = stance.run * extras as f32;
            // The winning runs may be a wide's extras, or a no-ball's one.
            if need.is_some_and(|n| (extras + no_ball_extra) as u16 >= n) {
                answers.bound[NO_CARD] += stance.win;
            }
            answers.live = 1 << NO_CARD;
        }
        let fresh = if p.exhausted { 0.0 } else { judge.fresh };
        let ball = bowled.rank_and_suit_index();
        let weak = weakest_defence(p.striker);
        for i in 0..cards.len() {
            let (runs, wicket, _) =
                decoded_outcome(call, ball, (cards.rank[i], cards.suit[i]), weak);
            let lane = 1 + i;
            answers.bound[lane] = stance.run * runs as f32 - stance.wicket * wicket as u8 as f32
                + stance.tempo
                - judge.keep(cards, i)
                + fresh;
            answers.runs[lane] = runs;
            answers.out |= (wicket as u16) << lane;
        }
        // In the fourth innings a safe answer that brings the runs needed (a no-ball's extra
        // counting) wins the match: it is worth a win more, whatever the stance. Apart from
        // the loop above, which runs before nearly every delivery of the other innings.
        if let Some(need) = need {
            for lane in 1..=cards.len() {
                let safe = answers.out >> lane & 1 == 0;
                if safe && (answers.runs[lane] + no_ball_extra) as u16 >= need {
                    answers.bound[lane] += stance.win;
                }
            }
        }
        let repeats = cards.repeats() << 1;
        answers.live |= (((1u16 << cards.len()) - 1) << 1) & !repeats;
        // A card held twice is one answer (usually there is none: the loop rarely runs).
        let mut r = repeats;
        while r != 0 {
            answers.bound[r.trailing_zeros() as usize] = f32::MIN;
            r &= r - 1;
        }
        answers
    }

    /// The answer to play without weighing: the only one that is not out, or the best of
    /// a hand that is out whatever it plays.
    fn no_choice(&self) -> Option<usize> {
        let safe = self.live & !self.out;
        match safe.count_ones() {
            0 => Some(self.clone().take_best().0),
            1 => Some(safe.trailing_zeros() as usize),
            _ => None,
        }
    }

    /// Takes out the answer with the highest worth before danger: its lane and worth
    /// (`f32::MIN` once none is left).
    fn take_best(&mut self) -> (usize, f32) {
        let (mut at, mut bound) = (0, f32::MIN);
        // Without jumps: which lane is best is as good as random, and the compiler turned
        // these choices into a jump that the processor guessed wrong about twice a delivery
        // (level 5 against level 1, interleaved bench: 2.95 -> 2.83 times).
        for (i, &b) in self.bound.iter().enumerate() {
            let better = b > bound;
            at = select_unpredictable(better, i, at);
            bound = select_unpredictable(better, b, bound);
        }
        self.bound[at] = f32::MIN;
        (at, bound)
    }
}

/// Runs, wicket, and whether the delivery counts, when a card answers the ball, on decoded
/// ranks and suits (`weak`: the striker's weakest defence). A test holds it to the engine's
/// `resolve`.
fn decoded_outcome(
    call: Call,
    (br, bs): (u8, u8),
    (cr, cs): (u8, u8),
    weak: u8,
) -> (u8, bool, bool) {
    let higher = RUNS_BY_DIFFERENCE[cr.saturating_sub(br) as usize];
    let no_ball = call == Call::NoBall;
    let same_suit = cs == bs;
    let lower = cr < br;
    let runs = higher * (no_ball | same_suit) as u8;
    let wicket = !no_ball & lower & (!same_suit | (cr <= weak));
    (runs, wicket, !no_ball)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DISTINCT;
    use crate::engine::delivery::resolve;

    /// Runs, wicket, and whether the delivery counts, when `card` answers `bowled` (bowled
    /// onto `top`), by the engine's own rules.
    fn card_outcome(
        call: Call,
        bowled: Card,
        top: Card,
        card: Card,
        striker: u8,
    ) -> (u8, bool, bool) {
        let (_, o) = resolve(call, bowled, top, Some(card), striker);
        (o.runs, o.wicket.is_some(), o.counts)
    }

    #[test]
    fn beaten_by_holds_the_cards_above_each_suits_cover() {
        use crate::cards::Suit::*;
        let hands: [&[Card]; 4] = [
            &[
                Card::new(11, Bats),
                Card::new(1, Bats),
                Card::new(10, Pads),
                Card::new(9, Gloves),
            ],
            &[
                Card::new(3, Balls),
                Card::new(7, Balls),
                Card::new(7, Pads),
                Card::new(2, Stumps),
                Card::new(8, Bats),
            ],
            &[Card::new(1, Pads), Card::new(2, Pads), Card::new(1, Bats)],
            &[
                Card::new(9, Gloves),
                Card::new(9, Gloves),
                Card::new(5, Stumps),
                Card::new(10, Balls),
                Card::new(4, Pads),
                Card::new(6, Bats),
            ],
        ];
        for hand in hands {
            let cards = Cards::new(hand);
            for spent in (0..hand.len()).chain([NONE_SPENT]) {
                for striker in [1, 7, 10] {
                    let cover = Cover::of(&cards, spent, striker);
                    let (later, deep) = cover.beaten_by();
                    for c in (0..DISTINCT).map(Card::from_index) {
                        let s = c.suit().index();
                        let bit = 1u64 << c.index();
                        assert_eq!(
                            later & bit != 0,
                            c.rank() > cover.first(s),
                            "{hand:?} less {spent}: {c}"
                        );
                        assert_eq!(
                            deep & bit != 0,
                            c.rank() > cover.second(s),
                            "{hand:?} less {spent}: {c} (deep)"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn covers_less_a_card_agree_with_covers_worked_out_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..3000 {
            let len = rng.random_range(1..=DEAL);
            // Few distinct cards, so that pairs and equal ranks are common, low ones among them
            // (the lower order may not defend with them).
            let rank =
                |rng: &mut rand_chacha::ChaCha8Rng| [1, 2, 3, 10, 11][rng.random_range(0..5)];
            let hand: Vec<Card> = (0..len)
                .map(|_| Card::new(rank(&mut rng), Suit::ALL[rng.random_range(0..2)]))
                .collect();
            let cards = Cards::new(&hand);
            let mut covers = Covers::new(&cards);
            for striker in [1, 7, 10, 2, 8] {
                for spent in (0..len).chain([NONE_SPENT]) {
                    assert_eq!(
                        covers.less(spent, striker),
                        Cover::of(&cards, spent, striker),
                        "{hand:?} less {spent}, striker {striker}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_hand_updated_is_the_hand_decoded_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        // Few distinct cards, so that pairs come and go; never three of a card (there are two).
        let any = |rng: &mut rand_chacha::ChaCha8Rng, others: &[Card]| loop {
            let c = Card::new(rng.random_range(9..=11), Suit::ALL[rng.random_range(0..2)]);
            if others.iter().filter(|&&o| o == c).count() < 2 {
                return c;
            }
        };
        let mut hand: Vec<Card> = Vec::new();
        let mut cards = Cards::new(&[]);
        for step in 0..20_000 {
            match rng.random_range(0..10) {
                // The card played replaced by the card drawn, in its place (most deliveries).
                0..=5 if !hand.is_empty() => {
                    let slot = rng.random_range(0..hand.len());
                    let others: Vec<Card> = hand
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| i != slot)
                        .map(|(_, &c)| c)
                        .collect();
                    hand[slot] = any(&mut rng, &others);
                }
                6 if hand.len() > 1 => _ = hand.remove(rng.random_range(0..hand.len())),
                7 | 8 if hand.len() < DEAL => {
                    let c = any(&mut rng, &hand);
                    hand.push(c);
                }
                _ => {}
            }
            let before = cards;
            cards.update(&hand);
            assert_eq!(
                cards,
                Cards::new(&hand),
                "step {step}: {hand:?} from {before:?}"
            );
        }
    }

    #[test]
    fn repeats_are_the_slots_of_cards_held_in_an_earlier_slot() {
        use crate::cards::Suit::*;
        let (a, b, c) = (
            Card::new(10, Pads),
            Card::new(3, Bats),
            Card::new(7, Gloves),
        );
        assert_eq!(Cards::new(&[a, b, c]).repeats(), 0);
        assert_eq!(Cards::new(&[a, b, a, c, b]).repeats(), 0b10100);
        assert_eq!(Cards::new(&[c, c]).repeats(), 0b10);
    }

    #[test]
    fn answers_are_taken_best_first_and_once() {
        let mut answers = Answers {
            bound: [f32::MIN; LANES],
            runs: [0; LANES],
            out: 0,
            live: 0,
            counts: true,
        };
        answers.bound[..4].copy_from_slice(&[1.0, 3.0, -2.0, 3.0]);
        let taken: Vec<(usize, f32)> = (0..5).map(|_| answers.take_best()).collect();
        // Equal worths go to the earlier lane; once none is left, the worth is f32::MIN.
        assert_eq!(
            taken,
            [(1, 3.0), (3, 3.0), (0, 1.0), (2, -2.0), (0, f32::MIN)]
        );
    }

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn decoded_outcomes_agree_with_the_engine() {
        for b in (0..DISTINCT).map(Card::from_index) {
            for c in (0..DISTINCT).map(Card::from_index) {
                for striker in [1, 6, 9] {
                    let weak = weakest_defence(striker);
                    let (b2, c2) = (b.rank_and_suit_index(), c.rank_and_suit_index());
                    assert_eq!(b2, (b.rank(), b.suit().index() as u8));
                    assert_eq!(
                        decoded_outcome(Call::Normal, b2, c2, weak),
                        card_outcome(Call::Normal, b, b, c, striker)
                    );
                    assert_eq!(
                        decoded_outcome(Call::NoBall, b2, c2, weak),
                        card_outcome(Call::NoBall, b, b, c, striker)
                    );
                }
            }
        }
    }
}
