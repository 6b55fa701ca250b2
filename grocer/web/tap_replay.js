// No lost taps (issue 19). The page paints long before the app can act on it: its scripts are
// asked for after `load` (grocer/web/paint_first.py), then React hydrates. A tap on the painted
// page in that time used to do nothing. grocer/web/tap_replay.py writes this script into the
// <head> of every built page (hashed into the Content-Security-Policy like the page's other
// inline scripts), so it listens from the first paint:
//
// - a click (a tap, or Enter/Space on a focused button, which the browser turns into a click)
//   on a control marked `data-tap="<key>"` that React does not run yet is stopped and
//   remembered, and the control is marked waiting (aria-busy, and a pulse from the style
//   written beside this script); a change of a `<select data-tap>` is remembered with its value;
// - once the app says it is ready (assets/app_ready.js, mounted in the page layout: React has
//   committed the hydrated page), each remembered action is done once on the LIVE control with
//   the same key (React may have replaced the painted node; the server's preview keeps painted
//   copies until the page's own data arrives), waiting up to MAX_WAIT_MS for it to appear;
// - after that, React handles live controls itself; a tap on a painted copy that React does not
//   run (a preview card's "+ Ajouter") is still caught and done on its live twin.
//
// Replaying right after hydration is a tap at that moment: Reflex queues the events of a tap
// until its websocket has connected and the page's state has been loaded (state.js,
// processEvent), then sends them in order. Several taps on one control before the app is ready
// count once (impatience, not intent: the bag gets one article, the menu opens once); for a
// select, the last value chosen counts. Plain links are left alone: they navigate as links do.
(function () {
  var MAX_WAIT_MS = 10000;
  var POLL_MS = 50;
  var WAITING = "data-tap-waiting";
  var pending = []; // [{key, value}] in the order the shopper acted
  var ready = false;
  var running = false;
  var since = 0;

  // React marks each element it runs with its own properties (__reactProps$<id>).
  function live(el) {
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length; i++) {
      if (keys[i].lastIndexOf("__reactProps$", 0) === 0) return true;
    }
    return false;
  }

  function caught(el) {
    return !!el && !(ready && live(el));
  }

  function controls(key) {
    return document.querySelectorAll('[data-tap="' + CSS.escape(key) + '"]');
  }

  function mark(key, on) {
    var els = controls(key);
    for (var i = 0; i < els.length; i++) {
      if (on) {
        els[i].setAttribute(WAITING, "");
        els[i].setAttribute("aria-busy", "true");
      } else if (els[i].hasAttribute(WAITING)) {
        els[i].removeAttribute(WAITING);
        els[i].removeAttribute("aria-busy");
      }
    }
  }

  function remember(key, value) {
    var entry = null;
    for (var i = 0; i < pending.length; i++) if (pending[i].key === key) entry = pending[i];
    if (entry) entry.value = value;
    else pending.push({ key: key, value: value });
    mark(key, true);
    if (ready) run();
  }

  // The control React runs now for `key`: live, shown and enabled.
  function twin(key) {
    var els = controls(key);
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (live(el) && el.getClientRects().length && !el.disabled) return el;
    }
    return null;
  }

  function act(el, value) {
    if (value === null) {
      el.click();
      return;
    }
    // A select: set the value the way the browser does, then tell React (onChange).
    var setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set;
    setter.call(el, value);
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function step() {
    var entry = pending[0];
    if (!entry) {
      running = false;
      return;
    }
    var el = twin(entry.key);
    if (el || Date.now() - since > MAX_WAIT_MS) {
      pending.shift();
      mark(entry.key, false);
      if (el) act(el, entry.value);
      since = Date.now();
      setTimeout(step, 0);
      return;
    }
    setTimeout(step, POLL_MS);
  }

  function run() {
    if (running) return;
    running = true;
    since = Date.now();
    step();
  }

  addEventListener(
    "click",
    function (event) {
      var el = event.target.closest && event.target.closest("[data-tap]");
      if (!caught(el) || el.tagName === "SELECT") return;
      // While the websocket is down the bag is kept in the browser (assets/offline.js): an
      // add-to-bag tap is its to take, on the card the shopper sees.
      if (window.__grocerBagKept && el.hasAttribute("data-bag-add")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      remember(el.getAttribute("data-tap"), null);
    },
    true
  );

  addEventListener(
    "change",
    function (event) {
      var el = event.target;
      if (el.tagName !== "SELECT" || !el.hasAttribute("data-tap") || !caught(el)) return;
      event.stopImmediatePropagation();
      remember(el.getAttribute("data-tap"), el.value);
    },
    true
  );

  // A press on the painted page before the app runs (a kept tap, the painted stepper): the
  // shopper is acting already, so the app asks for its dialogs' code as it starts
  // (assets/idle.js, tappedBeforeTheApp). A press, not a click: a kept tap's click goes no
  // further than its own listener above.
  function touched() {
    if (!ready) window.__grocerTouched = true;
  }
  addEventListener("pointerdown", touched, true);
  addEventListener("keydown", touched, true);

  // The product page's quantity stepper as the server painted it (grocer/web/preview_html.py:
  // `data-preview-step` on − and +) answers at once, before the app runs: the shopper sets the
  // quantity while the scripts are on their way (seconds on a slow link). The quantity is kept
  // in window.__grocerPreviewQuantity ({id, quantity}); the app's stepper takes it over as it
  // mounts (assets/page_product.js), so what the shopper chose is what "Add To Cart" adds.
  addEventListener(
    "click",
    function (event) {
      var el = event.target.closest && event.target.closest("[data-preview-step]");
      if (!el || live(el)) return;
      var box = el.closest("[data-preview-stepper]");
      var shown = box && box.querySelector("[role=status]");
      if (!shown) return;
      event.preventDefault();
      var max = parseInt(box.getAttribute("data-max"), 10) || 99;
      var now = parseInt(shown.textContent, 10) || 1;
      var next = Math.max(1, Math.min(max, now + parseInt(el.getAttribute("data-preview-step"), 10)));
      shown.textContent = String(next);
      var less = box.querySelector('[data-preview-step="-1"]');
      if (less) less.disabled = next <= 1;
      window.__grocerPreviewQuantity = { id: box.getAttribute("data-product-id"), quantity: next };
    },
    true
  );

  function start() {
    if (ready) return;
    ready = true;
    run();
  }

  addEventListener("grocer:ready", start);
  if (window.__grocerReady) start();
})();
