// Opening and closing answered in the browser (issue 23): a tap on the header's bag, the
// panel's "Check out", a close button or "Voir les créneaux" shows the panel, the overlay or
// the slot list opened or closed at once, instead of one websocket round trip later (150–400
// ms on a slow link, seconds on 2G).
//
// The server still holds whether each is open (BagState.panel_open and overlay_open, which a
// page load, a logout or the checkout close; DeliveryPanelState.show_slots), and its answer to
// the tap's own event says the same as what was shown. So a tap's wish is shown only until the
// server's value changes from what it was when the tap was made (its answer, or anything newer
// the server decides); the server's value rules again from then on. A wish equal to the
// server's value is no wish at all.
//
// A control says what it opens or closes with `data-open-now="bagPanel=0 bagOverlay=1"`; a
// dialog whose root names a `nowKey` (grocer/components/dialog.py) reads the wish through
// `useOpenNow` and records its close requests (Escape, the backdrop, ×) with `want`.
//
// A dialog's next step is shown the same way (`useStepNow`): a step's form marked
// `data-step-now="signup=3"` shows step 3 as soon as it is submitted, so that the shopper types
// the next step's fields while the server checks this one. Its state counts the step events it
// has answered (OtpFlowState.answered, in the same delta as the step): the step shown stays
// until that count moves, and the server's step then rules, a refusal included (the step the
// shopper was on comes back with the spec's message).
import { useSyncExternalStore } from "react";

const wishes = new Map(); // key → { open, server: the server's value when it was made }
const servers = new Map(); // key → the server's value, as last drawn
const listeners = new Set();

function changed() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Show `key` open (or closed) now, until the server's value for it changes. */
export function want(key, open) {
  const server = servers.get(key);
  if (server === undefined || server === !!open) {
    // Never drawn (its code is not here yet: the server's answer will open it), or already so.
    if (wishes.delete(key)) changed();
    return;
  }
  wishes.set(key, { open: !!open, server });
  changed();
}

function shown(key, server) {
  const wish = wishes.get(key);
  if (!wish) return server;
  if (wish.server !== server) {
    wishes.delete(key); // the server has spoken since the tap
    return server;
  }
  return wish.open;
}

/** Whether the dialog `key` is drawn open: the tap's wish while the server has not answered,
 * else the server's `open`. Without a key, the server's value. */
export function useOpenNow(key, open) {
  const server = !!open;
  if (key) servers.set(key, server);
  const read = () => (key ? shown(key, server) : server);
  return useSyncExternalStore(subscribe, read, read);
}

const steps = new Map(); // key → { step, answered: the state's count when submitted }
const answers = new Map(); // key → the state's count of answered steps, as last drawn

/** Show step `step` of the dialog `key` now, until its state answers. */
export function wantStep(key, step) {
  const answered = answers.get(key);
  if (answered === undefined || !Number.isInteger(step)) return;
  steps.set(key, { step, answered });
  changed();
}

function shownStep(key, step, answered) {
  const wish = steps.get(key);
  if (!wish) return step;
  if (wish.answered !== answered) {
    steps.delete(key); // answered: the server's step, whatever it is
    return step;
  }
  return wish.step;
}

/** The step of the dialog `key` to draw: the one submitted for, until the state's count of
 * answered steps (`answered`) moves; else the state's `step`. */
export function useStepNow(key, step, answered) {
  answers.set(key, answered);
  const read = () => shownStep(key, step, answered);
  return useSyncExternalStore(subscribe, read, read);
}

const TOGGLE = "~";

/** `data-open-now="bagPanel=0 bagOverlay=1 slots=~"` → [["bagPanel", false], ["bagOverlay",
 * true], ["slots", "~"]] ("~": the opposite of what is drawn). */
export function parseWishes(text) {
  return String(text || "")
    .split(/\s+/)
    .map((part) => part.split("="))
    .filter(([key, value]) => key && ["0", "1", TOGGLE].includes(value))
    .map(([key, value]) => [key, value === TOGGLE ? TOGGLE : value === "1"]);
}

function wantOrToggle(key, open) {
  want(key, open === TOGGLE ? !shown(key, servers.get(key)) : open);
}

if (typeof window !== "undefined") {
  // After the page's own handler (bubbling, at the window), and in a task of its own: the
  // tap's event leaves first, then the panel is drawn.
  window.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target && target.closest("[data-open-now]");
    if (!control || control.disabled) return;
    const wished = parseWishes(control.getAttribute("data-open-now"));
    setTimeout(() => wished.forEach(([key, open]) => wantOrToggle(key, open)), 0);
  });
  window.addEventListener("submit", (event) => {
    const form = event.target instanceof Element ? event.target.closest("[data-step-now]") : null;
    const [key, step] = String(form?.getAttribute("data-step-now") || "").split("=");
    if (key && step) setTimeout(() => wantStep(key, Number(step)), 0);
  });
}
