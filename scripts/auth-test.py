#!/usr/bin/env python3
"""issue 32: `/auth/v1` on `wlog serve` driven by the official supabase-py (pinned in
requirements-ci.txt), a client this project did not write, against a fresh server whose mail goes
over SMTP to a real SMTP server on loopback (aiosmtpd). The checks, in order:
  - sign up with metadata (user_metadata kept), sign in, get_user, refresh (the old refresh token
    then refused), sign out (global) and the refresh token dead;
  - a duplicate sign-up -> AuthApiError 422 user_already_exists; a wrong password and an unknown
    email -> the same 400 invalid_credentials;
  - a 6-digit code and a magic link read from the SMTP mailbox, then verified (the link through
    PKCE's code exchange); a password reset by mail; resend (signup) and reauthenticate (a nonce
    by mail for a password change);
  - the session's access token answered 200 by GET /api/v1/workouts and by /mcp;
  - security: the access token of a signed-out session refused at once (401 on /api/v1); reuse of a
    rotated refresh token ends the session; admin routes refuse the anon key (403) and answer the
    service key; the anon key refused on /api/v1; the 30th wrong password in a minute gets 429 with
    Retry-After; no password, hash or live token in the server's log or in any answer but its own.

    python3 scripts/auth-test.py [--bin .build/debug]
"""
import argparse, json, os, re, socket, subprocess, sys, tempfile, time, urllib.error, urllib.parse, urllib.request

from aiosmtpd.controller import Controller
from supabase import create_client

from script_checks import Checklist, api_error, http

check = Checklist()


class Mailbox:
    """Every message the SMTP server received, by recipient."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos[0], envelope.content.decode("utf-8", "replace")))
        return "250 OK"

    def last(self, to, wait=10):
        deadline = time.time() + wait
        seen = len([m for m in self.messages if m[0] == to])
        while time.time() < deadline:
            found = [body for rcpt, body in self.messages if rcpt == to]
            if found:
                return found[-1]
            time.sleep(0.05)
        raise SystemExit("auth-test: no mail to %s (had %d)" % (to, seen))

    def count(self, to):
        return len([m for m in self.messages if m[0] == to])


def code_in(mail):
    return re.search(r"code: (\d{6})", mail).group(1)


def link_in(mail):
    return re.search(r"(http://\S+/auth/v1/verify\?\S+)", mail).group(1)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def follow_once(url):
    """The Location of the link's redirect (not followed)."""
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(url, timeout=10)
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")
    return 200, ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    args = parser.parse_args()
    mailbox = Mailbox()
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    smtp_port = probe.getsockname()[1]
    probe.close()
    smtp = Controller(mailbox, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    data = tempfile.mkdtemp(prefix="wlog-auth-test-")
    binary = os.path.join(args.bin, "wlog-server")
    keys = json.loads(subprocess.check_output([binary, "keys", "--data", data, "--format", "json"], text=True))
    check(set(keys) == {"anon", "service_role"}, "wlog serve keys --format json prints anon and service_role")
    check(oct(os.stat(os.path.join(data, "api-keys.json")).st_mode & 0o777) == "0o600", "the keys' file is 0600")
    log_path = os.path.join(data, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen([binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--smtp", "smtp://127.0.0.1:%d" % smtp_port,
                               "--log-level", "debug"], stdout=subprocess.PIPE, stderr=log, text=True)
    line = server.stdout.readline()
    if "listening on http://" not in line:
        sys.exit("auth-test: wlog-server did not start: %r" % line)
    base = "http://" + line.split("http://", 1)[1].split()[0]
    secrets_seen = []
    users = lambda *a, **kw: subprocess.run([binary, "users", *a, "--data", data], capture_output=True, text=True, **kw)
    try:
        run(base, keys, mailbox, secrets_seen)
        busy = users("list")
        check(busy.returncode == 1 and "in use by a running wlog serve" in busy.stderr, "wlog serve users refuses while the server holds the accounts")
    finally:
        server.terminate()
        server.wait(timeout=20)
        smtp.stop()
        log.close()
    listed = users("list").stdout
    check("lena@example.com" in listed and "throttle@example.com" in listed, "wlog serve users list shows the accounts")
    made = users("create", "ops@example.com", env={**os.environ, "WLOG_PASSWORD": "Operator-2026"})
    disabled = users("disable", "ops@example.com")
    refused = users("delete", "ops@example.com")
    deleted = users("delete", "ops@example.com", "--yes")
    check(made.returncode == 0 and disabled.returncode == 0 and refused.returncode != 0 and "--yes" in refused.stderr
          and deleted.returncode == 0 and "ops@example.com" not in users("list").stdout,
          "wlog serve users create, disable, delete (refused without --yes)")
    text = open(log_path).read()
    leaked = [s for s in secrets_seen if s and s in text]
    check(not leaked and "$2b$" not in text and "$2a$" not in text,
          "the server's log holds no password, hash or token (%d secrets looked for, %d log bytes)" % (len(secrets_seen), len(text)))
    if check.failures:
        print("auth-test: %d FAILED" % len(check.failures))
        sys.exit(1)
    print("auth-test: all checks passed")


def run(base, keys, mailbox, secrets_seen):
    anon = keys["anon"]
    client = create_client(base, anon)
    email, password = "lena@example.com", "Squat-2026-heavy"
    secrets_seen += [password, "Deadlift-2027-new", "Wrong-pass-1"]

    signed = client.auth.sign_up({"email": email, "password": password, "options": {"data": {"name": "Lena", "units": "kg"}}})
    check(signed.session is not None and signed.user.user_metadata == {"name": "Lena", "units": "kg"},
          "sign_up with metadata: a session at once, user_metadata %s" % (signed.user.user_metadata if signed.user else None))
    user_id = signed.user.id
    secrets_seen.append(signed.session.access_token)

    duplicate = api_error(lambda: create_client(base, anon).auth.sign_up({"email": email, "password": password}))
    check(duplicate is not None and duplicate.status == 422 and duplicate.code == "user_already_exists",
          "a duplicate sign-up -> AuthApiError %s %s" % (getattr(duplicate, "status", None), getattr(duplicate, "code", None)))

    session = client.auth.sign_in_with_password({"email": email, "password": password}).session
    check(session is not None and session.user.id == user_id and session.expires_in == 3600, "sign_in_with_password: a session for the same user, expires_in 3600")
    claims = json.loads(urllib.parse.unquote_to_bytes(session.access_token.split(".")[1] + "==").decode("latin1") if False else
                        __import__("base64").urlsafe_b64decode(session.access_token.split(".")[1] + "==="))
    check(claims["aud"] == "authenticated" and claims["role"] == "authenticated" and claims["sub"] == user_id and claims["email"] == email
          and claims["session_id"] and claims["aal"] == "aal1" and claims["amr"][0]["method"] == "password" and claims["is_anonymous"] is False
          and claims["user_metadata"]["name"] == "Lena" and claims["exp"] - claims["iat"] == 3600,
          "the access token carries Supabase's claims: %s" % sorted(claims))

    wrong = api_error(lambda: create_client(base, anon).auth.sign_in_with_password({"email": email, "password": "Wrong-pass-1"}))
    unknown = api_error(lambda: create_client(base, anon).auth.sign_in_with_password({"email": "nobody@example.com", "password": "Wrong-pass-1"}))
    check(wrong is not None and unknown is not None and (wrong.status, wrong.code, wrong.message) == (unknown.status, unknown.code, unknown.message) == (400, "invalid_credentials", "Invalid login credentials"),
          "a wrong password and an unknown email -> the same %s %s" % (getattr(wrong, "status", None), getattr(wrong, "code", None)))

    got = client.auth.get_user()
    check(got.user.id == user_id and got.user.email == email, "get_user answers the signed-in user")

    status, body, _ = http(base, "/api/v1/workouts", client.auth.get_session().access_token)
    check(status == 200, "the session's access token: GET /api/v1/workouts -> %d" % status)
    status, body, _ = http(base, "/mcp", client.auth.get_session().access_token, "POST",
                           {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                            "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "auth-test", "version": "1"}}})
    check(status == 200 and "serverInfo" in body, "the session's access token: /mcp initialize -> %d" % status)

    old_refresh = client.auth.get_session().refresh_token
    refreshed = client.auth.refresh_session()
    check(refreshed.session.refresh_token != old_refresh, "refresh_session: a new refresh token")
    reused = api_error(lambda: create_client(base, anon).auth.refresh_session(old_refresh))
    check(reused is not None and reused.status == 400, "the old refresh token is then refused (%s %s)" % (getattr(reused, "status", None), getattr(reused, "code", None)))
    # GoTrue's reuse detection: presenting the rotated token ended the session; its newest tokens are dead too.
    status, _, _ = http(base, "/api/v1/workouts", refreshed.session.access_token)
    dead = api_error(lambda: create_client(base, anon).auth.refresh_session(refreshed.session.refresh_token))
    check(status == 401 and dead is not None, "reuse of a rotated refresh token ends the session: access token -> %d, newest refresh token refused" % status)

    client = create_client(base, anon)
    session = client.auth.sign_in_with_password({"email": email, "password": password}).session
    access, refresh = session.access_token, session.refresh_token
    client.auth.sign_out()  # scope global
    status, _, _ = http(base, "/api/v1/workouts", access)
    check(status == 401, "a signed-out session's access token is refused at once: GET /api/v1/workouts -> %d" % status)
    gone = api_error(lambda: create_client(base, anon).auth.refresh_session(refresh))
    check(gone is not None and gone.code == "refresh_token_not_found", "after sign_out (global) the refresh token is dead: %s" % getattr(gone, "code", None))

    # A 6-digit code by mail.
    before = mailbox.count(email)
    create_client(base, anon).auth.sign_in_with_otp({"email": email})
    mail = mailbox.last(email)
    check(mailbox.count(email) == before + 1, "sign_in_with_otp: one mail over SMTP")
    code = code_in(mail)
    secrets_seen.append(code)
    verified = create_client(base, anon).auth.verify_otp({"email": email, "token": code, "type": "email"})
    check(verified.session is not None and verified.user.id == user_id, "verify_otp with the mailed 6-digit code: a session")
    again = api_error(lambda: create_client(base, anon).auth.verify_otp({"email": email, "token": code, "type": "email"}))
    check(again is not None and (again.status, again.code) == (403, "otp_expired"), "the code works once: then 403 otp_expired")

    # A magic link by mail, through PKCE (the client's default flow): the link redirects with ?code=.
    linker = create_client(base, anon)
    linker.auth.sign_in_with_otp({"email": email, "options": {"email_redirect_to": "http://localhost:3000/welcome"}})
    link = link_in(mailbox.last(email))
    status, location = follow_once(link)
    auth_code = urllib.parse.parse_qs(urllib.parse.urlparse(location).query).get("code", [""])[0]
    check(status == 303 and location.startswith("http://localhost:3000/welcome?code="), "the magic link redirects to redirect_to with ?code= (%d)" % status)
    exchanged = linker.auth.exchange_code_for_session({"auth_code": auth_code})
    check(exchanged.session is not None and exchanged.user.id == user_id, "exchange_code_for_session: a session from the link")
    status, location = follow_once(link)
    check("error_code=otp_expired" in location, "the link works once")

    # A password reset by mail.
    create_client(base, anon).auth.reset_password_for_email(email)
    code = code_in(mailbox.last(email))
    secrets_seen.append(code)
    resetter = create_client(base, anon)
    recovered = resetter.auth.verify_otp({"email": email, "token": code, "type": "recovery"})
    resetter.auth.update_user({"password": "Deadlift-2027-new"})
    old = api_error(lambda: create_client(base, anon).auth.sign_in_with_password({"email": email, "password": password}))
    new = create_client(base, anon).auth.sign_in_with_password({"email": email, "password": "Deadlift-2027-new"})
    check(recovered.session is not None and old is not None and new.session is not None,
          "a password reset by mail: the recovery code signs in, update_user sets the new password, the old one is refused")
    weak = None
    try:
        resetter.auth.update_user({"password": "short"})
    except Exception as error:  # AuthWeakPasswordError
        weak = error
    check(weak is not None and getattr(weak, "code", "") == "weak_password", "a weak password -> weak_password (%s)" % type(weak).__name__)

    # /resend: an account the operator made without email_confirm is unconfirmed; its confirmation is mailed again.
    pending = "pending@example.com"
    status, _, _ = http(base, "/auth/v1/admin/users", keys["service_role"], "POST", {"email": pending, "password": "Pending-2026-x"},
                        headers={"apikey": keys["service_role"]})
    create_client(base, anon).auth.resend({"type": "signup", "email": pending})
    code = code_in(mailbox.last(pending))
    secrets_seen.append(code)
    confirmed = create_client(base, anon).auth.verify_otp({"email": pending, "token": code, "type": "signup"})
    check(status == 200 and confirmed.session is not None and confirmed.user.email_confirmed_at is not None,
          "resend(signup) mails the confirmation again; its code confirms and signs in")
    mails = mailbox.count(pending) + mailbox.count("nobody-resend@example.com")
    create_client(base, anon).auth.resend({"type": "signup", "email": pending})
    create_client(base, anon).auth.resend({"type": "signup", "email": "nobody-resend@example.com"})
    bad = api_error(lambda: create_client(base, anon).auth.resend({"type": "sms", "email": pending}))
    check(mailbox.count(pending) + mailbox.count("nobody-resend@example.com") == mails and bad is not None
          and (bad.status, bad.code) == (400, "validation_failed"),
          "resend for a confirmed and an unknown email: the same empty answer, no mail; type sms -> %s %s"
          % (getattr(bad, "status", None), getattr(bad, "code", None)))

    # /reauthenticate: a nonce by mail, then a password change that gives it (once).
    mails = mailbox.count(email)
    resetter.auth.reauthenticate()
    nonce = code_in(mailbox.last(email)) if mailbox.count(email) > mails else ""
    secrets_seen.append(nonce)
    wrong_nonce = api_error(lambda: resetter.auth.update_user({"password": "Deadlift-2027-new", "nonce": nonce[:5] + str((int(nonce[5]) + 1) % 10)}))
    changed = resetter.auth.update_user({"password": "Deadlift-2027-new", "nonce": nonce})
    reused_nonce = api_error(lambda: resetter.auth.update_user({"password": "Deadlift-2027-new", "nonce": nonce}))
    check(mailbox.count(email) == mails + 1 and changed.user is not None
          and (getattr(wrong_nonce, "status", None), getattr(wrong_nonce, "code", None)) == (422, "reauthentication_not_valid")
          and getattr(reused_nonce, "code", None) == "reauthentication_not_valid",
          "reauthenticate mails a nonce; update_user with it changes the password; a wrong or used nonce -> %s %s"
          % (getattr(wrong_nonce, "status", None), getattr(wrong_nonce, "code", None)))

    # Keys and roles.
    status, body, _ = http(base, "/auth/v1/admin/users", anon, headers={"apikey": anon})
    check(status == 403 and json.loads(body).get("code") == "not_admin" or status == 403, "a service-key-only route refuses the anon key: %d" % status)
    status, body, _ = http(base, "/auth/v1/admin/users", keys["service_role"], headers={"apikey": keys["service_role"]})
    check(status == 200 and any(u["id"] == user_id for u in json.loads(body)["users"]), "the service key lists the users: %d" % status)
    admin = create_client(base, keys["service_role"]).auth.admin
    generated = admin.generate_link({"type": "magiclink", "email": email})
    check(re.fullmatch(r"\d{6}", generated.properties.email_otp or "") is not None and "/auth/v1/verify?token=" in generated.properties.action_link,
          "admin.generate_link answers a link and a code")
    for key, name in [(anon, "anon"), (keys["service_role"], "service_role")]:
        status, _, _ = http(base, "/api/v1/workouts", key)
        check(status == 401, "the %s key as a bearer on /api/v1 -> %d" % (name, status))
    status, _, _ = http(base, "/auth/v1/settings")
    check(status == 401, "/auth/v1 without apikey -> %d" % status)

    # No answer holds a hash; errors follow X-Supabase-Api-Version (legacy shape without it).
    check("$2b$" not in body and "password" not in json.loads(body)["users"][0], "the users' answer holds no password hash")
    status, body, headers = http(base, "/auth/v1/token?grant_type=password", None, "POST", {"email": "nobody2@example.com", "password": "x"}, {"apikey": anon})
    legacy = json.loads(body)
    check((status, legacy.get("code"), legacy.get("error_code")) == (400, 400, "invalid_credentials") and "X-Supabase-Api-Version" not in headers,
          "without X-Supabase-Api-Version an error is GoTrue's legacy {code: 400, error_code, msg}: %s" % body)

    # The same time for an unknown email as for a wrong password (an unknown email checks a dummy hash).
    def timed(address):
        start = time.perf_counter()
        http(base, "/auth/v1/token?grant_type=password", None, "POST", {"email": address, "password": "Wrong-pass-1"}, {"apikey": anon})
        return time.perf_counter() - start
    create_client(base, anon).auth.sign_up({"email": "timing@example.com", "password": "Bench-press-100"})
    wrong_times = sorted(timed("timing@example.com") for _ in range(5))
    unknown_times = sorted(timed("nobody-%d@example.com" % i) for i in range(5))
    ratio = unknown_times[2] / wrong_times[2]
    check(0.5 < ratio < 2, "an unknown email takes as long as a wrong password: medians %.1f ms and %.1f ms (ratio %.2f)"
          % (unknown_times[2] * 1000, wrong_times[2] * 1000, ratio))

    # Throttling: the 30th wrong password in a minute gets 429 with Retry-After.
    target = "throttle@example.com"
    create_client(base, anon).auth.sign_up({"email": target, "password": "Bench-press-100"})
    statuses, retry = [], None
    for _ in range(30):
        status, body, headers = http(base, "/auth/v1/token?grant_type=password", None, "POST", {"email": target, "password": "Wrong-pass-1"},
                                     {"apikey": anon, "X-Supabase-Api-Version": "2024-01-01"})
        statuses.append(status)
        retry = headers.get("Retry-After") or retry
    check(statuses[-1] == 429 and retry is not None and statuses.count(400) <= 10,
          "the 30th wrong password in a minute -> %d, Retry-After %s (%d answered 400 first)" % (statuses[-1], retry, statuses.count(400)))


if __name__ == "__main__":
    main()
