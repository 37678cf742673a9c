//! A review of one side's play in a finished match: the side's `=` key adviser (the analyst,
//! [`Analyst::adviser`]) goes through the side's balls and answers in order, told every view
//! of the side as it goes, and judges each choice by its own advice there ([`Analyst::fault`]):
//! a choice costs runs when the advice is another choice that does better than it by two
//! standard errors of the paired difference over the same deals. So the review names as the
//! better choice exactly what `=` would have advised at that ball, and never blames a choice
//! `=` advises. The costly ones are listed, dearest first, each with where it came.
//!
//! Its work is bounded: each ball and answer is first weighed on the first 32 of the
//! adviser's 64 deals ([`SCREEN`]), and only those some choice beats there are played out on
//! the other 32 and judged by the advice (`cargo bench --bench resume -- review`).

use super::analyst::{Analyst, Judged};
use crate::engine::delivery::{call_for, resolve, Call};
use crate::engine::score::{overs_text, plural};
use crate::engine::{BallRecord, Choice, Decision, MatchState, Player, Side, View};

/// A decision of a match: the state it was made in and the choice made.
pub type Step = (MatchState, Choice);

/// The adviser's first deals on which each ball and answer is weighed before the rest.
pub const SCREEN: u32 = 32;

/// A choice that cost runs by the analyst's estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Costly {
    /// The innings (1..=4) of the match it came in.
    pub innings: u8,
    /// The side batting then, and which of its innings (1 or 2) that was, as the
    /// scorecard numbers them ("Kent 1st innings").
    pub batting: Side,
    pub side_innings: u8,
    /// The innings' balls on the scoreboard once the ball it bowled or answered was done, as
    /// the scoreboard counts them (a no-ball, or a wide let go, is not one of the over): the
    /// balls before it until [`FollowBall`] has seen the ball.
    pub balls: u16,
    /// The choice made.
    pub chosen: Choice,
    /// The analyst's advice there (what the `=` key answers).
    pub advised: Choice,
    /// What was chosen, and (an answer) what it came to: "you answered 8 of $pads$ with 3 of
    /// $pads$ and were out", "you bowled 11 of !bats!".
    pub made: String,
    /// What the analyst would have chosen, and (an answer) what it would have come to.
    pub better: String,
    /// A ball bowled that took a wicket all the same (the review judges a ball by what the
    /// bowler could know, not by the batsman's hand): said, so that the line is not read as
    /// blaming a ball for failing.
    pub took_wicket: bool,
    /// Runs it cost, by the analyst's estimate.
    pub cost: f32,
}

impl Costly {
    /// The whole line, `names` the home and away sides': "Kent 1st innings, at 37.1 overs:
    /// you answered 8 of $pads$ with 3 of $pads$ and were out; 10 of $pads$ would have
    /// scored 2 (cost about 14 runs)". The innings is named as the scorecard names it (the
    /// batting side's first or second). The overs are the scoreboard's as it showed the
    /// ball's outcome (a wicket at "37.1" is the one the board showed at 37.1; a no-ball
    /// leaves the overs as they were, so it shares its figure with the ball before it, as on
    /// the board). The runs are the analyst's estimate of what the choice cost the side over
    /// the next dozen balls, wickets and cards counted.
    pub fn line(&self, names: [&str; 2]) -> String {
        let nth = ["1st", "2nd"][(self.side_innings.clamp(1, 2) - 1) as usize];
        #[allow(
            clippy::cast_sign_loss,
            clippy::cast_possible_truncation,
            reason = "not below 0 here, and a float cast saturates (a count of balls or runs, far below the integer's top)"
        )]
        let cost = self.cost.round().max(0.0) as u32;
        format!(
            "{} {nth} innings, at {} overs: {} (cost about {})",
            names[self.batting.index()],
            overs_text(self.balls),
            self.text(),
            plural(cost, "run")
        )
    }

    /// What was chosen and what the analyst would have chosen: "you bowled 11 of !bats!, which
    /// took a wicket; by the odds 2 of #stumps# (a bye) was the better ball".
    pub fn text(&self) -> String {
        if self.took_wicket {
            format!(
                "{}, which took a wicket; by the odds {}",
                self.made, self.better
            )
        } else {
            format!("{}; {}", self.made, self.better)
        }
    }
}

/// The kinds of decision a review judges, and counts: balls bowled and answers to them.
pub fn judged_kind(decision: Decision) -> bool {
    matches!(decision, Decision::Bowl | Decision::Respond { .. })
}

/// Follows a ball bowled or answered that a review blames to what it came to, so that its
/// line gives the overs the scoreboard showed once it was done ([`Costly::balls`]: whether a
/// wide counts is known only from the answer) and a wicket a ball bowled took is said
/// ([`Costly::took_wicket`]). Shown the last ball of each state the review passes after the
/// decision (the next decision of either side comes once the ball is settled), and of the
/// match's end.
#[derive(Default)]
pub struct FollowBall {
    /// The blamed choice's place in the list, the last ball when it was made, and whether it
    /// was a ball bowled.
    waiting: Option<(usize, Option<BallRecord>, bool)>,
}

impl FollowBall {
    /// Adds `judged`, the judgement of a choice made at `view`, to `found` if it cost runs,
    /// and follows it to its ball.
    pub fn add(&mut self, found: &mut Vec<Costly>, judged: Option<Costly>, view: &View<'_>) {
        if let Some(c) = judged {
            let bowled = view.decision == Decision::Bowl;
            self.waiting = Some((found.len(), view.public.last_ball, bowled));
            found.push(c);
        }
    }

    /// A later state's last ball: if it is the ball followed, its overs, and the wicket of a
    /// ball bowled, are said.
    pub fn seen(&mut self, found: &mut [Costly], last_ball: Option<BallRecord>) {
        let Some((at, before, bowled)) = self.waiting else {
            return;
        };
        if last_ball == before {
            return;
        }
        self.waiting = None;
        if let (Some(ball), Some(c)) = (last_ball, found.get_mut(at)) {
            c.balls = ball.balls;
            c.took_wicket =
                bowled && ball.wicket.is_some() && c.chosen == Choice::Card(ball.bowler_card);
        }
    }
}

/// Which of its innings (1 or 2) the side batting in `p` is playing.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a side bats at most two innings: the count fits a byte"
)]
fn side_innings(p: &crate::engine::PublicState) -> u8 {
    let batting = p.batting();
    p.started().iter().filter(|i| i.batting == batting).count() as u8
}

/// Judges `choice`, made in `state` by the side `adviser` advises (an adviser told every
/// view of the side before this one): `Some` if it cost runs; `who` names the side in the
/// line. The adviser is not told of the view.
pub fn judge(adviser: &Analyst, state: &MatchState, choice: Choice, who: &str) -> Option<Costly> {
    let view = state.view();
    let j = adviser.fault(&view, choice, SCREEN)?;
    let p = view.public;
    let (made, better) = telling(&view, who, &j);
    Some(Costly {
        innings: p.innings_number(),
        batting: p.batting(),
        side_innings: side_innings(p),
        balls: p.current().balls,
        chosen: j.chosen.0,
        advised: j.advised.0,
        made,
        better,
        took_wicket: false,
        cost: j.cost(),
    })
}

/// The `most` dearest of `found`, dearest first; equal costs in the order they came.
pub fn dearest(mut found: Vec<Costly>, most: usize) -> Vec<Costly> {
    found.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    found.truncate(most);
    found
}

/// Reviews `side`'s decisions in a match: `steps` are every decision of that side in order
/// (its declarations too, as its adviser is told of every view), each the state it was made
/// in and the choice made, and `end` the match's last state; `who` names the side in the
/// lines ("you", or a county). The `most` dearest choices, dearest first.
pub fn review(
    seed: u64,
    side: Side,
    who: &str,
    steps: &[Step],
    end: &MatchState,
    most: usize,
) -> Vec<Costly> {
    let mut adviser = Analyst::adviser(seed, side);
    let mut found = Vec::new();
    let mut follow = FollowBall::default();
    for (state, choice) in steps {
        let view = state.view();
        follow.seen(&mut found, view.public.last_ball);
        if view.side != side {
            continue;
        }
        follow.add(&mut found, judge(&adviser, state, *choice, who), &view);
        adviser.observe(&view, *choice);
    }
    follow.seen(&mut found, end.public().last_ball);
    dearest(found, most)
}

/// What was chosen and what the analyst would have chosen, told: the ball answered (and
/// whether it was a no-ball or a wide), or the ball bowled (and whether it was one).
fn telling(view: &View<'_>, who: &str, j: &Judged) -> (String, String) {
    let card = |c: Choice| match c {
        Choice::Card(c) => c.on_screen(),
        _ => "no card".to_string(),
    };
    let p = view.public;
    match view.decision {
        Decision::Respond {
            bowled,
            call,
            top_before,
        } => {
            // What an answer came to for the batsman: out, runs off the bat, or the wides of
            // a wide let go. A no-ball's own run is the same whatever the answer.
            let came = |c: Choice| {
                let bat = match c {
                    Choice::Card(c) => Some(c),
                    _ => None,
                };
                let (_, o) = resolve(call, bowled, top_before, bat, p.striker);
                match (o.wicket, o.runs, o.wides) {
                    (Some(_), ..) => Came::Out,
                    (None, 0, w) if w > 0 => Came::Wides(w),
                    (None, r, _) => Came::Runs(r),
                }
            };
            let (mine, best) = (j.chosen.0, j.advised.0);
            let were = if who == "you" { "were" } else { "was" };
            let off_the_bat = if call == Call::NoBall {
                " off the bat"
            } else {
                ""
            };
            let (mine_came, best_came) = (came(mine), came(best));
            let also = if mine_came == best_came {
                " too, keeping the better hand"
            } else {
                ""
            };
            let mine_came = format!("and {}", mine_came.told(Some(were), off_the_bat));
            let best_came = best_came.told(None, off_the_bat);
            (
                format!(
                    "{who} answered {}{} with {} {mine_came}",
                    called(call),
                    bowled.on_screen(),
                    card(mine),
                ),
                format!("{} {best_came}{also}", card(best)),
            )
        }
        _ => {
            // The call a card bowled now would bring (no-ball, wide or bye).
            let call_of = |c: Choice| match (c, p.top, p.no_ball_suit) {
                (Choice::Card(c), Some(top), Some(suit)) => call_for(&p.options, c, top, suit),
                _ => Call::Normal,
            };
            let bowled = |c: Choice| match call_of(c) {
                Call::NoBall => format!("{} (a no-ball)", card(c)),
                Call::Wide => format!("{} (a wide)", card(c)),
                Call::Bye => format!("{} (a bye)", card(c)),
                _ => card(c),
            };
            (
                format!("{who} bowled {}", bowled(j.chosen.0)),
                format!("{} was the better ball", bowled(j.advised.0)),
            )
        }
    }
}

/// What an answer to a ball came to for the batsman.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Came {
    Out,
    Runs(u8),
    /// A wide let go, for this many wides.
    Wides(u8),
}

impl Came {
    /// What the answer came to, as said of it: done (`were`: "were" or "was", as "you were
    /// out") or, without it, what it would have come to.
    fn told(self, were: Option<&str>, off_the_bat: &str) -> String {
        let (out, took, scored) = match were {
            Some(were) => (format!("{were} out"), "took", "scored"),
            None => (
                "would have been out".to_string(),
                "would have taken",
                "would have scored",
            ),
        };
        match self {
            Came::Out => out,
            Came::Wides(w) => format!("{took} {}", plural(w.into(), "wide")),
            Came::Runs(0) => format!("{scored} nothing{off_the_bat}"),
            Came::Runs(r) => format!("{scored} {r}{off_the_bat}"),
        }
    }
}

/// "the no-ball " or "the wide " before a ball so called, nothing before a fair one.
fn called(call: Call) -> &'static str {
    match call {
        Call::NoBall => "the no-ball ",
        Call::Wide => "the wide ",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::analyst::Search;
    use crate::ai::{Bot, Level};
    use crate::engine::runner::{chance_rng, play_on_seeing};
    use crate::engine::{MatchOptions, NoRecord};

    /// A short match of `home` against the professional (away): every decision of both
    /// sides with the state it was made in, and the match's end.
    fn against_professional(seed: u64, home: &mut dyn Player) -> (Vec<Step>, MatchState) {
        let options = MatchOptions {
            batsmen: 6,
            packs_per_session: 1,
            days: 2,
            ..MatchOptions::default()
        };
        let pro = Level::PROFESSIONAL;
        let mut away = Bot::new(pro, pro, seed, Side::Away);
        let mut steps = Vec::new();
        let end = play_on_seeing(
            MatchState::new(options),
            &mut chance_rng(seed),
            [home, &mut away],
            &mut NoRecord,
            |state, choice| steps.push((state.clone(), choice)),
        )
        .unwrap();
        (steps, end)
    }

    /// A novice's match against the professional.
    fn novice_v_professional(seed: u64) -> (Vec<Step>, MatchState) {
        let novice = Level::new(1).unwrap();
        against_professional(seed, &mut Bot::new(novice, novice, seed, Side::Home))
    }

    /// The analyst finds the novice's mistakes: more of its choices cost runs, and dearer,
    /// than the professional's; the list is dearest first, each line tells where it came and
    /// what was chosen; the same match reviewed again gives the same review.
    #[test]
    fn what_an_answer_came_to_is_told_as_done_or_as_it_would_have_been() {
        assert_eq!(Came::Out.told(Some("were"), ""), "were out");
        assert_eq!(Came::Out.told(None, ""), "would have been out");
        assert_eq!(Came::Wides(3).told(Some("was"), ""), "took 3 wides");
        assert_eq!(Came::Wides(1).told(None, ""), "would have taken 1 wide");
        let bat = " off the bat";
        assert_eq!(
            Came::Runs(0).told(Some("were"), bat),
            "scored nothing off the bat"
        );
        assert_eq!(Came::Runs(0).told(None, ""), "would have scored nothing");
        assert_eq!(Came::Runs(4).told(Some("was"), ""), "scored 4");
        assert_eq!(
            Came::Runs(2).told(None, bat),
            "would have scored 2 off the bat"
        );
    }

    #[test]
    fn the_novice_costs_more_than_the_professional_and_is_told_so() {
        let (steps, end) = novice_v_professional(4);
        let all = usize::MAX;
        let novice = review(4, Side::Home, "you", &steps, &end, all);
        let pro = review(4, Side::Away, "Kent", &steps, &end, all);
        let total = |v: &[Costly]| v.iter().map(|c| c.cost).sum::<f32>();
        assert!(
            novice.len() > 2 * pro.len() && total(&novice) > total(&pro),
            "novice {} choices, {:.0} runs; professional {} choices, {:.0} runs",
            novice.len(),
            total(&novice),
            pro.len(),
            total(&pro)
        );
        assert!(novice.windows(2).all(|w| w[0].cost >= w[1].cost));
        assert!(novice
            .iter()
            .all(|c| c.cost > 0.0 && (1..=4).contains(&c.innings)));
        let line = novice[0].line(["Home", "Away"]);
        assert!(
            line.contains(" innings, ")
                && line.contains(" overs: you ")
                && line.ends_with(" runs)"),
            "{line}"
        );
        assert!(pro
            .iter()
            .all(|c| c.made.starts_with("Kent answered ") || c.made.starts_with("Kent bowled ")));
        assert_eq!(review(4, Side::Home, "you", &steps, &end, 3), novice[..3]);
    }

    /// The review and the `=` key agree: at every ball and answer of the novice's match the
    /// review blames, the better choice it names is the adviser's answer there (a twin
    /// adviser told the same views), and never the choice made.
    #[test]
    fn the_better_choice_named_is_the_advice_there() {
        let (steps, _) = novice_v_professional(5);
        let mut twin = Analyst::adviser(5, Side::Home);
        let mut blamed = 0;
        for (state, choice) in &steps {
            let view = state.view();
            if view.side != Side::Home {
                continue;
            }
            if let Some(c) = judge(&twin, state, *choice, "you") {
                blamed += 1;
                assert_eq!((c.chosen, c.made.starts_with("you ")), (*choice, true));
                assert_eq!(
                    c.advised,
                    twin.clone().decide(&view),
                    "{}",
                    c.line(["Home", "Away"])
                );
                assert_ne!(c.advised, c.chosen);
            }
            twin.observe(&view, *choice);
        }
        assert!(blamed > 5, "{blamed}");
    }

    /// A side that plays the `=` key's advice at every decision (the adviser playing it) is
    /// blamed for nothing, though a judge on the first half of the adviser's deals alone
    /// would blame some of the same choices: the review's screen on those deals is only a
    /// screen.
    #[test]
    fn a_side_that_plays_the_advice_is_blamed_for_nothing() {
        let mut cheaper = 0;
        for seed in [1, 2] {
            let (steps, end) = against_professional(seed, &mut Analyst::adviser(seed, Side::Home));
            assert_eq!(
                review(seed, Side::Home, "you", &steps, &end, usize::MAX),
                []
            );
            let half = Search {
                deals: SCREEN,
                ..Search::ADVICE
            };
            let mut adviser = Analyst::adviser(seed, Side::Home);
            let mut judge = Analyst::new(seed ^ crate::ai::analyst::ADVISER, Side::Home, half);
            for (state, choice) in &steps {
                let view = state.view();
                if view.side == Side::Home {
                    assert_eq!(adviser.decide(&view), *choice, "seed {seed}");
                    cheaper += judge.fault(&view, *choice, SCREEN).is_some() as u32;
                    adviser.observe(&view, *choice);
                    judge.observe(&view, *choice);
                }
            }
        }
        assert!(cheaper > 0, "the cheaper judge blamed none either");
    }

    /// Every line tells a ball as the person saw it: at the overs the scoreboard showed when
    /// it was bowled, a no-ball or a wide called so (a no-ball's runs off the bat, a wide let
    /// go for its wides), and a ball bowled that was a no-ball, a wide or a bye called so.
    #[test]
    fn a_line_tells_the_ball_as_the_scoreboard_and_the_umpire_did() {
        let options = MatchOptions {
            batsmen: 6,
            packs_per_session: 1,
            days: 2,
            ..MatchOptions::default()
        };
        let (mut told_no_ball, mut told_wide, mut told_bowled) = (0, 0, 0);
        for seed in 1..=3 {
            let novice = Level::new(1).unwrap();
            let mut home = Bot::new(novice, novice, seed, Side::Home);
            let mut away = Bot::new(novice, novice, seed, Side::Away);
            let mut steps: Vec<Step> = Vec::new();
            play_on_seeing(
                MatchState::new(options),
                &mut chance_rng(seed),
                [&mut home, &mut away],
                &mut NoRecord,
                |state, choice| steps.push((state.clone(), choice)),
            )
            .unwrap();
            for (state, choice) in &steps {
                let view = state.view();
                let legal = view.legal_choices();
                let Some(&other) = legal.iter().find(|&&c| c != *choice) else {
                    continue;
                };
                let j = Judged {
                    chosen: (*choice, 0.0),
                    advised: (other, 1.0),
                };
                let p = view.public;
                let (made, better) = telling(&view, "you", &j);
                let line = Costly {
                    innings: p.innings_number(),
                    batting: p.batting(),
                    side_innings: side_innings(p),
                    balls: p.current().balls,
                    chosen: *choice,
                    advised: other,
                    made,
                    better,
                    took_wicket: false,
                    cost: 1.0,
                }
                .line(["Home", "Away"]);
                let at = format!(" innings, at {} overs: ", p.current().overs());
                match view.decision {
                    Decision::Respond {
                        bowled,
                        call,
                        top_before,
                    } => {
                        assert!(line.contains(&at), "{line}");
                        let bat = match choice {
                            Choice::Card(c) => Some(*c),
                            _ => None,
                        };
                        let (_, o) = resolve(call, bowled, top_before, bat, p.striker);
                        let answered =
                            format!("you answered {}{}", called(call), bowled.on_screen());
                        assert!(line.contains(&answered), "{line}");
                        if call == Call::NoBall {
                            told_no_ball += 1;
                            assert!(line.contains(" off the bat"), "{line}");
                        }
                        if call == Call::Wide && bat.is_none() {
                            told_wide += 1;
                            let took = format!("and took {}", plural(o.wides.into(), "wide"));
                            assert!(line.contains(&took), "{line}");
                        }
                    }
                    Decision::Bowl => {
                        let Choice::Card(c) = choice else { continue };
                        let (top, suit) = (p.top.unwrap(), p.no_ball_suit.unwrap());
                        let said = match call_for(&p.options, *c, top, suit) {
                            Call::NoBall => " (a no-ball)",
                            Call::Wide => " (a wide)",
                            Call::Bye => " (a bye)",
                            _ => ";",
                        };
                        told_bowled += (said != ";") as u32;
                        let bowled = format!("you bowled {}{said}", c.on_screen());
                        assert!(line.contains(&at) && line.contains(&bowled), "{line}");
                    }
                    _ => {}
                }
            }
        }
        assert!(
            told_no_ball > 0 && told_wide > 0 && told_bowled > 0,
            "{told_no_ball} no-balls, {told_wide} wides let go, {told_bowled} extras bowled"
        );
    }

    /// A count in a review's line is told in words that agree with it: "about 1 run",
    /// "about 3 runs".
    #[test]
    fn the_runs_a_choice_cost_agree_with_their_number() {
        let costly = |cost| Costly {
            innings: 2,
            batting: Side::Away,
            side_innings: 1,
            balls: 19,
            chosen: Choice::Continue,
            advised: Choice::Continue,
            made: "you bowled 2 of @gloves@".into(),
            better: "3 of $pads$ was the better ball".into(),
            took_wicket: false,
            cost,
        };
        let names = ["Surrey", "Kent"];
        assert_eq!(
            costly(1.2).line(names),
            "Kent 1st innings, at 3.1 overs: you bowled 2 of @gloves@; 3 of $pads$ was the better \
             ball (cost about 1 run)"
        );
        assert!(costly(0.6).line(names).ends_with("(cost about 1 run)"));
        assert!(costly(2.7).line(names).ends_with("(cost about 3 runs)"));
        let wicket = Costly {
            took_wicket: true,
            ..costly(5.0)
        };
        assert_eq!(
            wicket.line(names),
            "Kent 1st innings, at 3.1 overs: you bowled 2 of @gloves@, which took a wicket; by the \
             odds 3 of $pads$ was the better ball (cost about 5 runs)"
        );
    }

    /// A ball blamed that took a wicket says so, and one that did not does not; and every
    /// blamed line's overs are the scoreboard's once its ball was done (one more ball than
    /// before it, unless a no-ball or a wide let go, which are not of the over). Every ball
    /// and answer of the novice's blamed in a match is followed to the ball the engine
    /// recorded.
    #[test]
    fn a_blamed_ball_is_told_at_the_scoreboards_overs_and_its_wicket_said() {
        let (mut with, mut without, mut counted, mut extra) = (0, 0, 0, 0);
        for seed in 1..=12 {
            if with > 0 && without > 0 && extra > 0 {
                break;
            }
            let (steps, end) = novice_v_professional(seed);
            let found = review(seed, Side::Home, "you", &steps, &end, usize::MAX);
            // The ball each step bowled or answered, as the engine recorded it: the first
            // last ball after the step's own (of a later state, or of the end).
            let lasts: Vec<_> = steps
                .iter()
                .skip(1)
                .map(|(s, _)| s.public().last_ball)
                .chain([end.public().last_ball])
                .collect();
            let ball_of = |i: usize| {
                lasts[i..]
                    .iter()
                    .find(|b| **b != steps[i].0.public().last_ball)
                    .copied()
                    .flatten()
            };
            for c in &found {
                let (i, ball) = steps
                    .iter()
                    .enumerate()
                    .filter(|(_, (s, ch))| {
                        s.to_act()
                            .is_some_and(|(side, d)| side == Side::Home && judged_kind(d))
                            && *ch == c.chosen
                            && s.public().innings_number() == c.innings
                    })
                    .find_map(|(i, _)| ball_of(i).filter(|b| b.balls == c.balls).map(|b| (i, b)))
                    .expect("the choice blamed was made, and its ball is at its overs");
                let before = steps[i].0.public().current().balls;
                assert_eq!(
                    c.balls,
                    before + ball.counts as u16,
                    "{}",
                    c.line(["Home", "Away"])
                );
                (counted, extra) = (counted + ball.counts as u32, extra + !ball.counts as u32);
                if !c.made.starts_with("you bowled ") {
                    assert!(!c.took_wicket);
                    continue;
                }
                let wicket = ball.wicket.is_some();
                assert_eq!(c.took_wicket, wicket, "{}", c.line(["Home", "Away"]));
                assert_eq!(
                    c.line(["Home", "Away"])
                        .contains(", which took a wicket; by the odds "),
                    wicket
                );
                (with, without) = (with + wicket as u32, without + !wicket as u32);
            }
        }
        assert!(
            with > 0 && without > 0 && counted > 0 && extra > 0,
            "{with} with a wicket, {without} without; {counted} balls of the over, {extra} not"
        );
    }
}
