// Small DOM helpers shared by the page's modules.

export const $ = (id) => document.getElementById(id);

const SVGNS = "http://www.w3.org/2000/svg";

// An SVG element with attributes and optional text.
export function svg(name, attrs, text) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// An HTML element with a class and children (strings or nodes).
export function html(name, className, ...children) {
  const node = document.createElement(name);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

// Shows `text` in the error box `id` (hidden when empty).
export function showError(id, text) {
  const box = $(id);
  box.textContent = text || "";
  box.hidden = !text;
}
