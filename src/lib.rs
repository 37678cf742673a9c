//! ACCC: Armchair Cricket County Championship.
//!
//! Code map (see `ARCHITECTURE.md` for the invariants):
//! - [`cards`]: the 110-card double pack, hands and piles.
//! - [`engine`]: the rules as a state machine; no IO, no terminal.
//! - [`ai`]: computer players behind the engine's `Player` trait.
//! - [`charts`]: other games' solo charts, apart from the cricket code.
//! - [`cli`]: the headless commands; `main.rs` only maps their errors to exit codes.

pub mod ai;
pub mod almanack;
pub mod ball_log;
pub mod cards;
pub mod charts;
pub mod cli;
pub mod counties;
pub mod engine;
pub mod error;
pub mod history;
pub mod league;
pub mod live;
pub mod play;
pub mod save;
pub mod scorecard;
pub mod seed;
pub mod store;
pub mod text;
pub mod tui;
pub mod views;
