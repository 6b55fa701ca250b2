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
