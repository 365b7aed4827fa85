"""The failure the fault scripts stop on (server-crash-test.py, sync-interrupt-test.py): a
`Failure` says which law broke; `check` raises one when a condition does not hold."""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Checklist:
    """The checks of the MCP scripts (mcp-test.py, mcp-http-test.py): each is printed ok or FAIL
    and the run goes on, so one report lists every failure; `failures` holds their texts."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            self.failures.append(what)


def text_of(result):
    """The text of an MCP tool's answer (its text parts joined)."""
    return "".join(part.text for part in result.content if getattr(part, "type", "") == "text")


# The tools of both MCP faces, `wlog mcp` and `/mcp` on `wlog serve`: the same names.
MCP_READS = ["history", "workout", "personal_records", "e1rm_trend", "e1rm_percentages", "volume", "bodyweight", "balance", "coach", "today",
             "search_exercises"]
MCP_WRITES = ["log_set", "edit_set", "delete_set", "log_bodyweight", "log_readiness"]
# Each recorded fact's tool (`FactForm`: derived from the event's description, the same on both faces).
MCP_WRITES += ["record_set_rested", "record_workout_updated", "record_soreness_recorded", "record_pain_reported"]


async def listed_tools(check, session):
    """The session's tools by name, checked: exactly the reads and writes above, each write saying it
    changes the journal (description and `readOnlyHint`), each read read-only."""
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    check(sorted(tools) == sorted(MCP_READS + MCP_WRITES), f"the tools are the {len(MCP_READS)} reads and {len(MCP_WRITES)} writes: {sorted(tools)}")
    for name in MCP_WRITES:
        check(name in tools and tools[name].description.startswith("Changes the journal") and tools[name].annotations.read_only_hint is False,
              f"{name} says it changes the journal")
    for name in MCP_READS:
        check(name in tools and tools[name].annotations.read_only_hint is True, f"{name} is read-only")
    return tools


def store_arguments():
    """The arguments of a script against wlog serve (`--bin`, `--store journal|postgres`), and the folder of the binaries."""
    import argparse, os
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--store", choices=["journal", "postgres"], default="journal")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return args, os.path.abspath(os.path.join(root, args.bin))


def run_on_store(name, store, body):
    """Runs `body(data, store_url)` in a scratch data folder: on the journal store (`store_url` None),
    or with store "postgres" on a scratch database beside $WLOG_TEST_DATABASE_URL's (scripts/pg-test-cluster.sh
    start prints it), dropped afterwards."""
    import os, subprocess, sys, tempfile
    url, database = None, None
    if store == "postgres":
        base = os.environ.get("WLOG_TEST_DATABASE_URL")
        if not base:
            sys.exit(f"{name}: --store postgres needs WLOG_TEST_DATABASE_URL (scripts/pg-test-cluster.sh start)")
        database = "wlog_%s_%d" % (name.replace("-", "_"), os.getpid())
        subprocess.run(["psql", "--quiet", base, "-c", "CREATE DATABASE " + database], check=True, stdout=subprocess.DEVNULL)
        url = base.rsplit("/", 1)[0] + "/" + database
    try:
        with tempfile.TemporaryDirectory() as data:
            body(data, url)
    finally:
        if database:
            subprocess.run(["psql", "--quiet", os.environ["WLOG_TEST_DATABASE_URL"], "-c", "DROP DATABASE IF EXISTS %s WITH (FORCE)" % database],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Server:
    """wlog-server over `data` on a free loopback port, rate limits and the per-address connection cap off
    (every client here is 127.0.0.1); stopped with SIGTERM."""

    def __init__(self, binary, data, store, name="wlog-server", flags=()):
        import subprocess, sys
        self.process = subprocess.Popen(
            [binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--rate-limit", "0", "--address-rate-limit", "0",
             "--max-connections-per-address", "0", "--log-level", "critical"] + (["--store", store] if store else []) + list(flags),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if "listening on http://" not in line:
            sys.exit("%s: wlog-server did not start: %r" % (name, line))
        self.base = "http://" + line.split("http://", 1)[1].split()[0]
        self.binary, self.data = binary, data

    def mint(self, names):
        """Tokens (valid a day) and lifter ids of users `names` (name@example.com), by `wlog-server token`."""
        import re, subprocess
        tokens, lifters = {}, {}
        for name in names:
            minted = subprocess.run([self.binary, "token", "--user", name + "@example.com", "--data", self.data, "--days", "1"],
                                    capture_output=True, text=True, check=True)
            tokens[name] = minted.stdout.strip()
            lifters[name] = re.search(r"lifter ([0-9a-f-]{36})", minted.stderr).group(1)
        return tokens, lifters

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


def http(base, path, token=None, method="GET", body=None, headers=None):
    """(status, body text, headers) of one JSON request to `base + path`, with `token` as the bearer."""
    import json, urllib.error, urllib.request
    all_headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token:
        all_headers["Authorization"] = "Bearer " + token
    all_headers.update(headers or {})
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), headers=all_headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def api_error(call):
    """The AuthApiError `call` raises (supabase-py), or None."""
    from supabase_auth.errors import AuthApiError
    try:
        call()
    except AuthApiError as error:
        return error
    return None
