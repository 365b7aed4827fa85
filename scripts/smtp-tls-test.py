#!/usr/bin/env python3
"""issue 32: the accounts' mail over TLS. Real SMTP servers on loopback (aiosmtpd, pinned in
requirements-ci.txt) with a self-signed certificate made here by openssl; between `wlog serve` and
each server a recording relay keeps every byte the server sent, so "no AUTH in clear" is read off
the wire. Mail is asked for through the official supabase-py (`sign_in_with_otp`). The checks:
  - STARTTLS (the default `--smtp-tls auto`, the relay offering it and requiring it, AUTH required):
    the mail arrives, the SMTP server saw it and AUTH over TLS, and the wire holds STARTTLS then no
    AUTH, no password and no code in clear; `--smtp-tls starttls` likewise;
  - TLS from the first byte (`--smtp-tls tls`, SMTPS): the mail arrives over TLS, no EHLO in clear;
  - a relay offering no STARTTLS with `--smtp-tls starttls`: the request answers 500, the log says
    the relay does not offer STARTTLS, and the wire holds EHLO and QUIT only (no AUTH, no MAIL);
  - a certificate not from a trusted CA (no `--smtp-ca-file`): TLS refused, the log names
    --smtp-ca-file, no AUTH anywhere;
  - the default off loopback (when this host has an address besides 127.0.0.1): a relay offering
    no STARTTLS gets nothing but EHLO;
  - bad options refused at start: an unknown --smtp-tls, a missing --smtp-ca-file.

    python3 scripts/smtp-tls-test.py [--bin .build/debug]
"""
import argparse, logging, os, socket, ssl, subprocess, sys, tempfile, threading, time, warnings

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from supabase import create_client
from supabase_auth.errors import AuthApiError

from script_checks import Checklist

check = Checklist()
USER, PASSWORD = "relayuser", "Relay-Secret-2026"


def over_tls(server):
    """Whether the SMTP server's connection is under TLS now (after STARTTLS, or from the start)."""
    return server.transport.get_extra_info("ssl_object") is not None


class Mailbox:
    """What one SMTP server received: messages (recipient, body, over TLS) and AUTH attempts (login, over TLS)."""

    def __init__(self):
        self.messages, self.logins = [], []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos[0], envelope.content.decode("utf-8", "replace"), over_tls(server)))
        return "250 OK"

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        self.logins.append((auth_data.login.decode(), auth_data.password.decode(), over_tls(server)))
        return AuthResult(success=auth_data.login.decode() == USER and auth_data.password.decode() == PASSWORD)


class Wire:
    """A relay on loopback in front of an SMTP server, keeping every byte the client sent."""

    def __init__(self, target_port, host="127.0.0.1"):
        self.sent = bytearray()
        self.listener = socket.create_server((host, 0))
        self.port = self.listener.getsockname()[1]
        self.target = target_port
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self.pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, False), daemon=True).start()

    def pump(self, source, sink, record):
        try:
            while chunk := source.recv(65536):
                if record:
                    self.sent += chunk
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def clear_text(self):
        """What of the client's bytes reads as text (everything before TLS, and TLS records' noise)."""
        return bytes(self.sent).decode("latin-1")

    def close(self):
        self.listener.close()


def free_port(host="127.0.0.1"):
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def make_certificate(folder):
    """A self-signed certificate for 127.0.0.1 and localhost (one day), and its key."""
    cert, key = os.path.join(folder, "relay.pem"), os.path.join(folder, "relay.key")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=wlog test relay",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"], check=True, capture_output=True)
    return cert, key


def other_address():
    """An address of this host besides loopback, or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    except OSError:
        return None


class Relay:
    """An aiosmtpd server (with `**smtp` settings) behind a recording `Wire` (on `wire_host`)."""

    def __init__(self, smtp, wire_host="127.0.0.1", implicit=None):
        self.mailbox = Mailbox()
        port = free_port()
        self.controller = Controller(self.mailbox, hostname="127.0.0.1", port=port, ssl_context=implicit,
                                     authenticator=self.mailbox.authenticate, **smtp)
        self.controller.start()
        self.wire = Wire(port, wire_host)
        self.host = wire_host

    def url(self, credentials=True):
        return "smtp://%s%s:%d" % ("%s:%s@" % (USER, PASSWORD) if credentials else "", self.host, self.wire.port)

    def stop(self):
        self.wire.close()
        self.controller.stop()


def serve(binary, data, options, log_path):
    """A wlog-server sending mail as `options` say; (process, base URL, anon key)."""
    import json
    keys = json.loads(subprocess.check_output([binary, "keys", "--data", data, "--format", "json"], text=True))
    log = open(log_path, "w")
    process = subprocess.Popen([binary, "run", "--listen", "127.0.0.1:0", "--data", data, "--log-level", "info"] + options,
                               stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    if "listening on http://" not in line:
        sys.exit("smtp-tls-test: wlog-server did not start: %r (%s)" % (line, open(log_path).read()[-500:]))
    return process, "http://" + line.split("http://", 1)[1].split()[0], keys["anon"]


def ask_for_code(binary, options, email, folder, name):
    """Starts a server with `options`, asks it (supabase-py) to mail `email` a code; (error or None, log text)."""
    data = os.path.join(folder, name)
    os.makedirs(data)
    log_path = os.path.join(folder, name + ".log")
    process, base, anon = serve(binary, data, options, log_path)
    error = None
    try:
        client = create_client(base, anon)
        client.auth.sign_in_with_otp({"email": email})
    except AuthApiError as failure:
        error = failure
    finally:
        process.terminate()
        process.wait(timeout=20)
    return error, open(log_path).read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    args = parser.parse_args()
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)  # aiosmtpd's traceback of the refused handshake, expected
    warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")  # the SMTPS relay is TLS from the start
    binary = os.path.join(args.bin, "wlog-server")
    folder = tempfile.mkdtemp(prefix="wlog-smtp-tls-")
    cert, key = make_certificate(folder)
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    ca = ["--smtp-ca-file", cert]

    # STARTTLS offered and required, AUTH required: the default mode and `starttls`.
    for mode in ([], ["--smtp-tls", "starttls"]):
        relay = Relay({"tls_context": server_tls, "require_starttls": True, "auth_required": True})
        email = "starttls%d@example.com" % len(mode)
        error, log = ask_for_code(binary, ["--smtp", relay.url()] + ca + mode, email, folder, "starttls%d" % len(mode))
        relay.stop()
        said = " ".join(mode) or "the default --smtp-tls auto"
        got = [m for m in relay.mailbox.messages if m[0] == email]
        code = got[0][1].split("code: ")[-1][:6] if got else "no code"
        wire = relay.wire.clear_text()
        check(error is None and len(got) == 1 and got[0][2], "%s: the mail arrived over TLS (STARTTLS)" % said)
        check(relay.mailbox.logins == [(USER, PASSWORD, True)], "%s: the relay saw AUTH once, over TLS: %s" % (said, [l[2] for l in relay.mailbox.logins]))
        check(wire.startswith("EHLO wlog\r\nSTARTTLS\r\n") and "AUTH" not in wire and PASSWORD not in wire and code not in wire
              and "MAIL FROM" not in wire, "%s: the wire holds EHLO, STARTTLS, then no AUTH, password, code or MAIL in clear (%d bytes)" % (said, len(wire)))
        check("tls=starttls" in log, "%s: the log line 'mail sent' says tls=starttls" % said)

    # TLS from the first byte (SMTPS).
    relay = Relay({"auth_required": True, "auth_require_tls": False}, implicit=server_tls)
    error, log = ask_for_code(binary, ["--smtp", relay.url(), "--smtp-tls", "tls"] + ca, "smtps@example.com", folder, "smtps")
    relay.stop()
    wire = relay.wire.clear_text()
    check(error is None and [m[2] for m in relay.mailbox.messages] == [True], "--smtp-tls tls: the mail arrived over TLS")
    check(relay.mailbox.logins == [(USER, PASSWORD, True)] and wire[:1] == "\x16" and "EHLO" not in wire and "AUTH" not in wire,
          "--smtp-tls tls: the first byte is a TLS handshake record, no EHLO or AUTH in clear")

    # A relay offering no STARTTLS, STARTTLS required: nothing sent but EHLO (and QUIT as the connection closes).
    relay = Relay({"auth_required": False, "auth_require_tls": False})
    error, log = ask_for_code(binary, ["--smtp", relay.url(), "--smtp-tls", "starttls"], "plain@example.com", folder, "plain")
    relay.stop()
    wire = relay.wire.clear_text()
    check(error is not None and error.status == 500 and "Error sending email" in error.message,
          "no STARTTLS offered, starttls required: the request answers 500 Error sending email (%s)" % (error and error.status))
    check("does not offer STARTTLS and --smtp-tls starttls requires it" in log and "nothing was sent (no AUTH, no message)" in log,
          "the log says the relay does not offer STARTTLS and nothing was sent")
    check(wire == "EHLO wlog\r\n" and relay.mailbox.logins == [] and relay.mailbox.messages == [],
          "the wire holds EHLO only: no AUTH, no MAIL (%r)" % wire[:80])

    # STARTTLS offered with a certificate no trusted CA signed (no --smtp-ca-file): refused, nothing after STARTTLS.
    relay = Relay({"tls_context": server_tls, "require_starttls": True, "auth_required": True})
    error, log = ask_for_code(binary, ["--smtp", relay.url()], "untrusted@example.com", folder, "untrusted")
    relay.stop()
    wire = relay.wire.clear_text()
    check(error is not None and error.status == 500 and "TLS failed" in log and "--smtp-ca-file" in log,
          "an untrusted certificate: 500, the log says TLS failed and names --smtp-ca-file")
    check(relay.mailbox.logins == [] and relay.mailbox.messages == [] and "AUTH" not in wire and PASSWORD not in wire,
          "an untrusted certificate: no AUTH and no message, in clear or not")

    # The default off loopback: a relay with no STARTTLS gets EHLO only.
    address = other_address()
    if address:
        relay = Relay({"auth_required": False, "auth_require_tls": False}, wire_host=address)
        error, log = ask_for_code(binary, ["--smtp", relay.url()], "remote@example.com", folder, "remote")
        relay.stop()
        wire = relay.wire.clear_text()
        check(error is not None and "is not on loopback" in log and "--smtp-tls none" in log and wire == "EHLO wlog\r\n"
              and relay.mailbox.logins == [] and relay.mailbox.messages == [],
              "the default to %s (off loopback), no STARTTLS offered: refused, the log names --smtp-tls none, the wire holds EHLO only" % address)
    else:
        print("skip the default off loopback: this host has no address besides loopback (SMTPRelayTests covers the rule)")

    # Bad options, refused before the server starts.
    for options, expected in ((["--smtp", "smtp://127.0.0.1:25", "--smtp-tls", "ssl"], "--smtp-tls"),
                              (["--smtp", "smtp://127.0.0.1:25", "--smtp-ca-file", "/nonexistent/ca.pem"], "--smtp-ca-file '/nonexistent/ca.pem'")):
        done = subprocess.run([binary, "run", "--listen", "127.0.0.1:0", "--data", os.path.join(folder, "bad")] + options,
                              capture_output=True, text=True, timeout=60)
        check(done.returncode != 0 and expected in done.stderr, "%s refused at start: %s" % (" ".join(options[2:]), done.stderr.strip()[:160]))

    if check.failures:
        print("smtp-tls-test: %d FAILED" % len(check.failures))
        sys.exit(1)
    print("smtp-tls-test: all checks passed")


if __name__ == "__main__":
    main()
