from django.apps import AppConfig


class ArgumentsConfig(AppConfig):
    name = "arguments"
    verbose_name = "Arguments (Toulmin chains)"

    def ready(self) -> None:
        from arguments.domain.fallacies import offline_answer
        from arguments.roles import analyze_offline
        from toulmini_site.llm import register_offline

        for phase in (1, 2, 3, 4):
            register_offline(f"arguments.phase{phase}", analyze_offline)
        register_offline("arguments.fallacies", offline_answer)
