"""Pages (`urlpatterns`) and API endpoints (`api_urlpatterns`, mounted under /api/v1/)."""

from django.urls import path

from toulmini_site.classrooms import api, learning_api, views

app_name = "classrooms"

urlpatterns = [
    path("classes/", views.class_list, name="class_list"),
    path("classes/join/", views.class_join, name="class_join"),
    path("classes/<int:pk>/", views.class_detail, name="class_detail"),
    path("classes/<int:pk>/settings/", views.class_settings, name="class_settings"),
    path("classes/<int:pk>/teachers/", views.class_teacher_add, name="class_teacher_add"),
    path(
        "classes/<int:pk>/invitations/<int:invitation_pk>/withdraw/",
        views.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path(
        "classes/invitations/<int:pk>/<str:answer>/",
        views.invitation_answer,
        name="invitation_answer",
    ),
    path(
        "classes/<int:pk>/students/<int:user_id>/remove/",
        views.class_student_remove,
        name="class_student_remove",
    ),
    path("classes/<int:pk>/return/", views.class_return, name="class_return"),
    path("classes/<int:pk>/grades.csv", views.class_grades, name="class_grades"),
    path("classes/<int:pk>/returned.json", views.class_returned_work, name="class_returned"),
    path("classes/<int:pk>/analytics/", views.class_analytics, name="class_analytics"),
    path("classes/<int:pk>/assignments/new/", views.assignment_new, name="assignment_new"),
    path("assignments/<int:pk>/", views.assignment_detail, name="assignment_detail"),
    path("assignments/<int:pk>/start/", views.assignment_start, name="assignment_start"),
    path("assignments/<int:pk>/publish/", views.assignment_publish, name="assignment_publish"),
    path("submissions/<int:pk>/", views.submission_detail, name="submission_detail"),
    path("submissions/<int:pk>/drafts/", views.feedback_drafts_make, name="feedback_drafts_make"),
    path(
        "submissions/<int:pk>/drafts/<str:part>/",
        views.feedback_draft_decide,
        name="feedback_draft_decide",
    ),
    path(
        "submissions/<int:pk>/autosave/<str:form>/",
        views.submission_autosave,
        name="submission_autosave",
    ),
    path("submissions/<int:pk>/<str:action>/", views.submission_act, name="submission_act"),
]

api_urlpatterns = [
    path("classes/", api.classes, name="classes"),
    path("classes/join/", api.class_join, name="class_join"),
    path("classes/<int:pk>/", api.class_detail, name="class_detail"),
    path("classes/<int:pk>/join-code/", api.class_join_code, name="class_join_code"),
    path("classes/<int:pk>/teachers/", api.class_teachers, name="class_teachers"),
    path("classes/<int:pk>/invitations/", api.class_invitations, name="class_invitations"),
    path(
        "classes/<int:pk>/invitations/<int:invitation_pk>/",
        api.class_invitation,
        name="class_invitation",
    ),
    path("invitations/", api.invitations, name="invitations"),
    path("invitations/<int:pk>/accept/", api.invitation_accept, name="invitation_accept"),
    path("invitations/<int:pk>/decline/", api.invitation_decline, name="invitation_decline"),
    path("classes/<int:pk>/students/", api.class_students, name="class_students"),
    path("classes/<int:pk>/students/<int:user_id>/", api.class_student, name="class_student"),
    path("classes/<int:pk>/assignments/", api.class_assignments, name="class_assignments"),
    path("classes/<int:pk>/return/", api.class_return, name="class_return"),
    path("classes/<int:pk>/grades.csv", api.class_grades, name="class_grades"),
    path("classes/<int:pk>/returned-work/", api.class_returned_work, name="class_returned"),
    path("classes/<int:pk>/analytics/", learning_api.class_analytics, name="class_analytics"),
    path("assignments/<int:pk>/", api.assignment_detail, name="assignment_detail"),
    path("assignments/<int:pk>/publish/", api.assignment_publish, name="assignment_publish"),
    path("assignments/<int:pk>/start/", api.assignment_start, name="assignment_start"),
    path(
        "assignments/<int:pk>/submissions/",
        api.assignment_submissions,
        name="assignment_submissions",
    ),
    path("submissions/<int:pk>/", api.submission_detail, name="submission_detail"),
    path("submissions/<int:pk>/turn-in/", api.submission_turn_in, name="submission_turn_in"),
    path("submissions/<int:pk>/unsubmit/", api.submission_unsubmit, name="submission_unsubmit"),
    path("submissions/<int:pk>/essay/", api.submission_essay, name="submission_essay"),
    path("submissions/<int:pk>/feedback/", api.submission_feedback, name="submission_feedback"),
    path("submissions/<int:pk>/return/", api.submission_return, name="submission_return"),
    path(
        "submissions/<int:pk>/process/", learning_api.submission_process, name="submission_process"
    ),
    path(
        "submissions/<int:pk>/feedback-drafts/",
        learning_api.submission_feedback_drafts,
        name="submission_feedback_drafts",
    ),
    path(
        "submissions/<int:pk>/feedback-drafts/<str:part>/",
        learning_api.submission_feedback_draft,
        name="submission_feedback_draft",
    ),
]
