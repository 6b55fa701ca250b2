// The server's first look at a page (grocer/web/page_preview.py): above-the-fold HTML built
// from the catalogue and painted with the page, before the app's scripts arrive. The page keeps
// it in a PreviewSlot while its own data loads (grocer/components/preview_slot.py).
import { createElement, useLayoutEffect, useRef } from "react";

const PREVIEW_ID = "grocer-preview";
const EMPTY = { __html: "" };

/** An element React leaves alone (its HTML is the server's, not React's): on a prerendered
 * page the server fills it in; on the loading shell of a page that is not prerendered, the slot
 * takes the preview out of the shell before the shell goes, in the same frame. A preview made
 * for another address is dropped. */
export function PreviewSlot({ id, className }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const slot = ref.current;
    const preview = document.getElementById(PREVIEW_ID);
    if (!slot || !preview || slot.contains(preview)) return;
    if (preview.dataset.for === window.location.pathname + window.location.search) {
      slot.appendChild(preview);
    } else {
      preview.remove();
    }
  }, []);
  return createElement("div", {
    id,
    ref,
    className,
    dangerouslySetInnerHTML: EMPTY,
    suppressHydrationWarning: true,
  });
}
