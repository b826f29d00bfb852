"""Settings for Toulmini Site, read from environment variables (see .env.example)."""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from toulmini_site.environment import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# The web app's own address, used for links printed outside a request (MCP, commands).
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_tasks_db",
    "toulmini_site.llm",
    "arguments",
    "coach",
    "council",
    "toulmini_site.classrooms",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "toulmini_site.classrooms.middleware.ClassroomRefusalMiddleware",
]

ROOT_URLCONF = "toulmini_site.urls"
WSGI_APPLICATION = "toulmini_site.wsgi.application"
ASGI_APPLICATION = "toulmini_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0, minimum=0),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "toulmini_site.api.exception_handler",
    # DRF's three defaults, JSON's refusing a too-deeply nested body with 400, not 500.
    "DEFAULT_PARSER_CLASSES": [
        "toulmini_site.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # `?format=` belongs to our export endpoint, not to DRF's content negotiation.
    "URL_FORMAT_OVERRIDE": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Toulmini Site API",
    "DESCRIPTION": "Build, analyse and critique arguments with Stephen Toulmin's model.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from our own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several models have a field called status, engine or language: name each set.
    "ENUM_NAME_OVERRIDES": {
        "ChainEngineEnum": "arguments.models.Chain.Engine",
        "ChainStatusEnum": "arguments.models.Chain.Status",
        "CritiqueEngineEnum": "council.models.critique.Critique.Engine",
        "CritiqueStatusEnum": "council.models.critique.Critique.Status",
        "CoachStepEnum": "coach.models.STEP_CHOICES",
        "CoachSessionStatusEnum": "coach.models.CoachSession.Status",
        "CoachLanguageEnum": "coach.models.CoachSession.Language",
        "AssignmentEngineEnum": "toulmini_site.classrooms.services.ENGINES",
        "CoachMessageRoleEnum": "coach.models.CoachMessage.Role",
        "ClassroomRoleEnum": [("teacher", "teacher"), ("student", "student")],
    },
}

# Background work: "immediate" runs a task inside the request (tests, simple setups);
# "database" queues it for `manage.py db_worker` (what `make run` uses).
TASKS_BACKEND = env_choice("TASKS_BACKEND", "immediate", ("immediate", "database"))
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks_db.DatabaseBackend"
            if TASKS_BACKEND == "database"
            else "django.tasks.backends.immediate.ImmediateBackend"
        )
    }
}

# Language model. With no LLM_MODEL, the offline analyzer is the only engine.
LLM_BASE_URL = env_str("LLM_BASE_URL")
LLM_API_KEY = env_str("LLM_API_KEY")
LLM_MODEL = env_str("LLM_MODEL")
LLM_TIMEOUT_SECONDS = env_float("LLM_TIMEOUT_SECONDS", 60.0, minimum=0.1)
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", 2, minimum=0)
LLM_VALIDATION_RETRIES = env_int("LLM_VALIDATION_RETRIES", 2, minimum=0)
LLM_TEMPERATURE = env_float("LLM_TEMPERATURE", 0.2, minimum=0.0)

# Classrooms: model calls each student may spend a day on one class's work (new classes' default).
CLASS_DAILY_MODEL_CALLS = env_int("CLASS_DAILY_MODEL_CALLS", 50, minimum=0)

LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    # Django's own default sends "django" to a console handler too: every line came out twice.
    "loggers": {"django": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False}},
}
