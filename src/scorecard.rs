//! The printed scorecard of a finished (or unfinished) match: each innings with its batsmen,
//! extras by kind, total and overs, and fall of wickets with partnerships; then the result.

use std::fmt::Write;

use crate::engine::{InningsScore, MatchOptions, PublicState, Side};

/// The names of the two sides, home first.
pub struct Names<'a> {
    pub home: &'a str,
    pub away: &'a str,
}

impl Names<'_> {
    pub fn of(&self, side: Side) -> &str {
        match side {
            Side::Home => self.home,
            Side::Away => self.away,
        }
    }
}

const ORDINALS: [&str; 2] = ["1st", "2nd"];

/// The whole scorecard as text.
pub fn scorecard(p: &PublicState, names: &Names<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} v {}", names.home, names.away);
    if let Some(w) = p.toss_winner {
        let elected = if w == p.first_bat { "bat" } else { "bowl" };
        let _ = writeln!(out, "Toss: {} won and elected to {elected}", names.of(w));
    }
    for (i, inn) in p.started().iter().enumerate() {
        let _ = writeln!(out);
        let nth = p.started()[..i]
            .iter()
            .filter(|x| x.batting == inn.batting)
            .count();
        innings(&mut out, nth, inn, p, names);
    }
    let _ = writeln!(out);
    match &p.result {
        Some(r) => {
            let _ = writeln!(out, "{}", r.describe(|s| names.of(s).to_string()));
            let _ = writeln!(
                out,
                "Points: {} {}, {} {}",
                names.home, r.points[0], names.away, r.points[1]
            );
        }
        None => {
            let _ = writeln!(out, "Match in progress");
        }
    }
    out
}

/// The innings' extras of each kind whose rule is in effect, as "no-balls 3": none at all when
/// every rule is off. The printed scorecard and the scorecard view tell them alike.
pub fn extras_told(o: &MatchOptions, inn: &InningsScore) -> Vec<String> {
    [
        (o.no_balls, "no-balls", inn.no_balls),
        (o.wides, "wides", inn.wides),
        (o.byes, "byes", inn.byes),
    ]
    .iter()
    .filter(|k| k.0)
    .map(|(_, what, n)| format!("{what} {n}"))
    .collect()
}

fn innings(out: &mut String, nth: usize, inn: &InningsScore, p: &PublicState, names: &Names<'_>) {
    let all_out = p.options.all_out();
    let _ = writeln!(out, "{} {} innings", names.of(inn.batting), ORDINALS[nth]);
    for (n, b) in inn
        .batsmen
        .iter()
        .enumerate()
        .take(p.options.batsmen as usize)
    {
        let how = match (b.out, b.batted) {
            (Some(d), _) => d.name().to_string(),
            (None, true) => "not out".to_string(),
            (None, false) => "did not bat".to_string(),
        };
        let runs = if b.batted {
            format!(
                "{:>4} ({} ball{})",
                b.runs,
                b.balls,
                if b.balls == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{}",
            format!("  {:>2}  {:<12}{}", n + 1, how, runs).trim_end()
        );
    }
    let kinds = extras_told(&p.options, inn);
    if !kinds.is_empty() {
        let _ = writeln!(
            out,
            "      Extras      {:>4} ({})",
            inn.extras(),
            kinds.join(", ")
        );
    }
    let wkts = match inn.wickets {
        w if w == all_out => "all out".to_string(),
        1 => "1 wkt".to_string(),
        w => format!("{w} wkts"),
    };
    let declared = if inn
        .end
        .is_some_and(|e| e.by_declaration(inn.wickets, all_out))
    {
        ", declared"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "      Total       {:>4} ({wkts}{declared}, {} overs)",
        inn.total,
        inn.overs()
    );
    let stand = stand_at_the_end(inn, all_out);
    if inn.wickets > 0 || stand.is_some() {
        let mut falls: Vec<String> = inn
            .falls()
            .iter()
            .enumerate()
            .map(|(w, f)| {
                format!(
                    "{}-{} (no. {}, p'ship {})",
                    w + 1,
                    f.score,
                    f.batsman,
                    f.partnership
                )
            })
            .collect();
        if falls.is_empty() {
            falls.push("none".into());
        }
        if let Some(stand) = stand {
            // The last piece, after a semicolon: it is no wicket.
            let last = falls.pop().unwrap_or_default();
            falls.push(format!("{last}; {stand}"));
        }
        // Wrapped to the 78 columns of the other views, a wicket never split over two lines.
        let mut line = String::from("      Fall of wickets:");
        for (i, fall) in falls.iter().enumerate() {
            let piece = if i + 1 < falls.len() {
                format!("{fall},")
            } else {
                fall.clone()
            };
            if line.len() + 1 + piece.len() > 78 {
                let _ = writeln!(out, "{line}");
                line = String::from("        ");
            } else {
                line.push(' ');
            }
            line.push_str(&piece);
        }
        let _ = writeln!(out, "{line}");
    }
}

/// The partnership standing when the innings ended (`unbroken p'ship 367`), or at this ball
/// of an innings under way (`p'ship 12 so far`): none once all are out, or before a ball.
fn stand_at_the_end(inn: &InningsScore, all_out: u8) -> Option<String> {
    if inn.wickets == all_out || inn.balls == 0 {
        return None;
    }
    let runs = inn.partnership();
    Some(if inn.end.is_some() {
        format!("unbroken p'ship {runs}")
    } else {
        format!("p'ship {runs} so far")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MatchOptions;

    fn card_with(options: MatchOptions) -> String {
        let mut p = crate::engine::MatchState::new(options).public().clone();
        p.innings_started = 1;
        let names = Names {
            home: "Kent",
            away: "Surrey",
        };
        scorecard(&p, &names)
    }

    /// An innings of 418 for 2 (wickets at 15 and 51), ended by `end`, and the card's fall
    /// of wickets line(s).
    fn falls_of(end: Option<crate::engine::InningsEnd>, wickets: u8) -> String {
        let mut p = crate::engine::MatchState::new(MatchOptions::default())
            .public()
            .clone();
        p.innings_started = 1;
        let inn = &mut p.innings[0];
        inn.total = 418;
        inn.balls = 600;
        inn.wickets = wickets;
        for (w, (score, partnership)) in [(15, 15), (51, 36)].into_iter().enumerate() {
            inn.fall[w].score = score;
            inn.fall[w].batsman = u8::try_from(w).unwrap() + 1;
            inn.fall[w].partnership = partnership;
        }
        inn.end = end;
        let names = Names {
            home: "Sussex",
            away: "Hants",
        };
        let card = scorecard(&p, &names);
        card.lines()
            .skip_while(|l| !l.contains("Fall of wickets"))
            .take_while(|l| l.starts_with("      "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_partnership_standing_at_the_end_is_on_the_card() {
        use crate::engine::InningsEnd;
        assert_eq!(
            falls_of(Some(InningsEnd::Time), 2),
            "      Fall of wickets: 1-15 (no. 1, p'ship 15),\n        2-51 (no. 2, p'ship 36); unbroken p'ship 367"
        );
        assert!(falls_of(None, 2).ends_with("2-51 (no. 2, p'ship 36); p'ship 367 so far"));
        assert_eq!(
            falls_of(Some(InningsEnd::Declared), 0),
            "      Fall of wickets: none; unbroken p'ship 418"
        );
    }

    #[test]
    fn extras_are_listed_only_for_the_rules_in_effect() {
        let all = card_with(MatchOptions::default());
        assert!(all.contains("(no-balls 0, wides 0, byes 0)"), "{all}");
        let none = card_with(MatchOptions {
            no_balls: false,
            wides: false,
            byes: false,
            ..MatchOptions::default()
        });
        assert!(!none.contains("Extras"), "{none}");
        let byes = card_with(MatchOptions {
            no_balls: false,
            wides: false,
            ..MatchOptions::default()
        });
        assert!(
            byes.contains("(byes 0)") && !byes.contains("wides"),
            "{byes}"
        );
    }
}
