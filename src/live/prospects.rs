//! The state-of-match line's prospects: "Surrey are closing in on victory over Kent!" and its
//! kin, said only where the match's own figures make it likely to come true.

use crate::engine::PublicState;

/// What the prospects line reads from the match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchFigures {
    /// The innings in play, 1-4.
    pub innings: u8,
    /// The batting side's lead over both innings (negative: behind).
    pub lead: i32,
    pub wickets_left: u8,
    /// Deliveries the match has left, about.
    pub balls_left: f32,
    /// Runs, wickets and counted balls of the match so far, every innings.
    pub runs: u32,
    pub wickets: u32,
    pub balls: u32,
}

impl MatchFigures {
    /// The situation of a match in play (`None` before the first innings or after the end).
    pub fn of(p: &PublicState) -> Option<MatchFigures> {
        if p.result.is_some() || p.innings_started == 0 {
            return None;
        }
        let bat = p.batting();
        let started = p.started();
        Some(MatchFigures {
            innings: p.innings_started,
            lead: p.aggregate(bat) as i32 - p.aggregate(bat.other()) as i32,
            wickets_left: p.options.all_out() - p.current().wickets,
            balls_left: crate::ai::situation::deliveries_left(p),
            runs: started.iter().map(|i| i.total as u32).sum(),
            wickets: started.iter().map(|i| i.wickets as u32).sum(),
            balls: started.iter().map(|i| i.balls as u32).sum(),
        })
    }
}

/// What the line may say: each a claim about how the match will end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Claim {
    /// Third innings: the fielding side look poised to win by an innings.
    InningsVictory,
    /// Fourth innings: the fielding side are closing in on victory.
    ClosingIn,
    /// Fourth innings: the batting side are within sight of victory.
    WithinSight,
    /// Fourth innings: the target is out of reach; the batting side must bat out time.
    BatOutTime,
    /// The match cannot be finished in the time left.
    DrawLikely,
}

impl Claim {
    pub const ALL: [Claim; 5] = [
        Claim::InningsVictory,
        Claim::ClosingIn,
        Claim::WithinSight,
        Claim::BatOutTime,
        Claim::DrawLikely,
    ];

    /// Whether the claim came true, given how the match ended: `winner` (`None`: drawn or
    /// tied) as the batting side of the innings the claim was made in (`Some(true)`) or the
    /// fielding side (`Some(false)`), and whether by an innings.
    pub fn came_true(self, batting_won: Option<bool>, by_innings: bool, drawn: bool) -> bool {
        match self {
            Claim::InningsVictory => batting_won == Some(false) && by_innings,
            Claim::ClosingIn => batting_won == Some(false),
            Claim::WithinSight => batting_won == Some(true),
            Claim::BatOutTime => batting_won != Some(true),
            Claim::DrawLikely => drawn,
        }
    }

    /// The claim in words (`bat`, `bowl`: the batting and fielding sides' names).
    pub fn words(self, bat: &str, bowl: &str) -> String {
        match self {
            Claim::InningsVictory => {
                format!("{bowl} look poised to record a rare innings victory over {bat}!")
            }
            Claim::ClosingIn => format!("{bowl} are closing in on victory over {bat}!"),
            Claim::WithinSight => format!("{bat} are within sight of victory over {bowl}!"),
            Claim::BatOutTime => {
                format!("{bat} must bat out time to save the match against {bowl}.")
            }
            Claim::DrawLikely => "A draw looks the likely outcome.".to_string(),
        }
    }

    /// A short name, for the calibration's table.
    pub fn name(self) -> &'static str {
        match self {
            Claim::InningsVictory => "poised to win by an innings",
            Claim::ClosingIn => "closing in on victory",
            Claim::WithinSight => "within sight of victory",
            Claim::BatOutTime => "must bat out time",
            Claim::DrawLikely => "a draw looks likely",
        }
    }
}

/// The least chance, by the model below, at which the line claims the fielding side will
/// win (`docs/PLAY.md` has the calibration).
pub const LIKELY: f64 = 0.9;
/// The least chance at which it claims the side chasing will win: surer, as a chase can
/// also end in a draw.
pub const LIKELY_CHASE: f64 = 0.95;
/// Below this chance of winning, the side chasing is out of the hunt.
pub const OUT_OF_REACH: f64 = 0.001;
/// How much faster than the match's rate a side chasing is allowed to score before the
/// target is called out of reach in the time left.
const OUT_OF_TIME_SLACK: f64 = 1.25;
/// Runs added to a chase's target when its chance is reckoned (see [`chances`]).
const STROKE: f64 = 2.0;
/// Wickets the match must have seen before its figures are trusted.
const MIN_WICKETS: u32 = 3;

/// The chances, by a simple model, that the batting side and the fielding side win: runs
/// come at the match's own rate a ball, wickets fall at its own rate a ball (a Poisson
/// process), and the batting side must make its runs (`need`) before it loses its wickets
/// left and before the time runs out. `None` where there is no chase to reckon (the first
/// two innings, a third innings not behind) or too little of the match to go on.
pub fn chances(s: &MatchFigures) -> Option<(f64, f64)> {
    chances_with(s, 1.0, 1.0)
}

/// The figures of a match of `wickets` wickets are only so sure: a claim is weighed with its
/// rates moved against it by this factor (runs and balls a wicket, both ways).
fn doubt(wickets: u32) -> f64 {
    1.0 + 1.0 / (wickets.max(1) as f64).sqrt()
}

/// [`chances`] with the match's runs a ball and balls a wicket both times `pace` (above 1:
/// the batting side scores faster and loses wickets slower than the match has), and the
/// batting side given `slack` times the time left.
fn chances_with(s: &MatchFigures, pace: f64, slack: f64) -> Option<(f64, f64)> {
    if s.wickets < MIN_WICKETS || s.runs == 0 || s.balls == 0 {
        return None;
    }
    let runs_a_ball = pace * s.runs as f64 / s.balls as f64;
    let balls_a_wicket = pace * s.balls as f64 / s.wickets as f64;
    let time = (s.balls_left as f64).max(0.0);
    let need = match s.innings {
        4 => (1 - s.lead).max(0) as f64,
        // Behind in the third innings: the runs that would make the fielding side bat again.
        3 if s.lead < 0 => -s.lead as f64,
        _ => return None,
    };
    let to_score = need / runs_a_ball;
    let w = s.wickets_left as u32;
    // The fielding side wins by taking every wicket left before the runs come or time ends.
    let fielding = 1.0 - poisson_cdf(w.saturating_sub(1), to_score.min(time) / balls_a_wicket);
    // Runs come in strokes, not a stream: the side chasing is given a stroke's worth more to
    // make, so that one run needed is not reckoned a certainty (a tail can be out for none).
    let to_win = (need + STROKE) / runs_a_ball;
    let batting = if s.innings == 4 && to_win <= time * slack {
        poisson_cdf(w.saturating_sub(1), to_win / balls_a_wicket)
    } else {
        0.0
    };
    Some((batting, fielding))
}

/// P(N <= k) for N Poisson with mean `mean`.
fn poisson_cdf(k: u32, mean: f64) -> f64 {
    let mut term = (-mean).exp();
    let mut sum = term;
    for i in 1..=k {
        term *= mean / i as f64;
        sum += term;
    }
    sum.min(1.0)
}

/// What the line claims in `s`, if anything: only what the model makes likely even with
/// the match's figures doubted against the claim, and nothing where no side is clearly
/// ahead. `all_out` is the wickets that end an innings.
pub fn claim(s: &MatchFigures, all_out: u8) -> Option<Claim> {
    if s.wickets < MIN_WICKETS {
        return None;
    }
    if s.innings <= 2 {
        // Too little time left for even the quickest result (this innings declared, and the
        // next side bowled out for an innings defeat), at twice the match's own rate of
        // wickets.
        let balls_a_wicket = s.balls as f64 / s.wickets as f64;
        let quickest = all_out as f64 * balls_a_wicket;
        return (quickest > 2.0 * s.balls_left.max(0.0) as f64).then_some(Claim::DrawLikely);
    }
    let k = doubt(s.wickets);
    // Doubted in the batting side's favour, then against it.
    let (_, fielding) = chances_with(s, k, 1.0)?;
    let (batting, _) = chances_with(s, 1.0 / k, 1.0)?;
    // Out of reach even scoring a quarter faster than the match has.
    let (in_hunt, fielding_at_best) = chances_with(s, k, OUT_OF_TIME_SLACK)?;
    match s.innings {
        3 => (fielding >= LIKELY).then_some(Claim::InningsVictory),
        _ if fielding >= LIKELY => Some(Claim::ClosingIn),
        _ if batting >= LIKELY_CHASE => Some(Claim::WithinSight),
        _ if in_hunt < OUT_OF_REACH && fielding_at_best < OUT_OF_REACH => Some(Claim::DrawLikely),
        _ if in_hunt < OUT_OF_REACH => Some(Claim::BatOutTime),
        _ => None,
    }
}

/// How often each claim came true over a run of computer matches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Calibration {
    pub matches: u32,
    /// By claim: (matches in which it was made, of which it came true), counting the first
    /// time it was made in a match (its least sure moment).
    pub first: std::collections::BTreeMap<Claim, (u32, u32)>,
    /// By claim: (deliveries after which it was shown, of which it came true).
    pub shown: std::collections::BTreeMap<Claim, (u32, u32)>,
}

impl Calibration {
    /// The share of matches in which `claim`, once made, came true (`None`: never made).
    pub fn rate(&self, claim: Claim) -> Option<f64> {
        let (n, ok) = *self.first.get(&claim)?;
        Some(ok as f64 / n as f64)
    }

    /// The table of figures, for people.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<28} {:>8} {:>7} {:>10} {:>7}\n",
            "claim", "matches", "true", "deliveries", "true"
        );
        for c in Claim::ALL {
            let (n, ok) = self.first.get(&c).copied().unwrap_or_default();
            let (b, bok) = self.shown.get(&c).copied().unwrap_or_default();
            let pct = |ok: u32, n: u32| {
                if n == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}%", 100.0 * ok as f64 / n as f64)
                }
            };
            out.push_str(&format!(
                "{:<28} {n:>8} {:>7} {b:>10} {:>7}\n",
                c.name(),
                pct(ok, n),
                pct(bok, b)
            ));
        }
        out
    }
}

/// Plays `matches` computer matches (seeds `first_seed..`) at `levels` with `options`, and
/// counts how often each claim the line made came true.
pub fn calibrate(
    matches: u32,
    first_seed: u64,
    options: crate::engine::MatchOptions,
    levels: crate::play::Levels,
) -> Calibration {
    use crate::ai::Bot;
    use crate::engine::{runner::chance_rng, Margin, MatchState, NoRecord, Outcome, Player, Side};
    let (bat, bowl) = levels.checked().expect("valid levels");
    let mut cal = Calibration {
        matches,
        ..Calibration::default()
    };
    for seed in first_seed..first_seed + matches as u64 {
        let mut state = MatchState::new(options);
        let mut rng = chance_rng(seed);
        let mut bots = [Side::Home, Side::Away].map(|s| Bot::new(bat, bowl, seed, s));
        // (claim, the side batting when it was made), for every delivery it was shown.
        let mut made: Vec<(Claim, Side)> = Vec::new();
        let mut last_balls = None;
        loop {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
            } else if let Some((side, _)) = state.to_act() {
                let choice = bots[side.index()].decide(&state.view());
                state
                    .apply(choice, &mut NoRecord)
                    .expect("computer players choose legally");
            } else {
                break;
            }
            let p = state.public();
            let Some(s) = MatchFigures::of(p) else {
                continue;
            };
            if last_balls == Some(s.balls) {
                continue;
            }
            last_balls = Some(s.balls);
            if let Some(c) = claim(&s, p.options.all_out()) {
                made.push((c, p.batting()));
            }
        }
        let r = state.result().expect("a finished match");
        let won = (r.outcome == Outcome::Win).then_some(r.winner).flatten();
        let by_innings = matches!(r.margin, Some(Margin::Innings(_)));
        let drawn = r.outcome == Outcome::Draw;
        let mut firsts = std::collections::BTreeSet::new();
        for (c, batting) in made {
            let ok = c.came_true(won.map(|w| w == batting), by_innings, drawn) as u32;
            let e = cal.shown.entry(c).or_default();
            *e = (e.0 + 1, e.1 + ok);
            if firsts.insert(c) {
                let e = cal.first.entry(c).or_default();
                *e = (e.0 + 1, e.1 + ok);
            }
        }
    }
    cal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MatchOptions;
    use crate::play::Levels;

    /// A fourth innings at the game's usual rates (about 24 runs a wicket, 0.68 a ball):
    /// `need` to win with `wickets_left`, `balls_left` to go, after 3 innings of 30 wickets.
    fn chase(need: i32, wickets_left: u8, balls_left: f32) -> MatchFigures {
        MatchFigures {
            innings: 4,
            lead: 1 - need,
            wickets_left,
            balls_left,
            runs: 720 + (10 - wickets_left as u32) * 24,
            wickets: 30 + (10 - wickets_left as u32),
            balls: 1060 + (10 - wickets_left as u32) * 35,
        }
    }

    #[test]
    fn the_issues_examples_claim_nothing() {
        // The first ball of a chase of 219 with ten wickets left.
        assert_eq!(claim(&chase(219, 10, 500.0), 10), None);
        // 88-2 needing 140 more.
        assert_eq!(claim(&chase(140, 8, 400.0), 10), None);
    }

    #[test]
    fn clear_cases_are_called() {
        assert_eq!(claim(&chase(150, 2, 400.0), 10), Some(Claim::ClosingIn));
        assert_eq!(claim(&chase(4, 8, 400.0), 10), Some(Claim::WithinSight));
        // 300 in 60 balls with 8 wickets: out of reach, and too many wickets for the time.
        assert_eq!(claim(&chase(300, 8, 60.0), 10), Some(Claim::DrawLikely));
        // 300 in 200 balls with 4 wickets: out of reach, but the wickets may fall in time.
        assert_eq!(claim(&chase(300, 4, 200.0), 10), Some(Claim::BatOutTime));
        let (bat, field) = chances(&chase(300, 4, 200.0)).unwrap();
        assert!(bat < OUT_OF_REACH && field < LIKELY, "{bat} {field}");
        // Third innings, far behind with two wickets left: an innings victory.
        let s = MatchFigures {
            innings: 3,
            lead: -200,
            ..chase(0, 2, 500.0)
        };
        assert_eq!(claim(&s, 10), Some(Claim::InningsVictory));
        // Early in the match, nothing; with no time left for any result, a draw.
        let early = MatchFigures {
            innings: 2,
            lead: -50,
            wickets_left: 9,
            balls_left: 900.0,
            runs: 300,
            wickets: 11,
            balls: 450,
        };
        assert_eq!(claim(&early, 10), None);
        let late = MatchFigures {
            balls_left: 40.0,
            ..early
        };
        assert_eq!(claim(&late, 10), Some(Claim::DrawLikely));
        // Too little of the match to go on: nothing.
        let first = MatchFigures {
            innings: 1,
            wickets: 1,
            ..late
        };
        assert_eq!(claim(&first, 10), None);
    }

    #[test]
    fn the_poisson_model_adds_up() {
        assert!((poisson_cdf(0, 2.0) - (-2.0f64).exp()).abs() < 1e-12);
        assert!((poisson_cdf(1, 2.0) - 3.0 * (-2.0f64).exp()).abs() < 1e-12);
        assert!(poisson_cdf(50, 2.0) > 0.999_999);
        // More runs needed, worse chances for the side batting.
        let (a, _) = chances(&chase(50, 5, 400.0)).unwrap();
        let (b, _) = chances(&chase(100, 5, 400.0)).unwrap();
        assert!(a > b, "{a} {b}");
    }

    #[test]
    fn each_claim_comes_true_by_its_own_measure() {
        use Claim::*;
        // (batting side won?, by an innings, drawn)
        assert!(ClosingIn.came_true(Some(false), false, false));
        assert!(!ClosingIn.came_true(None, false, true));
        assert!(InningsVictory.came_true(Some(false), true, false));
        assert!(!InningsVictory.came_true(Some(false), false, false));
        assert!(WithinSight.came_true(Some(true), false, false));
        assert!(
            BatOutTime.came_true(None, false, true)
                && BatOutTime.came_true(Some(false), false, false)
        );
        assert!(!BatOutTime.came_true(Some(true), false, false));
        assert!(
            DrawLikely.came_true(None, false, true) && !DrawLikely.came_true(None, false, false)
        );
    }

    /// The CI-sized calibration (the full run is `cargo run --release --example prospects`):
    /// every claim made in at least ten matches came true in at least 80% of them.
    #[test]
    fn claims_come_true_four_times_in_five() {
        let first_timer = MatchOptions::first_timer();
        for (options, levels, matches) in [
            (MatchOptions::default(), Levels::default(), 200),
            (first_timer, Levels { bat: 1, bowl: 1 }, 400),
        ] {
            let cal = calibrate(matches, 10_000, options, levels);
            assert!(
                cal.first.get(&Claim::ClosingIn).is_some_and(|c| c.0 >= 10),
                "{}",
                cal.table()
            );
            for (claim, &(n, _)) in &cal.first {
                let rate = cal.rate(*claim).unwrap();
                assert!(
                    n < 10 || rate >= 0.8,
                    "{claim:?}: {rate:.3}\n{}",
                    cal.table()
                );
            }
        }
    }
}
