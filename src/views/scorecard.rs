//! A kept match's scorecard as a view (`accc show NAME scorecard`): each innings' batsmen
//! (runs, balls, how out), extras, total, fall of wickets with the partnership for each wicket
//! and the unbroken one at the end, then the result. The text is the printed scorecard
//! ([`crate::scorecard`]) under a line that names the match; JSON and CSV carry the same
//! figures as rows.

use serde::Serialize;

use super::output::View;
use crate::history::KeptMatch;

/// The scorecard of one kept match.
#[derive(Clone, Debug, Serialize)]
pub struct ScorecardView {
    pub year: u16,
    pub class: crate::counties::Class,
    pub round: u8,
    pub home: String,
    pub away: String,
    pub seed: u64,
    /// The toss: its winner and what they chose.
    pub toss: String,
    /// The result in words (`Surrey won by 7 wickets`).
    pub result: String,
    /// Points, home then away.
    pub points: [u8; 2],
    /// Whether the person played it (none: nobody can tell, in an old file).
    pub by_person: Option<bool>,
    pub rows: Vec<ScorecardRow>,
    #[serde(skip)]
    text: Vec<String>,
}

/// One line of a scorecard: `kind` says which fields it fills. `batsman`: `no`, `how_out`,
/// `runs`, `balls`; `extras`: `runs` and `detail` (by kind); `total`: `runs`, `wickets`,
/// `balls`, `detail` (`all out`, `declared` or empty); `fall`: `wicket`, `score`, `no` (the
/// batsman out), `partnership`; `unbroken`: the partnership at the innings' end, `wicket`
/// being the wicket it was for.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ScorecardRow {
    /// 1..=4, in the order played.
    pub innings: u8,
    pub batting: String,
    pub kind: String,
    pub no: Option<u8>,
    pub how_out: String,
    pub runs: Option<u16>,
    pub balls: Option<u16>,
    pub wickets: Option<u8>,
    pub wicket: Option<u8>,
    pub score: Option<u16>,
    pub partnership: Option<u16>,
    pub detail: String,
}

/// The scorecard view of `m`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "an innings' number, 1 to 4: it fits a byte"
)]
pub fn scorecard_view(m: &KeptMatch) -> ScorecardView {
    let p = m.state.public();
    let names = m.names();
    let name = |s: crate::engine::Side| names[s.index()].to_string();
    let mut rows = Vec::new();
    for (i, inn) in p.started().iter().enumerate() {
        let base = ScorecardRow {
            innings: i as u8 + 1,
            batting: name(inn.batting),
            ..ScorecardRow::default()
        };
        innings_rows(&p.options, inn, &base, &mut rows);
    }
    let result = p
        .result
        .as_ref()
        .map(|r| r.describe(name))
        .unwrap_or_default();
    let toss = p
        .toss_winner
        .map(|w| {
            let elected = if w == p.first_bat { "bat" } else { "bowl" };
            format!("{} won and elected to {elected}", name(w))
        })
        .unwrap_or_default();
    let mut text = vec![format!(
        "{} {} class, round {} (seed {})",
        m.id.year,
        m.id.class.name(),
        m.id.round,
        m.fixture.seed
    )];
    text.push(String::new());
    text.extend(m.scorecard_text().lines().map(String::from));
    ScorecardView {
        year: m.id.year,
        class: m.id.class,
        round: m.id.round,
        home: names[0].to_string(),
        away: names[1].to_string(),
        seed: m.fixture.seed,
        toss,
        result,
        points: m.summary.points,
        by_person: m.by_person,
        rows,
        text,
    }
}

/// One innings' rows, each a copy of `base` (its number and batting side): the batsmen, the
/// extras, the total, the falls of wicket and the unbroken partnership.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a place in the order (1 to 11) and a wicket (1 to 10) fit a byte"
)]
fn innings_rows(
    options: &crate::engine::MatchOptions,
    inn: &crate::engine::InningsScore,
    base: &ScorecardRow,
    rows: &mut Vec<ScorecardRow>,
) {
    let all_out = options.all_out();
    for (n, b) in inn
        .batsmen
        .iter()
        .enumerate()
        .take(options.batsmen as usize)
    {
        rows.push(ScorecardRow {
            kind: "batsman".into(),
            no: Some(n as u8 + 1),
            how_out: match (b.out, b.batted) {
                (Some(d), _) => d.name().to_string(),
                (None, true) => "not out".to_string(),
                (None, false) => "did not bat".to_string(),
            },
            runs: b.batted.then_some(b.runs),
            balls: b.batted.then_some(b.balls),
            ..base.clone()
        });
    }
    let kinds = crate::scorecard::extras_told(options, inn);
    rows.push(ScorecardRow {
        kind: "extras".into(),
        runs: Some(inn.extras()),
        detail: kinds.join(", "),
        ..base.clone()
    });
    let declared = inn
        .end
        .is_some_and(|e| e.by_declaration(inn.wickets, all_out));
    rows.push(ScorecardRow {
        kind: "total".into(),
        runs: Some(inn.total),
        wickets: Some(inn.wickets),
        balls: Some(inn.balls),
        detail: if inn.wickets == all_out {
            "all out".into()
        } else if declared {
            "declared".into()
        } else {
            String::new()
        },
        ..base.clone()
    });
    for (w, f) in inn.falls().iter().enumerate() {
        rows.push(ScorecardRow {
            kind: "fall".into(),
            wicket: Some(w as u8 + 1),
            score: Some(f.score),
            no: Some(f.batsman),
            partnership: Some(f.partnership),
            ..base.clone()
        });
    }
    if inn.wickets < all_out {
        rows.push(ScorecardRow {
            kind: "unbroken".into(),
            wicket: Some(inn.wickets + 1),
            score: Some(inn.total),
            partnership: Some(inn.partnership()),
            ..base.clone()
        });
    }
}

impl View for ScorecardView {
    type Row = ScorecardRow;

    fn rows(&self) -> &[ScorecardRow] {
        &self.rows
    }

    fn lines(&self) -> Vec<String> {
        self.text.clone()
    }
}
