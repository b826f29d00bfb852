"""Sign up, log in and out, password reset (Django's auth views in our templates), the
account page, and the language switch every page shows."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.i18n import set_language

from toulmini_site.accounts.forms import EmailForm, LanguageForm, SignupForm
from toulmini_site.accounts.selectors import user_language
from toulmini_site.accounts.services import (
    EmailLinkInvalid,
    email_change_request,
    email_confirm,
    password_reset_request,
    user_language_set,
)
from toulmini_site.authentication import token_expires_at, token_issue, token_of, token_revoke_all
from toulmini_site.limits import password_reset_take, signup_take
from toulmini_site.privacy import public as privacy
from toulmini_site.users import AuthedHttpRequest

login_view = auth_views.LoginView.as_view(
    template_name="registration/login.html", redirect_authenticated_user=True
)
logout_view = auth_views.LogoutView.as_view()


@require_http_methods(["GET", "POST"])
def signup_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        signup_take(request=request)
        user = form.save()
        # A language chosen with the switch before signing up is kept as the account's.
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        if chosen in dict(settings.LANGUAGES):
            user_language_set(user=user, language=chosen)
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset-by-e-mail, limited per address so it cannot be used to flood inboxes.
    The mail goes from the task queue: the request only queues it, for any address, so a
    known and an unknown address take the same time."""

    template_name = "registration/password_reset_form.html"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        password_reset_take(request=self.request)
        password_reset_request(
            email=form.cleaned_data["email"],
            domain=self.request.get_host(),
            use_https=self.request.is_secure(),
            language=get_language(),
        )
        return redirect(self.success_url)


password_reset_view = PasswordResetView.as_view()
password_reset_done_view = auth_views.PasswordResetDoneView.as_view(
    template_name="registration/password_reset_done.html"
)
password_reset_confirm_view = auth_views.PasswordResetConfirmView.as_view(
    template_name="registration/password_reset_confirm.html",
    success_url=reverse_lazy("password_reset_complete"),
)
password_reset_complete_view = auth_views.PasswordResetCompleteView.as_view(
    template_name="registration/password_reset_complete.html"
)


def _account_page(
    request: AuthedHttpRequest,
    *,
    password_form: PasswordChangeForm | None = None,
    email_form: EmailForm | None = None,
    new_token: str = "",
    status: int = 200,
) -> HttpResponse:
    language_form = LanguageForm(initial={"language": user_language(user=request.user)})
    password_form = password_form or PasswordChangeForm(request.user)
    # Django focuses the old password on its own page; here it would jump the page past the
    # sections above it (and screen readers past the heading).
    password_form.fields["old_password"].widget.attrs.pop("autofocus", None)
    token = token_of(user=request.user)
    context = {
        "api_token": token,
        "api_token_expires_at": token_expires_at(token) if token else None,
        "new_token": new_token,
        "password_form": password_form,
        "language_form": language_form,
        "email_form": email_form or EmailForm(),
        **privacy.account_sections(user=request.user),
    }
    return render(request, "accounts/account.html", context, status=status)


@require_GET
@login_required
def account(request: AuthedHttpRequest) -> HttpResponse:
    return _account_page(request)


@require_http_methods(["GET", "POST"])
@login_required
def password_change(request: AuthedHttpRequest) -> HttpResponse:
    """Change the password from the account page; a refused form comes back with its errors
    on the account page (Django never sends typed passwords back)."""
    if request.method == "GET":
        return redirect("account")
    form = PasswordChangeForm(request.user, request.POST)
    if not form.is_valid():
        return _account_page(request, password_form=form, status=400)
    user = form.save()
    update_session_auth_hash(request, user)  # stay logged in on this device
    messages.success(request, _("Your password was changed."))
    return redirect("account")


@require_http_methods(["GET", "POST"])
@login_required
def email_change(request: AuthedHttpRequest) -> HttpResponse:
    """Ask to add or change the account's e-mail: a link goes to the new address (from the
    task queue), and the address changes when it is opened."""
    if request.method == "GET":
        return redirect(reverse("account") + "#email")
    form = EmailForm(request.POST)
    if not form.is_valid():
        return _account_page(request, email_form=form, status=400)
    address = form.cleaned_data["email"]
    email_change_request(
        user=request.user,
        address=address,
        link_for=lambda token: request.build_absolute_uri(
            reverse("account_email_confirm", kwargs={"token": token})
        ),
        language=get_language(),
    )
    messages.success(
        request,
        _("We sent a link to %(address)s: your address changes when you open it.")
        % {"address": address},
    )
    return redirect(reverse("account") + "#email")


@require_http_methods(["GET", "POST"])
@login_required
def email_confirm_view(request: AuthedHttpRequest, token: str) -> HttpResponse:
    """The link from the mail: a page with one button (a GET changes nothing: mail scanners
    open links), which sets the address."""
    if request.method == "GET":
        return render(request, "accounts/email_confirm.html", {"token": token})
    try:
        address = email_confirm(user=request.user, token=token)
    except EmailLinkInvalid as refused:
        messages.error(request, refused.message)
    else:
        messages.success(
            request, _("Your e-mail address is now %(address)s.") % {"address": address}
        )
    return redirect(reverse("account") + "#email")


@require_http_methods(["GET", "POST"])
@login_required
def api_token(request: AuthedHttpRequest) -> HttpResponse:
    """Make a new API token (shown once, on the page this answers with) or revoke it."""
    if request.method == "GET":
        return redirect(reverse("account") + "#api-token")
    if request.POST.get("action") == "revoke":
        token_revoke_all(user=request.user)
        messages.success(request, _("Your API token was revoked: apps using it are signed out."))
        return redirect(reverse("account") + "#api-token")
    token = token_issue(user=request.user)
    return _account_page(request, new_token=token.key)


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (cookie, safe ``next``), plus: a logged-in user's choice is
    saved on their account and follows them to every device."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if language == "":  # back to the browser's language
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    elif language not in dict(settings.LANGUAGES):
        return response
    if request.user.is_authenticated:
        user_language_set(user=request.user, language=language)
    return response
