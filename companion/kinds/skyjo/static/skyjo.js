// skyjo: a player's twelve cards, typed on a keypad of card values below the grid (one
// tap a card, the next card marked as the one the next tap fills; no digits to merge, no
// phone keyboard to open) or, on a keyboard, in the cells themselves. Without this file
// the cells are plain number fields.
(function () {
  "use strict";

  // ---- a keyboard: a cell moves on once its value is whole, when no further digit keeps
  // it within min..max (-2..12: at once after 2-9, 0, -1 and -2). A 1 waits for the key
  // that decides: 0-2 make 10-12, any other key is typed in the next cell, Enter moves on.
  // Never on a pause: typed at any speed, the same keys make the same cards.
  function inRange(field, text) {
    return /^-?\d+$/.test(text) && Number(text) >= Number(field.min) &&
      Number(text) <= Number(field.max);
  }

  function whole(field, text) {
    if (!inRange(field, text)) { return false; }
    if (/^-?0$/.test(text)) { return true; }  // no digit follows a lone 0
    for (var digit = 0; digit <= 9; digit += 1) {
      if (inRange(field, text + digit)) { return false; }
    }
    return true;
  }

  function typing(field) {
    var waiting = false;  // the value could still take a digit (a 1 that may become 12)
    field.addEventListener("input", function (event) {
      waiting = false;
      // the keypad fills cells itself (its events are not the keyboard's)
      if (!event.isTrusted || document.activeElement !== field) { return; }
      if (whole(field, field.value)) { window.Companion.moveOn(field); return; }
      waiting = inRange(field, field.value);
    });
    field.addEventListener("beforeinput", function (event) {
      if (!waiting || event.inputType !== "insertText" || !event.data) { return; }
      if (inRange(field, field.value + event.data)) { return; }
      event.preventDefault();
      waiting = false;
      if (window.Companion.moveOn(field)) { document.execCommand("insertText", false, event.data); }
    });
    field.addEventListener("blur", function () { waiting = false; });
  }

  // ---- the keypad (templates/pads/skyjo_form.html, #card-keys), one under each grid
  function keypad(grid) {
    var source = document.getElementById("card-keys");
    if (!source || grid.nextElementSibling && grid.nextElementSibling.matches(".card-keys")) {
      return;
    }
    var keys = source.content.firstElementChild.cloneNode(true);
    grid.parentNode.insertBefore(keys, grid.nextElementSibling);
    var cells = Array.prototype.slice.call(grid.querySelectorAll("input"));
    var current = null;

    function mark(cell) {
      if (current) { current.classList.remove("current"); }
      current = cell;
      if (cell) { cell.classList.add("current"); }
    }
    // the first empty cell, where a tap goes when none is marked
    function start() {
      return cells.filter(function (cell) { return cell.value === ""; })[0] || null;
    }
    // as typed: the live preview (app.js) asks once the taps pause
    function set(cell, value) {
      cell.value = value;
      cell.dispatchEvent(new Event("input", { bubbles: true }));
    }

    cells.forEach(function (cell) {
      cell.addEventListener("focus", function () { mark(cell); });
      // a finger on a cell marks it for the keypad, without opening the phone's keyboard
      cell.addEventListener("pointerdown", function (event) {
        if (event.pointerType !== "touch") { return; }
        event.preventDefault();
        mark(cell);
      });
    });
    // a key tapped leaves the focus where it was
    keys.addEventListener("pointerdown", function (event) {
      if (event.target.closest("button")) { event.preventDefault(); }
    });
    keys.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      var cell = current || start();
      if (!key) { return; }
      if (key.value === "back") {
        // the marked cell cleared; an empty one, the cell before it
        var at = cell ? cells.indexOf(cell) : cells.length;
        if ((!cell || cell.value === "") && at > 0) { cell = cells[at - 1]; }
        if (cell) { set(cell, ""); mark(cell); }
        return;
      }
      if (!cell) { return; }  // every card typed: a cell is tapped to change it
      set(cell, key.value);
      mark(cells[cells.indexOf(cell) + 1] || null);
      if (document.activeElement && grid.contains(document.activeElement)) {
        document.activeElement.blur();
      }
    });
    mark(start());
  }

  window.Companion.enhance('[data-advance="auto"] input', typing);
  window.Companion.enhance('[data-advance="auto"]', keypad);
})();
