//! The levels as one table: each level is a [`Profile`] of batting, bowling and captaincy
//! policies with named weights, so that a level is tuned in one place. `PROFILES[n - 1]` is
//! level `n`; [`FROZEN`] is the professional whose weights the ladder below was set with,
//! kept unchanged as the reference player level 5 is measured against (`accc duel --b
//! frozen`).

pub use super::batting::Judgement;
pub use super::bowling::Attack;
pub use super::mistakes::Mistakes;
use super::situation::WICKET_RUNS;

/// Everything that makes one level play as it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub name: &'static str,
    pub batting: Batting,
    pub bowling: Bowling,
}

/// The batting side's decisions: the answer to each ball (the counting look-ahead), the
/// toss, its opening discard when batting first, the cards changed after a wicket, and
/// declarations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Batting {
    /// How the look-ahead weighs what it sees (answers, exchanges, the opening discard).
    pub judgement: Judgement,
    /// What the batsman plays for: always its normal game, or read from the match situation.
    pub stance: StancePolicy,
    /// Keeps a memory of the other hand (see `memory.rs`) and uses it when batting.
    pub remembers: bool,
    pub elect: Elect,
    pub declare: Declare,
    /// Whatever `declare` says, it declares only with this share of the time it expects to
    /// need to win left (`captain::time_to_win`).
    pub time_to_win: f32,
    /// Whatever `declare` says, it declares only when batting on would put a win at risk:
    /// when the deliveries left, less those the rest of its innings is expected to take at
    /// its own rates, are fewer than this many times those it expects bowling the other side
    /// out (as often as a win needs) to take (`captain::needed`). `None`: whenever its policy
    /// says (the frozen reference).
    pub needed: Option<f32>,
    /// How often and how far its answers stray from its best judgement.
    pub mistakes: Mistakes,
    /// It sees the end of a chase: an answer that brings the runs needed wins the match, a
    /// side that cannot be bowled out in the time left cannot lose, and runs the cards held
    /// can make in the balls left are in reach (`captain::stance`). Every level; not the
    /// frozen reference.
    pub sees_the_end: bool,
}

/// The bowling side's decisions: each ball (priced by counting the unseen cards), and its
/// opening discard when bowling first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bowling {
    /// How the counting bowler prices its cards.
    pub attack: Attack,
    /// Keeps a memory of the other hand and uses it when bowling.
    pub remembers: bool,
    /// How often and how far its balls stray from its best judgement.
    pub mistakes: Mistakes,
}

/// The call at the toss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elect {
    Bat,
    /// Puts the other side in: the side batting second bats last, knowing its target, and
    /// times the third-innings declaration (duels show it is worth much more).
    Bowl,
}

/// When the batting side declares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Declare {
    /// Fixed totals: a first innings of `first`, a second-innings lead of `second_lead`, a
    /// third-innings lead of `third_lead` (`last_session_lead` in the last session).
    Totals {
        first: u16,
        second_lead: u16,
        third_lead: u16,
        last_session_lead: u16,
    },
    /// By the time left: a third-innings lead of `margin` times what the other side would
    /// make (in the time left, or in a whole innings) plus 20. The other side's rates are the
    /// prior alone, or (`evidence`) its innings so far blended with the prior counted as
    /// that many deliveries.
    ByTime { margin: f32, evidence: Option<f32> },
}

/// What the batting side plays for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StancePolicy {
    /// Its normal game throughout.
    Normal,
    /// In the fourth innings it chases a target it can reach and blocks for the draw when it
    /// cannot (`captain::stance`); the side's rates blend its innings with the prior counted
    /// as `evidence` deliveries.
    Situational { evidence: f32 },
}

/// The professional's look-ahead: the next ball, and the lasting cover and depth of the
/// cards it keeps, following the strike. Weights found by duels (see `docs/AI.md`).
const PROFESSIONAL_JUDGEMENT: Judgement = Judgement {
    next: 0.3,
    later: 0.375,
    deep: 0.125,
    per_rank: 0.3,
    alone: 0.6,
    fresh: 2.4,
    who_faces: true,
    wicket: 9.5,
};

/// The look-ahead of a batsman who does not follow the strike (who will face next).
const STRIKE_BLIND_JUDGEMENT: Judgement = Judgement {
    who_faces: false,
    ..PROFESSIONAL_JUDGEMENT
};

/// The counting bowler: a wicket is worth 20 runs, the batsman takes a fifth of the runs a
/// card could give him, a card is kept for later at one and a half times its general worth,
/// each card held of the suit it would make the next over's no-ball suit costs 0.8, and it
/// bowls no no-ball while it holds a fair card.
const PROFESSIONAL_ATTACK: Attack = Attack {
    wicket: WICKET_RUNS,
    run: 1.0,
    runs_taken: 0.2,
    keep: 1.5,
    no_ball_suit_card: 0.8,
    parting_suit: true,
    fair_before_no_ball: true,
};

/// Declarations by fixed totals: a first innings of 350, a second innings 250 ahead, a
/// third 200 ahead (100 in the last session).
const DECLARE_BY_TOTALS: Declare = Declare::Totals {
    first: 350,
    second_lead: 250,
    third_lead: 200,
    last_session_lead: 100,
};

/// The professional's declarations: a little more than the other side is expected to make,
/// judged mostly on the prior (with 0.9 of it, judged on the rates of its one innings so
/// far, a side declaring its third innings lost more matches than it won: docs/AI.md).
const PROFESSIONAL_DECLARES: Declare = Declare::ByTime {
    margin: 1.05,
    evidence: Some(1000.0),
};

/// Every level declares only with at least half the deliveries left that it expects bowling
/// the other side out (as often as a win needs) to take, at the rates its captain reads: a
/// real chance, for about one innings in ten is bowled out that fast. With less, a
/// declaration gives the other side runs to chase and the declaring side next to nothing to
/// win (docs/AI.md, "Declarations").
const TIME_TO_WIN: f32 = 0.5;

/// Every level declares only when batting on would leave less than this many times the
/// deliveries bowling the other side out takes, after the rest of its own innings: with
/// more, batting on costs nothing and a declaration only makes the other side's target
/// smaller (docs/AI.md, "Declarations").
const NEEDED: Option<f32> = Some(1.5);

/// The frozen professional: the fixed reference level 5 is measured against. A test holds
/// its play to fixed duel tallies, so a change to code it shares with the levels cannot move
/// the yardstick unnoticed.
pub const FROZEN: Profile = Profile {
    name: "professional (frozen reference)",
    batting: Batting {
        judgement: PROFESSIONAL_JUDGEMENT,
        stance: StancePolicy::Situational { evidence: 300.0 },
        remembers: true,
        elect: Elect::Bowl,
        declare: PROFESSIONAL_DECLARES,
        // The frozen reference declares by its policy alone: its play is the yardstick, so
        // the rules every level has since been given are not its.
        time_to_win: 0.0,
        needed: None,
        mistakes: Mistakes::NONE,
        sees_the_end: false,
    },
    bowling: Bowling {
        attack: PROFESSIONAL_ATTACK,
        remembers: true,
        mistakes: Mistakes::NONE,
    },
};

/// The professional: the frozen one, sharper. Its batsman prices a wicket at 11.5 runs
/// (the frozen one's 9.5); its bowler goes for wickets, pricing each fair card by the wicket
/// it may take and the cards it keeps, not by the runs the batsman could take from it; and
/// its captain declares a third innings for 1.1 times what the other side is expected to
/// make (at the frozen one's 1.05, a side with this sharper bowler lost such declarations
/// about as often as it won them). Found by duels against [`FROZEN`] (`examples/tune.rs`,
/// docs/AI.md).
const PROFESSIONAL: Profile = Profile {
    name: "professional",
    batting: Batting {
        judgement: Judgement {
            wicket: 11.5,
            ..PROFESSIONAL_JUDGEMENT
        },
        declare: Declare::ByTime {
            margin: 1.1,
            evidence: Some(1000.0),
        },
        time_to_win: TIME_TO_WIN,
        needed: NEEDED,
        sees_the_end: true,
        ..FROZEN.batting
    },
    bowling: Bowling {
        attack: Attack {
            runs_taken: 0.0,
            ..PROFESSIONAL_ATTACK
        },
        ..FROZEN.bowling
    },
};

/// A level below the professional: the frozen professional's judgement (the weights the
/// ladder was set with), without the memory of the other hand, straying from it as
/// `mistakes` says, and declaring only with time to win.
const fn below(name: &'static str, batting: Batting, mistakes: Mistakes) -> Profile {
    Profile {
        name,
        batting: Batting {
            remembers: false,
            time_to_win: TIME_TO_WIN,
            needed: NEEDED,
            mistakes,
            sees_the_end: true,
            ..batting
        },
        bowling: Bowling {
            remembers: false,
            mistakes,
            ..FROZEN.bowling
        },
    }
}

/// The village and novice captains: they bat first, play their normal game throughout,
/// declare by fixed totals and do not follow the strike.
const SIMPLE_CAPTAIN: Batting = Batting {
    judgement: STRIKE_BLIND_JUDGEMENT,
    stance: StancePolicy::Normal,
    elect: Elect::Bat,
    declare: DECLARE_BY_TOTALS,
    ..FROZEN.batting
};

/// Levels 1 (novice) to 5 (professional). The levels below the professional judge by the
/// frozen professional's weights; each forgets the other hand and strays from its best
/// choice (and the lower captains are simpler). The chances and spreads were set by duels so
/// that each level scores about 0.7 against the one below (docs/AI.md).
pub const PROFILES: [Profile; 5] = [
    below(
        "novice",
        SIMPLE_CAPTAIN,
        Mistakes {
            best: 0.5,
            spread: 5.2,
        },
    ),
    below(
        "village",
        SIMPLE_CAPTAIN,
        Mistakes {
            best: 0.6,
            spread: 4.6,
        },
    ),
    below(
        "club",
        Batting {
            stance: StancePolicy::Normal,
            declare: Declare::ByTime {
                margin: 1.0,
                evidence: None,
            },
            ..FROZEN.batting
        },
        Mistakes {
            best: 0.7,
            spread: 4.0,
        },
    ),
    below(
        "county",
        FROZEN.batting,
        Mistakes {
            best: 0.85,
            spread: 3.0,
        },
    ),
    PROFESSIONAL,
];
