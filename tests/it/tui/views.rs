//! The season views from the menu: every view drawn and fitting the screen, the season's
//! end, the final positions grid, the review of past seasons, and the county choosers.

use super::*;

/// The program open on a TEST file in `dir` (the person's county `user`) with `seasons`
/// played.
fn after_seasons(dir: &std::path::Path, user: Option<u8>, seasons: u32) -> App {
    drop(small_file(dir, user));
    sim_on_disk(dir, seasons);
    App::new(dir.to_path_buf(), Some("TEST".into()))
}

#[test]
fn every_view_draws() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    // Play a season and a few matches so every view has something to show.
    press(&mut app, "sr");
    assert!(matches!(app.screen(), Some(Screen::SeasonEnd { .. })));
    insta::assert_snapshot!("season_end", shot(&app));
    enter(&mut app);
    let views: &[(&str, &str)] = &[
        ("table", "3"),
        ("averages", "4"),
        ("results", "5s"),
        ("records", "6s"),
        ("review_previous", "7"),
    ];
    for (name, keys) in views {
        press(&mut app, keys);
        assert!(matches!(app.screen(), Some(Screen::Text { .. })), "{name}");
        insta::assert_snapshot!(format!("view_{name}"), shot(&app));
        esc(&mut app);
        assert!(matches!(app.screen(), Some(Screen::Menu)));
    }
    press(&mut app, "8");
    insta::assert_snapshot!("alltime_menu", shot(&app));
    for (i, name) in [
        "honours",
        "positions_grid",
        "alltime_first",
        "alltime_first_averages",
        "alltime_second",
        "alltime_second_averages",
    ]
    .iter()
    .enumerate()
    {
        press(&mut app, &(i + 1).to_string());
        insta::assert_snapshot!(format!("alltime_{name}"), shot(&app));
        esc(&mut app);
        assert!(
            matches!(app.screen(), Some(Screen::AllTime)),
            "Esc from {name} goes back to the [8] menu"
        );
    }
    esc(&mut app);
    press(&mut app, "h");
    insta::assert_snapshot!("help", shot(&app));
}

#[test]
fn the_season_end_screen_scrolls_to_its_last_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(3));
    press(&mut app, "s1");
    enter(&mut app);
    while matches!(app.screen(), Some(Screen::Simulating { .. })) {
        app.update(Msg::Tick);
    }
    let Some(Screen::SeasonEnd { summary, .. }) = app.screen() else {
        panic!("{:?}", shot(&app))
    };
    let last = format!(
        "8. {}",
        accc::counties::get(summary.tables[1][7].county).name
    );
    assert!(
        !shot(&app).contains(&last),
        "the screen is longer than the window"
    );
    for _ in 0..5 {
        app.update(key(KeyCode::Down));
    }
    let text = shot(&app);
    assert!(text.contains(&last), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80));
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
}

#[test]
fn the_final_positions_grid_pages_to_a_full_last_page() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    sim_on_disk(dir.path(), 20);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "82");
    for _ in 0..3 {
        app.update(key(KeyCode::Right));
    }
    assert!(
        matches!(
            app.screen(),
            Some(Screen::Grid {
                first_year: 1894,
                ..
            })
        ),
        "1890-1909 played: the last page is 1894-1909"
    );
    let text = shot(&app);
    assert!(text.contains(" '00"), "1900 is '00: {text}");
    assert!(
        text.lines().nth(2).unwrap().trim_end().ends_with("'09"),
        "{text}"
    );
}

/// [Left]/[Right] at the grid's first or last years say so and which key moves (they had
/// done nothing without a word); the next key clears it. With every season on one page, or
/// none, they say that.
#[test]
fn the_final_positions_grid_says_when_it_is_at_the_first_or_last_years() {
    let grid_at = |app: &App| match app.screen() {
        Some(Screen::Grid { first_year, note }) => (*first_year, note.clone()),
        _ => panic!("{}", shot(app)),
    };
    let said = |app: &App, want: &str| {
        assert_eq!(grid_at(app).1.as_deref(), Some(want));
        let text = shot(app);
        assert_eq!(
            text.lines().nth(23),
            Some(format!(" {want}").as_str()),
            "{text}"
        );
    };
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), None));
    sim_on_disk(dir.path(), 20);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "82");
    let first = shot(&app);
    app.update(key(KeyCode::Left));
    said(&app, "1890 is the first season: [Right] goes ten years on.");
    assert_eq!(grid_at(&app).0, 1890);
    app.update(key(KeyCode::PageUp));
    assert_eq!(grid_at(&app).0, 1890);
    app.update(key(KeyCode::Right));
    assert_eq!(grid_at(&app), (1894, None), "moved: nothing said");
    app.update(key(KeyCode::PageDown));
    said(
        &app,
        "1909 is the last season completed: [Left] goes ten years back.",
    );
    assert_eq!(grid_at(&app).0, 1894);
    app.update(key(KeyCode::Left));
    assert_eq!(grid_at(&app), (1890, None));
    assert_eq!(shot(&app), first);
    // Every season on one page.
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), None, 3);
    press(&mut app, "82");
    for k in [KeyCode::Left, KeyCode::Right] {
        app.update(key(k));
        said(&app, "Every season completed is shown: [Esc] goes back.");
    }
    // None yet.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "82");
    app.update(key(KeyCode::Right));
    said(&app, "No season has been completed yet: [Esc] goes back.");
}

#[test]
fn reviewing_a_past_season_keeps_its_class_to_itself() {
    let dir = tempfile::tempdir().unwrap();
    drop(small_file(dir.path(), Some(0)));
    sim_on_disk(dir.path(), 2);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    let class = app.open_file().unwrap().class;
    press(&mut app, "7");
    let first = shot(&app);
    press(&mut app, "9");
    let other = shot(&app);
    assert_ne!(first, other, "[9] shows the other class's table");
    let label = accc::views::class_label(class.other());
    assert!(other.contains(&format!("{label} table")), "{other}");
    press(&mut app, "3");
    assert_eq!(shot(&app), other, "[3] stays in the class under review");
    esc(&mut app);
    assert_eq!(
        app.open_file().unwrap().class,
        class,
        "the menu's class is as it was"
    );
    // A county's results are of no class: [9] there changes nothing.
    press(&mut app, "75s");
    let results = shot(&app);
    assert!(!results.contains("[9] class"), "{results}");
    press(&mut app, "9");
    assert_eq!(shot(&app), results);
    esc(&mut app);
    assert_eq!(app.open_file().unwrap().class, class);
}

/// Whether every key shown in `line` (`[X]`) has its word after it: a key is followed by a
/// word, or by `/` and another key, never by the line's end or another key.
fn every_key_has_its_word(line: &str) -> bool {
    let line = line.trim_end();
    line.match_indices(']').all(|(i, _)| {
        let rest = &line[i + 1..];
        rest.starts_with("/[")
            || rest
                .strip_prefix(' ')
                .and_then(|r| r.chars().next())
                .is_some_and(|c| c != ' ' && c != '[')
    })
}

/// Every line of every text view, as `accc show` prints it, in a competition of 100 seasons
/// and one not begun: at most 78 columns.
fn show_text_fits(comp: &Competition) {
    use accc::views::{self, View};
    let mut all: Vec<Vec<String>> = vec![];
    let years: Vec<Option<u16>> = match (comp.seasons().first(), comp.seasons().last()) {
        (Some(a), Some(b)) => vec![None, Some(a.year), Some(b.year)],
        _ => vec![None],
    };
    for &year in &years {
        for class in [Class::First, Class::Second] {
            all.push(views::table(comp, year, class).unwrap());
            all.push(views::averages(comp, year, class).unwrap());
            all.push(views::race_view(comp, year, class).unwrap().lines());
        }
        for c in 0..16 {
            all.push(views::results(comp, year, c).unwrap());
        }
    }
    for c in 0..16 {
        all.push(views::records(comp, c).unwrap());
        all.push(views::story_view(comp, c).unwrap().lines());
    }
    for class in [Class::First, Class::Second] {
        all.push(views::alltime(comp, class).unwrap());
        all.push(views::alltime_averages(comp, class).unwrap());
    }
    all.push(views::honours(comp).unwrap());
    all.push(views::positions(comp).unwrap());
    all.push(views::eras_view(comp).unwrap().lines());
    for line in all.iter().flatten() {
        assert!(line.chars().count() <= 78, "{line:?}");
    }
}

/// The season views and the history's, on the 80x25 screen and as `accc show` prints them,
/// after the last season (whose verdict says nobody moves) and before the first: nothing
/// reaches the screen's edge, the verdict is broken between its phrases, and every key shown
/// has its word.
#[test]
fn every_season_view_fits_the_screen_and_every_key_has_its_word() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 100);
    show_text_fits(app.comp().unwrap());
    // The rolls of honour key the "-" under Promoted in the last season.
    let honours = accc::views::honours(app.comp().unwrap()).unwrap();
    assert!(honours
        .iter()
        .any(|l| l.starts_with("1989 ") && l.ends_with(" -")));
    let key = "- under Promoted: nobody comes up after the last season (1989).";
    assert!(honours.iter().any(|l| l == key), "{honours:?}");
    let fresh = tempfile::tempdir().unwrap();
    let mut new = small_file(fresh.path(), Some(0));
    show_text_fits(new.comp().unwrap());

    // Each screen, and whether it is of text: a picture (unless turned to text with [T]) and
    // the final-positions grid fill the width by design.
    let mut shots: Vec<(String, String, bool)> = vec![];
    let mut look = |app: &App, what: &str| {
        let text = match app.screen() {
            Some(Screen::Picture(p)) => p.text,
            Some(Screen::Grid { .. }) => false,
            _ => true,
        };
        shots.push((what.to_string(), shot(app), text));
    };
    for class in ["first", "second"] {
        press(&mut app, "3");
        look(&app, &format!("table {class}"));
        let table = shot(&app);
        esc(&mut app);
        press(&mut app, "4");
        look(&app, "averages");
        esc(&mut app);
        press(&mut app, "5");
        look(&app, "choose a county");
        enter(&mut app);
        look(&app, "results");
        press(&mut app, "p");
        look(&app, "race");
        esc(&mut app);
        esc(&mut app);
        press(&mut app, "7");
        look(&app, "review");
        assert_eq!(
            table.lines().skip(1).take(20).collect::<Vec<_>>(),
            shot(&app).lines().skip(1).take(20).collect::<Vec<_>>(),
            "[7] opens on the table of the last season, as [3] shows it"
        );
        // The verdict of the last season: its phrases whole, a line each.
        let comp = app.comp().unwrap();
        let cl = app.open_file().unwrap().class;
        let view = accc::views::table(comp, Some(1989), cl).unwrap();
        let at = view
            .iter()
            .position(|l| l.starts_with("Champions:") || l.starts_with("Top:"))
            .unwrap();
        assert!(view[at..at + 2].join(" ").contains("the last season"));
        for line in &view[at..at + 2] {
            assert!(
                shot(&app).lines().any(|l| l.trim() == line.as_str()),
                "{line}\n{}",
                shot(&app)
            );
        }
        for (keys, what) in [
            ("4", "review averages"),
            ("5", "review choose"),
            ("\n", "review results"),
            ("p", "review race"),
        ] {
            match keys {
                "\n" => enter(&mut app),
                k => press(&mut app, k),
            }
            look(&app, what);
        }
        esc(&mut app);
        press(&mut app, "3g19");
        look(&app, "typing a year");
        enter(&mut app);
        press(&mut app, "8");
        look(&app, "the last season said");
        press(&mut app, "g1890");
        enter(&mut app);
        press(&mut app, "7");
        look(&app, "the first season said");
        press(&mut app, "g2000");
        enter(&mut app);
        look(&app, "no such year said");
        esc(&mut app);
        esc(&mut app);
        press(&mut app, "9");
    }
    // The all-time menu's views and pictures, after the last season and before the first.
    for (app, when) in [(&mut app, "1989"), (&mut new, "no season complete")] {
        press(app, "8");
        for n in 1..=8 {
            press(app, &n.to_string());
            if n == 7 {
                enter(app);
            }
            look(app, &format!("{when}: all-time [{n}]"));
            if n >= 7 {
                press(app, "t");
                look(app, &format!("{when}: all-time [{n}] as text"));
            }
            esc(app);
        }
    }
    for (what, text, of_text) in &shots {
        for line in text.lines().filter(|_| *of_text) {
            assert!(
                line.chars().count() < 80,
                "{what}: reaches the edge:\n{text}"
            );
        }
        for line in text.lines().skip(23) {
            assert!(every_key_has_its_word(line), "{what}: {line:?}\n{text}");
        }
    }
    assert!(!every_key_has_its_word("[3] table  [9] class  [Esc]"));
    assert!(every_key_has_its_word("[7]/[8] year  [Esc] back"));
}

/// A past season under review goes to any year typed after [G]; [7] at the first season and
/// [8] at the last say so on screen instead of doing nothing.
#[test]
fn the_review_goes_to_a_year_typed_and_says_when_it_is_at_either_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 3);
    // The screen's title and the line over its keys (row 23) begin so.
    let at = |app: &App, title: &str, bar: &str| {
        let text = shot(app);
        let rows: Vec<&str> = text.lines().collect();
        assert!(rows[0].trim().starts_with(title), "{title}\n{text}");
        assert!(rows[23].trim().starts_with(bar), "{bar}\n{text}");
    };
    let keys = "[7] year before  [8] year after  [G] go to a year  [P] points race";
    press(&mut app, "7");
    at(&app, "Points table, 1892", keys);
    // [8] at the last season completed (the next is under way, not complete).
    press(&mut app, "8");
    let last = "1892 is the last season completed: [7] goes back, [G] to a year.";
    at(&app, "Points table, 1892", last);
    insta::assert_snapshot!("review_at_the_last_season", shot(&app));
    // Any other key (here [4]) acts, and the keys come back.
    press(&mut app, "4");
    at(&app, "Averages, 1892", keys);
    // [G]: the year typed, digits only, [Backspace] mends it; the view stays the averages.
    press(&mut app, "g18x9");
    app.update(key(KeyCode::Backspace));
    press(&mut app, "90");
    at(&app, "Averages, 1892", "Go to the year (1890-1892): 1890_");
    insta::assert_snapshot!("review_typing_a_year", shot(&app));
    enter(&mut app);
    at(&app, "Averages, 1890", keys);
    press(&mut app, "7");
    let first = "1890 is the first season: [8] goes on, [G] to a year.";
    at(&app, "Averages, 1890", first);
    // A year with no completed season is said, and nothing moves; [Esc] stops typing.
    press(&mut app, "g1893");
    enter(&mut app);
    let none = "There is no completed season 1893: the seasons completed are 1890-1892.";
    at(&app, "Averages, 1890", none);
    press(&mut app, "g18");
    esc(&mut app);
    at(&app, "Averages, 1890", keys);
    press(&mut app, "8");
    at(&app, "Averages, 1891", keys);
    // [Esc] from a season's averages goes back to its table, the season still under review;
    // from the table, to the menu.
    esc(&mut app);
    at(&app, "Points table, 1891", keys);
    esc(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    // While a year is typed on a county's results, [M] (its matches) is not a key: it types
    // nothing and opens nothing.
    press(&mut app, "75");
    enter(&mut app);
    at(&app, "Match results 1892", "[7] year before");
    press(&mut app, "g18m");
    at(
        &app,
        "Match results 1892",
        "Go to the year (1890-1892): 18_",
    );
    esc(&mut app);
    press(&mut app, "m");
    assert!(
        !matches!(app.screen(), Some(Screen::Text { .. })),
        "[M] once the typing is done opens the county's matches"
    );
    // Once the competition is over, the last season is the last.
    drop(app);
    sim_on_disk(dir.path(), 97);
    let mut app = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    press(&mut app, "78");
    let last = "1989 is the last season: [7] goes back, [G] to a year.";
    at(&app, "Points table, 1989", last);
}

/// The county choosers ([5], [6], the all-time [7], and [5] in a review) mark the person's
/// county as every other screen does, and [Enter] picks it, as `accc show` defaults to it.
#[test]
fn county_choosers_mark_the_persons_county_and_enter_picks_it() {
    use accc::tui::views::{PickFor, ViewKind};
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(2), 1);
    // The text view showing: its kind, and whether it is of a past season under review.
    let view = |app: &App| match app.screen() {
        Some(Screen::Text { kind, review, .. }) => Some((*kind, review.is_some())),
        _ => None,
    };
    press(&mut app, "5");
    let chooser = shot(&app);
    assert!(chooser.contains("[K] Kent*"), "{chooser}");
    assert!(chooser.contains("* your county (Kent)"), "{chooser}");
    assert!(chooser.contains("[Enter] Kent, yours"), "{chooser}");
    insta::assert_snapshot!("choose_a_county_of_ones_own", chooser);
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Results(2), false)));
    esc(&mut app);
    press(&mut app, "6");
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Records(2), false)));
    esc(&mut app);
    press(&mut app, "87");
    assert!(shot(&app).contains("[Enter] Kent, yours"));
    enter(&mut app);
    assert!(
        shot(&app).contains("Kent*: final place each year"),
        "{}",
        shot(&app)
    );
    esc(&mut app);
    esc(&mut app);
    press(&mut app, "75");
    assert!(matches!(
        app.screen(),
        Some(Screen::PickCounty {
            purpose: PickFor::Results { review: Some(_) }
        })
    ));
    enter(&mut app);
    assert_eq!(view(&app), Some((ViewKind::Results(2), true)));
    // A spectator's chooser marks nothing, and [Enter] picks nothing.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "5");
    let chooser = shot(&app);
    assert!(
        !chooser.contains('*') && !chooser.contains("[Enter]"),
        "{chooser}"
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::PickCounty { .. })));
}
