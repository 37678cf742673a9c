//! Text rendering of charts: aligned columns, long cells wrapped, blank cells left blank,
//! illegible cells shown as they are marked in the data, and the chart's notes underneath.

use super::data::Chart;

/// Widest a column may grow before its cells wrap.
const MAX_WIDTH: usize = 44;

/// Renders a chart as a plain-text table.
pub fn render(chart: &Chart) -> String {
    let cols: Vec<usize> = (0..chart.columns.len()).collect();
    let mut out = render_part(chart, &cols, MAX_WIDTH, &chart.title).0;
    push_notes(&mut out, chart);
    out
}

/// Renders a chart in lines no wider than `max` characters: long cells wrapped within their
/// column first, and a chart still too wide split into pages of columns, each with the row
/// labels and a title saying which columns it holds. No row is ever wrapped across lines.
pub fn render_within(chart: &Chart, max: usize) -> String {
    let cols: Vec<usize> = (0..chart.columns.len()).collect();
    for cap in [MAX_WIDTH, 30, 22, 16] {
        let (text, w) = render_part(chart, &cols, cap, &chart.title);
        if w <= max {
            let mut out = text;
            push_notes(&mut out, chart);
            return out;
        }
    }
    // Pages of as many columns as fit beside the labels.
    let cap = 16;
    let mut out = String::new();
    let mut pages: Vec<Vec<usize>> = Vec::new();
    let mut page: Vec<usize> = Vec::new();
    for c in cols {
        page.push(c);
        if page.len() > 1 && render_part(chart, &page, cap, "").1 > max {
            page.pop();
            pages.push(std::mem::replace(&mut page, vec![c]));
        }
    }
    pages.push(page);
    let n = pages.len();
    for (i, page) in pages.iter().enumerate() {
        let title = format!("{} (part {} of {n})", chart.title, i + 1);
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&render_part(chart, page, cap, &title).0);
    }
    push_notes(&mut out, chart);
    out
}

fn push_notes(out: &mut String, chart: &Chart) {
    for note in &chart.notes {
        out.push_str("  * ");
        out.push_str(note);
        out.push('\n');
    }
}

/// The rows of a chart's label column and data columns `cols`, cells wrapped at `cap`
/// characters, under `title`; and the widest line.
fn render_part(chart: &Chart, cols: &[usize], cap: usize, title: &str) -> (String, usize) {
    let mut grid: Vec<Vec<String>> = Vec::with_capacity(chart.rows.len() + 1);
    let mut header = vec![chart.corner.clone()];
    header.extend(cols.iter().map(|&c| chart.columns[c].clone()));
    grid.push(header);
    for row in &chart.rows {
        let mut line = vec![row.label.clone()];
        line.extend(
            cols.iter()
                .map(|&c| row.cells.get(c).cloned().unwrap_or_default()),
        );
        grid.push(line);
    }
    let ncols = cols.len() + 1;
    let widths: Vec<usize> = (0..ncols)
        .map(|c| {
            grid.iter()
                .map(|r| width(&r[c]))
                .max()
                .unwrap_or(0)
                .clamp(1, cap)
        })
        .collect();
    let mut out = String::new();
    out.push_str(title);
    out.push('\n');
    let mut widest = 0;
    for (i, row) in grid.iter().enumerate() {
        let wrapped: Vec<Vec<String>> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| crate::text::wrap(cell, w))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        for l in 0..height {
            let mut line = String::new();
            for (c, lines) in wrapped.iter().enumerate() {
                let text = lines.get(l).map(String::as_str).unwrap_or("");
                if c > 0 {
                    line.push_str(" | ");
                }
                line.push_str(text);
                line.push_str(&" ".repeat(widths[c].saturating_sub(width(text))));
            }
            let line = line.trim_end();
            widest = widest.max(width(line));
            out.push_str(line);
            out.push('\n');
        }
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            let rule = rule.join("-+-");
            widest = widest.max(width(&rule));
            out.push_str(&rule);
            out.push('\n');
        }
    }
    (out, widest)
}

/// Display width of a cell (characters; the charts hold no double-width text).
fn width(s: &str) -> usize {
    s.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::data::Row;

    fn chart() -> Chart {
        Chart {
            id: "t".into(),
            title: "T".into(),
            corner: "d6".into(),
            columns: vec!["a".into(), "b".into()],
            rows: vec![
                Row {
                    label: "1".into(),
                    cells: vec!["x".into(), "".into()],
                    printed: None,
                    label_printed: None,
                    line: None,
                },
                Row {
                    label: "2".into(),
                    cells: vec![
                        "[illegible]".into(),
                        "a long cell that goes on and on and on past the width".into(),
                    ],
                    printed: None,
                    label_printed: None,
                    line: None,
                },
            ],
            notes: vec!["note".into()],
        }
    }

    #[test]
    fn renders_aligned_columns_and_notes() {
        let text = render(&chart());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "T");
        assert!(lines[1].starts_with("d6 | a"));
        assert!(lines[2].contains("-+-"));
        assert!(text.contains("[illegible]"));
        assert!(text.ends_with("  * note\n"));
        // Every column separator of the header lines up with the first data row.
        let h = lines[1].find(" | ").unwrap();
        assert_eq!(lines[3].find(" | "), Some(h));
    }

    #[test]
    fn long_cells_wrap_within_their_column_and_long_words_are_broken() {
        let mut chart = chart();
        chart.rows[0].cells[1] = "abcdefghijklmnopqrstuvwxyz".into();
        let (text, widest) = render_part(&chart, &[0, 1], 16, "T");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[3..],
            [
                "1  | x           | abcdefghijklmnop",
                "   |             | qrstuvwxyz",
                "2  | [illegible] | a long cell that",
                "   |             | goes on and on",
                "   |             | and on past the",
                "   |             | width",
            ]
        );
        assert_eq!(widest, 35);
    }
}
