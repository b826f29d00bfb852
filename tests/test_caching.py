"""The shared cache's Redis pool is one per process, whatever number of cache objects Django
makes (one per thread, and per request under the ASGI server)."""

from __future__ import annotations

import threading

from django.core.cache.backends.redis import RedisCache

OPTIONS = {
    "pool_class": "toulmini_site.caching.SharedConnectionPool",
    "socket_timeout": 1.0,
    "socket_connect_timeout": 1.0,
}


def _pool(url: str, options: dict) -> object:
    cache = RedisCache(url, {"OPTIONS": options})
    return cache._cache.get_client(write=True).connection_pool


def test_cache_objects_in_different_threads_share_one_pool():
    url = "redis://127.0.0.1:6379/15"
    pools: list[object] = []
    threads = [threading.Thread(target=lambda: pools.append(_pool(url, OPTIONS))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(pool) for pool in pools}) == 1
    assert pools[0] is _pool(url, OPTIONS)


def test_another_url_or_timeout_gets_its_own_pool():
    first = _pool("redis://127.0.0.1:6379/14", OPTIONS)
    assert _pool("redis://127.0.0.1:6379/13", OPTIONS) is not first
    assert _pool("redis://127.0.0.1:6379/14", {**OPTIONS, "socket_timeout": 2.0}) is not first


def test_without_the_shared_pool_each_cache_object_opens_its_own():
    """What the setting changes: Django's default pool is one per cache object."""
    plain = {k: v for k, v in OPTIONS.items() if k != "pool_class"}
    url = "redis://127.0.0.1:6379/15"
    assert _pool(url, plain) is not _pool(url, plain)
