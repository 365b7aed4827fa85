#!/usr/bin/env python3
"""Browser tests of the web pages of `wlog serve` (issue 17), in headless Chromium via selenium.

Signs in by pasting a token, opens every page and checks that the numbers shown equal the API's
(history's workout volumes, the exercise's record table and rep filter and e1RM chart, the body
weight stats, 7-day averages and trend); on the monitor, posts sets through the API and waits for
each to appear without a reload, printing the delay (a measurement, not an assertion); then signs
in as another lifter and checks none of the first lifter's data shows. Exit 0 when all hold.

Usage: scripts/browser-tests/test_pages.py [--bin DIR]   (run.sh builds and calls it)
"""
import argparse
import datetime
import os
import re
import statistics
import sys
import time
import traceback

import wlogweb
from wlogweb import ALICE, BOB, api

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("  FAIL " + message)


def shown(driver, css, seconds=5):
    """The text of the element at `css` on a page whose script re-renders it (the monitor's stream
    replaces `#live` when it connects and on each set): read again while the element found went
    stale, so the read never races the re-render."""
    waited = WebDriverWait(driver, seconds, ignored_exceptions=[StaleElementReferenceException])
    return waited.until(lambda d: (d.find_element(By.CSS_SELECTOR, css).text,))[0]


def number(text):
    """The first number in `text` (`820 kg` → 820.0)."""
    match = re.search(r"-?\d+(?:\.\d+)?", text.replace("\u2212", "-"))
    return float(match.group(0)) if match else None


def same(a, b):
    return a is not None and b is not None and abs(float(a) - float(b)) < 0.005


def test_sign_in(driver, server, token):
    print("sign-in")
    driver.get(server.base + "/history")
    check(driver.current_url.endswith("/sign-in"), "a page without a session goes to /sign-in, got " + driver.current_url)
    wlogweb.sign_in(driver, server, "not-a-token")
    check("token:" in driver.find_element(By.CSS_SELECTOR, "p.error").text, "a bad token is refused with the reason")
    wlogweb.sign_in(driver, server, token)
    check(driver.current_url.endswith("/history"), "signing in opens History, got " + driver.current_url)
    check("wlog_session" not in driver.execute_script("return document.cookie"), "the session cookie is HttpOnly")


def test_history(driver, server, token):
    print("history")
    driver.get(server.base + "/history")
    listed = api(server, "GET", "workouts?pageSize=20", token)
    cards = driver.find_elements(By.CSS_SELECTOR, "article.workout")
    check(len(cards) == len(listed), "history shows %d workouts, the API %d" % (len(cards), len(listed)))
    for card, workout in zip(cards, listed):
        check(card.get_attribute("data-workout-id") == workout["id"], "history's order is the API's")
        volume = card.find_element(By.CSS_SELECTOR, "dd.volume").text
        check(same(number(volume), workout["totalVolumeKg"]),
              "workout %s volume: page %s, API %s" % (workout["id"], volume, workout["totalVolumeKg"]))
        check(int(card.find_element(By.CSS_SELECTOR, "dd.sets").text) == workout["totalSets"], "sets of " + workout["id"])
    last = listed[0]
    print("  last workout's volume: page %s, API %s kg" % (cards[0].find_element(By.CSS_SELECTOR, "dd.volume").text,
                                                          last["totalVolumeKg"]))
    check(len(driver.find_elements(By.CSS_SELECTOR, "#volume-chart svg circle")) == 12, "12 weeks in the volume chart")
    wlogweb.follow(driver, cards[0].find_element(By.CSS_SELECTOR, "h3 a"))
    check(driver.current_url.endswith("/workouts/" + last["id"]), "a workout opens its page")
    detail = api(server, "GET", "workouts/" + last["id"], token)
    shown = driver.find_elements(By.CSS_SELECTOR, "ol.sets li")
    check(len(shown) == sum(len(e["sets"]) for e in detail["exercises"]), "the workout page lists every set")


def test_exercise(driver, server, token):
    print("exercise")
    driver.get(server.base + "/exercises")
    wlogweb.follow(driver, driver.find_element(By.LINK_TEXT, "Bench Press"))
    check(driver.current_url.endswith("/exercises/bench-press"), "the exercise list links the exercise")
    records = api(server, "GET", "prs?exercise=bench-press", token)[0]["records"]
    rows = driver.find_elements(By.CSS_SELECTOR, "table.records tbody tr")
    check(len(rows) == len(records), "PR table has %d rows, the API %d records" % (len(rows), len(records)))
    for row, record in zip(rows, records):
        check(row.get_attribute("data-record") == record["record"], "record order: %s" % record["record"])
        shown = row.find_element(By.CSS_SELECTOR, "td.num").text
        check(same(number(shown), record["value"]), "%s: page %s, API %s" % (record["record"], shown, record["value"]))
    by_name = {r["record"]: r for r in records}
    print("  PR table: " + ", ".join("%s %s" % (r.get_attribute("data-record"), r.find_element(By.CSS_SELECTOR, "td.num").text)
                                     for r in rows))
    for reps in (3, 8):
        wlogweb.follow(driver, driver.find_element(By.LINK_TEXT, "%dRM" % reps))
        check(driver.current_url.endswith("?reps=%d" % reps), "the rep filter links ?reps=%d" % reps)
        big = driver.find_element(By.CSS_SELECTOR, ".big-pr .value").text
        check(same(number(big), by_name["%drm" % reps]["value"]), "%dRM filter: page %s, API %s" % (reps, big, by_name["%drm" % reps]["value"]))
    points = {p["date"]: p["e1rmKg"] for p in api(server, "GET", "exercises/bench-press/e1rm", token)}
    circles = driver.find_elements(By.CSS_SELECTOR, "#e1rm-chart circle")
    check(len(circles) == len(points), "e1RM chart has %d points, the API %d" % (len(circles), len(points)))
    for circle in circles:
        date = circle.get_attribute("data-date")
        check(same(circle.get_attribute("data-value"), round(points.get(date, -1), 2)), "e1RM of " + date)


def test_bodyweight(driver, server, token):
    print("body weight")
    driver.get(server.base + "/bodyweight")
    stats = api(server, "GET", "bodyweight", token)
    panel = driver.find_element(By.CSS_SELECTOR, "dl.stats")
    check(panel.get_attribute("data-trend") == stats["trend"], "trend: page %s, API %s" % (panel.get_attribute("data-trend"), stats["trend"]))
    for css, key in (("current", "currentKg"), ("starting", "startingKg"), ("change", "changeKg"), ("goal", "goalKg"),
                     ("to-goal", "toGoalKg")):
        shown = panel.find_element(By.CSS_SELECTOR, "dd." + css).text
        check(same(number(shown), stats[key]), "%s: page %s, API %s" % (key, shown, stats[key]))
    print("  trend: page %r, API %s" % (panel.find_element(By.CSS_SELECTOR, "dd.trend").text, stats["trend"]))
    averages = {e["date"]: e["average7Kg"] for e in stats["entries"]}
    rows = driver.find_elements(By.CSS_SELECTOR, "table.entries tbody tr")
    check(len(rows) == len(stats["entries"]), "one row per entry")
    for row in rows:
        date = row.get_attribute("data-date")
        shown = row.find_element(By.CSS_SELECTOR, "td.average").text
        check(same(number(shown), averages.get(date)), "7-day average of %s: page %s, API %s" % (date, shown, averages.get(date)))
    goal = driver.find_elements(By.CSS_SELECTOR, "#bodyweight-chart line.goal")
    check(len(goal) == 1 and same(goal[0].get_attribute("data-goal"), stats["goalKg"]), "the chart's goal line")


def test_monitor(driver, server, token, rounds=5):
    print("monitor")
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    workout = api(server, "POST", "workouts", token, {"name": "Evening push",
                                                      "startedAt": (now - datetime.timedelta(minutes=12)).isoformat().replace("+00:00", "Z")})
    api(server, "POST", "workouts/%s/exercises/bench-press/sets" % workout["id"], token, {"reps": 5, "weightKg": 60})
    driver.get(server.base + "/monitor")
    check("Evening push" in shown(driver, "#live h2"), "the monitor shows the workout in progress")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "link").get_attribute("data-state") == "live")
    driver.execute_script("window.__notReloaded = true")
    delays = []
    for round_number in range(rounds):
        exercise = "overhead-press" if round_number % 2 else "bench-press"
        started = time.time()
        made = api(server, "POST", "workouts/%s/exercises/%s/sets" % (workout["id"], exercise), token,
                   {"reps": 5, "weightKg": 50 + round_number})
        acknowledged = time.time()
        selector = "li[data-set-id='%s']" % made["id"]
        WebDriverWait(driver, 10, poll_frequency=0.005).until(lambda d: d.find_elements(By.CSS_SELECTOR, selector))
        updated = int(driver.find_element(By.ID, "live").get_attribute("data-updated")) / 1000.0
        delays.append((updated - started) * 1000)
        print("  set %d: POST answered after %.1f ms, on the page %.1f ms after the POST was sent"
              % (round_number + 1, (acknowledged - started) * 1000, (updated - started) * 1000))
    check(driver.execute_script("return window.__notReloaded === true"), "the monitor did not reload")
    expected = "Overhead Press" if rounds % 2 == 0 else "Bench Press"
    check(shown(driver, ".current-name") == expected, "the current exercise follows the last set")
    print("  monitor delay (POST sent -> set on the page): median %.1f ms, max %.1f ms over %d sets"
          % (statistics.median(delays), max(delays), len(delays)))

    # A set the CLI appends to the same journal: found by the stream's 1 s poll.
    count = "return Number(document.querySelector('#live .set-count').getAttribute('data-count'))"
    before = driver.execute_script(count)
    started = time.time()
    server.wlog(ALICE, "append", "set", "bench press", "95x3")
    WebDriverWait(driver, 10, poll_frequency=0.01).until(lambda d: d.execute_script(count) == before + 1)
    print("  a set appended by the CLI: on the page %.0f ms after the CLI started (stream polls each 1 s)"
          % ((int(driver.find_element(By.ID, "live").get_attribute("data-updated")) / 1000.0 - started) * 1000))

    # The server restarts (SIGTERM ends the open stream): EventSource reconnects by itself.
    started = time.time()
    status = server.restart()
    check(status == 0, "SIGTERM with a monitor connected exits 0, got %r" % status)
    made = api(server, "POST", "workouts/%s/exercises/bench-press/sets" % workout["id"], token, {"reps": 2, "weightKg": 97.5})
    WebDriverWait(driver, 20, poll_frequency=0.01).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li[data-set-id='%s']" % made["id"]))
    print("  server restarted: the monitor reconnected and showed a new set %.0f ms after the restart began"
          % ((time.time() - started) * 1000))
    check(driver.execute_script("return window.__notReloaded === true"), "the monitor did not reload across the restart")
    return workout["id"]


def test_other_lifter(driver, server, alice_token, bob_token, alice_workouts):
    print("another lifter")
    driver.delete_all_cookies()
    wlogweb.sign_in(driver, server, bob_token)
    for path in ("/history", "/exercises", "/bodyweight", "/monitor"):
        driver.get(server.base + path)
        source = driver.page_source
        check(not any(w in source for w in alice_workouts), "%s shows none of the other lifter's workouts" % path)
        check("Evening push" not in source and "Push day" not in source, "%s shows none of the other lifter's names" % path)
    check("No workout in progress." in shown(driver, "#live"), "the other lifter's monitor is idle")
    made = api(server, "POST", "workouts/%s/exercises/bench-press/sets" % alice_workouts[-1], alice_token, {"reps": 3, "weightKg": 61})
    time.sleep(1.5)
    check(made["id"] not in driver.page_source, "a set of the other lifter never reaches this monitor")
    for workout in alice_workouts:
        driver.get(server.base + "/workouts/" + workout)
        check(driver.find_element(By.TAG_NAME, "h1").text == "Not found", "the other lifter's workout %s is not found" % workout)
    driver.get(server.base + "/history")
    wlogweb.follow(driver, driver.find_element(By.CSS_SELECTOR, "header.top form button"))
    check(driver.current_url.endswith("/sign-in"), "sign out goes to /sign-in")
    driver.get(server.base + "/history")
    check(driver.current_url.endswith("/sign-in"), "after signing out, pages ask to sign in again")


def test_accounts(driver, server):
    """issue 32: sign up, sign out, sign in with email and password on the pages; a signed-out
    session's cookie no longer opens a page (the server ended the session, not just the cookie)."""
    print("accounts: sign-up, sign-out, sign-in")
    driver.delete_all_cookies()
    email, password = "page-lifter@example.com", "Pages-2026-strong"

    def submit(path, form_class, fields):
        driver.get(server.base + path)
        form = driver.find_element(By.CSS_SELECTOR, "form." + form_class)
        for name, value in fields.items():
            form.find_element(By.NAME, name).send_keys(value)
        wlogweb.follow(driver, form.find_element(By.TAG_NAME, "button"))

    submit("/sign-up", "sign-up", {"email": email, "password": "short"})
    check("at least 8" in driver.find_element(By.CSS_SELECTOR, "p.error").text, "a weak password is refused on /sign-up with the rule")
    submit("/sign-up", "sign-up", {"email": email, "password": password})
    check(driver.current_url.endswith("/history"), "signing up opens History, got " + driver.current_url)
    cookie = driver.get_cookie("wlog_session")
    check(cookie is not None and cookie.get("httpOnly"), "the session cookie is set and HttpOnly")
    token = cookie["value"] if cookie else ""
    wlogweb.follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/sign-out'] button"))
    check(driver.current_url.endswith("/sign-in"), "signing out goes to /sign-in, got " + driver.current_url)
    driver.add_cookie({"name": "wlog_session", "value": token, "path": "/"})
    driver.get(server.base + "/history")
    check(driver.current_url.endswith("/sign-in"), "the signed-out session's cookie, put back, opens no page: " + driver.current_url)
    submit("/sign-in", "sign-in-password", {"email": email, "password": "Wrong-2026-pass"})
    check("Invalid login credentials" in driver.find_element(By.CSS_SELECTOR, "p.error").text, "a wrong password is refused on /sign-in")
    submit("/sign-in", "sign-in-password", {"email": email, "password": password})
    check(driver.current_url.endswith("/history"), "signing in with email and password opens History, got " + driver.current_url)
    # "Email me a link": the server (no --smtp) writes the mail to DATA/outbox/; opening its link in
    # this browser signs it in (PKCE: the verifier is this browser's cookie).
    wlogweb.follow(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/sign-out'] button"))
    outbox = os.path.join(server.data, "outbox")
    before = set(os.listdir(outbox)) if os.path.isdir(outbox) else set()
    submit("/sign-in", "sign-in-link", {"email": email})
    check("Check your mail" in driver.page_source, "asking for a link says to check the mail")
    mails = sorted(set(os.listdir(outbox)) - before)
    link = re.search(r"(http://\S+/auth/v1/verify\?\S+)", open(os.path.join(outbox, mails[-1])).read()).group(1) if mails else ""
    check(mails and os.stat(os.path.join(outbox, mails[-1])).st_mode & 0o777 == 0o600, "the mail is one 0600 file in DATA/outbox/")
    driver.get(link)
    check(driver.current_url.endswith("/history"), "the mailed link signs this browser in, got " + driver.current_url)
    driver.get(link)
    check(driver.current_url.endswith("/sign-in") or "sign-in" in driver.current_url, "the link works once, got " + driver.current_url)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    arguments = parser.parse_args()
    server = wlogweb.Server(arguments.bin)
    driver = None
    try:
        alice, bob = server.token(ALICE), server.token(BOB)
        alice_workouts = wlogweb.seed(server, ALICE, alice)
        driver = wlogweb.browser()
        test_sign_in(driver, server, alice)
        test_history(driver, server, alice)
        test_exercise(driver, server, alice)
        test_bodyweight(driver, server, alice)
        live = test_monitor(driver, server, alice)
        test_other_lifter(driver, server, alice, bob, alice_workouts + [live])
        test_accounts(driver, server)
    except Exception:
        traceback.print_exc()
        FAILURES.append("exception")
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    if FAILURES:
        print("browser tests: %d failed" % len(FAILURES))
        return 1
    print("browser tests: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
