// the night's page (templates/nights/show.html loads this file): "Add player" that keeps
// its form and the phone's keyboard, and "Share the result" in the recap. Without it the
// night's forms post as static/js/send.js sends any form, and the recap shows the result's
// text and picture.
(function () {
  "use strict";

  // a form that stays where it is after a save ([data-stay]: a name added to the night,
  // the next one typed at once): the page it names is read, and what it says swapped in
  // around the form (what was said, the parts the follower swaps), the form keeping its
  // field and the focus (the phone's keyboard stays open) with the page's new key and
  // token (a field is emptied if it still holds what was sent); the page itself opened
  // if that read fails
  function stay(form, next, sent, send) {
    fetch(next, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error("not read"); }
        return response.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var twin = page.querySelector('form[action="' + form.getAttribute("action") + '"]');
        var main = document.getElementById("main");
        if (!twin || !main) { throw new Error("not the page"); }
        main.querySelectorAll(":scope > .flash").forEach(function (flash) { flash.remove(); });
        page.querySelectorAll("#main > .flash").forEach(function (flash) {
          main.insertBefore(document.importNode(flash, true), main.firstChild);
        });
        page.querySelectorAll("[data-live]").forEach(function (fresh) {
          var mine = document.querySelector('[data-live="' + fresh.dataset.live + '"]');
          if (mine && !mine.contains(form)) {
            var part = document.importNode(fresh, true);
            mine.replaceWith(part);
            window.Companion.refresh(part);
          }
        });
        var root = document.querySelector("[data-follow]");
        var follows = page.querySelector("[data-follow]");
        if (root && follows) { root.dataset.tag = follows.dataset.tag; }
        Array.prototype.forEach.call(twin.elements, function (field) {
          var mine = field.name && form.elements[field.name];
          if (mine && mine.type === "hidden") { mine.value = field.value; }
          // what was sent is cleared; what was typed since (the next name) stays
          else if (mine && mine.type !== "submit" && sent.some(function (p) {
            return p[0] === field.name && p[1] === mine.value;
          })) { mine.value = ""; }
        });
        history.replaceState(history.state, "", next);
        send.stop(form);
        send.say(form, "", "");
        var field = form.querySelector("input:not([type=hidden])");
        if (field && document.activeElement !== field) { field.focus(); }
      })
      .catch(function () { send.go(next); });
  }

  // a tap on its button leaves the focus in the field: the phone's keyboard stays open
  // for the next name
  function keepFocus(form) {
    form.querySelectorAll("[type=submit]").forEach(function (button) {
      ["pointerdown", "mousedown"].forEach(function (type) {
        button.addEventListener(type, function (event) { event.preventDefault(); });
      });
    });
  }

  // "Share the result" (the night's recap): the phone's share sheet with the standings
  // as a picture (the night's SVG drawn to a PNG here) and the text; a phone that shares
  // no files shares the text; one with no share sheet copies it. What it says after is
  // the button's own words (data-shared, data-copied), in the page's language
  function shareButton(button) {
    var field = document.getElementById(button.dataset.share);
    var said = button.textContent;
    button.hidden = false;
    function done(word) {
      button.textContent = word;
      setTimeout(function () { button.textContent = said; }, 3000);
    }
    function copy() {
      window.Companion.copy(field, function () { done(button.dataset.copied); });
    }
    function picture() {
      return new Promise(function (resolve, reject) {
        var image = new Image();
        image.onload = function () {
          var canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth * 2;
          canvas.height = image.naturalHeight * 2;
          canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
          canvas.toBlob(function (blob) {
            if (blob) { resolve(new File([blob], "result.png", { type: "image/png" })); }
            else { reject(new Error("no picture")); }
          }, "image/png");
        };
        image.onerror = reject;
        image.src = button.dataset.picture;
      });
    }
    button.addEventListener("click", function () {
      var text = field.value;
      if (!navigator.share) { copy(); return; }
      picture().then(function (file) {
        var both = { text: text, files: [file] };
        return navigator.share(navigator.canShare && navigator.canShare(both) ? both : { text: text });
      }, function () {
        return navigator.share({ text: text });
      }).then(function () { done(button.dataset.shared); }, function () { /* closed */ });
    });
  }

  window.Companion.stay = stay;
  window.Companion.enhance("form[data-stay]", keepFocus);
  window.Companion.enhance("[data-share]", shareButton);
})();
