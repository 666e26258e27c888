import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./apps/server/src/db/schema.ts",
    "./apps/server/src/db/schema-reports.ts",
    "./apps/server/src/db/schema-billing.ts",
    "./apps/server/src/db/schema-crm.ts",
    "./apps/server/src/db/schema-cart.ts",
    "./apps/server/src/db/schema-orders.ts",
    "./apps/server/src/db/schema-certifications.ts",
    "./apps/server/src/db/schema-stripe.ts",
    "./apps/server/src/db/schema-profile.ts",
    "./apps/server/src/db/schema-team.ts",
    "./apps/server/src/db/schema-uploads.ts",
    "./apps/server/src/db/schema-data.ts",
    "./apps/server/src/db/schema-operator.ts",
    "./apps/server/src/db/schema-tutorials.ts",
    "./apps/server/src/db/schema-sending.ts",
    "./apps/server/src/db/schema-data-requests.ts",
    "./apps/server/src/db/schema-action-plans.ts",
  ],
  out: "./apps/server/src/db/migrations",
});
