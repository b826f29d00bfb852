// The header's menu on narrow screens (a <details>, which opens and closes without this file):
// Escape closes it and puts the focus back on its button; a click or focus outside closes it.
(function () {
  "use strict";
  function menu() { return document.querySelector("details.site-menu[open]"); }
  document.addEventListener("keydown", function (e) {
    var open = menu();
    if (e.key !== "Escape" || !open) return;
    open.open = false;
    open.querySelector("summary").focus();
  });
  function outside(e) {
    var open = menu();
    if (open && !open.contains(e.target)) open.open = false;
  }
  document.addEventListener("click", outside);
  document.addEventListener("focusin", outside);
})();
