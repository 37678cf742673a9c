//! The tuning duels of docs/AI.md: duels between profiles given as a base level plus
//! changed weights (a developer's tool; it stops with a panic on a malformed SPEC).
//! Usage: `cargo run --release --example tune -- MATCHES SEED SPEC_A SPEC_B [short]`;
//! SPEC: "5" or "3,bat.best=0.6,bowl.spread=3,j.wicket=9" or "frozen" (or "analyst,deals=32");
//! `needed=off` declares without asking whether a declaration is needed, `needed=2` with 2.
#![allow(
    clippy::unwrap_used,
    reason = "a developer's tool: a failure stops it with its error, as a test does"
)]
use accc::ai::duel::{run_duel, DuelConfig, Lineup};
use accc::ai::profile::*;
use accc::ai::Level;
use accc::engine::MatchOptions;

fn profile(spec: &str) -> &'static Profile {
    let mut parts = spec.split(',');
    let base = parts.next().unwrap();
    if base == "analyst" {
        return &FROZEN;
    }
    let mut p = if base == "frozen" {
        FROZEN
    } else {
        *Level::new(base.parse().unwrap()).unwrap().profile()
    };
    for kv in parts {
        let (k, v) = kv.split_once('=').unwrap();
        let f = || v.parse::<f32>().unwrap();
        let b = &mut p.batting;
        let w = &mut p.bowling;
        match k {
            "bat.best" => b.mistakes.best = v.parse().unwrap(),
            "bat.spread" => b.mistakes.spread = f(),
            "bowl.best" => w.mistakes.best = v.parse().unwrap(),
            "bowl.spread" => w.mistakes.spread = f(),
            "j" => {
                b.judgement = *Level::new(v.parse().unwrap())
                    .unwrap()
                    .profile()
                    .batting
                    .judgement_ref()
            }
            "j.next" => b.judgement.next = f(),
            "j.later" => b.judgement.later = f(),
            "j.deep" => b.judgement.deep = f(),
            "j.per_rank" => b.judgement.per_rank = f(),
            "j.alone" => b.judgement.alone = f(),
            "j.fresh" => b.judgement.fresh = f(),
            "j.wicket" => b.judgement.wicket = f(),
            "j.who_faces" => b.judgement.who_faces = v == "1",
            "a.wicket" => w.attack.wicket = f(),
            "a.runs_taken" => w.attack.runs_taken = f(),
            "a.keep" => w.attack.keep = f(),
            "a.nbs" => w.attack.no_ball_suit_card = f(),
            "a.parting" => w.attack.parting_suit = v == "1",
            "a.fair" => w.attack.fair_before_no_ball = v == "1",
            "a" => {
                w.attack = Level::new(v.parse().unwrap())
                    .unwrap()
                    .profile()
                    .bowling
                    .attack
            }
            "bat.remembers" => b.remembers = v == "1",
            "bowl.remembers" => w.remembers = v == "1",
            "stance" => {
                b.stance = match v {
                    "normal" => StancePolicy::Normal,
                    x => StancePolicy::Situational {
                        evidence: x.parse().unwrap(),
                    },
                }
            }
            "declare" => {
                b.declare = match v {
                    "club" => *Level::new(1).unwrap().profile().batting.declare_ref(),
                    "county" => *Level::new(3).unwrap().profile().batting.declare_ref(),
                    "pro" => FROZEN.batting.declare,
                    x => {
                        let (m, e) = x.split_once(':').unwrap();
                        Declare::ByTime {
                            margin: m.parse().unwrap(),
                            evidence: e.parse().ok(),
                        }
                    }
                }
            }
            "needed" => b.needed = v.parse().ok(),
            "elect" => {
                b.elect = match v {
                    "bat" => Elect::Bat,
                    _ => Elect::Bowl,
                }
            }
            _ => panic!("unknown key {k}"),
        }
    }
    Box::leak(Box::new(p))
}

trait Refs {
    fn judgement_ref(&self) -> &Judgement;
    fn declare_ref(&self) -> &Declare;
}
impl Refs for Batting {
    fn judgement_ref(&self) -> &Judgement {
        &self.judgement
    }
    fn declare_ref(&self) -> &Declare {
        &self.declare
    }
}

fn lineup(spec: &str, p: &'static Profile) -> Lineup {
    if let Some(rest) = spec.strip_prefix("analyst") {
        let mut search = accc::ai::analyst::Search::STANDARD;
        for kv in rest.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').unwrap();
            match k {
                "deals" => search.deals = v.parse().unwrap(),
                "short" => search.shortlist = v.parse().unwrap(),
                "h" => search.horizon = v.parse().unwrap(),
                "w" => search.wicket = v.parse().unwrap(),
                "r" => search.result = v.parse().unwrap(),
                "hands" => search.hands = v.parse().unwrap(),
                "z" => search.confidence = v.parse().unwrap(),
                _ => panic!("{k}"),
            }
        }
        return Lineup::analyst(search);
    }
    Lineup {
        bat: p,
        bowl: p,
        analyst: None,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let matches: u32 = args[1].parse().unwrap();
    let seed: u64 = args[2].parse().unwrap();
    let (a, b) = (profile(&args[3]), profile(&args[4]));
    let options = if args.get(5).is_some_and(|s| s == "short") {
        MatchOptions {
            batsmen: 4,
            no_balls: false,
            wides: false,
            byes: false,
            ..MatchOptions::default()
        }
    } else {
        MatchOptions::default()
    };
    let t = run_duel(&DuelConfig {
        a: lineup(&args[3], a),
        b: lineup(&args[4], b),
        matches,
        seed,
        options,
    });
    println!(
        "{:>5.3} rpw {:>5.1} r100 {:>5.1} draws {:>5.3} past1 {:>5.3}  | {} v {}",
        t.a_score(),
        t.runs_per_wicket(),
        t.runs_per_100_balls(),
        t.draw_share(),
        t.past_first_pack as f64 / t.matches as f64,
        args[3],
        args[4]
    );
}
