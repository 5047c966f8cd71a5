// the card game to 500: - and + buttons beside the card counts (inputs marked
// data-stepper); typing still works.
(function () {
  "use strict";

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

  Companion.enhance("input[data-stepper]", stepper);
})();
