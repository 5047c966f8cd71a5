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

  document.querySelectorAll("form[data-preview-url]").forEach(livePreview);
  document.querySelectorAll('form[method="post"]').forEach(oneSubmit);
})();
