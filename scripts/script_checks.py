"""The failure the fault scripts stop on (server-crash-test.py, sync-interrupt-test.py): a
`Failure` says which law broke; `check` raises one when a condition does not hold."""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)
