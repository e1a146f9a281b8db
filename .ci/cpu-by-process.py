#!/usr/bin/env python3
"""
CPU by kind of process while something runs, for finding where a CI run's time goes (CI is CPU-bound
on two cores: only less CPU makes it shorter). Start it beside the command and stop it with Ctrl-C or
SIGTERM; it then prints core-seconds per kind (Chromium, Firefox, WebKit, the portal, vitest, ...):

    python3 .ci/cpu-by-process.py > cpu.txt & sampler=$!; bash .ci/run; kill $sampler

It reads /proc every 2 s, so a process that lives less than that is missed and one that ends loses up
to its last 2 s (PostgreSQL's short-lived backends are undercounted most). Not run by CI.
"""
import os
import signal
import sys
import time

TICKS = os.sysconf('SC_CLK_TCK')


def kind_of(pid: str) -> str | None:
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as file:
            command = file.read().replace(b'\0', b' ').decode(errors='ignore')
    except OSError:
        return None
    for needle, kind in (
        ('chromium', 'chromium'),
        ('firefox', 'firefox'),
        ('WebKit', 'webkit'),
        ('Xvfb', 'xvfb'),
        ('src/server/main.ts', 'portal'),
        ('e2e/vitest.config', 'vitest e2e'),
    ):
        if needle in command:
            return kind
    if command.startswith('postgres'):
        return 'postgres'
    if 'vitest' in command:
        return 'vitest workers (forks)' if 'forks' in command else 'vitest (with its threads)'
    return command[:60] or None


seen: dict[tuple[str, str], tuple[int, str]] = {}  # (pid, start time) -> (ticks so far, kind)
totals: dict[str, int] = {}


def sample() -> None:
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{pid}/stat') as file:
                fields = file.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        ticks = int(fields[11]) + int(fields[12])  # utime + stime
        key = (pid, fields[19])  # a pid with its start time names one process
        before, kind = seen.get(key, (0, None))
        kind = kind or kind_of(pid)
        if kind is None:
            continue
        seen[key] = (ticks, kind)
        totals[kind] = totals.get(kind, 0) + ticks - before


def report(*_: object) -> None:
    sample()
    for kind, ticks in sorted(totals.items(), key=lambda item: -item[1])[:25]:
        print(f'{ticks / TICKS:8.0f}  {kind}')
    sys.exit(0)


signal.signal(signal.SIGTERM, report)
signal.signal(signal.SIGINT, report)
sample()  # what ran before the start is not counted
totals.clear()
while True:
    time.sleep(2)
    sample()
