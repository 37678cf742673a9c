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

/// The system entry for the registry.
pub fn system() -> SystemDef {
    data().common.system_def(PROCEDURES)
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
            let two = ctx.yes_no("two-minutes", "Are there 2 minutes or less to go?")?;
            let lead = ctx.number(
                "lead",
                "The AI's lead in points (negative when it trails)?",
                -200,
                200,
            )?;
            if two || lead >= d.limits.prevent_lead {
                ctx.note(if two {
                    "2 minutes to go: prevent table".to_string()
                } else {
                    format!("AI leads by {lead} (21 or more): prevent table")
                });
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
                             (plus prevent and goal line) - choose one with --table",
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
            Param::flag("two-minutes", "2 minutes or less to go"),
            Param::number_or(
                "lead",
                0,
                "the AI's lead in points (negative when it trails)",
            ),
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
mod tests {
    use super::*;
    use crate::charts::walk::answers::{die, n};
    use crate::charts::walk::{call_for_test, Answer, Kind, WalkError};

    fn call(id: &str, answers: &[(&str, Answer)]) -> Result<Outcome, WalkError> {
        call_for_test(PROCEDURES, id, answers, |q| match q.kind {
            Kind::YesNo => Some(Answer::Bool(false)),
            _ if q.id == "table" => Some(Answer::Choice("auto".into())),
            _ if q.id == "lead" => Some(Answer::Number(0)),
            _ => None,
        })
    }

    fn table_of(a: &[(&str, Answer)]) -> String {
        call("defense", a).unwrap().fields["table"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn defence_table_precedence() {
        // Goal line beats prevent; prevent beats down and distance.
        let gl = [
            ("yard-line", n(5)),
            ("two-minutes", Answer::Bool(true)),
            ("roll", die(1)),
        ];
        assert_eq!(table_of(&gl), "goal-line");
        let pv = [
            ("yard-line", n(6)),
            ("two-minutes", Answer::Bool(true)),
            ("roll", die(1)),
        ];
        assert_eq!(table_of(&pv), "prevent");
        let lead = [("yard-line", n(40)), ("lead", n(21)), ("roll", die(1))];
        assert_eq!(table_of(&lead), "prevent");
        let lead20 = [
            ("yard-line", n(40)),
            ("lead", n(20)),
            ("down", n(1)),
            ("to-go", n(10)),
            ("roll", die(1)),
        ];
        assert_eq!(table_of(&lead20), "1st-10");
        for (down, to_go, t) in [
            (2, 4, "2nd-1-4"),
            (2, 5, "2nd-5-10"),
            (3, 3, "3rd-1-3"),
            (3, 10, "3rd-4-10"),
        ] {
            let a = [
                ("yard-line", n(40)),
                ("down", n(down)),
                ("to-go", n(to_go)),
                ("roll", die(2)),
            ];
            assert_eq!(table_of(&a), t);
        }
    }

    #[test]
    fn uncovered_situations_are_refused_with_the_list() {
        let a = [
            ("yard-line", n(40)),
            ("down", n(4)),
            ("to-go", n(2)),
            ("roll", die(1)),
        ];
        let e = call("defense", &a).unwrap_err();
        assert_eq!(e.id, "to-go");
        assert!(e.message.contains("2nd and 1-4 yards"), "{}", e.message);
        assert!(call(
            "defense",
            &[
                ("yard-line", n(40)),
                ("down", n(1)),
                ("to-go", n(9)),
                ("roll", die(1))
            ]
        )
        .is_err());
        // An explicit table always works.
        let o = call(
            "defense",
            &[
                ("table", Answer::Choice("3rd-4-10".into())),
                ("roll", die(4)),
            ],
        )
        .unwrap();
        assert_eq!(o.fields["defense"], "E");
    }

    #[test]
    fn defence_reads_the_roll() {
        let o = call("defense", &[("yard-line", n(3)), ("roll", die(5))]).unwrap();
        assert_eq!(o.fields["defense"], "D");
        assert!(
            call("defense", &[("yard-line", n(3)), ("roll", die(6))]).is_err(),
            "rolls run 1-5"
        );
    }

    #[test]
    fn offence_rows_cover_every_down_and_distance_once() {
        let rows = offense_rows();
        assert_eq!(rows.len(), 12);
        for down in 1..=4 {
            for to_go in 1..=99 {
                let hits = rows
                    .iter()
                    .filter(|(d, s, _)| *d == down && s.contains(to_go))
                    .count();
                assert_eq!(hits, 1, "down {down}, {to_go}");
            }
        }
        let o = call(
            "offense",
            &[("down", n(3)), ("to-go", n(9)), ("d20", die(6))],
        )
        .unwrap();
        assert_eq!(o.fields["result"], "C");
        assert_eq!(o.fields["row"], "down 3, > 8");
        let o = call(
            "offense",
            &[("down", n(1)), ("to-go", n(6)), ("d20", die(2))],
        )
        .unwrap();
        assert_eq!(o.fields["result"], "B");
        let o = call(
            "offense",
            &[("down", n(1)), ("to-go", n(7)), ("d20", die(2))],
        )
        .unwrap();
        assert_eq!(o.fields["result"], "A");
    }
}
