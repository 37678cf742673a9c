//! Declarations that can only lose (docs/AI.md, "Declarations"): each level plays itself
//! over the duel's matches, at the default rules and the guide's first-timer ones, and every
//! declaration is judged by `duel::declaration_can_only_lose`; for those, how the match
//! ended for the side that declared. It also counts the innings bowled out at the criterion's
//! generous pace or faster, the measure of how generous it is.
//! Usage: `cargo run --release --example declarations -- [MATCHES] [SEED]` (1000 and 1).
use accc::ai::duel::{
    declaration_can_only_lose, play_numbered_seeing, DuelConfig, Lineup,
    GENEROUS_DELIVERIES_PER_WICKET,
};
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

fn main() {
    let mut args = std::env::args().skip(1);
    let matches: u32 = args.next().map_or(1000, |a| a.parse().expect("MATCHES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    println!(
        "level rules    matches | declared 1st 2nd 3rd | can only lose 1st 2nd 3rd 4th | \
         declarer won lost tied drawn | innings bowled out at {GENEROUS_DELIVERIES_PER_WICKET} \
         deliveries a wicket or faster"
    );
    let mut all = [0u32; 2];
    for (rules, options) in [
        ("default", MatchOptions::default()),
        ("first", MatchOptions::first_timer()),
    ] {
        for n in Level::MIN..=Level::MAX {
            let level = Lineup::both(Level::new(n).unwrap());
            let config = DuelConfig {
                a: level,
                b: level,
                matches,
                seed,
                options,
            };
            let (mut declared, mut hopeless) = ([0u32; 4], [0u32; 4]);
            let mut ended = [0u32; 4];
            let (mut innings, mut fast) = (0u32, 0u32);
            for k in 0..matches as u64 {
                let mut found: Vec<Side> = Vec::new();
                let mut rec = Deliveries::default();
                let (state, _) = play_numbered_seeing(&config, k, &mut rec, |s, choice| {
                    if choice == Choice::Declare {
                        let p = s.public();
                        let i = p.innings_number() as usize - 1;
                        declared[i] += 1;
                        if declaration_can_only_lose(p) {
                            hopeless[i] += 1;
                            found.push(p.batting());
                        }
                    }
                });
                let p = state.public();
                let result = p.result.expect("a finished match has a result");
                for side in found {
                    ended[match (result.outcome, result.winner) {
                        (Outcome::Win, Some(w)) if w == side => 0,
                        (Outcome::Win, _) => 1,
                        (Outcome::Tie, _) => 2,
                        (Outcome::Draw, _) => 3,
                    }] += 1;
                }
                for (i, inn) in p.started().iter().enumerate() {
                    innings += 1;
                    let pace = options.all_out() as f32 * GENEROUS_DELIVERIES_PER_WICKET;
                    let all_out = inn.wickets == options.all_out();
                    fast += (all_out && rec.0[i] as f32 <= pace) as u32;
                }
            }
            all[0] += declared.iter().sum::<u32>();
            all[1] += hopeless.iter().sum::<u32>();
            println!(
                "{n}     {rules:8} {matches:7} | {:8} {:3} {:3} {:3} | {:13} {:3} {:3} {:3} {:3} | \
                 {:12} {:4} {:4} {:5} | {fast} of {innings} ({:.2}%)",
                declared.iter().sum::<u32>(),
                declared[0],
                declared[1],
                declared[2],
                hopeless.iter().sum::<u32>(),
                hopeless[0],
                hopeless[1],
                hopeless[2],
                hopeless[3],
                ended[0],
                ended[1],
                ended[2],
                ended[3],
                100.0 * fast as f64 / innings as f64,
            );
        }
    }
    println!(
        "in all: {} of {} declarations could only lose",
        all[1], all[0]
    );
}
