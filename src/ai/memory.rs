//! The professional's memory of the other side's hand, built only from what its own views
//! showed.
//!
//! When a pack runs out the pickup pile is empty, so the cards this side has not seen are
//! exactly the other side's hand. The new pack is shuffled from the discard pile, and the
//! face-up count starts again; a side that remembers the old pile still knows those cards
//! until the other side plays them. Between packs, every card that lands on the discard
//! pile and was not this side's own play is a card the other side played, and leaves its
//! hand. Where the views leave it unsure (a new pack formed across the other side's card
//! exchange), the memory forgets rather than guess.

use crate::cards::{Card, CardCounts};
use crate::engine::{BallRecord, Decision, View};

/// Cards left in the pickup pile from which a new pack may form before the side's next view
/// (a delivery draws at most two, and an exchange after a wicket two more).
const NEAR_END: u16 = 4;

/// Cards this side knows the other side holds.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    known: CardCounts,
    /// The discard pile at the last view.
    face_up: CardCounts,
    /// The last view, if it came near the end of a pack (a new one may form before the next).
    near_end: Option<Snapshot>,
    pack: u16,
    /// Cards this side played or gave up since the last view.
    played: CardCounts,
}

/// What a view near the end of a pack showed.
#[derive(Clone, Debug)]
struct Snapshot {
    discard: CardCounts,
    hand: CardCounts,
    last_ball: Option<BallRecord>,
}

impl Memory {
    /// The cards known to be in the other hand.
    pub fn known(&self) -> CardCounts {
        self.known
    }

    /// Notes a card this side played or gave up.
    pub fn played(&mut self, card: Card) {
        self.played.add(card);
    }

    /// Brings the memory up to date with a view of a decision that does not use it (a
    /// declaration), or leaves it for the next view when that comes to the same: within a
    /// pack and away from its end, the cards that leave the other hand between two views add
    /// up, whether counted once or twice. Until the next [`Memory::observe`], `known` may
    /// still hold cards played since.
    pub fn glance(&mut self, view: &View<'_>) {
        let p = view.public;
        if p.pack != self.pack || p.pickup_left <= NEAR_END || self.near_end.is_some() {
            self.observe(view);
        }
    }

    /// Brings the memory up to date with a new view.
    pub fn observe(&mut self, view: &View<'_>) {
        let p = view.public;
        if p.pack == self.pack {
            self.forget_played_by_other(p.face_up);
        } else {
            self.recall_after_new_pack(view);
        }
        self.face_up = p.face_up;
        if p.pickup_left <= NEAR_END {
            self.near_end = Some(Snapshot {
                discard: p.face_up,
                hand: CardCounts::from_cards(view.hand),
                last_ball: p.last_ball,
            });
        } else if self.near_end.is_some() {
            self.near_end = None;
        }
        self.pack = p.pack;
        self.played = CardCounts::EMPTY;
    }

    /// Same pack: the cards added to the discard pile, less this side's own, were the
    /// other side's, and have left its hand.
    fn forget_played_by_other(&mut self, face_up: CardCounts) {
        let by_other = face_up.minus(self.face_up).minus(self.played);
        self.known = self.known.minus(by_other);
    }

    /// A new pack formed since the last view, which came near the end of the old one. The
    /// cards unseen then, less everything this side drew since, less everything face up
    /// now, less the other side's cards of the delivery in between, are cards the other side
    /// held when the old pack ran out and has not played.
    fn recall_after_new_pack(&mut self, view: &View<'_>) {
        let p = view.public;
        let other = view.side.other();
        self.known = CardCounts::EMPTY;
        let Some(snap) = self.near_end.take() else {
            return;
        };
        let new_ball = p.last_ball.filter(|b| Some(*b) != snap.last_ball);
        let other_exchanged = new_ball.is_some_and(|b| b.wicket.is_some()) && p.batting() == other;
        if other_exchanged || p.pack != self.pack + 1 {
            return;
        }
        let drawn_since = CardCounts::from_cards(view.hand).minus(snap.hand.minus(self.played));
        let mut unseen = CardCounts::FULL
            .minus(snap.discard)
            .minus(p.face_up)
            .minus(snap.hand)
            .minus(drawn_since);
        new_ball
            .iter()
            .flat_map(|b| [Some(b.bowler_card), b.bat_card])
            .flatten()
            .for_each(|c| unseen.take(c));
        if let Decision::Respond { bowled, .. } = view.decision {
            unseen.take(bowled);
        }
        if unseen.len() <= p.hand_sizes[other.index()] as u32 {
            self.known = unseen;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Bot, Level};
    use crate::engine::{
        runner::chance_rng, Choice, MatchOptions, MatchState, NoRecord, Player, Side,
    };

    /// Plays professional bots through a whole match, checking after every view that each
    /// card the memory claims is really in the other hand. Returns (views, cards known).
    fn check_memory(seed: u64) -> (usize, usize) {
        let mut state = MatchState::new(MatchOptions::default());
        let mut rng = chance_rng(seed);
        let pro = Level::PROFESSIONAL;
        let mut bots = [
            Bot::new(pro, pro, seed, Side::Home),
            Bot::new(pro, pro, seed, Side::Away),
        ];
        let (mut views, mut known) = (0, 0);
        while !state.is_over() {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
                continue;
            }
            let (side, decision) = state.to_act().unwrap();
            let choice = bots[side.index()].decide(&state.view());
            if decision == Decision::Declare {
                // Only glanced at: the memory is read at the next decision that uses it.
                state.apply(choice, &mut NoRecord).unwrap();
                continue;
            }
            let memory = bots[side.index()].memory.as_deref().unwrap();
            let claimed = memory.known();
            let actual = CardCounts::from_cards(state.hand(side.other()));
            for c in claimed.cards() {
                assert!(
                    claimed.count(c) <= actual.count(c),
                    "seed {seed}: {c} claimed {claimed:?} actual {actual:?}"
                );
            }
            views += 1;
            known += claimed.len() as usize;
            state.apply(choice, &mut NoRecord).unwrap();
        }
        (views, known)
    }

    /// A glance at a declaration's view leaves the memory as a full look would have: the
    /// bots (which glance) and twin memories that look at every view agree at every decision
    /// that uses the memory.
    #[test]
    fn a_glance_at_a_declaration_remembers_what_a_full_look_would() {
        let pro = Level::PROFESSIONAL;
        let mut compared = 0;
        for seed in 0..6 {
            let mut state = MatchState::new(MatchOptions::default());
            let mut rng = chance_rng(seed);
            let mut bots = [
                Bot::new(pro, pro, seed, Side::Home),
                Bot::new(pro, pro, seed, Side::Away),
            ];
            let mut twins = [Memory::default(), Memory::default()];
            while !state.is_over() {
                if state.chance().is_some() {
                    state.sample_chance(&mut rng, &mut NoRecord);
                    continue;
                }
                let (side, _) = state.to_act().unwrap();
                let view = state.view();
                let choice = bots[side.index()].decide(&view);
                let twin = &mut twins[side.index()];
                twin.observe(&view);
                if view.decision != Decision::Declare {
                    let bot = bots[side.index()].memory.as_deref().unwrap();
                    assert_eq!(
                        bot.known(),
                        twin.known(),
                        "seed {seed}: {:?}",
                        view.decision
                    );
                    compared += 1;
                }
                match choice {
                    Choice::Card(c) => twin.played(c),
                    Choice::Exchange(out) => out.into_iter().flatten().for_each(|c| twin.played(c)),
                    _ => {}
                }
                state.apply(choice, &mut NoRecord).unwrap();
            }
        }
        assert!(compared > 5000, "{compared}");
    }

    #[test]
    fn remembered_cards_are_really_in_the_other_hand() {
        let (mut views, mut known) = (0, 0);
        for seed in 0..6 {
            let (v, k) = check_memory(seed);
            views += v;
            known += k;
        }
        println!("known {known} over {views} views");
        assert!(
            known * 10 > views,
            "the memory knows too little: {known} cards over {views} views"
        );
    }
}
