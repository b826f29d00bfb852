"""Critique api."""

urlpatterns: list = []
