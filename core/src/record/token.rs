//! The tokenizer of game records: text in, tokens with their line and column
//! out. It accepts a UTF-8 byte order mark at the start and Windows line
//! endings, never panics, and reports a malformed piece of text as an
//! [`TokenKind::Bad`] token so that the reader can say where and go on.

/// Where a token starts: 1-based line and column (columns count characters).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// What a token is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    /// `[`: a tag pair opens.
    TagOpen,
    /// `]`: a tag pair closes.
    TagClose,
    /// A quoted string, unescaped (`\"` and `\\`).
    Str(String),
    /// A run of symbol characters: a tag name, a move token, a result.
    Word(String),
    /// A move number: digits followed by one or more periods (`12.`, `12...`).
    MoveNumber(u32),
    /// `$n`: a numeric annotation glyph.
    Nag(u8),
    /// A comment (`{…}` or `;…` to the end of the line), its text with
    /// runs of white space made one space and trimmed (and, in a `;`
    /// comment, `}` read as `)`).
    Comment(String),
    /// `(`: a variation opens.
    VarOpen,
    /// `)`: a variation closes.
    VarClose,
    /// `*`: the game goes on (or its result is unknown).
    Star,
    /// Malformed text, with what is wrong; the tokenizer goes on after it.
    Bad(BadToken),
}

/// What is wrong with a [`TokenKind::Bad`] token.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BadToken {
    /// A `{` comment that the text never closes.
    UnclosedComment,
    /// A `}` with no `{` before it.
    StrayBrace,
    /// A string that the line never closes.
    UnclosedString,
    /// `$` not followed by a number from 0 to 255.
    BadNag(String),
    /// A character that starts no token.
    BadChar(char),
}

/// One token and where it starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts.
    pub pos: Pos,
    /// The text it was read from (cut to 40 characters), for error messages.
    pub text: String,
}

/// The tokens of `text`, in order.
///
/// ```
/// use motley_core::record::token::{tokenize, TokenKind};
/// let tokens = tokenize("\u{feff}[Variant \"joker\"]\r\n1. e2e4 {good} $1 *");
/// assert_eq!(tokens[0].kind, TokenKind::TagOpen);
/// assert_eq!(tokens[4].kind, TokenKind::MoveNumber(1));
/// assert_eq!((tokens[4].pos.line, tokens[4].pos.column), (2, 1));
/// assert_eq!(tokens[6].kind, TokenKind::Comment("good".into()));
/// assert_eq!(tokens[8].kind, TokenKind::Star);
/// ```
#[must_use]
pub fn tokenize(text: &str) -> Vec<Token> {
    Tokenizer::new(text).collect()
}

/// Longest text kept in [`Token::text`].
const TEXT_CUT: usize = 40;

/// Whether `c` may appear in a [`TokenKind::Word`].
fn is_word_char(c: char) -> bool {
    !(c.is_whitespace()
        || c.is_control()
        || matches!(c, '[' | ']' | '{' | '}' | '(' | ')' | '"' | '$' | ';' | '*'))
}

/// The tokenizer, an iterator over [`Token`]s.
#[derive(Clone, Debug)]
pub struct Tokenizer<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
    line: u32,
    column: u32,
}

impl<'a> Tokenizer<'a> {
    /// Tokens of `text` (a leading byte order mark is skipped).
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Tokenizer { chars: text.chars().peekable(), line: 1, column: 1 }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.column = 1;
        } else {
            self.column = self.column.saturating_add(1);
        }
        Some(c)
    }

    fn pos(&self) -> Pos {
        Pos { line: self.line, column: self.column }
    }

    /// Text up to the end of the line (the line break is left).
    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        while let Some(&c) = self.chars.peek() {
            if c == '\n' {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }
}

/// `text` with runs of white space made one space, trimmed.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn cut(text: &str) -> String {
    text.chars().take(TEXT_CUT).collect()
}

/// A token of `kind` at `pos`, read from `text` (cut for error messages).
fn token_at(kind: TokenKind, pos: Pos, text: &str) -> Token {
    Token { kind, pos, text: cut(text) }
}

impl Tokenizer<'_> {
    /// Takes the characters that follow while `keep` accepts them, appending
    /// them to `s`.
    fn take_while(&mut self, s: &mut String, keep: impl Fn(char) -> bool) {
        while let Some(&c) = self.chars.peek() {
            if !keep(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
    }

    /// The token that starts with `c` at `pos`, `c` already taken.
    fn token_from(&mut self, c: char, pos: Pos) -> Token {
        let token = |kind: TokenKind, text: String| token_at(kind, pos, &text);
        match c {
            '[' => token(TokenKind::TagOpen, c.into()),
            ']' => token(TokenKind::TagClose, c.into()),
            '(' => token(TokenKind::VarOpen, c.into()),
            ')' => token(TokenKind::VarClose, c.into()),
            '*' => token(TokenKind::Star, c.into()),
            '}' => token(TokenKind::Bad(BadToken::StrayBrace), c.into()),
            ';' => self.line_comment(pos),
            '{' => self.brace_comment(pos),
            '"' => self.string(pos),
            '$' => self.nag(pos),
            c if is_word_char(c) => self.word(c, pos),
            other => token(TokenKind::Bad(BadToken::BadChar(other)), other.into()),
        }
    }

    /// A `;` comment, to the end of the line, its `;` already taken. A `}`
    /// in it is read as `)`, as the writer writes such a comment in braces.
    fn line_comment(&mut self, pos: Pos) -> Token {
        let body = self.rest_of_line();
        token_at(TokenKind::Comment(squeeze(&body.replace('}', ")"))), pos, &format!(";{body}"))
    }

    /// A `{` comment, its `{` already taken, up to the `}` that closes it
    /// (any number of lines later), or a bad token if the text ends first.
    fn brace_comment(&mut self, pos: Pos) -> Token {
        let mut body = String::new();
        loop {
            match self.bump() {
                Some('}') => {
                    return token_at(TokenKind::Comment(squeeze(&body)), pos, &format!("{{{body}}}"));
                }
                Some(ch) => body.push(ch),
                None => {
                    return token_at(TokenKind::Bad(BadToken::UnclosedComment), pos, &format!("{{{body}"));
                }
            }
        }
    }

    /// A quoted string, its opening `"` already taken, unescaped; a bad
    /// token if its line or the text ends before the closing `"`.
    fn string(&mut self, pos: Pos) -> Token {
        let mut body = String::new();
        loop {
            match self.chars.peek().copied() {
                None | Some('\n' | '\r') => {
                    return token_at(TokenKind::Bad(BadToken::UnclosedString), pos, &format!("\"{body}"));
                }
                Some('"') => {
                    self.bump();
                    let text = format!("\"{body}\"");
                    return token_at(TokenKind::Str(body), pos, &text);
                }
                Some('\\') => {
                    self.bump();
                    body.push(self.escaped());
                }
                Some(ch) => {
                    self.bump();
                    body.push(ch);
                }
            }
        }
    }

    /// The character a `\` in a string stands for, the `\` already taken:
    /// an escaped `"` or `\` (taken), else the `\` itself (the next
    /// character is left to be read on its own).
    fn escaped(&mut self) -> char {
        match self.chars.peek().copied() {
            Some(e @ ('"' | '\\')) => {
                self.bump();
                e
            }
            _ => '\\',
        }
    }

    /// A `$n` annotation glyph, its `$` already taken; a bad token unless
    /// the digits make a number from 0 to 255.
    fn nag(&mut self, pos: Pos) -> Token {
        let mut digits = String::new();
        self.take_while(&mut digits, |d| d.is_ascii_digit());
        let text = format!("${digits}");
        match digits.parse::<u8>() {
            Ok(n) => token_at(TokenKind::Nag(n), pos, &text),
            Err(_) => token_at(TokenKind::Bad(BadToken::BadNag(cut(&text))), pos, &text),
        }
    }

    /// A word starting with `c` (already taken), or a move number if `c`
    /// starts a run of digits followed by a period.
    fn word(&mut self, c: char, pos: Pos) -> Token {
        let mut word = String::from(c);
        if c.is_ascii_digit() {
            self.take_while(&mut word, |d| d.is_ascii_digit());
            if self.chars.peek() == Some(&'.') {
                return self.move_number(&word, pos);
            }
        }
        self.take_while(&mut word, is_word_char);
        let text = word.clone();
        token_at(TokenKind::Word(word), pos, &text)
    }

    /// A move number: `digits` (already taken), then the periods that follow.
    /// A number too large for `u32` reads as `u32::MAX`.
    fn move_number(&mut self, digits: &str, pos: Pos) -> Token {
        let mut text = digits.to_owned();
        while self.chars.peek() == Some(&'.') {
            text.push('.');
            self.bump();
        }
        let number = digits.parse::<u32>().unwrap_or(u32::MAX);
        token_at(TokenKind::MoveNumber(number), pos, &text)
    }
}

impl Iterator for Tokenizer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let c = *self.chars.peek()?;
            if c.is_whitespace() {
                self.bump();
                continue;
            }
            // `%` in the first column escapes the whole line (PGN §6).
            if c == '%' && self.column == 1 {
                self.rest_of_line();
                continue;
            }
            let pos = self.pos();
            self.bump();
            return Some(self.token_from(c, pos));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokenKind> {
        tokenize(text).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn words_numbers_and_results() {
        use TokenKind::*;
        assert_eq!(
            kinds("12... castle:i1k1 N@e4 c1c4!? 1/2-1/2 1-0-1-0"),
            vec![
                MoveNumber(12),
                Word("castle:i1k1".into()),
                Word("N@e4".into()),
                Word("c1c4!?".into()),
                Word("1/2-1/2".into()),
                Word("1-0-1-0".into())
            ]
        );
    }

    #[test]
    fn strings_escape_and_stop_at_line_end() {
        assert_eq!(kinds(r#""a \"b\" \\ c""#), vec![TokenKind::Str(r#"a "b" \ c"#.into())]);
        assert_eq!(kinds("\"open\nx")[0], TokenKind::Bad(BadToken::UnclosedString));
    }

    #[test]
    fn comments_braces_and_escapes() {
        assert_eq!(kinds("{ a\r\n  b }"), vec![TokenKind::Comment("a b".into())]);
        assert_eq!(kinds("{never"), vec![TokenKind::Bad(BadToken::UnclosedComment)]);
        assert_eq!(kinds("}"), vec![TokenKind::Bad(BadToken::StrayBrace)]);
        assert_eq!(
            kinds("; rest\n%escaped line\n*"),
            vec![TokenKind::Comment("rest".into()), TokenKind::Star]
        );
        assert_eq!(kinds("$300"), vec![TokenKind::Bad(BadToken::BadNag("$300".into()))]);
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let t = tokenize("\u{feff}é x\r\n  y");
        assert_eq!(t[0].pos, Pos { line: 1, column: 1 });
        assert_eq!(t[1].pos, Pos { line: 1, column: 3 });
        assert_eq!(t[2].pos, Pos { line: 2, column: 3 });
    }
}
