//! The one integration-test binary: each module covers one area; `helpers` holds shared tools.

mod ai;
mod alloc;
mod almanack;
mod charts;
mod cli;
mod e2e;
mod engine;
mod files;
mod formats;
mod helpers;
mod history;
mod league;
mod log_check;
mod pictures;
mod save_fixtures;
mod tui;
mod views;
