//! The text views on screen: which view ([`ViewKind`]), its title, its lines (drawn by the
//! same code as `accc show`), and the keys that page through past seasons (a year back or
//! on, or any year typed: [`YearBar`]), pick a county (the person's own with `[Enter]`) and
//! move about the all-time menu and the final-positions grid.

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{scrolled, upper, Screen};
use super::draw::TEXT_ROWS;
use super::file::Open;
use super::picture_screen::{Back, PictureScreen};
use super::pictures::Picture;
use crate::counties::{self, Class, CountyId};
use crate::league::competition::Competition;
use crate::save::record::FixtureKey;

/// A text view that can be shown on its own screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    Table,
    Averages,
    Results(CountyId),
    Records(CountyId),
    Honours,
    Positions,
    AllTime(Class),
    AllTimeAverages(Class),
}

impl ViewKind {
    /// Whether the view is one of the `[8]` menu's.
    pub fn is_all_time(self) -> bool {
        matches!(
            self,
            ViewKind::Honours | ViewKind::AllTime(_) | ViewKind::AllTimeAverages(_)
        )
    }

    /// Whether the view is of one season (its points race is a key away).
    pub fn is_season(self) -> bool {
        matches!(
            self,
            ViewKind::Table | ViewKind::Averages | ViewKind::Results(_)
        )
    }

    /// Whether the view shows one class (and `[9]` switches it).
    pub fn has_class(self) -> bool {
        matches!(self, ViewKind::Table | ViewKind::Averages)
    }
}

/// A past season under review (`[7]`): its year, and the class its tables show. The review
/// keeps its own class: switching it there leaves the menu's as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Review {
    pub year: u16,
    pub class: Class,
}

/// The line over the keys of a past season under review: its keys for moving through the
/// years, a year being typed after `[G]`, or what the last key said (the first or last season
/// reached, a year that is not there).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum YearBar {
    #[default]
    Keys,
    /// `[G]`: the digits typed so far.
    Typing(String),
    /// Said in answer to the last key, until the next.
    Said(String),
}

/// A text view's screen but for the line over its keys (its [`YearBar`]), which a key sets
/// afresh.
struct Shown {
    title: String,
    lines: Vec<String>,
    scroll: usize,
    review: Option<Review>,
    kind: ViewKind,
}

impl Shown {
    /// The screen, with `bar` over its keys.
    fn with(self, bar: YearBar) -> Screen {
        Screen::Text {
            title: self.title,
            lines: self.lines,
            scroll: self.scroll,
            review: self.review,
            kind: self.kind,
            bar,
        }
    }
}

/// Digits a year may have.
const YEAR_DIGITS: usize = 4;

/// What a county is being picked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    Results { review: Option<Review> },
    Records,
    Story,
}

impl Open {
    /// View `kind` of the season under way (and the menu's class).
    pub(super) fn view(&mut self, kind: ViewKind) -> Screen {
        Shown {
            title: view_title(kind, None, self.class),
            lines: render_view(&self.comp, kind, None, self.class, self.in_play()),
            scroll: 0,
            review: None,
            kind,
        }
        .with(YearBar::Keys)
    }

    /// View `kind` of a past season under review.
    pub(super) fn review(&self, kind: ViewKind, review: Review) -> Screen {
        self.review_saying(kind, review, YearBar::Keys)
    }

    /// View `kind` of a past season under review, with `bar` over its keys.
    fn review_saying(&self, kind: ViewKind, review: Review, bar: YearBar) -> Screen {
        let lines = render_view(
            &self.comp,
            kind,
            Some(review.year),
            review.class,
            self.in_play(),
        );
        Shown {
            title: view_title(kind, Some(review.year), review.class),
            lines,
            scroll: 0,
            review: Some(review),
            kind,
        }
        .with(bar)
    }

    /// The fixture of the match begun and left part-played, if any.
    fn in_play(&self) -> Option<&FixtureKey> {
        self.keeper.in_play().map(|g| &g.fixture)
    }

    pub(super) fn review_previous(&mut self) -> Screen {
        match self.comp.seasons().last().map(|s| s.year) {
            Some(year) => self.review(
                ViewKind::Table,
                Review {
                    year,
                    class: self.class,
                },
            ),
            None => self.say("There is no previous season yet."),
        }
    }

    /// A key on a text view (its parts as `Screen::Text` holds them): `[I]` and `[M]` on a
    /// county's records and results, a past season's keys under review, `[P]` the points race
    /// of a season's view, `[Esc]` and `[Enter]` back, any other key scrolls.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn text_key(
        &mut self,
        title: String,
        lines: Vec<String>,
        scroll: usize,
        review: Option<Review>,
        kind: ViewKind,
        bar: YearBar,
        k: KeyEvent,
    ) -> Screen {
        let shown = Shown {
            title,
            lines,
            scroll,
            review,
            kind,
        };
        let typing = matches!(bar, YearBar::Typing(_));
        match (kind, upper(k)) {
            // [I] on a county's records: its innings records, each opening its match.
            (ViewKind::Records(c), Some('I')) => {
                return self.innings_records(Some(c), shown.with(bar));
            }
            // [M] on a county's results: its matches, to open one (not while a year is typed).
            (ViewKind::Results(c), Some('M')) if !typing => return self.results_matches(c, shown),
            _ => {}
        }
        if let Some(r) = review {
            match (bar, upper(k)) {
                (YearBar::Typing(typed), _) => return self.year_typed(shown, r, typed, k),
                (_, Some('G')) => return shown.with(YearBar::Typing(String::new())),
                _ => {}
            }
            if let Some(screen) = self.review_key(kind, r, k) {
                return screen;
            }
        }
        if kind.is_season() && upper(k) == Some('P') {
            return self.race(kind, review);
        }
        match k.code {
            // The all-time views were picked from the [8] menu: back to it.
            KeyCode::Esc | KeyCode::Enter if kind.is_all_time() => Screen::AllTime,
            // A past season's averages or results, reached from its table under review ([7]):
            // back to that table, the season still under review.
            KeyCode::Esc | KeyCode::Enter => match review {
                Some(r) if kind != ViewKind::Table => self.review(ViewKind::Table, r),
                _ => Screen::Menu,
            },
            // Any other key: what was said has been read.
            code => Shown {
                scroll: scrolled(shown.scroll, code, shown.lines.len(), TEXT_ROWS),
                ..shown
            }
            .with(YearBar::Keys),
        }
    }

    /// `[M]` on county `c`'s results: the list of its matches that season, to open one, the
    /// view `shown` kept to go back to.
    fn results_matches(&mut self, c: CountyId, shown: Shown) -> Screen {
        let year = match (shown.review, crate::views::season_for(&self.comp, None)) {
            (Some(r), _) => r.year,
            (None, Ok(s)) => s.year,
            (None, Err(e)) => return self.say(&e.to_string()),
        };
        self.county_matches(year, c, shown.with(YearBar::Keys))
    }

    /// The keys of a past season under review `r`, showing view `kind`: `[7]` and `[8]` a
    /// year back or on (at either end, said why not), `[3]`, `[4]` and `[5]` its table,
    /// averages and a county's results, `[9]` the other class. `None`: not one of them.
    fn review_key(&mut self, kind: ViewKind, r: Review, k: KeyEvent) -> Option<Screen> {
        let years: Vec<u16> = self.comp.seasons().iter().map(|s| s.year).collect();
        let i = years.iter().position(|&y| y == r.year).unwrap_or(0);
        let at = |year: u16| Review { year, ..r };
        let (first, last) = (
            years.first().copied().unwrap_or(r.year),
            years.last().copied().unwrap_or(r.year),
        );
        Some(match upper(k) {
            Some('7') if i > 0 => self.review(kind, at(years[i - 1])),
            Some('8') if i + 1 < years.len() => self.review(kind, at(years[i + 1])),
            // At either end the key says why it does nothing.
            Some('7') => {
                let said = format!("{first} is the first season: [8] goes on, [G] to a year.");
                self.review_saying(kind, r, YearBar::Said(said))
            }
            Some('8') => {
                let said = if self.comp.is_finished() {
                    format!("{last} is the last season: [7] goes back, [G] to a year.")
                } else {
                    format!("{last} is the last season completed: [7] goes back, [G] to a year.")
                };
                self.review_saying(kind, r, YearBar::Said(said))
            }
            Some('3') => self.review(ViewKind::Table, r),
            Some('4') => self.review(ViewKind::Averages, r),
            Some('5') => Screen::PickCounty {
                purpose: PickFor::Results { review: Some(r) },
            },
            Some('9') if kind.has_class() => {
                let class = r.class.other();
                self.review(kind, Review { class, ..r })
            }
            _ => return None,
        })
    }

    /// A key while a year is being typed after `[G]` on `shown`, a past season under review
    /// `r`: digits, `[Backspace]`, `[Enter]` to go there (a year with no completed season is
    /// said, and the view stays), `[Esc]` to stop typing.
    fn year_typed(&mut self, shown: Shown, r: Review, mut typed: String, k: KeyEvent) -> Screen {
        let kind = shown.kind;
        let stay = |bar| shown.with(bar);
        match k.code {
            KeyCode::Esc => stay(YearBar::Keys),
            KeyCode::Enter if typed.is_empty() => stay(YearBar::Keys),
            KeyCode::Enter => match typed.parse::<u16>() {
                Ok(year) if self.comp.seasons().iter().any(|s| s.year == year) => {
                    self.review(kind, Review { year, ..r })
                }
                _ => stay(YearBar::Said(format!(
                    "There is no completed season {typed}: the seasons completed are {}.",
                    crate::views::span(&self.comp)
                ))),
            },
            KeyCode::Backspace => {
                typed.pop();
                stay(YearBar::Typing(typed))
            }
            KeyCode::Char(c) if c.is_ascii_digit() && typed.len() < YEAR_DIGITS => {
                typed.push(c);
                stay(YearBar::Typing(typed))
            }
            _ => stay(YearBar::Typing(typed)),
        }
    }

    /// `[P]` on a season's view: the points race of its season and class (a county's results:
    /// that county's class), back to the view on `[Esc]`.
    fn race(&mut self, kind: ViewKind, review: Option<Review>) -> Screen {
        let year = review.map(|r| r.year);
        let class = match (kind, review) {
            (ViewKind::Results(c), _) => {
                crate::views::season_for(&self.comp, year).map_or(self.class, |s| s.class_of(c))
            }
            (_, Some(r)) => r.class,
            (_, None) => self.class,
        };
        match crate::views::race_view(&self.comp, year, class) {
            Ok(v) => picture(Picture::Race(v), Back::View(kind, review)),
            Err(e) => self.say(&e.to_string()),
        }
    }

    pub(super) fn pick_county_key(&mut self, purpose: PickFor, k: KeyEvent) -> Screen {
        if k.code == KeyCode::Esc {
            return match purpose {
                PickFor::Story => Screen::AllTime,
                _ => Screen::Menu,
            };
        }
        // [Enter]: the person's own county, as `accc show --county` defaults to it.
        let chosen = match (k.code, self.user_county()) {
            (KeyCode::Enter, Some(c)) => Some(Some(c)),
            _ => super::setup::county_key(k),
        };
        match (chosen, purpose) {
            (Some(Some(c)), PickFor::Results { review: Some(r) }) => {
                self.review(ViewKind::Results(c), r)
            }
            (Some(Some(c)), PickFor::Results { review: None }) => self.view(ViewKind::Results(c)),
            (Some(Some(c)), PickFor::Records) => self.view(ViewKind::Records(c)),
            (Some(Some(c)), PickFor::Story) => match crate::views::story_view(&self.comp, c) {
                Ok(v) => picture(Picture::Story(v), Back::AllTime),
                Err(e) => self.say(&e.to_string()),
            },
            _ => Screen::PickCounty { purpose },
        }
    }

    pub(super) fn alltime_key(&mut self, k: KeyEvent) -> Screen {
        match upper(k) {
            Some('1') => self.view(ViewKind::Honours),
            Some('2') => grid_saying(crate::league::FIRST_YEAR, None),
            Some('3') => self.view(ViewKind::AllTime(Class::First)),
            Some('4') => self.view(ViewKind::AllTimeAverages(Class::First)),
            Some('5') => self.view(ViewKind::AllTime(Class::Second)),
            Some('6') => self.view(ViewKind::AllTimeAverages(Class::Second)),
            Some('7') => Screen::PickCounty {
                purpose: PickFor::Story,
            },
            Some('8') => match crate::views::eras_view(&self.comp) {
                Ok(v) => picture(Picture::Eras(v), Back::AllTime),
                Err(e) => self.say(&e.to_string()),
            },
            Some('9') => self.innings_records(None, Screen::AllTime),
            _ if k.code == KeyCode::Esc => Screen::Menu,
            _ => Screen::AllTime,
        }
    }

    pub(super) fn grid_key(&mut self, first_year: u16, k: KeyEvent) -> Screen {
        let seasons = self.comp.seasons();
        let (Some(first), Some(last)) = (seasons.first(), seasons.last()) else {
            // Nothing to page through: the keys say so rather than do nothing.
            return match k.code {
                KeyCode::Esc | KeyCode::Enter => Screen::AllTime,
                KeyCode::Right | KeyCode::PageDown | KeyCode::Left | KeyCode::PageUp => {
                    grid_saying(
                        first_year,
                        "No season has been completed yet: [Esc] goes back.".to_string(),
                    )
                }
                _ => grid_saying(first_year, None),
            };
        };
        let (first, last) = (first.year, last.year);
        // The last page is a full one, ending with the last season.
        let last_page = last
            .saturating_sub(super::draw::GRID_YEARS - 1)
            .max(crate::league::FIRST_YEAR);
        let one_page = "Every season completed is shown: [Esc] goes back.";
        match k.code {
            KeyCode::Right | KeyCode::PageDown if first_year >= last_page => {
                // At the end the key says why it does nothing, and which key moves.
                let said = if first_year <= first {
                    one_page.to_string()
                } else if self.comp.is_finished() {
                    format!("{last} is the last season: [Left] goes ten years back.")
                } else {
                    format!("{last} is the last season completed: [Left] goes ten years back.")
                };
                grid_saying(first_year, said)
            }
            KeyCode::Right | KeyCode::PageDown => {
                grid_saying((first_year + 10).min(last_page), None)
            }
            KeyCode::Left | KeyCode::PageUp if first_year <= first => {
                let said = if first_year >= last_page {
                    one_page.to_string()
                } else {
                    format!("{first} is the first season: [Right] goes ten years on.")
                };
                grid_saying(first_year, said)
            }
            KeyCode::Left | KeyCode::PageUp => grid_saying(
                first_year.saturating_sub(10).max(crate::league::FIRST_YEAR),
                None,
            ),
            KeyCode::Esc | KeyCode::Enter => Screen::AllTime,
            _ => grid_saying(first_year, None),
        }
    }
}

/// The final-positions grid from `first_year`, saying `note` (what the last key did, until
/// the next).
fn grid_saying(first_year: u16, note: impl Into<Option<String>>) -> Screen {
    Screen::Grid {
        first_year,
        note: note.into(),
    }
}

/// The picture screen of `p`, going back to `back`.
fn picture(p: Picture, back: Back) -> Screen {
    Screen::Picture(Box::new(PictureScreen::new(p, back)))
}

/// The lines of a view, drawn by the same code as `accc show` (a county's results with the
/// match `in_play` said to be); a line wider than the screen would be wrapped, not cut at the
/// screen's edge (every view's lines fit: `tests/it/tui.rs`).
pub fn render_view(
    comp: &Competition,
    kind: ViewKind,
    year: Option<u16>,
    class: Class,
    in_play: Option<&FixtureKey>,
) -> Vec<String> {
    use crate::views::{self, View};
    let r = match kind {
        ViewKind::Table => views::table(comp, year, class),
        ViewKind::Averages => views::averages(comp, year, class),
        ViewKind::Results(c) => views::results_view(comp, year, c).map(|mut v| {
            if let Some(m) = in_play {
                v.mark_in_play(m.year, m.home, m.away);
            }
            v.lines()
        }),
        ViewKind::Records(c) => views::records(comp, c),
        ViewKind::Honours => views::honours(comp),
        ViewKind::Positions => views::positions(comp),
        ViewKind::AllTime(cl) => views::alltime(comp, cl),
        ViewKind::AllTimeAverages(cl) => views::alltime_averages(comp, cl),
    };
    r.unwrap_or_else(|e| vec![e.to_string()])
        .iter()
        .flat_map(|l| super::draw::fit(l, super::draw::TEXT_WIDTH, 2))
        .collect()
}

/// The title over a view.
pub fn view_title(kind: ViewKind, year: Option<u16>, class: Class) -> String {
    let when = year.map(|y| format!(" {y}")).unwrap_or_default();
    let cls = if class == Class::First {
        "first-class"
    } else {
        "second-class"
    };
    match kind {
        ViewKind::Table => format!("Points table,{when} {cls}"),
        ViewKind::Averages => format!("Averages,{when} {cls}"),
        ViewKind::Results(c) => format!("Match results{when}: {}", counties::get(c).name),
        ViewKind::Records(c) => format!("County records: {}", counties::get(c).name),
        ViewKind::Honours => "Rolls of honour".into(),
        ViewKind::Positions => "Final positions".into(),
        ViewKind::AllTime(Class::First) => "All-time first-class results".into(),
        ViewKind::AllTime(Class::Second) => "All-time second-class results".into(),
        ViewKind::AllTimeAverages(Class::First) => "All-time first-class averages".into(),
        ViewKind::AllTimeAverages(Class::Second) => "All-time second-class averages".into(),
    }
}
