//! One view, three forms, one set of numbers: every view is a typed value (its parameters and
//! rows, `Serialize`) from which its text lines, its JSON and its CSV are all made, so the three
//! cannot disagree. CSV is one header row and one record per row (the rows are flat records);
//! JSON is the view's fields with the same rows under `rows`.

use serde::Serialize;

use crate::error::{Error, Result};

/// A view as typed data.
pub trait View: Serialize {
    /// One record of the view (flat: numbers, text, booleans, or empty).
    type Row: Serialize + Default;
    /// The rows, in the order the text lists them.
    fn rows(&self) -> &[Self::Row];
    /// The text: the lines `accc show` prints and the terminal draws.
    fn lines(&self) -> Vec<String>;
}

/// The forms a view can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Csv,
}

impl Format {
    /// The names `--format` takes.
    pub const NAMES: [&'static str; 3] = ["text", "json", "csv"];

    /// The format called `name`.
    pub fn named(name: &str) -> Result<Format> {
        match name.to_ascii_lowercase().as_str() {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            _ => Err(Error::Usage(format!(
                "unknown format {name:?}; the formats are: {}",
                Format::NAMES.join(", ")
            ))),
        }
    }
}

/// Any view, whatever its rows: what the commands and the almanack hold.
pub trait Forms {
    /// The text lines.
    fn text(&self) -> Vec<String>;
    /// The view as one line of JSON.
    fn json(&self) -> String;
    /// The rows as CSV: a header row, then one record a line.
    fn csv(&self) -> Result<String>;
    /// The view written in `format`, ending with a newline.
    fn written(&self, format: Format) -> Result<String> {
        Ok(match format {
            Format::Text => {
                let mut text = self.text().join("\n");
                text.push('\n');
                text
            }
            Format::Json => format!("{}\n", self.json()),
            Format::Csv => self.csv()?,
        })
    }
    /// The CSV's header and records, field by field (for the almanack's tables).
    fn records(&self) -> Result<(Vec<String>, Vec<Vec<String>>)> {
        let text = self.csv()?;
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader
            .headers()
            .map_err(csv_error)?
            .iter()
            .map(String::from)
            .collect();
        let rows = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(String::from).collect()))
            .collect::<std::result::Result<_, _>>()
            .map_err(csv_error)?;
        Ok((header, rows))
    }
}

impl<V: View> Forms for V {
    fn text(&self) -> Vec<String> {
        self.lines()
    }

    fn json(&self) -> String {
        serde_json::to_string(self).expect("a view's fields serialise")
    }

    fn csv(&self) -> Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        if self.rows().is_empty() {
            // The header comes from a record: write a blank one's and keep only that line.
            w.serialize(V::Row::default()).map_err(csv_error)?;
            let text = into_text(w)?;
            return Ok(text
                .lines()
                .next()
                .map_or(String::new(), |h| format!("{h}\n")));
        }
        for row in self.rows() {
            w.serialize(row).map_err(csv_error)?;
        }
        into_text(w)
    }
}

fn into_text(w: csv::Writer<Vec<u8>>) -> Result<String> {
    let bytes = w
        .into_inner()
        .map_err(|e| Error::io("writing CSV", std::io::Error::other(e.to_string())))?;
    String::from_utf8(bytes).map_err(|e| Error::io("writing CSV", std::io::Error::other(e)))
}

fn csv_error(e: csv::Error) -> Error {
    Error::io("writing CSV", std::io::Error::other(e))
}
