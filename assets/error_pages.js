// The error pages' browser side (grocer/pages/errors.py): the details the redirect carried
// (spec 001 §8: message, type, timestamp; the page that failed) and "Réessayer".
import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/** A path of this shop that "Réessayer" may reopen ("" otherwise): never another site, never
 * an error page (it would only show itself again). Browsers drop tabs and line breaks from a
 * URL, so "/\t/site" would become "//site" (another site): they are dropped before checking. */
export function returnPath(from) {
  const clean = (from || "").replace(/[\t\n\r]/g, "");
  if (!clean.startsWith("/") || clean.startsWith("//") || clean.includes("\\")) return "";
  const path = clean.split(/[?#]/)[0];
  return path === "/error" || path.startsWith("/error/") ? "" : clean;
}

/** "Réessayer" on an error page: the page that failed (?from=...) in place of the error page
 * (so "back" does not come back to it), else the previous page, else reload. */
export function retryPage() {
  const from = returnPath(new URLSearchParams(window.location.search).get("from"));
  if (from) {
    window.location.replace(from);
  } else if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
    window.history.back();
  } else {
    window.location.reload();
  }
}

/** The query of the error page, read after mount: the prerendered page (built without a
 * query) and the first render in the browser agree, so hydration keeps the page. */
export function useErrorSearch() {
  const location = useLocation();
  const [search, setSearch] = useState(() => new URLSearchParams());
  useEffect(() => setSearch(new URLSearchParams(location.search)), [location.search]);
  return search;
}

/** When the failure happened, in the shopper's language and time zone ("" when the
 * timestamp, milliseconds since the epoch, is missing or invalid). */
export function errorTime(timestamp, language) {
  const ms = Number(timestamp);
  if (!timestamp || !Number.isFinite(ms) || ms <= 0) return "";
  const when = new Date(ms);
  try {
    return new Intl.DateTimeFormat(language || undefined, {
      dateStyle: "medium",
      timeStyle: "medium",
    }).format(when);
  } catch {
    return when.toLocaleString();
  }
}
