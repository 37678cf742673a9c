//! Solo-bot charts of other board games (Paydirt, Breakaway Football, Twilight Struggle,
//! Undaunted: Normandy): the charts as data, and procedures that look up, walk and roll them.
//!
//! This module stands apart from the cricket code: nothing here uses the engine or the league.

pub mod cli;
