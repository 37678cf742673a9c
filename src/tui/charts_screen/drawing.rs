//! Drawing whichever charts screen is showing, and the charts' help.

use super::*;

/// The charts' help: what the charts and the table sessions are, and their keys.
pub fn help_lines() -> Vec<String> {
    crate::tui::help::charts_lines()
}

/// Draws whichever charts screen is showing.
pub fn draw_screen(f: &mut Frame, area: Rect, screen: &ChartsScreen) {
    match screen {
        ChartsScreen::Systems {
            lines,
            scroll,
            status,
            backup,
        } => draw_systems(f, area, lines, *scroll, status.as_deref(), backup.is_some()),
        ChartsScreen::NewSession(n) => sessions::draw_new(f, area, n),
        ChartsScreen::Facts(s) => sessions::draw_facts(f, area, s),
        ChartsScreen::Help { scroll, .. } => text(
            f,
            area,
            "Solo charts: help",
            &help_lines(),
            *scroll,
            "[Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
        ),
        ChartsScreen::System {
            system,
            lines,
            scroll,
            find,
            status,
        } => {
            let hint = match (find, status) {
                (Some(input), _) => format!("Find a chart or card (name or number): {input}_"),
                (None, Some(st)) => fit(st, WIDTH - 2, 0).into_iter().next().unwrap_or_default(),
                (None, None) => "[Up]/[Down]/[PgUp]/[PgDn] scroll  [/] find  [Esc] back".into(),
            };
            text(
                f,
                area,
                &crate::charts::systems()[*system].meta.name,
                lines,
                *scroll,
                &hint,
            )
        }
        ChartsScreen::Card {
            system,
            lines,
            scroll,
        } => text(
            f,
            area,
            &format!("{}: card", crate::charts::systems()[*system].meta.name),
            lines,
            *scroll,
            "[Up]/[Down] scroll  [Esc] back to the charts",
        ),
        ChartsScreen::Procedures {
            system,
            table,
            status,
            scroll,
        } => draw_procedures(
            f,
            area,
            *system,
            table.as_deref(),
            status.as_deref(),
            *scroll,
        ),
        ChartsScreen::Walk(w) => draw(f, area, w),
    }
}

/// The list of systems (and the table sessions kept), with why a session could not be opened.
fn draw_systems(
    f: &mut Frame,
    area: Rect,
    lines: &[String],
    scroll: usize,
    status: Option<&str>,
    backup: bool,
) {
    // Why a session could not be opened stays in sight, whole, above the keys.
    let said: Vec<String> = status.iter().flat_map(|m| fit(m, WIDTH, 0)).collect();
    let rows = status.map_or(TEXT_ROWS, systems_rows);
    // The key line with the list's place, "(3-21 of 23)", when it scrolls, in the
    // shorter words where the whole would not fit in the screen's width.
    let counter = if lines.len() > rows {
        format!("  ({0}-{0} of {0})", lines.len()).chars().count()
    } else {
        0
    };
    let hints: &[&str] = if backup {
        &["[B] open the backup  [N] new session  [H] help  [Esc] back"]
    } else {
        &[
            "[N] new session  [H] help  [Up]/[Down]/[PgUp]/[PgDn] scroll  [Esc] back",
            "[N] new session  [H] help  [Up]/[Down] scroll  [Esc] back",
        ]
    };
    let hint = hints
        .iter()
        .find(|h| h.chars().count() + counter < WIDTH + 2)
        .or(hints.last())
        .copied()
        .unwrap_or_default();
    crate::tui::draw::text_rows(
        f,
        area,
        "Solo charts of other games",
        lines,
        scroll,
        hint,
        rows,
    );
    sessions::notice(f, area, &said, style::error());
}

/// A system's procedures, alone or at a table session, with the keys that walk them.
#[expect(
    clippy::cast_possible_truncation,
    reason = "rows and columns of a screen (a few hundred at most) fit a u16"
)]
fn draw_procedures(
    f: &mut Frame,
    area: Rect,
    system: usize,
    table: Option<&OpenTable>,
    status: Option<&str>,
    scroll: usize,
) {
    let page = procedures_page(system, table, status);
    let rows = page.rows();
    let more = page.list.len() > rows;
    // The key line, with room for the list's "(1-12 of 15)" when it scrolls.
    let len = page.list.len();
    let at = scroll.min(len.saturating_sub(rows));
    let shown = format!("  ({}-{} of {len})", at + 1, (at + rows).min(len));
    let room = (WIDTH + 1).saturating_sub(if more { shown.chars().count() } else { 0 });
    let (title, hints) = procedures_hints(system, table);
    let hint = hints
        .iter()
        .skip(usize::from(more))
        .find(|h| h.chars().count() <= room)
        .or(hints.last())
        .cloned()
        .unwrap_or_default();
    crate::tui::draw::text_rows(f, area, &title, &page.list, scroll, &hint, rows);
    // Right under the list, which leaves them room.
    let top = 2 + page.list.len().min(rows) as u16;
    for (y, line) in (top..).zip(&page.bottom) {
        put(
            f,
            area,
            1,
            y,
            vec![Span::styled(line.clone(), style::text())],
        );
    }
}

/// The procedures screen's title and its key lines, longest first.
fn procedures_hints(system: usize, table: Option<&OpenTable>) -> (String, Vec<String>) {
    let name = &crate::charts::systems()[system].meta.name;
    let keys = procedure_keys(system);
    let scroll_keys = "[Up]/[Down] scroll";
    match table {
        Some(t) => (
            format!("{name}: table session {}", t.name),
            vec![
                format!("{keys} walk  [F] facts  [U] take back  [H] help  [Esc] back"),
                format!("{keys} walk  [F] facts  [U] take back  {scroll_keys}  [Esc] back"),
                format!("{keys} walk  [F] facts  {scroll_keys}  [Esc] back"),
                format!("{keys} walk  {scroll_keys}  [Esc] back"),
            ],
        ),
        None => (
            format!("{name}: procedures"),
            vec![
                format!(
                    "Press {}  [H] help  [Esc] back",
                    procedure_keys_words(system)
                ),
                format!("Press {keys}  {scroll_keys}  [H] help  [Esc] back"),
                format!("{keys} walk  {scroll_keys}  [Esc] back"),
            ],
        ),
    }
}
