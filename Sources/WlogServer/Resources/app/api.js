// The server: /auth/v1 (sign-up, sign-in, refresh) with the anon key from /app/config.json, and
// /api/v1 with the lifter's bearer token. Reads fall back to the last cached answer offline.
import { cacheGet, cachePut } from "./db.js";

const SESSION = "wlog.session";
let config;

export class Offline extends Error {}
/** An answer the server refused (4xx/5xx): `status`, the envelope's `code`, `field`. */
export class Refused extends Error {
  constructor(status, body) {
    const error = body?.error ?? body ?? {};
    const detail = error.details?.[0];
    super(detail ? `${detail.field}: ${detail.message}` : error.message ?? error.msg ?? `HTTP ${status}`);
    Object.assign(this, { status, code: error.code ?? error.error_code, field: detail?.field });
  }
}

export const session = () => JSON.parse(localStorage.getItem(SESSION) || "null");
export const signedIn = () => session() !== null;
export function forget() { localStorage.removeItem(SESSION); }

function keep(answer) {
  const value = { token: answer.access_token, refresh: answer.refresh_token, expires: answer.expires_at * 1000,
    user: answer.user?.id, email: answer.user?.email };
  localStorage.setItem(SESSION, JSON.stringify(value));
  return value;
}

async function fetchOr(url, init) {
  try { return await fetch(url, init); } catch { throw new Offline("offline"); }
}

async function anonKey() {
  config ??= await fetchOr("/app/config.json").then((r) => r.json()).then(async (c) => { await cachePut("config", c); return c; })
    .catch(async (error) => { const c = await cacheGet("config"); if (c) return c; throw error; });
  return config.anonKey;
}

/** POST /auth/v1/PATH (sign-up: "signup"; sign-in: "token?grant_type=password"); keeps the session. */
export async function auth(path, body) {
  const response = await fetchOr("/auth/v1/" + path, { method: "POST",
    headers: { "Content-Type": "application/json", apikey: await anonKey(), "X-Supabase-Api-Version": "2024-01-01" },
    body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(response.status, answer);
  if (!answer.access_token) throw new Refused(400, { message: "the account needs its email confirmed first" });
  return keep(answer);
}

/** A valid access token, refreshed a minute before it expires. */
async function token() {
  const current = session();
  if (!current) throw new Refused(401, { message: "signed out" });
  if (current.expires - Date.now() > 60_000) return current.token;
  try { return (await auth("token?grant_type=refresh_token", { refresh_token: current.refresh })).token; }
  catch (error) { if (error instanceof Offline) return current.token; throw error; }
}

/** `METHOD /api/v1/PATH`: the envelope's data. Throws Offline, or Refused with the server's reason. */
export async function call(method, path, body, idempotencyKey, withSource = false) {
  const headers = { Authorization: "Bearer " + await token() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const response = await fetchOr("/api/v1/" + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Refused(response.status, answer);
  const data = answer?.data ?? null;
  // The service worker marks an answer it gave from its cache because the network failed.
  return withSource ? { data, cached: response.headers.get("X-Wlog-Cached") === "1" } : data;
}

/** GET: the server's answer (kept), else the kept one offline; `{data, cached}`. */
export async function read(path) {
  try {
    const { data, cached } = await call("GET", path, undefined, undefined, true);
    if (!cached) await cachePut("get:" + path, data);
    return { data, cached };
  } catch (error) {
    if (!(error instanceof Offline)) throw error;
    const data = await cacheGet("get:" + path);
    if (data === undefined) throw error;
    return { data, cached: true };
  }
}
