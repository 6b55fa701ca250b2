// The server's first look at a page (grocer/web/page_preview.py): above-the-fold HTML built
// from the catalogue and painted with the page, before the app's scripts arrive. The page keeps
// it in a PreviewSlot while its own data loads (grocer/components/preview_slot.py).
import { createElement, useLayoutEffect, useRef } from "react";

const PREVIEW_ID = "grocer-preview";
const EMPTY = { __html: "" };

// The preview the page showed, kept after its slot is gone: parts of it (a home section the app
// has not mounted yet) stay on screen in their place (assets/lazy.js).
let shown = null;

/** Takes the part of the preview marked `data-preview-part={name}` (null if there is none). */
export function takePreviewPart(name) {
  if (!shown || !name) return null;
  const part = shown.querySelector(`[data-preview-part="${CSS.escape(name)}"]`);
  if (part) part.removeAttribute("data-preview-part");
  return part;
}

/** Whether the preview the page showed still holds the part named `name`. */
export function hasPreviewPart(name) {
  return Boolean(shown && name && shown.querySelector(`[data-preview-part="${CSS.escape(name)}"]`));
}

/** An element React leaves alone (its HTML is the server's, not React's): on a prerendered
 * page the server fills it in; on the loading shell of a page that is not prerendered, the slot
 * takes the preview out of the shell before the shell goes, in the same frame. A preview made
 * for another address is dropped. */
export function PreviewSlot({ id, className }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const slot = ref.current;
    const preview = document.getElementById(PREVIEW_ID);
    if (!slot || !preview) return;
    const forHere = preview.dataset.for === window.location.pathname + window.location.search;
    if (forHere) shown = preview;
    if (slot.contains(preview)) return;
    if (forHere) {
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
