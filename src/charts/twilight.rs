//! Twilight Struggle solitaire AI: the embedded charts (`data/charts/twilight-struggle.toml`)
//! and the procedures - the action-round priority walk (Γ, Δ, steps 1-9 with their
//! conditions and die rolls), the step 9 region roll, the timing roll for your events, and the
//! end-of-turn discard. Step order, step sets, die ranges, regions and coup levels come from
//! the data file; the conditions are asked as questions.
//!
//! Here: the data and the regions. The action round is in `action` (its steps in order),
//! `coups` (Death Squads, coup levels, steps 4 and 6) and `last_steps` (8 and 9); an event's
//! own coup, realignment or influence in `events`; the table rules (the 9B draw, ties, cards
//! taken, flipped) in `table_rules`; the small rolls in `rolls`; the flags in `procedures`.

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

mod action;
mod coups;
mod last_steps;
mod procedures;
mod rolls;

use action::*;
pub use coups::coup_ops;
use coups::*;
use last_steps::*;
pub use procedures::procedures;
pub use rolls::DISCARD_IDS;
use rolls::*;

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
