// The shop's dialog parts (grocer/components/dialog.py): @radix-ui/react-dialog, fetched when a
// dialog is first wanted instead of with every page's first scripts (issue 21: about 16 KiB of
// compressed script that no page needs to become usable).
//
// Until Radix is here, a closed dialog draws what a closed Radix dialog draws: only its
// trigger (with the same ARIA attributes); every other part draws nothing. The first
// interaction with the page, an idle moment after load, a click on a trigger or a dialog asked
// open by the state fetch it; then every dialog of the page draws the real parts, still closed
// unless asked open. A dialog asked open before Radix arrived opens as soon as it has.
import { Children, cloneElement, createContext, createElement, isValidElement, useContext, useEffect, useState } from "react";
import { afterLoadWhenIdle, loadOnce, onNextInteraction, tappedBeforeTheApp } from "./idle.js";
import { useOpenNow, want } from "./open_now.js";

let radix = null;
const waiting = new Set();
/** A pointer or a key is down: a trigger swapped for Radix's now would be a new element, and
 * the click that ends this press would be lost (it needs the element the press began on). */
let pressing = false;

function redrawWaiting() {
  if (pressing || !radix) return;
  waiting.forEach((redraw) => redraw());
  waiting.clear();
}

/** Fetch Radix once; every dialog waiting for it draws again when it arrives (once no press is
 * under way). If it cannot arrive (offline, or cut off on its way: it travels in one file with
 * the dialogs' code, grocer/web/chunk_groups.py), it is asked for again at the next
 * interaction while a dialog waits for it, and by the next dialog wanted. */
const importRadix = loadOnce(() =>
  import("@radix-ui/react-dialog").then((module) => {
    radix = module;
    redrawWaiting();
    return module;
  }),
);

export function loadDialogs() {
  return importRadix().catch(() => {
    onNextInteraction(() => {
      if (waiting.size) loadDialogs();
    });
    return null;
  });
}

if (typeof window !== "undefined") {
  const press = () => {
    pressing = true;
  };
  // After the click that follows the release (same task for a mouse, the next for a touch).
  const release = () =>
    setTimeout(() => {
      pressing = false;
      redrawWaiting();
    }, 0);
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, press, { capture: true, passive: true });
  }
  for (const type of ["pointerup", "pointercancel", "keyup", "blur"]) {
    window.addEventListener(type, release, { capture: true, passive: true });
  }
  // Ahead of the first tap that opens something: on the first interaction, or once the page
  // has been idle a while after load.
  const early = () => loadDialogs();
  for (const type of ["pointerdown", "keydown", "touchstart", "focusin"]) {
    window.addEventListener(type, early, { once: true, passive: true, capture: true });
  }
  afterLoadWhenIdle(early, 3000, 4000);
  if (tappedBeforeTheApp()) early();
}

/** Radix once this dialog may use it; asks for it (and draws again on arrival) while
 * `wanted`. The switch waits for the end of a press, whatever draws the dialog meanwhile. */
function useRadix(wanted) {
  const [ready, setReady] = useState(radix !== null);
  useEffect(() => {
    if (ready) return undefined;
    if (radix && !pressing) {
      setReady(true); // it arrived between this drawing and now
      return undefined;
    }
    let live = true;
    const again = () => live && setReady(true);
    waiting.add(again);
    if (wanted) loadDialogs();
    return () => {
      live = false;
      waiting.delete(again);
    };
  }, [wanted, ready]);
  return ready ? radix : null;
}

/** What a part needs of its root before Radix is here: how to ask for opening. */
const Pending = createContext(null);

/** A dialog's root. `nowKey` (assets/open_now.js): a tap shows it opened or closed at once,
 * before the state's answer; its own close requests are shown at once too. */
export function Root(props) {
  const { open: asked, defaultOpen, onOpenChange: askChange, nowKey, children, ...rest } = props;
  const controlled = asked !== undefined;
  const open = useOpenNow(controlled ? nowKey : null, asked);
  const onOpenChange = (wanted) => {
    if (controlled && nowKey) want(nowKey, wanted);
    askChange?.(wanted);
  };
  const [selfOpen, setSelfOpen] = useState(!!defaultOpen);
  const isOpen = controlled ? open : selfOpen;
  const real = useRadix(isOpen);
  if (real) {
    const state = controlled ? { open, onOpenChange } : { defaultOpen: selfOpen, onOpenChange };
    // A dialog inside this one's content is not pending because this one was.
    return createElement(real.Root, { ...rest, ...state }, createElement(Pending.Provider, { value: null }, children));
  }
  const ask = () => {
    loadDialogs();
    if (controlled) onOpenChange?.(true);
    else setSelfOpen(true);
  };
  return createElement(Pending.Provider, { value: ask }, children);
}

/** A part drawn by Radix once it is here, nothing before (a closed dialog draws none). */
function part(name) {
  const Part = (props) => {
    const pending = useContext(Pending);
    return pending || !radix ? null : createElement(radix[name], props);
  };
  Part.displayName = `Dialog${name}`;
  return Part;
}

export const Portal = part("Portal");
export const Overlay = part("Overlay");
export const Content = part("Content");
export const Title = part("Title");
export const Description = part("Description");
export const Close = part("Close");

/** The opener: Radix's trigger once it is here; before, its child as a closed trigger draws it,
 * opening on click. */
export function Trigger(props) {
  const pending = useContext(Pending);
  if (!pending && radix) return createElement(radix.Trigger, props);
  const child = Children.only(props.children);
  if (!isValidElement(child)) return null;
  return cloneElement(child, {
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    "data-state": "closed",
    onClick: (event) => {
      child.props.onClick?.(event);
      if (!event.defaultPrevented) pending?.();
    },
  });
}
