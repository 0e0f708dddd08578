// Opening a deal file (uploaded or pasted) and entering a deal: kinds × copies left, or typed hands, checked
// as you type; random deals and bot-played-down endgames; export as .hl.
import { $, el, span } from "./dom.js";
import { t, seatText } from "./i18n.js";
import { api } from "./api.js";
import { RANK_ORDER, cardText, isRed } from "./cards.js";
import { SEATS } from "./tree.js";
import { openRoot, openText } from "./main.js";

export function setupOpen() {
  $("open-button").addEventListener("click", () => { $("open-error").hidden = true; $("open-dialog").showModal(); });
  $("open-file").addEventListener("change", async (ev) => { const f = ev.target.files[0]; if (f) $("open-text").value = await f.text(); $("open-text").dataset.name = f ? f.name : ""; });
  $("open-go").addEventListener("click", async () => {
    try { await openText($("open-text").value, $("open-text").dataset.name || t("name_pasted")); $("open-dialog").close(); }
    catch (e) { $("open-error").textContent = t("error", { message: e.message }); $("open-error").hidden = false; }
  });
}

const ED_FIELDS = ["S", "E", "N", "W", "bottom"];
const COPIES = 3; // each card kind is in the three packs three times
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

export function setupEditor() {
  const levels = "3456789TJQKA".split("");
  $("ed-level").replaceChildren(...levels.map((l) => el("option", { value: l }, l === "T" ? "10" : l)));
  $("ed-fields").replaceChildren(...ED_FIELDS.map((f) => el("div", { class: "ed-field" },
    el("label", { class: "check" }, el("input", { type: "radio", name: "ed-target", value: f, checked: f === "S", on: { change: () => { edTarget = f; } } }), " ", f === "bottom" ? t("ed_bottom") : seatText(f)),
    el("input", { type: "text", id: "ed-" + f, placeholder: "-", on: { input: () => checkField(f) } }), el("span", { id: "ed-" + f + "-state" }))));
  const bottomHint = () => { $("ed-bottom").placeholder = $("ed-before-bury").checked ? t("kitty") : t("ed_bottom_optional"); };
  bottomHint();
  $("ed-before-bury").addEventListener("change", bottomHint);
  $("editor-button").addEventListener("click", () => { renderKinds(); $("editor-dialog").showModal(); });
  $("ed-build").addEventListener("click", async () => {
    try { const text = await buildText(); await openRoot({ text, index: 0, name: t("name_editor") }); $("editor-dialog").close(); }
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
// A field may list its cards one by one (黑桃A 红桃10, SA HT): the server reads it, and its hand string is kept
// here for the counters, for the text it was read from.
const read = {};
function fieldHand(f) {
  const text = $("ed-" + f).value || "-";
  if (text.includes(".") || text.trim() === "-") return text;
  return read[f] && read[f].text === text ? read[f].hand : "-";
}
function checkField(f) {
  clearTimeout(checkTimers[f]);
  checkTimers[f] = setTimeout(async () => {
    const state = $("ed-" + f + "-state");
    try {
      const text = $("ed-" + f).value || "-";
      const r = await api("/api/editor/check", { text });
      read[f] = { text, hand: r.hand || "-" };
      state.className = r.ok ? "ok" : "bad"; state.textContent = r.ok ? t("ed_count", { n: r.count, points: r.points }) : r.error;
    } catch (e) { state.className = "bad"; state.textContent = e.message; }
    renderKinds();
  }, 250);
}
function renderKinds() {
  const used = new Map();
  for (const f of ED_FIELDS) for (const tok of tokensOf(fieldHand(f))) used.set(tok, (used.get(tok) || 0) + 1);
  const kinds = [];
  for (const s of "SHDC") for (const r of RANK_ORDER) kinds.push(s + r);
  kinds.push("BJ", "LJ");
  $("ed-kinds").replaceChildren(...kinds.map((tok) => {
    const left = COPIES - (used.get(tok) || 0);
    return el("button", { type: "button", class: (isRed(tok) ? "red" : "") + (left < 0 ? " over" : ""), disabled: left <= 0, "data-kind": tok, on: { click: () => {
      const input = $("ed-" + edTarget); input.value = handString([...tokensOf(fieldHand(edTarget)), tok]); checkField(edTarget); renderKinds(); } } },
    cardText(tok), span(left < 0 ? t("copies_over", { n: -left }) : t("copies_left", { n: left }), "left"));
  }));
  // a card given more often than the packs hold it, in all the fields together: an error, never "-1 left"
  const over = kinds.filter((tok) => (used.get(tok) || 0) > COPIES)
    .map((tok) => t("ed_over", { card: cardText(tok), n: used.get(tok), copies: COPIES }));
  $("ed-over").textContent = over.join("; ");
  $("ed-over").hidden = !over.length;
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
    await openRoot({ text, index: 0, name: t("name_random") });
    $("editor-dialog").close();
  } catch (e) { edError(e.message); }
}
function exportText(text, name) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
  document.body.append(a); a.click(); a.remove();
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}
