// The table for friends: the page's controller. It holds the link's credentials, the live view the
// server sends (server-sent events: every change, the whole sight of this link), the cards picked, and
// the requests; roomview.js draws from it (it is handed this controller, never imports it back).
import { $ } from "./dom.js";
import { api, clearError, showError } from "./api.js";
import { LANG, loadMessages } from "./i18n.js";
import { render, renderNewTable, renderConnection } from "./roomview.js";

const ROOM = decodeURIComponent(location.pathname.split("/").pop() || "");
const STORE = `huolong-room-${ROOM}`;

// The link's credentials, else the ones this browser kept for the table (reopened without its link). A link is
// kept only once the server has taken it (check()): a mistyped one never replaces a good one.
function credentials() {
  const params = new URLSearchParams(location.search), creds = {};
  for (const k of ["seat", "key", "host", "watch"]) if (params.get(k)) creds[k] = params.get(k);
  if (Object.keys(creds).length) return creds;
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
}

export const ctrl = {
  room: ROOM, creds: {}, view: null, picked: new Set(), connected: false, deadline: null, review: null,
  links: null, seatsSeen: null, starting: false, refused: false,
  async act(kind, value) {
    try { clearError(); await api(`/api/room/${ROOM}/act`, { ...ctrl.creds, kind, value }); ctrl.picked.clear(); }
    catch (e) { showError(e.message); }
  },
  async ready(now = false) {
    try { clearError(); await api(`/api/room/${ROOM}/ready`, { ...ctrl.creds, now }); } catch (e) { showError(e.message); }
  },
  async host(action, extra = {}) {
    if (action === "start" && (ctrl.starting || (ctrl.view && ctrl.view.phase !== "lobby"))) return; // pressed twice
    ctrl.starting = action === "start";
    try { clearError(); await api(`/api/room/${ROOM}/host`, { ...ctrl.creds, action, ...extra }); }
    catch (e) { showError(e.message); ctrl.starting = false; }
  },
  async loadLinks() {
    if (!ctrl.creds.host) return;
    try { ctrl.links = await api(`/api/room/${ROOM}/links?${new URLSearchParams(ctrl.creds)}`, undefined, undefined, "GET"); render(ctrl); }
    catch (e) { showError(e.message); }
  },
  async rename(name) {
    localStorage.setItem("huolong-name", name.trim());
    try { clearError(); await api(`/api/room/${ROOM}/join`, { ...ctrl.creds, name: name.trim() }); } catch (e) { showError(e.message); }
  },
  toggle(index) { if (ctrl.picked.has(index)) ctrl.picked.delete(index); else ctrl.picked.add(index); render(ctrl); },
  clearPicked() { ctrl.picked.clear(); render(ctrl); },
  recordUrl(hand) { return `/api/room/${ROOM}/record?${new URLSearchParams({ ...ctrl.creds, hand })}`; },
  async startReview(hand) {
    const poll = async () => {
      if (!ctrl.review || ctrl.review.hand !== hand) return;
      try {
        const r = await api(`/api/room/${ROOM}/review?${new URLSearchParams({ ...ctrl.creds, hand })}`, undefined, undefined, "GET");
        Object.assign(ctrl.review, { state: r.state, result: r.result, error: r.error, ...judged(r) });
        render(ctrl);
        if (!["done", "error", "cancelled"].includes(r.state)) setTimeout(poll, 1500);
      } catch (e) { showError(e.message); }
    };
    try {
      clearError();
      const r = await api(`/api/room/${ROOM}/review`, { ...ctrl.creds, hand });
      ctrl.review = { hand, state: r.state, result: r.result, ...judged(r) };
      render(ctrl);
      if (r.state !== "done") setTimeout(poll, 1000);
    } catch (e) { showError(e.message); }
  },
  async create(form) {
    try {
      clearError();
      const r = await api("/api/rooms", form);
      location.replace(r.host_link);
    } catch (e) { showError(e.message); }
  },
};

// How far a review is: its latest progress item says how many decisions are judged, of how many.
function judged(job) {
  const items = (job.progress || []).filter((p) => p.total !== undefined);
  const last = items[items.length - 1];
  return last ? { done: last.done, total: last.total } : {};
}

let source = null;
function connect() {
  if (source) source.close();
  const query = new URLSearchParams({ ...ctrl.creds, lang: LANG || "" });
  source = new EventSource(`/api/room/${ROOM}/events?${query}`);
  source.addEventListener("view", (e) => {
    const view = JSON.parse(e.data);
    if (ctrl.view && view.hand !== ctrl.view.hand) ctrl.review = null;
    if (ctrl.view && (view.phase !== ctrl.view.phase || view.version !== ctrl.view.version) && view.question?.kind !== "bury") ctrl.picked.clear();
    ctrl.view = view; ctrl.connected = true;
    ctrl.deadline = view.seconds_left !== null && view.seconds_left !== undefined ? Date.now() + view.seconds_left * 1000 : null;
    const seats = JSON.stringify(view.seats.map((x) => [x.human, x.joined]));
    if (view.host && seats !== ctrl.seatsSeen) ctrl.loadLinks(); // a seat given or taken: its links change
    ctrl.seatsSeen = seats;
    render(ctrl);
  });
  source.addEventListener("gone", (e) => { // the host gave this seat to the computer or to a new link
    source.close(); ctrl.connected = false; ctrl.refused = true; renderConnection(ctrl); showError(JSON.parse(e.data).error);
  });
  source.onerror = () => {
    ctrl.connected = false; renderConnection(ctrl);
    if (source.readyState === EventSource.CLOSED) setTimeout(check, 3000); // refused, or the server went away
  };
}

// A link is checked once with a plain request, so that a wrong key says why (an event stream cannot).
async function check() {
  try {
    const seen = await api(`/api/room/${ROOM}/view?${new URLSearchParams(ctrl.creds)}`, undefined, undefined, "GET");
    localStorage.setItem(STORE, JSON.stringify(ctrl.creds));
    ctrl.refused = false; ctrl.view = ctrl.view || seen;
    clearError(); connect();
  } catch (e) {
    showError(e.message); ctrl.connected = false;
    ctrl.refused = e.status === 403 || e.status === 404; // for good: no reconnecting
    renderConnection(ctrl);
    if (!ctrl.refused) setTimeout(check, 3000);
  }
}

// A phone that slept: its stream may be gone; coming back, it reconnects to the same seat and state.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (!source || source.readyState === EventSource.CLOSED)) check();
});
setInterval(() => { if (ctrl.deadline) renderConnection(ctrl); }, 1000);

async function main() {
  await loadMessages().catch((e) => showError(e.message));
  $("lang").addEventListener("change", () => { localStorage.setItem("huolong-lang", $("lang").value); location.reload(); });
  if (ROOM === "new") { renderNewTable(ctrl); return; }
  ctrl.creds = credentials();
  if (ctrl.creds.seat && ctrl.creds.key) {
    api(`/api/room/${ROOM}/join`, { ...ctrl.creds, name: localStorage.getItem("huolong-name") || "" }).catch(() => {});
  }
  check();
}
main();
