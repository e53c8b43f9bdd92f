// The board, drawn from the server's view document (`POST /api/view`):
// every size, colour, tag, symbol and outline comes from it.

import { $, svg } from "./dom.js";

export const CELL = 60;
const MARGIN = 26;
const FONT = "DejaVu Sans, Noto Sans Symbols 2, sans-serif";

export function squareName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

function parseSquare(name) {
  return [name.charCodeAt(0) - 97, parseInt(name.slice(1), 10) - 1];
}

// The board's geometry under `turns` quarter turns.
export function geometry(view, turns) {
  const w = view.files;
  const h = view.ranks;
  const t = ((turns % 4) + 4) % 4;
  const grid = t % 2 ? [h, w] : [w, h];
  const toCell = (f, r) => {
    switch (t) {
      case 1: return [h - 1 - r, w - 1 - f];
      case 2: return [w - 1 - f, r];
      case 3: return [r, f];
      default: return [f, h - 1 - r];
    }
  };
  const corner = (name) => {
    const [f, r] = parseSquare(name);
    const [col, row] = toCell(f, r);
    return [MARGIN + col * CELL, MARGIN + row * CELL];
  };
  const centre = (name) => {
    const [x, y] = corner(name);
    return [x + CELL / 2, y + CELL / 2];
  };
  return { w, h, t, grid, toCell, corner, centre };
}

// Draws the board. `marks`: { last: [squares], selected, targets: [squares],
// royals: the view's marks ([{square, kind, army}]), arrow: {from, to} | null }.
export function drawBoard(view, turns, marks, onSquare) {
  const board = $("board");
  const geo = geometry(view, turns);
  const [cols, rows] = geo.grid;
  const width = MARGIN * 2 + cols * CELL;
  const height = MARGIN * 2 + rows * CELL;
  board.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const parts = [svg("rect", { width, height, fill: "#302e2b" })];
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrowhead", markerWidth: 4, markerHeight: 4, refX: 2.2, refY: 2, orient: "auto" });
  marker.appendChild(svg("path", { d: "M0,0 L4,2 L0,4 z", fill: "#3a8fd6" }));
  defs.appendChild(marker);
  parts.push(defs);
  const last = new Set(marks.last || []);
  for (const sq of view.squares) {
    const [x, y] = geo.corner(sq.square);
    const g = svg("g", { class: "sq", "data-square": sq.square });
    g.appendChild(svg("rect", { x, y, width: CELL, height: CELL, fill: sq.fill }));
    if (sq.tint) g.dataset.tint = sq.tint;
    if (sq.tag) {
      g.appendChild(svg("text", { class: "tint-tag", x: x + 4, y: y + CELL - 5, "font-size": 13, "font-weight": "bold", fill: sq.contrast, "font-family": FONT }, sq.tag));
    }
    if (last.has(sq.square)) {
      g.appendChild(svg("rect", { class: "last", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, fill: "none", stroke: view.highlight, "stroke-width": 4, "stroke-dasharray": "8 4" }));
    }
    if (marks.selected === sq.square) {
      g.appendChild(svg("rect", { class: "selected", x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "none", stroke: "#1b6fd0", "stroke-width": 5 }));
    }
    g.addEventListener("click", () => onSquare(sq.square));
    parts.push(g);
  }
  for (const region of view.regions) {
    const d = outlineOf(region.squares, geo);
    const g = svg("g", { class: "region", "data-label": region.label, fill: "none", "stroke-linecap": "square", "pointer-events": "none" });
    g.append(svg("path", { d, stroke: region.contrast, "stroke-width": 6 }), svg("path", { d, stroke: region.colour, "stroke-width": 3 }));
    parts.push(g);
  }
  for (const mark of marks.royals || []) parts.push(royalMark(mark, geo));
  const armies = new Set(view.pieces.map((p) => p.army));
  for (const p of view.pieces) parts.push(pieceNode(p, geo, armies.size > 2));
  const occupied = new Set(view.pieces.map((p) => p.square));
  for (const name of marks.targets || []) {
    const [cx, cy] = geo.centre(name);
    parts.push(svg("circle", occupied.has(name)
      ? { class: "target", cx, cy, r: CELL / 2 - 4, fill: "none", stroke: "#1b6fd0", "stroke-width": 4, opacity: 0.8, "pointer-events": "none" }
      : { class: "target", cx, cy, r: CELL / 7, fill: "#1b6fd0", opacity: 0.75, "pointer-events": "none" }));
  }
  parts.push(...coordinates(geo));
  if (marks.arrow) parts.push(arrow(marks.arrow, geo));
  board.replaceChildren(...parts);
}

// A royal piece's mark (in check, checkmated, or taken off the board by
// the last entry): rings and a corner badge, no fill, so that the square's
// colour and tag stay visible.
function royalMark({ square, kind, badge, army }, geo) {
  const [x, y] = geo.corner(square);
  const [cx, cy] = geo.centre(square);
  const g = svg("g", { class: "royal-mark", "data-square": square, "data-kind": kind, "pointer-events": "none" });
  const ring = { cx, cy, fill: "none", r: CELL / 2 - 4 };
  g.appendChild(svg("circle", { ...ring, stroke: "#ffffff", "stroke-width": 7 }));
  g.appendChild(svg("circle", { ...ring, stroke: "#d01010", "stroke-width": 4, "stroke-dasharray": kind === "captured" ? "7 4" : "none" }));
  if (badge) {
    g.appendChild(svg("circle", { cx: x + CELL - 11, cy: y + 11, r: 9, fill: "#d01010", stroke: "#ffffff", "stroke-width": 2 }));
    g.appendChild(svg("text", { x: x + CELL - 11, y: y + 12, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, "font-weight": "bold", fill: "#ffffff", "font-family": FONT }, badge));
  }
  g.appendChild(svg("title", {}, `${army} royal: ${kind}`));
  return g;
}

function outlineOf(names, geo) {
  const set = new Set(names);
  let d = "";
  for (const name of names) {
    const [f, r] = parseSquare(name);
    const [x0, y0] = geo.corner(name);
    const [x1, y1] = [x0 + CELL, y0 + CELL];
    const [cx, cy] = geo.centre(name);
    for (const [df, dr] of [[0, 1], [0, -1], [-1, 0], [1, 0]]) {
      if (set.has(squareName(f + df, r + dr)) && f + df >= 0) continue;
      // Where the neighbour would be on screen: one cell away from the centre.
      const [col, row] = geo.toCell(f + df, r + dr);
      const nx = MARGIN + col * CELL + CELL / 2;
      const ny = MARGIN + row * CELL + CELL / 2;
      if (nx > cx) d += `M${x1} ${y0}V${y1}`;
      else if (nx < cx) d += `M${x0} ${y0}V${y1}`;
      else if (ny > cy) d += `M${x0} ${y1}H${x1}`;
      else d += `M${x0} ${y0}H${x1}`;
    }
  }
  return d;
}

function pieceNode(p, geo, tagged) {
  const [cx, cy] = geo.centre(p.square);
  const g = svg("g", { class: "piece", "data-square": p.square, "data-army": p.army, "pointer-events": "none" });
  if (p.letter_symbol) {
    g.appendChild(svg("circle", { cx, cy, r: CELL * 0.38, fill: p.colour, stroke: p.outline, "stroke-width": 2 }));
    g.appendChild(svg("text", { x: cx, y: cy + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": CELL * 0.42, "font-weight": "bold", fill: p.outline, "font-family": FONT }, p.symbol));
  } else {
    g.appendChild(svg("text", {
      x: cx, y: cy + 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": CELL * 0.78,
      fill: p.colour, stroke: p.outline, "stroke-width": 1.6, "paint-order": "stroke", "font-family": FONT,
    }, p.symbol));
  }
  if (tagged) {
    // The army's tag, so that armies of like colours stay apart.
    g.appendChild(svg("text", { class: "army-tag", x: cx + CELL * 0.36, y: cy + CELL * 0.38, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", fill: p.colour, stroke: p.outline, "stroke-width": 2.5, "paint-order": "stroke", "font-family": FONT }, p.tag));
  }
  if (p.mark) {
    g.appendChild(svg("text", { class: "mark", x: cx + CELL * 0.34, y: cy - CELL * 0.26, "font-size": 15, "font-weight": "bold", fill: "#ffd700", stroke: "#000", "stroke-width": 2, "paint-order": "stroke", "text-anchor": "middle", "font-family": FONT }, p.mark));
  }
  const title = svg("title", {}, `${p.army} ${p.letter} on ${p.square}`);
  g.appendChild(title);
  return g;
}

function coordinates(geo) {
  const style = { fill: "#e8e6e3", "font-size": 13, "text-anchor": "middle", "dominant-baseline": "central", "font-family": FONT };
  const [cols, rows] = geo.grid;
  const out = [];
  for (let f = 0; f < geo.w; f++) {
    for (let r = 0; r < geo.h; r++) {
      const [col, row] = geo.toCell(f, r);
      const x = MARGIN + col * CELL + CELL / 2;
      const y = MARGIN + row * CELL + CELL / 2;
      // Labels on the outer cells only: file letters along the edge the
      // files run on, rank numbers along the other.
      if (geo.t % 2 === 0) {
        if (row === rows - 1) out.push(svg("text", { ...style, x, y: MARGIN + rows * CELL + MARGIN / 2 }, String.fromCharCode(97 + f)));
        if (row === 0) out.push(svg("text", { ...style, x, y: MARGIN / 2 }, String.fromCharCode(97 + f)));
        if (col === 0) out.push(svg("text", { ...style, x: MARGIN / 2, y }, String(r + 1)));
        if (col === cols - 1) out.push(svg("text", { ...style, x: MARGIN + cols * CELL + MARGIN / 2, y }, String(r + 1)));
      } else {
        if (row === rows - 1) out.push(svg("text", { ...style, x, y: MARGIN + rows * CELL + MARGIN / 2 }, String(r + 1)));
        if (row === 0) out.push(svg("text", { ...style, x, y: MARGIN / 2 }, String(r + 1)));
        if (col === 0) out.push(svg("text", { ...style, x: MARGIN / 2, y }, String.fromCharCode(97 + f)));
        if (col === cols - 1) out.push(svg("text", { ...style, x: MARGIN + cols * CELL + MARGIN / 2, y }, String.fromCharCode(97 + f)));
      }
    }
  }
  return out;
}

function arrow({ from, to }, geo) {
  const [x1, y1] = geo.centre(from);
  const [x2, y2] = geo.centre(to);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const shorten = CELL * 0.3;
  const ex = x2 - ((x2 - x1) / len) * shorten;
  const ey = y2 - ((y2 - y1) / len) * shorten;
  return svg("line", { x1, y1, x2: ex, y2: ey, stroke: "#3a8fd6", "stroke-width": CELL / 6, "stroke-linecap": "round", opacity: 0.8, "marker-end": "url(#arrowhead)", "pointer-events": "none", class: "best-arrow" });
}

// The square under a pointer event on the board, or null.
export function squareAt(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  const g = el && el.closest && el.closest("#board g.sq");
  return g ? g.dataset.square : null;
}
