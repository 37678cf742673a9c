//! `accc charts card SYSTEM [CARD]`: the cards the sources describe, by name or number.

use super::*;

#[test]
fn a_card_is_looked_up_by_name_or_number() {
    let (code, out, err) = run_exact(&["charts", "card", "twilight-struggle", "cuban missile"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("7. Cuban Missile Crisis\n"), "{out}");
    assert!(out.contains("no coups until the turn ends"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 78), "{out}");
    // The list, numbered; a number finds the same card.
    let (_, list, _) = run_exact(&["charts", "card", "twilight-struggle"]);
    assert!(list.contains("  7. Cuban Missile Crisis\n"), "{list}");
    let (_, by_number, _) = run_exact(&["charts", "card", "twilight-struggle", "7"]);
    assert_eq!(by_number, out);
    // Undaunted's AI cards, with their whole procedure.
    let (code, out, _) = run_exact(&["charts", "card", "undaunted", "Granatwerfer"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("6. GRANATWERFER (Mortars)"), "{out}");
    assert!(out.contains("ANVISIEREN"), "{out}");
}

#[test]
fn a_card_not_found_is_a_usage_error_naming_the_cards() {
    let (code, out, err) = run_exact(&["charts", "card", "twilight-struggle", "nixon"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("no card is called 'nixon'") && err.contains("Wargames"),
        "{err}"
    );
    let (code, _, err) = run_exact(&["charts", "card", "twilight-struggle", "40"]);
    assert_eq!(code, 2);
    assert!(err.contains("there is no card 40"), "{err}");
    let (code, _, err) = run_exact(&["charts", "card", "paydirt-vii"]);
    assert_eq!(code, 2);
    assert!(err.contains("describe no cards"), "{err}");
}
