//! Paydirt, third edition (Bowl Bound) solitaire tables: the embedded charts
//! (`data/charts/paydirt-3e.toml`) and the two calls - the AI's defence (red + green dice in the
//! table for the situation: goal line, prevent, or down and distance) and the d20 offence table.

use serde::Deserialize;
use serde_json::json;

use super::data::{embedded_data, parse_span, Common, Row, Span};
use super::walk::{Ctx, Flow, Outcome, Param, Procedure};
use super::{fields, SystemDef};

/// The text of the data file.
pub const SOURCE: &str = include_str!("../../data/charts/paydirt-3e.toml");

/// Numbers the source states in prose.
#[derive(Debug, Clone, Deserialize)]
pub struct Limits {
    pub goal_line: i64,
    pub prevent_lead: i64,
}

/// The defence roll's range.
#[derive(Debug, Clone, Deserialize)]
pub struct Dice {
    pub defense_min: i64,
    pub defense_max: i64,
}

/// Which down and distance an ordinary defence table covers.
#[derive(Debug, Clone, Deserialize)]
pub struct DefSituation {
    pub chart: String,
    pub down: i64,
    pub to_go: [i64; 2],
}

/// The parsed data file.
#[derive(Debug, Clone, Deserialize)]
pub struct Data {
    #[serde(flatten)]
    pub common: Common,
    pub limits: Limits,
    pub dice: Dice,
    pub def_situation: Vec<DefSituation>,
}

embedded_data!("paydirt-3e.toml");

impl super::data::Checked for Data {
    fn check(&self) -> Result<(), super::data::DataError> {
        Ok(())
    }
}

/// The system entry for the registry.
pub fn system() -> SystemDef {
    SystemDef::new(&data().common, PROCEDURES)
}

/// The defence tables a user can pick by name: (name, chart id).
pub fn defense_tables() -> Vec<(String, String)> {
    data()
        .common
        .charts
        .iter()
        .filter_map(|c| {
            c.id.strip_prefix("def-")
                .map(|n| (n.to_string(), c.id.clone()))
        })
        .collect()
}

/// The ordinary defence table for a down and distance, if the source has one.
pub fn defense_table_for(down: i64, to_go: i64) -> Option<&'static str> {
    data()
        .def_situation
        .iter()
        .find(|s| s.down == down && (s.to_go[0]..=s.to_go[1]).contains(&to_go))
        .map(|s| s.chart.as_str())
}

/// The offence table's rows with the down and distance each covers. Rows printed without a
/// down belong to the down above them.
pub fn offense_rows() -> Vec<(i64, Span, &'static Row)> {
    let mut down = 0;
    let mut out = Vec::new();
    for row in &data().chart("offense").rows {
        let mut label = row.label.as_str();
        if let Some((first, rest)) = label.split_once(' ') {
            if let Some(n) = first.chars().next().and_then(|c| c.to_digit(10)) {
                if first.len() == 3 {
                    down = n as i64;
                    label = rest;
                }
            }
        }
        let span =
            parse_span(label).unwrap_or_else(|| panic!("bad offence row label `{}`", row.label));
        out.push((down, span, row));
    }
    out
}

fn defense(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    let named = defense_tables();
    let mut options: Vec<(&str, &str)> = vec![("auto", "pick the table from the situation")];
    for (name, id) in &named {
        options.push((name.as_str(), d.chart(id).title.as_str()));
    }
    let table = ctx.choice(
        "table",
        "Which defence table? 'auto' picks it from the situation.",
        &options,
    )?;
    let chart_id: String = if table == "auto" {
        let yard_line = ctx.number(
            "yard-line",
            "Yards your offence needs to score (1-99)?",
            1,
            99,
        )?;
        if yard_line <= d.limits.goal_line {
            ctx.note(format!(
                "within the {} ({yard_line} yards to score): goal line table",
                d.limits.goal_line
            ));
            "def-goal-line".into()
        } else {
            // With 2 minutes or less to go the lead decides nothing, so it is not asked.
            let prevent = if ctx.yes_no("two-minutes", "Are there 2 minutes or less to go?")? {
                Some("2 minutes to go: prevent table".to_string())
            } else {
                let lead = ctx.number(
                    "lead",
                    "The AI's lead in points (negative when it trails)?",
                    -200,
                    200,
                )?;
                (lead >= d.limits.prevent_lead)
                    .then(|| format!("AI leads by {lead} (21 or more): prevent table"))
            };
            if let Some(why) = prevent {
                ctx.note(why);
                "def-prevent".into()
            } else {
                let down = ctx.number("down", "Down (1-4)?", 1, 4)?;
                let to_go = ctx.number("to-go", "Yards to go for a first down?", 1, 99)?;
                let id = defense_table_for(down, to_go).ok_or_else(|| {
                    let covered: Vec<String> = d
                        .def_situation
                        .iter()
                        .map(|s| d.chart(&s.chart).title.clone())
                        .collect();
                    ctx.invalid(
                        "to-go",
                        format!(
                            "the third edition has no defence table for down {down} and {to_go} to go; it has {} \
                             (plus prevent and goal line): name one of them as the table instead of auto",
                            covered.join(", ")
                        ),
                    )
                })?;
                id.to_string()
            }
        }
    } else {
        format!("def-{table}")
    };
    let c = d.chart(&chart_id);
    let roll = ctx.die(
        "roll",
        "red + green",
        d.dice.defense_min,
        d.dice.defense_max,
    )?;
    if ctx.was_rolled("roll") {
        ctx.note("stand-in roll: the source does not give the dice's faces, so 1-5 were drawn with equal chances");
    }
    let cell = c.expect_cell(&roll.to_string(), "defense");
    ctx.lookup(&c.title, roll.to_string(), None, cell);
    let letter = cell.strip_prefix("Def ").unwrap_or(cell);
    ctx.done(
        format!("defense: {letter}"),
        fields([
            ("table", json!(chart_id.trim_start_matches("def-"))),
            ("roll", json!(roll)),
            ("defense", json!(letter)),
        ]),
    )
}

fn offense(ctx: &mut Ctx) -> Flow<Outcome> {
    let down = ctx.number("down", "Down (1-4)?", 1, 4)?;
    let to_go = ctx.number("to-go", "Yards to go for a first down?", 1, 99)?;
    let rows = offense_rows();
    let (_, _, row) = rows
        .iter()
        .find(|(d, s, _)| *d == down && s.contains(to_go))
        .ok_or_else(|| {
            ctx.invalid(
                "to-go",
                format!("no offence row for down {down} and {to_go} to go"),
            )
        })?;
    let c = data().chart("offense");
    let d20 = ctx.die("d20", "d20", 1, 20)?;
    let cell = c.expect_cell(&row.label, &d20.to_string());
    let row_name = format!("down {down}, {}", row.label);
    ctx.lookup(&c.title, &row_name, Some(&d20.to_string()), cell);
    ctx.note("the source does not say what the letters stand for");
    ctx.done(
        format!("offense: {cell}"),
        fields([
            ("row", json!(row_name)),
            ("d20", json!(d20)),
            ("result", json!(cell)),
        ]),
    )
}

/// The procedures of the third edition tables.
pub static PROCEDURES: &[Procedure] = &[
    Procedure {
        id: "defense",
        title: "AI defence (red + green dice)",
        about: "Picks the table (goal line, prevent, down and distance) and reads the dice.",
        params: &[
            Param::choice_or(
                "table",
                &[
                    "auto",
                    "1st-10",
                    "2nd-1-4",
                    "2nd-5-10",
                    "3rd-1-3",
                    "3rd-4-10",
                    "prevent",
                    "goal-line",
                ],
                "auto",
                "the table to read; auto picks it from the situation",
            ),
            Param::number("yard-line", "yards your offence needs to score, 1-99"),
            Param::flag("two-minutes", "2 minutes or less to go").situation(),
            Param::number("lead", "the AI's lead in points (negative when it trails)")
                .situation()
                .within(-200, 200),
            Param::number("down", "the down, 1-4"),
            Param::number("to-go", "yards to go, 1-99"),
            Param::die(
                "roll",
                "the red + green total (1-5); a uniform stand-in is drawn if left out",
            ),
        ],
        run: defense,
    },
    Procedure {
        id: "offense",
        title: "AI offence (d20)",
        about: "Reads the d20 on the row for the down and the yards to go.",
        params: &[
            Param::number("down", "the down, 1-4"),
            Param::number("to-go", "yards to go, 1-99"),
            Param::die("d20", "your d20 (1-20); rolled if left out"),
        ],
        run: offense,
    },
];

#[cfg(test)]
mod tests;
