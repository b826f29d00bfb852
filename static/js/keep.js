// Nothing typed is lost: every text box of a form that posts keeps a copy of unsaved text in
// this browser (localStorage, per user and page) while it is typed, puts it back when the page
// is opened again, and the page warns before leaving with unsaved text. Saving the form drops
// the copy. A copy made when the saved text was different is not put over the saved text: it
// is shown below the box instead, so neither is lost.
(function () {
  "use strict";
  var user = document.body.dataset.keepUser;
  if (!user || !window.localStorage) return;
  var PREFIX = "keep:" + user + ":";
  var WEEK = 7 * 24 * 3600 * 1000;
  var texts = document.body.dataset;
  var leaving = false;

  function boxes(root) {
    return Array.prototype.filter.call(
      (root || document).querySelectorAll("form textarea[name]"),
      function (box) {
        var form = box.form;
        return !box.readOnly && !box.disabled && form &&
          (form.method || "").toLowerCase() === "post" && !box.closest("[data-keep-off]");
      }
    );
  }

  function keyOf(box) {
    var action = new URL(box.form.getAttribute("action") || "", window.location.href).pathname;
    return PREFIX + window.location.pathname + "|" + action + "|" + box.name;
  }

  function isDirty(box) {
    return box.value.trim() !== "" &&
      (box.value !== box.defaultValue || box.hasAttribute("data-unsaved"));
  }

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  function write(box) {
    var key = keyOf(box);
    try {
      if (box.value === box.defaultValue && !box.hasAttribute("data-unsaved")) {
        window.localStorage.removeItem(key);
      } else {
        window.localStorage.setItem(key, JSON.stringify({
          text: box.value, base: box.defaultValue, at: Date.now()
        }));
      }
    } catch (e) { /* storage full or refused: the warning before leaving still works */ }
  }

  function note(box, kept) {
    var id = box.id + "-kept";
    if (document.getElementById(id)) return;
    var div = document.createElement("div");
    div.className = "kept-text";
    div.id = id;
    div.setAttribute("role", "status");
    var label = document.createElement("p");
    label.textContent = texts.keepOther || "Text you had not saved:";
    var quote = document.createElement("blockquote");
    quote.textContent = kept.text;
    var use = document.createElement("button");
    use.type = "button";
    use.className = "secondary";
    use.textContent = texts.keepUse || "Put it in the box";
    use.addEventListener("click", function () {
      box.value = kept.text;
      box.dispatchEvent(new Event("input", { bubbles: true }));
      div.remove();
      box.focus();
    });
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "link";
    drop.textContent = texts.keepDrop || "Discard it";
    drop.addEventListener("click", function () {
      window.localStorage.removeItem(keyOf(box));
      div.remove();
    });
    div.append(label, quote, use, " ", drop);
    box.insertAdjacentElement("afterend", div);
  }

  function restore(root) {
    boxes(root).forEach(function (box) {
      var kept = read(keyOf(box));
      if (!kept || typeof kept.text !== "string") return;
      if (Date.now() - (kept.at || 0) > WEEK || kept.text.trim() === box.defaultValue.trim()) {
        window.localStorage.removeItem(keyOf(box));  // saved, or too old to matter
        return;
      }
      if (kept.text === box.value) return;  // already in the box (kept across a swap)
      if (box.value === kept.base || box.value.trim() === "") {
        box.value = kept.text;  // the saved text is still what it was: the copy goes back
        box.setAttribute("data-unsaved", "");
        box.dispatchEvent(new Event("input", { bubbles: true }));
      } else {
        note(box, kept);  // the saved text changed meanwhile: both are shown
      }
    });
  }

  document.addEventListener("input", function (e) {
    var box = e.target;
    if (box.tagName === "TEXTAREA" && boxes(box.form || document).indexOf(box) >= 0) write(box);
  });

  // A form sent: its copies go (a refused form comes back with the text in its boxes).
  document.addEventListener("submit", function (e) {
    var form = e.target;
    boxes(form).forEach(function (box) {
      window.localStorage.removeItem(keyOf(box));
      box.removeAttribute("data-unsaved");
    });
    if (form.matches("[data-keep-clear]")) {  // logging out: nothing stays in this browser
      Object.keys(window.localStorage).forEach(function (key) {
        if (key.indexOf(PREFIX) === 0) window.localStorage.removeItem(key);
      });
    } else if (!e.defaultPrevented) {
      leaving = true;  // a plain post: the page goes with the text it sends
    }
  });

  window.addEventListener("beforeunload", function (e) {
    if (leaving) return;
    if (boxes().some(isDirty)) {
      e.preventDefault();
      e.returnValue = "";
    }
  });
  window.addEventListener("pageshow", function () { leaving = false; });

  restore(document);
  document.body.addEventListener("htmx:afterSettle", function (e) { restore(e.target); });
})();
