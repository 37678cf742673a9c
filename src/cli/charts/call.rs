//! `accc charts call SYSTEM PROCEDURE [FLAGS]`: one procedure run to its result from flags,
//! rolling any die not given, taking kept facts from a table session (`--session`) and going
//! on into the call the source chains to (`--then`). A procedure's flags are built from its
//! declared parameters ([`Param`]) at run time.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::charts::session;
use crate::charts::walk::{
    answers_json, check, drive_with, option_named, Answer, Keep, Kind, Outcome, Param, ParamKind,
    Procedure, Question, Step,
};
use crate::charts::{system_ids, SystemDef};
use crate::cli::values;
use crate::error::{Error, Result};
use crate::seed::clock_seed;

use super::session::session_error;
use super::text::list_text;
use super::{find_procedure, find_system};

/// The clap command for one procedure's flags.
pub(super) fn procedure_command(sys: &SystemDef, p: &Procedure) -> Command {
    let mut cmd = Command::new("call")
        .bin_name(format!("accc charts call {} {}", sys.meta.id, p.id))
        .no_binary_name(true)
        .about(format!("{} - {}", p.title, p.about))
        .disable_version_flag(true)
        .max_term_width(80);
    for param in p.params {
        let arg = param_arg(param);
        if param.kind == ParamKind::Flag {
            cmd = cmd.arg(
                Arg::new(no_flag(param.name))
                    .long(no_flag(param.name))
                    .action(ArgAction::SetTrue)
                    .hide(true),
            );
        }
        cmd = cmd.arg(arg);
    }
    call_args(cmd, sys)
}

/// The flag of one declared parameter, by its kind, with its help and the flags it excludes.
fn param_arg(param: &Param) -> Arg {
    // A default is applied when the flag is left out (and no session knows the fact), so
    // the help names it; clap's own default would hide whether the flag was given.
    let help = match param.kind {
        ParamKind::Choice {
            default: Some(d), ..
        } => format!("{} [default: {d}]", param.help),
        ParamKind::Number { default: Some(d) } => format!("{} [default: {d}]", param.help),
        _ => param.help.to_string(),
    };
    let mut arg = Arg::new(param.name)
        .long(param.name)
        .aliases(param.aliases)
        .help(help);
    arg = match param.kind {
        ParamKind::Flag => arg.action(ArgAction::SetTrue),
        ParamKind::Number { .. } => arg
            .action(ArgAction::Set)
            .value_name("N")
            .allow_negative_numbers(true)
            .value_parser(value_parser!(i64)),
        // Each option with what it means, where the procedure says (shown by --help).
        ParamKind::Choice { options, .. } => arg.action(ArgAction::Set).value_parser(Choice {
            options,
            names: param.names,
            shown: clap::builder::PossibleValuesParser::new(options.iter().map(|&o| {
                match param.meanings.iter().find(|(k, _)| *k == o) {
                    Some((_, about)) => clap::builder::PossibleValue::new(o).help(*about),
                    None => clap::builder::PossibleValue::new(o),
                }
            })),
        }),
        ParamKind::Die => arg
            .action(ArgAction::Append)
            .value_name("N")
            .allow_negative_numbers(true)
            .value_parser(value_parser!(i64)),
        ParamKind::Text => arg.action(ArgAction::Append).value_name("TEXT"),
    };
    for c in param.conflicts {
        arg = arg.conflicts_with(*c);
    }
    if param.kind == ParamKind::Flag {
        arg = arg.conflicts_with(no_flag(param.name));
    }
    arg
}

/// A choice flag's values, taken as the walk takes an answer (`walk::option_named`: the
/// options and their other names, in any case, a hyphen or a space alike); `--help` lists
/// the options with what each means, and a value that names none gets clap's own error.
#[derive(Clone)]
struct Choice {
    options: &'static [&'static str],
    names: &'static [(&'static str, &'static str)],
    shown: clap::builder::PossibleValuesParser,
}

impl clap::builder::TypedValueParser for Choice {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<String, clap::Error> {
        match value
            .to_str()
            .and_then(|v| option_named(self.options, self.names, v))
        {
            Some(key) => Ok(key.to_string()),
            None => self.shown.parse_ref(cmd, arg, value),
        }
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        self.shown.possible_values()
    }
}

/// The flags every call takes, after the procedure's own: `--others-no`, `--json`,
/// `--session`, `--seed`, and the help's closing words on yes/no flags and `--then`.
fn call_args(cmd: Command, sys: &SystemDef) -> Command {
    cmd.arg(
        Arg::new("others-no")
            .long("others-no")
            .action(ArgAction::SetTrue)
            .help("answer no to every yes/no question not given as --FLAG or --no-FLAG"),
    )
    .after_help(format!(
        "Each yes/no flag --FLAG has its --no-FLAG; a yes/no question the call comes to must be \
         answered by one of them (or by --others-no), never taken as no unasked.\n{}",
        then_help(&sys.meta.id)
    ))
    .arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help("print the call as one JSON object"),
    )
    .arg(
        Arg::new("session")
            .long("session")
            .value_name("NAME")
            .help("the table session to take kept facts from and record the call in"),
    )
    .arg(
        Arg::new("seed")
            .long("seed")
            .value_name("N")
            .allow_negative_numbers(true)
            .value_parser(values::seed("--seed"))
            .help(
                "seed for the dice the program rolls, 0 to 9007199254740991 (2^53 - 1); \
                 default: from the clock",
            ),
    )
}

/// What `--then` does, with the chains of system `id` (the calls its results lead on to).
pub(super) fn then_help(id: &str) -> String {
    let chains = match id {
        "twilight-struggle" => {
            "event-action into event-coup, event-realign, event-influence or action; action's \
             and event-influence's step 9B into place-9b; flip and take-card, a card played for \
             its Ops, into action"
        }
        "undaunted" => "card: ANGRIFF/NIEDERHALTEN into target, ANVISIEREN into target-tile",
        "paydirt-vii" => "status into offense or defense",
        _ => {
            return "--then: no result of this system leads on to another call, so a call takes \
                    no --then."
                .into()
        }
    };
    format!(
        "--then PROCEDURE [FLAGS], last, goes on into the call the source leads to from this \
         result ({chains}), carrying what this call found."
    )
}

/// The `--no-FLAG` of a yes/no flag (made once per flag: clap keeps flag names for the
/// program's life).
pub(super) fn no_flag(name: &str) -> &'static str {
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<BTreeMap<String, &'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    names
        .entry(name.to_string())
        .or_insert_with(|| Box::leak(format!("no-{name}").into_boxed_str()))
}

/// Every roll of a call as JSON, re-rolls included: `{"die", "value", "rolled"}` in order.
pub fn rolls_json(outcome: &Outcome) -> serde_json::Value {
    outcome
        .path
        .iter()
        .filter_map(|s| match s {
            Step::Roll { die, value, rolled } => Some(serde_json::json!({
                "die": die,
                "value": value,
                "rolled": rolled,
            })),
            _ => None,
        })
        .collect()
}

/// The text of `accc charts call ...` (the JSON object with `--json`).
pub fn call_text(
    system_id: Option<&str>,
    procedure_id: Option<&str>,
    args: &[String],
) -> Result<String> {
    call_output(system_id, procedure_id, args).map(|(text, _)| text)
}

/// The text of `accc charts call ...` and the warnings for stderr: flags that the call never
/// used (a question it did not reach, dice beyond the re-rolls made).
pub fn call_output(
    system_id: Option<&str>,
    procedure_id: Option<&str>,
    args: &[String],
) -> Result<(String, Vec<String>)> {
    call_output_in(None, system_id, procedure_id, args)
}

/// [`call_output`] with the saves folder, where `--session NAME` finds its table session.
pub fn call_output_in(
    saves_dir: Option<&Path>,
    system_id: Option<&str>,
    procedure_id: Option<&str>,
    args: &[String],
) -> Result<(String, Vec<String>)> {
    let (sys, p) = match named_procedure(system_id, procedure_id, args)? {
        Ok(named) => named,
        Err(help) => return Ok((help, Vec::new())),
    };
    let (args, then) = split_then(sys, args)?;
    let matches = match parse_flags(sys, p, args)? {
        Ok(m) => m,
        Err(help) => return Ok((help, Vec::new())),
    };
    let then = match then {
        None => None,
        Some((p2, rest)) => match then_flags(sys, p2, rest)? {
            Ok(m2) => Some((p2, m2)),
            Err(help) => return Ok((help, Vec::new())),
        },
    };
    let json = matches.get_flag("json");
    let seed = matches.get_one::<u64>("seed").copied();
    let mut open = open_session(saves_dir, sys, matches.get_one::<String>("session"))?;
    let seed = seed.unwrap_or_else(clock_seed);
    let known = Known {
        carried: &|_| None,
        session: &|id| {
            open.as_ref()
                .and_then(|o| o.session.known_for(p, id))
                .cloned()
        },
        offered: &|id| {
            open.as_ref()
                .and_then(|o| o.session.offered_for(p, id))
                .cloned()
        },
        in_session: open.is_some(),
    };
    let first = call_from_matches(sys, p, &matches, seed, 0, &known)?;
    let mut warnings = first.warnings.clone();
    // The first call is recorded once, before a chained call: the second sees the facts as
    // the first leaves them. Nothing is saved unless the whole chain succeeds.
    let changed = match open.as_mut() {
        Some(o) => o
            .session
            .record_kept(p, &first.log, &first.given, &first.outcome),
        None => Vec::new(),
    };
    let second = match &then {
        None => None,
        Some((p2, m2)) => call_then(sys, &first, p2, m2, open.as_ref(), seed, &mut warnings)?,
    };
    if let Some(open) = open.as_mut() {
        warnings.push(record_chain(open, changed, second.as_ref())?);
    }
    if json {
        return Ok((chain_json(&first, second.as_ref()), warnings));
    }
    Ok((chain_text(sys, p, &first, second.as_ref(), seed), warnings))
}

/// The system and procedure a call names, or (`Err`) the text asked for by `--help` in their
/// place.
fn named_procedure(
    system_id: Option<&str>,
    procedure_id: Option<&str>,
    args: &[String],
) -> Result<std::result::Result<(&'static SystemDef, &'static Procedure), String>> {
    let wants_help = args.iter().any(|a| a == "--help" || a == "-h");
    let Some(system_id) = system_id.filter(|s| *s != "--help" && *s != "-h") else {
        return if wants_help || system_id.is_some() {
            Ok(Err(format!(
                "accc charts call SYSTEM PROCEDURE [FLAGS] [--json] [--seed N]\n\n{}",
                list_text()
            )))
        } else {
            Err(Error::Usage(format!(
                "charts call: name a system: {}",
                system_ids().join(", ")
            )))
        };
    };
    let sys = find_system(system_id)?;
    let Some(procedure_id) = procedure_id.filter(|s| *s != "--help" && *s != "-h") else {
        let ids: Vec<&str> = sys.procedures.iter().map(|p| p.id).collect();
        let msg = format!(
            "charts call {}: name a procedure: {}",
            sys.meta.id,
            ids.join(", ")
        );
        return if wants_help || procedure_id.is_some() {
            Ok(Err(msg + "\n"))
        } else {
            Err(Error::Usage(msg))
        };
    };
    Ok(Ok((sys, find_procedure(sys, procedure_id)?)))
}

/// The flags of the first call, and the procedure and flags after `--then PROC [FLAGS]`, which
/// goes on into the call the source chains to this one's result.
type ThenArgs<'a> = (&'a [String], Option<(&'static Procedure, &'a [String])>);

/// `args` cut at `--then`: see [`ThenArgs`].
fn split_then<'a>(sys: &'static SystemDef, args: &'a [String]) -> Result<ThenArgs<'a>> {
    match args.iter().position(|a| a == "--then") {
        None => Ok((args, None)),
        Some(i) => {
            let rest = &args[i + 1..];
            let id = rest
                .first()
                .filter(|a| !a.starts_with('-'))
                .ok_or_else(|| {
                    Error::Usage(
                        "--then: name the procedure to go on into (--then PROCEDURE [FLAGS])"
                            .into(),
                    )
                })?;
            Ok((&args[..i], Some((find_procedure(sys, id)?, &rest[1..]))))
        }
    }
}

/// The flags after `--then` parsed (`Err(text)` when they ask for help), refusing those that
/// are for the whole chain.
fn then_flags(
    sys: &SystemDef,
    p2: &Procedure,
    rest: &[String],
) -> Result<std::result::Result<ArgMatches, String>> {
    let m2 = match parse_flags(sys, p2, rest)? {
        Ok(m) => m,
        Err(help) => return Ok(Err(help)),
    };
    if let Some(f) = ["json", "seed", "session"]
        .into_iter()
        .find(|f| given_on_command_line(&m2, f) || (*f == "json" && m2.get_flag(f)))
    {
        return Err(Error::Usage(format!(
            "--{f} goes before --then: it is for the whole chain of calls"
        )));
    }
    Ok(Ok(m2))
}

/// The table session `--session NAME` names, opened and locked, if one is named.
fn open_session(
    saves_dir: Option<&Path>,
    sys: &SystemDef,
    name: Option<&String>,
) -> Result<Option<session::OpenTable>> {
    let Some(name) = name else {
        return Ok(None);
    };
    let dir = saves_dir.ok_or_else(|| {
        Error::Usage("--session: no saves folder to find table sessions in".into())
    })?;
    let open = session::OpenTable::open(dir, name).map_err(session_error)?;
    open.check_system(&sys.meta.id).map_err(session_error)?;
    Ok(Some(open))
}

/// The call after `--then`, with what the first call's result carries into it, if that result
/// leads there (else a warning that its flags were not used).
fn call_then(
    sys: &SystemDef,
    first: &Called,
    p2: &'static Procedure,
    m2: &ArgMatches,
    open: Option<&session::OpenTable>,
    seed: u64,
    warnings: &mut Vec<String>,
) -> Result<Option<(&'static Procedure, Called)>> {
    let Some(next) = first.outcome.next.iter().find(|n| n.procedure == p2.id) else {
        warnings.push(format!(
            "--then {}: this result ({}) does not lead to {}; the flags after --then were not used",
            p2.id, first.outcome.result, p2.id
        ));
        return Ok(None);
    };
    let carried = |id: &str| {
        next.given
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, a)| a.clone())
    };
    let session = |id: &str| open.and_then(|o| o.session.known_for(p2, id)).cloned();
    let offered = |id: &str| open.and_then(|o| o.session.offered_for(p2, id)).cloned();
    let known = Known {
        carried: &carried,
        session: &session,
        offered: &offered,
        in_session: open.is_some(),
    };
    let called = call_from_matches(sys, p2, m2, seed, 1, &known)?;
    warnings.extend(called.warnings.iter().map(|w| format!("{}: {w}", p2.id)));
    Ok(Some((p2, called)))
}

/// Records the chained call (if any) in the table session after the first, saves it, and says
/// so: the calls' numbers in its log and the facts they kept (`changed`, the first call's).
fn record_chain(
    open: &mut session::OpenTable,
    mut changed: Vec<session::Change>,
    second: Option<&(&'static Procedure, Called)>,
) -> Result<String> {
    if let Some((p2, c)) = second {
        let more = open.session.record_kept(p2, &c.log, &c.given, &c.outcome);
        changed.retain(|c| !more.iter().any(|m| m.id == c.id));
        changed.extend(more);
    }
    open.save().map_err(session_error)?;
    // A chain is two calls in the log, both written by this one save.
    let n = open.session.log.len();
    let calls = match second {
        Some(_) => format!("calls {} and {n}", n - 1),
        None => format!("call {n}"),
    };
    let mut line = format!("recorded as {calls} of table session {}", open.name);
    if !changed.is_empty() {
        let list: Vec<String> = changed.iter().map(ToString::to_string).collect();
        line.push_str(&format!("; facts kept: {}", list.join(", ")));
    }
    Ok(line)
}

/// A call and the call it chains to (if any) as one JSON object, the second under `then`.
fn chain_json(first: &Called, second: Option<&(&'static Procedure, Called)>) -> String {
    let mut fields = call_json(&first.outcome, &first.from_session);
    if let Some((_, c)) = second {
        fields.insert(
            "then".into(),
            serde_json::Value::Object(call_json(&c.outcome, &c.from_session)),
        );
    }
    let mut s =
        serde_json::to_string(&serde_json::Value::Object(fields)).expect("JSON of plain values");
    s.push('\n');
    s
}

/// A call and the call it chains to (if any) as text, or the calls it leads on to, and the
/// seed when the program rolled a die.
fn chain_text(
    sys: &SystemDef,
    p: &Procedure,
    first: &Called,
    second: Option<&(&'static Procedure, Called)>,
    seed: u64,
) -> String {
    let rolled_with = (first.rolled || second.is_some_and(|(_, c)| c.rolled)).then_some(seed);
    let mut text = describe_in(sys, p, &first.outcome, &first.from_session);
    match second {
        Some((p2, c)) => {
            text.push_str("\nthen ");
            text.push_str(&describe_in(sys, p2, &c.outcome, &c.from_session));
        }
        None => text.push_str(&next_hint(sys, &first.outcome)),
    }
    if let Some(seed) = rolled_with {
        text.push_str(&format!(
            "(dice rolled by the program with --seed {seed})\n"
        ));
    }
    text
}

/// A call's JSON object: its fields, every roll, the answers taken from a table session (if
/// any) and the calls it leads on to (if any).
pub(super) fn call_json(
    outcome: &Outcome,
    from_session: &[(String, Answer)],
) -> serde_json::Map<String, serde_json::Value> {
    let mut fields = outcome.fields.clone();
    fields.insert("rolls".into(), rolls_json(outcome));
    if !from_session.is_empty() {
        fields.insert("from_session".into(), answers_json(from_session));
    }
    if !outcome.next.is_empty() {
        let next = outcome
            .next
            .iter()
            .map(|n| serde_json::json!({"procedure": n.procedure, "given": n.given_json()}))
            .collect();
        fields.insert("next".into(), serde_json::Value::Array(next));
    }
    fields
}

/// The lines saying which calls the source leads on to, with the flags they take.
pub(super) fn next_hint(sys: &SystemDef, outcome: &Outcome) -> String {
    outcome
        .next
        .iter()
        .map(|n| {
            let flags: Vec<String> = n
                .given
                .iter()
                .map(|(k, a)| match a {
                    Answer::Bool(true) => format!(" --{k}"),
                    Answer::Bool(false) => format!(" --no-{k}"),
                    other => format!(" --{k} {other}"),
                })
                .collect();
            format!(
                "next: accc charts call {} {}{} (or add --then {} to this call)\n",
                sys.meta.id,
                n.procedure,
                flags.concat(),
                n.procedure
            )
        })
        .collect()
}

/// A procedure's flags parsed; `Err(text)` when they ask for help.
pub(super) fn parse_flags(
    sys: &SystemDef,
    p: &Procedure,
    args: &[String],
) -> Result<std::result::Result<ArgMatches, String>> {
    match procedure_command(sys, p).try_get_matches_from(args) {
        Ok(m) => Ok(Ok(m)),
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    Ok(Err(e.render().to_string()))
                }
                _ => Err(Error::Usage(crate::cli::parse_error_line(&e))),
            }
        }
    }
}

/// Whether flag `name` was given on the command line (not just defaulted).
pub(super) fn given_on_command_line(m: &ArgMatches, name: &str) -> bool {
    m.value_source(name) == Some(clap::parser::ValueSource::CommandLine)
}

/// Where an answer of a `call` came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// The command line (a flag, or a flag that excludes this one).
    Given,
    /// The call before, in a chain (`--then`).
    Carried,
    /// The table session's kept fact.
    Session,
    /// Nobody: a default, `--others-no`, a die the program rolled, or a die not rolled at all
    /// because the answer it reads was given.
    Program,
    /// A die the answer it reads made needless: not rolled, and not logged.
    NotRolled,
}

/// Where a procedure's answers may come from besides the command line: the call before in a
/// chain, and the table session.
pub(super) struct Known<'a> {
    carried: &'a dyn Fn(&str) -> Option<Answer>,
    session: &'a dyn Fn(&str) -> Option<Answer>,
    /// The table session's last answer to a kept question it asks on every call all the same
    /// (not taken: named when its flag is missing).
    offered: &'a dyn Fn(&str) -> Option<Answer>,
    /// Whether the call is made in a table session (which keeps facts).
    in_session: bool,
}

/// Runs a procedure with answers from parsed flags; dice not given are rolled. Returns the
/// outcome, the seed (if the program rolled anything) and warnings about flags left unused.
pub(super) fn call_from_matches(
    sys: &SystemDef,
    p: &'static Procedure,
    m: &ArgMatches,
    seed: u64,
    stream: u64,
    known: &Known,
) -> Result<Called> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // A chained call rolls from its own stream of the same seed.
    rng.set_stream(stream);
    let mut flags = FlagAnswers {
        sys,
        p,
        m,
        known,
        rng,
        rolled: false,
        asked: BTreeSet::new(),
        dice_used: BTreeMap::new(),
        unneeded: Vec::new(),
    };
    let mut answers: Vec<(String, Answer, Source)> = Vec::new();
    let mut outcome = drive_with(p, |q: &Question| -> Result<Answer> {
        let (a, source) = flags.answer(q)?;
        answers.push((q.id.clone(), a.clone(), source));
        Ok(a)
    })?;
    for (label, reads) in &flags.unneeded {
        for step in outcome.path.iter_mut() {
            if matches!(step, Step::Roll { die, .. } if die == label) {
                *step = Step::Note(format!(
                    "{label}: not rolled, the answer it reads was given (--{reads})"
                ));
            }
        }
    }
    let (kept_unasked, warnings) = flags.unused();
    let pick = |keep: &dyn Fn(Source) -> bool| -> Vec<(String, Answer)> {
        answers
            .iter()
            .filter(|(_, _, s)| keep(*s))
            .map(|(id, a, _)| (id.clone(), a.clone()))
            .collect()
    };
    let mut given = pick(&|s| matches!(s, Source::Given | Source::Carried));
    given.extend(kept_unasked);
    Ok(Called {
        outcome,
        log: pick(&|s| s != Source::NotRolled),
        given,
        from_session: pick(&|s| s == Source::Session),
        rolled: flags.rolled,
        warnings,
    })
}

/// A call's answers as it comes to each question: from its flags, the call before, the table
/// session, a default or the dice; and what it has used of its flags, for the warnings after.
struct FlagAnswers<'a> {
    sys: &'a SystemDef,
    p: &'static Procedure,
    m: &'a ArgMatches,
    known: &'a Known<'a>,
    rng: ChaCha8Rng,
    /// Whether the program rolled a die.
    rolled: bool,
    /// The flag families asked.
    asked: BTreeSet<&'static str>,
    /// The number of values each die flag supplied.
    dice_used: BTreeMap<&'static str, usize>,
    /// Dice not needed because the answer they read was given (label, flag).
    unneeded: Vec<(String, &'static str)>,
}

impl FlagAnswers<'_> {
    /// The answer to question `q` and where it came from.
    fn answer(&mut self, q: &Question) -> Result<(Answer, Source)> {
        let (sys, p, m, known) = (self.sys, self.p, self.m, self.known);
        let fam = q.family();
        let param: &'static Param = p.params.iter().find(|x| x.name == fam).ok_or_else(|| {
            Error::Usage(format!(
                "charts call {} {}: no flag answers question '{}'",
                sys.meta.id, p.id, q.id
            ))
        })?;
        self.asked.insert(param.name);
        let unfit = self.unfit(q, param);
        let missing = || {
            Error::Usage(format!(
                "charts call {} {}: missing --{}: {} (expected {}){unfit}",
                sys.meta.id,
                p.id,
                param.name,
                param.help,
                q.allowed()
            ))
        };
        let carried = (known.carried)(&q.id).map(|a| (a, Source::Carried));
        // A session's answer is used only where it fits the question (Breakaway's `sheet` is
        // `sample` on defence and `fire` on offence; a number may have narrower bounds).
        let session = || {
            (known.session)(&q.id)
                .filter(|a| fits(q, a))
                .map(|a| (a, Source::Session))
        };
        match param.kind {
            ParamKind::Flag => {
                // A flag that excludes this one, given as yes, answers this one no.
                let excluded = param.conflicts.iter().any(|c| {
                    p.params
                        .iter()
                        .any(|x| x.name == *c && x.kind == ParamKind::Flag && m.get_flag(c))
                });
                if m.get_flag(fam) {
                    Ok((Answer::Bool(true), Source::Given))
                } else if excluded || m.get_flag(no_flag(fam)) {
                    Ok((Answer::Bool(false), Source::Given))
                } else if let Some(a) = carried.or_else(session) {
                    Ok(a)
                } else if m.get_flag("others-no") {
                    Ok((Answer::Bool(false), Source::Program))
                } else {
                    Err(Error::Usage(format!(
                        "charts call {} {}: this call needs --{fam} or --no-{fam} (or --others-no): {}{unfit}",
                        sys.meta.id, p.id, q.prompt
                    )))
                }
            }
            ParamKind::Number { default } => m
                .get_one::<i64>(fam)
                .map(|n| (Answer::Number(*n), Source::Given))
                .or(carried)
                .or_else(session)
                .or(default.map(|n| (Answer::Number(n), Source::Program)))
                .ok_or_else(missing),
            ParamKind::Choice { default, .. } => m
                .get_one::<String>(fam)
                .map(|c| (Answer::Choice(c.clone()), Source::Given))
                .or(carried)
                .or_else(session)
                .or(default.map(|d| (Answer::Choice(d.to_string()), Source::Program)))
                .ok_or_else(missing),
            ParamKind::Die => self.die(q, param),
            ParamKind::Text => {
                let vals: Vec<String> = m
                    .get_many::<String>(fam)
                    .map(|v| v.cloned().collect())
                    .unwrap_or_default();
                if vals.is_empty() {
                    Err(missing())
                } else {
                    Ok((Answer::Text(vals.join(";")), Source::Given))
                }
            }
        }
    }

    /// What a refusal for a missing flag adds about the table session: its fact that does
    /// not fit this question, or its last answer to a question it asks again.
    fn unfit(&self, q: &Question, param: &Param) -> String {
        match (self.known.session)(&q.id) {
            Some(a) if !fits(q, &a) => {
                format!(
                    " (the table session's {}: {a} does not fit this question)",
                    q.id
                )
            }
            _ => match (self.known.offered)(&q.id) {
                Some(a) => {
                    let flag = match a {
                        Answer::Bool(true) => format!("--{}", param.name),
                        Answer::Bool(false) => format!("--no-{}", param.name),
                        _ => format!("--{} {a}", param.name),
                    };
                    let why = if param.each_call {
                        "on every call, as it changes between calls"
                    } else {
                        "again, as it may have changed unseen"
                    };
                    format!("; a table session asks it {why}: its last answer was {a} ({flag})")
                }
                None => String::new(),
            },
        }
    }

    /// A die's value: the one given for this roll (the first, or the re-roll's), or none
    /// rolled where the answer it reads was given, or rolled by the program.
    fn die(&mut self, q: &Question, param: &'static Param) -> Result<(Answer, Source)> {
        let (sys, p, m) = (self.sys, self.p, self.m);
        let fam = q.family();
        let given: Vec<i64> = m
            .get_many::<i64>(fam)
            .map(|v| v.copied().collect())
            .unwrap_or_default();
        if given.is_empty() {
            let Kind::Die {
                min,
                max,
                ref label,
            } = q.kind
            else {
                return Err(Error::Usage(format!("question '{}' is not a die", q.id)));
            };
            if let Some(reads) = param.reads.filter(|r| given_on_command_line(m, r)) {
                // The answer this die would be read for is given: it decides nothing.
                self.unneeded.push((label.clone(), reads));
                return Ok((
                    Answer::Die {
                        value: min,
                        rolled: false,
                    },
                    Source::NotRolled,
                ));
            }
            self.rolled = true;
            use rand::Rng;
            Ok((
                Answer::Die {
                    value: self.rng.random_range(min..=max),
                    rolled: true,
                },
                Source::Program,
            ))
        } else {
            let index: usize =
                q.id.split_once('#')
                    .and_then(|(_, n)| n.parse().ok())
                    .unwrap_or(1);
            let used = self.dice_used.entry(param.name).or_default();
            *used = (*used).max(index);
            given
                .get(index - 1)
                .map(|&value| {
                    (
                        Answer::Die {
                            value,
                            rolled: false,
                        },
                        Source::Given,
                    )
                })
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "charts call {} {}: a re-roll needs another --{} (roll number {index}); {}",
                        sys.meta.id, p.id, fam, q.prompt
                    ))
                })
        }
    }

    /// After the call: the kept facts given on the command line that it never came to (kept
    /// all the same: a rating holds whether or not this call needed it, when their value can
    /// be kept), and warnings about the flags it did not use.
    fn unused(&self) -> (Vec<(String, Answer)>, Vec<String>) {
        let (sys, p, m) = (self.sys, self.p, self.m);
        let mut warnings = Vec::new();
        let mut kept_unasked: Vec<(String, Answer)> = Vec::new();
        for param in p.params {
            let given = given_on_command_line(m, param.name)
                || (param.kind == ParamKind::Flag && m.get_flag(no_flag(param.name)));
            if !given {
                continue;
            }
            if !self.asked.contains(param.name) {
                let name = if param.kind != ParamKind::Flag || m.get_flag(param.name) {
                    param.name
                } else {
                    no_flag(param.name)
                };
                if param.keep == Keep::Standing || (param.kept() && self.known.in_session) {
                    match unasked_value(sys, param, m) {
                        Ok(a) => kept_unasked.push((param.name.to_string(), a)),
                        Err(why) => warnings.push(format!("--{name} was not used nor kept: {why}")),
                    }
                } else {
                    warnings.push(format!(
                        "--{name} was not used: this call never came to that question"
                    ));
                }
            } else if param.kind == ParamKind::Die {
                let given = m.get_many::<i64>(param.name).map_or(0, |v| v.count());
                let used = self.dice_used.get(param.name).copied().unwrap_or(0);
                if given > used {
                    warnings.push(format!(
                        "--{}: {given} values given, only the first {used} used",
                        param.name
                    ));
                }
            }
        }
        (kept_unasked, warnings)
    }
}

/// Whether a kept answer fits a question (an option it offers, a number within its bounds),
/// as the walk checks an answer.
pub(super) fn fits(q: &Question, a: &Answer) -> bool {
    check(q, a.clone()).is_ok()
}

/// The value of a kept flag given on the command line for a question the call never came to,
/// checked by the fact's one definition ([`session::fact`]), or why it cannot be kept.
pub(super) fn unasked_value(
    sys: &SystemDef,
    param: &Param,
    m: &ArgMatches,
) -> std::result::Result<Answer, String> {
    let given = match param.kind {
        ParamKind::Flag => Answer::Bool(m.get_flag(param.name)),
        ParamKind::Number { .. } => {
            Answer::Number(m.get_one::<i64>(param.name).copied().unwrap_or_default())
        }
        ParamKind::Choice { .. } => {
            Answer::Choice(m.get_one::<String>(param.name).cloned().unwrap_or_default())
        }
        ParamKind::Die | ParamKind::Text => return Err("a session keeps no dice or lists".into()),
    };
    let def = session::fact(sys, param.name).ok_or("a session keeps no such fact")?;
    def.check(given).map_err(|e| e.message)
}

/// A call made from flags: its outcome, the answers it took, whether the program rolled a die
/// and warnings about flags left unused.
pub(super) struct Called {
    outcome: Outcome,
    /// Every answer the call took but the dice it did not roll, for a session's log.
    log: Vec<(String, Answer)>,
    /// The answers the person gave (or the call before carried), and kept facts given for
    /// questions the call never came to: what a session may keep.
    given: Vec<(String, Answer)>,
    /// The answers taken from the table session.
    from_session: Vec<(String, Answer)>,
    rolled: bool,
    warnings: Vec<String>,
}

/// The readable path of a call, opening with the answers taken from a table session.
pub(super) fn describe_in(
    sys: &SystemDef,
    p: &Procedure,
    outcome: &Outcome,
    from_session: &[(String, Answer)],
) -> String {
    let text = describe(sys, p, outcome, None);
    let (title, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let mut s = format!("{title}\n");
    for (id, a) in from_session {
        s.push_str(&format!("  - {id}: {a} (from the session)\n"));
    }
    s.push_str(rest);
    s
}

/// The readable path of a call.
pub fn describe(sys: &SystemDef, p: &Procedure, outcome: &Outcome, seed: Option<u64>) -> String {
    let mut s = format!("{}: {}\n", sys.meta.name, p.title);
    for step in &outcome.path {
        s.push_str(&format!("  - {step}\n"));
    }
    s.push_str(&format!("=> {}\n", outcome.result));
    if let Some(seed) = seed {
        s.push_str(&format!(
            "(dice rolled by the program with --seed {seed})\n"
        ));
    }
    s
}
