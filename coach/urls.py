"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

from django.urls import path

from coach import api, views

app_name = "coach"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/turn/", views.turn, name="turn"),
    path("<int:pk>/proposal/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/proposal/reject/", views.reject, name="reject"),
    path("<int:pk>/draft/", views.draft, name="draft"),
    path("<int:pk>/draft/autosave/", views.autosave, name="autosave"),
    path("<int:pk>/chain/", views.chain, name="chain"),
    path("<int:pk>/export.aif", views.export_aif, name="export_aif"),
]

api_urlpatterns = [
    path("sessions/", api.sessions, name="sessions"),
    path("sessions/<int:pk>/", api.session_detail, name="session"),
    path("sessions/<int:pk>/turn/", api.turn, name="turn"),
    path("sessions/<int:pk>/proposal/confirm/", api.proposal_confirm, name="confirm"),
    path("sessions/<int:pk>/proposal/reject/", api.proposal_reject, name="reject"),
    path("sessions/<int:pk>/draft/", api.draft, name="draft"),
    path("sessions/<int:pk>/chain/", api.chain, name="chain"),
    path("sessions/<int:pk>/export/", api.export, name="export"),
]
