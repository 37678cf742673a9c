//! Undaunted: Normandy solitaire AI v1.2: the embedded data (`data/charts/undaunted.toml`,
//! German terms kept beside our English) and the procedures - an AI card's questions, die-roll
//! modifier and d10 result with its re-roll and fallback rules, attack targets, the mortar's
//! target tile, the order of the AI's cards and its initiative roll. Card flows, modifiers,
//! ranges, target lists and unit values are all read from the data file.

use serde::Deserialize;
use serde_json::json;

use super::data::{embedded_data, Chart, Checked, Common, DataError, Row};
use super::walk::{Answer, Ctx, Flow, Outcome, Param, Procedure};
use super::{fields, SystemDef};

/// The text of the data file.
pub const SOURCE: &str = include_str!("../../data/charts/undaunted.toml");

/// Initiative numbers.
#[derive(Debug, Clone, Deserialize)]
pub struct Initiative {
    pub cards: i64,
    pub ai_plays: i64,
    pub player_plays: i64,
    pub die: i64,
}

/// Where an answer leads: written `then = "next"`, `then = "roll"`,
/// `then = "goto", goto = "STEP"` or `then = "do", action = "ACTION"` in the data file; any
/// other word is refused when the file loads.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "then", rename_all = "lowercase")]
pub enum Then {
    /// The card's next question.
    Next,
    /// Straight to the d10.
    Roll,
    /// To the question with this id.
    Goto { goto: String },
    /// A fixed action, no roll.
    Do { action: String },
}

/// What an answer does.
#[derive(Debug, Clone, Deserialize)]
pub struct Effect {
    /// Where it leads.
    #[serde(flatten)]
    pub then: Then,
    /// Sets the die-roll modifier (replacing any earlier one).
    #[serde(default)]
    pub drm: Option<i64>,
    /// Fixes the case (FALL A / B).
    #[serde(default)]
    pub case: Option<String>,
    /// Replaces the first result by the second.
    #[serde(default)]
    pub swap: Option<[String; 2]>,
    /// Names the target.
    #[serde(default)]
    pub target: Option<String>,
    /// A remark for the path.
    #[serde(default)]
    pub note: Option<String>,
}

/// One question of a card.
#[derive(Debug, Clone, Deserialize)]
pub struct CardStep {
    pub id: String,
    pub number: String,
    pub ask: String,
    pub yes: Effect,
    pub no: Effect,
    /// The fact of the game the question asks, when other procedures ask it too (the
    /// scout's "scouted enough to win?" is ANSPORNEN's): the question is asked under the
    /// fact's id, so a table session answers it and keeps the answer. The step's own id
    /// otherwise.
    #[serde(default)]
    pub fact: Option<String>,
}

impl CardStep {
    /// The id the question is asked under: its fact's, or its own.
    pub fn question_id(&self) -> &str {
        self.fact.as_deref().unwrap_or(&self.id)
    }
}

/// One d10 result of a card.
#[derive(Debug, Clone, Deserialize)]
pub struct CardResult {
    pub action: String,
    /// "", "A", "B" or "A+B".
    #[serde(default)]
    pub case: String,
    pub range: [i64; 2],
    /// What to do when the action is not possible: another action, or "reroll".
    #[serde(default)]
    pub if_impossible: Option<String>,
    #[serde(default)]
    pub needs_target: bool,
    #[serde(default)]
    pub after: Option<String>,
}

impl CardResult {
    fn fits_case(&self, case: Option<&str>) -> bool {
        match (self.case.as_str(), case) {
            ("" | "A+B", _) => true,
            (c, Some(k)) => c == k,
            (_, None) => false,
        }
    }
}

/// An AI card's procedure.
#[derive(Debug, Clone, Deserialize)]
pub struct Card {
    pub id: String,
    pub de: String,
    pub en: String,
    pub out_of_range: String,
    pub out_of_range_stated: bool,
    pub steps: Vec<CardStep>,
    pub results: Vec<CardResult>,
}

impl Card {
    /// The index of the question with this id.
    pub fn step_index(&self, id: &str) -> Option<usize> {
        self.steps.iter().position(|s| s.id == id)
    }

    /// Whether the card's flow is sound: question ids unique, every `goto` naming a later
    /// question (so no flow loops), every `next` followed by a question, every action a term
    /// of the data, every result range within 1-10 after any modifier.
    fn check(&self, terms: &Chart) -> Result<(), DataError> {
        let here = |what: String| DataError::new(format!("card {}: {what}", self.id));
        for (i, step) in self.steps.iter().enumerate() {
            if self.step_index(&step.id) != Some(i) {
                return Err(here(format!("question id {} is used twice", step.id)));
            }
            for e in [&step.yes, &step.no] {
                match &e.then {
                    Then::Next if i + 1 == self.steps.len() => {
                        return Err(here(format!("{}: next after the last question", step.id)))
                    }
                    Then::Goto { goto } if self.step_index(goto).is_none_or(|j| j <= i) => {
                        return Err(here(format!(
                            "{}: goto {goto} names no later question",
                            step.id
                        )))
                    }
                    Then::Do { action } if terms.row(action).is_none() => {
                        return Err(here(format!("{}: unknown action {action}", step.id)))
                    }
                    _ => {}
                }
                if let Some([a, b]) = &e.swap {
                    for t in [a, b] {
                        if terms.row(t).is_none() {
                            return Err(here(format!("{}: unknown action {t}", step.id)));
                        }
                    }
                }
            }
        }
        for r in &self.results {
            if terms.row(&r.action).is_none() {
                return Err(here(format!("unknown action {}", r.action)));
            }
            if let Some(alt) = r.if_impossible.as_deref().filter(|a| *a != "reroll") {
                if terms.row(alt).is_none() {
                    return Err(here(format!("unknown action {alt}")));
                }
            }
            if r.range[0] > r.range[1] || !["", "A", "B", "A+B"].contains(&r.case.as_str()) {
                return Err(here(format!("result {} is malformed", r.action)));
            }
        }
        Ok(())
    }
}

/// The parsed data file.
#[derive(Debug, Clone, Deserialize)]
pub struct Data {
    #[serde(flatten)]
    pub common: Common,
    pub initiative: Initiative,
    #[serde(rename = "card")]
    pub cards: Vec<Card>,
}

embedded_data!("undaunted.toml");

impl Checked for Data {
    /// Checks what the types cannot: see `Card::check`.
    fn check(&self) -> Result<(), DataError> {
        let terms = self.common.chart("terms");
        self.cards.iter().try_for_each(|c| c.check(terms))
    }
}

impl Data {
    /// A card by id.
    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// Our English for a German action term (from the `terms` chart).
    pub fn english(&self, term: &str) -> String {
        self.chart("terms")
            .row(term)
            .map(|r| r.cells[0].clone())
            .unwrap_or_else(|| term.to_lowercase())
    }
}

fn row(label: &str, cells: Vec<String>) -> Row {
    Row {
        label: label.into(),
        cells,
        printed: None,
        label_printed: None,
        line: None,
    }
}

fn effect_text(e: &Effect) -> String {
    let mut parts = Vec::new();
    if let Some(d) = e.drm {
        parts.push(format!("DRM {d:+}"));
    }
    if let Some(c) = &e.case {
        parts.push(format!("FALL {c}"));
    }
    if let Some([a, b]) = &e.swap {
        parts.push(format!("{a} -> {b}"));
    }
    if let Some(t) = &e.target {
        parts.push(format!("target {t}"));
    }
    parts.push(match &e.then {
        Then::Do { action } => action.clone(),
        Then::Goto { goto } => format!("go to {goto}"),
        Then::Roll => "roll W10".into(),
        Then::Next => "next question".into(),
    });
    if let Some(n) = &e.note {
        parts.push(n.clone());
    }
    parts.join("; ")
}

/// A card rendered as a chart: its questions, then its d10 results.
pub fn card_chart(card: &Card) -> Chart {
    let d = data();
    let mut rows = Vec::new();
    for s in &card.steps {
        let label = if s.number.is_empty() {
            "-".to_string()
        } else {
            format!("{})", s.number)
        };
        rows.push(row(
            &label,
            vec![s.ask.clone(), effect_text(&s.yes), effect_text(&s.no)],
        ));
    }
    for r in &card.results {
        let mut what = format!("{} ({})", r.action, d.english(&r.action));
        if !r.case.is_empty() {
            what.push_str(&format!(" - FALL {}", r.case));
        }
        let mut then = format!("W10 + DRM = {}-{}", r.range[0], r.range[1]);
        if let Some(i) = &r.if_impossible {
            then.push_str(&format!(
                "; not possible: {}",
                if i == "reroll" {
                    "roll again".to_string()
                } else {
                    i.clone()
                }
            ));
        }
        rows.push(row(
            "W10",
            vec![what, then, r.after.clone().unwrap_or_default()],
        ));
    }
    let mut notes = vec![
        "DRM (also WWM): the die-roll modifier; a later one replaces an earlier one.".to_string(),
    ];
    notes.push(if card.out_of_range_stated {
        "A total that fits no range is rolled again (stated on this card).".to_string()
    } else {
        "A total that fits no range reads the nearest range (the source re-rolls only on the rifleman's card; the choice out-of-range = every-card re-rolls here too).".to_string()
    });
    Chart {
        id: format!("card-{}", card.id),
        title: format!("{} ({})", card.de, card.en),
        corner: "#".into(),
        columns: vec![
            "question / result".into(),
            "yes / range".into(),
            "no / after".into(),
        ],
        rows,
        notes,
    }
}

/// The system entry for the registry (the cards are shown as charts `card-...`).
pub fn system() -> SystemDef {
    let d = data();
    let mut def = SystemDef::new(&d.common, PROCEDURES);
    let cards = d.cards.iter().map(card_chart);
    def.charts.splice(0..0, cards);
    def
}

/// An ASCII key for a German term: "VERSTÄRKEN" -> "verstaerken".
pub fn slug(term: &str) -> String {
    let mut s = String::new();
    for ch in term.to_lowercase().chars() {
        match ch {
            'ä' => s.push_str("ae"),
            'ö' => s.push_str("oe"),
            'ü' => s.push_str("ue"),
            'ß' => s.push_str("ss"),
            c if c.is_ascii_alphanumeric() => s.push(c),
            _ => s.push('-'),
        }
    }
    s
}

/// Most d10 rolls a card walk makes before giving up (re-rolls of impossible results).
const MAX_ROLLS: usize = 20;

/// What a card's answers leave for its d10: the modifier, the case (FALL A / B), the results
/// played as others and the target named.
#[derive(Default)]
struct Asked {
    drm: i64,
    case: Option<String>,
    swaps: Vec<[String; 2]>,
    target: Option<String>,
}

impl Asked {
    /// An answer's effect kept, each said on the path as it is taken.
    fn take(&mut self, ctx: &mut Ctx, e: &Effect) {
        if let Some(v) = e.drm {
            self.drm = v;
            ctx.note(format!("DRM = {v:+}"));
        }
        if let Some(k) = &e.case {
            self.case = Some(k.clone());
            ctx.note(format!("FALL {k}"));
        }
        if let Some(s) = &e.swap {
            self.swaps.push(s.clone());
            ctx.note(format!("a result of {} is played as {}", s[0], s[1]));
        }
        if let Some(t) = &e.target {
            self.target = Some(t.clone());
        }
        if let Some(n) = &e.note {
            ctx.note(n.clone());
        }
    }
}

fn card(ctx: &mut Ctx) -> Flow<Outcome> {
    let c = which_card(ctx)?;
    let mut asked = Asked::default();
    if let Some(action) = ask_questions(ctx, c, &mut asked)? {
        let case = asked.case.as_deref();
        return finish(ctx, c, action, case, asked.drm, None, asked.target);
    }
    roll_for_action(ctx, c, asked)
}

/// The card played, asked by its German or English name.
fn which_card(ctx: &mut Ctx) -> Flow<&'static Card> {
    let d = data();
    let labels: Vec<String> = d
        .cards
        .iter()
        .map(|c| format!("{} ({})", c.de, c.en))
        .collect();
    let options: Vec<(&str, &str)> = d
        .cards
        .iter()
        .zip(&labels)
        .map(|(c, l)| (c.id.as_str(), l.as_str()))
        .collect();
    ctx.at("the card");
    let id = ctx.choice_named("card", "Which AI card is played?", &options, CARD_NAMES)?;
    let c = d.card(&id).expect("a listed card");
    ctx.fact("card", format!("{} ({})", c.de, c.en));
    Ok(c)
}

/// The card's questions from the first, each answer's effect kept in `asked`: the action an
/// answer fixes, or none when the answers lead to the d10.
fn ask_questions<'c>(ctx: &mut Ctx, c: &'c Card, asked: &mut Asked) -> Flow<Option<&'c str>> {
    let mut i = 0;
    loop {
        let e = ask_step(ctx, c, &c.steps[i])?;
        asked.take(ctx, e);
        match &e.then {
            Then::Next => i += 1,
            Then::Goto { goto } => {
                // `Data::check` made sure every goto names a later question of the card.
                i = c.step_index(goto).expect("a checked goto");
            }
            Then::Do { action } => return Ok(Some(action)),
            Then::Roll => return Ok(None),
        }
    }
}

/// One question of the card asked and its answer said: the effect of that answer.
fn ask_step<'s>(ctx: &mut Ctx, c: &Card, step: &'s CardStep) -> Flow<&'s Effect> {
    let prefix = if step.number.is_empty() {
        String::new()
    } else {
        format!("{}) ", step.number)
    };
    ctx.at(if step.number.is_empty() {
        c.de.clone()
    } else {
        format!("{} question {}", c.de, step.number)
    });
    let yes = ctx.yes_no(step.question_id(), format!("{prefix}{}", step.ask))?;
    if yes && step.question_id() == "two-in-hand" {
        // This leader is played first; the second, played next, is the only one left.
        ctx.result_fact("two-in-hand", Answer::Bool(false));
    }
    ctx.fact(
        format!("{prefix}{}", step.ask),
        if yes { "yes" } else { "no" },
    );
    Ok(if yes { &step.yes } else { &step.no })
}

/// What the action rolled comes to once the card's rule for an action not possible is asked.
enum Possible {
    /// This action is taken.
    Take(String),
    /// Roll the d10 again.
    RollAgain,
    /// Every action of the card was found not possible.
    None,
}

/// The W10 + DRM, rolled again while the card says so (at most `MAX_ROLLS` times), and the
/// action it gives.
fn roll_for_action(ctx: &mut Ctx, c: &'static Card, asked: Asked) -> Flow<Outcome> {
    let Asked {
        drm,
        case,
        swaps,
        target,
    } = asked;
    let case = case.as_deref();
    let mut impossible: Vec<String> = Vec::new();
    ctx.at(format!("{}: W10 + DRM", c.de));
    for attempt in 1..=MAX_ROLLS {
        let die_id = if attempt == 1 {
            "d10".to_string()
        } else {
            format!("d10#{attempt}")
        };
        let rolled = ctx.roll_modified(&die_id, "W10 (d10)", (1, 10), &[(drm, "DRM")], None)?;
        let (r, total) = (rolled.roll, rolled.total);
        let Some(res) = result_row(ctx, c, case, total)? else {
            continue;
        };
        let action = read_action(ctx, c, res, case, &swaps);
        let action = match check_possible(ctx, c, action, case, &mut impossible)? {
            Possible::Take(action) => action,
            Possible::RollAgain => continue,
            Possible::None => {
                let roll = Some((r, total));
                return finish(ctx, c, "SICH VERSTECKT HALTEN", case, drm, roll, target);
            }
        };
        after_action(ctx, c, &action, target.is_some());
        return finish(ctx, c, &action, case, drm, Some((r, total)), target);
    }
    ctx.note(format!("no usable result after {MAX_ROLLS} rolls"));
    finish(ctx, c, "SICH VERSTECKT HALTEN", case, drm, None, target)
}

/// The card's result row for a total, in the case fixed: none when the total fits no range and
/// is to be rolled again.
fn result_row<'c>(
    ctx: &mut Ctx,
    c: &'c Card,
    case: Option<&str>,
    total: i64,
) -> Flow<Option<&'c CardResult>> {
    let fitting = |t: i64| {
        c.results
            .iter()
            .find(|x| x.fits_case(case) && (x.range[0]..=x.range[1]).contains(&t))
    };
    Ok(match fitting(total) {
        Some(res) => Some(res),
        None if c.out_of_range_stated => {
            ctx.roll_again(format!(
                "{total} fits no range: roll again (stated on this card)"
            ));
            None
        }
        None => match out_of_range(ctx)? {
            OutOfRange::EveryCard => {
                ctx.roll_again(format!(
                    "{total} fits no range: roll again (the rifleman's rule, chosen for every card)"
                ));
                None
            }
            OutOfRange::Rifleman => {
                let (lo, hi) = c
                    .results
                    .iter()
                    .filter(|x| x.fits_case(case))
                    .fold((i64::MAX, i64::MIN), |(lo, hi), x| {
                        (lo.min(x.range[0]), hi.max(x.range[1]))
                    });
                let row = total.clamp(lo, hi);
                ctx.note(format!(
                    "{total} fits no range: read as {row}, the nearest (the source re-rolls on the rifleman's card only)"
                ));
                Some(fitting(row).expect("a card's ranges run from its lowest to its highest"))
            }
        },
    })
}

/// The action of a result row, looked up, and played as another where an answer said so.
fn read_action(
    ctx: &mut Ctx,
    c: &Card,
    res: &CardResult,
    case: Option<&str>,
    swaps: &[[String; 2]],
) -> String {
    let mut action = res.action.clone();
    ctx.lookup(
        &format!("{} results", c.de),
        format!("{}-{}", res.range[0], res.range[1]),
        case.map(|k| if k == "A" { "FALL A" } else { "FALL B" }),
        action.as_str(),
    );
    for [from, to] in swaps {
        if *from == action {
            ctx.note(format!("{from} becomes {to}"));
            action = to.clone();
        }
    }
    action
}

/// The card's rule for an action not possible, asked once an action (the actions found not
/// possible are kept in `impossible`, for the re-rolls).
fn check_possible(
    ctx: &mut Ctx,
    c: &Card,
    mut action: String,
    case: Option<&str>,
    impossible: &mut Vec<String>,
) -> Flow<Possible> {
    let rule = c
        .results
        .iter()
        .find(|x| x.action == action)
        .and_then(|x| x.if_impossible.clone());
    let Some(rule) = rule else {
        return Ok(Possible::Take(action));
    };
    let possible = !impossible.contains(&action)
        && ctx.yes_no(
            &format!("possible-{}", slug(&action)),
            format!("Is {action} ({}) possible?", data().english(&action)),
        )?;
    if possible {
        return Ok(Possible::Take(action));
    }
    if !impossible.contains(&action) {
        impossible.push(action.clone());
    }
    if rule == "reroll" {
        ctx.roll_again(format!("{action} is not possible: roll again"));
        let open = c.results.iter().filter(|x| x.fits_case(case)).any(|x| {
            !(x.if_impossible.as_deref() == Some("reroll") && impossible.contains(&x.action))
        });
        if !open {
            ctx.note("no action of this card is possible");
            return Ok(Possible::None);
        }
        return Ok(Possible::RollAgain);
    }
    ctx.note(format!("{action} is not possible: {rule} instead"));
    action = rule;
    Ok(Possible::Take(action))
}

/// What follows the action taken: the card's remark on it, and the procedures it leads to (the
/// attacker's target, unless an answer named it, and the mortar's tile).
fn after_action(ctx: &mut Ctx, c: &Card, action: &str, target_named: bool) {
    if let Some(after) = c
        .results
        .iter()
        .find(|x| x.action == action)
        .and_then(|x| x.after.clone())
    {
        ctx.note(after);
    }
    if !target_named {
        if let Some(attacker) = attacker_of(&c.id).filter(|_| {
            ["ANGRIFF", "NIEDERHALTEN"].contains(&action)
                || c.results
                    .iter()
                    .any(|x| x.action == action && x.needs_target)
        }) {
            ctx.lead_to(
                "target",
                vec![("attacker".into(), Answer::Choice(attacker.into()))],
                format!("the {attacker}'s target by ZIELAUSWAHL"),
            );
        }
    }
    if action == "ANVISIEREN" {
        ctx.lead_to(
            "target-tile",
            Vec::new(),
            "the tile for the targeting marker",
        );
    }
}

/// The attacker of the `target` procedure for a unit card (none for the mortar, whose
/// targets come from its marker, and for the leaders).
fn attacker_of(card: &str) -> Option<&'static str> {
    match card {
        "spaeher" => Some("scout"),
        "schuetze" => Some("rifleman"),
        "scharfschuetze" => Some("sniper"),
        "mg-schuetze" => Some("mg"),
        _ => None,
    }
}

/// What a card other than the rifleman does with a total outside every range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OutOfRange {
    /// The source's own reading: only the rifleman's card says to roll again, so on other
    /// cards the total is read on the nearest range.
    Rifleman,
    /// The rifleman's re-roll applied to every card (a house reading; it changes the odds).
    EveryCard,
}

/// Options of the `out-of-range` choice, the source's reading first (the default).
pub const OUT_OF_RANGE: &[&str] = &["rifleman", "every-card"];

/// What each option of the `out-of-range` choice means, as its question offers them.
pub const OUT_OF_RANGE_MEANINGS: &[(&str, &str)] = &[
    (
        "rifleman",
        "source's reading: the nearest range on this card",
    ),
    ("every-card", "roll again, as on the rifleman's card"),
];

fn out_of_range(ctx: &mut Ctx) -> Flow<OutOfRange> {
    let key = ctx.choice(
        "out-of-range",
        "The total fits no range. Re-roll only on the rifleman's card, as the source says (here: read the nearest range), or on every card?",
        OUT_OF_RANGE_MEANINGS,
    )?;
    Ok(if key == "every-card" {
        OutOfRange::EveryCard
    } else {
        OutOfRange::Rifleman
    })
}

fn finish(
    ctx: &mut Ctx,
    c: &Card,
    action: &str,
    case: Option<&str>,
    drm: i64,
    roll: Option<(i64, i64)>,
    target: Option<String>,
) -> Flow<Outcome> {
    let d = data();
    let en = d.english(action);
    if let Some(t) = &target {
        ctx.fact("target", t.as_str());
    }
    ctx.done(
        format!("{action} ({en})"),
        fields([
            ("card", json!(c.id)),
            ("case", json!(case)),
            ("drm", json!(drm)),
            ("d10", json!(roll.map(|r| r.0))),
            ("total", json!(roll.map(|r| r.1))),
            ("action", json!(action)),
            ("action_en", json!(en)),
            ("target", json!(target)),
        ]),
    )
}

/// The system's id, as a table session names its game.
pub const SYSTEM_ID: &str = "undaunted";

/// The facts a table session keeps from the AI's hand (given to `order`), forgotten when a
/// new round's initiative is rolled: its cards are dealt anew.
pub const HAND_FACTS: [&str; 2] = ["fog-in-hand", "two-in-hand"];

/// The AI's cards under their other names, (name, card key): the German with its umlauts
/// and the English of the source's card list, so that `card` takes a card by either, as
/// `target` takes its attacker.
pub const CARD_NAMES: &[(&str, &str)] = &[
    ("zugtruppführer", "zugtruppfuehrer"),
    ("platoon sergeant", "zugtruppfuehrer"),
    ("platoon guide", "feldwebel"),
    ("späher", "spaeher"),
    ("scout", "spaeher"),
    ("mg-schütze", "mg-schuetze"),
    ("mg", "mg-schuetze"),
    ("machine gunner", "mg-schuetze"),
    ("machine gunners", "mg-schuetze"),
    ("scharfschütze", "scharfschuetze"),
    ("sniper", "scharfschuetze"),
    ("mortar", "granatwerfer"),
    ("mortars", "granatwerfer"),
    ("schütze", "schuetze"),
    ("rifleman", "schuetze"),
    ("gruppenführer", "gruppenfuehrer"),
    ("squad leader", "gruppenfuehrer"),
];

/// The attacking units of `target` under their other names, (name, attacker key): the German
/// card names, with and without umlauts, and the English in the plural, so that `target`
/// takes its attacker by either, as `card` takes its card.
pub const ATTACKER_NAMES: &[(&str, &str)] = &[
    ("späher", "scout"),
    ("spaeher", "scout"),
    ("schütze", "rifleman"),
    ("schuetze", "rifleman"),
    ("scharfschütze", "sniper"),
    ("scharfschuetze", "sniper"),
    ("mg-schütze", "mg"),
    ("mg-schuetze", "mg"),
    ("machine gunner", "mg"),
    ("machine gunners", "mg"),
    ("granatwerfer", "mortar"),
    ("mortars", "mortar"),
];

/// Unit kinds named in the target chart, with their question ids and English.
pub const TARGET_KINDS: &[(&str, &str, &str)] = &[
    ("Schütze", "def-rifleman", "rifleman"),
    ("Schwächste EH", "def-weakest", "weakest unit"),
    ("MG-Schütze", "def-mg", "machine gunner"),
    ("Scharfschütze", "def-sniper", "sniper"),
    ("Granatwerfer", "def-mortar", "mortar"),
];

/// The attackers of `target`, (key, the target chart's column).
const ATTACKERS: &[(&str, &str)] = &[
    ("scout", "SPÄHER"),
    ("rifleman", "SCHÜTZE"),
    ("sniper", "SCHARFSCHÜTZE"),
    ("mg", "MG"),
    ("mortar", "MORTAR"),
];

/// The first kind on the attacker's list it can target: the kind, its English, the lowest
/// total defence of that kind, and whether the list asked the weakest unit of all.
struct Listed {
    kind: &'static str,
    en: &'static str,
    def: i64,
    asked_weakest: bool,
}

fn target(ctx: &mut Ctx) -> Flow<Outcome> {
    let c = data().chart("targets");
    let attacker = ctx.choice_named(
        "attacker",
        "Which AI unit attacks or suppresses?",
        ATTACKERS,
        ATTACKER_NAMES,
    )?;
    let column = ATTACKERS
        .iter()
        .find(|(key, _)| *key == attacker)
        .map_or("MORTAR", |(_, column)| column);
    let col = c.column_index(column).expect("attacker column");
    if attacker == "mortar" {
        ctx.lookup(&c.title, "1", Some(column), c.rows[0].cells[col].as_str());
        return ctx.done(
            "the mortar follows its own rules (ANVISIEREN / SPRENGEN, and `target-tile`)",
            fields([("target", json!(null)), ("defense", json!(null))]),
        );
    }
    if ctx.yes_no(
        "main-target",
        "Do you have a rifleman on an uncontrolled tile while you are 1 victory point short of winning?",
    )? {
        ctx.note("HAUPTZIEL: that rifleman");
        return ctx.done("your rifleman on the uncontrolled tile (HAUPTZIEL)", fields([("target", json!("Schütze")), ("defense", json!(null))]));
    }
    let Some(listed) = first_listed(ctx, c, col, column)? else {
        return ctx.done(
            "no possible target",
            fields([("target", json!(null)), ("defense", json!(null))]),
        );
    };
    two_lower(ctx, listed)
}

/// The attacker's list down its column: the first kind it can target, none when it can target
/// none.
fn first_listed(
    ctx: &mut Ctx,
    c: &'static Chart,
    col: usize,
    column: &str,
) -> Flow<Option<Listed>> {
    let mut asked_weakest = false;
    for r in &c.rows {
        let cell = r.cells[col].as_str();
        if cell.is_empty() {
            continue;
        }
        let (_, id, en) = TARGET_KINDS
            .iter()
            .find(|(de, _, _)| *de == cell)
            .unwrap_or_else(|| panic!("unknown target kind {cell}"));
        let v = ctx.number(id, format!("Lowest total defence among your units it can target as '{cell}' ({en}); 0 if none?"), 0, 40)?;
        asked_weakest |= *id == "def-weakest";
        if v > 0 {
            ctx.lookup(
                &c.title,
                &r.label,
                Some(column),
                format!("{cell}: total defence {v}"),
            );
            return Ok(Some(Listed {
                kind: cell,
                en,
                def: v,
                asked_weakest,
            }));
        }
    }
    Ok(None)
}

/// The kind found on the list, unless another unit it can target is at least 2 lower.
fn two_lower(ctx: &mut Ctx, listed: Listed) -> Flow<Outcome> {
    let Listed {
        kind,
        en,
        def,
        asked_weakest,
    } = listed;
    // The attacker's list named the weakest unit and it was found: it is the lowest of all
    // the units it can target, so no other can be 2 lower.
    if kind == "Schwächste EH" {
        ctx.note(format!(
            "the weakest unit it can target has {def}: no other target is lower"
        ));
        return listed_target(ctx, kind, en, def);
    }
    // The 2-lower check needs the lowest defence among the others. The weakest unit of all,
    // where the attacker's list did not ask it, answers that exactly: if it is 2 lower it is
    // another unit, and if it is not, no other unit is.
    if !asked_weakest {
        let weakest = ctx.number(
            "def-weakest",
            format!("Lowest total defence of any unit it can target, this {en} included (0: give the other units' lowest next)?"),
            0,
            40,
        )?;
        if weakest > def {
            return Err(ctx.invalid(
                "def-weakest",
                format!("the weakest unit ({weakest}) cannot be stronger than the {en} it can target ({def})"),
            ));
        }
        if weakest > 0 {
            if weakest <= def - 2 {
                ctx.note(format!(
                    "the weakest unit it can target has {weakest}, at least 2 below {def}: it becomes the target"
                ));
                return other_target(ctx, weakest);
            }
            ctx.note(format!(
                "the weakest unit it can target has {weakest}: no other target is 2 below {def}"
            ));
            return listed_target(ctx, kind, en, def);
        }
    }
    let other = ctx.number(
        "def-other",
        "Lowest total defence among all other units it can target (0 if none)?",
        0,
        40,
    )?;
    if other > 0 && other <= def - 2 {
        ctx.note(format!(
            "another target has {other}, at least 2 below {def}: it becomes the target"
        ));
        return other_target(ctx, other);
    }
    listed_target(ctx, kind, en, def)
}

/// The answer when the kind found on the list is the target.
fn listed_target(ctx: &mut Ctx, kind: &str, en: &str, def: i64) -> Flow<Outcome> {
    ctx.done(
        format!("{kind} ({en}) with total defence {def}"),
        fields([("target", json!(kind)), ("defense", json!(def))]),
    )
}

/// The answer when another unit, at least 2 lower, is the target.
fn other_target(ctx: &mut Ctx, defense: i64) -> Flow<Outcome> {
    ctx.done(
        format!("the other unit (total defence {defense})"),
        fields([("target", json!("other")), ("defense", json!(defense))]),
    )
}

/// Target value of a unit name (German or English, any case), from the `target-values` chart.
pub fn unit_value(name: &str) -> Option<i64> {
    let n = name.trim().to_lowercase();
    let alias = match n.as_str() {
        "mg" | "machine gun" | "machine gunner" | "mg-schütze" => "machine gunner",
        "sniper" | "scharfschütze" => "sniper",
        "mortar" | "granatwerfer" => "mortar",
        "rifleman" | "schütze" => "rifleman",
        "scout" | "späher" => "scout",
        _ => return None,
    };
    data()
        .chart("target-values")
        .rows
        .iter()
        .find(|r| r.label.to_lowercase().contains(&format!("({alias})")))
        .and_then(|r| r.cells[0].parse().ok())
}

/// Parses "1A: sniper; 3A: rifleman, rifleman" into tiles with their units.
pub fn parse_tiles(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut tiles = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, units) = part
            .split_once(':')
            .ok_or_else(|| format!("'{part}' should be TILE: unit, unit"))?;
        let units: Vec<String> = units
            .split(',')
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty())
            .collect();
        if units.is_empty() {
            return Err(format!("tile '{}' lists no units", name.trim()));
        }
        for u in &units {
            if unit_value(u).is_none() {
                return Err(format!(
                    "unknown unit '{u}': use sniper, mg, mortar, rifleman or scout"
                ));
            }
        }
        // The same tile named twice is one tile: its units are added together.
        let name = name.trim().to_string();
        match tiles
            .iter_mut()
            .find(|(t, _): &&mut (String, Vec<String>)| t.eq_ignore_ascii_case(&name))
        {
            Some((_, listed)) => listed.extend(units),
            None => tiles.push((name, units)),
        }
    }
    if tiles.is_empty() {
        return Err("no tiles given".into());
    }
    Ok(tiles)
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "a d10's roll, 1 to 10: it fits a usize"
)]
fn target_tile(ctx: &mut Ctx) -> Flow<Outcome> {
    let text = ctx.text(
        "tiles",
        "Your units per tile, e.g. '1A: sniper; 10B: mg; 3A: rifleman, rifleman'",
        "TILE: unit, unit; TILE: unit ... (units: sniper, mg, mortar, rifleman, scout)",
    )?;
    let tiles = parse_tiles(&text).map_err(|m| ctx.invalid("tiles", m))?;
    let scored: Vec<(String, i64, usize)> = tiles
        .iter()
        .map(|(t, us)| {
            (
                t.clone(),
                us.iter().map(|u| unit_value(u).expect("checked")).sum(),
                us.len(),
            )
        })
        .collect();
    for (t, v, n) in &scored {
        ctx.fact(
            format!("tile {t}"),
            format!(
                "target value {v} ({n} unit{})",
                if *n == 1 { "" } else { "s" }
            ),
        );
    }
    let best = scored.iter().map(|s| s.1).max().expect("tiles");
    let top: Vec<&(String, i64, usize)> = scored.iter().filter(|s| s.1 == best).collect();
    let most = top.iter().map(|s| s.2).max().expect("tiles");
    let tied: Vec<&(String, i64, usize)> = top.into_iter().filter(|s| s.2 == most).collect();
    let pick = if tied.len() == 1 {
        tied[0]
    } else {
        ctx.note(format!(
            "{} tiles tie on value and units: numbered in the order given, the d10 decides",
            tied.len()
        ));
        let mut chosen = None;
        for attempt in 1..=MAX_ROLLS {
            let id = if attempt == 1 {
                "d10".to_string()
            } else {
                format!("d10#{attempt}")
            };
            let r = ctx.die(&id, "W10 (d10)", 1, 10)?.unsigned_abs() as usize;
            if r <= tied.len() {
                chosen = Some(tied[r - 1]);
                break;
            }
            ctx.roll_again(format!("{r} is not assigned: roll again"));
        }
        chosen.unwrap_or(tied[0])
    };
    ctx.done(
        format!("place the targeting marker (ANVISIERMARKER) on {}", pick.0),
        fields([
            ("tile", json!(pick.0)),
            ("value", json!(pick.1)),
            ("units", json!(pick.2)),
        ]),
    )
}

/// Position of a card kind in the playing order (from the `card-order` chart), by German or
/// English name or card id.
pub fn order_index(name: &str) -> Option<usize> {
    let n = name.trim().to_lowercase();
    data().chart("card-order").rows.iter().position(|r| {
        let de = r.cells[0].to_lowercase();
        let en = r.cells[1].to_lowercase();
        n == de
            || n == en
            || n == slug(&r.cells[0])
            || (n == "unklare lage" && de.starts_with("unklare lage"))
            || (n == "fog of war" && en.starts_with("fog of war"))
    })
}

/// Sorts a hand ("Schütze A, Späher B, Feldwebel") into playing order: by kind, then team.
pub fn play_order(hand: &str) -> Result<Vec<String>, String> {
    let mut cards: Vec<(usize, String, String)> = Vec::new();
    for item in hand
        .split([',', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let (name, team) = match item.rsplit_once(' ') {
            Some((n, t)) if matches!(t, "A" | "B" | "C" | "a" | "b" | "c") => {
                (n, t.to_ascii_uppercase())
            }
            _ => (item, String::new()),
        };
        let i = order_index(name).ok_or_else(|| format!("unknown card '{name}'"))?;
        cards.push((i, team, item.to_string()));
    }
    if cards.is_empty() {
        return Err("no cards given".into());
    }
    cards.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    Ok(cards.into_iter().map(|c| c.2).collect())
}

fn order(ctx: &mut Ctx) -> Flow<Outcome> {
    let text = ctx.text(
        "hand",
        "Which cards does the AI hold? For example: Schütze A, Späher B, Feldwebel.",
        "CARD [TEAM], CARD [TEAM], ...",
    )?;
    let sorted = play_order(&text).map_err(|m| ctx.invalid("hand", m))?;
    ctx.lookup(
        &data().chart("card-order").title,
        "kind, then team A, B, C",
        None,
        sorted.join(", "),
    );
    // What the hand answers of the cards' own questions, for a table session to keep: the
    // scout asks whether an 'Unklare Lage' card is held, the squad leader whether two are.
    let kinds: Vec<Option<usize>> = sorted
        .iter()
        .map(|item| {
            let name = match item.rsplit_once(' ') {
                Some((n, "A" | "B" | "C" | "a" | "b" | "c")) => n,
                _ => item.as_str(),
            };
            order_index(name)
        })
        .collect();
    let of = |id: &str| {
        let i = order_index(id);
        kinds.iter().filter(|k| **k == i && i.is_some()).count()
    };
    ctx.result_fact("fog-in-hand", Answer::Bool(of("unklare lage") > 0));
    ctx.result_fact("two-in-hand", Answer::Bool(of("gruppenfuehrer") >= 2));
    ctx.done(
        format!("play: {}", sorted.join(", ")),
        fields([("order", json!(sorted))]),
    )
}

fn initiative(ctx: &mut Ctx) -> Flow<Outcome> {
    let i = &data().initiative;
    let r = ctx.die("d10", "W10 (d10)", 1, i.die)?;
    ctx.note(format!(
        "the AI plays {} cards this round, you {}; choose your initiative card knowing the AI's",
        i.ai_plays, i.player_plays
    ));
    ctx.done(
        format!("AI initiative {r}"),
        fields([("initiative", json!(r))]),
    )
}

/// Whether the AI has scouted enough objective tiles to win: one fact of the game, asked by
/// the scout's card (either case) and by ANSPORNEN's order, and kept by a table session.
const SCOUTED_ENOUGH: Param = Param::flag(
    "scouted-enough",
    "the AI has scouted enough objective tiles to win",
)
.situation();

/// The card-step question ids, for the `card` procedure's flags.
const CARD_FLAGS: &[Param] = &[
    Param::choice(
        "card",
        &[
            "zugtruppfuehrer",
            "feldwebel",
            "spaeher",
            "mg-schuetze",
            "scharfschuetze",
            "granatwerfer",
            "schuetze",
            "gruppenfuehrer",
        ],
        "the AI card (English names taken too)",
    )
    .named(CARD_NAMES),
    Param::flag(
        "cards-left",
        "cards are left in the supply to reinforce with",
    ),
    Param::flag(
        "reinforce-useful",
        "VERSTÄRKEN could add a counter, or has not been done yet",
    ),
    Param::flag(
        "fog-in-hand",
        "Späher: an 'Unklare Lage' card is in the AI's hand",
    )
    .situation(),
    SCOUTED_ENOUGH,
    Param::flag(
        "on-targeted",
        "the unit is on a tile with a targeting marker",
    ),
    Param::flag(
        "rifleman-on-objective",
        "MG: an unsuppressed enemy rifleman is on an objective tile",
    ),
    Param::flag(
        "heavy-target",
        "MG: an enemy MG/sniper/mortar with DEF 8- can be attacked",
    ),
    Param::flag(
        "weak-target",
        "a target with DEF 7- (sniper) or 5- (rifleman)",
    ),
    Param::flag(
        "can-stalk",
        "Scharfschütze: could stalk to better cover, or is near the most SP",
    ),
    Param::flag(
        "marker-placed",
        "Granatwerfer: its targeting marker is already placed",
    ),
    Param::flag("win-by-securing", "Schütze: the AI wins by securing now"),
    Param::flag("can-secure", "Schütze: can secure an objective marker"),
    Param::flag(
        "can-reach-objective",
        "Schütze: can enter an uncontrolled objective tile, or is on the spawn tile",
    ),
    Param::flag(
        "two-in-hand",
        "Gruppenführer: the AI holds two squad leaders",
    )
    .situation(),
    Param::flag(
        "inspire-useful",
        "Gruppenführer: ANSPORNEN would achieve something",
    ),
    Param::flag(
        "inspire-or-hide",
        "Gruppenführer, no cards left: ANSPORNEN would achieve something",
    ),
    Param::flag(
        "can-add-counter",
        "Gruppenführer: VERSTÄRKEN could add a counter",
    ),
    Param::flag(
        "can-reactivate",
        "Gruppenführer: ANSPORNEN could bring back a unit",
    ),
    Param::die("d10", "your W10, repeated for re-rolls; rolled if left out"),
    Param::choice_or(
        "out-of-range",
        OUT_OF_RANGE,
        "rifleman",
        "a total that fits no range, on a non-rifleman card",
    )
    .standing()
    .meaning(OUT_OF_RANGE_MEANINGS),
    Param::flag("possible-erkunden", "ERKUNDEN is possible"),
    Param::flag("possible-verschleiern", "VERSCHLEIERN is possible"),
    Param::flag("possible-bewegen", "BEWEGEN is possible"),
    Param::flag("possible-niederhalten", "NIEDERHALTEN is possible"),
    Param::flag("possible-sprengen", "SPRENGEN is possible"),
    Param::flag("possible-anvisieren", "ANVISIEREN is possible"),
];

/// The procedures of the Undaunted AI.
pub static PROCEDURES: &[Procedure] = &[
    Procedure {
        id: "card",
        title: "AI card: questions, W10 + DRM, action",
        about: "Walks an AI card's questions, rolls the W10 with the modifier and applies re-roll and fallback rules.",
        params: CARD_FLAGS,
        run: card,
    },
    Procedure {
        id: "target",
        title: "Attack / suppress target (ZIELAUSWAHL)",
        about: "Main target, then the attacker's list, then the 2-lower rule.",
        params: &[
            Param::choice("attacker", &["scout", "rifleman", "sniper", "mg", "mortar"], "the attacking AI unit (German names taken too)").named(ATTACKER_NAMES),
            Param::flag("main-target", "you have a rifleman on an uncontrolled tile and are 1 VP short"),
            Param::number("def-rifleman", "lowest total defence of your targetable riflemen (0: none)"),
            Param::number("def-weakest", "lowest total defence of any targetable unit (0: none)"),
            Param::number("def-mg", "lowest total defence of your targetable machine gunners (0: none)"),
            Param::number("def-sniper", "lowest total defence of your targetable snipers (0: none)"),
            Param::number("def-mortar", "lowest total defence of your targetable mortars (0: none)"),
            Param::number("def-other", "lowest total defence among the other targetable units (0: none)"),
        ],
        run: target,
    },
    Procedure {
        id: "target-tile",
        title: "Mortar: where the targeting marker goes",
        about: "Adds the unit target values per tile; ties go to the tile with more units.",
        params: &[
            Param::text("tiles", "your units per tile: 'TILE: unit, unit; TILE: unit'"),
            Param::die("d10", "W10 for a full tie, repeated for re-rolls; rolled if left out"),
        ],
        run: target_tile,
    },
    Procedure {
        id: "order",
        title: "Order of the AI's cards",
        about: "Sorts the AI's hand into playing order.",
        params: &[Param::text("hand", "the AI's cards, e.g. 'Schütze A, Späher B, Feldwebel'")],
        run: order,
    },
    Procedure {
        id: "initiative",
        title: "AI initiative (W10)",
        about: "From round 2: the AI's initiative is a W10 roll.",
        params: &[Param::die("d10", "your W10; rolled if left out")],
        run: initiative,
    },
    Procedure {
        id: "reinforce",
        title: "VERSTÄRKEN: which supply pile",
        about: "Counter piles first, by kind; then most cards; team A first.",
        params: &[
            Param::text("piles", "the AI's supply piles: 'rifleman A: 5 counter; sniper: 3 counter; scout B: 2'"),
            Param::number("count", "how many cards the VERSTÄRKEN action takes"),
        ],
        run: supply::reinforce,
    },
    Procedure {
        id: "lead",
        title: "LEITEN: which unit moves",
        about: "The first kind in the source's list that a unit fits; among several, the W10.",
        params: &[
            Param::flag("rifleman-objective", "a rifleman could move onto an objective tile"),
            Param::flag("on-targeted", "a unit stands on a tile with a targeting marker"),
            Param::flag("mg-sniper-cover", "a machine gunner or sniper could move to higher defence"),
            Param::number("units", "how many units fit that kind"),
            Param::die("d10", "W10 to pick among them, repeated for re-rolls; rolled if left out"),
        ],
        run: supply::lead,
    },
    Procedure {
        id: "inspire-order",
        title: "ANSPORNEN: the order units come back",
        about: "Scout first until enough is scouted, then sniper.",
        params: &[SCOUTED_ENOUGH],
        run: supply::inspire_order,
    },
    Procedure {
        id: "two-leaders",
        title: "Two squad leaders in hand: which first",
        about: "The team with most cards in supply goes first.",
        params: &[
            Param::choice("leaders", &["a-b", "a-c", "b-c"], "the two teams whose squad leaders the AI holds"),
            Param::number("supply-a", "team A's cards in the AI's supply"),
            Param::number("supply-b", "team B's cards in the AI's supply"),
            Param::number("supply-c", "team C's cards in the AI's supply"),
        ],
        run: supply::two_leaders,
    },
    Procedure {
        id: "move-tie",
        title: "Movement: the W10 among tied tiles",
        about: "Tied tiles share the W10's faces; leftovers re-roll.",
        params: &[
            Param::number("tied", "how many tiles are still tied, 2-10"),
            Param::die("d10", "W10, repeated for re-rolls; rolled if left out"),
        ],
        run: supply::move_tie,
    },
];

mod supply;

#[cfg(test)]
mod tests;
