//! The charts screens driven key by key, without a terminal.

use super::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// The walk drawn on an 80x25 screen, one string per row, trailing spaces trimmed.
fn rows(w: &WalkScreen) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| draw(f, f.area(), w)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..25)
        .map(|y| {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The Twilight Struggle action round walked as in the user's walkthrough.
fn twilight() -> WalkScreen {
    let system = crate::charts::systems()
        .iter()
        .position(|s| s.meta.name.contains("Twilight"))
        .expect("Twilight Struggle");
    let p = crate::charts::systems()[system]
        .procedures
        .iter()
        .position(|p| p.id == "action")
        .expect("action round");
    let mut w = WalkScreen::new(system, p, 1);
    for a in ["n", "3", "mid"] {
        w.walk.answer_text(a).unwrap();
    }
    while let Some(q) = w.walk.question() {
        let a = match q.kind {
            Kind::YesNo => "no",
            Kind::Choice { .. } => "none",
            _ => "9",
        };
        w.walk.answer_text(a).unwrap();
    }
    w
}

/// A call recorded in a table session whose save failed only at flushing the folder,
/// after the new version was in place: the file has the call, so it stands and the walk
/// says it was written though the disk may not have it yet, in the CLI's words (it had
/// said "Not recorded" and taken the call back, the file keeping it). Any other failure
/// still takes it back.
#[test]
fn a_call_saved_but_for_the_folders_flush_stands_and_says_so() {
    use crate::store::{Doing, Error as FileError, ErrorKind as F};
    let dir = tempfile::tempdir().unwrap();
    let system = system_of("undaunted");
    let p = crate::charts::systems()[system]
        .procedures
        .iter()
        .position(|p| p.id == "card")
        .expect("card");
    let failed = |doing| session::Error {
        kind: session::ErrorKind::File(FileError::new(
            &dir.path().join("T.table"),
            F::Io {
                doing,
                source: std::io::Error::other("Input/output error"),
            },
        )),
    };
    for (doing, stands) in [(Doing::FlushingFolder, true), (Doing::Replacing, false)] {
        let name = if stands { "T" } else { "U" };
        let table = OpenTable::create(dir.path(), name, "undaunted").unwrap();
        let mut w = WalkScreen::new(system, p, 1);
        for a in ["mg-schuetze", "n", "n", "n", "4"] {
            w.walk.answer_text(a).unwrap();
        }
        let outcome = w.walk.outcome().expect("the call");
        w.table = Some(Box::new(table));
        let t = w.table.as_mut().unwrap();
        let changed = t
            .session
            .record(w.walk.procedure(), w.walk.answers(), &outcome);
        if stands {
            // The new version was put in place before the flush failed.
            t.save().unwrap();
        }
        w.saved_call(&changed, Err(failed(doing)));
        let kept = w.table.as_ref().unwrap().session.log.len();
        let on_disk = session::load(dir.path(), name).unwrap().log.len();
        let said = w.recorded.clone().unwrap();
        if stands {
            assert_eq!((kept, on_disk, w.recorded_call), (1, 1, Some(1)));
            assert!(
                said.starts_with("Recorded as call 1 of table session T (")
                    && said.ends_with(&format!("{}).", session::WRITTEN_UNFLUSHED)),
                "{said}"
            );
            // Whole, in the two rows under the call.
            let shown = rows(&w)[22..24].join(" ");
            let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(words(&shown), words(&said), "{:#?}", rows(&w));
        } else {
            assert_eq!((kept, on_disk, w.recorded_call), (0, 0, None));
            assert!(said.starts_with("Not recorded: "), "{said}");
        }
    }
}

/// A failure told under the call takes two rows at most: a path too long is shortened to
/// its folder and name, and a cause too long even then is cut at a word, marked "...".
#[test]
fn a_failure_under_the_call_keeps_to_two_rows() {
    use crate::store::{Doing, Error as FileError, ErrorKind as F};
    let long = format!("/{}/charts/T.table", "far/down".repeat(30));
    let failed = |cause: &str| session::Error {
        kind: session::ErrorKind::File(FileError::new(
            Path::new(&long),
            F::Io {
                doing: Doing::Replacing,
                source: std::io::Error::other(cause.to_string()),
            },
        )),
    };
    let short = walk_failed("Not recorded", &failed("Input/output error"));
    assert!(
        short.starts_with("Not recorded: .../charts/T.table ")
            && short.ends_with(": Input/output error"),
        "{short}"
    );
    let cut = walk_failed(
        "Not recorded",
        &failed(&"a cause told at length ".repeat(9)),
    );
    assert!(
        cut.ends_with("...") && fit(&cut, WIDTH, 2).len() == 2,
        "{cut}"
    );
    assert!(
        cut.starts_with("Not recorded: .../charts/T.table "),
        "{cut}"
    );
}

#[test]
fn a_finished_call_goes_on_into_the_call_it_leads_to() {
    let system = crate::charts::systems()
        .iter()
        .position(|s| s.meta.id == "undaunted")
        .expect("Undaunted");
    let p = crate::charts::systems()[system]
        .procedures
        .iter()
        .position(|p| p.id == "card")
        .expect("card");
    let mut w = WalkScreen::new(system, p, 1);
    for a in ["mg-schuetze", "n", "n", "n", "4"] {
        w.walk.answer_text(a).unwrap();
    }
    assert_eq!(w.walk.outcome().unwrap().result, "ANGRIFF (attack)");
    assert!(
        rows(&w)[24].contains("[1] then target"),
        "{:?}",
        rows(&w)[24]
    );
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert!(
        walk_key(&mut w, key('2')),
        "no second call: nothing happens"
    );
    assert_eq!(w.walk.procedure().id, "card");
    assert!(walk_key(&mut w, key('1')));
    assert_eq!(w.walk.procedure().id, "target");
    assert_eq!(
        w.walk.answers()[0],
        ("attacker".to_string(), Answer::Choice("mg".into())),
        "the attacker is carried over"
    );
    assert_eq!(w.walk.question().unwrap().id, "main-target");
    // Ctrl-R starts the chained call again, the attacker carried over as before.
    w.walk.answer_text("no").unwrap();
    assert!(walk_key(
        &mut w,
        KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL)
    ));
    assert_eq!(
        w.walk.answers(),
        &[("attacker".to_string(), Answer::Choice("mg".into()))]
    );
    assert_eq!(w.filled(0), Some(Filled::CallBefore));
    assert_eq!(w.walk.question().unwrap().id, "main-target");
}

fn system_of(id: &str) -> usize {
    crate::charts::systems()
        .iter()
        .position(|s| s.meta.id == id)
        .expect("a system")
}

/// Types `keys` on a screen and returns where it ends.
fn typed(mut screen: ChartsScreen, keys: &str) -> ChartsScreen {
    let dir = std::env::temp_dir();
    let env = Env {
        saves_dir: &dir,
        seed: Some(1),
    };
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        screen = key(screen, KeyEvent::new(code, KeyModifiers::NONE), &env).expect("stays");
    }
    screen
}

#[test]
fn a_chart_is_jumped_to_by_name_and_a_card_looked_up() {
    let ts = system_of("twilight-struggle");
    let (lines, starts) = system_page(ts);
    let cards_chart = crate::charts::systems()[ts]
        .charts
        .iter()
        .position(|c| c.id == "cards")
        .unwrap();
    // "/", a part of the chart's title, Enter: the screen scrolls to it.
    match typed(system_screen(ts), "/card notes\n") {
        ChartsScreen::System { scroll, status, .. } => {
            assert_eq!(
                scroll,
                starts[cards_chart].min(lines.len() - TEXT_ROWS),
                "{status:?}"
            );
            assert_eq!(status.as_deref(), Some("Chart: Card notes"));
        }
        _ => panic!("still the system's screen"),
    }
    match typed(system_screen(ts), "/regions\n") {
        ChartsScreen::System { scroll, .. } => assert!(scroll > 0),
        _ => panic!("still the system's screen"),
    }
    // A card's name (not a chart's) shows the card; Esc goes back.
    let screen = typed(system_screen(ts), "/lone gunman\n");
    match &screen {
        ChartsScreen::Card { lines, .. } => {
            assert!(lines[0].contains("CIA / Lone Gunman"), "{lines:?}")
        }
        _ => panic!("a card"),
    }
    assert!(matches!(
        typed(screen, "\x1b"),
        ChartsScreen::System { find: None, .. }
    ));
    // Undaunted's cards by number, in the source's playing order.
    match typed(system_screen(system_of("undaunted")), "/2\n") {
        ChartsScreen::Card { lines, .. } => {
            assert!(lines[0].starts_with("2. FELDWEBEL"), "{lines:?}")
        }
        _ => panic!("a card"),
    }
    // Nothing of that name: the screen says so and stays where it was.
    match typed(system_screen(ts), "/zzz\n") {
        ChartsScreen::System { scroll, status, .. } => {
            assert_eq!(scroll, 0);
            assert_eq!(status.as_deref(), Some("No chart or card is called 'zzz'."));
        }
        _ => panic!("still the system's screen"),
    }
    // Esc while typing leaves the search, not the screen.
    assert!(matches!(
        typed(system_screen(ts), "/ci\x1b"),
        ChartsScreen::System { find: None, .. }
    ));
}

#[test]
fn the_title_names_the_step_a_question_belongs_to() {
    let ts = system_of("twilight-struggle");
    let p = crate::charts::systems()[ts]
        .procedures
        .iter()
        .position(|p| p.id == "action")
        .unwrap();
    let mut w = WalkScreen::new(ts, p, 1);
    for a in ["n", "3", "mid"] {
        w.walk.answer_text(a).unwrap();
    }
    assert!(
        rows(&w)[0].ends_with("(Γ, question 4)"),
        "{:?}",
        rows(&w)[0]
    );
    for a in ["n", "n"] {
        w.walk.answer_text(a).unwrap();
    }
    assert!(
        rows(&w)[0].ends_with("(Δ, question 6)"),
        "{:?}",
        rows(&w)[0]
    );
    // On down to step 8: no event wins, not Red Scare, not short, nothing in Italy,
    // Europe or elsewhere.
    while w.walk.question().is_some_and(|q| q.id != "step8-ok") {
        let q = w.walk.question().unwrap();
        let a = if matches!(q.kind, Kind::Choice { .. }) {
            "none"
        } else {
            "n"
        };
        w.walk.answer_text(a).unwrap();
    }
    assert!(
        rows(&w)[0].contains("(step 8, question"),
        "{:?}",
        rows(&w)[0]
    );
    // A procedure without named steps keeps the question's number alone.
    let un = system_of("undaunted");
    let order = crate::charts::systems()[un]
        .procedures
        .iter()
        .position(|p| p.id == "order")
        .unwrap();
    assert!(rows(&WalkScreen::new(un, order, 1))[0].ends_with("(question 1)"));
}

/// A long answer (Undaunted's hand of cards) leaves the question its first words, so that
/// the line never reads "The... Schuetze B, ...", an answer to no question seen.
#[test]
fn a_long_answer_leaves_its_question_some_words() {
    let hand = Answer::Text(
        "Schuetze B, Spaeher A, Feldwebel, Gruppenfuehrer C, Unklare Lage, Zugtruppfuehrer".into(),
    );
    let line = history_line(
        "Which cards does the AI hold? For example: Schütze A, Späher B, Feldwebel.",
        &hand,
        "",
    );
    assert!(line.chars().count() <= WIDTH, "{line}");
    assert!(
        line.starts_with("Which cards does the AI hold? ..."),
        "{line}"
    );
    assert!(line.contains(" Schuetze B, Spaeher A, "), "{line}");
    let short = history_line("Down (1-4)?", &Answer::Number(3), "");
    assert_eq!(short, "Down (1-4)? 3");
}

#[test]
fn a_long_walk_title_is_shortened_at_a_word() {
    let t = walk_title(
        "Breakaway Football - solo mode",
        "AI defence: strategy, spy, play call",
        Some("the defence (d20)"),
        "question 10",
    );
    assert_eq!(
        t,
        " AI defence: strategy, spy, play call  (the defence (d20), question 10)"
    );
    // The step's words give way before the procedure's: the procedure says where the person
    // is, and "AI defence: strategy, spy..." would hide it.
    let t = walk_title(
        "Breakaway Football - solo mode",
        "AI defence: strategy, spy, play call",
        Some("your play and the spy tokens"),
        "question 10",
    );
    assert!(t.chars().count() <= 80, "{t}");
    assert!(
        t.starts_with(" AI defence: strategy, spy, play call  (your play and the"),
        "{t}"
    );
    assert!(t.ends_with("..., question 10)"), "{t}");
    let step = "step 4, the China card and something long";
    for sys in crate::charts::systems() {
        for p in sys.procedures {
            let t = walk_title(&sys.meta.name, p.title, Some(step), "question 12");
            assert!(t.chars().count() <= 80, "{t}");
            assert!(t.ends_with(", question 12)"), "{t}");
            let shown = t.trim_start();
            let shown = shown
                .strip_prefix(&format!("{}: ", sys.meta.name))
                .unwrap_or(shown);
            let (title, at) = shown.split_once("  (").expect("the step");
            let at = at.strip_suffix(", question 12)").unwrap();
            // Either the title whole and the step whole or cut at a word, or the step
            // whole and the title cut at a word.
            let (whole, cut, all) = if title == p.title {
                (title, at, step)
            } else {
                (at, title, p.title)
            };
            assert!(whole == step || whole == p.title, "{t}");
            match cut.strip_suffix("...") {
                None => assert_eq!(cut, all, "{t}"),
                Some(part) => {
                    assert!(all.starts_with(part), "{t}");
                    let next = all[part.len()..].chars().next();
                    assert!(
                        matches!(next, Some(' ' | ',' | ':' | ';')),
                        "cut mid-word: {t}"
                    );
                }
            }
        }
    }
}

/// The words of `text`, whitespace normalised.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_whole_call_and_the_last_steps_are_shown() {
    let w = twilight();
    let outcome = w.walk.outcome().expect("a call was made");
    let call = format!("Call: {}", outcome.result);
    assert!(call.len() > 80, "the case is a long call: {call}");
    assert!(
        outcome.path.len() > 10,
        "the case is a long path: {:?}",
        outcome.path
    );
    let rows = rows(&w);
    let text = rows.join("\n");
    // The call is drawn whole, wrapped over rows rather than cut.
    assert!(words(&text).contains(&words(&call)), "{text}");
    // Every step is there, the last one (which decides the call) among them.
    for step in &outcome.path {
        assert!(
            words(&text).contains(&words(&step.to_string())),
            "{step}:\n{text}"
        );
    }
    // Nothing on the error row or below but the keys.
    assert!(rows[22].is_empty() && rows[23].is_empty(), "{text}");
    assert!(rows[24].contains("[Enter] a new call"), "{}", rows[24]);
}

#[test]
fn a_path_longer_than_the_screen_keeps_its_last_steps() {
    let outcome = twilight().walk.outcome().unwrap();
    let mut path = outcome.path.clone();
    while path.len() < 30 {
        path.insert(0, Step::Note(format!("an early step {}", path.len())));
    }
    let (call, lines) = outcome_lines(&outcome.result, &path);
    let block = [call, lines].concat();
    assert!(block.len() <= usize::from(BOTTOM - TOP + 1), "{block:#?}");
    let text = block.join("\n");
    assert!(words(&text).contains(&words(&outcome.result)), "{text}");
    assert!(
        words(&text).contains(&words(&path.last().unwrap().to_string())),
        "{text}"
    );
    let shown = path
        .iter()
        .filter(|s| words(&text).contains(&words(&s.to_string())))
        .count();
    let note = format!("({} earlier steps not shown)", path.len() - shown);
    assert!(text.contains(&note), "{note}:\n{text}");
    // The steps shown are the last ones, in order.
    assert!(
        path[path.len() - shown..]
            .iter()
            .all(|s| words(&text).contains(&words(&s.to_string()))),
        "{text}"
    );
}

#[test]
fn a_long_question_is_wrapped_not_cut() {
    let system = crate::charts::systems()
        .iter()
        .position(|s| s.meta.name.contains("Twilight"))
        .unwrap();
    let p = crate::charts::systems()[system]
        .procedures
        .iter()
        .position(|p| p.id == "action")
        .unwrap();
    let mut w = WalkScreen::new(system, p, 1);
    w.walk.answer_text("n").unwrap();
    let q = w.walk.question().unwrap();
    assert!(
        q.prompt.len() > 78,
        "the case is a long prompt: {}",
        q.prompt
    );
    let text = rows(&w).join("\n");
    assert!(words(&text).contains(&words(&q.prompt)), "{text}");
    assert!(text.contains("Answer a whole number from"), "{text}");
}

#[test]
fn every_procedure_is_listed_in_full() {
    for (s, sys) in crate::charts::systems().iter().enumerate() {
        let lines = procedure_lines(s);
        assert!(
            lines.len() <= super::super::draw::TEXT_ROWS,
            "{} procedures fit the screen: {lines:#?}",
            sys.meta.name
        );
        assert!(
            lines.iter().all(|l| l.chars().count() <= WIDTH),
            "{lines:#?}"
        );
        let text = words(&lines.join(" "));
        for (i, p) in sys.procedures.iter().enumerate() {
            assert!(
                text.contains(&words(&format!(
                    "[{}] {} - {}",
                    procedure_char(i),
                    p.title,
                    p.about
                ))),
                "{}:\n{text}",
                p.about
            );
        }
        // Every procedure has its key, and the key opens it.
        assert!(
            sys.procedures.len() <= MOST_PROCEDURES,
            "{} has more procedures than keys",
            sys.meta.name
        );
        for i in 0..sys.procedures.len() {
            let k = KeyEvent::new(KeyCode::Char(procedure_char(i)), KeyModifiers::NONE);
            assert_eq!(procedure_key(s, k), Some(i));
            let lower = procedure_char(i).to_ascii_lowercase();
            let k = KeyEvent::new(KeyCode::Char(lower), KeyModifiers::NONE);
            assert_eq!(procedure_key(s, k), Some(i), "either case");
        }
        // U stays the key that takes a call back.
        let u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE);
        assert_eq!(procedure_key(s, u), None);
        // Continuation lines are indented under the title.
        for pair in lines.windows(2) {
            if !pair[1].is_empty() && !pair[1].starts_with('[') {
                assert!(
                    pair[1].starts_with("    ") && !pair[0].is_empty(),
                    "{pair:?}"
                );
            }
        }
    }
}

#[test]
fn a_list_answer_runs_on_over_four_rows_and_no_more() {
    let sys = crate::charts::systems()
        .iter()
        .position(|s| s.meta.id == "twilight-struggle")
        .unwrap();
    let p = crate::charts::systems()[sys]
        .procedures
        .iter()
        .position(|p| p.id == "take-card")
        .unwrap();
    let mut w = WalkScreen::new(sys, p, 1);
    let typed = |w: &mut WalkScreen, text: &str| {
        for c in text.chars() {
            walk_key(w, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        }
        walk_key(w, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    };
    typed(&mut w, "your-hand");
    // 62 characters: past the 30 a number or a yes/no gets.
    let list = "Fidel: 2 ai; Duck and Cover: 3 you; Summit: 1 you; Nasser: 1";
    typed(&mut w, &format!("{list} ai"));
    let o = w.walk.outcome().expect("the whole list was taken");
    assert_eq!(o.fields["card"], "Duck and Cover");
    // The row's limit: the cursor still fits at 80 columns.
    let mut w = WalkScreen::new(sys, p, 1);
    typed(&mut w, "your-hand");
    for _ in 0..100 {
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE),
        );
    }
    assert_eq!(w.input.chars().count(), 100);
    // A discard pile's worth runs on over four rows, all of it shown, none past column 80.
    for _ in 0..300 {
        walk_key(
            &mut w,
            KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE),
        );
    }
    assert_eq!(w.input.chars().count(), TEXT_INPUT);
    let shown = rows(&w);
    assert!(shown.iter().all(|r| r.chars().count() <= 80));
    let typed: String = shown
        .iter()
        .map(|r| r.trim())
        .filter(|r| r.chars().all(|c| c == 'x' || c == '_') && !r.is_empty())
        .collect();
    assert_eq!(typed, format!("{}_", "x".repeat(TEXT_INPUT)), "{shown:#?}");
}

#[test]
fn control_and_alt_letters_are_not_typed() {
    let mut w = WalkScreen::new(0, 0, 1);
    assert!(w.walk.question().is_some());
    walk_key(
        &mut w,
        KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL),
    );
    walk_key(&mut w, KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
    assert_eq!(w.input, "");
    walk_key(
        &mut w,
        KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE),
    );
    walk_key(
        &mut w,
        KeyEvent::new(KeyCode::Char('Y'), KeyModifiers::SHIFT),
    );
    assert_eq!(w.input, "uY");
    // Ctrl-R still starts again.
    w.input = "2".into();
    walk_key(&mut w, KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert!(!w.walk.answers().is_empty(), "{:?}", w.error);
    walk_key(
        &mut w,
        KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
    );
    assert!(w.walk.answers().is_empty() && w.input.is_empty());
}
