import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.js";

/** Single sign-on providers per email domain. Registration routes arrive with the SSO work. */
export async function registerSsoRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
