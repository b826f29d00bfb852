import pytest

from tests.classrooms.builders import build_world


@pytest.fixture
def world(db):
    return build_world()
