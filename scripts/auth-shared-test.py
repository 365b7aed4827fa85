#!/usr/bin/env python3
"""issue 32: accounts on the PostgreSQL store, shared by two `wlog serve` on one database, driven by
the official supabase-py. Each server has its own data folder (as two machines have) with the same
token secret and API keys; accounts, sessions and refresh tokens live in the database's
`wlog_accounts` table. The checks:
  - a lifter signed up on server A signs in on server B, and B's session works on A (get_user,
    GET /api/v1/workouts), its refresh token rotated on A;
  - a duplicate sign-up on B of A's email -> 422 user_already_exists;
  - the rotated refresh token presented again on B is refused and ends the session on both;
  - a session signed out on B: its access token refused on A as soon as A has PostgreSQL's notice
    of the commit (401; the delay after B's answer printed, at most 2 s);
  - an account disabled through A's admin route cannot sign in on B;
  - after both servers restart, every account still signs in (the accounts are in the database,
    not in either data folder: no accounts.log is written);
  - `wlog serve users` on the database (`--store`, or $WLOG_DATABASE_URL) while both servers run:
    list shows the servers' accounts, an account created signs in on A at once, one disabled is
    refused on B and its session's token on A; delete refused while servers listen (naming them),
    and once they are stopped it removes the account and exactly the lifter's events.

    python3 scripts/auth-shared-test.py [--bin .build/debug]   (on a scratch database beside
    $WLOG_TEST_DATABASE_URL's: scripts/pg-test-cluster.sh start prints it)
"""
import argparse, json, os, shutil, subprocess, sys, time

from supabase import create_client

from script_checks import Checklist, Server, api_error, http, run_on_store

check = Checklist()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    args = parser.parse_args()
    run_on_store("auth-shared", "postgres", lambda root, database: both(os.path.join(args.bin, "wlog-server"), root, database))
    if check.failures:
        print("auth-shared-test: %d FAILED" % len(check.failures))
        sys.exit(1)
    print("auth-shared-test: all checks passed")


def both(binary, root, database):
    folders = [os.path.join(root, name) for name in ("a", "b")]
    os.makedirs(folders[0], mode=0o700)
    keys = json.loads(subprocess.check_output([binary, "keys", "--data", folders[0], "--format", "json"], text=True))
    shutil.copytree(folders[0], folders[1])  # the same jwt-secret and api-keys.json, as two machines configured alike
    a, b = (Server(binary, folder, database) for folder in folders)
    try:
        run(a.base, b.base, keys)
        ops = users_while_running(binary, database, a.base, b.base, keys["anon"])
    finally:
        a.stop()
        b.stop()
    users_delete_when_stopped(binary, database, ops)
    check(not any(os.path.exists(os.path.join(folder, "accounts.log")) for folder in folders),
          "no accounts.log in either data folder: the accounts are in the database")
    a, b = (Server(binary, folder, database) for folder in folders)
    try:
        for name, server in (("A", a), ("B", b)):
            session = create_client(server.base, keys["anon"]).auth.sign_in_with_password(
                {"email": "shared@example.com", "password": "Squat-2026-heavy"}).session
            check(session is not None, "after both servers restart, the account signs in on " + name)
    finally:
        a.stop()
        b.stop()


def users(binary, database, *arguments, environment=None):
    """`wlog serve users …` on the database: with --store, or (`environment`) through $WLOG_DATABASE_URL."""
    if environment:
        return subprocess.run([binary, "users", *arguments], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "WLOG_DATABASE_URL": database, **environment})
    return subprocess.run([binary, "users", *arguments, "--store", database], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "WLOG_DATABASE_URL": ""})


def events_of(database, lifter):
    """The rows of `lifter` in wlog_events."""
    out = subprocess.run(["psql", "--quiet", "--tuples-only", database, "-c",
                          "SELECT count(*) FROM wlog_events WHERE lifter = '%s'" % lifter], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def users_while_running(binary, database, base_a, base_b, anon):
    """`wlog serve users` on the database while both servers run; answers (id, the other lifter's id) of the account made."""
    listed = users(binary, database, "list")
    lines = listed.stdout.splitlines()
    check(listed.returncode == 0 and any("shared@example.com" in l and "enabled" in l for l in lines)
          and any("disabled@example.com" in l and "disabled" in l for l in lines),
          "users list --store: the servers' accounts, disabled@ disabled (%d lines)" % len(lines))

    password = "Operator-2026-lift"
    made = users(binary, database, "create", "ops@example.com", environment={"WLOG_PASSWORD": password})
    ops = made.stdout.strip()
    session = create_client(base_a, anon).auth.sign_in_with_password({"email": "ops@example.com", "password": password}).session
    check(made.returncode == 0 and session is not None and session.user.id == ops,
          "users create via $WLOG_DATABASE_URL while the servers run: signs in on A at once (%s)" % (made.stderr.strip() or ops))
    status, _ = http(base_a, "/api/v1/workouts", session.access_token, body={"name": "Ops day"}, method="POST")[:2]
    shared = [l.split()[0] for l in lines if "shared@example.com" in l][0]
    status_shared, _ = http(base_b, "/api/v1/workouts", create_client(base_b, anon).auth.sign_in_with_password(
        {"email": "shared@example.com", "password": "Squat-2026-heavy"}).session.access_token, body={"name": "Kept"}, method="POST")[:2]
    check(status == 201 and status_shared == 201 and events_of(database, ops) > 0,
          "ops and shared each started a workout (%d, %d): %d events of ops in wlog_events" % (status, status_shared, events_of(database, ops)))

    disabled = users(binary, database, "disable", "ops@example.com")
    refused = api_error(lambda: create_client(base_b, anon).auth.sign_in_with_password({"email": "ops@example.com", "password": password}))
    token_status, delay = refused_on(base_a, session.access_token)
    check(disabled.returncode == 0 and refused is not None and refused.code == "invalid_credentials" and token_status == 401,
          "users disable --store while the servers run: sign-in on B -> %s, the session's token on A -> %d (%.1f ms)"
          % (getattr(refused, "code", None), token_status, delay))

    busy = users(binary, database, "delete", "ops@example.com", "--yes")
    check(busy.returncode == 1 and "2 servers are running" in busy.stderr and "stop the servers first" in busy.stderr
          and events_of(database, ops) > 0 and "ops@example.com" in users(binary, database, "list").stdout,
          "users delete while 2 servers run: refused, nothing removed (%s)" % busy.stderr.strip()[:120])
    return ops, shared


def users_delete_when_stopped(binary, database, ids):
    ops, shared = ids
    before = events_of(database, shared)
    deleted = users(binary, database, "delete", "ops@example.com", "--yes")
    check(deleted.returncode == 0 and deleted.stdout.strip() == ops + " deleted with its events" and events_of(database, ops) == 0
          and events_of(database, shared) == before > 0 and "ops@example.com" not in users(binary, database, "list").stdout,
          "users delete --yes with the servers stopped: the account and its events gone, shared@'s %d kept (%s)"
          % (before, deleted.stdout.strip() or deleted.stderr.strip()))


def refused_on(base, token):
    """GET /api/v1/workouts with `token` until it is refused (at most 2 s): the last status and the
    milliseconds it took. Another server learns of a sign-out from PostgreSQL's notice of the commit
    (docs/ACCOUNTS.md), so the refusal follows the answer by the notice's delivery, not a poll."""
    started = time.monotonic()
    while True:
        status, _, _ = http(base, "/api/v1/workouts", token)
        waited = (time.monotonic() - started) * 1000
        if status != 200 or waited > 2000:
            return status, waited
        time.sleep(0.002)


def run(base_a, base_b, keys):
    anon = keys["anon"]
    email, password = "shared@example.com", "Squat-2026-heavy"
    signed = create_client(base_a, anon).auth.sign_up({"email": email, "password": password, "options": {"data": {"name": "Lena"}}})
    check(signed.session is not None, "sign_up on A")
    user_id = signed.user.id

    on_b = create_client(base_b, anon)
    session_b = on_b.auth.sign_in_with_password({"email": email, "password": password}).session
    check(session_b is not None and session_b.user.id == user_id and session_b.user.user_metadata == {"name": "Lena"},
          "A's user signs in on B (same id, metadata kept)")
    duplicate = api_error(lambda: create_client(base_b, anon).auth.sign_up({"email": email, "password": password}))
    check(duplicate is not None and (duplicate.status, duplicate.code) == (422, "user_already_exists"),
          "a duplicate sign-up on B -> %s %s" % (getattr(duplicate, "status", None), getattr(duplicate, "code", None)))

    status, _, _ = http(base_a, "/api/v1/workouts", session_b.access_token)
    check(status == 200, "B's session on A: GET /api/v1/workouts -> %d" % status)
    status, body, _ = http(base_a, "/auth/v1/user", session_b.access_token, headers={"apikey": anon})
    check(status == 200 and json.loads(body)["id"] == user_id, "B's session on A: GET /auth/v1/user -> %d" % status)

    on_a = create_client(base_a, anon)
    rotated = on_a.auth.refresh_session(session_b.refresh_token).session
    check(rotated is not None and rotated.refresh_token != session_b.refresh_token, "B's refresh token rotated on A")
    reused = api_error(lambda: create_client(base_b, anon).auth.refresh_session(session_b.refresh_token))
    status, delay = refused_on(base_a, rotated.access_token)
    check(reused is not None and reused.status == 400 and status == 401,
          "the rotated token presented again on B -> %s %s, and the session ended on A too (-> %d, %.1f ms after B's answer)"
          % (getattr(reused, "status", None), getattr(reused, "code", None), status, delay))

    session = create_client(base_a, anon).auth.sign_in_with_password({"email": email, "password": password}).session
    status_before, _, _ = http(base_a, "/api/v1/workouts", session.access_token)
    status, _, _ = http(base_b, "/auth/v1/logout?scope=local", session.access_token, "POST", {}, headers={"apikey": anon})
    status_after, delay = refused_on(base_a, session.access_token)
    check(status_before == 200 and status == 204 and status_after == 401,
          "signed out on B (%d): its access token on A %d before, %d after (%.1f ms after B's answer)" % (status, status_before, status_after, delay))

    other = "disabled@example.com"
    made = create_client(base_b, anon).auth.sign_up({"email": other, "password": password})
    status, _, _ = http(base_a, "/auth/v1/admin/users/" + made.user.id, keys["service_role"], "PUT", {"ban_duration": "876000h"},
                        headers={"apikey": keys["service_role"]})
    refused = api_error(lambda: create_client(base_b, anon).auth.sign_in_with_password({"email": other, "password": password}))
    status_token, _, _ = http(base_b, "/api/v1/workouts", made.session.access_token)
    check(status == 200 and refused is not None and status_token == 401,
          "disabled through A's admin route (%d): sign-in on B -> %s, its token on B -> %d"
          % (status, getattr(refused, "code", None), status_token))


if __name__ == "__main__":
    main()
