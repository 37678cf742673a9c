//! Properties of the save's and the journal's codecs, over generated matches and
//! competitions: what is written reads back the same, and any prefix of a journal (a write a
//! crash cut short anywhere after its header) resumes with the actions wholly written.

use proptest::prelude::*;

use super::journal;
use super::record::{FixtureKey, MatchRecord, Mode, Op};
use super::{decode_all, encode_all};
use crate::cards::{Card, DISTINCT};
use crate::counties::Class;
use crate::engine::{Choice, Election, MatchOptions};
use crate::league::{Competition, Settings};
use crate::play::Levels;

fn card() -> impl Strategy<Value = Card> {
    (0..DISTINCT).prop_map(Card::from_index)
}

fn election() -> impl Strategy<Value = Election> {
    any::<bool>().prop_map(|bowl| if bowl { Election::Bowl } else { Election::Bat })
}

/// A choice the person makes (a declaration reaches the engine as [`Op::Declare`]).
fn persons_choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        card().prop_map(Choice::Card),
        Just(Choice::NoCard),
        election().prop_map(Choice::Elect),
        (proptest::option::of(card()), proptest::option::of(card()))
            .prop_map(|(a, b)| Choice::Exchange([a, b])),
    ]
}

fn computers_choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        persons_choice(),
        Just(Choice::Declare),
        Just(Choice::Continue)
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        persons_choice().prop_map(Op::Choose),
        any::<bool>().prop_map(Op::Declare),
        Just(Op::Resume),
        (1u8..=u8::MAX).prop_map(Op::Watch),
        Just(Op::Quick),
        computers_choice().prop_map(Op::Computer),
    ]
}

fn game() -> impl Strategy<Value = MatchRecord> {
    (
        1890u16..=1989,
        any::<bool>(),
        0u8..14,
        0u8..4,
        (0u8..16, 1u8..16),
        any::<u64>(),
        any::<bool>(),
        proptest::collection::vec(op(), 0..60),
    )
        .prop_map(
            |(year, second, round, index, (home, step), seed, watch, ops)| MatchRecord {
                fixture: FixtureKey {
                    year,
                    class: if second { Class::Second } else { Class::First },
                    round,
                    index,
                    home,
                    away: (home + step) % 16,
                    seed,
                },
                mode: if watch { Mode::Watch } else { Mode::Play },
                ops,
            },
        )
}

/// A small competition `matches` matches in.
fn competition(seed: u64, matches: usize) -> Competition {
    let options = MatchOptions {
        batsmen: 2,
        packs_per_session: 1,
        days: 1,
        ..MatchOptions::default()
    };
    let settings = Settings {
        options,
        levels: Levels::default(),
        user_county: None,
        seed,
    };
    let mut comp = Competition::create("PROP", settings).unwrap();
    for _ in 0..matches {
        let f = crate::league::CLASSES
            .iter()
            .find_map(|&c| comp.next_fixture(c))
            .unwrap();
        comp.play_fixture_by_computer(f).unwrap();
    }
    comp
}

proptest! {
    #[test]
    fn a_journal_reads_back_what_was_written(g in game(), cut in any::<prop::sample::Index>()) {
        let base = cut.index(g.ops.len() + 1);
        let j = journal::decode(&journal::encode(&g, base)).unwrap();
        prop_assert_eq!((j.base, j.torn, j.damage), (base, 0, None));
        prop_assert_eq!(&j.game.ops[..], &g.ops[base..]);
        prop_assert_eq!((j.game.fixture, j.game.mode), (g.fixture, g.mode));
        // Read beside a save holding the first `base` actions, it gives them all.
        let saved = MatchRecord { ops: g.ops[..base].to_vec(), ..g.clone() };
        prop_assert_eq!(journal::merge(Some(&saved), &j), Some(g));
    }

    #[test]
    fn any_prefix_of_a_journal_resumes_with_the_actions_wholly_written(
        g in game(),
        at in any::<prop::sample::Index>(),
    ) {
        let bytes = journal::encode(&g, 0);
        let header = bytes.len() - g.ops.iter().map(|op| journal::op_frame(op).len()).sum::<usize>();
        let cut = header + at.index(bytes.len() - header + 1);
        let j = journal::decode(&bytes[..cut]).unwrap();
        // The actions whose frames end by the cut.
        let mut end = header;
        let whole = g.ops.iter().take_while(|op| {
            end += journal::op_frame(op).len();
            end <= cut
        }).count();
        prop_assert_eq!(j.damage, None, "a cut is a torn write, not damage");
        prop_assert_eq!(&j.game.ops[..], &g.ops[..whole]);
        let resumed = journal::merge(None, &j).unwrap();
        prop_assert_eq!(&resumed.ops[..], &g.ops[..whole]);
    }

    #[test]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a test's own small figures (counts, years, places, lengths): they fit the narrower type"
    )]
    fn a_frame_that_is_no_action_ends_the_journal_before_it(
        g in game(),
        at in any::<prop::sample::Index>(),
        card in DISTINCT as u8..=u8::MAX,
    ) {
        let n = at.index(g.ops.len() + 1);
        let before = MatchRecord { ops: g.ops[..n].to_vec(), ..g.clone() };
        let mut bytes = journal::encode(&before, 0);
        let damage_at = bytes.len();
        // An action naming a card there is not, its checksum right, then the rest.
        let body = [0, card];
        bytes.extend_from_slice(&(body.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&crate::store::crc32::crc32(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        for op in &g.ops[n..] {
            bytes.extend(journal::op_frame(op));
        }
        let j = journal::decode(&bytes).unwrap();
        prop_assert_eq!(&j.game.ops[..], &g.ops[..n]);
        prop_assert_eq!(j.damage.map(|d| d.at), Some(damage_at));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn a_save_reads_back_what_was_written(
        seed in 0u64..1 << 53,
        matches in 0usize..40,
        in_play in proptest::option::of(game()),
        last in proptest::option::of(game()),
    ) {
        let comp = competition(seed, matches);
        let bytes = encode_all(&comp, in_play.as_ref(), last.as_ref());
        let all = decode_all(&bytes).unwrap();
        prop_assert_eq!(&all.comp, &comp);
        prop_assert_eq!(&all.in_play, &in_play);
        prop_assert_eq!(&all.last_played, &last);
        // And written again, byte for byte the same.
        prop_assert_eq!(encode_all(&all.comp, all.in_play.as_ref(), all.last_played.as_ref()), bytes);
    }
}
