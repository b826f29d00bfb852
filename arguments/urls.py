"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

from django.urls import path

from arguments import api, views

app_name = "arguments"

urlpatterns = [
    path("chains/", views.chain_list, name="chain_list"),
    path("chains/new/", views.chain_new, name="chain_new"),
    path("chains/import/", views.chain_import, name="chain_import"),
    path("chains/<int:pk>/", views.chain_detail, name="chain_detail"),
    path("chains/<int:pk>/run/", views.chain_run, name="chain_run"),
    path("chains/<int:pk>/phase/", views.chain_phase, name="chain_phase"),
    path("chains/<int:pk>/correct/", views.chain_correct, name="chain_correct"),
    path("chains/<int:pk>/export.<str:fmt>", views.chain_export, name="chain_export"),
    path("chains/<int:pk>/fallacies/", views.chain_fallacies, name="chain_fallacies"),
    path("fallacies/", views.fallacy_check, name="fallacy_check"),
]

api_urlpatterns = [
    path("chains/", api.chain_list, name="chain_list"),
    path("chains/import/", api.chain_import, name="chain_import"),
    path("chains/<int:pk>/", api.chain_detail, name="chain_detail"),
    path("chains/<int:pk>/prompt/", api.chain_prompt, name="chain_prompt"),
    path("chains/<int:pk>/phases/<int:phase>/", api.chain_phase, name="chain_phase"),
    path("chains/<int:pk>/run/", api.chain_run, name="chain_run"),
    path("chains/<int:pk>/revisions/", api.chain_revise, name="chain_revise"),
    path("chains/<int:pk>/corrections/", api.chain_corrections, name="chain_corrections"),
    path("chains/<int:pk>/export/", api.chain_export, name="chain_export"),
    path("toulmin/validate/", api.validate, name="toulmin_validate"),
    path("fallacies/", api.fallacies, name="fallacies"),
    *[
        path(f"toulmin/{tool}/", view, name=f"toulmin_{tool}")
        for tool, view in api.TOOL_VIEWS.items()
    ],
]
