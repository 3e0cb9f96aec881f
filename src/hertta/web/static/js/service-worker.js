// The service worker (served as /sw.js, so that it looks after every page): the static files
// are kept in a cache named after their version, so a page opens at once and works on a slow
// line; the pages themselves always come from the server when it answers (the server is
// authoritative, and a page carries the player's own game), and from the last copy kept only
// when it does not (a page never kept gets the static offline page). Sockets and the JSON API
// are never touched.
//
// /sw.js puts two constants before this code: VERSION (a hash of every static file, so any
// change of a file makes a new worker and a new cache) and PRECACHE (their paths).
/* global VERSION, PRECACHE */

const STATIC = `hertta-static-${VERSION}`;
const PAGES = "hertta-pages";
const OFFLINE_PAGE = "/static/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== STATIC && n !== PAGES).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function staticFile(request) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request);
  if (kept) return kept;
  const fresh = await fetch(request);
  if (fresh.ok) cache.put(request, fresh.clone());
  return fresh;
}

async function page(request) {
  const cache = await caches.open(PAGES);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) cache.put(request, fresh.clone());
    return fresh;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    // A page never kept: say so in words rather than leave the browser's own error page.
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(request));
  else if (request.mode === "navigate") event.respondWith(page(request));
});
