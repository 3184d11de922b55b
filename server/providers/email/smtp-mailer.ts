import type { Mailer, MailMessage } from './mailer.ts';
import { transportAtFirstSend } from './mail-transport.ts';
import { safeMessageId } from './message-id.ts';

/** Real email through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof transportAtFirstSend>;
  private readonly from: string;
  private readonly domain: string;

  constructor(smtpUrl: string, from: string) {
    this.transport = transportAtFirstSend((nodemailer) => nodemailer.createTransport(smtpUrl));
    this.from = from;
    this.domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  }

  /** The Message-ID comes from the purpose, so a message sent again after a crash is recognised as the same one. */
  async send(message: MailMessage): Promise<void> {
    const { id, ...content } = message;
    const transport = await this.transport();
    await transport.sendMail({ from: this.from, ...content, messageId: `<${safeMessageId(id)}@${this.domain}>` });
  }
}
