export interface MailMessage {
  /**
   * The purpose of the message (its outbox job's key). It becomes the Message-ID, so a message
   * sent again after a crash is the same message to the mailbox, and the outbox file is replaced.
   */
  id: string;
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
