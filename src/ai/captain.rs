//! The captain's decisions: the choice at the toss, the batting side's opening discard,
//! the cards changed after a wicket, declarations, and the batting stance for the match
//! situation (chase, or block out for the draw).

use crate::cards::Card;
use crate::engine::{Choice, PublicState, Side, View};

use super::batting::{Cards, Covers, Judgement, Lookahead, NextBall, Stance, NONE_SPENT};
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
    /// The fixed rates of the county level.
    pub fn prior() -> Rates {
        Rates {
            runs_per_ball: PRIOR_RUNS_PER_BALL,
            balls_per_wicket: PRIOR_BALLS_PER_WICKET,
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
/// time to win (`time_to_win`), whatever the policy.
pub fn declare(p: &PublicState, batting: &Batting, rates: impl Fn() -> Rates) -> Choice {
    let choice = match batting.declare {
        totals @ Declare::Totals { .. } => declare_by_totals(p, totals),
        Declare::ByTime { margin, .. } => declare_by_time(p, &rates, margin),
    };
    if choice == Choice::Declare && !time_to_win(p, rates(), batting.time_to_win) {
        Choice::Continue
    } else {
        choice
    }
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
/// blocks out for the draw when it cannot; otherwise it plays its normal game.
pub fn stance(p: &PublicState, w: f32, rates: impl FnOnce() -> Rates) -> Stance {
    let normal = Stance {
        wicket: w,
        run: 1.0,
        tempo: 0.0,
    };
    let Some(need) = p.runs_to_win() else {
        return normal;
    };
    let rates = rates();
    let reachable = deliveries_left(p) * rates.runs_per_ball;
    let wickets_left = (p.options.all_out() - p.current().wickets) as f32;
    let before_all_out = wickets_left * rates.runs_per_ball * rates.balls_per_wicket;
    if need as f32 > 1.3 * reachable {
        Stance {
            wicket: 4.0 * w,
            run: 0.2,
            tempo: 0.3,
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
