//! Tests of the competition as a whole: the order of play, recording matches, season ends,
//! thread-count independence and the end of the competition after 1989.

use crate::ai::Bot;
use crate::counties::{Class, CountyId};
use crate::engine::{play_match, InningsEnd, Margin, MatchOptions, NoRecord, Outcome, Side};
use crate::play::Levels;

use super::competition::{Competition, Fixture, LeagueError};
use super::history;
use super::settings::Settings;
use super::summary::{InningsSummary, MatchParts, MatchSummary, PlayedMatch, MAX_WICKETS};
use super::{CLASSES, FIRST_YEAR, LAST_YEAR, MATCHES_PER_ROUND};

/// Small matches, so that whole seasons play quickly in debug builds.
pub fn tiny_options() -> MatchOptions {
    MatchOptions {
        batsmen: 4,
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    }
}

pub fn tiny(seed: u64, user: Option<CountyId>) -> Competition {
    let settings = Settings {
        options: tiny_options(),
        levels: Levels::default(),
        user_county: user,
        seed,
    };
    Competition::create("TEST", settings).unwrap()
}

/// A made-up match in which the county with the lower id wins by an innings.
fn synthetic(f: &Fixture) -> PlayedMatch {
    let winner = if f.home < f.away {
        Side::Home
    } else {
        Side::Away
    };
    let inn = |batting, total| InningsSummary {
        batting,
        total,
        wickets: 3,
        balls: total * 2,
        end: InningsEnd::AllOut,
    };
    let mut points = [0; 2];
    points[winner.index()] = 4;
    let summary = MatchSummary::from_parts(MatchParts {
        round: f.round,
        home: f.home,
        away: f.away,
        outcome: Outcome::Win,
        winner: Some(winner),
        margin: Some(Margin::Innings(50)),
        points,
        innings: vec![
            inn(winner, 300),
            inn(winner.other(), 100),
            inn(winner.other(), 150),
        ],
        seed: f.seed,
    })
    .unwrap();
    PlayedMatch {
        summary,
        partnerships: [[None; MAX_WICKETS]; 2],
        deliveries: 0,
        tape: None,
        batting: [None; 4],
    }
}

fn play_synthetic_season(comp: &mut Competition) {
    for f in comp.remaining_fixtures() {
        comp.add_played(&f, synthetic(&f)).unwrap();
    }
}

#[test]
fn a_class_waits_for_the_other_to_finish_the_round() {
    let mut comp = tiny(1, None);
    for i in 0..MATCHES_PER_ROUND {
        let f = comp.next_fixture(Class::First).unwrap();
        assert_eq!((f.year, f.round, f.index), (FIRST_YEAR, 1, i));
        comp.play_fixture_by_computer(f).unwrap();
    }
    assert_eq!(
        comp.next_fixture(Class::First),
        None,
        "round 2 waits for the second class"
    );
    let waiting = comp.remaining_fixtures()[0];
    assert_eq!((waiting.class, waiting.round), (Class::Second, 1));
    for _ in 0..MATCHES_PER_ROUND {
        let f = comp.next_fixture(Class::Second).unwrap();
        assert_eq!(f.round, 1);
        comp.play_fixture_by_computer(f).unwrap();
    }
    assert_eq!(comp.next_fixture(Class::First).unwrap().round, 2);
    assert_eq!(comp.next_fixture(Class::Second).unwrap().round, 2);
}

#[test]
fn only_the_next_fixture_of_a_class_is_accepted() {
    let mut comp = tiny(2, None);
    let next = comp.next_fixture(Class::First).unwrap();
    let later = comp.remaining_fixtures()[1];
    assert_eq!(
        comp.play_fixture_by_computer(later),
        Err(LeagueError::NotNext {
            expected: Some(next),
            got: later
        })
    );
    let wrong_seed = Fixture {
        seed: next.seed ^ 1,
        ..next
    };
    assert!(matches!(
        comp.play_fixture_by_computer(wrong_seed),
        Err(LeagueError::NotNext { .. })
    ));
    let unfinished = crate::engine::MatchState::new(tiny_options());
    assert_eq!(
        comp.record_result(next, &unfinished, true, None),
        Err(LeagueError::MatchNotOver)
    );
    let other_rules = crate::play::computer_match(
        MatchOptions::default(),
        [Levels::default(); 2],
        next.seed,
        &mut NoRecord,
    );
    assert_eq!(
        comp.record_result(next, &other_rules, true, None),
        Err(LeagueError::WrongOptions)
    );
    assert_eq!(
        comp.seasons().len() + comp.current().unwrap().matches_played(),
        0,
        "nothing was added"
    );
}

#[test]
fn a_match_played_through_the_ui_is_recorded_with_the_fixture_seed() {
    let mut comp = tiny(3, Some(0));
    let f = comp.next_fixture(Class::First).unwrap();
    let level = crate::ai::Level::new(1).unwrap();
    let (mut home, mut away) = (
        Bot::new(level, level, f.seed, Side::Home),
        Bot::new(level, level, f.seed, Side::Away),
    );
    let state = play_match(
        tiny_options(),
        f.seed,
        [&mut home, &mut away],
        &mut NoRecord,
    )
    .unwrap();
    let recorded = comp.record_result(f, &state, true, None).unwrap();
    assert_eq!(recorded.summary.seed, f.seed);
    assert_eq!(
        (recorded.summary.home, recorded.summary.away),
        (f.home, f.away)
    );
    assert_eq!(recorded.summary.points, state.result().unwrap().points);
    assert_eq!(recorded.season_end, None);
    assert_eq!(
        comp.current().unwrap().class(Class::First).matches(),
        &[recorded.summary]
    );
    assert!(
        comp.fixture_involves_user(&Fixture { home: 0, ..f })
            && !comp.fixture_involves_user(&Fixture {
                home: 9,
                away: 10,
                ..f
            })
    );
}

/// A competition of county 0's in which the person played county 0's first match (with
/// level-1 players, so not as the computer would), and the rest of the season was simulated;
/// and that match's year and counties.
pub fn with_a_person_match() -> (Competition, (u16, CountyId, CountyId)) {
    let mut comp = tiny(3, Some(0));
    let f = loop {
        let f = CLASSES.iter().find_map(|&c| comp.next_fixture(c)).unwrap();
        if comp.fixture_involves_user(&f) {
            break f;
        }
        comp.play_fixture_by_computer(f).unwrap();
    };
    let level = crate::ai::Level::new(1).unwrap();
    let (mut home, mut away) = (
        Bot::new(level, level, f.seed, Side::Home),
        Bot::new(level, level, f.seed, Side::Away),
    );
    let state = play_match(
        tiny_options(),
        f.seed,
        [&mut home, &mut away],
        &mut NoRecord,
    )
    .unwrap();
    comp.record_result(f, &state, true, None).unwrap();
    comp.sim_rest_of_season();
    (comp, (f.year, f.home, f.away))
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn the_export_marks_the_person_match_alone_and_every_other_seed_replays() {
    let (comp, mine) = with_a_person_match();
    assert_eq!(comp.person_matches().collect::<Vec<_>>(), [mine]);
    // Worked out again from the seeds (as for a file that did not keep it): the same match.
    assert_eq!(comp.unreplayed_matches(), [mine]);
    let v: serde_json::Value = serde_json::from_str(&super::export::export_json(&comp)).unwrap();
    let options = comp.settings().options;
    let id = |name: &serde_json::Value| {
        crate::counties::all()
            .iter()
            .position(|c| c.name == name.as_str().unwrap())
            .unwrap() as CountyId
    };
    let mut marked = 0;
    for class in ["first_class", "second_class"] {
        for m in v["seasons"][0][class]["matches"].as_array().unwrap() {
            let key = (FIRST_YEAR, id(&m["home"]), id(&m["away"]));
            assert_eq!(m["user_played"], (key == mine), "{m}");
            assert_eq!(
                comp.played_by_person(FIRST_YEAR, key.1, key.2),
                Some(key == mine)
            );
            let seed = m["seed"].as_u64().unwrap();
            let replay =
                crate::play::computer_match(options, [Levels::default(); 2], seed, &mut NoRecord);
            let round = m["round"].as_u64().unwrap() as u8;
            let replayed = MatchSummary::of(&replay, round, key.1, key.2, seed);
            let kept = comp.seasons()[0]
                .classes
                .iter()
                .flat_map(|c| c.matches())
                .find(|s| (s.home, s.away) == (key.1, key.2))
                .unwrap();
            // The computer's matches replay from their seeds; the person's does not.
            assert_eq!(replayed == *kept, key != mine, "{m}");
            marked += usize::from(key == mine);
        }
    }
    assert_eq!(marked, 1);
}

#[test]
fn a_season_ends_with_champion_prizes_and_movement_between_classes() {
    let mut comp = tiny(4, None);
    let summary = comp.sim_rest_of_season().unwrap();
    assert_eq!(summary.year, FIRST_YEAR);
    let [first, second] = &summary.tables;
    assert_eq!(summary.champion, first[0].county);
    assert_eq!(summary.relegated, first[7].county);
    assert_eq!(summary.promoted, second[0].county);
    assert_eq!(summary.wooden_spoon, second[7].county);
    let prizes: Vec<(CountyId, u32)> = first
        .iter()
        .take(6)
        .map(|r| r.county)
        .zip([360, 150, 80, 45, 24, 10])
        .collect();
    assert_eq!(summary.prizes, prizes);
    for table in [first, second] {
        assert!(table
            .iter()
            .all(|r| r.played == 14 && r.won + r.lost + r.drawn + r.tied == 14));
        assert!(table.windows(2).all(|w| w[0].points >= w[1].points));
    }
    let next = comp.current().unwrap();
    assert_eq!(next.year, FIRST_YEAR + 1);
    assert_eq!(next.class_of(summary.promoted), Class::First);
    assert_eq!(next.class_of(summary.relegated), Class::Second);
    for r in &first[..7] {
        assert_eq!(next.class_of(r.county), Class::First);
    }
    for r in &second[1..] {
        assert_eq!(next.class_of(r.county), Class::Second);
    }
    assert_eq!(comp.seasons().len(), 1);
    assert!(comp.seasons()[0].is_complete());
}

#[test]
fn playing_match_by_match_gives_the_same_season_as_bulk_simulation() {
    let mut one_by_one = tiny(5, Some(3));
    let mut bulk = one_by_one.clone();
    let mut end = None;
    while end.is_none() {
        let f = CLASSES
            .iter()
            .find_map(|&c| one_by_one.next_fixture(c))
            .expect("one class can always play");
        end = one_by_one.play_fixture_by_computer(f).unwrap().season_end;
    }
    assert_eq!(bulk.sim_rest_of_season(), end);
    assert_eq!(bulk, one_by_one);
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut comp = tiny(6, None);
        pool.install(|| comp.sim_seasons(2, |_| {}));
        comp
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.seasons().len(), 2);
    assert_eq!(one, two);
}

/// Many seasons are played in one parallel pass ahead of their counties: the plan of that
/// pass is, match for match, the fixtures each season then has left (a part-played season
/// first), so every planned match is used and the competition comes out as one season at
/// a time makes it.
#[test]
fn seasons_played_in_one_pass_are_the_seasons_played_one_at_a_time() {
    let mut part_played = tiny(9, Some(3));
    for _ in 0..6 {
        let f = CLASSES
            .iter()
            .find_map(|&c| part_played.next_fixture(c))
            .unwrap();
        part_played.play_fixture_by_computer(f).unwrap();
    }
    let planned = part_played.planned(3);
    let mut one_at_a_time = part_played.clone();
    let mut fixtures = Vec::new();
    for _ in 0..3 {
        fixtures.extend(
            one_at_a_time
                .remaining_fixtures()
                .iter()
                .map(|f| (f.round, f.seed)),
        );
        assert_eq!(one_at_a_time.sim_seasons(1, |_| {}).seasons, 1);
    }
    assert_eq!(planned, fixtures);
    assert_eq!(planned.len(), 3 * 112 - 6);
    assert_eq!(part_played.planned(0), []);
    assert_eq!(part_played.planned(u32::MAX).len(), 100 * 112 - 6);
    let mut in_one_pass = part_played;
    let mut years = Vec::new();
    let report = in_one_pass.sim_seasons(3, |s| years.push(s.year));
    assert_eq!(years, [FIRST_YEAR, FIRST_YEAR + 1, FIRST_YEAR + 2]);
    assert_eq!((report.seasons, report.matches), (3, 3 * 112 - 6));
    assert_eq!(in_one_pass, one_at_a_time);
}

#[test]
fn every_match_seed_replays_its_match() {
    let mut comp = tiny(7, None);
    comp.sim_rest_of_season();
    let options = comp.settings().options;
    for m in comp.seasons()[0]
        .class(Class::Second)
        .matches()
        .iter()
        .step_by(7)
    {
        let state =
            crate::play::computer_match(options, [Levels::default(); 2], m.seed, &mut NoRecord);
        assert_eq!(
            MatchSummary::of(&state, m.round, m.home, m.away, m.seed),
            *m
        );
    }
}

#[test]
fn the_competition_ends_after_its_hundredth_season() {
    let mut comp = tiny(8, Some(7));
    for _ in 0..super::MAX_SEASONS {
        assert!(!comp.is_finished());
        play_synthetic_season(&mut comp);
    }
    assert!(comp.is_finished());
    assert_eq!(comp.seasons().last().unwrap().year, LAST_YEAR);
    assert_eq!(comp.seasons().len(), 100);
    assert_eq!(comp.next_fixture(Class::First), None);
    assert_eq!(comp.sim_rest_of_season(), None);
    assert_eq!(
        comp.sim_seasons(5, |_| panic!("no season to play")).seasons,
        0
    );
    assert!(matches!(
        comp.play_fixture_by_computer(synthetic_fixture()),
        Err(LeagueError::Finished)
    ));
    assert_eq!(comp.years(), FIRST_YEAR..=LAST_YEAR);
}

fn synthetic_fixture() -> Fixture {
    Fixture {
        year: LAST_YEAR,
        class: Class::First,
        round: 1,
        index: 0,
        home: 0,
        away: 1,
        seed: 0,
    }
}

#[test]
fn history_adds_up_championships_prizes_and_movement() {
    // The lower id always wins: Surrey (0) is champion every year; Sussex (7) and Somerset (8)
    // swap classes every year, one promoted as the other goes down.
    let mut comp = tiny(9, None);
    for _ in 0..4 {
        play_synthetic_season(&mut comp);
    }
    let honours = history::honours(&comp);
    assert_eq!(
        honours.iter().map(|h| h.top_three).collect::<Vec<_>>(),
        vec![[0, 1, 2]; 4]
    );
    assert_eq!(
        honours.iter().map(|h| h.promoted).collect::<Vec<_>>(),
        [Some(8), Some(7), Some(8), Some(7)]
    );
    let first = history::alltime(&comp, Class::First);
    assert_eq!(
        (first[0].row.county, first[0].championships, first[0].prize),
        (0, 4, 4 * 360)
    );
    let sussex = first.iter().find(|a| a.row.county == 7).unwrap();
    let somerset = first.iter().find(|a| a.row.county == 8).unwrap();
    assert_eq!((sussex.seasons, sussex.relegated), (2, 2));
    assert_eq!((somerset.seasons, somerset.relegated), (2, 2));
    let second = history::alltime(&comp, Class::Second);
    assert_eq!((second[0].promoted + second[1].promoted), 4);
    let cheshire = second.iter().find(|a| a.row.county == 15).unwrap();
    assert_eq!(
        (
            cheshire.wooden_spoons,
            cheshire.row.played,
            cheshire.row.lost
        ),
        (4, 56, 56)
    );
    let positions = history::final_positions(&comp);
    assert_eq!(positions[1].placings[7].class, Class::Second);
    assert_eq!(positions[1].placings[8].place, 8);
    assert_eq!(positions.len(), 4);
}

#[test]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
)]
fn after_the_last_season_nobody_is_counted_as_going_down_or_up() {
    let mut comp = tiny(9, Some(0));
    while !comp.is_finished() {
        play_synthetic_season(&mut comp);
    }
    let seasons = comp.seasons().len() as u32;
    assert_eq!(seasons, 100);
    let relegated: u32 = history::alltime(&comp, Class::First)
        .iter()
        .map(|a| a.relegated)
        .sum();
    let promoted: u32 = history::alltime(&comp, Class::Second)
        .iter()
        .map(|a| a.promoted)
        .sum();
    assert_eq!(
        (relegated, promoted),
        (seasons - 1, seasons - 1),
        "no 1990 to go down or up into"
    );
    let honours = history::honours(&comp);
    assert_eq!(honours.last().unwrap().promoted, None);
    assert!(honours[honours.len() - 2].promoted.is_some());
    let last = crate::league::LAST_YEAR;
    let first = crate::views::table(&comp, Some(last), Class::First).unwrap();
    let second = crate::views::table(&comp, Some(last), Class::Second).unwrap();
    let text = format!("{}\n{}", first.join("\n"), second.join("\n"));
    assert!(
        !text.contains("Relegated") && !text.contains("Promoted"),
        "{text}"
    );
    assert!(text.contains("nobody goes down"), "{text}");
    let honours_view = crate::views::honours(&comp).unwrap();
    assert!(
        honours_view
            .iter()
            .any(|l| l.starts_with(&last.to_string()) && l.trim_end().ends_with('-')),
        "{honours_view:?}"
    );
    // The year before still moved counties.
    let before = crate::views::table(&comp, Some(last - 1), Class::First).unwrap();
    assert!(before.iter().any(|l| l.contains("Relegated")));
    // The export names the places every season, as its format says, and says which seasons
    // moved counties: counted by `moves`, it agrees with the all-time counts.
    let export: serde_json::Value =
        serde_json::from_str(&crate::league::export::export_json(&comp)).unwrap();
    let rows = export["seasons"].as_array().unwrap();
    assert!(rows.iter().all(|s| s["relegated"].is_string()));
    let moved = rows.iter().filter(|s| s["moves"] == true).count() as u32;
    assert_eq!(moved, relegated);
    assert_eq!(rows.last().unwrap()["moves"], false);
}

#[test]
fn a_table_without_the_users_county_explains_no_asterisk() {
    let comp = tiny(9, Some(0));
    let class = comp.current().unwrap().class_of(0);
    let own = crate::views::table(&comp, None, class).unwrap();
    let other = crate::views::table(&comp, None, class.other()).unwrap();
    assert!(own.iter().any(|l| l.starts_with("* your county")));
    assert!(
        !other.iter().any(|l| l.contains("your county")),
        "{other:?}"
    );
    let averages = crate::views::averages(&comp, None, class.other()).unwrap();
    assert!(!averages.iter().any(|l| l.contains("your county")));
}
