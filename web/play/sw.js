// The service worker of table mode (scope /play, docs/table.md): it keeps
// what a game needs to open without a connection. Every answer it may
// keep is fetched from the network first, so an open connection always
// shows the newest page; only when the network fails does it answer from
// its copy. It keeps the play pages, the static files (scripts, styles,
// fonts) and the record sheets' drawings; the game itself is kept by the
// page (localStorage), with the marks made offline, and is never read
// from here. It holds no game rule.
const CACHE = 'slipway-play-1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const k of await caches.keys()) if (k.startsWith('slipway-play-') && k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

/** keeps reports whether a GET of this path may be answered from the copy. */
function keeps(url) {
  if (url.origin !== self.location.origin) return false;
  const p = url.pathname;
  return p === '/play' || p.startsWith('/play/') || p.startsWith('/static/') || p === '/favicon.ico' ||
    (/^\/api\/v1\/(games\/[^/]+|watch\/[^/]+|play)\/ships\/[^/]+\/sheet\.svg$/).test(p);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (!keeps(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const res = await fetch(req);
      if (res.ok && res.type === 'basic') await cache.put(req, res.clone());
      return res;
    } catch (err) {
      const hit = await cache.match(req, { ignoreVary: true, ignoreSearch: url.pathname.startsWith('/play') });
      if (hit) return hit;
      throw err;
    }
  })());
});

// A page that opened before this worker controlled it sends the addresses
// it loaded (the page, its modules, styles, fonts and sheets), so that
// they are kept too.
self.addEventListener('message', (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const u of urls.slice(0, 200)) {
      let url;
      try { url = new URL(u, self.location.origin); } catch { continue; }
      if (!keeps(url) || await cache.match(url.href, { ignoreVary: true })) continue;
      try {
        const res = await fetch(url.href, { credentials: 'same-origin' });
        if (res.ok) await cache.put(url.href, res);
      } catch { /* offline: kept next time */ }
    }
    if (event.source) event.source.postMessage({ kept: true });
  })());
});
