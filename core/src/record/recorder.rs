//! [`Recorder`]: builds a [`Game`] while it is played.

use crate::record::game::{Game, Line, Node, Tag, result_text};
use crate::record::notation::Notation;
use crate::record::read::{Round, canonical_tags};

/// Builds a [`Game`] move by move, for a game being played or one given as a
/// list of moves. The result is the game's outcome, or `*` while it goes on
/// (or [`Recorder::set_result`]).
#[derive(Clone, Debug)]
pub struct Recorder<N: Notation> {
    start: N,
    state: N,
    before_last: Option<(N, Round)>,
    round: Round,
    tags: Vec<Tag>,
    main: Line,
    result: Option<String>,
}

impl<N: Notation> Recorder<N> {
    /// A game from `start`. `fen` and `rules` are the `FEN` and `Rules` tags
    /// that set `start` up (`None` for the variant's own start and rules).
    #[must_use]
    pub fn new(start: N, fen: Option<&str>, rules: Option<&str>) -> Self {
        let mut tags: Vec<Tag> = ["Event", "Site", "Date", "Round"]
            .iter()
            .map(|n| Tag { name: (*n).to_owned(), value: "?".to_owned() })
            .collect();
        tags[2].value = "????.??.??".to_owned();
        for seat in start.seat_tags() {
            tags.push(Tag { name: seat, value: "?".to_owned() });
        }
        tags.push(Tag { name: "Variant".to_owned(), value: N::VARIANT.to_owned() });
        if let Some(f) = fen {
            tags.push(Tag { name: "FEN".to_owned(), value: f.to_owned() });
        }
        if let Some(r) = rules.filter(|r| !r.trim().is_empty()) {
            tags.push(Tag { name: "Rules".to_owned(), value: r.to_owned() });
        }
        Recorder {
            state: start.clone(),
            start,
            before_last: None,
            round: Round::START,
            tags,
            main: Line::default(),
            result: None,
        }
    }

    /// Sets a tag (replacing its value).
    pub fn tag(&mut self, name: &str, value: impl Into<String>) -> &mut Self {
        let value = value.into();
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = value,
            None => self.tags.push(Tag { name: name.to_owned(), value }),
        }
        self
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &N {
        &self.state
    }

    /// The state before the last move (where a variation to it starts).
    #[must_use]
    pub fn before_last(&self) -> Option<&N> {
        self.before_last.as_ref().map(|(s, _)| s)
    }

    /// Plays `entry` (which must be legal in [`Recorder::state`]) and records it.
    pub fn push(&mut self, entry: &N::Entry) -> &mut Self {
        self.before_last = Some((self.state.clone(), self.round));
        let seat = self.state.mover().0;
        let (number, opens_round) = self.round.next(self.state.mover());
        let token = self.state.write_entry(entry);
        self.state.play(entry);
        self.main.nodes.push(Node { token, seat, number, opens_round, ..Node::default() });
        self
    }

    /// Adds a comment after the last move (before the first, if none).
    pub fn comment(&mut self, text: impl Into<String>) -> &mut Self {
        let text: String = text.into().split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() {
            return self;
        }
        match self.main.nodes.last_mut() {
            Some(n) => n.comments.push(text),
            None => self.main.comments.push(text),
        }
        self
    }

    /// Adds an annotation glyph to the last move (ignored before any move).
    pub fn nag(&mut self, nag: u8) -> &mut Self {
        if let Some(n) = self.main.nodes.last_mut() {
            n.nags.push(nag);
        }
        self
    }

    /// Adds a variation to the last move: `entries` played from the position
    /// before it (each legal in turn). Ignored before any move or when empty.
    pub fn variation(&mut self, entries: &[N::Entry]) -> &mut Self {
        let Some((mut state, mut round)) = self.before_last.clone() else { return self };
        if entries.is_empty() {
            return self;
        }
        let mut line = Line::default();
        for e in entries {
            let seat = state.mover().0;
            let (number, opens_round) = round.next(state.mover());
            let token = state.write_entry(e);
            state.play(e);
            line.nodes.push(Node { token, seat, number, opens_round, ..Node::default() });
        }
        if let Some(n) = self.main.nodes.last_mut() {
            n.variations.push(line);
        }
        self
    }

    /// Sets the result of a game that the position has not ended (a
    /// resignation, a time forfeit, an adjudication): a `Result` text such as
    /// `1-0`. Ignored once the position has ended the game.
    pub fn set_result(&mut self, result: impl Into<String>) -> &mut Self {
        self.result = Some(result.into());
        self
    }

    /// The game recorded so far, with its result.
    #[must_use]
    pub fn game(&self) -> Game {
        let termination = match self.state.outcome() {
            Some(o) => result_text(&o),
            None => self.result.clone().unwrap_or_else(|| "*".to_owned()),
        };
        let mut tags = self.tags.clone();
        match tags.iter_mut().find(|t| t.name == "Result") {
            Some(t) => t.value.clone_from(&termination),
            None => tags.push(Tag { name: "Result".to_owned(), value: termination.clone() }),
        }
        Game { tags: canonical_tags(&self.start, tags), main: self.main.clone(), termination }
    }
}
