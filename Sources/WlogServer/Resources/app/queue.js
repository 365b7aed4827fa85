// The offline queue: every write is kept in IndexedDB with a client-made Idempotency-Key before
// it is sent, and sent in the order made, one at a time, whenever the network answers. A retry
// carries the same key (and a set its own client id), so the server appends each write once.
// A resource made offline has a local id ("local:…") until its create is answered; later writes
// naming it are sent with the server's id. docs/WEB.md, "Offline".
import { call, Offline, Refused } from "./api.js";
import { cacheGet, cachePut, queueAdd, queueAll, queueDelete } from "./db.js";

const listeners = new Set();
const state = { online: navigator.onLine, waiting: 0, sent: 0, failed: [] };
let running = null;

export const uuid = () => crypto.randomUUID?.() ??
  "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) => (c ^ crypto.getRandomValues(new Uint8Array(1))[0] & 15 >> c / 4).toString(16));
export const localId = () => "local:" + uuid();
export const status = () => ({ ...state });
export function onChange(listener) { listeners.add(listener); listener(status()); }
function notify() { for (const listener of listeners) listener(status()); }

async function ids() { return (await cacheGet("ids")) ?? {}; }
/** The server's id of `id` once its create was answered, else `id` itself. */
export async function resolve(id) { return (await ids())[id] ?? id; }
function swap(text, map) { return text.replace(/local:[0-9a-f-]{36}/g, (local) => map[local] ?? local); }
/** A body's ids swapped as a path's; `hex:local:…` (an event line's id) becomes the server's id
 * as the journal writes it: 32 hex digits without dashes. */
function swapBody(body, map) {
  if (body === undefined) return undefined;
  return JSON.parse(JSON.stringify(body).replace(/(hex:)?(local:[0-9a-f-]{36})/g, (text, hex, local) =>
    map[local] === undefined ? text : hex ? map[local].replace(/-/g, "") : map[local]));
}
/** `id` as a path segment: a local id as it is (`swap` finds it), a server id encoded. */
export const pathId = (id) => (id.startsWith("local:") ? id : encodeURIComponent(id));
/** The id of `id` for an event line: the journal's form of a server id, or a local id marked for `swapBody`. */
export const journalId = (id) => (id.startsWith("local:") ? "hex:" + id : id.replace(/-/g, ""));

/** Keeps `write` ({method, path, body, localId, label}) and starts sending; resolves once it is kept. */
export async function enqueue(write) {
  await queueAdd({ ...write, key: uuid(), made: new Date().toISOString() });
  state.waiting = (await queueAll()).length;
  notify();
  flush();
}

/** Sends what waits, in order; stops at the first write the network does not carry. */
export function flush() {
  running ??= send().finally(() => { running = null; });
  return running;
}

async function send() {
  const map = await ids();
  for (const entry of await queueAll()) {
    try {
      const answer = await call(entry.method, swap(entry.path, map), swapBody(entry.body, map), entry.key);
      if (entry.localId && answer?.id) { map[entry.localId] = answer.id; await cachePut("ids", map); }
      state.online = true;
    } catch (error) {
      if (error instanceof Offline) { state.online = false; break; }
      if (!(error instanceof Refused) || error.status === 401 || error.status === 429 || error.status >= 500) break;
      // Refused for good (docs/SYNC.md: the server's journal decides): a DELETE of what is gone
      // is done; anything else is dropped and said, never retried forever.
      if (!(entry.method === "DELETE" && error.status === 404)) state.failed.push(`${entry.label ?? entry.path}: ${error.message}`);
    }
    await queueDelete(entry.seq);
    state.sent += 1;
    state.waiting = (await queueAll()).length;
    notify();
  }
  state.waiting = (await queueAll()).length;
  notify();
  return state.waiting;
}

/** Read on start: what waits from an earlier visit; sends it. */
export async function start() {
  state.waiting = (await queueAll()).length;
  addEventListener("online", () => { state.online = true; notify(); flush(); });
  addEventListener("offline", () => { state.online = false; notify(); });
  setInterval(() => { if (state.waiting > 0) flush(); }, 10_000);
  notify();
  flush();
}

/** Takes the messages of writes the server refused (shown once). */
export function takeFailed() { return state.failed.splice(0); }
