/**
 * /dashboard/data (issue 14 item 1, docs/decisions/0044): every survey as one aggregate card — its answers are never
 * shown one by one, anonymous or not — and every imported person as one card with their attributes, newest first,
 * filtered by source and by day. A survey imported from a file (decision 0046) is one aggregate card of source
 * "import" that names its import, never a card per row.
 */
import {
  canReadSurvey,
  DATA_CARDS_PAGE_SIZE,
  type DataCard,
  type DataCardList,
  type DataCardQuery,
  describeSurveyStatus,
  findImportField,
} from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Actor } from "../../lib/actor.js";
import { countResponsesBySurvey, listSurveys } from "../surveys/surveys.repo.js";
import { findEmployeeAttributes, listDataCardRefs } from "./data.repo.js";
import { findImportsOfSurveys } from "./feedback-import.repo.js";

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

export async function listDataCards(ctx: AppContext, actor: Actor, query: DataCardQuery, now = Date.now()): Promise<DataCardList> {
  const { db } = ctx.database;
  const { refs, total } = await listDataCardRefs(db, actor.tenantId, {
    source: query.source,
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? new Date(dayStart(query.to).getTime() + DAY_MS) : undefined,
    limit: DATA_CARDS_PAGE_SIZE,
    offset: (query.page - 1) * DATA_CARDS_PAGE_SIZE,
  });
  const surveyIds = refs.filter((ref) => ref.source !== "import").map((ref) => ref.key);
  const importedIds = refs.filter((ref) => ref.source === "import-survey").map((ref) => ref.key);
  const emails = refs.filter((ref) => ref.source === "import").map((ref) => ref.key);
  const [surveys, counts, people, imports] = await Promise.all([
    surveyIds.length > 0 ? listSurveys(db, actor.tenantId, { imported: importedIds.length > 0 }) : Promise.resolve([]),
    countResponsesBySurvey(db, actor.tenantId, surveyIds),
    findEmployeeAttributes(db, actor.tenantId, emails),
    findImportsOfSurveys(db, actor.tenantId, importedIds),
  ]);
  const surveyById = new Map(surveys.map((row) => [row.id, row]));
  const personByEmail = new Map(people.map((row) => [row.email, row]));
  const cards: DataCard[] = [];
  for (const ref of refs) {
    if (ref.source === "import-survey") {
      const survey = surveyById.get(ref.key);
      if (!survey || !canReadSurvey(actor, survey)) continue;
      const origin = imports.get(survey.id);
      cards.push({
        id: survey.id,
        source: "import",
        created: ref.created.toISOString(),
        title: survey.name,
        recipient: null,
        ...(origin ? { importId: origin.importId } : {}),
        data: [
          { label: "Responses", value: (counts.get(survey.id) ?? 0).toLocaleString("en-US") },
          { label: "File", value: origin?.fileName ?? "No longer linked to its import" },
          { label: "Answers", value: "Imported without names; shown only together, in the import's reports" },
        ],
      });
    } else if (ref.source === "survey") {
      const survey = surveyById.get(ref.key);
      if (!survey || !canReadSurvey(actor, survey)) continue;
      const responses = counts.get(survey.id) ?? 0;
      cards.push({
        id: survey.id,
        source: "survey",
        created: ref.created.toISOString(),
        title: survey.name,
        recipient: null,
        data: [
          { label: "Responses", value: responses.toLocaleString("en-US") },
          {
            label: "Status",
            value: describeSurveyStatus(
              { archived: survey.archived, draft: survey.draft, endDate: survey.endDate?.getTime() ?? null },
              now,
            ),
          },
          { label: "Answers", value: "Shown only together, in the survey's reports" },
        ],
      });
    } else {
      const person = personByEmail.get(ref.key);
      if (!person) continue;
      const name = [person.firstName, person.lastName].filter(Boolean).join(" ") || null;
      cards.push({
        id: `person:${person.email}`,
        source: "import",
        created: ref.created.toISOString(),
        title: name ?? person.email,
        recipient: { name, email: person.email },
        data: Object.entries(person.attributes).map(([key, value]) => ({ label: findImportField(key)?.label ?? key, value })),
      });
    }
  }
  return { cards, total, page: query.page, pageSize: DATA_CARDS_PAGE_SIZE };
}
