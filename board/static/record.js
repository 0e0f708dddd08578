// The hand as played: every trick, its winner and points, each play with its class once judged; the last
// play made highlighted (a click on a play goes to the table after it), and the review's verdict on it.
import { $, el, span } from "./dom.js";
import { LANG, t, seatText } from "./i18n.js";
import { playText } from "./cards.js";
import { S, mainLine, mainPath, onMainLine, st } from "./tree.js";
import { CLASS_SYMBOL, FLAGGED, classText, learnHidesMarks, lossText, plyLossText, whyTexts } from "./review.js";
import { go } from "./main.js";

function trickRow(number, plays) {
  const done = plays.length === 4 ? (st.view.main_tricks || [])[number - 1] : null; // a trick cut short: no winner shown
  const won = done ? span(t("trick_won", { winner: done.winner, points: done.points }), "muted") : null;
  return el("div", { class: "trick-row" }, span(`${number}.`, "muted"), ...plays, won);
}

export function renderRecord() {
  const box = $("record"), line = mainLine(), r = st.review;
  if (!r || !line.length) { box.hidden = true; return; }
  box.hidden = false;
  const hide = learnHidesMarks();
  const kids = [], cur = onMainLine() ? S.path.length - 1 : -1; // the last play made: -1 at the start
  let trick = 1, row = [];
  line.forEach((play, ply) => {
    if (hide && ply > cur) return; // learning: the plays after the decision are what the learner must not see
    const p = hide ? null : r.plays.get(ply);
    const marked = p && FLAGGED.has(p.class) ? p.class : "";
    const seat = ((st.view.main_tricks || [])[trick - 1] || { seats: [] }).seats[row.length] || (p && p.seat) || "";
    const title = p && p.class ? (marked ? t("ply_title", { grade: classText(p.class), loss: lossText(p), best: t("best_was", { play: playText(p.best_play) }) }) : classText(p.class)) : "";
    row.push(el("span", { class: "ply" + (ply === cur ? " current" : "") + (marked ? " " + marked : "") + (p ? " judged" : ""),
      "data-ply": ply, "data-class": p ? (p.class || "forced") : "", title, on: { click: () => go(mainPath(ply + 1)) } },
      `${seatText(seat)} ${playText(play)}`, marked ? span(CLASS_SYMBOL[marked], "class-symbol") : null,
      marked ? span(plyLossText(p), "ply-loss") : null));
    if (row.length === 4) { kids.push(trickRow(trick, row)); row = []; trick++; }
  });
  if (row.length) kids.push(trickRow(trick, row));
  box.replaceChildren(el("h3", {}, t("played_list")), plyVerdict(cur), el("div", { class: "plays-list", id: "plays-list" }, ...kids));
}

// What the review says of the last play made (the one highlighted).
function plyVerdict(cur) {
  const r = st.review, p = cur >= 0 && !learnHidesMarks() ? r.plays.get(cur) : null;
  if (!p) return el("div", { id: "ply-verdict", class: "muted" }, cur >= 0 && cur < mainLine().length && !learnHidesMarks() ? t("ply_pending") : "");
  const parts = [t("ply_played", { seat: p.seat, play: playText(p.play), grade: classText(p.class) })];
  if (p.class && p.class !== "best") parts.push(t("ply_loss", { loss: lossText(p), best: playText(p.best_play) }));
  if (p.could_be) parts.push(t("ply_could_be", { upper: classText(p.could_be) }));
  if (p.reasons && p.reasons.length) parts.push(...whyTexts(p.reasons));
  if (p.class && p.class !== "best" && p.samples) parts.push(t("ply_samples", { n: p.samples, seat: p.seat })); // the deals behind the loss
  if (p.dd) {
    const bounds = p.dd.proof === "bounds";
    if (p.dd.verdict) parts.push(t("ply_dd_" + p.dd.verdict) + (bounds ? " " + t("ply_dd_by_bounds") : ""));
    else if (bounds) parts.push(p.dd.worse_result ? t("ply_dd_worse_bounds") : p.dd.loss ? t("ply_dd_loss_bounds", { loss: p.dd.loss }) : t("ply_dd_best_bounds"));
    else parts.push(p.dd.worse_result ? t("ply_dd_worse") : p.dd.loss ? t("ply_dd_loss", { loss: p.dd.loss }) : t("ply_dd_best"));
  }
  return el("div", { id: "ply-verdict", class: "ply-verdict " + (p.class || "") }, parts.join(LANG === "zh" ? "" : " ")); // Chinese sentences end in "。": no space
}
