import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '@intranet/platform-contracts';
import { ssoRoutes, type SsoProviderName } from '@intranet/people-contract/sso';
import { call, routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/sso/settings (issue 37, administrators): the working client's sign-in providers, then the installation's it has not replaced. */
export const ssoSettingsQueryOptions = (clientId: string) => routeQuery(peopleKeys.sso(clientId), ssoRoutes.ssoSettings);
/** The single sign-on section's data. */
export const useSsoSettings = (clientId: string) => useQuery(ssoSettingsQueryOptions(clientId));

/** The body of PUT /api/sso/settings/{provider}. */
export type SsoSettingBody = z.input<typeof ssoRoutes.ssoSettingsSave.body>;

/** PUT /api/sso/settings/{provider}: sets one provider (a blank secret keeps the stored one). Silent: the form shows the errors. */
export const saveSsoSetting = (provider: SsoProviderName, body: SsoSettingBody) =>
  call(ssoRoutes.ssoSettingsSave, { params: { provider }, body, silent: true });
/** DELETE /api/sso/settings/{provider}: removes the client's own provider (the installation's, if any, is offered again). */
export const deleteSsoSetting = (provider: SsoProviderName) => call(ssoRoutes.ssoSettingsDelete, { params: { provider }, silent: true });

/** Save and remove that reload the section's list afterwards. */
export function useSsoMutations(clientId: string) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: peopleKeys.sso(clientId) });
  return {
    save: async (provider: SsoProviderName, body: SsoSettingBody) => {
      const r = await saveSsoSetting(provider, body);
      await reload();
      return r;
    },
    remove: async (provider: SsoProviderName) => {
      await deleteSsoSetting(provider);
      await reload();
    },
  };
}
