// The translation set-up, imported by every component that translates (see
// grocer/components/i18n.py); the translator itself is translator.js. French is bundled
// (imported) and ready before the first render, so that the prerendered HTML, the first paint and
// the first client render all read French (a first render in another language makes React throw
// the server's HTML away: a hydration mismatch). The namespaces of the storefront's first render
// are here, each other one comes with the modules that use it (i18n_ns/<namespace>.js). Once the page has
// hydrated, the shopper's language (saved preference, browser language, page language: spec 001
// §9) is switched to in a transition; en, es and de are fetched from /locales/{lng}/{ns}.json
// when chosen.
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { createTranslator } from "./translator.js";
import frCommon from "./locales/fr/common.json";
import frCatalogue from "./locales/fr/catalogue.json";
import frErrors from "./locales/fr/errors.json";
import frAuth from "./locales/fr/auth.json";
import frBag from "./locales/fr/bag.json";
import frAccount from "./locales/fr/account.json";
import frFavorites from "./locales/fr/favorites.json";

export const LANGUAGES = ["fr", "en", "es", "de"];
// The namespaces every page's first render reads, bundled here. Each other one (dialogs, checkout,
// account) comes with the code that uses it: i18n_ns/<namespace>.js, imported by its modules.
export const NAMESPACES = ["common", "catalogue", "errors", "auth", "bag", "account", "favorites"];
const ALL_NAMESPACES = [...NAMESPACES, "address", "checkout", "settings", "wallet", "addressbook",
  "orders", "referral", "profile", "security", "admin"];

function setHtmlLang(lng) {
  if (typeof document !== "undefined" && lng) {
    document.documentElement.lang = lng.slice(0, 2);
  }
}

const i18n = createTranslator({
  lng: "fr",
  languages: LANGUAGES,
  allNamespaces: ALL_NAMESPACES,
  namespaces: NAMESPACES,
  resources: {
    fr: {
      common: frCommon,
      catalogue: frCatalogue,
      errors: frErrors,
      auth: frAuth,
      bag: frBag,
      account: frAccount,
      favorites: frFavorites,
    },
  },
});
let switchedOnce = false;
i18n.on("languageChanged", (lng) => {
  switchedOnce = true;
  setHtmlLang(lng);
  remember(lng);
});
// The language the server wrote the page in (grocer/services/languages.py page_language: the
// page preview and the link tags), kept on <html lang> until the app shows another one.
export const SERVED_LANGUAGE =
  typeof document !== "undefined" ? supported(document.documentElement.lang) || "fr" : "fr";

/** Adds a namespace's French strings (i18n_ns/*.js) before the module that shows them renders,
 * and makes it known: loaded in the shown language, and in the next one chosen. */
export function addFrench(ns, strings) {
  if (!i18n.hasResourceBundle("fr", ns)) i18n.addResourceBundle("fr", ns, strings);
  i18n.loadNamespaces([ns]);
}

const SAVED = "preferredLanguage";
// The same choice as a cookie, the only copy a first request carries: the server writes the page
// preview, the loading shell and the link tags in it (grocer/services/languages.py, same name).
const COOKIE = "grocer_lang";
const COOKIE_MAX_AGE = 365 * 24 * 3600;

function rememberCookie(lng) {
  try {
    const wanted = `${COOKIE}=${lng}`;
    if (document.cookie.split("; ").includes(wanted)) return;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${wanted}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  } catch (e) {
    // cookies blocked: the server's pages read Accept-Language instead
  }
}

function remember(lng) {
  const code = supported(lng);
  if (!code) return;
  rememberCookie(code);
  try {
    window.localStorage.setItem(SAVED, code);
  } catch (e) {
    // private mode or storage full: the choice lasts for this page only
  }
}

function supported(value) {
  const lng = String(value || "").slice(0, 2).toLowerCase();
  return LANGUAGES.includes(lng) ? lng : null;
}

/** `?lang=` of the address (a shared link or a search engine's alternate), when supported: the
 * server wrote the page in it, so the app shows it too (and remembers it, like a choice). */
function askedLanguage() {
  try {
    const asked = new URLSearchParams(window.location.search).get("lang") || "";
    return asked.length === 2 || asked.length === 5 ? supported(asked) : null;
  } catch (e) {
    return null;
  }
}

function cookieLanguage() {
  try {
    const found = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
    return found ? supported(found.slice(COOKIE.length + 1)) : null;
  } catch (e) {
    return null;
  }
}

/** The shopper's language, in the spec's order: the saved preference, the browser's languages,
 * the page's language attribute; French otherwise. `?lang=` comes first and the cookie right
 * after the saved preference, as on the server (the two copies only differ when one was lost). */
export function wantedLanguage() {
  let saved = null;
  try {
    saved = window.localStorage.getItem(SAVED);
  } catch (e) {
    saved = null;
  }
  const browser = navigator.languages && navigator.languages.length
    ? navigator.languages
    : [navigator.language];
  return (
    askedLanguage() ||
    supported(saved) ||
    cookieLanguage() ||
    browser.map(supported).find(Boolean) ||
    supported(document.documentElement.lang) ||
    "fr"
  );
}

/** Switch the language of every visible text at once; remembered under preferredLanguage. */
export function setLanguage(lng) {
  if (LANGUAGES.includes(lng)) {
    return i18n.changeLanguage(lng);
  }
}

// The language the page switches to once hydrated, read as the page starts.
const STARTUP_LANGUAGE = typeof window !== "undefined" ? wantedLanguage() : "fr";

/** Whether `lng` is only the French the page hydrates in, the shopper's language still to come:
 * the server's `<html lang>` and the states' language stay until then. */
export function hydrationFrench(lng) {
  return lng === "fr" && !switchedOnce && STARTUP_LANGUAGE !== "fr";
}

const translate = (key, options) => i18n.t(key, options);

function shownLanguage() {
  return `${i18n.resolvedLanguage || ""}|${i18n.language || ""}`;
}

/** The one subscription of the page to the translator: the provider (an app wrap, mounted once at
 * the root) listens for language changes and loaded resources, and hands `[t, i18n]` to the
 * components that translate through a context. A change re-renders them in a transition: React
 * renders the new texts in short slices and shows them all in one commit, so the switch a
 * visitor's browser language asks for right after the first paint does not block the page for a
 * long task. (One listener per translating component used to cost the hydration of / a quarter
 * of its script time.) */
const I18nContext = createContext(null);
const FIRST = [translate, i18n];

export function ShopI18nProvider({ children }) {
  const [version, setVersion] = useState(0);
  const rendered = shownLanguage();
  useEffect(() => {
    const refresh = () => startTransition(() => setVersion((v) => v + 1));
    // A French bundle is added (addFrench) before the module that shows it renders, so no text
    // on screen changes: re-rendering every text for it cost each page a long task per dialog
    // namespace once the dialogs' modules arrived, after the page had settled (issue 21). A
    // bundle of the shown language fetched while its French stood in does change texts.
    const added = (language) => {
      if (language !== "fr" && language === i18n.language) refresh();
    };
    i18n.on("languageChanged", refresh);
    i18n.store.on("added", added);
    // The language may have changed between the first render and now.
    if (shownLanguage() !== rendered) refresh();
    // Hydrated in French: now the shopper's own language (remembered once switched to).
    const wanted = wantedLanguage();
    if (wanted !== i18n.language) i18n.changeLanguage(wanted);
    else remember(wanted);
    return () => {
      i18n.off("languageChanged", refresh);
      i18n.store.off("added", added);
    };
  }, []);
  // A new array (and function) per change, so memoised consumers see a new value.
  const value = useMemo(
    () => (version === 0 ? FIRST : [(key, options) => i18n.t(key, options), i18n]),
    [version],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

/** `[t, i18n]` for the components that translate (grocer/components/i18n.py). */
export function useShopTranslation() {
  return useContext(I18nContext) || FIRST;
}

/** Keeps <html lang> on the shown language once the page is hydrated (mounted once). */
export function HtmlLang() {
  const [, instance] = useShopTranslation();
  const lng = instance.resolvedLanguage || instance.language;
  useEffect(() => {
    if (hydrationFrench(lng)) return; // the server's lang stays until the switch is done
    setHtmlLang(lng);
  }, [lng]);
  return null;
}

if (typeof window !== "undefined") {
  // For LanguageState.set_language (a server handler asking the browser to switch).
  window.__grocerSetLanguage = setLanguage;
}

export default i18n;
