"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

app_name = "arguments"

urlpatterns: list = []
api_urlpatterns: list = []
