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

/// Handles a key on the match screen.
pub fn key<T: Table + ?Sized>(s: &mut T, k: KeyEvent) -> MatchKey {
    s.desk_mut().note = None;
    if let Some(scroll) = s.desk().help {
        let lines = help_lines(s).len();
        s.desk_mut().help = match k.code {
            KeyCode::Esc | KeyCode::Enter | KeyCode::F(1) | KeyCode::Char('h' | 'H' | '?') => None,
            code => Some(crate::tui::app::scrolled(scroll, code, lines, HELP_ROWS)),
        };
        return MatchKey::Handled;
    }
    if !s.desk().leaving && matches!(k.code, KeyCode::F(1) | KeyCode::Char('h' | 'H' | '?')) {
        s.desk_mut().help = Some(0);
        return MatchKey::Handled;
    }
    // Leaving loses the match, so Esc only asks; [Y] confirms, any other key plays on.
    if s.desk().leaving {
        s.desk_mut().leaving = false;
        return if matches!(k.code, KeyCode::Char('y' | 'Y')) {
            MatchKey::Leave
        } else {
            MatchKey::Handled
        };
    }
    // Once the match is over its result stands (it is recorded at once): nothing to leave.
    // [Q], the menu's quit key, asks the same in the person's own match (in a watched one
    // it finishes the match).
    let quit_key = matches!(k.code, KeyCode::Char('q' | 'Q')) && s.human().is_some();
    if k.code == KeyCode::Esc || quit_key {
        let leaving = !s.is_over();
        s.desk_mut().leaving = leaving;
        return if leaving {
            MatchKey::Handled
        } else {
            MatchKey::Ignored
        };
    }
    if s.paused().is_some() {
        return match k.code {
            KeyCode::Char('d' | 'D') if s.may_declare_at_pause() => {
                played(s, Op::Declare(!s.desk().declare_next))
            }
            // In a watched match [Space] holds and sets going the play that runs between
            // stops: at a stop it goes on past nothing (a press meant to hold the match,
            // arriving as a stop comes up, had passed the wicket or the match's end unseen).
            KeyCode::Char(' ') if s.watching().is_some() => said(s, space_at_stop_hint(s)),
            KeyCode::Enter | KeyCode::Char(' ') => played(s, Op::Resume),
            KeyCode::Char('q') | KeyCode::Char('Q') if s.watching().is_some() => {
                played(s, Op::Quick)
            }
            // [D] where no declaration can be armed: said why, and when it can.
            KeyCode::Char('d' | 'D') => said(s, declare_at_stop_hint(s)),
            // A card's number (or another letter) pressed at a stop plays nothing: said, as
            // the prompt asks for [Enter] and no card.
            KeyCode::Char(_) => said(s, stopped_hint(s)),
            _ => MatchKey::Ignored,
        };
    }
    let Some(decision) = s.human_to_act() else {
        let watching = s.watching().is_some() && !s.is_over();
        return match k.code {
            KeyCode::Char('q') | KeyCode::Char('Q') if !s.is_over() => played(s, Op::Quick),
            KeyCode::Char(' ' | 'p' | 'P') if watching => {
                if let Some(w) = s.watching_mut() {
                    w.held = !w.held;
                }
                MatchKey::Handled
            }
            KeyCode::Char('+') | KeyCode::Right if watching => {
                if let Some(w) = s.watching_mut() {
                    w.step(true);
                }
                MatchKey::Handled
            }
            KeyCode::Char('-') | KeyCode::Left if watching => {
                if let Some(w) = s.watching_mut() {
                    w.step(false);
                }
                MatchKey::Handled
            }
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
        };
    };
    let choice = match (decision, k.code) {
        (_, KeyCode::Char('=')) => s.advice(),
        (Decision::Elect, KeyCode::Char('b' | 'B')) => Some(Choice::Elect(Election::Bat)),
        (Decision::Elect, KeyCode::Char('f' | 'F')) => Some(Choice::Elect(Election::Bowl)),
        // Any other key at the toss chooses nothing: it says which keys choose.
        (Decision::Elect, code) => {
            let hint = if matches!(code, KeyCode::Char('0'..='9')) {
                "The cards are only to look at: [B] bats first, [F] fields, [=] the computer."
            } else {
                "[B] bats first, [F] fields first, [=] lets the computer choose."
            };
            return said(s, hint);
        }
        (Decision::Respond { call, .. }, KeyCode::Char('0' | 'n' | 'N'))
            if call.allows_no_card() =>
        {
            Some(Choice::NoCard)
        }
        (_, KeyCode::Char('d' | 'D')) if may_declare(s, decision) => {
            return played(s, Op::Declare(!s.desk().declare_next));
        }
        // The bowling side has no innings to declare.
        (Decision::Bowl | Decision::OpeningDiscard, KeyCode::Char('d' | 'D')) => {
            return said(s, "Only the batting side may declare: you are bowling.");
        }
        // [Enter] (or [Space]) chooses nothing at a ball or the opening discard (the footer
        // names no default, and an [Enter] meant for a stop must not play a card or take a
        // wide): it says which keys do.
        (
            Decision::OpeningDiscard | Decision::Bowl | Decision::Respond { .. },
            KeyCode::Enter | KeyCode::Char(' '),
        ) => {
            let hint = idle_hint(decision, key_name(k.code));
            return said(s, &hint);
        }
        // A no card where the ball must be answered with one.
        (Decision::Respond { .. }, KeyCode::Char(c @ ('0' | 'n' | 'N'))) => {
            let name = key_name(KeyCode::Char(c));
            return said(
                s,
                &format!(
                    "{name} plays no card only at a no-ball or a wide: this ball needs a card."
                ),
            );
        }
        // [Space] or a letter while changing cards picks nothing.
        (Decision::Exchange, KeyCode::Char(c)) if !c.is_ascii_digit() => {
            let name = key_name(k.code);
            return said(
                s,
                &format!(
                    "{name} changes nothing: [Enter] changes the cards picked, [0] keeps the hand."
                ),
            );
        }
        // A letter at a ball or the opening discard plays nothing, as [Enter] does there.
        (
            Decision::OpeningDiscard | Decision::Bowl | Decision::Respond { .. },
            KeyCode::Char(c),
        ) if !c.is_ascii_digit() => {
            let hint = idle_hint(decision, key_name(k.code));
            return said(s, &hint);
        }
        (Decision::Exchange, KeyCode::Char('0')) => Some(Choice::Exchange([None, None])),
        (Decision::Exchange, KeyCode::Enter) => Some(exchange_choice(s)),
        (Decision::Exchange, KeyCode::Char(c)) => return toggle_exchange(s, c),
        (Decision::Declare, _) => None,
        (
            Decision::OpeningDiscard | Decision::Bowl | Decision::Respond { .. },
            KeyCode::Char(c),
        ) if card_key(s, c).is_none() => {
            return no_card_under(s, c);
        }
        (_, KeyCode::Char(c)) => card_key(s, c).map(Choice::Card),
        _ => None,
    };
    match choice {
        Some(choice) => {
            let advised = k.code == KeyCode::Char('=');
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
        None => MatchKey::Ignored,
    }
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
        "The match is over: [Enter] shows the scorecard."
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
        s.desk_mut().note = Some(
            "At most two cards may be changed: press a picked card's number to unpick it."
                .to_string(),
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
    s.desk_mut().note = Some(format!(
        "No card has the key [{c}]: the hand holds {}, {keys}.",
        plural(held as u32, "card")
    ));
    MatchKey::Handled
}

fn exchange_choice<T: Table + ?Sized>(s: &T) -> Choice {
    let hand = s.hand();
    let pick = |i: usize| s.desk().exchange_pick.get(i).map(|&slot| hand[slot]);
    Choice::Exchange([pick(0), pick(1)])
}
