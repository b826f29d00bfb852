"""Audit api."""

urlpatterns: list = []
