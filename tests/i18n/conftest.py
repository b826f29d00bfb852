"""The learning platform on loopback, for its pages' test."""

from tests.lti.builders import platform  # noqa: F401 (a fixture)
