/**
 * The company structure, vacation and project part of the people contract (§3 Department, Vacation, project; §7
 * Structure, Projects, Users vacations), imported as `@intranet/people-contract/structure`: a module of its own so the
 * shell's first load (its shared singletons import the package's main module) does not carry it. Its schemas and
 * texts, routes and events each live in their own module (issue 30 §5).
 */
export * from './org-events.ts';
export * from './org-routes.ts';
export * from './org-schemas.ts';
