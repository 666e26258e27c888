import type { Database } from "../db/client.js";
import { listRecentOutboxMessages } from "../modules/email/email.repo.js";

/** The newest stored email to an address (tests read codes and links from here). */
export async function latestEmailTo(db: Database, address: string) {
  const rows = await listRecentOutboxMessages(db, 500);
  const found = rows.find((row) => row.toAddress === address.toLowerCase() || row.toAddress === address);
  if (!found) throw new Error(`no email to ${address}`);
  return found;
}

export async function countEmailsTo(db: Database, address: string): Promise<number> {
  const rows = await listRecentOutboxMessages(db, 500);
  return rows.filter((row) => row.toAddress === address).length;
}
