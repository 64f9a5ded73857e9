/**
 * The services domain's API as data (DESIGN §4): §3 Service (business process) and service group, §4 Business
 * process, the §7 Services routes (exact paths), the §5/§9 limits with stable codes, and the events.
 *
 * Shape: a service ("bp") is a definition — name, description, group, responsible department, days limit, access
 * (everyone, or chosen users / departments) and up to 5 steps, each with a form (up to 10 typed fields) and
 * performers (initiator, the initiator's direct chief, a chosen employee, several employees; up to 5 people). The
 * first step is the start form the initiator fills. Every change of a service raises its `version`; a request
 * ("runned bp") keeps a snapshot of the definition it was started on, so editing a service never changes running
 * requests.
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './checks.ts';
export * from './routes.ts';
export * from './events.ts';
