// The value graph of a hand record: before each play, the attackers' expected points on what its player
// could see (the review's estimate, with a band of ± one standard error), exact values where the search
// finished (the last tricks), every play marked inaccuracy or worse as a dot to click, the current position.
import { $, el, svgEl } from "./dom.js";
import { t, seatText } from "./i18n.js";
import { playText } from "./cards.js";
import { S, mainLine, mainPath, onMainLine, st } from "./tree.js";
import { FLAGGED, classText, learnHidesMarks, lossText } from "./review.js";
import { go } from "./main.js";

const W = 420, H = 210, LEFT = 40, RIGHT = 8, TOP = 10, BOTTOM = 34;

// The value before each ply: {est: [mean, se] | null, exact: points | null, p: the judged play}.
function points() {
  const r = st.review, n = mainLine().length, out = [];
  for (let ply = 0; ply <= n; ply++) {
    const p = r.plays.get(ply);
    const est = p && p.value ? [p.value.mean_points, p.value.points_se] : null;
    const exact = p && p.dd && p.dd.best ? p.dd.best.points : null;
    out.push({ ply, p, est, exact });
  }
  const result = r.result && r.result.result;
  if (result) out[n].exact = parseInt(result, 10);
  return out;
}

export function renderGraph() {
  const box = $("graph"), r = st.review;
  if (!r || learnHidesMarks() || S.hide) { box.hidden = true; return; }
  box.hidden = false;
  const n = mainLine().length, data = points();
  const ys = data.flatMap((d) => [...(d.est ? [d.est[0] - d.est[1], d.est[0] + d.est[1]] : []), ...(d.exact !== null ? [d.exact] : [])]);
  const threshold = st.view.threshold || 120;
  const low = Math.max(0, Math.floor((Math.min(threshold - 20, ...ys) - 10) / 20) * 20);
  const high = Math.ceil((Math.max(threshold + 20, ...ys) + 10) / 20) * 20;
  const X = (ply) => LEFT + (ply * (W - LEFT - RIGHT)) / Math.max(1, n);
  const Y = (y) => TOP + ((high - y) * (H - TOP - BOTTOM)) / (high - low);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, id: "graph-svg", role: "img", "aria-label": t("graph") });
  // axes: points up the left, tricks along the bottom
  svgEl("line", { x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM, class: "axis" }, svg);
  svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM, class: "axis" }, svg);
  const step = high - low > 160 ? 60 : high - low > 80 ? 40 : 20;
  for (let y = Math.ceil(low / step) * step; y <= high; y += step) {
    svgEl("line", { x1: LEFT - 3, x2: W - RIGHT, y1: Y(y), y2: Y(y), class: "grid" }, svg);
    svgEl("text", { x: LEFT - 5, y: Y(y) + 3, class: "tick", "text-anchor": "end" }, svg).textContent = String(y);
  }
  if (threshold >= low && threshold <= high) {
    svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: Y(threshold), y2: Y(threshold), class: "threshold" }, svg);
  }
  const tricks = Math.ceil(n / 4), every = tricks > 20 ? 5 : tricks > 8 ? 2 : 1;
  for (let k = 1; k <= tricks; k += k === 1 && every > 1 ? every - 1 : every) {
    svgEl("text", { x: X(4 * (k - 1)), y: H - BOTTOM + 13, class: "tick", "text-anchor": "middle" }, svg).textContent = String(k);
  }
  svgEl("text", { x: (LEFT + W) / 2, y: H - 4, class: "axis-label", "text-anchor": "middle" }, svg).textContent = t("graph_x");
  svgEl("text", { x: 10, y: (TOP + H - BOTTOM) / 2, class: "axis-label", "text-anchor": "middle",
    transform: `rotate(-90 10 ${(TOP + H - BOTTOM) / 2})` }, svg).textContent = t("graph_y");
  // the estimate, its band, the exact values
  // One line a side: each side sees the hand differently (the dealer knows the bottom, every player its own
  // hand), so one line through every play would zigzag between two views at each change of mover.
  const attackers = new Set(st.view.attackers || []);
  for (const side of ["attackers", "defenders"]) {
    const est = data.filter((d) => d.est && attackers.has(d.p.seat) === (side === "attackers"));
    if (!est.length) continue;
    const upper = est.map((d) => `${X(d.ply)},${Y(d.est[0] + d.est[1])}`), lower = est.map((d) => `${X(d.ply)},${Y(d.est[0] - d.est[1])}`).reverse();
    svgEl("polygon", { points: [...upper, ...lower].join(" "), class: `se-band ${side}` }, svg);
    svgEl("polyline", { points: est.map((d) => `${X(d.ply)},${Y(d.est[0])}`).join(" "), class: `estimate ${side}` }, svg);
  }
  const exact = data.filter((d) => d.exact !== null);
  if (exact.length) {
    svgEl("polyline", { points: exact.map((d) => `${X(d.ply)},${Y(d.exact)}`).join(" "), class: "exact" }, svg);
    for (const d of exact) svgEl("circle", { cx: X(d.ply), cy: Y(d.exact), r: 2, class: "exact-point", "data-ply": d.ply }, svg);
  }
  // the marked plays: a dot each, on the value before the play, that takes you there
  for (const d of data) {
    if (!d.p || !FLAGGED.has(d.p.class)) continue;
    const y = d.exact !== null ? d.exact : d.est ? d.est[0] : null; // where the readout puts it: exact first
    if (y === null || y === undefined) continue;
    const dot = svgEl("circle", { cx: X(d.ply), cy: Y(y), r: d.p.class === "inaccuracy" ? 3.5 : 4.5, class: `mark-dot ${d.p.class}`,
      "data-ply": d.ply, tabindex: 0 }, svg);
    svgEl("title", {}, dot).textContent = plyLine(d);
    dot.addEventListener("click", (ev) => { ev.stopPropagation(); go(mainPath(d.ply + 1)); }); // the play made, highlighted
  }
  // where we are, and its value
  const cur = onMainLine() ? Math.min(S.path.length, n) : -1;
  if (cur >= 0) svgEl("line", { x1: X(cur), x2: X(cur), y1: TOP, y2: H - BOTTOM, class: "current", id: "graph-current" }, svg);
  const hover = svgEl("line", { x1: 0, x2: 0, y1: TOP, y2: H - BOTTOM, class: "hover", visibility: "hidden" }, svg);
  const readout = el("div", { id: "graph-readout", class: "readout" }, cur >= 0 ? valueLine(data[cur]) : "");
  const plyAt = (ev) => {
    const rect = svg.getBoundingClientRect(), x = ((ev.clientX - rect.left) / rect.width) * W;
    return Math.max(0, Math.min(n, Math.round(((x - LEFT) * Math.max(1, n)) / (W - LEFT - RIGHT))));
  };
  svg.addEventListener("mousemove", (ev) => {
    const ply = plyAt(ev);
    hover.setAttribute("x1", X(ply)); hover.setAttribute("x2", X(ply)); hover.setAttribute("visibility", "visible");
    readout.textContent = valueLine(data[ply]);
  });
  svg.addEventListener("mouseleave", () => { hover.setAttribute("visibility", "hidden"); readout.textContent = cur >= 0 ? valueLine(data[cur]) : ""; });
  svg.addEventListener("click", (ev) => go(mainPath(plyAt(ev))));
  const key = el("div", { class: "graph-key" }, el("span", { class: "key attackers" }, t("graph_key_attackers")),
    el("span", { class: "key defenders" }, t("graph_key_defenders")), el("span", { class: "key exact" }, t("graph_key_exact")));
  box.replaceChildren(el("h3", {}, t("graph")), svg, key, readout, el("div", { class: "legend" }, t("graph_legend_review")));
}

// "trick 7, W ♠10: mistake, 12 ± 3 points lost" — a marked play, as its dot's tooltip says it.
function plyLine(d) {
  const p = d.p;
  return t("graph_mark", { trick: p.trick, seat: p.seat, play: playText(p.play), grade: classText(p.class), loss: lossText(p) });
}
// The value before a play as the readout shows it: the estimate ± SE, or the exact value.
function valueLine(d) {
  if (!d) return "";
  const trick = Math.floor(d.ply / 4) + 1;
  if (d.exact !== null && (!d.est || d.p && d.p.dd)) return t("graph_exact", { trick, points: d.exact });
  if (d.est) return t("graph_estimate", { trick, seat: d.p.seat, mean: d.est[0].toFixed(1), se: d.est[1].toFixed(1) });
  return d.p ? t("graph_forced", { trick, seat: d.p.seat }) : t("graph_pending", { trick });
}
