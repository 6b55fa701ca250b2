// Small session helpers for grocer/components/session_hooks.py (no markup of their own).
import { useEffect, useRef } from "react";

// While `active`, leaving or reloading the page asks the browser's leave confirmation
// (spec 000 §2.1: a sign-in or sign-up submit is in progress).
export function LeaveGuard({ active }) {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event) => {
      event.preventDefault();
      event.returnValue = "";
      return "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
  return null;
}

// Calls `onTick` every `ms` milliseconds while mounted (the 5-minute session check).
export function Every({ ms, onTick }) {
  const tick = useRef(onTick);
  tick.current = onTick;
  useEffect(() => {
    const id = window.setInterval(() => tick.current && tick.current(), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return null;
}

// The code field's rule (spec 000 §5): digits only, at most `max` characters, as one types.
export function digitsOnly(event, max) {
  const input = event.target;
  const cleaned = input.value.replace(/\D/g, "").slice(0, max);
  if (cleaned !== input.value) input.value = cleaned;
}

// Auto-logout (spec 001 §2, §9): calls `onIdle` once when the shopper has done nothing for
// `ms` milliseconds in any tab of the shop (the newest activity is shared through
// localStorage "lastActivity"), checked every second. Mounted only while signed in.
const ACTIVITY_KEY = "lastActivity";
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "scroll", "touchstart"];

export function IdleLogout({ ms, onIdle }) {
  const idle = useRef(onIdle);
  idle.current = onIdle;
  useEffect(() => {
    if (!ms || ms <= 0) return undefined;
    let last = Date.now();
    let fired = false;
    const share = (moment) => {
      try {
        window.localStorage.setItem(ACTIVITY_KEY, String(moment));
      } catch (error) {
        // storage full or refused: this tab's own activity still counts
      }
    };
    const mark = () => {
      const now = Date.now();
      if (now - last >= 1000) {
        last = now;
        share(now);
      }
    };
    share(last);
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, mark, { passive: true }));
    const check = () => {
      let shared = 0;
      try {
        shared = Number(window.localStorage.getItem(ACTIVITY_KEY)) || 0;
      } catch (error) {
        shared = 0;
      }
      if (!fired && Date.now() - Math.max(last, shared) >= ms) {
        fired = true;
        if (idle.current) idle.current();
      }
    };
    const id = window.setInterval(check, 1000);
    return () => {
      window.clearInterval(id);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, mark));
    };
  }, [ms]);
  return null;
}

// The session watch: `onCheck` every `ms` milliseconds while the page is visible, and at once
// when it comes back to the front (a session ended elsewhere ends here without a reload).
export function SessionWatch({ ms, onCheck }) {
  const check = useRef(onCheck);
  check.current = onCheck;
  useEffect(() => {
    const run = () => {
      if (document.visibilityState === "visible" && check.current) check.current();
    };
    const id = window.setInterval(run, ms);
    window.addEventListener("focus", run);
    document.addEventListener("visibilitychange", run);
    return () => {
      window.clearInterval(id);
      window.removeEventListener("focus", run);
      document.removeEventListener("visibilitychange", run);
    };
  }, [ms]);
  return null;
}

// The browser's own timezone (IANA name), "" when it cannot tell.
export function browserTimezone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return "";
  }
}
