//! Arguments shared by several commands: the match rules and the computer's levels.

use clap::Args;

use super::values;
use crate::engine::MatchOptions;
use crate::error::{Error, Result};
use crate::play::Levels;

/// The rules of a match.
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Batsmen per side (2-11).
    #[arg(long, default_value_t = 11, allow_negative_numbers = true, value_parser = values::batsmen)]
    pub batsmen: u8,
    /// Packs per session (1-9).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = values::packs_per_session)]
    pub packs_per_session: u8,
    /// Days per match (1-5).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = values::days)]
    pub days: u8,
    /// Play without the no-ball rule.
    #[arg(long)]
    pub no_noballs: bool,
    /// Play without the wide rule.
    #[arg(long)]
    pub no_wides: bool,
    /// Play without the bye rule.
    #[arg(long)]
    pub no_byes: bool,
}

impl RuleArgs {
    /// The options, checked.
    pub fn options(&self) -> Result<MatchOptions> {
        let o = MatchOptions {
            no_balls: !self.no_noballs,
            wides: !self.no_wides,
            byes: !self.no_byes,
            batsmen: self.batsmen,
            packs_per_session: self.packs_per_session,
            days: self.days,
        };
        o.validate().map_err(Error::usage)?;
        Ok(o)
    }
}

/// The computer's batting and bowling levels.
#[derive(Debug, Clone, Args)]
pub struct LevelArgs {
    /// Batting AI level, 1 (novice) to 5 (professional).
    #[arg(long, default_value_t = 5, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--bat-level"))]
    pub bat_level: u8,
    /// Bowling AI level, 1 (novice) to 5 (professional).
    #[arg(long, default_value_t = 5, allow_negative_numbers = true, hide_possible_values = true,
          value_parser = values::level_arg("--bowl-level"))]
    pub bowl_level: u8,
}

impl LevelArgs {
    pub fn levels(&self) -> Result<Levels> {
        let l = Levels {
            bat: self.bat_level,
            bowl: self.bowl_level,
        };
        l.checked().map_err(Error::usage)?;
        Ok(l)
    }
}

/// `--saves-dir` on a command that keeps no files (`match`, `duel`, `completions`): taken, so
/// that a script may give it to every command, but left out of the command's help (and of the
/// completions), which list only what the command uses. Its id is the global option's, which
/// clap then does not add to the command.
#[derive(Debug, Clone, Args)]
pub struct NoSaves {
    #[arg(id = "saves_dir", long = "saves-dir", value_name = "DIR", hide = true,
          value_parser = super::saves_dir)]
    pub ignored: Option<std::path::PathBuf>,
}

/// Whether what goes to standard output may be coloured, bold or underlined: only on a
/// terminal, and not when the user has said no (`NO_COLOR` set to anything but empty, as
/// no-color.org asks) or the terminal cannot show it (`TERM=dumb`).
pub fn colour_on_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && colour_allowed(|k| std::env::var_os(k))
}

/// Whether the environment (read through `var`) allows colour: `NO_COLOR` unset or empty,
/// and `TERM` not `dumb`.
pub fn colour_allowed(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> bool {
    var("NO_COLOR").is_none_or(|v| v.is_empty()) && var("TERM").is_none_or(|t| t != "dumb")
}

/// Whether the program was started with its standard output closed (`accc export X >&-`).
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Notes that the program was started with its standard output closed. The Rust runtime puts
/// `/dev/null` in a closed descriptor's place before `main` (so that no file opened later
/// takes it): writes would then vanish and every command end in success. The binary learns of
/// it before that (`main.rs`) and tells [`stdout`], which then refuses every write, a failure
/// like a full disk's (exit 5).
pub fn note_stdout_closed() {
    STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Standard output, for every command's output: a write fails when the program was started
/// with it closed ([`note_stdout_closed`]).
pub fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

/// Standard output, locked, refusing writes when it was closed at start ([`stdout`]).
pub struct Stdout(std::io::StdoutLock<'static>);

impl Stdout {
    fn closed() -> std::io::Result<()> {
        if STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
            Err(std::io::Error::other(
                "it was closed when the program began",
            ))
        } else {
            Ok(())
        }
    }
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Self::closed()?;
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Self::closed()?;
        self.0.flush()
    }
}

/// Writes a command's output to stdout. A reader that stops early (`accc export X | head`)
/// closes the pipe; that comes back as an error `main` treats as a normal end. A stdout closed
/// before the program began is a failure to write (exit 5), as a full disk is.
pub fn print_out(text: &str) -> Result<()> {
    use std::io::Write;
    let mut out = stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::io("writing to stdout", e))
}

/// Writes `text` as it is to stderr: output that gives way to another on stdout (the scorecard
/// of `accc match --log -`). Like [`print_err`], it is dropped if stderr cannot be written.
pub fn print_aside(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

pub use crate::error::print_err;
