from django.urls import path

from toulmini_site.privacy import api, views

app_name = "privacy"

urlpatterns = [
    path("privacy/", views.privacy, name="privacy"),
    path("account/data/", views.my_data, name="my_data"),
    path("account/data/export.json", views.export_json, name="export_json"),
    path("account/data/<str:table>.csv", views.export_csv, name="export_csv"),
    path("account/delete/", views.delete_account, name="delete"),
    path("account/deleted/", views.deleted, name="deleted"),
]

api_urlpatterns = [
    path("me/export/", api.export, name="export"),
    path("me/", api.me, name="me"),
]
