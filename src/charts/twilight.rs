//! Twilight Struggle solitaire AI: the embedded charts (`data/charts/twilight-struggle.toml`)
//! and the procedures - the action-round priority walk (Γ, Δ, steps 1-9 with their
//! conditions and die rolls), the step 9 region roll, the timing roll for your events, and the
//! end-of-turn discard. Step order, step sets, die ranges, regions and coup levels come from
//! the data file; the conditions are asked as questions.

use serde::Deserialize;
use serde_json::json;

use super::data::{embedded_data, parse_span, Checked, Common, DataError, Span};
use super::walk::{Answer, Ctx, Flow, Outcome, Param, Procedure};
use super::{fields, SystemDef};

/// The text of the data file.
pub const SOURCE: &str = include_str!("../../data/charts/twilight-struggle.toml");

/// A step of the action round, as the data file names it ("Γ", "Δ", "1" to "9"); any other
/// name is refused when the file loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum StepId {
    #[serde(rename = "Γ")]
    Gamma,
    #[serde(rename = "Δ")]
    Delta,
    #[serde(rename = "1")]
    ItalyCoup,
    #[serde(rename = "2")]
    EuropeInfluence,
    #[serde(rename = "3")]
    EuropeRealign,
    #[serde(rename = "4")]
    BattlegroundCoup,
    #[serde(rename = "5")]
    Influence,
    #[serde(rename = "6")]
    NonBattlegroundCoup,
    #[serde(rename = "7")]
    Realign,
    #[serde(rename = "8")]
    Event,
    #[serde(rename = "9")]
    RegionRoll,
}

impl StepId {
    /// The step's name as the source writes it.
    pub fn name(self) -> &'static str {
        match self {
            StepId::Gamma => "Γ",
            StepId::Delta => "Δ",
            StepId::ItalyCoup => "1",
            StepId::EuropeInfluence => "2",
            StepId::EuropeRealign => "3",
            StepId::BattlegroundCoup => "4",
            StepId::Influence => "5",
            StepId::NonBattlegroundCoup => "6",
            StepId::Realign => "7",
            StepId::Event => "8",
            StepId::RegionRoll => "9",
        }
    }
}

/// The names of a list of steps, for the path.
fn names(steps: &[StepId]) -> String {
    steps
        .iter()
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Step order and the restricted step sets.
#[derive(Debug, Clone, Deserialize)]
pub struct Steps {
    pub order: Vec<StepId>,
    pub gamma: Vec<StepId>,
    pub europe_lost: Vec<StepId>,
}

/// The d6 ranges of the steps.
#[derive(Debug, Clone, Deserialize)]
pub struct Dice {
    pub china_coup: [i64; 2],
    pub death_squads: [i64; 2],
    pub event: [i64; 2],
    pub event_late_war_vp: [i64; 2],
    pub your_event_before: [i64; 2],
    pub your_event_after: [i64; 2],
}

/// Coup target levels by Ops value; 0 means no coup.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Levels {
    pub ops5: i64,
    pub ops3to4: i64,
    pub ops2: i64,
    pub ops1: i64,
}

impl Levels {
    /// The level for an Ops value.
    pub fn for_ops(&self, ops: i64) -> i64 {
        match ops {
            5.. => self.ops5,
            3 | 4 => self.ops3to4,
            2 => self.ops2,
            _ => self.ops1,
        }
    }
}

/// Coup levels in South and Central America with Death Squads against the AI (-1 on its
/// coups there): `high` from `min_ops_high` Ops, else `low`.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct SquadsAgainst {
    pub min_ops_high: i64,
    pub high: i64,
    pub low: i64,
}

/// Coup levels of steps 4 and 6.
#[derive(Debug, Clone, Deserialize)]
pub struct CoupLevels {
    pub step4: Levels,
    pub step6: Levels,
    pub squads_against: SquadsAgainst,
}

/// The parsed data file.
#[derive(Debug, Clone, Deserialize)]
pub struct Data {
    #[serde(flatten)]
    pub common: Common,
    pub steps: Steps,
    pub dice: Dice,
    pub coup_levels: CoupLevels,
}

embedded_data!("twilight-struggle.toml");

impl Checked for Data {
    /// Every restricted step is in the order; each column of the region chart covers 1-20
    /// once; every region order names regions of the chart.
    fn check(&self) -> Result<(), DataError> {
        let s = &self.steps;
        if let Some(x) = s
            .gamma
            .iter()
            .chain(&s.europe_lost)
            .find(|x| !s.order.contains(x))
        {
            return Err(DataError::new(format!(
                "step {} is restricted to but not in the order",
                x.name()
            )));
        }
        let regions = self.common.chart("regions");
        for col in 0..regions.columns.len() {
            for roll in 1..=20 {
                let hits = regions
                    .rows
                    .iter()
                    .filter(|r| parse_span(&r.cells[col]).is_some_and(|sp| sp.contains(roll)))
                    .count();
                if hits != 1 {
                    return Err(DataError::new(format!(
                        "region chart, {}: a d20 of {roll} is in {hits} regions",
                        regions.columns[col]
                    )));
                }
            }
        }
        let orders = self.common.chart("region-orders");
        for row in &orders.rows {
            for cell in row.cells.iter().filter(|c| !c.is_empty()) {
                let name = cell.split_once(". ").map_or(cell.as_str(), |(_, n)| n);
                if regions.row(name).is_none() {
                    return Err(DataError::new(format!("region order names {name}")));
                }
            }
        }
        Ok(())
    }
}

/// The system entry for the registry.
pub fn system() -> SystemDef {
    SystemDef::new(&data().common, procedures())
}

/// The command-line keys of the regions, in the region chart's order, then "none": derived
/// from the data, so a region added there is a flag value here.
pub fn region_keys() -> &'static [&'static str] {
    static KEYS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        data()
            .chart("regions")
            .rows
            .iter()
            .map(|r| &*Box::leak(region_key(&r.label).into_boxed_str()))
            .chain(std::iter::once("none"))
            .collect()
    })
}

/// Command-line key of a region name: "Middle East" -> "middle-east".
pub fn region_key(name: &str) -> String {
    name.to_ascii_lowercase().replace(' ', "-")
}

/// The region a step 9 d20 roll selects, for the early war or the mid/late war.
pub fn region_for(early: bool, d20: i64) -> Option<&'static str> {
    let c = data().chart("regions");
    let col = if early { 0 } else { 1 };
    c.rows
        .iter()
        .find(|r| parse_span(&r.cells[col]).is_some_and(|s| s.contains(d20)))
        .map(|r| r.label.as_str())
}

/// A region order (a column of the `region-orders` chart) as plain region names.
pub fn region_order(column: &str) -> Vec<&'static str> {
    let c = data().chart("region-orders");
    let i = c
        .column_index(column)
        .unwrap_or_else(|| panic!("no region order `{column}`"));
    c.rows
        .iter()
        .map(|r| r.cells[i].as_str())
        .filter(|s| !s.is_empty())
        .map(|s| s.split_once(". ").map(|(_, n)| n).unwrap_or(s))
        .collect()
}

fn in_range(r: [i64; 2], v: i64) -> bool {
    (r[0]..=r[1]).contains(&v)
}

fn span_text(r: [i64; 2]) -> String {
    format!("{}-{}", r[0], r[1])
}

/// Which steps apply this action round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Normal,
    Gamma,
    EuropeLost,
}

/// Asks for the first region (in `order`) where something is possible; "none" if nowhere.
fn first_region(ctx: &mut Ctx, id: &str, what: &str, order: &[&str]) -> Flow<Option<String>> {
    let labels: Vec<String> = order.iter().map(|r| r.to_string()).collect();
    let prompt = format!(
        "Going down {}: the first region with {what}?",
        order.join(", ")
    );
    choose_region(ctx, id, order, &labels, prompt)
}

/// The question of [`first_region`] and [`first_region_at`]: the regions of `order`, shown
/// as `labels`, by key, and "none" for nowhere - the answers that mean something here.
fn choose_region(
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

fn iran_contra(ctx: &mut Ctx) -> Flow<bool> {
    ctx.yes_no(
        "iran-contra",
        "Has Iran-Contra been played against the AI (no realignments at all)?",
    )
}

/// A realignment step (3 and 7): none at all after Iran-Contra; otherwise the step's action
/// when the user says there is a target, else a note and on to the next step.
struct Realign {
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

fn step_done(ctx: &mut Ctx, step: &str, action: String) -> Flow<Outcome> {
    step_done_in(ctx, step, action, None)
}

/// The end of an action round; `region` is step 9's region and its d20 (none when Europe
/// was lost and no die was rolled).
fn step_done_in(
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
const WARS: &[(&str, &str)] = &[
    ("early", "early war"),
    ("mid", "mid war"),
    ("late", "late war"),
];

fn action(ctx: &mut Ctx) -> Flow<Outcome> {
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
fn allowed_of(steps: &[StepId], allowed: &[StepId]) -> Vec<StepId> {
    steps
        .iter()
        .filter(|s| allowed.contains(s))
        .copied()
        .collect()
}

fn lacks_rmo(ctx: &mut Ctx) -> Flow<bool> {
    ctx.yes_no(
        "lacks-rmo",
        "Is the AI short of the required military operations this turn?",
    )
}

/// Whether the AI is short of military operations: `known` when the round already says so
/// (Γ), else asked now, at the step that needs it.
fn lacks(ctx: &mut Ctx, known: Option<bool>) -> Flow<bool> {
    match known {
        Some(b) => Ok(b),
        None => lacks_rmo(ctx),
    }
}

/// Goes down `steps` (in the order given) and returns the first that applies.
fn run_steps(
    ctx: &mut Ctx,
    steps: &[StepId],
    ops: i64,
    war: &str,
    mode: Mode,
    lacking: Option<bool>,
) -> Flow<Option<Outcome>> {
    for step in steps {
        ctx.at(format!("step {}", step.name()));
        match step {
            // Γ and Δ come before the numbered steps, in `action`.
            StepId::Gamma | StepId::Delta => {}
            StepId::ItalyCoup => {
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
            }
            StepId::EuropeInfluence => {
                if ctx.yes_no("europe-bg-control", "Can the AI gain control of an uncontrolled European battleground this action round?")? {
                    return step_done(ctx, "2A", "place influence in the highest-level uncontrolled European battlegrounds it can control this round, one at a time until each is controlled (next to your superpower / Poland first on ties)".into()).map(Some);
                }
                if ctx.yes_no(
                    "europe-bg",
                    "Is there an uncontrolled battleground in Europe to place influence in?",
                )? {
                    return step_done(ctx, "2B", "place influence in the highest-level uncontrolled European battleground (next to your superpower / Poland first on ties)".into()).map(Some);
                }
                ctx.note("step 2: no uncontrolled European battleground");
            }
            StepId::EuropeRealign => {
                let realign = Realign {
                    step: "3",
                    key: "europe-realign",
                    question: "Is there a European battleground the AI may realign at a net -1 or better (not where it has influence but no bonus)?",
                    action: "realign European battlegrounds: best modifier first down to -1, highest stability first (Poland first on ties)",
                    none: "no European battleground to realign at -1 or better",
                };
                if let Some(o) = realign.ask(ctx)? {
                    return Ok(Some(o));
                }
            }
            StepId::BattlegroundCoup => {
                if let Some(o) = step4(ctx, ops, lacking)? {
                    return Ok(Some(o));
                }
            }
            StepId::Influence => {
                let order = region_order("step 5 influence");
                if ctx.yes_no("influence-control", "Can the AI gain control of an uncontrolled non-European battleground this action round?")? {
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
            }
            StepId::NonBattlegroundCoup => {
                if let Some(o) = step6(ctx, ops, lacking, mode)? {
                    return Ok(Some(o));
                }
            }
            StepId::Realign => {
                let realign = Realign {
                    step: "7",
                    key: "realign-controlled",
                    question: "Is there a controlled non-European battleground of level 3 or more the AI may realign by step 3's test?",
                    action: "realign that controlled non-European battleground (step 3's order)",
                    none: "no controlled non-European battleground to realign",
                };
                if let Some(o) = realign.ask(ctx)? {
                    return Ok(Some(o));
                }
            }
            StepId::Event => {
                if let Some(o) = step8(ctx, ops, war, mode)? {
                    return Ok(Some(o));
                }
            }
            StepId::RegionRoll => return step9(ctx, ops, war, mode).map(Some),
        }
    }
    Ok(None)
}

/// The regions where Latin American Death Squads change the AI's coups.
const SQUAD_REGIONS: [&str; 2] = ["South America", "Central America"];

/// Regions with no level 1 battleground on the board (South America's are Venezuela, Brazil,
/// Argentina and Chile; Central America's Mexico, Cuba and Panama - all level 2 or 3).
const NO_LEVEL1_BATTLEGROUND: [&str; 2] = ["South America", "Central America"];

/// Latin American Death Squads, as they bear on the AI's coups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Squads {
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
fn squads_against(ctx: &mut Ctx, for_ai: bool) -> Flow<Squads> {
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
fn coup_level(levels: &Levels, ops: i64, region: &str, squads: Squads) -> i64 {
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
fn first_region_at(
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

fn step4(ctx: &mut Ctx, ops: i64, lacking: Option<bool>) -> Flow<Option<Outcome>> {
    let d = data();
    let squads = squads_for_ai(ctx)?;
    let mut squads_override = false;
    let both = squads
        && ctx.yes_no(
            "squads-both",
            "Can the AI coup in both South and Central America this round (for the Death Squads d6)?",
        )?;
    if squads && !both {
        ctx.note("Death Squads: no coup possible in both South and Central America, so no d6");
    }
    if both {
        let r = ctx.die("death-squads-d6", "d6 (Death Squads)", 1, 6)?;
        squads_override = in_range(d.dice.death_squads, r);
        ctx.note(if squads_override {
            format!("{r} is in {}: coup regardless of military operations, South and Central America only", span_text(d.dice.death_squads))
        } else {
            format!("{r} is not in {}: the usual conditions", span_text(d.dice.death_squads))
        });
    }
    if !squads_override && !lacks(ctx, lacking)? {
        ctx.note("step 4: only when short of required military operations");
        return Ok(None);
    }
    let all = region_order("step 4 coups");
    let regions: Vec<&str> = if squads_override {
        // The roll lifts only the military-operations condition: with the +1 there the card
        // must still come to 3 Ops or more.
        let value = coup_ops(ops, SQUAD_REGIONS[0], true);
        if value < 3 {
            ctx.note(format!(
                "step 4: even with Death Squads' +1 the card counts only {value} Ops in South and Central America, short of 3"
            ));
            return Ok(None);
        }
        all.iter()
            .copied()
            .filter(|r| SQUAD_REGIONS.contains(r))
            .collect()
    } else if ops < 2 {
        ctx.note("step 4: needs 3+ Ops (2 Ops: step 4A only)");
        return Ok(None);
    } else if ops == 2 {
        ctx.note("a 2-Ops card short of military operations: step 4A (Asia) only");
        vec![all[0]]
    } else {
        all.clone()
    };
    // 4A: the China card roll (the die is not named in the source: a d6 is assumed).
    if regions.contains(&all[0])
        && ops < 5
        && ctx.yes_no("china", "Does the AI hold the China card?")?
    {
        if ctx.yes_no(
            "us-formosan",
            "Is the AI the US with Formosan Resolution in play?",
        )? {
            ctx.note("Formosan Resolution: no China card roll");
        } else {
            let r = ctx.die("china-d6", "d6 (China card)", 1, 6)?;
            if in_range(d.dice.china_coup, r) {
                ctx.note(format!(
                    "{r} is in {}: the China card, if any level 3 country can be couped",
                    span_text(d.dice.china_coup)
                ));
                if ctx.yes_no(
                    "asia-level3",
                    "Is there a level 3 battleground in Asia the AI can coup?",
                )? {
                    ctx.set_fact(
                        "china",
                        Answer::Bool(false),
                        "the China card passes to you, face down",
                    );
                    return step_done(ctx, "4A", "coup with the China card in a level 3 Asian battleground (North Korea first on ties)".into()).map(Some);
                }
            } else {
                ctx.note(format!(
                    "{r} is not in {}: no China card",
                    span_text(d.dice.china_coup)
                ));
            }
        }
    }
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
    let levels = d.coup_levels.step4;
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
            let label = if r == all[0] { "4A" } else { "4" };
            step_done(ctx, label, format!("coup in a level {level} battleground in {r} (next to your superpower first on ties)")).map(Some)
        }
        None => {
            ctx.note("step 4: no battleground to coup");
            Ok(None)
        }
    }
}

fn step6(ctx: &mut Ctx, ops: i64, lacking: Option<bool>, mode: Mode) -> Flow<Option<Outcome>> {
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

fn step8(ctx: &mut Ctx, ops: i64, war: &str, mode: Mode) -> Flow<Option<Outcome>> {
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

fn step9(ctx: &mut Ctx, ops: i64, war: &str, mode: Mode) -> Flow<Outcome> {
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

fn region(ctx: &mut Ctx) -> Flow<Outcome> {
    let war = ctx.choice("war", "Which period of the war?", WARS)?;
    let early = war == "early";
    let r = ctx.die("d20", "d20", 1, 20)?;
    let c = data().chart("regions");
    let col = if early { &c.columns[0] } else { &c.columns[1] };
    let name = region_for(early, r).expect("the region chart covers 1-20");
    ctx.lookup(&c.title, name, Some(col), format!("{r} -> {name}"));
    ctx.done(name, fields([("d20", json!(r)), ("region", json!(name))]))
}

fn event_timing(ctx: &mut Ctx) -> Flow<Outcome> {
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

fn discard(ctx: &mut Ctx) -> Flow<Outcome> {
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

/// The procedures of the Twilight Struggle AI (built once: the region flags take their values
/// from the data).
pub fn procedures() -> &'static [Procedure] {
    static PROCEDURES: std::sync::OnceLock<Vec<Procedure>> = std::sync::OnceLock::new();
    PROCEDURES.get_or_init(build_procedures)
}

fn build_procedures() -> Vec<Procedure> {
    #[allow(non_snake_case)]
    let REGIONS = region_keys();
    vec![
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
            Param::choice("coup-region", REGIONS, "step 4: first region with a battleground to coup"),
            Param::flag("influence-control", "step 5: a non-European battleground can be controlled this round"),
            Param::choice("influence-region", REGIONS, "step 5A: first region with one"),
            Param::choice("bg-region", REGIONS, "step 5B: first region with an uncontrolled battleground"),
            Param::flag("yuri", "Yuri and Samantha is in play against the AI").standing(),
            Param::choice("nonbg-region", REGIONS, "step 6: first region with a non-battleground to coup"),
            Param::choice("nonbg-region-l2", REGIONS, "step 6, last round: first region with a level 2 one"),
            Param::choice("nonbg-region-l3", REGIONS, "step 6, last round: first region with a level 3 one"),
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
    },
    Procedure {
        id: "region",
        title: "Step 9 region (d20)",
        about: "Rolls the region, early or mid/late war.",
        params: Vec::leak(vec![
            Param::choice("war", &["early", "mid", "late"], "the period of the war").standing().meaning(WARS),
            Param::die("d20", "your d20; rolled if left out"),
        ]),
        run: region,
    },
    Procedure {
        id: "event-timing",
        title: "Your event on an AI card",
        about: "A d6: before or after the AI acts.",
        params: Vec::leak(vec![Param::die("d6", "your d6; rolled if left out")]),
        run: event_timing,
    },
    Procedure {
        id: "discard",
        title: "End-of-turn discard",
        about: "Which card the AI discards or burns.",
        params: Vec::leak(vec![
            Param::flag("doomsday", "a Doomsday card is among the cards that fail step 8"),
            Param::flag("gives-vp", "a card giving you more than 1 VP is among them"),
            Param::flag("helps-you", "a card that can help you is among them"),
            Param::flag("yours", "a you-associated card is among them"),
        ]),
        run: discard,
    },
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
    },
    Procedure {
        id: "flip",
        title: "The AI's card this action round",
        about: "Face-down pile, exchanges, space race.",
        params: Vec::leak(vec![
            Param::flag("face-down-left", "cards are left in the AI's face-down pile"),
            Param::flag("yours", "the card turned over is associated with your side"),
            Param::flag("helps-you", "its event is playable and could help you"),
            Param::number("face-up", "cards on the face-up pile, 0-9"),
            Param::flag("exchanges-done", "this turn's exchanges are made (or there are none)"),
            Param::flag("eagle-landed", "the AI has the Eagle/Bear Has Landed perk").standing(),
            Param::die("eagle-landed-die", "the die for the card it exchanges; rolled if left out"),
            Param::flag("space-station", "the AI has the Space Station perk").standing(),
            Param::die("space-station-die", "the die for the card it exchanges; rolled if left out"),
            Param::flag("space-race", "the AI can still use the space race with a face-up card"),
            Param::flag("china", "the AI holds the China card").standing(),
            Param::die("random-die", "the die for the face-up card played at random; rolled if left out"),
        ]),
        run: table_rules::flip,
    },
    Procedure {
        id: "place-9b",
        title: "Step 9B: influence placed at random",
        about: "A roll per Op; AI influence double.",
        params: Vec::leak(vec![
            Param::number("partial", "uncontrolled countries of the region with AI influence"),
            Param::number("empty", "uncontrolled countries of the region without AI influence"),
            Param::number("ops", "Ops to place, 1-5"),
            Param::die("op1-die", "the die for Op 1; rolled if left out"),
            Param::die("op2-die", "the die for Op 2; rolled if left out"),
            Param::die("op3-die", "the die for Op 3; rolled if left out"),
            Param::die("op4-die", "the die for Op 4; rolled if left out"),
            Param::die("op5-die", "the die for Op 5; rolled if left out"),
            Param::flag("op1-controlled", "the country Op 1 went to is AI-controlled now (it leaves the draw)"),
            Param::flag("op2-controlled", "the country Op 2 went to is AI-controlled now"),
            Param::flag("op3-controlled", "the country Op 3 went to is AI-controlled now"),
            Param::flag("op4-controlled", "the country Op 4 went to is AI-controlled now"),
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
    },
    Procedure {
        id: "tie",
        title: "The die for choices still tied",
        about: "d6, d12 or d20; leftovers re-roll.",
        params: Vec::leak(vec![
            Param::text("shares", "the choices' shares in order, e.g. '2, 1, 1'"),
            Param::die("die", "the die, repeated for re-rolls; rolled if left out (--d6, --d12 or --d20 taken too)").alias(&["d6", "d12", "d20"]),
        ]),
        run: table_rules::tie,
    },
    Procedure {
        id: "take-card",
        title: "An event takes a card: which",
        about: "Highest value, by association.",
        params: Vec::leak(vec![
            Param::choice("from", &["your-hand", "discards"], "where the card is taken from"),
            Param::text("cards", "the cards there: 'NAME: OPS SIDE[ harmless]; ...' (SIDE you, ai or neutral)"),
            Param::die("tie-die", "the die for ties among equal cards, repeated for re-rolls; rolled if left out"),
            Param::flag("you-played-event", "you played the event, so the AI must take a card"),
        ]),
        run: table_rules::take_card,
    },
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
    },
    Procedure {
        id: "event-coup",
        title: "An AI event's coup: where",
        about: "Step 4, Europe first.",
        params: Vec::leak(vec![
            Param::number("ops", "Ops of the coup, 1-4"),
            Param::flag_excl("death-squads", "Latin American Death Squads in play for the AI", &["death-squads-against"]).standing(),
            Param::flag_excl("death-squads-against", "Latin American Death Squads in play against the AI", &["death-squads"]).standing(),
            Param::choice("coup-region", REGIONS, "first region (Europe first) with a battleground of its level to coup"),
            Param::choice("nonbg-region", REGIONS, "step 6: first region with a non-battleground of its level to coup"),
        ]),
        run: events::event_coup,
    },
    Procedure {
        id: "event-realign",
        title: "An AI event's realignment: where",
        about: "Steps 3, 7, 9, Europe first.",
        params: Vec::leak(vec![
            Param::flag("iran-contra", "Iran-Contra has been played against the AI").standing(),
            Param::flag("europe-realign", "a European battleground can be realigned at -1 or better"),
            Param::flag("realign-controlled", "a controlled non-European battleground can be realigned"),
            Param::choice("realign-in", REGIONS, "step 9: first region (Europe first) with a country to realign"),
        ]),
        run: events::event_realign,
    },
    Procedure {
        id: "event-influence",
        title: "An AI event's influence: where",
        about: "Steps 2, 5, 9, Europe first.",
        params: Vec::leak(vec![
            Param::choice("what", &["place", "remove"], "the event places AI influence or removes yours"),
            Param::flag("controlled-europe", "step 2: a European battleground the AI controls takes it at no penalty"),
            Param::flag("europe-bg-control", "step 2A: the event can give control of a European battleground"),
            Param::flag("europe-bg", "step 2B: an uncontrolled European battleground it can go to"),
            Param::choice("controlled-bg-region", REGIONS, "step 5: first region with an AI-controlled battleground at no penalty"),
            Param::choice("influence-region", REGIONS, "step 5A: first region with a battleground it can give control of"),
            Param::choice("bg-region", REGIONS, "step 5B: first region with an uncontrolled battleground"),
            Param::choice("region-9", REGIONS, "step 9: first region (Europe first) with a country it can go to"),
            Param::flag("controlled-9", "step 9: an AI-controlled country there at no penalty"),
            Param::flag("adjacent", "step 9A: an uncontrolled country there next to your superpower"),
        ]),
        run: events::event_influence,
    },
    ]
}

mod events;
mod table_rules;

/// The region spans of one column of the region chart, in row order.
pub fn region_spans(early: bool) -> Vec<(&'static str, Span)> {
    let c = data().chart("regions");
    let col = if early { 0 } else { 1 };
    c.rows
        .iter()
        .map(|r| {
            (
                r.label.as_str(),
                parse_span(&r.cells[col]).expect("region range"),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests;
