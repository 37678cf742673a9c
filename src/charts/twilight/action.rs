//! The action round's walk (`action`): Γ, Δ, then steps 1-9 in the order and with the
//! step sets the data file gives, each step's conditions asked as questions; the region
//! questions every step shares.

use super::*;

/// Which steps apply this action round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Normal,
    Gamma,
    EuropeLost,
}

/// Asks for the first region (in `order`) where something is possible; "none" if nowhere.
pub(super) fn first_region(
    ctx: &mut Ctx,
    id: &str,
    what: &str,
    order: &[&str],
) -> Flow<Option<String>> {
    let labels: Vec<String> = order.iter().map(|r| r.to_string()).collect();
    let prompt = format!(
        "Going down {}: the first region with {what}?",
        order.join(", ")
    );
    choose_region(ctx, id, order, &labels, prompt)
}

/// The question of [`first_region`] and [`first_region_at`]: the regions of `order`, shown
/// as `labels`, by key, and "none" for nowhere - the answers that mean something here.
pub(super) fn choose_region(
    ctx: &mut Ctx,
    id: &str,
    order: &[&str],
    labels: &[String],
    prompt: String,
) -> Flow<Option<String>> {
    let keys: Vec<String> = order.iter().map(|r| region_key(r)).collect();
    let mut options: Vec<(&str, &str)> = keys
        .iter()
        .zip(labels)
        .map(|(k, l)| (k.as_str(), l.as_str()))
        .collect();
    options.push(("none", "nowhere"));
    // Every region is a valid value of the flag, so that a flag means the same whatever the
    // card: one this step cannot use now is taken from the command line, noted, and counts
    // as none. The question offers only the regions of the step's order.
    let key = ctx.choice_beyond(id, prompt, &options, region_keys())?;
    let found = order
        .iter()
        .zip(&keys)
        .find(|(_, k)| **k == key)
        .map(|(r, _)| r.to_string());
    if found.is_none() && key != "none" {
        ctx.note(format!(
            "{key}: not among {} here, so no region",
            order.join(", ")
        ));
    }
    Ok(found)
}

pub(super) fn iran_contra(ctx: &mut Ctx) -> Flow<bool> {
    ctx.yes_no(
        "iran-contra",
        "Has Iran-Contra been played against the AI (no realignments at all)?",
    )
}

/// A realignment step (3 and 7): none at all after Iran-Contra; otherwise the step's action
/// when the user says there is a target, else a note and on to the next step.
pub(super) struct Realign {
    step: &'static str,
    key: &'static str,
    question: &'static str,
    action: &'static str,
    /// The note when there is no target.
    none: &'static str,
}

impl Realign {
    fn ask(&self, ctx: &mut Ctx) -> Flow<Option<Outcome>> {
        if iran_contra(ctx)? {
            ctx.note(format!(
                "step {}: no realignments after Iran-Contra",
                self.step
            ));
        } else if ctx.yes_no(self.key, self.question)? {
            return step_done(ctx, self.step, self.action.into()).map(Some);
        } else {
            ctx.note(format!("step {}: {}", self.step, self.none));
        }
        Ok(None)
    }
}

pub(super) fn step_done(ctx: &mut Ctx, step: &str, action: String) -> Flow<Outcome> {
    step_done_in(ctx, step, action, None)
}

/// The end of an action round; `region` is step 9's region and its d20 (none when Europe
/// was lost and no die was rolled).
pub(super) fn step_done_in(
    ctx: &mut Ctx,
    step: &str,
    action: String,
    region: Option<(&str, Option<i64>)>,
) -> Flow<Outcome> {
    ctx.fact(format!("step {step}"), action.as_str());
    ctx.done(
        format!("step {step}: {action}"),
        fields([
            ("step", json!(step)),
            ("action", json!(action)),
            ("region", json!(region.map(|r| r.0))),
            ("d20", json!(region.and_then(|r| r.1))),
        ]),
    )
}

/// The periods of the war, with their names (the `war` question and fact).
pub(super) const WARS: &[(&str, &str)] = &[
    ("early", "early war"),
    ("mid", "mid war"),
    ("late", "late war"),
];

pub(super) fn action(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    ctx.at("the card");
    if ctx.yes_no("scoring", "Is the card a scoring card?")? {
        ctx.note("scoring cards are played as soon as they turn up");
        return step_done(ctx, "-", "play the scoring card".into());
    }
    let ops = ctx.number(
        "ops",
        "The card's Ops value (5 for the China card: it counts 5 in Asia, 4 anywhere else)?",
        1,
        5,
    )?;
    let war = ctx.choice("war", "Which period of the war?", WARS)?;
    ctx.at("Γ");
    let mode = if ctx.yes_no(
        "final-round",
        "Is this the last action round of the turn, with the AI holding a card and short of required military operations?",
    )? {
        Mode::Gamma
    } else if ctx.yes_no("europe-lost", "Has the AI lost control of every battleground in Europe?")? {
        Mode::EuropeLost
    } else {
        Mode::Normal
    };
    let allowed: &Vec<StepId> = match mode {
        Mode::Gamma => &d.steps.gamma,
        Mode::EuropeLost => &d.steps.europe_lost,
        Mode::Normal => &d.steps.order,
    };
    ctx.note("the source's list opens at Γ: any Α and Β before it are not in the source");
    match mode {
        Mode::Gamma => ctx.fact(
            "Γ",
            format!("only steps {} (space race ignored)", names(allowed)),
        ),
        Mode::EuropeLost => ctx.fact("Europe lost", format!("only steps {}", names(allowed))),
        Mode::Normal => {}
    }

    // Δ: events that are played before any step.
    if mode != Mode::Gamma {
        ctx.at("Δ");
        if ctx.yes_no(
            "event-wins",
            "Would the card's event win the game for the AI?",
        )? {
            return step_done(ctx, "Δ", "play the event: it wins the game".into());
        }
        if ops == 1
            && ctx.yes_no(
                "step8-ok",
                "Does the event pass the step 8 test (neutral or the AI's, playable, could help the AI - more than you if VP are at stake)?",
            )?
        {
            return step_done(ctx, "Δ", "play the event: a 1-Ops card that passes the step 8 test".into());
        }
        if ctx.yes_no("red-scare", "Is Red Scare/Purge in effect against the AI?")?
            && ctx.yes_no(
                "step8-no-ops",
                "Does the event pass the step 8 test without using any Ops?",
            )?
        {
            if lacks_rmo(ctx)? {
                // Coups still come first when the AI needs military operations.
                let coups = allowed_of(&d.steps.gamma, allowed);
                ctx.note(format!(
                    "Red Scare/Purge, but short of military operations: the coup steps {} come before the event",
                    names(&coups)
                ));
                if let Some(o) = run_steps(ctx, &coups, ops, &war, mode, Some(true))? {
                    return Ok(o);
                }
            }
            return step_done(
                ctx,
                "Δ",
                "play the event: under Red Scare/Purge, a step 8 event without Ops".into(),
            );
        }
    }
    // Γ is short of military operations by its own question; otherwise it is asked when a
    // step that needs it (4 or 6) is reached, not before.
    let lacking = (mode == Mode::Gamma).then_some(true);
    let steps = allowed_of(&d.steps.order, allowed);
    if let Some(o) = run_steps(ctx, &steps, ops, &war, mode, lacking)? {
        return Ok(o);
    }
    ctx.note("the source gives no further step");
    step_done(
        ctx,
        "-",
        format!("none of steps {} applies", names(allowed)),
    )
}

/// The steps of `steps`, in its order, that this action round allows.
pub(super) fn allowed_of(steps: &[StepId], allowed: &[StepId]) -> Vec<StepId> {
    steps
        .iter()
        .filter(|s| allowed.contains(s))
        .copied()
        .collect()
}

pub(super) fn lacks_rmo(ctx: &mut Ctx) -> Flow<bool> {
    ctx.yes_no(
        "lacks-rmo",
        "Is the AI short of the required military operations this turn?",
    )
}

/// Whether the AI is short of military operations: `known` when the round already says so
/// (Γ), else asked now, at the step that needs it.
pub(super) fn lacks(ctx: &mut Ctx, known: Option<bool>) -> Flow<bool> {
    match known {
        Some(b) => Ok(b),
        None => lacks_rmo(ctx),
    }
}

/// Step 3: a European battleground realigned.
const STEP3: Realign = Realign {
    step: "3",
    key: "europe-realign",
    question: "Is there a European battleground the AI may realign at a net -1 or better (not where it has influence but no bonus)?",
    action: "realign European battlegrounds: best modifier first down to -1, highest stability first (Poland first on ties)",
    none: "no European battleground to realign at -1 or better",
};

/// Step 7: a controlled battleground outside Europe realigned.
const STEP7: Realign = Realign {
    step: "7",
    key: "realign-controlled",
    question: "Is there a controlled non-European battleground of level 3 or more the AI may realign by step 3's test?",
    action: "realign that controlled non-European battleground (step 3's order)",
    none: "no controlled non-European battleground to realign",
};

/// Goes down `steps` (in the order given) and returns the first that applies.
pub(super) fn run_steps(
    ctx: &mut Ctx,
    steps: &[StepId],
    ops: i64,
    war: &str,
    mode: Mode,
    lacking: Option<bool>,
) -> Flow<Option<Outcome>> {
    for step in steps {
        ctx.at(format!("step {}", step.name()));
        let done = match step {
            // Γ and Δ come before the numbered steps, in `action`.
            StepId::Gamma | StepId::Delta => None,
            StepId::ItalyCoup => step1(ctx, ops)?,
            StepId::EuropeInfluence => step2(ctx)?,
            StepId::EuropeRealign => STEP3.ask(ctx)?,
            StepId::BattlegroundCoup => step4(ctx, ops, lacking)?,
            StepId::Influence => step5(ctx)?,
            StepId::NonBattlegroundCoup => step6(ctx, ops, lacking, mode)?,
            StepId::Realign => STEP7.ask(ctx)?,
            StepId::Event => step8(ctx, ops, war, mode)?,
            StepId::RegionRoll => return step9(ctx, ops, war, mode).map(Some),
        };
        if done.is_some() {
            return Ok(done);
        }
    }
    Ok(None)
}

/// Step 1: a coup in Italy with a card of 3 Ops or more.
fn step1(ctx: &mut Ctx, ops: i64) -> Flow<Option<Outcome>> {
    if ops < 3 {
        ctx.note("step 1: needs a 3+ Ops card");
    } else if ctx.yes_no(
        "italy",
        "Can the AI coup Italy (not AI-controlled, DEFCON allows)?",
    )? {
        let card = if ops >= 5 {
            format!(
                "the China card ({} Ops outside Asia)",
                coup_ops(ops, "Europe", false)
            )
        } else {
            format!("the {ops}-Ops card")
        };
        return step_done(ctx, "1", format!("coup in Italy with {card}")).map(Some);
    } else {
        ctx.note("step 1: no coup possible in Italy");
    }
    Ok(None)
}

/// Step 2: influence in Europe's uncontrolled battlegrounds, those it can control first.
fn step2(ctx: &mut Ctx) -> Flow<Option<Outcome>> {
    if ctx.yes_no(
        "europe-bg-control",
        "Can the AI gain control of an uncontrolled European battleground this action round?",
    )? {
        return step_done(ctx, "2A", "place influence in the highest-level uncontrolled European battlegrounds it can control this round, one at a time until each is controlled (next to your superpower / Poland first on ties)".into()).map(Some);
    }
    if ctx.yes_no(
        "europe-bg",
        "Is there an uncontrolled battleground in Europe to place influence in?",
    )? {
        return step_done(ctx, "2B", "place influence in the highest-level uncontrolled European battleground (next to your superpower / Poland first on ties)".into()).map(Some);
    }
    ctx.note("step 2: no uncontrolled European battleground");
    Ok(None)
}

/// Step 5: influence in the uncontrolled battlegrounds outside Europe, those it can control
/// first, region by region.
fn step5(ctx: &mut Ctx) -> Flow<Option<Outcome>> {
    let order = region_order("step 5 influence");
    if ctx.yes_no(
        "influence-control",
        "Can the AI gain control of an uncontrolled non-European battleground this action round?",
    )? {
        if let Some(r) = first_region(ctx, "influence-region", "such a battleground", &order)? {
            return step_done(ctx, "5A", format!("place influence in the highest-level uncontrolled battlegrounds it can control, starting in {r}, one at a time until each is controlled")).map(Some);
        }
    }
    if let Some(r) = first_region(
        ctx,
        "bg-region",
        "an uncontrolled battleground to place influence in",
        &order,
    )? {
        return step_done(ctx, "5B", format!("place influence in the highest-level uncontrolled battleground in {r} (Japan, North Korea, Cuba, Mexico first on ties)")).map(Some);
    }
    ctx.note("step 5: no uncontrolled non-European battleground");
    Ok(None)
}
