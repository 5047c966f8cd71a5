// the card game to 500: a player's cards counted on keys, a tap a card (one key for each
// kind of card, as its corner reads, with what one is worth and how many are held), and
// ⌫ taking back the card last tapped; in place of the number fields, which the keys
// fill (and which are what the form sends). The words come translated from the element
// around the counts (templates/pads/cards_500_form.html): data-more ("More %(card)s",
// %(card)s the count's label), data-back and data-keys; English without them.
(function () {
  "use strict";

  function keys(fieldset) {
    if (fieldset.querySelector(".card-keys")) { return; }
    var around = fieldset.closest("[data-keys]");
    var words = around ? around.dataset : {};
    var corners = words.keys ? JSON.parse(words.keys) : [];
    var counts = Array.prototype.slice.call(fieldset.querySelectorAll("input[data-stepper]"));
    var tapped = [];  // the counts a key added to, the last last

    function set(input, delta) {
      var max = input.max === "" ? Infinity : Number(input.max);
      input.value = String(Math.min(max, Math.max(0, (Number(input.value) || 0) + delta)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    var row = document.createElement("div");
    row.className = "card-keys";
    counts.forEach(function (input, i) {
      var card = input.labels[0] ? input.labels[0].textContent.trim() : "";
      var corner = corners[i] || [card, ""];
      var key = document.createElement("button");
      key.type = "button";
      // named for screen readers by what it does, then by what it shows
      ["visually-hidden", "corner", "worth", "many"].forEach(function (part) {
        var span = document.createElement("span");
        span.className = part;
        key.appendChild(span);
      });
      key.children[0].textContent = (words.more || "More %(card)s").replace(
        "%(card)s", function () { return card; }) + ": ";
      key.children[1].textContent = corner[0];
      if (corner[0].length > 4) { key.children[1].classList.add("long"); }
      key.children[2].textContent = corner[1];
      function show() {
        var n = Number(input.value) || 0;
        key.children[3].textContent = n > 0 ? "×" + n : "";
        key.classList.toggle("held", n > 0);
      }
      key.addEventListener("click", function () { set(input, 1); tapped.push(input); });
      input.addEventListener("input", show);
      show();
      row.appendChild(key);
    });
    var back = document.createElement("button");
    back.type = "button";
    back.className = "back";
    back.textContent = "⌫";
    back.setAttribute("aria-label", words.back || "Take back the last card");
    back.addEventListener("click", function () {
      // the card last tapped; on a form that came back filled in, the last kind held
      var input = tapped.pop() || counts.filter(function (c) { return Number(c.value) > 0; }).pop();
      if (input) { set(input, -1); }
    });
    row.appendChild(back);
    fieldset.classList.add("keyed");
    fieldset.insertBefore(row, fieldset.querySelector(".count"));
    // under the player's own row of the hand (shown while the counting is open), so that
    // a hand counted for three players fits the screen with its Save button
    var form = fieldset.closest("form");
    var i = /counts-(\d+)/.exec(fieldset.className);
    var entry = form && i && form.querySelectorAll(".hand-entry")[Number(i[1])];
    if (entry) { entry.appendChild(fieldset); }
  }

  // a table that counts its hands by the cards keeps counting: the fold stays open from
  // one hand to the next (this tab, this game)
  function remembered(fold) {
    var form = fold.closest("form");
    var name = "counting " + (form ? form.getAttribute("action") : location.pathname);
    function shown() { if (form) { form.classList.toggle("counting", fold.open); } }
    try {
      if (sessionStorage.getItem(name) === "open") { fold.open = true; }
    } catch (e) { /* storage off: the fold opens as the page says */ }
    fold.addEventListener("toggle", function () {
      shown();
      try { sessionStorage.setItem(name, fold.open ? "open" : "closed"); } catch (e) { /* off */ }
    });
    shown();
  }

  Companion.enhance("fieldset.counts", keys);
  Companion.enhance("details.counting", remembered);
})();
