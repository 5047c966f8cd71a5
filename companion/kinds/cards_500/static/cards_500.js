// the card game to 500: - and + buttons beside the card counts (inputs marked
// data-stepper); typing still works. The buttons' names come translated from the
// data-less and data-more of the element around the counts (templates/pads/
// cards_500_form.html), with %(card)s the count's label ("Less Jokers"), in English
// without them.
(function () {
  "use strict";

  function stepper(input) {
    var card = input.labels[0] ? input.labels[0].textContent.trim() : "";
    var words = input.closest("[data-less]") || { dataset: {} };
    function button(label, text, delta) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "step";
      b.textContent = text;
      b.setAttribute("aria-label", label.replace("%(card)s", function () { return card; }));
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
    wrap.appendChild(button(words.dataset.less || "Less %(card)s", "−", -1));
    wrap.appendChild(input);
    wrap.appendChild(button(words.dataset.more || "More %(card)s", "+", 1));
  }

  Companion.enhance("input[data-stepper]", stepper);
})();
