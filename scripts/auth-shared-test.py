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
    not in either data folder: no accounts.log is written).

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
    finally:
        a.stop()
        b.stop()
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
