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
// server's value is no wish at all, except when it undoes a tap whose answer is still on its
// way: it is then drawn through that answer, until the server's next change.
//
// A control says what it opens or closes with `data-open-now="bagPanel=0 bagOverlay=1"`; a
// dialog whose root names a `nowKey` (grocer/components/dialog.py) reads the wish through
// `useOpenNow` and records its close requests (Escape, the backdrop, ×) with `want`.
//
// A value is shown the same way (`useValueNow`), until the server's value changes: a control
// marked `data-value-now="slotDay=2026-12-01"` shows that value at once when tapped; a field
// marked `data-value-now-key="slotChoice"` shows what was just chosen in it, or submitted with
// its step's form (the slot dialog's day and hour, the e-mail the code goes to).
//
// A dialog's next step is shown the same way (`useStepNow`): a step's form marked
// `data-step-now="signup=3"` shows step 3 as soon as it is submitted, so that the shopper types
// the next step's fields while the server checks this one. Its state counts the step events it
// has answered (OtpFlowState.answered, in the same delta as the step): the step shown stays
// until that count has caught up with the steps submitted, and the server's step then rules,
// a refusal included (the step the shopper was on comes back with the spec's message). A save
// that closes its dialog is such a step too: a button marked `data-step-now="slotSave=1"` draws
// the dialog closed (and what it saves where it shows) until its state's count of answered
// saves has caught up (SlotDialogState.answered).
import { useEffect, useSyncExternalStore } from "react";

const wishes = new Map(); // key → { value, server: the server's value when it was made }
const servers = new Map(); // key → the server's value, as last drawn
const listeners = new Set();

let notifying = null;

/** How long a tap undone before its answer came waits for that answer (then the server's
 * value is drawn again, as a bag tap nobody answered goes back after 10 s). */
const UNDONE_MS = 10000;

/** The drawing follows in a task of its own: a tap's event leaves first. A wish itself is
 * recorded at once, in the tap's own task, before any answer to it can arrive: recorded later,
 * a tap answered quickly while the page was busy was taken for a tap not answered yet. */
function changed() {
  if (notifying !== null) return;
  notifying = setTimeout(() => {
    notifying = null;
    listeners.forEach((listener) => listener());
  }, 0);
}

function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Draw `value` under `key` now, until the server's value for it changes. */
function wish(key, value) {
  const server = servers.get(key);
  const before = wishes.get(key);
  if (before?.opening && value === false && server === false) {
    // Closed while the state is about to open it (`wantOpening`): drawn closed through that
    // opening too, until the state's close follows it.
    wishes.set(key, { value, server, expect: true });
    changed();
    return;
  }
  if (before && before.expect === undefined && before.server === server && server === value) {
    // Undone before the server answered the tap that made `before` (the bag opened, then its
    // "Check out" tapped, on a slow link): that answer is still on its way, and would draw
    // `before.value` again for a round trip (the panel back over the overlay). Drawn as
    // `value` through that answer, until the server changes once more (the later tap's own
    // answer), or for UNDONE_MS at most (an answer that never came).
    const made = { value, server, expect: before.value };
    wishes.set(key, made);
    setTimeout(() => {
      if (wishes.get(key) === made && wishes.delete(key)) changed();
    }, UNDONE_MS);
    changed();
    return;
  }
  if (server === undefined || server === value) {
    // Never drawn (its code is not here yet: the server's answer will draw it), or already so.
    if (wishes.delete(key)) changed();
    return;
  }
  wishes.set(key, { value, server });
  changed();
}

/** Show `key` open (or closed) now, until the server's value for it changes. */
export function want(key, open) {
  wish(key, !!open);
}

/** Show the dialog `key` open now because the state is about to open it (a tap's answer will):
 * until `settleOpening` says that answer is in. Closed meanwhile, it stays closed through that
 * opening. */
export function wantOpening(key) {
  if (!servers.has(key)) {
    // Never drawn yet: its code is still on its way (a tap kept before the app ran is done
    // as the app mounts, while the dialogs' code comes). Drawn open from its first drawing,
    // whatever the state's value then, until the answer settles it (`shown`).
    wishes.set(key, { value: true, server: undefined, opening: true });
    changed();
    return;
  }
  wish(key, true);
  const made = wishes.get(key);
  if (made) made.opening = true;
}

/** The answer of a `wantOpening` tap is in: the state's value is drawn again. The opening
 * wish goes (the state opened the dialog or not), and so does a close made meanwhile that the
 * state never opened through; one it did open through waits for the state's close. */
export function settleOpening(key) {
  const made = wishes.get(key);
  if (made && (made.opening || made.expect !== undefined)) {
    wishes.delete(key);
    changed();
  }
}

/** Show `value` (a string) under `key` now, until the server's value for it changes. */
export function wantValue(key, value) {
  wish(key, String(value ?? ""));
}

function shown(key, server) {
  const wish = wishes.get(key);
  if (!wish) return server;
  if (wish.server === undefined) wish.server = server; // an opening wished before its drawing
  if (wish.server !== server) {
    if (wish.expect === server) {
      // The opening a close was made through (or the answer of a tap undone since): still
      // drawn as wished, until the state's own answer to that.
      wish.server = server;
      wish.expect = undefined;
      return wish.value;
    }
    wishes.delete(key); // the server has spoken since the tap
    return server;
  }
  return wish.value;
}

/** Whether the dialog `key` is drawn open: the tap's wish while the server has not answered,
 * else the server's `open`. Without a key, the server's value. */
export function useOpenNow(key, open) {
  const server = !!open;
  if (key) servers.set(key, server);
  const read = () => (key ? shown(key, server) : server);
  return useSyncExternalStore(subscribe, read, read);
}

/** The value to draw under `key`: a tap's or a choice's wish while the server has not answered,
 * else the server's `value` (as a string). */
export function useValueNow(key, value) {
  const server = String(value ?? "");
  servers.set(key, server);
  const read = () => shown(key, server);
  return useSyncExternalStore(subscribe, read, read);
}

const steps = new Map(); // key → { step, until: the count of answered steps that ends it }
const answers = new Map(); // key → { answered: the state's count, as last drawn, pending: steps
//                                     submitted since and not answered yet }

/** Show step `step` of the dialog `key` now, until its state has answered every step
 * submitted so far, this one included (an earlier step's answer does not end it: the shopper
 * may be two steps ahead of a slow link). `ends` (keys, space-separated): the dialogs this step
 * closes, whose wishes it ends. A save tapped before its dialog's opening was answered: the
 * opening's wish was made while the state's `open` was false, and the dialog's drawn `open`
 * (the state's, and not saving) stays false through the save, so the wish would keep the
 * dialog drawn open, during the save and after it. */
export function wantStep(key, step, ends = "") {
  const seen = answers.get(key);
  if (!seen || !Number.isInteger(step)) return;
  String(ends || "")
    .split(/\s+/)
    .forEach((dialog) => dialog && wishes.delete(dialog));
  seen.pending += 1;
  steps.set(key, { step, until: seen.answered + seen.pending });
  changed();
}

function heard(key, answered) {
  const seen = answers.get(key);
  if (!seen) {
    answers.set(key, { answered, pending: 0 });
  } else if (answered < seen.answered) {
    // Another tab state (a new connection's): no step submitted before will be answered.
    Object.assign(seen, { answered, pending: 0 });
    steps.delete(key);
  } else if (answered > seen.answered) {
    seen.pending = Math.max(0, seen.pending - (answered - seen.answered));
    seen.answered = answered;
  }
}

function shownStep(key, step) {
  const wish = steps.get(key);
  if (!wish) return step;
  if (answers.get(key).answered >= wish.until) {
    steps.delete(key); // answered: the server's step, whatever it is
    return step;
  }
  return wish.step;
}

/** The step of the dialog `key` to draw: the one submitted for, until the state's count of
 * answered steps (`answered`) has reached it; else the state's `step`. */
export function useStepNow(key, step, answered) {
  heard(key, Number(answered) || 0);
  const read = () => shownStep(key, step);
  return useSyncExternalStore(subscribe, read, read);
}

const TOGGLE = "~";

/** `data-open-now="bagPanel=0 bagOverlay=1 slots=~ signupDialog=1@300 mapPicker=1@40<640"` →
 * [["bagPanel", false, 0, 0], ["bagOverlay", true, 0, 0], ["slots", "~", 0, 0],
 * ["signupDialog", true, 300, 0], ["mapPicker", true, 40, 640]] ("~": the opposite of what is
 * drawn; "@300": 300 ms after the tap, a dialog switch's delay; "<640": only on a screen
 * narrower than 640 px, where the state opens it by itself). */
export function parseWishes(text) {
  return String(text || "")
    .split(/\s+/)
    .map((part) => /^([\w-]+)=(0|1|~)(?:@(\d{1,4}))?(?:<(\d{1,5}))?$/.exec(part))
    .filter(Boolean)
    .map(([, key, value, after, narrower]) => [
      key,
      value === TOGGLE ? TOGGLE : value === "1",
      Number(after || 0),
      Number(narrower || 0),
    ]);
}

/** `data-value-now="slotDay=2026-12-01 slotChoice= addressCity=Bobo%20Dioulasso"` →
 * [["slotDay", "2026-12-01"], ["slotChoice", ""], ["addressCity", "Bobo Dioulasso"]] (values
 * URI-encoded: grocer/components/open_now.py `value_now_mark`). */
export function parseValues(text) {
  return String(text || "")
    .split(/\s+/)
    .filter((part) => part.includes("="))
    .map((part) => [part.slice(0, part.indexOf("=")), decoded(part.slice(part.indexOf("=") + 1))])
    .filter(([key, value]) => key && value !== null);
}

function decoded(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // not a value a mark wrote
  }
}

function wantOrToggle(key, open, after = 0) {
  if (after > 0) {
    setTimeout(() => wantOrToggle(key, open), after);
    return;
  }
  want(key, open === TOGGLE ? !shown(key, servers.get(key)) : open);
}

/** Mounted in what a dialog shows before it closes itself (the sign-up's success, 1.2 s): the
 * dialog `nowKey` is drawn closed after `ms` by the browser's own clock, the state's close
 * following (on a slow link its message may wait behind a download). */
export function CloseAfter({ nowKey, ms }) {
  useEffect(() => {
    const timer = setTimeout(() => want(nowKey, false), Number(ms) || 0);
    return () => clearTimeout(timer);
  }, [nowKey, ms]);
  return null;
}

/** Whether a field of `form` marked required for the server (`aria-required`, which the
 * browser does not enforce: the spec's own message names the blank fields) is blank. */
function blankRequired(form) {
  return Array.from(form.querySelectorAll('[aria-required="true"]')).some(
    (field) => "value" in field && !String(field.value).trim(),
  );
}

if (typeof window !== "undefined") {
  // After the page's own handler (bubbling, at the window): the tap's event is on its way.
  window.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target && target.closest("[data-open-now]");
    if (control && !control.disabled) {
      parseWishes(control.getAttribute("data-open-now")).forEach(([key, open, after, narrower]) => {
        if (!narrower || window.innerWidth < narrower) wantOrToggle(key, open, after);
      });
    }
    // A button that submits a step of its own (the slot dialog's "Enregistrer",
    // `data-step-now="slotSave=1"`), outside any step form.
    const stepped = target && target.closest("button[data-step-now]");
    if (stepped && !stepped.disabled) {
      const [key, step] = String(stepped.getAttribute("data-step-now")).split("=");
      if (key && step) wantStep(key, Number(step), stepped.getAttribute("data-step-ends") || "");
    }
    const valued = target && target.closest("[data-value-now]");
    if (valued && !valued.disabled) {
      parseValues(valued.getAttribute("data-value-now")).forEach(([key, value]) =>
        wantValue(key, value),
      );
    }
  });
  // Captured before React's handler: React then puts a controlled field back to the value it
  // was drawn with, which is all a listener after it would read.
  window.addEventListener(
    "change",
    (event) => {
      const field = event.target instanceof Element ? event.target : null;
      const key = field?.getAttribute("data-value-now-key");
      if (key && "value" in field) wantValue(key, field.value);
    },
    true,
  );
  window.addEventListener("submit", (event) => {
    const form = event.target instanceof Element ? event.target.closest("[data-step-now]") : null;
    const [key, step] = String(form?.getAttribute("data-step-now") || "").split("=");
    // A field the browser already knows is wrong (an e-mail without "@", a required field
    // left blank): the step does not move, and the server's message comes with its answer.
    if (!key || !step || !form.checkValidity() || blankRequired(form)) return;
    form.querySelectorAll("[data-value-now-key]").forEach((field) => {
      wantValue(field.getAttribute("data-value-now-key"), field.value);
    });
    wantStep(key, Number(step), form.getAttribute("data-step-ends") || "");
  });
}
