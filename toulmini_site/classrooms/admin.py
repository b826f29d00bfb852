from django.contrib import admin

from toulmini_site.classrooms.models import Assignment, Classroom, Enrollment, Feedback, Submission


class EnrollmentInline(admin.TabularInline):
    model = Enrollment
    extra = 0
    raw_id_fields = ["student"]


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ["name", "join_code", "joining_open", "archived", "daily_model_calls"]
    list_filter = ["archived", "joining_open"]
    search_fields = ["name", "join_code"]
    filter_horizontal = ["teachers"]
    inlines = [EnrollmentInline]


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = ["title", "classroom", "kind", "published", "due_at"]
    list_filter = ["kind", "published"]
    search_fields = ["title", "classroom__name"]


class FeedbackInline(admin.StackedInline):
    model = Feedback
    extra = 0


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ["assignment", "student", "state", "late", "turned_in_at", "returned_at"]
    list_filter = ["state", "late"]
    search_fields = ["student__username", "assignment__title"]
    raw_id_fields = ["student", "coach_session", "chain", "audit", "critique"]
    inlines = [FeedbackInline]
