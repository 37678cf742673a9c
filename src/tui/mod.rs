//! The DOS-style terminal program: an [`app::App`] state changed only by messages in
//! `update`, drawn by pure functions, and a thin loop here that owns the terminal and always
//! restores it (normal exit, error, panic, Ctrl-C, `kill`, the terminal closing).

pub mod app;
pub mod charts_screen;
pub mod commentary;
pub mod draw;
pub mod help;
pub mod match_screen;
pub mod season_end;
pub mod session;
pub mod setup;
pub mod style;

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{self, Event, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use app::{App, Msg};

/// How often a watched match moves on a ball.
const TICK: Duration = Duration::from_millis(120);

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

/// Runs the terminal program until the user quits.
pub fn run(saves_dir: PathBuf, name: Option<String>, seed: Option<u64>) -> crate::error::Result<()> {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    enable_raw_mode().map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let _guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, crossterm::cursor::Hide).map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout())).map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    let mut app = App::new(saves_dir, name);
    app.new_seed = seed;
    let size = terminal.size().map_err(|e| crate::error::Error::io("cannot use this terminal", e))?;
    app.update(Msg::Resize(size.width, size.height));
    event_loop(&mut terminal, &mut app).map_err(|e| crate::error::Error::io("terminal error", e))
}

/// Set when a signal asks the program to stop (`kill`, the terminal closing). The loop then
/// ends as if the user had quit, and the terminal is restored on the way out. (Ctrl-C is a
/// key in raw mode and needs no handler.) A match in progress is lost, as with Ctrl-C; the
/// competition was saved after its last match.
fn stop_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT, signal_hook::consts::SIGHUP] {
        // Without the handler the default (stop at once) applies: nothing worse than before.
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag));
    }
    flag
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<io::Stdout>>, app: &mut App) -> io::Result<()> {
    let stop = stop_flag();
    while !app.quit && !stop.load(Ordering::Relaxed) {
        terminal.draw(|f| draw::draw(f, app))?;
        let wait = if app.busy() { Duration::ZERO } else { TICK };
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
