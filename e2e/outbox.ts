import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** The links of the newest email in DATA_DIR/outbox sent to `to`, waiting for it to arrive. */
export async function linksInOutbox(dataDir: string, to: string, timeoutMs = 10_000): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Files are named by the email's purpose: the newest is the last written.
    const files = (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [])
      .map((name) => ({ name, written: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.written - a.written)
      .map((file) => file.name);
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      if (mail.to && !Array.isArray(mail.to) && mail.to.text === to) return mail.text?.match(/https?:\/\/\S+/g) ?? [];
    }
    if (Date.now() > deadline) throw new Error(`No email to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
