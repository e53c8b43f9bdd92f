// Live analysis of the shown position: the server's analysis stream
// (`GET /api/analyze/stream`), its lines, and the evaluation bar. Every
// navigation clears what belongs to the previous position.

import { $, html } from "./dom.js";

let source = null;
let info = null;

export function lastInfo() {
  return info;
}

export function stop() {
  if (source) source.close();
  source = null;
}

// Clears the lines, the bar and the arrow's data: nothing shown belongs
// to another position.
export function clear(text) {
  stop();
  info = null;
  $("lines").replaceChildren();
  $("anainfo").textContent = text || "";
  drawBar(null, null);
}

// The score's expected result (0 to 1) for the side to move.
function fraction(score) {
  if (!score) return 0.5;
  if (score.win_in !== undefined) return 1;
  if (score.loss_in !== undefined) return 0;
  return 1 / (1 + Math.pow(10, -score.cp / 400));
}

// The score's text for `seat` when it is scored for `mover`: a two-seat
// score turns sign when `seat` is not the mover.
function textFor(score, same) {
  if (!score) return "";
  if (score.win_in !== undefined) return (same ? "+" : "\u2212") + "M" + score.win_in;
  if (score.loss_in !== undefined) return (same ? "\u2212" : "+") + "M" + score.loss_in;
  const v = (same ? score.cp : -score.cp) / 100;
  return (v > 0 ? "+" : v < 0 ? "\u2212" : "") + Math.abs(v).toFixed(2);
}

// The bar: with two seats, the first seat's expected result (its colour
// fills from its side of the board); with more, the mover's.
let barContext = { view: null, turns: 0 };

export function setBoard(view, turns) {
  barContext = { view, turns };
  drawBar(info, view);
}

function drawBar(current, view) {
  const fill = $("evalfill");
  const text = $("evaltext");
  const bar = $("evalbar");
  const v = view || barContext.view;
  const best = current && current.lines && current.lines[0];
  if (!v || !best) {
    fill.style.height = "50%";
    text.textContent = "";
    bar.dataset.empty = "true";
    return;
  }
  delete bar.dataset.empty;
  const seats = v.seats;
  const mover = v.side_to_move;
  const two = seats.length === 2;
  const shown = two ? seats[0] : seats.find((s) => s.name === mover);
  const same = !two || mover === seats[0].name;
  const f = fraction(best.score);
  const share = same ? f : 1 - f;
  fill.style.height = (100 * share).toFixed(1) + "%";
  fill.style.background = shown ? shown.colour : "#888";
  // The first seat's side: at the bottom unless the board is turned so
  // that another seat is.
  const bottom = seats.find((s) => s.turns === ((barContext.turns % 4) + 4) % 4);
  const fromTop = two && bottom && bottom.name !== seats[0].name;
  fill.classList.toggle("top", fromTop);
  text.textContent = textFor(best.score, same);
  text.title = `for ${shown ? shown.name : mover}`;
  bar.title = `Evaluation for ${shown ? shown.name : mover}`;
}

function drawLines(current, done, view) {
  const lines = $("lines");
  lines.replaceChildren();
  for (const line of current.lines || []) {
    lines.appendChild(html("li", "", html("span", "score", line.score ? line.score.text : ""), line.pv.join(" ")));
  }
  $("anainfo").textContent = `depth ${current.depth} (seldepth ${current.seldepth}) · ${current.nodes} nodes · ${current.nps} nodes/s · ${current.time_ms} ms` +
    (done ? " · done" : "") + (view.side_to_move ? ` · scores for ${view.side_to_move}` : "");
  drawBar(current, view);
}

// Starts analysing `view`'s position; `redraw` is called on each depth.
export function start(view, multipv, redraw) {
  clear("searching…");
  if (view.outcome) {
    $("anainfo").textContent = "the game is over";
    return;
  }
  const params = new URLSearchParams({ variant: view.variant, multipv });
  if (view.search.fen) params.set("fen", view.search.fen);
  if (view.search.moves.length) params.set("moves", view.search.moves.join(","));
  const stream = new EventSource("/api/analyze/stream?" + params);
  source = stream;
  stream.addEventListener("info", (e) => {
    if (source !== stream) return;
    info = JSON.parse(e.data);
    drawLines(info, false, view);
    redraw();
  });
  stream.addEventListener("done", (e) => {
    if (source !== stream) return;
    const done = JSON.parse(e.data);
    stream.close();
    source = null;
    if (done.depth > 0) {
      info = done;
      drawLines(done, true, view);
      redraw();
    }
  });
  stream.onerror = () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    $("anainfo").textContent = "the analysis stream ended (the server may be busy)";
  };
}
