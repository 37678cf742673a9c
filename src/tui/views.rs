//! The text views on screen: which view ([`ViewKind`]), its title, its lines (drawn by the
//! same code as `accc show`), and the keys that page through past seasons, pick a county
//! and move about the all-time menu and the final-positions grid.

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{scrolled, upper, Screen};
use super::draw::TEXT_ROWS;
use super::file::Open;
use crate::counties::{self, Class, CountyId};
use crate::league::competition::Competition;

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
    /// Whether the view is one of the [8] menu's.
    pub fn is_all_time(self) -> bool {
        matches!(
            self,
            ViewKind::Honours | ViewKind::AllTime(_) | ViewKind::AllTimeAverages(_)
        )
    }
}

/// What a county is being picked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    Results { year: Option<u16> },
    Records,
}

impl Open {
    pub(super) fn view(&mut self, kind: ViewKind, year: Option<u16>) -> Screen {
        let lines = render_view(&self.comp, kind, year, self.class);
        let title = view_title(kind, year, self.class);
        Screen::Text {
            title,
            lines,
            scroll: 0,
            review: year.map(|y| (y, kind)),
            kind,
        }
    }

    pub(super) fn review_previous(&mut self) -> Screen {
        match self.comp.seasons().last().map(|s| s.year) {
            Some(year) => self.view(ViewKind::Table, Some(year)),
            None => self.say("There is no previous season yet."),
        }
    }

    pub(super) fn text_key(
        &mut self,
        title: String,
        lines: Vec<String>,
        scroll: usize,
        review: Option<(u16, ViewKind)>,
        kind: ViewKind,
        k: KeyEvent,
    ) -> Screen {
        if let Some((year, kind)) = review {
            let years: Vec<u16> = self.comp.seasons().iter().map(|s| s.year).collect();
            let i = years.iter().position(|&y| y == year).unwrap_or(0);
            match upper(k) {
                Some('7') if i > 0 => return self.view(kind, Some(years[i - 1])),
                Some('8') if i + 1 < years.len() => return self.view(kind, Some(years[i + 1])),
                Some('3') => return self.view(ViewKind::Table, Some(year)),
                Some('4') => return self.view(ViewKind::Averages, Some(year)),
                Some('5') => {
                    return Screen::PickCounty {
                        purpose: PickFor::Results { year: Some(year) },
                    }
                }
                Some('9') => {
                    self.class = self.class.other();
                    return self.view(kind, Some(year));
                }
                _ => {}
            }
        }
        match k.code {
            // The all-time views were picked from the [8] menu: back to it.
            KeyCode::Esc | KeyCode::Enter if kind.is_all_time() => Screen::AllTime,
            KeyCode::Esc | KeyCode::Enter => Screen::Menu,
            code => Screen::Text {
                scroll: scrolled(scroll, code, lines.len(), TEXT_ROWS),
                title,
                lines,
                review,
                kind,
            },
        }
    }

    pub(super) fn pick_county_key(&mut self, purpose: PickFor, k: KeyEvent) -> Screen {
        if k.code == KeyCode::Esc {
            return Screen::Menu;
        }
        match (super::setup::county_key(k), purpose) {
            (Some(Some(c)), PickFor::Results { year }) => self.view(ViewKind::Results(c), year),
            (Some(Some(c)), PickFor::Records) => self.view(ViewKind::Records(c), None),
            _ => Screen::PickCounty { purpose },
        }
    }

    pub(super) fn alltime_key(&mut self, k: KeyEvent) -> Screen {
        match upper(k) {
            Some('1') => self.view(ViewKind::Honours, None),
            Some('2') => Screen::Grid {
                first_year: crate::league::FIRST_YEAR,
            },
            Some('3') => self.view(ViewKind::AllTime(Class::First), None),
            Some('4') => self.view(ViewKind::AllTimeAverages(Class::First), None),
            Some('5') => self.view(ViewKind::AllTime(Class::Second), None),
            Some('6') => self.view(ViewKind::AllTimeAverages(Class::Second), None),
            _ if k.code == KeyCode::Esc => Screen::Menu,
            _ => Screen::AllTime,
        }
    }

    pub(super) fn grid_key(&mut self, first_year: u16, k: KeyEvent) -> Screen {
        let last = self
            .comp
            .seasons()
            .last()
            .map(|s| s.year)
            .unwrap_or(first_year);
        match k.code {
            // The last page is a full one, ending with the last season.
            KeyCode::Right | KeyCode::PageDown => {
                let last_page = last
                    .saturating_sub(super::draw::GRID_YEARS - 1)
                    .max(crate::league::FIRST_YEAR);
                Screen::Grid {
                    first_year: (first_year + 10).min(last_page.max(first_year)),
                }
            }
            KeyCode::Left | KeyCode::PageUp => Screen::Grid {
                first_year: first_year.saturating_sub(10).max(crate::league::FIRST_YEAR),
            },
            KeyCode::Esc | KeyCode::Enter => Screen::AllTime,
            _ => Screen::Grid { first_year },
        }
    }
}

/// The lines of a view, drawn by the same code as `accc show`.
pub fn render_view(
    comp: &Competition,
    kind: ViewKind,
    year: Option<u16>,
    class: Class,
) -> Vec<String> {
    use crate::views;
    let r = match kind {
        ViewKind::Table => views::table(comp, year, class),
        ViewKind::Averages => views::averages(comp, year, class),
        ViewKind::Results(c) => views::results(comp, year, c),
        ViewKind::Records(c) => views::records(comp, c),
        ViewKind::Honours => views::honours(comp),
        ViewKind::Positions => views::positions(comp),
        ViewKind::AllTime(cl) => views::alltime(comp, cl),
        ViewKind::AllTimeAverages(cl) => views::alltime_averages(comp, cl),
    };
    r.unwrap_or_else(|e| vec![e.to_string()])
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
