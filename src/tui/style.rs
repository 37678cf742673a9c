//! The DOS palette: light grey on blue, white for what matters, keys in yellow.
//!
//! Every colour is one of the 256-colour palette's fixed entries (the 6x6x6 cube and the grey
//! ramp, 16-255), not one of the 16 that a terminal's theme redefines, so that what is drawn
//! is what was checked: every foreground and background pair the program uses has a WCAG
//! contrast ratio of at least 4.5:1 ([`contrast`], held by the tests).

use ratatui::style::{Color, Modifier, Style};

/// Blue (0,0,175).
pub const BG: Color = Color::Indexed(19);
/// Light grey (188,188,188): ordinary text.
pub const GREY: Color = Color::Indexed(250);
/// A dimmer grey (158,158,158): menu choices not open now.
pub const DIM: Color = Color::Indexed(247);
/// White.
pub const WHITE: Color = Color::Indexed(231);
/// Black.
pub const BLACK: Color = Color::Indexed(16);
/// Yellow (255,255,95): keys.
pub const YELLOW: Color = Color::Indexed(227);
/// Cyan (0,175,175): the title bar.
pub const CYAN: Color = Color::Indexed(37);
/// Light cyan (95,255,255): charts, the promoted county.
pub const LIGHT_CYAN: Color = Color::Indexed(87);
/// Light green (95,255,95): the top three.
pub const LIGHT_GREEN: Color = Color::Indexed(83);
/// Red (175,0,0): behind white, for errors and the relegated county.
pub const RED: Color = Color::Indexed(124);

pub fn text() -> Style {
    Style::default().fg(GREY).bg(BG)
}

pub fn bright() -> Style {
    Style::default()
        .fg(WHITE)
        .bg(BG)
        .add_modifier(Modifier::BOLD)
}

/// Where the next typed character goes: a block, as a DOS cursor.
pub fn cursor() -> Style {
    bright().add_modifier(Modifier::REVERSED)
}

pub fn key() -> Style {
    Style::default()
        .fg(YELLOW)
        .bg(BG)
        .add_modifier(Modifier::BOLD)
}

/// A menu choice that is not open now: readable, but without a lit key.
pub fn dim() -> Style {
    Style::default().fg(DIM).bg(BG)
}

pub fn title() -> Style {
    Style::default().fg(BLACK).bg(CYAN)
}

pub fn picked() -> Style {
    Style::default().fg(BLACK).bg(YELLOW)
}

pub fn error() -> Style {
    Style::default()
        .fg(WHITE)
        .bg(RED)
        .add_modifier(Modifier::BOLD)
}

pub fn chart() -> Style {
    Style::default().fg(LIGHT_CYAN).bg(BG)
}

/// The red, green and blue of a colour of the 256-colour palette's fixed part (16-255), or
/// `None` for any other colour (one a terminal's theme may change).
pub fn rgb(c: Color) -> Option<[u8; 3]> {
    match c {
        Color::Indexed(i @ 16..=231) => {
            let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
            let n = i - 16;
            Some([level(n / 36), level(n / 6 % 6), level(n % 6)])
        }
        Color::Indexed(i @ 232..=255) => {
            let v = 8 + 10 * (i - 232);
            Some([v, v, v])
        }
        Color::Rgb(r, g, b) => Some([r, g, b]),
        _ => None,
    }
}

/// WCAG 2's relative luminance of an sRGB colour.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let lin = |v: u8| {
        let c = v as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG 2's contrast ratio of two colours (1 to 21), or `None` if either is not fixed.
pub fn contrast(fg: Color, bg: Color) -> Option<f64> {
    let (a, b) = (luminance(rgb(fg)?), luminance(rgb(bg)?));
    Some((a.max(b) + 0.05) / (a.min(b) + 0.05))
}

/// WCAG's least contrast for ordinary text (level AA).
pub const MIN_CONTRAST: f64 = 4.5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_is_read_as_the_standard_cube_and_ramp() {
        assert_eq!(rgb(BG), Some([0, 0, 175]));
        assert_eq!(rgb(YELLOW), Some([255, 255, 95]));
        assert_eq!(rgb(GREY), Some([188, 188, 188]));
        assert_eq!(rgb(WHITE), Some([255, 255, 255]));
        assert_eq!(rgb(Color::Indexed(232)), Some([8, 8, 8]));
        assert_eq!(rgb(Color::Blue), None, "a theme's colour is not fixed");
    }

    #[test]
    fn contrast_is_wcags() {
        // Black on white is 21:1; a colour on itself 1:1; WCAG's worked grey (#777 on white)
        // just under 4.5.
        assert!((contrast(BLACK, WHITE).unwrap() - 21.0).abs() < 1e-9);
        assert!((contrast(BG, BG).unwrap() - 1.0).abs() < 1e-9);
        let grey = contrast(Color::Rgb(0x77, 0x77, 0x77), WHITE).unwrap();
        assert!((4.47..4.49).contains(&grey), "{grey}");
    }

    #[test]
    fn every_style_reads_at_four_and_a_half_to_one() {
        for (name, s) in [
            ("text", text()),
            ("bright", bright()),
            ("key", key()),
            ("dim", dim()),
            ("title", title()),
            ("picked", picked()),
            ("error", error()),
            ("chart", chart()),
        ] {
            let ratio = contrast(s.fg.unwrap(), s.bg.unwrap()).unwrap();
            assert!(ratio >= MIN_CONTRAST, "{name}: {ratio:.2}");
        }
    }
}
