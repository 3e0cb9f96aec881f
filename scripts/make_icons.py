"""Draw the app's icons (the web app manifest's PNGs) from ``static/icons/icon.svg``.

The PNGs are committed; run this again only when the drawing changes. Chromium renders the SVG
(the same one browsers show), so the PNGs match it exactly: ``icon-192.png`` and
``icon-512.png`` (purpose "any"), ``maskable-512.png`` (the drawing inside the 80 % safe zone
of a maskable icon, on the felt colour), ``apple-touch-icon.png`` (180 px).

Run: .venv/bin/python scripts/make_icons.py   (needs Playwright and /usr/bin/chromium)
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src" / "hertta" / "web" / "static" / "icons"
FELT = "#2a0510"
SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0),
         "maskable-512.png": (512, 0.8), "apple-touch-icon.png": (180, 1.0)}


def page_for(svg: str, size: int, scale: float) -> str:
    inner = round(size * scale)
    return (f"<html><body style='margin:0;background:{FELT};width:{size}px;height:{size}px;"
            f"display:flex;align-items:center;justify-content:center'>"
            f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></body></html>")


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8").replace(
        "<svg ", "<svg width='100%' height='100%' ", 1)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        for name, (size, scale) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, scale))
            page.screenshot(path=str(ICONS / name), omit_background=False)
            page.close()
            print(ICONS / name)
        browser.close()


if __name__ == "__main__":
    main()
