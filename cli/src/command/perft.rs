//! `perft`: the leaves of the game tree, split across threads by root input.

use core::fmt::Write as _;

use motley_core::{PerftMode, Position};

use crate::args::{PerftArgs, Terminal};
use crate::document::{PerftDocument, json_doc};
use crate::error::CliError;
use crate::variant::{Variant, command_task};
use crate::{game, perft};

/// Runs `perft`.
///
/// # Errors
/// An input error for a bad variant, position string or move; a failure if
/// the threads cannot start.
pub fn run(args: &PerftArgs, term: Terminal) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with(Perft { args, term })
}

command_task!(Perft<'a>(args: &'a PerftArgs, term: Terminal) => on);

/// `perft` on variant `P` (any position).
///
/// # Errors
/// As [`run`].
pub fn on<P: Position>(args: &PerftArgs, term: Terminal) -> Result<String, CliError> {
    let session = game::session::<P>(&args.common)?;
    let pos = session.position();
    let mode: PerftMode = args.mode.into();
    let run = perft::run(pos, args.depth, mode, args.threads, term.progress)?;
    if term.progress {
        let nps = run.nodes_per_second();
        eprintln!("perft {}: {} nodes in {:.3} s ({nps} nodes/s)", args.depth, run.nodes, run.seconds);
    }
    if args.common.json {
        return Ok(json_doc(&PerftDocument::new(pos, mode, args.threads, args.depth, &run)));
    }
    let mut out = String::new();
    if args.divide {
        let mut divide: Vec<(String, u64)> = run.divide.iter().map(|(m, n)| (m.to_string(), *n)).collect();
        divide.sort_unstable();
        for (m, n) in &divide {
            let _ = writeln!(out, "{m}: {n}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "nodes {}", run.nodes);
    Ok(out)
}
