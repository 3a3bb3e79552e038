// Longhall's service worker: offline first. Every page and asset the app
// needs is cached at install; requests are answered from the cache first,
// and a page that is not cached falls back to the cached app shell, which
// routes on the client.
const cacheName = "longhall-{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

// The page says when it has rendered (web/longhall.js); until then, or
// for at most a few seconds, the first visit's cache waits so that the
// first visit is not slowed by a second download of everything.
let pageRendered;
const rendered = new Promise((resolve) => { pageRendered = resolve; });
self.addEventListener("message", (event) => {
  if (event.data === "longhall:rendered") {
    pageRendered();
  } else if (event.data === "longhall:update") {
    // A page between games takes the new build (web/longhall.js).
    self.skipWaiting();
  }
});

// The first worker takes the page at once, so that the app works offline
// from the first visit. A new build waits: every open page keeps the build
// it runs (a game is never reloaded under its players), until a page
// between games asks for the new one (the "longhall:update" message) or
// every page of the site has closed.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const first = !self.registration.active;
    if (first) {
      await Promise.race([rendered, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    const cache = await caches.open(cacheName);
    // go-app lists the site root without its trailing slash ("/sub"); under
    // a sub-path that URL only redirects, and a cached redirect cannot
    // answer a navigation. Cache the scope itself ("/sub/") instead.
    const scope = scopeRoot();
    await cache.addAll(resourcesToCache.map((r) => (r + "/" === scope ? scope : r)));
    if (first) {
      await self.skipWaiting();
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  event.respondWith(answer(request));
});

async function answer(request) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) {
    return hit;
  }
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {
      // The app shell renders any route on the client.
      const shell = await cache.match(scopeRoot(), { ignoreSearch: true });
      if (shell) {
        return shell;
      }
    }
    throw err;
  }
}

function scopeRoot() {
  return new URL(self.registration.scope).pathname;
}
