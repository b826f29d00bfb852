// The coach page's streaming chat and live diagram. Without this file the page still works:
// the chat form posts normally and the server answers with the whole turn.
(function () {
  "use strict";
  window.coachEvents = window.coachEvents || [];

  function workspace() { return document.getElementById("workspace"); }

  function log(type, detail) {
    window.coachEvents.push({ type: type, at: performance.now(), detail: detail || null });
  }

  function showError(text) {
    var ws = workspace();
    if (!ws) return;
    var box = ws.querySelector(".coach-error");
    if (!box) {
      box = document.createElement("p");
      box.className = "coach-error";
      box.setAttribute("role", "alert");
      ws.insertBefore(box, ws.firstChild);
    }
    box.textContent = text;
  }

  // Whether the chat log scrolls inside its own box (wide screens), not with the page (phones).
  function logIsBox(chat) {
    return window.getComputedStyle(chat).overflowY !== "visible" &&
      chat.scrollHeight > chat.clientHeight + 1;
  }

  // Bring ``el`` into view, from its start when it is taller than the room: inside the chat log
  // when the log is a scrolling box...
  function revealInLog(el) {
    var chat = document.getElementById("chat-log");
    if (!chat || !chat.contains(el) || !logIsBox(chat)) return;
    var r = el.getBoundingClientRect();
    var c = chat.getBoundingClientRect();
    if (r.top < c.top) chat.scrollTop += r.top - c.top;
    else if (r.bottom > c.bottom) chat.scrollTop += Math.min(r.bottom - c.bottom, r.top - c.top);
  }

  // ...and in the page (on a phone the log is part of the page). ``until`` (the message box),
  // when given, shows under it too if both fit; if not, the start of ``el`` wins, so a long
  // reply is read from its first line.
  var MARGIN = 8;
  function revealInPage(el, until) {
    var top = el.getBoundingClientRect().top;
    var bottom = (until || el).getBoundingClientRect().bottom;
    var room = window.innerHeight;
    if (top < MARGIN) window.scrollBy(0, top - MARGIN);
    else if (bottom > room - MARGIN) window.scrollBy(0, Math.min(bottom - room + MARGIN, top - MARGIN));
  }

  function reveal(el, until) {
    revealInLog(el);
    revealInPage(el, until);
  }

  // The newest message at the bottom of the log. After a turn, a confirm or a reject
  // (``afterTurn``) the page also brings it into view, from its start, with the message box
  // under it when both fit, and puts the cursor back in the message box, so the student can
  // answer at once; after other swaps (saving the draft...) the page does not jump.
  function showNewest(afterTurn) {
    var chat = document.getElementById("chat-log");
    if (!chat) return;
    chat.scrollTop = chat.scrollHeight;
    var last = chat.lastElementChild;
    var box = document.getElementById("id_message");
    if (afterTurn && box) box.focus({ preventScroll: true });
    if (!last) return;
    revealInLog(last);
    if (afterTurn) revealInPage(last, answerEnd());
  }

  // The bottom of what the student answers with: the message box and its Send button, or the
  // card of a finished session.
  function answerEnd() {
    return document.getElementById("chat-form") || document.getElementById("completion-card");
  }

  function refresh(errorText) {
    var ws = workspace();
    var url = ws.dataset.detailUrl;
    var done = function () {
      if (errorText) showError(errorText);
      showNewest(true);
      log("refreshed");
    };
    if (window.htmx) {
      window.htmx.ajax("GET", url, { target: "#workspace", swap: "outerHTML" }).then(done);
    } else {
      window.location.reload();
    }
  }

  function bubble(role, text) {
    var li = document.createElement("li");
    li.className = "chat-msg chat-" + role;
    li.textContent = text;
    document.getElementById("chat-log").appendChild(li);
    reveal(li);
    return li;
  }

  async function send(form, payload) {
    var ws = workspace();
    var token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    if (payload.message) bubble("user", payload.message);
    var tutor = bubble("assistant", "");
    // The tutor speaks the session's language, which may not be the page's.
    if (ws.dataset.language) tutor.setAttribute("lang", ws.dataset.language);
    tutor.classList.add("is-streaming");
    tutor.setAttribute("data-placeholder", ws.dataset.textWaiting);
    log("sent");
    var response;
    try {
      response = await fetch(ws.dataset.streamUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          "Accept": "application/x-ndjson",
          "X-CSRFToken": token,
        },
        body: JSON.stringify(payload),
      });
    } catch (err) {
      tutor.remove();
      buttons.forEach(function (b) { b.disabled = false; });
      showError(ws.dataset.textFailed);
      return;
    }
    if (!response.ok) {
      // Refused before streaming (too long, too many turns...): the text stays in the box.
      var body = {};
      try { body = await response.json(); } catch (err) { body = {}; }
      tutor.remove();
      if (payload.message) document.getElementById("chat-log").lastChild.remove();
      buttons.forEach(function (b) { b.disabled = false; });
      log("refused", body.code);
      showError(body.error || ws.dataset.textFailed);
      return;
    }
    var textarea = form.querySelector("textarea[name=message]");
    if (textarea) textarea.value = "";
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var pending = "";
    var failure = null;
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) break;
      pending += decoder.decode(chunk.value, { stream: true });
      var lines = pending.split("\n");
      pending = lines.pop();
      lines.forEach(function (line) {
        if (!line.trim()) return;
        var event = JSON.parse(line);
        if (event.type === "partial") {
          tutor.textContent += event.text;
          reveal(tutor);  // its end as it grows, never past its first line
          log("partial", tutor.textContent.length);
        } else if (event.type === "final") {
          tutor.classList.remove("is-streaming");
          log("final", event.proposal_status);
        } else if (event.error) {
          failure = event.message || ws.dataset.textFailed;
          log("error", event.error);
        } else {
          log(event.type);
        }
      });
    }
    refresh(failure);
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!window.fetch || !window.ReadableStream) return;
    if (form.id === "chat-form") {
      var text = form.querySelector("textarea[name=message]").value;
      if (!text.trim()) return;
      e.preventDefault();
      send(form, { message: text });
    } else if (form.classList.contains("coach-retry")) {
      e.preventDefault();
      e.stopPropagation();
      send(form, { retry: true });
    }
  }, true);

  // Every swap of the workspace (after a turn, a confirm, saving the draft) keeps the text
  // the student typed and has not saved, in every box: the chat's message and the draft's
  // parts are independent, and no answer of the server clears a box the student typed in.
  // The keyboard focus stays where it was, or goes to the message box when its control left.
  var kept = null;
  var focused = null;
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "workspace") return;
    kept = {};
    workspace().querySelectorAll("textarea[id]").forEach(function (box) {
      if (box.value !== box.defaultValue || box.hasAttribute("data-unsaved")) {
        kept[box.id] = box.value;
      }
    });
    var active = document.activeElement;
    focused = active && workspace().contains(active) ? (active.id || "") : null;
  });
  document.body.addEventListener("htmx:afterSwap", function (e) {
    if (kept) {
      Object.keys(kept).forEach(function (id) {
        var box = document.getElementById(id);
        if (!box || box.value.trim() === kept[id].trim()) return;
        box.value = kept[id];
        box.setAttribute("data-unsaved", "");
        box.dispatchEvent(new Event("input", { bubbles: true }));  // the diagram follows
      });
      kept = null;
    }
    if (focused !== null) {
      var target = (focused && document.getElementById(focused)) ||
        document.getElementById("id_message") || document.getElementById("chat-log");
      if (target) target.focus({ preventScroll: true });
      focused = null;
    }
    // Confirm, reject and draft forms swap the workspace through htmx: show the newest again,
    // in the page too after a confirm or a reject (the tutor has spoken), not after the draft.
    if (e.detail.target && e.detail.target.id === "workspace") {
      var elt = e.detail.requestConfig && e.detail.requestConfig.elt;
      showNewest(!!(elt && elt.closest && elt.closest(".proposal-card, .coach-retry")));
    }
  });
  showNewest(false);
  // Opening the page on a phone (the log part of the page, not a box): the newest message and
  // the message box under it, unless the browser already put the page elsewhere (a reload).
  (function () {
    var chat = document.getElementById("chat-log");
    var last = chat && chat.lastElementChild;
    if (!last || window.getComputedStyle(chat).overflowY !== "visible") return;
    if (window.scrollY === 0 || window.location.hash === "#newest") revealInPage(last, answerEnd());
  })();

  // The diagram follows the draft as the student types.
  document.addEventListener("input", function (e) {
    var step = e.target.dataset && e.target.dataset.step;
    if (!step) return;
    var box = document.querySelector('[data-diagram-step="' + step + '"] p');
    if (box) box.textContent = e.target.value.trim() || "…";
  });
})();
