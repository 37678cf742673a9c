//! Setting up a match against a friend from the terminal program, with no cricket file:
//! host one (the counties, the batsmen and the days, the port or a relay) or join one (the
//! host's address or a relay, and the code). `[Enter]` starts it: the host's screen then
//! shows the code and waits; the guest's joins (`friend`).

use std::net::{SocketAddr, TcpListener};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::friend::Friendly;
use super::match_screen::put;
use super::style;
use crate::counties;
use crate::engine::{options, MatchOptions, Side};
use crate::live::LiveMatch;
use crate::net::guest::{Joining, Target};
use crate::net::host::{self, Door, HostLink, Offer};
use crate::net::{seat, Code, Limits};

/// The port a friendly listens on unless told.
pub const PORT: u16 = 4717;

/// Which side of a friendly the person sets up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Join,
}

/// The setup being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendSetup {
    /// Not chosen yet: `[H]` or `[J]`.
    pub role: Option<Role>,
    /// The row the cursor is on.
    pub row: usize,
    /// Indexes into the counties' list.
    pub home: usize,
    pub away: usize,
    pub batsmen: u8,
    pub days: u8,
    pub port: String,
    /// A relay's address (HOST:PORT); empty: listen (host) or connect directly (guest).
    pub relay: String,
    /// The host's address (the guest's).
    pub address: String,
    pub code: String,
    /// Why the last `[Enter]` started nothing.
    pub error: Option<String>,
    /// A championship match to host (its fixture in words): the counties and rules are the
    /// competition's, so only where to meet is asked.
    pub fixture: Option<String>,
}

/// A line of the setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Home,
    Away,
    Batsmen,
    Days,
    Port,
    Relay,
    Address,
    Code,
}

impl Default for FriendSetup {
    fn default() -> FriendSetup {
        let o = MatchOptions::default();
        FriendSetup {
            role: None,
            row: 0,
            home: 0,
            away: 1,
            batsmen: o.batsmen,
            days: o.days,
            port: PORT.to_string(),
            relay: String::new(),
            address: String::new(),
            code: String::new(),
            error: None,
            fixture: None,
        }
    }
}

/// What a key on the setup did.
pub enum SetupKey {
    Stay(FriendSetup),
    /// `[Esc]` from the first question: back to the file prompt.
    Back,
    /// The match is on.
    Start(Box<Friendly>),
    /// A championship match's meeting place is ready (its match is the caller's to make):
    /// the door the guest comes to, the code and the line the guest types.
    Meet {
        door: Door,
        code: Code,
        join_line: String,
    },
}

fn step(v: &mut u8, up: bool, range: std::ops::RangeInclusive<u8>) {
    *v = if up {
        (*v + 1).min(*range.end())
    } else {
        v.saturating_sub(1).max(*range.start())
    };
}

fn step_county(i: &mut usize, up: bool) {
    let n = counties::all().len();
    *i = if up { (*i + 1) % n } else { (*i + n - 1) % n };
}

impl FriendSetup {
    /// The lines of the setup, top to bottom.
    fn rows(&self) -> &'static [Row] {
        match (self.role, &self.fixture) {
            (Some(Role::Host), Some(_)) => &[Row::Port, Row::Relay],
            (Some(Role::Host), None) => &[
                Row::Home,
                Row::Away,
                Row::Batsmen,
                Row::Days,
                Row::Port,
                Row::Relay,
            ],
            (Some(Role::Join), _) => &[Row::Address, Row::Relay, Row::Code],
            (None, _) => &[],
        }
    }

    /// The line the cursor is on.
    fn row_at(&self) -> Option<Row> {
        self.rows().get(self.row).copied()
    }

    /// The text field on the cursor's row, if it is one.
    fn field(&mut self) -> Option<(&mut String, usize)> {
        match self.row_at()? {
            Row::Port => Some((&mut self.port, 5)),
            Row::Relay => Some((&mut self.relay, 60)),
            Row::Address => Some((&mut self.address, 60)),
            Row::Code => Some((&mut self.code, 40)),
            _ => None,
        }
    }

    /// The setup of a championship match of the person's county (`fixture`, in words),
    /// hosted: only where to meet is asked.
    pub fn for_fixture(fixture: String) -> FriendSetup {
        FriendSetup {
            role: Some(Role::Host),
            fixture: Some(fixture),
            ..FriendSetup::default()
        }
    }

    /// Takes a key; `seed` is the match seed to use (none: one from the operating system).
    pub fn key(mut self, k: KeyEvent, seed: Option<u64>) -> SetupKey {
        let Some(_) = self.role else {
            return match k.code {
                KeyCode::Char('h' | 'H') => {
                    self.role = Some(Role::Host);
                    SetupKey::Stay(self)
                }
                KeyCode::Char('j' | 'J') => {
                    self.role = Some(Role::Join);
                    SetupKey::Stay(self)
                }
                KeyCode::Esc => SetupKey::Back,
                _ => {
                    self.error = Some("[H] hosts a match, [J] joins a friend's.".into());
                    SetupKey::Stay(self)
                }
            };
        };
        self.error = None;
        let rows = self.rows().len();
        match k.code {
            // A championship match's setup has no first question to go back to.
            KeyCode::Esc if self.fixture.is_some() => return SetupKey::Back,
            KeyCode::Esc => {
                self.role = None;
                self.row = 0;
                return SetupKey::Stay(self);
            }
            KeyCode::Up => self.row = (self.row + rows - 1) % rows,
            KeyCode::Down | KeyCode::Tab => self.row = (self.row + 1) % rows,
            KeyCode::Enter if self.fixture.is_some() => {
                return match self.meet() {
                    Ok((door, code, join_line)) => SetupKey::Meet {
                        door,
                        code,
                        join_line,
                    },
                    Err(e) => {
                        self.error = Some(e);
                        SetupKey::Stay(self)
                    }
                }
            }
            KeyCode::Enter => {
                return match self.start(seed) {
                    Ok(f) => SetupKey::Start(Box::new(f)),
                    Err(e) => {
                        self.error = Some(e);
                        SetupKey::Stay(self)
                    }
                }
            }
            KeyCode::Left | KeyCode::Right => {
                let up = k.code == KeyCode::Right;
                match self.row_at() {
                    Some(Row::Home) => step_county(&mut self.home, up),
                    Some(Row::Away) => step_county(&mut self.away, up),
                    Some(Row::Batsmen) => step(&mut self.batsmen, up, options::BATSMEN),
                    Some(Row::Days) => step(&mut self.days, up, options::DAYS),
                    _ => {}
                }
            }
            KeyCode::Backspace => {
                if let Some((f, _)) = self.field() {
                    f.pop();
                }
            }
            KeyCode::Char(c) if !c.is_control() => match self.field() {
                Some((f, max)) if f.chars().count() < max && !c.is_whitespace() => f.push(c),
                Some(_) => {}
                None => {
                    self.error = Some(
                        "[Left]/[Right] change this line, [Up]/[Down] move, [Enter] starts.".into(),
                    )
                }
            },
            _ => {}
        }
        SetupKey::Stay(self)
    }

    /// Starts the match as set up, or says why not.
    fn start(&self, seed: Option<u64>) -> Result<Friendly, String> {
        match self.role {
            Some(Role::Host) => self.start_host(seed),
            Some(Role::Join) => self.start_join(),
            None => Err("[H] hosts a match, [J] joins a friend's.".into()),
        }
    }

    fn start_host(&self, seed: Option<u64>) -> Result<Friendly, String> {
        let all = counties::all();
        let (h, a) = (&all[self.home], &all[self.away]);
        if self.home == self.away {
            return Err("The two sides must be different counties.".into());
        }
        let options = MatchOptions {
            batsmen: self.batsmen,
            days: self.days,
            ..MatchOptions::default()
        };
        let seed = match seed {
            Some(s) => s,
            None => host::random_seed().map_err(|e| format!("No seed could be drawn: {e}."))?,
        };
        let (door, code, join_line) = self.meet()?;
        let link = HostLink::new(Offer {
            code,
            limits: Limits::default(),
            names: [h.name.clone(), a.name.clone()],
            options,
            bot_seed: host::guest_bot_seed(seed),
            wait: Duration::from_secs(1),
            guest: Side::Away,
        });
        let live = LiveMatch::with_friend(
            options,
            seed,
            [
                (h.name.clone(), h.short.clone()),
                (a.name.clone(), a.short.clone()),
            ],
            Side::Home,
        );
        Ok(Friendly::host(
            live,
            seat::host_seat(link, door),
            code,
            join_line,
            seed,
        ))
    }

    /// A new code and the door the guest comes to (the port listened on, or the relay),
    /// with the line the guest types.
    fn meet(&self) -> Result<(Door, Code, String), String> {
        let code = Code::random().map_err(|e| format!("No code could be drawn: {e}."))?;
        let relay = self.relay.trim();
        if relay.is_empty() {
            let port: u16 = self
                .port
                .parse()
                .map_err(|_| "The port is a number from 0 to 65535.".to_string())?;
            let listener = TcpListener::bind(SocketAddr::from(([0, 0, 0, 0], port)))
                .map_err(|e| format!("Port {port} cannot be listened on ({e}): try another."))?;
            let door = Door::listen(listener).map_err(|e| format!("Listening failed ({e})."))?;
            let port = door.local_addr().map(|a| a.port()).unwrap_or(port);
            let line = format!("accc join THIS-MACHINE:{port} --code {code}");
            Ok((door, code, line))
        } else {
            let line = format!("accc join --relay {relay} --code {code}");
            Ok((Door::relay(relay, code.slot()), code, line))
        }
    }

    fn start_join(&self) -> Result<Friendly, String> {
        let code = Code::parse(self.code.trim()).map_err(|e| format!("The code: {e}."))?;
        let (relay, address) = (self.relay.trim(), self.address.trim());
        let (target, words) = match (relay.is_empty(), address.is_empty()) {
            (false, _) => (Target::Relay(relay.into()), format!("the relay {relay}")),
            (true, false) => (Target::Direct(address.into()), address.to_string()),
            (true, true) => {
                return Err("Type the host's address (e.g. 192.168.1.20:4717) or a relay's.".into())
            }
        };
        let seat = seat::guest_seat(Joining {
            target,
            code,
            limits: Limits::default(),
            wait: Duration::from_secs(60),
        });
        Ok(Friendly::guest(seat, code, words))
    }
}

/// Draws the setup in an 80x25 area.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
pub fn draw(f: &mut Frame, area: Rect, s: &FriendSetup) {
    put(
        f,
        area,
        0,
        0,
        vec![Span::styled(
            format!("{:<80}", " Play a friend: a match over the network"),
            style::title(),
        )],
    );
    let text = |f: &mut Frame, y: u16, line: String| {
        put(f, area, 1, y, vec![Span::styled(line, style::text())]);
    };
    let hint = match s.role {
        None => {
            text(
                f,
                3,
                "Two people, two terminals: one hosts the match and plays the home".into(),
            );
            text(
                f,
                4,
                "county; the other joins with the code the host is shown.".into(),
            );
            put(
                f,
                area,
                3,
                7,
                vec![Span::styled("[H] Host a match", style::key())],
            );
            put(
                f,
                area,
                3,
                9,
                vec![Span::styled("[J] Join a friend's match", style::key())],
            );
            "[H] host  [J] join  [Esc] back"
        }
        Some(role) => {
            let all = counties::all();
            let rows: Vec<(String, String)> = s
                .rows()
                .iter()
                .map(|row| match row {
                    Row::Home => ("You play (home)".into(), all[s.home].name.clone()),
                    Row::Away => ("Your friend plays (away)".into(), all[s.away].name.clone()),
                    Row::Batsmen => ("Batsmen a side".into(), s.batsmen.to_string()),
                    Row::Days => ("Days".into(), s.days.to_string()),
                    Row::Port => ("Port to listen on".into(), s.port.clone()),
                    Row::Relay => ("Or meet at a relay".into(), s.relay.clone()),
                    Row::Address => ("The host's address".into(), s.address.clone()),
                    Row::Code => ("The code".into(), s.code.clone()),
                })
                .collect();
            let heading = match (role, &s.fixture) {
                (Role::Host, Some(fixture)) => fixture.as_str(),
                (Role::Host, None) => "Host a match",
                (Role::Join, _) => "Join a friend's match",
            };
            put(f, area, 1, 2, vec![Span::styled(heading, style::bright())]);
            for (i, (label, value)) in rows.iter().enumerate() {
                let st = if i == s.row {
                    style::cursor()
                } else {
                    style::text()
                };
                put(
                    f,
                    area,
                    3,
                    4 + 2 * i as u16,
                    vec![
                        Span::styled(format!("{label:<26}"), style::text()),
                        Span::styled(format!(" {value:<30}"), st),
                    ],
                );
            }
            if s.fixture.is_some() {
                text(
                    f,
                    10,
                    "You play your county; your friend plays the other. The result counts".into(),
                );
                text(
                    f,
                    11,
                    "in the championship, and the match is kept ball by ball as you play.".into(),
                );
            }
            match role {
                Role::Host if s.fixture.is_some() => {
                    "[Up]/[Down] move  type the port or a relay  [Enter] start  [Esc] back"
                }
                Role::Host => "[Up]/[Down] move  [Left]/[Right] change  [Enter] start  [Esc] back",
                Role::Join => {
                    "[Up]/[Down] move  type the address and code  [Enter] join  [Esc] back"
                }
            }
        }
    };
    if let Some(e) = &s.error {
        put(
            f,
            area,
            1,
            21,
            vec![Span::styled(e.clone(), style::error())],
        );
    }
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(hint.to_string(), style::key())],
    );
}
