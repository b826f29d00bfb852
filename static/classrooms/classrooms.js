// The feedback form's running total: the sum of the points typed so far, kept current on
// every keystroke (delegated, so it survives htmx swapping the form). Without JavaScript the
// page shows the total as saved.
document.addEventListener("input", (event) => {
  const form = event.target.closest(".feedback-form");
  if (!form || !event.target.name || !event.target.name.startsWith("points_")) return;
  let total = 0;
  for (const field of form.querySelectorAll("input[name^='points_']")) {
    const value = Number.parseInt(field.value, 10);
    if (!Number.isNaN(value)) total += value;
  }
  const output = form.querySelector("[data-total]");
  if (output) output.textContent = String(total);
});
