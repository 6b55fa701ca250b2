// The bag answers a tap at once (issue 23): "+ Ajouter", + / − and remove change what the card,
// the bag's lines and the header's count show as soon as they are tapped, instead of one
// websocket round trip later (150–400 ms on a slow link, seconds on 2G). The server still
// decides: the tap's event goes to it as before, and its answer replaces what was shown
// (a refusal — an article gone, the bag full — puts the server's quantity back).
//
// How an answer is recognised: BagState counts the bag taps it has answered (`answered`, in
// the same delta as the bag); a tap shown here waits for the count it will bring. A tap made
// while the websocket is down is kept by assets/offline.js, which tells us (`showKept`) and,
// once the bag is saved, `forgetKept`: it is then shown until the server's bag says the same.
// Shown quantities nobody answers go after ANSWER_WAIT_MS.
//
// A guest's tap that brings the bag to 2 articles (or past it) also draws the auth prompt
// (000 §4.3) at once, as the state will open it (`promptReady`: signed out, not shown yet, no
// dialog open); the drawing ends with the tap's answer, which opens it or not.
import { createElement, useEffect, useSyncExternalStore } from "react";
import { settleOpening, wantOpening } from "./open_now.js";

// The bag's limits (grocer/services/bag_totals.py), for the browser's own changes here and in
// assets/offline.js.
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
const ANSWER_WAIT_MS = 10000;
const KEPT = Infinity; // a tap kept offline: shown until the offline bag is saved
const SAVED = "saved"; // a kept tap, saved: shown until the server's bag holds it

const shown = new Map(); // article id → { quantity, until: the `answered` count it waits for }
const listeners = new Set();
let server = {}; // article id → quantity, as the server last said
let answered = null; // the server's count of answered taps (null: not heard yet)
let sent = 0; // taps sent since `answered` was last heard
let expiry = null;
// The auth prompt: its dialog's key, the article count that opens it (bag_totals'
// AUTH_PROMPT_QUANTITY), whether a tap reaching it opens it, and the `answered` count that
// ends its drawing (null: not drawn). `drawn`: a tap has drawn it since the state last said it
// was shown (not drawn twice).
let prompt = { key: "", quantity: 0, ready: false, until: null, drawn: false };

function changed() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The quantity shown for `id` by a tap not answered yet, else null. */
function shownOf(id) {
  const entry = shown.get(String(id));
  return entry ? entry.quantity : null;
}

/** What a card or a bag line shows: the quantity tapped, else the server's. Each card reads
 * only its own line: a change of the store re-renders the cards whose quantity it changed, not
 * every card of the page (a store's change is rendered synchronously: on the home page,
 * re-rendering every card was one long task each time the server's bag arrived). */
export function useShownQuantity(id, quantity) {
  const read = () => shownOf(id);
  const tapped = useSyncExternalStore(subscribe, read, read);
  return tapped === null ? quantity : tapped;
}

/** The server's count with the taps not yet answered (`quantities`: the server's lines). */
function shownCount(count, quantities) {
  let total = Number(count) || 0;
  shown.forEach((entry, id) => {
    total += entry.quantity - (Number((quantities || {})[id]) || 0);
  });
  return Math.max(0, total);
}

/** What the header shows: the server's count with the taps not yet answered. `quantities` is
 * the server's, from the same render as `count`. */
export function useShownCount(count, quantities) {
  const read = () => shownCount(count, quantities);
  return useSyncExternalStore(subscribe, read, read);
}

function quantityNow(id) {
  const tapped = shownOf(id);
  return tapped === null ? Number(server[id]) || 0 : tapped;
}

function lineCount() {
  const ids = new Set(Object.keys(server).filter((id) => Number(server[id]) > 0));
  shown.forEach((entry, id) => (entry.quantity > 0 ? ids.add(id) : ids.delete(id)));
  return ids.size;
}

/** The quantity a tap asks for (`step` +1 / -1, 0 to remove; `adding` how many a "+ Ajouter"
 * or the product page's "Add To Cart" adds), or null when the server will refuse it anyway (a
 * new line in a full bag). */
function wanted(id, step, adding) {
  const now = quantityNow(id);
  if (adding && now === 0 && lineCount() >= MAX_LINES) return null;
  return nextQuantity(now, step, adding);
}

/** A line's quantity after a tap: `adding` more (an add button), else `step` (+1, -1; 0
 * removes the line), within 0..MAX_QUANTITY (the server's `bag_totals.stepped`). */
export function nextQuantity(now, step, adding) {
  const next = adding ? now + adding : step === 0 ? 0 : now + step;
  return Math.max(0, Math.min(MAX_QUANTITY, next));
}

function armExpiry() {
  window.clearTimeout(expiry);
  expiry = window.setTimeout(() => {
    let dropped = false;
    shown.forEach((entry, id) => {
      if (entry.until !== KEPT) {
        shown.delete(id);
        dropped = true;
      }
    });
    sent = 0;
    endPrompt();
    if (dropped) changed();
  }, ANSWER_WAIT_MS);
}

/** The bag's article count as shown. */
function totalNow() {
  const ids = new Set([...Object.keys(server), ...shown.keys()]);
  let total = 0;
  ids.forEach((id) => (total += quantityNow(id)));
  return total;
}

/** bag_totals.prompts_sign_in: the bag reaches exactly the prompt's count, or passes it at
 * once. */
function promptsSignIn(before, after) {
  const at = prompt.quantity;
  return (after === at && before !== at) || (before < at && at < after);
}

function endPrompt() {
  if (prompt.until === null) return;
  prompt.until = null;
  settleOpening(prompt.key);
}

/** The key of the session's access token in localStorage (000 §3; assets/offline.js too). */
export const ACCESS_TOKEN_KEY = "accessToken";

/** No session in this browser. The state's "signed out" (`promptReady`) is its compiled
 * default until the session's state has come: a signed-in shopper's tap made as the page
 * starts would draw the guest's prompt for a round trip. */
function signedOutHere() {
  try {
    return !window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch (error) {
    return true;
  }
}

/** A tap on a bag control, while connected: shown now, answered later. */
function tapped(id, step, adding) {
  sent += 1; // its event went, shown or not: its answer will be counted
  const quantity = wanted(id, step, adding);
  if (quantity === null || quantity === quantityNow(id)) return;
  const before = totalNow();
  shown.set(id, { quantity, until: (answered || 0) + sent });
  if (prompt.ready && !prompt.drawn && prompt.quantity && signedOutHere() &&
      promptsSignIn(before, totalNow())) {
    prompt.until = (answered || 0) + sent;
    prompt.drawn = true;
    wantOpening(prompt.key);
  }
  armExpiry();
  changed();
}

/** assets/offline.js: a tap kept in the browser while the websocket is down. */
export function showKept(id, quantity) {
  shown.set(String(id), { quantity, until: KEPT });
  changed();
}

/** assets/offline.js: the kept taps are saved; the page's bag is being reloaded with them. */
export function forgetKept() {
  shown.forEach((entry) => {
    if (entry.until === KEPT) entry.until = SAVED;
  });
  armExpiry();
}

function answeredBy(entry, id, count) {
  if (entry.until === SAVED) return (Number(server[id]) || 0) === entry.quantity;
  return entry.until !== KEPT && entry.until <= count;
}

function heard(count, quantities) {
  server = quantities || {};
  const value = Number(count) || 0;
  const before = shown.size;
  if (answered !== null && value < answered) {
    // Another tab state (a new connection's): no tap sent before will be answered.
    shown.forEach((entry, id) => typeof entry.until === "number" && entry.until !== KEPT &&
      shown.delete(id));
    sent = 0;
  } else if (answered !== null) {
    sent = Math.max(0, sent - (value - answered));
  }
  shown.forEach((entry, id) => answeredBy(entry, id, value) && shown.delete(id));
  if (prompt.until !== null && (value >= prompt.until || value < (answered ?? value))) {
    endPrompt(); // its tap is answered: the state's prompt, open or not, is drawn
  }
  answered = value;
  if (shown.size !== before) changed(); // the server's own bag reaches the page by its props
}

function bagControl(event) {
  const target = event.target instanceof Element ? event.target : null;
  const control = target && target.closest("[data-bag-add],[data-bag-step]");
  if (!control || control.disabled) return null;
  if (control.hasAttribute("data-bag-add")) {
    try {
      const article = JSON.parse(control.getAttribute("data-bag-add") || "null");
      const adding = addedQuantity(control);
      return article && article.id != null ? { id: String(article.id), adding } : null;
    } catch (error) {
      return null;
    }
  }
  const step = Number(control.getAttribute("data-bag-step") || "0");
  const id = control.getAttribute("data-bag-id");
  return id && [1, -1, 0].includes(step) ? { id: String(id), step, adding: 0 } : null;
}

/** How many an add button adds: its `data-bag-quantity` (the product page's stepper), else 1. */
export function addedQuantity(control) {
  const count = Number(control.getAttribute("data-bag-quantity") || "1");
  return Number.isInteger(count) && count >= 1 && count <= MAX_QUANTITY ? count : 1;
}

/** Mounted once (grocer/components/bag_now.py): hears the server's bag and watches the taps. */
export function BagNow({ answered: count, quantities, promptKey, promptQuantity, promptReady }) {
  prompt.key = promptKey || "";
  prompt.quantity = promptKey ? Number(promptQuantity) || 0 : 0;
  if (!promptReady) prompt.drawn = false; // shown, by the state: drawn again once it is ready
  prompt.ready = !!promptReady;
  useEffect(() => {
    heard(count, quantities);
  }, [count, quantities]);
  useEffect(() => {
    // After the page's own handler (bubbling, at the window): shown before it ran, "+ Ajouter"
    // would become the stepper under the click, and its event would never be sent.
    const onClick = (event) => {
      // Down: assets/offline.js keeps the tap (it stops it before the page) and tells us.
      if (window.__grocerBagKept) return;
      const tap = bagControl(event);
      if (tap) tapped(tap.id, tap.step, tap.adding);
    };
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, []);
  return createElement("span", { hidden: true, "data-bag-now": "" });
}

/** A bag line's quantity as text (a component: lines are drawn in a list, where no hook can
 * be called per line). */
export function ShownQuantity({ articleId, quantity }) {
  return String(useShownQuantity(articleId, quantity) ?? "");
}

/** The header's badge: the bag's total with the taps not yet answered; nothing at 0. */
export function ShownCount({ count, quantities, className }) {
  const total = useShownCount(count, quantities);
  if (!total) return null;
  return createElement("span", { className, "aria-hidden": "true" }, total);
}

/** A bag line, drawn while its shown quantity is above 0 (a removal shows at once). */
export function ShownLine({ articleId, quantity, children }) {
  return useShownQuantity(articleId, quantity) === 0 ? null : children;
}
