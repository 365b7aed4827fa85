"""Shared by the browser tests and the screenshots (issue 17): a wlog-server on a free loopback
port over a temp data folder, tokens, the API, seeded lifters, and a headless Chromium driven by
selenium (Debian's chromium + chromium-driver; no browser download)."""
import datetime
import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALICE = "a11ce000-0000-4000-8000-000000000001"
BOB = "b0b00000-0000-4000-8000-000000000002"


class Server:
    """wlog-server over a fresh data folder; stop() ends it and removes the folder."""

    def __init__(self, bin_dir, extra=()):
        self.bin_dir = bin_dir
        self.extra = list(extra)
        self.data = tempfile.mkdtemp(prefix="wlog-browser-")
        self.start(0)

    def start(self, port):
        self.process = subprocess.Popen(
            [os.path.join(self.bin_dir, "wlog-server"), "run", "--listen", "127.0.0.1:%d" % port, "--data", self.data,
             "--rate-limit", "0", "--address-rate-limit", "0", "--log-level", "warning"] + self.extra,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if "listening on http://" not in line:
            self.process.kill()
            raise RuntimeError("wlog-server did not start: %r" % line)
        self.port = int(line.split("http://", 1)[1].split()[0].rsplit(":", 1)[1])
        self.base = "http://127.0.0.1:%d" % self.port

    def token(self, lifter):
        return subprocess.run([os.path.join(self.bin_dir, "wlog-server"), "token", "--user", lifter, "--data", self.data],
                              check=True, capture_output=True, text=True).stdout.strip()

    def wlog(self, lifter, *arguments):
        """The CLI on the lifter's journal while the server runs (the store catches up)."""
        journal = os.path.join(self.data, "users", lifter, "journal.wlog")
        subprocess.run([os.path.join(self.bin_dir, "wlog"), "--journal", journal] + list(arguments),
                       check=True, capture_output=True, text=True)

    def terminate(self):
        """SIGTERM; the exit status (None when it had to be killed after 20 s)."""
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def restart(self):
        """Stops the server and starts it again on the same port over the same data."""
        status = self.terminate()
        self.start(self.port)
        return status

    def stop(self):
        self.terminate()
        shutil.rmtree(self.data, ignore_errors=True)


def api(server, method, path, token, body=None):
    """`data` of the API's envelope; raises on anything but 2xx."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        headers = {"Authorization": "Bearer " + token}
        payload = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            payload = json.dumps(body)
        connection.request(method, "/api/v1/" + path, body=payload, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        if not 200 <= response.status < 300:
            raise RuntimeError("%s %s: %d %s" % (method, path, response.status, text))
        return json.loads(text)["data"] if text else None
    finally:
        connection.close()


def instant(day, hour, minute=0):
    return "%sT%02d:%02d:00Z" % (day.isoformat(), hour, minute)


def seed(server, lifter, token, heavy=1.0, goal="78"):
    """A few weeks of training and body weight through the API, a goal through the CLI, and a
    workout in progress today. Returns the ids of the finished workouts, oldest first."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    plan = [(-20, "Push"), (-17, "Legs"), (-13, "Push"), (-10, "Legs"), (-6, "Push"), (-3, "Legs"), (-1, "Push")]
    workouts = []
    for index, (offset, name) in enumerate(plan):
        day = today + datetime.timedelta(days=offset)
        workout = api(server, "POST", "workouts", token, {"name": name + " day", "startedAt": instant(day, 7)})
        workouts.append(workout["id"])
        step = index // 2
        if name == "Push":
            sets = [("bench-press", 60, 8), ("bench-press", 80 + 2.5 * step, 5), ("bench-press", 80 + 2.5 * step, 5),
                    ("bench-press", 75 + 2.5 * step, 8), ("overhead-press", 40 + step, 8), ("overhead-press", 40 + step, 7)]
        else:
            sets = [("back-squat", 100 + 5 * step, 5), ("back-squat", 100 + 5 * step, 5), ("back-squat", 90 + 5 * step, 8),
                    ("romanian-deadlift", 90 + 5 * step, 10), ("romanian-deadlift", 90 + 5 * step, 10)]
        for number, (exercise, weight, reps) in enumerate(sets):
            body = {"reps": reps, "weightKg": round(weight * heavy, 1), "completedAt": instant(day, 7, 5 + 4 * number)}
            if number == 0:
                body["setType"] = "warmup"
            api(server, "POST", "workouts/%s/exercises/%s/sets" % (workout["id"], exercise), token, body)
        api(server, "PATCH", "workouts/" + workout["id"], token, {"completedAt": instant(day, 8), "notes": "Felt good"})
    for offset in range(-21, 0):
        day = today + datetime.timedelta(days=offset)
        weight = round((84.0 - 0.12 * (offset + 21) + (0.4 if offset % 3 == 0 else 0)) * heavy, 1)
        api(server, "POST", "bodyweight", token, {"weightKg": weight, "recordedAt": instant(day, 6, 30)})
    server.wlog(lifter, "append", "goal", goal)
    return workouts


def browser(width=1280, height=900):
    """Headless Chromium at `width` × `height` CSS pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--window-size=%d,%d" % (width, height), "--force-device-scale-factor=1"):
        options.add_argument(flag)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def sign_in(driver, server, token):
    """Pastes `token` into the sign-in form, as a lifter does."""
    from selenium.webdriver.common.by import By
    driver.get(server.base + "/sign-in")
    driver.find_element(By.ID, "token").send_keys(token)
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form.sign-in button"))


def follow(driver, element):
    """Clicks a link or a form's button and waits until the next page replaced this one."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait
    element.click()

    def replaced(_):
        # chromedriver sometimes answers a node detached mid-navigation with "Node with given id
        # does not belong to the document" instead of a stale-element error: the same news.
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    WebDriverWait(driver, 10).until(replaced)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
