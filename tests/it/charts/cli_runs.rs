//! The command line run as a process: every question has its flag, JSON fields, determinism, errors, warnings, `list`, `show`, `call` and `walk`.

use super::*;
use accc::charts::walk::{Param, Procedure};
use accc::charts::SystemDef;

pub(super) fn sample_text(id: &str, pick: usize) -> &'static str {
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
        "piles" => &[
            "rifleman A: 5 counter; rifleman B: 5 counter; sniper: 3 counter",
            "scout B: 2; mortar: 4",
            "tank A: 3",
        ],
        "shares" => &["1, 1, 1", "2, 1, 1, 2", "0, 1"],
        "cards" => &[
            "Fidel: 2 ai; Blockade: 1 you; Duck and Cover: 3 you; Arms Race: 3 you",
            "Blockade: 1 you harmless; Arms Race: 3 you; Duck and Cover: 3 you harmless",
            "Summit: 4 neutral; 4 neutral; Nasser: five ai",
        ],
        other => panic!("no sample text for {other}"),
    };
    samples[pick % samples.len()]
}

#[test]
fn every_question_has_a_matching_flag_and_walks_finish() {
    let mut asked: BTreeSet<String> = BTreeSet::new();
    walk_every_question(|sys, p, _, param| {
        asked.insert(format!("{} {} {}", sys.meta.id, p.id, param.name));
    });
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

/// Walks every procedure of every system with seeded random answers until each of its flags
/// has been asked (at least 40 walks, at most 3000), checking that each question has its
/// flag, of its kind, and that every walk finishes; `visit` sees each question asked, with
/// the walk waiting for its answer and the flag that answers it.
pub(super) fn walk_every_question(
    mut visit: impl FnMut(&SystemDef, &'static Procedure, &Walk, &'static Param),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut asked: BTreeSet<String> = BTreeSet::new();
    for sys in systems() {
        for p in sys.procedures {
            // Each walk leans to "no" by a different amount to reach deep steps.
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
                    visit(sys, p, &w, param);
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
}

// ---------------------------------------------------------------------------------------------
// The command line, as a process.

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
        json!({"situation": "B", "play_type": "long", "d10": 6, "d20": 14, "modified_d20": 16, "play": "MO",
            "rolls": [{"die": "d10", "value": 6, "rolled": false}, {"die": "d20", "value": 14, "rolled": false}]})
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
        json!({"situation": "B", "column": "crunch", "d20": 8, "modified_d20": 8, "defense": "blitz",
            "rolls": [{"die": "d20", "value": 8, "rolled": false}]})
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
        "--lead",
        "0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("as the table") && err.contains("3rd and 4-10 yards"),
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
    // A choice applied when left out is named in the help (read with its lines joined: the
    // help is wrapped to 80 columns).
    let joined = |out: &str| out.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, out, _) = run(&["charts", "call", "undaunted", "card", "--help"]);
    assert!(joined(&out).contains("[default: rifleman]"), "{out}");
    let (_, out, _) = run(&["charts", "call", "twilight-struggle", "place-9b", "--help"]);
    assert!(joined(&out).contains("[default: hierarchy]"), "{out}");
    // Each option of a kept choice with what it means.
    assert!(
        joined(&out).contains("- same-region: keep rolling among the same countries"),
        "{out}"
    );
    let (_, card, _) = run(&["charts", "call", "undaunted", "card", "--help"]);
    assert!(
        joined(&card).contains("- every-card: roll again, as on the rifleman's card"),
        "{card}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
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
                "--offense-sheet",
                "fire",
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
                "--defense-sheet",
                "sample",
                "--pass-tokens",
                "4",
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
    // down 3, 5 to go, then a wrong yard line, back to fix the to-go, 4 to go, 15 yards;
    // not behind, not ahead; d10 10 (long); d20 15 -> MO (inside the 20).
    let (ok, text) = walk_output(
        &["paydirt-vii", "offense", "--seed", "3"],
        b"3\n5\n0\nback\n4\n15\nno\nno\n10\n15\nquit\n",
    );
    assert!(ok, "{text}");
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
        "--offense-sheet",
        "fire",
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
                "--defense-sheet",
                "sample",
                "--run-tokens",
                "4",
            ][..],
            "d6 (strategy)",
        ),
        (
            "offense",
            &["--formation", "shotgun", "--offense-sheet", "fire"][..],
            "d6 (formation)",
        ),
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

#[test]
fn cli_walk_names_the_step_of_each_question() {
    let (_, text) = walk_output(
        &["twilight-struggle", "action", "--seed", "3"],
        b"n\n3\nmid\nn\nn\nquit\n",
    );
    assert!(
        text.contains("[1, the card] Is the card a scoring card?"),
        "{text}"
    );
    assert!(text.contains("[4, Γ] "), "{text}");
    assert!(text.contains("[6, Δ] "), "{text}");
}

/// docs/CHARTS.md's synopses of the two Paydirt VII calls say what the program does: each
/// way of giving the required ahead/behind answer is taken, and a call without one is
/// refused, as the synopsis says by not showing it as optional.
#[test]
fn the_paydirt_synopses_in_charts_md_are_what_the_program_takes() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/CHARTS.md")).unwrap();
    let synopses: Vec<&str> = doc
        .lines()
        .filter(|l| l.starts_with("accc charts call paydirt-vii "))
        .collect();
    assert_eq!(synopses.len(), 2, "{synopses:?}");
    for line in synopses {
        let (before, rest) = line.split_once('(').expect(line);
        let (required, after) = rest.split_once(')').expect(line);
        // Every optional part given, as its first choice, dice as 3.
        let optional: Vec<String> = after
            .split(['[', ']'])
            .map(str::trim)
            .filter(|p| p.starts_with("--"))
            .flat_map(|p| {
                p.split('|')
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .map(|w| if w == "N" { "3" } else { w }.to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        let base: Vec<String> = before
            .split_whitespace()
            .skip(1)
            .map(|w| match w {
                "D" => "1",
                "Y" => "10",
                "L" => "30",
                w => w,
            })
            .map(String::from)
            .collect();
        for choice in required.split('|') {
            let out = accc()
                .args(&base)
                .args(choice.split_whitespace())
                .args(&optional)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{line}: {choice}: {err}");
        }
        let out = accc().args(&base).args(&optional).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: without: {err}");
        assert!(err.contains("--behind") || err.contains("--ahead"), "{err}");
    }
}

/// Each procedure's `--help` tells `--then` with its own system's chains, and no other's
/// (a chain of another system named there would be refused when tried).
#[test]
fn then_help_names_the_systems_own_chains() {
    let then_of = |sys: &str, p: &str| {
        let help = cli::call_text(Some(sys), Some(p), &["--help".to_string()]).unwrap();
        let at = help.find("--then").expect("--then told");
        help[at..].split_whitespace().collect::<Vec<_>>().join(" ")
    };
    for sys in systems() {
        for p in sys.procedures {
            let then = then_of(&sys.meta.id, p.id);
            for other in ["Undaunted", "Paydirt", "Twilight", "Breakaway"] {
                assert!(!then.contains(other), "{} {}: {then}", sys.meta.id, p.id);
            }
        }
    }
    for p in ["action", "flip", "discard"] {
        let then = then_of("twilight-struggle", p);
        for chain in [
            "event-action into event-coup",
            "into place-9b",
            "flip and take-card",
        ] {
            assert!(then.contains(chain), "{p}: {then}");
        }
    }
    assert!(then_of("undaunted", "card").contains("ANVISIEREN into target-tile"));
    assert!(then_of("paydirt-vii", "defense").contains("status into offense or defense"));
    assert!(then_of("breakaway", "clock").contains("no result of this system leads on"));
    assert!(then_of("paydirt-3e", "defense").contains("no result of this system leads on"));
}
