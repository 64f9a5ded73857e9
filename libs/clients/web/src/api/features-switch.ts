import { clientRoutes } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT /api/clients/features/switch/{client}/{code} (§7 Clients, superadmin): toggles one feature; the answer is the client. */
export const switchFeature = (params: z.input<typeof clientRoutes.featuresSwitch.params>) => call(clientRoutes.featuresSwitch, { params, silent: true });
