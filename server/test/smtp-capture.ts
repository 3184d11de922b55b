import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpCapture() {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          done();
        })
        .catch(done);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits until `count` messages have arrived in all. */
    async waitFor(count: number, timeoutMs = 5000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} emails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const link = mail.text?.match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return link;
}
