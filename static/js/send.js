// sending in the background: a form marked [data-send] (an entry, a correction, an undo,
// abandoning, a rematch, a new game, a player added to the night) is posted by fetch, and
// the page changes only once the server answered: to the page it names after a save
// (views/once.py, `background`), or to the page it answered with (a refusal: the form as
// typed, with a sentence beside the field). When the network fails, everything typed
// stays, the form's line says it is not sent yet, and it is sent again by itself (as soon
// as the phone is back online, and after 2, 4, 8 ... 30 s) with the same one-time key: the
// server answers a send that did get through the first time as it did then, and stores
// nothing twice. An entry form's send ([data-keep]) is kept in this site's localStorage
// until it is answered, so that a reload or a tab closed and opened again sends it with
// the page: the server alone knows whether it was stored, or whether the sheet moved on
// (then the values come back in the form, with a sentence, for the person to decide).
// Without this file the forms post as plain forms.
(function () {
  "use strict";
  if (!window.fetch || !window.FormData || !window.DOMParser || !window.URL) { return; }
  var STORE = "companion-unsent";
  var KEPT = 7 * 24 * 3600 * 1000;  // the server's keys answer for 7 days (companion/once.py)
  var FIRST = 2000;
  var SLOWEST = 30000;
  // a request with no answer by then is given up and sent again (the same key)
  var PATIENCE = 20000;
  // not an answer to the form, which is sent again: a proxy without its app (502, 504), a
  // database restarting (503), and anything the server asks to retry (Retry-After: the
  // table busy at that moment)
  var NOT_YET = [502, 503, 504];
  // true while the forms of a page loaded or swapped in are enhanced: only they take back
  // an entry kept unsent (not a part the follower swaps in later)
  var loading = false;

  // the words, in the page's language: the form's own (its entry named), else the page's
  // (base.html: <body data-word-sending ...>)
  function word(form, name, english) {
    var key = "word" + name;
    return form.dataset[key] || document.body.dataset[key] || english;
  }

  // the form's line above its button: what became of the last tap, read out by screen
  // readers (it is there, empty, before anything is said in it)
  function line(form) {
    var el = form.querySelector("[data-send-line]");
    if (!el) {
      el = document.createElement("p");
      el.className = "send-line";
      el.setAttribute("role", "status");
      el.setAttribute("data-send-line", "");
      var button = form.querySelector("[type=submit]");
      var bar = form.querySelector(".action-bar");
      if (bar) { bar.insertBefore(el, bar.firstChild); }
      else if (button) { button.parentNode.insertBefore(el, button); }
      else { form.appendChild(el); }
    }
    return el;
  }

  function say(form, text, state) {
    var el = line(form);
    el.textContent = text;
    el.setAttribute("data-state", state);
  }

  // ---- what is kept until answered: {page path of the form's action: {pairs, at}} ----
  function kept() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }
  function keepAll(all) {
    try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }
  function where(form) { return new URL(form.action, location.href).pathname; }
  function keep(form, pairs) {
    if (!form.hasAttribute("data-keep")) { return; }
    var all = kept();
    all[where(form)] = { pairs: pairs, at: Date.now() };
    keepAll(all);
  }
  function forget(form) {
    var all = kept();
    if (all[where(form)]) { delete all[where(form)]; keepAll(all); }
  }

  // what the form sends, as [name, value] pairs (the button tapped too)
  function pairsOf(form, submitter) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") { pairs.push([name, value]); }
    });
    if (submitter && submitter.name) { pairs.push([submitter.name, submitter.value]); }
    return pairs;
  }

  // a form filled in again with kept pairs (its hidden version and key too)
  function fill(form, pairs) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.name === "csrf_token" || field.type === "submit" ||
          field.type === "button") { return; }
      var values = pairs.filter(function (p) { return p[0] === field.name; })
        .map(function (p) { return p[1]; });
      if (field.type === "radio" || field.type === "checkbox") {
        field.checked = values.indexOf(field.value) >= 0;
      } else {
        field.value = values.length ? values[0] : "";
      }
    });
    form.dataset.touched = "1";
    form.dispatchEvent(new Event("change"));
  }

  function busy(form, on) {
    form.querySelectorAll("[type=submit]").forEach(function (button) {
      if (on) { button.setAttribute("aria-disabled", "true"); }
      else { button.removeAttribute("aria-disabled"); }
    });
  }

  // ---- sending ----
  function state(form) {
    if (!form.companionSend) { form.companionSend = { wait: FIRST, timer: null }; }
    return form.companionSend;
  }

  // `pairs`: what to send, the form's values as they stand by default (a retry sends what
  // was typed since too)
  function send(form, pairs) {
    var s = state(form);
    clearTimeout(s.timer);
    if (form.dataset.sending) { return; }
    pairs = pairs || pairsOf(form, s.submitter);
    form.dataset.sending = "1";
    form.dataset.pending = "1";
    form.dataset.touched = "1";
    busy(form, true);
    keep(form, pairs);
    // what the last page said was saved is not about this tap
    document.querySelectorAll("#main > .flash").forEach(function (flash) { flash.remove(); });
    say(form, word(form, "Sending", "Sending…"), "sending");
    var body = new FormData();
    pairs.forEach(function (p) { body.append(p[0], p[1]); });
    var abort = window.AbortController ? new AbortController() : null;
    var patience = abort && setTimeout(function () { abort.abort(); }, PATIENCE);
    fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: { "X-Companion-Send": "1" }, signal: abort ? abort.signal : undefined
    }).then(function (response) {
      if (NOT_YET.indexOf(response.status) >= 0 || response.headers.get("Retry-After")) {
        throw new Error("not yet");
      }
      return response.text().then(function (html) {
        return [response, html];
      });
    }).then(function (answer) {
      clearTimeout(patience);
      var response = answer[0];
      var next = response.headers.get("X-Companion-Location");
      if (response.status >= 500 || response.status === 400) {
        // the server failed, or the page's token is too old ("Open the page again"): what
        // was typed stays in the form, and an entry stays kept for the page opened again
        stop(form);
        say(form, word(form, response.status === 400 ? "Stale" : "Failed",
                       "Not saved."), "refused");
        return;
      }
      forget(form);
      if (next !== null && form.hasAttribute("data-stay") && window.Companion.stay) {
        // the night's page keeps its form (static/js/night.js)
        window.Companion.stay(form, next, pairs, { stop: stop, say: say, go: go });
      } else if (next !== null) {
        // "Sending…" stays, and the button sends nothing more, until the page it names
        // says what was saved
        clearTimeout(state(form).timer);
        go(next);
      } else {
        stop(form);
        show(answer[1]);
      }
    }, function () {
      clearTimeout(patience);
      delete form.dataset.sending;
      busy(form, false);
      say(form, word(form, navigator.onLine === false ? "Unsent" : "Unanswered",
                     "Not sent yet: it will be sent again shortly."), "unsent");
      later(form);
    });
  }

  // no longer waiting to be sent (answered, or the same entry saved on another phone)
  function stop(form) {
    var s = state(form);
    clearTimeout(s.timer);
    s.wait = FIRST;
    delete form.dataset.sending;
    delete form.dataset.pending;
    busy(form, false);
  }

  function later(form) {
    var s = state(form);
    clearTimeout(s.timer);
    s.timer = setTimeout(function () { again(form); }, s.wait);
    s.wait = Math.min(s.wait * 2, SLOWEST);
  }

  function again(form) {
    if (form.isConnected && form.dataset.pending && !form.dataset.sending) {
      send(form);
    }
  }

  // a page brought back by the Back button, as it was when it was left: a send it showed
  // on its way was answered (its next page opened), so its form is free again
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    document.querySelectorAll("form[data-sending]").forEach(function (form) {
      stop(form);
      say(form, "", "");
    });
  });

  window.addEventListener("online", function () {
    document.querySelectorAll("form[data-pending]").forEach(function (form) {
      state(form).wait = FIRST;
      again(form);
    });
  });

  // the page a save names: opened in place of this one when it is this page again
  function go(next) {
    var url = new URL(next, location.href);
    if (url.href.split("#")[0] === location.href.split("#")[0]) {
      // this very page: opened again (a move to its #part alone would not load it), from
      // its top as a page opened anew, not where the Save button was (the next entry's
      // form starts up there)
      if (url.hash) { history.replaceState(history.state, "", url.href); }
      if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
      location.reload();
    } else if (url.pathname === location.pathname) {
      location.replace(url.href);
    } else {
      location.assign(url.href);
    }
  }

  // the page the server answered with (a refusal, a stale form, a game gone), in place
  // of this one: its body swapped in and enhanced as a loaded page is
  function show(html) {
    var next = new DOMParser().parseFromString(html, "text/html");
    if (!next.body) { return; }
    document.title = next.title;
    next.querySelectorAll('head link[rel="stylesheet"]').forEach(function (link) {
      if (!document.querySelector('link[rel="stylesheet"][href="' + link.getAttribute("href") + '"]')) {
        document.head.appendChild(document.importNode(link, true));
      }
    });
    var body = document.importNode(next.body, true);
    document.body.replaceWith(body);
    loading = true;
    window.Companion.refresh(body);
    loading = false;
    // what the server said about the form in view, its first field refused focused (a
    // screen reader reads its label and the sentence beside it), and the form's line
    // saying it was not saved
    var told = body.querySelector(".form-errors, .has-error, [role=alert]");
    if (!told) { window.scrollTo(0, 0); return; }
    var form = told.closest("form[data-send]");
    if (form) { say(form, word(form, "Refused", "Not saved: see the form."), "refused"); }
    var field = body.querySelector(".has-error input:not([type=hidden]), .has-error select");
    if (field) { field.focus({ preventScroll: true }); }
    told.scrollIntoView({ block: "center" });
  }

  function enhance(form) {
    line(form);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (form.dataset.sending) { return; }
      state(form).wait = FIRST;
      state(form).submitter = event.submitter;
      send(form);
    });
    // an entry kept from before this page: sent again, based on what it was based on (on
    // a page loaded or swapped in, not in a part the follower swapped)
    var entry = loading && form.hasAttribute("data-keep") && kept()[where(form)];
    if (!entry) { return; }
    var others = document.querySelectorAll("form[data-pending]");
    if (Date.now() - entry.at > KEPT || others.length) {
      if (!others.length) { forget(form); }
      return;
    }
    // filled in as it was sent (its version and key too), with this page's CSRF token
    fill(form, entry.pairs);
    send(form);
  }

  loading = true;
  window.Companion.enhance("form[data-send]", enhance);
  loading = false;
  // the same entry saved on another phone (static/js/live.js): not to be sent again
  window.Companion.unsend = function (form) {
    forget(form);
    stop(form);
  };
})();
