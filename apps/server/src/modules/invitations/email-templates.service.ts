/**
 * Email templates (spec accounts §4 "Template editing", §5, §7): the preset's default, named initial and shown as
 * "Default Initial Email", comes first and can be neither renamed nor deleted; the company's own follow, names
 * unique (ignoring case) and at most 30 characters; content sanitized before it is stored.
 */
import {
  checkTemplateName,
  type EmailTemplate,
  emailHtmlToText,
  findPreset,
  INITIAL_TEMPLATE_LABEL,
  INITIAL_TEMPLATE_NAME,
  INVITATION_MESSAGES,
  isInitialTemplate,
  sanitizeEmailHtml,
} from "@hearth/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/errors.js";
import { findSurvey } from "../surveys/surveys.repo.js";
import { deleteTemplate, findTemplate, insertTemplate, listTemplates, type TemplateRow, updateTemplate } from "./email-templates.repo.js";

const validation = (field: string, message: string) => new AppError("VALIDATION_FAILED", message, { fields: { [field]: message } });
const protectedTemplate = () =>
  new AppError("VALIDATION_FAILED", INVITATION_MESSAGES.templateProtected, { fields: { id: INVITATION_MESSAGES.templateProtected } });

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const toTemplate = (row: TemplateRow): EmailTemplate => ({
  id: row.id,
  name: row.name,
  label: row.name,
  subject: row.subject,
  content: row.content,
  isDefault: false,
  updated: row.updatedAt.getTime(),
});

function cleanContent(content: string): string {
  const clean = sanitizeEmailHtml(content);
  if (emailHtmlToText(clean).trim() === "") throw validation("content", "The template needs some content");
  return clean;
}

async function checkNameFree(db: Database, actor: Actor, name: string, exceptId?: string) {
  const others = (await listTemplates(db, actor.tenantId)).filter((row) => row.id !== exceptId).map((row) => row.name);
  const problem = checkTemplateName(name, others);
  if (problem === INVITATION_MESSAGES.templateNameTaken)
    throw new AppError("CONFLICT", problem, { fields: { name: problem }, status: 409 });
  if (problem) throw validation("name", problem);
}

/** GET /api/email-templates?survey=: the survey's default first, then the company's own templates. */
export async function listEmailTemplates(db: Database, actor: Actor, surveyId: string): Promise<{ templates: EmailTemplate[] }> {
  const survey = await findSurvey(db, actor.tenantId, surveyId);
  if (!survey) throw notFound("This survey does not exist.");
  const preset = findPreset(survey.surveyPreset);
  const initial: EmailTemplate = {
    id: INITIAL_TEMPLATE_NAME,
    name: INITIAL_TEMPLATE_NAME,
    label: INITIAL_TEMPLATE_LABEL,
    subject: preset?.emailSubject ?? null,
    content: preset?.emailBody ?? "",
    isDefault: true,
    updated: null,
  };
  return { templates: [initial, ...(await listTemplates(db, actor.tenantId)).map(toTemplate)] };
}

/** POST /api/email-template/create: the id comes from the browser, so a retried create does not make two. */
export async function createEmailTemplate(
  db: Database,
  actor: Actor,
  input: { id: string; name: string; content: string; subject?: string },
) {
  const existing = await findTemplate(db, actor.tenantId, input.id);
  if (existing) {
    if (existing.name === input.name.trim()) return { template: toTemplate(existing) };
    throw new AppError("CONFLICT", "A template with this id already exists.", { status: 409 });
  }
  await checkNameFree(db, actor, input.name);
  const row = await insertTemplate(db, actor.tenantId, {
    id: input.id,
    name: input.name.trim(),
    subject: input.subject?.trim() || null,
    content: cleanContent(input.content),
    createdBy: actor.userId,
  });
  if (!row) throw new AppError("CONFLICT", "A template with this id already exists.", { status: 409 });
  return { template: toTemplate(row) };
}

/** PUT /api/email-template/rename. */
export async function renameEmailTemplate(db: Database, actor: Actor, input: { id: string; name: string }) {
  if (isInitialTemplate(input.id)) throw protectedTemplate();
  const existing = isUuid(input.id) ? await findTemplate(db, actor.tenantId, input.id) : undefined;
  if (!existing) throw notFound("This template does not exist.");
  await checkNameFree(db, actor, input.name, existing.id);
  const row = await updateTemplate(db, actor.tenantId, existing.id, { name: input.name.trim() });
  if (!row) throw notFound("This template does not exist.");
  return { template: toTemplate(row) };
}

/** PUT /api/email-template/update: new content (and subject) for a company template. */
export async function updateEmailTemplate(db: Database, actor: Actor, input: { id: string; content: string; subject?: string }) {
  const existing = await findTemplate(db, actor.tenantId, input.id);
  if (!existing) throw notFound("This template does not exist.");
  const row = await updateTemplate(db, actor.tenantId, existing.id, {
    content: cleanContent(input.content),
    ...(input.subject !== undefined ? { subject: input.subject.trim() || null } : {}),
  });
  if (!row) throw notFound("This template does not exist.");
  return { template: toTemplate(row) };
}

/** DELETE /api/email-template/delete. */
export async function deleteEmailTemplate(db: Database, actor: Actor, input: { id: string }) {
  if (isInitialTemplate(input.id)) throw protectedTemplate();
  if (!isUuid(input.id) || !(await deleteTemplate(db, actor.tenantId, input.id))) throw notFound("This template does not exist.");
  return { ok: true as const };
}
