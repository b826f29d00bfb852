"""Sign up, log in and log out: Django's auth forms in our templates."""

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from toulmini_site.limits import signup_take

login_view = auth_views.LoginView.as_view(
    template_name="registration/login.html", redirect_authenticated_user=True
)
logout_view = auth_views.LogoutView.as_view()


@require_http_methods(["GET", "POST"])
def signup_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        signup_take(request=request)
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
