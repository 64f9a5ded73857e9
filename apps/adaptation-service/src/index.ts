/** Nothing to export: the service is an entry point (src/main.ts). */
export {};
