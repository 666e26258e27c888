/**
 * /dashboard/plans/new (decision 0078): Admins and Managers create a plan. The link may carry ?focus=<key>&title=…
 * &source=suggested (a report's "Create plan") to fill the form in; the days start today in the company's zone and
 * run 90 days. Nothing typed is lost when the server refuses: the form keeps it and shows why.
 */
import { type MeResponse, canManageActionPlans, resolveTimeZone, todayInZone } from "@hearth/shared";
import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useFormState } from "../../lib/form";
import { useMe } from "../auth";
import { AccessDeniedPage } from "../errors";
import { useHasFeature } from "../reports";
import { PageLoader } from "../surveys";
import { useCreatePlan } from "./action-plans-api";
import { ACTION_PLANS_PATH, actionPlanPath, type PlanFormValues, prefillPlanForm, toPlanInput } from "./action-plans-view";
import { PlanForm } from "./plan-form";
import { checkNewPlan, planSaveErrors, usePlanFormSources } from "./plan-form-sources";
import { PlansLocked, usePlansAllowed } from "./plans-locked";

function Heading() {
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={ACTION_PLANS_PATH} size="sm">
        All action plans
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        New action plan
      </Title>
    </Stack>
  );
}

export function NewActionPlanPage() {
  const allowed = usePlansAllowed();
  const me = useMe().data;
  if (allowed === false) {
    return (
      <Stack gap="lg">
        <Heading />
        <PlansLocked />
      </Stack>
    );
  }
  if (!me) return <PageLoader />;
  if (!canManageActionPlans(me.user)) return <AccessDeniedPage />;
  return (
    <Stack gap="lg" maw={760}>
      <Heading />
      <NewPlanForm me={me} />
    </Stack>
  );
}

function NewPlanForm({ me }: { me: MeResponse }) {
  const [params] = useSearchParams();
  const [prefill] = useState(() => prefillPlanForm(params, todayInZone(resolveTimeZone(me.tenant.timeZone)), me.user.id));
  const form = useFormState<PlanFormValues>(prefill.values);
  const [formError, setFormError] = useState<string | null>(null);
  const departmentInsights = useHasFeature("DepartmentInsights") === true;
  const sources = usePlanFormSources({ departmentInsights, manager: true, currentScope: "" });
  const create = useCreatePlan();
  const navigate = useNavigate();

  function submit() {
    setFormError(null);
    const checked = checkNewPlan(toPlanInput(form.values, prefill.source, prefill.baselineSurveyId));
    form.setErrors(checked.errors);
    if (!checked.data) return;
    create.mutate(checked.data, {
      onSuccess: (plan) => {
        notifications.show({ color: "teal", message: `The plan "${plan.title}" was created. Add its actions next.` });
        navigate(actionPlanPath(plan.id));
      },
      onError: (failure) => {
        const errors = planSaveErrors(failure);
        form.setErrors(errors.fields);
        setFormError(errors.message);
      },
    });
  }

  return (
    <Card withBorder>
      <Stack gap="md">
        {prefill.source === "suggested" ? (
          <Text size="sm" c="dimmed">
            This plan starts from a suggestion in your report. Change anything before you create it.
          </Text>
        ) : null}
        <PlanForm
          values={form.values}
          setField={form.setField}
          errors={form.errors}
          formError={formError}
          mode="create"
          people={sources.people}
          scopes={sources.scopes}
          canChangeOwner
          submitting={create.isPending}
          onSubmit={submit}
          onCancel={() => navigate(ACTION_PLANS_PATH)}
        />
      </Stack>
    </Card>
  );
}
