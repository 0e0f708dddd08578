// The page's state: the root, the tree of plays, where we are, the options — all of it in the URL — and
// what the server has answered for the node on screen.
import { showError } from "./api.js";
import { t } from "./i18n.js";

export const SEATS = "SENW";
export const newNode = (play) => ({ p: play, c: [], l: 0 });
// ``plays`` as the first line from the root of an empty tree; the path to its end.
export function addLine(plays) {
  let n = S.tree;
  for (const p of plays) { const c = newNode(p); n.c.push(c); n = c; }
  return plays.map(() => 0);
}

// S: what the URL keeps. st: the rest of the page's state (answers, jobs, modes).
export const S = { root: null, tree: newNode(null), path: [], objective: "outcome", seconds: 3, hide: false, auto: false,
  viewer: "", bottom: "S" };
export const st = { view: null, analysis: null, selection: [], lineShown: false, lastTrickShown: false,
  views: new Map(), analyses: new Map(), kernelReady: false, analyseCtl: null,
  review: null, learn: null, adviceJob: null, buryJob: null, game: null, positions: [], recordPlies: 0, deleted: null };

export function nodeAt(path) { let n = S.tree; for (const i of path) n = n.c[i]; return n; }
export function playsAt(path) { const out = []; let n = S.tree; for (const i of path) { n = n.c[i]; out.push(n.p); } return out; }
export const key = () => JSON.stringify([S.root, playsAt(S.path), S.viewer]);
export const analysisKey = () => key() + "|" + S.objective + "|" + S.seconds;

// The record's own plays: the first child all the way down.
export function mainLine() {
  const out = []; let n = S.tree;
  while (n.c.length && !(st.recordPlies && out.length >= st.recordPlies)) { n = n.c[0]; out.push(n.p); }
  return out;
}
export function mainPath(ply) { return Array(ply).fill(0); }
export function onMainLine() { return S.path.every((i) => i === 0); }
// Whether the child at index i of the node at path is a play of the hand record itself (a record's plays
// are its main line, kept first: they cannot be deleted or demoted, the review and graph are of them).
export const isRecordPlay = (path, i) => i === 0 && path.length < st.recordPlies && path.every((j) => j === 0);

// What the page calls the position on the table: a title the page gave it, else the picker's.
export function rootTitle() {
  const r = S.root;
  if (!r) return "";
  if (r.title) return r.title;
  const p = r.file !== undefined ? st.positions.find((x) => x.index === r.file) : null;
  return p ? p.title : "";
}

export const hiddenHands = () => st.view && Object.values(st.view.hands).some((h) => h.count === null);
export const wantsValues = () => st.view && !st.view.over && !st.view.before_bury && !S.viewer && !hiddenHands();

function b64(s) { return btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); }
function unb64(s) { const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/")); return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))); }
function packTree(n) { return [n.p, n.l, n.c.map(packTree)]; }
function unpackTree(a) { return { p: a[0], l: a[1] || 0, c: (a[2] || []).map(unpackTree) }; }

export function saveUrl() {
  const state = { r: S.root, t: packTree(S.tree), p: S.path, o: S.objective, s: S.seconds, h: S.hide ? 1 : 0,
    a: S.auto ? 1 : 0, v: S.viewer, b: S.bottom };
  history.replaceState(null, "", "#" + b64(JSON.stringify(state)));
}
export function loadUrl() {
  if (location.hash.length < 2) return false;
  try {
    const s = JSON.parse(unb64(location.hash.slice(1)));
    Object.assign(S, { root: s.r, tree: unpackTree(s.t), path: s.p || [], objective: s.o || "outcome", seconds: s.s || 3,
      hide: !!s.h, auto: !!s.a, viewer: s.v || "", bottom: s.b || "S" });
    return true;
  } catch (e) { showError(t("bad_address")); return false; }
}
