import type { Permission } from "@hearth/shared";
import { Center, Loader } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, Outlet, type Params, type RouteObject } from "react-router";
import { LoginPage } from "./features/auth/login-page";
import { NotFoundPage } from "./features/errors/not-found-page";
import { RouteErrorPage } from "./features/errors/route-error-page";
import { importDetailRoute } from "./features/data/import-detail-routes";
import { reportRoutes } from "./features/reports/report-routes";
import { ComingSoonPage } from "./features/shell/coming-soon-page";
import { PermissionGate } from "./features/shell/permission-gate";
import { usePageTitle } from "./features/shell/use-page-title";
import { TUTORIAL_TITLES, type TutorialSlug } from "./features/tutorials/tutorial-types";
import type { SurveyKind } from "./features/surveys/survey-paths";

// Every page but sign-in is its own chunk, loaded when its route is first shown (docs/decisions/0025): the sign-in
// page does not download the dashboard, and the dashboard does not download the editor, the wizard or the reports.
const ForgotPasswordPage = lazy(() => import("./features/auth/forgot-password-page").then((m) => ({ default: m.ForgotPasswordPage })));
const AdminDashboardPage = lazy(() => import("./features/operator/admin-dashboard-page").then((m) => ({ default: m.AdminDashboardPage })));
const OperatorCompanyPage = lazy(() => import("./features/operator/company-page").then((m) => ({ default: m.CompanyPage })));
const ValidateTenantSwitchPage = lazy(() =>
  import("./features/operator/validate-tenant-switch-page").then((m) => ({ default: m.ValidateTenantSwitchPage })),
);
const LegalDocumentPage = lazy(() => import("./features/legal/legal-page").then((m) => ({ default: m.LegalDocumentPage })));
const OrderFormPage = lazy(() => import("./features/legal/legal-page").then((m) => ({ default: m.OrderFormPage })));
const ActionPlansPage = lazy(() => import("./features/action-plans/plans-page").then((m) => ({ default: m.ActionPlansPage })));
const NewActionPlanPage = lazy(() => import("./features/action-plans/new-plan-page").then((m) => ({ default: m.NewActionPlanPage })));
const ActionPlanPage = lazy(() => import("./features/action-plans/plan-page").then((m) => ({ default: m.ActionPlanPage })));
const DataRequestsPage = lazy(() => import("./features/data-requests/data-requests-page").then((m) => ({ default: m.DataRequestsPage })));
const DataPage = lazy(() => import("./features/data/data-page").then((m) => ({ default: m.DataPage })));
const ImportPage = lazy(() => import("./features/data/import-page").then((m) => ({ default: m.ImportPage })));
const AcceptInvitationPage = lazy(() =>
  import("./features/team/accept-invitation-page").then((m) => ({ default: m.AcceptInvitationPage })),
);
const VerifyBadgePage = lazy(() => import("./features/verify/verify-page").then((m) => ({ default: m.VerifyBadgePage })));
const LogoutPage = lazy(() => import("./features/auth/logout-page").then((m) => ({ default: m.LogoutPage })));
const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })));
const SharingPage = lazy(() => import("./features/amplification/sharing-page").then((m) => ({ default: m.SharingPage })));
const TeamMembersPage = lazy(() => import("./features/team/team-members-page").then((m) => ({ default: m.TeamMembersPage })));
const BillingGeneralPage = lazy(() => import("./features/billing/billing-general-page").then((m) => ({ default: m.BillingGeneralPage })));
const BillingPlanPage = lazy(() => import("./features/billing/billing-plan-page").then((m) => ({ default: m.BillingPlanPage })));
const BillingHistoryPage = lazy(() => import("./features/billing/billing-history-page").then((m) => ({ default: m.BillingHistoryPage })));
const BillingOrderPage = lazy(() => import("./features/billing/billing-order-page").then((m) => ({ default: m.BillingOrderPage })));
const CompanyProfilePage = lazy(() =>
  import("./features/company-profile/company-profile-page").then((m) => ({ default: m.CompanyProfilePage })),
);
const DashboardPage = lazy(() => import("./features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })));
const InvitationsPage = lazy(() => import("./features/invitations/invitations-page").then((m) => ({ default: m.InvitationsPage })));
const InviteesPage = lazy(() => import("./features/invitees/invitees-page").then((m) => ({ default: m.InviteesPage })));
const LabellingPage = lazy(() => import("./features/labelling/labelling-page").then((m) => ({ default: m.LabellingPage })));
const NotificationsPage = lazy(() => import("./features/notifications/notifications-page").then((m) => ({ default: m.NotificationsPage })));
const OnboardingLayout = lazy(() => import("./features/onboarding/onboarding-layout").then((m) => ({ default: m.OnboardingLayout })));
const ProfileStepPage = lazy(() => import("./features/onboarding/profile-step-page").then((m) => ({ default: m.ProfileStepPage })));
const RegisterPage = lazy(() => import("./features/onboarding/register-page").then((m) => ({ default: m.RegisterPage })));
const VerifyPage = lazy(() => import("./features/onboarding/verify-page").then((m) => ({ default: m.VerifyPage })));
const SettingsPage = lazy(() => import("./features/settings/settings-page").then((m) => ({ default: m.SettingsPage })));
const AppLayout = lazy(() => import("./features/shell/app-layout").then((m) => ({ default: m.AppLayout })));
const SharePage = lazy(() => import("./features/surveys/share-page").then((m) => ({ default: m.SharePage })));
const SurveyArchivePage = lazy(() => import("./features/surveys/survey-archive-page").then((m) => ({ default: m.SurveyArchivePage })));
const SurveyPage = lazy(() => import("./features/surveys/survey-page").then((m) => ({ default: m.SurveyPage })));
const SurveysPage = lazy(() => import("./features/surveys/surveys-page").then((m) => ({ default: m.SurveysPage })));
const NewSurveyPage = lazy(() => import("./features/surveys/wizard/survey-wizard-page").then((m) => ({ default: m.NewSurveyPage })));
const EditSurveyPage = lazy(() => import("./features/surveys/wizard/survey-wizard-page").then((m) => ({ default: m.EditSurveyPage })));
/** A tutorial page's title by its slug, so each has its own document title. */
function tutorialTitle(params: Params): string {
  const slug = params.slug ?? "";
  return Object.hasOwn(TUTORIAL_TITLES, slug) ? TUTORIAL_TITLES[slug as TutorialSlug] : "Tutorial";
}
const TutorialPage = lazy(() => import("./features/tutorials/tutorial-page").then((m) => ({ default: m.TutorialPage })));
const TutorialsIndexPage = lazy(() => import("./features/tutorials/tutorial-page").then((m) => ({ default: m.TutorialsIndexPage })));

/** Shown while a page's chunk loads (first visit of a route only). */
export function PageLoader() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** Around lazily loaded pages: the layout above stays on screen while the page's chunk arrives. */
function LazyPages() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

function RootLayout() {
  usePageTitle();
  return <LazyPages />;
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
  { path: "labelling", handle: { title: "Label comments" }, element: <LabellingPage /> },
  { path: "surveys", handle: { title: "Surveys" }, element: gated("survey-view", <SurveysPage />) },
  { path: "surveys/new", handle: { title: "Add New Survey" }, element: gated("survey-edit", <NewSurveyPage />) },
  ...surveyKindRoutes("lowi"),
  ...surveyKindRoutes("other"),
  soon("surveys/*", "Surveys"),
  ...reportRoutes,
  // action plans (decision 0078): every role holds action-plans; the server decides what each may see and change
  { path: "plans", handle: { title: "Action Plans" }, element: gated("action-plans", <ActionPlansPage />) },
  { path: "plans/new", handle: { title: "New action plan" }, element: gated("action-plans", <NewActionPlanPage />) },
  { path: "plans/:planId", handle: { title: "Action plan" }, element: gated("action-plans", <ActionPlanPage />) },
  // The menu item opens the finished sharing page; the bare path has no page of its own.
  { path: "amplification", element: <Navigate to="/dashboard/amplification/sharing" replace /> },
  soon("amplification/culture-profile", "Culture profile"),
  { path: "amplification/sharing", handle: { title: "Social Amplification" }, element: gated("report-view", <SharingPage />) },
  soon("amplification/*", "Social Amplification"),
  soon("marketing-documents", "Marketing Documents"),
  { path: "data", handle: { title: "Data" }, element: gated("data-import", <DataPage />) },
  { path: "data/import", handle: { title: "Import data" }, element: gated("data-import", <ImportPage />) },
  { path: "data-requests", handle: { title: "Custom data requests" }, element: gated("company-profile", <DataRequestsPage />) },
  importDetailRoute((page) => gated("data-import", page)),
  soon("data/*", "Data Import", "data-import"),
  { path: "groups", handle: { title: "Team members" }, element: gated("team-view", <TeamMembersPage />) },
  { path: "invitees", handle: { title: "Invitees" }, element: gated("invitee-view", <InviteesPage />) },
  // Billing is shown to users with the company-profile permission (spec surveys §2 and §6), like its menu item.
  { path: "billing", handle: { title: "Billing" }, element: gated("company-profile", <BillingGeneralPage />) },
  { path: "billing/plan", handle: { title: "Plan Information" }, element: gated("company-profile", <BillingPlanPage />) },
  { path: "billing/history", handle: { title: "Billing history" }, element: gated("company-profile", <BillingHistoryPage />) },
  { path: "billing/order/:orderId", handle: { title: "Order" }, element: gated("company-profile", <BillingOrderPage />) },
  { path: "tutorials", handle: { title: "Tutorials" }, element: <TutorialsIndexPage /> },
  { path: "tutorials/:slug", handle: { title: tutorialTitle }, element: <TutorialPage /> },
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
      // The legal documents' viewer (decision 0029): reachable signed out.
      { path: "legal/terms", handle: { title: "Terms of Use" }, element: <LegalDocumentPage id="terms" /> },
      { path: "legal/privacy", handle: { title: "Privacy Policy" }, element: <LegalDocumentPage id="privacy" /> },
      { path: "legal/saas-agreement", handle: { title: "SaaS Agreement" }, element: <LegalDocumentPage id="saas-agreement" /> },
      { path: "legal/order-form", handle: { title: "Order Form" }, element: <OrderFormPage /> },
      // Badge verification (decision 0037): public, like the legal documents.
      { path: "verify/:credentialId", handle: { title: "Verify a badge" }, element: <VerifyBadgePage /> },
      { path: "verify", handle: { title: "Verify a badge" }, element: <VerifyBadgePage /> },
      // A team invitation's link (decision 0041): opened by someone with no account yet.
      { path: "invite/:token", handle: { title: "Join your team" }, element: <AcceptInvitationPage /> },
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
          {
            element: <LazyPages />,
            children: [
              { path: "dashboard", children: dashboardRoutes },
              // After POST /api/switch-tenant (decision 0048): confirms the switch, then goes on to a path of this site.
              {
                path: "validate-tenant-switch",
                handle: { title: "Switching company" },
                element: gated("internal", <ValidateTenantSwitchPage />),
              },
              { path: "page", handle: { title: "Share your survey" }, element: gated("survey-view", <SharePage />) },
              {
                path: "admin",
                children: [
                  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
                  { path: "dashboard", handle: { title: "Admin Dashboard" }, element: gated("internal", <AdminDashboardPage />) },
                  {
                    path: "dashboard/companies/:tenantId",
                    handle: { title: "Company" },
                    element: gated("internal", <OperatorCompanyPage />),
                  },
                  soon("*", "Internal Admin", "internal"),
                ],
              },
            ],
          },
        ],
      },
      { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage standalone /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
