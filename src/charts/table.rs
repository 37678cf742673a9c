//! Text rendering of charts: aligned columns, long cells wrapped, blank cells left blank,
//! illegible cells shown as they are marked in the data, and the chart's notes underneath.

use super::data::Chart;

/// Widest a column may grow before its cells wrap.
const MAX_WIDTH: usize = 44;

/// Renders a chart as a plain-text table.
pub fn render(chart: &Chart) -> String {
    let ncols = chart.columns.len() + 1;
    let mut grid: Vec<Vec<String>> = Vec::with_capacity(chart.rows.len() + 1);
    let mut header = vec![chart.corner.clone()];
    header.extend(chart.columns.iter().cloned());
    grid.push(header);
    for row in &chart.rows {
        let mut line = vec![row.label.clone()];
        line.extend(row.cells.iter().cloned());
        line.resize(ncols, String::new());
        grid.push(line);
    }
    let widths: Vec<usize> = (0..ncols)
        .map(|c| {
            grid.iter()
                .map(|r| width(&r[c]))
                .max()
                .unwrap_or(0)
                .clamp(1, MAX_WIDTH)
        })
        .collect();

    let mut out = String::new();
    out.push_str(&chart.title);
    out.push('\n');
    for (i, row) in grid.iter().enumerate() {
        let wrapped: Vec<Vec<String>> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| wrap(cell, w))
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
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            out.push_str(&rule.join("-+-"));
            out.push('\n');
        }
    }
    for note in &chart.notes {
        out.push_str("  * ");
        out.push_str(note);
        out.push('\n');
    }
    out
}

/// Display width of a cell (characters; the charts hold no double-width text).
fn width(s: &str) -> usize {
    s.chars().count()
}

/// Splits a cell into lines no wider than `w`, at spaces where possible.
fn wrap(text: &str, w: usize) -> Vec<String> {
    if width(text) <= w {
        return vec![text.to_string()];
    }
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        while width(&word) > w {
            if !cur.is_empty() {
                lines.push(std::mem::take(&mut cur));
            }
            let head: String = word.chars().take(w).collect();
            word = word.chars().skip(w).collect();
            lines.push(head);
        }
        if cur.is_empty() {
            cur = word;
        } else if width(&cur) + 1 + width(&word) <= w {
            cur.push(' ');
            cur.push_str(&word);
        } else {
            lines.push(std::mem::replace(&mut cur, word));
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
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
    fn wraps_long_cells_at_spaces() {
        let lines = wrap("one two three four", 9);
        assert_eq!(lines, vec!["one two", "three", "four"]);
        assert!(wrap("abcdefghijkl", 5).iter().all(|l| width(l) <= 5));
    }
}
