//! The one integration-test binary: each module covers one area; `helpers` holds shared tools.

mod ai;
mod alloc;
mod almanack;
mod architecture;
mod charts;
mod cli;
mod conventions;
mod e2e;
mod edges;
mod engine;
mod files;
mod formats;
mod friend;
mod helpers;
mod history;
mod league;
mod log_check;
mod net;
mod pictures;
mod save_fixtures;
mod tui;
mod views;
