/** Loads the survey and shows either the form or one of the pages that stand in for it. */
import { SURVEY_MESSAGES } from "@hearth/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadSurvey, type SurveyLink } from "./api";
import { browserStorage, forgetAnswered, wasAnswered } from "./storage";
import { SurveyForm } from "./survey-form";
import type { Outcome, PublicSurvey } from "./types";

type Brand = PublicSurvey["company"];

type View =
  | { kind: "loading" }
  | { kind: "load-error" }
  | { kind: "not-found" }
  | { kind: "survey"; survey: PublicSurvey; outcome: Outcome | null };

export function PublicSurveyApp({ link }: { link: SurveyLink }) {
  const [view, setView] = useState<View>(link.surveyId ? { kind: "loading" } : { kind: "not-found" });

  const load = useCallback(async () => {
    if (!link.surveyId) return;
    setView({ kind: "loading" });
    const result = await loadSurvey(link.surveyId);
    if (result.kind === "ok") {
      // Answers already sent from this browser: say so rather than offer a blank form again.
      const answeredHere = wasAnswered(browserStorage(), result.survey.id, link.token);
      setView({ kind: "survey", survey: result.survey, outcome: answeredHere ? "answered-here" : null });
    } else setView({ kind: result.kind === "not-found" ? "not-found" : "load-error" });
  }, [link.surveyId, link.token]);

  useEffect(() => {
    void load();
  }, [load]);

  const survey = view.kind === "survey" ? view.survey : null;
  useEffect(() => {
    document.title = survey ? `${survey.name} · Hearth` : "Survey · Hearth";
  }, [survey]);

  if (view.kind === "loading") {
    return (
      <Page>
        <p className="loading" role="status">
          Loading the survey…
        </p>
      </Page>
    );
  }
  if (view.kind === "load-error") {
    return (
      <Page>
        <Notice title="We couldn't load the survey" testId="survey-load-error" icon="missing">
          <p>Check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={() => void load()}>
            Try again
          </button>
        </Notice>
      </Page>
    );
  }
  if (view.kind === "not-found" || !survey) return <NotFoundPage />;

  const outcome = view.outcome;
  const demo = survey.isDemo;
  if (outcome === "not-found") return <NotFoundPage focusOnShow />;
  if (outcome === "sent") {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="Thank you!" testId="survey-thanks" icon="done" focusOnShow>
          <p>Your answers to “{survey.name}” have been sent.</p>
          <p>You can close this page now.</p>
        </Notice>
      </Page>
    );
  }
  if (outcome === "already-answered") {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="You have already answered this survey" testId="survey-already-answered" icon="done" focusOnShow>
          <p>This personal link has already been used to send answers to “{survey.name}”. Each link can answer once.</p>
          <p>Thank you for taking part.</p>
        </Notice>
      </Page>
    );
  }
  if (outcome === "answered-here" && survey.status === "Active") {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="You have already answered this survey" testId="survey-answered-here" icon="done">
          <p>Answers to “{survey.name}” were already sent from this device. Thank you for taking part.</p>
          {!link.token && (
            <>
              <p>Sharing this device with a colleague who has not answered yet? They can answer now.</p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  forgetAnswered(browserStorage(), survey.id, link.token);
                  setView({ kind: "survey", survey, outcome: null });
                }}
              >
                Answer as someone else
              </button>
            </>
          )}
        </Notice>
      </Page>
    );
  }
  if (outcome === "invalid-link") {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="This survey link isn't valid" testId="survey-invalid-link" icon="missing" focusOnShow>
          <p>
            The link may be incomplete or changed. Please open it again from your invitation, or ask the person who sent it for a new one.
          </p>
        </Notice>
      </Page>
    );
  }
  if (outcome === "closed" || survey.status === "Closed" || survey.status === "Archived") {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="This survey is closed" testId="survey-closed" icon="closed" focusOnShow={outcome === "closed"}>
          <p>“{survey.name}” is no longer accepting answers.</p>
          <p>Thank you for your interest.</p>
        </Notice>
      </Page>
    );
  }
  if (survey.status !== "Active" || survey.fields.length === 0) {
    return (
      <Page demo={demo} brand={survey.company}>
        <Notice title="This survey isn't open yet" testId="survey-not-open" icon="closed">
          <p>“{survey.name}” hasn't been published yet. Please check back later, or ask the person who sent you the link.</p>
        </Notice>
      </Page>
    );
  }
  return (
    <Page demo={demo} brand={survey.company}>
      <SurveyForm survey={survey} token={link.token} onDone={(done) => setView({ kind: "survey", survey, outcome: done })} />
    </Page>
  );
}

function NotFoundPage({ focusOnShow = false }: { focusOnShow?: boolean }) {
  return (
    <Page>
      <Notice title="We couldn't find this survey" testId="survey-not-found" icon="missing" focusOnShow={focusOnShow}>
        <p>The link may be incomplete or mistyped. Please check it, or ask the person who sent it for a new one.</p>
      </Notice>
    </Page>
  );
}

function Page({ demo = false, brand, children }: { demo?: boolean; brand?: Brand; children: React.ReactNode }) {
  const accent = brand?.accentColor ?? null;
  useEffect(() => {
    // The company's accent (already readable behind white text) in place of Hearth's; its darker shade for text.
    const root = document.documentElement.style;
    if (!accent) return;
    root.setProperty("--accent", accent);
    root.setProperty("--accent-dark", `color-mix(in srgb, ${accent} 78%, black)`);
    root.setProperty("--accent-soft", `color-mix(in srgb, ${accent} 7%, white)`);
    return () => {
      for (const name of ["--accent", "--accent-dark", "--accent-soft"]) root.removeProperty(name);
    };
  }, [accent]);
  return (
    <>
      {/*
        The banner is the first thing in <main>, not above it: it arrives with the survey, and above <main> it pushed the
        whole page down once loaded (a layout shift of 0.49 on a phone). Here it only takes the place of the loading text.
      */}
      <main className="page">
        {brand?.logoUrl && (
          <div className="company-logo">
            {/* A fixed height, so the page does not move when the image arrives. */}
            <img
              src={brand.logoUrl}
              alt={brand.name ? `${brand.name} logo` : "Company logo"}
              height={40}
              decoding="async"
              data-testid="company-logo"
            />
          </div>
        )}
        {demo && (
          <p className="demo-banner" data-testid="demo-banner">
            {SURVEY_MESSAGES.demoPreview}
          </p>
        )}
        {children}
      </main>
      <footer className="site-footer">
        <p>
          Survey powered by <span className="brand">Hearth</span>
        </p>
      </footer>
    </>
  );
}

type NoticeIcon = "done" | "closed" | "missing";

const ICON_PATHS: Record<NoticeIcon, string> = {
  done: "M7 12.5l3.2 3.2L17 9",
  closed: "M8.5 11V9a3.5 3.5 0 0 1 7 0v2M8 11h8v6H8z",
  missing: "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01",
};

/** A page in place of the form. After something the respondent did, its heading takes focus so screen readers announce it. */
function Notice({
  title,
  testId,
  icon,
  focusOnShow = false,
  children,
}: {
  title: string;
  testId: string;
  icon: NoticeIcon;
  focusOnShow?: boolean;
  children: React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  return (
    <section className={`notice notice-${icon}`} data-testid={testId} aria-labelledby="notice-title">
      <svg className="notice-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" />
        <path d={ICON_PATHS[icon]} />
      </svg>
      <h1 id="notice-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
