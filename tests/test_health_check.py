"""The health check's own database connection (pooled, i.e. ASGI, web processes): kept and
reused, replaced once when it was cut, and a server that stops answering is reported down
within the check's time instead of hanging the check."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest

from tests.processes import admin_connection, server_url
from toulmini_site import health


class FreezableProxy:
    """TCP in front of PostgreSQL that can stop passing bytes, as a frozen server would."""

    def __init__(self, port: int) -> None:
        self.target = ("127.0.0.1", port)
        self.frozen = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                while self.frozen.is_set():
                    time.sleep(0.05)
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):  # one side closed: so does the other, as TCP would
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


@pytest.fixture
def checked(monkeypatch):
    """The check pointed at the PostgreSQL server through a proxy; counts its connects."""
    url = server_url()
    admin_connection(url).close()  # skips, saying why, without PostgreSQL
    port = int(url.rsplit("@", 1)[-1].split("/")[0].rsplit(":", 1)[-1] or 5432)
    proxy = FreezableProxy(port)
    connects: list[object] = []
    psycopg = pytest.importorskip("psycopg")

    def connect() -> object:
        made = psycopg.connect(
            host="127.0.0.1",
            port=proxy.port,
            user="postgres",
            dbname="postgres",
            connect_timeout=max(1, round(health.CHECK_SECONDS)),
            autocommit=True,
        )
        connects.append(made)
        return made

    monkeypatch.setattr(health, "_connect", connect)
    monkeypatch.setattr(health, "CHECK_SECONDS", 1.0)
    monkeypatch.setattr(health, "_kept", None)
    yield proxy, connects
    proxy.frozen.clear()
    health._drop()
    proxy.close()


def test_the_check_keeps_one_connection(checked):
    _, connects = checked
    assert all(health._database_ok_unpooled() for _ in range(5))
    assert len(connects) == 1


def test_a_cut_connection_is_replaced_and_the_check_still_says_ok(checked):
    _, connects = checked
    assert health._database_ok_unpooled()
    pid = connects[0].info.backend_pid
    admin = admin_connection(server_url())
    admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    admin.close()
    time.sleep(0.2)
    assert health._database_ok_unpooled()
    assert len(connects) == 2


def test_a_server_that_stops_answering_is_down_within_the_check_time(checked):
    proxy, connects = checked
    assert health._database_ok_unpooled()
    proxy.frozen.set()
    started = time.monotonic()
    assert not health._database_ok_unpooled()
    took = time.monotonic() - started
    assert 0.9 < took < 1.9, took  # the watchdog, not a hang and not a second wait
    assert len(connects) == 1  # no fresh connect tried against a server that does not answer
    proxy.frozen.clear()
    assert health._database_ok_unpooled()  # and it comes back by itself
    assert len(connects) == 2
