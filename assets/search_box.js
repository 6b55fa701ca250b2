// The header's search box (grocer/components/search_box.py): an ARIA 1.2 combobox. While the
// shopper types (debounced), it asks /api/v1/search/suggest in the language shown and lists at
// most 8 categories and articles; arrows move, Enter opens the highlighted one or the results
// page /recherche?q=…, Escape closes. It talks to the API over HTTP, not through the page's
// state: a keystroke costs no websocket round trip and re-renders this box alone.
import { createElement as h, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { hydrationFrench, SERVED_LANGUAGE, useShopTranslation } from "./i18n.js";

const DELAY_MS = 150;
const MIN_LENGTH = 2;
const answers = new Map(); // "lang|query" -> suggestions (this page's lifetime)

function targetOf(item, query) {
  if (item.kind === "article") return `/produit/${item.id}`;
  return `/recherche?${new URLSearchParams({ q: query, categoryId: String(item.id) })}`;
}

export function resultsHref(query) {
  return `/recherche?${new URLSearchParams({ q: query.trim() })}`;
}

export function SearchCombobox({ inputId, placeholder, inputClass, listLabel, categoryLabel }) {
  const [, i18n] = useShopTranslation();
  const lang = i18n.resolvedLanguage || i18n.language || "fr";
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [items, setItems] = useState([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef(null);
  const request = useRef(null);
  const listId = `${inputId}-suggestions`;

  useEffect(() => {
    clearTimeout(timer.current);
    const query = value.trim();
    if (query.length < MIN_LENGTH) {
      setItems([]);
      setActive(-1);
      return undefined;
    }
    const key = `${lang}|${query}`;
    if (answers.has(key)) {
      setItems(answers.get(key));
      setActive(-1);
      return undefined;
    }
    timer.current = setTimeout(() => {
      if (request.current) request.current.abort();
      const controller = new AbortController();
      request.current = controller;
      const url = `/api/v1/search/suggest?${new URLSearchParams({ q: query, lang })}`;
      fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : []))
        .then((found) => {
          const list = Array.isArray(found) ? found.slice(0, 8) : [];
          answers.set(key, list);
          setItems(list);
          setActive(-1);
        })
        .catch(() => {}); // aborted or offline: the box still searches on Enter
    }, DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [value, lang]);

  const expanded = open && items.length > 0 && value.trim().length >= MIN_LENGTH;

  function go(href) {
    setOpen(false);
    setActive(-1);
    navigate(href);
  }

  function submit() {
    if (expanded && active >= 0 && items[active]) go(targetOf(items[active], value.trim()));
    else if (value.trim().length > 0) go(resultsHref(value));
  }

  function onKeyDown(event) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (items.length) setActive((i) => (i + 1) % items.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (items.length) setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setValue("");
      }
    }
  }

  const optionId = (i) => `${listId}-${i}`;
  return h(
    "div",
    { className: "relative w-full" },
    h("input", {
      id: inputId,
      type: "search",
      name: "q",
      placeholder,
      autoComplete: "off",
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": expanded ? "true" : "false",
      "aria-controls": listId,
      "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
      className: inputClass,
      value,
      onChange: (event) => {
        setValue(event.target.value);
        setOpen(true);
      },
      onKeyDown,
      onFocus: () => setOpen(true),
      onBlur: () => setOpen(false),
    }),
    h(
      "ul",
      {
        id: listId,
        role: "listbox",
        "aria-label": listLabel,
        hidden: !expanded,
        className:
          "absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-auto rounded-2xl border " +
          "border-gray-100 bg-white py-2 text-sm shadow-lg",
      },
      expanded
        ? items.map((item, i) =>
            h(
              "li",
              {
                key: `${item.kind}-${item.id}`,
                id: optionId(i),
                role: "option",
                "aria-selected": i === active ? "true" : "false",
                "data-kind": item.kind,
                className:
                  "flex cursor-pointer items-center justify-between gap-3 px-4 py-2 " +
                  (i === active ? "bg-green-50 text-green-800" : "text-gray-800"),
                // mousedown, not click: the input's blur would close the list first
                onMouseDown: (event) => {
                  event.preventDefault();
                  go(targetOf(item, value.trim()));
                },
                onMouseEnter: () => setActive(i),
              },
              h("span", { className: "truncate" }, item.name),
              item.kind === "category"
                ? h("span", { className: "shrink-0 text-xs text-gray-500" }, categoryLabel)
                : null,
            ),
          )
        : null,
    ),
  );
}

/** Calls `onLanguage(code)` when the language shown is not the one the server wrote the page in
 * once the page runs (the page hydrates in French; the states start in the page's language,
 * grocer/state/language.py) and on every switch after: the catalogue's states then load their
 * names and descriptions in that language (grocer/components/catalogue_language.py). */
export function LanguageWatch({ onLanguage }) {
  const [, i18n] = useShopTranslation();
  const lang = i18n.resolvedLanguage || i18n.language || "fr";
  const reported = useRef(SERVED_LANGUAGE);
  useEffect(() => {
    if (hydrationFrench(lang)) return; // the shopper's language is on its way: not a choice
    if (lang !== reported.current) {
      reported.current = lang;
      if (onLanguage) onLanguage(lang);
    }
  }, [lang]);
  return null;
}
