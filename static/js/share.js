// "Share the result" (a night's recap, templates/history/_recap.html): only the night's
// page loads this file. Progressive: without it the recap shows the text and the picture.
(function () {
  "use strict";

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
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(function () {
          done(button.dataset.copied);
        }, function () {});
      } else if (document.execCommand("copy")) {
        done(button.dataset.copied);
      }
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

  window.Companion.enhance("[data-share]", shareButton);
})();
