//! The DOS palette: light grey on blue, white for what matters, keys in yellow.

use ratatui::style::{Color, Modifier, Style};

pub const BG: Color = Color::Blue;

pub fn text() -> Style {
    Style::default().fg(Color::Gray).bg(BG)
}

pub fn bright() -> Style {
    Style::default()
        .fg(Color::White)
        .bg(BG)
        .add_modifier(Modifier::BOLD)
}

pub fn key() -> Style {
    Style::default()
        .fg(Color::Yellow)
        .bg(BG)
        .add_modifier(Modifier::BOLD)
}

pub fn title() -> Style {
    Style::default().fg(Color::Black).bg(Color::Cyan)
}

pub fn picked() -> Style {
    Style::default().fg(Color::Black).bg(Color::Yellow)
}

pub fn error() -> Style {
    Style::default()
        .fg(Color::LightRed)
        .bg(BG)
        .add_modifier(Modifier::BOLD)
}

pub fn chart() -> Style {
    Style::default().fg(Color::LightCyan).bg(BG)
}
