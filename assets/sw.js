// The shop's service worker (issue 19: a shop that survives a flaky connection), served from
// the site root as /sw.js so that it controls every page. Registered by assets/offline.js in
// production builds only. The build (grocer/web/service_worker.py) replaces the BUILD line
// below with this build's version, the files to precache (the home page and the hashed
// scripts and styles the pages start with) and the offline page's texts in the four languages.
//
// What it does with each request (same origin, GET; anything else goes to the network as is):
// - pages (navigations): stale-while-revalidate: a page seen before is answered from the cache
//   at once and refreshed behind; offline, a page never seen gets the offline page. The server
//   writes a page in the shopper's language (its Content-Language): a cached page in another
//   language than the one the page last told the worker is not shown while the network answers;
// - /assets/ (hashed names, never change): cache first;
// - pictures (/img/): cache first, refreshed after an hour, at most MAX_PICTURES kept;
// - translations, icons and the public catalogue API (the category tree, listings):
//   stale-while-revalidate.
// The websocket (Reflex's state) cannot be cached: the page says so in its banner.
const BUILD = {"version": "dev", "precache": [], "offline": {}}; // @grocer-build

const PREFIX = "grocer-";
const SHELL = `${PREFIX}shell-${BUILD.version}`;
const PAGES = `${PREFIX}pages-${BUILD.version}`;
const DATA = `${PREFIX}data-${BUILD.version}`;
const PICTURES = `${PREFIX}pictures`;
const META = `${PREFIX}meta`;
const KEEP = new Set([SHELL, PAGES, DATA, PICTURES, META]);
const MAX_PAGES = 60;
const MAX_DATA = 120;
const MAX_PICTURES = 200;
const PICTURE_MAX_AGE_MS = 3600 * 1000;
const LANGUAGE_KEY = "/__grocer-language";
const PUBLIC_API = ["/api/v1/categories", "/api/v1/web-ui/", "/api/v1/articles"];
const STATIC_DATA = ["/locales/", "/leaflet/", "/favicon.ico"];
const PASS_THROUGH = ["/_event", "/_upload", "/ping", "/_health", "/sw.js"];
// The server's answers vary on Origin (CORS) and Accept-Encoding; a module script asks with an
// Origin that the worker's own precache request had not, and the content is the same.
const MATCH = { ignoreVary: true };

self.addEventListener("install", (event) => {
  // One file failing (a flaky link) must not stop the others: the rest is cached as it is used.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) =>
        Promise.allSettled(
          BUILD.precache.map((url) =>
            // Hashed files come from the HTTP cache when the page has just loaded them.
            fetch(url, { cache: url.startsWith("/assets/") ? "default" : "no-cache" }).then(
              (res) => (res.ok ? cache.put(url, res) : null),
            ),
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // A new build's worker drops the previous build's pages and files (their scripts are gone
  // from the server); pictures and the language hint stay.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && !KEEP.has(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page tells the worker the shopper's language (localStorage is not readable here), for
// the offline page.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "grocer-language" && typeof data.language === "string") {
    event.waitUntil(
      caches
        .open(META)
        .then((cache) => cache.put(LANGUAGE_KEY, new Response(data.language.slice(0, 8)))),
    );
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (PASS_THROUGH.some((prefix) => path.startsWith(prefix))) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (path.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request, SHELL));
  } else if (path.startsWith("/img/")) {
    event.respondWith(picture(event, request));
  } else if (STATIC_DATA.some((prefix) => path.startsWith(prefix))) {
    event.respondWith(staleWhileRevalidate(event, request, DATA, MAX_DATA));
  } else if (
    PUBLIC_API.some((prefix) => path.startsWith(prefix)) &&
    !request.headers.has("Authorization")
  ) {
    event.respondWith(staleWhileRevalidate(event, request, DATA, MAX_DATA));
  }
});

function cacheable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected;
}

async function remember(cacheName, request, response, limit) {
  const cache = await caches.open(cacheName);
  await cache.delete(request, MATCH); // re-inserted last: the oldest entries go first (LRU-ish)
  await cache.put(request, response);
  if (limit) {
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((k) => cache.delete(k)));
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request, MATCH);
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await remember(cacheName, request, response.clone());
  return response;
}

async function staleWhileRevalidate(event, request, cacheName, limit) {
  const cached = await caches.match(request, MATCH);
  const fresh = fetch(request).then(async (response) => {
    if (cacheable(response)) await remember(cacheName, request, response.clone(), limit);
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}

async function picture(event, request) {
  const cached = await caches.match(request, { ...MATCH, cacheName: PICTURES });
  const refresh = () =>
    fetch(request).then(async (response) => {
      if (cacheable(response)) await remember(PICTURES, request, response.clone(), MAX_PICTURES);
      return response;
    });
  if (!cached) return refresh();
  const date = Date.parse(cached.headers.get("date") || "");
  if (!(date > Date.now() - PICTURE_MAX_AGE_MS)) event.waitUntil(refresh().catch(() => undefined));
  return cached;
}

async function page(event, url) {
  const request = event.request;
  const fresh = fetch(request).then(async (response) => {
    const html = (response.headers.get("content-type") || "").includes("text/html");
    if (cacheable(response) && html) {
      await remember(PAGES, request, response.clone(), MAX_PAGES);
    }
    return response;
  });
  const cached =
    (await caches.match(request, { ...MATCH, cacheName: PAGES })) ||
    (url.pathname === "/" ? await caches.match("/", { ...MATCH, cacheName: SHELL }) : undefined);
  if (cached && (await inShoppersLanguage(cached, url))) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  try {
    return await fresh;
  } catch (error) {
    return cached || offlinePage(url); // offline, a page in another language beats none
  }
}

// Whether a cached page is in the language the shopper reads now: its Content-Language (the
// language the server wrote it in) against `?lang=` or the language the page last told the
// worker. A page without either is taken as it is.
async function inShoppersLanguage(response, url) {
  const written = (response.headers.get("content-language") || "").slice(0, 2).toLowerCase();
  if (!written) return true;
  const asked = (url.searchParams.get("lang") || "").slice(0, 2).toLowerCase();
  if (asked && BUILD.offline[asked]) return written === asked;
  const saved = await caches.match(LANGUAGE_KEY, { cacheName: META });
  const wanted = saved ? (await saved.text()).slice(0, 2).toLowerCase() : "";
  return !wanted || written === wanted;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

async function language() {
  const saved = await caches.match(LANGUAGE_KEY, { cacheName: META });
  const wanted = [saved ? await saved.text() : "", ...(self.navigator.languages || [])];
  for (const tag of wanted) {
    const code = String(tag || "").slice(0, 2).toLowerCase();
    if (BUILD.offline[code]) return code;
  }
  return "fr";
}

// A plain page (no script, its own styles) for a page never seen, while offline.
async function offlinePage(url) {
  const lang = await language();
  const text = BUILD.offline[lang] || BUILD.offline.fr || {};
  const retry = escapeHtml(url.pathname + url.search);
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(text.title || "")} – Grocer</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#f9fafb;color:#111827;font-family:system-ui,sans-serif}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem;color:#166534}p{margin:0 0 1.5rem;line-height:1.5}
a{display:inline-block;margin:.25rem;padding:.75rem 1.25rem;border-radius:9999px;
font-weight:600;text-decoration:none}
.go{background:#15803d;color:#fff}.home{border:1px solid #d1d5db;color:#111827;background:#fff}
</style></head><body><main id="grocer-offline">
<h1>${escapeHtml(text.title || "")}</h1><p>${escapeHtml(text.text || "")}</p>
<a class="go" href="${retry}">${escapeHtml(text.retry || "")}</a>
<a class="home" href="/">${escapeHtml(text.home || "")}</a>
</main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
