// A whole game on the board: hand after hand until one team passes the top. The server keeps no game: the
// game file's text lives in this browser (localStorage, saved after every play) and goes with each request,
// which replays it (/api/game/next deals the next hand, or asks your seat whether to declare while dealing;
// /api/game/add adds a finished hand). Each hand is played as a single hand (game.js).
import { $, el } from "./dom.js";
import { outcomeText, t } from "./i18n.js";
import { api, showError } from "./api.js";
import { cardText } from "./cards.js";
import { declarationKey, questionKey } from "./declaring.js";
import { S, addLine, playsAt, st } from "./tree.js";

const STORE = "huolong-whole-game";

export function savedGame() {
  try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { return null; }
}
function save() { if (st.whole) localStorage.setItem(STORE, JSON.stringify(st.whole)); }

let hooks = null; // {openGameRoot, openReview, go, render}: given by game.js, to avoid an import cycle
export function setWholeHooks(h) { hooks = h; }

export async function startWholeGame(seat, policy, seed, gameRules) {
  st.whole = { game: null, state: null, seat, policy, seed, gameRules, answers: [], question: null, result: null,
    hand: 0, declaration: null, current: null };
  await nextHand();
}

async function nextHand() {
  const w = st.whole;
  try {
    const req = w.game ? { game: w.game, answers: w.answers }
      : { seat: w.seat, policy: w.policy, seed: w.seed, answers: w.answers, game_rules: w.gameRules || "standard" };
    const r = await api("/api/game/next", req);
    w.game = r.game; w.state = r.state;
    if (r.question) { // asked while dealing: the panel with the question brought into view
      w.question = r.question; save(); hooks.render();
      $("game").scrollIntoView({ block: "start" });
      return;
    }
    Object.assign(w, { question: null, answers: [], result: null, hand: r.hand, declaration: r.declaration,
      current: { text: r.deal, plays: [] } });
    save();
    await openHand(r.deal, []);
  } catch (e) { showError(e.message); }
}

// yes / no, or for three jokers the suit named ("S" … "C")
async function answer(yes) { st.whole.answers.push(yes); st.whole.question = null; await nextHand(); }

// The hand on the table, as the single-hand game plays it, with the plays made so far.
async function openHand(text, plays) {
  const w = st.whole;
  st.game = { seat: w.state.you, policy: w.state.policy, seed: w.state.seed * 1000 + w.hand, busy: false, job: null,
    whole: true };
  S.bottom = w.state.you;
  await hooks.openGameRoot(text, t("whole_name", { n: w.hand, seat: t("seat_" + w.state.you) }));
  if (plays.length) await hooks.go(addLine(plays));
}

// After every play (and the bury): the hand so far, kept.
export function keepHand() {
  const w = st.whole;
  if (!w || !st.game || !st.game.whole || w.result) return;
  w.current = { text: S.root.text, plays: playsAt(S.path) };
  save();
}
export function buried(text) { const w = st.whole; if (w && w.current) { w.current = { text, plays: [] }; save(); } }

// The hand is over: added to the game, whose score moves on.
export async function handOver() {
  const w = st.whole;
  if (!w || w.result || w.adding) return;
  w.adding = true; hooks.render();
  try {
    const { text } = await api("/api/record", { root: S.root, plays: playsAt(S.path) });
    const r = await api("/api/game/add", { game: w.game, record: text });
    Object.assign(w, { game: r.game, state: r.state, result: r.result, record: text, current: null });
    save();
    if (w.state.over) $("game-resume").hidden = true; // nothing left to resume
  } catch (e) { showError(e.message); }
  w.adding = false; hooks.render();
}

export async function resumeWholeGame() {
  const w = savedGame();
  if (!w) return;
  st.whole = w; w.adding = false;
  $("game-resume").hidden = true;
  if (w.current) await openHand(w.current.text, w.current.plays);
  else if (w.result && w.record) await openFinished(); // between hands: the hand just played, on the table
  else if (w.result || w.question || w.state.over) hooks.render();
  else await nextHand(); // saved between hands: the next one dealt
}

// The hand just finished, on the table at its end, with the game's panel (its result, the next hand).
async function openFinished() {
  const w = st.whole;
  st.game = null; S.hide = false;
  await hooks.openReview(w.record, t("whole_name", { n: w.state.hands, seat: t("seat_" + w.state.you) }), w.state.you);
}

// A whole game kept in this browser, not over and not on the table: offered to resume, by the hand it is at.
export function offerResume() {
  const w = savedGame(), b = $("game-resume");
  if (!w || !w.state || w.state.over || st.whole || st.game) { b.hidden = true; return; }
  const s = w.state;
  b.textContent = t("whole_resume", { n: s.hands + 1, sn: s.levels[0], ew: s.levels[1] });
  b.hidden = false;
  b.onclick = async () => { await resumeWholeGame(); $("table-area").scrollIntoView({ block: "start" }); };
}

function download() {
  const blob = new Blob([st.whole.game], { type: "text/plain;charset=utf-8" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `huolong-game-${st.whole.state.seed}.hl` });
  document.body.append(a); a.click(); a.remove();
}

const team = (code) => t("team_" + code);
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const teamOf = (seat) => ("SN".includes(seat) ? "SN" : "EW");


export function scoreLine() {
  const w = st.whole, s = w.state;
  // a hand on the table declared while dealing: its trump (and on hand 1 its dealer) come from the declaration
  const declared = s && w.declaration && !w.question && !w.result ? w.declaration : null;
  const set = declared ? { seat: s.dealer || declared.seat, trump: declared.trump }
    : s && s.dealer ? { seat: s.dealer, trump: s.trump } : null;
  if (!set) return el("div", { id: "whole-score", class: "score" }, t("whole_score_first"));
  // between hands under trump=hand the next trump is not known yet: it is declared again
  const key = !w.result ? "whole_score" : s.over ? "whole_score_over"
    : s.trump_each_hand ? "whole_score_after_open" : "whole_score_after";
  const money = s.money || [0, 0], signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x);
  return el("div", { id: "whole-score", class: "score" }, t(key, { n: w.result ? s.hands : s.hands + 1, sn: s.levels[0],
    ew: s.levels[1], dealer: t("seat_" + set.seat), trump: SUIT[set.trump] }),
  el("div", { id: "whole-money", class: "muted" }, t("whole_money", { sn: signed(money[0]), ew: signed(money[1]),
    rules: s.game_rules || "standard" })));
}

// The whole game's part of the game panel: the score, then the question, the declaration, or the hand's end.
export function wholeParts(v) {
  const w = st.whole;
  if (!w) return [];
  const kids = [scoreLine()], s = w.state;
  if (w.question) {
    const q = w.question, over = Boolean(q.declarer);
    const args = { declarer: q.declarer, cards: (q.cards || []).map(cardText).join(" "),
      suit: q.cards && q.cards.length ? SUIT[q.cards[0][0]] || "" : "" };
    kids.push(el("div", { id: "whole-question" }, t(questionKey(q, !s || !s.dealer), args)),
      el("div", { class: "muted" }, t("whole_cards_so_far", { cards: q.received.map(cardText).join(" ") })));
    if (q.kind === "any") { // three jokers: the suit is named
      for (const suit of "SHDC") {
        kids.push(el("button", { type: "button", id: "whole-suit-" + suit, on: { click: () => answer(suit) } },
          t("whole_name_suit", { suit: SUIT[suit] })), " ");
      }
    } else {
      kids.push(el("button", { type: "button", id: "whole-yes", on: { click: () => answer(true) } },
        t(over ? "whole_yes_override" : "whole_yes")), " ");
    }
    kids.push(el("button", { type: "button", id: "whole-no", on: { click: () => answer(false) } },
      t(over ? "whole_no_override" : "whole_no")));
    return kids;
  }
  if (w.declaration && !w.result) {
    const d = w.declaration, cards = (d.cards || []).map(cardText).join(" ");
    const args = { seat: d.seat, declarer: d.overrode, trump: SUIT[d.trump], cards };
    kids.push(el("div", { class: "muted", id: "whole-declaration" }, t(declarationKey(d), args)));
  }
  if (v && v.tribute && !w.result) kids.push(el("div", { id: "whole-tribute" }, v.tribute));
  if (v && v.kitty_shown && !w.result) {
    kids.push(el("div", { id: "whole-kitty" }, t("whole_kitty_shown", { cards: v.kitty_shown.map(cardText).join(" ") })));
  }
  if (v && v.ganguo && !w.result) kids.push(el("div", { id: "whole-ganguo" }, t("whole_ganguo")));
  if (v && v.told && v.told.length && !w.result) kids.push(el("div", { id: "whole-told" }, v.told.join(" ")));
  if (w.adding) kids.push(el("div", { class: "muted" }, t("whole_saving")));
  if (w.result) kids.push(...endParts());
  else if (v && v.over && st.game && st.game.whole) handOver();
  kids.push(el("div", { class: "muted" }, t("whole_saved")),
    el("button", { type: "button", id: "whole-download", on: { click: download } }, t("whole_download")));
  return kids;
}

function endParts() {
  const w = st.whole, s = w.state, r = w.result, out = [];
  out.push(el("div", { id: "whole-result" }, t("result", { points: r.points, dug: r.dug ? t("dug") : "",
    outcome: outcomeText(...r.outcome.split(" ")) })));
  if (s.over) {
    const key = s.passed ? "whole_won_passed" : "whole_won_outright";
    out.push(el("div", { id: "whole-winner" }, t(key, { team: team(s.winner), top: s.top, n: s.hands })),
      el("div", {}, t(s.winner === teamOf(s.you) ? "whole_you_won" : "whole_you_lost")));
  } else {
    const dealerTeam = teamOf(s.dealer), keeps = teamOf(r.dealer) === dealerTeam;
    out.push(el("div", { id: "whole-after" }, t(keeps ? "whole_after_keep" : "whole_after_take",
      { team: team(dealerTeam), sn: s.levels[0], ew: s.levels[1], seat: t("seat_" + s.dealer) })),
    el("button", { type: "button", id: "whole-next", on: { click: nextHand } }, t("whole_next")));
  }
  out.push(el("button", { type: "button", id: "whole-review", on: { click: review } }, t("game_review")));
  return out;
}

async function review() {
  const w = st.whole, seat = w.state.you;
  st.game = null; S.viewer = ""; S.hide = false;
  await hooks.openReview(w.record, t("whole_name", { n: w.state.hands, seat: t("seat_" + seat) }), seat);
}
