// The table: the four hands around it (trumps first), the trick, the information line, and building a play
// by clicking cards — only selections some legal play holds are taken.
import { $, el, span } from "./dom.js";
import { t, seatText } from "./i18n.js";
import { SUIT_SYMBOL, cardText, isRed, playText, rankText, suitText } from "./cards.js";
import { S, SEATS, hiddenHands, rootTitle, st } from "./tree.js";
import { makePlay } from "./main.js";

// Where a seat sits on screen, with S.bottom at the bottom.
export function seatPlace(seat) {
  const shift = (SEATS.indexOf(seat) - SEATS.indexOf(S.bottom) + 4) % 4;
  return ["bottom", "right", "top", "left"][shift];
}

export function renderInfo() {
  const v = st.view, parts = [];
  const title = rootTitle() || v.event;
  if (title) parts.push(el("div", { id: "title" }, el("strong", {}, title)));
  const tags = [];
  const w = st.whole;
  if (w && w.state && w.state.dealer) tags.push(t("whole_chip", { sn: w.state.levels[0], ew: w.state.levels[1] })); // the game's score, always in view
  if (v.level) tags.push(t("level", { level: v.level === "T" ? "10" : v.level }));
  if (v.trump) tags.push(t("trump", { trump: SUIT_SYMBOL[v.trump] }));
  tags.push(t("dealer", { seat: v.dealer }), t("attack", { a: v.attackers.join("–") }), t("rules", { rules: v.rules_label || v.rules }));
  if (!v.bridge) tags.push(t("points", { points: v.points }));
  tags.push(t("cards_each", { n: v.tricks_left })); // cards in the fullest hand: a trick may take 1 to 3 a seat
  parts.push(el("div", {}, tags.map((x) => span(x, "tag"))));
  if ((v.bottom || v.bottom_hidden) && !v.bridge) parts.push(el("div", { id: "bottom-cards" }, v.bottom
    ? t("bottom", { cards: v.bottom.map(cardText).join(" "), points: v.bottom_points, dig: v.dig_value })
    : v.bottom_jokers ? t("bottom_hidden_jokers", { n: v.bottom_jokers }) : t("bottom_hidden")));
  if (st.lastTrickShown) parts.push(el("div", { id: "last-trick" }, v.last_trick
    ? t("last_trick", { plays: v.last_trick.plays.map((p) => `${seatText(p.seat)} ${playText(p.play)}`).join(t("list_sep")), winner: v.last_trick.winner, points: v.last_trick.points })
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
// No mark is a minus sign: "−185" on a card would read as minus 185 (the legend says what each means).
export const MARK_SYMBOL = { best: "✓", worse: "✗", fewer: "△" };
export function lossText(m) {
  const a = st.analysis.analysis, k = mark(m);
  if (k === "best") return t("best");
  if (k === "worse") return t("worse_result");
  const attacking = st.view.attackers.includes(a.to_play);
  const loss = Math.abs(pts(a.value) - pts(m));
  if (loss) return t(st.view.bridge ? "tricks_lost_n" : "points_lost_n", { n: loss }); // bridge counts tricks
  return t(attacking ? "loss_no_dig" : "loss_gives_dig"); // the same points: only the dig differs
}

// Whether the dealer's 45 cards are clicked to bury six: your own in a game, else when every hand is known
// (the burial is then played out on the board).
export function buryByClick() {
  const v = st.view;
  if (!v || !v.before_bury || !v.kitty || !v.hands[v.dealer].visible) return false;
  return st.game ? st.game.seat === v.dealer && !st.game.busy : !hiddenHands() && !S.viewer;
}
export const BURY_COUNT = 6;

function roleOf(seat) {
  const v = st.view;
  if (seat === v.dealer) return t(v.bridge ? "role_declarer" : "role_dealer");
  if (v.attackers.includes(seat)) return t("role_attacker");
  return t(v.bridge ? "role_dummy" : "role_partner");
}

export function renderTable() {
  const v = st.view, values = cardValues(), burying = buryByClick();
  const playable = new Set(v.legal.flatMap((p) => p.split(" "))); // cards some legal play holds
  for (const seat of SEATS) {
    const box = $("seat-" + seatPlace(seat)), hand = v.hands[seat];
    const buries = burying && seat === v.dealer;
    box.className = `seat ${seatPlace(seat)}` + (v.to_play === seat || buries ? " to-play" : "");
    box.dataset.seat = seat;
    const role = roleOf(seat);
    const kids = [el("div", { class: "seat-name" }, seatText(seat), span(role ? " " + role : "", "role"), hand.count !== null ? span(` · ${hand.count}`, "role") : null)];
    if (!hand.visible) {
      kids.push(el("div", { class: "hidden-hand" }, hand.count === null ? "?" : t("hidden_count", { n: hand.count })));
      if (v.voids[seat]) kids.push(el("div", { class: "hidden-hand" }, t("labelled", { label: t("voids"), value: v.voids[seat].map(suitText).join(" ") })));
    } else {
      const mine = buries || (v.to_play === seat && v.legal.length);
      const dim = (tok) => mine && !buries && !playable.has(tok); // only the hand to play: the others wait their turn
      for (const row of hand.suits) {
        const label = span(suitText(row.suit), "suit-label" + (row.suit === "H" || row.suit === "D" ? " red" : ""));
        const cards = row.cards.map((tok, i) => cardButton(tok, row.suit === "T", mine, dim(tok), values, `${seat}-${row.suit}-${i}`));
        kids.push(el("div", { class: "suit-row" + (mine ? "" : " glyphs"), "data-suit": row.suit }, label, cards.length ? cards : span("-", "muted")));
      }
    }
    if (v.before_bury && seat === v.dealer && v.kitty) // the dealer's 45 cards: the hand and the kitty
      kids.push(el("div", { class: "suit-row kitty", id: "kitty" }, span(t("kitty"), "suit-label kitty-label"),
        v.kitty.map((tok, i) => buries ? cardButton(tok, false, true, false, values, `kitty-${i}`) : el("span", { class: "card" + (isRed(tok) ? " red" : "") }, cardText(tok)))));
    box.replaceChildren(...kids);
  }
  // A finished trick stays on the table, faded, with who won it, until the next play starts another (the
  // computer's cards would otherwise vanish the moment its play ends a trick).
  const done = !v.trick.length && !v.before_bury && v.last_trick;
  const items = [];
  for (const tp of done ? v.last_trick.plays : v.trick) items.push(el("div", { class: `tplay t-${seatPlace(tp.seat)}` + (done ? " done" : "") }, `${seatText(tp.seat)} ${playText(tp.play)}`));
  const mid = v.before_bury ? t("before_bury", { seat: v.dealer, n: 45 }) : v.over ? t("over")
    : t(v.trick.length ? "to_play" : "to_lead", { seat: v.to_play });
  items.push(el("div", { class: "tplay t-mid" }, done ? el("div", { id: "trick-won" },
    t("trick_taken", { winner: v.last_trick.winner, points: v.last_trick.points })) : null, el("div", {}, mid)));
  $("center").replaceChildren(...items);
}

// A card of the hand on screen; "dim": no legal play holds it (it is still a button: a click says so).
function cardButton(tok, trump, mine, dim, values, id) {
  const cls = "card" + (isRed(tok) ? " red" : "") + (trump ? " trump" : "") + (dim ? " dimmed" : "");
  if (!mine) return el("span", { class: cls }, trump ? cardText(tok) : rankText(tok)); // a plain row: its ranks, as BBO's diagram
  const b = el("button", { type: "button", class: cls, "data-card": tok, id: "card-" + id,
    on: { click: () => (st.view.before_bury ? toggleBuryCard(tok, b) : toggleCard(tok, b)) } }, span(cardText(tok)));
  const m = values.get(tok);
  if (m) {
    const k = mark(m);
    b.append(span(`${MARK_SYMBOL[k]} ${pts(m)}`, `val ${k}`));
    b.title = `${playText(m.play)}: ${pts(m)} — ${lossText(m)}`;
  }
  return b;
}

// Before the bury: any six of the dealer's 45 cards (the engine checks the burial when it is applied).
function toggleBuryCard(tok, button) {
  const selectedHere = button.classList.contains("selected");
  if (selectedHere) st.selection.splice(st.selection.indexOf(tok), 1);
  else if (st.selection.length >= BURY_COUNT) { $("selection").textContent = t("bury_six_already", { n: BURY_COUNT }); return; }
  else st.selection.push(tok);
  button.classList.toggle("selected", !selectedHere);
  renderSelection();
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
  const v = st.view, sel = st.selection, button = $("play-button");
  button.textContent = t(v.before_bury ? "bury_button" : "play_button");
  if (v.before_bury) {
    const burying = buryByClick();
    $("selection").textContent = sel.length ? t("bury_selected", { cards: playText(sel.join(" ")), n: sel.length, of: BURY_COUNT })
      : burying ? t("bury_hint", { n: BURY_COUNT }) : "";
    button.disabled = !burying || sel.length !== BURY_COUNT;
    button.dataset.play = sel.length === BURY_COUNT ? sel.join(" ") : "";
    return;
  }
  const fits = v.legal.filter((p) => holds(p, sel));
  const exact = fits.find((p) => p.split(" ").length === sel.length);
  $("selection").textContent = sel.length ? playText(sel.join(" "))
    : (v.to_play && v.legal.length && !S.viewer ? t("select_hint", { seat: v.to_play }) : "");
  button.disabled = !exact || !sel.length;
  button.dataset.play = exact || "";
}
