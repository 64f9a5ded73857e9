import { shopRoutes } from '@intranet/shop-contract';
import { call } from '@intranet/web-api';

/** POST api/shop/stats/excel: the workbook as base64 and its file name. */
export const statsExcel = (dateFrom: string, dateTo: string) =>
  call(shopRoutes.statsExcel, { body: { dateFrom: dateFrom || undefined, dateTo: dateTo || undefined }, silent: true });
