// The table: the four hands around it (trumps first), the trick, the information line, and building a play
// by clicking cards — only selections some legal play holds are taken.
import { $, el, span } from "./dom.js";
import { t, seatText } from "./i18n.js";
import { SUIT_SYMBOL, cardText, isRed, playText, rankText } from "./cards.js";
import { S, SEATS, st } from "./tree.js";
import { makePlay } from "./main.js";

// Where a seat sits on screen, with S.bottom at the bottom.
export function seatPlace(seat) {
  const shift = (SEATS.indexOf(seat) - SEATS.indexOf(S.bottom) + 4) % 4;
  return ["bottom", "right", "top", "left"][shift];
}

export function renderInfo() {
  const v = st.view, parts = [];
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
  if (st.lastTrickShown) parts.push(el("div", { id: "last-trick" }, v.last_trick
    ? t("last_trick", { plays: v.last_trick.plays.map((p) => `${seatText(p.seat)} ${playText(p.play)}`).join(", "), winner: v.last_trick.winner, points: v.last_trick.points })
    : t("no_last_trick")));
  $("info").replaceChildren(...parts);
}

// The best value of any legal play holding each card (plays come best first).
export function cardValues() {
  const out = new Map();
  if (!st.analysis || !st.analysis.analysis || S.hide) return out;
  for (const m of st.analysis.analysis.moves) for (const c of m.play.split(" ")) if (!out.has(c)) out.set(c, m);
  return out;
}
const pts = (x) => (x.points !== undefined ? x.points : x.tricks);
// best / worse result / fewer points, against the best value.
export function mark(m) {
  const a = st.analysis.analysis, best = a.value;
  if (a.objective === "result") return m.outcome === best.outcome && m.levels === best.levels ? "best" : "worse";
  if (pts(m) === pts(best) && m.dug === best.dug && m.outcome === best.outcome && m.levels === best.levels) return "best";
  if (a.objective === "outcome" && (m.outcome !== best.outcome || m.levels !== best.levels)) return "worse";
  return "fewer";
}
export const MARK_SYMBOL = { best: "✓", worse: "✗", fewer: "−" };
export function lossText(m) {
  const a = st.analysis.analysis, k = mark(m);
  if (k === "best") return t("best");
  if (k === "worse") return t("worse_result");
  const side = st.view.attackers.includes(a.to_play) ? 1 : -1;
  const loss = side * (pts(a.value) - pts(m));
  return loss ? `-${Math.abs(loss)}` : t("dig");
}

export function renderTable() {
  const v = st.view, values = cardValues();
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
  const items = [];
  for (const tp of v.trick) items.push(el("div", { class: `tplay t-${seatPlace(tp.seat)}` }, `${seatText(tp.seat)} ${playText(tp.play)}`));
  const mid = v.before_bury ? t("before_bury", { seat: v.dealer, n: 45 }) : v.over ? t("over")
    : t(v.trick.length ? "to_play" : "to_lead", { seat: v.to_play });
  items.push(el("div", { class: "tplay t-mid" }, mid));
  $("center").replaceChildren(...items);
}

function cardButton(tok, trump, mine, values, id) {
  const cls = "card" + (isRed(tok) ? " red" : "") + (trump ? " trump" : "");
  if (!mine) return el("span", { class: cls }, trump ? cardText(tok) : rankText(tok)); // a plain row: its ranks, as BBO's diagram
  const b = el("button", { type: "button", class: cls, "data-card": tok, id: "card-" + id, on: { click: () => toggleCard(tok, b) } }, span(cardText(tok)));
  const m = values.get(tok);
  if (m) {
    const k = mark(m);
    b.append(span(`${MARK_SYMBOL[k]}${pts(m)}`, `val ${k}`));
    b.title = `${playText(m.play)}: ${lossText(m)}`;
  }
  return b;
}

function holds(play, cards) {
  const left = play.split(" ");
  for (const c of cards) { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); }
  return true;
}
function toggleCard(tok, button) {
  const i = st.selection.indexOf(tok);
  const selectedHere = button.classList.contains("selected");
  const next = st.selection.slice();
  if (selectedHere) next.splice(i, 1); else next.push(tok);
  const fits = st.view.legal.filter((p) => holds(p, next));
  if (!fits.length) { $("selection").textContent = t("not_a_play"); return; }
  st.selection = next;
  button.classList.toggle("selected", !selectedHere);
  const exact = fits.find((p) => p.split(" ").length === next.length);
  if (exact && fits.length === 1) { makePlay(exact); return; }
  renderSelection();
}
export function renderSelection() {
  const v = st.view, sel = st.selection;
  const fits = v.legal.filter((p) => holds(p, sel));
  const exact = fits.find((p) => p.split(" ").length === sel.length);
  $("selection").textContent = sel.length ? playText(sel.join(" "))
    : (v.to_play && v.legal.length && !S.viewer ? t("select_hint", { seat: v.to_play }) : "");
  $("play-button").disabled = !exact || !sel.length;
  $("play-button").dataset.play = exact || "";
}
