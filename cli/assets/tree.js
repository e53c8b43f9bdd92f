// The game tree: every node is an entry (an input or a referee event)
// played from its parent's position. A node's first child continues its
// line; the others are variations.

let ids = 0;

export function node(token, parent) {
  return { id: ++ids, token, parent, children: [], referee: false };
}

// A tree holding one line of `tokens`; returns its root.
export function lineTree(tokens) {
  const root = node(null, null);
  let at = root;
  for (const t of tokens) at = child(at, t);
  return root;
}

// The child of `at` that plays `token`, made (as a variation when `at`
// already has a continuation) if there is none.
export function child(at, token) {
  let next = at.children.find((c) => c.token === token);
  if (!next) {
    next = node(token, at);
    at.children.push(next);
  }
  return next;
}

// The nodes from the root's first move to `at`.
export function nodesTo(at) {
  const list = [];
  for (let n = at; n && n.parent; n = n.parent) list.unshift(n);
  return list;
}

export function pathTo(at) {
  return nodesTo(at).map((n) => n.token);
}

export function depth(at) {
  return nodesTo(at).length;
}

export function rootOf(at) {
  let n = at;
  while (n.parent) n = n.parent;
  return n;
}

// The last node of `at`'s line (following first children).
export function lineEnd(at) {
  let n = at;
  while (n.children.length) n = n.children[0];
  return n;
}

// Makes `at`'s line the main line at every level above it.
export function promote(at) {
  for (let n = at; n.parent; n = n.parent) {
    const siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
  }
}

// Removes `at` and everything after it; returns its parent.
export function remove(at) {
  const parent = at.parent;
  if (!parent) return at;
  parent.children.splice(parent.children.indexOf(at), 1);
  return parent;
}

// Whether `at` is on the main line (the first child at every level).
export function onMainLine(at) {
  for (let n = at; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

// Finds the node with `id` under `root`.
export function find(root, id) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

// The tree as text for an address: entries separated by commas, each
// variation in brackets after the entry it replaces
// (`e2e4,e7e5,(b1c3,b8c6),g1f3`).
export function write(root) {
  const line = (start) => {
    const out = [];
    let n = start;
    while (n.children.length) {
      const [main, ...alts] = n.children;
      out.push(main.token);
      for (const alt of alts) out.push("(" + [alt.token, ...line(alt)].join(",") + ")");
      n = main;
    }
    return out;
  };
  return line(root).join(",");
}

// A tree from the text `write` makes (a plain list of entries is one line).
// Every entry read is a node of its own, so that a variation that starts
// with its main move's token (a record may hold one) stays a variation
// instead of merging into the main line.
export function read(text) {
  const root = node(null, null);
  const tokens = text.match(/[()]|[^,()\s]+/g) || [];
  let i = 0;
  const line = (from) => {
    let at = from;
    let last = null;
    while (i < tokens.length) {
      const t = tokens[i++];
      if (t === ")") return;
      if (t === "(") {
        line(last ? last.parent : at);
        continue;
      }
      last = node(t, at);
      at.children.push(last);
      at = last;
    }
  };
  line(root);
  return root;
}

// Where `at` is: the index of each node among its parent's children.
export function address(at) {
  return nodesTo(at).map((n) => n.parent.children.indexOf(n));
}

// The node at `indices` under `root` (as far as they lead).
export function follow(root, indices) {
  let n = root;
  for (const i of indices) {
    if (!n.children[i]) break;
    n = n.children[i];
  }
  return n;
}
