#!/usr/bin/env python3
"""Screenshots of every screen of the app at /app (issue 34) into docs/screenshots/app-*.png: at
390 × 844 (phone) and 1280 × 800 (desktop), light and dark (Chromium's prefers-color-scheme
emulation), over a seeded lifter (wlogweb.seed) with a workout started in the app. Each shot is
the viewport. Usage: run.sh app-shots [--out DIR]"""
import os
import sys

import wlogweb
from appdriver import add_exercise, button, css, press, settled, start, tap, use_session, wait
from wlogweb import ALICE

VARIANTS = [("phone", 390, 844, "light"), ("phone", 390, 844, "dark"), ("desktop", 1280, 800, "light"), ("desktop", 1280, 800, "dark")]


SHOT = []


def shoot(driver, out, screen):
    SHOT.append(screen)
    for label, width, height, scheme in VARIANTS:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        driver.execute_script("window.scrollTo(0, 0)")
        settled(driver)
        driver.save_screenshot(os.path.join(out, "app-%s-%s-%s.png" % (screen, label, scheme)))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})


def main():
    server, arguments = start(out=os.path.join(wlogweb.ROOT, "docs", "screenshots"))
    os.makedirs(arguments.out, exist_ok=True)
    driver = None
    try:
        token = server.token(ALICE)
        wlogweb.seed(server, ALICE, token)
        driver = wlogweb.browser(390, 844)
        driver.get(server.base + "/app/#/sign-in")
        settled(driver)
        shoot(driver, arguments.out, "sign-in")
        use_session(driver, server, ALICE, token, "alice@example.com")
        driver.get(server.base + "/app/#/today")
        settled(driver)
        shoot(driver, arguments.out, "today")
        tap(driver, "button.start")
        wait(driver, lambda d: d.current_url.endswith("#/workout"), "the workout")
        settled(driver)
        add_exercise(driver, "Bench Press")
        tap(driver, "button.suggest")
        settled(driver)
        tap(driver, "button.suggest")
        settled(driver)
        shoot(driver, arguments.out, "workout")
        for screen in ("exercises", "history", "bodyweight", "settings"):
            tap(driver, "nav a[href='#/%s']" % screen)
            settled(driver)
            shoot(driver, arguments.out, screen)
        driver.get(server.base + "/app/#/planner")
        settled(driver)
        shoot(driver, arguments.out, "planner")
        css(driver, "#routine-name").send_keys("Upper Lower")
        press(driver, lambda: button(driver, "Create routine"))
        wait(driver, lambda d: "#/planner/" in d.current_url, "the new routine's editor")
        settled(driver)
        shoot(driver, arguments.out, "planner-routine")
        tap(driver, "nav a[href='#/workout']")
        settled(driver)
        press(driver, lambda: button(driver, "Finish workout"))
        css(driver, "ul.prs li")
        settled(driver)
        shoot(driver, arguments.out, "summary")
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    print("app screenshots: %d (%s) in %s" % (len(SHOT) * len(VARIANTS), ", ".join(SHOT), arguments.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
