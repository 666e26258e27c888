import path from "node:path";
import { fileURLToPath } from "node:url";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { AppContext } from "./app-context.js";
import { createAuth } from "./auth/auth.js";
import { authHooks } from "./auth-hooks.js";
import { tenantSwitchAccess } from "./modules/operator/tenant-switch.service.js";
import { registerAuthRoutes } from "./auth/auth.routes.js";
import { CaptchaVerifier } from "./auth/captcha.js";
import { type DatabaseHandle, migrateDatabase } from "./db/client.js";
import type { Env } from "./env.js";
import { JobQueue } from "./jobs/queue.js";
import { registerErrorHandler, toErrorBody } from "./lib/errors.js";
import { registerJsonBodyParser } from "./lib/json-body.js";
import { OneLinePerRequest, prettyLogStream } from "./lib/log-format.js";
import { registerOpenApi } from "./lib/openapi.js";
import { appOrigins, registerOriginCheck } from "./lib/origin-check.js";
import { RateLimiter } from "./lib/rate-limit.js";
import { registerWebApp } from "./lib/static-web.js";
import { registerTextInputCheck } from "./lib/text-input.js";
import { registerAccountRoutes } from "./modules/account/account.routes.js";
import { registerAmplificationRoutes } from "./modules/amplification/amplification.routes.js";
import { registerBadgeRoutes } from "./modules/badges/badges.routes.js";
import { registerBillingRoutes } from "./modules/billing/billing.routes.js";
import { registerBillingSessionRoutes } from "./modules/billing/billing-session.routes.js";
import { registerSellerRoutes } from "./modules/billing/seller.routes.js";
import { registerCartRoutes } from "./modules/cart/cart.routes.js";
import { registerBadgeActionRoutes } from "./modules/certifications/badge-actions.routes.js";
import { registerCertificationRoutes } from "./modules/certifications/certifications.routes.js";
import { createFileStorage } from "./lib/storage/file-storage.js";
import { registerUploadRoutes } from "./modules/uploads/uploads.routes.js";
import { defineDataJobs } from "./modules/data/data.jobs.js";
import { registerDataRoutes } from "./modules/data/data.routes.js";
import { registerImportedPeopleRoutes } from "./modules/data/imported-people.routes.js";
import { registerTeamCohortRoutes } from "./modules/team/team-cohorts.routes.js";
import { registerTeamRoutes } from "./modules/team/team.routes.js";
import { registerPublicProfileRoutes } from "./modules/public-profile/public-profile.routes.js";
import { startCommentAnalysis } from "./modules/comments/comment-analysis.js";
import { registerCommentRoutes } from "./modules/comments/comments.routes.js";
import { registerCommentCorrectionRoutes } from "./modules/comments/comment-corrections.routes.js";
import { registerCompanyRoutes } from "./modules/company/company.routes.js";
import { registerCredentialRoutes } from "./modules/credentials/credentials.routes.js";
import { defineCrmJobs } from "./modules/crm/crm.jobs.js";
import { registerCrmRoutes } from "./modules/crm/crm.routes.js";
import { registerDevMailRoutes } from "./modules/email/dev-mail.routes.js";
import { defineEmailJobs } from "./modules/email/email.jobs.js";
import { EmailService } from "./modules/email/email.service.js";
import { defineInvitationJobs } from "./modules/invitations/invitations.jobs.js";
import { registerInvitationRoutes } from "./modules/invitations/invitations.routes.js";
import { registerLegalRoutes } from "./modules/legal/legal.routes.js";
import { defineReportJobs } from "./modules/reports/reports.jobs.js";
import { registerReportRoutes } from "./modules/reports/reports.routes.js";
import { registerDashboardRoutes } from "./modules/dashboard/dashboard.routes.js";
import { registerUnsubscribeRoutes } from "./modules/invitations/unsubscribe.routes.js";
import { registerHealthRoutes } from "./modules/health/health.routes.js";
import { registerLabellingRoutes } from "./modules/labelling/labelling.routes.js";
import { registerMeRoutes } from "./modules/me/me.routes.js";
import { defineNotificationJobs } from "./modules/notifications/notifications.jobs.js";
import { defineActionPlanJobs } from "./modules/action-plans/action-plans.jobs.js";
import { actionPlansReportSection } from "./modules/action-plans/action-plans-report-pdf.service.js";
import { registerNotificationRoutes } from "./modules/notifications/notifications.routes.js";
import { registerOperatorRoutes } from "./modules/operator/operator.routes.js";
import { registerSenderRoutes } from "./modules/senders/senders.routes.js";
import { registerOrderRoutes } from "./modules/orders/orders.routes.js";
import { registerSsoRoutes } from "./modules/sso/sso.routes.js";
import { registerPlanRoutes } from "./modules/plans/plans.routes.js";
import { registerDataRequestRoutes } from "./modules/data-requests/data-requests.routes.js";
import { registerActionPlanRoutes } from "./modules/action-plans/action-plans.routes.js";
import { registerSupportRoutes } from "./modules/support/support.routes.js";
import { registerTutorialRoutes } from "./modules/tutorials/tutorials.routes.js";
import { type StripeApiAddress, createStripePayments } from "./modules/stripe/stripe.client.js";
import { registerStripeRoutes } from "./modules/stripe/stripe.routes.js";
import { defineSurveyJobs } from "./modules/surveys/surveys.jobs.js";
import { registerSurveyExportRoutes, registerSurveyRoutes } from "./modules/surveys/surveys.routes.js";

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Tests may run without workers and drive jobs themselves. */
  runJobWorkers?: boolean;
  jobPollingIntervalSeconds?: number;
  serveWeb?: boolean;
  logger?: boolean;
  /** Tests only: a local stand-in for api.stripe.com (used when the Stripe variables are set). */
  stripeApi?: StripeApiAddress;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops taking requests and jobs, waits for what is running, closes the database. */
  shutdown(): Promise<void>;
}

const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "body.password",
  "body.newPassword",
  "body.currentPassword",
  "body.token",
];

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { env, database } = options;
  await migrateDatabase(database);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
            // Readable lines in development, JSON in production (decision 0071).
            ...((env.LOG_FORMAT ?? (env.isProduction ? "json" : "pretty")) === "pretty" ? { stream: prettyLogStream() } : {}),
          },
    // One line per request, written when it is answered, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    // A number of proxies is given to Fastify as the hop rule it stands for (the socket is hop 0).
    trustProxy:
      typeof env.TRUST_PROXY === "number"
        ? (() => {
            const hops = env.TRUST_PROXY;
            return (_address: string, hop: number) => hop < hops;
          })()
        : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // A URL Fastify cannot decode (e.g. invalid UTF-8 in a path parameter) answers in the one error shape too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as unknown as FastifyReply).status(400).send(toErrorBody("BAD_REQUEST", "The address of this request could not be read."));
    },
  });
  // Input is validated by each route's zod schema (lib/route.ts); the JSON schemas exist for the OpenAPI document.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerJsonBodyParser(app);

  const jobs = new JobQueue(database, app.log, {
    runWorkers: options.runJobWorkers ?? true,
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_INTERVAL_SECONDS,
  });
  const email = new EmailService(database.db, jobs, {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    messageIdDomain: new URL(env.APP_URL).hostname || "hearth.local",
  });
  for (const definition of defineEmailJobs(email)) jobs.define(definition);
  const ctx: AppContext = {
    env,
    database,
    jobs,
    email,
    auth: createAuth({ env, database, hooks: authHooks(database.db, email) }),
    captcha: new CaptchaVerifier(database.db, {
      mode: env.CAPTCHA,
      secret: env.AUTH_SECRET,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
      recaptchaSecret: env.RECAPTCHA_SECRET,
    }),
    rateLimiter: new RateLimiter(database.db),
    stripe: createStripePayments(env, app.log, options.stripeApi),
    storage: createFileStorage(env),
    tenantSwitches: tenantSwitchAccess(database.db),
  };
  for (const definition of defineInvitationJobs(ctx)) jobs.define(definition);
  for (const definition of defineReportJobs(ctx)) jobs.define(definition);
  for (const definition of defineCrmJobs(ctx)) jobs.define(definition);
  for (const definition of defineDataJobs(ctx)) jobs.define(definition);
  for (const definition of defineNotificationJobs(ctx)) jobs.define(definition);
  for (const definition of defineSurveyJobs(ctx)) jobs.define(definition);
  for (const definition of defineActionPlanJobs(ctx)) jobs.define(definition);

  let closing = false;
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // While shutting down, answer what is in flight and close its connection instead of keeping it alive.
    if (closing) reply.header("connection", "close");
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        workerSrc: ["'self'", "blob:"],
        // The support form Need Help loads, when one is configured (decision 0071).
        frameSrc: ["https://www.google.com/recaptcha/", ...(env.SUPPORT_FORM_URL ? [new URL(env.SUPPORT_FORM_URL).origin] : [])],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: env.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: env.isProduction,
  });
  registerErrorHandler(app);
  registerOriginCheck(app, appOrigins(env));
  registerTextInputCheck(app);

  await registerOpenApi(app, ctx);

  await registerHealthRoutes(app, ctx);
  await registerAuthRoutes(app, ctx);
  await registerMeRoutes(app, ctx);
  await registerCompanyRoutes(app, ctx);
  await registerLabellingRoutes(app, ctx);
  await registerAccountRoutes(app, ctx);
  await registerSupportRoutes(app, ctx);
  await registerLegalRoutes(app, ctx);
  await registerNotificationRoutes(app, ctx);
  await registerOperatorRoutes(app, ctx);
  await registerSenderRoutes(app, ctx);
  await registerTutorialRoutes(app, ctx);
  await registerSsoRoutes(app, ctx);
  await registerSurveyRoutes(app, ctx);
  await registerPlanRoutes(app, ctx);
  await registerDataRequestRoutes(app, ctx);
  await registerActionPlanRoutes(app, ctx);
  await registerCrmRoutes(app, ctx);
  await registerBillingRoutes(app, ctx);
  await registerBillingSessionRoutes(app, ctx);
  await registerSellerRoutes(app, ctx);
  await registerCartRoutes(app, ctx);
  await registerCertificationRoutes(app, ctx);
  await registerCredentialRoutes(app, ctx);
  await registerBadgeActionRoutes(app, ctx);
  await registerTeamRoutes(app, ctx);
  await registerTeamCohortRoutes(app, ctx);
  await registerUploadRoutes(app, ctx);
  await registerDataRoutes(app, ctx);
  await registerImportedPeopleRoutes(app, ctx);
  await registerPublicProfileRoutes(app, ctx);
  await registerBadgeRoutes(app, ctx);
  await registerOrderRoutes(app, ctx);
  await registerStripeRoutes(app, ctx);
  await registerSurveyExportRoutes(app, ctx);
  await registerInvitationRoutes(app, ctx);
  await registerUnsubscribeRoutes(app, ctx);
  // The action plans sit above the reports, so their section of the company report PDF is handed in here.
  await registerReportRoutes(app, ctx, { pdfSections: [actionPlansReportSection] });
  await registerDashboardRoutes(app, ctx);
  await registerCommentCorrectionRoutes(app, ctx);
  await registerCommentRoutes(app, ctx);
  await registerAmplificationRoutes(app, ctx);
  if (email.usesDevOutbox && !env.isProduction) await registerDevMailRoutes(app, ctx);
  await registerWebApp(app, (options.serveWeb ?? true) ? (env.WEB_DIST ?? DEFAULT_WEB_DIST) : null);

  await jobs.start();
  // Written answers are analysed by a loop that reads new responses by seq, off the request path (decision 0023).
  const commentAnalysis = startCommentAnalysis(ctx, app.log, { poll: options.runJobWorkers ?? true });

  let closingPromise: Promise<void> | undefined;
  const shutdown = () => {
    closingPromise ??= (async () => {
      closing = true;
      await app.close();
      await jobs.stop();
      await commentAnalysis.stop();
      email.close();
      await database.close();
    })();
    return closingPromise;
  };
  return { app, ctx, shutdown };
}
