"""Our calls to a platform: its key set (checking a launch), token endpoint, roster and
gradebook.

Every call is bounded by ``LTI_HTTP_TIMEOUT_SECONDS`` (pylti1p3 sets none, so a platform that
accepts the connection and never answers would hold a worker, or a teacher's request on the
immediate task backend, forever). A platform that did not answer is then left alone for
``QUIET_SECONDS`` in this process: returning a whole class's work sends one grade per student,
and without this each of them would wait out its own timeout.
"""

from __future__ import annotations

import hashlib
import threading
import time
from datetime import timedelta
from typing import Any

import requests
from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from lti_tool.models import LtiLaunch, LtiRegistration
from lti_tool.utils import DjangoToolConfig
from pylti1p3.contrib.django import DjangoMessageLaunch
from pylti1p3.launch_data_storage.cache import CacheDataStorage
from pylti1p3.service_connector import REQUESTS_USER_AGENT, ServiceConnector

from toulmini_site.lti.models import LaunchState

QUIET_SECONDS = 60.0

_quiet_until: dict[int, float] = {}
_quiet_lock = threading.Lock()


def clock() -> float:
    """The breaker's clock (monotonic seconds); tests may replace it."""
    return time.monotonic()


class _BoundedSession(requests.Session):
    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        kwargs.setdefault("timeout", settings.LTI_HTTP_TIMEOUT_SECONDS)
        return super().request(method, url, *args, **kwargs)


def _session() -> requests.Session:
    session = _BoundedSession()
    session.headers["User-Agent"] = REQUESTS_USER_AGENT
    return session


# A launch's data lives a day at most when pylti1p3 names no lifetime.
STATE_DEFAULT_SECONDS = 86_400


class _DatabaseStore:
    """The get/set pylti1p3's cache storage asks of a cache, answered by ``LaunchState``
    rows. Expired rows are never answered and are deleted as new ones are written."""

    @staticmethod
    def _key(key: str) -> str:
        return key if len(key) <= 255 else "sha256:" + hashlib.sha256(key.encode()).hexdigest()

    def get(self, key: str) -> Any:
        return (
            LaunchState.objects.filter(key=self._key(key), expires_at__gt=timezone.now())
            .values_list("value", flat=True)
            .first()
        )

    def set(self, key: str, value: Any, exp: int | None = None) -> None:
        at = timezone.now()
        LaunchState.objects.filter(expires_at__lte=at).delete()
        LaunchState.objects.update_or_create(
            key=self._key(key),
            defaults={
                "value": value,
                "expires_at": at + timedelta(seconds=exp or STATE_DEFAULT_SECONDS),
            },
        )


class DatabaseLaunchStorage(CacheDataStorage):
    """pylti1p3's launch data storage (the login's nonce and state, the launch's data) on
    the database: no launch fails while the shared cache (Redis) is down or frozen, which
    ``DjangoCacheDataStorage`` made a 500 of every launch."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._cache = _DatabaseStore()  # type: ignore[assignment]


def launch_storage() -> DatabaseLaunchStorage:
    return DatabaseLaunchStorage()


def service_connector(registration: LtiRegistration) -> ServiceConnector:
    """pylti1p3's connector for ``registration``, every request of it bounded in time."""
    return ServiceConnector(registration.to_registration(), requests_session=_session())


def launch_from_request(request: HttpRequest, launch_id: str | None = None) -> LtiLaunch:
    """django-lti's ``get_launch_from_request`` (validated, or ``launch_id``'s from the
    cache), but the platform's key set is fetched with a bounded wait: a platform that
    never answers gets its launch refused instead of holding a server thread."""
    config, storage = DjangoToolConfig(), launch_storage()
    if launch_id is not None:
        launch = DjangoMessageLaunch.from_cache(
            launch_id, request, config, launch_data_storage=storage, requests_session=_session()
        )
    else:
        launch = DjangoMessageLaunch(
            request, config, launch_data_storage=storage, requests_session=_session()
        )
        # pylti1p3 checks ``exp`` only when the token has one: a token that never expires
        # could be replayed for ever (bar the nonce), so it must carry ``exp`` and ``iat``.
        options: dict[str, Any] = {"verify_aud": False, "require": ["exp", "iat"]}
        launch.set_jwt_verify_options(options)
        launch.validate()
    return LtiLaunch(launch)


def is_silence(error: BaseException) -> bool:
    """True for an error that means the platform did not answer (no connection, timed out)."""
    return isinstance(error, (requests.ConnectionError, requests.Timeout))


def platform_quiet(registration_id: int) -> bool:
    """True while a platform that did not answer is being left alone."""
    with _quiet_lock:
        return _quiet_until.get(registration_id, 0.0) > clock()


def platform_silent(registration_id: int) -> None:
    """Record that the platform did not answer: leave it alone for ``QUIET_SECONDS``."""
    with _quiet_lock:
        _quiet_until[registration_id] = clock() + QUIET_SECONDS


def platform_answered(registration_id: int) -> None:
    """The platform answered (or a teacher asks to try it now): talk to it again."""
    with _quiet_lock:
        _quiet_until.pop(registration_id, None)
