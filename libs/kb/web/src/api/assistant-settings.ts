import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/kb/assistant/settings (issue 37, admins): the company AI data and the model connection. */
export const assistantSettingsQueryOptions = () => routeQuery(kbKeys.assistant(), kbRoutes.assistantSettings);
/** The AI settings tab's data. */
export const useAssistantSettings = () => useQuery(assistantSettingsQueryOptions());
