// following: a page with [data-follow] asks the server every 1.5 s while it is seen (a
// server that holds the question until something changes, again as soon as it answers)
// whether what it shows is still the truth, sending the tag of what it has. Unchanged is
// a 304 of a few hundred bytes; changed is the page's body, whose [data-live] parts are
// swapped in (views/live.py). A form being typed in stays as it is and is told the new
// version, so that its save is based on the sheet now shown; but not a form whose send is
// waiting (static/js/send.js): that one was based on the sheet its person saw, and its
// part of the page stays as it is. An entry
// form that another phone's entry overtook is checked against what was saved (views/
// games.py, `twin`): the same entry is cleared rather than saved twice, another one keeps
// what was typed and its button says what it will now do. Hidden, the page asks nothing;
// offline, it asks less and less often; back, it asks at once. A page whose body the
// sender swapped (a refused form) is followed afresh.
(function () {
  "use strict";
  if (!window.fetch || !window.DOMParser) { return; }
  var EVERY = 1500;
  var SLOWEST = 30000;
  var current = null;

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
  // version its forms are based on follow the new page, but for a form waiting to be sent
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
    return part;
  }

  // an entry form kept while another phone saved the entry it was opened for: the same
  // entry (views/games/entries.py, `twin`) gives way to the fresh form, and the page says so
  function same(a, b) {
    var x = [], y = [];
    a.forEach(function (value, name) { x.push(name + "=" + value); });
    b.forEach(function (value, name) { y.push(name + "=" + value); });
    return x.join("&") === y.join("&");
  }

  // `data`: the form as it was typed, before `keep` redrew what nothing was tapped in
  // (in dice poker, whose turn it is: the same turn is the same player's); `kept`: the
  // form once kept, to tell whether anything was typed while the server was asked
  function twin(root, tag, form, data, kept, fresh, say) {
    // a form waiting to be sent is answered by the server, which knows whether it was
    // this phone's own send that got through
    var opened = form.elements.entry;
    var now = fresh.querySelector('form [name="entry"]');
    if (!form.dataset.twinUrl || form.dataset.pending || !opened || !now ||
        Number(now.value) <= Number(opened.value)) {
      return;
    }
    fetch(form.dataset.twinUrl, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : {}; })
      .then(function (answer) {
        // a later change of the sheet asks again; a form sent or changed since was not
        // what was asked about
        if (!form.isConnected || root.dataset.tag !== tag || form.dataset.pending ||
            !same(new FormData(form), kept)) {
          return;
        }
        if (answer.twin) {
          if (window.Companion.unsend) { window.Companion.unsend(form); }
          swap(form.closest("[data-live]"), fresh);
          say(answer.twin);
        } else if (answer.save) {
          var button = form.querySelector('[data-live-text="save"]');
          if (button) { button.textContent = answer.save; }
        }
      })
      .catch(function () { /* offline: asked again with the next change */ });
  }

  // one page followed: `root` is its [data-follow]; it stops once the sender swapped the
  // page's body for another
  function follow(root) {
    var wait = EVERY;
    var timer = null;
    var asking = false;

    function say(sentence) {
      var line = root.querySelector("[data-said-line]");
      if (line && sentence) {
        line.textContent = /[.!?]$/.test(sentence) ? sentence : sentence + ".";
      }
    }

    function apply(html) {
      var next = new DOMParser().parseFromString(html, "text/html").querySelector("[data-follow]");
      if (!next) { return; }
      say(next.dataset.said);
      next.querySelectorAll("[data-live]").forEach(function (fresh) {
        var mine = root.querySelector('[data-live="' + fresh.dataset.live + '"]');
        if (!mine) { return; }
        // a part whose form waits to be sent stays as it is, what it says and its version
        // too, even where the new page has no such form (the game ended on another
        // phone): the server's answer to that send says what became of it
        if (mine.querySelector("form[data-pending]")) { return; }
        var form = filling(mine);
        if (form && fresh.querySelector('form[action="' + form.getAttribute("action") + '"]')) {
          var typed = new FormData(form);
          keep(mine, fresh);
          twin(root, next.dataset.tag, form, typed, new FormData(form), fresh, say);
        } else {
          swap(mine, fresh);
        }
      });
      root.dataset.tag = next.dataset.tag;
    }

    // `pause`: how long from now; a server that held the question until something
    // changed (companion/following.py) is asked again at once, any other 1.5 s after it
    // was last asked
    function later(pause) {
      clearTimeout(timer);
      if (document.visibilityState !== "hidden") {
        timer = setTimeout(ask, pause === undefined ? wait : pause);
      }
    }

    function ask() {
      clearTimeout(timer);
      if (!root.isConnected) { return; }
      if (asking || document.visibilityState === "hidden") { return; }
      asking = true;
      var asked = Date.now();
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
          if (response.status === 200 && root.isConnected) { apply(html); }
        });
      }).catch(function () {
        wait = Math.min(wait * 2, SLOWEST);
      }).then(function () {
        asking = false;
        if (wait === EVERY) {
          later(Math.max(0, EVERY - (Date.now() - asked)));
        } else if (wait !== Infinity) {
          later();
        }
      });
    }

    function now() {
      if (wait === Infinity || !root.isConnected) { return; }
      wait = EVERY;
      ask();
    }

    function hide() { clearTimeout(timer); }

    later();
    return { now: now, hide: hide };
  }

  document.addEventListener("visibilitychange", function () {
    if (!current) { return; }
    if (document.visibilityState === "visible") { current.now(); } else { current.hide(); }
  });
  window.addEventListener("online", function () { if (current) { current.now(); } });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && current) { current.now(); }
  });
  window.Companion.enhance("[data-follow]", function (root) { current = follow(root); });
})();
