// Navigation behaviour that must not wait for the server: the category dropdown (open after
// hover, close 500 ms after leaving; level-2 tab back to the first one 200 ms after leaving;
// left / centre / right placement), and the header that hides when scrolling down (6 px) and
// shows when scrolling up or near the top (8 px), and the filter strip shown past 200 px.
import { useSyncExternalStore } from "react";

const MENU_CLOSE_MS = 500;
const TAB_CLOSE_MS = 200;
const SCROLL_DELTA = 6;
const NEAR_TOP = 8;
const STRIP_AFTER = 200;

const initial = { open: null, tab: null, place: "left", hidden: false, pastStrip: false };
let state = initial;
const listeners = new Set();
let menuTimer = null;
let tabTimer = null;

function update(patch) {
  const next = { ...state, ...patch };
  if (Object.keys(patch).every((k) => next[k] === state[k])) return;
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener) {
  listeners.add(listener);
  startScrollWatch();
  return () => listeners.delete(listener);
}

/** The navigation state, re-rendering the component when it changes. */
export function useNav() {
  return useSyncExternalStore(subscribe, () => state, () => initial);
}

/** Hovering (or focusing) a level-1 category: open its dropdown now. */
export function openMenu(id, element) {
  clearTimeout(menuTimer);
  if (state.open === id) return;
  let place = "left";
  if (element && typeof window !== "undefined") {
    const rect = element.getBoundingClientRect();
    const centre = rect.left + rect.width / 2;
    const width = window.innerWidth;
    if (centre > (width * 2) / 3) place = "right";
    else if (centre > width / 3) place = "centre";
  }
  update({ open: id, tab: null, place });
}

/** Leaving the category or its dropdown: close after 500 ms unless re-entered. */
export function leaveMenu() {
  clearTimeout(menuTimer);
  menuTimer = setTimeout(() => update({ open: null, tab: null }), MENU_CLOSE_MS);
}

/** Close at once (Escape, a link followed). */
export function closeMenu() {
  clearTimeout(menuTimer);
  update({ open: null, tab: null });
}

/** Focus leaving a category (keyboard): close as when the pointer leaves. */
export function blurMenu(event) {
  if (!event.currentTarget.contains(event.relatedTarget)) leaveMenu();
}

/** Escape in the dropdown: close it. */
export function keyMenu(event) {
  if (event.key === "Escape") closeMenu();
}

/** Hovering a level-2 tab shows its level-3 lists. */
export function enterTab(id) {
  clearTimeout(tabTimer);
  update({ tab: id });
}

/** Leaving the tabs: back to the first tab after 200 ms unless another tab is entered. */
export function leaveTab() {
  clearTimeout(tabTimer);
  tabTimer = setTimeout(() => update({ tab: null }), TAB_CLOSE_MS);
}

let watching = false;
function startScrollWatch() {
  if (watching || typeof window === "undefined") return;
  watching = true;
  let last = window.scrollY;
  let ticking = false;
  const onScroll = () => {
    if (ticking) return;
    ticking = true;
    requestAnimationFrame(() => {
      ticking = false;
      const y = window.scrollY;
      const patch = { pastStrip: y > STRIP_AFTER };
      if (y <= NEAR_TOP) {
        patch.hidden = false;
        last = y;
      } else if (y - last > SCROLL_DELTA) {
        patch.hidden = true;
        last = y;
      } else if (last - y > SCROLL_DELTA) {
        patch.hidden = false;
        last = y;
      }
      if (patch.hidden && state.open !== null) {
        patch.open = null;
        patch.tab = null;
      }
      update(patch);
    });
  };
  window.addEventListener("scroll", onScroll, { passive: true });
}
