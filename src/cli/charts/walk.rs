//! `accc charts walk SYSTEM PROCEDURE`: a procedure question by question on the terminal,
//! with back and restart, dice the program rolls from a seed, and `next` into the call the
//! source chains to.

use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::charts::walk::{Answer, Kind, Next, Outcome, Procedure, Question, State, Walk};
use crate::charts::SystemDef;
use crate::error::{Error, Result};

pub(super) fn show_question(q: &Question, n: usize) -> String {
    let mut s = match &q.step {
        Some(step) => format!("\n[{n}, {step}] {}\n", q.prompt),
        None => format!("\n[{n}] {}\n", q.prompt),
    };
    match &q.kind {
        Kind::Choice { options } => {
            for (i, (k, d)) in options.iter().enumerate() {
                s.push_str(&format!("    {}. {k}  - {d}\n", i + 1));
            }
        }
        Kind::Die { .. } => {
            s.push_str("    (enter your roll, or press Enter to let the program roll)\n")
        }
        _ => {}
    }
    s.push_str(&format!("    ({}; or back, restart, quit) > ", q.allowed()));
    s
}

/// The interactive walk: reads answers line by line until `quit` or end of input. End of input
/// before the walk has finished is an error (exit 2); `quit` is not.
pub fn interactive(
    sys: &'static SystemDef,
    p: &'static Procedure,
    input: &mut impl BufRead,
    out: &mut impl Write,
    seed: u64,
) -> Result<()> {
    let io = |e| Error::io("writing to stdout", e);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut walk = Walk::new(p);
    // The answers a chained call carries from the call before it.
    let mut given: Vec<(String, Answer)> = Vec::new();
    writeln!(out, "{} (dice seed {seed})", p.title).map_err(io)?;
    let carried = |given: &[(String, Answer)], id: &str| {
        given.iter().find(|(k, _)| k == id).map(|(_, a)| a.clone())
    };
    loop {
        let state = walk.state();
        match &state {
            State::Ask(q) => {
                write!(out, "{}", show_question(q, walk.answers().len() + 1)).map_err(io)?
            }
            State::Done(o) => write_done(out, o).map_err(io)?,
        }
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input
            .read_line(&mut line)
            .map_err(|e| Error::io("reading the answer", e))?
            == 0
        {
            writeln!(out).map_err(io)?;
            return match &state {
                State::Done(_) => Ok(()),
                State::Ask(q) => Err(Error::Usage(format!(
                    "charts walk: the input ended at question {} ({}) before the walk finished; type quit to leave on purpose",
                    walk.answers().len() + 1,
                    q.id
                ))),
            };
        }
        let cmd = line.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "quit" | "q" | "exit" => return Ok(()),
            "back" | "b" => {
                if !walk.back() {
                    writeln!(out, "    (nothing to take back)").map_err(io)?;
                }
                continue;
            }
            "restart" => {
                walk.restart();
                continue;
            }
            _ => {}
        }
        let State::Ask(q) = state else {
            let State::Done(o) = &state else {
                unreachable!("a walk is asking or done")
            };
            match next_chosen(sys, o, cmd) {
                Some((n, p2)) => {
                    given = n.given.clone();
                    walk = Walk::new(p2);
                    walk.fill(|id| carried(&given, id));
                    writeln!(out, "\n{} (carried over: {})", p2.title, n.why).map_err(io)?;
                }
                None => writeln!(out, "    (the walk is finished: back, restart or quit)")
                    .map_err(io)?,
            }
            continue;
        };
        let result = if matches!(q.kind, Kind::Die { .. })
            && (cmd.is_empty() || cmd.eq_ignore_ascii_case("roll"))
        {
            walk.roll(&mut rng).map(|_| ())
        } else {
            walk.answer_text(cmd)
        };
        match result {
            // What the call before carried over is answered as it comes up.
            Ok(()) => walk.fill(|id| carried(&given, id)),
            Err(e) => writeln!(out, "\n    ! {}", e.message).map_err(io)?,
        }
    }
}

/// A finished walk's path, its result and the prompt naming what may follow.
fn write_done(out: &mut impl Write, o: &Outcome) -> std::io::Result<()> {
    writeln!(out, "\nPath:")?;
    for step in &o.path {
        writeln!(out, "  - {step}")?;
    }
    writeln!(out, "=> {}", o.result)?;
    let next: Vec<&str> = o.next.iter().map(|n| n.procedure).collect();
    let go_on = match next.as_slice() {
        [] => String::new(),
        [one] => format!("next (into {one}), "),
        more => format!("next {}, ", more.join(" or next ")),
    };
    write!(out, "({go_on}back, restart or quit) > ")
}

/// The call a finished walk goes on into at `next` (or `next PROCEDURE` where it leads to
/// several), and its procedure; `None` for anything else.
fn next_chosen<'o>(
    sys: &'static SystemDef,
    o: &'o Outcome,
    cmd: &str,
) -> Option<(&'o Next, &'static Procedure)> {
    let mut words = cmd.split_whitespace();
    let chosen = match (words.next(), words.next(), o.next.as_slice()) {
        (Some(w), None, [one]) if w.eq_ignore_ascii_case("next") => Some(one),
        (Some(w), Some(id), more) if w.eq_ignore_ascii_case("next") => {
            more.iter().find(|n| n.procedure.eq_ignore_ascii_case(id))
        }
        _ => None,
    };
    chosen.and_then(|n| sys.procedure(n.procedure).map(|p2| (n, p2)))
}
