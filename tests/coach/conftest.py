"""Coach fixtures (the builders are in ``tests/coach/builders.py``)."""

import pytest

from tests.coach.builders import make_session


@pytest.fixture
def session(owner):
    return make_session(owner)
