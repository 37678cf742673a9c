//! What the match screen says of the person's match: its opening, the toss, the discards,
//! innings begun and ended, declarations, the state line, the panels and the commentary.

use super::*;

#[test]
fn a_pause_is_shown_before_the_humans_next_choice() {
    let prompts = play_as_user(0..12, |s, seed| {
        // An interval or a wicket a computer's step raised is shown before the user's next
        // card, unless it arose within the ball the user is to answer (a pack formed by the
        // bowler's draw): that waits for the ball's end.
        let mid_ball = matches!(s.human_to_act(), Some(Decision::Respond { .. }));
        assert!(
            mid_ball || s.commentary.pauses.is_empty(),
            "seed {seed}: {:?} waits behind the prompt",
            s.commentary.pauses
        );
        false
    });
    assert!(prompts > 1000, "{prompts} prompts");
}

#[test]
fn a_declaration_armed_at_the_ball_that_closes_the_innings_is_forgotten() {
    use accc::engine::delivery::stroke;
    let mut closed = 0;
    play_as_user(0..40, |s, seed| {
        // The last pair in, and every card the user holds is out: this ball closes the
        // innings (or the match) whatever is played.
        let p = s.state.public();
        let Some(Decision::Respond {
            bowled,
            call: Call::Normal,
            ..
        }) = s.human_to_act()
        else {
            return false;
        };
        let last_pair = p.current().wickets + 1 == p.options.all_out();
        let hand = s.state.hand(accc::engine::Side::Home);
        if !(last_pair
            && hand
                .iter()
                .all(|&c| stroke(bowled, c, p.striker).wicket.is_some()))
        {
            return false;
        }
        s.desk.declare_next = true;
        let choice = s.advice().unwrap();
        s.choose(choice).unwrap();
        assert!(
            !s.desk.declare_next,
            "seed {seed}: the armed declaration outlived its innings"
        );
        closed += 1;
        true
    });
    assert!(
        closed >= 3,
        "innings closed with a declaration armed: {closed}"
    );
}

#[test]
fn a_result_that_could_not_be_saved_says_so_on_the_match_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    // Another program writes the file while the match is played: this one must not save over it.
    sim_on_disk(dir.path(), 1);
    play_out(&mut app);
    assert!(live(&app).state.is_over());
    let text = shot(&app);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .starts_with(" Not saved: TEST.acc was changed by another program"),
        "{text}"
    );
}

#[test]
fn an_armed_declaration_is_said_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    for _ in 0..5000 {
        let s = live(&app);
        if matches!(s.human_to_act(), Some(Decision::Respond { .. })) {
            break;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(!shot(&app).contains("will declare"));
    press(&mut app, "d");
    let text = shot(&app);
    assert!(text.contains("will declare before the next ball"), "{text}");
    press(&mut app, "d");
    assert!(!shot(&app).contains("will declare"));
}

#[test]
fn the_pause_at_an_innings_end_names_and_shows_the_innings_that_ended() {
    use accc::live::commentary::Pause;
    let dir = tempfile::tempdir().unwrap();
    // Three packs a session: long enough for several innings to end at level 2.
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let (mut seen, mut wickets_seen) = (0, 0);
    for _ in 0..20_000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let p = s.state.public();
        let board = |n: u8| {
            let inn = &p.started()[n as usize - 1];
            format!(
                "TOTAL  │{:>4} │  FOR   │ {:>2} │ WKTS",
                inn.total, inn.wickets
            )
        };
        if let Some(n) = s.paused.as_ref().and_then(|stop| stop.innings_end()) {
            let inn = &p.started()[n as usize - 1];
            let name = &s.commentary.names[inn.batting.index()];
            let line = format!("End of innings: {name} ");
            let text = shot(&app);
            assert!(
                text.contains(&line)
                    && text.contains(&format!(" {}.", inn.score_text(p.options.all_out()))),
                "innings {n}:\n{text}"
            );
            // The scoreboard shows the innings that ended, not the next at 0 for 0.
            assert!(text.contains(&board(n)), "innings {n}:\n{text}");
            seen += 1;
            // The wicket that ended it is the same stop, told first: one key for both.
            let stop = &s.paused.as_ref().unwrap().0;
            if stop.first() == Some(&Pause::Wicket) {
                assert!(text.contains("Wicket!"), "{text}");
                wickets_seen += 1;
            }
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            app.update(Msg::Tick);
        }
    }
    assert!(
        seen >= 2 && wickets_seen >= 1,
        "innings ends seen: {seen}, closing wickets: {wickets_seen}"
    );
}

#[test]
fn the_no_ball_suit_is_not_shown_when_the_rule_is_off() {
    use accc::live::{LiveMatch, Mode};
    let names = || (String::from("Home County"), String::from("Home"));
    for no_balls in [true, false] {
        let options = accc::engine::MatchOptions {
            no_balls,
            ..Default::default()
        };
        let mut s = LiveMatch::new(
            options,
            Levels { bat: 2, bowl: 2 },
            9,
            [names(), names()],
            None,
            Mode::Fully,
        );
        while s.state.public().innings_started == 0 || s.deliveries == 0 {
            s.advance(true);
        }
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| accc::tui::match_screen::draw(f, f.area(), &s))
            .unwrap();
        let row: String = (0..12)
            .map(|x| t.backend().buffer()[(x, 10)].symbol().to_string())
            .collect();
        let suit = s.state.public().no_ball_suit.unwrap().marked();
        assert_eq!(row.contains(suit), no_balls, "no-balls {no_balls}: {row:?}");
        assert_eq!(
            row.contains("off"),
            !no_balls,
            "no-balls {no_balls}: {row:?}"
        );
    }
}

#[test]
fn the_user_may_declare_after_a_wicket_and_before_an_innings_first_ball() {
    use accc::engine::InningsEnd;
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    let (mut after_wicket, mut before_first_ball, mut at_discard) = (false, false, false);
    for _ in 0..8 {
        if after_wicket && before_first_ball && at_discard {
            break;
        }
        to_own_match(&mut app);
        for _ in 0..5000 {
            let s = live(&app);
            if s.state.is_over() {
                enter(&mut app);
                enter(&mut app);
                break;
            }
            let number = s.state.public().innings_started;
            if s.human_to_act() == Some(Decision::Elect) {
                press(&mut app, "b");
                continue;
            }
            if s.human_to_act() == Some(Decision::OpeningDiscard) {
                // Only the side batting first may declare here (its discard is the last
                // thing before the first ball); the bowling side's [D] does nothing.
                let bats = s.bats_next();
                assert_eq!(shot(&app).contains("[D]eclare"), bats);
                if bats && !at_discard {
                    press(&mut app, "d");
                    assert!(shot(&app).contains("[D] bat on"));
                    press(&mut app, "=");
                    let inn = &live(&app).state.public().started()[0];
                    assert_eq!(
                        (inn.end, inn.balls),
                        (Some(InningsEnd::Declared), 0),
                        "declared before the match's first ball"
                    );
                    at_discard = true;
                    continue;
                }
                if !bats {
                    press(&mut app, "d");
                    assert!(
                        !live(&app).desk.declare_next,
                        "the bowling side's [D] arms nothing"
                    );
                }
                press(&mut app, "=");
                continue;
            }
            if !after_wicket && s.human_to_act() == Some(Decision::Exchange) {
                press(&mut app, "d");
                assert!(shot(&app).contains("[D] bat on"));
                press(&mut app, "0");
                let inn = &live(&app).state.public().started()[number as usize - 1];
                assert_eq!(
                    inn.end,
                    Some(InningsEnd::Declared),
                    "declared before the next ball"
                );
                after_wicket = true;
            } else if !before_first_ball && s.may_declare_at_pause() {
                assert!(shot(&app).contains("[D] declare before the first ball"));
                press(&mut app, "d");
                enter(&mut app);
                let inn = &live(&app).state.public().started()[number as usize - 1];
                // A third innings declared still behind is recorded as the innings defeat it is.
                let declared = matches!(inn.end, Some(InningsEnd::Declared))
                    || (number == 3 && inn.end == Some(InningsEnd::InningsDefeat));
                assert!(
                    declared && (inn.balls, inn.total) == (0, 0),
                    "declared before a ball: {inn:?}"
                );
                before_first_ball = true;
            } else if s.paused.is_some() {
                enter(&mut app);
            } else {
                press(&mut app, "=");
            }
        }
    }
    assert!(after_wicket && before_first_ball && at_discard, "after a wicket: {after_wicket}; before a first ball: {before_first_ball}; at the discard: {at_discard}");
}

#[test]
fn the_match_screen_says_how_the_match_is_shaping() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    let mut shown = 0;
    for _ in 0..8 {
        for _ in 0..10 {
            press(&mut app, "2");
            if matches!(app.screen(), Some(Screen::Match { .. })) {
                break;
            }
            enter(&mut app);
        }
        for _ in 0..20_000 {
            let s = live(&app);
            if s.state.is_over() {
                break;
            }
            if let Some(line) = accc::tui::match_screen::prospects_line(
                s.state.public(),
                &s.names,
                &s.commentary.names,
            ) {
                assert!(line.chars().count() <= 78, "{line}");
                assert!(shot(&app).contains(&line), "the screen shows {line:?}");
                shown += 1;
            }
            if s.paused.is_some() {
                enter(&mut app);
            } else {
                app.update(Msg::Tick);
            }
        }
        enter(&mut app);
        enter(&mut app);
        if shown > 0 {
            break;
        }
    }
    assert!(shown > 0, "a prospects line came up");
}

#[test]
fn the_match_state_line_counts_in_good_english() {
    use accc::ai::{Bot, Level};
    use accc::engine::{runner::chance_rng, MatchOptions, MatchState, NoRecord, Player, Side};
    use accc::tui::match_screen::state_line;
    let short = ["Surrey".to_string(), "Notts".to_string()];
    let (mut singular, mut level) = (0, 0);
    for seed in 0..40u64 {
        let options = MatchOptions {
            batsmen: 4,
            packs_per_session: 1,
            days: 1,
            ..MatchOptions::default()
        };
        let mut state = MatchState::new(options);
        let mut rng = chance_rng(seed);
        let mut bots =
            [Side::Home, Side::Away].map(|s| Bot::new(Level::NOVICE, Level::NOVICE, seed, s));
        loop {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
            } else if let Some((side, _)) = state.to_act() {
                let choice = bots[side.index()].decide(&state.view());
                state.apply(choice, &mut NoRecord).unwrap();
            } else {
                break;
            }
            if state.public().innings_started == 0 {
                continue;
            }
            let line = state_line(state.public(), &short);
            for wrong in [" 1 runs", " 1 wickets", "by 0 run"] {
                assert!(!line.contains(wrong), "{line}");
            }
            singular += (line.contains(" 1 run ")
                || line.ends_with(" 1 run")
                || line.contains(" 1 wicket ")
                || line.ends_with(" 1 wicket left")) as u32;
            level += (line == "The scores are level") as u32;
        }
    }
    assert!(
        singular > 0 && level > 0,
        "singular {singular}, level {level}"
    );
}

#[test]
fn the_commentary_says_when_a_side_changes_cards() {
    use accc::cards::{Card, Suit};
    use accc::engine::{Event, Recorder, Side};
    use accc::live::commentary::Commentary;
    let mut c = Commentary::new("Kent", "Surrey", 3);
    let (a, b) = (Card::new(2, Suit::Bats), Card::new(3, Suit::Pads));
    c.record(&Event::Exchange {
        side: Side::Home,
        out: &[a, b],
        drawn: &[b, a],
    });
    assert_eq!(c.last, "Kent change 2 cards.");
    c.last = "OUT! Bowled.".into();
    c.record(&Event::Exchange {
        side: Side::Away,
        out: &[a],
        drawn: &[b],
    });
    assert_eq!(c.last, "OUT! Bowled. Surrey change 1 card.");
    c.last = "x".repeat(70);
    c.record(&Event::Exchange {
        side: Side::Away,
        out: &[a],
        drawn: &[b],
    });
    assert_eq!(
        c.last, "Surrey change 1 card.",
        "alone when both would not fit"
    );
}

/// The runs-per-over panels of the final scoreboard say what a bar is wherever some panel's
/// innings has more overs than its 18 bars: every panel then, the first too, even one whose
/// bar is one over, so that no panel is read at another's scale.
#[test]
fn every_runs_per_over_panel_says_how_many_overs_a_bar_is() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    let (mut mixed, mut binned) = (0, 0);
    for _ in 0..80 {
        if mixed > 0 && binned > 0 {
            break;
        }
        match app.screen() {
            Some(Screen::Scorecard { card, .. }) => {
                let text = shot(&app);
                let rows: Vec<&str> = text.lines().collect();
                let pers: Vec<usize> = card
                    .innings
                    .iter()
                    .take(4)
                    .map(|(_, overs)| overs.len().div_ceil(18).max(1))
                    .collect();
                let labelled = pers.iter().any(|&p| p > 1);
                for (i, &per) in pers.iter().enumerate() {
                    let label: String = rows[23].chars().skip(1 + i * 20).take(19).collect();
                    let said = match per {
                        1 => "(a bar is 1 over)".to_string(),
                        n => format!("(a bar is {n} overs)"),
                    };
                    if labelled {
                        assert!(label.starts_with(&said), "panel {}: {said}\n{text}", i + 1);
                    } else {
                        assert_eq!(label.trim(), "", "panel {}\n{text}", i + 1);
                    }
                }
                binned += labelled as u32;
                if labelled && pers[0] == 1 && mixed == 0 {
                    insta::assert_snapshot!("final_card_bars_labelled", text);
                }
                mixed += (labelled && pers[0] == 1) as u32;
                enter(&mut app);
            }
            Some(Screen::Menu) => press(&mut app, "1"),
            _ => enter(&mut app),
        }
    }
    assert!(binned > 0 && mixed > 0, "{binned} cards with a panel of bars of overs, {mixed} with a first panel of one over a bar beside one");
}

/// A match of the user's (home or away) brought to its first ball, with the keys pressed.
fn to_first_ball(app: &mut App) {
    to_own_match(app);
    for _ in 0..10 {
        let s = live(app);
        if s.state.public().innings_started > 0 {
            return;
        }
        press(app, "=");
    }
    panic!("the match never began");
}

#[test]
fn the_match_opens_as_the_guide_shows_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_first_ball(&mut app);
    let s = live(&app);
    let p = s.state.public();
    let (bat, bowl) = (p.batting().index(), p.bowling().index());
    let text = shot(&app);
    let lines: Vec<&str> = text.lines().collect();
    // "Surrey to bowl to Nottinghamshire", then the toss where the state of the match goes.
    assert!(
        lines[1].starts_with(&format!(" {} to bowl to {}.", s.names[bowl], s.names[bat])),
        "{text}"
    );
    assert!(text.contains(" the toss and "), "{text}");
    // The fielding side is named under the score, though it has not batted.
    assert!(
        lines[7].trim_end().ends_with(&s.commentary.names[bowl]),
        "{text}"
    );
    // The opening discards are told, the bowler's with the no-ball suit it sets.
    assert!(lines[1].contains(" discard the "), "{text}");
}

#[test]
fn the_computers_opening_discard_and_the_no_ball_suit_it_sets_are_told() {
    use accc::live::{LiveMatch, Mode};
    let names = || {
        [
            ("Kent".to_string(), "Kent".to_string()),
            ("Surrey".to_string(), "Surrey".to_string()),
        ]
    };
    let mut told = 0;
    for seed in 0..12 {
        let mut s = LiveMatch::new(
            accc::engine::MatchOptions::default(),
            Levels { bat: 2, bowl: 2 },
            seed,
            names(),
            Some(accc::engine::Side::Home),
            Mode::Fully,
        );
        s.advance(false);
        if s.human_to_act() == Some(Decision::Elect) {
            s.choose(accc::engine::Choice::Elect(accc::engine::Election::Bat))
                .unwrap();
        }
        // The user bats: the computer has bowled its discard first.
        if s.human_to_act() == Some(Decision::OpeningDiscard) && s.bats_next() {
            let suit = s.state.public().top.unwrap().suit().marked();
            assert!(
                s.commentary.last.contains("Surrey discard the ")
                    && s.commentary
                        .last
                        .contains(&format!("{suit} are the first over's no-balls")),
                "{}",
                s.commentary.last
            );
            told += 1;
        }
    }
    assert!(told > 0);
}

#[test]
fn an_innings_begun_is_announced_not_the_last_wicket_of_the_one_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), None, 3);
    press(&mut app, "2");
    let mut checked = 0;
    for _ in 0..20_000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let ended = s.paused.as_ref().and_then(|st| st.innings_end());
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            app.update(Msg::Tick);
        }
        if ended.is_some() {
            let s = live(&app);
            let p = s.state.public();
            if p.result.is_none() && p.current().balls == 0 {
                let line = shot(&app).lines().nth(1).unwrap().to_string();
                assert!(
                    line.contains(&format!(
                        "{} to bowl to {}.",
                        s.names[p.bowling().index()],
                        s.names[p.batting().index()]
                    )),
                    "{line}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 1, "an innings began after a stop: {checked}");
}

/// Put in to bat by the computer, the person discards after the bowlers' discard took the
/// top line: the toss is still told on the discard screen.
#[test]
fn the_toss_is_told_at_the_opening_discard_when_the_computer_put_the_person_in() {
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::tui::match_screen;
    let names = || {
        [
            ("Surrey".to_string(), "Surrey".to_string()),
            ("Yorkshire".to_string(), "Yorks".to_string()),
        ]
    };
    let mut seen = [false; 2];
    // The professional puts the other side in; the village captain bats first.
    for (seed, level) in (0..40u64).flat_map(|seed| [(seed, 5), (seed, 2)]) {
        let s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels {
                bat: level,
                bowl: level,
            },
            seed,
            names(),
            Some(Side::Home),
        );
        let p = s.state.public();
        if p.toss_winner != Some(Side::Away) || s.human_to_act().is_none() {
            continue;
        }
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| match_screen::draw(f, f.area(), &s)).unwrap();
        let buf = t.backend().buffer().clone();
        let row = |y: u16| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>();
        let screen = (0..25).map(row).collect::<Vec<_>>().join("\n");
        if p.first_bat == Side::Home {
            assert!(row(1).contains("Yorks discard"), "{screen}");
            assert!(
                screen.contains("Surrey lost the toss and were put in to bat."),
                "{screen}"
            );
            assert!(screen.contains("You are batting first."), "{screen}");
            seen[0] = true;
        } else {
            // Bowling first, the person discards first: the top line still tells the toss,
            // once.
            assert_eq!(screen.matches("won the toss").count(), 1, "{screen}");
            seen[1] = true;
        }
        if seen == [true, true] {
            break;
        }
    }
    assert_eq!(seen, [true, true]);
}

/// A declaration armed with [D] is made straight after the ball the person plays next,
/// with [=] or by a card's number: the top line still tells what came of that ball, then
/// the declaration (it had told only the declaration), and the stop says the innings closed.
#[test]
fn the_ball_before_an_armed_declaration_is_still_told() {
    for way in ["=", "1"] {
        let dir = tempfile::tempdir().unwrap();
        let mut app = file_of_packs(dir.path(), Some(0), 3);
        to_own_match(&mut app);
        assert!(play_on_until(&mut app, |s| {
            matches!(s.human_to_act(), Some(Decision::Respond { .. }))
                && s.state.public().current().total > 30
        }));
        press(&mut app, "d");
        press(&mut app, way);
        let s = live(&app);
        let p = s.state.public();
        let ball = p.last_ball.expect("the ball just played");
        let side = s.human.unwrap();
        let short = &s.commentary.names[side.index()];
        let told = accc::live::commentary::describe(&ball, short);
        let text = shot(&app);
        let top = text.lines().nth(1).unwrap().trim();
        let declared = p.started()[ball.innings as usize - 1].total;
        assert!(top.starts_with(&told), "[{way}]: {told}\n{text}");
        // The declaration after it where both fit; else the stop alone says it.
        let both = format!(
            "{told} Then: {short} declare at {declared}-{}.",
            ball.wickets
        );
        let want = if both.chars().count() <= 78 {
            &both
        } else {
            &told
        };
        assert_eq!(top, want, "[{way}]: {text}");
        assert!(
            text.contains(&format!("End of innings: {short} declared at {declared}-")),
            "{text}"
        );
    }
}
