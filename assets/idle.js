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
