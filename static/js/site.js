// Copy buttons: <button data-copy="#selector" data-copied="Copied">, the second attribute the
// word shown once copied, in the page's language. Without JavaScript the text stays selectable.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  if (!source) return;
  navigator.clipboard.writeText(source.value || source.textContent).then(() => {
    const label = button.textContent;
    button.textContent = button.dataset.copied || "Copied";
    setTimeout(() => { button.textContent = label; }, 1500);
  });
});
