//! The solo charts of other games: every table cell and stated number checked against the seed
//! texts (parsed here independently of the program), the Paydirt calls checked against an
//! independent reading of the seed tables through the `call` command path, the prose checked
//! for copied sentences, every procedure's questions checked against its flags, every
//! procedure's answers over seeded walks pinned whole (`every_path`), and the
//! command line (list, show, call, walk, errors) run as a process.
//!
//! The seeds are read from `../shared/seeds/` beside the repository. A clone with nothing beside
//! it has no such folder: the checks against the seeds then say so on standard error and pass
//! without checking (everything else here still runs). Where the folder exists, a missing seed
//! file fails the test.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::Stdio;

use accc::charts::data::Chart;
use accc::charts::walk::{Answer, Kind, ParamKind, State, Walk};
use accc::charts::{breakaway, paydirt3, paydirt7, systems, twilight, undaunted};
use accc::cli::charts as cli;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::helpers::accc;

/// A first-half Paydirt VII status call, level: the simplest call that writes a session (with
/// `--session NAME` after it) or leads on (with `--then`).
const FIRST_HALF_STATUS: &[&str] = &[
    "charts",
    "call",
    "paydirt-vii",
    "status",
    "--time",
    "first-half",
    "--margin",
    "0",
];

const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seeds/");

/// Whether the source documents sit beside the repository (CI keeps `../shared/` there).
fn seeds_present() -> bool {
    std::path::Path::new(SEEDS).is_dir()
}

/// Opens a check against the source documents: where they are absent, says so and passes
/// (and fails under CI, where they lie beside the clone: `helpers::cannot_check`).
macro_rules! need_seeds {
    () => {
        if !seeds_present() {
            crate::helpers::cannot_check(
                "a check against the source documents",
                &format!("{SEEDS} is absent"),
            );
            return;
        }
    };
}

fn seed(name: &str) -> String {
    let path = format!("{SEEDS}{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("seed file {path} is required by the chart tests (CI keeps ../shared/ beside the clone): {e}")
    })
}

fn paydirt_seed() -> String {
    seed("000_8580a9f1ab2f285e.txt")
}
fn breakaway_seed() -> String {
    seed("001_ef95b3a76f5b406e.txt")
}
fn twilight_seed() -> String {
    seed("002_4e110c941b7bd8fb.txt")
}
fn undaunted_seed() -> String {
    seed("004_972bded5b8982242.txt")
}

/// Collapses all whitespace runs to single spaces.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn line_index(lines: &[&str], title: &str) -> usize {
    lines
        .iter()
        .position(|l| l.trim() == title)
        .unwrap_or_else(|| panic!("seed has no line '{title}'"))
}

fn cells_of(chart: &Chart) -> Vec<(String, Vec<String>)> {
    chart
        .rows
        .iter()
        .map(|r| (r.label.clone(), r.cells.clone()))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Independent seed parsers for Paydirt VII.

/// Splits a line on runs of two or more spaces, turning ditto marks (`"   "`) into `"`.
fn split_wide(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut s = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            if j < chars.len() && chars[j] == '"' {
                s.push('"');
                i = j + 1;
                continue;
            }
        }
        s.push(chars[i]);
        i += 1;
    }
    s.split("  ")
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(str::to_string)
        .collect()
}

/// The seed's whitespace-separated table under `title`: (header, rows of tokens).
fn simple_table(text: &str, title: &str, rows: usize) -> (Vec<String>, Vec<Vec<String>>) {
    let lines: Vec<&str> = text.lines().collect();
    let start = line_index(&lines, title);
    let mut body = lines[start + 1..].iter().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = body
        .next()
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let rows: Vec<Vec<String>> = body
        .take(rows)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    (header, rows)
}

/// A call's JSON; yes/no questions the arguments leave open are answered no (`--others-no`).
fn call_json(system: &str, procedure: &str, args: &[String]) -> Value {
    let args = [args, &["--others-no".to_string()]].concat();
    let out = cli::call_text(Some(system), Some(procedure), &args)
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"))
}

/// A call's JSON without its `rolls` (the dice as rolled or given, checked in `defects.rs`),
/// for comparing a result with a table read from the source.
fn without_rolls(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("rolls");
    }
    v
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Runs `accc` with these arguments; a `charts call SYSTEM PROCEDURE` gets `--others-no`, so
/// yes/no questions the test leaves open are answered no ([`run_exact`] adds nothing).
fn run(list: &[&str]) -> (i32, String, String) {
    let is_call = list.len() >= 4
        && list[..2] == ["charts", "call"]
        && !list[2].starts_with('-')
        && !list[3].starts_with('-');
    if is_call {
        run_exact(&[list, &["--others-no"]].concat())
    } else {
        run_exact(list)
    }
}

/// Runs `accc` with exactly these arguments.
/// `accc charts walk ARGS` fed `input`: whether it succeeded, and what it printed.
fn walk_output(list: &[&str], input: &[u8]) -> (bool, String) {
    let mut child = accc()
        .args([&["charts", "walk"][..], list].concat())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
    )
}

fn run_exact(list: &[&str]) -> (i32, String, String) {
    let out = accc().args(list).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

mod breakaway_charts;
mod cards;
mod chains;
mod cli_runs;
mod defects;
mod every_path;
mod paydirt_charts;
mod prose;
mod session;
mod table_facts;
mod table_rules;
mod tui;
mod tui_session;
mod twilight_charts;
mod undaunted_charts;
mod unstated;
