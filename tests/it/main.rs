//! The one integration-test binary: each module covers one area; `helpers` holds shared tools.

mod helpers;
mod league;
mod engine;
mod log_check;
mod alloc;
mod e2e;
mod tui;
mod charts;
mod cli;
mod ai;
