import { createDocument } from 'zod-openapi';
import type { z } from 'zod';

/**
 * The parts of a RouteDef (index.ts) the document reads, declared here so this file does not import index.ts,
 * which re-exports it (a file cycle in the Nx graph). Every RouteDef satisfies it.
 */
interface RouteDef {
  method: string;
  path: string;
  subject: string;
  summary: string;
  spec: string;
  access: { kind: string; right?: string };
  params: z.ZodType;
  query: z.ZodType;
  body: z.ZodType;
  result: z.ZodType;
  multipart?: boolean;
}

/**
 * OpenAPI 3.1 document for a set of routes (served by the gateway at /api/docs/openapi.json).
 * Input: the contract route definitions; output: the document object.
 */
export function buildOpenApi(routes: RouteDef[], info: { title: string; version: string }): ReturnType<typeof createDocument> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const op: Record<string, unknown> = {
      summary: r.summary,
      description: `${r.spec}. Access: ${r.access.kind}${r.access.right ? ` (${r.access.right})` : ''}. Bus subject: ${r.subject}.`,
      operationId: r.subject,
      tags: [r.subject.split('.')[0]],
      requestParams: { path: r.params as z.ZodObject, query: r.query as z.ZodObject },
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: r.result } },
        },
        default: { description: 'Error (§8): { name, code, message, errors? }' },
      },
      ...(r.access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
    };
    if (r.method !== 'GET' && r.method !== 'DELETE') {
      op.requestBody = { content: { [r.multipart ? 'multipart/form-data' : 'application/json']: { schema: r.body } } };
    }
    paths[r.path] = { ...(paths[r.path] ?? {}), [r.method.toLowerCase()]: op };
  }
  return createDocument({
    openapi: '3.1.0',
    info,
    paths: paths as never,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  });
}
