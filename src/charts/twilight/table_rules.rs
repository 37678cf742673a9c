//! Twilight Struggle's procedures that the source gives as running text: the headline redraw,
//! the card turned over each action round and the face-up pile, the Eagle/Bear Has Landed and
//! Space Station exchanges, step 9B's weighted random placement and the die for ties.

use serde_json::json;

use super::super::fields;
use super::super::walk::{Answer, Ctx, Flow, Outcome};

/// Most draws or re-rolls a procedure makes before it stops.
const MAX_TRIES: usize = 30;

/// The source's dice for ties: the smallest of a d6, d12 or d20 with a face for every share.
fn die_for(shares: i64) -> Option<i64> {
    [6, 12, 20].into_iter().find(|&f| f >= shares)
}

/// Picks among choices with these shares (weights) on the source's die: each share gets the
/// same number of faces, in order; a face left over is rolled again (no rounding). Returns
/// the 0-based choice. `id` names the die question (re-rolls are `id#2`, ...).
pub(super) fn pick(ctx: &mut Ctx, id: &str, shares: &[i64]) -> Flow<usize> {
    let total: i64 = shares.iter().sum();
    let Some(faces) = die_for(total) else {
        return Err(ctx.invalid(id, format!("{total} shares need more faces than a d20 has")));
    };
    let per = faces / total;
    let used = per * total;
    // The first face of each choice, for the note.
    let mut from = 1;
    let spans: Vec<String> = shares
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let to = from + s * per - 1;
            let span = if to == from {
                format!("{}: {from}", i + 1)
            } else {
                format!("{}: {from}-{to}", i + 1)
            };
            from = to + 1;
            span
        })
        .collect();
    ctx.note(format!(
        "d{faces}, {per} face{} a share: {}{}",
        if per == 1 { "" } else { "s" },
        spans.join(", "),
        if used < faces {
            format!("; {}-{faces} rolled again", used + 1)
        } else {
            String::new()
        }
    ));
    for attempt in 1..=MAX_TRIES {
        let die_id = if attempt == 1 {
            id.to_string()
        } else {
            format!("{id}#{attempt}")
        };
        let r = ctx.die(&die_id, &format!("d{faces}"), 1, faces)?;
        if r <= used {
            let mut face = (r - 1) / per; // the share it falls in
            for (i, s) in shares.iter().enumerate() {
                if face < *s {
                    return Ok(i);
                }
                face -= s;
            }
        }
        ctx.note(format!("{r} is not assigned: roll again"));
    }
    ctx.note("no assigned face after many rolls: the first choice");
    Ok(0)
}

/// Parses "2, 1, 1" into shares.
pub fn parse_shares(text: &str) -> Result<Vec<i64>, String> {
    let shares: Vec<i64> = text
        .split(',')
        .map(|p| {
            p.trim()
                .parse::<i64>()
                .ok()
                .filter(|n| (1..=20).contains(n))
                .ok_or_else(|| format!("'{}' is not a share from 1 to 20", p.trim()))
        })
        .collect::<Result<_, _>>()?;
    if shares.len() < 2 {
        return Err("give at least two choices".into());
    }
    if shares.iter().sum::<i64>() > 20 {
        return Err("the shares add up to more than a d20's 20 faces".into());
    }
    Ok(shares)
}

/// The die for ties: the choices left after every criterion, each with its shares (1 each,
/// or 2 for a country with partial AI influence when placing influence, and so on).
pub(super) fn tie(ctx: &mut Ctx) -> Flow<Outcome> {
    let text = ctx.text(
        "shares",
        "The choices still tied, as shares in a fixed order: '1, 1, 1', or '2, 1' (twice the faces for the first)",
        "N, N, ... (each 1-20, 2 to 20 choices, 20 shares at most)",
    )?;
    let shares = parse_shares(&text).map_err(|e| ctx.invalid("shares", e))?;
    let i = pick(ctx, "die", &shares)?;
    ctx.done(
        format!("choice {} of the {}", i + 1, shares.len()),
        fields([("shares", json!(shares)), ("choice", json!(i + 1))]),
    )
}

/// Step 9B: influence placed at random in the region's uncontrolled countries, one roll for
/// each Op; a country with partial AI influence has twice the faces of one without.
pub(super) fn place_9b(ctx: &mut Ctx) -> Flow<Outcome> {
    let partial = ctx.number(
        "partial",
        "Uncontrolled countries of the region with some AI influence (number them P1, P2, ...)?",
        0,
        10,
    )?;
    let empty = ctx.number(
        "empty",
        "Uncontrolled countries of the region with no AI influence (number them E1, E2, ...)?",
        0,
        10,
    )?;
    if partial + empty == 0 {
        return Err(ctx.invalid("empty", "there is no country to place in"));
    }
    let ops = ctx.number("ops", "Ops to place?", 1, 5)?;
    let mut names: Vec<String> = (1..=partial)
        .map(|i| format!("P{i}"))
        .chain((1..=empty).map(|i| format!("E{i}")))
        .collect();
    let mut shares: Vec<i64> = (0..partial)
        .map(|_| 2)
        .chain((0..empty).map(|_| 1))
        .collect();
    if shares.iter().sum::<i64>() > 20 {
        return Err(ctx.invalid(
            "empty",
            "more than 20 shares: that many countries do not fit one d20",
        ));
    }
    let mut placed: Vec<String> = Vec::new();
    for op in 1..=ops {
        ctx.at(format!("Op {op} of {ops}"));
        let i = pick(ctx, &format!("op{op}-die"), &shares)?;
        ctx.note(format!("Op {op}: {}", names[i]));
        placed.push(names[i].clone());
        if shares[i] == 1 {
            // It has AI influence now: twice the faces from the next Op on.
            shares[i] = 2;
            names[i] = format!("{} (now with influence)", names[i]);
        }
    }
    ctx.note("if a country becomes controlled before the last Op, it leaves the draw: call again for the Ops left");
    let short: Vec<String> = placed
        .iter()
        .map(|n| n.split(' ').next().unwrap_or(n).to_string())
        .collect();
    ctx.done(
        format!("place 1 Op in each of: {}", short.join(", ")),
        fields([("placed", json!(short))]),
    )
}

/// The headline: the AI's card is drawn from the deck until one passes the step 8 test; a
/// card that fails goes back into the middle of the deck, face down.
pub(super) fn headline(ctx: &mut Ctx) -> Flow<Outcome> {
    for draw in 1..=HEADLINE_DRAWS {
        ctx.at(format!("draw {draw}"));
        if ctx.yes_no(
            &format!("draw-{draw}"),
            format!("Draw {draw}: turn over the deck's top card. Does it pass the step 8 test?"),
        )? {
            return ctx.done(
                format!("headline the card of draw {draw}"),
                fields([("draws", json!(draw))]),
            );
        }
        ctx.note(format!(
            "draw {draw} fails: back into the middle of the deck, face down (not discarded)"
        ));
    }
    ctx.done(
        format!(
            "{HEADLINE_DRAWS} cards failed: go on drawing; the first that passes is the headline"
        ),
        fields([("draws", json!(null))]),
    )
}

/// Draws the headline procedure asks about, one question (and flag) each.
pub const HEADLINE_DRAWS: usize = 10;

/// Each action round: the AI's top face-down card, or - when only the face-up cards that help
/// you are left - the exchanges of Eagle/Bear Has Landed and Space Station, the space race,
/// the China card and then a face-up card at random.
pub(super) fn flip(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.at("the face-down pile");
    if ctx.yes_no(
        "face-down-left",
        "Are cards left in the AI's face-down pile?",
    )? {
        ctx.note("turn over its top card");
        if !ctx.yes_no("yours", "Is the card associated with your side?")? {
            return play_it(ctx, "not yours: the AI plays it (action round procedure)");
        }
        if !ctx.yes_no("helps-you", "Is its event playable, and could it help you?")? {
            return play_it(ctx, "yours, but no help to you: the AI plays it");
        }
        return ctx.done(
            "lay it on the face-up pile (space race or last resort); turn over the next card",
            fields([("card", json!("face-up pile"))]),
        );
    }
    ctx.at("only face-up cards left");
    let n = ctx.number(
        "face-up",
        "Cards on the face-up pile (cards that help you)?",
        0,
        9,
    )?;
    if n == 0 {
        return ctx.done(
            "no card left to play this turn",
            fields([("card", json!(null))]),
        );
    }
    let mut exchanges = Vec::new();
    if ctx.yes_no(
        "exchanges-done",
        "Have the exchanges of this turn been made already (or are there none)?",
    )? {
        ctx.note("exchanges done");
    } else {
        for (id, perk) in [
            ("eagle-landed", "Eagle/Bear Has Landed"),
            ("space-station", "Space Station"),
        ] {
            if ctx.yes_no(id, format!("Does the AI hold the {perk} space race perk?"))? {
                ctx.at(perk);
                let i = pick(ctx, &format!("{id}-die"), &vec![1; n as usize])?;
                let text = format!(
                    "{perk}: face-up card {} back into the middle of the deck; draw until a card that does not help you turns up (the others go back into the middle too) and put it face down",
                    i + 1
                );
                ctx.note(text.clone());
                exchanges.push(text);
            }
        }
        if !exchanges.is_empty() {
            return ctx.done(
                format!(
                    "{}; then turn the new face-down card over",
                    exchanges.join("; ")
                ),
                fields([
                    ("card", json!("exchange")),
                    ("exchanges", json!(exchanges.len())),
                ]),
            );
        }
    }
    ctx.at("space race, China card, at random");
    if ctx.yes_no(
        "space-race",
        "Can the AI still use the space race this turn with one of these cards (Ops enough)?",
    )? {
        return ctx.done(
            "space race with a face-up card: burn by the discard order (doomsday cards first)",
            fields([("card", json!("space race"))]),
        );
    }
    if ctx.yes_no("china", "Does the AI hold the China card?")? {
        ctx.set_fact("china", Answer::Bool(false), "the China card passes to you");
        return ctx.done(
            "play the China card (action round procedure with 5 Ops)",
            fields([("card", json!("China"))]),
        );
    }
    let i = pick(ctx, "random-die", &vec![1; n as usize])?;
    ctx.done(
        format!("play face-up card {} of the {n}, chosen at random", i + 1),
        fields([("card", json!("face-up")), ("choice", json!(i + 1))]),
    )
}

fn play_it(ctx: &mut Ctx, why: &str) -> Flow<Outcome> {
    ctx.lead_to("action", Vec::new(), "the card the AI plays");
    ctx.done(why, fields([("card", json!("play"))]))
}

/// An AI event that takes a card of its choosing: from your hand for you to discard, or from
/// the discards for the AI to use (Star Wars, SALT Negotiations).
pub(super) fn take_card(ctx: &mut Ctx) -> Flow<Outcome> {
    let from = ctx.choice(
        "from",
        "Where does the event take the card from?",
        &[
            ("your-hand", "your hand, for you to discard"),
            ("discards", "the discards, for the AI to use"),
        ],
    )?;
    let (order, last): (&[(&str, &str)], &str) = if from == "your-hand" {
        (
            &[
                ("has-yours", "you-associated"),
                ("has-neutral", "unassociated"),
            ],
            "an AI-associated card (the only kind left)",
        )
    } else {
        (
            &[("has-ai", "AI-associated"), ("has-neutral", "unassociated")],
            "",
        )
    };
    for (id, kind) in order {
        if ctx.yes_no(id, format!("Is there an {kind} card there?"))? {
            return ctx.done(
                format!("take the highest-value {kind} card (ties: the die for ties)"),
                fields([("from", json!(from)), ("kind", json!(kind))]),
            );
        }
    }
    if from == "your-hand" {
        return ctx.done(
            format!("take the highest-value card: {last}"),
            fields([("from", json!(from)), ("kind", json!("AI-associated"))]),
        );
    }
    if ctx.yes_no(
        "you-played-event",
        "Did you play the event, so the AI must take a card?",
    )? {
        return ctx.done(
            "only your cards are there: take a harmless one first, else one at random (the die for ties)",
            fields([("from", json!(from)), ("kind", json!("yours"))]),
        );
    }
    ctx.done(
        "only your cards are there: the AI plays the event card for its Ops instead",
        fields([("from", json!(from)), ("kind", json!(null))]),
    )
}

/// An AI event that gives a coup, realignments, influence or Ops, or removes your influence:
/// which of the action round's steps it follows.
pub(super) fn event_action(ctx: &mut Ctx) -> Flow<Outcome> {
    let kind = ctx.choice(
        "gives",
        "What does the AI's event give it?",
        &[
            ("coup", "a coup"),
            ("realign", "realignments"),
            ("influence", "influence to place"),
            ("ops", "Ops for any kind of action"),
            ("remove", "removal of your influence"),
        ],
    )?;
    let (how, next): (&str, Option<&'static str>) = match kind.as_str() {
        "coup" => ("follow step 4, with Europe added at the head of its regions", None),
        "realign" => (
            "follow the realignment rules of steps 3, 7 and 9, regions in the Europe to Central America order, no d20",
            None,
        ),
        "influence" => (
            "follow steps 2, 5 and 9, regions in the Europe to Central America order, no d20; in each step place first in countries the AI already controls where that costs no penalty",
            None,
        ),
        "ops" => ("use the action round's steps from the start, as for any card", Some("action")),
        _ => (
            "remove what the influence rules would place for the AI, but in every rule only in countries next to AI influence",
            None,
        ),
    };
    if let Some(p) = next {
        ctx.lead_to(p, Vec::new(), "the event's Ops");
    }
    ctx.done(how, fields([("gives", json!(kind))]))
}
