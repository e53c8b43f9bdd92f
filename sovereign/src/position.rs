//! [`Sovereign`], the validated two-player position, and the validation shared
//! with Royale.

use motley_core::{Outcome, PerftMode, Position, Seat};

use crate::board::{Board, CENTER, COLOR_SQUARES, Square};
use crate::movegen::{MoveRules, State};
use crate::moves::{Move, MoveList, MoveToken, ParseMoveError};
use crate::piece::{Color, Role};
use crate::rules::Rules;
use crate::setup::{FIELD_BOARD, FIELD_OWNED, FIELD_TURN, ParseFenError, Setup, Spans};

/// One reason a [`Setup`] is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Issue {
    /// A seat has no king or several kings of its owned colour (§3.3).
    #[error("seat {seat} must have exactly one king of its owned colour, found {count}")]
    KingCount {
        /// 1-based seat.
        seat: u8,
        /// Kings found.
        count: u32,
    },
    /// A king of a colour no seat owns (§3.3).
    #[error("king on {square} is of a colour no seat owns")]
    StrayKing {
        /// Its square.
        square: Square,
    },
    /// Two seats own the same colour (§3.3).
    #[error("colour {color} is owned by two seats")]
    OwnedTwice {
        /// The colour.
        color: Color,
    },
    /// Both squares of a colour are occupied (§5.4).
    #[error("both {color} squares are occupied")]
    PairOccupied {
        /// The colour.
        color: Color,
    },
    /// A piece stands on a square of its own colour (§6.1).
    #[error("the piece on {square} stands on a square of its own colour")]
    OwnColorSquare {
        /// Its square.
        square: Square,
    },
    /// A pawn stands in the central promotion zone (§4.2).
    #[error("pawn on {square} inside the promotion zone")]
    PawnInCenter {
        /// Its square.
        square: Square,
    },
    /// The seat to move does not exist.
    #[error("seat {seat} is to move but the game has fewer seats")]
    Turn {
        /// 1-based seat.
        seat: u8,
    },
    /// The setup has the wrong number of seats for this game.
    #[error("expected a {want}-seat setup, found {got} seats")]
    SeatCount {
        /// Seats of the game.
        want: u8,
        /// Seats of the setup.
        got: u8,
    },
    /// The seat that is not to move is in check (two-player game, §7.2).
    #[error("seat {seat} is in check but not to move")]
    OpponentInCheck {
        /// 1-based seat.
        seat: u8,
    },
}

impl Issue {
    /// The position-string field the issue is about (as
    /// [`ParseIssue::field`](crate::ParseIssue::field) names them): the
    /// number of seats shows in the owned colours, and a seat in check when
    /// not to move is a matter of the turn.
    #[must_use]
    pub const fn field(&self) -> &'static str {
        match self {
            Issue::KingCount { .. }
            | Issue::StrayKing { .. }
            | Issue::PairOccupied { .. }
            | Issue::OwnColorSquare { .. }
            | Issue::PawnInCenter { .. } => FIELD_BOARD,
            Issue::OwnedTwice { .. } | Issue::SeatCount { .. } => FIELD_OWNED,
            Issue::Turn { .. } | Issue::OpponentInCheck { .. } => FIELD_TURN,
        }
    }

    /// The byte offset where the position string parsed into `spans` states
    /// the issue: the piece for an issue on a square, else its field.
    fn at(&self, spans: &Spans, setup: &Setup) -> usize {
        match *self {
            Issue::StrayKing { square }
            | Issue::OwnColorSquare { square }
            | Issue::PawnInCenter { square } => spans.square(square),
            // The square of the pair written first.
            Issue::PairOccupied { color } => {
                let [a, b] = COLOR_SQUARES[color as usize];
                spans.square(a).min(spans.square(b))
            }
            // The seat owning the colour a second time.
            Issue::OwnedTwice { color } => {
                let owned = &setup.owned[..usize::from(setup.seats).min(4)];
                spans.owned(owned.iter().rposition(|&c| c == color).unwrap_or(0))
            }
            Issue::KingCount { .. } => spans.board(),
            Issue::SeatCount { .. } => spans.owned(0),
            Issue::Turn { .. } | Issue::OpponentInCheck { .. } => spans.turn(),
        }
    }
}

impl motley_core::FieldIssue for Issue {
    fn field(&self) -> &'static str {
        Issue::field(self)
    }
}

/// A [`Setup`] is not a playable position: every [`Issue`] found, in the
/// order checked (turn, owned colours, kings, squares of colour, the
/// promotion zone; check only alone).
pub type PositionError = motley_core::FieldIssueList<Issue>;

/// A position string could not be read as a position: a [`ParseFenError`],
/// or a [`PositionError`] with, for each issue, the byte offset where the
/// text states it: the piece for an issue on a square, else the start of
/// the issue's field.
pub type FenError = motley_core::FenError<ParseFenError, Issue>;

/// Locates every issue of `error` in the position string parsed into
/// `setup` and `spans`.
pub(crate) fn invalid_fen(error: PositionError, setup: &Setup, spans: &Spans) -> FenError {
    let at = error.issues.iter().map(|issue| issue.at(spans, setup)).collect();
    FenError::Invalid { error, at }
}

/// Validates a setup into a state (shared by both games), reporting every
/// issue found. Check (§7.2) is looked at only in a setup without other
/// issues: it needs one king per seat.
pub(crate) fn validate(
    setup: &Setup,
    rules: &Rules,
    check_rule: bool,
    regime_check: bool,
) -> Result<State, PositionError> {
    let seats = setup.seats;
    let mut issues = Vec::new();
    if setup.turn >= seats {
        issues.push(Issue::Turn { seat: setup.turn + 1 });
    }
    let mut board = Board::empty();
    for (s, p) in Square::all().zip(setup.board) {
        if let Some(p) = p {
            board.put(s, p);
        }
    }
    // §3.3: owned colours differ.
    let mut owned = [0u8; 4];
    for s in 0..usize::from(seats) {
        owned[s] = setup.owned[s] as u8;
        if owned[..s].contains(&owned[s]) {
            issues.push(Issue::OwnedTwice { color: setup.owned[s] });
        }
    }
    // §3.3: one king per seat, of its owned colour (§13.2: none in a Royale
    // Interregnum), and no king of a colour nobody owns.
    for s in 0..seats {
        let count = (board.by_color[owned[s as usize] as usize] & board.role(Role::King)).count();
        if count > 1 || (count == 0 && seats == 2) {
            issues.push(Issue::KingCount { seat: s + 1, count });
        }
    }
    for k in board.role(Role::King) {
        let c = board.piece(k).map(|p| p.color as u8);
        if !owned[..usize::from(seats)].iter().any(|&o| Some(o) == c) {
            issues.push(Issue::StrayKing { square: k });
        }
    }
    for (c, pair) in COLOR_SQUARES.iter().enumerate() {
        // §5.4: at most one square of each colour is occupied.
        if board.occupied.contains(pair[0]) && board.occupied.contains(pair[1]) {
            issues.push(Issue::PairOccupied { color: Color::ALL[c] });
        }
        // §6.1: no piece stands on a square of its own colour.
        for &s in pair {
            if board.piece(s).is_some_and(|p| p.color.index() == c) {
                issues.push(Issue::OwnColorSquare { square: s });
            }
        }
    }
    // §4.2: a pawn entering the zone promotes, so none stands in it.
    for s in board.role(Role::Pawn) & CENTER {
        issues.push(Issue::PawnInCenter { square: s });
    }
    if !issues.is_empty() {
        return Err(PositionError { issues });
    }
    let mut st = State {
        board,
        seats,
        turn: setup.turn,
        owned,
        castling: setup.castling,
        ply: setup.ply,
        halfmove: setup.halfmove.unwrap_or(0),
        ctrl: [None; 12],
        rules: MoveRules {
            twin_move: rules.twin_move,
            corner_both: rules.corner_two_step_both,
            check_rule,
            regime_check: check_rule || regime_check,
        },
        hash: 0,
    };
    st.hash = st.fresh_hash();
    st.recompute();
    if check_rule {
        let other = 1 - st.turn;
        if st.in_check(other) {
            return Err(Issue::OpponentInCheck { seat: other + 1 }.into());
        }
    }
    Ok(st)
}

/// The setup a state describes.
pub(crate) fn to_setup(st: &State) -> Setup {
    let board = st.board.mailbox;
    let mut owned = [Color::White, Color::Black, Color::White, Color::Black];
    for (slot, &c) in owned.iter_mut().zip(&st.owned[..usize::from(st.seats)]) {
        *slot = Color::ALL[c as usize];
    }
    Setup {
        board,
        seats: st.seats,
        turn: st.turn,
        owned,
        castling: st.castling,
        ply: st.ply,
        // The canonical string writes the clock exactly when it is not zero,
        // so that printing and reading back is the identity (§3.3: the 7th
        // field is optional and an absent one reads as 0).
        halfmove: (st.halfmove != 0).then_some(st.halfmove),
    }
}

/// The legal moves of a state, sorted as generated.
pub(crate) fn move_list(st: &State) -> MoveList {
    let mut list = MoveList::new();
    st.generate_into(&mut list);
    list
}

/// The two-player Sovereign Chess position.
///
/// Seat 0 is seat 1 of the position string (it owned White at the start),
/// seat 1 is seat 2.
#[derive(Clone, PartialEq, Eq)]
pub struct Sovereign {
    pub(crate) st: State,
}

/// The community FEN of the two-player start (§3.3).
pub const START_FEN: &str = "aqabvrvnbrbnbbbqbkbbbnbrynyrsbsq/aranvpvpbpbpbpbpbpbpbpbpypypsnsr/nbnp12opob/nqnp12opoq/crcp12rprr/cncp12rprn/gbgp12pppb/gqgp12pppq/yqyp12vpvq/ybyp12vpvb/onop12npnn/orop12npnr/rqrp12cpcq/rbrp12cpcb/srsnppppwpwpwpwpwpwpwpwpgpgpanar/sqsbprpnwrwnwbwqwkwbwnwrgngrabaq 1 w b CELNceln 0";

impl Sovereign {
    /// Validates a two-seat setup under `rules`.
    ///
    /// # Errors
    /// [`PositionError`] with every [`Issue`] that makes it unplayable (a
    /// setup of the wrong number of seats is only that).
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, PositionError> {
        if setup.seats != 2 {
            return Err(Issue::SeatCount { want: 2, got: setup.seats }.into());
        }
        Ok(Sovereign { st: validate(setup, &rules, true, true)? })
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.st.in_check(self.st.turn)
    }

    /// The seat that won (by checkmate, §11.2), if the game is over and won.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        (self.end_reason() == Some(crate::EndReason::Checkmate)).then_some(Seat(self.st.turn ^ 1))
    }

    /// Whether the position has no piece but the two kings.
    #[must_use]
    pub fn bare_kings(&self) -> bool {
        self.st.board.occupied.count() == 2
    }
}

/// What both games share, written once: the constructors from text and the
/// start under rules, the accessors of the shared state (`to_setup`,
/// `piece_at`, `owned`, `controller`, `king`, `castling_rights`, `ply`,
/// `halfmove_clock`, `sorted_moves`), and the text traits: `Display` (the
/// position string of `to_setup`), `Debug` (`Name(<position string>)`),
/// `FromStr` (default [`Rules`]) and `Default` (the start position).
macro_rules! shared_api {
    ($game:ident, seats: $seats:literal, start: $start:expr) => {
        impl $game {
            /// Parses and validates a position string under `rules`.
            ///
            /// # Errors
            /// [`FenError`](crate::FenError) with every problem of the text, or
            /// every validation issue, each with its field and byte offset.
            pub fn from_fen_with(
                text: &str,
                rules: $crate::rules::Rules,
            ) -> Result<Self, $crate::position::FenError> {
                let (setup, spans) = $crate::setup::Setup::parse_spanned(text, $seats)?;
                Self::from_setup(&setup, rules).map_err(|e| $crate::position::invalid_fen(e, &setup, &spans))
            }

            /// The start position under `rules`.
            ///
            /// # Panics
            /// Never: validation does not depend on the rule options, and the start
            /// position is valid (see [`Position::start`](motley_core::Position::start)).
            #[must_use]
            pub fn start_with(rules: $crate::rules::Rules) -> Self {
                Self::from_fen_with($start, rules).expect("the start position is valid under any rules")
            }

            /// The setup this position describes.
            #[must_use]
            pub fn to_setup(&self) -> $crate::setup::Setup {
                $crate::position::to_setup(&self.st)
            }

            /// The piece on `sq`.
            #[must_use]
            pub fn piece_at(&self, sq: $crate::board::Square) -> Option<$crate::piece::Piece> {
                self.st.board.piece(sq)
            }

            /// The colour `seat` owns.
            #[must_use]
            pub fn owned(&self, seat: motley_core::Seat) -> $crate::piece::Color {
                $crate::piece::Color::ALL[self.st.owned[seat.index() % $seats] as usize]
            }

            /// The seat that controls (or owns) `color`, if any (§5).
            #[must_use]
            pub fn controller(&self, color: $crate::piece::Color) -> Option<motley_core::Seat> {
                self.st.ctrl[color.index()].map(motley_core::Seat)
            }

            /// The square of `seat`'s king (`None` in Royale's Interregnum).
            #[must_use]
            pub fn king(&self, seat: motley_core::Seat) -> Option<$crate::board::Square> {
                self.st.king(seat.0)
            }

            /// The squares of rooks that keep castling rights.
            #[must_use]
            pub fn castling_rights(&self) -> $crate::board::SquareSet {
                self.st.castling
            }

            /// Half-moves played since the start.
            #[must_use]
            pub fn ply(&self) -> u32 {
                self.st.ply
            }

            /// Plies since the last pawn move or capture.
            #[must_use]
            pub fn halfmove_clock(&self) -> u32 {
                self.st.halfmove
            }

            /// The legal moves sorted by their notation.
            #[must_use]
            pub fn sorted_moves(&self) -> Vec<String> {
                let mut v: Vec<String> =
                    motley_core::Position::legal_moves(self).iter().map(ToString::to_string).collect();
                v.sort();
                v
            }
        }

        impl core::fmt::Display for $game {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.to_setup().fmt(f)
            }
        }

        impl core::fmt::Debug for $game {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($game), "({})"), self)
            }
        }

        impl core::str::FromStr for $game {
            type Err = $crate::position::FenError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::from_fen_with(s, $crate::rules::Rules::default())
            }
        }

        impl Default for $game {
            fn default() -> Self {
                <Self as motley_core::Position>::start()
            }
        }
    };
}
pub(crate) use shared_api;

shared_api!(Sovereign, seats: 2, start: START_FEN);

/// The items of `impl Position` that Sovereign Chess and Royale share (both
/// wrap a [`State`]): the associated types, reading a position string, the
/// turn, reading a move token, the hash and the quiet-ply clock.
macro_rules! shared_position_items {
    () => {
        type Move = $crate::moves::Move;
        type MoveList = $crate::moves::MoveList;
        type ParseError = $crate::position::FenError;
        type MoveError = $crate::moves::ParseMoveError;

        fn from_fen(text: &str) -> Result<Self, Self::ParseError> {
            text.parse()
        }

        fn turn(&self) -> motley_core::Seat {
            motley_core::Seat(self.st.turn)
        }

        fn parse_move(&self, token: &str) -> Result<$crate::moves::Move, $crate::moves::ParseMoveError> {
            if self.outcome().is_some() {
                return Err($crate::moves::ParseMoveError::GameOver { status: self.status() });
            }
            $crate::position::find_move(&self.legal_moves(), token)
        }

        fn zobrist(&self) -> u64 {
            self.st.hash
        }

        fn quiet_plies(&self) -> Option<u32> {
            Some(self.st.halfmove)
        }
    };
}

pub(crate) use shared_position_items;

/// Parses a token and finds the legal move it names.
pub(crate) fn find_move(legal: &[Move], token: &str) -> Result<Move, ParseMoveError> {
    let t: MoveToken = token.parse()?;
    legal.iter().copied().find(|m| t.matches(*m)).ok_or_else(|| match t {
        // The pawn enters the centre (§4.2): the move exists with a promotion letter only.
        MoveToken::Normal { from, to, promotion: None }
            if legal.iter().any(
                |m| matches!(*m, Move::Normal { from: f, to: d, promotion: Some(_) } if f == from && d == to),
            ) =>
        {
            ParseMoveError::PromotionNeeded { token: token.to_owned() }
        }
        _ => ParseMoveError::Illegal { token: token.to_owned() },
    })
}

impl Position for Sovereign {
    shared_position_items!();

    const VARIANT: &'static str = "sovereign";

    /// §11.3 as [`Rules::default`] sets it: drawn automatically at the fifth
    /// occurrence of a position ([`Rules::auto_repetitions`]) and after 150
    /// plies without pawn move or capture ([`Rules::auto_draw_plies`]).
    const DRAW_RULES: motley_core::history::DrawRules =
        motley_core::history::DrawRules { repetitions: Some(5), quiet_plies: Some(150) };

    fn start() -> Self {
        START_FEN.parse().expect("the start position is valid")
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        if seat.0 == 0 { "white" } else { "black" }
    }

    fn legal_moves(&self) -> MoveList {
        move_list(&self.st)
    }

    fn has_legal_moves(&self) -> bool {
        self.st.any_legal(|_| true)
    }

    fn count_legal(&self) -> u64 {
        self.st.count_moves()
    }

    fn play_unchecked(&mut self, mv: Move) {
        motley_core::MoveGen::make(&mut self.st, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end_reason().map(|r| match r {
            crate::EndReason::Checkmate => Outcome::win(Seat(self.st.turn ^ 1), 2, r.as_str()),
            _ => Outcome::draw(2, r.as_str()),
        })
    }

    fn status(&self) -> String {
        match self.outcome() {
            Some(o) => self.outcome_text(&o),
            None if self.is_check() => "check".to_owned(),
            None => "ongoing".to_owned(),
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.st.any_legal(|m| m == mv)
    }

    fn perft(&self, depth: u32, _mode: PerftMode) -> u64 {
        motley_core::movegen::bulk_perft(&self.st, depth)
    }
}

impl Sovereign {
    /// Why the game is over, if it is (checkmate or stalemate; the history
    /// draws live on [`Game`](crate::Game) and core's `History`).
    #[must_use]
    pub fn end_reason(&self) -> Option<crate::EndReason> {
        if self.st.any_legal(|_| true) {
            None
        } else if self.is_check() {
            Some(crate::EndReason::Checkmate)
        } else {
            Some(crate::EndReason::Stalemate)
        }
    }
}
