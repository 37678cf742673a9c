//! The end of the person's match: the final scoreboard, then the review of its costliest
//! choices (as `accc review` gives it), and what the review may and may not blame.

use super::*;

/// A match the person played to its end is reviewed on a screen after its scoreboard: the
/// balls and answers that cost most by the analyst's estimate (here the person plays the
/// first card at every ball, as a careless player would), dearest first; [Enter] goes on.
/// `accc review NAME` prints the same review from the save's last match.
#[test]
fn the_persons_match_is_reviewed_after_its_scoreboard_and_by_accc_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    to_own_match(&mut app);
    play_out_pressing(&mut app, |s| match s.human_to_act() {
        Some(Decision::Bowl | Decision::Respond { .. }) => "1",
        _ => "=",
    });
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    enter(&mut app);
    // The review takes a moment, and says so before it is worked out (at the next tick); a
    // key meanwhile changes nothing.
    assert!(
        shot(&app).contains("The analyst is weighing each of your decisions"),
        "{}",
        shot(&app)
    );
    enter(&mut app);
    assert!(app.busy() && matches!(app.screen(), Some(Screen::Reviewing { .. })));
    app.update(Msg::Tick);
    let text = shot(&app);
    let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
        panic!("{text}")
    };
    let lines = lines.clone();
    assert!(
        text.contains("Your match reviewed by the analyst"),
        "{text}"
    );
    assert!(
        lines[0].starts_with("Review of ")
            && lines[0].contains(" balls Surrey bowled and answered"),
        "{text}"
    );
    let first = lines
        .iter()
        .position(|l| l.starts_with(" 1. "))
        .expect(&text);
    assert!(lines[first].contains(" innings, ") && lines[first].contains(" overs: you "));
    assert!(lines.iter().all(|l| l.chars().count() <= 78));
    // The same review from the save, by the command line.
    let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
    let joined = |ls: &[String]| {
        ls.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let printed_lines: Vec<String> = printed.lines().map(str::to_string).collect();
    assert_eq!(joined(&printed_lines), joined(&lines));
    assert_eq!(printed_lines, lines, "wrapped to the same 78 columns");
    // `--most` says how many of the dearest are told.
    let numbered = |text: &str| {
        text.lines()
            .filter(|l| {
                l.starts_with(" ")
                    && l.trim_start()
                        .split(". ")
                        .next()
                        .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .count()
    };
    assert!(numbered(&printed) > 2, "{printed}");
    let two = crate::helpers::ok_in(dir.path(), &["review", "TEST", "--most", "2"]);
    assert_eq!(numbered(&two), 2, "{two}");
    enter(&mut app);
    assert!(matches!(
        app.screen(),
        Some(Screen::Menu | Screen::SeasonEnd { .. })
    ));
    // A watched match has no review: its scoreboard goes on to the menu.
    press(&mut app, "2");
    if matches!(app.screen(), Some(Screen::Match { .. })) {
        press(&mut app, "q");
        if live(&app).paused.is_some() {
            press(&mut app, "q");
        }
        enter(&mut app);
        assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
        enter(&mut app);
        assert!(!matches!(app.screen(), Some(Screen::MatchReview { .. })));
    }
}

/// A match watched with [2] after one the person played does not take its place: `accc
/// review` still reviews the played match, as its screen did (the watched one had replaced
/// it, and the review said the last match was watched). A file that holds a watched match as
/// its last, as such files were written before, still says so.
#[test]
fn watching_a_match_keeps_the_review_of_the_match_played_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    play_out(&mut app);
    enter(&mut app);
    enter(&mut app);
    app.update(Msg::Tick);
    let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
        panic!("{}", shot(&app))
    };
    let reviewed = lines.clone();
    enter(&mut app);
    if matches!(app.screen(), Some(Screen::SeasonEnd { .. })) {
        enter(&mut app);
    }
    // The next match of two computer counties, watched to its end.
    for _ in 0..3 {
        press(&mut app, "2");
        if matches!(app.screen(), Some(Screen::Match { .. })) {
            break;
        }
    }
    assert!(live(&app).human.is_none(), "{}", shot(&app));
    press(&mut app, "q");
    if live(&app).paused.is_some() {
        press(&mut app, "q");
    }
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    enter(&mut app);
    let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
    assert_eq!(printed.lines().collect::<Vec<_>>(), reviewed);
    drop(app);
    // An older file whose last match is a watched one.
    let path = file_path(dir.path(), "TEST");
    let all = accc::save::load_all(&path).unwrap();
    let mut watched = all.last_played.unwrap();
    watched.mode = accc::save::record::Mode::Watch;
    watched.ops.clear();
    watched.fixture.home = 9;
    watched.fixture.away = 10;
    let bytes = accc::save::encode_all(&all.comp, None, Some(&watched));
    std::fs::write(&path, bytes).unwrap();
    let out = crate::helpers::run_in(dir.path(), &["review", "TEST"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "accc: TEST's last match was watched, not played, so there is nothing to review\n"
    );
}

/// The review and the `=` key agree (they are the same analyst, told the same views): a
/// match played with `=` at every decision is blamed for nothing, on the screen and by
/// `accc review`; in the next, where the person plays the first card at every seventh ball
/// or answer and `=` at the rest, only those balls and answers of the person's own may be
/// blamed.
#[test]
fn the_review_never_blames_a_choice_the_equals_key_advised() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    // How the review's line of a ball or answer begins, after where it came: what was
    // answered or bowled.
    let label = |s: &accc::live::LiveMatch| {
        let at = "overs: you ";
        match s.human_to_act() {
            Some(Decision::Respond { bowled, call, .. }) => {
                let called = match call {
                    accc::engine::delivery::Call::NoBall => "the no-ball ",
                    accc::engine::delivery::Call::Wide => "the wide ",
                    _ => "",
                };
                format!("{at}answered {called}{}", bowled.on_screen())
            }
            _ => format!("{at}bowled "),
        }
    };
    let listed = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| {
                let (n, rest) = l.trim_start().split_once(". ")?;
                n.parse::<u32>().ok()?;
                Some(rest.to_string())
            })
            .collect()
    };
    // Where it came: the innings, named as the scorecard names it (the batting side's 1st or
    // 2nd, not the match's 2nd for the side batting second), and the overs the scoreboard
    // showed once its ball was done (a no-ball shares its overs with the ball before it, as
    // on the board).
    let at = |s: &accc::live::LiveMatch, ball: Option<accc::engine::BallRecord>| {
        let ball = ball.expect("a ball was bowled");
        let p = s.state.public();
        let card = accc::scorecard::scorecard(
            p,
            &accc::scorecard::Names {
                home: &s.names[0],
                away: &s.names[1],
            },
        );
        let innings: Vec<&str> = card.lines().filter(|l| l.ends_with(" innings")).collect();
        let overs = accc::engine::score::overs_text(ball.balls);
        format!("{}, at {overs} ", innings[ball.innings as usize - 1])
    };
    for every in [0, 7] {
        to_own_match(&mut app);
        let (mut asked, mut own) = (0, std::collections::HashSet::new());
        // The person's own choice whose ball is still to be seen, and the last ball then.
        let mut waiting: Option<(String, Option<accc::engine::BallRecord>)> = None;
        play_out_pressing(&mut app, |s| {
            let last = s.state.public().last_ball;
            if let Some((what, _)) = waiting.take_if(|(_, before)| *before != last) {
                own.insert(format!("{}{what}", at(s, last)));
            }
            let ball_or_answer = matches!(
                s.human_to_act(),
                Some(Decision::Bowl | Decision::Respond { .. })
            );
            asked += ball_or_answer as u32;
            if ball_or_answer && every > 0 && asked % every == 0 {
                waiting = Some((label(s), last));
                "1"
            } else {
                "="
            }
        });
        if let Some((what, _)) = waiting {
            let s = live(&app);
            own.insert(format!("{}{what}", at(s, s.state.public().last_ball)));
        }
        assert!(asked > 100, "{asked}");
        enter(&mut app);
        enter(&mut app);
        app.update(Msg::Tick);
        let text = shot(&app);
        let Some(Screen::MatchReview { lines, .. }) = app.screen() else {
            panic!("{text}")
        };
        let lines = lines.clone();
        let blamed = listed(&lines);
        if every == 0 {
            assert_eq!(blamed, Vec::<String>::new(), "{text}");
            assert!(
                text.contains("The analyst found no ball or answer it was sure cost runs"),
                "{text}"
            );
            let printed = crate::helpers::ok_in(dir.path(), &["review", "TEST"]);
            assert!(printed.contains("nothing to review"), "{printed}");
        } else {
            assert!(!blamed.is_empty(), "{text}");
            // What the figure is: a cost.
            let words = lines
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(
                words.matches("(cost about ").count(),
                blamed.len(),
                "{text}"
            );
            for line in &blamed {
                assert!(
                    own.iter().any(|at| line.starts_with(at.as_str())),
                    "{line} was played on the advice of ="
                );
            }
        }
        enter(&mut app);
    }
}

#[test]
fn the_final_scoreboard_opens_on_the_result_and_goes_home_and_end() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "1");
    let Some(Screen::Scorecard { card, .. }) = app.screen() else {
        panic!("{}", shot(&app))
    };
    let last = card.lines.last().unwrap().clone();
    let top = shot(&app);
    let body: Vec<&str> = top.lines().skip(2).take(4).collect();
    assert!(
        body[1].contains(" won by ") || body[1].contains("drawn") || body[1].contains("tied"),
        "{top}"
    );
    assert!(body[2].starts_with(" Points: "), "{top}");
    assert!(!top.contains(&last), "the card is longer than a screen");
    app.update(key(KeyCode::End));
    assert!(shot(&app).contains(&last), "{}", shot(&app));
    app.update(key(KeyCode::Home));
    assert_eq!(shot(&app), top);
}

/// The review tells where the person's side batted on though [=] would have declared: a
/// person who pressed [=] for every ball and answer of a match the adviser would have
/// declared in, and never declared.
#[test]
fn the_review_tells_where_the_side_batted_on_past_the_advisers_declaration() {
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::save::record::{FixtureKey, MatchRecord, Mode, Op};
    let (home, away) = (0u8, 1u8);
    let county = |id: u8| {
        let c = accc::counties::get(id);
        (c.name.clone(), c.short.clone())
    };
    let options = accc::engine::MatchOptions::default();
    let levels = Levels { bat: 5, bowl: 5 };
    // Seed 5: the adviser would declare in it (see the test of the match screen's word).
    let seed = 5;
    let mut s = LiveMatch::begin(
        options,
        levels,
        seed,
        [county(home), county(away)],
        Some(Side::Home),
    );
    let mut ops = Vec::new();
    while !s.state.is_over() {
        let op = if s.paused.is_some() {
            Op::Resume
        } else {
            s.desk.advised = true;
            Op::Choose(s.advice().unwrap())
        };
        s.apply(op).unwrap();
        ops.push(op);
    }
    let first = *s
        .batted_on
        .first()
        .expect("batted on past the adviser's declaration");
    let game = MatchRecord {
        fixture: FixtureKey {
            year: 1890,
            class: Class::First,
            round: 1,
            index: 0,
            home,
            away,
            seed,
        },
        mode: Mode::Play,
        ops,
    };
    let settings = Settings {
        options,
        levels,
        user_county: Some(home),
        seed: 1,
    };
    let lines = accc::live::review::lines(&settings, &game, 78)
        .unwrap()
        .unwrap();
    let text = lines.join("\n");
    assert!(text.contains("Declarations"), "{text}");
    assert!(!text.contains("nothing to review"), "{text}");
    assert!(text.contains(&first.line()), "{text}");
    assert!(first.line().contains("would have declared at"), "{text}");
    assert_eq!(
        lines.iter().filter(|l| l.contains("you batted on")).count(),
        s.batted_on.len(),
        "{text}"
    );
}

/// [Space] goes on from the final scoreboard and from the review after it as [Enter] does
/// (as it does at the stop that ends the match and at the season's end): at the card's end
/// it had done nothing.
#[test]
fn space_goes_on_from_the_scoreboard_and_the_review() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 2);
    to_own_match(&mut app);
    play_out(&mut app);
    press(&mut app, " ");
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    app.update(key(KeyCode::End));
    press(&mut app, " ");
    assert!(
        matches!(app.screen(), Some(Screen::Reviewing { .. })),
        "{}",
        shot(&app)
    );
    app.update(Msg::Tick);
    assert!(matches!(app.screen(), Some(Screen::MatchReview { .. })));
    app.update(key(KeyCode::End));
    press(&mut app, " ");
    assert!(
        matches!(app.screen(), Some(Screen::Menu | Screen::SeasonEnd { .. })),
        "{}",
        shot(&app)
    );
}
