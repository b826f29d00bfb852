from pathlib import Path

from django.apps import AppConfig


class CoachConfig(AppConfig):
    name = "coach"
    verbose_name = "Coach"

    def ready(self) -> None:
        from coach.domain.prompt import system_prompt_install

        prompt = Path(__file__).resolve().parent / "prompts" / "turn_system.md"
        system_prompt_install(prompt.read_text(encoding="utf-8"))
