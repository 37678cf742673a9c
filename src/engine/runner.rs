//! Playing a match through: the [`Player`] trait that computer and human players implement,
//! and [`play_match`], which drives the state machine from a seed.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::events::Recorder;
use super::options::MatchOptions;
use super::score::Side;
use super::state::MatchState;
use super::{Choice, IllegalChoice, View};

/// A decision-maker for one side. It is shown only what its side may see.
///
/// Every decision of the side is shown to its player through [`Player::observe`] with the
/// choice made, whether the player made it ([`play_match`] calls [`Player::act`], which is
/// `decide` then `observe`) or someone else did (a person at the keyboard, a replayed log):
/// a player that is not asked to decide, such as an adviser, still sees every view of its
/// side and keeps its memory (OpenSpiel's `InformAction`).
pub trait Player {
    /// The choice for the decision in `view`.
    fn decide(&mut self, view: &View<'_>) -> Choice;

    /// `choice` was made for the side in `view`. A player that decided this view may rely
    /// on being told (the choice may differ from its own, as when a person asked for
    /// advice); one that is not told may take its own choice as made.
    fn observe(&mut self, view: &View<'_>, choice: Choice) {
        let _ = (view, choice);
    }

    /// Decides the view, and is told that its own choice was made there: what the match
    /// loop asks of each player. The same as [`Player::decide`] then [`Player::observe`]; a
    /// player may do it at less cost (a bot then need not keep the view it decided to know
    /// that it is told of the same one).
    fn act(&mut self, view: &View<'_>) -> Choice {
        let choice = self.decide(view);
        self.observe(view, choice);
        choice
    }
}

/// A player gave an illegal answer; the match cannot go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchError {
    pub side: Side,
    pub error: IllegalChoice,
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {} side chose illegally: {}",
            self.side.name(),
            self.error
        )
    }
}

impl std::error::Error for MatchError {}

/// The generator for a match's chance events: stream 0 of the match seed.
pub fn chance_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// The generator a computer player of `side` uses in the match with this seed: its own
/// stream, so its choices never disturb the deal and vice versa.
pub fn player_rng(seed: u64, side: Side) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1 + side.index() as u64);
    rng
}

/// Plays a whole match from `seed`; `players` is indexed by [`Side::index`] (home, away).
pub fn play_match<R: Recorder + ?Sized>(
    options: MatchOptions,
    seed: u64,
    players: [&mut dyn Player; 2],
    rec: &mut R,
) -> Result<MatchState, MatchError> {
    play_on(
        MatchState::new(options),
        &mut chance_rng(seed),
        players,
        rec,
    )
}

/// Plays a match on from `state` to its end, its chance events from `rng`.
pub fn play_on<G: rand::Rng + ?Sized, R: Recorder + ?Sized>(
    state: MatchState,
    rng: &mut G,
    players: [&mut dyn Player; 2],
    rec: &mut R,
) -> Result<MatchState, MatchError> {
    play_on_seeing(state, rng, players, rec, |_, _| {})
}

/// [`play_on`], telling `seen` of every decision: the state it was made in and the choice
/// made (for a review of the match, or to look at it position by position).
pub fn play_on_seeing<G: rand::Rng + ?Sized, R: Recorder + ?Sized>(
    mut state: MatchState,
    rng: &mut G,
    mut players: [&mut dyn Player; 2],
    rec: &mut R,
    mut seen: impl FnMut(&MatchState, Choice),
) -> Result<MatchState, MatchError> {
    loop {
        if state.chance().is_some() {
            state.sample_chance(rng, rec);
        } else if let Some((side, _)) = state.to_act() {
            let player = &mut players[side.index()];
            let view = state.view();
            let choice = player.act(&view);
            seen(&state, choice);
            state
                .apply(choice, rec)
                .map_err(|error| MatchError { side, error })?;
        } else {
            return Ok(state);
        }
    }
}
