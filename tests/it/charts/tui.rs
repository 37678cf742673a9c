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
        Screens {
            screen: Some(charts_screen::open()),
            dir: tempfile::tempdir().unwrap(),
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
    assert!(matches!(s.screen(), ChartsScreen::Procedures { system: 0 }));
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
    s.key(KeyCode::Esc);
    assert!(matches!(s.screen(), ChartsScreen::Procedures { .. }));
    s.key(KeyCode::Esc);
    s.key(KeyCode::Esc);
    s.key(KeyCode::Esc);
    assert!(s.screen.is_none(), "Esc from the list leaves the charts");
}
