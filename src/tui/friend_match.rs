//! The person's championship match played with a friend taking the other county: `[F]`
//! beside `[2]` on the season menu; and a friendly from the menu, `[P]`, which does not count
//! (the same setup and match as `[F2]` at the file prompt, the menu again after it). The host (this program) plays the person's county on a
//! [`LiveMatch`] whose other side is the friend's, reached through a seat as a friendly is
//! (`friend`); the guest joins with `accc join` (or `[F2]` then `[J]`) as for any friendly.
//!
//! The match is the file's match in play, kept as a person's match is: begun in the save's
//! journal, every action of the person and every choice of the other side (the friend's,
//! or the computer's once it finishes for the friend) noted on disk before play goes on, so
//! that a host killed mid-match resumes exactly, with `[2]` against the computer or with `[F]`
//! and a friend again. The result counts in the championship as any other, added and saved
//! the moment the match ends.

use crossterm::event::KeyEvent;

use super::app::Screen;
use super::file::Open;
use super::friend::Friendly;
use super::friend_setup::{FriendSetup, SetupKey};
use super::playing::{Entry, InPlay};
use crate::counties;
use crate::league::competition::Fixture;
use crate::live::LiveMatch;
use crate::net::host::{self, HostLink, Offer};
use crate::net::seat::{self, SeatNote};
use crate::net::Limits;
use crate::save::record::{FixtureKey, MatchRecord, Mode};

/// The (full, scoreboard) names of a fixture's sides, home first.
fn names(f: &Fixture) -> [(String, String); 2] {
    [f.home, f.away].map(|id| {
        let c = counties::get(id);
        (c.name.clone(), c.short.clone())
    })
}

impl Open {
    /// `[F]`: the person's next match, or the one in play, to be played with a friend: the
    /// setup asks where to meet. Refused, in words, when the person's match is not the one
    /// to play here.
    pub(super) fn friend_key(&mut self) -> Screen {
        match self.friend_fixture() {
            Ok(fixture) => {
                let c = |id| counties::get(id).name.clone();
                let words = format!(
                    "{} v {}: your county's match with a friend",
                    c(fixture.home),
                    c(fixture.away)
                );
                Screen::FriendSetup {
                    setup: Box::new(FriendSetup::for_fixture(words)),
                    fixture,
                }
            }
            Err(why) => self.say(&why),
        }
    }

    /// The fixture `[F]` plays: the match in play (the person's), or the person's next match
    /// when it is the next here.
    fn friend_fixture(&self) -> Result<Fixture, String> {
        if self.comp.is_finished() {
            return Err("The competition is over: all its seasons have been played.".into());
        }
        if self.user_county().is_none() {
            return Err(
                "[F] plays your county's match with a friend: this file has no county \
                        of yours."
                    .into(),
            );
        }
        if let Some(game) = &self.in_play {
            return if self.comp.fixture_involves_user(&game.fixture) {
                Ok(game.fixture)
            } else {
                Err("A watched match is in play: [2] resumes it; finish it first.".into())
            };
        }
        match self.comp.next_fixture(self.class) {
            Some(f) if self.comp.fixture_involves_user(&f) => Ok(f),
            _ => Err(match self.own_next_told() {
                Some(own) => format!("[F] plays your county's match with a friend. {own}"),
                None => {
                    "[F] plays your county's match with a friend: it has none to play now.".into()
                }
            }),
        }
    }

    /// A key on the setup of `[F]`.
    pub(super) fn friend_setup_key(
        &mut self,
        setup: FriendSetup,
        fixture: Fixture,
        k: KeyEvent,
    ) -> Screen {
        match setup.key(k, None) {
            SetupKey::Stay(setup) => Screen::FriendSetup {
                setup: Box::new(setup),
                fixture,
            },
            SetupKey::Back | SetupKey::Start(_) => Screen::Menu,
            SetupKey::Meet {
                door,
                code,
                join_line,
            } => match self.friend_match(fixture) {
                Ok(mut live) => {
                    let human = live.human.expect("the person plays a match with a friend");
                    let mut link = HostLink::new(Offer {
                        code,
                        limits: Limits::default(),
                        names: live.names.clone(),
                        options: live.state.public().options,
                        bot_seed: host::guest_bot_seed(fixture.seed),
                        wait: std::time::Duration::from_secs(1),
                        guest: human.other(),
                    });
                    // A match taken up again: what the friend's side has been through.
                    super::friend::remember_so_far(&mut link, &mut live);
                    let mut friendly = Friendly::host(
                        live,
                        seat::host_seat(link, door),
                        code,
                        join_line,
                        fixture.seed,
                    );
                    // A friend lost: the computer finishes at the championship's own level.
                    if let Friendly::Host(h) = &mut friendly {
                        h.finish_levels = Some(self.comp.settings().levels);
                    }
                    self.class = fixture.class;
                    let mut screen = Screen::Friend {
                        friendly: Box::new(friendly),
                        entry: Entry::Due(fixture),
                    };
                    self.keep_friend_match(&mut screen);
                    screen
                }
                Err(why) => self.say(&why),
            },
        }
    }

    /// The match to play with a friend: the one in play rebuilt from its record, or a new
    /// one begun in the file's journal.
    fn friend_match(&mut self, fixture: Fixture) -> Result<LiveMatch, String> {
        let s = *self.comp.settings();
        let human = crate::live::side_of(s.user_county, fixture.home, fixture.away)
            .ok_or("your county does not play in this match")?;
        if self.in_play.is_some() {
            let game = self
                .keeper
                .in_play()
                .ok_or("the match in play is not kept")?;
            if game.mode != Mode::Play {
                return Err("The match in play is a watched one: [2] resumes it.".into());
            }
            return LiveMatch::replay_with_friend(
                s.options,
                s.levels,
                fixture.seed,
                names(&fixture),
                human,
                game,
            )
            .map_err(|e| format!("The match in play could not be taken up again ({e})."));
        }
        let mut live =
            LiveMatch::begin_with_friend(s.options, s.levels, fixture.seed, names(&fixture), human);
        let game = MatchRecord {
            fixture: FixtureKey::of(&fixture),
            mode: Mode::Play,
            ops: live.take_computer(),
        };
        if let Err(e) = self.keeper.begin_match(game) {
            self.not_kept(&e);
        }
        self.in_play = Some(InPlay::of(fixture, &live));
        Ok(live)
    }

    /// A key on the match with a friend.
    pub(super) fn friend_match_key(
        &mut self,
        mut friendly: Box<Friendly>,
        entry: Entry,
        k: KeyEvent,
    ) -> Screen {
        let done = friendly.key(k);
        let mut screen = Screen::Friend { friendly, entry };
        self.keep_friend_match(&mut screen);
        if done {
            self.leave_friend_match(screen)
        } else {
            screen
        }
    }

    /// A key on the setup of `[P]`, a friendly that does not count: `[Esc]` from its first
    /// question goes back to the menu as it was.
    pub(super) fn friendly_setup_key(
        &mut self,
        setup: FriendSetup,
        k: KeyEvent,
        seed: Option<u64>,
    ) -> Screen {
        match setup.key(k, seed) {
            SetupKey::Stay(setup) => Screen::FriendlySetup(Box::new(setup)),
            // A championship match's setup is not made here.
            SetupKey::Back | SetupKey::Meet { .. } => Screen::Menu,
            SetupKey::Start(friendly) => Screen::Friendly(friendly),
        }
    }

    /// A key on a friendly played from the menu: the menu again once the person is done
    /// with it, the championship untouched.
    pub(super) fn friendly_key(&mut self, mut friendly: Box<Friendly>, k: KeyEvent) -> Screen {
        if friendly.key(k) {
            self.say("The friendly is over; it does not count in the championship.")
        } else {
            Screen::Friendly(friendly)
        }
    }

    /// A word from the seat of the match with a friend (or of a friendly).
    pub(super) fn friend_match_note(&mut self, note: SeatNote) {
        match &mut self.screen {
            Screen::Friend { friendly, .. } => friendly.note(note),
            Screen::Friendly(friendly) => return friendly.note(note),
            _ => {}
        }
        let mut screen = std::mem::replace(&mut self.screen, Screen::Menu);
        self.keep_friend_match(&mut screen);
        self.screen = screen;
    }

    /// Notes on disk what was done since last (the person's actions, the friend's and the
    /// computer's choices), in order, and adds the result to the competition the moment the
    /// match ends.
    fn keep_friend_match(&mut self, screen: &mut Screen) {
        let Screen::Friend { friendly, entry } = screen else {
            return;
        };
        let Friendly::Host(h) = &mut **friendly else {
            return;
        };
        let mut ops = std::mem::take(&mut h.played);
        ops.extend(h.live.take_computer());
        let Entry::Due(fixture) = *entry else {
            return;
        };
        if !ops.is_empty() {
            if let Err(e) = self.keeper.note(&ops) {
                self.not_kept(&e);
            }
        }
        self.in_play = Some(InPlay::of(fixture, &h.live));
        if h.live.state.is_over() {
            match self.add_result(fixture, &h.live) {
                Ok(season_end) => *entry = Entry::Recorded(season_end),
                Err(menu) => *screen = menu,
            }
        }
    }

    /// The person is done with the match with a friend: its result recorded (the season's
    /// end next, if it ended one), or the match kept in play for `[2]` or `[F]`.
    fn leave_friend_match(&mut self, screen: Screen) -> Screen {
        let Screen::Friend { entry, .. } = screen else {
            return screen;
        };
        match entry {
            Entry::Recorded(Some(summary)) => Screen::SeasonEnd { summary, scroll: 0 },
            Entry::Recorded(None) => {
                self.say("The match against your friend is over and counts in the championship.")
            }
            Entry::Due(_) => {
                self.save();
                self.say(
                    "The match is kept as it stands: [F] resumes it with a friend, [2] against \
                     the computer.",
                )
            }
        }
    }
}
