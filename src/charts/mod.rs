//! Solo-bot charts of other board games (Paydirt, Breakaway Football, Twilight Struggle,
//! Undaunted: Normandy): the charts as data, and procedures that look up, walk and roll them.
//!
//! This module stands apart from the cricket code: nothing here uses the engine or the league.
//!
//! - [`data`]: the chart/rule data model every system's embedded TOML file uses.
//! - [`table`]: renders a chart as a text table.
//! - [`walk`]: the procedure engine - questions, answers, back/restart, dice, the path.
//! - one module per system ([`paydirt7`], [`paydirt3`], [`breakaway`], [`twilight`],
//!   [`undaunted`]): its data file, and its procedures written against [`walk`].
//! - [`cards`]: the cards a system's source describes, looked up by name or number.
//!
//! The command line (`accc charts ...`) is the command line's, in `crate::cli::charts`, on
//! this module's public API.

pub mod breakaway;
pub mod cards;
pub mod data;
pub mod paydirt3;
pub mod paydirt7;
pub mod session;
pub mod table;
pub mod twilight;
pub mod undaunted;
pub mod walk;

use std::sync::OnceLock;

use data::{Chart, Meta, Rule, Unclear};
use walk::Procedure;

/// One system: its metadata, charts, rules, open questions and procedures.
#[derive(Debug)]
pub struct SystemDef {
    pub meta: Meta,
    pub charts: Vec<Chart>,
    pub rules: Vec<Rule>,
    pub unclear: Vec<Unclear>,
    pub procedures: &'static [Procedure],
}

impl SystemDef {
    /// The registry entry for a system: what its data file holds, with its procedures.
    pub fn new(common: &data::Common, procedures: &'static [Procedure]) -> SystemDef {
        SystemDef {
            meta: common.system.clone(),
            charts: common.charts.clone(),
            rules: common.rules.clone(),
            unclear: common.unclear.clone(),
            procedures,
        }
    }

    /// A chart by id.
    pub fn chart(&self, id: &str) -> Option<&Chart> {
        self.charts.iter().find(|c| c.id.eq_ignore_ascii_case(id))
    }

    /// A procedure by id.
    pub fn procedure(&self, id: &str) -> Option<&'static Procedure> {
        self.procedures
            .iter()
            .find(|p| p.id.eq_ignore_ascii_case(id))
    }
}

/// Every system, in display order.
pub fn systems() -> &'static [SystemDef] {
    static SYSTEMS: OnceLock<Vec<SystemDef>> = OnceLock::new();
    SYSTEMS.get_or_init(|| {
        vec![
            paydirt7::system(),
            paydirt3::system(),
            breakaway::system(),
            twilight::system(),
            undaunted::system(),
        ]
    })
}

/// A system by id (case-insensitive).
pub fn system(id: &str) -> Option<&'static SystemDef> {
    systems()
        .iter()
        .find(|s| s.meta.id.eq_ignore_ascii_case(id))
}

/// The ids of every system, for error messages.
pub fn system_ids() -> Vec<&'static str> {
    systems().iter().map(|s| s.meta.id.as_str()).collect()
}

/// Builds a JSON object from (name, value) pairs.
pub(crate) fn fields<const N: usize>(
    pairs: [(&str, serde_json::Value); N],
) -> serde_json::Map<String, serde_json::Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}
