"""Phone-sized screenshots of pages of a running app: python scripts/screenshot.py URL OUT.png [--dark]."""

import sys

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps"]


def main(url, out, dark=False):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True,
                                      color_scheme="dark" if dark else "light")
        page = context.new_page()
        page.goto(url)
        page.screenshot(path=out, full_page=True)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--dark" in sys.argv)
