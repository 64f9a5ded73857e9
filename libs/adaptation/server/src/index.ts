export { AdaptationModule } from './adaptation.module.ts';
export { items } from './schema.ts';
