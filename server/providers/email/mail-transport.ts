import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';

type Nodemailer = typeof nodemailerModule;

/**
 * A nodemailer transport made (by `make`) when the first message is sent, with nodemailer
 * imported then: most processes of a store send none for a long time, and its modules (with the
 * node:http and node:https it imports as ES modules) cost a process about 5 MB resident
 * (decision 074).
 */
export function transportAtFirstSend(make: (nodemailer: Nodemailer) => Transporter): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)));
}
