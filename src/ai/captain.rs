//! The captain's decisions: the choice at the toss, the batting side's opening discard,
//! the cards changed after a wicket, declarations, and the batting stance for the match
//! situation (chase, or block out for the draw).

use crate::cards::Card;
use crate::engine::state::BALLS_PER_OVER;
use crate::engine::tables::runs_for;
use crate::engine::{Choice, PublicState, Side, View};

use super::batting::{Cards, Covers, Judgement, Lookahead, NextBall, Stance, NONE_SPENT, WIN_RUNS};
use super::profile::{Batting, Declare};
use super::situation::{deliveries_left, lead, wickets_to_win};

/// Runs per delivery and balls per wicket the captain expects when the match has shown too
/// little to go on.
const PRIOR_RUNS_PER_BALL: f32 = 0.55;
const PRIOR_BALLS_PER_WICKET: f32 = 45.0;

/// How the match has gone so far: runs per delivery and balls per wicket, the prior blended
/// with every innings played.
#[derive(Clone, Copy, Debug)]
pub struct Rates {
    pub runs_per_ball: f32,
    pub balls_per_wicket: f32,
}

impl Rates {
    /// The prior alone: what a captain whose declaration policy weighs no evidence reads
    /// ([`Rates::read_by`]).
    pub fn prior() -> Rates {
        Rates {
            runs_per_ball: PRIOR_RUNS_PER_BALL,
            balls_per_wicket: PRIOR_BALLS_PER_WICKET,
        }
    }

    /// The rates a captain batting by `batting` reads for `side`: those `side` has batted
    /// at, blended with the prior, when its declaration policy weighs evidence; the prior
    /// otherwise.
    pub fn read_by(batting: &Batting, p: &PublicState, side: Side) -> Rates {
        let evidence = match batting.declare {
            Declare::ByTime { evidence, .. } => evidence,
            Declare::Totals { .. } => None,
        };
        match evidence {
            Some(w) => Rates::blended(p, side, w),
            None => Rates::prior(),
        }
    }

    /// The rates `side` has batted at, blended with the prior counted as `w` deliveries.
    pub fn blended(p: &PublicState, side: Side, w: f32) -> Rates {
        let (mut runs, mut balls, mut wickets) = (0.0f32, 0.0f32, 0.0f32);
        for inn in p.started().iter().filter(|i| i.batting == side) {
            runs += inn.total as f32;
            balls += inn.balls as f32;
            wickets += inn.wickets as f32;
        }
        Rates {
            runs_per_ball: (runs + w * PRIOR_RUNS_PER_BALL) / (balls + w),
            balls_per_wicket: (balls + w) / (wickets + w / PRIOR_BALLS_PER_WICKET),
        }
    }

    /// Runs a side scores before it is all out, about.
    pub fn all_out_total(&self, p: &PublicState) -> f32 {
        self.runs_per_ball * self.balls_per_wicket * p.options.all_out() as f32
    }
}

/// The captain's declaration: what its policy says (`declare_by_totals`, or `declare_by_time`
/// on `rates`, the other side's batting rates as the policy reads them), but never without
/// time to win (`time_to_win`), whatever the policy, nor (with `batting.needed`) while the
/// time left is ample enough for batting on to cost nothing (`needed`).
pub fn declare(p: &PublicState, batting: &Batting, rates: impl Fn() -> Rates) -> Choice {
    let choice = match batting.declare {
        totals @ Declare::Totals { .. } => declare_by_totals(p, totals),
        Declare::ByTime { margin, .. } => declare_by_time(p, &rates, margin),
    };
    if choice != Choice::Declare {
        return choice;
    }
    let theirs = rates();
    let refused = !time_to_win(p, theirs, batting.time_to_win)
        || batting.needed.is_some_and(|weight| {
            !needed(p, Rates::read_by(batting, p, p.batting()), theirs, weight)
        });
    if refused {
        Choice::Continue
    } else {
        Choice::Declare
    }
}

/// Whether a declaration is needed for the batting side to win: whether batting on puts the
/// win at risk of a draw. It does when the deliveries left, less those the rest of this
/// innings is expected to take (every wicket in hand at `ours`, the batting side's own
/// rates), are fewer than `weight` times those it takes at `theirs` to take every wicket a
/// win still needs (`situation::wickets_to_win`). With more time than that, batting on only
/// adds to the lead, and the other side can still be bowled out after the innings ends;
/// a declaration would give it a smaller target and nothing in return. After a fourth
/// innings, where no declaration can win, never.
pub fn needed(p: &PublicState, ours: Rates, theirs: Rates, weight: f32) -> bool {
    wickets_to_win(p).is_some_and(|wickets| {
        let left = deliveries_left(p);
        let in_hand = p.options.all_out().saturating_sub(p.current().wickets);
        let rest = (in_hand as f32 * ours.balls_per_wicket).min(left);
        left - rest < weight * wickets as f32 * theirs.balls_per_wicket
    })
}

/// Whether declaring now leaves the batting side a real chance to win: the deliveries left
/// in the match are at least `share` of those it would take, at `rates`, to take every
/// wicket a win still needs (`situation::wickets_to_win`). A declaration without that time
/// gives the other side runs to chase and the declaring side nothing to win. A `share` of 0
/// asks only that a win be possible at all.
pub fn time_to_win(p: &PublicState, rates: Rates, share: f32) -> bool {
    wickets_to_win(p).is_some_and(|wickets| {
        deliveries_left(p) >= share * wickets as f32 * rates.balls_per_wicket
    })
}

/// No first innings is declared under this total (nor a second under this lead).
const MIN_FIRST_INNINGS_DECLARATION: u16 = 200;

/// Declares in the third innings once the lead is more than the other side can make: in
/// the time left, or in a whole innings if that is less. With less than half the time it
/// takes to bowl the other side out, only a lead it could not make at twice the usual rate
/// will do (the frozen reference's rule: the levels' `time_to_win` lets none of these through).
/// `rates` are the other side's batting rates; `margin` scales how safe the lead must be.
/// It also declares a big first innings when batting on would leave too little time for a
/// result, and a second innings with a lead the other side is unlikely to clear (a likely
/// innings victory).
#[expect(
    clippy::cast_precision_loss,
    reason = "a lead in runs, far below 2^24: exact as an f32"
)]
pub fn declare_by_time(p: &PublicState, rates: impl FnOnce() -> Rates, margin: f32) -> Choice {
    let worth_asking = match p.innings_number() {
        3 => lead(p) > 0,
        2 => lead(p) >= MIN_FIRST_INNINGS_DECLARATION as i32,
        1 => p.current().total >= MIN_FIRST_INNINGS_DECLARATION,
        _ => false,
    };
    if !worth_asking {
        return Choice::Continue;
    }
    let rates = rates();
    let left = deliveries_left(p);
    let all_out = rates.all_out_total(p);
    let bowl_out = p.options.all_out() as f32 * rates.balls_per_wicket;
    let (ahead, wanted) = match p.innings_number() {
        3 if left < 0.5 * bowl_out => (lead(p), 2.0 * left * rates.runs_per_ball + 20.0),
        3 => (
            lead(p),
            margin * (left * rates.runs_per_ball).min(all_out) + 20.0,
        ),
        1 if left < 2.6 * bowl_out => (p.current().total as i32, 1.3 * all_out),
        2 => (lead(p), 1.3 * all_out),
        _ => return Choice::Continue,
    };
    if ahead as f32 > wanted {
        Choice::Declare
    } else {
        Choice::Continue
    }
}

/// Declares by fixed totals (`Declare::Totals`): a first innings of `first`, a second
/// innings `second_lead` ahead, a third innings `third_lead` ahead (`last_session_lead` in
/// the last session).
pub fn declare_by_totals(p: &PublicState, totals: Declare) -> Choice {
    let Declare::Totals {
        first,
        second_lead,
        third_lead,
        last_session_lead,
    } = totals
    else {
        return Choice::Continue;
    };
    let l = lead(p);
    let last_session = p.packs_left() < p.options.packs_per_session as u16;
    let declare = match p.innings_number() {
        1 => p.current().total >= first,
        2 => l >= second_lead as i32,
        3 => l >= third_lead as i32 || (l >= last_session_lead as i32 && last_session),
        _ => false,
    };
    if declare {
        Choice::Declare
    } else {
        Choice::Continue
    }
}

/// The professional's stance: in the fourth innings it chases a target it can reach and
/// blocks out for the draw when it cannot; otherwise it plays its normal game. A target is
/// in reach at the side's rates over the time left, or by the cards `hand` holds over the
/// balls left (`reach_of_cards`): near the end, what the hand can score matters more than
/// the rate. A side that cannot be bowled out in the time left (`wickets_that_can_fall`)
/// cannot lose: it never blocks, and plays for the runs alone. An answer that wins is worth
/// a win (`WIN_RUNS`). All of this only when the captain `sees_the_end` (the frozen
/// reference judges by the rates alone: it is the yardstick, kept as it was measured).
pub fn stance(
    p: &PublicState,
    w: f32,
    hand: &[Card],
    sees_the_end: bool,
    rates: impl FnOnce() -> Rates,
) -> Stance {
    let normal = Stance {
        wicket: w,
        run: 1.0,
        tempo: 0.0,
        win: if sees_the_end { WIN_RUNS } else { 0.0 },
    };
    let Some(need) = p.runs_to_win() else {
        return normal;
    };
    let wickets_in_hand = p.options.all_out() - p.current().wickets;
    let cannot_lose = wickets_that_can_fall(p).is_some_and(|most| most < wickets_in_hand);
    if sees_the_end && cannot_lose {
        return Stance {
            wicket: CANNOT_LOSE_WICKET * w,
            run: CANNOT_LOSE_RUN,
            ..normal
        };
    }
    let rates = rates();
    let left = deliveries_left(p);
    let reachable = left * rates.runs_per_ball;
    let before_all_out = wickets_in_hand as f32 * rates.runs_per_ball * rates.balls_per_wicket;
    // The cards' reach is worked out only where the rate says the target is out of reach.
    let in_reach_of_cards = || sees_the_end && need <= reach_of_cards(hand, left);
    if need as f32 > 1.3 * reachable && !in_reach_of_cards() {
        Stance {
            wicket: 4.0 * w,
            run: 0.2,
            tempo: 0.3,
            ..normal
        }
    } else if (need as f32) < 0.5 * before_all_out {
        Stance {
            wicket: 0.8 * w,
            ..normal
        }
    } else {
        normal
    }
}

/// A side that cannot lose weighs a wicket at half its normal worth (it costs only the
/// batsman who goes, never the match) and a run at twice (runs alone can change the result).
const CANNOT_LOSE_WICKET: f32 = 0.5;
const CANNOT_LOSE_RUN: f32 = 2.0;

/// The most wickets that can still fall in the innings before time, when the match is in
/// its last pack (`None` before: as good as any number). A wicket needs a delivery that
/// counts, at which both sides play a card and, while the pack lasts, draw one each; once
/// it is used up only the over in play is finished, and the batsmen play no more cards than
/// they hold.
pub fn wickets_that_can_fall(p: &PublicState) -> Option<u8> {
    let rest_of_over = BALLS_PER_OVER - p.balls_in_over;
    if p.exhausted {
        // The batsman plays a card at every wicket (the ball in play's is still in hand).
        let cards = p.hand_sizes[p.batting().index()];
        Some(rest_of_over.min(cards))
    } else if p.packs_left() == 0 {
        // The ball in play may draw one card, every later one two, before the pack is out.
        let before_the_end = (p.pickup_left / 2 + 1).min(100) as u8;
        Some(before_the_end + BALLS_PER_OVER)
    } else {
        None
    }
}

/// The runs the cards of `hand` could bring in `balls` deliveries: each of the best cards
/// (as many as there are balls) against a ball of its own suit half its rank, the runs of
/// a middling lower ball of the suit.
pub fn reach_of_cards(hand: &[Card], balls: f32) -> u16 {
    // On the stack: the stance is asked before every ball of a fourth innings, and the hot
    // loop allocates nothing (tests/it/alloc.rs).
    let mut runs = [0u8; crate::cards::DEAL];
    for (r, c) in runs.iter_mut().zip(hand) {
        let rank = c.rank();
        *r = if rank < 2 {
            0
        } else {
            runs_for(rank - rank / 2)
        };
    }
    runs.sort_unstable_by(|a, b| b.cmp(a));
    #[allow(
        clippy::cast_sign_loss,
        clippy::cast_possible_truncation,
        reason = "not below 0 here, and a float cast saturates (a count of balls or runs, far below the integer's top)"
    )]
    let balls = balls.max(0.0).floor() as usize;
    runs.iter().take(balls).map(|&r| r as u16).sum()
}

/// The county and professional exchange: give up each card (at most two) whose place a
/// fresh card would fill better, judged by the look-ahead for the new batsman.
pub fn look_ahead_exchange(
    view: &View<'_>,
    look: &Lookahead<'_>,
    stance: Stance,
    judge: &Judgement,
) -> Choice {
    let p = view.public;
    let cards = Cards::new(view.hand);
    let next = |drew| NextBall {
        striker: p.striker,
        top_rank: p.top.map_or(0, |t| t.rank()),
        no_ball: p.no_ball_suit,
        drew,
    };
    let mut covers = Covers::new(&cards);
    let now = look
        .danger(&mut covers, NONE_SPENT, next(false))
        .weighted(judge);
    let mut gains: [(f32, Option<Card>); 7] = [(0.0, None); 7];
    for (i, &c) in view.hand.iter().enumerate() {
        let after = look.danger(&mut covers, i, next(true)).weighted(judge);
        gains[i] = (
            stance.wicket * (now - after) + judge.fresh - judge.keep(&cards, i),
            Some(c),
        );
    }
    gains.sort_by(|a, b| b.0.total_cmp(&a.0));
    let pick = |g: (f32, Option<Card>)| if g.0 > 0.0 { g.1 } else { None };
    match (pick(gains[0]), pick(gains[1])) {
        (None, _) => Choice::Exchange([None, None]),
        (a, b) => Choice::Exchange([a, b]),
    }
}

/// The batting side's opening discard at the county and professional levels: the card whose
/// loss leaves the first ball least dangerous (its rank becomes the top card: a shield).
pub fn look_ahead_discard(
    view: &View<'_>,
    look: &Lookahead<'_>,
    stance: Stance,
    judge: &Judgement,
) -> Choice {
    let p = view.public;
    let cards = Cards::new(view.hand);
    let mut covers = Covers::new(&cards);
    let mut best = (f32::MAX, view.hand[0]);
    for (i, &c) in view.hand.iter().enumerate() {
        let next = NextBall {
            striker: 1,
            top_rank: c.rank(),
            no_ball: p.no_ball_suit,
            drew: false,
        };
        let cost = stance.wicket * look.danger(&mut covers, i, next).weighted(judge)
            + judge.keep(&cards, i);
        if cost < best.0 {
            best = (cost, c);
        }
    }
    Choice::Card(best.1)
}
