//! The match screen's keys: what each key does to the match showing (a card played, a
//! stop passed, a declaration armed, the help, leaving), and the words said for a key that
//! does nothing there. Written against [`Table`], so a match held here and a guest's match
//! take the same keys.

use crossterm::event::{KeyCode, KeyEvent};

use super::help_lines;
use super::HELP_ROWS;
use crate::cards::Card;
use crate::engine::score::plural;
use crate::engine::{Call, Choice, Decision, Election};
use crate::live::table::Table;
use crate::live::Watching;
use crate::save::record::Op;

/// What a key did to the match.
#[derive(Debug, PartialEq, Eq)]
pub enum MatchKey {
    /// Nothing (a key with no meaning here is ignored).
    Ignored,
    /// The screen changed, not the match (help, a pick, the speed).
    Handled,
    /// The person did this to the match: it is to be kept.
    Played(Op),
    /// The user asks to leave the match.
    Leave,
}

/// Does `op` to the match (it is the person's, and allowed now). What `[=]` played before
/// it is no longer the last thing done.
fn played<T: Table + ?Sized>(s: &mut T, op: Op) -> MatchKey {
    match s.apply(op) {
        Ok(()) => {
            s.desk_mut().advice_played = None;
            MatchKey::Played(op)
        }
        Err(_) => MatchKey::Ignored,
    }
}

/// What a key means where the person has a decision to make: a choice to play, or what the
/// key did instead (said why it plays nothing, armed a declaration, picked a card to change).
enum Pressed {
    Choose(Choice),
    Done(MatchKey),
}

impl Pressed {
    /// The choice, if any: no choice is a key ignored.
    fn choosing(choice: Option<Choice>) -> Pressed {
        choice.map_or(Pressed::Done(MatchKey::Ignored), Pressed::Choose)
    }
}

/// Arms a declaration before the next ball, or takes back the one armed.
fn declare<T: Table + ?Sized>(s: &mut T) -> MatchKey {
    played(s, Op::Declare(!s.desk().declare_next))
}

/// Handles a key on the match screen.
pub fn key<T: Table + ?Sized>(s: &mut T, k: KeyEvent) -> MatchKey {
    s.desk_mut().note = None;
    if let Some(done) = help_or_leave_key(s, k.code) {
        return done;
    }
    if s.paused().is_some() {
        return stop_key(s, k.code);
    }
    let Some(decision) = s.human_to_act() else {
        return nothing_asked_key(s, k.code);
    };
    let pressed = match decision {
        Decision::Elect => toss_key(s, k.code),
        Decision::Exchange => exchange_key(s, k.code),
        Decision::OpeningDiscard | Decision::Bowl | Decision::Respond { .. } => {
            ball_key(s, decision, k.code)
        }
        // `[=]` is all that answers here (a declaration is armed with `[D]` at a ball).
        Decision::Declare if k.code == KeyCode::Char('=') => Pressed::choosing(s.advice()),
        Decision::Declare => Pressed::Done(MatchKey::Ignored),
    };
    match pressed {
        Pressed::Choose(choice) => choose(s, decision, choice, k.code == KeyCode::Char('=')),
        Pressed::Done(done) => done,
    }
}

/// The keys that mean the same whatever the match asks: the help (scrolled while it shows),
/// and leaving (asked, then confirmed with `[Y]`). `None`: the key is for the match.
fn help_or_leave_key<T: Table + ?Sized>(s: &mut T, code: KeyCode) -> Option<MatchKey> {
    if let Some(scroll) = s.desk().help {
        let lines = help_lines(s).len();
        s.desk_mut().help = match code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::F(1) | KeyCode::Char('h' | 'H' | '?') => None,
            code => Some(crate::tui::app::scrolled(scroll, code, lines, HELP_ROWS)),
        };
        return Some(MatchKey::Handled);
    }
    if !s.desk().leaving && matches!(code, KeyCode::F(1) | KeyCode::Char('h' | 'H' | '?')) {
        s.desk_mut().help = Some(0);
        return Some(MatchKey::Handled);
    }
    // Leaving loses the match, so Esc only asks; [Y] confirms, any other key plays on.
    if s.desk().leaving {
        s.desk_mut().leaving = false;
        return Some(if matches!(code, KeyCode::Char('y' | 'Y')) {
            MatchKey::Leave
        } else {
            MatchKey::Handled
        });
    }
    // Once the match is over its result stands (it is recorded at once): nothing to leave.
    // [Q], the menu's quit key, asks the same in the person's own match (in a watched one
    // it finishes the match).
    let quit_key = matches!(code, KeyCode::Char('q' | 'Q')) && s.human().is_some();
    if code == KeyCode::Esc || quit_key {
        let leaving = !s.is_over();
        s.desk_mut().leaving = leaving;
        return Some(if leaving {
            MatchKey::Handled
        } else {
            MatchKey::Ignored
        });
    }
    None
}

/// A key at a stop (a wicket, an interval, an innings' or the match's end): `[Enter]` goes
/// on, `[D]` arms a declaration where one can be, `[Q]` finishes a watched match.
fn stop_key<T: Table + ?Sized>(s: &mut T, code: KeyCode) -> MatchKey {
    match code {
        KeyCode::Char('d' | 'D') if s.may_declare_at_pause() => declare(s),
        // In a watched match [Space] holds and sets going the play that runs between
        // stops: at a stop it goes on past nothing (a press meant to hold the match,
        // arriving as a stop comes up, had passed the wicket or the match's end unseen).
        KeyCode::Char(' ') if s.watching().is_some() => said(s, space_at_stop_hint(s)),
        KeyCode::Enter | KeyCode::Char(' ') => played(s, Op::Resume),
        KeyCode::Char('q' | 'Q') if s.watching().is_some() => played(s, Op::Quick),
        // [D] where no declaration can be armed: said why, and when it can.
        KeyCode::Char('d' | 'D') => said(s, declare_at_stop_hint(s)),
        // A card's number (or another letter) pressed at a stop plays nothing: said, as
        // the prompt asks for [Enter] and no card.
        KeyCode::Char(_) => said(s, stopped_hint(s)),
        _ => MatchKey::Ignored,
    }
}

/// A key while nothing is asked of the person: a watched match's hold and speed, `[Q]` to
/// finish it, and a word for the keys that do nothing then.
fn nothing_asked_key<T: Table + ?Sized>(s: &mut T, code: KeyCode) -> MatchKey {
    let watching = s.watching().is_some() && !s.is_over();
    match code {
        KeyCode::Char('q' | 'Q') if !s.is_over() => played(s, Op::Quick),
        KeyCode::Char(' ' | 'p' | 'P') if watching => watched(s, |w| w.held = !w.held),
        KeyCode::Char('+') | KeyCode::Right if watching => watched(s, |w| w.step(true)),
        KeyCode::Char('-') | KeyCode::Left if watching => watched(s, |w| w.step(false)),
        // [Enter], a digit or a letter while watching: said, not ignored.
        KeyCode::Enter | KeyCode::Char(_) if watching => {
            let hint = if s.watching().is_some_and(|w| w.held) {
                "The match is held: [Space] sets it going, [Q] finishes it now."
            } else {
                "The computer plays both sides: [Space] holds the match, [Q] finishes it now."
            };
            said(s, hint)
        }
        // The match over, its last stop passed ([Enter] and [Space] go on to the
        // scorecard before this screen sees them).
        KeyCode::Char(_) if s.is_over() => said(s, stopped_hint(s)),
        _ => MatchKey::Ignored,
    }
}

/// Changes how a watched match is watched (held, or its speed): the screen, not the match.
fn watched<T: Table + ?Sized>(s: &mut T, change: impl FnOnce(&mut Watching)) -> MatchKey {
    if let Some(w) = s.watching_mut() {
        change(w);
    }
    MatchKey::Handled
}

/// A key at the toss: `[B]` bats, `[F]` fields, `[=]` lets the computer choose; any other
/// key chooses nothing and says which keys choose.
fn toss_key<T: Table + ?Sized>(s: &mut T, code: KeyCode) -> Pressed {
    let hint = match code {
        KeyCode::Char('=') => return Pressed::choosing(s.advice()),
        KeyCode::Char('b' | 'B') => return Pressed::Choose(Choice::Elect(Election::Bat)),
        KeyCode::Char('f' | 'F') => return Pressed::Choose(Choice::Elect(Election::Bowl)),
        KeyCode::Char('0'..='9') => {
            "The cards are only to look at: [B] bats first, [F] fields, [=] the computer."
        }
        _ => "[B] bats first, [F] fields first, [=] lets the computer choose.",
    };
    Pressed::Done(said(s, hint))
}

/// A key after a wicket, changing cards: a card's number picks or unpicks it, `[Enter]`
/// changes those picked, `[0]` keeps the hand, `[D]` arms a declaration.
fn exchange_key<T: Table + ?Sized>(s: &mut T, code: KeyCode) -> Pressed {
    match code {
        KeyCode::Char('=') => Pressed::choosing(s.advice()),
        KeyCode::Char('d' | 'D') => Pressed::Done(declare(s)),
        // [Space] or a letter while changing cards picks nothing.
        KeyCode::Char(c) if !c.is_ascii_digit() => {
            let name = key_name(code);
            Pressed::Done(said(
                s,
                &format!(
                    "{name} changes nothing: [Enter] changes the cards picked, [0] keeps the hand."
                ),
            ))
        }
        KeyCode::Char('0') => Pressed::Choose(Choice::Exchange([None, None])),
        KeyCode::Enter => Pressed::Choose(exchange_choice(s)),
        KeyCode::Char(c) => Pressed::Done(toggle_exchange(s, c)),
        _ => Pressed::Done(MatchKey::Ignored),
    }
}

/// A key at a ball (bowling it or answering it) or at the opening discard: a card's number
/// plays that card, `[0]` no card where the call allows it, `[D]` arms a declaration where
/// the person bats; `[Enter]`, `[Space]` and letters play nothing and say which keys do.
fn ball_key<T: Table + ?Sized>(s: &mut T, decision: Decision, code: KeyCode) -> Pressed {
    let respond = match decision {
        Decision::Respond { call, .. } => Some(call),
        _ => None,
    };
    let hint = match code {
        KeyCode::Char('=') => return Pressed::choosing(s.advice()),
        KeyCode::Char('0' | 'n' | 'N') if respond.is_some_and(Call::allows_no_card) => {
            return Pressed::Choose(Choice::NoCard)
        }
        KeyCode::Char('d' | 'D') if may_declare(s, decision) => {
            return Pressed::Done(declare(s));
        }
        // The bowling side has no innings to declare.
        KeyCode::Char('d' | 'D') if respond.is_none() => {
            "Only the batting side may declare: you are bowling.".to_string()
        }
        // [Enter] (or [Space]) chooses nothing at a ball or the opening discard (the footer
        // names no default, and an [Enter] meant for a stop must not play a card or take a
        // wide): it says which keys do.
        KeyCode::Enter | KeyCode::Char(' ') => idle_hint(decision, key_name(code)),
        // A no card where the ball must be answered with one.
        KeyCode::Char('0' | 'n' | 'N') if respond.is_some() => format!(
            "{} plays no card only at a no-ball or a wide: this ball needs a card.",
            key_name(code)
        ),
        // A letter plays nothing, as [Enter] does.
        KeyCode::Char(c) if !c.is_ascii_digit() => idle_hint(decision, key_name(code)),
        KeyCode::Char(c) => {
            return match card_key(s, c) {
                Some(card) => Pressed::Choose(Choice::Card(card)),
                None => Pressed::Done(no_card_under(s, c)),
            }
        }
        _ => return Pressed::Done(MatchKey::Ignored),
    };
    Pressed::Done(said(s, &hint))
}

/// Plays `choice`, the person's at `decision` (`advised`: `[=]`'s), keeping whether `[=]`
/// chose it; a choice refused leaves that as it was.
fn choose<T: Table + ?Sized>(
    s: &mut T,
    decision: Decision,
    choice: Choice,
    advised: bool,
) -> MatchKey {
    let desk = s.desk_mut();
    let (before, asked) = (desk.advised, desk.declare_advised);
    desk.advised = advised;
    desk.declare_advised &= advised;
    let key = played(s, Op::Choose(choice));
    if key == MatchKey::Ignored {
        let desk = s.desk_mut();
        (desk.advised, desk.declare_advised) = (before, asked);
    } else if advised {
        s.desk_mut().advice_played = advice_played(decision, choice);
    }
    key
}

/// What `[=]` did for the person, in words: the card it played (and at a wide, whether it
/// took the wide or played the ball), the cards it changed, or how it chose at the toss.
/// (`[=]` never declares: a declaration is the person's own.)
fn advice_played(decision: Decision, choice: Choice) -> Option<String> {
    let card = |c: Card| format!("the {}", c.on_screen());
    Some(match (decision, choice) {
        (_, Choice::Elect(Election::Bat)) => "[=] chose to bat first.".to_string(),
        (_, Choice::Elect(Election::Bowl)) => "[=] chose to field first.".to_string(),
        (Decision::OpeningDiscard, Choice::Card(c)) => format!("[=] threw away {}.", card(c)),
        (Decision::Bowl, Choice::Card(c)) => format!("[=] bowled {}.", card(c)),
        (
            Decision::Respond {
                call: Call::Wide, ..
            },
            Choice::NoCard,
        ) => "[=] played no card, taking the wide.".to_string(),
        (
            Decision::Respond {
                call: Call::Wide, ..
            },
            Choice::Card(c),
        ) => {
            format!("[=] played {}, so the wide was called off.", card(c))
        }
        (_, Choice::NoCard) => "[=] played no card.".to_string(),
        (_, Choice::Card(c)) => format!("[=] played {}.", card(c)),
        (_, Choice::Exchange([None, None])) => "[=] kept the hand: no card changed.".to_string(),
        (_, Choice::Exchange([a, b])) => {
            let out: Vec<String> = [a, b].into_iter().flatten().map(card).collect();
            format!("[=] changed {}.", out.join(" and "))
        }
        (_, Choice::Continue | Choice::Declare) => return None,
    })
}

/// How the hints name a key: "`[Enter]`", "`[Space]`", "`[X]`" (a letter as on the keyboard).
fn key_name(code: KeyCode) -> String {
    match code {
        KeyCode::Enter => "[Enter]".to_string(),
        KeyCode::Char(' ') => "[Space]".to_string(),
        KeyCode::Char(c) => format!("[{}]", c.to_uppercase()),
        other => format!("[{other}]"),
    }
}

/// What a key that plays nothing at a ball or the opening discard (`[Enter]`, `[Space]`, a
/// letter) says there, named `key`: the keys that play there.
fn idle_hint(decision: Decision, key: String) -> String {
    let keys = match decision {
        Decision::Respond {
            call: Call::Wide, ..
        } => "plays nothing: [0] takes the wide, or a card's number plays the ball.",
        Decision::Respond {
            call: Call::NoBall, ..
        } => "plays nothing: [0] plays no card, or a card's number plays that card.",
        Decision::OpeningDiscard => {
            "throws nothing away: press a card's number, or [=] for the computer."
        }
        _ => "plays nothing: press the number under a card, or [=] for the computer.",
    };
    format!("{key} {keys}")
}

/// Says `hint` on the match screen for a key that did nothing.
fn said<T: Table + ?Sized>(s: &mut T, hint: &str) -> MatchKey {
    s.desk_mut().note = Some(hint.to_string());
    MatchKey::Handled
}

/// What a digit at a stop says: `[Enter]` goes on (to the scorecard, once the match is over).
fn stopped_hint<T: Table + ?Sized>(s: &T) -> &'static str {
    if s.is_over() {
        "The match is over: [Enter] shows the scorecard."
    } else {
        "Play has stopped: [Enter] goes on."
    }
}

/// What `[Space]` says at a stop of a watched match: the stop waits for `[Enter]`.
fn space_at_stop_hint<T: Table + ?Sized>(s: &T) -> &'static str {
    if s.is_over() {
        stopped_hint(s)
    } else {
        "Play has stopped: [Enter] goes on ([Space] holds the match while it plays)."
    }
}

/// What `[D]` says at a stop where no declaration can be armed: why not, and when it can
/// be (a declaration is armed at a stop only before an innings' first ball).
fn declare_at_stop_hint<T: Table + ?Sized>(s: &T) -> &'static str {
    let Some(side) = s.human().filter(|_| !s.is_over()) else {
        return stopped_hint(s);
    };
    if s.public().batting() != side {
        "Only the batting side may declare: play has stopped, [Enter] goes on."
    } else {
        "Play has stopped: [Enter] goes on, and then [D] may declare."
    }
}

/// Whether `[D]` may arm a declaration before the next ball: while answering a ball or
/// changing cards, and at the batting side's opening discard (before the match's first ball).
fn may_declare<T: Table + ?Sized>(s: &T, decision: Decision) -> bool {
    match decision {
        Decision::Respond { .. } | Decision::Exchange => true,
        Decision::OpeningDiscard => s.bats_next(),
        _ => false,
    }
}

/// The card under key `c` ('1'..), if the hand has that many.
fn card_key<T: Table + ?Sized>(s: &T, c: char) -> Option<Card> {
    s.human()?;
    let i = c.to_digit(10)? as usize;
    s.hand().get(i.checked_sub(1)?).copied()
}

fn toggle_exchange<T: Table + ?Sized>(s: &mut T, c: char) -> MatchKey {
    let Some(slot) = c.to_digit(10).and_then(|d| (d as usize).checked_sub(1)) else {
        return MatchKey::Ignored;
    };
    let held = s.hand().len();
    if slot >= held {
        return no_card_under(s, c);
    }
    let pick = &mut s.desk_mut().exchange_pick;
    if let Some(i) = pick.iter().position(|&x| x == slot) {
        pick.remove(i);
    } else if pick.len() < 2 {
        pick.push(slot);
    } else {
        return said(
            s,
            "At most two cards may be changed: press a picked card's number to unpick it.",
        );
    }
    MatchKey::Handled
}

/// A digit key `c` with no card of the person's hand under it: said, not ignored without a
/// word (a key that is not a digit is ignored).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
fn no_card_under<T: Table + ?Sized>(s: &mut T, c: char) -> MatchKey {
    let Some(held) = s.human().map(|_| s.hand().len()) else {
        return MatchKey::Ignored;
    };
    if !c.is_ascii_digit() || held == 0 {
        return MatchKey::Ignored;
    }
    let keys = if held == 1 {
        "[1]".to_string()
    } else {
        format!("[1] to [{held}]")
    };
    said(
        s,
        &format!(
            "No card has the key [{c}]: the hand holds {}, {keys}.",
            plural(held as u32, "card")
        ),
    )
}

fn exchange_choice<T: Table + ?Sized>(s: &T) -> Choice {
    let hand = s.hand();
    let pick = |i: usize| s.desk().exchange_pick.get(i).map(|&slot| hand[slot]);
    Choice::Exchange([pick(0), pick(1)])
}
