//! A review of one side's play in a finished match: the analyst (`Search::REVIEW`) goes
//! through the side's balls and answers in order, told every view of the side as it goes,
//! and judges each choice against its own shortlist on the same deals; the choices it is
//! sure cost runs (by two standard errors of the paired difference) are listed, dearest
//! first, each with where it came and what the better choice was.
//!
//! Its work is bounded: one judgement on 32 deals (half the adviser's millisecond, `cargo
//! bench --bench ai -- analyst`) for each ball and answer of the side.

use super::analyst::{Analyst, Judged, Search};
use crate::engine::delivery::resolve;
use crate::engine::{Choice, Decision, MatchState, Player, Side};

/// A decision of a match: the state it was made in and the choice made.
pub type Step = (MatchState, Choice);

/// A choice that cost runs by the analyst's estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Costly {
    /// The innings (1..=4) it came in.
    pub innings: u8,
    /// Counting deliveries bowled in the innings before it.
    pub balls: u16,
    /// What was chosen, what the analyst would have chosen, and what each came to.
    pub text: String,
    /// Runs it cost, by the analyst's estimate.
    pub cost: f32,
}

impl Costly {
    /// The whole line: "2nd innings, 37.2 overs: you answered 8 of $pads$ with 3 of $pads$
    /// and were out; 10 of $pads$ would have scored 2 (about 14 runs)". The runs are the analyst's estimate of
    /// what the choice cost the side over the next dozen balls, wickets and cards counted.
    pub fn line(&self) -> String {
        let nth = ["1st", "2nd", "3rd", "4th"][(self.innings.clamp(1, 4) - 1) as usize];
        format!(
            "{nth} innings, {}.{} overs: {} (about {:.0} runs)",
            self.balls / 6,
            self.balls % 6 + 1,
            self.text,
            self.cost
        )
    }
}

/// Reviews `side`'s decisions in a match: `steps` are every decision of that side in order,
/// each the state it was made in and the choice made; `who` names the side in the lines
/// ("you", or a county). The `most` dearest choices, dearest first.
pub fn review(seed: u64, side: Side, who: &str, steps: &[Step], most: usize) -> Vec<Costly> {
    let mut analyst = Analyst::new(seed, side, Search::REVIEW);
    let mut found = Vec::new();
    for (state, choice) in steps {
        let view = state.view();
        if view.side != side {
            continue;
        }
        if let Some(j) = analyst.judge(&view, *choice) {
            if j.sure {
                let p = view.public;
                found.push(Costly {
                    innings: p.innings_number(),
                    balls: p.current().balls,
                    text: telling(&view.decision, p.striker, who, &j),
                    cost: j.cost(),
                });
            }
        }
        analyst.observe(&view, *choice);
    }
    // Dearest first; equal costs in the order they came.
    found.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    found.truncate(most);
    found
}

/// What was chosen and what the analyst would have chosen, told.
fn telling(decision: &Decision, striker: u8, who: &str, j: &Judged) -> String {
    let card = |c: Choice| match c {
        Choice::Card(c) => c.on_screen(),
        _ => "no card".to_string(),
    };
    match *decision {
        Decision::Respond {
            bowled,
            call,
            top_before,
        } => {
            let came = |c: Choice| {
                let bat = match c {
                    Choice::Card(c) => Some(c),
                    _ => None,
                };
                let (_, o) = resolve(call, bowled, top_before, bat, striker);
                match (o.wicket, o.runs) {
                    (Some(_), _) => "out".to_string(),
                    (None, 0) => "nothing".to_string(),
                    (None, r) => r.to_string(),
                }
            };
            let (mine, best) = (j.chosen.0, j.best.0);
            let were = if who == "you" { "were" } else { "was" };
            let (mine_came, best_came) = (came(mine), came(best));
            let also = if mine_came == best_came {
                " too, keeping the better hand"
            } else {
                ""
            };
            let mine_came = match mine_came.as_str() {
                "out" => format!("and {were} out"),
                "nothing" => "and scored nothing".to_string(),
                c => format!("and scored {c}"),
            };
            let best_came = match best_came.as_str() {
                "out" => "would have been out".to_string(),
                c => format!("would have scored {c}"),
            };
            format!(
                "{who} answered {} with {} {mine_came}; {} {best_came}{also}",
                bowled.on_screen(),
                card(mine),
                card(best)
            )
        }
        _ => format!(
            "{who} bowled {}; {} was the better ball",
            card(j.chosen.0),
            card(j.best.0)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Bot, Level};
    use crate::engine::runner::{chance_rng, play_on_seeing};
    use crate::engine::{MatchOptions, NoRecord};

    /// A short match of a novice (home) against the professional (away): every decision of
    /// both sides with the state it was made in.
    fn novice_v_professional(seed: u64) -> Vec<(MatchState, Choice)> {
        let options = MatchOptions {
            batsmen: 6,
            packs_per_session: 1,
            days: 2,
            ..MatchOptions::default()
        };
        let (novice, pro) = (Level::new(1).unwrap(), Level::PROFESSIONAL);
        let mut bots = [
            Bot::new(novice, novice, seed, Side::Home),
            Bot::new(pro, pro, seed, Side::Away),
        ];
        let mut steps = Vec::new();
        let [home, away] = &mut bots;
        play_on_seeing(
            MatchState::new(options),
            &mut chance_rng(seed),
            [home, away],
            &mut NoRecord,
            |state, choice| steps.push((state.clone(), choice)),
        )
        .unwrap();
        steps
    }

    /// The analyst finds the novice's mistakes: more of its choices cost runs, and dearer,
    /// than the professional's; the list is dearest first, each line tells where it came and
    /// what was chosen; the same match reviewed again gives the same review.
    #[test]
    fn the_novice_costs_more_than_the_professional_and_is_told_so() {
        let steps = novice_v_professional(4);
        let all = usize::MAX;
        let novice = review(4, Side::Home, "you", &steps, all);
        let pro = review(4, Side::Away, "Kent", &steps, all);
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
        let line = novice[0].line();
        assert!(
            line.contains(" innings, ")
                && line.contains(" overs: you ")
                && line.ends_with(" runs)"),
            "{line}"
        );
        assert!(pro
            .iter()
            .all(|c| c.text.starts_with("Kent answered ") || c.text.starts_with("Kent bowled ")));
        assert_eq!(review(4, Side::Home, "you", &steps, 3), novice[..3]);
    }
}
