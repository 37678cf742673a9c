//! Twilight Struggle: what the AI does with an event that hands it a coup, realignments or
//! influence to place (or your influence to remove). These are the action round's own rules
//! re-ordered as the source says for events: a coup is step 4 with Europe at the head of the
//! regions; realignments are steps 3, 7 and 9's realigning, and influence steps 2, 5 and 9's
//! placing, both going down the Europe - Central America order instead of rolling a d20.

use serde_json::json;

use super::super::fields;
use super::super::walk::{Answer, Ctx, Flow, Outcome};
use super::{
    coup_level, data, first_region, first_region_at, iran_contra, region_order, squads_against,
    NO_LEVEL1_BATTLEGROUND,
};

/// The end of an event procedure: the step followed, the region (if any) and the action.
fn event_done(
    ctx: &mut Ctx,
    step: Option<&str>,
    region: Option<&str>,
    action: String,
) -> Flow<Outcome> {
    if let Some(s) = step {
        ctx.fact(format!("step {s}"), action.as_str());
    }
    let result = match step {
        Some(s) => format!("step {s}: {action}"),
        None => action.clone(),
    };
    ctx.done(
        result,
        fields([
            ("step", json!(step)),
            ("region", json!(region)),
            ("action", json!(action)),
        ]),
    )
}

/// An event's coup: step 4's regions with Europe first, at step 4's levels (a 1-Op coup,
/// which step 4 never makes, aims at step 6's level 1). The coup is the event's, so being
/// short of military operations does not matter. With no battleground to coup the program
/// goes on to step 6's non-battlegrounds (a reading: the source stops at step 4).
pub(super) fn event_coup(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    ctx.at("the event");
    let ops = ctx.number(
        "ops",
        "Ops of the coup the event gives (the card's Ops unless the event names a number)?",
        1,
        4,
    )?;
    // The same standing fact as the action round's (an event's coup rolls no d6).
    let for_ai = super::squads_for_ai(ctx)?;
    let squads = squads_against(ctx, for_ai)?;
    ctx.at("step 4, Europe first");
    ctx.note("an event's coup follows step 4 with Europe at the head of the regions; it needs no shortfall of military operations");
    let hierarchy = region_order("hierarchy");
    let mut order = vec![hierarchy[0]];
    order.extend(region_order("step 4 coups"));
    let (step4, step6) = (d.coup_levels.step4, d.coup_levels.step6);
    let level_in = |r: &str| match coup_level(&step4, ops, r, squads) {
        0 => coup_level(&step6, ops, r, squads),
        l => l,
    };
    if step4.for_ops(ops) == 0 {
        ctx.note(format!(
            "step 4 names no level for a {ops}-Op coup: step 6's level {} is used",
            step6.for_ops(ops)
        ));
    }
    let (order, missing): (Vec<&str>, Vec<&str>) = order
        .into_iter()
        .partition(|r| !(level_in(r) == 1 && NO_LEVEL1_BATTLEGROUND.contains(r)));
    if !missing.is_empty() {
        ctx.note(format!(
            "{} has no level 1 battleground: left out",
            missing.join(" and ")
        ));
    }
    if let Some((r, level)) = first_region_at(
        ctx,
        "coup-region",
        "a battleground the event lets it coup",
        &order,
        level_in,
    )? {
        return event_done(
            ctx,
            Some("4"),
            Some(&r),
            format!("coup in a level {level} battleground in {r} (next to your superpower first on ties)"),
        );
    }
    ctx.note("no battleground to coup: the source says no more; the program goes on to step 6's non-battlegrounds");
    ctx.at("step 6");
    let order6 = region_order("step 6 coups");
    match first_region_at(
        ctx,
        "nonbg-region",
        "a non-battleground the event lets it coup",
        &order6,
        |r| coup_level(&step6, ops, r, squads),
    )? {
        Some((r, level)) => event_done(
            ctx,
            Some("6"),
            Some(&r),
            format!("coup in a level {level} non-battleground in {r}"),
        ),
        None => event_done(
            ctx,
            None,
            None,
            "no country the event lets the AI coup: no coup".into(),
        ),
    }
}

/// An event's realignments: none after Iran-Contra; else step 3 (Europe's battlegrounds),
/// step 7 (a controlled battleground elsewhere), then step 9's realigning in the first region
/// along the Europe - Central America order. One call per realignment roll.
pub(super) fn event_realign(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.at("Iran-Contra");
    if iran_contra(ctx)? {
        return event_done(
            ctx,
            None,
            None,
            "no realignment: after Iran-Contra the AI chooses none, by Ops or by event".into(),
        );
    }
    ctx.note("each realignment roll the event gives is one call");
    ctx.at("step 3");
    if ctx.yes_no(
        "europe-realign",
        "Is there a European battleground the event lets the AI realign at a net -1 or better (not where it has influence but no bonus)?",
    )? {
        return event_done(
            ctx,
            Some("3"),
            Some(region_order("hierarchy")[0]),
            "realign a European battleground: best modifier first down to -1, highest stability first (Poland first on ties)".into(),
        );
    }
    ctx.at("step 7");
    if ctx.yes_no(
        "realign-controlled",
        "Is there a controlled non-European battleground of level 3 or more the event lets the AI realign by step 3's test?",
    )? {
        return event_done(
            ctx,
            Some("7"),
            None,
            "realign that controlled non-European battleground (step 3's order)".into(),
        );
    }
    ctx.at("step 9, in order");
    let hierarchy = region_order("hierarchy");
    match first_region(
        ctx,
        "realign-in",
        "a country of level 3 or more the event lets the AI realign by step 3's test",
        &hierarchy,
    )? {
        Some(r) => event_done(
            ctx,
            Some("9"),
            Some(&r),
            format!("realign in {r} by step 3's test (no level 1-2 countries)"),
        ),
        None => event_done(
            ctx,
            None,
            None,
            "no realignment the rules allow: the roll is not made".into(),
        ),
    }
}

/// How an event's influence is worded: placed for the AI, or removed from you (then only
/// countries next to AI influence count).
struct Influence {
    remove: bool,
    only: &'static str,
    verb: &'static str,
    doing: &'static str,
}

impl Influence {
    fn new(remove: bool) -> Self {
        let only = if remove {
            " (only countries next to AI influence count)"
        } else {
            ""
        };
        let (verb, doing) = if remove {
            ("remove your influence", "remove your influence from")
        } else {
            ("add AI influence", "place influence in")
        };
        Influence {
            remove,
            only,
            verb,
            doing,
        }
    }

    /// The end at a step that takes the influence: where, as the event's words say it.
    fn done(&self, ctx: &mut Ctx, step: &str, region: Option<&str>, text: String) -> Flow<Outcome> {
        let action = format!("{} {text}", self.doing);
        event_done(ctx, Some(step), region, action)
    }
}

/// An event's influence, placed for the AI or removed from you: steps 2, 5 and 9 in turn,
/// each first in countries the AI controls where the event costs no penalty, step 9's region
/// taken along the Europe - Central America order (no d20), and its random placement led on
/// into `place-9b`. Removal takes away what placing would add, counting only countries next
/// to AI influence.
pub(super) fn event_influence(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.at("the event");
    let what = ctx.choice(
        "what",
        "Does the event place AI influence, or remove yours?",
        &[
            ("place", "place AI influence"),
            ("remove", "remove your influence"),
        ],
    )?;
    let how = Influence::new(what == "remove");
    if how.remove {
        ctx.note("removal takes away what placing would add, every rule limited to countries next to AI influence");
    }
    ctx.at("step 2");
    if let Some(o) = influence_step2(ctx, &how)? {
        return Ok(o);
    }
    ctx.at("step 5");
    if let Some(o) = influence_step5(ctx, &how)? {
        return Ok(o);
    }
    ctx.at("step 9, in order");
    influence_step9(ctx, &how)
}

/// Step 2: Europe's battlegrounds, those the AI controls at no penalty first, then those it
/// can control, then any uncontrolled one.
fn influence_step2(ctx: &mut Ctx, how: &Influence) -> Flow<Option<Outcome>> {
    let Influence { verb, only, .. } = *how;
    let europe = region_order("hierarchy")[0];
    if ctx.yes_no(
        "controlled-europe",
        format!("Is there a European battleground the AI controls where the event can {verb} at no penalty{only}?"),
    )? {
        return how.done(ctx, "2", Some(europe), "the European battlegrounds the AI controls where it costs nothing, first".into()).map(Some);
    }
    if ctx.yes_no(
        "europe-bg-control",
        format!(
            "Can the event give the AI control of an uncontrolled European battleground{only}?"
        ),
    )? {
        return how.done(ctx, "2A", Some(europe), "the highest-level uncontrolled European battlegrounds it can control, one at a time until each is controlled (Poland first on ties)".into()).map(Some);
    }
    if ctx.yes_no(
        "europe-bg",
        format!("Is there an uncontrolled European battleground where the event can {verb}{only}?"),
    )? {
        return how
            .done(
                ctx,
                "2B",
                Some(europe),
                "the highest-level uncontrolled European battleground (Poland first on ties)"
                    .into(),
            )
            .map(Some);
    }
    Ok(None)
}

/// Step 5: the battlegrounds outside Europe, region by region, in the same three kinds.
fn influence_step5(ctx: &mut Ctx, how: &Influence) -> Flow<Option<Outcome>> {
    let Influence { verb, only, .. } = *how;
    let order5 = region_order("step 5 influence");
    if let Some(r) = first_region(
        ctx,
        "controlled-bg-region",
        &format!("a battleground the AI controls where the event can {verb} at no penalty{only}"),
        &order5,
    )? {
        return how
            .done(
                ctx,
                "5",
                Some(&r),
                format!("the battlegrounds the AI controls in {r} where it costs nothing, first"),
            )
            .map(Some);
    }
    if let Some(r) = first_region(
        ctx,
        "influence-region",
        &format!("an uncontrolled battleground the event can give the AI control of{only}"),
        &order5,
    )? {
        return how.done(ctx, "5A", Some(&r), format!("the highest-level uncontrolled battlegrounds it can control in {r}, one at a time until each is controlled")).map(Some);
    }
    if let Some(r) = first_region(
        ctx,
        "bg-region",
        &format!("an uncontrolled battleground where the event can {verb}{only}"),
        &order5,
    )? {
        return how.done(ctx, "5B", Some(&r), format!("the highest-level uncontrolled battleground in {r} (Japan, North Korea, Cuba, Mexico first on ties)")).map(Some);
    }
    Ok(None)
}

/// Step 9: the first region along the order with a country it can go to; there, the countries
/// the AI controls at no penalty, those next to your superpower, then the random draw.
fn influence_step9(ctx: &mut Ctx, how: &Influence) -> Flow<Outcome> {
    let Influence { verb, only, .. } = *how;
    let hierarchy = region_order("hierarchy");
    let Some(r) = first_region(
        ctx,
        "region-9",
        &format!("a country where the event can {verb} (uncontrolled, or AI-controlled at no penalty){only}"),
        &hierarchy,
    )?
    else {
        return event_done(
            ctx,
            None,
            None,
            format!("nowhere the rules reach: the event's influence is not {}", if how.remove { "removed" } else { "placed" }),
        );
    };
    if ctx.yes_no(
        "controlled-9",
        format!("In {r}, is there a country the AI controls where the event can {verb} at no penalty{only}?"),
    )? {
        return how.done(
            ctx,
            "9",
            Some(&r),
            format!("the countries the AI controls in {r} where it costs nothing, first"),
        );
    }
    if ctx.yes_no(
        "adjacent",
        format!("In {r}, is there an uncontrolled country next to your superpower where the event can {verb}{only}?"),
    )? {
        return how.done(
            ctx,
            "9A",
            Some(&r),
            format!("uncontrolled countries next to your superpower in {r}"),
        );
    }
    ctx.lead_to(
        "place-9b",
        Vec::<(String, Answer)>::new(),
        format!("the random draw among {r}'s uncontrolled countries"),
    );
    how.done(
        ctx,
        "9B",
        Some(&r),
        format!("uncontrolled countries of {r} at random, one roll per Op (double chances where the AI has influence)"),
    )
}
