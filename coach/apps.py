from django.apps import AppConfig


class CoachConfig(AppConfig):
    name = "coach"
    verbose_name = "Coach"

    def ready(self) -> None:
        from coach.domain.tutor import offline_turn
        from toulmini_site.llm import register_offline

        register_offline("coach.turn", offline_turn)
