// Motley analysis board: ES modules, no build step, no network but the
// server it came from. The server keeps no game: the page keeps the game
// tree and asks for the view of the position shown (`POST /api/view`),
// which holds everything the board draws. See docs/api.md.

import { $, showError } from "./dom.js";
import { api } from "./api.js";
import * as tree from "./tree.js";
import { drawBoard, squareAt } from "./board.js";
import * as panels from "./panels.js";
import * as analysis from "./analysis.js";
import * as graph from "./graph.js";
import * as sport from "./sport.js";

const state = {
  variant: null,
  startFen: null, // null: the variant's start position
  root: tree.lineTree([]),
  node: null, // the node shown
  turns: 0, // quarter turns of the board
  selected: null, // the square whose targets are shown
  dropLetter: null, // the reserve piece chosen for a drop
  view: null, // the view document of the shown position
  analysing: false,
  request: 0, // the number of the latest view request (older answers are dropped)
  record: null, // the record last imported, with the line it holds
};
state.node = state.root;

function base() {
  return { variant: state.variant, fen: state.startFen };
}

function viewBody(node) {
  const body = { variant: state.variant, moves: tree.pathTo(node) };
  if (state.startFen) body.fen = state.startFen;
  return body;
}

// ---- The address: the fragment follows the node shown ----

function writeFragment() {
  const params = new URLSearchParams();
  params.set("variant", state.variant);
  if (state.startFen) params.set("fen", state.startFen);
  const moves = tree.write(state.root);
  if (moves) params.set("moves", moves);
  const main = tree.lineEnd(state.root);
  if (tree.onMainLine(state.node)) {
    const ply = tree.depth(state.node);
    if (ply !== tree.depth(main)) params.set("ply", ply);
  } else {
    params.set("at", tree.address(state.node).join("."));
  }
  if (state.turns) params.set("turns", state.turns);
  if (state.analysing) params.set("analyze", "1");
  const hash = "#" + params.toString().replace(/%2C/g, ",").replace(/%28/g, "(").replace(/%29/g, ")");
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

// ---- Drawing ----

function targets() {
  const view = state.view;
  if (!view) return [];
  if (state.dropLetter) {
    return view.inputs.filter((i) => i.kind === "place" && i.becomes && i.becomes.letter === state.dropLetter).map((i) => i.to);
  }
  if (!state.selected) return [];
  return view.inputs.filter((i) => i.kind === "move" && i.from === state.selected).map((i) => i.to);
}

function bestArrow() {
  const info = analysis.lastInfo();
  const pv = info && info.lines && info.lines[0] && info.lines[0].pv;
  if (!pv || !pv.length || !state.view) return null;
  const input = state.view.inputs.find((i) => i.token === pv[0]);
  return input && input.kind === "move" && input.from !== input.to ? { from: input.from, to: input.to } : null;
}

function drawBoardNow() {
  if (!state.view) return;
  drawBoard(state.view, state.turns, {
    last: state.view.last_move,
    selected: state.selected,
    targets: targets(),
    royals: state.view.marks,
    arrow: bestArrow(),
  }, clickSquare);
  sport.decorate();
}

function redraw() {
  const view = state.view;
  if (!view) return;
  drawBoardNow();
  analysis.setBoard(view, state.turns);
  panels.drawStatus(view, tree.depth(state.node), tree.depth(tree.lineEnd(state.node)));
  panels.drawSpecial(view, play);
  panels.drawDetails(view, state.dropLetter, chooseDrop);
  drawMoveList();
  panels.drawSeatChoice(view, state.turns);
  $("undo").disabled = !state.node.parent;
  $("promote").disabled = tree.onMainLine(state.node);
  if (document.activeElement !== $("fen")) $("fen").value = view.show.fen;
}

// The move list, its moves marked with the graph's verdicts.
function drawMoveList() {
  const shown = tree.nodesTo(tree.lineEnd(state.node));
  const verdicts = new Map();
  shown.forEach((n, i) => {
    const mark = !n.referee && graph.verdict(base(), tree.pathTo(tree.lineEnd(state.node)), i + 1);
    if (mark) verdicts.set(n, mark);
  });
  panels.drawMoveList(state.root, state.node, goToNode, verdicts);
}

// ---- Position changes ----

// Shows `state.node`: its view, then analysis and the graph for it. What
// belonged to the previous position (analysis, arrow, choices) goes at once.
async function refresh() {
  const request = ++state.request;
  const node = state.node;
  state.selected = null;
  state.dropLetter = null;
  panels.showChoices("", [], play);
  panels.drawPreview(null, []);
  analysis.clear(state.analysing ? "searching…" : "");
  drawBoardNow();
  writeFragment();
  try {
    const view = await api("view", viewBody(node));
    if (request !== state.request) return;
    state.view = view;
    // What the server read in each entry (marks, notes), kept on its node.
    tree.nodesTo(node).forEach((n, i) => {
      n.entry = view.line[i] || null;
      n.referee = Boolean(n.entry && n.entry.referee);
    });
    showError("error", "");
  } catch (e) {
    if (request !== state.request) return;
    showError("error", e.message);
    return;
  }
  redraw();
  if (state.analysing) analysis.start(state.view, $("multipv").value, drawBoardNow);
  fillGraph();
  fillEntries();
  sport.update(viewBody(node), state.view.seats);
}

// The entries not on the way to the node shown (after it, or on the main
// line beside a variation: a reload, a step back) get the server's marks
// too: the view of the line's end and of the main line's end, asked once
// for nodes that have none.
async function fillEntries() {
  for (const end of new Set([tree.lineEnd(state.node), tree.lineEnd(state.root)])) {
    const nodes = tree.nodesTo(end);
    if (nodes.every((n) => n.entry)) continue;
    try {
      const view = await api("view", viewBody(end));
      nodes.forEach((n, i) => {
        n.entry = view.line[i] || null;
        n.referee = Boolean(n.entry && n.entry.referee);
      });
      drawMoveList();
    } catch (e) {
      // Left unmarked: the entries get their marks when shown.
    }
  }
}

function fillGraph() {
  if (!state.view) return;
  const line = tree.pathTo(tree.lineEnd(state.node));
  graph.fill(base(), line, tree.depth(state.node), state.view.seats, goToPly, drawMoveList);
}

function play(token) {
  state.node = tree.child(state.node, token);
  refresh();
}

function goToNode(node) {
  if (!node || node === state.node) return;
  state.node = node;
  refresh();
}

// Ply `k` of the line shown.
function goToPly(k) {
  const line = tree.nodesTo(tree.lineEnd(state.node));
  goToNode(k <= 0 ? state.root : line[Math.min(k, line.length) - 1]);
}

function undo() {
  if (!state.node.parent) return;
  state.node = tree.remove(state.node);
  refresh();
}

function promote() {
  tree.promote(state.node);
  redraw();
  writeFragment();
  fillGraph();
}

function chooseDrop(letter) {
  state.dropLetter = state.dropLetter === letter ? null : letter;
  state.selected = null;
  redraw();
}

function clickSquare(name) {
  const inputs = (state.view && state.view.inputs) || [];
  if (state.dropLetter) {
    const drops = inputs.filter((i) => i.kind === "place" && i.becomes && i.becomes.letter === state.dropLetter && i.to === name);
    state.dropLetter = null;
    if (drops.length) return play(drops[0].token);
  }
  if (state.selected && state.selected !== name) {
    const found = inputs.filter((i) => i.kind === "move" && i.from === state.selected && i.to === name);
    if (found.length === 1) return play(found[0].token);
    if (found.length > 1) {
      panels.showChoices(`${state.selected} to ${name}: choose`, found, play);
      return;
    }
  }
  panels.showChoices("", [], play);
  const from = inputs.filter((i) => i.kind === "move" && i.from === name);
  if (from.length && state.selected !== name) {
    state.selected = name;
    const inPlace = from.filter((i) => i.to === name);
    if (inPlace.length) panels.showChoices(`${name}: choose`, inPlace, play);
  } else {
    state.selected = null;
    const drops = inputs.filter((i) => i.kind === "place" && i.to === name);
    if (drops.length) panels.showChoices(`On ${name}:`, drops, play);
  }
  drawBoardNow();
  panels.drawPreview(state.selected, inputs);
  panels.drawDetails(state.view, state.dropLetter, chooseDrop);
}

// Drag and drop: a piece pressed on one square and released on another
// plays as the two clicks would.
let dragFrom = null;
$("board").addEventListener("pointerdown", (e) => {
  const square = squareAt(e);
  const inputs = (state.view && state.view.inputs) || [];
  dragFrom = square && inputs.some((i) => i.kind === "move" && i.from === square) ? square : null;
});
$("board").addEventListener("pointerup", (e) => {
  const from = dragFrom;
  dragFrom = null;
  const to = squareAt(e);
  if (!from || !to || to === from) return;
  e.preventDefault();
  state.selected = from;
  clickSquare(to);
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
});
let suppressClick = false;
$("board").addEventListener("click", (e) => {
  if (suppressClick) e.stopPropagation();
}, true);

// ---- Analysis ----

function toggleAnalysis() {
  state.analysing = !state.analysing;
  $("analyze").textContent = state.analysing ? "Stop analysis" : "Start analysis";
  if (state.analysing && state.view) analysis.start(state.view, $("multipv").value, drawBoardNow);
  else analysis.clear("");
  drawBoardNow();
  writeFragment();
}

// ---- Position strings and records ----

async function loadFen(text) {
  const fen = text.trim();
  try {
    await api("view", { variant: state.variant, fen });
  } catch (e) {
    showError("fen-error", e.message);
    return;
  }
  showError("fen-error", "");
  state.startFen = fen;
  newTree([]);
  refresh();
}

async function exportRecord() {
  try {
    const record = state.record;
    const shape = tree.write(state.root);
    const imported = record && record.root === state.root && record.variant === state.variant;
    // A record imported and not changed since is given back as it was;
    // otherwise the server writes the whole tree, keeping an imported
    // record's tags, comments and marks.
    if (imported && record.tree === shape) {
      $("record").value = record.text;
    } else {
      const body = { variant: state.variant, tree: shape };
      if (state.startFen) body.fen = state.startFen;
      if (imported) body.base = record.text;
      $("record").value = (await api("record", body)).record;
    }
    showError("record-error", "");
  } catch (e) {
    showError("record-error", e.message);
  }
}

async function importRecord() {
  const text = $("record").value;
  try {
    const start = await api("replay", { record: text, ply: 0 });
    const read = await api("record", { variant: start.variant, base: text });
    const variantStart = await api("view", { variant: start.variant });
    setVariant(start.variant);
    state.startFen = start.fen === variantStart.show.fen ? null : start.fen;
    newTree([]);
    state.root = tree.read(read.tree);
    state.node = tree.lineEnd(state.root);
    state.record = { text, root: state.root, tree: tree.write(state.root), variant: start.variant };
    showError("record-error", "");
    refresh();
  } catch (e) {
    showError("record-error", e.message);
  }
}

function copyFen() {
  const text = $("fen").value;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).catch(() => {});
  } else {
    $("fen").select();
    document.execCommand("copy");
  }
}

function newTree(tokens) {
  state.root = tree.lineTree(tokens);
  state.node = state.root;
  state.record = null;
}

function setVariant(variant) {
  if (state.variant !== variant) state.turns = 0;
  state.variant = variant;
  $("variant").value = variant;
  $("seat").replaceChildren();
}

// ---- Wiring ----

function flip() {
  state.turns = (state.turns + 2) % 4;
  redraw();
  writeFragment();
}

$("variant").addEventListener("change", (e) => {
  setVariant(e.target.value);
  state.startFen = null;
  newTree([]);
  refresh();
});
$("new").addEventListener("click", () => {
  state.startFen = null;
  newTree([]);
  refresh();
});
$("flip").addEventListener("click", flip);
$("seat").addEventListener("change", (e) => {
  const seat = state.view && state.view.seats.find((s) => s.name === e.target.value);
  state.turns = seat ? seat.turns : 0;
  redraw();
  writeFragment();
});
$("first").addEventListener("click", () => goToNode(state.root));
$("back").addEventListener("click", () => goToNode(state.node.parent));
$("forward").addEventListener("click", () => goToNode(state.node.children[0]));
$("last").addEventListener("click", () => goToNode(tree.lineEnd(state.node)));
$("undo").addEventListener("click", undo);
$("promote").addEventListener("click", promote);
$("analyze").addEventListener("click", toggleAnalysis);
$("multipv").addEventListener("change", () => state.analysing && state.view && analysis.start(state.view, $("multipv").value, drawBoardNow));
$("graph-depth").addEventListener("change", fillGraph);
$("copy").addEventListener("click", copyFen);
$("load").addEventListener("click", () => loadFen($("fen").value));
$("fen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") loadFen($("fen").value);
});
$("export").addEventListener("click", exportRecord);
$("import").addEventListener("click", importRecord);
document.addEventListener("keydown", (e) => {
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (e.key === "ArrowLeft") goToNode(state.node.parent);
  else if (e.key === "ArrowRight") goToNode(state.node.children[0]);
  else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
    // The sibling variation before or after the node shown.
    const siblings = state.node.parent ? state.node.parent.children : [];
    const i = siblings.indexOf(state.node) + (e.key === "ArrowUp" ? -1 : 1);
    if (i >= 0 && i < siblings.length) goToNode(siblings[i]);
  } else if (e.key === "Home") goToNode(state.root);
  else if (e.key === "End") goToNode(tree.lineEnd(state.node));
  else if (e.key === "f") flip();
  else if (e.key === "Backspace" || e.key === "Delete") undo();
  else return;
  e.preventDefault();
});

// `#variant=<name>&fen=...&moves=e2e4,e7e5,g1f3,(b1c3)&ply=1` in the address
// opens that game tree (each variation in brackets after the entry it
// replaces) at that ply of the main line, or with `&at=0.1.0` at the node
// those child indices lead to (`&turns=1`: the board a quarter turn round;
// `&analyze=1`: analysis on). The page keeps the fragment up to date.
(async function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  let names = [];
  try {
    names = (await (await fetch("/api/variants")).json()).variants;
  } catch (e) {
    showError("error", "error: the server's variants are unknown: " + e.message);
  }
  $("variant").replaceChildren(...names.map((n) => new Option(n, n)));
  const wanted = hash.get("variant");
  setVariant(names.includes(wanted) ? wanted : names[0]);
  if (hash.get("fen")) state.startFen = hash.get("fen");
  newTree([]);
  state.root = tree.read(hash.get("moves") || "");
  const ply = hash.has("ply") ? parseInt(hash.get("ply"), 10) : Infinity;
  const nodes = tree.nodesTo(tree.lineEnd(state.root));
  state.node = ply <= 0 ? state.root : nodes[Math.min(ply, nodes.length) - 1] || state.root;
  if (hash.get("at")) state.node = tree.follow(state.root, hash.get("at").split(".").map(Number));
  if (hash.get("turns")) state.turns = (parseInt(hash.get("turns"), 10) || 0) % 4;
  if (hash.get("analyze") === "1") {
    state.analysing = true;
    $("analyze").textContent = "Stop analysis";
  }
  refresh();
})();
