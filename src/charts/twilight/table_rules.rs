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
    let labels: Vec<String> = (1..=shares.len()).map(|i| i.to_string()).collect();
    pick_named(ctx, id, shares, &labels)
}

/// [`pick`], with each choice named by `labels` in the note of the faces.
pub(super) fn pick_named(
    ctx: &mut Ctx,
    id: &str,
    shares: &[i64],
    labels: &[String],
) -> Flow<usize> {
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
            let name = &labels[i];
            let span = if to == from {
                format!("{name}: {from}")
            } else {
                format!("{name}: {from}-{to}")
            };
            from = to + 1;
            span
        })
        .collect();
    ctx.note(format!(
        "d{faces}, {per} face{} a share: {}{}",
        if per == 1 { "" } else { "s" },
        spans.join(", "),
        if used + 1 == faces {
            format!("; {faces} rolled again")
        } else if used < faces {
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
        ctx.roll_again(format!("{r} is not assigned: roll again"));
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

/// What becomes of the Ops left when every country of step 9B's draw has become
/// AI-controlled (a named choice: the source does not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AllControlled {
    /// The source's rule for a region where neither 9A nor 9B is possible: the first
    /// available country along the Europe - Central America hierarchy, no new d20.
    Hierarchy,
    /// The source's "all Ops in the rolled region": the draw goes on among the same
    /// countries, controlled now.
    SameRegion,
}

/// Options of the `all-controlled` choice, the program's default first.
pub const ALL_CONTROLLED: &[&str] = &["hierarchy", "same-region"];

/// What each option of the `all-controlled` choice means, as its question offers them.
pub const ALL_CONTROLLED_MEANINGS: &[(&str, &str)] = &[
    (
        "hierarchy",
        "the first country open along the Europe - Central America order (no new d20)",
    ),
    (
        "same-region",
        "keep rolling among the same countries of the rolled region",
    ),
];

fn all_controlled(ctx: &mut Ctx, left: i64) -> Flow<AllControlled> {
    let key = ctx.choice(
        "all-controlled",
        format!(
            "Every country of the draw is AI-controlled now, with {left} Op{} to go. Where do they go?",
            if left == 1 { "" } else { "s" }
        ),
        ALL_CONTROLLED_MEANINGS,
    )?;
    Ok(if key == "same-region" {
        AllControlled::SameRegion
    } else {
        AllControlled::Hierarchy
    })
}

/// Step 9B's draw as the Ops go: the countries (P1, P2, ... then E1, E2, ...), their shares,
/// which are still in the draw, and what the Ops did.
struct Draw {
    names: Vec<String>,
    shares: Vec<i64>,
    in_draw: Vec<bool>,
    placed: Vec<String>,
    controlled: Vec<String>,
    rest: Option<(AllControlled, i64)>,
    unplaced: i64,
}

/// Step 9B: influence placed at random in the region's uncontrolled countries, one roll for
/// each Op; a country with partial AI influence has twice the faces of one without. After
/// each Op but the last the player says whether the country it went to is AI-controlled now:
/// a controlled country is no longer uncontrolled, so it leaves the draw.
pub(super) fn place_9b(ctx: &mut Ctx) -> Flow<Outcome> {
    let (mut draw, ops) = draw_9b(ctx)?;
    for op in 1..=ops {
        ctx.at(format!("Op {op} of {ops}"));
        if !draw.place_op(ctx, op, ops)? {
            break;
        }
    }
    draw.outcome(ctx)
}

/// The region's uncontrolled countries and the Ops to place among them.
fn draw_9b(ctx: &mut Ctx) -> Flow<(Draw, i64)> {
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
    let names: Vec<String> = (1..=partial)
        .map(|i| format!("P{i}"))
        .chain((1..=empty).map(|i| format!("E{i}")))
        .collect();
    let shares: Vec<i64> = (0..partial)
        .map(|_| 2)
        .chain((0..empty).map(|_| 1))
        .collect();
    if shares.iter().sum::<i64>() > 20 {
        return Err(ctx.invalid(
            "empty",
            "more than 20 shares: that many countries do not fit one d20",
        ));
    }
    let draw = Draw {
        in_draw: vec![true; names.len()],
        names,
        shares,
        placed: Vec::new(),
        controlled: Vec::new(),
        rest: None,
        unplaced: 0,
    };
    Ok((draw, ops))
}

impl Draw {
    /// Op `op` of `ops` placed: false when the Ops left are not drawn for (the draw all
    /// controlled and the rest sent along the order, or grown past a d20).
    fn place_op(&mut self, ctx: &mut Ctx, op: i64, ops: i64) -> Flow<bool> {
        let Some(open) = self.open(ctx, op, ops)? else {
            return Ok(false);
        };
        let weight: i64 = open.iter().map(|&i| self.shares[i]).sum();
        if weight > 20 {
            // Countries that gained influence have grown the draw past the largest die the
            // source names: it does not say what then, so the program stops here.
            self.unplaced = ops - op + 1;
            let unplaced = self.unplaced;
            ctx.note(format!(
                "the draw has grown to {weight} shares, more than a d20's faces, and the source names no larger die: the {unplaced} Op{} left are for you to place",
                if unplaced == 1 { "" } else { "s" }
            ));
            return Ok(false);
        }
        let i = self.roll(ctx, op, &open)?;
        self.placed_in(ctx, i, op, ops)?;
        Ok(true)
    }

    /// The countries still in the draw; when every one is controlled, where the Ops left go
    /// (none: along the order, no draw).
    fn open(&mut self, ctx: &mut Ctx, op: i64, ops: i64) -> Flow<Option<Vec<usize>>> {
        let open: Vec<usize> = (0..self.names.len()).filter(|&i| self.in_draw[i]).collect();
        if !open.is_empty() {
            return Ok(Some(open));
        }
        let left = ops - op + 1;
        let how = all_controlled(ctx, left)?;
        self.rest = Some((how, left));
        if how == AllControlled::Hierarchy {
            ctx.note(format!(
                "every country of the draw is controlled: the {left} Op{} left go to the first available country along the Europe - Central America order, no new d20",
                if left == 1 { "" } else { "s" }
            ));
            return Ok(None);
        }
        ctx.note("every country of the draw is controlled: the draw goes on among them all, in the rolled region");
        self.in_draw.iter_mut().for_each(|d| *d = true);
        Ok(Some((0..self.names.len()).collect()))
    }

    /// The country the Op goes to: the die among the open countries' shares (no roll for one).
    fn roll(&self, ctx: &mut Ctx, op: i64, open: &[usize]) -> Flow<usize> {
        if open.len() == 1 {
            ctx.note(format!(
                "only {} is left in the draw: no roll",
                self.names[open[0]]
            ));
            return Ok(open[0]);
        }
        let weights: Vec<i64> = open.iter().map(|&i| self.shares[i]).collect();
        let labels: Vec<String> = open.iter().map(|&i| self.names[i].clone()).collect();
        Ok(open[pick_named(ctx, &format!("op{op}-die"), &weights, &labels)?])
    }

    /// The Op placed in country `i`: its shares doubled if it had no AI influence, and out of
    /// the draw if the AI controls it now.
    fn placed_in(&mut self, ctx: &mut Ctx, i: usize, op: i64, ops: i64) -> Flow<()> {
        let name = self.names[i].clone();
        ctx.note(format!("Op {op}: {name}"));
        self.placed.push(name.clone());
        // Twice the faces from now on: said only while an Op is still to be placed.
        if self.shares[i] == 1 {
            self.shares[i] = 2;
            if op < ops {
                ctx.note(format!(
                    "{name} has AI influence now: twice the faces from the next Op on"
                ));
            }
        }
        if op < ops
            && self.rest.is_none()
            && ctx.yes_no(
                &format!("op{op}-controlled"),
                format!("With this Op, does the AI control {name} now?"),
            )?
        {
            ctx.note(format!(
                "{name} is AI-controlled now: it leaves the draw of uncontrolled countries"
            ));
            self.in_draw[i] = false;
            self.controlled.push(name);
        }
        Ok(())
    }

    /// The countries the Ops went to, and where the Ops not drawn for go.
    fn outcome(self, ctx: &mut Ctx) -> Flow<Outcome> {
        let Draw {
            placed,
            controlled,
            rest,
            unplaced,
            ..
        } = self;
        let mut result = format!("place 1 Op in each of: {}", placed.join(", "));
        if let Some((AllControlled::Hierarchy, left)) = rest {
            result.push_str(&format!(
                "; then {left} Op{} in the first available country along the Europe - Central America order",
                if left == 1 { "" } else { "s" }
            ));
        }
        if unplaced > 0 {
            result.push_str(&format!(
                "; {unplaced} Op{} left past a d20's reach",
                if unplaced == 1 { "" } else { "s" }
            ));
        }
        ctx.done(
            result,
            fields([
                ("placed", json!(placed)),
                ("controlled", json!(controlled)),
                ("unplaced", json!(unplaced)),
                (
                    "to_hierarchy",
                    json!(match rest {
                        Some((AllControlled::Hierarchy, left)) => left,
                        _ => 0,
                    }),
                ),
            ]),
        )
    }
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
        return face_down(ctx);
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
    if ctx.yes_no(
        "exchanges-done",
        "Have the exchanges of this turn been made already (or are there none)?",
    )? {
        ctx.note("exchanges done");
    } else if let Some(exchanged) = exchanges(ctx, n)? {
        return Ok(exchanged);
    }
    ctx.at("space race, China card, at random");
    face_up(ctx, n)
}

/// The top face-down card turned over: played, unless it is yours and could help you.
fn face_down(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.note("turn over its top card");
    if !ctx.yes_no("yours", "Is the card associated with your side?")? {
        return play_it(ctx, "not yours: the AI plays it (action round procedure)");
    }
    if !ctx.yes_no("helps-you", "Is its event playable, and could it help you?")? {
        return play_it(ctx, "yours, but no help to you: the AI plays it");
    }
    ctx.done(
        "lay it on the face-up pile (space race or last resort); turn over the next card",
        fields([("card", json!("face-up pile"))]),
    )
}

/// The space race perks' exchanges of the `n` face-up cards: the outcome when the AI holds
/// either perk, none when it holds neither.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of face-up cards the person gave, asked for in 0 to 9: it fits a usize"
)]
fn exchanges(ctx: &mut Ctx, n: i64) -> Flow<Option<Outcome>> {
    let mut exchanges = Vec::new();
    // The cards still face up: each exchange takes one of them away (the card drawn for
    // it does not help you, so it goes face down), so the perks stack on a smaller pile.
    let mut left = n;
    for (id, perk) in [
        ("eagle-landed", "Eagle/Bear Has Landed"),
        ("space-station", "Space Station"),
    ] {
        if ctx.yes_no(id, format!("Does the AI hold the {perk} space race perk?"))? {
            ctx.at(perk);
            if left == 0 {
                ctx.note(format!(
                    "{perk}: no face-up card is left to exchange (the other perk took the last)"
                ));
                continue;
            }
            let i = if left == 1 {
                ctx.note(format!("{perk}: one face-up card: no roll"));
                0
            } else {
                pick(
                    ctx,
                    &format!("{id}-die"),
                    &vec![1; left.unsigned_abs() as usize],
                )?
            };
            let text = format!(
                "{perk}: face-up card {} of {left} back into the middle of the deck; draw until a card that does not help you turns up (the others go back into the middle too) and put it face down",
                i + 1
            );
            ctx.note(text.clone());
            exchanges.push(text);
            left -= 1;
        }
    }
    if exchanges.is_empty() {
        return Ok(None);
    }
    ctx.done(
        format!(
            "{}; then turn the new face-down card over",
            exchanges.join("; ")
        ),
        fields([
            ("card", json!("exchange")),
            ("exchanges", json!(exchanges.len())),
        ]),
    )
    .map(Some)
}

/// The `n` face-up cards with no exchange: the space race, the China card, or one at random.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of face-up cards the person gave, asked for in 0 to 9: it fits a usize"
)]
fn face_up(ctx: &mut Ctx, n: i64) -> Flow<Outcome> {
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
        ctx.lead_to(
            "action",
            vec![("ops".to_string(), Answer::Number(5))],
            "the China card played for its Ops (5 in Asia, 4 elsewhere)",
        );
        return ctx.done(
            "play the China card (action round procedure with 5 Ops)",
            fields([("card", json!("China"))]),
        );
    }
    let i = if n == 1 {
        ctx.note("one face-up card: no roll");
        0
    } else {
        pick(ctx, "random-die", &vec![1; n.unsigned_abs() as usize])?
    };
    ctx.done(
        format!("play face-up card {} of the {n}, chosen at random", i + 1),
        fields([("card", json!("face-up")), ("choice", json!(i + 1))]),
    )
}

fn play_it(ctx: &mut Ctx, why: &str) -> Flow<Outcome> {
    ctx.lead_to("action", Vec::new(), "the card the AI plays");
    ctx.done(why, fields([("card", json!("play"))]))
}

/// Whose side a card is associated with, seen from the AI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    You,
    Ai,
    Neutral,
}

impl Side {
    fn words(self) -> &'static str {
        match self {
            Side::You => "you-associated",
            Side::Ai => "AI-associated",
            Side::Neutral => "unassociated",
        }
    }
}

/// A card of a list given to `take-card`: its name (or "card N"), Ops value, side, and
/// whether its event is harmless to the AI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedCard {
    pub name: String,
    pub ops: i64,
    pub side: Side,
    pub harmless: bool,
}

/// Why a card list does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardListError {
    /// The entry that does not read ("" when the list is empty).
    pub entry: String,
    pub why: String,
}

impl std::fmt::Display for CardListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.entry.is_empty() {
            f.write_str(&self.why)
        } else {
            write!(f, "'{}': {}", self.entry, self.why)
        }
    }
}

/// The hint for a card list.
const CARD_LIST_HINT: &str =
    "'NAME: OPS SIDE' separated by ';' - OPS 0-4 (0 for a scoring card), SIDE you, ai or neutral, 'harmless' after it for an event that cannot hurt the AI; the name may be left out";

/// Parses "Fidel: 2 ai; Blockade: 1 you harmless; 3 neutral" into cards (at most 60).
pub fn parse_cards(text: &str) -> Result<Vec<ListedCard>, CardListError> {
    let mut cards = Vec::new();
    for (n, entry) in text
        .split(';')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .enumerate()
    {
        let bad = |why: &str| CardListError {
            entry: entry.to_string(),
            why: why.to_string(),
        };
        let (name, rest) = match entry.rsplit_once(':') {
            Some((name, rest)) if !name.trim().is_empty() => (name.trim().to_string(), rest),
            Some(_) => return Err(bad("a name is missing before ':'")),
            None => (format!("card {}", n + 1), entry),
        };
        let words: Vec<String> = rest
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let mut ops = None;
        let mut side = None;
        let mut harmless = false;
        for w in &words {
            let named = match w.as_str() {
                "you" | "yours" => Some(Side::You),
                "ai" => Some(Side::Ai),
                "neutral" | "none" => Some(Side::Neutral),
                _ => None,
            };
            if let Some(named) = named {
                if side.is_some_and(|s| s != named) {
                    return Err(bad("two sides"));
                }
                side = Some(named);
                continue;
            }
            match w.as_str() {
                "harmless" | "benign" => harmless = true,
                w => match w.parse::<i64>() {
                    Ok(v) if (0..=4).contains(&v) && ops.is_none() => ops = Some(v),
                    Ok(_) if ops.is_some() => return Err(bad("two Ops values")),
                    Ok(_) => return Err(bad("Ops run 0-4 (0 for a scoring card)")),
                    Err(_) => {
                        return Err(bad(&format!(
                        "'{w}' is not an Ops value (0-4), a side (you, ai, neutral) or 'harmless'"
                    )))
                    }
                },
            }
        }
        let Some(ops) = ops else {
            return Err(bad("no Ops value (0-4)"));
        };
        let Some(side) = side else {
            return Err(bad("no side (you, ai or neutral)"));
        };
        cards.push(ListedCard {
            name,
            ops,
            side,
            harmless,
        });
    }
    if cards.is_empty() {
        return Err(CardListError {
            entry: String::new(),
            why: "no card is listed".into(),
        });
    }
    if cards.len() > 60 {
        return Err(CardListError {
            entry: String::new(),
            why: "more than 60 cards".into(),
        });
    }
    Ok(cards)
}

/// The one card of `among` (indexes into `cards`) the die for ties picks; one card needs no
/// roll.
fn pick_card(ctx: &mut Ctx, cards: &[ListedCard], among: &[usize]) -> Flow<usize> {
    if among.len() == 1 {
        return Ok(among[0]);
    }
    if among.len() > 20 {
        return Err(ctx.invalid(
            "cards",
            format!(
                "{} cards are tied: more than a d20 can share out",
                among.len()
            ),
        ));
    }
    let labels: Vec<String> = among.iter().map(|&i| cards[i].name.clone()).collect();
    Ok(among[pick_named(ctx, "tie-die", &vec![1; among.len()], &labels)?])
}

fn took(ctx: &mut Ctx, from: &str, card: &ListedCard, how: String) -> Flow<Outcome> {
    ctx.done(
        format!(
            "take {} ({} Ops, {}): {how}",
            card.name,
            card.ops,
            card.side.words()
        ),
        fields([
            ("from", json!(from)),
            ("card", json!(card.name)),
            ("ops", json!(card.ops)),
            ("kind", json!(card.side.words())),
        ]),
    )
}

/// An AI event that takes a card of its choosing: from your hand for you to discard, or from
/// the discards for the AI to use (Star Wars, SALT Negotiations). The cards there are listed
/// with their Ops and side; the rule picks the kind, then the highest Ops, and the die for
/// ties picks among equals.
pub(super) fn take_card(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.at("where from");
    let from = ctx.choice(
        "from",
        "Where does the event take the card from?",
        &[
            ("your-hand", "your hand, for you to discard"),
            ("discards", "the discards, for the AI to use"),
        ],
    )?;
    let text = ctx.text(
        "cards",
        if from == "your-hand" {
            "The cards in your hand, each with its Ops and side?"
        } else {
            "The cards in the discard pile, each with its Ops and side?"
        },
        CARD_LIST_HINT,
    )?;
    let cards = parse_cards(&text).map_err(|e| ctx.invalid("cards", e.to_string()))?;
    ctx.fact("cards", format!("{} listed", cards.len()));
    ctx.at("by kind, then value");
    let order: &[Side] = if from == "your-hand" {
        &[Side::You, Side::Neutral, Side::Ai]
    } else {
        &[Side::Ai, Side::Neutral]
    };
    for &side in order {
        let of: Vec<usize> = (0..cards.len())
            .filter(|&i| cards[i].side == side)
            .collect();
        if of.is_empty() {
            ctx.note(format!("no {} card there", side.words()));
            continue;
        }
        let top = of.iter().map(|&i| cards[i].ops).max().unwrap_or(0);
        let best: Vec<usize> = of.into_iter().filter(|&i| cards[i].ops == top).collect();
        ctx.note(format!(
            "{} cards first: the highest is {top} Ops",
            side.words()
        ));
        let i = pick_card(ctx, &cards, &best)?;
        let how = if from == "your-hand" {
            "you discard it"
        } else {
            "the AI uses it"
        };
        return took(ctx, &from, &cards[i], how.into());
    }
    // The discards hold only your cards.
    ctx.note("only you-associated cards are in the discards");
    if ctx.yes_no(
        "you-played-event",
        "Did you play the event, so the AI must take a card?",
    )? {
        let harmless: Vec<usize> = (0..cards.len()).filter(|&i| cards[i].harmless).collect();
        let (among, how) = if harmless.is_empty() {
            ctx.note("none is harmless to the AI: one at random");
            (
                (0..cards.len()).collect::<Vec<_>>(),
                "none is harmless: at random",
            )
        } else {
            ctx.note("a harmless one first");
            (harmless, "a harmless one first")
        };
        let i = pick_card(ctx, &cards, &among)?;
        return took(ctx, &from, &cards[i], how.into());
    }
    ctx.lead_to("action", Vec::new(), "the event card played for its Ops");
    ctx.done(
        "only your cards are there: the AI plays the event card for its Ops instead",
        fields([
            ("from", json!(from)),
            ("card", json!(null)),
            ("ops", json!(null)),
            ("kind", json!(null)),
        ]),
    )
}

/// An AI event that gives a coup, realignments, influence or Ops, or removes your influence:
/// which of the action round's rules it follows, leading on into the procedure that applies
/// them (`event-coup`, `event-realign`, `event-influence`, or `action` for Ops).
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
    let (how, next, given, why): (&str, &'static str, Vec<(String, Answer)>, &str) =
        match kind.as_str() {
            "coup" => (
                "follow step 4, with Europe added at the head of its regions",
                "event-coup",
                Vec::new(),
                "the event's coup",
            ),
            "realign" => (
                "follow the realignment rules of steps 3, 7 and 9, regions in the Europe to Central America order, no d20",
                "event-realign",
                Vec::new(),
                "the event's realignments",
            ),
            "influence" => (
                "follow steps 2, 5 and 9, regions in the Europe to Central America order, no d20; in each step place first in countries the AI already controls where that costs no penalty",
                "event-influence",
                vec![("what".to_string(), Answer::Choice("place".into()))],
                "the event's influence",
            ),
            "ops" => (
                "use the action round's steps from the start, as for any card",
                "action",
                Vec::new(),
                "the event's Ops",
            ),
            _ => (
                "remove what the influence rules would place for the AI, but in every rule only in countries next to AI influence",
                "event-influence",
                vec![("what".to_string(), Answer::Choice("remove".into()))],
                "the influence the event removes",
            ),
        };
    ctx.lead_to(next, given, why);
    ctx.done(how, fields([("gives", json!(kind))]))
}
