// Cards as the page draws them: ♠A, ♥10, BJ or 大王 by the page's language (the tokens are the files' own:
// SA, HT, BJ).
import { t } from "./i18n.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", T: "★" };
export const RANK_ORDER = "AKQJT98765432";

// A suit in a list (a seat's known voids): the trumps as the terminal names their row (★, 主 in Chinese).
const named = (key, fallback) => { const name = t(key); return name === key ? fallback : name; }; // before messages load
export const suitText = (s) => (s === "T" ? named("suit_T", SUIT_SYMBOL.T) : SUIT_SYMBOL[s]);
const JOKERS = new Set(["BJ", "LJ"]);
const jokerText = (tok) => named("card_" + tok, tok);

export function cardText(tok) {
  if (JOKERS.has(tok)) return jokerText(tok);
  return SUIT_SYMBOL[tok[0]] + (tok[1] === "T" ? "10" : tok[1]);
}
export function rankText(tok) {
  if (JOKERS.has(tok)) return jokerText(tok);
  return tok[1] === "T" ? "10" : tok[1];
}
export const isRed = (tok) => tok === "BJ" || tok[0] === "H" || tok[0] === "D";
export const playText = (play) => play.split(" ").map(cardText).join(" ");
// A mean ± its standard error, as the CLI rounds them.
export function pm(value, se, digits) {
  if (value === null || value === undefined) return "—";
  return se === null || se === undefined ? value.toFixed(digits) : `${value.toFixed(digits)} ± ${se.toFixed(digits)}`;
}
