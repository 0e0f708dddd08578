// The review of a hand record: every decision judged on what its player could see (a "review" job on the
// server; its tricks arrive in order as they are judged), the summary per seat and side, and "learn from
// the mistakes": one seat's marked plays in turn, values hidden, try a play, then see the verdict.
import { $, el, span } from "./dom.js";
import { LANG, t, seatText } from "./i18n.js";
import { cancelJob, isOver, showError, startJob } from "./api.js";
import { playText } from "./cards.js";
import { S, SEATS, mainPath, onMainLine, saveUrl, st } from "./tree.js";
import { go, refresh, render, renderReviewParts } from "./main.js";

export const CLASS_SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
export const FLAGGED = new Set(["inaccuracy", "mistake", "blunder"]);

// A finished review is kept for the tab's session: switching the language reloads the page, and the
// verdicts (seats, cards, classes, numbers: no words) need not be judged again.
const KEPT = "huolong-review";
function keptReview(root) {
  try {
    const k = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    return k && k.root === JSON.stringify(root) ? k.result : null;
  } catch { return null; }
}
function keepReview(root, result) {
  try { sessionStorage.setItem(KEPT, JSON.stringify({ root: JSON.stringify(root), result })); } catch { /* full: run it again */ }
}

// The language switch reloads the page: learning goes on where it was if the review is kept, else it
// ends and gives the seat and the values back.
const LEARNING = "huolong-learn";
export function beforeLanguageSwitch() {
  const l = st.learn;
  if (!l) return;
  if (st.review && st.review.result && st.review.result.complete)
    sessionStorage.setItem(LEARNING, JSON.stringify({ root: JSON.stringify(S.root), learn: l }));
  else { S.hide = l.hide; S.viewer = l.viewer; st.learn = null; saveUrl(); }
}

export function startReview(again) {
  if (st.review && st.review.job) cancelJob(st.review.job);
  const mine = { plays: new Map(), bury: undefined, summary: null, method: null, done: 0, total: null,
    state: "queued", error: null, result: null, job: null };
  st.review = mine;
  const kept = again === true ? null : keptReview(S.root);
  if (kept) {
    Object.assign(mine, { result: kept, summary: kept.summary, method: kept.method, bury: kept.bury, state: "done" });
    for (const p of kept.plays) mine.plays.set(p.ply, p);
    mine.total = mine.done = kept.plays.length + (kept.bury ? 1 : 0);
    const learning = JSON.parse(sessionStorage.getItem(LEARNING) || "null");
    sessionStorage.removeItem(LEARNING);
    if (learning && learning.root === JSON.stringify(S.root)) st.learn = learning.learn; // where it was, before the switch
    return;
  }
  const root = S.root;
  startJob("review", root, { seed: 1 }, (job, fresh) => {
    if (!fresh.length && job.state === mine.state && !job.result) return; // nothing new: nothing to redraw
    for (const item of fresh) {
      if (item.method) mine.method = item.method;
      if (item.plays) for (const p of item.plays) mine.plays.set(p.ply, p);
      if ("bury" in item) mine.bury = item.bury;
      if (item.summary) mine.summary = item.summary;
      if (item.total !== undefined) { mine.done = item.done; mine.total = item.total; }
    }
    mine.state = job.state; mine.error = job.error;
    if (job.result) {
      const r = job.result;
      mine.result = r; mine.summary = r.summary; mine.method = r.method; mine.bury = r.bury;
      for (const p of r.plays) mine.plays.set(p.ply, p);
      if (r.complete) { mine.done = mine.total; keepReview(root, r); }
    }
    if (st.review === mine && st.view) renderReviewParts(); // only its panels: the rest of the page is left alone
  }).then((job) => { mine.job = job; if (st.review === mine && st.view) renderReviewParts(); }).catch((e) => showError(e.message));
}

const num = (x) => x.toFixed(Math.abs(x) < 10 ? 1 : 0);
// A loss as a player reads it, levels and points apart: "0.32 ± 0.05 levels and 18 points lost", or where the
// points decided (the result not at stake) "10 ± 0.5 points lost, the result unchanged".
export function lossText(p) {
  if (p.scale === "points")
    return t(p.measure === "points" ? "loss_points_study" : "loss_points", { points: num(p.loss_points), se: num(p.loss_points_se) });
  return t("loss_levels", { levels: p.loss_levels.toFixed(2), se: p.loss_levels_se.toFixed(2), points: num(p.loss_points) });
}
// The marked play's loss in the play list, its unit named: "−0.32 lv", "−10 pt".
export function plyLossText(p) {
  return p.scale === "points" ? t("ply_loss_points", { points: Math.round(p.loss_points) })
    : t("ply_loss_levels", { levels: p.loss_levels.toFixed(2) });
}
// Why a play (or the bury) was marked, in the page's language, from the reasons' numbers.
export function whyTexts(reasons) {
  const pct = (x) => `${Math.round(100 * x)}%`;
  return (reasons || []).map((r) => {
    const vars = {};
    for (const [k, v] of Object.entries(r)) {
      if (["play", "best", "winning", "bury"].includes(k)) vars[k] = playText(v);
      else if (["p", "p_made", "p_best"].includes(k)) vars[k] = pct(v);
      else vars[k] = v;
    }
    return t("why_" + r.kind, vars);
  });
}
export function classText(c) { return c ? t("class_" + c) : t("class_forced"); }

export function renderReview() {
  const box = $("review"), r = st.review;
  if (!r) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [el("h3", {}, t("review_title"))];
  if (!isOver(r.state)) {
    kids.push(el("div", { id: "review-state", class: "review-state" },
      el("progress", { max: r.total || 1, value: r.done || 0 }), " ",
      span(r.total ? t("review_progress", { done: r.done, total: r.total }) : t("review_waiting"), "muted"), " ",
      el("button", { type: "button", id: "review-cancel", on: { click: () => cancelJob(r.job) } }, t("cancel"))));
  } else if (r.state === "cancelled") {
    kids.push(el("div", { id: "review-state", class: "muted" }, t("review_cancelled", { done: r.plays.size })),
      el("button", { type: "button", id: "review-again", on: { click: () => { startReview(true); renderReviewParts(); } } }, t("review_again")));
  } else if (r.state === "error") {
    kids.push(el("div", { class: "error" }, r.error));
  }
  if (r.bury !== undefined) kids.push(el("div", { id: "review-bury" }, buryText(r.bury, r.result)));
  if (r.summary) kids.push(summaryTable(r.summary));
  kids.push(el("div", { class: "legend" }, t("review_legend")));
  const seats = SEATS.split("").filter((s) => [...r.plays.values()].some((p) => p.seat === s && FLAGGED.has(p.class)));
  if (seats.length && !st.learn) {
    const pick = el("select", { id: "learn-seat" }, ...seats.map((s) => el("option", { value: s }, seatText(s))));
    if (r.focus && seats.includes(r.focus)) pick.value = r.focus;
    kids.push(el("div", { class: "learn-start" }, el("button", { type: "button", id: "learn-button", on: { click: () => startLearn(pick.value) } }, t("learn_button")), " ", pick));
  }
  box.replaceChildren(...kids);
}

function buryText(b, result) {
  if (!b) return result && result.bury_note === "no-kitty" ? t("review_bury_no_kitty") : t("review_bury_none");
  if (b.class === "best" && b.ranked_first) return t("review_bury_best", { seat: b.seat, cards: playText(b.bury), n: b.candidates.length });
  if (b.class === "best") return t("review_bury_best_fresh", { seat: b.seat, cards: playText(b.bury), best: playText(b.best_bury),
    levels: b.loss_levels.toFixed(2), se: b.loss_levels_se.toFixed(2) });
  return [t("review_bury_loss", { seat: b.seat, cards: playText(b.bury), grade: classText(b.class),
    levels: b.loss_levels.toFixed(2), se: b.loss_levels_se.toFixed(2), best: playText(b.best_bury) }),
  ...whyTexts(b.reasons)].join(LANG === "zh" ? "" : " ");
}

function summaryTable(summary) {
  const dealer = st.view ? st.view.dealer : "";
  const who = (name) => name.length === 1 ? (name === dealer ? t("who_dealer", { seat: name }) : seatText(name))
    : t(name.includes(dealer) ? "who_dealer_team" : "who_attackers", { a: name });
  const head = el("tr", {}, [t("who"), t("accuracy"), t("class_best"), t("class_good"), t("column_inaccuracy"), t("column_mistake"), t("column_blunder"), t("class_forced")].map((h) => el("th", {}, h)),
    el("th", { class: "levels" }, t("levels_lost")), el("th", { class: "points" }, t("points_lost")));
  const rows = ["S", "E", "N", "W", "S–N", "E–W"].map((name) => {
    const v = summary[name];
    return el("tr", { "data-who": name }, el("td", {}, who(name)), el("td", {}, v.accuracy === null ? "—" : Math.round(v.accuracy)),
      el("td", {}, v.best), el("td", {}, v.good), el("td", { class: "inaccuracy" }, v.inaccuracy), el("td", { class: "mistake" }, v.mistake),
      el("td", { class: "blunder" }, v.blunder), el("td", {}, v.forced), el("td", { class: "levels" }, v.levels_lost.toFixed(2)), el("td", { class: "points" }, Math.round(v.points_lost)));
  });
  return el("table", { class: "moves", id: "summary-table" }, head, ...rows);
}

// -- learn from the mistakes ---------------------------------------------------------------------------

function startLearn(seat) {
  const r = st.review;
  const plies = [...r.plays.values()].filter((p) => p.seat === seat && FLAGGED.has(p.class)).map((p) => p.ply).sort((a, b) => a - b);
  if (!plies.length) return;
  st.learn = { seat, plies, i: 0, phase: "try", tried: null, hide: S.hide, viewer: S.viewer };
  S.hide = true; S.viewer = seat;
  go(mainPath(plies[0]));
}
function stopLearn() {
  const l = st.learn;
  if (!l) return;
  S.hide = l.hide; S.viewer = l.viewer; st.learn = null;
  refresh();
}
function learnStep(delta) {
  const l = st.learn;
  l.i += delta; l.phase = "try"; l.tried = null;
  if (l.i >= l.plies.length) { stopLearn(); return; }
  go(mainPath(l.plies[l.i]));
}
// Whether a play made on the board is a try of the learning mode (it is then judged, not played).
export function learnTakes(play) {
  const l = st.learn;
  if (!l || l.phase !== "try" || !onMainLine() || S.path.length !== l.plies[l.i]) return false;
  l.tried = play; l.phase = "shown"; st.selection = [];
  render();
  showVerdict();
  return true;
}
export const learnHidesMarks = () => st.learn && st.learn.phase === "try";
// The verdict of a try (or the answer) brought into view: the panel may sit below the fold, and nothing would
// seem to happen.
function showVerdict() { const e = $("learn-verdict") || $("learn-answer"); if (e) e.scrollIntoView({ block: "nearest" }); }

export function renderLearn() {
  const box = $("learn"), l = st.learn;
  if (!l) { box.hidden = true; return; }
  box.hidden = false;
  const p = st.review.plays.get(l.plies[l.i]);
  const kids = [el("h3", {}, t("learn_title", { seat: l.seat, n: l.i + 1, of: l.plies.length }))];
  if (l.phase === "try") {
    kids.push(el("div", { id: "learn-state" }, t("learn_try", { trick: p.trick, seat: l.seat })),
      el("button", { type: "button", id: "learn-show", on: { click: () => { l.phase = "shown"; render(); showVerdict(); } } }, t("learn_show")));
  } else {
    if (l.tried) kids.push(el("div", { id: "learn-verdict", class: "learn-verdict" }, tryVerdict(p, l.tried)));
    kids.push(el("div", { id: "learn-answer" }, t("learn_answer", { played: playText(p.play), grade: classText(p.class), loss: lossText(p), best: playText(p.best_play) })),
      el("div", { id: "learn-why", class: "why" }, whyTexts(p.reasons).join(LANG === "zh" ? "" : " ")),
      el("button", { type: "button", id: "learn-again", on: { click: () => { l.phase = "try"; l.tried = null; render(); } } }, t("learn_again")));
    kids.push(" ", el("button", { type: "button", id: "learn-next", on: { click: () => learnStep(1) } }, l.i + 1 < l.plies.length ? t("learn_next") : t("learn_done")));
  }
  kids.push(" ", el("button", { type: "button", id: "learn-stop", on: { click: stopLearn } }, t("learn_stop")));
  box.replaceChildren(...kids);
}

// How a try compares with the best play, on the deals the review ranked every legal play on: its class by
// the review's own lines (levels first; points where the result is not at stake), and its numbers.
function tryVerdict(p, tried) {
  const m = st.review.method || {}, best = p.plays[0], mine = p.plays.find((x) => x.play === tried);
  if (tried === p.play) return el("span", { class: "mistake" }, t("learn_same", { grade: classText(p.class) }));
  if (!mine || !best) return "";
  const numbers = el("div", { class: "muted", id: "learn-numbers" }, t("learn_numbers", {
    play: playText(tried), levels: signed(mine.swing), points: Math.round(mine.mean_points),
    best: playText(best.play), best_levels: signed(best.swing), best_points: Math.round(best.mean_points) }));
  const lv = best.swing - mine.swing, pts = best.side_points - mine.side_points;
  const levelLines = m.level_thresholds || { inaccuracy: 0.1 }, pointsLine = m.points_inaccuracy || 6;
  // The play made on the same deals as the try: a try no better than it is not praised, whatever the
  // fresh deals behind the play made's own loss say.
  const made = p.plays.find((x) => x.play === p.play);
  let verdict;
  if (made && tried !== best.play && mine.score <= made.score)
    verdict = el("span", { class: "mistake" }, "✗ " + t("learn_not_better", { play: playText(tried), made: playText(p.play), best: playText(best.play) }));
  else if (tried === best.play || mine.dropped_after === null || mine.dropped_after === undefined)
    verdict = el("span", { class: "good-try" }, "✓ " + t("learn_best", { play: playText(tried) }));
  else if (lv >= levelLines.inaccuracy)
    verdict = el("span", { class: "mistake" }, "✗ " + t("learn_worse_levels", { play: playText(tried), levels: lv.toFixed(2), best: playText(best.play) }));
  else if (pts >= pointsLine)
    verdict = el("span", { class: "mistake" }, "✗ " + t("learn_worse_points", { play: playText(tried), points: Math.round(pts), best: playText(best.play) }));
  else verdict = el("span", { class: "good-try" }, "✓ " + t("learn_good", { play: playText(tried) }));
  return el("span", {}, verdict, numbers);
}
const signed = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(2);
