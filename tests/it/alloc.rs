//! The hot loop does not allocate per delivery: a counting allocator (per thread, so other
//! tests running at the same time do not disturb the count) watches a whole match.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use accc::engine::{play_match, Choice, Decision, Election, MatchOptions, NoRecord, Player, View};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(|n| n.get())
}

/// Plays the first card it holds; never declares or exchanges. Allocates nothing.
struct FirstCard;

impl Player for FirstCard {
    fn decide(&mut self, view: &View<'_>) -> Choice {
        match view.decision {
            Decision::Elect => Choice::Elect(Election::Bat),
            Decision::Declare => Choice::Continue,
            Decision::Exchange => Choice::Exchange([Some(view.hand[0]), None]),
            _ => Choice::Card(view.hand[0]),
        }
    }
}

#[test]
fn a_whole_match_allocates_only_at_its_start() {
    let options = MatchOptions::default();
    let before = allocations();
    let state = play_match(options, 11, [&mut FirstCard, &mut FirstCard], &mut NoRecord).unwrap();
    let used = allocations() - before;
    let balls: u16 = state.public().started().iter().map(|i| i.balls).sum();
    assert!(balls > 100, "a real match was played ({balls} balls)");
    assert!(state.public().pack > 3, "new packs were formed");
    assert!(used <= 4, "{used} allocations for a match of {balls} balls");
}
