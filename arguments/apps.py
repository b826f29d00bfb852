from pathlib import Path

from django.apps import AppConfig

from arguments.domain.prompts import templates_install


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
        prompts_install()


def prompts_install() -> None:
    """Give the domain's prompt builders their texts, ``arguments/prompts/*.txt`` (the domain
    reads no files). At start-up; the MCP server, which serves before Django is set up,
    calls it itself."""
    prompts = Path(__file__).resolve().parent / "prompts"
    templates_install(
        {path.stem: path.read_text(encoding="utf-8").strip() for path in prompts.glob("*.txt")}
    )
