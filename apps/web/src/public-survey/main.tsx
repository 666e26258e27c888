/**
 * The public survey page (/s/{surveyId}?r=...): its own entry, plain React and one small stylesheet, none of the
 * dashboard's libraries. Keep it that way: bundle-size.test.ts holds it under 100 KB of gzipped JavaScript.
 */
import "./survey.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readSurveyLink } from "./api";
import { PublicSurveyApp } from "./app";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from survey.html");

createRoot(container).render(
  <StrictMode>
    <PublicSurveyApp link={readSurveyLink(window.location.pathname, window.location.search)} />
  </StrictMode>,
);
