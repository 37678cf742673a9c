//! Steps 8 (the event test and its d6) and 9 (the d20 region and where the influence goes).

use super::*;

pub(super) fn step8(ctx: &mut Ctx, ops: i64, war: &str, mode: Mode) -> Flow<Option<Outcome>> {
    let d = data();
    if !ctx.yes_no(
        "step8-ok",
        "Does the event pass the step 8 test (neutral or the AI's, playable, could help the AI - more than you if VP are at stake)?",
    )? {
        ctx.note("step 8: the event does not qualify");
        return Ok(None);
    }
    if mode == Mode::EuropeLost
        && !ctx.yes_no("event-europe", "Does the event take place in Europe only?")?
    {
        ctx.note("Europe lost: only events in Europe");
        return Ok(None);
    }
    if ops <= 3
        && ctx.yes_no(
            "containment",
            "Is Containment or Brezhnev Doctrine in effect for the AI?",
        )?
        && !ctx.yes_no(
            "event-gives-ops",
            "Does the event itself give 1-3 Ops (or win the game)?",
        )?
    {
        ctx.note("Containment/Brezhnev Doctrine: no event on a 1-3 Ops card");
        return Ok(None);
    }
    if mode == Mode::EuropeLost {
        // The source's Europe-lost list plays every qualifying European event at step 8: the
        // d6 is not rolled.
        ctx.note("Europe lost: every qualifying event in Europe is played, no d6");
        return step_done(
            ctx,
            "8",
            "play the event (Europe lost: every qualifying event in Europe)".into(),
        )
        .map(Some);
    }
    let range =
        if war == "late" && ctx.yes_no("event-vp", "Does the event give the AI victory points?")? {
            ctx.note(format!(
                "late war, VP for the AI: the event on {}",
                span_text(d.dice.event_late_war_vp)
            ));
            d.dice.event_late_war_vp
        } else {
            d.dice.event
        };
    let r = ctx.die("event-d6", "d6 (event)", 1, 6)?;
    if in_range(range, r) {
        step_done(
            ctx,
            "8",
            format!("play the event ({r} is in {})", span_text(range)),
        )
        .map(Some)
    } else {
        ctx.note(format!(
            "step 8: {r} is not in {}: no event",
            span_text(range)
        ));
        Ok(None)
    }
}

pub(super) fn step9(ctx: &mut Ctx, ops: i64, war: &str, mode: Mode) -> Flow<Outcome> {
    let d = data();
    let hierarchy = region_order("hierarchy");
    let (region, d20): (String, Option<i64>) = if mode == Mode::EuropeLost {
        ctx.note("Europe lost: step 9 in Europe only, no d20");
        (hierarchy[0].to_string(), None)
    } else {
        let early = war == "early";
        let r = ctx.die("region-d20", "d20 (region)", 1, 20)?;
        let c = d.chart("regions");
        let col = if early { &c.columns[0] } else { &c.columns[1] };
        let name = region_for(early, r).expect("the region chart covers 1-20");
        ctx.lookup(&c.title, name, Some(col), format!("{r} -> {name}"));
        (name.to_string(), Some(r))
    };
    let at = Some((region.as_str(), d20));
    if !iran_contra(ctx)?
        && ctx.yes_no(
            "realign-region",
            format!("Can the AI realign in {region} by step 3's test (not level 1-2 countries)?"),
        )?
    {
        return step_done_in(ctx, "9", format!("realign in {region}"), at);
    }
    if ctx.yes_no(
        "adjacent",
        format!("Is there an uncontrolled country next to your superpower in {region}?"),
    )? {
        return step_done_in(
            ctx,
            "9A",
            format!(
                "place influence in uncontrolled countries next to your superpower in {region}"
            ),
            at,
        );
    }
    if ctx.yes_no(
        "uncontrolled",
        format!("Is there an uncontrolled country in {region} to place influence in?"),
    )? {
        // The draw itself is `place-9b`'s, with every Op of the card in this region (the
        // China card counts 5 in Asia only).
        let placed = coup_ops(ops, &region, false);
        ctx.lead_to(
            "place-9b",
            vec![("ops".into(), Answer::Number(placed))],
            format!("the random draw among {region}'s uncontrolled countries, {placed} Ops"),
        );
        return step_done_in(ctx, "9B", format!("place influence at random among uncontrolled countries in {region}: one roll per Op, double chances where the AI already has influence"), at);
    }
    step_done_in(ctx, "9", format!("nothing possible in {region}: place in the first available country along {} (no new d20)", hierarchy.join(" - ")), at)
}
