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
