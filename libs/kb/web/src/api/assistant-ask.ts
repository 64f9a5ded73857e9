import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/**
 * POST api/kb/assistant/ask (issue 37): starts an answer; its text arrives as evt.kb.assistant.chunk / done events
 * with this `askId`. Silent: the panel words the error.
 */
export const askAssistant = (askId: string, question: string) => call(kbRoutes.assistantAsk, { body: { askId, question }, silent: true });
