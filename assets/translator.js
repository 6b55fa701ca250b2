// The shop's translator: the part of i18next the shop uses, in about a kilobyte instead of
// eighteen (i18next and its HTTP backend were a sixth of a page's script beyond Reflex's own,
// and their init and event emitter a quarter of the i18n chunk's time: issue 21). Same keys,
// same JSON files, same behaviour:
// - keys "namespace:path.to.key" (a known namespace before the colon; "common" without one);
// - plurals with `count`: key_<Intl plural category>, then key_other, then the key itself;
// - `{{name}}` filled from the options as text (no escaping: React escapes), and
//   `{{date, datetime(day: numeric; month: long)}}` formatted with Intl.DateTimeFormat;
// - a missing string falls back to French, then to the key itself;
// - other languages' files fetched from /locales/{lng}/{ns}.json (5 tries, 350 ms apart);
// - events: "languageChanged" (on the translator) and "added" (on its store).

const RETRIES = 5;
const RETRY_MS = 350;
const FALLBACK = "fr";
const PLACEHOLDER = /{{\s*([\w.]+)\s*(?:,\s*([^}]*?))?\s*}}/g;

function emitter() {
  const listeners = new Map();
  return {
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(fn);
    },
    off(event, fn) {
      listeners.get(event)?.delete(fn);
    },
    emit(event, ...args) {
      listeners.get(event)?.forEach((fn) => fn(...args));
    },
  };
}

function lookup(bundle, path) {
  let node = bundle;
  for (const part of path.split(".")) {
    if (node == null || typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** "datetime(day: numeric; month: long)" -> { day: "numeric", month: "long" } */
function dateOptions(format) {
  const inner = /\(([^)]*)\)/.exec(format);
  const options = {};
  (inner ? inner[1] : "").split(";").forEach((pair) => {
    const [name, value] = pair.split(":").map((s) => s && s.trim());
    if (name && value) options[name] = value;
  });
  return options;
}

function fill(text, values, lng) {
  if (!values || text.indexOf("{{") < 0) return text;
  return text.replace(PLACEHOLDER, (_, name, format) => {
    const value = values[name];
    if (value === undefined || value === null) return "";
    if (format && format.startsWith("datetime")) {
      try {
        return new Intl.DateTimeFormat(lng, dateOptions(format)).format(value);
      } catch (e) {
        return String(value);
      }
    }
    return String(value);
  });
}

const pluralRules = new Map();
function pluralCategory(lng, count) {
  if (!pluralRules.has(lng)) pluralRules.set(lng, new Intl.PluralRules(lng));
  return pluralRules.get(lng).select(count);
}

/** A translator over `resources` ({lng: {ns: strings}}), showing `lng` first, knowing the
 * namespaces `allNamespaces` (a key's prefix counts as a namespace only if it is one). */
export function createTranslator({ lng, languages, resources, allNamespaces, namespaces }) {
  const store = { data: resources, ...emitter() };
  const known = new Set(namespaces);
  const events = emitter();
  const loading = new Map();

  function find(lng, ns, key, count) {
    for (const language of lng === FALLBACK ? [FALLBACK] : [lng, FALLBACK]) {
      const bundle = store.data[language]?.[ns];
      if (!bundle) continue;
      if (typeof count === "number") {
        const text =
          lookup(bundle, `${key}_${pluralCategory(language, count)}`) ??
          lookup(bundle, `${key}_other`);
        if (text !== undefined) return [text, language];
      }
      const text = lookup(bundle, key);
      if (text !== undefined) return [text, language];
    }
    return null;
  }

  async function fetchBundle(language, ns) {
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      try {
        const response = await fetch(`/locales/${language}/${ns}.json`);
        if (response.ok) return await response.json();
        if (response.status < 500) return null;
      } catch (e) {
        // the network: try again
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    return null;
  }

  function load(language, list) {
    return Promise.all(
      list.map((ns) => {
        if (language === FALLBACK || store.data[language]?.[ns]) return null;
        const id = `${language}|${ns}`;
        if (!loading.has(id)) {
          loading.set(
            id,
            fetchBundle(language, ns).then((strings) => {
              if (strings) translator.addResourceBundle(language, ns, strings);
              else loading.delete(id); // asked again next time
            }),
          );
        }
        return loading.get(id);
      }),
    );
  }

  const translator = {
    isInitialized: true,
    language: lng,
    resolvedLanguage: lng,
    languages,
    store,
    on: events.on,
    off: events.off,
    t(key, options) {
      if (!key) return "";
      const text = String(key);
      const colon = text.indexOf(":");
      const ns = colon > 0 && allNamespaces.includes(text.slice(0, colon)) ? text.slice(0, colon) : "common";
      const path = ns === "common" && !text.startsWith("common:") ? text : text.slice(colon + 1);
      const found = find(translator.language, ns, path, options?.count);
      return found ? fill(found[0], options, found[1]) : path;
    },
    hasResourceBundle(language, ns) {
      return Boolean(store.data[language]?.[ns]);
    },
    addResourceBundle(language, ns, strings) {
      store.data[language] = { ...store.data[language], [ns]: strings };
      store.emit("added", language, ns);
    },
    loadNamespaces(list) {
      list.forEach((ns) => known.add(ns));
      return load(translator.language, list);
    },
    async changeLanguage(wanted) {
      const language = languages.includes(wanted) ? wanted : FALLBACK;
      await load(language, [...known]);
      translator.language = language;
      translator.resolvedLanguage = language;
      events.emit("languageChanged", language);
      return translator.t;
    },
  };
  return translator;
}
