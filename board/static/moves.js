// The position's values: the verdict sentence, every play's value, the best line, the variations from the
// node, and the cards still out.
import { $, el, span } from "./dom.js";
import { LANG, MSG, t, outcomeText, seatText } from "./i18n.js";
import { SUIT_SYMBOL, cardText, isRed, playText, suitText } from "./cards.js";
import { S, SEATS, hiddenHands, isRecordPlay, nodeAt, st, wantsValues } from "./tree.js";
import { MARK_SYMBOL, lossText, mark } from "./table.js";
import { go, makePlay, refresh } from "./main.js";

function valueSentence(v) {
  if (v.tricks !== undefined) return t("bridge_value", { points: v.tricks });
  return t("best_value", { points: v.points, dug: v.dug ? t("and_dig") : "", outcome: outcomeText(v.outcome, v.levels) });
}
export function valueText(v) {
  if (!v) return "—";
  return v.tricks !== undefined ? `${v.tricks}` : t(v.dug ? "value_dug" : "value", { points: v.points, outcome: outcomeText(v.outcome, v.levels) });
}

export function renderVerdict() {
  const box = $("verdict"), v = st.view, analysis = st.analysis;
  if (v.over && v.result) {
    const said = t("result", { points: v.result.points, dug: v.result.dug ? t("dug") : "", outcome: outcomeText(...v.result.outcome.split(" ")) });
    box.textContent = v.result.why ? [said, v.result.why].join(LANG === "zh" ? "" : " ") : said; // and why so many levels
    return;
  }
  if (hiddenHands() && !v.before_bury) { box.textContent = t("no_dd"); return; }
  if (S.viewer) { box.textContent = t("single_view", { seat: S.viewer }); return; }
  if (!wantsValues()) { box.textContent = ""; return; }
  if (S.hide) { box.textContent = t("values_hidden"); return; }
  if (!analysis) { box.textContent = st.kernelReady ? t("solving") : t("kernel_compiling"); return; }
  if (analysis.stopped) {
    const s = analysis.stopped;
    const kids = [el("div", { id: "stopped" }, t("stopped", { reason: MSG["reason_" + s.reason] || s.reason, nodes: s.nodes.toLocaleString("en") }))];
    const which = s.at_least && s.at_most ? "proved" : s.at_least ? "proved_low" : s.at_most ? "proved_high" : null;
    if (which) kids.push(el("div", { id: "bounds" }, t(which, { low: valueText(s.at_least), high: valueText(s.at_most) })));
    if (s.finished.length && !s.moves) kids.push(el("div", {}, t("finished", { plays: s.finished.map((m) => `${playText(m.play)} = ${m.points}`).join(t("list_sep")) })));
    kids.push(el("div", { class: "muted" }, t("advise_offer")));
    box.replaceChildren(...kids);
    return;
  }
  box.textContent = valueSentence(analysis.analysis.value);
}

// A stopped search: every play's proven interval (solve --json's stopped.moves), and what it settles.
function provedText(m) {
  if (m.worse_result) return t("proven_worse_result");
  if (m.proven_worse) return t("proven_worse");
  if (m.proven_best) return t("proven_best");
  return m.exact ? t("proven_exact") : "";
}
function renderBounds(box, s) {
  const head = el("tr", {}, [t("play"), t("at_least_h"), t("at_most_h"), t("proved_h")].map((h) => el("th", {}, h)));
  const rows = s.moves.map((m) => el("tr", { class: "clickable", "data-play": m.play, on: { click: () => makePlay(m.play) } },
    el("td", {}, playText(m.play)), el("td", {}, valueText(m.at_least)), el("td", {}, valueText(m.at_most)),
    el("td", {}, m.proven_worse ? span(MARK_SYMBOL.worse + " ", "mark worse") : m.proven_best ? span(MARK_SYMBOL.best + " ", "mark best") : "", provedText(m))));
  box.replaceChildren(el("h3", {}, t("bounds_title")), el("table", { class: "moves", id: "bounds-table" }, head, ...rows),
    el("div", { class: "legend", id: "bounds-legend" }, t("bounds_legend")));
}

export function renderMoves() {
  const box = $("moves"), analysis = st.analysis;
  if (analysis && analysis.stopped && analysis.stopped.moves && !S.hide && wantsValues()) {
    // a search stopped before it proved anything of any play: no table of "— —" (the verdict says so)
    const proved = analysis.stopped.moves.some((m) => m.at_least || m.at_most || m.exact || m.proven_worse || m.proven_best);
    box.hidden = !proved;
    if (proved) renderBounds(box, analysis.stopped);
    return;
  }
  if (!analysis || !analysis.analysis || S.hide || !wantsValues()) { box.hidden = true; return; }
  box.hidden = false;
  const a = analysis.analysis, bridge = st.view.bridge;
  const head = el("tr", {}, [t("play"), bridge ? t("tricks_h") : t("pts"), ...(bridge ? [] : [t("dug_h"), t("outcome")]), t("loss")].map((h) => el("th", {}, h)));
  const rows = a.moves.map((m) => {
    const k = mark(m);
    return el("tr", { class: "clickable", "data-play": m.play, on: { click: () => makePlay(m.play) } },
      el("td", {}, playText(m.play)), el("td", {}, m.points !== undefined ? m.points : m.tricks),
      ...(bridge ? [] : [el("td", {}, m.dug ? t("yes") : t("no")), el("td", {}, outcomeText(m.outcome, m.levels))]),
      el("td", {}, span(MARK_SYMBOL[k] + " ", `mark ${k}`), lossText(m)));
  });
  box.replaceChildren(el("h3", {}, t("every_play", { seat: a.to_play, objective: t("obj_" + a.objective) })), el("table", { class: "moves", id: "moves-table" }, head, ...rows),
    el("div", { class: "legend", id: "marks-legend" }, bridge ? t("marks_legend_bridge") : t("marks_legend")));
}

export function renderLine() {
  const box = $("line"), analysis = st.analysis;
  if (!st.lineShown || !analysis || !analysis.analysis || S.hide) { box.hidden = true; return; }
  box.hidden = false;
  const a = analysis.analysis;
  const rows = a.line.map((tr, i) => el("tr", {}, el("td", {}, i + 1), el("td", {}, tr.plays.map((p, j) => `${seatText(SEATS[(SEATS.indexOf(tr.leader) + j) % 4])} ${playText(p)}`).join(t("list_sep"))),
    el("td", {}, tr.winner ? seatText(tr.winner) : ""), el("td", {}, tr.points)));
  box.replaceChildren(el("h3", {}, t("best_line")),
    el("button", { type: "button", id: "step-line", on: { click: () => makePlay(a.line[0].plays[0]) } }, t("step")),
    el("table", { class: "moves" }, ...rows));
}

// The variations from the node: a play from any node starts one; one can be promoted or deleted, and a
// deletion undone. A hand record's own play stays first and cannot be deleted: the review is of it.
export function renderVariations() {
  const n = nodeAt(S.path), box = $("variations"), deleted = st.deleted && st.deleted.node === n ? st.deleted : null;
  const learning = st.learn && st.learn.phase === "try"; // the play made is what the learner must not see
  // a game in progress has one line, its own: nothing to promote, and a deletion would take plays back
  if ((!n.c.length && !deleted) || learning || st.game) { box.hidden = true; return; }
  box.hidden = false;
  const recordHere = isRecordPlay(S.path, 0);
  const rows = n.c.map((c, i) => el("div", { class: "var-row" },
    el("button", { type: "button", on: { click: () => { n.l = i; go([...S.path, i]); } } }, playText(c.p)),
    i === 0 ? span(t(recordHere ? "record_line" : "main_line"), "muted")
      : recordHere ? null : el("button", { type: "button", class: "promote", on: { click: () => { n.c.unshift(n.c.splice(i, 1)[0]); n.l = 0; refresh(); } } }, t("promote")),
    i === 0 && recordHere ? null : el("button", { type: "button", class: "delete", on: { click: () => deleteVariation(n, i) } }, t("delete"))));
  if (deleted) rows.push(el("div", { class: "var-deleted", id: "deleted" }, span(t("deleted_variation", { play: playText(deleted.child.p) }), "muted"),
    el("button", { type: "button", id: "undo-delete", on: { click: undoDelete } }, t("undo_delete"))));
  box.replaceChildren(el("h3", {}, t("variations")), ...rows);
}
function deleteVariation(node, i) {
  st.deleted = { node, index: i, child: node.c[i], last: node.l };
  node.c.splice(i, 1);
  node.l = node.l === i ? 0 : node.l > i ? node.l - 1 : node.l;
  refresh();
}
function undoDelete() {
  const d = st.deleted;
  if (!d) return;
  d.node.c.splice(d.index, 0, d.child);
  d.node.l = d.last;
  st.deleted = null;
  refresh();
}

export function renderOut() {
  const box = $("out"), v = st.view;
  if (!v || !v.out || v.bridge) { box.hidden = true; return; }
  box.hidden = false;
  const kinds = v.out.kinds.map((k) => span(`${cardText(k.card)}${k.copies > 1 ? "×" + k.copies : ""} `, isRed(k.card) ? "red" : ""));
  const voids = Object.entries(v.voids).map(([seat, suits]) => t("labelled", { label: seatText(seat), value: suits.map(suitText).join("") }));
  box.replaceChildren(el("h3", {}, t("cards_out")), el("div", { class: "muted" }, t("points_out", { points: v.out.points })),
    el("div", { id: "kinds-out" }, ...kinds), el("div", { id: "voids-out" }, voids.length ? t("labelled", { label: t("voids"), value: voids.join(t("list_sep")) }) : ""));
}
