//! `accc completions bash|zsh|fish`: prints the shell's completion script for `accc`, made by
//! `clap_complete` from the same command definitions the parser uses, and, for fish, the
//! values of the positional arguments that `clap_complete` leaves out of its fish script
//! (`fish_positionals`). Each script also completes the names of the save files: it asks
//! `accc __save-names` ([`names_asked`]), which reads the words typed so far as the parser
//! does and lists the files of the saves folder they name. That word is answered before the
//! parser sees the line, so it is no command of clap's: neither the help nor the scripts
//! (which clap_complete makes of every command, hidden or not) offer it.

use clap::{Arg, Args, Command, CommandFactory, ValueEnum};
use clap_complete::Shell;

use super::common::print_out;
use crate::error::Result;

/// Arguments of `accc completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish.
    #[arg(value_enum)]
    pub shell: ShellName,
    #[command(flatten)]
    pub no_saves: super::common::NoSaves,
}

/// The shells a script is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShellName {
    Bash,
    Zsh,
    Fish,
}

/// The program's name, as the scripts complete it.
const BIN: &str = "accc";

/// The word the scripts ask for save names with: `accc __save-names -- WORD... CURRENT`, the
/// words typed after `accc` before the one being completed, then that one (perhaps empty).
pub const SAVE_NAMES: &str = "__save-names";

/// A word that stands where the word being completed is, while the line is parsed.
const PROBE: &str = "ACCCPROBE";

/// The commands whose first argument is a save file's name.
const NAMED: [&str; 6] = ["play", "review", "sim", "export", "show", "almanack"];

/// Where the word being completed, after `words` (the words typed after `accc`), is a save
/// file's name: the saves folder the line names (its `--saves-dir`, else the one in use).
/// The line is read by the program's own parser, so an option's value is never taken for
/// the name.
fn saves_folder_for(words: &[String], saves: &std::path::Path) -> Option<std::path::PathBuf> {
    // bash splits `--saves-dir=D` into `--saves-dir`, `=`, `D`: put it together again.
    let mut joined: Vec<String> = Vec::new();
    let mut it = words.iter().peekable();
    while let Some(w) = it.next() {
        match (joined.last_mut(), w.as_str()) {
            (Some(last), "=") if last.starts_with("--") && !last.contains('=') => {
                last.push('=');
                if let Some(v) = it.next() {
                    last.push_str(v);
                }
            }
            _ => joined.push(w.clone()),
        }
    }
    let line = std::iter::once(BIN.to_string())
        .chain(joined)
        .chain(std::iter::once(PROBE.to_string()));
    let m = super::Cli::command()
        .ignore_errors(true)
        .try_get_matches_from(line)
        .ok()?;
    let (sub, m) = m.subcommand()?;
    if !NAMED.contains(&sub) {
        return None;
    }
    let name = m.try_get_one::<String>("name").ok().flatten()?;
    (name == PROBE).then(|| {
        m.try_get_one::<std::path::PathBuf>("saves_dir")
            .ok()
            .flatten()
            .cloned()
            .unwrap_or_else(|| saves.to_path_buf())
    })
}

/// The save names to offer after `words` (the last being the word begun, perhaps empty):
/// the files of the saves folder whose names begin with it, in any letters; none where the
/// word is not a save file's name.
pub fn save_names(words: &[String], saves: &std::path::Path) -> Vec<String> {
    let Some((begun, before)) = words.split_last() else {
        return Vec::new();
    };
    let Some(folder) = saves_folder_for(before, saves) else {
        return Vec::new();
    };
    let begun = begun.to_ascii_uppercase();
    crate::folder::names_in(&folder)
        .into_iter()
        .filter(|n| n.starts_with(&begun))
        .collect()
}

/// Answers `accc __save-names -- WORD...` (`args` the whole command line, the program's
/// name first): the names, one a line, from the saves folder the words name, else the one
/// `saves` gives (`ACCC_SAVES` or the default). `None` for any other command line, which
/// goes to the parser.
pub fn names_asked(args: &[std::ffi::OsString], saves: &std::path::Path) -> Option<Result<()>> {
    if args.get(1).is_none_or(|a| a != SAVE_NAMES) {
        return None;
    }
    let rest = &args[2..];
    let rest = rest.strip_prefix(&["--".into()][..]).unwrap_or(rest);
    let words: Vec<String> = rest
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let names = save_names(&words, saves);
    Some(print_out(
        &names.iter().map(|n| format!("{n}\n")).collect::<String>(),
    ))
}

/// Bash: a function that offers the save names where the word is one, and otherwise
/// leaves the word to clap_complete's `_accc`.
const BASH_NAMES: &str = r#"
# Save names: accc reads the words typed so far and lists the files of the saves folder.
_accc_with_saves() {
    local cur="${COMP_WORDS[COMP_CWORD]}" names
    names=$("${COMP_WORDS[0]}" __save-names -- "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$cur" 2>/dev/null)
    if [[ -n "$names" ]]; then
        local IFS=$'\n'
        COMPREPLY=($names)
        return 0
    fi
    _accc "$@"
}
"#;

/// Zsh: `_accc` offers the save names where the word is one, and otherwise calls
/// clap_complete's function (renamed `_accc_clap`).
const ZSH_NAMES: &str = r#"
# Save names: accc reads the words typed so far and lists the files of the saves folder.
_accc() {
    local -a names
    names=(${(f)"$(${words[1]} __save-names -- "${(@)words[2,CURRENT-1]}" "${words[CURRENT]}" 2>/dev/null)"})
    if (( ${#names} )); then
        compadd -U -- "${names[@]}"
    else
        _accc_clap "$@"
    fi
}

"#;

/// Fish: the save names, where the word is one.
const FISH_NAMES: &str = r#"
# Save names: accc reads the words typed so far and lists the files of the saves folder.
function __fish_accc_save_names
    set -l words (commandline -opc)
    command $words[1] __save-names -- $words[2..-1] (commandline -ct) 2>/dev/null
end
complete -c accc -n '__fish_accc_save_names | string length -q' -f -a '(__fish_accc_save_names)'
"#;

/// The completion script for `shell`.
pub fn script(shell: ShellName) -> String {
    let generator = match shell {
        ShellName::Bash => Shell::Bash,
        ShellName::Zsh => Shell::Zsh,
        ShellName::Fish => Shell::Fish,
    };
    let mut cmd = super::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(generator, &mut cmd, BIN, &mut out);
    let mut text = String::from_utf8_lossy(&out).into_owned();
    match shell {
        ShellName::Bash => {
            text = text.replace("complete -F _accc ", "complete -F _accc_with_saves ");
            text.push_str(BASH_NAMES);
        }
        ShellName::Zsh => {
            text = text.replacen("\n_accc() {\n", "\n_accc_clap() {\n", 1);
            let tail = "if [ \"$funcstack[1]\" = \"_accc\" ]; then";
            text = text.replacen(tail, &format!("{}{tail}", ZSH_NAMES.trim_start()), 1);
        }
        ShellName::Fish => {
            // `generate` has built the command: its global options are on every subcommand.
            text.push_str(&fish_positionals(&cmd));
            text.push_str(FISH_NAMES);
        }
    }
    text
}

/// What fish completes for the positional arguments that take named values (`show`'s view,
/// the shell of `completions`), which clap_complete's fish script does not complete (it
/// completes only options). A value is offered where the word being typed is that argument:
/// a function reads the words before it as the subcommand does (with fish's `argparse`, given
/// the subcommand's options, so that an option's value is not counted as an argument) and
/// counts the arguments before it. Each such argument is one word, of a subcommand of `accc`
/// itself (`the_fish_script_completes_every_argument_of_named_values` holds any other).
fn fish_positionals(cmd: &Command) -> String {
    let at = format!("__fish_{BIN}_at_argument");
    let mut lines = Vec::new();
    for sub in cmd.get_subcommands() {
        let specs = optspecs(sub);
        for (i, arg) in sub.get_positionals().enumerate() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| {
                    let help = v.get_help().map(ToString::to_string).unwrap_or_default();
                    format!("{}\\t'{}'", escape(v.get_name()), escape(&help))
                })
                .collect();
            if values.is_empty() {
                continue;
            }
            lines.push(format!(
                "complete -c {BIN} -n \"{at} {} {}{specs}\" -f -a \"{}\"",
                sub.get_name(),
                i + 1,
                values.join("\n")
            ));
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "
# Whether the word being typed is argument number $argv[2] of the subcommand $argv[1], the
# rest of $argv being the subcommand's options as argparse takes them.
function {at}
    set -l sub $argv[1]
    set -l nth $argv[2]
    set -l specs $argv[3..-1]
    set -l words (commandline -opc)
    set -e words[1]
    argparse -s (__fish_{BIN}_global_optspecs) -- $words 2>/dev/null
    or return 1
    test \"$argv[1]\" = \"$sub\"
    or return 1
    set -e argv[1]
    argparse $specs -- $argv 2>/dev/null
    or return 1
    test (count $argv) -eq (math $nth - 1)
end

{}
",
        lines.join("\n")
    )
}

/// The options of `cmd` as fish's `argparse` takes them (` s/long=` for one with a value),
/// each after a space, as clap_complete writes the global ones.
fn optspecs(cmd: &Command) -> String {
    let mut specs = String::new();
    for arg in cmd.get_arguments().filter(|a| !a.is_positional()) {
        let name = match (arg.get_short(), arg.get_long()) {
            (Some(s), Some(l)) => format!("{s}/{l}"),
            (Some(s), None) => s.to_string(),
            (None, Some(l)) => l.to_string(),
            (None, None) => continue,
        };
        specs.push(' ');
        specs.push_str(&name);
        if takes_value(arg) {
            specs.push('=');
        }
    }
    specs
}

fn takes_value(arg: &Arg) -> bool {
    arg.get_num_args().is_none_or(|n| n.takes_values())
}

/// `text` inside fish's single quotes (as clap_complete escapes a value there), with the
/// double quotes, `$` and `\` of the double-quoted list it stands in escaped too.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\'', "\\'")
        .replace('"', "\\\"")
        .replace('$', "\\$")
}

/// Runs `accc completions`.
pub fn run(args: CompletionsArgs) -> Result<()> {
    print_out(&script(args.shell))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fish script completes an argument of named values only where it is one word, of a
    /// subcommand of `accc` itself: one anywhere else would go uncompleted in fish.
    #[test]
    fn the_fish_script_completes_every_argument_of_named_values() {
        fn walk(cmd: &Command, depth: usize, beyond: &mut Vec<String>) {
            for sub in cmd.get_subcommands() {
                for arg in sub.get_positionals() {
                    let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
                    if !arg.get_possible_values().is_empty() && (depth > 0 || many) {
                        beyond.push(format!("{} {}", sub.get_name(), arg.get_id()));
                    }
                }
                walk(sub, depth + 1, beyond);
            }
        }
        let mut cmd = super::super::Cli::command();
        cmd.build();
        let mut beyond = Vec::new();
        walk(&cmd, 0, &mut beyond);
        assert_eq!(beyond, Vec::<String>::new());
        let fish = script(ShellName::Fish);
        for sub in cmd.get_subcommands() {
            for (i, arg) in sub.get_positionals().enumerate() {
                let offered = format!("__fish_accc_at_argument {} {} ", sub.get_name(), i + 1);
                let values = !arg.get_possible_values().is_empty();
                assert_eq!(fish.contains(&offered), values, "{offered}");
            }
        }
    }
}
