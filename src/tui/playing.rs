//! Playing and watching a match from the menu: [1] quickly or [2] fully, the keys on the
//! match screen, adding the result to the competition (and saving) the moment it ends, and
//! the final scoreboard.

use crossterm::event::{KeyCode, KeyEvent};

use super::app::Screen;
use super::file::Open;
use super::match_screen::{self, MatchKey};
use super::session::{Mode, Session};
use crate::counties::{self, CountyId};
use crate::engine::Side;
use crate::league::competition::Fixture;
use crate::league::season::SeasonSummary;

/// Where a match on screen stands with the competition.
#[derive(Debug)]
pub enum Entry {
    /// To be added when it ends.
    Due(Fixture),
    /// Added and saved the moment it ended, so that no key (Esc, Ctrl-C) and no closed
    /// window can lose a result that stands; the season's summary if it ended the season.
    Recorded(Option<SeasonSummary>),
}

impl Open {
    /// [1] quickly or [2] fully, with the guide's rules for when each is open.
    pub(super) fn play_key(&mut self, fully: bool) -> Screen {
        let (quick_ok, full_ok) = self.menu_choices();
        if !full_ok {
            self.class = self.class.other();
            return self.say("This class has finished its round: switched to the other class.");
        }
        if !fully && !quick_ok {
            return self.say("Your county is playing: press [2] to play the match.");
        }
        let fixture = self.comp.next_fixture(self.class).expect("checked above");
        if !fully {
            return self.play_quickly(fixture);
        }
        let comp = &self.comp;
        let human = comp.settings().user_county.and_then(|u| {
            if u == fixture.home {
                Some(Side::Home)
            } else if u == fixture.away {
                Some(Side::Away)
            } else {
                None
            }
        });
        let names = [names_of(fixture.home), names_of(fixture.away)];
        let s = comp.settings();
        let mut session =
            Session::new(s.options, s.levels, fixture.seed, names, human, Mode::Fully);
        session.advance(human.is_none());
        Screen::Match {
            session: Box::new(session),
            entry: Entry::Due(fixture),
        }
    }

    fn play_quickly(&mut self, fixture: Fixture) -> Screen {
        let s = *self.comp.settings();
        let names = [names_of(fixture.home), names_of(fixture.away)];
        let mut session = Session::new(s.options, s.levels, fixture.seed, names, None, Mode::Quick);
        session.finish_quickly();
        self.finish_match(&session, fixture)
    }

    /// Adds a finished match to the competition, saves, and shows the scoreboard.
    fn finish_match(&mut self, session: &Session, fixture: Fixture) -> Screen {
        match self.add_result(fixture, session) {
            Ok(season_end) => Screen::Scorecard {
                card: Box::new(FinalCard::of(session)),
                scroll: 0,
                season_end,
            },
            Err(menu) => menu,
        }
    }

    /// Adds a finished match to the competition and saves: the season's summary if it ended
    /// one, or, if the match cannot be added, the menu saying why.
    fn add_result(
        &mut self,
        fixture: Fixture,
        session: &Session,
    ) -> Result<Option<SeasonSummary>, Screen> {
        match self.comp.record_result(fixture, &session.state) {
            Ok(recorded) => {
                self.save();
                Ok(recorded.season_end)
            }
            Err(e) => Err(self.say(&format!("The match could not be added: {e}"))),
        }
    }

    pub(super) fn match_key(
        &mut self,
        mut session: Box<Session>,
        entry: Entry,
        k: KeyEvent,
    ) -> Screen {
        // The match over, the stop that shows its end goes straight on to the scorecard: one
        // key for one thing that happened.
        if session.state.is_over()
            && session.help.is_none()
            && matches!(k.code, KeyCode::Enter | KeyCode::Char(' '))
        {
            return match entry {
                Entry::Due(f) => self.finish_match(&session, f),
                Entry::Recorded(season_end) => Screen::Scorecard {
                    card: Box::new(FinalCard::of(&session)),
                    scroll: 0,
                    season_end,
                },
            };
        }
        match match_screen::key(&mut session, k) {
            MatchKey::Leave => {
                self.say("Match abandoned: it was not recorded, and nothing else was lost.")
            }
            _ => self.record_when_over(session, entry),
        }
    }

    /// Adds the match to the competition and saves the moment it ends (its pauses and
    /// scoreboard still to be shown).
    pub(super) fn record_when_over(&mut self, session: Box<Session>, entry: Entry) -> Screen {
        let Entry::Due(fixture) = entry else {
            return Screen::Match { session, entry };
        };
        if !session.state.is_over() {
            return Screen::Match {
                session,
                entry: Entry::Due(fixture),
            };
        }
        match self.add_result(fixture, &session) {
            Ok(season_end) => Screen::Match {
                session,
                entry: Entry::Recorded(season_end),
            },
            Err(menu) => menu,
        }
    }
}

fn names_of(id: CountyId) -> (String, String) {
    let c = counties::get(id);
    (c.name.clone(), c.short.clone())
}

/// What the final scoreboard shows: the scorecard, and each innings' runs per over.
#[derive(Clone, Debug)]
pub struct FinalCard {
    pub lines: Vec<String>,
    /// (label, runs per over) for each innings.
    pub innings: Vec<(String, Vec<u16>)>,
}

impl FinalCard {
    pub fn of(s: &Session) -> FinalCard {
        let names = crate::scorecard::Names {
            home: &s.names[0],
            away: &s.names[1],
        };
        let text = crate::scorecard::scorecard(s.state.public(), &names);
        let mut lines: Vec<String> = text.lines().flat_map(|l| wrap_indented(l, 78)).collect();
        // The result and the points come first, under the names, where the card opens: the
        // scorecard prints them at its foot.
        if s.state.public().result.is_some() && lines.len() > 3 {
            let foot = lines.split_off(lines.len() - 2);
            while lines.last().is_some_and(|l| l.is_empty()) {
                lines.pop();
            }
            lines.splice(1..1, foot);
        }
        let p = s.state.public();
        let short = &s.commentary.names;
        let innings = p
            .started()
            .iter()
            .zip(&s.commentary.overs)
            .map(|(inn, overs)| {
                (
                    format!(
                        "{} {}",
                        short[inn.batting.index()],
                        inn.score_text(p.options.all_out())
                    ),
                    overs.clone(),
                )
            })
            .collect();
        FinalCard { lines, innings }
    }
}

/// Wraps a long line, keeping its indentation on the lines that follow.
fn wrap_indented(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let pad = " ".repeat(indent + 2);
    let mut out = super::draw::wrap(line.trim_start(), width - indent - 2);
    for (i, l) in out.iter_mut().enumerate() {
        *l = if i == 0 {
            format!("{}{l}", &pad[..indent])
        } else {
            format!("{pad}{l}")
        };
    }
    out
}
