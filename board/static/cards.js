// Cards as the page draws them: ♠A, ♥10, 大王 (the tokens are the files' own: SA, HT, BJ).
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", T: "★" };
export const RANK_ORDER = "AKQJT98765432";

export function cardText(tok) {
  if (tok === "BJ") return "大王";
  if (tok === "LJ") return "小王";
  return SUIT_SYMBOL[tok[0]] + (tok[1] === "T" ? "10" : tok[1]);
}
export function rankText(tok) {
  if (tok === "BJ") return "大王";
  if (tok === "LJ") return "小王";
  return tok[1] === "T" ? "10" : tok[1];
}
export const isRed = (tok) => tok === "BJ" || tok[0] === "H" || tok[0] === "D";
export const playText = (play) => play.split(" ").map(cardText).join(" ");
// A mean ± its standard error, as the CLI rounds them.
export function pm(value, se, digits) {
  if (value === null || value === undefined) return "—";
  return se === null || se === undefined ? value.toFixed(digits) : `${value.toFixed(digits)} ± ${se.toFixed(digits)}`;
}
