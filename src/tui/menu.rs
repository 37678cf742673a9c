//! The main menu's keys and the simulation of seasons it starts, over an [`Open`] file.

use crossterm::event::{KeyCode, KeyEvent};

use super::app::{upper, Screen};
use super::file::Open;
use super::match_screen;
use super::setup;
use super::views::{PickFor, ViewKind};
use crate::counties;
use crate::league::competition::Fixture;
use crate::save::record::{Mode, Op};

impl Open {
    /// Whether `[1]` / `[2]` can play in the menu's class now.
    pub fn menu_choices(&self) -> (bool, bool) {
        match self.comp.next_fixture(self.class) {
            Some(f) => (!self.comp.fixture_involves_user(&f), true),
            None => (false, false),
        }
    }

    /// The person's county's next match this season, if it has one to play: the first of
    /// the fixtures still to play (in the order they are played) that it is in.
    pub fn own_next(&self) -> Option<Fixture> {
        self.user_county()?;
        self.comp
            .remaining_fixtures()
            .into_iter()
            .find(|f| self.comp.fixture_involves_user(f))
    }

    /// Where the person's county's next match is, told from the menu of the class shown: a
    /// sentence for after a switch of class (`[1]` or `[2]` when the class shown has played its
    /// round), so that play in the other class does not carry the person away from it.
    pub fn own_next_told(&self) -> Option<String> {
        let f = self.own_next()?;
        let c = |id| counties::get(id).short.clone();
        let fixture = format!("{} v {}", c(f.home), c(f.away));
        let here = self.comp.next_fixture(self.class) == Some(f);
        Some(if f.class != self.class {
            format!(
                "Your county's next match ({fixture}) is in the {} class's round {}: [9] \
                 switches to it.",
                f.class.name(),
                f.round
            )
        } else if here && self.in_play.as_ref().is_some_and(|g| g.fixture == f) {
            "Your county's match is in play: [2] resumes it.".to_string()
        } else if here {
            "Your county plays next here: [2] plays its match.".to_string()
        } else {
            format!(
                "Your county's next match ({fixture}) comes later, in round {}.",
                f.round
            )
        })
    }

    pub(super) fn menu_key(&mut self, k: KeyEvent) -> Screen {
        self.status = None;
        let asked_before = std::mem::take(&mut self.quit_asked);
        let finished = self.comp.is_finished();
        match upper(k) {
            Some('1' | '2') if finished => {
                self.say("The competition is over: all its seasons have been played.")
            }
            Some(c @ ('1' | '2')) => self.play_key(c == '2'),
            // A file with no county of the person's has no match of theirs to play with a
            // friend: the menu leaves the line out, and the key does nothing.
            Some('F') if self.user_county().is_some() => self.friend_key(),
            // A friendly kept in the file's folder, as one set up at the file prompt is.
            Some('P') => Screen::FriendlySetup(Box::new(
                super::friend_setup::FriendSetup::in_folder(&self.saves_dir),
            )),
            Some('3') => self.view(ViewKind::Table),
            Some('4') => self.view(ViewKind::Averages),
            Some('5') => Screen::PickCounty {
                purpose: PickFor::Results { review: None },
            },
            Some('6') => Screen::PickCounty {
                purpose: PickFor::Records,
            },
            Some('7') => self.review_previous(),
            Some('8') => Screen::AllTime,
            Some('9') => {
                self.class = self.class.other();
                Screen::Menu
            }
            Some('S') if finished => {
                self.say("The competition is over: there are no seasons left to simulate.")
            }
            // The computer would play the person's match in play from its first ball.
            Some('S') if self.keeper.in_play().is_some_and(|g| g.mode == Mode::Play) => self.say(
                "Your match is in play: [2] resumes it; play it to its end before simulating.",
            ),
            Some('S') => Screen::Simulate {
                input: String::new(),
                error: None,
            },
            Some('C') => {
                // The saves folder is the open file's folder.
                let path = self.path();
                let dir = path.parent().unwrap_or(std::path::Path::new("."));
                Screen::Charts(Box::new(super::charts_screen::open(dir)))
            }
            Some('H') => Screen::Help { scroll: 0 },
            Some('Q') => self.quit_key(asked_before),
            _ => Screen::Menu,
        }
    }

    /// Time passed: a watched match moves on a ball (unless `hidden`, the window too small
    /// to show it), a simulation plays its next season.
    pub(super) fn tick(&mut self, hidden: bool) {
        match &mut self.screen {
            Screen::Match { .. } if hidden => {}
            Screen::Match { live, entry } if match_screen::wants_ticks(live) => {
                let balls = live.watch_tick();
                let computer = live.take_computer();
                if balls > 0 && matches!(entry, super::playing::Entry::Due(_)) {
                    self.note(Op::Watch(balls), computer);
                }
                if let Screen::Match { live, entry } =
                    std::mem::replace(&mut self.screen, Screen::Menu)
                {
                    self.screen = self.record_when_over(live, entry);
                }
            }
            Screen::Simulating { .. } => self.simulate_one(),
            Screen::Kept(s) if s.review_due() => s.work_out_review(self.comp.settings()),
            Screen::Reviewing { .. } => {
                if let Screen::Reviewing { game, season_end } =
                    std::mem::replace(&mut self.screen, Screen::Menu)
                {
                    let reviewed = crate::live::review::lines(self.comp.settings(), &game, 78)
                        .ok()
                        .flatten();
                    self.screen = super::app::after_review(reviewed, season_end);
                }
            }
            _ => {}
        }
    }

    /// Plays one season of a simulation and saves.
    fn simulate_one(&mut self) {
        let Screen::Simulating {
            left,
            done,
            total,
            last,
        } = std::mem::replace(&mut self.screen, Screen::Menu)
        else {
            return;
        };
        let mut summary = last;
        self.comp.sim_seasons(1, |s| summary = Some(s.clone()));
        self.save();
        let finished = self.comp.is_finished();
        self.screen = if left <= 1 || finished {
            match summary {
                Some(summary) => Screen::SeasonEnd { summary, scroll: 0 },
                None => Screen::Menu,
            }
        } else {
            Screen::Simulating {
                left: left - 1,
                done: done + 1,
                total,
                last: summary,
            }
        };
    }

    pub(super) fn simulate_key(
        &mut self,
        mut input: String,
        error: Option<String>,
        k: KeyEvent,
    ) -> Screen {
        if k.code == KeyCode::Esc {
            return Screen::Menu;
        }
        // A watched match in play is played by the computer with the rest, to the same end.
        if matches!(upper(k), Some('R')) && input.is_empty() {
            self.give_up_in_play();
            let summary = self.comp.sim_rest_of_season();
            self.save();
            return match summary {
                Some(summary) => Screen::SeasonEnd { summary, scroll: 0 },
                None => Screen::Menu,
            };
        }
        // Any other character is left out, and said to be: "-5" must not quietly read as 5.
        if let Some(c) = k.code.as_char().filter(|c| !c.is_ascii_digit()) {
            let error = Some(format!(
                "{} was left out: type the number of seasons in digits.",
                setup::left_out(c)
            ));
            return Screen::Simulate { input, error };
        }
        if k.code.as_char().is_none() && k.code != KeyCode::Enter && k.code != KeyCode::Backspace {
            return Screen::Simulate { input, error };
        }
        if !setup::edit_line(&mut input, k, 3) {
            return Screen::Simulate { input, error };
        }
        let most = self.comp.seasons_left() as u32;
        match input.parse::<u32>() {
            Ok(n) if (1..=most).contains(&n) => {
                self.give_up_in_play();
                Screen::Simulating {
                    left: n,
                    done: 0,
                    total: n,
                    last: None,
                }
            }
            _ => Screen::Simulate {
                input: String::new(),
                error: Some(format!(
                    "Type a number of seasons from 1 to {most} (the seasons left)."
                )),
            },
        }
    }
}
