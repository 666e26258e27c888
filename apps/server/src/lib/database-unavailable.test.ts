/**
 * Issue 23 L6: a database that cannot be reached answers 503 with Retry-After through the one error handler, never a
 * 500 and never the engine's message; other errors keep their mapping. The driver errors are real ones where the
 * machine can make them (a refused PostgreSQL connection, a closed PGlite), and PostgreSQL's shutdown codes as
 * node-postgres reports them, wrapped by Drizzle as a query error.
 */
import { PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { AppError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, registerErrorHandler } from "./errors.js";

const postgresError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const wrapped = (cause: Error) => new DrizzleQueryError("select 1", [], cause);

async function refusedConnectionError(): Promise<unknown> {
  // port 9 on loopback (discard) has no PostgreSQL: the connection is refused at once
  const pool = new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:9/none", connectionTimeoutMillis: 2_000 });
  try {
    await pool.query("select 1");
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
  throw new Error("expected the connection to be refused");
}

async function closedPgliteError(): Promise<unknown> {
  const db = new PGlite();
  await db.query("select 1");
  await db.close();
  try {
    await db.query("select 1");
  } catch (error) {
    return error;
  }
  throw new Error("expected a closed PGlite to refuse the query");
}

async function answerOf(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get("/fails", async () => {
    throw error;
  });
  const response = await app.inject({ method: "GET", url: "/fails" });
  await app.close();
  return response;
}

describe("database unavailability maps to 503 with Retry-After", () => {
  it("recognises PostgreSQL's shutdown and connection errors, bare or wrapped, and no others", async () => {
    const unavailable: unknown[] = [
      postgresError("57P01", "terminating connection due to administrator command"),
      postgresError("57P02", "terminating connection due to crash of another server process"),
      postgresError("57P03", "the database system is starting up"),
      postgresError("53300", "sorry, too many clients already"),
      postgresError("08006", "connection failure"),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("timeout exceeded when trying to connect"),
      await refusedConnectionError(),
      await closedPgliteError(),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error as Error)), `wrapped ${String(error)}`).toBe(true);
    }
    const other: unknown[] = [
      postgresError("23505", "duplicate key value violates unique constraint"),
      postgresError("40001", "could not serialize access"),
      postgresError("42P01", 'relation "nope" does not exist'),
      new TypeError("Cannot read properties of undefined"),
      null,
      "Connection terminated",
    ];
    for (const error of other) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it("answers 503, Retry-After and the product's own message, never the engine's", async () => {
    const errors = [
      wrapped(postgresError("57P01", "terminating connection due to administrator command")),
      wrapped(new Error("Connection terminated unexpectedly")),
      await refusedConnectionError(),
      await closedPgliteError(),
    ];
    for (const error of errors) {
      const response = await answerOf(error);
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({
        error: { code: "SERVICE_UNAVAILABLE", message: "The service is briefly unavailable. Please try again in a moment." },
      });
      expect(response.body).not.toMatch(/terminat|ECONNREFUSED|PGlite|127\.0\.0\.1|select/i);
    }
  });

  it("keeps the other mappings: a query error is 500 without Retry-After, an AppError its own status", async () => {
    const internal = await answerOf(wrapped(postgresError("42P01", 'relation "nope" does not exist')));
    expect(internal.statusCode).toBe(500);
    expect(internal.headers["retry-after"]).toBeUndefined();
    expect(internal.body).not.toContain("relation");
    const conflict = await answerOf(new AppError("CONFLICT", "Already there."));
    expect(conflict.statusCode).toBe(409);
  });
});
