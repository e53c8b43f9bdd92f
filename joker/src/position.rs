//! [`Joker`]: the validated, playable position — play, game end, perft — and
//! its validation from a [`Setup`].

use core::fmt;
use core::str::FromStr;

use motley_core::movegen::{Count, FirstMatch, MoveGen, MoveSink};
use motley_core::{Bits, Outcome, PerftMode, Position, Seat};

use crate::board::{
    A8, Board, E8, H8, PAWN_DROP_RANKS, RANK_1, RANK_3, RANK_4, RANK_5, RANK_6, RANK_8, Square, SquareSet,
};
use crate::end::EndReason;
use crate::moves::{Move, MoveList, ParseMoveError};
use crate::piece::{Color, Piece, Role};
use crate::rules::{KingPromotion, Rules};
use crate::setup::{Castling, FIELDS, ParseFenError, Pocket, Setup};
use crate::zobrist::KEYS;

/// The start position string.
pub const START_FEN: &str = "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb";

/// One reason a [`Setup`] is not a playable position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum Issue {
    /// A pawn on rank 1 or 8.
    #[error("pawn on the back rank {0}")]
    PawnOnBackRank(Square),
    /// A white king (White has none and cannot get one).
    #[error("white king on {0}")]
    WhiteKing(Square),
    /// A `~` on a pawn.
    #[error("promoted mark on the pawn on {0}")]
    PromotedPawn(Square),
    /// More than 32 pieces of one colour on the board and in its Joker Reserve.
    #[error("more than 32 {0} pieces on the board and in the Joker Reserve")]
    TooManyPieces(Color),
    /// More pieces of a kind on the board (and, for pawns, knights and
    /// bishops, on the bench and in the Joker Reserve) than the game can
    /// produce from the start position under the rules.
    #[error("{color} has {count} {what}, the game can produce at most {max}")]
    TooMany {
        /// The colour.
        color: Color,
        /// What was counted (`"kings"`, `"pawns and promoted pieces"`, …).
        what: &'static str,
        /// How many there are.
        count: u32,
        /// How many the game can produce.
        max: u32,
    },
    /// More pieces of a kind on a reserve bench than it starts with (a bench only empties).
    #[error("{color} bench holds {count} {role}s, it starts with {max}")]
    BenchTooMany {
        /// The colour.
        color: Color,
        /// The kind.
        role: Role,
        /// How many it holds.
        count: u32,
        /// How many it starts with.
        max: u32,
    },
    /// A castling right without the black king on `e8` and the rook on its corner.
    #[error("castling right without king on e8 and rook on {0}")]
    Castling(Square),
    /// The en passant square is not behind a pawn that just double-stepped.
    #[error("no double-stepped pawn passed {0}")]
    EnPassant(Square),
}

impl Issue {
    /// The position-string field the issue is about.
    #[must_use]
    pub const fn field(self) -> &'static str {
        FIELDS[self.field_index()]
    }

    /// The index of [`Issue::field`] among the position string's fields.
    const fn field_index(self) -> usize {
        match self {
            Issue::PawnOnBackRank(_)
            | Issue::WhiteKing(_)
            | Issue::PromotedPawn(_)
            | Issue::TooManyPieces(_)
            | Issue::TooMany { .. } => 0,
            Issue::BenchTooMany { .. } => 6,
            Issue::Castling(_) => 2,
            Issue::EnPassant(_) => 3,
        }
    }
}

impl motley_core::FieldIssue for Issue {
    fn field(&self) -> &'static str {
        Issue::field(*self)
    }
}

/// A [`Setup`] is not a playable position: every [`Issue`] found, in the
/// order checked (board, castling, en passant).
pub type PositionError = motley_core::FieldIssueList<Issue>;

/// A position string could not be read as a playable position: a
/// [`ParseFenError`], or a [`PositionError`] with, for each issue, the byte
/// offset of its field.
pub type FenError = motley_core::FenError<ParseFenError, Issue>;

/// A playable position of Joker's Chess, with its [`Rules`].
///
/// Copy-make: the position is about 240 bytes, so
/// [`Position::play_unchecked`] updates it in place and search or perft copy
/// the parent. It stores its Zobrist hash, which every move updates.
///
/// ```
/// use motley_joker::{Joker, Move};
/// use motley_core::Position;
/// let mut pos = Joker::start();
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play("e2e4".parse()?)?;
/// assert_eq!(pos.to_string(), "rnbkkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQQBNR[] b kq - 0 1 PPPPPNNBppppppppnnnbb");
/// # Ok::<(), motley_joker::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Joker {
    pub(crate) board: Board,
    pub(crate) bench: [[u8; 3]; 2],
    pub(crate) reserve: [[u8; 3]; 2],
    pub(crate) turn: Color,
    /// Bit 0: Black king side, bit 1: Black queen side.
    pub(crate) castling: u8,
    /// The en passant square, set only when a pawn can capture there.
    pub(crate) ep: Option<Square>,
    pub(crate) clock: u16,
    pub(crate) ply: u16,
    pub(crate) rules: Rules,
    /// The Zobrist hash ([`Position::zobrist`]), kept up to date by every move.
    pub(crate) hash: u64,
}

impl Default for Joker {
    fn default() -> Self {
        Joker::start_with(Rules::default())
    }
}

/// Checks the piece counts of `setup` against what play can produce from the
/// start position: captures only remove pieces, a respawn moves a piece from
/// the bench to the board or the Joker Reserve, a drop moves one from the
/// reserve to the board, and a promotion turns a pawn into a piece marked `~`.
/// So per colour: unpromoted rooks, queens and kings never exceed their start
/// count; unpromoted knights and bishops on the board, in the Joker Reserve
/// and on the bench never exceed the start board plus bench; pawns in those
/// three places plus promoted pieces never exceed the start pawns plus bench
/// pawns; a bench never grows; Black has at most two kings unless it may
/// always promote to a king, and queens only if it may promote to one.
///
/// Every sum counts the bench, because a respawn moves a piece from the bench
/// to the board or the Joker Reserve: a sum without it would grow in play, and
/// a position reached from an accepted one could be refused (its position
/// string would not read back). No sum grows in play, so every position
/// reached by legal moves from an accepted position is accepted.
fn count_issues(setup: &Setup, rules: &Rules, issues: &mut Vec<Issue>) {
    let start = Setup::default();
    let b = &setup.board;
    let count = |board: &Board, color: Color, role: Role, promoted: Option<bool>| -> u32 {
        let set = board.by_piece(Piece::new(color, role));
        match promoted {
            None => set.count(),
            Some(true) => (set & board.promoted).count(),
            Some(false) => (set - board.promoted).count(),
        }
    };
    for color in Color::ALL {
        let mut too_many = |what: &'static str, count: u32, max: u32| {
            if count > max {
                issues.push(Issue::TooMany { color, what, count, max });
            }
        };
        let reserve = |role: Role| u32::from(setup.reserve.get(color, role));
        let start_bench = |role: Role| u32::from(start.bench.get(color, role));
        let plain = |p: &Setup, role: Role| count(&p.board, color, role, Some(false));
        too_many("unpromoted rooks", plain(setup, Role::Rook), plain(&start, Role::Rook));
        if color == Color::Black && !rules.black_queen_promotion {
            too_many("queens", count(b, color, Role::Queen, None), 0);
        } else {
            too_many("unpromoted queens", plain(setup, Role::Queen), plain(&start, Role::Queen));
        }
        let bench = |role: Role| u32::from(setup.bench.get(color, role));
        for (role, what) in [
            (Role::Knight, "unpromoted knights on the board, in the Joker Reserve and on the bench"),
            (Role::Bishop, "unpromoted bishops on the board, in the Joker Reserve and on the bench"),
        ] {
            let have = plain(setup, role) + reserve(role) + bench(role);
            too_many(what, have, plain(&start, role) + start_bench(role));
        }
        let promoted = (b.by_color[color as usize] & b.promoted).count();
        let pawns = count(b, color, Role::Pawn, None) + reserve(Role::Pawn) + bench(Role::Pawn);
        let start_pawns = count(&start.board, color, Role::Pawn, None) + start_bench(Role::Pawn);
        too_many("pawns (board, Joker Reserve and bench) and promoted pieces", pawns + promoted, start_pawns);
        if color == Color::Black {
            let start_kings = count(&start.board, color, Role::King, None);
            if rules.black_king_promotion == KingPromotion::Always {
                too_many("unpromoted kings", plain(setup, Role::King), start_kings);
            } else {
                too_many("kings", count(b, color, Role::King, None), start_kings);
            }
        }
        for role in Role::RESPAWNING {
            let (have, max) = (setup.bench.get(color, role), start.bench.get(color, role));
            if have > max {
                issues.push(Issue::BenchTooMany { color, role, count: u32::from(have), max: u32::from(max) });
            }
        }
    }
}

/// Whether the walk yields any move: a counting sink (moves are never built)
/// that asks the walk to stop at the first.
struct AnyMove(bool);

impl MoveSink<Move> for AnyMove {
    const COUNTS: bool = true;
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn push_set<const W: usize>(&mut self, to: Bits<W>, _make: impl FnMut(u8) -> Move) {
        self.0 |= to.any();
    }
    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 |= n > 0;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

impl Joker {
    /// The start position under `rules`.
    #[must_use]
    pub fn start_with(rules: Rules) -> Joker {
        Joker::from_setup(&Setup::default(), rules).expect("the start position is valid")
    }

    /// Validates `setup` under `rules`.
    ///
    /// # Errors
    /// [`PositionError`] with every [`Issue`] found.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Joker, PositionError> {
        let b = &setup.board;
        let mut issues = Vec::new();
        let pawns = b.by_role[Role::Pawn as usize];
        for sq in pawns & (RANK_1 | RANK_8) {
            issues.push(Issue::PawnOnBackRank(sq));
        }
        for sq in b.by_piece(Piece::new(Color::White, Role::King)) {
            issues.push(Issue::WhiteKing(sq));
        }
        for sq in pawns & b.promoted {
            issues.push(Issue::PromotedPawn(sq));
        }
        for color in Color::ALL {
            // Board plus Joker Reserve never grows in play (a respawn replaces a
            // captured piece, a drop moves one), so this bounds `MAX_MOVES`.
            let reserve: u32 = setup.reserve.0[color as usize].iter().map(|&n| u32::from(n)).sum();
            if b.by_color[color as usize].count() + reserve > 32 {
                issues.push(Issue::TooManyPieces(color));
            }
        }
        count_issues(setup, &rules, &mut issues);
        let black = |role: Role, sq: Square| b.piece_at(sq) == Some(Piece::new(Color::Black, role));
        let king_home = black(Role::King, E8);
        if setup.castling.king_side && !(king_home && black(Role::Rook, H8)) {
            issues.push(Issue::Castling(H8));
        }
        if setup.castling.queen_side && !(king_home && black(Role::Rook, A8)) {
            issues.push(Issue::Castling(A8));
        }
        let mut ep = None;
        if let Some(sq) = setup.ep_square {
            // The pawn that passed `sq` belongs to the side not to move; it
            // stands one rank ahead of `sq`, and came from one rank behind (§1).
            let mover = setup.turn.other();
            let (ranks, ahead, behind) = match mover {
                Color::White => {
                    let r = if rules.third_rank_double_step { RANK_3 | RANK_4 } else { RANK_3 };
                    (r, sq.offset(0, 1), sq.offset(0, -1))
                }
                Color::Black => {
                    let r = if rules.third_rank_double_step { RANK_5 | RANK_6 } else { RANK_6 };
                    (r, sq.offset(0, -1), sq.offset(0, 1))
                }
            };
            let empty = |s: Option<Square>| s.is_some_and(|s| b.piece_at(s).is_none());
            let ok = ranks.contains(sq)
                && empty(Some(sq))
                && empty(behind)
                && ahead.and_then(|s| b.piece_at(s)) == Some(Piece::new(mover, Role::Pawn));
            if ok {
                ep = Some(sq);
            } else {
                issues.push(Issue::EnPassant(sq));
            }
        }
        if !issues.is_empty() {
            return Err(PositionError { issues });
        }
        let mut pos = Joker {
            board: setup.board,
            bench: setup.bench.0,
            reserve: setup.reserve.0,
            turn: setup.turn,
            castling: setup.castling.bits(),
            ep,
            clock: setup.halfmove_clock,
            ply: setup.ply,
            rules,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// Parses and validates a position string under `rules`.
    ///
    /// # Errors
    /// [`FenError`] naming the field and byte offset that is wrong.
    pub fn from_fen_with(text: &str, rules: Rules) -> Result<Joker, FenError> {
        let (setup, offsets) = Setup::parse_fields(text.as_bytes())?;
        Joker::from_setup(&setup, rules).map_err(|error| {
            let at = error.issues.iter().map(|issue| offsets[issue.field_index()]).collect();
            FenError::Invalid { error, at }
        })
    }

    /// The unvalidated description of this position (what the position string says).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            reserve: Pocket(self.reserve),
            turn: self.turn,
            castling: Castling::from_bits(self.castling),
            ep_square: self.ep_square(),
            halfmove_clock: self.clock,
            ply: self.ply,
            bench: Pocket(self.bench),
        }
    }

    /// The rule options.
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The pieces.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The reserve benches.
    #[must_use]
    pub const fn bench(&self) -> Pocket {
        Pocket(self.bench)
    }

    /// The Joker Reserves.
    #[must_use]
    pub const fn joker_reserve(&self) -> Pocket {
        Pocket(self.reserve)
    }

    /// Black's castling rights.
    #[must_use]
    pub const fn castling(&self) -> Castling {
        Castling::from_bits(self.castling)
    }

    /// The en passant square, set only when a pawn can capture there.
    #[must_use]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move (pawn drops count as pawn moves).
    #[must_use]
    pub const fn halfmove_clock(&self) -> u16 {
        self.clock
    }

    /// Half-moves played since the start.
    #[must_use]
    pub const fn ply(&self) -> u16 {
        self.ply
    }

    /// The end reasons decided by the position's state alone, in the rules'
    /// order (§5): kings captured, the 14-half-move rule, the move limit,
    /// insufficient material.
    #[inline]
    pub(crate) fn end_by_state(&self) -> Option<EndReason> {
        let b = &self.board;
        let black_kings = b.by_piece(Piece::new(Color::Black, Role::King));
        // (A popcount only when the floor is not 0: it is slow on baseline x86-64.)
        let floor = self.rules.black_kings_floor;
        if black_kings.is_empty() || (floor > 0 && black_kings.count() <= u32::from(floor)) {
            return Some(EndReason::KingsCaptured);
        }
        if self.rules.quiet_limit > 0 && self.clock >= self.rules.quiet_limit {
            return Some(EndReason::FourteenMoveRule);
        }
        if self.rules.ply_limit > 0 && self.ply >= self.rules.ply_limit {
            return Some(EndReason::MoveLimit);
        }
        if b.by_color[0].is_empty() && self.reserve[0] == [0; 3] {
            return Some(EndReason::InsufficientMaterial);
        }
        None
    }

    /// Why the game is over, if it is (checked in the rules' order, §5; the
    /// last check is whether the side to move has a legal move).
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        if let Some(r) = self.end_by_state() {
            return Some(r);
        }
        let mut any = AnyMove(false);
        self.walk(&mut any);
        match (any.0, self.turn) {
            (true, _) => None,
            (false, Color::White) => Some(EndReason::Stalemate),
            (false, Color::Black) => Some(EndReason::BlackNoMoves),
        }
    }

    /// The winner, once the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.end_reason().map(|r| r.winner(&self.rules))
    }

    /// The position after `mv` (which must be legal), leaving `self` as it is:
    /// a copy and an in-place update, the same cost as perft's copy-make.
    #[must_use]
    pub fn played(&self, mv: Move) -> Joker {
        let mut child = *self;
        MoveGen::make(&mut child, mv);
        child
    }

    /// The Zobrist hash computed from scratch (the position stores it, and
    /// every move updates it): pieces (and promoted marks), side to move,
    /// castling rights, en passant square, benches, Joker Reserves, clock and
    /// ply. Not of the rules.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = KEYS.board(&self.board) ^ KEYS.castling[usize::from(self.castling)] ^ KEYS.ep(self.ep);
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        for color in Color::ALL {
            for role in Role::RESPAWNING {
                let (c, k) = (color as usize, role as usize);
                h ^=
                    KEYS.bench(color, role, self.bench[c][k]) ^ KEYS.reserve(color, role, self.reserve[c][k]);
            }
        }
        h ^ KEYS.counters(self.clock, self.ply)
    }

    /// Whether a white piece attacks `sq` (used by castling).
    #[must_use]
    pub fn attacked_by_white(&self, sq: Square) -> bool {
        self.board.is_attacked(Color::White, sq, self.board.occupied())
    }

    /// Squares where a pawn may be dropped (ranks 3 to 6).
    #[must_use]
    pub const fn pawn_drop_squares() -> SquareSet {
        PAWN_DROP_RANKS
    }
}

impl fmt::Display for Joker {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Joker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Joker({self})")
    }
}

impl FromStr for Joker {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Joker, FenError> {
        Joker::from_fen_with(s, Rules::default())
    }
}

impl Position for Joker {
    type Move = Move;
    type MoveList = MoveList;
    type ParseError = FenError;
    type MoveError = ParseMoveError;

    const VARIANT: &'static str = "joker";

    fn start() -> Self {
        Joker::default()
    }

    fn from_fen(text: &str) -> Result<Self, FenError> {
        Joker::from_fen_with(text, Rules::default())
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat.0 {
            0 => "white",
            1 => "black",
            _ => "none",
        }
    }

    fn turn(&self) -> Seat {
        Seat(self.turn as u8)
    }

    /// Every legal move (none once the game is over), listed on the stack.
    #[inline]
    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        MoveGen::generate(self, &mut moves);
        moves
    }

    fn has_legal_moves(&self) -> bool {
        self.end_reason().is_none()
    }

    /// The number of legal moves, counted without listing them.
    fn count_legal(&self) -> u64 {
        let mut count = Count(0);
        MoveGen::generate(self, &mut count);
        count.0
    }

    /// Plays `mv`, which must be legal (anything else leaves an unspecified
    /// but memory-safe position). Captures respawn immediately (§3).
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        MoveGen::make(self, mv);
    }

    fn parse_move(&self, token: &str) -> Result<Move, ParseMoveError> {
        if self.end_reason().is_some() {
            return Err(ParseMoveError::GameOver { status: Position::status(self) });
        }
        let mv = Move::from_ascii(token.as_bytes())?;
        if Position::is_legal(self, mv) {
            return Ok(mv);
        }
        if let Move::Normal { from, to, promotion: None } = mv
            && self.legal_moves().iter().any(
                |m| matches!(*m, Move::Normal { from: f, to: d, promotion: Some(_) } if f == from && d == to),
            )
        {
            return Err(ParseMoveError::PromotionNeeded { token: token.to_owned() });
        }
        Err(ParseMoveError::Illegal { token: token.to_owned() })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end_reason().map(|r| Outcome::win(Seat(r.winner(&self.rules) as u8), 2, r.as_str()))
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn quiet_plies(&self) -> Option<u32> {
        Some(u32::from(self.clock))
    }

    /// The hash without the half-move clock and the ply count.
    fn repetition_key(&self) -> u64 {
        self.hash ^ KEYS.counters(self.clock, self.ply)
    }

    fn status(&self) -> String {
        self.outcome().map_or_else(|| "ongoing".to_owned(), |o| self.outcome_text(&o))
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut found = FirstMatch::new(|m| m == mv);
        MoveGen::generate(self, &mut found);
        found.found()
    }

    /// Leaves of the game tree `depth` plies deep (a finished game counts 0
    /// at every depth ≥ 1), counting the last ply without listing it. Both
    /// modes count the same tree (there is no chance).
    fn perft(&self, depth: u32, _mode: PerftMode) -> u64 {
        motley_core::movegen::bulk_perft(self, depth)
    }
}
