"""Settings for Toulmini Site, read from environment variables (see .env.example)."""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
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
    # Before whitenoise's: its runserver with a larger listen backlog, and manage.py worker.
    "toulmini_site.processes",
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
    "lti_tool",
    "toulmini_site.lti",
    "toulmini_site.accounts",
    "toulmini_site.privacy",
]

MIDDLEWARE = [
    "toulmini_site.bodies.BodySizeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "toulmini_site.accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "toulmini_site.pages.RefusalMiddleware",
    "toulmini_site.outages.DatabaseOutageMiddleware",
]

# Every request body, files included: refused by Content-Length, and uploads stopped at it
# (toulmini_site/bodies.py). The largest thing a form takes is a 2 MiB AIF file.
REQUEST_MAX_BYTES = env_int("REQUEST_MAX_BYTES", 3 * 1024 * 1024, minimum=1024)
FILE_UPLOAD_HANDLERS = [
    "toulmini_site.bodies.CappedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
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
                "django.template.context_processors.csp",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0, minimum=0),
        # A kept connection the server dropped (a restart, a failover) is replaced at the
        # start of the next request instead of failing it.
        conn_health_checks=True,
    )
}
# A connection pool per process (psycopg's), for the ASGI web server, where each request's
# sync code runs in a thread of its own: connections are lent per request (and handed back
# while a coach stream waits on the model) instead of one kept per thread. 0: no pool.
DATABASE_POOL_SIZE = env_int("DATABASE_POOL_SIZE", 0, minimum=0)
if DATABASE_POOL_SIZE and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # pooled connections are not kept by Django
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_SIZE,
        # How long a request waits for a connection (all lent out, or the database down)
        # before it fails: then 503 with Retry-After (toulmini_site.outages).
        "timeout": env_float("DATABASE_POOL_TIMEOUT", 4.0, minimum=0.5),
    }
# How many requests for a view marked @gated (a coach turn's start) one web process lets into
# Django at once under ASGI; the rest wait on the event loop, so a class sending its turns
# together leaves pooled connections and threads for pages (toulmini_site/admission.py).
WEB_GATE_SLOTS = env_int("WEB_GATE_SLOTS", 4, minimum=1)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The development server's threads write at once (coach turns, chain runs): write-ahead
    # logging lets readers go on while one writes; BEGIN IMMEDIATE takes the write lock when
    # a transaction starts, so two transactions never both read, then deadlock upgrading
    # ("database is locked"); a writer waits up to SQLITE_BUSY_TIMEOUT seconds for its turn.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("SQLITE_BUSY_TIMEOUT", 30, minimum=1),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Not a rule on passwords: Django tells validators when a password changed (every path:
    # the account page, a reset, the admin), and this one revokes the user's API tokens.
    {"NAME": "toulmini_site.api.TokensRevokedOnPasswordChange"},
]
# Failed logins are limited before any password is checked (toulmini_site/limits).
AUTHENTICATION_BACKENDS = ["toulmini_site.limits.LimitedModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# A password-reset link stays valid this long (Django's default is three days).
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3 * 3600, minimum=60)

# E-mail (password resets), as Django 6.1's MAILERS. "console" prints each message on the
# server's output (development); "smtp" sends through EMAIL_HOST. Without DEBUG: smtp.
EMAIL_BACKEND_NAME = env_choice(
    "EMAIL_BACKEND", "console" if DEBUG else "smtp", ("console", "smtp")
)
if EMAIL_BACKEND_NAME == "smtp":
    _email_use_tls = env_bool("EMAIL_USE_TLS", True)
    _email_use_ssl = env_bool("EMAIL_USE_SSL", False)
    if _email_use_tls and _email_use_ssl:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on: choose one")
    _mailer = {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": env_str("EMAIL_HOST", "localhost"),
            "port": env_int("EMAIL_PORT", 465 if _email_use_ssl else 587, minimum=1),
            "username": env_str("EMAIL_HOST_USER"),
            "password": env_str("EMAIL_HOST_PASSWORD"),
            "use_tls": _email_use_tls,
            "use_ssl": _email_use_ssl,
            "timeout": env_int("EMAIL_TIMEOUT", 10, minimum=1),
        },
    }
else:
    _mailer = {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
MAILERS = {"default": _mailer}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Toulmini <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["toulmini_site.formats"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
if not DEBUG:  # collected and compressed by `make serve`, served by whitenoise
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    }

# Proxies in front of the app. 0: the client is REMOTE_ADDR and X-Forwarded-For is ignored
# (a client could write any address there); N: the N-th address from the end of that header.
NUM_PROXIES = env_int("NUM_PROXIES", 0, minimum=0)

# API tokens (POST /api/v1/auth/token/) last this many days from when they were issued; an
# expired token is refused (401 TOKEN_EXPIRED) and the next sign-in issues a new one.
API_TOKEN_DAYS = env_int("API_TOKEN_DAYS", 30, minimum=1)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "toulmini_site.authentication.ExpiringTokenAuthentication",
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
    # Throttles count in the shared cache (CACHE_URL), so they hold across web processes.
    "DEFAULT_THROTTLE_CLASSES": [
        "toulmini_site.throttles.AnonThrottle",
        "toulmini_site.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/min"),
        "user": env_str("THROTTLE_USER", "600/min"),
        "auth": env_str("THROTTLE_AUTH", "30/min"),
    },
    # Our throttles ask toulmini_site.limits.client_address; DRF's own reading agrees.
    "NUM_PROXIES": NUM_PROXIES,
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
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "toulmini_site.api.schema_with_errors",
    ],
    # Several models have a field called status, engine or language: name each set.
    "ENUM_NAME_OVERRIDES": {
        "ChainEngineEnum": "arguments.models.Chain.Engine",
        "ChainStatusEnum": "arguments.models.Chain.Status",
        "ChainCorrectionRoleEnum": "arguments.models.ChainCorrection.Role",
        "CritiqueEngineEnum": "council.models.critique.Critique.Engine",
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

# Learning platforms: each call to a platform's token, roster or gradebook service waits at
# most this long (to connect, and between bytes of its answer).
LTI_HTTP_TIMEOUT_SECONDS = env_float("LTI_HTTP_TIMEOUT_SECONDS", 10.0, minimum=0.1)

# Language model. With no LLM_MODEL, the offline analyzer is the only engine.
LLM_BASE_URL = env_str("LLM_BASE_URL")
LLM_API_KEY = env_str("LLM_API_KEY")
LLM_MODEL = env_str("LLM_MODEL")
# A whole model call (every try, re-ask and fallback) ends by LLM_DEADLINE_SECONDS; one HTTP
# request waits at most LLM_TIMEOUT_SECONDS of it (toulmini_site.llm.deadline).
LLM_DEADLINE_SECONDS = env_float("LLM_DEADLINE_SECONDS", 45.0, minimum=0.1)
LLM_TIMEOUT_SECONDS = env_float("LLM_TIMEOUT_SECONDS", 30.0, minimum=0.1)
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", 2, minimum=0)
# Every request's output budget, and the field it is sent in (OpenAI's reasoning models take
# max_completion_tokens only).
LLM_MAX_TOKENS = env_int("LLM_MAX_TOKENS", 2048, minimum=16)
LLM_TOKEN_LIMIT_PARAM = env_choice(
    "LLM_TOKEN_LIMIT_PARAM", "max_tokens", ("max_tokens", "max_completion_tokens")
)
LLM_VALIDATION_RETRIES = env_int("LLM_VALIDATION_RETRIES", 2, minimum=0)
LLM_TEMPERATURE = env_float("LLM_TEMPERATURE", 0.2, minimum=0.0)

# The sentence encoder's files (toulmini_site/text/encoder.py): a directory holding the
# all-MiniLM-L6-v2 model.safetensors, tokenizer.json and config.json, checked against the
# published digests before first use. Empty: the files of the pinned package
# (requirements/encoder.txt, installed by `make setup`).
TEXT_ENCODER_DIR = env_str("TEXT_ENCODER_DIR")

# Data retention: model-call logs and coach transcripts older than this many days are deleted
# by `manage.py data_retention` (or its daily task). 0, the default, keeps everything.
DATA_RETENTION_DAYS = env_int("DATA_RETENTION_DAYS", 0, minimum=0)

# Classrooms: model calls each student may spend a day on one class's work (new classes' default).
CLASS_DAILY_MODEL_CALLS = env_int("CLASS_DAILY_MODEL_CALLS", 50, minimum=0)
# Days an invitation to co-teach a class waits for its invitee's answer.
TEACHER_INVITATION_DAYS = env_int("TEACHER_INVITATION_DAYS", 14, minimum=1)

LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}},
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    # Django's own default sends "django" to a console handler too: every line came out twice.
    "loggers": {"django": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False}},
}

# -- Production: security, shared cache, limits (README "Deployment") ----------------------
# HTTPS: the site is reached over HTTPS, directly or through a TLS-terminating proxy. It turns
# on the redirect to HTTPS, HSTS and secure cookies; each can be overridden on its own.
HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy checks health over plain HTTP
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
# The header a TLS-terminating proxy sets, as "HEADER,value": HTTP_X_FORWARDED_PROTO,https
_proxy_ssl_header = env_list("SECURE_PROXY_SSL_HEADER", [])
if _proxy_ssl_header:
    if len(_proxy_ssl_header) != 2 or not _proxy_ssl_header[0].startswith("HTTP_"):
        raise ImproperlyConfigured(
            "SECURE_PROXY_SSL_HEADER must be 'HTTP_<HEADER>,<value>', "
            "e.g. HTTP_X_FORWARDED_PROTO,https"
        )
    SECURE_PROXY_SSL_HEADER = (_proxy_ssl_header[0], _proxy_ssl_header[1])
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No inline script or style anywhere: htmx's own indicator style is in site.css
# (templates/base.html turns htmx's injected <style> off).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
}

# One cache shared by every process (rate limits, throttles, quotas): redis://host:6379/0.
# Without CACHE_URL each process counts on its own (local memory): fine for one process.
CACHE_URL = env_str("CACHE_URL")
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, got {CACHE_URL!r}")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            # A cache that stops answering must cost a request a second at most (limits then
            # count per process, toulmini_site/limits), never hang it.
            "OPTIONS": {
                # One pool per process, not one per request (toulmini_site/caching.py).
                "pool_class": "toulmini_site.caching.SharedConnectionPool",
                "socket_connect_timeout": env_float("CACHE_TIMEOUT_SECONDS", 1.0, minimum=0.05),
                "socket_timeout": env_float("CACHE_TIMEOUT_SECONDS", 1.0, minimum=0.05),
            },
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Failed logins (page and API token) in LOGIN_WINDOW_SECONDS: per address+account, per
# address (any account) and per account (any address). Sign-ups per address per hour. A
# school's students often share one public address (NAT): the per-address limits allow a class.
LOGIN_FAILURES_PER_ACCOUNT_ADDRESS = env_int("LOGIN_FAILURES_PER_ACCOUNT_ADDRESS", 5, minimum=1)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 100, minimum=1)
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 100, minimum=1)
LOGIN_WINDOW_SECONDS = env_int("LOGIN_WINDOW_SECONDS", 900, minimum=1)
SIGNUPS_PER_ADDRESS_PER_HOUR = env_int("SIGNUPS_PER_ADDRESS_PER_HOUR", 40, minimum=0)
PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = env_int(
    "PASSWORD_RESETS_PER_ADDRESS_PER_HOUR", 20, minimum=0
)

# Per-user daily quotas (UTC days). Model-backed work per kind; offline work (CPU only) in
# one larger allowance. 0 allows none.
QUOTAS_PER_DAY = {
    "llm_chain_run": env_int("QUOTA_LLM_CHAIN_RUNS_PER_DAY", 50, minimum=0),
    "llm_coach_turn": env_int("QUOTA_LLM_COACH_TURNS_PER_DAY", 200, minimum=0),
    "llm_critique": env_int("QUOTA_LLM_CRITIQUES_PER_DAY", 5, minimum=0),
    "llm_audit": env_int("QUOTA_LLM_AUDITS_PER_DAY", 10, minimum=0),
    "llm_fallacy_check": env_int("QUOTA_LLM_FALLACY_CHECKS_PER_DAY", 50, minimum=0),
    "offline": env_int("QUOTA_OFFLINE_PER_DAY", 1000, minimum=0),
}
