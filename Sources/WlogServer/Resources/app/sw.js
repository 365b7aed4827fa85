// wlog's service worker: the app shell from the cache (the files /app/config.json names, one
// cache per version, so a new server's app replaces the old at its next start), and API reads
// network-first with the last answer as the fallback offline. Writes are never touched: the
// page's queue (queue.js) keeps and resends them.
const SHELL = "wlog-shell-", API = "wlog-api";
const version = new URL(location.href).searchParams.get("v") ?? "0";

self.addEventListener("install", (event) => event.waitUntil((async () => {
  const response = await fetch("config.json", { cache: "no-store" });
  const config = await response.clone().json();
  const cache = await caches.open(SHELL + version);
  await cache.addAll(["./", ...config.files]);
  await cache.put("config.json", response);
  await self.skipWaiting();
})()));

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith(SHELL) && name !== SHELL + version) await caches.delete(name);
  await self.clients.claim();
})()));

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(cacheName)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName });
    if (!cached) throw error;
    const headers = new Headers(cached.headers);
    headers.set("X-Wlog-Cached", "1");
    return new Response(cached.body, { status: cached.status, headers });
  }
}

async function shell(request) {
  const url = new URL(request.url);
  const key = request.mode === "navigate" ? new URL("./", location.href).href : url.origin + url.pathname;
  const cached = await caches.match(key, { cacheName: SHELL + version });
  return cached ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/api/v1/")) event.respondWith(networkFirst(request, API));
  else if (url.pathname === "/app/config.json") event.respondWith(networkFirst(request, SHELL + version));
  else if (url.pathname.startsWith("/app/")) event.respondWith(shell(request));
});
