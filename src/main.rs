//! The `accc` binary: parse the command line, run it, map errors to exit codes.

use clap::Parser;

fn main() {
    let cli = accc::cli::Cli::parse();
    if let Err(err) = accc::cli::run(cli) {
        if err.is_broken_pipe() {
            return;
        }
        eprintln!("accc: {err}");
        std::process::exit(err.exit_code());
    }
}
