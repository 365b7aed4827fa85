"""Driving the app at /app (issue 34) in selenium, shared by test_app.py, app_shots.py and
app_perf.py: waits that follow the app's own signals (the view's data-busy, the body's
data-waiting and data-sent), clicks that survive a redraw, and the workout screen's rows."""
import argparse
import json

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import wlogweb


def wait(driver, condition, what, seconds=15):
    try:
        # A redraw between finding an element and reading it asks again.
        return WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException]).until(lambda d: condition(d))
    except Exception:
        raise AssertionError("waited %d s for %s; the screen shows: %s" % (seconds, what, driver.find_element(By.TAG_NAME, "body").text[:400]))


def press(driver, find):
    """Scrolls the element `find()` gives to the middle of the screen (clear of the sticky bars)
    and clicks it; found again when the screen was redrawn between finding and clicking."""
    for attempt in range(5):
        try:
            element = find()
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
            return element
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            settled(driver)


def css(driver, selector):
    return wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector), selector)


def tap(driver, selector):
    return press(driver, lambda: css(driver, selector))


def button(driver, text):
    """The visible button whose text is `text` (waits for it)."""
    return wait(driver, lambda d: next((b for b in d.find_elements(By.TAG_NAME, "button") if b.text == text and b.is_displayed()), None),
                "a button " + repr(text))


def typed(driver, element_id, value):
    """Types `value` into the input `element_id` (found again when the screen was redrawn)."""
    for attempt in range(5):
        try:
            element = css(driver, "[id=%s]" % json.dumps(element_id))
            element.clear()
            element.send_keys(str(value))
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            settled(driver)


def choose(driver, element_id, value):
    """Chooses the option `value` of the select `element_id` (found again when the screen was redrawn)."""
    for attempt in range(5):
        try:
            Select(css(driver, "[id=%s]" % json.dumps(element_id))).select_by_value(value)
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            settled(driver)


def status(driver):
    return driver.find_element(By.ID, "status").text


def sent(driver):
    """How many writes the page's queue has sent (or dropped) since it loaded."""
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-sent") or 0)


def synced(driver, after=None):
    """Waits until every write was sent (and more than `after` in all) and the screen shows the result."""
    body = lambda d: d.find_element(By.TAG_NAME, "body")
    wait(driver, lambda d: body(d).get_attribute("data-waiting") == "0" and (after is None or sent(d) > after), "every write sent")
    settled(driver)


def sent_by(driver, text):
    """Presses the button `text` and waits until the write it makes is sent and the screen drawn."""
    before = sent(driver)
    press(driver, lambda: button(driver, text))
    synced(driver, before)


def settled(driver):
    wait(driver, lambda d: d.find_element(By.ID, "view").get_attribute("data-busy") == "0", "the screen drawn")


def add_exercise(driver, name):
    typed(driver, "picker", name)
    press(driver, lambda: button(driver, name))
    wait(driver, lambda d: any(h.text == name for h in d.find_elements(By.CSS_SELECTOR, "section.exercise h2")), name + " added")


def rows(driver, name):
    """The set rows shown under the exercise `name`."""
    return driver.execute_script(
        "return [...document.querySelectorAll('section.exercise')].filter(s => s.querySelector('h2').textContent === arguments[0])"
        ".flatMap(s => [...s.querySelectorAll('table.sets tbody tr')])", name)


def rest_left(driver):
    """The rest timer's seconds left (0 when it is not shown or not running)."""
    return int(driver.execute_script("return document.getElementById('rest')?.dataset.left || 0"))


def tick(driver, text):
    """Ticks done the set row showing `text`."""
    press(driver, lambda: wait(driver, lambda d: d.execute_script(
        "const row = [...document.querySelectorAll('table.sets tbody tr')].find(r => r.querySelector('.num').textContent === arguments[0]);"
        "return row && row.querySelector('input[type=checkbox]')", text), "the set " + text))


def use_session(driver, server, lifter, token, email="lifter@example.com"):
    """Signs the app in with a `wlog serve token` token (what the sign-in form would keep)."""
    driver.get(server.base + "/app/config.json")
    driver.execute_script("localStorage.setItem('wlog.session', JSON.stringify({token: arguments[0], refresh: '',"
                          " expires: Date.now() + 86400000, user: arguments[1], email: arguments[2]}))", token, lifter, email)


def start(**options):
    """The command line (`--bin DIR`, plus `--NAME` for each option with its default) and a
    wlog-server over a fresh folder: (server, arguments)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    for name, default in options.items():
        parser.add_argument("--" + name, default=default)
    arguments = parser.parse_args()
    return wlogweb.Server(arguments.bin), arguments
