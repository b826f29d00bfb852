from pathlib import Path

from django.apps import AppConfig


class ArgumentsConfig(AppConfig):
    name = "arguments"
    verbose_name = "Arguments (Toulmin chains)"

    def ready(self) -> None:
        from arguments.domain.fallacies import offline_answer
        from arguments.domain.prompts import templates_install
        from arguments.roles import analyze_offline
        from toulmini_site.llm import register_offline

        for phase in (1, 2, 3, 4):
            register_offline(f"arguments.phase{phase}", analyze_offline)
        register_offline("arguments.fallacies", offline_answer)
        prompts = Path(__file__).resolve().parent / "prompts"
        templates_install(
            {path.stem: path.read_text(encoding="utf-8").strip() for path in prompts.glob("*.txt")}
        )
