// A component whose code is not needed until the shopper acts (the dialogs): its module is
// asked for at the first interaction with the page (a tap, a click, a key, a focus), when the
// page says it is wanted now (a dialog opened by the server, e.g. sign-in after a redirect), or
// when the browser is idle a few seconds after load, whichever comes first (a tap on the painted
// page before the app ran counts as the first interaction). Until then it renders
// nothing. Its code and its first render thus stay out of the page's start, when a phone's main
// thread is busiest (issue 21), and it is in place long before a shopper reaches for it.
// grocer/components/deferred.py declares it for Python.
import { createElement, useEffect, useState } from "react";
import { INTERACTIONS, afterLoadWhenIdle, loadOnce, onNextInteraction, tappedBeforeTheApp } from "./idle.js";

const IDLE_DELAY_MS = 3000;

let wake = null;
const needed = new Promise((resolve) => {
  wake = resolve;
});

if (typeof window !== "undefined") {
  const now = () => {
    INTERACTIONS.forEach((type) => window.removeEventListener(type, now, true));
    wake();
  };
  INTERACTIONS.forEach((type) => window.addEventListener(type, now, { capture: true, passive: true }));
  afterLoadWhenIdle(now, IDLE_DELAY_MS, 2000);
  if (tappedBeforeTheApp()) now();
}

/** A component that loads `load()` (a promise of the component) when it is needed, see above;
 * `wanted` true loads it at once. */
export function Deferred(load, name) {
  // Asked for as soon as it is needed, not at the component's first render: a tap on the
  // painted page makes it needed while the app's modules are evaluated, and its module then
  // travels while the page hydrates instead of after (it was asked for by the hydration's
  // effects: on slow 3G the auth prompt of a painted "Add To Cart" came that much later).
  const begin = loadOnce(load);
  needed.then(begin).catch(() => {});
  function DeferredComponent({ wanted, ...props }) {
    const [Component, setComponent] = useState(null);
    useEffect(() => {
      if (wanted) wake();
    }, [wanted]);
    useEffect(() => {
      let live = true;
      // A module that could not arrive (offline, never cached) is asked for again at the next
      // interaction.
      const attempt = () =>
        needed
          .then(begin)
          .then((component) => live && setComponent(() => component))
          .catch(() => onNextInteraction(attempt));
      attempt();
      return () => {
        live = false;
      };
    }, []);
    return Component ? createElement(Component, props) : null;
  }
  DeferredComponent.displayName = `Deferred(${name})`;
  return DeferredComponent;
}
