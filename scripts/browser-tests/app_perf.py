#!/usr/bin/env python3
"""Page weight and speed of the app at /app (issue 34) on the 20-year lifter (wlog-generate
--profile lifer --seed 1 --years 20, 135,793 events), in headless Chromium at 390 × 844 over
loopback: the first load of Today and of Active Workout (no service worker, no HTTP cache) and a
cached load of Active Workout (the service worker's shell), each as bytes transferred (the
Resource Timing API's transferSize, document included) and the time from navigation to the
first screen drawn (the app's `wlog:rendered` mark); then the time from tapping the suggested
set's ✓ Log to the set's row on the screen, 10 times. Prints figures (docs/WEB.md), asserts none.
Usage: run.sh app-perf"""
import os
import statistics
import subprocess
import sys

import wlogweb
from appdriver import add_exercise, settled, start, tap, use_session, wait
from wlogweb import ALICE

MEASURE = """
const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
return {bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0), requests: entries.length,
        drawn: performance.getEntriesByName('wlog:rendered')[0]?.startTime};
"""

TAP = """
const done = arguments[arguments.length - 1];
const count = () => document.querySelectorAll('table.sets tbody tr').length;
const before = count(), start = performance.now();
const observer = new MutationObserver(() => {
  if (count() > before) { observer.disconnect(); done(performance.now() - start); }
});
observer.observe(document.getElementById('view'), {childList: true, subtree: true});
document.querySelector('button.suggest').click();
"""


def load(driver, url):
    driver.get("about:blank")
    driver.get(url)
    settled(driver)
    return driver.execute_script(MEASURE)


def main():
    server, arguments = start()
    driver = None
    try:
        journal = os.path.join(server.data, "users", ALICE, "journal.wlog")
        os.makedirs(os.path.dirname(journal), exist_ok=True)
        subprocess.run([os.path.join(arguments.bin, "wlog-generate"), "--profile", "lifer", "--seed", "1", "--years", "20",
                        "--journal", journal], check=True, capture_output=True)
        token = server.token(ALICE)
        driver = wlogweb.browser(390, 844)
        use_session(driver, server, ALICE, token)
        today = load(driver, server.base + "/app/#/today")
        tap(driver, "button.start")
        wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout", seconds=60)
        settled(driver)
        add_exercise(driver, "Bench Press")
        settled(driver)
        # First load of Active Workout: the workout stays in IndexedDB; the worker, its caches and the HTTP cache go.
        driver.execute_async_script("""const done = arguments[arguments.length - 1];
            Promise.all([navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister()))),
                         caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k))))]).then(() => done());""")
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        first = load(driver, server.base + "/app/#/workout")
        wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker", seconds=30)
        cached = load(driver, server.base + "/app/#/workout")
        taps = [driver.execute_async_script(TAP) for _ in range(10)]
        print("app on the 20-year lifter (390 x 844, loopback):")
        print("  first load, Today:           %7d bytes in %2d requests, drawn at %6.0f ms" % (today["bytes"], today["requests"], today["drawn"]))
        print("  first load, Active Workout:  %7d bytes in %2d requests, drawn at %6.0f ms" % (first["bytes"], first["requests"], first["drawn"]))
        print("  cached load, Active Workout: %7d bytes in %2d requests, drawn at %6.0f ms" % (cached["bytes"], cached["requests"], cached["drawn"]))
        print("  tap ✓ Log → set shown (10):  median %.1f ms, min %.1f, max %.1f" % (statistics.median(taps), min(taps), max(taps)))
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
