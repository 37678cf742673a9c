//! The one integration-test binary: each module covers one area; `helpers` holds shared tools.

#![allow(
    clippy::unwrap_used,
    reason = "an unwrap in a test or its helpers is an assertion: it fails the test"
)]
#![allow(
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "the figures tests read back (pixels, dice, counts) are small and checked after"
)]

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
