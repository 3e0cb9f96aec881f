// What every page does, whatever else it runs: the header's menu closes when a person taps
// elsewhere or presses Escape (a <details> alone stays open until its own summary is tapped).

const menu = document.getElementById("nav-more");

if (menu) {
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
}
