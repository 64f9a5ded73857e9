/** Alias of the full react-router package (rsbuild `resolve.alias`), used only by the shared facade. */
declare module 'react-router-full' {
  export * from 'react-router';
}
