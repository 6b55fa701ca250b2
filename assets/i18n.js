// i18next set-up, imported by every component that translates (see grocer/components/i18n.py).
// French is bundled (imported) and i18next is initialised synchronously before the first render,
// without Suspense, so that the prerendered HTML and the first paint already read French; en, es
// and de are fetched from /locales/{lng}/{ns}.json when chosen.
import i18n from "i18next";
import { startTransition, useEffect, useState } from "react";
import { initReactI18next, useTranslation } from "react-i18next";
import HttpBackend from "i18next-http-backend";
import LanguageDetector from "i18next-browser-languagedetector";
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
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
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
      detection: {
        order: ["localStorage", "navigator", "htmlTag"],
        lookupLocalStorage: "preferredLanguage",
        caches: ["localStorage"],
      },
      backend: {
        loadPath: "/locales/{{lng}}/{{ns}}.json",
        maxParallelReads: 10,
        maxRetries: 5,
        retryTimeout: 350,
      },
      react: { useSuspense: false },
    });
  i18n.on("languageChanged", setHtmlLang);
  setHtmlLang(i18n.resolvedLanguage || i18n.language);
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

/** `[t, i18n]` for the components that translate (grocer/components/i18n.py). Unlike
 * react-i18next's hook (a synchronous external store), a language change re-renders them in a
 * transition: React renders the new texts in short slices and shows them all in one commit, so
 * the switch a visitor's browser language asks for right after the first paint does not block
 * the page for a long task. */
export function useShopTranslation() {
  const [, setVersion] = useState(0);
  const rendered = shownLanguage();
  useEffect(() => {
    const refresh = () => startTransition(() => setVersion((v) => v + 1));
    i18n.on("languageChanged", refresh);
    i18n.store.on("added", refresh);
    // The language may have changed between this render and now.
    if (shownLanguage() !== rendered) refresh();
    return () => {
      i18n.off("languageChanged", refresh);
      i18n.store.off("added", refresh);
    };
  }, [rendered]);
  return [translate, i18n];
}

/** Keeps <html lang> on the shown language once the page is hydrated (mounted once). */
export function HtmlLang() {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage || instance.language;
  useEffect(() => setHtmlLang(lng), [lng]);
  return null;
}

if (typeof window !== "undefined") {
  // For LanguageState.set_language (a server handler asking the browser to switch).
  window.__grocerSetLanguage = setLanguage;
}

export default i18n;
