/** A message id made from a purpose key: only characters that are safe in a Message-ID and a file name. */
export const safeMessageId = (id: string) => id.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 200);
