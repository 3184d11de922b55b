import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';

/**
 * A nodemailer transport made when the first message is sent, with nodemailer imported then:
 * most processes of a store send none for a long time, and its modules (with the node:http and
 * node:https it imports as ES modules) cost a process about 5 MB resident (decision 074).
 */
export function transportAtFirstSend(options: string | StreamTransport.Options): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) =>
      typeof options === 'string' ? nodemailer.createTransport(options) : nodemailer.createTransport(options),
    ));
}
