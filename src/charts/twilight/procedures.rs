//! The Twilight Struggle procedures with their flags (built once: the region flags take
//! their values from the data file).

use super::*;

/// The procedures of the Twilight Struggle AI (built once: the region flags take their values
/// from the data).
pub fn procedures() -> &'static [Procedure] {
    static PROCEDURES: std::sync::OnceLock<Vec<Procedure>> = std::sync::OnceLock::new();
    PROCEDURES.get_or_init(build_procedures)
}

pub(super) fn build_procedures() -> Vec<Procedure> {
    let regions = region_keys();
    vec![
        action_procedure(regions),
        region_procedure(),
        event_timing_procedure(),
        discard_procedure(),
        headline_procedure(),
        flip_procedure(),
        place_9b_procedure(),
        tie_procedure(),
        take_card_procedure(),
        event_action_procedure(),
        event_coup_procedure(regions),
        event_realign_procedure(regions),
        event_influence_procedure(regions),
    ]
}

/// `action`: AI action round: which step.
fn action_procedure(regions: &'static [&'static str]) -> Procedure {
    Procedure {
        id: "action",
        title: "AI action round: which step",
        about: "Γ, Δ and steps 1-9 for the AI's card.",
        params: Vec::leak(vec![
            Param::flag("scoring", "the card is a scoring card"),
            Param::number("ops", "the card's Ops value, 1-4, or 5 for the China card (5 in Asia, 4 elsewhere)"),
            Param::choice("war", &["early", "mid", "late"], "the period of the war").standing().meaning(WARS),
            Param::flag("final-round", "Γ: last action round, AI holds a card and is short of military operations"),
            Param::flag("europe-lost", "the AI has lost every battleground in Europe").situation(),
            Param::flag("event-wins", "the event would win the game for the AI"),
            Param::flag("step8-ok", "the event passes the step 8 test"),
            Param::flag("red-scare", "Red Scare/Purge is in effect against the AI").standing(),
            Param::flag("step8-no-ops", "the event passes step 8 without using Ops"),
            Param::flag("lacks-rmo", "the AI is short of required military operations"),
            Param::flag("italy", "the AI can coup Italy"),
            Param::flag("europe-bg-control", "the AI can gain control of an uncontrolled European battleground this round"),
            Param::flag("europe-bg", "there is an uncontrolled European battleground"),
            Param::flag("iran-contra", "Iran-Contra has been played against the AI").standing(),
            Param::flag("europe-realign", "a European battleground can be realigned at -1 or better"),
            Param::flag_excl("death-squads", "Latin American Death Squads in play for the AI", &["death-squads-against"]).standing(),
            Param::flag_excl("death-squads-against", "Latin American Death Squads in play against the AI", &["death-squads"]).standing(),
            Param::flag("squads-both", "with Death Squads for the AI: a coup is possible in both SA and CA (the d6 is rolled)"),
            Param::die("death-squads-d6", "the Death Squads d6; rolled if left out"),
            Param::flag("china", "the AI holds the China card").standing(),
            Param::flag("us-formosan", "the AI is the US and Formosan Resolution is in play").standing(),
            Param::die("china-d6", "the step 4A China card d6; rolled if left out"),
            Param::flag("asia-level3", "a level 3 Asian battleground can be couped"),
            Param::choice("coup-region", regions, "step 4: first region with a battleground to coup"),
            Param::flag("influence-control", "step 5: a non-European battleground can be controlled this round"),
            Param::choice("influence-region", regions, "step 5A: first region with one"),
            Param::choice("bg-region", regions, "step 5B: first region with an uncontrolled battleground"),
            Param::flag("yuri", "Yuri and Samantha is in play against the AI").standing(),
            Param::choice("nonbg-region", regions, "step 6: first region with a non-battleground to coup"),
            Param::choice("nonbg-region-l2", regions, "step 6, last round: first region with a level 2 one"),
            Param::choice("nonbg-region-l3", regions, "step 6, last round: first region with a level 3 one"),
            Param::flag("realign-controlled", "step 7: a controlled non-European battleground can be realigned"),
            Param::flag("event-europe", "the event takes place in Europe only"),
            Param::flag("containment", "the AI has Containment/Brezhnev Doctrine in effect").standing(),
            Param::flag("event-gives-ops", "the event gives Ops itself (or wins)"),
            Param::flag("event-vp", "the event gives the AI victory points"),
            Param::die("event-d6", "the step 8 d6; rolled if left out"),
            Param::die("region-d20", "the step 9 d20; rolled if left out"),
            Param::flag("realign-region", "step 9: the AI can realign in the region"),
            Param::flag("adjacent", "step 9: an uncontrolled country next to your superpower in the region"),
            Param::flag("uncontrolled", "step 9: an uncontrolled country in the region"),
        ]),
        run: action,
    }
}

/// `region`: step 9 region (d20).
fn region_procedure() -> Procedure {
    Procedure {
        id: "region",
        title: "Step 9 region (d20)",
        about: "Rolls the region, early or mid/late war.",
        params: Vec::leak(vec![
            Param::choice("war", &["early", "mid", "late"], "the period of the war")
                .standing()
                .meaning(WARS),
            Param::die("d20", "your d20; rolled if left out"),
        ]),
        run: region,
    }
}

/// `event-timing`: your event on an AI card.
fn event_timing_procedure() -> Procedure {
    Procedure {
        id: "event-timing",
        title: "Your event on an AI card",
        about: "A d6: before or after the AI acts.",
        params: Vec::leak(vec![Param::die("d6", "your d6; rolled if left out")]),
        run: event_timing,
    }
}

/// `discard`: end-of-turn discard.
fn discard_procedure() -> Procedure {
    Procedure {
        id: "discard",
        title: "End-of-turn discard",
        about: "Which card the AI discards or burns.",
        params: Vec::leak(vec![
            Param::flag(
                "doomsday",
                "a Doomsday card is among the cards that fail step 8",
            ),
            Param::flag("gives-vp", "a card giving you more than 1 VP is among them"),
            Param::flag("helps-you", "a card that can help you is among them"),
            Param::flag("yours", "a you-associated card is among them"),
        ]),
        run: discard,
    }
}

/// `headline`: AI headline: draw until step 8 passes.
fn headline_procedure() -> Procedure {
    Procedure {
        id: "headline",
        title: "AI headline: draw until step 8 passes",
        about: "Failures go back into the deck.",
        params: Vec::leak(
            (1..=table_rules::HEADLINE_DRAWS)
                .map(|i| {
                    Param::flag(
                        String::leak(format!("draw-{i}")),
                        "the card of this draw passes the step 8 test (--no-draw-N: it fails)",
                    )
                })
                .collect(),
        ),
        run: table_rules::headline,
    }
}

/// `flip`: the AI's card this action round.
fn flip_procedure() -> Procedure {
    Procedure {
        id: "flip",
        title: "The AI's card this action round",
        about: "Face-down pile, exchanges, space race.",
        params: Vec::leak(vec![
            Param::flag(
                "face-down-left",
                "cards are left in the AI's face-down pile",
            ),
            Param::flag("yours", "the card turned over is associated with your side"),
            Param::flag("helps-you", "its event is playable and could help you"),
            Param::number("face-up", "cards on the face-up pile, 0-9"),
            Param::flag(
                "exchanges-done",
                "this turn's exchanges are made (or there are none)",
            ),
            Param::flag("eagle-landed", "the AI has the Eagle/Bear Has Landed perk").standing(),
            Param::die(
                "eagle-landed-die",
                "the die for the card it exchanges; rolled if left out",
            ),
            Param::flag("space-station", "the AI has the Space Station perk").standing(),
            Param::die(
                "space-station-die",
                "the die for the card it exchanges; rolled if left out",
            ),
            Param::flag(
                "space-race",
                "the AI can still use the space race with a face-up card",
            ),
            Param::flag("china", "the AI holds the China card").standing(),
            Param::die(
                "random-die",
                "the die for the face-up card played at random; rolled if left out",
            ),
        ]),
        run: table_rules::flip,
    }
}

/// `place-9b`: step 9B: influence placed at random.
fn place_9b_procedure() -> Procedure {
    Procedure {
        id: "place-9b",
        title: "Step 9B: influence placed at random",
        about: "A roll per Op; AI influence double.",
        params: Vec::leak(vec![
            Param::number(
                "partial",
                "uncontrolled countries of the region with AI influence",
            ),
            Param::number(
                "empty",
                "uncontrolled countries of the region without AI influence",
            ),
            Param::number("ops", "Ops to place, 1-5"),
            Param::die("op1-die", "the die for Op 1; rolled if left out"),
            Param::die("op2-die", "the die for Op 2; rolled if left out"),
            Param::die("op3-die", "the die for Op 3; rolled if left out"),
            Param::die("op4-die", "the die for Op 4; rolled if left out"),
            Param::die("op5-die", "the die for Op 5; rolled if left out"),
            Param::flag(
                "op1-controlled",
                "the country Op 1 went to is AI-controlled now (it leaves the draw)",
            ),
            Param::flag(
                "op2-controlled",
                "the country Op 2 went to is AI-controlled now",
            ),
            Param::flag(
                "op3-controlled",
                "the country Op 3 went to is AI-controlled now",
            ),
            Param::flag(
                "op4-controlled",
                "the country Op 4 went to is AI-controlled now",
            ),
            Param::choice_or(
                "all-controlled",
                table_rules::ALL_CONTROLLED,
                "hierarchy",
                "where Ops left go when the whole draw is controlled",
            )
            .standing()
            .meaning(table_rules::ALL_CONTROLLED_MEANINGS),
        ]),
        run: table_rules::place_9b,
    }
}

/// `tie`: the die for choices still tied.
fn tie_procedure() -> Procedure {
    Procedure {
        id: "tie",
        title: "The die for choices still tied",
        about: "d6, d12 or d20; leftovers re-roll.",
        params: Vec::leak(vec![
            Param::text("shares", "the choices' shares in order, e.g. '2, 1, 1'"),
            Param::die("die", "the die, repeated for re-rolls; rolled if left out (--d6, --d12 or --d20 taken too)").alias(&["d6", "d12", "d20"]),
        ]),
        run: table_rules::tie,
    }
}

/// `take-card`: an event takes a card: which.
fn take_card_procedure() -> Procedure {
    Procedure {
        id: "take-card",
        title: "An event takes a card: which",
        about: "Highest value, by association.",
        params: Vec::leak(vec![
            Param::choice(
                "from",
                &["your-hand", "discards"],
                "where the card is taken from",
            ),
            Param::text(
                "cards",
                "the cards there: 'NAME: OPS SIDE[ harmless]; ...' (SIDE you, ai or neutral)",
            ),
            Param::die(
                "tie-die",
                "the die for ties among equal cards, repeated for re-rolls; rolled if left out",
            ),
            Param::flag(
                "you-played-event",
                "you played the event, so the AI must take a card",
            ),
        ]),
        run: table_rules::take_card,
    }
}

/// `event-action`: an AI event's coup, realignment or influence.
fn event_action_procedure() -> Procedure {
    Procedure {
        id: "event-action",
        title: "An AI event's coup, realignment or influence",
        about: "Which steps it follows.",
        params: Vec::leak(vec![Param::choice(
            "gives",
            &["coup", "realign", "influence", "ops", "remove"],
            "what the event gives the AI",
        )]),
        run: table_rules::event_action,
    }
}

/// `event-coup`: an AI event's coup: where.
fn event_coup_procedure(regions: &'static [&'static str]) -> Procedure {
    Procedure {
        id: "event-coup",
        title: "An AI event's coup: where",
        about: "Step 4, Europe first.",
        params: Vec::leak(vec![
            Param::number("ops", "Ops of the coup, 1-4"),
            Param::flag_excl(
                "death-squads",
                "Latin American Death Squads in play for the AI",
                &["death-squads-against"],
            )
            .standing(),
            Param::flag_excl(
                "death-squads-against",
                "Latin American Death Squads in play against the AI",
                &["death-squads"],
            )
            .standing(),
            Param::choice(
                "coup-region",
                regions,
                "first region (Europe first) with a battleground of its level to coup",
            ),
            Param::choice(
                "nonbg-region",
                regions,
                "step 6: first region with a non-battleground of its level to coup",
            ),
        ]),
        run: events::event_coup,
    }
}

/// `event-realign`: an AI event's realignment: where.
fn event_realign_procedure(regions: &'static [&'static str]) -> Procedure {
    Procedure {
        id: "event-realign",
        title: "An AI event's realignment: where",
        about: "Steps 3, 7, 9, Europe first.",
        params: Vec::leak(vec![
            Param::flag("iran-contra", "Iran-Contra has been played against the AI").standing(),
            Param::flag(
                "europe-realign",
                "a European battleground can be realigned at -1 or better",
            ),
            Param::flag(
                "realign-controlled",
                "a controlled non-European battleground can be realigned",
            ),
            Param::choice(
                "realign-in",
                regions,
                "step 9: first region (Europe first) with a country to realign",
            ),
        ]),
        run: events::event_realign,
    }
}

/// `event-influence`: an AI event's influence: where.
fn event_influence_procedure(regions: &'static [&'static str]) -> Procedure {
    Procedure {
        id: "event-influence",
        title: "An AI event's influence: where",
        about: "Steps 2, 5, 9, Europe first.",
        params: Vec::leak(vec![
            Param::choice(
                "what",
                &["place", "remove"],
                "the event places AI influence or removes yours",
            ),
            Param::flag(
                "controlled-europe",
                "step 2: a European battleground the AI controls takes it at no penalty",
            ),
            Param::flag(
                "europe-bg-control",
                "step 2A: the event can give control of a European battleground",
            ),
            Param::flag(
                "europe-bg",
                "step 2B: an uncontrolled European battleground it can go to",
            ),
            Param::choice(
                "controlled-bg-region",
                regions,
                "step 5: first region with an AI-controlled battleground at no penalty",
            ),
            Param::choice(
                "influence-region",
                regions,
                "step 5A: first region with a battleground it can give control of",
            ),
            Param::choice(
                "bg-region",
                regions,
                "step 5B: first region with an uncontrolled battleground",
            ),
            Param::choice(
                "region-9",
                regions,
                "step 9: first region (Europe first) with a country it can go to",
            ),
            Param::flag(
                "controlled-9",
                "step 9: an AI-controlled country there at no penalty",
            ),
            Param::flag(
                "adjacent",
                "step 9A: an uncontrolled country there next to your superpower",
            ),
        ]),
        run: events::event_influence,
    }
}
