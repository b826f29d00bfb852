"""One Redis connection pool per process for the shared cache.

Django makes a cache object per thread, and under the ASGI server per request (each
request's code runs in a thread of its own): its Redis client then opened a new pool, and so
a new connection, for every request that counted a limit. ``SharedConnectionPool`` hands
every cache object of a process the same pool, so connections are reused. redis-py's pool
notices a fork and starts afresh in the child.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import redis

_SHARING = threading.Lock()


class SharedConnectionPool(redis.ConnectionPool):
    """``from_url`` returns the process's pool for that URL and those timeouts."""

    _shared: ClassVar[dict[tuple[str, str, str], redis.ConnectionPool]] = {}

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> Any:
        key = (url, repr(kwargs.get("socket_timeout")), repr(kwargs.get("socket_connect_timeout")))
        with _SHARING:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = redis.ConnectionPool.from_url(url, **kwargs)
            return pool
