//! Drawing: a pure function of the [`App`] state onto an 80x25 DOS-style screen. A smaller
//! window gets a request to grow instead of a broken layout.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear, Sparkline};
use ratatui::Frame;

use super::app::{App, Backup, Open, Phase, Screen, Start};
use super::match_screen::{self, put, put_text};
use super::playing::FinalCard;
use super::setup;
use super::style;
use super::views::{PickFor, YearBar};
use crate::counties::{self, Class, CountyId};
use crate::league::history;
use crate::text::wrap;

/// The screen size the program is laid out for.
pub const WIDTH: u16 = 80;
/// The width of a line of text: the screen less a column each side.
pub const TEXT_WIDTH: usize = crate::live::commentary::TEXT_WIDTH;
pub const HEIGHT: u16 = 25;
/// Rows of a text view, and of the final scoreboard's card (the chart takes the rest).
pub const TEXT_ROWS: usize = (HEIGHT - 4) as usize;
pub const SCORECARD_ROWS: usize = 15;

/// Draws the whole program.
pub fn draw(f: &mut Frame, app: &App) {
    let full = f.area();
    f.render_widget(Clear, full);
    f.render_widget(Block::default().style(style::text()), full);
    if full.width < WIDTH || full.height < HEIGHT {
        let msg = format!(
            "Please make the window at least {WIDTH}x{HEIGHT} (it is {}x{}).",
            full.width, full.height
        );
        put(f, full, 0, 0, vec![Span::styled(msg, style::error())]);
        return;
    }
    // A bigger window shows the 80x25 screen in its middle, as a DOS screen on a monitor.
    let area = Rect::new(
        full.x + (full.width - WIDTH) / 2,
        full.y + (full.height - HEIGHT) / 2,
        WIDTH,
        HEIGHT,
    );
    match &app.phase {
        Phase::Start(start) => draw_start(f, area, start, app),
        Phase::Open(open) => draw_open(f, area, open),
        Phase::Friend(friendly) => super::friend::draw(f, area, friendly),
    }
}

/// The start screens, before a file is open.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_start(f: &mut Frame, area: Rect, start: &Start, app: &App) {
    match start {
        Start::Friend(setup) => super::friend_setup::draw(f, area, setup),
        Start::FileName { input, error } => {
            file_name(f, area, input, error.as_deref());
            saves_folder(f, area, app, None);
        }
        Start::Charts(c) => super::charts_screen::draw_screen(f, area, c),
        Start::Confirm { name } => {
            confirm(f, area, name);
            saves_folder(f, area, app, Some(name));
        }
        Start::Damaged {
            name,
            problem,
            backup,
        } => damaged(f, area, name, problem, backup),
        Start::Options {
            name,
            new,
            row,
            note,
        } => {
            heading(f, area, &format!("New file {name}: options"));
            put(
                f,
                area,
                2,
                3,
                vec![Span::styled(
                    "Use 1 through 9 to change the options and 0 when finished.",
                    style::text(),
                )],
            );
            setup::draw_menu_at(f, area, 5, &setup::options_lines(new), Some(*row));
            if let Some(note) = note {
                let st = match note {
                    setup::OptionsNote::Changed(_) => style::bright(),
                    setup::OptionsNote::Unchanged(_) => style::error(),
                    setup::OptionsNote::Help(_) => style::text(),
                };
                // Four lines at the most above the footer (the help is written to fit).
                for (i, line) in wrap(note.text(), 76).into_iter().take(4).enumerate() {
                    put(f, area, 2, 20 + i as u16, vec![Span::styled(line, st)]);
                }
            }
            put(
                f,
                area,
                2,
                17,
                vec![Span::styled(
                    "These are fixed once the file is made. First time? Turn off [1]-[3],",
                    style::text(),
                )],
            );
            put(
                f,
                area,
                2,
                18,
                vec![Span::styled(
                    "set about 4 batsmen per side and AI levels of 1 or 2.",
                    style::text(),
                )],
            );
            put(
                f,
                area,
                1,
                24,
                vec![Span::styled(
                    "[1]-[8] step round  [-]/[+] back/on  [Up]/[Down] line  [H] about it  [Esc] back",
                    style::key(),
                )],
            );
        }
        Start::County {
            name, picked, note, ..
        } => county_choice(f, area, name, *picked, *note),
    }
}

/// The screens over an open file.
fn draw_open(f: &mut Frame, area: Rect, app: &Open) {
    match &app.screen {
        Screen::Menu => menu(f, area, app),
        Screen::Text { .. } => text_view(f, area, app),
        Screen::PickCounty { purpose } => pick_county(f, area, *purpose, app.user_county()),
        Screen::AllTime => alltime(f, area),
        Screen::Picture(p) => super::picture_screen::draw(f, area, p),
        Screen::Grid { first_year, note } => grid(f, area, app, *first_year, note.as_deref()),
        Screen::Match { live, .. } => {
            match_screen::draw(f, area, &**live);
            not_saved_title(f, area, app);
        }
        Screen::FriendSetup { setup, .. } => super::friend_setup::draw(f, area, setup),
        Screen::Friend { friendly, .. } | Screen::Friendly(friendly) => {
            super::friend::draw(f, area, friendly);
        }
        Screen::FriendlySetup(setup) => super::friend_setup::draw(f, area, setup),
        Screen::Scorecard { card, scroll, .. } => final_card(f, area, card, *scroll),
        Screen::MatchReview { lines, scroll, .. } => text(
            f,
            area,
            "Your match reviewed by the analyst",
            lines,
            *scroll,
            "Press [Enter] to continue  [Up]/[Down] scroll",
        ),
        Screen::SeasonEnd { summary, scroll } => season_end(f, area, app, summary, *scroll),
        Screen::Simulate { input, error } => simulate(f, area, input, error.as_deref(), &app.comp),
        Screen::Simulating {
            done, total, last, ..
        } => simulating(f, area, *done, *total, last.as_ref()),
        Screen::Reviewing { .. } => {
            heading(f, area, "Reviewing your match");
            put(
                f,
                area,
                2,
                2,
                vec![Span::styled(
                    "The analyst is weighing each of your decisions: a moment, please.",
                    style::text(),
                )],
            );
        }
        Screen::Help { scroll } => text(
            f,
            area,
            "Help",
            &super::help::lines(),
            *scroll,
            "[Up]/[Down]/[PgUp]/[PgDn]/[Home]/[End] scroll  [Esc] back",
        ),
        Screen::Charts(c) => super::charts_screen::draw_screen(f, area, c),
        Screen::Matches(list) => super::kept::draw_list(f, area, list),
        Screen::Kept(s) => super::kept::draw_kept(f, area, s),
    }
}

/// A text view over the open file, with its keys (and a past season's year bar).
fn text_view(f: &mut Frame, area: Rect, app: &Open) {
    let Screen::Text {
        title,
        lines,
        scroll,
        review,
        kind,
        bar,
    } = &app.screen
    else {
        return;
    };
    let results = matches!(kind, super::views::ViewKind::Results(_));
    let hint = if review.is_some() && kind.has_class() {
        "[3] table  [4] averages  [5] results  [9] class  [Esc] back"
    } else if review.is_some() && results {
        "[3] table  [4] averages  [5] results  [M] open a match  [Esc] back"
    } else if results {
        "[Up]/[Down] scroll  [P] points race  [M] open a match  [Esc] back"
    } else if matches!(kind, super::views::ViewKind::Records(_)) {
        "[Up]/[Down]/[PgUp]/[PgDn] scroll  [I] innings records  [Esc] back"
    } else if review.is_some() {
        "[3] table  [4] averages  [5] results  [Esc] back"
    } else if kind.is_season() {
        "[Up]/[Down]/[PgUp]/[PgDn] scroll  [P] points race  [Esc] back"
    } else {
        "[Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back"
    };
    text(f, area, title, lines, *scroll, hint);
    if review.is_some() {
        year_bar(f, area, bar, &app.comp);
    }
}

/// A result that could not be saved must not look safe: said where the title was.
fn not_saved_title(f: &mut Frame, area: Rect, app: &Open) {
    if let Some(why) = &app.unsaved {
        let line = fit(&format!("Not saved: {why}"), TEXT_WIDTH, 0).remove(0);
        put(
            f,
            area,
            0,
            0,
            vec![Span::styled(format!(" {line:<79}"), style::error())],
        );
    }
}

fn season_end(
    f: &mut Frame,
    area: Rect,
    app: &Open,
    summary: &crate::league::season::SeasonSummary,
    scroll: usize,
) {
    let lines = super::season_end::lines(summary, app.user_county());
    let hint = if summary.is_last() {
        "Press [Enter] to continue  [Up]/[Down] scroll  [M] its matches"
    } else {
        "[Enter] the new season  [Up]/[Down] scroll  [M] its matches"
    };
    text(
        f,
        area,
        &format!("End of the {} season", summary.year),
        &lines,
        scroll,
        hint,
    );
}

fn heading(f: &mut Frame, area: Rect, title: &str) {
    put(
        f,
        area,
        0,
        0,
        vec![Span::styled(format!(" {title:<79}"), style::title())],
    );
}

/// The name typed so far, and a block where the next character goes (none once the name is
/// full): a name may hold '_', so an underscore would not tell the cursor from the name.
fn name_field(input: &str) -> Vec<Span<'static>> {
    let mut field = vec![Span::styled(input.to_string(), style::bright())];
    if input.chars().count() < crate::tui::file::NAME_LEN {
        field.push(Span::styled(" ", style::cursor()));
    }
    field
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn file_name(f: &mut Frame, area: Rect, input: &str, error: Option<&str>) {
    heading(f, area, "Armchair Cricket County Championship");
    let box_area = Rect::new(area.x + 10, area.y + 6, 60, 9);
    f.render_widget(
        Block::default().borders(Borders::ALL).style(style::text()),
        box_area,
    );
    put(
        f,
        area,
        13,
        8,
        vec![Span::styled(
            "Enter a file name of up to eight characters,",
            style::text(),
        )],
    );
    put(
        f,
        area,
        13,
        9,
        vec![Span::styled("like SURREY11 or 1ST_TRY:", style::text())],
    );
    put(f, area, 13, 11, name_field(input));
    put(
        f,
        area,
        13,
        13,
        vec![Span::styled(
            "Letters, digits, _ and - only: other keys are left out.",
            style::text(),
        )],
    );
    for (i, line) in error
        .map(|e| wrap(e, 76))
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        put(
            f,
            area,
            2,
            17 + i as u16,
            vec![Span::styled(line, style::error())],
        );
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "[Enter] open/create  [Tab] other games' charts  [F2] play a friend  [Esc] quit",
            style::key(),
        )],
    );
}

/// Where the files are (row 4), and, on the file prompt (`named` none) or when the name
/// asked for is one of them, the files an earlier version left in `./saves` (rows 21-23).
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn saves_folder(f: &mut Frame, area: Rect, app: &App, named: Option<&str>) {
    let folder = crate::folder::shown(&app.saves_dir);
    let line = format!("Files are kept in {folder}");
    let line = if line.chars().count() > 76 {
        let tail: String = folder
            .chars()
            .rev()
            .take(76 - "Files are kept in ...".len())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        format!("Files are kept in ...{tail}")
    } else {
        line
    };
    put(f, area, 2, 4, vec![Span::styled(line, style::text())]);
    let Some(earlier) = &app.earlier else {
        return;
    };
    if named.is_some_and(|n| !earlier.has(n)) {
        return;
    }
    let said = capitalised(&earlier.said(&app.saves_dir)) + ".";
    for (i, line) in wrap(&said, 76).into_iter().take(3).enumerate() {
        put(
            f,
            area,
            2,
            21 + i as u16,
            vec![Span::styled(line, style::text())],
        );
    }
}

fn confirm(f: &mut Frame, area: Rect, name: &str) {
    heading(f, area, "Armchair Cricket County Championship");
    put(
        f,
        area,
        4,
        8,
        vec![Span::styled(
            format!("There is no ACCC file called {name}."),
            style::text(),
        )],
    );
    put(
        f,
        area,
        4,
        10,
        vec![
            Span::styled("Create a new competition with this name? ", style::text()),
            Span::styled("[Y]/[N]", style::key()),
        ],
    );
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "[N] or [Esc] choose another name",
            style::key(),
        )],
    );
}

fn damaged(f: &mut Frame, area: Rect, name: &str, problem: &str, backup: &Backup) {
    heading(f, area, &format!("{name} cannot be opened"));
    let unusable = match backup {
        Backup::Unusable(why) => format!("\n\nThe backup cannot be used either: {why}"),
        _ => String::new(),
    };
    let mut y = 3;
    for line in format!("{problem}{unusable}")
        .lines()
        .flat_map(|l| wrap(l, 74))
    {
        put(f, area, 2, y, vec![Span::styled(line, style::error())]);
        y += 1;
    }
    put(
        f,
        area,
        2,
        y + 1,
        vec![Span::styled(
            "The file has not been changed.",
            style::text(),
        )],
    );
    if let Backup::Offered(holds) = backup {
        // What the backup holds is said before [B] takes the person back to it.
        let offer = format!("[B] open the backup ({name}.bak: {holds})");
        put(f, area, 1, 23, vec![Span::styled(offer, style::key())]);
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled("[Enter] choose another name", style::key())],
    );
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn county_choice(
    f: &mut Frame,
    area: Rect,
    name: &str,
    picked: Option<Option<crate::counties::CountyId>>,
    note: Option<&str>,
) {
    heading(f, area, &format!("New file {name}: your county"));
    put(
        f,
        area,
        2,
        3,
        vec![Span::styled(
            "Press the letter of the county you will play, or [0] to watch:",
            style::text(),
        )],
    );
    // Over the two columns of `setup::county_lines` ("[A] " + 22-letter name + " ").
    let headings = format!("{:<27}Second class in 1890", "First class in 1890");
    put(f, area, 4, 5, vec![Span::styled(headings, style::bright())]);
    setup::draw_menu(f, area, 6, &setup::county_lines(None));
    put(
        f,
        area,
        4,
        15,
        vec![
            Span::styled("[0] ", style::key()),
            Span::styled(
                "No county: run the competition as a spectator",
                style::text(),
            ),
        ],
    );
    // The choice waits for [Enter]: the file, once made, keeps it for good.
    let chosen = picked.map(|county| match county {
        Some(id) => format!(
            "Your county: {}. [Enter] makes the file {name} with it, for good.",
            crate::counties::get(id).name
        ),
        None => format!("No county: you watch. [Enter] makes the file {name}."),
    });
    for (row, line) in [(17, chosen), (19, note.map(str::to_string))] {
        if let Some(line) = line {
            for (i, part) in wrap(&line, 76).into_iter().enumerate() {
                let st = if row == 17 {
                    style::bright()
                } else {
                    style::text()
                };
                put(f, area, 2, row + i as u16, vec![Span::styled(part, st)]);
            }
        }
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "A county's letter, then [Enter]   [0] no county   [Esc] back to the options",
            style::key(),
        )],
    );
}

/// Where a competition stands: "1890 season, round 3", or "competition complete" (the
/// menu's heading, and what a backup offered holds).
pub fn standing(comp: &crate::league::Competition) -> String {
    comp.current()
        .map(|s| {
            format!(
                "{} season, round {}",
                s.year,
                s.current_round().unwrap_or(14)
            )
        })
        .unwrap_or_else(|| "competition complete".into())
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn menu(f: &mut Frame, area: Rect, app: &Open) {
    let comp = &app.comp;
    let class = if app.class == Class::First {
        "First-class"
    } else {
        "Second-class"
    };
    let season = standing(comp);
    heading(
        f,
        area,
        &format!("{}: {class} competition, {season}", comp.name()),
    );
    // A competition that is over has no match to play and no season to simulate: their
    // keys are left out (pressed, they say so), and the line under the menu says it is over.
    let over = comp.is_finished();
    // A file with no county of the person's (all played by the computer) has no match of
    // theirs to play with a friend: [F] is left out.
    let no_county = app.user_county().is_none();
    let items = menu_items(app).into_iter().filter(|(k, ..)| {
        !(over && ["1", "2", "F", "S"].contains(&k.as_str()) || no_county && k == "F")
    });
    for (i, (k, t, on)) in items.enumerate() {
        let st = if on { style::text() } else { style::dim() };
        let ks = if on { style::key() } else { st };
        put(
            f,
            area,
            6,
            3 + i as u16,
            vec![
                Span::styled(format!("[{k}] "), ks),
                Span::styled(t.clone(), st),
            ],
        );
    }
    if let Some(n) = menu_next(app) {
        put(f, area, 6, 18, vec![Span::styled(n, style::bright())]);
    }
    menu_foot(f, area, app);
}

/// The main menu's lines: the key, the words, and whether the key does anything now.
fn menu_items(app: &Open) -> Vec<(String, String, bool)> {
    let comp = &app.comp;
    let (quick, full) = if comp.is_finished() {
        (false, false)
    } else {
        app.menu_choices()
    };
    let other = if app.class == Class::First {
        "second-class"
    } else {
        "first-class"
    };
    // [1] is not for the person's own match (the guide does not offer it then): dimmed, and
    // said in words too, for a screen read as text.
    let own_next = comp
        .next_fixture(app.class)
        .filter(|fx| !comp.is_finished() && comp.fixture_involves_user(fx));
    let quickly = match own_next {
        Some(fx) if app.in_play.as_ref().is_some_and(|g| g.fixture == fx) => {
            "Play next match quickly (not your county's: [2] resumes it)"
        }
        Some(_) => "Play next match quickly (not your county's: [2] plays it)",
        None => "Play next match quickly",
    };
    vec![
        ("1".into(), quickly.into(), quick),
        match &app.in_play {
            Some(game) => ("2".into(), format!("Resume {}", game.label), true),
            None => ("2".into(), "Play next match fully".into(), full),
        },
        // Beside [2]: the person's match, with a friend taking the other county.
        match &app.in_play {
            Some(game) => (
                "F".into(),
                "Resume it with a friend taking the other county".into(),
                comp.fixture_involves_user(&game.fixture),
            ),
            None => (
                "F".into(),
                "Play your county's match with a friend (over the network)".into(),
                own_next.is_some(),
            ),
        },
        // Any friendly, either side, as at the file prompt: it does not count.
        (
            "P".into(),
            "Play a friend: a friendly over the network, not counted".into(),
            true,
        ),
        ("3".into(), "View current points table".into(), true),
        ("4".into(), "View averages".into(), true),
        ("5".into(), "View match results".into(), true),
        ("6".into(), "View county records".into(), true),
        (
            "7".into(),
            "Review previous season".into(),
            !comp.seasons().is_empty(),
        ),
        ("8".into(), "Review all-time results".into(), true),
        ("9".into(), format!("Switch to {other} competition"), true),
        (
            "S".into(),
            "Simulate: the rest of the season, or seasons".into(),
            // Not while the person's match is in play: they finish it first.
            !comp.is_finished()
                && app
                    .keeper
                    .in_play()
                    .is_none_or(|g| g.mode != crate::save::record::Mode::Play),
        ),
        ("C".into(), "Solo charts of other games".into(), true),
        ("H".into(), "Help".into(), true),
        (
            "Q".into(),
            if app.unsaved.is_some() {
                "Quit (NOT SAVED: see below)".into()
            } else {
                "Quit (everything is saved)".into()
            },
            true,
        ),
    ]
}

/// The line under the main menu: the next match here, why there is none, or that the
/// competition is over.
fn menu_next(app: &Open) -> Option<String> {
    let comp = &app.comp;
    if comp.is_finished() {
        return Some(format!(
            "The competition is over: all its seasons, {}, have been played.",
            crate::views::span(comp)
        ));
    }
    match comp.next_fixture(app.class) {
        Some(fx) => {
            let (h, a) = (counties::get(fx.home), counties::get(fx.away));
            Some(format!("Next match: {} v {}", h.name, a.name))
        }
        // Nothing to play here: say why.
        None => comp
            .current()
            .and_then(|s| s.waiting_round(app.class))
            .map(|round| {
                format!(
                    "Round {round} is played: the {} class must finish its round {round} first.",
                    app.class.other().name()
                )
            }),
    }
}

/// The main menu's foot: the person's county, the last key's message, the keys.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn menu_foot(f: &mut Frame, area: Rect, app: &Open) {
    if let Some(u) = app.comp.settings().user_county {
        // Its next match in the other class is pointed to, for as long as that lasts: play
        // here can go on into a new round while it waits there.
        let elsewhere = app
            .own_next()
            .filter(|fx| fx.class != app.class)
            .map_or(String::new(), |fx| {
                format!(" (next match: {} class, [9])", fx.class.name())
            });
        put(
            f,
            area,
            6,
            19,
            vec![Span::styled(
                format!("Your county: {}{elsewhere}", counties::get(u).name),
                style::text(),
            )],
        );
    }
    // The one-line message of the last key, else the standing warning of a failed save.
    let message = app
        .status
        .clone()
        .or_else(|| app.unsaved.as_ref().map(|why| format!("Not saved: {why}")));
    if let Some(m) = message {
        // Wrapped, not cut: a long file name must not push the reason off the screen.
        let lines = fit(&m, 76, 2);
        let start = (24 - lines.len().min(3) as u16).min(22);
        for (y, line) in (start..24).zip(lines) {
            put(f, area, 2, y, vec![Span::styled(line, style::error())]);
        }
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled("Press a key in brackets", style::key())],
    );
}

/// The final scoreboard: the scorecard above (scrolling), each innings' runs per over below.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub(super) fn final_card(f: &mut Frame, area: Rect, card: &FinalCard, scroll: usize) {
    text_rows(
        f,
        area,
        "Final scoreboard",
        &card.lines,
        scroll,
        "[Up]/[Down]/[Home]/[End] scroll  [Enter] go on",
        SCORECARD_ROWS,
    );
    put(
        f,
        area,
        1,
        18,
        vec![Span::styled("Runs per over:", style::text())],
    );
    // Where some panel's bar is more than an over, every panel says what its bar is: a panel
    // of one over a bar beside one of two is not read at the other's scale.
    let shown = || card.innings.iter().take(4);
    let any_binned = shown().any(|(_, overs)| binned(overs, 18).1 > 1);
    for (i, (label, overs)) in shown().enumerate() {
        let x = 1 + i as u16 * 20;
        put(
            f,
            area,
            x,
            19,
            vec![Span::styled(format!("{label:.19}"), style::bright())],
        );
        let (bars, per) = binned(overs, 18);
        let chart = Sparkline::default()
            .data(&bars)
            .max(12 * per as u64)
            .style(style::chart());
        f.render_widget(chart, Rect::new(area.x + x, area.y + 20, 18, 3));
        if any_binned {
            let bar = if per == 1 {
                "(a bar is 1 over)".to_string()
            } else {
                format!("(a bar is {per} overs)")
            };
            put(f, area, x, 23, vec![Span::styled(bar, style::text())]);
        }
    }
}

/// Runs per over squeezed into at most `width` bars: each bar the sum of `per` overs.
pub fn binned(overs: &[u16], width: usize) -> (Vec<u64>, usize) {
    let per = overs.len().div_ceil(width).max(1);
    (
        overs
            .chunks(per)
            .map(|c| c.iter().map(|&r| r as u64).sum())
            .collect(),
        per,
    )
}

pub(super) fn text(
    f: &mut Frame,
    area: Rect,
    title: &str,
    lines: &[String],
    scroll: usize,
    hint: &str,
) {
    text_rows(f, area, title, lines, scroll, hint, TEXT_ROWS);
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub(super) fn text_rows(
    f: &mut Frame,
    area: Rect,
    title: &str,
    lines: &[String],
    scroll: usize,
    hint: &str,
    rows: usize,
) {
    heading(f, area, title);
    let scroll = scroll.min(lines.len().saturating_sub(rows));
    for (i, line) in lines.iter().skip(scroll).take(rows).enumerate() {
        put(
            f,
            area,
            1,
            2 + i as u16,
            vec![Span::styled(line.clone(), style::text())],
        );
    }
    let room = usize::from(area.width).saturating_sub(1);
    let more = position(hint, scroll, rows, lines.len(), room);
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(format!("{hint}{more}"), style::key())],
    );
}

/// Where the rows shown are in a text of `len` lines, to follow the keys `hint` on a line of
/// `room` columns: "  (21-40 of 45)", or more tightly where that would not fit, so that the
/// position is never cut off. Nothing for a text that fits.
pub(super) fn position(hint: &str, scroll: usize, rows: usize, len: usize, room: usize) -> String {
    if len <= rows {
        return String::new();
    }
    let (from, to) = (scroll + 1, (scroll + rows).min(len));
    let wide = format!("  ({from}-{to} of {len})");
    if hint.chars().count() + wide.chars().count() <= room {
        wide
    } else {
        format!(" ({from}-{to}/{len})")
    }
}

/// The line over the keys of a past season under review (row 23): the keys that move
/// through the completed seasons of `comp`, the year being typed after `[G]`, or what a key
/// said.
fn year_bar(f: &mut Frame, area: Rect, bar: &YearBar, comp: &crate::league::Competition) {
    let span = crate::views::span(comp);
    let spans = match bar {
        YearBar::Keys => vec![Span::styled(
            "[7] year before  [8] year after  [G] go to a year  [P] points race",
            style::key(),
        )],
        YearBar::Typing(typed) => vec![
            Span::styled(format!("Go to the year ({span}): "), style::text()),
            Span::styled(format!("{typed}_"), style::bright()),
            Span::styled("  [Enter] go  [Esc] stay", style::key()),
        ],
        YearBar::Said(said) => vec![Span::styled(said.clone(), style::bright())],
    };
    put(f, area, 1, 23, spans);
}

fn pick_county(f: &mut Frame, area: Rect, purpose: PickFor, user: Option<CountyId>) {
    let what = match purpose {
        PickFor::Results { .. } => "match results",
        PickFor::Records => "county records",
        PickFor::Story => "story, as a picture",
    };
    heading(f, area, &format!("Choose a county for its {what}"));
    setup::draw_menu(f, area, 3, &setup::county_lines(user));
    if let Some(note) = crate::views::format::star_note(user) {
        put(f, area, 4, 12, vec![Span::styled(note, style::text())]);
    }
    let keys = match user {
        Some(c) => format!(
            "Press a county's letter  [Enter] {}, yours  [Esc] back",
            counties::get(c).name
        ),
        None => "Press a county's letter  [Esc] back".into(),
    };
    put(f, area, 1, 24, vec![Span::styled(keys, style::key())]);
}

fn alltime(f: &mut Frame, area: Rect) {
    heading(f, area, "All-time results");
    let items: Vec<(String, String)> = [
        "View rolls of honour",
        "View final positions",
        "View first-class results",
        "View first-class averages",
        "View second-class results",
        "View second-class averages",
        "Picture a county's story",
        "Picture the eras, by decade",
        "View innings records, to open their matches",
    ]
    .iter()
    .enumerate()
    .map(|(i, t)| ((i + 1).to_string(), t.to_string()))
    .collect();
    setup::draw_menu(f, area, 3, &items);
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled("Press [1]-[9]  [Esc] back", style::key())],
    );
}

/// How a final placing is shown: the champions in yellow, the top three in green, the rest
/// of the first class in white and the relegated county white on red; the second class in
/// grey, the promoted county in light cyan and the wooden spoon black on grey. After the
/// `last` season nobody goes down or up, and the places show no movement.
pub fn placing_style(class: Class, place: u8, last: bool) -> Style {
    let on_blue = |c| Style::default().fg(c).bg(style::BG);
    match (class, place) {
        (Class::First, 1) => on_blue(style::YELLOW),
        (Class::First, 2 | 3) => on_blue(style::LIGHT_GREEN),
        // Only the eighth go down (the guide).
        (Class::First, 8) if !last => Style::default().fg(style::WHITE).bg(style::RED),
        (Class::First, _) => on_blue(style::WHITE),
        (Class::Second, 1) if !last => on_blue(style::LIGHT_CYAN),
        (Class::Second, 8) => Style::default().fg(style::BLACK).bg(style::GREY),
        (Class::Second, _) => on_blue(style::GREY),
    }
}

/// Years the final-positions grid shows at once.
pub const GRID_YEARS: u16 = 16;

/// Final positions as a coloured grid: a row per county, a column per year.
fn grid(f: &mut Frame, area: Rect, app: &Open, first_year: u16, note: Option<&str>) {
    heading(f, area, "Final positions (second class in parentheses)");
    // What the last key said, over the keys.
    if let Some(note) = note {
        put_text(f, area, 1, 23, note, style::bright());
    }
    let comp = &app.comp;
    let years: Vec<_> = history::final_positions(comp)
        .into_iter()
        .filter(|p| p.year >= first_year)
        .take(GRID_YEARS as usize)
        .collect();
    if years.is_empty() {
        put_text(
            f,
            area,
            2,
            3,
            "No season has been completed yet.",
            style::text(),
        );
        put_text(f, area, 1, 24, "[Esc] back", style::key());
        return;
    }
    let user = comp.settings().user_county;
    grid_rows(f, area, &years, user);
    grid_legend(f, area);
    put_text(
        f,
        area,
        1,
        24,
        "[Left]/[Right] ten years  [Esc] back",
        style::key(),
    );
    if let Some(note) = crate::views::format::star_note(user) {
        put_text(f, area, 1, 22, note, style::text());
    }
}

/// The grid's header ('90, '00: the years) and a row a county (the person's, `user`,
/// marked and bright), each year's place in its class's colours.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a row of the grid is a county's position (16): it fits a byte and a screen row"
)]
fn grid_rows(f: &mut Frame, area: Rect, years: &[history::Positions], user: Option<CountyId>) {
    // '90, '00: a four-column cell has room for two digits and a mark (1900 is not "0").
    let header: String = years
        .iter()
        .map(|p| format!("{:>4}", format!("'{:02}", p.year % 100)))
        .collect();
    put_text(
        f,
        area,
        1,
        2,
        format!("{:<15}{header}", "County   (year)"),
        style::bright(),
    );
    for row in 0..counties::all().len() {
        // The person's county is marked as on every other screen, and drawn bright.
        let c = row as CountyId;
        let name_style = if user == Some(c) {
            style::bright()
        } else {
            style::text()
        };
        let mut spans = vec![Span::styled(
            format!("{:<15}", crate::views::format::marked(user, c)),
            name_style,
        )];
        for p in years {
            let cell = p.placings.get(row).map(|pl| {
                let text = if pl.class == Class::First {
                    format!("{:>4}", pl.place)
                } else {
                    format!(" ({})", pl.place)
                };
                let last = p.year == crate::league::LAST_YEAR;
                Span::styled(text, placing_style(pl.class, pl.place, last))
            });
            spans.push(cell.unwrap_or_else(|| Span::styled("    ", style::text())));
        }
        put(f, area, 1, 3 + row as u16, spans);
    }
}

/// The grid's key: each colour a place can have, and what it means.
fn grid_legend(f: &mut Frame, area: Rect) {
    let on = |colour| Style::default().fg(style::BLACK).bg(colour);
    put(
        f,
        area,
        1,
        20,
        vec![
            Span::styled(" champion ", on(style::YELLOW)),
            Span::styled(" top three ", on(style::LIGHT_GREEN)),
            Span::styled(" relegated ", placing_style(Class::First, 8, false)),
            Span::styled(" promoted ", on(style::LIGHT_CYAN)),
            Span::styled(" wooden spoon ", placing_style(Class::Second, 8, false)),
        ],
    );
}

/// The simulate prompt over `comp`.
fn simulate(
    f: &mut Frame,
    area: Rect,
    input: &str,
    error: Option<&str>,
    comp: &crate::league::Competition,
) {
    let seasons_left = comp.seasons_left();
    let own = comp.settings().user_county.is_some();
    heading(f, area, "Simulate");
    put(
        f,
        area,
        4,
        4,
        vec![
            Span::styled("[R] ", style::key()),
            Span::styled("the rest of this season", style::text()),
        ],
    );
    let ask = format!("or type a number of seasons (1-{seasons_left}) and press [Enter]: ");
    put(
        f,
        area,
        4,
        6,
        vec![
            Span::styled(ask, style::text()),
            Span::styled(format!("{input}_"), style::bright()),
        ],
    );
    put(
        f,
        area,
        4,
        8,
        vec![Span::styled(
            if own {
                "The computer plays every match, your county's included."
            } else {
                "The computer plays every match."
            },
            style::text(),
        )],
    );
    // The season under way (or about to begin) is the first of the number typed.
    if let Some(year) = comp.current().map(|s| s.year) {
        let end = input
            .parse::<u16>()
            .ok()
            .filter(|n| (1..=seasons_left).contains(n))
            .map_or(String::new(), |n| {
                format!(": {n} ends with {}", year + n - 1)
            });
        put(
            f,
            area,
            4,
            9,
            vec![Span::styled(
                format!("The {year} season counts as the first of them{end}."),
                style::text(),
            )],
        );
    }
    if let Some(e) = error {
        put(
            f,
            area,
            4,
            11,
            vec![Span::styled(e.to_string(), style::error())],
        );
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled("[Esc] back", style::key())],
    );
}

fn simulating(
    f: &mut Frame,
    area: Rect,
    done: u32,
    total: u32,
    last: Option<&crate::league::season::SeasonSummary>,
) {
    heading(f, area, "Simulating");
    let width = 60usize;
    let filled = (done as usize * width) / total.max(1) as usize;
    put(
        f,
        area,
        4,
        4,
        vec![Span::styled(
            format!("Season {} of {total}", done + 1),
            style::text(),
        )],
    );
    put(
        f,
        area,
        4,
        6,
        vec![Span::styled(
            format!("{}{}", "█".repeat(filled), "░".repeat(width - filled)),
            style::chart(),
        )],
    );
    if let Some(s) = last {
        let c = |id| counties::get(id).name.as_str();
        put(
            f,
            area,
            4,
            8,
            vec![Span::styled(
                format!(
                    "{}: champions {}, promoted {}",
                    s.year,
                    c(s.champion),
                    c(s.promoted)
                ),
                style::text(),
            )],
        );
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "[Esc] stop after this season (all is saved)",
            style::key(),
        )],
    );
}

/// `line` as it is when it fits in `width` characters; else broken at spaces (or, in a word
/// too long, anywhere), each continuation line indented by `indent` spaces, so a long line
/// (a wide table row, a chart's answer) is wrapped rather than cut off at the screen's edge.
/// The line's own spacing is kept.
pub fn fit(line: &str, width: usize, indent: usize) -> Vec<String> {
    debug_assert!(width > indent + 1, "room for the indent and a character");
    let mut out = Vec::new();
    let mut rest = line.to_string();
    while rest.chars().count() > width {
        let limit = rest
            .char_indices()
            .nth(width)
            .map_or(rest.len(), |(i, _)| i);
        let cut = match rest[..limit].rfind(' ') {
            Some(at) if !rest[..at].trim().is_empty() => at,
            _ => limit,
        };
        out.push(rest[..cut].trim_end().to_string());
        rest = format!("{:indent$}{}", "", rest[cut..].trim_start());
    }
    out.push(rest);
    out
}

/// `text` with its first letter a capital, to open a line; but a message that opens with a
/// path or a file name (its first word holds a '/', a '\\' or a '.': "rodir/RO.acc failed
/// ...") keeps it as it is, since the file is named exactly.
pub fn capitalised(text: &str) -> String {
    let first_word = text.split_whitespace().next().unwrap_or_default();
    if first_word.contains(['/', '\\', '.']) {
        return text.to_string();
    }
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_message_is_capitalised_but_a_path_that_opens_it_is_not() {
        assert_eq!(
            capitalised("the folder rodir cannot be written to"),
            "The folder rodir cannot be written to"
        );
        assert_eq!(
            capitalised("rodir/RO.acc failed while reading it"),
            "rodir/RO.acc failed while reading it"
        );
        assert_eq!(capitalised("ro.acc is not there"), "ro.acc is not there");
        assert_eq!(capitalised(""), "");
    }

    use super::{capitalised, fit};

    #[test]
    fn long_lines_are_wrapped_not_cut() {
        assert_eq!(fit("short  line", 20, 4), vec!["short  line"]);
        let long = "| 1st | green 18 | run a long way down the field | and then some more |";
        let lines = fit(long, 30, 4);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(long), "nothing is lost");
        assert!(lines[1].starts_with("    "));
        assert_eq!(
            fit(&"x".repeat(25), 10, 4)
                .iter()
                .map(|l| l.trim().len())
                .sum::<usize>(),
            25
        );
    }
}
