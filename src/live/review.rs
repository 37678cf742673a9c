//! The review of a match the person played to its end (the screen after its final
//! scorecard, and `accc review NAME`): the match rebuilt from its record, action by action,
//! and the person's balls and answers judged as the replay passes them by the match's own
//! `=` adviser, told every view of the person's side as it was in play (`ai::review`).

use super::{BattedOn, LiveMatch, ReplayError};
use crate::ai::review::{dearest, judge, judged_kind, Costly, FollowBall, Step};
use crate::engine::{Choice, Side};
use crate::league::Settings;
use crate::save::record::{MatchRecord, Op};
use crate::text::{wrap, Wrap};

/// How many of the dearest choices a review lists.
pub const MOST: usize = 10;

/// The person's decisions in `game`, in order, each with the state it was made in, and the
/// side the person played: `None` if the person played no side (a watched match).
pub fn steps(
    settings: &Settings,
    game: &MatchRecord,
) -> Result<Option<(Side, Vec<Step>)>, ReplayError> {
    let mut steps = Vec::new();
    let played = each_decision(settings, game, |s, choice| {
        steps.push((s.state.clone(), choice))
    })?;
    Ok(played.side.map(|side| (side, steps)))
}

/// Shows `seen` each of the person's decisions in `game`, in order: the match as it stood
/// when the person chose (its `=` adviser told every view of the side before), and the
/// choice. The match is rebuilt from the record once (`LiveMatch::of_record_seeing`, which
/// plays the computer's kept choices, so a match played under another version of the
/// computer players is reviewed as it was played).
fn each_decision(
    settings: &Settings,
    game: &MatchRecord,
    mut seen: impl FnMut(&LiveMatch, Choice),
) -> Result<Played, ReplayError> {
    let played = LiveMatch::of_record_seeing(settings, game, |s, op| {
        if let Op::Choose(choice) = op {
            if s.paused.is_none() && s.human_to_act().is_some() {
                seen(s, choice);
            }
        }
    })?;
    Ok(Played {
        side: played.human,
        batted_on: played.batted_on,
        last_ball: played.state.public().last_ball,
    })
}

/// What a replayed match comes to for the review: the side the person played, if any,
/// where it batted on though the adviser would have declared, and the match's last ball.
struct Played {
    side: Option<Side>,
    batted_on: Vec<BattedOn>,
    last_ball: Option<crate::engine::BallRecord>,
}

/// The review of the person's match `game` as lines of text at most `width` wide: a heading,
/// then the dearest choices, numbered, then each innings the person's side batted on where
/// `[=]` would have declared. `None` for a watched match.
pub fn lines(
    settings: &Settings,
    game: &MatchRecord,
    width: usize,
) -> Result<Option<Vec<String>>, ReplayError> {
    lines_of_most(settings, game, MOST, width)
}

/// [`lines`], telling the `most` decisions that cost most (`accc review NAME --most N`).
pub fn lines_of_most(
    settings: &Settings,
    game: &MatchRecord,
    most: usize,
    width: usize,
) -> Result<Option<Vec<String>>, ReplayError> {
    let mut batted_on = Vec::new();
    let Some((side, decisions, costly)) = judging(settings, game, most, &mut batted_on)? else {
        return Ok(None);
    };
    let f = &game.fixture;
    let names = [f.home, f.away].map(|id| crate::counties::get(id).name.clone());
    let mut out = told(
        [&names[0], &names[1]],
        &names[side.index()],
        decisions,
        &costly,
        width,
        !batted_on.is_empty(),
    );
    if !batted_on.is_empty() {
        out.push(String::new());
        out.extend(wrap(
            "Declarations (a declaration is the person's own, made with [D]; [=] never \
             makes one):",
            width,
        ));
        for b in &batted_on {
            out.extend(Wrap::new(width).begun("  ", "    ").lines(&b.line()));
        }
    }
    Ok(Some(out))
}

/// The person's side in `game`, how many balls the person bowled and answered, and the `most` that
/// cost most, dearest first: `None` for a watched match. Each of the person's decisions is
/// judged by the match's `=` adviser as the replay passes it, so by the very analyst, told
/// the very views, that answered `=` there in play.
pub fn judged(
    settings: &Settings,
    game: &MatchRecord,
    most: usize,
) -> Result<Option<(Side, usize, Vec<Costly>)>, ReplayError> {
    judging(settings, game, most, &mut Vec::new())
}

/// [`judged`], with where the person's side batted on though `[=]` would have declared.
fn judging(
    settings: &Settings,
    game: &MatchRecord,
    most: usize,
    batted_on: &mut Vec<BattedOn>,
) -> Result<Option<(Side, usize, Vec<Costly>)>, ReplayError> {
    let mut found = Vec::new();
    let mut decisions = 0;
    let mut follow = FollowBall::default();
    let played = each_decision(settings, game, |s, choice| {
        let view = s.state.view();
        follow.seen(&mut found, view.public.last_ball);
        decisions += judged_kind(view.decision) as usize;
        follow.add(
            &mut found,
            judge(s.adviser(), &s.state, choice, "you"),
            &view,
        );
    })?;
    follow.seen(&mut found, played.last_ball);
    *batted_on = played.batted_on;
    Ok(played
        .side
        .map(|side| (side, decisions, dearest(found, most))))
}

/// A review told: `names` the home and away sides (the title "Surrey v Kent"), `side` the side reviewed, `decisions` how many balls it
/// bowled and answered (the decisions a review judges: `ai::review::judged_kind`), and the
/// costly ones, wrapped to `width`; `more` when more follows it (nothing is
/// then said to be "nothing to review").
pub fn told(
    names: [&str; 2],
    side: &str,
    decisions: usize,
    costly: &[Costly],
    width: usize,
    more: bool,
) -> Vec<String> {
    let title = format!("{} v {}", names[0], names[1]);
    let heading = if decisions == 1 {
        format!("Review of {title}: the one ball {side} bowled or answered")
    } else {
        format!("Review of {title}: the {decisions} balls {side} bowled and answered")
    };
    let mut out = Wrap::new(width).lines(&heading);
    out.push(String::new());
    let mut say = |text: &str, first: &str, rest: &str| {
        out.extend(Wrap::new(width).begun(first, rest).lines(text));
    };
    if costly.is_empty() {
        let none = "The analyst found no ball or answer it was sure cost runs";
        say(
            &if more {
                format!("{none}.")
            } else {
                format!("{none}: nothing to review.")
            },
            "",
            "",
        );
    } else {
        say(
            "The balls and answers that cost most, by the analyst's estimate: each against \
             what [=] (the same analyst) would have answered there, over the next dozen balls \
             on the same deals of the unseen cards, wickets, the cards kept and a result \
             within them counted in runs, a match won or lost as 200. A choice [=] would have \
             made is never listed:",
            "",
            "",
        );
        for (i, c) in costly.iter().enumerate() {
            say(&c.line(names), &format!("{:>2}. ", i + 1), "    ");
        }
    }
    out
}
