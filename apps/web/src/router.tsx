import type { Permission } from "@hearth/shared";
import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { ForgotPasswordPage } from "./features/auth/forgot-password-page";
import { LoginPage } from "./features/auth/login-page";
import { LogoutPage } from "./features/auth/logout-page";
import { ResetPasswordPage } from "./features/auth/reset-password-page";
import { SharingPage } from "./features/amplification/sharing-page";
import { TeamMembersPage } from "./features/comments/team-members-page";
import { CompanyProfilePage } from "./features/company-profile/company-profile-page";
import { DashboardPage } from "./features/dashboard/dashboard-page";
import { NotFoundPage } from "./features/errors/not-found-page";
import { RouteErrorPage } from "./features/errors/route-error-page";
import { InvitationsPage } from "./features/invitations/invitations-page";
import { InviteesPage } from "./features/invitees/invitees-page";
import { NotificationsPage } from "./features/notifications/notifications-page";
import { reportRoutes } from "./features/reports/report-routes";
import { OnboardingLayout } from "./features/onboarding/onboarding-layout";
import { ProfileStepPage } from "./features/onboarding/profile-step-page";
import { RegisterPage } from "./features/onboarding/register-page";
import { VerifyPage } from "./features/onboarding/verify-page";
import { SettingsPage } from "./features/settings/settings-page";
import { AppLayout } from "./features/shell/app-layout";
import { ComingSoonPage } from "./features/shell/coming-soon-page";
import { PermissionGate } from "./features/shell/permission-gate";
import { usePageTitle } from "./features/shell/use-page-title";
import { SharePage } from "./features/surveys/share-page";
import { SurveyArchivePage } from "./features/surveys/survey-archive-page";
import { SurveyPage } from "./features/surveys/survey-page";
import type { SurveyKind } from "./features/surveys/survey-paths";
import { SurveysPage } from "./features/surveys/surveys-page";
import { EditSurveyPage, NewSurveyPage } from "./features/surveys/wizard/survey-wizard-page";

function RootLayout() {
  usePageTitle();
  return <Outlet />;
}

const gated = (requires: Permission | "internal", element: ReactNode) => <PermissionGate requires={requires}>{element}</PermissionGate>;

/** A page whose feature has not landed yet, optionally behind a permission. */
const soon = (path: string, title: string, requires?: Permission | "internal"): RouteObject => ({
  path,
  handle: { title },
  element: requires ? gated(requires, <ComingSoonPage />) : <ComingSoonPage />,
});

/** The archive, survey, editor and invitations pages of one kind of survey. */
const surveyKindRoutes = (kind: SurveyKind): RouteObject[] => [
  {
    path: `surveys/${kind}/archive`,
    handle: { title: "Archived surveys" },
    element: gated("survey-view", <SurveyArchivePage kind={kind} />),
  },
  { path: `surveys/${kind}/:surveyId`, handle: { title: "Survey" }, element: gated("survey-view", <SurveyPage kind={kind} />) },
  { path: `surveys/${kind}/:surveyId/edit`, handle: { title: "Edit survey" }, element: gated("survey-edit", <EditSurveyPage />) },
  {
    path: `surveys/${kind}/:surveyId/invitees`,
    handle: { title: "Invitations" },
    element: gated("survey-edit", <InvitationsPage kind={kind} />),
  },
];

const dashboardRoutes: RouteObject[] = [
  { index: true, handle: { title: "Dashboard" }, element: <DashboardPage /> },
  { path: "settings", handle: { title: "Settings" }, element: <SettingsPage /> },
  { path: "profile", handle: { title: "Company profile" }, element: gated("company-profile", <CompanyProfilePage />) },
  { path: "notifications", handle: { title: "Notifications" }, element: <NotificationsPage /> },
  { path: "surveys", handle: { title: "Surveys" }, element: gated("survey-view", <SurveysPage />) },
  { path: "surveys/new", handle: { title: "Add New Survey" }, element: gated("survey-edit", <NewSurveyPage />) },
  ...surveyKindRoutes("lowi"),
  ...surveyKindRoutes("other"),
  soon("surveys/*", "Surveys"),
  ...reportRoutes,
  soon("plans", "Action Plans"),
  // The menu item opens the finished sharing page; the bare path has no page of its own.
  { path: "amplification", element: <Navigate to="/dashboard/amplification/sharing" replace /> },
  soon("amplification/culture-profile", "Culture profile"),
  { path: "amplification/sharing", handle: { title: "Social Amplification" }, element: gated("report-view", <SharingPage />) },
  soon("amplification/*", "Social Amplification"),
  soon("marketing-documents", "Marketing Documents"),
  soon("data", "Data Import", "data-import"),
  soon("data/*", "Data Import", "data-import"),
  { path: "groups", handle: { title: "Team members" }, element: gated("team-view", <TeamMembersPage />) },
  { path: "invitees", handle: { title: "Invitees" }, element: gated("invitee-view", <InviteesPage />) },
  soon("billing", "Billing", "billing"),
  soon("billing/*", "Billing", "billing"),
  soon("tutorials/*", "Tutorials"),
  { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: "login", handle: { title: "Sign in" }, element: <LoginPage /> },
      { path: "logout", handle: { title: "Signing out" }, element: <LogoutPage /> },
      { path: "forgot-password", handle: { title: "Forgot password" }, element: <ForgotPasswordPage /> },
      { path: "reset-password", handle: { title: "Reset password" }, element: <ResetPasswordPage /> },
      {
        path: "new-company",
        element: <OnboardingLayout />,
        children: [
          { index: true, handle: { title: "Register" }, element: <RegisterPage /> },
          { path: "verify", handle: { title: "Verification" }, element: <VerifyPage /> },
          { path: "profile", handle: { title: "Profile" }, element: <ProfileStepPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: "dashboard", children: dashboardRoutes },
          { path: "page", handle: { title: "Share your survey" }, element: gated("survey-view", <SharePage />) },
          {
            path: "admin",
            children: [
              { index: true, element: <Navigate to="/admin/dashboard" replace /> },
              soon("dashboard", "Admin Dashboard", "internal"),
              soon("*", "Internal Admin", "internal"),
            ],
          },
        ],
      },
      { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
