// The table for friends: drawing the view the server sent for this link. Every function is handed the
// page's controller (room.js) — its view, the cards picked, its actions — and imports nothing of it.
import { $, el, span } from "./dom.js";
import { LANG, outcomeText, seatText, t } from "./i18n.js";
import { SUIT_SYMBOL, cardText, isRed, playText } from "./cards.js";
import { declarationKey, questionKey } from "./declaring.js";

const SEATS = "SENW";
const PLACES = ["bottom", "right", "top", "left"]; // from the seat at the bottom, in playing order
const team = (code) => t("team_" + code);
const teamOf = (seat) => ("SN".includes(seat) ? "SN" : "EW");
const cardsText = (cards) => cards.map(cardText).join(" ");
const button = (id, text, click, extra = {}) => el("button", { type: "button", id, on: { click }, ...extra }, text);

export function render(ctrl) {
  const v = ctrl.view;
  if (!v) return;
  document.title = t("room_page_title", { room: v.room });
  $("room-title").textContent = v.you ? t("room_title_seat", { seat: v.you }) : t("room_title_watch");
  renderConnection(ctrl);
  $("score").replaceChildren(...scoreTags(v));
  $("notes").replaceChildren(...noteParts(ctrl));
  $("ask").replaceChildren(...askParts(ctrl));
  const done = v.phase === "over" || v.phase === "finished"; // the hand turned up below takes the table's place
  $("ring").hidden = done;
  renderRing(ctrl);
  $("mine").replaceChildren(...mineParts(ctrl));
  if (done) $("mine").hidden = true;
  const after = afterParts(ctrl);
  $("after").hidden = !after.length; $("after").replaceChildren(...after);
  const host = v.host ? hostParts(ctrl) : [];
  $("host").hidden = !host.length; $("host").replaceChildren(...host);
}

// The line under the bar: whose turn it is (yours in yellow), the clock, and the connection.
export function renderConnection(ctrl) {
  const v = ctrl.view;
  $("conn").textContent = ctrl.connected ? t("room_connected") : ctrl.refused ? t("room_refused") : t("room_reconnecting");
  if (!v) return;
  const yours = Boolean(v.question);
  const turn = $("turn");
  turn.className = "turn" + (yours ? " yours" : "");
  const kids = [span(turnText(v), "what")];
  if (ctrl.deadline && (yours || v.waiting_for)) {
    kids.push(span(t("room_seconds", { n: Math.max(0, Math.ceil((ctrl.deadline - Date.now()) / 1000)) }), "clock"));
  }
  turn.replaceChildren(...kids);
}

function turnText(v) {
  if (v.phase === "lobby") return t(v.host ? "room_lobby_host" : "room_lobby");
  if (v.question) return t("room_your_" + v.question.kind, { n: v.question.size || 0 });
  if (v.phase === "over") return t("room_hand_over", { n: v.last_hand ? v.last_hand.number : v.hand });
  if (v.phase === "finished") return t("room_finished");
  if (v.phase === "dealing") return t("room_dealing");
  if (v.phase === "jokers") return t("room_jokers_round");
  const who = v.waiting_for, seat = who && v.seats[SEATS.indexOf(who)];
  if (!seat) return "";
  return t(seat.human ? "room_waiting" : "room_waiting_computer", { seat: who });
}

function scoreTags(v) {
  const s = v.state, tags = [t("room_hand", { n: Math.max(1, v.hand) }) + (v.max_hands ? ` / ${v.max_hands}` : "")];
  tags.push(t("whole_chip", { sn: s.levels[0], ew: s.levels[1] }));
  const table = v.table;
  if (table) {
    tags.push(t("dealer", { seat: table.dealer }), t("level", { level: table.level === "T" ? "10" : table.level }));
    if (table.trump) tags.push(t("trump", { trump: SUIT_SYMBOL[table.trump] }));
    tags.push(t("points", { points: table.points }));
  } else if (s.dealer) {
    tags.push(t("dealer", { seat: s.dealer }));
  }
  if (s.money && (s.money[0] || s.money[1])) tags.push(t("room_money", { sn: s.money[0], ew: s.money[1] }));
  tags.push(t("rules", { rules: s.game_rules }));
  return tags.map((x) => span(x, "tag"));
}

// -- what you must decide ---------------------------------------------------------------------------

// What the table was told this hand: the declaration, 喝血, the bottom shown, 干锅, the jokers buried.
function noteParts(ctrl) {
  const v = ctrl.view, out = [];
  if (v.declaration && v.phase !== "dealing") out.push(el("div", { id: "room-declaration", class: "muted" }, declarationText(v.declaration)));
  const tb = v.table;
  if (tb && tb.tribute) out.push(el("div", { id: "room-tribute" }, tb.tribute));
  if (tb && tb.kitty_shown) out.push(el("div", { id: "room-kitty" }, t("whole_kitty_shown", { cards: cardsText(tb.kitty_shown) })));
  if (tb && tb.ganguo) out.push(el("div", { id: "room-ganguo" }, t("whole_ganguo")));
  if (tb && tb.told && tb.told.length) out.push(el("div", { id: "room-told" }, tb.told.join(LANG === "zh" ? "" : " ")));
  if (v.timed_out.length) {
    const last = v.timed_out[v.timed_out.length - 1];
    out.push(el("div", { class: "muted" }, t("room_timed_out", { seat: last.seat })));
  }
  return out;
}

function askParts(ctrl) {
  const v = ctrl.view, q = v.question, out = [], tb = v.table;
  $("ask").classList.toggle("acting", Boolean(q && (q.kind === "play" || q.kind === "bury")));
  if (v.phase === "lobby" && v.you) { // before the game: the name the table shows for your seat
    const me = v.seats[SEATS.indexOf(v.you)];
    const input = el("input", { id: "room-name", maxlength: "24", value: me.name || "", "aria-label": t("room_your_name") });
    out.push(el("label", {}, t("room_your_name"), " ", input), " ",
      button("room-name-save", t("room_save_name"), () => ctrl.rename(input.value)));
  }
  if (!q) return out;
  if (q.kind === "declare") {
    const shown = { kind: q.showing, jokers: q.jokers, cards: q.cards, declarer: q.overrides };
    const args = { declarer: q.overrides, cards: cardsText(q.cards), suit: q.cards.length ? SUIT_SYMBOL[q.cards[0][0]] || "" : "" };
    out.push(el("div", { id: "room-question" }, t(questionKey(shown, !v.state.dealer), args)),
      el("div", { class: "muted" }, t("whole_cards_so_far", { cards: cardsText(q.received) })));
    const buttons = [];
    if (q.showing === "any") for (const suit of "SHDC") buttons.push(button("room-suit-" + suit, t("whole_name_suit", { suit: SUIT_SYMBOL[suit] }), () => ctrl.act("declare", suit)));
    else buttons.push(button("room-yes", t(q.overrides ? "whole_yes_override" : "whole_yes"), () => ctrl.act("declare", true)));
    buttons.push(button("room-no", t(q.overrides ? "whole_no_override" : "whole_no"), () => ctrl.act("declare", false)));
    out.push(el("div", { class: "buttons" }, buttons));
  } else if (q.kind === "jokers") {
    out.push(el("div", { id: "room-question" }, t("room_jokers_question", { limit: q.limit, n: q.bottom_jokers })));
    const buttons = [];
    for (let n = q.least; n <= q.limit; n++) buttons.push(button("room-jokers-" + n, t("room_jokers_n", { n }), () => ctrl.act("jokers", n)));
    out.push(el("div", { class: "buttons" }, buttons));
  } else if (q.kind === "bury") {
    const picked = pickedCards(ctrl);
    out.push(el("div", { id: "room-question" }, t(q.fast ? "room_bury_fast" : "room_bury_question", { n: q.size, picked: picked.length })),
      el("div", { class: "buttons" }, button("room-bury", t("bury_button"), () => ctrl.act("bury", picked.join(" ")), { disabled: picked.length !== q.size }),
        button("room-clear", t("clear"), () => ctrl.clearPicked())));
  } else if (q.kind === "play") {
    const picked = pickedCards(ctrl), chosen = matchingPlay(tb.legal, picked);
    out.push(el("div", { class: "buttons" },
      button("room-play", chosen ? t("room_play_this", { play: playText(chosen) }) : t("play_button"), () => ctrl.act("play", chosen), { disabled: !chosen }),
      button("room-clear", t("clear"), () => ctrl.clearPicked())));
    out.push(el("div", { class: "muted" }, t("room_legal")),
      el("div", { class: "legal", id: "room-legal" }, tb.legal.map((p, i) => button("room-legal-" + i, playText(p), () => ctrl.act("play", p), { class: cardClass(p.split(" ")[0]) }))));
  }
  return out;
}

function declarationText(d) {
  return t(declarationKey(d), { seat: d.seat, declarer: d.overrode, trump: SUIT_SYMBOL[d.trump], cards: cardsText(d.cards || []) });
}

const sortKey = (cards) => [...cards].sort().join(" ");
function matchingPlay(legal, picked) {
  if (!picked.length) return null;
  const want = sortKey(picked);
  return legal.find((p) => sortKey(p.split(" ")) === want) || null;
}
const cardClass = (tok) => (isRed(tok) ? "red" : "");

// -- the ring of seats and the trick ------------------------------------------------------------------

function renderRing(ctrl) {
  const v = ctrl.view, bottom = v.you || "S", at = SEATS.indexOf(bottom);
  const placeOf = (seat) => PLACES[(SEATS.indexOf(seat) - at + 4) % 4];
  $("ring").classList.toggle("watching", !v.you);
  $("seat-bottom").hidden = Boolean(v.you); // a seat's own hand is below the table; a spectator sees S here
  for (const seat of SEATS) {
    const place = placeOf(seat);
    if (place === "bottom" && v.you) continue;
    $("seat-" + place).replaceChildren(...seatParts(v, seat));
    $("seat-" + place).className = "seat " + place + (v.waiting_for === seat ? " waiting" : "");
  }
  const tb = v.table, center = [];
  if (tb && tb.trick.length) {
    for (const p of tb.trick) center.push(el("div", { class: "tplay t-" + placeOf(p.seat) }, span(seatText(p.seat), "who"), " ", playText(p.play)));
  } else if (tb && tb.last_trick) { // the trick just finished stays, faded, until the next play
    const last = tb.last_trick;
    for (const p of last.plays) center.push(el("div", { class: "tplay done t-" + placeOf(p.seat) + (p.seat === last.winner ? " winner" : "") }, span(seatText(p.seat), "who"), " ", playText(p.play)));
    center.push(el("div", { class: "t-mid", id: "room-trick-taken" }, t("trick_taken", { winner: last.winner, points: last.points })));
  }
  $("center").replaceChildren(...center);
}

function seatParts(v, seat) {
  const s = v.seats[SEATS.indexOf(seat)], tb = v.table, hand = tb && tb.hands[seat];
  const role = !s.human ? t("room_computer") : s.joined ? (s.name || t("room_person")) : t("room_open_seat");
  const kids = [el("div", { class: "who" }, seatText(seat), " ", span(role, "role"),
    tb && tb.dealer === seat ? span(" · " + t("room_dealer_mark"), "role") : null,
    s.ready && v.phase === "over" ? span(" ✓", "role") : null)];
  if (hand && hand.count !== null) kids.push(el("div", { class: "what" }, t("room_cards", { n: hand.count })));
  if (tb && tb.voids && tb.voids[seat]) kids.push(el("div", { class: "what" }, t("room_void", { suits: tb.voids[seat].map((x) => SUIT_SYMBOL[x]).join(" ") })));
  return kids;
}

// -- your hand ----------------------------------------------------------------------------------------

// Your cards as the view gives them (by effective suit, trumps first), then the kitty while you bury.
export function handCards(v) {
  const tb = v.table;
  if (!tb || !v.you) return [];
  const mine = tb.hands[v.you], cards = [];
  if (mine && mine.visible) for (const row of mine.suits) for (const c of row.cards) cards.push({ card: c, suit: row.suit });
  if (tb.kitty && tb.before_bury) for (const c of tb.kitty) cards.push({ card: c, suit: "kitty" });
  return cards;
}
const pickedCards = (ctrl) => handCards(ctrl.view).filter((_, i) => ctrl.picked.has(i)).map((x) => x.card);

function mineParts(ctrl) {
  const v = ctrl.view;
  if (!v.you) {
    $("mine").hidden = true;
    return [];
  }
  const cards = handCards(v), q = v.question;
  $("mine").hidden = !cards.length && !v.table;
  const choosing = q && (q.kind === "bury" || q.kind === "play");
  const kids = [el("div", { class: "who" }, t("room_your_hand", { seat: v.you }),
    v.table && v.table.dealer === v.you ? span(" · " + t("room_dealer_mark"), "role") : null)];
  let row = null, suit = null;
  cards.forEach((x, i) => {
    if (x.suit !== suit) {
      suit = x.suit;
      row = el("div", { class: "suit-row" }, span(suit === "kitty" ? t("room_kitty") : (suit === "T" ? t("suit_T") : SUIT_SYMBOL[suit]), "suit-label" + (suit === "kitty" ? " kitty-label" : "")));
      kids.push(row);
    }
    const cls = "card" + (isRed(x.card) ? " red" : "") + (ctrl.picked.has(i) ? " selected" : "");
    row.append(el("button", { type: "button", class: cls, "data-card": x.card, disabled: !choosing, on: { click: () => ctrl.toggle(i) } }, cardText(x.card)));
  });
  const tb = v.table;
  if (tb && tb.bottom && !tb.before_bury) kids.push(el("div", { class: "what" }, t("room_bottom_yours", { cards: cardsText(tb.bottom), points: tb.bottom_points })));
  return kids;
}

// -- after the hand: every card turned up, the record, the review -------------------------------------------

function afterParts(ctrl) {
  const v = ctrl.view, h = v.last_hand;
  if (!h) return [];
  const r = h.result, s = v.state, out = [el("h2", {}, t("room_hand_done", { n: h.number }))];
  out.push(el("div", { id: "room-result" }, t("result", { points: r.points, dug: r.dug ? t("dug") : "", outcome: outcomeText(...r.outcome.split(" ")) })));
  if (r.why) out.push(el("div", { class: "muted" }, r.why));
  out.push(el("div", {}, t("room_bottom_all", { cards: cardsText(h.bottom), points: h.bottom_points })));
  if (s.over) {
    out.push(el("div", { id: "room-winner" }, t(s.passed ? "whole_won_passed" : "whole_won_outright", { team: team(s.winner), top: s.top, n: s.hands })));
    if (v.you) out.push(el("div", {}, t(s.winner === teamOf(v.you) ? "whole_you_won" : "whole_you_lost")));
  } else if (s.dealer && v.phase === "over") {
    out.push(el("div", {}, t("room_next_dealer", { sn: s.levels[0], ew: s.levels[1], seat: s.dealer })));
  }
  const actions = [];
  if (v.phase === "over" && v.you) {
    const me = v.seats[SEATS.indexOf(v.you)];
    actions.push(button("room-ready", me.ready ? t("room_waiting_others") : t("whole_next"), () => ctrl.ready(), { disabled: me.ready }));
  }
  if (v.phase === "over" && v.host) actions.push(button("room-deal-now", t("room_deal_now"), () => ctrl.ready(true)));
  actions.push(el("a", { href: ctrl.recordUrl(h.number), id: "room-download-hand", download: "" }, t("room_download_hand")),
    el("a", { href: ctrl.recordUrl("game"), id: "room-download-game", download: "" }, t("room_download_game")));
  actions.push(button("room-review", t("game_review"), () => ctrl.startReview(h.number), { disabled: Boolean(ctrl.review && ctrl.review.hand === h.number) }));
  out.push(el("div", { class: "actions" }, actions));
  if (ctrl.review && ctrl.review.hand === h.number) out.push(reviewParts(ctrl, v));
  out.push(el("h2", {}, t("room_hands_dealt")),
    el("div", { class: "hands" }, SEATS.split("").map((seat) => el("div", { class: "hand" }, el("div", { class: "who" }, seatText(seat), seat === h.dealer ? " · " + t("room_dealer_mark") : ""),
      ...h.hands[seat].suits.map((row) => el("div", { class: "suit-row" }, span(row.suit === "T" ? t("suit_T") : SUIT_SYMBOL[row.suit], "suit-label"), span(cardsText(row.cards), "cards")))))));
  out.push(el("details", {}, el("summary", {}, t("room_tricks")),
    el("ol", { class: "tricks" }, h.tricks.map((tr) => el("li", {}, tr.plays.map((p) => `${seatText(p.seat)} ${playText(p.play)}`).join(t("list_sep")), " ", t("trick_won", { winner: tr.winner, points: tr.points }))))));
  return out;
}

const CLASS_KEYS = ["inaccuracy", "mistake", "blunder"];
function reviewParts(ctrl, v) {
  const rv = ctrl.review, box = el("div", { class: "review", id: "room-review-box" });
  if (rv.state === "error") { box.append(t("room_review_failed", { error: rv.error || "" })); return box; }
  if (!rv.result) {
    box.append(rv.total ? t("room_review_progress", { n: rv.done || 0, total: rv.total }) : t("room_review_starting"));
    return box;
  }
  const summary = rv.result.summary || {};
  const head = el("tr", {}, [t("who"), t("accuracy"), t("class_best"), t("class_good"), t("column_inaccuracy"), t("column_mistake"), t("column_blunder")].map((x) => el("th", {}, x)));
  const rows = SEATS.split("").filter((s) => summary[s]).map((s) => {
    const x = summary[s];
    return el("tr", { class: s === v.you ? "you" : "" }, el("td", {}, seatText(s)), el("td", {}, x.accuracy === null ? "—" : Math.round(x.accuracy)),
      el("td", {}, x.best), el("td", {}, x.good), ...CLASS_KEYS.map((k) => el("td", {}, x[k])));
  });
  box.append(el("h2", {}, t("room_review_title")), el("table", {}, head, ...rows));
  if (v.you) {
    const flagged = (rv.result.plays || []).filter((p) => p.seat === v.you && CLASS_KEYS.includes(p.class));
    box.append(el("div", { id: "room-your-flags" }, flagged.length ? t("room_your_flags", { n: flagged.length }) : t("room_no_flags")));
    if (flagged.length) box.append(el("ul", {}, flagged.map((p) => el("li", {}, t("room_flag", { trick: p.trick, play: playText(p.play), grade: t("class_" + p.class), best: playText(p.best_play || "") })))));
  }
  return box;
}

// -- the host's controls ------------------------------------------------------------------------------

function hostParts(ctrl) {
  const v = ctrl.view, out = [el("h2", {}, t("room_host_title"))];
  if (v.phase === "lobby") {
    out.push(el("p", { class: "muted" }, t("room_host_help")),
      button("room-start", t("room_start"), () => ctrl.host("start")));
  }
  for (const s of v.seats) {
    const line = el("div", { class: "seat-line", "data-seat": s.seat }, el("strong", {}, seatText(s.seat)),
      span(!s.human ? t("room_computer") + ` (${s.policy})` : s.joined ? (s.name || t("room_person")) : t("room_open_seat")));
    if (s.seat !== v.you) {
      line.append(s.human ? button("room-computer-" + s.seat, t("room_give_computer"), () => ctrl.host("seat", { target: s.seat, human: false }))
        : button("room-person-" + s.seat, t("room_give_person"), () => ctrl.host("seat", { target: s.seat, human: true })));
    }
    out.push(line);
  }
  const timer = el("select", { id: "room-timer", on: { change: (e) => ctrl.host("timer", { seconds: e.target.value ? Number(e.target.value) : null }) } },
    ["", "20", "30", "60", "120"].map((x) => el("option", { value: x }, x ? t("room_seconds", { n: x }) : t("room_timer_none"))));
  timer.value = v.timer ? String(v.timer) : "";
  out.push(el("label", {}, t("room_timer"), " ", timer));
  const links = ctrl.links;
  if (links) {
    for (const a of links.addresses) {
      out.push(el("h2", {}, t("room_links", { address: a.base })));
      if (/\/\/(127\.|localhost|\[::1\])/.test(a.base)) out.push(el("p", { class: "muted", id: "room-loopback" }, t("room_loopback")));
      const figures = Object.entries(a.seats).filter(([seat]) => seat !== v.you).map(([seat, link]) => el("figure", { "data-seat": seat },
        el("div", { class: "qr" }), el("figcaption", {}, seatText(seat), " ", el("a", { href: link, class: "link", target: "_blank", rel: "noreferrer" }, t("room_open_link")),
          " ", button("room-copy-" + seat, t("room_copy"), () => navigator.clipboard && navigator.clipboard.writeText(link)))));
      figures.forEach((f) => { f.querySelector(".qr").innerHTML = a.qr[f.dataset.seat]; }); // the server's own SVG
      out.push(el("div", { class: "qrs" }, figures), el("div", { class: "link" }, t("room_spectators", { link: a.watch })));
    }
  }
  return out;
}

// -- a new table (the host's form) ---------------------------------------------------------------------------

export function renderNewTable(ctrl) {
  const box = $("new-table");
  box.hidden = false;
  $("room-title").textContent = t("room_new_title");
  const presets = ["standard", "000", "001", "003", "004"];
  const rules = el("select", { id: "new-rules" }, presets.map((p) => el("option", { value: p }, t("game_rules_" + (p === "standard" ? "002" : p)))));
  const hands = el("select", { id: "new-hands" }, el("option", { value: "" }, t("game_whole")), el("option", { value: "1" }, t("game_one_hand")));
  const policy = el("select", { id: "new-policy" }, ["advise", "fair", "random"].map((p) => el("option", { value: p }, t("policy_" + p))));
  const seat = el("select", { id: "new-seat" }, [...SEATS.split("").map((s) => el("option", { value: s }, seatText(s))), el("option", { value: "" }, t("room_no_seat"))]);
  const timer = el("select", { id: "new-timer" }, ["", "30", "60", "120"].map((x) => el("option", { value: x }, x ? t("room_seconds", { n: x }) : t("room_timer_none"))));
  const create = () => ctrl.create({ game_rules: rules.value, hands: hands.value ? Number(hands.value) : null, policy: policy.value,
    seat: seat.value || null, timer: timer.value ? Number(timer.value) : null });
  box.replaceChildren(el("h2", {}, t("room_new_title")), el("p", { class: "muted" }, t("room_new_help")),
    el("label", {}, t("game_rules"), " ", rules), el("label", {}, t("game_length"), " ", hands),
    el("label", {}, t("room_new_computer"), " ", policy), el("label", {}, t("room_new_seat"), " ", seat),
    el("label", {}, t("room_timer"), " ", timer), button("new-create", t("room_new_create"), create));
  for (const id of ["score", "turn", "ring", "mine"]) $(id).hidden = true;
}
