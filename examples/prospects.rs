//! Calibrates the match screen's state-of-match line: plays computer matches and counts how
//! often each claim the line made ("closing in on victory", ...) came true.
//!
//! ```sh
//! cargo run --release --example prospects -- 1000                  # default options, levels 5
//! cargo run --release --example prospects -- 1000 first-timer        # 4 batsmen, no extras, levels 1
//! cargo run --release --example prospects -- 1000 default 5000       # seeds from 5000
//! ```
//!
//! The figures are recorded in docs/PLAY.md.

use accc::engine::MatchOptions;
use accc::live::prospects::calibrate;
use accc::play::Levels;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let matches: u32 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000)
        .max(1);
    let (options, levels, what) = if args.get(1).is_some_and(|a| a == "first-timer") {
        (
            MatchOptions {
                batsmen: 4,
                no_balls: false,
                wides: false,
                byes: false,
                ..MatchOptions::default()
            },
            Levels { bat: 1, bowl: 1 },
            "4 batsmen, extras off, levels 1 v 1",
        )
    } else {
        (
            MatchOptions::default(),
            Levels::default(),
            "default options, levels 5 v 5",
        )
    };
    let first: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let cal = calibrate(matches, first, options, levels);
    println!(
        "{matches} matches (seeds {first}-{}), {what}",
        first + matches as u64 - 1
    );
    print!("{}", cal.table());
}
