export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends email: SMTP in production, an outbox folder of .eml files otherwise. */
export interface Mailer {
  /** Resolves once the message is handed over (to the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<void>;
}
