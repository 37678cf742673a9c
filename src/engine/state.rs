//! The match as a state machine: chance events (the deal, the toss, each new pack) and the
//! sides' decisions move it from the deal to the result.
//!
//! [`MatchState`] holds everything, hidden cards included. A side deciding is shown a
//! [`View`]: its own hand and the [`PublicState`], which by construction holds nothing that
//! side could not see (no other hand, no pickup order).

use rand::Rng;

use super::choice::{Choice, Decision, IllegalChoice};
use super::delivery::{call_for, resolve, Call};
use super::events::{BallRecord, DrawBy, Election, Event, Recorder};
use super::options::MatchOptions;
use super::public::{PublicState, View};
use super::score::{InningsClose, InningsEnd, InningsScore, MatchResult, Side};
use crate::cards::{double_pack, Card, CardCounts, Hand, Suit, DEAL, DISTINCT, PACK_SIZE};

/// Counting deliveries in an over.
pub const BALLS_PER_OVER: u8 = 6;

/// A chance event the match is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    Deal,
    Toss,
    /// A new pack from the discard pile, all but its top card.
    Reshuffle,
}

/// Where play resumes after a new pack is formed mid-delivery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resume {
    Bowler,
    Batsman,
    Exchange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Chance(Chance),
    Decide(Side, Decision),
    /// Waiting for a new pack; `DrawBy` says whose draw emptied the old one.
    Reshuffle(Resume),
    Over,
}

/// Progress of a card exchange after a wicket (it may pause for a new pack).
#[derive(Clone, Copy, Debug, Default)]
struct ExchangeProgress {
    out: [Option<Card>; 2],
    done: usize,
    drawn: [Option<Card>; 2],
}

/// A delivery in progress.
#[derive(Clone, Copy, Debug)]
struct Pending {
    bowled: Card,
    top_before: Card,
    no_ball_suit: Suit,
    call: Call,
    pack: u16,
    bat: Option<Card>,
}

/// The whole state of a match, hidden cards included.
#[derive(Clone, Debug)]
pub struct MatchState {
    public: PublicState,
    hands: [Hand; 2],
    /// Top card last.
    pickup: Vec<Card>,
    /// Top card last.
    discard: Vec<Card>,
    phase: Phase,
    pending: Option<Pending>,
    exchange: ExchangeProgress,
}

/// A new pack was offered that is not the discard pile but its top card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotThePile;

impl std::fmt::Display for NotThePile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a new pack must hold exactly the discard pile but its top card")
    }
}

impl std::error::Error for NotThePile {}

impl MatchState {
    /// A match about to be dealt.
    pub fn new(options: MatchOptions) -> MatchState {
        let blank = InningsScore::new(Side::Home);
        MatchState {
            public: PublicState {
                options,
                pack: 1,
                pickup_left: 0,
                exhausted: false,
                top: None,
                face_up: CardCounts::EMPTY,
                toss_winner: None,
                first_bat: Side::Home,
                innings: [blank; 4],
                innings_started: 0,
                striker: 1,
                non_striker: 2,
                next_batsman: 3,
                balls_in_over: 0,
                deliveries_in_over: 0,
                no_ball_suit: None,
                hand_sizes: [0; 2],
                last_bowled: None,
                last_ball: None,
                result: None,
            },
            hands: [Hand::new(); 2],
            pickup: Vec::with_capacity(PACK_SIZE),
            discard: Vec::with_capacity(PACK_SIZE),
            phase: Phase::Chance(Chance::Deal),
            pending: None,
            exchange: ExchangeProgress::default(),
        }
    }

    /// The match as the side deciding in `view` sees it, with the cards it cannot see filled
    /// in: the other hand `other` and the pickup pile `pickup` (top card last), which must be
    /// the cards neither in its hand nor face up (a searching player samples them: a
    /// determinization). Play goes on from the decision in `view`.
    pub fn from_view(view: &View<'_>, other: &[Card], pickup: &[Card]) -> MatchState {
        let p = view.public;
        let mut below = p.face_up;
        if let Some(top) = p.top {
            below.take(top);
        }
        let mut discard: Vec<Card> = Vec::with_capacity(PACK_SIZE);
        discard.extend(below.cards());
        discard.extend(p.top);
        let mut hands = [Hand::new(); 2];
        hands[view.side.index()] = Hand::from_cards(view.hand);
        hands[view.side.other().index()] = Hand::from_cards(other);
        let pending = match view.decision {
            Decision::Respond {
                bowled,
                call,
                top_before,
            } => Some(Pending {
                bowled,
                top_before,
                no_ball_suit: p.no_ball_suit.expect("set by the opening discard"),
                call,
                // The card bowled alone face up: its draw emptied the last pack, which is the
                // pack the ball belongs to.
                pack: p.pack - u16::from(p.face_up.len() == 1),
                bat: None,
            }),
            _ => None,
        };
        let mut pile = Vec::with_capacity(PACK_SIZE);
        pile.extend_from_slice(pickup);
        MatchState {
            public: p.clone(),
            hands,
            pickup: pile,
            discard,
            phase: Phase::Decide(view.side, view.decision),
            pending,
            exchange: ExchangeProgress::default(),
        }
    }

    pub fn public(&self) -> &PublicState {
        &self.public
    }

    pub fn options(&self) -> &MatchOptions {
        &self.public.options
    }

    /// A side's hand. (For the umpire's own checks and for showing a human his cards; a
    /// computer player is given only a [`View`].)
    pub fn hand(&self, side: Side) -> &[Card] {
        self.hands[side.index()].cards()
    }

    /// The pickup pile, top card last.
    pub fn pickup(&self) -> &[Card] {
        &self.pickup
    }

    /// The discard pile, top card last.
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn result(&self) -> Option<&MatchResult> {
        self.public.result.as_ref()
    }

    /// The chance event the match waits for, if any.
    pub fn chance(&self) -> Option<Chance> {
        match self.phase {
            Phase::Chance(c) => Some(c),
            Phase::Reshuffle(_) => Some(Chance::Reshuffle),
            _ => None,
        }
    }

    /// The side to decide and what, if a decision is due.
    pub fn to_act(&self) -> Option<(Side, Decision)> {
        match self.phase {
            Phase::Decide(side, d) => Some((side, d)),
            _ => None,
        }
    }

    /// What the side to act may see. Panics if no decision is due.
    pub fn view(&self) -> View<'_> {
        let (side, decision) = self.to_act().expect("no decision is due");
        View {
            side,
            decision,
            hand: self.hand(side),
            public: &self.public,
        }
    }

    /// Every legal answer to the decision due (empty when none is).
    pub fn legal_choices(&self) -> Vec<Choice> {
        self.to_act()
            .map(|_| self.view().legal_choices())
            .unwrap_or_default()
    }

    // ----- chance events -----

    /// Samples the chance event due from `rng` and applies it.
    pub fn sample_chance<G: Rng + ?Sized, R: Recorder + ?Sized>(
        &mut self,
        rng: &mut G,
        rec: &mut R,
    ) {
        match self.chance().expect("no chance event is due") {
            Chance::Deal => {
                let mut order = double_pack();
                shuffle(&mut order, rng);
                self.deal(&order, rec);
            }
            Chance::Toss => {
                let winner = if rng.random_bool(0.5) {
                    Side::Home
                } else {
                    Side::Away
                };
                self.toss(winner, rec);
            }
            Chance::Reshuffle => {
                self.gather_discards();
                shuffle(&mut self.pickup, rng);
                self.after_reshuffle(rec);
            }
        }
    }

    /// Deals from `order`: the home hand, then the away hand (7 each), then the pickup pile
    /// top first. `order` must be the 110 cards.
    pub fn deal<R: Recorder + ?Sized>(&mut self, order: &[Card], rec: &mut R) {
        assert_eq!(
            self.phase,
            Phase::Chance(Chance::Deal),
            "the deal is not due"
        );
        assert!(is_double_pack(order), "a deal must use the 110 cards");
        self.hands[0] = Hand::from_cards(&order[..DEAL]);
        self.hands[1] = Hand::from_cards(&order[DEAL..2 * DEAL]);
        self.pickup.clear();
        self.pickup.extend(order[2 * DEAL..].iter().rev());
        self.sync_counts();
        rec.record(&Event::Deal {
            home: self.hand(Side::Home),
            away: self.hand(Side::Away),
            pickup: &self.pickup,
        });
        self.phase = Phase::Chance(Chance::Toss);
    }

    /// The toss is won by `winner`.
    pub fn toss<R: Recorder + ?Sized>(&mut self, winner: Side, _rec: &mut R) {
        assert_eq!(
            self.phase,
            Phase::Chance(Chance::Toss),
            "the toss is not due"
        );
        self.public.toss_winner = Some(winner);
        self.phase = Phase::Decide(winner, Decision::Elect);
    }

    /// Forms the new pack in the given order (top first): it must be the discard pile but
    /// its top card.
    pub fn reshuffle<R: Recorder + ?Sized>(
        &mut self,
        top_first: &[Card],
        rec: &mut R,
    ) -> Result<(), NotThePile> {
        assert_eq!(self.chance(), Some(Chance::Reshuffle), "no new pack is due");
        let mut want: Vec<Card> = self.discard[..self.discard.len() - 1].to_vec();
        let mut got = top_first.to_vec();
        want.sort();
        got.sort();
        if want != got {
            return Err(NotThePile);
        }
        self.gather_discards();
        self.pickup.clear();
        self.pickup.extend(top_first.iter().rev());
        self.after_reshuffle(rec);
        Ok(())
    }

    /// Moves all but the top card of the discard pile into the (empty) pickup pile.
    fn gather_discards(&mut self) {
        debug_assert!(self.pickup.is_empty());
        let keep = self.discard.len() - 1;
        self.pickup.extend(self.discard.drain(..keep));
        self.public.face_up = CardCounts::from_cards(&self.discard[..1]);
    }

    fn after_reshuffle<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let Phase::Reshuffle(resume) = self.phase else {
            unreachable!()
        };
        self.public.pack += 1;
        self.sync_counts();
        let after = match resume {
            Resume::Bowler => DrawBy::Bowler,
            Resume::Batsman => DrawBy::Batsman,
            Resume::Exchange => DrawBy::Exchange,
        };
        rec.record(&Event::Pack {
            number: self.public.pack,
            after,
            pickup: &self.pickup,
        });
        match resume {
            Resume::Bowler => self.after_bowler_draw(rec),
            Resume::Batsman => self.settle(rec),
            Resume::Exchange => self.continue_exchange(rec),
        }
    }

    // ----- decisions -----

    /// Applies the side to act's choice, or refuses it (changing nothing).
    pub fn apply<R: Recorder + ?Sized>(
        &mut self,
        choice: Choice,
        rec: &mut R,
    ) -> Result<(), IllegalChoice> {
        let Some((side, decision)) = self.to_act() else {
            return Err(IllegalChoice::NotExpected {
                expected: None,
                got: choice,
            });
        };
        let wrong = || IllegalChoice::NotExpected {
            expected: Some(decision),
            got: choice,
        };
        match (decision, choice) {
            (Decision::Elect, Choice::Elect(e)) => self.elect(side, e, rec),
            (Decision::OpeningDiscard, Choice::Card(c)) => self.opening_discard(side, c, rec)?,
            (Decision::Declare, Choice::Continue) => {
                self.phase = Phase::Decide(side.other(), Decision::Bowl)
            }
            (Decision::Declare, Choice::Declare) => self.declare(rec),
            (Decision::Bowl, Choice::Card(c)) => self.bowl(side, c, rec)?,
            (Decision::Respond { .. }, Choice::Card(c)) => self.respond(side, Some(c), rec)?,
            (Decision::Respond { call, .. }, Choice::NoCard) if call.allows_no_card() => {
                self.respond(side, None, rec)?
            }
            (Decision::Respond { .. }, Choice::NoCard) => return Err(IllegalChoice::CardRequired),
            (Decision::Exchange, Choice::Exchange(out)) => self.exchange(side, out, rec)?,
            _ => return Err(wrong()),
        }
        Ok(())
    }

    fn elect<R: Recorder + ?Sized>(&mut self, side: Side, e: Election, rec: &mut R) {
        self.public.first_bat = if e == Election::Bat {
            side
        } else {
            side.other()
        };
        self.public.innings[0].batting = self.public.first_bat;
        rec.record(&Event::Toss {
            winner: side,
            elected: e,
        });
        self.phase = Phase::Decide(self.public.first_bat.other(), Decision::OpeningDiscard);
    }

    fn opening_discard<R: Recorder + ?Sized>(
        &mut self,
        side: Side,
        card: Card,
        rec: &mut R,
    ) -> Result<(), IllegalChoice> {
        let hand = &mut self.hands[side.index()];
        let slot = hand.position(card).ok_or(IllegalChoice::NotInHand(card))?;
        hand.remove_at(slot);
        self.put_on_top(card);
        self.sync_counts();
        rec.record(&Event::Discard { side, card });
        if side != self.public.first_bat {
            self.public.no_ball_suit = Some(card.suit());
            self.phase = Phase::Decide(side.other(), Decision::OpeningDiscard);
        } else {
            self.start_innings(rec);
        }
        Ok(())
    }

    fn declare<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let inn = *self.public.current();
        let innings = self.public.innings_started;
        rec.record(&Event::Declare {
            innings,
            side: inn.batting,
            total: inn.total,
            wickets: inn.wickets,
        });
        self.end_innings(InningsEnd::Declared, rec);
    }

    fn bowl<R: Recorder + ?Sized>(
        &mut self,
        side: Side,
        card: Card,
        rec: &mut R,
    ) -> Result<(), IllegalChoice> {
        let slot = self.hands[side.index()]
            .position(card)
            .ok_or(IllegalChoice::NotInHand(card))?;
        let top_before = self
            .public
            .top
            .expect("the discard pile is never empty in play");
        let no_ball_suit = self
            .public
            .no_ball_suit
            .expect("set by the opening discard");
        let call = call_for(&self.public.options, card, top_before, no_ball_suit);
        self.pending = Some(Pending {
            bowled: card,
            top_before,
            no_ball_suit,
            call,
            pack: self.public.pack,
            bat: None,
        });
        self.put_on_top(card);
        self.public.last_bowled = Some(card);
        if self.draw(side, slot, Resume::Bowler) {
            self.after_bowler_draw(rec);
        }
        Ok(())
    }

    fn after_bowler_draw<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let p = self.pending.expect("a delivery is in progress");
        if p.call.asks_batsman() {
            let decision = Decision::Respond {
                bowled: p.bowled,
                call: p.call,
                top_before: p.top_before,
            };
            self.phase = Phase::Decide(self.public.batting(), decision);
        } else {
            self.settle(rec);
        }
    }

    fn respond<R: Recorder + ?Sized>(
        &mut self,
        side: Side,
        card: Option<Card>,
        rec: &mut R,
    ) -> Result<(), IllegalChoice> {
        let Some(card) = card else {
            self.settle(rec);
            return Ok(());
        };
        let slot = self.hands[side.index()]
            .position(card)
            .ok_or(IllegalChoice::NotInHand(card))?;
        self.pending
            .as_mut()
            .expect("a delivery is in progress")
            .bat = Some(card);
        self.put_on_top(card);
        if self.draw(side, slot, Resume::Batsman) {
            self.settle(rec);
        }
        Ok(())
    }

    fn exchange<R: Recorder + ?Sized>(
        &mut self,
        side: Side,
        out: [Option<Card>; 2],
        rec: &mut R,
    ) -> Result<(), IllegalChoice> {
        let hand = &self.hands[side.index()];
        for card in out.iter().flatten() {
            let wanted = out.iter().flatten().filter(|&c| c == card).count();
            if hand.count(*card) < wanted {
                return Err(IllegalChoice::NotInHand(*card));
            }
        }
        let mut cards = out.iter().flatten().copied();
        self.exchange = ExchangeProgress {
            out: [cards.next(), cards.next()],
            done: 0,
            drawn: [None; 2],
        };
        self.continue_exchange(rec);
        Ok(())
    }

    /// Gives up the exchange's cards one at a time, each beneath the discard pile's top and
    /// replaced from the pickup pile; stops early if the last pack runs out.
    fn continue_exchange<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let side = self.public.batting();
        while let Some(card) = self.exchange.out.get(self.exchange.done).copied().flatten() {
            if self.public.exhausted {
                break;
            }
            let slot = self.hands[side.index()]
                .position(card)
                .expect("checked when chosen");
            let under = self.discard.len() - 1;
            self.discard.insert(under, card);
            self.public.face_up.add(card);
            self.exchange.done += 1;
            if !self.draw(side, slot, Resume::Exchange) {
                return; // waiting for a new pack; resumes here
            }
        }
        let x = self.exchange;
        // Each exchange done sets its card out and its card drawn, so with one done the first
        // of each is there; a second not made is filled with the first, and the slices leave
        // it out.
        if let (true, Some(out0), Some(drawn0)) = (x.done > 0, x.out[0], x.drawn[0]) {
            let out = [out0, x.out[1].unwrap_or(out0)];
            let drawn = [drawn0, x.drawn[1].unwrap_or(drawn0)];
            rec.record(&Event::Exchange {
                side,
                out: &out[..x.done],
                drawn: &drawn[..x.done],
            });
        }
        self.before_delivery(rec);
    }

    // ----- the delivery and its consequences -----

    /// Plays `card` onto the discard pile.
    fn put_on_top(&mut self, card: Card) {
        self.discard.push(card);
        self.public.top = Some(card);
        self.public.face_up.add(card);
    }

    /// Replaces the card just played from `slot` with the top of the pickup pile (or removes
    /// it once the last pack is used up). Returns false when the draw emptied the pile and a
    /// new pack must be formed first; play resumes at `resume` after it.
    fn draw(&mut self, side: Side, slot: usize, resume: Resume) -> bool {
        let hand = &mut self.hands[side.index()];
        let drawn = self.pickup.pop();
        match drawn {
            Some(card) => hand.set(slot, card),
            None => _ = hand.remove_at(slot),
        }
        if resume == Resume::Exchange {
            self.exchange.drawn[self.exchange.done - 1] = drawn;
        }
        let emptied = drawn.is_some() && self.pickup.is_empty();
        self.sync_counts();
        if !emptied {
            return true;
        }
        if self.public.pack < self.public.options.max_packs() {
            self.phase = Phase::Reshuffle(resume);
            false
        } else {
            self.public.exhausted = true;
            true
        }
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "the pick-up holds at most 110 cards (a u16) and a hand at most 7 (a byte)"
    )]
    fn sync_counts(&mut self) {
        self.public.pickup_left = self.pickup.len() as u16;
        self.public.hand_sizes = [self.hands[0].len() as u8, self.hands[1].len() as u8];
    }

    /// Scores the delivery in progress and moves the match on.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a match has at most four innings: the number fits a byte"
    )]
    fn settle<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let p = self.pending.take().expect("a delivery is in progress");
        let pubs = &mut self.public;
        let (striker, non_striker) = (pubs.striker, pubs.non_striker);
        let (call, out) = resolve(p.call, p.bowled, p.top_before, p.bat, striker);
        let all_out = pubs.options.all_out();
        let idx = pubs.innings_started as usize - 1;
        let inn = &mut pubs.innings[idx];
        inn.total += (out.runs + out.extras()) as u16;
        inn.no_balls += out.no_balls as u16;
        inn.wides += out.wides as u16;
        inn.byes += out.byes as u16;
        let bat = &mut inn.batsmen[striker as usize - 1];
        bat.runs += out.runs as u16;
        if call != Call::Wide {
            bat.balls += 1;
        }
        if out.counts {
            inn.balls += 1;
            pubs.balls_in_over += 1;
        }
        pubs.deliveries_in_over += 1;
        if out.ran() % 2 == 1 {
            std::mem::swap(&mut pubs.striker, &mut pubs.non_striker);
        }
        let wicket = out.wicket.map(|how| {
            inn.batsmen[striker as usize - 1].out = Some(how);
            let partnership = inn.partnership();
            inn.fall[inn.wickets as usize] = super::score::FallOfWicket {
                score: inn.total,
                batsman: striker,
                partnership,
                balls: inn.balls,
            };
            inn.wickets += 1;
            if inn.wickets < all_out {
                pubs.striker = pubs.next_batsman;
                inn.batsmen[pubs.next_batsman as usize - 1].batted = true;
                pubs.next_batsman += 1;
            }
            (striker, how)
        });
        if pubs.balls_in_over == BALLS_PER_OVER {
            pubs.balls_in_over = 0;
            pubs.deliveries_in_over = 0;
            pubs.no_ball_suit = Some(p.bowled.suit());
            std::mem::swap(&mut pubs.striker, &mut pubs.non_striker);
        }
        let inn = &pubs.innings[idx];
        let ball = BallRecord {
            innings: idx as u8 + 1,
            pack: p.pack,
            bowler_card: p.bowled,
            top_before: p.top_before,
            no_ball_suit: p.no_ball_suit,
            call,
            bat_card: p.bat,
            striker,
            non_striker,
            runs: out.runs,
            no_balls: out.no_balls,
            wides: out.wides,
            byes: out.byes,
            counts: out.counts,
            wicket,
            total: inn.total,
            wickets: inn.wickets,
            balls: inn.balls,
        };
        pubs.last_ball = Some(ball);
        rec.record(&Event::Ball(&ball));
        self.after_delivery(wicket.is_some(), rec);
    }

    fn after_delivery<R: Recorder + ?Sized>(&mut self, wicket: bool, rec: &mut R) {
        let pubs = &self.public;
        let inn = pubs.current();
        if inn.wickets == pubs.options.all_out() {
            self.end_innings(InningsEnd::AllOut, rec);
        } else if pubs.runs_to_win() == Some(0) {
            self.end_innings(InningsEnd::Target, rec);
        } else if pubs.exhausted && pubs.deliveries_in_over == 0 {
            self.end_innings(InningsEnd::Time, rec);
        } else if wicket && !pubs.exhausted {
            self.phase = Phase::Decide(inn.batting, Decision::Exchange);
        } else {
            self.before_delivery(rec);
        }
    }

    /// Before each delivery: the match ends at the end of an over once the last pack is used
    /// up, or when a side has no card to play; otherwise the batting side may declare.
    fn before_delivery<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let pubs = &self.public;
        let out_of_cards = self.hands.iter().any(|h| h.is_empty());
        if (pubs.exhausted && pubs.deliveries_in_over == 0) || out_of_cards {
            self.end_innings(InningsEnd::Time, rec);
        } else {
            self.phase = Phase::Decide(pubs.batting(), Decision::Declare);
        }
    }

    fn start_innings<R: Recorder + ?Sized>(&mut self, rec: &mut R) {
        let pubs = &mut self.public;
        let number = pubs.innings_started + 1;
        let batting = if number % 2 == 1 {
            pubs.first_bat
        } else {
            pubs.first_bat.other()
        };
        pubs.innings[number as usize - 1] = InningsScore::new(batting);
        pubs.innings[number as usize - 1].batsmen[0].batted = true;
        pubs.innings[number as usize - 1].batsmen[1].batted = true;
        pubs.innings_started = number;
        pubs.striker = 1;
        pubs.non_striker = 2;
        pubs.next_batsman = 3;
        pubs.balls_in_over = 0;
        pubs.deliveries_in_over = 0;
        if let Some(last) = pubs.last_bowled {
            pubs.no_ball_suit = Some(last.suit());
        }
        let no_ball_suit = pubs.no_ball_suit.expect("set by the opening discard");
        rec.record(&Event::InningsStart {
            number,
            batting,
            no_ball_suit,
        });
        self.before_delivery(rec);
    }

    fn end_innings<R: Recorder + ?Sized>(&mut self, reason: InningsEnd, rec: &mut R) {
        let (result, reason) = self.judge(reason);
        let pubs = &mut self.public;
        let number = pubs.innings_started;
        let inn = &mut pubs.innings[number as usize - 1];
        inn.end = Some(reason);
        let (batting, total, wickets, balls) = (inn.batting, inn.total, inn.wickets, inn.balls);
        rec.record(&Event::InningsEnd {
            number,
            batting,
            total,
            wickets,
            balls,
            reason,
        });
        let result = result.or_else(|| {
            let time = pubs.exhausted || reason == InningsEnd::Time || number == 4;
            time.then(|| MatchResult::draw(None))
        });
        match result {
            Some(r) => self.finish(r, rec),
            None => self.start_innings(rec),
        }
    }

    /// The result (if any) that the innings just ended decides, and the reason to record.
    fn judge(&self, reason: InningsEnd) -> (Option<MatchResult>, InningsEnd) {
        let pubs = &self.public;
        let bat = pubs.batting();
        super::score::judge(InningsClose {
            number: pubs.innings_started,
            reason,
            batting: bat,
            mine: pubs.aggregate(bat),
            theirs: pubs.aggregate(bat.other()),
            wickets_left: pubs.options.all_out() - pubs.current().wickets,
        })
    }

    fn finish<R: Recorder + ?Sized>(&mut self, result: MatchResult, rec: &mut R) {
        self.public.result = Some(result);
        self.phase = Phase::Over;
        rec.record(&Event::Result(&result));
    }
}

/// Fisher-Yates with 32-bit draws, so a seed shuffles alike on every platform.
#[expect(
    clippy::cast_possible_truncation,
    reason = "an index into the double pack, below 110: it fits a u32"
)]
pub fn shuffle<G: Rng + ?Sized>(cards: &mut [Card], rng: &mut G) {
    for i in (1..cards.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        cards.swap(i, j);
    }
}

fn is_double_pack(cards: &[Card]) -> bool {
    let mut counts = [0u8; DISTINCT];
    for c in cards {
        counts[c.index()] += 1;
    }
    cards.len() == PACK_SIZE && counts.iter().all(|&n| n == 2)
}
