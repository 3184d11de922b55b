/**
 * The baseline of `npm run bench`: a bare node:http server answering from memory the exact
 * bytes the store answered for each path, compressed or not as the store sent them. Reads
 * { path: { type, body, encoded?, encoding? } } (bodies in base64) from argv[2].
 */
import fs from 'node:fs';
import http from 'node:http';

const responses = new Map(
  Object.entries(
    JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Record<
      string,
      { type: string; body: string; encoded?: string; encoding?: string }
    >,
  ).map(([path, r]) => [
    path,
    {
      type: r.type,
      body: Buffer.from(r.body, 'base64'),
      encoded: r.encoded ? Buffer.from(r.encoded, 'base64') : undefined,
      encoding: r.encoding,
    },
  ]),
);

const server = http.createServer((req, res) => {
  const found = responses.get(req.url ?? '');
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  if (found.encoded && found.encoding && req.headers['accept-encoding']?.includes(found.encoding)) {
    res
      .writeHead(200, {
        'content-type': found.type,
        'content-encoding': found.encoding,
        'content-length': found.encoded.length,
      })
      .end(found.encoded);
    return;
  }
  res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
