//! The data model shared by every system's chart file: system metadata, charts (rows of
//! cells, with what a damaged scan printed where that differs), prose rules, and the list of
//! things the source leaves unclear. Also the small parsers for cell notation ("11-24", "25+",
//! "< 7", "+2") that the procedures read their numbers through.

use serde::Deserialize;

/// Who a system is and where its charts come from.
#[derive(Debug, Clone, Deserialize)]
pub struct Meta {
    /// Command-line name, e.g. `paydirt-vii`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The board game the charts belong to.
    pub game: String,
    /// The seed file the charts were transcribed from.
    pub source: String,
    /// What the system does, in our words.
    pub summary: String,
}

/// One chart: a title, column headings and labelled rows of cells.
#[derive(Debug, Clone, Deserialize)]
pub struct Chart {
    /// Short name for `accc charts show SYSTEM CHART`.
    pub id: String,
    /// Title as printed (or described, where the source prints none).
    pub title: String,
    /// Heading of the row-label column.
    #[serde(default)]
    pub corner: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
    /// Notes shown under the chart.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// One row of a chart.
#[derive(Debug, Clone, Deserialize)]
pub struct Row {
    /// The row label (a die face, a range, a name).
    pub label: String,
    /// The cells, one per column; "" where the source prints nothing.
    pub cells: Vec<String>,
    /// What the source printed for each cell, where a damaged scan differs from the reading.
    #[serde(default)]
    pub printed: Option<Vec<String>>,
    /// What the source printed as the row label, where that differs from `label`.
    #[serde(default)]
    pub label_printed: Option<String>,
    /// The exact source line this row was read from (scanned sources only).
    #[serde(default)]
    pub line: Option<String>,
}

/// A rule of the system, in our own words.
#[derive(Debug, Clone, Deserialize)]
pub struct Rule {
    pub title: String,
    pub text: String,
}

/// Something the source leaves open, and how this program reads it.
#[derive(Debug, Clone, Deserialize)]
pub struct Unclear {
    pub text: String,
}

impl Chart {
    /// Index of the column with this heading (case-insensitive).
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name))
    }

    /// The row with this label.
    pub fn row(&self, label: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.label == label)
    }

    /// The cell at a row label and column heading.
    pub fn cell(&self, row: &str, column: &str) -> Option<&str> {
        let c = self.column_index(column)?;
        self.row(row)?.cells.get(c).map(String::as_str)
    }

    /// The cell at a row label and column heading; panics with a clear message if the embedded
    /// data lacks it (the data's tests make sure it never does).
    pub fn expect_cell(&self, row: &str, column: &str) -> &str {
        self.cell(row, column).unwrap_or_else(|| {
            panic!(
                "chart `{}` has no cell at row `{row}`, column `{column}`",
                self.id
            )
        })
    }
}

/// Finds a chart by id in a list; panics naming the chart if the embedded data lacks it.
pub fn chart<'a>(charts: &'a [Chart], id: &str) -> &'a Chart {
    charts
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("embedded chart `{id}` is missing"))
}

/// True for a cell the scan does not let us read (fully or partly).
pub fn is_illegible(cell: &str) -> bool {
    cell.starts_with("[illegible") || cell.starts_with("[partly illegible")
}

/// An inclusive range of whole numbers; `hi` is `i64::MAX` for an open range ("25+").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub lo: i64,
    pub hi: i64,
}

impl Span {
    /// Whether `n` lies in the range.
    pub fn contains(&self, n: i64) -> bool {
        self.lo <= n && n <= self.hi
    }
}

/// Parses range notation used in the charts: "11-24", "25+", "7", "< 7", "> 10".
/// "NA" and blanks give `None`.
pub fn parse_span(text: &str) -> Option<Span> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("NA") {
        return None;
    }
    if let Some(rest) = t.strip_prefix('<') {
        let n: i64 = rest.trim().parse().ok()?;
        return Some(Span {
            lo: i64::MIN,
            hi: n - 1,
        });
    }
    if let Some(rest) = t.strip_prefix('>') {
        let n: i64 = rest.trim().parse().ok()?;
        return Some(Span {
            lo: n + 1,
            hi: i64::MAX,
        });
    }
    if let Some(rest) = t.strip_suffix('+') {
        let n: i64 = rest.trim().parse().ok()?;
        return Some(Span {
            lo: n,
            hi: i64::MAX,
        });
    }
    if let Some((a, b)) = t.split_once('-') {
        let lo: i64 = a.trim().parse().ok()?;
        let hi: i64 = b.trim().parse().ok()?;
        return Some(Span { lo, hi });
    }
    let n: i64 = t.parse().ok()?;
    Some(Span { lo: n, hi: n })
}

/// Parses a modifier cell: "+2", "-2", "2"; blank means 0.
pub fn parse_modifier(text: &str) -> Option<i64> {
    let t = text.trim();
    if t.is_empty() {
        return Some(0);
    }
    t.strip_prefix('+').unwrap_or(t).parse().ok()
}

/// Writes a span the way the charts do.
pub fn show_span(s: Span) -> String {
    match (s.lo, s.hi) {
        (lo, i64::MAX) => format!("{lo}+"),
        (i64::MIN, hi) => format!("{hi} or less"),
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, hi) => format!("{lo}-{hi}"),
    }
}

/// A data file that does not hold together: a reference to nothing, a step that cannot be
/// reached, a malformed range. The types catch a misspelt word as the file is parsed; this
/// catches what types cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub message: String,
}

impl DataError {
    pub fn new(message: impl Into<String>) -> DataError {
        DataError {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DataError {}

/// A system's data, checked as it loads beyond what its types say.
pub trait Checked {
    /// Whether the data holds together.
    fn check(&self) -> Result<(), DataError>;
}

/// Parses and checks one system's TOML file.
pub fn load<T: serde::de::DeserializeOwned + Checked>(text: &str) -> Result<T, DataError> {
    let data: T = toml::from_str(text).map_err(|e| DataError::new(e.to_string()))?;
    data.check()?;
    Ok(data)
}

/// Parses one system's embedded TOML file; embedded files are checked by tests, so a failure
/// here is a build defect and panics with the file's name and the message.
pub fn parse_embedded<T: serde::de::DeserializeOwned + Checked>(name: &str, text: &str) -> T {
    load(text).unwrap_or_else(|e| panic!("embedded chart file {name} is invalid: {e}"))
}

/// Gives a system's module its `data()` (the module's `SOURCE` parsed once into its `Data`,
/// whose `common` part holds the charts) and `Data::chart` (a chart by id): the loader and
/// lookup every system has, written once.
macro_rules! embedded_data {
    ($file:literal) => {
        /// The embedded data, parsed once.
        pub fn data() -> &'static Data {
            static DATA: std::sync::OnceLock<Data> = std::sync::OnceLock::new();
            DATA.get_or_init(|| $crate::charts::data::parse_embedded($file, SOURCE))
        }

        impl Data {
            /// A chart by id.
            pub fn chart(&self, id: &str) -> &$crate::charts::data::Chart {
                self.common.chart(id)
            }
        }
    };
}
pub(crate) use embedded_data;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_parse_every_notation() {
        assert_eq!(parse_span("11-24"), Some(Span { lo: 11, hi: 24 }));
        assert_eq!(
            parse_span("25+"),
            Some(Span {
                lo: 25,
                hi: i64::MAX
            })
        );
        assert_eq!(parse_span("18"), Some(Span { lo: 18, hi: 18 }));
        assert_eq!(
            parse_span("< 7"),
            Some(Span {
                lo: i64::MIN,
                hi: 6
            })
        );
        assert_eq!(
            parse_span("> 10"),
            Some(Span {
                lo: 11,
                hi: i64::MAX
            })
        );
        assert_eq!(parse_span("NA"), None);
        assert_eq!(parse_span(""), None);
        assert_eq!(parse_span("abc"), None);
    }

    #[test]
    fn modifiers_parse() {
        assert_eq!(parse_modifier("+2"), Some(2));
        assert_eq!(parse_modifier("-2"), Some(-2));
        assert_eq!(parse_modifier(""), Some(0));
        assert_eq!(parse_modifier("x"), None);
    }

    #[test]
    fn spans_show_back() {
        for t in ["11-24", "25+", "18"] {
            assert_eq!(show_span(parse_span(t).unwrap()), t);
        }
    }
}

/// What every system's data file holds besides its own tables: what the system is, its
/// charts, its rules in our words, and what the source leaves unclear.
#[derive(Debug, Clone, Deserialize)]
pub struct Common {
    pub system: Meta,
    #[serde(rename = "chart")]
    pub charts: Vec<Chart>,
    #[serde(rename = "rule")]
    pub rules: Vec<Rule>,
    #[serde(rename = "unclear")]
    pub unclear: Vec<Unclear>,
}

impl Common {
    /// A chart by id.
    pub fn chart(&self, id: &str) -> &Chart {
        chart(&self.charts, id)
    }
}
