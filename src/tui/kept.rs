//! Any played match of the history opened on screen: a list of matches to pick one from (a
//! county's season, from its results under `[5]` or a past season's under `[7]`; a whole
//! season, from its end), and the match reopened from its record ([`crate::history`]): its
//! scorecard, its overs ball by ball, its runs per over and, where the person played it, the
//! analyst's review of their decisions. `[Esc]` goes back to the screen the list or the match
//! was opened from, as it was left (the screen before is kept whole inside the one after).

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Sparkline;
use ratatui::Frame;

use super::app::{scrolled, upper, Screen};
use super::draw::{binned, text_rows, TEXT_ROWS, TEXT_WIDTH};
use super::file::Open;
use super::match_screen::put;
use super::style;
use crate::counties::{self, Class, CountyId};
use crate::engine::{BallRecord, Event, InningsEnd, MatchState, Recorder, Side};
use crate::history::{KeptMatch, Library, MatchId, NotKept};
use crate::league::competition::Competition;
use crate::league::summary::MatchSummary;
use crate::league::CLASSES;
use crate::save::record::{FixtureKey, MatchRecord};
use crate::views::View;

/// Rows of a match list shown at once (under its two heading lines).
pub const LIST_ROWS: usize = TEXT_ROWS - 2;

/// The most digits a round typed into a list may have.
const ROUND_DIGITS: usize = 2;

/// A list of played matches, one to be opened.
pub struct MatchList {
    pub title: String,
    pub rows: Vec<ListRow>,
    /// The row picked.
    pub cursor: usize,
    /// The first row shown.
    pub top: usize,
    /// A round number being typed (the cursor goes to that round's match).
    pub typed: String,
    /// What the last key said, until the next.
    pub note: Option<String>,
    /// The line over the list (none: the number of matches).
    pub head: Option<String>,
    /// The keys shown (none: those of a list of matches).
    pub keys: Option<&'static str>,
    /// The screen the list was opened from, as it was.
    pub back: Box<Screen>,
}

/// One line of a list: a match, or (with no match) a heading or a blank line between them,
/// which the mark passes over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListRow {
    pub id: Option<MatchId>,
    pub line: String,
}

/// The pages of a match reopened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Scorecard,
    Balls,
    Overs,
    Review,
}

impl Page {
    const ALL: [Page; 4] = [Page::Scorecard, Page::Balls, Page::Overs, Page::Review];

    fn index(self) -> usize {
        Page::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }
}

/// A match of the history on screen.
pub struct KeptScreen {
    pub id: MatchId,
    pub title: String,
    pub page: Page,
    /// Each page's scroll, so that going back to a page finds it as it was left.
    pub scroll: [usize; 4],
    pub body: Body,
    /// The screen the match was opened from, as it was.
    pub back: Box<Screen>,
}

/// What a match reopened shows.
pub enum Body {
    Opened(Box<Opened>),
    /// It cannot be reopened: said in sentences, under its result.
    Said {
        lines: Vec<String>,
        /// Why, in a few words over the keys: kept so (a file of an earlier format), or its
        /// record missing or damaged.
        why: &'static str,
    },
}

/// A match reopened: its pages.
pub struct Opened {
    /// The scorecard (`views::scorecard_view`, as `accc show NAME scorecard` prints it).
    pub scorecard: Vec<String>,
    /// Every innings over by over, each ball marked as the match screen marks it.
    pub balls: Vec<String>,
    /// (label, runs per over) for each innings.
    pub overs: Vec<(String, Vec<u16>)>,
    pub review: ReviewState,
}

/// The analyst's review of the person's decisions in a match they played.
pub enum ReviewState {
    /// The person did not play it (or nobody can tell, in an older file).
    None,
    /// To be worked out (a second or so) at the next tick once its page is shown.
    Waiting(Box<ToReview>),
    Ready(Vec<String>),
}

/// What a review is worked out from: the match, the person's side and, when it is the last
/// match they played, its record with every action (the review that followed the match).
pub struct ToReview {
    pub kept: KeptMatch,
    pub side: Side,
    pub record: Option<MatchRecord>,
}

/// A season's matches as list rows, in the order played (first class, then second; each by
/// round); of one county only if `county` is given.
pub fn season_rows(comp: &Competition, year: u16, county: Option<CountyId>) -> Vec<ListRow> {
    let Some(season) = comp.season(year) else {
        return Vec::new();
    };
    let all_out = comp.settings().options.all_out();
    let mut rows = Vec::new();
    for class in CLASSES {
        if county.is_some_and(|c| season.class_of(c) != class) {
            continue;
        }
        for (k, m) in season.class(class).matches().iter().enumerate() {
            if county.is_some_and(|c| m.home != c && m.away != c) {
                continue;
            }
            let id = MatchId::at(year, class, k);
            rows.push(ListRow {
                id: Some(id),
                line: row_line(m, class, all_out, county.is_none()),
            });
        }
    }
    rows
}

/// A match as a list shows it: its round (and class), both sides' innings, the result.
fn row_line(m: &MatchSummary, class: Class, all_out: u8, with_class: bool) -> String {
    let short = |c: CountyId| counties::get(c).short.clone();
    let scores = |s: Side| {
        m.innings_of(s)
            .map(|i| i.score_text(all_out))
            .collect::<Vec<_>>()
            .join(" & ")
    };
    let result = match m.winner {
        Some(w) => format!("{} won", short(m.county(w))),
        None if m.outcome == crate::engine::Outcome::Tie => "tied".to_string(),
        None => "drawn".to_string(),
    };
    let class = if with_class {
        match class {
            Class::First => "1st ",
            Class::Second => "2nd ",
        }
    } else {
        ""
    };
    format!(
        "{class}Rd {:>2}  {:<6} {:<16} {:<6} {:<16} {result}",
        m.round,
        short(m.home),
        scores(Side::Home),
        short(m.away),
        scores(Side::Away)
    )
}

impl MatchList {
    /// The list of `rows`, the cursor on row `cursor`, going back to `back`.
    pub fn new(title: String, rows: Vec<ListRow>, cursor: usize, back: Screen) -> MatchList {
        let cursor = cursor.min(rows.len().saturating_sub(1));
        let mut list = MatchList {
            title,
            rows,
            cursor,
            top: 0,
            typed: String::new(),
            note: None,
            head: None,
            keys: None,
            back: Box::new(back),
        };
        list.move_to(list.cursor, true);
        list.show_cursor();
        list
    }

    /// The first row with a match from `at` on (`down`) or back, else the other way; the
    /// cursor stays where it is when no row has one.
    fn move_to(&mut self, at: usize, down: bool) {
        let has = |i: &usize| self.rows.get(*i).is_some_and(|r| r.id.is_some());
        let after = || (at..self.rows.len()).find(has);
        let before = || {
            (0..=at.min(self.rows.len().saturating_sub(1)))
                .rev()
                .find(has)
        };
        let found = if down {
            after().or_else(before)
        } else {
            before().or_else(after)
        };
        if let Some(i) = found {
            self.cursor = i;
        }
    }

    /// Scrolls so that the cursor's row is shown.
    fn show_cursor(&mut self) {
        if self.cursor < self.top {
            self.top = self.cursor;
        } else if self.cursor >= self.top + LIST_ROWS {
            self.top = self.cursor + 1 - LIST_ROWS;
        }
    }

    /// Moves the cursor to the first match of round `round` in the class of the row it is
    /// on, and says whether there was one; says so if there is none.
    fn go_to_round(&mut self, round: u8) -> bool {
        let class = self
            .rows
            .get(self.cursor)
            .and_then(|r| r.id)
            .map(|id| id.class);
        let of_round = |r: &ListRow| r.id.filter(|id| id.round == round);
        let found = self
            .rows
            .iter()
            .position(|r| of_round(r).is_some_and(|id| Some(id.class) == class))
            .or_else(|| self.rows.iter().position(|r| of_round(r).is_some()));
        match found {
            Some(i) => {
                self.cursor = i;
                self.note = None;
            }
            None => {
                self.note = Some(format!(
                    "There is no played match of round {round} here: the rounds are 1 to {}.",
                    self.rows
                        .iter()
                        .filter_map(|r| r.id.map(|id| id.round))
                        .max()
                        .unwrap_or(1)
                ))
            }
        }
        self.show_cursor();
        found.is_some()
    }
}

impl Open {
    /// The library of the open file's matches, read again only once the file's archive
    /// holds more seasons than when it was last read.
    fn refresh_library(&mut self) {
        let through = self.keeper.archived_through();
        if self
            .library
            .as_ref()
            .is_none_or(|l| l.archived_through() != through)
        {
            self.library = Some(Library::of_keeper(&self.keeper));
        }
    }

    /// `[M]` on a county's results of `year`: the list of its matches played, to open one;
    /// `[Esc]` there comes back to `back`.
    pub(super) fn county_matches(&mut self, year: u16, county: CountyId, back: Screen) -> Screen {
        let rows = season_rows(&self.comp, year, Some(county));
        let title = format!("{}'s matches, {year}", counties::get(county).name);
        // The last match played first in view: the one most likely to be looked for.
        let cursor = rows.len().saturating_sub(1);
        Screen::Matches(Box::new(MatchList::new(title, rows, cursor, back)))
    }

    /// `[M]` at a season's end: every match of the season, the cursor on the first of the
    /// person's county's.
    pub(super) fn season_matches(&mut self, year: u16, back: Screen) -> Screen {
        let rows = season_rows(&self.comp, year, None);
        let user = self.user_county();
        let cursor = user
            .and_then(|c| {
                let comp = &self.comp;
                rows.iter().position(|r| {
                    r.id.is_some_and(|id| {
                        comp.season(year).is_some_and(|s| {
                            let m = s.class(id.class).scheduled(id.k());
                            m.home == c || m.away == c
                        })
                    })
                })
            })
            .unwrap_or(0);
        let title = format!("The matches of {year}");
        Screen::Matches(Box::new(MatchList::new(title, rows, cursor, back)))
    }

    /// The innings records ([`crate::views::innings_view`], as the league keeps them) of
    /// `county` (of all, if none) as a list: each record's line opens its match.
    pub(super) fn innings_records(&mut self, county: Option<CountyId>, back: Screen) -> Screen {
        let view = match crate::views::innings_view(&self.comp, county) {
            Ok(v) => v,
            Err(e) => return self.say(&e.to_string()),
        };
        let mut entries = view.entries().into_iter();
        let title = entries.next().map(|(l, _)| l).unwrap_or_default();
        let head = entries.next().map(|(l, _)| l);
        let rows: Vec<ListRow> = entries
            .map(|(line, at)| ListRow {
                id: at.map(|a| MatchId {
                    year: a.year,
                    class: a.class,
                    round: a.round,
                    index: a.index,
                }),
                line,
            })
            .collect();
        let mut list = MatchList::new(title, rows, 0, back);
        list.head = head;
        list.keys = Some("[Up]/[Down] choose a record  [Enter] open its match  [Esc] back");
        Screen::Matches(Box::new(list))
    }

    /// A key on a match list. A round typed is kept only while digits follow: `[Enter]` opens
    /// its match at once, `[Esc]` forgets it (staying on the list), and any other key forgets
    /// it too, so that a digit left waiting never joins one typed later.
    pub(super) fn list_key(&mut self, mut list: Box<MatchList>, k: KeyEvent) -> Screen {
        list.note = None;
        let len = list.rows.len();
        let typing = !list.typed.is_empty();
        match k.code {
            KeyCode::Esc if typing => {}
            KeyCode::Esc => return *list.back,
            KeyCode::Enter if typing => {
                let typed = std::mem::take(&mut list.typed);
                match typed.parse::<u8>() {
                    Ok(round) if list.go_to_round(round) => {
                        if let Some(id) = list.rows.get(list.cursor).and_then(|r| r.id) {
                            return self.open_match(id, Screen::Matches(list));
                        }
                    }
                    Ok(_) => {}
                    Err(_) => list.note = Some(format!("{typed} is not a round.")),
                }
            }
            KeyCode::Enter => {
                if let Some(id) = list.rows.get(list.cursor).and_then(|r| r.id) {
                    return self.open_match(id, Screen::Matches(list));
                }
            }
            KeyCode::Backspace => {
                list.typed.pop();
            }
            KeyCode::Char(c) if c.is_ascii_digit() && list.keys.is_none() && len > 0 => {
                if list.typed.len() >= ROUND_DIGITS {
                    list.typed.clear();
                }
                list.typed.push(c);
                // A round of two digits may yet be typed after a 1: the cursor goes at once,
                // and again on the second digit.
                if let Ok(round) = list.typed.parse::<u8>() {
                    if round > 0 {
                        list.go_to_round(round);
                    }
                }
            }
            KeyCode::Up => list.move_to(list.cursor.saturating_sub(1), false),
            KeyCode::Down => list.move_to((list.cursor + 1).min(len.saturating_sub(1)), true),
            KeyCode::PageUp => list.move_to(list.cursor.saturating_sub(LIST_ROWS), false),
            KeyCode::PageDown => {
                list.move_to((list.cursor + LIST_ROWS).min(len.saturating_sub(1)), true)
            }
            KeyCode::Home => list.move_to(0, true),
            KeyCode::End => list.move_to(len.saturating_sub(1), false),
            _ => {}
        }
        let still_typing = match k.code {
            KeyCode::Backspace => true,
            KeyCode::Char(c) => c.is_ascii_digit(),
            _ => false,
        };
        if !still_typing {
            list.typed.clear();
        }
        list.show_cursor();
        Screen::Matches(list)
    }

    /// Match `id` reopened on its scorecard, going back to `back` on `[Esc]`.
    pub(super) fn open_match(&mut self, id: MatchId, back: Screen) -> Screen {
        self.refresh_library();
        let kept = match &self.library {
            Some(library) => library.kept(&self.comp, id),
            None => Library::of_keeper(&self.keeper).kept(&self.comp, id),
        };
        let title = match_title(&self.comp, id);
        let body = match kept {
            Ok(m) => Body::Opened(Box::new(self.opened(m))),
            Err(e) => Body::Said {
                lines: self.said(id, &e),
                why: lacking(&e),
            },
        };
        Screen::Kept(Box::new(KeptScreen {
            id,
            title,
            page: Page::Scorecard,
            scroll: [0; 4],
            body,
            back: Box::new(back),
        }))
    }

    /// The pages of a match reopened.
    fn opened(&self, m: KeptMatch) -> Opened {
        let scorecard: Vec<String> = crate::views::scorecard_view(&m)
            .lines()
            .iter()
            .flat_map(|l| super::draw::fit(l, TEXT_WIDTH, 6))
            .collect();
        // The counties' full names, as the scorecard has them.
        let mut balls = BallPages::new(m.names().map(str::to_string));
        m.replay_into(&mut balls);
        let overs = balls.overs_labelled(&m.state, self.comp.settings().options.all_out());
        let user = self.user_county();
        let review = match (m.by_person, user.and_then(|c| m.summary.side_of(c))) {
            (Some(true), Some(side)) => {
                let record = self
                    .keeper
                    .last_played()
                    .filter(|g| g.fixture == FixtureKey::of(&m.fixture))
                    .cloned();
                ReviewState::Waiting(Box::new(ToReview {
                    kept: m,
                    side,
                    record,
                }))
            }
            _ => ReviewState::None,
        };
        Opened {
            scorecard,
            balls: balls.lines,
            overs,
            review,
        }
    }

    /// What is said of a match that cannot be reopened: its result as kept, then why.
    fn said(&self, id: MatchId, e: &NotKept) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(m) = self
            .comp
            .season(id.year)
            .and_then(|s| s.class(id.class).matches().get(id.k()))
        {
            let all_out = self.comp.settings().options.all_out();
            let name = |c: CountyId| counties::get(c).name.clone();
            for side in [Side::Home, Side::Away] {
                let innings: Vec<String> =
                    m.innings_of(side).map(|i| i.score_text(all_out)).collect();
                out.push(format!("{} {}", name(m.county(side)), innings.join(" & ")));
            }
            let result = match (m.winner, m.margin) {
                (Some(w), Some(margin)) => format!("{} won {}", name(m.county(w)), margin.text()),
                _ if m.outcome == crate::engine::Outcome::Tie => "Match tied".into(),
                _ => "Match drawn".into(),
            };
            out.push(format!("{result}; points {}-{}.", m.points[0], m.points[1]));
            out.push(String::new());
        }
        let why = super::draw::capitalised(&e.to_string());
        out.extend(crate::text::wrap(&format!("{why}."), TEXT_WIDTH));
        out
    }

    /// A key on a match reopened.
    pub(super) fn kept_key(&mut self, mut s: Box<KeptScreen>, k: KeyEvent) -> Screen {
        let pages = s.pages();
        let at = pages.iter().position(|&p| p == s.page).unwrap_or(0);
        let go = match (k.code, upper(k)) {
            (KeyCode::Esc, _) => return *s.back,
            (_, Some('1')) => Some(Page::Scorecard),
            (_, Some('2')) => Some(Page::Balls),
            (_, Some('3')) => Some(Page::Overs),
            (_, Some('4')) => Some(Page::Review),
            (KeyCode::Right | KeyCode::Tab, _) => Some(pages[(at + 1) % pages.len()]),
            (KeyCode::Left | KeyCode::BackTab, _) => {
                Some(pages[(at + pages.len() - 1) % pages.len()])
            }
            _ => None,
        };
        match go {
            Some(p) if pages.contains(&p) => s.page = p,
            Some(_) => {}
            None => {
                let len = s.lines().len();
                let i = s.page.index();
                s.scroll[i] = scrolled(s.scroll[i], k.code, len, TEXT_ROWS - 1);
            }
        }
        Screen::Kept(s)
    }
}

impl KeptScreen {
    /// The pages this match has: none but the sentences for a match kept as its result only,
    /// the review only where the person played it.
    pub fn pages(&self) -> Vec<Page> {
        match &self.body {
            Body::Said { .. } => vec![Page::Scorecard],
            Body::Opened(o) if matches!(o.review, ReviewState::None) => {
                vec![Page::Scorecard, Page::Balls, Page::Overs]
            }
            Body::Opened(_) => Page::ALL.to_vec(),
        }
    }

    /// The lines of the page shown (none for the chart, or a review being worked out).
    pub fn lines(&self) -> &[String] {
        match (&self.body, self.page) {
            (Body::Said { lines, .. }, _) => lines,
            (Body::Opened(o), Page::Scorecard) => &o.scorecard,
            (Body::Opened(o), Page::Balls) => &o.balls,
            (Body::Opened(o), Page::Review) => match &o.review {
                ReviewState::Ready(lines) => lines,
                _ => &[],
            },
            (Body::Opened(_), Page::Overs) => &[],
        }
    }

    /// Whether a review is to be worked out now (its page is shown).
    pub fn review_due(&self) -> bool {
        self.page == Page::Review
            && matches!(&self.body, Body::Opened(o) if matches!(o.review, ReviewState::Waiting(_)))
    }

    /// Works out the review that is due: the one that followed the match when its record is
    /// the last match played, else the person's decisions taken from the match's record.
    pub fn work_out_review(&mut self, settings: &crate::league::Settings) {
        let Body::Opened(o) = &mut self.body else {
            return;
        };
        let ReviewState::Waiting(r) = std::mem::replace(&mut o.review, ReviewState::None) else {
            return;
        };
        let lines = review_lines(settings, &r);
        o.review = ReviewState::Ready(lines);
    }
}

/// The review of the person's decisions in a match they played, as lines.
fn review_lines(settings: &crate::league::Settings, r: &ToReview) -> Vec<String> {
    if let Some(game) = &r.record {
        if let Ok(Some(lines)) = crate::live::review::lines(settings, game, TEXT_WIDTH) {
            return lines;
        }
    }
    let m = &r.kept;
    let steps = match m.decisions(r.side) {
        Ok(steps) => steps,
        Err(e) => {
            return crate::text::wrap(
                &format!("This match's decisions cannot be read back for a review: {e}."),
                TEXT_WIDTH,
            )
        }
    };
    let names = m.names();
    let who = names[r.side.index()];
    let costly = crate::ai::review::review(
        m.fixture.seed,
        r.side,
        who,
        &steps,
        &m.state,
        crate::live::review::MOST,
    );
    let judged = steps
        .iter()
        .filter(|(s, _)| {
            s.to_act()
                .is_some_and(|(_, d)| crate::ai::review::judged_kind(d))
        })
        .count();
    crate::live::review::told(names, who, judged, &costly, TEXT_WIDTH, false)
}

/// Why a match cannot be reopened, in a few words: a match of an earlier format's file was
/// kept as its result only on purpose, but one whose record is missing or damaged is not.
fn lacking(e: &NotKept) -> &'static str {
    match e {
        NotKept::ResultOnly(_) => "Kept as its result only",
        NotKept::NotInArchive { .. } => "Its record is missing: result only",
        NotKept::Archive { problem, .. }
            if matches!(**problem, crate::save::archive::Problem::File(_)) =>
        {
            "Its record cannot be read: result only"
        }
        NotKept::Archive { .. } | NotKept::Disagrees(..) => "Its record is damaged: result only",
        NotKept::NoSeason(_) | NotKept::NoRound(_) | NotKept::NotPlayed(_) => "Not played",
    }
}

/// "Middlesex v Surrey, 1890 first class, round 3".
fn match_title(comp: &Competition, id: MatchId) -> String {
    let teams = comp
        .season(id.year)
        .map(|s| {
            let m = s.class(id.class).scheduled(id.k());
            format!(
                "{} v {}, ",
                counties::get(m.home).name,
                counties::get(m.away).name
            )
        })
        .unwrap_or_default();
    format!(
        "{teams}{} {} class, round {}",
        id.year,
        id.class.name(),
        id.round
    )
}

/// A match's innings over by over, as lines: a heading an innings, then an over a line (its
/// balls marked as the match screen marks them, its runs, the score at its end) with each
/// wicket told under the over it fell in; and the runs of each over for the chart.
pub struct BallPages {
    names: [String; 2],
    pub lines: Vec<String>,
    /// Runs per over, for each innings (the over in progress at the innings' close last).
    pub overs: Vec<Vec<u16>>,
    batting: Side,
    marks: Vec<String>,
    over_runs: u16,
    /// Overs completed in the innings in play.
    over: u16,
    told: Vec<String>,
    last: Option<(u16, u8)>,
}

impl BallPages {
    pub fn new(names: [String; 2]) -> BallPages {
        let mut lines = crate::text::wrap(
            "Each over a line: its balls (. no run, 1 to 6 runs off the bat, W a wicket, nb a \
             no-ball, w wides, b byes), the runs from it and the score after it.",
            TEXT_WIDTH,
        );
        lines.push(String::new());
        BallPages {
            names,
            lines,
            overs: Vec::new(),
            batting: Side::Home,
            marks: Vec::new(),
            over_runs: 0,
            over: 0,
            told: Vec::new(),
            last: None,
        }
    }

    /// The over in hand, written out: whole or, at an innings' close, as far as it went.
    fn close_over(&mut self) {
        if self.marks.is_empty() {
            return;
        }
        let (total, wickets) = self.last.unwrap_or((0, 0));
        let balls = self.marks.join(" ");
        let line = format!(
            "{:>3}  {balls:<36} {:>3}  {total}-{wickets}",
            self.over + 1,
            self.over_runs
        );
        self.lines.extend(super::draw::fit(&line, TEXT_WIDTH, 5));
        self.tell();
        if let Some(o) = self.overs.last_mut() {
            o.push(self.over_runs);
        }
        self.marks.clear();
        self.over_runs = 0;
    }

    /// What was told in the over (wickets, a declaration), under it, wrapped within the page.
    fn tell(&mut self) {
        for t in std::mem::take(&mut self.told) {
            let said = crate::text::Wrap::new(TEXT_WIDTH)
                .begun("     ", "     ")
                .lines(&t);
            self.lines.extend(said);
        }
    }

    fn ball(&mut self, b: &BallRecord) {
        self.marks.push(crate::live::commentary::mark(b));
        self.over_runs += (b.runs + b.extras()) as u16;
        self.last = Some((b.total, b.wickets));
        if b.wicket.is_some() {
            let batting = self.names[self.batting.index()].clone();
            self.told
                .push(crate::live::commentary::describe(b, &batting));
        }
        if b.counts && b.balls.is_multiple_of(6) {
            self.close_over();
            self.over += 1;
        }
    }

    /// Each innings' label (its side and score) with its runs per over.
    pub fn overs_labelled(&self, end: &MatchState, all_out: u8) -> Vec<(String, Vec<u16>)> {
        let p = end.public();
        p.started()
            .iter()
            .zip(&self.overs)
            .map(|(inn, overs)| {
                (
                    format!(
                        "{} {}",
                        self.names[inn.batting.index()],
                        inn.score_text(all_out)
                    ),
                    overs.clone(),
                )
            })
            .collect()
    }
}

impl Recorder for BallPages {
    fn record(&mut self, event: &Event<'_>) {
        match *event {
            Event::InningsStart {
                number, batting, ..
            } => {
                self.batting = batting;
                self.overs.push(Vec::new());
                self.over = 0;
                self.last = None;
                if number > 1 {
                    self.lines.push(String::new());
                }
                self.lines.push(format!(
                    "Innings {number}: {} batting",
                    self.names[batting.index()]
                ));
                self.lines
                    .push(format!(" Ov  {:<36} {:>3}  Score", "Balls", "Runs"));
            }
            Event::Ball(b) => self.ball(b),
            Event::Declare {
                side,
                total,
                wickets,
                ..
            } => {
                let said = format!("{} declare at {total}-{wickets}.", self.names[side.index()]);
                self.told.push(said);
            }
            Event::InningsEnd {
                total,
                wickets,
                reason,
                ..
            } => {
                self.close_over();
                self.tell();
                let why = match reason {
                    InningsEnd::AllOut => "all out",
                    InningsEnd::Declared => "declared",
                    InningsEnd::Target => "the target reached",
                    InningsEnd::Time => "out of time",
                    InningsEnd::InningsDefeat => "behind, beaten by an innings",
                };
                self.lines
                    .push(format!("     Innings closed at {total}-{wickets}: {why}."));
            }
            Event::Result(r) => {
                let names = self.names.clone();
                self.lines.push(String::new());
                self.lines
                    .push(format!("{}.", r.describe(|s| names[s.index()].clone())));
            }
            _ => {}
        }
    }
}

/// Draws a match list.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub fn draw_list(f: &mut Frame, area: Rect, list: &MatchList) {
    let hint = match list.keys {
        _ if list.rows.is_empty() => "[Esc] back",
        Some(keys) => keys,
        None => "[Up]/[Down] choose  type a round  [Enter] open  [Esc] back",
    };
    let shown: Vec<String> = list
        .rows
        .iter()
        .skip(list.top)
        .take(LIST_ROWS)
        .map(|r| r.line.clone())
        .collect();
    text_rows(f, area, &list.title, &[], 0, hint, 0);
    let head = match (&list.head, list.rows.len()) {
        (Some(head), _) => head.clone(),
        (None, 0) => "No match has been played here yet: [Esc] goes back.".to_string(),
        (None, 1) => "1 match played; [Enter] opens it".to_string(),
        (None, n) => format!("{n} matches played; [Enter] opens the one marked >"),
    };
    put(f, area, 1, 2, vec![Span::styled(head, style::text())]);
    for (i, line) in shown.iter().enumerate() {
        let here = list.top + i == list.cursor;
        let (mark, st) = if here {
            (">", style::bright())
        } else {
            (" ", style::text())
        };
        put(
            f,
            area,
            1,
            4 + i as u16,
            vec![Span::styled(format!("{mark}{line}"), st)],
        );
    }
    let bar = match (&list.note, list.typed.is_empty()) {
        (Some(note), _) => vec![Span::styled(note.clone(), style::bright())],
        (None, false) => vec![
            Span::styled(format!("Round: {}_", list.typed), style::bright()),
            Span::styled("  [Enter] open its match  [Esc] forget it", style::key()),
        ],
        (None, true) if list.rows.len() > LIST_ROWS => vec![Span::styled(
            format!(
                "({}-{} of {})",
                list.top + 1,
                (list.top + LIST_ROWS).min(list.rows.len()),
                list.rows.len()
            ),
            style::text(),
        )],
        _ => Vec::new(),
    };
    put(f, area, 1, 23, bar);
}

/// The keys of a match's pages, and `[Esc]`: short words, so that with the position in a
/// long page after them the line fits 80 columns.
fn page_keys(pages: &[Page]) -> String {
    let names = |p: &Page| match p {
        Page::Scorecard => "[1] scorecard",
        Page::Balls => "[2] balls",
        Page::Overs => "[3] chart",
        Page::Review => "[4] review",
    };
    if pages.len() > 1 {
        let keys: Vec<&str> = pages.iter().map(names).collect();
        format!("{}  [Esc] back", keys.join("  "))
    } else {
        "[Esc] back".to_string()
    }
}

/// Draws a match reopened: the page shown, and the keys of its pages.
pub fn draw_kept(f: &mut Frame, area: Rect, s: &KeptScreen) {
    let pages = s.pages();
    let hint = page_keys(&pages);
    let scroll = s.scroll[s.page.index()];
    match (&s.body, s.page) {
        (Body::Opened(o), Page::Overs) => {
            text_rows(f, area, &s.title, &[], 0, &hint, 0);
            overs_chart(f, area, &o.overs);
        }
        (Body::Opened(o), Page::Review) if !matches!(o.review, ReviewState::Ready(_)) => {
            text_rows(f, area, &s.title, &[], 0, &hint, 0);
            put(
                f,
                area,
                2,
                2,
                vec![Span::styled(
                    "The analyst is weighing each of your decisions: a moment, please.",
                    style::text(),
                )],
            );
        }
        _ => text_rows(f, area, &s.title, s.lines(), scroll, &hint, TEXT_ROWS - 1),
    }
    // Which page is shown, over the keys.
    let on = match (&s.body, s.page) {
        (Body::Said { why, .. }, _) => (*why).to_string(),
        (_, Page::Scorecard) => "Scorecard".to_string(),
        (_, Page::Balls) => "Ball by ball".to_string(),
        (_, Page::Overs) => "Runs per over".to_string(),
        (_, Page::Review) => "Your review".to_string(),
    };
    let more = if pages.len() > 1 {
        "  [Left]/[Right] turn the page  [Up]/[Down]/[PgUp]/[PgDn] scroll"
    } else {
        ""
    };
    put(
        f,
        area,
        1,
        23,
        vec![
            Span::styled(on, style::bright()),
            Span::styled(more, style::key()),
        ],
    );
}

/// Each innings' runs per over as a bar chart, one panel an innings, one above the other.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn overs_chart(f: &mut Frame, area: Rect, innings: &[(String, Vec<u16>)]) {
    let width = 64usize;
    for (i, (label, overs)) in innings.iter().take(4).enumerate() {
        let y = 2 + i as u16 * 5;
        let (bars, per) = binned(overs, width);
        let scale = if per == 1 {
            "a bar an over".to_string()
        } else {
            format!("a bar every {per} overs")
        };
        let most = bars.iter().copied().max().unwrap_or(0);
        put(
            f,
            area,
            1,
            y,
            vec![
                Span::styled(label.clone(), style::bright()),
                Span::styled(format!("  ({scale}; most {most} in a bar)"), style::text()),
            ],
        );
        let chart = Sparkline::default()
            .data(&bars)
            .max(12 * per as u64)
            .style(style::chart());
        f.render_widget(
            chart,
            Rect::new(area.x + 1, area.y + y + 1, width as u16, 4),
        );
    }
    if innings.is_empty() {
        put(
            f,
            area,
            1,
            2,
            vec![Span::styled("No over was bowled.", style::text())],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{page_keys, Page};

    /// The keys of all four pages and the position in the longest ball-by-ball pages a match
    /// can have (135 packs: over a thousand lines) fit the line: 79 columns after the margin.
    #[test]
    fn the_keys_and_the_position_fit_80_columns() {
        let keys = page_keys(&Page::ALL);
        for (scroll, len) in [(0, 45), (980, 1000), (9980, 10000)] {
            let more = super::super::draw::position(&keys, scroll, 20, len, 79);
            let line = format!("{keys}{more}");
            assert!(line.chars().count() <= 79, "{line}");
            assert!(line.ends_with(&format!("{len})")), "{line}");
        }
    }
}
