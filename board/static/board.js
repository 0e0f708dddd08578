// The analysis board's page. It implements no rules: the server's engine replays every play, lists the
// legal plays and values them; this page draws what it is sent and keeps the tree of plays in the URL.
"use strict";

const $ = (id) => document.getElementById(id);
const SEATS = "SENW";
const TAB = Math.random().toString(36).slice(2);
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", T: "★" };
const RANK_ORDER = "AKQJT98765432";

// Every sentence the page shows, by key: the server sends them in the page's language (board/messages.py,
// the catalog the CLI reads too); until they arrive a key shows as itself.
let MSG = {};
// The language the page asked for with its switch ("" until the user picks one: the browser's then).
let LANG = localStorage.getItem("huolong-lang") || "";
const SEAT_VARS = new Set(["seat", "winner"]);
const seatText = (s) => t("seat_" + s);
// An outcome (its name, as JSON gives it, and levels) in words: 抓分方上台升级 1.
const outcomeText = (name, levels) => t("outcome_" + name) + (levels && Number(levels) ? " " + levels : "");
function t(key, vars = {}) {
  const show = (k, v) => (SEAT_VARS.has(k) && /^[SENW]$/.test(v) ? (MSG["seat_" + v] || v)
    : k === "a" ? String(v).split("–").map((x) => MSG["seat_" + x] || x).join("–") : String(v));
  return (MSG[key] || key).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? show(k, vars[k]) : `{${k}}`));
}
async function loadMessages() {
  const r = await api("/api/messages", undefined, undefined, "GET");
  MSG = r.messages; LANG = r.lang;
  document.documentElement.lang = LANG === "zh" ? "zh-CN" : "en";
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const e of document.querySelectorAll("[data-t-title]")) e.title = t(e.dataset.tTitle);
  const pick = $("lang");
  pick.replaceChildren(...Object.entries(r.languages).map(([code, name]) => el("option", { value: code }, name)));
  pick.value = LANG;
}

// -- cards ---------------------------------------------------------------------------------------
function cardText(tok) {
  if (tok === "BJ") return "大王";
  if (tok === "LJ") return "小王";
  return SUIT_SYMBOL[tok[0]] + (tok[1] === "T" ? "10" : tok[1]);
}
function rankText(tok) {
  if (tok === "BJ") return "大王";
  if (tok === "LJ") return "小王";
  return tok[1] === "T" ? "10" : tok[1];
}
const isRed = (tok) => tok === "BJ" || tok[0] === "H" || tok[0] === "D";
const playText = (play) => play.split(" ").map(cardText).join(" ");
function span(text, cls) { const e = document.createElement("span"); if (cls) e.className = cls; e.textContent = text; return e; }
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "on") for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return e;
}

// -- state: the root, the tree of plays, where we are; all of it in the URL ------------------------
const newNode = (play) => ({ p: play, c: [], l: 0 });
let S = { root: null, tree: newNode(null), path: [], objective: "outcome", seconds: 3, hide: false, auto: false,
  viewer: "", bottom: "S" };
let view = null, analysis = null, selection = [], lineShown = false, lastTrickShown = false;
const views = new Map(), analyses = new Map();
let graph = null, adviceJob = null, buryJob = null, analyseCtl = null, kernelReady = false;

function nodeAt(path) { let n = S.tree; for (const i of path) n = n.c[i]; return n; }
function playsAt(path) { const out = []; let n = S.tree; for (const i of path) { n = n.c[i]; out.push(n.p); } return out; }
const key = () => JSON.stringify([S.root, playsAt(S.path), S.viewer]);

function b64(s) { return btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); }
function unb64(s) { const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/")); return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))); }
function packTree(n) { return [n.p, n.l, n.c.map(packTree)]; }
function unpackTree(a) { return { p: a[0], l: a[1] || 0, c: (a[2] || []).map(unpackTree) }; }
function saveUrl() {
  const state = { r: S.root, t: packTree(S.tree), p: S.path, o: S.objective, s: S.seconds, h: S.hide ? 1 : 0,
    a: S.auto ? 1 : 0, v: S.viewer, b: S.bottom };
  history.replaceState(null, "", "#" + b64(JSON.stringify(state)));
}
function loadUrl() {
  if (location.hash.length < 2) return false;
  try {
    const s = JSON.parse(unb64(location.hash.slice(1)));
    S = { root: s.r, tree: unpackTree(s.t), path: s.p || [], objective: s.o || "outcome", seconds: s.s || 3,
      hide: !!s.h, auto: !!s.a, viewer: s.v || "", bottom: s.b || "S" };
    return true;
  } catch (e) { showError(t("bad_address")); return false; }
}

// -- the server ----------------------------------------------------------------------------------
async function api(path, body, signal, method = "POST") {
  const init = { method, signal, headers: { "Content-Type": "application/json" } };
  if (LANG) init.headers["X-Huolong-Lang"] = LANG; // the page's language, for the server's error lines
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}
function showError(message) { const e = $("error"); e.textContent = t("error", { message }); e.hidden = false; }
function clearError() { $("error").hidden = true; }

// -- opening positions -----------------------------------------------------------------------------
async function loadPicker() {
  const { positions } = await api("/api/positions", undefined, undefined, "GET");
  const picker = $("picker");
  picker.replaceChildren(...positions.map((p) => el("option", { value: p.index }, `${p.title} — ${t("kind_" + p.kind)}`)));
  return positions;
}
function showInPicker(root) { // the picker names what is on the table, an opened or entered text too
  const picker = $("picker");
  picker.querySelector("option[data-text]")?.remove();
  if (root.file !== undefined) { picker.value = String(root.file); return; }
  picker.prepend(el("option", { value: "", "data-text": "" }, root.name || "<pasted>"));
  picker.value = "";
}
async function openRoot(root) {
  showInPicker(root);
  S.root = root; S.tree = newNode(null); S.path = [];
  views.clear(); analyses.clear();
  for (const j of [graph, adviceJob, buryJob]) if (j) cancelJob(j.job);
  graph = null; adviceJob = null; buryJob = null;
  const v = await getView();
  if (v.main_line.length) { // a hand record: its plays are the main line
    let n = S.tree;
    for (const p of v.main_line) { const c = newNode(p); n.c.push(c); n = c; }
    startGraph();
  }
  const unknown = Object.values(v.hands).some((h) => h.count === null);
  if (unknown && !v.before_bury) S.viewer = v.to_play || ""; // only one hand known: that seat's sight of it
  await refresh();
}
async function openText(text, name) {
  const found = await api("/api/open", { text, name });
  await openRoot({ text, index: 0, name });
  return found;
}

// -- the position on screen ------------------------------------------------------------------------
async function getView(path = S.path) {
  const k = JSON.stringify([S.root, playsAt(path), S.viewer]);
  if (!views.has(k)) views.set(k, await api("/api/view", { root: S.root, plays: playsAt(path), viewer: S.viewer || null }));
  return views.get(k);
}
async function refresh() {
  clearError();
  try { view = await getView(); } catch (e) { showError(e.message); return; }
  selection = [];
  $("objective").value = S.objective; $("budget").value = S.seconds; $("hide").checked = S.hide;
  $("auto").checked = S.auto; $("viewer").value = S.viewer; $("bottom-seat").value = S.bottom;
  analysis = analyses.get(analysisKey()) || null;
  render();
  saveUrl();
  if (!analysis && wantsValues()) requestAnalysis();
  if (S.auto && view.legal.length === 1 && !view.over) setTimeout(() => { if (view && view.legal.length === 1) makePlay(view.legal[0]); }, 350);
  gameTurn();
}
const hiddenHands = () => view && Object.values(view.hands).some((h) => h.count === null);
const wantsValues = () => view && !view.over && !view.before_bury && !S.viewer && !hiddenHands();
const analysisKey = () => key() + "|" + S.objective + "|" + S.seconds;

async function requestAnalysis() {
  if (analyseCtl) analyseCtl.abort();
  const ctl = new AbortController(); analyseCtl = ctl;
  const k = analysisKey();
  $("verdict").textContent = kernelReady ? t("solving") : t("kernel_compiling");
  try {
    const data = await api("/api/analyse", { root: S.root, plays: playsAt(S.path), objective: S.objective,
      seconds: Number(S.seconds), tab: TAB }, ctl.signal);
    if (data.cancelled) return; // a newer request took the worker: its answer comes
    analyses.set(k, data);
    if (analysisKey() === k) { analysis = data; render(); }
  } catch (e) { if (e.name !== "AbortError") showError(e.message); }
}

function seatPlace(seat) { // where a seat sits on screen, with S.bottom at the bottom
  const shift = (SEATS.indexOf(seat) - SEATS.indexOf(S.bottom) + 4) % 4;
  return ["bottom", "right", "top", "left"][shift];
}

function render() {
  renderInfo(); renderTable(); renderSelection(); renderVerdict(); renderMoves(); renderLine(); renderVariations();
  renderAdvice(); renderBurials(); renderGraph(); renderRecord(); renderOut(); renderGame();
  $("undo-button").disabled = S.path.length === 0;
  $("redo-button").disabled = nodeAt(S.path).c.length === 0;
  $("best-button").disabled = !(analysis && analysis.analysis && analysis.analysis.moves.length);
  $("line-button").disabled = !(analysis && analysis.analysis && analysis.analysis.line.length);
}

function renderInfo() {
  const v = view, parts = [];
  if (v.event) parts.push(el("div", {}, el("strong", {}, v.event)));
  const tags = [];
  if (v.level) tags.push(t("level", { level: v.level === "T" ? "10" : v.level }));
  if (v.trump) tags.push(t("trump", { trump: SUIT_SYMBOL[v.trump] }));
  tags.push(t("dealer", { seat: v.dealer }), t("attack", { a: v.attackers.join("–") }), t("rules", { rules: v.rules }));
  if (!v.bridge) tags.push(t("points", { points: v.points }));
  tags.push(t("tricks_left", { n: v.tricks_left }));
  parts.push(el("div", {}, tags.map((x) => span(x, "tag"))));
  if (v.bottom && !v.bridge) parts.push(el("div", { id: "bottom-cards" }, v.bottom_visible
    ? t("bottom", { cards: v.bottom.map(cardText).join(" "), points: v.bottom_points, dig: v.dig_value }) : t("bottom_hidden")));
  if (lastTrickShown) parts.push(el("div", { id: "last-trick" }, v.last_trick
    ? t("last_trick", { plays: v.last_trick.plays.map((p) => `${seatText(p.seat)} ${playText(p.play)}`).join(", "), winner: v.last_trick.winner, points: v.last_trick.points })
    : t("no_last_trick")));
  $("info").replaceChildren(...parts);
}

function cardValues() { // the best value of any legal play holding each card (plays come best first)
  const out = new Map();
  if (!analysis || !analysis.analysis || S.hide) return out;
  for (const m of analysis.analysis.moves) for (const c of m.play.split(" ")) if (!out.has(c)) out.set(c, m);
  return out;
}
function mark(m) { // best / worse result / fewer points, against the best value
  const a = analysis.analysis, best = a.value;
  const pts = (x) => (x.points !== undefined ? x.points : x.tricks);
  if (a.objective === "result") return m.outcome === best.outcome && m.levels === best.levels ? "best" : "worse";
  if (pts(m) === pts(best) && m.dug === best.dug && m.outcome === best.outcome && m.levels === best.levels) return "best";
  if (a.objective === "outcome" && (m.outcome !== best.outcome || m.levels !== best.levels)) return "worse";
  return "fewer";
}
const MARK_SYMBOL = { best: "✓", worse: "✗", fewer: "−" };
function lossText(m) {
  const a = analysis.analysis, k = mark(m);
  if (k === "best") return t("best");
  if (k === "worse") return t("worse_result");
  const side = view.attackers.includes(a.to_play) ? 1 : -1;
  const pts = (x) => (x.points !== undefined ? x.points : x.tricks);
  const loss = side * (pts(a.value) - pts(m));
  return loss ? `-${Math.abs(loss)}` : t("dig");
}

function renderTable() {
  const v = view, values = cardValues();
  for (const seat of SEATS) {
    const box = $("seat-" + seatPlace(seat)), hand = v.hands[seat];
    box.className = `seat ${seatPlace(seat)}` + (v.to_play === seat ? " to-play" : "");
    box.dataset.seat = seat;
    const role = seat === v.dealer ? t(v.bridge ? "role_declarer" : "role_dealer") : (v.attackers.includes(seat) ? t("role_attacker") : "");
    const kids = [el("div", { class: "seat-name" }, seatText(seat), span(role ? " " + role : "", "role"), hand.count !== null ? span(` · ${hand.count}`, "role") : null)];
    if (!hand.visible) {
      kids.push(el("div", { class: "hidden-hand" }, hand.count === null ? "?" : `(${hand.count})`));
      if (v.voids[seat]) kids.push(el("div", { class: "hidden-hand" }, `${t("voids")}: ${v.voids[seat].map((s) => SUIT_SYMBOL[s]).join(" ")}`));
    } else {
      const mine = v.to_play === seat && v.legal.length;
      for (const row of hand.suits) {
        const label = span(SUIT_SYMBOL[row.suit], "suit-label" + (row.suit === "H" || row.suit === "D" ? " red" : ""));
        const cards = row.cards.map((tok, i) => cardButton(tok, row.suit === "T", mine, values, `${seat}-${row.suit}-${i}`));
        kids.push(el("div", { class: "suit-row" + (mine ? "" : " glyphs"), "data-suit": row.suit }, label, cards.length ? cards : span("-", "muted")));
      }
    }
    if (v.before_bury && seat === v.dealer && v.kitty) // the dealer's 45 cards: the hand and the kitty
      kids.push(el("div", { class: "suit-row kitty", id: "kitty" }, span(t("kitty"), "suit-label kitty-label"), v.kitty.map((tok) => el("span", { class: "card" + (isRed(tok) ? " red" : "") }, cardText(tok)))));
    box.replaceChildren(...kids);
  }
  const center = $("center"), items = [];
  for (const tp of v.trick) items.push(el("div", { class: `tplay t-${seatPlace(tp.seat)}` }, `${seatText(tp.seat)} ${playText(tp.play)}`));
  const mid = v.before_bury ? t("before_bury", { seat: v.dealer, n: 45 }) : v.over ? t("over")
    : t(v.trick.length ? "to_play" : "to_lead", { seat: v.to_play });
  items.push(el("div", { class: "tplay t-mid" }, mid));
  center.replaceChildren(...items);
}

function cardButton(tok, trump, mine, values, id) {
  const cls = "card" + (isRed(tok) ? " red" : "") + (trump ? " trump" : "");
  if (!mine) return el("span", { class: cls }, trump ? cardText(tok) : rankText(tok)); // a plain row: its ranks, as BBO's diagram
  const b = el("button", { type: "button", class: cls, "data-card": tok, id: "card-" + id, on: { click: () => toggleCard(tok, b) } }, span(cardText(tok)));
  const m = values.get(tok);
  if (m) {
    const k = mark(m);
    b.append(span(`${MARK_SYMBOL[k]}${m.points !== undefined ? m.points : m.tricks}`, `val ${k}`));
    b.title = `${playText(m.play)}: ${lossText(m)}`;
  }
  return b;
}

// -- building a play by selecting cards (only selections some legal play extends are accepted) -------
function holds(play, cards) {
  const left = play.split(" ");
  for (const c of cards) { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); }
  return true;
}
function toggleCard(tok, button) {
  const i = selection.indexOf(tok);
  const selectedHere = button.classList.contains("selected");
  let next = selection.slice();
  if (selectedHere) next.splice(i, 1); else next.push(tok);
  const fits = view.legal.filter((p) => holds(p, next));
  if (!fits.length) { $("selection").textContent = t("not_a_play"); return; }
  selection = next;
  button.classList.toggle("selected", !selectedHere);
  const exact = fits.find((p) => p.split(" ").length === next.length);
  if (exact && fits.length === 1) { makePlay(exact); return; }
  renderSelection();
}
function renderSelection() {
  const fits = view.legal.filter((p) => holds(p, selection));
  const exact = fits.find((p) => p.split(" ").length === selection.length);
  $("selection").textContent = selection.length ? playText(selection.join(" ")) : (view.to_play && view.legal.length && !S.viewer ? t("select_hint", { seat: view.to_play }) : "");
  $("play-button").disabled = !exact || !selection.length;
  $("play-button").dataset.play = exact || "";
}

// -- the tree: a play from any node starts or re-enters a variation ---------------------------------
async function makePlay(play) {
  const node = nodeAt(S.path);
  let i = node.c.findIndex((c) => c.p === play);
  if (i < 0) { node.c.push(newNode(play)); i = node.c.length - 1; }
  node.l = i;
  S.path = [...S.path, i];
  await refresh();
}
async function go(path) { S.path = path; lastTrickShown = false; await refresh(); }
function undo() { if (S.path.length) go(S.path.slice(0, -1)); }
function redo() { const n = nodeAt(S.path); if (n.c.length) { go([...S.path, Math.min(n.l, n.c.length - 1)]); } }
function toStart() { go([]); }
function toEnd() { const p = S.path.slice(); let n = nodeAt(p); while (n.c.length) { p.push(n.l); n = n.c[n.l]; } go(p); }

function renderVariations() {
  const n = nodeAt(S.path), box = $("variations");
  if (!n.c.length) { box.hidden = true; return; }
  box.hidden = false;
  const rows = n.c.map((c, i) => el("div", { class: "var-row" },
    el("button", { type: "button", on: { click: () => { n.l = i; go([...S.path, i]); } } }, playText(c.p)),
    i === 0 ? span(t("main_line"), "muted") : el("button", { type: "button", class: "promote", on: { click: () => { n.c.unshift(n.c.splice(i, 1)[0]); n.l = 0; refresh(); } } }, t("promote")),
    el("button", { type: "button", class: "delete", on: { click: () => { n.c.splice(i, 1); n.l = 0; refresh(); } } }, t("delete"))));
  box.replaceChildren(el("h3", {}, t("variations")), ...rows);
}

// -- the verdict, the moves, the best line --------------------------------------------------------
function valueSentence(v) {
  if (v.tricks !== undefined) return t("bridge_value", { points: v.tricks });
  return t("best_value", { points: v.points, dug: v.dug ? t("and_dig") : "", outcome: outcomeText(v.outcome, v.levels) });
}
function valueText(v) { if (!v) return "—"; return v.tricks !== undefined ? `${v.tricks}` : t(v.dug ? "value_dug" : "value", { points: v.points, outcome: outcomeText(v.outcome, v.levels) }); }
function renderVerdict() {
  const box = $("verdict"), v = view;
  if (v.over && v.result) { box.textContent = t("result", { points: v.result.points, dug: v.result.dug ? t("dug") : "", outcome: outcomeText(...v.result.outcome.split(" ")) }); return; }
  if (hiddenHands() && !v.before_bury) { box.textContent = t("no_dd"); return; }
  if (S.viewer) { box.textContent = t("single_view", { seat: S.viewer }); return; }
  if (!wantsValues()) { box.textContent = ""; return; }
  if (S.hide) { box.textContent = t("values_hidden"); return; }
  if (!analysis) { box.textContent = kernelReady ? t("solving") : t("kernel_compiling"); return; }
  if (analysis.stopped) {
    const st = analysis.stopped;
    const kids = [el("div", { id: "stopped" }, t("stopped", { reason: MSG["reason_" + st.reason] || st.reason, nodes: st.nodes.toLocaleString("en") }))];
    const which = st.at_least && st.at_most ? "proved" : st.at_least ? "proved_low" : st.at_most ? "proved_high" : null;
    if (which) kids.push(el("div", { id: "bounds" }, t(which, { low: valueText(st.at_least), high: valueText(st.at_most) })));
    if (st.finished.length) kids.push(el("div", {}, t("finished", { plays: st.finished.map((m) => `${playText(m.play)} = ${m.points}`).join(", ") })));
    kids.push(el("div", { class: "muted" }, t("advise_offer")));
    box.replaceChildren(...kids);
    return;
  }
  box.textContent = valueSentence(analysis.analysis.value);
}
function renderMoves() {
  const box = $("moves");
  if (!analysis || !analysis.analysis || S.hide || !wantsValues()) { box.hidden = true; return; }
  box.hidden = false;
  const a = analysis.analysis, bridge = view.bridge;
  const head = el("tr", {}, [t("play"), bridge ? "tricks" : t("pts"), ...(bridge ? [] : [t("dug_h"), t("outcome")]), t("loss")].map((h) => el("th", {}, h)));
  const rows = a.moves.map((m) => {
    const k = mark(m);
    return el("tr", { class: "clickable", "data-play": m.play, on: { click: () => makePlay(m.play) } },
      el("td", {}, playText(m.play)), el("td", {}, m.points !== undefined ? m.points : m.tricks),
      ...(bridge ? [] : [el("td", {}, m.dug ? t("yes") : t("no")), el("td", {}, outcomeText(m.outcome, m.levels))]),
      el("td", {}, span(MARK_SYMBOL[k] + " ", `mark ${k}`), lossText(m)));
  });
  box.replaceChildren(el("h3", {}, t("every_play", { seat: a.to_play, objective: t("obj_" + a.objective) })), el("table", { class: "moves", id: "moves-table" }, head, ...rows));
}
function renderLine() {
  const box = $("line");
  if (!lineShown || !analysis || !analysis.analysis || S.hide) { box.hidden = true; return; }
  box.hidden = false;
  const a = analysis.analysis;
  const rows = a.line.map((tr, i) => el("tr", {}, el("td", {}, i + 1), el("td", {}, tr.plays.map((p, j) => `${seatText(SEATS[(SEATS.indexOf(tr.leader) + j) % 4])} ${playText(p)}`).join(", ")),
    el("td", {}, tr.winner ? seatText(tr.winner) : ""), el("td", {}, tr.points)));
  box.replaceChildren(el("h3", {}, t("best_line")),
    el("button", { type: "button", id: "step-line", on: { click: () => makePlay(a.line[0].plays[0]) } }, t("step")),
    el("table", { class: "moves" }, ...rows));
}

// -- background jobs: graph, advice, burials --------------------------------------------------------
async function startJob(kind, extra, onUpdate) {
  const { id } = await api("/api/jobs", { kind, root: S.root, plays: extra.plays || [], tab: TAB, ...extra });
  const job = { id, progress: [], state: "queued", result: null };
  const poll = async () => { // until the job is over, cancelled ones too: their last answer is what they had
    try {
      const s = await api(`/api/jobs/${id}?since=${job.progress.length}`, undefined, undefined, "GET");
      job.progress.push(...s.progress); job.state = s.state; job.result = s.result; job.error = s.error;
      onUpdate(job);
      if (!["done", "error", "cancelled"].includes(s.state)) setTimeout(poll, 400);
    } catch (e) { showError(e.message); }
  };
  setTimeout(poll, 200);
  return job;
}
function cancelJob(job) { if (job && job.id && !job.cancelAsked) { job.cancelAsked = true; api(`/api/jobs/${job.id}`, undefined, undefined, "DELETE").catch(() => {}); } }

function startGraph() {
  const mine = { points: new Map(), job: null };
  graph = mine;
  startJob("graph", { objective: "outcome", seconds: Math.max(1, Number(S.seconds)), samples: 16, seed: 1 }, (job) => {
    for (const p of job.progress) mine.points.set(p.ply, Object.assign(mine.points.get(p.ply) || {}, p));
    mine.state = job.state;
    if (graph === mine && view) { renderGraph(); renderRecord(); }
  }).then((job) => { mine.job = job; }).catch((e) => showError(e.message));
}
function mainPath(ply) { const p = []; for (let i = 0; i < ply; i++) p.push(0); return p; }
function onMainLine() { return S.path.every((i) => i === 0); }

function renderGraph() {
  const box = $("graph");
  if (!graph) { box.hidden = true; return; }
  box.hidden = false;
  const line = mainLine(), n = line.length, W = 400, H = 170, pad = 28;
  const pts = [...graph.points.values()];
  const ys = pts.map((p) => (p.value ? p.value.points : p.estimate ? p.estimate.mean_points : 0));
  // the scale fits the values and the threshold, so that a swing of ten points shows
  const top = Math.max(view.threshold + 20, ...ys.map((y) => y + 20)), low = Math.max(0, Math.min(view.threshold - 20, ...ys.map((y) => y - 20)));
  const X = (i) => pad + (i * (W - pad - 6)) / Math.max(1, n), Y = (y) => H - pad + 6 - ((y - low) * (H - pad - 6)) / (top - low);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`); svg.setAttribute("id", "graph-svg");
  const add = (tag, attrs) => { const e = document.createElementNS(svg.namespaceURI, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); svg.append(e); return e; };
  for (const [y, label] of [[view.threshold, String(view.threshold)], [view.win_game, String(view.win_game)], [low, String(Math.round(low))]]) {
    if (y > top || y < low) continue;
    add("line", { x1: pad, x2: W - 6, y1: Y(y), y2: Y(y), stroke: y ? "#c9a227" : "#999", "stroke-dasharray": y ? "4 3" : "" });
    add("text", { x: 2, y: Y(y) + 4, "font-size": 10, fill: "#666" }).textContent = label;
  }
  const exact = pts.filter((p) => p.value).sort((a, b) => a.ply - b.ply);
  const est = pts.filter((p) => !p.value && p.estimate).sort((a, b) => a.ply - b.ply);
  if (est.length) {
    add("polyline", { points: est.map((p) => `${X(p.ply)},${Y(p.estimate.mean_points)}`).join(" "), fill: "none", stroke: "#7f8c8d", "stroke-dasharray": "5 4", class: "estimate" });
    for (const p of est) add("line", { x1: X(p.ply), x2: X(p.ply), y1: Y(p.estimate.mean_points - p.estimate.points_se), y2: Y(p.estimate.mean_points + p.estimate.points_se), stroke: "#b2babb" });
  }
  if (exact.length) add("polyline", { points: exact.map((p) => `${X(p.ply)},${Y(p.value.points)}`).join(" "), fill: "none", stroke: "#1f5f3b", "stroke-width": 2, class: "exact" });
  for (const p of exact) {
    const bad = p.loss > 0 || p.worse_result;
    add("circle", { cx: X(p.ply), cy: Y(p.value.points), r: bad ? 4 : 2.5, fill: bad ? "#c0392b" : "#1f5f3b", class: "exact-point", "data-ply": p.ply });
  }
  if (onMainLine()) add("line", { x1: X(S.path.length), x2: X(S.path.length), y1: 4, y2: H - pad + 6, stroke: "#f4d03f", "stroke-width": 2 });
  svg.addEventListener("click", (ev) => {
    const r = svg.getBoundingClientRect(), x = ((ev.clientX - r.left) / r.width) * W;
    const ply = Math.max(0, Math.min(n, Math.round(((x - pad) * Math.max(1, n)) / (W - pad - 6))));
    go(mainPath(ply));
  });
  const samples = est.length ? est[0].estimate.samples : 16;
  box.replaceChildren(el("h3", {}, t("graph")), svg, el("div", { class: "legend" }, t("graph_legend", { n: samples })));
}
function trickRow(number, plays) { // one trick of the record: its plays, who won it and its points
  const done = (view.main_tricks || [])[number - 1];
  const won = done ? span(`→ ${seatText(done.winner)}, ${done.points}`, "muted") : null;
  return el("div", { class: "trick-row" }, span(`${number}.`, "muted"), ...plays, won);
}
function mainLine() { const out = []; let n = S.tree; while (n.c.length) { n = n.c[0]; out.push(n.p); } return out; }

function renderRecord() {
  const box = $("record");
  const line = mainLine();
  if (!graph || !line.length) { box.hidden = true; return; }
  box.hidden = false;
  // tricks of the main line: the engine's views know who won; the graph knows each play's loss
  const kids = [], cur = onMainLine() ? S.path.length : -1;
  let ply = 0, trick = 1, row = [];
  for (const play of line) {
    const p = graph.points.get(ply) || {};
    const bad = p.loss > 0 || p.worse_result;
    const seat = ((view.main_tricks || [])[trick - 1] || { seats: [] }).seats[row.length] || p.seat || "";
    const label = `${seatText(seat)} ${playText(play)}` + (bad ? (p.worse_result ? " ✗" : ` −${p.loss}`) : "");
    const i = ply;
    row.push(el("span", { class: "ply" + (i === cur ? " current" : "") + (bad ? " bad" : ""), "data-ply": i, title: bad && p.best_play ? t("best_was", { play: playText(p.best_play) }) : "", on: { click: () => go(mainPath(i)) } }, label));
    ply++;
    if (row.length === 4) { kids.push(trickRow(trick, row)); row = []; trick++; }
  }
  if (row.length) kids.push(trickRow(trick, row));
  box.replaceChildren(el("h3", {}, t("played_list")), el("div", { class: "plays-list", id: "plays-list" }, ...kids));
}

async function startAdvice(seat) {
  if (adviceJob) cancelJob(adviceJob.job);
  const seed = Number($("advice-seed") ? $("advice-seed").value : 1) || 1;
  const mine = { seat, seed, state: "queued", latest: null, key: key() };
  adviceJob = mine;
  renderAdvice();
  try {
    mine.job = await startJob("advise", { plays: playsAt(S.path), seat, seed, objective: S.objective, samples: 200 }, (j) => {
      mine.state = j.state; mine.latest = j.result || j.progress[j.progress.length - 1] || mine.latest; mine.error = j.error;
      if (adviceJob === mine) renderAdvice();
    });
  } catch (e) { showError(e.message); }
}
function renderAdvice() {
  const box = $("advice"), v = view;
  const canAdvise = v && !v.over && !v.before_bury && v.to_play && (S.viewer === v.to_play || (hiddenHands() && v.hands[v.to_play].visible));
  if (!adviceJob && !canAdvise && !(analysis && analysis.stopped)) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [];
  if (!adviceJob || adviceJob.key !== key()) {
    if (!canAdvise && !(analysis && analysis.stopped)) { box.hidden = true; return; }
    kids.push(el("label", {}, t("seed") + " ", el("input", { id: "advice-seed", type: "number", value: 1, style: "width:5em" })),
      " ", el("button", { type: "button", id: "advise-button", on: { click: () => startAdvice(v.to_play) } }, t("advise", { seat: v.to_play })));
    box.replaceChildren(...kids); return;
  }
  const a = adviceJob.latest;
  kids.push(el("h3", {}, t("advice_title", { seat: adviceJob.seat, seed: adviceJob.seed })));
  if (!["done", "error", "cancelled"].includes(adviceJob.state)) kids.push(el("button", { type: "button", id: "advice-cancel", on: { click: () => cancelJob(adviceJob.job) } }, t("cancel")));
  if (adviceJob.error) kids.push(el("div", { class: "error" }, adviceJob.error));
  if (a) {
    kids.push(el("div", { class: "muted", id: "advice-state" }, t("advice_done", { n: a.samples, state: t("state_" + adviceJob.state) })));
    const head = el("tr", {}, [t("play"), t("samples"), t("points_se"), "≥120", t("dug_h"), t("swing")].map((h) => el("th", {}, h)));
    kids.push(el("table", { class: "moves", id: "advice-table" }, head, ...a.plays.map((p) => el("tr", { class: "clickable", on: { click: () => makePlay(p.play) } },
      el("td", {}, playText(p.play)), el("td", {}, p.samples), el("td", {}, pm(p.mean_points, p.points_se, 1)),
      el("td", {}, p.p_threshold === null ? "—" : Math.round(100 * p.p_threshold) + "%"), el("td", {}, p.p_dug === null ? "—" : Math.round(100 * p.p_dug) + "%"),
      el("td", {}, pm(p.swing, p.swing_se, 2))))));
  }
  box.replaceChildren(...kids);
}

function pm(value, se, digits) { // a mean ± its standard error, as the CLI rounds them
  if (value === null || value === undefined) return "—";
  return se === null || se === undefined ? value.toFixed(digits) : `${value.toFixed(digits)} ± ${se.toFixed(digits)}`;
}
async function startBurials() {
  if (buryJob) cancelJob(buryJob.job);
  const mine = { state: "queued", latest: null };
  buryJob = mine;
  renderBurials();
  try {
    mine.job = await startJob("bury", { samples: 2000, seed: 1, seconds: 120 }, (j) => {
      mine.state = j.state; mine.latest = j.result || j.progress[j.progress.length - 1] || mine.latest; mine.error = j.error;
      if (buryJob === mine) renderBurials();
    });
  } catch (e) { showError(e.message); }
}
function renderBurials() {
  const box = $("burials");
  if (!view || !view.before_bury) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [el("h3", {}, t("bury_title", { seat: view.dealer }))];
  if (!buryJob) { kids.push(el("button", { type: "button", id: "bury-button", on: { click: startBurials } }, t("rank_burials"))); box.replaceChildren(...kids); return; }
  if (!["done", "error", "cancelled"].includes(buryJob.state)) kids.push(el("button", { type: "button", id: "bury-cancel", on: { click: () => cancelJob(buryJob.job) } }, t("cancel")), " ", span(t("state_" + buryJob.state), "muted"));
  if (buryJob.error) kids.push(el("div", { class: "error" }, buryJob.error));
  const a = buryJob.latest, known = !hiddenHands();
  if (a && !known) kids.push(el("div", { class: "muted" }, t("bury_hidden")));
  if (a) {
    const head = el("tr", {}, [t("bury"), t("samples"), t("pts"), t("dug_h"), t("swing"), ""].map((h) => el("th", {}, h)));
    kids.push(el("table", { class: "moves", id: "bury-table" }, head, ...a.candidates.map((c) => el("tr", {},
      el("td", {}, playText(c.bury)), el("td", {}, c.samples), el("td", {}, pm(c.mean_points, c.points_se, 1)),
      el("td", {}, Math.round(100 * c.p_dug) + "%"), el("td", {}, pm(c.swing, c.swing_se, 2)),
      el("td", {}, known ? el("button", { type: "button", class: "apply", on: { click: () => applyBurial(c.bury) } }, t("apply")) : "")))));
  }
  box.replaceChildren(...kids);
}
async function applyBurial(cards) {
  try { if (buryJob) cancelJob(buryJob.job); const { text } = await api("/api/bury", { root: S.root, bury: cards }); await openRoot({ text, index: 0, name: "buried" }); }
  catch (e) { showError(e.message); }
}

// -- a hand against the computer: you play one seat, the others play by a policy on the server ------
let GAME = null; // { seat, policy, seed, busy, job }
async function startGame() {
  const seat = $("game-seat").value, policy = $("game-policy").value;
  try {
    const wanted = Number($("game-seed").value);
    const { text, seed } = await api("/api/random", wanted ? { seed: wanted } : {});
    $("game-seed").value = seed; // the same seed deals the game again
    GAME = { seat, policy, seed, busy: false, job: null };
    S.bottom = seat;
    await openGameRoot(text);
  } catch (e) { showError(e.message); }
}
async function openGameRoot(text) { // the game's deal (or, after the bury, the deal as buried), seen from your seat
  S.viewer = GAME.seat; S.hide = true;
  await openRoot({ text, index: 0, name: t("game_name", { seat: GAME.seat }) });
}
function gameWaits() { // is it the computer's turn?
  if (!GAME || !view || view.over) return false;
  if (view.before_bury) return view.dealer !== GAME.seat;
  return view.to_play !== GAME.seat;
}
async function gameTurn() {
  renderGame();
  if (!gameWaits() || GAME.busy) return;
  const mine = GAME, at = key();
  mine.busy = true; renderGame();
  const done = (j) => {
    if (!["done", "error", "cancelled"].includes(j.state)) return;
    mine.busy = false;
    if (GAME !== mine || key() !== at) { gameTurn(); return; } // the game moved on (undo, a new game): ask again
    if (j.error) { showError(j.error); renderGame(); return; }
    if (j.result && j.result.bury) gameBury(j.result.bury); else if (j.result) setTimeout(() => makePlay(j.result.play), 300);
  };
  try { mine.job = await startJob("move", { plays: playsAt(S.path), policy: mine.policy, seed: mine.seed }, done); }
  catch (e) { mine.busy = false; showError(e.message); }
}
async function gameBury(cards) {
  try { const { text } = await api("/api/bury", { root: S.root, bury: cards }); await openGameRoot(text); }
  catch (e) { showError(e.message); }
}
async function gameReview() { // the game as a hand record: its plays judged, its value graph
  try {
    const { text } = await api("/api/record", { root: S.root, plays: playsAt(S.path) });
    const seat = GAME.seat;
    GAME = null; S.viewer = ""; S.hide = false;
    await openRoot({ text, index: 0, name: t("game_name", { seat }) });
  } catch (e) { showError(e.message); }
}
function renderGame() {
  const box = $("game");
  if (!GAME) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [el("h3", {}, t("game_title", { seat: GAME.seat, policy: t("policy_" + GAME.policy) }))];
  if (view && view.over) {
    kids.push(el("div", { id: "game-state" }, t("game_over")),
      el("button", { type: "button", id: "game-review", on: { click: gameReview } }, t("game_review")));
  } else if (GAME.busy || gameWaits()) {
    kids.push(el("div", { id: "game-state", class: "muted" }, t("game_thinking", { seat: view && !view.before_bury ? view.to_play : view ? view.dealer : "" })));
  } else if (view && view.before_bury) {
    const input = el("input", { id: "game-bury-text", placeholder: "S3 S4 D6 D7 C8 C9", style: "width:14em" });
    kids.push(el("div", { id: "game-state" }, t("game_your_bury")), input, " ",
      el("button", { type: "button", id: "game-bury", on: { click: () => gameBury(input.value) } }, t("apply")),
      el("div", { class: "muted" }, t("game_bury_hint")));
  } else if (view) {
    kids.push(el("div", { id: "game-state" }, t("game_your_turn")), " ",
      el("button", { type: "button", id: "game-hint", on: { click: () => startAdvice(view.to_play) } }, t("game_hint")));
  }
  box.replaceChildren(...kids);
}

function renderOut() {
  const box = $("out"), v = view;
  if (!v || !v.out || v.bridge) { box.hidden = true; return; }
  box.hidden = false;
  const kinds = v.out.kinds.map((k) => span(`${cardText(k.card)}${k.copies > 1 ? "×" + k.copies : ""} `, isRed(k.card) ? "red" : ""));
  const voids = Object.entries(v.voids).map(([seat, suits]) => `${seatText(seat)}: ${suits.map((s) => SUIT_SYMBOL[s]).join("")}`);
  box.replaceChildren(el("h3", {}, t("cards_out")), el("div", { class: "muted" }, t("points_out", { points: v.out.points })),
    el("div", { id: "kinds-out" }, ...kinds), el("div", { id: "voids-out" }, voids.length ? `${t("voids")}: ${voids.join(", ")}` : ""));
}

// -- opening and entering deals ----------------------------------------------------------------------
function setupOpen() {
  $("open-button").addEventListener("click", () => { $("open-error").hidden = true; $("open-dialog").showModal(); });
  $("open-file").addEventListener("change", async (ev) => { const f = ev.target.files[0]; if (f) $("open-text").value = await f.text(); $("open-text").dataset.name = f ? f.name : ""; });
  $("open-go").addEventListener("click", async () => {
    try { await openText($("open-text").value, $("open-text").dataset.name || "<pasted>"); $("open-dialog").close(); }
    catch (e) { $("open-error").textContent = t("error", { message: e.message }); $("open-error").hidden = false; }
  });
}

const ED_FIELDS = ["S", "E", "N", "W", "bottom"];
let edTarget = "S";
function tokensOf(hand) { // a hand string's cards as tokens (display only; the server checks it)
  const out = [], groups = hand.trim().split(".");
  groups.slice(0, 4).forEach((g, s) => { if (g === "-") return; for (let i = 0; i < g.length; i++) { let r = g[i].toUpperCase(); if (g.slice(i, i + 2) === "10") { r = "T"; i++; } out.push("SHDC"[s] + r); } });
  for (const ch of groups[4] || "") if (ch.toUpperCase() === "B") out.push("BJ"); else if (ch.toUpperCase() === "L") out.push("LJ");
  return out;
}
function handString(tokens) {
  const suits = [0, 1, 2, 3].map((s) => tokens.filter((x) => x[0] === "SHDC"[s] && x.length === 2).map((x) => x[1])
    .sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b)).join("") || "-");
  const jokers = tokens.filter((x) => x === "BJ").map(() => "B").join("") + tokens.filter((x) => x === "LJ").map(() => "L").join("");
  return suits.join(".") + (jokers ? "." + jokers : "");
}
function setupEditor() {
  const levels = "3456789TJQKA".split("");
  $("ed-level").replaceChildren(...levels.map((l) => el("option", { value: l }, l === "T" ? "10" : l)));
  $("ed-fields").replaceChildren(...ED_FIELDS.map((f) => el("div", { class: "ed-field" },
    el("label", { class: "check" }, el("input", { type: "radio", name: "ed-target", value: f, checked: f === "S", on: { change: () => { edTarget = f; } } }), " ", f === "bottom" ? t("ed_bottom") : seatText(f)),
    el("input", { type: "text", id: "ed-" + f, placeholder: "-", on: { input: () => checkField(f) } }), el("span", { id: "ed-" + f + "-state" }))));
  $("ed-before-bury").addEventListener("change", () => { $("ed-bottom").placeholder = $("ed-before-bury").checked ? t("kitty") : "-"; });
  $("editor-button").addEventListener("click", () => { renderKinds(); $("editor-dialog").showModal(); });
  $("ed-build").addEventListener("click", async () => {
    try { const text = await buildText(); await openRoot({ text, index: 0, name: "<editor>" }); $("editor-dialog").close(); }
    catch (e) { edError(e.message); }
  });
  $("ed-export").addEventListener("click", async () => {
    try { const text = await buildText(); exportText(text, "deal.hl"); $("ed-text").value = text; $("ed-text").hidden = false; }
    catch (e) { edError(e.message); }
  });
  $("ed-random").addEventListener("click", () => randomInto({}));
  $("ed-endgame").addEventListener("click", () => randomInto({ cards: Number($("ed-cards").value) }));
}
function edError(message) { $("ed-error").textContent = message ? t("error", { message }) : ""; $("ed-error").hidden = !message; }
const checkTimers = {};
function checkField(f) {
  clearTimeout(checkTimers[f]);
  checkTimers[f] = setTimeout(async () => {
    const state = $("ed-" + f + "-state");
    try {
      const r = await api("/api/editor/check", { text: $("ed-" + f).value || "-" });
      state.className = r.ok ? "ok" : "bad"; state.textContent = r.ok ? t("ed_count", { n: r.count, points: r.points }) : r.error;
    } catch (e) { state.className = "bad"; state.textContent = e.message; }
    renderKinds();
  }, 250);
}
function renderKinds() {
  const used = new Map();
  for (const f of ED_FIELDS) for (const tok of tokensOf($("ed-" + f).value || "-")) used.set(tok, (used.get(tok) || 0) + 1);
  const kinds = [];
  for (const s of "SHDC") for (const r of RANK_ORDER) kinds.push(s + r);
  kinds.push("BJ", "LJ");
  $("ed-kinds").replaceChildren(...kinds.map((tok) => {
    const left = 3 - (used.get(tok) || 0);
    return el("button", { type: "button", class: isRed(tok) ? "red" : "", disabled: left <= 0, "data-kind": tok, on: { click: () => {
      const input = $("ed-" + edTarget); input.value = handString([...tokensOf(input.value || "-"), tok]); checkField(edTarget); renderKinds(); } } },
    cardText(tok), span(t("copies_left", { n: left }), "left"));
  }));
}
function edFields() {
  const hands = {}; for (const s of SEATS) hands[s] = $("ed-" + s).value || "-";
  const before = $("ed-before-bury").checked;
  return { hands, level: $("ed-level").value, trump: $("ed-trump").value, dealer: $("ed-dealer").value,
    leader: $("ed-leader").value, points: Number($("ed-points").value) || 0, rules: $("ed-rules").value,
    bottom: before ? null : $("ed-bottom").value || null, kitty: before ? $("ed-bottom").value : null };
}
async function buildText() { edError(""); const { text } = await api("/api/editor/build", edFields()); return text; }
async function randomInto(opts) {
  try {
    const { text } = await api("/api/random", opts);
    await openRoot({ text, index: 0, name: "<random>" });
    $("editor-dialog").close();
  } catch (e) { edError(e.message); }
}
function exportText(text, name) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
  document.body.append(a); a.click(); a.remove();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}

// -- controls -------------------------------------------------------------------------------------
function setupControls() {
  $("picker").addEventListener("change", () => { if ($("picker").value !== "") openRoot({ file: Number($("picker").value) }); });
  $("play-button").addEventListener("click", () => { const p = $("play-button").dataset.play; if (p) makePlay(p); });
  $("clear-button").addEventListener("click", () => { selection = []; renderTable(); renderSelection(); });
  $("undo-button").addEventListener("click", undo); $("redo-button").addEventListener("click", redo);
  $("start-button").addEventListener("click", toStart); $("end-button").addEventListener("click", toEnd);
  $("best-button").addEventListener("click", () => { if (analysis && analysis.analysis) makePlay(analysis.analysis.moves[0].play); });
  $("line-button").addEventListener("click", () => { lineShown = !lineShown; renderLine(); });
  $("last-trick-button").addEventListener("click", () => { lastTrickShown = !lastTrickShown; renderInfo(); });
  $("objective").addEventListener("change", () => { S.objective = $("objective").value; refresh(); });
  $("budget").addEventListener("change", () => { S.seconds = Math.max(0.1, Number($("budget").value) || 3); refresh(); });
  $("viewer").addEventListener("change", () => { S.viewer = $("viewer").value; refresh(); });
  $("bottom-seat").addEventListener("change", () => { S.bottom = $("bottom-seat").value; render(); saveUrl(); });
  $("auto").addEventListener("change", () => { S.auto = $("auto").checked; refresh(); });
  $("hide").addEventListener("change", () => { S.hide = $("hide").checked; render(); saveUrl(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select, dialog")) return;
    if (ev.key === "ArrowLeft") { undo(); ev.preventDefault(); } else if (ev.key === "ArrowRight") { redo(); ev.preventDefault(); }
    else if (ev.key === "Home") toStart(); else if (ev.key === "End") toEnd();
  });
  window.addEventListener("pagehide", () => navigator.sendBeacon(`/api/tabs/${TAB}/close`));
}
async function watchKernel() {
  try {
    const s = await api("/api/status", undefined, undefined, "GET");
    kernelReady = s.kernel === "ready";
    $("status").textContent = kernelReady ? t("ready") : t("loading");
    if (!kernelReady) setTimeout(watchKernel, 1500); else if (view && !analysis && wantsValues()) requestAnalysis();
  } catch (e) { setTimeout(watchKernel, 3000); }
}

async function main() {
  await loadMessages().catch((e) => showError(e.message));
  $("game-start").addEventListener("click", startGame);
  $("lang").addEventListener("change", () => { localStorage.setItem("huolong-lang", $("lang").value); location.reload(); });
  setupControls(); setupOpen(); setupEditor();
  watchKernel();
  const positions = await loadPicker();
  if (loadUrl()) {
    if (S.root) showInPicker(S.root);
    const v = await getView([]).catch((e) => { showError(e.message); return null; });
    if (v && v.main_line.length) startGraph();
    await refresh();
  } else if (positions.length) {
    // the first position of the files the board was started with, else the dig fight
    const first = positions.find((p) => p.given) || positions.find((p) => p.name.startsWith("example:dig-fight")) || positions[0];
    $("picker").value = first.index;
    await openRoot({ file: first.index });
  }
}
main();
