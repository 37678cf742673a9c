//! Undaunted's reinforcing (VERSTÄRKEN: which supply pile the AI takes its cards from), the
//! unit LEITEN moves, the order ANSPORNEN brings units back in, and which squad leader plays
//! first when the AI holds two.

use serde_json::json;

use super::super::fields;
use super::super::walk::{Ctx, Flow, Outcome};

/// A supply pile: its unit kind (index in [`KINDS`]), its team, its cards and whether a unit
/// counter lies on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pile {
    pub kind: usize,
    pub team: Option<char>,
    pub cards: i64,
    pub counter: bool,
}

/// The unit kinds in the source's priority for piles with a counter on them: rifleman,
/// sniper, machine gunner, mortar, scout (German, English).
pub const KINDS: &[(&str, &str)] = &[
    ("Schütze", "rifleman"),
    ("Scharfschütze", "sniper"),
    ("MG-Schütze", "mg"),
    ("Granatwerfer", "mortar"),
    ("Späher", "scout"),
];

impl Pile {
    /// "Schütze A" / "rifleman A".
    pub fn name(&self) -> String {
        match self.team {
            Some(t) => format!("{} {t}", KINDS[self.kind].0),
            None => KINDS[self.kind].0.to_string(),
        }
    }
}

fn kind_of(word: &str) -> Option<usize> {
    let w = word.trim().to_lowercase();
    let w = match w.as_str() {
        "machine gunner" | "machine gun" | "mg-schütze" | "mg-schuetze" => "mg",
        "schuetze" => "schütze",
        "scharfschuetze" => "scharfschütze",
        "spaeher" => "späher",
        other => other,
    };
    KINDS
        .iter()
        .position(|(de, en)| de.to_lowercase() == w || *en == w)
}

/// Parses "rifleman A: 5 counter; rifleman B: 5 counter; sniper: 3 counter; scout B: 2".
pub fn parse_piles(text: &str) -> Result<Vec<Pile>, String> {
    let mut piles = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, rest) = part
            .split_once(':')
            .ok_or_else(|| format!("'{part}' should be UNIT [TEAM]: CARDS [counter]"))?;
        let name = name.trim();
        let (kind_word, team) = match name.rsplit_once(' ') {
            Some((k, t)) if t.len() == 1 && "ABCabc".contains(t) => {
                (k, t.chars().next().map(|c| c.to_ascii_uppercase()))
            }
            _ => (name, None),
        };
        let kind = kind_of(kind_word).ok_or_else(|| {
            format!("unknown unit '{kind_word}': use rifleman, sniper, mg, mortar or scout")
        })?;
        let mut words = rest.split_whitespace();
        let cards: i64 = words
            .next()
            .and_then(|n| n.parse().ok())
            .filter(|n| (0..=20).contains(n))
            .ok_or_else(|| format!("'{part}': give the pile's cards as a number from 0 to 20"))?;
        let counter = match words.next() {
            None => false,
            Some(w) if w.eq_ignore_ascii_case("counter") || w.eq_ignore_ascii_case("marker") => {
                true
            }
            Some(w) => return Err(format!("'{part}': '{w}' should be 'counter' or nothing")),
        };
        if words.next().is_some() {
            return Err(format!("'{part}': too many words"));
        }
        if piles
            .iter()
            .any(|p: &Pile| p.kind == kind && p.team == team)
        {
            return Err(format!("the pile '{name}' is named twice"));
        }
        piles.push(Pile {
            kind,
            team,
            cards,
            counter,
        });
    }
    if piles.is_empty() {
        return Err("no piles given".into());
    }
    Ok(piles)
}

/// The order the AI takes piles in: first those with a unit counter on them, by kind
/// (rifleman, sniper, machine gunner, mortar, scout), then the others; within each, the pile
/// with most cards, then team A, B, C.
pub fn pile_order(piles: &[Pile]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..piles.len()).filter(|&i| piles[i].cards > 0).collect();
    order.sort_by_key(|&i| {
        let p = &piles[i];
        (
            !p.counter,
            if p.counter { p.kind } else { 0 },
            -p.cards,
            p.team.unwrap_or('A'),
        )
    });
    order
}

/// Which piles `n` reinforcements come from: all from one pile where one can give them all
/// (the first such in [`pile_order`]), else as many as each gives in that order.
pub fn take(piles: &[Pile], n: i64) -> Vec<(usize, i64)> {
    let order = pile_order(piles);
    if let Some(&i) = order.iter().find(|&&i| piles[i].cards >= n) {
        return vec![(i, n)];
    }
    let mut left = n;
    let mut taken = Vec::new();
    for i in order {
        if left == 0 {
            break;
        }
        let k = left.min(piles[i].cards);
        taken.push((i, k));
        left -= k;
    }
    taken
}

pub(super) fn reinforce(ctx: &mut Ctx) -> Flow<Outcome> {
    let text = ctx.text(
        "piles",
        "The AI's supply piles: 'rifleman A: 5 counter; sniper: 3 counter; scout B: 2' (counter: a unit counter lies on it)",
        "UNIT [TEAM]: CARDS [counter]; ... (units: rifleman, sniper, mg, mortar, scout)",
    )?;
    let piles = parse_piles(&text).map_err(|e| ctx.invalid("piles", e))?;
    let n = ctx.number(
        "count",
        "How many cards does the VERSTÄRKEN action take?",
        1,
        20,
    )?;
    for &i in &pile_order(&piles) {
        let p = &piles[i];
        ctx.fact(
            p.name(),
            format!(
                "{} cards{}",
                p.cards,
                if p.counter {
                    ", a unit counter on it"
                } else {
                    ""
                }
            ),
        );
    }
    ctx.note("piles with a unit counter first (rifleman, sniper, MG, mortar, scout), then the one with most cards, team A before B before C; all the cards from one pile where one pile has them all");
    let taken = take(&piles, n);
    let got: i64 = taken.iter().map(|(_, k)| k).sum();
    let parts: Vec<String> = taken
        .iter()
        .map(|&(i, k)| format!("{k} from {}", piles[i].name()))
        .collect();
    if got < n {
        ctx.note(format!("the supply holds only {got} of the {n} cards"));
    }
    let result = if parts.is_empty() {
        "the supply is empty: nothing to take".to_string()
    } else {
        format!("take {}", parts.join(", then "))
    };
    ctx.done(
        result,
        fields([
            (
                "taken",
                json!(taken
                    .iter()
                    .map(|&(i, k)| json!({"pile": piles[i].name(), "cards": k}))
                    .collect::<Vec<_>>()),
            ),
            ("cards", json!(got)),
        ]),
    )
}

/// The source's order for bringing units back with ANSPORNEN: while not enough objective tiles
/// are scouted to win, scout, rifleman, machine gunner, the others; after, sniper, machine
/// gunner, rifleman, scout, the others.
pub(super) fn inspire_order(ctx: &mut Ctx) -> Flow<Outcome> {
    let scouted = ctx.yes_no(
        "scouted-enough",
        "Has the AI scouted enough objective tiles (ZIELMARKER) to win?",
    )?;
    let order: &[&str] = if scouted {
        &[
            "Scharfschütze",
            "MG-Schütze",
            "Schütze",
            "Späher",
            "the others",
        ]
    } else {
        &["Späher", "Schütze", "MG-Schütze", "the others"]
    };
    ctx.fact(
        "objectives scouted to win",
        if scouted { "yes" } else { "no" },
    );
    ctx.done(
        format!("ANSPORNEN brings back, in order: {}", order.join(", ")),
        fields([("order", json!(order))]),
    )
}

/// With two squad leaders in the AI's hand, the one whose team has most cards in the supply
/// plays first and reinforces; then the other.
pub(super) fn two_leaders(ctx: &mut Ctx) -> Flow<Outcome> {
    let pair = ctx.choice(
        "leaders",
        "Which teams' squad leaders (GRUPPENFÜHRER) does the AI hold?",
        &[
            ("a-b", "teams A and B"),
            ("a-c", "teams A and C"),
            ("b-c", "teams B and C"),
        ],
    )?;
    let mut teams = Vec::new();
    for team in pair.split('-') {
        let id = format!("supply-{team}");
        let upper = team.to_ascii_uppercase();
        let n = ctx.number(
            &id,
            format!("Cards of team {upper} in the AI's supply?"),
            0,
            40,
        )?;
        teams.push((upper, n));
    }
    let (first, second) = if teams[1].1 > teams[0].1 {
        (&teams[1], &teams[0])
    } else {
        (&teams[0], &teams[1])
    };
    if teams[0].1 == teams[1].1 {
        ctx.note("a tie on cards: the earlier team first (A, B, C), as in the card order");
    }
    ctx.done(
        format!(
            "play team {}'s squad leader first and reinforce (VERSTÄRKEN); then team {}'s",
            first.0, second.0
        ),
        fields([("first", json!(first.0)), ("second", json!(second.0))]),
    )
}

/// Picks one of `n` tied choices with a d10: the faces are shared out evenly (1..k to the
/// first, and so on) and a face left over is rolled again; returns the 1-based choice.
pub(super) fn d10_pick(ctx: &mut Ctx, n: i64, what: &str) -> Flow<i64> {
    let per = 10 / n;
    let used = per * n;
    ctx.note(format!(
        "{n} {what} share the W10: {per} faces each{}",
        match used {
            10 => String::new(),
            9 => ", 10 rolled again".to_string(),
            _ => format!(", {}-10 rolled again", used + 1),
        }
    ));
    for attempt in 1..=super::MAX_ROLLS {
        let id = if attempt == 1 {
            "d10".to_string()
        } else {
            format!("d10#{attempt}")
        };
        let r = ctx.die(&id, "W10 (d10)", 1, 10)?;
        if r <= used {
            return Ok((r - 1) / per + 1);
        }
        ctx.roll_again(format!("{r} is left over: roll again"));
    }
    ctx.note("no usable roll: the first is taken");
    Ok(1)
}

/// Movement's last tie-break: among tiles still tied after every rule, the W10 picks one.
pub(super) fn move_tie(ctx: &mut Ctx) -> Flow<Outcome> {
    let n = ctx.number(
        "tied",
        "How many tiles are still tied for the move (number them 1, 2, ... in any fixed order)?",
        2,
        10,
    )?;
    let pick = d10_pick(ctx, n, "tied tiles")?;
    ctx.done(
        format!("move to tile {pick} of the {n}"),
        fields([("tied", json!(n)), ("tile", json!(pick))]),
    )
}

/// LEITEN: which unit moves - the first kind in the source's list that any unit fits, one of
/// several picked at random (the W10, faces shared out evenly).
pub(super) fn lead(ctx: &mut Ctx) -> Flow<Outcome> {
    const KINDS: &[(&str, &str)] = &[
        (
            "rifleman-objective",
            "a rifleman that could move onto a tile with an objective marker (ZIELMARKER)",
        ),
        (
            "on-targeted",
            "a unit on a tile with a targeting marker (ANVISIERMARKER)",
        ),
        (
            "mg-sniper-cover",
            "a machine gunner or sniper that could move to a tile with a higher defence",
        ),
    ];
    let mut chosen = None;
    for (id, what) in KINDS {
        if ctx.yes_no(id, format!("Is there {what}?"))? {
            chosen = Some((id, *what));
            break;
        }
    }
    let what = match chosen {
        Some((_, what)) => what,
        None => {
            ctx.note("none of the listed units: any unit, at random");
            "any unit of the AI"
        }
    };
    let n = ctx.number(
        "units",
        format!("How many units are {what} (number them 1, 2, ... in any fixed order)?"),
        1,
        10,
    )?;
    let pick = if n == 1 {
        1
    } else {
        d10_pick(ctx, n, "units")?
    };
    ctx.done(
        format!("LEITEN moves unit {pick} of the {n}: {what}"),
        fields([
            ("kind", json!(chosen.map(|c| *c.0).unwrap_or("any"))),
            ("units", json!(n)),
            ("unit", json!(pick)),
        ]),
    )
}
