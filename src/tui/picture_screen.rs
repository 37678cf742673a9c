//! The picture screen: a county's story, the eras or a season's points race drawn by
//! [`super::pictures`], with `[T]` turning it into its text (for a screen reader) and back, and
//! `[Esc]` back to where it was opened from.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::Frame;

use super::draw::TEXT_ROWS;
use super::match_screen::put;
use super::pictures::{self, Picture};
use super::style;
use super::views::{Review, ViewKind};

/// Where `[Esc]` goes from a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Back {
    /// The all-time menu.
    AllTime,
    /// The view the picture was opened from (the past season under review, if it was).
    View(ViewKind, Option<Review>),
}

/// A picture on screen.
#[derive(Debug)]
pub struct PictureScreen {
    pub picture: Picture,
    /// Showing the text instead of the picture.
    pub text: bool,
    /// The text's first line shown.
    pub scroll: usize,
    pub back: Back,
}

impl PictureScreen {
    pub fn new(picture: Picture, back: Back) -> PictureScreen {
        PictureScreen {
            picture,
            text: false,
            scroll: 0,
            back,
        }
    }
}

/// A key on the picture screen: where to go when it leaves.
pub fn key(s: &mut PictureScreen, k: KeyEvent) -> Option<Back> {
    let lines = s.picture.body().len();
    match k.code {
        KeyCode::Esc | KeyCode::Enter => return Some(s.back),
        KeyCode::Char('t' | 'T') => {
            s.text = !s.text;
            s.scroll = 0;
        }
        KeyCode::Down if s.text => s.scroll = (s.scroll + 1).min(lines.saturating_sub(TEXT_ROWS)),
        KeyCode::Up if s.text => s.scroll = s.scroll.saturating_sub(1),
        KeyCode::PageDown if s.text => {
            s.scroll = (s.scroll + 15).min(lines.saturating_sub(TEXT_ROWS))
        }
        KeyCode::PageUp if s.text => s.scroll = s.scroll.saturating_sub(15),
        _ => {}
    }
    None
}

/// The picture, or its text, on the 80x25 screen with the keys on the bottom line.
pub fn draw(f: &mut Frame, area: Rect, s: &PictureScreen) {
    if s.text {
        super::draw::text(
            f,
            area,
            &s.picture.title(),
            &s.picture.body(),
            s.scroll,
            "[T] picture  [Up]/[Down] scroll  [Esc] back",
        );
        return;
    }
    pictures::draw(f.buffer_mut(), area, &s.picture);
    put(
        f,
        area,
        1,
        24,
        vec![Span::styled(
            "[T] the same as text (for a screen reader)  [Esc] back",
            style::key(),
        )],
    );
}
