/**
 * The baseline of `npm run bench`: a bare node:http server answering from memory the exact
 * bytes the store answered for each path. Reads { path: { type, body(base64) } } from argv[2].
 */
import fs from 'node:fs';
import http from 'node:http';

const responses = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<string, { type: string; body: string }>).map(
    ([path, r]) => [path, { type: r.type, body: Buffer.from(r.body, 'base64') }],
  ),
);

const server = http.createServer((req, res) => {
  const found = responses.get(req.url ?? '');
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
