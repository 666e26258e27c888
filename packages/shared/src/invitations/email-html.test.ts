import { describe, expect, it } from "vitest";
import {
  emailHtmlToText,
  ensureMandatoryLink,
  hasMandatoryLink,
  isAllowedLinkHref,
  renderEmailHtml,
  sanitizeEmailHtml,
} from "./email-html.js";

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer"';
const TAKE_SURVEY = { text: "Take Survey", url: "{{survey_link}}" };

describe("sanitizeEmailHtml", () => {
  it("removes scripts with their content", () => {
    expect(sanitizeEmailHtml("<p>Hi<script>alert('x')</script> there</p>")).toBe("<p>Hi there</p>");
    expect(sanitizeEmailHtml('<script src="https://evil.example/x.js"></script><p>ok</p>')).toBe("<p>ok</p>");
    expect(sanitizeEmailHtml("<SCRIPT>document.cookie</SCRIPT>text")).toBe("text");
  });

  it("removes style, iframe, svg and similar elements with their content", () => {
    expect(sanitizeEmailHtml("<style>p { color: red }</style><p>a</p>")).toBe("<p>a</p>");
    expect(sanitizeEmailHtml('<iframe src="https://example.com">fallback</iframe><p>b</p>')).toBe("<p>b</p>");
    expect(sanitizeEmailHtml('<svg onload="alert(1)"><g><circle r="1"/><script>x</script></g></svg><p>c</p>')).toBe("<p>c</p>");
    expect(sanitizeEmailHtml("<object data='x'><embed src='y'></object><noscript>n</noscript><textarea>t</textarea>d")).toBe("d");
  });

  it("keeps what follows an unbalanced dropped element out of the drop zone", () => {
    expect(sanitizeEmailHtml("<svg><g><path></svg><p>after</p>")).toBe("<p>after</p>");
    expect(sanitizeEmailHtml("<svg><br><hr><img src=x></svg><p>after</p>")).toBe("<p>after</p>");
  });

  it("removes every on* event handler", () => {
    const output = sanitizeEmailHtml(
      '<p onclick="a()" ONMOUSEOVER="b()">x</p><a href="https://example.com" onfocus="c()">y</a><strong onpointerdown=d()>z</strong><div onload="e()">w</div>',
    );
    expect(output).not.toMatch(/\son[a-z]+\s*=/i);
    expect(output).toBe(`<p>x</p><a href="https://example.com" ${LINK_ATTRS}>y</a><strong>z</strong><div>w</div>`);
  });

  it("drops every other attribute (class, id, src, style other than text-align)", () => {
    expect(sanitizeEmailHtml('<p class="c" id="i" style="color: red" data-x="1" title="t">x</p>')).toBe("<p>x</p>");
  });

  it("removes links that are not http or https but keeps the <a>", () => {
    const hrefs = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "  javascript:alert(1)",
      "java\tscript:alert(1)",
      "java&#x09;script:alert(1)",
      "java&#10;script:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "ftp://files.example.com/a",
      "file:///etc/passwd",
      "mailto:ann@example.com",
      "//evil.example.com",
      "/relative",
      "",
    ];
    for (const href of hrefs) {
      expect(sanitizeEmailHtml(`<a href="${href}">click</a>`), href).toBe("<a>click</a>");
    }
    expect(sanitizeEmailHtml("<a>no href</a>")).toBe("<a>no href</a>");
  });

  it("keeps http and https links and the {{survey_link}} placeholder, opening them in a new tab", () => {
    expect(sanitizeEmailHtml('<a href="https://example.com/a?b=1">x</a>')).toBe(`<a href="https://example.com/a?b=1" ${LINK_ATTRS}>x</a>`);
    expect(sanitizeEmailHtml('<a href="HTTP://Example.com">x</a>')).toBe(`<a href="HTTP://Example.com" ${LINK_ATTRS}>x</a>`);
    expect(sanitizeEmailHtml('<a href=" https://example.com ">x</a>')).toBe(`<a href="https://example.com" ${LINK_ATTRS}>x</a>`);
    expect(sanitizeEmailHtml('<a href="{{survey_link}}">Take Survey</a>')).toBe(`<a href="{{survey_link}}" ${LINK_ATTRS}>Take Survey</a>`);
    expect(sanitizeEmailHtml('<a href="{{ survey_link }}">Take Survey</a>')).toBe(
      `<a href="{{ survey_link }}" ${LINK_ATTRS}>Take Survey</a>`,
    );
  });

  it("replaces target and rel given in the input", () => {
    expect(sanitizeEmailHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      `<a href="https://example.com" ${LINK_ATTRS}>x</a>`,
    );
  });

  it("escapes ampersands in kept links", () => {
    expect(sanitizeEmailHtml('<a href="https://example.com/?a=1&amp;b=2">x</a>')).toBe(
      `<a href="https://example.com/?a=1&amp;b=2" ${LINK_ATTRS}>x</a>`,
    );
    expect(sanitizeEmailHtml('<a href="https://example.com/?a=1&b=2">x</a>')).toBe(
      `<a href="https://example.com/?a=1&amp;b=2" ${LINK_ATTRS}>x</a>`,
    );
  });

  it("turns headings 4 to 6 into h3 and keeps 1 to 3", () => {
    expect(sanitizeEmailHtml("<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>")).toBe(
      "<h1>a</h1><h2>b</h2><h3>c</h3><h3>d</h3><h3>e</h3><h3>f</h3>",
    );
  });

  it("keeps the formatting tags", () => {
    const html =
      "<p>a<br>b</p><p><strong>s</strong><em>e</em><u>u</u><s>x</s><b>b</b><i>i</i></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><hr><div><span>d</span></div>";
    expect(sanitizeEmailHtml(html)).toBe(html);
  });

  it("writes void tags without closing tags", () => {
    expect(sanitizeEmailHtml("<p>a<br/>b<br></br></p><hr/>")).toBe("<p>a<br>b<br><br></p><hr>");
  });

  it("drops images and unknown tags but keeps their text", () => {
    expect(sanitizeEmailHtml('<p>Look <img src="https://example.com/a.png" alt="A" onerror="x()">here</p>')).toBe("<p>Look here</p>");
    expect(sanitizeEmailHtml("<custom-tag>inside <table><tr><td>cell</td></tr></table></custom-tag><font color=red>f</font>")).toBe(
      "inside cellf",
    );
    expect(sanitizeEmailHtml('<form action="https://evil.example"><input value="v"><button>Go</button></form>')).toBe("Go");
  });

  it("escapes text, so an escaped tag in the text stays text", () => {
    expect(sanitizeEmailHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(sanitizeEmailHtml("<p>1 < 2 & 3 > 2</p>")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
    expect(sanitizeEmailHtml(`<p>"quoted" it's</p>`)).toBe("<p>&quot;quoted&quot; it&#39;s</p>");
  });

  it("keeps attribute values with quotes from breaking out", () => {
    const output = sanitizeEmailHtml(`<a href='https://example.com/" onmouseover="alert(1)'>x</a>`);
    expect(output).toBe(`<a href="https://example.com/&quot; onmouseover=&quot;alert(1)" ${LINK_ATTRS}>x</a>`);
    expect(sanitizeEmailHtml(output)).toBe(output);
    expect(sanitizeEmailHtml(`<a href="https://example.com/'><script>alert(1)</script>">x</a>`)).toBe(
      `<a href="https://example.com/'&gt;&lt;script&gt;alert(1)&lt;/script&gt;" ${LINK_ATTRS}>x</a>`,
    );
  });

  it("closes unclosed tags and ignores stray closing tags", () => {
    expect(sanitizeEmailHtml("<p>open <strong>bold <em>both")).toBe("<p>open <strong>bold <em>both</em></strong></p>");
    expect(sanitizeEmailHtml("<ul><li>one<li>two</ul>")).toBe("<ul><li>one</li><li>two</li></ul>");
    expect(sanitizeEmailHtml("text</strong></div>")).toBe("text");
    expect(sanitizeEmailHtml("<strong><em>x</strong>y")).toBe("<strong><em>x</em></strong>y");
  });

  it("keeps text-align only, only on p, h1 to h3 and div", () => {
    expect(sanitizeEmailHtml('<p style="color: red; text-align: center; font-size: 40px">x</p>')).toBe(
      '<p style="text-align: center">x</p>',
    );
    expect(sanitizeEmailHtml('<h2 style="TEXT-ALIGN:RIGHT">x</h2>')).toBe('<h2 style="text-align: right">x</h2>');
    expect(sanitizeEmailHtml('<h5 style="text-align: justify">x</h5>')).toBe('<h3 style="text-align: justify">x</h3>');
    expect(sanitizeEmailHtml('<div style="text-align: left">x</div>')).toBe('<div style="text-align: left">x</div>');
    expect(sanitizeEmailHtml('<span style="text-align: center">x</span>')).toBe("<span>x</span>");
    expect(sanitizeEmailHtml('<li style="text-align: center">x</li>')).toBe("<li>x</li>");
    expect(sanitizeEmailHtml('<p style="text-align: expression(alert(1))">x</p>')).toBe("<p>x</p>");
    expect(sanitizeEmailHtml('<p style="background: url(javascript:alert(1))">x</p>')).toBe("<p>x</p>");
  });

  it("is idempotent", () => {
    const samples = [
      '<p>Hello {{first_name}},</p><p>Please take the survey: <a href="{{survey_link}}">Take Survey</a></p>',
      '<h5 style="text-align:center" onclick="x()">Title</h5><p>1 < 2 & "q" \'s\'</p><script>bad()</script>',
      `<a href='https://example.com/?a=1&b=2" onmouseover="x'>link</a><ul><li>one<li>two`,
      "<div><img src=x>text<custom>more</custom><blockquote>quote<hr></blockquote></div><p>&lt;b&gt;</p>",
      '<a href="javascript:alert(1)">x</a><a href="mailto:a@example.com">y</a><br>',
    ];
    for (const sample of samples) {
      const once = sanitizeEmailHtml(sample);
      expect(sanitizeEmailHtml(once), sample).toBe(once);
    }
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeEmailHtml("")).toBe("");
  });
});

describe("isAllowedLinkHref", () => {
  it("allows http, https and the {{survey_link}} placeholder", () => {
    for (const href of [
      "http://example.com",
      "https://example.com/path?q=1#h",
      "HTTPS://EXAMPLE.COM",
      "  https://example.com  ",
      "{{survey_link}}",
      "{{ survey_link }}",
    ]) {
      expect(isAllowedLinkHref(href), href).toBe(true);
    }
  });

  it("refuses every other scheme, relative links and links with control characters", () => {
    for (const href of [
      "",
      "   ",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html,hi",
      "vbscript:x",
      "ftp://example.com",
      "file:///c:/x",
      "mailto:a@example.com",
      "tel:123",
      "//example.com",
      "/path",
      "example.com",
      "https://",
      "https:///path",
      "https:// example.com",
      "https://exa\u0000mple.com",
      "https://example.com/\u007f",
      "{{survey_link}}x",
      "{{survey link}}",
      "{{company_name}}",
      "{{ first_name }}",
      "{{meeting_name}}",
    ]) {
      expect(isAllowedLinkHref(href), JSON.stringify(href)).toBe(false);
    }
  });

  it("refuses the {{survey_link}} placeholder itself once placeholders are filled", () => {
    expect(isAllowedLinkHref("{{survey_link}}", { surveyLinkPlaceholder: false })).toBe(false);
    expect(isAllowedLinkHref("https://example.com", { surveyLinkPlaceholder: false })).toBe(true);
  });
});

/** Values a meta field, a company name or a recipient's name could hold to turn a link into script. */
const HOSTILE_LINK_VALUES = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106avascript:alert(1)",
  " \t\n javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u001fjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\u0000script:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "mailto:ann@example.com",
  "{{survey_link}}",
  "//evil.example.com",
];

describe("renderEmailHtml (placeholders filled, then sanitized: what is sent)", () => {
  const template =
    '<p>Hi {{first_name}},</p><p><a href="{{company_name}}">Visit {{company_name}}</a></p><p><a href="{{survey_link}}">Take Survey</a></p>';
  const values = (companyName: string) => ({ first_name: "Ana", company_name: companyName, survey_link: "https://app.test/s/abc?r=x.y" });

  it("drops the href of a link whose filled value is not http(s), in any spelling", () => {
    for (const value of HOSTILE_LINK_VALUES) {
      const html = renderEmailHtml(template, values(value));
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      expect(hrefs, JSON.stringify(value)).toEqual(["https://app.test/s/abc?r=x.y"]);
      expect(html, JSON.stringify(value)).toMatch(/<a>Visit [^<]*<\/a>/);
      // Whatever the value, it is text: no tag or attribute comes out of it.
      expect(html).not.toMatch(/<script|onerror|onmouseover/i);
    }
  });

  it("keeps an http(s) value as the link and the survey link as filled", () => {
    const html = renderEmailHtml(template, values("https://acme.example/about?a=1&b=2"));
    expect(html).toContain(
      '<a href="https://acme.example/about?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Visit https://acme.example/about?a=1&amp;b=2</a>',
    );
    expect(html).toContain('<a href="https://app.test/s/abc?r=x.y" target="_blank" rel="noopener noreferrer">Take Survey</a>');
  });

  it("HTML-escapes values in text and keeps them inside their attribute", () => {
    const html = renderEmailHtml('<p>Hi {{first_name}}</p><a href="{{company_name}}">x</a>', {
      first_name: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
      company_name: 'https://ok.example/" onmouseover="alert(1)',
    });
    expect(html).toContain("<p>Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;</p>");
    expect(html).toContain(
      '<a href="https://ok.example/&quot; onmouseover=&quot;alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(html).not.toMatch(/<img|<script|\sonmouseover="/);
  });

  it("drops links the template itself spells with entities, whitespace or control characters", () => {
    for (const href of ["&#106;avascript:{{x}}", "&#x20;javascript:{{x}}", "&Tab;javascript:{{x}}", "javascript&colon;{{x}}", "{{x}}"]) {
      expect(renderEmailHtml(`<a href="${href}">go</a>`, { x: "alert(1)" }), href).toBe("<a>go</a>");
    }
  });

  it("removes placeholders without a value, and a value's own {{placeholder}} stays text", () => {
    expect(renderEmailHtml("<p>Hi {{first_name}} {{unknown}}</p>", { first_name: "{{survey_link}}" })).toBe("<p>Hi {{survey_link}} </p>");
    expect(renderEmailHtml('<a href="{{x}}">go</a>', { x: "{{survey_link}}", survey_link: "https://app.test/s" })).toBe("<a>go</a>");
  });
});

describe("ensureMandatoryLink", () => {
  it("appends the mandatory link when it is missing", () => {
    expect(ensureMandatoryLink("<p>Hello</p>", TAKE_SURVEY)).toBe('<p>Hello</p>\n<p><a href="{{survey_link}}">Take Survey</a></p>');
    expect(ensureMandatoryLink('<p><a href="https://example.com">Other</a></p>', TAKE_SURVEY)).toContain(
      '<p><a href="{{survey_link}}">Take Survey</a></p>',
    );
  });

  it("leaves the content alone when the link is there", () => {
    const html = `<p>Hello</p><p><a href="{{survey_link}}" ${LINK_ATTRS}>Start now</a></p>`;
    expect(ensureMandatoryLink(html, TAKE_SURVEY)).toBe(html);
    expect(ensureMandatoryLink('<a href="{{ survey_link }}">x</a>', TAKE_SURVEY)).toBe('<a href="{{ survey_link }}">x</a>');
  });

  it("leaves the content alone without a mandatory link", () => {
    expect(ensureMandatoryLink("<p>Hello</p>", null)).toBe("<p>Hello</p>");
    expect(ensureMandatoryLink("<p>Hello</p>", undefined)).toBe("<p>Hello</p>");
  });

  it("appends only once, also after sanitizing", () => {
    const once = ensureMandatoryLink("<p>Hello</p>", TAKE_SURVEY);
    expect(ensureMandatoryLink(once, TAKE_SURVEY)).toBe(once);
    const sanitized = sanitizeEmailHtml(once);
    expect(ensureMandatoryLink(sanitized, TAKE_SURVEY)).toBe(sanitized);
  });

  it("recognises a filled link with a query string after sanitizing", () => {
    const link = { text: "Go & answer", url: "https://example.com/s?a=1&b=2" };
    const once = ensureMandatoryLink("<p>Hello</p>", link);
    expect(once).toBe('<p>Hello</p>\n<p><a href="https://example.com/s?a=1&amp;b=2">Go &amp; answer</a></p>');
    expect(ensureMandatoryLink(once, link)).toBe(once);
    expect(hasMandatoryLink(sanitizeEmailHtml(once), link)).toBe(true);
  });
});

describe("emailHtmlToText", () => {
  it('turns links into "text (url)"', () => {
    expect(emailHtmlToText('<p>Please <a href="https://example.com/s">take the survey</a> today.</p>')).toBe(
      "Please take the survey (https://example.com/s) today.",
    );
    expect(emailHtmlToText('<a href="https://example.com">https://example.com</a>')).toBe("https://example.com");
    expect(emailHtmlToText("<a>no link</a>")).toBe("no link");
  });

  it("separates paragraphs and headings with a blank line", () => {
    expect(emailHtmlToText("<h1>Title</h1><p>One</p><p>Two</p><div>Three</div>")).toBe("Title\n\nOne\n\nTwo\n\nThree");
  });

  it("turns line breaks and list items into lines", () => {
    expect(emailHtmlToText("<p>a<br>b</p><ul><li>one</li><li>two</li></ul><p>end</p>")).toBe("a\nb\n\n- one\n- two\n\nend");
  });

  it("decodes entities", () => {
    expect(emailHtmlToText("<p>1 &lt; 2 &amp; &quot;x&quot;</p>")).toBe('1 < 2 & "x"');
  });

  it("renders the sanitized mandatory link", () => {
    const html = sanitizeEmailHtml(ensureMandatoryLink("<p>Hello {{first_name}},</p>", TAKE_SURVEY));
    expect(emailHtmlToText(html)).toBe("Hello {{first_name}},\n\nTake Survey ({{survey_link}})");
  });
});
