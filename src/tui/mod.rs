//! The DOS-style terminal program: an [`app::App`] state changed only by messages in
//! `update`, drawn by pure functions, and a thin loop here that owns the terminal and always
//! restores it (normal exit, error, panic, Ctrl-C, `kill`, the terminal closing).

pub mod app;
pub mod charts_screen;
pub mod charts_session;
pub mod draw;
pub mod file;
pub mod friend;
pub mod friend_match;
pub mod friend_setup;
pub mod help;
pub mod kept;
#[allow(
    clippy::cast_sign_loss,
    reason = "the one such cast, a lead or target in runs, is taken the larger less the smaller"
)]
pub mod match_screen;
pub mod menu;
pub mod picture_screen;
pub mod pictures;
pub mod playing;
pub mod season_end;
pub mod setup;
pub mod style;
pub mod views;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use app::{App, Msg};

/// How often a watched match moves on a ball.
const TICK: Duration = Duration::from_millis(120);
/// How often a match against a friend looks for the network's words between keys.
const NET_POLL: Duration = Duration::from_millis(40);

/// Puts the terminal back as it was; safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Restores the terminal when dropped, so every way out (return, `?`, panic) restores it.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// What the terminal program says when it is started without a terminal to draw in.
pub const NOT_A_TERMINAL: &str = "the terminal program needs a terminal of at least 80x25 for \
     its screens and keys, and its input or output is a pipe or a file: run `accc` in a \
     terminal window, or use `accc sim`, `accc show` or `accc export` for text and data";

/// Runs the terminal program until the user quits.
/// `earlier`: save files an earlier version left in `./saves`, told of on the file prompt.
pub fn run(
    saves_dir: PathBuf,
    name: Option<String>,
    seed: Option<u64>,
    earlier: Option<crate::folder::Earlier>,
) -> crate::error::Result<()> {
    let mut app = App::new(saves_dir, name);
    app.earlier = earlier;
    app.set_new_seed(seed);
    run_app(app)
}

/// Runs the terminal program on a match against a friend (`accc host`, `accc join`): it
/// ends with the match.
pub fn run_friend(saves_dir: PathBuf, friendly: friend::Friendly) -> crate::error::Result<()> {
    run_app(App::friendly(saves_dir, friendly))
}

/// Runs `app` in the terminal until the user quits.
fn run_app(mut app: App) -> crate::error::Result<()> {
    // Without a terminal (output to a pipe or a file, input from one) there is nothing to
    // draw on: say so in the program's words, before the terminal is touched.
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(crate::error::Error::Usage(NOT_A_TERMINAL.into()));
    }
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    enable_raw_mode().map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let _guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, crossterm::cursor::Hide)
        .map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))
        .map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let size = terminal
        .size()
        .map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    app.update(Msg::Resize(size.width, size.height));
    let ended = event_loop(&mut terminal, &mut app);
    // The terminal is given back first, so that these lines stay on it.
    drop(_guard);
    for line in &app.farewell {
        crate::error::print_err(line);
    }
    ended.map_err(|e| crate::error::Error::io("terminal error", e))
}

/// Set when a signal asks the program to stop (`kill`, the terminal closing). The loop then
/// ends as if the user had quit, and the terminal is restored on the way out. (Ctrl-C is a
/// key in raw mode and needs no handler.) Nothing is lost: the competition was saved after its
/// last match, and a match in progress after the person's last action (its journal).
fn stop_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ] {
        // Without the handler the default (stop at once) applies: nothing worse than before.
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag));
    }
    flag
}

/// How long the event loop has to end once asked to stop, before the watchdog ends the
/// program itself.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// Starts a thread that sees to a stop the event loop cannot: once the terminal is gone,
/// crossterm's `event::poll` never returns (it keeps re-reading the dead terminal at full
/// speed, crossterm issue #793), so the loop never looks at the stop flag again and the
/// program would spin for ever, deaf even to `kill`. The thread checks every `every` whether
/// the terminal has hung up (`gone`): then the loop cannot end, and waiting for it would only
/// keep the file locked (a person who closes the window and opens the program again at once
/// would be told the file is in use), so it sets the flag and calls `end` at once. When the
/// flag was set otherwise (a signal, with the terminal still there) and the loop has not
/// ended [`STOP_GRACE`] later, it calls `end` too.
fn watchdog(
    stop: Arc<AtomicBool>,
    every: Duration,
    gone: impl Fn() -> bool + Send + 'static,
    end: impl FnOnce() + Send + 'static,
) {
    std::thread::spawn(move || {
        let mut stopping_since: Option<Instant> = None;
        loop {
            std::thread::sleep(every);
            let hung_up = gone();
            if hung_up {
                stop.store(true, Ordering::Relaxed);
            }
            if hung_up
                || stop.load(Ordering::Relaxed)
                    && stopping_since.get_or_insert_with(Instant::now).elapsed() >= STOP_GRACE
            {
                end();
                return;
            }
        }
    });
}

/// Whether the terminal on `fd` has hung up (the window closed, the session ended): poll(2)
/// reports it without reading, so no key is taken from the event loop.
#[cfg(unix)]
fn hung_up(fd: std::os::fd::RawFd) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid `pollfd` for a count of one, and a zero timeout.
    let ready = unsafe { libc::poll(&mut p, 1, 0) };
    ready > 0 && p.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// Watches standard input when it is the terminal (crossterm reads `/dev/tty` otherwise,
/// which the stop flag still covers through SIGHUP).
fn start_watchdog(stop: &Arc<AtomicBool>) {
    #[cfg(unix)]
    let gone = {
        use std::os::fd::AsRawFd;
        let fd = io::stdin().as_raw_fd();
        // SAFETY: isatty only inspects the descriptor.
        let tty = unsafe { libc::isatty(fd) } == 1;
        move || tty && hung_up(fd)
    };
    #[cfg(not(unix))]
    let gone = || false;
    watchdog(Arc::clone(stop), Duration::from_millis(100), gone, || {
        restore();
        // The competition was saved after its last match (saves are atomic) and the match in
        // play after the person's last action: nothing is lost that a quit would have kept.
        std::process::exit(0);
    });
}

fn event_loop(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    app: &mut App,
) -> io::Result<()> {
    let stop = stop_flag();
    start_watchdog(&stop);
    while !app.quit && !stop.load(Ordering::Relaxed) {
        // What the network said of a match against a friend, before the screen is drawn.
        while let Some(note) = app.next_note() {
            app.update(Msg::Net(note));
        }
        terminal.draw(|f| draw::draw(f, app))?;
        let wait = if app.busy() {
            Duration::ZERO
        } else if app.friend().is_some() {
            NET_POLL
        } else {
            TICK
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => app.update(Msg::Key(k)),
                Event::Resize(w, h) => app.update(Msg::Resize(w, h)),
                _ => {}
            }
        } else {
            app.update(Msg::Tick);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn the_watchdog_ends_a_program_whose_loop_cannot_see_the_stop() {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let gone = Arc::new(AtomicBool::new(false));
        let g = Arc::clone(&gone);
        watchdog(
            Arc::clone(&stop),
            Duration::from_millis(10),
            move || g.load(Ordering::Relaxed),
            move || tx.send(()).unwrap(),
        );
        assert!(
            rx.recv_timeout(Duration::from_millis(300)).is_err(),
            "nothing happens while the terminal is there"
        );
        assert!(!stop.load(Ordering::Relaxed));
        gone.store(true, Ordering::Relaxed);
        // The loop is stuck (nothing here ends it): the watchdog ends the program at once,
        // without the grace a loop that could see the flag would be given.
        rx.recv_timeout(STOP_GRACE - Duration::from_millis(500))
            .expect("the watchdog ends the program at once");
        assert!(
            stop.load(Ordering::Relaxed),
            "the stop flag was set first, for a loop that can see it"
        );
    }

    #[test]
    fn a_stop_with_the_terminal_there_is_given_the_grace_to_end_the_loop() {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        watchdog(
            Arc::clone(&stop),
            Duration::from_millis(10),
            || false,
            move || tx.send(Instant::now()).unwrap(),
        );
        let asked = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let ended = rx
            .recv_timeout(STOP_GRACE + Duration::from_secs(5))
            .expect("the watchdog ends a loop that did not end");
        assert!(ended - asked >= STOP_GRACE, "the loop had its grace");
    }

    #[cfg(unix)]
    #[test]
    fn a_closed_other_end_reads_as_hung_up() {
        let mut fds = [0; 2];
        // SAFETY: a pipe into a two-element array.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        assert!(!hung_up(fds[0]), "an open pipe has not hung up");
        // SAFETY: closing the write end this test opened.
        unsafe { libc::close(fds[1]) };
        assert!(
            hung_up(fds[0]),
            "its writer gone, the reader sees a hang-up"
        );
        // SAFETY: closing the read end this test opened.
        unsafe { libc::close(fds[0]) };
    }
}
