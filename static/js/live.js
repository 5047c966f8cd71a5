// following: a page with [data-follow] asks the server every 1.5 s, while it is seen,
// whether what it shows is still the truth, sending the tag of what it has. Unchanged is
// a 304 of a few hundred bytes; changed is the page's body, whose [data-live] parts are
// swapped in (views/live.py). A form being typed in stays as it is and is told the new
// version, so that its save is based on the sheet now shown. Hidden, the page asks
// nothing; offline, it asks less and less often; back, it asks at once.
(function () {
  "use strict";
  var root = document.querySelector("[data-follow]");
  if (!root || !window.fetch || !window.DOMParser) { return; }
  var EVERY = 1500;
  var SLOWEST = 30000;
  var wait = EVERY;
  var timer = null;
  var asking = false;

  // a form is being filled in once something in it was typed or tapped (and so is that
  // field)
  function touch(event) {
    var target = event.target;
    var form = target.form || (target.closest && target.closest("form"));
    if (form) { form.dataset.touched = "1"; }
    if (target.form) { target.dataset.touched = "1"; }
  }
  document.addEventListener("input", touch, true);
  document.addEventListener("change", touch, true);

  // the form in this part that is being filled in: typed in, or a field focused
  function filling(part) {
    var focused = document.activeElement;
    if (focused && part.contains(focused) && focused.form &&
        focused.matches("input:not([type=hidden]), select, textarea")) {
      return focused.form;
    }
    return part.querySelector("form[data-touched]");
  }

  // a part left as it is: its texts (the entry's heading, the Save button, the dealer),
  // the parts of its form nothing was tapped in (whose turn it is in dice poker) and the
  // version its forms are based on follow the new page
  function keep(mine, fresh) {
    fresh.querySelectorAll("[data-live-text]").forEach(function (text) {
      var old = mine.querySelector('[data-live-text="' + text.dataset.liveText + '"]');
      if (old) { old.textContent = text.textContent; }
    });
    var redrawn = false;
    fresh.querySelectorAll("[data-live-part]").forEach(function (part) {
      var old = mine.querySelector('[data-live-part="' + part.dataset.livePart + '"]');
      if (old && !old.querySelector("[data-touched]") && !old.contains(document.activeElement)) {
        swap(old, part);
        redrawn = true;
      }
    });
    // the live preview scores what the redrawn parts now offer
    if (redrawn) { mine.querySelector("form").dispatchEvent(new Event("change")); }
    var version = fresh.querySelector('input[name="version"]');
    if (!version) { return; }
    mine.querySelectorAll('input[name="version"]').forEach(function (input) {
      input.value = version.value;
    });
  }

  function swap(mine, fresh) {
    var part = document.importNode(fresh, true);
    // folds stay open or closed as the reader left them
    var folds = mine.querySelectorAll("details");
    var fresh_folds = part.querySelectorAll("details");
    if (folds.length === fresh_folds.length) {
      folds.forEach(function (fold, i) { fresh_folds[i].open = fold.open; });
    }
    mine.replaceWith(part);
    window.Companion.refresh(part);
  }

  function say(sentence) {
    var line = root.querySelector("[data-said-line]");
    if (line && sentence) {
      line.textContent = sentence + ".";
    }
  }

  function apply(html) {
    var next = new DOMParser().parseFromString(html, "text/html").querySelector("[data-follow]");
    if (!next) { return; }
    next.querySelectorAll("[data-live]").forEach(function (fresh) {
      var mine = root.querySelector('[data-live="' + fresh.dataset.live + '"]');
      if (!mine) { return; }
      var form = filling(mine);
      if (form && fresh.querySelector('form[action="' + form.getAttribute("action") + '"]')) {
        keep(mine, fresh);
      } else {
        swap(mine, fresh);
      }
    });
    root.dataset.tag = next.dataset.tag;
    say(next.dataset.said);
  }

  function later() {
    clearTimeout(timer);
    if (document.visibilityState !== "hidden") { timer = setTimeout(ask, wait); }
  }

  function ask() {
    clearTimeout(timer);
    if (asking || document.visibilityState === "hidden") { return; }
    asking = true;
    fetch(root.dataset.follow, {
      headers: { "If-None-Match": '"' + root.dataset.tag + '"' },
      cache: "no-store", credentials: "same-origin"
    }).then(function (response) {
      if (response.status === 404) {
        // in the page's language (base.html: <body data-deleted>)
        say(document.body.dataset.deleted || "This was deleted on another phone");
        wait = Infinity;
        return null;
      }
      if (response.status !== 200 && response.status !== 304) { throw new Error("busy"); }
      wait = EVERY;
      // a 304's empty body is read too, so that the request ends rather than is cancelled
      return response.text().then(function (html) {
        if (response.status === 200) { apply(html); }
      });
    }).catch(function () {
      wait = Math.min(wait * 2, SLOWEST);
    }).then(function () {
      asking = false;
      if (wait !== Infinity) { later(); }
    });
  }

  function now() {
    if (wait === Infinity) { return; }
    wait = EVERY;
    ask();
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { now(); } else { clearTimeout(timer); }
  });
  window.addEventListener("online", now);
  window.addEventListener("pageshow", function (event) { if (event.persisted) { now(); } });
  later();
})();
