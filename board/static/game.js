// A hand against the computer: you play one seat, the others play by a policy on the server (a "move" job
// for each of their decisions, seeded by the node, so that a game replays the same).
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { api, isOver, showError, startJob } from "./api.js";
import { S, addLine, key, nodeAt, playsAt, st } from "./tree.js";
import { startAdvice } from "./advice.js";
import { go, makePlay, openRoot, render, toEnd } from "./main.js";
import { buried, keepHand, offerResume, setWholeHooks, startWholeGame, wholeParts } from "./wholegame.js";

// The game's choices (your seat, the others, one hand or a whole game) kept in this browser: a reload or
// the next visit starts from what was chosen last.
const CHOICES = "huolong-game-choices", CHOSEN = ["game-seat", "game-policy", "game-length", "game-rules"];
export function setupGameChoices() {
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(CHOICES) || "{}") || {}; } catch (e) { kept = {}; }
  for (const id of CHOSEN) {
    const box = $(id);
    if (kept[id] && [...box.options].some((o) => o.value === kept[id])) box.value = kept[id];
    box.addEventListener("change", () => {
      localStorage.setItem(CHOICES, JSON.stringify(Object.fromEntries(CHOSEN.map((k) => [k, $(k).value]))));
    });
  }
}

// A single hand put aside when another position is opened in its middle: kept in this browser, offered
// again in the header (as a whole game is), and gone once resumed, over, or replaced by a new game.
const HAND = "huolong-hand-game";
const savedHand = () => { try { return JSON.parse(localStorage.getItem(HAND)); } catch { return null; } };

function latestPlays() { // the game's own line to its latest play, wherever the player is looking
  const plays = [];
  for (let n = S.tree; n.c.length; ) { n = n.c[n.l]; plays.push(n.p); }
  return plays;
}
export function putHandAside() {
  const g = st.game;
  if (!g || g.whole || !S.root) return;
  if (st.view && st.view.over && !lookingBack()) { localStorage.removeItem(HAND); return; }
  localStorage.setItem(HAND, JSON.stringify({ seat: g.seat, policy: g.policy, seed: g.seed, text: S.root.text,
    title: S.root.title, plays: latestPlays() }));
}
async function resumeHand() {
  const h = savedHand();
  if (!h) return;
  localStorage.removeItem(HAND);
  st.whole = null;
  st.game = { seat: h.seat, policy: h.policy, seed: h.seed, busy: false, job: null };
  S.bottom = h.seat;
  await openGameRoot(h.text, h.title);
  if (h.plays.length) await go(addLine(h.plays));
  $("table-area").scrollIntoView({ block: "start" });
}
// The header's offer to resume: a whole game first, else a single hand put aside.
export function offerResumes() {
  offerResume();
  const b = $("game-resume"), h = savedHand();
  if (!b.hidden || !h || st.game || st.whole) return;
  b.textContent = t("hand_resume", { seat: h.seat, n: h.plays.length });
  b.hidden = false;
  b.onclick = resumeHand;
}

export async function startGame() {
  const seat = $("game-seat").value, policy = $("game-policy").value;
  localStorage.removeItem(HAND); // a new game replaces the hand put aside
  try {
    const wanted = Number($("game-seed").value);
    st.whole = null;
    if ($("game-length").value === "game") { // a whole game: its seed chosen here, as a single hand's is
      const seed = wanted || 1 + Math.floor(Math.random() * 999999);
      $("game-seed").value = seed;
      await startWholeGame(seat, policy, seed, $("game-rules").value);
      $(st.whole && st.whole.question ? "game" : "table-area").scrollIntoView({ block: "start" });
      return;
    }
    const { text, seed } = await api("/api/random", wanted ? { seed: wanted } : {});
    $("game-seed").value = seed; // the same seed deals the game again
    st.game = { seat, policy, seed, busy: false, job: null };
    S.bottom = seat;
    await openGameRoot(text);
    $("table-area").scrollIntoView({ block: "start" }); // the button is below the table: the game is on it
  } catch (e) { showError(e.message); }
}

// The game's deal (or, after the bury, the deal as buried), seen from your seat.
async function openGameRoot(text, title) {
  S.viewer = st.game.seat; S.hide = true;
  const name = title || t("game_name", { seat: st.game.seat });
  await openRoot({ text, index: 0, name, title: name }, undefined, { game: true });
}
// The game's own hand, reviewed: the whole game's panel stays (its next hand is a click away).
async function openReview(text, name, seat) {
  S.viewer = "";
  await openRoot({ text, index: 0, name, title: name }, seat, { game: true });
}
setWholeHooks({ openGameRoot, go, render: () => { render(); renderGame(); }, openReview });

// A game's earlier position seen again (Home, ←): nobody plays there — the game goes on from its latest play,
// so that looking back never takes a play back.
export function lookingBack() { return Boolean(st.game) && nodeAt(S.path).c.length > 0; }

export function gameWaits() { // is it the computer's turn?
  const game = st.game, v = st.view;
  if (!game || !v || v.over || lookingBack() || game.swap) return false; // a question of 扣王 waits for you
  if (v.before_bury) return v.dealer !== game.seat;
  return v.to_play !== game.seat;
}

export async function gameTurn() {
  keepHand();
  renderGame();
  if (!gameWaits() || st.game.busy) return;
  const mine = st.game, at = key();
  mine.busy = true; renderGame();
  const done = (j) => {
    if (!isOver(j.state)) return;
    mine.busy = false;
    if (st.game !== mine || key() !== at) { gameTurn(); return; } // the game moved on (undo, a new game): ask again
    if (j.error) { showError(j.error); renderGame(); return; }
    if (j.result && j.result.bury) gameBury(j.result.bury);
    else if (j.result) setTimeout(() => { if (st.game === mine && key() === at) makePlay(j.result.play); else gameTurn(); }, 300);
  };
  try { mine.job = await startJob("move", S.root, { plays: playsAt(S.path), policy: mine.policy, seed: mine.seed }, done); }
  catch (e) { mine.busy = false; showError(e.message); }
}

// The bury made; in a whole game the round of 扣王 follows, in which your seat may be asked how many big
// jokers it buries (answered, the same bury is sent again with the answer).
export async function gameBury(cards, jokers) {
  const whole = st.game && st.game.whole && st.whole;
  try {
    const r = await api("/api/bury", whole ? { root: S.root, bury: cards, game: st.whole.game, jokers }
      : { root: S.root, bury: cards });
    if (r.question) { st.game.swap = { ...r.question, cards }; renderGame(); return; }
    if (st.game) st.game.swap = null;
    buried(r.text);
    await openGameRoot(r.text, S.root.title);
  }
  catch (e) { showError(e.message); }
}

// The game as a hand record: every decision judged, its value graph.
async function gameReview() {
  try {
    const { text } = await api("/api/record", { root: S.root, plays: playsAt(S.path) });
    const seat = st.game.seat;
    st.game = null; S.viewer = ""; S.hide = false;
    const name = t("game_name", { seat });
    await openRoot({ text, index: 0, name, title: name }, seat, { game: true });
  } catch (e) { showError(e.message); }
}

export function renderGame() {
  const box = $("game"), game = st.game, v = st.view;
  offerResumes(); // a saved game is offered only while no game is on the table
  // while a whole game asks about declaring, no hand is dealt yet: the last position is not shown
  $("main").classList.toggle("dealing", Boolean(st.whole && st.whole.question));
  if (!game && !st.whole) { box.hidden = true; return; }
  box.hidden = false;
  if (!game || st.whole && (st.whole.question || st.whole.result || (v && v.over))) {
    const seat = st.whole.state ? st.whole.state.you : st.whole.seat, policy = st.whole.state ? st.whole.state.policy : st.whole.policy;
    box.replaceChildren(el("h3", {}, t("game_title", { seat: t("seat_" + seat), policy: t("policy_" + policy) })), ...wholeParts(v));
    return;
  }
  const kids = [el("h3", {}, t("game_title", { seat: game.seat, policy: t("policy_" + game.policy) }))];
  if (st.whole) kids.push(...wholeParts(v));
  if (lookingBack()) {
    kids.push(el("div", { id: "game-state" }, t("game_looking_back")), " ",
      el("button", { type: "button", id: "game-return", on: { click: toEnd } }, t("game_return")));
  } else if (v && v.over) {
    kids.push(el("div", { id: "game-state" }, t("game_over")),
      el("button", { type: "button", id: "game-review", on: { click: gameReview } }, t("game_review")));
  } else if (game.swap) { // 扣王: how many of your big jokers go into the bottom
    const q = game.swap, buttons = [];
    for (let n = q.least || 0; n <= q.limit; n++) {
      buttons.push(el("button", { type: "button", id: "game-swap-" + n, on: { click: () => gameBury(q.cards, n) } },
        t("game_swap_button", { n })), " ");
    }
    kids.push(el("div", { id: "game-state" }, t(q.little ? "game_swap_question_little" : "game_swap_question",
      { n: q.bottom_jokers, limit: q.limit })),
      ...buttons);
  } else if (game.busy || gameWaits()) {
    kids.push(el("div", { id: "game-state", class: "muted" }, t("game_thinking", { seat: v ? (v.before_bury ? v.dealer : v.to_play) : "" })));
  } else if (v && v.before_bury) {
    const input = el("input", { id: "game-bury-text", placeholder: t("bury_placeholder"), style: "width:14em" });
    kids.push(el("div", { id: "game-state" }, t("game_your_bury")), input, " ",
      el("button", { type: "button", id: "game-bury", on: { click: () => gameBury(input.value.trim() || st.selection.join(" ")) } }, t("bury_button")),
      el("div", { class: "muted" }, t("game_bury_hint")));
  } else if (v) {
    kids.push(el("div", { id: "game-state" }, t("game_your_turn")), " ",
      el("button", { type: "button", id: "game-hint", on: { click: () => startAdvice(v.to_play) } }, t("game_hint")));
  }
  box.replaceChildren(...kids);
}
