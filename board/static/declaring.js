// The words of declaring while dealing, by the showing's kind: the board's whole game and the table for
// friends ask and tell the same.
// The question asked while dealing, by the showing's kind ("the first hand": its declarer deals).
export function questionKey(q, first) {
  if (q.kind === "any") return "whole_question_any";
  if (q.kind === "level") return q.declarer ? "whole_question_level_over" : "whole_question_level";
  if (q.kind === "little") return "whole_question_little";
  if (q.declarer && q.jokers === 1) return "whole_question_over_little";
  if (q.jokers === 2) return first ? "whole_question_two" : "whole_question_two_later";
  return first ? "whole_question_one" : "whole_question_one_later";
}
export function declarationKey(d) {
  if (d.how === "bottom") return "whole_bottom";
  if (d.how === "draw") return "whole_drawn";
  if (d.how === "turn") return "whole_turned";
  if (d.from_bottom) return "whole_from_bottom";
  if (d.how === "big" && !d.cards.some((c) => c !== "BJ") && d.cards.length <= 2 && !d.overrode && d.jokers === 1)
    return "whole_declared";
  if (d.how === "big" && d.jokers === 2 && d.overrode && d.cards.length === 2) return "whole_overrode";
  if (d.added) return "whole_added_cards";
  return d.overrode ? "whole_overrode_cards" : "whole_declared_cards";
}
