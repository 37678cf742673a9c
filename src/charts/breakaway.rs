//! Breakaway Football solo mode: the embedded charts (`data/charts/breakaway.toml`, read
//! through a damaged scan - illegible cells are marked, never guessed) and the AI's calls: its
//! defence (strategy, spy tokens and red zone, the spy chart and breakaway check, the play
//! chart), its offence (formation, game-state or end-of-half strategy, play code), fourth-down
//! decisions and clock keeping. What only a team's own sheet can tell, the procedures ask for.

use serde::Deserialize;
use serde_json::json;

use super::data::{embedded_data, Common};
use super::walk::{Answer, Ctx, Flow, Outcome, Param, Procedure};
use super::{fields, SystemDef};

/// The text of the data file.
pub const SOURCE: &str = include_str!("../../data/charts/breakaway.toml");

/// The spy-token numbers.
#[derive(Debug, Clone, Deserialize)]
pub struct Spy {
    pub tokens: i64,
    pub run_high_value: i64,
    pub pass_high_value: i64,
    pub red_zone: Vec<i64>,
    pub last_cards: i64,
}

/// Offence numbers.
#[derive(Debug, Clone, Deserialize)]
pub struct OffenseData {
    pub end_of_half_cards: i64,
}

/// The Fire's strategy bands, as far as the scan shows them.
#[derive(Debug, Clone, Deserialize)]
pub struct Fire {
    pub green_max: i64,
    pub blue: [i64; 2],
    pub red_min: i64,
    pub illegible_game_states: Vec<i64>,
}

/// The parsed data file.
#[derive(Debug, Clone, Deserialize)]
pub struct Data {
    #[serde(flatten)]
    pub common: Common,
    pub spy: Spy,
    pub offense: OffenseData,
    pub fire: Fire,
}

embedded_data!("breakaway.toml");

impl super::data::Checked for Data {
    fn check(&self) -> Result<(), super::data::DataError> {
        Ok(())
    }
}

/// The system entry for the registry.
pub fn system() -> SystemDef {
    SystemDef::new(&data().common, PROCEDURES)
}

/// Whether a play of this kind and value spends a spy token.
pub fn is_high_value(pass: bool, value: i64) -> bool {
    let s = &data().spy;
    value
        >= if pass {
            s.pass_high_value
        } else {
            s.run_high_value
        }
}

/// The Fire's strategy for a game state, or `None` where the scan cannot be read.
pub fn fire_strategy(game_state: i64) -> Option<&'static str> {
    let f = &data().fire;
    if f.illegible_game_states.contains(&game_state) {
        None
    } else if game_state <= f.green_max {
        Some("Green 18")
    } else if (f.blue[0]..=f.blue[1]).contains(&game_state) {
        Some("Blue 80")
    } else if game_state >= f.red_min {
        Some("Red 98")
    } else {
        None
    }
}

const STRATEGIES: &[(&str, &str)] = &[("eagle", "Eagle"), ("stunt", "Stunt"), ("twist", "Twist")];
const OFF_STRATEGIES: &[(&str, &str)] = &[
    ("green-18", "Green 18"),
    ("blue-80", "Blue 80"),
    ("red-98", "Red 98"),
];

fn label_of(options: &[(&'static str, &'static str)], key: &str) -> &'static str {
    options
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, l)| *l)
        .unwrap_or("?")
}

/// The fact the charts the AI's defence reads are kept as.
pub const DEFENSE_SHEET: &str = "defense-sheet";

/// The fact the sheet the AI's offence reads is kept as.
pub const OFFENSE_SHEET: &str = "offense-sheet";

/// The charts the AI's defence reads, with what each means (the `defense-sheet` question and
/// fact).
const DEFENSE_SHEETS: &[(&str, &str)] = &[
    ("sample", "the sample charts printed in the rules"),
    ("own", "read everything on the team's own sheet"),
];

/// The sheet the AI's offence reads, with what each means (the `offense-sheet` question and
/// fact).
const OFFENSE_SHEETS: &[(&str, &str)] = &[
    ("fire", "the Fire's sheet (excerpts in the rules)"),
    ("own", "read everything on the team's own sheet"),
];

/// The AI's score at the end of the half, with what each means.
const SCORES: &[(&str, &str)] = &[
    ("winning", "the AI leads"),
    ("tied", "level"),
    ("losing", "the AI trails"),
];

/// Your offence formations, as the AI's defence reads them.
const DEFENSE_FORMATIONS: &[(&str, &str)] = &[
    ("run-heavy", "Run Heavy"),
    ("balanced", "Balanced"),
    ("pass-heavy", "Pass Heavy"),
];

/// Your play as the spy tokens see it: a pass or a run, whether a token was spent, the tokens
/// of its colour left.
struct Tokens {
    pass: bool,
    spent: bool,
    left: i64,
    colour: &'static str,
}

fn defense(ctx: &mut Ctx) -> Flow<Outcome> {
    ctx.at("the situation");
    let sheet = ctx.choice(
        DEFENSE_SHEET,
        "Which charts? 'sample' uses the ones printed in the rules (spy chart, Fire Pass Heavy/Stunt play excerpt).",
        DEFENSE_SHEETS,
    )?;
    let formation = ctx.choice("formation", "Your offence formation?", DEFENSE_FORMATIONS)?;
    let (_, _, game_state) = game_state(ctx)?;
    ctx.at("the strategy");
    let strategy = defense_strategy(ctx, &formation, game_state)?;
    let strategy_name = label_of(STRATEGIES, &strategy);

    ctx.at("your play and the spy tokens");
    let tokens = spy_tokens(ctx)?;
    let reasons = spy_reasons(ctx, &tokens)?;
    let spy = !reasons.is_empty();
    let spy_kind = if tokens.pass { "Pass" } else { "Run" };

    ctx.at("the AI's play (d6)");
    let d6 = ctx.die("d6", "d6 (play)", 1, 6)?;
    let (spy_call, breakaway) = if spy {
        let column = format!("{strategy_name}: Spy {spy_kind}");
        spy_call(ctx, &sheet, &column, d6)?
    } else {
        (None, false)
    };
    let play_call = if breakaway {
        None
    } else {
        play_call(ctx, &sheet, &formation, &strategy, d6)
    };
    let result = if breakaway {
        format!(
            "defence breakaway ({})",
            spy_call.clone().unwrap_or_else(|| "spy call".into())
        )
    } else if let Some(p) = &play_call {
        format!("play call: {p}")
    } else {
        format!("play call: read the sheet at {formation} / {strategy_name} / d6 {d6}")
    };
    ctx.done(
        result,
        fields([
            ("game_state", json!(game_state)),
            ("strategy", json!(strategy)),
            ("token_spent", json!(tokens.spent)),
            ("tokens_left", json!(tokens.left)),
            ("spy", json!(spy.then(|| spy_kind.to_ascii_lowercase()))),
            ("spy_reasons", json!(reasons)),
            ("d6", json!(d6)),
            ("spy_call", json!(spy_call)),
            ("breakaway", json!(breakaway)),
            ("play_call", json!(play_call)),
        ]),
    )
}

/// The down and the distance, and the game state they make (their sum): all three.
fn game_state(ctx: &mut Ctx) -> Flow<(i64, i64, i64)> {
    let down = ctx.number("down", "Down (1-4)?", 1, 4)?;
    let distance = ctx.number(
        "distance",
        "Distance to the milestone (next first down or goal line)?",
        1,
        99,
    )?;
    let game_state = down + distance;
    ctx.fact(
        "game state",
        format!("down {down} + distance {distance} = {game_state}"),
    );
    Ok((down, distance, game_state))
}

/// The defence's strategy, read on the sheet at a d6: its key.
fn defense_strategy(ctx: &mut Ctx, formation: &str, game_state: i64) -> Flow<String> {
    let sd6 = ctx.die("strategy-d6", "d6 (strategy)", 1, 6)?;
    let strategy = ctx.choice(
        "strategy",
        format!("On the AI sheet's strategy chart for {formation}, game state {game_state}, d6 {sd6}: which strategy?"),
        STRATEGIES,
    )?;
    ctx.fact("strategy (from the sheet)", label_of(STRATEGIES, &strategy));
    Ok(strategy)
}

/// Your play and its value, and the spy token a high-value play spends.
fn spy_tokens(ctx: &mut Ctx) -> Flow<Tokens> {
    let d = data();
    let play = ctx.choice(
        "play",
        "Your play: a run or a pass?",
        &[("run", "a run play"), ("pass", "a pass play")],
    )?;
    let pass = play == "pass";
    let value = ctx.number("value", "Your play's offence value?", -10, 30)?;
    let (tokens_id, colour) = if pass {
        ("pass-tokens", "blue Spy Pass")
    } else {
        ("run-tokens", "orange Spy Run")
    };
    let held = ctx.number(
        tokens_id,
        format!("How many {colour} tokens do you hold before this play?"),
        0,
        40,
    )?;
    let mut left = held;
    let high = is_high_value(pass, value);
    let threshold = if pass {
        d.spy.pass_high_value
    } else {
        d.spy.run_high_value
    };
    let spent = high && held > 0;
    if spent {
        left -= 1;
        ctx.set_fact(tokens_id, Answer::Number(left), "a token spent");
        ctx.note(format!("a {play} of {value} is high-value ({threshold}+): one {colour} token spent, {left} left"));
    } else if high {
        ctx.note(format!("a {play} of {value} is high-value ({threshold}+), but no {colour} token is left to spend"));
    } else {
        ctx.note(format!(
            "a {play} of {value} is below {threshold}: no token"
        ));
    }
    Ok(Tokens {
        pass,
        spent,
        left,
        colour,
    })
}

/// Why the spy is active this down (none: no spy), said on the path.
fn spy_reasons(ctx: &mut Ctx, tokens: &Tokens) -> Flow<Vec<String>> {
    let d = data();
    let Tokens {
        pass, left, colour, ..
    } = *tokens;
    let mut reasons: Vec<String> = Vec::new();
    if left == 0 {
        reasons.push(format!("all {colour} tokens are spent"));
    }
    let zones: Vec<String> = d.spy.red_zone.iter().map(i64::to_string).collect();
    if ctx.yes_no(
        "red-zone",
        format!(
            "Is the ball in a shaded red-zone area (the {})?",
            zones.join(", ")
        ),
    )? {
        reasons.push("red zone".into());
    }
    if pass
        && ctx.yes_no(
            "last-cards",
            format!(
                "Is this one of the last {} cards (minutes) of the half?",
                d.spy.last_cards
            ),
        )?
    {
        reasons.push(format!("last {} cards of the half", d.spy.last_cards));
    }
    let spy_kind = if pass { "Pass" } else { "Run" };
    if reasons.is_empty() {
        ctx.note("no spy this down");
    } else {
        ctx.fact(format!("Spy {spy_kind} active"), reasons.join("; "));
    }
    Ok(reasons)
}

/// The spy's call at the play's d6 on its column, and whether it gives a defence breakaway.
fn spy_call(ctx: &mut Ctx, sheet: &str, column: &str, d6: i64) -> Flow<(Option<String>, bool)> {
    let d = data();
    let mut spy_call: Option<String> = None;
    let breakaway;
    if sheet == "sample" {
        let c = d.chart("spy");
        let cell = c.expect_cell(&d6.to_string(), column);
        ctx.lookup(&c.title, d6.to_string(), Some(column), cell);
        if cell == "-" {
            ctx.note("no spy call on this roll");
            breakaway = false;
        } else {
            spy_call = Some(cell.to_string());
            breakaway = ctx.yes_no(
                "spy-breakaway",
                format!("The spy calls {cell}. Does {cell} against your play give a defence breakaway (board's breakaway chart)?"),
            )?;
        }
    } else {
        breakaway = ctx.yes_no(
            "spy-breakaway",
            format!("On the sheet's {column} column at d6 {d6}: is there a call, and does it give a defence breakaway against your play?"),
        )?;
    }
    if breakaway {
        ctx.note("defence breakaway: the AI takes the better of the Game Day card's play event and its defence-breakaway corner");
    } else if spy_call.is_some() || sheet == "own" {
        ctx.note("no breakaway: the spy call is ignored and the same d6 goes to the play chart");
    }
    Ok((spy_call, breakaway))
}

/// The play call at the d6, where the rules print it (the Fire's Pass Heavy/Stunt column); none
/// where the sheet is to be read.
fn play_call(
    ctx: &mut Ctx,
    sheet: &str,
    formation: &str,
    strategy: &str,
    d6: i64,
) -> Option<String> {
    let d = data();
    if sheet == "sample" && formation == "pass-heavy" && strategy == "stunt" {
        let c = d.chart("fire-defense-play");
        let cell = c.expect_cell(&d6.to_string(), &c.columns[0]);
        ctx.lookup(&c.title, d6.to_string(), None, cell);
        return Some(cell.to_string());
    }
    let strategy_name = label_of(STRATEGIES, strategy);
    ctx.note(format!(
        "read the AI sheet's play chart: {formation} row, {strategy_name} column, d6 {d6} (the source prints only the Fire's Pass Heavy/Stunt column)"
    ));
    None
}

/// The AI's offence formations (key, the sheet's name).
const OFFENSE_FORMATIONS: &[(&str, &str)] = &[
    ("i-form", "I-Form"),
    ("pro-set", "Pro Set"),
    ("shotgun", "Shotgun"),
];

fn offense(ctx: &mut Ctx) -> Flow<Outcome> {
    let sheet = ctx.choice(
        OFFENSE_SHEET,
        "Which sheet? 'fire' uses the Fire's charts printed in the rules.",
        OFFENSE_SHEETS,
    )?;
    let fire = sheet == "fire";
    let (down, distance, game_state) = game_state(ctx)?;
    let formation = offense_formation(ctx, fire, down, distance)?;
    let strategy_name = match printed_strategy(ctx, fire, game_state)? {
        Some(s) => s,
        None => {
            let key = ctx.choice(
                "strategy",
                format!("Read the strategy on the sheet (game state {game_state}):"),
                OFF_STRATEGIES,
            )?;
            ctx.fact("strategy (from the sheet)", label_of(OFF_STRATEGIES, &key));
            label_of(OFF_STRATEGIES, &key)
        }
    };
    let d6 = ctx.die("d6", "d6 (play code)", 1, 6)?;
    let code = play_code(ctx, fire, strategy_name, d6);
    let gold_joker = code.as_deref() == Some("Gold Joker");
    if gold_joker {
        ctx.note("Gold Joker: flip the formation card in the Play Call spot and run that play");
    }
    let result = match &code {
        Some(c) => format!("{} {c}", label_of(OFFENSE_FORMATIONS, &formation)),
        None => format!("{formation}, {strategy_name}, d6 {d6}: read the play code on the sheet"),
    };
    ctx.note("then burn the top card of the AI's draw deck, so its next formation stays hidden");
    ctx.done(
        result,
        fields([
            ("game_state", json!(game_state)),
            ("formation", json!(formation)),
            ("strategy", json!(strategy_name)),
            ("d6", json!(d6)),
            ("play_code", json!(code)),
            ("gold_joker", json!(gold_joker)),
        ]),
    )
}

/// The offence's formation, read on the sheet's down chart at a d6, drawn into the Play Call
/// spot.
fn offense_formation(ctx: &mut Ctx, fire: bool, down: i64, distance: i64) -> Flow<String> {
    let fd6 = ctx.die("formation-d6", "d6 (formation)", 1, 6)?;
    if fire {
        ctx.note(
            "the Fire's formation chart is unreadable in the scan: read the formation on the sheet",
        );
    }
    let formation = ctx.choice(
        "formation",
        format!("On the sheet's down chart (down {down}, distance {distance}) at d6 {fd6}: which formation?"),
        OFFENSE_FORMATIONS,
    )?;
    ctx.fact("formation (from the sheet)", formation.as_str());
    ctx.note("draw a card of that formation into the Play Call spot");
    Ok(formation)
}

/// The offence's strategy where the rules print it (the Fire's end-of-half and strategy
/// charts); none where the sheet is to be read.
fn printed_strategy(ctx: &mut Ctx, fire: bool, game_state: i64) -> Flow<Option<&'static str>> {
    let d = data();
    let end_cards = d.offense.end_of_half_cards;
    let final_cards = ctx.yes_no(
        "final-cards",
        format!("Is it within the last {end_cards} cards (minutes) of the half?"),
    )?;
    let mut strategy: Option<&'static str> = None;
    if final_cards {
        if fire {
            let score = ctx.choice("score", "Is the AI winning, tied or losing?", SCORES)?;
            let c = d.chart("fire-end-of-half");
            if score == "winning" {
                let row = &c.rows[0];
                ctx.lookup(&c.title, &row.label, None, &row.cells[0]);
                strategy = OFF_STRATEGIES
                    .iter()
                    .find(|(_, l)| *l == row.cells[0])
                    .map(|(_, l)| *l);
            } else {
                ctx.note(format!(
                    "the Fire's end-of-half line for '{score}' cannot be read in the scan (the Blue 80 line's label is lost, the losing entry too)"
                ));
            }
        } else {
            ctx.note("end of half: the team's own predetermined strategy applies");
        }
    } else if fire {
        match fire_strategy(game_state) {
            Some(s) => {
                let c = d.chart("fire-strategy");
                ctx.lookup(&c.title, s, None, format!("game state {game_state}"));
                strategy = Some(s);
            }
            None => ctx.note(format!(
                "the Fire's strategy for game state {game_state} cannot be read in the scan"
            )),
        }
    }
    Ok(strategy)
}

/// The play code at the d6, where the rules print it (the Fire's); none where the sheet is to
/// be read.
fn play_code(ctx: &mut Ctx, fire: bool, strategy_name: &str, d6: i64) -> Option<String> {
    if fire {
        let c = data().chart("fire-play-codes");
        let cell = c.expect_cell(&d6.to_string(), strategy_name);
        ctx.lookup(&c.title, d6.to_string(), Some(strategy_name), cell);
        return Some(cell.to_string());
    }
    ctx.note(format!(
        "read the play code on the sheet: {strategy_name} column, d6 {d6}"
    ));
    None
}

fn fourth_down(ctx: &mut Ctx) -> Flow<Outcome> {
    let target = ctx.number(
        "target",
        "The roll the sheet needs to go for it here (7 = never without modifiers)?",
        1,
        12,
    )?;
    let modifier = ctx.number(
        "modifier",
        "The total of the sheet's modifiers that apply now?",
        -10,
        10,
    )?;
    let rolled = ctx.roll_modified(
        "d6",
        "d6",
        (1, 6),
        &[(modifier, "the sheet's modifiers")],
        None,
    )?;
    let (d6, total) = (rolled.roll, rolled.total);
    let decision = if total >= target {
        ctx.note(format!("{total} reaches {target}: go for it"));
        "go for it"
    } else {
        ctx.note(format!("{total} is short of {target}: kick"));
        if ctx.yes_no(
            "long-field-goal",
            "Is it a long field goal from the 40 or 45 against a punt?",
        )? {
            if ctx.yes_no("game-on-the-line", "Is the game on the line?")? {
                ctx.note("game on the line: field goal rather than punt");
                "field goal"
            } else if ctx.yes_no(
                "field-goal-good",
                "Draw a Game Day card: would the field goal be good on it?",
            )? {
                ctx.note("the AI takes the better result: the field goal");
                "field goal"
            } else {
                ctx.note("the field goal would miss: the AI takes the punt");
                "punt"
            }
        } else {
            "punt or field goal as the sheet says"
        }
    };
    ctx.done(
        decision,
        fields([
            ("d6", json!(d6)),
            ("total", json!(total)),
            ("target", json!(target)),
            ("decision", json!(decision)),
        ]),
    )
}

/// The system's id.
pub const SYSTEM_ID: &str = "breakaway";

/// A table session's facts after one of your plays: the AI's `defense` call is made for each
/// play of your offence, and each play spends one card of your offence deck (the source: you
/// discard your offence cards as usual, one a play). With `cards-left` kept, it goes down by
/// one; the quarter's last card used, the next quarter starts with all 15 (the 2nd's ends the
/// half; the 4th's the game, left at 0). `last-cards` and `final-cards` follow from the count
/// in the 2nd and 4th quarters, as the `clock` call sets them. Nothing changes when the
/// session does not keep `cards-left`.
pub fn count_play(facts: &mut std::collections::BTreeMap<String, Answer>) {
    let d = data();
    let Some(&Answer::Number(n)) = facts.get("cards-left") else {
        return;
    };
    if n <= 0 {
        return;
    }
    let quarter = match facts.get("quarter") {
        Some(&Answer::Number(q)) => Some(q),
        _ => None,
    };
    let (quarter, left) = match (quarter, n - 1) {
        (Some(q), 0) if q < 4 => (Some(q + 1), 15),
        (q, left) => (q, left),
    };
    facts.insert("cards-left".into(), Answer::Number(left));
    let Some(q) = quarter else {
        return;
    };
    facts.insert("quarter".into(), Answer::Number(q));
    let end_of_half = q == 2 || q == 4;
    facts.insert(
        "final-cards".into(),
        Answer::Bool(end_of_half && left <= d.offense.end_of_half_cards),
    );
    facts.insert(
        "last-cards".into(),
        Answer::Bool(end_of_half && left <= d.spy.last_cards),
    );
}

/// A table session's facts after an AI offence call: the play goes to the AI's Spent Plays
/// pile, one more card for `clock` to discard when the drive ends (the pile is shuffled back
/// then, so `clock` leaves it at 0). A pile the session does not know starts with this play.
pub fn count_spent(facts: &mut std::collections::BTreeMap<String, Answer>) {
    let before = match facts.get("spent") {
        Some(&Answer::Number(n)) => n,
        _ => 0,
    };
    facts.insert("spent".into(), Answer::Number(before.saturating_add(1)));
}

fn clock(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    let spent = ctx.number(
        "spent",
        "How many cards are in the AI's Spent Plays pile?",
        0,
        45,
    )?;
    let left = ctx.number(
        "cards-left",
        "How many cards are left in your offence deck this quarter?",
        0,
        15,
    )?;
    let quarter = ctx.number("quarter", "Which quarter is it?", 1, 4)?;
    let (discard, later, next_quarter, cards_left) = if spent <= left {
        ctx.note(format!(
            "discard {spent} of your offence cards (you choose which)"
        ));
        (spent, 0, quarter, left - spent)
    } else {
        let rest = spent - left;
        // Only a drive that goes on into the next quarter can run past a whole one: at half
        // time and at the end of the game nothing carries over.
        if rest > 15 && (quarter == 1 || quarter == 3) {
            return Err(ctx.invalid(
                "spent",
                format!("{spent} spent plays run past a whole further quarter"),
            ));
        }
        if quarter == 4 {
            ctx.note(format!(
                "the quarter (and the game) ends after {left} of the {spent} plays"
            ));
            (left, 0, 4, 0)
        } else if quarter == 2 {
            // The last card of the half is the last play: a drive cannot go on past half time.
            ctx.note(format!(
                "half time: the half ends on its last card, so the drive stops after the {left} cards left; the other {rest} plays do not carry over"
            ));
            ctx.note("the 3rd quarter starts with all 15 of your offence cards; shuffle the AI's Spent Plays back into its Draw Pile");
            (left, 0, 3, 15)
        } else {
            ctx.note(format!(
                "discard the {left} cards left, move to quarter {}, take back all 15 cards and discard {rest} more",
                quarter + 1
            ));
            ctx.note(format!(
                "at the change to quarter {}, the AI's Spent Plays so far are shuffled back into its Draw Pile before its drive goes on",
                quarter + 1
            ));
            (left, rest, quarter + 1, 15 - rest)
        }
    };
    let half_time = quarter == 2 && next_quarter == 3;
    // What the clock shows now answers the clock's and the end-of-half questions.
    let end_of_half = next_quarter == 2 || next_quarter == 4;
    // The drive is over: its spent plays are shuffled back into the AI's draw pile.
    ctx.result_fact("spent", Answer::Number(0));
    ctx.result_fact("quarter", Answer::Number(next_quarter));
    ctx.result_fact("cards-left", Answer::Number(cards_left));
    ctx.result_fact(
        "final-cards",
        Answer::Bool(end_of_half && cards_left <= d.offense.end_of_half_cards),
    );
    ctx.result_fact(
        "last-cards",
        Answer::Bool(end_of_half && cards_left <= d.spy.last_cards),
    );
    ctx.done(
        if half_time {
            format!(
                "discard {discard}; the half ends, quarter 3 starts with all {cards_left} cards"
            )
        } else {
            format!(
                "discard {discard}{}; {cards_left} cards left in quarter {next_quarter}",
                if later > 0 {
                    format!(" then {later}")
                } else {
                    String::new()
                }
            )
        },
        fields([
            ("discard", json!(discard)),
            ("discard_next_quarter", json!(later)),
            ("quarter", json!(next_quarter)),
            ("cards_left", json!(cards_left)),
        ]),
    )
}

/// The procedures of Breakaway Football's solo mode.
pub static PROCEDURES: &[Procedure] = &[
    Procedure {
        id: "defense",
        title: "AI defence: strategy, spy, play call",
        about: "You call your play; the AI picks a strategy, spies if it can, and calls its defence.",
        params: &[
            Param::choice(DEFENSE_SHEET, &["sample", "own"], "the AI defence's charts: the rules' samples, or own").standing().meaning(DEFENSE_SHEETS),
            Param::choice("formation", &["run-heavy", "balanced", "pass-heavy"], "your offence formation"),
            Param::number("down", "the down, 1-4"),
            Param::number("distance", "distance to the milestone (first down or goal line)"),
            Param::die_reading("strategy-d6", "the d6 for the strategy chart; rolled if left out (not needed with --strategy)", "strategy"),
            Param::choice("strategy", &["eagle", "stunt", "twist"], "the strategy read on the AI sheet"),
            Param::choice("play", &["run", "pass"], "your play type"),
            Param::number("value", "your play's offence value"),
            Param::number("run-tokens", "orange Spy Run tokens you hold before the play").standing().within(0, 40),
            Param::number("pass-tokens", "blue Spy Pass tokens you hold before the play").standing().within(0, 40),
            Param::flag("red-zone", "the ball is in a shaded red-zone area (15, 10, 5)"),
            Param::flag("last-cards", "one of the last 2 cards of the half").situation(),
            Param::die("d6", "the d6 for the spy and play charts; rolled if left out"),
            Param::flag("spy-breakaway", "the spy call gives a defence breakaway against your play"),
        ],
        run: defense,
    },
    Procedure {
        id: "offense",
        title: "AI offence: formation, strategy, play code",
        about: "Formation from the down chart, strategy from the game state (or end of half), play code.",
        params: &[
            Param::choice(OFFENSE_SHEET, &["fire", "own"], "the AI offence's sheet: the Fire's (rules), or own").standing().meaning(OFFENSE_SHEETS),
            Param::number("down", "the down, 1-4"),
            Param::number("distance", "distance to the milestone (first down or goal line)"),
            Param::die_reading("formation-d6", "the d6 for the formation; rolled if left out (not needed with --formation)", "formation"),
            Param::choice("formation", &["i-form", "pro-set", "shotgun"], "the formation read on the sheet"),
            Param::flag("final-cards", "within the last 5 cards of the half").situation(),
            Param::choice("score", &["winning", "tied", "losing"], "the AI's score at the end of the half").situation().meaning(SCORES),
            Param::choice("strategy", &["green-18", "blue-80", "red-98"], "the strategy read on the sheet, where the program cannot"),
            Param::die("d6", "the d6 for the play code; rolled if left out"),
        ],
        run: offense,
    },
    Procedure {
        id: "fourth-down",
        title: "AI fourth-down decision",
        about: "d6 plus the sheet's modifiers against its target; long field goal or punt.",
        params: &[
            Param::number("target", "the roll the sheet needs to go for it"),
            Param::number("modifier", "the total of the sheet's modifiers that apply now (0: none)"),
            Param::die("d6", "your d6; rolled if left out"),
            Param::flag("long-field-goal", "the choice is a long field goal (40 or 45) or a punt"),
            Param::flag("game-on-the-line", "the game is on the line"),
            Param::flag("field-goal-good", "the drawn Game Day card makes the field goal good"),
        ],
        run: fourth_down,
    },
    Procedure {
        id: "clock",
        title: "Clock after an AI drive",
        about: "How many of your offence cards to discard for the AI's spent plays.",
        params: &[
            Param::number("spent", "cards in the AI's Spent Plays pile").situation().within(0, 45),
            Param::number("cards-left", "cards left in your offence deck this quarter").situation().within(0, 15),
            Param::number("quarter", "the quarter, 1-4").situation().within(1, 4),
        ],
        run: clock,
    },
    Procedure {
        id: "time-outs",
        title: "AI time-outs at the end of a half",
        about: "Each time-out is one more, untimed play: the plays left, one by one.",
        params: &[
            Param::number("cards-left", "cards (plays) left in the half on your clock"),
            Param::number("time-outs", "time-outs the AI has left, 0-3").standing().within(0, 3),
        ],
        run: plays::time_outs,
    },
    Procedure {
        id: "matchup",
        title: "A play's gain: prevent halving, minimum gain, Game Day card",
        about: "Offence value less defence value; a pass against prevent counts half (rounded up); a minimum-gain play gains at least 1; then the Game Day card.",
        params: &[
            Param::number("offense-value", "your play's offence value"),
            Param::flag("pass", "the play is a pass"),
            Param::flag("prevent", "the defence call is Prevent"),
            Param::number("defense-value", "the defence's value against the play"),
            Param::flag("min-gain", "the play has the 'minimum gain = 1' mark"),
            Param::number("game-day", "what the drawn Game Day card adds (0: nothing)"),
        ],
        run: plays::matchup,
    },
];

mod plays;

#[cfg(test)]
mod tests;
