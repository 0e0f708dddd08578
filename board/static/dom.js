// Building the page's elements: no framework, a few helpers.
export const $ = (id) => document.getElementById(id);

export function span(text, cls) {
  const e = document.createElement("span");
  if (cls) e.className = cls;
  e.textContent = text;
  return e;
}

// el("div", {class: "x", on: {click: fn}, id: "y"}, kids…): attributes, listeners, children (text or nodes).
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "on") for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return e;
}

// An SVG element with its attributes, appended to parent when one is given.
export function svgEl(tag, attrs = {}, parent = null) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}
