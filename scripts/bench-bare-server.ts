/**
 * The baseline of `npm run bench`: a bare node:http server answering from memory the exact
 * answers the store sent for each path, the headers as well as the body, compressed or not as the
 * store sent them, so a client reads the same bytes from both servers and the ratio between them
 * is the servers' own. Reads RecordedAnswers from argv[2].
 */
import fs from 'node:fs';
import http from 'node:http';

/** An answer as the store sent it: its headers as name-value pairs (not those Node adds to every answer), its body in base64. */
export interface RecordedAnswer {
  headers: string[];
  body: string;
}

/** Each path's answer to a client that takes no encoding, and to a browser where the store encoded it. */
export type RecordedAnswers = Record<
  string,
  { plain: RecordedAnswer; encoded?: RecordedAnswer & { encoding: string } }
>;

const loaded = ({ headers, body }: RecordedAnswer) => ({ headers, body: Buffer.from(body, 'base64') });

const responses = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as RecordedAnswers).map(
    ([path, { plain, encoded }]) => [
      path,
      { plain: loaded(plain), encoded: encoded && { ...loaded(encoded), encoding: encoded.encoding } },
    ],
  ),
);

const server = http.createServer((req, res) => {
  const found = responses.get(req.url ?? '');
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  const { plain, encoded } = found;
  const answer = encoded && req.headers['accept-encoding']?.includes(encoded.encoding) ? encoded : plain;
  res.writeHead(200, answer.headers).end(answer.body);
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
