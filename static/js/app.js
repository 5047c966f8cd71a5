// progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  // live preview: post the entry form to the server's rules and fill the <output>s.
  function livePreview(form) {
    var url = form.dataset.previewUrl;
    var timer = null;
    function update() {
      var data = new FormData(form);
      data.set("preview", "1");
      fetch(url, { method: "POST", body: data, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : {}; })
        .then(function (shown) {
          Object.keys(shown).forEach(function (key) {
            form.querySelectorAll('[data-preview="' + key + '"]').forEach(function (el) {
              var said = shown[key] && el.textContent !== shown[key];
              el.textContent = shown[key];
              // a warning about the tap just made ([data-reveal]) is scrolled into view
              if (said && el.hasAttribute("data-reveal")) { el.scrollIntoView({ block: "nearest" }); }
            });
          });
        })
        .catch(function () { /* offline: the preview button still works */ });
    }
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
    });
    form.addEventListener("change", update);
    form.querySelectorAll('button[name="preview"]').forEach(function (button) {
      button.hidden = true;
    });
  }

  // a second tap on a submit button while the first request is on its way does nothing.
  function oneSubmit(form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sending) { event.preventDefault(); return; }
      form.dataset.sending = "1";
      setTimeout(function () { delete form.dataset.sending; }, 4000);
    });
  }

  // "keep the screen awake" on pads, where the browser has the screen wake lock api.
  function wakeLock(box) {
    if (!("wakeLock" in navigator)) { return; }
    var input = box.querySelector("input");
    var lock = null;
    function request() {
      navigator.wakeLock.request("screen").then(function (l) { lock = l; })
        .catch(function () { input.checked = false; });
    }
    input.checked = sessionStorage.getItem("wake-lock") === "on";
    if (input.checked) { request(); }
    input.addEventListener("change", function () {
      sessionStorage.setItem("wake-lock", input.checked ? "on" : "off");
      if (input.checked) { request(); } else if (lock) { lock.release(); lock = null; }
    });
    // the browser drops the lock when the page is hidden; take it again on return
    document.addEventListener("visibilitychange", function () {
      if (input.isConnected && input.checked && document.visibilityState === "visible") {
        request();
      }
    });
    box.hidden = false;
  }

  // the phone keyboard's key in an entry form says "next" while another field to type in
  // follows, and goes there; after the last one it says "done" and saves: never the
  // "show points" button that comes first in the form for phones without javascript.
  var TYPED = "input:not([type=hidden]):not([type=radio]):not([type=checkbox])";

  function following(field) {
    var fields = Array.prototype.filter.call(field.form.querySelectorAll(TYPED), function (f) {
      return !f.disabled && !f.closest("details:not([open])") && f.getClientRects().length > 0;
    });
    return fields[fields.indexOf(field) + 1] || null;
  }

  // the next field focused, its value selected to be typed over; past the last one the
  // keyboard closes (null)
  function moveOn(field) {
    var next = following(field);
    if (!next) { field.blur(); return null; }
    next.focus();
    next.select();
    return next;
  }

  function keyboardKeys(form) {
    var save = form.querySelector(".action-bar [type=submit]");
    if (!save) { return; }
    form.addEventListener("focusin", function (event) {
      if (event.target.matches(TYPED)) {
        event.target.setAttribute("enterkeyhint", following(event.target) ? "next" : "done");
      }
    });
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || !event.target.matches(TYPED)) { return; }
      event.preventDefault();
      if (!moveOn(event.target)) { form.requestSubmit(save); }
    });
  }

  // "Copy link" beside a link's field (the share page); without the clipboard api (a
  // page over plain http) the field's text is selected and copied the old way. What it
  // says once copied is the page's, in its language (base.html: <body data-copied>)
  function copyButton(button) {
    var field = document.getElementById(button.dataset.copy);
    button.hidden = false;
    button.addEventListener("click", function () {
      copy(field, function () {
        button.textContent = document.body.dataset.copied || "Copied";
      });
    });
  }

  // a field's text copied to the clipboard, `done()` after: the clipboard api where the
  // page may use it, else the field selected and copied the old way
  function copy(field, done) {
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {});
    } else if (document.execCommand("copy")) {
      done();
    }
  }

  // what this file and each pad's script do to the page's elements, kept so that a part
  // swapped in by the follower (live.js) is enhanced as the page was
  var enhancers = [];
  function each(root, selector, enhance) {
    if (root.matches && root.matches(selector)) { enhance(root); }
    root.querySelectorAll(selector).forEach(enhance);
  }
  window.Companion = {
    enhance: function (selector, enhance) {
      enhancers.push([selector, enhance]);
      each(document, selector, enhance);
    },
    refresh: function (root) {
      enhancers.forEach(function (e) { each(root, e[0], e[1]); });
    },
    // a pad's script moving on as the keyboard's "next" does
    moveOn: moveOn,
    // a page's script copying a field's text (the night's result)
    copy: copy
  };

  Companion.enhance("[data-wake-lock]", wakeLock);
  Companion.enhance("form[data-preview-url]", keyboardKeys);
  Companion.enhance("form[data-preview-url]", livePreview);
  // (a form the page sends in the background has its own guard: static/js/send.js)
  Companion.enhance('form[method="post"]:not([data-send])', oneSubmit);
  Companion.enhance("[data-copy]", copyButton);
})();
