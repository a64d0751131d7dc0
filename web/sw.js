// PushBox's service worker: keeps the page, the glue, the game's module and every asset after
// the first visit, so that the game starts with the network off. web/build.sh writes the
// version (a hash of the build's files) and the file list into its copy in web/dist.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `pushbox-${VERSION}`;

// A new build fetches all its files into a cache of its own; the old one keeps serving until
// the page says to switch (between levels, see index.html).
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('message', (event) => {
  if (event.data === 'switch') self.skipWaiting();
});

// The new build in charge: the old builds' caches go.
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('pushbox-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// From the cache when it has the file (the query string, such as a shared level's, is not part
// of the file); else from the network.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
