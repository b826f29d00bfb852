"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

from django.urls import path

from council.api import audit as audit_api
from council.api import corrections as corrections_api
from council.api import critique as critique_api
from council.views import audit as audit_views
from council.views import corrections as corrections_views
from council.views import critique as critique_views

app_name = "council"

urlpatterns = [
    path("critiques/", critique_views.critique_list, name="critique_list"),
    path("critiques/new/", critique_views.critique_new, name="critique_new"),
    path("critiques/<int:pk>/", critique_views.critique_detail, name="critique_detail"),
    path("critiques/<int:pk>/retry/", critique_views.critique_retry_view, name="critique_retry"),
    path(
        "critiques/<int:pk>/dismiss/", corrections_views.critique_dismiss, name="critique_dismiss"
    ),
    path("audits/", audit_views.audit_list, name="audit_list"),
    path("audits/new/", audit_views.audit_new, name="audit_new"),
    path("audits/<int:pk>/", audit_views.audit_detail, name="audit_detail"),
    path("audits/<int:pk>/retry/", audit_views.audit_retry_view, name="audit_retry"),
    path("audits/<int:pk>/overrule/", corrections_views.audit_overrule, name="audit_overrule"),
]

api_urlpatterns = [
    path("critiques/", critique_api.critiques, name="critique_list"),
    path("critiques/<int:pk>/", critique_api.critique_detail, name="critique_detail"),
    path("critiques/<int:pk>/retry/", critique_api.critique_retry_api, name="critique_retry"),
    path("audits/", audit_api.audits_api, name="audit_list_api"),
    path("audits/<int:pk>/", audit_api.audit_detail_api, name="audit_detail_api"),
    path("audits/<int:pk>/retry/", audit_api.audit_retry_api, name="audit_retry_api"),
    path(
        "critiques/<int:pk>/dismissals/",
        corrections_api.critique_dismissals,
        name="critique_dismissals",
    ),
    path(
        "audits/<int:pk>/criteria/<str:criterion_id>/overrule/",
        corrections_api.audit_overrule,
        name="audit_overrule",
    ),
]
