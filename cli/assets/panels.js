// The panels beside the board, drawn from the view document: status,
// choices, other inputs and referee events, details and legends, the move
// list (the game tree), and the seat choice.

import { $, html } from "./dom.js";

function swatch(colour) {
  const s = html("span", "swatch");
  s.style.background = colour;
  return s;
}

function seatColour(view, name) {
  const seat = view.seats.find((s) => s.name === name);
  return seat ? seat.colour : "#888";
}

// A button that plays `token`.
export function inputButton(token, text, play) {
  const b = html("button", "move", text || token);
  b.type = "button";
  b.dataset.token = token;
  b.addEventListener("click", () => play(token));
  return b;
}

// An input's label: its token, and what it puts on its square when that
// is another piece (a promotion, a drop).
export function label(input) {
  const parts = [input.token];
  if (input.becomes) parts.push(`\u2192 ${input.becomes.symbol} ${input.becomes.army}`);
  if (typeof input.probability === "number") parts.push(`${(100 * input.probability).toFixed(0)}%`);
  if (input.chance_after) parts.push(`(${oddsText(input)})`);
  return parts.join(" ");
}

export function drawStatus(view, ply, plies) {
  const box = $("status");
  const line = html("div", "");
  if (view.side_to_move) line.append(swatch(seatColour(view, view.side_to_move)), `${view.side_to_move} to move · ${view.status}`);
  else line.append(html("b", "", "Game over"), ": " + view.status);
  line.id = "status-line";
  const where = html("div", "details-key", `ply ${ply} of ${plies} · ${view.inputs.length} legal inputs`);
  box.replaceChildren(line, where);
}

// The odds of what chance picks after an input (a declared engagement).
export function oddsText(input) {
  if (!input.chance_after) return "";
  return input.chance_after.map((c) => `${c.move} ${(100 * c.probability).toFixed(0)}%`).join(", ");
}

// Before an input is committed: the odds of the inputs of the selected
// piece that lead to a chance node.
export function drawPreview(square, inputs) {
  const box = $("preview");
  const risky = inputs.filter((i) => i.from === square && i.chance_after);
  box.replaceChildren(...risky.map((i) => html("div", "", html("b", "", i.token), ": " + oddsText(i))));
  if (risky.length) box.prepend(html("div", "details-key", "Odds if played:"));
  box.hidden = !risky.length;
}

export function showChoices(title, inputs, play) {
  const box = $("choices");
  if (!inputs.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.replaceChildren(html("div", "", title), ...inputs.map((i) => inputButton(i.token, label(i), play)));
  box.hidden = false;
}

// Inputs without a square (resolutions, pure defections), with their odds
// at a chance node, and the referee events the rules accept here.
export function drawSpecial(view, play) {
  const box = $("special");
  const parts = [];
  for (const note of view.notes) parts.push(html("div", "note", note));
  const choices = view.inputs.filter((i) => i.kind === "choice");
  if (choices.length) {
    parts.push(html("div", "", view.show.chance ? "Resolve:" : "Other inputs:"));
    for (const i of choices) parts.push(inputButton(i.token, label(i), play));
  }
  const events = (!view.outcome && view.show.referee_events) || [];
  if (events.length) {
    const row = html("div", "");
    row.id = "referee";
    for (const t of events) {
      const b = inputButton(t, t, play);
      b.classList.add("referee");
      b.title = "referee event";
      row.appendChild(b);
    }
    parts.push(html("div", "head", "Referee:"), row);
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}

function keyLine(key, ...value) {
  return html("div", "", html("span", "details-key", key + ": "), ...value);
}

// Details: the position's facts as text, the legend of tags, the roles'
// letters, and the rows off the board (a reserve's pieces are buttons for
// their drops).
export function drawDetails(view, dropLetter, chooseDrop) {
  const box = $("details");
  const parts = [];
  for (const [key, value] of view.details) {
    if (key === "side_to_move" || key === "status") continue;
    parts.push(keyLine(key.replace(/_/g, " "), value));
  }
  if (view.legend.length) {
    const span = html("span", "legend");
    for (const k of view.legend) span.append(html("span", "key", swatch(k.colour), html("b", "", k.tag), " " + k.name + " "));
    parts.push(keyLine("tags", span));
  }
  if (view.roles.length) {
    const span = html("span", "roles");
    for (const r of view.roles) span.append(html("span", "key", html("b", "", r.symbol), " " + r.name + (r.letter !== r.symbol ? ` (${r.letter})` : "") + " "));
    parts.push(keyLine("letters", span));
  }
  const drops = view.inputs.filter((i) => i.kind === "place" && i.becomes);
  for (const row of view.rows) {
    const span = html("span", "");
    if (!row.pieces.length) span.append("empty");
    const seen = new Set();
    for (const p of row.pieces) {
      const canDrop = drops.some((i) => i.becomes.letter === p.letter && i.becomes.army === p.army);
      const b = html("button", "reserve-piece" + (canDrop && dropLetter === p.letter ? " selected" : ""), p.symbol);
      b.type = "button";
      b.style.color = p.colour;
      b.title = canDrop ? `drop: then click a square` : p.army + " " + p.letter;
      b.disabled = !canDrop || seen.has(p.letter);
      if (canDrop && !seen.has(p.letter)) b.dataset.drop = p.letter;
      seen.add(p.letter);
      b.addEventListener("click", () => chooseDrop(p.letter, p.army));
      span.appendChild(b);
    }
    parts.push(keyLine(row.label, span));
  }
  box.replaceChildren(...parts);
}

// The move list: the main line with each variation in brackets after the
// move it replaces. Each move is an item (`data-node`, `data-ply`).
export function drawMoveList(root, current, goToNode, verdicts) {
  const list = $("movelist");
  const items = [];
  const item = (n, ply, variation) => {
    const li = html("li", "move" + (variation ? " var" : ""), html("span", "n", ply + "."), n.token);
    li.dataset.ply = ply;
    li.dataset.node = n.id;
    // Marks drawn after the token (not part of its text): the server's
    // (a capture, a check or mate, an engagement declared), then the
    // analysis's verdict on the move (annotate's mark).
    const entry = n.entry || {};
    const verdict = verdicts.get(n);
    // An outcome chance picked shows the odds it had.
    const odds = typeof entry.chance === "number" ? ` ${(100 * entry.chance).toFixed(0)}%` : "";
    const marks = (entry.marks || "") + (verdict ? verdict.nag : "") + odds;
    if (marks) li.dataset.marks = marks;
    const notes = [];
    if (entry.note) notes.push(entry.note);
    if (verdict) {
      li.classList.add(verdict.name);
      notes.push(`${verdict.name}: lost ${verdict.loss.toFixed(2)} of the expected result` + (verdict.best ? `; best ${verdict.best}` : ""));
    }
    if (notes.length) li.title = notes.join("; ");
    if (entry.referee) li.classList.add("referee");
    if (entry.capture) li.classList.add("capture");
    if (entry.check) li.classList.add("check");
    if (entry.defection) li.classList.add("defection");
    if (entry.royal_captured) li.classList.add("royal-captured");
    if (odds) li.classList.add("chance");
    if (n === current) li.classList.add("current");
    li.addEventListener("click", () => goToNode(n));
    return li;
  };
  const emit = (start, ply, variation) => {
    let n = start;
    let k = ply;
    while (n.children.length) {
      const [main, ...alts] = n.children;
      items.push(item(main, k + 1, variation));
      for (const alt of alts) {
        items.push(html("li", "paren", "("));
        items.push(item(alt, k + 1, true));
        emit(alt, k + 1, true);
        items.push(html("li", "paren", ")"));
      }
      n = main;
      k += 1;
    }
  };
  emit(root, 0, false);
  list.replaceChildren(...items);
  const at = list.querySelector(".current");
  if (at) at.scrollIntoView({ block: "nearest" });
}

export function drawSeatChoice(view, turns) {
  const select = $("seat");
  const many = view.seats.length > 2;
  $("seat-label").hidden = !many;
  if (!many) return;
  if (select.options.length !== view.seats.length) {
    select.replaceChildren(...view.seats.map((s) => new Option(s.name, s.name)));
  }
  const seat = view.seats.find((s) => s.turns === ((turns % 4) + 4) % 4);
  if (seat) select.value = seat.name;
}
