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
              el.textContent = shown[key];
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

  // - and + buttons beside number fields marked data-stepper; typing still works.
  function stepper(input) {
    function button(label, text, delta) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "step";
      b.textContent = text;
      b.setAttribute("aria-label", label + " " + (input.labels[0] ? input.labels[0].textContent.trim() : ""));
      b.addEventListener("click", function () {
        var min = input.min === "" ? -Infinity : Number(input.min);
        var max = input.max === "" ? Infinity : Number(input.max);
        var value = Math.min(max, Math.max(min, (Number(input.value) || 0) + delta));
        input.value = String(value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      return b;
    }
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(button("Less", "−", -1));
    wrap.appendChild(input);
    wrap.appendChild(button("More", "+", 1));
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
      if (input.checked && document.visibilityState === "visible") { request(); }
    });
    box.hidden = false;
  }

  // the phone keyboard's keys in an entry form: Next moves to the next field to fill; Go
  // (or Enter in any other field) saves, and never presses the "show points" button that
  // comes first in the form for phones without javascript.
  function keyboardKeys(form) {
    var save = form.querySelector(".action-bar [type=submit]");
    if (!save) { return; }
    form.addEventListener("keydown", function (event) {
      var field = event.target;
      if (event.key !== "Enter" || field.tagName !== "INPUT" ||
          field.type === "radio" || field.type === "checkbox") { return; }
      event.preventDefault();
      if (field.enterKeyHint === "next") {
        var fields = Array.prototype.filter.call(form.querySelectorAll(
          "input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([disabled])"),
          function (f) { return f.offsetParent !== null; });
        var next = fields[fields.indexOf(field) + 1];
        if (next) { next.focus(); return; }
      }
      form.requestSubmit(save);
    });
  }

  document.querySelectorAll("[data-wake-lock]").forEach(wakeLock);
  document.querySelectorAll("form[data-preview-url]").forEach(keyboardKeys);
  document.querySelectorAll("input[data-stepper]").forEach(stepper);
  document.querySelectorAll("form[data-preview-url]").forEach(livePreview);
  document.querySelectorAll('form[method="post"]').forEach(oneSubmit);
})();
