// The evaluation graph: one shallow `analyze` per position of the line
// shown, cached by position, one request at a time; a new line stops the
// old line's requests. Then the line's `annotate` at the same depth, whose
// marks (inaccuracy, mistake, blunder) the move list shows.

import { $, svg } from "./dom.js";
import { api } from "./api.js";

const cache = new Map();
let current = null; // { key, abort }

function keyOf(base, depth, tokens) {
  return [base.variant, base.fen || "", depth, tokens.join(",")].join("|");
}

const SHARE = { win: 1, draw: 0.5, loss: 0 };

// One point: the expected result (0 to 1) of the seat to move after
// `tokens`, and that seat. A line with referee events is named to the
// search by the view's position; a finished game gives its result.
async function point(base, depth, tokens, signal) {
  const body = { variant: base.variant, moves: tokens };
  if (base.fen) body.fen = base.fen;
  let doc;
  try {
    doc = await api("analyze", { ...body, depth, time: 2000 }, signal);
  } catch (e) {
    if (signal.aborted) throw e;
    const view = await api("view", body, signal);
    if (view.outcome) {
      const mover = view.show.side_to_move;
      return { expected: SHARE[view.outcome.results[mover]] ?? 0.5, mover, text: view.status };
    }
    doc = await api("analyze", { variant: base.variant, ...view.search, depth, time: 2000 }, signal);
  }
  const expected = doc.search && typeof doc.search.expected === "number" ? doc.search.expected : 0.5;
  const text = doc.search && doc.search.score ? doc.search.score.text : doc.status || "";
  return { expected, mover: doc.side_to_move, text };
}

// Fills and draws the graph of `line` (its tokens) with `at` plies shown.
export async function fill(base, line, at, seats, goTo, onPoint) {
  const depth = $("graph-depth").value;
  const key = keyOf(base, depth, line);
  draw(base, line, at, seats, goTo);
  if (current && current.key === key) return;
  if (current) current.abort.abort();
  const abort = new AbortController();
  current = { key, abort };
  for (let k = 0; k <= line.length; k++) {
    if (abort.signal.aborted) return;
    const pk = keyOf(base, depth, line.slice(0, k));
    if (cache.has(pk)) continue;
    try {
      cache.set(pk, await point(base, Number(depth), line.slice(0, k), abort.signal));
    } catch (e) {
      if (abort.signal.aborted) return;
      cache.set(pk, { error: e.message });
    }
    if (current.key === key) {
      draw(base, line, at, seats, goTo);
      onPoint();
    }
  }
  // Once every point is in: the moves' marks.
  if (abort.signal.aborted || !line.length || judged.has(key)) return;
  try {
    judged.set(key, await judge(base, Number(depth), line, abort.signal));
  } catch (e) {
    if (abort.signal.aborted) return;
    judged.set(key, { error: e.message });
  }
  if (current.key === key) onPoint();
}

// The symbol of each of `annotate`'s marks (the NAGs $6, $2, $4).
const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// `annotate`'s analysis of the moves of `line` at `depth`: the line written
// as a record by the server (`record`), then annotated (`annotate`), so
// that the marks are the command's own, in every variant.
async function judge(base, depth, line, signal) {
  const body = { variant: base.variant, tree: line.join(",") };
  if (base.fen) body.fen = base.fen;
  const { record } = await api("record", body, signal);
  const doc = await api("annotate", { record, depth, game: 1 }, signal);
  return doc.games[0].moves;
}

// The verdict on move `k` of `line` from `annotate`, once it has answered,
// or null: { nag, name, loss, best }.
export function verdict(base, line, k) {
  const moves = judged.get(keyOf(base, $("graph-depth").value, line));
  const move = moves && !moves.error && moves[k - 1];
  if (!move || !move.mark) return null;
  return { nag: SYMBOL[move.mark] || "", name: move.mark, loss: move.expected_loss, best: move.best };
}

const judged = new Map();

let last = null;

// Draws the graph: with two seats the first seat's expected result (up is
// good for it); with more, each point is the expected result of the seat
// to move, in its colour, against the fair share.
export function draw(base, line, at, seats, goTo) {
  last = { base, line, at, seats, goTo };
  const box = $("graph");
  const W = 360, H = 100, PAD = 7;
  const depth = $("graph-depth").value;
  const n = line.length;
  const two = seats.length === 2;
  const colour = (name) => (seats.find((s) => s.name === name) || { colour: "#888" }).colour;
  const x = (k) => PAD + (n ? (k * (W - 2 * PAD)) / n : (W - 2 * PAD) / 2);
  const y = (v) => PAD + (1 - v) * (H - 2 * PAD);
  const fair = seats.length ? 1 / seats.length : 0.5;
  $("graph-caption").textContent = two
    ? `Evaluation graph: ${seats[0].name}'s expected result`
    : "Evaluation graph: expected result of the seat to move";
  const parts = [
    svg("line", { x1: PAD, x2: W - PAD, y1: y(fair), y2: y(fair), stroke: "#777", "stroke-dasharray": "4 3" }),
    svg("line", { x1: x(at), x2: x(at), y1: 0, y2: H, stroke: "#d64f8a", "stroke-width": 2, class: "cursor" }),
  ];
  const points = [];
  for (let k = 0; k <= n; k++) {
    const p = cache.get(keyOf(base, depth, line.slice(0, k)));
    if (!p || p.error) continue;
    const v = two && p.mover !== seats[0].name ? 1 - p.expected : p.expected;
    points.push({ k, v, p });
  }
  if (two && points.length > 1) {
    const path = points.map((q) => `${x(q.k).toFixed(1)},${y(q.v).toFixed(1)}`).join(" ");
    parts.push(svg("polygon", { points: `${x(points[0].k)},${y(0)} ${path} ${x(points[points.length - 1].k)},${y(0)}`, fill: seats[0].colour, opacity: 0.3 }));
    parts.push(svg("polyline", { points: path, fill: "none", stroke: "#e8e6e3", "stroke-width": 1.5 }));
  }
  for (const q of points) {
    const g = svg("g", { class: "point", "data-ply": q.k });
    g.appendChild(svg("circle", { cx: x(q.k), cy: y(q.v), r: 9, fill: "transparent" }));
    g.appendChild(svg("circle", { cx: x(q.k), cy: y(q.v), r: q.k === at ? 5 : 3.5, fill: colour(q.p.mover), stroke: "#777", "stroke-width": 1 }));
    g.appendChild(svg("title", {}, `ply ${q.k}: ${q.p.text} for ${q.p.mover} (expected ${q.p.expected.toFixed(2)})`));
    g.addEventListener("click", () => goTo(q.k));
    parts.push(g);
  }
  box.replaceChildren(...parts);
}

export function redraw() {
  if (last) draw(last.base, last.line, last.at, last.seats, last.goTo);
}
