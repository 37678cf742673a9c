//! The terminal pictures (a county's story, the eras, a season's points race) drawn on a
//! `TestBackend` and compared with their snapshots: a county that spent years in both
//! classes, a competition of one season, a season under way. Every cell is in the program's
//! palette (blue ground), and each picture's text fallback is its view's text.

use accc::counties::{self, Class};
use accc::engine::MatchOptions;
use accc::league::CLASSES;
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::tui::pictures::{self, Picture};
use accc::tui::style;
use accc::views::{self, View};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use crate::helpers::buffer_text;

fn comp(seed: u64, user: Option<u8>, seasons: u32, extra: usize) -> Competition {
    let options = MatchOptions {
        batsmen: 3,
        packs_per_session: 1,
        days: 3,
        ..Default::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 3, bowl: 3 },
        user_county: user,
        seed,
    };
    let mut c = Competition::create("PICS", settings).unwrap();
    c.sim_seasons(seasons, |_| {});
    for _ in 0..extra {
        let f = CLASSES.iter().find_map(|&cl| c.next_fixture(cl)).unwrap();
        c.play_fixture_by_computer(f).unwrap();
    }
    c
}

/// The picture on an 80x25 screen (its bottom row left for the keys), as text; and a check
/// that every cell is on the program's blue ground.
fn shot(p: &Picture) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
    t.draw(|f| {
        let area = f.area();
        pictures::draw(f.buffer_mut(), area, p)
    })
    .unwrap();
    let buf = t.backend().buffer().clone();
    for y in 0..24 {
        for x in 0..80 {
            // Blue ground; the title bar; a bar's figure on the bar's own colour.
            let bg = buf[(x, y)].bg;
            assert!(
                bg == style::BG
                    || (y == 0 && Some(bg) == style::title().bg)
                    || Some(bg) == style::chart().fg,
                "cell ({x}, {y}) is off the palette: {bg:?}"
            );
            // What is written reads on what it is written on.
            let cell = &buf[(x, y)];
            if !cell.symbol().trim().is_empty() {
                let ratio = style::contrast(cell.fg, cell.bg).expect("fixed colours");
                assert!(
                    ratio >= style::MIN_CONTRAST,
                    "cell ({x}, {y}) {:?} reads at {ratio:.2}:1",
                    cell.symbol()
                );
            }
        }
    }
    buffer_text(&buf)
}

#[test]
fn a_county_that_spent_years_in_both_classes() {
    let c = comp(21, None, 12, 0);
    // The first county to have finished in both classes, by its story.
    let (county, story) = counties::ids()
        .map(|k| (k, views::story_view(&c, k).unwrap()))
        .find(|(_, s)| {
            s.rows.iter().any(|r| r.class == Class::First)
                && s.rows.iter().any(|r| r.class == Class::Second)
                && s.promotions + s.relegations > 0
        })
        .expect("in twelve seasons some county goes up or down");
    assert_eq!(story.rows.len(), 12);
    let p = Picture::Story(story.clone());
    assert_eq!(
        p.text(),
        story.lines(),
        "the text fallback is the view's text"
    );
    insta::assert_snapshot!(
        "story_both_classes",
        format!("county {county}\n{}", shot(&p))
    );
    // The first class's places are drawn above the rule, the second's below: each year's
    // mark sits in its place's row.
    let screen = shot(&p);
    let rows: Vec<&str> = screen.lines().collect();
    for r in story.rows.iter().filter(|r| !r.event.is_empty()) {
        let label = match r.class {
            Class::First => format!("{:>5}", views::format::ordinal(r.place as usize)),
            Class::Second => format!("({})", views::format::ordinal(r.place as usize)),
        };
        let row = rows
            .iter()
            .find(|l| l.starts_with(&label))
            .unwrap_or_else(|| panic!("a row for {label}"));
        let mark = match r.event {
            "champions" => 'C',
            "promoted" => '^',
            "relegated" => 'v',
            _ => 's',
        };
        assert!(row.contains(mark), "{} {}: {row}", r.year, r.event);
    }
}

/// A story of `n` seasons from 1890, the county first overall in `peak` and last (the second
/// class's 8th) every other year, with 60 points in `peak` and 10 in the rest.
fn peaked_story(n: u16, peak: u16) -> views::trends::StoryView {
    let rows = (1890..1890 + n)
        .map(|year| {
            let top = year == peak;
            views::trends::StoryRow {
                year,
                class: if top { Class::First } else { Class::Second },
                place: if top { 1 } else { 8 },
                overall: if top { 1 } else { 16 },
                points: if top { 60 } else { 10 },
                event: "",
            }
        })
        .collect();
    views::trends::StoryView {
        view: "story",
        county: "Kent",
        span: format!("1890-{}", 1890 + n - 1),
        user_county: None,
        rows,
        championships: 0,
        promotions: 0,
        relegations: 0,
        wooden_spoons: 0,
        id: counties::find("Kent").unwrap(),
        user: None,
    }
}

#[test]
fn every_event_is_counted_on_the_story_when_seasons_share_a_column() {
    // A hundred seasons in 76 columns: some columns hold two seasons. A county champion
    // every year shows a hundred championships, whether as a C or a count.
    for n in [12u16, 57, 100] {
        let mut story = peaked_story(n, 0);
        for r in story.rows.iter_mut() {
            (r.class, r.place, r.overall, r.event) = (Class::First, 1, 1, "champions");
        }
        story.championships = n as u32;
        let screen = shot(&Picture::Story(story));
        let top = screen.lines().find(|l| l.starts_with("  1st")).unwrap();
        let drawn: u32 = top
            .chars()
            .map(|c| match c {
                'C' => 1,
                d => d.to_digit(10).unwrap_or(0),
            })
            .sum();
        let counts = top.chars().filter(|c| c.is_ascii_digit()).count();
        assert_eq!(
            drawn - 1,
            n as u32,
            "{n} seasons (the 1 of '1st' aside)\n{screen}"
        );
        assert_eq!(
            counts > 1,
            screen.contains("2 two in one column"),
            "the count is explained exactly when one is drawn\n{screen}"
        );
    }
}

/// The top dot row (0-3) a braille cell has a dot in, if any.
fn braille_top(ch: char) -> Option<u32> {
    let bits = (ch as u32).checked_sub(0x2800).filter(|&b| b <= 0xff)?;
    [(0, 0x09), (1, 0x12), (2, 0x24), (3, 0xc0)]
        .into_iter()
        .find(|&(_, mask)| bits & mask != 0)
        .map(|(row, _)| row)
}

#[test]
fn a_story_labels_each_year_under_its_point_and_its_points_bar() {
    for n in [1u16, 2, 3, 5, 20, 100] {
        let screen = shot(&Picture::Story(peaked_story(n, 1890)));
        let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
        let axis = rows.iter().position(|r| r.contains(&'└')).unwrap();
        // The year labels: runs of digits on the row under the axis.
        let mut labels = vec![];
        let row = &rows[axis + 1];
        let mut x = 0;
        while x < row.len() {
            if row[x].is_ascii_digit() {
                let end = (x..row.len())
                    .find(|&e| !row[e].is_ascii_digit())
                    .unwrap_or(row.len());
                let year: u16 = row[x..end].iter().collect::<String>().parse().unwrap();
                labels.push((year, x..end));
                x = end;
            } else {
                x += 1;
            }
        }
        assert!(
            !labels.is_empty(),
            "{n} seasons: no year labelled\n{screen}"
        );
        if n <= 5 {
            let years: Vec<u16> = labels.iter().map(|l| l.0).collect();
            assert_eq!(years, (1890..1890 + n).collect::<Vec<_>>(), "{screen}");
        }
        for (year, span) in labels {
            // The year's point, drawn alone in the top row: the cell with the highest dot.
            let screen = shot(&Picture::Story(peaked_story(n, year)));
            let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
            let top = rows
                .iter()
                .find(|r| r.starts_with(&[' ', ' ', '1', 's', 't']))
                .unwrap();
            let highest = top.iter().filter_map(|&c| braille_top(c)).min();
            let cols: Vec<usize> = (0..top.len())
                .filter(|&x| highest.is_some() && braille_top(top[x]) == highest)
                .collect();
            assert_eq!(cols.len(), 1, "{n} seasons, {year}: one point\n{screen}");
            assert!(
                span.contains(&cols[0]),
                "{n} seasons: {year}'s label at {span:?}, its point at column {}\n{screen}",
                cols[0]
            );
            // The tallest bar of points (that year's) is under the point.
            let pts = rows
                .iter()
                .find(|r| r.starts_with(&[' ', 'P', 't', 's']))
                .unwrap();
            assert_eq!(
                pts.get(cols[0]),
                Some(&'█'),
                "{n} seasons, {year}\n{screen}"
            );
        }
    }
}

fn buffer_row(buf: &ratatui::buffer::Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

/// A race of `rounds` rounds in which every county has the same points after each round.
fn tied_race(rounds: u8) -> views::RaceView {
    let ids: Vec<u8> = (0..8).collect();
    let rows = (1..=rounds)
        .flat_map(|round| {
            ids.iter().map(move |&c| views::trends::RaceRow {
                round,
                county: views::format::name(c),
                points: round as u32 * 2,
                place: c + 1,
            })
        })
        .collect();
    views::RaceView {
        view: "race",
        year: 1890,
        class: Class::First,
        progress: String::new(),
        user_county: None,
        counties: ids.iter().map(|&c| views::format::name(c)).collect(),
        rounds,
        matches: rounds as usize * 4,
        rows,
        ids,
        user: None,
    }
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn a_race_shows_every_place_when_lines_end_together() {
    for rounds in [14, 5, 1] {
        let p = Picture::Race(tied_race(rounds));
        let text = shot(&p);
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| {
            let area = f.area();
            pictures::draw(f.buffer_mut(), area, &p)
        })
        .unwrap();
        let buf = t.backend().buffer();
        let axis = text.lines().position(|l| l.contains('└')).unwrap() as u16;
        for place in 1..=8u16 {
            // Left of the key, above the axis, right of the y labels: once, in the colour of
            // the place's line in the key.
            let cells: Vec<(u16, u16)> = (1..axis)
                .flat_map(|y| (3..58).map(move |x| (x, y)))
                .filter(|&(x, y)| buf[(x, y)].symbol() == place.to_string())
                .collect();
            assert_eq!(cells.len(), 1, "{rounds} rounds: place {place}\n{text}");
            let (x, y) = cells[0];
            assert_eq!(buf[(x, y)].fg, buf[(59, 2 + place)].fg, "{text}");
            // Just after the lines' end (the round's column).
            let x0 = buffer_row(buf, axis)
                .chars()
                .position(|c| c == '└')
                .unwrap() as u16
                + 1;
            let dots = (54 - x0) as f64 * 2.0 - 1.0;
            let end = x0 + ((rounds as f64 * dots / 14.0).round() as u16) / 2;
            assert_eq!(x, end + 1, "{rounds} rounds: place {place}\n{text}");
        }
        assert!(text.contains("0      2      4"), "{text}");
        assert!(text.contains("14 rounds"), "{text}");
    }
}

/// The race's key says how far the season is as its title does: a round with only some of
/// its matches played is under way ("after 2 of 56 matches" is round 1 under way, not
/// "after 1 of 14 rounds").
#[test]
fn the_race_key_and_its_title_agree_on_how_far_the_season_is() {
    let mut seen = std::collections::BTreeSet::new();
    for extra in 1..=10 {
        let c = comp(8, None, 0, extra);
        for class in [Class::First, Class::Second] {
            let race = views::race_view(&c, None, class).unwrap();
            let text = shot(&Picture::Race(race));
            let title = text.lines().next().unwrap();
            let Some(n) = title
                .split("(after ")
                .nth(1)
                .and_then(|t| t.split(' ').next())
                .and_then(|n| n.parse::<usize>().ok())
            else {
                continue;
            };
            let said = if n % 4 == 0 {
                format!("After {} of 14 rounds.", n / 4)
            } else {
                format!("In round {} of 14.", n / 4 + 1)
            };
            assert!(text.contains(&said), "{n} matches: {said}\n{text}");
            if seen.insert(n % 4 == 0) && n % 4 != 0 {
                insta::assert_snapshot!("race_in_a_round_under_way", text);
            }
        }
    }
    assert_eq!(
        seen.len(),
        2,
        "both a round under way and one done were seen"
    );
}

#[test]
fn the_eras_and_a_season_under_way() {
    let user = counties::find("Kent").unwrap();
    let c = comp(8, Some(user), 11, 23);
    let eras = views::eras_view(&c).unwrap();
    assert_eq!(
        eras.rows.iter().map(|r| r.decade).collect::<Vec<_>>(),
        [1890, 1900]
    );
    insta::assert_snapshot!("eras_two_decades", shot(&Picture::Eras(eras)));
    let race = views::race_view(&c, None, Class::First).unwrap();
    assert!(race.progress.starts_with("after"), "{}", race.progress);
    insta::assert_snapshot!("race_under_way", shot(&Picture::Race(race)));
    let race = views::race_view(&c, Some(1895), Class::Second).unwrap();
    insta::assert_snapshot!("race_second_class_final", shot(&Picture::Race(race)));
}

/// Each bar carries its figure, as the caption says, a bar of nought too (a decade without a
/// draw still says its 0, not nothing), and the figures are the text view's, to a tenth.
#[test]
fn a_bar_of_nought_carries_its_figure() {
    let c = comp(8, None, 11, 0);
    let mut eras = views::eras_view(&c).unwrap();
    let told = eras.lines().join("\n");
    eras.rows[1].draw_percent = Some(0.0);
    let text = shot(&Picture::Eras(eras.clone()));
    // The second decade's bar: columns 8-13 of the panel's rows.
    let bar = |l: &str| l.chars().skip(8).take(6).collect::<String>();
    let drawn: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("Matches drawn"))
        .collect();
    let first = format!("{:.1}%", eras.rows[0].draw_percent.unwrap());
    assert!(drawn[5].contains(&first), "{text}");
    assert_eq!(bar(drawn[5]).trim(), "0.0%", "{text}");
    assert!(
        drawn[1..5].iter().all(|l| bar(l).trim().is_empty()),
        "{text}"
    );
    assert!(text.contains("each bar from nought, its figure on it"));
    // As the text view has them.
    assert!(told.contains(&first), "{told}");
}

#[test]
fn a_competition_of_one_season() {
    let c = comp(4, None, 1, 0);
    let kent = counties::find("Kent").unwrap();
    for (name, p) in [
        (
            "one_season_story",
            Picture::Story(views::story_view(&c, kent).unwrap()),
        ),
        (
            "one_season_eras",
            Picture::Eras(views::eras_view(&c).unwrap()),
        ),
        (
            "one_season_race",
            Picture::Race(views::race_view(&c, Some(1890), Class::First).unwrap()),
        ),
    ] {
        insta::assert_snapshot!(name, shot(&p));
    }
}

#[test]
fn a_competition_not_begun_says_so() {
    let c = comp(4, None, 0, 0);
    let story = shot(&Picture::Story(views::story_view(&c, 0).unwrap()));
    assert!(
        story.contains("No season has been completed yet."),
        "{story}"
    );
    let eras = shot(&Picture::Eras(views::eras_view(&c).unwrap()));
    assert!(eras.contains("No season has been completed yet."), "{eras}");
    let race = shot(&Picture::Race(
        views::race_view(&c, None, Class::First).unwrap(),
    ));
    assert!(race.contains("No round played yet."), "{race}");
}

#[test]
fn a_picture_printed_has_colours_only_when_asked() {
    let c = comp(4, None, 2, 0);
    let p = Picture::Eras(views::eras_view(&c).unwrap());
    let plain = pictures::printed(&p, false);
    assert!(!plain.contains('\x1b'));
    assert_eq!(plain.lines().count(), 24);
    assert!(plain.lines().all(|l| l.chars().count() <= 80));
    let coloured = pictures::printed(&p, true);
    assert!(
        coloured.contains("\x1b[0;38;5;250;48;5;19m"),
        "grey on blue"
    );
    let stripped: String = {
        let mut out = String::new();
        let mut esc = false;
        for ch in coloured.chars() {
            match (esc, ch) {
                (false, '\x1b') => esc = true,
                (true, 'm') => esc = false,
                (false, c) => out.push(c),
                _ => {}
            }
        }
        out
    };
    let trimmed: Vec<&str> = stripped.lines().map(str::trim_end).collect();
    assert_eq!(trimmed.join("\n") + "\n", plain);
}

// ----- in the terminal program -----

mod program {
    use super::*;
    use accc::tui::app::{file_path, App, Msg};
    use accc::tui::draw;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn key(app: &mut App, code: KeyCode) {
        app.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    fn press(app: &mut App, keys: &str) {
        for c in keys.chars() {
            key(app, KeyCode::Char(c));
        }
    }

    fn screen(app: &App) -> String {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| draw::draw(f, app)).unwrap();
        buffer_text(t.backend().buffer())
    }

    #[test]
    fn the_pictures_are_a_key_away_and_each_has_its_text() {
        let dir = tempfile::tempdir().unwrap();
        let kent = counties::find("Kent").unwrap();
        let c = comp(13, Some(kent), 3, 10);
        accc::save::store(&file_path(dir.path(), "PICS"), &c).unwrap();
        let mut app = App::new(dir.path().to_path_buf(), Some("PICS".into()));

        // The all-time menu: [7] a county's story, [8] the eras.
        press(&mut app, "8");
        let menu = screen(&app);
        assert!(menu.contains("Picture a county's story") && menu.contains("[1]-[9]"));
        press(&mut app, "7");
        assert!(screen(&app).contains("Choose a county for its story, as a picture"));
        let letter = counties::get(kent).key.to_string();
        press(&mut app, &letter);
        let story = screen(&app);
        insta::assert_snapshot!("program_story", story);
        // [T]: the same view as text, as a screen reader would have it; [T] again: the picture.
        press(&mut app, "t");
        let text = screen(&app);
        let view = views::story_view(&c, kent).unwrap().lines();
        for line in view.iter().skip(1).take(10) {
            assert!(text.contains(line.as_str()), "{line:?} missing:\n{text}");
        }
        // The title is on the title row, once, not again as the text's first line.
        assert_eq!(text.matches(view[0].as_str()).count(), 1, "{text}");
        assert!(text.lines().next().unwrap().contains(view[0].as_str()));
        press(&mut app, "T");
        assert_eq!(screen(&app), story);
        key(&mut app, KeyCode::Esc);
        assert!(screen(&app).contains("All-time results"));
        press(&mut app, "8");
        let eras = screen(&app);
        assert!(
            eras.contains("The championship by decade, 1890-1892"),
            "{eras}"
        );
        key(&mut app, KeyCode::Esc);
        key(&mut app, KeyCode::Esc);

        // A season's points race from its table, and back to the table. The menu shows the
        // class of the person's county (which class that is turns on how the seasons went).
        let home = c.current().unwrap().class_of(kent);
        press(&mut app, "3");
        let table = screen(&app);
        assert!(table.contains("[P] points race"), "{table}");
        press(&mut app, "p");
        let race = screen(&app);
        assert!(
            race.contains(&format!("1893 {}-class points race", home.name())),
            "{race}"
        );
        insta::assert_snapshot!("program_race_under_way", race);
        key(&mut app, KeyCode::Esc);
        assert_eq!(screen(&app), table);

        // And from the review of a past season ([7]), for the class shown.
        key(&mut app, KeyCode::Esc);
        press(&mut app, "79p");
        let race = screen(&app);
        assert!(
            race.contains(&format!(
                "1892 {}-class points race (final)",
                home.other().name()
            )),
            "{race}"
        );
        key(&mut app, KeyCode::Esc);
        assert!(screen(&app).contains("[7] year before  [8] year after"));

        // From a county's results: the race of that county's class, whichever class the menu
        // shows (the champions play in the first).
        key(&mut app, KeyCode::Esc);
        let champions = c.seasons()[2].summary().champion;
        press(&mut app, "5");
        press(&mut app, &counties::get(champions).key.to_string());
        press(&mut app, "p");
        let class = c.current().unwrap().class_of(champions);
        assert_eq!(class, Class::First);
        let race = screen(&app);
        assert!(
            race.contains(&format!("1893 {}-class points race", class.name())),
            "{race}"
        );
    }
}
