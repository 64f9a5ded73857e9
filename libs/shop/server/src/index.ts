export { ShopModule } from './shop.module.ts';
export { achievements, balances, entries, items, settings } from './schema.ts';
export { AutoService } from './auto.service.ts';
