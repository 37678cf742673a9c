//! Setting up a match against a friend from the terminal program, with no cricket file:
//! host one (the counties, the batsmen and the days, the port or a relay) or join one (the
//! host's address or a relay, and the code). `[Enter]` starts it: the host's screen then
//! shows the code and waits; the guest's joins (`friend`). A hosted friendly is kept in the
//! saves folder as it is played (`save::friendly`); when one is kept, `[R]` takes it up again
//! on the same ball with a new code, and `[X]` (twice) drops it.

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
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
use crate::save::friendly::{self, FriendlyError, FriendlyFile, FriendlySetup as Kept};

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
    /// The saves folder, where a hosted friendly is kept (none: it is kept only in memory).
    pub saves: Option<PathBuf>,
    /// The friendly kept in the saves folder, in words ("Lancashire v Kent"), if one is.
    pub kept: Option<String>,
    /// Why the friendly kept there cannot be used, if it cannot.
    pub kept_damaged: Option<String>,
    /// `[R]`: the kept friendly is being taken up again (only where to meet is asked).
    pub resume: bool,
    /// `[X]` was pressed once: a second drops the kept friendly.
    pub dropping: bool,
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
            saves: None,
            kept: None,
            kept_damaged: None,
            resume: false,
            dropping: false,
        }
    }
}

/// A kept friendly's counties in words.
fn kept_words(s: &Kept) -> String {
    format!(
        "{} v {}",
        counties::get(s.home).name,
        counties::get(s.away).name
    )
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

/// The id of the county at `index` in the counties' list.
fn county_id(index: usize) -> Result<counties::CountyId, String> {
    counties::CountyId::try_from(index).map_err(|_| format!("No county {index}."))
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Why the kept friendly cannot be begun or taken up, as the setup says it.
fn kept_error(e: &FriendlyError) -> String {
    match e {
        FriendlyError::AlreadyKept(_) => {
            "A match is kept to resume later: [Esc], then [R] takes it up or [X] drops it.".into()
        }
        e => format!("{}.", capitalised(&e.to_string())),
    }
}

impl FriendSetup {
    /// The lines of the setup, top to bottom.
    fn rows(&self) -> &'static [Row] {
        match (self.role, &self.fixture) {
            (Some(Role::Host), Some(_)) => &[Row::Port, Row::Relay],
            (Some(Role::Host), None) if self.resume => &[Row::Port, Row::Relay],
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

    /// The setup of a friendly from the file prompt, kept in the saves folder `saves`: it
    /// offers the friendly kept there, if one is.
    pub fn in_folder(saves: &Path) -> FriendSetup {
        let mut s = FriendSetup {
            saves: Some(saves.to_path_buf()),
            ..FriendSetup::default()
        };
        s.look();
        s
    }

    /// Looks again at the friendly kept in the saves folder.
    fn look(&mut self) {
        let Some(dir) = &self.saves else {
            return;
        };
        (self.kept, self.kept_damaged) = match friendly::look(dir) {
            Ok(kept) => (kept.map(|k| kept_words(&k.setup)), None),
            Err(e) => (None, Some(format!("{e}."))),
        };
    }

    /// A key at the first question: host, join, or (when one is kept) resume or drop.
    fn first_key(mut self, k: KeyEvent) -> SetupKey {
        let dropping = std::mem::take(&mut self.dropping);
        self.error = None;
        match k.code {
            KeyCode::Char('h' | 'H') if self.kept.is_some() => {
                self.error = Some(
                    "A match is kept to resume later: [R] takes it up, [X] drops it first.".into(),
                );
            }
            KeyCode::Char('h' | 'H') => self.role = Some(Role::Host),
            KeyCode::Char('j' | 'J') => self.role = Some(Role::Join),
            KeyCode::Char('r' | 'R') if self.kept.is_some() => {
                self.role = Some(Role::Host);
                self.resume = true;
            }
            KeyCode::Char('x' | 'X') if self.kept.is_some() && dropping => {
                let dropped = self.saves.as_deref().map(friendly::drop_kept);
                self.error = Some(match dropped {
                    Some(Ok(said)) => format!("{}.", capitalised(&said)),
                    Some(Err(e)) => format!("{}.", capitalised(&e.to_string())),
                    None => String::new(),
                });
                self.look();
            }
            KeyCode::Char('x' | 'X') if self.kept.is_some() => {
                self.dropping = true;
                self.error = Some(format!(
                    "[X] again drops {} for good; any other key keeps it.",
                    self.kept.as_deref().unwrap_or("the kept match")
                ));
            }
            KeyCode::Esc => return SetupKey::Back,
            _ => self.error = Some("[H] hosts a match, [J] joins a friend's.".into()),
        }
        SetupKey::Stay(self)
    }

    /// Takes a key; `seed` is the match seed to use (none: one from the operating system).
    pub fn key(mut self, k: KeyEvent, seed: Option<u64>) -> SetupKey {
        if self.role.is_none() {
            return self.first_key(k);
        }
        self.error = None;
        let rows = self.rows().len();
        match k.code {
            // A championship match's setup has no first question to go back to.
            KeyCode::Esc if self.fixture.is_some() => return SetupKey::Back,
            KeyCode::Esc => {
                self.role = None;
                self.row = 0;
                self.resume = false;
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
            Some(Role::Host) if self.resume => self.start_resumed(),
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
        // Kept from here on: nothing is kept of an offer that could not be made.
        let kept = match &self.saves {
            Some(dir) => {
                let setup = Kept {
                    options,
                    host: Side::Home,
                    home: county_id(self.home)?,
                    away: county_id(self.away)?,
                    seed,
                };
                let (file, said) = FriendlyFile::begin(dir, setup).map_err(|e| kept_error(&e))?;
                Some((file, said))
            }
            None => None,
        };
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
        let friendly = Friendly::host(live, seat::host_seat(link, door), code, join_line, seed);
        Ok(match kept {
            Some((file, said)) => {
                let mut f = friendly.kept_in(file, false);
                if let (Some(said), Friendly::Host(h)) = (said, &mut f) {
                    h.said = Some(said);
                }
                f
            }
            None => friendly,
        })
    }

    /// `[R]`: the kept friendly taken up again on the same ball, with a new code.
    fn start_resumed(&self) -> Result<Friendly, String> {
        let dir = self
            .saves
            .as_deref()
            .ok_or("No saves folder is known here.")?;
        let (file, kept) = FriendlyFile::resume(dir).map_err(|e| kept_error(&e))?;
        let s = kept.setup;
        let names = [s.home, s.away].map(|id| {
            let c = counties::get(id);
            (c.name.clone(), c.short.clone())
        });
        let levels = crate::play::Levels { bat: 5, bowl: 5 };
        let mut live = LiveMatch::replay_with_friend(
            s.options,
            levels,
            s.seed,
            names.clone(),
            s.host,
            &s.record(kept.ops),
        )
        .map_err(|e| format!("The kept match could not be taken up again ({e})."))?;
        let (door, code, join_line) = self.meet()?;
        let mut link = HostLink::new(Offer {
            code,
            limits: Limits::default(),
            names: names.map(|n| n.0),
            options: s.options,
            bot_seed: host::guest_bot_seed(s.seed),
            wait: Duration::from_secs(1),
            guest: s.host.other(),
        });
        // What the friend's side has been through, for the new guest.
        super::friend::remember_so_far(&mut link, &mut live);
        let mut f = Friendly::host(live, seat::host_seat(link, door), code, join_line, s.seed)
            .kept_in(file, true);
        if let (Some(note), Friendly::Host(h)) = (kept.note, &mut f) {
            h.said = Some(note);
        }
        Ok(f)
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
    let hint = match s.role {
        None => draw_first(f, area, s),
        Some(role) => draw_rows(f, area, s, role),
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

/// The first question: host or join (or take up the match kept); returns the keys' hint.
fn draw_first(f: &mut Frame, area: Rect, s: &FriendSetup) -> &'static str {
    let text = |f: &mut Frame, y: u16, line: &str| {
        put(
            f,
            area,
            1,
            y,
            vec![Span::styled(line.to_string(), style::text())],
        );
    };
    text(
        f,
        3,
        "Two people, two terminals: one hosts the match and plays the home",
    );
    text(
        f,
        4,
        "county; the other joins with the code the host is shown.",
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
    if let Some(damaged) = &s.kept_damaged {
        for (i, l) in super::draw::fit(damaged, 78, 3).into_iter().enumerate() {
            put(
                f,
                area,
                1,
                13 + row(i),
                vec![Span::styled(l, style::error())],
            );
        }
    }
    let Some(kept) = &s.kept else {
        return "[H] host  [J] join  [Esc] back";
    };
    put(
        f,
        area,
        3,
        11,
        vec![Span::styled(
            format!("[R] Resume the match kept: {kept}"),
            style::key(),
        )],
    );
    text(
        f,
        13,
        "It goes on from the ball it was left at; your friend joins with a new code.",
    );
    "[R] resume  [X] drop the kept match  [J] join  [Esc] back"
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows of a screen (a few dozen at most) fit a u16"
)]
fn row(i: usize) -> u16 {
    i as u16
}

/// The lines of a host's or a guest's setup; returns the keys' hint.
fn draw_rows(f: &mut Frame, area: Rect, s: &FriendSetup, role: Role) -> &'static str {
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
    let resumed = s
        .kept
        .as_ref()
        .filter(|_| s.resume)
        .map(|k| format!("{k}: the match kept, taken up again"));
    let heading = match (role, &s.fixture, &resumed) {
        (Role::Host, Some(fixture), _) => fixture.as_str(),
        (Role::Host, None, Some(resumed)) => resumed.as_str(),
        (Role::Host, None, None) => "Host a match",
        (Role::Join, _, _) => "Join a friend's match",
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
            4 + 2 * row(i),
            vec![
                Span::styled(format!("{label:<26}"), style::text()),
                Span::styled(format!(" {value:<30}"), st),
            ],
        );
    }
    let text = |f: &mut Frame, y: u16, line: &str| {
        put(
            f,
            area,
            1,
            y,
            vec![Span::styled(line.to_string(), style::text())],
        );
    };
    if s.fixture.is_some() {
        text(
            f,
            10,
            "You play your county; your friend plays the other. The result counts",
        );
        text(
            f,
            11,
            "in the championship, and the match is kept ball by ball as you play.",
        );
    } else if s.resume {
        text(
            f,
            10,
            "The match goes on from the ball it was left at; your friend joins with",
        );
        text(f, 11, "the new code you will be shown.");
    }
    match role {
        Role::Host if s.fixture.is_some() || s.resume => {
            "[Up]/[Down] move  type the port or a relay  [Enter] start  [Esc] back"
        }
        Role::Host => "[Up]/[Down] move  [Left]/[Right] change  [Enter] start  [Esc] back",
        Role::Join => "[Up]/[Down] move  type the address and code  [Enter] join  [Esc] back",
    }
}
