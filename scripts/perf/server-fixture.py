#!/usr/bin/env python3
"""The request files of scripts/perf/server-bench.sh, asked of a running wlog-server.

  server-fixture.py PORT TOKENS OUT

TOKENS holds lines `KIND UUID TOKEN` (KIND: lifer or small). Writes, for server-requests.lua:
  OUT/lifer-list.req    GET /workouts (the first page) as the 20-year lifer
  OUT/lifer-pages.req   GET /workouts?page=N over every page of 20 of the lifer's history, shuffled
  OUT/lifer-detail.req  GET /workouts/:id over every workout of the lifer's history, shuffled
  OUT/many-list.req     GET /workouts as each small lifter in turn
  OUT/many-post.req     POST …/workouts/:id/exercises/bench-press/sets, a workout each small lifter
                        starts here (POST /workouts), in turn
"""
import http.client
import json
import random
import sys


def main():
    port, tokens_path, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    lifters = [line.split() for line in open(tokens_path) if line.strip()]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(method, path, token, body=None, key=None):
        headers = {"Authorization": "Bearer " + token}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if key:
            headers["Idempotency-Key"] = key
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        raw = response.read()
        if response.status not in (200, 201):
            sys.exit("server-fixture: %s %s answered %d: %s" % (method, path, response.status, raw[:300]))
        return json.loads(raw)

    lifer = [token for kind, _, token in lifers_of(lifters, "lifer")]
    small = [token for kind, _, token in lifers_of(lifters, "small")]
    ids = []
    for token in lifer:
        page = 1
        while True:
            body = call("GET", "/api/v1/workouts?pageSize=100&page=%d" % page, token)
            ids += [(token, item["id"]) for item in body["data"]]
            if not body["meta"]["hasMore"]:
                break
            page += 1
    random.Random(1).shuffle(ids)
    pages = [(token, n) for token in lifer for n in range(1, (len(ids) + 19) // 20 + 1)]
    random.Random(2).shuffle(pages)
    with open(out + "/lifer-list.req", "w") as file:
        file.writelines("%s /api/v1/workouts\n" % token for token in lifer)
    with open(out + "/lifer-pages.req", "w") as file:
        file.writelines("%s /api/v1/workouts?page=%d\n" % pair for pair in pages)
    with open(out + "/lifer-detail.req", "w") as file:
        file.writelines("%s /api/v1/workouts/%s\n" % pair for pair in ids)
    with open(out + "/many-list.req", "w") as file:
        file.writelines("%s /api/v1/workouts\n" % token for token in small)
    with open(out + "/many-post.req", "w") as file:
        for token in small:
            workout = call("POST", "/api/v1/workouts", token, {"name": "Bench day"}, key="bench-workout")["data"]["id"]
            file.write("%s /api/v1/workouts/%s/exercises/bench-press/sets post\n" % (token, workout))
    print("server-fixture: %d workouts of the lifer, %d small lifters" % (len(ids), len(small)))


def lifers_of(lifters, kind):
    return [entry for entry in lifters if entry[0] == kind]


if __name__ == "__main__":
    main()
