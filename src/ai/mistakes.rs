//! Human mistakes, in the style of macondo's calibrated levels: a player takes the choice it
//! judges best with a set chance, and otherwise one it judges close to the best. A worse
//! choice is plausible in proportion to how close it comes: one `spread` runs or more below
//! the best is never made, so a level that would have to throw its wicket away to err keeps
//! it, and one with a near alternative often takes it.
//!
//! The weights are plain arithmetic (no `exp`), so a seed makes the same mistakes on every
//! machine.

use rand::Rng;

/// How often and how far a level strays from its own best judgement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mistakes {
    /// The chance it takes the best choice without a second thought.
    pub best: f64,
    /// How far below the best (in runs) a choice may be and still be made by mistake.
    pub spread: f32,
}

impl Mistakes {
    /// Always the best choice.
    pub const NONE: Mistakes = Mistakes {
        best: 1.0,
        spread: 0.0,
    };

    /// Whether this level ever strays.
    pub fn strays(&self) -> bool {
        self.best < 1.0 && self.spread > 0.0
    }

    /// The index of the choice made among `values` (worth in runs, `f32::MIN` for no choice),
    /// of which `best` is the one judged best. Draws from `rng` only when it may stray.
    ///
    /// Inlined where it is called, so that a level that never strays (the professional, at
    /// every ball) pays a test, not a call.
    #[inline(always)]
    pub fn choose<G: Rng + ?Sized>(&self, values: &[f32], best: usize, rng: &mut G) -> usize {
        if !self.strays() {
            return best;
        }
        self.stray(values, best, rng)
    }

    /// [`Mistakes::choose`] for a level that may stray.
    fn stray<G: Rng + ?Sized>(&self, values: &[f32], best: usize, rng: &mut G) -> usize {
        if rng.random_bool(self.best) {
            return best;
        }
        let top = values[best];
        let weight = |v: f32| {
            let close = 1.0 - (top - v) / self.spread;
            if v == f32::MIN || close <= 0.0 {
                0.0
            } else {
                close * close
            }
        };
        let total: f32 = values.iter().map(|&v| weight(v)).sum();
        let mut x = rng.random::<f32>() * total;
        for (i, &v) in values.iter().enumerate() {
            let w = weight(v);
            if w > 0.0 && x < w {
                return i;
            }
            x -= w;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_level_that_never_strays_draws_nothing_and_takes_the_best() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let before = rng.clone();
        let values = [1.0, 5.0, 4.9, f32::MIN];
        assert_eq!(Mistakes::NONE.choose(&values, 1, &mut rng), 1);
        assert_eq!(rng, before);
    }

    #[test]
    fn mistakes_are_close_to_the_best_and_never_far_below_it() {
        let m = Mistakes {
            best: 0.5,
            spread: 3.0,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        // The best, a near miss, a poor choice beyond the spread, and a lane that is no choice.
        let values = [5.0, 4.0, 1.0, f32::MIN];
        let mut made = [0u32; 4];
        for _ in 0..10_000 {
            made[m.choose(&values, 0, &mut rng)] += 1;
        }
        assert_eq!((made[2], made[3]), (0, 0), "{made:?}");
        // Half the time the best; otherwise the best (weight 1) against the near miss
        // (weight (2/3)^2): 0.5 + 0.5 * 9/13 = 0.846.
        let share = made[0] as f64 / 10_000.0;
        assert!((share - 0.846).abs() < 0.02, "{made:?}");
    }
}
