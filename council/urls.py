"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/).

Each feature keeps its own routes next to its views: critiques and audits.
"""

from council.api import audit as audit_api
from council.api import critique as critique_api
from council.views import audit as audit_views
from council.views import critique as critique_views

app_name = "council"

urlpatterns = [*critique_views.urlpatterns, *audit_views.urlpatterns]
api_urlpatterns = [*critique_api.urlpatterns, *audit_api.urlpatterns]
