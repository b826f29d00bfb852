"""Shared fixtures: users, an API client per user, and a fake language model."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings
from rest_framework.test import APIClient

from tests.browser import chromium_page
from tests.builders import make_user
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client

# No per-example deadline for the property tests: the suite runs two workers per core, and an
# example slowed past hypothesis's 200 ms by a busy machine failed a test with nothing wrong.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def compile_catalogues() -> None:
    """Compile each ``.po`` whose ``.mo`` is missing or older (the ``.mo`` files are build
    output, not committed), before any test runs: a test that spoke Spanish before a fixture
    compiled the catalogue failed, so the suite's result hung on its order. Each file is
    written aside and renamed into place, so a reader never sees half of one. Without GNU
    gettext nothing is compiled and the tests that need Spanish skip or fail, saying so."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        partial = mo.with_name(f".{mo.name}.{os.getpid()}")
        subprocess.run([msgfmt, "--check-format", "-o", str(partial), str(po)], check=True)
        os.replace(partial, mo)


def pytest_configure(config):
    """The catalogues are compiled once, by the process that starts the run (with
    pytest-xdist, before its workers start: they only read them).

    The SQLite test database is Django's in-memory one, shared between threads through
    SQLite's shared cache, whose table locks fail at once instead of waiting the busy timeout;
    with BEGIN IMMEDIATE a live-server test's page read then failed while the test wrote
    ("database table is locked"). Tests use deferred transactions there; the development
    server's file database keeps IMMEDIATE (benchmarks/sqlite_dev.py measures it)."""
    if not hasattr(config, "workerinput"):
        compile_catalogues()

    from django.conf import settings

    options = settings.DATABASES["default"].get("OPTIONS", {})
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        options.pop("transaction_mode", None)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Every user fixture hashes a password; MD5 keeps that cheap (PBKDF2 costs ~0.3 s each)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_limits():
    """Rate limits, throttles and quotas count in the cache: each test starts from zero."""
    from django.core.cache import cache

    from toulmini_site import limits

    cache.clear()
    limits.cache.reset()
    yield
    cache.clear()
    limits.cache.reset()


@pytest.fixture(autouse=True)
def default_language_after():
    """A request in Spanish leaves Spanish active in the thread (the locale middleware
    activates it and nothing deactivates it), so a later test's English messages came out in
    Spanish: each test ends back in the default language."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, request):
    """With ``--nomigrations`` (the mutation runs use it: a test database in 0.1 s, not 1.2 s)
    the tables come from the models, so the data migration's seed is applied here: the audit
    rubrics exist as they do after ``migrate``."""
    if request.config.getoption("nomigrations", default=False):
        from council.models import Rubric, RubricCriterion
        from council.services.audit import rubrics_seed

        with django_db_blocker.unblock():
            rubrics_seed(rubric_model=Rubric, criterion_model=RubricCriterion)
    yield


@pytest.fixture(autouse=True)
def audit_rubrics_present(request, django_db_blocker):
    """The audit rubrics come from a data migration, and a transactional test (a browser test,
    a live server) empties every table when it ends. Run serially, the suite happened to put
    those tests where no later test needed a rubric; on parallel workers it does not, so each
    test that uses the database finds the rubrics there, seeded again if a flush removed them."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None and not {"db", "transactional_db"} & set(request.fixturenames):
        yield
        return
    from council.models import Rubric, RubricCriterion
    from council.services.audit import rubrics_seed

    request.getfixturevalue("django_db_setup")  # the test database exists before it is read
    with django_db_blocker.unblock():
        if not Rubric.objects.exists():
            rubrics_seed(rubric_model=Rubric, criterion_model=RubricCriterion)
    yield


@pytest.fixture(scope="session")
def spanish_catalog():
    """The Spanish catalogue, compiled when the run started (``compile_catalogues``); skips,
    saying why, where GNU gettext is missing."""
    if not (LOCALE / "es" / "LC_MESSAGES" / "django.mo").exists():
        pytest.skip("GNU gettext (msgfmt) is not installed: apt-get install gettext")


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def other_user(db):
    return make_user("intruder")


@pytest.fixture
def staff_user(db):
    return make_user("teacher", staff=True)


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def owner_api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.fixture
def other_api(other_user):
    client = APIClient()
    client.force_authenticate(other_user)
    return client


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


@pytest.fixture
def other_client(client, other_user):
    client.force_login(other_user)
    return client


@pytest.fixture
def fake_llm():
    """Serve the "llm" engine from a FakeClient: ``fake_llm(handler=..., responses=[...])``."""
    made: list[FakeClient] = []

    def install(handler=None, *, responses=None, latency=0.0):
        client = FakeClient(handler, responses=responses, latency=latency)
        made.append(client)
        return client

    clients: dict[str, FakeClient] = {}

    def factory():
        return clients["current"]

    def use(handler=None, *, responses=None, latency=0.0) -> FakeClient:
        clients["current"] = install(handler, responses=responses, latency=latency)
        return clients["current"]

    with override_client("llm", factory):
        yield use


@pytest.fixture
def browser_page(transactional_db, live_server):
    """A chromium page for tests marked with ``tests.browser.BROWSER``."""
    yield from chromium_page()
