import type { MeResponse } from "@hearth/shared";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../lib/api";
import { SalesCallbackModal } from "./sales-callback-modal";
import { UpgradePlanModal } from "./upgrade-plan-modal";
import { readUpgradeParams, withoutUpgradeParams } from "./upgrade-params";

const BILLING_PLAN_PATH = "/dashboard/billing/plan";

/**
 * Tells the CRM an upgrade has started (spec: POST /api/hs-cert-step with steps ['Evaluation'], "sent when an upgrade
 * starts; response ignored"). Fire and forget: a failure never stands in the user's way.
 */
export function recordUpgradeStart(): void {
  void api("/api/hs-cert-step", { body: { steps: ["Evaluation"] } }).catch(() => undefined);
}

/** Both upgrade dialogs, opened by the query on any page; closing removes the parameters. */
export function UpgradeDialogs({ me }: { me: MeResponse }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const request = readUpgradeParams(params, me.tenant.effectivePlan);
  const close = () => setParams(withoutUpgradeParams(params), { replace: true });

  return (
    <>
      <UpgradePlanModal
        me={me}
        request={request}
        opened={request.kind === "upgrade"}
        onClose={close}
        onSeePlans={() => {
          recordUpgradeStart();
          navigate(BILLING_PLAN_PATH);
        }}
        onRequestCallback={() => {
          const next = withoutUpgradeParams(params);
          next.set("upgradepath", "true");
          if (request.plan) next.set("plan", request.plan);
          if (request.feature) next.set("feature", request.feature);
          setParams(next, { replace: true });
        }}
      />
      <SalesCallbackModal me={me} request={request} opened={request.kind === "upgradepath"} onClose={close} />
    </>
  );
}
