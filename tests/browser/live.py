"""A live server in a thread and a headless Chromium (Debian's chromium + chromium-driver) driven by Selenium.

Without chromium, chromedriver or selenium the browser tests skip; .ci/run installs all three and sets
PAGE_BROWSER_REQUIRED=1, under which a missing browser fails the tests instead, so in CI they really run. Screenshots (PAGE_SCREENSHOTS=1)
go to tests/artifacts/ (git-ignored), or to $PAGE_ARTIFACTS when set (which also turns them on).
"""
import base64
import os
import shutil
import threading

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from app import create_app

HERE = os.path.dirname(os.path.abspath(__file__))
ARTIFACTS = os.environ.get("PAGE_ARTIFACTS") or os.path.join(os.path.dirname(HERE), "artifacts")
# Screenshots are for a person reviewing the page, and taking them is about an eighth of the browser tests' CPU:
# the everyday run takes them only when asked (PAGE_SCREENSHOTS=1, or PAGE_ARTIFACTS set);
# test_page.py::test_a_screenshot_is_a_whole_png takes one on every run, so the path stays tested.
SHOTS = {"on": os.environ.get("PAGE_SCREENSHOTS") == "1" or bool(os.environ.get("PAGE_ARTIFACTS"))}
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# Run before any page script (CDP scripts are not subject to the page's policy): record violations
RECORD_VIOLATIONS = ("window.__violations = []; document.addEventListener('securitypolicyviolation', "
                     "e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));")


def executable(names):
    return next((path for path in map(shutil.which, names) if path), None)


def unavailable(reason):
    if os.environ.get("PAGE_BROWSER_REQUIRED") == "1":
        pytest.fail(f"{reason}, and PAGE_BROWSER_REQUIRED=1 (as in .ci/run)")
    pytest.skip(reason)


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):
        pass


@pytest.fixture(scope="session")
def live_server():
    """The real app on a free localhost port, served by werkzeug in a thread."""
    server = make_server("127.0.0.1", 0, create_app(), threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def driver():
    try:
        from selenium import webdriver  # noqa: PLC0415 (the page tests alone need it)
        from selenium.webdriver.chrome.service import Service  # noqa: PLC0415
    except ImportError:
        unavailable("selenium is not installed (pip install -r requirements-dev.txt)")
    browser, chromedriver = executable(BROWSERS), executable(("chromedriver",))
    if not browser or not chromedriver:
        unavailable("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--lang=en-US", "--disable-extensions", "--no-first-run"):
        options.add_argument(arg)
    drv = webdriver.Chrome(options=options, service=Service(chromedriver))
    drv.set_page_load_timeout(30)
    drv.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_VIOLATIONS})
    yield drv
    drv.quit()


class Page:
    """The page at a given width, with the helpers the tests share."""

    def __init__(self, driver, base, width, cold=False):
        from selenium.webdriver.common.by import By  # noqa: PLC0415
        from selenium.webdriver.support.ui import WebDriverWait  # noqa: PLC0415
        self.d, self.base, self.width, self.By, self.Wait = driver, base, width, By, WebDriverWait
        self.resize(900)
        if cold:
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.get(base + "/")
        self.wait(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"
                                             " && document.getElementById('preset').options.length > 0"))

    def resize(self, height):
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": self.width, "height": height, "deviceScaleFactor": 1, "mobile": self.width < 600})

    def violations(self):
        """Content-security-policy violations seen since the page loaded."""
        return self.d.execute_script("return window.__violations")

    def wait(self, condition, timeout=15):
        return self.Wait(self.d, timeout).until(condition)

    def find(self, css):
        return self.d.find_element(self.By.CSS_SELECTOR, css)

    def finds(self, css):
        return self.d.find_elements(self.By.CSS_SELECTOR, css)

    def click(self, css):
        """Click an element (a CSS selector or the element itself), scrolled into view first."""
        el = self.find(css) if isinstance(css, str) else css
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()
        return el

    def type(self, css, text):
        el = self.find(css)
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.clear()
        el.send_keys(text)
        self.d.execute_script("arguments[0].dispatchEvent(new Event('change'))", el)

    def select(self, css, value):
        """Choose an option of a <select> as a person would (the change event included)."""
        self.d.execute_script("const s = document.querySelector(arguments[0]); s.value = arguments[1];"
                              "s.dispatchEvent(new Event('change', {bubbles: true}))", css, value)

    def tap_tiles(self, notation):
        for tile in tile_names(notation):
            self.click(f"#picker button[data-tile='{tile}']")

    def ask(self, question):
        """Ask a question and wait for its answer (a previous answer's state is cleared first, so a question asked
        twice waits for the new answer)."""
        self.click(f".tabs button[data-q='{question}']")
        self.d.execute_script("delete document.getElementById(arguments[0]).dataset.state", f"answer-{question}")
        self.click(f"#ask-{question}")
        return self.wait(lambda d: d.find_element(self.By.CSS_SELECTOR, f"#answer-{question}[data-state]"))

    def screenshot(self, name, css=None):
        """The whole page (not only the viewport), or the element `css` names, as a PNG in the artifacts folder;
        returns its path (None when screenshots are off: SHOTS)."""
        if not SHOTS["on"]:
            return None
        os.makedirs(ARTIFACTS, exist_ok=True)
        height = self.d.execute_script("return document.documentElement.scrollHeight")
        self.resize(min(height, 8000))
        params = {"format": "png", "captureBeyondViewport": True}
        if css:
            box = self.d.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                        "return [r.x + scrollX, r.y + scrollY, r.width, r.height]", css)
            params["clip"] = dict(zip(("x", "y", "width", "height"), box), scale=1)
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", params)
        path = os.path.join(ARTIFACTS, f"{name}-{self.width}px.png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        self.resize(900)
        print("screenshot:", path)
        return path


def viewport_shot(page, name):
    """What the screen shows now (the viewport only, as a person sees it) as a PNG in the artifacts folder (None
    when screenshots are off: SHOTS)."""
    if not SHOTS["on"]:
        return None
    os.makedirs(ARTIFACTS, exist_ok=True)
    shot = page.d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    path = os.path.join(ARTIFACTS, f"{name}-{page.width}px.png")
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    return path


def enter_pon_win(page, hand, win_tile="3m"):
    """A hand with a pon of green dragons claimed from south, the player sitting west, ron on `win_tile` from east
    (the shape of the API's example win), typed into the page's fields."""
    page.type("#hand", hand)
    page.click("#meld-box > summary")
    page.select("#meld-kind", "pon")
    page.type("#meld-tiles", "666z")
    page.select("#meld-from", "south")
    page.click("#meld-add")
    page.select("#seat-wind", "west")
    page.type("#win-tile", win_tile)
    page.select("#discarder", "east")


def tile_names(notation):
    """'123m5z' -> ['1m', '2m', '3m', '5z'] (the picker's tile names)."""
    out, digits = [], ""
    for ch in notation:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


@pytest.fixture(params=[375, 1280], ids=["phone", "desktop"])
def page(request, driver, live_server):
    return Page(driver, live_server, request.param)


@pytest.fixture
def phone(driver, live_server):
    return Page(driver, live_server, 375)


@pytest.fixture
def cold_phone(driver, live_server):
    """The page at 375 px loaded with an empty browser cache."""
    return Page(driver, live_server, 375, cold=True)
