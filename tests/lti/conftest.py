"""The LTI tests' fixture: the learning platform (defined with the builders)."""

from tests.lti.builders import platform  # noqa: F401 (a fixture)
