// Background jobs for the seat on screen: single-dummy advice, and the ranking of burials before the bury.
import { $, el, span } from "./dom.js";
import { t } from "./i18n.js";
import { cancelJob, isOver, showError, startJob, api } from "./api.js";
import { playText, pm } from "./cards.js";
import { S, hiddenHands, key, playsAt, st } from "./tree.js";
import { buryCards, makePlay, openRoot } from "./main.js";

export async function startAdvice(seat) {
  if (st.adviceJob) cancelJob(st.adviceJob.job);
  const seed = Number($("advice-seed") ? $("advice-seed").value : 1) || 1;
  const mine = { seat, seed, state: "queued", latest: null, key: key() };
  st.adviceJob = mine;
  renderAdvice();
  try {
    mine.job = await startJob("advise", S.root, { plays: playsAt(S.path), seat, seed, objective: S.objective }, (j) => {
      mine.state = j.state; mine.latest = j.result || j.progress[j.progress.length - 1] || mine.latest; mine.error = j.error;
      if (st.adviceJob === mine) renderAdvice();
    });
  } catch (e) { showError(e.message); }
}

export function renderAdvice() {
  const box = $("advice"), v = st.view, job = st.adviceJob;
  const canAdvise = v && !v.over && !v.before_bury && v.to_play && (S.viewer === v.to_play || (hiddenHands() && v.hands[v.to_play].visible));
  const stopped = st.analysis && st.analysis.stopped;
  if (!job && !canAdvise && !stopped) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [];
  if (!job || job.key !== key()) {
    if (!canAdvise && !stopped) { box.hidden = true; return; }
    kids.push(el("label", {}, t("seed") + " ", el("input", { id: "advice-seed", type: "number", value: 1, style: "width:5em" })),
      " ", el("button", { type: "button", id: "advise-button", on: { click: () => startAdvice(v.to_play) } }, t("advise", { seat: v.to_play })));
    box.replaceChildren(...kids); return;
  }
  const a = job.latest;
  kids.push(el("h3", {}, t("advice_title", { seat: job.seat, seed: job.seed })));
  if (!isOver(job.state)) kids.push(el("button", { type: "button", id: "advice-cancel", on: { click: () => cancelJob(job.job) } }, t("cancel")));
  if (job.error) kids.push(el("div", { class: "error" }, job.error));
  if (a) {
    if (a.verdict && isOver(job.state)) kids.push(el("div", { id: "advice-verdict", class: "verdict" }, a.verdict)); // the hint's one sentence
    kids.push(el("div", { class: "muted", id: "advice-state" }, t("advice_done", { n: a.samples, state: t("state_" + job.state) })));
    const head = el("tr", {}, [t("play"), t("samples"), t("points_se"), "≥120", t("dug_h"), t("swing_levels")].map((h) => el("th", {}, h)));
    kids.push(el("table", { class: "moves", id: "advice-table" }, head, ...a.plays.map((p) => el("tr", { class: "clickable", on: { click: () => makePlay(p.play) } },
      el("td", {}, playText(p.play)), el("td", {}, p.samples), el("td", {}, pm(p.mean_points, p.points_se, 1)),
      el("td", {}, p.p_threshold === null ? "—" : Math.round(100 * p.p_threshold) + "%"), el("td", {}, p.p_dug === null ? "—" : Math.round(100 * p.p_dug) + "%"),
      el("td", {}, pm(p.swing, p.swing_se, 2))))));
  }
  box.replaceChildren(...kids);
}

export async function startBurials() {
  if (st.buryJob) cancelJob(st.buryJob.job);
  const mine = { state: "queued", latest: null };
  st.buryJob = mine;
  renderBurials();
  try {
    mine.job = await startJob("bury", S.root, { seed: 1 }, (j) => {
      mine.state = j.state; mine.latest = j.result || j.progress[j.progress.length - 1] || mine.latest; mine.error = j.error;
      if (st.buryJob === mine) renderBurials();
    });
  } catch (e) { showError(e.message); }
}

export function renderBurials() {
  const box = $("burials"), v = st.view, job = st.buryJob;
  if (!v || !v.before_bury) { box.hidden = true; return; }
  box.hidden = false;
  const kids = [el("h3", {}, t("bury_title", { seat: v.dealer }))];
  if (!job) { kids.push(el("button", { type: "button", id: "bury-button", on: { click: startBurials } }, t("rank_burials"))); box.replaceChildren(...kids); return; }
  if (!isOver(job.state)) kids.push(el("button", { type: "button", id: "bury-cancel", on: { click: () => cancelJob(job.job) } }, t("cancel")), " ", span(t("state_" + job.state), "muted"));
  if (job.error) kids.push(el("div", { class: "error" }, job.error));
  const a = job.latest, known = !hiddenHands();
  if (a && !known) kids.push(el("div", { class: "muted" }, t("bury_hidden")));
  if (a) {
    const head = el("tr", {}, [t("bury"), t("samples"), t("pts"), t("dug_h"), t("swing"), ""].map((h) => el("th", {}, h)));
    kids.push(el("table", { class: "moves", id: "bury-table" }, head, ...a.candidates.map((c) => el("tr", {},
      el("td", {}, playText(c.bury)), el("td", {}, c.samples), el("td", {}, pm(c.mean_points, c.points_se, 1)),
      el("td", {}, Math.round(100 * c.p_dug) + "%"), el("td", {}, pm(c.swing, c.swing_se, 2)),
      el("td", {}, known ? el("button", { type: "button", class: "apply", on: { click: () => buryCards(c.bury) } }, t("apply")) : "")))));
  }
  box.replaceChildren(...kids);
}

// The deal after that burial, opened: its title says so (the deal's own still says "before the bury").
export async function applyBurial(cards) {
  try {
    if (st.buryJob) cancelJob(st.buryJob.job);
    const { text } = await api("/api/bury", { root: S.root, bury: cards });
    const title = t("after_bury_title", { seat: st.view.dealer, cards: playText(cards) });
    await openRoot({ text, index: 0, name: title, title });
  } catch (e) { showError(e.message); }
}
