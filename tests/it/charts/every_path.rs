//! Every procedure's answers pinned whole: seeded random walks through each procedure, every
//! walk's answers, path, result, fields, standing-fact updates and the calls it leads on to
//! written out and folded into one digest a procedure. The procedures transcribe their sources
//! step by step; this catches any change in what any branch answers or says, so that a
//! procedure's code can be reshaped with its answers kept.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use accc::charts::systems;
use accc::charts::walk::{Answer, Kind, State, Walk};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cli_runs::sample_text;

/// Walks a procedure takes: enough that the long priority lists are walked down to their ends.
const WALKS: usize = 1500;

/// FNV-1a, 64 bits: a digest that stays the same from one toolchain to the next.
fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One seeded walk through a procedure, written out whole: the answers, and the outcome or the
/// refusal that ended it.
fn walk_text(w: &mut Walk, rng: &mut ChaCha8Rng, p_yes: f64) -> String {
    let mut text = String::new();
    for _ in 0..200 {
        let q = match w.state() {
            State::Done(o) => {
                let _ = writeln!(text, "= {}", o.result);
                for s in &o.path {
                    let _ = writeln!(text, "  {s}");
                }
                let _ = writeln!(text, "  fields {}", serde_json::Value::Object(o.fields));
                for (id, a) in &o.updates {
                    let _ = writeln!(text, "  update {id}: {a}");
                }
                for n in &o.next {
                    let _ = writeln!(text, "  next {n:?}");
                }
                return text;
            }
            State::Ask(q) => q,
        };
        let answer = match &q.kind {
            Kind::YesNo => Answer::Bool(rng.random_bool(p_yes)),
            Kind::Number { min, max } => {
                if *min <= 0 && *max >= 0 && rng.random_bool(0.4) {
                    Answer::Number(0)
                } else {
                    Answer::Number(rng.random_range(*min..=(*max).min(*min + 30)))
                }
            }
            Kind::Choice { options } => {
                Answer::Choice(options[rng.random_range(0..options.len())].0.clone())
            }
            Kind::Die { min, max, .. } => Answer::Die {
                value: rng.random_range(*min..=*max),
                rolled: false,
            },
            Kind::Text { .. } => Answer::Text(sample_text(&q.id, rng.random_range(0..3)).into()),
        };
        let _ = writeln!(text, "{} {answer}", q.id);
        if let Err(e) = w.answer(answer) {
            let _ = writeln!(text, "! {e}");
            return text;
        }
    }
    panic!("{} does not finish:\n{text}", w.procedure().id);
}

#[test]
fn every_procedure_answers_as_pinned() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let mut summary = String::new();
    for sys in systems() {
        for p in sys.procedures {
            let mut digest = 0xcbf2_9ce4_8422_2325;
            let mut distinct = BTreeSet::new();
            let mut results = BTreeSet::new();
            for walk_no in 0..WALKS {
                // Each walk leans to "no" by a different amount, to reach deep steps.
                let p_yes = [0.08, 0.2, 0.35, 0.5][walk_no % 4];
                let text = walk_text(&mut Walk::new(p), &mut rng, p_yes);
                digest = fnv(text.as_bytes(), digest);
                if let Some(line) = text
                    .lines()
                    .find(|l| l.starts_with("= ") || l.starts_with("! "))
                {
                    results.insert(line.to_string());
                }
                distinct.insert(text);
            }
            let _ = writeln!(
                summary,
                "{} {}: {} distinct walks, {} distinct results, digest {digest:016x}",
                sys.meta.id,
                p.id,
                distinct.len(),
                results.len()
            );
        }
    }
    insta::assert_snapshot!("every_procedure_answers_as_pinned", summary);
}
