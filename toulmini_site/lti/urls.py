"""The tool's endpoints for learning platforms (LTI 1.3) and the teacher's platform pages."""

from django.urls import path

from toulmini_site.lti import views

app_name = "lti"

urlpatterns = [
    path("lti/jwks.json", views.jwks, name="jwks"),
    path("lti/login/", views.oidc_login, name="login"),
    path("lti/launch/", views.launch, name="launch"),
    path("lti/deep-link/", views.deep_link, name="deep_link"),
    path("lti/classes/<int:pk>/", views.class_platform, name="class_platform"),
    path("lti/classes/<int:pk>/roster/", views.roster_sync, name="roster_sync"),
    path("lti/grades/<int:pk>/retry/", views.grade_retry, name="grade_retry"),
]
