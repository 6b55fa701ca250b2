// i18next set-up, imported by every component that translates (see grocer/components/i18n.py).
// French is bundled (imported) and i18next is initialised synchronously in French before the
// first render, without Suspense, so that the prerendered HTML, the first paint and the first
// client render all read French (a first render in another language makes React throw the
// server's HTML away: a hydration mismatch). Once the page has hydrated, the shopper's language
// (saved preference, browser language, page language: spec 001 §9) is switched to in a
// transition; en, es and de are fetched from /locales/{lng}/{ns}.json when chosen.
import i18n from "i18next";
import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import HttpBackend from "i18next-http-backend";
import frCommon from "./locales/fr/common.json";
import frCatalogue from "./locales/fr/catalogue.json";
import frErrors from "./locales/fr/errors.json";
import frAuth from "./locales/fr/auth.json";
import frBag from "./locales/fr/bag.json";
import frAddress from "./locales/fr/address.json";
import frCheckout from "./locales/fr/checkout.json";
import frAccount from "./locales/fr/account.json";
import frSettings from "./locales/fr/settings.json";
import frWallet from "./locales/fr/wallet.json";
import frAddressbook from "./locales/fr/addressbook.json";
import frOrders from "./locales/fr/orders.json";
import frReferral from "./locales/fr/referral.json";
import frProfile from "./locales/fr/profile.json";
import frFavorites from "./locales/fr/favorites.json";
import frSecurity from "./locales/fr/security.json";

export const LANGUAGES = ["fr", "en", "es", "de"];
export const NAMESPACES = ["common", "catalogue", "errors", "auth", "bag", "address", "checkout", "account", "settings", "wallet", "addressbook", "orders", "referral", "profile", "favorites", "security"];

function setHtmlLang(lng) {
  if (typeof document !== "undefined" && lng) {
    document.documentElement.lang = lng.slice(0, 2);
  }
}

if (!i18n.isInitialized) {
  i18n
    .use(HttpBackend)
    .init({
      lng: "fr",
      resources: {
        fr: {
          common: frCommon,
          catalogue: frCatalogue,
          errors: frErrors,
          auth: frAuth,
          bag: frBag,
          address: frAddress,
          checkout: frCheckout,
          account: frAccount,
          settings: frSettings,
          wallet: frWallet,
          addressbook: frAddressbook,
          orders: frOrders,
          referral: frReferral,
          profile: frProfile,
          favorites: frFavorites,
          security: frSecurity,
        },
      },
      partialBundledLanguages: true,
      initAsync: false,
      fallbackLng: "fr",
      supportedLngs: LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: "languageOnly",
      ns: NAMESPACES,
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
      backend: {
        loadPath: "/locales/{{lng}}/{{ns}}.json",
        maxParallelReads: 10,
        maxRetries: 5,
        retryTimeout: 350,
      },
      react: { useSuspense: false },
    });
  i18n.on("languageChanged", (lng) => {
    setHtmlLang(lng);
    remember(lng);
  });
  setHtmlLang("fr");
}

const SAVED = "preferredLanguage";

function remember(lng) {
  try {
    window.localStorage.setItem(SAVED, lng);
  } catch (e) {
    // private mode or storage full: the choice lasts for this page only
  }
}

function supported(value) {
  const lng = String(value || "").slice(0, 2).toLowerCase();
  return LANGUAGES.includes(lng) ? lng : null;
}

/** The shopper's language, in the spec's order: the saved preference, the browser's languages,
 * the page's language attribute; French otherwise. */
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
    supported(saved) ||
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

const translate = (key, options) => i18n.t(key, options);

function shownLanguage() {
  return `${i18n.resolvedLanguage || ""}|${i18n.language || ""}`;
}

/** The one subscription of the page to i18next: the provider (an app wrap, mounted once at the
 * root) listens for language changes and loaded resources, and hands `[t, i18n]` to the
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
    i18n.on("languageChanged", refresh);
    i18n.store.on("added", refresh);
    // The language may have changed between the first render and now.
    if (shownLanguage() !== rendered) refresh();
    // Hydrated in French: now the shopper's own language (remembered once switched to).
    const wanted = wantedLanguage();
    if (wanted !== i18n.language) i18n.changeLanguage(wanted);
    else remember(wanted);
    return () => {
      i18n.off("languageChanged", refresh);
      i18n.store.off("added", refresh);
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
  useEffect(() => setHtmlLang(lng), [lng]);
  return null;
}

if (typeof window !== "undefined") {
  // For LanguageState.set_language (a server handler asking the browser to switch).
  window.__grocerSetLanguage = setLanguage;
}

export default i18n;
