from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from arguments import urls as arguments_urls
from arguments import views as arguments_views
from coach import urls as coach_urls
from council import urls as council_urls
from toulmini_site import api, api_docs, health
from toulmini_site.accounts import urls as accounts_urls
from toulmini_site.accounts import views as accounts_views
from toulmini_site.classrooms import urls as classrooms_urls
from toulmini_site.lti import urls as lti_urls
from toulmini_site.privacy import urls as privacy_urls

api_v1: list[URLPattern | URLResolver] = [
    path("auth/token/", api.token_obtain, name="api-token"),
    path("auth/token/revoke/", api.token_revoke, name="api-token-revoke"),
    path("", include((arguments_urls.api_urlpatterns, "arguments_api"))),
    path("coach/", include((coach_urls.api_urlpatterns, "coach_api"))),
    path("", include((council_urls.api_urlpatterns, "council_api"))),
    path("", include((classrooms_urls.api_urlpatterns, "classrooms_api"))),
    path("", include((privacy_urls.api_urlpatterns, "privacy_api"))),
]

handler400 = "toulmini_site.bodies.bad_request"
handler404 = "toulmini_site.api.not_found"
handler500 = "toulmini_site.outages.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    # Browsers ask for /favicon.ico on pages without a <link rel="icon"> (the API docs, files).
    path("favicon.ico", RedirectView.as_view(url=f"{settings.STATIC_URL}favicon.svg")),
    path("accounts/", include(accounts_urls)),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The API's reference: a page of ours (accessible, in the site's frame); Swagger UI, to try
    # calls, beside it. The split view serves its start-up script as a file (no inline script).
    path("api/docs/", api_docs.api_reference, name="api-docs"),
    path(
        "api/docs/swagger/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema"),
        name="api-swagger",
    ),
    # The language switch on every page: Django's, plus the choice saved on the account.
    path("i18n/setlang/", accounts_views.language_set, name="set_language"),
    path("", include(lti_urls)),
    path("", include(privacy_urls)),
    path("coach/", include(coach_urls)),
    path("", include(council_urls)),
    path("", include(classrooms_urls)),
    path("", arguments_views.home, name="home"),
    path("", include(arguments_urls)),
]
