//! Frozen save files under `tests/fixtures/`, made by the program itself and never
//! regenerated: each must load, for ever, to the competition recorded beside it.
//!
//! - `FORMAT1.acc`: a format-1 file written by the program before format 2 existed (2 seasons
//!   simulated from seed 2121 with Surrey as the person's county, then two matches of 1892
//!   played from the terminal program's menu). `FORMAT1.export.json` is what `accc export`
//!   printed for it on the same day. The export may grow fields, so every field recorded
//!   there must still be present with the same value.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Every field of `old`, at every depth, is in `new` with the same value (arrays element by
/// element, of the same length). Returns the first path where they part.
fn contained(old: &Value, new: &Value, path: &str) -> Result<(), String> {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                let at = format!("{path}.{k}");
                let w = b.get(k).ok_or_else(|| format!("{at} is missing"))?;
                contained(v, w, &at)?;
            }
            Ok(())
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Err(format!("{path} has {} items, not {}", b.len(), a.len()));
            }
            for (i, (v, w)) in a.iter().zip(b).enumerate() {
                contained(v, w, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if old == new => Ok(()),
        _ => Err(format!("{path} is {new}, not {old}")),
    }
}

#[test]
fn the_format_1_fixture_loads_to_the_competition_recorded_beside_it() {
    let comp = accc::save::load(&fixture("FORMAT1.acc")).expect("the format-1 fixture loads");
    let now: Value = serde_json::from_str(&accc::league::export::export_json(&comp)).unwrap();
    let then: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("FORMAT1.export.json")).unwrap())
            .unwrap();
    if let Err(at) = contained(&then, &now, "export") {
        panic!("the format-1 fixture no longer loads to the same competition: {at}");
    }
}

#[test]
fn the_subset_check_notices_a_changed_figure() {
    let then: Value = serde_json::json!({"a": [1, {"b": 2}], "c": "x"});
    let grown: Value = serde_json::json!({"a": [1, {"b": 2, "new": 9}], "c": "x", "d": 0});
    assert_eq!(contained(&then, &grown, "e"), Ok(()));
    let changed: Value = serde_json::json!({"a": [1, {"b": 3}], "c": "x"});
    assert!(contained(&then, &changed, "e")
        .unwrap_err()
        .contains("e.a[1].b"));
    let shorter: Value = serde_json::json!({"a": [1], "c": "x"});
    assert!(contained(&then, &shorter, "e").is_err());
}
