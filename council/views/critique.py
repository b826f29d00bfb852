"""Critique views."""

urlpatterns: list = []
