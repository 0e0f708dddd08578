// Every sentence the page shows, by key: the server sends them in the page's language (board/messages.py,
// the catalog the CLI reads too); until they arrive a key shows as itself.
import { $, el } from "./dom.js";
import { api } from "./api.js";

export let MSG = {};
// The language the page asked for with its switch ("" until the user picks one: the browser's then).
export let LANG = localStorage.getItem("huolong-lang") || "";
const SEAT_VARS = new Set(["seat", "winner", "declarer"]);

export const seatText = (s) => t("seat_" + s);
// An outcome (its name, as JSON gives it, and levels) in words: 抓分方上台升级 1.
// "attackers-up 1" / "抓分方上台并升 1 级": the levels where the language puts them.
export const outcomeText = (name, levels) => levels && Number(levels)
  ? (MSG["outcome_" + name + "_n"] ? t("outcome_" + name + "_n", { n: levels }) : t("outcome_" + name) + " " + levels)
  : t("outcome_" + name);

export function t(key, vars = {}) {
  const show = (k, v) => (SEAT_VARS.has(k) && /^[SENW]$/.test(v) ? (MSG["seat_" + v] || v)
    : k === "a" ? String(v).split("–").map((x) => MSG["seat_" + x] || x).join("–") : String(v));
  return (MSG[key] || key).replace(/\{(\w+)\}/g, (_, k) => (k in vars ? show(k, vars[k]) : `{${k}}`));
}

export async function loadMessages() {
  const r = await api("/api/messages", undefined, undefined, "GET");
  MSG = r.messages; LANG = r.lang;
  document.documentElement.lang = LANG === "zh" ? "zh-CN" : "en";
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const e of document.querySelectorAll("[data-t-title]")) e.title = t(e.dataset.tTitle);
  for (const e of document.querySelectorAll("[data-t-placeholder]")) e.placeholder = t(e.dataset.tPlaceholder);
  const pick = $("lang");
  pick.replaceChildren(...Object.entries(r.languages).map(([code, name]) => el("option", { value: code }, name)));
  pick.value = LANG;
}
