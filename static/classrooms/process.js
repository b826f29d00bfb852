// The essay's process report: counts, for the next save only, the characters pasted into the
// essay box and the seconds spent writing (gaps over a minute are not writing). Nothing else is
// sent: no keystrokes, no text. The counts ride in two hidden fields of the essay form.
(function () {
  "use strict";
  const form = document.getElementById("essay-form");
  if (!form) return;
  const box = form.querySelector("textarea");
  const pasted = form.querySelector("[data-process=pasted]");
  const active = form.querySelector("[data-process=active]");
  if (!box || !pasted || !active) return;
  const IDLE_MS = 60000;
  let last = 0;
  let activeMs = 0;
  box.addEventListener("paste", function (event) {
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    pasted.value = String(Number(pasted.value || 0) + text.length);
  });
  box.addEventListener("input", function () {
    const now = Date.now();
    if (last && now - last < IDLE_MS) activeMs += now - last;
    last = now;
    active.value = String(Math.round(activeMs / 1000));
  });
})();
