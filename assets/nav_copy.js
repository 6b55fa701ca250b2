// The browser's copy of the category tree, localStorage `nav_categories_v1` (spec 001 §3;
// grocer/components/nav_cache.py), written each time the server sends a tree. Written when the
// browser is idle, from a plain effect: through a Reflex event (queue, event chain and the
// event loop) in the task that renders the tree, it made that task a long one on a phone.
import { useEffect } from "react";

export function NavCopy({ storageKey, data, savedAt, lang }) {
  useEffect(() => {
    if (!savedAt) return undefined;
    const write = () => {
      try {
        localStorage.setItem(storageKey, JSON.stringify({ data, savedAt, lang }));
      } catch {
        // Storage full or refused (private mode): the tree still comes from the server.
      }
    };
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(write, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(write, 0);
    return () => window.clearTimeout(id);
  }, [storageKey, data, savedAt, lang]);
  return null;
}
