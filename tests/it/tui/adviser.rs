//! The adviser, `[=]`: a whole match played on it, the analyst asked alike each time, the
//! card it played and the declarations it would make, said.

use super::*;

#[test]
fn playing_a_whole_match_of_ones_own_with_the_equals_key() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = small_file(dir.path(), Some(0));
    let played_before = app.comp().unwrap().current().unwrap().matches_played();
    to_own_match(&mut app);
    insta::assert_snapshot!("match_start", shot(&app));
    let mut extras_shot = false;
    let mut checked_at_end = false;
    for _ in 0..5000 {
        let s = live(&app);
        if s.state.is_over() && checked_at_end {
            break;
        }
        // A pause a step raised between balls is shown before the human's next choice.
        if s.human_to_act()
            .is_some_and(|d| !matches!(d, Decision::Respond { .. }))
        {
            assert!(
                s.commentary.pauses.is_empty(),
                "a pause waits behind the prompt: {:?}",
                s.commentary.pauses
            );
        }
        if s.state.is_over() && !checked_at_end {
            // Saved the moment it ended, before its last pauses and scoreboard are seen: no
            // key and no closed window can lose the result now, and there is nothing to leave.
            let reloaded = accc::save::load(&file_path(dir.path(), "TEST")).unwrap();
            assert_eq!(
                reloaded.current().unwrap().matches_played(),
                played_before + 1,
                "the result is on disk, once"
            );
            esc(&mut app);
            assert!(!shot(&app).contains("Leave this match?") && !shot(&app).contains("[Esc]"));
            assert!(matches!(app.screen(), Some(Screen::Match { .. })));
            checked_at_end = true;
            continue;
        }
        let extras = s
            .state
            .public()
            .last_ball
            .is_some_and(|b| b.call != Call::Normal);
        if extras
            && !extras_shot
            && s.human_to_act()
                .is_some_and(|d| matches!(d, Decision::Bowl | Decision::Respond { .. }))
        {
            insta::assert_snapshot!("match_mid_with_extras", shot(&app));
            extras_shot = true;
        }
        if s.paused.is_some() {
            enter(&mut app);
        } else {
            press(&mut app, "=");
        }
    }
    assert!(extras_shot, "the match showed an extra");
    assert!(checked_at_end);
    assert!(live(&app).state.is_over());
    // The wicket or close that ended it, the close of the innings and the end of the match
    // are one stop, and its one [Enter] goes to the scorecard.
    let text = shot(&app);
    assert!(
        text.contains("The match is over: ") && text.contains("Press [Enter] for the scorecard"),
        "{text}"
    );
    enter(&mut app);
    assert!(matches!(app.screen(), Some(Screen::Scorecard { .. })));
    insta::assert_snapshot!("final_scoreboard", shot(&app));
    enter(&mut app);
    let comp = app.comp().unwrap();
    assert_eq!(
        comp.current().unwrap().matches_played(),
        played_before + 1,
        "added once"
    );
    // The match was saved with everything else.
    let reloaded = accc::save::load(&file_path(dir.path(), "TEST")).unwrap();
    assert_eq!(
        reloaded.current().unwrap().matches_played(),
        comp.current().unwrap().matches_played()
    );
}

/// The `=` key asks the analyst (`Search::ADVICE`), which is told every view of the
/// person's side: its answer is a search's, not the professional's (it overrules it here and
/// there), the same when asked twice at a ball, and the same in the same match played again.
/// A twin analyst, told every view of the person's side as the engine replays the match from
/// its record, gives the same answer at every prompt.
#[test]
fn the_equals_key_asks_the_analyst_and_answers_alike_each_time() {
    use accc::ai::analyst::Analyst;
    use accc::ai::{Bot, Level};
    use accc::engine::runner::chance_rng;
    use accc::engine::{Choice, MatchState, NoRecord, Player, Side};
    use accc::save::record::Op;
    use std::collections::HashMap;
    let pro = Level::PROFESSIONAL;
    // Per seed: the person's decisions and the computer's choices, as the record keeps them.
    type History = (Vec<(Decision, Choice)>, Vec<Choice>);
    let play = || {
        let mut answers = Vec::new();
        let mut overruled = 0;
        let mut at = u64::MAX;
        let mut professional = Bot::new(pro, pro, 0, Side::Home);
        let mut history: HashMap<u64, History> = HashMap::new();
        play_as_user(0..2, |s, seed| {
            if seed != at {
                at = seed;
                professional = Bot::new(pro, pro, seed, Side::Home);
            }
            let answer = s.advice().expect("the person is to act");
            assert_eq!(s.advice(), Some(answer), "asked again at the same ball");
            let view = s.state.view();
            if professional.decide(&view) != answer {
                overruled += 1;
            }
            professional.observe(&view, answer);
            answers.push(answer);
            s.choose(answer).unwrap();
            let (person, computer) = history.entry(seed).or_default();
            *person = s.moves.clone();
            computer.extend(s.take_computer().into_iter().map(|op| match op {
                Op::Computer(c) => c,
                op => panic!("{op:?} is not the computer's"),
            }));
            true
        });
        (answers, overruled, history)
    };
    let (answers, overruled, history) = play();
    assert!(answers.len() > 100, "{}", answers.len());
    assert!(
        overruled > 0,
        "the analyst never overruled the professional"
    );
    assert_eq!(play().0, answers, "the same match, the same advice");
    // The twin, on the engine alone.
    let options = accc::engine::MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 2,
        ..Default::default()
    };
    let mut checked = 0;
    for (seed, (person, computer)) in history {
        let mut twin = Analyst::adviser(seed, Side::Home);
        let mut person = person.into_iter();
        let mut computer = computer.into_iter();
        let mut state = MatchState::new(options);
        let mut rng = chance_rng(seed);
        while !state.is_over() {
            if state.chance().is_some() {
                state.sample_chance(&mut rng, &mut NoRecord);
                continue;
            }
            let (side, decision) = state.to_act().unwrap();
            let choice = if side == Side::Home {
                let Some((asked, choice)) = person.next() else {
                    break;
                };
                assert_eq!(asked, decision, "seed {seed}");
                let view = state.view();
                if decision != Decision::Declare {
                    assert_eq!(
                        twin.decide(&view),
                        choice,
                        "seed {seed}: the analyst's answer"
                    );
                    checked += 1;
                }
                twin.observe(&view, choice);
                choice
            } else {
                computer.next().expect("the computer's choice")
            };
            state.apply(choice, &mut NoRecord).unwrap();
        }
    }
    assert_eq!(checked, answers.len());
}

/// When [=] plays for the person, the screen says what it played, above the hand: the card
/// bowled or played (the commentary says only what came of it), at a wide whether it took
/// the wide or played the ball, the cards changed, the choice at the toss.
#[test]
fn the_equals_key_says_which_card_it_played() {
    use accc::engine::{Choice, Election};
    let dir = tempfile::tempdir().unwrap();
    let mut app = file_of_packs(dir.path(), Some(0), 3);
    to_own_match(&mut app);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..3000 {
        let s = live(&app);
        if s.state.is_over() {
            break;
        }
        if s.paused.is_some() {
            // [Enter] at a stop is the person's next action: what [=] did is no longer said.
            enter(&mut app);
            let text = shot(&app);
            let row = text.lines().nth(17).unwrap_or("");
            assert!(!row.starts_with(" [=] "), "{text}");
            continue;
        }
        let moves = s.moves.len();
        press(&mut app, "=");
        let s = live(&app);
        let (decision, choice) = s.moves[moves];
        let text = shot(&app);
        let row = text.lines().nth(17).unwrap_or("").trim().to_string();
        let said = |c: accc::cards::Card| format!("the {}", c.on_screen());
        let (kind, want) = match (decision, choice) {
            (_, Choice::Elect(Election::Bat)) => ("toss", "[=] chose to bat first.".into()),
            (_, Choice::Elect(Election::Bowl)) => ("toss", "[=] chose to field first.".into()),
            (Decision::OpeningDiscard, Choice::Card(c)) => {
                ("discard", format!("[=] threw away {}.", said(c)))
            }
            (Decision::Bowl, Choice::Card(c)) => ("bowl", format!("[=] bowled {}.", said(c))),
            (
                Decision::Respond {
                    call: Call::Wide, ..
                },
                Choice::NoCard,
            ) => ("wide taken", "[=] played no card, taking the wide.".into()),
            (
                Decision::Respond {
                    call: Call::Wide, ..
                },
                Choice::Card(c),
            ) => (
                "wide called off",
                format!("[=] played {}, so the wide was called off.", said(c)),
            ),
            (Decision::Respond { .. }, Choice::NoCard) => ("no card", "[=] played no card.".into()),
            (Decision::Respond { .. }, Choice::Card(c)) => {
                ("bat", format!("[=] played {}.", said(c)))
            }
            (_, Choice::Exchange([None, None])) => {
                ("kept", "[=] kept the hand: no card changed.".into())
            }
            (_, Choice::Exchange([Some(a), None])) => {
                ("changed", format!("[=] changed {}.", said(a)))
            }
            (_, Choice::Exchange([Some(a), Some(b)])) => (
                "changed",
                format!("[=] changed {} and {}.", said(a), said(b)),
            ),
            other => panic!("[=] made {other:?}"),
        };
        // Said above the hand, or above a stop that came of it.
        assert_eq!(row, want, "{text}");
        seen.insert(kind);
        // A key that does nothing, help and the question to leave do not take it away.
        if !s.state.is_over() {
            press(&mut app, "x");
            app.update(key(KeyCode::Char('h')));
            esc(&mut app);
            esc(&mut app);
            press(&mut app, "n");
            assert_eq!(shot(&app), text);
        }
    }
    for kind in ["toss", "discard", "bowl", "bat", "wide taken"] {
        assert!(seen.contains(kind), "{kind} not seen: {seen:?}");
    }
}

/// A person who takes the adviser's choices with [=] is told when the adviser would declare
/// (a declaration is the person's own, made with [D]); a card chosen by hand ends the word.
#[test]
fn the_adviser_says_when_it_would_declare_to_a_person_taking_its_advice() {
    use accc::engine::{Decision, Side};
    use accc::live::LiveMatch;
    use accc::tui::match_screen::{self, MatchKey};
    let names = || {
        [
            ("Surrey".to_string(), "Surrey".to_string()),
            ("Yorkshire".to_string(), "Yorkshire".to_string()),
        ]
    };
    let screen = |s: &LiveMatch| {
        let mut t = Terminal::new(TestBackend::new(80, 25)).unwrap();
        t.draw(|f| match_screen::draw(f, f.area(), s)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..25)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let said = "[=] would have declared before this ball: [D] declares before the next.";
    let press =
        |s: &mut LiveMatch, c: KeyCode| match_screen::key(s, KeyEvent::new(c, KeyModifiers::NONE));
    let mut told = 0;
    // Seed 5: the first of these matches in which the adviser would declare (in 0-4 it
    // never would, and nothing is said).
    for seed in [5u64] {
        let mut s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels { bat: 5, bowl: 5 },
            seed,
            names(),
            Some(Side::Home),
        );
        while !s.state.is_over() {
            if s.paused.is_some() {
                press(&mut s, KeyCode::Enter);
                continue;
            }
            let shown = screen(&s).contains(said);
            assert_eq!(shown, s.desk.declare_advised, "seed {seed}\n{}", screen(&s));
            if shown {
                told += 1;
                assert_eq!(s.state.public().batting(), Side::Home);
                // [D] arms the declaration; the armed line replaces the adviser's word.
                assert_eq!(
                    press(&mut s, KeyCode::Char('d')),
                    MatchKey::Played(accc::save::record::Op::Declare(true))
                );
                assert!(!screen(&s).contains(said) && screen(&s).contains("will declare"));
                press(&mut s, KeyCode::Char('d'));
                // A card chosen by hand: the person is not taking advice now.
                if let Some(Decision::Respond { .. }) = s.human_to_act() {
                    let before = s.state.public().innings_started;
                    let mut k = b'1';
                    while press(&mut s, KeyCode::Char(k as char)) == MatchKey::Ignored {
                        k += 1;
                    }
                    if s.paused.is_none() && s.state.public().innings_started == before {
                        assert!(!s.desk.declare_advised && !screen(&s).contains(said));
                    }
                }
                break;
            }
            assert_ne!(press(&mut s, KeyCode::Char('=')), MatchKey::Ignored);
        }
    }
    assert!(told > 0, "the adviser would declare in this match");
}

/// A person who takes [=]'s word that it would have declared, with [D] as soon as it is shown
/// (it comes with the ball after the one it was about), is not told in the review that they
/// batted on; one who declares some balls later is told how much later, and at what score.
#[test]
fn a_declaration_made_on_the_advisers_word_is_told_as_it_was() {
    use accc::engine::score::InningsEnd;
    use accc::engine::Side;
    use accc::live::LiveMatch;
    use accc::save::record::Op;
    let county = |id: u8| {
        let c = accc::counties::get(id);
        (c.name.clone(), c.short.clone())
    };
    // Seed 5: the adviser would declare in it (see the test below).
    for wait in [0, 6] {
        let mut s = LiveMatch::begin(
            accc::engine::MatchOptions::default(),
            Levels { bat: 5, bowl: 5 },
            5,
            [county(0), county(1)],
            Some(Side::Home),
        );
        // The person's choices since [=]'s word was first shown.
        let (mut armed, mut after_word) = (None, None::<u32>);
        while !s.state.is_over() {
            if armed.is_none() && s.paused.is_none() && s.desk.declare_advised {
                after_word.get_or_insert(0);
            }
            let op = if s.paused.is_some() {
                Op::Resume
            } else if armed.is_none() && after_word.is_some_and(|n| n >= wait) {
                armed = Some(s.state.public().innings_started);
                Op::Declare(true)
            } else {
                if let Some(n) = after_word.as_mut() {
                    *n += 1;
                }
                s.desk.advised = true;
                Op::Choose(s.advice().unwrap())
            };
            s.apply(op).unwrap();
        }
        let innings = armed.expect("[=] said it would have declared");
        let p = s.state.public();
        assert_eq!(
            p.innings[innings as usize - 1].end,
            Some(InningsEnd::Declared),
            "wait {wait}"
        );
        let told: Vec<_> = s
            .batted_on
            .iter()
            .filter(|b| b.innings == innings)
            .collect();
        if wait == 0 {
            assert_eq!(told, [] as [&accc::live::BattedOn; 0]);
        } else {
            let [b] = told[..] else { panic!("{told:?}") };
            let declared = b.declared.expect("declared later in the innings");
            assert!(declared.balls > b.advised.balls, "{b:?}");
            let line = b.line();
            assert!(
                line.contains(&format!(
                    "; you declared {} balls later, at {}-{}",
                    declared.balls - b.advised.balls,
                    declared.total,
                    declared.wickets
                )),
                "{line}"
            );
            assert!(!line.contains("batted on"), "{line}");
        }
    }
}
