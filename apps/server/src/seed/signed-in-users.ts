/**
 * Many signed-in users at once, for load measures (bench: notification_fanout): Staff accounts of one company with a
 * session each, stored the way Better Auth stores them, and the session cookies a browser would hold (the token
 * signed with the server's AUTH_SECRET by Better Auth's own signing). Signing in through the API would spend about
 * 140 ms of password hashing per user; the accounts still get a real password (one hash shared by all).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword, makeSignature } from "better-auth/crypto";
import type { Database } from "../db/client.js";
import { account, session, user } from "../db/schema.js";

export const SESSION_COOKIE = "better-auth.session_token";
const BATCH = 500;
const SESSION_DAYS = 7;

export interface SeededSession {
  userId: string;
  email: string;
  /** The Cookie header value for a development (non-HTTPS) server. */
  cookie: string;
}

export async function createSignedInStaff(
  db: Database,
  input: { tenantId: string; count: number; emailPrefix: string; password: string; secret: string },
): Promise<SeededSession[]> {
  const hash = await hashPassword(input.password);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  const people = Array.from({ length: input.count }, (_, index) => ({
    id: randomUUID(),
    email: `${input.emailPrefix}-${index}@bench.hearth.test`,
    token: randomBytes(24).toString("base64url"),
    number: index + 1,
  }));
  for (let start = 0; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH);
    await db.insert(user).values(
      batch.map((person) => ({
        id: person.id,
        name: `Staff ${person.number}`,
        email: person.email,
        emailVerified: true,
        firstName: "Staff",
        lastName: String(person.number),
        role: "Staff",
        tenantId: input.tenantId,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(account).values(
      batch.map((person) => ({
        id: randomUUID(),
        accountId: person.id,
        providerId: "credential",
        userId: person.id,
        password: hash,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db
      .insert(session)
      .values(
        batch.map((person) => ({ id: randomUUID(), token: person.token, userId: person.id, expiresAt, createdAt: now, updatedAt: now })),
      );
  }
  return Promise.all(
    people.map(async (person) => ({
      userId: person.id,
      email: person.email,
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${person.token}.${await makeSignature(person.token, input.secret)}`)}`,
    })),
  );
}
