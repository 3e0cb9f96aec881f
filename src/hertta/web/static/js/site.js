// What every page does, whatever else it runs: the header's menu closes when a person taps
// elsewhere or presses Escape (a <details> alone stays open until its own summary is tapped),
// and the service worker (/sw.js) is registered, so Hertta installs and opens at once.

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (a private window, a browser that refuses): the pages work as they are.
  });
}

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
