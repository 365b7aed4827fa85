#!/usr/bin/env python3
"""issue 32: accounts survive SIGKILL. wlog-server (bcrypt cost 4, so the burst is many accounts a
second) gets a burst of sign-ups and password changes from 4 threads and is killed with SIGKILL
at a random moment; after a restart on the same data folder every acknowledged account signs in
with its acknowledged password (a change sent but not answered may have landed or not: either
password is accepted, nothing else). Rounds: 3 by default.

    python3 scripts/auth-crash-test.py [--bin .build/debug] [--rounds 3] [--seed N]
"""
import argparse, json, os, random, signal, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request


def start(binary, data):
    process = subprocess.Popen([binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--bcrypt-cost", "4", "--log-level", "critical"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "listening on http://" not in line:
        sys.exit("auth-crash-test: wlog-server did not start: %r" % line)
    return process, "http://" + line.split("http://", 1)[1].split()[0]


def call(base, path, anon, body, token=None, method="POST"):
    headers = {"Content-Type": "application/json", "apikey": anon, "X-Supabase-Api-Version": "2024-01-01"}
    if token:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(base + "/auth/v1" + path, data=json.dumps(body).encode(), headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    binary = os.path.join(args.bin, "wlog-server")
    data = tempfile.mkdtemp(prefix="wlog-auth-crash-")
    anon = json.loads(subprocess.check_output([binary, "keys", "--data", data, "--format", "json"], text=True))["anon"]
    accounts = {}  # email -> {"acked": password or None, "maybe": set of passwords}
    lock = threading.Lock()
    failures = []
    print("auth-crash-test: seed %d, data %s" % (args.seed, data))
    for round in range(args.rounds):
        process, base = start(binary, data)
        stop = threading.Event()

        def burst(worker):
            n = 0
            while not stop.is_set():
                n += 1
                email = "r%d-w%d-%d@example.com" % (round, worker, n)
                password = "Pass-%d-%d-%d-a" % (round, worker, n)
                with lock:
                    accounts[email] = {"acked": None, "maybe": {password}}
                try:
                    status, body = call(base, "/signup", anon, {"email": email, "password": password})
                except Exception:
                    return
                if status != 200:
                    continue
                with lock:
                    accounts[email] = {"acked": password, "maybe": set()}
                new = password.replace("-a", "-b")
                with lock:
                    accounts[email]["maybe"].add(new)
                try:
                    status, _ = call(base, "/user", anon, {"password": new}, body["access_token"], "PUT")
                except Exception:
                    return
                if status == 200:
                    with lock:
                        accounts[email] = {"acked": new, "maybe": set()}

        threads = [threading.Thread(target=burst, args=(w,)) for w in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(rng.uniform(0.5, 2.0))
        process.send_signal(signal.SIGKILL)
        process.wait()
        stop.set()
        for thread in threads:
            thread.join()
        acked = sum(1 for a in accounts.values() if a["acked"])
        print("round %d: killed with %d acknowledged accounts so far" % (round + 1, acked))

    process, base = start(binary, data)
    checked = 0
    try:
        for email, state in sorted(accounts.items()):
            if not state["acked"]:
                continue
            status, _ = call(base, "/token?grant_type=password", anon, {"email": email, "password": state["acked"]})
            if status != 200:
                alternatives = [call(base, "/token?grant_type=password", anon, {"email": email, "password": p})[0] for p in state["maybe"]]
                if 200 not in alternatives:
                    failures.append("%s: acknowledged password refused (%d)" % (email, status))
            checked += 1
            if checked % 90 == 0:
                # The per-address throttle allows 100 attempts at once: restart to refill it.
                process.terminate(); process.wait()
                process, base = start(binary, data)
    finally:
        process.terminate()
        process.wait()
    print("auth-crash-test: %d acknowledged accounts checked after %d SIGKILLs, %d failures" % (checked, args.rounds, len(failures)))
    for failure in failures[:20]:
        print("FAIL " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
