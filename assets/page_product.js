// The product the server wrote into the page it answered (grocer/web/page_preview.py), so
// that the product page draws it, and its quantity stepper answers a tap, from the app's first
// render. Without it the page showed the server's preview (not interactive) until the
// websocket's first answers brought the state's copy: on a slow link the first tap waited a
// round trip and the page's start for nothing (issue 23). The state's copy replaces it as soon
// as it is in; a page reached inside the app, or for another product, has none.
const PAGE_PRODUCT = (() => {
  if (typeof document === "undefined") return null;
  try {
    const data = JSON.parse(document.getElementById("grocer-page-product")?.textContent || "null");
    return data && typeof data === "object" && data.id != null ? data : null;
  } catch {
    return null;
  }
})();

function addressedProduct() {
  if (typeof window === "undefined") return null;
  return /^\/produit\/(\d+)\/?$/.exec(window.location.pathname)?.[1] ?? null;
}

/** The product to draw: the state's once it holds one; while it loads, the page's own copy of
 * the product the address names; else the state's (empty). */
export function shownProduct(product, loading) {
  if (product && Object.keys(product).length > 0) return product;
  if (!loading || !PAGE_PRODUCT) return product;
  return String(PAGE_PRODUCT.id) === addressedProduct() ? PAGE_PRODUCT : product;
}

/** The currency to draw before the state has hydrated: the shopper's stored choice, as the
 * server's preview drew it (when the prices hold it), else the state's `code`. */
export function shownCurrency(code, hydrated, prices) {
  if (hydrated || typeof localStorage === "undefined") return code;
  try {
    const stored = String(localStorage.getItem("preferredCurrency") || "").replace(/"/g, "");
    return stored && prices && prices[stored] ? stored : code;
  } catch {
    return code;
  }
}

/** The quantity the shopper set on the server's painted stepper of product `id` before the app
 * ran (grocer/web/tap_replay.js), or undefined. */
export function previewQuantity(id) {
  if (typeof window === "undefined") return undefined;
  const held = window.__grocerPreviewQuantity;
  return held && String(held.id) === String(id) ? held.quantity : undefined;
}

/** The app's stepper, as it mounts, takes the painted stepper's quantity over (`held`, its own
 * {article id: quantity}, with it): a tap made while React was rendering is in it too. The
 * painted quantity stays readable until the stepper goes (`forgetPreviewQuantity`): a kept
 * "Add To Cart", done right after the mount, reads it before its button has drawn again. */
export function takePreviewQuantity(id, held) {
  const quantity = previewQuantity(id);
  return quantity === undefined ? held : { [String(id)]: quantity };
}

/** The stepper goes (the shopper leaves the page): a later visit starts at 1. */
export function forgetPreviewQuantity() {
  if (typeof window !== "undefined") delete window.__grocerPreviewQuantity;
  return {};
}
