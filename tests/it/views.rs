//! Golden snapshots of every text view, over competitions in every state (nothing played, one
//! season, several seasons with one under way, a user's county or none): the lines `accc show`
//! prints and the terminal draws must not change when the views' code does.

use accc::counties::{self, Class};
use accc::engine::MatchOptions;
use accc::league::CLASSES;
use accc::league::{Competition, Settings};
use accc::play::Levels;
use accc::views;

/// A small competition: `seasons` completed, then `extra` matches of the next.
fn comp(seed: u64, user: Option<u8>, batsmen: u8, seasons: u32, extra: usize) -> Competition {
    let options = MatchOptions {
        batsmen,
        packs_per_session: 1,
        days: 1,
        ..Default::default()
    };
    let settings = Settings {
        options,
        levels: Levels { bat: 2, bowl: 2 },
        user_county: user,
        seed,
    };
    let mut c = Competition::create("GOLD", settings).unwrap();
    c.sim_seasons(seasons, |_| {});
    for _ in 0..extra {
        let f = CLASSES
            .iter()
            .find_map(|&cl| c.next_fixture(cl))
            .expect("a fixture is due");
        c.play_fixture_by_computer(f).unwrap();
    }
    c
}

fn show(out: &mut String, label: &str, r: accc::error::Result<Vec<String>>) {
    out.push_str(&format!("=== {label}\n"));
    match r {
        Ok(lines) => {
            for l in lines {
                out.push_str(&l);
                out.push('\n');
            }
        }
        Err(e) => out.push_str(&format!("error: {e}\n")),
    }
}

/// Every view of `c`: the season views for each year given (and the default), results and
/// records for every county.
fn every_view(c: &Competition, years: &[Option<u16>]) -> String {
    let mut out = String::new();
    for &year in years {
        for class in [Class::First, Class::Second] {
            let y = year.map_or("default".into(), |y| y.to_string());
            let cl = class.name();
            show(
                &mut out,
                &format!("table {y} {cl}"),
                views::table(c, year, class),
            );
            show(
                &mut out,
                &format!("averages {y} {cl}"),
                views::averages(c, year, class),
            );
        }
        for county in counties::ids() {
            show(
                &mut out,
                &format!("results {year:?} {county}"),
                views::results(c, year, county),
            );
        }
    }
    for county in counties::ids() {
        show(
            &mut out,
            &format!("records {county}"),
            views::records(c, county),
        );
    }
    show(&mut out, "honours", views::honours(c));
    show(&mut out, "positions", views::positions(c));
    for class in [Class::First, Class::Second] {
        show(
            &mut out,
            &format!("alltime {}", class.name()),
            views::alltime(c, class),
        );
        show(
            &mut out,
            &format!("alltime-averages {}", class.name()),
            views::alltime_averages(c, class),
        );
    }
    out
}

#[test]
fn views_of_a_competition_not_begun() {
    let c = comp(5, None, 3, 0, 0);
    insta::assert_snapshot!(
        "views_not_begun",
        every_view(&c, &[None, Some(1890), Some(1891)])
    );
}

#[test]
fn views_of_one_season_without_a_users_county() {
    let c = comp(6, None, 2, 1, 0);
    insta::assert_snapshot!("views_one_season", every_view(&c, &[None, Some(1890)]));
}

#[test]
fn views_of_three_seasons_and_one_under_way_with_a_users_county() {
    // Yorkshire (key Y) is the user's; five batsmen give four partnership wickets.
    let user = counties::find("Yorkshire").unwrap();
    let c = comp(11, Some(user), 5, 3, 37);
    insta::assert_snapshot!(
        "views_under_way",
        every_view(&c, &[None, Some(1890), Some(1893), Some(1894)])
    );
}
