// dice poker, enhanced: the six faces, tapped once per die, above the five dice chosen so
// far (a tap on one takes it out). It sets the form's five radio groups (die_0 to die_4),
// which are the form without javascript, and tells the form so that the live preview
// scores every open row.
(function () {
  "use strict";

  function face(value) {
    var i = document.createElement("i");
    i.className = "face face-" + value;
    return i;
  }

  function enhance(box) {
    var form = box.closest("form");
    var dice = Array.prototype.map.call(box.querySelectorAll("fieldset.die"), function (set) {
      return Array.prototype.slice.call(set.querySelectorAll("input[type=radio]"));
    });
    var tray = document.createElement("div");
    tray.className = "dp-tray";
    var faces = document.createElement("div");
    faces.className = "dp-faces";
    var count = document.createElement("span");
    count.className = "dp-count";
    count.setAttribute("aria-live", "polite");

    function chosen() {
      return dice.map(function (radios) {
        var on = radios.filter(function (r) { return r.checked; })[0];
        return on ? Number(on.value) : null;
      }).filter(function (v) { return v !== null; });
    }

    function set(values) {
      dice.forEach(function (radios, d) {
        radios.forEach(function (r) { r.checked = Number(r.value) === values[d]; });
      });
      draw();
      form.dispatchEvent(new Event("change"));
    }

    function draw() {
      var values = chosen();
      tray.textContent = "";
      values.forEach(function (value, d) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "dp-slot";
        b.setAttribute("aria-label", "Take out die " + (d + 1) + ", a " + value);
        b.appendChild(face(value));
        b.addEventListener("click", function () {
          var rest = chosen();
          rest.splice(d, 1);
          set(rest);
          (tray.querySelector("button") || faces.querySelector("button")).focus();
        });
        tray.appendChild(b);
      });
      for (var d = values.length; d < 5; d++) {
        var slot = document.createElement("span");
        slot.className = "dp-slot";
        tray.appendChild(slot);
      }
      count.textContent = values.length + " of 5";
      tray.appendChild(count);
      faces.querySelectorAll("button").forEach(function (b) { b.disabled = values.length >= 5; });
    }

    for (var value = 1; value <= 6; value++) {
      (function (value) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "dp-face";
        b.setAttribute("aria-label", "Add a " + value);
        b.appendChild(face(value));
        b.addEventListener("click", function () {
          var values = chosen();
          if (values.length < 5) { set(values.concat([value])); }
        });
        faces.appendChild(b);
      })(value);
    }
    var error = box.querySelector(".error");
    box.insertBefore(tray, error);
    box.insertBefore(faces, error);
    box.classList.add("enhanced");
    draw();
  }

  document.querySelectorAll("[data-dice]").forEach(enhance);
})();
