//! The window: a bigger one centres the screen, a small one asks to grow, scrolling stops
//! at the last screenful, and every colour pair drawn reads.

use super::*;

#[test]
fn a_bigger_window_shows_the_screen_in_its_middle() {
    let dir = tempfile::tempdir().unwrap();
    let app = small_file(dir.path(), None);
    let big = screen(&app, 100, 31);
    let lines: Vec<&str> = big.split('\n').collect();
    // 80x25 in 100x31: ten columns and three rows on each side.
    let small = shot(&app);
    assert_eq!(lines.len(), 31, "{big}");
    assert!(
        lines[..3].iter().chain(&lines[28..]).all(|l| l.is_empty()),
        "{big}"
    );
    for (row, line) in small.split('\n').enumerate() {
        let shifted = if line.is_empty() {
            String::new()
        } else {
            format!("{:10}{line}", "")
        };
        assert_eq!(lines[3 + row], shifted, "row {row}\n{big}");
    }
}

#[test]
fn a_small_window_asks_to_grow() {
    let dir = tempfile::tempdir().unwrap();
    let app = App::new(dir.path().to_path_buf(), None);
    let text = screen(&app, 60, 20);
    assert!(
        text.contains("Please make the window at least 80x25 (it is 60x20)."),
        "{text}"
    );
    // While the screen cannot be seen, keys do nothing (Esc here would quit).
    let mut app = app;
    app.update(Msg::Resize(60, 20));
    esc(&mut app);
    press(&mut app, "x");
    assert!(
        !app.quit && matches!(app.start(), Some(Start::FileName { input, .. }) if input.is_empty())
    );
    app.update(Msg::Resize(80, 25));
    esc(&mut app);
    assert!(app.quit);
}

#[test]
fn scrolling_stops_at_the_last_screenful_so_up_always_moves() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "h");
    assert!(
        accc::tui::help::lines().len() > accc::tui::draw::TEXT_ROWS,
        "the help is longer than a screen"
    );
    for _ in 0..10 {
        app.update(key(KeyCode::PageDown));
    }
    let bottom = shot(&app);
    app.update(key(KeyCode::PageDown));
    assert_eq!(shot(&app), bottom, "already at the end");
    app.update(key(KeyCode::Up));
    assert_ne!(shot(&app), bottom, "one key up moves the view");
}

/// Every foreground and background pair on `text`'s screen, as drawn.
fn colour_pairs(app: &App) -> Vec<(ratatui::style::Color, ratatui::style::Color, String)> {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| draw::draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut out = Vec::new();
    for y in 0..25 {
        for x in 0..80 {
            let c = &buf[(x, y)];
            if !c.symbol().trim().is_empty() {
                out.push((c.fg, c.bg, c.symbol().to_string()));
            }
        }
    }
    out
}

#[test]
fn every_colour_pair_on_screen_reads_at_four_and_a_half_to_one() {
    use accc::tui::style::{contrast, MIN_CONTRAST};
    let dir = tempfile::tempdir().unwrap();
    let mut seen = std::collections::BTreeMap::new();
    let mut look = |app: &App, what: &str| {
        for (fg, bg, sym) in colour_pairs(app) {
            seen.entry(format!("{fg:?} on {bg:?}"))
                .or_insert_with(|| (fg, bg, format!("{what}: {sym:?}")));
        }
    };
    let mut app = App::new(dir.path().to_path_buf(), None);
    look(&app, "file name");
    press(&mut app, "a!");
    look(&app, "bad name");
    drop(app);
    let mut app = small_file(dir.path(), Some(0));
    look(&app, "menu");
    press(&mut app, "s1");
    enter(&mut app);
    while matches!(app.screen(), Some(Screen::Simulating { .. })) {
        app.update(Msg::Tick);
    }
    look(&app, "season end");
    enter(&mut app);
    press(&mut app, "82");
    look(&app, "grid");
    esc(&mut app);
    esc(&mut app);
    to_own_match(&mut app);
    look(&app, "toss");
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let (exchange, paused) = (
            s.human_to_act() == Some(Decision::Exchange),
            s.paused.is_some(),
        );
        if exchange {
            press(&mut app, "123");
            look(&app, "exchange");
            press(&mut app, "h");
            look(&app, "help");
            esc(&mut app);
        }
        look(&app, "match");
        if paused {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    enter(&mut app);
    look(&app, "final scoreboard");
    assert!(seen.len() >= 8, "{:?}", seen.keys());
    for (pair, (fg, bg, at)) in &seen {
        let ratio = contrast(*fg, *bg).unwrap_or_else(|| panic!("{pair} ({at}) is a theme's"));
        assert!(ratio >= MIN_CONTRAST, "{pair} ({at}): {ratio:.2}");
    }
}
