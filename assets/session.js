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
