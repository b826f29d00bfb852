"""Every limit of the site — quotas, budgets and rates — with one clock and one day.

- **One clock**: ``now()`` here (seconds since the epoch; ``now_datetime()`` the same as an
  aware datetime). Every limit, quota, class budget and rate reads it; tests replace it here.
- **One day boundary**: midnight in the site's ``TIME_ZONE`` (``day_bounds``), for the daily
  quotas and the class budgets alike. Not UTC, so "today" ends at the school's midnight; not
  each class's time zone, so a student's day is the same in every class and for their own
  quotas (a class's time zone only shows its due dates).
- **One refusal**: ``LimitExceeded`` (a ``toulmini_site.refusals.Refusal``, 429 with
  ``Retry-After``), answered by the API's handler and the pages' middleware.

This module holds what counts in the shared cache (``CACHE_URL``: Redis in production), in
fixed windows: a counter per window whose key names the window, so nothing has to be
cleaned up and every web process sees the same numbers — failed logins, sign-ups, password
resets, the daily quotas of work and the one-run-at-a-time locks. Beside it:

- the class budgets (``toulmini_site.classrooms.budgets``, in the school app whose rows they
  count) use this clock, day and refusal;
- ``rates``: per-minute limits counted in database rows (the coach's turns per user);
- DRF's throttles (``toulmini_site.throttles``, beside the API) count per ``client_address``
  in this module's fail-soft cache.

Why the cache and not django-axes: one mechanism for logins, sign-ups, quotas and DRF's
throttles; the error shape and status stay ours; and no table written on every attempt.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache as shared_cache
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from toulmini_site.refusals import Refusal
from toulmini_site.users import User

logger = logging.getLogger(__name__)

RATE_LIMITED = "RATE_LIMITED"
QUOTA_EXCEEDED = "QUOTA_EXCEEDED"
DAY = 86_400


class LimitExceeded(Refusal):
    """Too many attempts (``RATE_LIMITED``) or a used-up quota (``QUOTA_EXCEEDED``)."""

    status = 429

    def __init__(
        self, message: str, *, code: str, retry_after: int, extra: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message, code=code, retry_after=retry_after, extra=extra)


def now() -> float:
    """Seconds since the epoch: the one clock of every limit, quota and class budget (tests
    replace it here)."""
    return time.time()


def now_datetime() -> datetime:
    """``now()`` as an aware datetime."""
    return datetime.fromtimestamp(now(), tz=UTC)


def day_bounds(at: datetime) -> tuple[datetime, datetime]:
    """The start of ``at``'s day and the next midnight, in the site's ``TIME_ZONE``: the one
    day boundary of the daily quotas and the class budgets."""
    local = timezone.localtime(at)
    start = local.replace(hour=0, minute=0, second=0, microsecond=0)
    return start, timezone.localtime(start + timedelta(days=1))


def _day_window(name: str) -> tuple[str, int]:
    """The cache key of today's counter of ``name`` and its seconds left (to ``day_bounds``)."""
    at = now_datetime()
    start, end = day_bounds(at)
    return f"limits:{name}:day:{start:%Y-%m-%d}", max(1, math.ceil((end - at).total_seconds()))


def client_address(request: HttpRequest) -> str:
    """The client's address, the one every limit counts by.

    ``REMOTE_ADDR`` unless the deployment says how many proxies stand in front of it
    (``NUM_PROXIES``): each of them appends the address it was reached from to
    ``X-Forwarded-For``, so the client is the ``NUM_PROXIES``-th entry from the end. Anything
    further left was written by the client and is never believed.
    """
    remote = request.META.get("REMOTE_ADDR") or "unknown"
    proxies = settings.NUM_PROXIES
    if proxies <= 0:
        return remote
    forwarded = [
        part.strip()
        for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if part.strip()
    ]
    if not forwarded:
        return remote
    return forwarded[-min(proxies, len(forwarded))]


class FailSoftCache:
    """The shared cache for counting, falling back to this process's memory while it fails.

    A cache outage must not turn a request into a 500. Every limit counted here (failed
    logins, sign-ups, the API's throttles, the coach's messages per minute) then counts per
    process instead of failing open: weaker, since each process counts alone, but never
    unlimited. The outage is logged (once a minute at most), and after a failure the shared
    cache is left alone for ``RETRY_SECONDS`` so a cache that hangs does not slow every request.
    """

    RETRY_SECONDS = 10.0
    LOG_EVERY_SECONDS = 60.0

    def __init__(self) -> None:
        self.local = LocMemCache("toulmini-limits-fallback", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
        self._down_until = 0.0
        self._logged_at = -math.inf
        self._lock = threading.Lock()

    def reset(self) -> None:
        """Forget the local counts and any outage (tests start each from zero)."""
        self.local.clear()
        self._down_until = 0.0
        self._logged_at = -math.inf

    @property
    def shared_down(self) -> bool:
        return time.monotonic() < self._down_until

    def _call(self, operation: str, *args: Any, **kwargs: Any) -> Any:
        if not self.shared_down:
            try:
                return getattr(shared_cache, operation)(*args, **kwargs)
            except ValueError:  # incr of a missing key: the caller's business
                raise
            except Exception as error:  # connection refused, timeout, any backend failure
                self._failed(error)
        return getattr(self.local, operation)(*args, **kwargs)

    def _failed(self, error: Exception) -> None:
        with self._lock:
            at = time.monotonic()
            self._down_until = at + self.RETRY_SECONDS
            if at - self._logged_at >= self.LOG_EVERY_SECONDS:
                self._logged_at = at
                logger.error(
                    "The shared cache failed (%s: %s); limits count per process until it "
                    "answers again.",
                    type(error).__name__,
                    error,
                )

    def get(self, key: str, default: Any = None) -> Any:
        return self._call("get", key, default)

    def set(self, key: str, value: Any, timeout: float | None = None) -> None:
        self._call("set", key, value, timeout)

    def add(self, key: str, value: Any, timeout: float | None = None) -> bool:
        return self._call("add", key, value, timeout)

    def incr(self, key: str, delta: int = 1) -> int:
        return self._call("incr", key, delta)

    def decr(self, key: str, delta: int = 1) -> int:
        return self._call("decr", key, delta)

    def delete(self, key: str) -> None:
        self._call("delete", key)


cache = FailSoftCache()


def _window(name: str, seconds: int) -> tuple[str, int]:
    """The cache key of the current ``seconds``-long window of ``name``, and its seconds left."""
    at = now()
    index = int(at // seconds)
    return f"limits:{name}:{seconds}:{index}", math.ceil((index + 1) * seconds - at)


def _count(name: str, seconds: int) -> int:
    key, _left = _window(name, seconds)
    return cache.get(key, 0)


def _add(name: str, seconds: int) -> int:
    """Add one to the window's counter (atomic in Redis) and return the new count."""
    key, left = _window(name, seconds)
    return _incr(key, left)


def _incr(key: str, left: int) -> int:
    cache.add(key, 0, timeout=left + 1)
    try:
        return cache.incr(key)
    except ValueError:  # the key expired between add and incr
        cache.set(key, 1, timeout=left + 1)
        return 1


def _account(username: str) -> str:
    # Hashed so no user name (or password typed into the name box) lands in the cache as is.
    return hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]


# -- failed logins -------------------------------------------------------------------------


def _login_counters(request: HttpRequest, username: str) -> list[tuple[str, int]]:
    address, account = client_address(request), _account(username)
    return [
        (f"login:pair:{account}:{address}", settings.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS),
        (f"login:address:{address}", settings.LOGIN_FAILURES_PER_ADDRESS),
        (f"login:account:{account}", settings.LOGIN_FAILURES_PER_ACCOUNT),
    ]


def _login_refusal(left: int) -> LimitExceeded:
    return LimitExceeded(
        gettext("Too many failed logins. Wait %(n)s seconds and try again.") % {"n": left},
        code=RATE_LIMITED,
        retry_after=left,
    )


def login_check(*, request: HttpRequest, username: str) -> None:
    """Refuse a login attempt once any of its failure counters is full (a read only: the
    attempt itself is reserved by ``login_reserve``)."""
    seconds = settings.LOGIN_WINDOW_SECONDS
    for name, limit in _login_counters(request, username):
        if _count(name, seconds) >= limit:
            _key, left = _window(name, seconds)
            raise _login_refusal(left)


def login_reserve(*, request: HttpRequest, username: str) -> list[str]:
    """Count this attempt as a failure BEFORE the password is checked, atomically (one
    ``incr`` per counter, atomic in Redis), and refuse it when any counter goes over its
    limit: 48 attempts at once then hash at most the limit's passwords, where a read, a
    hash and then a write let them all through. Returns the counters' keys, for
    ``login_give_back`` when the password turns out right.

    A refused attempt takes back what it added, so it neither counts nor tells whether the
    password was right.
    """
    seconds = settings.LOGIN_WINDOW_SECONDS
    taken: list[str] = []
    for name, limit in _login_counters(request, username):
        key, left = _window(name, seconds)
        if cache.get(key, 0) >= limit:  # full already: no need to write
            login_give_back(taken)
            raise _login_refusal(left)
        taken.append(key)
        if _incr(key, left) > limit:
            login_give_back(taken)
            raise _login_refusal(left)
    return taken


def login_give_back(keys: list[str]) -> None:
    """Undo ``login_reserve``'s counts (a right password, or a refused attempt)."""
    for key in keys:
        with contextlib.suppress(ValueError):  # the window turned meanwhile
            cache.decr(key)


def login_failed(*, request: HttpRequest, username: str) -> None:
    """Count one failed login against the account+address, the address and the account
    (for a login path that does not go through ``LimitedModelBackend``)."""
    for name, _limit in _login_counters(request, username):
        _add(name, settings.LOGIN_WINDOW_SECONDS)


class LimitedModelBackend(ModelBackend):
    """Django's user backend that counts an attempt, and refuses a limited one, before it
    checks the password, on every login path (the login page, the admin, the API token).
    A right password gives its count back."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if request is None or not username:
            return super().authenticate(request, username=username, password=password, **kwargs)
        taken = login_reserve(request=request, username=username)
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None:
            login_give_back(taken)
        return user


# -- sign-ups ------------------------------------------------------------------------------


def signup_take(*, request: HttpRequest) -> None:
    """Count one account created from this address; refuse beyond the hourly limit."""
    name, limit = f"signup:{client_address(request)}", settings.SIGNUPS_PER_ADDRESS_PER_HOUR
    if _count(name, 3600) >= limit:
        _key, left = _window(name, 3600)
        raise LimitExceeded(
            gettext("Too many accounts created from your address. Try again in %(n)s minutes.")
            % {"n": left // 60 + 1},
            code=RATE_LIMITED,
            retry_after=left,
        )
    _add(name, 3600)


def password_reset_take(*, request: HttpRequest) -> None:
    """Count one password-reset e-mail asked for from this address; refuse beyond the
    hourly limit (so the form cannot be used to flood someone's inbox)."""
    name = f"password-reset:{client_address(request)}"
    limit = settings.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR
    if _count(name, 3600) >= limit:
        _key, left = _window(name, 3600)
        raise LimitExceeded(
            gettext(
                "Too many password resets asked for from your address. Try again in %(n)s minutes."
            )
            % {"n": left // 60 + 1},
            code=RATE_LIMITED,
            retry_after=left,
        )
    _add(name, 3600)


# -- daily quotas --------------------------------------------------------------------------

_WORK = {
    "chain_run": gettext_lazy("chain runs on the language model"),
    "coach_turn": gettext_lazy("coach turns with the language model"),
    "critique": gettext_lazy("critiques with the language model"),
    "audit": gettext_lazy("audits with the language model"),
    "fallacy_check": gettext_lazy("fallacy checks with the language model"),
}


def quota_take(*, user: User, work: str, model: bool) -> None:
    """Count one unit of ``work`` (``chain_run``, ``coach_turn``, ``critique``, ``audit``,
    ``fallacy_check``) for ``user`` today (``day_bounds``: the site's ``TIME_ZONE`` day);
    ``model`` says whether it calls the language model, else it counts against the one
    offline allowance.

    Raises ``LimitExceeded`` (``QUOTA_EXCEEDED``) when the day's quota is used up; call it
    before saving or queueing anything, so a refusal leaves nothing behind.
    """
    if work not in _WORK:
        raise ValueError(f"unknown work {work!r}")
    kind = f"llm_{work}" if model else "offline"
    limit = settings.QUOTAS_PER_DAY[kind]
    key, left = _day_window(f"quota:{kind}:{user.pk}")
    if (cache.get(key, 0) or 0) >= limit or _incr(key, left) > limit:
        what = _WORK[work] if model else gettext("offline runs")
        raise LimitExceeded(
            gettext(
                "You have used today's %(limit)s %(what)s. The quota resets at midnight "
                "(%(zone)s, in %(hours)s h %(minutes)s min); nothing was queued."
            )
            % {
                "limit": limit,
                "what": what,
                "zone": settings.TIME_ZONE,
                "hours": left // 3600,
                "minutes": left % 3600 // 60,
            },
            code=QUOTA_EXCEEDED,
            retry_after=left,
        )


def quota_give_back(*, user: User, work: str, model: bool) -> None:
    """Undo one ``quota_take`` whose work was then refused for another reason (nothing ran)."""
    kind = f"llm_{work}" if model else "offline"
    key, _left = _day_window(f"quota:{kind}:{user.pk}")
    with contextlib.suppress(ValueError):  # the day turned meanwhile: nothing to give back
        cache.decr(key)


# -- one run at a time ---------------------------------------------------------------------


def run_lock_take(*, name: str, seconds: int) -> bool:
    """Take the lock ``name`` for at most ``seconds`` (atomic ``add`` in the shared cache);
    False while someone else holds it. Without the shared cache, each process locks alone."""
    return bool(cache.add(f"lock:{name}", 1, timeout=seconds))


def run_lock_release(*, name: str) -> None:
    cache.delete(f"lock:{name}")
