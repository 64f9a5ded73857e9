/** Exposed as `admin/StructurePage`: /structure_new of the shell (libs/people/web). */
export { StructurePage as default } from '@intranet/people-web';
