"""Audit views."""

urlpatterns: list = []
