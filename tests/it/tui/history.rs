//! The history in the terminal program: any played match picked from a list (a county's
//! results under [5] and [7], a whole season at its end) and reopened on its scorecard, its
//! overs ball by ball, its runs per over and the person's review; [Esc] back to the very
//! screen it came from. Driven by key messages, drawn on a `TestBackend` against snapshots.

use accc::history::{Library, MatchId};
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::tui::app::{file_path, App, Msg, Screen};
use accc::tui::kept::{Body, Page, ReviewState};
use crossterm::event::KeyCode;

use super::{key, play_out, press, shot, to_own_match};

fn hit(app: &mut App, code: KeyCode) {
    app.update(key(code));
}

/// A small competition (four batsmen a side, one pack a session, one day) of seed 42 saved
/// in `dir` as TEST, the person's county `user`, with `seasons` simulated, open in the
/// program on its menu.
fn after_seasons(dir: &std::path::Path, user: Option<u8>, seasons: u32) -> App {
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 1,
        ..Default::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 2, bowl: 2 },
        user_county: user,
        seed: 42,
    };
    let mut comp = Competition::create("TEST", settings).unwrap();
    comp.sim_seasons(seasons, |_| {});
    std::fs::create_dir_all(dir).unwrap();
    accc::save::store(&file_path(dir, "TEST"), &comp).unwrap();
    App::new(dir.to_path_buf(), Some("TEST".into()))
}

/// What a screen is, in a word, for messages.
fn what(app: &App) -> &'static str {
    match app.screen() {
        Some(Screen::Menu) => "menu",
        Some(Screen::Text { .. }) => "text",
        Some(Screen::Matches(_)) => "matches",
        Some(Screen::Kept(_)) => "kept",
        Some(Screen::SeasonEnd { .. }) => "season end",
        Some(Screen::PickCounty { .. }) => "pick county",
        _ => "other",
    }
}

/// From the end of the person's match on: the scoreboard, the review, then the menu.
fn back_to_menu(app: &mut App) {
    for _ in 0..10 {
        match app.screen() {
            Some(Screen::Menu) => break,
            Some(Screen::Reviewing { .. }) => app.update(Msg::Tick),
            _ => hit(app, KeyCode::Enter),
        }
    }
    assert_eq!(what(app), "menu");
}

fn list(app: &App) -> &accc::tui::kept::MatchList {
    match app.screen() {
        Some(Screen::Matches(l)) => l,
        _ => panic!("not on a match list but {}", what(app)),
    }
}

fn kept(app: &App) -> &accc::tui::kept::KeptScreen {
    match app.screen() {
        Some(Screen::Kept(k)) => k,
        _ => panic!("not on a match reopened but {}", what(app)),
    }
}

/// [5] Surrey's results, [M] its matches, one opened: its scorecard, ball by ball and runs
/// per over, each a key away; [Esc] back to the list as it was left, and again to the results.
#[test]
fn a_countys_results_open_any_of_its_matches_and_esc_goes_back_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), None, 1);
    // The season under way has no match played yet: [M] says so, on the view.
    press(&mut app, "5s");
    assert_eq!(what(&app), "text");
    press(&mut app, "m");
    assert!(list(&app).rows.is_empty());
    let none = shot(&app);
    assert!(
        none.contains("No match has been played here yet: [Esc] goes back."),
        "{none}"
    );
    // Nothing to choose, type or open: the keys say only [Esc].
    assert_eq!(none.lines().last(), Some(" [Esc] back"), "{none}");
    press(&mut app, "3");
    assert_eq!(shot(&app), none, "no round is typed into an empty list");
    hit(&mut app, KeyCode::Enter);
    assert_eq!(what(&app), "matches", "nothing to open");
    hit(&mut app, KeyCode::Esc);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(what(&app), "menu");
    // Two rounds of Surrey's class played: the results of 1891, Surrey's matches.
    let class = app.comp().unwrap().current().unwrap().class_of(0);
    let played = |app: &App| {
        app.comp()
            .unwrap()
            .current()
            .unwrap()
            .class(class)
            .matches()
            .len()
    };
    while played(&app) < 8 {
        press(&mut app, "1");
        while !matches!(app.screen(), Some(Screen::Menu)) {
            hit(&mut app, KeyCode::Enter);
        }
    }
    press(&mut app, "5s");
    let results = shot(&app);
    assert!(results.contains("[M] open a match"), "{results}");
    press(&mut app, "m");
    let l = list(&app);
    let played = l.rows.len();
    assert_eq!(played, 2, "Surrey has played two matches in 1891");
    assert_eq!(
        l.cursor,
        played - 1,
        "the last match played is marked first"
    );
    insta::assert_snapshot!("history_county_list", shot(&app));
    hit(&mut app, KeyCode::Home);
    let id = list(&app).rows[0].id.unwrap();
    hit(&mut app, KeyCode::Enter);
    let k = kept(&app);
    assert_eq!(k.id, id);
    assert_eq!(k.page, Page::Scorecard);
    assert!(matches!(k.body, Body::Opened(_)));
    // A computer match: no review page.
    assert_eq!(k.pages(), vec![Page::Scorecard, Page::Balls, Page::Overs]);
    insta::assert_snapshot!("history_scorecard", shot(&app));
    // The scorecard is the one `accc show` prints.
    let comp = app.comp().unwrap();
    let m = Library::in_memory().kept(comp, id).unwrap();
    let card = accc::views::scorecard_view(&m);
    use accc::views::View;
    let text = shot(&app);
    for line in card.lines().iter().take(20).filter(|l| !l.is_empty()) {
        assert!(text.contains(line.as_str()), "{line:?} not on\n{text}");
    }
    press(&mut app, "2");
    assert_eq!(kept(&app).page, Page::Balls);
    insta::assert_snapshot!("history_ball_by_ball", shot(&app));
    hit(&mut app, KeyCode::PageDown);
    assert!(kept(&app).scroll[1] > 0, "the ball-by-ball pages turn");
    press(&mut app, "3");
    insta::assert_snapshot!("history_runs_per_over", shot(&app));
    // [4] is no page of a computer match: nothing changes.
    press(&mut app, "4");
    assert_eq!(kept(&app).page, Page::Overs);
    // [Left] back to the balls, turned as they were left.
    hit(&mut app, KeyCode::Left);
    assert_eq!(kept(&app).page, Page::Balls);
    assert!(kept(&app).scroll[1] > 0);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(
        list(&app).cursor,
        0,
        "back on the list, on the match opened"
    );
    hit(&mut app, KeyCode::Esc);
    assert_eq!(shot(&app), results, "back on the results as they were");
    hit(&mut app, KeyCode::Esc);
    assert_eq!(what(&app), "menu");
}

/// A list's keys: [Up]/[Down]/[Home]/[End] move the mark within the list, a round typed
/// goes to its match, a round there is none of is said; [Esc] goes back.
#[test]
fn a_match_list_moves_by_arrows_and_by_a_round_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 1);
    press(&mut app, "7");
    assert_eq!(what(&app), "text", "[7] opens the last season's table");
    press(&mut app, "5s");
    let results = shot(&app);
    assert!(results.contains("[M] open a match"), "{results}");
    press(&mut app, "m");
    let n = list(&app).rows.len();
    assert_eq!(n, 14, "a whole season of one county");
    hit(&mut app, KeyCode::Up);
    assert_eq!(list(&app).cursor, n - 2);
    hit(&mut app, KeyCode::End);
    hit(&mut app, KeyCode::Down);
    assert_eq!(list(&app).cursor, n - 1, "the mark stops at the last");
    hit(&mut app, KeyCode::Home);
    hit(&mut app, KeyCode::Up);
    assert_eq!(list(&app).cursor, 0, "and at the first");
    press(&mut app, "12");
    let l = list(&app);
    assert_eq!(l.rows[l.cursor].id.unwrap().round, 12);
    assert!(shot(&app).contains("Round: 12_"), "{}", shot(&app));
    press(&mut app, "9");
    let l = list(&app);
    assert_eq!(
        l.rows[l.cursor].id.unwrap().round,
        9,
        "a third digit begins again"
    );
    hit(&mut app, KeyCode::Backspace);
    press(&mut app, "99");
    assert!(
        shot(&app).contains("There is no played match of round 99 here"),
        "{}",
        shot(&app)
    );
    assert_eq!(
        list(&app).rows[list(&app).cursor].id.unwrap().round,
        9,
        "nothing moved"
    );
    // Typing is done with, [Enter] opens the match marked.
    hit(&mut app, KeyCode::Down);
    hit(&mut app, KeyCode::Enter);
    assert_eq!(kept(&app).id.round, 10);
    assert_eq!(kept(&app).id.year, 1890);
    hit(&mut app, KeyCode::Esc);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(shot(&app), results, "back on 1890's results under review");
}

/// A round typed then [Enter] opens that round's match at once; a round typed is forgotten
/// on any key but a digit (an arrow, a letter, [Esc], which stays on the list), so that a
/// digit left waiting never joins one typed later; two digits typed together are one round.
#[test]
fn a_round_typed_and_enter_opens_its_match_and_a_round_left_is_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 1);
    press(&mut app, "75s");
    press(&mut app, "m");
    let round = |app: &App| {
        let l = list(app);
        l.rows[l.cursor].id.unwrap().round
    };
    press(&mut app, "7");
    let typing = shot(&app);
    assert!(
        typing.contains("Round: 7_  [Enter] open its match  [Esc] forget it"),
        "{typing}"
    );
    hit(&mut app, KeyCode::Enter);
    assert_eq!(kept(&app).id.round, 7, "one [Enter] opens it");
    hit(&mut app, KeyCode::Esc);
    assert!(list(&app).typed.is_empty());
    assert_eq!(round(&app), 7, "back on the list, on the match opened");
    // A digit then an arrow: the arrow moves the mark, the digit is forgotten.
    press(&mut app, "4");
    assert_eq!(round(&app), 4);
    hit(&mut app, KeyCode::Down);
    assert_eq!(round(&app), 5);
    press(&mut app, "1");
    assert_eq!(round(&app), 1, "a 1 typed later is round 1, not 41");
    // A digit then a letter: forgotten too.
    hit(&mut app, KeyCode::Esc);
    press(&mut app, "4x1");
    assert_eq!(round(&app), 1);
    assert!(!shot(&app).contains("round 41"), "{}", shot(&app));
    // [Esc] forgets a round typed and stays on the list; [Esc] again goes back.
    hit(&mut app, KeyCode::Esc);
    press(&mut app, "3");
    hit(&mut app, KeyCode::Esc);
    assert!(list(&app).typed.is_empty(), "the round typed is forgotten");
    assert!(!shot(&app).contains("Round:"), "{}", shot(&app));
    hit(&mut app, KeyCode::Enter);
    assert_eq!(
        kept(&app).id.round,
        3,
        "the mark stayed where the round put it"
    );
    hit(&mut app, KeyCode::Esc);
    // Two digits together are one round, opened at once.
    press(&mut app, "14");
    hit(&mut app, KeyCode::Enter);
    assert_eq!(kept(&app).id.round, 14);
    hit(&mut app, KeyCode::Esc);
    // A round there is none of: said, and nothing opens.
    press(&mut app, "0");
    hit(&mut app, KeyCode::Enter);
    assert_eq!(what(&app), "matches");
    assert!(
        shot(&app).contains("There is no played match of round 0 here"),
        "{}",
        shot(&app)
    );
    assert_eq!(round(&app), 14, "nothing moved");
    hit(&mut app, KeyCode::Esc);
    assert_eq!(what(&app), "text", "back on the results");
}

/// The season's end lists every match of the season, marked at the person's county's first,
/// and [Esc] comes back to the season's end where it was.
#[test]
fn the_seasons_end_opens_any_match_of_the_season() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 0);
    press(&mut app, "sr");
    assert_eq!(what(&app), "season end");
    hit(&mut app, KeyCode::Down);
    let end = shot(&app);
    assert!(end.contains("[M] its matches"), "{end}");
    press(&mut app, "m");
    let l = list(&app);
    assert_eq!(l.rows.len(), 112, "both classes' 56 matches");
    let comp = app.comp().unwrap();
    let at = l.rows[l.cursor].id.unwrap();
    let fixture = comp.season(1890).unwrap().class(at.class).scheduled(at.k());
    assert!(
        fixture.home == 0 || fixture.away == 0,
        "Surrey's match is marked"
    );
    assert_eq!(at.round, 1);
    insta::assert_snapshot!("history_season_list", shot(&app));
    hit(&mut app, KeyCode::PageDown);
    hit(&mut app, KeyCode::PageDown);
    let top = list(&app).top;
    assert!(top > 0, "the list scrolls with its mark");
    hit(&mut app, KeyCode::Enter);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(list(&app).top, top, "back on the list scrolled as it was");
    hit(&mut app, KeyCode::Esc);
    assert_eq!(shot(&app), end, "back on the season's end as it was");
    hit(&mut app, KeyCode::Enter);
    assert_eq!(what(&app), "menu");
}

/// A file of format 1 kept its matches as results only: a match of it opened says so in a
/// sentence, under its result.
#[test]
fn a_match_kept_as_its_result_only_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/FORMAT1.acc");
    std::fs::copy(&from, dir.path().join("FORMAT1.acc")).unwrap();
    let mut app = App::new(dir.path().to_path_buf(), Some("FORMAT1".into()));
    assert_eq!(what(&app), "menu", "{}", shot(&app));
    press(&mut app, "7");
    press(&mut app, "5");
    hit(&mut app, KeyCode::Enter);
    if what(&app) == "pick county" {
        press(&mut app, "s");
    }
    press(&mut app, "m");
    hit(&mut app, KeyCode::Home);
    hit(&mut app, KeyCode::Enter);
    let k = kept(&app);
    assert!(matches!(k.body, Body::Said { .. }));
    assert_eq!(k.pages(), vec![Page::Scorecard]);
    let text = shot(&app);
    assert!(text.contains("is kept as its result only"), "{text}");
    assert!(text.contains("\n Kept as its result only\n"), "{text}");
    insta::assert_snapshot!("history_result_only", text);
    // No page to turn to.
    press(&mut app, "2");
    assert_eq!(kept(&app).page, Page::Scorecard);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(what(&app), "matches");
}

/// A match whose record is damaged (its archive's season spoiled) says so, over its keys,
/// rather than that it was kept as its result only, as a file of an earlier format's are.
#[test]
fn a_match_whose_record_is_damaged_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), None, 1);
    let archive = dir.path().join("TEST.acx");
    let mut bytes = std::fs::read(&archive).unwrap();
    bytes[40] ^= 0x40;
    std::fs::write(&archive, &bytes).unwrap();
    press(&mut app, "75s");
    press(&mut app, "m");
    hit(&mut app, KeyCode::Enter);
    let k = kept(&app);
    assert!(
        matches!(k.body, Body::Said { why, .. } if why == "Its record is damaged: result only"),
        "{}",
        shot(&app)
    );
    let text = shot(&app);
    assert!(text.contains("checksum"), "{text}");
    assert!(!text.contains("Kept as its result only"), "{text}");
    assert!(
        text.contains("\n Its record is damaged: result only\n"),
        "{text}"
    );
}

/// A match the person played has its review as a fourth page, worked out at the next tick
/// once shown; for the last match played it is the review that followed it.
#[test]
fn a_match_the_person_played_opens_on_its_review_too() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 0);
    to_own_match(&mut app);
    play_out(&mut app);
    back_to_menu(&mut app);
    press(&mut app, "5");
    hit(&mut app, KeyCode::Enter);
    press(&mut app, "m");
    hit(&mut app, KeyCode::Enter);
    let k = kept(&app);
    assert_eq!(
        k.pages(),
        vec![Page::Scorecard, Page::Balls, Page::Overs, Page::Review]
    );
    assert!(
        !app.busy(),
        "nothing is worked out before the review is asked for"
    );
    press(&mut app, "4");
    assert!(app.busy(), "the review is due");
    assert!(shot(&app).contains("a moment, please"), "{}", shot(&app));
    app.update(Msg::Tick);
    assert!(!app.busy());
    let Body::Opened(o) = &kept(&app).body else {
        panic!("opened")
    };
    let ReviewState::Ready(lines) = &o.review else {
        panic!("the review is ready")
    };
    assert!(lines[0].starts_with("Review of "), "{lines:?}");
    insta::assert_snapshot!("history_review", shot(&app));
    // All four pages' keys and the position in the ball-by-ball pages fit 80 columns.
    press(&mut app, "2");
    let balls = shot(&app);
    let keys = balls.lines().last().unwrap();
    assert!(keys.chars().count() <= 80, "{keys}");
    let n = match &kept(&app).body {
        Body::Opened(o) => o.balls.len(),
        Body::Said { .. } => panic!("opened"),
    };
    assert!(n > 20, "the balls take more than a page");
    // Each innings is headed with its county's full name, as on the scorecard (Yorkshire's,
    // not its scoreboard name).
    let Body::Opened(o) = &kept(&app).body else {
        panic!("opened")
    };
    let heads: Vec<&String> = o
        .balls
        .iter()
        .filter(|l| l.starts_with("Innings "))
        .collect();
    assert!(heads.len() >= 2, "{heads:?}");
    assert_eq!(heads[0], "Innings 1: Yorkshire batting");
    for head in heads {
        assert!(
            head.ends_with(": Yorkshire batting") || head.ends_with(": Surrey batting"),
            "{head}"
        );
    }
    assert!(keys.ends_with(&format!("of {n})")), "{keys}");
    insta::assert_snapshot!("history_persons_balls", balls);
    hit(&mut app, KeyCode::End);
    let keys = shot(&app).lines().last().unwrap().to_string();
    assert!(keys.ends_with(&format!("-{n} of {n})")), "{keys}");
    // [Tab] and [Shift-Tab] turn the pages too.
    hit(&mut app, KeyCode::Tab);
    assert_eq!(kept(&app).page, Page::Overs);
    hit(&mut app, KeyCode::BackTab);
    hit(&mut app, KeyCode::BackTab);
    assert_eq!(kept(&app).page, Page::Scorecard);
}

/// The help tells a new user of the history: [M] from the results, past seasons and a season's
/// end, the innings records' [I] and [9], a list's keys and a match's pages, [Tab] among them;
/// it pages to its last line.
#[test]
fn the_help_tells_of_the_matches_opened_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 0);
    press(&mut app, "h");
    let lines = accc::tui::help::lines();
    let text = lines.join("\n");
    for said in [
        "[M] lists matches to open",
        "at the end of a season",
        "[I] on a county's records",
        "[9] on the all-time menu ([8])",
        "press [Enter] to open that round's match",
        "[4] the\nanalyst's review",
        "[Tab]/[Shift-Tab] turn",
        "missing or damaged says so",
    ] {
        assert!(text.contains(said), "{said:?} not in the help");
    }
    let at = lines
        .iter()
        .position(|l| l == "ANY MATCH OPENED AGAIN")
        .unwrap();
    // The section with the two lines over it, a line at a time.
    for _ in 0..at - 2 {
        hit(&mut app, KeyCode::Down);
    }
    assert!(shot(&app).contains("\n ANY MATCH OPENED AGAIN"));
    insta::assert_snapshot!("help_history", shot(&app));
    hit(&mut app, KeyCode::End);
    let end = shot(&app);
    assert!(end.contains(lines.last().unwrap()), "{end}");
    assert!(
        end.lines()
            .last()
            .unwrap()
            .ends_with(&format!(" of {})", lines.len())),
        "{end}"
    );
}

/// The decisions read back from a kept match's record are the choices the person made, as
/// the record of their last match has them.
#[test]
fn a_kept_matchs_decisions_are_the_persons_choices() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 0);
    to_own_match(&mut app);
    play_out(&mut app);
    hit(&mut app, KeyCode::Enter);
    let path = file_path(dir.path(), "TEST");
    drop(app);
    let all = accc::save::load_all(&path).unwrap();
    let game = all.last_played.expect("the match played is kept");
    let (comp, library) = Library::open(&path).unwrap();
    let f = game.fixture;
    let id = MatchId {
        year: f.year,
        class: f.class,
        round: f.round,
        index: f.index,
    };
    let m = library.kept(&comp, id).unwrap();
    assert_eq!(m.by_person, Some(true));
    let side = m.summary.side_of(0).unwrap();
    // The record keeps the person's plays; the engine's question whether to declare is
    // answered for them (armed with [D] or not), so it is left out of both.
    use accc::engine::Choice;
    let read: Vec<_> = m
        .decisions(side)
        .unwrap()
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| !matches!(c, Choice::Continue | Choice::Declare))
        .collect();
    let made: Vec<_> = game
        .choices()
        .filter(|c| !matches!(c, Choice::Continue | Choice::Declare))
        .collect();
    assert!(!made.is_empty());
    assert_eq!(read, made);
}

/// The innings records, from [6] a county's records ([I]) and the all-time menu ([9]): each
/// record's line opens its match, and [Esc] comes back to the record, then to where the
/// records were opened from.
#[test]
fn innings_records_open_their_matches_from_six_and_the_all_time_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 1);
    press(&mut app, "6");
    hit(&mut app, KeyCode::Enter);
    let records = shot(&app);
    assert!(records.contains("[I] innings records"), "{records}");
    press(&mut app, "i");
    let l = list(&app);
    assert!(
        l.title.starts_with("Innings records: Surrey"),
        "{}",
        l.title
    );
    assert!(l.rows[l.cursor].id.is_some(), "the mark is on a record");
    insta::assert_snapshot!("history_innings_records_county", shot(&app));
    // The mark passes over headings and counts.
    for _ in 0..l.rows.len() {
        hit(&mut app, KeyCode::Down);
        let l = list(&app);
        assert!(l.rows[l.cursor].id.is_some());
    }
    hit(&mut app, KeyCode::Home);
    let first = list(&app).rows[list(&app).cursor].clone();
    // The record's match opens: the highest innings of Surrey, its score on the scorecard.
    hit(&mut app, KeyCode::Enter);
    let k = kept(&app);
    assert_eq!(Some(k.id), first.id);
    let runs: String = first.line.split_whitespace().next().unwrap().into();
    let runs = runs.trim_end_matches('*');
    let Body::Opened(o) = &k.body else {
        panic!("opened")
    };
    assert!(
        o.scorecard
            .iter()
            .any(|l| l.contains(&format!(" {runs} ("))),
        "{runs} in {:?}",
        o.scorecard
    );
    hit(&mut app, KeyCode::Esc);
    assert_eq!(list(&app).rows[list(&app).cursor], first);
    hit(&mut app, KeyCode::Esc);
    assert_eq!(shot(&app), records);
    hit(&mut app, KeyCode::Esc);
    press(&mut app, "89");
    let l = list(&app);
    assert_eq!(l.title, "Innings records");
    hit(&mut app, KeyCode::Enter);
    assert_eq!(what(&app), "kept");
    hit(&mut app, KeyCode::Esc);
    hit(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen(), Some(Screen::AllTime)));
}

/// How `tests/fixtures/FORMAT5.acc` and its archive `FORMAT5.acx` were made (once; never
/// regenerated): `ACCC_FIXTURE_DIR=D cargo test --release --test it make_the_format_5_fixture
/// -- --ignored`. The small competition of seed 42 with Surrey the person's county (four
/// batsmen, one pack a session, one day): Surrey's first match played on the match screen with
/// the adviser's choice at every question, then by computer the rest of 1890 and all of 1891
/// (the archive's seasons), then eight matches of 1892 (kept in the save itself).
#[test]
#[ignore]
fn make_the_format_5_fixture() {
    let Some(out) = std::env::var_os("ACCC_FIXTURE_DIR") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut app = after_seasons(dir.path(), Some(0), 0);
    to_own_match(&mut app);
    play_out(&mut app);
    back_to_menu(&mut app);
    drop(app);
    let path = file_path(dir.path(), "TEST");
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let mut comp = keeper.load().unwrap();
    comp.sim_seasons(2, |_| {});
    for _ in 0..8 {
        let f = comp
            .next_fixture(accc::league::Class::First)
            .or_else(|| comp.next_fixture(accc::league::Class::Second))
            .unwrap();
        comp.play_fixture_by_computer(f).unwrap();
    }
    keeper.store(&comp).unwrap();
    drop(keeper);
    let out = std::path::PathBuf::from(out);
    for (from, to) in [("TEST.acc", "FORMAT5.acc"), ("TEST.acx", "FORMAT5.acx")] {
        std::fs::copy(dir.path().join(from), out.join(to)).unwrap();
    }
}
