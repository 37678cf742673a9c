//! A match left and taken up again: the menu's resume line, the match kept on the same
//! ball, the journal after a stop or damage, and a fixture played meanwhile.

use super::*;

/// [Q], the menu's quit key, asks to leave the person's own match as [Esc] does (the match
/// kept): at the toss, at a ball and at a stop; any key but [Y] plays on.
#[test]
fn q_in_ones_own_match_asks_to_leave_it_as_esc_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    let asked = "Leave this match? It is kept as it stands: [2] on the menu resumes it.";
    let toss = shot(&app);
    press(&mut app, "q");
    assert!(shot(&app).contains(asked), "{}", shot(&app));
    press(&mut app, "n");
    assert_eq!(shot(&app), toss);
    // At a ball, and at a stop.
    press(&mut app, "b");
    let mut at_ball = false;
    let mut at_stop = false;
    for _ in 0..5000 {
        let s = live(&app);
        if at_ball && at_stop {
            break;
        }
        let here = if s.paused.is_some() {
            &mut at_stop
        } else {
            &mut at_ball
        };
        if !*here && s.deliveries > 0 {
            let before = shot(&app);
            press(&mut app, "Q");
            assert!(shot(&app).contains(asked), "{}", shot(&app));
            press(&mut app, "x");
            assert_eq!(shot(&app), before, "any other key plays on");
            *here = true;
        }
        if live(&app).paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(at_ball && at_stop);
    let deliveries = live(&app).deliveries;
    press(&mut app, "q");
    press(&mut app, "y");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.status().unwrap().contains("kept"), "{:?}", app.status());
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
}

#[test]
fn leaving_a_match_keeps_it_and_two_resumes_it_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    let played = app.comp().unwrap().current().unwrap().matches_played();
    for _ in 0..20 {
        press(&mut app, "=");
    }
    // Esc only asks; any key but [Y] plays on with nothing changed.
    let before = live(&app).deliveries;
    let (p, names) = (live(&app).state.public(), &live(&app).names);
    let at = format!(
        "Yorkshire v Surrey: {} batting, innings {} of 4, pack {}/",
        names[p.batting().index()],
        p.innings_started,
        p.pack
    );
    let screen_before = shot(&app);
    esc(&mut app);
    assert!(shot(&app).contains("Leave this match? It is kept as it stands"));
    press(&mut app, "n");
    assert_eq!(live(&app).deliveries, before);
    assert_eq!(shot(&app), screen_before);
    esc(&mut app);
    press(&mut app, "y");
    assert!(matches!(app.screen(), Some(Screen::Menu)));
    assert!(app.status().unwrap().contains("kept"), "{:?}", app.status());
    let menu = shot(&app);
    let line = menu
        .lines()
        .find(|l| l.contains("[2] Resume "))
        .expect(&menu);
    assert!(line.contains(&at), "{line}\n{at}");
    assert_eq!(
        app.comp().unwrap().current().unwrap().matches_played(),
        played,
        "not recorded: it is still to be finished"
    );
    // The save holds it (folded in), and no journal is left beside it.
    let all = accc::save::load_all(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(all.comp.current().unwrap().matches_played(), played);
    assert!(all.in_play.is_some());
    assert!(!dir.path().join("TEST.jnl").exists());
    // [2] brings back the very screen it was left on; so does a new program on the file.
    press(&mut app, "2");
    assert_eq!(shot(&app), as_resumed(&screen_before));
    esc(&mut app);
    press(&mut app, "y");
    drop(app);
    let mut again = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(shot(&again).contains(line), "{}", shot(&again));
    // [1] cannot play it and [S] cannot simulate it away; each says [2] resumes it.
    press(&mut again, "1");
    assert!(
        matches!(again.screen(), Some(Screen::Menu))
            && again
                .status()
                .unwrap()
                .contains("Your match is in play: press [2] to resume it"),
        "{}",
        shot(&again)
    );
    assert_eq!(
        again.comp().unwrap().current().unwrap().matches_played(),
        played
    );
    press(&mut again, "s");
    assert!(
        matches!(again.screen(), Some(Screen::Menu))
            && again.status().unwrap().contains("Your match is in play"),
        "{}",
        shot(&again)
    );
    // A season's results say the match is in play, on the screen and from `accc show`; it
    // is not an empty row like a fixture still to come.
    press(&mut again, "5");
    enter(&mut again);
    let results = shot(&again);
    let row = |text: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with("1 Yorks"))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{text}"))
    };
    assert!(row(&results).ends_with("in play"), "{results}");
    let shown = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results"]);
    assert!(row(&shown).ends_with("in play"), "{shown}");
    assert_eq!(shown.matches("in play").count(), 1, "{shown}");
    esc(&mut again);
    press(&mut again, "2");
    assert_eq!(shot(&again), as_resumed(&screen_before));
}

/// The screen `text` as a match resumed shows it: what [=] played last is said until the
/// person's next action and not kept with the match.
fn as_resumed(text: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(row, l)| {
            if row == 17 && l.starts_with(" [=] ") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The menu's "[2] Resume" line, trimmed.
fn resume_line(app: &App) -> String {
    let text = shot(app);
    text.lines()
        .find(|l| l.contains("[2] Resume "))
        .unwrap_or_else(|| panic!("no resume line:\n{text}"))
        .trim()
        .to_string()
}

/// While the toss winner has still to choose to bat or field, the menu names no side to
/// bat: left there with [Esc] [Y], or the program stopped there (as by kill -9) and opened
/// again. Once chosen, it names the side to bat.
#[test]
fn the_resume_line_waits_at_the_toss_until_its_winner_has_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    let at_toss = "[2] Resume Yorkshire v Surrey: at the toss, won by Surrey";
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(resume_line(&app), at_toss);
    press(&mut app, "2");
    assert!(
        shot(&app).contains("Surrey won the toss."),
        "{}",
        shot(&app)
    );
    drop(app);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert_eq!(resume_line(&app), at_toss);
    // Surrey field: Yorkshire bat, and the opening discards are to come.
    press(&mut app, "2");
    press(&mut app, "f");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        "[2] Resume Yorkshire v Surrey: Yorkshire to bat, the opening discards"
    );
}

/// Left at the stop that closes an innings, the menu says the next side is to bat (the
/// engine has begun its innings, no ball of it bowled); a declaration armed is said.
#[test]
fn the_resume_line_says_an_innings_to_begin_and_a_declaration_armed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    // On to the stop that closes the first innings.
    assert!(play_on_until(&mut app, |s| s
        .paused
        .as_ref()
        .is_some_and(|p| p.innings_end().is_some())));
    let (p, names) = (live(&app).state.public(), live(&app).names.clone());
    assert_eq!(p.innings_started, 2, "{}", shot(&app));
    let second = names[p.batting().index()].clone();
    let pack = p.pack;
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        format!("[2] Resume Yorkshire v Surrey: {second} to bat, innings 2 of 4, pack {pack}/3")
    );
    // Into the innings, Surrey batting, a declaration armed.
    press(&mut app, "2");
    assert!(play_on_until(&mut app, |s| {
        let surrey_bat = s.state.public().batting() == s.human.unwrap();
        surrey_bat && matches!(s.human_to_act(), Some(Decision::Respond { .. }))
    }));
    let p = live(&app).state.public();
    let (innings, pack) = (p.innings_started, p.pack);
    press(&mut app, "d");
    esc(&mut app);
    press(&mut app, "y");
    assert_eq!(
        resume_line(&app),
        format!("[2] Resume Yorkshire v Surrey: Surrey declaring, innings {innings} of 4, pack {pack}/3")
    );
    press(&mut app, "2");
    assert!(shot(&app).contains("Surrey will declare before the next ball"));
}

/// Into the person's own match, [=] playing for them and [Enter] passing each stop, until
/// `deliveries` balls have been bowled.
fn into_own_match(app: &mut App, deliveries: u32) {
    to_own_match(app);
    let mut keys = 0;
    while live(app).deliveries < deliveries {
        if live(app).paused.is_some() {
            enter(app);
        } else {
            press(app, "=");
        }
        keys += 1;
        assert!(keys < 2000);
    }
}

#[test]
fn a_program_stopped_mid_match_resumes_it_from_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    // Past a stop or two, and some way into the match.
    into_own_match(&mut app, 30);
    // A [D] armed is an action too.
    if matches!(live(&app).human_to_act(), Some(Decision::Respond { .. })) {
        press(&mut app, "d");
    }
    let screen_before = shot(&app);
    let deliveries = live(&app).deliveries;
    let journal = dir.path().join("TEST.jnl");
    assert!(journal.exists(), "each action is in the journal");
    let state_before = format!("{:?}", live(&app).state.public());
    // The program is stopped without a word (as by kill -9): nothing is folded in.
    drop(app);
    assert!(journal.exists());
    // The file and its journal hold the computer's choices too: a later program whose
    // computer players would choose otherwise (here: other levels) rebuilds the same match.
    let mut keeper = accc::save::Keeper::take(&file_path(dir.path(), "TEST")).unwrap();
    let comp = keeper.load().unwrap();
    let game = keeper.in_play().expect("the match in play").clone();
    drop(keeper);
    assert!(game
        .ops
        .iter()
        .any(|op| matches!(op, accc::save::record::Op::Computer(_))));
    let mut other = *comp.settings();
    other.levels = Levels { bat: 1, bowl: 1 };
    let rebuilt = accc::live::LiveMatch::of_record(&other, &game).unwrap();
    assert_eq!(rebuilt.deliveries, deliveries);
    assert_eq!(format!("{:?}", rebuilt.state.public()), state_before);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    assert!(shot(&app).contains("[2] Resume "), "{}", shot(&app));
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
    assert_eq!(shot(&app), as_resumed(&screen_before));
    // And it plays on to its end, recorded once.
    let played = app.comp().unwrap().current().unwrap().matches_played();
    play_out(&mut app);
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    let all = accc::save::load_all(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(all.comp.current().unwrap().matches_played(), played + 1);
    assert!(all.in_play.is_none() && !journal.exists());
    let last = all
        .last_played
        .expect("the person's last match is kept for review");
    assert!(last.choices().count() > 20);
}

/// A match begun and not yet left is kept in the journal alone (the save does not hold it
/// yet): `accc show NAME results` says it is in play as the terminal's results do, in text,
/// JSON and CSV.
#[test]
fn accc_show_says_a_match_kept_only_in_the_journal_is_in_play() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    into_own_match(&mut app, 10);
    let path = file_path(dir.path(), "TEST");
    assert!(accc::save::load_all(&path).unwrap().in_play.is_none());
    assert!(dir.path().join("TEST.jnl").exists());
    let row = |text: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with("1 Yorks"))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{text}"))
    };
    // The terminal's results, from another program on the file once this one is stopped.
    drop(app);
    let shown = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results"]);
    assert!(row(&shown).ends_with("in play"), "{shown}");
    assert_eq!(shown.matches("in play").count(), 1, "{shown}");
    let mut again = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut again, "5");
    enter(&mut again);
    assert_eq!(row(&shot(&again)).trim(), row(&shown).trim());
    drop(again);
    // JSON and CSV say it too, in a field of their own.
    let json = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let in_play: Vec<_> = rows.iter().filter(|r| r["in_play"] == true).collect();
    assert_eq!(in_play.len(), 1, "{json}");
    assert_eq!(in_play[0]["opponent"], "Yorkshire");
    assert!(in_play[0]["result"].is_null());
    assert!(rows.iter().all(|r| r["in_play"].is_boolean()), "{json}");
    let csv = crate::helpers::ok_in(dir.path(), &["show", "TEST", "results", "--format", "csv"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "in_play").expect(&csv);
    assert_eq!(at, header.len() - 1, "added at the end: {csv}");
    let marked: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(at) == Some("true"))
        .collect();
    assert_eq!(marked.len(), 1, "{csv}");
    assert!(marked[0].contains("Yorkshire"), "{csv}");
}

#[test]
fn a_journal_damaged_mid_match_is_said_kept_aside_and_the_match_resumes_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    into_own_match(&mut app, 40);
    let deliveries = live(&app).deliveries;
    // Stopped as by kill -9. Then the tester's damage: six bytes overwritten half way in.
    drop(app);
    let journal = dir.path().join("TEST.jnl");
    let mut bytes = std::fs::read(&journal).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid..mid + 6].copy_from_slice(b"QQQQQQ");
    std::fs::write(&journal, &bytes).unwrap();
    let bad = dir.path().join("TEST.jnl.bad");

    // The command line says it before its own work, and changes nothing.
    let out = crate::helpers::accc()
        .args(["review", "TEST", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("TEST.jnl is damaged") && err.contains("resumes after your first"),
        "{err}"
    );
    assert_eq!(std::fs::read(&journal).unwrap(), bytes);
    assert!(!bad.exists());
    // `accc sim`, which owns the file, keeps the copy too (and refuses: the match is the
    // person's to finish).
    let out = crate::helpers::accc()
        .args(["sim", "TEST", "--years", "1", "--saves-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("TEST.jnl is damaged")
            && err.contains(&format!("kept as {}", bad.display()))
            && err.contains("has your match in play"),
        "{err}"
    );
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);

    // The terminal program says it on the menu, naming the copy it has kept before anything
    // is written, and again on the command line when it ends.
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    let status = app.status().unwrap().to_string();
    assert!(
        status.starts_with("TEST.jnl is damaged") && status.contains("kept as TEST.jnl.bad"),
        "{status}"
    );
    insta::assert_snapshot!("menu_journal_damaged", shot(&app));
    assert_eq!(app.farewell.len(), 1);
    assert!(
        app.farewell[0].contains(&bad.display().to_string()),
        "{:?}",
        app.farewell
    );
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);
    assert!(
        !dir.path().join("TEST.jnl.bad.2").exists(),
        "the same copy, not another"
    );
    // [2] resumes before the damage; play goes on, and the copy stays as it was.
    press(&mut app, "2");
    let resumed = live(&app).deliveries;
    assert!(
        0 < resumed && resumed < deliveries,
        "{resumed} of {deliveries}"
    );
    press(&mut app, "=");
    enter(&mut app);
    drop(app);
    assert_eq!(std::fs::read(&bad).unwrap(), bytes);
    let mut keeper = accc::save::Keeper::take(&file_path(dir.path(), "TEST")).unwrap();
    keeper.load().unwrap();
    assert!(
        keeper.take_journal_note().is_none(),
        "the journal is whole again"
    );
}

#[test]
fn a_watched_match_left_comes_back_held_on_the_same_ball() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    for _ in 0..25 {
        app.update(Msg::Tick);
        if live(&app).paused.is_some() {
            enter(&mut app);
        }
    }
    let deliveries = live(&app).deliveries;
    let board = shot(&app).lines().take(12).collect::<Vec<_>>().join("\n");
    drop(app);
    let mut app = App::new(dir.path().to_path_buf(), Some("test".into()));
    press(&mut app, "2");
    assert_eq!(live(&app).deliveries, deliveries);
    assert_eq!(
        shot(&app).lines().take(12).collect::<Vec<_>>().join("\n"),
        board
    );
    assert!(shot(&app).contains("Paused: [Space] to go on"));
    for _ in 0..5 {
        app.update(Msg::Tick);
    }
    assert_eq!(live(&app).deliveries, deliveries, "held until [Space]");
    press(&mut app, " ");
    app.update(Msg::Tick);
    assert!(live(&app).deliveries > deliveries);
}

/// A match in play whose fixture was played meanwhile (here by the library, keeping the match
/// in play in the file) is dropped when the file is opened, and the file saved without it: the
/// menu says so, and the save's own word (here: saved, but its folder not flushed) is said
/// with it, where the drop's message had replaced it.
#[test]
fn a_match_in_play_whose_fixture_was_played_meanwhile_is_dropped_and_the_save_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    esc(&mut app);
    press(&mut app, "y");
    assert!(resume_line(&app).starts_with("[2] Resume Yorkshire v Surrey"));
    drop(app);
    let path = file_path(dir.path(), "TEST");
    let mut keeper = accc::save::Keeper::take(&path).unwrap();
    let mut comp = keeper.load().unwrap();
    assert!(keeper.in_play().is_some());
    comp.sim_rest_of_season().unwrap();
    keeper.store(&comp).unwrap();
    drop(keeper);

    let failing = accc::store::atomic::FailingFolderFlushes::begin();
    let app = App::new(dir.path().to_path_buf(), Some("TEST".into()));
    drop(failing);
    let words = shot(&app).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "The match that was in play was dropped: its fixture has been played meanwhile."
        ) && words.contains("TEST.acc is saved, but the disk may not have it yet"),
        "{words}"
    );
    assert!(!words.contains("[2] Resume"), "{words}");
    drop(app);
    let keeper = accc::save::Keeper::take(&path).unwrap();
    assert!(
        keeper.in_play().is_none(),
        "the file no longer holds the match"
    );
}

#[test]
fn the_actions_alone_rebuild_the_match_whatever_the_adviser_was_asked() {
    use accc::live::LiveMatch;
    use accc::save::record::{FixtureKey, MatchRecord, Mode, Op};
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 2,
        ..Default::default()
    };
    let levels = Levels { bat: 5, bowl: 5 };
    let names = || {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    };
    for seed in 0..4u64 {
        let human = Some(accc::engine::Side::Away);
        let mut s = LiveMatch::begin(options, levels, seed, names(), human);
        let mut ops = Vec::new();
        let mut asked = 0;
        while !s.state.is_over() {
            let op = if s.paused.is_some() {
                Op::Resume
            } else {
                // The adviser is asked a varying number of times before each choice.
                for _ in 0..(ops.len() % 3) {
                    s.advice();
                    asked += 1;
                }
                Op::Choose(s.advice().unwrap())
            };
            s.apply(op).unwrap();
            ops.push(op);
        }
        assert!(asked > 10);
        let game = MatchRecord {
            fixture: FixtureKey {
                year: 1890,
                class: Class::First,
                round: 1,
                index: 0,
                home: 1,
                away: 0,
                seed,
            },
            mode: Mode::Play,
            ops,
        };
        let again = LiveMatch::replay(options, levels, seed, names(), human, &game).unwrap();
        assert_eq!(
            format!("{:?}", again.state.public()),
            format!("{:?}", s.state.public()),
            "seed {seed}"
        );
        assert_eq!(again.moves, s.moves);
        assert_eq!(again.commentary.last, s.commentary.last);
        // Every prefix replays too: resuming at any action gives the match as it was then.
        let half = MatchRecord {
            ops: game.ops[..game.ops.len() / 2].to_vec(),
            ..game.clone()
        };
        assert!(LiveMatch::replay(options, levels, seed, names(), human, &half).is_ok());
    }
}
