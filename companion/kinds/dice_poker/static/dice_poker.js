// dice poker: six faces tapped once per die, above the dice chosen (a tap takes one out);
// they set the form's counts (face_1 to face_6) and tell the form, for the live preview.
// The buttons' words come translated from the fieldset's data-take-out, data-add and
// data-chosen (templates/pads/dice_poker_form.html), in English without them.
(function () {
  "use strict";

  // a text with %(name)s places, filled from `values`
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (place, name) {
      return name in values ? String(values[name]) : place;
    });
  }

  function face(value) {
    var i = document.createElement("i");
    i.className = "face face-" + value;
    return i;
  }

  function button(className, label, value, onTap) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.setAttribute("aria-label", label);
    b.appendChild(face(value));
    b.addEventListener("click", onTap);
    return b;
  }

  function enhance(box) {
    var form = box.closest("form");
    var words = {
      takeOut: box.dataset.takeOut || "Take out a %(value)s (die %(die)s)",
      add: box.dataset.add || "Add a %(value)s",
      chosen: box.dataset.chosen || "%(count)s of 5"
    };
    var counts = Array.prototype.slice.call(box.querySelectorAll("input[data-face]"));
    var tray = document.createElement("div");
    tray.className = "dp-tray";
    var faces = document.createElement("div");
    faces.className = "dp-faces";
    var told = document.createElement("span");
    told.className = "dp-count";
    told.setAttribute("aria-live", "polite");

    // the dice chosen, lowest first
    function chosen() {
      var dice = [];
      counts.forEach(function (input) {
        var n = Math.max(0, Math.min(5, parseInt(input.value, 10) || 0));
        for (var k = 0; k < n; k++) { dice.push(Number(input.dataset.face)); }
      });
      return dice;
    }

    function change(value, delta) {
      var input = counts[value - 1];
      var n = (parseInt(input.value, 10) || 0) + delta;
      input.value = n > 0 ? String(n) : "";
      draw();
      form.dispatchEvent(new Event("change"));
      // the fifth die disables the faces: the row to write it in is the next thing to tap
      var active = document.activeElement;
      if (!active || active === document.body || active.disabled) {
        var row = Array.prototype.filter.call(form.querySelectorAll(".dp-row input"),
          function (r) { return r.offsetParent !== null; })[0];
        if (row) { row.focus({ preventScroll: true }); }
      }
    }

    function draw() {
      var dice = chosen();
      tray.textContent = "";
      dice.forEach(function (value, d) {
        tray.appendChild(button("dp-slot", fill(words.takeOut, { value: value, die: d + 1 }),
                                value, function () {
          change(value, -1);
          (tray.querySelector("button") || faces.querySelector("button")).focus();
        }));
      });
      for (var d = dice.length; d < 5; d++) {
        var slot = document.createElement("span");
        slot.className = "dp-slot";
        tray.appendChild(slot);
      }
      told.textContent = fill(words.chosen, { count: dice.length });
      tray.appendChild(told);
      faces.querySelectorAll("button").forEach(function (b) { b.disabled = dice.length >= 5; });
    }

    for (var value = 1; value <= 6; value++) {
      faces.appendChild(button("dp-face", fill(words.add, { value: value }), value,
        (function (value) {
          return function () { if (chosen().length < 5) { change(value, 1); } };
        })(value)));
    }
    var error = box.querySelector(".error");
    box.insertBefore(tray, error);
    box.insertBefore(faces, error);
    box.classList.add("enhanced");
    draw();
    // counts filled in by another script (an entry kept unsent: static/js/send.js)
    form.addEventListener("change", function (event) { if (event.target === form) { draw(); } });
  }

  Companion.enhance("[data-dice]", enhance);
})();
