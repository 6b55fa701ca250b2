// A shop that survives a flaky connection (issue 19), the browser's part; mounted once, in the
// connection banner (grocer/components/connection_banner.py):
// - registers the service worker (/sw.js, assets/sw.js) after the page has loaded, in
//   production builds and secure contexts only, and tells it the shopper's language;
// - keeps the bag usable while the websocket is down: a tap on "+ Ajouter", + / − or remove
//   (elements marked data-bag-add / data-bag-step) changes the bag in the browser (localStorage
//   "cart", the bag the shop already keeps) instead of queueing a server event that would only
//   run once the connection is back; the quantities so set are noted under "cartOffline";
// - when the connection is back, saves them: a signed-in shopper's through the REST API as
//   absolute quantities (PUT /api/v1/cart/quantities: sent twice, the same bag), a guest's bag
//   is the browser's already; then `onSynced` reloads the bag into the page's state.
// - while the websocket is down, a click on a link of the shop loads the page (the service
//   worker answers it from its cache) rather than rendering a page whose data cannot come.
import { createElement, useEffect, useRef, useState } from "react";
import { getBackendURL } from "$/utils/state";
import env from "$/env.json";
import { useShopTranslation } from "./i18n.js";
import { afterLoadWhenIdle } from "./idle.js";
import {
  ACCESS_TOKEN_KEY,
  MAX_LINES,
  addedQuantity,
  forgetKept,
  nextQuantity,
  showKept,
} from "./bag_now.js";

const CART_KEY = "cart";
const OFFLINE_KEY = "cartOffline";
const SAVE_ATTEMPTS = 5;
const SAVE_WAIT_MS = 300;

function readJson(key, fallback) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) || "null");
    return value === null ? fallback : value;
  } catch (error) {
    return fallback;
  }
}

function writeJson(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // storage full or refused: the change stays on screen only
  }
}

function articleId(value) {
  const text = String(value ?? "");
  return /^[1-9][0-9]{0,9}$/.test(text) ? text : null;
}

/** The offline changes not yet saved: {quantities: {articleId: absolute quantity}}. */
export function offlineChanges() {
  const record = readJson(OFFLINE_KEY, {});
  const quantities = record && typeof record.quantities === "object" ? record.quantities : {};
  return { quantities: { ...quantities } };
}

function lineFromArticle(article) {
  const sale = article.salePrice || null;
  const price = article.price || null;
  return {
    id: String(article.id),
    quantity: 1,
    price: sale || price,
    salePrice: sale,
    originalPrice: article.originalPrice || (sale ? price : null),
    name: String(article.name || article.title || "").slice(0, 200),
    image: article.imageUrl || "",
    weight: String(article.weightText || article.weight || "").slice(0, 60),
    express: article.express === true,
    itemId: null,
  };
}

/** One change of the bag kept in the browser: `step` +1 / -1, 0 to remove the line, or an
 * `article` to add (`count` more, or a new line). Returns the bag's new total quantity. */
export function changeBag(id, step, article, count = 1) {
  const lines = readJson(CART_KEY, []);
  const bag = Array.isArray(lines) ? lines : [];
  let line = bag.find((entry) => entry && String(entry.id) === id);
  if (!line) {
    if (!article || bag.length >= MAX_LINES) return null;
    line = { ...lineFromArticle(article), quantity: 0 };
    bag.push(line);
  }
  line.quantity = nextQuantity(line.quantity, step, article ? count : 0);
  const kept = bag.filter((entry) => entry && entry.quantity > 0);
  writeJson(CART_KEY, kept.length ? kept : null);
  const record = offlineChanges();
  record.quantities[id] = line.quantity;
  writeJson(OFFLINE_KEY, record);
  return kept.reduce((sum, entry) => sum + entry.quantity, 0);
}

function bagCount() {
  const lines = readJson(CART_KEY, []);
  return Array.isArray(lines) ? lines.reduce((sum, e) => sum + (Number(e?.quantity) || 0), 0) : 0;
}

function apiUrl(path) {
  return new URL(path, getBackendURL(env.PING)).toString();
}

const wait = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Sends the offline quantities of a signed-in shopper; true once the server has them (or
 * nothing was left to send). An article gone from sale is dropped and the rest sent again. */
async function saveToServer(token) {
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
    const { quantities } = offlineChanges();
    const body = Object.entries(quantities).map(([id, quantity]) => ({
      articleId: Number(id),
      quantity,
    }));
    if (!body.length) return true;
    try {
      const response = await fetch(apiUrl("/api/v1/cart/quantities"), {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ quantities: body }),
      });
      if (response.ok) return true;
      const answer = await response.json().catch(() => ({}));
      if (response.status === 400 && Array.isArray(answer.unknownArticleIds)) {
        const record = offlineChanges();
        answer.unknownArticleIds.forEach((id) => delete record.quantities[String(id)]);
        writeJson(OFFLINE_KEY, record);
        continue;
      }
      if (response.status === 400 || response.status === 401) return false;
    } catch (error) {
      // the network again: wait and retry
    }
    await wait(SAVE_WAIT_MS * attempt);
  }
  return false;
}

const REGISTER_DELAY_MS = 4000;

function registerServiceWorker(language) {
  if (!import.meta.env.PROD || !window.isSecureContext || !("serviceWorker" in navigator)) {
    return;
  }
  const register = () =>
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => tellLanguage(registration, language))
      .catch(() => undefined);
  // Not while the page starts: the worker's install fetches every asset it precaches, which
  // competes with the page's own scripts on a slow link. A few seconds after load, when idle.
  afterLoadWhenIdle(register, REGISTER_DELAY_MS, 5000);
}

function tellLanguage(registration, language) {
  const worker = registration && registration.active;
  if (worker && language) worker.postMessage({ type: "grocer-language", language });
}

function useBrowserOffline() {
  const [offline, setOffline] = useState(
    typeof navigator !== "undefined" && navigator.onLine === false,
  );
  useEffect(() => {
    const update = () => setOffline(navigator.onLine === false);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    update();
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

function sameOriginPage(anchor) {
  if (!anchor || anchor.target || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith("/api/")) return null;
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/** The bag's part of the banner ("Your bag is kept on this device (n)") while changes wait,
 * and the watch described above. `down`: the websocket has failed to connect. */
export function OfflineKeeper({ down, onSynced }) {
  const [t, i18n] = useShopTranslation();
  const offline = useBrowserOffline();
  const isDown = Boolean(down) || offline;
  const [pending, setPending] = useState(() => 0);
  const synced = useRef(onSynced);
  synced.current = onSynced;
  const saving = useRef(false);
  const language = (i18n.resolvedLanguage || i18n.language || "fr").slice(0, 2);

  useEffect(() => {
    registerServiceWorker(language);
  }, []);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.getRegistration().then((r) => tellLanguage(r, language));
  }, [language]);

  useEffect(() => {
    setPending(Object.keys(offlineChanges().quantities).length ? bagCount() : 0);
    // Tells the taps kept before the app (grocer/web/tap_replay.js) to leave "+ Ajouter" to us.
    window.__grocerBagKept = isDown;
    if (!isDown) return undefined;
    const onClick = (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target && target.closest("[data-bag-add],[data-bag-step]");
      if (control) {
        let article = null;
        let id = articleId(control.getAttribute("data-bag-id"));
        if (control.hasAttribute("data-bag-add")) {
          try {
            article = JSON.parse(control.getAttribute("data-bag-add") || "null");
          } catch (error) {
            article = null;
          }
          id = article ? articleId(article.id) : null;
        }
        const step = Number(control.getAttribute("data-bag-step") || "0");
        if (!id || (!article && ![1, -1, 0].includes(step))) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        const count = changeBag(id, step, article, article ? addedQuantity(control) : 1);
        if (count !== null) {
          setPending(count);
          showKept(id, offlineChanges().quantities[id] ?? 0);
        }
        return;
      }
      const url = sameOriginPage(target && target.closest("a[href]"));
      if (url && !event.defaultPrevented && event.button === 0 && !event.metaKey &&
          !event.ctrlKey && !event.shiftKey && !event.altKey) {
        event.preventDefault();
        event.stopImmediatePropagation();
        window.location.assign(url.toString());
      }
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [isDown]);

  useEffect(() => {
    if (isDown || saving.current) return;
    if (!Object.keys(offlineChanges().quantities).length) return;
    saving.current = true;
    const token = window.localStorage.getItem(ACCESS_TOKEN_KEY) || "";
    (token ? saveToServer(token) : Promise.resolve(true))
      .then((saved) => {
        if (!saved) return;
        writeJson(OFFLINE_KEY, null);
        setPending(0);
        if (synced.current) synced.current(window.localStorage.getItem(CART_KEY) || "");
        forgetKept();
      })
      .finally(() => {
        saving.current = false;
      });
  }, [isDown]);

  if (!isDown || !pending) return null;
  return createElement(
    "span",
    { className: "block font-normal", "data-offline-bag": "" },
    t("common:connection.bagKept", { count: pending }),
  );
}
