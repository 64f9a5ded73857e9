import { defineCodes } from '@intranet/platform-errors';
import { access, defineEvent, defineRoute, z, type EventDef, type RouteDef } from '@intranet/platform-contracts';

/** The seven §3 Company AI data fields, in the order the settings tab shows them. */
export const AI_DATA_FIELDS = ['generalPrompt', 'industry', 'mission', 'structure', 'values', 'terminology', 'tone'] as const;
export type AiDataField = (typeof AI_DATA_FIELDS)[number];

/** Longest text of one AI data field (characters): they all go into every prompt. */
export const AI_FIELD_MAX = 4000;
/** Longest question (characters). */
export const QUESTION_MAX = 1000;

/** Error codes of the assistant (issue 37), worded by the kb web's `kbCodes` catalogue. */
export const KB_ASSISTANT_ERRORS = defineCodes(
  'kb',
  {
    assistantFailed: { text: 'The assistant could not answer, try again later' },
    assistantUrl: { text: 'Enter an http or https address' },
  },
  { wordedBy: 'kbCodes' },
);

const aiText = z.string().trim().max(AI_FIELD_MAX);
const aiData = z.object(Object.fromEntries(AI_DATA_FIELDS.map((f) => [f, aiText])) as Record<AiDataField, typeof aiText>);

/** §3 Company AI data with the model connection as the settings tab reads it (the key itself is never sent back). */
export const assistantSettingsOut = aiData.extend({
  baseUrl: z.string(),
  model: z.string(),
  /** A key is stored for this client. */
  keySet: z.boolean(),
  /** The installation's own connection (AI_BASE_URL, AI_MODEL) is used when the client has none. */
  installation: z.boolean(),
  /** Questions can be answered: a connection (the client's or the installation's) exists. */
  ready: z.boolean(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsOut>;

/**
 * PUT body: every field optional (absent: unchanged). `apiKey`: a new key; '' removes the stored one. `baseUrl`
 * '' removes the client's connection (the installation's, if any, is used then); an address that is not http(s) is
 * refused with `assistantUrl`.
 */
export const assistantSettingsIn = aiData.partial().extend({
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), { message: KB_ASSISTANT_ERRORS.assistantUrl.text })
    .optional(),
  model: z.string().trim().max(200).optional(),
  apiKey: z.string().trim().max(1000).optional(),
});
export type AssistantSettingsIn = z.infer<typeof assistantSettingsIn>;

/** A source of an answer: a knowledge base article the asker may read. */
export const assistantSource = z.object({ _id: z.string(), title: z.string() });

/** POST api/kb/assistant/ask answer: how the answer will come (the text streams as realtime events). */
export const assistantAskOut = z.object({
  askId: z.string(),
  /** 'notSetUp': no model connection (nothing is streamed); 'streaming': chunks follow on evt.kb.assistant.chunk. */
  status: z.enum(['notSetUp', 'streaming']),
  sources: z.array(assistantSource),
});

/** The assistant's routes (issue 37): AI settings (administrators) and questions (the knowledge base's readers). */
export const assistantRoutes = {
  assistantSettings: defineRoute({
    method: 'GET',
    path: '/api/kb/assistant/settings',
    subject: 'kb.assistant.settings',
    summary: 'Company AI data and the model connection (the key is never returned)',
    spec: '§2 AI settings, §3 Company AI data',
    access: access.admin,
    result: assistantSettingsOut,
  }),
  assistantConfigure: defineRoute({
    method: 'PUT',
    path: '/api/kb/assistant/settings',
    subject: 'kb.assistant.configure',
    summary: 'Save the company AI data and the model connection (the key stored encrypted)',
    spec: '§2 AI settings, §3 Company AI data',
    access: access.admin,
    body: assistantSettingsIn,
    result: assistantSettingsOut,
  }),
  assistantAsk: defineRoute({
    method: 'POST',
    path: '/api/kb/assistant/ask',
    subject: 'kb.assistant.ask',
    summary: 'Ask the assistant: answers from the knowledge base articles the asker may read, streamed as realtime events',
    spec: '§3 Company AI data, §6 Access grants',
    access: access.authenticated,
    feature: 'knowledge_base',
    // askId: a token the asker makes up (the web: a random uuid) to recognise its answer's events; no object's id.
    body: z.object({ askId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/), question: z.string().trim().min(1).max(QUESTION_MAX) }),
    result: assistantAskOut,
  }),
} satisfies Record<string, RouteDef>;

/**
 * Streamed answer parts, to the asker's sockets only (`audience`, not sent on): best-effort like import progress
 * (`emit`, not the outbox). `evt.kb.assistant.chunk` carries the next text; `evt.kb.assistant.done` ends the answer
 * with its sources, or with an error code (`assistantFailed`).
 */
export const assistantEvents = {
  assistantChunk: defineEvent(
    'evt.kb.assistant.chunk',
    z.object({ askId: z.string(), seq: z.number().int(), text: z.string(), audience: z.array(z.string()) }),
  ),
  assistantDone: defineEvent(
    'evt.kb.assistant.done',
    z.object({ askId: z.string(), sources: z.array(assistantSource), error: z.string().nullable(), audience: z.array(z.string()) }),
  ),
} satisfies Record<string, EventDef>;
