//! Table sessions in the terminal program's charts screens, driven by keys and drawn at
//! 80x25: starting one, its facts listed and changed, the answers it gives marked in a walk,
//! the charts' help, and a session that cannot be opened (damaged, with or without its
//! backup, or open in another program) told in full on the screen.

use accc::charts::session::{self, OpenTable};
use accc::charts::walk::Answer;
use accc::tui::charts_screen::{ChartsScreen, Filled};
use crossterm::event::KeyCode;

use super::tui::Screens;

fn system_of(id: &str) -> usize {
    accc::charts::systems()
        .iter()
        .position(|s| s.meta.id == id)
        .expect("a system")
}

fn procedure_key(system: &str, procedure: &str) -> String {
    let i = accc::charts::systems()[system_of(system)]
        .procedures
        .iter()
        .position(|p| p.id == procedure)
        .expect("a procedure");
    assert!(i < 9, "a digit key");
    (i + 1).to_string()
}

/// A session of `system` named `name` in a new folder, with `facts` set.
fn with_session(name: &str, system: &str, facts: &[(&str, Answer)]) -> Screens {
    let dir = tempfile::tempdir().unwrap();
    let mut t = OpenTable::create(dir.path(), name, system).unwrap();
    for (id, a) in facts {
        t.session.set(id, Some(a.clone()));
    }
    t.save().unwrap();
    drop(t);
    Screens::open_in(dir)
}

/// The letter of the fact whose row on the facts screen shows `text`.
fn fact_letter(s: &Screens, text: &str) -> String {
    let shot = s.shot();
    let row = shot
        .lines()
        .find(|l| l.contains(text))
        .unwrap_or_else(|| panic!("no fact {text}:\n{shot}"));
    row.trim_start().chars().nth(1).unwrap().to_string()
}

/// The words of `text`, whitespace normalised.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every row of the screen within 80 columns, and none of it below the key line.
fn fits(s: &Screens) {
    let rows = s.rows();
    assert_eq!(rows.len(), 25);
    assert!(rows.iter().all(|r| r.chars().count() <= 80), "{rows:#?}");
}

#[test]
fn a_session_is_started_in_the_terminal_and_opened() {
    let mut s = Screens::open();
    assert!(s.shot().contains("[N] new session"), "{}", s.shot());
    s.press("n");
    assert!(matches!(s.screen(), ChartsScreen::NewSession(_)));
    // A name the command line would refuse is refused here in the same words.
    s.press("my game");
    s.key(KeyCode::Enter);
    let shot = s.shot();
    assert!(
        words(&shot).contains(
            "'my game' is not a session name: use 1-16 letters, digits, _ or -, not beginning \
             with -"
        ),
        "{shot}"
    );
    for _ in 0.."my game".len() {
        s.key(KeyCode::Backspace);
    }
    s.press("sunday");
    insta::assert_snapshot!("charts_new_session_name", s.shot());
    s.key(KeyCode::Enter);
    insta::assert_snapshot!("charts_new_session_game", s.shot());
    fits(&s);
    // Esc goes back to the name, kept; Enter again, then the game.
    s.key(KeyCode::Esc);
    assert!(s.shot().contains("Name: sunday_"), "{}", s.shot());
    s.key(KeyCode::Enter);
    s.press("4");
    let ChartsScreen::Procedures { table: Some(t), .. } = s.screen() else {
        panic!("the new session is open: {}", s.shot())
    };
    assert_eq!(t.session.system, "twilight-struggle");
    assert!(s
        .shot()
        .contains("Table session sunday started for Twilight Struggle"));
    let path = session::path_of(s.dir.path(), "sunday").unwrap();
    assert_eq!(session::read(&path).unwrap().system, "twilight-struggle");
    // Back on the list it has its letter; a second one of the same name is refused.
    s.key(KeyCode::Esc);
    assert!(s.shot().contains("[a] sunday"), "{}", s.shot());
    s.press("nsunday");
    s.key(KeyCode::Enter);
    assert!(
        s.shot()
            .contains("A table session named sunday exists already"),
        "{}",
        s.shot()
    );
    s.key(KeyCode::Esc);
    assert!(matches!(s.screen(), ChartsScreen::Systems { .. }));
}

#[test]
fn the_facts_are_listed_changed_and_forgotten() {
    let mut s = with_session("game", "paydirt-vii", &[("blitz", Answer::Bool(true))]);
    s.press("a");
    assert!(s.shot().contains("kept: blitz yes"), "{}", s.shot());
    s.press("f");
    assert!(matches!(s.screen(), ChartsScreen::Facts(_)));
    insta::assert_snapshot!("charts_session_facts", s.shot());
    let blitz = fact_letter(&s, "blitz rating");
    s.press(&blitz);
    insta::assert_snapshot!("charts_session_fact_edit", s.shot());
    // A refused answer is named, cleared, and changes nothing.
    s.press("nono");
    s.key(KeyCode::Enter);
    let shot = s.shot();
    assert!(shot.contains("'nono' is not yes or no"), "{shot}");
    assert!(shot.contains("   _"), "the typed text is cleared: {shot}");
    let path = session::path_of(s.dir.path(), "game").unwrap();
    assert_eq!(
        session::read(&path).unwrap().known("blitz"),
        Some(&Answer::Bool(true))
    );
    s.press("no");
    s.key(KeyCode::Enter);
    let shot = words(&s.shot());
    assert!(shot.contains("Kept: blitz: no (it was yes)"), "{shot}");
    assert!(
        shot.contains("[U] on the session's screen takes this change back"),
        "{shot}"
    );
    assert_eq!(
        session::read(&path).unwrap().known("blitz"),
        Some(&Answer::Bool(false)),
        "saved at once"
    );
    fits(&s);
    // Enter on an empty answer forgets it.
    s.press(&blitz);
    s.key(KeyCode::Enter);
    assert!(s.shot().contains("Forgotten: blitz"), "{}", s.shot());
    assert_eq!(session::read(&path).unwrap().known("blitz"), None);
    // A letter with no fact does nothing; Esc goes back to the session.
    s.press("z");
    assert!(matches!(s.screen(), ChartsScreen::Facts(f) if f.edit.is_none()));
    s.key(KeyCode::Esc);
    assert!(s.shot().contains("no facts kept yet"), "{}", s.shot());
}

#[test]
fn u_takes_back_a_fact_changed_by_hand_and_a_call_in_their_order() {
    let mut s = with_session("game", "paydirt-vii", &[("blitz", Answer::Bool(true))]);
    let path = session::path_of(s.dir.path(), "game").unwrap();
    let facts = || session::read(&path).unwrap().facts;
    let before = facts();
    s.press("a");
    // A call made in the session: status, which keeps behind/ahead, time and margin.
    s.press(&procedure_key("paydirt-vii", "status"));
    for reply in ["4th-early", "-8"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    assert!(s.shot().contains("Recorded as call 1"), "{}", s.shot());
    s.key(KeyCode::Esc);
    let after_call = facts();
    assert_ne!(after_call, before);
    // Two changes by hand on [F]: blitz changed, then margin forgotten.
    s.press("f");
    let blitz = fact_letter(&s, "blitz rating");
    s.press(&blitz);
    s.press("no");
    s.key(KeyCode::Enter);
    let after_blitz = facts();
    assert_eq!(after_blitz.get("blitz"), Some(&Answer::Bool(false)));
    let margin = fact_letter(&s, "score minus yours");
    s.press(&margin);
    s.key(KeyCode::Enter);
    assert!(s.shot().contains("Forgotten: margin"), "{}", s.shot());
    assert_eq!(facts().get("margin"), None);
    s.key(KeyCode::Esc);
    // [U] takes them back, the last first, then the call: the facts exactly as before each.
    s.press("u");
    let shot = words(&s.shot());
    assert!(
        shot.contains("Took back the change by hand margin: forgotten (was -8)"),
        "{shot}"
    );
    assert_eq!(facts(), after_blitz);
    s.press("u");
    assert!(
        words(&s.shot()).contains("Took back the change by hand blitz: no (was yes)"),
        "{}",
        s.shot()
    );
    assert_eq!(facts(), after_call);
    s.press("u");
    assert!(s.shot().contains("Took back status"), "{}", s.shot());
    assert_eq!(facts(), before);
    assert!(session::read(&path).unwrap().log.is_empty());
    s.press("u");
    assert!(s.shot().contains("Nothing to take back."), "{}", s.shot());
}

#[test]
fn a_fact_is_checked_as_the_walk_checks_it() {
    let mut s = with_session("br", "breakaway", &[]);
    s.press("af");
    let letter = fact_letter(&s, "Spy Pass tokens");
    s.press(&letter);
    s.press("-1");
    s.key(KeyCode::Enter);
    assert!(s.shot().contains("-1 is out of range"), "{}", s.shot());
    s.press("3");
    s.key(KeyCode::Enter);
    let path = session::path_of(s.dir.path(), "br").unwrap();
    assert_eq!(
        session::read(&path).unwrap().known("pass-tokens"),
        Some(&Answer::Number(3))
    );
    let shot = s.shot();
    assert!(
        shot.lines()
            .any(|l| l.contains("Spy Pass tokens") && l.ends_with(" 3           standing")),
        "{shot}"
    );
}

#[test]
fn the_walk_marks_the_answers_the_session_gave_and_they_can_be_changed() {
    let mut s = with_session("game", "paydirt-vii", &[("blitz", Answer::Bool(false))]);
    s.press("a");
    s.press(&procedure_key("paydirt-vii", "defense"));
    // Down 1, 10 to go, 9 yards to score, not behind, not ahead, d20 8: the cell carries the
    // blitz mark, which the session answers.
    for reply in ["1", "10", "9", "no", "no", "8"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    let at = w
        .walk
        .answers()
        .iter()
        .position(|(id, _)| id == "blitz")
        .expect("blitz answered");
    assert_eq!(w.filled(at), Some(Filled::Session));
    assert!(w.walk.outcome().is_some());
    let shot = s.shot();
    assert!(
        shot.contains("... Is the team's blitz rating YES? no  (kept in the session)"),
        "{shot}"
    );
    insta::assert_snapshot!("charts_walk_from_the_session", shot);
    // The call is recorded; Backspace takes it back from the session and goes back over the
    // answer the session gave: it is asked, and the answer typed is the person's, kept by the
    // session once the call is made.
    assert!(
        s.rows()[24].contains("[Backspace] take back"),
        "{}",
        s.shot()
    );
    let path = session::path_of(s.dir.path(), "game").unwrap();
    assert_eq!(session::read(&path).unwrap().log.len(), 1);
    s.key(KeyCode::Backspace);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.walk.question().unwrap().id, "blitz", "{}", s.shot());
    assert!(
        s.shot()
            .contains("Call 1 taken back from table session game"),
        "{}",
        s.shot()
    );
    assert_eq!(session::read(&path).unwrap().log.len(), 0, "the file too");
    s.press("yes");
    s.key(KeyCode::Enter);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.walk.outcome().unwrap().fields["defense"], "blitz");
    assert!(!s.shot().contains("(kept in the session)"), "{}", s.shot());
    assert_eq!(session::read(&path).unwrap().log.len(), 1);
    assert_eq!(
        session::read(&path).unwrap().known("blitz"),
        Some(&Answer::Bool(true))
    );
}

/// A call the session could not record says so whole in the two rows under it, however long
/// the saves folder's path: the session's file is named by its folder and name there (the
/// full path had pushed the reason past the second row, which cut it).
#[test]
fn a_call_not_recorded_says_why_in_full_under_a_long_saves_path() {
    let dir = tempfile::Builder::new()
        .prefix(&format!("{}-", "a-saves-folder-far-down".repeat(5)))
        .tempdir()
        .unwrap();
    let mut t = OpenTable::create(dir.path(), "game", "paydirt-vii").unwrap();
    t.session.set("blitz", Some(Answer::Bool(false)));
    t.save().unwrap();
    drop(t);
    let path = session::path_of(dir.path(), "game").unwrap();
    assert!(path.display().to_string().len() > 120, "{}", path.display());
    let mut s = Screens::open_in(dir);
    s.press("a");
    s.press(&procedure_key("paydirt-vii", "defense"));
    for reply in ["1", "10", "9", "no", "no"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    // Something not a file now stands where the session's file was: its save fails.
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    s.press("8");
    s.key(KeyCode::Enter);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert!(w.walk.outcome().is_some());
    let said = w.recorded.clone().expect("told");
    assert_eq!(
        said,
        "Not recorded: .../charts/game.table is a folder, not a file this program can use"
    );
    assert_eq!(words(&s.rows()[22..24].join(" ")), words(&said));
    fits(&s);
    insta::assert_snapshot!("charts_walk_not_recorded_long_path", s.shot());
}

#[test]
fn while_asking_the_walk_says_how_to_answer_a_fact_otherwise() {
    let mut s = with_session(
        "ts",
        "twilight-struggle",
        &[("war", Answer::Choice("mid".into()))],
    );
    s.press("a");
    s.press(&procedure_key("twilight-struggle", "action"));
    for reply in ["no", "3"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let shot = s.shot();
    assert!(
        shot.contains("Which period of the war? mid  (kept in the session)"),
        "{shot}"
    );
    assert!(
        words(&shot).contains(
            "Answers marked (kept in the session) are its facts: [Backspace] goes back to one"
        ),
        "{shot}"
    );
    // Back over it: asked, and answered otherwise.
    s.key(KeyCode::Backspace);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.walk.question().unwrap().id, "war");
    s.press("late");
    s.key(KeyCode::Enter);
    let shot = s.shot();
    assert!(shot.contains("Which period of the war? late"), "{shot}");
    assert!(!shot.contains("(kept in the session)"), "{shot}");
}

#[test]
fn a_refused_answer_is_cleared_not_added_to() {
    let mut s = Screens::open();
    s.press("1w");
    s.press(&procedure_key("paydirt-vii", "defense"));
    for reply in ["1", "10", "9"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    s.press("nope");
    s.key(KeyCode::Enter);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.input, "");
    assert!(
        w.error.as_deref().is_some_and(|e| e.contains("'nope'")),
        "{:?}",
        w.error
    );
    s.press("no");
    s.key(KeyCode::Enter);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.walk.answers().len(), 4, "{:?}", w.error);
}

#[test]
fn help_explains_sessions_and_goes_back_where_it_was() {
    let mut s = with_session("game", "paydirt-vii", &[]);
    s.press("h");
    let shot = s.shot();
    assert!(shot.contains("THE SOLO CHARTS"), "{shot}");
    let ChartsScreen::Help { .. } = s.screen() else {
        panic!("help")
    };
    let all = accc::tui::charts_screen::help_lines().join("\n");
    for said in [
        "TABLE SESSIONS",
        "[N] starts a new",
        "(kept in the session)",
        "[F] lists the facts",
        "[U] takes back the last call",
        "NAME.table.bak",
        "[B] opens the backup",
    ] {
        assert!(all.contains(said), "{said}:\n{all}");
    }
    // What the command line can do while the terminal has the session open
    // (`a_session_open_in_another_program_exits_6` shows it), and what Ctrl-R does.
    for said in [
        "accc charts session show NAME reads one open here (it only reads, so it needs no lock)",
        "Ctrl-R starts the call again (in a session, with its facts filled in again)",
    ] {
        assert!(words(&all).contains(said), "{said}:\n{all}");
    }
    s.key(KeyCode::Esc);
    assert!(matches!(s.screen(), ChartsScreen::Systems { .. }));
    s.press("a?");
    assert!(matches!(s.screen(), ChartsScreen::Help { .. }));
    s.key(KeyCode::Esc);
    assert!(matches!(
        s.screen(),
        ChartsScreen::Procedures { table: Some(_), .. }
    ));
}

#[test]
fn keys_the_lists_do_not_name_do_nothing() {
    let mut s = with_session("game", "paydirt-vii", &[]);
    let before = s.shot();
    for k in ["b", "x", "f", "u", "w", "6", "0"] {
        s.press(k);
        assert_eq!(s.shot(), before, "{k}");
    }
    s.press("a");
    let session = s.shot();
    for k in ["9", "0", "x", "n", "b"] {
        s.press(k);
        assert_eq!(s.shot(), session, "{k}");
    }
}

/// Damages the session file at `path` (a byte of its contents flipped).
fn damage(path: &std::path::Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).unwrap();
    let n = bytes.len();
    bytes[n - 2] ^= 1;
    std::fs::write(path, &bytes).unwrap();
    bytes
}

#[test]
fn a_damaged_session_is_told_in_full_and_its_backup_opened() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = OpenTable::create(dir.path(), "u2", "paydirt-vii").unwrap();
    t.session.set("blitz", Some(Answer::Bool(true)));
    t.save().unwrap();
    let path = t.path.clone();
    drop(t);
    let damaged = damage(&path);
    let mut s = Screens::open_in(dir);
    s.press("a");
    let ChartsScreen::Systems { backup, .. } = s.screen() else {
        panic!("still the list")
    };
    assert_eq!(backup.as_deref(), Some("u2"));
    let rows = s.rows();
    let said = rows[..24].join(" ");
    let said = words(&said);
    for part in [
        &format!("{} is corrupt", path.display()),
        "checksum does not match",
        "Its backup u2.table.bak",
        "[B] opens it",
        "u2.table.bad",
    ] {
        assert!(said.contains(part), "{part}:\n{}", rows.join("\n"));
    }
    assert!(rows[24].contains("[B] open the backup"), "{}", rows[24]);
    fits(&s);
    insta::assert_snapshot!(
        "charts_damaged_session",
        s.shot()
            .replace(&path.display().to_string(), "SAVES/charts/u2.table")
    );
    s.press("b");
    let ChartsScreen::Procedures { table: Some(t), .. } = s.screen() else {
        panic!("the backup is open: {}", s.shot())
    };
    assert!(t.session.log.is_empty());
    assert!(s.shot().contains("Opened the backup of u2"), "{}", s.shot());
    let bad = path.with_file_name("u2.table.bad");
    assert_eq!(
        std::fs::read(&bad).unwrap(),
        damaged,
        "the evidence is kept"
    );
    assert!(session::read(&path).is_ok());
}

#[test]
fn a_damaged_session_without_a_backup_and_a_locked_one_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let t = OpenTable::create(dir.path(), "lone", "breakaway").unwrap();
    let path = t.path.clone();
    drop(t);
    damage(&path);
    let _other = OpenTable::create(dir.path(), "busy", "undaunted").unwrap();
    let mut s = Screens::open_in(dir);
    // busy is [a], lone [c] (b is the backup's key).
    assert!(s.shot().contains("[c] lone"), "{}", s.shot());
    s.press("c");
    let said = s.rows()[..24].join(" ");
    assert!(said.contains("It has no backup"), "{said}");
    assert!(!s.rows()[24].contains("[B]"), "{}", s.rows()[24]);
    s.press("b");
    assert!(matches!(s.screen(), ChartsScreen::Systems { .. }));
    assert!(std::fs::read(&path).is_ok(), "nothing was moved");
    s.press("a");
    let said = s.rows()[..24].join(" ");
    let said = words(&said);
    assert!(said.contains("is open in another accc"), "{said}");
    assert!(said.contains("busy.table"), "{said}");
    fits(&s);
}

/// A session of `system` with every fact it keeps set and three calls in its log, each with
/// a long result, in a new folder: the most a session's summary and last calls can say.
fn crowded_session(name: &str, system: &str) -> Screens {
    use accc::charts::walk::Kind;
    let dir = tempfile::tempdir().unwrap();
    let sys = &accc::charts::systems()[system_of(system)];
    let mut t = OpenTable::create(dir.path(), name, system).unwrap();
    for f in session::facts(sys) {
        let a = match &f.question.kind {
            Kind::YesNo => Answer::Bool(true),
            Kind::Number { min, .. } => Answer::Number(*min),
            Kind::Choice { options } => Answer::Choice(options[0].0.clone()),
            other => panic!("a fact of kind {other:?}"),
        };
        t.session.set(f.id, Some(a));
    }
    for (n, p) in sys.procedures.iter().cycle().take(3).enumerate() {
        t.session.log.push(session::Entry {
            procedure: p.id.to_string(),
            answers: Vec::new(),
            result: format!(
                "call {} of {}, {}",
                n + 1,
                p.id,
                "with a long result ".repeat(5)
            ),
            fields: Default::default(),
            facts_before: t.session.facts.clone(),
        });
    }
    t.save().unwrap();
    drop(t);
    Screens::open_in(dir)
}

/// The screen's words, whitespace normalised (a sentence wrapped over rows reads whole).
fn seen(s: &Screens) -> String {
    words(&s.shot())
}

/// The list's "(first-last of all)" on the key line, if it says there is more.
fn more_of(s: &Screens) -> Option<(usize, usize, usize)> {
    let keys = &s.rows()[24];
    let (_, tail) = keys.rsplit_once('(')?;
    let (span, all) = tail.trim_end_matches(')').split_once(" of ")?;
    let (first, last) = span.split_once('-')?;
    Some((first.parse().ok()?, last.parse().ok()?, all.parse().ok()?))
}

/// Scrolls the procedures down to their end, checking that every key promises only what the
/// keys reach: returns every row shown on the way.
fn scroll_through(s: &mut Screens) -> String {
    let mut shown = seen(s);
    for _ in 0..40 {
        match more_of(s) {
            Some((_, last, all)) if last < all => {
                s.key(KeyCode::Down);
                let (_, now, _) = more_of(s).expect("still a long list");
                assert_eq!(now, last + 1, "[Down] shows one more:\n{}", s.shot());
                shown.push('\n');
                shown.push_str(&seen(s));
            }
            _ => break,
        }
    }
    if let Some((_, last, all)) = more_of(s) {
        assert_eq!(last, all, "the keys reach the list's end:\n{}", s.shot());
        s.key(KeyCode::Home);
        assert_eq!(more_of(s).map(|m| m.0), Some(1), "{}", s.shot());
        s.key(KeyCode::End);
        assert_eq!(more_of(s).map(|m| m.1), Some(all), "{}", s.shot());
    }
    shown
}

#[test]
fn every_games_session_keeps_its_summary_and_message_in_sight() {
    let mut scrolls = Vec::new();
    for (i, sys) in accc::charts::systems().iter().enumerate() {
        let name = format!("g{i}");
        let mut s = crowded_session(&name, &sys.meta.id);
        s.press("a");
        let shot = seen(&s);
        assert!(
            shot.contains(&format!("Table session {name}, 3 calls; kept:")),
            "{}:\n{shot}",
            sys.meta.id
        );
        assert!(shot.contains("[F] shows them in full."), "{shot}");
        assert!(shot.contains("Last call: call 3 of"), "{shot}");
        fits(&s);
        // [U]: the call taken back is said, the summary counts one call fewer.
        s.press("u");
        let shot = seen(&s);
        assert!(
            shot.contains(&format!(
                "Took back {}",
                sys.procedures[2 % sys.procedures.len()].id
            )),
            "{}:\n{shot}",
            sys.meta.id
        );
        assert!(
            shot.contains(&format!("Table session {name}, 2 calls;")),
            "{shot}"
        );
        assert!(shot.contains("Last call: call 2 of"), "{shot}");
        fits(&s);
        if sys.meta.id == "undaunted" {
            insta::assert_snapshot!("charts_undaunted_session_taken_back", s.shot());
        }
        // Every procedure's key is on the list, reached by the keys if it scrolls.
        let all = scroll_through(&mut s);
        for (k, p) in sys.procedures.iter().enumerate() {
            let key = accc::tui::charts_screen::procedure_char(k);
            let first_word = p.title.split_whitespace().next().unwrap();
            assert!(
                all.contains(&format!("[{key}] {first_word}")),
                "{} [{key}]:\n{all}",
                sys.meta.id
            );
        }
        // The most a message can take: the session's lines and the message stay in sight,
        // and the list scrolls to its end.
        let ChartsScreen::Procedures { table, .. } = s.screen.take().unwrap() else {
            panic!("the procedures")
        };
        let long = "a message as long as a refusal naming its file ".repeat(8);
        s.screen = Some(ChartsScreen::Procedures {
            system: i,
            table,
            status: Some(long.clone()),
            scroll: 0,
        });
        let shot = seen(&s);
        assert!(shot.contains("a message as long as a refusal"), "{shot}");
        assert!(shot.contains("Last call: call 2 of"), "{shot}");
        assert!(
            shot.contains(&format!("Table session {name}, 2 calls;")),
            "{shot}"
        );
        fits(&s);
        if more_of(&s).is_some() {
            scrolls.push(sys.meta.id.clone());
            insta::assert_snapshot!(format!("charts_{}_session_scrolls", sys.meta.id), s.shot());
        }
        let all = scroll_through(&mut s);
        for k in 0..sys.procedures.len() {
            let key = accc::tui::charts_screen::procedure_char(k);
            assert!(
                all.contains(&format!("[{key}] ")),
                "{} [{key}]:\n{all}",
                sys.meta.id
            );
        }
    }
    // The longest list, under the longest message, is the case that scrolls.
    assert_eq!(scrolls, ["twilight-struggle"]);
}

#[test]
fn breakaways_facts_are_named_whole_on_the_facts_screen() {
    let mut s = with_session("bk", "breakaway", &[]);
    s.press("af");
    let shot = s.shot();
    let sys = &accc::charts::systems()[system_of("breakaway")];
    for fact in session::facts(sys) {
        let about = accc::tui::charts_session::about(&fact);
        assert!(
            shot.lines().any(|l| l.contains(&format!("] {about} "))),
            "{}: {about}\n{shot}",
            fact.id
        );
    }
    // The two sheets, each its own fact.
    assert!(shot.contains("The AI defence's charts"), "{shot}");
    assert!(shot.contains("The AI offence's sheet"), "{shot}");
    fits(&s);
}

#[test]
fn the_scout_card_takes_scouted_enough_from_the_session() {
    let mut s = with_session(
        "un",
        "undaunted",
        &[("scouted-enough", Answer::Bool(false))],
    );
    s.press("a");
    s.press(&procedure_key("undaunted", "card"));
    for reply in ["spaeher", "yes"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(
        w.walk.answers().last(),
        Some(&("scouted-enough".to_string(), Answer::Bool(false)))
    );
    assert_eq!(w.filled(w.walk.answers().len() - 1), Some(Filled::Session));
    assert!(
        w.walk.question().unwrap().id.starts_with("d10"),
        "the W10 next"
    );
    let shot = s.shot();
    assert!(
        shot.contains("has the AI scouted enough... no  (kept in the session)"),
        "{shot}"
    );
    fits(&s);
}

/// Types each reply and Enter.
fn replies(s: &mut Screens, list: &[&str]) {
    for reply in list {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
}

#[test]
fn a_new_call_starts_afresh_and_leaving_counts_only_answers_given() {
    // Outside a session: status says behind, its offence call takes that from it...
    let mut s = Screens::open();
    s.press("1w");
    s.press(&procedure_key("paydirt-vii", "status"));
    replies(&mut s, &["3rd-late", "-20"]);
    assert!(s.shot().contains("[1] offense"), "{}", s.shot());
    s.press("1");
    replies(&mut s, &["1", "10", "60"]);
    assert!(
        s.shot().contains("behind? ... yes  (from the call before)"),
        "{}",
        s.shot()
    );
    // ...and Esc on it counts the three answers typed, not the one carried over.
    s.key(KeyCode::Esc);
    assert!(
        words(&s.shot()).contains("the 3 answers you gave so far will be lost"),
        "{}",
        s.shot()
    );
    replies(&mut s, &["5", "5"]);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert!(w.walk.outcome().is_some(), "{}", s.shot());
    // A new call asks again: the call before was the offence, not the status.
    s.key(KeyCode::Enter);
    replies(&mut s, &["1", "10", "60"]);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking")
    };
    assert_eq!(w.walk.question().unwrap().id, "behind", "{}", s.shot());
    assert!(!s.shot().contains("(from the call before)"), "{}", s.shot());
    // Nothing typed, nothing to lose: Esc leaves at once.
    let mut s = Screens::open();
    s.press("1w");
    s.press(&procedure_key("paydirt-vii", "status"));
    replies(&mut s, &["3rd-late", "-20"]);
    s.press("1");
    s.key(KeyCode::Esc);
    assert!(
        matches!(s.screen(), ChartsScreen::Procedures { .. }),
        "{}",
        s.shot()
    );

    // In a session the status's facts are kept: a new call takes them from the session, and
    // says so.
    let mut s = with_session("pd", "paydirt-vii", &[]);
    s.press("a");
    s.press(&procedure_key("paydirt-vii", "status"));
    replies(&mut s, &["3rd-late", "-20"]);
    s.press("1");
    replies(&mut s, &["1", "10", "60", "5", "5"]);
    s.key(KeyCode::Enter);
    replies(&mut s, &["1", "10", "60"]);
    let shot = s.shot();
    assert!(
        shot.contains("behind? ... yes  (kept in the session)"),
        "{shot}"
    );
    assert!(!shot.contains("(from the call before)"), "{shot}");
}

/// The longest value of a fact, and with it the longest message its change can leave under
/// the list: yes, the largest number, the option whose meaning is the longest.
fn longest_value(fact: &session::Fact) -> String {
    use accc::charts::walk::Kind;
    match &fact.question.kind {
        Kind::Number { max, .. } => max.to_string(),
        Kind::Choice { options } => options
            .iter()
            .max_by_key(|(k, m)| k.len() + m.len())
            .map(|(k, _)| k.clone())
            .unwrap(),
        _ => "yes".into(),
    }
}

/// The screen is whole: within 80 columns and no list longer than its rows (no "(1-20 of
/// 22)" beside the keys), nothing cut with "...".
fn whole(s: &Screens) {
    fits(s);
    let rows = s.rows();
    assert!(!rows[24].contains(" of "), "{}", s.shot());
    assert!(!s.shot().contains("..."), "{}", s.shot());
}

#[test]
fn every_fact_and_every_refusal_is_read_whole_at_80_by_25() {
    use accc::tui::charts_session::{about, FACT_LETTERS};
    for sys in accc::charts::systems() {
        let mut s = with_session("t", &sys.meta.id, &[]);
        s.press("a");
        s.press("f");
        let facts = session::facts(sys);
        let list = |s: &Screens| {
            whole(s);
            let shot = words(&s.shot());
            assert!(
                s.rows()[0].contains(", its facts"),
                "the title is whole: {}",
                s.shot()
            );
            for fact in &facts {
                assert!(shot.contains(&words(&about(fact))), "{}", s.shot());
            }
        };
        list(&s);
        for (l, fact) in FACT_LETTERS.chars().zip(&facts) {
            s.press(&l.to_string());
            // The fact's own screen: what it is, the answers it takes and what they mean.
            whole(&s);
            let shot = words(&s.shot());
            assert!(shot.contains(&words(&about(fact))), "{}", s.shot());
            if let accc::charts::walk::Kind::Choice { options } = &fact.question.kind {
                for (k, m) in options {
                    assert!(shot.contains(&words(&format!("{k}: {m}"))), "{}", s.shot());
                }
            }
            // Each wrong answer is refused in full, naming what was typed.
            for bad in [
                "maybe",
                "-1",
                "99999",
                "x",
                "abcdefghijklmnopqrstuvwxyz0123",
            ] {
                let Err(e) = fact.read(bad) else { continue };
                s.press(bad);
                s.key(KeyCode::Enter);
                whole(&s);
                let shot = words(&s.shot());
                assert!(shot.contains(&words(&e.message)), "{bad}: {}", s.shot());
                assert!(shot.contains(bad), "{bad}: {}", s.shot());
            }
            // The longest change it can make is told in full under the whole list.
            let value = longest_value(fact);
            s.press(&value);
            s.key(KeyCode::Enter);
            let shot = words(&s.shot());
            assert!(
                shot.contains(&format!("Kept: {}: {value}", fact.id)),
                "{shot}"
            );
            assert!(
                shot.contains("[U] on the session's screen takes this change back."),
                "{shot}"
            );
            list(&s);
        }
    }
}

/// The walk's answers and where each came from.
fn answered(s: &Screens) -> Vec<(String, Answer, Option<Filled>)> {
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("walking: {}", s.shot())
    };
    w.walk
        .answers()
        .iter()
        .enumerate()
        .map(|(i, (id, a))| (id.clone(), a.clone(), w.filled(i)))
        .collect()
}

/// Answers every question left in the walk: no, the first option, the least number, and
/// [Enter] alone on a die, which rolls it.
fn walk_to_the_end(s: &mut Screens) {
    use accc::charts::walk::Kind;
    for _ in 0..60 {
        let ChartsScreen::Walk(w) = s.screen() else {
            panic!("walking")
        };
        let Some(q) = w.walk.question() else { return };
        let reply = match &q.kind {
            Kind::YesNo => "no".to_string(),
            Kind::Choice { options } => options[0].0.clone(),
            Kind::Number { min, .. } => min.to_string(),
            _ => String::new(),
        };
        s.press(&reply);
        s.key(KeyCode::Enter);
    }
    panic!("no end: {}", s.shot());
}

#[test]
fn ctrl_r_starts_the_call_again_with_the_sessions_facts_as_a_new_call_has_them() {
    // Breakaway's defence opens on a fact the session keeps (the defence's charts).
    let mut s = with_session(
        "bk",
        "breakaway",
        &[("defense-sheet", Answer::Choice("sample".into()))],
    );
    s.press("a");
    s.press(&procedure_key("breakaway", "defense"));
    let opened = answered(&s);
    let first = s.shot();
    assert_eq!(
        opened,
        [(
            "defense-sheet".to_string(),
            Answer::Choice("sample".into()),
            Some(Filled::Session)
        )],
        "{first}"
    );
    s.press("balanced");
    s.key(KeyCode::Enter);
    assert_eq!(answered(&s).len(), 2, "{}", s.shot());
    s.ctrl('r');
    assert_eq!(answered(&s), opened);
    assert_eq!(s.shot(), first);
    // So too on a call made and recorded: Ctrl-R starts a new one, the first kept.
    walk_to_the_end(&mut s);
    assert!(s.shot().contains("Recorded as call 1"), "{}", s.shot());
    s.ctrl('r');
    assert_eq!(answered(&s), opened);
    let path = session::path_of(s.dir.path(), "bk").unwrap();
    assert_eq!(session::read(&path).unwrap().log.len(), 1);
}

#[test]
fn a_new_call_rolls_its_own_dice() {
    // The dice [Enter] rolls in one call are not the next call's: five calls of Breakaway's
    // defence, each a new call after the one before, do not all roll the same.
    let mut s = with_session("bk", "breakaway", &[]);
    s.press("a");
    s.press(&procedure_key("breakaway", "defense"));
    let mut rolls = Vec::new();
    for _ in 0..5 {
        walk_to_the_end(&mut s);
        let dice: Vec<i64> = answered(&s)
            .into_iter()
            .filter_map(|(_, a, _)| match a {
                Answer::Die { value, rolled } => rolled.then_some(value),
                _ => None,
            })
            .collect();
        assert!(!dice.is_empty(), "{}", s.shot());
        rolls.push(dice);
        s.key(KeyCode::Enter);
    }
    assert!(rolls.iter().any(|r| *r != rolls[0]), "{rolls:?}");
}

/// Paydirt VII's `status` in a session asks the time and the score on every call, the
/// session's last answers offered for [Enter]; a new call ([Enter] after it) is not recorded
/// from the old facts unasked: ahead or behind kept from an old score would be wrong.
#[test]
fn paydirt_status_asks_the_time_and_score_each_call_offering_the_last() {
    let mut s = with_session(
        "pd",
        "paydirt-vii",
        &[
            ("time", Answer::Choice("3rd-late".into())),
            ("margin", Answer::Number(-15)),
            ("behind", Answer::Bool(true)),
            ("ahead", Answer::Bool(false)),
        ],
    );
    let path = session::path_of(s.dir.path(), "pd").unwrap();
    s.press("a");
    s.press(&procedure_key("paydirt-vii", "status"));
    let asked = |s: &Screens| match s.screen() {
        ChartsScreen::Walk(w) => w.walk.question().map(|q| q.id),
        _ => panic!("walking: {}", s.shot()),
    };
    assert_eq!(asked(&s).as_deref(), Some("time"), "{}", s.shot());
    let shot = words(&s.shot());
    assert!(
        shot.contains("[Enter] on nothing typed keeps the session's last answer, 3rd-late"),
        "{shot}"
    );
    insta::assert_snapshot!("charts_status_offers_the_last_time", s.shot());
    fits(&s);
    assert_eq!(
        session::read(&path).unwrap().log.len(),
        0,
        "nothing recorded"
    );
    // The time kept with [Enter], the new score typed.
    s.key(KeyCode::Enter);
    assert_eq!(asked(&s).as_deref(), Some("margin"), "{}", s.shot());
    assert!(
        words(&s.shot()).contains("keeps the session's last answer, -15"),
        "{}",
        s.shot()
    );
    s.press("-8");
    s.key(KeyCode::Enter);
    let kept = session::read(&path).unwrap();
    assert_eq!(kept.log.len(), 1);
    assert_eq!(kept.known("margin"), Some(&Answer::Number(-8)));
    assert_eq!(
        kept.known("behind"),
        Some(&Answer::Bool(false)),
        "3rd-late: 15"
    );
    // A new call asks again, the last answers offered, and records nothing on its own.
    s.key(KeyCode::Enter);
    assert_eq!(asked(&s).as_deref(), Some("time"), "{}", s.shot());
    s.press("4th-early");
    s.key(KeyCode::Enter);
    assert_eq!(asked(&s).as_deref(), Some("margin"), "{}", s.shot());
    assert_eq!(session::read(&path).unwrap().log.len(), 1);
    s.key(KeyCode::Enter);
    let kept = session::read(&path).unwrap();
    assert_eq!(kept.log.len(), 2);
    assert_eq!(
        kept.known("behind"),
        Some(&Answer::Bool(true)),
        "4th-early: 8"
    );
}

/// A time or margin changed on the facts screen works ahead and behind out again, and says
/// so, as the command line's `session set` does.
#[test]
fn a_margin_changed_on_the_facts_screen_works_out_behind_again() {
    let mut s = with_session(
        "pd",
        "paydirt-vii",
        &[
            ("time", Answer::Choice("3rd-late".into())),
            ("margin", Answer::Number(-15)),
            ("behind", Answer::Bool(true)),
            ("ahead", Answer::Bool(false)),
        ],
    );
    s.press("a");
    s.press("f");
    let letter = fact_letter(&s, "The AI's score minus yours");
    s.press(&letter);
    s.press("3");
    s.key(KeyCode::Enter);
    let shot = words(&s.shot());
    assert!(shot.contains("In turn: behind: no (was yes)."), "{shot}");
    fits(&s);
    let path = session::path_of(s.dir.path(), "pd").unwrap();
    let kept = session::read(&path).unwrap();
    assert_eq!(kept.known("behind"), Some(&Answer::Bool(false)));
}

/// A new session's name may not begin with '-', which the command line would take for an
/// option: refused on the name screen, in the command line's words, so a session made here
/// can always be reached from the command line.
#[test]
fn a_new_sessions_name_beginning_with_a_hyphen_is_refused() {
    let mut s = Screens::open();
    s.press("n");
    s.press("-y");
    s.key(KeyCode::Enter);
    let shot = words(&s.shot());
    assert!(
        shot.contains(
            "'-y' cannot name a new session: it begins with '-', which a command line would take \
             for an option"
        ),
        "{shot}"
    );
    assert!(matches!(s.screen(), ChartsScreen::NewSession(_)));
    fits(&s);
    assert!(!session::path_of(s.dir.path(), "-y").unwrap().exists());
}

/// The charts' list with more table sessions than rows: the key line keeps within 80 columns
/// with the list's place in full, and [Down] reaches the last session, also while a message
/// (a damaged session's) takes rows under the list, so no session is out of reach.
#[test]
fn a_long_list_of_sessions_scrolls_to_its_end_with_its_place_in_full() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10 {
        drop(OpenTable::create(dir.path(), &format!("game{i:02}"), "paydirt-vii").unwrap());
    }
    drop(OpenTable::create(dir.path(), "zz", "undaunted").unwrap());
    let mut s = Screens::open_in(dir);
    let place = |s: &Screens| {
        let keys = s.rows()[24].clone();
        assert!(keys.contains("[N] new session"), "{keys}");
        let at = keys.rfind("  (").expect("the list's place");
        let place = keys[at + 2..].trim_end().to_string();
        assert!(place.ends_with(')') && place.contains(" of "), "{keys}");
        place
    };
    fits(&s);
    assert!(place(&s).starts_with("(1-"), "{}", place(&s));
    for _ in 0..30 {
        s.key(KeyCode::Down);
    }
    fits(&s);
    assert!(s.shot().contains("zz "), "{}", s.shot());
    insta::assert_snapshot!("charts_list_scrolled_to_its_end", s.shot());
    // A damaged session's message under the list: the list still scrolls to its end.
    s.key(KeyCode::Home);
    let letter = s
        .rows()
        .iter()
        .find(|r| r.contains("] game00 "))
        .map(|r| r.trim_start()[1..2].to_string())
        .expect("game00 listed");
    let path = session::path_of(s.dir.path(), "game00").unwrap();
    damage(&path);
    s.press(&letter);
    assert!(s.shot().contains("corrupt"), "{}", s.shot());
    for _ in 0..30 {
        s.key(KeyCode::Down);
    }
    fits(&s);
    assert!(s.shot().contains("zz "), "{}", s.shot());
    place(&s);
}
