//! The keys of the match screen: what each does at the toss, at a ball, at an exchange and
//! at a stop, a key that does nothing saying which keys do, and the help and keys line.

use super::*;

#[test]
fn esc_at_the_toss_asks_on_screen_and_the_next_key_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert!(
        live(&app).human_to_act() == Some(Decision::Elect),
        "the toss is the user's"
    );
    esc(&mut app);
    assert!(
        shot(&app).contains("Leave this match? It is kept as it stands"),
        "{}",
        shot(&app)
    );
    press(&mut app, "n");
    assert!(shot(&app).contains("Press [B] to bat first"));
    press(&mut app, "b");
    assert!(live(&app).human_to_act() == Some(Decision::OpeningDiscard));
}

/// Plays the user's matches in `app` with `=` until the user may change cards after a wicket.
fn to_users_exchange(app: &mut App) {
    for _ in 0..6 {
        to_own_match(app);
        for _ in 0..5000 {
            let s = live(app);
            if s.state.is_over() {
                break;
            }
            if s.human_to_act() == Some(Decision::Exchange) {
                return;
            }
            if s.paused.is_some() {
                enter(app);
            } else {
                press(app, "=");
            }
        }
        enter(app);
        enter(app);
    }
    panic!("the user never changed cards");
}

#[test]
fn exchange_picks_say_so_and_a_third_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_users_exchange(&mut app);
    press(&mut app, "1");
    assert!(shot(&app).contains("[1] change"), "{}", shot(&app));
    press(&mut app, "23");
    let text = shot(&app);
    let refused = " At most two cards may be changed: press a picked card's number to unpick it.";
    // Said just above the prompt, where the eye is.
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[22], refused, "{text}");
    assert!(!text.contains("[3] change"), "{text}");
    press(&mut app, "1");
    assert!(!shot(&app).contains("[1] change"));
    assert!(!shot(&app).contains("At most two cards"));
    // A digit with no card under it is said too, and picks nothing.
    let held = live(&app).state.hand(live(&app).human.unwrap()).len();
    assert_eq!(held, 6);
    press(&mut app, "7");
    let text = shot(&app);
    assert!(
        text.contains("No card has the key [7]: the hand holds 6 cards, [1] to [6]."),
        "{text}"
    );
    assert_eq!(live(&app).desk.exchange_pick, vec![1]);
    // [Space] changes nothing and says which keys do.
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] changes nothing: [Enter] changes the cards picked, [0] keeps the hand.")
    );
    assert_eq!(live(&app).desk.exchange_pick, vec![1]);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Exchange));
    press(&mut app, "x");
    assert!(
        !shot(&app).contains("No card has the key"),
        "another key clears it"
    );
}

/// At the opening discard (seven cards) and at a ball (six), a digit with no card under it
/// says so and plays nothing.
#[test]
fn a_digit_with_no_card_under_it_is_said_and_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    press(&mut app, "b");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    press(&mut app, "9");
    assert!(
        shot(&app).contains("No card has the key [9]: the hand holds 7 cards, [1] to [7]."),
        "{}",
        shot(&app)
    );
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    press(&mut app, "=");
    assert!(live(&app).human_to_act().is_some());
    let before = live(&app).deliveries;
    press(&mut app, "8");
    assert!(
        shot(&app).contains("No card has the key [8]: the hand holds 6 cards, [1] to [6]."),
        "{}",
        shot(&app)
    );
    assert_eq!(live(&app).deliveries, before);
}

/// At the toss the person won, a key that chooses nothing (a digit: the cards are only
/// shown; [Enter], a letter) says which keys choose; at the opening discard [Enter],
/// [Space] and [0] throw nothing away and say what does.
#[test]
fn keys_that_do_nothing_at_the_toss_and_the_opening_discard_say_which_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    press(&mut app, "1");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The cards are only to look at: [B] bats first, [F] fields, [=] the computer.")
    );
    let said = "[B] bats first, [F] fields first, [=] lets the computer choose.";
    enter(&mut app);
    assert_eq!(match_word(&app).as_deref(), Some(said));
    press(&mut app, "x");
    assert_eq!(match_word(&app).as_deref(), Some(said));
    let text = shot(&app);
    assert_eq!(text.lines().nth(22), Some(format!(" {said}").as_str()));
    assert_eq!(live(&app).human_to_act(), Some(Decision::Elect));
    press(&mut app, "b");
    assert_eq!(match_word(&app), None, "the next key clears it");
    assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
    let side = live(&app).human.unwrap();
    let hand = live(&app).state.hand(side).to_vec();
    for (k, word) in [
        (
            KeyCode::Enter,
            "[Enter] throws nothing away: press a card's number, or [=] for the computer.",
        ),
        (
            KeyCode::Char(' '),
            "[Space] throws nothing away: press a card's number, or [=] for the computer.",
        ),
        (
            KeyCode::Char('0'),
            "No card has the key [0]: the hand holds 7 cards, [1] to [7].",
        ),
    ] {
        app.update(key(k));
        assert_eq!(match_word(&app).as_deref(), Some(word));
        assert_eq!(live(&app).human_to_act(), Some(Decision::OpeningDiscard));
        assert_eq!(live(&app).state.hand(side), hand, "nothing thrown away");
    }
}

/// At a ball [Space] plays nothing and says which keys play, as [Enter] does; [0] at the
/// person's ball to bowl says no card has that key, and [D] that the bowlers may not
/// declare.
#[test]
fn space_and_nought_at_the_persons_ball_to_bowl_play_nothing_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    assert!(play_on_until(&mut app, |s| s.human_to_act() == Some(Decision::Bowl)));
    let deliveries = live(&app).deliveries;
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] plays nothing: press the number under a card, or [=] for the computer.")
    );
    press(&mut app, "0");
    let held = live(&app).state.hand(live(&app).human.unwrap()).len();
    assert_eq!(
        match_word(&app),
        Some(format!(
            "No card has the key [0]: the hand holds {held} cards, [1] to [{held}]."
        ))
    );
    press(&mut app, "d");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("Only the batting side may declare: you are bowling.")
    );
    assert!(!live(&app).desk.declare_next);
    assert_eq!(live(&app).deliveries, deliveries, "nothing bowled");
    assert!(to_users_answer(&mut app, Call::Normal));
    let deliveries = live(&app).deliveries;
    press(&mut app, " ");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("[Space] plays nothing: press the number under a card, or [=] for the computer.")
    );
    assert_eq!(live(&app).deliveries, deliveries, "nothing played");
}

/// A digit at a stop plays nothing: it says [Enter] goes on, above the stop's lines; at
/// the match's end, that [Enter] shows the scorecard.
#[test]
fn a_digit_at_a_stop_says_enter_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_own_match(&mut app);
    press(&mut app, "=");
    assert!(play_on_until(&mut app, |s| s.paused.is_some()));
    let stop = live(&app).paused.clone();
    press(&mut app, "3");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("Play has stopped: [Enter] goes on.")
    );
    assert_eq!(
        shot(&app).lines().nth(18),
        Some(" Play has stopped: [Enter] goes on.")
    );
    let deliveries = live(&app).deliveries;
    assert_eq!(live(&app).paused, stop, "still stopped");
    enter(&mut app);
    assert!(live(&app).paused != stop || live(&app).deliveries > deliveries);
    assert!(play_on_until(&mut app, |s| s.paused.is_some() && s.state.is_over()));
    press(&mut app, "1");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is over: [Enter] shows the scorecard.")
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
}

/// Plays on until the person is to answer a ball called `call`; false if the match ends
/// first.
fn to_users_answer(app: &mut App, call: Call) -> bool {
    play_on_until(
        app,
        |s| matches!(s.human_to_act(), Some(Decision::Respond { call: c, .. }) if c == call),
    )
}

/// [Enter] at a ball plays nothing (no default is offered, and an [Enter] meant for a stop
/// must not take a wide or play a card): it says which keys play, by the ball's call.
#[test]
fn enter_at_a_ball_plays_nothing_and_says_which_keys_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    let mut seen = Vec::new();
    for (call, hint) in [
        (
            Call::Wide,
            "[Enter] plays nothing: [0] takes the wide, or a card's number plays the ball.",
        ),
        (
            Call::NoBall,
            "[Enter] plays nothing: [0] plays no card, or a card's number plays that card.",
        ),
        (
            Call::Normal,
            "[Enter] plays nothing: press the number under a card, or [=] for the computer.",
        ),
    ] {
        if !to_users_answer(&mut app, call) {
            continue;
        }
        let (before, deliveries) = (shot(&app), live(&app).deliveries);
        enter(&mut app);
        let text = shot(&app);
        assert_eq!(
            text.lines().nth(22),
            Some(format!(" {hint}").as_str()),
            "{text}"
        );
        assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        if call == Call::Normal {
            press(&mut app, "0");
            assert!(
                shot(&app).contains(
                    "[0] plays no card only at a no-ball or a wide: this ball needs a card."
                ),
                "{}",
                shot(&app)
            );
            assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        }
        // A letter plays nothing either, and says the same keys.
        press(&mut app, "x");
        let said = hint.replace("[Enter]", "[X]");
        assert_eq!(match_word(&app).as_deref(), Some(said.as_str()));
        assert_eq!(live(&app).deliveries, deliveries, "nothing played");
        app.update(key(KeyCode::Char('h')));
        esc(&mut app);
        assert_eq!(shot(&app), before, "the next key clears it");
        seen.push(call);
    }
    assert_eq!(seen, [Call::Wide, Call::NoBall, Call::Normal]);
}

#[test]
fn help_inside_a_match_tells_the_ball_in_play_and_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    for _ in 0..5000 {
        let s = live(&app);
        if matches!(s.human_to_act(), Some(Decision::Respond { .. }))
            && s.state.public().striker >= 3
        {
            break;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    let before = shot(&app);
    for open in [
        key(KeyCode::Char('h')),
        key(KeyCode::Char('?')),
        key(KeyCode::F(1)),
    ] {
        app.update(open);
        let text = shot(&app);
        assert!(text.contains("Help: this match"), "{text}");
        assert!(
            text.contains("THE BALL IN PLAY") && text.contains("Bowled "),
            "{text}"
        );
        assert!(text.contains("[1] "), "each card's outcome: {text}");
        assert!(
            text.contains("THE STRIKER") && text.contains(" on strike"),
            "{text}"
        );
        for _ in 0..3 {
            app.update(key(KeyCode::PageDown));
        }
        assert!(shot(&app).contains("KEYS ON THE MATCH SCREEN") || shot(&app).contains("[Esc]"));
        esc(&mut app);
        assert_eq!(shot(&app), before, "Esc goes back to the match as it was");
    }
}

#[test]
fn the_keys_line_of_the_match_screen_is_never_cut() {
    // Watching, at every speed: the line ends with its last key.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), None);
    press(&mut app, "2");
    press(&mut app, "---");
    for _ in 0..6 {
        while live(&app).paused.is_some() {
            enter(&mut app);
        }
        let text = shot(&app);
        assert!(text.contains("Watching..."), "{text}");
        assert!(text.trim_end().ends_with("[Esc] leave"), "{text}");
        press(&mut app, "+");
    }
    // The user's card exchange with a declaration armed.
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    to_users_exchange(&mut app);
    press(&mut app, "d");
    let text = shot(&app);
    assert!(text.contains("will declare"), "{text}");
    assert!(text.trim_end().ends_with("[H] help"), "{text}");
}

/// Letters that play nothing say which keys do: at the opening discard, at the ball to
/// bowl, at a ball to answer ([N] too, where no card may not be played) and while changing
/// cards; [D] at a stop says why no declaration can be armed there and when it can, and
/// another letter at a stop says [Enter] goes on. Nothing is played.
#[test]
fn letters_at_a_ball_and_d_at_a_stop_say_which_keys_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    press(&mut app, "f");
    let mut seen = std::collections::BTreeSet::new();
    let step = |s: &accc::live::LiveMatch| (s.deliveries, s.moves.len(), s.paused.clone());
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        let before = step(s);
        let bats = s.state.public().batting() == s.human.unwrap();
        let (kind, letter, want) = match (&s.paused, s.human_to_act()) {
            (Some(_), _) if s.may_declare_at_pause() => ("", "", String::new()),
            (Some(_), _) if bats => (
                "stop, batting",
                "d",
                "Play has stopped: [Enter] goes on, and then [D] may declare.".to_string(),
            ),
            (Some(_), _) => (
                "stop, bowling",
                "D",
                "Only the batting side may declare: play has stopped, [Enter] goes on.".to_string(),
            ),
            (None, Some(Decision::OpeningDiscard)) => (
                "discard",
                "x",
                "[X] throws nothing away: press a card's number, or [=] for the computer."
                    .to_string(),
            ),
            (None, Some(Decision::Bowl)) => (
                "bowl",
                "k",
                "[K] plays nothing: press the number under a card, or [=] for the computer."
                    .to_string(),
            ),
            (
                None,
                Some(Decision::Respond {
                    call: Call::Normal, ..
                }),
            ) => (
                "answer",
                "n",
                "[N] plays no card only at a no-ball or a wide: this ball needs a card."
                    .to_string(),
            ),
            (None, Some(Decision::Exchange)) => (
                "exchange",
                "z",
                "[Z] changes nothing: [Enter] changes the cards picked, [0] keeps the hand."
                    .to_string(),
            ),
            _ => ("", "", String::new()),
        };
        if !kind.is_empty() && !seen.contains(kind) {
            press(&mut app, letter);
            assert_eq!(match_word(&app).as_deref(), Some(want.as_str()), "{kind}");
            assert_eq!(step(live(&app)), before, "{kind}: nothing played");
            seen.insert(kind);
            if kind.starts_with("stop") {
                press(&mut app, "w");
                assert_eq!(
                    match_word(&app).as_deref(),
                    Some("Play has stopped: [Enter] goes on.")
                );
                assert_eq!(step(live(&app)), before);
            }
        }
        if live(&app).paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    let all = [
        "stop, batting",
        "stop, bowling",
        "discard",
        "bowl",
        "answer",
        "exchange",
    ];
    for kind in all {
        assert!(seen.contains(kind), "{kind} not seen: {seen:?}");
    }
    // The match over, a letter says [Enter] shows the scorecard.
    press(&mut app, "x");
    assert_eq!(
        match_word(&app).as_deref(),
        Some("The match is over: [Enter] shows the scorecard.")
    );
}
