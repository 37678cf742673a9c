//! Declarations that can only lose (docs/AI.md, "Declarations"): each level plays itself
//! over the duel's matches, at the default rules and the guide's first-timer ones, and every
//! declaration is judged by `duel::declaration_can_only_lose`; for those, how the match
//! ended for the side that declared. It also counts the innings bowled out at the criterion's
//! generous pace or faster, the measure of how generous it is. Each level is played as built
//! and with its captain's `needed` rule off (`captain::needed`), and for both it counts the
//! declarations that were not needed (`duel::declaration_not_needed`), how the third-innings
//! declarations ended for the side that made them, the matches drawn, and (as built) the
//! matches whose scores differ from those with the rule off.
//! Usage: `cargo run --release --example declarations -- [MATCHES] [SEED]` (1000 and 1).
#![allow(
    clippy::unwrap_used,
    reason = "a developer's tool: a failure stops it with its error, as a test does"
)]
use accc::ai::duel::{
    declaration_can_only_lose, declaration_not_needed, play_numbered_seeing, DuelConfig, Lineup,
    GENEROUS_DELIVERIES_PER_WICKET,
};
use accc::ai::profile::Profile;
use accc::ai::Level;
use accc::engine::{Choice, Event, MatchOptions, Outcome, Recorder, Side};

/// Deliveries bowled in each innings.
#[derive(Default)]
struct Deliveries([u32; 4]);

impl Recorder for Deliveries {
    fn record(&mut self, event: &Event<'_>) {
        if let Event::Ball(b) = event {
            self.0[b.innings as usize - 1] += 1;
        }
    }
}

/// What one level's matches against itself showed.
#[derive(Default)]
struct Survey {
    /// Declarations in the first, second, third and fourth innings.
    declared: [u32; 4],
    /// Of those, the ones that could only lose.
    hopeless: [u32; 4],
    /// How the matches with a declaration that could only lose ended for the declarer: won,
    /// lost, tied, drawn.
    hopeless_ended: [u32; 4],
    /// Declarations that were not needed (any innings).
    not_needed: u32,
    /// How the third-innings declarations ended for the declarer: won, lost, tied, drawn.
    third_ended: [u32; 4],
    drawn: u32,
    /// Innings played, and those bowled out at the generous pace or faster.
    innings: u32,
    fast: u32,
    /// Every match's innings totals and wickets, to tell which matches changed.
    scores: Vec<[(u16, u8); 4]>,
}

/// How a finished match ended for `side`: 0 won, 1 lost, 2 tied, 3 drawn.
fn ended_for(p: &accc::engine::PublicState, side: Side) -> usize {
    let result = p.result.expect("a finished match has a result");
    match (result.outcome, result.winner) {
        (Outcome::Win, Some(w)) if w == side => 0,
        (Outcome::Win, _) => 1,
        (Outcome::Tie, _) => 2,
        (Outcome::Draw, _) => 3,
    }
}

#[expect(
    clippy::cast_precision_loss,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn survey(profile: &'static Profile, options: MatchOptions, matches: u32, seed: u64) -> Survey {
    let level = Lineup {
        bat: profile,
        bowl: profile,
        analyst: None,
    };
    let config = DuelConfig {
        a: level,
        b: level,
        matches,
        seed,
        options,
    };
    let mut s = Survey::default();
    for k in 0..matches as u64 {
        let (mut hopeless, mut third) = (Vec::new(), None);
        let mut rec = Deliveries::default();
        let (state, _) = play_numbered_seeing(&config, k, &mut rec, |st, choice| {
            if choice == Choice::Declare {
                let p = st.public();
                let i = p.innings_number() as usize - 1;
                s.declared[i] += 1;
                if declaration_can_only_lose(p) {
                    s.hopeless[i] += 1;
                    hopeless.push(p.batting());
                }
                s.not_needed += declaration_not_needed(p) as u32;
                if i == 2 {
                    third = Some(p.batting());
                }
            }
        });
        let p = state.public();
        for side in hopeless {
            s.hopeless_ended[ended_for(p, side)] += 1;
        }
        if let Some(side) = third {
            s.third_ended[ended_for(p, side)] += 1;
        }
        s.drawn += (ended_for(p, Side::Home) == 3) as u32;
        let mut scores = [(0, 0); 4];
        for (i, inn) in p.started().iter().enumerate() {
            scores[i] = (inn.total, inn.wickets);
            s.innings += 1;
            let pace = options.all_out() as f32 * GENEROUS_DELIVERIES_PER_WICKET;
            let all_out = inn.wickets == options.all_out();
            s.fast += (all_out && rec.0[i] as f32 <= pace) as u32;
        }
        s.scores.push(scores);
    }
    s
}

fn main() {
    let mut args = std::env::args().skip(1);
    let matches: u32 = args.next().map_or(1000, |a| a.parse().expect("MATCHES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    println!(
        "level rules   needed  matches | declared 1st 2nd 3rd | can only lose 1st 2nd 3rd 4th | \
         declarer won lost tied drawn | not needed | 3rd-innings declarer won lost tied drawn | \
         drawn | changed | innings bowled out at {GENEROUS_DELIVERIES_PER_WICKET} deliveries a \
         wicket or faster"
    );
    let mut all = [0u32; 2];
    for (rules, options) in [
        ("default", MatchOptions::default()),
        ("first", MatchOptions::first_timer()),
    ] {
        for n in Level::MIN..=Level::MAX {
            let built = Level::new(n).unwrap().profile();
            let mut off = *built;
            off.batting.needed = None;
            let off: &'static Profile = Box::leak(Box::new(off));
            let without = survey(off, options, matches, seed);
            let with = survey(built, options, matches, seed);
            let changed = with
                .scores
                .iter()
                .zip(&without.scores)
                .filter(|(a, b)| a != b)
                .count();
            for (name, s) in [("off", &without), ("on", &with)] {
                let declared: u32 = s.declared.iter().sum();
                let hopeless: u32 = s.hopeless.iter().sum();
                if name == "on" {
                    all[0] += declared;
                    all[1] += hopeless;
                }
                let [w, l, t, d] = s.hopeless_ended;
                let [tw, tl, tt, td] = s.third_ended;
                println!(
                    "{n}     {rules:8} {name:3} {matches:7} | {declared:8} {:3} {:3} {:3} | \
                     {hopeless:13} {:3} {:3} {:3} {:3} | {w:12} {l:4} {t:4} {d:5} | \
                     {:10} | {tw:24} {tl:4} {tt:4} {td:5} | {:5} | {} | {} of {} ({:.2}%)",
                    s.declared[0],
                    s.declared[1],
                    s.declared[2],
                    s.hopeless[0],
                    s.hopeless[1],
                    s.hopeless[2],
                    s.hopeless[3],
                    s.not_needed,
                    s.drawn,
                    if name == "on" {
                        changed.to_string()
                    } else {
                        "-".into()
                    },
                    s.fast,
                    s.innings,
                    100.0 * s.fast as f64 / s.innings as f64,
                );
            }
        }
    }
    println!(
        "in all (as built): {} of {} declarations could only lose",
        all[1], all[0]
    );
}
