//! The charts screens of the terminal program, driven by keys through
//! `accc::tui::charts_screen` and drawn on an 80x25 `TestBackend`.

use accc::charts::walk::Kind;
use accc::tui::charts_screen::{self, ChartsScreen, Env};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// The charts screens as the program holds them, with the folder and seed they use.
pub struct Screens {
    pub screen: Option<ChartsScreen>,
    pub dir: tempfile::TempDir,
    pub seed: u64,
}

impl Screens {
    pub fn open() -> Screens {
        Screens::open_in(tempfile::tempdir().unwrap())
    }

    pub fn open_in(dir: tempfile::TempDir) -> Screens {
        Screens {
            screen: Some(charts_screen::open(dir.path())),
            dir,
            seed: 3,
        }
    }

    pub fn key(&mut self, code: KeyCode) {
        let env = Env {
            saves_dir: self.dir.path(),
            seed: Some(self.seed),
        };
        let s = self.screen.take().expect("still on the charts screens");
        self.screen = charts_screen::key(s, KeyEvent::new(code, KeyModifiers::NONE), &env);
    }

    /// Ctrl and the letter `c`.
    pub fn ctrl(&mut self, c: char) {
        let env = Env {
            saves_dir: self.dir.path(),
            seed: Some(self.seed),
        };
        let s = self.screen.take().expect("still on the charts screens");
        let k = KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        self.screen = charts_screen::key(s, k, &env);
    }

    pub fn press(&mut self, keys: &str) {
        for c in keys.chars() {
            self.key(KeyCode::Char(c));
        }
    }

    pub fn screen(&self) -> &ChartsScreen {
        self.screen.as_ref().expect("still on the charts screens")
    }

    /// The screen at 80x25 as rows, trailing spaces trimmed.
    pub fn rows(&self) -> Vec<String> {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| charts_screen::draw_screen(f, f.area(), self.screen()))
            .unwrap();
        crate::helpers::buffer_text(t.backend().buffer())
            .split('\n')
            .map(str::to_string)
            .collect()
    }

    pub fn shot(&self) -> String {
        self.rows().join("\n")
    }
}

#[test]
fn the_charts_can_be_read_and_walked() {
    let mut s = Screens::open();
    insta::assert_snapshot!("charts_menu", s.shot());
    s.press("1");
    assert!(matches!(s.screen(), ChartsScreen::System { system: 0, .. }));
    insta::assert_snapshot!("charts_paydirt_vii", s.shot());
    s.press("w");
    assert!(matches!(
        s.screen(),
        ChartsScreen::Procedures { system: 0, .. }
    ));
    let offense = accc::charts::systems()[0]
        .procedures
        .iter()
        .position(|p| p.id == "offense")
        .unwrap();
    s.press(&(offense + 1).to_string());
    assert!(matches!(s.screen(), ChartsScreen::Walk(_)));
    // Answer every question: numbers from the situation, "no" to yes/no, Enter rolls dice.
    let mut answered = 0;
    while let ChartsScreen::Walk(w) = s.screen() {
        let Some(q) = w.walk.question() else { break };
        let reply = match q.kind {
            Kind::YesNo => "no".to_string(),
            Kind::Number { min, max } => ((min + max) / 2).to_string(),
            Kind::Choice { options } => options[0].0.clone(),
            Kind::Die { .. } => String::new(),
            Kind::Text { .. } => "x".into(),
        };
        s.press(&reply);
        s.key(KeyCode::Enter);
        answered += 1;
        assert!(answered < 30, "the walk ends");
    }
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!("still walking")
    };
    let outcome = w.walk.outcome().expect("a call was made");
    assert!(outcome.fields.contains_key("play"), "{:?}", outcome.fields);
    insta::assert_snapshot!("charts_walk_done", s.shot());
    // Backspace on an empty line takes back the last answer.
    s.key(KeyCode::Backspace);
    let ChartsScreen::Walk(w) = s.screen() else {
        panic!()
    };
    assert!(w.walk.question().is_some());
    // Esc on a walk with answers asks first.
    s.key(KeyCode::Esc);
    assert!(matches!(s.screen(), ChartsScreen::Walk(_)));
    assert!(
        s.shot().contains("Press Esc again to leave"),
        "{}",
        s.shot()
    );
    s.key(KeyCode::Esc);
    assert!(matches!(s.screen(), ChartsScreen::Procedures { .. }));
    s.key(KeyCode::Esc);
    s.key(KeyCode::Esc);
    s.key(KeyCode::Esc);
    assert!(s.screen.is_none(), "Esc from the list leaves the charts");
}

/// The walk on screen.
fn walk(s: &Screens) -> &charts_screen::WalkScreen {
    match s.screen() {
        ChartsScreen::Walk(w) => w,
        _ => panic!("not walking"),
    }
}

#[test]
fn a_die_taken_back_and_rolled_again_keeps_its_value() {
    let mut s = Screens::open();
    s.press("4w");
    let region = accc::charts::systems()[3]
        .procedures
        .iter()
        .position(|p| p.id == "region")
        .unwrap();
    s.press(&(region + 1).to_string());
    s.press("mid");
    s.key(KeyCode::Enter);
    s.key(KeyCode::Enter); // the program rolls the d20
    let first = walk(&s).walk.outcome().expect("rolled").fields["d20"].clone();
    for _ in 0..5 {
        s.key(KeyCode::Backspace);
        assert!(walk(&s).walk.question().is_some());
        s.key(KeyCode::Enter);
        assert_eq!(walk(&s).walk.outcome().unwrap().fields["d20"], first);
    }
    let shot = s.shot();
    // The history reads as questions, not internal ids; the keys say what Enter does now.
    assert!(shot.contains("Which period of the war? mid"), "{shot}");
    assert!(shot.contains("[Enter] a new call"), "{shot}");
    assert!(!shot.contains("[Enter] answer"), "{shot}");
}

#[test]
fn a_table_session_is_listed_played_in_and_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut t =
            accc::charts::session::OpenTable::create(dir.path(), "game", "paydirt-vii").unwrap();
        t.session
            .set("blitz", Some(accc::charts::walk::Answer::Bool(true)));
        t.save().unwrap();
    }
    let mut s = Screens::open_in(dir);
    let shot = s.shot();
    assert!(
        shot.contains("[a] game") && shot.contains("paydirt-vii"),
        "{shot}"
    );
    s.press("a");
    assert!(matches!(
        s.screen(),
        ChartsScreen::Procedures { table: Some(_), .. }
    ));
    insta::assert_snapshot!("charts_session_procedures", s.shot());
    let defense = accc::charts::systems()[0]
        .procedures
        .iter()
        .position(|p| p.id == "defense")
        .unwrap();
    s.press(&(defense + 1).to_string());
    for reply in ["1", "10", "9", "no", "no", "8"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let w = walk(&s);
    let outcome = w.walk.outcome().expect("the call is made");
    // The blitz rating came from the session: six replies typed, seven answers taken.
    assert_eq!(outcome.fields["defense"], "blitz");
    assert_eq!(w.walk.answers().len(), 7);
    assert!(w
        .walk
        .answers()
        .contains(&("blitz".to_string(), accc::charts::walk::Answer::Bool(true))));
    assert!(
        s.shot()
            .contains("Recorded as call 1 of table session game"),
        "{}",
        s.shot()
    );
    s.key(KeyCode::Esc);
    let shot = s.shot();
    assert!(
        shot.contains("1 call") && shot.contains("Last call: defense: blitz"),
        "{shot}"
    );
    s.press("u");
    let shot = s.shot();
    assert!(shot.contains("Took back defense"), "{shot}");
    let ChartsScreen::Procedures { table: Some(t), .. } = s.screen() else {
        panic!()
    };
    assert!(t.session.log.is_empty());
    assert_eq!(
        accc::charts::session::read(&t.path).unwrap().log.len(),
        0,
        "the file says so too"
    );
}

#[test]
fn every_chart_fits_80_columns_without_a_wrapped_row() {
    for sys in accc::charts::systems() {
        for chart in &sys.charts {
            let text = accc::charts::table::render_within(chart, 78);
            // OpenTable lines (titles and notes are prose, wrapped on screen like any text).
            for line in text
                .lines()
                .filter(|l| l.contains(" | ") || l.contains("-+-"))
            {
                assert!(
                    line.chars().count() <= 78,
                    "{} {}: {line}",
                    sys.meta.id,
                    chart.id
                );
            }
            // Every row label still starts a line of its own (a row is never broken across
            // lines at the screen's edge).
            for row in &chart.rows {
                let first = row.label.split_whitespace().next().unwrap_or("");
                assert!(
                    first.is_empty() || text.lines().any(|l| l.starts_with(first)),
                    "{} {}: row {}",
                    sys.meta.id,
                    chart.id,
                    row.label
                );
            }
        }
    }
}

#[test]
fn every_system_screen_at_80x25() {
    for (i, sys) in accc::charts::systems().iter().enumerate() {
        let mut s = Screens::open();
        s.press(&(i + 1).to_string());
        // Page through the whole screen: no row runs past the edge.
        let mut pages = vec![s.shot()];
        for _ in 0..200 {
            s.key(KeyCode::PageDown);
            let shot = s.shot();
            if pages.last() == Some(&shot) {
                break;
            }
            pages.push(shot);
        }
        for page in &pages {
            for row in page.lines() {
                assert!(row.chars().count() <= 80, "{}: {row}", sys.meta.id);
            }
        }
        insta::assert_snapshot!(format!("system_{}", sys.meta.id), pages[0]);
    }
}

#[test]
fn twilight_event_influence_walks_on_into_the_9b_draw_in_a_session() {
    let dir = tempfile::tempdir().unwrap();
    accc::charts::session::OpenTable::create(dir.path(), "ts", "twilight-struggle")
        .unwrap()
        .save()
        .unwrap();
    let mut s = Screens::open_in(dir);
    s.press("a");
    // Thirteen procedures: 1-9, 0, then letters; U still takes a call back.
    let menu = s.shot();
    assert!(
        menu.contains("[C] An AI event's influence: where"),
        "{menu}"
    );
    insta::assert_snapshot!("charts_twilight_session_procedures", menu);
    s.press("c");
    for reply in [
        "place", "no", "no", "no", "none", "none", "none", "africa", "no", "no",
    ] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let shot = s.shot();
    assert!(shot.contains("[1] then place-9b"), "{shot}");
    s.press("1");
    for reply in ["1", "1", "2"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    // The die: Enter lets the program roll; then the question the board answers.
    s.key(KeyCode::Enter);
    let asked = s.shot();
    assert!(asked.contains("does the AI control"), "{asked}");
    insta::assert_snapshot!("charts_place_9b_controlled_question", asked);
    s.press("yes");
    s.key(KeyCode::Enter);
    let w = walk(&s);
    let o = w.walk.outcome().expect("the draw is made");
    assert_eq!(o.fields["placed"].as_array().unwrap().len(), 2);
    assert_eq!(o.fields["controlled"].as_array().unwrap().len(), 1);
    s.key(KeyCode::Esc);
    let menu = s.shot();
    assert!(
        menu.contains("2 calls") && menu.contains("[U] take back"),
        "{menu}"
    );
    insta::assert_snapshot!("charts_twilight_session_after_two_calls", menu);
}

/// The walk of `procedure` of `system`, opened by its keys as a person would.
fn walking(system: &str, procedure: &str) -> Screens {
    let sys = accc::charts::systems()
        .iter()
        .position(|s| s.meta.id == system)
        .unwrap();
    let p = accc::charts::systems()[sys]
        .procedures
        .iter()
        .position(|p| p.id == procedure)
        .unwrap();
    let mut s = Screens::open();
    s.press(&format!("{}w{}", sys + 1, p + 1));
    s
}

/// Answers the walk's questions "no" (a choice "none") until question `id` is asked.
fn no_until(s: &mut Screens, id: &str) {
    for _ in 0..60 {
        let q = walk(s).walk.question().expect("still asking");
        if q.id == id {
            return;
        }
        match q.kind {
            Kind::YesNo => s.press("no"),
            Kind::Choice { .. } => s.press("none"),
            _ => panic!("{}: {}", q.id, s.shot()),
        }
        s.key(KeyCode::Enter);
    }
    panic!("{id} is never asked:\n{}", s.shot());
}

#[test]
fn a_region_question_offers_only_the_regions_of_its_step() {
    let mut s = walking("twilight-struggle", "action");
    for reply in ["no", "3", "mid"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    // Step 5: non-European battlegrounds, so Europe is no answer.
    no_until(&mut s, "influence-control");
    s.press("yes");
    s.key(KeyCode::Enter);
    let q = walk(&s).walk.question().unwrap();
    assert_eq!(q.id, "influence-region");
    let shot = s.shot();
    assert!(
        shot.contains("Answer one of: asia, middle-east, south-america, africa,"),
        "{shot}"
    );
    assert!(!shot.contains("europe"), "{shot}");
    s.press("europe");
    s.key(KeyCode::Enter);
    assert_eq!(walk(&s).walk.question().unwrap().id, "influence-region");
    assert!(s.shot().contains("'europe' is not allowed"), "{}", s.shot());
    s.press("africa");
    s.key(KeyCode::Enter);
    let o = walk(&s).walk.outcome().expect("the call");
    assert_eq!(o.fields["step"], "5A", "{:?}", o.fields);
}

#[test]
fn a_twilight_action_round_ending_in_9b_goes_on_into_the_draw() {
    let mut s = walking("twilight-struggle", "action");
    for reply in ["no", "2", "mid"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    no_until(&mut s, "region-d20");
    s.press("19"); // Central America
    s.key(KeyCode::Enter);
    no_until(&mut s, "uncontrolled");
    s.press("yes");
    s.key(KeyCode::Enter);
    let o = walk(&s).walk.outcome().expect("the call");
    assert_eq!(o.fields["step"], "9B");
    let keys = &s.rows()[24];
    assert!(keys.contains("[1] then place-9b"), "{keys}");
    s.press("1");
    assert_eq!(walk(&s).walk.procedure().id, "place-9b");
    for reply in ["1", "1"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    // The card's Ops come with it.
    let shot = s.shot();
    assert!(
        shot.contains("Ops to place? 2  (from the call before)"),
        "{shot}"
    );
}

#[test]
fn a_die_rolled_again_says_why_before_it_is_rolled() {
    let mut s = walking("undaunted", "card");
    // The rifleman: cannot win by securing, not on a targeted tile, can secure (+6); W10 5.
    for reply in ["schuetze", "no", "no", "yes", "5"] {
        s.press(reply);
        s.key(KeyCode::Enter);
    }
    let q = walk(&s).walk.question().expect("a second roll");
    assert_eq!(q.id, "d10#2");
    let shot = s.shot();
    assert!(
        shot.contains("11 fits no range: roll again (stated on this card). Roll the W10"),
        "{shot}"
    );
    s.press("3");
    s.key(KeyCode::Enter);
    let shot = s.shot();
    let o = walk(&s).walk.outcome().expect("the call");
    assert_eq!(o.fields["total"], 9, "{:?}", o.fields);
    // The answers above keep what was asked: the roll, the reason in the path.
    assert!(shot.contains("... Roll the W10 (d10) (1-10). 3"), "{shot}");
}
