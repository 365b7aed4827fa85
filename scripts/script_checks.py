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
