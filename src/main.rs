//! The `accc` binary: parse the command line, run it, map errors to exit codes.

use clap::Parser;

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(done) = accc::cli::Cli::answer_completion(&args) {
        return finish(done);
    }
    let cli = match accc::cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // --help and --version print and exit 0, as clap does, but through print_out: a
        // closed pipe ends quietly and a full device is told, as for every command.
        Err(e) if !e.use_stderr() => {
            let text = if accc::cli::common::colour_on_stdout() {
                e.render().ansi().to_string()
            } else {
                e.render().to_string()
            };
            let code = match accc::cli::common::print_out(&text) {
                Err(err) if !err.is_broken_pipe() => {
                    accc::cli::common::print_err(&err.to_string());
                    err.exit_code()
                }
                _ => 0,
            };
            std::process::exit(code)
        }
        // A command that needs a subcommand (`accc charts`) prints its help, with its list of
        // them, and exits 2.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        Err(e) => {
            accc::cli::common::print_err(&accc::cli::parse_error_line_of(&e, &args));
            std::process::exit(2);
        }
    };
    finish(accc::cli::run(cli));
}

/// Ends as a command's outcome says: an error told and its exit code; a closed pipe quietly.
fn finish(done: accc::error::Result<()>) {
    if let Err(err) = done {
        if err.is_broken_pipe() {
            return;
        }
        accc::cli::common::print_err(&err.to_string());
        std::process::exit(err.exit_code());
    }
}

/// Whether the program was started with standard output closed (`accc export X >&-`), seen
/// before the Rust runtime puts `/dev/null` in its place, which it does before `main` and which
/// would turn every write into a silent success. A function in `.init_array` runs before that:
/// the C library calls it as it starts the program, after loading it and before its `main`.
/// Elsewhere than Linux the check is not made and a closed stdout is `/dev/null`, as before.
/// It tells [`accc::cli::common::note_stdout_closed`] at once (which only sets a flag).
#[cfg(target_os = "linux")]
mod closed_stdout {
    extern "C" fn check() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open; it changes nothing.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            accc::cli::common::note_stdout_closed();
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;
}
