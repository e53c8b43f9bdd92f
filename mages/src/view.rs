//! The picture of a position: drawing colours and [`BoardView`] for [`Mages`].

use motley_core::{
    Annotations, BoardView, Cell, Fact, Glyph, Position, Region, Rgb, RoleKey, Royal, RoyalState,
};

use crate::board::Square;
use crate::game::RefereeEvent;
use crate::moves::Move;
use crate::piece::{Role, Team};
use crate::position::Mages;

/// Green's drawing colour.
pub const GREEN: Rgb = Rgb(0x2e, 0x8b, 0x57);
/// Blue's drawing colour.
pub const BLUE: Rgb = Rgb(0x1e, 0x5a, 0xc8);
/// The outline of a pending engagement's challenger square in pictures.
pub const CHALLENGER_MARK: Rgb = Rgb(0xff, 0x45, 0x00);
/// The outline of a pending engagement's defender square in pictures.
pub const DEFENDER_MARK: Rgb = Rgb(0xff, 0xd7, 0x00);

impl BoardView for Mages {
    fn dimensions(&self) -> (u8, u8) {
        (6, 8)
    }

    fn cell(&self, file: u8, rank: u8) -> Cell {
        let piece = Square::at(i32::from(file), i32::from(rank)).and_then(|sq| {
            let p = self.state.board.piece_at(sq)?;
            Some(Glyph {
                letter: p.role.upper(),
                symbol: p.role.symbol(),
                army: p.team.name(),
                color: if p.team == Team::Green { GREEN } else { BLUE },
                mark: self.state.board.has_halo(sq).then_some('*'),
            })
        });
        Cell { piece, tint: None }
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        let halos: Vec<String> = self.state.board.halos().iter().map(|s| s.to_string()).collect();
        vec![
            ("side_to_move", self.state.turn.name().to_owned()),
            (
                "pending_engagement",
                self.state.pending.map_or_else(
                    || "none".to_owned(),
                    |e| format!("{}{} ({})", e.challenger, e.defender, e.combat.name()),
                ),
            ),
            ("halos", if halos.is_empty() { "none".to_owned() } else { halos.join(",") }),
            ("passes", self.state.passes.to_string()),
            ("ply", self.state.ply.to_string()),
            ("status", self.status()),
        ]
    }

    fn facts(&self) -> Vec<(&'static str, Fact)> {
        let board = Fact::List(
            self.state
                .board
                .occupied()
                .iter()
                .filter_map(|sq| {
                    let p = self.state.board.piece_at(sq)?;
                    let marks: &[&str] = if self.state.board.has_halo(sq) { &["halo"] } else { &[] };
                    Some(Fact::piece(sq, p.role.name(), "team", p.team.name(), marks))
                })
                .collect(),
        );
        let pending = self.state.pending.map_or(Fact::Null, |e| {
            let resolutions = self.chance().unwrap_or_default().into_iter().map(|(mv, p)| {
                let resolution = match mv {
                    Move::Resolve { resolution, .. } => Fact::from(resolution.word()),
                    _ => Fact::Null,
                };
                Fact::map([
                    ("resolution", resolution),
                    ("move", Fact::text(mv)),
                    ("probability", Fact::from(p)),
                ])
            });
            Fact::map([
                ("challenger", Fact::text(e.challenger)),
                ("defender", Fact::text(e.defender)),
                ("combat", Fact::from(e.combat.name())),
                ("resolutions", Fact::List(resolutions.collect())),
            ])
        });
        let halos = self.state.board.halos().iter().map(Fact::text);
        let referee = RefereeEvent::accepted_at(self).into_iter().map(|e| Fact::from(e.to_string()));
        vec![
            ("board", board),
            ("pending_engagement", pending),
            ("halos", Fact::List(halos.collect())),
            ("passes", Fact::from(self.state.passes)),
            ("ply", Fact::from(self.state.ply)),
            ("ply_limit", Fact::from(self.rules.ply_limit)),
            ("referee_events", Fact::List(referee.collect())),
        ]
    }

    /// Each team's Royal on the board, in check while it defends a pending
    /// engagement (its piece may be downed by the resolution).
    fn royals(&self) -> Vec<Royal> {
        let engaged = self.state.pending.map(|e| e.defender);
        Team::ALL
            .into_iter()
            .filter_map(|team| {
                let sq = self.state.board.royal(team)?;
                let state = if engaged == Some(sq) { RoyalState::Check } else { RoyalState::Safe };
                Some(Royal { square: (sq.file().index(), sq.rank().index()), army: team.name(), state })
            })
            .collect()
    }

    /// The role legend (the symbols are the position string's letters); at
    /// a pending engagement, its two squares outlined (challenger orange,
    /// defender gold) and each resolution's probability under the default
    /// [`OutcomeModel`](crate::OutcomeModel) as notes.
    fn annotations(&self) -> Annotations {
        let roles =
            Role::ALL.map(|r| RoleKey { symbol: r.symbol(), name: r.title(), letter: r.upper() }).to_vec();
        let mut notes = Annotations { roles, ..Annotations::default() };
        let Some(e) = self.state.pending else { return notes };
        let at = |sq: Square| (sq.file().index(), sq.rank().index());
        notes.regions = vec![
            Region {
                label: "challenger".to_owned(),
                squares: vec![at(e.challenger)],
                color: CHALLENGER_MARK,
            },
            Region { label: "defender".to_owned(), squares: vec![at(e.defender)], color: DEFENDER_MARK },
        ];
        notes.notes.push(format!("engagement {}{} ({})", e.challenger, e.defender, e.combat.name()));
        for (mv, p) in self.chance().unwrap_or_default() {
            let token = mv.to_string();
            let what = match token.split('=').next().unwrap_or(&token) {
                "challenger" => "challenger (orange) wins",
                "defender" => "defender (gold) wins",
                _ => "draw",
            };
            notes.notes.push(format!("{what}: {:.1}%", 100.0 * p));
        }
        notes
    }
}
