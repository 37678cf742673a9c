//! The levels as one table: each level is a [`Profile`] of batting, bowling and captaincy
//! policies with named weights, so that a level is tuned in one place. `PROFILES[n - 1]` is
//! level `n`; [`FROZEN`] is the professional as it stood before issue 17, kept as a reference
//! player to measure the new one against.

use super::batting::Judgement;
use super::bowling::Attack;
use super::situation::WICKET_RUNS;

/// Everything that makes one level play as it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub name: &'static str,
    pub batting: Batting,
    pub bowling: Bowling,
}

/// The batting side's decisions: the answer to each ball, the toss, its opening discard
/// when batting first, the cards changed after a wicket, and declarations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Batting {
    pub answer: Answer,
    /// How the look-ahead weighs what it sees (answers, exchanges, the opening discard).
    pub judgement: Judgement,
    /// What the batsman plays for: always its normal game, or read from the match situation.
    pub stance: StancePolicy,
    /// Keeps a memory of the other hand (see `memory.rs`) and uses it when batting.
    pub remembers: bool,
    pub elect: Elect,
    pub discard: BattingDiscard,
    pub exchange: Exchange,
    pub declare: Declare,
}

/// The bowling side's decisions: each ball, and its opening discard when bowling first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bowling {
    pub ball: Ball,
    /// How the counting bowler prices its cards.
    pub attack: Attack,
    /// Keeps a memory of the other hand and uses it when bowling.
    pub remembers: bool,
    pub discard: BowlingDiscard,
}

/// How a batsman answers a ball.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Answer {
    /// Any legal answer in this share of balls, otherwise the village answer.
    Careless { share: f64 },
    /// The most runs a safe card makes; a wide or no-ball left alone unless a safe card scores.
    Village,
    /// Runs less what the card is worth kept, by rule of thumb.
    Club,
    /// The counting look-ahead, by the profile's judgement.
    LookAhead,
}

/// How a bowler chooses its card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ball {
    /// Any card.
    Any,
    /// Its highest card clear of the no-ball suit.
    Highest,
    /// Its highest card that is not a no-ball, wide or bye.
    Club,
    /// Prices every card by counting the unseen cards, by the profile's attack.
    Counting,
}

/// The call at the toss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elect {
    Random,
    Bat,
    Bowl,
}

/// The batting side's opening discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BattingDiscard {
    Random,
    Lowest,
    /// The card whose loss leaves the first ball least dangerous.
    LookAhead,
}

/// The bowling side's opening discard (it sets the first no-ball suit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BowlingDiscard {
    Random,
    Lowest,
    /// A card of the suit it holds least of, the least worth keeping among them.
    ShortSuit,
}

/// The cards changed after a wicket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchange {
    Never,
    /// Up to `cards` of its lowest cards ranked `at_most` or lower (or, with `lower_order`,
    /// cards the incoming batsman may not defend with).
    Lowest {
        at_most: u8,
        cards: u8,
        lower_order: bool,
    },
    /// Each card (at most two) whose place a fresh card would fill better, by the look-ahead.
    LookAhead,
}

/// When the batting side declares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Declare {
    Never,
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
    ByTime {
        margin: f32,
        evidence: Option<f32>,
    },
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

/// The look-ahead of the county batsman: the next ball only, cards kept by rule of thumb.
const COUNTY_JUDGEMENT: Judgement = Judgement {
    next: 0.5,
    later: 0.0,
    deep: 0.0,
    per_rank: 0.4,
    alone: 2.0,
    fresh: 2.6,
    who_faces: false,
    wicket: 10.0,
};

/// The professional's look-ahead: also the lasting cover and depth of the cards it keeps,
/// following the strike. Weights found by duels (see `docs/AI.md`).
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

/// The counting bowler: a wicket is worth 20 runs, the batsman takes a fifth of the runs a
/// card could give him, and a card is kept for later at one and a half times its general
/// worth.
const COUNTING_ATTACK: Attack = Attack {
    wicket: WICKET_RUNS,
    run: 1.0,
    runs_taken: 0.2,
    keep: 1.5,
    no_ball_suit_card: 0.0,
    parting_suit: false,
    fair_before_no_ball: false,
};

/// The professional bowler also minds the no-ball suit it sets and bowls no no-ball while it
/// holds a fair card.
const PROFESSIONAL_ATTACK: Attack = Attack {
    no_ball_suit_card: 0.8,
    parting_suit: true,
    fair_before_no_ball: true,
    ..COUNTING_ATTACK
};

/// The club's declarations by fixed totals.
const CLUB_DECLARES: Declare = Declare::Totals {
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

/// Today's professional, frozen: the reference the new level 5 is measured against.
pub const FROZEN: Profile = Profile {
    name: "professional (frozen reference)",
    batting: Batting {
        answer: Answer::LookAhead,
        judgement: PROFESSIONAL_JUDGEMENT,
        stance: StancePolicy::Situational { evidence: 300.0 },
        remembers: true,
        elect: Elect::Bowl,
        discard: BattingDiscard::LookAhead,
        exchange: Exchange::LookAhead,
        declare: PROFESSIONAL_DECLARES,
    },
    bowling: Bowling {
        ball: Ball::Counting,
        attack: PROFESSIONAL_ATTACK,
        remembers: true,
        discard: BowlingDiscard::ShortSuit,
    },
};

/// Levels 1 (novice) to 5 (professional).
pub const PROFILES: [Profile; 5] = [
    Profile {
        name: "novice",
        batting: Batting {
            answer: Answer::Careless { share: 0.5 },
            judgement: COUNTY_JUDGEMENT,
            stance: StancePolicy::Normal,
            remembers: false,
            elect: Elect::Random,
            discard: BattingDiscard::Random,
            exchange: Exchange::Never,
            declare: Declare::Never,
        },
        bowling: Bowling {
            ball: Ball::Any,
            attack: COUNTING_ATTACK,
            remembers: false,
            discard: BowlingDiscard::Random,
        },
    },
    Profile {
        name: "village",
        batting: Batting {
            answer: Answer::Village,
            judgement: COUNTY_JUDGEMENT,
            stance: StancePolicy::Normal,
            remembers: false,
            elect: Elect::Bat,
            discard: BattingDiscard::Lowest,
            exchange: Exchange::Lowest {
                at_most: 1,
                cards: 1,
                lower_order: false,
            },
            declare: Declare::Never,
        },
        bowling: Bowling {
            ball: Ball::Highest,
            attack: COUNTING_ATTACK,
            remembers: false,
            discard: BowlingDiscard::Lowest,
        },
    },
    Profile {
        name: "club",
        batting: Batting {
            answer: Answer::Club,
            judgement: COUNTY_JUDGEMENT,
            stance: StancePolicy::Normal,
            remembers: false,
            elect: Elect::Bat,
            discard: BattingDiscard::Lowest,
            exchange: Exchange::Lowest {
                at_most: 3,
                cards: 2,
                lower_order: true,
            },
            declare: CLUB_DECLARES,
        },
        bowling: Bowling {
            ball: Ball::Club,
            attack: COUNTING_ATTACK,
            remembers: false,
            discard: BowlingDiscard::ShortSuit,
        },
    },
    Profile {
        name: "county",
        batting: Batting {
            answer: Answer::LookAhead,
            judgement: COUNTY_JUDGEMENT,
            stance: StancePolicy::Normal,
            remembers: false,
            elect: Elect::Bat,
            discard: BattingDiscard::LookAhead,
            exchange: Exchange::LookAhead,
            declare: Declare::ByTime {
                margin: 1.0,
                evidence: None,
            },
        },
        bowling: Bowling {
            ball: Ball::Counting,
            attack: COUNTING_ATTACK,
            remembers: false,
            discard: BowlingDiscard::ShortSuit,
        },
    },
    Profile {
        name: "professional",
        ..FROZEN
    },
];
