#!/usr/bin/env python3
"""Memory test of `wlog serve --cache-mb` (issue 37): many lifters with kept answers stay within
`--cache-mb` above the idle process.

Makes a data folder of LIFTERS lifters (default 1,000) with a year of training each (ten
`wlog-generate --profile lifer --years 1` journals, 6,000+ events each, copied round, as
scripts/perf/server-bench.sh makes them) and an HS256 token each (signed here with the folder's
`jwt-secret`, as `wlog-server token` signs), starts `wlog-server run --cache-mb N` on a free
loopback port, reads the idle process's VmRSS from /proc, then reads every lifter's pages as the
lifter (`GET /api/v1/workouts?page=P` for every page, `/api/v1/prs`, `/api/v1/bodyweight`):
each page is computed once and kept as an answer. VmRSS is sampled after each lifter; at the end
VmHWM (the peak).

The bound: VmHWM <= idle VmRSS + N MiB. Prints idle, peak, the bound and the pages read. The
memory model it checks: docs/SERVER-STORAGE.md, "Memory" (states, catalogs and kept answers estimated, held
within three quarters of N).

Usage: scripts/memory-bound-test.py [--bin DIR] [--lifters 1000] [--cache-mb 64]
(DIR holds wlog-server and wlog-generate; default .build/debug). Exit 0 when the bound holds,
1 otherwise. Slow: with a debug build on 2 busy cores, about a minute and a half per 100 lifters
(a release build, --bin .build/release, is several times quicker).
"""
import argparse
import base64
import hashlib
import hmac
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def proc_status(pid, key):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no %s in /proc/%d/status" % (key, pid))


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def token(secret, lifter):
    """An HS256 token for `lifter`, as `wlog-server token` signs it (the key: the secret's hex text)."""
    now = int(time.time())
    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64(json.dumps({"sub": lifter, "aud": ["authenticated"], "exp": now + 86_400, "iat": now,
                              "role": "authenticated"}).encode())
    signature = b64(hmac.new(secret, header + b"." + payload, hashlib.sha256).digest())
    return (header + b"." + payload + b"." + signature).decode()


def fixture(args, data):
    """The data folder: LIFTERS lifters of a year each; returns their (uuid, token)."""
    users = os.path.join(data, "users")
    os.makedirs(users)
    # `token` once makes the folder's secret.
    subprocess.run([os.path.join(args.bin, "wlog-server"), "token", "--user", "memory@example.com", "--data", data,
                    "--days", "1"], check=True, capture_output=True)
    with open(os.path.join(data, "jwt-secret")) as kept:
        secret = kept.read().strip().encode()
    templates = []
    for k in range(10):
        path = os.path.join(data, "year-%d.wlog" % k)
        subprocess.run([os.path.join(args.bin, "wlog-generate"), "--profile", "lifer", "--seed", str(100 + k), "--years", "1",
                        "--journal", path], check=True, capture_output=True)
        templates.append(path)
    lifters = []
    for k in range(1, args.lifters + 1):
        uuid = "00000000-0000-4000-8000-%012d" % k
        os.makedirs(os.path.join(users, uuid))
        shutil.copyfile(templates[k % 10], os.path.join(users, uuid, "journal.wlog"))
        lifters.append((uuid, token(secret, uuid)))
    return lifters


def get(connection, path, bearer):
    connection.request("GET", path, headers={"Authorization": "Bearer " + bearer})
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit("GET %s: %d %s" % (path, response.status, body[:300]))
    return json.loads(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/debug"))
    parser.add_argument("--lifters", type=int, default=1000)
    parser.add_argument("--cache-mb", type=int, default=64)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wlog-memory-") as data:
        lifters = fixture(args, data)
        server = subprocess.Popen(
            [os.path.join(args.bin, "wlog-server"), "run", "--listen", "127.0.0.1:0", "--data", data, "--cache-mb", str(args.cache_mb),
             "--rate-limit", "0", "--address-rate-limit", "0", "--max-connections-per-address", "0", "--log-level", "critical"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline()
            if "listening on http://" not in line:
                raise SystemExit("wlog-server did not start: %r" % line)
            host, port = line.split("http://", 1)[1].split()[0].rsplit(":", 1)
            connection = http.client.HTTPConnection(host, int(port), timeout=120)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            time.sleep(1)  # not timing: lets the idle process settle before its RSS is read
            idle = proc_status(server.pid, "VmRSS")
            pages, highest = 0, idle
            for index, (uuid, bearer) in enumerate(lifters):
                page = 1
                while True:
                    listed = get(connection, "/api/v1/workouts?page=%d" % page, bearer)
                    pages += 1
                    if not (listed.get("meta") or {}).get("hasMore"):
                        break
                    page += 1
                for path in ("/api/v1/prs", "/api/v1/bodyweight"):
                    get(connection, path, bearer)
                    pages += 1
                highest = max(highest, proc_status(server.pid, "VmRSS"))
                if (index + 1) % 100 == 0:
                    print("%5d lifters, %6d pages: VmRSS %.1f MiB" % (index + 1, pages, proc_status(server.pid, "VmRSS") / 2**20),
                          flush=True)
            peak = proc_status(server.pid, "VmHWM")
        finally:
            server.terminate()
            server.wait(timeout=30)
    bound = idle + args.cache_mb * 2**20
    print("lifters %d, pages read %d, --cache-mb %d: idle VmRSS %.1f MiB, highest VmRSS sampled %.1f MiB, VmHWM %.1f MiB, "
          "bound (idle + cache) %.1f MiB" % (len(lifters), pages, args.cache_mb, idle / 2**20, highest / 2**20, peak / 2**20, bound / 2**20))
    if peak > bound:
        print("FAIL VmHWM %.1f MiB is over idle + --cache-mb = %.1f MiB" % (peak / 2**20, bound / 2**20))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
