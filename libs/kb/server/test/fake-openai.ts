import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model received: the headers that matter and the parsed body. */
export interface ModelCall {
  authorization: string | undefined;
  /** performance.now() when the request arrived and when its first byte was written (the fake's own time). */
  arrivedAt: number;
  firstByteAt?: number;
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
}

/**
 * A local OpenAI-compatible chat completions server (node:http) for the assistant's specs and bench: POST
 * /v1/chat/completions streams `answer(call)` as server-sent events in `parts` pieces, then `[DONE]`. Model
 * 'broken' answers 500. Every call is recorded in `calls`.
 */
export async function fakeOpenAi(answer: (call: ModelCall) => string = () => 'Order a laptop in the service desk [1].', parts = 4) {
  const calls: ModelCall[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const arrivedAt = performance.now();
    const call: ModelCall = { authorization: req.headers.authorization, arrivedAt, body: JSON.parse(await read(req)) };
    calls.push(call);
    if (call.body.model === 'broken') {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model down', type: 'server_error' } }));
      return;
    }
    const text = answer(call);
    const size = Math.ceil(text.length / parts);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: call.body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    call.firstByteAt = performance.now();
    for (let i = 0; i < text.length; i += size) res.write(chunk({ content: text.slice(i, i + size) }, null));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The client keeps connections alive: close them too, or close() waits for their timeout.
        server.closeAllConnections();
      }),
  };
}
