//! Coups: Latin American Death Squads for and against the AI, the Ops and level a coup
//! needs in a region, and steps 4 (battleground coups) and 6 (non-battleground coups).

use super::*;

/// The regions where Latin American Death Squads change the AI's coups.
pub(super) const SQUAD_REGIONS: [&str; 2] = ["South America", "Central America"];

/// Regions with no level 1 battleground on the board (South America's are Venezuela, Brazil,
/// Argentina and Chile; Central America's Mexico, Cuba and Panama - all level 2 or 3).
pub(super) const NO_LEVEL1_BATTLEGROUND: [&str; 2] = ["South America", "Central America"];

/// Latin American Death Squads, as they bear on the AI's coups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Squads {
    Neither,
    /// In play for the AI: +1 Op in South and Central America.
    ForAi,
    /// In play against the AI: its coups there are at -1.
    AgainstAi,
}

/// Whether Death Squads is in play for the AI: a standing fact of the game, asked alone (the
/// step 4 d6's other condition, a coup possible in both regions, is asked where it applies).
pub(crate) fn squads_for_ai(ctx: &mut Ctx) -> Flow<bool> {
    ctx.yes_no(
        "death-squads",
        "Is Latin American Death Squads in play for the AI (+1 Op on its coups in South and Central America)?",
    )
}

/// Asks about Death Squads against the AI (unless they are in play for it) and notes the rule.
pub(super) fn squads_against(ctx: &mut Ctx, for_ai: bool) -> Flow<Squads> {
    if for_ai {
        return Ok(Squads::ForAi);
    }
    if ctx.yes_no(
        "death-squads-against",
        "Is Latin American Death Squads in play against the AI (its coups in South and Central America at -1)?",
    )? {
        let s = data().coup_levels.squads_against;
        ctx.note(format!(
            "Death Squads against the AI: in South and Central America a {}+ Ops card is needed for level {}, smaller cards go for level {}",
            s.min_ops_high, s.high, s.low
        ));
        Ok(Squads::AgainstAi)
    } else {
        Ok(Squads::Neither)
    }
}

/// The Ops a card counts for a coup in `region`: the China card (entered as 5) counts 5 only
/// in Asia and 4 elsewhere; Death Squads for the AI add 1 in South and Central America.
pub fn coup_ops(ops: i64, region: &str, squads_for_ai: bool) -> i64 {
    let base = if ops >= 5 && region != "Asia" { 4 } else { ops };
    if squads_for_ai && SQUAD_REGIONS.contains(&region) {
        (base + 1).min(5)
    } else {
        base
    }
}

/// The coup target level in `region` for a card of `ops`, with the step's levels.
pub(super) fn coup_level(levels: &Levels, ops: i64, region: &str, squads: Squads) -> i64 {
    let value = coup_ops(ops, region, squads == Squads::ForAi);
    if squads == Squads::AgainstAi && SQUAD_REGIONS.contains(&region) {
        let s = data().coup_levels.squads_against;
        if value >= s.min_ops_high {
            s.high
        } else {
            s.low
        }
    } else {
        levels.for_ops(value)
    }
}

/// Asks for the first region (in `order`), each shown with its coup level, where a country of
/// that level can be couped; returns the region and its level.
pub(super) fn first_region_at(
    ctx: &mut Ctx,
    id: &str,
    what: &str,
    order: &[&str],
    level_in: impl Fn(&str) -> i64,
) -> Flow<Option<(String, i64)>> {
    let described: Vec<String> = order
        .iter()
        .map(|r| format!("{r} (level {})", level_in(r)))
        .collect();
    let prompt = format!(
        "Going down {}: the first region with {what} of that level the AI can coup?",
        described.join(", ")
    );
    Ok(choose_region(ctx, id, order, &described, prompt)?.map(|r| {
        let level = level_in(&r);
        (r, level)
    }))
}

/// Step 4: a battleground coup when short of military operations (or on Death Squads' d6),
/// step 4A's China card roll first where Asia is among the regions.
pub(super) fn step4(ctx: &mut Ctx, ops: i64, lacking: Option<bool>) -> Flow<Option<Outcome>> {
    let squads = squads_for_ai(ctx)?;
    let squads_override = death_squads_roll(ctx, squads)?;
    if !squads_override && !lacks(ctx, lacking)? {
        ctx.note("step 4: only when short of required military operations");
        return Ok(None);
    }
    let all = region_order("step 4 coups");
    let Some(regions) = step4_regions(ctx, ops, squads_override, &all) else {
        return Ok(None);
    };
    if let Some(o) = china_card_coup(ctx, ops, &regions, all[0])? {
        return Ok(Some(o));
    }
    battleground_coup(ctx, ops, regions, all[0], squads)
}

/// Death Squads for the AI, with a coup possible in both South and Central America: the d6
/// that may lift the military-operations condition (true when it does).
fn death_squads_roll(ctx: &mut Ctx, squads: bool) -> Flow<bool> {
    let d = data();
    let both = squads
        && ctx.yes_no(
            "squads-both",
            "Can the AI coup in both South and Central America this round (for the Death Squads d6)?",
        )?;
    if squads && !both {
        ctx.note("Death Squads: no coup possible in both South and Central America, so no d6");
    }
    if !both {
        return Ok(false);
    }
    let r = ctx.die("death-squads-d6", "d6 (Death Squads)", 1, 6)?;
    let squads_override = in_range(d.dice.death_squads, r);
    ctx.note(if squads_override {
        format!(
            "{r} is in {}: coup regardless of military operations, South and Central America only",
            span_text(d.dice.death_squads)
        )
    } else {
        format!(
            "{r} is not in {}: the usual conditions",
            span_text(d.dice.death_squads)
        )
    });
    Ok(squads_override)
}

/// The regions step 4 may coup in with this card (of `all`, in order): none when the card is
/// too small.
fn step4_regions(
    ctx: &mut Ctx,
    ops: i64,
    squads_override: bool,
    all: &[&'static str],
) -> Option<Vec<&'static str>> {
    if squads_override {
        // The roll lifts only the military-operations condition: with the +1 there the card
        // must still come to 3 Ops or more.
        let value = coup_ops(ops, SQUAD_REGIONS[0], true);
        if value < 3 {
            ctx.note(format!(
                "step 4: even with Death Squads' +1 the card counts only {value} Ops in South and Central America, short of 3"
            ));
            return None;
        }
        Some(
            all.iter()
                .copied()
                .filter(|r| SQUAD_REGIONS.contains(r))
                .collect(),
        )
    } else if ops < 2 {
        ctx.note("step 4: needs 3+ Ops (2 Ops: step 4A only)");
        None
    } else if ops == 2 {
        ctx.note("a 2-Ops card short of military operations: step 4A (Asia) only");
        Some(vec![all[0]])
    } else {
        Some(all.to_vec())
    }
}

/// 4A: the China card roll, where Asia (`asia`) is among the regions (the die is not named in
/// the source: a d6 is assumed).
fn china_card_coup(ctx: &mut Ctx, ops: i64, regions: &[&str], asia: &str) -> Flow<Option<Outcome>> {
    let d = data();
    if !(regions.contains(&asia)
        && ops < 5
        && ctx.yes_no("china", "Does the AI hold the China card?")?)
    {
        return Ok(None);
    }
    if ctx.yes_no(
        "us-formosan",
        "Is the AI the US with Formosan Resolution in play?",
    )? {
        ctx.note("Formosan Resolution: no China card roll");
        return Ok(None);
    }
    let r = ctx.die("china-d6", "d6 (China card)", 1, 6)?;
    if !in_range(d.dice.china_coup, r) {
        ctx.note(format!(
            "{r} is not in {}: no China card",
            span_text(d.dice.china_coup)
        ));
        return Ok(None);
    }
    ctx.note(format!(
        "{r} is in {}: the China card, if any level 3 country can be couped",
        span_text(d.dice.china_coup)
    ));
    if !ctx.yes_no(
        "asia-level3",
        "Is there a level 3 battleground in Asia the AI can coup?",
    )? {
        return Ok(None);
    }
    ctx.set_fact(
        "china",
        Answer::Bool(false),
        "the China card passes to you, face down",
    );
    step_done(
        ctx,
        "4A",
        "coup with the China card in a level 3 Asian battleground (North Korea first on ties)"
            .into(),
    )
    .map(Some)
}

/// The battleground coup itself: the first of `regions` with a battleground of step 4's level
/// for the card (4A when it is in Asia).
fn battleground_coup(
    ctx: &mut Ctx,
    ops: i64,
    regions: Vec<&'static str>,
    asia: &str,
    squads: bool,
) -> Flow<Option<Outcome>> {
    let squads = if regions.iter().any(|r| SQUAD_REGIONS.contains(r)) {
        squads_against(ctx, squads)?
    } else if squads {
        Squads::ForAi
    } else {
        Squads::Neither
    };
    if ops >= 5 {
        ctx.note("the China card counts 5 Ops in Asia only, 4 elsewhere");
    }
    let levels = data().coup_levels.step4;
    // Death Squads against the AI send a small card to a level 1 battleground in South or
    // Central America, and the board has none there: the program skips such a region.
    let (regions, missing): (Vec<&str>, Vec<&str>) = regions.into_iter().partition(|r| {
        !(coup_level(&levels, ops, r, squads) == 1 && NO_LEVEL1_BATTLEGROUND.contains(r))
    });
    if !missing.is_empty() {
        ctx.note(format!(
            "step 4 asks for a level 1 battleground in {}, and there is none: skipped (the source names such a target; the program reads it as no coup there)",
            missing.join(" and ")
        ));
        if regions.is_empty() {
            return Ok(None);
        }
    }
    match first_region_at(ctx, "coup-region", "a battleground", &regions, |r| {
        coup_level(&levels, ops, r, squads)
    })? {
        Some((r, level)) => {
            let label = if r == asia { "4A" } else { "4" };
            step_done(ctx, label, format!("coup in a level {level} battleground in {r} (next to your superpower first on ties)")).map(Some)
        }
        None => {
            ctx.note("step 4: no battleground to coup");
            Ok(None)
        }
    }
}

pub(super) fn step6(
    ctx: &mut Ctx,
    ops: i64,
    lacking: Option<bool>,
    mode: Mode,
) -> Flow<Option<Outcome>> {
    let d = data();
    if !lacks(ctx, lacking)? {
        ctx.note("step 6: only when short of required military operations");
        return Ok(None);
    }
    if ops < 3 && ctx.yes_no("yuri", "Is Yuri and Samantha in play against the AI?")? {
        ctx.note("Yuri and Samantha: step 6 needs a 3+ Ops card");
        return Ok(None);
    }
    let order = region_order("step 6 coups");
    let for_ai = squads_for_ai(ctx)?;
    let squads = squads_against(ctx, for_ai)?;
    let levels = d.coup_levels.step6;
    let mut found = first_region_at(ctx, "nonbg-region", "a non-battleground", &order, |r| {
        coup_level(&levels, ops, r, squads)
    })?;
    if found.is_none() && mode == Mode::Gamma && ops <= 2 {
        for (id, higher) in [("nonbg-region-l2", 2), ("nonbg-region-l3", 3)] {
            ctx.note(format!(
                "last action round, still short: try level {higher}"
            ));
            if let Some(r) = first_region(
                ctx,
                id,
                &format!("a level {higher} non-battleground the AI can coup"),
                &order,
            )? {
                found = Some((r, higher));
                break;
            }
        }
    }
    match found {
        Some((r, lvl)) => step_done(
            ctx,
            "6",
            format!("coup in a level {lvl} non-battleground in {r} (Afghanistan first on ties)"),
        )
        .map(Some),
        None => {
            ctx.note("step 6: no non-battleground to coup");
            Ok(None)
        }
    }
}
