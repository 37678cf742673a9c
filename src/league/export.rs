//! `accc export`: the whole competition as one JSON document (format 1), described field by
//! field in docs/FORMATS.md ("The export of a competition"), beside the save and the journal.

use serde::Serialize;

use crate::counties::{self, CountyId};
use crate::engine::Side;

use super::competition::Competition;
use super::season::{ClassSeason, Season};
use super::standings::{prize, SeasonRow};
use super::summary::Figures;
use super::summary::{InningsSummary, MatchSummary};
use super::{CLASSES, FIRST_YEAR, LAST_YEAR};

/// The export format this program writes.
pub const FORMAT: u32 = 1;

#[derive(Serialize)]
pub struct Export {
    format: u32,
    name: String,
    first_year: u16,
    last_year: u16,
    seed: u64,
    options: Options,
    user_county: Option<&'static str>,
    seasons: Vec<SeasonOut>,
    current: Option<SeasonOut>,
}

#[derive(Serialize)]
struct Options {
    no_balls: bool,
    wides: bool,
    byes: bool,
    batsmen: u8,
    packs_per_session: u8,
    days: u8,
    bat_level: u8,
    bowl_level: u8,
}

#[derive(Serialize)]
struct SeasonOut {
    year: u16,
    first_class: ClassOut,
    second_class: ClassOut,
    champion: Option<&'static str>,
    relegated: Option<&'static str>,
    promoted: Option<&'static str>,
    wooden_spoon: Option<&'static str>,
    /// Whether the relegated and promoted counties change class for the next season: not
    /// after the last season (`last_year`), where they name the places alone.
    moves: bool,
}

#[derive(Serialize)]
struct ClassOut {
    table: Vec<Row>,
    matches: Vec<MatchOut>,
}

#[derive(Serialize)]
struct Row {
    county: &'static str,
    played: u32,
    won: u32,
    lost: u32,
    drawn: u32,
    tied: u32,
    points: u32,
    quotient: Option<f64>,
    bat: FiguresOut,
    bowl: FiguresOut,
    prize: u32,
}

#[derive(Serialize)]
struct FiguresOut {
    runs: u32,
    wickets: u32,
    balls: u32,
}

#[derive(Serialize)]
struct MatchOut {
    round: u8,
    home: &'static str,
    away: &'static str,
    outcome: &'static str,
    winner: Option<&'static str>,
    margin: Option<String>,
    points: SidePoints,
    innings: Vec<InningsOut>,
    seed: u64,
    /// The person played one side: the seed then replays only the match's chance events (the
    /// deal, the packs), with the computer in the person's place, not the match itself. Null
    /// when nobody can tell (see [`Competition::unknown_matches`]).
    user_played: Option<bool>,
}

#[derive(Serialize)]
struct SidePoints {
    home: u8,
    away: u8,
}

#[derive(Serialize)]
struct InningsOut {
    batting: &'static str,
    total: u16,
    wickets: u8,
    balls: u16,
    end: &'static str,
}

fn name(c: CountyId) -> &'static str {
    &counties::get(c).name
}

/// The export of `comp`. `current` is the season under way, or null when none of its matches
/// has been played yet (or the competition is over).
pub fn export(comp: &Competition) -> Export {
    let s = comp.settings();
    let o = s.options;
    Export {
        format: FORMAT,
        name: comp.name().to_string(),
        first_year: FIRST_YEAR,
        last_year: LAST_YEAR,
        seed: s.seed,
        options: Options {
            no_balls: o.no_balls,
            wides: o.wides,
            byes: o.byes,
            batsmen: o.batsmen,
            packs_per_session: o.packs_per_session,
            days: o.days,
            bat_level: s.levels.bat,
            bowl_level: s.levels.bowl,
        },
        user_county: s.user_county.map(name),
        seasons: comp.seasons().iter().map(|s| season(comp, s)).collect(),
        current: comp
            .current()
            .filter(|c| c.matches_played() > 0)
            .map(|s| season(comp, s)),
    }
}

/// The export as JSON text (one line).
pub fn export_json(comp: &Competition) -> String {
    serde_json::to_string(&export(comp)).expect("the export serialises")
}

fn season(comp: &Competition, s: &Season) -> SeasonOut {
    let [first_class, second_class] =
        CLASSES.map(|c| class(comp, s.year, s.class(c), s.is_complete()));
    let summary = s.is_complete().then(|| s.summary());
    let pick = |f: fn(&super::SeasonSummary) -> CountyId| summary.as_ref().map(|x| name(f(x)));
    SeasonOut {
        year: s.year,
        first_class,
        second_class,
        champion: pick(|x| x.champion),
        relegated: pick(|x| x.relegated),
        promoted: pick(|x| x.promoted),
        wooden_spoon: pick(|x| x.wooden_spoon),
        moves: s.is_complete() && s.year < LAST_YEAR,
    }
}

fn class(comp: &Competition, year: u16, cs: &ClassSeason, complete: bool) -> ClassOut {
    let table = cs.table();
    let rows = table
        .iter()
        .enumerate()
        .map(|(i, r)| row(r, if complete { prize(cs.class, i + 1) } else { 0 }))
        .collect();
    ClassOut {
        table: rows,
        matches: cs
            .matches()
            .iter()
            .map(|m| match_out(m, comp.played_by_person(year, m.home, m.away)))
            .collect(),
    }
}

fn figures(f: Figures) -> FiguresOut {
    FiguresOut {
        runs: f.runs,
        wickets: f.wickets,
        balls: f.balls,
    }
}

fn row(r: &SeasonRow, prize: u32) -> Row {
    Row {
        county: name(r.county),
        played: r.played,
        won: r.won,
        lost: r.lost,
        drawn: r.drawn,
        tied: r.tied,
        points: r.points,
        quotient: r.quotient().map(|q| q.value()),
        bat: figures(r.bat),
        bowl: figures(r.bowl),
        prize,
    }
}

fn match_out(m: &MatchSummary, user_played: Option<bool>) -> MatchOut {
    MatchOut {
        round: m.round,
        home: name(m.home),
        away: name(m.away),
        outcome: m.outcome.name(),
        winner: m.winner.map(|w| name(m.county(w))),
        margin: m.margin.map(|x| x.text()),
        points: SidePoints {
            home: m.points[Side::Home.index()],
            away: m.points[Side::Away.index()],
        },
        innings: m.innings().iter().map(innings).collect(),
        seed: m.seed,
        user_played,
    }
}

fn innings(i: &InningsSummary) -> InningsOut {
    InningsOut {
        batting: i.batting.name(),
        total: i.total,
        wickets: i.wickets,
        balls: i.balls,
        end: i.end.name(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::Value;

    use super::*;
    use crate::engine::MatchOptions;
    use crate::league::{Settings, MATCHES_PER_CLASS};
    use crate::play::Levels;

    fn n(v: &Value) -> u64 {
        v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
    }

    /// Every row of `class` agrees with the class's matches; the table is in order.
    fn check_class(class: &Value, first: bool, complete: bool) {
        let matches = class["matches"].as_array().unwrap();
        let table = class["table"].as_array().unwrap();
        assert_eq!(table.len(), 8);
        for m in matches {
            let (h, a) = (n(&m["points"]["home"]), n(&m["points"]["away"]));
            match m["outcome"].as_str().unwrap() {
                "win" => {
                    let home_won = m["winner"] == m["home"];
                    assert!(home_won || m["winner"] == m["away"]);
                    assert_eq!((h, a), if home_won { (4, 0) } else { (0, 4) });
                }
                "tie" => assert_eq!((h, a, m["winner"].is_null()), (2, 2, true)),
                "draw" => assert!(matches!((h, a), (1, 1) | (2, 1) | (1, 2)), "{m}"),
                o => panic!("outcome {o}"),
            }
        }
        for (place, row) in table.iter().enumerate() {
            let county = &row["county"];
            let mine: Vec<(&Value, &str)> = matches
                .iter()
                .filter_map(|m| {
                    if &m["home"] == county {
                        Some((m, "home"))
                    } else if &m["away"] == county {
                        Some((m, "away"))
                    } else {
                        None
                    }
                })
                .collect();
            let played = n(&row["played"]);
            assert_eq!(played, mine.len() as u64);
            assert_eq!(
                n(&row["won"]) + n(&row["lost"]) + n(&row["drawn"]) + n(&row["tied"]),
                played
            );
            let points: u64 = mine.iter().map(|(m, side)| n(&m["points"][side])).sum();
            assert_eq!(n(&row["points"]), points, "{county}");
            let won = mine.iter().filter(|(m, _)| &m["winner"] == county).count() as u64;
            assert_eq!(n(&row["won"]), won);
            for (figures, batting_self) in [("bat", true), ("bowl", false)] {
                for field in ["total", "wickets", "balls"] {
                    let sum: u64 = mine
                        .iter()
                        .flat_map(|(m, side)| {
                            m["innings"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(move |i| (i, side))
                        })
                        .filter(|(i, side)| (i["batting"] == **side) == batting_self)
                        .map(|(i, _)| n(&i[field]))
                        .sum();
                    let key = if field == "total" { "runs" } else { field };
                    assert_eq!(n(&row[figures][key]), sum, "{county} {figures} {key}");
                }
            }
            let expected_prize = if first && complete {
                [360, 150, 80, 45, 24, 10, 0, 0][place]
            } else {
                0
            };
            assert_eq!(n(&row["prize"]), expected_prize);
        }
        for pair in table.windows(2) {
            let (p, q) = (n(&pair[0]["points"]), n(&pair[1]["points"]));
            assert!(p >= q);
            if p == q {
                match (pair[0]["quotient"].as_f64(), pair[1]["quotient"].as_f64()) {
                    (Some(a), Some(b)) => assert!(a >= b - 1e-12),
                    (None, Some(_)) => panic!("an undefined quotient above a defined one"),
                    _ => {}
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

        #[test]
        fn export_numbers_add_up(seed in any::<u64>(), batsmen in 2u8..=4, no_balls: bool, wides: bool, byes: bool, extra in 0usize..30) {
            let options = MatchOptions { no_balls, wides, byes, batsmen, packs_per_session: 1, days: 1 };
            let settings = Settings { options, levels: Levels::default(), user_county: None, seed };
            let mut comp = Competition::create("PROP", settings).unwrap();
            comp.sim_rest_of_season();
            for _ in 0..extra {
                let f = crate::league::CLASSES.iter().find_map(|&c| comp.next_fixture(c)).unwrap();
                comp.play_fixture_by_computer(f).unwrap();
            }
            let v: Value = serde_json::from_str(&export_json(&comp)).unwrap();
            prop_assert_eq!(n(&v["format"]), 1);
            let seasons = v["seasons"].as_array().unwrap();
            prop_assert_eq!(seasons.len(), 1);
            let s = &seasons[0];
            for (key, first) in [("first_class", true), ("second_class", false)] {
                prop_assert_eq!(s[key]["matches"].as_array().unwrap().len(), MATCHES_PER_CLASS);
                check_class(&s[key], first, true);
            }
            prop_assert_eq!(&s["champion"], &s["first_class"]["table"][0]["county"]);
            prop_assert_eq!(&s["relegated"], &s["first_class"]["table"][7]["county"]);
            prop_assert_eq!(&s["promoted"], &s["second_class"]["table"][0]["county"]);
            prop_assert_eq!(&s["wooden_spoon"], &s["second_class"]["table"][7]["county"]);
            if extra == 0 {
                prop_assert!(v["current"].is_null());
            } else {
                let c = &v["current"];
                let played = c["first_class"]["matches"].as_array().unwrap().len() + c["second_class"]["matches"].as_array().unwrap().len();
                prop_assert_eq!(played, extra);
                check_class(&c["first_class"], true, false);
                check_class(&c["second_class"], false, false);
                prop_assert!(c["champion"].is_null());
            }
        }
    }
}
