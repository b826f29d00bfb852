from django.apps import AppConfig


class CouncilConfig(AppConfig):
    name = "council"

    def ready(self) -> None:
        """Critiques and audits hold the platform's run lease: its reaper watches them."""
        from council.domain.runs import STALLED_AFTER
        from council.models import Audit, Critique
        from council.services import audit, critique
        from toulmini_site.processes import leases

        leases.register(
            leases.Leased(
                name="council.critique",
                model=Critique,
                task=critique.critique_run_task,
                kwarg="critique_id",
                reset=critique.critique_reset,
                stalled_after=STALLED_AFTER,
            )
        )
        leases.register(
            leases.Leased(
                name="council.audit",
                model=Audit,
                task=audit.audit_run_task,
                kwarg="audit_id",
                reset=audit.audit_reset,
                stalled_after=STALLED_AFTER,
                on_requeue=audit.audit_results_reset,
            )
        )
