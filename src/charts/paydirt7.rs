//! Paydirt, Solitaire System VII: the embedded charts (`data/charts/paydirt-vii.toml`) and the
//! AI's calls - offence (situation, play-type d10, play d20 with the inside-the-20 column and
//! razzle-dazzle), defence (situation or crunch column, blitz marks, E to D inside the 20) and
//! the ahead/behind status. Every number is read from the data file.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use super::data::{embedded_data, parse_modifier, parse_span, Chart, Common};
use super::walk::{Answer, Ctx, Flow, Outcome, Param, Procedure};
use super::{fields, SystemDef};

/// The system's id.
pub const SYSTEM_ID: &str = "paydirt-vii";

/// The text of the data file.
pub const SOURCE: &str = include_str!("../../data/charts/paydirt-vii.toml");

/// Numbers the source states in prose.
#[derive(Debug, Clone, Deserialize)]
pub struct Limits {
    pub l2_bonus: i64,
    pub off_play_max_bonus: i64,
    pub inside: i64,
    pub crunch: i64,
    pub e_to_d: i64,
}

/// The parsed data file.
#[derive(Debug, Clone, Deserialize)]
pub struct Data {
    #[serde(flatten)]
    pub common: Common,
    pub limits: Limits,
    pub play_names: BTreeMap<String, String>,
}

embedded_data!("paydirt-vii.toml");

impl super::data::Checked for Data {
    fn check(&self) -> Result<(), super::data::DataError> {
        Ok(())
    }
}

/// The system entry for the registry.
pub fn system() -> SystemDef {
    SystemDef::new(&data().common, PROCEDURES)
}

/// The score situation the ahead/behind rules use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Behind,
    Level,
    Ahead,
}

impl Score {
    fn column(self) -> Option<&'static str> {
        match self {
            Score::Behind => Some("behind"),
            Score::Ahead => Some("ahead"),
            Score::Level => None,
        }
    }
}

/// The situation letter (AA, A, B, C) for a down and yards to go, from the DOWN-YARDAGE chart.
pub fn situation(down: i64, to_go: i64) -> Option<&'static str> {
    let c = data().chart("down-yardage");
    let col = c.column_index(&down.to_string())?;
    c.rows
        .iter()
        .find(|r| parse_span(&r.cells[col]).is_some_and(|s| s.contains(to_go)))
        .map(|r| r.label.as_str())
}

/// The ahead/behind modifier for one roll (a row of the `ahead-behind` chart).
pub fn score_modifier(roll: &str, score: Score) -> i64 {
    match score.column() {
        None => 0,
        Some(col) => {
            let cell = data().chart("ahead-behind").expect_cell(roll, col);
            parse_modifier(cell).unwrap_or_else(|| panic!("bad modifier `{cell}` in ahead-behind"))
        }
    }
}

/// Highest numeric row label of a chart.
fn last_row(c: &Chart) -> i64 {
    c.rows
        .iter()
        .filter_map(|r| r.label.parse::<i64>().ok())
        .max()
        .unwrap_or(1)
}

/// First row where a column has an entry (the inside-the-20 column starts at 15).
fn first_filled_row(c: &Chart, column: &str) -> i64 {
    let i = c.column_index(column).expect("column exists");
    c.rows
        .iter()
        .find(|r| !r.cells[i].is_empty())
        .and_then(|r| r.label.parse().ok())
        .expect("column has entries")
}

fn ask_situation(ctx: &mut Ctx, yard_prompt: &str) -> Flow<(i64, i64, i64, &'static str)> {
    ctx.at("down and yardage");
    let down = ctx.number("down", "Down (1-4)?", 1, 4)?;
    let to_go = ctx.number("to-go", "Yards to go for a first down?", 1, 99)?;
    let yard_line = ctx.number("yard-line", yard_prompt, 1, 99)?;
    ctx.fact(
        "situation",
        format!("down {down}, {to_go} to go, {yard_line} yards to score"),
    );
    if to_go > yard_line {
        ctx.note("the yards to go exceed the distance to the goal line; the chart is read with the yards to go as given");
    }
    let sit = situation(down, to_go).ok_or_else(|| {
        ctx.invalid(
            "to-go",
            format!("the DOWN-YARDAGE chart has no entry for down {down} and {to_go} to go"),
        )
    })?;
    let c = data().chart("down-yardage");
    let cell = c.expect_cell(sit, &down.to_string());
    ctx.lookup(
        &c.title,
        sit,
        Some(&format!("down {down}")),
        format!("{sit} ({to_go} to go is in {cell})"),
    );
    Ok((down, to_go, yard_line, sit))
}

fn ask_score(ctx: &mut Ctx) -> Flow<Score> {
    ctx.at("the score");
    if ctx.yes_no(
        "behind",
        "Is the AI behind? (Second half only; the `status` procedure works it out.)",
    )? {
        ctx.fact("score", "the AI is behind");
        return Ok(Score::Behind);
    }
    if ctx.yes_no("ahead", "Is the AI ahead?")? {
        ctx.fact("score", "the AI is ahead");
        return Ok(Score::Ahead);
    }
    Ok(Score::Level)
}

/// Strips the team-play parentheses and the blitz mark: "(SD)" -> "SD", "B#" -> "B".
fn bare(cell: &str) -> &str {
    cell.trim_end_matches('#')
        .trim_start_matches('(')
        .trim_end_matches(')')
}

fn offense(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    let (_, _, yard_line, sit) =
        ask_situation(ctx, "Yards the AI's offence still needs to score (1-99)?")?;
    let score = ask_score(ctx)?;

    // Play type: d10 (+1 when behind), read under the situation letter.
    let type_chart = d.chart("off-play-type");
    ctx.at("play type (d10)");
    let m = score_modifier("OFF. PLAY-TYPE d10", score);
    let d10 = ctx.roll_modified(
        "d10",
        "d10",
        (1, 10),
        &[(m, "AI behind")],
        Some((1, last_row(type_chart))),
    )?;
    let code = ctx.read(type_chart, &d10.row.to_string(), sit);
    let d10 = d10.roll;
    let long = code.starts_with('L');
    let play_type = if long { "long" } else { "short" };

    // Play: d20 with the score modifier and L2, +2 at most in all.
    let play_chart = d.chart("off-play");
    ctx.at("the play (d20)");
    let d20 = ctx.die("d20", "d20", 1, 20)?;
    let mut mods: Vec<(i64, &str)> = Vec::new();
    let sm = score_modifier("OFF. PLAY d20", score);
    if sm != 0 {
        mods.push((
            sm,
            if score == Score::Behind {
                "AI behind"
            } else {
                "AI ahead"
            },
        ));
    }
    if code == "L2" {
        mods.push((d.limits.l2_bonus, "L2"));
    }
    let mut added = 0;
    for (amount, why) in mods {
        let before = added;
        added = if amount > 0 {
            (added + amount).min(d.limits.off_play_max_bonus.max(before))
        } else {
            added + amount
        };
        let effective = added - before;
        if effective != amount {
            ctx.note(format!(
                "{why}: {amount:+} not added in full - at most +{} can be added to this d20",
                d.limits.off_play_max_bonus
            ));
        }
        if effective != 0 {
            ctx.modifier("d20", effective, why, d20 + added);
        }
    }
    let modified = d20 + added;
    let max_row = last_row(play_chart);
    let row = modified.clamp(1, max_row);
    if row != modified {
        ctx.note(format!("{modified} is off the chart: read row {row}"));
    }
    let inside_col = &play_chart.columns[2];
    let inside_from = first_filled_row(play_chart, inside_col);
    let column: &str = if !long {
        &play_chart.columns[0]
    } else if yard_line <= d.limits.inside && row >= inside_from {
        ctx.note(format!(
            "the AI is within your {} ({yard_line} yards to score): long rolls of {inside_from}+ use the {inside_col} column",
            d.limits.inside
        ));
        inside_col
    } else {
        &play_chart.columns[1]
    };
    let cell = ctx.read(play_chart, &row.to_string(), column);
    let play = d
        .play_names
        .get(cell)
        .unwrap_or_else(|| panic!("no play name for `{cell}`"))
        .clone();
    if play == "razzle-dazzle" {
        ctx.note("razzle-dazzle: see the Paydirt rules");
    }
    ctx.done(
        format!("play: {play}"),
        fields([
            ("situation", json!(sit)),
            ("play_type", json!(play_type)),
            ("d10", json!(d10)),
            ("d20", json!(d20)),
            ("modified_d20", json!(modified)),
            ("play", json!(play)),
        ]),
    )
}

fn defense(ctx: &mut Ctx) -> Flow<Outcome> {
    let d = data();
    let (_, _, yard_line, sit) = ask_situation(
        ctx,
        "Yards your offence needs to score, from the AI defence's side (1-99)?",
    )?;
    let def_chart = d.chart("def-play");
    let crunch = yard_line <= d.limits.crunch;
    let column: &str = if crunch {
        ctx.note(format!(
            "the ball is within the AI's {} ({yard_line} yards to score): crunch column, the situation is not used",
            d.limits.crunch
        ));
        def_chart.columns.last().expect("crunch column")
    } else {
        sit
    };
    let score = ask_score(ctx)?;
    ctx.at("the defence (d20)");
    let d20 = ctx.die("d20", "d20", 1, 20)?;
    let m = score_modifier("DEF. PLAY d20", score);
    let modified = d20 + m;
    if m != 0 {
        ctx.modifier(
            "d20",
            m,
            if score == Score::Behind {
                "AI behind"
            } else {
                "AI ahead"
            },
            modified,
        );
    }
    let last = last_row(def_chart);
    let row_label = if modified > last {
        def_chart.rows.last().expect("rows").label.clone()
    } else {
        let r = modified.max(1);
        if r != modified {
            ctx.note(format!("{modified} is off the chart: read row {r}"));
        }
        r.to_string()
    };
    let cell = ctx.read(def_chart, &row_label, column);
    let mut call = bare(cell).to_string();
    if cell.ends_with('#') {
        let yes = ctx.yes_no(
            "blitz",
            format!("{cell} carries the blitz mark (#). Is the team's blitz rating YES?"),
        )?;
        if yes {
            ctx.note(format!(
                "blitz mark and blitz rating YES: blitz instead of {}",
                bare(cell)
            ));
            call = "blitz".into();
        } else {
            ctx.note("blitz mark, but the blitz rating is NO: the listed defence stands");
        }
    }
    if call == "E" && yard_line <= d.limits.e_to_d {
        ctx.note(format!(
            "within the AI's own {} ({yard_line} yards to score): E becomes D",
            d.limits.e_to_d
        ));
        call = "D".into();
    }
    let column_out = if crunch {
        "crunch".to_string()
    } else {
        sit.to_string()
    };
    ctx.done(
        format!("defense: {call}"),
        fields([
            ("situation", json!(sit)),
            ("column", json!(column_out)),
            ("d20", json!(d20)),
            ("modified_d20", json!(modified)),
            ("defense", json!(call)),
        ]),
    )
}

const TIMES: &[(&str, &str)] = &[
    ("first-half", "first half"),
    ("3rd-early", "3rd period, before midway"),
    ("3rd-late", "3rd period, from midway"),
    ("4th-early", "4th period, from the start to midway"),
    ("4th-late", "4th period, from midway"),
];

/// Row of the `ahead-behind-when` chart in force at a time of the game, if any.
fn when_row(time: &str) -> Option<usize> {
    match time {
        "3rd-late" => Some(0),
        "4th-early" => Some(1),
        "4th-late" => Some(2),
        _ => None,
    }
}

fn status(ctx: &mut Ctx) -> Flow<Outcome> {
    let time = ctx.choice("time", "When in the game is it?", TIMES)?;
    let margin = ctx.number("margin", "The AI's score minus yours?", -200, 200)?;
    let c = data().chart("ahead-behind-when");
    let (status, threshold) = match when_row(&time) {
        None => {
            ctx.note("before the middle of the 3rd period the score does not change the calls");
            ("neither", None)
        }
        Some(i) => {
            let row = &c.rows[i];
            let cell = &row.cells[0];
            let need: i64 = if cell == "anything" {
                1
            } else {
                cell.parse().expect("margin in ahead-behind-when")
            };
            ctx.lookup(&c.title, &row.label, None, format!("a margin of {cell}"));
            let s = if margin <= -need {
                "behind"
            } else if margin >= need {
                "ahead"
            } else {
                "neither"
            };
            (s, Some(need))
        }
    };
    let given = vec![
        ("behind".to_string(), Answer::Bool(status == "behind")),
        ("ahead".to_string(), Answer::Bool(status == "ahead")),
    ];
    let result = format!(
        "the AI is {}",
        if status == "neither" {
            "neither ahead nor behind"
        } else {
            status
        }
    );
    for (id, a) in &given {
        ctx.result_fact(id, a.clone());
    }
    for next in ["offense", "defense"] {
        ctx.lead_to(next, given.clone(), result.clone());
    }
    ctx.done(
        result,
        fields([
            ("status", json!(status)),
            ("margin", json!(margin)),
            ("threshold", json!(threshold)),
        ]),
    )
}

/// A table session's facts after `id` was changed by hand: a new `time` or `margin` works
/// `behind` and `ahead` out again as `status` does, from both (the source's margins for the
/// time of the game); with either one forgotten, `behind` and `ahead` are forgotten too, to be
/// asked, rather than kept from a time or score that no longer holds.
pub fn restate(id: &str, facts: &mut BTreeMap<String, Answer>) {
    if id != "time" && id != "margin" {
        return;
    }
    let p = PROCEDURES
        .iter()
        .find(|p| p.id == "status")
        .expect("the status procedure");
    let worked_out = super::walk::drive_with(p, |q| {
        facts.get(&q.id).cloned().ok_or(super::walk::WalkError {
            id: q.id.clone(),
            message: "not kept".into(),
        })
    });
    for fact in ["behind", "ahead"] {
        facts.remove(fact);
    }
    if let Ok(outcome) = worked_out {
        facts.extend(outcome.updates);
    }
}

/// Whether a table session's kept `behind` or `ahead` is to be asked again rather than taken:
/// one kept while the time of the game is one at which the score does not change the calls
/// yet (the first half, the 3rd period before midway) holds only until that time passes,
/// which the session cannot see: half time may have come since. The session offers its last
/// answer instead (the command line names it, the terminal takes it with `[Enter]`).
pub fn asked_again(id: &str, facts: &BTreeMap<String, Answer>) -> bool {
    (id == "behind" || id == "ahead")
        && matches!(facts.get("time"), Some(Answer::Choice(t)) if when_row(t).is_none())
}

const SCORE_PARAMS: [Param; 2] = [
    Param::flag_excl("behind", "the AI is behind (second half)", &["ahead"]).situation(),
    Param::flag_excl("ahead", "the AI is ahead (second half)", &["behind"]).situation(),
];

/// The procedures of Solitaire System VII.
pub static PROCEDURES: &[Procedure] = &[
    Procedure {
        id: "offense",
        title: "AI offence: play call",
        about: "The AI has the ball: situation, play-type d10, play d20.",
        params: &[
            Param::number("down", "the down, 1-4"),
            Param::number("to-go", "yards to go for a first down, 1-99"),
            Param::number(
                "yard-line",
                "yards the AI's offence still needs to score, 1-99",
            ),
            SCORE_PARAMS[0],
            SCORE_PARAMS[1],
            Param::die(
                "d10",
                "your d10 for the play type (1-10); rolled if left out",
            ),
            Param::die("d20", "your d20 for the play (1-20); rolled if left out"),
        ],
        run: offense,
    },
    Procedure {
        id: "defense",
        title: "AI defence: defensive call",
        about: "You have the ball: situation (or crunch), d20 on the defensive play chart.",
        params: &[
            Param::number("down", "the down, 1-4"),
            Param::number("to-go", "yards to go for a first down, 1-99"),
            Param::number(
                "yard-line",
                "yards your offence needs to score (the AI defence's side), 1-99",
            ),
            Param::flag("blitz", "the AI team's blitz rating is YES").standing(),
            SCORE_PARAMS[0],
            SCORE_PARAMS[1],
            Param::die("d20", "your d20 (1-20); rolled if left out"),
        ],
        run: defense,
    },
    Procedure {
        id: "status",
        title: "Is the AI ahead or behind?",
        about: "Applies the second-half margins to the time and the score.",
        params: &[
            Param::choice(
                "time",
                &[
                    "first-half",
                    "3rd-early",
                    "3rd-late",
                    "4th-early",
                    "4th-late",
                ],
                "when in the game it is",
            )
            .situation()
            .asked_each_call()
            .meaning(TIMES),
            Param::number("margin", "the AI's score minus yours")
                .situation()
                .asked_each_call()
                .within(-200, 200),
        ],
        run: status,
    },
];

#[cfg(test)]
mod tests;
