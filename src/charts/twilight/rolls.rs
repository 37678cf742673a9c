//! The small procedures: the step 9 region roll, the timing roll for your events, and the
//! end-of-turn discard.

use super::*;

pub(super) fn region(ctx: &mut Ctx) -> Flow<Outcome> {
    let war = ctx.choice("war", "Which period of the war?", WARS)?;
    let early = war == "early";
    let r = ctx.die("d20", "d20", 1, 20)?;
    let c = data().chart("regions");
    let col = if early { &c.columns[0] } else { &c.columns[1] };
    let name = region_for(early, r).expect("the region chart covers 1-20");
    ctx.lookup(&c.title, name, Some(col), format!("{r} -> {name}"));
    ctx.done(name, fields([("d20", json!(r)), ("region", json!(name))]))
}

pub(super) fn event_timing(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    let r = ctx.die("d6", "d6", 1, 6)?;
    let when = if in_range(d.dice.your_event_before, r) {
        "before"
    } else if in_range(d.dice.your_event_after, r) {
        "after"
    } else {
        unreachable!("the timing ranges cover 1-6")
    };
    ctx.done(
        format!("your event happens {when} the AI acts"),
        fields([("d6", json!(r)), ("your_event", json!(when))]),
    )
}

/// Question ids of the discard priorities, in the order of the `discard` chart's rows.
pub const DISCARD_IDS: [&str; 4] = ["doomsday", "gives-vp", "helps-you", "yours"];

pub(super) fn discard(ctx: &mut Ctx) -> Flow<Outcome> {
    let c = data().chart("discard");
    for (row, id) in c.rows.iter().zip(DISCARD_IDS) {
        let kind = &row.cells[0];
        if ctx.yes_no(
            id,
            format!("Among the AI's cards that fail the step 8 test, is there one of: {kind}?"),
        )? {
            ctx.lookup(&c.title, &row.label, None, kind);
            return ctx.done(
                format!("discard one of the {kind}"),
                fields([("priority", json!(row.label)), ("discard", json!(kind))]),
            );
        }
    }
    ctx.done(
        "no discard: the AI keeps only useful cards",
        fields([("priority", json!(null)), ("discard", json!(null))]),
    )
}
