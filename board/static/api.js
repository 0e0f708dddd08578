// The server: JSON requests, errors shown in one line, and background jobs polled until they end.
import { $ } from "./dom.js";
import { LANG, t } from "./i18n.js";

// This tab's id, sent with every request: on the server the latest request wins within a tab, and tabs
// take turns on the workers. New with each page load (not kept in sessionStorage: a duplicated tab would
// copy it, and two tabs would cancel each other's searches).
export const TAB = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

export async function api(path, body, signal, method = "POST") {
  const init = { method, signal, headers: { "Content-Type": "application/json", "X-Huolong-Tab": TAB } };
  if (LANG) init.headers["X-Huolong-Lang"] = LANG; // the page's language, for the server's error lines
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw Object.assign(new Error(data.error || `HTTP ${response.status}`), { status: response.status });
  return data;
}

export function showError(message) { const e = $("error"); e.textContent = t("error", { message }); e.hidden = false; }
export function clearError() { $("error").hidden = true; }

export const isOver = (state) => ["done", "error", "cancelled"].includes(state);

// Start a job on the server and poll it until it is over (cancelled ones too: their last answer is what
// they had); onUpdate(job) after every poll. Returns the job: {id, progress, state, result, error}.
export async function startJob(kind, root, extra, onUpdate) {
  const { id } = await api("/api/jobs", { kind, root, plays: extra.plays || [], tab: TAB, ...extra });
  const job = { id, progress: [], state: "queued", result: null };
  const poll = async () => {
    try {
      const s = await api(`/api/jobs/${id}?since=${job.progress.length}`, undefined, undefined, "GET");
      job.progress.push(...s.progress); job.state = s.state; job.result = s.result; job.error = s.error;
      onUpdate(job, s.progress);
      if (!isOver(s.state)) setTimeout(poll, 400);
    } catch (e) { showError(e.message); }
  };
  setTimeout(poll, 200);
  return job;
}

export function cancelJob(job) {
  if (job && job.id && !job.cancelAsked) { job.cancelAsked = true; api(`/api/jobs/${job.id}`, undefined, undefined, "DELETE").catch(() => {}); }
}
