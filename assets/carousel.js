// Small client-side widgets wrapped as Reflex components (grocer/components/carousel.py):
// an embla carousel whose arrows live anywhere on the page (embla loaded when one starts), a
// rotator and a delayed reveal.
import { Children, Fragment, createElement, isValidElement, useEffect, useRef, useState } from "react";

/** embla itself, asked for when the first carousel starts: a page's first scripts do not carry
 * it (issue 21), and a carousel is a plain row until it starts anyway. */
let embla = null;
function loadEmbla() {
  embla ??= import("embla-carousel").then((module) => module.default);
  return embla;
}

const OPTIONS = { loop: true, align: "start", dragThreshold: 50, slidesToScroll: 1 };

const registry = new Map();
/** Carousels not started yet: id -> start(), and the arrow press that asked for it. */
const sleepers = new Map();
const pendingMoves = new Map();
/** Start a carousel this far before it scrolls into view. */
const WAKE_MARGIN = "200px";

/** The children as a flat list: Reflex wraps a foreach in a Fragment. */
function flatten(children) {
  return Children.toArray(children).flatMap((child) =>
    isValidElement(child) && child.type === Fragment ? flatten(child.props.children) : [child],
  );
}

/** Load the pictures of a carousel's later slides (kept in data-src / data-srcset). */
function revealSlides(container) {
  container.querySelectorAll("img[data-src]").forEach((img) => {
    img.parentElement?.querySelectorAll("source[data-srcset]").forEach((source) => {
      source.srcset = source.dataset.srcset;
      source.removeAttribute("data-srcset");
    });
    if (img.dataset.srcset) img.srcset = img.dataset.srcset;
    img.src = img.dataset.src;
    img.removeAttribute("data-src");
  });
}

/** Move the carousel registered under `id` by one slide (dir -1 or 1), wrapping around. A
 * carousel that has not started yet starts now and makes the move once it is ready. */
export function scrollCarousel(id, dir) {
  const api = registry.get(id);
  if (!api) {
    pendingMoves.set(id, dir);
    sleepers.get(id)?.();
    return;
  }
  revealSlides(api.containerNode());
  if (dir < 0) api.scrollPrev();
  else api.scrollNext();
}

/** Run `fn` when the main thread is idle (each carousel's measuring is then its own short
 * task instead of part of the page's first render). */
function whenIdle(fn) {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(fn, { timeout: 1500 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(fn, 1);
  return () => clearTimeout(handle);
}

/** An embla carousel (loop, swipe over 50 px). The slides are the container's DOM children
 * (the Python side wraps each item), so a memoised list of slides works too; embla measures
 * them again when they change. Until it comes near the viewport, or the shopper touches,
 * focuses or presses an arrow of it, a carousel is a plain row: embla's measuring of every
 * slide (forced layouts) is the costliest script work of a page of rows on a phone. */
export function Carousel({ id, className, containerClassName, ariaLabel, children }) {
  const [api, setApi] = useState(null);
  const nodeRef = useRef(null);
  const [awake, setAwake] = useState(false);
  useEffect(() => {
    const node = nodeRef.current;
    if (awake || !node) return undefined;
    const wake = () => setAwake(true);
    const cancels = [];
    const watcher = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          watcher.disconnect();
          cancels.push(whenIdle(wake));
        }
      },
      { rootMargin: WAKE_MARGIN },
    );
    watcher.observe(node);
    node.addEventListener("pointerdown", wake);
    node.addEventListener("focusin", wake);
    if (id) sleepers.set(id, wake);
    return () => {
      watcher.disconnect();
      cancels.forEach((cancel) => cancel());
      node.removeEventListener("pointerdown", wake);
      node.removeEventListener("focusin", wake);
      if (id && sleepers.get(id) === wake) sleepers.delete(id);
    };
  }, [awake, id]);
  useEffect(() => {
    // embla watches the slides and the sizes itself (a changed list is measured again).
    const node = nodeRef.current;
    if (!awake || !node) return undefined;
    let live = true;
    let instance = null;
    loadEmbla()
      .then((EmblaCarousel) => {
        if (!live) return;
        instance = EmblaCarousel(node, OPTIONS);
        setApi(instance);
      })
      .catch(() => {
        embla = null; // not arrived (offline): a plain row; the next carousel asks again
      });
    return () => {
      live = false;
      instance?.destroy();
    };
  }, [awake]);
  useEffect(() => {
    if (!api || !id) return undefined;
    registry.set(id, api);
    if (pendingMoves.has(id)) {
      const dir = pendingMoves.get(id);
      pendingMoves.delete(id);
      scrollCarousel(id, dir);
    }
    return () => {
      if (registry.get(id) === api) registry.delete(id);
    };
  }, [api, id]);
  useEffect(() => {
    // Pictures of later slides (data-src / data-srcset) load when the shopper moves the
    // carousel (or starts to drag it), so they never compete with the page's first paint.
    if (!api) return undefined;
    const reveal = () => revealSlides(api.containerNode());
    api.on("pointerDown", reveal);
    api.on("select", reveal);
    const root = api.rootNode();
    root.addEventListener("focusin", reveal, { once: true });
    return () => {
      api.off("pointerDown", reveal);
      api.off("select", reveal);
      root.removeEventListener("focusin", reveal);
    };
  }, [api]);
  return createElement(
    "div",
    {
      ref: nodeRef,
      className: className,
      role: "region",
      "aria-roledescription": "carousel",
      "aria-label": ariaLabel,
      id: id,
    },
    createElement("div", { className: containerClassName }, children),
  );
}

/** Shows one of its DOM children at a time and moves to the next every `interval` ms when
 * there are several. Before it runs (prerendered HTML), CSS shows only the first child. */
export function Rotator({ interval = 5000, className, children }) {
  const ref = useRef(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    let index = 0;
    const show = () => {
      const items = Array.from(box.children);
      if (!items.length) return;
      index %= items.length;
      items.forEach((item, i) => item.toggleAttribute("data-off", i !== index));
      box.dataset.ready = "1";
    };
    show();
    const observer = new MutationObserver(() => show());
    observer.observe(box, { childList: true });
    const timer = setInterval(() => {
      index += 1;
      show();
    }, interval);
    return () => {
      clearInterval(timer);
      observer.disconnect();
    };
  }, [interval]);
  return createElement("div", { ref, className, "aria-live": "polite" }, children);
}

/** Shows its first child for `delay` ms after mounting, then the others. */
export function Delayed({ delay = 2000, children }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  const [fallback, ...rest] = flatten(children);
  return ready ? rest : fallback ?? null;
}

/** onError for <img>: switch once to the shop's fallback image. */
export function imageFallback(event) {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = "1";
  img.removeAttribute("srcset");
  img.src = "/img/fallback.webp";
}

/** Keep a product's data for its page (shown if loading it fails), then let the link navigate. */
export function rememberProduct(product) {
  try {
    if (product && product.id != null) {
      localStorage.setItem(`product_${product.id}`, JSON.stringify(product));
    }
  } catch (e) {
    // storage full or disabled: the product page loads from the server anyway
  }
}

/** A checkbox group with an "all" box (data-group / data-all): "all" unticks the others,
 * another box unticks "all", and "all" comes back when nothing else is ticked. */
export function toggleGroup(event) {
  const box = event.currentTarget;
  const form = box.form;
  const group = box.dataset.group;
  if (!form || !group) return;
  const boxes = Array.from(form.querySelectorAll(`input[data-group="${group}"]`));
  const all = boxes.find((b) => b.dataset.all === "1");
  const others = boxes.filter((b) => b !== all);
  if (box === all) {
    if (all.checked) others.forEach((b) => (b.checked = false));
    else if (!others.some((b) => b.checked)) all.checked = true;
  } else if (all) {
    all.checked = !others.some((b) => b.checked);
  }
}

// Pictures below the fold (img[data-lazy-src]) load when they come within 300 px of the
// viewport. The browser's own loading="lazy" starts 1250-2500 px early and loads every card of
// every carousel row at once; on a phone plan that is most of the page's bytes.
const LAZY_MARGIN = "300px";
if (typeof window !== "undefined" && "IntersectionObserver" in window) {
  const load = (img) => {
    const src = img.getAttribute("data-lazy-src");
    if (src) {
      img.src = src;
      img.removeAttribute("data-lazy-src");
    }
  };
  const watcher = new IntersectionObserver(
    (entries) =>
      entries.forEach((entry) => {
        if (entry.isIntersecting) {
          watcher.unobserve(entry.target);
          load(entry.target);
        }
      }),
    { rootMargin: LAZY_MARGIN },
  );
  const scan = (root) =>
    root.querySelectorAll?.("img[data-lazy-src]").forEach((img) => watcher.observe(img));
  const start = () => {
    scan(document);
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") {
          if (record.target.hasAttribute("data-lazy-src")) watcher.observe(record.target);
        } else {
          record.addedNodes.forEach((node) => {
            if (node.nodeType !== 1) return;
            if (node.matches("img[data-lazy-src]")) watcher.observe(node);
            else scan(node);
          });
        }
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["data-lazy-src"],
    });
  };
  if (document.body) start();
  else window.addEventListener("DOMContentLoaded", start, { once: true });
}
