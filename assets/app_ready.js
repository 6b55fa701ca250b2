// The app's "ready" for the taps caught before it (grocer/web/tap_replay.js): mounted once in
// the page layout, its effect runs when React has committed the hydrated page, so its controls
// act from then on. A Reflex event of a tap made now waits in Reflex's queue until the
// websocket has connected, then goes in order: no need to wait for the socket here.
import { useEffect } from "react";

export function AppReady() {
  useEffect(() => {
    window.__grocerReady = true;
    window.dispatchEvent(new Event("grocer:ready"));
  }, []);
  return null;
}
