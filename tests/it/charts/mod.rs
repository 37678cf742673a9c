//! The solo charts of other games: every table cell and stated number checked against the seed
//! texts (parsed here independently of the program), the Paydirt calls checked against an
//! independent reading of the seed tables through the `call` command path, the prose checked
//! for copied sentences, every procedure's questions checked against its flags, and the
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
use accc::charts::{breakaway, cli, paydirt3, paydirt7, systems, twilight, undaunted};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::helpers::accc;

const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seeds/");

/// Whether the source documents sit beside the repository (CI keeps `../shared/` there).
fn seeds_present() -> bool {
    std::path::Path::new(SEEDS).is_dir()
}

/// Opens a check against the source documents: where they are absent, says so and passes.
macro_rules! need_seeds {
    () => {
        if !seeds_present() {
            eprintln!("skipped: {SEEDS} is absent, so this check against the sources did not run");
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

struct SeedPaydirt {
    situation: Vec<(String, Vec<String>)>,
    play_type: Vec<Vec<String>>, // [d10-1][AA, A, B, C]
    play: Vec<[String; 3]>,      // [d20-1][SHORT, LONG, INSIDE]
    defense: Vec<Vec<String>>,   // [d20-1][AA, A, B, C, Crunch]
}

fn parse_paydirt_seed() -> SeedPaydirt {
    let text = paydirt_seed();
    let (_, dy) = simple_table(&text, "DOWN-YARDAGE", 4);
    let situation = dy
        .into_iter()
        .map(|r| (r[0].clone(), r[1..].to_vec()))
        .collect();
    let (_, pt) = simple_table(&text, "OFFENSIVE PLAY TYPE", 10);
    let play_type = pt.into_iter().map(|r| r[1..].to_vec()).collect();

    let lines: Vec<&str> = text.lines().collect();
    let start = line_index(&lines, "OFFENSIVE PLAY");
    let mut play: Vec<[String; 3]> = Vec::new();
    let mut prev = [String::new(), String::new(), String::new()];
    for line in lines[start + 1..]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .skip(1)
        .take(22)
    {
        let mut f = split_wide(line);
        f.retain(|x| !x.starts_with("INSIDE"));
        let row: usize = f[0].parse().unwrap();
        assert_eq!(row, play.len() + 1);
        let mut cur = [String::new(), String::new(), String::new()];
        for c in 0..3 {
            cur[c] = match f.get(c + 1) {
                Some(v) if v == "\"" => prev[c].clone(),
                Some(v) => v.clone(),
                None => String::new(),
            };
        }
        prev = cur.clone();
        play.push(cur);
    }
    let (_, def) = simple_table(&text, "DEFENSIVE PLAY", 21);
    let mut defense: Vec<Vec<String>> = Vec::new();
    for r in def {
        if r[0] == "21+" {
            assert_eq!(r[1..4], ["=", "same", "as"]);
            assert!(r[4].starts_with("20"));
            continue;
        }
        assert_eq!(r[0], (defense.len() + 1).to_string());
        defense.push(r[1..].to_vec());
    }
    SeedPaydirt {
        situation,
        play_type,
        play,
        defense,
    }
}

#[test]
fn paydirt_vii_tables_match_the_seed_cell_by_cell() {
    need_seeds!();
    let s = parse_paydirt_seed();
    let d = paydirt7::data();

    let dy = d.chart("down-yardage");
    assert_eq!(cells_of(dy), s.situation);
    let (header, _) = simple_table(&paydirt_seed(), "DOWN-YARDAGE", 4);
    assert_eq!(dy.columns, header);

    let pt = d.chart("off-play-type");
    let (header, _) = simple_table(&paydirt_seed(), "OFFENSIVE PLAY TYPE", 10);
    assert_eq!(header[0], pt.corner);
    assert_eq!(pt.columns, header[1..]);
    assert_eq!(pt.rows.len(), 10);
    for (i, row) in pt.rows.iter().enumerate() {
        assert_eq!(row.label, (i + 1).to_string());
        assert_eq!(row.cells, s.play_type[i], "play type row {}", i + 1);
    }

    let op = d.chart("off-play");
    assert_eq!(op.columns[..2], ["SHORT", "LONG"]);
    assert!(paydirt_seed().contains(&format!("{}:", op.columns[2])));
    assert_eq!(op.rows.len(), 22);
    for (i, row) in op.rows.iter().enumerate() {
        assert_eq!(row.label, (i + 1).to_string());
        assert_eq!(
            row.cells,
            s.play[i].to_vec(),
            "offensive play row {}",
            i + 1
        );
    }

    let dp = d.chart("def-play");
    let (header, _) = simple_table(&paydirt_seed(), "DEFENSIVE PLAY", 21);
    assert_eq!(dp.columns, header);
    assert_eq!(dp.rows.len(), 21);
    for (i, row) in dp.rows.iter().take(20).enumerate() {
        assert_eq!(row.label, (i + 1).to_string());
        assert_eq!(row.cells, s.defense[i], "defensive play row {}", i + 1);
    }
    let last = dp.rows.last().unwrap();
    assert_eq!(last.label, "21+");
    assert!(last.cells.iter().all(|c| c == "same as 20"));
}

#[test]
fn paydirt_vii_stated_numbers_match_the_seed() {
    need_seeds!();
    let text = flat(&paydirt_seed());
    let d = paydirt7::data();
    let l = &d.limits;
    assert!(text.contains(&format!("L2=add +{} do the 1d20 roll", l.l2_bonus)));
    assert!(text.contains(&format!(
        "do not do this--{} is the maximum that can be added",
        l.off_play_max_bonus
    )));
    assert!(text.contains(&format!("within the opponent's {} yard line", l.inside)));
    assert!(text.contains(&format!(
        "within the {} yard line of the AI's defense",
        l.crunch
    )));
    assert!(text.contains(&format!(
        "within their own {} yard line, they will use D instead of any E result",
        l.e_to_d
    )));
    assert!(text.contains(&format!(
        "inside the defense's {} yard line, use the far right column for LONG plays 15-22",
        l.inside
    )));

    // Team ratings: the yardage of short, medium and long.
    for row in &d.chart("team-ratings").rows {
        let phrase = format!("{} (to gain {} yards)", row.cells[0], row.cells[1]);
        assert!(text.contains(&phrase), "{phrase}");
    }

    // Ahead/behind modifiers: every stated line is in the chart, and nothing else is.
    let ab = d.chart("ahead-behind");
    let mut stated: BTreeMap<(String, String), String> = BTreeMap::new();
    let raw = paydirt_seed();
    for (who, head) in [
        (
            "behind",
            "When the AI is \"behind\", these alterations will apply:",
        ),
        (
            "ahead",
            "When the AI is \"ahead\", these alterations will apply:",
        ),
    ] {
        let lines: Vec<&str> = raw.lines().collect();
        let start = line_index(&lines, head);
        for line in lines[start + 1..]
            .iter()
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| !l.trim().is_empty())
        {
            // "+1 to the d10 roll on the OFF. PLAY-TYPE chart"
            let (amount, rest) = line.split_once(" to the ").unwrap();
            let (die, rest) = rest.split_once(" roll on the ").unwrap();
            let chart = rest.trim_end_matches(" chart");
            stated.insert(
                (format!("{chart} {die}"), who.to_string()),
                amount.to_string(),
            );
        }
    }
    for row in &ab.rows {
        for (i, who) in ab.columns.iter().enumerate() {
            let key = (row.label.clone(), who.clone());
            match stated.get(&key) {
                Some(v) => assert_eq!(&row.cells[i], v, "{key:?}"),
                None => assert_eq!(row.cells[i], "", "{key:?} is not in the seed"),
            }
        }
    }
    assert_eq!(
        stated.len(),
        ab.rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| !c.is_empty())
            .count()
    );

    // When: trailing / leading by N at a time.
    let when = d.chart("ahead-behind-when");
    for row in &when.rows {
        for (verb, cell) in [
            ("trailing by", &row.cells[0]),
            ("leading by", &row.cells[1]),
        ] {
            let phrase = format!("{verb} {cell} {}", row.label);
            assert!(text.contains(&phrase), "{phrase}");
        }
    }

    // Printed play names and the names the program reports.
    let op = d.chart("off-play");
    let printed: BTreeSet<&str> = op
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .map(String::as_str)
        .filter(|c| !c.is_empty() && !c.starts_with("same as"))
        .collect();
    let named: BTreeSet<&str> = d.play_names.keys().map(String::as_str).collect();
    assert_eq!(printed, named);
    let reported: BTreeSet<&str> = d.play_names.values().map(String::as_str).collect();
    let spec: BTreeSet<&str> = [
        "line plunge",
        "off tackle",
        "end run",
        "screen",
        "SO",
        "short pass",
        "draw",
        "MO",
        "medium pass",
        "sideline pass",
        "LO",
        "long pass",
        "razzle-dazzle",
    ]
    .into();
    assert_eq!(reported, spec);
}

// ---------------------------------------------------------------------------------------------
// The Paydirt VII calls, through the `call` command path, against an independent reading.

fn span_contains(cell: &str, n: i64) -> bool {
    if cell == "NA" {
        return false;
    }
    if let Some(lo) = cell.strip_suffix('+') {
        return n >= lo.parse::<i64>().unwrap();
    }
    match cell.split_once('-') {
        Some((a, b)) => (a.parse::<i64>().unwrap()..=b.parse().unwrap()).contains(&n),
        None => cell.parse::<i64>().unwrap() == n,
    }
}

fn oracle_situation(s: &SeedPaydirt, down: usize, to_go: i64) -> String {
    let hits: Vec<&String> = s
        .situation
        .iter()
        .filter(|(_, c)| span_contains(&c[down - 1], to_go))
        .map(|(l, _)| l)
        .collect();
    assert_eq!(hits.len(), 1);
    hits[0].clone()
}

fn sit_col(sit: &str) -> usize {
    ["AA", "A", "B", "C"]
        .iter()
        .position(|x| *x == sit)
        .unwrap()
}

fn play_name(cell: &str) -> String {
    match cell {
        "med. Pass" => "medium pass".into(),
        c => c.trim_start_matches('(').trim_end_matches(')').into(),
    }
}

fn oracle_offense(
    s: &SeedPaydirt,
    down: usize,
    to_go: i64,
    yl: i64,
    score: i8,
    d10: i64,
    d20: i64,
) -> Value {
    let sit = oracle_situation(s, down, to_go);
    let row10 = (d10 + if score < 0 { 1 } else { 0 }).min(10);
    let code = &s.play_type[row10 as usize - 1][sit_col(&sit)];
    let long = code.starts_with('L');
    let mut bonus = if code == "L2" { 2 } else { 0 }
        + match score {
            -1 => 2,
            1 => -2,
            _ => 0,
        };
    bonus = bonus.min(2);
    let m = d20 + bonus;
    let row = m.clamp(1, 22) as usize;
    let col = if !long {
        0
    } else if yl <= 20 && row >= 15 {
        2
    } else {
        1
    };
    let mut cell = s.play[row - 1][col].clone();
    if cell == "same as 20" {
        cell = s.play[19][col].clone();
    }
    json!({"situation": sit, "play_type": if long {"long"} else {"short"}, "d10": d10, "d20": d20, "modified_d20": m, "play": play_name(&cell)})
}

fn oracle_defense(
    s: &SeedPaydirt,
    down: usize,
    to_go: i64,
    yl: i64,
    score: i8,
    blitz: bool,
    d20: i64,
) -> Value {
    let sit = oracle_situation(s, down, to_go);
    let crunch = yl <= 11;
    let col = if crunch { 4 } else { sit_col(&sit) };
    let m = d20
        + match score {
            -1 => -2,
            1 => 2,
            _ => 0,
        };
    let row = m.clamp(1, 20) as usize;
    let cell = &s.defense[row - 1][col];
    let mut call = if blitz && cell.ends_with('#') {
        "blitz".to_string()
    } else {
        play_name(cell.trim_end_matches('#'))
    };
    if call == "E" && yl <= 20 {
        call = "D".into();
    }
    json!({"situation": sit, "column": if crunch {"crunch".to_string()} else {sit.clone()}, "d20": d20, "modified_d20": m, "defense": call})
}

fn call_json(system: &str, procedure: &str, args: &[String]) -> Value {
    let out = cli::call_text(Some(system), Some(procedure), args)
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"))
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// One down and distance for each situation letter, and yard lines on both sides of the
/// inside-the-20 and crunch boundaries.
const SITUATIONS: [(usize, i64); 5] = [(1, 25), (2, 12), (3, 5), (4, 1), (1, 10)];

#[test]
fn paydirt_vii_offense_calls_match_the_seed_tables() {
    need_seeds!();
    let s = parse_paydirt_seed();
    let mut checked = 0;
    for (down, to_go) in SITUATIONS {
        for yl in [60, 21, 20] {
            for (score, flag) in [(0i8, None), (-1, Some("--behind")), (1, Some("--ahead"))] {
                for d10 in 1..=10 {
                    for d20 in 1..=20 {
                        if yl != 60 && d20 < 13 {
                            continue; // the inside-the-20 column only differs from row 15 up
                        }
                        let mut a = args(&[
                            "--down",
                            &down.to_string(),
                            "--to-go",
                            &to_go.to_string(),
                            "--yard-line",
                            &yl.to_string(),
                            "--d10",
                            &d10.to_string(),
                            "--d20",
                            &d20.to_string(),
                            "--json",
                        ]);
                        a.extend(flag.map(String::from));
                        let got = call_json("paydirt-vii", "offense", &a);
                        assert_eq!(
                            got,
                            oracle_offense(&s, down, to_go, yl, score, d10, d20),
                            "{a:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 5000);
}

#[test]
fn paydirt_vii_defense_calls_match_the_seed_tables() {
    need_seeds!();
    let s = parse_paydirt_seed();
    for (down, to_go) in SITUATIONS {
        for yl in [60, 21, 20, 12, 11, 1] {
            for (score, flag) in [(0i8, None), (-1, Some("--behind")), (1, Some("--ahead"))] {
                for blitz in [false, true] {
                    for d20 in 1..=20 {
                        let mut a = args(&[
                            "--down",
                            &down.to_string(),
                            "--to-go",
                            &to_go.to_string(),
                            "--yard-line",
                            &yl.to_string(),
                            "--d20",
                            &d20.to_string(),
                            "--json",
                        ]);
                        a.extend(flag.map(String::from));
                        if blitz {
                            a.push("--blitz".into());
                        }
                        let got = call_json("paydirt-vii", "defense", &a);
                        assert_eq!(
                            got,
                            oracle_defense(&s, down, to_go, yl, score, blitz, d20),
                            "{a:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn paydirt_vii_situation_of_every_down_and_distance() {
    need_seeds!();
    let s = parse_paydirt_seed();
    for down in 1..=4usize {
        for to_go in 1..=40 {
            let got = call_json(
                "paydirt-vii",
                "defense",
                &args(&[
                    "--down",
                    &down.to_string(),
                    "--to-go",
                    &to_go.to_string(),
                    "--yard-line",
                    "60",
                    "--d20",
                    "1",
                    "--json",
                ]),
            );
            assert_eq!(
                got["situation"],
                oracle_situation(&s, down, to_go),
                "down {down}, {to_go}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Paydirt third edition.

#[test]
fn paydirt_3e_tables_match_the_seed_cell_by_cell() {
    need_seeds!();
    let text = paydirt_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = paydirt3::data();
    let defence: Vec<&Chart> = d
        .common
        .charts
        .iter()
        .filter(|c| c.id.starts_with("def-"))
        .collect();
    assert_eq!(defence.len(), 7);
    for c in defence {
        let start = line_index(&lines, &c.title);
        for (i, row) in c.rows.iter().enumerate() {
            let (n, def) = lines[start + 1 + i].split_once(" - ").unwrap();
            assert_eq!(row.label, n.trim(), "{}", c.title);
            assert_eq!(row.cells, [def.trim()], "{} row {n}", c.title);
        }
        assert!(
            lines[start + 1 + c.rows.len()].trim().is_empty(),
            "{} has more rows",
            c.title
        );
    }
    // Which situation each ordinary table covers, from its title.
    for s in &d.def_situation {
        let title = &d.chart(&s.chart).title;
        let ordinal = ["1st", "2nd", "3rd"][s.down as usize - 1];
        let expected = if s.to_go[0] == s.to_go[1] {
            format!("{ordinal} and {}", s.to_go[0])
        } else {
            format!("{ordinal} and {}-{} yards", s.to_go[0], s.to_go[1])
        };
        assert_eq!(title, &expected);
    }
    let flat_text = flat(&text);
    assert!(flat_text.contains(&format!("(within {} yard line)", d.limits.goal_line)));
    assert!(flat_text.contains(&format!("leading by {} or more", d.limits.prevent_lead)));
    assert!(flat_text.contains("roll the RED and GREEN dice and adding"));
    assert_eq!((d.dice.defense_min, d.dice.defense_max), (1, 5));

    // The offence grid.
    let start = lines
        .iter()
        .position(|l| l.starts_with("Solitaire rules for offense."))
        .unwrap();
    let mut body = lines[start + 1..].iter().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = body.next().unwrap().split_whitespace().collect();
    let off = d.chart("offense");
    assert_eq!(off.columns, header);
    let rows: Vec<&&str> = body.take(12).collect();
    assert_eq!(off.rows.len(), rows.len());
    for (row, line) in off.rows.iter().zip(rows) {
        let t: Vec<&str> = line.split_whitespace().collect();
        let (label, cells) = t.split_at(t.len() - 20);
        assert_eq!(row.label, label.join(" "));
        assert_eq!(row.cells, cells, "offence row {}", row.label);
    }
}

// ---------------------------------------------------------------------------------------------
// Breakaway: rows keep the scan's exact lines; readings are checked against what was printed.

fn letters(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[test]
fn edit_distance_works() {
    assert_eq!(edit_distance("smoke", "srnoke"), 2);
    assert_eq!(edit_distance("abc", "abc"), 0);
    assert_eq!(edit_distance("", "ab"), 2);
}

#[test]
fn breakaway_rows_match_the_scan() {
    need_seeds!();
    let text = breakaway_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = breakaway::data();
    let mut with_lines = 0;
    for c in &d.common.charts {
        let mut last: Option<usize> = None;
        for row in &c.rows {
            let Some(line) = &row.line else { continue };
            with_lines += 1;
            let at = lines
                .iter()
                .position(|l| l == line)
                .unwrap_or_else(|| panic!("{}: line {line:?} is not in the seed", c.id));
            if let Some(p) = last {
                assert!(at == p || at == p + 1, "{}: rows out of order", c.id);
            }
            last = Some(at);
            if let Some(lp) = &row.label_printed {
                assert!(line.contains(lp.as_str()), "{}: label {lp:?}", c.id);
            }
            match &row.printed {
                Some(printed) => {
                    assert_eq!(printed.len(), row.cells.len(), "{}", c.id);
                    let mut from = 0;
                    for (cell, p) in row.cells.iter().zip(printed) {
                        if !p.is_empty() {
                            let pos = line[from..].find(p.as_str()).unwrap_or_else(|| {
                                panic!("{}: {p:?} not in order in {line:?}", c.id)
                            });
                            from += pos + p.len();
                        }
                        if cell == "[illegible]" || cell.is_empty() {
                            continue;
                        }
                        if let Some(shown) = cell
                            .strip_prefix("[partly illegible: '")
                            .and_then(|x| x.strip_suffix("']"))
                        {
                            assert_eq!(shown, p, "{}", c.id);
                            continue;
                        }
                        let dist = edit_distance(&letters(cell), &letters(p));
                        assert!(
                            dist <= 2,
                            "{}: reading {cell:?} is too far from the printed {p:?}",
                            c.id
                        );
                    }
                }
                None => {
                    for cell in &row.cells {
                        if cell.starts_with("[illegible") || cell.is_empty() {
                            continue;
                        }
                        assert!(
                            line.split('\t').any(|f| f.ends_with(cell.as_str())),
                            "{}: {cell:?} not in {line:?}",
                            c.id
                        );
                    }
                }
            }
        }
    }
    assert!(with_lines >= 30);

    // The spy chart: every cell is a tab field of its line, in order, and the headings match.
    let spy = d.chart("spy");
    for row in &spy.rows {
        let fields: Vec<&str> = row.line.as_deref().unwrap().split('\t').collect();
        assert_eq!(
            fields[1..],
            row.cells.iter().map(String::as_str).collect::<Vec<_>>()[..]
        );
    }
    let h1: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("106\tEAGLE"))
        .unwrap()
        .split('\t')
        .filter(|f| !f.is_empty())
        .skip(1)
        .collect();
    let strategies = [
        h1[0].to_string(),
        format!("{}{}", h1[1], h1[2]),
        h1[3].to_string(),
    ];
    let h2: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("106\tSPY RUN"))
        .unwrap()
        .split('\t')
        .skip(1)
        .collect();
    for (i, col) in spy.columns.iter().enumerate() {
        // The scan split STUNT as "STU" + "JNT"; allow one damaged letter.
        let expected = format!("{}: {}", strategies[i / 2], h2[i]);
        assert!(
            edit_distance(&letters(col), &letters(&expected)) <= 1,
            "{col} vs {expected}"
        );
    }
    // The Fire's play-code headings and the example.
    let flat_text = flat(&text);
    assert!(flat_text.contains("strategy \"Green 18,\" \"Blue 80,\" or \"Red 98.\""));
    assert_eq!(
        d.chart("fire-play-codes").columns,
        ["Green 18", "Blue 80", "Red 98"]
    );
    assert!(flat_text.contains("The Game State is 5 (1+4) making the strategy \"Blue 80.\" A second roll yields a \"2\" making the call Jet Dragon."));
    assert_eq!(
        d.chart("fire-play-codes").expect_cell("2", "Blue 80"),
        "Jet Dragon"
    );
    assert!(flat_text.contains("The roll is a \"3\" resulting in a Dime Press (0/5) call."));
    assert_eq!(
        d.chart("fire-defense-play").rows[2].cells[0],
        "Dime — Press (0/5)"
    );
    // The Fire's strategy bands as printed.
    let band_line = d.chart("fire-strategy").rows[0].line.clone().unwrap();
    assert!(band_line.contains(&format!("\t-{}\t", d.fire.green_max)));
    assert!(band_line.contains(&format!(" {} {} ", d.fire.blue[0], d.fire.blue[1])));
    assert!(band_line.contains(&format!("\t{}+\t", d.fire.red_min)));
}

#[test]
fn breakaway_stated_numbers_match_the_seed() {
    need_seeds!();
    let text = flat(&breakaway_seed());
    let d = breakaway::data();
    let words = ["zero", "one", "two", "three", "four", "five", "six"];
    assert!(text.contains(&format!(
        "{} ({}) orange \"Run\" tokens and {} ({}) blue \"Pass\" tokens",
        words[d.spy.tokens as usize], d.spy.tokens, words[d.spy.tokens as usize], d.spy.tokens
    )));
    assert!(text.contains(&format!(
        "(Run = {} or higher; Pass = {} or higher)",
        d.spy.run_high_value, d.spy.pass_high_value
    )));
    assert!(text.contains(&format!("If your Offense play is a run of {}+, spend a orange token. For passes of {}+, spend a blue token.", d.spy.run_high_value, d.spy.pass_high_value)));
    let zones: Vec<String> = d.spy.red_zone.iter().map(i64::to_string).collect();
    assert!(text.contains(&format!(
        "(either {}, {}, and {} yard lines)",
        zones[0], zones[1], zones[2]
    )));
    assert!(text.contains(&format!(
        "\"Spy Pass\" is active in the final {} cards of the half",
        words[d.spy.last_cards as usize]
    )));
    assert!(text.contains(&format!(
        "final {} minutes (cards) of a half",
        d.offense.end_of_half_cards
    )));
    assert!(
        text.contains(&format!("\"Spy\" tokens above {}", d.spy.tokens))
            && text.contains(&format!("\"Spy\" tokens below {}", d.spy.tokens))
    );
    let tokens = d.chart("spy-tokens");
    assert_eq!(
        tokens.rows[0].cells[1],
        format!("a run of {} or more", d.spy.run_high_value)
    );
    assert_eq!(
        tokens.rows[1].cells[1],
        format!("a pass of {} or more", d.spy.pass_high_value)
    );
    assert!(tokens
        .rows
        .iter()
        .all(|r| r.cells[2] == d.spy.tokens.to_string()));
    assert!(text.contains("will always use \"Green 18\" when winning with 5 or fewer cards"));
    assert_eq!(d.chart("fire-end-of-half").rows[0].cells[0], "Green 18");
}

// ---------------------------------------------------------------------------------------------
// Twilight Struggle.

fn section<'a>(lines: &[&'a str], starts: &str) -> Vec<&'a str> {
    let i = lines
        .iter()
        .position(|l| l.starts_with(starts))
        .unwrap_or_else(|| panic!("no heading {starts}"));
    lines[i + 1..]
        .iter()
        .take_while(|l| !l.starts_with("##"))
        .copied()
        .collect()
}

#[test]
fn twilight_regions_steps_and_rolls_match_the_seed() {
    need_seeds!();
    let text = twilight_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = twilight::data();

    // The d20 region tables.
    let regions = d.chart("regions");
    for (col, head) in [(0, "**In Early War:**"), (1, "**In Mid/Late War:**")] {
        let line = lines.iter().find(|l| l.starts_with(head)).unwrap();
        let items: Vec<(&str, &str)> = line[head.len()..]
            .trim()
            .trim_end_matches('.')
            .split(", ")
            .map(|i| i.rsplit_once(' ').unwrap())
            .collect();
        assert_eq!(items.len(), regions.rows.len());
        for (row, (name, range)) in regions.rows.iter().zip(items) {
            assert_eq!(row.label, name);
            assert_eq!(row.cells[col], range, "{name}, {head}");
        }
    }

    // Step order from the headings.
    let steps: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| {
            l.trim_start_matches('#')
                .trim()
                .split_once('.')
                .map(|(a, _)| a.to_string())
        })
        .filter(|a| a == "Γ" || a == "Δ" || a.parse::<u8>().is_ok())
        .collect();
    assert_eq!(steps, d.steps.order);

    // Γ's steps, and the Europe-lost steps.
    let gamma: Vec<String> = section(&lines, "## Γ.")
        .iter()
        .filter_map(|l| {
            l.split_once(". ")
                .filter(|(n, _)| n.parse::<u8>().is_ok())
                .map(|(n, _)| n.to_string())
        })
        .collect();
    assert_eq!(gamma, d.steps.gamma);
    let europe = lines
        .iter()
        .find(|l| l.starts_with("If AI loses control of all battleground countries in Europe"))
        .unwrap();
    let mut listed = String::new();
    let mut depth = 0;
    for ch in europe.split_once("use steps").unwrap().1.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if depth == 0 => listed.push(c),
            _ => {}
        }
    }
    let numbers: Vec<String> = listed
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(numbers, d.steps.europe_lost);

    // Die rolls.
    let flat_text = flat(&text);
    let r = |x: [i64; 2]| format!("{}-{}", x[0], x[1]);
    for phrase in [
        format!("if {} AI uses *China* card", r(d.dice.china_coup)),
        format!(
            "roll a D6; If {} ignore \"only if lacking in RMO\"",
            r(d.dice.death_squads)
        ),
        format!("Roll a D6; If a {} play the event.", r(d.dice.event)),
        format!(
            "play the event on a {} instead of {}",
            r(d.dice.event_late_war_vp),
            r(d.dice.event)
        ),
        format!(
            "(ex. {} before, {} after)",
            r(d.dice.your_event_before),
            r(d.dice.your_event_after)
        ),
    ] {
        assert!(flat_text.contains(&phrase), "{phrase}");
    }

    // Coup levels.
    let s4 = d.coup_levels.step4;
    let s6 = d.coup_levels.step6;
    assert!(flat_text.contains(&format!("In a level {} country, unless with 5 Ops card(China card in Asia), then a level {} country.", s4.ops3to4, s4.ops5)));
    assert!(flat_text.contains(&format!("If a 5 Ops card(*China* card in Asia) then a level {} country. If a 3-4 Ops card, then a level {} country. If a 1-2 ops card, then a level {} country.", s6.ops5, s6.ops3to4, s6.ops2)));
    assert_eq!(s6.ops1, s6.ops2);
    let sa = d.coup_levels.squads_against;
    assert!(flat_text.contains(&format!(
        "then cards must be {}+ for a level {} country, while 1-{} cards will be for level {} countries",
        sa.min_ops_high,
        sa.high,
        sa.min_ops_high - 1,
        sa.low
    )));

    // Region orders of steps 4, 5 and 6.
    let orders = d.chart("region-orders");
    let strip = |l: &str| -> String {
        let l = l.trim().trim_start_matches("- ");
        l.split(" (").next().unwrap().trim().to_string()
    };
    for (col, head, prefix) in [
        (0, "### 4.", ["A. ", "B. ", "C. ", "D. ", "E. ", "F. "]),
        (2, "## 6.", ["A. ", "B. ", "C. ", "D. ", "E. ", "F. "]),
    ] {
        let listed: Vec<String> = section(&lines, head)
            .iter()
            .map(|l| strip(l))
            .filter(|l| prefix.iter().any(|p| l.starts_with(p)))
            .collect();
        let data: Vec<String> = orders
            .rows
            .iter()
            .map(|r| r.cells[col].clone())
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(listed, data, "{head}");
    }
    let five: Vec<String> = section(&lines, "## 5.")
        .iter()
        .map(|l| strip(l))
        .filter(|l| {
            ["i. ", "ii. ", "iii. ", "iv. ", "v. "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect();
    let data5: Vec<String> = orders
        .rows
        .iter()
        .map(|r| r.cells[1].clone())
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(five, data5);
    assert!(flat_text.contains("Europe-Central America"));

    // Starting influence.
    let start = d.chart("starting-influence");
    for side in ["US", "USSR"] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("{side}: ")))
            .unwrap();
        let items: Vec<(String, String)> = line[side.len() + 2..]
            .split(", ")
            .map(|i| {
                let (n, c) = i.split_once(" in ").unwrap();
                (c.trim().to_string(), n.trim().to_string())
            })
            .collect();
        let data: Vec<(String, String)> = start
            .rows
            .iter()
            .filter(|r| r.label == side)
            .map(|r| (r.cells[0].clone(), r.cells[1].clone()))
            .collect();
        assert_eq!(items, data, "{side}");
    }

    // Discard priorities, in order.
    let sentence = flat_text.to_lowercase();
    let mut from = 0;
    for row in &d.chart("discard").rows {
        let key = row.cells[0].to_lowercase();
        let key = key
            .trim_end_matches('s')
            .replace(" that give ", " that will give ");
        let pos = sentence[from..]
            .find(&key)
            .unwrap_or_else(|| panic!("discard '{key}' not found in order"));
        from += pos;
    }
    assert_eq!(twilight::DISCARD_IDS.len(), d.chart("discard").rows.len());

    // Every card with a note is named in the source.
    for row in &d.chart("cards").rows {
        for name in row.label.trim_matches('"').split(" / ") {
            let name = name.trim_end_matches("...");
            assert!(
                text.to_lowercase().contains(&name.to_lowercase()),
                "card {name}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Undaunted.

fn card_sections(text: &str) -> BTreeMap<String, Vec<String>> {
    let d = undaunted::data();
    let lines: Vec<&str> = text.lines().collect();
    let headers: Vec<String> = d
        .cards
        .iter()
        .map(|c| format!("{} ({}):", c.de, c.en))
        .collect();
    let mut out = BTreeMap::new();
    for (card, header) in d.cards.iter().zip(&headers) {
        let start = line_index(&lines, header);
        let body: Vec<String> = lines[start + 1..]
            .iter()
            .take_while(|l| {
                !headers.contains(&l.trim().to_string())
                    && !l.starts_with("KI – ALLGEMEINES VERHALTEN")
            })
            .map(|l| l.to_string())
            .collect();
        out.insert(card.id.clone(), body);
    }
    out
}

fn modifiers_in(line: &str) -> Option<i64> {
    if line.contains("wenn W10 +") {
        return None;
    }
    let at = line.find("DRM =").or_else(|| line.find("WWM ="))?;
    let rest = line[at + 5..].trim_start();
    let end = rest
        .char_indices()
        .find(|(i, c)| !(c.is_ascii_digit() || (*i == 0 && (*c == '+' || *c == '-'))))
        .map(|(i, _)| i)
        .unwrap_or(rest.len());
    Some(rest[..end].trim_start_matches('+').parse().unwrap())
}

#[test]
fn undaunted_cards_match_the_seed() {
    need_seeds!();
    let text = undaunted_seed();
    let sections = card_sections(&text);
    let d = undaunted::data();
    assert_eq!(d.cards.len(), 8);
    for card in &d.cards {
        let body = &sections[&card.id];
        // Die-roll modifiers, in the order they are printed.
        let printed: Vec<i64> = body.iter().filter_map(|l| modifiers_in(l)).collect();
        let data: Vec<i64> = card
            .steps
            .iter()
            .flat_map(|s| [s.yes.drm, s.no.drm])
            .flatten()
            .collect();
        assert_eq!(data, printed, "{} modifiers", card.de);
        // Results: action, case, range.
        let results: Vec<(String, String, [i64; 2])> = body
            .iter()
            .filter(|l| l.contains("wenn W10 +"))
            .map(|l| {
                let f: Vec<&str> = l
                    .split('\t')
                    .map(str::trim)
                    .filter(|f| !f.is_empty())
                    .collect();
                let action = f[0].trim_end_matches('*').to_string();
                let case = f
                    .iter()
                    .find_map(|x| x.strip_prefix("FALL "))
                    .unwrap_or("")
                    .to_string();
                let range = f
                    .last()
                    .unwrap()
                    .split("= ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap();
                let (a, b) = range.split_once('-').unwrap();
                (action, case, [a.parse().unwrap(), b.parse().unwrap()])
            })
            .collect();
        let data: Vec<(String, String, [i64; 2])> = card
            .results
            .iter()
            .map(|r| (r.action.clone(), r.case.clone(), r.range))
            .collect();
        assert_eq!(data, results, "{} results", card.de);
        // Re-roll and fallback rules.
        let joined = body.join("\n");
        assert_eq!(
            card.out_of_range_stated,
            joined.contains("Würfel erneut, wenn Ergebnis auf nichts zutreffen"),
            "{}",
            card.de
        );
        let standalone_reroll = body
            .iter()
            .any(|l| l.trim() == "(erneut würfeln, wenn nicht ausführbar)");
        for r in &card.results {
            let line = body
                .iter()
                .find(|l| l.starts_with(&r.action) && l.contains("wenn W10 +"))
                .unwrap();
            let fallback = body.iter().find(|l| {
                l.split_once(" nicht möglich ist, dann")
                    .is_some_and(|(before, _)| before.contains(&r.action))
            });
            match r.if_impossible.as_deref() {
                Some("reroll") => assert!(
                    standalone_reroll || line.contains("erneut würfeln, wenn nicht ausführbar"),
                    "{} {}",
                    card.de,
                    r.action
                ),
                Some(other) => assert!(
                    fallback.is_some_and(|l| l.contains(&format!("dann {other}"))),
                    "{} {}",
                    card.de,
                    r.action
                ),
                None => {
                    assert!(
                        !standalone_reroll
                            && !line.contains("erneut würfeln")
                            && fallback.is_none(),
                        "{} {} has a rule",
                        card.de,
                        r.action
                    )
                }
            }
        }
        // Fixed actions named in the flow are terms of the source.
        for s in &card.steps {
            for e in [&s.yes, &s.no] {
                if let Some(a) = &e.action {
                    assert!(text.contains(a.as_str()), "{a}");
                }
            }
        }
    }
}

#[test]
fn undaunted_lists_and_values_match_the_seed() {
    need_seeds!();
    let text = undaunted_seed();
    let lines: Vec<&str> = text.lines().collect();
    let d = undaunted::data();

    // Unit target values.
    let start = line_index(&lines, "EINHEITEN ZIELWERT:");
    let printed: Vec<(String, String)> = lines[start + 1..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| {
            let (n, v) = l.split_once('=').unwrap();
            (n.trim().to_string(), v.trim().to_string())
        })
        .collect();
    let data: Vec<(String, String)> = d
        .chart("target-values")
        .rows
        .iter()
        .map(|r| {
            (
                r.label.split(" (").next().unwrap().to_string(),
                r.cells[0].clone(),
            )
        })
        .collect();
    assert_eq!(data, printed);

    // Card order.
    let order_line = lines[line_index(&lines, "Reihenfolge der KI-Karten beim Ausspielen:") + 1];
    let listed: Vec<&str> = order_line.split(". ").next().unwrap().split(", ").collect();
    let data: Vec<&str> = d
        .chart("card-order")
        .rows
        .iter()
        .map(|r| r.cells[0].as_str())
        .collect();
    assert_eq!(data, listed);
    assert!(order_line.contains(
        "Spiele zuerst die Karten TEAM A, dann die Karten TEAM B und zuletzt die Karten TEAM C."
    ));

    // Target table.
    let start = line_index(&lines, "ANGRIFF/NIEDERHALTEN - ZIELAUSWAHL*");
    let split = |l: &str| -> Vec<String> {
        l.split('\t')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    };
    let targets = d.chart("targets");
    assert_eq!(targets.columns, split(lines[start + 1]));
    for (i, row) in targets.rows.iter().enumerate() {
        let mut cells = split(lines[start + 2 + i]);
        cells.resize(targets.columns.len(), String::new());
        assert_eq!(row.cells, cells, "target row {}", i + 1);
    }
    assert!(lines[start + 2 + targets.rows.len()].trim().is_empty());
    for cell in targets
        .rows
        .iter()
        .flat_map(|r| &r.cells)
        .filter(|c| !c.is_empty() && !c.starts_with("siehe"))
    {
        assert!(
            undaunted::TARGET_KINDS.iter().any(|(de, _, _)| de == cell),
            "{cell}"
        );
    }

    // Orders and priorities quoted in the charts.
    for row in &d.chart("anspornen").rows {
        assert!(
            text.contains(&row.cells[0].replace(" / ", "/")),
            "{}",
            row.cells[0]
        );
    }
    let reinforce = &d.chart("reinforce").rows[0].cells[0];
    assert!(text.contains(
        reinforce
            .split(": ")
            .nth(1)
            .unwrap()
            .replace(" / ", "/")
            .as_str()
    ));
    let leiten_start = lines
        .iter()
        .position(|l| l.starts_with("Wenn das Ergebnis LEITEN ist"))
        .unwrap();
    let moves = lines[leiten_start + 1..]
        .iter()
        .take_while(|l| l.starts_with("- "))
        .count();
    assert_eq!(moves, d.chart("leiten").rows.len());

    // Terms and abbreviations are the source's.
    for row in &d.chart("terms").rows {
        for term in row.label.split(" / ") {
            let term = term.split(" (").next().unwrap();
            assert!(text.contains(term), "term {term}");
        }
    }
    for row in &d.chart("abbreviations").rows {
        assert!(
            text.contains(row.label.split(' ').next().unwrap()),
            "{}",
            row.label
        );
    }
    let flat_text = flat(&text);
    let i = &d.initiative;
    assert!(flat_text.contains(&format!("{} Karten an die KI und an sich selbst ausgeteilt. Dann würfelt man einen W{} für die KI-Initiative", i.cards, i.die)));
    assert!(flat_text.contains(&format!(
        "mit {} Karten pro Runde spielen, der Spieler mit {} Karten",
        i.ai_plays, i.player_plays
    )));
}

// ---------------------------------------------------------------------------------------------
// Prose: our own words, never the source's sentences.

fn windows(text: &str, n: usize) -> BTreeSet<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(n).map(|w| w.join(" ")).collect()
}

#[test]
fn prose_is_not_copied_from_the_sources() {
    need_seeds!();
    let seeds = [
        ("paydirt-vii", paydirt_seed()),
        ("paydirt-3e", paydirt_seed()),
        ("breakaway", breakaway_seed()),
        ("twilight-struggle", twilight_seed()),
        ("undaunted", undaunted_seed()),
    ];
    for (id, text) in &seeds {
        let source = windows(text, 8);
        let sys = accc::charts::system(id).unwrap();
        let mut prose: Vec<String> = sys.rules.iter().map(|r| r.text.clone()).collect();
        prose.extend(sys.unclear.iter().map(|u| u.text.clone()));
        prose.extend(sys.charts.iter().flat_map(|c| c.notes.clone()));
        prose.push(sys.meta.summary.clone());
        for p in prose {
            let copied: Vec<String> = windows(&p, 8).intersection(&source).cloned().collect();
            assert!(copied.is_empty(), "{id}: copied wording {copied:?} in: {p}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Procedures: every question can be answered by a declared flag of the right kind, and random
// walks always finish.

fn sample_text(id: &str, pick: usize) -> &'static str {
    let samples: &[&str] = match id {
        "tiles" => &[
            "1A: sniper; 10B: mg, scout; 3A: rifleman, rifleman",
            "1A: sniper; 2B: sniper; 3C: scout",
            "4A: tank",
        ],
        "hand" => &[
            "Schütze B, Späher A, Feldwebel, Gruppenführer C",
            "Unklare Lage, Zugtruppführer",
            "Panzer A",
        ],
        other => panic!("no sample text for {other}"),
    };
    samples[pick % samples.len()]
}

#[test]
fn every_question_has_a_matching_flag_and_walks_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut asked: BTreeSet<String> = BTreeSet::new();
    for sys in systems() {
        for p in sys.procedures {
            // Random walks until every flag of the procedure has been asked (at least 40, at
            // most 3000); each walk leans to "no" by a different amount to reach deep steps.
            for walk_no in 0..3000 {
                if walk_no >= 40
                    && p.params
                        .iter()
                        .all(|x| asked.contains(&format!("{} {} {}", sys.meta.id, p.id, x.name)))
                {
                    break;
                }
                let p_yes = [0.08, 0.2, 0.35, 0.5][walk_no % 4];
                let mut w = Walk::new(p);
                let mut steps = 0;
                loop {
                    steps += 1;
                    assert!(steps < 200, "{} {} does not finish", sys.meta.id, p.id);
                    let q = match w.state() {
                        State::Done(o) => {
                            assert!(!o.result.is_empty());
                            break;
                        }
                        State::Ask(q) => q,
                    };
                    let param = p
                        .params
                        .iter()
                        .find(|x| x.name == q.family())
                        .unwrap_or_else(|| {
                            panic!("{} {}: no flag for {}", sys.meta.id, p.id, q.id)
                        });
                    asked.insert(format!("{} {} {}", sys.meta.id, p.id, param.name));
                    let answer = match (&q.kind, param.kind) {
                        // Mostly "no", so that walks go deep into long priority lists.
                        (Kind::YesNo, ParamKind::Flag) => Answer::Bool(rng.random_bool(p_yes)),
                        (Kind::Number { min, max }, ParamKind::Number { default }) => {
                            if let Some(d) = default {
                                assert!(
                                    (*min..=*max).contains(&d),
                                    "{}: default out of range",
                                    q.id
                                );
                            }
                            // "0 = none" answers are common in real use: give them half the weight.
                            if *min == 0 && rng.random_bool(0.5) {
                                Answer::Number(0)
                            } else {
                                Answer::Number(rng.random_range(*min..=(*max).min(*min + 30)))
                            }
                        }
                        (
                            Kind::Choice { options },
                            ParamKind::Choice {
                                options: flags,
                                default,
                            },
                        ) => {
                            for (k, _) in options {
                                assert!(
                                    flags.contains(&k.as_str()),
                                    "{}: option {k} is not a flag value",
                                    q.id
                                );
                            }
                            if let Some(d) = default {
                                assert!(
                                    options.iter().any(|(k, _)| k == d),
                                    "{}: default {d}",
                                    q.id
                                );
                            }
                            Answer::Choice(options[rng.random_range(0..options.len())].0.clone())
                        }
                        (Kind::Die { min, max, .. }, ParamKind::Die) => Answer::Die {
                            value: rng.random_range(*min..=*max),
                            rolled: true,
                        },
                        (Kind::Text { .. }, ParamKind::Text) => {
                            Answer::Text(sample_text(&q.id, rng.random_range(0..3)).into())
                        }
                        (k, pk) => panic!(
                            "{} {}: question {} is {k:?} but its flag is {pk:?}",
                            sys.meta.id, p.id, q.id
                        ),
                    };
                    // Some combinations are refused by design (no table for that down); walk on.
                    if w.answer(answer).is_err() {
                        w.back();
                        if w.answers().is_empty() {
                            continue;
                        }
                    }
                }
            }
        }
    }
    // Every declared flag is asked by some walk.
    for sys in systems() {
        for p in sys.procedures {
            for param in p.params {
                let key = format!("{} {} {}", sys.meta.id, p.id, param.name);
                assert!(asked.contains(&key), "flag never asked: {key}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line, as a process.

fn run(list: &[&str]) -> (i32, String, String) {
    let out = accc().args(list).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn cli_call_json_has_exactly_the_documented_fields() {
    let (code, out, _) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "3",
        "--to-go",
        "5",
        "--yard-line",
        "15",
        "--behind",
        "--d10",
        "6",
        "--d20",
        "14",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({"situation": "B", "play_type": "long", "d10": 6, "d20": 14, "modified_d20": 16, "play": "MO"})
    );
    let (code, out, _) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "defense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "9",
        "--blitz",
        "--d20",
        "8",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({"situation": "B", "column": "crunch", "d20": 8, "modified_d20": 8, "defense": "blitz"})
    );
    assert_eq!(out.lines().count(), 1, "one object on one line");
}

#[test]
fn cli_call_is_deterministic_with_dice_or_seed() {
    let base = [
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "2",
        "--to-go",
        "7",
        "--yard-line",
        "40",
        "--json",
    ];
    let with_seed = |s: &str| run(&[&base[..], &["--seed", s]].concat()).1;
    assert_eq!(with_seed("99"), with_seed("99"));
    let rolls: BTreeSet<String> = (0..12).map(|s| with_seed(&s.to_string())).collect();
    assert!(rolls.len() > 1, "seeds change the rolls");
    let given = |s: &str| run(&[&base[..], &["--d10", "3", "--d20", "17", "--seed", s]].concat()).1;
    assert_eq!(given("1"), given("2"), "given dice ignore the seed");
    let (_, text, _) = run(&[&base[..10], &["--seed", "5"]].concat());
    assert!(text.contains("--seed 5"), "{text}");
    assert!(text.contains("OFFENSIVE PLAY TYPE: row"), "{text}");
}

#[test]
fn cli_errors_name_the_allowed_values() {
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "3",
        "--to-go",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--yard-line") && err.contains("1 to 99"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "defense",
        "--down",
        "5",
        "--to-go",
        "5",
        "--yard-line",
        "30",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--down") && err.contains("1 to 4"), "{err}");
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "0",
        "--yard-line",
        "30",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--to-go"), "{err}");
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "5",
        "--yard-line",
        "30",
        "--d20",
        "21",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--d20") && err.contains("1 to 20"), "{err}");
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "5",
        "--yard-line",
        "30",
        "--behind",
        "--ahead",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--ahead") && err.contains("--behind"), "{err}");
    let (code, _, err) = run(&["charts", "call", "monopoly", "offense"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("paydirt-vii") && err.contains("undaunted"),
        "{err}"
    );
    let (code, _, err) = run(&["charts", "call", "paydirt-vii", "kickoff"]);
    assert_eq!(code, 2);
    assert!(err.contains("offense") && err.contains("defense"), "{err}");
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-3e",
        "defense",
        "--yard-line",
        "40",
        "--down",
        "4",
        "--to-go",
        "2",
        "--roll",
        "3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--table") && err.contains("3rd and 4-10 yards"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "charts",
        "call",
        "breakaway",
        "defense",
        "--formation",
        "wishbone",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("pass-heavy"), "{err}");
    let (code, _, err) = run(&["charts", "show", "paydirt-vii", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("def-play"), "{err}");
}

#[test]
fn cli_list_show_and_help() {
    let (code, out, _) = run(&["charts", "list"]);
    assert_eq!(code, 0);
    for sys in systems() {
        assert!(out.contains(&sys.meta.id));
        for p in sys.procedures {
            assert!(out.contains(&format!("call {}", p.id)));
        }
    }
    for sys in systems() {
        let (code, out, _) = run(&["charts", "show", &sys.meta.id]);
        assert_eq!(code, 0);
        for c in &sys.charts {
            assert!(out.contains(&c.title), "{}: {}", sys.meta.id, c.title);
        }
        assert!(out.contains("What the source leaves unclear"));
    }
    let (_, out, _) = run(&["charts", "show", "breakaway", "fire-formation"]);
    assert!(out.contains("[illegible]"));
    let (_, out, _) = run(&["charts", "show", "paydirt-vii", "def-play"]);
    let row17 = out.lines().find(|l| l.starts_with("17 ")).unwrap();
    assert_eq!(
        row17.split('|').map(str::trim).collect::<Vec<_>>(),
        ["17", "E#", "(LD)", "D#", "D", "D"]
    );
    let (code, out, _) = run(&["charts", "call", "twilight-struggle", "action", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("--final-round") && out.contains("--region-d20"),
        "{out}"
    );
}

#[test]
fn cli_calls_every_system() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["paydirt-3e", "defense", "--yard-line", "4", "--roll", "2"],
            "\"defense\":\"B\"",
        ),
        (
            &[
                "paydirt-3e",
                "offense",
                "--down",
                "4",
                "--to-go",
                "9",
                "--d20",
                "4",
            ],
            "\"result\":\"C\"",
        ),
        (
            &[
                "breakaway",
                "offense",
                "--down",
                "1",
                "--distance",
                "4",
                "--formation-d6",
                "6",
                "--formation",
                "shotgun",
                "--d6",
                "2",
            ],
            "\"play_code\":\"Jet Dragon\"",
        ),
        (
            &[
                "breakaway",
                "defense",
                "--formation",
                "pass-heavy",
                "--down",
                "1",
                "--distance",
                "1",
                "--strategy-d6",
                "5",
                "--strategy",
                "stunt",
                "--play",
                "pass",
                "--value",
                "3",
                "--d6",
                "3",
            ],
            "\"play_call\":\"Dime — Press (0/5)\"",
        ),
        (
            &[
                "breakaway",
                "clock",
                "--spent",
                "5",
                "--cards-left",
                "3",
                "--quarter",
                "1",
            ],
            "\"cards_left\":13",
        ),
        (
            &[
                "twilight-struggle",
                "region",
                "--war",
                "early",
                "--d20",
                "18",
            ],
            "\"region\":\"South America\"",
        ),
        (
            &[
                "twilight-struggle",
                "action",
                "--ops",
                "3",
                "--war",
                "mid",
                "--italy",
            ],
            "\"action\":\"coup in Italy with the 3-Ops card\"",
        ),
        (
            &[
                "undaunted",
                "card",
                "--card",
                "schuetze",
                "--can-secure",
                "--d10",
                "5",
                "--d10",
                "3",
            ],
            "\"action\":\"SICHERN\"",
        ),
        (
            &[
                "undaunted",
                "target-tile",
                "--tiles",
                "1A: sniper",
                "--tiles",
                "3A: rifleman, rifleman",
            ],
            "\"tile\":\"3A\"",
        ),
        (
            &["undaunted", "order", "--hand", "Schütze A, Zugtruppführer"],
            "\"order\":[\"Zugtruppführer\",\"Schütze A\"]",
        ),
    ];
    for (a, want) in cases {
        let (code, out, err) = run(&[&["charts", "call"][..], a, &["--json"]].concat());
        assert_eq!(code, 0, "{a:?}: {err}");
        assert!(out.contains(want), "{a:?}: {out}");
    }
    // A re-roll with dice given must be given too.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "undaunted",
        "card",
        "--card",
        "schuetze",
        "--can-secure",
        "--d10",
        "5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("re-roll") && err.contains("--d10"), "{err}");
}

#[test]
fn cli_walk_answers_goes_back_and_finishes() {
    let mut child = accc()
        .args(["charts", "walk", "paydirt-vii", "offense", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // down 3, 5 to go, then a wrong yard line, back to fix the to-go, 4 to go, 15 yards;
    // not behind, not ahead; d10 10 (long); d20 15 -> MO (inside the 20).
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"3\n5\n0\nback\n4\n15\nno\nno\n10\n15\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("out of range"), "{text}");
    assert!(
        text.contains("row B, column down 3 -> B (4 to go"),
        "{text}"
    );
    assert!(text.contains("=> play: MO"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Findings of the audit: facts carried over, and the command line's handling of input.

#[test]
fn twilight_china_star_wars_red_scare_and_open_points() {
    let sys = accc::charts::system("twilight-struggle").unwrap();
    let cards = sys.chart("cards").unwrap();
    let row = |label: &str| {
        cards
            .rows
            .iter()
            .find(|r| r.label == label)
            .unwrap_or_else(|| panic!("no card row {label}"))
            .cells[0]
            .clone()
    };
    let star = row("Star Wars / SALT Negotiations");
    assert!(
        star.contains("you played the event") && star.contains("random"),
        "{star}"
    );
    assert!(
        row("Red Scare/Purge").contains("coups"),
        "Red Scare: coups still made"
    );
    let unclear: Vec<&str> = sys.unclear.iter().map(|u| u.text.as_str()).collect();
    assert!(
        unclear.iter().any(|u| u.contains("4A") && u.contains("d6")),
        "the unnamed step 4A die"
    );
    // The China card outside Asia is a 4: level 2 in the Middle East, level 3 in Asia.
    let call = |extra: &[&str]| {
        let mut a = args(&["--ops", "5", "--war", "mid", "--lacks-rmo", "--json"]);
        a.extend(args(extra));
        call_json("twilight-struggle", "action", &a)["action"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(call(&["--coup-region", "middle-east"]).contains("level 2"));
    assert!(call(&["--coup-region", "asia"]).contains("level 3"));
    assert!(call(&["--nonbg-region", "europe"]).contains("level 2"));
    // Death Squads against the AI: a 3-Ops card goes for level 1 in South America.
    let mut a = args(&[
        "--ops",
        "3",
        "--war",
        "mid",
        "--lacks-rmo",
        "--death-squads-against",
    ]);
    a.extend(args(&["--nonbg-region", "south-america", "--json"]));
    let o = call_json("twilight-struggle", "action", &a);
    assert!(o["action"].as_str().unwrap().contains("level 1"), "{o}");
    // The two Death Squads flags exclude each other.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "twilight-struggle",
        "action",
        "--ops",
        "3",
        "--war",
        "mid",
        "--death-squads",
        "--death-squads-against",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn breakaway_quarter_change_half_time_and_spent_plays() {
    need_seeds!();
    let text = flat(&breakaway_seed());
    assert!(text.contains("When the AI drive continues into the next Quarter, shuffle the Spent Plays back into the Draw Pile"));
    assert!(text.contains("use the final card of the half"));
    assert!(text.contains("simply add any card from the Draw Pile into the Spent Plays pile"));
    let sys = accc::charts::system("breakaway").unwrap();
    let rules: String = sys
        .rules
        .iter()
        .map(|r| format!("{} {}\n", r.title, r.text))
        .collect();
    let rules = flat(&rules);
    assert!(
        rules.contains("goes on into the next quarter also gets its Spent Plays shuffled back"),
        "{rules}"
    );
    assert!(
        rules.contains("already spent") && rules.contains("take the called card"),
        "{rules}"
    );
    // A drive crossing the end of the 1st quarter: the reshuffle is noted.
    let (code, out, err) = run(&[
        "charts",
        "call",
        "breakaway",
        "clock",
        "--spent",
        "5",
        "--cards-left",
        "3",
        "--quarter",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Spent Plays so far are shuffled back into its Draw Pile"),
        "{out}"
    );
    assert!(
        out.contains("=> discard 3 then 2; 13 cards left in quarter 2"),
        "{out}"
    );
    // At half time the drive stops: nothing carries into the 3rd quarter.
    let o = call_json(
        "breakaway",
        "clock",
        &args(&[
            "--spent",
            "5",
            "--cards-left",
            "3",
            "--quarter",
            "2",
            "--json",
        ]),
    );
    assert_eq!(
        o,
        json!({"discard": 3, "discard_next_quarter": 0, "quarter": 3, "cards_left": 15})
    );
}

#[test]
fn cli_warns_about_flags_the_call_never_used() {
    // Game state 5 gives the Fire's Blue 80: --strategy is never asked; --score needs --final-cards.
    let (code, out, err) = run(&[
        "charts",
        "call",
        "breakaway",
        "offense",
        "--down",
        "1",
        "--distance",
        "4",
        "--formation",
        "shotgun",
        "--strategy",
        "red-98",
        "--score",
        "losing",
        "--d6",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Blue 80"), "{out}");
    assert!(err.contains("warning: --strategy was not used"), "{err}");
    assert!(err.contains("warning: --score was not used"), "{err}");
    // A second d10 that no re-roll needs.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--d10",
        "3",
        "--d10",
        "4",
        "--d20",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("--d10: 2 values given, only the first 1 used"),
        "{err}"
    );
    // Every flag used: no warning.
    let (code, _, err) = run(&[
        "charts",
        "call",
        "paydirt-vii",
        "offense",
        "--down",
        "1",
        "--to-go",
        "10",
        "--yard-line",
        "50",
        "--d10",
        "3",
        "--d20",
        "5",
    ]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn cli_does_not_roll_a_die_whose_answer_was_given() {
    for (procedure, extra, die) in [
        (
            "defense",
            &[
                "--formation",
                "run-heavy",
                "--strategy",
                "eagle",
                "--play",
                "run",
                "--value",
                "3",
            ][..],
            "d6 (strategy)",
        ),
        ("offense", &["--formation", "shotgun"][..], "d6 (formation)"),
    ] {
        let mut a = vec![
            "charts",
            "call",
            "breakaway",
            procedure,
            "--down",
            "1",
            "--distance",
            "4",
            "--d6",
            "2",
            "--seed",
            "3",
        ];
        a.extend(extra);
        let (code, out, err) = run(&a);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains(&format!("{die} =")), "{out}");
        assert!(out.contains(&format!("{die}: not rolled")), "{out}");
        assert!(
            !out.contains("rolled by the program"),
            "nothing was rolled: {out}"
        );
    }
}

#[test]
fn cli_walk_ending_before_the_result_is_an_error() {
    let walk = |input: &[u8]| {
        let mut child = accc()
            .args(["charts", "walk", "paydirt-vii", "offense", "--seed", "3"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let out = walk(b"1\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("input ended") && err.contains("to-go"),
        "{err}"
    );
    // Quitting on purpose, or reaching the result, is not an error.
    assert!(walk(b"1\nquit\n").status.success());
    assert!(walk(b"3\n4\n15\nno\nno\n10\n15\n").status.success());
}

mod tui;
