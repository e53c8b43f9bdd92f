//! [`Rules`]: the rule options of Joker's Chess. Every point the rules page
//! (`RULES.md` in this package, `docs/rules/joker.md` in the repository)
//! marks **\[decision\]** is a field here, with the page's reading as the
//! default, plus the two limits the seed states.

/// What kind a captured *promoted* piece respawns as.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PromotedRespawn {
    /// The kind at the moment of capture: a pawn promoted to a knight respawns
    /// as a knight, one promoted to a queen, rook or king does not respawn
    /// (the rules' **\[decision\]**, default).
    #[default]
    AsCurrentKind,
    /// As a pawn, whatever it was promoted to (the crazyhouse convention): it
    /// respawns on its owner's 2nd/7th rank on the file where it was captured.
    AsPawn,
}

/// When Black may promote a pawn to a king.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KingPromotion {
    /// Only while Black has exactly one king on the board (default, the
    /// rules' reading of the seed).
    #[default]
    WhileOneKing,
    /// Never.
    Never,
    /// Always.
    Always,
}

/// The rule options of Joker's Chess. `Rules::default()` is the game as the
/// rules page states it.
///
/// ```
/// use motley_joker::{Joker, Rules};
/// let casual = Rules { quiet_limit: 0, ..Rules::default() };
/// let pos = Joker::start_with(casual);
/// assert_eq!(pos.rules().quiet_limit, 0);
/// assert_eq!(Rules::default().ply_limit, 200);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// White wins as soon as Black has at most this many kings on the board.
    /// Default `0`: White must capture every black king (**\[decision\]**: the
    /// seed's win condition is capture, not mate; kings are not royal; §2). `1`
    /// makes capturing either starting king a win.
    pub black_kings_floor: u8,
    /// Black may castle only if White attacks none of the king's start, pass
    /// and arrival squares. Default `true` (**\[decision\]**: the standard
    /// condition, kept although kings are not royal; §2).
    pub castling_needs_safe_squares: bool,
    /// What a captured promoted piece respawns as. Default
    /// [`PromotedRespawn::AsCurrentKind`] (**\[decision\]**, §3).
    pub promoted_respawn: PromotedRespawn,
    /// Whether a pawn standing on its 3rd rank (White: rank 3, Black: rank 6),
    /// where drops put pawns, may double step. Default `false` (**\[decision\]**:
    /// a dropped pawn is not on its start rank; §3). The crate does not track how a
    /// pawn reached that rank, so `true` applies to every pawn there.
    pub third_rank_double_step: bool,
    /// Whether Black may promote to a queen. Default `false` (**\[decision\]**:
    /// never a queen; §4).
    pub black_queen_promotion: bool,
    /// When Black may promote to a king. Default
    /// [`KingPromotion::WhileOneKing`] (**\[decision\]**, §4).
    pub black_king_promotion: KingPromotion,
    /// Black wins once this many consecutive half-moves have passed with no
    /// capture and no pawn move (the half-move clock reaches it). Default `14`
    /// (**\[decision\]**: the seed announces the rule without explaining it);
    /// `0` disables the rule (§5).
    pub quiet_limit: u16,
    /// Whether a pawn drop counts as a pawn move and resets the half-move
    /// clock. Default `true` (**\[decision\]**, §5).
    pub pawn_drop_resets_clock: bool,
    /// Black wins once this many half-moves have been played in total and
    /// Black still has a king. Default `200` (the seed's 100 moves); `0`
    /// disables the limit (§5).
    pub ply_limit: u16,
    /// Whether Black loses when it has no legal move on its turn. Default
    /// `true` (**\[decision\]**); `false` makes Black win instead, as White's
    /// stalemate does (§5).
    pub black_no_moves_loses: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

impl Rules {
    /// The rules as the rules page states them (same as `Rules::default()`).
    pub const STANDARD: Rules = Rules {
        black_kings_floor: 0,
        castling_needs_safe_squares: true,
        promoted_respawn: PromotedRespawn::AsCurrentKind,
        third_rank_double_step: false,
        black_queen_promotion: false,
        black_king_promotion: KingPromotion::WhileOneKing,
        quiet_limit: 14,
        pawn_drop_resets_clock: true,
        ply_limit: 200,
        black_no_moves_loses: true,
    };
}
