import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineCommand } from '../spec/command-line/declaration.ts';
import { benchSettings } from './lib/settings.ts';

/**
 * One recorded answer of the mock, as a JSON file holds it: the path asked, the status, the raw
 * headers as the mock wrote them (`HttpResponse.rawHeaders`: cased, in order) and the body's bytes.
 */
export interface RecordedAnswer {
  path: string;
  status: number;
  rawHeaders: string[];
  bodyBase64: string;
}

/**
 * The physical ceiling the mock is measured against: a bare `node:http` server that answers each
 * recorded path with the mock's own bytes and headers, doing nothing else. Run as its own
 * process (as the mock is), from a JSON file of recorded answers; prints the URL it listens on.
 */
function main(): void {
  const { answers: file } = benchSettings(
    defineCommand({
      name: 'ceiling-server',
      usage: 'npx tsx bench/ceiling-server.ts --answers FILE',
      options: {
        answers: {
          type: 'path',
          required: true,
          placeholder: 'FILE',
          description: 'the recorded answers (JSON) to replay',
        },
      },
    }),
  );
  const answers = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[];
  const byPath = new Map(
    answers.map((a) => [a.path, { ...a, body: Buffer.from(a.bodyBase64, 'base64') }] as const),
  );
  const server = createServer((req, res) => {
    const answer = byPath.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.rawHeaders);
    res.end(answer.body);
  });
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`ceiling listening on http://127.0.0.1:${port}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
}

main();
