/**
 * Runs s3rver as a process of its own, as a real S3-compatible server would be: argv is the
 * folder for its files and the bucket to create; it prints its port once it listens. It needs
 * Node's legacy OpenSSL provider: its page tokens are DES-encrypted, as S3's look.
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket! }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
