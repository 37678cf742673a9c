//! Playing and watching a match from the menu: `[1]` quickly or `[2]` fully, the keys on the
//! match screen, adding the result to the competition (and saving) the moment it ends, and
//! the final scoreboard.

use crossterm::event::{KeyCode, KeyEvent};

use super::app::Screen;
use super::file::Open;
use super::match_screen::{self, MatchKey};
use crate::counties::{self, CountyId};
use crate::engine::{Decision, PublicState, Side};
use crate::league::competition::Fixture;
use crate::league::season::SeasonSummary;
use crate::live::{LiveMatch, Mode as Shown};
use crate::save::record::{FixtureKey, MatchRecord, Mode, Op};

/// Where a match on screen stands with the competition.
#[derive(Debug)]
pub enum Entry {
    /// To be added when it ends.
    Due(Fixture),
    /// Added and saved the moment it ended, so that no key (Esc, Ctrl-C) and no closed
    /// window can lose a result that stands; the season's summary if it ended the season.
    Recorded(Option<SeasonSummary>),
}

/// Why the match in play cannot be resumed.
#[derive(Debug)]
enum NotResumed {
    /// The file holds none.
    NoneKept,
    /// It was begun with the person playing, and the county now plays neither side, or the
    /// other way about.
    OtherCounty,
    /// Its record does not rebuild it.
    Replay(crate::live::ReplayError),
}

impl std::fmt::Display for NotResumed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotResumed::NoneKept => f.write_str("there is none"),
            NotResumed::OtherCounty => f.write_str("it was played by another county"),
            NotResumed::Replay(e) => e.fmt(f),
        }
    }
}

/// The match the person has in play, as the menu offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InPlay {
    pub fixture: Fixture,
    /// "Surrey v Lancashire: Lancashire batting, innings 2 of 4, pack 9/27".
    pub label: String,
}

/// The widest a resume label may be: the menu writes `"[2] Resume "` before it from column 6
/// of 80.
pub const RESUME_LABEL_WIDTH: usize = 80 - 6 - "[2] Resume ".len();

impl InPlay {
    pub(super) fn of(fixture: Fixture, live: &LiveMatch) -> InPlay {
        let label = resume_label(
            live.state.public(),
            Standing::of(live),
            &live.names,
            &live.commentary.names,
        );
        InPlay { fixture, label }
    }
}

/// Where a match in play stands beyond its public state, as the resume label tells it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// The toss is won and the winner has still to choose to bat or field.
    pub electing: bool,
    /// The batting side has a declaration armed, to be made before the next ball.
    pub declaring: bool,
}

impl Standing {
    fn of(live: &LiveMatch) -> Standing {
        Standing {
            electing: matches!(live.state.to_act(), Some((_, Decision::Elect))),
            declaring: live.desk.declare_next,
        }
    }
}

/// Where a match in play stands, in at most [`RESUME_LABEL_WIDTH`] characters: the fixture,
/// then the toss while it is undecided (and who won it), the side to bat at the opening
/// discards, or who is batting (or to bat, before the innings' first ball; declaring, with a
/// declaration armed), which of the match's innings it is and the pack; with the counties'
/// full names (`names`, home first), or their scoreboard names (`short`) where those would
/// not fit.
pub fn resume_label(
    p: &PublicState,
    standing: Standing,
    names: &[String; 2],
    short: &[String; 2],
) -> String {
    let words = |n: &[String; 2]| {
        let fixture = format!("{} v {}", n[0], n[1]);
        // Before the first innings: the side that bats first is not known until the toss
        // winner has chosen.
        match (p.innings_started, p.toss_winner) {
            (0, Some(w)) if standing.electing => {
                return format!("{fixture}: at the toss, won by {}", n[w.index()])
            }
            (0, None) => return format!("{fixture}: at the toss"),
            (0, Some(_)) => {
                let bat = &n[p.first_bat.index()];
                // A declaration armed at the batting side's discard comes before the first
                // ball.
                let to = if standing.declaring {
                    "to declare"
                } else {
                    "to bat"
                };
                return format!("{fixture}: {bat} {to}, the opening discards");
            }
            _ => {}
        }
        let begun = p.last_ball.is_some_and(|b| b.innings == p.innings_started);
        let doing = match (standing.declaring, begun) {
            (true, _) => "declaring",
            (false, true) => "batting",
            (false, false) => "to bat",
        };
        format!(
            "{fixture}: {} {doing}, innings {} of 4, pack {}/{}",
            n[p.batting().index()],
            p.innings_started.min(4),
            p.pack.max(1),
            p.options.max_packs()
        )
    };
    let full = words(names);
    if full.chars().count() <= RESUME_LABEL_WIDTH {
        full
    } else {
        words(short)
    }
}

impl Open {
    /// `[1]` quickly or `[2]` fully, with the guide's rules for when each is open. With a match
    /// in play, `[2]` resumes it (whichever class the menu shows): only one is played at a
    /// time, and it cannot be dealt again.
    pub(super) fn play_key(&mut self, fully: bool) -> Screen {
        if fully {
            if let Some(game) = self.in_play.clone() {
                return self.resume(game.fixture);
            }
        }
        let (quick_ok, full_ok) = self.menu_choices();
        if !full_ok {
            self.class = self.class.other();
            let switched = "This class has finished its round: switched to the other class.";
            return match self.own_next_told() {
                Some(own) => self.say(&format!("{switched} {own}")),
                None => self.say(switched),
            };
        }
        if !fully && !quick_ok {
            // The person's own match is the next: begun, it is resumed, never dealt again.
            let next = self.comp.next_fixture(self.class);
            return if self
                .in_play
                .as_ref()
                .is_some_and(|g| Some(g.fixture) == next)
            {
                self.say("Your match is in play: press [2] to resume it.")
            } else {
                self.say("Your county is playing: press [2] to play the match.")
            };
        }
        let fixture = self.comp.next_fixture(self.class).expect("checked above");
        if !fully {
            // A watched match left in play ends the same whether watched or played quickly
            // (the same seed, the same computer players): played quickly, it is done with.
            if self.in_play.as_ref().is_some_and(|g| g.fixture == fixture) {
                self.give_up_in_play();
            }
            return self.play_quickly(fixture);
        }
        let human = self.human_of(&fixture);
        let s = self.comp.settings();
        let live = LiveMatch::begin(s.options, s.levels, fixture.seed, names(&fixture), human);
        let mode = if human.is_some() {
            Mode::Play
        } else {
            Mode::Watch
        };
        let mut live = live;
        let game = MatchRecord {
            fixture: FixtureKey::of(&fixture),
            mode,
            ops: live.take_computer(),
        };
        if let Err(e) = self.keeper.begin_match(game) {
            self.not_kept(&e);
        }
        self.in_play = Some(InPlay::of(fixture, &live));
        Screen::Match {
            live: Box::new(live),
            entry: Entry::Due(fixture),
        }
    }

    /// The person's side in `fixture`, if they play in it.
    fn human_of(&self, fixture: &Fixture) -> Option<Side> {
        crate::live::side_of(self.comp.settings().user_county, fixture.home, fixture.away)
    }

    /// The match in play, rebuilt from its record.
    fn replayed(&self, fixture: &Fixture) -> Result<LiveMatch, NotResumed> {
        let game = self.keeper.in_play().ok_or(NotResumed::NoneKept)?;
        let human = self.human_of(fixture);
        if (game.mode == Mode::Play) != human.is_some() {
            return Err(NotResumed::OtherCounty);
        }
        let s = self.comp.settings();
        LiveMatch::replay(
            s.options,
            s.levels,
            fixture.seed,
            names(fixture),
            human,
            game,
        )
        .map_err(NotResumed::Replay)
    }

    /// How many of `game`'s actions and choices replay, from the first: all of them, or those
    /// before the first that cannot come where it does (the computer's choices after the last
    /// action kept are left to the computer players, who choose as they would).
    fn replayable_ops(&self, fixture: &Fixture, game: &MatchRecord) -> usize {
        let human = self.human_of(fixture);
        let s = self.comp.settings();
        let mut cut = game.clone();
        // Each try keeps fewer actions than the last, so this ends.
        while !cut.ops.is_empty() {
            let mut seen = 0usize;
            let replay = LiveMatch::replay_seeing(
                s.options,
                s.levels,
                fixture.seed,
                names(fixture),
                human,
                &cut,
                |_, _| seen += 1,
            );
            if replay.is_ok() {
                break;
            }
            // `seen` counts the action that failed (or all of them, when choices were left
            // over after the last): those before it are kept.
            cut.ops
                .truncate(seen.saturating_sub(1).min(cut.ops.len() - 1));
        }
        cut.ops.len()
    }

    /// `[2]` with a match in play: the match as it was left, on the same ball, stop and hand.
    /// A watched match comes back held, to be set going with `[Space]`.
    fn resume(&mut self, fixture: Fixture) -> Screen {
        match self.replayed(&fixture) {
            Ok(mut live) => {
                // Held, unless it was left at a stop (which waits for a key anyway).
                live.watching.held = live.human.is_none() && live.paused.is_none();
                self.class = fixture.class;
                Screen::Match {
                    live: Box::new(live),
                    entry: Entry::Due(fixture),
                }
            }
            Err(why) => {
                self.give_up_in_play();
                // Saved without it at once: a match begun next is then the only one in play,
                // and its journal never stands beside a save holding another.
                self.save();
                self.say(&format!(
                    "The match in play could not be resumed ({why}): it was dropped."
                ))
            }
        }
    }

    /// Looks at the match in play the file holds, once it is open: it is offered on the
    /// menu if its fixture is still to be played and its actions replay; else it is dropped
    /// (and the file saved without it), saying why.
    pub(super) fn check_in_play(&mut self) {
        let Some(game) = self.keeper.in_play().cloned() else {
            return;
        };
        let pending = self
            .comp
            .remaining_fixtures()
            .into_iter()
            .find(|f| game.fixture.is(f));
        let result = match pending {
            None => Err(None),
            Some(f) => match self.replayed(&f) {
                // An action that cannot come where it does (doubled, or past the match's
                // end, though its checksum held): the match resumes before it, and is saved
                // so, the journal as it was kept aside.
                Err(NotResumed::Replay(_)) => {
                    let cut = self.replayable_ops(&f, &game);
                    self.keeper.cut_in_play(cut);
                    let replayed = self.replayed(&f);
                    if replayed.is_ok() {
                        // What was said before (a journal damaged), what was cut, and what the
                        // save said of itself, in that order.
                        let before = self.status.take();
                        self.save();
                        let saved = self.status.take();
                        let note = self
                            .keeper
                            .take_journal_note()
                            .map(|n| format!("{}.", super::draw::capitalised(&format!("{n:#}"))));
                        self.status = [before, note, saved]
                            .into_iter()
                            .flatten()
                            .reduce(|a, b| a + " " + &b);
                    }
                    replayed.map(|s| InPlay::of(f, &s)).map_err(Some)
                }
                other => other.map(|s| InPlay::of(f, &s)).map_err(Some),
            },
        };
        match result {
            Ok(in_play) => self.in_play = Some(in_play),
            Err(why) => {
                self.give_up_in_play();
                let before = self.status.take();
                self.save();
                // What the save said of itself (saved but not flushed, or not saved) goes
                // after the drop, not under it.
                let saved = self.status.take().filter(|s| Some(s) != before.as_ref());
                let why = why.map_or_else(
                    || "its fixture has been played meanwhile".to_string(),
                    |w| format!("it could not be rebuilt: {w}"),
                );
                let dropped = format!("The match that was in play was dropped: {why}.");
                self.status = Some(match saved {
                    Some(saved) => format!("{dropped} {saved}"),
                    None => dropped,
                });
            }
        }
    }

    /// Forgets the match in play (store to forget it on disk).
    pub(super) fn give_up_in_play(&mut self) {
        self.keeper.drop_match();
        self.in_play = None;
    }

    /// A journal write failed: said at once, and the quit asks first. One that failed only
    /// at flushing its folder kept what was done: that is said, and nothing is unsaved.
    pub(super) fn not_kept(&mut self, e: &crate::save::Error) {
        if e.written_unflushed() {
            self.status = Some(format!(
                "The match in play is kept, but the disk may not have it yet ({e})."
            ));
            return;
        }
        let why = format!("the match in play is not being kept: {e}");
        self.status = Some(why.clone());
        self.unsaved = Some(why);
    }

    /// Keeps what the person did (`op`) and the computer's choices that followed it
    /// (`computer`), on disk before play goes on.
    pub(super) fn note(&mut self, op: Op, computer: Vec<Op>) {
        let mut ops = vec![op];
        ops.extend(computer);
        if let Err(e) = self.keeper.note(&ops) {
            self.not_kept(&e);
        }
    }

    fn play_quickly(&mut self, fixture: Fixture) -> Screen {
        let s = *self.comp.settings();
        let mut live = LiveMatch::new(
            s.options,
            s.levels,
            fixture.seed,
            names(&fixture),
            None,
            Shown::Quick,
        );
        live.finish_quickly();
        self.finish_match(&live, fixture)
    }

    /// Adds a finished match to the competition, saves, and shows the scoreboard.
    fn finish_match(&mut self, live: &LiveMatch, fixture: Fixture) -> Screen {
        match self.add_result(fixture, live) {
            Ok(season_end) => Screen::Scorecard {
                card: Box::new(FinalCard::of(live)),
                scroll: 0,
                season_end,
                review: self.to_review(live),
            },
            Err(menu) => menu,
        }
    }

    /// The person's match just ended and recorded (their last played), to be reviewed after
    /// its scoreboard; `None` for a match of two computer sides.
    fn to_review(&self, live: &LiveMatch) -> Option<Box<MatchRecord>> {
        live.human?;
        self.keeper.last_played().map(|g| Box::new(g.clone()))
    }

    /// Adds a finished match to the competition and saves: the season's summary if it ended
    /// one, or, if the match cannot be added, the menu saying why. A match the person had in
    /// play becomes their last match played, in the same save.
    pub(super) fn add_result(
        &mut self,
        fixture: Fixture,
        live: &LiveMatch,
    ) -> Result<Option<SeasonSummary>, Screen> {
        match self
            .comp
            .record_result(fixture, &live.state, live.human.is_some(), live.tape())
        {
            Ok(recorded) => {
                if self.in_play.as_ref().is_some_and(|g| g.fixture == fixture) {
                    self.keeper.end_match();
                    self.in_play = None;
                }
                self.save();
                Ok(recorded.season_end)
            }
            Err(e) => Err(self.say(&format!("The match could not be added: {e}"))),
        }
    }

    pub(super) fn match_key(
        &mut self,
        mut live: Box<LiveMatch>,
        entry: Entry,
        k: KeyEvent,
    ) -> Screen {
        // The match over, the stop that shows its end goes straight on to the scorecard: one
        // key for one thing that happened. [Space] does so only in the person's own match: in
        // a watched one it is the key that holds play, and passes no stop (see
        // `match_screen::key`).
        let goes_on = match k.code {
            KeyCode::Enter => true,
            KeyCode::Char(' ') => live.human.is_some(),
            _ => false,
        };
        if live.state.is_over() && live.desk.help.is_none() && goes_on {
            return match entry {
                Entry::Due(f) => self.finish_match(&live, f),
                Entry::Recorded(season_end) => Screen::Scorecard {
                    card: Box::new(FinalCard::of(&*live)),
                    scroll: 0,
                    season_end,
                    review: self.to_review(&live),
                },
            };
        }
        match match_screen::key(&mut *live, k) {
            MatchKey::Leave => {
                // Kept as it stands, folded into the save: [2] brings it back.
                if let Entry::Due(f) = &entry {
                    self.in_play = Some(InPlay::of(*f, &live));
                }
                self.save();
                self.say("The match is kept as it stands: [2] on the menu resumes it.")
            }
            MatchKey::Played(op) => {
                let computer = live.take_computer();
                if matches!(entry, Entry::Due(_)) {
                    self.note(op, computer);
                }
                self.record_when_over(live, entry)
            }
            _ => self.record_when_over(live, entry),
        }
    }

    /// Adds the match to the competition and saves the moment it ends (its pauses and
    /// scoreboard still to be shown).
    pub(super) fn record_when_over(&mut self, live: Box<LiveMatch>, entry: Entry) -> Screen {
        let Entry::Due(fixture) = entry else {
            return Screen::Match { live, entry };
        };
        if !live.state.is_over() {
            return Screen::Match {
                live,
                entry: Entry::Due(fixture),
            };
        }
        match self.add_result(fixture, &live) {
            Ok(season_end) => Screen::Match {
                live,
                entry: Entry::Recorded(season_end),
            },
            Err(menu) => menu,
        }
    }
}

/// The (full, scoreboard) names of a fixture's sides, home first.
fn names(f: &Fixture) -> [(String, String); 2] {
    let of = |id: CountyId| {
        let c = counties::get(id);
        (c.name.clone(), c.short.clone())
    };
    [of(f.home), of(f.away)]
}

/// What the final scoreboard shows: the scorecard, and each innings' runs per over.
#[derive(Clone, Debug)]
pub struct FinalCard {
    pub lines: Vec<String>,
    /// (label, runs per over) for each innings.
    pub innings: Vec<(String, Vec<u16>)>,
}

impl FinalCard {
    pub fn of<T: crate::live::table::Table + ?Sized>(s: &T) -> FinalCard {
        let names = crate::scorecard::Names {
            home: &s.names()[0],
            away: &s.names()[1],
        };
        let text = crate::scorecard::scorecard(s.public(), &names);
        let mut lines: Vec<String> = text.lines().flat_map(|l| wrap_indented(l, 78)).collect();
        // The result and the points come first, under the names, where the card opens: the
        // scorecard prints them at its foot.
        if s.public().result.is_some() && lines.len() > 3 {
            let foot = lines.split_off(lines.len() - 2);
            while lines.last().is_some_and(|l| l.is_empty()) {
                lines.pop();
            }
            lines.splice(1..1, foot);
        }
        let p = s.public();
        let short = &s.commentary().names;
        let innings = p
            .started()
            .iter()
            .zip(&s.commentary().overs)
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
    let mut out = crate::text::wrap(line.trim_start(), width - indent - 2);
    for (i, l) in out.iter_mut().enumerate() {
        *l = if i == 0 {
            format!("{}{l}", &pad[..indent])
        } else {
            format!("{pad}{l}")
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{resume_label, Standing, RESUME_LABEL_WIDTH};
    use crate::cards::{Card, Suit};
    use crate::counties;
    use crate::engine::{BallRecord, Call, MatchOptions, MatchState, PublicState, Side};

    /// A delivery bowled in innings number `innings`: what says that innings has begun.
    fn a_ball_in(innings: u8) -> Option<BallRecord> {
        let card = Card::new(5, Suit::Bats);
        Some(BallRecord {
            innings,
            pack: 1,
            bowler_card: card,
            top_before: card,
            no_ball_suit: Suit::Pads,
            call: Call::Normal,
            bat_card: Some(card),
            striker: 1,
            non_striker: 2,
            runs: 0,
            no_balls: 0,
            wides: 0,
            byes: 0,
            counts: true,
            wicket: None,
            total: 0,
            wickets: 0,
            balls: 1,
        })
    }

    const NOW: Standing = Standing {
        electing: false,
        declaring: false,
    };
    const ELECTING: Standing = Standing {
        electing: true,
        declaring: false,
    };
    const DECLARING: Standing = Standing {
        electing: false,
        declaring: true,
    };

    fn label(p: &PublicState, standing: Standing) -> String {
        let names = ["Surrey".to_string(), "Sussex".to_string()];
        resume_label(p, standing, &names, &names)
    }

    #[test]
    fn the_resume_label_says_who_bats_in_which_innings_and_fits_the_menu() {
        let mut p = MatchState::new(MatchOptions::default()).public().clone();
        assert_eq!(label(&p, NOW), "Surrey v Sussex: at the toss");
        // The toss made, the opening discards to come.
        (p.toss_winner, p.first_bat) = (Some(Side::Away), Side::Home);
        assert_eq!(
            label(&p, NOW),
            "Surrey v Sussex: Surrey to bat, the opening discards"
        );
        // The match's second innings, Sussex (away) batting: Surrey batted first.
        p.innings_started = 2;
        p.innings[0].batting = Side::Home;
        p.innings[1].batting = Side::Away;
        p.pack = 2;
        p.last_ball = a_ball_in(2);
        assert_eq!(
            label(&p, NOW),
            "Surrey v Sussex: Sussex batting, innings 2 of 4, pack 2/27"
        );
        // Every pairing, every stage, the most packs a match can have: within the line,
        // with the full names wherever they fit.
        p.options.packs_per_session = 9;
        p.options.days = 5;
        p.pack = p.options.max_packs();
        let all = counties::all();
        for home in all {
            for away in all {
                let full = [home.name.clone(), away.name.clone()];
                let short = [home.short.clone(), away.short.clone()];
                for n in 0..=4u8 {
                    p.innings_started = n;
                    for side in [Side::Home, Side::Away] {
                        if n > 0 {
                            p.innings[n as usize - 1].batting = side;
                        }
                        (p.toss_winner, p.first_bat) = (Some(side), side);
                        for standing in [NOW, ELECTING, DECLARING] {
                            for begun in [false, true] {
                                p.last_ball = if begun { a_ball_in(n) } else { None };
                                let label = resume_label(&p, standing, &full, &short);
                                assert!(label.chars().count() <= RESUME_LABEL_WIDTH, "{label}");
                                let uses_full =
                                    label.starts_with(&format!("{} v {}:", full[0], full[1]));
                                if !uses_full {
                                    let fixture = format!("{} v {}:", short[0], short[1]);
                                    assert!(label.starts_with(&fixture));
                                }
                                let names = if uses_full { &full } else { &short };
                                let bat = &names[side.index()];
                                if n > 0 {
                                    let doing = match (standing.declaring, begun) {
                                        (true, _) => "declaring",
                                        (false, true) => "batting",
                                        (false, false) => "to bat",
                                    };
                                    let said = format!(": {bat} {doing}, innings {n} of 4, ");
                                    assert!(label.contains(&said), "{label}");
                                } else if standing.electing {
                                    let said = format!(": at the toss, won by {bat}");
                                    assert!(label.contains(&said), "{label}");
                                }
                            }
                        }
                    }
                }
            }
        }
        let long = ["Gloucestershire".to_string(), "Nottinghamshire".to_string()];
        let short = ["Glos".to_string(), "Notts".to_string()];
        p.innings_started = 3;
        p.innings[2].batting = Side::Home;
        p.last_ball = a_ball_in(3);
        assert_eq!(
            resume_label(&p, NOW, &long, &short),
            "Glos v Notts: Glos batting, innings 3 of 4, pack 135/135"
        );
    }

    /// While the toss winner has still to choose, no side is named to bat: the menu had
    /// said "Surrey to bat, the opening discards" when Sussex had won the toss.
    #[test]
    fn the_resume_label_names_no_side_to_bat_until_the_toss_winner_has_chosen() {
        let mut p = MatchState::new(MatchOptions::default()).public().clone();
        for winner in [Side::Home, Side::Away] {
            p.toss_winner = Some(winner);
            let name = ["Surrey", "Sussex"][winner.index()];
            assert_eq!(
                label(&p, ELECTING),
                format!("Surrey v Sussex: at the toss, won by {name}")
            );
        }
        // Chosen: Sussex put Surrey in.
        p.first_bat = Side::Home;
        assert_eq!(
            label(&p, NOW),
            "Surrey v Sussex: Surrey to bat, the opening discards"
        );
    }

    /// Between innings (the engine has begun the next one, with no ball of it bowled) the
    /// side is "to bat"; a declaration armed is said, at the opening discards too.
    #[test]
    fn the_resume_label_says_an_innings_to_begin_and_a_declaration_armed() {
        let mut p = MatchState::new(MatchOptions::default()).public().clone();
        (p.toss_winner, p.first_bat) = (Some(Side::Away), Side::Away);
        assert_eq!(
            label(&p, DECLARING),
            "Surrey v Sussex: Sussex to declare, the opening discards"
        );
        p.innings_started = 2;
        p.innings[0].batting = Side::Away;
        p.innings[1].batting = Side::Home;
        p.pack = 5;
        p.last_ball = a_ball_in(1);
        assert_eq!(
            label(&p, NOW),
            "Surrey v Sussex: Surrey to bat, innings 2 of 4, pack 5/27"
        );
        assert_eq!(
            label(&p, DECLARING),
            "Surrey v Sussex: Surrey declaring, innings 2 of 4, pack 5/27"
        );
        p.last_ball = a_ball_in(2);
        assert_eq!(
            label(&p, NOW),
            "Surrey v Sussex: Surrey batting, innings 2 of 4, pack 5/27"
        );
    }
}
