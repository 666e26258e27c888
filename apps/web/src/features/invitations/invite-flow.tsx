import {
  describeSurveyStatus,
  estimateSurveyDuration,
  type EmailTemplate,
  findPreset,
  formatInTimeZone,
  INVITATION_MESSAGES,
  type SurveyDetail,
  TIME_ZONES,
} from "@hearth/shared";
import { Alert, Button, Center, Group, Loader, Stack, Stepper, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconArrowRight, IconBellRinging } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useMe } from "../auth";
import { useCompanyTimeZone, SURVEYS_PATH } from "../surveys";
import { DuplicatesDialog } from "./duplicates-dialog";
import {
  checkEmailDraft,
  defaultSubject,
  type EmailDraft,
  type EmailDraftErrors,
  finalEmailContent,
  previewSubject,
} from "./email-content";
import { EmailStep } from "./email-step";
import { useEmailTemplates } from "./invitation-api";
import { readReminderRecipients, reminderStorageKey, shouldLoadReminder } from "./invite-params";
import { duplicateReasonLabel, type ExcludedEntry, listExcluded } from "./recipient-status";
import { RecipientsStep } from "./recipients-step";
import { type ScheduleChoice, ScheduleDialog } from "./schedule-dialog";
import { type SendFailure, SendStep } from "./send-step";
import { useRecipientList } from "./use-recipient-list";
import { useSendInvitation } from "./use-send-invitation";
import { WhitelistNotice } from "./whitelist-notice";

const STATUS_NOTES: Partial<Record<ReturnType<typeof describeSurveyStatus>, string>> = {
  Draft: "This survey is still a draft: its link does not accept answers until it is published.",
  Closed: "This survey has closed and no longer accepts answers. Extend its end date before inviting people.",
  Archived: "This survey is archived and no longer accepts answers.",
};

const zoneLabel = (iana: string) => TIME_ZONES.find((zone) => zone.iana === iana)?.label ?? iana;

interface InviteFlowProps {
  survey: SurveyDetail;
  reminder: boolean;
  /** After the whitelist notice: show Sent Surveys. */
  onFinished: () => void;
}

/** The Invite tab: 1 Recipients, 2 Email, 3 Send. */
export function InviteFlow({ survey, reminder, onFinished }: InviteFlowProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const me = useMe().data;
  const { timeZone: companyTimeZone } = useCompanyTimeZone(me ?? undefined);
  const preset = findPreset(survey.surveyPreset);
  const mandatoryLink = preset?.mandatoryLink ?? null;
  const list = useRecipientList(survey.id, reminder);
  const templates = useEmailTemplates(survey.id);
  const sender = useSendInvitation(survey.id);

  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const [step1Duplicates, setStep1Duplicates] = useState<ExcludedEntry[] | null>(null);
  const [restored, setRestored] = useState<number | null>(null);
  const [draft, setDraft] = useState<EmailDraft | null>(null);
  const [triedEmailNext, setTriedEmailNext] = useState(false);
  const [scheduleOpened, setScheduleOpened] = useState(false);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [sentDuplicates, setSentDuplicates] = useState<ExcludedEntry[] | null>(null);
  const [senderAddress, setSenderAddress] = useState<string | null>(null);
  const [pendingAddress, setPendingAddress] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const errors: EmailDraftErrors = triedEmailNext && draft ? checkEmailDraft(draft) : {};

  // "Draft Reminder" on Sent Surveys leaves the people to remind in localStorage and opens ?load=true: read them, then forget them.
  const load = shouldLoadReminder(params);
  useEffect(() => {
    if (!load) return;
    const key = reminderStorageKey(survey.id);
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
      window.localStorage.removeItem(key);
    } catch {
      raw = null;
    }
    const people = readReminderRecipients(raw);
    // The Invite panel stays mounted behind Sent Surveys: a new Draft Reminder replaces an earlier reminder's list.
    if (people.length > 0) {
      list.clear();
      setStep(0);
      setRestored(list.add(people).added);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("load");
        return next;
      },
      { replace: true },
    );
  }, [load, survey.id, list.add, list.clear, setParams]);

  // The editor starts with the default template (the preset's text when the list cannot be read) and the signed-in sender.
  useEffect(() => {
    if (draft || !me || templates.isPending) return;
    const initial = templates.data?.find((template) => template.isDefault) ?? templates.data?.[0];
    setDraft({
      name: [me.user.firstName, me.user.lastName].filter(Boolean).join(" "),
      cc: me.user.email,
      subject: defaultSubject(initial?.subject ?? preset?.emailSubject ?? "", reminder),
      html: initial?.content ?? preset?.emailBody ?? "",
    });
  }, [draft, me, templates.isPending, templates.data, preset, reminder]);

  const notSelected = list.recipients.filter((recipient) => list.deselected.has(recipient.email)).length;
  const selectedCount = list.recipients.length - notSelected;
  const excluded = list.recipients.filter(
    (recipient) => list.exclusions.has(recipient.email) && !list.deselected.has(recipient.email),
  ).length;
  const sample = list.sendable[0] ?? list.recipients[0] ?? null;

  async function continueFromRecipients() {
    setChecking(true);
    let exclusions = list.exclusions;
    try {
      exclusions = await list.checkNow();
    } catch {
      // The warning under the tabs says so; the server skips people already invited when it sends.
    } finally {
      setChecking(false);
    }
    const found = listExcluded(list.recipients, exclusions);
    if (found.length > 0) setStep1Duplicates(found);
    else setStep(1);
  }

  function updateDraft(patch: Partial<EmailDraft>) {
    setDraft((current) => (current ? { ...current, ...patch } : current));
  }

  function applyTemplate(template: EmailTemplate) {
    updateDraft({
      html: template.content,
      ...(template.subject ? { subject: template.isDefault ? defaultSubject(template.subject, reminder) : template.subject } : {}),
    });
  }

  function continueFromEmail() {
    if (!draft) return;
    setTriedEmailNext(true);
    if (Object.keys(checkEmailDraft(draft)).length === 0) setStep(2);
  }

  async function send(schedule: ScheduleChoice | null) {
    if (!draft) return;
    setScheduleOpened(false);
    setFailure(null);
    const outcome = await sender.send(
      {
        subject: draft.subject,
        name: draft.name,
        cc: draft.cc,
        content: finalEmailContent(draft.html, mandatoryLink),
        sendReminder: reminder,
      },
      list.sendable,
      schedule,
    );
    if (!outcome.ok) {
      list.removeEmails(outcome.accepted);
      const reason = /[.!?]$/.test(outcome.message) ? outcome.message : `${outcome.message}.`;
      const accepted = outcome.accepted.size;
      setFailure({
        message:
          accepted > 0
            ? `${reason} ${accepted.toLocaleString("en-US")} ${accepted === 1 ? "person was" : "people were"} invited before it stopped.`
            : reason,
        retryable: outcome.retryable,
      });
      notifications.show({ color: "red", title: INVITATION_MESSAGES.failedTitle, message: INVITATION_MESSAGES.failed });
      return;
    }
    const { summary } = outcome;
    setSent(true);
    notifications.show({
      color: "teal",
      title: summary.scheduledDate !== null && schedule ? INVITATION_MESSAGES.scheduled : INVITATION_MESSAGES.sentTitle,
      message:
        summary.scheduledDate !== null && schedule
          ? `The emails go out on ${formatInTimeZone(new Date(summary.scheduledDate), schedule.timeZone)} (${zoneLabel(schedule.timeZone)} time).`
          : INVITATION_MESSAGES.sent,
    });
    void queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].toLowerCase().includes("invitee"),
    });
    sender.reset();
    const address = summary.senderAddress || null;
    if (summary.duplicates.length > 0) {
      setPendingAddress(address);
      setSentDuplicates(summary.duplicates.map((entry) => ({ email: entry.email, reason: duplicateReasonLabel(entry.reason) })));
    } else if (address) setSenderAddress(address);
    else onFinished();
  }

  const wide = useMediaQuery("(min-width: 36em)", true);
  const statusNote = STATUS_NOTES[describeSurveyStatus(survey, Date.now())];
  const busy = sender.sending || sent;

  return (
    <Stack gap="lg">
      {reminder && (
        <Alert color="blue" variant="light" icon={<IconBellRinging size={20} aria-hidden />} title="Reminder" data-testid="reminder-banner">
          This is a reminder for people who were invited but have not answered yet. Anyone who already replied is left out, and the email is
          sent again to the others.
          {restored !== null &&
            ` ${restored === 1 ? "1 person was" : `${restored.toLocaleString("en-US")} people were`} added from Sent Surveys.`}
        </Alert>
      )}
      {statusNote && (
        <Alert color="yellow" variant="light">
          {statusNote}
        </Alert>
      )}
      <Stepper
        active={step}
        onStepClick={(index) => !busy && setStep(index)}
        allowNextStepsSelect={false}
        size={wide ? "sm" : "xs"}
        styles={{ steps: { flexWrap: "nowrap" }, separator: { marginInline: wide ? undefined : 6, minWidth: 8 } }}
        attributes={{ steps: { "data-tour": "invite-steps" } }}
      >
        <Stepper.Step label="Recipients" description={wide ? "Who to invite" : undefined}>
          <RecipientsStep survey={survey} list={list} />
        </Stepper.Step>
        <Stepper.Step label="Email" description={wide ? "What they receive" : undefined}>
          {draft ? (
            <EmailStep
              survey={survey}
              draft={draft}
              errors={errors}
              onChange={updateDraft}
              onUseTemplate={applyTemplate}
              mandatoryLink={mandatoryLink}
              sample={sample}
              companyName={me?.tenant.companyName ?? null}
            />
          ) : (
            <Center py="xl">
              <Loader aria-label="Loading the email" />
            </Center>
          )}
        </Stepper.Step>
        <Stepper.Step label="Send" description={wide ? "Now or later" : undefined}>
          {draft && (
            <SendStep
              sendable={list.sendable.length}
              excluded={excluded}
              notSelected={notSelected}
              // The summary reads as the first recipient's email will: placeholders filled as the server fills them.
              subject={previewSubject({
                subject: draft.subject,
                sample,
                companyName: me?.tenant.companyName ?? null,
                surveyLink: survey.inviteLink,
                surveyName: survey.name,
                senderName: draft.name,
                metaFields: survey.metaFields,
                surveyDuration: estimateSurveyDuration(survey.fields).label,
              })}
              senderName={draft.name}
              cc={draft.cc}
              reminder={reminder}
              sending={sender.sending}
              locked={sent}
              progress={sender.progress}
              failure={failure}
              onSendNow={() => void send(null)}
              onSchedule={() => setScheduleOpened(true)}
            />
          )}
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" gap="sm" py="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }} wrap="wrap">
        <Button variant="subtle" color="gray" onClick={() => navigate(SURVEYS_PATH)} disabled={busy} data-testid="invite-cancel">
          Cancel
        </Button>
        <Group gap="sm">
          {step === 0 && selectedCount === 0 && (
            <Text size="sm" c="dimmed" data-testid="recipients-hint">
              {list.recipients.length === 0 ? INVITATION_MESSAGES.noRecipients : "Select at least one person."}
            </Text>
          )}
          {step > 0 && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setStep(step - 1)}
              disabled={busy}
            >
              Back
            </Button>
          )}
          {step === 0 && (
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={() => void continueFromRecipients()}
              disabled={selectedCount === 0}
              loading={checking}
              data-testid="recipients-next"
              data-tour="invite-next"
            >
              Next
            </Button>
          )}
          {step === 1 && (
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={continueFromEmail}
              disabled={!draft}
              data-testid="email-next"
            >
              Next
            </Button>
          )}
        </Group>
      </Group>
      <DuplicatesDialog
        entries={step1Duplicates}
        onClose={() => setStep1Duplicates(null)}
        confirmLabel="Continue"
        confirmDisabled={list.sendable.length === 0}
        note={
          list.sendable.length === 0
            ? "No one is left to invite."
            : `${list.sendable.length.toLocaleString("en-US")} ${list.sendable.length === 1 ? "person" : "people"} will be invited.`
        }
        onConfirm={() => {
          setStep1Duplicates(null);
          setStep(1);
        }}
      />
      <ScheduleDialog
        opened={scheduleOpened}
        onClose={() => setScheduleOpened(false)}
        onConfirm={(choice) => void send(choice)}
        companyTimeZone={companyTimeZone}
        recipientCount={list.sendable.length}
      />
      <DuplicatesDialog
        entries={sentDuplicates}
        onClose={() => {
          setSentDuplicates(null);
          if (pendingAddress) setSenderAddress(pendingAddress);
          else onFinished();
        }}
      />
      <WhitelistNotice
        address={senderAddress}
        onClose={() => {
          setSenderAddress(null);
          onFinished();
        }}
      />
    </Stack>
  );
}
