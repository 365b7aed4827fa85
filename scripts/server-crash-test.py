#!/usr/bin/env python3
"""Crash test of `wlog serve` (issue 14): SIGKILL the server under a load of durable writes.

Each round starts `wlog-server` on a free loopback port over one data folder (rate limits off;
odd rounds with `--flush each`, even ones with `--flush group`),
starts a workout for each of several lifters, and runs client threads that POST sets, each with
its own Idempotency-Key (also written in the set's notes, so a set that landed can be told apart
without knowing its id). A request answered 201 is *acknowledged*; one whose answer never came is
*in flight*. After a random moment the server is killed with SIGKILL and started again, and:

  - every acknowledged set is there, once, with the id the 201 gave and the fields sent;
  - every set found was sent, and each one in flight either landed whole or not at all;
  - retrying each in-flight request with its key answers 201 with the set that landed, if one
    did, and the workout then holds each key exactly once (retries are safe across a crash);
  - SIGTERM stops the server with exit 0, then each journal passes `wlog verify` and
    `wlog export sets` reads from the file the same sets the API served.

With --store postgres (issue 16) the same runs on the PostgreSQL store: a cluster of the script's own
(scripts/pg-test-cluster.sh), two servers on one database sharing the load, and the rounds take turns:
odd rounds SIGKILL one server while the other keeps serving; even rounds restart PostgreSQL under the
load (pg_ctl restart -m fast) and keep the load going after it. Requests answered 503 during the
outage count as unanswered and are retried with their key afterwards, like those in flight at a
kill; no request may hang (the longest is reported as the stall), both servers must answer 201
again after the restart without being restarted, and each lifter's stream positions must be 1…N
with none repeated or skipped. The journals the checks read are `wlog-server migrate`d from the
database at the end.

Usage: scripts/server-crash-test.py [--bin DIR] [--rounds N] [--seconds S] [--seed N] [--store journal|postgres]
DIR holds wlog-server and wlog (default .build/debug, as `make test` builds them).
Exit 0 when every round holds; 1 with the broken check named otherwise.
"""
import argparse
import http.client
import datetime
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from script_checks import Failure, check  # scripts/ is on sys.path: the script's own folder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Server:
    """One wlog-server process over `data`; `port` is the one it reports listening on."""

    def __init__(self, binary, data, store=None, flush=None):
        self.binary, self.data = binary, data
        self.process = subprocess.Popen(
            [binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--rate-limit", "0",
             "--address-rate-limit", "0", "--log-level", "critical"] + (["--store", store] if store else [])
            + (["--flush", flush] if flush else []),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        check("listening on http://" in line, "wlog-server did not start: %r" % line)
        self.port = int(line.split("http://", 1)[1].split()[0].rsplit(":", 1)[1])

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure("wlog-server did not stop within 20 s of SIGTERM")


def call(port, method, path, token, body=None, key=None, timeout=30):
    """(status, decoded JSON or None) of one request on a fresh connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Authorization": "Bearer " + token}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if key is not None:
            headers["Idempotency-Key"] = key
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        raw = response.read()
        return response.status, (json.loads(raw) if raw else None)
    finally:
        connection.close()


def set_body(key):
    """The set a key stands for: its fields follow from the key, so a found set can be checked."""
    n = sum(key.encode())
    return {"reps": 1 + n % 12, "weightKg": 20 + (n % 400) / 2, "notes": key}


class Load:
    """Client threads posting sets until their server goes away (or `stop` is set); what each
    request came to. Thread t talks to server t mod len(ports). With `outage_ok`, a 503 (the
    database away) counts as unanswered and the thread goes on."""

    def __init__(self, ports, lifters, threads, round_no, outage_ok=False):
        self.ports, self.lifters, self.round_no, self.outage_ok = ports, lifters, round_no, outage_ok
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.acked = {}      # key -> (lifter index, set id of its 201)
        self.in_flight = {}  # key -> lifter index: sent, no answer (the server died) or 503
        self.refused = []    # keys never sent: the connection was refused
        self.errors = []     # answers other than 201 (and tolerated 503s) while the server lived
        self.outage = 0      # 503s answered while the database was away
        self.stall = 0.0     # the longest request, answered or not, in seconds
        self.acked_at = []   # (monotonic time, port) of each 201
        self.threads = [threading.Thread(target=self.client, args=(t, threads)) for t in range(threads)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def join(self):
        for thread in self.threads:
            thread.join()

    def client(self, index, count):
        n = 0
        port = self.ports[index % len(self.ports)]
        while not self.stop.is_set():
            lifter = (index + n * count) % len(self.lifters)
            token, workout = self.lifters[lifter]
            key = "r%d-t%d-n%d" % (self.round_no, index, n)
            n += 1
            path = "/api/v1/workouts/%s/exercises/bench-press/sets" % workout
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            began = time.monotonic()
            try:
                connection.connect()
            except OSError:
                with self.lock:
                    self.refused.append(key)
                return
            try:
                connection.request("POST", path, body=json.dumps(set_body(key)), headers={
                    "Authorization": "Bearer " + token, "Content-Type": "application/json", "Idempotency-Key": key})
                response = connection.getresponse()
                raw = response.read()
            except (OSError, http.client.HTTPException):
                with self.lock:
                    self.in_flight[key] = lifter
                    self.stall = max(self.stall, time.monotonic() - began)
                return
            finally:
                connection.close()
            with self.lock:
                self.stall = max(self.stall, time.monotonic() - began)
                if response.status == 201:
                    self.acked[key] = (lifter, json.loads(raw)["data"]["id"])
                    self.acked_at.append((time.monotonic(), port))
                elif response.status == 503 and self.outage_ok:
                    self.in_flight[key] = lifter
                    self.outage += 1
                else:
                    self.errors.append((key, response.status, raw[:200]))


def workout_sets(port, token, workout):
    """notes -> list of sets of the workout, as the API serves it."""
    status, body = call(port, "GET", "/api/v1/workouts/" + workout, token)
    check(status == 200, "GET workout %s answered %s" % (workout, status))
    found = {}
    for exercise in body["data"]["exercises"]:
        for item in exercise["sets"]:
            found.setdefault(item["notes"], []).append(item)
    return found


def same_fields(item, key):
    expected = set_body(key)
    return item["reps"] == expected["reps"] and item["weightKg"] == expected["weightKg"]


def open_workouts(port, tokens, round_no):
    """A workout in progress for each lifter (the last round's is completed first): [(token, id)]."""
    lifters = []
    for token in tokens:
        status, body = call(port, "POST", "/api/v1/workouts", token, {"name": "crash round %d" % round_no},
                            key="workout-round-%d" % round_no)
        if status == 409 and body["error"]["code"] == "WORKOUT_IN_PROGRESS":
            # One session in progress at a time: the last round's workout completes first.
            previous = body["error"]["details"][0]["message"].split()[0]
            done = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=2)
            status, body = call(port, "PATCH", "/api/v1/workouts/" + previous, token,
                                {"completedAt": done.strftime("%Y-%m-%dT%H:%M:%SZ")})
            check(status == 200, "PATCH /workouts/%s answered %s: %s" % (previous, status, body))
            status, body = call(port, "POST", "/api/v1/workouts", token, {"name": "crash round %d" % round_no},
                                key="workout-round-%d" % round_no)
        check(status == 201, "POST /workouts answered %s: %s" % (status, body))
        lifters.append((token, body["data"]["id"]))
    return lifters


def check_lifters(port, lifters, load):
    """Every acknowledged set there once with its id and fields, every set found sent, each
    unanswered one retried with its key: (acknowledged found, unanswered that had landed)."""
    landed = found_acked = 0
    sent = set(load.acked) | set(load.in_flight)
    for index, (token, workout) in enumerate(lifters):
        found = workout_sets(port, token, workout)
        for key, items in found.items():
            check(key in sent, "set %r was never sent (or was refused before reaching the server)" % key)
            check(len(items) == 1, "set %r is there %d times" % (key, len(items)))
            check(same_fields(items[0], key), "set %r landed with other fields: %s" % (key, items[0]))
        for key, (lifter, set_id) in load.acked.items():
            if lifter != index:
                continue
            check(key in found, "acknowledged set %r (id %s) is missing after the crash" % (key, set_id))
            check(found[key][0]["id"] == set_id, "acknowledged set %r has id %s, its 201 said %s"
                  % (key, found[key][0]["id"], set_id))
            found_acked += 1
        landed += sum(1 for key, lifter in load.in_flight.items() if lifter == index and key in found)
        # Retries: the client sends each unanswered request again with the same key.
        for key, lifter in load.in_flight.items():
            if lifter != index:
                continue
            status, body = call(port, "POST", "/api/v1/workouts/%s/exercises/bench-press/sets" % workout,
                                token, set_body(key), key=key)
            check(status == 201, "retry of %r answered %s: %s" % (key, status, body))
            if key in found:
                check(body["data"]["id"] == found[key][0]["id"], "retry of %r made a second set" % key)
        after = workout_sets(port, token, workout)
        check(all(len(items) == 1 for items in after.values()), "a retry duplicated a set")
        expected = {key for key, (lifter, _) in load.acked.items() if lifter == index} \
            | {key for key, lifter in load.in_flight.items() if lifter == index}
        check(set(after) == expected, "after the retries the workout holds %d sets, %d were sent"
              % (len(after), len(expected)))
    return found_acked, landed


def round_flush(round_no):
    """Odd rounds sync each commit, even ones flush them in groups (`--flush`, docs/SERVER-STORAGE.md, "Group flush")."""
    return "each" if round_no % 2 else "group"


def run_round(args, bins, data, tokens, round_no, rng):
    server = Server(bins["wlog-server"], data, flush=round_flush(round_no))
    lifters = open_workouts(server.port, tokens, round_no)
    load = Load([server.port], lifters, args.threads, round_no)
    load.start()
    time.sleep(args.seconds * rng.uniform(0.5, 1.0))
    server.kill()
    load.join()
    check(not load.errors, "answers other than 201 before the kill: %s" % load.errors[:3])

    server = Server(bins["wlog-server"], data, flush=round_flush(round_no))
    found_acked, landed = check_lifters(server.port, lifters, load)
    status = server.stop()
    check(status == 0, "wlog-server exited %s on SIGTERM, not 0" % status)
    quarantined = verify_files(bins["wlog"], data)
    return len(load.acked), found_acked, len(load.in_flight), landed, len(load.refused), quarantined


def server_folder(data, index):
    """`data/server-INDEX`, holding a copy of `data`'s token secret (made once)."""
    folder = os.path.join(data, "server-%d" % index)
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o700)
        shutil.copy2(os.path.join(data, "jwt-secret"), os.path.join(folder, "jwt-secret"))
    return folder


def run_round_postgres(args, bins, data, database, round_no, tokens, rng):
    """Two servers on one database; odd rounds SIGKILL the first, even ones restart PostgreSQL."""
    url, cluster = database
    # Two servers are two machines: each its own data folder (its accounts log is held by one
    # process), the same token secret.
    folders = [server_folder(data, index) for index in range(2)]
    servers = [Server(bins["wlog-server"], folder, url) for folder in folders]
    lifters = open_workouts(servers[0].port, tokens, round_no)
    restart = round_no % 2 == 0
    load = Load([server.port for server in servers], lifters, args.threads, round_no, outage_ok=restart)
    load.start()
    time.sleep(args.seconds * rng.uniform(0.5, 1.0))
    if restart:
        subprocess.run([os.path.join(ROOT, "scripts", "pg-test-cluster.sh"), "restart"], check=True,
                       env=dict(os.environ, PG_TEST_DIR=cluster), stdout=subprocess.DEVNULL)
        back = time.monotonic()
    else:
        servers[0].kill()
    time.sleep(1.5)  # the load goes on: on the other server, or on both once the database is back
    load.stop.set()
    load.join()
    check(not load.errors, "answers other than 201 (or 503 during the outage): %s" % load.errors[:3])
    if restart:
        for server in servers:
            check(any(at > back and port == server.port for at, port in load.acked_at),
                  "server on port %d answered no 201 after PostgreSQL was back" % server.port)
    else:
        servers[0] = Server(bins["wlog-server"], folders[0], url)
    found_acked, landed = check_lifters(servers[0].port, lifters, load)
    for token, workout in lifters:  # what one server wrote, the other serves
        check(workout_sets(servers[1].port, token, workout) == workout_sets(servers[0].port, token, workout),
              "the two servers serve workout %s differently" % workout)
    for server in servers:
        status = server.stop()
        check(status == 0, "wlog-server exited %s on SIGTERM, not 0" % status)
    return (len(load.acked), found_acked, len(load.in_flight), landed, len(load.refused), load.outage, load.stall)


def check_streams(bins, data, url):
    """Each lifter's positions are 1…N, none repeated or skipped; the streams, migrated into
    journals, pass `wlog verify` and hold each set once. The number of events."""
    rows = subprocess.run(["psql", "--no-align", "--tuples-only", "--field-separator= ", url, "-c",
                           "SELECT lifter, count(*), count(DISTINCT position), min(position), max(position)"
                           " FROM wlog_events GROUP BY lifter"], capture_output=True, text=True, check=True).stdout
    events = 0
    for row in rows.strip().splitlines():
        lifter, count, distinct, low, high = row.split()
        check(count == distinct == high and low == "1", "lifter %s: %s events at positions %s…%s (%s distinct)"
              % (lifter, count, low, high, distinct))
        events += int(count)
    folder = os.path.join(data, "migrated")
    subprocess.run([bins["wlog-server"], "migrate", "--from", url, "--to", folder], check=True, stdout=subprocess.DEVNULL)
    verify_files(bins["wlog"], folder)
    return events


def verify_files(wlog, data):
    """Every journal passes `wlog verify`; its sets as `wlog export` reads them have distinct notes.
    Answers how many torn tails recovery has quarantined so far (files under journal.wlog.quarantine/)."""
    users = os.path.join(data, "users")
    quarantined = 0
    for uuid in sorted(os.listdir(users)):
        folder = os.path.join(users, uuid, "journal.wlog.quarantine")
        quarantined += len(os.listdir(folder)) if os.path.isdir(folder) else 0
        journal = os.path.join(users, uuid, "journal.wlog")
        result = subprocess.run([wlog, "--journal", journal, "verify"], capture_output=True, text=True)
        check(result.returncode == 0, "wlog verify %s exited %d: %s" % (journal, result.returncode, result.stdout + result.stderr))
        result = subprocess.run([wlog, "--journal", journal, "export", "sets", "--format", "json"],
                                capture_output=True, text=True)
        check(result.returncode == 0, "wlog export sets %s exited %d: %s" % (journal, result.returncode, result.stderr))
        notes = [row["notes"] for row in json.loads(result.stdout)]
        check(len(notes) == len(set(notes)), "%s holds a set twice" % journal)
    return quarantined


def start_cluster():
    """A PostgreSQL cluster of the script's own (the restart must not hit another's): (url, folder)."""
    folder = tempfile.mkdtemp(prefix="wlog-crash-pg-")
    out = subprocess.run([os.path.join(ROOT, "scripts", "pg-test-cluster.sh"), "start"], check=True, text=True,
                         capture_output=True, env=dict(os.environ, PG_TEST_DIR=folder)).stdout
    url = next(line.split("=", 1)[1] for line in out.splitlines() if line.startswith("export WLOG_TEST_DATABASE_URL="))
    return url, folder


def stop_cluster(folder):
    subprocess.run([os.path.join(ROOT, "scripts", "pg-test-cluster.sh"), "stop"], env=dict(os.environ, PG_TEST_DIR=folder),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="the longest load before the kill")
    parser.add_argument("--lifters", type=int, default=6)
    parser.add_argument("--threads", type=int, default=12)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--store", choices=["journal", "postgres"], default="journal")
    args = parser.parse_args()
    bins = {name: os.path.join(args.bin, name) for name in ("wlog-server", "wlog")}
    for name, path in bins.items():
        if not os.access(path, os.X_OK):
            sys.exit("server-crash-test: %s is missing; build first (swift build --build-tests)" % path)
    rng = random.Random(args.seed)
    data = tempfile.mkdtemp(prefix="wlog-crash-")
    started = time.monotonic()
    database = None
    try:
        tokens = []
        for k in range(args.lifters):
            result = subprocess.run([bins["wlog-server"], "token", "--user", "lifter%d@example.com" % k,
                                     "--data", data, "--days", "1"], capture_output=True, text=True, check=True)
            tokens.append(result.stdout.strip())
        print("server-crash-test: seed %d, %d lifters, %d client threads, %s store, %s"
              % (args.seed, args.lifters, args.threads, args.store, args.bin))
        if args.store == "postgres":
            database = start_cluster()
            totals = [0] * 7
            for round_no in range(1, args.rounds + 1):
                counts = run_round_postgres(args, bins, data, database, round_no, tokens, rng)
                totals = [a + b for a, b in zip(totals[:6], counts[:6])] + [max(totals[6], counts[6])]
                what = "PostgreSQL restarted" if round_no % 2 == 0 else "server 1 of 2 killed"
                print("  round %d (%s): %d acknowledged, %d found, %d unanswered (%d landed), %d refused,"
                      " %d answered 503; longest request %.2f s" % ((round_no, what) + counts))
            events = check_streams(bins, data, database[0])
            print("server-crash-test: ok — %d acknowledged, %d found, %d unanswered (%d landed, the rest retried once),"
                  " %d answered 503 during the outages, longest request %.2f s; %d events, positions dense;"
                  " every stream verified as a journal; %.1f s"
                  % (totals[0], totals[1], totals[2], totals[3], totals[5], totals[6], events, time.monotonic() - started))
        else:
            totals = [0] * 6
            for round_no in range(1, args.rounds + 1):
                counts = run_round(args, bins, data, tokens, round_no, rng)
                totals = [a + b for a, b in zip(totals, counts)]
                print("  round %d (--flush %s): %d acknowledged, %d found, %d in flight at the kill (%d landed), %d refused;"
                      " torn tails quarantined so far: %d" % ((round_no, round_flush(round_no)) + counts))
            print("server-crash-test: ok — %d acknowledged, %d found, %d in flight (%d landed, the rest retried once);"
                  " every journal verified; %.1f s" % (totals[0], totals[1], totals[2], totals[3], time.monotonic() - started))
    except Failure as failure:
        print("server-crash-test: FAILED (seed %d): %s" % (args.seed, failure), file=sys.stderr)
        print("server-crash-test: data kept in %s" % data, file=sys.stderr)
        sys.exit(1)
    finally:
        if database:
            stop_cluster(database[1])
    shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
