import { describe, expect, it } from "vitest";
import {
  DEFAULT_INVITE_TIME,
  DEFAULT_INVITEE_TABLE_PAGE_SIZE,
  fetchPageErrorMessage,
  cancelSendMessage,
  INVITATION_MESSAGES,
  INVITE_BATCH_PAUSE_MS,
  INVITE_BATCH_SIZE,
  INVITEE_TABLE_PAGE_SIZES,
  MAX_RECIPIENTS_PER_REQUEST,
  RECIPIENT_PAGE_SIZE,
  TEMPLATE_NAME_MAX_LENGTH,
} from "./constants.js";
import {
  COHORT_FIELDS,
  chunkRecipients,
  classifyHeader,
  cleanRecipient,
  cohortLabel,
  isValidEmail,
  MAX_COHORT_VALUE_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  mergeRecipients,
  normalizeHeader,
  parseRecipientCsv,
  type Recipient,
  selectSendableRecipients,
} from "./recipients.js";

const emails = (list: readonly Recipient[]) => list.map((recipient) => recipient.email);

describe("parseRecipientCsv", () => {
  it("reads the first row as the header, with header names trimmed and lowercased", () => {
    const result = parseRecipientCsv("  Email ,First Name,LAST_NAME,DEPT\nann@example.com,Ann,Lee,Sales\n");
    expect(result.error).toBeUndefined();
    expect(result.recipients).toEqual([{ email: "ann@example.com", firstName: "Ann", lastName: "Lee", meta: { department: "Sales" } }]);
    expect(result.rejected).toEqual([]);
    expect(result.ignoredColumns).toEqual([]);
  });

  it("collapses inner spaces of header names", () => {
    expect(normalizeHeader("  First   Name ")).toBe("first name");
    const result = parseRecipientCsv("E-Mail   Address,First   Name\nann@example.com,Ann");
    expect(result.recipients).toEqual([{ email: "ann@example.com", firstName: "Ann" }]);
  });

  it("skips empty and whitespace-only lines", () => {
    const result = parseRecipientCsv("email,first name\n\nann@example.com,Ann\n   \n\t\n\nbob@example.com,Bob\n\n");
    expect(result.error).toBeUndefined();
    expect(emails(result.recipients)).toEqual(["ann@example.com", "bob@example.com"]);
    expect(result.rejected).toEqual([]);
  });

  it("skips empty lines before the header", () => {
    const result = parseRecipientCsv("\n\nemail\nann@example.com\n");
    expect(emails(result.recipients)).toEqual(["ann@example.com"]);
  });

  it("accepts Windows line endings", () => {
    const result = parseRecipientCsv("email,first name\r\nann@example.com,Ann\r\n\r\nbob@example.com,Bob\r\n");
    expect(result.recipients).toEqual([
      { email: "ann@example.com", firstName: "Ann" },
      { email: "bob@example.com", firstName: "Bob" },
    ]);
  });

  it("ignores a byte order mark", () => {
    const result = parseRecipientCsv("\uFEFFEmail,First Name\nann@example.com,Ann\n");
    expect(result.error).toBeUndefined();
    expect(result.recipients).toEqual([{ email: "ann@example.com", firstName: "Ann" }]);
    expect(result.ignoredColumns).toEqual([]);
  });

  it("reports a parse failure (an unmatched quote) and returns an empty list", () => {
    const result = parseRecipientCsv('email,first name\nann@example.com,"Ann\nbob@example.com,Bob\n');
    expect(result).toEqual({ recipients: [], rejected: [], ignoredColumns: [], error: INVITATION_MESSAGES.csvParseFailed });
  });

  it("reports an empty file as unreadable", () => {
    for (const text of ["", "\n\n", "\uFEFF", "   \n  "]) {
      expect(parseRecipientCsv(text)).toEqual({
        recipients: [],
        rejected: [],
        ignoredColumns: [],
        error: INVITATION_MESSAGES.csvParseFailed,
      });
    }
  });

  it("reports a file without an email column", () => {
    const result = parseRecipientCsv("name,department\nAnn,Sales\n");
    expect(result).toEqual({ recipients: [], rejected: [], ignoredColumns: [], error: INVITATION_MESSAGES.csvNoEmailColumn });
    expect(result.error).toBe("The file has no email column.");
  });

  it("recognises the email and name header variants", () => {
    for (const header of ["email", "E-mail", "Email Address", "e-mail address", "Work Email", "MAIL"]) {
      expect(classifyHeader(header)).toEqual({ kind: "email" });
    }
    for (const header of ["firstname", "first_name", "First Name", "Given Name", "forename"]) {
      expect(classifyHeader(header)).toEqual({ kind: "firstName" });
    }
    for (const header of ["lastname", "last_name", "Last Name", "Surname", "family name"]) {
      expect(classifyHeader(header)).toEqual({ kind: "lastName" });
    }
    expect(classifyHeader("usePreviousMeta")).toEqual({ kind: "usePreviousMeta" });
    expect(classifyHeader("Use Previous Meta")).toEqual({ kind: "usePreviousMeta" });
    expect(classifyHeader("salary")).toBeNull();
  });

  it("recognises every header variant of every cohort field", () => {
    for (const field of COHORT_FIELDS) {
      for (const header of field.headers) {
        expect(classifyHeader(header)).toEqual({ kind: "cohort", key: field.key });
        expect(classifyHeader(` ${header.toUpperCase()} `)).toEqual({ kind: "cohort", key: field.key });
      }
    }
  });

  it("keeps known and cohort fields, strips other columns and lists them", () => {
    const text = [
      "Email,First Name,Surname,Dept,Office,Job Title,Hire Date,Salary,  Notes ,",
      "ann@example.com,Ann,Lee,Sales,Paris,Engineer,2020-01-06,100000,likes cats,x",
    ].join("\n");
    const result = parseRecipientCsv(text);
    expect(result.recipients).toEqual([
      {
        email: "ann@example.com",
        firstName: "Ann",
        lastName: "Lee",
        meta: { department: "Sales", location: "Paris", job_title: "Engineer", start_date: "2020-01-06" },
      },
    ]);
    expect(result.ignoredColumns).toEqual(["salary", "notes"]);
    expect(JSON.stringify(result.recipients)).not.toMatch(/100000|cats/);
  });

  it("reads the usePreviousMeta marker", () => {
    const text = [
      "email,usePreviousMeta",
      "a@example.com,true",
      "b@example.com,YES",
      "c@example.com, 1 ",
      "d@example.com,false",
      "e@example.com,",
      "f@example.com,no",
    ].join("\n");
    const byEmail = new Map(parseRecipientCsv(text).recipients.map((recipient) => [recipient.email, recipient.usePreviousMeta]));
    expect(Object.fromEntries(byEmail)).toEqual({
      "a@example.com": true,
      "b@example.com": true,
      "c@example.com": true,
      "d@example.com": undefined,
      "e@example.com": undefined,
      "f@example.com": undefined,
    });
  });

  it("lowercases and trims emails", () => {
    const result = parseRecipientCsv("email\n  Ann.Lee@Example.COM  \n");
    expect(emails(result.recipients)).toEqual(["ann.lee@example.com"]);
  });

  it("rejects malformed, missing and repeated emails with their 1-based line numbers (the header is line 1)", () => {
    const text = [
      "email,first name",
      "ann@example.com,Ann",
      "not-an-email,Bob",
      ",Carol",
      "ANN@example.com,Ann again",
      "dan@example.com,Dan",
    ].join("\n");
    const result = parseRecipientCsv(text);
    expect(emails(result.recipients)).toEqual(["ann@example.com", "dan@example.com"]);
    expect(result.rejected).toEqual([
      { line: 3, reason: INVITATION_MESSAGES.emailInvalid, value: "not-an-email,Bob" },
      { line: 4, reason: INVITATION_MESSAGES.emailRequired, value: ",Carol" },
      { line: 5, reason: "Duplicate email in this file", value: "ann@example.com" },
    ]);
  });

  it("counts skipped empty lines in the line numbers of rejected rows", () => {
    const text = "email\n\nann@example.com\n   \nbad\n\nANN@example.com\n";
    const result = parseRecipientCsv(text);
    expect(emails(result.recipients)).toEqual(["ann@example.com"]);
    expect(result.rejected.map((row) => row.line)).toEqual([5, 7]);
  });

  it("skips rows of empty cells (spreadsheet exports) and still counts their lines", () => {
    const text = "email,first name\r\n,\r\nann@example.com,Ann\r\n , \r\nbad,Bob\r\n,\r\n";
    const result = parseRecipientCsv(text);
    expect(emails(result.recipients)).toEqual(["ann@example.com"]);
    expect(result.rejected).toEqual([{ line: 5, reason: INVITATION_MESSAGES.emailInvalid, value: "bad,Bob" }]);
  });

  it("counts the lines of a quoted multi-line value in the line numbers", () => {
    const text = 'email,notes\nann@example.com,"line one\nline two"\nbad,x\n';
    const result = parseRecipientCsv(text);
    expect(result.rejected).toEqual([{ line: 4, reason: INVITATION_MESSAGES.emailInvalid, value: "bad,x" }]);
  });

  it("gives 28 recipients for a 30-row file with one duplicate and one malformed row", () => {
    const rows = Array.from({ length: 30 }, (_, index) => `person${index}@example.com,Person,${index}`);
    rows[10] = "person3@example.com,Person,again";
    rows[20] = "person20@example,Person,20";
    const result = parseRecipientCsv(["email,first name,last name", ...rows].join("\n"));
    expect(result.recipients).toHaveLength(28);
    expect(result.rejected).toEqual([
      { line: 12, reason: "Duplicate email in this file", value: "person3@example.com" },
      { line: 22, reason: INVITATION_MESSAGES.emailInvalid, value: "person20@example,Person,20" },
    ]);
  });

  it("reads quoted fields that contain commas and quotes", () => {
    const text = 'email,first name,last name,department\nann@example.com,"Ann, Jr.","O""Neil","Sales, EMEA"\n';
    expect(parseRecipientCsv(text).recipients).toEqual([
      { email: "ann@example.com", firstName: "Ann, Jr.", lastName: 'O"Neil', meta: { department: "Sales, EMEA" } },
    ]);
  });

  it("tolerates short and long rows", () => {
    const text = "email,first name,department\nann@example.com\nbob@example.com,Bob,Sales,extra\n";
    const result = parseRecipientCsv(text);
    expect(result.error).toBeUndefined();
    expect(result.recipients).toEqual([
      { email: "ann@example.com" },
      { email: "bob@example.com", firstName: "Bob", meta: { department: "Sales" } },
    ]);
  });

  it("reads a semicolon-separated file", () => {
    const result = parseRecipientCsv("email;first name\n\nann@example.com;Ann\nbob@example.com;Bob\n");
    expect(result.recipients).toEqual([
      { email: "ann@example.com", firstName: "Ann" },
      { email: "bob@example.com", firstName: "Bob" },
    ]);
  });

  it("parses a large file (20,000 rows)", () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `user${index}@example.com,First${index},Last${index},Team ${index % 7}`);
    const result = parseRecipientCsv(`email,first name,last name,team\n${rows.join("\n")}\n`);
    expect(result.error).toBeUndefined();
    expect(result.rejected).toEqual([]);
    expect(result.recipients).toHaveLength(20_000);
    expect(result.recipients[0]).toEqual({ email: "user0@example.com", firstName: "First0", lastName: "Last0", meta: { team: "Team 0" } });
    expect(result.recipients[19_999]).toEqual({
      email: "user19999@example.com",
      firstName: "First19999",
      lastName: "Last19999",
      meta: { team: "Team 0" },
    });
  });
});

describe("cleanRecipient", () => {
  it("strips unknown keys and keeps names, cohort fields and the marker", () => {
    const recipient = cleanRecipient({
      email: " Ann@Example.com ",
      firstName: "Ann",
      lastName: "Lee",
      salary: 100000,
      password: "secret",
      department: "Sales",
      usePreviousMeta: true,
    });
    expect(recipient).toEqual({
      email: "ann@example.com",
      firstName: "Ann",
      lastName: "Lee",
      meta: { department: "Sales" },
      usePreviousMeta: true,
    });
  });

  it("accepts the snake-case and lower-case name spellings", () => {
    expect(cleanRecipient({ email: "a@example.com", first_name: "Ann", last_name: "Lee" })).toEqual({
      email: "a@example.com",
      firstName: "Ann",
      lastName: "Lee",
    });
    expect(cleanRecipient({ email: "a@example.com", firstname: "Ann", lastname: "Lee" })).toEqual({
      email: "a@example.com",
      firstName: "Ann",
      lastName: "Lee",
    });
  });

  it("keeps cohort fields from the top level or from meta, meta first", () => {
    expect(cleanRecipient({ email: "a@example.com", team: "Blue", meta: { region: "EU", salary: "1" } })).toEqual({
      email: "a@example.com",
      meta: { team: "Blue", region: "EU" },
    });
    expect(cleanRecipient({ email: "a@example.com", team: "Top", meta: { team: "Nested" } }).meta).toEqual({ team: "Nested" });
  });

  it("clips long values", () => {
    const recipient = cleanRecipient({ email: "a@example.com", firstName: "x".repeat(500), meta: { manager: "m".repeat(500) } });
    expect(recipient.firstName).toHaveLength(MAX_PERSON_NAME_LENGTH);
    expect(recipient.meta?.manager).toHaveLength(MAX_COHORT_VALUE_LENGTH);
  });

  it("drops empty and whitespace-only values, and an empty meta", () => {
    expect(cleanRecipient({ email: "a@example.com", firstName: "", lastName: "   ", team: "", meta: { region: "  " } })).toEqual({
      email: "a@example.com",
    });
  });

  it("trims values and turns numbers into text", () => {
    expect(cleanRecipient({ email: "a@example.com", firstName: "  Ann  ", tenure: 5 })).toEqual({
      email: "a@example.com",
      firstName: "Ann",
      meta: { tenure: "5" },
    });
  });

  it('sets usePreviousMeta only for true or "true"', () => {
    expect(cleanRecipient({ email: "a@example.com", usePreviousMeta: "true" }).usePreviousMeta).toBe(true);
    expect(cleanRecipient({ email: "a@example.com", usePreviousMeta: false })).not.toHaveProperty("usePreviousMeta");
    expect(cleanRecipient({ email: "a@example.com", usePreviousMeta: "yes" })).not.toHaveProperty("usePreviousMeta");
  });

  it("gives an empty email when there is none", () => {
    expect(cleanRecipient({ firstName: "Ann" })).toEqual({ email: "", firstName: "Ann" });
  });
});

describe("isValidEmail", () => {
  it("accepts normal addresses", () => {
    for (const email of ["ann@example.com", "ann.lee+survey@mail.example.co.uk", "a_b-c@sub.domain.io", "x@y.museum"]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it("rejects addresses without @, with spaces, without a top-level domain or with two @", () => {
    for (const email of [
      "ann.example.com",
      "ann @example.com",
      "ann@exa mple.com",
      "ann@example",
      "ann@example.c",
      "a@b@example.com",
      "@example.com",
      "ann@",
      "",
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it("rejects addresses longer than 254 characters", () => {
    const domain = "@example.com";
    expect(isValidEmail(`${"a".repeat(254 - domain.length)}${domain}`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(255 - domain.length)}${domain}`)).toBe(false);
  });
});

describe("mergeRecipients", () => {
  it("appends new recipients and keeps the first of duplicates", () => {
    const current: Recipient[] = [{ email: "ann@example.com", firstName: "Ann" }];
    const added: Recipient[] = [
      { email: "bob@example.com", firstName: "Bob" },
      { email: "ann@example.com", firstName: "Other Ann" },
      { email: "bob@example.com", firstName: "Other Bob" },
    ];
    expect(mergeRecipients(current, added)).toEqual([
      { email: "ann@example.com", firstName: "Ann" },
      { email: "bob@example.com", firstName: "Bob" },
    ]);
    expect(current).toHaveLength(1);
  });
});

describe("selectSendableRecipients", () => {
  const list: Recipient[] = [
    { email: "ann@example.com" },
    { email: "" },
    { email: "bob@example.com" },
    { email: "carol@example.com" },
    { email: "dan@example.com" },
    { email: "ANN@example.com " },
    { email: "eve@example.com" },
  ];

  it("excludes empty emails and repeats of an email", () => {
    expect(emails(selectSendableRecipients(list))).toEqual([
      "ann@example.com",
      "bob@example.com",
      "carol@example.com",
      "dan@example.com",
      "eve@example.com",
    ]);
  });

  it("excludes rows that are not selected, people who responded and duplicates", () => {
    const result = selectSendableRecipients(list, {
      selected: new Set(["ann@example.com", "bob@example.com", "carol@example.com", "dan@example.com"]),
      responded: new Set(["bob@example.com"]),
      duplicates: new Set(["carol@example.com"]),
    });
    expect(emails(result)).toEqual(["ann@example.com", "dan@example.com"]);
  });

  it("sends to nobody when nothing is selected", () => {
    expect(selectSendableRecipients(list, { selected: new Set() })).toEqual([]);
  });
});

describe("chunkRecipients", () => {
  it("splits into batches of the invite batch size", () => {
    const items = Array.from({ length: 4200 }, (_, index) => index);
    const chunks = chunkRecipients(items, INVITE_BATCH_SIZE);
    expect(chunks.map((chunk) => chunk.length)).toEqual([1500, 1500, 1200]);
    expect(chunks.flat()).toEqual(items);
  });

  it("handles exact multiples, small and empty lists", () => {
    expect(chunkRecipients(Array(3000).fill(0), 1500).map((chunk) => chunk.length)).toEqual([1500, 1500]);
    expect(chunkRecipients([1, 2, 3], 1500)).toEqual([[1, 2, 3]]);
    expect(chunkRecipients([], 1500)).toEqual([]);
  });
});

describe("cohortLabel", () => {
  it("names known cohort fields and passes other keys through", () => {
    expect(cohortLabel("job_title")).toBe("Job title");
    expect(cohortLabel("department")).toBe("Department");
    expect(cohortLabel("custom")).toBe("custom");
  });
});

describe("invitation constants", () => {
  it("has the batching, paging, name and time limits", () => {
    expect(INVITE_BATCH_SIZE).toBe(1500);
    expect(MAX_RECIPIENTS_PER_REQUEST).toBe(1500);
    expect(INVITE_BATCH_PAUSE_MS).toBe(800);
    expect(RECIPIENT_PAGE_SIZE).toBe(25);
    expect(INVITEE_TABLE_PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_INVITEE_TABLE_PAGE_SIZE).toBe(10);
    expect(INVITEE_TABLE_PAGE_SIZES[0]).toBe(DEFAULT_INVITEE_TABLE_PAGE_SIZE);
    expect(TEMPLATE_NAME_MAX_LENGTH).toBe(30);
    expect(DEFAULT_INVITE_TIME).toBe("13:00");
  });

  it("has the exact user-facing texts", () => {
    expect(INVITATION_MESSAGES.duplicatesTitle).toBe("Duplicates Detected");
    expect(INVITATION_MESSAGES.duplicatesBody).toBe("The listed employees will not receive an email invite.");
    expect(INVITATION_MESSAGES.linkNeedsSelection).toBe("Select where you want to add the link.");
    expect(INVITATION_MESSAGES.linkNeedsText).toBe("Link must be added to text.");
    // Cancel Send says cancelled, never paused (issue 25 item 4).
    expect(cancelSendMessage(1)).toBe("Success: Send cancelled. This invitee's scheduled email will not be sent.");
    expect(cancelSendMessage(1200)).toBe("Success: Send cancelled for 1,200 invitees. Their scheduled emails will not be sent.");
    expect(INVITATION_MESSAGES.cancelError).toBe("Error: The send could not be cancelled. Nothing changed; try again.");
    expect(JSON.stringify(INVITATION_MESSAGES)).not.toMatch(/paus/i);
    expect(INVITATION_MESSAGES.loadingAllPages).toBe("Please wait while we load all pages");
    expect(INVITATION_MESSAGES.dispatchUnderway).toBe("Email dispatch underway. Please check back shortly.");
    expect(INVITATION_MESSAGES.sent).toBe("Successfully sent invitation");
    expect(INVITATION_MESSAGES.invalidDate).toBe("Selected date is invalid");
    expect(INVITATION_MESSAGES.templateNameTooLong).toBe("Template name must be at most 30 characters");
    expect(fetchPageErrorMessage(3)).toBe("Error fetching page 3");
  });
});
