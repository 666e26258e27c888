import { INVITATION_MESSAGES } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import {
  availablePlaceholders,
  buildEmailPreview,
  checkEmailDraft,
  defaultSubject,
  finalEmailContent,
  hasText,
  previewSubject,
} from "./email-content";
import { linkSelectionProblem, normalizeLinkHref } from "./link-rules";

const link = { text: "Take Survey", url: "{{survey_link}}" };

describe("defaultSubject", () => {
  it("prefixes Reminder: once in reminder mode", () => {
    expect(defaultSubject("Tell us", false)).toBe("Tell us");
    expect(defaultSubject("Tell us", true)).toBe("Reminder: Tell us");
    expect(defaultSubject("Reminder: Tell us", true)).toBe("Reminder: Tell us");
  });
});

describe("finalEmailContent", () => {
  it("sanitizes and appends the mandatory link when missing", () => {
    const html = finalEmailContent('<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a>', link);
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("script");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="{{survey_link}}">Take Survey</a>');
  });

  it("keeps an existing survey link as the only one", () => {
    const html = finalEmailContent('<p><a href="{{survey_link}}">Start</a></p>', link);
    expect(html.match(/survey_link/g)).toHaveLength(1);
  });
});

describe("buildEmailPreview", () => {
  it("fills placeholders with escaped values for the first recipient and strips unknown ones", () => {
    const preview = buildEmailPreview({
      html: "<p>Hi {{first_name}} from {{company_name}} {{unknown}}</p><p>{{meeting_name}} by {{sender_name}}</p>",
      subject: "{{company_name}} survey",
      mandatoryLink: link,
      sample: { email: "a@x.co", firstName: "<b>Ana</b>" },
      companyName: "Acme & Co",
      surveyLink: "https://app.test/s/abc",
      surveyName: "Pulse",
      senderName: "Sam",
      metaFields: { meeting_name: "Offsite" },
    });
    expect(preview.subject).toBe("Acme & Co survey");
    expect(preview.html).toContain("Hi &lt;b&gt;Ana&lt;/b&gt; from Acme &amp; Co </p>");
    expect(preview.html).toContain("Offsite by Sam");
    expect(preview.html).toContain('href="https://app.test/s/abc"');
  });

  it("greets a recipient without a first name as there", () => {
    const preview = buildEmailPreview({
      html: "<p>Hi {{first_name}},</p>",
      subject: "s",
      mandatoryLink: null,
      sample: null,
      companyName: null,
      surveyLink: "https://app.test/s/abc",
      surveyName: "Pulse",
      senderName: "Sam",
      metaFields: {},
    });
    expect(preview.html).toBe("<p>Hi there,</p>");
  });
});

describe("checkEmailDraft", () => {
  it("requires name, subject, CC (an address) and some text", () => {
    expect(checkEmailDraft({ name: " ", subject: "", cc: "", html: "<p></p>" })).toEqual({
      name: INVITATION_MESSAGES.nameRequired,
      subject: INVITATION_MESSAGES.subjectRequired,
      cc: INVITATION_MESSAGES.ccRequired,
      html: "The email needs some content",
    });
    expect(checkEmailDraft({ name: "Sam", subject: "Hi", cc: "nope", html: "<p>x</p>" })).toEqual({ cc: INVITATION_MESSAGES.emailInvalid });
    expect(checkEmailDraft({ name: "Sam", subject: "Hi", cc: "sam@x.co", html: "<p>x</p>" })).toEqual({});
    expect(hasText("<p>&nbsp;</p>")).toBe(false);
  });

  it("lists the standard placeholders and the survey's meta fields", () => {
    expect(availablePlaceholders({ meeting_name: "Offsite", first_name: "Lee" })).toEqual([
      "{{first_name}}",
      "{{last_name}}",
      "{{company_name}}",
      "{{survey_link}}",
      "{{survey_name}}",
      "{{sender_name}}",
      "{{survey_duration}}",
      "{{meeting_name}}",
    ]);
  });
});

describe("link rules", () => {
  it("needs selected text", () => {
    expect(linkSelectionProblem({ empty: true, text: "", inLink: false })).toContain(INVITATION_MESSAGES.linkNeedsSelection);
    expect(linkSelectionProblem({ empty: true, text: "", inLink: false })).toContain(INVITATION_MESSAGES.linkNeedsText);
    expect(linkSelectionProblem({ empty: false, text: "  ", inLink: false })).toBe(INVITATION_MESSAGES.linkNeedsText);
    expect(linkSelectionProblem({ empty: false, text: "here", inLink: false })).toBeNull();
    expect(linkSelectionProblem({ empty: true, text: "", inLink: true })).toBeNull();
  });

  it("allows http and https only", () => {
    expect(normalizeLinkHref("https://example.com/a")).toEqual({ href: "https://example.com/a" });
    expect(normalizeLinkHref("example.com")).toEqual({ href: "https://example.com" });
    expect(normalizeLinkHref("{{survey_link}}")).toEqual({ href: "{{survey_link}}" });
    for (const bad of ["javascript:alert(1)", "ftp://x.com", "file:///etc/passwd", "mailto:a@b.co", "JaVaScRiPt:alert(1)"])
      expect(normalizeLinkHref(bad)).toEqual({ error: INVITATION_MESSAGES.linkProtocol });
  });

  it("refuses placeholders other than {{survey_link}} as a link address, and data: or vbscript: links", () => {
    for (const bad of [
      "{{company_name}}",
      "{{ first_name }}",
      "{{meeting_name}}",
      "data:text/html,x",
      "vbscript:msgbox(1)",
      "\u0001javascript:x",
    ])
      expect(normalizeLinkHref(bad), bad).toEqual({ error: INVITATION_MESSAGES.linkProtocol });
  });
});

describe("buildEmailPreview links", () => {
  it("drops a link whose filled placeholder is not http(s), as the server does when it sends", () => {
    const preview = buildEmailPreview({
      html: '<p><a href="{{company_name}}">Our site</a> <a href="{{meeting_name}}">Agenda</a></p>',
      subject: "s",
      mandatoryLink: link,
      sample: null,
      companyName: "javascript:alert(1)",
      surveyLink: "https://app.test/s/abc",
      surveyName: "Pulse",
      senderName: "Sam",
      metaFields: { meeting_name: "JaVaScRiPt:alert(2)" },
    });
    expect(preview.html).not.toMatch(/javascript:/i);
    expect(preview.html).toContain("<a>Our site</a> <a>Agenda</a>");
    expect(preview.html).toContain('href="https://app.test/s/abc"');
  });
});

describe("previewSubject", () => {
  it("fills {{company_name}} and the other placeholders as the sent email does", () => {
    const sources = {
      sample: { email: "ana@example.com", firstName: "Ana", lastName: "Diaz", fields: {} },
      companyName: "Lantern Labs",
      surveyLink: "https://hearth.test/s/abc",
      surveyName: "Culture check",
      senderName: "Olive Owner",
      metaFields: {},
    };
    expect(previewSubject({ ...sources, subject: "{{company_name}} wants to hear from you, {{first_name}}" })).toBe(
      "Lantern Labs wants to hear from you, Ana",
    );
    expect(previewSubject({ ...sources, subject: "{{ company_name }}   asks:  {{unknown}} {{survey_name}}" })).toBe(
      "Lantern Labs asks: Culture check",
    );
    expect(previewSubject({ ...sources, subject: "Reminder: {{company_name}}" })).not.toContain("{{");
  });
});
