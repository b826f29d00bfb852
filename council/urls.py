"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

from django.urls import path  # noqa: F401

app_name = "council"

urlpatterns: list = []
api_urlpatterns: list = []
