"""Account pages. The names are Django's usual auth names (``login``, ``password_reset``...),
not namespaced, as ``django.contrib.auth`` and its views expect."""

from django.urls import path

from toulmini_site.accounts import views

urlpatterns = [
    path("", views.account, name="account"),
    path("password/", views.password_change, name="account_password"),
    path("email/", views.email_change, name="account_email"),
    path("api-token/", views.api_token, name="account_api_token"),
    path("email/confirm/<str:token>/", views.email_confirm_view, name="account_email_confirm"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("signup/", views.signup_view, name="signup"),
    path("password-reset/", views.password_reset_view, name="password_reset"),
    path("password-reset/sent/", views.password_reset_done_view, name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        views.password_reset_confirm_view,
        name="password_reset_confirm",
    ),
    path("reset/done/", views.password_reset_complete_view, name="password_reset_complete"),
]
