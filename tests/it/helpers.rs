//! Helpers shared by the integration tests: the binary, option sets, and the replayer.

use std::collections::VecDeque;
use std::process::Command;

use accc::ball_log::BallLog;
use accc::cards::Card;
use accc::engine::{Chance, Choice, Decision, Election, MatchOptions, MatchState, Side};
use serde_json::Value;

/// A `Command` for the built `accc` binary.
pub fn accc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_accc"))
}

/// Runs `accc ARGS --saves-dir DIR` in `dir` (the environment's saves folder ignored).
pub fn run_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    accc()
        .args(args)
        .arg("--saves-dir")
        .arg(dir)
        .env_remove("ACCC_SAVES")
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// The standard output of `accc ARGS` run in `dir`, which must succeed.
pub fn ok_in(dir: &std::path::Path, args: &[&str]) -> String {
    let out = run_in(dir, args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Every combination of the extras rules with a spread of batsmen, packs and days.
pub fn all_option_sets() -> Vec<MatchOptions> {
    let mut sets = Vec::new();
    for rules in 0..8u8 {
        for batsmen in [2, 4, 11] {
            for (packs_per_session, days) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
                sets.push(MatchOptions {
                    no_balls: rules & 1 != 0,
                    wides: rules & 2 != 0,
                    byes: rules & 4 != 0,
                    batsmen,
                    packs_per_session,
                    days,
                });
            }
        }
    }
    sets
}

fn card(v: &Value) -> Card {
    Card::parse(v.as_str().expect("card string")).expect("valid card")
}

fn cards(v: &Value) -> Vec<Card> {
    v.as_array().expect("card array").iter().map(card).collect()
}

fn side(v: &Value) -> Side {
    if v == "home" {
        Side::Home
    } else {
        Side::Away
    }
}

/// Replays a ball log from its deal, its packs and the choices it records, and returns the
/// log the replay writes: it must equal the original, byte for byte.
pub fn replay(text: &str) -> String {
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let m = &lines[0];
    let o = &m["options"];
    let options = MatchOptions {
        no_balls: o["no_balls"].as_bool().unwrap(),
        wides: o["wides"].as_bool().unwrap(),
        byes: o["byes"].as_bool().unwrap(),
        batsmen: o["batsmen"].as_u64().unwrap() as u8,
        packs_per_session: o["packs_per_session"].as_u64().unwrap() as u8,
        days: o["days"].as_u64().unwrap() as u8,
    };
    let mut log = BallLog::new(
        m["home"].as_str().unwrap(),
        m["away"].as_str().unwrap(),
        m["seed"].as_u64().unwrap(),
        &options,
    );
    let of = |kind: &str| -> VecDeque<Value> {
        lines
            .iter()
            .filter(|l| l["event"] == kind)
            .cloned()
            .collect()
    };
    let mut packs = of("pack");
    let mut actions: VecDeque<Value> = lines
        .iter()
        .filter(|l| {
            ["toss", "discard", "ball", "exchange", "declare"]
                .contains(&l["event"].as_str().unwrap())
        })
        .cloned()
        .collect();
    let deal = &of("deal")[0];
    let mut order = cards(&deal["hands"]["home"]);
    order.extend(cards(&deal["hands"]["away"]));
    order.extend(cards(&deal["pickup"]));
    let mut state = MatchState::new(options);
    let mut ball = Value::Null;
    loop {
        match state.chance() {
            Some(Chance::Deal) => state.deal(&order, &mut log),
            Some(Chance::Toss) => state.toss(side(&actions[0]["winner"]), &mut log),
            Some(Chance::Reshuffle) => state
                .reshuffle(&cards(&packs.pop_front().unwrap()["pickup"]), &mut log)
                .unwrap(),
            None => {
                let Some((_, decision)) = state.to_act() else {
                    break;
                };
                let next = actions
                    .front()
                    .map(|a| a["event"].as_str().unwrap().to_string())
                    .unwrap_or_default();
                let choice = match decision {
                    Decision::Elect => {
                        let t = actions.pop_front().unwrap();
                        Choice::Elect(if t["elected"] == "bat" {
                            Election::Bat
                        } else {
                            Election::Bowl
                        })
                    }
                    Decision::OpeningDiscard => {
                        Choice::Card(card(&actions.pop_front().unwrap()["card"]))
                    }
                    Decision::Declare if next == "declare" => {
                        actions.pop_front();
                        Choice::Declare
                    }
                    Decision::Declare => Choice::Continue,
                    Decision::Bowl => {
                        ball = actions.pop_front().unwrap();
                        Choice::Card(card(&ball["bowler_card"]))
                    }
                    Decision::Respond { .. } if ball["bat_card"].is_null() => Choice::NoCard,
                    Decision::Respond { .. } => Choice::Card(card(&ball["bat_card"])),
                    Decision::Exchange if next == "exchange" => {
                        let out = cards(&actions.pop_front().unwrap()["out"]);
                        Choice::Exchange([out.first().copied(), out.get(1).copied()])
                    }
                    Decision::Exchange => Choice::Exchange([None, None]),
                };
                state
                    .apply(choice, &mut log)
                    .expect("the logged choice is legal");
            }
        }
    }
    log.text()
}

/// A drawn screen as text, one line per row, trailing spaces trimmed.
pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
