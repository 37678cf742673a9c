//! A match against a friend over the network, on the match screen. The host's person plays
//! the home county on a [`LiveMatch`] whose other side is the friend's; the guest's person
//! plays the away county on a [`GuestMatch`] built from what the host sends. Both draw and
//! take keys through the one match screen (`match_screen`, over [`Table`]).
//!
//! The network's blocking work is a seat's thread (`net::seat`); this screen sends it
//! commands and takes its notes as [`Msg::Net`](super::app::Msg::Net) messages, so that
//! everything here is tested without a socket. A line that drops pauses both screens
//! ("waiting for Kent to come back"): the guest's seat rejoins by itself with the same code;
//! the host's person may let the computer finish the friend's side at a level they pick, or
//! wait, or leave. A friendly's host keeps the match in the saves folder as it is played
//! (`save::friendly`): `[K]` leaves it kept to resume later, a finished or abandoned one is
//! removed.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::match_screen::{self, put, MatchKey};
use super::playing::FinalCard;
use super::style;
use crate::ai::Level;
use crate::engine::Side;
use crate::live::guest::GuestMatch;
use crate::live::table::Table;
use crate::live::LiveMatch;
use crate::net::protocol::{card_to_wire, WirePublic};
use crate::net::seat::{GuestCmd, HostCmd, Seat, SeatNote};
use crate::net::Code;
use crate::play::Levels;
use crate::save::friendly::FriendlyFile;
use crate::save::record::Op;

/// Tells a new guest's link what the friend's side has been through in a match taken up
/// again: its decisions so far (the guest's catch-up) and what it was told of the match (its
/// story: a new guest's commentary), not as news that would stop play at every wicket again.
pub fn remember_so_far(link: &mut crate::net::host::HostLink, live: &mut LiveMatch) {
    link.remember(
        live.friend_history()
            .iter()
            .map(|(v, c)| (v.clone(), crate::net::protocol::WireChoice::from(*c)))
            .collect(),
    );
    if !live.friend_history().is_empty() {
        link.remember_story(live.take_friend_events());
    }
}

/// A match against a friend, on one side of it.
pub enum Friendly {
    Host(Box<HostTable>),
    Guest(Box<GuestTable>),
}

/// The host's side: the match itself, and the seat that reaches the guest.
pub struct HostTable {
    pub live: LiveMatch,
    pub seat: Option<Seat<HostCmd>>,
    pub code: Code,
    /// How the guest reaches this match, as they type it (`accc join ... --code ...`).
    pub join_line: String,
    /// The match's seed (told with the result, when the match is over).
    pub seed: u64,
    /// The guest has come.
    pub joined: bool,
    /// The guest is asked the question due and has not answered.
    pub asked: bool,
    /// The match is stopped for the guest: why ("the connection to Kent was lost"), or
    /// that it left.
    pub lost: Option<String>,
    /// The guest cannot come (back): why.
    pub failed: Option<String>,
    /// The result was sent.
    pub finished: bool,
    /// The last word from the network ("a connection that was not the guest was dropped").
    pub said: Option<String>,
    /// The final scoreboard, once the match is over and its last stop passed.
    pub card: Option<(FinalCard, usize)>,
    pub note: Option<String>,
    /// The person's actions since last taken, in order (a championship match notes them in
    /// its file's journal, with the other side's choices that followed).
    pub played: Vec<Op>,
    /// A friendly's file in the saves folder, where every action is noted as it is made
    /// (none for a championship match, which its competition's file keeps).
    pub kept: Option<FriendlyFile>,
    /// The friendly was taken up again from its file (leaving before the friend comes
    /// keeps it, rather than dropping a match begun).
    pub resumed: bool,
    /// The levels `[Enter]` lets the computer finish a lost friend's side at: a
    /// championship's own computer players' (none: a friendly, where `[1]`-`[5]` choose).
    pub finish_levels: Option<Levels>,
    /// What the guest was last told of the host's person being away from the table (in
    /// the help, or asked whether to leave): the reason it was told, or none.
    pub held: Option<String>,
}

/// The guest's side: its view of the match once welcomed, and the seat that reaches the
/// host.
pub struct GuestTable {
    pub table: Option<GuestMatch>,
    pub seat: Option<Seat<GuestCmd>>,
    pub code: Code,
    /// Where the host is, in words.
    pub target: String,
    /// The connection is lost (why) and being made again.
    pub lost: Option<String>,
    /// The seat cannot go on: why.
    pub failed: Option<String>,
    pub said: Option<String>,
    pub card: Option<(FinalCard, usize)>,
}

/// The (full, scoreboard) names of a county named `name`; a name this build does not know is
/// its own scoreboard name.
pub fn names_of(name: &str) -> (String, String) {
    match crate::counties::find(name) {
        Ok(id) => {
            let c = crate::counties::get(id);
            (c.name.clone(), c.short.clone())
        }
        Err(_) => (name.to_string(), name.to_string()),
    }
}

impl Friendly {
    /// The host's side of a new match, its seat waiting for the guest.
    pub fn host(
        live: LiveMatch,
        seat: Seat<HostCmd>,
        code: Code,
        join_line: String,
        seed: u64,
    ) -> Friendly {
        let mut h = HostTable {
            live,
            seat: Some(seat),
            code,
            join_line,
            seed,
            joined: false,
            asked: false,
            lost: None,
            failed: None,
            finished: false,
            said: None,
            card: None,
            note: None,
            played: Vec::new(),
            kept: None,
            resumed: false,
            finish_levels: None,
            held: None,
        };
        h.sync();
        Friendly::Host(Box::new(h))
    }

    /// The host's friendly, kept in `file` from now on (`resumed`: taken up from it).
    pub fn kept_in(mut self, file: FriendlyFile, resumed: bool) -> Friendly {
        if let Friendly::Host(h) = &mut self {
            h.kept = Some(file);
            h.resumed = resumed;
            h.keep();
        }
        self
    }

    /// The guest's side, its seat joining.
    pub fn guest(seat: Seat<GuestCmd>, code: Code, target: String) -> Friendly {
        Friendly::Guest(Box::new(GuestTable {
            table: None,
            seat: Some(seat),
            code,
            target,
            lost: None,
            failed: None,
            said: None,
            card: None,
        }))
    }

    /// The next note from the seat's thread, if one has come.
    pub fn try_note(&self) -> Option<SeatNote> {
        match self {
            Friendly::Host(h) => h.seat.as_ref()?.try_note(),
            Friendly::Guest(g) => g.seat.as_ref()?.try_note(),
        }
    }

    /// Takes a note from the seat's thread.
    pub fn note(&mut self, note: SeatNote) {
        match self {
            Friendly::Host(h) => {
                h.note(note);
                h.keep();
            }
            Friendly::Guest(g) => g.note(note),
        }
    }

    /// Takes a key; `true` when the person is done with the match (left it, or passed its
    /// final scoreboard).
    pub fn key(&mut self, k: KeyEvent) -> bool {
        match self {
            Friendly::Host(h) => {
                let done = h.key(k);
                h.keep();
                done
            }
            Friendly::Guest(g) => g.key(k),
        }
    }
}

/// The line a JSON reader of the guest gets with the result: the counties, the seed and
/// the result in words.
fn result_json(live: &LiveMatch, seed: u64) -> String {
    let p = live.state.public();
    let names = &live.names;
    let result = p
        .result
        .as_ref()
        .map(|r| r.describe(|s| names[s.index()].clone()))
        .unwrap_or_default();
    let points = p.result.as_ref().map(|r| r.points).unwrap_or([0, 0]);
    serde_json::json!({
        "seed": seed,
        "home": names[0],
        "away": names[1],
        "result": result,
        "points": points,
    })
    .to_string()
}

/// Scrolls a final scoreboard by a key; `true` when the key leaves it.
fn card_key(card: &mut (FinalCard, usize), k: KeyEvent) -> bool {
    match k.code {
        KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ') => true,
        code => {
            card.1 = super::app::scrolled(
                card.1,
                code,
                card.0.lines.len(),
                super::draw::SCORECARD_ROWS,
            );
            false
        }
    }
}

impl HostTable {
    /// The friend's county (the away side, but in a championship match of the person's
    /// county played away from home).
    fn friend_name(&self) -> &str {
        let friend = self.live.human.map_or(Side::Away, Side::other);
        &self.live.names[friend.index()]
    }

    /// A friendly's actions since last noted, on disk before play goes on; its files removed
    /// once the match is over. (A championship match's are its file's: see `friend_match`.)
    fn keep(&mut self) {
        let Some(file) = &mut self.kept else {
            return;
        };
        let mut ops = std::mem::take(&mut self.played);
        ops.extend(self.live.take_computer());
        if let Err(e) = file.note(&ops) {
            self.note = Some(format!("The match could not be kept on disk: {e}."));
        }
        if self.live.state.is_over() {
            self.drop_kept();
        }
    }

    /// The friendly is over or abandoned: its files go.
    fn drop_kept(&mut self) {
        if let Some(file) = self.kept.take() {
            if let Err(e) = file.finish() {
                self.note = Some(format!("The kept match could not be removed: {e}."));
            }
        }
    }

    /// The friendly is left kept to resume later: the friend is told, the file let go.
    fn keep_for_later(&mut self) {
        if let Some(seat) = self.seat.take() {
            seat.send(HostCmd::Leave(
                "the host kept the match to resume later".into(),
            ));
        }
        self.kept = None;
    }

    /// Tells the seat what has changed: the events since, and then the question for the
    /// guest, the table as it stands, or the result.
    pub fn sync(&mut self) {
        let Some(seat) = &self.seat else {
            return;
        };
        let events = self.live.take_friend_events();
        let Some(side) = self.live.friend else {
            return;
        };
        if !events.is_empty() {
            seat.send(HostCmd::Events(events));
        }
        let table = HostCmd::Table {
            public: WirePublic::from(self.live.state.public()),
            hand: self
                .live
                .state
                .hand(side)
                .iter()
                .map(|&c| card_to_wire(c))
                .collect(),
        };
        if self.live.state.is_over() {
            if !self.finished {
                self.finished = true;
                // The last ball's table first: the scoreboard as it ended.
                seat.send(table);
                seat.send(HostCmd::Finish {
                    state: Box::new(self.live.state.clone()),
                    json: result_json(&self.live, self.seed),
                });
            }
            return;
        }
        if self.live.friend_to_act().is_some() {
            if !self.asked {
                self.asked = true;
                seat.send(HostCmd::Ask(Box::new(self.live.state.clone())));
            }
        } else {
            seat.send(table);
        }
    }

    fn note(&mut self, note: SeatNote) {
        let friend = self.friend_name().to_string();
        match note {
            SeatNote::Joined(_) => {
                self.joined = true;
                self.lost = None;
                self.failed = None;
                self.said = None;
                // A guest come back has heard nothing of the person being away.
                if self.held.take().is_some() {
                    self.tell_held();
                }
            }
            SeatNote::Chose(c) => {
                self.asked = false;
                if self.live.friend.is_some() && self.live.friend_chose(c).is_err() {
                    // The seat checked it against the same state: not expected, but a
                    // choice not allowed here is asked again rather than played.
                    self.note = Some(format!("{friend}'s choice did not fit: asked again"));
                }
                self.sync();
            }
            SeatNote::Lost(why) => {
                self.lost = Some(format!("The connection to {friend} was lost ({why})."));
            }
            SeatNote::Left => {
                self.lost = Some(format!("{friend} left the match."));
                self.seat = None;
            }
            SeatNote::Failed(why) => {
                self.failed = Some(why);
                self.seat = None;
            }
            SeatNote::Said(line) => self.said = Some(line),
            SeatNote::Host(_) => {}
        }
    }

    /// Whether play is stopped for the guest: lost, gone, or not come.
    fn stopped(&self) -> bool {
        self.live.friend.is_some() && (self.lost.is_some() || self.failed.is_some())
    }

    /// Tells the guest when the person leaves the table for the help or the question
    /// whether to leave the match, and when they come back (the guest's screen then says
    /// whom it waits for, and why).
    fn tell_held(&mut self) {
        let me = &self.live.names[self.live.human.unwrap_or(Side::Home).index()];
        let desk = &self.live.desk;
        let now = if desk.leaving {
            Some(format!("{me}, who is asked whether to leave the match"))
        } else if desk.help.is_some() {
            Some(format!("{me}, in the help"))
        } else {
            None
        };
        if now == self.held {
            return;
        }
        if let Some(seat) = &self.seat {
            seat.send(HostCmd::Hold(now.clone()));
        }
        self.held = now;
    }

    /// A key while play is stopped for the friend: a computer level finishes the side, or
    /// the person leaves; `true` when they leave.
    fn stopped_key(&mut self, k: KeyEvent) -> bool {
        let levels = match (k.code, self.finish_levels) {
            (KeyCode::Char(c @ '1'..='5'), _) => {
                let level = Level::new(c as u8 - b'0').expect("1-5 is a level");
                Some((level, level))
            }
            (KeyCode::Enter, Some(l)) => l.checked().ok(),
            _ => None,
        };
        if let Some((bat, bowl)) = levels {
            self.seat = None;
            self.lost = None;
            self.failed = None;
            self.asked = false;
            self.live.let_computer_finish(bat, bowl);
            return false;
        }
        if matches!(k.code, KeyCode::Char('k' | 'K')) && self.kept.is_some() {
            self.keep_for_later();
            return true;
        }
        if k.code == KeyCode::Esc {
            if let Some(seat) = self.seat.take() {
                seat.send(HostCmd::Leave("the host left the match".into()));
            }
            self.drop_kept();
            return true;
        }
        self.note = Some(match (self.finish_levels, self.kept.is_some()) {
            (Some(_), _) => {
                "[Enter] lets the computer finish the side at the championship's level, \
                        [1]-[5] at another, [Esc] leaves."
                    .into()
            }
            (None, true) => "[1]-[5] lets the computer finish the side at that level, [K] keeps \
                             the match to resume later, [Esc] leaves."
                .into(),
            (None, false) => {
                "[1]-[5] lets the computer finish the side at that level, [Esc] leaves.".into()
            }
        });
        false
    }

    fn key(&mut self, k: KeyEvent) -> bool {
        self.note = None;
        if let Some(card) = &mut self.card {
            return card_key(card, k);
        }
        if !self.joined {
            // Nothing to play until the guest comes: [Esc] takes the offer back (a match
            // taken up again stays kept).
            let done = k.code == KeyCode::Esc || self.failed.is_some();
            if done && !self.resumed {
                self.drop_kept();
            }
            return done;
        }
        if self.stopped() {
            return self.stopped_key(k);
        }
        let key = match_screen::key(&mut self.live, k);
        self.tell_held();
        match key {
            MatchKey::Played(op) => {
                self.played.push(op);
                if op == Op::Resume && self.live.state.is_over() && self.live.paused.is_none() {
                    self.card = Some((FinalCard::of(&self.live), 0));
                }
                self.sync();
                false
            }
            MatchKey::Leave => {
                if let Some(seat) = self.seat.take() {
                    seat.send(HostCmd::Leave(format!(
                        "{} left the match",
                        self.live.names[self.live.human.unwrap_or(Side::Home).index()]
                    )));
                }
                self.drop_kept();
                true
            }
            MatchKey::Handled | MatchKey::Ignored => false,
        }
    }
}

impl GuestTable {
    /// Sends the answers the match has for the host.
    fn send_answers(&mut self) {
        let (Some(table), Some(seat)) = (&mut self.table, &self.seat) else {
            return;
        };
        for (number, choice) in table.take_answers() {
            seat.send(GuestCmd::Choose(number, choice));
        }
    }

    fn note(&mut self, note: SeatNote) {
        match note {
            SeatNote::Joined(Some(w)) => {
                self.lost = None;
                self.said = None;
                match &mut self.table {
                    Some(t) => t.rejoined(),
                    None => {
                        let names = [names_of(&w.names[0]), names_of(&w.names[1])];
                        self.table = Some(GuestMatch::new(w.options, names, w.side, w.bot_seed));
                    }
                }
            }
            SeatNote::Joined(None) | SeatNote::Chose(_) | SeatNote::Left => {}
            SeatNote::Host(msg) => {
                if let Some(t) = &mut self.table {
                    if let Err(e) = t.receive(msg) {
                        t.desk.note = Some(e.to_string());
                    }
                }
                self.send_answers();
            }
            SeatNote::Lost(why) => {
                if let Some(t) = &mut self.table {
                    let host = t.names[t.side.other().index()].clone();
                    t.held = Some(format!("{host} to come back"));
                    t.desk.note = Some(format!("The connection was lost ({why}): joining again."));
                }
                self.lost = Some(why);
            }
            SeatNote::Failed(why) => {
                self.failed = Some(why);
                self.seat = None;
            }
            SeatNote::Said(line) => self.said = Some(line),
        }
    }

    fn key(&mut self, k: KeyEvent) -> bool {
        if let Some(card) = &mut self.card {
            return card_key(card, k);
        }
        let Some(table) = &mut self.table else {
            return k.code == KeyCode::Esc || self.failed.is_some();
        };
        // The host gone for good, and the match not over: any key leaves.
        if (self.failed.is_some() || table.ended.is_some()) && !table.is_over() {
            return matches!(k.code, KeyCode::Esc | KeyCode::Enter);
        }
        match match_screen::key(table, k) {
            MatchKey::Played(op) => {
                if op == Op::Resume && table.is_over() && table.paused.is_none() {
                    self.card = Some((FinalCard::of(table), 0));
                }
                self.send_answers();
                false
            }
            MatchKey::Leave => {
                if let Some(seat) = self.seat.take() {
                    seat.send(GuestCmd::Leave);
                }
                true
            }
            MatchKey::Handled | MatchKey::Ignored => false,
        }
    }
}

// ----- drawing -----

/// Draws the friendly in an 80x25 area.
pub fn draw(f: &mut Frame, area: Rect, friendly: &Friendly) {
    match friendly {
        Friendly::Host(h) => draw_host(f, area, h),
        Friendly::Guest(g) => draw_guest(f, area, g),
    }
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn line(f: &mut Frame, area: Rect, y: u16, text: &str, st: ratatui::style::Style) {
    for (i, l) in super::draw::fit(text, 78, 2).into_iter().enumerate() {
        put(f, area, 1, y + i as u16, vec![Span::styled(l, st)]);
    }
}

fn title(f: &mut Frame, area: Rect, names: &[String; 2]) {
    let t = format!(" {} v {}: a match against a friend", names[0], names[1]);
    put(
        f,
        area,
        0,
        0,
        vec![Span::styled(format!("{t:<80}"), style::title())],
    );
}

fn footer(f: &mut Frame, area: Rect, text: &str, hint: &str) {
    put(
        f,
        area,
        1,
        23,
        vec![Span::styled(text.to_string(), style::bright())],
    );
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(hint.to_string(), style::key())],
    );
}

/// Over the match screen's last rows: play stopped for the friend, and what may be done.
fn stopped_rows(f: &mut Frame, area: Rect, why: &str, text: &str, hint: &str) {
    for y in 18..25 {
        put(f, area, 0, y, vec![Span::raw(" ".repeat(80))]);
    }
    line(f, area, 20, why, style::error());
    footer(f, area, text, hint);
}

fn draw_host(f: &mut Frame, area: Rect, h: &HostTable) {
    if let Some((card, scroll)) = &h.card {
        super::draw::final_card(f, area, card, *scroll);
        return;
    }
    let friend = h.friend_name();
    if !h.joined {
        title(f, area, &h.live.names);
        line(
            f,
            area,
            3,
            &format!(
                "You play {}; your friend plays {friend}.",
                h.live.names[h.live.human.unwrap_or(Side::Home).index()]
            ),
            style::text(),
        );
        line(f, area, 5, "The code for your friend:", style::text());
        put(
            f,
            area,
            4,
            7,
            vec![Span::styled(h.code.to_string(), style::bright())],
        );
        line(f, area, 9, "They type:", style::text());
        line(f, area, 10, &format!("  {}", h.join_line), style::bright());
        line(
            f,
            area,
            13,
            "Only the holder of the code gets in; a wrong guess ends the offer.",
            style::text(),
        );
        if let Some(said) = &h.said {
            line(f, area, 16, said, style::dim());
        }
        match &h.failed {
            Some(why) => {
                line(
                    f,
                    area,
                    18,
                    &format!("The offer is over: {why}"),
                    style::error(),
                );
                footer(f, area, "Press any key to go back", "");
            }
            None => footer(
                f,
                area,
                &format!("Waiting for {friend} to join..."),
                if h.resumed {
                    "[Esc] keep the match for later"
                } else {
                    "[Esc] take the offer back"
                },
            ),
        }
        return;
    }
    match_screen::draw(f, area, &h.live);
    if !h.stopped() {
        if let Some(note) = &h.note {
            line(f, area, 22, note, style::error());
        }
        return;
    }
    let why = h
        .failed
        .as_ref()
        .map(|w| format!("{friend} cannot come back: {w}"))
        .or_else(|| h.lost.clone())
        .unwrap_or_default();
    let text = if h.failed.is_some() || h.seat.is_none() {
        format!("{friend} is gone: the computer may finish the side")
    } else {
        format!("Waiting for {friend} to come back...")
    };
    let hint = match (h.finish_levels, h.kept.is_some()) {
        (Some(_), _) => "[Enter] the championship's level  [1]-[5] another level  [Esc] leave",
        (None, true) => {
            "[1]-[5] the computer finishes the side  [K] keep it for later  [Esc] leave"
        }
        (None, false) => {
            "[1]-[5] the computer finishes the side at that level  [Esc] leave the match"
        }
    };
    stopped_rows(f, area, &why, &text, hint);
    if let Some(note) = &h.note {
        line(f, area, 21, note, style::error());
    } else if let Some(l) = h.finish_levels {
        finish_line(f, area, l);
    }
}

/// What `[Enter]` does for a lost friend's side in a championship match: the computer
/// finishes it at the championship's own level.
fn finish_line(f: &mut Frame, area: Rect, l: Levels) {
    // One row (the reason above may take two): the levels said short.
    let level = if l.bat == l.bowl {
        format!("level {}", l.bat)
    } else {
        format!("level {} (bowling {})", l.bat, l.bowl)
    };
    line(
        f,
        area,
        22,
        &format!("[Enter]: the computer finishes at {level}, the championship's own."),
        style::text(),
    );
}

fn draw_guest(f: &mut Frame, area: Rect, g: &GuestTable) {
    if let Some((card, scroll)) = &g.card {
        super::draw::final_card(f, area, card, *scroll);
        return;
    }
    let Some(t) = &g.table else {
        put(
            f,
            area,
            0,
            0,
            vec![Span::styled(
                format!("{:<80}", " A match against a friend"),
                style::title(),
            )],
        );
        line(
            f,
            area,
            3,
            &format!(
                "Joining the match at {} with the code {}.",
                g.target, g.code
            ),
            style::text(),
        );
        if let Some(said) = &g.said {
            line(f, area, 6, said, style::dim());
        }
        match &g.failed {
            Some(why) => {
                line(
                    f,
                    area,
                    8,
                    &format!("Could not join: {why}"),
                    style::error(),
                );
                footer(f, area, "Press any key to go back", "");
            }
            None => footer(f, area, "Joining...", "[Esc] give up"),
        }
        return;
    };
    match_screen::draw(f, area, t);
    let host = &t.names[t.side.other().index()];
    if let (Some(why), false) = (&g.failed, t.is_over()) {
        stopped_rows(
            f,
            area,
            &format!("The match cannot go on: {why}"),
            &format!("{host}'s match is over for now"),
            "[Enter] leave",
        );
    } else if let (Some(why), false) = (&t.ended, t.is_over()) {
        stopped_rows(
            f,
            area,
            &format!("The host ended the match: {why}."),
            "The match is over for now",
            "[Enter] leave",
        );
    }
}
