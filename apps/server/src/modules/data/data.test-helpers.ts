import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { TEST_ORIGIN } from "../../test/harness.js";

/** Uploads CSV text as the import page's file (the streaming PUT) and answers its upload id. */
export async function uploadCsvText(app: FastifyInstance, cookie: string, text: string, filename: string): Promise<string> {
  const response = await app.inject({
    method: "PUT",
    url: `/api/uploads?${new URLSearchParams({ filename, filetype: "text/csv", path: "imports" })}`,
    headers: { origin: TEST_ORIGIN, cookie, "content-type": "text/csv" },
    payload: Buffer.from(text),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
