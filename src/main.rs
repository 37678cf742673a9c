//! The `accc` binary: parse the command line, run it, map errors to exit codes.

use clap::Parser;

fn main() {
    let cli = match accc::cli::Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print and exit 0, as clap does.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprintln!("accc: {}", accc::cli::parse_error_line(&e));
            std::process::exit(2);
        }
    };
    if let Err(err) = accc::cli::run(cli) {
        if err.is_broken_pipe() {
            return;
        }
        eprintln!("accc: {err}");
        std::process::exit(err.exit_code());
    }
}
