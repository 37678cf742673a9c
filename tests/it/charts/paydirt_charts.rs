//! Paydirt VII and third edition: every table cell and stated number against the source, and thousands of VII calls through the `call` command path against an independent reading of the source tables.

use super::*;

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

#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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
                        let got = without_rolls(call_json("paydirt-vii", "offense", &a));
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
                        let got = without_rolls(call_json("paydirt-vii", "defense", &a));
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
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
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
