// The people and the markets of a match between two lineups: a lineups
// panel (one text per seat, as a record's lineup tag writes it), each
// piece's player on hover, and the odds of the position shown, asked of
// `POST /api/odds` after every input and referee event. A variant without
// markets answers with an error: the panel then stays hidden.

import { $, html } from "./dom.js";
import { api } from "./api.js";

const SIMULATIONS = 200;
let request = 0;
let people = new Map(); // square -> "name (team)"
let panel = null;

// The panel, made once, after the analysis panel.
function ensurePanel(seats) {
  if (panel) return panel;
  panel = html("div", "panel");
  panel.id = "sport";
  panel.hidden = true;
  const inputs = seats.slice(0, 2).map((seat) => {
    const box = html("input", "lineup");
    box.id = "lineup-" + seat.name;
    box.placeholder = `${seat.name} lineup: a1 Ann, b1 Ben, …, Luminary Lea`;
    box.spellcheck = false;
    box.addEventListener("change", () => last && update(last.body, last.seats));
    return html("label", "lineup-row", seat.name + " ", box);
  });
  panel.append(html("div", "details-key", "Lineups"), ...inputs, html("div", "", ""));
  panel.lastChild.id = "odds";
  $("analysis").after(panel);
  return panel;
}

let last = null;

function percent(share) {
  return `${(100 * share.p).toFixed(1)}%`;
}

function draw(doc, seats) {
  const [first, second] = seats;
  const r = doc.result;
  const rows = [
    `Result: ${first.name} ${percent(r[first.name])} · draw ${percent(r.draw)} · ${second.name} ${percent(r[second.name])}` +
      (r.undecided.p > 0 ? ` · undecided ${percent(r.undecided)}` : ""),
    `A heresy: ${percent(doc.heresy.yes)}`,
    `First engagement to the challenger: ${percent(doc.first_engagement.yes)}` +
      (doc.first_engagement.void.p > 0 ? ` (void ${percent(doc.first_engagement.void)})` : ""),
    `Engagements over ${doc.total_engagements.line}: ${percent(doc.total_engagements.over)} (so far ${doc.total_engagements.so_far})`,
    `${doc.simulations} simulations, ${doc.rated ? "ratings" : "roles only"}`,
  ];
  $("odds").replaceChildren(html("div", "details-key", "Odds"), ...rows.map((t) => html("div", "", t)));
}

// Asks for the odds of the position `body` (`{variant, fen, moves}`)
// and draws them; `seats` are the view's seats.
export async function update(body, seats) {
  const mine = ++request;
  last = { body, seats };
  // The names were the previous position's (or lineups', or variant's):
  // off the board at once, back with the answer.
  people = new Map();
  decorate();
  if (!seats || seats.length !== 2) {
    if (panel) panel.hidden = true;
    return;
  }
  ensurePanel(seats);
  // Stepping through a line asks once, for the position it stops at.
  await new Promise((resolve) => setTimeout(resolve, 150));
  if (mine !== request) return;
  const ask = { ...body, simulations: SIMULATIONS };
  const lineups = seats.map((s) => $("lineup-" + s.name).value.trim());
  if (lineups[0] && lineups[1]) [ask[seats[0].name + "_lineup"], ask[seats[1].name + "_lineup"]] = lineups;
  try {
    const doc = await api("odds", ask);
    if (mine !== request) return;
    people = new Map((doc.people || []).map((p) => [p.square, `${p.name} (${p.team})`]));
    panel.hidden = false;
    draw(doc, seats);
    decorate();
  } catch (e) {
    if (mine !== request) return;
    // No markets for this variant: nothing to show. A bad lineup: say so.
    if (lineups[0] || lineups[1]) {
      panel.hidden = false;
      $("odds").replaceChildren(html("div", "error inline", e.message));
    } else {
      panel.hidden = true;
    }
  }
}

// Names each occupied square's player in its hover text.
export function decorate() {
  for (const g of document.querySelectorAll("#board .sq")) {
    const name = people.get(g.dataset.square);
    let title = g.querySelector("title.person");
    if (!name) {
      if (title) title.remove();
      continue;
    }
    if (!title) {
      title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.setAttribute("class", "person");
      g.appendChild(title);
    }
    title.textContent = name;
  }
}
