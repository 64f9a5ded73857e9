/** Stylesheets are bundled by Rsbuild; TypeScript only needs to know the import exists. */
declare module '*.css';
