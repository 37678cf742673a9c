//! `accc host`, `accc join` and `accc relay`: a match between two people over a network,
//! headless (the terminal program's screens are built on the same `crate::net`). The host
//! takes `accc match`'s counties, seed and rules, plays the home county and prints the
//! result as `accc match` does; the guest plays the away county. `--bot LEVEL` lets a
//! computer level play a side; without it a person plays, and the terminal program opens
//! on the match screen (`tui::friend`). A person's friendly is kept in the saves folder as it
//! is played (`save::friendly`), and `accc host --resume` takes it up again.

use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::common::{print_err, print_out, NoSaves, RuleArgs};
use super::match_cmd::{report, TeamsArgs};
use super::values;
use crate::ai::{Bot, Level};
use crate::ball_log::BallLog;
use crate::counties;
use crate::engine::Side;
use crate::error::{Error, Result};
use crate::live::LiveMatch;
use crate::net::guest::{self, Target};
use crate::net::host::{self, Door, Finisher, HostError, HostLink, Offer};
use crate::net::relay::{self, RelayConfig, RelayStats};
use crate::net::seat;
use crate::net::{Code, Limits, NetError};
use crate::save::friendly::{self, FriendlyError, FriendlyFile, FriendlySetup, KeptFriendly};
use crate::tui::friend::Friendly;

/// The port `accc host` and `accc relay` listen on unless told.
pub const DEFAULT_PORT: u16 = 4717;

/// Arguments of `accc host`.
#[derive(Debug, Args)]
pub struct HostArgs {
    #[command(flatten)]
    pub teams: TeamsArgs,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// The port to listen on; 0 takes any free one (it is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: 0.0.0.0 for every network (a LAN, a forwarded port), or
    /// 127.0.0.1 for this machine only.
    #[arg(long, value_name = "IP", default_value = "0.0.0.0")]
    pub listen: IpAddr,
    /// The code the guest must type (e.g. 7-crimson-wicket); default: a new one, drawn at
    /// random and printed.
    #[arg(long, value_parser = code_arg)]
    pub code: Option<Code>,
    /// Meet the guest at the relay at ADDR (HOST:PORT) instead of listening.
    #[arg(long, value_name = "ADDR")]
    pub relay: Option<String>,
    /// A computer of this level (1 novice .. 5 professional) plays the home side; without it
    /// a person plays, on the terminal program's match screen.
    #[arg(long, value_name = "LEVEL", value_parser = values::level_arg("--bot"))]
    pub bot: Option<u8>,
    /// If the guest leaves, or is lost and not back within --wait, a computer of this level
    /// finishes the away side; without it the match ends there.
    #[arg(long, value_name = "LEVEL", value_parser = values::level_arg("--finish"))]
    pub finish: Option<u8>,
    /// Seconds to wait for the guest to come, and to come back after a lost connection.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub wait: u64,
    /// Write the ball-by-ball log (JSON Lines) to FILE, as `accc match --log` does.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Print only the result, as one JSON object (as `accc match --json` does).
    #[arg(long)]
    pub json: bool,
    /// Take up the friendly kept in the saves folder (a host killed, or the match kept when
    /// the line dropped) on the same ball, with a new code; its counties and rules are its own.
    #[arg(long, conflicts_with_all = [
        "home", "away", "seed", "batsmen", "packs_per_session", "days", "no_noballs",
        "no_wides", "no_byes", "bot", "finish", "log", "json", "replace_kept",
    ])]
    pub resume: bool,
    /// Host this new friendly in place of the one kept to resume later, which is lost (a
    /// damaged one is moved aside).
    #[arg(long, conflicts_with = "bot")]
    pub replace_kept: bool,
}

/// Arguments of `accc join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The host's address and port (e.g. 192.168.1.20:4717), for a direct connection.
    #[arg(
        value_name = "ADDR",
        required_unless_present = "relay",
        conflicts_with = "relay"
    )]
    pub addr: Option<String>,
    /// Meet the host at the relay at ADDR (HOST:PORT) instead.
    #[arg(long, value_name = "ADDR")]
    pub relay: Option<String>,
    /// The code the host was shown (e.g. 7-crimson-wicket).
    #[arg(long, value_parser = code_arg)]
    pub code: Code,
    /// A computer of this level (1 novice .. 5 professional) plays the away side; without it
    /// a person plays, on the terminal program's match screen.
    #[arg(long, value_name = "LEVEL", value_parser = values::level_arg("--bot"))]
    pub bot: Option<u8>,
    /// Seconds to keep trying while the host is busy or not yet there, and to come back
    /// after a lost connection.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub wait: u64,
    /// Print only the result, as one JSON object (as `accc match --json` does).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub no_saves: NoSaves,
}

/// Arguments of `accc relay`.
#[derive(Debug, Args)]
pub struct RelayArgs {
    /// The port to listen on; 0 takes any free one (it is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (0.0.0.0: every network).
    #[arg(long, value_name = "IP", default_value = "0.0.0.0")]
    pub listen: IpAddr,
    /// Seconds a peer that has not been paired waits before it loses its place.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub wait: u64,
    #[command(flatten)]
    pub no_saves: NoSaves,
}

/// A code typed on the command line, checked.
fn code_arg(s: &str) -> std::result::Result<Code, values::ValueError> {
    Code::parse(s).map_err(|e| values::ValueError(format!("--code: {e}")))
}

fn level_of(n: u8) -> Result<Level> {
    Level::new(n).map_err(Error::usage)
}

/// A person plays on the match screen, which needs a terminal: without one (a pipe, a
/// script) say so, and how a computer may play the side instead, before anything is opened.
fn person_needs_a_terminal(side: &str) -> Result<()> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return Ok(());
    }
    Err(Error::Usage(format!(
        "a person plays the {side} side on the terminal program's match screen, and this is \
         not a terminal; give --bot LEVEL (1-5) to let a computer play it"
    )))
}

/// Said when a person's match (no `--bot`) is asked for what only a computer's gives.
fn person_not_printed(option: &str) -> Error {
    Error::Usage(format!(
        "{option} is for a match a computer plays (--bot LEVEL): a person's match is shown on \
         the terminal program's match screen"
    ))
}

fn net_error(e: NetError) -> Error {
    Error::Network(e.to_string())
}

/// Runs `accc host`.
pub fn run_host(args: HostArgs, saves: PathBuf) -> Result<()> {
    // What the saves folder holds is told first: nothing is kept for a terminal's sake.
    let resumed = match args.resume {
        true => Some(FriendlyFile::resume(&saves).map_err(friendly_error)?),
        false => None,
    };
    if args.bot.is_none() && !args.replace_kept && resumed.is_none() {
        if let Some(kept) = friendly::look(&saves).map_err(friendly_error)? {
            return Err(friendly_error(FriendlyError::AlreadyKept(kept.setup)));
        }
    }
    if args.bot.is_none() {
        if args.json {
            return Err(person_not_printed("--json"));
        }
        if args.log.is_some() {
            return Err(person_not_printed("--log"));
        }
        person_needs_a_terminal("home")?;
    }
    if let Some((file, kept)) = resumed {
        return resume_person(&args, saves, file, kept);
    }
    let (home, away) = args.teams.counties()?;
    let options = args.rules.options()?;
    let seed = match args.teams.seed {
        Some(s) => s,
        None => host::random_seed()
            .map_err(|e| Error::Network(format!("no seed could be drawn: {e}")))?,
    };
    let setup = FriendlySetup {
        options,
        host: Side::Home,
        home,
        away,
        seed,
    };
    match args.bot {
        None => host_person(&args, saves, setup),
        Some(level) => host_bot(&args, setup, level),
    }
}

/// The code the guest must type: the one given, or a new one.
fn offer_code(args: &HostArgs) -> Result<Code> {
    match args.code {
        Some(c) => Ok(c),
        None => Code::random().map_err(|e| Error::Network(format!("no code could be drawn: {e}"))),
    }
}

/// The door the guest comes to (the port listened on, or the relay), its offer said on
/// standard error, and the line the guest types.
fn open_door(args: &HostArgs, code: Code, setup: &FriendlySetup) -> Result<(Door, String)> {
    let (h, a) = (counties::get(setup.home), counties::get(setup.away));
    let door = match &args.relay {
        Some(addr) => Door::relay(addr, code.slot()),
        None => {
            let listener = TcpListener::bind(SocketAddr::new(args.listen, args.port))
                .map_err(|e| Error::io(format!("listening on port {}", args.port), e))?;
            Door::listen(listener).map_err(|e| Error::io("listening", e))?
        }
    };
    let join_line = match (&args.relay, door.local_addr()) {
        (Some(relay), _) => {
            print_err(&format!(
                "offering {} v {} at the relay {relay}; the code is {code} (the guest types: \
                 accc join --relay {relay} --code {code})",
                h.name, a.name
            ));
            format!("accc join --relay {relay} --code {code}")
        }
        (None, Some(addr)) => {
            print_err(&format!("listening on {addr}"));
            print_err(&format!(
                "offering {} v {}; the code is {code} (the guest types: accc join \
                 THIS-MACHINE:{} --code {code})",
                h.name,
                a.name,
                addr.port()
            ));
            format!("accc join THIS-MACHINE:{} --code {code}", addr.port())
        }
        (None, None) => format!("accc join --code {code}"),
    };
    Ok((door, join_line))
}

/// The offer the guest is made for `setup`.
fn offer(args: &HostArgs, code: Code, setup: &FriendlySetup) -> Offer {
    let (h, a) = (counties::get(setup.home), counties::get(setup.away));
    Offer {
        code,
        limits: Limits::default(),
        names: [h.name.clone(), a.name.clone()],
        options: setup.options,
        bot_seed: host::guest_bot_seed(setup.seed),
        wait: Duration::from_secs(args.wait),
        guest: setup.host.other(),
    }
}

/// The (full, scoreboard) names of `setup`'s counties, home first.
fn names(setup: &FriendlySetup) -> [(String, String); 2] {
    [setup.home, setup.away].map(|id| {
        let c = counties::get(id);
        (c.name.clone(), c.short.clone())
    })
}

/// Why a kept friendly cannot be begun, taken up or dropped, as the command says it.
fn friendly_error(e: FriendlyError) -> Error {
    match e {
        FriendlyError::NoneKept(_) => Error::NotFound(format!(
            "{e}: `accc host` with the counties and rules begins a friendly"
        )),
        FriendlyError::AlreadyKept(_) => Error::Usage(format!(
            "{e}: `accc host --resume` takes it up; `accc host --replace-kept` with the new \
             match's options hosts that in its place, and the kept one is lost"
        )),
        FriendlyError::Store(error) => Error::File {
            what: "the friendly kept to resume later cannot be used".into(),
            error,
        },
        FriendlyError::Damaged { .. } => Error::BadFile(format!(
            "{e}: move it away, or `accc host --replace-kept` sets it aside and hosts a new \
             match"
        )),
    }
}

/// A person hosts a new friendly on the match screen, kept in the saves folder as it is
/// played.
fn host_person(args: &HostArgs, saves: PathBuf, setup: FriendlySetup) -> Result<()> {
    if args.replace_kept {
        match friendly::drop_kept(&saves) {
            Ok(said) | Err(FriendlyError::Damaged { why: said, .. }) => print_err(&said),
            Err(FriendlyError::NoneKept(_)) => {}
            Err(e) => return Err(friendly_error(e)),
        }
    }
    let code = offer_code(args)?;
    let (door, join_line) = open_door(args, code, &setup)?;
    // Kept from here on: nothing is kept of an offer that could not be made.
    let (file, said) = FriendlyFile::begin(&saves, setup).map_err(friendly_error)?;
    if let Some(said) = said {
        print_err(&said);
    }
    let live = LiveMatch::with_friend(setup.options, setup.seed, names(&setup), setup.host);
    let seat = seat::host_seat(HostLink::new(offer(args, code, &setup)), door);
    let friendly = Friendly::host(live, seat, code, join_line, setup.seed).kept_in(file, false);
    crate::tui::run_friend(saves.clone(), friendly)?;
    say_if_kept(&saves);
    Ok(())
}

/// `accc host --resume`: the friendly kept in the saves folder, taken up on the same ball
/// with a new code.
fn resume_person(
    args: &HostArgs,
    saves: PathBuf,
    file: FriendlyFile,
    kept: KeptFriendly,
) -> Result<()> {
    if let Some(note) = &kept.note {
        print_err(note);
    }
    let setup = kept.setup;
    let game = setup.record(kept.ops);
    let levels = crate::play::Levels { bat: 5, bowl: 5 };
    let mut live = LiveMatch::replay_with_friend(
        setup.options,
        levels,
        setup.seed,
        names(&setup),
        setup.host,
        &game,
    )
    .map_err(|e| {
        Error::BadFile(format!(
            "the friendly kept in {} could not be taken up again ({e}); it is left as it is",
            friendly::path_in(&saves).display()
        ))
    })?;
    let code = offer_code(args)?;
    let (door, join_line) = open_door(args, code, &setup)?;
    let mut link = HostLink::new(offer(args, code, &setup));
    // What the friend's side has been through, for the new guest.
    crate::tui::friend::remember_so_far(&mut link, &mut live);
    let seat = seat::host_seat(link, door);
    let friendly = Friendly::host(live, seat, code, join_line, setup.seed).kept_in(file, true);
    crate::tui::run_friend(saves.clone(), friendly)?;
    say_if_kept(&saves);
    Ok(())
}

/// After the match screen: a friendly still kept is said, with how to take it up.
fn say_if_kept(saves: &std::path::Path) {
    if let Ok(Some(kept)) = friendly::look(saves) {
        let s = kept.setup;
        print_err(&format!(
            "the friendly {} v {} is kept to resume later: `accc host --resume` takes it up \
             on the same ball, with a new code",
            counties::get(s.home).name,
            counties::get(s.away).name
        ));
    }
}

/// A computer of `level` hosts, headless (a script's match: not kept, since the same seed
/// plays it again).
fn host_bot(args: &HostArgs, setup: FriendlySetup, level: u8) -> Result<()> {
    let bot = level_of(level)?;
    let finish = args.finish.map(level_of).transpose()?;
    let seed = setup.seed;
    let code = offer_code(args)?;
    let (mut door, _) = open_door(args, code, &setup)?;
    let mut link = HostLink::new(offer(args, code, &setup));
    link.say = Box::new(print_err);
    let (h, a) = (counties::get(setup.home), counties::get(setup.away));
    let mut home_bot = Bot::new(bot, bot, seed, Side::Home);
    let finisher = finish.map(|l| Finisher {
        player: Box::new(Bot::new(l, l, host::guest_bot_seed(seed), Side::Away)),
    });
    let mut log = BallLog::new(&h.name, &a.name, seed, &setup.options);
    let state = host::host_match(
        &mut link,
        &mut door,
        seed,
        &mut home_bot,
        finisher,
        &mut log,
        |log: &BallLog| super::match_cmd::json_result(log, seed, &h.name, &a.name).to_string(),
    )
    .map_err(|e| match e {
        HostError::Net(e) => net_error(e),
        e => Error::Network(e.to_string()),
    })?;
    drop(door);
    report(
        args.log.as_deref(),
        args.json,
        &log,
        &state,
        [&h.name, &a.name],
        seed,
    )
}

/// Runs `accc join`.
pub fn run_join(args: JoinArgs, saves: PathBuf) -> Result<()> {
    if args.bot.is_none() {
        if args.json {
            return Err(person_not_printed("--json"));
        }
        person_needs_a_terminal("away")?;
    }
    let bot = args.bot.map(level_of).transpose()?;
    let target = match (&args.relay, &args.addr) {
        (Some(relay), _) => Target::Relay(relay.clone()),
        (None, Some(addr)) => Target::Direct(addr.clone()),
        (None, None) => {
            return Err(Error::Usage(
                "give the host's address (HOST:PORT) or --relay ADDR".into(),
            ))
        }
    };
    let Some(bot) = bot else {
        // A person plays the away side, on the match screen.
        let words = match &target {
            Target::Direct(addr) => addr.clone(),
            Target::Relay(addr) => format!("the relay {addr}"),
        };
        let seat = seat::guest_seat(guest::Joining {
            target,
            code: args.code,
            limits: Limits::default(),
            wait: Duration::from_secs(args.wait),
        });
        return crate::tui::run_friend(saves, Friendly::guest(seat, args.code, words));
    };
    let trace = std::env::var_os("ACCC_NET_TRACE").is_some_and(|v| !v.is_empty());
    let mut say = |line: &str| print_err(line);
    let mut on_answer = |n: u32| {
        if trace {
            print_err(&format!("answered question {n}"));
        }
    };
    let finished = guest::play_bot(
        &guest::Joining {
            target,
            code: args.code,
            limits: Limits::default(),
            wait: Duration::from_secs(args.wait),
        },
        (bot, bot),
        None,
        &mut on_answer,
        &mut say,
    )
    .map_err(net_error)?
    .ok_or_else(|| Error::Network("the match was not finished".into()))?;
    if args.json {
        print_out(&format!("{}\n", finished.json))
    } else {
        let w = &finished.welcome;
        let told = finished.result.describe(|s| w.names[s.index()].clone());
        print_out(&format!("{} v {}: {told}\n", w.names[0], w.names[1]))
    }
}

/// Runs `accc relay` until it is stopped.
pub fn run_relay(args: RelayArgs) -> Result<()> {
    let listener = TcpListener::bind(SocketAddr::new(args.listen, args.port))
        .map_err(|e| Error::io(format!("listening on port {}", args.port), e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::io("listening", e))?;
    print_err(&format!("relay listening on {addr}"));
    let config = RelayConfig {
        wait: Duration::from_secs(args.wait),
        ..RelayConfig::default()
    };
    let stop = AtomicBool::new(false);
    relay::serve(listener, config, &stop, &Arc::new(RelayStats::default()))
        .map_err(|e| Error::io("relaying", e))
}
