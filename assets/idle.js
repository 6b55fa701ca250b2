// Work that must stay out of the page's start (issue 21): run `fn` `delayMs` after the page's
// load event, at the browser's next idle moment (at the latest `timeoutMs` later). Used by the
// dialogs' code (dialog.js, deferred.js) and the service worker's registration (offline.js).
export function afterLoadWhenIdle(fn, delayMs, timeoutMs) {
  if (typeof window === "undefined") return;
  const idle = () =>
    window.setTimeout(() => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: timeoutMs });
      else fn();
    }, delayMs);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** Whether the shopper pressed something on the painted page before the app ran
 * (grocer/web/tap_replay.js): the dialogs' code is then wanted at the app's start, not at the
 * first press after it (a kept "Add To Cart" may open the auth prompt as soon as it is done). */
export function tappedBeforeTheApp() {
  return typeof window !== "undefined" && window.__grocerTouched === true;
}

/** `load` run once and its promise kept for every caller; a load that failed (offline, or cut
 * off on its way) is dropped, so the next call asks again. */
export function loadOnce(load) {
  let loading = null;
  return () =>
    (loading ??= load().catch((error) => {
      loading = null;
      throw error;
    }));
}

/** The kinds of event that are a shopper's interaction with the page. */
export const INTERACTIONS = ["pointerdown", "keydown", "click", "touchstart", "focusin"];

/** Run `callback` once, at the shopper's next interaction (a module that could not arrive,
 * offline or cut off on its way, is asked for again then). */
export function onNextInteraction(callback) {
  const once = () => {
    INTERACTIONS.forEach((type) => window.removeEventListener(type, once, true));
    callback();
  };
  INTERACTIONS.forEach((type) => window.addEventListener(type, once, { capture: true, passive: true }));
}
