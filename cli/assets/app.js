// Motley analysis board: plain JavaScript, no build step, no network but the
// server it came from. The position travels with every request (the server
// keeps no state): a start position string (or the variant's start) and the
// moves played from it. See docs/api.md.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

// Board sizes (files, ranks).
const DIMS = { sovereign: [16, 16], royale: [16, 16], mages: [6, 8], joker: [8, 8] };
// Army and team colours, as the rules crates draw them.
const COLOURS = {
  white: "#f4f4f4", ash: "#b8b8b8", slate: "#5a626e", black: "#1a1a1a", pink: "#f28cc0", red: "#d62728",
  orange: "#f58a1f", yellow: "#f2d024", green: "#2ca02c", cyan: "#5bc8e8", navy: "#1f3a93", violet: "#9467bd",
};
const TEAM_COLOURS = { green: "#2e8b57", blue: "#1e5ac8" };
const GLYPHS = { king: "\u265A", queen: "\u265B", rook: "\u265C", bishop: "\u265D", knight: "\u265E", pawn: "\u265F" };
const MAGES_LETTERS = { royal: "R", counselor: "C", chariot: "H", shaman: "S", pawn: "P" };
const DROP_ROLES = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king" };
const SUFFIX_NAMES = {
  sovereign: { q: "queen", r: "rook", b: "bishop", n: "knight", k: "king" },
  royale: { q: "queen", r: "rook", b: "bishop", n: "knight", k: "king" },
  mages: { c: "counselor", h: "chariot", s: "shaman" },
  joker: { q: "queen", r: "rook", b: "bishop", n: "knight" },
};
// Quarter turns that put each Royale seat at the bottom.
const SEAT_TURNS = { white: 0, ash: 1, black: 2, slate: 3 };
const CELL = 60;
const MARGIN = 26;

const state = {
  variant: "sovereign",
  startFen: null, // null: the variant's start position
  moves: [], // every move of the line, in the variant's notation
  cursor: 0, // how many of them the board shows
  turns: 0, // quarter turns of the board
  selected: null, // the square whose targets are shown
  dropRole: null, // the Joker Reserve letter chosen for a drop
  show: null, // `show --json` of the shown position
  legal: [], // `moves --json`'s moves there
  analysing: false,
  source: null, // the EventSource of the running analysis
  lastInfo: null,
  request: 0, // the number of the latest position request (older answers are dropped)
  searchBody: null, // the body that names the shown position to a search
  over: null, // the result of a game a referee event ended (Mage's Chess), e.g. "1-0"
};

// The evaluation graph: one shallow `analyze` per position of the line,
// cached by position (variant, start, depth, moves), one request at a time;
// a new line stops the old line's requests.
const graph = { cache: new Map(), line: null, abort: null };

// Mage's Chess referee events (docs/records.md): record entries, not
// `--moves` inputs, so a line holding one is replayed as a record.
const REFEREE = /^(timeout|engagement-timeout|draw-agreed|(sanction|forfeit|resign):(green|blue))$/;
const REFEREE_TEXT = {
  timeout: "turn time ran out", "engagement-timeout": "engagement time ran out (drawn)",
  sanction: "forfeits a turn", forfeit: "forfeits the match", resign: "resigns", "draw-agreed": "draw agreed",
};

// ---- The API ----

async function api(command, body, signal) {
  const response = await fetch("/api/" + command, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const doc = await response.json().catch(() => ({ error: "error: the server's answer is not JSON, " + command }));
  if (!response.ok) throw new Error(doc.error || "error: HTTP " + response.status);
  return doc;
}

function positionBody(plies) {
  const body = { variant: state.variant, moves: state.moves.slice(0, plies) };
  if (state.startFen) body.fen = state.startFen;
  return body;
}

function isReferee(token) {
  return REFEREE.test(token);
}

// Whether the first `plies` inputs hold a referee event.
function refereeIn(plies) {
  return state.moves.slice(0, plies).some(isReferee);
}

function refereeLabel(token) {
  const [word, team] = token.split(":");
  return team ? `${token} (${team} ${REFEREE_TEXT[word]})` : `${token} (${REFEREE_TEXT[word]})`;
}

// The position after `plies` inputs: `show` and `moves` documents, and the
// result when a referee event ended the game. A line with a referee event
// goes through the game-record commands, so that the server replays it
// under its referee (a sanction is served on the team's next turn): the
// line becomes a record (`record`), the record its last position
// (`replay`), and that position's string its legal inputs (`moves`).
async function positionAt(plies, signal) {
  if (!refereeIn(plies)) {
    const body = positionBody(plies);
    const [show, moves] = await Promise.all([api("show", body, signal), api("moves", body, signal)]);
    return { show, legal: moves.moves, over: null, body };
  }
  const rec = await api("record", positionBody(plies), signal);
  const show = await api("replay", { record: rec.record }, signal);
  const result = rec.game && rec.game.termination;
  const over = result && result !== "*" ? result : null;
  const body = { variant: state.variant, fen: show.fen };
  const legal = over ? [] : (await api("moves", body, signal)).moves;
  return { show, legal, over, body };
}

function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
}

// ---- Squares and move tokens ----

const SQUARE = /(?<![a-z])([a-p])(1[0-6]|[1-9])(?![0-9])/g;

function squareName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

function parseSquare(name) {
  return [name.charCodeAt(0) - 97, parseInt(name.slice(1), 10) - 1];
}

function squaresOf(token) {
  return [...token.matchAll(SQUARE)].map((m) => m[0]);
}

// A legal token as the board offers it: a move from a square to a square, a
// drop on a square, or a choice with no square (a button).
function classify(token) {
  const squares = squaresOf(token);
  if (squares.length >= 2) return { token, kind: "move", from: squares[0], to: squares[1] };
  if (squares.length === 1 && token.includes("@")) return { token, kind: "drop", to: squares[0], role: token[0] };
  if (squares.length === 1) return { token, kind: "move", from: squares[0], to: squares[0] };
  return { token, kind: "special" };
}

function label(token) {
  const c = classify(token);
  if (c.kind === "drop") return token + " (drop a " + (DROP_ROLES[c.role] || c.role) + ")";
  if (token.startsWith("castle:")) return token + " (castle)";
  if (token.startsWith("defect:")) return token + " (defect to " + token.split(":")[1] + ")";
  if (c.kind !== "move") return token;
  const rest = token.slice(token.lastIndexOf(c.to) + c.to.length);
  const names = SUFFIX_NAMES[state.variant] || {};
  const parts = [];
  const role = rest.replace(/[=!]/g, "");
  if (names[role]) parts.push((rest.startsWith("=") ? "defender promotes to " : "promote to ") + names[role]);
  if (rest.includes("!")) parts.push("heresy");
  return parts.length ? token + " (" + parts.join(", ") + ")" : token;
}

// ---- Geometry under rotation ----

function dims() {
  return DIMS[state.variant] || [8, 8];
}

function gridSize() {
  const [w, h] = dims();
  return state.turns % 2 ? [h, w] : [w, h];
}

// Square (f, r) to its display cell (col, row), row 0 at the top.
function toCell(f, r) {
  const [w, h] = dims();
  switch (state.turns % 4) {
    case 1: return [h - 1 - r, w - 1 - f];
    case 2: return [w - 1 - f, r];
    case 3: return [r, f];
    default: return [f, h - 1 - r];
  }
}

function toSquare(col, row) {
  const [w, h] = dims();
  switch (state.turns % 4) {
    case 1: return [w - 1 - row, h - 1 - col];
    case 2: return [w - 1 - col, row];
    case 3: return [row, col];
    default: return [col, h - 1 - row];
  }
}

function cellCentre(name) {
  const [f, r] = parseSquare(name);
  const [col, row] = toCell(f, r);
  return [MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2];
}

// ---- Drawing ----

function el(name, attrs, text) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function pieceColour(p) {
  if (p.team) return TEAM_COLOURS[p.team] || "#888";
  return COLOURS[p.colour] || "#888";
}

function seatColour(seat) {
  return COLOURS[seat] || TEAM_COLOURS[seat] || "#888";
}

function isDark(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

function lastMoveSquares() {
  if (state.cursor === 0) return [];
  return squaresOf(state.moves[state.cursor - 1]);
}

function checkSquares(show) {
  const c = show && show.check;
  if (Array.isArray(c)) return c.filter((x) => typeof x === "string");
  if (typeof c === "string") return [c];
  return [];
}

function drawBoard() {
  const svg = $("board");
  const show = state.show;
  const [cols, rows] = gridSize();
  const width = MARGIN * 2 + cols * CELL;
  const height = MARGIN * 2 + rows * CELL + 30;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.replaceChildren();
  svg.appendChild(el("rect", { width, height, fill: "#302e2b" }));
  const defs = el("defs");
  const marker = el("marker", { id: "arrowhead", markerWidth: 4, markerHeight: 4, refX: 2.2, refY: 2, orient: "auto" });
  marker.appendChild(el("path", { d: "M0,0 L4,2 L0,4 z", fill: "#3a8fd6" }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  const tinted = {};
  for (const s of (show && show.squares_of_colour) || []) tinted[s.square] = s.colour;
  const last = lastMoveSquares();
  const targets = targetsOf(state.selected);
  const dropTargets = state.dropRole ? state.legal.map(classify).filter((c) => c.kind === "drop" && c.role === state.dropRole).map((c) => c.to) : [];
  const checks = checkSquares(show);
  const pending = show && show.pending_engagement;
  const [w, h] = dims();
  for (let f = 0; f < w; f++) {
    for (let r = 0; r < h; r++) {
      const name = squareName(f, r);
      const [col, row] = toCell(f, r);
      const x = MARGIN + col * CELL;
      const y = MARGIN + row * CELL;
      const light = (f + r) % 2 === 1;
      const base = state.variant === "sovereign" || state.variant === "royale"
        ? (light ? "#ece8dc" : "#c9c2ad") : (light ? "#f0d9b5" : "#b58863");
      const g = el("g", { class: "sq", "data-square": name });
      g.appendChild(el("rect", { x, y, width: CELL, height: CELL, fill: base }));
      if (tinted[name]) {
        g.appendChild(el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, fill: COLOURS[tinted[name]] || "#888", rx: 4 }));
      }
      if (last.includes(name)) g.appendChild(el("rect", { x, y, width: CELL, height: CELL, fill: "#f6e05e", opacity: 0.45 }));
      if (state.selected === name) g.appendChild(el("rect", { x, y, width: CELL, height: CELL, fill: "#5fb0ff", opacity: 0.55 }));
      if (checks.includes(name)) g.appendChild(el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 2, fill: "#e02020", opacity: 0.55 }));
      if (pending && (pending.challenger === name || pending.defender === name)) {
        g.appendChild(el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "none", stroke: pending.challenger === name ? "#ff4500" : "#ffd700", "stroke-width": 4 }));
      }
      g.addEventListener("click", () => clickSquare(name));
      svg.appendChild(g);
    }
  }
  for (const p of (show && show.board) || []) drawPiece(svg, p);
  for (const name of targets.concat(dropTargets)) {
    const [cx, cy] = cellCentre(name);
    const occupied = ((show && show.board) || []).some((p) => p.square === name);
    svg.appendChild(el("circle", occupied
      ? { cx, cy, r: CELL / 2 - 4, fill: "none", stroke: "#1b6fd0", "stroke-width": 4, opacity: 0.8, "pointer-events": "none" }
      : { cx, cy, r: CELL / 7, fill: "#1b6fd0", opacity: 0.7, "pointer-events": "none" }));
  }
  drawCoordinates(svg, cols, rows);
  drawArrow(svg);
  if (show) {
    const seat = show.side_to_move;
    const y = MARGIN * 2 + rows * CELL + 8;
    svg.appendChild(el("circle", { cx: MARGIN + 8, cy: y, r: 8, fill: seatColour(seat), stroke: "#999" }));
    const note = state.over ? "game over: " + overText()
      : show.outcome ? "game over: " + outcomeText(show) : "to move: " + seat;
    svg.appendChild(el("text", { x: MARGIN + 24, y: y + 5, fill: "#e8e6e3", "font-size": 16, "font-family": "DejaVu Sans, sans-serif" }, note));
  }
}

function drawPiece(svg, p) {
  const [cx, cy] = cellCentre(p.square);
  const fill = pieceColour(p);
  const outline = isDark(fill) ? "#f0f0f0" : "#111";
  if (state.variant === "mages") {
    svg.appendChild(el("circle", { cx, cy, r: CELL * 0.38, fill, stroke: outline, "stroke-width": 2, "pointer-events": "none" }));
    svg.appendChild(el("text", { x: cx, y: cy + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": CELL * 0.42, "font-weight": "bold", fill: outline, "font-family": "DejaVu Sans, sans-serif" }, MAGES_LETTERS[p.role] || p.role[0].toUpperCase()));
  } else {
    svg.appendChild(el("text", {
      x: cx, y: cy + 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": CELL * 0.78,
      fill, stroke: outline, "stroke-width": 1.6, "paint-order": "stroke", "font-family": "DejaVu Sans, Noto Sans Symbols 2, sans-serif",
    }, GLYPHS[p.role] || p.role[0].toUpperCase()));
  }
  const marks = p.marks || [];
  if (marks.includes("halo")) svg.appendChild(el("circle", { cx, cy, r: CELL * 0.46, fill: "none", stroke: "#ffd700", "stroke-width": 3, "stroke-dasharray": "6 3", "pointer-events": "none" }));
  if (marks.includes("promoted")) svg.appendChild(el("text", { x: cx + CELL * 0.32, y: cy - CELL * 0.28, "font-size": 14, fill: "#ffd700", "text-anchor": "middle" }, "\u2605"));
}

function drawCoordinates(svg, cols, rows) {
  const style = { fill: "#e8e6e3", "font-size": 13, "text-anchor": "middle", "dominant-baseline": "central", "font-family": "DejaVu Sans, sans-serif" };
  const even = state.turns % 2 === 0;
  for (let col = 0; col < cols; col++) {
    const [f, r] = toSquare(col, rows - 1);
    const text = even ? String.fromCharCode(97 + f) : String(r + 1);
    const x = MARGIN + col * CELL + CELL / 2;
    svg.appendChild(el("text", { ...style, x, y: MARGIN + rows * CELL + MARGIN / 2 }, text));
    svg.appendChild(el("text", { ...style, x, y: MARGIN / 2 }, text));
  }
  for (let row = 0; row < rows; row++) {
    const [f, r] = toSquare(0, row);
    const text = even ? String(r + 1) : String.fromCharCode(97 + f);
    const y = MARGIN + row * CELL + CELL / 2;
    svg.appendChild(el("text", { ...style, x: MARGIN / 2, y }, text));
    svg.appendChild(el("text", { ...style, x: MARGIN + cols * CELL + MARGIN / 2, y }, text));
  }
}

function drawArrow(svg) {
  const info = state.lastInfo;
  const pv = info && info.lines && info.lines[0] && info.lines[0].pv;
  if (!pv || !pv.length) return;
  const c = classify(pv[0]);
  if (c.kind !== "move" || c.from === c.to) return;
  const [x1, y1] = cellCentre(c.from);
  const [x2, y2] = cellCentre(c.to);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const shorten = CELL * 0.3;
  const ex = x2 - ((x2 - x1) / len) * shorten;
  const ey = y2 - ((y2 - y1) / len) * shorten;
  svg.appendChild(el("line", { x1, y1, x2: ex, y2: ey, stroke: "#3a8fd6", "stroke-width": CELL / 6, "stroke-linecap": "round", opacity: 0.8, "marker-end": "url(#arrowhead)", "pointer-events": "none", class: "best-arrow" }));
}

// The end of a game that a referee event decided: its result and the event.
function overText() {
  const event = state.moves.slice(0, state.cursor).filter(isReferee).pop() || "";
  return `${state.over} (${event})`;
}

function outcomeText(show) {
  const o = show.outcome;
  if (!o) return "";
  if (typeof o === "string") return o;
  return o.text || o.reason || JSON.stringify(o);
}

// ---- Panels ----

function targetsOf(square) {
  if (!square) return [];
  return state.legal.map(classify).filter((c) => c.kind === "move" && c.from === square).map((c) => c.to);
}

function moveButton(token, text) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "move";
  b.dataset.token = token;
  b.textContent = text || label(token);
  b.addEventListener("click", () => play(token));
  return b;
}

function showChoices(title, tokens) {
  const box = $("choices");
  box.replaceChildren();
  if (!tokens.length) {
    box.hidden = true;
    return;
  }
  const head = document.createElement("div");
  head.textContent = title;
  box.appendChild(head);
  for (const t of tokens) box.appendChild(moveButton(t));
  box.hidden = false;
}

function drawSpecial() {
  const box = $("special");
  box.replaceChildren();
  const show = state.show;
  const special = state.legal.filter((t) => classify(t).kind === "special");
  const pending = show && show.pending_engagement;
  if (pending) {
    const head = document.createElement("div");
    head.innerHTML = "<b>Engagement pending</b>: ";
    head.append(`${pending.challenger} challenges ${pending.defender} (${pending.combat}). Resolve it:`);
    box.appendChild(head);
    const odds = {};
    for (const r of pending.resolutions || []) odds[r.move] = r.probability;
    for (const t of special) {
      const p = odds[t];
      const text = p === undefined ? `${t} (referee)` : `${t} ${(100 * p).toFixed(0)}%`;
      box.appendChild(moveButton(t, text));
    }
  } else if (special.length) {
    const head = document.createElement("div");
    head.textContent = "Other inputs:";
    box.appendChild(head);
    for (const t of special) box.appendChild(moveButton(t));
  }
  // The referee events the rules accept here (`show`'s `referee_events`).
  const events = (!state.over && show && show.referee_events) || [];
  if (events.length) {
    const head = document.createElement("div");
    head.className = "head";
    head.textContent = "Referee:";
    const row = document.createElement("div");
    row.id = "referee";
    for (const t of events) {
      const b = moveButton(t, t);
      b.title = refereeLabel(t);
      b.classList.add("referee");
      row.appendChild(b);
    }
    box.append(head, row);
  }
  box.hidden = !box.childNodes.length;
}

function swatch(colour) {
  const s = document.createElement("span");
  s.className = "swatch";
  s.style.background = seatColour(colour);
  return s;
}

function drawStatus() {
  const show = state.show;
  const box = $("status");
  box.replaceChildren();
  if (!show) return;
  const line = document.createElement("div");
  line.append(swatch(show.side_to_move), `${show.side_to_move} to move · ${show.status}`);
  box.appendChild(line);
  if (show.outcome || state.over) {
    const o = document.createElement("div");
    o.innerHTML = "<b>Game over</b>: ";
    o.append(state.over ? overText() : outcomeText(show));
    box.appendChild(o);
  }
  const ply = document.createElement("div");
  ply.className = "details-key";
  ply.textContent = `ply ${state.cursor} of ${state.moves.length} · ${state.legal.length} legal inputs`;
  box.appendChild(ply);
}

function keyLine(box, key, value) {
  const d = document.createElement("div");
  const k = document.createElement("span");
  k.className = "details-key";
  k.textContent = key + ": ";
  d.append(k);
  if (value instanceof Node) d.append(value);
  else d.append(String(value));
  box.appendChild(d);
  return d;
}

// A list of roles as glyphs with counts (the bench: ♟×5 ♞×2 ♝).
function roleCounts(list, seat) {
  const span = document.createElement("span");
  if (!list.length) span.append("empty");
  const counts = new Map();
  for (const role of list) counts.set(role, (counts.get(role) || 0) + 1);
  for (const [role, n] of counts) {
    const g = document.createElement("span");
    g.className = "reserve-piece";
    g.title = role;
    g.style.color = seatColour(seat);
    g.textContent = GLYPHS[role] || role;
    span.append(g, n > 1 ? "\u00D7" + n + " " : " ");
  }
  return span;
}

function drawDetails() {
  const show = state.show;
  const box = $("details");
  box.replaceChildren();
  if (!show) return;
  if (show.owned) {
    for (const [seat, army] of Object.entries(show.owned)) {
      const controlled = ((show.controlled || {})[seat] || []);
      const span = document.createElement("span");
      span.append(swatch(army), army);
      for (const c of controlled) span.append(" + ", swatch(c), c);
      keyLine(box, seat + " plays", span);
    }
  }
  if (Array.isArray(show.interregnum) && show.interregnum.length) keyLine(box, "interregnum", show.interregnum.join(", "));
  if (show.bench) {
    for (const [seat, list] of Object.entries(show.bench)) keyLine(box, seat + " bench", roleCounts(list, seat));
  }
  if (show.joker_reserve) {
    for (const [seat, list] of Object.entries(show.joker_reserve)) {
      const span = document.createElement("span");
      if (!list.length) span.append("empty");
      for (const role of list) {
        const letter = Object.keys(DROP_ROLES).find((k) => DROP_ROLES[k] === role) || role[0].toUpperCase();
        const canDrop = seat === show.side_to_move && state.legal.some((t) => t.startsWith(letter + "@"));
        const b = document.createElement("button");
        b.type = "button";
        b.className = "reserve-piece" + (state.dropRole === letter && canDrop ? " selected" : "");
        b.title = canDrop ? `drop a ${role}: then click a square` : role;
        b.textContent = GLYPHS[role] || letter;
        b.style.color = seatColour(seat);
        b.disabled = !canDrop;
        b.dataset.drop = letter;
        b.addEventListener("click", () => {
          state.dropRole = state.dropRole === letter ? null : letter;
          state.selected = null;
          redraw();
        });
        span.appendChild(b);
      }
      keyLine(box, seat + " Joker Reserve", span);
    }
  }
  if (Array.isArray(show.halos) && show.halos.length) keyLine(box, "halos", show.halos.join(", "));
  if (typeof show.passes === "number" && state.variant === "mages") keyLine(box, "passes", show.passes);
  if (show.chance && !show.pending_engagement) keyLine(box, "chance", JSON.stringify(show.chance));
}

function drawMoveList() {
  const list = $("movelist");
  list.replaceChildren();
  state.moves.forEach((token, i) => {
    const li = document.createElement("li");
    li.dataset.ply = i + 1;
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = i + 1 + ".";
    li.append(n, token);
    if (isReferee(token)) {
      li.classList.add("referee");
      li.title = "referee event: " + refereeLabel(token);
    }
    if (i + 1 === state.cursor) li.classList.add("current");
    li.addEventListener("click", () => goTo(i + 1));
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function drawSeatChoice() {
  const show = state.show;
  const seats = (show && show.seats) || [];
  const select = $("seat");
  const royale = state.variant === "royale";
  $("seat-label").hidden = !royale;
  if (royale && select.options.length !== seats.length) {
    select.replaceChildren(...seats.map((s) => new Option(s, s)));
  }
  if (royale) {
    const seat = Object.keys(SEAT_TURNS).find((s) => SEAT_TURNS[s] === state.turns % 4);
    if (seat) select.value = seat;
  }
}

function redraw() {
  drawBoard();
  drawStatus();
  drawSpecial();
  drawDetails();
  drawMoveList();
  drawSeatChoice();
  drawGraph();
  if (state.show && document.activeElement !== $("fen")) $("fen").value = state.show.fen;
}

// ---- Position changes ----

async function refresh() {
  const request = ++state.request;
  try {
    const at = await positionAt(state.cursor);
    if (request !== state.request) return;
    state.show = at.show;
    state.legal = at.legal;
    state.over = at.over;
    state.searchBody = at.body;
    showError("");
  } catch (e) {
    if (request !== state.request) return;
    showError(e.message);
  }
  state.selected = null;
  state.dropRole = null;
  state.lastInfo = null;
  showChoices("", []);
  redraw();
  if (state.analysing) startAnalysis();
  fillGraph();
}

function play(token) {
  state.moves = state.moves.slice(0, state.cursor);
  state.moves.push(token);
  state.cursor = state.moves.length;
  refresh();
}

function goTo(ply) {
  const target = Math.max(0, Math.min(state.moves.length, ply));
  if (target === state.cursor) return;
  state.cursor = target;
  refresh();
}

function clickSquare(name) {
  const parsed = state.legal.map(classify);
  if (state.dropRole) {
    const drops = parsed.filter((c) => c.kind === "drop" && c.role === state.dropRole && c.to === name);
    state.dropRole = null;
    if (drops.length) return play(drops[0].token);
  }
  if (state.selected && state.selected !== name) {
    const tokens = parsed.filter((c) => c.kind === "move" && c.from === state.selected && c.to === name).map((c) => c.token);
    if (tokens.length === 1) return play(tokens[0]);
    if (tokens.length > 1) {
      showChoices(`${state.selected} to ${name}: choose`, tokens);
      return;
    }
  }
  showChoices("", []);
  const from = parsed.filter((c) => c.kind === "move" && c.from === name);
  if (from.length && state.selected !== name) {
    state.selected = name;
    // A move that stays on its square (none yet, but cheap to allow) is a choice.
    const inPlace = from.filter((c) => c.to === name).map((c) => c.token);
    if (inPlace.length) showChoices(`${name}: choose`, inPlace);
  } else {
    state.selected = null;
    const drops = parsed.filter((c) => c.kind === "drop" && c.to === name).map((c) => c.token);
    if (drops.length) showChoices(`Drop on ${name}:`, drops);
  }
  redraw();
}

// ---- Analysis (server-sent events) ----

function stopAnalysis() {
  if (state.source) state.source.close();
  state.source = null;
}

function scoreText(score) {
  return score ? score.text : "";
}

function scoreFraction(score) {
  if (!score) return 0.5;
  if (score.win_in !== undefined) return 1;
  if (score.loss_in !== undefined) return 0;
  return 1 / (1 + Math.pow(10, -score.cp / 400));
}

function drawAnalysis(info, done) {
  const lines = $("lines");
  lines.replaceChildren();
  for (const line of info.lines || []) {
    const li = document.createElement("li");
    const s = document.createElement("span");
    s.className = "score";
    s.textContent = scoreText(line.score);
    li.append(s, line.pv.join(" "));
    lines.appendChild(li);
  }
  const best = info.lines && info.lines[0];
  const seat = state.show ? state.show.side_to_move : "";
  $("anainfo").textContent = `depth ${info.depth} (seldepth ${info.seldepth}) · ${info.nodes} nodes · ${info.nps} nodes/s · ${info.time_ms} ms` +
    (done ? " · done" : "") + (seat ? ` · scores for ${seat}` : "");
  $("evalfill").style.height = (100 * scoreFraction(best && best.score)).toFixed(1) + "%";
  $("evalfill").style.background = seatColour(seat);
  $("evaltext").textContent = best ? scoreText(best.score) : "";
  drawBoard();
}

function startAnalysis() {
  stopAnalysis();
  state.lastInfo = null;
  $("lines").replaceChildren();
  $("anainfo").textContent = "searching…";
  if (!state.show) return;
  if (state.show.outcome || state.over) {
    $("anainfo").textContent = "the game is over";
    return;
  }
  const params = new URLSearchParams({ variant: state.variant, multipv: $("multipv").value });
  const body = state.searchBody || positionBody(state.cursor);
  if (body.fen) params.set("fen", body.fen);
  const moves = body.moves || [];
  if (moves.length) params.set("moves", moves.join(","));
  const source = new EventSource("/api/analyze/stream?" + params);
  state.source = source;
  source.addEventListener("info", (e) => {
    if (state.source !== source) return;
    state.lastInfo = JSON.parse(e.data);
    drawAnalysis(state.lastInfo, false);
  });
  source.addEventListener("done", (e) => {
    if (state.source !== source) return;
    const done = JSON.parse(e.data);
    source.close();
    state.source = null;
    if (done.depth > 0) {
      state.lastInfo = done;
      drawAnalysis(done, true);
    }
  });
  source.onerror = () => {
    if (state.source !== source) return;
    source.close();
    state.source = null;
    $("anainfo").textContent = "the analysis stream ended (the server may be busy)";
  };
}

function toggleAnalysis() {
  state.analysing = !state.analysing;
  $("analyze").textContent = state.analysing ? "Stop analysis" : "Start analysis";
  if (state.analysing) startAnalysis();
  else {
    stopAnalysis();
    state.lastInfo = null;
    drawBoard();
  }
}

// ---- The evaluation graph ----

function graphKey(plies) {
  return [state.variant, state.startFen || "", $("graph-depth").value, state.moves.slice(0, plies).join(",")].join("|");
}

// One point: the expected result (0 to 1, `analyze`'s `expected`, for the
// seat to move) of the position after `plies` inputs, searched shallowly.
async function graphPoint(plies, signal) {
  const at = refereeIn(plies) ? await positionAt(plies, signal) : { body: positionBody(plies), over: null };
  const depth = Number($("graph-depth").value);
  const doc = await api("analyze", { ...at.body, depth, time: 2000 }, signal);
  const seats = doc.seats || [];
  const mover = doc.side_to_move;
  let expected = doc.search ? doc.search.expected : 0.5;
  let text = doc.search && doc.search.score ? doc.search.score.text : "";
  if (at.over) {
    // A referee event ended the game: the record's result, for the mover.
    const [first, second] = at.over.split("-");
    const share = { "1": 1, "0": 0, "1/2": 0.5 };
    expected = mover === seats[0] ? share[first] : share[second];
    text = at.over;
  }
  if (typeof expected !== "number") expected = 0.5;
  return { expected, mover, seats, text };
}

// Starts filling the graph for the current line (unless it is being filled).
async function fillGraph() {
  const line = graphKey(state.moves.length);
  if (graph.line === line) return;
  if (graph.abort) graph.abort.abort();
  const abort = new AbortController();
  graph.abort = abort;
  graph.line = line;
  drawGraph();
  for (let k = 0; k <= state.moves.length; k++) {
    if (abort.signal.aborted) return;
    const key = graphKey(k);
    if (graph.cache.has(key)) continue;
    try {
      const point = await graphPoint(k, abort.signal);
      graph.cache.set(key, point);
    } catch (e) {
      if (abort.signal.aborted) return;
      graph.cache.set(key, { error: e.message });
    }
    drawGraph();
  }
}

// With two seats the graph is the first seat's expected result (up is
// good for it); with more (Royale) each point is the expected result of the
// seat to move, in its colour, against the fair share (1 / seats).
function drawGraph() {
  const svg = $("graph");
  const W = 360, H = 100, PAD = 7;
  svg.replaceChildren();
  const n = state.moves.length;
  const seats = (state.show && state.show.seats) || [];
  const two = seats.length === 2;
  const x = (k) => PAD + (n ? (k * (W - 2 * PAD)) / n : (W - 2 * PAD) / 2);
  const y = (v) => PAD + (1 - v) * (H - 2 * PAD);
  const fair = seats.length ? 1 / seats.length : 0.5;
  $("graph-caption").textContent = two
    ? `Evaluation graph: ${seats[0]}'s expected result`
    : "Evaluation graph: expected result of the seat to move";
  svg.appendChild(el("line", { x1: PAD, x2: W - PAD, y1: y(fair), y2: y(fair), stroke: "#777", "stroke-dasharray": "4 3" }));
  svg.appendChild(el("line", { x1: x(state.cursor), x2: x(state.cursor), y1: 0, y2: H, stroke: "#d64f8a", "stroke-width": 2, class: "cursor" }));
  const points = [];
  for (let k = 0; k <= n; k++) {
    const p = graph.cache.get(graphKey(k));
    if (!p || p.error) continue;
    const v = two && p.mover !== seats[0] ? 1 - p.expected : p.expected;
    points.push({ k, v, p });
  }
  if (two && points.length > 1) {
    const path = points.map((q) => `${x(q.k).toFixed(1)},${y(q.v).toFixed(1)}`).join(" ");
    svg.appendChild(el("polygon", { points: `${x(points[0].k)},${y(0)} ${path} ${x(points[points.length - 1].k)},${y(0)}`, fill: seatColour(seats[0]), opacity: 0.25 }));
    svg.appendChild(el("polyline", { points: path, fill: "none", stroke: "#e8e6e3", "stroke-width": 1.5 }));
  }
  for (const q of points) {
    const g = el("g", { class: "point", "data-ply": q.k });
    g.appendChild(el("circle", { cx: x(q.k), cy: y(q.v), r: 9, fill: "transparent" }));
    g.appendChild(el("circle", { cx: x(q.k), cy: y(q.v), r: q.k === state.cursor ? 5 : 3.5, fill: seatColour(q.p.mover), stroke: isDark(seatColour(q.p.mover)) ? "#ddd" : "#000", "stroke-width": 1 }));
    g.appendChild(el("title", {}, `ply ${q.k}: ${q.p.text} for ${q.p.mover} (expected ${q.p.expected.toFixed(2)})`));
    g.addEventListener("click", () => goTo(q.k));
    svg.appendChild(g);
  }
}

// ---- Position strings and records ----

async function loadFen(text) {
  const fen = text.trim();
  try {
    await api("show", { variant: state.variant, fen });
  } catch (e) {
    showError(e.message);
    return;
  }
  state.startFen = fen;
  state.moves = [];
  state.cursor = 0;
  refresh();
}

async function exportRecord() {
  try {
    const body = positionBody(state.moves.length);
    const doc = await api("record", body);
    $("record").value = doc.record;
    showError("");
  } catch (e) {
    showError(e.message);
  }
}

async function importRecord() {
  const record = $("record").value;
  try {
    const start = await api("replay", { record, ply: 0 });
    const line = await api("replay", { record, moves: true });
    setVariant(start.variant, false);
    state.startFen = start.fen;
    state.moves = line.moves;
    state.cursor = line.moves.length;
    showError("");
    refresh();
  } catch (e) {
    showError(e.message);
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

function setVariant(variant, reset) {
  state.variant = variant;
  $("variant").value = variant;
  state.turns = 0;
  $("seat").replaceChildren();
  if (reset) {
    state.startFen = null;
    state.moves = [];
    state.cursor = 0;
  }
}

// ---- Wiring ----

function flip() {
  state.turns = (state.turns + 2) % 4;
  redraw();
}

$("variant").addEventListener("change", (e) => {
  setVariant(e.target.value, true);
  refresh();
});
$("new").addEventListener("click", () => {
  setVariant(state.variant, true);
  refresh();
});
$("flip").addEventListener("click", flip);
$("seat").addEventListener("change", (e) => {
  state.turns = SEAT_TURNS[e.target.value] || 0;
  redraw();
});
$("first").addEventListener("click", () => goTo(0));
$("back").addEventListener("click", () => goTo(state.cursor - 1));
$("forward").addEventListener("click", () => goTo(state.cursor + 1));
$("last").addEventListener("click", () => goTo(state.moves.length));
$("analyze").addEventListener("click", toggleAnalysis);
$("multipv").addEventListener("change", () => state.analysing && startAnalysis());
$("graph-depth").addEventListener("change", fillGraph);
$("copy").addEventListener("click", copyFen);
$("load").addEventListener("click", () => loadFen($("fen").value));
$("fen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") loadFen($("fen").value);
});
$("fen").addEventListener("paste", () => setTimeout(() => loadFen($("fen").value), 0));
$("export").addEventListener("click", exportRecord);
$("import").addEventListener("click", importRecord);
document.addEventListener("keydown", (e) => {
  const tag = (e.target && e.target.tagName) || "";
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (e.key === "ArrowLeft") goTo(state.cursor - 1);
  else if (e.key === "ArrowRight") goTo(state.cursor + 1);
  else if (e.key === "Home") goTo(0);
  else if (e.key === "End") goTo(state.moves.length);
  else if (e.key === "f") flip();
  else return;
  e.preventDefault();
});

// `#variant=joker&fen=...&moves=e2e4,e7e5` in the address opens that position
// (`&turns=1`: the board a quarter turn round; `&analyze=1`: analysis on).
(function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const variant = hash.get("variant");
  setVariant(variant && DIMS[variant] ? variant : "sovereign", true);
  if (hash.get("fen")) state.startFen = hash.get("fen");
  if (hash.get("moves")) state.moves = hash.get("moves").split(/[,\s]+/).filter(Boolean);
  state.cursor = state.moves.length;
  if (hash.get("turns")) state.turns = (parseInt(hash.get("turns"), 10) || 0) % 4;
  if (hash.get("analyze") === "1") toggleAnalysis();
  refresh();
})();
