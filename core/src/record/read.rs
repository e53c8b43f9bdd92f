//! The reader: text to games, one result per game, so that a bad game is
//! reported while the others are still read.
//!
//! Reading has two steps. [`parse`] splits the text into games and checks the
//! syntax (tags, comments, variations, the termination marker) without
//! knowing the variant: the CLI reads each game's `Variant` tag there. Then
//! [`RawGame::validate`] plays every move of every line through a variant's
//! [`Notation`], which checks each against the rules, fills in the seats and
//! move numbers, writes each token canonically and checks the result.

use crate::game::{Position as _, Seat};
use crate::record::error::{ReadError, ReadErrorKind};
use crate::record::game::{Game, Line, Node, Tag, is_termination, nag_of_mark, parse_result, result_text};
use crate::record::notation::{Notation, StartError};
use crate::record::token::{BadToken, Pos, Token, TokenKind, Tokenizer};

/// The deepest nesting of variations the reader accepts (a variation inside a
/// variation … 32 deep).
pub const MAX_DEPTH: usize = 32;

/// The tags of the format, in their canonical order around the seat tags.
const TAGS_BEFORE_SEATS: [&str; 4] = ["Event", "Site", "Date", "Round"];
const TAGS_AFTER_SEATS: [&str; 5] = ["Result", "Variant", "FEN", "SetUp", "Rules"];

/// A game whose syntax has been read, not yet played through its variant.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RawGame {
    /// The 1-based index of the game in the text.
    pub index: usize,
    tags: Vec<(Tag, Pos)>,
    main: RawLine,
    termination: (String, Pos),
    start: Pos,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct RawLine {
    comments: Vec<String>,
    nodes: Vec<RawNode>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct RawNode {
    token: String,
    pos: Pos,
    nags: Vec<u8>,
    comments: Vec<String>,
    variations: Vec<RawLine>,
}

/// Whether `name` has the form of a tag name: an ASCII capital letter, then
/// ASCII letters, digits or `_` (PGN §8.1.1; a PGN reader keeps any such tag).
#[must_use]
pub fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 64
}

/// `Event` and `Round` of a game, for error messages.
fn label(tags: &[(Tag, Pos)]) -> Option<String> {
    let parts: Vec<String> = tags
        .iter()
        .filter(|(t, _)| matches!(t.name.as_str(), "Event" | "Round") && t.value != "?")
        .map(|(t, _)| format!("{} \"{}\"", t.name, t.value.chars().take(40).collect::<String>()))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The tokens with a count of those taken, so that the reader always moves on.
struct Stream<'a> {
    tokens: core::iter::Peekable<Tokenizer<'a>>,
    taken: usize,
    last: Pos,
}

impl Stream<'_> {
    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.next()?;
        self.taken += 1;
        self.last = t.pos;
        Some(t)
    }
    fn peek(&mut self) -> Option<&Token> {
        self.tokens.peek()
    }
}

/// Splits `text` into games and reads their syntax: one result per game.
///
/// ```
/// use motley_core::record::read::parse;
/// let games = parse("[Variant \"joker\"]\n1. e2e4 *\n\n[Variant \"joker\"]\n1. e2e4 (\n");
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().variant(), Some("joker"));
/// assert!(games[1].as_ref().unwrap_err().to_string().contains("unbalanced parentheses"));
/// ```
#[must_use]
pub fn parse(text: &str) -> Vec<Result<RawGame, ReadError>> {
    let mut stream = Stream { tokens: Tokenizer::new(text).peekable(), taken: 0, last: Pos::default() };
    let mut games = Vec::new();
    while stream.peek().is_some() {
        let index = games.len() + 1;
        let before = stream.taken;
        let result = parse_game(&mut stream, index);
        if result.is_err() {
            resync(&mut stream, before);
        }
        games.push(result);
    }
    games
}

/// After an error: skips to the end of the game (past its termination
/// marker) or to the next game (a `[` in the first column).
fn resync(stream: &mut Stream<'_>, before: usize) {
    if stream.taken == before {
        stream.next();
    }
    while let Some(t) = stream.peek() {
        match &t.kind {
            TokenKind::TagOpen if t.pos.column == 1 => return,
            TokenKind::Star => {
                stream.next();
                return;
            }
            TokenKind::Word(w) if is_termination(w) => {
                stream.next();
                return;
            }
            _ => {
                stream.next();
            }
        }
    }
}

fn describe(kind: &TokenKind) -> &'static str {
    match kind {
        TokenKind::TagOpen => "`[`",
        TokenKind::TagClose => "`]`",
        TokenKind::Str(_) => "a string",
        TokenKind::Word(_) => "a word",
        TokenKind::MoveNumber(_) => "a move number",
        TokenKind::Nag(_) => "an annotation mark",
        TokenKind::Comment(_) => "a comment",
        TokenKind::VarOpen => "`(`",
        TokenKind::VarClose => "`)`",
        TokenKind::Star => "`*`",
        TokenKind::Bad(_) => "malformed text",
    }
}

fn bad_kind(bad: &BadToken) -> ReadErrorKind {
    match bad {
        BadToken::UnclosedComment => ReadErrorKind::UnbalancedBraces("this `{` is never closed"),
        BadToken::StrayBrace => ReadErrorKind::UnbalancedBraces("`}` without `{`"),
        BadToken::UnclosedString => ReadErrorKind::Malformed("a string not closed on its line".to_owned()),
        BadToken::BadNag(_) => ReadErrorKind::Malformed("`$` needs a number from 0 to 255".to_owned()),
        BadToken::BadChar(c) => ReadErrorKind::Malformed(format!("unexpected character {c:?}")),
    }
}

/// An error of game `index` (its tags so far give its label) at `token`.
fn error_at_token(index: usize, tags: &[(Tag, Pos)], token: &Token, kind: ReadErrorKind) -> ReadError {
    ReadError {
        game: index,
        label: label(tags),
        move_number: None,
        pos: token.pos,
        token: token.text.clone(),
        kind: Box::new(kind),
    }
}

/// An error of game `index` where the text ends: at `pos`, with no token.
fn error_at_end(index: usize, tags: &[(Tag, Pos)], pos: Pos, kind: ReadErrorKind) -> ReadError {
    ReadError {
        game: index,
        label: label(tags),
        move_number: None,
        pos,
        token: String::new(),
        kind: Box::new(kind),
    }
}

/// One game: its tag pairs, then its move text up to the termination marker.
fn parse_game(stream: &mut Stream<'_>, index: usize) -> Result<RawGame, ReadError> {
    let start = stream.peek().map(|t| t.pos).unwrap_or_default();
    let tags = parse_tags(stream, index, start)?;
    let (main, end) = parse_move_text(stream, index, &tags, start)?;
    Ok(RawGame { index, tags, main, termination: (end.text, end.pos), start })
}

/// The tag pairs at the start of a game, in their order.
fn parse_tags(stream: &mut Stream<'_>, index: usize, start: Pos) -> Result<Vec<(Tag, Pos)>, ReadError> {
    let mut tags: Vec<(Tag, Pos)> = Vec::new();
    while stream.peek().is_some_and(|t| t.kind == TokenKind::TagOpen) {
        let open = stream.next().unwrap_or_else(|| unreachable_token(start));
        let tag = parse_tag(stream, index, &tags, open.pos)?;
        tags.push(tag);
    }
    Ok(tags)
}

/// One tag pair after its `[` (at `open`): name, quoted value and `]`. The
/// name must have the form of a tag name and not be among `tags` already.
fn parse_tag(
    stream: &mut Stream<'_>,
    index: usize,
    tags: &[(Tag, Pos)],
    open: Pos,
) -> Result<(Tag, Pos), ReadError> {
    let err = |token: &Token, kind: ReadErrorKind| error_at_token(index, tags, token, kind);
    let at_end = |pos: Pos| error_at_end(index, tags, pos, ReadErrorKind::Truncated);
    let Some(name) = stream.next() else {
        return Err(at_end(open));
    };
    let TokenKind::Word(name_text) = &name.kind else {
        let why = format!("expected a tag name after `[`, found {}", describe(&name.kind));
        return Err(err(&name, ReadErrorKind::Malformed(why)));
    };
    if !is_tag_name(name_text) {
        return Err(err(&name, ReadErrorKind::UnknownTag(name_text.clone())));
    }
    let Some(value) = stream.next() else {
        return Err(at_end(name.pos));
    };
    let value_text = match &value.kind {
        TokenKind::Str(s) => s.clone(),
        TokenKind::Bad(b) => return Err(err(&value, bad_kind(b))),
        other => {
            let why = format!("expected the tag's value in quotes, found {}", describe(other));
            return Err(err(&value, ReadErrorKind::Malformed(why)));
        }
    };
    let Some(close) = stream.next() else {
        return Err(at_end(value.pos));
    };
    if close.kind != TokenKind::TagClose {
        let why = format!("expected `]` after the tag's value, found {}", describe(&close.kind));
        return Err(err(&close, ReadErrorKind::Malformed(why)));
    }
    if tags.iter().any(|(t, _)| t.name == *name_text) {
        return Err(err(&name, ReadErrorKind::DuplicatedTag(name_text.clone())));
    }
    Ok((Tag { name: name_text.clone(), value: value_text }, name.pos))
}

/// The move text of a game, from `start`: its main line (variations inside)
/// and the termination marker that ends it.
fn parse_move_text(
    stream: &mut Stream<'_>,
    index: usize,
    tags: &[(Tag, Pos)],
    start: Pos,
) -> Result<(RawLine, Token), ReadError> {
    // The open lines, the main line first, each with where it opened.
    let mut stack: Vec<(RawLine, Pos)> = vec![(RawLine::default(), start)];
    loop {
        let Some(token) = stream.next() else {
            let kind = if stack.len() > 1 {
                ReadErrorKind::UnbalancedParentheses("a `(` is never closed")
            } else {
                ReadErrorKind::Truncated
            };
            let pos = stack.last().filter(|_| stack.len() > 1).map_or(stream.last, |(_, p)| *p);
            return Err(error_at_end(index, tags, pos, kind));
        };
        if is_end(&token.kind) {
            if stack.len() > 1 {
                let kind = ReadErrorKind::UnbalancedParentheses("the game ends inside a variation");
                return Err(error_at_token(index, tags, &token, kind));
            }
            let (main, _) = stack.pop().unwrap_or_default();
            return Ok((main, token));
        }
        add_token(&mut stack, &token).map_err(|kind| error_at_token(index, tags, &token, kind))?;
    }
}

/// Adds a token of the move text that is not a termination marker to the
/// innermost open line of `stack`: a move, an annotation mark or a comment
/// goes into it, `(` opens a variation and `)` closes one into the move it
/// follows.
fn add_token(stack: &mut Vec<(RawLine, Pos)>, token: &Token) -> Result<(), ReadErrorKind> {
    let depth = stack.len() - 1;
    let line = &mut stack[depth].0;
    match &token.kind {
        TokenKind::MoveNumber(_) => {}
        TokenKind::Word(w) => line.nodes.push(RawNode {
            token: w.clone(),
            pos: token.pos,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }),
        TokenKind::Nag(n) => match line.nodes.last_mut() {
            Some(node) => node.nags.push(*n),
            None => {
                let why = "an annotation mark before any move of its line".to_owned();
                return Err(ReadErrorKind::Malformed(why));
            }
        },
        TokenKind::Comment(c) => {
            if !c.is_empty() {
                match line.nodes.last_mut() {
                    Some(node) => node.comments.push(c.clone()),
                    None => line.comments.push(c.clone()),
                }
            }
        }
        TokenKind::VarOpen => {
            if line.nodes.is_empty() {
                return Err(ReadErrorKind::Malformed("a variation before any move of its line".to_owned()));
            }
            if depth >= MAX_DEPTH {
                return Err(ReadErrorKind::TooDeep(MAX_DEPTH));
            }
            stack.push((RawLine::default(), token.pos));
        }
        TokenKind::VarClose => close_variation(stack)?,
        // A new game starts: this one was cut off.
        TokenKind::TagOpen => return Err(ReadErrorKind::Truncated),
        TokenKind::Bad(b) => return Err(bad_kind(b)),
        TokenKind::TagClose | TokenKind::Str(_) | TokenKind::Star => {
            return Err(ReadErrorKind::Malformed(format!("{} in the move text", describe(&token.kind))));
        }
    }
    Ok(())
}

/// Closes the innermost variation of `stack` at a `)`, adding it to the
/// variations of the last move of the line it is in. Neither the main line
/// nor an empty variation can be closed.
fn close_variation(stack: &mut Vec<(RawLine, Pos)>) -> Result<(), ReadErrorKind> {
    if stack.len() == 1 {
        return Err(ReadErrorKind::UnbalancedParentheses("`)` without `(`"));
    }
    let (variation, _) = stack.pop().unwrap_or_default();
    if variation.nodes.is_empty() {
        return Err(ReadErrorKind::Malformed("an empty variation".to_owned()));
    }
    if let Some(node) = stack.last_mut().and_then(|(l, _)| l.nodes.last_mut()) {
        node.variations.push(variation);
    }
    Ok(())
}

/// Whether `kind` is a termination marker.
fn is_end(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Star => true,
        TokenKind::Word(w) => is_termination(w),
        _ => false,
    }
}

fn unreachable_token(pos: Pos) -> Token {
    Token { kind: TokenKind::TagOpen, pos, text: String::new() }
}

/// The move numbering as the moves are played: the number of the round and
/// the seat that moved last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Round {
    number: u32,
    last: Option<u8>,
}

impl Round {
    pub(crate) const START: Round = Round { number: 1, last: None };

    /// The number of a move by `seat` and whether it opens its round; then
    /// records it.
    pub(crate) fn next(&mut self, seat: Seat) -> (u32, bool) {
        let opens = match self.last {
            Some(last) if seat.0 < last => {
                self.number = self.number.saturating_add(1);
                true
            }
            Some(_) => false,
            None => seat.0 == 0,
        };
        self.last = Some(seat.0);
        (self.number, opens)
    }
}

/// Reads `token` in `state`: the whole token, or else the token without a
/// traditional suffix mark (`!`, `?`, `!!`, `??`, `!?`, `?!`), shortest mark
/// first, so a token the variant reads whole (Mage's Chess heresy `c1c4!`)
/// keeps its `!`.
fn read_token<N: Notation>(state: &N, token: &str) -> Result<(N::Entry, Option<u8>), String> {
    let whole = match state.read_entry(token) {
        Ok(entry) => return Ok((entry, None)),
        Err(why) => why,
    };
    for k in 1..=2 {
        if token.len() > k && token.is_char_boundary(token.len() - k) {
            let (move_part, mark) = token.split_at(token.len() - k);
            if let Some(nag) = nag_of_mark(mark)
                && let Ok(entry) = state.read_entry(move_part)
            {
                return Ok((entry, Some(nag)));
            }
        }
    }
    Err(whole)
}

/// The tags of a game in the canonical order for the variant of `start`:
/// `Event`, `Site`, `Date`, `Round`, the seat tags, `Result`, `Variant`,
/// `FEN`, `SetUp`, `Rules`, the variant's extra tags, then any other in the
/// order given.
pub(crate) fn canonical_tags<N: Notation>(start: &N, tags: Vec<Tag>) -> Vec<Tag> {
    let mut order: Vec<String> = TAGS_BEFORE_SEATS.iter().map(|s| (*s).to_owned()).collect();
    order.extend(start.seat_tags());
    order.extend(TAGS_AFTER_SEATS.iter().map(|s| (*s).to_owned()));
    order.extend(start.extra_tags());
    let rank = |t: &Tag| order.iter().position(|o| *o == t.name).unwrap_or(order.len());
    let mut tags = tags;
    tags.sort_by_key(rank); // stable: the others keep their order
    tags
}

/// The options of a `Rules` tag: `key=value` words.
///
/// # Errors
/// The word that is not `key=value`.
pub fn rule_options(value: &str) -> Result<Vec<(String, String)>, String> {
    value
        .split_whitespace()
        .map(|word| match word.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_owned(), v.to_owned())),
            _ => Err(format!("`{word}` is not key=value")),
        })
        .collect()
}

impl RawGame {
    /// The `Variant` tag's value.
    #[must_use]
    pub fn variant(&self) -> Option<&str> {
        self.tag("Variant")
    }

    /// The value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(t, _)| t.name == name).map(|(t, _)| t.value.as_str())
    }

    fn error(&self, pos: Pos, token: &str, move_number: Option<u32>, kind: ReadErrorKind) -> ReadError {
        ReadError {
            game: self.index,
            label: label(&self.tags),
            move_number,
            pos,
            token: token.chars().take(40).collect(),
            kind: Box::new(kind),
        }
    }

    fn tag_error(&self, name: &str, kind: ReadErrorKind) -> ReadError {
        let pos = self.tags.iter().find(|(t, _)| t.name == name).map_or(self.start, |(_, p)| *p);
        self.error(pos, name, None, kind)
    }

    /// A `MissingVariant` error for this game (for a caller that dispatches
    /// on [`RawGame::variant`]).
    #[must_use]
    pub fn missing_variant(&self) -> ReadError {
        self.error(self.start, "", None, ReadErrorKind::MissingVariant)
    }

    /// The start state of the game from its `FEN` and `Rules` tags.
    fn start_state<N: Notation>(&self) -> Result<N, ReadError> {
        let options = match self.tag("Rules") {
            Some(v) => rule_options(v)
                .map_err(|why| self.tag_error("Rules", ReadErrorKind::BadTag { tag: "Rules".into(), why }))?,
            None => Vec::new(),
        };
        N::start(self.tag("FEN"), &options).map_err(|e| match e {
            StartError::Fen(why) => self.tag_error("FEN", ReadErrorKind::BadFen(why)),
            StartError::Rules(why) => {
                self.tag_error("Rules", ReadErrorKind::BadTag { tag: "Rules".into(), why })
            }
        })
    }

    /// Plays the game through variant `N`: every move of every line is
    /// checked against the rules, the tags are checked and put in canonical
    /// order, and the result is checked against the final position.
    ///
    /// # Errors
    /// The first problem, with its place.
    pub fn validate<N: Notation>(&self) -> Result<Game, ReadError> {
        let Some(variant) = self.variant() else { return Err(self.missing_variant()) };
        if !variant.eq_ignore_ascii_case(N::VARIANT) {
            let kind =
                ReadErrorKind::WrongVariant { found: variant.to_owned(), expected: N::VARIANT.to_owned() };
            return Err(self.tag_error("Variant", kind));
        }
        let start: N = self.start_state()?;
        let seats = start.position().seat_count();
        let extra = start.extra_tags();
        for (tag, _) in &self.tags {
            if extra.contains(&tag.name) {
                start.check_extra_tag(&tag.name, &tag.value).map_err(|why| {
                    self.tag_error(&tag.name, ReadErrorKind::BadTag { tag: tag.name.clone(), why })
                })?;
            }
        }
        let (marker, marker_pos) = &self.termination;
        if marker != "*" && parse_result(marker, seats).is_none() {
            let why = format!("`{marker}` is not a result of a {seats}-seat game");
            return Err(self.error(*marker_pos, marker, None, ReadErrorKind::Malformed(why)));
        }
        if let Some(tag) = self.tag("Result") {
            if tag != "*" && parse_result(tag, seats).is_none() {
                let why = format!("`{tag}` is not a result of a {seats}-seat game (nor `*`)");
                return Err(self.tag_error("Result", ReadErrorKind::BadTag { tag: "Result".into(), why }));
            }
            if tag != marker {
                let kind = ReadErrorKind::ResultMismatch { tag: tag.to_owned(), marker: marker.clone() };
                return Err(self.error(*marker_pos, marker, None, kind));
            }
        }
        let mut round = Round::START;
        let mut state = start.clone();
        let main = self.play_line(&mut state, &mut round, &self.main)?;
        if let Some(outcome) = state.outcome()
            && *marker != result_text(&outcome)
        {
            let kind = ReadErrorKind::ContradictingResult {
                written: marker.clone(),
                actual: state.outcome_text(&outcome),
            };
            return Err(self.error(*marker_pos, marker, None, kind));
        }
        let tags = self.tags.iter().map(|(t, _)| t.clone()).collect();
        Ok(Game { tags: canonical_tags(&start, tags), main, termination: marker.clone() })
    }

    fn play_line<N: Notation>(
        &self,
        state: &mut N,
        round: &mut Round,
        raw: &RawLine,
    ) -> Result<Line, ReadError> {
        let mut line = Line { comments: raw.comments.clone(), nodes: Vec::with_capacity(raw.nodes.len()) };
        for node in &raw.nodes {
            let before = (state.clone(), *round);
            let (number, opens_round) = round.next(state.mover());
            let seat = state.mover().0;
            let (entry, mark) = read_token(state, &node.token).map_err(|why| {
                let kind = ReadErrorKind::IllegalMove { token: node.token.chars().take(40).collect(), why };
                self.error(node.pos, &node.token, Some(number), kind)
            })?;
            let mut variations = Vec::with_capacity(node.variations.len());
            for raw_var in &node.variations {
                let (mut s, mut r) = before.clone();
                variations.push(self.play_line(&mut s, &mut r, raw_var)?);
            }
            let token = state.write_entry(&entry);
            state.play(&entry);
            let mut nags: Vec<u8> = mark.into_iter().collect();
            nags.extend(&node.nags);
            line.nodes.push(Node {
                token,
                nags,
                comments: node.comments.clone(),
                variations,
                seat,
                number,
                opens_round,
            });
        }
        Ok(line)
    }
}

/// Reads every game of `text` as variant `N`: one result per game.
#[must_use]
pub fn read<N: Notation>(text: &str) -> Vec<Result<Game, ReadError>> {
    parse(text).into_iter().map(|raw| raw.and_then(|g| g.validate::<N>())).collect()
}

/// The states along a game's main line and its entries: `states[i]` is the
/// state before `entries[i]`, and the last state is the final one.
///
/// # Errors
/// As [`RawGame::validate`], for a game that was not read or recorded as `N`.
pub fn main_line<N: Notation>(game: &Game) -> Result<(Vec<N>, Vec<N::Entry>), ReadError> {
    let err = |kind: ReadErrorKind, token: &str, number: Option<u32>| ReadError {
        game: 1,
        label: None,
        move_number: number,
        pos: Pos::default(),
        token: token.to_owned(),
        kind: Box::new(kind),
    };
    let options = match game.tag("Rules") {
        Some(v) => rule_options(v)
            .map_err(|why| err(ReadErrorKind::BadTag { tag: "Rules".into(), why }, "Rules", None))?,
        None => Vec::new(),
    };
    let mut state = N::start(game.tag("FEN"), &options).map_err(|e| match e {
        StartError::Fen(why) => err(ReadErrorKind::BadFen(why), "FEN", None),
        StartError::Rules(why) => err(ReadErrorKind::BadTag { tag: "Rules".into(), why }, "Rules", None),
    })?;
    let mut states = vec![state.clone()];
    let mut entries = Vec::with_capacity(game.main.nodes.len());
    for node in &game.main.nodes {
        let (entry, _) = read_token(&state, &node.token).map_err(|why| {
            err(ReadErrorKind::IllegalMove { token: node.token.clone(), why }, &node.token, Some(node.number))
        })?;
        state.play(&entry);
        states.push(state.clone());
        entries.push(entry);
    }
    Ok((states, entries))
}
