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

  // The newest message at the bottom of the log. After a turn (``afterTurn``) the page also
  // brings it into view and puts the cursor back in the message box, so the student can
  // answer at once; after other swaps (saving the draft...) the page does not jump.
  function showNewest(afterTurn) {
    var chat = document.getElementById("chat-log");
    if (!chat) return;
    chat.scrollTop = chat.scrollHeight;
    if (!afterTurn) return;
    var box = document.getElementById("id_message");
    if (box) {
      box.focus({ preventScroll: true });
      box.scrollIntoView({ block: "nearest" });  // the box, and the log just above it
    }
    var last = chat.lastElementChild;
    if (last) last.scrollIntoView({ block: "nearest" });  // the newest message wins
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
    li.scrollIntoView({ block: "end" });
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
          tutor.scrollIntoView({ block: "nearest" });
          document.getElementById("chat-log").scrollTop = 1e9;
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
    // Confirm, reject and draft forms swap the workspace through htmx: show the newest again.
    if (e.detail.target && e.detail.target.id === "workspace") showNewest(false);
  });
  showNewest(false);

  // The diagram follows the draft as the student types.
  document.addEventListener("input", function (e) {
    var step = e.target.dataset && e.target.dataset.step;
    if (!step) return;
    var box = document.querySelector('[data-diagram-step="' + step + '"] p');
    if (box) box.textContent = e.target.value.trim() || "…";
  });
})();
