from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from arguments import urls as arguments_urls
from arguments import views as arguments_views
from coach import urls as coach_urls
from council import urls as council_urls
from toulmini_site import accounts, api, health
from toulmini_site.classrooms import urls as classrooms_urls
from toulmini_site.lti import urls as lti_urls

api_v1 = [
    path("auth/token/", api.token_obtain, name="api-token"),
    path("", include((arguments_urls.api_urlpatterns, "arguments_api"))),
    path("coach/", include((coach_urls.api_urlpatterns, "coach_api"))),
    path("", include((council_urls.api_urlpatterns, "council_api"))),
    path("", include((classrooms_urls.api_urlpatterns, "classrooms_api"))),
]

handler404 = "toulmini_site.api.not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    # Browsers ask for /favicon.ico on pages without a <link rel="icon"> (the API docs, files).
    path("favicon.ico", RedirectView.as_view(url=f"{settings.STATIC_URL}favicon.svg")),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("accounts/signup/", accounts.signup_view, name="signup"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script under the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include(lti_urls)),
    path("coach/", include(coach_urls)),
    path("", include(council_urls)),
    path("", include(classrooms_urls)),
    path("", arguments_views.home, name="home"),
    path("", include(arguments_urls)),
]
