//! The match screen: the scoreboard laid out like the original program's, the human's hand
//! and prompt, the keys that play a card, and the Manhattan chart of runs per over.

use std::borrow::Cow;

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Sparkline};
use ratatui::Frame;

use super::style;
use crate::cards::Card;
use crate::engine::score::{overs_text, plural};
use crate::engine::{Call, Decision, InningsEnd, PublicState, Side};
use crate::live::commentary::{session_name, Pause};
use crate::live::prospects;
use crate::live::table::Table;
use crate::live::{LiveMatch, Mode, Stop, Watching};

mod keys;

pub use keys::{key, MatchKey};

/// Draws the whole match screen in an 80x25 area.
pub fn draw<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T) {
    let title = format!(" {} v {}", s.names()[0], s.names()[1]);
    put_text(f, area, 0, 0, format!("{title:<80}"), style::title());
    if let Some(scroll) = s.desk().help {
        draw_help(f, area, s, scroll);
        return;
    }
    draw_words(f, area, s);
    if s.public().innings_started == 0 {
        draw_toss(f, area, s);
        return;
    }
    let shown = shown_innings(s);
    draw_scoreboard(f, area, s, shown);
    draw_pile_and_state(f, area, s, shown);
    draw_manhattan(f, area, s, shown);
    draw_hand_and_prompt(f, area, s);
}

/// The words around the board: the last thing that happened on the top line, an armed (or
/// advised) declaration just above the prompt, what `[=]` did, and a word on the last key.
fn draw_words<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T) {
    put_text(
        f,
        area,
        0,
        1,
        format!(" {}", s.commentary().last),
        style::bright(),
    );
    // Just above the prompt, on every screen of the match (the opening discard too).
    let above_prompt = armed_declaration(s).or_else(|| declaration_advised(s));
    // At a stop its lines take the rows from 19: the word goes above them.
    let note_row = match (s.paused(), &above_prompt) {
        (Some(_), _) => 18,
        (None, Some(_)) => 17,
        (None, None) => 22,
    };
    if let Some(line) = above_prompt {
        put_text(f, area, 1, 22, line, style::bright());
    }
    // What [=] did at the last key, above the hand it played from.
    if let Some(line) = s.desk().advice_played.as_deref() {
        put_text(f, area, 1, 17, line, style::text());
    }
    // A word on the last key, where the eye is (above the hand when the line just above
    // the prompt is taken).
    if let Some(note) = &s.desk().note {
        put_text(f, area, 1, note_row, note, style::error());
    }
}

/// The scoreboard of innings number `shown`: its total, wickets, last wicket and overs in
/// boxes, who is on strike, and the right column (the session, the pack, both sides' scores).
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_scoreboard<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, shown: usize) {
    let inn = &s.public().started()[shown - 1];
    let last = inn
        .last_wicket_score()
        .map(|n| n.to_string())
        .unwrap_or_default();
    let board = [
        "          ┌─────┐        ┌────┐".to_string(),
        format!(
            "   TOTAL  │{:>4} │  FOR   │ {:>2} │ WKTS",
            inn.total, inn.wickets
        ),
        "          └─────┘        └────┘".to_string(),
        "          ┌─────┐        ┌──────┐".to_string(),
        format!("LAST WKT  │{:>4} │  OVERS │{:>5} │", last, inn.overs()),
        "          └─────┘        └──────┘".to_string(),
    ];
    for (i, line) in board.into_iter().enumerate() {
        put_text(f, area, 1, 2 + i as u16, line, style::text());
    }
    if let Some(line) = striker_line(s, shown) {
        put_text(f, area, 1, 8, line, style::text());
    }
    let right = right_column(s.public(), &s.commentary().names, shown);
    for (i, line) in right.into_iter().enumerate() {
        put_text(f, area, 40, 2 + i as u16, line, style::text());
    }
}

/// The rows under the scoreboard: the no-ball suit and the top of the discard pile, the
/// last balls of innings `shown`, the state of the match and, when it is shaping clearly,
/// its prospects.
fn draw_pile_and_state<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, shown: usize) {
    let p = s.public();
    let short = &s.commentary().names;
    // With the no-ball rule off, no suit is a no-ball: say so rather than show one.
    let nbs = if p.options.no_balls {
        p.no_ball_suit.map(|x| x.marked()).unwrap_or("")
    } else {
        "off"
    };
    let top = p.top.map(Card::on_screen).unwrap_or_default();
    put_text(f, area, 1, 9, "no-balls:   discard pile:", style::text());
    put_text(f, area, 1, 10, format!(" {nbs:<10} {top}"), style::bright());
    let history = s.commentary().history(49, shown);
    put_text(f, area, 30, 9, history, style::text());
    put_text(f, area, 30, 10, state_line(p, short), style::bright());
    if let Some(line) = prospects_line(p, s.names(), short) {
        put_text(f, area, 1, 11, line, style::bright());
    }
}

/// The number of the innings the scoreboard shows: the one in play or, while play is paused
/// on the wicket or the close that ended an innings, that one (the engine has already begun
/// the next, which would show as 0 for 0).
fn shown_innings<T: Table + ?Sized>(s: &T) -> usize {
    let ended = |pause: &Pause| match pause {
        Pause::InningsEnd(n) => Some(*n as usize),
        _ => None,
    };
    // The wicket (or an interval its ball began) comes with the close it caused.
    let paused_on_close = match s.paused() {
        Some(stop) => stop
            .innings_end()
            .map(usize::from)
            .or_else(|| s.commentary().pauses.iter().find_map(ended)),
        None => None,
    };
    paused_on_close.unwrap_or(s.public().innings_started as usize)
}

/// Who is on strike, and what the lower-order rule forbids him, while an innings is in play.
fn striker_line<T: Table + ?Sized>(s: &T, shown: usize) -> Option<String> {
    let p = s.public();
    if p.result.is_some() || shown != p.innings_started as usize {
        return None;
    }
    Some(on_strike(
        &s.commentary().names[p.batting().index()],
        p.striker,
    ))
}

/// "Kent batsman no. 9 on strike (may not defend with a 1 or 2)": the lower-order rule
/// turns on the striker's number, which the user would otherwise have to track.
fn on_strike(name: &str, striker: u8) -> String {
    let limit = match crate::engine::tables::weakest_defence(striker) {
        0 => String::new(),
        1 => " (may not defend with a 1)".to_string(),
        w => format!(" (may not defend with a 1 or {w})"),
    };
    format!("{name} batsman no. {striker} on strike{limit}")
}

fn draw_toss<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T) {
    let p = s.public();
    if let (Some(w), Some(Decision::Elect)) = (p.toss_winner, s.human_to_act()) {
        let name = &s.names()[w.index()];
        put_text(
            f,
            area,
            1,
            4,
            format!("{name} won the toss. Your cards:"),
            style::bright(),
        );
        // Only looked at: no card can be pressed here.
        draw_cards(f, area, s.hand(), 7, &[], false);
        prompt(
            f,
            area,
            "Press [B] to bat first or [F] to field:",
            &choosing_keys(None),
        );
    } else if let Some(Decision::OpeningDiscard) = s.human_to_act() {
        let side = s.human().expect("human");
        let role = if p.first_bat == side {
            "batting"
        } else {
            "bowling"
        };
        put_text(
            f,
            area,
            1,
            4,
            format!("You are {role} first. Throw away one card:"),
            style::bright(),
        );
        // Batting first, the person discards after the bowlers, whose discard took the top
        // line: the toss is told here.
        if p.first_bat == side {
            put_text(
                f,
                area,
                1,
                3,
                format!("{}.", toss_text(p, &s.commentary().names)),
                style::text(),
            );
        }
        draw_cards(f, area, s.hand(), 7, &[], true);
        // The batting side discards last, just before the first ball: it may declare then.
        let hint = choosing_keys(s.bats_next().then(|| declare_key(s.desk().declare_next)));
        let text = if p.first_bat != side && p.options.no_balls {
            "Choose a card to discard (its suit is the first over's no-ball suit):"
        } else {
            "Choose a card to discard:"
        };
        prompt(f, area, text, &hint);
    } else if let Some(whom) = s.waiting_for() {
        // The toss or the opening discards are the friend's to make.
        waiting_prompt(f, area, &whom);
    }
    if s.desk().leaving {
        leave_prompt(f, area, s.against_friend());
    }
}

fn leave_prompt(f: &mut Frame, area: Rect, against_friend: bool) {
    put(f, area, 1, 23, vec![Span::raw(" ".repeat(78))]);
    put(f, area, 1, 24, vec![Span::raw(" ".repeat(78))]);
    let text = if against_friend {
        "Leave this match? It ends here for both of you, and your friend is told."
    } else {
        "Leave this match? It is kept as it stands: [2] on the menu resumes it."
    };
    prompt(f, area, text, "[Y] leave  any other key: play on");
}

/// Day and session, the match's progress, the pack, and the match score by innings.
fn right_column(p: &PublicState, short: &[String; 2], shown: usize) -> Vec<String> {
    let o = &p.options;
    let session = (p.pack - 1) / o.packs_per_session as u16;
    let max = o.max_packs();
    let mut lines = vec![
        session_name(session),
        pack_track(p.pack, max),
        format!(
            "{} left in pack #{}/{}",
            plural(p.pickup_left.into(), "card"),
            p.pack,
            max
        ),
        String::new(),
    ];
    // Both sides, the batting side first: the fielding side is named under the score even
    // before it has batted, as on the original's scoreboard.
    for side in [p.first_bat, p.first_bat.other()] {
        let scores: Vec<String> = p.started()[..shown]
            .iter()
            .filter(|i| i.batting == side)
            .map(|i| i.score_text(o.all_out()))
            .collect();
        lines.push(
            format!("{} {}", short[side.index()], scores.join(" & "))
                .trim_end()
                .to_string(),
        );
    }
    lines
}

/// The match as a track, `+` at the pack in play: a mark a pack for up to 38 packs; for a
/// longer match, 38 marks each standing for an equal share of it, so that the `+` stands
/// as far along the track as the match is played.
#[expect(
    clippy::cast_possible_truncation,
    reason = "at most len, the track's width in columns: it fits a u16"
)]
fn pack_track(pack: u16, max: u16) -> String {
    const SHOWN: u16 = 38;
    let len = max.clamp(1, SHOWN);
    let at = ((pack.clamp(1, max.max(1)) - 1) as u32 * len as u32 / max.max(1) as u32) as u16;
    (0..len).map(|k| if k == at { '+' } else { '-' }).collect()
}

/// One line on the state of the match.
pub fn state_line(p: &PublicState, short: &[String; 2]) -> String {
    if let Some(r) = &p.result {
        return r.describe(|s| short[s.index()].clone());
    }
    let bat = p.batting();
    let name = &short[bat.index()];
    let (mine, theirs) = (p.aggregate(bat) as i32, p.aggregate(bat.other()) as i32);
    let left = p.options.all_out() - p.current().wickets;
    let runs = |n: i32| plural(n as u32, "run");
    match p.innings_started {
        // Before the first ball, as in the original: how the toss went.
        1 if p.current().balls == 0 && p.current().end.is_none() => toss_text(p, short),
        1 => format!("{name} are batting first"),
        4 => format!(
            "{name} need {} to win with {} left",
            runs(p.runs_to_win().unwrap_or(0).into()),
            plural(left.into(), "wicket")
        ),
        3 if mine < theirs => format!("{name} need {} to bowl again", runs(theirs - mine)),
        _ if mine == theirs => "The scores are level".to_string(),
        _ if mine > theirs => format!("{name} lead by {}", runs(mine - theirs)),
        _ => format!("{name} trail by {}", runs(theirs - mine)),
    }
}

/// How the toss went: "Notts lost the toss and were put in to bat".
fn toss_text(p: &PublicState, short: &[String; 2]) -> String {
    let bat = &short[p.first_bat.index()];
    match p.toss_winner {
        Some(w) if w == p.first_bat => format!("{bat} won the toss and chose to bat"),
        Some(_) => format!("{bat} lost the toss and were put in to bat"),
        None => format!("{bat} are batting first"),
    }
}

/// A line on how the match is shaping, when it is shaping clearly (see [`prospects`]), with
/// the counties' full names (`names`), or their scoreboard names (`short`) where the full
/// ones would not fit.
pub fn prospects_line(p: &PublicState, names: &[String; 2], short: &[String; 2]) -> Option<String> {
    let s = prospects::MatchFigures::of(p)?;
    let claim = prospects::claim(&s, p.options.all_out())?;
    let bat = p.batting();
    let words = |n: &[String; 2]| claim.words(&n[bat.index()], &n[bat.other().index()]);
    let line = words(names);
    if line.chars().count() <= 78 {
        Some(line)
    } else {
        Some(words(short))
    }
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_manhattan<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, shown: usize) {
    let Some(overs) = s.commentary().runs_per_over(shown) else {
        return;
    };
    let balls = s.public().started()[shown - 1].balls;
    let width = 76usize;
    let data: Vec<u64> = overs
        .iter()
        .rev()
        .take(width)
        .rev()
        .map(|&r| r as u64)
        .collect();
    let tallest = data.iter().copied().max().unwrap_or(0);
    let label = manhattan_heading(overs.len(), balls, width, tallest);
    put_text(f, area, 1, 12, label, style::text());
    let chart = Sparkline::default()
        .data(&data)
        .max(12)
        .style(style::chart());
    f.render_widget(chart, Rect::new(area.x + 2, area.y + 13, width as u16, 4));
}

/// The heading over the runs-per-over chart of an innings of `balls` legal balls drawn as
/// `bars` bars (one an over, the last perhaps unfinished), the last `width` of them shown:
/// the overs as the scoreboard writes them ("11.4 overs"); "12 overs, the last unfinished"
/// when the last bar is an over of extras only.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a count of things shown to a person, far below 2^32"
)]
pub fn manhattan_heading(bars: usize, balls: u16, width: usize, tallest: u64) -> String {
    let whole = (balls / 6) as usize;
    let overs = match balls % 6 {
        0 if bars == whole => plural(whole as u32, "over"),
        part if part > 0 && bars == whole + 1 => format!("{} overs", overs_text(balls)),
        _ => format!("{}, the last unfinished", plural(bars as u32, "over")),
    };
    let overs = if bars > width {
        format!("the last {width} of {overs}")
    } else {
        overs
    };
    format!(" Runs per over, this innings ({overs}; tallest {tallest})")
}

/// The bottom of the screen under the board: the question leaving asks, a stop's lines and
/// keys, the person's hand and what is asked of it, or a watched match's keys.
fn draw_hand_and_prompt<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T) {
    if s.desk().leaving {
        leave_prompt(f, area, s.against_friend());
        return;
    }
    if let Some(stop) = s.paused() {
        stop_prompt(f, area, s, stop);
        return;
    }
    if s.is_over() {
        prompt(f, area, "Press [Enter] for the scorecard", "[H] help");
        return;
    }
    if let (Some(side), Some(whom)) = (s.human(), s.waiting_for()) {
        // The other side is a friend's: the hand is shown, to look at, while they play.
        draw_hand(f, area, s, side, false);
        waiting_prompt(f, area, &whom);
        return;
    }
    match (s.human(), s.human_to_act(), s.watching()) {
        (Some(side), Some(decision), _) => {
            draw_hand(f, area, s, side, true);
            decision_prompt(f, area, s, decision);
        }
        (_, _, Some(w)) => watching_prompt(f, area, w),
        _ => {}
    }
}

/// A stop's lines (a wicket, an interval, an innings' or the match's end), and its keys.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn stop_prompt<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, stop: &Stop) {
    let lines = stop_lines(s.public(), stop, &s.commentary().names);
    for (i, line) in lines.into_iter().enumerate() {
        put_text(f, area, 1, 19 + i as u16, line, style::bright());
    }
    let hint = match (s.human(), s.may_declare_at_pause(), s.desk().declare_next) {
        _ if s.is_over() => "[H] help",
        (None, ..) => "[Q] finish now  [H] help  [Esc] leave",
        (_, true, false) => "[D] declare before the first ball  [H] help  [Esc] leave the match",
        (_, true, true) => "[D] cancel the declaration  [H] help  [Esc] leave the match",
        _ => "[H] help  [Esc] leave the match",
    };
    let text = if s.is_over() {
        "Press [Enter] for the scorecard"
    } else {
        "Press [Enter] to continue"
    };
    prompt(f, area, text, hint);
}

/// The prompt while the friend on the other side plays (`whom`, in words).
fn waiting_prompt(f: &mut Frame, area: Rect, whom: &str) {
    prompt(
        f,
        area,
        &format!("Waiting for {whom}..."),
        "[H] help  [Esc] leave",
    );
}

/// A watched match's prompt: held or going, and its speed.
fn watching_prompt(f: &mut Frame, area: Rect, w: &Watching) {
    let speed = crate::live::SPEED_NAMES[w.speed];
    if w.held {
        prompt(
            f,
            area,
            "Paused: [Space] to go on",
            &format!("[-]/[+] speed ({speed})  [Q] finish now  [H] help  [Esc] leave"),
        );
    } else {
        prompt(
            f,
            area,
            "Watching...",
            &format!(
                "[Space] pause  [-]/[+] speed ({speed})  [Q] finish now  [H] help  [Esc] leave"
            ),
        );
    }
}

/// The keys under a choice the person makes: the computer's choice, `extra` (the declaration's
/// key where it may be pressed), the help and leaving.
fn choosing_keys(extra: Option<&str>) -> String {
    match extra {
        Some(key) => format!("[=] computer chooses  {key}  [H] help  [Esc] leave"),
        None => "[=] computer chooses  [H] help  [Esc] leave".to_string(),
    }
}

/// The hand of the person's `side` under its heading: with the keys that play each card
/// (and the cards picked to change) when `keys`, only to look at otherwise.
fn draw_hand<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, side: Side, keys: bool) {
    let owner = possessive(&s.commentary().names[side.index()]);
    put_text(f, area, 1, 18, format!("{owner} hand:"), style::text());
    let picked: &[usize] = if keys { &s.desk().exchange_pick } else { &[] };
    draw_cards(f, area, s.hand(), 6, picked, keys);
}

/// What the person's `decision` at a ball asks, and its keys.
fn decision_prompt<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, decision: Decision) {
    let (text, hint) = match decision {
        Decision::Bowl => ("Enter bowler's play:".to_string(), choosing_keys(None)),
        Decision::Respond {
            bowled,
            call,
            top_before,
        } => respond_prompt(bowled, call, top_before, s.desk().declare_next),
        Decision::Exchange => (
            format!(
                "Wicket! Pick up to two cards to change ({} picked):",
                s.desk().exchange_pick.len()
            ),
            format!(
                "[1]-[6] pick  [Enter] change  [0] keep all  [=] computer  {}  [H] help",
                declare_key(s.desk().declare_next)
            ),
        ),
        _ => (String::new(), String::new()),
    };
    prompt(f, area, &text, &hint);
}

/// What an armed declaration will do, said plainly: only the key's hint would show it.
fn armed_declaration<T: Table + ?Sized>(s: &T) -> Option<String> {
    let side = s.human().filter(|_| s.desk().declare_next)?;
    let name = &s.commentary().names[side.index()];
    // Paused between innings, the engine has already begun the next: the declaration is in
    // the innings started last.
    let p = s.public();
    let behind = p.aggregate(side) < p.aggregate(side.other());
    Some(if p.innings_started == 4 {
        format!("{name} will declare before the next ball, ending the chase as if all out.")
    } else if p.innings_started == 3 && behind {
        format!("{name} will declare before the next ball: still behind, they lose by an innings.")
    } else {
        format!("{name} will declare before the next ball.")
    })
}

/// The adviser's word, to a person taking its choices, that it would declare: `[=]` plays a
/// ball or an answer, and a declaration is the person's own, with `[D]`.
fn declaration_advised<T: Table + ?Sized>(s: &T) -> Option<String> {
    let side = s
        .human()
        .filter(|_| s.desk().declare_advised && !s.desk().declare_next)?;
    let batting = s.public().batting() == side;
    batting
        .then(|| "[=] would have declared before this ball: [D] declares before the next.".into())
}

/// The declaration key's hint: declare before the next ball, or take that back and bat on
/// (short, as the exchange's keys line is long; the armed declaration is said in words).
fn declare_key(declare_next: bool) -> &'static str {
    if declare_next {
        "[D] bat on"
    } else {
        "[D]eclare"
    }
}

fn respond_prompt(
    bowled: Card,
    call: Call,
    top_before: Card,
    declare_next: bool,
) -> (String, String) {
    let called = match call {
        Call::NoBall => "No-ball! ".to_string(),
        Call::Wide => format!("Wide (on {})! ", top_before.on_screen()),
        _ => String::new(),
    };
    let text = format!(
        "{called}Bowled {}. Enter batsman's play:",
        bowled.on_screen()
    );
    let no_card = if call.allows_no_card() {
        "[0] no card  "
    } else {
        ""
    };
    let declare = declare_key(declare_next);
    (
        text,
        format!("{no_card}[=] computer  {declare}  [H] help  [Esc] leave"),
    )
}

/// `name` owning something: "Surrey's", but "Yorks'" (a scoreboard name ending in s).
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// The innings numbered `number` as it ended (the next one has already begun).
fn innings_end_text(p: &PublicState, number: u8, short: &[String; 2]) -> String {
    let inn = &p.started()[number as usize - 1];
    let name = &short[inn.batting.index()];
    let all_out = p.options.all_out();
    let declared = inn
        .end
        .is_some_and(|e| e.by_declaration(inn.wickets, all_out));
    let how = match inn.end {
        _ if declared => "declared at",
        Some(InningsEnd::AllOut) | Some(InningsEnd::InningsDefeat) => "all out for",
        Some(InningsEnd::Target) => "reached",
        _ => "finished on",
    };
    // "declared at 81-2", not "81-2d": the words already say it.
    let score = if declared {
        format!("{}-{}", inn.total, inn.wickets)
    } else {
        inn.score_text(all_out)
    };
    format!("End of innings: {name} {how} {score}.")
}

/// Cards in a row: rank line, suit line, and (when they can be pressed, `keys`) the key
/// under each; a card picked to change says so under it, not by its colour alone.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_cards(f: &mut Frame, area: Rect, hand: &[Card], max: usize, picked: &[usize], keys: bool) {
    for (i, c) in hand.iter().take(max).enumerate() {
        let x = 1 + i as u16 * 11;
        let is_picked = picked.contains(&i);
        let st = if is_picked {
            style::picked()
        } else {
            style::bright()
        };
        put_text(
            f,
            area,
            x,
            19,
            format!("{:^10}", format!("{} of", c.rank())),
            st,
        );
        put_text(f, area, x, 20, format!("{:^10}", c.suit().marked()), st);
        if !keys {
            continue;
        }
        let (label, st) = if is_picked {
            (format!("[{}] change", i + 1), style::picked())
        } else {
            (format!("[{}]", i + 1), style::key())
        };
        put_text(f, area, x, 21, format!("{label:^10}"), st);
    }
}

fn prompt(f: &mut Frame, area: Rect, text: &str, hint: &str) {
    put(
        f,
        area,
        1,
        23,
        vec![
            Span::styled(format!("{text} "), style::bright()),
            Span::styled("_", style::key().add_modifier(Modifier::SLOW_BLINK)),
        ],
    );
    put_text(f, area, 1, 24, hint.to_string(), style::key());
}

/// Writes `text` in `style` at (x, y) within `area`.
pub fn put_text<'a>(
    f: &mut Frame,
    area: Rect,
    x: u16,
    y: u16,
    text: impl Into<Cow<'a, str>>,
    style: Style,
) {
    put(f, area, x, y, vec![Span::styled(text, style)]);
}

/// Writes spans at (x, y) within `area`.
pub fn put(f: &mut Frame, area: Rect, x: u16, y: u16, spans: Vec<Span<'_>>) {
    if y >= area.height || x >= area.width {
        return;
    }
    let r = Rect::new(area.x + x, area.y + y, area.width - x, 1);
    f.render_widget(Paragraph::new(Line::from(spans)).style(Style::default()), r);
}

/// True when the match screen wants ticks (a computer-only match being watched, and not
/// held, stopped, asking to leave or under its help).
pub fn wants_ticks(s: &LiveMatch) -> bool {
    s.mode == Mode::Fully
        && s.human.is_none()
        && s.paused.is_none()
        && !s.watching.held
        && s.desk.help.is_none()
        && !s.desk.leaving
        && !s.state.is_over()
}

/// What a stop shows, a line for each thing that happened.
fn stop_lines(p: &PublicState, stop: &Stop, short: &[String; 2]) -> Vec<String> {
    stop.0
        .iter()
        .map(|pause| match pause {
            Pause::Wicket => "Wicket!".to_string(),
            Pause::Interval(session) => format!("Interval: {session} begins."),
            Pause::InningsEnd(number) => innings_end_text(p, *number, short),
            // "Match drawn" is a heading's words: within the sentence, a draw or a tie.
            Pause::MatchEnd => match &p.result {
                Some(r) if r.outcome == crate::engine::score::Outcome::Draw => {
                    "The match is over: a draw.".to_string()
                }
                Some(r) if r.outcome == crate::engine::score::Outcome::Tie => {
                    "The match is over: a tie.".to_string()
                }
                Some(r) => format!(
                    "The match is over: {}.",
                    r.describe(|s| short[s.index()].clone())
                        .trim_end_matches('.')
                ),
                None => "The match is over.".to_string(),
            },
        })
        .collect()
}

/// Rows of the in-match help.
const HELP_ROWS: usize = 21;

/// The in-match help: the delivery in play and what each card in hand would do to it, what
/// the lower-order rule forbids the striker, then the keys.
pub fn help_lines<T: Table + ?Sized>(s: &T) -> Vec<String> {
    let p = s.public();
    let mut out = vec!["THE BALL IN PLAY".to_string()];
    out.extend(ball_in_play(s));
    if p.innings_started > 0 && p.result.is_none() {
        out.push(String::new());
        out.push("THE STRIKER".to_string());
        let name = &s.commentary().names[p.batting().index()];
        out.push(format!("  {}", on_strike(name, p.striker)));
        out.push(match crate::engine::tables::weakest_defence(p.striker) {
            0 => format!(
                "  Batsmen 1-{} may defend with any lower or equal card of the suit bowled.",
                p.options.batsmen.min(5)
            ),
            1 => "  Batsmen 6-8 may not defend with a 1: a 1 of the suit bowled, below it, is bowled.".into(),
            _ => "  Batsmen 9-11 may not defend with a 1 or 2: either, below the card, is bowled.".into(),
        });
    }
    out.push(String::new());
    out.extend(if s.human().is_some() {
        super::help::play_keys()
    } else {
        super::help::watch_keys()
    });
    out
}

/// The delivery in play in words: what is asked and, for an answer, each card's outcome.
fn ball_in_play<T: Table + ?Sized>(s: &T) -> Vec<String> {
    let p = s.public();
    let o = &p.options;
    let mut out = Vec::new();
    match s.human_to_act() {
        Some(Decision::Elect) => {
            out.push("  You won the toss: [B] bats first, [F] fields first.".into());
        }
        Some(Decision::OpeningDiscard) => {
            out.push("  Each side throws away one card, the bowling side first.".into());
            if o.no_balls {
                out.push(
                    "  The bowling side's discard sets the no-ball suit of the first over.".into(),
                );
            }
        }
        Some(Decision::Bowl) => {
            out.push("  You bowl: play any card from your hand.".into());
            let top = p.top;
            if let (true, Some(suit)) = (o.no_balls, p.no_ball_suit) {
                out.push(format!(
                    "  A card of {} is a no-ball this over (one run, and a free hit).",
                    suit.marked()
                ));
            }
            if let (true, Some(t)) = (o.wides, top) {
                out.push(format!(
                    "  A {} (the number on top of the discard pile) is a wide.",
                    t.rank()
                ));
            }
            if let (true, Some(t)) = (o.byes, top) {
                if t.rank() < 11 {
                    out.push(format!(
                        "  A {} (one above the top of the discard pile) gives byes.",
                        t.rank() + 1
                    ));
                }
            }
        }
        Some(Decision::Respond {
            bowled,
            call,
            top_before,
        }) => {
            out.push(format!("  Bowled {}.", bowled.on_screen()));
            out.push(match call {
                Call::NoBall => "  No-ball: one run to you. [0] plays no card; a higher card of any suit scores; any other card is safe.".into(),
                Call::Wide => format!("  Wide on the {}: [0] takes the wide; a card played calls it off.", top_before.on_screen()),
                _ => "  Same suit, higher: runs. Same suit, not higher: safe. Other suit, not lower: safe. Other suit, lower: out.".into(),
            });
            for (i, c) in s.hand().iter().enumerate() {
                let (_, out_come) = crate::engine::delivery::resolve(
                    if call == Call::Wide { Call::Wide } else { call },
                    bowled,
                    top_before,
                    Some(*c),
                    p.striker,
                );
                out.push(format!(
                    "  [{}] {:<14} {}",
                    i + 1,
                    c.on_screen(),
                    outcome_words(&out_come)
                ));
            }
        }
        Some(Decision::Exchange) => {
            out.push(
                "  A wicket fell: you may change up to two cards before the next ball.".into(),
            );
            out.push("  Press their numbers, then [Enter]; [0] keeps your hand as it is.".into());
        }
        _ if s.human().is_none() => {
            out.push("  Two computer sides are playing; you are watching.".into());
        }
        _ => out.push("  Nothing is asked of you at the moment.".into()),
    }
    out.into_iter()
        .flat_map(|l| super::draw::fit(&l, 78, 4))
        .collect()
}

/// An answer's outcome in a few words.
fn outcome_words(o: &crate::engine::delivery::Outcome) -> String {
    match (o.wicket, o.runs) {
        (Some(d), _) => format!("OUT, {}", d.name()),
        (None, 0) if o.no_balls > 0 => "safe (the no-ball's run only)".into(),
        (None, 0) => "safe, no run".into(),
        (None, r) => plural(r.into(), "run"),
    }
}

#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_help<T: Table + ?Sized>(f: &mut Frame, area: Rect, s: &T, scroll: usize) {
    let lines = help_lines(s);
    let scroll = scroll.min(lines.len().saturating_sub(HELP_ROWS));
    put_text(
        f,
        area,
        0,
        0,
        format!(" {:<79}", "Help: this match"),
        style::title(),
    );
    for (i, line) in lines.iter().skip(scroll).take(HELP_ROWS).enumerate() {
        put_text(f, area, 1, 2 + i as u16, line.clone(), style::text());
    }
    put_text(
        f,
        area,
        1,
        24,
        "[Up]/[Down] scroll  [Esc] or [H] back to the match",
        style::key(),
    );
}

#[cfg(test)]
mod tests {
    use super::{innings_end_text, manhattan_heading, on_strike, pack_track, possessive};
    use crate::engine::{InningsEnd, MatchOptions, MatchState, Side};

    #[test]
    fn a_hand_belongs_to_its_county_in_good_english() {
        assert_eq!(possessive("Surrey"), "Surrey's");
        assert_eq!(possessive("Yorks"), "Yorks'");
    }

    #[test]
    fn a_declaration_is_said_once() {
        let mut p = MatchState::new(MatchOptions::default()).public().clone();
        p.innings_started = 2;
        p.innings[0].batting = Side::Home;
        (p.innings[0].total, p.innings[0].wickets, p.innings[0].end) =
            (81, 2, Some(InningsEnd::Declared));
        let names = ["Surrey".to_string(), "Notts".to_string()];
        assert_eq!(
            innings_end_text(&p, 1, &names),
            "End of innings: Surrey declared at 81-2."
        );
        (p.innings[0].wickets, p.innings[0].end) = (10, Some(InningsEnd::AllOut));
        assert_eq!(
            innings_end_text(&p, 1, &names),
            "End of innings: Surrey all out for 81."
        );
        // A third innings closed still behind loses by an innings, declared or all out.
        (p.innings[0].total, p.innings[0].wickets, p.innings[0].end) =
            (0, 0, Some(InningsEnd::InningsDefeat));
        assert_eq!(
            innings_end_text(&p, 1, &names),
            "End of innings: Surrey declared at 0-0."
        );
        (p.innings[0].total, p.innings[0].wickets) = (57, 10);
        assert_eq!(
            innings_end_text(&p, 1, &names),
            "End of innings: Surrey all out for 57."
        );
    }

    #[test]
    fn the_striker_is_named_with_what_the_lower_order_rule_forbids_him() {
        assert_eq!(on_strike("Kent", 5), "Kent batsman no. 5 on strike");
        assert_eq!(
            on_strike("Kent", 6),
            "Kent batsman no. 6 on strike (may not defend with a 1)"
        );
        assert_eq!(
            on_strike("Kent", 11),
            "Kent batsman no. 11 on strike (may not defend with a 1 or 2)"
        );
    }

    /// The help inside a match says only what is true of it: the top order as this match
    /// has it (four batsmen a side: 1-4), the seventh card at the opening discard, and, in a
    /// watched match, the watching keys and not the playing ones.
    #[test]
    fn the_help_inside_a_match_fits_the_match() {
        use crate::live::LiveMatch;
        use crate::play::Levels;
        let options = MatchOptions {
            batsmen: 4,
            ..MatchOptions::default()
        };
        let names = || [("Kent", "Kent"), ("Surrey", "Surrey")].map(|(a, b)| (a.into(), b.into()));
        let levels = Levels { bat: 5, bowl: 5 };
        let mut s = LiveMatch::begin(options, levels, 3, names(), Some(Side::Home));
        let help = super::help_lines(&s).join("\n");
        assert!(help.contains("[7] too at the opening discard"), "{help}");
        while s.state.public().innings_started == 0 || s.paused.is_some() {
            if s.paused.is_some() {
                s.resume();
                s.advance(false);
            } else {
                let c = s.advice().expect("the person to act");
                s.choose(c).unwrap();
            }
        }
        let help = super::help_lines(&s).join("\n");
        assert!(help.contains("Batsmen 1-4 may defend"), "{help}");
        assert!(!help.contains("1-5"), "{help}");
        assert!(!help.contains("[Space] pauses"), "{help}");
        let watched = LiveMatch::begin(options, levels, 3, names(), None);
        let help = super::help_lines(&watched).join("\n");
        assert!(help.contains("[Space] pauses"), "{help}");
        assert!(!help.contains("[1]-[6]") && !help.contains("[=]"), "{help}");
        assert!(super::help_lines(&watched)
            .iter()
            .all(|l| l.chars().count() <= 78));
    }

    #[test]
    fn the_cards_left_in_the_pack_are_counted_in_good_english() {
        let mut p = MatchState::new(MatchOptions::default()).public().clone();
        let names = ["Surrey".to_string(), "Notts".to_string()];
        (p.pack, p.pickup_left) = (3, 1);
        assert_eq!(
            super::right_column(&p, &names, 0)[2],
            "1 card left in pack #3/27"
        );
        p.pickup_left = 0;
        assert_eq!(
            super::right_column(&p, &names, 0)[2],
            "0 cards left in pack #3/27"
        );
    }

    #[test]
    #[expect(
        clippy::cast_precision_loss,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn the_pack_track_shows_the_share_of_the_match_played() {
        assert_eq!(pack_track(1, 27), format!("+{}", "-".repeat(26)));
        assert_eq!(pack_track(27, 27), format!("{}+", "-".repeat(26)));
        // Nine packs a session for five days: 135 packs on 38 marks, the + as far along as
        // the match is played.
        for (pack, max) in [
            (1, 135),
            (38, 135),
            (68, 135),
            (100, 135),
            (135, 135),
            (20, 45),
        ] {
            let track = pack_track(pack, max);
            assert_eq!(track.chars().count(), 38, "pack {pack} of {max}");
            assert_eq!(
                track.matches('+').count(),
                1,
                "pack {pack} of {max}: {track}"
            );
            let at = track.find('+').unwrap() as f64 / 38.0;
            let played = (pack - 1) as f64 / max as f64;
            assert!(
                (at - played).abs() < 1.0 / 38.0,
                "pack {pack} of {max}: {track}"
            );
        }
        assert_eq!(pack_track(135, 135), format!("{}+", "-".repeat(37)));
        assert_eq!(
            pack_track(68, 135).find('+'),
            Some(18),
            "half way, half way along"
        );
    }

    #[test]
    fn the_runs_per_over_heading_says_the_overs_the_scoreboard_does() {
        let h = |bars, balls| manhattan_heading(bars, balls, 76, 11);
        assert_eq!(
            h(12, 70),
            " Runs per over, this innings (11.4 overs; tallest 11)"
        );
        assert_eq!(
            h(12, 72),
            " Runs per over, this innings (12 overs; tallest 11)"
        );
        assert_eq!(h(1, 6), " Runs per over, this innings (1 over; tallest 11)");
        assert_eq!(
            h(1, 2),
            " Runs per over, this innings (0.2 overs; tallest 11)"
        );
        // A wide to begin the 13th over: its bar, with no ball of it yet counted.
        assert_eq!(
            h(13, 72),
            " Runs per over, this innings (13 overs, the last unfinished; tallest 11)"
        );
        assert_eq!(
            h(120, 718),
            " Runs per over, this innings (the last 76 of 119.4 overs; tallest 11)"
        );
    }
}
