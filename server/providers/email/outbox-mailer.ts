import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';
import { transportAtFirstSend } from './mail-transport.ts';
import { safeMessageId } from './message-id.ts';

/**
 * The default without SMTP: each message is written as a complete .eml file in `dir`, named by
 * its purpose id (a message sent again replaces its file), and its subject and links are
 * logged, so someone running the store locally can follow them.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = transportAtFirstSend((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  private readonly dir: string;
  private readonly from: string;
  private readonly log: (message: string) => void;

  constructor(dir: string, from: string, log: (message: string) => void) {
    this.dir = dir;
    this.from = from;
    this.log = log;
  }

  async send(message: MailMessage): Promise<void> {
    const { id, ...content } = message;
    const name = safeMessageId(id);
    const transport = await this.transport();
    const info = (await transport.sendMail({
      from: this.from,
      ...content,
      messageId: `<${name}@outbox.local>`,
    })) as { message: Buffer };
    await fsp.mkdir(this.dir, { recursive: true });
    // Written whole and renamed into place, so a reader never sees half a message.
    const file = path.join(this.dir, `${name}.eml`);
    await fsp.writeFile(`${file}.tmp`, info.message);
    await fsp.rename(`${file}.tmp`, file);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log(
      `Email to ${message.to}: "${message.subject}" written to ${file}${links.map((link) => `\n  ${link}`).join('')}`,
    );
  }
}
