// Server-side autosave (classrooms.autosave, coach.services.autosave_write): a form with
// data-autosave="<url>" sends its text there a few seconds after typing stops, and at most
// every 20 seconds while typing goes on. The answer's "kept at" line goes in the form's
// [data-autosave-status]; the kept draft's version goes back in its draft_version field (or
// the one data-autosave-field names), so a second tab's older draft is refused rather than
// written over a newer one. A refused draft (the text saved or kept from elsewhere
// meanwhile) stops autosaving on this page: its text stays in the box and in this browser.
(function () {
  "use strict";
  var QUIET_MS = 3000;
  var EVERY_MS = 20000;

  function attach(form) {
    if (form.dataset.autosaveOn) return;
    form.dataset.autosaveOn = "1";
    var status = form.querySelector("[data-autosave-status]");
    var timer = null;
    var first = 0;
    var busy = false;
    var again = false;
    var stopped = false;

    function say(text) { if (status && text) status.textContent = text; }

    function send() {
      clearTimeout(timer);
      timer = null;
      first = 0;
      if (stopped) return;
      if (busy) { again = true; return; }
      busy = true;
      var data = new FormData(form);
      data.delete("file");
      fetch(form.dataset.autosave, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "Accept": "application/json" }
      }).then(function (response) {
        return response.json().then(function (body) {
          if (response.ok) {
            // The form's autosave version field: draft_version, or as data-autosave-field says.
            var name = form.dataset.autosaveField || "draft_version";
            var field = form.querySelector("[name=" + name + "]");
            if (field && body[name] !== undefined) field.value = String(body[name]);
            say(body.status);
          } else {
            if (response.status === 409 || response.status === 403) stopped = true;
            say(body.error);
          }
        });
      }).catch(function () {
        say(form.dataset.autosaveOffline);
      }).then(function () {
        busy = false;
        if (again) { again = false; send(); }
      });
    }

    form.addEventListener("input", function (event) {
      if (event.target.tagName !== "TEXTAREA") return;
      var now = Date.now();
      if (!first) first = now;
      clearTimeout(timer);
      timer = setTimeout(send, now - first > EVERY_MS ? 0 : QUIET_MS);
    });
    // Saving the form itself: no draft is sent after it (the save drops the kept draft).
    form.addEventListener("submit", function () { clearTimeout(timer); stopped = true; });
  }

  function attachAll(root) {
    Array.prototype.forEach.call((root || document).querySelectorAll("form[data-autosave]"), attach);
  }
  attachAll(document);
  document.body.addEventListener("htmx:afterSettle", function () { attachAll(document); });
})();
