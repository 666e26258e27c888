import { afterEach, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.js";
import { SmtpSendError, SmtpSender } from "./smtp-sender.js";

const mail = (to: string, messageId: string) => ({
  from: "Hearth <no-reply@hearth.test>",
  to,
  subject: "Hello",
  text: "Plain part",
  html: "<p>HTML part</p>",
  headers: { "List-Unsubscribe": "<https://hearth.test/u/1>" },
  messageId,
});

describe("SmtpSender (nodemailer on a worker thread)", () => {
  let sink: SmtpSink | undefined;
  let sender: SmtpSender | undefined;
  afterEach(async () => {
    sender?.close();
    await sink?.close();
  });

  it("delivers messages with their Message-ID and headers, many in flight at once", async () => {
    sink = await startSmtpSink();
    sender = new SmtpSender(sink.url);
    await Promise.all(Array.from({ length: 20 }, (_, i) => sender!.send(mail(`person${i}@example.com`, `<m${i}@hearth.test>`))));
    expect(sink.received).toHaveLength(20);
    const first = sink.messagesTo("person0@example.com")[0];
    expect(first.messageId).toBe("<m0@hearth.test>");
    expect(first.raw).toContain("List-Unsubscribe: <https://hearth.test/u/1>");
  });

  it("reports a refusal with the server's reason and response code, and keeps sending afterwards", async () => {
    sink = await startSmtpSink();
    sender = new SmtpSender(sink.url);
    sink.refuseNext(1, 550);
    const refused = await sender.send(mail("bounce@example.com", "<b@hearth.test>")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmtpSendError);
    expect((refused as SmtpSendError).responseCode).toBe(550);
    expect((refused as SmtpSendError).message).toContain("Mailbox unavailable");
    await sender.send(mail("next@example.com", "<n@hearth.test>"));
    expect(sink.messagesTo("next@example.com")).toHaveLength(1);
  });

  it("reports a server that does not answer as a failure without a response code", async () => {
    sender = new SmtpSender("smtp://127.0.0.1:9?connectionTimeout=2000");
    const error = await sender.send(mail("x@example.com", "<x@hearth.test>")).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SmtpSendError);
    expect((error as SmtpSendError).responseCode).toBeUndefined();
  });

  it("refuses to send once closed", async () => {
    sender = new SmtpSender("smtp://127.0.0.1:9");
    sender.close();
    await expect(sender.send(mail("x@example.com", "<c@hearth.test>"))).rejects.toThrow("The mail sender is closed.");
  });
});
