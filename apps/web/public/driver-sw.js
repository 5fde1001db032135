/*
 * The driver app's service worker (scope /driver): keeps the app shell so the installed app opens
 * with no network. The page (features/driver/installable.ts) tells it which files it loaded; it
 * keeps those, and every /assets/ file fetched later (their names change with each build, so a
 * kept one never goes stale). The page itself and the configuration are fetched from the network
 * first and the kept copy is used only without it. API answers are never kept here: the app keeps
 * its day and its outbox itself.
 */
const cacheName = 'dispatch-driver-v1';
const shell = '/driver';
const networkFirst = new Set([
  '/configuration.json',
  '/api/v1/settings/config',
  '/driver.webmanifest',
  '/favicon.svg',
  '/driver-icon-192.png',
  '/driver-icon-512.png',
  '/driver-icon-maskable-512.png',
]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) =>
        Promise.all(
          [shell, '/configuration.json', '/favicon.svg', '/driver-icon-192.png'].map((path) =>
            cache.add(path).catch(() => undefined),
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== cacheName).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page's files: kept, and files of older builds dropped. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.kind !== 'keep' || !Array.isArray(data.files)) return;
  const files = data.files.filter((path) => typeof path === 'string' && path.startsWith('/'));
  event.waitUntil(
    caches.open(cacheName).then(async (cache) => {
      await Promise.all(
        files.map(async (path) => {
          if (path.startsWith('/assets/') && (await cache.match(path))) return;
          await cache.add(path).catch(() => undefined);
        }),
      );
      const keep = new Set(files);
      const kept = await cache.keys();
      await Promise.all(
        kept
          .map((request) => new URL(request.url).pathname)
          .filter((path) => path.startsWith('/assets/') && !keep.has(path))
          .map((path) => cache.delete(path)),
      );
    }),
  );
});

async function fromNetworkFirst(request, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function fromCacheFirst(request) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === shell || url.pathname.startsWith(`${shell}/`)) {
      event.respondWith(fromNetworkFirst(request, shell));
    }
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request));
    return;
  }
  if (networkFirst.has(url.pathname)) {
    event.respondWith(fromNetworkFirst(request, url.pathname));
  }
});
