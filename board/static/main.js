// The analysis board's page. It implements no rules: the server's engine replays every play, lists the
// legal plays and values them; this page draws what it is sent and keeps the tree of plays in the URL.
// One module a concern: api, i18n, dom, cards, tree (the state), table, moves, advice, review, graph,
// record, game, editor; this one wires them: the node on screen, navigation, the controls.
import { $, el } from "./dom.js";
import { loadMessages, t } from "./i18n.js";
import { TAB, api, cancelJob, clearError, isOver, showError } from "./api.js";
import { S, addLine, analysisKey, key, loadUrl, newNode, nodeAt, playsAt, saveUrl, st, wantsValues } from "./tree.js";
import { renderInfo, renderSelection, renderTable } from "./table.js";
import { renderLine, renderMoves, renderOut, renderVariations, renderVerdict } from "./moves.js";
import { applyBurial, renderAdvice, renderBurials } from "./advice.js";
import { beforeLanguageSwitch, learnTakes, renderLearn, renderReview, startReview } from "./review.js";
import { renderGraph } from "./graph.js";
import { renderRecord } from "./record.js";
import { gameBury, gameTurn, gameWaits, lookingBack, offerResumes, putHandAside, renderGame, setupGameChoices, startGame }
  from "./game.js";
import { setupEditor, setupOpen } from "./editor.js";

// -- opening positions -------------------------------------------------------------------------------
async function loadPicker() {
  const { positions } = await api("/api/positions", undefined, undefined, "GET");
  st.positions = positions;
  $("picker").replaceChildren(...positions.map((p) => el("option", { value: p.index, "data-name": p.name }, t("picker_entry", { title: p.title, kind: t("kind_" + p.kind) }))));
  return positions;
}
function showInPicker(root) { // the picker names what is on the table, an opened or entered text too
  const picker = $("picker");
  picker.querySelector("option[data-text]")?.remove();
  if (root.file !== undefined) { picker.value = String(root.file); return; }
  picker.prepend(el("option", { value: "", "data-text": "" }, root.title || root.name || t("name_pasted")));
  picker.value = "";
}
// Open a position on the table. Anything but the game's own hands (``game``) leaves the game: its job is
// stopped and it is put aside, saved (a whole game in this browser, offered to resume), so that the computer
// never plays into what was opened and nothing of the game stays on screen.
export async function openRoot(root, focus, { game = false } = {}) {
  if (!game) leaveGame();
  showInPicker(root);
  Object.assign(S, { root, tree: newNode(null), path: [] });
  st.views.clear(); st.analyses.clear();
  for (const j of [st.review, st.adviceJob, st.buryJob]) if (j) cancelJob(j.job);
  st.review = null; st.learn = null; st.adviceJob = null; st.buryJob = null; st.deleted = null;
  const v = await getView();
  st.recordPlies = v.main_line.length;
  if (v.main_line.length) { // a hand record: its plays are the main line, every one judged
    addLine(v.main_line);
    startReview();
    if (focus) st.review.focus = focus;
  }
  const unknown = Object.values(v.hands).some((h) => h.count === null);
  if (unknown && !v.before_bury) S.viewer = v.to_play || ""; // only one hand known: that seat's sight of it
  await refresh();
}
export async function openText(text, name) {
  const found = await api("/api/open", { text, name });
  await openRoot({ text, index: 0, name });
  return found;
}

function leaveGame() {
  if (!st.game && !st.whole) return;
  putHandAside(); // a single hand is kept to resume (a whole game keeps itself after every play)
  if (st.game && st.game.job) cancelJob(st.game.job);
  st.game = null; st.whole = null;
  S.viewer = ""; S.hide = false; // the game's view of one seat, values hidden, is the game's own
  offerResumes();
}

// -- the node on screen --------------------------------------------------------------------------------
async function getView(path = S.path) {
  const k = JSON.stringify([S.root, playsAt(path), S.viewer]);
  if (!st.views.has(k)) st.views.set(k, await api("/api/view", { root: S.root, plays: playsAt(path), viewer: S.viewer || null }));
  return st.views.get(k);
}
export async function refresh() {
  clearError();
  // Advice is for the node it was asked at: moving on stops it, so that it does not hold the worker the
  // computer players' moves and the next values need.
  const advice = st.adviceJob;
  if (advice && advice.key !== key() && !isOver(advice.state)) { if (advice.job) cancelJob(advice.job); st.adviceJob = null; }
  try { st.view = await getView(); } catch (e) { showError(e.message); return; }
  st.selection = [];
  $("objective").value = S.objective; $("budget").value = S.seconds; $("hide").checked = S.hide;
  $("auto").checked = S.auto; $("viewer").value = S.viewer; $("bottom-seat").value = S.bottom;
  st.analysis = st.analyses.get(analysisKey()) || null;
  render();
  saveUrl();
  if (!st.analysis && wantsValues()) requestAnalysis();
  const v = st.view;
  if (S.auto && v.legal.length === 1 && !v.over) setTimeout(() => { if (st.view && st.view.legal.length === 1) makePlay(st.view.legal[0]); }, 350);
  gameTurn();
}
async function requestAnalysis() {
  if (st.analyseCtl) st.analyseCtl.abort();
  const ctl = new AbortController(); st.analyseCtl = ctl;
  const k = analysisKey();
  $("verdict").textContent = st.kernelReady ? t("solving") : t("kernel_compiling");
  try {
    const data = await api("/api/analyse", { root: S.root, plays: playsAt(S.path), objective: S.objective,
      seconds: Number(S.seconds), tab: TAB }, ctl.signal);
    if (data.cancelled) return; // a newer request took the worker: its answer comes
    kernelIsReady(); // values came: the solver is loaded, whatever the last look at the status said
    st.analyses.set(k, data);
    if (analysisKey() === k) { st.analysis = data; render(); }
  } catch (e) { if (e.name !== "AbortError") showError(e.message); }
}

export function render() {
  if (!st.view) return;
  renderInfo(); renderTable(); renderSelection(); renderVerdict(); renderMoves(); renderLine(); renderVariations();
  renderAdvice(); renderBurials(); renderReview(); renderLearn(); renderGraph(); renderRecord(); renderOut(); renderGame();
  const a = st.analysis && st.analysis.analysis;
  $("undo-button").disabled = S.path.length === 0;
  $("redo-button").disabled = nodeAt(S.path).c.length === 0;
  $("best-button").disabled = !(a && a.moves.length);
  $("line-button").disabled = !(a && a.line.length);
}

// What the review's progress changes: its panel, the learning panel, the graph and the play list.
export function renderReviewParts() { renderReview(); renderLearn(); renderGraph(); renderRecord(); }

// -- the tree: a play from any node starts or re-enters a variation ---------------------------------------
export async function makePlay(play) {
  if (learnTakes(play)) return; // learning from the mistakes: a try is judged, not played
  if (lookingBack()) return; // a game goes on only from its latest play: the game panel says how to return
  const node = nodeAt(S.path);
  let i = node.c.findIndex((c) => c.p === play);
  if (i < 0) { node.c.push(newNode(play)); i = node.c.length - 1; }
  node.l = i;
  S.path = [...S.path, i];
  await refresh();
}
// A burial chosen (clicked, typed or applied from the ranking): in a game it is the game's bury, which keeps
// the others' hands hidden; elsewhere the deal after it is opened to study.
export function buryCards(cards) { return (st.game ? gameBury : applyBurial)(cards); }
export async function go(path) { S.path = path; st.lastTrickShown = false; await refresh(); }
function undo() { if (S.path.length) go(S.path.slice(0, -1)); }
function redo() { const n = nodeAt(S.path); if (n.c.length) go([...S.path, Math.min(n.l, n.c.length - 1)]); }
function toStart() { go([]); }
export function toEnd() { const p = S.path.slice(); let n = nodeAt(p); while (n.c.length) { p.push(n.l); n = n.c[n.l]; } go(p); }

// -- controls --------------------------------------------------------------------------------------------
function setupControls() {
  $("picker").addEventListener("change", () => { if ($("picker").value !== "") openRoot({ file: Number($("picker").value) }); });
  $("play-button").addEventListener("click", () => {
    const p = $("play-button").dataset.play;
    if (!p) return;
    if (st.view.before_bury) buryCards(p); // the six cards clicked, buried
    else makePlay(p);
  });
  $("clear-button").addEventListener("click", () => { st.selection = []; renderTable(); renderSelection(); });
  $("undo-button").addEventListener("click", undo); $("redo-button").addEventListener("click", redo);
  $("start-button").addEventListener("click", toStart); $("end-button").addEventListener("click", toEnd);
  $("best-button").addEventListener("click", () => { if (st.analysis && st.analysis.analysis) makePlay(st.analysis.analysis.moves[0].play); });
  $("line-button").addEventListener("click", () => { st.lineShown = !st.lineShown; renderLine(); });
  $("last-trick-button").addEventListener("click", () => { st.lastTrickShown = !st.lastTrickShown; renderInfo(); });
  $("objective").addEventListener("change", () => { S.objective = $("objective").value; refresh(); });
  $("budget").addEventListener("change", () => { S.seconds = Math.max(0.1, Number($("budget").value) || 3); refresh(); });
  $("viewer").addEventListener("change", () => { S.viewer = $("viewer").value; refresh(); });
  $("bottom-seat").addEventListener("change", () => { S.bottom = $("bottom-seat").value; render(); saveUrl(); });
  $("auto").addEventListener("change", () => { S.auto = $("auto").checked; refresh(); });
  $("hide").addEventListener("change", () => { S.hide = $("hide").checked; render(); saveUrl(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select, dialog")) return;
    if (ev.key === "ArrowLeft") { undo(); ev.preventDefault(); } else if (ev.key === "ArrowRight") { redo(); ev.preventDefault(); }
    else if (ev.key === "Home") { toStart(); ev.preventDefault(); } else if (ev.key === "End") { toEnd(); ev.preventDefault(); } // not the page's scroll too
  });
  window.addEventListener("pagehide", () => navigator.sendBeacon(`/api/tabs/${TAB}/close`));
}
async function watchKernel() {
  try {
    const s = await api("/api/status", undefined, undefined, "GET");
    if (s.kernel === "ready") kernelIsReady(); else if (!st.kernelReady) $("status").textContent = t("loading");
    if (!st.kernelReady) setTimeout(watchKernel, 1500); else if (st.view && !st.analysis && wantsValues()) requestAnalysis();
  } catch (e) { setTimeout(watchKernel, 3000); }
}
function kernelIsReady() { st.kernelReady = true; $("status").textContent = t("ready"); }

async function main() {
  await loadMessages().catch((e) => showError(e.message));
  $("game-start").addEventListener("click", startGame);
  setupGameChoices(); offerResumes();
  $("lang").addEventListener("change", () => {
    localStorage.setItem("huolong-lang", $("lang").value);
    beforeLanguageSwitch();
    location.reload();
  });
  setupControls(); setupOpen(); setupEditor();
  watchKernel();
  const positions = await loadPicker();
  if (loadUrl()) {
    if (S.root) showInPicker(S.root);
    const v = await getView([]).catch((e) => { showError(e.message); return null; });
    st.recordPlies = v ? v.main_line.length : 0;
    if (v && v.main_line.length) startReview();
    await refresh();
  } else if (positions.length) {
    // the first position of the files the board was started with, else the dig fight
    const first = positions.find((p) => p.given) || positions.find((p) => p.name.startsWith("example:dig-fight")) || positions[0];
    $("picker").value = first.index;
    await openRoot({ file: first.index });
  }
}
// The page's state, read-only, for the browser's console and the browser tests.
window.board = { S, st, key, playsAt, gameWaits };
main();
