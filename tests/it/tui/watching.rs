//! A match between two computer sides watched: its pauses, holding, slowing and speeding
//! it, finishing it quickly, and the sentence at its end.

use super::*;

#[test]
fn watching_two_computer_sides_pauses_and_can_finish_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    for _ in 0..40 {
        app.update(Msg::Tick);
    }
    let s = live(&app);
    assert!(s.deliveries > 0, "ticks bowl balls");
    insta::assert_snapshot!("watching", shot(&app));
    // Too small a window hides the match: it waits.
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    assert!(accc::tui::match_screen::wants_ticks(live(&app)));
    let before = live(&app).deliveries;
    app.update(Msg::Resize(60, 20));
    for _ in 0..10 {
        app.update(Msg::Tick);
    }
    assert_eq!(live(&app).deliveries, before, "no ball is bowled unseen");
    app.update(Msg::Resize(80, 25));
    press(&mut app, "q");
    if live(&app).paused.is_some() {
        press(&mut app, "q");
    }
    assert!(live(&app).state.is_over());
    // [Q] does not skip the closing lines: the match's end is one stop, as when it is watched
    // to its end, saying the result in a sentence.
    let text = shot(&app);
    assert!(
        live(&app).paused.as_ref().is_some_and(|s| s.match_end()),
        "{text}"
    );
    assert!(text.contains("The match is over: "), "{text}");
    assert!(!text.contains("over: Match"), "{text}");
    // Finishing quickly tells of the last ball alone, not of every ball since the last look,
    // and leaves no pause behind.
    assert!(
        !live(&app).commentary.last.contains("Then:"),
        "{}",
        live(&app).commentary.last
    );
    assert!(live(&app).commentary.pauses.is_empty());
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
}

/// The end of a drawn or tied match is said in a sentence ("The match is over: a draw."),
/// not with the heading's "Match drawn" in the middle of it; a win names the winner.
#[test]
fn the_end_of_a_watched_match_is_said_in_a_sentence() {
    let mut seen = std::collections::BTreeSet::new();
    // One pack a session draws most matches; three are won more often.
    for packs in [1, 3] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = file_of_packs(dir.path(), None, packs);
        for _ in 0..300 {
            if seen.len() == 2 {
                break;
            }
            match app.screen() {
                Some(Screen::Menu) => press(&mut app, "2"),
                Some(Screen::Match { .. }) => {
                    press(&mut app, "q");
                    let text = shot(&app);
                    let result = live(&app).state.public().result.expect("the match is over");
                    let said = match result.outcome {
                        accc::engine::score::Outcome::Draw => "The match is over: a draw.",
                        accc::engine::score::Outcome::Tie => "The match is over: a tie.",
                        accc::engine::score::Outcome::Win => "won ",
                    };
                    assert!(text.contains(said), "{text}");
                    assert!(!text.contains("over: Match"), "{text}");
                    let won = result.outcome == accc::engine::score::Outcome::Win;
                    if seen.insert(won) {
                        let name = if won {
                            "watched_end_won"
                        } else {
                            "watched_end_drawn"
                        };
                        insta::assert_snapshot!(name, text);
                    }
                    enter(&mut app);
                }
                _ => enter(&mut app),
            }
        }
    }
    assert_eq!(seen.len(), 2, "a drawn match and a won one were seen");
}

/// In a watched match [Space] holds play and sets it going, and nothing else: at a stop (a
/// press meant to hold play arriving as a wicket comes up) it passes no stop and says that
/// [Enter] goes on, and at the match's last stop it does not pass to the scoreboard.
#[test]
fn space_in_a_watched_match_passes_no_stop_and_not_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    let mut stops = 0;
    for _ in 0..5000 {
        if live(&app).paused.is_some() {
            let (deliveries, over) = (live(&app).deliveries, live(&app).state.is_over());
            let stop = shot(&app);
            press(&mut app, " ");
            assert!(matches!(app.screen(), Some(Screen::Match { .. })));
            let s = live(&app);
            assert!(s.paused.is_some(), "the stop stays: {}", shot(&app));
            assert_eq!(s.deliveries, deliveries);
            assert!(!s.watching.held, "nor is play held behind it");
            let word = if over {
                "The match is over: [Enter] shows the scorecard."
            } else {
                "Play has stopped: [Enter] goes on ([Space] holds the match while it plays)."
            };
            assert!(shot(&app).contains(word), "{}", shot(&app));
            let without: Vec<String> = shot(&app)
                .replace(word, "")
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            assert_eq!(without.join("\n"), stop, "the word alone is new");
            stops += 1;
            enter(&mut app);
            if over {
                break;
            }
        } else {
            app.update(Msg::Tick);
        }
    }
    assert!(stops > 2, "{stops} stops");
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    // While play runs, [Space] holds it and sets it going again.
    press(&mut app, " ");
    press(&mut app, "2");
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    press(&mut app, " ");
    assert!(live(&app).watching.held);
    press(&mut app, " ");
    assert!(!live(&app).watching.held);
}

/// Watching two computer sides, [Enter] or a digit says which keys there are, held or not.
#[test]
fn enter_while_watching_says_which_keys_there_are() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    while live(&app).paused.is_some() {
        enter(&mut app);
    }
    press(&mut app, " ");
    assert!(live(&app).watching.held);
    enter(&mut app);
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is held: [Space] sets it going, [Q] finishes it now.")
    );
    assert!(live(&app).watching.held, "still held");
    press(&mut app, " 5");
    assert!(!live(&app).watching.held);
    let going = "The computer plays both sides: [Space] holds the match, [Q] finishes it now.";
    assert_eq!(match_word(&app).as_deref(), Some(going));
    // A letter too.
    press(&mut app, "z");
    assert_eq!(match_word(&app).as_deref(), Some(going));
}

#[test]
fn a_watched_match_can_be_held_slowed_and_sped_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let balls = |app: &App| live(app).deliveries;
    let clear = |app: &mut App| {
        while live(app).paused.is_some() {
            enter(app);
        }
    };
    clear(&mut app);
    // Held: ticks bowl nothing, and the screen says how to go on.
    press(&mut app, " ");
    let held = balls(&app);
    for _ in 0..20 {
        app.update(Msg::Tick);
    }
    assert_eq!(balls(&app), held);
    assert!(
        shot(&app).contains("Paused: [Space] to go on"),
        "{}",
        shot(&app)
    );
    press(&mut app, " ");
    // Slowest: a ball every 8 ticks.
    press(&mut app, "---");
    assert!(shot(&app).contains("speed (slowest)"), "{}", shot(&app));
    clear(&mut app);
    let before = balls(&app);
    for _ in 0..7 {
        app.update(Msg::Tick);
    }
    clear(&mut app);
    assert!(
        balls(&app) - before <= 1,
        "at most one ball in 7 slow ticks"
    );
    // Fastest: ten balls a tick, unless a stop comes first.
    press(&mut app, "++++++");
    assert!(shot(&app).contains("speed (fastest)"), "{}", shot(&app));
    clear(&mut app);
    let mut most = 0;
    for _ in 0..20 {
        let before = balls(&app);
        app.update(Msg::Tick);
        most = most.max(balls(&app) - before);
        clear(&mut app);
        if live(&app).state.is_over() {
            break;
        }
    }
    assert!(most > 1, "several balls a tick at the fastest: {most}");
}
