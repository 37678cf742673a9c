//! The help screen, in the project's own words.

/// The help text, a line at a time (each at most 78 columns).
pub fn lines() -> Vec<String> {
    let (game, rest) = HELP
        .split_once("THE CHAMPIONSHIP")
        .expect("the help has its sections");
    let mut out: Vec<String> = game.lines().map(str::to_string).collect();
    out.extend(match_keys());
    out.push(String::new());
    out.extend(
        format!("THE CHAMPIONSHIP{rest}")
            .lines()
            .map(str::to_string),
    );
    out.push(String::new());
    out.extend(charts_lines());
    out
}

/// The help on the solo charts and their table sessions: the end of this help, and the
/// charts' own `[H]`.
pub fn charts_lines() -> Vec<String> {
    CHARTS.lines().map(str::to_string).collect()
}

const CHARTS: &str = "\
THE SOLO CHARTS ([C] on the main menu)
The charts other board games' solo bots play by, to read at the table and to
walk: a procedure asks its questions one at a time ([Enter] on an empty answer
rolls a die for you) and ends in the bot's call, with every roll and chart
lookup that led to it. [Backspace] on an empty answer goes back a question;
Ctrl-R starts the call again (in a session, with its facts filled in again).
On the charts' first screen: [1]-[5] read a game's charts ([W] there walks
one of its procedures), a session's letter plays on in it, [N] starts a new
table session (its name, then its game), [H] this help, [Esc] back.

TABLE SESSIONS
A table session is one game at the table, kept in a file between calls. It
holds the facts that stay true from call to call (a team's ratings, tokens
left, cards in play, who holds what) and a log of every call, its answers and
its dice. A call made in a session takes those facts instead of asking them
and keeps what the call changes (a token spent, a card passed on).
  In a walk the answers the session gave read \"(kept in the session)\": go
  back to one with [Backspace] to answer it yourself, and the session keeps
  your answer once the call is made. On a call just made, [Backspace] first
  takes the call back from the session.
  In a session: a procedure's key walks it, [F] lists the facts the session
  keeps, in words, and its last calls (a fact's letter there changes it;
  [Enter] on an empty answer forgets it, so that calls ask it again),
  [U] takes back the last call, or the last fact changed by hand, whichever
  came last, and puts the facts back as they stood before it.
A session is saved after every call and change; the version before is kept
beside it as NAME.table.bak, in the charts folder of the saves folder. One
accc at a time may have a session open; even so, accc charts session show NAME
reads one open here (it only reads, so it needs no lock). A session that
cannot be opened says why; when a damaged one has a backup that reads,
[B] opens the backup and the damaged file is kept as NAME.table.bad. The
command line has the same:
accc charts session new|list|show|set|unset|undo, and call ... --session NAME.";

/// The keys of the match screen, for this help and the help inside a match.
pub fn match_keys() -> Vec<String> {
    format!("{PLAY_KEYS}\n{WATCH_KEYS}")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The keys of a match the person plays: the help inside it shows these.
pub fn play_keys() -> Vec<String> {
    PLAY_KEYS.lines().map(str::to_string).collect()
}

/// The keys of a match between two computer sides, watched: the help inside it shows these.
pub fn watch_keys() -> Vec<String> {
    let mut out = vec!["KEYS ON THE MATCH SCREEN".to_string()];
    out.extend(WATCH_KEYS.lines().map(str::to_string));
    out.push("  [Enter] goes on after a pause; [Esc] then [Y] leaves the match, kept as it".into());
    out.push("  stands: [2] on the menu comes back to it.".into());
    out
}

const PLAY_KEYS: &str = "\
KEYS ON THE MATCH SCREEN
  [1]-[6]  play the card above the number ([7] too at the opening discard)
  [0]      play no card (no-ball or wide)     [=]  let the computer choose
  [D]      declare before the next ball ([=] plays a card but never declares:
           while you take its choices, it says when it would have declared)
  [H], [?] or [F1]  help on the ball in play and on these keys
  After a wicket pick up to two cards with [1]-[6] (again to put one back) and
  press [Enter] to change them, or [0] to keep your hand ([D] works here too).
  At the pause between innings, [D] declares your new innings before its first
  ball; batting first, you may press it at your opening discard.
  [Enter] goes on after a pause. What happened at one moment (a wicket, the
  close of an innings, the end of the match) is shown together, once.
  [Esc] or [Q], then [Y], leaves the match: it is kept as it stands, and [2]
  on the menu resumes it on the same ball. Each of your moves is saved as you
  make it, so a closed window or a crash loses nothing; a match once begun is
  never dealt again. Once a result stands it is saved at once.
  The line under the scoreboard names the batsman on strike.";

const WATCH_KEYS: &str = "\
  Watching two computer sides: [Space] pauses and goes on while play runs
  (at a stop only [Enter] goes on), [-] and [+] slow it down and speed it up,
  and [Q] finishes the match at once.";

const HELP: &str = "\
THE GAME
Each side holds six cards. The bowler plays one; the batsman answers with one.
  Same suit, higher card ....... runs 1 1 1 2 2 3 4 4 4 6 for a margin of 1-10
  Same suit, equal or lower .... a safe defensive stroke (but batsmen 6-8
                                 may not defend with a 1, nor 9-11 with a 1
                                 or a 2: they are bowled)
  Other suit, equal or higher .. the ball goes by; no runs
  Other suit, lower ............ OUT - the two suits decide how
Every card played is replaced from the pack. The match lasts a set number of
packs (27 by default: three days of three sessions of three packs). Each side
bats twice; more runs over both innings wins. Unfinished at the end: drawn.

EXTRAS (if switched on for this file)
  No-ball: the bowler plays the over's no-ball suit (set by the last card of
    the previous over). One run to the batting side; then play no card [0],
    hit it with any higher card of any suit, or throw any card away safely.
  Wide: the bowler's card has the same number as the top of the discard pile.
    Press [0] to take one wide (four off two 11s), or play a card as normal.
  Bye: the bowler's card is one higher than the top of the discard pile. Byes
    are scored at once by the table 1 1 2 2 3 4 4 4 4 4 (cards 2-11).
  The keeper's superb stop: an 11 bowled on an 11 of its own suit is one wide,
    not four, and an 11 bowled on the 10 of its own suit gives no byes.

THE CHAMPIONSHIP
Sixteen counties in two classes of eight, from 1890, for up to 100 seasons.
Each county plays the others in its class home and away: 14 rounds.
Points: win 4, tie 2, draw 1 (in a draw with the side batting last one run
short of winning, that side takes 2 and the other 1). Level on points, the
better quotient (batting average divided by bowling average) ranks higher.
The first-class champions win 360; then 150, 80, 45, 24 and 10. The bottom
first-class county is relegated and the top second-class county promoted.
Last in the second class: wooden spoon.

THE MAIN MENU
  [1] play the next match quickly (not your own county's: use [2])
  [2] play the next match ball by ball, pausing at wickets and intervals, or
      resume the match you left
  [F] play your match with a friend at another terminal taking the other
      county: you host it; they type the accc join line shown
  [P] play a friend: a friendly over the network, hosted or joined, that does
      not count in the championship ([F2] at the file prompt does the same)
  [3] points table  [4] averages  [5] a county's results  [6] its records
  [7] look back at past seasons ([7] earlier, [8] later, [G] go to a year)
  [8] all-time results: honours, final positions, class records, pictures,
      innings records
  [9] switch between the first- and second-class competitions
  [S] let the computer play the rest of the season, or whole seasons
  [C] other games' solo charts   [H] this help   [Q] quit
When one class has finished its round, [1] and [2] switch to the other one;
its menu then says in which class and round your county's next match is.
Choosing a county (for results, records or a story), [Enter] picks your own.
Everything is saved: each match as it ends, and your match in play after each
of your moves. Quitting, even in the middle of a match, loses nothing.

ANY MATCH OPENED AGAIN
Every match played is kept ball by ball, and [M] lists matches to open:
  on a county's results ([5], or [5] in a past season under [7]): its matches
  of that season; at the end of a season: all the season's matches.
Innings records (the highest innings, the best at each place in the order,
carried bats, record partnerships) are lists too: [I] on a county's records
([6]), and [9] on the all-time menu ([8]) for every county.
On a list, [Up]/[Down] move the mark > and [Enter] opens the match marked; or
type a round's number and press [Enter] to open that round's match ([Esc]
forgets the number typed).
A match opened has pages: [1] its scorecard (runs, balls and how out, extras,
fall of wickets, partnerships, the result), [2] its balls, an over a line,
[3] a chart of its runs per over and, for a match you played, [4] the
analyst's review of your decisions. [Left]/[Right] or [Tab]/[Shift-Tab] turn
the pages, [Up]/[Down]/[PgUp]/[PgDn] scroll a page, and [Esc] goes back to
where it was opened. A match of a file from an earlier version was kept as its
result only; one whose record is missing or damaged says so.";

#[cfg(test)]
mod tests {
    #[test]
    fn help_fits_the_screen_width() {
        for line in super::lines()
            .into_iter()
            .chain(super::match_keys())
            .chain(super::charts_lines())
        {
            assert!(line.chars().count() <= 78, "{line}");
        }
    }
}
